#!/usr/bin/env python3
"""Build two development SQLite databases, first written as a held-out probe: a brewery taproom
(taproom) and a driving school (driving). Standard library only, deterministic (fixed seeds)."""
import os
import random
import sqlite3
from datetime import date, datetime, timedelta

ROOT = os.path.dirname(os.path.abspath(__file__))
START = date(2024, 1, 1)
END = date(2026, 11, 26)          # last day with recorded activity
TODAY = date(2026, 11, 27)

FIRST = ["Aiden", "Bella", "Carlos", "Dana", "Eli", "Fiona", "Gabe", "Hannah", "Ian", "Jade",
         "Kyle", "Lena", "Miles", "Nadia", "Owen", "Paige", "Quinn", "Reece", "Sienna", "Tyler",
         "Uma", "Victor", "Wendy", "Xavier", "Yasmin", "Zach", "Abby", "Brandon", "Cora", "Derek",
         "Elena", "Finn", "Gemma", "Hector", "Imogen", "Joel", "Kira", "Logan", "Maeve", "Nico",
         "Orla", "Piotr", "Rhea", "Sean", "Tara", "Vikram", "Willa", "Yusuf", "Zoe", "Aaron"]
LAST = ["Anderson", "Barnes", "Castillo", "Dunn", "Ellis", "Fischer", "Garcia", "Hayes", "Ibrahim",
        "Jensen", "Kowalski", "Larsen", "Murphy", "Nguyen", "O'Brien", "Park", "Quinn", "Reyes",
        "Sullivan", "Torres", "Underwood", "Vance", "Walsh", "Yamamoto", "Zimmerman", "Bishop",
        "Coleman", "Doyle", "Fleming", "Grant", "Holloway", "Kaur", "Lawson", "Mendes", "Novak",
        "Osei", "Price", "Russo", "Sharma", "Tran", "Webb", "Fox", "Marsh", "Pike"]


def rdate(rng, lo=START, hi=END):
    return lo + timedelta(days=rng.randint(0, (hi - lo).days))


def fresh(path):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    if os.path.exists(path):
        os.remove(path)
    con = sqlite3.connect(path)
    con.execute("PRAGMA foreign_keys = ON")
    return con


def phone(rng, us=True):
    if us:
        return f"({rng.randint(200, 989)}) 555-{rng.randint(1000, 9999)}"
    return f"07{rng.randint(100, 999)} {rng.randint(100000, 999999)}"


def email(first, last, rng, domains):
    f = first.lower().replace("'", "")
    l = last.lower().replace("'", "")
    return rng.choice([f"{f}.{l}", f"{f[0]}{l}", f"{f}{rng.randint(1, 99)}"]) + "@" + rng.choice(domains)


