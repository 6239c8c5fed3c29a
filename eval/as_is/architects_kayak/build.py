#!/usr/bin/env python3
"""Build the two probe databases (architects, kayakhire). Deterministic."""
import os
import random
import sqlite3
from datetime import date, datetime, timedelta

HERE = os.path.dirname(os.path.abspath(__file__))
TODAY = date(2026, 11, 28)

BANK_HOLS = {
    date(2024, 1, 1), date(2024, 3, 29), date(2024, 4, 1), date(2024, 5, 6), date(2024, 5, 27),
    date(2024, 8, 26), date(2024, 12, 25), date(2024, 12, 26),
    date(2025, 1, 1), date(2025, 4, 18), date(2025, 4, 21), date(2025, 5, 5), date(2025, 5, 26),
    date(2025, 8, 25), date(2025, 12, 25), date(2025, 12, 26),
    date(2026, 1, 1), date(2026, 4, 3), date(2026, 4, 6), date(2026, 5, 4), date(2026, 5, 25),
    date(2026, 8, 31), date(2026, 12, 25), date(2026, 12, 28),
}


def d2s(d):
    return d.isoformat() if d else None


def daterange(a, b):
    d = a
    while d <= b:
        yield d
        d += timedelta(days=1)


def fresh_db(path):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    if os.path.exists(path):
        os.remove(path)
    return sqlite3.connect(path)


def add_months(d, n):
    y, m = d.year, d.month - 1 + n
    y += m // 12
    m = m % 12 + 1
    return date(y, m, 1)


def month_end(d):
    return add_months(d, 1) - timedelta(days=1)


def last_working_day(d):
    e = month_end(d)
    while e.weekday() >= 5 or e in BANK_HOLS:
        e -= timedelta(days=1)
    return e


def is_working_day(d):
    if d.weekday() >= 5 or d in BANK_HOLS:
        return False
    if (d.month == 12 and d.day >= 24) or (d.month == 1 and d.day <= 2):
        return False
    return True


# ---------------------------------------------------------------------------
# Architects
# ---------------------------------------------------------------------------

AR_SCHEMA = """
CREATE TABLE staff (
  staff_id INTEGER PRIMARY KEY,
  first_name TEXT NOT NULL,
  surname TEXT NOT NULL,
  job_title TEXT,
  email TEXT,
  start_date TEXT,
  leave_date TEXT,
  cost_rate REAL,
  charge_rate REAL,
  contracted_hrs REAL,
  is_active INTEGER DEFAULT 1
);
CREATE TABLE clients (
  client_id INTEGER PRIMARY KEY,
  client_name TEXT NOT NULL,
  client_type TEXT,
  contact_name TEXT,
  contact_email TEXT,
  tel TEXT,
  town TEXT,
  postcode TEXT,
  date_added TEXT
);
CREATE TABLE riba_stages (
  stage_no INTEGER PRIMARY KEY,
  stage_name TEXT NOT NULL
);
CREATE TABLE projects (
  proj_id INTEGER PRIMARY KEY,
  job_no TEXT UNIQUE,
  proj_name TEXT NOT NULL,
  client_id INTEGER REFERENCES clients(client_id),
  site_town TEXT,
  sector TEXT,
  riba_stage INTEGER REFERENCES riba_stages(stage_no),
  fee_basis TEXT,
  fee_budget REAL,
  hrs_budget REAL,
  status TEXT,
  date_start TEXT,
  date_end TEXT,
  lead_staff_id INTEGER REFERENCES staff(staff_id)
);
CREATE TABLE timesheets (
  ts_id INTEGER PRIMARY KEY,
  staff_id INTEGER NOT NULL REFERENCES staff(staff_id),
  proj_id INTEGER REFERENCES projects(proj_id),
  work_date TEXT NOT NULL,
  hours REAL NOT NULL,
  is_billable INTEGER NOT NULL DEFAULT 1,
  mins_break INTEGER,
  activity TEXT
);
CREATE TABLE invoices (
  inv_id INTEGER PRIMARY KEY,
  inv_no TEXT UNIQUE,
  proj_id INTEGER NOT NULL REFERENCES projects(proj_id),
  dt_issued TEXT NOT NULL,
  dt_due TEXT,
  net_amount REAL NOT NULL,
  vat REAL,
  dt_paid TEXT,
  is_void INTEGER DEFAULT 0,
  inv_note TEXT
);
CREATE TABLE expenses (
  exp_id INTEGER PRIMARY KEY,
  staff_id INTEGER REFERENCES staff(staff_id),
  proj_id INTEGER REFERENCES projects(proj_id),
  exp_date TEXT,
  exp_type TEXT,
  miles REAL,
  amount REAL,
  reimbursable INTEGER,
  dt_reimbursed TEXT,
  descr TEXT
);
CREATE TABLE planning_apps (
  app_id INTEGER PRIMARY KEY,
  proj_id INTEGER REFERENCES projects(proj_id),
  lpa TEXT,
  lpa_ref TEXT,
  app_type TEXT,
  submitted TEXT,
  validated TEXT,
  decision_date TEXT,
  outcome TEXT
);
CREATE VIEW v_open_projects AS
  SELECT p.proj_id, p.job_no, p.proj_name, c.client_name, p.riba_stage, p.fee_basis,
         p.fee_budget, p.status, p.date_start, p.lead_staff_id
  FROM projects p LEFT JOIN clients c ON c.client_id = p.client_id
  WHERE p.status IN ('Live', 'On Hold');
CREATE VIEW v_unpaid_invoices AS
  SELECT i.inv_id, i.inv_no, i.proj_id, p.job_no, i.dt_issued, i.dt_due,
         i.net_amount, i.vat, i.net_amount + i.vat AS gross
  FROM invoices i JOIN projects p ON p.proj_id = i.proj_id
  WHERE i.dt_paid IS NULL AND i.is_void = 0;
"""

AR_STAFF = [
    # id, first, surname, title, start, leave, cost, charge, hrs
    (1, 'Helen', 'Marsh', 'Director', '2011-04-01', None, 64.0, 125.0, 37.5),
    (2, 'Tom', 'Reid', 'Director', '2013-09-02', None, 55.0, 120.0, 37.5),
    (3, 'Priya', 'Nair', 'Associate', '2017-01-09', None, 40.0, 95.0, 37.5),
    (4, 'Gareth', 'Owen', 'Senior Architect', '2019-05-13', None, 34.0, 85.0, 37.5),
    (5, 'Sophie', 'Clarke', 'Architect', '2021-10-04', None, 28.5, 75.0, 37.5),
    (6, 'Daniel', 'Kim', 'Part II Architectural Assistant', '2023-08-29', None, 20.0, 60.0, 37.5),
    (7, 'Mark', 'Dolan', 'Architectural Technologist', '2020-02-03', None, 25.0, 65.0, 37.5),
    (8, 'Ruth', 'Ellis', 'Office Manager', '2016-06-01', None, 19.5, None, 30.0),
    (9, 'Oliver', 'Grant', 'Architect', '2020-07-01', '2025-06-30', 28.0, 75.0, 37.5),
    (10, 'Anna', 'Kowalski', 'Interior Designer', '2024-03-04', None, 23.0, 60.0, 22.5),
    (11, 'Lucy', 'Bennett', 'Part I Architectural Assistant', '2025-09-01', None, 16.0, 50.0, 37.5),
]

