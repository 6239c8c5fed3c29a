#!/usr/bin/env python3
"""Build two development SQLite databases, first written as a held-out probe: a bicycle repair &
rental workshop (bikeshop) and a small charity with donors and campaigns (charity).
Standard library only, deterministic (fixed seeds)."""
import os
import random
import sqlite3
from datetime import date, datetime, timedelta

ROOT = os.path.dirname(os.path.abspath(__file__))
START = date(2024, 1, 1)
END = date(2026, 11, 26)
SPAN = (END - START).days

FIRST = ["Aoife", "Ben", "Cara", "Dev", "Elena", "Finn", "Gemma", "Harry", "Imran", "Jodie",
         "Kieran", "Laura", "Marcus", "Niamh", "Owen", "Poppy", "Rahul", "Sian", "Tariq", "Una",
         "Victor", "Wendy", "Yusuf", "Zoe", "Adam", "Bethan", "Connor", "Daisy", "Ewan", "Fiona",
         "Gareth", "Holly", "Ian", "Jess", "Kai", "Lucy", "Matteo", "Nina", "Oskar", "Rosa"]
LAST = ["Murphy", "Evans", "Roberts", "Khan", "Price", "Morgan", "Griffiths", "Ali", "Reid",
        "Fraser", "Campbell", "Stewart", "Kaur", "Singh", "Lloyd", "Barnes", "Fox", "Hunt", "Dixon",
        "Mason", "Gibson", "Palmer", "Ellis", "Webb", "Rose", "Lamb", "Nash", "Powell", "Quinn",
        "Owen", "Day", "Hart", "Frost", "Booth", "Ross", "Marsh", "Doyle", "Pearce"]


def rdate(rng, lo=START, hi=END):
    return lo + timedelta(days=rng.randint(0, (hi - lo).days))


def fresh(path):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    if os.path.exists(path):
        os.remove(path)
    return sqlite3.connect(path)


def person(rng, used):
    while True:
        f, l = rng.choice(FIRST), rng.choice(LAST)
        if (f, l) not in used:
            used.add((f, l))
            return f, l


