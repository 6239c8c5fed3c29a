#!/usr/bin/env python3
"""Build two development SQLite databases, first written as a held-out probe: a garden centre
(nursery) and a coworking space (cowork). Standard library only, deterministic."""
import os
import random
import sqlite3
from datetime import date, timedelta

ROOT = os.path.dirname(os.path.abspath(__file__))
START = date(2024, 1, 1)
END = date(2026, 11, 26)
SPAN = (END - START).days

FIRST = ["Olivia", "Liam", "Emma", "Noah", "Ava", "Oliver", "Sophia", "Elijah", "Isla", "James",
         "Mia", "Lucas", "Amelia", "Mason", "Harper", "Ethan", "Evelyn", "Leo", "Freya", "Jack",
         "Grace", "Henry", "Chloe", "Samuel", "Ruby", "Arthur", "Ella", "Oscar", "Lily", "Theo",
         "Nora", "Felix", "Hazel", "Hugo", "Ivy", "Jasper", "Maya", "Rowan", "Zara", "Caleb"]
LAST = ["Smith", "Jones", "Taylor", "Brown", "Williams", "Wilson", "Johnson", "Davies", "Patel",
        "Wright", "Walker", "Thompson", "White", "Hughes", "Edwards", "Green", "Hall", "Wood",
        "Harris", "Clarke", "Lewis", "Baker", "Turner", "Hill", "Cooper", "Ward", "Morris", "King",
        "Moore", "Carter", "Young", "Allen", "Scott", "Mitchell", "Bell", "Kelly", "Shaw", "Lee"]


def rdate(rng, lo=START, hi=END):
    return lo + timedelta(days=rng.randint(0, (hi - lo).days))


def fresh(path):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    if os.path.exists(path):
        os.remove(path)
    return sqlite3.connect(path)