AR_CLIENTS = [
    # name, type, contact, town, postcode, added
    ('Mr & Mrs Patel', 'Private', 'Ravi Patel', 'Kellsbury', 'KB4 2JR', '2023-11-14'),
    ('Hartley Homes Ltd', 'Developer', 'Simon Hartley', 'Harrowdale', 'HD1 5PL', '2019-03-02'),
    ('Westmoor District Council', 'Public', 'Angela Brookes', 'Westmoor', 'WM2 1AA', '2018-06-20'),
    ('Dr S. Holloway', 'Private', 'Sarah Holloway', 'Fenwick', 'FN3 8QT', '2024-01-22'),
    ('Blackmore Developments Ltd', 'Developer', 'Craig Blackmore', 'Kellsbury', 'KB1 7GH', '2021-09-10'),
    ('Harrowdale Academy Trust', 'Education', 'Janet Moss', 'Harrowdale', 'HD3 9EW', '2020-02-14'),
    ("St Aidan's PCC", 'Charity', 'Rev. Paul Ainsworth', 'Low Bramley', 'WM7 3DN', '2022-05-05'),
    ('Brightwater Dental Ltd', 'Commercial', 'Dr Kiran Shah', 'Kellsbury', 'KB2 4RT', '2023-07-18'),
    ('The Old Mill Brewery', 'Commercial', 'Ben Archer', 'Fenwick', 'FN1 2BB', '2024-02-27'),
    ('James & Clare Whitfield', 'Private', 'Clare Whitfield', 'Westmoor', 'WM4 6HS', '2024-04-03'),
    ('Greystone Estates', 'Developer', 'Naomi Grey', 'Kellsbury', 'KB9 1LW', '2022-10-30'),
    ('Fellside Community Association', 'Charity', 'Derek Hume', 'Fellside', 'WM9 2PP', '2023-03-08'),
    ('Northgate Veterinary Group', 'Commercial', 'Alison Ward', 'Harrowdale', 'HD2 3NG', '2024-06-12'),
    ('Mrs E. Brandon', 'Private', 'Eileen Brandon', 'Low Bramley', 'WM7 1EB', '2024-08-19'),
    ('Mr R. Okafor', 'Private', 'Richard Okafor', 'Kellsbury', 'KB3 6AS', '2024-09-30'),
    ('Riverside Living LLP', 'Developer', 'Martin Cole', 'Fenwick', 'FN2 9RL', '2024-11-05'),
    ('Copper Kettle Cafe', 'Commercial', 'Jo Pearce', 'Westmoor', 'WM1 3CK', '2025-01-20'),
    ('Kellsbury Scouts', 'Charity', 'Andy Fraser', 'Kellsbury', 'KB5 8SC', '2025-02-11'),
    ('Mr & Mrs Lindqvist', 'Private', 'Erik Lindqvist', 'Fenwick', 'FN4 1EL', '2025-03-17'),
    ('Harrowdale Golf Club', 'Commercial', 'Peter Voss', 'Harrowdale', 'HD5 7GC', '2025-04-22'),
    ('Dr A. Mensah', 'Private', 'Ama Mensah', 'Westmoor', 'WM3 5AM', '2025-06-09'),
    ('Ms T. Goldberg', 'Private', 'Tara Goldberg', 'Kellsbury', 'KB6 2TG', '2025-08-04'),
    ('Westmoor Housing Association', 'Public', 'Lisa Tranter', 'Westmoor', 'WM2 8HA', '2025-09-15'),
    ('Fenwick Parish Council', 'Public', 'Graham Peel', 'Fenwick', 'FN1 1PC', '2026-01-12'),
    ('Mr D. Achebe', 'Private', 'David Achebe', 'Harrowdale', 'HD4 2DA', '2026-03-02'),
    ('Lakeside Glamping Ltd', 'Commercial', 'Becky Slater', 'Fellside', 'WM9 6LG', '2026-05-18'),
    ('Mr & Mrs Ferreira', 'Private', 'Ana Ferreira', 'Low Bramley', 'WM7 4AF', '2026-07-07'),
    ('Kellsbury Rugby Club', 'Commercial', 'Steve Marsh', 'Kellsbury', 'KB8 3RC', '2026-09-21'),
    ('Mrs J. Doherty', 'Private', 'Jean Doherty', 'Fenwick', 'FN3 2JD', '2026-11-09'),
    ('Oakfield Primary School', 'Education', 'Mrs K. Lowe', 'Westmoor', 'WM6 3OP', '2025-10-06'),
]

RIBA = [
    (0, 'Strategic Definition'), (1, 'Preparation and Briefing'), (2, 'Concept Design'),
    (3, 'Spatial Coordination'), (4, 'Technical Design'), (5, 'Manufacturing and Construction'),
    (6, 'Handover'), (7, 'Use'),
]

# name, client#, town, sector, basis, fee, start, months, status, lead, team
AR_PROJECTS = [
    ('Hartley Park phase 2 - 24 houses', 2, 'Harrowdale', 'Residential', 'Fixed', 96000, '2023-10-02', 30, 'Live', 1, [1, 4, 7, 6]),
    ('Rear extension, 14 Mill Lane', 1, 'Kellsbury', 'Residential', 'Hourly', 9000, '2023-11-20', 11, 'Completed', 5, [5, 6]),
    ('Westmoor Library refurbishment', 3, 'Westmoor', 'Community', 'Fixed', 64000, '2024-01-15', 22, 'Completed', 2, [2, 5, 7]),
    ('Kings Yard - office to residential conversion', 11, 'Kellsbury', 'Residential', 'Fixed', 45000, '2024-01-22', 18, 'Completed', 2, [3, 6, 7]),
    ('Barn conversion, Hollins Farm', 4, 'Fenwick', 'Residential', 'Fixed', 28500, '2024-02-05', 20, 'Completed', 3, [3, 6]),
    ('Westmoor Leisure Centre - changing village', 3, 'Westmoor', 'Community', 'Fixed', 38000, '2024-02-12', 16, 'Completed', 1, [4, 5]),
    ('Station Road apartments (12 units)', 5, 'Kellsbury', 'Residential', 'Fixed', 52000, '2024-02-19', 26, 'On Hold', 4, [4, 7, 9]),
    ('Harrowdale Academy - science block', 6, 'Harrowdale', 'Education', 'Fixed', 78000, '2024-03-04', 24, 'Completed', 1, [1, 3, 7, 5]),
    ("St Aidan's church - kitchen and WC", 7, 'Low Bramley', 'Heritage', 'Hourly', 14000, '2024-03-18', 14, 'Completed', 3, [3, 6]),
    ('Dental surgery fit-out, Market St', 8, 'Kellsbury', 'Commercial', 'Fixed', 18500, '2024-04-08', 9, 'Completed', 9, [9, 10]),
    ('Brewery tap room and visitor centre', 9, 'Fenwick', 'Commercial', 'Fixed', 34000, '2024-04-22', 18, 'Completed', 2, [2, 5, 10]),
    ('Holloway - replacement dwelling', 4, 'Fenwick', 'Residential', 'Fixed', 30000, '2024-05-07', 20, 'Completed', 4, [6, 9]),
    ('Whitfield house - loft conversion', 10, 'Westmoor', 'Residential', 'Hourly', 6500, '2024-05-13', 8, 'Completed', 5, [5]),
    ('Greystone Quarter masterplan', 11, 'Kellsbury', 'Commercial', 'Hourly', None, '2024-05-28', 6, 'Lost', 1, [1, 4]),
    ('Fellside village hall extension', 12, 'Fellside', 'Community', 'Fixed', 22000, '2024-06-10', 16, 'Completed', 4, [4, 6]),
    ('Northgate vets - new surgery', 13, 'Harrowdale', 'Commercial', 'Fixed', 41000, '2024-07-01', 24, 'Live', 3, [3, 7, 10]),
    ('Brandon cottage - listed alterations', 14, 'Low Bramley', 'Heritage', 'Hourly', 12000, '2024-09-02', 16, 'Completed', 9, [9, 6]),
    ('Harrowdale Academy - sixth form fit-out', 6, 'Harrowdale', 'Education', 'Fixed', 26000, '2024-09-09', 12, 'Completed', 3, [10, 7]),
    ('Okafor new dwelling', 15, 'Kellsbury', 'Residential', 'Fixed', 24000, '2024-10-14', 22, 'Live', 4, [4, 7]),
    ('Riverside Wharf - 40 apartments', 16, 'Fenwick', 'Residential', 'Fixed', 145000, '2024-11-18', 34, 'Live', 2, [2, 3, 4, 7, 6]),
    ('Westmoor depot - welfare block', 3, 'Westmoor', 'Commercial', 'Fixed', 16000, '2024-11-25', 10, 'Completed', 7, [7, 5]),
    ('Hartley Park phase 3 - feasibility', 2, 'Harrowdale', 'Residential', 'Hourly', 7500, '2025-01-13', 5, 'Completed', 1, [1, 6]),
    ('Copper Kettle cafe - shopfront', 17, 'Westmoor', 'Commercial', 'Hourly', 4200, '2025-02-03', 6, 'Completed', 5, [5, 10]),
    ('Scout hut replacement', 18, 'Kellsbury', 'Community', 'Fixed', 15500, '2025-03-03', 18, 'Live', 6, [6, 7]),
    ('Lindqvist house - garden room', 19, 'Fenwick', 'Residential', 'Hourly', 5200, '2025-03-24', 7, 'Completed', 5, [5, 11]),
    ('Golf clubhouse refurbishment', 20, 'Harrowdale', 'Commercial', 'Fixed', 38000, '2025-05-06', 20, 'Live', 3, [3, 10, 7]),
    ('Mensah - two storey side extension', 21, 'Westmoor', 'Residential', 'Hourly', 8800, '2025-06-16', 12, 'Live', 9, [9, 11, 5]),
    ('Kellsbury Quays - fee bid', 11, 'Kellsbury', 'Residential', 'Fixed', 30000, '2025-06-23', 2, 'Lost', 2, [2]),
    ('Goldberg basement conversion', 22, 'Kellsbury', 'Residential', 'Hourly', 11000, '2025-08-11', 12, 'On Hold', 5, [5, 10]),
    ('Westmoor HA - Elm Court retrofit', 23, 'Westmoor', 'Residential', 'Fixed', 58000, '2025-09-22', 20, 'Live', 1, [1, 4, 7, 11]),
    ('Harrowdale Academy - sports hall roof', 6, 'Harrowdale', 'Education', 'Fixed', 12500, '2025-10-06', 9, 'Completed', 7, [7, 6]),
    ('Oakfield Primary - classroom block', 30, 'Westmoor', 'Education', 'Fixed', 46000, '2025-10-20', 18, 'Live', 4, [4, 6, 7]),
    ('Whitfield house - kitchen extension', 10, 'Westmoor', 'Residential', 'Hourly', 7000, '2025-11-10', 9, 'Completed', 5, [5, 10]),
    ('Dental surgery - second practice', 8, 'Fenwick', 'Commercial', 'Fixed', 21000, '2026-01-05', 12, 'Live', 3, [3, 10, 11]),
    ('Fenwick parish rooms - accessibility works', 24, 'Fenwick', 'Community', 'Fixed', 9500, '2026-01-26', 10, 'Live', 6, [6, 7]),
    ('Achebe farmhouse - listed building consent', 25, 'Harrowdale', 'Heritage', 'Hourly', 13500, '2026-03-09', 14, 'Live', 3, [3, 11]),
    ('Glamping pods and reception building', 26, 'Fellside', 'Commercial', 'Fixed', 27000, '2026-05-26', 14, 'Live', 2, [2, 10, 6]),
    ('Riverside Wharf - phase 2 feasibility', 16, 'Fenwick', 'Residential', 'Hourly', None, '2026-06-15', 6, 'Live', 2, [2, 4]),
    ('Ferreira - rear extension and loft', 27, 'Low Bramley', 'Residential', 'Hourly', 9600, '2026-07-20', 10, 'Live', 5, [5, 11]),
    ('Brewery - bottling hall', 9, 'Fenwick', 'Commercial', 'Fixed', 19500, '2026-08-03', 12, 'Lost', 2, [2]),
    ('Rugby club changing rooms', 28, 'Kellsbury', 'Community', 'Fixed', 31000, '2026-10-05', 16, 'Live', 4, [4, 7]),
    ('Hartley Park phase 3 - 18 houses', 2, 'Harrowdale', 'Residential', 'Fixed', 72000, '2026-10-19', 26, 'Live', 1, [1, 6, 11]),
    ('Doherty bungalow extension', 29, 'Fenwick', 'Residential', 'Hourly', 6800, '2026-11-16', 8, 'Enquiry', 5, [5]),
    ('Northgate vets - Fenwick branch', 13, 'Fenwick', 'Commercial', 'Fixed', 26000, '2026-11-23', 14, 'Enquiry', 3, [3]),
]