# ---------------------------------------------------------------- bikeshop
def build_bikeshop():
    rng = random.Random(2207)
    con = fresh(os.path.join(ROOT, "dbs", "bikeshop", "bikeshop.sqlite"))
    c = con.cursor()
    c.executescript("""
    PRAGMA foreign_keys = ON;
    CREATE TABLE mechanics (
        mech_id INTEGER PRIMARY KEY,
        full_name TEXT NOT NULL,
        grade TEXT NOT NULL,
        mentor_id INTEGER REFERENCES mechanics(mech_id),
        hourly_rate REAL NOT NULL,
        started_on TEXT NOT NULL,
        email TEXT
    );
    CREATE TABLE Customers (
        CustID INTEGER PRIMARY KEY,
        first_name TEXT NOT NULL,
        last_name TEXT NOT NULL,
        email TEXT,
        phone TEXT,
        postcode TEXT,
        is_member INTEGER NOT NULL DEFAULT 0,
        created_dt TEXT NOT NULL
    );
    CREATE TABLE bikes (
        bike_id INTEGER PRIMARY KEY,
        serial_no TEXT UNIQUE,
        make TEXT NOT NULL,
        model TEXT,
        bike_type TEXT NOT NULL,
        frame_size_cm INTEGER,
        owner_id INTEGER REFERENCES Customers(CustID),
        is_fleet INTEGER NOT NULL DEFAULT 0,
        day_rate_cents INTEGER,
        acquired_dt TEXT
    );
    CREATE TABLE RepairJobs (
        JobID INTEGER PRIMARY KEY,
        bike_id INTEGER NOT NULL REFERENCES bikes(bike_id),
        CustID INTEGER REFERENCES Customers(CustID),
        mech_id INTEGER REFERENCES mechanics(mech_id),
        job_type TEXT NOT NULL,
        booked_dt TEXT NOT NULL,
        due_dt TEXT NOT NULL,
        completed_dt TEXT,
        labour_mins INTEGER NOT NULL DEFAULT 0,
        labour_amt_cents INTEGER NOT NULL DEFAULT 0,
        is_warranty INTEGER NOT NULL DEFAULT 0,
        notes TEXT
    );
    CREATE TABLE parts (
        part_no TEXT PRIMARY KEY,
        descr TEXT NOT NULL,
        category TEXT NOT NULL,
        cost_cents INTEGER NOT NULL,
        price_cents INTEGER NOT NULL,
        weight_g INTEGER,
        stock_qty INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE job_parts (
        JobID INTEGER NOT NULL REFERENCES RepairJobs(JobID),
        part_no TEXT NOT NULL REFERENCES parts(part_no),
        qty INTEGER NOT NULL DEFAULT 1,
        unit_price_cents INTEGER NOT NULL,
        PRIMARY KEY (JobID, part_no)
    );
    CREATE TABLE rentals (
        rental_id INTEGER PRIMARY KEY,
        bike_id INTEGER NOT NULL REFERENCES bikes(bike_id),
        CustID INTEGER NOT NULL REFERENCES Customers(CustID),
        start_dt TEXT NOT NULL,
        due_back_dt TEXT NOT NULL,
        returned_dt TEXT,
        cancelled_at TEXT,
        day_rate_cents INTEGER NOT NULL,
        deposit_amt REAL NOT NULL DEFAULT 0,
        damage_flag INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE payments (
        pay_id INTEGER PRIMARY KEY,
        JobID INTEGER REFERENCES RepairJobs(JobID),
        rental_id INTEGER REFERENCES rentals(rental_id),
        paid_at TEXT NOT NULL,
        amount REAL NOT NULL,
        method TEXT NOT NULL
    );
    """)

    mechs = [
        (1, "Rhys Calloway", "Head Mechanic", None, 24.50, "2016-04-01"),
        (2, "Megan Achebe", "Senior", 1, 19.75, "2018-09-10"),
        (3, "Tomasz Nowak", "Senior", 1, 19.75, "2019-03-04"),
        (4, "Lily Fairbairn", "Mechanic", 2, 15.20, "2021-07-19"),
        (5, "Sam Okonedo", "Mechanic", 2, 15.20, "2022-02-14"),
        (6, "Jamie Brennan", "Mechanic", 3, 14.80, "2023-05-22"),
        (7, "Ollie Pratt", "Apprentice", 4, 11.44, "2024-09-02"),
        (8, "Keira Walsh", "Apprentice", 3, 11.44, "2025-06-16"),
        (9, "Dan Whitlock", "Mechanic", 1, 15.90, "2020-01-06"),
    ]
    for m in mechs:
        email = m[1].split()[0].lower() + "@spokeandchain.co.uk"
        c.execute("INSERT INTO mechanics VALUES (?,?,?,?,?,?,?)", m + (email,))

    # customers
    used = set()
    custs = []
    postcodes = ["BS1", "BS2", "BS3", "BS5", "BS6", "BS7", "BS8", "BS16", "BA1", None]
    for cid in range(1, 421):
        f, l = person(rng, used) if cid > 1 else ("Harriet", "Vane")
        created = rdate(rng, START - timedelta(days=400), END)
        email = None if rng.random() < 0.08 else f"{f.lower()}.{l.lower()}{rng.randint(1, 99)}@" + rng.choice(
            ["gmail.com", "outlook.com", "yahoo.co.uk", "btinternet.com", "icloud.com"])
        phone = None if rng.random() < 0.15 else "07" + "".join(str(rng.randint(0, 9)) for _ in range(9))
        pc = rng.choice(postcodes)
        member = 1 if rng.random() < 0.22 else 0
        custs.append((cid, f, l, email, phone, pc, member, created.isoformat()))
    c.executemany("INSERT INTO Customers VALUES (?,?,?,?,?,?,?,?)", custs)
    cust_created = {cu[0]: date.fromisoformat(cu[7]) for cu in custs}

    makes = {
        "road": [("Specialized", "Allez"), ("Trek", "Domane AL 2"), ("Giant", "Contend"), ("Cannondale", "CAAD13"), ("Ribble", "Endurance AL")],
        "mtb": [("Trek", "Marlin 7"), ("Specialized", "Rockhopper"), ("Whyte", "529"), ("Voodoo", "Bizango"), ("Giant", "Talon")],
        "hybrid": [("Raleigh", "Pioneer"), ("Carrera", "Subway"), ("Trek", "FX 2"), ("Giant", "Escape"), ("Boardman", "HYB 8.6")],
        "ebike": [("Raleigh", "Motus"), ("Specialized", "Turbo Vado"), ("Cube", "Kathmandu Hybrid"), ("Gazelle", "Ultimate C380")],
        "cargo": [("Tern", "GSD"), ("Urban Arrow", "Family"), ("Riese & Muller", "Load 60")],
        "folding": [("Brompton", "C Line"), ("Dahon", "Mariner")],
    }
    type_w = [("road", 25), ("mtb", 18), ("hybrid", 30), ("ebike", 14), ("cargo", 4), ("folding", 9)]
    types, weights = zip(*type_w)
    bikes = []
    bid = 0
    cust_bikes = {}
    # customer-owned bikes
    for cid in range(1, 421):
        n = rng.choices([0, 1, 2, 3], [8, 62, 24, 6])[0]
        if cid == 1:
            n = 2
        for _ in range(n):
            bid += 1
            t = rng.choices(types, weights)[0]
            mk, md = rng.choice(makes[t])
            size = None if rng.random() < 0.12 else (rng.choice([48, 50, 52, 54, 56, 58, 60]) if t == "road"
                                                       else rng.choice([38, 43, 46, 48, 51, 53, 56]))
            serial = None if rng.random() < 0.1 else f"{mk[:3].upper()}{rng.randint(100000, 999999)}"
            bikes.append((bid, serial, mk, None if rng.random() < 0.07 else md, t, size, cid, 0, None, None))
            cust_bikes.setdefault(cid, []).append(bid)
    # rental fleet
    fleet = []
    fleet_rates = {"hybrid": 1800, "road": 2800, "mtb": 3200, "ebike": 4500, "cargo": 5500, "folding": 2200}
    fleet_types = ["hybrid"] * 10 + ["road"] * 5 + ["mtb"] * 5 + ["ebike"] * 6 + ["cargo"] * 2 + ["folding"] * 2
    for i, t in enumerate(fleet_types):
        bid += 1
        mk, md = rng.choice(makes[t])
        acq = date(2023, 3, 1) + timedelta(days=rng.randint(0, 500)) if i < 22 else rdate(rng, date(2025, 2, 1), date(2026, 4, 1))
        rate = fleet_rates[t] + rng.choice([0, 0, 0, 200, -200])
        bikes.append((bid, f"SCF-{bid:04d}", mk, md, t, rng.choice([46, 51, 54, 56]), None, 1, rate, acq.isoformat()))
        fleet.append((bid, t, rate, acq))
    c.executemany("INSERT INTO bikes VALUES (?,?,?,?,?,?,?,?,?,?)", bikes)

    parts = [
        ("BR-PAD-R", "Resin disc brake pads", "brakes", 450, 1299, 40),
        ("BR-PAD-S", "Sintered disc brake pads", "brakes", 600, 1599, 45),
        ("BR-BLK-V", "V-brake blocks (pair)", "brakes", 180, 699, 60),
        ("BR-ROT-160", "Disc rotor 160mm", "brakes", 1100, 2999, 120),
        ("BR-BLEED", "Hydraulic bleed kit fluid", "brakes", 300, 999, 100),
        ("DT-CH-9", "Chain 9-speed", "drivetrain", 900, 1999, 280),
        ("DT-CH-11", "Chain 11-speed", "drivetrain", 1500, 3499, 250),
        ("DT-CS-10", "Cassette 11-32 10-speed", "drivetrain", 2200, 4999, 330),
        ("DT-CS-11", "Cassette 11-34 11-speed", "drivetrain", 3100, 6999, 310),
        ("DT-BB-BSA", "Bottom bracket BSA", "drivetrain", 1400, 3299, 90),
        ("DT-RD-DEO", "Rear derailleur Deore", "drivetrain", 3500, 6999, 290),
        ("DT-CR-STD", "Chainring 38T", "drivetrain", 1600, 3499, 95),
        ("CB-GEAR-IN", "Gear inner cable", "cables", 90, 499, 20),
        ("CB-BRAKE-IN", "Brake inner cable", "cables", 90, 499, 25),
        ("CB-OUT-2M", "Outer housing 2m", "cables", 250, 999, 110),
        ("TY-700-28", "Tyre 700x28c", "tyres", 1300, 2999, 300),
        ("TY-700-35", "Tyre 700x35c puncture-resistant", "tyres", 1600, 3499, 560),
        ("TY-29-22", "Tyre 29x2.2 MTB", "tyres", 2100, 4499, 820),
        ("TY-16-BROM", "Tyre 16in Brompton", "tyres", 1800, 3799, 290),
        ("TB-700", "Inner tube 700c presta", "tyres", 280, 799, 100),
        ("TB-29", "Inner tube 29in", "tyres", 320, 899, 180),
        ("TB-16", "Inner tube 16in", "tyres", 300, 899, 90),
        ("TL-SEAL", "Tubeless sealant 120ml", "tyres", 350, 999, 130),
        ("WH-SPOKE", "Spoke (each)", "wheels", 40, 150, 7),
        ("WH-RIM-700", "Rim 700c 32h", "wheels", 3200, 6999, 480),
        ("WH-HUB-SVC", "Hub bearing kit", "wheels", 600, 1799, 30),
        ("WH-FRONT-700", "Front wheel 700c complete", "wheels", 4200, 8999, 900),
        ("CP-GRIP", "Lock-on grips", "cockpit", 700, 1999, 120),
        ("CP-TAPE", "Bar tape", "cockpit", 650, 1799, 70),
        ("CP-HSET", "Headset bearings", "cockpit", 900, 2499, 60),
        ("AC-LIGHT-F", "Front light USB", "accessories", 1100, 2999, 90),
        ("AC-LIGHT-R", "Rear light USB", "accessories", 700, 1899, 40),
        ("AC-MUDG", "Mudguard set", "accessories", 1400, 3499, 450),
        ("AC-BELL", "Bell", "accessories", 150, 599, 30),
        ("AC-KICK", "Kickstand", "accessories", 800, 1999, 350),
        ("EB-BATT-SVC", "E-bike battery health check kit", "ebike", 500, 2499, 50),
        ("EB-MOTOR-SEAL", "Motor seal kit", "ebike", 1800, 4999, 80),
        ("EB-SENSOR", "Speed sensor magnet", "ebike", 300, 1299, 15),
        ("SP-TUBUL-GLUE", "Tubular glue", "tyres", 600, 1499, 40),
        ("SP-DI2-BATT", "Di2 internal battery", "drivetrain", 5200, 9999, 30),
    ]
    prows = []
    for p in parts:
        stock = rng.randint(0, 40) if p[2] != "wheels" else rng.randint(0, 8)
        prows.append(p[:6] + (stock,))
    c.executemany("INSERT INTO parts VALUES (?,?,?,?,?,?,?)", prows)
    by_cat = {}
    for p in parts:
        by_cat.setdefault(p[2], []).append(p)
    never_used = {"SP-TUBUL-GLUE", "SP-DI2-BATT"}

    job_types = [("service", 34), ("puncture", 22), ("brakes", 14), ("gears", 12), ("overhaul", 6),
                 ("wheel_build", 3), ("ebike_diag", 12), ("fitting", 4)]
    jt, jw = zip(*job_types)
    job_parts_for = {
        "service": ["cables", "brakes", "drivetrain"], "puncture": ["tyres"], "brakes": ["brakes", "cables"],
        "gears": ["drivetrain", "cables"], "overhaul": ["drivetrain", "brakes", "cables", "cockpit", "wheels"],
        "wheel_build": ["wheels", "tyres"], "ebike_diag": ["ebike"], "fitting": ["cockpit", "accessories"],
    }
    labour = {"service": (45, 120), "puncture": (10, 30), "brakes": (20, 75), "gears": (20, 60),
              "overhaul": (180, 360), "wheel_build": (90, 180), "ebike_diag": (30, 120), "fitting": (15, 60)}
    turnaround = {"service": 3, "puncture": 1, "brakes": 2, "gears": 2, "overhaul": 7, "wheel_build": 5,
                  "ebike_diag": 4, "fitting": 1}
    mech_pool = [(1, 6), (2, 14), (3, 14), (4, 12), (5, 12), (6, 10), (7, 6), (8, 5), (9, 10)]
    mech_start = {m[0]: date.fromisoformat(m[5]) for m in mechs}
    jobs, jparts, pays = [], [], []
    jid = 0
    pay_id = 0
    owners = [b for b in bikes if not b[7]]
    methods = ["card", "card", "card", "card", "cash", "bank_transfer", "voucher"]

    def add_pay(job=None, rent=None, d=None, amt=0.0):
        nonlocal pay_id
        pay_id += 1
        ts = datetime(d.year, d.month, d.day, rng.randint(8, 18), rng.randint(0, 59), rng.randint(0, 59))
        pays.append((pay_id, job, rent, ts.strftime("%Y-%m-%d %H:%M:%S"), round(amt, 2), rng.choice(methods)))

    for _ in range(1650):
        jid += 1
        booked = rdate(rng)
        b = rng.choice(owners)
        while cust_created[b[6]] > booked:
            b = rng.choice(owners)
        # who brought it in: usually owner, sometimes a housemate/partner
        cust = b[6] if rng.random() < 0.88 else rng.randint(1, 420)
        t = rng.choices(jt, jw)[0]
        if t == "ebike_diag" and b[4] != "ebike":
            t = "service"
        mids = [m for m, w in mech_pool if mech_start[m] <= booked]
        mw = [w for m, w in mech_pool if mech_start[m] <= booked]
        mech = rng.choices(mids, mw)[0] if rng.random() > 0.03 else None
        due = booked + timedelta(days=turnaround[t])
        r = rng.random()
        if r < 0.62:
            done = due - timedelta(days=rng.randint(0, min(2, turnaround[t])))
        elif r < 0.9:
            done = due + timedelta(days=rng.randint(1, 6))
        else:
            done = due + timedelta(days=rng.randint(7, 20))
        if done < booked:
            done = booked
        if done > END or (booked > END - timedelta(days=10) and rng.random() < 0.6):
            done = None
        if rng.random() < 0.01:
            done = None  # abandoned, never finished
        mins = rng.randint(*labour[t]) // 5 * 5
        warranty = 1 if rng.random() < 0.06 else 0
        rate = 0.9 if booked.year == 2024 else (1.0 if booked.year == 2025 else 1.08)
        lab = 0 if warranty else int(round(mins * 75 * rate / 5.0)) * 5
        note = rng.choice([None, None, None, None, "customer waiting", "call before extra work",
                           "Brompton", "collect after 5pm", "quote sent"])
        jobs.append((jid, b[0], cust, mech, t, booked.isoformat(), due.isoformat(),
                     done.isoformat() if done else None, mins, lab, warranty, note))
        total = lab
        if rng.random() < 0.85:
            cats = job_parts_for[t]
            n = rng.choices([1, 2, 3, 4], [45, 30, 17, 8])[0]
            chosen = set()
            for _k in range(n):
                cat = rng.choice(cats)
                p = rng.choice([x for x in by_cat[cat] if x[0] not in never_used])
                if p[0] in chosen:
                    continue
                chosen.add(p[0])
                qty = rng.randint(4, 16) if p[0] == "WH-SPOKE" else (2 if rng.random() < 0.2 else 1)
                price = int(p[4] * (0.92 if booked.year == 2024 else 1.0))
                jparts.append((jid, p[0], qty, price))
                if not warranty:
                    total += qty * price
        if done and total > 0 and rng.random() < 0.97:
            add_pay(job=jid, d=min(END, done + timedelta(days=rng.choice([0, 0, 0, 1, 2, 5]))), amt=total / 100.0)

    # internal maintenance jobs on fleet bikes (no customer)
    for fb in fleet:
        for _ in range(rng.randint(1, 6)):
            jid += 1
            booked = rdate(rng, max(START, fb[3]))
            due = booked + timedelta(days=2)
            done = booked + timedelta(days=rng.randint(0, 4))
            done = None if done > END else done
            mins = rng.randint(30, 120) // 5 * 5
            jobs.append((jid, fb[0], None, rng.choice([4, 5, 6, 7, 8, 9]), rng.choice(["service", "puncture", "brakes"]),
                         booked.isoformat(), due.isoformat(), done.isoformat() if done else None,
                         mins, 0, 0, "fleet maintenance"))
    jobs.sort(key=lambda j: j[5])
    remap = {j[0]: i + 1 for i, j in enumerate(jobs)}
    jobs = [(remap[j[0]],) + j[1:] for j in jobs]
    jparts = [(remap[p[0]],) + p[1:] for p in jparts]
    pays = [p[:1] + (remap[p[1]],) + p[2:] for p in pays]
    c.executemany("INSERT INTO RepairJobs VALUES (?,?,?,?,?,?,?,?,?,?,?,?)", jobs)
    c.executemany("INSERT INTO job_parts VALUES (?,?,?,?)", jparts)

    # rentals
    rents = []
    rid = 0
    busy = {fb[0]: [] for fb in fleet}
    for _ in range(1500):
        fb = rng.choice(fleet)
        d = rdate(rng, max(START, fb[3]))
        # more rentals in summer
        if d.month in (11, 12, 1, 2) and rng.random() < 0.55:
            continue
        days = rng.choices([1, 2, 3, 4, 7, 14], [40, 22, 14, 8, 12, 4])[0]
        due = d + timedelta(days=days)
        if any(not (due < s or d > e) for s, e in busy[fb[0]]):
            continue
        cust = rng.randint(1, 420)
        cancelled = None
        returned = None
        r = rng.random()
        if r < 0.07:
            cancelled = (d - timedelta(days=rng.randint(0, 10))).isoformat()
        else:
            rr = rng.random()
            if rr < 0.8:
                ret = due - timedelta(days=rng.choice([0, 0, 0, 0, 1])) if days > 1 else due
            elif rr < 0.97:
                ret = due + timedelta(days=rng.randint(1, 4))
            else:
                ret = due + timedelta(days=rng.randint(5, 15))
            returned = ret.isoformat() if ret <= END else None
            if returned and due >= END - timedelta(days=25) and rng.random() < 0.3:
                returned = None  # still out, chased by phone
        busy[fb[0]].append((d, due + timedelta(days=3)))
        rid += 1
        deposit = {"ebike": 250.0, "cargo": 300.0, "road": 150.0, "mtb": 150.0}.get(fb[1], 100.0)
        damage = 1 if returned and rng.random() < 0.05 else 0
        rate = int(fb[2] * (0.95 if d.year == 2024 else 1.0))
        rents.append((rid, fb[0], cust, d.isoformat(), due.isoformat(), returned, cancelled, rate, deposit, damage))
    rents.sort(key=lambda x: x[3])
    rents = [(i + 1,) + r[1:] for i, r in enumerate(rents)]
    # make sure a couple are still out and overdue as of today
    c.executemany("INSERT INTO rentals VALUES (?,?,?,?,?,?,?,?,?,?)", rents)
    for r in rents:
        if r[6] is None and r[5] is not None:
            days = (date.fromisoformat(r[5]) - date.fromisoformat(r[3])).days or 1
            add_pay(rent=r[0], d=date.fromisoformat(r[3]), amt=days * r[7] / 100.0)
    pays = [p for p in pays]
    pays.sort(key=lambda p: p[3])
    pays = [(i + 1,) + p[1:] for i, p in enumerate(pays)]
    c.executemany("INSERT INTO payments VALUES (?,?,?,?,?,?)", pays)
    con.commit()
    con.close()


