#!/usr/bin/env python3
"""Build two small-business SQLite databases deterministically.

  dbs/garage/garage.sqlite    - independent car repair garage
  dbs/caterer/caterer.sqlite  - small event caterer

"Today" for both is 2026-11-28 (a Saturday). Rows span 2025-01 .. 2026-11 with
some future bookings after today.
"""
import os
import random
import sqlite3
from datetime import date, datetime, timedelta

HERE = os.path.dirname(os.path.abspath(__file__))
TODAY = date(2026, 11, 28)
NOW = datetime(2026, 11, 28, 12, 0, 0)

FIRST = ['James', 'Oliver', 'Harry', 'Jack', 'George', 'Noah', 'Charlie', 'Jacob', 'Alfie', 'Freddie',
         'Thomas', 'William', 'Joshua', 'Daniel', 'Samuel', 'Mohammed', 'Ryan', 'Adam', 'Lewis', 'Matthew',
         'Amelia', 'Olivia', 'Emily', 'Isla', 'Ava', 'Jessica', 'Lily', 'Sophie', 'Grace', 'Chloe',
         'Mia', 'Ella', 'Ruby', 'Hannah', 'Lucy', 'Megan', 'Zara', 'Aisha', 'Priya', 'Rachel',
         'Karen', 'Steve', 'Paul', 'Mark', 'Andrew', 'Susan', 'Helen', 'Gareth', 'Rhys', 'Siobhan',
         'Wojciech', 'Agnieszka', 'Kwame', 'Chidi', 'Fatima', 'Imran', 'Deepak', 'Nadia', 'Craig', 'Dawn']
SURN = ['Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Johnson', 'Davies', 'Robinson', 'Wright',
        'Thompson', 'Evans', 'Walker', 'White', 'Roberts', 'Green', 'Hall', 'Wood', 'Jackson', 'Clarke',
        'Patel', 'Khan', 'Hughes', 'Edwards', 'Lewis', 'Turner', 'Hill', 'Moore', 'Cooper', 'Ward',
        'Morris', 'King', 'Harrison', 'Baker', 'Morgan', 'Bell', 'Shaw', 'Bennett', 'Fletcher', 'Kaur',
        'Begum', 'Ali', 'Okafor', 'Mensah', 'Kowalski', 'Nowicki', "O'Neill", 'McDonald', 'Reid', 'Pearson',
        'Atkinson', 'Brennan', 'Chadwick', 'Dobson', 'Ellis', 'Foster', 'Gill', 'Holt', 'Ingram', 'Lowe']
TOWNS = ['Harrogate', 'Knaresborough', 'Ripon', 'Wetherby', 'Otley', 'Pateley Bridge', 'Boroughbridge',
         'Ilkley', 'Leeds', 'York']


def d2s(d):
    return d.strftime('%Y-%m-%d')


def t2s(t):
    return t.strftime('%Y-%m-%d %H:%M:%S')


def daterange(a, b):
    d = a
    while d <= b:
        yield d
        d += timedelta(days=1)


# ---------------------------------------------------------------------------
# GARAGE
# ---------------------------------------------------------------------------
GARAGE_DDL = """
CREATE TABLE customers (
    cust_id      INTEGER PRIMARY KEY,
    first_name   TEXT,
    surname      TEXT NOT NULL,
    company      TEXT,
    phone        TEXT,
    email        TEXT,
    addr_town    TEXT,
    postcode     TEXT,
    trade_acct   INTEGER NOT NULL DEFAULT 0,
    created_dt   TEXT
);
CREATE TABLE vehicles (
    veh_id       INTEGER PRIMARY KEY,
    cust_id      INTEGER REFERENCES customers(cust_id),
    reg          TEXT NOT NULL,
    make         TEXT,
    model        TEXT,
    body         TEXT,
    fuel         TEXT,
    yr           INTEGER,
    colour       TEXT,
    mileage      INTEGER,
    mot_due      TEXT
);
CREATE TABLE mechanics (
    mech_id      INTEGER PRIMARY KEY,
    name         TEXT NOT NULL,
    grade        TEXT,
    supervisor_id INTEGER REFERENCES mechanics(mech_id),
    mot_tester   TEXT,
    active       INTEGER NOT NULL DEFAULT 1,
    start_dt     TEXT,
    leave_dt     TEXT
);
CREATE TABLE jobs (
    job_no       INTEGER PRIMARY KEY,
    veh_id       INTEGER REFERENCES vehicles(veh_id),
    mech_id      INTEGER REFERENCES mechanics(mech_id),
    job_type     TEXT,
    complaint    TEXT,
    booked_in    TEXT,
    promised_dt  TEXT,
    started_ts   TEXT,
    completed_ts TEXT,
    collected_ts TEXT,
    status       TEXT,
    odo_in       INTEGER,
    est_amt      REAL
);
CREATE TABLE labour (
    lab_id       INTEGER PRIMARY KEY,
    job_no       INTEGER REFERENCES jobs(job_no),
    mech_id      INTEGER REFERENCES mechanics(mech_id),
    task         TEXT,
    duration_mins INTEGER,
    rate         REAL
);
CREATE TABLE parts (
    part_code    TEXT PRIMARY KEY,
    descr        TEXT,
    category     TEXT,
    supplier     TEXT,
    cost_p       INTEGER,
    list_p       INTEGER,
    weight_kg    REAL
);
CREATE TABLE jobParts (
    id           INTEGER PRIMARY KEY,
    job_no       INTEGER REFERENCES jobs(job_no),
    part_code    TEXT REFERENCES parts(part_code),
    qty          INTEGER,
    unit_price_p INTEGER,
    addedOn      TEXT
);
CREATE TABLE invoices (
    inv_no       TEXT PRIMARY KEY,
    job_no       INTEGER REFERENCES jobs(job_no),
    inv_dt       TEXT,
    due_dt       TEXT,
    net_amt      REAL,
    vat_amt      REAL,
    total_amt    REAL
);
CREATE TABLE payments (
    pay_id       INTEGER PRIMARY KEY,
    inv_no       TEXT REFERENCES invoices(inv_no),
    pay_ts       TEXT,
    amount       REAL,
    method       TEXT,
    pay_type     TEXT
);
CREATE TABLE mot_tests (
    test_id      INTEGER PRIMARY KEY,
    veh_id       INTEGER REFERENCES vehicles(veh_id),
    job_no       INTEGER REFERENCES jobs(job_no),
    tester_id    INTEGER REFERENCES mechanics(mech_id),
    test_dt      TEXT,
    result       TEXT,
    odo_miles    INTEGER,
    advisories   INTEGER,
    expiry_dt    TEXT
);
CREATE VIEW v_open_jobs AS
    SELECT * FROM jobs WHERE status IN ('Booked', 'In Workshop', 'Awaiting Parts');
"""

MODELS = [
    # make, model, body, fuel choices, weight
    ('Ford', 'Fiesta', 'Car', ['Petrol'], 9), ('Ford', 'Focus', 'Car', ['Petrol', 'Diesel'], 8),
    ('Ford', 'Kuga', 'SUV', ['Diesel', 'Hybrid'], 4), ('Ford', 'Transit', 'Van', ['Diesel'], 7),
    ('Ford', 'Transit Custom', 'Van', ['Diesel'], 6), ('Ford', 'Ranger', 'Pickup', ['Diesel'], 2),
    ('Vauxhall', 'Corsa', 'Car', ['Petrol'], 8), ('Vauxhall', 'Astra', 'Car', ['Petrol', 'Diesel'], 6),
    ('Vauxhall', 'Vivaro', 'Van', ['Diesel'], 4), ('Vauxhall', 'Mokka', 'SUV', ['Petrol'], 2),
    ('Volkswagen', 'Golf', 'Car', ['Petrol', 'Diesel'], 7), ('Volkswagen', 'Polo', 'Car', ['Petrol'], 5),
    ('Volkswagen', 'Tiguan', 'SUV', ['Diesel', 'Petrol'], 3), ('Volkswagen', 'Transporter', 'Van', ['Diesel'], 5),
    ('Volkswagen', 'Caddy', 'Van', ['Diesel'], 3),
    ('Toyota', 'Yaris', 'Car', ['Hybrid', 'Petrol'], 4), ('Toyota', 'Corolla', 'Car', ['Hybrid'], 4),
    ('Toyota', 'RAV4', 'SUV', ['Hybrid'], 3), ('Toyota', 'Hilux', 'Pickup', ['Diesel'], 3),
    ('BMW', '1 Series', 'Car', ['Petrol', 'Diesel'], 3), ('BMW', '3 Series', 'Car', ['Diesel', 'Petrol'], 4),
    ('BMW', 'X3', 'SUV', ['Diesel'], 2),
    ('Nissan', 'Qashqai', 'SUV', ['Petrol', 'Diesel'], 6), ('Nissan', 'Juke', 'SUV', ['Petrol'], 3),
    ('Nissan', 'Leaf', 'Car', ['Electric'], 2), ('Nissan', 'Navara', 'Pickup', ['Diesel'], 1),
    ('Kia', 'Sportage', 'SUV', ['Diesel', 'Hybrid'], 3), ('Kia', 'Niro', 'SUV', ['Hybrid', 'Electric'], 2),
    ('Mercedes-Benz', 'A-Class', 'Car', ['Petrol', 'Diesel'], 3), ('Mercedes-Benz', 'C-Class', 'Car', ['Diesel'], 2),
    ('Mercedes-Benz', 'Sprinter', 'Van', ['Diesel'], 4),
    ('Peugeot', '208', 'Car', ['Petrol'], 4), ('Peugeot', '3008', 'SUV', ['Diesel'], 2),
    ('Peugeot', 'Partner', 'Van', ['Diesel'], 3),
    ('Land Rover', 'Defender', 'SUV', ['Diesel'], 1), ('Land Rover', 'Discovery Sport', 'SUV', ['Diesel'], 2),
    ('Skoda', 'Octavia', 'Car', ['Diesel', 'Petrol'], 4), ('Skoda', 'Fabia', 'Car', ['Petrol'], 3),
    ('Tesla', 'Model 3', 'Car', ['Electric'], 2), ('MG', 'ZS', 'SUV', ['Petrol', 'Electric'], 2),
]
COLOURS = ['Silver', 'Black', 'White', 'Grey', 'Blue', 'Red', 'Green', 'Orange']

