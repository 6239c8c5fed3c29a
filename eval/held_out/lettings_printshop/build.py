#!/usr/bin/env python3
"""Build two small-business SQLite databases with generated rows (fixed seeds, standard library only).

  dbs/lettings/lettings.sqlite    small letting agency in West/North Yorkshire (snake_case, terse names)
  dbs/printshop/printshop.sqlite  print-on-demand web shop, exported from its store platform

"Today" is Saturday 2026-11-28; some rows lie in the future (rent not yet due, fixed terms ending later,
a tenancy agreed to start next month).
"""
import datetime as dt
import os
import random
import sqlite3

HERE = os.path.dirname(os.path.abspath(__file__))
TODAY = dt.date(2026, 11, 28)
START = dt.date(2025, 1, 1)


def rdate(rng, a, b):
    return a + dt.timedelta(days=rng.randrange((b - a).days + 1))


def add_months(d, n, day=None):
    y, m = divmod(d.month - 1 + n, 12)
    y += d.year
    m += 1
    day = day or d.day
    while True:
        try:
            return dt.date(y, m, day)
        except ValueError:
            day -= 1


def iso(d):
    return d.isoformat() if d is not None else None


def ts(d):
    return d.strftime('%Y-%m-%d %H:%M:%S') if d is not None else None


# ============================================================================================
# lettings
# ============================================================================================
T_FIRST = ['Oliver', 'Amelia', 'Harry', 'Isla', 'Jack', 'Sophie', 'Liam', 'Chloe', 'Ethan', 'Hannah', 'Ryan',
           'Megan', 'Callum', 'Jessica', 'Nathan', 'Lauren', 'Adam', 'Zara', 'Kieran', 'Bethany', 'Daniel',
           'Rachel', 'Tomasz', 'Katarzyna', 'Imran', 'Ayesha', 'Kofi', 'Abena', 'Luca', 'Giulia', 'Sanjay',
           'Priya', 'Connor', 'Erin', 'Marcus', 'Nadia', 'Owen', 'Holly', 'Jamal', 'Leah', 'Stefan', 'Ana',
           'Rhys', 'Ffion', 'Yusuf', 'Maryam', 'Dominic', 'Jade']
T_LAST = ['Smith', 'Jones', 'Taylor', 'Brown', 'Wilson', 'Walker', 'Wood', 'Thompson', 'Wright', 'Robinson',
          'Hall', 'Hughes', 'Clarke', 'Shaw', 'Holmes', 'Barker', 'Sykes', 'Ackroyd', 'Haigh', 'Firth',
          'Patel', 'Hussain', 'Akhtar', 'Mahmood', 'Nowak', 'Kowalczyk', 'Mensah', 'Owusu', 'Rossi', 'Bianchi',
          'Sharma', 'Kaur', 'Murphy', 'Doyle', 'Greenwood', 'Sutcliffe', 'Lockwood', 'Brook', 'Pearson',
          'Ellis', 'Popescu', 'Dobson']

LANDLORDS = [
    ('Margaret Whitaker', 10.0), ('Rajesh Patel', 12.0), ('Aire Valley Homes Ltd', 8.0),
    ('Geoff & Linda Hebden', 10.0), ('Samina Chaudhry', 12.0), ('Kirkstall Property Holdings Ltd', 8.0),
    ('Dr Alan Moorhouse', 10.0), ('Claire Fenwick', 12.5), ('Nidd Estates LLP', 9.0),
    ('Peter Oyelaran', 10.0), ('Susan Ibbotson', 12.0), ('Harewood Lettings Trust', 8.5),
    ('Michael Carr', 10.0), ('Joanne Threlfall', 12.0),
]

TOWNS = [  # town, weight, postcode district(s), base pcm for a 1-bed
    ('Leeds', 17, ['LS6', 'LS4', 'LS7', 'LS11', 'LS12', 'LS8'], 725),
    ('Harrogate', 8, ['HG1', 'HG2'], 780),
    ('York', 7, ['YO10', 'YO24', 'YO31'], 820),
    ('Wakefield', 6, ['WF1', 'WF2'], 560),
    ('Bradford', 6, ['BD7', 'BD9', 'BD3'], 495),
    ('Otley', 4, ['LS21'], 650),
]
STREETS = {
    'Leeds': ['Cardigan Road', 'Ash Grove', 'Brudenell Mount', 'Chapel Lane', 'Harehills Avenue', 'Tong Road',
              'Beeston Hill', 'Royal Park Terrace', 'Roundhay Road', 'Meanwood Road', 'Kirkstall Lane',
              'Armley Ridge Road'],
    'Harrogate': ['Skipton Road', 'Dragon Parade', 'Franklin Mount', 'Kings Road', 'Cold Bath Road'],
    'York': ['Heslington Lane', 'Bishopthorpe Road', 'Huntington Road', 'Tadcaster Road', 'Lawrence Street'],
    'Wakefield': ['Dewsbury Road', 'Eastmoor Road', 'Thornes Lane', 'College Grove Road'],
    'Bradford': ['Great Horton Road', 'Toller Lane', 'Leeds Road', 'Manningham Lane'],
    'Otley': ['Bondgate', 'Westgate', 'Newall Carr Road'],
}
CONTRACTORS = {
    'plumbing': ['A1 Plumbing & Drains', 'Hirst Plumbing'],
    'heating': ['Yorkshire Gas Services', 'A1 Plumbing & Drains'],
    'electrical': ['Sparks Electrical (Leeds)', 'D Mallinson Electrics'],
    'damp/mould': ['Dales Damp Proofing'],
    'appliance': ['Whitegoods Repair Co', 'Hirst Plumbing'],
    'roof/gutters': ['Pennine Roofing'],
    'doors/windows': ['K Hirst Joinery', 'Pennine Roofing'],
    'pests': ['Pest-Away Yorkshire'],
    'general': ['Handy Andy Maintenance', 'K Hirst Joinery'],
}
CAT_W = {'plumbing': 20, 'heating': 16, 'electrical': 11, 'damp/mould': 10, 'appliance': 12, 'roof/gutters': 6,
         'doors/windows': 9, 'pests': 4, 'general': 12}
