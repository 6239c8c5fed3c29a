#!/usr/bin/env python3
"""Build the two databases of this set (fixed seed):

  dbs/clinic/clinic.sqlite     a small-animal veterinary practice (snake_case): owners, pets,
                                            staff with a supervisor, appointments with start and end times,
                                            invoices with line items, one view
  dbs/freight/freight.sqlite   a European road-freight operator (camelCase, Amt/Dt/Qty/Kg
                                            suffixes): depots, customers, drivers, vehicles, shipments,
                                            trips and the trip-shipment bridge

Dates spread over 2024-2026; "today" is 2026-11-27.  No nl2sql config file is written.
"""
import datetime as dt
import math
import os
import random
import sqlite3

ROOT = os.path.dirname(os.path.abspath(__file__))
TODAY = dt.date(2026, 11, 27)
NOW = dt.datetime(2026, 11, 27, 9, 0, 0)


def fresh(name):
    d = os.path.join(ROOT, 'dbs', name)
    os.makedirs(d, exist_ok=True)
    p = os.path.join(d, name + '.sqlite')
    if os.path.exists(p):
        os.remove(p)
    return sqlite3.connect(p)


def ts(d):
    return d.strftime('%Y-%m-%d %H:%M:%S')


# ---------------------------------------------------------------- clinic (vet practice)
CLINIC_DDL = """
CREATE TABLE staff (
    staff_id      INTEGER PRIMARY KEY,
    first_name    TEXT NOT NULL,
    last_name     TEXT NOT NULL,
    role          TEXT NOT NULL,
    supervisor_id INTEGER REFERENCES staff(staff_id),
    email         TEXT,
    phone         TEXT,
    hired_on      DATE NOT NULL,
    left_on       DATE
);
CREATE TABLE owners (
    owner_id     INTEGER PRIMARY KEY,
    first_name   TEXT NOT NULL,
    last_name    TEXT NOT NULL,
    email        TEXT,
    phone        TEXT,
    address_line TEXT,
    city         TEXT,
    postcode     TEXT,
    joined_on    DATE NOT NULL
);
CREATE TABLE pets (
    pet_id        INTEGER PRIMARY KEY,
    owner_id      INTEGER NOT NULL REFERENCES owners(owner_id),
    name          TEXT NOT NULL,
    species       TEXT NOT NULL,
    breed         TEXT,
    sex           CHAR(1),
    date_of_birth DATE,
    weight_kg     REAL,
    neutered      INTEGER NOT NULL DEFAULT 0,
    microchip_no  TEXT,
    deceased_on   DATE
);
CREATE INDEX idx_pets_owner ON pets(owner_id);
CREATE TABLE appointments (
    appointment_id INTEGER PRIMARY KEY,
    pet_id         INTEGER NOT NULL REFERENCES pets(pet_id),
    vet_id         INTEGER NOT NULL REFERENCES staff(staff_id),
    starts_at      DATETIME NOT NULL,
    ends_at        DATETIME,
    reason         TEXT,
    status         TEXT NOT NULL DEFAULT 'Scheduled',
    is_emergency   INTEGER NOT NULL DEFAULT 0,
    room           TEXT,
    notes          TEXT
);
CREATE INDEX idx_appt_pet ON appointments(pet_id);
CREATE INDEX idx_appt_start ON appointments(starts_at);
CREATE TABLE treatments (
    treatment_id INTEGER PRIMARY KEY,
    name         TEXT NOT NULL,
    category     TEXT NOT NULL,
    unit_price   NUMERIC(8,2) NOT NULL
);
CREATE TABLE invoices (
    invoice_id     INTEGER PRIMARY KEY,
    owner_id       INTEGER NOT NULL REFERENCES owners(owner_id),
    appointment_id INTEGER REFERENCES appointments(appointment_id),
    issued_on      DATE NOT NULL,
    paid_on        DATE,
    payment_method TEXT
);
CREATE TABLE invoice_items (
    item_id      INTEGER PRIMARY KEY,
    invoice_id   INTEGER NOT NULL REFERENCES invoices(invoice_id),
    treatment_id INTEGER NOT NULL REFERENCES treatments(treatment_id),
    quantity     INTEGER NOT NULL DEFAULT 1,
    unit_price   NUMERIC(8,2) NOT NULL
);
CREATE INDEX idx_items_invoice ON invoice_items(invoice_id);
CREATE VIEW current_staff AS
    SELECT staff_id, first_name, last_name, role, supervisor_id, email, phone, hired_on
    FROM staff WHERE left_on IS NULL;
"""

# staff_id, first, last, role, supervisor, hired, left
STAFF = [
    (1, 'Helen', 'Carter', 'Vet', None, '2011-04-04', None),
    (2, 'Marcus', 'Bell', 'Practice Manager', 1, '2014-09-01', None),
    (3, 'Priya', 'Shah', 'Vet', 1, '2016-02-15', None),
    (4, 'Tom', 'Whitaker', 'Vet', 1, '2018-07-02', None),
    (5, 'Aoife', 'Gallagher', 'Vet', 1, '2023-01-09', None),
    (6, 'Daniel', 'Okoro', 'Vet', 3, '2025-09-01', None),
    (7, 'Fiona', 'McLeod', 'Head Nurse', 1, '2015-05-11', None),
    (8, 'Jess', 'Turner', 'Nurse', 7, '2019-03-18', None),
    (9, 'Liam', 'Hughes', 'Nurse', 7, '2021-10-04', None),
    (10, 'Chloe', 'Adams', 'Student Nurse', 8, '2025-09-15', None),
    (11, 'Sarah', 'Price', 'Receptionist', 2, '2017-06-05', None),
    (12, 'Ben', 'Morris', 'Receptionist', 2, '2022-01-10', '2025-08-29'),
    (13, 'Nadia', 'Rahman', 'Vet', 1, '2019-08-12', '2025-03-31'),
    (14, 'Grace', 'Lee', 'Receptionist', 2, '2025-09-22', None),
    (15, 'Owen', 'Pritchard', 'Nurse', 7, '2020-02-03', '2024-06-28'),
]
VETS = {1: ('2011-04-04', None), 3: ('2016-02-15', None), 4: ('2018-07-02', None), 5: ('2023-01-09', None),
        6: ('2025-09-01', None), 13: ('2019-08-12', '2025-03-31')}