LPAS = {'Kellsbury': 'Kellsbury City Council', 'Harrowdale': 'Harrowdale Borough Council',
        'Westmoor': 'Westmoor District Council', 'Fenwick': 'North Fenwick District Council',
        'Low Bramley': 'Westmoor District Council', 'Fellside': 'Westmoor District Council'}
LPA_CODE = {'Kellsbury City Council': 'KCC', 'Harrowdale Borough Council': 'HBC',
            'Westmoor District Council': 'WDC', 'North Fenwick District Council': 'NFDC'}


def build_architects():
    rng = random.Random(35001)
    con = fresh_db(os.path.join(HERE, 'dbs', 'architects', 'architects.sqlite'))
    con.executescript(AR_SCHEMA)
    cur = con.cursor()

    for s in AR_STAFF:
        sid, fn, sn, title, start, leave, cost, charge, hrs = s
        email = f"{fn.lower()}.{sn.lower()}@marshreid-architects.co.uk"
        cur.execute("INSERT INTO staff VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                    (sid, fn, sn, title, email, start, leave, cost, charge, hrs, 0 if leave else 1))
    staff = {s[0]: s for s in AR_STAFF}

    for i, c in enumerate(AR_CLIENTS, 1):
        name, ctype, contact, town, pc, added = c
        email = None if rng.random() < 0.12 else f"{contact.split()[-1].lower()}@{'gmail.com' if ctype == 'Private' else name.split()[0].lower().strip(chr(39)) + '.org.uk'}"
        tel = None if rng.random() < 0.15 else f"01{rng.randint(200, 999)} {rng.randint(100000, 999999)}"
        cur.execute("INSERT INTO clients VALUES (?,?,?,?,?,?,?,?,?)",
                    (i, name, ctype, contact, email, tel, town, pc, added))

    cur.execute("INSERT INTO clients VALUES (31, 'Mr P. Nowak', 'Private', 'Piotr Nowak', NULL, '07700 914522', 'Kellsbury', 'KB7 4PN', '2025-05-20')")
    cur.execute("INSERT INTO clients VALUES (32, 'Harrowdale Cricket Club', 'Commercial', 'Nigel Ashby', 'secretary@harrowdalecc.org.uk', NULL, 'Harrowdale', 'HD6 1CC', '2026-10-14')")

    cur.executemany("INSERT INTO riba_stages VALUES (?,?)", RIBA)

    projects = {}
    for pid, p in enumerate(AR_PROJECTS, 1):
        name, cl, town, sector, basis, fee, start, months, status, lead, team = p
        if fee is not None:
            fee = float(round(fee * (2.5 if start < '2025-01-01' else 2.0) / 500) * 500)
        sd = date.fromisoformat(start)
        planned_end = add_months(sd, months) + timedelta(days=rng.randint(0, 25))
        if status == 'Completed':
            end = min(planned_end, TODAY - timedelta(days=rng.randint(20, 60)))
            stop = end
        elif status == 'Lost':
            end = sd + timedelta(days=rng.randint(20, 55))
            stop = end
        elif status == 'On Hold':
            end = None
            stop = TODAY - timedelta(days=rng.randint(70, 160))
        else:
            end = None
            stop = TODAY - timedelta(days=1)
        if status == 'Completed':
            stage = 7 if end < date(2025, 11, 1) else 6
        elif status in ('Lost',):
            stage = 1
        elif status == 'Enquiry':
            stage = 0
        else:
            frac = (stop - sd).days / max(1, (planned_end - sd).days)
            stage = max(1, min(5, 1 + int(frac * 5.2)))
        if fee is not None:
            avg_rate = 82.0
            hrs_budget = round(fee / avg_rate / 5.0) * 5
        else:
            hrs_budget = None
        if basis == 'Hourly' and fee is not None and rng.random() < 0.3:
            hrs_budget = None
        job_no = f"{sd.year % 100:02d}{pid:03d}"
        projects[pid] = dict(id=pid, name=name, client=cl, town=town, sector=sector, basis=basis,
                             fee=fee, start=sd, planned_end=planned_end, end=end, stop=stop,
                             status=status, lead=lead, stage=stage, team=[lead] + team,
                             hrs_budget=hrs_budget)
        cur.execute("INSERT INTO projects VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                    (pid, job_no, name, cl, town, sector, stage, basis, fee, hrs_budget, status,
                     d2s(sd), d2s(end), lead))

    # ---- timesheets
    ts_rows = []
    holidays = {}
    for sid in staff:
        hs = set()
        for yr in (2024, 2025, 2026):
            for _ in range(5):
                wk = date(yr, 1, 5) + timedelta(weeks=rng.randint(1, 49))
                for k in range(rng.choice([1, 2, 3, 5, 5])):
                    hs.add(wk + timedelta(days=k))
        holidays[sid] = hs
    internal_acts = ['Admin', 'Business development', 'CPD', 'Practice management', 'Fee proposal', 'IT / CAD support']
    proj_acts = ['Design', 'Drawings', 'Site visit', 'Meeting', 'Planning', 'Specification', 'Coordination', 'Contract admin']
    hours_by_proj_month = {}
    backlog = {pid: 0.0 for pid in projects}
    rate = {}
    for pid, p in projects.items():
        if p['status'] in ('Lost', 'Enquiry'):
            planned = rng.uniform(8, 22)
            last = p['stop']
        else:
            base = (p['fee'] / 82.0) if p['fee'] else 140.0
            over = rng.uniform(0.8, 1.3)
            if pid in (9, 20, 29, 27):
                over = rng.uniform(1.45, 1.6)
            planned = base * over
            last = p['end'] if p['status'] == 'Completed' else max(p['planned_end'], p['start'] + timedelta(days=30))
        wd = sum(1 for x in daterange(p['start'], last) if is_working_day(x))
        rate[pid] = planned / max(1, wd)
    for d in daterange(date(2024, 1, 2), TODAY - timedelta(days=1)):
        if not is_working_day(d):
            continue
        for pid, p in projects.items():
            if p['start'] <= d <= p['stop']:
                backlog[pid] += rate[pid]
        order = sorted(staff)
        rng.shuffle(order)
        for sid in order:
            s = staff[sid]
            if sid == 8:
                continue
            sstart = date.fromisoformat(s[4])
            sleave = date.fromisoformat(s[5]) if s[5] else None
            if d < sstart or (sleave and d > sleave):
                continue
            if sid == 10 and d.weekday() > 2:
                continue
            if d in holidays[sid] or rng.random() < 0.03:
                continue
            day_hours = rng.choice([7.0, 7.5, 7.5, 7.5, 7.5, 8.0, 8.0, 8.5, 6.5])
            entries = []
            if sid in (1, 2) and rng.random() < 0.4:
                ih = rng.choice([1.0, 1.5, 2.0, 2.5, 3.0])
                entries.append((None, ih, 0, rng.choice(internal_acts)))
                day_hours -= ih
            elif rng.random() < 0.05:
                ih = rng.choice([1.0, 2.0, 3.5])
                entries.append((None, ih, 0, rng.choice(['Admin', 'CPD', 'IT / CAD support'])))
                day_hours -= ih
            for attempt in range(2):
                if day_hours < 0.5:
                    break
                cands = [projects[pid] for pid in projects
                         if sid in projects[pid]['team'] and backlog[pid] >= 1.0
                         and projects[pid]['start'] <= d <= projects[pid]['stop']
                         and all(e[0] != pid for e in entries)]
                if not cands and sid not in (1, 2):
                    cands = [projects[pid] for pid in projects
                             if backlog[pid] >= 2.0 and projects[pid]['start'] <= d <= projects[pid]['stop']
                             and projects[pid]['status'] not in ('Lost', 'Enquiry')
                             and all(e[0] != pid for e in entries)]
                if not cands:
                    break
                weights = [backlog[p['id']] * (2 if p['lead'] == sid else 1) for p in cands]
                p = rng.choices(cands, weights=weights)[0]
                h = day_hours if backlog[p['id']] >= 3 else min(day_hours, max(1.0, round(backlog[p['id']] * 2) / 2))
                if attempt == 0 and rng.random() < 0.15 and h == day_hours and day_hours >= 3:
                    h = round(day_hours * rng.uniform(0.3, 0.7) * 4) / 4
                backlog[p['id']] -= h
                day_hours -= h
                if p['status'] in ('Lost', 'Enquiry'):
                    bill, act = 0, 'Fee proposal'
                elif rng.random() < 0.05:
                    bill, act = 0, rng.choice(['Rework - internal error', 'Fee proposal', 'Marketing photos'])
                else:
                    bill, act = 1, rng.choice(proj_acts)
                entries.append((p['id'], h, bill, act))
            proj_entries = [i for i, e in enumerate(entries) if e[0] is not None and e[2] == 1]
            if 0 < day_hours < 1.5 and proj_entries:
                i = proj_entries[-1]
                e = entries[i]
                entries[i] = (e[0], e[1] + day_hours, e[2], e[3])
                backlog[e[0]] -= day_hours
                day_hours = 0
            int_entries = [i for i, e in enumerate(entries) if e[0] is None]
            if day_hours >= 0.25 and int_entries:
                i = int_entries[0]
                e = entries[i]
                entries[i] = (None, e[1] + day_hours, 0, e[3])
                day_hours = 0
            if day_hours >= 0.25 and (rng.random() < 0.4 or not entries):
                entries.append((None, day_hours, 0, rng.choice(['Admin', 'CPD', 'Competition entry', 'Marketing', 'Practice management', 'IT / CAD support'])))
            first = True
            for pid, h, bill, act in entries:
                if d < date(2024, 4, 1):
                    brk = None
                elif first:
                    brk = rng.choice([0, 30, 30, 30, 45, 60, 60])
                else:
                    brk = 0
                first = False
                ts_rows.append((sid, pid, d2s(d), h, bill, brk, act))
                if pid and bill:
                    key = (pid, d.year, d.month)
                    hours_by_proj_month.setdefault(key, []).append((sid, h))
    cur.executemany("INSERT INTO timesheets (staff_id, proj_id, work_date, hours, is_billable, mins_break, activity) VALUES (?,?,?,?,?,?,?)", ts_rows)

    # ---- invoices
    inv_rows = []
    months = []
    m = date(2024, 1, 1)
    while m <= TODAY:
        months.append(m)
        m = add_months(m, 1)
    slow_payer = {5}
    billed = {pid: 0.0 for pid in projects}
    cum_hours = {pid: 0.0 for pid in projects}
    inv_seq = 2401
    for m in months:
        issue = last_working_day(m)
        if issue > TODAY:
            continue
        for pid in sorted(projects):
            p = projects[pid]
            if p['status'] in ('Lost', 'Enquiry'):
                continue
            recs = hours_by_proj_month.get((pid, m.year, m.month), [])
            h = sum(x[1] for x in recs)
            cum_hours[pid] += h
            if p['basis'] == 'Hourly':
                amt = round(sum(staff[s][7] * hh for s, hh in recs), 2)
                if amt < 150:
                    continue
                note = f"Professional fees {m.strftime('%B %Y')}"
            else:
                budget_h = p['hrs_budget'] or (p['fee'] / 82)
                pct = min(cum_hours[pid] / budget_h, 0.95)
                final = p['end'] is not None and p['end'].year == m.year and p['end'].month == m.month
                if final:
                    pct = 1.0
                target = round(p['fee'] * pct / 10) * 10
                amt = float(target - billed[pid])
                if amt < 250:
                    continue
                note = ('Final account' if final else f"Stage {min(p['stage'], 5) if p['end'] is None else 5} fees - progress to {m.strftime('%b %Y')}")
            billed[pid] += amt
            ctype = AR_CLIENTS[p['client'] - 1][1]
            terms = 30 if ctype in ('Public', 'Education', 'Developer') else 14
            due = issue + timedelta(days=terms)
            r = rng.random()
            if p['client'] in slow_payer:
                lag = rng.randint(25, 110)
            elif r < 0.62:
                lag = rng.randint(3, terms)
            elif r < 0.95:
                lag = terms + rng.randint(1, 45)
            else:
                lag = terms + rng.randint(46, 120)
            paid = issue + timedelta(days=lag)
            if paid > TODAY:
                paid = None
            inv_rows.append([f"INV-{inv_seq}", pid, d2s(issue), d2s(due), amt, round(amt * 0.2, 2), d2s(paid), 0, note])
            inv_seq += 1
    # a few void invoices (reissued) and a couple of old bad debts
    void_idx = [i for i, r in enumerate(inv_rows) if r[2] < '2025-10-01']
    for i in rng.sample(void_idx, 4):
        r = inv_rows[i]
        r[7] = 1
        r[6] = None
        r[8] = 'VOID - reissued'
        inv_rows.append([f"INV-{inv_seq}", r[1], d2s(date.fromisoformat(r[2]) + timedelta(days=6)),
                         d2s(date.fromisoformat(r[3]) + timedelta(days=6)), r[4], r[5],
                         d2s(date.fromisoformat(r[2]) + timedelta(days=rng.randint(20, 40))), 0,
                         r[8].replace('VOID - reissued', 'Reissue of ' + r[0])])
        inv_seq += 1
    bad = [i for i, r in enumerate(inv_rows) if r[2] < '2026-03-01' and r[7] == 0 and r[1] in (7, 17)]
    for i in bad[-3:]:
        inv_rows[i][6] = None
    inv_rows.sort(key=lambda r: (r[2], r[0]))
    cur.executemany("INSERT INTO invoices (inv_no, proj_id, dt_issued, dt_due, net_amount, vat, dt_paid, is_void, inv_note) VALUES (?,?,?,?,?,?,?,?,?)", inv_rows)

    # ---- expenses
    exp_rows = []
    for d in daterange(date(2024, 1, 2), TODAY - timedelta(days=1)):
        if not is_working_day(d):
            continue
        for sid, s in staff.items():
            sstart = date.fromisoformat(s[4])
            sleave = date.fromisoformat(s[5]) if s[5] else None
            if d < sstart or (sleave and d > sleave):
                continue
            rate = 0.02 if sid == 8 else 0.11
            if rng.random() > rate:
                continue
            cands = [p for p in projects.values() if sid in p['team'] and p['start'] <= d <= p['stop']]
            proj = rng.choice(cands) if cands else None
            et = rng.choices(['Mileage', 'Printing', 'Parking', 'Train', 'Subsistence', 'Planning fee', 'Postage'],
                             weights=[48, 14, 12, 8, 9, 4, 5])[0]
            if sid == 8:
                et = rng.choice(['Postage', 'Printing', 'Subsistence'])
                proj = None
            miles = None
            if et == 'Mileage':
                if proj is None:
                    et = 'Subsistence'
                else:
                    miles = float(rng.randint(6, 95))
                    if proj['town'] in ('Fellside', 'Low Bramley'):
                        miles += 20
            if et == 'Mileage':
                amt, reimb, descr = round(miles * 0.45, 2), 1, f"Site visit - {proj['town']}"
            elif et == 'Printing':
                amt, reimb, descr = round(rng.uniform(6, 185), 2), (1 if rng.random() < 0.25 else 0), 'A1 drawing sets'
            elif et == 'Parking':
                amt, reimb, descr = rng.choice([2.5, 3.2, 4.0, 5.5, 6.0, 8.0, 12.0]), 1, 'Parking'
            elif et == 'Train':
                amt, reimb, descr = round(rng.uniform(18, 140), 2), (1 if rng.random() < 0.6 else 0), 'Rail fare'
            elif et == 'Subsistence':
                amt, reimb, descr = round(rng.uniform(5, 28), 2), 1, 'Lunch'
                if rng.random() < 0.5:
                    proj = None
            elif et == 'Planning fee':
                if proj is None:
                    continue
                amt, reimb, descr = rng.choice([258.0, 298.0, 578.0, 1156.0]), 0, 'Planning application fee (company card)'
            else:
                amt, reimb, descr = round(rng.uniform(1.5, 24), 2), (1 if rng.random() < 0.3 else 0), 'Postage'
            paid_back = None
            if reimb:
                pb = add_months(d, 1) + timedelta(days=24)
                if pb <= TODAY and rng.random() > 0.03:
                    paid_back = d2s(pb)
            exp_rows.append((sid, proj['id'] if proj else None, d2s(d), et, miles, amt, reimb, paid_back, descr))
    cur.executemany("INSERT INTO expenses (staff_id, proj_id, exp_date, exp_type, miles, amount, reimbursable, dt_reimbursed, descr) VALUES (?,?,?,?,?,?,?,?,?)", exp_rows)

    # ---- planning applications
    pa_rows = []
    seqs = {}
    for pid in sorted(projects):
        p = projects[pid]
        if p['status'] in ('Lost', 'Enquiry'):
            continue
        if pid == 38:
            continue
        sub = p['start'] + timedelta(days=int((p['planned_end'] - p['start']).days * rng.uniform(0.22, 0.32)))
        if p['stop'] < sub and p['status'] != 'Completed':
            continue
        if sub > TODAY:
            continue
        while sub.weekday() >= 5:
            sub += timedelta(days=1)
        if p['sector'] == 'Heritage':
            types = ['Full', 'Listed Building Consent']
        elif p['sector'] == 'Residential' and p['basis'] == 'Hourly':
            types = ['Householder']
        else:
            types = ['Full']
        if pid in (31, 35):
            types = ['Prior Approval']
        attempt = 0
        while True:
            lpa = LPAS[p['town']]
            outcome_r = rng.random()
            for t in types:
                validated = sub + timedelta(days=rng.randint(3, 21))
                weeks = rng.randint(6, 15) if t != 'Householder' else rng.randint(6, 11)
                dec = sub + timedelta(days=weeks * 7 + rng.randint(0, 4))
                if attempt == 0 and outcome_r < 0.16 and pid not in (31, 35):
                    outcome = 'Refused'
                elif attempt == 0 and outcome_r < 0.22:
                    outcome = 'Withdrawn'
                    dec = sub + timedelta(days=rng.randint(20, 50))
                else:
                    outcome = 'Approved'
                if dec > TODAY:
                    dec, outcome = None, None
                if validated > TODAY:
                    validated = None
                code = LPA_CODE[lpa]
                seqs[(code, sub.year)] = seqs.get((code, sub.year), rng.randint(100, 400)) + rng.randint(5, 60)
                ref = f"{sub.year % 100:02d}/{seqs[(code, sub.year)]:05d}/{'LBC' if t.startswith('Listed') else ('HH' if t == 'Householder' else ('PA' if t == 'Prior Approval' else 'FUL'))}"
                if code == 'KCC':
                    ref = f"KCC/{ref}"
                pa_rows.append((pid, lpa, ref, t, d2s(sub), d2s(validated), d2s(dec), outcome, sub))
            if outcome in ('Refused', 'Withdrawn') and attempt == 0:
                attempt = 1
                sub = (dec or sub) + timedelta(days=rng.randint(25, 70))
                while sub.weekday() >= 5:
                    sub += timedelta(days=1)
                if sub > TODAY:
                    break
                continue
            break
    pa_rows.append((42, 'Harrowdale Borough Council', '26/00541/OUT', 'Outline', '2026-11-06', '2026-11-20', None, None, date(2026, 11, 6)))
    pa_rows.append((37, 'Westmoor District Council', '26/00558/FUL', 'Full', '2026-11-13', None, None, None, date(2026, 11, 13)))
    pa_rows.append((36, 'Harrowdale Borough Council', '26/00433/DOC', 'Discharge of Conditions', '2026-09-24', '2026-09-29', None, None, date(2026, 9, 24)))
    pa_rows.append((20, 'North Fenwick District Council', '26/00190/DOC', 'Discharge of Conditions', '2026-04-21', '2026-04-28', '2026-06-02', 'Approved', date(2026, 4, 21)))
    pa_rows.sort(key=lambda r: (r[8], r[0]))
    cur.executemany("INSERT INTO planning_apps (proj_id, lpa, lpa_ref, app_type, submitted, validated, decision_date, outcome) VALUES (?,?,?,?,?,?,?,?)",
                    [r[:8] for r in pa_rows])
    con.commit()
    con.close()


