#!/usr/bin/env python3
"""Build two small-business SQLite databases with generated rows (fixed seeds, standard library only).

  dbs/trades/trades.sqlite    plumbing & heating firm (camelCase names, money in pence)
  dbs/leisure/leisure.sqlite  gym & leisure centre (snake_case abbreviations, money in pounds)

"Today" is Friday 2026-11-27; a few rows lie in the future (bookings, scheduled jobs).
"""
import datetime as dt
import os
import random
import sqlite3

HERE = os.path.dirname(os.path.abspath(__file__))
TODAY = dt.date(2026, 11, 27)

FIRST = ['Oliver', 'Amelia', 'George', 'Isla', 'Harry', 'Ava', 'Jack', 'Mia', 'Charlie', 'Ivy', 'Jacob', 'Lily',
         'Thomas', 'Freya', 'Oscar', 'Grace', 'William', 'Ella', 'Noah', 'Sophie', 'Alfie', 'Evie', 'Leo', 'Poppy',
         'Arthur', 'Ruby', 'Henry', 'Chloe', 'Archie', 'Daisy', 'Joshua', 'Alice', 'Freddie', 'Rosie', 'Theo',
         'Imogen', 'Samuel', 'Phoebe', 'Joseph', 'Millie', 'Dylan', 'Holly', 'Rhys', 'Megan', 'Callum', 'Niamh',
         'Aidan', 'Siobhan', 'Kwame', 'Aisha', 'Ravi', 'Priya', 'Tomasz', 'Agnieszka', 'Mohammed', 'Fatima',
         'Gareth', 'Bethan', 'Declan', 'Maeve']
LAST = ['Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Johnson', 'Davies', 'Robinson', 'Wright',
        'Thompson', 'Evans', 'Walker', 'White', 'Roberts', 'Green', 'Hall', 'Wood', 'Jackson', 'Clarke',
        'Patel', 'Khan', 'Lewis', 'James', 'Phillips', 'Mason', 'Mitchell', 'Rose', 'Davis', 'Rodgers',
        'Hughes', 'Morgan', 'Price', 'Owen', 'Kowalski', 'Nowak', 'Okoye', 'Mensah', 'Singh', 'Ahmed',
        'Murphy', 'Kelly', 'Byrne', 'Doyle', 'Fraser', 'Campbell', 'Stewart', 'Reid', 'Hussain', 'Begum']


def rdate(rng, a, b):
    return a + dt.timedelta(days=rng.randrange((b - a).days + 1))


def iso(d):
    return d.isoformat() if d is not None else None


def ts(d):
    return d.strftime('%Y-%m-%d %H:%M:%S') if d is not None else None


