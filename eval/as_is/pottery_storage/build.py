#!/usr/bin/env python3
"""Build the two probe databases (pottery, storage).

Deterministic: fixed random seeds, hard-coded TODAY.  stdlib only.
Writes dbs/<name>/<name>.sqlite beside this script.
"""
import os
import random
import sqlite3
from datetime import date, datetime, timedelta

TODAY = date(2026, 11, 28)          # a Saturday
NOW_HOUR = 14                       # "now" is mid-afternoon on TODAY
BASE = os.path.dirname(os.path.abspath(__file__))


def d2s(d):
    return d.isoformat()


def ts(d, h, m):
    return f"{d.isoformat()} {h:02d}:{m:02d}"


def db_path(name):
    p = os.path.join(BASE, "dbs", name)
    os.makedirs(p, exist_ok=True)
    f = os.path.join(p, name + ".sqlite")
    if os.path.exists(f):
        os.remove(f)
    return f


def wchoice(rng, items, weights):
    return rng.choices(items, weights=weights, k=1)[0]


def rand_date(rng, start, end):
    return start + timedelta(days=rng.randint(0, (end - start).days))


def daterange(a, b):
    d = a
    while d <= b:
        yield d
        d += timedelta(days=1)


FIRST = ["James", "Sarah", "David", "Emma", "Mark", "Claire", "Paul", "Rachel", "Andrew", "Helen",
         "Richard", "Laura", "Steven", "Nicola", "Gareth", "Joanne", "Simon", "Karen", "Chris", "Lucy",
         "Ian", "Victoria", "Neil", "Amy", "Peter", "Kirsty", "Tom", "Hannah", "Matthew", "Gemma",
         "Rob", "Louise", "Alan", "Jenny", "Martin", "Sophie", "Graham", "Zoe", "Dean", "Natalie",
         "Kevin", "Becky", "Ryan", "Charlotte", "Lee", "Fiona", "Adam", "Megan", "Phil", "Jade",
         "Ollie", "Freya", "Jack", "Isla", "Harry", "Maya", "Finn", "Ellie", "Callum", "Niamh",
         "Ali", "Priya", "Raj", "Aisha", "Tariq", "Mei", "Kasia", "Tomasz", "Lars", "Ines"]
LAST = ["Smith", "Jones", "Williams", "Taylor", "Brown", "Davies", "Evans", "Wilson", "Thomas",
        "Johnson", "Roberts", "Robinson", "Thompson", "Wright", "Walker", "White", "Edwards",
        "Hughes", "Green", "Hall", "Lewis", "Harris", "Clarke", "Patel", "Jackson", "Wood",
        "Turner", "Martin", "Cooper", "Hill", "Ward", "Morris", "Moore", "Clark", "Lee", "King",
        "Baker", "Harrison", "Morgan", "Allen", "James", "Scott", "Phillips", "Watson", "Davis",
        "Parker", "Price", "Bennett", "Young", "Griffiths", "Mitchell", "Kelly", "Cook", "Carter",
        "Richardson", "Bailey", "Collins", "Bell", "Shaw", "Murphy", "Miller", "Cox", "Richards",
        "Khan", "Marshall", "Anderson", "Simpson", "Ellis", "Adams", "Singh", "Nowak", "Chen",
        "Foster", "Chapman", "Powell", "Webb", "Rogers", "Gray", "Mason", "Ali", "Hunt", "Hussain"]