# ---------------------------------------------------------------------------
# Kayak hire
# ---------------------------------------------------------------------------

KH_SCHEMA = """
CREATE TABLE craft (
  craft_id INTEGER PRIMARY KEY,
  craft_ref TEXT UNIQUE,
  craft_type TEXT NOT NULL,
  make TEXT,
  model TEXT,
  length_m REAL,
  seats INTEGER,
  colour TEXT,
  purchase_date TEXT,
  purchase_price REAL,
  condition TEXT,
  out_of_service INTEGER NOT NULL DEFAULT 0,
  hourly_rate REAL
);
CREATE TABLE customers (
  cust_id INTEGER PRIMARY KEY,
  first_name TEXT,
  last_name TEXT,
  email TEXT,
  phone TEXT,
  postcode TEXT,
  dob TEXT,
  created_at TEXT,
  marketing_ok INTEGER DEFAULT 0
);
CREATE TABLE bookings (
  booking_id INTEGER PRIMARY KEY,
  cust_id INTEGER REFERENCES customers(cust_id),
  craft_id INTEGER REFERENCES craft(craft_id),
  hire_start TEXT NOT NULL,
  hire_end TEXT NOT NULL,
  price REAL,
  deposit REAL,
  deposit_refunded INTEGER,
  status TEXT NOT NULL,
  cancel_reason TEXT,
  channel TEXT,
  promo_code TEXT,
  booked_at TEXT
);
CREATE TABLE instructors (
  instr_id INTEGER PRIMARY KEY,
  first_name TEXT,
  surname TEXT,
  can_teach_kayak INTEGER DEFAULT 0,
  can_teach_sup INTEGER DEFAULT 0,
  can_teach_canoe INTEGER DEFAULT 0,
  qual_level TEXT,
  first_aid_expiry TEXT,
  day_rate REAL,
  start_date TEXT,
  active INTEGER DEFAULT 1
);
CREATE TABLE lessons (
  lesson_id INTEGER PRIMARY KEY,
  instr_id INTEGER REFERENCES instructors(instr_id),
  discipline TEXT,
  level TEXT,
  lesson_date TEXT,
  start_time TEXT,
  duration_mins INTEGER,
  capacity INTEGER,
  price_pp REAL,
  status TEXT
);
CREATE TABLE lesson_signups (
  signup_id INTEGER PRIMARY KEY,
  lesson_id INTEGER REFERENCES lessons(lesson_id),
  cust_id INTEGER REFERENCES customers(cust_id),
  signed_up TEXT,
  amount_paid REAL,
  attended INTEGER
);
CREATE TABLE weather_closures (
  closure_id INTEGER PRIMARY KEY,
  closure_date TEXT NOT NULL,
  reason TEXT,
  closed_from TEXT,
  notes TEXT
);
CREATE TABLE damage_reports (
  report_id INTEGER PRIMARY KEY,
  craft_id INTEGER REFERENCES craft(craft_id),
  booking_id INTEGER REFERENCES bookings(booking_id),
  reported_on TEXT,
  damage_type TEXT,
  description TEXT,
  repair_cost REAL,
  charged_to_customer INTEGER DEFAULT 0,
  repaired_on TEXT
);
CREATE VIEW v_fleet_available AS
  SELECT craft_id, craft_ref, craft_type, seats, hourly_rate, condition
  FROM craft WHERE out_of_service = 0;
CREATE VIEW v_booking_detail AS
  SELECT b.booking_id, b.hire_start, b.hire_end, b.status, b.price, b.deposit,
         c.first_name || ' ' || c.last_name AS customer, k.craft_ref, k.craft_type
  FROM bookings b
  JOIN customers c ON c.cust_id = b.cust_id
  JOIN craft k ON k.craft_id = b.craft_id;
"""

