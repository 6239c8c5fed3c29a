#!/usr/bin/env python3
"""Build the two databases of this set (fixed seed):

  dbs/hotel/hotel.sqlite   a small boutique hotel group (snake_case, a few abbreviations:
                                        rm_type, max_occ, country_cd, total_amt, qty): hotels, rooms, guests,
                                        bookings, booking_extras (line table), staff with manager_id, reviews,
                                        one view (active_bookings)
  dbs/saas/saas.sqlite     a B2B software-subscription business (PascalCase, money in cents):
                                        Accounts, Users, Plans, Subscriptions, Invoices, SupportTickets, Events

Dates spread over 2024-01-01 .. 2026-11-26 ("today" is 2026-11-27); the only later dates
are check-in/check-out dates of hotel bookings made before today for stays after today.
No nl2sql config file is written.
"""
import datetime as dt
import os
import random
import sqlite3

ROOT = os.path.dirname(os.path.abspath(__file__))
TODAY = dt.date(2026, 11, 27)
LAST = dt.date(2026, 11, 26)
START = dt.date(2024, 1, 1)


def fresh(name):
    d = os.path.join(ROOT, 'dbs', name)
    os.makedirs(d, exist_ok=True)
    p = os.path.join(d, name + '.sqlite')
    if os.path.exists(p):
        os.remove(p)
    return sqlite3.connect(p)


def ts(d):
    return d.strftime('%Y-%m-%d %H:%M:%S')


def day(d):
    return d.isoformat()


# ====================================================================== hotel
HOTEL_DDL = """
CREATE TABLE hotels (
    hotel_id     INTEGER PRIMARY KEY,
    hotel_name   TEXT NOT NULL,
    city         TEXT NOT NULL,
    country_cd   CHAR(2) NOT NULL,
    stars        INTEGER NOT NULL,
    opened_on    DATE NOT NULL
);
CREATE TABLE rooms (
    room_id       INTEGER PRIMARY KEY,
    hotel_id      INTEGER NOT NULL REFERENCES hotels(hotel_id),
    room_no       TEXT NOT NULL,
    rm_type       TEXT NOT NULL,
    max_occ       INTEGER NOT NULL,
    nightly_rate  NUMERIC(8,2) NOT NULL,
    floor_no      INTEGER,
    is_accessible INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX idx_rooms_hotel ON rooms(hotel_id);
CREATE TABLE guests (
    guest_id     INTEGER PRIMARY KEY,
    first_name   TEXT NOT NULL,
    last_name    TEXT NOT NULL,
    email        TEXT,
    phone        TEXT,
    country_cd   CHAR(2),
    loyalty_tier TEXT,
    created_at   DATETIME NOT NULL
);
CREATE TABLE bookings (
    booking_id       INTEGER PRIMARY KEY,
    guest_id         INTEGER NOT NULL REFERENCES guests(guest_id),
    room_id          INTEGER NOT NULL REFERENCES rooms(room_id),
    check_in_date    DATE NOT NULL,
    check_out_date   DATE NOT NULL,
    actual_check_out DATE,
    num_guests       INTEGER NOT NULL DEFAULT 1,
    status           TEXT NOT NULL,
    booked_at        DATETIME NOT NULL,
    channel          TEXT NOT NULL,
    total_amt        NUMERIC(10,2) NOT NULL
);
CREATE INDEX idx_bookings_guest ON bookings(guest_id);
CREATE INDEX idx_bookings_room ON bookings(room_id);
CREATE INDEX idx_bookings_in ON bookings(check_in_date);
CREATE TABLE booking_extras (
    extra_id    INTEGER PRIMARY KEY,
    booking_id  INTEGER NOT NULL REFERENCES bookings(booking_id),
    item        TEXT NOT NULL,
    unit_price  NUMERIC(8,2) NOT NULL,
    qty         INTEGER NOT NULL DEFAULT 1,
    charged_at  DATETIME NOT NULL
);
CREATE INDEX idx_extras_booking ON booking_extras(booking_id);
CREATE TABLE staff (
    staff_id   INTEGER PRIMARY KEY,
    hotel_id   INTEGER REFERENCES hotels(hotel_id),
    first_name TEXT NOT NULL,
    last_name  TEXT NOT NULL,
    job_title  TEXT NOT NULL,
    manager_id INTEGER REFERENCES staff(staff_id),
    email      TEXT,
    hire_date  DATE NOT NULL
);
CREATE TABLE reviews (
    review_id  INTEGER PRIMARY KEY,
    booking_id INTEGER NOT NULL UNIQUE REFERENCES bookings(booking_id),
    score      INTEGER NOT NULL CHECK (score BETWEEN 1 AND 10),
    comment    TEXT,
    posted_at  DATETIME NOT NULL
);
CREATE VIEW active_bookings AS
    SELECT booking_id, guest_id, room_id, check_in_date, check_out_date, num_guests, status, booked_at, channel, total_amt
    FROM bookings WHERE status IN ('Confirmed', 'Checked-in');
"""

# hotel_id, name, city, country, stars, opened, rooms, price factor, review bias
HOTELS = [
    (1, 'Harbour Lights', 'Lisbon', 'PT', 4, '2012-05-01', 16, 1.00, 0.4),
    (2, 'The Alder', 'Edinburgh', 'GB', 4, '2016-03-15', 22, 1.15, 0.0),
    (3, 'Kanalhuis', 'Amsterdam', 'NL', 5, '2019-06-01', 18, 1.45, 0.6),
    (4, 'Villa Fiorita', 'Florence', 'IT', 4, '2021-04-10', 12, 1.25, 0.2),
    (5, 'Stadtpalais', 'Vienna', 'AT', 3, '2023-09-01', 24, 0.85, -1.1),
]
# type, max occupancy, base rate, weight
ROOM_TYPES = [('Single', 1, 89.0, 2), ('Double', 2, 129.0, 5), ('Twin', 2, 125.0, 3),
              ('Deluxe Double', 2, 175.0, 2), ('Family', 4, 199.0, 1), ('Suite', 3, 289.0, 1)]

