#!/usr/bin/env python3
"""Build two development SQLite databases, first written as a held-out probe: a community theatre
box office (theatre) and a vegetable-box subscription farm shop (farmbox). Standard library only,
deterministic (fixed seeds); dated around 2026-11-28 (the folder's TODAY file says so)."""
import os
import random
import sqlite3
from datetime import date, datetime, timedelta

ROOT = os.path.dirname(os.path.abspath(__file__))
START = date(2024, 1, 1)
END = date(2026, 11, 27)          # last day with recorded activity
TODAY = date(2026, 11, 28)

FIRST = ["Alice", "Ben", "Chloe", "Dan", "Emma", "Fraser", "Georgia", "Harry", "Isla", "Jack",
         "Katie", "Liam", "Molly", "Nathan", "Olivia", "Patrick", "Rachel", "Simon", "Tess", "Will",
         "Amira", "Bilal", "Ceri", "Declan", "Eleanor", "Felix", "Grace", "Hamish", "Ivy", "Joe",
         "Kerry", "Lewis", "Megan", "Niall", "Poppy", "Rory", "Sophie", "Toby", "Una", "Vera",
         "Wyn", "Yvonne", "Zara", "Adam", "Bethany", "Connor", "Daisy", "Ewan", "Freya", "Gwen",
         "Hugh", "Jasmine", "Kofi", "Lara", "Mohammed", "Nina", "Oscar", "Phoebe", "Reuben", "Sian"]
LAST = ["Adams", "Bell", "Carter", "Davies", "Evans", "Fletcher", "Gibson", "Hughes", "Irving",
        "Jones", "Kemp", "Lloyd", "Morgan", "Norris", "Owen", "Pearce", "Quayle", "Roberts",
        "Shaw", "Thomas", "Upton", "Vaughan", "Walker", "Young", "Ahmed", "Bryant", "Chapman",
        "Dixon", "Ellison", "Foster", "Griffiths", "Harper", "Jenkins", "Khan", "Lowe", "Mills",
        "Nash", "O'Neill", "Patel", "Rees", "Sharp", "Turner", "Webb", "Wood", "Price", "Lamb",
        "Marsh", "Powell", "Reid", "Stone"]


def rdate(rng, lo=START, hi=END):
    return lo + timedelta(days=rng.randint(0, (hi - lo).days))


def fresh(path):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    if os.path.exists(path):
        os.remove(path)
    con = sqlite3.connect(path)
    con.execute("PRAGMA foreign_keys = ON")
    return con


def mobile(rng):
    return f"07{rng.randint(100, 999)} {rng.randint(100000, 999999)}"


def email(first, last, rng, domains):
    f = first.lower().replace("'", "")
    l = last.lower().replace("'", "")
    return rng.choice([f"{f}.{l}", f"{f[0]}{l}", f"{f}{rng.randint(1, 99)}", f"{f}{l}"]) + "@" + rng.choice(domains)


def new_name(rng, used):
    while True:
        fn, ln = rng.choice(FIRST), rng.choice(LAST)
        if (fn, ln) not in used:
            used.add((fn, ln))
            return fn, ln


DOMAINS = ["gmail.com", "hotmail.co.uk", "btinternet.com", "outlook.com", "yahoo.co.uk", "icloud.com"]


