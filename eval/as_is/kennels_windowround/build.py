#!/usr/bin/env python3
"""Build the two probe databases (kennels, windowround).

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


FIRST = ["James", "Sarah", "David", "Emma", "Mark", "Claire", "Paul", "Rachel", "Andrew", "Helen",
         "Richard", "Laura", "Steven", "Nicola", "Gareth", "Joanne", "Simon", "Karen", "Chris", "Lucy",
         "Ian", "Victoria", "Neil", "Amy", "Peter", "Kirsty", "Tom", "Hannah", "Matthew", "Gemma",
         "Rob", "Louise", "Alan", "Jenny", "Martin", "Sophie", "Graham", "Zoe", "Dean", "Natalie",
         "Kevin", "Becky", "Ryan", "Charlotte", "Lee", "Fiona", "Adam", "Megan", "Phil", "Jade",
         "Barry", "Sian", "Colin", "Elaine", "Derek", "Tracey", "Ali", "Priya", "Raj", "Aisha"]
LAST = ["Smith", "Jones", "Williams", "Taylor", "Brown", "Davies", "Evans", "Wilson", "Thomas",
        "Johnson", "Roberts", "Robinson", "Thompson", "Wright", "Walker", "White", "Edwards",
        "Hughes", "Green", "Hall", "Lewis", "Harris", "Clarke", "Patel", "Jackson", "Wood",
        "Turner", "Martin", "Cooper", "Hill", "Ward", "Morris", "Moore", "Clark", "Lee", "King",
        "Baker", "Harrison", "Morgan", "Allen", "James", "Scott", "Phillips", "Watson", "Davis",
        "Parker", "Price", "Bennett", "Young", "Griffiths", "Mitchell", "Kelly", "Cook", "Carter",
        "Richardson", "Bailey", "Collins", "Bell", "Shaw", "Murphy", "Miller", "Cox", "Richards",
        "Khan", "Marshall", "Anderson", "Simpson", "Ellis", "Adams", "Singh", "Begum", "Wilkinson",
        "Foster", "Chapman", "Powell", "Webb", "Rogers", "Gray", "Mason", "Ali", "Hunt", "Hussain"]
LAST_W = [max(1, 30 - i // 3) for i in range(len(LAST))]


# ============================================================================
# KENNELS
# ============================================================================
def build_kennels():
    rng = random.Random(3601)
    con = sqlite3.connect(db_path("kennels"))
    cur = con.cursor()
    cur.executescript("""
    PRAGMA foreign_keys = ON;
    CREATE TABLE species (
        species_cd   TEXT PRIMARY KEY,
        species_desc TEXT NOT NULL
    );
    CREATE TABLE owners (
        OwnerID        INTEGER PRIMARY KEY,
        title          TEXT,
        first_nm       TEXT NOT NULL,
        last_nm        TEXT NOT NULL,
        phone          TEXT,
        email          TEXT,
        addr_town      TEXT,
        postcode       TEXT,
        date_joined    TEXT,
        is_active      INTEGER DEFAULT 1,
        mktg_optin     TEXT DEFAULT 'N'      -- Y/N
    );
    CREATE TABLE pets (
        pet_id       INTEGER PRIMARY KEY,
        OwnerID      INTEGER NOT NULL REFERENCES owners(OwnerID),
        pet_nm       TEXT NOT NULL,
        species_cd   TEXT REFERENCES species(species_cd),
        breed        TEXT,
        sex          TEXT,                   -- M/F
        dob          TEXT,
        weight_kg    REAL,
        neutered     TEXT,                   -- Y/N
        vet_practice TEXT,
        deceased     INTEGER DEFAULT 0
    );
    CREATE TABLE staff (
        StaffID         INTEGER PRIMARY KEY,
        staff_nm        TEXT,
        role            TEXT,
        hourly_rate_gbp REAL,
        start_date      TEXT,
        end_date        TEXT,
        is_active       INTEGER
    );
    CREATE TABLE units (
        unit_code        TEXT PRIMARY KEY,
        unit_type        TEXT,
        std_nightly_rate REAL,
        max_pets         INTEGER,
        heated           TEXT               -- Y/N
    );
    CREATE TABLE boarding_stays (
        stay_id       INTEGER PRIMARY KEY,
        pet_id        INTEGER NOT NULL REFERENCES pets(pet_id),
        unit_code     TEXT,
        dt_checkin    TEXT NOT NULL,
        dt_checkout   TEXT NOT NULL,
        nightly_rate  REAL,
        status        TEXT,                 -- Booked / Checked In / Completed / Cancelled / No Show
        booked_dt     TEXT,
        medication_yn TEXT DEFAULT 'N',
        notes         TEXT
    );
    CREATE TABLE services (
        svc_code      TEXT PRIMARY KEY,
        svc_desc      TEXT,
        category      TEXT,
        species_cd    TEXT,
        price_gbp     REAL,
        duration_mins INTEGER,
        active        INTEGER DEFAULT 1
    );
    CREATE TABLE grooming_appts (
        appt_id       INTEGER PRIMARY KEY,
        pet_id        INTEGER REFERENCES pets(pet_id),
        svc_code      TEXT REFERENCES services(svc_code),
        groomer_id    INTEGER,
        appt_start    TEXT,                 -- 'YYYY-MM-DD HH:MM'
        duration_mins INTEGER,
        price_gbp     REAL,
        status        TEXT,                 -- Booked / Completed / Cancelled / No Show
        tip_gbp       REAL
    );
    CREATE TABLE payments (
        pay_id     INTEGER PRIMARY KEY,
        OwnerID    INTEGER,
        pay_dt     TEXT,
        amt_gbp    REAL,
        pay_method TEXT,
        stay_id    INTEGER,
        appt_id    INTEGER,
        is_deposit INTEGER DEFAULT 0
    );
    CREATE TABLE vacc_records (
        vacc_id      INTEGER PRIMARY KEY,
        pet_id       INTEGER REFERENCES pets(pet_id),
        vaccine_nm   TEXT,
        date_given   TEXT,
        expiry_dt    TEXT,
        vet_practice TEXT,
        checked_by   INTEGER
    );
    """)

    species = [("DOG", "Dog"), ("CAT", "Cat"), ("RAB", "Rabbit"), ("GPG", "Guinea Pig")]
    cur.executemany("INSERT INTO species VALUES (?,?)", species)

    # ---------------- staff
    staff = [
        (1, "Julie Marsh", "Manager", 15.50, "2016-03-01", None, 1),
        (2, "Kerry Dobbs", "Groomer", 13.20, "2018-09-10", None, 1),
        (3, "Tasha Reid", "Groomer", 12.80, "2021-04-19", "2025-05-30", 0),
        (4, "Ben Oakley", "Kennel Assistant", 11.44, "2022-06-01", None, 1),
        (5, "Molly Fenwick", "Kennel Assistant", 11.44, "2023-02-13", None, 1),
        (6, "Priya Nair", "Receptionist", 11.90, "2020-11-02", None, 1),
        (7, "Leah Carter", "Groomer", 12.60, "2025-06-02", None, 1),
        (8, "Connor Hale", "Kennel Assistant", 11.44, "2024-03-04", "2024-10-31", 0),
        (9, "Sandra Pike", "Kennel Assistant", 11.60, "2024-11-18", None, 1),
    ]
    cur.executemany("INSERT INTO staff VALUES (?,?,?,?,?,?,?)", staff)

    # ---------------- units
    units = []
    for i in range(1, 19):
        units.append((f"K{i:02d}", "Standard Kennel", 32.0, 2, "Y" if i <= 12 else "N"))
    for i in range(1, 5):
        units.append((f"L{i}", "Luxury Suite", 46.0, 3, "Y"))
    for i in range(1, 13):
        units.append((f"C{i:02d}", "Cattery Pen", 19.0, 2, "Y"))
    for i in range(1, 5):
        units.append((f"H{i}", "Small Animal Hutch", 11.0, 4, "N"))
    cur.executemany("INSERT INTO units VALUES (?,?,?,?,?)", units)
    # nightly rates by year (2026 = current std)
    rate_by_year = {
        "Standard Kennel": {2023: 27.0, 2024: 28.0, 2025: 30.0, 2026: 32.0},
        "Luxury Suite": {2023: 39.0, 2024: 40.0, 2025: 43.0, 2026: 46.0},
        "Cattery Pen": {2023: 15.0, 2024: 16.0, 2025: 17.5, 2026: 19.0},
        "Small Animal Hutch": {2023: 8.0, 2024: 9.0, 2025: 10.0, 2026: 11.0},
    }
    unit_type = {u[0]: u[1] for u in units}

    # ---------------- services
    services = [
        ("FG-S", "Full Groom - Small Dog", "Full Groom", "DOG", 42.0, 90, 1),
        ("FG-M", "Full Groom - Medium Dog", "Full Groom", "DOG", 52.0, 120, 1),
        ("FG-L", "Full Groom - Large Dog", "Full Groom", "DOG", 65.0, 150, 1),
        ("BB-S", "Bath & Brush - Small", "Bath", "DOG", 28.0, 45, 1),
        ("BB-L", "Bath & Brush - Large", "Bath", "DOG", 38.0, 60, 1),
        ("HSTR", "Hand Strip", "Full Groom", "DOG", 60.0, 150, 1),
        ("PUP1", "Puppy Intro Groom", "Bath", "DOG", 25.0, 45, 1),
        ("DESH", "De-shedding Treatment", "Add-on", "DOG", 18.0, 30, 1),
        ("NAIL", "Nail Clip", "Add-on", None, 9.0, 15, 1),
        ("TEETH", "Teeth Clean", "Add-on", "DOG", 12.0, 15, 1),
        ("CATG", "Cat Groom", "Full Groom", "CAT", 48.0, 75, 1),
        ("CATL", "Cat Lion Cut", "Full Groom", "CAT", 58.0, 90, 1),
        ("FLEA", "Flea Bath", "Bath", "DOG", 30.0, 45, 0),
    ]
    cur.executemany("INSERT INTO services VALUES (?,?,?,?,?,?,?)", services)
    svc = {s[0]: s for s in services}

    # ---------------- owners
    towns = ["Chelmsford", "Great Baddow", "Writtle", "Danbury", "Broomfield", "Springfield",
             "Maldon", "Ingatestone", "Galleywood", "Boreham"]
    town_w = [30, 14, 8, 9, 10, 12, 6, 5, 4, 3]
    pc = {"Chelmsford": "CM1", "Great Baddow": "CM2", "Writtle": "CM1", "Danbury": "CM3",
          "Broomfield": "CM1", "Springfield": "CM2", "Maldon": "CM9", "Ingatestone": "CM4",
          "Galleywood": "CM2", "Boreham": "CM3"}
    n_owners = 430
    owners = []
    propensity = {}
    groom_prop = {}
    used_names = set()
    for oid in range(1, n_owners + 1):
        while True:
            fn = rng.choice(FIRST)
            ln = wchoice(rng, LAST, LAST_W)
            if (fn, ln) not in used_names:
                used_names.add((fn, ln))
                break
        title = wchoice(rng, ["Mr", "Mrs", "Ms", "Miss", "Dr", None], [35, 30, 12, 8, 3, 12])
        town = wchoice(rng, towns, town_w)
        postcode = f"{pc[town]} {rng.randint(1, 9)}{rng.choice('ABDEFGHJLNPQRSTUWXYZ')}{rng.choice('ABDEFGHJLNPQRSTUWXYZ')}"
        phone = f"07{rng.randint(100, 999)} {rng.randint(100000, 999999)}"
        email = None if rng.random() < 0.12 else f"{fn.lower()}.{ln.lower()}{rng.randint(1, 99)}@{rng.choice(['gmail.com', 'hotmail.co.uk', 'outlook.com', 'btinternet.com', 'yahoo.co.uk'])}"
        # join dates: long tail back to 2015, some new in 2024-2026
        r = rng.random()
        if r < 0.45:
            joined = rand_date(rng, date(2015, 1, 1), date(2023, 12, 31))
        elif r < 0.72:
            joined = rand_date(rng, date(2024, 1, 1), date(2024, 12, 31))
        elif r < 0.90:
            joined = rand_date(rng, date(2025, 1, 1), date(2025, 12, 31))
        else:
            joined = rand_date(rng, date(2026, 1, 1), date(2026, 11, 20))
        active = 0 if rng.random() < 0.09 else 1
        optin = "Y" if rng.random() < 0.55 else "N"
        owners.append([oid, title, fn, ln, phone, email, town, postcode, d2s(joined), active, optin])
        propensity[oid] = rng.lognormvariate(0, 1.0)
        groom_prop[oid] = rng.lognormvariate(0, 1.1) if rng.random() < 0.6 else 0.0
    cur.executemany("INSERT INTO owners VALUES (?,?,?,?,?,?,?,?,?,?,?)", owners)
    owner_join = {o[0]: date.fromisoformat(o[8]) for o in owners}
    owner_active = {o[0]: o[9] for o in owners}

    # ---------------- pets
    dog_breeds = [("Labrador Retriever", 120, 30, "L"), ("Cockapoo", 110, 11, "M"),
                  ("Cocker Spaniel", 90, 14, "M"), ("French Bulldog", 60, 12, "S"),
                  ("Border Collie", 45, 18, "M"), ("Jack Russell Terrier", 55, 7, "S"),
                  ("Staffordshire Bull Terrier", 50, 16, "M"), ("Golden Retriever", 40, 30, "L"),
                  ("Springer Spaniel", 42, 20, "M"), ("Dachshund", 38, 8, "S"),
                  ("Shih Tzu", 36, 6, "S"), ("Miniature Schnauzer", 30, 8, "S"),
                  ("German Shepherd", 26, 34, "L"), ("Beagle", 20, 12, "M"),
                  ("Whippet", 18, 13, "M"), ("Labradoodle", 44, 25, "L"),
                  ("Bichon Frise", 22, 6, "S"), ("Cavalier King Charles Spaniel", 28, 8, "S"),
                  ("Border Terrier", 33, 7, "S"), ("Crossbreed", 70, 15, "M"),
                  ("Pug", 15, 8, "S"), ("Boxer", 12, 28, "L"), ("Greyhound", 9, 30, "L")]
    cat_breeds = [("Domestic Shorthair", 120, 4.5), ("British Shorthair", 35, 5.5),
                  ("Domestic Longhair", 30, 5.0), ("Maine Coon", 20, 7.5), ("Ragdoll", 22, 6.0),
                  ("Siamese", 12, 4.0), ("Bengal", 14, 5.0), ("Persian", 10, 4.5)]
    rab_breeds = [("Netherland Dwarf", 5, 1.1), ("Lionhead", 7, 1.5), ("Mini Lop", 9, 1.8), ("Rex", 4, 3.5)]
    gp_breeds = [("Abyssinian", 3, 1.0), ("American", 4, 1.0), ("Peruvian", 2, 1.1)]
    dog_names = ["Bella", "Max", "Luna", "Alfie", "Poppy", "Teddy", "Daisy", "Milo", "Bailey", "Ruby",
                 "Charlie", "Molly", "Buster", "Rosie", "Archie", "Lola", "Bear", "Coco", "Oscar",
                 "Willow", "Hugo", "Nala", "Winston", "Maisie", "Reggie", "Pepper", "Otis", "Bonnie",
                 "Dexter", "Skye", "Murphy", "Honey", "Bruno", "Tilly", "Ziggy", "Biscuit", "Rolo",
                 "Hector", "Mabel", "Scout", "Barney", "Tess", "Loki", "Fudge", "Marley", "Ellie"]
    dn_w = [max(1, 14 - i // 3) for i in range(len(dog_names))]
    cat_names = ["Luna", "Bella", "Milo", "Simba", "Tigger", "Misty", "Smudge", "Oreo", "Cleo",
                 "Felix", "Nala", "Pumpkin", "Shadow", "Jasper", "Willow", "Minnie", "Salem",
                 "Ginger", "Mittens", "Binx", "Mochi", "Pickle", "Olive", "Sooty"]
    cn_w = [max(1, 10 - i // 3) for i in range(len(cat_names))]
    small_names = ["Thumper", "Flopsy", "Bun", "Peanut", "Hazel", "Clover", "Nibbles", "Pip",
                   "Squeak", "Biscuit", "Cinnamon", "Oreo", "Patch", "Toffee"]
    vets = ["Baddow Vets", "Springfield Veterinary Centre", "Medivet Chelmsford", "Writtle Vets",
            "Danbury Animal Hospital", "Vets4Pets Chelmsford"]
    vet_w = [20, 25, 30, 10, 8, 22]

    pets = []
    pid = 0
    owner_pets = {}
    for o in owners:
        oid = o[0]
        n = wchoice(rng, [1, 2, 3, 4], [64, 26, 8, 2])
        owner_vet = wchoice(rng, vets, vet_w)
        # households tend to be dog people or cat people
        kind = wchoice(rng, ["dog", "cat", "mixed", "small"], [62, 22, 10, 6])
        for k in range(n):
            pid += 1
            if kind == "dog":
                sp = "DOG"
            elif kind == "cat":
                sp = "CAT"
            elif kind == "small":
                sp = wchoice(rng, ["RAB", "GPG", "DOG"], [60, 30, 10]) if k < 3 else "RAB"
            else:
                sp = "DOG" if k % 2 == 0 else "CAT"
            if sp == "DOG":
                b = wchoice(rng, dog_breeds, [x[1] for x in dog_breeds])
                breed, wt = b[0], max(2.5, round(rng.gauss(b[2], b[2] * 0.15), 1))
                nm = wchoice(rng, dog_names, dn_w)
            elif sp == "CAT":
                b = wchoice(rng, cat_breeds, [x[1] for x in cat_breeds])
                breed, wt = b[0], round(max(2.5, rng.gauss(b[2], 0.8)), 1)
                nm = wchoice(rng, cat_names, cn_w)
            elif sp == "RAB":
                b = wchoice(rng, rab_breeds, [x[1] for x in rab_breeds])
                breed, wt = b[0], round(max(0.8, rng.gauss(b[2], 0.3)), 1)
                nm = rng.choice(small_names)
            else:
                b = wchoice(rng, gp_breeds, [x[1] for x in gp_breeds])
                breed, wt = b[0], round(max(0.7, rng.gauss(b[2], 0.15)), 2)
                nm = rng.choice(small_names)
            if rng.random() < 0.15:
                wt = None
            maxage = {"DOG": 14, "CAT": 17, "RAB": 8, "GPG": 6}[sp]
            dob = rand_date(rng, date(2026 - maxage, 1, 1), date(2025, 12, 31))
            sex = rng.choice("MF")
            neut = "Y" if rng.random() < (0.78 if sp != "GPG" else 0.2) else "N"
            deceased = 1 if (dob.year < 2014 and rng.random() < 0.5) or rng.random() < 0.03 else 0
            pets.append((pid, oid, nm, sp, breed, sex, d2s(dob), wt, neut, owner_vet, deceased))
            owner_pets.setdefault(oid, []).append(pid)
    cur.executemany("INSERT INTO pets VALUES (?,?,?,?,?,?,?,?,?,?,?)", pets)
    pet = {p[0]: p for p in pets}

    # ---------------- boarding stays
    # seasonal weights per month
    month_w = {1: 3, 2: 5, 3: 4, 4: 8, 5: 7, 6: 8, 7: 13, 8: 15, 9: 7, 10: 9, 11: 4, 12: 11}
    months = []
    for y in (2024, 2025, 2026):
        for m in range(1, 13):
            months.append((y, m))
    occ = {}  # unit -> list of (start, end)
    pet_occ = {}  # pet -> list of (start, end)

    def unit_free(u, a, b):
        for (s, e) in occ.get(u, []):
            if a < e and s < b:
                return False
        return True

    units_by_type = {}
    for u in units:
        units_by_type.setdefault(u[1], []).append(u[0])

    stays = []
    sid = 0
    owner_ids = [o[0] for o in owners]
    owner_w = [propensity[o] for o in owner_ids]
    attempts = 0
    target = 2100
    while len(stays) < target and attempts < 20000:
        attempts += 1
        y, m = wchoice(rng, months, [month_w[mm] * (1.0 if yy == 2024 else 1.12 if yy == 2025 else 1.25)
                                     for (yy, mm) in months])
        first = date(y, m, 1)
        last = (date(y + (m == 12), m % 12 + 1, 1) - timedelta(days=1))
        if y == 2026 and m == 12:
            last = date(2026, 12, 27)
        cin = rand_date(rng, first, last)
        # future bookings thin out the further ahead they are
        if cin > TODAY and rng.random() < 0.35:
            continue
        oid = wchoice(rng, owner_ids, owner_w)
        if cin < owner_join[oid]:
            continue
        cand = [p for p in owner_pets[oid] if pet[p][10] == 0 or rng.random() < 0.3]
        if not cand:
            continue
        # often the whole household comes together
        together = cand if rng.random() < 0.7 else [rng.choice(cand)]
        together = [p for p in together
                    if all(not (cin < e and s_ < cin + timedelta(days=22)) for (s_, e) in pet_occ.get(p, []))]
        if not together:
            continue
        nights = wchoice(rng, list(range(1, 22)),
                         [6, 8, 9, 10, 9, 7, 12, 6, 4, 5, 3, 2, 2, 5, 2, 1, 1, 1, 1, 1, 1])
        if m == 12 and cin.day >= 18:
            nights = max(nights, rng.randint(3, 10))
        cout = cin + timedelta(days=nights)
        booked = cin - timedelta(days=int(rng.expovariate(1 / 35)) + 1)
        if booked > TODAY:
            continue
        # status
        rr = rng.random()
        if cout <= TODAY:
            status = "Completed" if rr < 0.90 else ("Cancelled" if rr < 0.97 else "No Show")
        elif cin <= TODAY:
            status = "Checked In" if rr < 0.95 else "Cancelled"
        else:
            status = "Booked" if rr < 0.92 else "Cancelled"
        med = "Y" if rng.random() < 0.14 else "N"
        note = None
        if med == "Y":
            note = rng.choice(["Meds with breakfast", "Eye drops twice daily", "Thyroid tablet AM",
                               "Insulin - see sheet", "Joint supplement in food"])
        elif rng.random() < 0.08:
            note = rng.choice(["Own bed", "Bringing own food", "Nervous with other dogs",
                               "Collect early pm", "Raw fed - own food"])
        # place the group
        placed = []
        for p in together:
            sp = pet[p][3]
            if sp == "DOG":
                utype = "Luxury Suite" if rng.random() < 0.16 else "Standard Kennel"
            elif sp == "CAT":
                utype = "Cattery Pen"
            else:
                utype = "Small Animal Hutch"
            # same-household pets share a unit when possible
            shared = [u for (q, u) in placed if unit_type[u] == utype]
            if shared and rng.random() < 0.8:
                u = shared[0]
            else:
                free = [u for u in units_by_type[utype] if unit_free(u, cin, cout)]
                if not free:
                    continue
                u = free[0] if rng.random() < 0.5 else rng.choice(free)
                if status != "Cancelled":
                    occ.setdefault(u, []).append((cin, cout))
            placed.append((p, u))
        for p, u in placed:
            pet_occ.setdefault(p, []).append((cin, cout))
        if not placed:
            continue
        for p, u in placed:
            sid += 1
            rate = rate_by_year[unit_type[u]][cin.year]
            if nights >= 14:
                rate = round(rate * 0.9, 2)
            elif len(placed) > 1 and p != placed[0][0] and rng.random() < 0.6:
                rate = round(rate * 0.85, 2)     # second pet discount
            stays.append([sid, p, u, d2s(cin), d2s(cout), rate, status, d2s(booked), med, note])
    # order by check-in for realism of ids
    stays.sort(key=lambda s: (s[3], s[0]))
    for i, s in enumerate(stays, 1):
        s[0] = i
    cur.executemany("INSERT INTO boarding_stays VALUES (?,?,?,?,?,?,?,?,?,?)", stays)

    # ---------------- grooming
    groomers_by_date = [
        (2, date(2018, 9, 10), date(2030, 1, 1), 55),
        (3, date(2021, 4, 19), date(2025, 5, 30), 35),
        (7, date(2025, 6, 2), date(2030, 1, 1), 40),
    ]

    def svc_for(p):
        sp, breed, wt = pet[p][3], pet[p][4], pet[p][7]
        if sp == "CAT":
            return "CATL" if breed in ("Maine Coon", "Persian") and rng.random() < 0.4 else "CATG"
        size = next((b[3] for b in dog_breeds if b[0] == breed), "M")
        if breed in ("Border Terrier", "Miniature Schnauzer") and rng.random() < 0.5:
            return "HSTR"
        r = rng.random()
        if r < 0.08:
            return "NAIL"
        if r < 0.12:
            return "DESH"
        if r < 0.15:
            return "TEETH"
        if r < 0.32:
            return "BB-S" if size == "S" else "BB-L"
        return {"S": "FG-S", "M": "FG-M", "L": "FG-L"}[size]

    price_factor = {2024: 0.86, 2025: 0.93, 2026: 1.0}
    groom_owners = [o for o in owner_ids if groom_prop[o] > 0]
    gw = [groom_prop[o] for o in groom_owners]
    appts = []
    aid = 0
    day = date(2024, 1, 2)
    while day <= date(2026, 12, 23):
        if day.weekday() == 6 or (day.month == 12 and day.day in (25, 26)) or (day.month == 1 and day.day == 1):
            day += timedelta(days=1)
            continue
        n = rng.choice([2, 3, 3, 4, 4, 5]) if day.weekday() < 5 else rng.choice([4, 5, 5, 6])
        if day > TODAY:
            n = max(0, n - rng.choice([0, 1, 2, 3]) - (1 if (day - TODAY).days > 14 else 0))
        slots = ["09:00", "09:30", "10:00", "11:00", "11:30", "13:00", "13:30", "14:30", "15:00"]
        rng.shuffle(slots)
        for k in range(n):
            for _ in range(10):
                oid = wchoice(rng, groom_owners, gw)
                cand = [p for p in owner_pets[oid] if pet[p][3] in ("DOG", "CAT") and pet[p][10] == 0]
                if cand and day >= owner_join[oid]:
                    break
            else:
                continue
            if not cand:
                continue
            p = rng.choice(cand)
            if pet[p][3] == "CAT" and rng.random() < 0.6:
                continue
            code = svc_for(p)
            s = svc[code]
            avail = [g for g in groomers_by_date if g[1] <= day <= g[2]]
            g = wchoice(rng, [a[0] for a in avail], [a[3] for a in avail])
            dur = s[5] + rng.choice([0, 0, 0, 0, 15, 15, 30, -15 if s[5] > 30 else 0])
            price = round(s[4] * price_factor[day.year])
            if rng.random() < 0.06:
                price += rng.choice([5, 8, 10])         # matted coat surcharge
            rr = rng.random()
            if day < TODAY:
                st = "Completed" if rr < 0.88 else ("Cancelled" if rr < 0.96 else "No Show")
            elif day == TODAY:
                st = "Completed" if rr < 0.9 else "Cancelled"
            else:
                st = "Booked" if rr < 0.94 else "Cancelled"
            tip = None
            if st == "Completed" and rng.random() < 0.22:
                tip = float(rng.choice([2, 3, 5, 5, 5, 10]))
            aid += 1
            appts.append((aid, p, code, g, f"{d2s(day)} {slots[k % len(slots)]}", dur, float(price), st, tip))
        day += timedelta(days=1)
    cur.executemany("INSERT INTO grooming_appts VALUES (?,?,?,?,?,?,?,?,?)", appts)

    # ---------------- payments
    pays = []
    for s in stays:
        sid_, p, u, cin, cout, rate, status, booked, _, _ = s
        oid = pet[p][1]
        nights = (date.fromisoformat(cout) - date.fromisoformat(cin)).days
        total = round(nights * rate, 2)
        method = wchoice(rng, ["Card", "Cash", "Bank Transfer"], [70, 12, 18])
        dep = 0.0
        if rng.random() < 0.45 and date.fromisoformat(booked) <= TODAY:
            dep = round(total * 0.25, 2)
            pays.append([None, oid, booked, dep, "Card", sid_, None, 1])
        if status == "Completed":
            if date.fromisoformat(cout) > TODAY - timedelta(days=40) and rng.random() < 0.07:
                continue   # balance still owed
            pd = date.fromisoformat(cout)
            if method == "Bank Transfer":
                pd += timedelta(days=rng.randint(0, 6))
            if pd > TODAY:
                pd = TODAY
            pays.append([None, oid, d2s(pd), round(total - dep, 2), method, sid_, None, 0])
        elif status == "Cancelled" and dep > 0:
            if (date.fromisoformat(cin) - date.fromisoformat(booked)).days > 14 and rng.random() < 0.7:
                rd = min(TODAY, date.fromisoformat(booked) + timedelta(days=rng.randint(3, 20)))
                pays.append([None, oid, d2s(rd), -dep, "Refund", sid_, None, 0])
    for a in appts:
        aid_, p, code, g, start, dur, price, st, tip = a
        if st != "Completed":
            continue
        oid = pet[p][1]
        method = wchoice(rng, ["Card", "Cash"], [78, 22])
        pays.append([None, oid, start[:10], round(price + (tip or 0), 2), method, None, aid_, 0])
    pays.sort(key=lambda r: (r[2], r[5] or 0, r[6] or 0))
    for i, r in enumerate(pays, 1):
        r[0] = i
    cur.executemany("INSERT INTO payments VALUES (?,?,?,?,?,?,?,?)", pays)

    # ---------------- vaccinations
    vaccs = []
    vid = 0
    for p in pets:
        p_id, oid, nm, sp, breed, sex, dob, wt, neut, vet, dec = p
        if rng.random() < 0.12:
            continue       # we hold no records
        names = {"DOG": ["DHPPi/L4", "Kennel Cough"], "CAT": ["Cat Flu/Enteritis"],
                 "RAB": ["Myxo-RHD2"], "GPG": []}[sp]
        lapse = rng.random() < 0.22
        for vn in names:
            if vn == "Kennel Cough" and rng.random() < 0.1:
                continue
            start = max(date.fromisoformat(dob) + timedelta(days=90), date(2022, 6, 1))
            dgiven = start + timedelta(days=rng.randint(0, 300))
            stop = TODAY - timedelta(days=rng.randint(30, 500)) if lapse else TODAY
            while dgiven <= stop:
                vid += 1
                exp = dgiven + timedelta(days=365)
                chk = rng.choice([1, 4, 5, 6, 6, 9, None])
                vaccs.append((vid, p_id, vn, d2s(dgiven), d2s(exp), vet, chk))
                dgiven = exp + timedelta(days=rng.randint(-20, 40))
    vaccs.sort(key=lambda v: v[3])
    vaccs = [(i,) + v[1:] for i, v in enumerate(vaccs, 1)]
    cur.executemany("INSERT INTO vacc_records VALUES (?,?,?,?,?,?,?)", vaccs)

    cur.executescript("""
    CREATE VIEW v_stays AS
    SELECT s.stay_id, s.pet_id, p.pet_nm, p.species_cd, p.OwnerID,
           o.first_nm || ' ' || o.last_nm AS owner_name,
           s.unit_code, s.dt_checkin, s.dt_checkout,
           CAST(julianday(s.dt_checkout) - julianday(s.dt_checkin) AS INTEGER) AS nights,
           s.nightly_rate,
           ROUND((julianday(s.dt_checkout) - julianday(s.dt_checkin)) * s.nightly_rate, 2) AS stay_total,
           s.status
    FROM boarding_stays s
    JOIN pets p ON p.pet_id = s.pet_id
    JOIN owners o ON o.OwnerID = p.OwnerID;
    """)
    con.commit()
    con.close()


# ============================================================================
# WINDOW ROUND
# ============================================================================
def build_windowround():
    rng = random.Random(3602)
    con = sqlite3.connect(db_path("windowround"))
    cur = con.cursor()
    cur.executescript("""
    PRAGMA foreign_keys = ON;
    CREATE TABLE rounds (
        round_id   INTEGER PRIMARY KEY,
        round_nm   TEXT,
        visit_day  TEXT,            -- Mon..Fri
        area       TEXT,
        freq_weeks INTEGER,
        active     TEXT             -- Y/N
    );
    CREATE TABLE customers (
        CustID        INTEGER PRIMARY KEY,
        cust_name     TEXT,
        phone         TEXT,
        email         TEXT,
        pay_pref      TEXT,         -- Cash / Bank Transfer / GoCardless / Card
        is_active     INTEGER,
        date_added    TEXT,
        date_left     TEXT,
        is_commercial INTEGER DEFAULT 0
    );
    CREATE TABLE properties (
        PropID           INTEGER PRIMARY KEY,
        CustID           INTEGER REFERENCES customers(CustID),
        addr_line1       TEXT,
        town             TEXT,
        postcode         TEXT,
        round_id         INTEGER REFERENCES rounds(round_id),
        prop_type        TEXT,
        std_price        REAL,
        gutter_price     REAL,
        has_conservatory TEXT,      -- Y/N
        storeys          INTEGER,
        access_notes     TEXT
    );
    CREATE TABLE cleaners (
        cleaner_id   INTEGER PRIMARY KEY,
        cleaner_name TEXT,
        start_dt     TEXT,
        leave_dt     TEXT,
        day_rate_gbp REAL,
        is_owner     TEXT           -- Y/N
    );
    CREATE TABLE vans (
        van_reg      TEXT PRIMARY KEY,
        make_model   TEXT,
        year_made    INTEGER,
        purchased_dt TEXT,
        sold_dt      TEXT,
        is_active    INTEGER
    );
    CREATE TABLE job_types (
        job_cd       TEXT PRIMARY KEY,
        job_desc     TEXT,
        typical_mins INTEGER,
        recurring    TEXT           -- Y/N
    );
    CREATE TABLE visits (
        visit_id      INTEGER PRIMARY KEY,
        PropID        INTEGER REFERENCES properties(PropID),
        job_cd        TEXT REFERENCES job_types(job_cd),
        sched_dt      TEXT,
        done_dt       TEXT,
        cleaner_id    INTEGER,
        van_reg       TEXT,
        price_gbp     REAL,
        status        TEXT,         -- Scheduled / Completed / Skipped / Rained Off / No Access
        duration_mins INTEGER
    );
    CREATE TABLE fuel_log (
        fuel_id        INTEGER PRIMARY KEY,
        van_reg        TEXT REFERENCES vans(van_reg),
        fill_dt        TEXT,
        litres         REAL,
        cost_gbp       REAL,
        odometer_miles INTEGER,
        station        TEXT
    );
    CREATE TABLE invoices (
        inv_no    TEXT PRIMARY KEY,
        CustID    INTEGER REFERENCES customers(CustID),
        inv_dt    TEXT,
        due_dt    TEXT,
        total_gbp REAL,
        status    TEXT              -- Unpaid / Part Paid / Paid / Void
    );
    CREATE TABLE invoice_lines (
        line_id  INTEGER PRIMARY KEY,
        inv_no   TEXT REFERENCES invoices(inv_no),
        visit_id INTEGER,
        line_amt REAL
    );
    CREATE TABLE payments (
        pmt_id  INTEGER PRIMARY KEY,
        CustID  INTEGER,
        inv_no  TEXT,
        paid_dt TEXT,
        amt_gbp REAL,
        method  TEXT
    );
    CREATE TABLE quotes (
        quote_id    INTEGER PRIMARY KEY,
        CustID      INTEGER,
        prospect_nm TEXT,
        postcode    TEXT,
        quote_dt    TEXT,
        job_cd      TEXT REFERENCES job_types(job_cd),
        quoted_gbp  REAL,
        lead_src    TEXT,
        outcome     TEXT,           -- Pending / Accepted / Declined / Expired
        outcome_dt  TEXT
    );
    """)

    job_types = [("WIN", "Window clean (exterior)", 20, "Y"),
                 ("GUT", "Gutter clear", 60, "N"),
                 ("FAS", "Fascia & soffit clean", 90, "N"),
                 ("CON", "Conservatory roof clean", 75, "N"),
                 ("SOL", "Solar panel clean", 45, "N")]
    cur.executemany("INSERT INTO job_types VALUES (?,?,?,?)", job_types)

    # rounds: (id, name, weekday idx, area, freq, week offset, active)
    rounds_def = [
        (1, "Thornbury North", 0, "Thornbury", 4, 0, "Y"),
        (2, "Thornbury South", 0, "Thornbury", 4, 2, "Y"),
        (3, "Alveston & Rudgeway", 1, "Alveston", 4, 1, "Y"),
        (4, "Olveston Villages", 1, "Olveston", 8, 3, "Y"),
        (5, "Almondsbury", 2, "Almondsbury", 4, 0, "Y"),
        (6, "Winterbourne", 2, "Winterbourne", 4, 2, "Y"),
        (7, "Frampton Cotterell", 3, "Frampton Cotterell", 4, 1, "Y"),
        (8, "Yate Central", 3, "Yate", 4, 3, "Y"),
        (9, "Chipping Sodbury", 4, "Chipping Sodbury", 4, 0, "Y"),
        (10, "Pilning & Severn Beach", 4, "Pilning", 8, 2, "Y"),
        (11, "Yate Commercial", 4, "Yate", 4, 1, "Y"),
        (12, "Iron Acton (old)", 2, "Iron Acton", 8, 5, "N"),
    ]
    wd = ["Mon", "Tue", "Wed", "Thu", "Fri"]
    cur.executemany("INSERT INTO rounds VALUES (?,?,?,?,?,?)",
                    [(r[0], r[1], wd[r[2]], r[3], r[4], r[6]) for r in rounds_def])
    round_size_w = {1: 36, 2: 30, 3: 28, 4: 18, 5: 26, 6: 32, 7: 27, 8: 34, 9: 24, 10: 14, 11: 10, 12: 8}
    pcs = {"Thornbury": "BS35 1", "Alveston": "BS35 3", "Olveston": "BS35 4", "Almondsbury": "BS32 4",
           "Winterbourne": "BS36 1", "Frampton Cotterell": "BS36 2", "Yate": "BS37 4",
           "Chipping Sodbury": "BS37 6", "Pilning": "BS35 4", "Iron Acton": "BS37 9"}
    streets = ["High Street", "Church Road", "Station Road", "Park Avenue", "The Green", "Mill Lane",
               "Orchard Close", "Victoria Road", "Castle Street", "Meadow Way", "Elm Grove",
               "Hill Road", "Kings Drive", "Manor Close", "Oak Tree Lane", "Bath Road", "Gloucester Road",
               "Woodlands Rise", "Brook Street", "St Mary's Way"]

    cleaners = [(1, "Dave Hollis", "2014-04-01", None, 0.0, "Y"),
                (2, "Kyle Brennan", "2019-03-11", None, 120.0, "N"),
                (3, "Sam Ortega", "2021-08-02", "2025-06-27", 110.0, "N"),
                (4, "Jordan Pike", "2025-06-30", None, 115.0, "N"),
                (5, "Liam Cartwright", "2024-04-15", None, 105.0, "N")]
    cur.executemany("INSERT INTO cleaners VALUES (?,?,?,?,?,?)", cleaners)
    vans = [("WR16 KXT", "Ford Transit Custom", 2016, "2019-02-14", "2025-03-20", 0),
            ("WU19 HBN", "Vauxhall Vivaro", 2019, "2021-07-01", None, 1),
            ("WP24 ZRL", "Ford Transit Custom", 2024, "2025-03-18", None, 1),
            ("WA21 CDF", "Citroen Berlingo", 2021, "2024-05-03", None, 1)]
    cur.executemany("INSERT INTO vans VALUES (?,?,?,?,?,?)", vans)

    # ---------------- customers & properties
    customers = []
    props = []
    cid = 0
    prid = 0
    used = set()
    comm_names = ["The Swan Inn", "Yate Dental Practice", "Sodbury Vets", "Costcutter Yate",
                  "Station Road Surgery", "Thornbury Library", "Greggs Yate", "Frampton Village Hall",
                  "Alveston Garage", "Kingfisher Nursery", "Oak Tree Care Home", "Abbey Estate Agents",
                  "St Mary's Primary School", "Bluebell Cafe", "Yate Fish Bar", "Sodbury Physio",
                  "Thornbury Golf Club", "Pilning Post Office", "Winterbourne Medical Centre",
                  "Rudgeway Motors", "The Kings Arms", "Yate Vape & Phone", "Brimsham Barbers",
                  "Kennedy Way Dry Cleaners", "The Tithe Barn Tearooms", "Cotswold Kitchens Showroom"]
    rng.shuffle(comm_names)
    type_price = {"Terraced": (13, 2), "Semi": (17, 2.5), "Detached": (26, 5), "Bungalow": (15, 2),
                  "Flat": (9, 1.5), "Commercial": (55, 20)}
    for rd in rounds_def:
        rid, rnm, wdi, area, freq, off, act = rd
        n = round_size_w[rid] + rng.randint(-2, 4)
        for k in range(n):
            # multi-property landlords
            if customers and rng.random() < 0.06 and act == "Y" and rid != 11:
                c = rng.choice(customers)
                if c[8] == 1 or c[7] is not None:
                    c = None
            else:
                c = None
            if c is None:
                cid += 1
                if rid == 11 or rng.random() < 0.02:
                    nm = comm_names.pop()
                    is_comm = 1
                else:
                    while True:
                        nm = f"{wchoice(rng, ['Mr', 'Mrs', 'Ms', 'Dr', 'Mr & Mrs', ''], [30, 30, 10, 2, 20, 8])} {rng.choice('ABCDEFGHJKLMNPRST')} {wchoice(rng, LAST, LAST_W)}".strip()
                        if nm not in used:
                            break
                    is_comm = 0
                used.add(nm)
                r = rng.random()
                if r < 0.6:
                    added = rand_date(rng, date(2014, 4, 1), date(2023, 12, 31))
                else:
                    added = rand_date(rng, date(2024, 1, 1), date(2026, 10, 31))
                left = None
                if act == "N":
                    left = rand_date(rng, date(2024, 3, 1), date(2025, 1, 31))
                elif rng.random() < 0.13 and added < date(2026, 9, 1):
                    left = rand_date(rng, max(added + timedelta(days=60), date(2024, 2, 1)), date(2026, 11, 15))
                pref = wchoice(rng, ["Cash", "Bank Transfer", "GoCardless", "Card"], [30, 35, 25, 10])
                if is_comm:
                    pref = "Bank Transfer"
                email = None if (pref == "Cash" and rng.random() < 0.6) or rng.random() < 0.1 else \
                    f"{nm.split()[-1].lower()}{rng.randint(1, 999)}@{rng.choice(['gmail.com', 'btinternet.com', 'hotmail.co.uk', 'outlook.com'])}"
                phone = f"07{rng.randint(100, 999)} {rng.randint(100000, 999999)}" if rng.random() < 0.9 else f"01454 {rng.randint(100000, 999999)}"
                c = [cid, nm, phone, email, pref, 0 if left else 1, d2s(added), d2s(left) if left else None, is_comm]
                customers.append(c)
            prid += 1
            if c[8] == 1:
                ptype = "Commercial"
            else:
                ptype = wchoice(rng, ["Terraced", "Semi", "Detached", "Bungalow", "Flat"], [22, 34, 24, 14, 6])
            mu, sd = type_price[ptype]
            price = max(7.0, round(rng.gauss(mu, sd)))
            if ptype != "Commercial" and rng.random() < 0.3:
                price += 0.5
            storeys = 1 if ptype in ("Bungalow",) else (3 if ptype != "Flat" and rng.random() < 0.08 else 2)
            cons = "Y" if ptype in ("Semi", "Detached", "Bungalow") and rng.random() < 0.35 else "N"
            gut = None
            if rng.random() < 0.55 and ptype != "Flat":
                gut = float({"Terraced": 55, "Semi": 65, "Detached": 85, "Bungalow": 50, "Commercial": 140}[ptype]
                            + rng.choice([0, 5, 10, 15, 20]) + (20 if storeys == 3 else 0))
            acc = None
            if rng.random() < 0.18:
                acc = rng.choice(["Side gate code 1947", "Dog in garden - ring first", "Key under pot",
                                  "Park on drive", "Back gate bolted - ring", "No access to rear",
                                  "Ladder needed at rear", "Pole only - no ladders"])
            pc_ = pcs[area] + rng.choice("ABDEFGHJLNPQRSTUWXYZ") + rng.choice("ABDEFGHJLNPQRSTUWXYZ")
            props.append([prid, c[0], f"{rng.randint(1, 120)} {rng.choice(streets)}", area, pc_, rid,
                          ptype, float(price), gut, cons, storeys, acc])
    cur.executemany("INSERT INTO customers VALUES (?,?,?,?,?,?,?,?,?)", customers)
    cur.executemany("INSERT INTO properties VALUES (?,?,?,?,?,?,?,?,?,?,?,?)", props)
    cust = {c[0]: c for c in customers}

    # price history: current price is 2026 price; earlier years lower
    def price_at(p, d):
        base = p[7]
        if d < date(2025, 4, 1):
            return base - (2.0 if base >= 20 else 1.0) - (1.0 if d < date(2024, 4, 1) else 0)
        if d < date(2026, 4, 1):
            return base - (1.0 if base >= 20 else 0.5)
        return base

    # ---------------- visits
    anchor = date(2023, 1, 2)   # a Monday, week 0
    rain_days = set()
    dd = date(2024, 1, 1)
    while dd <= TODAY:
        if dd.weekday() < 5:
            pr = {12: 0.14, 1: 0.16, 2: 0.13, 3: 0.09, 4: 0.06, 5: 0.04, 6: 0.03, 7: 0.03, 8: 0.04,
                  9: 0.05, 10: 0.10, 11: 0.12}[dd.month]
            if rng.random() < pr:
                rain_days.add(dd)
        dd += timedelta(days=1)

    def crew_for(d):
        avail = [c for c in cleaners if c[0] != 1 and date.fromisoformat(c[2]) <= d and
                 (c[3] is None or d <= date.fromisoformat(c[3]))]
        vans_ok = [v for v in vans if date.fromisoformat(v[3]) <= d and (v[4] is None or d < date.fromisoformat(v[4]))]
        return avail, vans_ok

    visits = []
    vid = 0
    day_crew = {}

    def pick_crew(d, rid):
        key = (d, rid)
        if key not in day_crew:
            avail, vans_ok = crew_for(d)
            w = [{2: 40, 3: 30, 4: 30, 5: 18}[c[0]] for c in avail]
            cl = wchoice(rng, [1] + [c[0] for c in avail], [45] + w)
            vw = [{"WR16 KXT": 30, "WU19 HBN": 35, "WP24 ZRL": 45, "WA21 CDF": 15}[v[0]] for v in vans_ok]
            vn = wchoice(rng, [v[0] for v in vans_ok], vw)
            day_crew[key] = (cl, vn)
        return day_crew[key]

    props_by_round = {}
    for p in props:
        props_by_round.setdefault(p[5], []).append(p)

    skip_prone = {p[0]: (rng.random() < 0.1) for p in props}
    # a handful of customers who are still "active" on paper but have put us on hold
    on_hold = {}
    for c in customers:
        if c[5] == 1 and c[8] == 0 and date.fromisoformat(c[6]) < date(2025, 6, 1) and rng.random() < 0.035:
            on_hold[c[0]] = rand_date(rng, date(2026, 2, 1), date(2026, 5, 20))
    end = date(2026, 12, 31)
    for rd in rounds_def:
        rid, rnm, wdi, area, freq, off, act = rd
        d = anchor + timedelta(days=wdi)
        while d <= end:
            wk = (d - anchor).days // 7
            if wk % freq == off % freq and d >= date(2024, 1, 1) and not (d.month == 12 and d.day >= 24) \
                    and not (d.month == 1 and d.day == 1):
                for p in props_by_round[rid]:
                    c = cust[p[1]]
                    if date.fromisoformat(c[6]) > d:
                        continue
                    if c[7] and date.fromisoformat(c[7]) <= d:
                        continue
                    vid += 1
                    price = price_at(p, d)
                    if d > TODAY:
                        visits.append([vid, p[0], "WIN", d2s(d), None, None, None, price, "Scheduled", None])
                        continue
                    cl, vn = pick_crew(d, rid)
                    if d in rain_days:
                        visits.append([vid, p[0], "WIN", d2s(d), None, cl, vn, price, "Rained Off", None])
                        # rescheduled to next weekday
                        nd = d + timedelta(days=1 if d.weekday() < 4 else 3)
                        if nd > TODAY:
                            vid += 1
                            visits.append([vid, p[0], "WIN", d2s(nd), None, None, None, price, "Scheduled", None])
                            continue
                        vid += 1
                        cl2, vn2 = pick_crew(nd, rid)
                        visits.append([vid, p[0], "WIN", d2s(nd), d2s(nd), cl2, vn2, price, "Completed",
                                       max(8, int(rng.gauss(20 if p[6] != "Commercial" else 45, 5)))])
                        continue
                    r = rng.random()
                    sp = 0.2 if skip_prone[p[0]] else 0.03
                    if c[0] in on_hold and d >= on_hold[c[0]]:
                        sp = 1.0
                    if r < sp:
                        st = "Skipped"
                    elif r < sp + 0.025:
                        st = "No Access"
                    else:
                        st = "Completed"
                    done = d2s(d) if st == "Completed" else None
                    dur = max(8, int(rng.gauss({"Terraced": 15, "Semi": 20, "Detached": 30, "Bungalow": 18,
                                                "Flat": 10, "Commercial": 45}[p[6]], 5))) if st == "Completed" else None
                    visits.append([vid, p[0], "WIN", d2s(d), done, cl if st != "Skipped" else None,
                                   vn if st != "Skipped" else None, price, st, dur])
            d += timedelta(days=7)

    # one-off / annual jobs: gutters, conservatory roofs, fascias, solar
    round_wd = {r[0]: r[2] for r in rounds_def}
    for p in props:
        c = cust[p[1]]
        added = date.fromisoformat(c[6])
        left = date.fromisoformat(c[7]) if c[7] else date(2027, 1, 1)
        jobs = []
        if p[8] is not None and rng.random() < 0.7:
            jobs.append(("GUT", p[8], [10, 11] if rng.random() < 0.7 else [3, 4]))
        if p[9] == "Y" and rng.random() < 0.6:
            jobs.append(("CON", float(rng.choice([45, 55, 60, 65, 75])), [5, 6, 7]))
        if rng.random() < 0.06:
            jobs.append(("FAS", float(rng.choice([120, 150, 180, 220])), [4, 5, 8, 9]))
        if rng.random() < 0.05:
            jobs.append(("SOL", float(rng.choice([40, 50, 60])), [4, 5, 6, 7]))
        for code, pr, mths in jobs:
            for y in (2024, 2025, 2026):
                if rng.random() < 0.2:
                    continue
                m = rng.choice(mths)
                d = date(y, m, rng.randint(1, 26))
                while d.weekday() != round_wd[p[5]]:
                    d += timedelta(days=1)
                if d < added or d >= left:
                    continue
                # one-off jobs in December: only the ones already booked
                vid += 1
                yp = pr - (10 if y == 2024 else 5 if y == 2025 else 0)
                if d > TODAY:
                    visits.append([vid, p[0], code, d2s(d), None, None, None, yp, "Scheduled", None])
                    continue
                cl, vn = pick_crew(d, p[5])
                st = "Completed" if rng.random() < 0.93 else wchoice(rng, ["No Access", "Skipped"], [1, 2])
                dur = int(rng.gauss({"GUT": 60, "CON": 75, "FAS": 100, "SOL": 45}[code], 12)) if st == "Completed" else None
                visits.append([vid, p[0], code, d2s(d), d2s(d) if st == "Completed" else None,
                               cl, vn, yp, st, dur])
    # extra gutter jobs for late Nov / December (the busy gutter season)
    for p in props:
        if p[8] is not None and rng.random() < 0.05:
            c = cust[p[1]]
            if c[7]:
                continue
            d = date(2026, 12, rng.randint(1, 18))
            while d.weekday() > 4:
                d += timedelta(days=1)
            vid += 1
            visits.append([vid, p[0], "GUT", d2s(d), None, None, None, p[8], "Scheduled", None])
    visits.sort(key=lambda v: (v[3], v[1], v[2]))
    for i, v in enumerate(visits, 1):
        v[0] = i
    cur.executemany("INSERT INTO visits VALUES (?,?,?,?,?,?,?,?,?,?)", visits)

    # ---------------- fuel log
    fuel = []
    ppl = {2024: 1.52, 2025: 1.44, 2026: 1.40}
    stations = ["Tesco Yate", "Shell Thornbury", "BP Almondsbury", "Esso Winterbourne", "Sainsbury's Emersons Green"]
    st_w = [40, 25, 15, 12, 8]
    odo_start = {"WR16 KXT": 98400, "WU19 HBN": 61200, "WP24 ZRL": 14850, "WA21 CDF": 38700}
    use_w = {"WR16 KXT": 1.0, "WU19 HBN": 0.9, "WP24 ZRL": 1.15, "WA21 CDF": 0.55}
    for v in vans:
        reg = v[0]
        d = max(date(2024, 1, 2), date.fromisoformat(v[3]))
        endv = min(TODAY, date.fromisoformat(v[4]) if v[4] else TODAY)
        odo = odo_start[reg]
        while d <= endv:
            gap = max(3, int(rng.gauss(8 / use_w[reg], 2)))
            d += timedelta(days=gap)
            if d > endv:
                break
            miles = int(gap * rng.uniform(38, 52) * use_w[reg] / use_w[reg] ** 0.5)
            odo += miles
            mpg = {"WR16 KXT": 33, "WU19 HBN": 36, "WP24 ZRL": 40, "WA21 CDF": 45}[reg]
            litres = round(miles / mpg * 4.546 * rng.uniform(0.92, 1.08), 1)
            p_l = ppl[d.year] + rng.uniform(-0.06, 0.06)
            fuel.append([None, reg, d2s(d), litres, round(litres * p_l, 2),
                         odo if rng.random() > 0.04 else None, wchoice(rng, stations, st_w)])
    fuel.sort(key=lambda f: (f[2], f[1]))
    for i, f in enumerate(fuel, 1):
        f[0] = i
    cur.executemany("INSERT INTO fuel_log VALUES (?,?,?,?,?,?,?)", fuel)

    # ---------------- invoices / payments
    prop_cust = {p[0]: p[1] for p in props}
    by_cust_month = {}
    cash_visits = []
    for v in visits:
        if v[8] != "Completed":
            continue
        c = cust[prop_cust[v[1]]]
        if c[4] == "Cash":
            cash_visits.append(v)
            continue
        dd = date.fromisoformat(v[4])
        by_cust_month.setdefault((c[0], dd.year, dd.month), []).append(v)
    bad_payer = {c[0]: rng.random() < 0.08 for c in customers}
    invoices, lines, pays = [], [], []
    inv_seq = 1000
    line_id = 0
    for key in sorted(by_cust_month, key=lambda k: (k[1], k[2], k[0])):
        cid_, y, m = key
        inv_d = date(y + (m == 12), m % 12 + 1, 1)
        if inv_d > TODAY:
            continue
        inv_seq += 1
        inv_no = f"INV-{inv_seq}"
        vs = by_cust_month[key]
        total = round(sum(v[7] for v in vs), 2)
        due = inv_d + timedelta(days=14)
        for v in vs:
            line_id += 1
            lines.append((line_id, inv_no, v[0], v[7]))
        c = cust[cid_]
        pref = c[4]
        paid = 0.0
        status = "Unpaid"
        age = (TODAY - inv_d).days
        if rng.random() < 0.008:
            status = "Void"
        else:
            if pref == "GoCardless":
                if rng.random() < 0.97 and due <= TODAY:
                    pays.append([None, cid_, inv_no, d2s(due), total, "GoCardless"])
                    paid = total
            else:
                p_never = 0.35 if bad_payer[cid_] else 0.03
                r = rng.random()
                if r < p_never:
                    pass
                else:
                    lag = int(rng.expovariate(1 / (30 if bad_payer[cid_] else 9)))
                    pd = inv_d + timedelta(days=lag)
                    if pd <= TODAY:
                        if total > 60 and rng.random() < 0.12:
                            part = round(total * rng.choice([0.3, 0.5]), 2)
                            pays.append([None, cid_, inv_no, d2s(pd), part, "Bank Transfer" if pref != "Card" else "Card"])
                            paid = part
                            pd2 = pd + timedelta(days=rng.randint(10, 40))
                            if pd2 <= TODAY and rng.random() < 0.7:
                                pays.append([None, cid_, inv_no, d2s(pd2), round(total - part, 2), "Bank Transfer"])
                                paid = total
                        else:
                            pays.append([None, cid_, inv_no, d2s(pd), total, "Bank Transfer" if pref != "Card" else "Card"])
                            paid = total
            if paid >= total - 0.001:
                status = "Paid"
            elif paid > 0:
                status = "Part Paid"
        invoices.append((inv_no, cid_, d2s(inv_d), d2s(due), total, status))
    for v in cash_visits:
        c = prop_cust[v[1]]
        if rng.random() < 0.02:
            continue  # forgot to collect
        pays.append([None, c, None, v[4], v[7], "Cash"])
    pays.sort(key=lambda p: (p[3], p[1]))
    for i, p in enumerate(pays, 1):
        p[0] = i
    cur.executemany("INSERT INTO invoices VALUES (?,?,?,?,?,?)", invoices)
    cur.executemany("INSERT INTO invoice_lines VALUES (?,?,?,?)", lines)
    cur.executemany("INSERT INTO payments VALUES (?,?,?,?,?,?)", pays)

    # ---------------- quotes
    quotes = []
    src = ["Facebook", "Leaflet", "Referral", "Website", "Checkatrade", "Van signage"]
    src_w = [30, 12, 22, 18, 14, 4]
    conv = {"Facebook": 0.35, "Leaflet": 0.3, "Referral": 0.68, "Website": 0.45, "Checkatrade": 0.52, "Van signage": 0.4}
    qid = 0
    d = date(2024, 1, 3)
    active_custs = [c for c in customers]
    while d <= TODAY:
        n = wchoice(rng, [0, 1, 2], [76, 20, 4])
        if d.month in (3, 4, 9, 10):
            n += wchoice(rng, [0, 1], [75, 25])
        for _ in range(n):
            qid += 1
            job = wchoice(rng, ["WIN", "GUT", "FAS", "CON", "SOL"], [30, 35, 12, 15, 8])
            amt = {"WIN": rng.choice([12, 14, 15, 16, 18, 20, 22, 25, 30]), "GUT": rng.choice([50, 55, 60, 65, 70, 80, 95, 120]),
                   "FAS": rng.choice([120, 150, 180, 220, 250]), "CON": rng.choice([45, 55, 65, 75, 90]),
                   "SOL": rng.choice([40, 50, 60, 75])}[job]
            s_ = wchoice(rng, src, src_w)
            existing = rng.random() < 0.3 and job != "WIN"
            if existing:
                c = rng.choice(active_custs)
                cidq, pn = c[0], None
                area_pc = "BS3" + rng.choice("5567")
                s_ = "Existing customer"
            else:
                cidq = None
                pn = f"{wchoice(rng, ['Mr', 'Mrs', 'Ms', ''], [35, 35, 15, 15])} {wchoice(rng, LAST, LAST_W)}".strip()
                area_pc = "BS3" + rng.choice("5567")
            pcq = f"{area_pc} {rng.randint(1, 9)}{rng.choice('ABDEFGHJLNPQRSTUWXYZ')}{rng.choice('ABDEFGHJLNPQRSTUWXYZ')}"
            age = (TODAY - d).days
            p_acc = conv.get(s_, 0.75)
            if age < 21:
                out, od = "Pending", None
            else:
                r = rng.random()
                if r < p_acc:
                    out = "Accepted"
                elif r < p_acc + (1 - p_acc) * 0.6:
                    out = "Declined"
                else:
                    out = "Expired"
                od = d2s(d + timedelta(days=rng.randint(1, 20) if out != "Expired" else 30))
                if age < 35 and rng.random() < 0.5:
                    out, od = "Pending", None
            quotes.append((qid, cidq, pn, pcq, d2s(d), job, float(amt), s_, out, od))
        d += timedelta(days=1)
    cur.executemany("INSERT INTO quotes VALUES (?,?,?,?,?,?,?,?,?,?)", quotes)

    cur.executescript("""
    CREATE VIEW v_invoice_balance AS
    SELECT i.inv_no, i.CustID, c.cust_name, i.inv_dt, i.due_dt, i.total_gbp,
           COALESCE((SELECT SUM(p.amt_gbp) FROM payments p WHERE p.inv_no = i.inv_no), 0) AS paid_gbp,
           ROUND(i.total_gbp - COALESCE((SELECT SUM(p.amt_gbp) FROM payments p WHERE p.inv_no = i.inv_no), 0), 2) AS balance_gbp,
           i.status
    FROM invoices i
    JOIN customers c ON c.CustID = i.CustID;

    CREATE VIEW v_round_list AS
    SELECT r.round_id, r.round_nm, r.visit_day, p.PropID, p.addr_line1, p.town, p.postcode,
           c.CustID, c.cust_name, p.std_price
    FROM properties p
    JOIN rounds r ON r.round_id = p.round_id
    JOIN customers c ON c.CustID = p.CustID
    WHERE c.is_active = 1;
    """)
    con.commit()
    con.close()


if __name__ == "__main__":
    build_kennels()
    build_windowround()
    for n in ("kennels", "windowround"):
        con = sqlite3.connect(os.path.join(BASE, "dbs", n, n + ".sqlite"))
        rows = con.execute("SELECT name, type FROM sqlite_master WHERE type IN ('table','view') ORDER BY type, name").fetchall()
        print(n)
        for name, typ in rows:
            cnt = con.execute(f'SELECT COUNT(*) FROM "{name}"').fetchone()[0]
            print(f"  {typ:5} {name:20} {cnt}")
        con.close()