SUMMARY = {
    'plumbing': ['Leaking tap in kitchen', 'Toilet not flushing', 'Blocked sink', 'Leak under bath',
                 'Low water pressure'],
    'heating': ['Boiler not firing', 'No hot water', 'Radiator cold at top', 'Boiler losing pressure',
                'Annual gas safety check'],
    'electrical': ['Fuse keeps tripping', 'Light fitting not working', 'Socket scorched', 'Extractor fan dead'],
    'damp/mould': ['Mould in bathroom', 'Damp patch bedroom wall', 'Condensation on windows'],
    'appliance': ['Washing machine leaking', 'Oven not heating', 'Fridge freezer not cold', 'Dishwasher fault'],
    'roof/gutters': ['Slipped roof tile', 'Gutter overflowing', 'Water coming through ceiling'],
    'doors/windows': ['Front door lock sticking', 'Window will not close', 'Back door draughty'],
    'pests': ['Mice in kitchen', 'Wasps nest in eaves'],
    'general': ['Smoke alarm chirping', 'Fence panel down', 'Loose stair rail', 'Garden overgrown'],
}


def build_lettings(path):
    rng = random.Random(3101)
    if os.path.exists(path):
        os.remove(path)
    con = sqlite3.connect(path)
    con.executescript("""
    PRAGMA foreign_keys = ON;
    CREATE TABLE landlords (
        landlord_id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        email TEXT,
        phone TEXT,
        fee_pct REAL NOT NULL,            -- management fee, % of rent collected
        signed_up DATE NOT NULL
    );
    CREATE TABLE properties (
        property_id INTEGER PRIMARY KEY,
        landlord_id INTEGER NOT NULL REFERENCES landlords(landlord_id),
        address TEXT NOT NULL,
        town TEXT NOT NULL,
        postcode TEXT,
        prop_type TEXT NOT NULL,          -- flat / terrace / semi / detached
        beds INTEGER NOT NULL,
        pcm REAL NOT NULL,                -- current advertised rent per calendar month
        furnished INTEGER NOT NULL DEFAULT 0,
        epc TEXT,
        added_on DATE NOT NULL
    );
    CREATE TABLE tenants (
        tenant_id INTEGER PRIMARY KEY,
        first_name TEXT NOT NULL,
        surname TEXT NOT NULL,
        email TEXT,
        mobile TEXT,
        dob DATE
    );
    CREATE TABLE tenancies (
        tenancy_id INTEGER PRIMARY KEY,
        property_id INTEGER NOT NULL REFERENCES properties(property_id),
        tenant_id INTEGER NOT NULL REFERENCES tenants(tenant_id),   -- lead tenant
        start_date DATE NOT NULL,
        end_date DATE,                    -- NULL = rolling periodic, no end agreed yet
        rent_agreed REAL NOT NULL,
        dep_amt REAL NOT NULL,
        dep_scheme TEXT
    );
    CREATE TABLE rent_payments (
        payment_id INTEGER PRIMARY KEY,
        tenancy_id INTEGER NOT NULL REFERENCES tenancies(tenancy_id),
        due_date DATE NOT NULL,
        amount REAL NOT NULL,
        paid_date DATE,                   -- NULL = not received
        pay_method TEXT
    );
    CREATE TABLE maint_requests (
        request_id INTEGER PRIMARY KEY,
        property_id INTEGER NOT NULL REFERENCES properties(property_id),
        reported_on DATE NOT NULL,
        category TEXT NOT NULL,
        summary TEXT,
        priority TEXT NOT NULL,           -- low / normal / high / emergency
        contractor TEXT,
        resolved_on DATE,
        contractor_cost REAL
    );
    CREATE TABLE agency_fees (
        fee_id INTEGER PRIMARY KEY,
        landlord_id INTEGER NOT NULL REFERENCES landlords(landlord_id),
        property_id INTEGER NOT NULL REFERENCES properties(property_id),
        payment_id INTEGER REFERENCES rent_payments(payment_id),
        fee_type TEXT NOT NULL,           -- mgmt / tenant find
        fee_pct REAL,
        amount REAL NOT NULL,
        charged_on DATE NOT NULL
    );
    """)

    # landlords
    landlords = []
    for i, (nm, pct) in enumerate(LANDLORDS, 1):
        if nm.endswith(('Ltd', 'LLP', 'Trust')):
            email = 'accounts@' + nm.split()[0].lower() + nm.split()[1].lower() + '.co.uk'
        else:
            email = nm.replace('Dr ', '').replace(' & ', '.').split()[0].lower() + '.' + nm.split()[-1].lower() + '@gmail.com'
        phone = None if rng.random() < 0.15 else '07%09d' % rng.randrange(10 ** 9)
        landlords.append((i, nm, email, phone, pct, iso(rdate(rng, dt.date(2019, 3, 1), dt.date(2024, 11, 30)))))
    # last two landlords signed up recently
    landlords[-1] = landlords[-1][:5] + ('2026-02-16',)
    landlords[-2] = landlords[-2][:5] + ('2025-08-04',)
    con.executemany('INSERT INTO landlords VALUES (?,?,?,?,?,?)', landlords)

    # properties
    props = []
    used_addr = set()
    n_props = 48
    ll_weights = [4, 5, 9, 3, 3, 5, 2, 3, 5, 2, 2, 4, 2, 2]
    for pid in range(1, n_props + 1):
        town, _, pcs, base = rng.choices(TOWNS, [t[1] for t in TOWNS])[0]
        ll = rng.choices(range(1, len(LANDLORDS) + 1), ll_weights)[0]
        while True:
            addr = '%d %s' % (rng.randrange(1, 140), rng.choice(STREETS[town]))
            ptype = rng.choices(['flat', 'terrace', 'semi', 'detached'], [40, 35, 18, 7])[0]
            if ptype == 'flat':
                addr = 'Flat %d, %s' % (rng.randrange(1, 12), addr)
            if addr not in used_addr:
                used_addr.add(addr)
                break
        beds = {'flat': rng.choices([1, 2, 3], [45, 45, 10])[0],
                'terrace': rng.choices([2, 3, 4, 5], [35, 40, 15, 10])[0],
                'semi': rng.choices([2, 3, 4], [25, 55, 20])[0],
                'detached': rng.choices([3, 4, 5], [40, 45, 15])[0]}[ptype]
        pcm = round((base + (beds - 1) * base * 0.28 + rng.randrange(-60, 60)) / 5) * 5
        furnished = 1 if (rng.random() < (0.65 if ptype == 'flat' or beds >= 4 else 0.25)) else 0
        epc = rng.choices(['B', 'C', 'D', 'E', None], [6, 38, 40, 10, 6])[0]
        pc = '%s %d%s%s' % (rng.choice(pcs), rng.randrange(1, 10), rng.choice('ABDEFGHJLNPQRSTUWXY'),
                            rng.choice('ABDEFGHJLNPQRSTUWXY'))
        if rng.random() < 0.04:
            pc = None
        ll_signed = dt.date.fromisoformat(landlords[ll - 1][5])
        if pid <= 40:
            added = max(ll_signed, rdate(rng, dt.date(2020, 1, 1), dt.date(2024, 12, 1)))
            added = min(added, dt.date(2024, 12, 1))
        elif pid <= 45:
            added = rdate(rng, dt.date(2025, 2, 1), dt.date(2026, 6, 30))
        else:
            added = rdate(rng, dt.date(2026, 10, 20), dt.date(2026, 11, 20))
        added = max(added, ll_signed)
        props.append([pid, ll, addr, town, pc, ptype, beds, float(pcm), furnished, epc, added])

    # tenants / tenancies / payments
    tenants, tenancies, payments = [], [], []
    used_names = set()
    REVIEW = dt.date(2026, 4, 1)          # rents re-advertised +3-6% on 1 April 2026

    def new_tenant():
        while True:
            fn, sn = rng.choice(T_FIRST), rng.choice(T_LAST)
            if (fn, sn) not in used_names:
                used_names.add((fn, sn))
                break
        tid = len(tenants) + 1
        email = None if rng.random() < 0.07 else '%s.%s%d@%s' % (fn.lower(), sn.lower(), rng.randrange(1, 99),
                                                                   rng.choice(['gmail.com', 'hotmail.co.uk', 'outlook.com', 'icloud.com', 'yahoo.co.uk']))
        mob = None if rng.random() < 0.05 else '07%09d' % rng.randrange(10 ** 9)
        dob = None if rng.random() < 0.2 else iso(rdate(rng, dt.date(1962, 1, 1), dt.date(2005, 6, 1)))
        tenants.append((tid, fn, sn, email, mob, dob))
        return tid, rng.random()  # reliability

    def clamp_start(d):
        if d.day > 27:
            d = add_months(d.replace(day=1), 1)
        return d

    for p in props:
        pid, pcm0 = p[0], p[7]
        pcm = round(pcm0 / 1.045 / 5) * 5   # rent level before the April 2026 review
        reviewed = False
        added = p[10]
        if pid <= 40:
            # already let when the period starts: the running tenancy started in 2024
            start = clamp_start(rdate(rng, dt.date(2024, 8, 1), dt.date(2024, 12, 20)))
        else:
            start = clamp_start(added + dt.timedelta(days=rng.randrange(10, 50)))
        tenant, rel = new_tenant()
        rent = pcm if pid > 40 else round(pcm * rng.uniform(0.95, 1.0) / 5) * 5
        while True:
            if start > TODAY + dt.timedelta(days=40):
                break
            if not reviewed and start >= REVIEW:
                pcm = pcm0
                reviewed = True
            if start >= REVIEW and rent < pcm:
                rng.random()   # spare draw, kept so the seeded stream (and the data) stays stable
            term = rng.choices([6, 12], [25, 75])[0]
            end = add_months(start, term) - dt.timedelta(days=1)
            outcome = None
            if end >= TODAY:
                end_val = end
            else:
                outcome = rng.choices(['renew', 'periodic', 'leave'], [30, 25, 45])[0]
                if outcome == 'periodic':
                    vac = add_months(end, rng.randrange(2, 14)) + dt.timedelta(days=rng.randrange(-10, 10))
                    if vac >= TODAY:
                        end_val = None
                    else:
                        end_val = vac
                else:
                    end_val = end
            dep = round(rent * 12 / 52 * 5, 2) if rng.random() < 0.85 else float(rent)
            scheme = rng.choices(['DPS', 'TDS', 'mydeposits', None], [45, 35, 15, 5])[0]
            tcy = len(tenancies) + 1
            tenancies.append((tcy, pid, tenant, iso(start), iso(end_val), float(rent), dep, scheme))
            # rent schedule: monthly on the start day, up to the end of next month for running tenancies
            last = end_val if end_val is not None else dt.date(2026, 12, 31)
            last = min(last, dt.date(2026, 12, 31))
            k = 0
            while True:
                due = add_months(start, k)
                if due > last:
                    break
                k += 1
                if due < START:
                    continue
                paid = None
                if due <= TODAY:
                    r = rng.random()
                    if rel < 0.82:            # reliable payer
                        lag = 0 if r < 0.75 else (-rng.randrange(1, 4) if r < 0.93 else rng.randrange(1, 6))
                        paid = due + dt.timedelta(days=lag)
                    else:                     # problem payer
                        if (TODAY - due).days < 100 and r < 0.45:
                            paid = None
                        elif r < 0.05:
                            paid = None
                        else:
                            paid = due + dt.timedelta(days=rng.choice([0, 0, 2, 5, 9, 14, 21, 30]))
                    if paid is not None and paid > TODAY:
                        paid = None
                meth = None
                if paid is not None:
                    meth = rng.choices(['SO', 'BACS', 'card', 'cash'], [70, 20, 8, 2])[0]
                payments.append([len(payments) + 1, tcy, iso(due), float(rent), iso(paid), meth])
            if end_val is None or end_val >= TODAY:
                break
            if outcome == 'renew':
                start = end_val + dt.timedelta(days=1)
                if start.day > 27:
                    start = clamp_start(start)
                rent = round(rent * rng.uniform(1.02, 1.05) / 5) * 5
                if start >= REVIEW and not reviewed:
                    pcm = pcm0
                    reviewed = True
                rent = min(rent, pcm) if start < REVIEW else min(rent, pcm0)
            else:
                start = clamp_start(end_val + dt.timedelta(days=rng.randrange(6, 80)))
                if start >= REVIEW:
                    pcm = pcm0
                    reviewed = True
                tenant, rel = new_tenant()
                rent = pcm
    # (lettings agreed in the last few weeks may start after TODAY: signed but not yet moved in)
    con.executemany('INSERT INTO properties VALUES (?,?,?,?,?,?,?,?,?,?,?)', [tuple(p[:10]) + (iso(p[10]),) for p in props])
    con.executemany('INSERT INTO tenants VALUES (?,?,?,?,?,?)', tenants)
    con.executemany('INSERT INTO tenancies VALUES (?,?,?,?,?,?,?,?)', tenancies)
    con.executemany('INSERT INTO rent_payments VALUES (?,?,?,?,?,?)', payments)

    # agency fees: management % on every rent received, plus a flat tenant-find fee on a new let
    fees = []
    pct_of = {l[0]: l[4] for l in landlords}
    ll_of = {p[0]: p[1] for p in props}
    prop_of_tcy = {t[0]: t[1] for t in tenancies}
    for pay in payments:
        if pay[4] is None:
            continue
        pid = prop_of_tcy[pay[1]]
        ll = ll_of[pid]
        fees.append((len(fees) + 1, ll, pid, pay[0], 'mgmt', pct_of[ll], round(pay[3] * pct_of[ll] / 100, 2), pay[4]))
    prev_tenant = {}
    for t in tenancies:
        pid = t[1]
        st = dt.date.fromisoformat(t[3])
        if prev_tenant.get(pid) != t[2] and START <= st <= TODAY:
            ll = ll_of[pid]
            fees.append((len(fees) + 1, ll, pid, None, 'tenant find', None, rng.choice([300.0, 350.0, 450.0]),
                         iso(st - dt.timedelta(days=rng.randrange(3, 20)))))
        prev_tenant[pid] = t[2]
    fees.sort(key=lambda f: (f[7], f[0]))
    fees = [(i + 1,) + f[1:] for i, f in enumerate(fees)]
    con.executemany('INSERT INTO agency_fees VALUES (?,?,?,?,?,?,?,?)', fees)

    # maintenance
    reqs = []
    for p in props:
        pid = p[0]
        first = max(START, p[10])
        d = first
        while d <= TODAY:
            if rng.random() < 0.16 + (0.06 if p[6] >= 4 else 0) + (0.05 if d.month in (11, 12, 1, 2) else 0):
                rep = min(TODAY, d + dt.timedelta(days=rng.randrange(0, 30)))
                cat = rng.choices(list(CAT_W), list(CAT_W.values()))[0]
                pri = rng.choices(['low', 'normal', 'high', 'emergency'], [22, 48, 21, 9])[0]
                if cat == 'heating' and rep.month in (11, 12, 1, 2) and pri in ('low', 'normal'):
                    pri = 'high'
                days = {'emergency': rng.randrange(0, 4), 'high': rng.randrange(1, 11),
                        'normal': rng.randrange(2, 31), 'low': rng.randrange(5, 70)}[pri]
                res = rep + dt.timedelta(days=days)
                contractor = rng.choice(CONTRACTORS[cat])
                cost = round(rng.uniform(60, 180) if pri in ('low', 'normal') else rng.uniform(90, 420), 2)
                if cat in ('roof/gutters', 'damp/mould') and rng.random() < 0.5:
                    cost = round(cost * rng.uniform(2, 5), 2)
                if res > TODAY or (rng.random() < 0.02):
                    res, cost = None, None
                elif rng.random() < 0.08:       # landlord sorted it himself
                    contractor, cost = None, None
                elif rng.random() < 0.05:       # invoice not in yet
                    cost = None
                reqs.append((None, pid, iso(rep), cat, rng.choice(SUMMARY[cat]), pri, contractor, iso(res), cost))
            d += dt.timedelta(days=30)
    reqs.sort(key=lambda r: (r[2], r[1]))
    reqs = [(i + 1,) + r[1:] for i, r in enumerate(reqs)]
    con.executemany('INSERT INTO maint_requests VALUES (?,?,?,?,?,?,?,?,?)', reqs)
    con.commit()
    con.close()