MECHANICS = [
    # id, name, grade, supervisor, mot_tester, active, start, leave
    (1, 'Dave Hollins', 'Workshop Manager', None, 'Yes', 1, '2011-03-01', None),
    (2, 'Gary Pritchard', 'Master Technician', 1, 'Yes', 1, '2014-08-18', None),
    (3, 'Sanjay Mistry', 'Technician', 1, 'No', 1, '2018-01-08', None),
    (4, 'Kelly Ashworth', 'Technician', 2, 'Yes', 1, '2019-05-13', None),
    (5, 'Tomasz Nowak', 'Technician', 2, 'No', 1, '2021-09-06', None),
    (6, 'Liam Doyle', 'Apprentice', 2, 'No', 1, '2024-09-02', None),
    (7, 'Ryan Cole', 'Apprentice', 3, 'No', 0, '2023-09-04', '2025-08-29'),
    (8, 'Bev Marsh', 'MOT Tester', 1, 'Yes', 1, '2016-02-01', None),
    (9, 'Jordan Pike', 'Technician', 3, 'No', 1, '2025-10-06', None),
]

PARTS = [
    # code, descr, category, supplier, cost_p, list_p, weight_kg
    ('OF-101', 'Oil filter (spin-on)', 'Filters', 'Euro Car Parts', 420, 895, 0.35),
    ('OF-102', 'Oil filter (cartridge)', 'Filters', 'Euro Car Parts', 510, 1095, 0.2),
    ('AF-201', 'Air filter', 'Filters', 'GSF', 690, 1495, 0.4),
    ('PF-301', 'Pollen filter', 'Filters', 'GSF', 540, 1295, 0.2),
    ('FF-401', 'Fuel filter (diesel)', 'Filters', 'Euro Car Parts', 1150, 2495, 0.5),
    ('OIL-5W30', 'Engine oil 5W-30 1L', 'Oils & Fluids', 'Opie Oils', 480, 1150, 0.9),
    ('OIL-0W20', 'Engine oil 0W-20 1L', 'Oils & Fluids', 'Opie Oils', 560, 1350, 0.9),
    ('BF-DOT4', 'Brake fluid DOT4 1L', 'Oils & Fluids', 'GSF', 450, 1095, 1.0),
    ('COOL-5L', 'Coolant 5L', 'Oils & Fluids', 'GSF', 1200, 2495, 5.3),
    ('SCRN-5L', 'Screenwash 5L', 'Oils & Fluids', 'GSF', 250, 695, 5.1),
    ('BP-F01', 'Brake pads front (set)', 'Brakes', 'Euro Car Parts', 1850, 4295, 1.6),
    ('BP-R01', 'Brake pads rear (set)', 'Brakes', 'Euro Car Parts', 1600, 3695, 1.2),
    ('BD-F01', 'Brake disc front', 'Brakes', 'Euro Car Parts', 2400, 5495, 6.8),
    ('BD-R01', 'Brake disc rear', 'Brakes', 'Euro Car Parts', 2100, 4795, 5.2),
    ('CAL-F01', 'Brake caliper front (recon)', 'Brakes', 'Parts Alliance', 4500, 9995, 3.9),
    ('CLU-KIT', 'Clutch kit 3-piece', 'Transmission', 'Parts Alliance', 11500, 23995, 7.5),
    ('DMF-01', 'Dual mass flywheel', 'Transmission', 'Parts Alliance', 28000, 54995, 11.2),
    ('TB-KIT', 'Timing belt kit + water pump', 'Engine', 'Parts Alliance', 9500, 18995, 2.8),
    ('SP-01', 'Spark plug', 'Engine', 'GSF', 450, 995, 0.06),
    ('GP-01', 'Glow plug', 'Engine', 'GSF', 900, 1995, 0.05),
    ('AUX-BELT', 'Auxiliary drive belt', 'Engine', 'GSF', 1100, 2495, 0.3),
    ('EGR-01', 'EGR valve', 'Engine', 'Parts Alliance', 9800, 19995, 1.4),
    ('BAT-075', 'Battery 075', 'Electrical', 'Euro Car Parts', 5500, 11495, 16.5),
    ('BAT-096', 'Battery 096 AGM', 'Electrical', 'Euro Car Parts', 9800, 18995, 19.8),
    ('BULB-H7', 'Headlamp bulb H7', 'Electrical', 'GSF', 250, 795, 0.02),
    ('BULB-W5W', 'Sidelight bulb W5W', 'Electrical', 'GSF', 40, 250, 0.01),
    ('ALT-01', 'Alternator (recon)', 'Electrical', 'Parts Alliance', 12500, 24995, 6.1),
    ('WIPER-F', 'Wiper blades front (pair)', 'Electrical', 'GSF', 900, 2295, 0.4),
    ('SHK-F01', 'Shock absorber front', 'Suspension', 'Parts Alliance', 3800, 8495, 3.4),
    ('SPR-F01', 'Coil spring front', 'Suspension', 'Parts Alliance', 2600, 5995, 2.9),
    ('ARB-LINK', 'Anti-roll bar drop link', 'Suspension', 'Euro Car Parts', 850, 1995, 0.4),
    ('TRE-01', 'Track rod end', 'Suspension', 'Euro Car Parts', 950, 2295, 0.6),
    ('EXH-BOX', 'Rear exhaust silencer', 'Exhaust', 'Euro Car Parts', 4200, 8995, 8.0),
    ('EXH-CLAMP', 'Exhaust clamp', 'Exhaust', 'GSF', 200, 595, 0.2),
    ('DPF-CLN', 'DPF cleaner additive', 'Exhaust', 'GSF', 1500, 3495, 0.5),
    ('TYR-16', 'Tyre 205/55 R16', 'Tyres', 'Tyres Direct', 5200, 8900, 8.6),
    ('TYR-17', 'Tyre 225/45 R17', 'Tyres', 'Tyres Direct', 6800, 11200, 9.4),
    ('TYR-VAN', 'Tyre 215/65 R16C (van)', 'Tyres', 'Tyres Direct', 7400, 11800, 12.1),
    ('TYR-VALVE', 'Tyre valve', 'Tyres', 'Tyres Direct', 50, 300, 0.01),
    ('AC-GAS', 'Air con refrigerant R1234yf (100g)', 'Air Con', 'GSF', 1400, 3500, 0.1),
    ('AC-OLD', 'Air con refrigerant R134a (100g)', 'Air Con', 'GSF', 500, 1500, 0.1),
]
PART = {p[0]: p for p in PARTS}

JOB_TYPES = [('Service', 30), ('Repair', 26), ('MOT', 18), ('Diagnostic', 10), ('Tyres', 10), ('Air Con', 6)]
COMPLAINTS = {
    'Service': ['Annual service', 'Interim service', 'Full service', 'Major service', 'Service due - light on dash'],
    'Repair': ['Grinding noise when braking', 'Clutch slipping', 'Knocking from front suspension',
               'Exhaust blowing', 'Battery keeps going flat', 'Timing belt due', 'Squeal from engine bay',
               'Pulls to the left', 'Warning light - EGR', 'Coolant leak', 'Blowing on cold start'],
    'MOT': ['MOT', 'MOT due', 'MOT + check over'],
    'Diagnostic': ['Engine management light on', 'Intermittent misfire', 'Loss of power', 'ABS light on',
                   'Rattle at low speed', 'Electrical fault - windows'],
    'Tyres': ['Two front tyres', 'Puncture repair', 'Four new tyres', 'Tyre worn on inner edge'],
    'Air Con': ['Air con regas', 'Air con not cold'],
}


