#!/usr/bin/env python3
"""Build the two probe databases (venue, pestctl).

Deterministic: fixed random seeds, hard-coded TODAY.  stdlib only.
Writes dbs/<name>/<name>.sqlite beside this script.
"""
import os
import random
import sqlite3
from datetime import date, datetime, timedelta

TODAY = date(2026, 11, 28)          # a Saturday
NOW = datetime(2026, 11, 28, 14, 0)  # "now" is early afternoon on TODAY
BASE = os.path.dirname(os.path.abspath(__file__))


def d2s(d):
    return d.isoformat()


def dt2s(dt, secs=False):
    return dt.strftime("%Y-%m-%d %H:%M:%S" if secs else "%Y-%m-%d %H:%M")


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


def add_months(d, n):
    y = d.year + (d.month - 1 + n) // 12
    m = (d.month - 1 + n) % 12 + 1
    last = [31, 29 if (y % 4 == 0 and (y % 100 != 0 or y % 400 == 0)) else 28, 31, 30, 31, 30,
            31, 31, 30, 31, 30, 31][m - 1]
    return date(y, m, min(d.day, last))


FIRST = ["James", "Sarah", "David", "Emma", "Mark", "Claire", "Paul", "Rachel", "Andrew", "Helen",
         "Richard", "Laura", "Steven", "Nicola", "Gareth", "Joanne", "Simon", "Karen", "Chris", "Lucy",
         "Ian", "Victoria", "Neil", "Amy", "Peter", "Kirsty", "Tom", "Hannah", "Matthew", "Gemma",
         "Rob", "Louise", "Alan", "Jenny", "Martin", "Sophie", "Graham", "Zoe", "Dean", "Natalie",
         "Kevin", "Becky", "Ryan", "Charlotte", "Lee", "Fiona", "Adam", "Megan", "Phil", "Jade",
         "Ali", "Priya", "Raj", "Aisha", "Tariq", "Mei", "Kasia", "Tomasz", "Lars", "Ines"]
LAST = ["Smith", "Jones", "Williams", "Taylor", "Brown", "Davies", "Evans", "Wilson", "Thomas",
        "Johnson", "Roberts", "Robinson", "Thompson", "Wright", "Walker", "White", "Edwards",
        "Hughes", "Green", "Hall", "Lewis", "Harris", "Clarke", "Patel", "Jackson", "Wood",
        "Turner", "Martin", "Cooper", "Hill", "Ward", "Morris", "Moore", "Clark", "Lee", "King",
        "Baker", "Harrison", "Morgan", "Allen", "James", "Scott", "Phillips", "Watson", "Davis",
        "Parker", "Price", "Bennett", "Young", "Griffiths", "Mitchell", "Kelly", "Cook", "Carter",
        "Richardson", "Bailey", "Collins", "Bell", "Shaw", "Murphy", "Miller", "Cox", "Richards",
        "Khan", "Marshall", "Anderson", "Simpson", "Ellis", "Adams", "Singh", "Nowak", "Chen"]


def person(rng, used):
    while True:
        fn = rng.choice(FIRST)
        ln = rng.choice(LAST)
        if (fn, ln) not in used:
            used.add((fn, ln))
            return fn, ln