VET_WEIGHT = {1: 2, 3: 4, 4: 4, 5: 3, 6: 3, 13: 4}

OWNER_FIRST = ['Emma', 'Olivia', 'Sophie', 'Lucy', 'Hannah', 'Amelia', 'Grace', 'Chloe', 'Megan', 'Katie', 'Rachel',
               'Laura', 'Rebecca', 'Claire', 'Joanne', 'Nicola', 'Sian', 'Beth', 'Zoe', 'Alice', 'James', 'Oliver',
               'Jack', 'Harry', 'George', 'Thomas', 'William', 'Daniel', 'Matthew', 'Samuel', 'Joseph', 'David',
               'Andrew', 'Mark', 'Paul', 'Steven', 'Rhys', 'Gareth', 'Ian', 'Kevin', 'Aisha', 'Ravi', 'Mei',
               'Tomasz', 'Agnieszka', 'Kwame', 'Fatima', 'Ahmed', 'Ines', 'Luca']
OWNER_LAST = ['Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Johnson', 'Davies', 'Evans', 'Thomas',
              'Roberts', 'Walker', 'Wright', 'Robinson', 'Thompson', 'White', 'Hughes', 'Edwards', 'Green', 'Hall',
              'Wood', 'Harris', 'Lewis', 'Martin', 'Jackson', 'Clarke', 'Clark', 'Turner', 'Hill', 'Scott', 'Cooper',
              'Morris', 'Ward', 'Moore', 'King', 'Watson', 'Baker', 'Harrison', 'Morgan', 'Patel', 'Young', 'Allen',
              'Mitchell', 'James', 'Anderson', 'Phillips', 'Lee', 'Bell', 'Parker', 'Davis', 'Kowalski', 'Nowak',
              'Mensah', 'Khan', 'Rossi', 'Wang', 'Ali', 'Silva']
CITIES = [('Bristol', 'BS', 10), ('Bath', 'BA', 3), ('Portishead', 'BS20', 2), ('Clevedon', 'BS21', 2),
          ('Keynsham', 'BS31', 2), ('Weston-super-Mare', 'BS23', 2), ('Nailsea', 'BS48', 1)]
STREETS = ['High Street', 'Church Road', 'Station Road', 'Victoria Road', 'Park Lane', 'Mill Lane', 'The Avenue',
           'Queens Road', 'Kings Drive', 'Orchard Close', 'Meadow Way', 'Harbour Walk', 'Clifton Hill']
DOG_BREEDS = [('Labrador Retriever', 25, 36), ('Cocker Spaniel', 12, 16), ('Border Collie', 14, 20),
              ('French Bulldog', 9, 14), ('Jack Russell Terrier', 5, 8), ('Staffordshire Bull Terrier', 11, 17),
              ('German Shepherd', 26, 40), ('Cockapoo', 7, 12), ('Golden Retriever', 25, 34), ('Dachshund', 5, 9),
              ('Springer Spaniel', 18, 25), ('Whippet', 10, 14), ('Crossbreed', 6, 30)]
CAT_BREEDS = [('Domestic Shorthair', 3.2, 5.8), ('Domestic Longhair', 3.5, 6.2), ('British Shorthair', 4, 7.5),
              ('Maine Coon', 5, 8.5), ('Siamese', 2.8, 4.8), ('Bengal', 3.5, 6), ('Ragdoll', 4, 7)]
SMALL = [('Rabbit', ['Netherland Dwarf', 'Lionhead', 'Mini Lop', 'Rex'], 1.0, 3.5),
         ('Guinea Pig', ['Abyssinian', 'American', 'Peruvian'], 0.7, 1.3),
         ('Hamster', ['Syrian', 'Dwarf'], 0.03, 0.2),
         ('Bird', ['Budgerigar', 'Cockatiel', 'African Grey'], 0.03, 0.5)]
DOG_NAMES = ['Bella', 'Max', 'Luna', 'Teddy', 'Daisy', 'Alfie', 'Poppy', 'Milo', 'Bonnie', 'Charlie', 'Rosie',
             'Archie', 'Molly', 'Buster', 'Willow', 'Bailey', 'Nala', 'Ollie', 'Hugo', 'Ruby', 'Biscuit', 'Winston',
             'Maisie', 'Otis', 'Pepper', 'Rocky', 'Skye', 'Bruno', 'Hazel', 'Scout', 'Juno', 'Murphy', 'Dexter', 'Tilly']
CAT_NAMES = ['Smudge', 'Tigger', 'Misty', 'Oscar', 'Lily', 'Simba', 'Cleo', 'Felix', 'Shadow', 'Willow', 'Jasper',
             'Mittens', 'Pumpkin', 'Nala', 'Coco', 'Salem', 'Ziggy', 'Mango', 'Pixie', 'Sooty', 'Bramble', 'Kiki']
SMALL_NAMES = ['Thumper', 'Peanut', 'Clover', 'Nibbles', 'Hazel', 'Pip', 'Kiwi', 'Sunny', 'Biscuit', 'Fudge',
               'Squeak', 'Cookie', 'Blue', 'Mr Whiskers', 'Honey']