def build_garage(path):
    rng = random.Random(34001)
    if os.path.exists(path):
        os.remove(path)
    con = sqlite3.connect(path)
    con.executescript(GARAGE_DDL)

    # customers ---------------------------------------------------------
    customers = []
    companies = ['Dales Plumbing Ltd', 'Nidd Valley Builders', 'Harrogate Flowers', 'Crown Taxis',
                 'Yorkshire Electrical Services', 'Ripon Removals', 'Stray Cleaning Co', 'Wharfe Landscapes',
                 'Knares Joinery', 'Otley Cars (Private Hire)', 'Ainsty Farm Supplies', 'Pannal Roofing',
                 'Bilton Scaffolding', 'Spa Town Couriers', 'North Yorks Catering Hire']
    n_cust = 900
    for cid in range(1, n_cust + 1):
        fn, sn = rng.choice(FIRST), rng.choice(SURN)
        company = None
        trade = 0
        if cid <= len(companies) * 2 and cid % 2 == 0:
            company = companies[cid // 2 - 1]
            trade = 1
        town = rng.choice(TOWNS[:7] + ['Harrogate'] * 4)
        pc = {'Harrogate': 'HG1', 'Knaresborough': 'HG5', 'Ripon': 'HG4', 'Wetherby': 'LS22', 'Otley': 'LS21',
              'Pateley Bridge': 'HG3', 'Boroughbridge': 'YO51'}[town]
        postcode = f'{pc} {rng.randint(1, 9)}{rng.choice("ABDEFGHJLNPQRSTUWXYZ")}{rng.choice("ABDEFGHJLNPQRSTUWXYZ")}'
        phone = f'07{rng.randint(700, 999)} {rng.randint(100000, 999999)}' if rng.random() > 0.05 else None
        email = (f'{fn.lower()}.{sn.lower().replace(chr(39), "")}@{rng.choice(["gmail.com", "hotmail.co.uk", "outlook.com", "btinternet.com", "yahoo.co.uk"])}'
                 if rng.random() > 0.15 else None)
        if company:
            email = f'accounts@{company.lower().split()[0]}{company.lower().split()[1]}.co.uk'
        created = date(2019, 1, 1) + timedelta(days=rng.randint(0, 2150))
        customers.append((cid, fn, sn, company, phone, email, town, postcode, trade, d2s(created)))
    # A few customers created late (new this year) -- drive ordering later
    con.executemany('INSERT INTO customers VALUES (?,?,?,?,?,?,?,?,?,?)', customers)
    trade_ids = {c[0] for c in customers if c[8] == 1}

    # vehicles ----------------------------------------------------------
    vehicles = []
    weights = [m[4] for m in MODELS]
    used_regs = set()
    vid = 0
    cust_vehicles = {}
    for c in customers:
        cid = c[0]
        nveh = 1
        if cid in trade_ids:
            nveh = rng.randint(2, 5)
        elif rng.random() < 0.18:
            nveh = 2
        for _ in range(nveh):
            vid += 1
            if cid in trade_ids and rng.random() < 0.75:
                m = rng.choice([mm for mm in MODELS if mm[2] in ('Van', 'Pickup')])
            else:
                m = rng.choices(MODELS, weights)[0]
            fuel = rng.choice(m[3])
            yr = rng.choices(range(2008, 2026), [1, 1, 2, 2, 3, 3, 4, 5, 6, 7, 7, 7, 6, 5, 5, 4, 3, 2])[0]
            if fuel == 'Electric':
                yr = max(yr, 2018)
            while True:
                half = rng.choice([0, 50]) if yr < 2025 else 0
                age = (yr % 100) + half
                reg = (f'{rng.choice("ABCDEFGHKLMNPRSVWXY")}{rng.choice("ABCDEFGHJKLMNOPRSTUVWXY")}'
                       f'{age:02d} {"".join(rng.choice("ABCDEFGHJKLMNOPRSTUVWXYZ") for _ in range(3))}')
                if reg not in used_regs:
                    used_regs.add(reg)
                    break
            annual = rng.randint(3500, 11000) if m[2] != "Van" else rng.randint(9000, 22000)
            base = int(annual * max(0.3, (2025 - yr))) + rng.randint(0, 3000)
            vehicles.append([vid, cid, reg, m[0], m[1], m[2], fuel, yr, rng.choice(COLOURS), base, None, annual])
            cust_vehicles.setdefault(cid, []).append(vid)
    veh_by_id = {v[0]: v for v in vehicles}

    # customer "loyalty": some customers come once only
    cust_weight = {}
    for c in customers:
        cid = c[0]
        if cid in trade_ids:
            cust_weight[cid] = rng.uniform(4, 9)
        else:
            r = rng.random()
            cust_weight[cid] = 0.0 if r < 0.08 else (0.25 if r < 0.35 else rng.uniform(0.6, 2.0))
    veh_ids = [v[0] for v in vehicles]
    veh_w = [cust_weight[veh_by_id[v][1]] / len(cust_vehicles[veh_by_id[v][1]]) for v in veh_ids]

    # jobs -------------------------------------------------------------
    jobs, labour, jparts, invoices, payments, mots = [], [], [], [], [], []
    job_no = 24000
    lab_id = part_line = pay_id = test_id = 0
    inv_seq = 5100
    active_mechs = lambda d: [m for m in MECHANICS if date.fromisoformat(m[6]) <= d and (m[7] is None or date.fromisoformat(m[7]) >= d) and m[2] != 'MOT Tester']
    testers = lambda d: [m for m in MECHANICS if m[4] == 'Yes' and (m[7] is None)]
    last_odo = {}
    seen_veh = set()
    forced_once = [v for v in veh_ids if cust_weight[veh_by_id[v][1]] == 0.0]
    rng.shuffle(forced_once)

    day = date(2025, 1, 2)
    end = date(2026, 12, 23)
    while day <= end:
        wd = day.weekday()
        if wd == 6 or (day.month == 12 and day.day in (25, 26)) or (day.month == 1 and day.day == 1):
            day += timedelta(days=1)
            continue
        base_n = 2 if wd == 5 else 4
        if day > TODAY:
            # bookings thin out the further ahead
            ahead = (day - TODAY).days
            base_n = max(0, int(base_n * (0.9 - ahead * 0.03)))
        n = max(0, base_n + rng.choice([-1, 0, 0, 1, 1]))
        if day.month in (3, 9) and day <= TODAY:
            n += rng.choice([0, 1])  # plate-change MOT rush
        for _ in range(n):
            job_no += 1
            if forced_once and rng.random() < 0.04 and day <= TODAY:
                vid_ = forced_once.pop()
            else:
                vid_ = rng.choices(veh_ids, veh_w)[0]
            v = veh_by_id[vid_]
            jt = rng.choices([j[0] for j in JOB_TYPES], [j[1] for j in JOB_TYPES])[0]
            if v[6] == 'Electric' and jt == 'Air Con':
                jt = 'Service'
            mechs = active_mechs(day)
            if jt == 'MOT':
                mech = rng.choice([m for m in MECHANICS if m[4] == 'Yes' and m[5] == 1])
            else:
                mech = rng.choices(mechs, [3 if m[2] in ('Technician', 'Master Technician') else (1 if m[2] == 'Workshop Manager' else 2) for m in mechs])[0]
            promise_days = {'Service': rng.choice([0, 0, 0, 1]), 'MOT': 0, 'Tyres': 0, 'Air Con': 0,
                            'Repair': rng.choice([0, 1, 1, 2, 3]), 'Diagnostic': rng.choice([0, 1, 1, 2])}[jt]
            promised = day + timedelta(days=promise_days)
            if promised.weekday() == 6:
                promised += timedelta(days=1)
            # odometer
            prev = last_odo.get(vid_, (date(2025, 1, 1), v[9]))
            odo = prev[1] + int(v[11] * (day - prev[0]).days / 365.0) + rng.randint(0, 200)
            est = {'Service': rng.choice([149, 189, 229, 279]), 'MOT': 54.85, 'Tyres': rng.choice([95, 180, 360]),
                   'Air Con': 69, 'Repair': rng.choice([150, 250, 350, 450, 650, 900]),
                   'Diagnostic': rng.choice([60, 90])}[jt]
            status = None
            started = completed = collected = None
            if day > TODAY:
                status = 'Booked'
            else:
                if rng.random() < 0.05:
                    status = 'Cancelled'
                else:
                    start_t = datetime(day.year, day.month, day.day, rng.choice([8, 8, 8, 9, 9, 10, 11, 13]),
                                       rng.choice([0, 5, 15, 20, 30, 40, 45]), 0)
                    if day == TODAY and rng.random() < 0.5:
                        status = 'Booked'
                    else:
                        started = start_t
                        awaiting = jt in ('Repair', 'Diagnostic') and rng.random() < 0.25
                        extra_days = promise_days + (rng.choice([1, 2, 3, 5, 8]) if awaiting else 0)
                        if awaiting and rng.random() < 0.3:
                            extra_days += rng.choice([15, 20, 30])  # back-ordered part
                        long_job = jt in ('Service', 'Repair', 'Diagnostic')
                        if long_job and rng.random() < 0.08:
                            extra_days += rng.choice([1, 1, 2])  # overrun
                        if long_job and extra_days == 0 and rng.random() < 0.07:
                            extra_days = 1
                        fin_day = day + timedelta(days=extra_days)
                        if fin_day.weekday() == 6:
                            fin_day += timedelta(days=1)
                        hrs = {'MOT': 1, 'Tyres': 1, 'Air Con': 1.5, 'Service': 3, 'Repair': 4, 'Diagnostic': 2}[jt]
                        if extra_days == 0:
                            fin = start_t + timedelta(minutes=int(hrs * 60 * rng.uniform(0.7, 1.8)))
                            if fin.hour >= 18:
                                fin = fin.replace(hour=17, minute=rng.randint(20, 55))
                        else:
                            fin = datetime(fin_day.year, fin_day.month, fin_day.day, rng.randint(9, 17), rng.randint(0, 59), 0)
                        fin = fin.replace(second=rng.randint(0, 59))
                        if fin > NOW:
                            status = 'Awaiting Parts' if awaiting else 'In Workshop'
                        else:
                            completed = fin
                            if rng.random() < 0.25:
                                coll = fin + timedelta(minutes=rng.randint(20, 120))
                            else:
                                cday = fin.date() + timedelta(days=rng.choice([0, 1, 1, 1, 2, 3]))
                                coll = datetime(cday.year, cday.month, cday.day, rng.randint(8, 17), rng.randint(0, 59), rng.randint(0, 59))
                            if coll.date() > TODAY or (coll.date() == TODAY and coll.hour >= 12):
                                status = 'Done'
                            elif rng.random() < 0.004:
                                status = 'Done'  # car never collected / office forgot to update
                            else:
                                status = 'Collected'
                                collected = coll
            if status not in ('Cancelled', 'Booked'):
                last_odo[vid_] = (day, odo)
            jobs.append([job_no, vid_, mech[0], jt, rng.choice(COMPLAINTS[jt]), d2s(day), d2s(promised),
                         t2s(started) if started else None, t2s(completed) if completed else None,
                         t2s(collected) if collected else None, status,
                         odo if status not in ('Cancelled', 'Booked') else None, est])

            if status in ('Booked', 'Cancelled'):
                continue
            # labour lines
            rate = 68.0 if day < date(2026, 1, 1) else 74.0
            tasks = []
            if jt == 'Service':
                tasks = [('Service labour', rng.choice([60, 90, 120, 150]))]
                if rng.random() < 0.3:
                    tasks.append(('Brake fluid change', 30))
            elif jt == 'MOT':
                tasks = [('MOT test', 45)]
            elif jt == 'Tyres':
                tasks = [('Fit & balance tyres', rng.choice([20, 30, 45, 60]))]
                if rng.random() < 0.5:
                    tasks.append(('Wheel alignment', 40))
            elif jt == 'Air Con':
                tasks = [('Air con regas', rng.choice([45, 60]))]
            elif jt == 'Diagnostic':
                tasks = [('Diagnostic time', rng.choice([30, 45, 60, 90]))]
                if rng.random() < 0.4:
                    tasks.append(('Repair following diagnosis', rng.choice([60, 90, 120])))
            else:
                tasks = [('Repair labour', rng.choice([60, 90, 120, 180, 240, 300, 420]))]
                if rng.random() < 0.3:
                    tasks.append(('Road test', 20))
            for ti, (task, mins) in enumerate(tasks):
                if status == 'In Workshop' and ti > 0:
                    continue
                lab_id += 1
                lm = mech[0]
                if ti > 0 and rng.random() < 0.35:
                    lm = rng.choice(mechs)[0]
                # MOT labour priced at the statutory fee
                r_ = round(54.85 / 0.75, 2) if task == 'MOT test' else rate
                labour.append((lab_id, job_no, lm, task, mins, r_))
            # parts lines
            plist = []
            if jt == 'Service':
                litres = 4 if v[5] == 'Car' else 6
                oil = 'OIL-0W20' if v[6] == 'Hybrid' else 'OIL-5W30'
                if v[6] != 'Electric':
                    plist += [(rng.choice(['OF-101', 'OF-102']), 1), (oil, litres), ('AF-201', 1)]
                    if v[6] == 'Diesel' and rng.random() < 0.4:
                        plist.append(('FF-401', 1))
                    if v[6] == 'Petrol' and rng.random() < 0.3:
                        plist.append(('SP-01', 4))
                plist.append(('PF-301', 1))
                if rng.random() < 0.5:
                    plist.append(('SCRN-5L', 1))
                if rng.random() < 0.2:
                    plist.append(('WIPER-F', 1))
            elif jt == 'Repair':
                choice = rng.choice(['brakes_f', 'brakes_r', 'clutch', 'susp', 'exhaust', 'battery', 'timing',
                                     'egr', 'alt', 'belt', 'cooling'])
                plist += {
                    'brakes_f': [('BP-F01', 1), ('BD-F01', 2)], 'brakes_r': [('BP-R01', 1), ('BD-R01', 2)],
                    'clutch': [('CLU-KIT', 1)] + ([('DMF-01', 1)] if rng.random() < 0.4 else []),
                    'susp': [(rng.choice(['SHK-F01', 'SPR-F01', 'ARB-LINK', 'TRE-01']), rng.choice([1, 2]))],
                    'exhaust': [('EXH-BOX', 1), ('EXH-CLAMP', 2)],
                    'battery': [(rng.choice(['BAT-075', 'BAT-096']), 1)],
                    'timing': [('TB-KIT', 1), ('COOL-5L', 1)], 'egr': [('EGR-01', 1)],
                    'alt': [('ALT-01', 1)], 'belt': [('AUX-BELT', 1)], 'cooling': [('COOL-5L', 1)],
                }[choice]
                if rng.random() < 0.15:
                    plist.append(('CAL-F01', 1))
            elif jt == 'MOT':
                if rng.random() < 0.35:
                    plist.append((rng.choice(['BULB-H7', 'BULB-W5W', 'WIPER-F', 'ARB-LINK']), rng.choice([1, 2])))
            elif jt == 'Tyres':
                t = 'TYR-VAN' if v[5] in ('Van', 'Pickup') else rng.choice(['TYR-16', 'TYR-17'])
                q = rng.choice([1, 2, 2, 4])
                plist += [(t, q), ('TYR-VALVE', q)]
            elif jt == 'Air Con':
                g = 'AC-GAS' if v[7] >= 2017 else 'AC-OLD'
                plist.append((g, rng.choice([4, 5, 6])))
            elif jt == 'Diagnostic':
                if rng.random() < 0.4:
                    plist.append((rng.choice(['GP-01', 'SP-01', 'DPF-CLN', 'BULB-H7', 'EGR-01']), 1))
            if status == 'In Workshop' and rng.random() < 0.4:
                plist = plist[:1]
            for code, q in plist:
                part_line += 1
                p = PART[code]
                price = p[5]
                if v[1] in trade_ids:
                    price = int(round(price * 0.9))
                added = started + timedelta(minutes=rng.randint(10, 200))
                jparts.append((part_line, job_no, code, q, price, t2s(added)))

            # MOT tests
            if jt == 'MOT' and completed:
                res = 'FAIL' if rng.random() < 0.24 else 'PASS'
                tester = mech[0]
                test_id += 1
                adv = rng.choice([0, 0, 1, 1, 2, 3, 4])
                mots.append([test_id, vid_, job_no, tester, d2s(completed.date()), res, odo, adv,
                             d2s(completed.date().replace(year=completed.year + 1) - timedelta(days=1)) if res == 'PASS' else None])
                if res == 'FAIL' and rng.random() < 0.85:
                    rd = completed.date() + timedelta(days=rng.choice([0, 1, 2, 3, 5, 7]))
                    if rd <= TODAY:
                        test_id += 1
                        mots.append([test_id, vid_, job_no, tester, d2s(rd), 'PASS', odo + rng.randint(0, 40),
                                     rng.choice([0, 1, 2]), d2s(rd.replace(year=rd.year + 1) - timedelta(days=1))])

            # invoice + payments
            if completed:
                net = sum(round(m_ * r_ / 60.0, 2) for (_, j_, _, _, m_, r_) in labour if j_ == job_no) + \
                      sum(q * pr for (_, j_, _, q, pr, _) in jparts if j_ == job_no) / 100.0
                net = round(net, 2)
                vat = round(net * 0.2, 2)
                tot = round(net + vat, 2)
                inv_seq += 1
                inv_no = f'INV{inv_seq}'
                inv_d = completed.date()
                trade = v[1] in trade_ids
                due = inv_d + timedelta(days=30 if trade else 0)
                invoices.append((inv_no, job_no, d2s(inv_d), d2s(due), net, vat, tot))
                if jt != 'MOT':
                    # the estimate given at booking-in: usually in the right ballpark, sometimes well under
                    jobs[-1][12] = float(max(25, int(round(tot * rng.choice([0.7, 0.8, 0.9, 1.0, 1.05, 1.1, 1.2, 1.3]) / 5.0)) * 5))
                # payments
                if trade:
                    pdays = rng.choice([7, 14, 21, 28, 30, 35, 45, 60])
                    pt = datetime(inv_d.year, inv_d.month, inv_d.day, 10, 0, 0) + timedelta(days=pdays, minutes=rng.randint(0, 400))
                    if pt <= NOW and rng.random() > 0.04:
                        pay_id += 1
                        payments.append([pay_id, inv_no, t2s(pt), tot, 'BACS', 'Payment'])
                else:
                    if collected:
                        r = rng.random()
                        meth = rng.choices(['Card', 'Cash', 'BACS', 'Cheque'], [70, 15, 12, 3])[0]
                        if r < 0.93:
                            pay_id += 1
                            payments.append([pay_id, inv_no, t2s(collected), tot, meth, 'Payment'])
                        elif r < 0.97:
                            part = round(tot * rng.choice([0.5, 0.6, 0.75]), 2)
                            pay_id += 1
                            payments.append([pay_id, inv_no, t2s(collected), part, meth, 'Payment'])
                            later = collected + timedelta(days=rng.randint(5, 40))
                            if later <= NOW and rng.random() < 0.5:
                                pay_id += 1
                                payments.append([pay_id, inv_no, t2s(later), round(tot - part, 2), 'Card', 'Payment'])
                        # else unpaid
                        if r < 0.93 and rng.random() < 0.025:
                            rt = collected + timedelta(days=rng.randint(2, 30))
                            if rt <= NOW:
                                pay_id += 1
                                payments.append([pay_id, inv_no, t2s(rt), round(min(tot, rng.choice([20, 25, 40, 50, 75, tot])), 2),
                                                 meth if meth != 'Cash' else 'Card', 'Refund'])
                    elif rng.random() < 0.3:
                        # paid by phone before collection
                        pt = completed + timedelta(minutes=rng.randint(30, 300))
                        if pt <= NOW:
                            pay_id += 1
                            payments.append([pay_id, inv_no, t2s(pt), tot, 'Card', 'Payment'])
        day += timedelta(days=1)

    # customers: about a third of those who used us in the period were new then (record created at first visit)
    first_visit = {}
    for j in jobs:
        cid_ = veh_by_id[j[1]][1]
        first_visit[cid_] = min(first_visit.get(cid_, j[5]), j[5])
    for i, c in enumerate(customers):
        fv = first_visit.get(c[0])
        if fv is None:
            continue
        if c[9] > fv or (c[0] not in trade_ids and rng.random() < 0.35):
            c = list(c)
            c[9] = d2s(date.fromisoformat(fv) - timedelta(days=rng.choice([0, 0, 0, 1, 2, 5, 9])))
            customers[i] = tuple(c)
    con.execute('DELETE FROM customers')
    con.executemany('INSERT INTO customers VALUES (?,?,?,?,?,?,?,?,?,?)', customers)

    # vehicles: mileage = last recorded, MOT due
    last_pass = {}
    for m in mots:
        if m[5] == 'PASS':
            last_pass[m[1]] = max(last_pass.get(m[1], ''), m[8])
    for v in vehicles:
        if v[0] in last_odo:
            v[9] = last_odo[v[0]][1]
        if v[0] in last_pass:
            v[10] = last_pass[v[0]]
        elif v[7] <= 2022:
            v[10] = d2s(date(2026, 1, 1) + timedelta(days=rng.randint(-150, 520)))
        else:
            v[10] = d2s(date(v[7] + 3, rng.randint(1, 12), rng.randint(1, 28)))
    con.executemany('INSERT INTO vehicles VALUES (?,?,?,?,?,?,?,?,?,?,?)', [v[:11] for v in vehicles])
    con.executemany('INSERT INTO mechanics VALUES (?,?,?,?,?,?,?,?)', MECHANICS)
    con.executemany('INSERT INTO jobs VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)', jobs)
    con.executemany('INSERT INTO labour VALUES (?,?,?,?,?,?)', labour)
    con.executemany('INSERT INTO parts VALUES (?,?,?,?,?,?,?)', PARTS)
    con.executemany('INSERT INTO jobParts VALUES (?,?,?,?,?,?)', jparts)
    con.executemany('INSERT INTO invoices VALUES (?,?,?,?,?,?,?)', invoices)
    payments.sort(key=lambda p: p[2])
    for i, p in enumerate(payments, 1):
        p[0] = i
    con.executemany('INSERT INTO payments VALUES (?,?,?,?,?,?)', payments)
    con.executemany('INSERT INTO mot_tests VALUES (?,?,?,?,?,?,?,?,?)', mots)
    con.commit()
    con.close()


# ---------------------------------------------------------------------------
# CATERER
# ---------------------------------------------------------------------------
CATERER_DDL = """
CREATE TABLE clients (
    client_id    INTEGER PRIMARY KEY,
    client_name  TEXT NOT NULL,
    contact_name TEXT,
    client_type  TEXT,
    email        TEXT,
    phone        TEXT,
    town         TEXT,
    first_contact_dt TEXT,
    is_repeat    INTEGER DEFAULT 0
);
CREATE TABLE venues (
    venue_id     INTEGER PRIMARY KEY,
    venue_name   TEXT NOT NULL,
    town         TEXT,
    capacity     INTEGER,
    has_kitchen  INTEGER,
    travel_miles REAL
);
CREATE TABLE menus (
    menu_id      INTEGER PRIMARY KEY,
    menu_name    TEXT NOT NULL,
    style        TEXT,
    price_pp     REAL,
    min_guests   INTEGER,
    active       INTEGER DEFAULT 1
);
CREATE TABLE dishes (
    dishId       INTEGER PRIMARY KEY,
    dishName     TEXT NOT NULL,
    course       TEXT,
    isVegetarian INTEGER,
    glutenFree   TEXT,
    prepTimeMins INTEGER,
    portionCostPence INTEGER
);
CREATE TABLE menu_dishes (
    menu_id      INTEGER REFERENCES menus(menu_id),
    dish_id      INTEGER REFERENCES dishes(dishId),
    PRIMARY KEY (menu_id, dish_id)
);
CREATE TABLE staff (
    staff_id     INTEGER PRIMARY KEY,
    first_name   TEXT,
    last_name    TEXT,
    role         TEXT,
    hourly_rate  REAL,
    manager_id   INTEGER REFERENCES staff(staff_id),
    food_hygiene_cert TEXT,
    is_active    INTEGER DEFAULT 1,
    start_dt     TEXT
);
CREATE TABLE events (
    event_id     INTEGER PRIMARY KEY,
    client_id    INTEGER REFERENCES clients(client_id),
    venue_id     INTEGER REFERENCES venues(venue_id),
    menu_id      INTEGER REFERENCES menus(menu_id),
    event_type   TEXT,
    event_dt     TEXT,
    start_time   TEXT,
    guest_count  INTEGER,
    price_pp     REAL,
    quote_total  REAL,
    status       TEXT,
    enquiry_ts   TEXT,
    confirmed_ts TEXT,
    event_mgr_id INTEGER REFERENCES staff(staff_id),
    notes        TEXT
);
CREATE TABLE event_dishes (
    event_id     INTEGER REFERENCES events(event_id),
    dish_id      INTEGER REFERENCES dishes(dishId),
    portions     INTEGER,
    PRIMARY KEY (event_id, dish_id)
);
CREATE TABLE shifts (
    shift_id     INTEGER PRIMARY KEY,
    event_id     INTEGER REFERENCES events(event_id),
    staff_id     INTEGER REFERENCES staff(staff_id),
    shift_start  TEXT,
    shift_end    TEXT,
    break_mins   INTEGER
);
CREATE TABLE suppliers (
    supp_id      INTEGER PRIMARY KEY,
    supp_name    TEXT NOT NULL,
    category     TEXT,
    acct_no      TEXT,
    terms_days   INTEGER,
    preferred    TEXT
);
CREATE TABLE purchases (
    purch_id     INTEGER PRIMARY KEY,
    supp_id      INTEGER REFERENCES suppliers(supp_id),
    event_id     INTEGER REFERENCES events(event_id),
    order_dt     TEXT,
    item         TEXT,
    qty          REAL,
    weight_kg    REAL,
    amt_p        INTEGER
);
CREATE TABLE payments (
    pay_id       INTEGER PRIMARY KEY,
    event_id     INTEGER REFERENCES events(event_id),
    paid_dt      TEXT,
    amt          REAL,
    pay_type     TEXT,
    method       TEXT
);
CREATE VIEW v_booked_events AS
    SELECT * FROM events WHERE status IN ('Confirmed', 'Delivered');
"""

VENUES = [
    (1, 'The Old Swan Hotel', 'Harrogate', 220, 1, 1.5), (2, 'Ripley Castle Courtyard', 'Ripley', 150, 1, 4.0),
    (3, 'St Wilfrid\'s Church Hall', 'Harrogate', 90, 0, 0.8), (4, 'Knaresborough Rugby Club', 'Knaresborough', 140, 1, 3.2),
    (5, 'Swinton Park Barn', 'Masham', 180, 1, 18.5), (6, 'Client home', None, None, 1, None),
    (7, 'Otley Civic Centre', 'Otley', 200, 1, 11.0), (8, 'The Tithe Barn', 'Bolton Abbey', 160, 0, 17.2),
    (9, 'Pannal Village Hall', 'Pannal', 80, 0, 3.6), (10, 'Harrogate Convention Centre', 'Harrogate', 600, 1, 1.0),
    (11, 'Goldsborough Hall', 'Goldsborough', 120, 1, 5.4), (12, 'Wetherby Racecourse', 'Wetherby', 300, 1, 8.9),
    (13, 'Ripon Spa Hotel', 'Ripon', 160, 1, 11.3), (14, 'Boroughbridge Marquee Field', 'Boroughbridge', 250, 0, 10.1),
    (15, 'Hazlewood Castle', 'Tadcaster', 190, 1, 16.8), (16, 'Spa Town Business Park', 'Harrogate', 60, 0, 2.2),
    (17, 'Ilkley Lido Pavilion', 'Ilkley', 100, 0, 15.4), (18, 'Nidd Hall', 'Nidd', 170, 1, 6.1),
]

MENUS = [
    # id, name, style, price_pp, min_guests, active
    (1, 'Classic Buffet', 'Buffet', 18.5, 20, 1), (2, 'Deluxe Buffet', 'Buffet', 26.0, 20, 1),
    (3, 'Afternoon Tea', 'Buffet', 16.0, 15, 1), (4, 'Canape Reception', 'Canapes', 22.0, 30, 1),
    (5, 'Three Course Wedding Breakfast', 'Sit-down', 58.0, 40, 1),
    (6, 'Premium Wedding Breakfast', 'Sit-down', 72.0, 40, 1), (7, 'Yorkshire BBQ', 'BBQ', 24.0, 30, 1),
    (8, 'Working Lunch', 'Buffet', 12.5, 10, 1), (9, 'Funeral Tea', 'Buffet', 14.0, 20, 1),
    (10, 'Street Food Stations', 'Stations', 28.0, 50, 1), (11, 'Vegan Feast', 'Sit-down', 45.0, 20, 1),
    (12, 'Hog Roast', 'BBQ', 19.5, 50, 0),
]

DISHES = [
    # id, name, course, veg, gf, prep mins, cost pence
    (1, 'Leek and potato soup', 'Starter', 1, 'yes', 40, 85), (2, 'Chicken liver pate, toasted brioche', 'Starter', 0, 'no', 35, 140),
    (3, 'Smoked salmon, beetroot, horseradish cream', 'Starter', 0, 'yes', 25, 310), (4, 'Heritage tomato and burrata', 'Starter', 1, 'yes', 20, 260),
    (5, 'Ham hock terrine, piccalilli', 'Starter', 0, 'no', 60, 170), (6, 'Roast beef, Yorkshire pudding, red wine jus', 'Main', 0, 'no', 120, 690),
    (7, 'Chicken supreme, wild mushroom sauce', 'Main', 0, 'yes', 70, 420), (8, 'Pan-fried sea bass, samphire', 'Main', 0, 'yes', 45, 610),
    (9, 'Slow braised lamb shoulder', 'Main', 0, 'yes', 180, 720), (10, 'Wild mushroom risotto', 'Main', 1, 'yes', 45, 190),
    (11, 'Butternut squash wellington', 'Main', 1, 'no', 90, 240), (12, 'Fish pie', 'Main', 0, 'no', 60, 360),
    (13, 'Beef lasagne', 'Main', 0, 'no', 75, 280), (14, 'Sticky toffee pudding', 'Dessert', 1, 'no', 50, 95),
    (15, 'Lemon tart, raspberry sorbet', 'Dessert', 1, 'no', 60, 120), (16, 'Chocolate torte', 'Dessert', 1, 'yes', 45, 130),
    (17, 'Eton mess', 'Dessert', 1, 'yes', 15, 90), (18, 'Yorkshire cheese board', 'Dessert', 1, 'no', 10, 210),
    (19, 'Mini Yorkshire puddings with beef', 'Canape', 0, 'no', 30, 65), (20, 'Smoked salmon blinis', 'Canape', 0, 'no', 20, 80),
    (21, 'Goats cheese and red onion tartlet', 'Canape', 1, 'no', 25, 45), (22, 'Tempura prawns, sweet chilli', 'Canape', 0, 'no', 20, 90),
    (23, 'Pea and mint arancini', 'Canape', 1, 'no', 30, 40), (24, 'Chicken satay skewers', 'Canape', 0, 'yes', 25, 55),
    (25, 'Assorted sandwiches', 'Buffet', 0, 'no', 30, 110), (26, 'Pork pies', 'Buffet', 0, 'no', 5, 70),
    (27, 'Sausage rolls', 'Buffet', 0, 'no', 25, 45), (28, 'Quiche Lorraine', 'Buffet', 0, 'no', 40, 85),
    (29, 'Cheese and onion quiche', 'Buffet', 1, 'no', 40, 70), (30, 'Coronation chicken', 'Buffet', 0, 'yes', 20, 130),
    (31, 'Scones, jam and clotted cream', 'Buffet', 1, 'no', 30, 60), (32, 'Victoria sponge', 'Buffet', 1, 'no', 45, 50),
    (33, 'Falafel wraps', 'Buffet', 1, 'no', 25, 75), (34, 'Potato salad', 'Side', 1, 'yes', 20, 30),
    (35, 'Coleslaw', 'Side', 1, 'yes', 15, 20), (36, 'Green salad', 'Side', 1, 'yes', 10, 25),
    (37, 'Seasonal vegetables', 'Side', 1, 'yes', 20, 45), (38, 'Roast potatoes', 'Side', 1, 'yes', 30, 35),
    (39, 'Beef burgers', 'Main', 0, 'no', 20, 160), (40, 'Pulled pork bap', 'Main', 0, 'no', 30, 150),
    (41, 'Halloumi skewers', 'Main', 1, 'yes', 15, 140), (42, 'Korean fried chicken bao', 'Main', 0, 'no', 35, 190),
    (43, 'Fish tacos', 'Main', 0, 'no', 30, 210), (44, 'Jackfruit tacos', 'Main', 1, 'no', 30, 150),
    (45, 'Churros, chocolate sauce', 'Dessert', 1, 'no', 20, 60), (46, 'Cauliflower steak, chimichurri', 'Main', 1, 'yes', 30, 170),
    (47, 'Beetroot carpaccio', 'Starter', 1, 'yes', 20, 90), (48, 'Vegan chocolate mousse', 'Dessert', 1, 'yes', 25, 85),
    (49, 'Whole hog roast with stuffing and apple sauce', 'Main', 0, 'no', 480, 350),
    (50, 'Venison Wellington', 'Main', 0, 'no', 150, 980), (51, 'Lobster thermidor', 'Main', 0, 'yes', 60, 1650),
    (52, 'Duck spring rolls', 'Canape', 0, 'no', 35, 95),
    (53, 'Scotch eggs', 'Buffet', 0, 'no', 40, 55), (54, 'Beef Wellington', 'Main', 0, 'no', 150, 1150),
    (55, 'Sticky toffee pudding (GF)', 'Dessert', 1, 'yes', 50, 110),
]

MENU_DISHES = {
    1: [25, 26, 27, 29, 30, 34, 35, 36, 32], 2: [25, 28, 29, 30, 33, 3, 34, 35, 36, 14, 17],
    3: [25, 31, 32, 21], 4: [19, 20, 21, 22, 23, 24], 5: [1, 2, 5, 6, 7, 10, 14, 15, 37, 38],
    6: [3, 4, 8, 9, 11, 16, 18, 37, 38], 7: [39, 40, 41, 34, 35, 36, 17], 8: [25, 33, 29, 36],
    9: [25, 26, 27, 28, 31, 32], 10: [42, 43, 44, 40, 45], 11: [47, 46, 10, 48, 37], 12: [49, 35, 34, 38],
}

STAFF = [
    # id, first, last, role, rate, manager, hygiene cert, active, start
    (1, 'Helen', 'Marwood', 'Owner', 0.0, None, 'yes', 1, '2012-04-01'),
    (2, 'Marco', 'Bellini', 'Head Chef', 19.5, 1, 'yes', 1, '2015-06-01'),
    (3, 'Joanne', 'Firth', 'Events Manager', 16.0, 1, 'yes', 1, '2017-03-13'),
    (4, 'Callum', 'Reid', 'Sous Chef', 15.5, 2, 'yes', 1, '2019-09-02'),
    (5, 'Aisha', 'Khan', 'Chef', 13.5, 2, 'yes', 1, '2021-04-19'),
    (6, 'Tom', 'Greenwood', 'Chef', 13.0, 4, 'yes', 1, '2022-05-03'),
    (7, 'Lucy', 'Pearson', 'Chef', 13.0, 4, 'yes', 0, '2020-02-10'),
    (8, 'Dan', 'Oakes', 'Kitchen Porter', 11.5, 4, 'no', 1, '2023-06-12'),
    (9, 'Ellie', 'Shaw', 'Front of House Lead', 14.0, 3, 'yes', 1, '2018-05-21'),
    (10, 'Kasia', 'Nowak', 'Waiting Staff', 12.0, 9, 'yes', 1, '2021-07-01'),
    (11, 'Josh', 'Barker', 'Waiting Staff', 11.5, 9, 'no', 1, '2024-04-15'),
    (12, 'Megan', 'Hall', 'Waiting Staff', 11.5, 9, 'yes', 1, '2023-05-08'),
    (13, 'Sam', 'Fletcher', 'Waiting Staff', 11.5, 9, 'no', 0, '2022-06-01'),
    (14, 'Priya', 'Sharma', 'Waiting Staff', 12.0, 9, 'yes', 1, '2022-09-12'),
    (15, 'Ollie', 'Wainwright', 'Waiting Staff', 11.5, 9, 'no', 1, '2025-03-03'),
    (16, 'Grace', 'Tindall', 'Waiting Staff', 11.5, 9, 'yes', 1, '2025-05-19'),
    (17, 'Ben', 'Hirst', 'Driver', 12.5, 3, 'no', 1, '2019-11-04'),
    (18, 'Rob', 'Atkinson', 'Driver', 12.5, 3, 'no', 1, '2023-02-20'),
    (19, 'Zoe', 'Metcalfe', 'Bar Staff', 12.0, 9, 'no', 1, '2024-06-10'),
    (20, 'Harry', 'Lister', 'Kitchen Porter', 11.5, 4, 'no', 1, '2025-06-02'),
    (21, 'Nina', 'Cross', 'Events Manager', 15.5, 1, 'yes', 1, '2025-02-03'),
    (22, 'Jack', 'Dunn', 'Waiting Staff', 11.5, 9, 'no', 1, '2026-06-01'),
]

SUPPLIERS = [
    (1, 'Farrow & Sons Butchers', 'Meat', 'FAR001', 14, 'Y'), (2, 'Whitby Seafoods Direct', 'Fish', 'WSD-2231', 30, 'Y'),
    (3, 'Dales Fresh Produce', 'Fruit & Veg', 'DFP/118', 14, 'Y'), (4, 'Yorkshire Dairies', 'Dairy', 'YD-0456', 30, 'Y'),
    (5, 'Booker Wholesale', 'Dry Goods', 'BK8841203', 0, 'N'), (6, 'Bakehouse 23', 'Bakery', 'BH23', 14, 'Y'),
    (7, 'Wine Cellar Harrogate', 'Drinks', 'WCH-77', 30, 'N'), (8, 'Event Hire North', 'Equipment Hire', 'EHN-1902', 30, 'Y'),
    (9, 'Castle Howard Farm Shop', 'Meat', 'CHFS', 7, 'N'), (10, 'Brakes', 'Dry Goods', '90881734', 30, 'N'),
    (11, 'Nidd Valley Eggs', 'Dairy', 'NVE-3', 7, 'N'), (12, 'Leeds Market Fish', 'Fish', None, 0, 'N'),
]

SUPP_ITEMS = {
    1: [('Beef topside', 18.5), ('Chicken breast', 9.0), ('Lamb shoulder', 14.0), ('Pork shoulder', 8.5),
        ('Sausages', 7.0), ('Minced beef', 8.0)],
    2: [('Salmon side', 22.0), ('Sea bass fillets', 26.0), ('Cod loin', 19.0), ('Prawns', 16.0)],
    3: [('Potatoes', 1.1), ('Mixed salad leaves', 8.0), ('Seasonal veg box', 3.5), ('Mushrooms', 5.0),
        ('Butternut squash', 2.2), ('Soft fruit', 9.0), ('Onions', 1.0)],
    4: [('Double cream', 5.5), ('Butter', 9.5), ('Cheese selection', 16.0), ('Milk', 1.2)],
    5: [('Flour', 0.9), ('Sugar', 1.1), ('Rice', 1.8), ('Oil', 2.4), ('Napkins', None), ('Foil trays', None)],
    6: [('Bread rolls', None), ('Brioche', None), ('Sandwich loaves', None)],
    7: [('Prosecco (case)', None), ('House wine (case)', None), ('Soft drinks', None)],
    8: [('Crockery hire', None), ('Chafing dish hire', None), ('Linen hire', None), ('Glassware hire', None)],
    9: [('Venison loin', 32.0), ('Free range pork', 9.5), ('Whole hog', 6.5)],
    10: [('Frozen canapes', None), ('Pastry', 3.5), ('Chocolate', 11.0)],
    11: [('Free range eggs (tray)', None)],
    12: [('Lobster', 38.0), ('Mixed fish', 14.0)],
}

EVENT_TYPES = {
    'Wedding': ([5, 6, 4, 7, 10, 11, 12], (50, 180)),
    'Corporate': ([8, 1, 2, 4, 10], (15, 150)),
    'Birthday Party': ([1, 2, 7, 10, 12, 4], (25, 120)),
    'Funeral': ([9, 1], (20, 90)),
    'Christening': ([3, 1, 2], (20, 70)),
    'Christmas Party': ([2, 5, 4, 10], (20, 140)),
    'Charity Gala': ([4, 6, 5], (60, 220)),
}


def build_caterer(path):
    rng = random.Random(34002)
    if os.path.exists(path):
        os.remove(path)
    con = sqlite3.connect(path)
    con.executescript(CATERER_DDL)

    # clients
    corp = ['Harrogate Borough Council', 'Spa Town Solicitors LLP', 'Nidd Engineering Ltd', 'Yorkshire Water (Harrogate)',
            'Bettys & Taylors Group', 'Ripon Grammar School PTA', 'Knaresborough Rotary Club', 'Arla Foods Harrogate',
            'Harrogate Hospital Charity', 'Dales Accountancy', 'Claro Chambers', 'North Yorks Police Federation',
            'St Michael\'s Hospice', 'Stray Digital', 'Techspace Ltd', 'Wharfedale Estates', 'Castle Vets', 'Brimham Homes']
    clients = []
    n_clients = 280
    for cid in range(1, n_clients + 1):
        fn, sn = rng.choice(FIRST), rng.choice(SURN)
        if cid <= len(corp):
            name = corp[cid - 1]
            ctype = 'Charity' if any(w in name for w in ('Charity', 'Hospice', 'Rotary', 'PTA')) else 'Corporate'
        else:
            name = f'{fn} {sn}'
            ctype = 'Private'
        email = f'{fn.lower()}.{sn.lower().replace(chr(39), "")}@example.co.uk' if rng.random() > 0.1 else None
        phone = f'07{rng.randint(700, 999)} {rng.randint(100000, 999999)}'
        town = rng.choice(TOWNS)
        fc = date(2022, 1, 1) + timedelta(days=rng.randint(0, 1750))
        clients.append([cid, name, f'{fn} {sn}', ctype, email, phone, town, d2s(fc), 0])
    client_w = []
    for c in clients:
        client_w.append(rng.uniform(4, 8) if c[3] in ('Corporate', 'Charity') else (rng.uniform(0.6, 1.6)))

    # events
    events, edishes, shifts, purchases, payments = [], [], [], [], []
    eid = 3000
    start, end = date(2025, 1, 1), date(2027, 6, 30)
    season = {1: 0.6, 2: 0.6, 3: 0.8, 4: 1.0, 5: 1.3, 6: 1.6, 7: 1.7, 8: 1.6, 9: 1.4, 10: 1.0, 11: 1.0, 12: 1.9}
    client_events = {}
    for d in daterange(start, end):
        wd = d.weekday()
        p = (1.0 if wd >= 4 else 0.6) * season[d.month]
        if d > TODAY:
            ahead = (d - TODAY).days
            p *= max(0.1, 1.0 - ahead / 320.0)
        nev = 0
        while rng.random() < p * 0.85 and nev < 3:
            nev += 1
            p *= 0.6
        for _ in range(nev):
            eid += 1
            etype = rng.choices(list(EVENT_TYPES), [22, 24, 16, 8, 6, 14 if d.month in (11, 12) else 0, 4])[0]
            if etype == 'Wedding' and d.month in (1, 2, 11, 12):
                etype = 'Birthday Party'
            if etype == 'Christmas Party' and d.month not in (11, 12):
                etype = 'Corporate'
            if etype in ('Corporate', 'Charity Gala', 'Christmas Party') and rng.random() < 0.8:
                cid = rng.choices(range(1, len(corp) + 1), client_w[:len(corp)])[0]
            else:
                cid = rng.choices(range(len(corp) + 1, n_clients + 1), client_w[len(corp):])[0]
            menus, (gmin, gmax) = EVENT_TYPES[etype]
            menu_id = rng.choice(menus)
            if menu_id == 12 and d > date(2025, 10, 1):
                menu_id = 7
            menu = MENUS[menu_id - 1]
            guests = max(menu[4], rng.randint(gmin, gmax))
            guests = int(round(guests / 5.0) * 5) if rng.random() < 0.7 else guests
            venue = rng.choice(VENUES)
            if venue[3] and guests > venue[3]:
                venue = VENUES[9]
            if etype == 'Funeral':
                venue = rng.choice([VENUES[2], VENUES[8], VENUES[5], VENUES[3]])
            price_pp = menu[3] * (1.04 if d >= date(2026, 1, 1) else 1.0)
            if rng.random() < 0.2:
                price_pp *= rng.choice([0.9, 0.95, 1.1])
            price_pp = round(price_pp * 2) / 2.0
            quote = round(price_pp * guests, 2)
            lead = rng.randint(14, 300) if etype != 'Funeral' else rng.randint(4, 12)
            enq = datetime(d.year, d.month, d.day, rng.randint(8, 20), rng.randint(0, 59), rng.randint(0, 59)) - timedelta(days=lead)
            if enq > NOW:
                enq = NOW - timedelta(hours=rng.randint(1, 200))
            if d < TODAY:
                status = rng.choices(['Delivered', 'Cancelled', 'Enquiry'], [70, 7, 23])[0]
            else:
                status = rng.choices(['Confirmed', 'Enquiry', 'Cancelled'], [55, 37, 8])[0]
            conf = None
            if status in ('Delivered', 'Confirmed') or (status == 'Cancelled' and rng.random() < 0.6):
                conf = enq + timedelta(days=rng.randint(1, min(30, max(1, lead - 2))), hours=rng.randint(0, 6))
                if conf > NOW:
                    conf = NOW - timedelta(hours=rng.randint(1, 30))
            mgr = rng.choice([3, 3, 21]) if d >= date(2025, 2, 3) else 3
            stime = {'Wedding': '13:00', 'Corporate': rng.choice(['12:00', '12:30', '09:00', '18:30']),
                     'Funeral': '13:30', 'Christening': '14:00', 'Charity Gala': '19:00',
                     'Christmas Party': rng.choice(['19:00', '19:30', '12:30']),
                     'Birthday Party': rng.choice(['18:00', '19:00', '13:00'])}[etype]
            notes = rng.choice([None, None, None, '2 x vegan', 'Nut allergy on table 3', 'Gluten free for bride',
                                'Access via rear door', 'Client supplying cake', 'Halal meat required', 'Kids meals x 8'])
            events.append([eid, cid, venue[0], menu_id, etype, d2s(d), stime, guests, price_pp, quote, status,
                           t2s(enq), t2s(conf) if conf else None, mgr, notes])
            client_events.setdefault(cid, []).append(eid)

            # dishes for confirmed/delivered (and half the enquiries: proposed menu)
            if status in ('Confirmed', 'Delivered') or (status == 'Enquiry' and rng.random() < 0.3):
                dl = list(MENU_DISHES[menu_id])
                if rng.random() < 0.15:
                    x = rng.choice([50, 51, 52, 18, 4])
                    if x not in dl:
                        dl.append(x)
                if rng.random() < 0.1 and len(dl) > 4:
                    dl.remove(rng.choice(dl))
                by_course = {}
                for dd in dl:
                    by_course.setdefault(DISHES[dd - 1][2], []).append(dd)
                for course, ds in by_course.items():
                    for dd in ds:
                        if course == 'Canape':
                            por = guests * 3 // len(ds) + 1
                        elif course in ('Buffet', 'Side'):
                            por = int(guests * 0.8)
                        else:
                            por = max(1, round(guests / len(ds) * rng.uniform(0.8, 1.2)))
                        edishes.append((eid, dd, por))

            # shifts for delivered events
            ev_start = datetime.fromisoformat(f'{d2s(d)} {stime}:00')
            if status == 'Delivered':
                crew = [2 if rng.random() < 0.6 or guests > 100 else rng.choice([4, 5])]
                chefs = [s for s in (4, 5, 6, 7) if s not in crew]
                if d > date(2026, 3, 1):
                    chefs.remove(7) if 7 in chefs else None
                crew += rng.sample(chefs, 1 + guests // 80)
                crew.append(rng.choice([8, 20] if d >= date(2025, 6, 2) else [8]))
                waiters = [s for s in STAFF if s[3] in ('Waiting Staff', 'Front of House Lead', 'Bar Staff')
                           and date.fromisoformat(s[8]) <= d and not (s[0] == 13 and d > date(2025, 9, 30))]
                nw = min(len(waiters), max(1, guests // 22))
                crew += [w[0] for w in rng.sample(waiters, nw)]
                crew.append(rng.choice([17, 18] if d >= date(2023, 2, 20) else [17]))
                if rng.random() < 0.5:
                    crew.append(mgr)
                for s in crew:
                    role = STAFF[s - 1][3]
                    pre = {'Driver': 4, 'Kitchen Porter': 4}.get(role, 3 if 'Chef' in role else 1.5)
                    dur = rng.uniform(5, 9) if 'Chef' in role or role == 'Kitchen Porter' else rng.uniform(4, 7)
                    st = ev_start - timedelta(hours=pre, minutes=rng.choice([0, 15, 30]))
                    en = st + timedelta(minutes=int(dur * 4) * 15)
                    shifts.append((None, eid, s, t2s(st), t2s(en), rng.choice([0, 15, 30, 30, 45]) if dur > 6 else 0))

            # purchases for delivered + confirmed in next 7 days
            if status == 'Delivered' or (status == 'Confirmed' and (d - TODAY).days <= 5):
                suppliers = set()
                for dd in MENU_DISHES[menu_id]:
                    c = DISHES[dd - 1][2]
                    nm = DISHES[dd - 1][1].lower()
                    if any(w in nm for w in ('beef', 'chicken', 'lamb', 'pork', 'sausage', 'ham', 'burger', 'pate')):
                        suppliers.add(1 if rng.random() < 0.85 else 9)
                    if any(w in nm for w in ('salmon', 'bass', 'fish', 'prawn', 'lobster')):
                        suppliers.add(2 if rng.random() < 0.85 else 12)
                    suppliers.add(3)
                    if c in ('Dessert', 'Buffet'):
                        suppliers.add(4)
                    if c in ('Buffet', 'Canape'):
                        suppliers.add(6)
                if menu_id == 12:
                    suppliers.add(9)
                if rng.random() < 0.5:
                    suppliers.add(5)
                if venue[4] == 0 or rng.random() < 0.2:
                    suppliers.add(8)
                if etype in ('Wedding', 'Charity Gala', 'Christmas Party') and rng.random() < 0.6:
                    suppliers.add(7)
                for sp in sorted(suppliers):
                    items = rng.sample(SUPP_ITEMS[sp], min(len(SUPP_ITEMS[sp]), rng.randint(1, 3)))
                    od = d - timedelta(days=rng.randint(1, 5))
                    if od > TODAY:
                        od = TODAY
                    for it, pkg in items:
                        if pkg is not None:
                            kg = round(guests * rng.uniform(0.05, 0.25), 1)
                            amt = int(kg * pkg * 100 * rng.uniform(0.9, 1.1))
                            qty = 1
                        else:
                            kg = None
                            qty = max(1, guests // rng.choice([6, 10, 12, 20, 50]))
                            amt = int(qty * rng.choice([250, 400, 650, 900, 1500]))
                        purchases.append((None, sp, eid, d2s(od), it, qty, kg, amt))
    # general stock orders (no event)
    for d in daterange(date(2025, 1, 6), TODAY):
        if d.weekday() == 0:
            for sp in rng.sample([5, 10, 4, 11], 2):
                it, pkg = rng.choice(SUPP_ITEMS[sp])
                kg = round(rng.uniform(5, 25), 1) if pkg else None
                amt = int((kg * pkg * 100) if pkg else rng.randint(1500, 9000))
                purchases.append((None, sp, None, d2s(d), it, 1 if pkg else rng.randint(1, 12), kg, amt))
    purchases.sort(key=lambda r: (r[3], r[1]))
    purchases = [(i,) + tuple(r[1:]) for i, r in enumerate(purchases, 1)]
    shifts.sort(key=lambda r: r[3])
    shifts = [(i,) + tuple(r[1:]) for i, r in enumerate(shifts, 1)]

    # payments
    for e in events:
        eid_, status, quote = e[0], e[10], e[9]
        conf = datetime.fromisoformat(e[12]) if e[12] else None
        d = date.fromisoformat(e[5])
        client_type = clients[e[1] - 1][3]
        if conf is None:
            continue
        dep = round(quote * 0.25, 2)
        if client_type == 'Corporate' and rng.random() < 0.5:
            dep = None  # corporate on account, no deposit
        if dep:
            pd = conf.date() + timedelta(days=rng.randint(0, 7))
            if pd <= TODAY:
                payments.append([None, eid_, d2s(pd), dep, 'Deposit', rng.choice(['BACS', 'BACS', 'Card'])])
            else:
                dep = None
        if status == 'Delivered':
            bal = round(quote - (dep or 0), 2)
            if rng.random() < 0.12:
                bal = round(bal + rng.choice([45, 60, 120, 180.5, 250]), 2)  # extras on the night
            terms = 30 if client_type != 'Private' else 14
            pd = d + timedelta(days=rng.randint(-3, terms + 10))
            if pd <= TODAY and rng.random() > 0.05:
                if rng.random() < 0.08:
                    half = round(bal / 2, 2)
                    payments.append([None, eid_, d2s(pd), half, 'Balance', 'BACS'])
                    pd2 = pd + timedelta(days=rng.randint(10, 40))
                    if pd2 <= TODAY:
                        payments.append([None, eid_, d2s(pd2), round(bal - half, 2), 'Balance', 'BACS'])
                else:
                    payments.append([None, eid_, d2s(pd), bal, 'Balance', rng.choice(['BACS', 'BACS', 'Card', 'Cheque'])])
        elif status == 'Confirmed':
            if (d - TODAY).days < 14 and rng.random() < 0.4:
                pd = TODAY - timedelta(days=rng.randint(0, 10))
                payments.append([None, eid_, d2s(pd), round(quote - (dep or 0), 2), 'Balance', 'BACS'])
        elif status == 'Cancelled' and dep:
            if rng.random() < 0.55:
                rd = conf.date() + timedelta(days=rng.randint(10, 90))
                rd = min(rd, d, TODAY)
                payments.append([None, eid_, d2s(rd), -dep, 'Refund', 'BACS'])
    payments.sort(key=lambda r: (r[2], r[1]))
    for i, p in enumerate(payments, 1):
        p[0] = i

    # first contact can't be after the client's first enquiry
    first_enq = {}
    for e in events:
        first_enq[e[1]] = min(first_enq.get(e[1], e[11][:10]), e[11][:10])
    for c in clients:
        fe = first_enq.get(c[0])
        if fe and c[7] > fe:
            c[7] = d2s(date.fromisoformat(fe) - timedelta(days=rng.choice([0, 0, 1, 3, 7])))
        if not fe and c[7] > d2s(TODAY):
            c[7] = d2s(TODAY - timedelta(days=rng.randint(1, 60)))

    # flag repeat clients (>1 non-cancelled event), as the old CRM did it -- not kept up to date
    for c in clients:
        evs = [e for e in events if e[1] == c[0] and e[10] != 'Cancelled' and e[5] < '2026-06-01']
        c[8] = 1 if len(evs) > 1 else 0

    con.executemany('INSERT INTO clients VALUES (?,?,?,?,?,?,?,?,?)', clients)
    con.executemany('INSERT INTO venues VALUES (?,?,?,?,?,?)', VENUES)
    con.executemany('INSERT INTO menus VALUES (?,?,?,?,?,?)', MENUS)
    con.executemany('INSERT INTO dishes VALUES (?,?,?,?,?,?,?)', DISHES)
    con.executemany('INSERT INTO menu_dishes VALUES (?,?)', [(m, d) for m, ds in MENU_DISHES.items() for d in ds])
    con.executemany('INSERT INTO staff VALUES (?,?,?,?,?,?,?,?,?)', STAFF)
    con.executemany('INSERT INTO events VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)', events)
    con.executemany('INSERT INTO event_dishes VALUES (?,?,?)', edishes)
    con.executemany('INSERT INTO shifts VALUES (?,?,?,?,?,?)', shifts)
    con.executemany('INSERT INTO suppliers VALUES (?,?,?,?,?,?)', SUPPLIERS)
    con.executemany('INSERT INTO purchases VALUES (?,?,?,?,?,?,?,?)', purchases)
    con.executemany('INSERT INTO payments VALUES (?,?,?,?,?,?)', payments)
    con.commit()
    con.close()


if __name__ == '__main__':
    for name, fn in (('garage', build_garage), ('caterer', build_caterer)):
        d = os.path.join(HERE, 'dbs', name)
        os.makedirs(d, exist_ok=True)
        fn(os.path.join(d, name + '.sqlite'))
        con = sqlite3.connect(os.path.join(d, name + '.sqlite'))
        tabs = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table' ORDER BY name")]
        print(name, {t: con.execute(f'SELECT COUNT(*) FROM "{t}"').fetchone()[0] for t in tabs})
        con.close()
