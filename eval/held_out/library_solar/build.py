#!/usr/bin/env python3
"""Build the two probe databases (library, solar).

Deterministic: fixed random seeds, hard-coded TODAY.  stdlib only.
"""
import os
import random
import sqlite3
from datetime import date, timedelta

TODAY = date(2026, 11, 28)          # a Saturday
BASE = os.path.dirname(os.path.abspath(__file__))


def d2s(d):
    return d.isoformat()


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


def add_years(d, n):
    try:
        return d.replace(year=d.year + n)
    except ValueError:
        return d.replace(year=d.year + n, day=28)


FIRST = ["James", "Sarah", "David", "Emma", "Mark", "Claire", "Paul", "Rachel", "Andrew", "Helen",
         "Richard", "Laura", "Steven", "Nicola", "Gareth", "Joanne", "Simon", "Karen", "Chris", "Lucy",
         "Ian", "Victoria", "Neil", "Amy", "Peter", "Kirsty", "Tom", "Hannah", "Matthew", "Gemma",
         "Rob", "Louise", "Alan", "Jenny", "Martin", "Sophie", "Graham", "Zoe", "Dean", "Natalie",
         "Kevin", "Becky", "Ryan", "Charlotte", "Lee", "Fiona", "Adam", "Megan", "Phil", "Jade",
         "Barry", "Sian", "Colin", "Elaine", "Derek", "Tracey", "Ali", "Priya", "Raj", "Aisha",
         "Margaret", "Brian", "Jean", "Keith", "Pauline", "Trevor", "Ruth", "Harriet", "Oliver", "Freya"]
KIDS = ["Oliver", "Amelia", "George", "Isla", "Noah", "Ava", "Arthur", "Mia", "Leo", "Ivy", "Oscar",
        "Freya", "Harry", "Florence", "Jack", "Willow", "Teddy", "Rosie", "Finley", "Poppy", "Alfie",
        "Evie", "Charlie", "Elsie", "Theo", "Maisie", "Archie", "Lily", "Henry", "Sophia"]
LAST = ["Smith", "Jones", "Williams", "Taylor", "Brown", "Davies", "Evans", "Wilson", "Thomas",
        "Johnson", "Roberts", "Robinson", "Thompson", "Wright", "Walker", "White", "Edwards",
        "Hughes", "Green", "Hall", "Lewis", "Harris", "Clarke", "Patel", "Jackson", "Wood",
        "Turner", "Martin", "Cooper", "Hill", "Ward", "Morris", "Moore", "Clark", "Lee", "King",
        "Baker", "Harrison", "Morgan", "Allen", "James", "Scott", "Phillips", "Watson", "Davis",
        "Parker", "Price", "Bennett", "Young", "Griffiths", "Mitchell", "Kelly", "Cook", "Carter",
        "Richardson", "Bailey", "Collins", "Bell", "Shaw", "Murphy", "Miller", "Cox", "Richards",
        "Khan", "Marshall", "Anderson", "Simpson", "Ellis", "Adams", "Singh", "Begum", "Wilkinson",
        "Foster", "Chapman", "Powell", "Webb", "Rogers", "Gray", "Mason", "Ali", "Hunt", "Hussain",
        "Sutcliffe", "Greenwood", "Ackroyd", "Crossley", "Holroyd", "Barraclough", "Haigh", "Firth"]