FIRST = ['Oliver', 'Amelia', 'George', 'Isla', 'Harry', 'Ava', 'Jack', 'Mia', 'Noah', 'Ivy', 'Leo', 'Freya',
         'Arthur', 'Lily', 'Muhammad', 'Florence', 'Oscar', 'Sophia', 'Charlie', 'Grace', 'Jacob', 'Evie',
         'Thomas', 'Poppy', 'Alfie', 'Ella', 'Henry', 'Willow', 'Theo', 'Rosie', 'James', 'Emily', 'William',
         'Chloe', 'Finley', 'Sienna', 'Joshua', 'Erin', 'Daniel', 'Hannah', 'Sam', 'Zara', 'Ben', 'Ruby',
         'Matt', 'Katie', 'Liam', 'Niamh', 'Ewan', 'Ffion', 'Rhys', 'Megan', 'Kwame', 'Aisha', 'Tomasz', 'Ola',
         'Priya', 'Raj', 'Sean', 'Laura']
LAST = ['Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Johnson', 'Davies', 'Robinson', 'Wright',
        'Thompson', 'Evans', 'Walker', 'White', 'Roberts', 'Green', 'Hall', 'Wood', 'Jackson', 'Clarke',
        'Patel', 'Khan', 'Lewis', 'Hughes', 'Edwards', 'Turner', 'Hill', 'Moore', 'Cooper', 'Ward', 'Morris',
        'King', 'Watson', 'Harrison', 'Morgan', 'Baker', 'Young', 'Allen', 'Mitchell', 'Kelly', 'Murphy',
        'Nowak', 'Okoro', 'Campbell', 'Stewart', 'Fraser', 'Ahmed', 'Singh', 'Price', 'Bell']