# treatment_id, name, category, price (2024-2025), price from 2026
TREATMENTS = [
    (1, 'Standard consultation', 'Consultation', 48.00, 52.00),
    (2, 'Extended consultation', 'Consultation', 72.00, 78.00),
    (3, 'Emergency consultation', 'Consultation', 145.00, 155.00),
    (4, 'Repeat prescription check', 'Consultation', 28.00, 30.00),
    (5, 'Dog booster vaccination', 'Vaccine', 62.00, 66.00),
    (6, 'Cat booster vaccination', 'Vaccine', 58.00, 62.00),
    (7, 'Rabbit RHDV2 vaccination', 'Vaccine', 45.00, 48.00),
    (8, 'Kennel cough vaccine', 'Vaccine', 38.00, 40.00),
    (9, 'Rabies vaccination (travel)', 'Vaccine', 65.00, 69.00),
    (10, 'Flea & worm treatment', 'Medication', 24.50, 26.00),
    (11, 'Antibiotics (7 days)', 'Medication', 21.00, 22.50),
    (12, 'Pain relief (meloxicam)', 'Medication', 18.75, 19.95),
    (13, 'Steroid injection', 'Medication', 32.00, 34.00),
    (14, 'Ear drops', 'Medication', 16.50, 17.50),
    (15, 'Dental scale & polish', 'Procedure', 285.00, 310.00),
    (16, 'Tooth extraction', 'Procedure', 95.00, 105.00),
    (17, 'Dog castration', 'Procedure', 320.00, 345.00),
    (18, 'Cat spay', 'Procedure', 140.00, 150.00),
    (19, 'Bitch spay', 'Procedure', 395.00, 420.00),
    (20, 'Lump removal', 'Procedure', 420.00, 450.00),
    (21, 'General anaesthetic', 'Procedure', 180.00, 195.00),
    (22, 'Nail clip', 'Procedure', 14.00, 15.00),
    (23, 'Microchipping', 'Procedure', 25.00, 25.00),
    (24, 'Blood panel', 'Lab test', 98.00, 105.00),
    (25, 'Urinalysis', 'Lab test', 42.00, 45.00),
    (26, 'X-ray (per view)', 'Imaging', 115.00, 125.00),
    (27, 'Ultrasound scan', 'Imaging', 165.00, 175.00),
    (28, 'Overnight hospitalisation', 'Hospitalisation', 110.00, 120.00),
    (29, 'Prescription diet (2kg bag)', 'Product', 27.99, 29.99),
    (30, 'Cremation (communal)', 'Product', 95.00, 99.00),
]
# reason -> (minutes range, weight, base items)
REASONS = {
    'Vaccination': ((12, 25), 18),
    'Annual check-up': ((15, 30), 14),
    'Skin problem': ((15, 35), 9),
    'Ear infection': ((15, 30), 7),
    'Vomiting / diarrhoea': ((15, 40), 8),
    'Lameness': ((20, 45), 7),
    'Dental': ((70, 150), 5),
    'Surgery': ((65, 200), 6),
    'Nail clip': ((8, 15), 6),
    'Follow-up': ((10, 25), 12),
    'Microchipping': ((10, 15), 2),
    'Euthanasia': ((25, 45), 1),
}


def clinic_items(rnd, reason, species, sex, emergency, dur):
    """(treatment_id, quantity) lines for one completed visit."""
    lines = []
    if emergency:
        lines.append((3, 1))
    elif reason in ('Nail clip',):
        pass
    elif reason in ('Follow-up',):
        lines.append((4 if rnd.random() < 0.5 else 1, 1))
    elif dur > 30 and reason not in ('Surgery', 'Dental'):
        lines.append((2, 1))
    else:
        lines.append((1, 1))
    if reason == 'Vaccination':
        vac = {'Dog': 5, 'Cat': 6, 'Rabbit': 7}.get(species)
        if vac:
            lines.append((vac, 1))
        if species == 'Dog' and rnd.random() < 0.4:
            lines.append((8, 1))
        if rnd.random() < 0.5:
            lines.append((10, 1))
    elif reason == 'Annual check-up':
        if rnd.random() < 0.6:
            lines.append((10, rnd.choice([1, 1, 2])))
        if rnd.random() < 0.2:
            lines.append((24, 1))
    elif reason in ('Skin problem', 'Ear infection'):
        lines.append((14 if reason == 'Ear infection' else 13, 1))
        if rnd.random() < 0.5:
            lines.append((11, rnd.choice([1, 2])))
    elif reason == 'Vomiting / diarrhoea':
        if rnd.random() < 0.5:
            lines.append((24, 1))
        if rnd.random() < 0.4:
            lines.append((26, rnd.choice([1, 2])))
        if rnd.random() < 0.4:
            lines.append((29, rnd.choice([1, 2, 3])))
    elif reason == 'Lameness':
        lines.append((12, 1))
        if rnd.random() < 0.5:
            lines.append((26, rnd.choice([1, 2, 2, 3])))
    elif reason == 'Dental':
        lines += [(21, 1), (15, 1)]
        if rnd.random() < 0.6:
            lines.append((16, rnd.randint(1, 4)))
        lines.append((11, 1))
    elif reason == 'Surgery':
        lines.append((21, 1))
        if species == 'Dog':
            lines.append((17, 1) if sex == 'M' else (19, 1) if rnd.random() < 0.6 else (20, 1))
        elif species == 'Cat':
            lines.append((18, 1) if sex == 'F' and rnd.random() < 0.6 else (20, 1))
        else:
            lines.append((20, 1))
        lines.append((12, 1))
        if rnd.random() < 0.35:
            lines.append((28, rnd.choice([1, 1, 2])))
        if rnd.random() < 0.3:
            lines.append((27, 1))
    elif reason == 'Nail clip':
        lines.append((22, 1))
    elif reason == 'Microchipping':
        lines.append((23, 1))
    elif reason == 'Euthanasia':
        lines.append((30, 1))
    if emergency and rnd.random() < 0.5:
        lines.append((28, rnd.choice([1, 2, 3])))
    if emergency and rnd.random() < 0.6:
        lines.append((24, 1))
    merged = {}
    for t, q in lines:
        merged[t] = merged.get(t, 0) + q
    return list(merged.items())