# ============================================================================
# VENUE
# ============================================================================
def build_venue():
    rng = random.Random(4001)
    con = sqlite3.connect(db_path("venue"))
    cur = con.cursor()
    cur.executescript("""
    PRAGMA foreign_keys = ON;
    CREATE TABLE artists (
        artist_id     INTEGER PRIMARY KEY,
        artist_name   TEXT NOT NULL,
        act_type      TEXT,               -- band / solo / dj / comedian
        genre         TEXT,
        home_town     TEXT,
        is_local      INTEGER DEFAULT 0,  -- 1 = based within ~30 miles
        agency        TEXT                -- booking agency; NULL = self-managed
    );
    CREATE TABLE promoters (
        promoter_id    INTEGER PRIMARY KEY,
        promoter_name  TEXT NOT NULL,
        contact_name   TEXT,
        email          TEXT,
        phone          TEXT
    );
    CREATE TABLE staff (
        staff_id       INTEGER PRIMARY KEY,
        first_name     TEXT NOT NULL,
        last_name      TEXT NOT NULL,
        job_title      TEXT,
        department     TEXT,              -- Management / Bar / Door / Production / Box Office
        hourly_rate    REAL,              -- GBP
        supervisor_id  INTEGER REFERENCES staff(staff_id),
        started_on     TEXT,
        left_on        TEXT               -- NULL = still employed
    );
    CREATE TABLE events (
        event_id             INTEGER PRIMARY KEY,
        event_date           TEXT NOT NULL,     -- 'YYYY-MM-DD'
        title                TEXT NOT NULL,
        event_type           TEXT,              -- gig / club night / comedy
        headline_artist_id   INTEGER REFERENCES artists(artist_id),
        promoter_id          INTEGER,           -- promoters.promoter_id; NULL = our own (in-house) show
        room                 TEXT,              -- Main Room / Studio
        doors_time           TEXT,              -- 'HH:MM'
        curfew_time          TEXT,              -- 'HH:MM' (may be after midnight)
        capacity             INTEGER,
        min_age              INTEGER,
        status               TEXT,              -- scheduled / completed / cancelled / postponed
        rescheduled_event_id INTEGER,           -- postponed shows: the event_id of the new date
        room_hire_fee        REAL,              -- GBP charged to an outside promoter; NULL for in-house shows
        announced_on         TEXT
    );
    CREATE TABLE support_acts (
        event_id        INTEGER NOT NULL REFERENCES events(event_id),
        artist_id       INTEGER NOT NULL REFERENCES artists(artist_id),
        running_order   INTEGER,          -- 1 = opener
        fee             REAL,             -- GBP flat fee
        PRIMARY KEY (event_id, artist_id)
    );
    CREATE TABLE ticket_types (
        ticket_type_id  INTEGER PRIMARY KEY,
        event_id        INTEGER NOT NULL REFERENCES events(event_id),
        type_name       TEXT,             -- Early Bird / Advance / Door / VIP
        face_price      REAL,             -- GBP per ticket
        booking_fee     REAL,             -- GBP per ticket, charged on online sales only
        allocation      INTEGER
    );
    CREATE TABLE ticket_sales (
        sale_id         INTEGER PRIMARY KEY,
        ticket_type_id  INTEGER NOT NULL REFERENCES ticket_types(ticket_type_id),
        sold_at         TEXT NOT NULL,    -- 'YYYY-MM-DD HH:MM:SS'
        channel         TEXT,             -- online / box_office
        quantity        INTEGER NOT NULL,
        face_price      REAL,             -- GBP per ticket
        booking_fee     REAL,             -- GBP per ticket (0 at the box office)
        buyer_postcode  TEXT,
        refunded        INTEGER DEFAULT 0,
        refunded_at     TEXT
    );
    CREATE TABLE suppliers (
        supplier_id    INTEGER PRIMARY KEY,
        supplier_name  TEXT NOT NULL,
        account_no     TEXT,
        contact_email  TEXT,
        payment_terms_days INTEGER
    );
    CREATE TABLE bar_products (
        product_id    INTEGER PRIMARY KEY,
        product_name  TEXT NOT NULL,
        category      TEXT,               -- Draught / Bottles & Cans / Wine / Spirits / Soft / Snacks
        supplier_id   INTEGER REFERENCES suppliers(supplier_id),
        cost_price    REAL,               -- GBP per serve/unit, current
        sell_price    REAL,               -- GBP per serve/unit, current price list
        is_active     INTEGER DEFAULT 1
    );
    CREATE TABLE bar_transactions (
        txn_id          INTEGER PRIMARY KEY,
        event_id        INTEGER,          -- events.event_id (not declared)
        till            TEXT,
        txn_at          TEXT NOT NULL,    -- 'YYYY-MM-DD HH:MM:SS'
        payment_method  TEXT,             -- card / cash
        served_by       INTEGER REFERENCES staff(staff_id)
    );
    CREATE TABLE bar_transaction_lines (
        line_id     INTEGER PRIMARY KEY,
        txn_id      INTEGER NOT NULL REFERENCES bar_transactions(txn_id),
        product_id  INTEGER NOT NULL REFERENCES bar_products(product_id),
        qty         INTEGER NOT NULL,
        unit_price  REAL NOT NULL         -- GBP charged per unit at the time
    );
    CREATE TABLE deliveries (
        delivery_id    INTEGER PRIMARY KEY,
        supplier_id    INTEGER NOT NULL REFERENCES suppliers(supplier_id),
        delivered_on   TEXT NOT NULL,
        invoice_ref    TEXT,
        received_by    INTEGER,           -- staff.staff_id (not declared)
        invoice_total  REAL               -- GBP ex VAT
    );
    CREATE TABLE delivery_lines (
        delivery_line_id  INTEGER PRIMARY KEY,
        delivery_id       INTEGER NOT NULL REFERENCES deliveries(delivery_id),
        product_id        INTEGER NOT NULL,   -- bar_products.product_id (not declared)
        qty               INTEGER NOT NULL,
        unit_cost         REAL NOT NULL
    );
    CREATE TABLE shifts (
        shift_id      INTEGER PRIMARY KEY,
        staff_id      INTEGER NOT NULL REFERENCES staff(staff_id),
        event_id      INTEGER,            -- NULL = non-event shift (deliveries, cleaning, office)
        shift_start   TEXT NOT NULL,      -- 'YYYY-MM-DD HH:MM'
        shift_end     TEXT,               -- 'YYYY-MM-DD HH:MM'
        break_mins    INTEGER DEFAULT 0
    );
    CREATE TABLE settlements (
        settlement_id   INTEGER PRIMARY KEY,
        event_id        INTEGER NOT NULL UNIQUE REFERENCES events(event_id),
        artist_id       INTEGER REFERENCES artists(artist_id),
        deal_type       TEXT,             -- flat / door split / versus
        guarantee       REAL,             -- GBP
        door_split_pct  REAL,             -- % of net face-value ticket takings
        artist_payout   REAL,             -- GBP actually paid to the headliner
        rider_cost      REAL,             -- GBP hospitality
        settled_on      TEXT
    );
    """)

    # ---------------------------------------------------------------- artists
    ADJ = ["Velvet", "Paper", "Neon", "Hollow", "Silver", "Broken", "Golden", "Electric", "Wild", "Quiet",
           "Crimson", "Static", "Lunar", "Feral", "Copper", "Glass", "Midnight", "Northern", "Salt", "Iron",
           "Sunken", "Tidal", "Pale", "Young"]
    NOUN = ["Foxes", "Lanterns", "Pines", "Harbour", "Tides", "Wolves", "Satellites", "Rivers", "Ghosts",
            "Sparrows", "Engines", "Orchard", "Arcade", "Choir", "Machines", "Parade", "Horizon", "Magpies",
            "Signals", "Sisters", "Hearts", "Kites", "Saints", "Moths"]
    GENRES = ["Indie", "Rock", "Folk", "Jazz", "Punk", "Soul", "Metal", "Electronic", "Americana", "Hip-Hop"]
    TOWNS_LOCAL = ["Sheffield", "Rotherham", "Barnsley", "Chesterfield", "Doncaster"]
    TOWNS_AWAY = ["Manchester", "Leeds", "Glasgow", "London", "Bristol", "Liverpool", "Brighton", "Cardiff",
                  "Dublin", "Berlin", "Newcastle", "Nottingham", "Amsterdam", "Toronto", "Melbourne"]
    AGENCIES = ["Coda Agency", "ATC Live", "Free Trade Agency", "Primary Talent", "Kilimanjaro Bookings"]
    names = []
    seen = set()
    while len(names) < 96:
        a, n = rng.choice(ADJ), rng.choice(NOUN)
        if (a, n) in seen:
            continue
        seen.add((a, n))
        names.append(("The " if rng.random() < 0.45 else "") + a + " " + n)
    solo = ["Marlowe Quinn", "Ada Finch", "Nadia Rae", "Tom Ashworth", "Jez Holloway", "Isla Moreno",
            "Caleb Stroud", "Priya Lal", "Bex Carver", "Otis Wren", "June Okafor", "Rory Blackwood"]
    djs = ["DJ Kestrel", "Mira Volt", "Sub Tonic", "Hex Lane", "Low Orbit", "Kai Marr"]
    comics = ["Sian Pryce", "Dev Mehta", "Gus Lowther", "Hattie Crane", "Femi Ade", "Rob Deeley"]
    artists = []
    for nm in names:
        artists.append(dict(name=nm, typ="band", genre=rng.choice(GENRES)))
    for nm in solo:
        artists.append(dict(name=nm, typ="solo", genre=wchoice(rng, ["Folk", "Soul", "Americana", "Indie", "Jazz"],
                                                              [30, 20, 20, 20, 10])))
    for nm in djs:
        artists.append(dict(name=nm, typ="dj", genre="Electronic"))
    for nm in comics:
        artists.append(dict(name=nm, typ="comedian", genre="Comedy"))
    rng.shuffle(artists)
    art_rows = []
    for i, a in enumerate(artists, 1):
        a["id"] = i
        local = rng.random() < 0.38
        a["local"] = local
        town = rng.choice(TOWNS_LOCAL) if local else rng.choice(TOWNS_AWAY)
        agency = None if (local and rng.random() < 0.7) or rng.random() < 0.2 else rng.choice(AGENCIES)
        a["pop"] = rng.uniform(0.25, 0.75) if local else rng.uniform(0.35, 1.25)
        a["draw"] = rng.lognormvariate(0, 0.7) * (0.6 if local else 1.0)
        art_rows.append((i, a["name"], a["typ"], a["genre"], town, 1 if local else 0, agency))
    cur.executemany("INSERT INTO artists VALUES (?,?,?,?,?,?,?)", art_rows)
    by_type = {}
    for a in artists:
        by_type.setdefault(a["typ"], []).append(a)

    promoters = [
        (1, "Northern Noise", "Gemma Tate", "gemma@northernnoise.co.uk", "0114 496 0211"),
        (2, "Ritual Promotions", "Dan Okoro", "dan@ritualpromo.com", "07700 900412"),
        (3, "Slow Dance Presents", "Kirsty Hale", "bookings@slowdance.co.uk", "07700 900733"),
        (4, "Loud Minority", "Sam Birch", "sam@loudminority.net", "0114 496 0877"),
        (5, "Crescent Live", "Alex Ward", "alex@crescentlive.co.uk", "0113 496 0145"),
        (6, "Giggle Factory", "Nina Roy", "nina@gigglefactory.co.uk", "07700 900908"),
    ]
    cur.executemany("INSERT INTO promoters VALUES (?,?,?,?,?)", promoters)

    # ---------------------------------------------------------------- staff
    staff = [
        # id, first, last, title, dept, rate, sup, start, left
        (1, "Dana", "Whitlock", "Venue Manager", "Management", 21.50, None, "2023-03-01", None),
        (2, "Marcus", "Bell", "Bar Manager", "Bar", 16.25, 1, "2023-03-01", None),
        (3, "Leah", "Kowalski", "Assistant Bar Manager", "Bar", 14.10, 2, "2024-02-12", None),
        (4, "Terry", "Osei", "Head of Security", "Door", 15.80, 1, "2023-03-01", None),
        (5, "Fin", "Gallagher", "Production Manager", "Production", 18.40, 1, "2023-05-15", None),
        (6, "Yasmin", "Akhtar", "Box Office Manager", "Box Office", 14.60, 1, "2023-06-01", None),
        (7, "Callum", "Reid", "Bar Staff", "Bar", 12.60, 3, "2024-01-08", None),
        (8, "Sophie", "Marsh", "Bar Staff", "Bar", 12.60, 3, "2024-03-18", None),
        (9, "Jordan", "Pike", "Bar Staff", "Bar", 12.21, 3, "2024-06-03", "2025-08-31"),
        (10, "Anya", "Petrova", "Bar Staff", "Bar", 12.60, 2, "2024-09-09", None),
        (11, "Kieran", "Doyle", "Bar Staff", "Bar", 12.60, 3, "2024-10-14", None),
        (12, "Maisie", "Hartley", "Bar Staff", "Bar", 12.21, 3, "2025-02-03", None),
        (13, "Ollie", "Brennan", "Bar Staff", "Bar", 12.21, 2, "2025-04-07", "2026-05-31"),
        (14, "Tia", "Mensah", "Bar Staff", "Bar", 12.21, 3, "2025-09-15", None),
        (15, "Reuben", "Hollis", "Bar Staff", "Bar", 12.21, 3, "2026-03-02", None),
        (16, "Grace", "Fenwick", "Bar Staff", "Bar", 12.21, 2, "2026-06-15", None),
        (17, "Duane", "Pryor", "Door Supervisor", "Door", 14.00, 4, "2023-04-01", None),
        (18, "Shaz", "Iqbal", "Door Supervisor", "Door", 14.00, 4, "2023-09-01", None),
        (19, "Gordon", "McRae", "Door Supervisor", "Door", 14.00, 4, "2024-05-20", "2025-12-31"),
        (20, "Nikki", "Stone", "Door Supervisor", "Door", 14.00, 4, "2024-11-04", None),
        (21, "Abdi", "Warsame", "Door Supervisor", "Door", 14.00, 17, "2025-07-01", None),
        (22, "Lewis", "Crane", "Sound Engineer", "Production", 17.00, 5, "2023-05-15", None),
        (23, "Harriet", "Vance", "Sound Engineer", "Production", 17.00, 5, "2024-08-01", None),
        (24, "Paddy", "Flynn", "Lighting Technician", "Production", 15.50, 5, "2024-02-01", None),
        (25, "Zara", "Quinn", "Box Office Assistant", "Box Office", 12.40, 6, "2024-04-15", None),
        (26, "Eddie", "Lomas", "Box Office Assistant", "Box Office", 12.40, 6, "2025-05-12", None),
        (27, "Bea", "Sutton", "Cleaner", "Management", 12.21, 1, "2023-03-01", None),
    ]
    cur.executemany("INSERT INTO staff VALUES (?,?,?,?,?,?,?,?,?)", staff)
    st = {s[0]: s for s in staff}

    def active(sid, d):
        s = st[sid]
        return date.fromisoformat(s[7]) <= d and (s[8] is None or d <= date.fromisoformat(s[8]))

    BAR = [7, 8, 9, 10, 11, 12, 13, 14, 15, 16]
    DOOR = [17, 18, 19, 20, 21]
    SOUND = [22, 23]
    BOX = [25, 26]

    # ---------------------------------------------------------------- events (raw)
    START = date(2024, 12, 1)
    END = date(2027, 2, 27)
    pmain = {0: 0.02, 1: 0.08, 2: 0.2, 3: 0.42, 4: 0.82, 5: 0.88, 6: 0.15}
    raw = []

    def make_event(d, room):
        wd = d.weekday()
        if room == "Main Room" and wd == 5 and rng.random() < 0.3:
            etype = "club night"
        elif wd in (2, 3) and rng.random() < 0.14:
            etype = "comedy"
        elif room == "Studio" and wd in (4, 5) and rng.random() < 0.25:
            etype = "club night"
        else:
            etype = "gig"
        if etype == "club night":
            pool = by_type["dj"]
        elif etype == "comedy":
            pool = by_type["comedian"]
        else:
            pool = by_type["band"] + by_type["solo"]
        art = wchoice(rng, pool, [a["draw"] for a in pool])
        cap = 220 if room == "Main Room" else 90
        if room == "Main Room" and (etype == "comedy" or (art["genre"] in ("Jazz", "Folk") and rng.random() < 0.5)):
            cap = 150   # seated layout
        if etype == "club night":
            doors, curfew = "22:30", "03:00"
        elif etype == "comedy":
            doors, curfew = "19:00", "22:30"
        else:
            doors = wchoice(rng, ["19:00", "19:30", "20:00"], [45, 40, 15])
            curfew = "23:00" if wd < 4 else wchoice(rng, ["23:00", "23:30"], [60, 40])
        prom = None
        if rng.random() < 0.42:
            prom = wchoice(rng, [1, 2, 3, 4, 5, 6], [30, 22, 14, 18, 10, 0]) if etype != "comedy" else 6
        pop = art["pop"] * rng.uniform(0.7, 1.25) * (1.1 if wd >= 4 else 0.85)
        if d.month in (1, 8):
            pop *= 0.8
        return dict(date=d, room=room, etype=etype, art=art, cap=cap, doors=doors, curfew=curfew, prom=prom,
                    pop=pop, status=None, resched=None)

    for d in daterange(START, END):
        if d.month == 12 and d.day in (24, 25, 26):
            continue
        if rng.random() < pmain[d.weekday()]:
            raw.append(make_event(d, "Main Room"))
        if d.weekday() in (3, 4, 5) and rng.random() < 0.13:
            raw.append(make_event(d, "Studio"))
    taken = {(e["date"], e["room"]) for e in raw}
    # status: cancellations & postponements
    extra = []
    for e in raw:
        r = rng.random()
        if e["date"] < TODAY:
            if r < 0.035:
                e["status"] = "cancelled"
            elif r < 0.06 and e["date"] < date(2026, 10, 15) and e["etype"] == "gig":
                e["status"] = "postponed"
                nd = e["date"] + timedelta(days=rng.randint(40, 130))
                while (nd, e["room"]) in taken or nd.weekday() in (0, 6) or (nd.month == 12 and nd.day in (24, 25, 26)):
                    nd += timedelta(days=1)
                taken.add((nd, e["room"]))
                ne = dict(e)
                ne.update(date=nd, status=None, resched=None, orig=e)
                e["resched"] = ne
                extra.append(ne)
            else:
                e["status"] = "completed"
        else:
            e["status"] = "cancelled" if r < 0.02 else "scheduled"
    for ne in extra:
        ne["status"] = "completed" if ne["date"] < TODAY else "scheduled"
    events = raw + extra
    events.sort(key=lambda e: (e["date"], e["room"] != "Main Room"))
    for i, e in enumerate(events, 1):
        e["id"] = i
    ev_rows = []
    for e in events:
        a = e["art"]
        if e["etype"] == "club night":
            title = f"{a['name']} (club night)" if rng.random() < 0.3 else f"Night Shift: {a['name']}"
        elif e["etype"] == "comedy":
            title = f"{a['name']} - Live"
        else:
            title = a["name"]
        if e.get("orig"):
            title += " (rescheduled)"
        hire = None
        if e["prom"] is not None:
            hire = (450.0 if e["cap"] == 220 else 350.0 if e["cap"] == 150 else 180.0) + (100.0 if e["date"].weekday() >= 4 else 0)
            if e["date"] >= date(2026, 1, 1):
                hire += 50.0
        ann = e["date"] - timedelta(days=rng.randint(35, 110))
        if e.get("orig"):
            ann = e["orig"]["date"] - timedelta(days=rng.randint(2, 12))
        e["ann"] = ann
        min_age = 18 if e["etype"] == "club night" else wchoice(rng, [14, 16, 18], [50, 20, 30])
        ev_rows.append((e["id"], d2s(e["date"]), title, e["etype"], a["id"], e["prom"], e["room"], e["doors"],
                        e["curfew"], e["cap"], min_age, e["status"], e["resched"]["id"] if e["resched"] else None,
                        hire, d2s(ann)))
    cur.executemany("INSERT INTO events VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)", ev_rows)

    # support acts
    sup_rows = []
    for e in events:
        if e["etype"] != "gig":
            continue
        n = wchoice(rng, [0, 1, 2], [20, 50, 30])
        pool = [a for a in by_type["band"] + by_type["solo"] if a["local"] and a is not e["art"]]
        picks = rng.sample(pool, n)
        for k, a in enumerate(picks, 1):
            fee = float(rng.choice([50, 75, 100, 100, 120, 150, 150, 200, 250]))
            sup_rows.append((e["id"], a["id"], k, fee))
    cur.executemany("INSERT INTO support_acts VALUES (?,?,?,?)", sup_rows)

    # ---------------------------------------------------------------- tickets
    POSTCODES = ["S1", "S2", "S3", "S6", "S7", "S8", "S10", "S11", "S17", "S35", "S60", "S63", "S70", "S40", "DN1",
                 "LS6", "M20", "NG7", "S4", "S9"]
    PCW = [10, 8, 6, 7, 9, 10, 12, 14, 6, 4, 5, 3, 4, 4, 3, 2, 2, 2, 3, 3]
    tt_rows = []
    sale_list = []   # dicts
    att = {}         # event_id -> tickets valid (non refunded)
    face_net = {}    # event_id -> non-refunded face value
    tt_id = 0
    for e in events:
        base = {220: 15.0, 150: 17.0, 90: 10.0}[e["cap"]]
        price = round(base * (0.6 + 0.6 * e["art"]["pop"]) * 2) / 2
        if e["etype"] == "club night":
            price = round(price * 0.8 * 2) / 2
        if e["date"] >= date(2026, 1, 1):
            price += 1.0
        fee = 1.00 if price < 10 else 1.50 if price < 15 else 2.00 if price < 20 else 2.50
        types = []
        if e["etype"] != "comedy" and rng.random() < 0.75:
            types.append(("Early Bird", max(5.0, price - 3.0), int(e["cap"] * 0.12)))
        types.append(("Advance", price, None))
        types.append(("Door", price + (3.0 if price >= 12 else 2.0), int(e["cap"] * 0.2)))
        if e["cap"] == 220 and e["art"]["pop"] > 1.0 and rng.random() < 0.5:
            types.append(("VIP", price + 20.0, 12))
        used_alloc = sum(t[2] for t in types if t[2] is not None)
        tinfo = []
        for nm, fp, al in types:
            tt_id += 1
            if al is None:
                al = e["cap"] - used_alloc
            f = fee if nm != "Door" else 0.0
            if nm == "VIP":
                f = 3.50
            tt_rows.append((tt_id, e["id"], nm, fp, f, al))
            tinfo.append(dict(id=tt_id, name=nm, price=fp, fee=f, alloc=al, sold=0))
        # demand
        demand = int(e["cap"] * min(1.15, e["pop"] * rng.uniform(0.75, 1.1)))
        if e["status"] == "cancelled":
            demand = int(demand * rng.uniform(0.3, 0.7))
        ev_dt = datetime.combine(e["date"], datetime.strptime(e["doors"], "%H:%M").time())
        ann_dt = datetime.combine(e["ann"], datetime.min.time()) + timedelta(hours=10)
        window = (ev_dt - ann_dt).total_seconds()
        orig = e.get("orig")
        sold = 0
        eb = [t for t in tinfo if t["name"] == "Early Bird"]
        adv = [t for t in tinfo if t["name"] == "Advance"][0]
        door = [t for t in tinfo if t["name"] == "Door"][0]
        vip = [t for t in tinfo if t["name"] == "VIP"]
        cancel_dt = None
        if e["status"] in ("cancelled", "postponed"):
            cancel_dt = ev_dt - timedelta(days=rng.randint(3, 25), hours=rng.randint(0, 8))
        door_share = rng.uniform(0.05, 0.18)
        guard = 0
        while sold < demand and guard < 5000:
            guard += 1
            # pick type
            if eb and eb[0]["sold"] < eb[0]["alloc"]:
                t = eb[0]
                at = ann_dt + timedelta(seconds=rng.random() * min(window * 0.15, 86400 * 12))
                ch = "online" if rng.random() < 0.93 else "box_office"
            elif vip and vip[0]["sold"] < vip[0]["alloc"] and rng.random() < 0.08:
                t = vip[0]
                at = ann_dt + timedelta(seconds=window * rng.betavariate(1.5, 2.0))
                ch = "online"
            elif rng.random() < door_share and door["sold"] < door["alloc"]:
                t = door
                at = ev_dt + timedelta(minutes=rng.randint(0, 150))
                ch = "box_office"
            elif adv["sold"] < adv["alloc"]:
                t = adv
                at = ann_dt + timedelta(seconds=window * rng.betavariate(2.2, 1.3))
                ch = "online" if rng.random() < 0.82 else "box_office"
            elif door["sold"] < door["alloc"]:
                t = door
                at = ev_dt + timedelta(minutes=rng.randint(0, 150))
                ch = "box_office"
            else:
                break
            if ch == "online":
                q = wchoice(rng, [1, 2, 3, 4, 5, 6], [34, 44, 9, 9, 2, 2])
            else:
                q = wchoice(rng, [1, 2, 3, 4], [50, 38, 7, 5])
            q = min(q, t["alloc"] - t["sold"])
            if q <= 0:
                continue
            if ch == "box_office" and at.hour < 11 and at.date() != e["date"]:
                at = at.replace(hour=rng.randint(11, 17))
            if cancel_dt and at >= cancel_dt:
                sold += q
                continue
            if orig is not None and at < ann_dt:
                at = ann_dt + timedelta(hours=rng.randint(1, 72))
            if at >= NOW:
                sold += q
                continue
            t["sold"] += q
            sold += q
            fee_paid = t["fee"] if ch == "online" else 0.0
            sale_list.append(dict(tt=t["id"], at=at.replace(microsecond=0), ch=ch, q=q, price=t["price"], fee=fee_paid,
                                  pc=wchoice(rng, POSTCODES, PCW), ev=e, cancel_dt=cancel_dt))
    cur.executemany("INSERT INTO ticket_types VALUES (?,?,?,?,?,?)", tt_rows)
    sale_list.sort(key=lambda s: (s["at"], s["tt"]))
    ts_rows = []
    for i, s in enumerate(sale_list, 1):
        e = s["ev"]
        refunded, rat = 0, None
        if e["status"] == "cancelled" or (e["status"] == "postponed" and rng.random() < 0.4):
            refunded = 1
            rat = s["cancel_dt"] + timedelta(days=rng.randint(0, 6), minutes=rng.randint(0, 600))
            if rat >= NOW:
                rat = NOW - timedelta(hours=rng.randint(1, 20))
        elif e["status"] in ("completed", "scheduled") and rng.random() < 0.015 and s["at"].date() < e["date"]:
            refunded = 1
            rat = s["at"] + timedelta(days=rng.randint(1, max(1, (e["date"] - s["at"].date()).days)))
            if rat >= NOW:
                refunded, rat = 0, None
        ts_rows.append((i, s["tt"], dt2s(s["at"], True), s["ch"], s["q"], s["price"], s["fee"], s["pc"], refunded,
                        dt2s(rat.replace(microsecond=0), True) if rat else None))
        if not refunded:
            att[e["id"]] = att.get(e["id"], 0) + s["q"]
            face_net[e["id"]] = face_net.get(e["id"], 0) + s["q"] * s["price"]
    cur.executemany("INSERT INTO ticket_sales VALUES (?,?,?,?,?,?,?,?,?,?)", ts_rows)

    # ---------------------------------------------------------------- settlements (in-house shows only)
    set_rows = []
    for e in events:
        if e["status"] != "completed" or e["prom"] is not None:
            continue
        gross = face_net.get(e["id"], 0)
        dt = wchoice(rng, ["flat", "door split", "versus"], [35, 25, 40])
        if e["etype"] == "club night":
            dt = "flat"
        g = 0.0
        pct = 0.0
        if dt in ("flat", "versus"):
            g = float(rng.choice([150, 200, 250, 300, 350, 400, 500, 600, 750, 900, 1200]))
            if e["art"]["local"]:
                g = min(g, float(rng.choice([100, 150, 200, 250])))
        if dt in ("door split", "versus"):
            pct = float(rng.choice([60, 65, 70, 75, 80]))
        payout = round(max(g, gross * pct / 100.0), 2)
        rider = round(rng.uniform(30, 180) if e["etype"] == "gig" else rng.uniform(15, 60), 2)
        set_rows.append((len(set_rows) + 1, e["id"], e["art"]["id"], dt, g, pct, payout, rider,
                         d2s(e["date"] + timedelta(days=wchoice(rng, [0, 1, 2, 3, 7], [60, 15, 10, 10, 5])))))
    cur.executemany("INSERT INTO settlements VALUES (?,?,?,?,?,?,?,?,?)", set_rows)

    # ---------------------------------------------------------------- shifts
    shift_rows = []
    bar_on = {}   # event_id -> list of bar staff on shift
    for e in events:
        if e["status"] != "completed" and not (e["status"] == "scheduled" and e["date"] < TODAY):
            continue
        d = e["date"]
        doors = datetime.combine(d, datetime.strptime(e["doors"], "%H:%M").time())
        cf = datetime.combine(d, datetime.strptime(e["curfew"], "%H:%M").time())
        if cf <= doors:
            cf += timedelta(days=1)
        crowd = att.get(e["id"], 0)
        nbar = 1 + (crowd > 50) + (crowd > 110) + (crowd > 170)
        ndoor = 1 + (crowd > 80) + (crowd > 170) + (e["etype"] == "club night")
        barp = [s for s in BAR if active(s, d)]
        rng.shuffle(barp)
        on_bar = barp[:nbar]
        if e["room"] == "Main Room" and active(3, d) and rng.random() < 0.6:
            on_bar.append(3)
        elif e["room"] == "Main Room" and rng.random() < 0.35:
            on_bar.append(2)
        bar_on[e["id"]] = on_bar
        roster = []
        for s in on_bar:
            roster.append((s, doors - timedelta(minutes=60), cf + timedelta(minutes=wchoice(rng, [30, 45, 60], [40, 40, 20]))))
        doorp = [s for s in DOOR if active(s, d)]
        rng.shuffle(doorp)
        pick = doorp[:ndoor - 1]
        if e["room"] == "Main Room" and rng.random() < 0.7:
            pick.append(4)
        elif doorp[ndoor - 1:]:
            pick.append(doorp[ndoor - 1])
        for s in pick:
            roster.append((s, doors - timedelta(minutes=30), cf + timedelta(minutes=30)))
        snd = rng.choice(SOUND) if e["etype"] != "club night" else wchoice(rng, SOUND + [5], [40, 40, 20])
        if e["etype"] == "club night":
            roster.append((snd, doors - timedelta(minutes=90), cf + timedelta(minutes=30)))
        else:
            roster.append((snd, doors - timedelta(hours=3), cf + timedelta(minutes=45)))
        if e["room"] == "Main Room" and e["etype"] == "gig" and rng.random() < 0.55:
            roster.append((24, doors - timedelta(hours=2), cf + timedelta(minutes=45)))
        boxp = [s for s in BOX if active(s, d)] + [6]
        roster.append((wchoice(rng, boxp, [40] * (len(boxp) - 1) + [25]), doors - timedelta(minutes=45),
                       doors + timedelta(minutes=150)))
        if e["room"] == "Main Room" and d.weekday() >= 4:
            roster.append((1, doors - timedelta(minutes=90), cf + timedelta(minutes=60)))
        for s, a, b in roster:
            a = a + timedelta(minutes=rng.choice([0, 0, 0, -15, 15]))
            hrs = (b - a).total_seconds() / 3600
            brk = 0 if hrs < 6 else (30 if hrs < 8 else 45)
            shift_rows.append([s, e["id"], dt2s(a), dt2s(b), brk])
    # non-event day shifts: bar manager & cleaner & venue manager office days
    for d in daterange(START, TODAY - timedelta(days=1)):
        wd = d.weekday()
        if wd in (0, 2, 4):
            s = datetime.combine(d, datetime.min.time()) + timedelta(hours=9, minutes=rng.choice([0, 0, 30]))
            shift_rows.append([27, None, dt2s(s), dt2s(s + timedelta(hours=rng.choice([3, 3, 4]))), 0])
        if wd == 1 and active(2, d):
            s = datetime.combine(d, datetime.min.time()) + timedelta(hours=10)
            shift_rows.append([2, None, dt2s(s), dt2s(s + timedelta(hours=rng.choice([4, 5, 6]))), 0])
        if wd in (1, 3) and rng.random() < 0.8:
            s = datetime.combine(d, datetime.min.time()) + timedelta(hours=10)
            shift_rows.append([1, None, dt2s(s), dt2s(s + timedelta(hours=rng.choice([6, 7, 8]))), 30])
    shift_rows.sort(key=lambda r: (r[2], r[0]))
    cur.executemany("INSERT INTO shifts VALUES (?,?,?,?,?,?)", [(i,) + tuple(r) for i, r in enumerate(shift_rows, 1)])

    # ---------------------------------------------------------------- bar
    suppliers = [
        (1, "Brewhouse Direct", "BHD-20931", "orders@brewhousedirect.co.uk", 30),
        (2, "Pennine Wines & Spirits", "PWS-4471", "trade@penninews.co.uk", 30),
        (3, "Valley Cider Co", "VCC-118", "sales@valleycider.co.uk", 14),
        (4, "Fizz Wholesale", "FZ-77120", "accounts@fizzwholesale.com", 21),
        (5, "Crunch Snacks Ltd", "CR-5530", "orders@crunchsnacks.co.uk", 14),
        (6, "Steel City Brewing", "SCB-009", "beer@steelcitybrewing.co.uk", 14),
    ]
    cur.executemany("INSERT INTO suppliers VALUES (?,?,?,?,?)", suppliers)
    # name, category, supplier, cost(current), sell(current), active, weight, genre-tilt
    prods = [
        ("Lager (pint)", "Draught", 1, 1.32, 5.60, 1, 30),
        ("IPA (pint)", "Draught", 6, 1.58, 6.20, 1, 16),
        ("Pale Ale (pint)", "Draught", 6, 1.45, 5.90, 1, 12),
        ("Stout (pint)", "Draught", 1, 1.50, 5.90, 1, 7),
        ("Cider (pint)", "Draught", 3, 1.40, 5.80, 1, 10),
        ("Bottled Lager", "Bottles & Cans", 1, 1.10, 4.80, 1, 9),
        ("Craft Can IPA", "Bottles & Cans", 6, 1.85, 6.00, 1, 6),
        ("Bottled Cider", "Bottles & Cans", 3, 1.30, 5.20, 1, 5),
        ("Alcohol-Free Lager", "Bottles & Cans", 1, 0.95, 4.20, 1, 3),
        ("Hard Seltzer", "Bottles & Cans", 4, 1.20, 5.00, 0, 2),
        ("House Red (175ml)", "Wine", 2, 1.35, 6.50, 1, 4),
        ("House White (175ml)", "Wine", 2, 1.30, 6.50, 1, 5),
        ("Prosecco (bottle)", "Wine", 2, 6.40, 28.00, 1, 0.6),
        ("Vodka (single)", "Spirits", 2, 0.62, 4.40, 1, 6),
        ("Gin (single)", "Spirits", 2, 0.70, 4.60, 1, 6),
        ("Rum (single)", "Spirits", 2, 0.66, 4.40, 1, 4),
        ("Whisky (single)", "Spirits", 2, 0.80, 4.80, 1, 3),
        ("Tequila Shot", "Spirits", 2, 0.72, 4.00, 1, 4),
        ("Jagermeister Shot", "Spirits", 2, 0.78, 4.00, 1, 3),
        ("Cola", "Soft", 4, 0.45, 2.80, 1, 6),
        ("Lemonade", "Soft", 4, 0.40, 2.60, 1, 3),
        ("Mixer", "Soft", 4, 0.30, 1.50, 1, 9),
        ("Bottled Water", "Soft", 4, 0.28, 2.00, 1, 5),
        ("Energy Drink", "Soft", 4, 0.75, 3.20, 1, 3),
        ("Crisps", "Snacks", 5, 0.38, 1.80, 1, 3),
        ("Nuts", "Snacks", 5, 0.55, 2.20, 1, 1.5),
    ]
    prod_rows = []
    for i, p in enumerate(prods, 1):
        prod_rows.append((i, p[0], p[1], p[2], p[3], p[4], p[5]))
    cur.executemany("INSERT INTO bar_products VALUES (?,?,?,?,?,?,?)", prod_rows)
    PRICE_RISE = date(2026, 4, 1)
    COST_RISE = date(2026, 3, 1)

    def sell_at(pid, d):
        p = prods[pid - 1]
        if d >= PRICE_RISE:
            return p[4]
        return round(p[4] * 0.94 * 10) / 10

    def cost_at(pid, d):
        p = prods[pid - 1]
        return p[3] if d >= COST_RISE else round(p[3] * 0.955, 2)

    txns = []
    lines = []
    for e in events:
        if e["status"] != "completed":
            continue
        d = e["date"]
        crowd = int(att.get(e["id"], 0) * rng.uniform(0.86, 0.97))
        rate = {"gig": 0.55, "club night": 0.8, "comedy": 0.45}[e["etype"]] * rng.uniform(0.8, 1.2)
        ntx = int(crowd * rate / 1.5)
        doors = datetime.combine(d, datetime.strptime(e["doors"], "%H:%M").time())
        cf = datetime.combine(d, datetime.strptime(e["curfew"], "%H:%M").time())
        if cf <= doors:
            cf += timedelta(days=1)
        span = (cf - doors).total_seconds()
        tills = ["Till 1", "Till 2"] if e["room"] == "Main Room" else ["Studio Bar"]
        servers = bar_on.get(e["id"]) or [2]
        genre = e["art"]["genre"]
        wts = []
        for p in prods:
            w = p[6]
            if not p[5] and d >= date(2025, 10, 1):
                w = 0
            if genre in ("Jazz", "Folk", "Comedy", "Americana") and p[1] == "Wine":
                w *= 2.5
            if genre in ("Metal", "Punk", "Rock") and p[1] == "Draught":
                w *= 1.4
            if genre == "Electronic" and p[1] in ("Spirits", "Soft"):
                w *= 1.8
            wts.append(w)
        pids = list(range(1, len(prods) + 1))
        for _ in range(ntx):
            at = doors + timedelta(seconds=span * rng.betavariate(2.0, 2.4))
            txns.append(dict(ev=e["id"], till=rng.choice(tills), at=at.replace(microsecond=0),
                             pay="card" if rng.random() < (0.8 if d.year == 2024 else 0.88) else "cash",
                             by=rng.choice(servers)))
            nl = wchoice(rng, [1, 2, 3], [50, 32, 18])
            chosen = []
            for _ in range(nl):
                pid = wchoice(rng, pids, wts)
                if pid in chosen:
                    continue
                chosen.append(pid)
                q = wchoice(rng, [1, 2, 3, 4], [40, 35, 14, 11]) if prods[pid - 1][1] != "Wine" or pid != 13 else 1
                lines.append(dict(tx=len(txns) - 1, pid=pid, q=q, price=sell_at(pid, d), d=d))
    order = sorted(range(len(txns)), key=lambda k: (txns[k]["at"], txns[k]["till"]))
    newid = {}
    tx_rows = []
    for n, k in enumerate(order, 1):
        newid[k] = n
        t = txns[k]
        tx_rows.append((n, t["ev"], t["till"], dt2s(t["at"], True), t["pay"], t["by"]))
    cur.executemany("INSERT INTO bar_transactions VALUES (?,?,?,?,?,?)", tx_rows)
    lines.sort(key=lambda l: (newid[l["tx"]], l["pid"]))
    cur.executemany("INSERT INTO bar_transaction_lines VALUES (?,?,?,?,?)",
                    [(i, newid[l["tx"]], l["pid"], l["q"], l["price"]) for i, l in enumerate(lines, 1)])

    # deliveries: each supplier on its own cycle, ordering roughly what sold since the last drop
    sold_by_day = {}
    for l in lines:
        sold_by_day.setdefault(l["d"], {}).setdefault(l["pid"], 0)
        sold_by_day[l["d"]][l["pid"]] += l["q"]
    cycle = {1: (1, 7), 2: (2, 14), 3: (3, 14), 4: (1, 7), 5: (4, 28), 6: (3, 7)}   # weekday, every n days
    packs = {"Draught": 88, "Bottles & Cans": 24, "Wine": 25, "Spirits": 28, "Soft": 24, "Snacks": 36}
    del_rows, dl_rows = [], []
    deliveries = []
    for sid, (wd, every) in cycle.items():
        d = START
        while d.weekday() != wd:
            d += timedelta(days=1)
        if every == 14 and sid == 3:
            d += timedelta(days=7)
        last = START - timedelta(days=every)
        while d < TODAY:
            need = {}
            for dd in daterange(last, d - timedelta(days=1)):
                for pid, q in sold_by_day.get(dd, {}).items():
                    if prods[pid - 1][2] == sid:
                        need[pid] = need.get(pid, 0) + q
            if need:
                deliveries.append(dict(sid=sid, d=d, need=need))
            last = d
            d += timedelta(days=every)
    deliveries.sort(key=lambda x: (x["d"], x["sid"]))
    dl_id = 0
    for i, dv in enumerate(deliveries, 1):
        tot = 0.0
        for pid in sorted(dv["need"]):
            pk = packs[prods[pid - 1][1]]
            if pid == 13:
                pk = 6
            q = max(1, round(dv["need"][pid] * rng.uniform(0.95, 1.2) / pk)) * pk
            uc = round(cost_at(pid, dv["d"]) * rng.uniform(0.98, 1.03), 3)
            dl_id += 1
            dl_rows.append((dl_id, i, pid, q, uc))
            tot += q * uc
        recv = wchoice(rng, [2, 3, 1], [50, 40, 10]) if active(3, dv["d"]) else wchoice(rng, [2, 1], [80, 20])
        del_rows.append((i, dv["sid"], d2s(dv["d"]), f"{suppliers[dv['sid'] - 1][2].split('-')[0]}/{dv['d'].strftime('%y%m%d')}",
                         recv, round(tot, 2)))
    cur.executemany("INSERT INTO deliveries VALUES (?,?,?,?,?,?)", del_rows)
    cur.executemany("INSERT INTO delivery_lines VALUES (?,?,?,?,?)", dl_rows)
    con.commit()
    con.close()