# staff of each hotel: (first, last, title, manager index within the hotel list or None for the GM)
STAFF_PLAN = {
    1: [('Inês', 'Carvalho', 'General Manager', None, '2015-02-01'),
        ('Rui', 'Matos', 'Front Office Manager', 0, '2018-04-16'),
        ('Sofia', 'Pereira', 'Head Housekeeper', 0, '2013-09-02'),
        ('Tiago', 'Almeida', 'Head Chef', 0, '2019-11-04'),
        ('Beatriz', 'Costa', 'Receptionist', 1, '2022-05-09'),
        ('Diogo', 'Ferreira', 'Receptionist', 1, '2024-03-11'),
        ('Carla', 'Sousa', 'Night Auditor', 1, '2017-01-23'),
        ('Ana', 'Rodrigues', 'Housekeeper', 2, '2021-06-14'),
        ('Marta', 'Gomes', 'Housekeeper', 2, '2023-02-27'),
        ('Pedro', 'Lopes', 'Cook', 3, '2020-08-03'),
        ('Joana', 'Martins', 'Sales Executive', 0, '2025-01-06')],
    2: [('Fraser', 'McKenzie', 'General Manager', None, '2016-01-04'),
        ('Isla', 'Campbell', 'Front Office Manager', 0, '2019-05-20'),
        ('Callum', 'Ross', 'Head Housekeeper', 0, '2017-10-02'),
        ('Morag', 'Stewart', 'Head Chef', 0, '2014-03-17'),
        ('Ewan', 'Murray', 'Receptionist', 1, '2023-07-03'),
        ('Kirsty', 'Reid', 'Receptionist', 1, '2021-02-15'),
        ('Hamish', 'Fraser', 'Concierge', 1, '2016-09-12'),
        ('Eilidh', 'Graham', 'Housekeeper', 2, '2024-04-22'),
        ('Niamh', 'Kerr', 'Housekeeper', 2, '2022-11-07'),
        ('Lewis', 'Paterson', 'Housekeeper', 2, '2025-06-30'),
        ('Ailsa', 'Hunter', 'Cook', 3, '2020-01-13'),
        ('Rory', 'Scott', 'Cook', 3, '2025-09-08'),
        ('Fiona', 'Walker', 'Sales Executive', 0, '2018-08-20')],
    3: [('Maarten', 'de Vries', 'General Manager', None, '2019-03-01'),
        ('Sanne', 'Bakker', 'Front Office Manager', 0, '2019-04-01'),
        ('Joost', 'Visser', 'Head Housekeeper', 0, '2020-01-06'),
        ('Lotte', 'Smit', 'Head Chef', 0, '2018-09-17'),
        ('Daan', 'Meijer', 'Receptionist', 1, '2021-03-08'),
        ('Femke', 'de Boer', 'Receptionist', 1, '2024-10-14'),
        ('Bram', 'Mulder', 'Concierge', 1, '2019-05-27'),
        ('Eva', 'de Groot', 'Housekeeper', 2, '2022-07-04'),
        ('Thijs', 'Bos', 'Housekeeper', 2, '2023-12-04'),
        ('Noor', 'Vos', 'Cook', 3, '2021-08-16'),
        ('Ruben', 'Peters', 'Cook', 3, '2026-02-02'),
        ('Iris', 'Hendriks', 'Spa Therapist', 0, '2022-03-21')],
    4: [('Giulia', 'Bianchi', 'General Manager', None, '2021-01-11'),
        ('Lorenzo', 'Ricci', 'Front Office Manager', 0, '2021-02-01'),
        ('Chiara', 'Romano', 'Head Housekeeper', 0, '2021-02-15'),
        ('Matteo', 'Colombo', 'Head Chef', 0, '2020-10-05'),
        ('Alessia', 'Greco', 'Receptionist', 1, '2022-06-06'),
        ('Francesco', 'Bruno', 'Night Auditor', 1, '2023-04-17'),
        ('Elena', 'Gallo', 'Housekeeper', 2, '2021-03-29'),
        ('Davide', 'Conti', 'Cook', 3, '2024-05-13'),
        ('Sara', 'Marino', 'Sales Executive', 0, '2026-06-01')],
    5: [('Katharina', 'Huber', 'General Manager', None, '2023-06-01'),
        ('Lukas', 'Wagner', 'Front Office Manager', 0, '2023-07-03'),
        ('Anna', 'Gruber', 'Head Housekeeper', 0, '2023-07-17'),
        ('Florian', 'Bauer', 'Head Chef', 0, '2024-02-05'),
        ('Julia', 'Pichler', 'Receptionist', 1, '2023-08-21'),
        ('Stefan', 'Steiner', 'Receptionist', 1, '2025-03-03'),
        ('Lena', 'Moser', 'Night Auditor', 1, '2023-08-28'),
        ('Tobias', 'Hofer', 'Housekeeper', 2, '2023-08-14'),
        ('Sabine', 'Leitner', 'Housekeeper', 2, '2024-09-02'),
        ('Markus', 'Berger', 'Housekeeper', 2, '2026-04-13'),
        ('Johanna', 'Fuchs', 'Cook', 3, '2024-02-19')],
}