POSTCODES = ['LA22', 'LA23', 'LA12', 'LA9', 'CA11', 'CA12', 'M20', 'M21', 'LS6', 'LS8', 'BD23', 'PR1',
             'WA14', 'NE1', 'L17', 'SK9', 'BB7', 'HG1', 'YO1', 'B15']

PC_WEIGHTS = [30, 24, 12, 10, 6, 8, 9, 5, 7, 4, 5, 3, 4, 2, 3, 4, 3, 2, 2, 1]

CRAFT_TYPES = {
    'Kayak (single)': dict(rate=15.0, deposit=20.0, seats=1),
    'Kayak (double)': dict(rate=25.0, deposit=40.0, seats=2),
    'SUP': dict(rate=18.0, deposit=20.0, seats=1),
    'Canoe': dict(rate=28.0, deposit=40.0, seats=3),
    'Mega SUP': dict(rate=60.0, deposit=100.0, seats=8),
}

INSTRUCTORS = [
    # id, first, surname, kayak, sup, canoe, level, fa_expiry, day_rate, start, active
    (1, 'Jess', 'Harper', 1, 1, 1, 'Coach L3', '2027-04-30', 165.0, '2019-03-01', 1),
    (2, 'Callum', 'Reid', 1, 0, 1, 'Coach L2', '2026-09-15', 140.0, '2021-04-10', 1),
    (3, 'Megan', 'Lloyd', 0, 1, 0, 'SUP Instructor', '2027-06-01', 120.0, '2022-05-01', 1),
    (4, 'Rhys', 'Pritchard', 1, 1, 0, 'Coach L2', '2026-12-20', 140.0, '2020-04-01', 1),
    (5, 'Tomasz', 'Wojcik', 1, 0, 1, 'Paddlesport Instructor', '2025-08-31', 115.0, '2023-05-15', 0),
    (6, 'Abbie', 'Fairclough', 0, 1, 1, 'Paddlesport Instructor', '2027-03-12', 115.0, '2024-04-01', 1),
    (7, 'Ewan', 'MacLeod', 1, 1, 1, 'Coach L2', '2028-02-28', 145.0, '2025-03-20', 1),
    (8, 'Kirsty', 'Doyle', 0, 1, 0, 'SUP Instructor', None, 110.0, '2026-11-02', 1),
]

LESSON_PLAN = [
    # weekday, time, discipline, level, mins, cap, price, months
    (5, '10:00', 'Kayak', 'Beginner', 120, 8, 45.0, range(4, 11)),
    (5, '14:00', 'SUP', 'Taster', 90, 10, 35.0, range(4, 11)),
    (6, '10:00', 'SUP', 'Beginner', 120, 8, 45.0, range(4, 11)),
    (6, '14:00', 'Canoe', 'Beginner', 120, 8, 45.0, range(5, 10)),
    (2, '18:00', 'Kayak', 'Improver', 120, 6, 50.0, range(5, 9)),
    (3, '18:00', 'SUP', 'Improver', 90, 6, 50.0, range(6, 9)),
]


