#!/usr/bin/env python3
"""Build the two probe databases (climbing, wine).

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


# ============================================================================
# CLIMBING
# ============================================================================
def build_climbing():
    rng = random.Random(3801)
    con = sqlite3.connect(db_path("climbing"))
    cur = con.cursor()
    cur.executescript("""
    PRAGMA foreign_keys = ON;
    CREATE TABLE plan_types (
        plan_cd      TEXT PRIMARY KEY,
        plan_desc    TEXT NOT NULL,
        price_p      INTEGER,             -- pence per billing period
        billing      TEXT,                -- Monthly / Annual
        peak_access  INTEGER,             -- 1 = can climb at peak times
        avail        INTEGER DEFAULT 1    -- still sold to new members
    );
    CREATE TABLE instructors (
        instr_id     INTEGER PRIMARY KEY,
        full_nm      TEXT NOT NULL,
        role         TEXT,
        reports_to   INTEGER REFERENCES instructors(instr_id),
        hourly_rate  REAL,                -- GBP
        quals        TEXT,
        started      TEXT,
        left_dt      TEXT,
        active       INTEGER
    );
    CREATE TABLE members (
        MemNo          INTEGER PRIMARY KEY,
        FName          TEXT,
        SName          TEXT,
        email          TEXT,
        mobile         TEXT,
        DOB            TEXT,
        joined         TEXT,
        plan_cd        TEXT REFERENCES plan_types(plan_cd),
        plan_start     TEXT,
        plan_end       TEXT,              -- NULL = rolling / open-ended
        mem_status     TEXT,
        induction_done INTEGER DEFAULT 0,
        lead_ok        TEXT DEFAULT 'N',  -- Y/N signed off to lead climb
        referred_by    INTEGER REFERENCES members(MemNo),
        deleted        INTEGER DEFAULT 0, -- GDPR erase request (soft delete)
        notes          TEXT
    );
    CREATE TABLE checkins (
        chk_id       INTEGER PRIMARY KEY,
        MemNo        INTEGER REFERENCES members(MemNo),   -- NULL for day passes
        visitor_nm   TEXT,
        chk_ts       TEXT NOT NULL,       -- 'YYYY-MM-DD HH:MM'
        entry_type   TEXT,                -- MEM / DAY / DAYC (concession) / TASTER
        fee_p        INTEGER DEFAULT 0
    );
    CREATE TABLE hire_items (
        item_cd    TEXT PRIMARY KEY,
        item_desc  TEXT,
        fee_p      INTEGER,
        stock_qty  INTEGER
    );
    CREATE TABLE equip_hire (
        hire_id    INTEGER PRIMARY KEY,
        chk_id     INTEGER REFERENCES checkins(chk_id),
        item_cd    TEXT REFERENCES hire_items(item_cd),
        qty        INTEGER DEFAULT 1,
        fee_p      INTEGER,
        returned   TEXT                  -- Y / N / NULL (still out)
    );
    CREATE TABLE courses (
        course_cd     TEXT PRIMARY KEY,
        course_nm     TEXT,
        lvl           TEXT,
        price_p       INTEGER,
        n_weeks       INTEGER,
        max_places    INTEGER,
        active        INTEGER DEFAULT 1
    );
    CREATE TABLE course_sessions (
        sess_id     INTEGER PRIMARY KEY,
        course_cd   TEXT REFERENCES courses(course_cd),
        start_ts    TEXT,
        dur_mins    INTEGER,
        instr_id    INTEGER REFERENCES instructors(instr_id),
        places      INTEGER,
        sess_status TEXT                 -- Scheduled / Ran / Cancelled
    );
    CREATE TABLE enrolments (
        enr_id      INTEGER PRIMARY KEY,
        sess_id     INTEGER REFERENCES course_sessions(sess_id),
        MemNo       INTEGER REFERENCES members(MemNo),
        attendee_nm TEXT,
        booked_dt   TEXT,
        paid_p      INTEGER,
        disc_code   TEXT,
        status      TEXT,                -- Booked / Attended / No Show / Cancelled (casing varies)
        passed      TEXT                 -- Y / N / NULL (lead courses only)
    );
    CREATE TABLE products (
        sku           TEXT PRIMARY KEY,
        descr         TEXT,
        dept          TEXT,              -- Cafe / Shop
        category      TEXT,
        price_p       INTEGER,
        cost_p        INTEGER,
        discontinued  INTEGER DEFAULT 0
    );
    CREATE TABLE sales (
        sale_id   INTEGER PRIMARY KEY,
        sale_ts   TEXT,
        till      TEXT,                  -- CAFE / RECEP
        MemNo     INTEGER REFERENCES members(MemNo),
        pay_type  TEXT,
        total_p   INTEGER,
        voided    INTEGER DEFAULT 0
    );
    CREATE TABLE sale_lines (
        line_id   INTEGER PRIMARY KEY,
        sale_id   INTEGER REFERENCES sales(sale_id),
        sku       TEXT REFERENCES products(sku),
        qty       INTEGER,
        unit_p    INTEGER,
        disc_p    INTEGER DEFAULT 0
    );
    CREATE TABLE routes (
        route_id    INTEGER PRIMARY KEY,
        wall_sect   TEXT,
        route_type  TEXT,                -- Boulder / Top Rope / Lead / Auto
        grade       TEXT,
        hold_col    TEXT,
        route_nm    TEXT,
        setter_id   INTEGER REFERENCES instructors(instr_id),
        set_dt      TEXT,
        stripped_dt TEXT,
        notes       TEXT
    );
    CREATE TABLE incidents (
        inc_id        INTEGER PRIMARY KEY,
        inc_ts        TEXT,
        MemNo         INTEGER REFERENCES members(MemNo),
        person_nm     TEXT,
        wall_sect     TEXT,
        route_id      INTEGER REFERENCES routes(route_id),
        inc_type      TEXT,
        severity      TEXT,
        first_aider   INTEGER REFERENCES instructors(instr_id),
        amb_called    INTEGER DEFAULT 0,
        riddor        INTEGER DEFAULT 0,
        closed_dt     TEXT,
        notes         TEXT
    );
    """)

    plans = [
        ("MTH", "Monthly - Peak", 5200, "Monthly", 1, 1),
        ("ANN", "Annual (paid upfront)", 52000, "Annual", 1, 1),
        ("OFP", "Off-Peak Monthly (weekdays before 4pm)", 3900, "Monthly", 0, 1),
        ("CON", "Concession Monthly (student / NHS / 65+)", 4200, "Monthly", 1, 1),
        ("JNR", "Junior Monthly (under 16)", 2900, "Monthly", 1, 1),
        ("MTH-23", "Monthly - 2023 founder rate", 4500, "Monthly", 1, 0),
    ]
    cur.executemany("INSERT INTO plan_types VALUES (?,?,?,?,?,?)", plans)

    instructors = [
        (1, "Rachel Ainsworth", "Centre Manager", None, 19.50, "RCI", "2019-02-01", None, 1),
        (2, "Sam Okafor", "Head Instructor", 1, 17.00, "RCI; CWI", "2019-03-11", None, 1),
        (3, "Dev Mistry", "Head Setter", 1, 16.50, "Route Setter L2", "2020-06-01", None, 1),
        (4, "Hannah Cole", "Instructor", 2, 14.00, "CWI", "2021-01-18", None, 1),
        (5, "Marcus Reid", "Instructor", 2, 14.00, "CWI", "2022-04-04", "2025-06-30", 0),
        (6, "Isla Fraser", "Instructor", 2, 13.50, "CWA", "2023-09-01", None, 1),
        (7, "Tomasz Nowak", "Route Setter", 3, 14.50, "Route Setter L1", "2022-10-10", None, 1),
        (8, "Freya Lund", "Route Setter", 3, 14.00, "Route Setter L1", "2024-02-05", None, 1),
        (9, "Callum Price", "Instructor", 2, 13.50, "CWA", "2025-07-14", None, 1),
        (10, "Jade Okoro", "Duty Manager", 1, 13.00, "First Aid", "2020-09-01", None, 1),
        (11, "Owen Pugh", "Route Setter", 3, 14.00, "Route Setter L1", "2021-05-01", "2024-08-31", 0),
        (12, "Mei Chen", "Instructor", 2, 13.50, "CWA; Kids", "2024-03-01", None, 1),
    ]
    cur.executemany("INSERT INTO instructors VALUES (?,?,?,?,?,?,?,?,?)", instructors)

    def staff_on(d, ids):
        out = []
        for i in ids:
            r = instructors[i - 1]
            if date.fromisoformat(r[6]) <= d and (r[7] is None or d <= date.fromisoformat(r[7])):
                out.append(i)
        return out

    # ---------------- members
    used = set()
    members = []
    n_mem = 430
    mem_info = {}
    for mno in range(1001, 1001 + n_mem):
        fn, ln = person(rng, used)
        r = rng.random()
        if r < 0.22:
            joined = rand_date(rng, date(2021, 3, 1), date(2023, 12, 31))
        elif r < 0.50:
            joined = rand_date(rng, date(2024, 1, 1), date(2024, 12, 31))
        elif r < 0.78:
            joined = rand_date(rng, date(2025, 1, 1), date(2025, 12, 31))
        else:
            joined = rand_date(rng, date(2026, 1, 1), date(2026, 11, 24))
        if joined.year < 2024 and rng.random() < 0.35:
            plan = "MTH-23"
        else:
            plan = wchoice(rng, ["MTH", "ANN", "OFP", "CON", "JNR"], [38, 16, 20, 17, 9])
        if plan == "JNR":
            dob = rand_date(rng, date(2011, 1, 1), date(2018, 6, 30))
        elif plan == "CON" and rng.random() < 0.3:
            dob = rand_date(rng, date(1950, 1, 1), date(1961, 12, 31))
        else:
            dob = rand_date(rng, date(1965, 1, 1), date(2007, 12, 31))
        pstart = joined
        pend = None
        if plan == "ANN":
            # annual: renews each anniversary unless they drop out
            e = date(pstart.year + 1, pstart.month, min(pstart.day, 28))
            while e <= TODAY and rng.random() < 0.72:
                e = date(e.year + 1, e.month, e.day)
            if e == TODAY:
                e = e - timedelta(days=1)    # keep the boundary unambiguous
            pend = e
            if e <= TODAY:
                status = rng.choice(["Lapsed", "Lapsed", "lapsed", "LAPSED"])
            else:
                status = wchoice(rng, ["Active", "active", "ACTIVE"], [70, 20, 10])
        else:
            monthly_churn = 0.035 if plan != "MTH-23" else 0.02
            months_alive = 0
            d = pstart
            churned = None
            while True:
                d = d + timedelta(days=30)
                if d > TODAY:
                    break
                months_alive += 1
                if rng.random() < monthly_churn:
                    churned = d
                    break
            if churned:
                pend = churned if churned != TODAY else churned - timedelta(days=1)
                status = wchoice(rng, ["Cancelled", "cancelled", "Lapsed", "lapsed"], [40, 15, 30, 15])
            else:
                status = wchoice(rng, ["Active", "active", "ACTIVE", "Frozen"], [66, 18, 9, 7])
        induction = 1 if rng.random() < 0.93 else 0
        lead_ok = "Y" if (plan != "JNR" and rng.random() < 0.18) else "N"
        ref = None
        if members and rng.random() < 0.16:
            cands = [m[0] for m in members if date.fromisoformat(m[6]) < joined]
            if cands:
                ref = rng.choice(cands)
        deleted = 1 if (pend is not None and pend < TODAY and rng.random() < 0.08) else 0
        email = None if rng.random() < 0.05 else f"{fn.lower()}.{ln.lower()}{rng.randint(1, 99)}@{rng.choice(['gmail.com', 'outlook.com', 'hotmail.co.uk', 'icloud.com', 'yahoo.co.uk'])}"
        mob = None if rng.random() < 0.04 else f"07{rng.randint(100, 999)} {rng.randint(100000, 999999)}"
        note = None
        if status == "Frozen":
            note = rng.choice(["Frozen - finger injury", "Frozen - travelling until spring", "Frozen (pregnancy)", "Frozen - broken wrist"])
        elif rng.random() < 0.05:
            note = rng.choice(["Prefers texts", "Uni student - check NUS card each Sept", "Paid cash for first month",
                               "Asked about setting work", "Card declined Mar, sorted"])
        members.append([mno, fn, ln, email, mob, d2s(dob), d2s(joined), plan, d2s(pstart),
                        d2s(pend) if pend else None, status, induction, lead_ok, ref, deleted, note])
        mem_info[mno] = dict(plan=plan, start=pstart, end=pend, status=status,
                             prop=rng.lognormvariate(-1.85, 0.8), nm=f"{fn} {ln}")
    # a few long-standing members who have stopped turning up (still paying)
    for mno in rng.sample(list(mem_info), 40):
        mem_info[mno]["fade"] = rand_date(rng, date(2025, 10, 1), date(2026, 8, 20))
    cur.executemany("INSERT INTO members VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)", members)

    # ---------------- hire items
    hire_items = [("SHOE", "Climbing shoes", 400, 60), ("HARN", "Harness", 300, 40),
                  ("BELAY", "Belay device + crab", 200, 30), ("CHALK", "Chalk bag", 150, 25)]
    cur.executemany("INSERT INTO hire_items VALUES (?,?,?,?)", hire_items)
    hire_fee_yr = {2024: {"SHOE": 350, "HARN": 250, "BELAY": 150, "CHALK": 100},
                   2025: {"SHOE": 400, "HARN": 300, "BELAY": 200, "CHALK": 150},
                   2026: {"SHOE": 400, "HARN": 300, "BELAY": 200, "CHALK": 150}}

    # ---------------- check-ins
    dow_f = [0.9, 0.85, 1.0, 1.05, 0.8, 1.25, 1.15]  # Mon..Sun
    peak_h = list(range(10, 22))
    peak_w = [3, 3, 4, 4, 3, 3, 5, 9, 12, 10, 6, 2]
    wkend_h = list(range(9, 18))
    wkend_w = [5, 8, 9, 7, 6, 7, 5, 4, 2]
    offp_h = [10, 11, 12, 13, 14, 15]
    offp_w = [5, 7, 6, 6, 5, 4]
    visits = []  # (date, hour, minute, mno, visitor, type, fee)
    start_all, end_all = date(2024, 1, 2), TODAY
    for mno, mi in mem_info.items():
        a = max(mi["start"], start_all)
        b = min(mi["end"] or TODAY, TODAY)
        if mi["status"] == "Frozen":
            b = min(b, rand_date(rng, date(2026, 3, 1), date(2026, 9, 30)))
        if "fade" in mi:
            b = min(b, mi["fade"])
        lam = min(mi["prop"], 3.0)
        for d in daterange(a, b):
            if d.month == 12 and d.day == 25:
                continue
            if rng.random() < lam / 7 * dow_f[d.weekday()]:
                wk = d.weekday() >= 5
                if mi["plan"] == "OFP" and rng.random() > 0.05:
                    if wk:
                        continue
                    h = wchoice(rng, offp_h, offp_w)
                elif wk:
                    h = wchoice(rng, wkend_h, wkend_w)
                else:
                    h = wchoice(rng, peak_h, peak_w)
                if d == TODAY and h >= NOW_HOUR:
                    continue
                visits.append((d, h, rng.randint(0, 59), mno, None, "MEM", 0))
    # day passes
    pool = []
    used2 = set(used)
    for _ in range(520):
        fn, ln = person(rng, used2)
        pool.append(f"{fn} {ln}")
    pool_w = [rng.lognormvariate(0, 1.0) for _ in pool]
    day_fee = {2024: (1400, 1000), 2025: (1500, 1100), 2026: (1600, 1200)}
    for d in daterange(start_all, end_all):
        if d.month == 12 and d.day == 25:
            continue
        wk = d.weekday() >= 5
        base = 2.6 if wk else 1.3
        if d.month in (7, 8, 12) or (d.month == 10 and 24 <= d.day <= 31) or (d.month == 2 and 14 <= d.day <= 22):
            base *= 1.5
        n = sum(1 for _ in range(8) if rng.random() < base / 8)
        for _ in range(n):
            h = wchoice(rng, wkend_h, wkend_w) if wk else wchoice(rng, peak_h, peak_w)
            if d == TODAY and h >= NOW_HOUR:
                continue
            conc = rng.random() < 0.22
            typ = "DAYC" if conc else "DAY"
            fee = day_fee[d.year][1 if conc else 0]
            if rng.random() < 0.04:
                typ, fee = "TASTER", 0
            visits.append((d, h, rng.randint(0, 59), None, wchoice(rng, pool, pool_w), typ, fee))
    visits.sort(key=lambda v: (v[0], v[1], v[2], v[3] or 0, v[4] or ""))
    checkins = []
    hires = []
    hid = 0
    for i, v in enumerate(visits, 1):
        d, h, mi_, mno, vis, typ, fee = v
        checkins.append((i, mno, vis, ts(d, h, mi_), typ, fee))
        items = []
        if mno is None:
            if rng.random() < 0.72:
                items.append("SHOE")
            if rng.random() < 0.28:
                items += ["HARN", "BELAY"] if rng.random() < 0.6 else ["HARN"]
            if rng.random() < 0.15:
                items.append("CHALK")
        else:
            if rng.random() < 0.04:
                items.append("SHOE")
            if rng.random() < 0.02:
                items.append("HARN")
        for it in items:
            hid += 1
            if d == TODAY:
                ret = None
            else:
                ret = "N" if rng.random() < 0.015 else "Y"
            hires.append((hid, i, it, 1, hire_fee_yr[d.year][it], ret))
    cur.executemany("INSERT INTO checkins VALUES (?,?,?,?,?,?)", checkins)
    cur.executemany("INSERT INTO equip_hire VALUES (?,?,?,?,?,?)", hires)

    # ---------------- courses
    courses = [
        ("INTRO-TR", "Intro to Roped Climbing", "Beginner", 4500, 1, 6, 1),
        ("INTRO-BLD", "Intro to Bouldering", "Beginner", 2500, 1, 8, 1),
        ("LEAD-1", "Learn to Lead", "Intermediate", 12000, 3, 4, 1),
        ("LEAD-2", "Lead Improvers", "Intermediate", 9500, 2, 4, 1),
        ("KIDS", "Kids Club (8-14), 6-week block", "Junior", 6000, 6, 10, 1),
        ("BELAY-RF", "Belay Refresher", "Beginner", 1500, 1, 6, 0),
    ]
    cur.executemany("INSERT INTO courses VALUES (?,?,?,?,?,?,?)", courses)
    cinfo = {c[0]: c for c in courses}
    instr_ids = [2, 4, 5, 6, 9, 12]
    sessions = []
    sid = 0
    end_sched = date(2027, 3, 31)
    for d in daterange(date(2024, 1, 6), end_sched):
        todo = []
        if d.weekday() == 5:
            todo.append(("INTRO-TR", 10, 0, 120))
        if d.weekday() == 6 and d.isocalendar()[1] % 2 == 0:
            todo.append(("INTRO-BLD", 11, 0, 90))
        if d.weekday() == 3 and d.isocalendar()[1] % 2 == 1:
            todo.append(("INTRO-BLD", 19, 0, 90))
        if d.weekday() == 1 and d.day <= 7:
            todo.append(("LEAD-1", 18, 30, 180))
        if d.weekday() == 2 and d.day <= 7 and d.month % 2 == 0:
            todo.append(("LEAD-2", 18, 30, 150))
        if d.weekday() == 5 and d.month in (1, 4, 9) and d.day <= 7:
            todo.append(("KIDS", 13, 0, 90))
        if d.weekday() == 0 and d.day <= 7 and d < date(2025, 7, 1):
            todo.append(("BELAY-RF", 19, 0, 60))
        for cd, h, m, dur in todo:
            sid += 1
            if cd == "KIDS":
                cand = staff_on(d, [12, 6]) or staff_on(d, [4])
            elif cd.startswith("LEAD"):
                cand = staff_on(d, [2, 4, 5])
            else:
                cand = staff_on(d, instr_ids)
            ins = rng.choice(cand)
            if d > TODAY:
                st = "Scheduled"
                if rng.random() < 0.04:
                    st = "Cancelled"
            elif d == TODAY:
                st = "Ran"
            else:
                st = "Cancelled" if rng.random() < 0.06 else "Ran"
            sessions.append([sid, cd, ts(d, h, m), dur, ins, cinfo[cd][5], st])
    cur.executemany("INSERT INTO course_sessions VALUES (?,?,?,?,?,?,?)", sessions)

    enrols = []
    eid = 0
    mem_ids = list(mem_info)
    juniors = [m for m in mem_ids if mem_info[m]["plan"] == "JNR"]
    for s in sessions:
        sid_, cd, st_ts, dur, ins, places, st = s
        d = date.fromisoformat(st_ts[:10])
        fill = {"INTRO-TR": 0.7, "INTRO-BLD": 0.65, "LEAD-1": 0.8, "LEAD-2": 0.6, "KIDS": 0.75, "BELAY-RF": 0.5}[cd]
        if d > TODAY:
            horizon = (d - TODAY).days
            fill *= max(0.1, 1 - horizon / 120)
        n = sum(1 for _ in range(places) if rng.random() < fill)
        if st == "Cancelled" and d <= TODAY:
            n = min(n, 2)
        for _ in range(n):
            eid += 1
            price = cinfo[cd][3]
            if cd in ("LEAD-1", "LEAD-2", "BELAY-RF"):
                cands = [m for m in mem_ids if mem_info[m]["start"] <= d and (mem_info[m]["end"] is None or mem_info[m]["end"] >= d)
                         and mem_info[m]["plan"] != "JNR"]
                mno = rng.choice(cands) if cands and rng.random() < 0.85 else None
            elif cd == "KIDS":
                cands = [m for m in juniors if mem_info[m]["start"] <= d and (mem_info[m]["end"] is None or mem_info[m]["end"] >= d)]
                mno = rng.choice(cands) if cands and rng.random() < 0.4 else None
            else:
                mno = None
                if rng.random() < 0.08:
                    cands = [m for m in mem_ids if mem_info[m]["start"] <= d and (mem_info[m]["end"] is None or mem_info[m]["end"] >= d)]
                    mno = rng.choice(cands) if cands else None
            nm = mem_info[mno]["nm"] if mno else rng.choice(pool)
            disc = None
            paid = price
            if mno and rng.random() < 0.8:
                disc, paid = "MEMBER10", int(round(price * 0.9))
            elif rng.random() < 0.05:
                disc, paid = "STAFF", 0
            elif rng.random() < 0.06:
                disc, paid = "VOUCHER", price
            booked = d - timedelta(days=min(90, int(rng.expovariate(1 / 14)) + 1))
            if booked > TODAY:
                booked = TODAY - timedelta(days=rng.randint(0, 5))
            passed = None
            if st == "Cancelled":
                status = rng.choice(["Cancelled", "cancelled"])
                paid = 0
            elif d > TODAY:
                r = rng.random()
                status = "Cancelled" if r < 0.05 else wchoice(rng, ["Booked", "booked", "BOOKED"], [75, 20, 5])
                if status == "Cancelled":
                    paid = 0
            else:
                r = rng.random()
                if r < 0.06:
                    status, paid = "Cancelled", 0
                elif r < 0.13:
                    status = rng.choice(["No Show", "no show", "No-show"])
                else:
                    status = wchoice(rng, ["Attended", "attended", "ATTENDED"], [70, 25, 5])
                    if cd in ("LEAD-1", "LEAD-2") and d + timedelta(days=7 * cinfo[cd][4]) <= TODAY:
                        passed = "Y" if rng.random() < 0.78 else "N"
            enrols.append((eid, sid_, mno, nm, d2s(booked), paid, disc, status, passed))
    cur.executemany("INSERT INTO enrolments VALUES (?,?,?,?,?,?,?,?,?)", enrols)
    # lead sign-off for those who passed
    for e in enrols:
        if e[8] == "Y" and e[2]:
            cur.execute("UPDATE members SET lead_ok = 'Y' WHERE MemNo = ?", (e[2],))

    # ---------------- products & sales
    products = [
        ("CF-FW", "Flat White", "Cafe", "Hot Drinks", 320, 70, 0),
        ("CF-LAT", "Latte", "Cafe", "Hot Drinks", 330, 75, 0),
        ("CF-AME", "Americano", "Cafe", "Hot Drinks", 280, 50, 0),
        ("CF-TEA", "Tea (pot)", "Cafe", "Hot Drinks", 220, 30, 0),
        ("CF-HCH", "Hot Chocolate", "Cafe", "Hot Drinks", 350, 90, 0),
        ("CF-CHAI", "Chai Latte", "Cafe", "Hot Drinks", 360, 95, 0),
        ("CF-WAT", "Bottled Water", "Cafe", "Cold Drinks", 150, 35, 0),
        ("CF-COKE", "Coke 330ml", "Cafe", "Cold Drinks", 180, 60, 0),
        ("CF-NRG", "Energy Drink", "Cafe", "Cold Drinks", 230, 90, 0),
        ("CF-SMO", "Protein Smoothie", "Cafe", "Cold Drinks", 450, 160, 0),
        ("CF-FLAP", "Flapjack", "Cafe", "Snacks", 280, 80, 0),
        ("CF-BROW", "Brownie", "Cafe", "Snacks", 300, 90, 0),
        ("CF-BAN", "Banana", "Cafe", "Snacks", 80, 20, 0),
        ("CF-PBAR", "Protein Bar", "Cafe", "Snacks", 250, 120, 0),
        ("CF-TOAS", "Cheese & Ham Toastie", "Cafe", "Food", 550, 160, 0),
        ("CF-SOUP", "Soup of the Day + Bread", "Cafe", "Food", 495, 140, 0),
        ("CF-BAGEL", "Bagel (filled)", "Cafe", "Food", 450, 130, 0),
        ("CF-CAKE", "Cake Slice", "Cafe", "Snacks", 320, 100, 1),
        ("SH-CHK250", "Chalk 250g", "Shop", "Chalk", 800, 380, 0),
        ("SH-CHKBALL", "Chalk Ball", "Shop", "Chalk", 600, 250, 0),
        ("SH-LIQCHK", "Liquid Chalk 200ml", "Shop", "Chalk", 1200, 550, 0),
        ("SH-CHKBAG", "Chalk Bag", "Shop", "Accessories", 1800, 800, 0),
        ("SH-BRUSH", "Boar-hair Brush", "Shop", "Accessories", 600, 220, 0),
        ("SH-TAPE", "Finger Tape 2.5cm", "Shop", "Accessories", 450, 150, 0),
        ("SH-BALM", "Climbing Skin Balm", "Shop", "Accessories", 900, 400, 0),
        ("SH-SHOE-TAR", "La Sportiva Tarantulace", "Shop", "Shoes", 8500, 5100, 0),
        ("SH-SHOE-ORG", "Scarpa Origin", "Shop", "Shoes", 7500, 4500, 0),
        ("SH-SHOE-KID", "Kids Climbing Shoe", "Shop", "Shoes", 4500, 2600, 0),
        ("SH-HARN", "Harness - Sport", "Shop", "Hardware", 5500, 3300, 0),
        ("SH-BELAY", "Belay Device + Karabiner", "Shop", "Hardware", 3200, 1800, 0),
        ("SH-TEE", "Wall T-shirt", "Shop", "Clothing", 2000, 700, 0),
        ("SH-HOOD", "Wall Hoodie", "Shop", "Clothing", 4000, 1600, 0),
        ("SH-BEANIE", "Beanie", "Shop", "Clothing", 1500, 500, 1),
        ("SH-GIFT", "Gift Voucher 25", "Shop", "Vouchers", 2500, 0, 0),
    ]
    cur.executemany("INSERT INTO products VALUES (?,?,?,?,?,?,?)", products)
    cafe = [p for p in products if p[2] == "Cafe"]
    shop = [p for p in products if p[2] == "Shop"]
    cafe_w = [14, 12, 8, 7, 9, 5, 10, 7, 6, 4, 8, 7, 5, 6, 5, 4, 4, 3]
    shop_w = [20, 10, 5, 6, 4, 10, 5, 3, 3, 2, 4, 4, 6, 3, 2, 3]
    pf = {2024: 0.88, 2025: 0.94, 2026: 1.0}

    def price_at(p, y):
        return int(round(p[4] * pf[y] / 5.0)) * 5

    sales = []
    lines = []
    sale_id = 0
    line_id = 0
    pay_types = ["Card", "CARD", "card", "Contactless", "Cash", "cash"]
    pay_w = [40, 15, 8, 22, 10, 5]
    mem_active_days = {}
    for d in daterange(date(2024, 1, 2), TODAY):
        if d.month == 12 and d.day == 25:
            continue
        wk = d.weekday() >= 5
        n_cafe = sum(1 for _ in range(10) if rng.random() < (0.42 if wk else 0.26))
        n_shop = sum(1 for _ in range(4) if rng.random() < (0.30 if wk else 0.18))
        if d.month == 12 and d.day < 24:
            n_shop += rng.randint(0, 2)
        act = None
        for kind in ["CAFE"] * n_cafe + ["RECEP"] * n_shop:
            h = wchoice(rng, wkend_h, wkend_w) if wk else wchoice(rng, peak_h, peak_w)
            if d == TODAY and h >= NOW_HOUR:
                continue
            sale_id += 1
            mno = None
            if rng.random() < 0.35:
                if act is None:
                    act = [m for m in mem_ids if mem_info[m]["start"] <= d and (mem_info[m]["end"] is None or mem_info[m]["end"] >= d)]
                if act:
                    mno = rng.choice(act)
            sl = []
            if kind == "CAFE":
                k = wchoice(rng, [1, 2, 3], [55, 33, 12])
                picks = rng.choices(cafe, weights=cafe_w, k=k)
            else:
                k = wchoice(rng, [1, 2], [80, 20])
                picks = rng.choices(shop, weights=shop_w, k=k)
            seen = set()
            for p in picks:
                if p[0] in seen:
                    continue
                if p[6] == 1 and d >= date(2026, 3, 1):
                    continue
                seen.add(p[0])
                qty = 1 if (kind == "RECEP" or rng.random() < 0.8) else 2
                up = price_at(p, d.year)
                disc = int(round(qty * up * 0.1)) if (mno and p[2] == "Shop" and p[3] != "Vouchers") else 0
                line_id += 1
                sl.append((line_id, sale_id, p[0], qty, up, disc))
            if not sl:
                line_id += 0
                sale_id -= 1
                continue
            total = sum(x[3] * x[4] - x[5] for x in sl)
            voided = 1 if rng.random() < 0.025 else 0
            pt = wchoice(rng, pay_types, pay_w)
            if d.year == 2024 and pt == "Contactless":
                pt = "Card"
            sales.append((sale_id, ts(d, h, rng.randint(0, 59)), kind, mno, pt, total, voided))
            lines.extend(sl)
    # order sale ids chronologically
    sales_sorted = sorted(sales, key=lambda s: (s[1], s[0]))
    remap = {s[0]: i for i, s in enumerate(sales_sorted, 1)}
    sales = [(remap[s[0]],) + s[1:] for s in sales_sorted]
    lines = sorted(((l[0], remap[l[1]]) + l[2:] for l in lines), key=lambda l: (l[1], l[0]))
    lines = [(i,) + l[1:] for i, l in enumerate(lines, 1)]
    cur.executemany("INSERT INTO sales VALUES (?,?,?,?,?,?,?)", sales)
    cur.executemany("INSERT INTO sale_lines VALUES (?,?,?,?,?,?)", lines)

    # ---------------- routes
    sections = [
        # name, type, n routes, reset interval days
        ("Cave", "Boulder", 16, 42),
        ("Slab", "Boulder", 12, 56),
        ("Barrel", "Boulder", 14, 49),
        ("Comp Wall", "Boulder", 10, 35),
        ("Main Wall", "Top Rope", 12, 70),
        ("Lead Wall", "Lead", 10, 84),
        ("Auto-belays", "Auto", 6, 91),
    ]
    bgrades = ["VB", "V0", "V1", "V2", "V3", "V4", "V5", "V6", "V7", "V8"]
    bgw = [6, 12, 14, 14, 12, 10, 7, 4, 2, 1]
    rgrades = ["4", "5", "5+", "6a", "6a+", "6b", "6b+", "6c", "6c+", "7a", "7a+", "7b"]
    rgw = [4, 8, 10, 12, 12, 11, 9, 7, 5, 4, 2, 1]
    agrades = ["4", "5", "5+", "6a"]
    cols = ["Red", "Blue", "Yellow", "Green", "Black", "Pink", "Purple", "White", "Orange", "Teal"]
    name_bits1 = ["Crimp", "Sloper", "Jug", "Pinch", "Dyno", "Heel", "Toe", "Mantle", "Gaston", "Undercling",
                  "Volume", "Arete", "Chimney", "Layback", "Smear"]
    name_bits2 = ["Party", "Dreams", "Nightmare", "Express", "Therapy", "Highway", "Shuffle", "Sandwich",
                  "Attack", "Problems", "Paradise", "Blues", "Waltz", "Crisis", "Disco"]
    routes = []
    rid = 0
    up = {}  # section -> list of route indices currently up
    setters = [3, 7, 8, 11]
    for si, (sec, rtype, nr, interval) in enumerate(sections):
        d = date(2024, 1, 3) + timedelta(days=si * 5)
        # stagger so the "current" sets are of varied age
        while d <= TODAY:
            # strip what's up, set new
            for idx in up.get(sec, []):
                if routes[idx][8] is None:
                    routes[idx][8] = d2s(d)
            up[sec] = []
            team = staff_on(d, setters) or [3]
            for k in range(nr):
                rid += 1
                if rtype == "Boulder":
                    g = wchoice(rng, bgrades, bgw)
                elif rtype == "Auto":
                    g = rng.choice(agrades)
                else:
                    g = wchoice(rng, rgrades, rgw)
                st = rng.choice(team)
                if rng.random() < 0.1:
                    st = rng.choice(staff_on(d, [2, 4, 6]) or [3])
                nm = None
                if rng.random() < 0.45:
                    nm = f"{rng.choice(name_bits1)} {rng.choice(name_bits2)}"
                set_dt = min(d + timedelta(days=(k * 3) // nr), TODAY)
                routes.append([rid, sec, rtype, g, cols[(k + si) % len(cols)], nm, st, d2s(set_dt), None, None])
                up[sec].append(len(routes) - 1)
            d = d + timedelta(days=interval + rng.choice([-7, 0, 0, 7]))
    # some routes stripped early (hold spun / broken) — before their section reset
    for r in routes:
        if rng.random() < 0.04:
            sd = date.fromisoformat(r[7]) + timedelta(days=rng.randint(3, 25))
            if sd < TODAY and (r[8] is None or sd < date.fromisoformat(r[8])):
                r[8] = d2s(sd)
                r[9] = rng.choice(["Hold spun - stripped early", "Broken foothold", "Too sandbagged, reset",
                                   "Complaints re: reachy crux", "Volume loose"])
    cur.executemany("INSERT INTO routes VALUES (?,?,?,?,?,?,?,?,?,?)", routes)

    # ---------------- incidents
    chk_by_date = {}
    for c in checkins:
        chk_by_date.setdefault(c[3][:10], []).append(c)
    inc = []
    iid = 0
    inc_types = ["Fall - bouldering", "Finger / pulley injury", "Ankle injury", "Belay error", "Hold spun",
                 "Cut / graze", "Shoulder injury", "Medical - fainting", "Dropped by belayer", "Collision"]
    inc_tw = [22, 12, 16, 8, 7, 14, 6, 3, 2, 5]
    first_aiders = [1, 2, 4, 5, 6, 9, 10, 12]
    for d in daterange(date(2024, 1, 5), TODAY):
        if rng.random() < 0.14 and d2s(d) in chk_by_date:
            iid += 1
            c = rng.choice(chk_by_date[d2s(d)])
            t = wchoice(rng, inc_types, inc_tw)
            if t in ("Belay error", "Dropped by belayer"):
                sect = rng.choice(["Main Wall", "Lead Wall"])
            elif t == "Fall - bouldering":
                sect = rng.choice(["Cave", "Slab", "Barrel", "Comp Wall"])
            else:
                sect = rng.choice([s[0] for s in sections] + ["Cafe", "Changing Rooms", "Reception"])
            route = None
            if sect not in ("Cafe", "Changing Rooms", "Reception") and rng.random() < 0.5:
                cand = [r for r in routes if r[1] == sect and r[7] <= d2s(d) and (r[8] is None or r[8] > d2s(d))]
                if cand:
                    route = rng.choice(cand)[0]
            sev = wchoice(rng, ["Minor", "minor", "MINOR", "Moderate", "moderate", "Serious"],
                          [45, 15, 5, 20, 8, 7])
            if t in ("Cut / graze",):
                sev = rng.choice(["Minor", "minor"])
            amb = 1 if sev == "Serious" and rng.random() < 0.7 else 0
            riddor = 1 if sev == "Serious" and rng.random() < 0.5 else 0
            fa = rng.choice(staff_on(d, first_aiders) or [1])
            closed = None
            if (TODAY - d).days > 10 and rng.random() < 0.9:
                closed = d2s(d + timedelta(days=rng.randint(1, 30)))
                if closed > d2s(TODAY):
                    closed = None
            hh, mm = int(c[3][11:13]), int(c[3][14:16])
            mm2 = min(59, mm + rng.randint(5, 50))
            name = mem_info[c[1]]["nm"] if c[1] else c[2]
            note = rng.choice([None, None, "Ice pack applied", "Advised to see GP", "Climber continued session",
                               "Parent informed", "Mat gap reported to setters", "CCTV reviewed",
                               "Belayer re-briefed by duty manager"])
            inc.append((iid, f"{d2s(d)} {hh:02d}:{mm2:02d}", c[1], name, sect, route, t, sev, fa, amb, riddor, closed, note))
    cur.executemany("INSERT INTO incidents VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)", inc)

    cur.executescript("""
    CREATE VIEW v_sale_totals AS
    SELECT s.sale_id, date(s.sale_ts) AS sale_dt, s.sale_ts, s.till, s.MemNo, s.pay_type, s.voided,
           SUM(l.qty * l.unit_p) AS gross_p,
           SUM(l.disc_p) AS disc_p,
           SUM(l.qty * l.unit_p - l.disc_p) AS net_p
    FROM sales s
    JOIN sale_lines l ON l.sale_id = s.sale_id
    GROUP BY s.sale_id;
    """)
    con.commit()
    con.close()


# ============================================================================
# WINE
# ============================================================================
def build_wine():
    rng = random.Random(3802)
    con = sqlite3.connect(db_path("wine"))
    cur = con.cursor()
    cur.executescript("""
    PRAGMA foreign_keys = ON;
    CREATE TABLE regions (
        region_cd   TEXT PRIMARY KEY,
        region_nm   TEXT NOT NULL,
        country     TEXT NOT NULL
    );
    CREATE TABLE staff (
        staff_id    INTEGER PRIMARY KEY,
        staff_nm    TEXT NOT NULL,
        job_title   TEXT,
        area        TEXT,
        comm_rate   REAL,                 -- fraction of net sales, reps only
        reports_to  INTEGER REFERENCES staff(staff_id),
        start_dt    TEXT,
        end_dt      TEXT,
        active      INTEGER DEFAULT 1
    );
    CREATE TABLE suppliers (
        supp_id     INTEGER PRIMARY KEY,
        supp_nm     TEXT NOT NULL,
        country     TEXT,
        contact     TEXT,
        lead_days   INTEGER,
        acct_status TEXT,
        is_deleted  INTEGER DEFAULT 0
    );
    CREATE TABLE wines (
        wine_id        INTEGER PRIMARY KEY,
        sku            TEXT UNIQUE,
        wine_nm        TEXT NOT NULL,
        producer       TEXT,
        region_cd      TEXT REFERENCES regions(region_cd),
        vintage        INTEGER,           -- NULL = non-vintage
        grape          TEXT,
        colour         TEXT,
        btl_ml         INTEGER,
        case_qty       INTEGER,           -- bottles per case
        cost_p         INTEGER,           -- our cost per bottle, pence
        trade_case_gbp REAL,              -- trade list price per case
        retail_btl_gbp REAL,              -- shop shelf price per bottle
        abv            REAL,
        supp_id        INTEGER REFERENCES suppliers(supp_id),
        discontinued   INTEGER DEFAULT 0,
        notes          TEXT
    );
    CREATE TABLE stock_bins (
        bin_cd      TEXT,
        wine_id     INTEGER REFERENCES wines(wine_id),
        btls        INTEGER,
        last_count  TEXT,
        PRIMARY KEY (bin_cd, wine_id)
    );
    CREATE TABLE purchase_orders (
        po_no       TEXT PRIMARY KEY,
        supp_id     INTEGER REFERENCES suppliers(supp_id),
        po_dt       TEXT,
        due_dt      TEXT,
        recv_dt     TEXT,
        po_status   TEXT,
        carriage_gbp REAL,
        notes       TEXT
    );
    CREATE TABLE po_lines (
        po_line_id  INTEGER PRIMARY KEY,
        po_no       TEXT REFERENCES purchase_orders(po_no),
        wine_id     INTEGER REFERENCES wines(wine_id),
        cases       INTEGER,
        case_cost_p INTEGER,              -- pence per case
        cases_recd  INTEGER
    );
    CREATE TABLE customers (
        cust_id          INTEGER PRIMARY KEY,
        acct_code        TEXT,
        cust_type        TEXT,            -- Trade / Retail (casing varies)
        trade_type       TEXT,            -- Restaurant / Pub / Hotel / Wine Bar / Deli (trade only)
        cust_nm          TEXT,
        contact_nm       TEXT,
        town             TEXT,
        postcode         TEXT,
        email            TEXT,
        rep_id           INTEGER REFERENCES staff(staff_id),
        credit_limit_gbp REAL,
        terms_days       INTEGER,
        opened_dt        TEXT,
        closed_dt        TEXT,
        on_stop          INTEGER DEFAULT 0,
        deleted          INTEGER DEFAULT 0,
        notes            TEXT
    );
    CREATE TABLE so_header (
        so_no        INTEGER PRIMARY KEY,
        cust_id      INTEGER REFERENCES customers(cust_id),
        order_dt     TEXT,
        rep_id       INTEGER REFERENCES staff(staff_id),
        channel      TEXT,                -- Trade / Shop / Web
        so_status    TEXT,
        cust_ref     TEXT,
        deliv_chg_gbp REAL DEFAULT 0
    );
    CREATE TABLE so_lines (
        line_id     INTEGER PRIMARY KEY,
        so_no       INTEGER REFERENCES so_header(so_no),
        wine_id     INTEGER REFERENCES wines(wine_id),
        btls        INTEGER,              -- quantity in bottles
        case_price  REAL,                 -- GBP per case before discount
        disc_pct    REAL DEFAULT 0
    );
    CREATE TABLE deliveries (
        deliv_id     INTEGER PRIMARY KEY,
        so_no        INTEGER REFERENCES so_header(so_no),
        sched_dt     TEXT,
        deliv_dt     TEXT,
        driver_id    INTEGER REFERENCES staff(staff_id),
        van_reg      TEXT,
        deliv_status TEXT,
        signed_by    TEXT,
        notes        TEXT
    );
    CREATE TABLE credit_notes (
        cn_id       INTEGER PRIMARY KEY,
        cn_ref      TEXT,
        so_no       INTEGER REFERENCES so_header(so_no),
        cust_id     INTEGER REFERENCES customers(cust_id),
        cn_dt       TEXT,
        reason      TEXT,
        wine_id     INTEGER REFERENCES wines(wine_id),
        btls        INTEGER,
        amount_p    INTEGER,              -- credit value in pence
        approved_by INTEGER REFERENCES staff(staff_id),
        void        INTEGER DEFAULT 0
    );
    CREATE TABLE tasting_events (
        event_id      INTEGER PRIMARY KEY,
        title         TEXT,
        event_ts      TEXT,
        venue         TEXT,
        capacity      INTEGER,
        ticket_gbp    REAL,
        trade_only    INTEGER DEFAULT 0,
        host_id       INTEGER REFERENCES staff(staff_id),
        focus_region  TEXT REFERENCES regions(region_cd),
        cancelled     INTEGER DEFAULT 0
    );
    CREATE TABLE event_tickets (
        tkt_id      INTEGER PRIMARY KEY,
        event_id    INTEGER REFERENCES tasting_events(event_id),
        cust_id     INTEGER REFERENCES customers(cust_id),
        holder_nm   TEXT,
        qty         INTEGER,
        paid_gbp    REAL,
        booked_dt   TEXT,
        refunded    INTEGER DEFAULT 0,
        attended    TEXT                  -- Y / N / NULL
    );
    """)

    regions = [
        ("RIO", "Rioja", "Spain"), ("RDD", "Ribera del Duero", "Spain"), ("RBX", "Rías Baixas", "Spain"),
        ("CAS", "Castilla", "Spain"), ("PEN", "Penedès", "Spain"),
        ("BDX", "Bordeaux", "France"), ("BUR", "Burgundy", "France"), ("LOI", "Loire", "France"),
        ("RHO", "Rhône", "France"), ("CHA", "Champagne", "France"), ("LAN", "Languedoc", "France"),
        ("PRV", "Provence", "France"),
        ("TUS", "Tuscany", "Italy"), ("PIE", "Piedmont", "Italy"), ("VEN", "Veneto", "Italy"), ("SIC", "Sicily", "Italy"),
        ("MOS", "Mosel", "Germany"), ("MAR", "Marlborough", "New Zealand"), ("BAR", "Barossa", "Australia"),
        ("MEN", "Mendoza", "Argentina"), ("CEN", "Central Valley", "Chile"), ("STE", "Stellenbosch", "South Africa"),
        ("DOU", "Douro", "Portugal"), ("SUS", "Sussex", "England"), ("NAP", "Napa Valley", "USA"),
    ]
    cur.executemany("INSERT INTO regions VALUES (?,?,?)", regions)
    country_of = {r[0]: r[2] for r in regions}

    staff = [
        (1, "Harriet Vane", "Managing Director", None, None, None, "2012-04-01", None, 1),
        (2, "Tom Bellamy", "Sales Manager", "House Accounts", 0.03, 1, "2015-09-01", None, 1),
        (3, "Priya Shah", "Sales Rep", "Bristol", 0.05, 2, "2019-02-04", None, 1),
        (4, "Gareth Lloyd", "Sales Rep", "South Wales", 0.05, 2, "2020-06-15", None, 1),
        (5, "Ellie Marsh", "Sales Rep", "Bath & Somerset", 0.045, 2, "2022-01-10", None, 1),
        (6, "Josh Keane", "Sales Rep", "Cotswolds", 0.05, 2, "2018-03-01", "2025-08-29", 0),
        (7, "Nina Rossi", "Sales Rep", "Cotswolds", 0.04, 2, "2025-09-15", None, 1),
        (8, "Dan Whitlock", "Driver", None, None, 10, "2017-05-01", None, 1),
        (9, "Kev Parsons", "Driver", None, None, 10, "2021-11-01", None, 1),
        (10, "Mo Ahmed", "Warehouse Manager", None, None, 1, "2016-02-01", None, 1),
        (11, "Sophie Dunn", "Shop Manager", None, None, 1, "2019-08-01", None, 1),
        (12, "Lewis Grant", "Driver", None, None, 10, "2022-03-01", "2025-03-28", 0),
        (13, "Alfie Brooks", "Shop Assistant", None, None, 11, "2024-05-13", None, 1),
        (14, "Carys Evans", "Driver", None, None, 10, "2025-04-07", None, 1),
    ]
    # managers first so the self-reference resolves
    cur.executemany("INSERT INTO staff VALUES (?,?,?,?,?,?,?,?,?)",
                    sorted(staff, key=lambda s: (s[5] is not None, s[5] or 0, s[0])))

    def employed(sid, d):
        s = staff[sid - 1]
        return date.fromisoformat(s[6]) <= d and (s[7] is None or d <= date.fromisoformat(s[7]))

    suppliers = [
        (1, "Iberian Cellars Ltd", "Spain", "Carmen Ruiz", 14, "Active", 0),
        (2, "Vinothèque Imports", "France", "Luc Moreau", 10, "Active", 0),
        (3, "Bella Vigna Agencies", "Italy", "Marco Bassi", 12, "Active", 0),
        (4, "Southern Hemisphere Wines", "Multi", "Kate Lowe", 21, "Active", 0),
        (5, "Douro & Co", "Portugal", "Rui Costa", 14, "Active", 0),
        (6, "Rheingold Trading", "Germany", "Anke Weber", 12, "Active", 0),
        (7, "English Fizz Direct", "England", "Olly Hart", 5, "Active", 0),
        (8, "Pacific Coast Imports", "USA", "Dana Reyes", 28, "On hold", 0),
        (9, "Bulk Vino UK", "Multi", "Steve Dent", 7, "Active", 0),
        (10, "Old Claret House", "France", "Giles Pemberton", 10, "Closed", 1),
    ]
    cur.executemany("INSERT INTO suppliers VALUES (?,?,?,?,?,?,?)", suppliers)
    supp_for_country = {"Spain": 1, "France": 2, "Italy": 3, "New Zealand": 4, "Australia": 4, "Argentina": 4,
                        "Chile": 4, "South Africa": 4, "Portugal": 5, "Germany": 6, "England": 7, "USA": 8}

    # producer, name, region, grape, colour, vintages, cost_p per btl, case qty, abv, house?
    cat = [
        ("Bodegas Ontañón", "Rioja Crianza", "RIO", "Tempranillo", "Red", [2019, 2020, 2021], 720, 12, 13.5, 0),
        ("La Rioja Alta", "Viña Ardanza Reserva", "RIO", "Tempranillo / Garnacha", "Red", [2016, 2017], 2150, 6, 14.0, 0),
        ("Marqués de Murrieta", "Rioja Reserva", "RIO", "Tempranillo", "Red", [2018, 2019], 1450, 6, 14.0, 0),
        ("CVNE", "Monopole Blanco", "RIO", "Viura", "White", [2023], 690, 12, 13.0, 0),
        ("Bodegas Muga", "Rioja Rosado", "RIO", "Garnacha", "Rosé", [2024], 760, 12, 13.0, 0),
        ("Bodegas Faustino", "Rioja Gran Reserva I", "RIO", "Tempranillo", "Red", [2012], 1850, 6, 13.5, 0),
        ("Protos", "Ribera del Duero Roble", "RDD", "Tempranillo", "Red", [2022], 880, 12, 14.0, 0),
        ("Pesquera", "Crianza", "RDD", "Tempranillo", "Red", [2020], 1620, 6, 14.5, 0),
        ("Pazo de Señoráns", "Albariño", "RBX", "Albariño", "White", [2023, 2024], 1180, 6, 13.0, 0),
        ("Martín Códax", "Albariño", "RBX", "Albariño", "White", [2023], 820, 12, 12.5, 0),
        ("Casa Verde", "House Red Tempranillo", "CAS", "Tempranillo", "Red", [2023, 2024], 310, 12, 13.0, 1),
        ("Casa Verde", "House White Macabeo", "CAS", "Macabeo", "White", [2024], 300, 12, 12.0, 1),
        ("Codorníu", "Cava Brut Reserva", "PEN", "Macabeo / Xarel-lo / Parellada", "Sparkling", [None], 620, 6, 11.5, 0),
        ("Château Tour de Mirambeau", "Bordeaux Rouge", "BDX", "Merlot / Cabernet Sauvignon", "Red", [2020, 2021], 790, 12, 13.5, 0),
        ("Château Lanessan", "Haut-Médoc", "BDX", "Cabernet Sauvignon / Merlot", "Red", [2016, 2018], 1980, 6, 13.5, 0),
        ("Château Coutet", "Barsac (half)", "BDX", "Sémillon", "Sweet", [2015], 1750, 6, 13.5, 0),
        ("Château Tour de Mirambeau", "Bordeaux Blanc", "BDX", "Sauvignon Blanc / Sémillon", "White", [2023], 760, 12, 12.5, 0),
        ("Domaine Faiveley", "Bourgogne Pinot Noir", "BUR", "Pinot Noir", "Red", [2021, 2022], 1390, 6, 13.0, 0),
        ("Louis Jadot", "Mâcon-Villages", "BUR", "Chardonnay", "White", [2023], 1020, 12, 13.0, 0),
        ("William Fèvre", "Chablis", "BUR", "Chardonnay", "White", [2022, 2023], 1490, 6, 12.5, 0),
        ("Joseph Drouhin", "Gevrey-Chambertin", "BUR", "Pinot Noir", "Red", [2019], 3650, 6, 13.5, 0),
        ("Pascal Jolivet", "Sancerre", "LOI", "Sauvignon Blanc", "White", [2023, 2024], 1420, 6, 13.0, 0),
        ("Domaine Huet", "Vouvray Sec Le Haut-Lieu", "LOI", "Chenin Blanc", "White", [2021], 1980, 6, 13.0, 0),
        ("Domaine de la Pépière", "Muscadet Sèvre et Maine", "LOI", "Melon de Bourgogne", "White", [2023], 740, 12, 12.0, 0),
        ("E. Guigal", "Côtes du Rhône", "RHO", "Grenache / Syrah", "Red", [2020, 2021], 840, 12, 14.0, 0),
        ("Domaine du Vieux Télégraphe", "Châteauneuf-du-Pape", "RHO", "Grenache", "Red", [2018], 3450, 6, 14.5, 0),
        ("Paul Jaboulet Aîné", "Crozes-Hermitage", "RHO", "Syrah", "Red", [2020], 1290, 6, 13.5, 0),
        ("Pol Roger", "Brut Réserve", "CHA", "Chardonnay / Pinot Noir / Pinot Meunier", "Sparkling", [None], 3050, 6, 12.5, 0),
        ("Bollinger", "Special Cuvée", "CHA", "Pinot Noir / Chardonnay", "Sparkling", [None], 3600, 6, 12.0, 0),
        ("Billecart-Salmon", "Brut Rosé", "CHA", "Chardonnay / Pinot Noir", "Sparkling", [None], 4600, 6, 12.0, 0),
        ("Domaine Gayda", "Figure Libre Rouge", "LAN", "Syrah / Grenache / Carignan", "Red", [2021], 990, 6, 14.0, 0),
        ("Félines Jourdan", "Picpoul de Pinet", "LAN", "Piquepoul", "White", [2023, 2024], 590, 12, 12.5, 0),
        ("Les Vignerons", "Merlot Pays d'Oc", "LAN", "Merlot", "Red", [2023], 420, 12, 13.0, 1),
        ("Château Minuty", "M de Minuty", "PRV", "Grenache / Cinsault", "Rosé", [2023, 2024], 1050, 6, 12.5, 0),
        ("Château d'Esclans", "Whispering Angel", "PRV", "Grenache / Rolle", "Rosé", [2023, 2024], 1390, 6, 13.0, 0),
        ("Castello di Ama", "Chianti Classico", "TUS", "Sangiovese", "Red", [2019, 2020], 1540, 6, 13.5, 0),
        ("Col d'Orcia", "Brunello di Montalcino", "TUS", "Sangiovese", "Red", [2017], 3100, 6, 14.0, 0),
        ("Fattoria Poggio", "Chianti", "TUS", "Sangiovese", "Red", [2022], 610, 12, 13.0, 0),
        ("G.D. Vajra", "Langhe Nebbiolo", "PIE", "Nebbiolo", "Red", [2021], 1420, 6, 13.5, 0),
        ("Pio Cesare", "Barolo", "PIE", "Nebbiolo", "Red", [2018], 3900, 6, 14.0, 0),
        ("Braida", "Barbera d'Asti Montebruna", "PIE", "Barbera", "Red", [2021], 1120, 6, 14.0, 0),
        ("La Scolca", "Gavi di Gavi", "PIE", "Cortese", "White", [2023], 1240, 6, 12.0, 0),
        ("Masi", "Amarone Costasera", "VEN", "Corvina", "Red", [2017], 3300, 6, 15.0, 0),
        ("Bisol", "Prosecco Superiore", "VEN", "Glera", "Sparkling", [None], 690, 12, 11.0, 0),
        ("Pieropan", "Soave Classico", "VEN", "Garganega", "White", [2023], 860, 12, 12.0, 0),
        ("Ca' di Alte", "Pinot Grigio delle Venezie", "VEN", "Pinot Grigio", "White", [2024], 380, 12, 12.0, 1),
        ("Planeta", "Nero d'Avola", "SIC", "Nero d'Avola", "Red", [2021], 880, 12, 13.5, 0),
        ("Dr. Loosen", "Blue Slate Riesling Kabinett", "MOS", "Riesling", "White", [2022], 960, 12, 8.5, 0),
        ("Joh. Jos. Prüm", "Wehlener Sonnenuhr Spätlese", "MOS", "Riesling", "Sweet", [2019], 2950, 6, 8.0, 0),
        ("Cloudy Bay", "Sauvignon Blanc", "MAR", "Sauvignon Blanc", "White", [2024], 1690, 6, 13.0, 0),
        ("Greywacke", "Sauvignon Blanc", "MAR", "Sauvignon Blanc", "White", [2023, 2024], 1320, 6, 13.5, 0),
        ("Tinpot Hut", "Marlborough Sauvignon Blanc", "MAR", "Sauvignon Blanc", "White", [2024], 690, 12, 13.0, 0),
        ("Te Pā", "Pinot Noir", "MAR", "Pinot Noir", "Red", [2022], 1150, 6, 13.5, 0),
        ("Penfolds", "Bin 28 Shiraz", "BAR", "Shiraz", "Red", [2020], 1880, 6, 14.5, 0),
        ("Yalumba", "Patchwork Shiraz", "BAR", "Shiraz", "Red", [2021], 1050, 6, 14.5, 0),
        ("Torbreck", "Woodcutter's Shiraz", "BAR", "Shiraz", "Red", [2020, 2021], 1390, 6, 15.0, 0),
        ("Catena", "Malbec", "MEN", "Malbec", "Red", [2021, 2022], 1020, 6, 13.5, 0),
        ("Zuccardi", "Serie A Malbec", "MEN", "Malbec", "Red", [2022], 880, 6, 14.0, 0),
        ("Susana Balbo", "Crios Torrontés", "MEN", "Torrontés", "White", [2023], 760, 6, 13.0, 0),
        ("Viña Los Robles", "Merlot", "CEN", "Merlot", "Red", [2023, 2024], 350, 12, 13.0, 1),
        ("Viña Los Robles", "Sauvignon Blanc", "CEN", "Sauvignon Blanc", "White", [2024], 340, 12, 12.5, 1),
        ("Kanonkop", "Kadette Pinotage", "STE", "Pinotage", "Red", [2021], 980, 6, 14.0, 0),
        ("Ken Forrester", "Old Vine Reserve Chenin", "STE", "Chenin Blanc", "White", [2023], 890, 6, 13.5, 0),
        ("Meerlust", "Rubicon", "STE", "Cabernet Sauvignon / Merlot", "Red", [2018], 2650, 6, 14.5, 0),
        ("Niepoort", "Redoma Tinto", "DOU", "Touriga Nacional / Tinta Roriz", "Red", [2020], 1650, 6, 13.5, 0),
        ("Taylor's", "Late Bottled Vintage Port", "DOU", "Touriga Nacional", "Fortified", [2019], 1250, 6, 20.0, 0),
        ("Graham's", "10 Year Old Tawny Port", "DOU", "Touriga Nacional / Tinta Barroca", "Fortified", [None], 1790, 6, 20.0, 0),
        ("Nyetimber", "Classic Cuvée", "SUS", "Chardonnay / Pinot Noir", "Sparkling", [None], 2650, 6, 12.0, 0),
        ("Ridgeview", "Bloomsbury Brut", "SUS", "Chardonnay / Pinot Noir", "Sparkling", [None], 2050, 6, 12.0, 0),
        ("Frog's Leap", "Napa Valley Cabernet Sauvignon", "NAP", "Cabernet Sauvignon", "Red", [2019], 3800, 6, 14.0, 0),
        ("Ridge", "Geyserville Zinfandel", "NAP", "Zinfandel", "Red", [2020], 3200, 6, 14.5, 0),
    ]
    colour_variants = {
        "Red": (["Red", "red", "RED"], [75, 10, 15]),
        "White": (["White", "white", "WHITE"], [75, 10, 15]),
        "Rosé": (["Rosé", "Rose", "rosé"], [60, 30, 10]),
        "Sparkling": (["Sparkling", "SPARKLING", "sparkling"], [75, 15, 10]),
        "Sweet": (["Sweet", "Dessert"], [60, 40]),
        "Fortified": (["Fortified", "FORTIFIED"], [80, 20]),
    }
    wines = []
    wid = 0
    winfo = {}
    for (prod, nm, reg, grape, col, vins, cost, cq, abv, house) in cat:
        for k, v in enumerate(vins):
            wid += 1
            old = k < len(vins) - 1          # older vintages are being sold through
            pre = "".join(ch for ch in prod.upper() if ch.isalpha())[:4]
            sku = f"{reg}-{pre}{wid:03d}-{str(v)[2:] if v else 'NV'}"
            colour = wchoice(rng, *colour_variants[col])
            c = cost + (k - len(vins) + 1) * rng.choice([0, 20, 40])
            trade = round(c * cq * 1.42 / 100 / 0.5) * 0.5
            retail = round(c * 2.15 / 100) - 0.01
            if house:
                trade = round(c * cq * 1.55 / 100 / 0.5) * 0.5
                retail = round(c * 2.5 / 100) - 0.01
            if rng.random() < 0.06:
                retail = round(c * 1.85 / 100) - 0.01   # loss-leaders in the shop
            disc = 1 if (old and rng.random() < 0.6) else 0
            if nm == "Rioja Gran Reserva I":
                disc = 1
            ml = 375 if "(half)" in nm else (1500 if False else 750)
            note = None
            if disc:
                note = rng.choice(["Sell through - replaced by new vintage", "Delisted", "Bin end - no reorder"])
            elif house:
                note = "House wine - pub/restaurant pouring"
            elif rng.random() < 0.08:
                note = rng.choice(["Allocation only", "Parker 92", "Staff pick", "Great with lamb"])
            supp = supp_for_country[country_of[reg]]
            if house:
                supp = 9
            if reg == "BDX" and v and v <= 2016:
                supp = 10
            wines.append((wid, sku, nm, prod, reg, v, grape, colour, ml, cq, c, trade, retail, abv, supp, disc, note))
            winfo[wid] = dict(cost=c, cq=cq, trade=trade, retail=retail, house=house, disc=disc, reg=reg,
                              col=col, v=v, nm=nm, supp=supp)
    cur.executemany("INSERT INTO wines VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)", wines)
    wine_ids = list(winfo)
    live = [w for w in wine_ids if not winfo[w]["disc"]]

    # ---------------- customers
    areas = {
        3: ("Bristol", ["Bristol", "Clifton", "Bedminster", "Redland"], ["BS1", "BS8", "BS3", "BS6"]),
        4: ("South Wales", ["Cardiff", "Newport", "Penarth", "Chepstow"], ["CF10", "NP20", "CF64", "NP16"]),
        5: ("Bath & Somerset", ["Bath", "Frome", "Wells", "Bradford-on-Avon"], ["BA1", "BA11", "BA5", "BA15"]),
        7: ("Cotswolds", ["Cirencester", "Stroud", "Tetbury", "Stow-on-the-Wold"], ["GL7", "GL5", "GL8", "GL54"]),
        2: ("House Accounts", ["Bristol", "Bath", "Cheltenham"], ["BS1", "BA2", "GL50"]),
    }
    pub_nm = ["The Red Lion", "The Crown", "The Plough", "The Bell", "The Swan", "The Fox & Hounds", "The Kings Arms",
              "The Rose & Crown", "The Royal Oak", "The White Hart", "The Black Horse", "The Wheatsheaf", "The Star",
              "The George", "The Anchor", "The Ship", "The Lamb", "The Queens Head", "The Bunch of Grapes",
              "The Old Spot", "The Hare & Hounds", "The Green Man", "The Bull", "The Boathouse", "The Three Tuns",
              "The Crossed Keys", "The Volunteer", "The Cornubia", "The Highbury Vaults", "The Seven Stars"]
    rest_nm = ["Casa Rosa", "Bistro Lucien", "The Olive Tree", "Sotto Sotto", "Wild Garlic", "Ember & Oak",
               "Pintxo People", "Thai Orchid", "The Pig's Ear", "Osteria Nonna", "Bravas", "Wallfish",
               "The Ethicurean", "Root", "Salt & Malt", "Little French", "Menu Gordon", "The Cauldron",
               "Sonny's", "Marmo", "Tapas Revolution", "Cafe Rosa", "Gambas", "The Walrus & Carpenter",
               "Fishworks", "Noya's Kitchen", "The Botanist", "Henry's Grill", "Bosco", "Lido Kitchen",
               "Cosmo's", "Number 4", "The Kitchen Table", "Caper & Cure", "Bianchis", "The Mint Room"]
    hotel_nm = ["The Abbey Hotel", "Bailbrook House", "The Royal Crescent Hotel", "The Bear Hotel", "Calcot Manor",
                "The Swan at Wells", "Hotel du Vin", "Barnsley House", "The Grand", "Lucknam Lodge",
                "The Bell at Tetbury", "Penarth Pier Hotel"]
    bar_nm = ["The Cork & Cask", "Grape & Grain", "Corkage", "Wine Cave", "Uncorked", "Decant",
              "Bottle & Glass", "Vino Vino", "Tannin Bar", "Sediment", "The Wine Rack", "Pour House", "Corks of Clifton"]
    deli_nm = ["Chandos Deli", "Fosse Farm Shop", "Hobbs House Deli", "Valley Farm Shop", "Better Food",
               "Cheese & Co", "Wells Deli", "Stroud Valleys Pantry", "The Larder", "Cirencester Provisions"]
    trade_pool = ([("Pub", n) for n in pub_nm] + [("Restaurant", n) for n in rest_nm] +
                  [("Hotel", n) for n in hotel_nm] + [("Wine Bar", n) for n in bar_nm] +
                  [("Deli", n) for n in deli_nm])
    rng.shuffle(trade_pool)
    customers = []
    cinfo = {}
    used = set()
    cid = 0
    for ttype, tname in trade_pool:
        cid += 1
        rep = wchoice(rng, [3, 4, 5, 7, 2], [28, 20, 24, 20, 8])
        towns, pcs = areas[rep][1], areas[rep][2]
        ti = rng.randrange(len(towns))
        town = towns[ti]
        pc = f"{pcs[ti]} {rng.randint(1, 9)}{rng.choice('ABDEFGHJLNPQRSTUWXYZ')}{rng.choice('ABDEFGHJLNPQRSTUWXYZ')}"
        fn, ln = person(rng, used)
        r = rng.random()
        if r < 0.55:
            opened = rand_date(rng, date(2013, 1, 1), date(2023, 12, 31))
        elif r < 0.75:
            opened = rand_date(rng, date(2024, 1, 1), date(2024, 12, 31))
        elif r < 0.9:
            opened = rand_date(rng, date(2025, 1, 1), date(2025, 12, 31))
        else:
            opened = rand_date(rng, date(2026, 1, 1), date(2026, 10, 31))
        closed = None
        if rng.random() < 0.1:
            closed = rand_date(rng, max(opened + timedelta(days=120), date(2024, 3, 1)), date(2026, 10, 31))
        ctype = wchoice(rng, ["Trade", "TRADE", "trade"], [70, 15, 15])
        limit = float(rng.choice([1500, 2500, 3000, 5000, 7500, 10000]))
        if ttype == "Hotel":
            limit = float(rng.choice([10000, 15000, 20000]))
        on_stop = 1 if (closed is None and rng.random() < 0.06) else 0
        note = None
        if on_stop:
            note = rng.choice(["On stop - 2 invoices 60+ days", "On stop until cheque clears", "Bounced DD - on stop"])
        elif closed:
            note = rng.choice(["Closed down", "Changed hands - new owners use Matthew Clark", "Ceased trading"])
        elif rng.random() < 0.12:
            note = rng.choice(["Deliver before 11am", "Rear entrance - ring bell", "Chef orders, not manager",
                               "Wants pallet for Xmas", "Prefers Tues deliveries"])
        email = f"orders@{''.join(ch for ch in tname.lower() if ch.isalnum())[:14]}.co.uk"
        customers.append([cid, f"T{cid:04d}", ctype, ttype, tname, f"{fn} {ln}", town, pc, email, rep, limit,
                          30, d2s(opened), d2s(closed) if closed else None, on_stop, 0, note])
        cinfo[cid] = dict(trade=True, ttype=ttype, rep=rep, opened=opened, closed=closed,
                          freq=rng.lognormvariate(-0.6, 0.55) * (1.4 if ttype in ("Pub", "Restaurant") else 1.0),
                          fav=None, on_stop=on_stop)
    n_trade = cid
    retail_towns = ["Bristol", "Bath", "Clifton", "Frome", "Cardiff", "Cirencester", "Stroud", "Wells", "Keynsham", "Portishead"]
    retail_pc = ["BS1", "BA1", "BS8", "BA11", "CF10", "GL7", "GL5", "BA5", "BS31", "BS20"]
    for _ in range(280):
        cid += 1
        fn, ln = person(rng, used)
        ti = wchoice(rng, list(range(len(retail_towns))), [25, 22, 12, 6, 5, 5, 5, 5, 8, 7])
        r = rng.random()
        if r < 0.4:
            opened = rand_date(rng, date(2016, 1, 1), date(2023, 12, 31))
        elif r < 0.65:
            opened = rand_date(rng, date(2024, 1, 1), date(2024, 12, 31))
        elif r < 0.85:
            opened = rand_date(rng, date(2025, 1, 1), date(2025, 12, 31))
        else:
            opened = rand_date(rng, date(2026, 1, 1), date(2026, 11, 20))
        ctype = wchoice(rng, ["Retail", "retail", "RETAIL"], [78, 17, 5])
        deleted = 1 if rng.random() < 0.025 else 0
        email = None if rng.random() < 0.1 else f"{fn.lower()}.{ln.lower()}@{rng.choice(['gmail.com', 'btinternet.com', 'outlook.com', 'icloud.com'])}"
        pc = f"{retail_pc[ti]} {rng.randint(1, 9)}{rng.choice('ABDEFGHJLNPQRSTUWXYZ')}{rng.choice('ABDEFGHJLNPQRSTUWXYZ')}"
        note = None
        if rng.random() < 0.06:
            note = rng.choice(["Wine club member", "Likes big reds", "Prefers collection", "Allergic to sulphites? check",
                               "Corporate gifts each Dec"])
        customers.append([cid, f"R{cid:04d}", ctype, None, f"{fn} {ln}", f"{fn} {ln}", retail_towns[ti], pc, email,
                          None, None, 0, d2s(opened), None, 0, deleted, note])
        cinfo[cid] = dict(trade=False, rep=None, opened=opened, closed=None,
                          freq=rng.lognormvariate(-2.3, 0.9), deleted=deleted)
    cur.executemany("INSERT INTO customers VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)", customers)

    # favourites per trade customer
    house_ids = [w for w in wine_ids if winfo[w]["house"]]
    for c, ci in cinfo.items():
        if ci["trade"]:
            k = rng.randint(5, 11)
            fav = rng.sample(live, k)
            if ci["ttype"] in ("Pub", "Restaurant", "Hotel"):
                fav += rng.sample(house_ids, rng.randint(1, 3))
            ci["fav"] = list(dict.fromkeys(fav))

    # ---------------- sales orders
    yf = {2024: 0.92, 2025: 0.96, 2026: 1.0}
    season = {1: 0.6, 2: 0.75, 3: 0.9, 4: 1.0, 5: 1.1, 6: 1.2, 7: 1.2, 8: 1.1, 9: 0.95, 10: 1.0, 11: 1.3, 12: 1.7}
    orders = []   # [so_no, cust, dt, rep, channel, status, ref, delchg]
    olines = []
    so = 100000
    lid = 0

    def rep_at(rep, d):
        if rep == 7 and d < date(2025, 9, 15):
            return 6 if d <= date(2025, 8, 29) else 2
        return rep

    def avail(w, d):
        v = winfo[w]["v"]
        if v and d.year < v + 1 + (1 if winfo[w]["col"] in ("Red",) and v >= 2022 else 0):
            return False
        if winfo[w]["disc"] and d > date(2026, 6, 30) and rng.random() < 0.8:
            return False
        return True

    raw = []
    for c, ci in cinfo.items():
        a = max(ci["opened"], date(2024, 1, 2))
        b = min(ci["closed"] or TODAY, TODAY)
        if ci["trade"]:
            p_week = min(0.9, ci["freq"] / 4.3 * 0.8)
        else:
            p_week = min(0.5, ci["freq"] / 4.3)
        d = a
        while d <= b:
            dd = d + timedelta(days=rng.randint(0, 6))
            if dd.weekday() == 6:
                dd -= timedelta(days=1)
            if dd <= b and dd >= a and rng.random() < p_week * season[dd.month]:
                if not (ci["trade"] and ci["on_stop"] and dd > TODAY - timedelta(days=40)):
                    raw.append((dd, c))
            d += timedelta(days=7)
    raw.sort()
    for dd, c in raw:
        ci = cinfo[c]
        so += 1
        if ci["trade"]:
            channel = "Trade"
            rep = rep_at(ci["rep"], dd)
            nlines = wchoice(rng, [1, 2, 3, 4, 5, 6], [10, 20, 25, 22, 14, 9])
            picks = [w for w in ci["fav"] if avail(w, dd)]
            if rng.random() < 0.25:
                picks += [w for w in rng.sample(live, 3) if avail(w, dd)]
            picks = list(dict.fromkeys(picks))
            rng.shuffle(picks)
            picks = picks[:nlines] or [rng.choice(house_ids)]
            delchg = 0.0 if rng.random() < 0.9 else 12.5
            ref = f"PO{rng.randint(1000, 9999)}" if rng.random() < 0.3 else None
        else:
            channel = wchoice(rng, ["Shop", "Web"], [58, 42])
            rep = None
            nlines = wchoice(rng, [1, 2, 3, 4], [45, 30, 17, 8])
            cand = [w for w in wine_ids if avail(w, dd)]
            picks = list(dict.fromkeys(rng.sample(cand, nlines)))
            delchg = 0.0 if channel == "Shop" else (7.95 if rng.random() < 0.6 else 0.0)
            ref = None
        disc_ord = 0.0
        if ci["trade"]:
            disc_ord = wchoice(rng, [0.0, 5.0, 10.0, 12.5], [58, 26, 13, 3])
        for w in picks:
            wi = winfo[w]
            cq = wi["cq"]
            if ci["trade"]:
                if wi["house"]:
                    btls = cq * wchoice(rng, [1, 2, 3, 4, 6], [25, 30, 20, 15, 10])
                else:
                    btls = cq * wchoice(rng, [1, 2, 3], [65, 25, 10])
                    if rng.random() < 0.08:
                        btls = cq // 2
                cp = round(wi["trade"] * yf[dd.year], 2)
                dp = disc_ord
            else:
                btls = wchoice(rng, [1, 2, 3, 6, 12], [40, 25, 12, 15, 8])
                cp = round(wi["retail"] * yf[dd.year] * cq, 2)
                dp = 10.0 if btls >= 12 else (5.0 if btls >= 6 and rng.random() < 0.5 else 0.0)
            lid += 1
            olines.append([lid, so, w, btls, cp, dp])
        # status
        age = (TODAY - dd).days
        legacy = dd < date(2024, 7, 1) and rng.random() < 0.5
        if rng.random() < 0.035:
            st = "Cancelled"
        elif channel == "Shop":
            st = "Paid"
        elif channel == "Web":
            st = "Open" if age < 2 else ("Delivered" if age < 8 else "Paid")
        else:
            if age < 4:
                st = "Open"
            elif age < 30:
                st = "Invoiced" if rng.random() < 0.7 else "Paid"
            elif age < 75:
                st = "Invoiced" if rng.random() < 0.25 else "Paid"
            else:
                st = "Invoiced" if rng.random() < 0.015 else "Paid"
            if ci["on_stop"] and age < 120 and st == "Paid" and rng.random() < 0.6:
                st = "Invoiced"
        if legacy:
            st = st.upper()
        elif rng.random() < 0.04:
            st = st.lower()
        orders.append([so, c, d2s(dd), rep, channel, st, ref, delchg])
    # Christmas pre-orders placed this month for December delivery
    xmas = []
    for c in [c for c, ci in cinfo.items() if ci["trade"] and ci["closed"] is None and not ci["on_stop"]]:
        if rng.random() < 0.3:
            dd = rand_date(rng, date(2026, 11, 2), date(2026, 11, 27))
            if dd.weekday() == 6:
                dd -= timedelta(days=1)
            so += 1
            ci = cinfo[c]
            picks = [w for w in ci["fav"] if avail(w, dd)][:rng.randint(2, 5)]
            picks += [w for w in rng.sample([w for w in live if winfo[w]["col"] == "Sparkling"], 1)]
            disc_ord = wchoice(rng, [0.0, 5.0, 10.0], [50, 35, 15])
            for w in dict.fromkeys(picks):
                wi = winfo[w]
                lid += 1
                olines.append([lid, so, w, wi["cq"] * rng.choice([1, 2, 2, 3, 4]), round(wi["trade"], 2), disc_ord])
            orders.append([so, c, d2s(dd), rep_at(ci["rep"], dd), "Trade", "Open", "XMAS", 0.0])
            xmas.append(so)
    cur.executemany("INSERT INTO so_header VALUES (?,?,?,?,?,?,?,?)", orders)
    cur.executemany("INSERT INTO so_lines VALUES (?,?,?,?,?,?)", olines)
    lines_by_so = {}
    for l in olines:
        lines_by_so.setdefault(l[1], []).append(l)

    # ---------------- deliveries
    vans = {8: "WV19 KXD", 9: "WU21 PLO", 12: "FL68 RTY", 14: "WR24 HNB"}
    dels = []
    did = 0
    xs = set(xmas)
    for o in orders:
        so_no, c, dts, rep, channel, st, ref, delchg = o
        if channel == "Shop" or st.lower() == "cancelled":
            continue
        d0 = date.fromisoformat(dts)
        if so_no in xs:
            sd = rand_date(rng, date(2026, 11, 30), date(2026, 12, 19))
        else:
            sd = d0 + timedelta(days=rng.choice([1, 1, 2, 2, 3, 4]))
        if sd.weekday() == 6:
            sd += timedelta(days=1)
        drivers = [x for x in (8, 9, 12, 14) if employed(x, sd)] or [8]
        drv = wchoice(rng, drivers, [{8: 40, 9: 35, 12: 25, 14: 30}[x] for x in drivers])
        van = vans[drv]
        if drv == 9 and sd >= date(2026, 5, 1) and rng.random() < 0.3:
            van = "WR24 HNB"
        if sd > TODAY:
            stt, dd_, sig = "Scheduled", None, None
        elif sd == TODAY:
            stt, dd_, sig = ("Out for delivery", None, None)
        else:
            if rng.random() < 0.035:
                did += 1
                dels.append((did, so_no, d2s(sd), None, drv, van, "Failed", None,
                             rng.choice(["Closed - no answer", "No access, gates locked", "Refused - wrong order", "Van breakdown"])))
                sd = sd + timedelta(days=1 if sd.weekday() < 5 else 2)
                drivers = [x for x in (8, 9, 12, 14) if employed(x, sd)] or [8]
                drv = rng.choice(drivers)
                van = vans[drv]
            if sd >= TODAY:
                stt, dd_, sig = "Scheduled", None, None
            else:
                stt = wchoice(rng, ["Delivered", "delivered", "DELIVERED"], [85, 10, 5])
                dd_ = d2s(sd)
                sig = rng.choice(["", "J. Smith", "kitchen porter", "Bar staff", "Chef", "Left in porch", "Manager", None])
        note = None
        if rng.random() < 0.05:
            note = rng.choice(["Deliver rear door", "Call 10 mins before", "Customer collected part", "Pallet"])
        did += 1
        dels.append((did, so_no, d2s(sd), dd_, drv, van, stt, sig, note))
    cur.executemany("INSERT INTO deliveries VALUES (?,?,?,?,?,?,?,?,?)", dels)

    # ---------------- credit notes
    cns = []
    cnid = 0
    eligible = [o for o in orders if o[5].lower() not in ("cancelled", "open") and o[2] < "2026-11-26"]
    picks = rng.sample(eligible, 150)
    picks.sort(key=lambda o: o[2])
    for o in picks:
        cnid += 1
        ln = rng.choice(lines_by_so[o[0]])
        w = ln[2]
        reason = wchoice(rng, ["Corked", "Breakage", "Short delivery", "Wrong wine sent", "Pricing error", "Goodwill"],
                         [30, 25, 15, 12, 10, 8])
        d = date.fromisoformat(o[2]) + timedelta(days=rng.randint(2, 21))
        if d > TODAY:
            d = TODAY
        if reason in ("Pricing error", "Goodwill"):
            wcol, btls = (None, None) if rng.random() < 0.6 else (w, None)
            amt = int(round(rng.choice([5, 10, 12.5, 15, 20, 25, 30, 40]) * 100))
        else:
            btls = min(ln[3], wchoice(rng, [1, 2, 3, 6], [55, 20, 10, 15]))
            wcol = w
            amt = int(round(btls * ln[4] / winfo[w]["cq"] * (1 - ln[5] / 100) * 100))
        appr = rng.choice([x for x in (1, 2, 10, 11) if employed(x, d)])
        void = 1 if rng.random() < 0.04 else 0
        cns.append((cnid, f"CN{2400 + cnid}", o[0], o[1], d2s(d), reason, wcol, btls, amt, appr, void))
    cur.executemany("INSERT INTO credit_notes VALUES (?,?,?,?,?,?,?,?,?,?,?)", cns)

    # ---------------- purchase orders
    pos = []
    pols = []
    plid = 0
    pon = 0
    wines_by_supp = {}
    for w in wine_ids:
        wines_by_supp.setdefault(winfo[w]["supp"], []).append(w)
    d = date(2024, 1, 8)
    while d <= date(2026, 11, 27):
        for s in [1, 2, 3, 4, 9, 5, 6, 7, 8, 10]:
            pw = {1: 0.25, 2: 0.3, 3: 0.22, 4: 0.2, 9: 0.35, 5: 0.08, 6: 0.07, 7: 0.12, 8: 0.04, 10: 0.05}[s]
            if s == 10 and d > date(2024, 9, 30):
                continue
            if s == 8 and d > date(2026, 4, 30):
                continue
            if rng.random() >= pw:
                continue
            pon += 1
            pd = d + timedelta(days=rng.randint(0, 4))
            lead = suppliers[s - 1][4]
            due = pd + timedelta(days=lead + rng.choice([0, 0, 3, 7]))
            late = rng.choice([0, 0, 0, 0, 1, 2, 3, 5, 9, -1])
            if rng.random() < 0.03:
                st, recv = "Cancelled", None
            elif due + timedelta(days=max(late, 0)) < TODAY:
                recv = due + timedelta(days=late)
                st = "Part Received" if rng.random() < 0.05 else wchoice(rng, ["Received", "received", "RECEIVED"], [80, 12, 8])
            else:
                st, recv = "Open", None
            carriage = float(rng.choice([0, 0, 45, 60, 85, 120]))
            note = None
            if st == "Part Received":
                note = "Balance to follow"
            elif rng.random() < 0.06:
                note = rng.choice(["Pallet", "Bonded - duty on release", "Chase for delivery date", "Mixed pallet"])
            pos.append([f"PO-{pd.year % 100}{pon:04d}", s, d2s(pd), d2s(due), d2s(recv) if recv else None, st, carriage, note])
            ws = [w for w in wines_by_supp.get(s, []) if not winfo[w]["disc"] or pd < date(2025, 6, 1)]
            for w in rng.sample(ws, min(len(ws), rng.randint(1, 5))):
                plid += 1
                cases = rng.choice([5, 5, 10, 10, 15, 20, 25, 50]) if winfo[w]["house"] else rng.choice([2, 3, 5, 5, 10, 12])
                ccost = int(round(winfo[w]["cost"] * winfo[w]["cq"] * yf[pd.year]))
                if st == "Part Received":
                    recd = max(0, cases - rng.randint(1, cases))
                elif st.lower() == "received":
                    recd = cases
                else:
                    recd = 0 if st == "Open" or st == "Cancelled" else cases
                pols.append((plid, pos[-1][0], w, cases, ccost, recd))
        d += timedelta(days=7)
    # forward orders (en primeur / Xmas top-up) due next year
    for (s, pdt, due) in [(2, "2026-11-12", "2027-02-15"), (3, "2026-11-20", "2027-01-20"), (4, "2026-11-25", "2027-03-10"),
                          (1, "2026-11-26", "2027-01-08")]:
        pon += 1
        pos.append([f"PO-26{pon:04d}", s, pdt, due, None, "Open", 0.0, "Forward order"])
        for w in rng.sample([w for w in wines_by_supp[s] if not winfo[w]["disc"]], 3):
            plid += 1
            pols.append((plid, pos[-1][0], w, rng.choice([5, 10, 20]), int(round(winfo[w]["cost"] * winfo[w]["cq"] * 1.04)), 0))
    cur.executemany("INSERT INTO purchase_orders VALUES (?,?,?,?,?,?,?,?)", pos)
    cur.executemany("INSERT INTO po_lines VALUES (?,?,?,?,?,?)", pols)

    # ---------------- stock by bin
    bins = []
    aisles = "ABCD"
    used_bins = set()
    for w in wine_ids:
        wi = winfo[w]
        nb = 1 if rng.random() < 0.6 else 2
        if wi["house"]:
            nb = 3
        for k in range(nb):
            while True:
                b = f"{rng.choice(aisles)}-{rng.randint(1, 14):02d}-{rng.randint(1, 4)}"
                if b not in used_bins:
                    used_bins.add(b)
                    break
            if wi["disc"]:
                q = rng.choice([0, 0, 0, 2, 5, 7, 11]) if k == 0 else 0
            elif wi["house"]:
                q = rng.randint(4, 30) * wi["cq"]
            else:
                q = rng.choice([0, wi["cq"], 2 * wi["cq"]]) + rng.randint(0, 60)
                if rng.random() < 0.07:
                    q = 0
            lc = rand_date(rng, date(2026, 6, 1), date(2026, 11, 27))
            bins.append((b, w, q, d2s(lc)))
    cur.executemany("INSERT INTO stock_bins VALUES (?,?,?,?)", bins)

    # ---------------- tastings
    events = []
    tickets = []
    eid = 0
    tid = 0
    venues = [("Shop Cellar Room", 24), ("The Old Bank, Bath", 60), ("Clifton Lido private room", 40)]
    themes = [("Rioja & Ribera Evening", "RIO"), ("Champagne v English Fizz", "CHA"), ("Burgundy Masterclass", "BUR"),
              ("Big Reds of the Rhône", "RHO"), ("Italian Regional Supper", "PIE"), ("New Zealand Night", "MAR"),
              ("Port & Cheese", "DOU"), ("Summer Rosé Garden Party", "PRV"), ("Bordeaux Left Bank v Right Bank", "BDX"),
              ("Malbec & Steak", "MEN"), ("Riesling Revival", "MOS"), ("Loire Whites", "LOI")]
    retail_ids = [c for c, ci in cinfo.items() if not ci["trade"]]
    trade_ids = [c for c, ci in cinfo.items() if ci["trade"]]
    d = date(2024, 1, 1)
    k = 0
    while d <= date(2027, 3, 31):
        # one consumer tasting a month (third Thursday), trade tastings each Feb/Sep
        third_thu = [x for x in daterange(d, date(d.year + (d.month == 12), d.month % 12 + 1, 1) - timedelta(days=1))
                     if x.weekday() == 3][2]
        evs = []
        theme, reg = themes[k % len(themes)]
        k += 1
        vn, cap = venues[0] if rng.random() < 0.55 else rng.choice(venues[1:])
        price = float(rng.choice([25, 30, 35, 40, 45])) if reg not in ("CHA", "BUR") else 55.0
        evs.append((theme, ts(third_thu, 19, 0), vn, cap, price, 0, rng.choice([2, 3, 5, 11]), reg))
        if d.month in (2, 9):
            mon = [x for x in daterange(d, d + timedelta(days=27)) if x.weekday() == 0][1]
            evs.append((f"Trade Tasting - {'Spring' if d.month == 2 else 'Autumn'} List {d.year}", ts(mon, 11, 0),
                        "The Old Bank, Bath", 80, 0.0, 1, 2, None))
        for (title, ets, vn, cap, price, trade_only, host, reg) in evs:
            eid += 1
            ed = date.fromisoformat(ets[:10])
            canc = 1 if (eid in (9, 36)) else 0
            events.append((eid, title, ets, vn, cap, price, trade_only, host, reg, canc))
            if ed > TODAY:
                fill = max(0.15, 0.9 - (ed - TODAY).days / 110)
            else:
                fill = rng.uniform(0.55, 1.0)
            target = int(cap * fill)
            sold = 0
            while sold < target:
                q = 1 if trade_only else wchoice(rng, [1, 2, 3, 4], [35, 50, 8, 7])
                if sold + q > cap:
                    break
                sold += q
                tid += 1
                if trade_only:
                    cc = rng.choice(trade_ids)
                    hn = customers[cc - 1][5]
                else:
                    if rng.random() < 0.65:
                        cc = rng.choice(retail_ids)
                        hn = customers[cc - 1][4]
                    else:
                        cc = None
                        fn, ln = rng.choice(FIRST), wchoice(rng, LAST, LAST_W)
                        hn = f"{fn} {ln}"
                bd = ed - timedelta(days=int(rng.expovariate(1 / 20)) + 1)
                if bd > TODAY:
                    bd = TODAY - timedelta(days=rng.randint(0, 10))
                ref = 1 if (canc or rng.random() < 0.04) else 0
                if ed > TODAY or ref:
                    att = None
                else:
                    att = "Y" if rng.random() < 0.9 else "N"
                tickets.append((tid, eid, cc, hn, q, round(q * price, 2), d2s(bd), ref, att))
        d = date(d.year + (d.month == 12), d.month % 12 + 1, 1)
    cur.executemany("INSERT INTO tasting_events VALUES (?,?,?,?,?,?,?,?,?,?)", events)
    cur.executemany("INSERT INTO event_tickets VALUES (?,?,?,?,?,?,?,?,?)", tickets)

    cur.executescript("""
    CREATE VIEW v_so_lines AS
    SELECT l.line_id, l.so_no, h.order_dt, h.cust_id, h.rep_id, h.channel, h.so_status,
           l.wine_id, w.wine_nm, w.colour, w.case_qty, l.btls,
           ROUND(l.btls * 1.0 / w.case_qty, 2) AS cases,
           l.case_price, l.disc_pct,
           ROUND(l.btls * l.case_price / w.case_qty * (1 - l.disc_pct / 100.0), 2) AS net_gbp
    FROM so_lines l
    JOIN so_header h ON h.so_no = l.so_no
    JOIN wines w ON w.wine_id = l.wine_id;
    """)
    con.commit()
    con.close()


if __name__ == "__main__":
    build_climbing()
    build_wine()
    for n in ("climbing", "wine"):
        con = sqlite3.connect(os.path.join(BASE, "dbs", n, n + ".sqlite"))
        rows = con.execute("SELECT name, type FROM sqlite_master WHERE type IN ('table','view') ORDER BY type, name").fetchall()
        print(n)
        for name, typ in rows:
            cnt = con.execute(f'SELECT COUNT(*) FROM "{name}"').fetchone()[0]
            print(f"  {typ:5} {name:20} {cnt}")
        con.close()