# ---------------------------------------------------------------- theatre
def build_theatre():
    rng = random.Random(2424)
    con = fresh(os.path.join(ROOT, "dbs", "theatre", "theatre.sqlite"))
    c = con.cursor()
    c.executescript("""
    CREATE TABLE venues (
        venue_id INTEGER PRIMARY KEY,
        venue_name TEXT NOT NULL,
        capacity INTEGER NOT NULL,
        is_outdoor INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE seat_bands (
        band_id INTEGER PRIMARY KEY,
        venue_id INTEGER NOT NULL REFERENCES venues(venue_id),
        band_name TEXT NOT NULL,
        seat_count INTEGER NOT NULL,
        price_pence INTEGER NOT NULL
    );
    CREATE TABLE productions (
        production_id INTEGER PRIMARY KEY,
        title TEXT NOT NULL,
        playwright TEXT,
        genre TEXT,
        director TEXT,
        runtime_mins INTEGER,
        has_interval TEXT NOT NULL DEFAULT 'Y',
        venue_id INTEGER REFERENCES venues(venue_id),
        opening_night TEXT,
        closing_night TEXT,
        budget_gbp REAL,
        spent_gbp REAL
    );
    CREATE TABLE performances (
        perf_id INTEGER PRIMARY KEY,
        production_id INTEGER NOT NULL REFERENCES productions(production_id),
        venue_id INTEGER NOT NULL REFERENCES venues(venue_id),
        perf_date TEXT NOT NULL,
        curtain_up TEXT NOT NULL,
        is_matinee INTEGER NOT NULL DEFAULT 0,
        is_cancelled INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE patrons (
        patron_id INTEGER PRIMARY KEY,
        first_name TEXT NOT NULL,
        last_name TEXT NOT NULL,
        email TEXT,
        phone TEXT,
        postcode TEXT,
        created_on TEXT NOT NULL,
        member_since TEXT,
        membership_lapsed TEXT,
        mailing_opt_in TEXT NOT NULL DEFAULT 'Y'
    );
    CREATE TABLE volunteers (
        volunteer_id INTEGER PRIMARY KEY,
        first_name TEXT NOT NULL,
        last_name TEXT NOT NULL,
        role TEXT NOT NULL,
        supervisor_id INTEGER REFERENCES volunteers(volunteer_id),
        started_on TEXT NOT NULL,
        left_on TEXT,
        dbs_checked TEXT NOT NULL DEFAULT 'N',
        phone TEXT,
        email TEXT
    );
    CREATE TABLE volunteer_rota (
        perf_id INTEGER NOT NULL REFERENCES performances(perf_id),
        volunteer_id INTEGER NOT NULL REFERENCES volunteers(volunteer_id),
        duty TEXT NOT NULL,
        PRIMARY KEY (perf_id, volunteer_id)
    );
    CREATE TABLE orders (
        order_id INTEGER PRIMARY KEY,
        patron_id INTEGER REFERENCES patrons(patron_id),
        ordered_at TEXT NOT NULL,
        channel TEXT NOT NULL,
        sold_by INTEGER REFERENCES volunteers(volunteer_id),
        booking_fee REAL NOT NULL DEFAULT 0,
        refunded_on TEXT
    );
    CREATE TABLE tickets (
        ticket_id INTEGER PRIMARY KEY,
        order_id INTEGER NOT NULL REFERENCES orders(order_id),
        perf_id INTEGER NOT NULL REFERENCES performances(perf_id),
        band_id INTEGER NOT NULL REFERENCES seat_bands(band_id),
        seat TEXT,
        ticket_type TEXT NOT NULL,
        price_pence INTEGER NOT NULL,
        is_comp INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE donations (
        donation_id INTEGER PRIMARY KEY,
        patron_id INTEGER REFERENCES patrons(patron_id),
        donated_on TEXT NOT NULL,
        amount REAL NOT NULL,
        gift_aid TEXT NOT NULL DEFAULT 'N',
        appeal TEXT,
        method TEXT
    );
    CREATE VIEW current_members AS
        SELECT patron_id, first_name, last_name, email, phone, postcode, member_since
        FROM patrons
        WHERE member_since IS NOT NULL AND membership_lapsed IS NULL;
    """)

    venues = [(1, "Main House", 100, 0), (2, "Studio", 50, 0), (3, "Riverside Garden", 90, 1)]
    c.executemany("INSERT INTO venues VALUES (?,?,?,?)", venues)
    # band_id, venue, name, seats, price, seat rows
    bands = [(1, 1, "Front Stalls", 30, 1800, "ABC"), (2, 1, "Rear Stalls", 40, 1500, "DEFG"),
             (3, 1, "Balcony", 24, 1600, "KL"), (4, 1, "Restricted View", 6, 900, "R"),
             (5, 2, "Unreserved", 50, 1200, None),
             (6, 3, "Lawn", 60, 1000, None), (7, 3, "Benches", 30, 1400, None)]
    c.executemany("INSERT INTO seat_bands VALUES (?,?,?,?,?)", [b[:5] for b in bands])
    seats_of = {}
    for b in bands:
        if b[5]:
            per = b[3] // len(b[5])
            seats_of[b[0]] = [f"{r}{n}" for r in b[5] for n in range(1, per + 1)]

    # title, playwright, genre, director, runtime, interval, venue, opening, n perfs, demand, budget, spent
    prods = [
        ("Blithe Spirit", "Noël Coward", "Comedy", "Hilary Vance", 135, "Y", 1, "2024-02-14", 7, 0.70, 4500, 4310.40),
        ("The Woman in Black", "Stephen Mallatratt", "Thriller", "Graham Tully", 125, "Y", 1, "2024-04-10", 7, 0.80, 3800, 4120.75),
        ("Twelfth Night", "William Shakespeare", "Comedy", "Hilary Vance", 155, "Y", 3, "2024-07-10", 8, 0.65, 6000, 5875.00),
        ("Educating Rita", "Willy Russell", "Drama", "Owen Parry", 110, "Y", 2, "2024-09-18", 6, 0.75, 1800, 1690.20),
        ("Cinderella", "Ben Crocker", "Panto", "Sue Marland", 140, "Y", 1, "2024-12-11", 10, 0.92, 9000, 9640.00),
        ("Abigail's Party", "Mike Leigh", "Comedy", "Owen Parry", 105, "Y", 2, "2025-02-19", 6, 0.78, 1600, 1495.60),
        ("An Inspector Calls", "J.B. Priestley", "Drama", "Graham Tully", 100, "N", 1, "2025-04-02", 7, 0.72, 4200, 3980.00),
        ("A Midsummer Night's Dream", "William Shakespeare", "Comedy", "Hilary Vance", 145, "Y", 3, "2025-07-09", 8, 0.70, 6500, 7105.30),
        ("Little Shop of Horrors", "Howard Ashman", "Musical", "Sue Marland", 130, "Y", 1, "2025-10-01", 8, 0.85, 8000, 8455.90),
        ("Jack and the Beanstalk", "Ben Crocker", "Panto", "Sue Marland", 145, "Y", 1, "2025-12-10", 10, 0.90, 9500, 9210.00),
        ("The Importance of Being Earnest", "Oscar Wilde", "Comedy", "Graham Tully", 140, "Y", 1, "2026-02-18", 7, 0.68, 5000, 4765.50),
        ("Art", "Yasmina Reza", "Comedy", "Owen Parry", 90, "N", 2, "2026-03-25", 6, 0.60, 1400, 1522.80),
        ("Macbeth", "William Shakespeare", "Tragedy", "Hilary Vance", 128, "Y", 3, "2026-07-08", 8, 0.62, 6800, 6540.00),
        ("The 39 Steps", "Patrick Barlow", "Comedy", "Graham Tully", 115, "Y", 1, "2026-09-30", 7, 0.74, 5200, 5388.15),
        ("Under Milk Wood", "Dylan Thomas", "Drama", "Owen Parry", 95, "N", 2, "2026-11-18", 7, 0.66, 1700, None),
        ("Aladdin", "Alan Frayn", "Panto", "Sue Marland", 150, "Y", 1, "2026-12-10", 10, 0.90, 10000, None),
    ]
    perfs = []
    pid = 0
    prod_rows = []
    for i, p in enumerate(prods, 1):
        d = date.fromisoformat(p[7])
        dates = []
        while len(dates) < p[8]:
            wd = d.weekday()
            if p[2] == "Panto":
                if wd in (2, 3, 4):
                    dates.append((d, "19:00", 0))
                elif wd == 5:
                    dates.append((d, "14:00", 1))
                    dates.append((d, "18:30", 0))
                elif wd == 6:
                    dates.append((d, "14:00", 1))
            elif p[6] == 3:
                if wd in (2, 3, 4, 5, 6):
                    dates.append((d, "19:30", 0))
            else:
                if wd in (2, 3, 4):
                    dates.append((d, "19:30", 0))
                elif wd == 5:
                    if len(dates) >= 3:
                        dates.append((d, "14:30", 1))
                    dates.append((d, "19:30", 0))
            d += timedelta(days=1)
        dates = dates[:p[8]]
        for dd, cu, mat in dates:
            pid += 1
            perfs.append([pid, i, p[6], dd.isoformat(), cu, mat, 0])
        prod_rows.append((i, p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7], dates[-1][0].isoformat(), p[10], p[11]))
    # weather / illness cancellations
    for perf in perfs:
        if perf[3] in ("2024-07-13", "2025-07-16", "2026-07-11", "2025-04-05"):
            perf[6] = 1
    c.executemany("INSERT INTO productions VALUES (?,?,?,?,?,?,?,?,?,?,?,?)", prod_rows)
    c.executemany("INSERT INTO performances VALUES (?,?,?,?,?,?,?)", perfs)

    # volunteers
    vols = [
        (1, "Margaret", "Hollis", "Front of House Manager", None, "2016-04-01", None, "Y"),
        (2, "Derek", "Ashworth", "House Manager", 1, "2019-09-01", None, "Y"),
        (3, "Priya", "Chandran", "House Manager", 1, "2022-01-15", None, "Y"),
        (4, "Colin", "Baxter", "Box Office Manager", 1, "2017-03-01", None, "Y"),
        (5, "Fran", "Whitley", "Technical Manager", None, "2018-06-01", None, "Y"),
        (6, "Trevor", "Minns", "House Manager", 1, "2020-05-01", "2025-03-31", "Y"),
    ]
    used = {(v[1], v[2]) for v in vols}
    vid = 6
    plan = ([("Usher", None)] * 22 + [("Box Office", 4)] * 8 + [("Bar", None)] * 7 + [("Stage Crew", 5)] * 6)
    for role, sup in plan:
        vid += 1
        fn, ln = new_name(rng, used)
        if sup is None:
            sup = rng.choice([2, 3, 6]) if role == "Usher" else rng.choice([2, 3])
        st = rdate(rng, date(2022, 6, 1), date(2026, 10, 20))
        left = None
        if rng.random() < 0.25:
            ld = st + timedelta(days=rng.randint(120, 700))
            if ld <= END:
                left = ld.isoformat()
        if sup == 6 and (left is None or left > "2025-03-31"):
            sup = rng.choice([2, 3]) if st.isoformat() > "2025-03-31" else 6
        dbs = "Y" if rng.random() < 0.75 else "N"
        vols.append((vid, fn, ln, role, sup, st.isoformat(), left, dbs))
    # a couple of recent recruits who have not been rostered yet
    for role, sup in (("Usher", 3), ("Bar", 2)):
        vid += 1
        fn, ln = new_name(rng, used)
        vols.append((vid, fn, ln, role, sup, "2026-11-22", None, "N"))
    c.executemany("INSERT INTO volunteers VALUES (?,?,?,?,?,?,?,?,?,?)",
                  [v + (mobile(rng) if rng.random() < 0.95 else None,
                        email(v[1], v[2], rng, DOMAINS) if rng.random() < 0.85 else None) for v in vols])

    def vactive(v, d):
        return v[5] <= d and (v[6] is None or v[6] >= d)

    # rota for past performances
    rota = []
    for perf in perfs:
        if perf[6] or perf[3] > END.isoformat():
            continue
        d = perf[3]
        picked = set()

        def pick(roles, k, duty):
            pool = [v for v in vols if v[3] in roles and vactive(v, d) and v[0] not in picked
                    and v[5] < "2026-11-22"]
            for v in rng.sample(pool, min(k, len(pool))):
                picked.add(v[0])
                rota.append((perf[0], v[0], duty))

        pick(("House Manager",), 1, "House Manager")
        pick(("Usher",), rng.randint(3, 4), "Usher")
        pick(("Box Office", "Box Office Manager"), rng.randint(1, 2), "Box Office")
        pick(("Bar",), 2, "Bar")
        if rng.random() < 0.15:
            pick(("Front of House Manager",), 1, "Usher")
    c.executemany("INSERT INTO volunteer_rota VALUES (?,?,?)", rota)

    # patrons
    patrons = []
    used = set()
    outcodes = ["SY23 1", "SY23 2", "SY23 3", "SY23 4", "SY24 5", "SY25 6", "SY15 7", "SY20 8"]
    for k in range(1, 721):
        fn, ln = new_name(rng, used) if len(used) < len(FIRST) * len(LAST) - 5 else (rng.choice(FIRST), rng.choice(LAST))
        created = rdate(rng, START, END)
        since = lapsed = None
        if rng.random() < 0.36:
            s = created + timedelta(days=rng.choice([0, 0, 0, rng.randint(1, 300)]))
            if s <= END:
                since = s.isoformat()
                if rng.random() < 0.3:
                    ld = s + timedelta(days=365 + rng.randint(0, 45))
                    if ld <= END:
                        lapsed = ld.isoformat()
        pc = rng.choice(outcodes) + rng.choice("ABDEFGHJLNPQRSTUWXY") + rng.choice("ABDEFGHJLNPQRSTUWXY")
        patrons.append([k, fn, ln, email(fn, ln, rng, DOMAINS) if rng.random() < 0.88 else None,
                        mobile(rng) if rng.random() < 0.7 else None, pc, created.isoformat(), since, lapsed,
                        "Y" if rng.random() < 0.72 else "N"])
    patrons.sort(key=lambda r: (r[6], r[0]))
    for k, r in enumerate(patrons, 1):
        r[0] = k
    c.executemany("INSERT INTO patrons VALUES (?,?,?,?,?,?,?,?,?,?)", patrons)

    # orders and tickets
    orders, tickets = [], []
    oid = tid = 0
    band_by_venue = {}
    for b in bands:
        band_by_venue.setdefault(b[1], []).append(b)
    cancelled_perf = {p[0] for p in perfs if p[6]}
    for perf in perfs:
        pr = prods[perf[1] - 1]
        pd_ = date.fromisoformat(perf[3])
        wd = pd_.weekday()
        factor = pr[9] * (1.12 if wd == 5 else 0.85 if wd == 2 else 1.0) * rng.uniform(0.8, 1.1)
        if perf[5] and pr[2] != "Panto":
            factor *= 0.8
        cap = venues[perf[2] - 1][2]
        target = min(cap, int(cap * factor))
        free = {b[0]: (list(seats_of[b[0]]) if b[0] in seats_of else [None] * b[3]) for b in band_by_venue[perf[2]]}
        for lst in free.values():
            rng.shuffle(lst)
        sold = 0
        comp_done = False
        while sold < target:
            n = rng.choices([1, 2, 3, 4, 5, 6], [14, 46, 12, 17, 6, 5])[0]
            n = min(n, target - sold)
            lead = rng.choices([0, rng.randint(1, 7), rng.randint(8, 30), rng.randint(31, 90)], [10, 30, 40, 20])[0]
            if pr[2] == "Panto" and lead > 0:
                lead = rng.randint(3, 110)
            od = pd_ - timedelta(days=lead)
            is_comp = (not comp_done and rng.random() < 0.5) or rng.random() < 0.02
            if is_comp:
                comp_done = True
                n = min(n, 2)
            if lead == 0:
                channel = "door"
            else:
                channel = rng.choices(["online", "phone", "box office"], [58, 17, 25])[0]
            if is_comp:
                channel = "box office"
            hh = rng.randint(18, 19) if lead == 0 and not perf[5] else rng.randint(9, 21)
            ts = datetime(od.year, od.month, od.day, hh, rng.randint(0, 59), rng.randint(0, 59))
            sold += n
            if od > END:
                continue  # not sold yet
            pool = [p for p in patrons if p[6] <= od.isoformat()]
            patron = rng.choice(pool)[0] if pool and (channel != "door" or rng.random() < 0.3) and rng.random() < 0.92 else None
            if channel == "online" and patron is None and pool:
                patron = rng.choice(pool)[0]
            seller = None
            if channel != "online":
                bo = [v for v in vols if v[3] in ("Box Office", "Box Office Manager") and vactive(v, od.isoformat())
                      and v[5] < "2026-11-22"]
                seller = rng.choice(bo)[0]
            fee = 0.0
            if channel == "online":
                fee = 1.5 if od.year < 2026 else 1.75
            refunded = None
            if perf[0] in cancelled_perf:
                rd = pd_ + timedelta(days=rng.randint(1, 6))
                if rd <= END:
                    refunded = rd.isoformat()
            elif not is_comp and rng.random() < 0.015:
                rd = od + timedelta(days=rng.randint(0, max(0, lead - 1)))
                if rd <= END:
                    refunded = rd.isoformat()
            oid += 1
            orders.append((oid, patron, ts.strftime("%Y-%m-%d %H:%M:%S"), channel, seller, fee, refunded))
            # choose band for the whole group
            avail = [b for b in band_by_venue[perf[2]] if len(free[b[0]]) >= n]
            if not avail:
                avail = [b for b in band_by_venue[perf[2]] if free[b[0]]]
            wts = [len(free[b[0]]) * (0.4 if b[2] == "Restricted View" else 1.0) for b in avail]
            band = rng.choices(avail, wts)[0]
            n = min(n, len(free[band[0]]))
            for j in range(n):
                tid += 1
                seat = free[band[0]].pop()
                if is_comp:
                    tt, price = "Adult", 0
                else:
                    if pr[2] == "Panto":
                        tt = rng.choices(["Adult", "Concession", "Child"], [45, 10, 45])[0]
                    elif perf[5]:
                        tt = rng.choices(["Adult", "Concession", "Child"], [50, 38, 12])[0]
                    else:
                        tt = rng.choices(["Adult", "Concession", "Child"], [70, 24, 6])[0]
                    price = band[4]
                    if tt == "Concession":
                        price = int(round(band[4] * 0.8 / 50.0)) * 50
                    elif tt == "Child":
                        price = int(round(band[4] * 0.5 / 50.0)) * 50
                tickets.append((tid, oid, perf[0], band[0], seat, tt, price, 1 if is_comp else 0))
    # sort orders by time and renumber
    order_idx = sorted(range(len(orders)), key=lambda k: (orders[k][2], orders[k][0]))
    remap = {}
    new_orders = []
    for new, k in enumerate(order_idx, 1):
        remap[orders[k][0]] = new
        new_orders.append((new,) + orders[k][1:])
    tickets = [(t[0], remap[t[1]]) + t[2:] for t in tickets]
    tickets.sort(key=lambda t: (t[1], t[0]))
    tickets = [(k,) + t[1:] for k, t in enumerate(tickets, 1)]
    c.executemany("INSERT INTO orders VALUES (?,?,?,?,?,?,?)", new_orders)
    c.executemany("INSERT INTO tickets VALUES (?,?,?,?,?,?,?,?)", tickets)

    # donations
    dons = []
    for k in range(1, 431):
        d = rdate(rng)
        pool = [p for p in patrons if p[6] <= d.isoformat()]
        pat = rng.choice(pool)[0] if pool and rng.random() < 0.9 else None
        amt = rng.choice([5, 10, 10, 10, 15, 20, 20, 25, 25, 30, 40, 50, 50, 75, 100, 120, 150, 250])
        if rng.random() < 0.2:
            amt = round(rng.uniform(3, 60), 2)
        appeal = rng.choices(["General Fund", "Youth Theatre", "Roof Appeal", "Sponsor a Seat"], [50, 20, 20, 10])[0]
        if appeal == "Roof Appeal" and d.year != 2025:
            appeal = "General Fund"
        if appeal == "Sponsor a Seat":
            if d.year < 2026:
                appeal = "General Fund"
            else:
                amt = 150
        ga = "Y" if pat and rng.random() < 0.6 else "N"
        meth = rng.choices(["card", "cash", "cheque", "standing order", "bank transfer"], [45, 20, 10, 15, 10])[0]
        dons.append([None, pat, d.isoformat(), float(amt), ga, appeal, meth])
    # a few generous regulars
    for pat, amt, when in ((37, 500.0, "2025-03-12"), (37, 250.0, "2026-04-02"), (112, 1000.0, "2025-11-20"),
                           (205, 300.0, "2026-06-15"), (205, 200.0, "2026-10-03")):
        dons.append([None, pat, when, amt, "Y", "Roof Appeal" if when.startswith("2025") else "General Fund", "bank transfer"])
    dons.sort(key=lambda r: (r[2], r[1] or 0, r[3]))
    for k, r in enumerate(dons, 1):
        r[0] = k
    c.executemany("INSERT INTO donations VALUES (?,?,?,?,?,?,?)", dons)
    con.commit()
    con.close()