def build_clinic():
    rnd = random.Random(1818)
    con = fresh('clinic')
    con.executescript(CLINIC_DDL)
    con.executemany('INSERT INTO staff VALUES (?,?,?,?,?,?,?,?,?)',
                    [(s[0], s[1], s[2], s[3], s[4], f'{s[1].lower()}.{s[2].lower()}@harbourside-vets.co.uk',
                      f'0117 496 {rnd.randint(1000, 9999)}', s[5], s[6]) for s in STAFF])
    con.executemany('INSERT INTO treatments VALUES (?,?,?,?)', [t[:4] for t in TREATMENTS])
    price = {t[0]: (t[3], t[4]) for t in TREATMENTS}
    # owners
    owners = []
    names = set()
    city_pool = [c for c in CITIES for _ in range(c[2])]
    for oid in range(1, 331):
        while True:
            fn, ln = rnd.choice(OWNER_FIRST), rnd.choice(OWNER_LAST)
            if (fn, ln) not in names:
                names.add((fn, ln))
                break
        joined = dt.date(2018, 1, 1) + dt.timedelta(days=int((rnd.random() ** 0.8) * ((TODAY - dt.date(2018, 1, 1)).days - 3)))
        city, pc, _ = rnd.choice(city_pool)
        email = None if rnd.random() < 0.09 else f'{fn.lower()}.{ln.lower()}{rnd.choice(["", "", str(rnd.randint(1, 99))])}@{rnd.choice(["gmail.com", "hotmail.co.uk", "outlook.com", "btinternet.com", "yahoo.co.uk"])}'
        phone = f'07{rnd.randint(100, 999)} {rnd.randint(100000, 999999)}' if rnd.random() > 0.03 else None
        postcode = f'{pc if pc != "BS" else "BS" + str(rnd.randint(1, 16))} {rnd.randint(1, 9)}{rnd.choice("ABDEFGHJLNPQRSTUWXYZ")}{rnd.choice("ABDEFGHJLNPQRSTUWXYZ")}'
        owners.append((oid, fn, ln, email, phone, f'{rnd.randint(1, 140)} {rnd.choice(STREETS)}', city, postcode, joined.isoformat()))
    con.executemany('INSERT INTO owners VALUES (?,?,?,?,?,?,?,?,?)', owners)
    # pets
    pets = []
    for o in owners:
        n = rnd.choices([1, 1, 1, 1, 2, 2, 3, 4], k=1)[0]
        if o[0] % 41 == 0:
            n = 0   # a few owners whose pets were never registered here
        joined = dt.date.fromisoformat(o[8])
        for _ in range(n):
            kind = rnd.choices(['Dog', 'Cat', 'Small'], [50, 38, 12])[0]
            if kind == 'Dog':
                breed, lo, hi = rnd.choice(DOG_BREEDS)
                species, name = 'Dog', rnd.choice(DOG_NAMES)
            elif kind == 'Cat':
                breed, lo, hi = rnd.choice(CAT_BREEDS)
                species, name = 'Cat', rnd.choice(CAT_NAMES)
            else:
                species, breeds, lo, hi = rnd.choice(SMALL)
                breed, name = rnd.choice(breeds), rnd.choice(SMALL_NAMES)
            maxage = {'Dog': 15, 'Cat': 19, 'Rabbit': 10, 'Guinea Pig': 6, 'Hamster': 2.5, 'Bird': 20}[species]
            dob = TODAY - dt.timedelta(days=rnd.randint(60, int(maxage * 365)))
            if dob > joined and rnd.random() < 0.3:
                pass
            sex = rnd.choice('MF')
            age_y = (TODAY - dob).days / 365.25
            w = rnd.uniform(lo, hi) * (min(1.0, 0.35 + age_y / 1.2) if species in ('Dog', 'Cat') else 1)
            w = round(w, 1) if w >= 1 else round(w, 2)
            if species == 'Dog' and 18.05 <= w <= 18.25:
                w = 18.6
            neutered = 1 if species in ('Dog', 'Cat') and age_y > 0.8 and rnd.random() < 0.72 else (1 if species == 'Rabbit' and rnd.random() < 0.4 else 0)
            chip = f'9860{rnd.randint(10 ** 10, 10 ** 11 - 1)}' if species in ('Dog', 'Cat') and rnd.random() < 0.85 else None
            pets.append([len(pets) + 1, o[0], name, species, breed, sex, dob.isoformat(), w, neutered, chip, None])
    # appointments
    rooms = ['Consult 1', 'Consult 2', 'Consult 3', 'Theatre', 'Prep']
    appts = []
    start = dt.date(2024, 1, 2)
    d = start
    owner_joined = {o[0]: dt.date.fromisoformat(o[8]) for o in owners}
    pet_first_seen = {}
    last_day = dt.date(2026, 12, 23)
    never_seen = set(rnd.sample([p[0] for p in pets], 14))
    alive = lambda p, day: p[10] is None or dt.date.fromisoformat(p[10]) >= day  # noqa: E731
    while d <= last_day:
        wd = d.weekday()
        if wd == 6 or (d.month == 12 and d.day in (25, 26)) or (d.month == 1 and d.day == 1) or d == TODAY:
            d += dt.timedelta(days=1)
            continue
        future = d > TODAY
        if future and (d - TODAY).days > 26:
            d += dt.timedelta(days=1)
            continue
        n = rnd.randint(2, 5) if wd < 5 else rnd.randint(1, 3)
        if future:
            n = rnd.randint(1, 4) if (d - TODAY).days < 14 else rnd.randint(0, 2)
        on_duty = [v for v, (h, l) in VETS.items() if h <= d.isoformat() and (l is None or d.isoformat() <= l)]
        for _ in range(n):
            cands = [p for p in pets if p[0] not in never_seen and owner_joined[p[1]] <= d and alive(p, d)
                     and dt.date.fromisoformat(p[6]) < d]
            p = rnd.choice(cands)
            reason = rnd.choices(list(REASONS), [REASONS[r][1] for r in REASONS])[0]
            if reason == 'Euthanasia' and (p[10] is not None or future or (d - dt.date.fromisoformat(p[6])).days < 365 * 4):
                reason = 'Annual check-up'
            if reason == 'Surgery' and p[3] not in ('Dog', 'Cat', 'Rabbit'):
                reason = 'Nail clip'
            if reason in ('Vaccination', 'Dental', 'Microchipping') and p[3] not in ('Dog', 'Cat', 'Rabbit'):
                reason = 'Annual check-up'
            if reason in ('Surgery', 'Dental'):
                hour, minute = rnd.choice([(8, 30), (9, 0), (9, 30), (10, 0), (11, 0)])
            else:
                hour, minute = (rnd.randint(8, 17), rnd.choice([0, 10, 20, 30, 40, 50])) if wd < 5 else (rnd.randint(8, 11), rnd.choice([0, 15, 30, 45]))
                if hour == 8 and minute < 20 and rnd.random() < 0.5:
                    minute = 30
            emergency = 0
            if not future and reason not in ('Surgery', 'Dental', 'Vaccination', 'Microchipping', 'Euthanasia') and rnd.random() < 0.16:
                emergency = 1
                reason = rnd.choice(['Vomiting / diarrhoea', 'Lameness', 'Road traffic accident', 'Poisoning', 'Breathing difficulty'])
                hour, minute = rnd.randint(7, 19), rnd.randint(0, 59)
            st = dt.datetime(d.year, d.month, d.day, hour, minute)
            vet = rnd.choices(on_duty, [VET_WEIGHT[v] for v in on_duty])[0]
            if future:
                status = 'Scheduled'
            elif emergency:
                status = 'Completed'
            else:
                status = rnd.choices(['Completed', 'Cancelled', 'No-show'], [86, 9, 5])[0]
            if status == 'Completed':
                lo, hi = REASONS.get(reason, ((25, 75), 0))[0]
                dur = rnd.randint(lo, hi)
                if dur % 60 == 0:
                    dur += 3
                en = ts(st + dt.timedelta(minutes=dur))
            else:
                dur, en = None, None
            room = 'Theatre' if reason in ('Surgery', 'Dental') else rnd.choice(rooms[:3])
            note = None
            if status == 'Cancelled':
                note = rnd.choice(['owner rang to cancel', 'rebooked', None, 'pet unwell - will call back'])
            elif status == 'Completed' and rnd.random() < 0.15:
                note = rnd.choice(['recheck in 2 weeks', 'weight stable', 'owner to monitor', 'bloods sent to lab', 'nervous - muzzle used'])
            appts.append([0, p[0], vet, ts(st), en, reason, status, emergency, room, note, dur])
            if status == 'Completed' and reason == 'Euthanasia':
                p[10] = d.isoformat()
            if status == 'Completed' and reason == 'Surgery' and p[3] in ('Dog', 'Cat'):
                p[8] = 1
        d += dt.timedelta(days=1)
    appts.sort(key=lambda a: a[3])
    for i, a in enumerate(appts, 1):
        a[0] = i
    # a few pets passed away without a euthanasia visit here
    for p in pets:
        if p[10] is None and rnd.random() < 0.015:
            p[10] = (TODAY - dt.timedelta(days=rnd.randint(30, 500))).isoformat()
    # appointments after a pet's death cannot exist: drop them
    death = {p[0]: p[10] for p in pets}
    appts = [a for a in appts if death[a[1]] is None or a[3][:10] <= death[a[1]]]
    for i, a in enumerate(appts, 1):
        a[0] = i
    con.executemany('INSERT INTO pets VALUES (?,?,?,?,?,?,?,?,?,?,?)', pets)
    con.executemany('INSERT INTO appointments VALUES (?,?,?,?,?,?,?,?,?,?)', [a[:10] for a in appts])
    # invoices: one per completed visit
    petby = {p[0]: p for p in pets}
    invs, items = [], []
    for a in appts:
        if a[6] != 'Completed':
            continue
        p = petby[a[1]]
        day = dt.date.fromisoformat(a[3][:10])
        lines = clinic_items(rnd, a[5], p[3], p[5], a[7], a[10])
        if not lines:
            continue
        iid = len(invs) + 1
        method = rnd.choices(['Card', 'Cash', 'Insurance', 'Bank transfer'], [60, 8, 22, 10])[0]
        if method == 'Insurance':
            lag = rnd.randint(10, 75)
        elif method == 'Bank transfer':
            lag = rnd.randint(1, 30)
        else:
            lag = 0 if rnd.random() < 0.85 else rnd.randint(1, 40)
        paid = day + dt.timedelta(days=lag)
        if paid >= TODAY or rnd.random() < 0.025:
            paid = None
        if paid is None and method in ('Card', 'Cash'):
            method = None
        invs.append((iid, p[1], a[0], day.isoformat(), paid.isoformat() if paid else None, method))
        for t, q in lines:
            up = price[t][1] if day.year >= 2026 else price[t][0]
            items.append((len(items) + 1, iid, t, q, up))
    con.executemany('INSERT INTO invoices VALUES (?,?,?,?,?,?)', invs)
    con.executemany('INSERT INTO invoice_items VALUES (?,?,?,?,?)', items)
    con.commit()
    con.close()