LAST_W = [max(1, 30 - i // 3) for i in range(len(LAST))]


def person(rng, used):
    while True:
        fn = rng.choice(FIRST)
        ln = wchoice(rng, LAST, LAST_W)
        if (fn, ln) not in used:
            used.add((fn, ln))
            return fn, ln


def add_months(d, n):
    y = d.year + (d.month - 1 + n) // 12
    m = (d.month - 1 + n) % 12 + 1
    last = [31, 29 if (y % 4 == 0 and (y % 100 != 0 or y % 400 == 0)) else 28, 31, 30, 31, 30,
            31, 31, 30, 31, 30, 31][m - 1]
    return date(y, m, min(d.day, last))


def month_key(d):
    return f"{d.year:04d}-{d.month:02d}"


# ============================================================================
# POTTERY
# ============================================================================
def build_pottery():
    rng = random.Random(3901)
    con = sqlite3.connect(db_path("pottery"))
    cur = con.cursor()
    cur.executescript("""
    PRAGMA foreign_keys = ON;
    CREATE TABLE membership_plans (
        plan_id          INTEGER PRIMARY KEY,
        plan_name        TEXT NOT NULL,
        monthly_fee      REAL NOT NULL,      -- GBP, current price
        studio_hours     INTEGER,            -- open-studio hours per week; NULL = unlimited
        firing_included  INTEGER DEFAULT 0,  -- 1 = members' pieces are fired free
        clay_kg_month    REAL DEFAULT 0,     -- clay allowance per month
        on_sale          INTEGER DEFAULT 1   -- 0 = legacy plan, closed to new sign-ups
    );
    CREATE TABLE instructors (
        instructor_id  INTEGER PRIMARY KEY,
        first_name     TEXT NOT NULL,
        last_name      TEXT NOT NULL,
        role           TEXT,
        specialism     TEXT,
        hourly_rate    REAL,                 -- GBP
        mentor_id      INTEGER REFERENCES instructors(instructor_id),
        start_date     TEXT,
        end_date       TEXT,
        is_active      INTEGER DEFAULT 1
    );
    CREATE TABLE customers (
        customer_id     INTEGER PRIMARY KEY,
        first_name      TEXT,
        last_name       TEXT,
        email           TEXT,
        phone           TEXT,
        customer_type   TEXT,                -- member / drop-in
        joined_on       TEXT,
        plan_id         INTEGER REFERENCES membership_plans(plan_id),
        plan_start      TEXT,
        plan_end        TEXT,
        member_status   TEXT,                -- active / paused / cancelled (members only)
        heard_about_us  TEXT,
        newsletter      INTEGER DEFAULT 0
    );
    CREATE TABLE membership_fees (
        fee_id       INTEGER PRIMARY KEY,
        customer_id  INTEGER NOT NULL REFERENCES customers(customer_id),
        fee_month    TEXT NOT NULL,          -- 'YYYY-MM'
        amount       REAL NOT NULL,          -- GBP
        due_date     TEXT,
        paid_date    TEXT,
        status       TEXT                    -- paid / unpaid / waived
    );
    CREATE TABLE classes (
        class_id       INTEGER PRIMARY KEY,
        class_name     TEXT NOT NULL,
        technique      TEXT,                 -- Wheel / Handbuilding / Glazing
        level          TEXT,
        duration_mins  INTEGER,
        price          REAL,                 -- GBP per person (current)
        capacity       INTEGER,
        is_active      INTEGER DEFAULT 1
    );
    CREATE TABLE sessions (
        session_id     INTEGER PRIMARY KEY,
        class_id       INTEGER NOT NULL REFERENCES classes(class_id),
        instructor_id  INTEGER REFERENCES instructors(instructor_id),
        starts_at      TEXT NOT NULL,        -- 'YYYY-MM-DD HH:MM'
        room           TEXT,
        status         TEXT                  -- scheduled / ran / cancelled
    );
    CREATE TABLE bookings (
        booking_id   INTEGER PRIMARY KEY,
        session_id   INTEGER NOT NULL REFERENCES sessions(session_id),
        customer_id  INTEGER NOT NULL REFERENCES customers(customer_id),
        booked_on    TEXT,
        amount_paid  REAL,                   -- GBP
        paid_with    TEXT,                   -- card / cash / voucher / membership
        status       TEXT                    -- booked / attended / no_show / cancelled (casing varies)
    );
    CREATE TABLE kilns (
        kiln_id      INTEGER PRIMARY KEY,
        kiln_name    TEXT,
        fuel         TEXT,
        max_temp_c   INTEGER,
        capacity_l   INTEGER,
        installed_on TEXT
    );
    CREATE TABLE firings (
        firing_id    INTEGER PRIMARY KEY,
        kiln_id      INTEGER REFERENCES kilns(kiln_id),
        firing_type  TEXT,                   -- bisque / glaze / raku
        cone         TEXT,
        peak_temp_c  INTEGER,
        loaded_on    TEXT,
        fired_on     TEXT,
        unloaded_on  TEXT,                   -- NULL = still in the kiln / cooling
        fired_by     INTEGER REFERENCES instructors(instructor_id),
        notes        TEXT
    );
    -- imported from the old kiln spreadsheet: no declared foreign keys
    CREATE TABLE firing_pieces (
        piece_id          INTEGER PRIMARY KEY,
        firing_id         INTEGER,
        customer_id       INTEGER,           -- NULL = studio piece
        piece_type        TEXT,
        clay_body         TEXT,
        glaze_product_id  INTEGER,           -- products.product_id of the glaze; NULL for bisque
        weight_g          INTEGER,
        firing_fee        REAL,              -- GBP
        outcome           TEXT               -- ok / cracked / glaze fault / exploded; NULL = not unloaded yet
    );
    CREATE TABLE products (
        product_id     INTEGER PRIMARY KEY,
        sku            TEXT UNIQUE,
        product_name   TEXT NOT NULL,
        category       TEXT,                 -- Clay / Glaze / Tools / Voucher
        pack_size      TEXT,
        price_p        INTEGER,              -- current shelf price, pence
        stock_qty      INTEGER,
        reorder_level  INTEGER,
        discontinued   INTEGER DEFAULT 0
    );
    CREATE TABLE sales (
        sale_id         INTEGER PRIMARY KEY,
        sold_at         TEXT NOT NULL,       -- 'YYYY-MM-DD HH:MM'
        customer_id     INTEGER REFERENCES customers(customer_id),   -- NULL = anonymous walk-in
        payment_method  TEXT,
        served_by       INTEGER REFERENCES instructors(instructor_id)
    );
    CREATE TABLE sale_lines (
        line_id     INTEGER PRIMARY KEY,
        sale_id     INTEGER NOT NULL REFERENCES sales(sale_id),
        product_id  INTEGER NOT NULL REFERENCES products(product_id),
        qty         INTEGER NOT NULL,
        unit_price  REAL NOT NULL            -- GBP actually charged per unit (members 10% off)
    );
    """)

    plans = [
        (1, "Studio Basic", 48.00, 6, 0, 0, 1),
        (2, "Studio Plus", 78.00, 12, 1, 10, 1),
        (3, "Unlimited", 115.00, None, 1, 25, 1),
        (4, "Student", 36.00, 6, 0, 0, 1),
        (5, "Founder", 62.00, 12, 1, 10, 0),
    ]
    cur.executemany("INSERT INTO membership_plans VALUES (?,?,?,?,?,?,?)", plans)
    plan_fee = {p[0]: p[2] for p in plans}
    plan_fire = {p[0]: p[4] for p in plans}

    instructors = [
        (1, "Beth", "Hargreaves", "Owner", "Wheel", 0.0, None, "2024-01-02", None, 1),
        (2, "Owen", "Pritchard", "Lead Tutor", "Wheel", 24.00, 1, "2024-01-02", None, 1),
        (3, "Anika", "Sharma", "Tutor", "Wheel", 21.50, 2, "2024-01-15", None, 1),
        (4, "Greta", "Lindqvist", "Tutor", "Handbuilding", 22.00, 1, "2024-01-02", None, 1),
        (5, "Tom", "Bellamy", "Kiln Technician", "Firing", 17.50, 2, "2024-01-02", None, 1),
        (6, "Rosa", "Delgado", "Tutor", "Handbuilding", 20.00, 4, "2024-02-05", "2025-08-31", 0),
        (7, "Kwame", "Mensah", "Tutor", "Wheel", 20.50, 2, "2024-09-02", None, 1),
        (8, "Lily", "Fairbairn", "Studio Assistant", "Handbuilding", 13.25, 4, "2025-03-03", None, 1),
        (9, "Hamish", "Doyle", "Tutor", "Glazing", 21.00, 3, "2025-10-06", None, 1),
    ]
    cur.executemany("INSERT INTO instructors VALUES (?,?,?,?,?,?,?,?,?,?)", instructors)

    def staff_on(d, ids):
        out = []
        for i in ids:
            r = instructors[i - 1]
            if date.fromisoformat(r[7]) <= d and (r[8] is None or d <= date.fromisoformat(r[8])):
                out.append(i)
        return out

    OPEN = date(2024, 1, 6)

    # ---------------- member timelines (identities attached later)
    members = []  # dicts
    for k in range(14):   # founders
        s = rand_date(rng, date(2024, 1, 6), date(2024, 3, 28))
        members.append(dict(plan=5, start=s))
    for k in range(82):
        r = rng.random()
        if r < 0.30:
            s = rand_date(rng, date(2024, 2, 1), date(2024, 12, 31))
        elif r < 0.65:
            s = rand_date(rng, date(2025, 1, 1), date(2025, 12, 31))
        else:
            s = rand_date(rng, date(2026, 1, 1), date(2026, 11, 20))
        members.append(dict(plan=wchoice(rng, [1, 2, 3, 4], [34, 32, 14, 20]), start=s))
    members.sort(key=lambda m: m["start"])
    for m in members:
        churn = 0.022 if m["plan"] == 5 else 0.034
        d = m["start"]
        end = None
        while True:
            d = add_months(d, 1)
            if d >= TODAY:
                break
            if rng.random() < churn:
                end = d - timedelta(days=1)
                break
        m["end"] = end
        if end is not None:
            m["status"] = "cancelled"
        else:
            m["status"] = "paused" if rng.random() < 0.09 else "active"
        m["pause_from"] = None
        if m["status"] == "paused":
            m["pause_from"] = max(add_months(date(TODAY.year, TODAY.month, 1), -rng.randint(0, 2)),
                                  date(m["start"].year, m["start"].month, 1) + timedelta(days=32))
            m["pause_from"] = date(m["pause_from"].year, m["pause_from"].month, 1)
        m["prop_book"] = rng.lognormvariate(0, 0.8)
        m["prop_shop"] = rng.lognormvariate(0, 0.8)
        m["prop_fire"] = rng.lognormvariate(0, 0.7)
        m["cid"] = None

    def member_active(m, d):
        if m["start"] > d:
            return False
        if m["end"] is not None and m["end"] < d:
            return False
        if m["pause_from"] is not None and d >= m["pause_from"]:
            return False
        return True

    # ---------------- customers (created on the fly for drop-ins)
    custs = []   # dict(tmp, fn, ln, joined, type, member)
    used = set()

    def new_cust(joined, src=None):
        fn, ln = person(rng, used)
        c = dict(tmp=len(custs), fn=fn, ln=ln, joined=joined, type="drop-in", member=None,
                 src=src or wchoice(rng, ["Instagram", "Google", "Friend", "Gift voucher", "Walked past", "Facebook"],
                                    [30, 22, 20, 12, 10, 6]),
                 prop=rng.lognormvariate(-0.6, 0.9))
        custs.append(c)
        return c

    # ---------------- classes & sessions
    classes = [
        (1, "Wheel Taster", "Wheel", "Beginner", 120, 45.00, 6, 1),
        (2, "Wheel Improvers", "Wheel", "Improver", 150, 55.00, 6, 1),
        (3, "Handbuilding Basics", "Handbuilding", "Beginner", 120, 40.00, 8, 1),
        (4, "Coil & Slab Workshop", "Handbuilding", "All levels", 180, 62.00, 8, 1),
        (5, "Glaze Lab", "Glazing", "All levels", 120, 35.00, 10, 1),
        (6, "Date Night on the Wheel", "Wheel", "Beginner", 120, 48.00, 6, 1),
        (7, "Kids Clay Club", "Handbuilding", "Kids", 90, 18.00, 10, 0),
    ]
    cur.executemany("INSERT INTO classes VALUES (?,?,?,?,?,?,?,?)", classes)
    cinfo = {c[0]: c for c in classes}

    def class_price(cid, d):
        p = cinfo[cid][5]
        if d < date(2025, 1, 1):
            p -= 2.0 if cid == 7 else 5.0
        return p

    sessions = []
    sid = 0
    for d in daterange(OPEN, date(2027, 1, 31)):
        if (d.month == 12 and d.day >= 23) or (d.month == 1 and d.day <= 3):
            continue
        wk = d.isocalendar()[1]
        todo = []
        if d.weekday() == 5 and wk % 2 == 0:
            todo.append((1, 10, 0, "Wheel Room"))
        if d.weekday() == 3 and wk % 2 == 1:
            todo.append((3, 18, 30, "Main Studio"))
        if d.weekday() == 1 and wk % 2 == 0:
            todo.append((2, 18, 30, "Wheel Room"))
        if d.weekday() == 6 and d.day <= 7:
            todo.append((5, 11, 0, "Main Studio"))
        if d.weekday() == 5 and 15 <= d.day <= 21:
            todo.append((4, 14, 0, "Main Studio"))
        if d.weekday() == 4 and 8 <= d.day <= 14 and d >= date(2025, 2, 1):
            todo.append((6, 19, 0, "Wheel Room"))
        if d.weekday() == 6 and d.day >= 22 and d <= date(2025, 7, 31):
            todo.append((7, 10, 0, "Main Studio"))
        for cid, h, mi, room in todo:
            sid += 1
            if cid in (1, 2, 6):
                cand = staff_on(d, [2, 3, 7])
                if cid == 6:
                    cand = staff_on(d, [3, 7]) or cand
            elif cid == 5:
                cand = staff_on(d, [9]) or staff_on(d, [4, 2])
            elif cid == 7:
                cand = staff_on(d, [6]) or staff_on(d, [4])
            else:
                cand = staff_on(d, [4, 6])
            ins = rng.choice(cand)
            if d > TODAY:
                st = "cancelled" if rng.random() < 0.03 else "scheduled"
            else:
                st = "cancelled" if rng.random() < 0.05 else "ran"
            sessions.append([sid, cid, ins, ts(d, h, mi), room, st])
    cur.executemany("INSERT INTO sessions VALUES (?,?,?,?,?,?)", sessions)

    # ---------------- bookings
    fill = {1: 0.70, 2: 0.60, 3: 0.55, 4: 0.50, 5: 0.40, 6: 0.80, 7: 0.55}
    mem_share = {1: 0.03, 2: 0.70, 3: 0.10, 4: 0.40, 5: 0.60, 6: 0.05, 7: 0.0}
    new_share = {1: 0.80, 2: 0.25, 3: 0.70, 4: 0.45, 5: 0.35, 6: 0.75, 7: 0.70}
    bookings = []   # [tmp_bid, sid, ('C', tmp) or ('M', idx), booked_on, amount, paid_with, status]
    bookers = []    # tmp customer ids who have booked before
    attended_by_date = []   # (date, cust_key)
    for s in sessions:
        sid_, cid, ins, st_ts, room, st = s
        d = date.fromisoformat(st_ts[:10])
        f = fill[cid]
        if d > TODAY:
            f *= max(0.1, 1 - (d - TODAY).days / 75)
        n = sum(1 for _ in range(cinfo[cid][6]) if rng.random() < f)
        taken = set()
        for _ in range(n):
            booked = d - timedelta(days=min(60, int(rng.expovariate(1 / 12))))
            if booked > TODAY:
                booked = TODAY - timedelta(days=rng.randint(0, 6))
            key = None
            if rng.random() < mem_share[cid]:
                act = [i for i, m in enumerate(members) if member_active(m, d) and ("M", i) not in taken]
                if act:
                    key = ("M", rng.choices(act, weights=[members[i]["prop_book"] for i in act], k=1)[0])
            if key is None:
                if not bookers or rng.random() < new_share[cid]:
                    c = new_cust(booked)
                    key = ("C", c["tmp"])
                    bookers.append(c["tmp"])
                else:
                    cands = [b for b in bookers if ("C", b) not in taken and custs[b]["joined"] <= booked]
                    if not cands:
                        c = new_cust(booked)
                        key = ("C", c["tmp"])
                        bookers.append(c["tmp"])
                    else:
                        key = ("C", rng.choices(cands, weights=[custs[b]["prop"] for b in cands], k=1)[0])
            taken.add(key)
            price = class_price(cid, d)
            pw = wchoice(rng, ["card", "card", "cash", "voucher"], [50, 30, 8, 12])
            amt = price
            if key[0] == "M":
                amt = round(price * 0.8, 2)
                pw = "card"
            if st == "cancelled":
                status = "cancelled" if rng.random() < 0.93 else "Cancelled"
                amt = 0.0
            elif d > TODAY:
                r = rng.random()
                if r < 0.06:
                    status, amt = "cancelled", 0.0
                else:
                    status = "booked" if rng.random() < 0.95 else "Booked"
            else:
                r = rng.random()
                if r < 0.08:
                    status, amt = ("cancelled" if rng.random() < 0.95 else "CANCELLED"), 0.0
                elif r < 0.16:
                    status = "no_show" if rng.random() < 0.93 else "No_Show"
                else:
                    status = "attended" if rng.random() < 0.975 else rng.choice(["Attended", "ATTENDED"])
                    attended_by_date.append((d, key))
            if amt == 0.0:
                pw = None if pw != "voucher" else "voucher"
            bookings.append([len(bookings) + 1, sid_, key, d2s(booked), amt, pw, status])

    # ---------------- members get identities: some converted from drop-ins
    taken_conv = set()
    for i, m in enumerate(members):
        cand = [c for c in custs if c["type"] == "drop-in" and c["tmp"] not in taken_conv
                and c["joined"] <= m["start"] - timedelta(days=14)]
        if cand and rng.random() < 0.38:
            c = rng.choice(cand)
            taken_conv.add(c["tmp"])
        else:
            c = new_cust(m["start"])
        c["type"] = "member"
        c["member"] = i
        m["cid"] = c["tmp"]

    # ---------------- shop products & sales
    products = [
        (1, "CL-BUFF", "Buff Stoneware Clay", "Clay", "12.5kg bag", 2150, 34, 10, 0),
        (2, "CL-PORC", "Porcelain P10", "Clay", "12.5kg bag", 3275, 9, 6, 0),
        (3, "CL-TERR", "Red Terracotta", "Clay", "12.5kg bag", 1480, 17, 8, 0),
        (4, "CL-CRANK", "Crank Stoneware (grogged)", "Clay", "12.5kg bag", 1960, 4, 8, 0),
        (5, "CL-RAKU", "Raku Body", "Clay", "12.5kg bag", 2440, 6, 4, 0),
        (6, "CL-BLACK", "Black Stoneware", "Clay", "12.5kg bag", 2890, 0, 3, 1),
        (7, "GZ-CEL", "Celadon", "Glaze", "500ml tub", 1395, 12, 5, 0),
        (8, "GZ-TEN", "Tenmoku", "Glaze", "500ml tub", 1290, 3, 5, 0),
        (9, "GZ-SHINO", "Shino", "Glaze", "500ml tub", 1450, 8, 4, 0),
        (10, "GZ-WHT", "Satin White", "Glaze", "500ml tub", 1150, 15, 6, 0),
        (11, "GZ-CLR", "Clear Gloss", "Glaze", "500ml tub", 995, 21, 6, 0),
        (12, "GZ-CHUN", "Chun Blue", "Glaze", "500ml tub", 1595, 2, 4, 0),
        (13, "GZ-RUST", "Rust Red", "Glaze", "500ml tub", 1340, 7, 4, 0),
        (14, "GZ-FLOAT", "Floating Blue", "Glaze", "500ml tub", 1485, 5, 4, 0),
        (15, "GZ-MATT", "Matt Black", "Glaze", "500ml tub", 1260, 1, 0, 1),
        (16, "GZ-RAKU", "Raku Crackle White", "Glaze", "500ml tub", 1365, 4, 3, 0),
        (17, "TL-KIT", "Beginner Tool Kit", "Tools", "8 pieces", 1800, 14, 5, 0),
        (18, "TL-RIB", "Metal Kidney Rib", "Tools", "each", 450, 22, 8, 0),
        (19, "TL-WIRE", "Cutting Wire", "Tools", "each", 350, 30, 10, 0),
        (20, "TL-SPONGE", "Elephant Ear Sponge", "Tools", "each", 620, 11, 6, 0),
        (21, "TL-TRIM", "Trimming Tool Set", "Tools", "3 pieces", 1420, 6, 4, 0),
        (22, "TL-APRON", "Studio Apron", "Tools", "each", 2200, 9, 3, 0),
        (23, "TL-BAT", "Plaster Bat 25cm", "Tools", "each", 1650, 3, 4, 0),
        (24, "TL-BRUSH", "Hake Brush", "Tools", "each", 750, 16, 5, 0),
        (25, "GV-50", "Gift Voucher 50", "Voucher", "each", 5000, 999, 0, 0),
        (26, "GV-TASTER", "Gift Voucher - Wheel Taster", "Voucher", "each", 4500, 999, 0, 0),
    ]
    cur.executemany("INSERT INTO products VALUES (?,?,?,?,?,?,?,?,?)", products)
    pinfo = {p[0]: p for p in products}
    clay_ids = [1, 2, 3, 4, 5, 6]
    clay_w = [40, 14, 16, 18, 6, 6]
    glaze_ids = list(range(7, 17))
    glaze_w = [14, 12, 9, 15, 20, 8, 9, 10, 5, 4]
    tool_ids = list(range(17, 25))
    tool_w = [12, 10, 14, 8, 6, 5, 4, 7]

    def shelf_price(pid, d):
        p = pinfo[pid][5]
        if d < date(2025, 4, 1):
            p = int(round(p / 1.06 / 5.0)) * 5
        return p

    sales = []
    lines = []
    for d in daterange(OPEN, TODAY):
        if d.month == 12 and d.day >= 24:
            continue
        wk = d.weekday() >= 5
        lam = 0.95 if wk else 0.6
        if d.month == 12:
            lam *= 1.6
        n = sum(1 for _ in range(4) if rng.random() < lam / 4)
        for _ in range(n):
            h = rng.randint(10, 18)
            if d == TODAY and h >= NOW_HOUR:
                continue
            r = rng.random()
            cust = None
            is_mem = False
            if r < 0.42:
                act = [i for i, m in enumerate(members) if member_active(m, d)]
                if act:
                    mi_ = rng.choices(act, weights=[members[i]["prop_shop"] for i in act], k=1)[0]
                    cust = ("C", members[mi_]["cid"])
                    is_mem = True
            elif r < 0.66:
                cands = [c["tmp"] for c in custs if c["type"] == "drop-in" and c["joined"] <= d]
                if cands:
                    cust = ("C", rng.choice(cands))
            elif r < 0.70:
                c = new_cust(d, src="Walked past")
                cust = ("C", c["tmp"])
            staff = staff_on(d, [1, 2, 3, 4, 5, 6, 7, 8, 9])
            srv = wchoice(rng, staff, [6 if x == 1 else 9 if x == 8 else 3 for x in staff])
            sl = []
            if d.month == 12 and rng.random() < 0.45:
                picks = [wchoice(rng, [25, 26], [55, 45])]
            elif is_mem:
                picks = []
                if rng.random() < 0.7:
                    picks.append(wchoice(rng, clay_ids, clay_w))
                if rng.random() < 0.45 or not picks:
                    picks.append(wchoice(rng, glaze_ids, glaze_w))
                if rng.random() < 0.15:
                    picks.append(wchoice(rng, tool_ids, tool_w))
            else:
                k = wchoice(rng, [1, 2], [75, 25])
                picks = []
                for _ in range(k):
                    z = rng.random()
                    if z < 0.35:
                        picks.append(wchoice(rng, tool_ids, tool_w))
                    elif z < 0.60:
                        picks.append(wchoice(rng, glaze_ids, glaze_w))
                    elif z < 0.85:
                        picks.append(wchoice(rng, clay_ids, clay_w))
                    else:
                        picks.append(wchoice(rng, [25, 26], [55, 45]))
            seen = set()
            for pid in picks:
                if pid in seen:
                    continue
                if pinfo[pid][8] == 1 and d >= date(2026, 2, 1):
                    continue
                seen.add(pid)
                qty = 1
                if pinfo[pid][3] == "Clay" and rng.random() < 0.3:
                    qty = 2
                if pinfo[pid][3] == "Glaze" and rng.random() < 0.15:
                    qty = 2
                up = shelf_price(pid, d) / 100.0
                if is_mem and pinfo[pid][3] != "Voucher":
                    up = round(up * 0.9, 2)
                sl.append([pid, qty, up])
            if not sl:
                continue
            pm = wchoice(rng, ["card", "cash", "contactless"], [45, 12, 43])
            if d.year == 2024 and pm == "contactless":
                pm = "card"
            sales.append([ts(d, h, rng.randint(0, 59)), cust, pm, srv, sl])
    sales.sort(key=lambda s: s[0])

    # ---------------- kilns & firings
    kilns = [
        (1, "Bertha", "electric", 1300, 200, "2024-01-02"),
        (2, "Little Kiln", "electric", 1280, 60, "2024-01-02"),
        (3, "Raku Kiln", "gas", 1050, 40, "2024-05-01"),
    ]
    cur.executemany("INSERT INTO kilns VALUES (?,?,?,?,?,?)", kilns)
    firings = []
    fid = 0
    for d in daterange(date(2024, 1, 15), TODAY):
        if (d.month == 12 and d.day >= 22) or (d.month == 1 and d.day <= 4):
            continue
        typ = None
        if d.weekday() == 0:
            typ = "bisque"
        elif d.weekday() == 3:
            typ = "glaze"
        elif d.weekday() == 5 and 8 <= d.day <= 14 and d.month in (5, 6, 7, 8, 9) and d >= date(2024, 5, 1):
            typ = "raku"
        if typ is None:
            continue
        if typ != "raku" and rng.random() < 0.09 and d < TODAY - timedelta(days=14):
            continue
        fid += 1
        if typ == "bisque":
            kiln = 1 if rng.random() < 0.85 else 2
            cone, temp = "04", rng.randint(990, 1010)
        elif typ == "glaze":
            kiln = 1 if rng.random() < 0.7 else 2
            cone, temp = "6", rng.randint(1212, 1232)
        else:
            kiln, cone, temp = 3, "010", rng.randint(930, 1005)
        loaded = d - timedelta(days=1) if typ != "raku" else d
        unloaded = d + timedelta(days=2) if typ != "raku" else d
        if unloaded >= TODAY:
            unloaded = None
        by = rng.choice(staff_on(d, [5, 5, 5, 2, 8]) or [5])
        note = None
        if rng.random() < 0.06:
            note = rng.choice(["Element replaced afterwards", "Slight underfire on top shelf", "Power cut - restarted",
                               "Shelf cracked, replaced", "Thermocouple reading high", "Witness cones bent correctly"])
        firings.append([fid, kiln, typ, cone, temp, d2s(loaded), d2s(d), d2s(unloaded) if unloaded else None, by, note])
    cur.executemany("INSERT INTO firings VALUES (?,?,?,?,?,?,?,?,?,?)", firings)

    # attendees (drop-ins) recently, for class pieces
    att_sorted = sorted(attended_by_date, key=lambda x: x[0])
    pieces = []
    piece_types = ["mug", "bowl", "plate", "vase", "jug", "planter", "cup", "tile", "teapot", "dish"]
    piece_w = [26, 24, 10, 9, 6, 7, 8, 4, 2, 4]
    bodies = {1: "Buff Stoneware", 2: "Porcelain", 3: "Terracotta", 4: "Crank Stoneware", 5: "Raku", 6: "Black Stoneware"}
    for f in firings:
        fid_, kiln, typ, cone, temp, ld, fd, ud, by, note = f
        d = date.fromisoformat(fd)
        n = rng.randint(2, 7) if typ != "raku" else rng.randint(4, 8)
        act = [i for i, m in enumerate(members) if member_active(m, d)]
        recent = [k for (dd, k) in att_sorted if d - timedelta(days=28) <= dd <= d and k[0] == "C"]
        for _ in range(n):
            r = rng.random()
            owner = None
            if r < 0.68 and act:
                mi_ = rng.choices(act, weights=[members[i]["prop_fire"] for i in act], k=1)[0]
                owner = ("M", mi_)
            elif r < 0.95 and recent:
                owner = rng.choice(recent)
            ptype = wchoice(rng, piece_types, piece_w)
            if typ == "raku":
                body = "Raku"
            elif typ == "glaze" and rng.random() < 0.05:
                body = "Porcelain"
            else:
                body = wchoice(rng, ["Buff Stoneware", "Porcelain", "Terracotta", "Crank Stoneware", "Black Stoneware"],
                               [45, 14, 14, 20, 7])
            if body == "Terracotta" and typ == "glaze":
                body = "Buff Stoneware"
            glaze = None
            if typ == "glaze":
                glaze = wchoice(rng, glaze_ids[:-1], glaze_w[:-1])
                if glaze == 15 and d >= date(2026, 2, 1):
                    glaze = 11
            elif typ == "raku":
                glaze = 16
            base = {"mug": 420, "bowl": 650, "plate": 900, "vase": 1100, "jug": 950, "planter": 1500, "cup": 260,
                    "tile": 300, "teapot": 1250, "dish": 520}[ptype]
            wt = int(base * rng.uniform(0.7, 1.35))
            fee = 0.0
            if owner and owner[0] == "M":
                pl = members[owner[1]]["plan"]
                if not plan_fire[pl]:
                    fee = 3.00 if wt < 500 else 5.50 if wt < 1200 else 8.00
            elif owner is None and rng.random() < 0.0:
                fee = 0.0
            if ud is None:
                outcome = None
            else:
                z = rng.random()
                if typ == "bisque":
                    outcome = "cracked" if z < 0.05 else "exploded" if z < 0.065 else "ok"
                elif typ == "glaze":
                    outcome = "cracked" if z < 0.035 else "glaze fault" if z < 0.095 else "ok"
                else:
                    outcome = "cracked" if z < 0.14 else "ok"
            pieces.append([fid_, owner, ptype, body, glaze, wt, fee, outcome])

    # ---------------- assign final customer ids (by joined date)
    extra = 26   # newsletter sign-ups who never bought or booked
    for _ in range(extra):
        new_cust(rand_date(rng, OPEN, TODAY - timedelta(days=3)), src=wchoice(rng, ["Instagram", "Google", "Facebook"], [5, 3, 2]))
    order = sorted(custs, key=lambda c: (c["joined"], c["tmp"]))
    cmap = {c["tmp"]: i for i, c in enumerate(order, 1)}

    def resolve(key):
        if key is None:
            return None
        if key[0] == "M":
            return cmap[members[key[1]]["cid"]]
        return cmap[key[1]]

    cust_rows = []
    for c in order:
        cid = cmap[c["tmp"]]
        email = None if rng.random() < 0.04 else f"{c['fn'].lower()}.{c['ln'].lower()}@{rng.choice(['gmail.com', 'outlook.com', 'hotmail.co.uk', 'icloud.com', 'btinternet.com'])}"
        phone = None if rng.random() < 0.12 else f"07{rng.randint(100, 999)} {rng.randint(100000, 999999)}"
        news = 1 if rng.random() < 0.45 else 0
        if c["type"] == "member":
            m = members[c["member"]]
            cust_rows.append((cid, c["fn"], c["ln"], email, phone, "member", d2s(c["joined"]), m["plan"], d2s(m["start"]),
                              d2s(m["end"]) if m["end"] else None, m["status"], c["src"], news))
        else:
            cust_rows.append((cid, c["fn"], c["ln"], email, phone, "drop-in", d2s(c["joined"]), None, None, None, None,
                              c["src"], news))
    cur.executemany("INSERT INTO customers VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)", cust_rows)

    # membership fees
    fees = []
    for i, m in enumerate(members):
        cid = cmap[m["cid"]]
        mstart = date(m["start"].year, m["start"].month, 1)
        last = m["end"] or TODAY
        mm = mstart
        while mm <= last:
            due = m["start"] if mm == mstart else mm
            if m["plan"] == 5:
                amt = plan_fee[5]
            else:
                amt = plan_fee[m["plan"]] - (5.0 if mm < date(2025, 9, 1) else 0.0)
            if m["pause_from"] is not None and mm >= m["pause_from"]:
                st, paid = "waived", None
            else:
                z = rng.random()
                if mm >= date(2026, 11, 1) and z < 0.10:
                    st, paid = "unpaid", None
                elif z < 0.025:
                    st, paid = "unpaid", None
                else:
                    pd = due + timedelta(days=wchoice(rng, [0, 1, 2, 3, 5, 9], [50, 20, 10, 8, 7, 5]))
                    if pd > TODAY:
                        st, paid = "unpaid", None
                    else:
                        st, paid = "paid", d2s(pd)
            fees.append((len(fees) + 1, cid, month_key(mm), amt, d2s(due), paid, st))
            mm = add_months(mm, 1)
    fees.sort(key=lambda f: (f[4], f[1]))
    fees = [(i,) + f[1:] for i, f in enumerate(fees, 1)]
    cur.executemany("INSERT INTO membership_fees VALUES (?,?,?,?,?,?,?)", fees)

    sess_date = {s[0]: date.fromisoformat(s[3][:10]) for s in sessions}
    bk_rows = []
    for b in bookings:
        amt, pw = b[4], b[5]
        if b[2][0] == "C" and custs[b[2][1]]["type"] == "member" and amt > 0 and pw != "voucher":
            m = members[custs[b[2][1]]["member"]]
            if member_active(m, sess_date[b[1]]):
                amt, pw = round(amt * 0.8, 2), "card"
        bk_rows.append((b[0], b[1], resolve(b[2]), b[3], amt, pw, b[6]))
    cur.executemany("INSERT INTO bookings VALUES (?,?,?,?,?,?,?)", bk_rows)

    sale_rows = []
    line_rows = []
    for i, s in enumerate(sales, 1):
        sale_rows.append((i, s[0], resolve(s[1]), s[2], s[3]))
        for pid, qty, up in s[4]:
            line_rows.append((len(line_rows) + 1, i, pid, qty, up))
    cur.executemany("INSERT INTO sales VALUES (?,?,?,?,?)", sale_rows)
    cur.executemany("INSERT INTO sale_lines VALUES (?,?,?,?,?)", line_rows)

    piece_rows = []
    for i, p in enumerate(pieces, 1):
        piece_rows.append((i, p[0], resolve(p[1]), p[2], p[3], p[4], p[5], p[6], p[7]))
    cur.executemany("INSERT INTO firing_pieces VALUES (?,?,?,?,?,?,?,?,?)", piece_rows)

    cur.executescript("""
    CREATE VIEW v_session_summary AS
    SELECT s.session_id, s.starts_at, date(s.starts_at) AS session_date, c.class_name, c.technique,
           i.first_name || ' ' || i.last_name AS tutor, s.status AS session_status, c.capacity,
           SUM(CASE WHEN LOWER(b.status) <> 'cancelled' THEN 1 ELSE 0 END) AS places_taken,
           SUM(CASE WHEN LOWER(b.status) = 'attended' THEN 1 ELSE 0 END) AS attended,
           SUM(CASE WHEN LOWER(b.status) = 'no_show' THEN 1 ELSE 0 END) AS no_shows,
           COALESCE(SUM(b.amount_paid), 0) AS takings
    FROM sessions s
    JOIN classes c ON c.class_id = s.class_id
    LEFT JOIN instructors i ON i.instructor_id = s.instructor_id
    LEFT JOIN bookings b ON b.session_id = s.session_id
    GROUP BY s.session_id;
    """)
    con.commit()
    con.close()


# ============================================================================
# STORAGE  (legacy ERP naming)
# ============================================================================
def build_storage():
    rng = random.Random(3902)
    con = sqlite3.connect(db_path("storage"))
    cur = con.cursor()
    cur.executescript("""
    CREATE TABLE SITE (
        site_cd    TEXT PRIMARY KEY,
        site_nm    TEXT,
        city       TEXT,
        addr1      TEXT,
        post_cd    TEXT,
        open_dt    TEXT,
        MgrName    TEXT,
        TelNo      TEXT
    );
    CREATE TABLE UNIT_MSTR (
        unit_no    TEXT PRIMARY KEY,
        site_cd    TEXT,
        unit_typ   TEXT,        -- STD indoor / DRV drive-up / LKR locker / CNT container
        sz_sqft    INTEGER,
        mo_rate    REAL,        -- current list rate, GBP per month
        ClimCtl    TEXT,        -- Y / N
        flr_no     INTEGER,
        del_flg    TEXT DEFAULT 'N',
        LastUpdDt  TEXT
    );
    CREATE TABLE CUST (
        cust_no    INTEGER PRIMARY KEY,
        cust_typ   TEXT,        -- PER / BUS
        FirstNm    TEXT,
        LastNm     TEXT,
        CoName     TEXT,
        EmailAddr  TEXT,
        tel_no     TEXT,
        city       TEXT,
        post_cd    TEXT,
        crt_dt     TEXT,
        mktg_ok    TEXT,        -- Y / N
        del_flg    TEXT DEFAULT 'N'
    );
    CREATE TABLE CHG_CD (
        chg_cd     TEXT PRIMARY KEY,
        chg_desc   TEXT,
        dflt_amt   REAL,
        vat_flg    TEXT
    );
    CREATE TABLE LEASE_HDR (
        lease_no    INTEGER PRIMARY KEY,
        cust_no     INTEGER,
        unit_no     TEXT REFERENCES UNIT_MSTR(unit_no),
        start_dt    TEXT,
        end_dt      TEXT,       -- NULL = open-ended
        lse_stat    TEXT,       -- ACT / OVL (overlocked, arrears) / TRM (terminated) / RES (reserved)
        mo_rate     REAL,       -- agreed rent GBP per month
        bill_cyc    TEXT,       -- Q quarterly / H half-yearly / A annual, in advance
        ins_cov_amt REAL,       -- contents cover in GBP; NULL = customer's own insurance
        dep_amt     REAL,
        PromoCd     TEXT,
        del_flg     TEXT DEFAULT 'N'
    );
    CREATE TABLE INV_HDR (
        inv_no     INTEGER PRIMARY KEY,
        cust_no    INTEGER,
        lease_no   INTEGER,
        inv_dt     TEXT,
        due_dt     TEXT,
        prd_from   TEXT,
        prd_to     TEXT,
        InvTotal   REAL,
        inv_stat   TEXT,        -- OPEN / PART / PAID
        del_flg    TEXT DEFAULT 'N'
    );
    CREATE TABLE INV_LN (
        inv_no     INTEGER REFERENCES INV_HDR(inv_no),
        ln_no      INTEGER,
        chg_cd     TEXT,
        ln_desc    TEXT,
        qty        REAL,
        unit_amt   REAL,
        ln_amt     REAL,
        PRIMARY KEY (inv_no, ln_no)
    );
    CREATE TABLE PAY (
        pay_no     INTEGER PRIMARY KEY,
        cust_no    INTEGER,
        inv_no     INTEGER,
        pay_dt     TEXT,
        PayAmt     REAL,
        pay_mthd   TEXT,        -- DD / CARD / BACS / CASH
        ref_txt    TEXT,
        del_flg    TEXT DEFAULT 'N'
    );
    CREATE TABLE GATE_LOG (
        log_id     INTEGER PRIMARY KEY,
        site_cd    TEXT,
        cust_no    INTEGER,     -- NULL = PIN not recognised
        EvtTs      TEXT,        -- 'YYYY-MM-DD HH:MM:SS'
        evt_cd     TEXT,        -- ENTRY / DENIED
        gate_no    INTEGER
    );
    """)
    sites = [
        ("LDS", "Leeds - Kirkstall Road", "Leeds", "Unit 4, Kirkstall Road", "LS4 2AZ", "2019-04-01", "Dave Ackroyd", "0113 496 0012"),
        ("BFD", "Bradford - Canal Road", "Bradford", "212 Canal Road", "BD2 1AN", "2020-09-14", "Shazia Malik", "01274 960 331"),
        ("YRK", "York - Clifton Moor", "York", "9 Kettlestring Lane", "YO30 4XF", "2021-06-01", "Gordon Pace", "01904 960 775"),
        ("HGT", "Harrogate - Hornbeam Park", "Harrogate", "3 Hornbeam Square West", "HG2 8PA", "2025-05-01", "Emily Waite", "01423 960 218"),
    ]
    cur.executemany("INSERT INTO SITE VALUES (?,?,?,?,?,?,?,?)", sites)
    site_open = {s[0]: date.fromisoformat(s[5]) for s in sites}
    site_city = {s[0]: s[2] for s in sites}

    mix = {
        "LDS": [("LKR", 9, 4), ("STD", 15, 6), ("STD", 25, 8), ("STD", 35, 8), ("STD", 50, 8), ("STD", 75, 6),
                ("STD", 100, 4), ("DRV", 150, 2), ("DRV", 200, 2)],
        "BFD": [("STD", 15, 4), ("STD", 25, 6), ("STD", 35, 6), ("STD", 50, 6), ("STD", 75, 4), ("STD", 100, 3),
                ("CNT", 160, 7)],
        "YRK": [("LKR", 9, 3), ("STD", 15, 5), ("STD", 25, 7), ("STD", 35, 6), ("STD", 50, 7), ("STD", 75, 5),
                ("STD", 100, 4), ("DRV", 150, 3)],
        "HGT": [("STD", 15, 4), ("STD", 25, 6), ("STD", 35, 5), ("STD", 50, 6), ("STD", 75, 4), ("STD", 100, 3),
                ("DRV", 200, 2)],
    }
    psf = {"LDS": 1.10, "BFD": 0.90, "YRK": 1.25, "HGT": 1.35}
    fac = {15: 1.6, 25: 1.35, 35: 1.2, 50: 1.05, 75: 0.95, 100: 0.9, 150: 0.8, 160: 0.62, 200: 0.75}
    units = []
    for sc, lst in mix.items():
        cnt = {}
        for typ, sz, n in lst:
            for _ in range(n):
                if typ == "STD":
                    flr = 0 if rng.random() < 0.55 else 1
                    letter = "A" if flr == 0 else "B"
                else:
                    flr = 0
                    letter = {"LKR": "L", "DRV": "D", "CNT": "C"}[typ]
                cnt[letter] = cnt.get(letter, 0) + 1
                uno = f"{sc}-{letter}{cnt[letter]:02d}"
                clim = "Y" if (typ == "STD" and (flr == 1 or rng.random() < 0.15)) else "N"
                if typ == "LKR":
                    rate = 14.99 if sc == "LDS" else 16.99
                else:
                    rate = round(sz * psf[sc] * fac[sz] * (1.08 if clim == "Y" else 1.0)) - 0.01
                upd = rand_date(rng, date(2024, 1, 5), date(2026, 10, 30))
                units.append([uno, sc, typ, sz, rate, clim, flr, "N", d2s(upd)])
    units.sort(key=lambda u: u[0])
    dead = {}
    for uno, dd in (("LDS-A03", date(2025, 2, 28)), ("BFD-C05", date(2025, 11, 14)), ("YRK-B02", date(2024, 8, 19))):
        for u in units:
            if u[0] == uno:
                u[7] = "Y"
                u[8] = d2s(dd)
                dead[uno] = dd
    assert len(dead) == 3, dead
    cur.executemany("INSERT INTO UNIT_MSTR VALUES (?,?,?,?,?,?,?,?,?)", units)
    uinfo = {u[0]: u for u in units}

    def list_rate(uno, d):
        r = uinfo[uno][4]
        if d >= date(2026, 4, 1):
            k = 0
        elif d >= date(2025, 4, 1):
            k = 1
        elif d >= date(2024, 4, 1):
            k = 2
        else:
            k = 3
        if uinfo[uno][2] == "LKR":
            return r - k * 1.0
        return round(r / (1.05 ** k)) - 0.01

    MIG = date(2024, 1, 1)
    # ---------------- lease timelines per unit
    raw = []
    for u in units:
        uno, sc, typ = u[0], u[1], u[2]
        opened = site_open[sc]
        horizon = dead.get(uno, TODAY + timedelta(days=35))
        if opened < date(2023, 1, 1) and rng.random() < 0.62:
            start = rand_date(rng, max(opened, date(2021, 6, 1)), date(2023, 6, 30))
        else:
            base = max(opened, date(2023, 1, 1))
            start = base + timedelta(days=int(rng.expovariate(1 / (150 if sc == "HGT" else 110))))
        if typ == "DRV" and sc == "HGT":
            continue   # the two big Harrogate drive-ups have never let
        while start <= horizon:
            cyc = wchoice(rng, ["Q", "H", "A"], [40, 30, 30])
            L = {"Q": 3, "H": 6, "A": 12}[cyc]
            dur = rng.lognormvariate(2.15, 0.75)
            nper = max(1, int(round(dur / L)))
            end = add_months(start, nper * L) - timedelta(days=1)
            lease = dict(unit=uno, site=sc, start=start, end=end, cyc=cyc, L=L, stat="TRM")
            if start > TODAY:
                if rng.random() < 0.6 and uno not in dead:
                    lease.update(end=None, stat="RES")
                    raw.append(lease)
                break
            if uno in dead and end >= dead[uno]:
                lease["end"] = dead[uno] - timedelta(days=rng.randint(3, 20))
                if lease["end"] < start:
                    break
                raw.append(lease)
                break
            if end >= TODAY:
                if end <= TODAY + timedelta(days=62) and rng.random() < 0.35:
                    lease.update(stat="ACT")
                else:
                    lease.update(end=None, stat="ACT")
                raw.append(lease)
                break
            raw.append(lease)
            start = end + timedelta(days=1 + int(rng.expovariate(1 / 190)))
    raw = [l for l in raw if l["end"] is None or l["end"] >= MIG]
    raw.sort(key=lambda l: (l["start"], l["unit"]))

    # ---------------- customers
    used = set()
    CO = ["Ackroyd Joinery", "Dalesway Interiors", "Northern Print Co", "Kirkgate Antiques", "Ouse Valley Catering",
          "Harewood Events", "Pennine Pet Supplies", "Chapel Allerton Florist", "Whitby Road Motors", "Aire Valley Plumbing",
          "Stonegate Vintage", "BrightSpark Electrical", "Moorland Hiking Gear", "Little Acorns Nursery", "Yorkshire Party Hire",
          "Tadcaster Tiles", "Hebden Home Removals", "Rawdon Records", "Ilkley Bike Works", "Minster Med Supplies",
          "Calder eBay Traders", "Otley Craft Ales", "Saltaire Furniture", "Nidd Gardens Ltd", "Knaresborough Books",
          "Headingley Sports Kit", "Ripon Print & Frame", "Selby Office Supplies", "Castleford Dance School",
          "Wetherby Wedding Co", "Bingley Bathrooms", "Haxby Handyman Services"]
    co_pool = list(CO)
    rng.shuffle(co_pool)
    custs = []  # dict(no, typ, fn, ln, co, crt, city, behav, prop, leases)

    def mk_cust(crt, typ, sc):
        fn, ln = person(rng, used)
        co = None
        if typ == "BUS":
            co = co_pool.pop() if co_pool else f"{ln} Trading Ltd"
        city = site_city[sc] if rng.random() < 0.8 else rng.choice(["Leeds", "Bradford", "York", "Harrogate", "Wakefield",
                                                                     "Otley", "Ilkley", "Selby", "Knaresborough"])
        c = dict(typ=typ, fn=fn, ln=ln, co=co, crt=crt, city=city, site=sc,
                 behav=wchoice(rng, ["good", "slow", "bad"], [75, 15, 10]),
                 prop=rng.lognormvariate(-5.25, 0.7) if typ == "PER" else rng.lognormvariate(-4.0, 0.6),
                 leases=[], dup=False)
        custs.append(c)
        return c

    for l in raw:
        bus = rng.random() < 0.22
        c = None
        if bus:
            pool = [x for x in custs if x["typ"] == "BUS" and x["leases"]]
            if pool and rng.random() < 0.45:
                c = rng.choice(pool)
        else:
            pool = [x for x in custs if x["typ"] == "PER" and x["leases"] and
                    all(ll["end"] is not None and ll["end"] < l["start"] for ll in x["leases"])]
            if pool and rng.random() < 0.10:
                c = rng.choice(pool)
        if c is None:
            c = mk_cust(l["start"] - timedelta(days=rng.randint(0, 12)), "BUS" if bus else "PER", l["site"])
        c["leases"].append(l)
        l["cust"] = c
    for _ in range(28):   # enquiries / quotes that never took a unit
        mk_cust(rand_date(rng, date(2024, 1, 3), TODAY - timedelta(days=2)), "BUS" if rng.random() < 0.2 else "PER",
                rng.choice(["LDS", "BFD", "YRK", "HGT"]))
    real = list(custs)
    for src in rng.sample([c for c in real if c["leases"]], 7):   # duplicates keyed in error, soft-deleted
        dup = dict(src)
        dup.update(crt=src["crt"] + timedelta(days=rng.randint(1, 40)), leases=[], dup=True)
        custs.append(dup)
    custs.sort(key=lambda c: (c["crt"], c["ln"], c["fn"], c["dup"]))
    for i, c in enumerate(custs):
        c["no"] = 10001 + i
    # GDPR erasure of a few long-gone customers
    gone = [c for c in custs if c["leases"] and not c["dup"] and all(l["end"] is not None and l["end"] < date(2025, 3, 1) for l in c["leases"])]
    erased = set(id(c) for c in rng.sample(gone, 3))
    cust_rows = []
    for c in custs:
        dl = "Y" if (c["dup"] or id(c) in erased) else "N"
        email = None if rng.random() < 0.07 else (
            f"{c['fn'].lower()}.{c['ln'].lower()}@{rng.choice(['gmail.com', 'outlook.com', 'btinternet.com', 'yahoo.co.uk'])}"
            if c["typ"] == "PER" else f"{c['fn'].lower()}@{c['co'].lower().replace(' ', '').replace('&', '')[:14]}.co.uk")
        tel = f"07{rng.randint(100, 999)} {rng.randint(100000, 999999)}"
        pc = {"Leeds": "LS", "Bradford": "BD", "York": "YO", "Harrogate": "HG", "Wakefield": "WF", "Otley": "LS",
              "Ilkley": "LS", "Selby": "YO", "Knaresborough": "HG"}[c["city"]] + f"{rng.randint(1, 29)} {rng.randint(1, 9)}{rng.choice('ABDEFGHJLNPQRSTUWXYZ')}{rng.choice('ABDEFGHJLNPQRSTUWXYZ')}"
        cust_rows.append((c["no"], c["typ"], c["fn"], c["ln"], c["co"], email, tel, c["city"], pc, d2s(c["crt"]),
                          "Y" if rng.random() < 0.4 else "N", dl))
    cur.executemany("INSERT INTO CUST VALUES (?,?,?,?,?,?,?,?,?,?,?,?)", cust_rows)

    chg = [("RENT", "Storage rent", None, "Y"), ("INS", "Contents insurance", None, "N"),
           ("LATE", "Late payment fee", 20.00, "N"), ("LOCK", "Disc padlock", 9.99, "Y"),
           ("BOX", "Packing box (medium)", 2.49, "Y"), ("ADMIN", "Admin fee", 15.00, "Y"),
           ("DISC", "Promotional discount", None, "Y")]
    cur.executemany("INSERT INTO CHG_CD VALUES (?,?,?,?)", chg)
    prem = {1000: 3.50, 2000: 5.50, 3000: 7.50, 5000: 10.50, 10000: 18.00}

    # ---------------- leases, invoices, payments
    lease_rows = []
    invs = []     # dict
    pays = []     # [cust_no, inv_key, date, amt, mthd, ref, del]
    for i, l in enumerate(raw):
        l["no"] = 500001 + i
        c = l["cust"]
        rate = list_rate(l["unit"], l["start"])
        if c["typ"] == "BUS" and rng.random() < 0.3:
            rate = round(rate * 0.9, 2)
        l["rate"] = rate
        if c["typ"] == "BUS":
            cov = None if rng.random() < 0.5 else wchoice(rng, [2000, 5000, 10000], [3, 4, 3])
        else:
            cov = None if rng.random() < 0.42 else wchoice(rng, [1000, 2000, 3000, 5000, 10000], [26, 34, 18, 15, 7])
        l["cov"] = cov
        l["promo"] = None
        if l["start"] >= MIG:
            z = rng.random()
            l["promo"] = "HALF2" if z < 0.18 else "MOVE1" if z < 0.28 else None
        dep = float(round(rate)) if l["start"] < date(2025, 1, 1) else 0.0
        l["dep"] = dep
        # invoices
        k = 0
        prev_late = False
        stopped = False
        stop_at = rng.randint(1, 3) if c["behav"] == "bad" else None
        n_inv = 0
        while l["stat"] != "RES":
            p_from = add_months(l["start"], k * l["L"])
            p_to = add_months(l["start"], (k + 1) * l["L"]) - timedelta(days=1)
            if l["end"] is not None and p_from > l["end"]:
                break
            inv_dt = l["start"] if k == 0 else p_from - timedelta(days=7)
            if inv_dt > TODAY:
                break
            k += 1
            if p_from < MIG or inv_dt < MIG:
                continue
            lines = []
            lines.append(["RENT", f"Storage rent {l['unit']} {p_from.strftime('%d/%m/%y')}-{p_to.strftime('%d/%m/%y')}",
                          l["L"], rate, round(l["L"] * rate, 2)])
            if cov:
                lines.append(["INS", f"Contents cover GBP{cov}", l["L"], prem[cov], round(l["L"] * prem[cov], 2)])
            if k == 1 and l["start"] >= MIG:
                if l["promo"] == "HALF2":
                    lines.append(["DISC", "Promo HALF2 - 50% off first 2 months", 1, -rate, -rate])
                elif l["promo"] == "MOVE1":
                    lines.append(["DISC", "Promo MOVE1 - first month 1.00", 1, round(1.0 - rate, 2), round(1.0 - rate, 2)])
                if l["start"] >= date(2025, 6, 1):
                    lines.append(["ADMIN", "Admin fee", 1, 15.00, 15.00])
                if rng.random() < 0.5:
                    q = 2 if uinfo[l["unit"]][2] in ("DRV", "CNT") and rng.random() < 0.5 else 1
                    lines.append(["LOCK", "Disc padlock", q, 9.99, round(q * 9.99, 2)])
                if rng.random() < 0.15:
                    q = rng.randint(5, 20)
                    lines.append(["BOX", "Packing box (medium)", q, 2.49, round(q * 2.49, 2)])
            if prev_late:
                lines.append(["LATE", "Late payment fee", 1, 20.00, 20.00])
            total = round(sum(x[4] for x in lines), 2)
            due = inv_dt + timedelta(days=14)
            inv = dict(cust=c["no"], lease=l["no"], inv_dt=inv_dt, due=due, p_from=p_from, p_to=p_to, total=total,
                       lines=lines, dl="N", key=len(invs))
            invs.append(inv)
            n_inv += 1
            # payment behaviour
            beh = c["behav"]
            if beh == "bad" and n_inv >= stop_at:
                stopped = True
            prev_late = False
            if stopped:
                if rng.random() < 0.6 and n_inv == stop_at:
                    pd = due + timedelta(days=rng.randint(5, 30))
                    if pd <= TODAY:
                        pays.append([c["no"], inv["key"], pd, round(total * 0.4, 2), "CARD", "Part payment", "N"])
                continue
            if beh == "good" or (beh == "bad" and rng.random() < 0.5):
                if rng.random() < 0.93:
                    pd = inv_dt + timedelta(days=wchoice(rng, [0, 1, 2, 3, 5, 7, 10, 13], [20, 18, 16, 14, 12, 9, 6, 5]))
                else:
                    pd = due + timedelta(days=rng.randint(1, 12))
                parts = [(pd, total)]
            else:
                pd = due + timedelta(days=rng.randint(2, 40))
                if rng.random() < 0.25:
                    half = round(total / 2, 2)
                    parts = [(due - timedelta(days=rng.randint(0, 5)), half), (pd, round(total - half, 2))]
                else:
                    parts = [(pd, total)]
            if c["typ"] == "BUS":
                mth = wchoice(rng, ["BACS", "DD", "CARD"], [50, 30, 20])
            else:
                mth = wchoice(rng, ["DD", "CARD", "CASH", "BACS"], [52, 38, 4, 6])
            for pd, amt in parts:
                if pd > TODAY:
                    continue
                m2 = mth if len(parts) == 1 else "CARD"
                ref = {"DD": "DD COLLECTION", "CARD": "CARD PMT", "CASH": "CASH AT DESK", "BACS": f"BACS {c['ln'].upper()}"}[m2]
                pays.append([c["no"], inv["key"], pd, amt, m2, ref, "N"])
            if parts[-1][0] > due and parts[-1][0] <= TODAY:
                prev_late = True
        l["n_inv"] = n_inv

    # payments totals per invoice
    paid = {}
    for p in pays:
        paid[p[1]] = paid.get(p[1], 0) + p[3]
    # status & overlock
    ovl_since = {}
    for l in raw:
        if l["stat"] == "ACT":
            owing = [iv for iv in invs if iv["lease"] == l["no"] and paid.get(iv["key"], 0) < iv["total"] - 0.005
                     and iv["due"] < TODAY - timedelta(days=14)]
            if owing:
                l["stat"] = "OVL"
                ovl_since[l["no"]] = min(iv["due"] for iv in owing) + timedelta(days=15)
                l["end"] = None
    # deleted duplicate invoices (keyed twice in error)
    for src in rng.sample([iv for iv in invs if iv["inv_dt"] < date(2026, 10, 1)], 8):
        dup = dict(src)
        dup.update(dl="Y", key=len(invs), inv_dt=src["inv_dt"] + timedelta(days=rng.randint(0, 2)))
        invs.append(dup)
    invs.sort(key=lambda iv: (iv["inv_dt"], iv["lease"], iv["key"]))
    inv_no = {}
    for i, iv in enumerate(invs):
        inv_no[iv["key"]] = 700001 + i
    hdr_rows, ln_rows = [], []
    for iv in invs:
        no = inv_no[iv["key"]]
        pt = paid.get(iv["key"], 0) if iv["dl"] == "N" else 0
        stt = "PAID" if pt >= iv["total"] - 0.005 else ("PART" if pt > 0 else "OPEN")
        hdr_rows.append((no, iv["cust"], iv["lease"], d2s(iv["inv_dt"]), d2s(iv["due"]), d2s(iv["p_from"]), d2s(iv["p_to"]),
                         iv["total"], stt, iv["dl"]))
        for j, ln in enumerate(iv["lines"], 1):
            ln_rows.append((no, j, ln[0], ln[1], ln[2], ln[3], ln[4]))
    cur.executemany("INSERT INTO INV_HDR VALUES (?,?,?,?,?,?,?,?,?,?)", hdr_rows)
    cur.executemany("INSERT INTO INV_LN VALUES (?,?,?,?,?,?,?)", ln_rows)
    for src in rng.sample([p for p in pays if p[2] < date(2026, 9, 1)], 6):
        dup = list(src)
        dup[6] = "Y"
        pays.append(dup)
    pays.sort(key=lambda p: (p[2], inv_no[p[1]], p[6]))
    pay_rows = [(900001 + i, p[0], inv_no[p[1]], d2s(p[2]), p[3], p[4], p[5], p[6]) for i, p in enumerate(pays)]
    cur.executemany("INSERT INTO PAY VALUES (?,?,?,?,?,?,?,?)", pay_rows)

    # lease rows (+ a few duplicates keyed in error and soft-deleted)
    for l in raw:
        lease_rows.append([l["no"], l["cust"]["no"], l["unit"], d2s(l["start"]), d2s(l["end"]) if l["end"] else None,
                           l["stat"], l["rate"], l["cyc"], l["cov"], l["dep"], l["promo"], "N"])
    nxt = 500001 + len(raw)
    for src in rng.sample([x for x in lease_rows if x[5] in ("ACT", "TRM")], 5):
        dup = list(src)
        dup[0] = nxt
        nxt += 1
        dup[11] = "Y"
        lease_rows.append(dup)
    cur.executemany("INSERT INTO LEASE_HDR VALUES (?,?,?,?,?,?,?,?,?,?,?,?)", lease_rows)

    # ---------------- gate log
    hours = list(range(6, 22))
    hw = [2, 5, 8, 10, 11, 10, 9, 9, 10, 10, 9, 8, 6, 4, 3, 2]
    events = []
    for l in raw:
        if l["stat"] == "RES":
            continue
        c = l["cust"]
        a = max(l["start"], MIG)
        b = min(l["end"] or TODAY, TODAY)
        first = True
        for d in daterange(a, b):
            p = c["prop"] * (0.35 if (c["typ"] == "BUS" and d.weekday() >= 5) else 1.0)
            if first and d == l["start"]:
                p = 0.9
                first = False
            if d == l["end"]:
                p = 0.8
            if rng.random() < p:
                h = wchoice(rng, hours, hw)
                if d == TODAY and h >= NOW_HOUR:
                    continue
                e = "ENTRY"
                if l["no"] in ovl_since and d >= ovl_since[l["no"]]:
                    e = "DENIED"
                elif rng.random() < 0.015:
                    e = "DENIED"
                events.append((l["site"], c["no"], f"{d2s(d)} {h:02d}:{rng.randint(0, 59):02d}:{rng.randint(0, 59):02d}",
                               e, 1 if rng.random() < 0.75 else 2))
    for _ in range(34):
        sc = wchoice(rng, ["LDS", "BFD", "YRK", "HGT"], [35, 25, 28, 12])
        d = rand_date(rng, max(MIG, site_open[sc]), TODAY - timedelta(days=1))
        h = wchoice(rng, hours, hw)
        events.append((sc, None, f"{d2s(d)} {h:02d}:{rng.randint(0, 59):02d}:{rng.randint(0, 59):02d}", "DENIED",
                       1 if rng.random() < 0.6 else 2))
    events.sort(key=lambda e: (e[2], e[0]))
    cur.executemany("INSERT INTO GATE_LOG VALUES (?,?,?,?,?,?)", [(i,) + e for i, e in enumerate(events, 1)])
    con.commit()
    con.close()


if __name__ == "__main__":
    build_pottery()
    build_storage()
    for n in ("pottery", "storage"):
        con = sqlite3.connect(os.path.join(BASE, "dbs", n, n + ".sqlite"))
        rows = con.execute("SELECT name, type FROM sqlite_master WHERE type IN ('table','view') ORDER BY type, name").fetchall()
        print(n)
        for name, typ in rows:
            cnt = con.execute(f'SELECT COUNT(*) FROM "{name}"').fetchone()[0]
            print(f"  {typ:5} {name:20} {cnt}")
        con.close()