# ---------------------------------------------------------------- farmbox
def build_farmbox():
    rng = random.Random(2425)
    con = fresh(os.path.join(ROOT, "dbs", "farmbox", "farmbox.sqlite"))
    c = con.cursor()
    c.executescript("""
    CREATE TABLE Plans (
        PlanCode TEXT PRIMARY KEY,
        PlanName TEXT NOT NULL,
        WeeklyPrice REAL NOT NULL,
        NumItems INTEGER NOT NULL,
        StillOffered TEXT NOT NULL DEFAULT 'Y'
    );
    CREATE TABLE Vans (
        VanReg TEXT PRIMARY KEY,
        Make TEXT,
        Model TEXT,
        IsElectric INTEGER NOT NULL DEFAULT 0,
        PurchasedDt TEXT
    );
    CREATE TABLE Drivers (
        DriverID INTEGER PRIMARY KEY,
        DriverName TEXT NOT NULL,
        VanReg TEXT REFERENCES Vans(VanReg),
        Mobile TEXT,
        StartDt TEXT NOT NULL,
        LeftDt TEXT,
        HrlyRate REAL
    );
    CREATE TABLE Subscribers (
        SubID INTEGER PRIMARY KEY,
        FirstName TEXT NOT NULL,
        Surname TEXT NOT NULL,
        Email TEXT,
        Mobile TEXT,
        AddrLine1 TEXT,
        Postcode TEXT NOT NULL,
        Area TEXT NOT NULL,
        PlanCode TEXT NOT NULL REFERENCES Plans(PlanCode),
        Freq TEXT NOT NULL DEFAULT 'weekly',
        DelivDay TEXT NOT NULL,
        StartDt TEXT NOT NULL,
        PausedFrom TEXT,
        PausedUntil TEXT,
        CancelledDt TEXT,
        CancelReason TEXT,
        ReferredBy INTEGER REFERENCES Subscribers(SubID)
    );
    CREATE TABLE Deliveries (
        DelivID INTEGER PRIMARY KEY,
        SubID INTEGER NOT NULL REFERENCES Subscribers(SubID),
        DueDt TEXT NOT NULL,
        DeliveredDt TEXT,
        DriverID INTEGER REFERENCES Drivers(DriverID),
        Status TEXT NOT NULL,
        PlanCode TEXT NOT NULL REFERENCES Plans(PlanCode),
        Amt_p INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE Growers (
        GrowerID INTEGER PRIMARY KEY,
        GrowerName TEXT NOT NULL,
        County TEXT,
        Organic TEXT NOT NULL DEFAULT 'N',
        MilesAway INTEGER
    );
    CREATE TABLE Produce (
        ProdID INTEGER PRIMARY KEY,
        ProdName TEXT NOT NULL,
        Category TEXT NOT NULL,
        GrowerID INTEGER REFERENCES Growers(GrowerID),
        Unit TEXT NOT NULL,
        Cost_p INTEGER,
        ShelfLifeDays INTEGER,
        AddedDt TEXT
    );
    CREATE TABLE BoxContents (
        DelivID INTEGER NOT NULL REFERENCES Deliveries(DelivID),
        ProdID INTEGER NOT NULL REFERENCES Produce(ProdID),
        Qty REAL NOT NULL,
        PRIMARY KEY (DelivID, ProdID)
    );
    CREATE TABLE AddOns (
        AddOnID INTEGER PRIMARY KEY,
        SubID INTEGER NOT NULL REFERENCES Subscribers(SubID),
        OrderDt TEXT NOT NULL,
        Item TEXT NOT NULL,
        Qty INTEGER NOT NULL DEFAULT 1,
        UnitPrice REAL NOT NULL,
        DelivID INTEGER REFERENCES Deliveries(DelivID)
    );
    CREATE VIEW ActiveSubs AS
        SELECT SubID, FirstName, Surname, Email, Mobile, Postcode, Area, PlanCode, Freq, DelivDay, StartDt
        FROM Subscribers
        WHERE CancelledDt IS NULL;
    """)

    plans = [("SML", "Small veg box", 14.50, 5, "Y"), ("MED", "Medium veg box", 19.75, 6, "Y"),
             ("LRG", "Large veg box", 25.00, 8, "Y"), ("FAM", "Family box", 31.50, 10, "Y"),
             ("FRV", "Fruit & veg box", 22.00, 7, "N")]
    c.executemany("INSERT INTO Plans VALUES (?,?,?,?,?)", plans)
    price = {p[0]: p[2] for p in plans}
    nitems = {p[0]: p[3] for p in plans}
    FRV_END = "2025-06-30"

    vans = [("VN21 KXE", "Ford", "Transit Custom", 0, "2021-05-14"), ("WR70 HUA", "Citroen", "Berlingo", 0, "2020-11-02"),
            ("EV24 FRM", "Renault", "Kangoo E-Tech", 1, "2024-06-20"), ("EK73 PLT", "Vauxhall", "Vivaro Electric", 1, "2023-10-05")]
    c.executemany("INSERT INTO Vans VALUES (?,?,?,?,?)", vans)
    drivers = [(1, "Gary Pocock", "VN21 KXE", "2021-06-01", None, 12.40),
               (2, "Shona Reid", "WR70 HUA", "2022-03-14", None, 12.20),
               (3, "Leanne Cutts", "EK73 PLT", "2023-10-09", "2025-05-30", 12.00),
               (4, "Tomasz Nowak", "EV24 FRM", "2024-06-24", None, 12.10),
               (5, "Ade Okafor", "EK73 PLT", "2025-06-02", None, 12.60),
               (6, "Ruth Penhaligon", "WR70 HUA", "2026-02-09", "2026-09-18", 12.80)]
    c.executemany("INSERT INTO Drivers VALUES (?,?,?,?,?,?,?)",
                  [(d[0], d[1], d[2], mobile(rng), d[3], d[4], d[5]) for d in drivers])

    def dactive(did, d):
        x = drivers[did - 1]
        return x[3] <= d and (x[4] is None or x[4] >= d)

    # area: (outcode, delivery day, preferred drivers in order)
    areas = {"Town Centre": ("TA1 2", "Tuesday", [1, 2]), "Northfield": ("TA2 7", "Tuesday", [3, 5, 4, 2]),
             "Ashby": ("TA3 5", "Thursday", [6, 2, 1]), "Lower Marsh": ("TA7 9", "Thursday", [4, 3, 5, 1]),
             "Kingsmead": ("TA1 4", "Friday", [1, 2]), "Upton": ("TA4 1", "Friday", [5, 3, 4, 6, 2])}
    area_names = list(areas)
    WD = {"Tuesday": 1, "Thursday": 3, "Friday": 4}
    streets = ["Church Lane", "Mill Road", "Station Road", "Orchard Close", "The Green", "Victoria Street",
               "Meadow View", "Quarry Hill", "Park Avenue", "Brook Street", "Hillside", "Rectory Lane"]

    subs = []
    used = set()
    for k in range(1, 41):
        fn, ln = new_name(rng, used)
        if k <= 14:
            st = rdate(rng, START, date(2024, 3, 31))
        else:
            st = rdate(rng, date(2024, 4, 1), date(2026, 11, 20))
        area = rng.choice(area_names)
        plan = rng.choices(["SML", "MED", "LRG", "FAM", "FRV"], [22, 35, 18, 13, 12])[0]
        if plan == "FRV" and st.isoformat() > "2025-05-01":
            plan = "MED"
        freq = "weekly" if rng.random() < 0.5 else "fortnightly"
        canc = reason = None
        if rng.random() < 0.33:
            cd = st + timedelta(days=rng.randint(40, 600))
            if cd <= END:
                canc = cd.isoformat()
                reason = rng.choice(["moving away", "too much veg", "cost", "cost", "going with a supermarket",
                                     None, "not enough variety", "health reasons"])
        subs.append({"id": k, "fn": fn, "ln": ln, "start": st.isoformat(), "area": area, "plan": plan,
                     "freq": freq, "canc": canc, "reason": reason, "pf": None, "pu": None, "ref": None})
    subs.sort(key=lambda s: (s["start"], s["id"]))
    for k, s in enumerate(subs, 1):
        s["id"] = k
    # referrals: a couple of keen advocates refer a lot of people
    for s in subs[6:]:
        if rng.random() < 0.5:
            pool = [r for r in subs if r["start"] < s["start"] and (r["canc"] is None or r["canc"] > s["start"])]
            if pool:
                champs = [r for r in pool if r["id"] in (3, 9)]
                s["ref"] = (rng.choice(champs) if champs and rng.random() < 0.5 else rng.choice(pool))["id"]
    # pauses (only the latest is kept on the record)
    for s in subs:
        if rng.random() < 0.22:
            lo = date.fromisoformat(s["start"]) + timedelta(days=30)
            hi = date.fromisoformat(s["canc"]) - timedelta(days=40) if s["canc"] else END - timedelta(days=10)
            if lo < hi:
                pf = rdate(rng, lo, hi)
                pu = pf + timedelta(days=rng.choice([14, 21, 28, 35, 42, 56]))
                if pu in (TODAY, END):
                    pu += timedelta(days=3)
                s["pf"], s["pu"] = pf.isoformat(), pu.isoformat()
    # a few people currently paused
    for sid, pf, pu in ((14, "2026-11-02", "2026-12-14"), (33, "2026-10-20", None), (38, "2026-11-10", "2027-01-05")):
        s = subs[sid - 1]
        if s["canc"] is None and s["start"] < pf:
            s["pf"], s["pu"] = pf, pu

    # switch FRV subscribers when the fruit box was withdrawn; a few other upgrades/downgrades
    plan_hist = {}
    for s in subs:
        hist = [(s["start"], s["plan"])]
        if s["plan"] == "FRV" and (s["canc"] is None or s["canc"] > FRV_END):
            hist.append(("2025-07-01", rng.choice(["MED", "LRG"])))
        elif rng.random() < 0.15:
            sd = date.fromisoformat(s["start"]) + timedelta(days=rng.randint(60, 400))
            if sd <= END and (s["canc"] is None or sd.isoformat() < s["canc"]):
                hist.append((sd.isoformat(), rng.choice([p for p in ("SML", "MED", "LRG", "FAM") if p != s["plan"]])))
        plan_hist[s["id"]] = hist
        s["plan"] = hist[-1][1]

    sub_rows = []
    for s in subs:
        oc, day, _ = areas[s["area"]]
        sub_rows.append((s["id"], s["fn"], s["ln"], email(s["fn"], s["ln"], rng, DOMAINS) if rng.random() < 0.93 else None,
                         mobile(rng) if rng.random() < 0.9 else None,
                         f"{rng.randint(1, 120)} {rng.choice(streets)}",
                         oc + rng.choice("ABDEFGHJLNPQRSTUWXY") + rng.choice("ABDEFGHJLNPQRSTUWXY"),
                         s["area"], s["plan"], s["freq"], day, s["start"], s["pf"], s["pu"], s["canc"], s["reason"], s["ref"]))
    c.executemany("INSERT INTO Subscribers VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)", sub_rows)

    growers = [(1, "Home Farm", "Somerset", "Y", 0), (2, "Brook Lane Orchard", "Somerset", "N", 12),
               (3, "Hartley Organics", "Devon", "Y", 28), (4, "Marsh End Growers", "Somerset", "Y", 7),
               (5, "Penrose Mushrooms", "Cornwall", "N", 74), (6, "Coombe Valley Farm", "Dorset", "Y", 36),
               (7, "Sunny Bank Nursery", "Somerset", "N", 9), (8, "Westcountry Salads", "Devon", "N", 41)]
    c.executemany("INSERT INTO Growers VALUES (?,?,?,?,?)", growers)
    # name, category, grower, unit, cost_p, shelf life days, months in season, qty by box size (SML..FAM)
    ALL = list(range(1, 13))
    produce = [
        ("Potatoes", "veg", 1, "kg", 90, 30, ALL, 1.0),
        ("Carrots", "veg", 4, "kg", 80, 21, ALL, 0.75),
        ("Onions", "veg", 1, "kg", 85, 45, ALL, 0.5),
        ("Leeks", "veg", 4, "bunch", 120, 10, [1, 2, 3, 10, 11, 12], 1),
        ("Kale", "veg", 1, "bunch", 110, 5, [1, 2, 3, 4, 9, 10, 11, 12], 1),
        ("Cabbage", "veg", 6, "each", 95, 21, [1, 2, 3, 10, 11, 12], 1),
        ("Beetroot", "veg", 4, "bunch", 100, 14, [6, 7, 8, 9, 10, 11], 1),
        ("Parsnips", "veg", 6, "kg", 130, 21, [1, 2, 3, 11, 12], 0.5),
        ("Swede", "veg", 6, "each", 90, 30, [1, 2, 3, 11, 12], 1),
        ("Butternut Squash", "veg", 3, "each", 150, 60, [9, 10, 11, 12], 1),
        ("Purple Sprouting Broccoli", "veg", 3, "bunch", 180, 5, [2, 3, 4], 1),
        ("Asparagus", "veg", 3, "bunch", 320, 4, [5, 6], 1),
        ("Broad Beans", "veg", 1, "kg", 200, 6, [6, 7], 0.5),
        ("Courgettes", "veg", 1, "each", 45, 7, [6, 7, 8, 9], 2),
        ("Runner Beans", "veg", 4, "kg", 260, 5, [7, 8, 9], 0.25),
        ("Tomatoes", "veg", 7, "kg", 280, 7, [6, 7, 8, 9], 0.5),
        ("Cucumber", "veg", 7, "each", 70, 8, [6, 7, 8, 9], 1),
        ("Sweetcorn", "veg", 6, "each", 55, 4, [8, 9], 2),
        ("Cauliflower", "veg", 6, "each", 140, 7, [1, 2, 3, 9, 10, 11, 12], 1),
        ("Spring Greens", "veg", 4, "bunch", 110, 5, [3, 4, 5], 1),
        ("Salad Leaves", "salad", 8, "bag", 150, 4, [4, 5, 6, 7, 8, 9, 10], 1),
        ("Radishes", "salad", 1, "bunch", 70, 6, [4, 5, 6, 7], 1),
        ("Chestnut Mushrooms", "mushroom", 5, "punnet", 160, 5, ALL, 1),
        ("Flat Parsley", "herb", 7, "bunch", 60, 5, [4, 5, 6, 7, 8, 9, 10], 1),
        ("Bramley Apples", "fruit", 2, "kg", 160, 60, [1, 2, 3, 9, 10, 11, 12], 0.75),
        ("Cox Apples", "fruit", 2, "kg", 190, 45, [1, 2, 9, 10, 11, 12], 0.75),
        ("Pears", "fruit", 2, "kg", 210, 14, [9, 10, 11], 0.5),
        ("Strawberries", "fruit", 3, "punnet", 250, 3, [6, 7], 1),
        ("Plums", "fruit", 2, "kg", 230, 6, [8, 9], 0.5),
        ("Rhubarb", "fruit", 1, "bunch", 150, 7, [3, 4, 5], 1),
        ("Wild Garlic", "herb", 3, "bunch", 120, 4, [3, 4], 1),
        ("Samphire", "veg", 8, "bag", 300, 4, [], 1),
        ("Romanesco", "veg", 6, "each", 170, 7, [], 1),
        ("Jerusalem Artichokes", "veg", 3, "kg", 240, 14, [], 0.5),
    ]
    prod_rows = []
    for i, p in enumerate(produce, 1):
        added = "2023-09-01" if i <= 31 else ("2026-11-20" if p[0] == "Romanesco" else "2026-06-01")
        prod_rows.append((i, p[0], p[1], p[2], p[3], p[4], p[5], added))
    c.executemany("INSERT INTO Produce VALUES (?,?,?,?,?,?,?,?)", prod_rows)
    SIZE = {"SML": 1.0, "MED": 1.5, "LRG": 2.0, "FAM": 2.5, "FRV": 1.5}

    week_box = {}

    def box_for(week_key, month, plan):
        key = (week_key, plan)
        if key not in week_box:
            r = random.Random(f"{week_key}/{plan}")
            veg = [i for i, p in enumerate(produce, 1) if month in p[6] and p[1] != "fruit"]
            fruit = [i for i, p in enumerate(produce, 1) if month in p[6] and p[1] == "fruit"]
            n = nitems[plan]
            picks = []
            if plan in ("FRV", "FAM"):
                k = min(len(fruit), 4 if plan == "FRV" else 2)
                picks += r.sample(fruit, k)
            core = [1, 2, 3]
            for x in core:
                if len(picks) < n:
                    picks.append(x)
            rest = [v for v in veg if v not in picks]
            picks += r.sample(rest, min(len(rest), n - len(picks)))
            out = []
            for pid in picks:
                base = produce[pid - 1][7]
                q = base * SIZE[plan] if produce[pid - 1][3] in ("kg",) else max(1, round(base * (1 if plan in ("SML", "MED") else 2 if plan == "FAM" else 1)))
                out.append((pid, round(q, 2)))
            week_box[key] = out
        return week_box[key]

    delivs, contents = [], []
    did = 0
    for s in subs:
        oc, day, pref = areas[s["area"]]
        d = date.fromisoformat(s["start"])
        while d.weekday() != WD[day]:
            d += timedelta(days=1)
        step = 7 if s["freq"] == "weekly" else 14
        hist = plan_hist[s["id"]]
        while d <= END and (s["canc"] is None or d.isoformat() < s["canc"]):
            ds = d.isoformat()
            if s["pf"] and s["pf"] <= ds and (s["pu"] is None or ds < s["pu"]):
                d += timedelta(days=step)
                continue
            plan = [h[1] for h in hist if h[0] <= ds][-1]
            drv = next((x for x in pref if dactive(x, ds)), None)
            r = rng.random()
            did += 1
            if r < 0.06:
                delivs.append((did, s["id"], ds, None, None, "skipped", plan, 0))
            elif r < 0.08:
                delivs.append((did, s["id"], ds, None, drv, "missed", plan, 0))
            else:
                late = rng.random() < 0.04
                dd = d + timedelta(days=1) if late else d
                if dd > END:
                    dd = d
                mult = 0.93 if d.year == 2024 else 0.97 if d.year == 2025 else 1.0
                amt = int(round(price[plan] * mult * 100))
                delivs.append((did, s["id"], ds, dd.isoformat(), drv, "delivered", plan, amt))
                iso = d.isocalendar()
                for pid, q in box_for(f"{iso[0]}-{iso[1]}", d.month, plan):
                    contents.append((did, pid, q))
            d += timedelta(days=step)
    # renumber deliveries chronologically
    order = sorted(range(len(delivs)), key=lambda k: (delivs[k][2], delivs[k][1]))
    remap = {}
    nd = []
    for new, k in enumerate(order, 1):
        remap[delivs[k][0]] = new
        nd.append((new,) + delivs[k][1:])
    contents = sorted(((remap[a], b, q) for a, b, q in contents))
    c.executemany("INSERT INTO Deliveries VALUES (?,?,?,?,?,?,?,?)", nd)
    c.executemany("INSERT INTO BoxContents VALUES (?,?,?)", contents)

    # add-ons
    items = [("Free-range eggs (6)", 2.40), ("Free-range eggs (12)", 4.50), ("Sourdough loaf", 4.20),
             ("Local honey 340g", 6.50), ("Apple juice 1L", 3.80), ("Cheddar 250g", 5.25),
             ("Cut flowers", 8.00), ("Oat milk 1L", 2.10), ("Samphire 100g", 3.00)]
    by_sub = {}
    for r in nd:
        if r[5] == "delivered":
            by_sub.setdefault(r[1], []).append(r)
    addons = []
    for s in subs:
        dl = by_sub.get(s["id"], [])
        keen = rng.random()
        for r in dl:
            if rng.random() < (0.35 if keen > 0.8 else 0.08 if keen > 0.3 else 0.01):
                it = rng.choices(items, [20, 14, 18, 8, 10, 8, 5, 10, 2])[0]
                if it[0].startswith("Samphire") and r[2][5:7] not in ("06", "07", "08"):
                    it = items[0]
                yr = int(r[2][:4])
                up = round(it[1] * (0.95 if yr == 2024 else 1.0 if yr == 2025 else 1.05), 2)
                od = date.fromisoformat(r[2]) - timedelta(days=rng.randint(1, 6))
                addons.append([None, s["id"], od.isoformat(), it[0], rng.choices([1, 2, 3], [75, 20, 5])[0], up, r[0]])
    addons.sort(key=lambda a: (a[2], a[1], a[3]))
    for k, a in enumerate(addons, 1):
        a[0] = k
    c.executemany("INSERT INTO AddOns VALUES (?,?,?,?,?,?,?)", addons)
    con.commit()
    con.close()


if __name__ == "__main__":
    build_theatre()
    build_farmbox()
    for name in ("theatre", "farmbox"):
        con = sqlite3.connect(os.path.join(ROOT, "dbs", name, name + ".sqlite"))
        tabs = con.execute("SELECT name, type FROM sqlite_master WHERE type IN ('table','view') ORDER BY name").fetchall()
        print(name)
        for t, ty in tabs:
            print(f"  {t:22s} {ty:5s} {con.execute(f'SELECT COUNT(*) FROM {t}').fetchone()[0]}")
        fk = con.execute("PRAGMA foreign_key_check").fetchall()
        print("  fk violations:", len(fk))
        con.close()