# ---------------------------------------------------------------- freight (road haulier)
FREIGHT_DDL = """
CREATE TABLE depot (
    depotId     INTEGER PRIMARY KEY,
    depotCode   VARCHAR(5) NOT NULL UNIQUE,
    depotName   VARCHAR(60) NOT NULL,
    city        VARCHAR(40) NOT NULL,
    countryCode CHAR(2) NOT NULL,
    isHub       BOOLEAN NOT NULL DEFAULT 0,
    openedDt    DATE
);
CREATE TABLE customer (
    custId         INTEGER PRIMARY KEY,
    custName       VARCHAR(80) NOT NULL,
    industry       VARCHAR(40),
    countryCode    CHAR(2),
    creditLimitAmt DECIMAL(12,2),
    acctOpenedDt   DATE,
    billingEmail   VARCHAR(80)
);
CREATE TABLE driver (
    driverId     INTEGER PRIMARY KEY,
    firstName    VARCHAR(40) NOT NULL,
    lastName     VARCHAR(40) NOT NULL,
    homeDepotId  INTEGER REFERENCES depot(depotId),
    licenceClass VARCHAR(4),
    hiredDt      DATE,
    leftDt       DATE,
    mobileNo     VARCHAR(20)
);
CREATE TABLE vehicle (
    vehicleId   INTEGER PRIMARY KEY,
    regNo       VARCHAR(12) NOT NULL,
    vehicleType VARCHAR(30),
    make        VARCHAR(20),
    capacityKg  INTEGER,
    yearBuilt   INTEGER,
    homeDepotId INTEGER REFERENCES depot(depotId)
);
CREATE TABLE shipment (
    shipmentId        INTEGER PRIMARY KEY,
    refNo             VARCHAR(16) NOT NULL UNIQUE,
    custId            INTEGER NOT NULL REFERENCES customer(custId),
    originDepotId     INTEGER NOT NULL REFERENCES depot(depotId),
    destDepotId       INTEGER NOT NULL REFERENCES depot(depotId),
    serviceLevel      VARCHAR(10),
    bookedDt          DATE NOT NULL,
    pickupDt          DATE,
    plannedDeliveryDt DATE,
    actualDeliveryDt  DATE,
    pieceQty          INTEGER,
    weightKg          DECIMAL(9,1),
    volumeM3          DECIMAL(6,2),
    freightAmt        DECIMAL(10,2),
    declaredValueAmt  DECIMAL(12,2),
    status            VARCHAR(12) NOT NULL
);
CREATE INDEX ixShipmentCust ON shipment(custId);
CREATE TABLE trip (
    tripId      INTEGER PRIMARY KEY,
    vehicleId   INTEGER REFERENCES vehicle(vehicleId),
    driverId    INTEGER REFERENCES driver(driverId),
    fromDepotId INTEGER REFERENCES depot(depotId),
    toDepotId   INTEGER REFERENCES depot(depotId),
    departDt    DATETIME,
    arriveDt    DATETIME,
    distanceKm  INTEGER,
    durationMin INTEGER,
    fuelCostAmt DECIMAL(8,2),
    tollAmt     DECIMAL(8,2)
);
CREATE TABLE tripShipment (
    tripId     INTEGER NOT NULL REFERENCES trip(tripId),
    shipmentId INTEGER NOT NULL REFERENCES shipment(shipmentId),
    legNo      INTEGER NOT NULL DEFAULT 1,
    PRIMARY KEY (tripId, shipmentId)
);
"""