def build_kayakhire():
    rng = random.Random(35002)
    con = fresh_db(os.path.join(HERE, 'dbs', 'kayakhire', 'kayakhire.sqlite'))
    con.executescript(KH_SCHEMA)
    cur = con.cursor()

    # ---- craft
    craft = []
    spec = [
        ('K', 'Kayak (single)', 14, [('Perception', 'Pescador 10', 3.05), ('Feelfree', 'Juntos', 3.40), ('Dagger', 'Zydeco 11', 3.35)]),
        ('D', 'Kayak (double)', 8, [('Perception', 'Tribe 13.5', 4.11), ('Feelfree', 'Gemini Sport', 3.80)]),
        ('SUP', 'SUP', 12, [('Red Paddle Co', 'Ride 10\'6"', 3.20), ('Jobe', 'Aero Yama 11.6', 3.50), ('Red Paddle Co', 'Sport 11\'3"', 3.43)]),
        ('C', 'Canoe', 6, [('Old Town', 'Discovery 169', 5.15), ('Mad River', 'Adventure 16', 4.88)]),
    ]
    colours = ['Red', 'Yellow', 'Lime', 'Blue', 'Orange', 'Sunset', 'Green']
    cid = 0
    for prefix, ctype, n, models in spec:
        for i in range(1, n + 1):
            cid += 1
            make, model, length = models[(i - 1) % len(models)]
            yr = rng.choice([2019, 2020, 2021, 2022, 2022, 2023, 2024, 2025])
            if i > n - 2:
                yr = rng.choice([2025, 2026])
            pd = date(yr, rng.randint(2, 5), rng.randint(1, 28))
            base = {'Kayak (single)': 520, 'Kayak (double)': 780, 'SUP': 690, 'Canoe': 1150}[ctype]
            price = round(base * rng.uniform(0.9, 1.15), 2)
            if rng.random() < 0.12:
                price = None
            craft.append(dict(id=cid, ref=f"{prefix}{i:02d}", type=ctype, make=make, model=model, length=length,
                              seats=CRAFT_TYPES[ctype]['seats'], colour=rng.choice(colours), pdate=pd,
                              price=price, rate=CRAFT_TYPES[ctype]['rate'], oos=0))
    cid += 1
    craft.append(dict(id=cid, ref='MS01', type='Mega SUP', make='Red Paddle Co', model='Dragon 18\'', length=5.5,
                      seats=8, colour='Red', pdate=date(2026, 10, 14), price=2199.0, rate=60.0, oos=0))
    never_hire = {cid}

    # ---- instructors
    for ins in INSTRUCTORS:
        cur.execute("INSERT INTO instructors VALUES (?,?,?,?,?,?,?,?,?,?,?)", ins)

    # ---- closures
    closures = {}
    reasons = ['High winds', 'High winds', 'High winds', 'Thunderstorm', 'Thunderstorm', 'Flooding', 'Fog', 'Blue-green algae', 'Ice']
    cands = [d for d in daterange(date(2024, 3, 1), TODAY - timedelta(days=1))]
    while len(closures) < 34:
        d = rng.choice(cands)
        if d in closures:
            continue
        r = rng.choice(reasons)
        if r == 'Ice' and d.month not in (12, 1, 2):
            continue
        if r == 'Blue-green algae' and d.month not in (7, 8, 9):
            continue
        if r == 'Thunderstorm' and d.month not in (5, 6, 7, 8, 9):
            continue
        if d.month in (11, 12, 1, 2, 3) and d.weekday() < 5:
            continue
        frm = None if rng.random() < 0.7 else rng.choice(['12:00', '13:00', '14:00', '15:00'])
        if r in ('Fog',):
            frm = None
        closures[d] = (r, frm)
    # add one algae closure spanning three days in Aug 2025
    for k in range(3):
        closures[date(2025, 8, 12) + timedelta(days=k)] = ('Blue-green algae', None)

    # ---- customers / bookings
    customers = []

    def new_customer(when, ts=None):
        fn, ln = rng.choice(FIRST), rng.choice(LAST)
        cid_ = len(customers) + 1
        email = None if rng.random() < 0.06 else f"{fn.lower()}.{ln.lower()}{rng.randint(1, 99)}@{rng.choice(['gmail.com', 'outlook.com', 'yahoo.co.uk', 'hotmail.co.uk', 'icloud.com', 'btinternet.com'])}"
        phone = None if rng.random() < 0.1 else f"07{rng.randint(100, 999)} {rng.randint(100000, 999999)}"
        pc = None if rng.random() < 0.08 else f"{rng.choices(POSTCODES, weights=PC_WEIGHTS)[0]} {rng.randint(1, 9)}{rng.choice('ABDEFGHJLNPQRSTUWXYZ')}{rng.choice('ABDEFGHJLNPQRSTUWXYZ')}"
        dob = None if rng.random() < 0.55 else d2s(date(rng.randint(1955, 2010), rng.randint(1, 12), rng.randint(1, 28)))
        created = ts if ts is not None else datetime.combine(when, datetime.min.time()) + timedelta(hours=rng.randint(7, 22), minutes=rng.randint(0, 59))
        customers.append([cid_, fn, ln, email, phone, pc, dob, created.strftime('%Y-%m-%d %H:%M:%S'), 1 if rng.random() < 0.4 else 0])
        return cid_

    def pick_customer(when, ts=None):
        if customers and rng.random() < 0.5:
            ds = d2s(when)
            if rng.random() < 0.45:
                regs = [c for c in customers if c[0] % 23 == 0 and c[7][:10] <= ds]
                if regs:
                    return rng.choice(regs)[0]
            pool = [c for c in customers if c[7][:10] <= ds]
            if pool:
                return rng.choice(pool)[0]
        return new_customer(when, ts)

    month_f = {1: 0.8, 2: 1.0, 3: 1.6, 4: 3.2, 5: 5.0, 6: 7.0, 7: 9.5, 8: 11.0, 9: 5.0, 10: 3.0, 11: 1.2, 12: 2.4}
    year_f = {2024: 1.0, 2025: 1.12, 2026: 1.22, 2027: 1.25}
    busy = {}
    bookings = []
    type_w = [('Kayak (single)', 34), ('Kayak (double)', 18), ('SUP', 36), ('Canoe', 12)]
    for d in daterange(date(2024, 3, 1), date(2027, 8, 31)):
        if d == TODAY:
            continue
        summer = 4 <= d.month <= 10
        if not summer and d.weekday() < 5:
            continue
        if (d.month, d.day) in ((12, 25), (12, 26), (1, 1)):
            continue
        open_h, close_h = (9, 18) if summer else (10, 16)
        lam = month_f[d.month] * year_f[d.year] * (1.7 if d.weekday() >= 5 else 0.8)
        if d.month == 4 and d.weekday() < 5 and d.day < 20:
            lam *= 1.5
        n = 0
        while rng.random() < lam / (lam + 1):
            n += 1
            if n > 40:
                break
        n = int(n * 1.0)
        for _ in range(n):
            ctype = rng.choices([t for t, _ in type_w], weights=[w for _, w in type_w])[0]
            dur = rng.choices([1, 2, 3, 4, 8], weights=[30, 35, 15, 10, 10 if summer else 0])[0]
            if dur == 8:
                sh = open_h
                dur = close_h - open_h - 1
            else:
                sh = rng.randint(open_h, close_h - dur)
            start = datetime(d.year, d.month, d.day, sh, rng.choice([0, 0, 0, 30]))
            end = start + timedelta(hours=dur)
            if end.hour > close_h or (end.hour == close_h and end.minute > 0):
                start -= timedelta(minutes=30)
                end -= timedelta(minutes=30)
            fleet = [c for c in craft if c['type'] == ctype and c['pdate'] <= d and c['id'] not in never_hire]
            rng.shuffle(fleet)
            chosen = None
            for c in fleet:
                ok = all(not (start < e and s < end) for s, e in busy.get((c['id'], d), []))
                if ok:
                    chosen = c
                    break
            if chosen is None:
                continue
            channel = rng.choices(['Online', 'Phone', 'Walk-in'], weights=[62, 18, 20])[0]
            if channel == 'Walk-in':
                booked = start - timedelta(minutes=rng.randint(5, 50))
            else:
                lead = int(rng.expovariate(1 / 14.0)) + (rng.randint(20, 160) if rng.random() < 0.10 else 0)
                booked = datetime.combine(d - timedelta(days=lead), datetime.min.time()) + timedelta(hours=rng.randint(7, 22), minutes=rng.randint(0, 59))
                if booked > start:
                    booked = start - timedelta(hours=2)
                if d > TODAY and booked.date() >= TODAY and rng.random() < (0.3 if (d - TODAY).days <= 40 else 0.06):
                    lo = max(d - timedelta(days=200), date(2026, 8, 1))
                    span = (TODAY - lo).days
                    if span > 1:
                        booked = datetime.combine(lo + timedelta(days=rng.randint(0, span - 1)), datetime.min.time()) + timedelta(hours=rng.randint(7, 22), minutes=rng.randint(0, 59))
            if booked.date() > TODAY or (booked.date() == TODAY):
                continue
            busy.setdefault((chosen['id'], d), []).append((start, end))
            cust = pick_customer(booked.date(), booked)
            hours = (end - start).total_seconds() / 3600
            price = chosen['rate'] * (5 if hours >= 7 else hours)
            promo = None
            if rng.random() < 0.08:
                promo = rng.choice(['SUMMER10', 'LOCAL10', 'FRIENDS10', 'STAFF'])
                price = round(price * (0.5 if promo == 'STAFF' else 0.9), 2)
            deposit = None if channel == 'Walk-in' else CRAFT_TYPES[chosen['type']]['deposit']
            if d > TODAY:
                status = 'Cancelled' if rng.random() < 0.06 else 'Booked'
                reason = rng.choice(['Customer request', 'Illness', 'Change of plans']) if status == 'Cancelled' else None
            else:
                r = rng.random()
                if r < 0.075:
                    status, reason = 'Cancelled', rng.choice(['Customer request', 'Customer request', 'Illness', 'Change of plans', None])
                elif r < 0.115 and channel != 'Walk-in':
                    status, reason = 'No-show', None
                else:
                    status, reason = 'Completed', None
                cl = closures.get(d)
                if cl and status != 'Cancelled':
                    frm = cl[1]
                    if frm is None or end.strftime('%H:%M') > frm:
                        status, reason = 'Cancelled', 'Weather closure'
            refunded = None
            if deposit is not None and d <= TODAY:
                if status == 'Completed':
                    refunded = 1
                elif status == 'No-show':
                    refunded = 0
                elif status == 'Cancelled':
                    refunded = 1 if (reason == 'Weather closure' or rng.random() < 0.7) else 0
            if status == 'Cancelled' and deposit is not None and d > TODAY:
                refunded = 1
            bookings.append(dict(cust=cust, craft=chosen['id'], start=start, end=end, price=round(price, 2),
                                 deposit=deposit, refunded=refunded, status=status, reason=reason,
                                 channel=channel, promo=promo, booked=booked))
    bookings.sort(key=lambda b: (b['booked'], b['start']))
    for i, b in enumerate(bookings, 1):
        b['id'] = i

    # ---- lessons
    lessons = []
    signups = []
    act_instr = lambda d: [i for i in INSTRUCTORS if date.fromisoformat(i[9]) <= d and (i[10] == 1 or d <= date(2025, 9, 30))]
    for d in daterange(date(2024, 4, 1), date(2027, 4, 30)):
        for wd, tm, disc, lvl, mins, cap, ppp, months in LESSON_PLAN:
            if d.weekday() != wd or d.month not in months:
                continue
            lessons.append([d, tm, disc, lvl, mins, cap, ppp])
        if d.weekday() == 5 and d.day <= 7 and 5 <= d.month <= 9:
            lessons.append([d, '13:00', rng.choice(['Kayak', 'SUP']), 'Intermediate', 180, 6, 65.0])
        if d in (date(2026, 12, 5), date(2026, 12, 12), date(2026, 12, 19), date(2025, 12, 6), date(2025, 12, 13)):
            lessons.append([d, '11:00', 'SUP', 'Improver', 90, 6, 40.0])
        if d == date(2026, 12, 27):
            lessons.append([d, '11:00', 'SUP', 'Taster', 60, 10, 25.0])
    lesson_rows = []
    for li, (d, tm, disc, lvl, mins, cap, ppp) in enumerate(lessons, 1):
        flag = {'Kayak': 3, 'SUP': 4, 'Canoe': 5}[disc]
        elig = [i for i in act_instr(d) if i[flag] == 1 and i[0] != 8]
        ins = rng.choice(elig)[0]
        future = d > TODAY
        if future:
            horizon = (d - TODAY).days
            fill = rng.uniform(0.0, 0.9) * max(0.15, 1 - horizon / 150)
        else:
            fill = rng.uniform(0.25, 1.05) * (1.0 if 6 <= d.month <= 8 else 0.75)
        n = min(cap, int(round(cap * fill)))
        status = 'Scheduled' if future else 'Ran'
        if not future:
            cl = closures.get(d)
            if cl and (cl[1] is None or tm < cl[1]):
                status = 'Cancelled'
            elif n <= 1:
                status = 'Cancelled'
        if future and d <= date(2026, 12, 31) and n == 0:
            n = rng.randint(1, 3)
        lesson_rows.append((li, ins, disc, lvl, d2s(d), tm, mins, cap, ppp, status))
        for _ in range(n):
            when = d - timedelta(days=int(rng.expovariate(1 / 12.0)))
            if when > TODAY - timedelta(days=1):
                when = TODAY - timedelta(days=rng.randint(1, 5))
            cust = pick_customer(when)
            paid = ppp if rng.random() > 0.07 else None
            if status == 'Ran':
                att = 1 if rng.random() < 0.93 else 0
            else:
                att = None
            signups.append((li, cust, d2s(when), paid, att))

    # customers that only ever joined the mailing list
    for k in range(6):
        new_customer(date(2025, 1, 10) + timedelta(days=rng.randint(0, 600)))
    customers.sort(key=lambda c: c[7])
    remap = {c[0]: i for i, c in enumerate(customers, 1)}
    for i, c in enumerate(customers, 1):
        c[0] = i
    cur.executemany("INSERT INTO customers VALUES (?,?,?,?,?,?,?,?,?)", customers)

    # craft condition / out of service from damage
    damage = []
    done = [b for b in bookings if b['status'] == 'Completed']
    dmg_types = [('Scratches / gouges', 'Deep scratches on hull', 0, 60),
                 ('Crack', 'Hairline crack near skeg', 80, 260),
                 ('Lost paddle', 'Paddle not returned / lost overboard', 35, 90),
                 ('Fin broken', 'Centre fin snapped', 20, 45),
                 ('Puncture', 'Slow puncture, board losing pressure', 40, 180),
                 ('Seat damaged', 'Seat strap torn', 15, 40),
                 ('Leash missing', 'Ankle leash not returned', 18, 25)]
    for b in done:
        c = next(x for x in craft if x['id'] == b['craft'])
        if rng.random() < 0.028:
            choices = [t for t in dmg_types
                       if not (c['type'] == 'SUP' and t[0] in ('Crack', 'Seat damaged'))
                       and not (c['type'] != 'SUP' and t[0] in ('Fin broken', 'Puncture', 'Leash missing'))]
            t = rng.choice(choices)
            rep = b['end'].date()
            cost = round(rng.uniform(t[2], t[3]), 2) if t[3] else None
            if rng.random() < 0.1:
                cost = None
            charged = 1 if (t[0] in ('Lost paddle', 'Leash missing') or rng.random() < 0.2) and cost else 0
            fixed = rep + timedelta(days=rng.randint(1, 35))
            if fixed > TODAY or cost is None:
                fixed = None
            damage.append([b['craft'], b['id'], d2s(rep), t[0], t[1], cost, charged, d2s(fixed)])
    for k in range(7):
        c = rng.choice([x for x in craft if x['id'] not in never_hire])
        rep = date(rng.choice([2024, 2025, 2026]), rng.choice([1, 2, 3, 11]), rng.randint(1, 28))
        if rep > TODAY:
            rep = date(2026, 3, 14)
        t = rng.choice(dmg_types[:2])
        cost = round(rng.uniform(t[2] or 20, t[3]), 2)
        damage.append([c['id'], None, d2s(rep), t[0], 'Found during winter fleet check', cost, 0,
                       d2s(rep + timedelta(days=rng.randint(5, 40)))])
    # two craft currently out of service with unrepaired damage
    oos_ids = [craft[5]['id'], craft[26]['id']]
    for j, oid in enumerate(oos_ids):
        rep = date(2026, 10, 11) if j == 0 else date(2026, 8, 23)
        past = [b for b in bookings if b['craft'] == oid and b['status'] == 'Completed' and b['end'].date() <= rep]
        bid = past[-1]['id'] if past else None
        damage.append([oid, bid, d2s(past[-1]['end'].date()) if past else d2s(rep),
                       'Crack' if j == 0 else 'Puncture',
                       'Split along keel - needs plastic welding' if j == 0 else 'Seam failure, will not hold pressure',
                       None, 0, None])
        for c in craft:
            if c['id'] == oid:
                c['oos'] = 1
        # cancel their future bookings (moved to other craft would be nicer, keep simple)
        last = date.fromisoformat(damage[-1][2])
        for b in bookings:
            if b['craft'] == oid and b['start'].date() > last:
                if b['status'] in ('Booked', 'Completed', 'No-show'):
                    b['status'] = 'Cancelled'
                    b['reason'] = 'Craft unavailable'
                    if b['deposit'] is not None:
                        b['refunded'] = 1
    cancelled_ids = {b['id'] for b in bookings if b['reason'] == 'Craft unavailable'}
    damage = [r for r in damage if r[1] not in cancelled_ids]
    damage.sort(key=lambda r: (r[2], r[1] or 0))

    dmg_count = {}
    for r in damage:
        dmg_count[r[0]] = dmg_count.get(r[0], 0) + 1
    for c in craft:
        age = (TODAY - c['pdate']).days / 365
        score = age * 0.6 + dmg_count.get(c['id'], 0) * 0.4
        if c['oos']:
            cond = 'Poor'
        elif age < 1:
            cond = 'New'
        elif score < 3.0:
            cond = 'Good'
        elif score < 5.0:
            cond = 'Fair'
        else:
            cond = 'Poor'
        cur.execute("INSERT INTO craft VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
                    (c['id'], c['ref'], c['type'], c['make'], c['model'], c['length'], c['seats'], c['colour'],
                     d2s(c['pdate']), c['price'], cond, c['oos'], c['rate']))

    fmt = '%Y-%m-%d %H:%M:%S'
    cur.executemany("INSERT INTO bookings VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
                    [(b['id'], remap[b['cust']], b['craft'], b['start'].strftime(fmt), b['end'].strftime(fmt),
                      b['price'], b['deposit'], b['refunded'], b['status'], b['reason'], b['channel'],
                      b['promo'], b['booked'].strftime(fmt)) for b in bookings])
    cur.executemany("INSERT INTO lessons VALUES (?,?,?,?,?,?,?,?,?,?)", lesson_rows)
    signups.sort(key=lambda s: (s[2], s[0]))
    cur.executemany("INSERT INTO lesson_signups (lesson_id, cust_id, signed_up, amount_paid, attended) VALUES (?,?,?,?,?)",
                    [(s[0], remap[s[1]], s[2], s[3], s[4]) for s in signups])
    notes_for = {'High winds': 'Gusts over 30mph', 'Thunderstorm': 'Lightning in area', 'Flooding': 'Jetty under water',
                 'Fog': None, 'Blue-green algae': 'EA advisory - no water contact', 'Ice': 'Margins frozen'}
    cur.executemany("INSERT INTO weather_closures (closure_date, reason, closed_from, notes) VALUES (?,?,?,?)",
                    [(d2s(d), r, f, notes_for[r]) for d, (r, f) in sorted(closures.items())])
    cur.executemany("INSERT INTO damage_reports (craft_id, booking_id, reported_on, damage_type, description, repair_cost, charged_to_customer, repaired_on) VALUES (?,?,?,?,?,?,?,?)", damage)
    con.commit()
    con.close()


if __name__ == '__main__':
    build_architects()
    build_kayakhire()
    for db in ('architects', 'kayakhire'):
        con = sqlite3.connect(os.path.join(HERE, 'dbs', db, db + '.sqlite'))
        print(db)
        for (t,) in con.execute("SELECT name FROM sqlite_master WHERE type='table' ORDER BY name"):
            print(f"  {t:18s} {con.execute(f'SELECT COUNT(*) FROM {t}').fetchone()[0]}")
        con.close()