# ---------------------------------------------------------------- nursery
def build_nursery():
    rng = random.Random(2111)
    con = fresh(os.path.join(ROOT, "dbs", "nursery", "nursery.sqlite"))
    c = con.cursor()
    c.executescript("""
    CREATE TABLE staff (
        staff_id INTEGER PRIMARY KEY,
        full_name TEXT NOT NULL,
        role TEXT NOT NULL,
        manager_id INTEGER REFERENCES staff(staff_id),
        hired_on TEXT NOT NULL,
        email TEXT
    );
    CREATE TABLE Suppliers (
        SupplierID INTEGER PRIMARY KEY,
        SupplierName TEXT NOT NULL,
        Country TEXT,
        LeadTimeDays INTEGER
    );
    CREATE TABLE plant_category (
        cat_cd TEXT PRIMARY KEY,
        cat_name TEXT NOT NULL
    );
    CREATE TABLE products (
        product_id INTEGER PRIMARY KEY,
        sku TEXT UNIQUE NOT NULL,
        common_name TEXT NOT NULL,
        latin_name TEXT,
        cat_cd TEXT REFERENCES plant_category(cat_cd),
        supplierId INTEGER REFERENCES Suppliers(SupplierID),
        unit_price_cents INTEGER NOT NULL,
        cost_cents INTEGER NOT NULL,
        pot_size_l REAL,
        is_perennial INTEGER NOT NULL DEFAULT 0,
        stock_qty INTEGER NOT NULL
    );
    CREATE TABLE customers (
        CustomerId INTEGER PRIMARY KEY,
        FirstName TEXT NOT NULL,
        LastName TEXT NOT NULL,
        Email TEXT,
        Town TEXT,
        isTrade INTEGER NOT NULL DEFAULT 0,
        joined_dt TEXT NOT NULL
    );
    CREATE TABLE orders (
        order_id INTEGER PRIMARY KEY,
        customer_id INTEGER NOT NULL REFERENCES customers(CustomerId),
        staff_id INTEGER REFERENCES staff(staff_id),
        order_dt TEXT NOT NULL,
        channel TEXT NOT NULL,
        delivery_fee_cents INTEGER NOT NULL DEFAULT 0,
        cancelled_at TEXT
    );
    CREATE TABLE order_lines (
        order_id INTEGER NOT NULL REFERENCES orders(order_id),
        line_no INTEGER NOT NULL,
        product_id INTEGER NOT NULL REFERENCES products(product_id),
        qty INTEGER NOT NULL,
        unit_price_cents INTEGER NOT NULL,
        discount_pct REAL NOT NULL DEFAULT 0,
        PRIMARY KEY (order_id, line_no)
    );
    CREATE TABLE Workshops (
        WorkshopId INTEGER PRIMARY KEY,
        Title TEXT NOT NULL,
        HeldOn TEXT NOT NULL,
        duration_min INTEGER NOT NULL,
        fee_amt REAL NOT NULL,
        host_staff_id INTEGER REFERENCES staff(staff_id),
        capacity INTEGER NOT NULL
    );
    CREATE TABLE workshop_attendees (
        WorkshopId INTEGER NOT NULL REFERENCES Workshops(WorkshopId),
        CustomerId INTEGER NOT NULL REFERENCES customers(CustomerId),
        booked_dt TEXT NOT NULL,
        attended INTEGER NOT NULL DEFAULT 1,
        PRIMARY KEY (WorkshopId, CustomerId)
    );
    CREATE VIEW v_order_totals AS
        SELECT o.order_id, o.customer_id, o.order_dt, o.channel, o.cancelled_at,
               SUM(l.qty * l.unit_price_cents * (1 - l.discount_pct / 100.0)) AS goods_cents,
               o.delivery_fee_cents
        FROM orders o JOIN order_lines l ON l.order_id = o.order_id
        GROUP BY o.order_id;
    """)

    staff = [
        (1, "Margaret Thorne", "Owner", None, "2015-03-01"),
        (2, "Daniel Okafor", "Store Manager", 1, "2017-06-12"),
        (3, "Priya Raman", "Head Grower", 1, "2016-02-20"),
        (4, "Tom Fielding", "Sales Assistant", 2, "2021-04-05"),
        (5, "Alice Navarro", "Sales Assistant", 2, "2022-09-19"),
        (6, "Ben Archer", "Sales Assistant", 2, "2023-03-13"),
        (7, "Chen Wei", "Grower", 3, "2020-05-04"),
        (8, "Fatima Bello", "Grower", 3, "2024-02-26"),
        (9, "George Pike", "Delivery Driver", 2, "2019-08-01"),
        (10, "Hannah Lowe", "Online Coordinator", 2, "2023-11-06"),
        (11, "Isaac Drummond", "Sales Assistant", 10, "2025-03-17"),
    ]
    for s in staff:
        email = s[1].lower().replace(" ", ".") + "@greenleaf-nursery.co.uk"
        c.execute("INSERT INTO staff VALUES (?,?,?,?,?,?)", s + (email,))

    suppliers = [
        (1, "Hillside Growers", "UK", 5), (2, "Van der Berg Kwekerij", "Netherlands", 12),
        (3, "Sunvale Plants", "UK", 4), (4, "Iberia Viveros", "Spain", 15),
        (5, "Rootstock Direct", "UK", 7), (6, "Alpine Perennials", "Germany", 10),
        (7, "Coastal Succulents", "Portugal", 14),
    ]
    c.executemany("INSERT INTO Suppliers VALUES (?,?,?,?)", suppliers)

    cats = [("SHR", "Shrubs"), ("PER", "Herbaceous perennials"), ("ANN", "Annuals & bedding"),
            ("TRE", "Trees"), ("HRB", "Herbs"), ("SUC", "Succulents & cacti"),
            ("FRT", "Fruit"), ("GRS", "Ornamental grasses"), ("BLB", "Bulbs"), ("SUN", "Sundries")]
    c.executemany("INSERT INTO plant_category VALUES (?,?)", cats)

    plant_defs = {
        "SHR": [("Hydrangea", "Hydrangea macrophylla"), ("Lavender Hidcote", "Lavandula angustifolia"),
                ("Box ball", "Buxus sempervirens"), ("Rhododendron", "Rhododendron ponticum"),
                ("Camellia", "Camellia japonica"), ("Buddleja", "Buddleja davidii"),
                ("Hebe", "Hebe pinguifolia"), ("Pieris", "Pieris japonica")],
        "PER": [("Hosta", "Hosta sieboldiana"), ("Foxglove", "Digitalis purpurea"),
                ("Geranium Rozanne", "Geranium 'Rozanne'"), ("Peony", "Paeonia lactiflora"),
                ("Echinacea", "Echinacea purpurea"), ("Salvia", "Salvia nemorosa"),
                ("Delphinium", "Delphinium elatum"), ("Astilbe", "Astilbe chinensis")],
        "ANN": [("Petunia tray", "Petunia x hybrida"), ("Marigold tray", "Tagetes patula"),
                ("Sweet pea", "Lathyrus odoratus"), ("Cosmos", "Cosmos bipinnatus"),
                ("Sunflower", "Helianthus annuus"), ("Lobelia tray", "Lobelia erinus")],
        "TRE": [("Japanese maple", "Acer palmatum"), ("Silver birch", "Betula pendula"),
                ("Olive tree", "Olea europaea"), ("Magnolia", "Magnolia stellata"),
                ("Rowan", "Sorbus aucuparia")],
        "HRB": [("Basil", "Ocimum basilicum"), ("Rosemary", "Salvia rosmarinus"),
                ("Thyme", "Thymus vulgaris"), ("Mint", "Mentha spicata"), ("Parsley", "Petroselinum crispum")],
        "SUC": [("Echeveria", "Echeveria elegans"), ("Aloe vera", "Aloe barbadensis"),
                ("Jade plant", "Crassula ovata"), ("Golden barrel cactus", "Echinocactus grusonii")],
        "FRT": [("Apple tree Braeburn", "Malus domestica"), ("Blueberry", "Vaccinium corymbosum"),
                ("Strawberry tray", "Fragaria x ananassa"), ("Fig tree", "Ficus carica"),
                ("Raspberry canes", "Rubus idaeus")],
        "GRS": [("Miscanthus", "Miscanthus sinensis"), ("Stipa", "Stipa tenuissima"),
                ("Carex", "Carex testacea")],
        "BLB": [("Tulip bulbs x20", "Tulipa"), ("Daffodil bulbs x25", "Narcissus"),
                ("Allium bulbs x10", "Allium giganteum")],
        "SUN": [("Peat-free compost 50L", None), ("Terracotta pot 30cm", None),
                ("Seaweed feed 1L", None), ("Secateurs", None), ("Bark mulch 70L", None)],
    }
    price_band = {"SHR": (1200, 4500), "PER": (600, 1800), "ANN": (400, 1200), "TRE": (3500, 18000),
                  "HRB": (300, 700), "SUC": (500, 2500), "FRT": (900, 4000), "GRS": (800, 2200),
                  "BLB": (500, 1500), "SUN": (450, 2999)}
    perennial_cats = {"SHR", "PER", "TRE", "GRS", "FRT"}
    products = []
    pid = 0
    for cat, plants in plant_defs.items():
        for (name, latin) in plants:
            pid += 1
            lo, hi = price_band[cat]
            price = rng.randrange(lo, hi, 50) - 1 if rng.random() < 0.7 else rng.randrange(lo, hi, 100)
            cost = int(price * rng.uniform(0.35, 0.65))
            pot = None if cat in ("SUN", "BLB") else rng.choice([0.5, 1.0, 2.0, 3.0, 5.0, 10.0, 15.0])
            if cat == "HRB":
                perennial = 1 if name in ("Rosemary", "Thyme", "Mint") else 0
            elif cat == "SUC":
                perennial = 1
            else:
                perennial = 1 if cat in perennial_cats else 0
            supplier = rng.randint(1, 7)
            stock = rng.choice([0, 0, 3, 8, 12, 20, 35, 50, 80, 120]) if pid % 6 else 0
            sku = f"{cat}-{pid:04d}"
            products.append((pid, sku, name, latin, cat, supplier, price, cost, pot, perennial, stock))
    # one product never sold, one supplier with no products
    c.executemany("INSERT INTO products VALUES (?,?,?,?,?,?,?,?,?,?,?)", products)
    c.execute("UPDATE products SET supplierId = 1 WHERE supplierId = 6")

    towns = ["Harrogate", "Ripon", "Knaresborough", "York", "Leeds", "Wetherby", "Otley", "Ilkley"]
    customers = []
    for cid in range(1, 321):
        fn, ln = rng.choice(FIRST), rng.choice(LAST)
        email = f"{fn.lower()}.{ln.lower()}{cid}@example.com" if rng.random() < 0.85 else None
        trade = 1 if rng.random() < 0.12 else 0
        joined = START + timedelta(days=int((date(2026, 9, 30) - START).days * rng.random() ** 1.8))
        customers.append((cid, fn, ln, email, rng.choice(towns), trade, joined.isoformat()))
    c.executemany("INSERT INTO customers VALUES (?,?,?,?,?,?,?)", customers)

    # seasonal weighting for order dates
    season = {1: 0.4, 2: 0.5, 3: 1.2, 4: 1.8, 5: 2.0, 6: 1.5, 7: 1.1, 8: 0.9, 9: 1.0, 10: 0.9, 11: 0.8, 12: 0.7}
    sellers = [4, 5, 6, 11, 2, 10]
    oid = 0
    line_rows = []
    order_rows = []
    for cust in customers:
        cid, joined = cust[0], date.fromisoformat(cust[6])
        n = rng.choice([0, 0, 1, 1, 2, 3, 4, 5, 6, 8]) if not cust[5] else rng.randint(4, 14)
        for _ in range(n):
            for _try in range(20):
                d = rdate(rng, joined, END)
                if rng.random() < season[d.month] / 2.0:
                    break
            oid += 1
            channel = rng.choices(["shop", "online", "phone"], [0.55, 0.35, 0.10])[0]
            staff_id = None if channel == "online" else rng.choice(sellers)
            if staff_id == 11 and d < date(2025, 3, 17):
                staff_id = 4
            if channel == "online":
                staff_id = 10 if rng.random() < 0.5 else None
            fee = 0 if channel == "shop" else rng.choice([0, 495, 695, 995])
            cancelled = None
            if rng.random() < 0.07:
                cancelled = (d + timedelta(days=rng.randint(0, 3))).isoformat() + f" {rng.randint(8, 18):02d}:{rng.randint(0, 59):02d}:00"
            order_rows.append((oid, cid, staff_id, d.isoformat(), channel, fee, cancelled))
            nlines = rng.randint(1, 5)
            chosen = rng.sample(products[:-1], nlines)  # last product (Bark mulch) never sold
            for ln_no, p in enumerate(chosen, 1):
                qty = rng.randint(1, 6) if not cust[5] else rng.randint(5, 40)
                price = p[6] if d.year < 2026 else int(round(p[6] * 1.05))
                disc = 0.0
                if cust[5]:
                    disc = 15.0
                elif rng.random() < 0.1:
                    disc = rng.choice([5.0, 10.0, 20.0])
                line_rows.append((oid, ln_no, p[0], qty, price, disc))
    c.executemany("INSERT INTO orders VALUES (?,?,?,?,?,?,?)", order_rows)
    c.executemany("INSERT INTO order_lines VALUES (?,?,?,?,?,?)", line_rows)

    titles = [("Spring pruning basics", 90, 25.0), ("Container gardening", 120, 30.0),
              ("Grow your own veg", 180, 45.0), ("Wildlife-friendly borders", 120, 30.0),
              ("Bulb planting masterclass", 60, 15.0), ("Winter wreath making", 150, 40.0),
              ("Propagation for beginners", 90, 20.0), ("Bonsai introduction", 240, 65.0)]
    hosts = [3, 7, 8, 1, 3]
    wrows = []
    arows = []
    wid = 0
    for year in (2024, 2025, 2026):
        for month in range(1, 13):
            if year == 2026 and month > 11:
                break
            for _ in range(rng.randint(1, 2)):
                wid += 1
                t, dur, fee = rng.choice(titles)
                held = date(year, month, rng.randint(1, 28))
                cap = rng.choice([8, 10, 12, 15])
                host = rng.choice(hosts) if t != "Winter wreath making" else 5
                wrows.append((wid, t, held.isoformat(), dur, fee, host, cap))
                if held > END:
                    continue
                n = rng.randint(0, cap)
                if wid == 5:
                    n = 0
                for cust in rng.sample(customers, n):
                    booked = held - timedelta(days=rng.randint(1, 40))
                    att = 1 if rng.random() < 0.88 else 0
                    arows.append((wid, cust[0], booked.isoformat(), att))
    c.executemany("INSERT INTO Workshops VALUES (?,?,?,?,?,?,?)", wrows)
    c.executemany("INSERT INTO workshop_attendees VALUES (?,?,?,?)", arows)
    con.commit()
    con.close()