GUEST_COUNTRIES = [  # code, weight, first names, last names, phone prefix
    ('GB', 14, ['Oliver', 'Emily', 'Harry', 'Sophie', 'James', 'Charlotte', 'George', 'Amelia', 'Jack', 'Lucy', 'Thomas', 'Hannah', 'Alfie', 'Grace', 'Oscar', 'Evie', 'William', 'Ruby', 'Henry', 'Freya'],
     ['Smith', 'Jones', 'Taylor', 'Brown', 'Evans', 'Walker', 'Wright', 'Hughes', 'Green', 'Hall', 'Roberts', 'Wood', 'Clarke', 'Turner', 'Cooper', 'Ward', 'Morgan', 'Bennett', 'Harrison', 'Pearson'], '+44'),
    ('US', 16, ['Michael', 'Jennifer', 'David', 'Ashley', 'Chris', 'Megan', 'Ryan', 'Lauren', 'Tyler', 'Brittany', 'Kevin', 'Nicole', 'Brandon', 'Amanda', 'Justin', 'Stephanie', 'Kyle', 'Heather', 'Jason', 'Rachel'],
     ['Johnson', 'Miller', 'Davis', 'Garcia', 'Rodriguez', 'Wilson', 'Anderson', 'Moore', 'Jackson', 'Thompson', 'Harris', 'Robinson', 'Lewis', 'Young', 'Allen', 'Hernandez', 'Mitchell', 'Carter', 'Perez', 'Collins'], '+1'),
    ('DE', 12, ['Jonas', 'Lea', 'Felix', 'Hannah', 'Maximilian', 'Laura', 'Paul', 'Mia', 'Leon', 'Sophia', 'Niklas', 'Lena', 'Tim', 'Anna', 'Jan', 'Katharina', 'Moritz', 'Julia', 'Finn', 'Clara'],
     ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz', 'Hoffmann', 'Koch', 'Richter', 'Klein', 'Wolf', 'Schröder', 'Neumann', 'Schwarz', 'Zimmermann', 'Braun', 'Krüger'], '+49'),
    ('FR', 9, ['Lucas', 'Camille', 'Hugo', 'Manon', 'Louis', 'Chloé', 'Arthur', 'Inès', 'Jules', 'Léa', 'Nathan', 'Emma', 'Théo', 'Sarah', 'Antoine', 'Juliette', 'Maxime', 'Pauline', 'Raphaël', 'Margaux'],
     ['Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Richard', 'Petit', 'Durand', 'Leroy', 'Moreau', 'Simon', 'Laurent', 'Lefebvre', 'Michel', 'Garnier', 'Rousseau', 'Fontaine', 'Girard', 'Bonnet', 'Lambert'], '+33'),
    ('ES', 7, ['Pablo', 'Lucía', 'Alejandro', 'María', 'Daniel', 'Paula', 'Javier', 'Carmen', 'Sergio', 'Marta', 'Adrián', 'Elena', 'Diego', 'Laura', 'Álvaro', 'Sara'],
     ['García', 'Fernández', 'González', 'López', 'Martínez', 'Sánchez', 'Pérez', 'Gómez', 'Ruiz', 'Díaz', 'Moreno', 'Muñoz', 'Álvarez', 'Romero', 'Navarro', 'Torres'], '+34'),
    ('IT', 6, ['Marco', 'Giulia', 'Andrea', 'Francesca', 'Luca', 'Sara', 'Alessandro', 'Martina', 'Simone', 'Chiara', 'Matteo', 'Valentina', 'Federico', 'Elisa'],
     ['Rossi', 'Russo', 'Ferrari', 'Esposito', 'Bianchi', 'Romano', 'Colombo', 'Ricci', 'Marino', 'Greco', 'Bruno', 'Gallo', 'Conti', 'De Luca'], '+39'),
    ('NL', 6, ['Sem', 'Julia', 'Lucas', 'Emma', 'Finn', 'Tess', 'Levi', 'Sophie', 'Milan', 'Zoë', 'Daan', 'Fleur', 'Jesse', 'Anouk'],
     ['Jansen', 'de Jong', 'van Dijk', 'Bakker', 'Visser', 'Smit', 'Meijer', 'Mulder', 'de Wit', 'Dekker', 'van den Berg', 'Bos', 'Vos', 'Peters'], '+31'),
    ('IE', 4, ['Conor', 'Aoife', 'Seán', 'Ciara', 'Darragh', 'Niamh', 'Cian', 'Saoirse', 'Oisín', 'Róisín', 'Fionn', 'Orla'],
     ['Murphy', 'Kelly', "O'Sullivan", 'Walsh', 'Byrne', 'Ryan', "O'Brien", 'Doyle', 'McCarthy', 'Lynch'], '+353'),
    ('CA', 4, ['Liam', 'Olivia', 'Noah', 'Ava', 'Ethan', 'Chloe', 'Logan', 'Madison', 'Owen', 'Abigail'],
     ['Tremblay', 'Roy', 'Gagnon', 'Lee', 'Wilson', 'Campbell', 'MacDonald', 'Taylor', 'Martin', 'Brown'], '+1'),
    ('AU', 4, ['Jack', 'Isla', 'William', 'Mia', 'Thomas', 'Grace', 'Riley', 'Ella', 'Cooper', 'Zoe'],
     ['Smith', 'Jones', 'Williams', 'Brown', 'Wilson', 'Taylor', 'Nguyen', 'White', 'Martin', 'Kelly'], '+61'),
    ('JP', 3, ['Haruto', 'Yui', 'Sota', 'Hina', 'Yuto', 'Aoi', 'Riku', 'Sakura', 'Kaito', 'Mei'],
     ['Sato', 'Suzuki', 'Takahashi', 'Tanaka', 'Watanabe', 'Ito', 'Yamamoto', 'Nakamura', 'Kobayashi', 'Kato'], '+81'),
    ('BR', 3, ['João', 'Ana', 'Gabriel', 'Beatriz', 'Rafael', 'Larissa', 'Lucas', 'Camila', 'Matheus', 'Juliana'],
     ['Silva', 'Santos', 'Oliveira', 'Souza', 'Lima', 'Pereira', 'Costa', 'Ferreira', 'Alves', 'Ribeiro'], '+55'),
    ('SE', 3, ['Erik', 'Elsa', 'Oscar', 'Maja', 'Axel', 'Alva', 'Hugo', 'Wilma', 'Viktor', 'Ebba'],
     ['Andersson', 'Johansson', 'Karlsson', 'Nilsson', 'Eriksson', 'Larsson', 'Olsson', 'Persson', 'Svensson', 'Lindberg'], '+46'),
    ('CH', 3, ['Noah', 'Lina', 'Luca', 'Elena', 'Nico', 'Nina', 'Jan', 'Alina', 'Samuel', 'Lara'],
     ['Meier', 'Keller', 'Brunner', 'Baumann', 'Frei', 'Zimmermann', 'Gerber', 'Widmer', 'Kaufmann', 'Graf'], '+41'),
    ('PT', 3, ['Afonso', 'Leonor', 'Duarte', 'Matilde', 'Tomás', 'Carolina', 'Gonçalo', 'Mariana', 'Rodrigo', 'Inês'],
     ['Silva', 'Santos', 'Ferreira', 'Pereira', 'Oliveira', 'Costa', 'Rodrigues', 'Martins', 'Sousa', 'Fernandes'], '+351'),
    ('AT', 2, ['Lukas', 'Anna', 'David', 'Lena', 'Jakob', 'Marie', 'Elias', 'Sarah', 'Moritz', 'Valentina'],
     ['Gruber', 'Huber', 'Bauer', 'Wagner', 'Pichler', 'Steiner', 'Moser', 'Mayer', 'Hofer', 'Leitner'], '+43'),
]
CHANNELS = [('Direct', 28), ('Booking.com', 30), ('Expedia', 18), ('Phone', 10), ('Travel Agent', 8), ('Walk-in', 3)]
# item, price, qty rule
EXTRAS = [('Breakfast', 18.0, 'pn'), ('Parking', 25.0, 'n'), ('Minibar', 6.5, 'small'), ('Spa treatment', 85.0, 'one2'),
          ('Room service', 32.0, 'one3'), ('Airport transfer', 55.0, 'one'), ('Laundry', 14.0, 'one2'),
          ('Late checkout', 40.0, 'one'), ('Bike hire', 15.0, 'n')]
GOOD = ['Lovely stay, friendly staff.', 'Great location and spotless room.', 'Breakfast was excellent.',
        'Would definitely come back.', 'Staff went out of their way to help.', 'Comfortable bed, quiet room.']
MEH = ['Room was fine but a bit small.', 'Decent value, nothing special.', 'Check-in took a while.',
       'Wifi was patchy.', 'Good location, tired decor.']
BAD = ['Noisy at night, could not sleep.', 'Room was not clean on arrival.', 'Rude reception staff.',
       'Heating did not work.', 'Overpriced for what you get.', 'Shower was cold every morning.']


def wchoice(rnd, pairs):
    tot = sum(w for _, w in pairs)
    x = rnd.uniform(0, tot)
    for v, w in pairs:
        x -= w
        if x <= 0:
            return v
    return pairs[-1][0]


def build_hotel():
    rnd = random.Random(19_001)
    con = fresh('hotel')
    con.executescript(HOTEL_DDL)
    con.executemany('INSERT INTO hotels VALUES (?,?,?,?,?,?)', [h[:6] for h in HOTELS])

    # rooms
    rooms = []
    for h in HOTELS:
        hid, n, fac = h[0], h[6], h[7]
        types = []
        for t, occ, base, w in ROOM_TYPES:
            types += [(t, occ, base)] * w
        for k in range(n):
            t, occ, base = types[k % len(types)] if k < len(types) else rnd.choice(types)
            if k == n - 1:
                t, occ, base = 'Suite', 3, 289.0
            floor = 1 + k // 6
            rate = round(base * fac * rnd.uniform(0.95, 1.08) / 5) * 5 - 1
            rooms.append([len(rooms) + 1, hid, f'{floor}{k % 6 + 1:02d}', t, occ, float(rate), floor,
                          1 if k % 5 == 0 else 0])
    con.executemany('INSERT INTO rooms VALUES (?,?,?,?,?,?,?,?)', rooms)

    # guests
    guests = []
    used_emails, used_names = set(), set()
    for gid in range(1, 1451):
        while True:   # full names are unique
            c = wchoice(rnd, [(g, g[1]) for g in GUEST_COUNTRIES])
            fn, ln = rnd.choice(c[2]), rnd.choice(c[3])
            if (fn, ln) not in used_names:
                break
        used_names.add((fn, ln))
        base = f"{fn}.{ln}".lower().replace(' ', '').replace("'", '')
        base = base.translate(str.maketrans('áéíóúüöäçãõôêèàëïñåøìò', 'aeiouuoacaooeeaeinaoio'))
        email = f'{base}@{rnd.choice(["gmail.com", "outlook.com", "yahoo.com", "icloud.com", "proton.me", "web.de"])}'
        n = 2
        while email in used_emails:
            email = email.replace('@', f'{n}@', 1) if n == 2 else email.replace(f'{n - 1}@', f'{n}@')
            n += 1
        used_emails.add(email)
        phone = f"{c[4]} {rnd.randint(100, 999)} {rnd.randint(100000, 999999)}" if rnd.random() < 0.85 else None
        created = dt.datetime(2024, 1, 1) + dt.timedelta(minutes=rnd.randint(0, int((LAST - START).days * 1440 * 0.97)))
        guests.append([gid, fn, ln, email, phone, c[0], None, created])
    # who books: a few regulars, many one-offs, ~10% never book
    weights = []
    for g in guests:
        r = rnd.random()
        weights.append(0 if r < 0.08 else (5 if r < 0.12 else (2 if r < 0.50 else 1)))

    # bookings, per room without overlaps
    bookings = []
    hotel_of_room = {r[0]: r[1] for r in rooms}
    fac_of = {h[0]: h[7] for h in HOTELS}
    cand_ids = [g[0] for g in guests]
    horizon = dt.date(2027, 2, 28)
    for r in rooms:
        d = START + dt.timedelta(days=rnd.randint(1, 12))
        while d < horizon:
            nights = wchoice(rnd, [(1, 18), (2, 26), (3, 22), (4, 12), (5, 8), (6, 4), (7, 6), (10, 2), (14, 1)])
            cin, cout = d, d + dt.timedelta(days=nights)
            lead = wchoice(rnd, [(0, 4), (rnd.randint(1, 7), 20), (rnd.randint(8, 30), 35), (rnd.randint(31, 120), 41)])
            booked = dt.datetime(cin.year, cin.month, cin.day, 0, 0) - dt.timedelta(days=lead) + \
                dt.timedelta(minutes=rnd.randint(7 * 60, 23 * 60))
            if booked.date() > cin:
                booked -= dt.timedelta(days=1)
            if booked.date() < START:
                booked = dt.datetime(2024, 1, 1, rnd.randint(8, 22), rnd.randint(0, 59))
            if booked.date() > LAST:
                break  # not booked yet
            if cin > TODAY + dt.timedelta(days=rnd.randint(20, 95)):
                break
            # the guest's profile exists by the time of the first booking
            gid = rnd.choices(cand_ids, weights)[0]
            if guests[gid - 1][7] > booked:
                guests[gid - 1][7] = booked - dt.timedelta(minutes=rnd.randint(5, 600))
            chan = 'Walk-in' if lead == 0 and rnd.random() < 0.6 else wchoice(rnd, [c for c in CHANNELS if c[0] != 'Walk-in'])
            if cout <= TODAY:
                status = wchoice(rnd, [('Completed', 84), ('Cancelled', 11), ('No-show', 5 if chan != 'Walk-in' else 0)])
            elif cin <= LAST:
                status = 'Checked-in'
            else:
                status = wchoice(rnd, [('Confirmed', 88), ('Cancelled', 12)])
            if chan == 'Walk-in' and status == 'Cancelled':
                status = 'Completed' if cout <= TODAY else 'Checked-in'
            occ = r[4]
            ng = min(occ, wchoice(rnd, [(1, 3), (2, 6), (3, 1), (4, 1)]))
            season = 1.18 if cin.month in (6, 7, 8, 12) else (0.88 if cin.month in (1, 2, 11) else 1.0)
            disc = 0.93 if chan == 'Direct' else 1.0
            rate = r[5] * season * disc
            act = None
            if status == 'Completed':
                x = rnd.random()
                if x < 0.045:
                    act = cout + dt.timedelta(days=rnd.choice([1, 1, 2]))
                elif x < 0.10 and nights > 1:
                    act = cout - dt.timedelta(days=1)
                else:
                    act = cout
                total = round(rate * (act - cin).days, 2)
            elif status == 'Cancelled':
                total = 0.0
            elif status == 'No-show':
                total = round(rate, 2)
            else:
                total = round(rate * nights, 2)
            bookings.append([None, gid, r[0], day(cin), day(cout), day(act) if act else None, ng, status, ts(booked),
                             chan, total])
            d = (act if act and act > cout else cout) + dt.timedelta(days=wchoice(rnd, [(0, 10), (rnd.randint(1, 6), 30),
                                                                                        (rnd.randint(7, 30), 45),
                                                                                        (rnd.randint(31, 70), 15)]))
    bookings.sort(key=lambda b: (b[8], b[2]))
    for i, b in enumerate(bookings, 1):
        b[0] = i

    # loyalty tiers from completed stays
    stays = {}
    for b in bookings:
        if b[7] == 'Completed':
            stays[b[1]] = stays.get(b[1], 0) + 1
    for g in guests:
        s = stays.get(g[0], 0)
        x = rnd.random()
        if s >= 8:
            tier = 'Platinum' if x < 0.7 else 'Gold'
        elif s >= 4:
            tier = 'Gold' if x < 0.6 else ('Silver' if x < 0.9 else 'Platinum')
        elif s >= 2:
            tier = 'Silver' if x < 0.55 else (None if x < 0.85 else 'Gold')
        else:
            tier = None if x < 0.65 else ('Silver' if x < 0.9 else 'Gold')
        g[6] = tier
        g[7] = ts(g[7])
    con.executemany('INSERT INTO guests VALUES (?,?,?,?,?,?,?,?)', guests)
    con.executemany('INSERT INTO bookings VALUES (?,?,?,?,?,?,?,?,?,?,?)', bookings)

    # extras
    extras = []
    for b in bookings:
        if b[7] not in ('Completed', 'Checked-in'):
            continue
        cin = dt.date.fromisoformat(b[3])
        end = dt.date.fromisoformat(b[5] or b[4])
        if b[7] == 'Checked-in':
            end = LAST + dt.timedelta(days=1)
        nights = max(1, (end - cin).days)
        hfac = fac_of[hotel_of_room[b[2]]]
        k = wchoice(rnd, [(0, 30), (1, 30), (2, 22), (3, 12), (4, 6)])
        items = rnd.sample(EXTRAS, k)
        for item, price, rule in items:
            if item == 'Bike hire' and hotel_of_room[b[2]] not in (3, 4):
                continue
            if item == 'Late checkout' and b[7] != 'Completed':
                continue
            qty = {'pn': nights * b[6], 'n': nights, 'small': rnd.randint(1, 6), 'one': 1, 'one2': rnd.randint(1, 2),
                   'one3': rnd.randint(1, 3)}[rule]
            up = round(price * (hfac if item in ('Spa treatment', 'Room service', 'Breakfast') else 1.0), 1)
            when = cin + dt.timedelta(days=rnd.randint(0, nights - 1))
            if item == 'Late checkout':
                when = end
            if when > LAST:
                when = LAST
            extras.append((len(extras) + 1, b[0], item, up, qty,
                           ts(dt.datetime(when.year, when.month, when.day, rnd.randint(7, 22), rnd.randint(0, 59)))))
    con.executemany('INSERT INTO booking_extras VALUES (?,?,?,?,?,?)', extras)

    # staff
    staff = [(1, None, 'Helena', 'Voss', 'Group Managing Director', None, 'helena.voss@lanternhotels.com', '2012-01-09')]
    for hid, plan in STAFF_PLAN.items():
        ids = []
        for fn, ln, title, mgr, hired in plan:
            sid = len(staff) + 1
            ids.append(sid)
            mid = 1 if mgr is None else ids[mgr]
            email = f"{fn[0].lower()}.{ln.lower().replace(' ', '')}@lanternhotels.com"
            email = email.translate(str.maketrans('êé', 'ee'))
            staff.append((sid, hid, fn, ln, title, mid, email, hired))
    con.executemany('INSERT INTO staff VALUES (?,?,?,?,?,?,?,?)', staff)

    # reviews
    bias = {h[0]: h[8] for h in HOTELS}
    reviews = []
    for b in bookings:
        if b[7] != 'Completed' or rnd.random() > 0.36:
            continue
        mu = 8.0 + bias[hotel_of_room[b[2]]] + (0.4 if b[9] == 'Direct' else 0)
        s = int(round(min(10, max(1, rnd.gauss(mu, 1.5)))))
        posted = dt.date.fromisoformat(b[5]) + dt.timedelta(days=rnd.randint(0, 12))
        if posted > LAST:
            continue
        comment = rnd.choice(GOOD if s >= 8 else (MEH if s >= 5 else BAD)) if rnd.random() < 0.8 else None
        reviews.append((len(reviews) + 1, b[0], s, comment,
                        ts(dt.datetime(posted.year, posted.month, posted.day, rnd.randint(6, 23), rnd.randint(0, 59)))))
    con.executemany('INSERT INTO reviews VALUES (?,?,?,?,?)', reviews)
    con.commit()
    con.close()


# ====================================================================== saas
SAAS_DDL = """
CREATE TABLE Plans (
    PlanId            INTEGER PRIMARY KEY,
    PlanName          TEXT NOT NULL,
    MonthlyPriceCents INTEGER NOT NULL,
    MaxSeats          INTEGER,
    IsPublic          INTEGER NOT NULL DEFAULT 1
);
CREATE TABLE Accounts (
    AccountId   INTEGER PRIMARY KEY,
    CompanyName TEXT NOT NULL,
    Industry    TEXT,
    CountryCode CHAR(2) NOT NULL,
    Website     TEXT,
    CreatedOn   DATE NOT NULL
);
CREATE TABLE Users (
    UserId      INTEGER PRIMARY KEY,
    AccountId   INTEGER NOT NULL REFERENCES Accounts(AccountId),
    FirstName   TEXT NOT NULL,
    LastName    TEXT NOT NULL,
    Email       TEXT NOT NULL,
    IsAdmin     INTEGER NOT NULL DEFAULT 0,
    CreatedAt   DATETIME NOT NULL,
    LastLoginAt DATETIME
);
CREATE INDEX IX_Users_AccountId ON Users(AccountId);
CREATE TABLE Subscriptions (
    SubscriptionId INTEGER PRIMARY KEY,
    AccountId      INTEGER NOT NULL REFERENCES Accounts(AccountId),
    PlanId         INTEGER NOT NULL REFERENCES Plans(PlanId),
    StartDate      DATE NOT NULL,
    EndDate        DATE,
    Status         TEXT NOT NULL
);
CREATE INDEX IX_Subscriptions_AccountId ON Subscriptions(AccountId);
CREATE TABLE Invoices (
    InvoiceId      INTEGER PRIMARY KEY,
    AccountId      INTEGER NOT NULL REFERENCES Accounts(AccountId),
    SubscriptionId INTEGER REFERENCES Subscriptions(SubscriptionId),
    InvoiceDate    DATE NOT NULL,
    DueDate        DATE NOT NULL,
    PaidDate       DATE,
    AmountCents    INTEGER NOT NULL
);
CREATE INDEX IX_Invoices_AccountId ON Invoices(AccountId);
CREATE TABLE SupportTickets (
    TicketId          INTEGER PRIMARY KEY,
    AccountId         INTEGER NOT NULL REFERENCES Accounts(AccountId),
    OpenedByUserId    INTEGER REFERENCES Users(UserId),
    Subject           TEXT NOT NULL,
    Priority          TEXT NOT NULL,
    OpenedAt          DATETIME NOT NULL,
    ClosedAt          DATETIME,
    ResolutionMinutes INTEGER
);
CREATE INDEX IX_SupportTickets_AccountId ON SupportTickets(AccountId);
CREATE TABLE Events (
    EventId    INTEGER PRIMARY KEY,
    UserId     INTEGER NOT NULL REFERENCES Users(UserId),
    EventType  TEXT NOT NULL,
    OccurredAt DATETIME NOT NULL
);
CREATE INDEX IX_Events_UserId ON Events(UserId);
CREATE INDEX IX_Events_OccurredAt ON Events(OccurredAt);
"""
PLANS = [(1, 'Free', 0, 2, 1), (2, 'Starter', 2900, 5, 1), (3, 'Team', 9900, 25, 1), (4, 'Business', 29900, 100, 1),
         (5, 'Enterprise', 89900, None, 0)]
INDUSTRIES = [('Software', 24), ('Healthcare', 12), ('Retail', 14), ('Financial Services', 10), ('Education', 9),
              ('Manufacturing', 8), ('Media', 7), ('Logistics', 7), ('Nonprofit', 4)]
COUNTRIES = [('US', 34), ('GB', 14), ('DE', 10), ('CA', 7), ('FR', 6), ('NL', 5), ('AU', 5), ('SE', 3), ('IE', 3),
             ('ES', 3), ('BR', 3), ('IN', 4), ('JP', 2), ('DK', 1)]
PRE = ['North', 'Blue', 'Silver', 'Copper', 'Red', 'Bright', 'Iron', 'Clear', 'Swift', 'Green', 'Stone', 'Oak',
       'Harbor', 'Summit', 'Maple', 'Falcon', 'Cedar', 'Lumen', 'Nova', 'Pine', 'Atlas', 'Vertex', 'Willow', 'Orbit',
       'Quarry', 'Beacon', 'Juniper', 'Crescent', 'Granite', 'Tidal']
MID = ['field', 'line', 'gate', 'wave', 'peak', 'brook', 'ridge', 'stone', 'light', 'path', 'bridge', 'point', 'crest',
       'haven', 'works']
SUF = {'Software': ['Labs', 'Software', 'Systems', 'Technologies'], 'Healthcare': ['Health', 'Clinics', 'Medical', 'Care'],
       'Retail': ['Stores', 'Outfitters', 'Goods', 'Retail'], 'Financial Services': ['Capital', 'Finance', 'Partners', 'Advisors'],
       'Education': ['Academy', 'Learning', 'Schools', 'Institute'], 'Manufacturing': ['Industries', 'Manufacturing', 'Fabrication', 'Works Ltd'],
       'Media': ['Media', 'Studios', 'Publishing', 'Creative'], 'Logistics': ['Logistics', 'Freight', 'Transport', 'Shipping'],
       'Nonprofit': ['Foundation', 'Trust', 'Alliance', 'Society']}
FIXED_ACCOUNTS = {7: ('Larkspur Dental Group', 'Healthcare', 'US'), 23: ('Copperline Logistics', 'Logistics', 'GB'),
                  41: ('Quillfeather Media', 'Media', 'IE'), 60: ('Brightwater Analytics', 'Software', 'DE')}
FIRST = ['James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth', 'William',
         'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Priya', 'Arjun', 'Wei', 'Yuki', 'Lars',
         'Ingrid', 'Pierre', 'Amélie', 'Carlos', 'Sofia', 'Hans', 'Greta', 'Liam', 'Aisha', 'Omar', 'Chen', 'Fatima',
         'Noah', 'Emma', 'Olivia', 'Ethan', 'Ava', 'Mateo', 'Isabela', 'Kenji', 'Freya', 'Niels', 'Maeve', 'Declan']
LAST_NAMES = ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Martinez', 'Lopez',
              'Wilson', 'Anderson', 'Taylor', 'Thomas', 'Moore', 'Martin', 'Lee', 'Clark', 'Lewis', 'Walker', 'Hall',
              'Young', 'King', 'Wright', 'Patel', 'Shah', 'Kumar', 'Nakamura', 'Schmidt', 'Weber', 'Dubois', 'Laurent',
              'Jensen', 'Larsen', 'Nilsson', 'Okafor', 'Mensah', 'Rossi', 'Novak', 'Kowalski', 'Murphy', 'Byrne',
              'Silva', 'Costa', 'Fischer', 'Becker', 'Cohen', 'Ali', 'Khan', 'Chen', 'Wang']