# ============================================================================================
def build_trades(path):
    rng = random.Random(2911)
    if os.path.exists(path):
        os.remove(path)
    con = sqlite3.connect(path)
    con.executescript("""
    PRAGMA foreign_keys = ON;
    CREATE TABLE customers (
        custId INTEGER PRIMARY KEY,
        custName TEXT NOT NULL,
        custType TEXT NOT NULL CHECK (custType IN ('residential','commercial')),
        contactPhone TEXT,
        contactEmail TEXT,
        addressLine1 TEXT,
        town TEXT,
        postcode TEXT,
        createdAt TEXT NOT NULL
    );
    CREATE TABLE engineers (
        engineerId INTEGER PRIMARY KEY,
        firstName TEXT NOT NULL,
        lastName TEXT NOT NULL,
        leadEngineerId INTEGER REFERENCES engineers(engineerId),
        dayRate INTEGER NOT NULL,          -- pounds per day
        gasSafe INTEGER NOT NULL DEFAULT 0, -- 1 = Gas Safe registered
        gasSafeNo TEXT,
        startedOn TEXT NOT NULL,
        isActive INTEGER NOT NULL DEFAULT 1
    );
    CREATE TABLE jobs (
        jobId INTEGER PRIMARY KEY,
        custId INTEGER NOT NULL REFERENCES customers(custId),
        engineerId INTEGER REFERENCES engineers(engineerId),
        jobType TEXT NOT NULL,
        status TEXT NOT NULL,              -- quoted, booked, done, cancelled
        createdAt TEXT NOT NULL,
        scheduledFor TEXT,                 -- date
        completedAt TEXT,                  -- timestamp
        calloutFeePence INTEGER NOT NULL DEFAULT 0,
        isEmergency INTEGER NOT NULL DEFAULT 0,
        notes TEXT
    );
    CREATE TABLE parts (
        partId INTEGER PRIMARY KEY,
        partName TEXT NOT NULL,
        partCategory TEXT NOT NULL,
        supplier TEXT,
        costPence INTEGER NOT NULL,
        sellPence INTEGER NOT NULL
    );
    CREATE TABLE jobParts (
        jobPartId INTEGER PRIMARY KEY,
        jobId INTEGER NOT NULL REFERENCES jobs(jobId),
        partId INTEGER NOT NULL REFERENCES parts(partId),
        qty INTEGER NOT NULL,
        pricePence INTEGER NOT NULL        -- unit price charged
    );
    CREATE TABLE labourEntries (
        entryId INTEGER PRIMARY KEY,
        jobId INTEGER NOT NULL REFERENCES jobs(jobId),
        engineerId INTEGER NOT NULL REFERENCES engineers(engineerId),
        workDate TEXT NOT NULL,
        hoursWorked REAL NOT NULL
    );
    CREATE TABLE invoices (
        invoiceId INTEGER PRIMARY KEY,
        invoiceNo TEXT NOT NULL UNIQUE,
        jobId INTEGER NOT NULL REFERENCES jobs(jobId),
        amountPence INTEGER NOT NULL,
        issuedOn TEXT NOT NULL,
        dueOn TEXT NOT NULL,
        paidOn TEXT
    );
    CREATE TABLE reviews (
        reviewId INTEGER PRIMARY KEY,
        jobId INTEGER NOT NULL REFERENCES jobs(jobId),
        custId INTEGER NOT NULL REFERENCES customers(custId),
        rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
        reviewText TEXT,
        postedAt TEXT NOT NULL
    );
    CREATE TABLE contractPlans (
        planId INTEGER PRIMARY KEY,
        planName TEXT NOT NULL,
        annualFeePence INTEGER NOT NULL,
        visitsPerYear INTEGER NOT NULL,
        includesParts INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE customerContracts (
        custId INTEGER NOT NULL REFERENCES customers(custId),
        planId INTEGER NOT NULL REFERENCES contractPlans(planId),
        startDate TEXT NOT NULL,
        endDate TEXT,
        PRIMARY KEY (custId, planId, startDate)
    );
    """)

    # ---- engineers ------------------------------------------------------------------------
    eng_rows = [
        # id, first, last, lead, dayRate, gasSafe, started
        (1, 'Gareth', 'Price', None, 340, 1, '2014-03-03'),
        (2, 'Dave', 'Morgan', 1, 295, 1, '2016-06-13'),
        (3, 'Sian', 'Hughes', 1, 285, 1, '2017-09-04'),
        (4, 'Tomasz', 'Nowak', 2, 255, 1, '2019-02-11'),
        (5, 'Liam', 'Owen', 2, 240, 1, '2020-05-18'),
        (6, 'Kwame', 'Mensah', 2, 230, 1, '2021-01-25'),
        (7, 'Rhys', 'Evans', 3, 245, 1, '2019-10-07'),
        (8, 'Connor', 'Reid', 3, 210, 0, '2022-08-30'),
        (9, 'Jade', 'Fraser', 3, 225, 1, '2021-11-15'),
        (10, 'Billy', 'Walker', 2, 150, 0, '2024-09-02'),
        (11, 'Megan', 'Byrne', 3, 145, 0, '2025-09-01'),
        (12, 'Paul', 'Stewart', 2, 265, 1, '2018-04-16'),
    ]
    engs = []
    for e in eng_rows:
        gsn = str(500000 + e[0] * 7919 % 99999) if e[5] else None
        active = 0 if e[0] == 12 else 1
        engs.append(e[:6] + (gsn, e[6], active))
    con.executemany('INSERT INTO engineers VALUES (?,?,?,?,?,?,?,?,?)', engs)
    day_rate = {e[0]: e[4] for e in eng_rows}
    gas = {e[0]: e[5] for e in eng_rows}
    # engineer 12 left at the end of 2025
    eng_left = {12: dt.date(2025, 12, 19)}

    # ---- customers ------------------------------------------------------------------------
    towns = [('Cardiff', 'CF'), ('Penarth', 'CF'), ('Barry', 'CF'), ('Newport', 'NP'), ('Caerphilly', 'CF'),
             ('Pontypridd', 'CF'), ('Cwmbran', 'NP'), ('Bridgend', 'CF')]
    town_w = [40, 10, 10, 14, 8, 7, 6, 5]
    streets = ['High Street', 'Church Road', 'Station Road', 'Park Avenue', 'Mill Lane', 'Victoria Road',
               'Heol y Coed', 'Cathedral Road', 'Windsor Terrace', 'Clive Street', 'Albany Road', 'Wellfield Road']
    biz = ['The Red Lion', 'Bayside Dental', 'Oakwood Care Home', 'St Mary\'s Primary', 'Cafe Vista',
           'Harbour Lettings', 'Lloyd & Co Solicitors', 'Greenway Nursery', 'Castle Gym', 'Dragon Fish Bar',
           'Pembroke Hotel', 'Tidy Paws Grooming', 'Roath Launderette', 'Summit Offices Ltd', 'Bay Brew Co',
           'Maple Lettings', 'Valley Vets', 'Kings Head', 'Penylan Pharmacy', 'Northgate Estates',
           'Cathays Student Lets', 'Rose Court Flats', 'Ely Community Hall', 'Riverside Bakery',
           'Splott Tyres', 'Canton Deli', 'Heath Physio', 'Llandaff Guest House', 'Taff Vale Motors',
           'Bute Street Studios', 'Victoria Park Cafe', 'Whitchurch Vets', 'Danescourt Dental',
           'Radyr Golf Club', 'Grangetown Mosque', 'Cornerstone Church', 'Marina Bar & Grill',
           'Westgate Hostel', 'Plasnewydd Lets', 'Rumney Nursing Home']
    customers = []
    ctype = {}
    ccreated = {}
    biz_i = 0
    for cid in range(1, 321):
        commercial = rng.random() < 0.18 and biz_i < len(biz)
        town, pc = rng.choices(towns, town_w)[0]
        if commercial:
            name = biz[biz_i]
            biz_i += 1
            email = name.lower().replace(' ', '').replace("'", '').replace('&', 'and') + '@example.co.uk'
        else:
            fn, ln = rng.choice(FIRST), rng.choice(LAST)
            name = f'{fn} {ln}'
            email = f'{fn.lower()}.{ln.lower()}{rng.randint(1, 99)}@example.com' if rng.random() < 0.85 else None
        phone = '07' + ''.join(str(rng.randint(0, 9)) for _ in range(9)) if rng.random() < 0.92 else None
        created = rdate(rng, dt.date(2021, 1, 1), dt.date(2026, 11, 20))
        if cid <= 200:  # most customers are older
            created = rdate(rng, dt.date(2021, 1, 1), dt.date(2024, 6, 1))
        pcode = f'{pc}{rng.randint(1, 48)} {rng.randint(1, 9)}{rng.choice("ABDEFGHJLNPQRSTUWXYZ")}{rng.choice("ABDEFGHJLNPQRSTUWXYZ")}'
        customers.append((cid, name, 'commercial' if commercial else 'residential', phone, email,
                          f'{rng.randint(1, 180)} {rng.choice(streets)}', town, pcode, iso(created)))
        ctype[cid] = 'commercial' if commercial else 'residential'
        ccreated[cid] = created
    con.executemany('INSERT INTO customers VALUES (?,?,?,?,?,?,?,?,?)', customers)

    # ---- contract plans + bridge ----------------------------------------------------------
    plans = [(1, 'Boiler Cover Basic', 11900, 1, 0), (2, 'Boiler Cover Plus', 19900, 1, 1),
             (3, 'Home Care Complete', 29900, 2, 1), (4, 'Landlord Gas Safety', 8900, 1, 0),
             (5, 'Commercial Maintenance', 89900, 4, 1)]
    con.executemany('INSERT INTO contractPlans VALUES (?,?,?,?,?)', plans)
    contracts = []
    contract_cust = set()
    for cid in rng.sample(range(1, 321), 140):
        if ctype[cid] == 'commercial':
            plan = rng.choice([5, 5, 4, 3])
        else:
            plan = rng.choices([1, 2, 3, 4], [35, 30, 20, 15])[0]
        start = max(ccreated[cid], dt.date(2022, 1, 1)) + dt.timedelta(days=rng.randint(0, 400))
        if start > TODAY:
            start = TODAY - dt.timedelta(days=rng.randint(5, 200))
        r = rng.random()
        if r < 0.45:
            end = None  # rolling, still running
        else:
            end = start + dt.timedelta(days=365 * rng.choice([1, 1, 2, 3]) - 1)
        contracts.append((cid, plan, iso(start), iso(end)))
        contract_cust.add(cid)
        # some renewed on an upgraded plan after the old one ended
        if end is not None and end < TODAY and rng.random() < 0.35:
            plan2 = min(plan + 1, 4) if plan < 4 else 5 if ctype[cid] == 'commercial' else 3
            s2 = end + dt.timedelta(days=1)
            e2 = None if rng.random() < 0.6 else s2 + dt.timedelta(days=364)
            contracts.append((cid, plan2, iso(s2), iso(e2)))
    con.executemany('INSERT INTO customerContracts VALUES (?,?,?,?)', contracts)

    # ---- parts --------------------------------------------------------------------------
    parts_def = [
        ('15mm Copper Pipe (3m)', 'Pipe', 'Plumb Center', 1450), ('22mm Copper Pipe (3m)', 'Pipe', 'Plumb Center', 2680),
        ('15mm Compression Elbow', 'Fittings', 'Screwfix', 185), ('22mm Compression Elbow', 'Fittings', 'Screwfix', 310),
        ('15mm Tee', 'Fittings', 'Screwfix', 240), ('22mm Tee', 'Fittings', 'Screwfix', 395),
        ('15mm Push-fit Coupler', 'Fittings', 'Screwfix', 160), ('PTFE Tape', 'Consumables', 'Screwfix', 45),
        ('Jointing Compound', 'Consumables', 'Plumb Center', 520), ('Flux Paste', 'Consumables', 'Plumb Center', 480),
        ('Solder Wire 500g', 'Consumables', 'Plumb Center', 1890), ('Inhibitor 500ml', 'Chemicals', 'City Plumbing', 1150),
        ('System Cleaner 1L', 'Chemicals', 'City Plumbing', 1420), ('Magnetic System Filter', 'Heating', 'City Plumbing', 6850),
        ('TRV Valve Pair', 'Heating', 'City Plumbing', 1890), ('Lockshield Valve Pair', 'Heating', 'Screwfix', 720),
        ('Radiator 600x1000 Double', 'Radiators', 'City Plumbing', 8900), ('Radiator 600x600 Single', 'Radiators', 'City Plumbing', 4200),
        ('Towel Rail Chrome', 'Radiators', 'Plumb Center', 7600), ('Circulating Pump', 'Heating', 'City Plumbing', 11200),
        ('Diverter Valve', 'Boiler Spares', 'Wolseley', 7400), ('PCB Control Board', 'Boiler Spares', 'Wolseley', 21500),
        ('Fan Assembly', 'Boiler Spares', 'Wolseley', 13800), ('Ignition Electrode', 'Boiler Spares', 'Wolseley', 1650),
        ('Expansion Vessel 8L', 'Boiler Spares', 'Wolseley', 4650), ('Pressure Relief Valve', 'Boiler Spares', 'Wolseley', 2100),
        ('Flue Gasket', 'Boiler Spares', 'Wolseley', 890), ('Heat Exchanger', 'Boiler Spares', 'Wolseley', 36500),
        ('Combi Boiler 30kW', 'Boilers', 'City Plumbing', 148000), ('Combi Boiler 35kW', 'Boilers', 'City Plumbing', 172000),
        ('System Boiler 24kW', 'Boilers', 'City Plumbing', 139000), ('Flue Kit Horizontal', 'Boilers', 'City Plumbing', 9800),
        ('Smart Thermostat', 'Controls', 'Screwfix', 16900), ('Wireless Room Stat', 'Controls', 'Screwfix', 7900),
        ('Programmer 2-Channel', 'Controls', 'Screwfix', 6400), ('Zone Valve 22mm', 'Controls', 'City Plumbing', 5400),
        ('Basin Tap Set', 'Sanitary', 'Plumb Center', 4800), ('Kitchen Mixer Tap', 'Sanitary', 'Plumb Center', 7300),
        ('Toilet Fill Valve', 'Sanitary', 'Screwfix', 960), ('Toilet Flush Valve', 'Sanitary', 'Screwfix', 1340),
        ('Close Coupled Toilet', 'Sanitary', 'Plumb Center', 14500), ('Basin & Pedestal', 'Sanitary', 'Plumb Center', 9800),
        ('Shower Valve Thermostatic', 'Sanitary', 'Plumb Center', 18900), ('Shower Head & Riser', 'Sanitary', 'Plumb Center', 5200),
        ('Bath Panel', 'Sanitary', 'Plumb Center', 3600), ('Waste Trap 40mm', 'Waste', 'Screwfix', 420),
        ('Waste Pipe 40mm (3m)', 'Waste', 'Screwfix', 690), ('Drain Rods Hire', 'Waste', 'HSS Hire', 2500),
        ('Isolation Valve 15mm', 'Fittings', 'Screwfix', 290), ('Stop Tap 15mm', 'Fittings', 'Screwfix', 860),
        ('Pipe Insulation 22mm', 'Consumables', 'Screwfix', 130), ('Silicone Sealant', 'Consumables', 'Screwfix', 560),
        ('Gas Cock 22mm', 'Gas', 'Wolseley', 1280), ('Gas Pipe 22mm Yellow (3m)', 'Gas', 'Wolseley', 3150),
        ('CO Alarm', 'Safety', 'Screwfix', 1990), ('Unvented Cylinder 210L', 'Cylinders', 'City Plumbing', 89500),
        ('Immersion Heater', 'Cylinders', 'City Plumbing', 2450), ('Cylinder Thermostat', 'Cylinders', 'City Plumbing', 2100),
    ]
    parts = []
    for i, (nm, cat, sup, cost) in enumerate(parts_def, 1):
        markup = rng.choice([1.25, 1.3, 1.35, 1.4, 1.45, 1.5, 1.6])
        sell = int(round(cost * markup / 5.0)) * 5 + rng.choice([0, 5, 10, 15])
        parts.append((i, nm, cat, sup, cost, sell))
    con.executemany('INSERT INTO parts VALUES (?,?,?,?,?,?)', parts)
    part_by_cat = {}
    for p in parts:
        part_by_cat.setdefault(p[2], []).append(p)
    cost_of = {p[0]: p[4] for p in parts}
    sell_of = {p[0]: p[5] for p in parts}

    # ---- jobs, parts used, labour, invoices, reviews ---------------------------------------
    jtypes = ['boiler service', 'boiler repair', 'boiler install', 'leak repair', 'radiator install',
              'blocked drain', 'gas safety certificate', 'power flush', 'bathroom refit', 'tap/toilet repair']
    jw = [22, 16, 5, 14, 7, 8, 10, 5, 3, 10]
    typ_parts = {
        'boiler service': ['Consumables', 'Chemicals', 'Boiler Spares'],
        'boiler repair': ['Boiler Spares', 'Boiler Spares', 'Heating', 'Fittings'],
        'boiler install': ['Boilers', 'Controls', 'Heating', 'Fittings', 'Pipe', 'Chemicals'],
        'leak repair': ['Fittings', 'Pipe', 'Consumables'],
        'radiator install': ['Radiators', 'Heating', 'Fittings', 'Pipe'],
        'blocked drain': ['Waste'],
        'gas safety certificate': ['Safety', 'Gas'],
        'power flush': ['Chemicals', 'Heating'],
        'bathroom refit': ['Sanitary', 'Sanitary', 'Waste', 'Fittings', 'Pipe', 'Consumables'],
        'tap/toilet repair': ['Sanitary', 'Fittings'],
    }
    typ_hours = {'boiler service': (1, 2.5), 'boiler repair': (1.5, 5), 'boiler install': (12, 24),
                 'leak repair': (1, 4), 'radiator install': (2.5, 6), 'blocked drain': (1, 3),
                 'gas safety certificate': (0.75, 1.5), 'power flush': (5, 8), 'bathroom refit': (24, 45),
                 'tap/toilet repair': (0.75, 2)}
    gas_types = {'boiler service', 'boiler repair', 'boiler install', 'gas safety certificate', 'power flush'}
    notes_pool = [None] * 10 + ['Key under mat', 'Tenant will let in', 'Dog on site', 'Parking permit needed',
                                'Call 30 mins before', 'Access via rear lane', 'Customer supplied parts']
    reviews_txt = {5: ['Brilliant, tidy and quick', 'Fantastic service', 'Would recommend', 'Spot on, thanks'],
                   4: ['Good job, bit late arriving', 'Happy with the work', 'Friendly engineer'],
                   3: ['OK but pricey', 'Took longer than expected', 'Fine'],
                   2: ['Had to call back twice', 'Left a mess'],
                   1: ['Still leaking', 'Very poor communication', 'No-show on first visit']}

    jobs, jparts, labour, invoices, reviews = [], [], [], [], []
    jp_id = le_id = inv_id = rv_id = 0
    start_all = dt.date(2024, 1, 2)
    end_sched = dt.date(2027, 1, 22)
    njobs = 1650
    for jid in range(1, njobs + 1):
        # more jobs later (firm is growing) and a winter bump
        while True:
            sched = rdate(rng, start_all, end_sched)
            w = 0.6 + 0.4 * ((sched - start_all).days / (end_sched - start_all).days)
            if sched.month in (10, 11, 12, 1, 2):
                w *= 1.35
            if sched > TODAY + dt.timedelta(days=21):
                w *= 0.35  # sparse bookings far ahead
            if sched.weekday() == 6:
                w *= 0.1
            elif sched.weekday() == 5:
                w *= 0.45
            elif sched.weekday() == 0:
                w *= 1.25
            if rng.random() < w / 1.8:
                break
        cid = rng.randrange(1, 321)
        if ccreated[cid] > sched:
            cid = rng.randrange(1, 150)
        jt = rng.choices(jtypes, jw)[0]
        if ctype[cid] == 'commercial' and rng.random() < 0.3:
            jt = rng.choice(['gas safety certificate', 'blocked drain', 'leak repair', 'boiler service'])
        emergency = 1 if jt in ('leak repair', 'blocked drain', 'boiler repair') and rng.random() < 0.3 else 0
        created = sched - dt.timedelta(days=0 if emergency else rng.randint(1, 35))
        if sched > TODAY and created > TODAY:
            created = TODAY - dt.timedelta(days=rng.randint(0, 10))
        # engineer choice: gas work needs a gas safe engineer
        pool = [e for e in day_rate if gas[e] or jt not in gas_types]
        pool = [e for e in pool if not (e in eng_left and sched > eng_left[e])]
        pool = [e for e in pool if not (e == 11 and sched < dt.date(2025, 9, 1))]
        pool = [e for e in pool if not (e == 10 and sched < dt.date(2024, 9, 2))]
        wts = [{4: 1.5, 5: 1.3, 7: 1.4, 6: 1.1, 9: 1.0, 2: 0.8, 3: 0.8, 8: 1.0, 10: 0.8, 11: 0.7, 12: 1.0,
                1: 0.4}[e] for e in pool]
        eng = rng.choices(pool, wts)[0]
        if sched < TODAY - dt.timedelta(days=3):
            r = rng.random()
            status = 'done' if r < 0.86 else 'cancelled' if r < 0.95 else 'quoted'
        elif sched < TODAY:
            r = rng.random()
            status = 'done' if r < 0.6 else 'booked' if r < 0.92 else 'cancelled'
        else:
            r = rng.random()
            status = 'booked' if r < 0.82 else 'quoted' if r < 0.94 else 'cancelled'
        sched_out = sched
        eng_out = eng
        if status == 'quoted':
            if jt not in ('boiler install', 'bathroom refit', 'radiator install', 'power flush') and rng.random() < 0.6:
                jt = rng.choice(['boiler install', 'bathroom refit', 'radiator install', 'power flush'])
            sched_out = None
            eng_out = eng if rng.random() < 0.5 else None
            emergency = 0
            created = min(created, TODAY - dt.timedelta(days=rng.randint(0, 20)))
        if contract_cust.__contains__(cid) and jt in ('boiler service', 'gas safety certificate'):
            fee = 0
        elif emergency:
            fee = rng.choice([8500, 9500, 12000])
        else:
            fee = rng.choice([0, 4500, 4500, 6000, 6000, 6000, 7500])
        completed = None
        lo, hi = typ_hours[jt]
        total_h = round(rng.uniform(lo, hi) * 4) / 4
        if status == 'done':
            days = 0
            if total_h > 8:
                days = int(total_h // 8)
            late = rng.random()
            if late < 0.12:
                days += rng.randint(1, 4)
            hour = rng.randint(9, 17)
            completed = dt.datetime.combine(sched + dt.timedelta(days=days), dt.time(hour, rng.choice([0, 5, 15, 20, 30, 40, 45, 55]), 0))
            if completed.date() > TODAY:
                completed = dt.datetime.combine(TODAY, dt.time(rng.randint(8, 11), 30))
        jobs.append((jid, cid, eng_out, jt, status, iso(created), iso(sched_out), ts(completed), fee, emergency,
                     rng.choice(notes_pool)))
        if status != 'done':
            continue
        # labour
        lab_total = 0
        remaining = total_h
        d = sched
        helper = None
        if total_h > 6 or rng.random() < 0.12:
            helper = rng.choice([e for e in pool if e != eng] or [eng])
        while remaining > 0:
            h = min(remaining, 8.0)
            for who, share in ((eng, 1.0), (helper, 0.85)):
                if who is None:
                    continue
                hw = round(h * share * 4) / 4
                if hw <= 0:
                    continue
                le_id += 1
                labour.append((le_id, jid, who, iso(min(d, completed.date())), hw))
                lab_total += hw * day_rate[who] / 8.0
            remaining = round(remaining - h, 2)
            d += dt.timedelta(days=1)
        # parts
        parts_total = 0
        cats = typ_parts[jt]
        nlines = rng.choice([0, 1, 1, 2, 2, 3]) if jt not in ('boiler install', 'bathroom refit') else rng.randint(3, 6)
        used = set()
        for _ in range(nlines):
            cat = rng.choice(cats)
            p = rng.choice(part_by_cat[cat])
            if p[0] in used:
                continue
            used.add(p[0])
            if cat in ('Boilers', 'Cylinders', 'Radiators', 'Sanitary', 'Boiler Spares', 'Controls', 'Heating'):
                q = 1 if rng.random() < 0.8 else 2
                if cat == 'Radiators':
                    q = rng.randint(1, 4)
            else:
                q = rng.randint(1, 8)
            price = sell_of[p[0]]
            if rng.random() < 0.1:
                price = int(price * 0.9)
            jp_id += 1
            jparts.append((jp_id, jid, p[0], q, price))
            parts_total += q * price
        # invoice
        issued = completed.date() + dt.timedelta(days=rng.choice([0, 0, 1, 1, 2, 3, 5]))
        if issued > TODAY:
            issued = TODAY
        amount = int(fee + round(lab_total * 100 / 5) * 5 + parts_total)
        if amount == 0:
            amount = 6000
        terms = 30 if ctype[cid] == 'commercial' else 14
        due = issued + dt.timedelta(days=terms)
        age = (TODAY - issued).days
        pr = 0.97 if age > 120 else 0.88 if age > 45 else 0.65 if age > 14 else 0.35
        if ctype[cid] == 'commercial':
            pr -= 0.06
        paid = None
        if rng.random() < pr:
            lag = rng.choice([0, 1, 3, 5, 7, 10, 12, 13, 15, 20, 28, 35, 45, 60])
            paid = issued + dt.timedelta(days=lag)
            if paid > TODAY:
                paid = None
        inv_id += 1
        invoices.append((inv_id, f'INV-{issued.year}-{inv_id:05d}', jid, amount, iso(issued), iso(due), iso(paid)))
        # review
        if rng.random() < 0.34:
            base = 5
            if completed.date() > sched + dt.timedelta(days=max(0, int(total_h // 8))):
                base = 3
            rating = max(1, min(5, base - rng.choices([0, 0, 0, 1, 1, 2, 3, 4], [40, 10, 5, 22, 5, 8, 6, 4])[0]
                                + (1 if eng in (4, 7) and rng.random() < 0.5 else 0)))
            posted = completed + dt.timedelta(days=rng.randint(0, 12), hours=rng.randint(0, 10))
            if posted.date() > TODAY:
                posted = dt.datetime.combine(TODAY, dt.time(7, 45))
            rv_id += 1
            reviews.append((rv_id, jid, cid, rating,
                            rng.choice(reviews_txt[rating]) if rng.random() < 0.8 else None, ts(posted)))
    con.executemany('INSERT INTO jobs VALUES (?,?,?,?,?,?,?,?,?,?,?)', jobs)
    con.executemany('INSERT INTO jobParts VALUES (?,?,?,?,?)', jparts)
    con.executemany('INSERT INTO labourEntries VALUES (?,?,?,?,?)', labour)
    con.executemany('INSERT INTO invoices VALUES (?,?,?,?,?,?,?)', invoices)
    con.executemany('INSERT INTO reviews VALUES (?,?,?,?,?,?)', reviews)
    con.commit()
    con.close()


# ============================================================================================
def build_leisure(path):
    rng = random.Random(2711)
    if os.path.exists(path):
        os.remove(path)
    con = sqlite3.connect(path)
    con.executescript("""
    PRAGMA foreign_keys = ON;
    CREATE TABLE members (
        mbr_id INTEGER PRIMARY KEY,
        first_nm TEXT NOT NULL,
        last_nm TEXT NOT NULL,
        dob TEXT,
        email TEXT,
        mob_no TEXT,
        join_dt TEXT NOT NULL,
        tier TEXT NOT NULL,              -- basic / standard / premium
        referred_by INTEGER REFERENCES members(mbr_id),
        is_student INTEGER NOT NULL DEFAULT 0,
        left_dt TEXT                     -- NULL while the membership is live
    );
    CREATE TABLE mbr_pmts (
        pmt_id INTEGER PRIMARY KEY,
        mbr_id INTEGER NOT NULL REFERENCES members(mbr_id),
        period TEXT NOT NULL,            -- YYYY-MM the fee covers
        fee_chg REAL NOT NULL,           -- monthly fee charged (GBP)
        amt REAL NOT NULL DEFAULT 0,     -- amount actually paid (GBP)
        paid_on TEXT,
        pay_mthd TEXT
    );
    CREATE TABLE instructors (
        instr_id INTEGER PRIMARY KEY,
        first_nm TEXT NOT NULL,
        last_nm TEXT NOT NULL,
        speciality TEXT,
        hrly_rate REAL,
        pt_qualified INTEGER NOT NULL DEFAULT 0,
        hired_dt TEXT
    );
    CREATE TABLE classes (
        cls_id INTEGER PRIMARY KEY,
        cls_nm TEXT NOT NULL,
        instr_id INTEGER REFERENCES instructors(instr_id),
        capacity INTEGER NOT NULL,
        day_of_wk TEXT NOT NULL,         -- Mon..Sun
        start_tm TEXT NOT NULL,          -- HH:MM
        dur_mins INTEGER NOT NULL,
        studio TEXT NOT NULL
    );
    CREATE TABLE cls_bookings (
        bkg_id INTEGER PRIMARY KEY,
        cls_id INTEGER NOT NULL REFERENCES classes(cls_id),
        mbr_id INTEGER NOT NULL REFERENCES members(mbr_id),
        cls_dt TEXT NOT NULL,            -- date of the class session
        booked_at TEXT NOT NULL,
        attended INTEGER NOT NULL DEFAULT 0,
        cancelled_at TEXT
    );
    CREATE TABLE pt_sessions (
        sess_id INTEGER PRIMARY KEY,
        mbr_id INTEGER NOT NULL REFERENCES members(mbr_id),
        instr_id INTEGER NOT NULL REFERENCES instructors(instr_id),
        sess_start TEXT NOT NULL,        -- datetime
        planned_mins INTEGER NOT NULL,
        actual_mins INTEGER,             -- NULL until the session has happened
        price REAL NOT NULL
    );
    CREATE TABLE equipment (
        equip_id INTEGER PRIMARY KEY,
        equip_nm TEXT NOT NULL,
        equip_type TEXT NOT NULL,
        location TEXT,
        purchased_dt TEXT,
        last_serviced TEXT,
        svc_interval_days INTEGER NOT NULL,
        out_of_order INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE cafe_sales (
        sale_id INTEGER PRIMARY KEY,
        sold_at TEXT NOT NULL,
        mbr_id INTEGER REFERENCES members(mbr_id),
        pay_mthd TEXT NOT NULL
    );
    CREATE TABLE cafe_sale_lines (
        line_id INTEGER PRIMARY KEY,
        sale_id INTEGER NOT NULL REFERENCES cafe_sales(sale_id),
        item TEXT NOT NULL,
        qty INTEGER NOT NULL,
        unit_price REAL NOT NULL
    );
    CREATE VIEW v_active_mbrs AS
        SELECT mbr_id, first_nm, last_nm, tier, join_dt, is_student
        FROM members WHERE left_dt IS NULL;
    """)

    # ---- members ------------------------------------------------------------------------
    N = 520
    members = []
    joined = {}
    left = {}
    tier_of = {}
    student = {}
    ambassadors = []
    for mid in range(1, N + 1):
        # joins spread 2021..today, growing
        while True:
            j = rdate(rng, dt.date(2021, 3, 1), TODAY)
            if rng.random() < 0.35 + 0.65 * (j - dt.date(2021, 3, 1)).days / (TODAY - dt.date(2021, 3, 1)).days:
                break
            if j.month == 1 and rng.random() < 0.5:
                break
        joined[mid] = j
    order = sorted(joined, key=lambda m: joined[m])
    remap = {old: new for new, old in enumerate(order, 1)}
    joined = {remap[m]: d for m, d in joined.items()}
    amb_weights = {}
    for mid in range(1, N + 1):
        j = joined[mid]
        stud = 1 if rng.random() < 0.16 else 0
        if stud:
            dob = rdate(rng, dt.date(1999, 1, 1), dt.date(2008, 9, 1))
        else:
            dob = rdate(rng, dt.date(1950, 1, 1), dt.date(2007, 12, 31))
        if rng.random() < 0.04:
            dob = None
        tier = rng.choices(['basic', 'standard', 'premium'], [45, 35, 20] if not stud else [70, 25, 5])[0]
        ref = None
        if mid > 15 and rng.random() < 0.27:
            cands = [m for m in range(1, mid) if joined[m] < j]
            if cands:
                if amb_weights and rng.random() < 0.55:
                    ks = [k for k in amb_weights if k < mid]
                    ref = rng.choices(ks, [amb_weights[k] for k in ks])[0] if ks else rng.choice(cands)
                else:
                    ref = rng.choice(cands)
        if mid in (4, 11, 37, 90):
            amb_weights[mid] = {4: 5, 11: 3, 37: 2, 90: 1.5}[mid]
        lv = None
        if j < TODAY - dt.timedelta(days=60) and rng.random() < 0.3:
            lv = j + dt.timedelta(days=rng.randint(60, max(61, (TODAY - j).days - 1)))
        fn, ln = rng.choice(FIRST), rng.choice(LAST)
        email = f'{fn.lower()}{ln.lower()}{rng.randint(1, 999)}@example.com' if rng.random() < 0.93 else None
        mob = '07' + ''.join(str(rng.randint(0, 9)) for _ in range(9)) if rng.random() < 0.9 else None
        members.append((mid, fn, ln, iso(dob), email, mob, iso(j), tier, ref, stud, iso(lv)))
        left[mid] = lv
        tier_of[mid] = tier
        student[mid] = stud
    con.executemany('INSERT INTO members VALUES (?,?,?,?,?,?,?,?,?,?,?)', members)

    def active_on(m, d):
        return joined[m] <= d and (left[m] is None or left[m] > d)

    # ---- membership payments (Dec 2025 .. Nov 2026) --------------------------------------
    fee = {'basic': 24.99, 'standard': 36.50, 'premium': 54.00}
    pmts = []
    pid = 0
    periods = [dt.date(2025, 12, 1)] + [dt.date(2026, m, 1) for m in range(1, 12)]
    for m in range(1, N + 1):
        for p in periods:
            pend = (p.replace(day=28) + dt.timedelta(days=4)).replace(day=1) - dt.timedelta(days=1)
            if not (joined[m] <= pend and (left[m] is None or left[m] > p)):
                continue
            f = fee[tier_of[m]]
            if p >= dt.date(2026, 4, 1):
                f = {'basic': 25.99, 'standard': 37.50, 'premium': 56.00}[tier_of[m]]
            if student[m]:
                f = round(f * 0.8, 2)
            if joined[m] > p and joined[m].day > 20:
                f = round(f / 2, 2)  # half-month on late joins
            r = rng.random()
            mth = rng.choices(['direct debit', 'card', 'cash'], [80, 15, 5])[0]
            if p == dt.date(2026, 11, 1) and rng.random() < 0.12:
                amt, paid = 0.0, None
            elif r < 0.04:
                amt, paid = 0.0, None
            elif r < 0.06:
                amt = round(f * rng.choice([0.5, 0.6, 0.75]), 2)
                paid = max(p, joined[m]) + dt.timedelta(days=rng.randint(0, 9))
            else:
                amt = f
                paid = max(p, joined[m]) + dt.timedelta(days=rng.choice([0, 0, 0, 1, 1, 2, 3, 5, 8, 12]))
            if paid is not None and paid > TODAY:
                paid = TODAY
            pid += 1
            pmts.append((pid, m, p.strftime('%Y-%m'), f, amt, iso(paid), mth if paid else None))
    con.executemany('INSERT INTO mbr_pmts VALUES (?,?,?,?,?,?,?)', pmts)

    # ---- instructors & classes -------------------------------------------------------------
    instr = [(1, 'Kelly', 'Morgan', 'Spin', 22.0, 1, '2019-04-01'),
             (2, 'Marcus', 'Okoye', 'Strength & Conditioning', 28.0, 1, '2020-01-13'),
             (3, 'Hannah', 'Reid', 'Yoga', 25.0, 0, '2018-09-03'),
             (4, 'Deepa', 'Singh', 'Pilates', 26.0, 1, '2021-06-07'),
             (5, 'Jordan', 'Hall', 'HIIT', 21.5, 1, '2022-02-14'),
             (6, 'Sophie', 'Clarke', 'Aqua', 19.5, 0, '2017-05-22'),
             (7, 'Luis', 'Fernandes', 'Boxing', 24.0, 1, '2023-03-06'),
             (8, 'Erin', 'Doyle', 'Dance', 20.0, 0, '2024-08-19'),
             (9, 'Ben', 'Wright', 'Strength & Conditioning', 30.0, 1, '2016-11-01'),
             (10, 'Amira', 'Hussain', 'Yoga', 23.0, 0, '2025-10-06')]
    con.executemany('INSERT INTO instructors VALUES (?,?,?,?,?,?,?)', instr)
    classes = [
        (1, 'Spin', 1, 20, 'Mon', '06:30', 45, 'Spin Studio'),
        (2, 'Spin', 1, 20, 'Wed', '18:15', 45, 'Spin Studio'),
        (3, 'Spin', 5, 20, 'Sat', '09:00', 45, 'Spin Studio'),
        (4, 'Yoga Flow', 3, 18, 'Tue', '07:00', 60, 'Studio 2'),
        (5, 'Yoga Flow', 10, 18, 'Thu', '19:30', 60, 'Studio 2'),
        (6, 'Yin Yoga', 10, 16, 'Sun', '10:30', 75, 'Studio 2'),
        (7, 'Pilates', 4, 15, 'Mon', '09:30', 50, 'Studio 2'),
        (8, 'Pilates', 4, 15, 'Wed', '12:15', 50, 'Studio 2'),
        (9, 'HIIT', 5, 24, 'Tue', '18:00', 30, 'Studio 1'),
        (10, 'HIIT', 5, 24, 'Fri', '07:00', 30, 'Studio 1'),
        (11, 'Body Pump', 2, 25, 'Mon', '18:30', 55, 'Studio 1'),
        (12, 'Body Pump', 9, 25, 'Thu', '18:00', 55, 'Studio 1'),
        (13, 'Aqua Aerobics', 6, 30, 'Tue', '10:00', 45, 'Pool'),
        (14, 'Aqua Aerobics', 6, 30, 'Fri', '11:00', 45, 'Pool'),
        (15, 'Boxfit', 7, 16, 'Wed', '19:00', 45, 'Studio 1'),
        (16, 'Boxfit', 7, 16, 'Sat', '11:00', 45, 'Studio 1'),
        (17, 'Zumba', 8, 28, 'Thu', '10:00', 55, 'Studio 1'),
        (18, 'Zumba', 8, 28, 'Sat', '10:00', 55, 'Studio 2'),
        (19, 'Kettlebells', 9, 14, 'Tue', '12:30', 40, 'Studio 1'),
        (20, 'Stretch & Mobility', 3, 20, 'Sun', '09:00', 45, 'Studio 2'),
        (21, 'Circuits', 2, 22, 'Fri', '18:00', 45, 'Studio 1'),
        (22, 'Aqua Aerobics', 6, 30, 'Sun', '16:00', 45, 'Pool'),
    ]
    con.executemany('INSERT INTO classes VALUES (?,?,?,?,?,?,?,?)', classes)
    dow_idx = {'Mon': 0, 'Tue': 1, 'Wed': 2, 'Thu': 3, 'Fri': 4, 'Sat': 5, 'Sun': 6}
    popularity = {1: 0.95, 2: 0.9, 3: 0.85, 4: 0.55, 5: 0.8, 6: 0.5, 7: 0.7, 8: 0.45, 9: 0.85, 10: 0.6,
                  11: 0.92, 12: 0.75, 13: 0.35, 14: 0.4, 15: 0.7, 16: 0.55, 17: 0.4, 18: 0.6, 19: 0.5,
                  20: 0.3, 21: 0.65, 22: 0.25}

    # ---- class bookings (sessions 2026-09-01 .. 2026-12-06) -------------------------------
    bookings = []
    bid = 0
    # a pool of regular class-goers (some members never book)
    keen = [m for m in range(1, N + 1) if rng.random() < 0.55]
    d = dt.date(2026, 9, 1)
    last_sess = dt.date(2026, 12, 6)
    while d <= last_sess:
        for c in classes:
            if dow_idx[c[4]] != d.weekday():
                continue
            hh, mm = map(int, c[5].split(':'))
            start = dt.datetime.combine(d, dt.time(hh, mm))
            fill = popularity[c[0]] * rng.uniform(0.7, 1.05)
            if d > TODAY:
                fill *= max(0.25, 1 - (d - TODAY).days / 12)
            n = min(c[3], int(round(c[3] * fill)))
            eligible = [m for m in keen if active_on(m, d)]
            who = rng.sample(eligible, min(n, len(eligible)))
            for m in who:
                booked = start - dt.timedelta(minutes=rng.randint(30, 60 * 24 * 7))
                if booked.date() > TODAY:
                    booked = dt.datetime.combine(TODAY, dt.time(rng.randint(6, 9), rng.randint(0, 59)))
                canc = None
                att = 0
                if rng.random() < 0.11:
                    span = (start - booked).total_seconds()
                    canc = booked + dt.timedelta(seconds=rng.uniform(0.2, 0.99) * span)
                    if canc.date() > TODAY:
                        canc = None
                if canc is None and start < dt.datetime.combine(TODAY, dt.time(6, 0)):
                    att = 1 if rng.random() < 0.86 else 0
                bid += 1
                bookings.append((bid, c[0], m, iso(d), booked.strftime('%Y-%m-%d %H:%M'), att,
                                 canc.strftime('%Y-%m-%d %H:%M') if canc else None))
        d += dt.timedelta(days=1)
    con.executemany('INSERT INTO cls_bookings VALUES (?,?,?,?,?,?,?)', bookings)

    # ---- PT sessions ----------------------------------------------------------------------
    pts = []
    sid = 0
    pt_instr = [i[0] for i in instr if i[5]]
    pt_w = {1: 0.6, 2: 1.6, 4: 1.0, 5: 0.9, 7: 1.2, 9: 1.35}
    pt_clients = rng.sample(range(1, N + 1), 90)
    t = dt.date(2025, 6, 2)
    while t <= dt.date(2026, 12, 18):
        for _ in range(rng.choice([0, 1, 1, 2, 2, 3])):
            if t.weekday() == 6:
                continue
            m = rng.choice(pt_clients)
            if not active_on(m, t):
                continue
            ins = rng.choices(pt_instr, [pt_w[i] for i in pt_instr])[0]
            plan = rng.choices([30, 45, 60], [25, 35, 40])[0]
            price = {30: 28.0, 45: 38.0, 60: 48.0}[plan] + (6.0 if ins in (2, 9) else 0.0)
            start = dt.datetime.combine(t, dt.time(rng.choice([6, 7, 8, 9, 10, 12, 13, 17, 18, 19, 20]),
                                                   rng.choice([0, 0, 15, 30, 45])))
            if start < dt.datetime.combine(TODAY, dt.time(0, 0)):
                actual = plan + rng.choices([-10, -5, 0, 0, 0, 5, 10, 15, 20],
                                            [4, 8, 40, 10, 6, 12, 10, 6, 4])[0]
                if ins == 2 and rng.random() < 0.3:
                    actual += 10
            else:
                actual = None
            sid += 1
            pts.append((sid, m, ins, start.strftime('%Y-%m-%d %H:%M'), plan, actual, price))
        t += dt.timedelta(days=1)
    con.executemany('INSERT INTO pt_sessions VALUES (?,?,?,?,?,?,?)', pts)

    # ---- equipment ------------------------------------------------------------------------
    eq_def = [('Treadmill', 'cardio', 'Gym Floor', 14, 90), ('Cross Trainer', 'cardio', 'Gym Floor', 8, 90),
              ('Rowing Machine', 'cardio', 'Gym Floor', 6, 180), ('Spin Bike', 'cardio', 'Spin Studio', 20, 120),
              ('Upright Bike', 'cardio', 'Gym Floor', 4, 180), ('Leg Press', 'resistance', 'Gym Floor', 2, 180),
              ('Cable Crossover', 'resistance', 'Gym Floor', 1, 180), ('Chest Press', 'resistance', 'Gym Floor', 2, 180),
              ('Smith Machine', 'resistance', 'Weights Room', 1, 365), ('Power Rack', 'free weights', 'Weights Room', 3, 365),
              ('Pool Hoist', 'pool', 'Pool', 1, 90), ('Sauna Heater', 'spa', 'Spa', 1, 60),
              ('Steam Generator', 'spa', 'Spa', 1, 60), ('Pool Pump', 'pool', 'Plant Room', 2, 30)]
    equip = []
    eid = 0
    for nm, typ, loc, n, interval in eq_def:
        for k in range(1, n + 1):
            eid += 1
            bought = rdate(rng, dt.date(2017, 1, 1), dt.date(2026, 6, 1))
            last = TODAY - dt.timedelta(days=int(interval * rng.uniform(0.05, 1.35)))
            if last < bought:
                last = bought
            if rng.random() < 0.05:
                last_s = None
            else:
                last_s = iso(last)
            ooo = 1 if rng.random() < 0.06 else 0
            equip.append((eid, f'{nm} {k}' if n > 1 else nm, typ, loc, iso(bought), last_s, interval, ooo))
    con.executemany('INSERT INTO equipment VALUES (?,?,?,?,?,?,?,?)', equip)

    # ---- cafe till --------------------------------------------------------------------------
    menu = [('Flat White', 2.95, 14), ('Americano', 2.60, 12), ('Latte', 3.05, 11), ('Tea', 1.90, 7),
            ('Protein Shake', 4.75, 12), ('Berry Smoothie', 4.25, 7), ('Bottled Water', 1.20, 13),
            ('Energy Drink', 1.95, 6), ('Flapjack', 2.35, 6), ('Banana', 0.65, 5), ('Porridge Pot', 3.10, 4),
            ('Chicken Wrap', 5.60, 5), ('Cheese Toastie', 4.90, 4), ('Kids Squash', 0.90, 3),
            ('Protein Bar', 2.50, 8)]
    sales, lines = [], []
    sid = lid = 0
    d = dt.date(2026, 1, 2)
    while d <= TODAY:
        n = rng.randint(4, 9) + (3 if d.weekday() >= 5 else 0)
        for _ in range(n):
            hr = rng.choices(list(range(6, 21)), [3, 6, 7, 6, 5, 5, 8, 7, 4, 4, 5, 8, 9, 7, 3])[0]
            if d == TODAY and hr > 10:
                continue
            when = dt.datetime.combine(d, dt.time(hr, rng.randint(0, 59)))
            mem = None
            if rng.random() < 0.62:
                mem = rng.randint(1, N)
                if not active_on(mem, d):
                    mem = None
            pm = rng.choices(['card', 'cash', 'member account'], [70, 12, 18])[0]
            if mem is None and pm == 'member account':
                pm = 'card'
            sid += 1
            sales.append((sid, when.strftime('%Y-%m-%d %H:%M'), mem, pm))
            for it in rng.sample(menu, rng.choices([1, 2, 3], [60, 30, 10])[0]):
                q = 1 if rng.random() < 0.85 else 2
                price = it[1]
                if d < dt.date(2026, 5, 1):
                    price = round(it[1] - 0.10, 2) if it[1] > 1.5 else it[1]
                lid += 1
                lines.append((lid, sid, it[0], q, price))
        d += dt.timedelta(days=1)
    con.executemany('INSERT INTO cafe_sales VALUES (?,?,?,?)', sales)
    con.executemany('INSERT INTO cafe_sale_lines VALUES (?,?,?,?,?)', lines)
    con.commit()
    con.close()


if __name__ == '__main__':
    for n in ('trades', 'leisure'):
        os.makedirs(os.path.join(HERE, 'dbs', n), exist_ok=True)
    build_trades(os.path.join(HERE, 'dbs', 'trades', 'trades.sqlite'))
    build_leisure(os.path.join(HERE, 'dbs', 'leisure', 'leisure.sqlite'))
    for n in ('trades', 'leisure'):
        con = sqlite3.connect(os.path.join(HERE, 'dbs', n, n + '.sqlite'))
        tabs = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type IN ('table','view') ORDER BY name")]
        print(n, ', '.join(f'{t}={con.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0]}' for t in tabs))