# ---------------------------------------------------------------- cowork
def build_cowork():
    rng = random.Random(4242)
    con = fresh(os.path.join(ROOT, "dbs", "cowork", "cowork.sqlite"))
    c = con.cursor()
    c.executescript("""
    CREATE TABLE Locations (
        LocationId INTEGER PRIMARY KEY,
        LocName TEXT NOT NULL,
        City TEXT NOT NULL,
        opened_dt TEXT NOT NULL,
        sq_m INTEGER
    );
    CREATE TABLE desks (
        desk_id INTEGER PRIMARY KEY,
        location_id INTEGER NOT NULL REFERENCES Locations(LocationId),
        desk_cd TEXT NOT NULL,
        desk_type TEXT NOT NULL,
        has_monitor INTEGER NOT NULL DEFAULT 0,
        hourly_rate_cents INTEGER NOT NULL
    );
    CREATE TABLE members (
        memberId INTEGER PRIMARY KEY,
        firstName TEXT NOT NULL,
        lastName TEXT NOT NULL,
        email TEXT NOT NULL,
        company_name TEXT,
        referredBy INTEGER REFERENCES members(memberId),
        homeLocationId INTEGER REFERENCES Locations(LocationId),
        signupDt TEXT NOT NULL
    );
    CREATE TABLE plans (
        plan_cd TEXT PRIMARY KEY,
        plan_name TEXT NOT NULL,
        monthly_fee_amt REAL NOT NULL,
        included_hrs INTEGER NOT NULL
    );
    CREATE TABLE memberships (
        membership_id INTEGER PRIMARY KEY,
        member_id INTEGER NOT NULL REFERENCES members(memberId),
        plan_cd TEXT NOT NULL REFERENCES plans(plan_cd),
        start_dt TEXT NOT NULL,
        cancelled_at TEXT
    );
    CREATE TABLE bookings (
        booking_id INTEGER PRIMARY KEY,
        member_id INTEGER NOT NULL REFERENCES members(memberId),
        desk_id INTEGER NOT NULL REFERENCES desks(desk_id),
        booking_dt TEXT NOT NULL,
        start_hr INTEGER NOT NULL,
        duration_mins INTEGER NOT NULL,
        amt_cents INTEGER NOT NULL,
        no_show INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE Events (
        EventID INTEGER PRIMARY KEY,
        LocationId INTEGER NOT NULL REFERENCES Locations(LocationId),
        Title TEXT NOT NULL,
        EventDate TEXT NOT NULL,
        LengthHrs REAL NOT NULL
    );
    CREATE TABLE event_rsvp (
        EventID INTEGER NOT NULL REFERENCES Events(EventID),
        memberId INTEGER NOT NULL REFERENCES members(memberId),
        rsvp_dt TEXT NOT NULL,
        PRIMARY KEY (EventID, memberId)
    );
    CREATE TABLE invoices (
        invoice_no TEXT PRIMARY KEY,
        member_id INTEGER NOT NULL REFERENCES members(memberId),
        issued_dt TEXT NOT NULL,
        total_amt REAL NOT NULL,
        paid_on TEXT
    );
    CREATE VIEW active_members AS
        SELECT m.memberId, m.firstName, m.lastName, ms.plan_cd, ms.start_dt
        FROM members m JOIN memberships ms ON ms.member_id = m.memberId
        WHERE ms.cancelled_at IS NULL;
    """)

    locs = [(1, "Canal Works", "Manchester", "2019-05-01", 1400),
            (2, "The Printworks Loft", "Leeds", "2021-09-15", 900),
            (3, "Harbour Hub", "Bristol", "2023-02-01", 1100),
            (4, "Old Library", "Sheffield", "2024-06-03", 650)]
    c.executemany("INSERT INTO Locations VALUES (?,?,?,?,?)", locs)

    desks = []
    did = 0
    type_rate = {"hot": (600, 900), "fixed": (1000, 1500), "office": (2500, 4500), "meeting": (3000, 6000)}
    for loc in locs:
        n = {1: 30, 2: 20, 3: 24, 4: 12}[loc[0]]
        for i in range(1, n + 1):
            did += 1
            t = rng.choices(["hot", "fixed", "office", "meeting"], [0.45, 0.3, 0.15, 0.1])[0]
            lo, hi = type_rate[t]
            rate = rng.randrange(lo, hi, 50)
            mon = 1 if (t != "hot" and rng.random() < 0.8) or (t == "hot" and rng.random() < 0.3) else 0
            desks.append((did, loc[0], f"{loc[2][:3].upper()}-{t[0].upper()}{i:02d}", t, mon, rate))
    c.executemany("INSERT INTO desks VALUES (?,?,?,?,?,?)", desks)

    comps = [(1, "Brightwave Analytics", "Software"), (2, "Fennel & Co", "Design"),
             (3, "Northpoint Legal", "Legal"), (4, "Kestrel Robotics", "Hardware"),
             (5, "Loop Media", "Media"), (6, "Oakridge Finance", "Finance"),
             (7, "Pixelmint", "Software"), (8, "Quarry Architects", "Design"),
             (9, "Tidewater Health", "Healthcare"), (10, "Umbra Games", "Software"),
             (11, "Verity Consulting", "Consulting"), (12, "Willow Bakehouse", "Food")]

    members = []
    for mid in range(1, 261):
        fn, ln = rng.choice(FIRST), rng.choice(LAST)
        comp = rng.choice(comps)[1] if rng.random() < 0.6 else None
        signup = rdate(rng, START, date(2026, 11, 10))
        ref = None
        if mid > 10 and rng.random() < 0.3:
            cand = [m for m in members if m[7] < signup.isoformat()]
            if cand:
                ref = rng.choice(cand[:max(8, len(cand) // 3)])[0]  # early members refer more
        home = rng.choices([1, 2, 3, 4], [0.4, 0.25, 0.25, 0.1])[0]
        if home == 4 and signup < date(2024, 6, 3):
            home = 1
        email = f"{fn[0].lower()}{ln.lower()}{mid}@mail.test"
        members.append((mid, fn, ln, email, comp, ref, home, signup.isoformat()))
    c.executemany("INSERT INTO members VALUES (?,?,?,?,?,?,?,?)", members)

    plans = [("FLEX10", "Flex 10", 89.0, 10), ("FLEX30", "Flex 30", 199.0, 30),
             ("RESID", "Resident Desk", 349.0, 160), ("OFFICE", "Private Office", 899.0, 200),
             ("VIRT", "Virtual Address", 39.0, 0), ("NIGHT", "Night Owl", 69.0, 40)]
    c.executemany("INSERT INTO plans VALUES (?,?,?,?)", plans)

    ms_rows = []
    msid = 0
    for m in members:
        if m[0] % 13 == 0:
            continue  # some members never had a membership
        start = date.fromisoformat(m[7])
        plan = rng.choices([p[0] for p in plans[:5]], [0.3, 0.25, 0.2, 0.08, 0.17])[0]
        msid += 1
        cancelled = None
        if rng.random() < 0.35:
            cd = start + timedelta(days=rng.randint(30, 700))
            if cd <= END:
                cancelled = cd.isoformat()
        ms_rows.append((msid, m[0], plan, start.isoformat(), cancelled))
        if cancelled and rng.random() < 0.4:
            msid += 1
            s2 = date.fromisoformat(cancelled) + timedelta(days=1)
            plan2 = rng.choice([p[0] for p in plans[:5] if p[0] != plan])
            ms_rows.append((msid, m[0], plan2, s2.isoformat(), None))
    c.executemany("INSERT INTO memberships VALUES (?,?,?,?,?)", ms_rows)

    b_rows = []
    bid = 0
    desk_by_loc = {}
    for d in desks:
        desk_by_loc.setdefault(d[1], []).append(d)
    for m in members:
        signup = date.fromisoformat(m[7])
        n = rng.choice([0, 2, 5, 8, 12, 20, 30])
        for _ in range(n):
            bid += 1
            loc = m[6] if rng.random() < 0.8 else rng.randint(1, 4)
            dk = rng.choice(desk_by_loc[loc])
            lo = max(signup, date.fromisoformat(locs[loc - 1][3]))
            bd = rdate(rng, lo, END)
            while bd.weekday() >= 5 and rng.random() < 0.8:
                bd = rdate(rng, lo, END)
            start_hr = rng.randint(7, 18)
            dur = rng.choice([30, 60, 90, 120, 180, 240, 480]) if dk[3] != "meeting" else rng.choice([30, 60, 90, 120])
            amt = int(round(dk[5] * dur / 60.0))
            if bd.year == 2026:
                amt = int(round(amt * 1.04))
            noshow = 1 if rng.random() < 0.06 else 0
            b_rows.append((bid, m[0], dk[0], bd.isoformat(), start_hr, dur, amt, noshow))
    b_rows.sort(key=lambda r: (r[3], r[4], r[0]))
    b_rows = [(i + 1,) + r[1:] for i, r in enumerate(b_rows)]
    c.executemany("INSERT INTO bookings VALUES (?,?,?,?,?,?,?,?)", b_rows)

    ev_titles = [("Founders breakfast", 1.5), ("Pitch night", 3.0), ("Yoga at lunch", 1.0),
                 ("Friday social", 2.5), ("AI tools workshop", 2.0), ("Tax clinic", 1.5),
                 ("Product demo day", 4.0)]
    e_rows = []
    r_rows = []
    eid = 0
    for loc in locs:
        d = max(START, date.fromisoformat(loc[3]))
        while d <= date(2026, 12, 20):
            eid += 1
            t, ln = rng.choice(ev_titles)
            e_rows.append((eid, loc[0], t, d.isoformat(), ln))
            if d <= END:
                pool = [m for m in members if m[7] <= d.isoformat()]
                k = min(len(pool), rng.randint(0, 14))
                for m in rng.sample(pool, k):
                    r_rows.append((eid, m[0], (d - timedelta(days=rng.randint(0, 14))).isoformat()))
            d += timedelta(days=rng.randint(18, 45))
    c.executemany("INSERT INTO Events VALUES (?,?,?,?,?)", e_rows)
    c.executemany("INSERT INTO event_rsvp VALUES (?,?,?)", r_rows)

    inv = []
    fee = {p[0]: p[2] for p in plans}
    for ms in ms_rows:
        start = date.fromisoformat(ms[3])
        stop = date.fromisoformat(ms[4]) if ms[4] else END
        y, mth = start.year, start.month
        while True:
            issued = date(y, mth, 1)
            if issued > stop:
                break
            if issued >= start.replace(day=1):
                amt = fee[ms[2]] * (1.05 if issued.year == 2026 else 1.0)
                paid = None
                r = rng.random()
                if issued < date(2026, 10, 1):
                    paid = None if r < 0.03 else (issued + timedelta(days=rng.randint(0, 40))).isoformat()
                else:
                    paid = None if r < 0.45 else (issued + timedelta(days=rng.randint(0, 20))).isoformat()
                    if paid and paid > END.isoformat():
                        paid = None
                inv.append((f"INV-{issued.year}{issued.month:02d}-{ms[1]:04d}-{ms[0]}", ms[1],
                            issued.isoformat(), round(amt, 2), paid))
            mth += 1
            if mth == 13:
                y, mth = y + 1, 1
    c.executemany("INSERT INTO invoices VALUES (?,?,?,?,?)", inv)
    con.commit()
    con.close()


if __name__ == "__main__":
    build_nursery()
    build_cowork()
    for name in ("nursery", "cowork"):
        con = sqlite3.connect(os.path.join(ROOT, "dbs", name, name + ".sqlite"))
        tabs = con.execute("SELECT name, type FROM sqlite_master WHERE type IN ('table','view') ORDER BY name").fetchall()
        print(name)
        for t, ty in tabs:
            print(f"  {t:22s} {ty:5s} {con.execute(f'SELECT COUNT(*) FROM {t}').fetchone()[0]}")
        con.close()