SUBJECTS = ['Cannot log in', 'SSO configuration', 'Invoice question', 'Export to CSV fails', 'API rate limit',
            'Dashboard loading slowly', 'Add more seats', 'Change billing email', 'Data import error',
            'Webhook not firing', 'Permission issue', 'Feature request', 'Password reset not received',
            'Integration with Salesforce', 'Report shows wrong totals', 'Cancel subscription']
EVENT_TYPES = [('Login', 50), ('ReportExported', 14), ('DashboardCreated', 8), ('ApiCall', 12), ('UserInvited', 4),
               ('IntegrationConnected', 3), ('FileUploaded', 9)]


def add_months(d, n):
    y, m = d.year + (d.month - 1 + n) // 12, (d.month - 1 + n) % 12 + 1
    last = [31, 29 if y % 4 == 0 else 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]
    return dt.date(y, m, min(d.day, last))


def build_saas():
    rnd = random.Random(19_002)
    con = fresh('saas')
    con.executescript(SAAS_DDL)
    con.executemany('INSERT INTO Plans VALUES (?,?,?,?,?)', PLANS)

    accounts, names = [], set()
    span = (dt.date(2026, 11, 20) - dt.date(2024, 1, 2)).days
    created = sorted(dt.date(2024, 1, 2) + dt.timedelta(days=int(span * (rnd.random() ** 0.85))) for _ in range(430))
    for aid, c in enumerate(created, 1):
        if aid in FIXED_ACCOUNTS:
            name, ind, cc = FIXED_ACCOUNTS[aid]
        else:
            ind = wchoice(rnd, INDUSTRIES)
            cc = wchoice(rnd, COUNTRIES)
            while True:
                name = f"{rnd.choice(PRE)}{rnd.choice(MID)} {rnd.choice(SUF[ind])}"
                if name not in names and not any(name.split()[0] == v[0].split()[0] for v in FIXED_ACCOUNTS.values()):
                    break
        names.add(name)
        site = 'https://www.' + name.split()[0].lower() + '.' + {'GB': 'co.uk', 'DE': 'de', 'FR': 'fr', 'NL': 'nl',
                                                                   'SE': 'se', 'JP': 'jp', 'IE': 'ie', 'DK': 'dk'}.get(cc, 'com')
        accounts.append((aid, name, ind if rnd.random() > 0.03 or aid in FIXED_ACCOUNTS else None, cc,
                         site if rnd.random() < 0.9 else None, day(c)))
    con.executemany('INSERT INTO Accounts VALUES (?,?,?,?,?,?)', accounts)

    # subscriptions
    subs = []   # id, acct, plan, start, end, status
    for a in accounts:
        aid, c = a[0], dt.date.fromisoformat(a[5])
        age = (TODAY - c).days
        if age <= 14:
            subs.append([aid, wchoice(rnd, [(2, 5), (3, 4), (4, 1)]), c, None, 'Trialing'])
            continue
        x = rnd.random() if aid not in FIXED_ACCOUNTS else 0.5
        if x < 0.14:   # trial that never converted
            subs.append([aid, wchoice(rnd, [(2, 5), (3, 4)]), c, c + dt.timedelta(days=14), 'Expired'])
            continue
        if x < 0.22:   # free plan
            subs.append([aid, 1, c, None, 'Active'])
            continue
        plan = wchoice(rnd, [(2, 40), (3, 35), (4, 18), (5, 4)])
        if aid in FIXED_ACCOUNTS:
            plan = {7: 3, 23: 4, 41: 2, 60: 5}[aid]
        start = c + dt.timedelta(days=14)
        while True:
            months_left = (TODAY - start).days // 30
            if months_left <= 0:
                subs.append([aid, plan, start, None, 'Active'])
                break
            ev = rnd.random()
            k = rnd.randint(2, 20)
            if ev < 0.55 or k >= months_left or aid in FIXED_ACCOUNTS:
                st = 'PastDue' if rnd.random() < 0.05 else 'Active'
                subs.append([aid, plan, start, None, st])
                break
            end = add_months(start, k) - dt.timedelta(days=1)
            if ev < 0.78 and plan < 5:   # upgrade
                subs.append([aid, plan, start, end, 'Canceled'])
                plan += 1
                start = end + dt.timedelta(days=1)
                continue
            if ev < 0.84 and plan > 2:   # downgrade
                subs.append([aid, plan, start, end, 'Canceled'])
                plan -= 1
                start = end + dt.timedelta(days=1)
                continue
            subs.append([aid, plan, start, end, 'Canceled'])   # churn
            break
    subs = [[i + 1] + s for i, s in enumerate(subs)]
    con.executemany('INSERT INTO Subscriptions VALUES (?,?,?,?,?,?)',
                    [[day(v) if isinstance(v, dt.date) else v for v in s] for s in subs])

    # invoices (monthly, in advance, on calendar months)
    price = {p[0]: p[2] for p in PLANS}
    terms = {a[0]: (14 if rnd.random() < 0.3 else 30) for a in accounts}
    slow = {a[0]: rnd.random() < 0.15 for a in accounts}
    invoices = []
    for s in subs:
        sid, aid, plan, start, end, st = s
        if price[plan] == 0 or st in ('Trialing', 'Expired'):
            continue
        periods = []   # (invoice date, amount): billed on the 1st of each month, first and last month prorated
        d = start
        while d <= LAST and (end is None or d <= end):
            nxt = add_months(dt.date(d.year, d.month, 1), 1)
            dim = (nxt - dt.date(d.year, d.month, 1)).days
            stop = min(nxt - dt.timedelta(days=1), end) if end else nxt - dt.timedelta(days=1)
            days = (stop - d).days + 1
            periods.append((d, price[plan] if days == dim else int(round(price[plan] * days / dim))))
            d = nxt
        for idate, amount in periods:
            if amount == 0:
                continue
            due = idate + dt.timedelta(days=terms[aid])
            r = rnd.random()
            late_p = 0.35 if slow[aid] else 0.08
            if st == 'PastDue' and idate > LAST - dt.timedelta(days=75):
                paid = None
            elif r < late_p:
                paid = due + dt.timedelta(days=rnd.randint(1, 40))
            elif r < late_p + 0.006 and (LAST - due).days > 0:
                paid = None
            else:
                paid = idate + dt.timedelta(days=rnd.randint(0, terms[aid] - 1))
            if paid and paid > LAST:
                paid = None
            invoices.append([aid, sid, day(idate), day(due), day(paid) if paid else None, amount])
    invoices.sort(key=lambda v: (v[2], v[0]))
    con.executemany('INSERT INTO Invoices VALUES (?,?,?,?,?,?,?)', [[i + 1] + v for i, v in enumerate(invoices)])

    # users
    users = []
    seats = {}
    for s in subs:
        seats[s[1]] = max(seats.get(s[1], 0), {1: 2, 2: 5, 3: 18, 4: 45, 5: 90}[s[2]])
    for a in accounts:
        aid, c = a[0], dt.date.fromisoformat(a[5])
        n = max(1, min(seats.get(aid, 3), int(rnd.expovariate(1 / max(2, seats.get(aid, 3) * 0.35))) + 1))
        if aid in FIXED_ACCOUNTS:
            n = max(n, 12)
        dom = a[1].split()[0].lower() + '.' + ('com' if a[3] in ('US', 'CA', 'AU', 'IN', 'BR') else 'io')
        used = set()
        for k in range(n):
            while True:
                fn, ln = rnd.choice(FIRST), rnd.choice(LAST_NAMES)
                if (fn, ln) not in used:
                    break
            used.add((fn, ln))
            uc = c + dt.timedelta(days=0 if k == 0 else int((TODAY - c).days * rnd.random() ** 1.5))
            if uc > LAST:
                uc = LAST
            created_at = dt.datetime(uc.year, uc.month, uc.day, rnd.randint(7, 19), rnd.randint(0, 59), rnd.randint(0, 59))
            admin = 1 if k == 0 or rnd.random() < 0.08 or (aid in FIXED_ACCOUNTS and k == 4) else 0
            email = f"{fn[0].lower()}{ln.lower()}@{dom}".replace('é', 'e')
            users.append([len(users) + 1, aid, fn, ln, email, admin, created_at, None])

    # events and last login
    status_of = {}
    for s in subs:
        status_of[s[1]] = s[5]
    events = []
    for u in users:
        uid, aid, created_at = u[0], u[1], u[6]
        active_acct = status_of[aid] in ('Active', 'PastDue', 'Trialing')
        if rnd.random() < (0.06 if active_acct else 0.15):
            continue   # invited, never logged in
        stop = dt.datetime(2026, 11, 26, 23, 0) if active_acct else \
            created_at + dt.timedelta(days=rnd.randint(10, 400))
        if rnd.random() < 0.12:
            stop = created_at + dt.timedelta(days=rnd.randint(1, 500))   # dormant user
        stop = min(stop, dt.datetime(2026, 11, 26, 23, 0))
        if stop <= created_at:
            stop = created_at + dt.timedelta(hours=2)
        n = rnd.randint(1, 12)
        first = True
        for _ in range(n):
            t = created_at + dt.timedelta(seconds=int((stop - created_at).total_seconds() * rnd.random() ** 0.6))
            et = 'Login' if first else wchoice(rnd, EVENT_TYPES)
            first = False
            events.append([uid, et, t])
    # make sure last week is populated with exports
    for uid in range(1, len(users) + 1, 37):
        if status_of[users[uid - 1][1]] in ('Active', 'PastDue'):
            t = dt.datetime(2026, 11, 12) + dt.timedelta(minutes=rnd.randint(0, 14 * 1440 + 600))
            if t > users[uid - 1][6]:
                events.append([uid, rnd.choice(['ReportExported', 'Login', 'ApiCall']), t])
    events.sort(key=lambda e: (e[2], e[0]))
    last_login = {}
    for uid, et, t in events:
        if et == 'Login':
            last_login[uid] = t
    for u in users:
        u[7] = ts(last_login[u[0]]) if u[0] in last_login else None
        u[6] = ts(u[6])
    con.executemany('INSERT INTO Users VALUES (?,?,?,?,?,?,?,?)', users)
    con.executemany('INSERT INTO Events VALUES (?,?,?,?)', [[i + 1, e[0], e[1], ts(e[2])] for i, e in enumerate(events)])

    # support tickets
    by_acct = {}
    for u in users:
        by_acct.setdefault(u[1], []).append(u)
    tickets = []
    for a in accounts:
        aid, c = a[0], dt.date.fromisoformat(a[5])
        big = status_of[aid] in ('Active', 'PastDue')
        lam = {1: 0.5, 2: 2.0, 3: 4.5, 4: 9.0, 5: 16.0}[max(s[2] for s in subs if s[1] == aid)]
        n = int(rnd.expovariate(1 / lam)) if big or rnd.random() < 0.5 else 0
        if aid in FIXED_ACCOUNTS:
            n = max(n, 6)
        for _ in range(n):
            u = rnd.choice(by_acct[aid])
            uc = dt.datetime.fromisoformat(u[6])
            lim = dt.datetime(2026, 11, 26, 18, 0)
            t0 = uc + dt.timedelta(seconds=int((lim - uc).total_seconds() * rnd.random()))
            pr = wchoice(rnd, [('Low', 25), ('Normal', 45), ('High', 22), ('Urgent', 8)])
            mean = {'Low': 3000, 'Normal': 1500, 'High': 600, 'Urgent': 180}[pr]
            mins = int(rnd.expovariate(1 / mean)) + rnd.randint(5, 40)
            closed = t0 + dt.timedelta(minutes=mins)
            if closed > lim or rnd.random() < 0.02:
                closed, mins = None, None
            tickets.append([aid, u[0], rnd.choice(SUBJECTS), pr, t0, closed, mins])
    tickets.sort(key=lambda v: (v[4], v[0]))
    con.executemany('INSERT INTO SupportTickets VALUES (?,?,?,?,?,?,?,?)',
                    [[i + 1] + v[:4] + [ts(v[4]), ts(v[5]) if v[5] else None, v[6]] for i, v in enumerate(tickets)])
    con.commit()
    con.close()


if __name__ == '__main__':
    build_hotel()
    build_saas()
    for n in ('hotel', 'saas'):
        con = sqlite3.connect(os.path.join(ROOT, 'dbs', n, n + '.sqlite'))
        tabs = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type IN ('table','view') ORDER BY name")]
        print(n, ', '.join(f'{t}={con.execute(f"SELECT COUNT(*) FROM [{t}]").fetchone()[0]}' for t in tabs))