LAST_W = [max(1, 30 - i // 3) for i in range(len(LAST))]


# ============================================================================
# LIBRARY
# ============================================================================
def build_library():
    rng = random.Random(3701)
    con = sqlite3.connect(db_path("library"))
    cur = con.cursor()
    cur.executescript("""
    CREATE TABLE member_types (
        type_cd      TEXT PRIMARY KEY,
        type_desc    TEXT NOT NULL,
        max_loans    INTEGER,
        annual_fee_p INTEGER            -- pence
    );
    CREATE TABLE members (
        mem_id       INTEGER PRIMARY KEY,
        card_no      TEXT UNIQUE,
        first_nm     TEXT,
        surname      TEXT,
        type_cd      TEXT REFERENCES member_types(type_cd),
        dob          TEXT,
        email        TEXT,
        phone        TEXT,
        town         TEXT,
        postcode     TEXT,
        dt_joined    TEXT,
        dt_expiry    TEXT,
        gift_aid     TEXT,              -- Y/N
        referred_by  INTEGER REFERENCES members(mem_id),
        is_deleted   INTEGER DEFAULT 0,
        notes        TEXT
    );
    CREATE TABLE item_types (
        type_cd      TEXT PRIMARY KEY,
        type_desc    TEXT,
        loan_days    INTEGER,
        max_renewals INTEGER,
        fine_per_day_p INTEGER,
        fine_cap_p   INTEGER
    );
    CREATE TABLE items (
        item_id      INTEGER PRIMARY KEY,
        item_type    TEXT REFERENCES item_types(type_cd),
        title        TEXT NOT NULL,
        creator      TEXT,              -- author / director / game designer
        genre        TEXT,
        yr_pub       INTEGER,
        isbn_ean     TEXT,
        age_rating   TEXT,
        repl_cost    REAL,              -- replacement cost, pounds
        donated_yn   TEXT DEFAULT 'N'
    );
    CREATE TABLE copies (
        copy_id      INTEGER PRIMARY KEY,
        item_id      INTEGER NOT NULL REFERENCES items(item_id),
        barcode      TEXT UNIQUE,
        shelf_loc    TEXT,
        dt_added     TEXT,
        status       TEXT,              -- Available / On Loan / Lost / Withdrawn / Damaged
        withdrawn_dt TEXT
    );
    CREATE TABLE loans (
        loan_id      INTEGER PRIMARY KEY,
        copy_id      INTEGER NOT NULL REFERENCES copies(copy_id),
        mem_id       INTEGER NOT NULL REFERENCES members(mem_id),
        dt_out       TEXT NOT NULL,
        dt_due       TEXT NOT NULL,
        dt_returned  TEXT,
        renew_cnt    INTEGER DEFAULT 0,
        issued_by    INTEGER            -- volunteers.vol_id, NULL = self-service kiosk
    );
    CREATE TABLE fines (
        fine_id      INTEGER PRIMARY KEY,
        loan_id      INTEGER REFERENCES loans(loan_id),
        mem_id       INTEGER REFERENCES members(mem_id),
        reason_cd    TEXT,              -- LATE / LOST / DMG
        amt_p        INTEGER,           -- pence
        dt_raised    TEXT,
        dt_paid      TEXT,
        waived       INTEGER DEFAULT 0,
        waived_by    INTEGER,
        notes        TEXT
    );
    CREATE TABLE reservations (
        res_id       INTEGER PRIMARY KEY,
        item_id      INTEGER REFERENCES items(item_id),
        mem_id       INTEGER REFERENCES members(mem_id),
        dt_placed    TEXT,
        status       TEXT,
        dt_ready     TEXT,
        dt_collected TEXT
    );
    CREATE TABLE events (
        event_id     INTEGER PRIMARY KEY,
        title        TEXT,
        event_type   TEXT,
        event_start  TEXT,              -- 'YYYY-MM-DD HH:MM'
        duration_min INTEGER,
        capacity     INTEGER,
        ticket_gbp   REAL,
        host         TEXT,
        room         TEXT,
        cancelled    INTEGER DEFAULT 0,
        notes        TEXT
    );
    CREATE TABLE event_bookings (
        bkg_id       INTEGER PRIMARY KEY,
        event_id     INTEGER REFERENCES events(event_id),
        mem_id       INTEGER REFERENCES members(mem_id),
        guest_nm     TEXT,
        places       INTEGER,
        dt_booked    TEXT,
        paid_p       INTEGER,
        attended     TEXT               -- Y / N / NULL (not happened yet)
    );
    CREATE TABLE volunteers (
        vol_id       INTEGER PRIMARY KEY,
        mem_id       INTEGER REFERENCES members(mem_id),
        vol_nm       TEXT,
        phone        TEXT,
        role         TEXT,
        dt_start     TEXT,
        dt_end       TEXT,
        dbs_chk      INTEGER,
        dbs_exp_dt   TEXT,
        supervisor_id INTEGER REFERENCES volunteers(vol_id)
    );
    CREATE TABLE vol_shifts (
        shift_id     INTEGER PRIMARY KEY,
        vol_id       INTEGER REFERENCES volunteers(vol_id),
        shift_dt     TEXT,
        start_tm     TEXT,
        end_tm       TEXT,
        area         TEXT,
        no_show      INTEGER            -- 0/1, NULL for future rota
    );
    CREATE TABLE cafe_sales (
        sale_id      INTEGER PRIMARY KEY,
        receipt_no   INTEGER,
        sale_ts      TEXT,              -- 'YYYY-MM-DD HH:MM'
        till_cd      TEXT,
        prod_desc    TEXT,
        category     TEXT,
        qty          INTEGER,
        unit_p       INTEGER,
        line_total_p INTEGER,
        pay_type     TEXT,
        mem_id       INTEGER,
        refunded     INTEGER DEFAULT 0
    );
    """)

    # ---------------- lookups
    mtypes = [("ADL", "Adult", 8, 1500), ("JNR", "Junior (under 16)", 5, 0),
              ("CON", "Concession (60+/student/benefits)", 8, 750), ("FAM", "Family", 15, 2500),
              ("LIFE", "Life member", 10, 0)]
    cur.executemany("INSERT INTO member_types VALUES (?,?,?,?)", mtypes)
    itypes = [("BK", "Book", 21, 2, 15, 600), ("DVD", "DVD / Blu-ray", 7, 1, 50, 1000),
              ("GAME", "Board game", 14, 1, 25, 800)]
    cur.executemany("INSERT INTO item_types VALUES (?,?,?,?,?,?)", itypes)
    itype = {t[0]: t for t in itypes}

    # ---------------- members
    towns = [("Hebden Bridge", "HX7 6"), ("Mytholmroyd", "HX7 5"), ("Todmorden", "OL14 "),
             ("Heptonstall", "HX7 7"), ("Halifax", "HX1 "), ("Sowerby Bridge", "HX6 ")]
    town_w = [40, 18, 16, 6, 10, 10]
    members = []
    mem_info = {}
    used = set()
    n_mem = 640
    for mid in range(1, n_mem + 1):
        tcd = wchoice(rng, ["ADL", "JNR", "CON", "FAM", "LIFE"], [54, 19, 16, 9, 2])
        while True:
            fn = rng.choice(KIDS) if tcd == "JNR" else rng.choice(FIRST)
            ln = wchoice(rng, LAST, LAST_W)
            if (fn, ln) not in used:
                used.add((fn, ln))
                break
        r = rng.random()
        if tcd == "LIFE" or r < 0.50:
            joined = rand_date(rng, date(2011, 1, 1), date(2023, 12, 31))
        elif r < 0.70:
            joined = rand_date(rng, date(2024, 1, 1), date(2024, 12, 31))
        elif r < 0.87:
            joined = rand_date(rng, date(2025, 1, 1), date(2025, 12, 31))
        else:
            joined = rand_date(rng, date(2026, 1, 1), date(2026, 11, 26))
        if tcd == "JNR":
            dob = rand_date(rng, date(2011, 1, 1), date(2021, 12, 31))
            if dob > joined - timedelta(days=365 * 3):
                dob = joined - timedelta(days=365 * 3 + rng.randint(0, 900))
        elif tcd == "CON":
            dob = rand_date(rng, date(1938, 1, 1), date(1966, 12, 31)) if rng.random() < 0.7 else \
                rand_date(rng, date(2000, 1, 1), date(2007, 12, 31))
        else:
            dob = rand_date(rng, date(1945, 1, 1), date(2006, 12, 31))
        if rng.random() < 0.1:
            dob = None
        town, pc = towns[[t[0] for t in towns].index(wchoice(rng, [t[0] for t in towns], town_w))]
        postcode = f"{pc}{rng.randint(1, 9)}{rng.choice('ABDEFGHJLNPQRSTUWXYZ')}{rng.choice('ABDEFGHJLNPQRSTUWXYZ')}"
        email = None if rng.random() < 0.2 or tcd == "JNR" else \
            f"{fn.lower()}.{ln.lower()}{rng.randint(1, 99)}@{rng.choice(['gmail.com', 'hotmail.co.uk', 'outlook.com', 'btinternet.com', 'yahoo.co.uk'])}"
        phone = None if rng.random() < 0.15 else f"07{rng.randint(100, 999)} {rng.randint(100000, 999999)}"
        # membership renews each year on the joining anniversary; some lapse
        lapsed = rng.random() < 0.16 and joined < date(2025, 10, 1)
        if tcd == "LIFE":
            expiry = None
        elif lapsed:
            yrs = rng.randint(1, max(1, (TODAY - joined).days // 365))
            expiry = add_years(joined, yrs)
            if expiry > TODAY - timedelta(days=20):
                expiry = TODAY - timedelta(days=rng.randint(20, 200))
                if expiry < joined + timedelta(days=200):
                    expiry = joined + timedelta(days=365)
        else:
            expiry = joined
            while expiry <= TODAY:
                expiry = add_years(expiry, 1)
        gift = "Y" if tcd != "JNR" and rng.random() < 0.35 else "N"
        deleted = 1 if rng.random() < 0.03 else 0
        notes = None
        if deleted:
            notes = rng.choice(["Deleted at member request (GDPR)", "Moved away - closed account",
                                "Duplicate record, merged"])
        elif rng.random() < 0.06:
            notes = rng.choice(["Housebound - home delivery", "Large print preferred",
                                "Prefers phone contact", "Reading group member", "Lost card, reissued",
                                "Parent: see family account"])
        members.append([mid, f"HBL{100000 + mid * 7:06d}", fn, ln, tcd, d2s(dob) if dob else None,
                        email, phone, town, postcode, d2s(joined), d2s(expiry) if expiry else None,
                        gift, None, deleted, notes])
        act = 0.0 if rng.random() < 0.09 else rng.lognormvariate(0, 0.9)
        if tcd == "FAM":
            act *= 1.8
        mem_info[mid] = {"type": tcd, "joined": joined, "expiry": expiry, "act": act,
                         "late": rng.choice([0.05, 0.1, 0.15, 0.25, 0.4, 0.6]), "deleted": deleted}
    # referrals (self-reference): newer members referred by existing ones
    for m in members:
        j = date.fromisoformat(m[10])
        if j >= date(2024, 1, 1) and rng.random() < 0.18:
            cands = [x[0] for x in members if date.fromisoformat(x[10]) < j - timedelta(days=60)
                     and x[4] != "JNR"]
            m[13] = rng.choice(cands)
    cur.executemany("INSERT INTO members VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)", members)

    # ---------------- items
    ADJ = ["Silent", "Hidden", "Last", "Broken", "Golden", "Winter", "Northern", "Lost", "Secret",
           "Quiet", "Burning", "Distant", "Paper", "Glass", "Iron", "Velvet", "Hollow", "Crimson",
           "Wild", "Forgotten", "Salt", "Stone"]
    NOUN = ["Harbour", "Garden", "Orchard", "Station", "River", "House", "Letters", "Moor",
            "Lighthouse", "Kingdom", "Daughter", "Valley", "Mill", "Bridge", "Summer", "Island",
            "Map", "Clockmaker", "Weaver", "Shepherd", "Canal", "Chapel"]
    PLACES = ["Calderdale", "the Pennines", "Hebden", "Yorkshire", "the Moors", "Heptonstall",
              "the Calder Valley", "Todmorden", "Halifax", "Stoodley Pike"]
    book_genres = [("Fiction", 24), ("Crime", 18), ("Sci-Fi & Fantasy", 8), ("Biography", 7),
                   ("History", 7), ("Children", 20), ("Teen", 6), ("Cookery", 4),
                   ("Local Interest", 5), ("Poetry", 2), ("Nature", 5)]
    titles = set()
    items = []
    item_w = {}
    iid = 0

    def new_title(kind):
        for _ in range(200):
            r = rng.random()
            if kind == "Local Interest":
                t = rng.choice([f"A History of {rng.choice(PLACES)}", f"Walks around {rng.choice(PLACES)}",
                                f"{rng.choice(PLACES)} in Old Photographs", f"The Mills of {rng.choice(PLACES)}",
                                f"{rng.choice(NOUN)}s of {rng.choice(PLACES)}"])
            elif kind == "Cookery":
                t = rng.choice([f"{rng.choice(['Simple', 'Northern', 'Vegan', 'Weeknight', 'One-Pot', 'Baking'])} "
                                f"{rng.choice(['Suppers', 'Kitchen', 'Bakes', 'Cooking', 'Feasts', 'Puddings'])}"])
            elif kind == "Children":
                t = f"{rng.choice(['The Very', 'Little', 'The Brave', 'The Grumpy', 'The Sleepy', 'Where is the'])} " \
                    f"{rng.choice(['Hedgehog', 'Dragon', 'Bear', 'Owl', 'Fox', 'Tractor', 'Dinosaur', 'Penguin', 'Mouse', 'Rabbit'])}"
            elif r < 0.45:
                t = f"The {rng.choice(ADJ)} {rng.choice(NOUN)}"
            elif r < 0.75:
                t = f"{rng.choice(ADJ)} {rng.choice(NOUN)}"
            else:
                t = f"The {rng.choice(NOUN)} of {rng.choice(PLACES)}"
            if t not in titles:
                titles.add(t)
                return t
        return None

    authors = [f"{rng.choice(FIRST)} {wchoice(rng, LAST, LAST_W)}" for _ in range(260)]
    for _ in range(640):
        g = wchoice(rng, [x[0] for x in book_genres], [x[1] for x in book_genres])
        t = new_title(g)
        if t is None:
            continue
        iid += 1
        yr = rng.randint(1995, 2026)
        age = {"Children": "0-7", "Teen": "12+"}.get(g, None)
        cost = round(rng.choice([7.99, 8.99, 9.99, 10.99, 12.99, 14.99, 16.99, 18.99, 20.0, 25.0]), 2)
        isbn = f"978{rng.randint(0, 1)}{rng.randint(10000000, 99999999)}{rng.randint(0, 9)}"
        items.append((iid, "BK", t, rng.choice(authors), g, yr, isbn, age, cost,
                      "Y" if rng.random() < 0.25 else "N"))
        pop = rng.lognormvariate(0, 0.9) * (1.6 if yr >= 2024 else 1.0)
        item_w[iid] = pop
    dvd_genres = [("Film", 50), ("Family", 22), ("Documentary", 12), ("TV Series", 16)]
    for _ in range(150):
        g = wchoice(rng, [x[0] for x in dvd_genres], [x[1] for x in dvd_genres])
        t = new_title("Film")
        if t is None:
            continue
        iid += 1
        rating = {"Family": wchoice(rng, ["U", "PG"], [50, 50])}.get(g, wchoice(rng, ["PG", "12", "15", "18"], [25, 35, 30, 10]))
        items.append((iid, "DVD", t, rng.choice(authors), g, rng.randint(1990, 2025),
                      f"50{rng.randint(10000000000, 99999999999)}", rating, rng.choice([5.0, 7.5, 10.0, 12.0]),
                      "Y" if rng.random() < 0.5 else "N"))
        item_w[iid] = rng.lognormvariate(0, 0.8)
    games = [("Catan", "Klaus Teuber", "Strategy", "10+", 45.0), ("Ticket to Ride", "Alan R. Moon", "Family", "8+", 45.0),
             ("Carcassonne", "Klaus-Jurgen Wrede", "Family", "7+", 32.0), ("Pandemic", "Matt Leacock", "Co-op", "8+", 40.0),
             ("Azul", "Michael Kiesling", "Family", "8+", 38.0), ("Dixit", "Jean-Louis Roubira", "Party", "8+", 32.0),
             ("Codenames", "Vlaada Chvatil", "Party", "10+", 20.0), ("Wingspan", "Elizabeth Hargrave", "Strategy", "10+", 55.0),
             ("Splendor", "Marc Andre", "Strategy", "10+", 35.0), ("7 Wonders", "Antoine Bauza", "Strategy", "10+", 45.0),
             ("King of Tokyo", "Richard Garfield", "Family", "8+", 35.0), ("Sushi Go!", "Phil Walker-Harding", "Party", "8+", 12.0),
             ("Kingdomino", "Bruno Cathala", "Family", "8+", 20.0), ("Forbidden Island", "Matt Leacock", "Co-op", "10+", 20.0),
             ("Love Letter", "Seiji Kanai", "Party", "10+", 12.0), ("Patchwork", "Uwe Rosenberg", "Strategy", "8+", 25.0),
             ("Takenoko", "Antoine Bauza", "Family", "8+", 38.0), ("Cascadia", "Randy Flynn", "Family", "10+", 40.0),
             ("Everdell", "James A. Wilson", "Strategy", "13+", 60.0), ("Scythe", "Jamey Stegmaier", "Strategy", "14+", 75.0),
             ("Root", "Cole Wehrle", "Strategy", "10+", 60.0), ("Jaipur", "Sebastien Pauchon", "Strategy", "12+", 20.0),
             ("Hanabi", "Antoine Bauza", "Co-op", "8+", 10.0), ("Camel Up", "Steffen Bogen", "Party", "8+", 35.0),
             ("Terraforming Mars", "Jacob Fryxelius", "Strategy", "12+", 60.0), ("Small World", "Philippe Keyaerts", "Strategy", "8+", 45.0),
             ("Photosynthesis", "Hjalmar Hach", "Strategy", "8+", 40.0), ("Just One", "Ludovic Roudy", "Party", "8+", 22.0),
             ("Mysterium", "Oleksandr Nevskiy", "Co-op", "10+", 45.0), ("Qwirkle", "Susan McKinley Ross", "Family", "6+", 30.0),
             ("Blokus", "Bernard Tavitian", "Family", "7+", 28.0), ("Dobble", "Denis Blanchot", "Party", "6+", 12.0),
             ("Outfoxed!", None, "Kids", "5+", 22.0), ("Rhino Hero", None, "Kids", "5+", 12.0),
             ("Hoot Owl Hoot!", None, "Kids", "4+", 18.0), ("Dragomino", "Bruno Cathala", "Kids", "5+", 20.0),
             ("Zombie Kidz Evolution", None, "Kids", "7+", 22.0), ("The Crew", "Thomas Sing", "Co-op", "10+", 14.0),
             ("Wavelength", None, "Party", "14+", 30.0), ("Betrayal at House on the Hill", None, "Strategy", "12+", 45.0),
             ("Cluedo", None, "Family", "8+", 22.0), ("Scrabble", None, "Family", "10+", 25.0),
             ("Articulate!", None, "Party", "12+", 25.0), ("Labyrinth", "Max J. Kobbert", "Kids", "7+", 25.0)]
    for g in games:
        iid += 1
        items.append((iid, "GAME", g[0], g[1], g[2], rng.randint(1995, 2024), None, g[3], g[4],
                      "Y" if rng.random() < 0.3 else "N"))
        item_w[iid] = rng.lognormvariate(0, 0.7)
    cur.executemany("INSERT INTO items VALUES (?,?,?,?,?,?,?,?,?,?)", items)
    item = {i[0]: i for i in items}

    # ---------------- copies
    copies = []
    cid = 0
    copies_of = {}
    copy_added = {}
    copy_withdrawn = {}
    for it in items:
        n = 1
        if it[1] == "BK":
            n = wchoice(rng, [1, 2, 3], [70, 22, 8]) if item_w[it[0]] < 2.5 else wchoice(rng, [2, 3, 4], [40, 40, 20])
        elif it[1] == "GAME":
            n = wchoice(rng, [1, 2], [75, 25])
        for k in range(n):
            cid += 1
            yr = max(it[5], 2008)
            if yr >= 2024:
                added = rand_date(rng, max(date(yr, 1, 1), date(2024, 1, 1)), min(date(yr, 12, 31), date(2026, 11, 20)))
            else:
                added = rand_date(rng, date(yr, 1, 1), date(2023, 12, 31))
            if k > 0 and rng.random() < 0.3:
                added = rand_date(rng, date(2024, 1, 1), date(2026, 10, 31))
            loc = {"BK": f"{it[4][:3].upper()}-{rng.randint(1, 12):02d}", "DVD": "AV-RACK", "GAME": "GAMES-SHELF"}[it[1]]
            wd = None
            if rng.random() < 0.05:
                wd = rand_date(rng, max(added, date(2024, 1, 1)) + timedelta(days=30), TODAY - timedelta(days=5))
                if wd <= added:
                    wd = None
            copies.append([cid, it[0], f"3{rng.randint(100, 999)}{cid:06d}", loc, d2s(added), "Available",
                           d2s(wd) if wd else None])
            copies_of.setdefault(it[0], []).append(cid)
            copy_added[cid] = added
            copy_withdrawn[cid] = wd
    copy_row = {c[0]: c for c in copies}

    # ---------------- volunteers
    vols_def = [
        # name, role, start, end, dbs
        ("Margaret Sutcliffe", "Coordinator", "2016-05-01", None, 1),
        ("Keith Crossley", "Coordinator", "2019-09-01", None, 1),
        ("Ruth Greenwood", "Coordinator", "2021-02-15", None, 1),
        ("Jean Barraclough", "Desk", "2017-03-01", None, 1),
        ("Trevor Holroyd", "Desk", "2018-06-11", None, 1),
        ("Pauline Ackroyd", "Desk", "2020-01-20", "2025-06-30", 1),
        ("Brian Haigh", "Desk", "2022-04-04", None, 0),
        ("Harriet Firth", "Desk", "2023-09-12", None, 1),
        ("Oliver Shaw", "Desk", "2024-02-06", "2024-09-30", 0),
        ("Freya Wood", "Desk", "2024-10-01", None, 1),
        ("Colin Bell", "Desk", "2025-01-14", None, 1),
        ("Sian Morgan", "Desk", "2025-07-01", None, 1),
        ("Priya Patel", "Cafe", "2019-11-05", None, 1),
        ("Derek Walker", "Cafe", "2021-03-03", None, 0),
        ("Elaine Hughes", "Cafe", "2022-05-17", None, 1),
        ("Jade Turner", "Cafe", "2023-10-10", "2025-03-31", 0),
        ("Tom Richards", "Cafe", "2024-06-04", None, 0),
        ("Megan Ellis", "Cafe", "2025-04-01", None, 1),
        ("Raj Singh", "Cafe", "2025-09-02", None, 1),
        ("Gemma Cooper", "Shelver", "2020-07-07", None, 0),
        ("Barry Clarke", "Shelver", "2021-11-30", None, 0),
        ("Louise Price", "Shelver", "2023-02-14", "2026-02-28", 0),
        ("Alan Foster", "Shelver", "2024-05-21", None, 0),
        ("Zoe Marshall", "Shelver", "2025-02-11", None, 0),
        ("Kirsty Webb", "Events", "2019-04-02", None, 1),
        ("Adam Gray", "Events", "2022-09-06", None, 1),
        ("Natalie Mason", "Events", "2024-03-05", None, 1),
        ("Ian Hunt", "Events", "2025-05-13", None, 1),
        ("Fiona Kelly", "Desk", "2026-03-03", None, 1),
        ("Dean Collins", "Shelver", "2026-06-09", None, 0),
        ("Hannah Begum", "Cafe", "2026-09-01", None, 1),
        ("Martin Lewis", "Events", "2026-10-06", None, 0),
    ]
    sup = {"Coordinator": None, "Desk": 1, "Cafe": 3, "Shelver": 2, "Events": 3}
    adult_mems = [m[0] for m in members if m[4] in ("ADL", "CON", "LIFE", "FAM") and not m[14]]
    rng.shuffle(adult_mems)
    vols = []
    for i, (nm, role, st, en, dbs) in enumerate(vols_def, 1):
        mem = adult_mems[i] if rng.random() < 0.8 else None
        dbs_exp = d2s(add_years(date.fromisoformat(st), 3 if i % 3 else 6)) if dbs else None
        supv = sup[role]
        if i == 2 or i == 3:
            supv = 1
        vols.append((i, mem, nm, f"07{rng.randint(100, 999)} {rng.randint(100000, 999999)}", role, st, en,
                     dbs, dbs_exp, supv))
    cur.executemany("INSERT INTO volunteers VALUES (?,?,?,?,?,?,?,?,?,?)", vols)

    def vols_on(d, roles):
        return [v[0] for v in vols if v[4] in roles and date.fromisoformat(v[5]) <= d
                and (v[6] is None or date.fromisoformat(v[6]) >= d)]

    # ---------------- open days
    closed = set()
    for y in (2024, 2025, 2026):
        for md in ((12, 24), (12, 25), (12, 26), (12, 31)):
            closed.add(date(y, *md))
        closed.add(date(y, 1, 1))
    closed.add(date(2027, 1, 1))

    def is_open(d):
        return d.weekday() in (1, 2, 3, 4, 5) and d not in closed

    # ---------------- loans
    loans = []
    fines = []
    lid = 0
    fid = 0
    busy = {}          # copy -> date free again (None = never)
    mem_ids = [m[0] for m in members]
    dow_f = {1: 0.85, 2: 1.0, 3: 1.05, 4: 0.9, 5: 1.55}
    type_items = {"BK": [], "DVD": [], "GAME": []}
    for it in items:
        type_items[it[1]].append(it[0])
    kids_items = [i for i in type_items["BK"] if item[i][4] in ("Children", "Teen")]
    adult_books = [i for i in type_items["BK"] if item[i][4] not in ("Children", "Teen")]
    coords = [1, 2, 3]
    d = date(2024, 1, 2)
    while d <= TODAY:
        if not is_open(d):
            d += timedelta(days=1)
            continue
        season = 1.3 if d.month in (7, 8) else (0.85 if d.month in (1, 6) else 1.0)
        growth = 1.0 + (d - date(2024, 1, 1)).days / 365 * 0.08
        n = int(round(rng.gauss(7.2 * dow_f[d.weekday()] * season * growth, 2.0)))
        if d == TODAY:
            n = 9
        active = [m for m in mem_ids if mem_info[m]["act"] > 0 and mem_info[m]["joined"] <= d
                  and (mem_info[m]["expiry"] is None or mem_info[m]["expiry"] >= d)]
        if not active:
            d += timedelta(days=1)
            continue
        aw = [mem_info[m]["act"] for m in active]
        desk = vols_on(d, ("Desk", "Coordinator"))
        for _ in range(max(0, n)):
            mid = wchoice(rng, active, aw)
            mi = mem_info[mid]
            dvd_w = 16 if d.year == 2024 else (12 if d.year == 2025 else 9)
            t = wchoice(rng, ["BK", "DVD", "GAME"], [72, dvd_w, 12 if mi["type"] != "JNR" else 18])
            if t == "BK":
                pool = kids_items if mi["type"] == "JNR" or (mi["type"] == "FAM" and rng.random() < 0.5) else adult_books
            else:
                pool = type_items[t]
            cp = None
            for _try in range(25):
                it_id = wchoice(rng, pool, [item_w[i] for i in pool]) if _try < 12 else rng.choice(pool)
                cands = [c for c in copies_of[it_id] if copy_added[c] <= d
                         and (copy_withdrawn[c] is None or copy_withdrawn[c] > d)
                         and (c not in busy or (busy[c] is not None and busy[c] < d))]
                if cands:
                    cp = rng.choice(cands)
                    break
            if cp is None:
                continue
            ld = itype[t][2]
            ren = wchoice(rng, [0, 1, 2], [72, 21, 7])
            ren = min(ren, itype[t][3])
            due = d + timedelta(days=ld * (1 + ren))
            late = rng.random() < mi["late"]
            lost = rng.random() < 0.011
            if lost:
                ret = None
            elif late:
                dl = int(rng.expovariate(1 / 9)) + 1
                if rng.random() < 0.05:
                    dl += rng.randint(30, 90)
                ret = due + timedelta(days=dl)
            else:
                ret = d + timedelta(days=rng.randint(2, max(3, (due - d).days)))
            if ret is not None and ret > TODAY:
                ret = None
                # a handful of really long-standing overdue items
            lid += 1
            issued = rng.choice(desk) if desk and rng.random() < 0.62 else None
            loans.append((lid, cp, mid, d2s(d), d2s(due), d2s(ret) if ret else None, ren, issued))
            busy[cp] = ret if ret is not None else None
            if ret is None and not lost and due > TODAY:
                pass
            # fines
            if ret is not None and ret > due:
                days_late = (ret - due).days
                if not (mi["type"] == "JNR" and t == "BK"):
                    amt = min(days_late * itype[t][4], itype[t][5])
                    if amt >= 30:
                        fid += 1
                        fines.append([fid, lid, mid, "LATE", amt, d2s(ret), None, 0, None, None])
            if ret is not None and rng.random() < (0.03 if t == "GAME" else 0.008):
                fid += 1
                note = {"GAME": ["Missing pieces", "Box crushed", "Cards missing"],
                        "DVD": ["Disc scratched", "Case broken"],
                        "BK": ["Water damage", "Pages torn", "Scribbled in by child"]}[t]
                fines.append([fid, lid, mid, "DMG", rng.choice([200, 300, 350, 500, 750, 1000]), d2s(ret), None, 0,
                              None, rng.choice(note)])
            if lost:
                lost_dt = due + timedelta(days=42)
                if lost_dt <= TODAY:
                    fid += 1
                    fines.append([fid, lid, mid, "LOST", int(round(item[it_id][8] * 100)) + 250, d2s(lost_dt), None, 0,
                                  None, "Replacement cost + 2.50 admin"])
                    copy_row[cp][5] = "Lost"
        d += timedelta(days=1)
    # force a few long-overdue, not lost, loans on the books (people who just haven't brought stuff back)
    cur.executemany("INSERT INTO loans VALUES (?,?,?,?,?,?,?,?)", loans)
    # copy status
    open_copies = {l[1] for l in loans if l[5] is None}
    for c in copies:
        if c[5] == "Lost":
            continue
        if c[6] is not None:
            c[5] = "Withdrawn" if rng.random() < 0.8 else "Damaged"
        elif c[0] in open_copies:
            c[5] = "On Loan"
    cur.executemany("INSERT INTO copies VALUES (?,?,?,?,?,?,?)", copies)

    # fines payment / waiving
    waive_notes = ["First offence", "Hospital stay", "Bereavement", "Book drop jammed", "Goodwill - long-standing member",
                   "Volunteer discretion", "Renewal failed online"]
    for f in fines:
        raised = date.fromisoformat(f[5])
        r = rng.random()
        age = (TODAY - raised).days
        if r < 0.13:
            f[7] = 1
            f[8] = rng.choice(coords + [4, 5])
            f[9] = rng.choice(waive_notes) if f[9] is None or f[3] != "LOST" else f[9]
        elif r < 0.80 or (age > 400 and r < 0.88):
            pd = raised + timedelta(days=int(rng.expovariate(1 / 12)))
            if pd <= TODAY:
                f[6] = d2s(pd)
    cur.executemany("INSERT INTO fines VALUES (?,?,?,?,?,?,?,?,?,?)", fines)

    # ---------------- reservations
    res = []
    rid = 0
    popular = sorted(item_w, key=lambda i: -item_w[i])[:220]
    d = date(2024, 1, 3)
    while d <= TODAY:
        k = 0
        if is_open(d) or rng.random() < 0.5:
            k = wchoice(rng, [0, 1, 2, 3], [35, 40, 18, 7])
        for _ in range(k):
            active = [m for m in mem_ids if mem_info[m]["act"] > 0.6 and mem_info[m]["joined"] <= d]
            mid = rng.choice(active)
            it_id = rng.choice(popular)
            age = (TODAY - d).days
            if age <= 6:
                st = wchoice(rng, ["Waiting", "Ready", "Cancelled"], [60, 32, 8])
            elif age <= 25:
                st = wchoice(rng, ["Waiting", "Ready", "Collected", "Cancelled"], [30, 12, 50, 8])
            else:
                st = wchoice(rng, ["Collected", "Expired", "Cancelled", "Waiting"], [68, 13, 17, 2 if age < 200 else 0])
            ready = coll = None
            if st in ("Ready", "Collected", "Expired"):
                ready = d + timedelta(days=rng.randint(1, 18))
                if ready > TODAY:
                    ready = TODAY - timedelta(days=rng.randint(0, max(0, min(5, age - 1))))
                if ready < d:
                    ready = d
                if st == "Collected":
                    coll = ready + timedelta(days=rng.randint(0, 6))
                    if coll > TODAY:
                        coll = TODAY
                if st == "Ready" and (TODAY - ready).days > 7:
                    st = "Expired"
            s = st.upper() if d < date(2025, 3, 1) else st
            if rng.random() < 0.05:
                s = st.lower()
            rid += 1
            res.append((rid, it_id, mid, d2s(d), s, d2s(ready) if ready else None, d2s(coll) if coll else None))
        d += timedelta(days=1)
    cur.executemany("INSERT INTO reservations VALUES (?,?,?,?,?,?,?)", res)

    # ---------------- events
    events = []
    eid = 0
    author_talks = []
    d = date(2024, 1, 1)
    end = date(2027, 3, 31)
    hosts = {"Story Time": ["Kirsty Webb", "Natalie Mason", "Adam Gray"], "Book Club": ["Ruth Greenwood"],
             "Games Night": ["Adam Gray", "Ian Hunt"], "Craft Workshop": ["Kirsty Webb", "Natalie Mason"]}
    rooms = {"Story Time": "Children's Corner", "Book Club": "Reading Room", "Games Night": "Cafe",
             "Craft Workshop": "Community Room", "Author Talk": "Community Room"}
    while d <= end:
        wd = d.weekday()
        evs = []
        if wd == 2 and d not in closed:     # Wednesday story time
            evs.append(("Story Time", "Story Time (under 5s)", "10:30", 45, 25, 0.0))
        if wd == 3 and d.day <= 7:          # first Thursday book club
            evs.append(("Book Club", "Monthly Book Club", "19:00", 90, 15, 0.0))
        nxt = d + timedelta(days=7)
        if wd == 5 and nxt.month != d.month:  # last Saturday games night
            evs.append(("Games Night", "Games Night" if d.month != 12 else "Festive Games Night", "18:30", 180, 30, 0.0))
        if wd == 5 and 8 <= d.day <= 14:    # second Saturday craft
            evs.append(("Craft Workshop", rng.choice(["Lino Printing", "Paper Lanterns", "Bookbinding", "Wreath Making",
                                                       "Upcycled Notebooks", "Felt Animals"]) + " workshop",
                        "14:00", 120, 16, 2.5))
        for et, title, tm, dur, cap, price in evs:
            eid += 1
            canc = 1 if rng.random() < 0.035 else 0
            notes = None
            if canc:
                notes = rng.choice(["Host ill", "Snow - building closed", "Heating failure", "Low bookings"])
            events.append([eid, title, et, f"{d2s(d)} {tm}", dur, cap, price, rng.choice(hosts[et]), rooms[et],
                           canc, notes])
        d += timedelta(days=1)
    # author talks, about one a month on a weekday evening
    d = date(2024, 1, 10)
    while d <= end:
        dd = d + timedelta(days=rng.randint(0, 20))
        while dd.weekday() not in (1, 3, 4):
            dd += timedelta(days=1)
        if dd <= end:
            eid += 1
            au = rng.choice(authors)
            bk = rng.choice(adult_books)
            price = rng.choice([3.0, 4.0, 5.0, 6.0, 8.0])
            canc = 1 if rng.random() < 0.05 else 0
            events.append([eid, f"An evening with {au}", "Author Talk", f"{d2s(dd)} 19:30", 75,
                           rng.choice([40, 50, 60]), price, au, rooms["Author Talk"], canc,
                           "Author unwell - postponed" if canc else (f"Talking about '{item[bk][2]}'" if rng.random() < 0.6 else None)])
        d = date(d.year + (d.month == 12), d.month % 12 + 1, 10)
    # tonight's special
    eid += 1
    events.append([eid, "Winter Quiz Night", "Quiz", "2026-11-28 19:30", 150, 48, 2.0, "Keith Crossley", "Cafe", 0,
                   "Teams of up to 6, proceeds to roof fund"])
    events.sort(key=lambda e: e[3])
    for i, e in enumerate(events, 1):
        e[0] = i
    cur.executemany("INSERT INTO events VALUES (?,?,?,?,?,?,?,?,?,?,?)", events)

    # ---------------- event bookings
    bkgs = []
    bid = 0
    for e in events:
        edt = date.fromisoformat(e[3][:10])
        et = e[2]
        cap = e[5]
        days_ahead = (edt - TODAY).days
        if days_ahead > 0:
            fill = rng.uniform(0.3, 0.95) * max(0.0, 1 - days_ahead / 75)
        else:
            fill = rng.uniform(0.45, 1.0)
        places_target = int(cap * fill)
        booked = 0
        while booked < places_target:
            if et == "Story Time":
                pl = wchoice(rng, [1, 2, 3], [25, 55, 20])
                cands = [m for m in mem_ids if members[m - 1][4] in ("FAM", "JNR", "ADL")]
            elif et == "Quiz":
                pl = rng.randint(2, 6)
                cands = [m for m in mem_ids if members[m - 1][4] != "JNR"]
            else:
                pl = wchoice(rng, [1, 2, 3, 4], [45, 40, 10, 5])
                cands = [m for m in mem_ids if members[m - 1][4] != "JNR"]
            if booked + pl > cap:
                break
            bdt = edt - timedelta(days=int(rng.expovariate(1 / 12)))
            if bdt > TODAY:
                bdt = TODAY - timedelta(days=rng.randint(0, 5))
            cands = [m for m in cands if mem_info[m]["joined"] <= bdt]
            if rng.random() < 0.18 or not cands:
                mid, gnm = None, f"{rng.choice(FIRST)} {wchoice(rng, LAST, LAST_W)}"
            else:
                mid, gnm = rng.choice(cands), None
            paid = int(round(e[6] * 100)) * pl
            if edt > TODAY or e[9]:
                att = None
            else:
                att = "N" if rng.random() < (0.09 if e[6] > 0 else 0.17) else "Y"
            if e[3] == "2026-11-28 19:30":
                att = None
            bid += 1
            bkgs.append((bid, e[0], mid, gnm, pl, d2s(bdt), paid, att))
            booked += pl
    cur.executemany("INSERT INTO event_bookings VALUES (?,?,?,?,?,?,?,?)", bkgs)

    # ---------------- volunteer shifts
    shifts = []
    sh = 0
    ev_days = {}
    for e in events:
        if not e[9]:
            ev_days.setdefault(e[3][:10], []).append(e)
    d = date(2024, 1, 2)
    rota_end = date(2027, 1, 31)
    while d <= rota_end:
        slots = []
        if is_open(d):
            slots += [("Front Desk", "09:30", "13:00", ("Desk", "Coordinator")),
                      ("Front Desk", "13:00", "17:00", ("Desk", "Coordinator")),
                      ("Cafe", "09:30", "13:00", ("Cafe",)), ("Cafe", "12:30", "16:00", ("Cafe",))]
            if d.weekday() in (2, 4) or rng.random() < 0.3:
                slots.append(("Shelving", "10:00", "12:00", ("Shelver",)))
        for e in ev_days.get(d2s(d), []):
            st = e[3][11:]
            h, m = int(st[:2]), int(st[3:])
            s_ = f"{max(9, h - 1):02d}:{m:02d}"
            en = h * 60 + m + e[4]
            slots.append(("Events", s_, f"{en // 60:02d}:{en % 60:02d}", ("Events", "Coordinator")))
        for area, s_, e_, roles in slots:
            cands = vols_on(d, roles)
            if not cands:
                continue
            v = rng.choice(cands)
            ns = None if d > TODAY else (1 if rng.random() < 0.045 else 0)
            if d == TODAY:
                ns = 0 if s_ < "14:00" else None
            sh += 1
            shifts.append((sh, v, d2s(d), s_, e_, area, ns))
        d += timedelta(days=1)
    cur.executemany("INSERT INTO vol_shifts VALUES (?,?,?,?,?,?,?)", shifts)

    # ---------------- cafe sales
    prods = [("Tea", "Hot Drink", {2024: 180, 2025: 190, 2026: 200}, 30),
             ("Coffee (Americano)", "Hot Drink", {2024: 240, 2025: 260, 2026: 270}, 22),
             ("Latte", "Hot Drink", {2024: 280, 2025: 300, 2026: 310}, 20),
             ("Hot Chocolate", "Hot Drink", {2024: 270, 2025: 280, 2026: 290}, 12),
             ("Squash", "Cold Drink", {2024: 80, 2025: 80, 2026: 100}, 12),
             ("Bottled Water", "Cold Drink", {2024: 120, 2025: 120, 2026: 130}, 6),
             ("Victoria Sponge", "Cake", {2024: 280, 2025: 290, 2026: 300}, 12),
             ("Flapjack", "Cake", {2024: 200, 2025: 220, 2026: 230}, 14),
             ("Parkin", "Cake", {2024: 220, 2025: 230, 2026: 240}, 8),
             ("Scone with jam", "Cake", {2024: 250, 2025: 260, 2026: 275}, 10),
             ("Toastie", "Snack", {2024: 450, 2025: 475, 2026: 495}, 9),
             ("Soup of the day", "Snack", {2024: 420, 2025: 450, 2026: 450}, 7),
             ("Crisps", "Snack", {2024: 90, 2025: 100, 2026: 100}, 8),
             ("Kids Snack Box", "Snack", {2024: 300, 2025: 300, 2026: 325}, 5)]
    pw = [p[3] for p in prods]
    sales = []
    sid = 0
    rno = 5000
    d = date(2024, 1, 2)
    while d <= TODAY:
        if not is_open(d):
            d += timedelta(days=1)
            continue
        season = 1.25 if d.month in (7, 8, 12) else (0.85 if d.month in (1, 2) else 1.0)
        n_rec = max(2, int(rng.gauss(9 * dow_f[d.weekday()] * season, 2.5)))
        if d == TODAY:
            n_rec = 11
        for _ in range(n_rec):
            mins = rng.randint(9 * 60 + 30, 15 * 60 + 55)
            if d == TODAY:
                mins = rng.randint(9 * 60 + 30, 13 * 60 + 40)
            ts = f"{d2s(d)} {mins // 60:02d}:{mins % 60:02d}"
            till = "T1" if rng.random() < 0.7 else "T2"
            pay = wchoice(rng, ["Card", "Cash"], [55 if d.year == 2024 else 68, 45 if d.year == 2024 else 32])
            if till == "T2":
                pay = pay.upper()
            mid = None
            if rng.random() < 0.3:
                mid = rng.choice([m for m in mem_ids if mem_info[m]["joined"] <= d])
            rno += 1
            for _l in range(wchoice(rng, [1, 2, 3], [45, 40, 15])):
                p = wchoice(rng, prods, pw)
                q = wchoice(rng, [1, 2, 3], [75, 20, 5])
                up = p[2][d.year]
                sid += 1
                refd = 1 if rng.random() < 0.006 else 0
                sales.append((sid, rno, ts, till, p[0], p[1], q, up, up * q, pay, mid, refd))
        d += timedelta(days=1)
    cur.executemany("INSERT INTO cafe_sales VALUES (?,?,?,?,?,?,?,?,?,?,?,?)", sales)

    cur.executescript("""
    CREATE VIEW v_loan_detail AS
    SELECT l.loan_id, l.dt_out, l.dt_due, l.dt_returned, l.renew_cnt,
           m.mem_id, m.first_nm, m.surname, m.type_cd AS mem_type,
           c.copy_id, c.barcode, i.item_id, i.title, i.item_type, i.genre,
           CASE WHEN l.dt_returned > l.dt_due
                THEN CAST(julianday(l.dt_returned) - julianday(l.dt_due) AS INTEGER) END AS days_late
    FROM loans l
    JOIN members m ON m.mem_id = l.mem_id
    JOIN copies c ON c.copy_id = l.copy_id
    JOIN items i ON i.item_id = c.item_id;
    """)
    con.commit()
    con.close()


# ============================================================================
# SOLAR
# ============================================================================
def build_solar():
    rng = random.Random(3702)
    con = sqlite3.connect(db_path("solar"))
    cur = con.cursor()
    cur.executescript("""
    CREATE TABLE lead_sources (
        src_cd     TEXT PRIMARY KEY,
        src_desc   TEXT,
        paid_yn    TEXT                 -- Y = we pay for these leads
    );
    CREATE TABLE customers (
        cust_id    INTEGER PRIMARY KEY,
        cust_nm    TEXT,
        addr1      TEXT,
        town       TEXT,
        postcode   TEXT,
        phone      TEXT,
        email      TEXT,
        created_dt TEXT,
        referred_by_cust INTEGER REFERENCES customers(cust_id),
        is_deleted INTEGER DEFAULT 0,
        notes      TEXT
    );
    CREATE TABLE leads (
        lead_id     INTEGER PRIMARY KEY,
        contact_nm  TEXT,
        phone       TEXT,
        town        TEXT,
        postcode    TEXT,
        src_cd      TEXT REFERENCES lead_sources(src_cd),
        enquiry_dt  TEXT,
        prop_type   TEXT,
        want_batt   TEXT,                -- Y/N/?
        status      TEXT,
        lost_reason TEXT,
        cust_id     INTEGER REFERENCES customers(cust_id),
        notes       TEXT
    );
    CREATE TABLE staff (
        staff_id    INTEGER PRIMARY KEY,
        full_nm     TEXT,
        role        TEXT,
        crew_cd     TEXT,
        day_rate_gbp REAL,
        mcs_yn      TEXT,
        start_dt    TEXT,
        leave_dt    TEXT,
        is_active   INTEGER,
        reports_to  INTEGER REFERENCES staff(staff_id)
    );
    CREATE TABLE surveys (
        survey_id   INTEGER PRIMARY KEY,
        lead_id     INTEGER REFERENCES leads(lead_id),
        cust_id     INTEGER REFERENCES customers(cust_id),
        surveyor_id INTEGER REFERENCES staff(staff_id),
        survey_dt   TEXT,
        slot        TEXT,                -- AM/PM
        status      TEXT,                -- Booked / Completed / Cancelled / No Access
        roof_orient TEXT,
        pitch_deg   INTEGER,
        shading     TEXT,
        suitable    INTEGER,
        est_kwp     REAL,
        notes       TEXT
    );
    CREATE TABLE quotes (
        quote_no    TEXT PRIMARY KEY,
        survey_id   INTEGER REFERENCES surveys(survey_id),
        cust_id     INTEGER REFERENCES customers(cust_id),
        quote_dt    TEXT,
        valid_to    TEXT,
        rev_no      INTEGER DEFAULT 1,
        prev_quote_no TEXT REFERENCES quotes(quote_no),
        status      TEXT,                -- Sent / Accepted / Declined / Expired / Superseded
        decision_dt TEXT,
        sys_kwp     REAL,
        batt_kwh    REAL,
        discount_gbp REAL DEFAULT 0,
        total_gbp   REAL,                -- after discount, 0% VAT
        sales_by    INTEGER REFERENCES staff(staff_id)
    );
    CREATE TABLE quote_lines (
        line_id     INTEGER PRIMARY KEY,
        quote_no    TEXT REFERENCES quotes(quote_no),
        line_cd     TEXT,                -- PNL INV BATT SCAF LAB BIRD EV OPT
        descr       TEXT,
        qty         REAL,
        unit_price_p INTEGER,
        line_total_p INTEGER
    );
    CREATE TABLE installs (
        job_id      INTEGER PRIMARY KEY,
        quote_no    TEXT REFERENCES quotes(quote_no),
        cust_id     INTEGER REFERENCES customers(cust_id),
        crew_cd     TEXT,
        sched_start TEXT,
        sched_days  INTEGER,
        actual_start TEXT,
        completed_dt TEXT,
        status      TEXT,                -- Scheduled / In Progress / Completed / Cancelled / On Hold
        kwp         REAL,
        n_panels    INTEGER,
        panel_model TEXT,
        inverter_model TEXT,
        batt_kwh    REAL,
        dno_form    TEXT,                -- G98 / G99
        mcs_cert_no TEXT,
        notes       TEXT
    );
    CREATE TABLE install_crew (
        job_id      INTEGER REFERENCES installs(job_id),
        staff_id    INTEGER REFERENCES staff(staff_id),
        role_on_job TEXT,
        PRIMARY KEY (job_id, staff_id)
    );
    CREATE TABLE maint_contracts (
        contract_id INTEGER PRIMARY KEY,
        cust_id     INTEGER REFERENCES customers(cust_id),
        job_id      INTEGER REFERENCES installs(job_id),
        plan_cd     TEXT,                -- BASIC / PREM
        start_dt    TEXT,
        renewal_dt  TEXT,
        annual_fee_gbp REAL,
        auto_renew  INTEGER,
        cancelled_dt TEXT,
        notes       TEXT
    );
    CREATE TABLE service_calls (
        call_id     INTEGER PRIMARY KEY,
        cust_id     INTEGER REFERENCES customers(cust_id),
        job_id      INTEGER REFERENCES installs(job_id),
        contract_id INTEGER REFERENCES maint_contracts(contract_id),
        logged_dt   TEXT,
        fault_cat   TEXT,
        priority    TEXT,                -- P1/P2/P3
        engineer_id INTEGER REFERENCES staff(staff_id),
        visit_dt    TEXT,
        resolved_dt TEXT,
        chargeable  INTEGER,
        charge_p    INTEGER,
        notes       TEXT
    );
    CREATE TABLE purchase_orders (
        po_no       TEXT PRIMARY KEY,
        supplier_nm TEXT,
        job_id      INTEGER REFERENCES installs(job_id),
        po_dt       TEXT,
        expected_dt TEXT,
        received_dt TEXT,
        net_gbp     REAL,
        vat_gbp     REAL,
        status      TEXT,                -- Open / Received / Part Recvd / Cancelled
        raised_by   INTEGER REFERENCES staff(staff_id),
        notes       TEXT
    );
    CREATE TABLE invoices (
        inv_no      TEXT PRIMARY KEY,
        cust_id     INTEGER REFERENCES customers(cust_id),
        job_id      INTEGER REFERENCES installs(job_id),
        call_id     INTEGER REFERENCES service_calls(call_id),
        contract_id INTEGER REFERENCES maint_contracts(contract_id),
        inv_type    TEXT,                -- Deposit / Balance / Service / Maintenance
        inv_dt      TEXT,
        due_dt      TEXT,
        total_gbp   REAL,
        status      TEXT                 -- Unpaid / Part Paid / Paid / Void
    );
    CREATE TABLE payments (
        pay_id      INTEGER PRIMARY KEY,
        inv_no      TEXT REFERENCES invoices(inv_no),
        pay_dt      TEXT,
        amt_p       INTEGER,             -- pence; refunds negative
        method      TEXT,
        ref         TEXT
    );
    """)
    srcs = [("WEB", "Website enquiry form", "N"), ("REF", "Customer referral", "N"),
            ("FBK", "Facebook advert", "Y"), ("CHK", "Checkatrade", "Y"), ("SHOW", "Home & garden show", "Y"),
            ("PHN", "Phoned in", "N"), ("LEAF", "Leaflet drop", "Y")]
    cur.executemany("INSERT INTO lead_sources VALUES (?,?,?)", srcs)

    staff = [
        (1, "Gary Pickering", "Director", None, None, "Y", "2015-04-01", None, 1, None),
        (2, "Dawn Pickering", "Office Manager", None, None, "N", "2015-04-01", None, 1, 1),
        (3, "Imran Qureshi", "Surveyor", None, 210.0, "Y", "2019-06-03", None, 1, 1),
        (4, "Lisa Holroyd", "Surveyor", None, 200.0, "Y", "2025-02-03", None, 1, 1),
        (5, "Craig Benn", "Lead Installer", "A", 240.0, "Y", "2016-08-01", None, 1, 1),
        (6, "Tom Sowerby", "Installer", "A", 180.0, "N", "2020-03-09", None, 1, 5),
        (7, "Jordan Maltby", "Electrician", "A", 230.0, "Y", "2018-01-15", None, 1, 5),
        (8, "Wes Ackroyd", "Lead Installer", "B", 240.0, "Y", "2017-05-02", None, 1, 1),
        (9, "Liam Firth", "Installer", "B", 175.0, "N", "2021-10-04", None, 1, 8),
        (10, "Sam Haigh", "Electrician", "B", 225.0, "Y", "2019-02-11", "2025-08-29", 0, 8),
        (11, "Kyle Brear", "Electrician", "B", 230.0, "Y", "2025-09-01", None, 1, 8),
        (12, "Nathan Gill", "Installer", "A", 170.0, "N", "2022-04-19", "2024-12-20", 0, 5),
        (13, "Reece Oldroyd", "Lead Installer", "C", 235.0, "Y", "2025-04-07", None, 1, 1),
        (14, "Ollie Sykes", "Installer", "C", 165.0, "N", "2025-04-07", None, 1, 13),
        (15, "Paul Naylor", "Electrician", "C", 225.0, "Y", "2025-05-12", None, 1, 13),
        (16, "Ash Moorhouse", "Scaffolder", None, 160.0, "N", "2020-06-01", None, 1, 1),
        (17, "Beth Crowther", "Service Engineer", None, 215.0, "Y", "2023-03-06", None, 1, 2),
        (18, "Dan Whiteley", "Installer", "A", 170.0, "N", "2025-01-13", None, 1, 5),
    ]
    cur.executemany("INSERT INTO staff VALUES (?,?,?,?,?,?,?,?,?,?)", staff)

    def on_staff(sid, d):
        s = staff[sid - 1]
        return date.fromisoformat(s[6]) <= d and (s[7] is None or date.fromisoformat(s[7]) >= d)

    towns = [("Leeds", "LS"), ("Wakefield", "WF1"), ("Harrogate", "HG2"), ("York", "YO24"), ("Bradford", "BD"),
             ("Otley", "LS21"), ("Wetherby", "LS22"), ("Ilkley", "LS29"), ("Pudsey", "LS28")]
    town_w = [34, 12, 12, 9, 10, 6, 6, 6, 5]
    streets = ["Park Road", "Church Lane", "Station Road", "Moor Lane", "Victoria Street", "Mill Lane", "The Green",
               "Westfield Avenue", "Grange Road", "Highfield Drive", "Manor Court", "Oak Tree Close", "Ings Lane",
               "Wharfe View", "Otley Road", "Harrogate Road", "Sandmoor Garth", "Beech Grove"]

    def postcode(pfx):
        if pfx in ("LS", "BD"):
            pfx = pfx + str(rng.randint(6, 17))
        return f"{pfx} {rng.randint(1, 9)}{rng.choice('ABDEFGHJLNPQRSTUWXYZ')}{rng.choice('ABDEFGHJLNPQRSTUWXYZ')}"

    # ---------------- leads (and customers as they progress)
    leads = []
    customers = []
    surveys = []
    quotes = []
    qlines = []
    lead_id = 0
    month_w = {1: 0.8, 2: 0.9, 3: 1.2, 4: 1.4, 5: 1.4, 6: 1.2, 7: 1.0, 8: 0.9, 9: 1.1, 10: 1.2, 11: 0.9, 12: 0.5}
    used = set()
    d = date(2024, 1, 2)
    survey_slots = {}
    while d <= TODAY:
        lam = 1.45 * month_w[d.month] * (0.55 if d.weekday() >= 5 else 1.0) * (1.0 + (d.year - 2024) * 0.12)
        n = 0
        x = rng.random()
        p = 2.718281828 ** (-lam)
        cum = p
        while x > cum and n < 10:
            n += 1
            p *= lam / n
            cum += p
        for _ in range(n):
            lead_id += 1
            while True:
                fn = rng.choice(FIRST)
                ln = wchoice(rng, LAST, LAST_W)
                if (fn, ln) not in used:
                    used.add((fn, ln))
                    break
            town, pfx = towns[[t[0] for t in towns].index(wchoice(rng, [t[0] for t in towns], town_w))]
            src = wchoice(rng, [s[0] for s in srcs], [30, 16, 14, 12, 5 if d.month in (3, 4, 9) else 1, 10, 5])
            ptype = wchoice(rng, ["Detached", "Semi-detached", "Terraced", "Bungalow", "Farm / commercial"],
                            [34, 32, 12, 16, 6])
            batt = wchoice(rng, ["Y", "N", "?"], [45, 25, 30])
            pc = postcode(pfx)
            phone = f"07{rng.randint(100, 999)} {rng.randint(100000, 999999)}"
            leads.append({"id": lead_id, "nm": f"{fn} {ln}", "phone": phone, "town": town, "pc": pc, "src": src,
                          "dt": d, "ptype": ptype, "batt": batt, "status": None, "lost": None, "cust": None,
                          "notes": None})
        d += timedelta(days=1)

    lost_reasons = ["Price", "Went with another installer", "Roof not suitable", "No response", "Renting - landlord said no",
                    "Changed mind", "Finance declined", "Listed building"]
    cust_id = 0
    cust_of_lead = {}
    sv_id = 0
    qn = {2024: 0, 2025: 0, 2026: 0}

    def make_lines(kwp_target, want_batt, d):
        lines = []
        if d < date(2025, 3, 1):
            pm, pw_, pp = "JA Solar 435W", 435, 13500
        else:
            pm, pw_, pp = "Aiko Neostar 450W", 450, 14200
        npan = max(6, min(26, int(round(kwp_target * 1000 / pw_))))
        lines.append(("PNL", pm, npan, pp))
        batt = 0.0
        if want_batt:
            batt = wchoice(rng, [5.0, 9.5, 13.5], [30, 50, 20])
            inv = ("INV", "Sigenergy hybrid inverter" if d >= date(2025, 6, 1) else "GivEnergy 5kW hybrid inverter", 1,
                   rng.choice([115000, 125000, 135000]))
            bp = {5.0: 260000, 9.5: 420000, 13.5: 560000}[batt]
            lines.append(inv)
            lines.append(("BATT", f"{batt} kWh battery", 1, bp))
        else:
            lines.append(("INV", "SolarEdge string inverter" if npan < 14 else "Fox ESS 6kW inverter", 1,
                          rng.choice([85000, 92000, 99000])))
        lines.append(("SCAF", "Scaffolding (erect/strike)", 1, rng.choice([45000, 55000, 65000, 80000, 95000])))
        days = 1 if npan <= 10 and not want_batt else (2 if npan <= 18 else 3)
        lines.append(("LAB", "Installation labour (days)", days, 68000 if d.year == 2024 else 72000))
        if rng.random() < 0.35:
            lines.append(("BIRD", "Bird-proofing mesh", 1, 35000))
        if rng.random() < 0.12:
            lines.append(("EV", "EV charger supply & fit", 1, 95000))
        if rng.random() < 0.2:
            lines.append(("OPT", "Tigo optimisers", rng.randint(4, 10), 5500))
        return lines, npan, pm, batt

    installs_pending = []
    for L in leads:
        d = L["dt"]
        age = (TODAY - d).days
        if age <= 5:
            L["status"] = "New" if rng.random() < 0.7 else "Contacted"
            continue
        r = rng.random()
        p_survey = 0.56 if L["src"] in ("REF", "PHN", "SHOW") else (0.50 if L["src"] in ("WEB", "CHK") else 0.38)
        if r > p_survey:
            if age < 20 and rng.random() < 0.5:
                L["status"] = "Contacted"
            else:
                L["status"] = "Lost"
                L["lost"] = rng.choice(["No response", "Price", "Changed mind", "Renting - landlord said no",
                                        "Went with another installer"])
            continue
        # becomes a customer, survey booked
        cust_id += 1
        cdt = d + timedelta(days=rng.randint(1, 6))
        if cdt > TODAY:
            cdt = TODAY
        addr = f"{rng.randint(1, 120)} {rng.choice(streets)}"
        email = f"{L['nm'].split()[0].lower()}.{L['nm'].split()[1].lower()}@{rng.choice(['gmail.com', 'btinternet.com', 'outlook.com', 'yahoo.co.uk', 'sky.com'])}"
        ref = None
        if L["src"] == "REF" and cust_id > 5:
            ref = rng.randint(1, max(1, cust_id - 5))
        customers.append([cust_id, L["nm"], addr, L["town"], L["pc"], L["phone"], email, d2s(cdt), ref, 0, None])
        L["cust"] = cust_id
        sdt = d + timedelta(days=rng.randint(5, 24))
        while sdt.weekday() >= 5:
            sdt += timedelta(days=1)
        surveyors = [s for s in (3, 4) if on_staff(s, sdt)]
        if rng.random() < 0.08:
            surveyors = [1]
        sv_id += 1
        orient = wchoice(rng, ["S", "SE", "SW", "E/W", "E", "W", "N"], [25, 18, 18, 20, 7, 7, 5])
        shade = wchoice(rng, ["None", "Light", "Moderate", "Heavy"], [45, 30, 17, 8])
        est = round(rng.uniform(2.6, 9.5), 2)
        if sdt > TODAY:
            status = "Booked"
            L["status"] = "Survey Booked"
            surveys.append([sv_id, L["id"], cust_id, rng.choice(surveyors), d2s(sdt), rng.choice(["AM", "PM"]), status,
                            None, None, None, None, None, None])
            continue
        rr = rng.random()
        status = "Completed" if rr < 0.86 else ("Cancelled" if rr < 0.93 else "No Access")
        if status != "Completed":
            surveys.append([sv_id, L["id"], cust_id, rng.choice(surveyors), d2s(sdt), rng.choice(["AM", "PM"]), status,
                            None, None, None, None, None,
                            rng.choice(["Customer cancelled", "Rebook requested", None]) if status == "Cancelled" else
                            "Nobody home"])
            L["status"] = "Lost" if age > 30 else "Contacted"
            if L["status"] == "Lost":
                L["lost"] = "No response" if status == "No Access" else rng.choice(["Changed mind", "Price"])
            continue
        suitable = 0 if (orient == "N" and rng.random() < 0.7) or (shade == "Heavy" and rng.random() < 0.6) or rng.random() < 0.04 else 1
        surveys.append([sv_id, L["id"], cust_id, rng.choice(surveyors), d2s(sdt), rng.choice(["AM", "PM"]), status,
                        orient, rng.choice([22, 25, 30, 35, 35, 40, 45]), shade, suitable, est if suitable else None,
                        rng.choice([None, None, None, "Needs new consumer unit", "Asbestos garage roof - avoid",
                                    "Tight access for scaffold", "Customer keen on battery", "Loft access only via hatch"])])
        if not suitable:
            L["status"] = "Lost"
            L["lost"] = "Roof not suitable"
            continue
        qdt = sdt + timedelta(days=rng.randint(1, 7))
        if qdt > TODAY:
            L["status"] = "Surveyed"
            continue
        want_b = L["batt"] == "Y" or (L["batt"] == "?" and rng.random() < 0.5)
        if rng.random() < 0.15:
            want_b = not want_b
        # quote (maybe revised)
        rev = 1
        prev = None
        qdate = qdt
        final = None
        while True:
            qn[qdate.year] += 1
            qno = f"Q{qdate.year}-{qn[qdate.year]:04d}"
            lines, npan, pm, batt = make_lines(est, want_b, qdate)
            sub = sum(l[2] * l[3] for l in lines)
            disc = rng.choice([0, 0, 0, 0, 100, 150, 250, 500]) if rev == 1 else rng.choice([150, 250, 400, 500])
            total = round(sub / 100 - disc, 2)
            if rng.random() < 0.25:
                sales_by = 1
            else:
                sales_by = rng.choice([3, 4]) if on_staff(4, qdate) else 3
            valid = qdate + timedelta(days=30)
            q = [qno, sv_id, cust_id, d2s(qdate), d2s(valid), rev, prev, None, None,
                 round(npan * (435 if pm.startswith("JA") else 450) / 1000, 3), batt if batt else None, float(disc),
                 total, sales_by]
            quotes.append(q)
            for ln_ in lines:
                qlines.append((qno, ln_[0], ln_[1], ln_[2], ln_[3], int(round(ln_[2] * ln_[3]))))
            qage = (TODAY - qdate).days
            r = rng.random()
            if rev == 1 and r < 0.12 and qage > 10:
                ndt = qdate + timedelta(days=rng.randint(3, 14))
                if ndt <= TODAY:
                    q[7] = "Superseded"
                    q[8] = d2s(ndt)
                    prev = qno
                    rev += 1
                    qdate = ndt
                    want_b = want_b if rng.random() < 0.6 else not want_b
                    continue
            p_acc = 0.50 if rev == 1 else 0.65
            if L["src"] == "REF":
                p_acc += 0.12
            if r < p_acc:
                dd = qdate + timedelta(days=rng.randint(1, 24))
                if dd > TODAY:
                    q[7] = "Sent"
                else:
                    q[7] = "Accepted"
                    q[8] = d2s(dd)
            elif r < p_acc + 0.30:
                dd = qdate + timedelta(days=rng.randint(2, 28))
                if dd > TODAY:
                    q[7] = "Sent"
                else:
                    q[7] = "Declined"
                    q[8] = d2s(dd)
            else:
                q[7] = "Expired" if valid < TODAY else "Sent"
            final = q
            break
        if final[7] == "Accepted":
            L["status"] = "Won"
            installs_pending.append((final, npan, pm, batt, L))
        elif final[7] == "Sent":
            L["status"] = "Quoted"
        else:
            L["status"] = "Lost"
            L["lost"] = rng.choice(["Price", "Went with another installer", "Finance declined", "Changed mind"]) \
                if final[7] == "Declined" else "No response"

    # status casing mess: old CRM wrote upper case, manual edits lower case
    for L in leads:
        s = L["status"]
        if L["dt"] < date(2024, 7, 1) and rng.random() < 0.7:
            s = s.upper()
        elif rng.random() < 0.07:
            s = s.lower()
        L["status_txt"] = s
        if rng.random() < 0.05:
            L["notes"] = rng.choice(["Wants call after 6pm", "Neighbour had ours fitted", "Has EV, interested in charger",
                                     "Asked about finance", "Duplicate - see other enquiry"])
    cur.executemany("INSERT INTO customers VALUES (?,?,?,?,?,?,?,?,?,?,?)", customers)
    cur.executemany("INSERT INTO leads VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
                    [(L["id"], L["nm"], L["phone"], L["town"], L["pc"], L["src"], d2s(L["dt"]), L["ptype"], L["batt"],
                      L["status_txt"], L["lost"], L["cust"], L["notes"]) for L in leads])
    cur.executemany("INSERT INTO surveys VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)", surveys)
    cur.executemany("INSERT INTO quotes VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)", quotes)
    cur.executemany("INSERT INTO quote_lines (quote_no, line_cd, descr, qty, unit_price_p, line_total_p) VALUES (?,?,?,?,?,?)",
                    qlines)

    # ---------------- installs
    installs = []
    crew_rows = []
    invoices = []
    payments = []
    inv_seq = [10000]
    crew_busy = {"A": [], "B": [], "C": []}

    def crews_on(d):
        out = ["A", "B"]
        if d >= date(2025, 4, 14):
            out.append("C")
        return out

    def free(cc, a, b):
        return all(not (a <= e and s <= b) for s, e in crew_busy[cc])

    def new_inv(cust, job, call, contract, typ, d, amt, due_days):
        inv_seq[0] += 1
        no = f"INV-{inv_seq[0]}"
        inv = [no, cust, job, call, contract, typ, d2s(d), d2s(d + timedelta(days=due_days)), round(amt, 2), "Unpaid"]
        invoices.append(inv)
        return inv

    def pay_inv(inv, pattern):
        """pattern: list of (date, pence)"""
        paid = 0
        for dt_, p in pattern:
            if dt_ <= TODAY:
                payments.append([None, inv[0], d2s(dt_), p, None, None])
                paid += p
        tot = int(round(inv[8] * 100))
        if paid >= tot:
            inv[9] = "Paid"
        elif paid > 0:
            inv[9] = "Part Paid"
        return paid

    job_id = 0
    installs_pending.sort(key=lambda x: x[0][8])
    for q, npan, pm, batt, L in installs_pending:
        acc = date.fromisoformat(q[8])
        total = q[12]
        cust = q[2]
        # deposit invoice 25%
        dep = new_inv(cust, None, None, None, "Deposit", acc, round(total * 0.25, 2), 7)
        dep_pay = acc + timedelta(days=int(rng.expovariate(1 / 4)) + 1)
        meth = wchoice(rng, ["BACS", "Card", "Cheque"], [70, 25, 5])
        n0 = len(payments)
        pay_inv(dep, [(dep_pay, int(round(dep[8] * 100)))])
        for p_ in payments[n0:]:
            p_[4] = meth
        # schedule
        lead_time = rng.randint(21, 56)
        days = 1 if npan <= 10 and not batt else (2 if npan <= 18 else 3)
        st = acc + timedelta(days=lead_time)
        cc = None
        for _ in range(60):
            while st.weekday() >= 5:
                st += timedelta(days=1)
            en = st + timedelta(days=days - 1)
            opts = [c for c in crews_on(st) if free(c, st, en)]
            if opts:
                cc = rng.choice(opts)
                break
            st += timedelta(days=1)
        if cc is None:
            cc = rng.choice(crews_on(st))
        job_id += 1
        en = st + timedelta(days=days - 1)
        status = "Scheduled"
        actual = comp = None
        mcs = None
        rr = rng.random()
        if st > TODAY:
            status = "Scheduled" if rr < 0.95 else "On Hold"
        else:
            if rr < 0.04:
                status = "Cancelled"
            elif rr < 0.07:
                status = "On Hold"
            else:
                slip = 0 if rng.random() < 0.7 else rng.randint(1, 9)
                actual = st + timedelta(days=slip)
                while actual.weekday() >= 5:
                    actual += timedelta(days=1)
                over = wchoice(rng, [0, 1, 2], [72, 22, 6])
                comp = actual + timedelta(days=days - 1 + over)
                while comp.weekday() >= 5:
                    comp += timedelta(days=1)
                if actual > TODAY:
                    status = "Scheduled"
                    actual = comp = None
                elif comp > TODAY - timedelta(days=0):
                    status = "In Progress"
                    comp = None
                else:
                    status = "Completed"
        if status in ("Scheduled", "On Hold", "Cancelled", "In Progress") and st <= TODAY and status != "In Progress":
            pass
        kwp = q[9]
        if status == "Completed":
            if (TODAY - comp).days > 35 or rng.random() < 0.4:
                mcs = f"MCS-{rng.randint(10000000, 99999999)}"
        crew_busy[cc].append((st, (comp or en)))
        dno = "G98" if kwp <= 3.68 and not (batt and batt > 5) else "G99"
        note = None
        if status == "On Hold":
            note = rng.choice(["Awaiting DNO approval (G99)", "Customer requested delay", "Roof repairs needed first"])
        elif status == "Cancelled":
            note = rng.choice(["Customer cancelled - deposit refunded", "Finance fell through - deposit refunded"])
        elif rng.random() < 0.08:
            note = rng.choice(["Extra day for consumer unit swap", "Rain stopped play day 1", "Scaffold delayed",
                               "Customer very happy - review left"])
        inv_model = "Sigenergy SigenStor" if batt and st >= date(2025, 6, 1) else (
            "GivEnergy Gen3 5kW" if batt else ("SolarEdge SE3680H" if npan < 14 else "Fox ESS T6"))
        installs.append([job_id, q[0], cust, cc, d2s(st), days, d2s(actual) if actual else None,
                         d2s(comp) if comp else None, status, kwp, npan, pm, inv_model, batt if batt else None, dno,
                         mcs, note])
        dep[2] = job_id
        # crew
        on_job = [s for s in staff if s[3] == cc and on_staff(s[0], st)]
        for s in on_job:
            role = {"Lead Installer": "Lead", "Installer": "Installer", "Electrician": "Electrician"}[s[2]]
            if role == "Installer" and rng.random() < (0.3 if days == 1 else 0.1):
                continue       # holiday / sick / on another job
            if role == "Electrician" and rng.random() < 0.08:
                continue
            crew_rows.append((job_id, s[0], role))
        if rng.random() < 0.12:
            helpers = [s for s in staff if s[3] not in (None, cc) and s[2] in ("Installer", "Electrician")
                       and on_staff(s[0], st)]
            if helpers:
                h = rng.choice(helpers)
                crew_rows.append((job_id, h[0], h[2]))
        if rng.random() < 0.55:
            crew_rows.append((job_id, 16, "Scaffolder"))
        # balance invoice on completion, refund if cancelled
        if status == "Completed":
            bal = new_inv(cust, job_id, None, None, "Balance", comp, round(total - dep[8], 2), 14)
            r = rng.random()
            tot_p = int(round(bal[8] * 100))
            meth = wchoice(rng, ["BACS", "Card", "Finance", "Cheque"], [62, 12, 22, 4])
            if r < 0.78:
                pdt = comp + timedelta(days=int(rng.expovariate(1 / 8)) + (12 if meth == "Finance" else 0))
                pat = [(pdt, tot_p)]
            elif r < 0.88:
                half = int(tot_p * rng.choice([0.4, 0.5, 0.6]))
                pat = [(comp + timedelta(days=rng.randint(3, 20)), half),
                       (comp + timedelta(days=rng.randint(35, 90)), tot_p - half)]
            elif r < 0.95:
                pat = [(comp + timedelta(days=rng.randint(30, 120)), tot_p)]
            else:
                pat = []
            n0 = len(payments)
            pay_inv(bal, pat)
            for p_ in payments[n0:]:
                p_[4] = meth
        if status == "Cancelled":
            for p_ in list(payments):
                if p_[1] == dep[0] and p_[3] > 0:
                    rdt = st + timedelta(days=rng.randint(0, 10))
                    if rdt > TODAY:
                        rdt = TODAY
                    payments.append([None, dep[0], d2s(rdt), -p_[3], "Refund", "Deposit refund"])
            dep[9] = "Void"
    cur.executemany("INSERT INTO installs VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)", installs)
    cur.executemany("INSERT INTO install_crew VALUES (?,?,?)", crew_rows)

    # ---------------- maintenance contracts
    contracts = []
    ctid = 0
    fee = {"BASIC": {2024: 89.0, 2025: 95.0, 2026: 99.0}, "PREM": {2024: 149.0, 2025: 159.0, 2026: 169.0}}
    contract_of_job = {}
    for j in installs:
        if j[8] != "Completed":
            continue
        if rng.random() > 0.42:
            continue
        comp = date.fromisoformat(j[7])
        sdt = comp + timedelta(days=rng.choice([0, 0, 7, 14, 30, 60, 90]))
        if sdt > TODAY:
            continue
        plan = wchoice(rng, ["BASIC", "PREM"], [62, 38])
        ctid += 1
        auto = 1 if rng.random() < 0.7 else 0
        # walk the anniversaries
        ren = add_years(sdt, 1)
        canc = None
        inv_dates = [sdt]
        while ren <= TODAY:
            if rng.random() < (0.12 if auto else 0.35):
                canc = ren - timedelta(days=rng.randint(0, 20))
                break
            inv_dates.append(ren)
            ren = add_years(ren, 1)
        cur_fee = fee[plan][min(2026, (inv_dates[-1]).year)]
        note = None
        if canc:
            note = rng.choice(["Moved house", "Didn't see the value", "Cost of living", "Switched to manufacturer cover"])
        contracts.append((ctid, j[2], j[0], plan, d2s(sdt), d2s(ren), cur_fee, auto, d2s(canc) if canc else None, note))
        contract_of_job[j[0]] = (ctid, sdt, canc, ren)
        for idt in inv_dates:
            inv = new_inv(j[2], j[0], None, ctid, "Maintenance", idt, fee[plan][min(2026, idt.year)], 30)
            r = rng.random()
            tot_p = int(round(inv[8] * 100))
            if r < 0.9:
                pat = [(idt + timedelta(days=rng.randint(0, 25)), tot_p)]
            else:
                pat = []
            n0 = len(payments)
            pay_inv(inv, pat)
            for p_ in payments[n0:]:
                p_[4] = "Direct Debit" if auto else "Card"
    cur.executemany("INSERT INTO maint_contracts VALUES (?,?,?,?,?,?,?,?,?,?)", contracts)

    # ---------------- service calls
    calls = []
    call_id = 0
    faults = [("Inverter fault", 30), ("Battery not charging", 18), ("Monitoring / app offline", 26),
              ("Bird issue", 12), ("Panel damage", 5), ("Tripping RCD", 9), ("Annual health check", 14)]
    for j in installs:
        if j[8] != "Completed":
            continue
        comp = date.fromisoformat(j[7])
        n = wchoice(rng, [0, 1, 2, 3], [30, 38, 20, 12])
        for _ in range(n):
            ldt = rand_date(rng, comp + timedelta(days=5), comp + timedelta(days=700))
            if ldt > TODAY:
                continue
            fc = wchoice(rng, [f[0] for f in faults], [f[1] for f in faults])
            if fc.startswith("Battery") and not j[13]:
                fc = "Inverter fault"
            ct = contract_of_job.get(j[0])
            cid = None
            if ct and ct[1] <= ldt and (ct[2] is None or ct[2] > ldt):
                cid = ct[0]
            if fc == "Annual health check" and cid is None:
                continue
            pr = {"Tripping RCD": "P1", "Battery not charging": "P2", "Inverter fault": "P2"}.get(fc, "P3")
            if rng.random() < 0.1:
                pr = "P1"
            eng = 17 if rng.random() < 0.75 else rng.choice([7, 11 if ldt >= date(2025, 9, 1) else 10])
            if eng == 10 and not on_staff(10, ldt):
                eng = 17
            visit = ldt + timedelta(days={"P1": rng.randint(0, 1), "P2": rng.randint(1, 5), "P3": rng.randint(3, 21)}[pr])
            if fc == "Monitoring / app offline" and rng.random() < 0.5:
                visit = None   # fixed remotely
            res = (visit or ldt) + timedelta(days=wchoice(rng, [0, 1, 3, 7, 14], [60, 15, 10, 10, 5]))
            if visit and visit > TODAY:
                visit = None
                res = None
            if res and res > TODAY:
                res = None
            if res and (TODAY - ldt).days < 30 and rng.random() < 0.45:
                res = None
            in_warranty = (ldt - comp).days <= 365
            chg = 0
            amt = None
            if cid is None and not in_warranty and fc not in ("Panel damage",):
                chg = 1
            elif cid is None and fc == "Bird issue":
                chg = 1
            if chg:
                amt = rng.choice([8500, 9500, 12000, 14500, 18000, 22500])
            call_id += 1
            note = rng.choice([None, None, "Reset inverter, firmware updated", "Replaced CT clamp", "Wi-fi dongle re-paired",
                               "Pigeons under array - meshed", "Replaced isolator", "Customer error - settings"])
            calls.append([call_id, j[2], j[0], cid, d2s(ldt), fc, pr, eng, d2s(visit) if visit else None,
                          d2s(res) if res else None, chg, amt, note])
    calls.sort(key=lambda c: c[4])
    for i, c in enumerate(calls, 1):
        c[0] = i
    cur.executemany("INSERT INTO service_calls VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)", calls)
    for c in calls:
        if c[10] and c[9]:
            rdt = date.fromisoformat(c[9])
            inv = new_inv(c[1], c[2], c[0], None, "Service", rdt, c[11] / 100, 14)
            r = rng.random()
            pat = [(rdt + timedelta(days=rng.randint(0, 30)), c[11])] if r < 0.85 else []
            n0 = len(payments)
            pay_inv(inv, pat)
            for p_ in payments[n0:]:
                p_[4] = "Card"

    invoices.sort(key=lambda i: (i[6], i[0]))
    cur.executemany("INSERT INTO invoices VALUES (?,?,?,?,?,?,?,?,?,?)", invoices)
    payments.sort(key=lambda p: (p[2], p[1]))
    for i, p_ in enumerate(payments, 1):
        p_[0] = i
        if p_[5] is None:
            p_[5] = f"{p_[1]}" if rng.random() < 0.7 else None
    cur.executemany("INSERT INTO payments VALUES (?,?,?,?,?,?)", payments)

    # ---------------- purchase orders
    pos = []
    po_seq = {}
    sup_kit = ["Midsummer Wholesale", "Segen Ltd", "City Plumbing Solar", "Wind & Sun"]
    sup_kit_w = [40, 30, 20, 10]
    late_supp = {"Midsummer Wholesale": 0.15, "Segen Ltd": 0.35, "City Plumbing Solar": 0.2, "Wind & Sun": 0.25}

    def new_po(supp, job, pdt, net, lead_days, raised):
        y = pdt.year
        po_seq[y] = po_seq.get(y, 0) + 1
        no = f"PO-{str(y)[2:]}-{po_seq[y]:04d}"
        exp = pdt + timedelta(days=lead_days)
        rec = None
        st = "Open"
        if rng.random() < 0.02:
            st = "Cancelled"
        else:
            late = rng.random() < late_supp.get(supp, 0.1)
            rdt = exp + timedelta(days=rng.randint(1, 12) if late else -rng.randint(0, min(2, lead_days - 1)))
            if rdt <= TODAY:
                rec = rdt
                st = "Received" if rng.random() < 0.95 else "Part Recvd"
        pos.append([no, supp, job, d2s(pdt), d2s(exp), d2s(rec) if rec else None, round(net, 2), round(net * 0.2, 2),
                    st, raised, None])

    jobs_by_start = sorted(installs, key=lambda j: j[4])
    for j in jobs_by_start:
        st = date.fromisoformat(j[4])
        pdt = st - timedelta(days=rng.randint(10, 21))
        if pdt > TODAY:
            continue
        if pdt < date(2024, 1, 2):
            pdt = date(2024, 1, 2)
        kit = j[10] * rng.uniform(62, 78) + (rng.uniform(1800, 3600) if j[13] else 0) + rng.uniform(380, 700)
        supp = wchoice(rng, sup_kit, sup_kit_w)
        if j[8] == "Cancelled" and rng.random() < 0.5:
            continue
        new_po(supp, j[0], pdt, kit, rng.choice([5, 7, 7, 10]), rng.choice([2, 2, 1]))
        if rng.random() < 0.45:
            sdt = st - timedelta(days=rng.randint(3, 10))
            amt = rng.uniform(180, 420)
            if sdt <= TODAY:
                new_po("Scaffold Hire Yorkshire", j[0], sdt, amt, 2, 2)
    d = date(2024, 1, 8)
    while d <= TODAY:
        if rng.random() < 0.25:
            supp = wchoice(rng, ["Screwfix", "CEF Electrical", "Toolstation", "Midsummer Wholesale"], [35, 35, 20, 10])
            new_po(supp, None, d, rng.uniform(45, 650), rng.choice([1, 2, 3]), rng.choice([2, 5, 8]))
        d += timedelta(days=7)
    pos.sort(key=lambda p: (p[3], p[0]))
    for p_ in pos:
        if p_[8] == "Part Recvd":
            p_[10] = rng.choice(["Short 2 panels", "Rails back-ordered", "Battery to follow"])
        elif p_[5] and p_[5] > p_[4] and rng.random() < 0.3:
            p_[10] = "Delivered late"
    cur.executemany("INSERT INTO purchase_orders VALUES (?,?,?,?,?,?,?,?,?,?,?)", pos)

    # soft-deleted customers: a few lost prospects asked to be removed
    lost_custs = [L["cust"] for L in leads if L["cust"] and L["status"] == "Lost"]
    for c in rng.sample(lost_custs, 9):
        cur.execute("UPDATE customers SET is_deleted = 1, notes = 'Asked to be removed from marketing' WHERE cust_id = ?", (c,))
    for c in rng.sample(range(1, cust_id + 1), 25):
        cur.execute("UPDATE customers SET notes = COALESCE(notes, ?) WHERE cust_id = ?",
                    (rng.choice(["Dog on site", "Park on drive", "Deaf - text only", "Key safe 1234 (ask office)",
                                 "Second property in Filey"]), c))

    cur.executescript("""
    CREATE VIEW v_invoice_balance AS
    SELECT i.inv_no, i.cust_id, c.cust_nm, i.job_id, i.inv_type, i.inv_dt, i.due_dt, i.total_gbp,
           COALESCE((SELECT SUM(p.amt_p) FROM payments p WHERE p.inv_no = i.inv_no), 0) / 100.0 AS paid_gbp,
           ROUND(i.total_gbp - COALESCE((SELECT SUM(p.amt_p) FROM payments p WHERE p.inv_no = i.inv_no), 0) / 100.0, 2) AS balance_gbp,
           i.status
    FROM invoices i
    JOIN customers c ON c.cust_id = i.cust_id
    WHERE i.status <> 'Void';
    """)
    con.commit()
    con.close()


if __name__ == "__main__":
    build_library()
    build_solar()
    for n in ("library", "solar"):
        con = sqlite3.connect(os.path.join(BASE, "dbs", n, n + ".sqlite"))
        rows = con.execute("SELECT name, type FROM sqlite_master WHERE type IN ('table','view') ORDER BY type, name").fetchall()
        print(n)
        for name, typ in rows:
            cnt = con.execute(f'SELECT COUNT(*) FROM "{name}"').fetchone()[0]
            print(f"  {typ:5} {name:20} {cnt}")
        con.close()