# ---------------------------------------------------------------- taproom
def build_taproom():
    rng = random.Random(2323)
    con = fresh(os.path.join(ROOT, "dbs", "taproom", "taproom.sqlite"))
    c = con.cursor()
    c.executescript("""
    CREATE TABLE staff (
        staff_id INTEGER PRIMARY KEY,
        first_name TEXT NOT NULL,
        last_name TEXT NOT NULL,
        role TEXT NOT NULL,
        manager_id INTEGER REFERENCES staff(staff_id),
        hired_dt TEXT NOT NULL,
        left_dt TEXT,
        phone TEXT,
        hourly_rate REAL
    );
    CREATE TABLE Hops (
        HopID INTEGER PRIMARY KEY,
        HopName TEXT NOT NULL,
        OriginCountry TEXT,
        AlphaAcidPct REAL
    );
    CREATE TABLE Beers (
        BeerID INTEGER PRIMARY KEY,
        BeerName TEXT NOT NULL UNIQUE,
        Style TEXT NOT NULL,
        ABV REAL,
        IBU INTEGER,
        PintPriceCents INTEGER NOT NULL,
        IsSeasonal INTEGER NOT NULL DEFAULT 0,
        HeadBrewerID INTEGER REFERENCES staff(staff_id),
        FirstBrewed TEXT,
        Retired_On TEXT
    );
    CREATE TABLE beer_hop (
        beer_id INTEGER NOT NULL REFERENCES Beers(BeerID),
        hop_id INTEGER NOT NULL REFERENCES Hops(HopID),
        grams_per_hl REAL,
        PRIMARY KEY (beer_id, hop_id)
    );
    CREATE TABLE batches (
        batch_no INTEGER PRIMARY KEY,
        beer_id INTEGER NOT NULL REFERENCES Beers(BeerID),
        brewed_by INTEGER REFERENCES staff(staff_id),
        brew_dt TEXT NOT NULL,
        fermenter TEXT,
        planned_vol_l REAL NOT NULL,
        actual_vol_l REAL,
        dumped_on TEXT
    );
    CREATE TABLE mug_club (
        member_no INTEGER PRIMARY KEY,
        FirstName TEXT NOT NULL,
        LastName TEXT NOT NULL,
        Email TEXT,
        Phone TEXT,
        tier TEXT NOT NULL,
        joined_on TEXT NOT NULL,
        cancelled_on TEXT
    );
    CREATE TABLE tabs (
        tab_id INTEGER PRIMARY KEY,
        opened_at TEXT NOT NULL,
        closed_at TEXT,
        member_no INTEGER REFERENCES mug_club(member_no),
        server_id INTEGER NOT NULL REFERENCES staff(staff_id),
        table_no INTEGER,
        pay_method TEXT,
        tip_cents INTEGER NOT NULL DEFAULT 0,
        voided_at TEXT
    );
    CREATE TABLE tab_lines (
        line_id INTEGER PRIMARY KEY,
        tab_id INTEGER NOT NULL REFERENCES tabs(tab_id),
        beer_id INTEGER NOT NULL REFERENCES Beers(BeerID),
        pour_size_ml INTEGER NOT NULL,
        qty INTEGER NOT NULL,
        unit_price_cents INTEGER NOT NULL
    );
    """)

    # staff: (id, first, last, role, mgr, hired, left, rate)
    staff = [
        (1, "Marcus", "Delgado", "General Manager", None, "2019-05-01", None, 38.0),
        (2, "Priya", "Raman", "Head Brewer", 1, "2019-08-12", None, 33.5),
        (3, "Tom", "Becker", "Shift Lead", 1, "2021-02-01", None, 22.0),
        (4, "Alana", "Brooks", "Shift Lead", 1, "2022-06-15", None, 22.5),
        (5, "Kenji", "Watanabe", "Brewer", 2, "2020-09-01", None, 26.0),
        (6, "Rosa", "Alvarez", "Brewer", 2, "2021-11-08", None, 25.0),
        (7, "Dylan", "Frost", "Brewer", 2, "2022-03-14", "2025-06-30", 24.0),
        (8, "Sam", "Okoye", "Brewer", 2, "2025-03-10", None, 24.5),
    ]
    sid = 8
    used = {(s[1], s[2]) for s in staff}
    hires = [("Bartender", "2022-04-01", None), ("Bartender", "2023-01-09", "2024-08-31"),
             ("Bartender", "2023-05-20", None), ("Bartender", "2024-02-12", None),
             ("Bartender", "2024-06-03", "2025-11-15"), ("Bartender", "2025-01-20", None),
             ("Bartender", "2025-09-01", None), ("Bartender", "2026-04-14", None),
             ("Server", "2022-10-10", "2024-05-31"), ("Server", "2023-08-01", None),
             ("Server", "2024-03-18", None), ("Server", "2024-09-09", "2026-02-28"),
             ("Server", "2025-05-05", None), ("Server", "2026-06-22", None)]
    for role, hired, left in hires:
        sid += 1
        while True:
            fn, ln = rng.choice(FIRST), rng.choice(LAST)
            if (fn, ln) not in used:
                used.add((fn, ln))
                break
        rate = round(rng.uniform(16, 18.5), 2) if role == "Bartender" else round(rng.uniform(15, 17), 2)
        staff.append((sid, fn, ln, role, rng.choice([3, 4]), hired, left, rate))
    c.executemany("INSERT INTO staff VALUES (?,?,?,?,?,?,?,?,?)",
                  [(s[0], s[1], s[2], s[3], s[4], s[5], s[6], phone(rng), s[7]) for s in staff])

    def active(s, d):
        return s[5] <= d.isoformat() and (s[6] is None or s[6] >= d.isoformat())

    hops = [(1, "Citra", "USA", 12.0), (2, "Mosaic", "USA", 12.5), (3, "Simcoe", "USA", 13.0),
            (4, "Cascade", "USA", 6.5), (5, "Centennial", "USA", 10.0), (6, "Amarillo", "USA", 9.0),
            (7, "Galaxy", "Australia", 14.5), (8, "Nelson Sauvin", "New Zealand", 12.0),
            (9, "Saaz", "Czech Republic", 3.5), (10, "Hallertau Blanc", "Germany", 10.0),
            (11, "East Kent Goldings", "UK", 5.5), (12, "Fuggle", "UK", 4.5),
            (13, "Motueka", "New Zealand", 7.0), (14, "Sabro", "USA", 14.0), (15, "Strata", "USA", 12.5),
            (16, "Tettnang", "Germany", 4.5)]
    c.executemany("INSERT INTO Hops VALUES (?,?,?,?)", hops)

    # beers: name, style, abv, ibu, price, seasonal, head brewer, first brewed, retired, months (seasonal), hops
    beers = [
        ("Hazy Days", "IPA", 6.5, 45, 800, 0, 2, "2020-03-01", None, None, [1, 2, 7]),
        ("Ridge Runner", "Pale Ale", 5.2, 38, 700, 0, 5, "2020-05-15", None, None, [4, 5]),
        ("Coal Seam", "Stout", 7.8, 55, 850, 0, 2, "2020-10-01", None, None, [11, 12]),
        ("Night Shift", "Porter", 6.0, 35, 750, 0, 6, "2021-01-20", None, None, [12]),
        ("Porch Light", "Lager", 4.6, 20, 650, 0, 5, "2020-04-01", None, None, [9, 16]),
        ("Pucker Up", "Sour", 5.0, 8, 800, 0, 6, "2022-02-01", None, None, [10]),
        ("Summer Haze", "Wheat", 4.8, 15, 700, 1, 5, "2021-05-01", None, [5, 6, 7, 8], [6, 10]),
        ("Pumpkin Patch", "Amber", 6.2, 25, 800, 1, 2, "2021-09-01", None, [9, 10, 11], [12]),
        ("Double Vision", "IPA", 8.4, 70, 900, 0, 2, "2022-07-01", None, None, [3, 1, 14]),
        ("West Coast Wire", "IPA", 7.0, 65, 825, 0, 7, "2022-09-10", None, None, [3, 5, 4]),
        ("Copper Kettle", "Amber", 5.5, 30, 700, 0, 7, "2021-03-01", "2023-12-15", None, [4, 11]),
        ("Old Faithful", "Pale Ale", 4.9, 32, 650, 0, 2, "2020-03-01", "2023-10-01", None, [4]),
        ("Kettle Corn", "Sour", 4.2, 6, 750, 0, 6, "2023-06-01", "2025-04-30", None, [13]),
        ("Frost Line", "Lager", 5.0, 24, 675, 1, 5, "2022-12-01", None, [12, 1, 2], [9]),
        ("Morning Ritual", "Stout", 6.8, 40, 850, 0, 6, "2023-02-14", None, None, [12, 11]),
        ("Tiny Tropics", "IPA", 4.0, 35, 700, 0, 8, "2025-06-01", None, None, [7, 8, 13]),
        ("Farmhouse Rules", "Saison", 6.0, 28, 775, 0, 6, "2023-04-01", None, None, [9, 11]),
        ("Black Diamond", "Porter", 7.2, 40, 825, 1, 2, "2021-11-01", None, [11, 12, 1, 2], [11]),
        ("Nelson's Column", "Pale Ale", 5.6, 40, 750, 0, 5, "2024-03-01", None, None, [8]),
        ("Berry Go Round", "Sour", 5.8, 10, 850, 1, 6, "2024-06-01", None, [6, 7, 8, 9], [13]),
        ("Strata-Sphere", "IPA", 6.9, 55, 850, 0, 8, "2025-10-01", None, None, [15, 2]),
        ("Helles Yeah", "Lager", 4.9, 18, 675, 0, 5, "2024-01-15", None, None, [16, 10]),
        ("Wit's End", "Wheat", 5.1, 14, 725, 0, 7, "2023-08-01", "2025-02-28", None, [9]),
        ("Oktoberfest Märzen", "Lager", 5.8, 24, 750, 1, 5, "2022-09-01", None, [9, 10], [16, 9]),
        ("Sabro Tooth", "IPA", 6.6, 50, 825, 0, 2, "2024-09-01", "2026-03-31", None, [14, 4]),
        ("Cold Snap", "Stout", 9.5, 60, 950, 1, 2, "2023-12-01", None, [12, 1], [11, 12]),
        ("Golden Hour", "Pale Ale", 4.5, 30, 700, 0, 8, "2026-04-01", None, None, [6, 13]),
        ("Rye Not", "Amber", 6.4, 42, 800, 0, 6, "2026-11-20", None, None, [5]),
    ]
    b_rows, bh_rows = [], []
    for i, b in enumerate(beers, 1):
        b_rows.append((i, b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8]))
        for h in b[10]:
            bh_rows.append((i, h, round(rng.uniform(80, 600) / 10) * 10))
    c.executemany("INSERT INTO Beers VALUES (?,?,?,?,?,?,?,?,?,?)", b_rows)
    c.executemany("INSERT INTO beer_hop VALUES (?,?,?)", bh_rows)

    def available(i, d):
        b = beers[i - 1]
        if b[7] > d.isoformat():
            return False
        if b[8] and b[8] < d.isoformat():
            return False
        if b[9] and d.month not in b[9]:
            return False
        return True

    brewers = [s for s in staff if s[3] in ("Head Brewer", "Brewer")]
    bat = []
    bno = 1000
    for i, b in enumerate(beers, 1):
        d = START + timedelta(days=rng.randint(0, 40))
        gap = (35, 60) if i in (1, 2, 5) else (55, 110)
        while d <= END:
            # brew a couple of weeks before it's needed
            if available(i, d + timedelta(days=21)) or available(i, d):
                if b[7] <= d.isoformat() or (date.fromisoformat(b[7]) - d).days <= 20:
                    hb = staff[b[6] - 1]
                    if active(hb, d) and rng.random() < 0.7:
                        who = hb[0]
                    else:
                        who = rng.choice([s for s in brewers if active(s, d)])[0]
                    planned = rng.choice([1000.0, 1000.0, 2000.0]) if i != 9 else 1000.0
                    actual = round(planned * rng.uniform(0.86, 1.03), 1)
                    dumped = None
                    if rng.random() < 0.045:
                        dumped = (d + timedelta(days=rng.randint(3, 18))).isoformat()
                        actual = None
                        if dumped > END.isoformat():
                            dumped, actual = None, None
                    if (END - d).days < 14:
                        actual = None
                    bno += 1
                    bat.append([bno, i, who, d.isoformat(), f"FV{rng.randint(1, 6)}", planned, actual, dumped])
            d += timedelta(days=rng.randint(*gap))
    bat.sort(key=lambda r: (r[3], r[1]))
    for k, r in enumerate(bat):
        r[0] = 1001 + k
    c.executemany("INSERT INTO batches VALUES (?,?,?,?,?,?,?,?)", bat)

    members = []
    tiers = ["Standard"] * 6 + ["Gold"] * 3 + ["Founders"]
    used = set()
    for m in range(1, 231):
        while True:
            fn, ln = rng.choice(FIRST), rng.choice(LAST)
            if (fn, ln) not in used:
                used.add((fn, ln))
                break
        j = rdate(rng)
        canc = None
        if rng.random() < 0.22:
            cd = j + timedelta(days=rng.randint(30, 500))
            if cd <= END:
                canc = cd.isoformat()
        members.append((m, fn, ln, email(fn, ln, rng, ["gmail.com", "yahoo.com", "outlook.com", "icloud.com"])
                        if rng.random() < 0.92 else None,
                        phone(rng) if rng.random() < 0.85 else None, rng.choice(tiers), j.isoformat(), canc))
    members.sort(key=lambda r: r[6])
    members = [(k + 1,) + m[1:] for k, m in enumerate(members)]
    c.executemany("INSERT INTO mug_club VALUES (?,?,?,?,?,?,?,?)", members)

    floor = [s for s in staff if s[3] in ("Bartender", "Server", "Shift Lead")]
    tabs, lines = [], []
    tid, lid = 0, 0
    d = START
    while d <= END:
        if d.weekday() != 0:  # closed Mondays
            n = rng.randint(1, 3) + (1 if d.weekday() in (4, 5) else 0)
            on = [s for s in floor if active(s, d)]
            mem = [m for m in members if m[6] <= d.isoformat() and (m[7] is None or m[7] > d.isoformat())]
            beers_today = [i for i in range(1, len(beers) + 1) if available(i, d)]
            for _ in range(n):
                tid += 1
                op = datetime(d.year, d.month, d.day, rng.randint(12, 22), rng.randint(0, 59), rng.randint(0, 59))
                cl = op + timedelta(minutes=rng.randint(15, 190))
                member = rng.choice(mem)[0] if mem and rng.random() < 0.33 else None
                server = rng.choice(on)[0]
                table = None if rng.random() < 0.4 else rng.randint(1, 14)
                pm = rng.choices(["card", "app", "cash"], [65, 20, 15])[0]
                total = 0
                for _ in range(rng.choices([1, 2, 3, 4], [35, 35, 20, 10])[0]):
                    lid += 1
                    bi = rng.choice(beers_today)
                    pour = rng.choices([150, 296, 473], [15, 25, 60])[0]
                    qty = rng.choices([1, 2, 3, 4], [60, 25, 10, 5])[0]
                    price = beers[bi - 1][4]
                    if pour == 150:
                        price = int(round(price * 0.35 / 25.0)) * 25
                    elif pour == 296:
                        price = int(round(price * 0.65 / 25.0)) * 25
                    total += qty * price
                    lines.append((lid, tid, bi, pour, qty, price))
                tip = 0
                if pm in ("card", "app"):
                    tip = int(round(total * rng.choice([0, 0.15, 0.18, 0.2, 0.2, 0.22])))
                elif rng.random() < 0.5:
                    tip = rng.choice([100, 200, 300, 500])
                voided = None
                if rng.random() < 0.03:
                    voided = (op + timedelta(minutes=rng.randint(2, 40))).strftime("%Y-%m-%d %H:%M:%S")
                    tip = 0
                    pm = None
                    cl = None
                tabs.append((tid, op.strftime("%Y-%m-%d %H:%M:%S"),
                             cl.strftime("%Y-%m-%d %H:%M:%S") if cl else None,
                             member, server, table, pm, tip, voided))
        d += timedelta(days=1)
    c.executemany("INSERT INTO tabs VALUES (?,?,?,?,?,?,?,?,?)", tabs)
    c.executemany("INSERT INTO tab_lines VALUES (?,?,?,?,?,?)", lines)
    con.commit()
    con.close()