# ============================================================================================
# printshop
# ============================================================================================
COUNTRIES = [  # name, weight, first names, last names
    ('United Kingdom', 58, ['Emily', 'James', 'Sophie', 'Tom', 'Lucy', 'Ben', 'Hannah', 'Sam', 'Katie', 'Josh',
                            'Ellie', 'Dan', 'Chloe', 'Matt', 'Amy', 'Rob', 'Jess', 'Luke', 'Gemma', 'Aaron',
                            'Naomi', 'Faisal', 'Grace', 'Callum'],
     ['Harris', 'Baker', 'Turner', 'Cooper', 'Ward', 'Morris', 'Bell', 'Cook', 'Bailey', 'Parker', 'Collins',
      'Bennett', 'Gray', 'Marshall', 'Reid', 'Kaur', 'Ali', 'Fletcher', 'Hunt', 'Stone', 'Pritchard', 'Lowe']),
    ('United States', 12, ['Ashley', 'Tyler', 'Madison', 'Brandon', 'Kayla', 'Austin', 'Brianna', 'Jordan'],
     ['Miller', 'Garcia', 'Martinez', 'Anderson', 'Lopez', 'Nguyen', 'Rivera', 'Peterson']),
    ('Ireland', 6, ['Aoife', 'Cian', 'Siobhan', 'Darragh', 'Niamh', 'Oisin'],
     ['Byrne', 'Ryan', "O'Brien", 'Walsh', 'Kavanagh', 'Brennan']),
    ('Germany', 6, ['Lena', 'Jonas', 'Hannah', 'Felix', 'Marie', 'Lukas'],
     ['Becker', 'Schneider', 'Fischer', 'Wagner', 'Hoffmann', 'Krause']),
    ('France', 4, ['Camille', 'Hugo', 'Manon', 'Louis', 'Chloé'], ['Martin', 'Bernard', 'Dubois', 'Lefebvre', 'Moreau']),
    ('Netherlands', 4, ['Sanne', 'Daan', 'Lotte', 'Bram'], ['de Vries', 'Jansen', 'Bakker', 'Visser']),
    ('Canada', 4, ['Olivia', 'Liam', 'Emma', 'Noah'], ['Tremblay', 'Roy', 'MacDonald', 'Gagnon']),
    ('Australia', 4, ['Charlotte', 'Jack', 'Mia', 'Cooper'], ['Kelly', 'Mitchell', 'Watson', 'Ryan']),
]
EU = {'Ireland', 'Germany', 'France', 'Netherlands'}