# depotId, code, name, city, country, hub, opened, lat, lon
DEPOTS = [
    (1, 'RTM', 'Rotterdam Maasvlakte', 'Rotterdam', 'NL', 1, '2009-03-01', 51.95, 4.05),
    (2, 'ANR', 'Antwerp North', 'Antwerp', 'BE', 0, '2012-06-15', 51.26, 4.40),
    (3, 'HAM', 'Hamburg Waltershof', 'Hamburg', 'DE', 1, '2011-01-10', 53.54, 9.93),
    (4, 'DUI', 'Duisburg Logport', 'Duisburg', 'DE', 0, '2015-09-01', 51.39, 6.71),
    (5, 'PAR', 'Paris Gennevilliers', 'Paris', 'FR', 1, '2013-04-22', 48.93, 2.30),
    (6, 'LYS', 'Lyon Saint-Priest', 'Lyon', 'FR', 0, '2018-02-05', 45.70, 4.94),
    (7, 'MIL', 'Milan Lacchiarella', 'Milan', 'IT', 0, '2019-10-14', 45.32, 9.13),
    (8, 'BCN', 'Barcelona Zona Franca', 'Barcelona', 'ES', 0, '2020-05-04', 41.34, 2.13),
    (9, 'FXT', 'Felixstowe Port', 'Felixstowe', 'GB', 1, '2010-07-19', 51.96, 1.33),
    (10, 'LDS', 'Leeds Stourton', 'Leeds', 'GB', 0, '2016-11-28', 53.76, -1.52),
    (11, 'WAW', 'Warsaw Pruszkow', 'Warsaw', 'PL', 0, '2021-03-08', 52.17, 20.80),
    (12, 'PRG', 'Prague Ruzyne', 'Prague', 'CZ', 0, '2024-09-02', 50.10, 14.26),
]
CUSTOMERS = [
    ('Van Dijk Supermarkten', 'Retail', 'NL'), ('Hollandse Dranken BV', 'Food & Beverage', 'NL'),
    ('Brouwerij De Klok', 'Food & Beverage', 'BE'), ('Solvane Chemicals', 'Chemicals', 'BE'),
    ('Nordwerk Automotive', 'Automotive', 'DE'), ('Kessler Elektronik', 'Electronics', 'DE'),
    ('Hanse Kaffee GmbH', 'Food & Beverage', 'DE'), ('Rheinpharma AG', 'Pharma', 'DE'),
    ('Maison Lefort', 'Retail', 'FR'), ('Groupe Vernier Auto', 'Automotive', 'FR'),
    ('Laboratoires Aubrac', 'Pharma', 'FR'), ('Fromagerie Dufresne', 'Food & Beverage', 'FR'),
    ('Tessuti Bianchi', 'Textiles', 'IT'), ('Motori Ferraro', 'Automotive', 'IT'),
    ('Casa Olivera', 'Food & Beverage', 'ES'), ('Mercado Sol', 'Retail', 'ES'),
    ('Pennine Home Stores', 'Retail', 'GB'), ('Albion Components', 'Electronics', 'GB'),
    ('Harrow & Finch Pharma', 'Pharma', 'GB'), ('Northgate Timber', 'Construction', 'GB'),
    ('Polbud Materials', 'Construction', 'PL'), ('Wisla Foods', 'Food & Beverage', 'PL'),
    ('Bohemia Glassworks', 'Manufacturing', 'CZ'), ('Vltava Parts Trading', 'Automotive', 'CZ'),
    ('Deltaplex Electronics', 'Electronics', 'NL'), ('BlueRiver Outdoor', 'Retail', 'DE'),
    ('Atelier Noor', 'Textiles', 'BE'), ('Grupo Medina Quimica', 'Chemicals', 'ES'),
    ('Kingsway Cash & Carry', 'Retail', 'GB'), ('Vitalis Nutrition', 'Pharma', 'NL'),
    ('Fjord Seafood Trading', 'Food & Beverage', 'DE'), ('Lumen Lighting', 'Electronics', 'IT'),
    ('Oakridge Furniture', 'Manufacturing', 'GB'), ('Marais Cosmetiques', 'Retail', 'FR'),
    ('Stahlbau Krause', 'Construction', 'DE'), ('Nova Tyres', 'Automotive', 'PL'),
]
DRIVER_FIRST = ['Jan', 'Pieter', 'Bram', 'Koen', 'Lars', 'Jonas', 'Stefan', 'Markus', 'Thomas', 'Pierre', 'Julien',
                'Antoine', 'Marco', 'Luca', 'Javier', 'Carlos', 'Craig', 'Darren', 'Lee', 'Piotr', 'Marek',
                'Tomas', 'Ana', 'Sabine', 'Ewa', 'Nadia', 'Sophie', 'Mehmet', 'Adrian', 'Florin']
DRIVER_LAST = ['de Vries', 'Jansen', 'Peeters', 'Maes', 'Schmidt', 'Becker', 'Hoffmann', 'Wagner', 'Dubois',
               'Moreau', 'Laurent', 'Rossi', 'Esposito', 'Garcia', 'Lopez', 'Barnes', 'Fletcher', 'Holt',
               'Kowalczyk', 'Wojcik', 'Novak', 'Svoboda', 'Yilmaz', 'Popescu', 'Klein', 'Vermeulen', 'Bakker']


def km(a, b):
    la1, lo1, la2, lo2 = map(math.radians, (a[7], a[8], b[7], b[8]))
    h = math.sin((la2 - la1) / 2) ** 2 + math.cos(la1) * math.cos(la2) * math.sin((lo2 - lo1) / 2) ** 2
    d = 2 * 6371 * math.asin(math.sqrt(h))
    return int(round(d * 1.22))