# ---------------------------------------------------------------- driving school
def build_driving():
    rng = random.Random(2324)
    con = fresh(os.path.join(ROOT, "dbs", "driving", "driving.sqlite"))
    c = con.cursor()
    c.executescript("""
    CREATE TABLE Instructors (
        InstructorID INTEGER PRIMARY KEY,
        FirstName TEXT NOT NULL,
        LastName TEXT NOT NULL,
        Phone TEXT,
        Email TEXT,
        HiredOn TEXT NOT NULL,
        MentorID INTEGER REFERENCES Instructors(InstructorID),
        HourlyRate REAL NOT NULL,
        IsActive INTEGER NOT NULL DEFAULT 1
    );
    CREATE TABLE vehicles (
        vehicle_id INTEGER PRIMARY KEY,
        reg_no TEXT NOT NULL UNIQUE,
        make TEXT NOT NULL,
        model TEXT NOT NULL,
        gearbox TEXT NOT NULL,
        engine_cc INTEGER,
        bought_on TEXT,
        sold_on TEXT,
        instructor_id INTEGER REFERENCES Instructors(InstructorID)
    );
    CREATE TABLE students (
        student_id INTEGER PRIMARY KEY,
        first_name TEXT NOT NULL,
        last_name TEXT NOT NULL,
        dob TEXT,
        phone TEXT,
        email TEXT,
        town TEXT,
        signup_dt TEXT NOT NULL,
        instructor_id INTEGER REFERENCES Instructors(InstructorID),
        auto_only INTEGER NOT NULL DEFAULT 0,
        theory_passed INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE lessons (
        lesson_id INTEGER PRIMARY KEY,
        student_id INTEGER NOT NULL REFERENCES students(student_id),
        instructor_id INTEGER NOT NULL REFERENCES Instructors(InstructorID),
        vehicle_id INTEGER REFERENCES vehicles(vehicle_id),
        lesson_dt TEXT NOT NULL,
        start_time TEXT,
        lesson_type TEXT NOT NULL,
        planned_mins INTEGER NOT NULL,
        actual_mins INTEGER,
        fee REAL NOT NULL,
        is_paid INTEGER NOT NULL DEFAULT 0,
        cancelled_at TEXT
    );
    CREATE TABLE package (
        pkg_code TEXT PRIMARY KEY,
        description TEXT NOT NULL,
        lesson_qty INTEGER NOT NULL,
        price_pence INTEGER NOT NULL
    );
    CREATE TABLE student_packages (
        student_id INTEGER NOT NULL REFERENCES students(student_id),
        pkg_code TEXT NOT NULL REFERENCES package(pkg_code),
        bought_dt TEXT NOT NULL,
        amt_paid_pence INTEGER NOT NULL,
        PRIMARY KEY (student_id, pkg_code, bought_dt)
    );
    CREATE TABLE DrivingTests (
        TestID INTEGER PRIMARY KEY,
        StudentID INTEGER NOT NULL REFERENCES students(student_id),
        TestDate TEXT NOT NULL,
        Centre TEXT NOT NULL,
        Result TEXT,
        MinorFaults INTEGER,
        SeriousFaults INTEGER
    );
    """)

    instr = [
        (1, "Gareth", "Pryce", "2012-04-01", None, 36.0, 1),
        (2, "Helen", "Mbeki", "2015-09-14", 1, 35.0, 1),
        (3, "Stuart", "Kemp", "2017-01-09", 1, 34.0, 1),
        (4, "Anita", "Desai", "2019-06-03", 2, 33.0, 1),
        (5, "Craig", "Holt", "2020-02-17", 2, 32.5, 0),
        (6, "Lucy", "Fairbairn", "2021-10-04", 3, 32.0, 1),
        (7, "Jamal", "Richards", "2022-05-23", 2, 32.0, 1),
        (8, "Bethan", "Lloyd", "2023-08-07", 4, 31.0, 1),
        (9, "Ryan", "McAllister", "2024-04-15", 3, 30.0, 1),
        (10, "Sofia", "Petrova", "2025-02-03", 4, 30.5, 1),
        (11, "Dominic", "Achterberg", "2025-09-29", 6, 29.5, 1),
        (12, "Megan", "Oduya", "2026-03-02", 7, 29.0, 1),
    ]
    left = {5: "2025-07-31"}
    c.executemany("INSERT INTO Instructors VALUES (?,?,?,?,?,?,?,?,?)",
                  [(i[0], i[1], i[2], phone(rng, False),
                    f"{i[1].lower()}.{i[2].lower()}@kerbsidedriving.co.uk", i[3], i[4], i[5], i[6]) for i in instr])

    def iactive(iid, d):
        i = instr[iid - 1]
        return i[3] <= d.isoformat() and (iid not in left or left[iid] >= d.isoformat())

    # vehicles: id, reg, make, model, gearbox, cc, bought, sold, instructor
    veh = [
        (1, "KX19 HTR", "Ford", "Fiesta", "manual", 998, "2019-07-01", "2024-09-30", 1),
        (2, "KX24 MDU", "Ford", "Focus", "manual", 999, "2024-09-20", None, 1),
        (3, "LR20 BZN", "Vauxhall", "Corsa", "manual", 1199, "2020-03-10", None, 2),
        (4, "LR21 PWA", "Toyota", "Yaris Hybrid", "automatic", 1490, "2021-05-01", None, 3),
        (5, "MJ19 CFO", "Volkswagen", "Polo", "manual", 999, "2019-06-01", None, 4),
        (6, "MJ20 TKE", "Peugeot", "208", "manual", 1199, "2020-02-01", "2025-08-15", 5),
        (7, "YB21 ROL", "Toyota", "Yaris Hybrid", "automatic", 1490, "2021-10-01", None, 6),
        (8, "YB22 VNS", "Vauxhall", "Corsa", "manual", 1199, "2022-05-20", None, 7),
        (9, "WP23 LEK", "Skoda", "Fabia", "manual", 999, "2023-08-01", None, 8),
        (10, "WP24 GAX", "MG", "MG4 EV", "automatic", None, "2024-04-10", None, 9),
        (11, "SN25 DRU", "Hyundai", "i20", "manual", 998, "2025-01-25", None, 10),
        (12, "SN25 OPK", "Renault", "Clio", "manual", 999, "2025-09-20", None, 11),
        (13, "HF26 WEZ", "Toyota", "Yaris Cross", "automatic", 1490, "2026-02-25", None, 12),
    ]
    c.executemany("INSERT INTO vehicles VALUES (?,?,?,?,?,?,?,?,?)", veh)

    def car_of(iid, d):
        for v in veh:
            if v[8] == iid and v[6] <= d.isoformat() and (v[7] is None or v[7] >= d.isoformat()):
                return v
        return None

    auto_instr = {3, 6, 9, 12}
    pk = [("SGL", "Single lesson (1 hr)", 1, 4000), ("BLK5", "Block of 5 hours", 5, 19000),
          ("BLK10", "Block of 10 hours", 10, 36000), ("INT20", "Intensive course, 20 hours", 20, 70000),
          ("MWAY", "Motorway confidence pack", 3, 12900), ("PPLUS", "Pass Plus", 6, 22500),
          ("TDAY", "Test day car hire + warm-up", 2, 9500), ("GIFT3", "Gift voucher, 3 hours", 3, 11500)]
    c.executemany("INSERT INTO package VALUES (?,?,?,?)", pk)
    pkd = {p[0]: p for p in pk}

    towns = ["Ashford", "Kingsbridge", "Millbrook", "Stonehaven", "Thornbury", "Westfield"]
    centres = ["Ashford", "Kingsbridge", "Thornbury"]
    studs, lessons, sp, tests = [], [], [], []
    used = set()
    lid = 0
    for s in range(1, 421):
        while True:
            fn, ln = rng.choice(FIRST), rng.choice(LAST)
            if (fn, ln) not in used:
                used.add((fn, ln))
                break
        signup = rdate(rng)
        age = rng.choices([17, 18, 19, 20, 22, 25, 30, 38, 47], [30, 18, 10, 8, 8, 8, 8, 6, 4])[0]
        dob = signup - timedelta(days=age * 365 + rng.randint(0, 360))
        auto = 1 if rng.random() < 0.2 else 0
        pool = [i[0] for i in instr if iactive(i[0], signup + timedelta(days=7))
                and ((i[0] in auto_instr) == bool(auto))]
        reg = rng.choice(pool)
        theory = 1 if rng.random() < 0.7 else 0
        studs.append([s, fn, ln, dob.isoformat(), phone(rng, False) if rng.random() < 0.95 else None,
                      email(fn, ln, rng, ["gmail.com", "hotmail.co.uk", "outlook.com", "icloud.com", "yahoo.co.uk"])
                      if rng.random() < 0.9 else None,
                      rng.choice(towns), signup.isoformat(), reg, auto, theory])

        # packages bought
        bought = []
        if rng.random() < 0.75:
            code = rng.choices(["SGL", "BLK5", "BLK10", "INT20"], [15, 40, 35, 10])[0]
            bd = signup + timedelta(days=rng.randint(0, 10))
            if bd <= END:
                bought.append((code, bd))
        # lessons
        target = rng.randint(6, 34)
        if code_is_int := any(b[0] == "INT20" for b in bought):
            target = rng.randint(12, 20)
        d = signup + timedelta(days=rng.randint(2, 14))
        done, passed, attempts = 0, False, 0
        regular = reg
        while d <= date(2026, 12, 18) and not passed:
            step = rng.randint(1, 3) if code_is_int else rng.randint(4, 12)
            if done >= target and theory and not passed:
                # book a practical test
                attempts += 1
                td = d + timedelta(days=rng.randint(3, 30))
                if td > date(2026, 12, 18):
                    break
                if td <= END:
                    minors = rng.randint(2, 19)
                    serious = rng.choices([0, 1, 2], [70, 22, 8])[0]
                    res = "Pass" if serious == 0 and minors <= 15 else "Fail"
                else:
                    minors = serious = res = None
                tests.append([None, s, td.isoformat(), rng.choice(centres), res, minors, serious, d.isoformat()])
                if rng.random() < 0.6 and td - timedelta(days=1) > d:
                    # warm-up lesson on test day
                    lessons.append([s, regular, td, "test day", 60])
                    if rng.random() < 0.2 and td - timedelta(days=1) <= END:
                        bought.append(("TDAY", td - timedelta(days=rng.randint(1, 10))))
                if res is None:
                    break  # test still to come
                if res == "Pass":
                    passed = True
                    if rng.random() < 0.12 and td + timedelta(days=20) <= END:
                        bought.append(("PPLUS", td + timedelta(days=rng.randint(5, 20))))
                    break
                d = td + timedelta(days=rng.randint(5, 15))
                target = done + rng.randint(2, 6)
                if attempts >= 4:
                    break
                continue
            if done >= target + 12:
                break  # gave up / went elsewhere
            if not theory and done > target and rng.random() < 0.3:
                theory = 1
                studs[-1][10] = 1
            if rng.random() < 0.04:
                break  # dropped out
            kind = rng.choices(["standard", "motorway", "night", "mock test"], [78, 8, 6, 8])[0]
            if done < 4 and kind != "standard":
                kind = "standard"
            mins = 120 if code_is_int and rng.random() < 0.6 else rng.choices([60, 90, 120], [55, 30, 15])[0]
            lessons.append([s, regular, d, kind, mins])
            if kind == "motorway" and rng.random() < 0.25:
                bought.append(("MWAY", d - timedelta(days=rng.randint(1, 6))))
            done += mins / 60.0
            d += timedelta(days=step)
            if rng.random() < 0.03:
                d += timedelta(days=rng.randint(30, 90))  # break from lessons
        if rng.random() < 0.2 and len(bought) and bought[-1][1] + timedelta(days=30) <= END:
            bought.append((rng.choice(["BLK5", "BLK10", "SGL"]), bought[-1][1] + timedelta(days=rng.randint(20, 80))))
        seen = set()
        for code, bd in bought:
            if bd > END or (code, bd) in seen:
                continue
            if bd < signup:
                bd = signup
            if (code, bd) in seen:
                continue
            seen.add((code, bd))
            price = pkd[code][3]
            if bd.year == 2026:
                price = int(round(price * 1.05))
            paid = price if rng.random() < 0.85 else int(round(price * rng.choice([0.9, 0.8])))
            sp.append((s, code, bd.isoformat(), paid))

    c.executemany("INSERT INTO students VALUES (?,?,?,?,?,?,?,?,?,?,?)", studs)
    c.executemany("INSERT INTO student_packages VALUES (?,?,?,?)", sp)

    # materialise lessons in date order
    auto_of = {st[0]: st[9] for st in studs}
    lessons.sort(key=lambda r: (r[2], r[0]))
    out = []
    per_day = {}
    for s, regular, d, kind, mins in lessons:
        lid += 1
        iid = regular
        if not iactive(iid, d) or rng.random() < 0.1:
            want = "automatic" if auto_of[s] else "manual"
            alts = [i[0] for i in instr if iactive(i[0], d) and i[0] != regular and car_of(i[0], d)
                    and car_of(i[0], d)[4] == want]
            iid = rng.choice(alts)
        car = car_of(iid, d)
        slot = per_day.setdefault((iid, d), [])
        hour = 8 + len(slot) * 2 + rng.choice([0, 0, 1])
        if hour > 19:
            hour = rng.randint(8, 19)
        if kind == "night":
            hour = rng.randint(18, 20)
        slot.append(hour)
        start = f"{hour:02d}:{rng.choice(['00', '00', '15', '30', '45'])}"
        rate = {2024: 38.0, 2025: 40.0, 2026: 42.0}[d.year]
        fee = round(rate * mins / 60.0, 2)
        canc = None
        if rng.random() < 0.07:
            cd = d - timedelta(days=rng.randint(0, 6))
            if cd <= END:
                canc = cd.isoformat()
        if canc is None and d <= END:
            actual = mins + rng.choice([0, 0, 0, 0, 5, 10, -5, -10, 15, -15])
            paid = 1 if rng.random() < 0.95 else 0
        else:
            actual = None
            paid = 0 if canc else (1 if rng.random() < 0.3 else 0)
        out.append((lid, s, iid, car[0] if car else None, d.isoformat(), start, kind, mins, actual, fee, paid, canc))
    c.executemany("INSERT INTO lessons VALUES (?,?,?,?,?,?,?,?,?,?,?,?)", out)

    tests.sort(key=lambda r: (r[2], r[1]))
    c.executemany("INSERT INTO DrivingTests VALUES (?,?,?,?,?,?,?)",
                  [(k + 1,) + tuple(t[1:7]) for k, t in enumerate(tests)])
    con.commit()
    con.close()


if __name__ == "__main__":
    build_taproom()
    build_driving()
    for name in ("taproom", "driving"):
        con = sqlite3.connect(os.path.join(ROOT, "dbs", name, name + ".sqlite"))
        tabs = con.execute("SELECT name, type FROM sqlite_master WHERE type IN ('table','view') ORDER BY name").fetchall()
        print(name)
        for t, ty in tabs:
            print(f"  {t:22s} {ty:5s} {con.execute(f'SELECT COUNT(*) FROM {t}').fetchone()[0]}")
        fk = con.execute("PRAGMA foreign_key_check").fetchall()
        print("  fk violations:", len(fk))
        con.close()