PRODUCT_TYPES = {  # type: (supplier, sizes, colours, price, cost)
    'T-Shirt': ('Printful', ['S', 'M', 'L', 'XL', '2XL'], ['Black', 'White', 'Navy', 'Heather Grey'], 22.0, 9.85),
    'Hoodie': ('Printful', ['S', 'M', 'L', 'XL'], ['Black', 'Charcoal', 'Forest Green'], 42.0, 21.40),
    'Sweatshirt': ('Printify', ['S', 'M', 'L', 'XL'], ['Sand', 'Black'], 36.0, 17.20),
    'Mug': ('Gelato', ['11oz', '15oz'], ['White', 'Black'], 14.0, 5.10),
    'Poster': ('Gelato', ['A4', 'A3', 'A2'], [None], 16.0, 4.30),
    'Tote Bag': ('Printify', ['One Size'], ['Natural', 'Black'], 18.0, 7.60),
}
PRODUCTS = [
    ('Moon Phases Tee', 'T-Shirt', 'active'), ('Retro Cassette Tee', 'T-Shirt', 'active'),
    ('Hedgehog Hug Tee', 'T-Shirt', 'active'), ('Yorkshire Tea Break Tee', 'T-Shirt', 'active'),
    ('Plant Parent Tee', 'T-Shirt', 'archived'), ('Mountain Line Art Hoodie', 'Hoodie', 'active'),
    ('Hedgehog Hug Hoodie', 'Hoodie', 'active'), ('Night Owl Hoodie', 'Hoodie', 'active'),
    ('Wild Swimming Sweatshirt', 'Sweatshirt', 'active'), ('Book Club Sweatshirt', 'Sweatshirt', 'active'),
    ('Coffee First Mug', 'Mug', 'active'), ('Moon Phases Mug', 'Mug', 'active'), ('Cat Nap Mug', 'Mug', 'active'),
    ('Retro Cassette Mug', 'Mug', 'archived'), ('Mountain Line Art Print', 'Poster', 'active'),
    ('Botanical Fern Print', 'Poster', 'active'), ('Leeds Skyline Print', 'Poster', 'active'),
    ('Cat Nap Tote', 'Tote Bag', 'active'), ('Book Club Tote', 'Tote Bag', 'active'),
    ('Festive Pudding Jumper Tee', 'T-Shirt', 'active'), ('Snow Day Mug', 'Mug', 'draft'),
    ('Aurora Hoodie', 'Hoodie', 'draft'),
]
CODES = [('WELCOME10', 0.10), ('SPRING15', 0.15), ('SUMMER20', 0.20), ('BFCM25', 0.25), ('FREESHIP', 0.0)]
REFUND_REASONS = ['damaged in transit', 'print quality', 'wrong size', 'never arrived', 'customer changed mind']