# ---------------------------------------------------------------- charity
def build_charity():
    rng = random.Random(2208)
    con = fresh(os.path.join(ROOT, "dbs", "charity", "charity.sqlite"))
    c = con.cursor()
    c.executescript("""
    PRAGMA foreign_keys = ON;
    CREATE TABLE donors (
        donor_id INTEGER PRIMARY KEY,
        FirstName TEXT NOT NULL,
        LastName TEXT NOT NULL,
        Email TEXT,
        Town TEXT,
        gift_aid INTEGER NOT NULL DEFAULT 0,
        referred_by INTEGER REFERENCES donors(donor_id),
        contact_pref TEXT,
        signup_dt TEXT NOT NULL,
        opted_out_on TEXT
    );
    CREATE TABLE Campaigns (
        CampaignID INTEGER PRIMARY KEY,
        CampaignName TEXT NOT NULL,
        Channel TEXT NOT NULL,
        StartDt TEXT NOT NULL,
        EndDt TEXT,
        TargetAmt REAL
    );
    CREATE TABLE funds (
        fund_cd TEXT PRIMARY KEY,
        fund_name TEXT NOT NULL,
        is_restricted INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE donations (
        donation_id INTEGER PRIMARY KEY,
        donor_id INTEGER NOT NULL REFERENCES donors(donor_id),
        CampaignID INTEGER REFERENCES Campaigns(CampaignID),
        fund_cd TEXT NOT NULL REFERENCES funds(fund_cd),
        amt_pence INTEGER NOT NULL,
        donation_dt TEXT NOT NULL,
        pay_method TEXT NOT NULL,
        refunded_on TEXT
    );
    CREATE TABLE pledge (
        PledgeID INTEGER PRIMARY KEY,
        donor_id INTEGER NOT NULL REFERENCES donors(donor_id),
        fund_cd TEXT NOT NULL REFERENCES funds(fund_cd),
        monthly_amt REAL NOT NULL,
        start_dt TEXT NOT NULL,
        ended_dt TEXT
    );
    CREATE TABLE events (
        event_id INTEGER PRIMARY KEY,
        CampaignID INTEGER REFERENCES Campaigns(CampaignID),
        title TEXT NOT NULL,
        event_dt TEXT NOT NULL,
        venue TEXT,
        duration_hrs REAL,
        ticket_price_pence INTEGER NOT NULL DEFAULT 0,
        capacity INTEGER
    );
    CREATE TABLE event_tickets (
        event_id INTEGER NOT NULL REFERENCES events(event_id),
        donor_id INTEGER NOT NULL REFERENCES donors(donor_id),
        qty INTEGER NOT NULL DEFAULT 1,
        checked_in INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (event_id, donor_id)
    );
    CREATE TABLE Volunteers (
        VolunteerId INTEGER PRIMARY KEY,
        full_name TEXT NOT NULL,
        email TEXT,
        joined_dt TEXT NOT NULL,
        donor_id INTEGER REFERENCES donors(donor_id),
        dbs_checked INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE vol_shifts (
        shift_id INTEGER PRIMARY KEY,
        VolunteerId INTEGER NOT NULL REFERENCES Volunteers(VolunteerId),
        event_id INTEGER NOT NULL REFERENCES events(event_id),
        planned_hrs REAL NOT NULL,
        actual_hrs REAL
    );
    """)

    towns = ["Leeds", "York", "Harrogate", "Wakefield", "Bradford", "Huddersfield", "Otley", "Ilkley", None]
    used = set()
    donors = []
    fixed = {1: ("Margaret", "Ashworth"), 2: ("Colin", "Pemberton")}
    for did in range(1, 901):
        f, l = fixed.get(did) or person(rng, used)
        used.add((f, l))
        signup = rdate(rng, date(2022, 6, 1), END) if did > 2 else date(2022, 9, 14)
        email = None if rng.random() < 0.12 else f"{f[0].lower()}{l.lower()}{rng.randint(1, 999)}@" + rng.choice(
            ["gmail.com", "hotmail.co.uk", "outlook.com", "btinternet.com", "sky.com"])
        ga = 1 if rng.random() < 0.58 else 0
        ref = None
        if did > 10 and rng.random() < 0.18:
            ref = rng.choice([1, 2, 2]) if rng.random() < 0.12 else rng.randint(3, did - 1)
        pref = rng.choices(["email", "post", "phone", "none"], [55, 25, 8, 12])[0]
        opted = None
        if rng.random() < 0.09:
            od = signup + timedelta(days=rng.randint(10, 900))
            opted = od.isoformat() if od <= END else None
        donors.append((did, f, l, email, rng.choice(towns), ga, ref, pref, signup.isoformat(), opted))
    # fix referrals pointing to later signups: allow it (real data), but make sure 1/2 refer many
    c.executemany("INSERT INTO donors VALUES (?,?,?,?,?,?,?,?,?,?)", donors)
    signup_of = {d[0]: date.fromisoformat(d[8]) for d in donors}

    camps = [
        (1, "General Appeal", "online", "2022-01-01", None, None),
        (2, "Winter Warmth 2024", "mail", "2024-01-05", "2024-03-31", 15000.0),
        (3, "Spring Fun Run 2024", "event", "2024-03-01", "2024-05-31", 12000.0),
        (4, "Summer Street Collection", "street", "2024-06-01", "2024-08-31", 4000.0),
        (5, "Christmas Appeal 2024", "mail", "2024-11-01", "2025-01-15", 25000.0),
        (6, "Gala Dinner 2025", "event", "2025-02-01", "2025-04-30", 20000.0),
        (7, "Roof Repair Fund", "online", "2025-03-15", "2025-09-30", 30000.0),
        (8, "Summer Street Collection 2025", "street", "2025-06-01", "2025-08-31", 4000.0),
        (9, "Email Match Week", "email", "2025-10-06", "2025-10-12", 8000.0),
        (10, "Christmas Appeal 2025", "mail", "2025-11-01", "2026-01-15", 25000.0),
        (11, "Spring Fun Run 2026", "event", "2026-03-01", "2026-05-31", 14000.0),
        (12, "Food Bank Emergency", "online", "2026-06-15", "2026-09-30", 10000.0),
        (13, "Email Match Week 2026", "email", "2026-10-05", "2026-10-11", 9000.0),
        (14, "Christmas Appeal 2026", "mail", "2026-11-01", "2027-01-15", 28000.0),
        (15, "Legacy Giving Pilot", "mail", "2026-09-01", None, 50000.0),
    ]
    c.executemany("INSERT INTO Campaigns VALUES (?,?,?,?,?,?)", camps)

    funds = [("GEN", "General / unrestricted", 0), ("FOOD", "Food bank", 1), ("YOUTH", "Youth club", 1),
             ("ROOF", "Building & roof", 1), ("HARD", "Hardship grants", 1), ("ENDOW", "Endowment", 1)]
    c.executemany("INSERT INTO funds VALUES (?,?,?)", funds)
    camp_fund = {1: "GEN", 2: "HARD", 3: "YOUTH", 4: "GEN", 5: "GEN", 6: "GEN", 7: "ROOF", 8: "GEN",
                 9: "FOOD", 10: "GEN", 11: "YOUTH", 12: "FOOD", 13: "FOOD", 14: "GEN", 15: "GEN"}

    def camp_window(cm):
        s = date.fromisoformat(cm[3])
        e = date.fromisoformat(cm[4]) if cm[4] else END
        return max(s, START), min(e, END)

    dons = []
    did_ = 0
    methods = ["card", "card", "direct_debit", "cash", "cheque", "paypal", "bank_transfer"]
    big = {1: 6, 2: 4}
    for _ in range(3200):
        cm = rng.choices(camps, [18, 8, 6, 4, 12, 7, 10, 4, 5, 12, 6, 8, 5, 4, 1])[0]
        lo, hi = camp_window(cm)
        if lo > hi:
            continue
        d = rdate(rng, lo, hi)
        # pick a donor who had signed up by then
        for _t in range(20):
            donor = rng.randint(1, 900) if rng.random() > 0.02 else rng.choice([1, 2])
            if signup_of[donor] <= d:
                break
        else:
            continue
        amt = rng.choices([500, 1000, 1500, 2000, 2500, 5000, 10000, 25000, 50000, 100000],
                          [14, 22, 8, 14, 10, 14, 9, 5, 2, 0.6])[0]
        if cm[2] == "street":
            amt = rng.randint(50, 2000)
        if donor in big and rng.random() < 0.5:
            amt *= big[donor]
        camp_id = cm[0] if not (cm[0] == 1 and rng.random() < 0.5) else None
        fund = camp_fund[cm[0]] if rng.random() < 0.9 else rng.choice([f[0] for f in funds[:5]])
        method = "cash" if cm[2] == "street" else rng.choice(methods)
        ref = None
        if rng.random() < 0.025:
            rd = d + timedelta(days=rng.randint(1, 30))
            ref = rd.isoformat() if rd <= END else None
        did_ += 1
        dons.append((did_, donor, camp_id, fund, amt, d.isoformat(), method, ref))
    dons.sort(key=lambda x: x[5])
    dons = [(i + 1,) + x[1:] for i, x in enumerate(dons)]
    c.executemany("INSERT INTO donations VALUES (?,?,?,?,?,?,?,?)", dons)

    pledges = []
    pid = 0
    for donor in rng.sample(range(1, 901), 170):
        pid += 1
        s = max(signup_of[donor], START - timedelta(days=200)) + timedelta(days=rng.randint(0, 500))
        if s > END:
            s = END - timedelta(days=rng.randint(0, 60))
        ended = None
        if rng.random() < 0.35:
            e = s + timedelta(days=rng.randint(60, 800))
            ended = e.isoformat() if e <= END else None
        amt = rng.choice([3.0, 5.0, 5.0, 10.0, 10.0, 15.0, 20.0, 25.0, 50.0])
        fund = rng.choices(["GEN", "FOOD", "YOUTH", "HARD"], [50, 25, 15, 10])[0]
        pledges.append((pid, donor, fund, amt, s.isoformat(), ended))
    pledges.sort(key=lambda x: x[4])
    pledges = [(i + 1,) + x[1:] for i, x in enumerate(pledges)]
    c.executemany("INSERT INTO pledge VALUES (?,?,?,?,?,?)", pledges)

    venues = ["St Mary's Hall", "Roundhay Park", "The Corn Exchange", "Civic Centre", "Online", "Riverside Pavilion"]
    ev_defs = [
        (3, "Fun Run 5k", "2024-04-21", "Roundhay Park", 3.0, 1500, 300),
        (3, "Fun Run 10k", "2024-04-21", "Roundhay Park", 3.5, 2000, 200),
        (None, "Quiz Night", "2024-02-16", "St Mary's Hall", 2.5, 800, 80),
        (None, "Volunteer Thank-You Tea", "2024-07-06", "St Mary's Hall", 2.0, 0, 60),
        (5, "Carol Concert", "2024-12-14", "The Corn Exchange", 2.0, 1200, 250),
        (6, "Gala Dinner", "2025-03-22", "The Corn Exchange", 5.0, 6500, 180),
        (6, "Gala Auction Preview", "2025-03-15", "Online", 1.0, 0, None),
        (None, "Quiz Night", "2025-02-21", "St Mary's Hall", 2.5, 800, 80),
        (7, "Roof Open Day", "2025-05-10", "St Mary's Hall", 4.0, 0, 150),
        (None, "Summer Fete", "2025-07-19", "Riverside Pavilion", 6.0, 300, 500),
        (10, "Carol Concert", "2025-12-13", "The Corn Exchange", 2.0, 1300, 250),
        (11, "Fun Run 5k", "2026-04-19", "Roundhay Park", 3.0, 1600, 300),
        (11, "Fun Run 10k", "2026-04-19", "Roundhay Park", 3.5, 2100, 200),
        (None, "Quiz Night", "2026-02-20", "St Mary's Hall", 2.5, 900, 80),
        (12, "Food Bank Sort-a-thon", "2026-07-11", "Civic Centre", 5.0, 0, 100),
        (None, "Summer Fete", "2026-07-18", "Riverside Pavilion", 6.0, 300, 500),
        (None, "Trustees Supper", "2026-09-25", "St Mary's Hall", 3.0, 2500, 40),
        (14, "Carol Concert", "2026-12-12", "The Corn Exchange", 2.0, 1400, 250),
        (14, "Christmas Market Stall", "2026-12-05", "Civic Centre", 7.0, 0, None),
        (None, "Quiz Night", "2027-02-19", "St Mary's Hall", 2.5, 900, 80),
    ]
    evs = [(i + 1,) + e for i, e in enumerate(ev_defs)]
    c.executemany("INSERT INTO events VALUES (?,?,?,?,?,?,?,?)", evs)
    tickets = []
    for e in evs:
        eid, ed = e[0], date.fromisoformat(e[3])
        if e[2] == "Trustees Supper":
            continue  # invitations handled offline, no tickets recorded
        cap = e[7] or 120
        target = int(cap * rng.uniform(0.35, 0.95))
        if ed > END:
            target = int(target * 0.4)
        pool = [d for d in range(1, 901) if signup_of[d] <= min(ed, END)]
        sold = 0
        for donor in rng.sample(pool, min(len(pool), target)):
            q = rng.choices([1, 2, 3, 4, 6], [45, 35, 8, 10, 2])[0]
            if sold + q > cap:
                break
            sold += q
            chk = 0 if ed > END else (1 if rng.random() < 0.86 else 0)
            tickets.append((eid, donor, q, chk))
    c.executemany("INSERT INTO event_tickets VALUES (?,?,?,?)", tickets)

    vols = []
    vused = set()
    for vid in range(1, 61):
        if rng.random() < 0.3:
            dn = rng.choice(donors)
            f, l, don = dn[1], dn[2], dn[0]
        else:
            f, l = person(rng, vused | used)
            don = None
        vused.add((f, l))
        jd = rdate(rng, date(2021, 1, 1), END - timedelta(days=20))
        email = None if rng.random() < 0.1 else f"{f.lower()}.{l.lower()}@volunteer-mail.org"
        vols.append((vid, f"{f} {l}", email, jd.isoformat(), don, 1 if rng.random() < 0.55 else 0))
    c.executemany("INSERT INTO Volunteers VALUES (?,?,?,?,?,?)", vols)
    shifts = []
    sid = 0
    for e in evs:
        ed = date.fromisoformat(e[3])
        n = rng.randint(4, 14)
        for v in rng.sample([x for x in vols if date.fromisoformat(x[3]) <= ed], n):
            sid += 1
            planned = rng.choice([2.0, 2.5, 3.0, 4.0, 5.0, 6.0])
            if ed > END:
                actual = None
            else:
                r = rng.random()
                actual = None if r < 0.07 else (planned if r < 0.6 else round(planned + rng.choice([-1.0, -0.5, 0.5, 1.0, 1.5]), 1))
            shifts.append((sid, v[0], e[0], planned, actual))
    c.executemany("INSERT INTO vol_shifts VALUES (?,?,?,?,?)", shifts)
    con.commit()
    con.close()


if __name__ == "__main__":
    build_bikeshop()
    build_charity()
    for name in ("bikeshop", "charity"):
        con = sqlite3.connect(os.path.join(ROOT, "dbs", name, name + ".sqlite"))
        tabs = con.execute("SELECT name, type FROM sqlite_master WHERE type IN ('table','view') ORDER BY name").fetchall()
        print(name)
        for t, ty in tabs:
            print(f"  {t:22s} {ty:5s} {con.execute(f'SELECT COUNT(*) FROM {t}').fetchone()[0]}")
        bad = con.execute("PRAGMA foreign_key_check").fetchall()
        print("  fk problems:", len(bad))
        con.close()