# ============================================================================
# PESTCTL  (exported from an old Access back-end: -1 / 0 booleans)
# ============================================================================
def build_pestctl():
    rng = random.Random(4002)
    con = sqlite3.connect(db_path("pestctl"))
    cur = con.cursor()
    cur.executescript("""
    CREATE TABLE tblPestType (
        PestTypeID    INTEGER PRIMARY KEY,
        PestDesc      TEXT NOT NULL,
        PestGroup     TEXT,               -- Rodent / Crawling Insect / Flying Insect / Bird / Mammal
        StdCalloutAmt REAL,               -- standard one-off treatment charge, GBP ex VAT
        Notifiable    INTEGER DEFAULT 0   -- Yes/No: -1 = yes, 0 = no
    );
    CREATE TABLE tblTechnician (
        TechID        INTEGER PRIMARY KEY,
        TechFirstName TEXT,
        TechSurname   TEXT,
        Grade         TEXT,               -- Technician / Senior Technician / Team Leader / Operations Manager
        TeamLeaderID  INTEGER REFERENCES tblTechnician(TechID),
        Area          TEXT,
        VanReg        TEXT,
        HourlyCost    REAL,
        StartDt       TEXT,
        LeftDt        TEXT,
        IsActive      INTEGER             -- -1 / 0
    );
    CREATE TABLE tblCustomer (
        CustomerID    INTEGER PRIMARY KEY,
        AcctRef       TEXT,
        CustName      TEXT NOT NULL,
        CustType      TEXT,               -- COMM / DOM / PUB
        ContactName   TEXT,
        TelNo         TEXT,
        Email         TEXT,
        Town          TEXT,
        DateOpened    TEXT,
        OnStop        INTEGER DEFAULT 0,  -- -1 = account on stop
        CreditLimitAmt REAL
    );
    CREATE TABLE tblSite (
        SiteID        INTEGER PRIMARY KEY,
        CustomerID    INTEGER REFERENCES tblCustomer(CustomerID),
        SiteName      TEXT,
        Addr1         TEXT,
        Town          TEXT,
        PostCode      TEXT,
        SiteType      TEXT,
        IsActive      INTEGER DEFAULT -1
    );
    CREATE TABLE tblContract (
        ContractID    INTEGER PRIMARY KEY,
        ContractRef   TEXT,
        CustomerID    INTEGER,            -- tblCustomer (not declared)
        SiteID        INTEGER REFERENCES tblSite(SiteID),
        ContractType  TEXT,               -- Rodent / Insect / Rodent & Insect / Bird
        AnnualValue   REAL,               -- GBP ex VAT
        VisitsPerYr   INTEGER,
        StartDt       TEXT,
        EndDt         TEXT,
        ContractStatus TEXT,              -- Live / Expired / Cancelled
        CancelledDt   TEXT,
        AutoRenew     INTEGER             -- -1 / 0
    );
    CREATE TABLE tblVisit (
        VisitID       INTEGER PRIMARY KEY,
        SiteID        INTEGER REFERENCES tblSite(SiteID),
        ContractID    INTEGER,            -- NULL = one-off (non-contract) job
        TechID        INTEGER REFERENCES tblTechnician(TechID),
        VisitType     TEXT,               -- Routine / Treatment / Follow-up / Survey
        IsCallout     INTEGER,            -- -1 = reactive job phoned in by the customer
        PestTypeID    INTEGER,            -- reported pest (callouts); NULL on routine inspections
        CallLoggedDt  TEXT,               -- when the customer rang (callouts only)
        SchedDt       TEXT,               -- 'YYYY-MM-DD HH:MM:SS' booked slot
        ArrivedDt     TEXT,
        CompletedDt   TEXT,
        Cancelled     INTEGER DEFAULT 0,  -- -1 = cancelled
        CancelReason  TEXT,
        ParentVisitID INTEGER,            -- follow-ups: the visit being followed up
        TechNotes     TEXT
    );
    CREATE TABLE tblTreatment (
        TreatmentID   INTEGER PRIMARY KEY,
        VisitID       INTEGER REFERENCES tblVisit(VisitID),
        PestTypeID    INTEGER REFERENCES tblPestType(PestTypeID),
        Method        TEXT,
        AreaTreated   TEXT,
        FollowUpReqd  INTEGER             -- -1 / 0
    );
    CREATE TABLE tblChemical (
        ChemicalID    INTEGER PRIMARY KEY,
        ChemName      TEXT,
        ActiveIngredient TEXT,
        Formulation   TEXT,
        CostPerKgOrL  REAL,               -- GBP per kg (solids) or per litre (liquids)
        ProfUseOnly   INTEGER             -- -1 / 0
    );
    CREATE TABLE tblVisitChemical (
        VisitChemID   INTEGER PRIMARY KEY,
        TreatmentID   INTEGER,            -- tblTreatment (not declared)
        ChemicalID    INTEGER REFERENCES tblChemical(ChemicalID),
        QtyMl         REAL,               -- liquids / aerosols, millilitres
        QtyGrams      REAL,               -- baits / gels / dusts, grams
        BatchNo       TEXT
    );
    CREATE TABLE tblInvoice (
        InvoiceID     INTEGER PRIMARY KEY,
        InvNo         TEXT,
        CustomerID    INTEGER REFERENCES tblCustomer(CustomerID),
        InvDt         TEXT,
        DueDt         TEXT,
        NetAmt        REAL,
        VATAmt        REAL,
        GrossAmt      REAL,
        PaidInFull    INTEGER,            -- -1 / 0
        Voided        INTEGER DEFAULT 0   -- -1 = voided, ignore
    );
    CREATE TABLE tblInvoiceLine (
        InvLineID     INTEGER PRIMARY KEY,
        InvoiceID     INTEGER REFERENCES tblInvoice(InvoiceID),
        LineNo        INTEGER,
        VisitID       INTEGER,
        ContractID    INTEGER,
        LineDesc      TEXT,
        Qty           REAL,
        UnitAmt       REAL,
        LineAmt       REAL                -- net, GBP
    );
    CREATE TABLE tblPayment (
        PaymentID     INTEGER PRIMARY KEY,
        InvoiceID     INTEGER REFERENCES tblInvoice(InvoiceID),
        PayDt         TEXT,
        PayAmt        REAL,
        PayMethod     TEXT,               -- BACS / CHQ / CARD / CASH
        PayRef        TEXT
    );
    """)
    START = date(2024, 12, 1)
    HORIZON = date(2026, 12, 31)
    YES, NO = -1, 0

    pests = [
        (1, "Rats", "Rodent", 145.0, NO),
        (2, "Mice", "Rodent", 120.0, NO),
        (3, "Cockroaches", "Crawling Insect", 175.0, NO),
        (4, "Ants", "Crawling Insect", 85.0, NO),
        (5, "Wasps", "Flying Insect", 65.0, NO),
        (6, "Bed Bugs", "Crawling Insect", 240.0, NO),
        (7, "Fleas", "Crawling Insect", 110.0, NO),
        (8, "Pigeons", "Bird", 195.0, NO),
        (9, "Squirrels", "Mammal", 160.0, NO),
        (10, "Moles", "Mammal", 95.0, NO),
        (11, "Stored Product Insects", "Crawling Insect", 150.0, NO),
        (12, "Flies", "Flying Insect", 90.0, NO),
        (13, "Asian Hornets", "Flying Insect", 0.0, YES),
    ]
    cur.executemany("INSERT INTO tblPestType VALUES (?,?,?,?,?)", pests)
    pest_amt = {p[0]: p[3] for p in pests}
    pest_name = {p[0]: p[1] for p in pests}

    techs = [
        (1, "Gary", "Pritchard", "Operations Manager", None, "All", "WP19 KXT", 24.50, "2015-04-01", None, YES),
        (2, "Sandra", "Lowe", "Team Leader", 1, "North", "WP21 BNE", 19.20, "2017-06-12", None, YES),
        (3, "Mike", "Dunn", "Team Leader", 1, "South", "WP20 HRD", 19.20, "2016-09-05", None, YES),
        (4, "Priya", "Sharma", "Team Leader", 1, "Commercial", "WP22 LMC", 19.60, "2019-02-18", None, YES),
        (5, "Dean", "Holt", "Senior Technician", 2, "North", "WP18 DFA", 17.10, "2018-03-01", None, YES),
        (6, "Kyle", "Mason", "Technician", 2, "North", "WP71 OZE", 15.40, "2022-05-09", None, YES),
        (7, "Jordan", "Price", "Technician", 2, "North", "WP70 UJK", 15.40, "2023-01-16", None, YES),
        (8, "Lee", "Fairbrother", "Senior Technician", 3, "South", "WP19 TYV", 17.10, "2019-10-07", None, YES),
        (9, "Aaron", "Webb", "Technician", 3, "South", "WP72 RRC", 15.40, "2022-08-22", None, YES),
        (10, "Tomasz", "Nowak", "Technician", 3, "South", "WP23 GHX", 15.80, "2021-04-12", None, YES),
        (11, "Chloe", "Harris", "Senior Technician", 4, "Commercial", "WP21 MMA", 17.30, "2020-01-06", None, YES),
        (12, "Ryan", "Bishop", "Technician", 4, "Commercial", "WP73 PLO", 15.40, "2023-06-05", None, YES),
        (13, "Owen", "Pugh", "Technician", 4, "Commercial", "WP69 WSS", 15.10, "2021-11-01", "2025-09-30", NO),
        (14, "Jake", "Morley", "Technician", 2, "North", "WP25 JMO", 14.90, "2025-10-13", None, YES),
        (15, "Ellie", "Vaughan", "Technician", 3, "South", "WP75 EVA", 14.90, "2026-02-02", None, YES),
    ]
    cur.executemany("INSERT INTO tblTechnician VALUES (?,?,?,?,?,?,?,?,?,?,?)", techs)
    tinfo = {t[0]: t for t in techs}
    late_bias = {1: 5, 2: 4, 3: 8, 4: 2, 5: 6, 6: 22, 7: 10, 8: 3, 9: 16, 10: 7, 11: 1, 12: 12, 13: 26, 14: 14, 15: 9}
    speed = {1: 1.0, 2: 0.95, 3: 1.0, 4: 0.9, 5: 0.92, 6: 1.15, 7: 1.05, 8: 0.88, 9: 1.1, 10: 1.0, 11: 0.9,
             12: 1.08, 13: 1.2, 14: 1.25, 15: 1.18}

    def tech_ok(tid, d):
        t = tinfo[tid]
        return date.fromisoformat(t[8]) <= d and (t[9] is None or d <= date.fromisoformat(t[9]))

    AREA_TOWNS = {"North": ["Kidderminster", "Stourport-on-Severn", "Bromsgrove", "Redditch", "Bewdley"],
                  "South": ["Worcester", "Malvern", "Evesham", "Pershore", "Upton-upon-Severn"]}
    ALL_TOWNS = AREA_TOWNS["North"] + AREA_TOWNS["South"]
    TOWN_W = [14, 6, 10, 11, 3, 22, 10, 8, 4, 2]
    PC = {"Kidderminster": "DY10", "Stourport-on-Severn": "DY13", "Bromsgrove": "B60", "Redditch": "B97",
          "Bewdley": "DY12", "Worcester": "WR1", "Malvern": "WR14", "Evesham": "WR11", "Pershore": "WR10",
          "Upton-upon-Severn": "WR8"}
    STREETS = ["High St", "Church Rd", "Station Rd", "Mill Lane", "Victoria Rd", "Park Ave", "Bridge St",
               "Foregate St", "Green Lane", "Orchard Way", "Kings Rd", "Severn Side", "New Rd", "Hill View"]

    # ---------------------------------------------------------------- customers & sites
    COMM_NAMES = [
        ("Bella Napoli", "Restaurant"), ("Golden Dragon", "Takeaway"), ("The Red Lion", "Pub"),
        ("Severn Valley Foods Ltd", "Food Manufacturer"), ("Oakwood Care Home", "Care Home"),
        ("Greenfield Farm Shop", "Retail"), ("Malvern Hills Hotel", "Hotel"), ("Riverside Bakery", "Bakery"),
        ("Station Café", "Cafe"), ("Kings Head", "Pub"), ("Spice Route", "Restaurant"),
        ("Midland Grain Stores Ltd", "Warehouse"), ("Diglis Marina Ltd", "Leisure"), ("Sunny Days Nursery", "School"),
        ("The Plough Inn", "Pub"), ("Fresh & Fruity Ltd", "Food Manufacturer"), ("Cathedral Tea Rooms", "Cafe"),
        ("Wyre Forest Leisure", "Leisure"), ("Pershore Poultry Ltd", "Farm"), ("Evesham Vale Growers", "Farm"),
        ("Redditch Retail Park Mgmt", "Retail"), ("The Swan Hotel", "Hotel"), ("Bromsgrove Butchers", "Retail"),
        ("Lotus Garden", "Takeaway"), ("Hop Pocket Brewery", "Food Manufacturer"), ("Crown & Anchor", "Pub"),
        ("Vale Logistics Ltd", "Warehouse"), ("St Mary's Primary", "School"), ("Hilltop Kennels", "Farm"),
        ("Little Italy", "Restaurant"), ("Moor Street Deli", "Retail"), ("Three Counties Showground", "Leisure"),
        ("Worcester Bosch Canteen", "Office"), ("Kay's Kitchen", "Cafe"), ("Sizzle Grill", "Takeaway"),
        ("Blackpole Trading Estate", "Warehouse"), ("Chequers Inn", "Pub"), ("Orchard House Care", "Care Home"),
        ("Britannia Fish Bar", "Takeaway"), ("Maple Leaf Dental", "Office"), ("Royal Oak", "Pub"),
        ("Curry Mahal", "Restaurant"), ("Teme Valley Cheese Co", "Food Manufacturer"), ("Willow Bank School", "School"),
        ("The Old Mill Hotel", "Hotel"), ("Shambles Market Traders Assoc", "Retail"), ("Greggs Franchise Worcs", "Bakery"),
        ("Hanbury Stables", "Farm"), ("Lavender Fields Nursing", "Care Home"), ("Pizza Piazza", "Takeaway"),
        ("Crowngate Centre Mgmt", "Retail"), ("Avon Boatyard", "Leisure"), ("Regal Cinema Evesham", "Leisure"),
        ("Brook Farm Dairy", "Farm"), ("Lychgate Vets", "Office"), ("Anchor Wharf Apartments", "Residential Block"),
        ("Severn Heights Apartments", "Residential Block"), ("Perdiswell Sports Club", "Leisure"),
        ("Nando Grill House", "Restaurant"), ("Old Bank Wine Bar", "Pub"), ("Copper Kettle", "Cafe"),
        ("Hereford Rd Storage Ltd", "Warehouse"), ("Droitwich Spa Lido Café", "Cafe"), ("Sun Wah", "Takeaway"),
        ("Bewdley Barge Co", "Leisure"), ("Green Dragon Inn", "Pub"), ("Castle Mead Care", "Care Home"),
        ("Sizzling Wok", "Takeaway"), ("Priory Hotel", "Hotel"), ("County Mills Flour Ltd", "Food Manufacturer"),
    ]
    PUB_NAMES = [("Worcester City Council Housing", "Residential Block"), ("Wychavon DC Depots", "Warehouse"),
                 ("Malvern Academy Trust", "School"), ("Wyre Forest DC Parks", "Leisure"),
                 ("Worcs County Council Schools", "School"), ("Redditch BC Estates", "Residential Block")]
    custs = []
    used = set()
    for nm, stype in COMM_NAMES:
        custs.append(dict(name=nm, typ="COMM", stype=stype))
    for nm, stype in PUB_NAMES:
        custs.append(dict(name=nm, typ="PUB", stype=stype))
    for _ in range(190):
        fn, ln = person(rng, used)
        title = wchoice(rng, ["Mr", "Mrs", "Ms", "Miss", "Dr"], [42, 32, 14, 8, 4])
        custs.append(dict(name=f"{title} {fn[0]} {ln}", typ="DOM", stype="Domestic", contact=f"{fn} {ln}"))
    rng.shuffle(custs)
    cust_rows = []
    sites = []
    for i, c in enumerate(custs, 1):
        c["id"] = i
        town = wchoice(rng, ALL_TOWNS, TOWN_W)
        c["town"] = town
        if c["typ"] == "DOM":
            opened = rand_date(rng, date(2019, 1, 1), date(2026, 11, 20))
            if rng.random() < 0.55:
                opened = rand_date(rng, START, date(2026, 11, 20))
        else:
            opened = rand_date(rng, date(2012, 1, 1), date(2026, 6, 30))
        c["opened"] = opened
        contact = c.get("contact") or " ".join(person(rng, used))
        tel = f"01{rng.choice(['905', '562', '684', '527', '386'])} {rng.randint(100000, 999999)}"
        em = (contact.split()[0].lower() + "@" + c["name"].lower().replace(" ", "").replace("'", "").replace("&", "and")[:14] + ".co.uk") \
            if c["typ"] != "DOM" else (contact.replace(" ", ".").lower() + "@" + rng.choice(["gmail.com", "btinternet.com", "hotmail.co.uk", "outlook.com"]))
        if rng.random() < 0.06:
            em = None
        limit = None if c["typ"] == "DOM" else float(rng.choice([1000, 2500, 5000, 10000]))
        cust_rows.append([i, f"{c['typ'][0]}{i:04d}", c["name"], c["typ"], contact, tel, em, town, d2s(opened), NO, limit])
        nsite = 1
        if c["typ"] == "PUB":
            nsite = rng.randint(3, 6)
        elif c["typ"] == "COMM" and rng.random() < 0.25:
            nsite = rng.randint(2, 4)
        for k in range(nsite):
            stown = town if k == 0 else wchoice(rng, ALL_TOWNS, TOWN_W)
            if c["typ"] == "DOM":
                sname = f"{rng.randint(1, 160)} {rng.choice(STREETS)}"
            elif nsite == 1:
                sname = c["name"]
            else:
                sname = f"{c['name']} - {stown}" if k < 2 else f"{c['name']} - {stown} {k}"
            sites.append(dict(id=len(sites) + 1, cust=c, name=sname, town=stown, stype=c["stype"],
                              addr=f"{rng.randint(1, 220)} {rng.choice(STREETS)}",
                              pc=f"{PC[stown]} {rng.randint(1, 9)}{rng.choice('ABDEFGHJLNPQRSTUWXYZ')}{rng.choice('ABDEFGHJLNPQRSTUWXYZ')}",
                              active=YES))
    # a few dead sites
    for s in rng.sample([s for s in sites if s["cust"]["typ"] == "COMM"], 6):
        s["active"] = NO
    site_rows = [(s["id"], s["cust"]["id"], s["name"], s["addr"], s["town"], s["pc"], s["stype"], s["active"]) for s in sites]
    cur.executemany("INSERT INTO tblSite VALUES (?,?,?,?,?,?,?,?)", site_rows)

    def area_of(town):
        return "North" if town in AREA_TOWNS["North"] else "South"

    # ---------------------------------------------------------------- contracts
    CT_PRICE = {"Rodent": (420, 1100), "Insect": (380, 950), "Rodent & Insect": (690, 1900), "Bird": (900, 2600)}
    contracts = []
    for s in sites:
        c = s["cust"]
        if c["typ"] == "DOM":
            if rng.random() > 0.06:
                continue
            ctype = "Rodent"
        else:
            p_has = 0.8 if c["typ"] == "PUB" else {"Restaurant": 0.85, "Takeaway": 0.75, "Food Manufacturer": 0.95,
                                                    "Pub": 0.7, "Hotel": 0.85, "Care Home": 0.8, "Bakery": 0.9,
                                                    "Cafe": 0.6, "Warehouse": 0.7, "Farm": 0.6, "School": 0.6,
                                                    "Leisure": 0.5, "Retail": 0.55, "Office": 0.35,
                                                    "Residential Block": 0.7}.get(s["stype"], 0.5)
            if rng.random() > p_has:
                continue
            ctype = wchoice(rng, ["Rodent", "Insect", "Rodent & Insect", "Bird"], [40, 12, 40, 8])
            if s["stype"] in ("Food Manufacturer", "Restaurant", "Takeaway", "Bakery"):
                ctype = wchoice(rng, ["Rodent & Insect", "Rodent", "Insect"], [70, 20, 10])
        lo, hi = CT_PRICE[ctype]
        val = round(rng.uniform(lo, hi) / 5) * 5.0
        if c["typ"] == "DOM":
            val = float(rng.choice([240, 260, 280]))
        vpy = 8 if ctype == "Rodent & Insect" else (4 if ctype == "Bird" else 6)
        if s["stype"] == "Food Manufacturer":
            vpy = 12
        if c["typ"] == "DOM":
            vpy = 4
        first = rand_date(rng, date(2023, 1, 1), date(2026, 9, 30))
        if rng.random() < 0.55:
            first = rand_date(rng, date(2021, 1, 1), date(2024, 11, 30))
        # roll forward annual terms
        st0 = first
        while add_months(st0, 12) <= START:
            st0 = add_months(st0, 12)
            val = round(val * 1.035 / 5) * 5.0
        stt = st0
        auto = YES if rng.random() < 0.7 else NO
        while stt <= TODAY:
            end = add_months(stt, 12) - timedelta(days=1)
            k = dict(site=s, cust=c, ctype=ctype, val=val, vpy=vpy, start=stt, end=end, auto=auto, cancel=None)
            contracts.append(k)
            r = rng.random()
            if r < 0.04 and end < HORIZON:
                k["cancel"] = stt + timedelta(days=rng.randint(60, 300))
                if k["cancel"] >= TODAY:
                    k["cancel"] = None
                else:
                    break
            if end >= TODAY:
                break
            if auto == NO and rng.random() < 0.3:
                break
            if rng.random() < 0.08:
                break
            stt = end + timedelta(days=1)
            val = round(val * rng.uniform(1.02, 1.06) / 5) * 5.0
    contracts.sort(key=lambda k: (k["start"], k["site"]["id"]))
    con_rows = []
    for i, k in enumerate(contracts, 1):
        k["id"] = i
        if k["cancel"]:
            status = "Cancelled"
        elif k["end"] < TODAY:
            status = "Expired"
        else:
            status = "Live"
        k["status"] = status
        con_rows.append((i, f"CT{k['start'].year % 100:02d}-{i:04d}", k["cust"]["id"], k["site"]["id"], k["ctype"], k["val"],
                         k["vpy"], d2s(k["start"]), d2s(k["end"]), status, d2s(k["cancel"]) if k["cancel"] else None, k["auto"]))
    cur.executemany("INSERT INTO tblContract VALUES (?,?,?,?,?,?,?,?,?,?,?,?)", con_rows)

    def live_contract(site, d):
        for k in site.get("contracts", []):
            stop = k["cancel"] or k["end"]
            if k["start"] <= d <= stop:
                return k
        return None

    for k in contracts:
        k["site"].setdefault("contracts", []).append(k)

    # ---------------------------------------------------------------- visits
    visits = []

    def pick_tech(site, d, commercial):
        if commercial and site["cust"]["typ"] != "DOM" and rng.random() < 0.55:
            pool = [11, 12, 13, 4]
            w = [35, 30, 30, 12]
        elif area_of(site["town"]) == "North":
            pool = [5, 6, 7, 14, 2]
            w = [30, 30, 28, 30, 12]
        else:
            pool = [8, 9, 10, 15, 3]
            w = [30, 30, 30, 28, 12]
        cand = [(t, ww) for t, ww in zip(pool, w) if tech_ok(t, d)]
        return wchoice(rng, [c[0] for c in cand], [c[1] for c in cand])

    def workday(d):
        while d.weekday() >= 5:
            d += timedelta(days=1)
        return d

    # routine contract visits
    for k in contracts:
        gap = 365.0 / k["vpy"]
        stop = min(k["cancel"] or k["end"], HORIZON)
        t = k["start"] + timedelta(days=rng.randint(3, 20))
        n = 0
        while t <= stop:
            d = workday(t)
            if d >= START:
                hh = wchoice(rng, [8, 9, 10, 11, 12, 13, 14, 15], [12, 16, 16, 14, 8, 14, 12, 8])
                sched = datetime.combine(d, datetime.min.time()) + timedelta(hours=hh, minutes=rng.choice([0, 0, 30]))
                visits.append(dict(site=k["site"], contract=k, vtype="Routine", callout=NO, pest=None, logged=None,
                                   sched=sched, parent=None))
            n += 1
            t = k["start"] + timedelta(days=int(gap * n) + rng.randint(-5, 5))

    # callouts
    SEASON = {  # pest -> monthly weights
        1: [12, 12, 10, 8, 6, 5, 5, 6, 8, 11, 13, 13], 2: [12, 12, 10, 7, 5, 4, 4, 5, 8, 12, 14, 14],
        3: [5, 5, 6, 7, 8, 9, 9, 9, 8, 6, 5, 5], 4: [1, 1, 3, 8, 12, 14, 14, 10, 4, 1, 1, 1],
        5: [0, 0, 0, 1, 4, 14, 25, 28, 16, 4, 0, 0], 6: [6, 6, 6, 6, 7, 8, 8, 8, 7, 6, 6, 6],
        7: [3, 3, 4, 5, 7, 9, 10, 10, 8, 5, 3, 3], 8: [3, 3, 4, 5, 5, 5, 5, 5, 5, 4, 3, 3],
        9: [6, 6, 6, 5, 4, 3, 3, 3, 5, 7, 7, 6], 10: [3, 5, 6, 5, 3, 1, 1, 1, 2, 4, 4, 3],
        11: [3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3], 12: [0, 0, 1, 2, 5, 9, 10, 10, 6, 2, 0, 0],
        13: [0, 0, 0, 0, 0, 0, 0, 2, 2, 0, 0, 0],
    }
    PEST_BASE = {1: 30, 2: 28, 3: 6, 4: 9, 5: 30, 6: 6, 7: 6, 8: 4, 9: 5, 10: 4, 11: 3, 12: 4, 13: 0.3}
    dom_sites = [s for s in sites if s["cust"]["typ"] == "DOM"]
    com_sites = [s for s in sites if s["cust"]["typ"] != "DOM" and s["active"] == YES]
    for d in daterange(START, TODAY + timedelta(days=2)):
        lam = 1.7 if d.weekday() < 5 else (0.7 if d.weekday() == 5 else 0.15)
        if d.month in (7, 8):
            lam *= 1.5
        n = 0
        x = rng.random()
        p = 2.718281828 ** (-lam)
        acc = p
        while x > acc and n < 10:
            n += 1
            p *= lam / n
            acc += p
        for _ in range(n):
            pid = wchoice(rng, list(PEST_BASE), [PEST_BASE[q] * SEASON[q][d.month - 1] for q in PEST_BASE])
            site = rng.choice(dom_sites) if rng.random() < 0.62 else rng.choice(com_sites)
            if pid in (8, 11) and site["cust"]["typ"] == "DOM":
                site = rng.choice(com_sites)
            logged = datetime.combine(d, datetime.min.time()) + timedelta(hours=rng.randint(7, 18), minutes=rng.randint(0, 59))
            if logged >= NOW:
                continue
            urgent = pid in (5, 6, 1, 13) or site["cust"]["typ"] != "DOM"
            delay_h = rng.uniform(2, 30) if urgent else rng.uniform(18, 80)
            sched = logged + timedelta(hours=delay_h)
            if sched.hour < 8:
                sched = sched.replace(hour=8 + rng.randint(0, 2))
            if sched.hour >= 18:
                sched = (sched + timedelta(days=1)).replace(hour=rng.randint(8, 11))
            if sched.weekday() == 6:
                sched += timedelta(days=1)
            sched = sched.replace(minute=(sched.minute // 15) * 15, second=0)
            vtype = "Survey" if pid in (8, 9) and rng.random() < 0.5 else "Treatment"
            visits.append(dict(site=site, contract=live_contract(site, sched.date()), vtype=vtype, callout=YES, pest=pid,
                               logged=logged, sched=sched, parent=None))

    # sort & assign techs, outcomes; follow-ups are appended while iterating
    visits.sort(key=lambda v: v["sched"])
    CHEMS = [
        (1, "Rodex Whole Wheat Bait", "Difenacoum 0.005%", "Bait block", 6.80, YES),
        (2, "Sorexa Gel", "Difenacoum 0.005%", "Gel bait", 22.50, YES),
        (3, "Brodifacoum Wax Block", "Brodifacoum 0.0029%", "Bait block", 9.40, YES),
        (4, "Maxforce Quantum", "Imidacloprid 0.03%", "Gel bait", 310.00, YES),
        (5, "Advion Cockroach Gel", "Indoxacarb 0.6%", "Gel bait", 265.00, YES),
        (6, "Ficam D", "Bendiocarb 1.25%", "Dust", 48.00, YES),
        (7, "Cimetrol Super", "Cypermethrin + S-Methoprene", "Liquid", 95.00, YES),
        (8, "Pyrethrum 5EC", "Pyrethrins 5%", "Liquid", 140.00, YES),
        (9, "Vespex Wasp Bait", "Fipronil 0.005%", "Gel bait", 180.00, YES),
        (10, "Digrain Insect Killer", "Permethrin + Tetramethrin", "Aerosol", 34.00, NO),
        (11, "Fenfog", "Permethrin 13%", "Liquid", 120.00, YES),
        (12, "Talpex Mole Pellets", "Aluminium phosphide", "Pellet", 210.00, YES),
    ]
    cur.executemany("INSERT INTO tblChemical VALUES (?,?,?,?,?,?)", CHEMS)
    LIQUID = {7, 8, 10, 11}
    PEST_CHEM = {1: [(1, 50), (3, 40), (2, 10)], 2: [(1, 40), (2, 45), (3, 15)], 3: [(5, 60), (4, 25), (6, 15)],
                 4: [(4, 55), (6, 30), (10, 15)], 5: [(6, 75), (10, 25)], 6: [(7, 60), (11, 25), (6, 15)],
                 7: [(7, 70), (11, 30)], 11: [(8, 60), (6, 40)], 12: [(8, 50), (10, 50)], 10: [(12, 100)],
                 13: [(10, 100)]}
    PEST_METHOD = {1: "Baiting", 2: "Baiting", 3: "Gel application", 4: "Gel application", 5: "Nest treatment",
                   6: "Residual spray", 7: "Residual spray", 8: "Proofing", 9: "Trapping", 10: "Fumigation",
                   11: "ULV fogging", 12: "Residual spray", 13: "Nest treatment"}
    AREAS = ["Kitchen", "Loft", "Cellar", "Bin store", "Garden", "Store room", "Bedroom", "Garage", "Roof void",
             "Warehouse floor", "Under stairs", "Outbuilding"]
    treatments = []
    chems = []
    i = 0
    while i < len(visits):
        v = visits[i]
        i += 1
        d = v["sched"].date()
        commercial = v["site"]["cust"]["typ"] != "DOM"
        if v.get("tech") is None:
            v["tech"] = pick_tech(v["site"], d, commercial)
            if v["vtype"] == "Survey" and rng.random() < 0.3:
                v["tech"] = wchoice(rng, [1, 4, 2, 3], [40, 20, 20, 20])
        v["cancelled"] = NO
        v["reason"] = None
        v["arr"] = v["comp"] = None
        v["notes"] = None
        past = v["sched"] < NOW - timedelta(hours=2)
        if v["sched"].date() < TODAY or past:
            if rng.random() < (0.05 if v["vtype"] == "Routine" else 0.035):
                v["cancelled"] = YES
                v["reason"] = wchoice(rng, ["No access", "Customer cancelled", "Tech sick", "Rearranged", "Van breakdown"],
                                      [35, 30, 12, 18, 5])
                continue
            late = rng.gauss(late_bias[v["tech"]], 12)
            if v["callout"] == NO and rng.random() < 0.08:
                late += rng.uniform(60, 180)
            arr = v["sched"] + timedelta(minutes=int(late))
            if v["vtype"] == "Routine":
                base = {"Food Manufacturer": 95, "Warehouse": 70, "Hotel": 65, "Residential Block": 75}.get(v["site"]["stype"], 40)
            elif v["vtype"] == "Survey":
                base = 50
            elif v["vtype"] == "Follow-up":
                base = 30
            else:
                base = {6: 150, 3: 90, 8: 120, 10: 70, 11: 100, 5: 35}.get(v["pest"], 55)
            dur = max(10, int(rng.gauss(base * speed[v["tech"]], base * 0.2)))
            comp = arr + timedelta(minutes=dur)
            if comp > NOW:
                if v["sched"].date() == TODAY:
                    v["arr"] = arr if arr < NOW else None
                    continue
            v["arr"] = arr.replace(second=0)
            v["comp"] = comp.replace(second=0)
            if rng.random() < 0.006 and v["sched"].date() < TODAY - timedelta(days=3):
                v["comp"] = None   # never closed off on the handheld
            # treatments
            pest = v["pest"]
            if v["vtype"] == "Routine":
                if rng.random() < 0.28:
                    ctype = v["contract"]["ctype"]
                    opts = {"Rodent": [1, 2], "Insect": [3, 4, 12, 11], "Rodent & Insect": [1, 2, 3, 4, 12, 11],
                            "Bird": [8]}[ctype]
                    pest = rng.choice(opts)
                    v["notes"] = f"Activity found - {pest_name[pest].lower()}"
                else:
                    v["notes"] = rng.choice(["No activity", "No activity. Bait points checked", "All clear",
                                             "Checked all points, no issues", None])
                    continue
            if v["vtype"] == "Survey":
                v["notes"] = "Survey only - quote to follow"
                continue
            if pest is None:
                continue
            fu = YES if (pest in (1, 2, 3, 6, 7) and v["vtype"] != "Follow-up" and rng.random() < 0.7) or \
                (v["vtype"] == "Follow-up" and rng.random() < 0.15) else NO
            tr = dict(visit=v, pest=pest, method=PEST_METHOD[pest] if v["vtype"] != "Follow-up" or pest not in (1, 2) else "Bait check & top-up",
                      area=rng.choice(AREAS), fu=fu)
            treatments.append(tr)
            if pest in PEST_CHEM and rng.random() < 0.95:
                opts = PEST_CHEM[pest]
                nch = 2 if rng.random() < 0.2 and len(opts) > 1 else 1
                picks = []
                for _ in range(nch):
                    ch = wchoice(rng, [o[0] for o in opts], [o[1] for o in opts])
                    if ch not in picks:
                        picks.append(ch)
                for ch in picks:
                    if ch in LIQUID:
                        qty = round(rng.uniform(150, 900) if pest in (6, 7, 11) else rng.uniform(50, 400), -1)
                        chems.append(dict(tr=tr, chem=ch, ml=qty, g=None))
                    else:
                        if ch in (1, 3):
                            qty = float(rng.randint(4, 30) * 20)
                        elif ch == 6:
                            qty = float(rng.randint(2, 20) * 10)
                        elif ch == 12:
                            qty = float(rng.randint(6, 30) * 3)
                        else:
                            qty = float(rng.randint(5, 60))
                        chems.append(dict(tr=tr, chem=ch, ml=None, g=qty))
            if fu == YES:
                fd = v["sched"] + timedelta(days=rng.randint(10, 21))
                fd = datetime.combine(workday(fd.date()), datetime.min.time()) + timedelta(hours=rng.choice([9, 10, 11, 13, 14]))
                if fd.date() <= HORIZON:
                    nv = dict(site=v["site"], contract=v["contract"], vtype="Follow-up", callout=NO, pest=pest, logged=None,
                              sched=fd, parent=v, tech=v["tech"] if tech_ok(v["tech"], fd.date()) and rng.random() < 0.8 else None)
                    # insert keeping order
                    j = i
                    while j < len(visits) and visits[j]["sched"] <= fd:
                        j += 1
                    visits.insert(j, nv)
    for n, v in enumerate(visits, 1):
        v["id"] = n
    vis_rows = []
    for v in visits:
        vis_rows.append((v["id"], v["site"]["id"], v["contract"]["id"] if v["contract"] else None, v["tech"], v["vtype"],
                         v["callout"], v["pest"] if v["vtype"] != "Routine" else None,
                         dt2s(v["logged"], True) if v["logged"] else None, dt2s(v["sched"], True),
                         dt2s(v["arr"], True) if v["arr"] else None, dt2s(v["comp"], True) if v["comp"] else None,
                         v["cancelled"], v["reason"], v["parent"]["id"] if v["parent"] else None, v["notes"]))
    cur.executemany("INSERT INTO tblVisit VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)", vis_rows)
    tr_rows = []
    for n, tr in enumerate(treatments, 1):
        tr["id"] = n
        tr_rows.append((n, tr["visit"]["id"], tr["pest"], tr["method"], tr["area"], tr["fu"]))
    cur.executemany("INSERT INTO tblTreatment VALUES (?,?,?,?,?,?)", tr_rows)
    ch_rows = []
    for n, c in enumerate(chems, 1):
        ch_rows.append((n, c["tr"]["id"], c["chem"], c["ml"], c["g"],
                        f"B{c['tr']['visit']['sched'].strftime('%y%m')}{rng.randint(100, 999)}"))
    cur.executemany("INSERT INTO tblVisitChemical VALUES (?,?,?,?,?,?)", ch_rows)

    # ---------------------------------------------------------------- invoices
    invs = []   # dict(cust, dt, lines=[(visit, contract, desc, qty, unit)])
    for k in contracts:
        stop = k["cancel"] or k["end"]
        q = 0
        while True:
            dt = add_months(k["start"], 3 * q)
            if dt > stop or dt > TODAY or q >= 4:
                break
            if dt >= START:
                amt = round(k["val"] / 4, 2)
                invs.append(dict(cust=k["cust"], dt=dt, lines=[(None, k, f"{k['ctype']} contract - quarter {q + 1} ({k['site']['name']})", 1, amt)]))
            q += 1
    # one-off jobs: callouts with no live contract are chargeable; follow-ups on them too
    for v in visits:
        if v["contract"] is not None or v["comp"] is None or v["cancelled"] == YES:
            continue
        if v["callout"] == YES:
            lines = []
            if v["vtype"] == "Survey":
                lines.append((v, None, f"Survey - {pest_name[v['pest']]}", 1, 60.0))
            elif v["pest"] == 6:
                rooms = wchoice(rng, [1, 2, 3, 4], [30, 35, 25, 10])
                lines.append((v, None, "Bed bug treatment (per room)", rooms, 120.0))
            elif v["pest"] == 13:
                lines.append((v, None, "Asian hornet nest - reported to NNSS, no charge", 1, 0.0))
            else:
                amt = pest_amt[v["pest"]]
                if v["site"]["cust"]["typ"] != "DOM":
                    amt = round(amt * 1.3 / 5) * 5.0
                lines.append((v, None, f"{pest_name[v['pest']]} treatment", 1, amt))
                if v["pest"] == 5 and rng.random() < 0.2:
                    lines.append((v, None, "Additional nest", 1, 25.0))
            if v["sched"].weekday() == 5 and v["pest"] != 13:
                lines.append((v, None, "Saturday call-out supplement", 1, 35.0))
            dt = v["comp"].date() + timedelta(days=wchoice(rng, [0, 1, 2, 3], [50, 25, 15, 10]))
            if dt > TODAY:
                continue
            invs.append(dict(cust=v["site"]["cust"], dt=dt, lines=lines, dom=v["site"]["cust"]["typ"] == "DOM"))
        elif v["vtype"] == "Follow-up" and v["pest"] in (1, 2, 3) and v["parent"] and v["parent"]["callout"] == YES:
            dt = v["comp"].date() + timedelta(days=rng.randint(0, 3))
            if dt > TODAY:
                continue
            invs.append(dict(cust=v["site"]["cust"], dt=dt, lines=[(v, None, f"Follow-up visit - {pest_name[v['pest']]}", 1, 45.0)],
                             dom=v["site"]["cust"]["typ"] == "DOM"))
    # duplicates keyed in error, then voided
    dups = []
    for src in rng.sample([iv for iv in invs if iv["dt"] < date(2026, 10, 1)], 7):
        dd = dict(src)
        dd["void"] = True
        dd["dt"] = src["dt"] + timedelta(days=rng.randint(0, 1))
        dups.append(dd)
    invs += dups
    invs.sort(key=lambda iv: (iv["dt"], iv["cust"]["id"], iv.get("void", False)))
    onstop = set()
    inv_rows, line_rows, pay_rows = [], [], []
    slow = {c["id"]: rng.random() < 0.12 for c in custs}
    for n, iv in enumerate(invs, 1):
        net = round(sum(q * u for _, _, _, q, u in iv["lines"]), 2)
        vat = round(net * 0.2, 2)
        gross = round(net + vat, 2)
        c = iv["cust"]
        terms = 14 if c["typ"] == "DOM" else 30
        due = iv["dt"] + timedelta(days=terms)
        void = iv.get("void", False)
        paid_total = 0.0
        if not void and gross > 0:
            if c["typ"] == "DOM" and iv.get("dom") and rng.random() < 0.6:
                pd = iv["dt"]
                meth = "CARD"
            else:
                if c["typ"] == "DOM":
                    lag = rng.randint(1, 25)
                else:
                    lag = int(rng.uniform(10, 45) + (rng.uniform(30, 90) if slow[c["id"]] else 0))
                pd = iv["dt"] + timedelta(days=lag)
                meth = wchoice(rng, ["BACS", "CHQ", "CARD", "CASH"], [75, 12, 10, 3]) if c["typ"] != "DOM" else \
                    wchoice(rng, ["BACS", "CARD", "CHQ", "CASH"], [40, 40, 12, 8])
            if pd < TODAY and rng.random() > 0.015:
                if rng.random() < 0.04 and gross > 100:
                    part = round(gross * rng.choice([0.5, 0.25, 0.4]), 2)
                    pay_rows.append([n, pd, part, meth])
                    paid_total = part
                    if rng.random() < 0.6 and pd + timedelta(days=30) < TODAY:
                        pay_rows.append([n, pd + timedelta(days=rng.randint(20, 40)), round(gross - part, 2), meth])
                        paid_total = gross
                else:
                    pay_rows.append([n, pd, gross, meth])
                    paid_total = gross
            if paid_total < gross - 0.005 and due < TODAY - timedelta(days=60) and c["typ"] != "DOM" and rng.random() < 0.35:
                onstop.add(c["id"])
        pif = YES if (gross == 0 or paid_total >= gross - 0.005) and not void else NO
        inv_rows.append((n, f"INV{iv['dt'].strftime('%y')}{n:05d}", c["id"], d2s(iv["dt"]), d2s(due), net, vat, gross, pif,
                         YES if void else NO))
        for ln, (v, k, desc, q, u) in enumerate(iv["lines"], 1):
            line_rows.append((len(line_rows) + 1, n, ln, v["id"] if v else None, k["id"] if k else None, desc, q, u,
                              round(q * u, 2)))
    cur.executemany("INSERT INTO tblInvoice VALUES (?,?,?,?,?,?,?,?,?,?)", inv_rows)
    cur.executemany("INSERT INTO tblInvoiceLine VALUES (?,?,?,?,?,?,?,?,?)", line_rows)
    pay_rows.sort(key=lambda p: (p[1], p[0]))
    cur.executemany("INSERT INTO tblPayment VALUES (?,?,?,?,?,?)",
                    [(i, p[0], d2s(p[1]), p[2], p[3], (f"CHQ{rng.randint(100000, 999999)}" if p[3] == "CHQ" else
                                                        f"{p[3]}-{p[1].strftime('%y%m%d')}-{i}"))
                     for i, p in enumerate(pay_rows, 1)])
    for cid in sorted(onstop):
        cust_rows[cid - 1][9] = YES
    cur.executemany("INSERT INTO tblCustomer VALUES (?,?,?,?,?,?,?,?,?,?,?)", [tuple(r) for r in cust_rows])
    con.commit()
    con.close()


if __name__ == "__main__":
    build_venue()
    build_pestctl()
    for n in ("venue", "pestctl"):
        con = sqlite3.connect(os.path.join(BASE, "dbs", n, n + ".sqlite"))
        rows = con.execute("SELECT name, type FROM sqlite_master WHERE type IN ('table','view') ORDER BY type, name").fetchall()
        print(n)
        for name, typ in rows:
            cnt = con.execute(f'SELECT COUNT(*) FROM "{name}"').fetchone()[0]
            print(f"  {typ:5} {name:24} {cnt}")
        con.close()