def build_printshop(path):
    rng = random.Random(3102)
    if os.path.exists(path):
        os.remove(path)
    con = sqlite3.connect(path)
    con.executescript("""
    PRAGMA foreign_keys = ON;
    CREATE TABLE customers (
        id INTEGER PRIMARY KEY,
        email TEXT,
        first_name TEXT,
        last_name TEXT,
        country TEXT,
        city TEXT,
        accepts_marketing INTEGER NOT NULL DEFAULT 0,
        created_at TEXT NOT NULL,
        tags TEXT
    );
    CREATE TABLE products (
        id INTEGER PRIMARY KEY,
        title TEXT NOT NULL,
        product_type TEXT,
        vendor TEXT,
        status TEXT NOT NULL,             -- active / draft / archived
        created_at TEXT NOT NULL
    );
    CREATE TABLE variants (
        id INTEGER PRIMARY KEY,
        product_id INTEGER NOT NULL REFERENCES products(id),
        sku TEXT,
        title TEXT,
        size TEXT,
        color TEXT,
        price REAL NOT NULL,              -- current selling price
        compare_at_price REAL,
        cost REAL                         -- what the print supplier charges us
    );
    CREATE TABLE orders (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,               -- '#1001'
        customer_id INTEGER REFERENCES customers(id),
        email TEXT,
        created_at TEXT NOT NULL,
        currency TEXT NOT NULL DEFAULT 'GBP',
        subtotal_price REAL NOT NULL,     -- line items less discounts
        total_discounts REAL NOT NULL DEFAULT 0,
        shipping_price REAL NOT NULL DEFAULT 0,
        total_tax REAL NOT NULL DEFAULT 0,  -- VAT, included in prices
        total_price REAL NOT NULL,        -- subtotal + shipping
        discount_code TEXT,
        financial_status TEXT NOT NULL,   -- pending / paid / partially_refunded / refunded / voided
        fulfillment_status TEXT,          -- NULL = unfulfilled, partial, fulfilled
        cancelled_at TEXT,
        cancel_reason TEXT,
        shipping_country TEXT
    );
    CREATE TABLE line_items (
        id INTEGER PRIMARY KEY,
        order_id INTEGER NOT NULL REFERENCES orders(id),
        variant_id INTEGER REFERENCES variants(id),
        product_id INTEGER REFERENCES products(id),
        title TEXT,
        variant_title TEXT,
        sku TEXT,
        quantity INTEGER NOT NULL,
        price REAL NOT NULL               -- unit price at the time of the order
    );
    CREATE TABLE refunds (
        id INTEGER PRIMARY KEY,
        order_id INTEGER NOT NULL REFERENCES orders(id),
        created_at TEXT NOT NULL,
        amount REAL NOT NULL,
        reason TEXT,
        restock INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE print_jobs (
        id INTEGER PRIMARY KEY,
        order_id INTEGER NOT NULL REFERENCES orders(id),
        supplier TEXT NOT NULL,
        status TEXT NOT NULL,             -- in_production / shipped / cancelled
        sent_at TEXT NOT NULL,
        ship_by TEXT,                     -- date the supplier promised to dispatch by
        shipped_at TEXT,
        tracking_number TEXT
    );
    """)

    # products & variants
    products, variants = [], []
    vid = 40100
    for i, (title, ptype, status) in enumerate(PRODUCTS, 1):
        supplier, sizes, colours, price, cost = PRODUCT_TYPES[ptype]
        pid = 8100 + i
        created = dt.datetime(2024, 9, 1) + dt.timedelta(days=rng.randrange(0, 120), minutes=rng.randrange(1440))
        if title.startswith('Festive'):
            created = dt.datetime(2025, 10, 14, 11, 20)
        if status == 'draft':
            created = dt.datetime(2026, 11, 2) + dt.timedelta(days=rng.randrange(0, 20), minutes=rng.randrange(600))
        if title.startswith('Book Club'):
            created = dt.datetime(2025, 4, 3, 9, 41) + dt.timedelta(minutes=i)
        products.append((pid, title, ptype, supplier, status, ts(created)))
        cols = colours if ptype != 'T-Shirt' or i % 2 else colours[:3]
        for si, sz in enumerate(sizes):
            for c in cols:
                vid += 1
                p = price + (4.0 if sz in ('2XL',) else 0) + ({'15oz': 3.0, 'A3': 6.0, 'A2': 12.0}.get(sz, 0))
                cst = cost + (1.5 if sz == '2XL' else 0) + ({'15oz': 1.1, 'A3': 1.9, 'A2': 4.2}.get(sz, 0))
                vt = sz if c is None else (c if sz == 'One Size' else '%s / %s' % (sz, c))
                sku = '%s-%s-%s' % (''.join(w[0] for w in title.split()[:3]).upper(), sz.upper(), (c or 'NA')[:3].upper())
                cap = round(p + 6, 2) if (title.startswith('Plant') or rng.random() < 0.05) else None
                variants.append((vid, pid, sku, vt, sz, c, p, cap, round(cst, 2)))
    con.executemany('INSERT INTO products VALUES (?,?,?,?,?,?)', products)
    con.executemany('INSERT INTO variants VALUES (?,?,?,?,?,?,?,?,?)', variants)
    vars_by_prod = {}
    for v in variants:
        vars_by_prod.setdefault(v[1], []).append(v)
    prod_by_id = {p[0]: p for p in products}
    sellable = [p for p in products if p[4] != 'draft']

    # customers are created at their first checkout, or by signing up to the newsletter
    customers = []
    used = set()
    cities = {'United Kingdom': ['Leeds', 'Manchester', 'London', 'Bristol', 'Sheffield', 'York', 'Glasgow',
                                 'Cardiff', 'Brighton', 'Norwich', 'Newcastle upon Tyne', None],
              'United States': ['Portland', 'Austin', 'Brooklyn', 'Denver'], 'Ireland': ['Dublin', 'Cork', 'Galway'],
              'Germany': ['Berlin', 'Hamburg', 'Köln'], 'France': ['Paris', 'Lyon'], 'Netherlands': ['Utrecht', 'Amsterdam'],
              'Canada': ['Toronto', 'Vancouver'], 'Australia': ['Melbourne', 'Sydney']}

    def new_customer(when, marketing_p=0.45):
        for _ in range(12):
            c = rng.choices(COUNTRIES, [x[1] for x in COUNTRIES])[0]
            fn, ln = rng.choice(c[2]), rng.choice(c[3])
            if (fn, ln) not in used:
                break
        used.add((fn, ln))
        cid = 6200000 + len(customers) + 1
        email = '%s.%s@%s' % (fn.lower().replace('é', 'e'), ln.lower().replace(' ', '').replace("'", ''),
                               rng.choice(['gmail.com', 'outlook.com', 'icloud.com', 'yahoo.com', 'hotmail.co.uk', 'proton.me']))
        tags = rng.choice([None, None, None, None, 'newsletter', 'wholesale', 'vip']) if marketing_p < 0.9 else 'newsletter'
        customers.append([cid, email, fn, ln, c[0], rng.choice(cities[c[0]]), 1 if rng.random() < marketing_p else 0,
                          ts(when), tags])
        return cid

    # order timestamps with growth and a Nov/Dec peak
    days = (TODAY - START).days + 1
    order_times = []
    for k in range(days):
        d = START + dt.timedelta(days=k)
        lam = 1.3 + 1.4 * k / days
        if d.month == 12 and d.day <= 18:
            lam *= 2.2
        if d.month == 11:
            lam *= 1.6
        if (d.month == 11 and d.day >= 23) or (d.month == 12 and d.day <= 1):
            lam *= 2.0
        if d.weekday() == 6:
            lam *= 1.25
        n = 0
        # poisson by inversion
        L, p_, kk = pow(2.718281828, -lam), 1.0, 0
        while True:
            p_ *= rng.random()
            if p_ <= L:
                break
            kk += 1
        n = kk
        for _ in range(n):
            order_times.append(dt.datetime(d.year, d.month, d.day) + dt.timedelta(seconds=rng.randrange(86400)))
    order_times.sort()
    # keep the last hour before "now" free
    order_times = [t for t in order_times if t < dt.datetime(2026, 11, 28, 16, 0)]

    orders, lines, refunds, jobs = [], [], [], []
    repeaters = []
    lid, rid, jid = 910000, 300, 52000
    for n, when in enumerate(order_times):
        oid = 5400000 + n + 1
        name = '#%d' % (1001 + n)
        r = rng.random()
        if r < 0.07:
            cid = None
            country = rng.choices(COUNTRIES, [x[1] for x in COUNTRIES])[0][0]
            email = 'guest%d@%s' % (rng.randrange(1000, 9999), rng.choice(['gmail.com', 'outlook.com']))
        elif r < 0.40 and repeaters:
            cid = rng.choice(repeaters + repeaters[:25])  # a few early customers come back a lot
            cust = customers[cid - 6200001]
            country, email = cust[4], cust[1]
        else:
            cid = new_customer(when - dt.timedelta(minutes=rng.randrange(1, 15)))
            repeaters.append(cid)
            cust = customers[cid - 6200001]
            country, email = cust[4], cust[1]
        ship_country = country if rng.random() > 0.04 else 'United Kingdom' if country != 'United Kingdom' else 'Ireland'
        # line items
        nlines = rng.choices([1, 2, 3, 4], [58, 27, 11, 4])[0]
        picks = []
        pool = [p for p in sellable if p[4] == 'active' or (p[4] == 'archived' and when < dt.datetime(2026, 2, 1))]
        pool = [p for p in pool if p[5] < ts(when)]
        if not (when.month in (11, 12)):
            pool = [p for p in pool if not p[1].startswith('Festive')] or pool
        for _ in range(nlines):
            prod = rng.choices(pool, [5 if 'Hedgehog' in p[1] or 'Moon' in p[1] else 3 if p[2] in ('T-Shirt', 'Mug') else 2 for p in pool])[0]
            v = rng.choice(vars_by_prod[prod[0]])
            if any(x[0] == v[0] for x in picks):
                continue
            picks.append(v)
        sub = 0.0
        li = []
        for v in picks:
            prod = prod_by_id[v[1]]
            qty = rng.choices([1, 2, 3, 6], [84, 12, 3, 1])[0]
            price = v[6]
            if when < dt.datetime(2026, 3, 1) and prod[2] in ('T-Shirt', 'Hoodie', 'Sweatshirt'):
                price = v[6] - 2.0
            lid += 1
            li.append((lid, oid, v[0], prod[0], prod[1], v[3], v[2], qty, price))
            sub += qty * price
        code = None
        disc = 0.0
        d = when.date()
        if rng.random() < 0.22:
            opts = ['WELCOME10', 'FREESHIP']
            if d.month in (3, 4):
                opts += ['SPRING15'] * 3
            if d.month in (6, 7, 8):
                opts += ['SUMMER20'] * 3
            if (d.month == 11 and d.day >= 23) or (d.month == 12 and d.day <= 1):
                opts = ['BFCM25'] * 8 + opts
            code = rng.choice(opts)
            disc = round(sub * dict(CODES)[code], 2)
        subtotal = round(sub - disc, 2)
        if ship_country == 'United Kingdom':
            ship = 0.0 if subtotal >= 40 else 3.99
        elif ship_country in EU:
            ship = 6.99
        else:
            ship = 9.99
        if code == 'FREESHIP':
            ship = 0.0
        total = round(subtotal + ship, 2)
        tax = round(total / 6, 2) if ship_country == 'United Kingdom' or ship_country in EU else 0.0
        fin, ful, canc_at, canc_reason = 'paid', None, None, None
        age_h = (dt.datetime(2026, 11, 28, 17, 0) - when).total_seconds() / 3600
        if age_h < 60 and rng.random() < 0.12:
            fin = 'pending'
        voided = fin == 'paid' and rng.random() < 0.012
        if voided:
            fin = 'voided'
            canc_at = when + dt.timedelta(minutes=rng.randrange(5, 300))
            canc_reason = rng.choice(['customer', 'fraud', 'inventory'])
        orders.append([oid, name, cid, email, ts(when), 'GBP', subtotal, disc, ship, tax, total, code, fin, ful,
                       ts(canc_at), canc_reason, ship_country])
        lines.extend(li)
        if fin in ('voided', 'pending'):
            continue
        # print jobs, one per supplier in the order
        suppliers = []
        for l in li:
            s = prod_by_id[l[3]][3]
            if s not in suppliers:
                suppliers.append(s)
        shipped_n = 0
        last_ship = None
        cancel_before_ship = rng.random() < 0.012
        for s in suppliers:
            jid += 1
            sent = when + dt.timedelta(minutes=rng.randrange(20, 60 * 20))
            sla = {'Printful': 3, 'Gelato': 2, 'Printify': 4}[s]
            ship_by = (sent + dt.timedelta(days=sla)).date()
            late = rng.random() < {'Printful': 0.10, 'Gelato': 0.07, 'Printify': 0.22}[s]
            if late:
                shipped = dt.datetime.combine(ship_by, dt.time(0)) + dt.timedelta(days=rng.randrange(1, 7), minutes=rng.randrange(480, 1140))
            else:
                shipped = sent + dt.timedelta(hours=rng.randrange(14, sla * 24))
                if shipped.date() > ship_by:
                    shipped = dt.datetime.combine(ship_by, dt.time(15, rng.randrange(60)))
            status, track = 'shipped', None
            if cancel_before_ship:
                shipped, status = None, 'cancelled'
            elif shipped > dt.datetime(2026, 11, 28, 17, 0):
                shipped, status = None, 'in_production'
            else:
                track = rng.choice(['RM', 'DPD', 'UPS']) + '%010d' % rng.randrange(10 ** 10)
                shipped_n += 1
                last_ship = shipped if last_ship is None or shipped > last_ship else last_ship
            jobs.append((jid, oid, s, status, ts(sent), iso(ship_by), ts(shipped), track))
        o = orders[-1]
        if cancel_before_ship:
            rid += 1
            rt = when + dt.timedelta(hours=rng.randrange(2, 30))
            refunds.append((rid, oid, ts(rt), total, 'customer changed mind', 0))
            o[12], o[14], o[15] = 'refunded', ts(rt), 'customer'
            continue
        o[13] = 'fulfilled' if shipped_n == len(suppliers) else ('partial' if shipped_n else None)
        # refunds after delivery
        if last_ship is not None and rng.random() < 0.075:
            rt = last_ship + dt.timedelta(days=rng.randrange(3, 25), hours=rng.randrange(0, 10))
            if rt < dt.datetime(2026, 11, 28, 12, 0):
                reason = rng.choices(REFUND_REASONS, [30, 25, 20, 12, 13])[0]
                rid += 1
                if reason == 'never arrived' or (len(li) == 1 and li[0][7] == 1 and rng.random() < 0.6):
                    amt = total
                    o[12] = 'refunded'
                else:
                    l = rng.choice(li)
                    amt = round(l[8] * (1 - (dict(CODES)[code] if code else 0)), 2)
                    if reason == 'wrong size':
                        amt = round(amt * 0.5, 2)   # partial goodwill refund
                    o[12] = 'partially_refunded'
                refunds.append((rid, oid, ts(rt), amt, reason, 1 if reason == 'wrong size' else 0))

    # newsletter-only customers who never bought anything
    for _ in range(120):
        new_customer(dt.datetime(2025, 1, 1) + dt.timedelta(seconds=rng.randrange(int((dt.datetime(2026, 11, 28) - dt.datetime(2025, 1, 1)).total_seconds()))),
                     marketing_p=0.92)
    # some accounts have no surname
    for c in customers:
        if rng.random() < 0.02:
            c[3] = None
    customers.sort(key=lambda c: c[7])
    con.executemany('INSERT INTO customers VALUES (?,?,?,?,?,?,?,?,?)', [tuple(c) for c in customers])
    con.executemany('INSERT INTO orders VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)', [tuple(o) for o in orders])
    con.executemany('INSERT INTO line_items VALUES (?,?,?,?,?,?,?,?,?)', lines)
    con.executemany('INSERT INTO refunds VALUES (?,?,?,?,?,?)', refunds)
    con.executemany('INSERT INTO print_jobs VALUES (?,?,?,?,?,?,?,?)', jobs)
    con.commit()
    con.close()


if __name__ == '__main__':
    for n in ('lettings', 'printshop'):
        os.makedirs(os.path.join(HERE, 'dbs', n), exist_ok=True)
    build_lettings(os.path.join(HERE, 'dbs', 'lettings', 'lettings.sqlite'))
    build_printshop(os.path.join(HERE, 'dbs', 'printshop', 'printshop.sqlite'))
    for n in ('lettings', 'printshop'):
        con = sqlite3.connect(os.path.join(HERE, 'dbs', n, n + '.sqlite'))
        bad = con.execute('PRAGMA foreign_key_check').fetchall()
        tabs = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type IN ('table','view') ORDER BY name")]
        print(n, ', '.join(f'{t}={con.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0]}' for t in tabs),
              'fk_violations=%d' % len(bad))