def build_freight():
    rnd = random.Random(1819)
    con = fresh('freight')
    con.executescript(FREIGHT_DDL)
    con.executemany('INSERT INTO depot VALUES (?,?,?,?,?,?,?)', [d[:7] for d in DEPOTS])
    dep = {d[0]: d for d in DEPOTS}
    # customers
    custs = []
    for i, (n, ind, cc) in enumerate(CUSTOMERS, 1):
        opened = dt.date(2016, 1, 1) + dt.timedelta(days=rnd.randint(0, 3800))
        if opened > TODAY - dt.timedelta(days=20):
            opened = TODAY - dt.timedelta(days=rnd.randint(20, 200))
        limit = rnd.choice([25000, 50000, 75000, 100000, 150000, 250000])
        dom = n.lower().replace('&', 'and').replace(' ', '')[:14]
        custs.append((i, n, ind, cc, float(limit), opened.isoformat(), f'accounts@{dom}.com' if rnd.random() > 0.1 else None))
    con.executemany('INSERT INTO customer VALUES (?,?,?,?,?,?,?)', custs)
    home_of = {'NL': 1, 'BE': 2, 'DE': 3, 'FR': 5, 'IT': 7, 'ES': 8, 'GB': 10, 'PL': 11, 'CZ': 12}
    # drivers
    drivers = []
    names = set()
    for did in range(1, 35):
        while True:
            fn, ln = rnd.choice(DRIVER_FIRST), rnd.choice(DRIVER_LAST)
            if (fn, ln) not in names:
                names.add((fn, ln))
                break
        home = rnd.choice([1, 1, 1, 2, 3, 3, 4, 5, 5, 6, 7, 8, 9, 9, 10, 10, 11, 12])
        hired = dt.date(2012, 1, 1) + dt.timedelta(days=rnd.randint(0, 4700))
        left = None
        if did in (5, 13, 22):
            left = dt.date(2025, rnd.randint(2, 11), rnd.randint(1, 28))
            hired = min(hired, dt.date(2023, 6, 1))
        if did == 29:
            hired = dt.date(2026, 11, 16)   # still in induction: no trips yet
        drivers.append((did, fn, ln, home, rnd.choice(['CE', 'CE', 'CE', 'C']), hired.isoformat(),
                        left.isoformat() if left else None, f'+{rnd.randint(31, 48)} 6{rnd.randint(10000000, 99999999)}'))
    con.executemany('INSERT INTO driver VALUES (?,?,?,?,?,?,?,?)', drivers)
    # vehicles
    vtypes = [('Tractor unit + curtainsider', 24000), ('Tractor unit + reefer', 22000), ('Rigid 18t', 9500),
              ('Rigid 12t', 5800), ('Van 3.5t', 1200)]
    vehicles = []
    for vid in range(1, 27):
        vt, cap = rnd.choices(vtypes, [8, 3, 4, 2, 2])[0]
        make = rnd.choice(['DAF', 'Volvo', 'Scania', 'MAN', 'Mercedes-Benz', 'Iveco']) if 'Van' not in vt else rnd.choice(['Mercedes-Benz', 'Ford', 'Iveco'])
        reg = f'{rnd.choice("BVWX")}{rnd.choice("BDFGHJKLNPRSTVXZ")}-{rnd.randint(100, 999)}-{rnd.choice("BDFGHJKLNPRSTVXZ")}{rnd.choice("BDFGHJKLNPRSTVXZ")}'
        vehicles.append((vid, reg, vt, make, cap + rnd.choice([0, 0, 500, -500]) if cap > 2000 else cap,
                         rnd.randint(2015, 2025), rnd.choice([1, 1, 3, 5, 9, 10, 2, 4])))
    con.executemany('INSERT INTO vehicle VALUES (?,?,?,?,?,?,?)', vehicles)
    cap_of = {v[0]: v[4] for v in vehicles}
    # shipments: each lane (depot pair) runs on fixed weekdays; a shipment rides the first departure of its
    # lane on or after pick-up readiness, directly or through a hub (two legs)
    def lane_days(a, b):
        if {a, b} == {1, 3}:
            return (1, 4)
        return ((a * 3 + b) % 5,)

    def snap(a, b, day):
        ds = lane_days(a, b)
        while day.weekday() not in ds:
            day += dt.timedelta(days=1)
        return day

    hubs_for = lambda o, d_: min((h for h in (1, 3, 5, 9) if h not in (o, d_)), key=lambda h: km(dep[o], dep[h]) + km(dep[h], dep[d_]))  # noqa: E731
    lanes = []
    for o in dep:
        for d_ in dep:
            if o != d_:
                w = 1.0
                if {o, d_} == {1, 3}:
                    w = 30
                elif {o, d_} in ({1, 2}, {1, 4}, {9, 10}, {5, 6}, {3, 4}):
                    w = 12
                elif {o, d_} & {1, 3, 5, 9} and km(dep[o], dep[d_]) < 900:
                    w = 3
                elif km(dep[o], dep[d_]) > 1500:
                    w = 0.3
                if o == 12 or d_ == 12:
                    w *= 0.5
                lanes.append((o, d_, w))
    cust_w = [rnd.choice([0.3, 1, 1, 2, 3, 5]) for _ in custs]
    no_ship = {custs[-1][0], custs[-6][0], custs[-11][0]}   # never shipped with us
    ships = []
    start = dt.date(2024, 1, 3)
    span = (TODAY - start).days
    for sid in range(1, 2201):
        booked = start + dt.timedelta(days=int(span * (rnd.random() ** 0.85)))
        if booked.weekday() >= 5:
            booked -= dt.timedelta(days=booked.weekday() - 4)
        while True:
            c = rnd.choices(custs, cust_w)[0]
            if c[0] not in no_ship and c[5] <= booked.isoformat():
                break
        lane = rnd.choices(lanes, [l[2] * (2.2 if home_of.get(c[3]) in (l[0], l[1]) else 1) for l in lanes])[0]
        if (lane[0] == 12 or lane[1] == 12) and booked < dt.date(2024, 9, 9):
            lane = (1, 3, 14)
        o, d_ = lane[0], lane[1]
        dist = km(dep[o], dep[d_])
        direct = dist < 800 or rnd.random() < 0.45 or (o in (1, 3, 5, 9) and d_ in (1, 3, 5, 9))
        legs = [(o, d_)] if direct else [(o, hubs_for(o, d_)), (hubs_for(o, d_), d_)]
        level = rnd.choices(['Standard', 'Express', 'Economy'], [62, 20, 18])[0]
        pickup = snap(*legs[0], booked + dt.timedelta(days=rnd.choice([0, 1, 1, 2])))
        leg_days = [pickup]
        if len(legs) == 2:
            leg_days.append(snap(*legs[1], pickup + dt.timedelta(days=max(1, math.ceil(km(dep[o], dep[legs[0][1]]) / 650)))))
        last_arr = leg_days[-1] + dt.timedelta(days=max(1, math.ceil(km(dep[legs[-1][0]], dep[d_]) / 650)) - 1)
        transit = max(1, math.ceil(dist / 650)) + {'Express': 0, 'Standard': 1, 'Economy': 3}[level] + (len(legs) - 1)
        planned = pickup + dt.timedelta(days=transit)
        r = rnd.random()
        delay = 0 if r < 0.63 else -1 if r < 0.78 else rnd.choice([1, 1, 1, 2, 2, 3, 5])
        actual = max(pickup + dt.timedelta(days=max(1, transit + delay)), last_arr)
        weight = round(math.exp(rnd.uniform(math.log(25), math.log(16000))), 1)
        if level == 'Express':
            weight = round(weight / rnd.choice([2, 3, 4]), 1)
        if 1995 <= weight <= 2005:
            weight = 2040.0
        pieces = max(1, int(weight / rnd.uniform(180, 650)))
        vol = round(weight / rnd.uniform(150, 320), 2)
        rate = {'Express': 0.34, 'Standard': 0.19, 'Economy': 0.14}[level]
        amt = round(95 + weight * rate * (0.6 + dist / 1400) * rnd.uniform(0.9, 1.1) + (0.045 * dist), 2)
        value = round(weight * rnd.choice([2.5, 4, 8, 15, 30, 60]) * rnd.uniform(0.8, 1.2), -1)
        status = 'Delivered'
        if pickup >= TODAY:
            status, actual, pickup, leg_days = 'Booked', None, None, []
        elif actual >= TODAY:
            status, actual = 'In Transit', None
            leg_days = [x for x in leg_days if x < TODAY]
        if rnd.random() < 0.035:
            status, pickup, actual, amt, leg_days = 'Cancelled', None, None, 0.0, []
        ships.append([sid, None, c[0], o, d_, level, booked, pickup, planned, actual, pieces, weight, vol, amt, value,
                      status, list(zip(legs, leg_days))])
    ships.sort(key=lambda s: (s[6], s[0]))
    for i, s in enumerate(ships, 1):
        s[0] = i
        s[1] = f'SHP{s[6].year % 100:02d}-{i:05d}'
    # trips: shipments on the same lane and day share a truck while it has room
    trips = {}   # (from, to, date) -> list of trip dicts
    bridge = []
    drivers_at = {}
    for drv in drivers:
        drivers_at.setdefault(drv[3], []).append(drv)
    for s in ships:
        for k, ((a, b), day) in enumerate(s[16], 1):
            pool = trips.setdefault((a, b, day), [])
            t = next((t for t in pool if t['load'] + s[11] <= cap_of[t['veh']] and len(t['ships']) < 12), None)
            if t is None:
                ok_veh = [v for v in vehicles if v[4] >= max(s[11], 8000)] or [vehicles[0]]
                veh = rnd.choice(ok_veh)[0]
                avail = lambda drv: drv[5] <= day.isoformat() and (drv[6] is None or day.isoformat() <= drv[6])  # noqa: E731
                cands = [drv for drv in drivers_at.get(a, []) + drivers_at.get(b, []) if avail(drv)]
                if not cands:
                    cands = [drv for drv in drivers if avail(drv)]
                t = {'veh': veh, 'drv': rnd.choice(cands)[0], 'load': 0.0, 'ships': []}
                pool.append(t)
            t['load'] += s[11]
            t['ships'].append((s[0], k))
    trip_rows = []
    for (a, b, day), pool in sorted(trips.items(), key=lambda kv: (kv[0][2], kv[0][0], kv[0][1])):
        for t in pool:
            dist = km(dep[a], dep[b]) + rnd.randint(-15, 40)
            dur = int(dist / rnd.uniform(62, 74) * 60) + rnd.randint(15, 140)
            if dur % 60 == 0:
                dur += 7
            dep_t = dt.datetime(day.year, day.month, day.day, rnd.randint(4, 15), rnd.choice([0, 15, 30, 45]))
            arr = dep_t + dt.timedelta(minutes=dur)
            fuel = round(dist * 0.31 * rnd.uniform(1.45, 1.95), 2)
            ferry = {a, b} & {9, 10} and not {a, b} <= {9, 10}
            toll = round(dist * rnd.uniform(0.08, 0.19) + (rnd.uniform(180, 320) if ferry else 0), 2)
            if {a, b} <= {9, 10}:
                toll = 0.0
            tid = len(trip_rows) + 1
            trip_rows.append((tid, t['veh'], t['drv'], a, b, dep_t.strftime('%Y-%m-%d %H:%M'), arr.strftime('%Y-%m-%d %H:%M'),
                              dist, dur, fuel, toll))
            for sid, k in t['ships']:
                bridge.append((tid, sid, k))
    con.executemany('INSERT INTO shipment VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)',
                    [[v.isoformat() if isinstance(v, dt.date) else v for v in s[:16]] for s in ships])
    con.executemany('INSERT INTO trip VALUES (?,?,?,?,?,?,?,?,?,?,?)', trip_rows)
    con.executemany('INSERT INTO tripShipment VALUES (?,?,?)', bridge)
    con.commit()
    con.close()


if __name__ == '__main__':
    build_clinic()
    build_freight()
    for n in ('clinic', 'freight'):
        con = sqlite3.connect(os.path.join(ROOT, 'dbs', n, n + '.sqlite'))
        tabs = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type IN ('table','view') ORDER BY name")]
        print(n, ', '.join(f'{t}={con.execute(f"SELECT COUNT(*) FROM [{t}]").fetchone()[0]}' for t in tabs))
