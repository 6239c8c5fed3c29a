#!/usr/bin/env python3
"""Build the two databases of this set (fixed seed, standard library only):

  dbs/dental/dental.sqlite       a private dental practice (snake_case, a few abbreviations, money in pence)
  dbs/bookcafe/bookcafe.sqlite   an independent bookshop with a cafe (PascalCase, money in pounds as REAL)

Dates spread over 2023-2026 with a few bookings/events in the future; "today" is 2026-11-27.
"""
import datetime as dt
import os
import random
import sqlite3

ROOT = os.path.dirname(os.path.abspath(__file__))
TODAY = dt.date(2026, 11, 27)


def fresh(name):
    d = os.path.join(ROOT, 'dbs', name)
    os.makedirs(d, exist_ok=True)
    p = os.path.join(d, name + '.sqlite')
    if os.path.exists(p):
        os.remove(p)
    return sqlite3.connect(p)


FIRST_F = ['Olivia', 'Amelia', 'Isla', 'Ava', 'Mia', 'Grace', 'Freya', 'Lily', 'Emily', 'Sophie', 'Chloe',
           'Hannah', 'Ruby', 'Ellie', 'Jessica', 'Lucy', 'Megan', 'Charlotte', 'Zara', 'Aisha', 'Priya',
           'Fatima', 'Niamh', 'Siobhan', 'Rhiannon', 'Agnieszka', 'Maria', 'Joan', 'Margaret', 'Pauline',
           'Susan', 'Janet', 'Karen', 'Helen', 'Claire', 'Nicola', 'Gemma', 'Hayley', 'Leanne', 'Bethany']
FIRST_M = ['Oliver', 'George', 'Harry', 'Noah', 'Jack', 'Leo', 'Arthur', 'Oscar', 'Charlie', 'Jacob',
           'Thomas', 'James', 'William', 'Daniel', 'Samuel', 'Joseph', 'Mohammed', 'Ibrahim', 'Arjun',
           'Rhys', 'Owen', 'Callum', 'Liam', 'Kieran', 'Piotr', 'Tomasz', 'David', 'Peter', 'Brian', 'Kevin',
           'Gary', 'Stephen', 'Paul', 'Mark', 'Graham', 'Colin', 'Trevor', 'Dean', 'Craig', 'Wayne']
SURNAMES = ['Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Johnson', 'Davies', 'Robinson',
            'Wright', 'Thompson', 'Evans', 'Walker', 'White', 'Roberts', 'Green', 'Hall', 'Wood', 'Jackson',
            'Clarke', 'Patel', 'Khan', 'Lewis', 'James', 'Phillips', 'Mason', 'Mitchell', 'Rose', 'Davis',
            'Rodriguez', 'Cox', 'Alexander', 'Morgan', 'Hughes', 'Edwards', 'Hill', 'Moore', 'Clark',
            'Harrison', 'Scott', 'Young', 'Morris', 'Ward', 'Turner', 'Carter', 'Kowalski', 'Nowak',
            "O'Brien", 'McDonald', 'Murphy', 'Begum', 'Ali', 'Hussain', 'Shah', 'Singh', 'Kaur', 'Chen',
            'Nguyen', 'Okafor', 'Mensah', 'Fletcher', 'Booth', 'Pearson', 'Holt', 'Barker', 'Fox', 'Lamb']


def rdate(rng, a, b):
    return a + dt.timedelta(days=rng.randrange((b - a).days + 1))


# ============================================================================================ dental
DENTAL_DDL = """
PRAGMA foreign_keys = ON;
CREATE TABLE staff (
    staff_id      INTEGER PRIMARY KEY,
    first_name    TEXT NOT NULL,
    last_name     TEXT NOT NULL,
    role          TEXT NOT NULL,            -- dentist / hygienist / hygiene therapist / nurse / receptionist / practice manager
    gdc_no        TEXT,                     -- General Dental Council registration, clinical staff only
    supervisor_id INTEGER REFERENCES staff (staff_id),
    start_date    DATE NOT NULL,
    leave_date    DATE,
    days_pw       REAL                      -- contracted days per week
);
CREATE TABLE patients (
    patient_id    INTEGER PRIMARY KEY,
    title         TEXT,
    first_name    TEXT NOT NULL,
    surname       TEXT NOT NULL,
    dob           DATE,
    sex           TEXT,                     -- 'F','M' or NULL (not recorded)
    mobile        TEXT,
    email         TEXT,
    postcode      TEXT,
    reg_date      DATE NOT NULL,
    usual_dentist_id INTEGER REFERENCES staff (staff_id),
    medical_alert TEXT,
    referred_by   TEXT,
    is_active     INTEGER NOT NULL DEFAULT 1
);
CREATE TABLE appointments (
    appt_id       INTEGER PRIMARY KEY,
    patient_id    INTEGER NOT NULL REFERENCES patients (patient_id),
    clinician_id  INTEGER NOT NULL REFERENCES staff (staff_id),
    surgery       TEXT,
    appt_type     TEXT NOT NULL,            -- exam / hygiene / treatment / emergency / consultation
    sched_start   TIMESTAMP NOT NULL,       -- 'YYYY-MM-DD HH:MM:SS'
    duration_mins INTEGER NOT NULL,         -- booked length
    actual_mins   INTEGER,                  -- filled in for completed appointments only
    status        TEXT NOT NULL,            -- booked / completed / cancelled / no_show
    booked_on     DATE,
    cancelled_on  DATE,
    cancel_reason TEXT
);
CREATE TABLE treatments (
    tx_code       TEXT PRIMARY KEY,
    tx_name       TEXT NOT NULL,
    category      TEXT NOT NULL,
    fee_p         INTEGER NOT NULL,         -- current list fee in pence
    is_active     INTEGER NOT NULL DEFAULT 1
);
CREATE TABLE appt_treatments (
    line_id       INTEGER PRIMARY KEY,
    appt_id       INTEGER NOT NULL REFERENCES appointments (appt_id),
    tx_code       TEXT NOT NULL REFERENCES treatments (tx_code),
    tooth         TEXT,                     -- e.g. 'UR6', 'LL4'
    qty           INTEGER NOT NULL DEFAULT 1,
    fee_charged_p INTEGER NOT NULL,         -- fee per unit actually charged, in pence
    discount_p    INTEGER                   -- discount on the whole line, in pence; NULL when none
);
CREATE TABLE invoices (
    invoice_id    INTEGER PRIMARY KEY,
    inv_no        TEXT NOT NULL UNIQUE,
    patient_id    INTEGER NOT NULL REFERENCES patients (patient_id),
    appt_id       INTEGER REFERENCES appointments (appt_id),
    issued_date   DATE NOT NULL,
    total_p       INTEGER NOT NULL,
    status        TEXT NOT NULL             -- paid / part_paid / unpaid / written_off
);
CREATE TABLE payments (
    payment_id    INTEGER PRIMARY KEY,
    invoice_id    INTEGER NOT NULL REFERENCES invoices (invoice_id),
    amount_p      INTEGER NOT NULL,
    method        TEXT NOT NULL,            -- card / cash / bank_transfer / insurer / finance
    paid_at       TIMESTAMP,                -- NULL while the money is still expected (e.g. insurer claim)
    ref           TEXT
);
CREATE TABLE insurance_plans (
    plan_id       INTEGER PRIMARY KEY,
    insurer       TEXT NOT NULL,
    plan_name     TEXT NOT NULL,
    monthly_premium_p INTEGER,
    annual_limit_p    INTEGER,
    covers_cosmetic   INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE patient_plans (
    patient_id    INTEGER NOT NULL REFERENCES patients (patient_id),
    plan_id       INTEGER NOT NULL REFERENCES insurance_plans (plan_id),
    policy_no     TEXT,
    start_date    DATE NOT NULL,
    end_date      DATE,
    PRIMARY KEY (patient_id, plan_id, start_date)
);
CREATE TABLE recalls (
    recall_id     INTEGER PRIMARY KEY,
    patient_id    INTEGER NOT NULL REFERENCES patients (patient_id),
    recall_type   TEXT NOT NULL,            -- exam / hygiene
    due_date      DATE NOT NULL,
    reminder_sent DATE,
    appt_id       INTEGER REFERENCES appointments (appt_id)   -- set once the recall is booked
);
"""

TX = [  # code, name, category, fee_p, active
    ('EXM', 'Routine examination', 'Diagnostic', 5500, 1),
    ('EXM-NEW', 'New patient examination', 'Diagnostic', 8500, 1),
    ('XR-BW', 'Bitewing x-rays (pair)', 'Diagnostic', 3000, 1),
    ('XR-PA', 'Periapical x-ray', 'Diagnostic', 1800, 1),
    ('OPG', 'Panoramic x-ray (OPG)', 'Diagnostic', 6500, 1),
    ('SP', 'Scale and polish', 'Preventive', 6500, 1),
    ('SP-DEEP', 'Deep clean (periodontal)', 'Preventive', 12000, 1),
    ('FLU', 'Fluoride varnish', 'Preventive', 2500, 1),
    ('FS', 'Fissure sealant (per tooth)', 'Preventive', 3000, 1),
    ('FILL-AM', 'Amalgam filling', 'Restorative', 9500, 0),
    ('FILL-C1', 'White filling - small', 'Restorative', 11500, 1),
    ('FILL-C2', 'White filling - large', 'Restorative', 16500, 1),
    ('RCT-A', 'Root canal - front tooth', 'Endodontic', 32000, 1),
    ('RCT-M', 'Root canal - molar', 'Endodontic', 55000, 1),
    ('CRN-PFM', 'Crown - porcelain bonded', 'Prosthetic', 62000, 1),
    ('CRN-EMX', 'Crown - E.max ceramic', 'Prosthetic', 75000, 1),
    ('DENT-P', 'Partial denture (acrylic)', 'Prosthetic', 68000, 1),
    ('EXT-S', 'Simple extraction', 'Surgical', 14000, 1),
    ('EXT-SURG', 'Surgical extraction', 'Surgical', 29000, 1),
    ('EMERG', 'Emergency consultation', 'Diagnostic', 7500, 1),
    ('WHT-HOME', 'Home whitening kit', 'Cosmetic', 35000, 1),
    ('BOND', 'Composite bonding (per tooth)', 'Cosmetic', 22000, 1),
    ('IMP-CONS', 'Implant consultation', 'Diagnostic', 9500, 1),
    ('IMP', 'Single implant with crown', 'Prosthetic', 245000, 1),
    ('MG', 'Sports mouthguard', 'Preventive', 9000, 1),
]
TEETH = [q + str(n) for q in ('UR', 'UL', 'LR', 'LL') for n in range(1, 9)]
POSTCODES = ['LS6', 'LS7', 'LS8', 'LS16', 'LS17', 'LS2', 'LS4', 'LS5', 'LS12', 'HG1', 'WF3', 'BD18']


def build_dental():
    rng = random.Random(2826)
    con = fresh('dental')
    con.executescript(DENTAL_DDL)

    # ------------------------------------------------------------------ staff
    staff = [  # id, first, last, role, gdc, sup, start, leave, days
        (1, 'Rajesh', 'Menon', 'dentist', '71234', None, '2015-03-01', None, 4.0),
        (2, 'Claire', 'Whitfield', 'dentist', '80311', 1, '2018-09-03', None, 4.0),
        (3, 'Tomasz', 'Zielinski', 'dentist', '95520', 1, '2021-01-11', None, 3.0),
        (4, 'Hannah', 'Doyle', 'dentist', '99871', 1, '2023-08-29', '2025-07-31', 5.0),
        (5, 'Oluwaseun', 'Adeyemi', 'dentist', '112044', 2, '2025-09-01', None, 5.0),
        (6, 'Sarah', 'Pickering', 'hygienist', '4411', 2, '2016-05-16', None, 3.0),
        (7, 'Megan', 'Lloyd', 'hygienist', '5127', 2, '2022-02-07', '2025-05-30', 2.0),
        (8, 'Anjali', 'Rao', 'hygiene therapist', '5903', 3, '2025-06-02', None, 4.0),
        (9, 'Beth', 'Kershaw', 'nurse', '1098', 1, '2017-04-03', None, 5.0),
        (10, 'Jodie', 'Marsh', 'nurse', '1532', 9, '2020-10-12', None, 5.0),
        (11, 'Kasia', 'Nowak', 'nurse', '1877', 9, '2024-01-08', None, 4.0),
        (12, 'Liam', 'Foster', 'nurse', None, 9, '2026-09-07', None, 5.0),   # trainee, not yet registered
        (13, 'Deborah', 'Haigh', 'practice manager', None, 1, '2014-11-01', None, 5.0),
        (14, 'Paige', 'Sutcliffe', 'receptionist', None, 13, '2019-06-17', None, 5.0),
        (15, 'Nadia', 'Hussain', 'receptionist', None, 13, '2023-03-20', '2024-10-31', 3.0),
        (16, 'Emma', 'Greenwood', 'receptionist', None, 13, '2024-11-04', None, 3.0),
    ]
    con.executemany('INSERT INTO staff VALUES (?,?,?,?,?,?,?,?,?)', staff)
    sd = {s[0]: (dt.date.fromisoformat(s[6]), dt.date.fromisoformat(s[7]) if s[7] else dt.date(2099, 1, 1))
          for s in staff}
    dentists = [1, 2, 3, 4, 5]
    hyg = [6, 7, 8]

    # part-timers' days off (Mon=0 .. Fri=4)
    days_off = {1: {4}, 2: {2}, 3: {3, 4}, 6: {0, 4}, 7: {0, 1, 2}, 8: {2}}

    def working(sid, d):
        return sd[sid][0] <= d <= sd[sid][1] and d.weekday() not in days_off.get(sid, ())

    def pick(pool, d, pref=None):
        if pref and working(pref, d) and rng.random() < 0.85:
            return pref
        ok = [s for s in pool if working(s, d)]
        return rng.choice(ok)

    # ------------------------------------------------------------------ treatments
    con.executemany('INSERT INTO treatments VALUES (?,?,?,?,?)', TX)
    fee = {t[0]: t[3] for t in TX}

    # ------------------------------------------------------------------ patients
    N_PAT = 640
    pats = []
    used = set()
    D0 = dt.date(2019, 1, 1)
    for pid in range(1, N_PAT + 1):
        sex = rng.choices(['F', 'M', None], [0.52, 0.45, 0.03])[0]
        while True:
            fn = rng.choice(FIRST_F if sex == 'F' else FIRST_M if sex == 'M' else FIRST_F + FIRST_M)
            sn = rng.choice(SURNAMES)
            if (fn, sn) not in used:
                used.add((fn, sn))
                break
        age = rng.choices([rng.randint(3, 17), rng.randint(18, 40), rng.randint(41, 65), rng.randint(66, 92)],
                          [0.18, 0.32, 0.32, 0.18])[0]
        dob = TODAY - dt.timedelta(days=age * 365 + rng.randint(0, 364))
        if age < 18:
            title = None if rng.random() < 0.5 else ('Miss' if sex == 'F' else 'Master' if sex == 'M' else None)
        else:
            title = {'F': rng.choice(['Mrs', 'Ms', 'Miss', 'Dr']), 'M': rng.choice(['Mr', 'Mr', 'Mr', 'Dr'])}.get(sex)
        # registration: a core of long-standing patients, a steady trickle of new ones, a few this month
        if pid <= 300:
            reg = rdate(rng, D0, dt.date(2022, 12, 31))
        elif pid <= 620:
            reg = rdate(rng, dt.date(2023, 1, 1), dt.date(2026, 10, 31))
        else:
            reg = rdate(rng, dt.date(2026, 11, 1), TODAY)
        if reg < dob:
            reg = dob + dt.timedelta(days=400)
        mobile = None if rng.random() < 0.07 else '07' + ''.join(str(rng.randint(0, 9)) for _ in range(9))
        email = None if rng.random() < 0.25 or age < 16 else \
            f"{fn.lower()}.{sn.lower().replace(chr(39), '')}{rng.choice(['', '', str(rng.randint(1, 99))])}@" \
            f"{rng.choice(['gmail.com', 'hotmail.co.uk', 'outlook.com', 'btinternet.com', 'yahoo.co.uk'])}"
        pc = f'{rng.choice(POSTCODES)} {rng.randint(1, 9)}{rng.choice("ABDEFGHJLNPQRSTUWXYZ")}{rng.choice("ABDEFGHJLNPQRSTUWXYZ")}'
        usual = rng.choice([1, 2, 3, 2, 3, 1, 4, 5])
        if usual == 4:
            usual = 5  # Hannah's patients moved to Oluwaseun when she left
        alert = rng.choices([None, 'Penicillin allergy', 'Latex allergy', 'On warfarin', 'Diabetic (type 2)',
                             'Asthma - brings inhaler', 'Pregnant', 'Anxious patient', 'Bisphosphonates'],
                            [0.74, 0.04, 0.02, 0.04, 0.05, 0.04, 0.01, 0.05, 0.01])[0]
        if alert == 'Pregnant' and (sex != 'F' or not 18 <= age <= 42):
            alert = None
        ref = rng.choices([None, 'Google', 'Friend/family', 'Facebook', 'NHS waiting list', 'Walked past',
                           'Employer scheme'], [0.45, 0.2, 0.18, 0.06, 0.05, 0.03, 0.03])[0]
        active = 1
        pats.append([pid, title, fn, sn, dob.isoformat(), sex, mobile, email, pc, reg.isoformat(), usual, alert,
                     ref, active])
    reg_of = {p[0]: dt.date.fromisoformat(p[9]) for p in pats}
    dob_of = {p[0]: dt.date.fromisoformat(p[4]) for p in pats}
    # some patients drift away: their visits stop at some point, and a few are marked inactive
    stops = {}
    for p in pats:
        r = rng.random()
        if r < 0.14:
            stops[p[0]] = rdate(rng, reg_of[p[0]], TODAY) if reg_of[p[0]] < TODAY else TODAY
            if rng.random() < 0.55:
                p[13] = 0
    con.executemany('INSERT INTO patients VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)', pats)

    # ------------------------------------------------------------------ appointments + lines
    appts, lines = [], []
    aid = 0
    lid = 0
    HORIZON = TODAY + dt.timedelta(days=49)
    A0 = dt.date(2023, 1, 3)
    SLOT_TIMES = [f'{h:02d}:{m:02d}:00' for h in range(8, 18) for m in (0, 15, 30, 45) if (h, m) >= (8, 30) and h < 17]
    LATE_TIMES = [f'{h:02d}:{m:02d}:00' for h in (17, 18) for m in (0, 15, 30, 45)] + ['19:00:00']

    def add_appt(pid, d, kind, pref=None):
        nonlocal aid, lid
        if d.weekday() >= 5:   # closed at weekends: the slot lands on the Friday before or a day early next week
            d += dt.timedelta(days=rng.choice([-1, 2, 3, 4]) if d.weekday() == 5 else rng.choice([-2, 1, 2, 3]))
        if d.weekday() != 1 and kind != 'emergency' and rng.random() < 0.12:
            d += dt.timedelta(days=1 - d.weekday())   # Tuesday late opening takes the after-work bookings
            if d < reg_of[pid]:
                d += dt.timedelta(days=7)
        if d > HORIZON:
            return None
        pool = hyg if kind == 'hygiene' else dentists
        while not any(working(s, d) for s in pool):   # nobody in that day: next day someone is
            d += dt.timedelta(days=3 if d.weekday() == 4 else 1)
        if d > HORIZON:
            return None
        if kind == 'hygiene':
            cl = pick(hyg, d)
            dur = rng.choice([30, 30, 45, 45, 60]) if rng.random() < 0.9 else 20
            room = 'Hygiene Room'
        else:
            cl = pick(dentists, d, pref)
            dur = {'exam': rng.choice([15, 20, 20, 30]), 'treatment': rng.choice([30, 45, 45, 60, 60, 90]),
                   'emergency': rng.choice([15, 20, 30]), 'consultation': rng.choice([30, 45])}[kind]
            room = {1: 'Surgery 1', 2: 'Surgery 2', 3: 'Surgery 3', 4: 'Surgery 3', 5: 'Surgery 3'}[cl]
        start = f'{d.isoformat()} {rng.choice(SLOT_TIMES + LATE_TIMES if d.weekday() == 1 else SLOT_TIMES)}'
        lead = rng.choice([0, 1, 2, 5, 7, 14, 21, 28, 42, 60, 90]) if kind != 'emergency' else rng.choice([0, 0, 1])
        booked = d - dt.timedelta(days=lead)
        if booked < reg_of[pid]:
            booked = reg_of[pid]
        if d > TODAY or (d == TODAY and start[11:] > '13:00:00'):
            status = rng.choices(['booked', 'cancelled'], [0.93, 0.07])[0]
        else:
            status = rng.choices(['completed', 'cancelled', 'no_show'], [0.83, 0.11, 0.06])[0]
            if kind == 'emergency':
                status = 'completed' if rng.random() < 0.97 else 'no_show'
        actual = None
        canc_on = reason = None
        if status == 'completed':
            drift = rng.choices([-10, -5, 0, 0, 0, 5, 10, 15, 25], [0.1, 0.15, 0.25, 0.15, 0.1, 0.1, 0.08, 0.05, 0.02])[0]
            actual = max(10, dur + drift)
        elif status == 'cancelled':
            canc_on = booked + dt.timedelta(days=rng.randint(0, max(0, (min(d, TODAY) - booked).days)))
            reason = rng.choices(['Patient request', 'Illness', 'Clinician unavailable', 'Work commitments',
                                  'Rebooked', None], [0.3, 0.2, 0.1, 0.15, 0.15, 0.1])[0]
        aid += 1
        appts.append((aid, pid, cl, room, kind, start, dur, actual, status, booked.isoformat(),
                      canc_on.isoformat() if canc_on else None, reason))
        if status == 'completed':
            add_lines(aid, pid, kind, d)
        return aid, status, d

    def fee_at(code, d):
        # fees went up 4% each April; older appointments were charged less than today's list fee
        f = fee[code]
        years_back = (dt.date(2026, 4, 1) - d).days / 365.0
        steps = max(0, int(years_back) + (1 if years_back > 0 else 0))
        return int(round(f / (1.04 ** steps) / 50.0)) * 50

    def add_lines(aid_, pid, kind, d):
        nonlocal lid
        child = (d - dob_of[pid]).days < 18 * 365
        items = []
        if kind == 'exam':
            items.append(('EXM', None, 1))
            if rng.random() < 0.45:
                items.append(('XR-BW', None, 1))
            if child and rng.random() < 0.6:
                items.append(('FLU', None, 1))
            if child and rng.random() < 0.15:
                items.append(('FS', None, rng.choice([2, 4])))
        elif kind == 'hygiene':
            items.append(('SP-DEEP' if rng.random() < 0.18 else 'SP', None, 1))
            if rng.random() < 0.1:
                items.append(('FLU', None, 1))
        elif kind == 'emergency':
            items.append(('EMERG', None, 1))
            if rng.random() < 0.5:
                items.append(('XR-PA', rng.choice(TEETH), 1))
            if rng.random() < 0.25:
                items.append((rng.choice(['EXT-S', 'EXT-S', 'EXT-SURG']), rng.choice(TEETH), 1))
        elif kind == 'consultation':
            items.append((rng.choice(['IMP-CONS', 'IMP-CONS', 'EXM-NEW']), None, 1))
            if rng.random() < 0.3:
                items.append(('OPG', None, 1))
        else:
            code = rng.choices(['FILL-C1', 'FILL-C2', 'FILL-AM', 'RCT-A', 'RCT-M', 'CRN-PFM', 'CRN-EMX', 'EXT-S',
                                'EXT-SURG', 'DENT-P', 'WHT-HOME', 'BOND', 'IMP', 'MG'],
                               [0.26, 0.16, 0.04, 0.04, 0.07, 0.07, 0.06, 0.08, 0.03, 0.03, 0.05, 0.05, 0.02, 0.04])[0]
            if code == 'FILL-AM' and d >= dt.date(2024, 7, 1):
                code = 'FILL-C1'
            q = 1
            if code in ('FILL-C1', 'FILL-C2') and rng.random() < 0.3:
                q = 2
            if code == 'BOND':
                q = rng.choice([1, 2, 4, 6])
            tooth = rng.choice(TEETH) if code not in ('WHT-HOME', 'DENT-P', 'MG') and q == 1 else None
            items.append((code, tooth, q))
            if code.startswith('RCT') and rng.random() < 0.6:
                items.append(('XR-PA', tooth, 1))
        for code, tooth, q in items:
            lid += 1
            charged = fee_at(code, d)
            disc = None
            r = rng.random()
            if r < 0.06:
                disc = int(round(q * charged * 0.1))      # family / loyalty 10%
            elif r < 0.08:
                disc = int(round(q * charged * 0.5))      # staff and family of staff
            elif r < 0.09 and code in ('WHT-HOME', 'BOND', 'IMP'):
                disc = 5000                               # promotion
            lines.append((lid, aid_, code, tooth, q, charged, disc))

    for pid in range(1, N_PAT + 1):
        d = max(A0, reg_of[pid]) + dt.timedelta(days=rng.randint(0, 150))
        if reg_of[pid] >= A0:
            d = reg_of[pid] + dt.timedelta(days=rng.randint(0, 20))
        stop = stops.get(pid, dt.date(2099, 1, 1))
        pref = pats[pid - 1][10]
        regular_hyg = rng.random() < 0.6
        first = reg_of[pid] >= A0
        while d <= HORIZON and d <= stop:
            if first:
                r = add_appt(pid, d, 'consultation' if rng.random() < 0.1 else 'exam', pref)
                first = False
            else:
                r = add_appt(pid, d, 'exam', pref)
            if r and r[1] == 'completed':
                # follow-up treatment after some exams
                if rng.random() < 0.33:
                    for _ in range(rng.choice([1, 1, 1, 2, 3])):
                        t = r[2] + dt.timedelta(days=rng.randint(7, 40))
                        if t <= stop:
                            add_appt(pid, t, 'treatment', pref)
            if r and r[1] in ('cancelled', 'no_show') and rng.random() < 0.6:
                add_appt(pid, r[2] + dt.timedelta(days=rng.randint(5, 30)), 'exam', pref)
            if regular_hyg:
                t = d + dt.timedelta(days=rng.randint(1, 30))
                if t <= stop:
                    add_appt(pid, t, 'hygiene')
            if rng.random() < 0.05:
                t = d + dt.timedelta(days=rng.randint(20, 150))
                if t <= stop:
                    add_appt(pid, t, 'emergency', pref)
            d = d + dt.timedelta(days=rng.choice([182, 182, 190, 200, 240, 365, 120]) + rng.randint(-10, 20))
    appts.sort(key=lambda a: (a[5], a[0]))
    remap = {a[0]: i for i, a in enumerate(appts, 1)}
    appts = [(remap[a[0]],) + a[1:] for a in appts]
    lines = [(l[0], remap[l[1]]) + l[2:] for l in lines]
    lines.sort(key=lambda l: (l[1], l[0]))
    lines = [(i,) + l[1:] for i, l in enumerate(lines, 1)]
    con.executemany('INSERT INTO appointments VALUES (?,?,?,?,?,?,?,?,?,?,?,?)', appts)
    con.executemany('INSERT INTO appt_treatments VALUES (?,?,?,?,?,?,?)', lines)

    # ------------------------------------------------------------------ insurance
    plans = [(1, 'Denplan', 'Denplan Care', 2150, None, 0),
             (2, 'Denplan', 'Denplan Essentials', 1495, None, 0),
             (3, 'Simplyhealth', 'Simplyhealth Dental Level 2', 1820, 60000, 0),
             (4, 'Bupa', 'Bupa Dental Cover Plus', 2400, 100000, 1),
             (5, 'Practice Plan', 'Menon Family Smile Club', 1250, None, 0),
             (6, 'Vitality', 'Vitality Dental Add-on', 900, 30000, 0)]   # nobody on this one
    con.executemany('INSERT INTO insurance_plans VALUES (?,?,?,?,?,?)', plans)
    pp = []
    for pid in range(1, N_PAT + 1):
        if rng.random() < 0.38:
            plan = rng.choices([1, 2, 3, 4, 5], [0.3, 0.2, 0.15, 0.15, 0.2])[0]
            s = max(reg_of[pid], dt.date(2021, 1, 1)) + dt.timedelta(days=rng.randint(0, 300))
            if s > TODAY:
                s = reg_of[pid]
            e = None
            if rng.random() < 0.25:
                e = s + dt.timedelta(days=rng.randint(200, 1200))
                if e >= TODAY:
                    e = None
            pp.append((pid, plan, f'{plans[plan - 1][1][:2].upper()}{rng.randint(100000, 999999)}', s.isoformat(),
                       e.isoformat() if e else None))
            if e and rng.random() < 0.5:   # switched to another plan
                plan2 = rng.choice([p for p in (1, 2, 3, 4, 5) if p != plan])
                s2 = e + dt.timedelta(days=1)
                pp.append((pid, plan2, f'{plans[plan2 - 1][1][:2].upper()}{rng.randint(100000, 999999)}',
                           s2.isoformat(), None))
    con.executemany('INSERT INTO patient_plans VALUES (?,?,?,?,?)', pp)
    insured = {}
    for pid, plan, _, s, e in pp:
        insured.setdefault(pid, []).append((plan, s, e or '9999-12-31'))

    # ------------------------------------------------------------------ invoices + payments
    line_tot = {}
    for l in lines:
        line_tot[l[1]] = line_tot.get(l[1], 0) + l[4] * l[5] - (l[6] or 0)
    invs, pays = [], []
    iid = 0
    pay_id = 0
    for a in appts:
        if a[0] not in line_tot:
            continue
        pid = a[1]
        d = dt.date.fromisoformat(a[5][:10])
        total = line_tot[a[0]]
        iid += 1
        inv_no = f'INV{d.year % 100:02d}-{iid:05d}'
        on_plan = any(s <= d.isoformat() <= e and plan in (3, 4) for plan, s, e in insured.get(pid, []))
        age = (TODAY - d).days
        parts = []
        if on_plan and total > 5000:
            ins = int(total * rng.choice([0.5, 0.6, 0.8]))
            paid = None if age < 45 and rng.random() < 0.7 else \
                f'{(d + dt.timedelta(days=rng.randint(14, 60))).isoformat()} {rng.randint(9, 16):02d}:{rng.randint(0, 59):02d}:00'
            if paid and paid[:10] > TODAY.isoformat():
                paid = None
            parts.append((ins, 'insurer', paid))
            rest = total - ins
        else:
            rest = total
        r = rng.random()
        if rest > 0:
            if age <= 2 and r < 0.4:
                pass  # not paid yet
            elif r < 0.015 and age > 120:
                pass  # never paid -> written off
            elif r < 0.05:
                half = rest // 2
                parts.append((half, rng.choice(['card', 'cash']), f'{d.isoformat()} {rng.randint(9, 17):02d}:{rng.randint(0, 59):02d}:00'))
                if rng.random() < 0.5 and age > 30:
                    pd = d + dt.timedelta(days=rng.randint(10, 30))
                    parts.append((rest - half, 'bank_transfer', f'{pd.isoformat()} {rng.randint(9, 17):02d}:{rng.randint(0, 59):02d}:00'))
            elif rest > 150000 and rng.random() < 0.5:
                n = rng.choice([3, 6])
                for k in range(n):
                    pd = d + dt.timedelta(days=30 * k)
                    parts.append((rest // n + (rest % n if k == 0 else 0), 'finance',
                                  f'{pd.isoformat()} 06:00:00' if pd <= TODAY else None))
            else:
                m = rng.choices(['card', 'cash', 'bank_transfer'], [0.8, 0.08, 0.12])[0]
                pd = d if m != 'bank_transfer' else d + dt.timedelta(days=rng.randint(0, 6))
                if pd > TODAY:
                    pd = TODAY
                parts.append((rest, m, f'{pd.isoformat()} {rng.randint(9, 17):02d}:{rng.randint(0, 59):02d}:00'))
        got = sum(p[0] for p in parts if p[2])
        if got >= total:
            status = 'paid'
        elif got == 0 and age > 120 and not any(p[2] is None for p in parts):
            status = 'written_off'
        elif got == 0:
            status = 'unpaid'
        else:
            status = 'part_paid'
        invs.append((iid, inv_no, pid, a[0], d.isoformat(), total, status))
        for amt, m, paid in parts:
            pay_id += 1
            ref = None
            if m == 'card':
                ref = f'SUMUP-{rng.randint(10 ** 7, 10 ** 8 - 1)}'
            elif m == 'insurer':
                ref = f'CLM{rng.randint(100000, 999999)}'
            elif m == 'finance':
                ref = f'TABEO-{iid}'
            pays.append((pay_id, iid, amt, m, paid, ref))
    # a handful of old-style invoices not tied to a visit (lost mouthguard replacement, report fees)
    for _ in range(12):
        iid += 1
        pid = rng.randint(1, 600)
        d = rdate(rng, dt.date(2023, 2, 1), dt.date(2026, 11, 20))
        amt = rng.choice([2500, 4000, 9000])
        invs.append((iid, f'INV{d.year % 100:02d}-{iid:05d}', pid, None, d.isoformat(), amt, 'paid'))
        pay_id += 1
        pays.append((pay_id, iid, amt, 'card', f'{d.isoformat()} 12:{rng.randint(10, 59)}:00', None))
    con.executemany('INSERT INTO invoices VALUES (?,?,?,?,?,?,?)', invs)
    con.executemany('INSERT INTO payments VALUES (?,?,?,?,?,?)', pays)

    # ------------------------------------------------------------------ recalls
    recalls = []
    rid = 0
    by_pat = {}
    for a in appts:
        by_pat.setdefault(a[1], []).append(a)
    for pid, lst in by_pat.items():
        done = [a for a in lst if a[8] == 'completed' and a[4] in ('exam', 'hygiene')]
        for kind in ('exam', 'hygiene'):
            ks = [a for a in done if a[4] == kind]
            if not ks:
                continue
            for a in ks[-3:]:
                d = dt.date.fromisoformat(a[5][:10])
                due = d + dt.timedelta(days=182 if kind == 'hygiene' or rng.random() < 0.7 else 365)
                sent = due - dt.timedelta(days=28)
                sent = sent.isoformat() if sent <= TODAY and rng.random() < 0.92 else None
                nxt = [b for b in lst if b[4] == kind and b[5] > a[5] and b[8] in ('booked', 'completed')]
                booked = nxt[0][0] if nxt else None
                rid += 1
                recalls.append((rid, pid, kind, due.isoformat(), sent, booked))
    recalls.sort(key=lambda r: (r[3], r[1]))
    recalls = [(i,) + r[1:] for i, r in enumerate(recalls, 1)]
    con.executemany('INSERT INTO recalls VALUES (?,?,?,?,?,?)', recalls)
    con.commit()
    con.close()


# ============================================================================================ bookcafe
BOOKCAFE_DDL = """
PRAGMA foreign_keys = ON;
CREATE TABLE Publishers (
    PublisherId   INTEGER PRIMARY KEY,
    Name          TEXT NOT NULL,
    Country       TEXT,
    IsIndependent INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE Genres (
    GenreId       INTEGER PRIMARY KEY,
    GenreName     TEXT NOT NULL,
    Section       TEXT                -- shop floor section: Fiction / Non-fiction / Children's
);
CREATE TABLE Authors (
    AuthorId      INTEGER PRIMARY KEY,
    FirstName     TEXT,
    LastName      TEXT NOT NULL,
    Nationality   TEXT,
    BirthYear     INTEGER,
    IsLocal       INTEGER NOT NULL DEFAULT 0   -- lives in the county, often does events
);
CREATE TABLE Books (
    BookId        INTEGER PRIMARY KEY,
    ISBN          TEXT UNIQUE,
    Title         TEXT NOT NULL,
    PublisherId   INTEGER REFERENCES Publishers (PublisherId),
    GenreId       INTEGER REFERENCES Genres (GenreId),
    Format        TEXT,               -- Hardback / Paperback / Board book
    PubYear       INTEGER,
    RRP           REAL NOT NULL,      -- recommended retail price, pounds
    StockQty      INTEGER NOT NULL DEFAULT 0,
    IsSecondHand  INTEGER NOT NULL DEFAULT 0,
    SignedCopy    INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE BookAuthors (
    BookId        INTEGER NOT NULL REFERENCES Books (BookId),
    AuthorId      INTEGER NOT NULL REFERENCES Authors (AuthorId),
    Role          TEXT NOT NULL DEFAULT 'Author',   -- Author / Illustrator / Translator / Editor
    PRIMARY KEY (BookId, AuthorId)
);
CREATE TABLE CafeItems (
    CafeItemId    INTEGER PRIMARY KEY,
    ItemName      TEXT NOT NULL,
    Category      TEXT NOT NULL,      -- Hot Drinks / Cold Drinks / Cakes / Savoury
    Price         REAL NOT NULL,
    IsVegan       INTEGER NOT NULL DEFAULT 0,
    OnMenu        INTEGER NOT NULL DEFAULT 1
);
CREATE TABLE LoyaltyMembers (
    MemberId      INTEGER PRIMARY KEY,
    FirstName     TEXT NOT NULL,
    LastName      TEXT NOT NULL,
    Email         TEXT,
    JoinedOn      DATE NOT NULL,
    Points        INTEGER NOT NULL DEFAULT 0,
    Tier          TEXT NOT NULL DEFAULT 'Bronze',   -- Bronze / Silver / Gold
    OptInEmails   INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE Staff (
    StaffId       INTEGER PRIMARY KEY,
    FirstName     TEXT NOT NULL,
    LastName      TEXT NOT NULL,
    JobTitle      TEXT NOT NULL,      -- Owner / Shop Manager / Bookseller / Barista / Cafe Lead / Saturday Assistant
    HourlyRate    REAL,
    StartDate     DATE NOT NULL,
    EndDate       DATE,
    ManagerId     INTEGER REFERENCES Staff (StaffId)
);
CREATE TABLE Shifts (
    ShiftId       INTEGER PRIMARY KEY,
    StaffId       INTEGER NOT NULL REFERENCES Staff (StaffId),
    ShiftStart    TIMESTAMP NOT NULL,
    ShiftEnd      TIMESTAMP NOT NULL,
    Area          TEXT NOT NULL       -- Shop / Cafe
);
CREATE TABLE Sales (
    SaleId        INTEGER PRIMARY KEY,
    SaleTime      TIMESTAMP NOT NULL,
    StaffId       INTEGER REFERENCES Staff (StaffId),
    MemberId      INTEGER REFERENCES LoyaltyMembers (MemberId),
    PaymentType   TEXT NOT NULL,      -- Card / Cash / Gift Card
    Status        TEXT NOT NULL DEFAULT 'Completed'   -- Completed / Refunded / Voided
);
CREATE TABLE SaleLines (
    SaleLineId    INTEGER PRIMARY KEY,
    SaleId        INTEGER NOT NULL REFERENCES Sales (SaleId),
    BookId        INTEGER REFERENCES Books (BookId),
    CafeItemId    INTEGER REFERENCES CafeItems (CafeItemId),
    Qty           INTEGER NOT NULL,
    UnitPrice     REAL NOT NULL,      -- pounds, price on the till before discount
    DiscountPct   REAL NOT NULL DEFAULT 0   -- 0.1 = 10% off
);
CREATE TABLE Suppliers (
    SupplierId    INTEGER PRIMARY KEY,
    SupplierName  TEXT NOT NULL,
    SuppliesWhat  TEXT NOT NULL,      -- Books / Cafe
    AccountNo     TEXT
);
CREATE TABLE PurchaseOrders (
    PurchaseOrderId INTEGER PRIMARY KEY,
    SupplierId    INTEGER NOT NULL REFERENCES Suppliers (SupplierId),
    OrderDate     DATE NOT NULL,
    ExpectedDate  DATE,
    ReceivedDate  DATE,               -- NULL until the delivery arrives
    TotalCost     REAL NOT NULL,
    Notes         TEXT
);
CREATE TABLE PurchaseOrderLines (
    PurchaseOrderId INTEGER NOT NULL REFERENCES PurchaseOrders (PurchaseOrderId),
    BookId        INTEGER NOT NULL REFERENCES Books (BookId),
    QtyOrdered    INTEGER NOT NULL,
    UnitCost      REAL NOT NULL,
    PRIMARY KEY (PurchaseOrderId, BookId)
);
CREATE TABLE AuthorEvents (
    EventId       INTEGER PRIMARY KEY,
    AuthorId      INTEGER NOT NULL REFERENCES Authors (AuthorId),
    EventDate     TIMESTAMP NOT NULL,
    EventTitle    TEXT NOT NULL,
    TicketPrice   REAL NOT NULL,
    Capacity      INTEGER NOT NULL,
    TicketsSold   INTEGER NOT NULL DEFAULT 0,
    IsCancelled   INTEGER NOT NULL DEFAULT 0
);
CREATE VIEW InStockBooks AS
    SELECT b.BookId, b.Title, b.Format, b.RRP, b.StockQty, g.GenreName
    FROM Books b LEFT JOIN Genres g ON g.GenreId = b.GenreId
    WHERE b.StockQty > 0;
"""

PUBLISHERS = [(1, 'Penguin Random House', 'UK', 0), (2, 'HarperCollins', 'UK', 0), (3, 'Hachette', 'UK', 0),
              (4, 'Pan Macmillan', 'UK', 0), (5, 'Bloomsbury', 'UK', 0), (6, 'Faber & Faber', 'UK', 1),
              (7, 'Canongate', 'UK', 1), (8, 'Fitzcarraldo Editions', 'UK', 1), (9, 'Walker Books', 'UK', 1),
              (10, 'Profile Books', 'UK', 1), (11, 'Granta', 'UK', 1), (12, 'Usborne', 'UK', 1),
              (13, 'Simon & Schuster', 'US', 0), (14, 'Peak District Press', 'UK', 1),
              (15, 'Europa Editions', 'US', 1)]
GENRES = [(1, 'Literary Fiction', 'Fiction'), (2, 'Crime & Thriller', 'Fiction'), (3, 'Science Fiction & Fantasy', 'Fiction'),
          (4, 'Romance', 'Fiction'), (5, 'Historical Fiction', 'Fiction'), (6, 'Biography & Memoir', 'Non-fiction'),
          (7, 'History', 'Non-fiction'), (8, 'Nature & Walking', 'Non-fiction'), (9, 'Food & Drink', 'Non-fiction'),
          (10, 'Poetry', 'Fiction'), (11, 'Picture Books', "Children's"), (12, 'Young Adult', "Children's"),
          (13, 'Local Interest', 'Non-fiction'), (14, 'Graphic Novels', 'Fiction')]
WORDS_A = ['Silent', 'Hollow', 'Northern', 'Last', 'Glass', 'Burning', 'Quiet', 'Lost', 'Winter', 'Salt',
           'Paper', 'Hidden', 'Small', 'Wild', 'Golden', 'Broken', 'Distant', 'Long', 'Little', 'Midnight',
           'Iron', 'Secret', 'Drowned', 'Bright', 'Green', 'Crooked']
WORDS_B = ['River', 'House', 'Garden', 'Hours', 'Island', 'Sea', 'Orchard', 'Letters', 'Harbour', 'Moor',
           'Kingdom', 'Map', 'Lighthouse', 'Daughters', 'Summer', 'Fox', 'Road', 'Library', 'Fire', 'Valley',
           'Bones', 'Station', 'Weather', 'Tide', 'Clockmaker', 'Hare']
NONFIC = {6: ['A Life in {x}', '{x}: A Memoir', 'Notes from the {x}'], 7: ['The {x} Century', 'Empire of {x}', 'A History of the {x}'],
          8: ['Walking the {x}', 'The {x} Year', '{x} Paths'], 9: ['The {x} Kitchen', 'Bread and {x}', 'Cooking by the {x}'],
          13: ['Peak District {x}', 'Derbyshire {x}', 'Old {x} of Sheffield']}
NATIONS = ['British', 'British', 'British', 'Irish', 'American', 'American', 'Canadian', 'French', 'Japanese',
           'Nigerian', 'Norwegian', 'Italian', 'Indian', 'Australian', 'German', 'Korean']
CAFE = [(1, 'Flat White', 'Hot Drinks', 3.40, 0, 1), (2, 'Cappuccino', 'Hot Drinks', 3.50, 0, 1),
        (3, 'Latte', 'Hot Drinks', 3.50, 0, 1), (4, 'Americano', 'Hot Drinks', 2.90, 1, 1),
        (5, 'Espresso', 'Hot Drinks', 2.40, 1, 1), (6, 'Pot of Yorkshire Tea', 'Hot Drinks', 2.80, 1, 1),
        (7, 'Earl Grey', 'Hot Drinks', 2.90, 1, 1), (8, 'Hot Chocolate', 'Hot Drinks', 3.60, 0, 1),
        (9, 'Chai Latte', 'Hot Drinks', 3.70, 0, 1), (10, 'Oat Flat White', 'Hot Drinks', 3.80, 1, 1),
        (11, 'Pumpkin Spice Latte', 'Hot Drinks', 4.20, 0, 0),
        (12, 'Elderflower Presse', 'Cold Drinks', 2.80, 1, 1), (13, 'Iced Latte', 'Cold Drinks', 3.80, 0, 1),
        (14, 'Apple Juice', 'Cold Drinks', 2.20, 1, 1), (15, 'Sparkling Water', 'Cold Drinks', 1.80, 1, 1),
        (16, 'Babyccino', 'Hot Drinks', 1.00, 0, 1),
        (17, 'Lemon Drizzle', 'Cakes', 3.20, 0, 1), (18, 'Victoria Sponge', 'Cakes', 3.40, 0, 1),
        (19, 'Chocolate Brownie', 'Cakes', 3.00, 0, 1), (20, 'Vegan Banana Bread', 'Cakes', 3.10, 1, 1),
        (21, 'Scone with Jam & Cream', 'Cakes', 3.60, 0, 1), (22, 'Bakewell Tart', 'Cakes', 3.30, 0, 1),
        (23, 'Carrot Cake', 'Cakes', 3.50, 0, 1), (24, 'Almond Croissant', 'Cakes', 3.20, 0, 1),
        (25, 'Cheese & Chutney Toastie', 'Savoury', 6.50, 0, 1), (26, 'Ham & Mustard Toastie', 'Savoury', 6.90, 0, 1),
        (27, 'Soup of the Day', 'Savoury', 5.80, 1, 1), (28, 'Hummus & Roast Veg Wrap', 'Savoury', 6.20, 1, 1),
        (29, 'Sausage Roll', 'Savoury', 3.80, 0, 1), (30, 'Quiche Lorraine', 'Savoury', 6.00, 0, 0)]


def build_bookcafe():
    rng = random.Random(4417)
    con = fresh('bookcafe')
    con.executescript(BOOKCAFE_DDL)
    con.executemany('INSERT INTO Publishers VALUES (?,?,?,?)', PUBLISHERS)
    con.executemany('INSERT INTO Genres VALUES (?,?,?)', GENRES)

    # ------------------------------------------------------------------ authors
    authors = []
    used = set()
    for aid in range(1, 121):
        while True:
            fn = rng.choice(FIRST_F + FIRST_M + ['Haruki', 'Chimamanda', 'Sally', 'Kazuo', 'Hilary', 'Elif',
                                                  'Jon', 'Ali', 'Ocean', 'Maggie', 'Colm', 'Yoko', 'Ottessa'])
            ln = rng.choice(SURNAMES + ['Fosse', 'Ishiguro', 'Rooney', 'Mantel', 'Shafak', 'Keegan', 'Tóibín',
                                        'Ogawa', 'Moshfegh', 'Macfarlane', 'Le Guin', 'Pratchett', 'Adichie',
                                        'Oyeyemi', 'Ferrante', 'Murakami', 'Cusk', 'Hollinghurst'])
            if (fn, ln) not in used:
                used.add((fn, ln))
                break
        nat = rng.choice(NATIONS)
        local = 1 if nat == 'British' and rng.random() < 0.25 else 0
        by = None if rng.random() < 0.2 else rng.randint(1938, 1998)
        authors.append((aid, fn if rng.random() > 0.02 else None, ln, nat, by, local))
    con.executemany('INSERT INTO Authors VALUES (?,?,?,?,?,?)', authors)
    local_authors = [a[0] for a in authors if a[5]]

    # ------------------------------------------------------------------ books
    books, ba = [], []
    titles = set()
    for bid in range(1, 361):
        g = rng.choices([g[0] for g in GENRES], [14, 14, 9, 6, 8, 7, 6, 6, 5, 3, 8, 6, 4, 4])[0]
        while True:
            if g in NONFIC:
                t = rng.choice(NONFIC[g]).format(x=rng.choice(WORDS_B + WORDS_A))
            elif g == 11:
                t = f"{rng.choice(['The', 'My', 'One', 'Goodnight,'])} {rng.choice(WORDS_A)} {rng.choice(['Bear', 'Fox', 'Hare', 'Dragon', 'Owl', 'Mouse', 'Whale'])}"
            else:
                t = rng.choice(['The {a} {b}', '{a} {b}', 'A {a} {b}', 'The {b} of {a} Things', 'The {b}', 'Under the {a} {b}']).format(
                    a=rng.choice(WORDS_A), b=rng.choice(WORDS_B))
            if t not in titles:
                titles.add(t)
                break
        pub = rng.choices([p[0] for p in PUBLISHERS], [16, 12, 12, 10, 8, 6, 5, 3, 5, 4, 4, 5, 5, 3, 3])[0]
        if g == 13:
            pub = 14 if rng.random() < 0.7 else pub
        if g == 11 and rng.random() < 0.5:
            pub = rng.choice([9, 12])
        fmt = 'Board book' if g == 11 and rng.random() < 0.3 else rng.choices(['Paperback', 'Hardback'], [0.7, 0.3])[0]
        py = rng.choices(list(range(1995, 2027)), [1] * 20 + [2, 2, 3, 3, 4, 5, 6, 8, 10, 12, 14, 8])[0]
        if fmt == 'Hardback':
            rrp = rng.choice([16.99, 18.99, 20.00, 22.00, 25.00, 30.00])
        elif fmt == 'Board book':
            rrp = rng.choice([6.99, 7.99, 8.99])
        else:
            rrp = rng.choice([8.99, 9.99, 9.99, 10.99, 12.99, 14.99])
        second = 1 if rng.random() < 0.07 else 0
        if second:
            rrp = rng.choice([3.00, 4.00, 5.00, 6.50])
        stock = rng.choices([0, rng.randint(1, 3), rng.randint(4, 12), rng.randint(13, 40)], [0.14, 0.4, 0.36, 0.1])[0]
        if py == 2026 and rng.random() < 0.2:
            stock = 0   # pre-order not in yet
        isbn = None if second and rng.random() < 0.5 else '978' + ''.join(str(rng.randint(0, 9)) for _ in range(10))
        books.append((bid, isbn, t, pub, g, fmt, py, rrp, stock, second, 0))
        pool = local_authors if g == 13 and local_authors else [a[0] for a in authors]
        main = rng.choice(pool)
        ba.append((bid, main, 'Author'))
        if rng.random() < 0.08:
            co = rng.choice([a[0] for a in authors if a[0] != main])
            ba.append((bid, co, 'Author'))
        if g in (11, 14):
            ill = rng.choice([a[0] for a in authors if a[0] != main])
            if all(x[1] != ill for x in ba if x[0] == bid):
                ba.append((bid, ill, 'Illustrator'))
        if g in (1, 2) and rng.random() < 0.12:
            tr = rng.choice([a[0] for a in authors if a[0] != main])
            if all(x[1] != tr for x in ba if x[0] == bid):
                ba.append((bid, tr, 'Translator'))
    # signed copies: some in-stock books by authors who came to events
    books = [list(b) for b in books]
    con.executemany('INSERT INTO Books VALUES (?,?,?,?,?,?,?,?,?,?,?)', books)
    con.executemany('INSERT INTO BookAuthors VALUES (?,?,?)', ba)
    con.executemany('INSERT INTO CafeItems VALUES (?,?,?,?,?,?)', CAFE)

    # ------------------------------------------------------------------ staff + shifts
    staff = [(1, 'Fiona', 'Marsden', 'Owner', None, '2016-04-01', None, None),
             (2, 'Gareth', 'Bell', 'Shop Manager', 14.20, '2018-02-12', None, 1),
             (3, 'Imogen', 'Carr', 'Bookseller', 12.40, '2020-09-01', None, 2),
             (4, 'Dev', 'Sharma', 'Bookseller', 12.40, '2022-03-14', None, 2),
             (5, 'Rosie', 'Tranter', 'Bookseller', 12.21, '2024-05-20', '2026-01-31', 2),
             (6, 'Luca', 'Bianchi', 'Cafe Lead', 13.50, '2019-06-03', None, 1),
             (7, 'Martha', 'Quinn', 'Barista', 12.21, '2023-04-11', None, 6),
             (8, 'Ollie', 'Stanton', 'Barista', 12.21, '2025-08-04', None, 6),
             (9, 'Jade', 'Pham', 'Barista', 11.44, '2024-10-01', '2025-06-30', 6),
             (10, 'Eliza', 'Morton', 'Saturday Assistant', 10.00, '2025-03-01', None, 2),
             (11, 'Ben', 'Achterberg', 'Bookseller', 12.60, '2026-02-16', None, 2),
             (12, 'Hollie', 'Fenwick', 'Barista', 12.21, '2026-10-05', None, 6)]
    con.executemany('INSERT INTO Staff VALUES (?,?,?,?,?,?,?,?)', staff)
    span = {s[0]: (dt.date.fromisoformat(s[5]), dt.date.fromisoformat(s[6]) if s[6] else dt.date(2099, 1, 1))
            for s in staff}
    shop_staff = [2, 3, 4, 5, 11, 1]
    cafe_staff = [6, 7, 8, 9, 12]
    S0 = dt.date(2025, 1, 1)
    SHIFT_END = TODAY + dt.timedelta(days=13)   # the rota is out two weeks ahead
    shifts = []
    shid = 0
    day = S0
    on_duty = {}
    while day <= SHIFT_END:
        wd = day.weekday()
        closed = (day.month == 12 and day.day in (25, 26)) or (day.month == 1 and day.day == 1)
        if not closed:
            for area, pool, n in (('Shop', shop_staff, 2 if wd < 5 else 3), ('Cafe', cafe_staff, 2)):
                avail = [s for s in pool if span[s][0] <= day <= span[s][1] and not (s == 1 and rng.random() < 0.8)]
                if wd == 5 and span[10][0] <= day:
                    avail = avail + [10] if area == 'Shop' else avail
                chosen = rng.sample(avail, min(n, len(avail)))
                for s in chosen:
                    if wd == 6:
                        st, en = (10, 0), (16, 0)
                    elif rng.random() < 0.5:
                        st, en = (8, 30) if area == 'Cafe' else (9, 0), (14, 0) if rng.random() < 0.3 else (17, 30)
                    else:
                        st, en = (rng.choice([11, 12]), 0), (17, 30)
                    if s == 10:
                        st, en = (9, 0), (17, 0)
                    shid += 1
                    shifts.append((shid, s, f'{day.isoformat()} {st[0]:02d}:{st[1]:02d}:00',
                                   f'{day.isoformat()} {en[0]:02d}:{en[1]:02d}:00', area))
                    on_duty.setdefault(day, {}).setdefault(area, []).append(s)
        day += dt.timedelta(days=1)
    con.executemany('INSERT INTO Shifts VALUES (?,?,?,?,?)', shifts)

    # ------------------------------------------------------------------ members
    members = []
    used = set()
    for mid in range(1, 281):
        while True:
            fn, ln = rng.choice(FIRST_F + FIRST_M), rng.choice(SURNAMES)
            if (fn, ln) not in used:
                used.add((fn, ln))
                break
        joined = rdate(rng, dt.date(2021, 6, 1), TODAY)
        email = None if rng.random() < 0.1 else f"{fn.lower()}{rng.randint(1, 999)}@{rng.choice(['gmail.com', 'icloud.com', 'hotmail.co.uk', 'outlook.com'])}"
        members.append([mid, fn, ln, email, joined.isoformat(), 0, 'Bronze', 1 if email and rng.random() < 0.6 else 0])
    mjoined = {m[0]: m[4] for m in members}
    con.executemany('INSERT INTO LoyaltyMembers VALUES (?,?,?,?,?,?,?,?)', members)

    # ------------------------------------------------------------------ sales
    book_price = {b[0]: b[7] for b in books}
    sellable = [b[0] for b in books]
    book_w = [(5 if b[6] >= 2025 else 2 if b[6] >= 2020 else 1) * (0.3 if b[9] else 1) for b in books]
    never = set(rng.sample(sellable, 25))
    book_w = [0 if b in never else w for b, w in zip(sellable, book_w)]
    cafe_ids = [c[0] for c in CAFE]
    cafe_w = [9, 8, 7, 5, 3, 6, 3, 4, 3, 4, 2, 2, 2, 3, 2, 1, 4, 3, 4, 2, 3, 2, 3, 3, 3, 2, 2, 2, 3, 1]
    cafe_price = {c[0]: c[3] for c in CAFE}
    fav_members = rng.sample(range(1, 281), 60)
    sales, slines = [], []
    sid = lid = 0
    day = S0
    while day <= TODAY:
        wd = day.weekday()
        if day in on_duty:
            base = [8, 6, 8, 8, 11, 16, 11][wd]
            if day.month == 12:
                base = int(base * 1.8)
            n = max(1, int(rng.gauss(base, 2)))
            if day == TODAY:
                n = max(1, n // 2)
            times = sorted(rng.randint(9 * 60, 17 * 60 + 15) for _ in range(n))
            if day == TODAY:
                times = [t for t in times if t < 13 * 60] or [10 * 60 + 5]
            for tm in times:
                cafe_only = rng.random() < 0.55
                area = 'Cafe' if cafe_only else 'Shop'
                staff_id = rng.choice(on_duty[day].get(area) or on_duty[day].get('Shop') or on_duty[day]['Cafe'])
                mem = None
                if rng.random() < 0.3:
                    mem = rng.choice(fav_members) if rng.random() < 0.6 else rng.randint(1, 280)
                    if mjoined[mem] > day.isoformat():
                        mem = None
                pay = rng.choices(['Card', 'Cash', 'Gift Card'], [0.82, 0.13, 0.05])[0]
                status = rng.choices(['Completed', 'Refunded', 'Voided'], [0.975, 0.015, 0.01])[0]
                sid += 1
                sales.append((sid, f'{day.isoformat()} {tm // 60:02d}:{tm % 60:02d}:{rng.randint(0, 59):02d}',
                              staff_id, mem, pay, status))
                if cafe_only:
                    for _ in range(rng.choice([1, 1, 2, 2, 3, 4])):
                        c = rng.choices(cafe_ids, cafe_w)[0]
                        if not CAFE[c - 1][5] and not (day.month in (9, 10, 11) and day.year == 2025):
                            c = 1
                        lid += 1
                        slines.append((lid, sid, None, c, rng.choice([1, 1, 1, 2]), cafe_price[c], 0.0))
                else:
                    for _ in range(rng.choices([1, 2, 3, 4], [0.6, 0.25, 0.1, 0.05])[0]):
                        b = rng.choices(sellable, book_w)[0]
                        disc = 0.0
                        if mem and rng.random() < 0.5:
                            disc = 0.1
                        if rng.random() < 0.03:
                            disc = 0.25   # damaged / staff
                        lid += 1
                        slines.append((lid, sid, b, None, 1 if rng.random() < 0.93 else 2, book_price[b], disc))
                    if rng.random() < 0.3:
                        c = rng.choices(cafe_ids[:16], cafe_w[:16])[0]
                        lid += 1
                        slines.append((lid, sid, None, c, 1, cafe_price[c], 0.0))
        day += dt.timedelta(days=1)
    con.executemany('INSERT INTO Sales VALUES (?,?,?,?,?,?)', sales)
    con.executemany('INSERT INTO SaleLines VALUES (?,?,?,?,?,?,?)', slines)
    # points: one per pound spent on completed sales since 2025, plus some carried from before
    spent = {}
    sale_of = {s[0]: s for s in sales}
    for l in slines:
        s = sale_of[l[1]]
        if s[3] and s[5] == 'Completed':
            spent[s[3]] = spent.get(s[3], 0) + l[4] * l[5] * (1 - l[6])
    for m in members:
        carried = rng.randint(0, 150) if m[4] < '2025-01-01' else 0
        redeemed = rng.choice([0, 0, 0, 100, 200])
        m[5] = max(0, int(spent.get(m[0], 0)) + carried - redeemed)
    # non-zero balances are kept distinct (a tie is nudged up a point) so that "highest points first"
    # has a single right order in the questions
    seen = set()
    for m in sorted(members, key=lambda m: (-m[5], m[0])):
        while m[5] > 0 and m[5] in seen:
            m[5] += 1
        seen.add(m[5])
    for m in members:
        m[6] = 'Gold' if m[5] >= 400 else 'Silver' if m[5] >= 150 else 'Bronze'
    con.executemany('UPDATE LoyaltyMembers SET Points = ?, Tier = ? WHERE MemberId = ?',
                    [(m[5], m[6], m[0]) for m in members])

    # ------------------------------------------------------------------ suppliers + POs
    sups = [(1, 'Gardners Books', 'Books', 'GARD-55102'), (2, 'Bertrams (legacy)', 'Books', None),
            (3, 'Penguin Direct', 'Books', 'PRH-8812'), (4, 'Peak District Press', 'Books', 'PDP-014'),
            (5, 'Grindsmith Coffee Roasters', 'Cafe', 'GCR-223'), (6, 'Bakewell Bakehouse', 'Cafe', None),
            (7, 'Booker Wholesale', 'Cafe', 'BKR-77310'), (8, 'Walker Books Trade', 'Books', 'WB-3390')]
    con.executemany('INSERT INTO Suppliers VALUES (?,?,?,?)', sups)
    pos, pols = [], []
    poid = 0
    d = dt.date(2024, 1, 8)
    while d <= TODAY:
        for sup in (1, 3, 4, 8, 5, 6, 7):
            freq = {1: 0.55, 3: 0.25, 4: 0.08, 8: 0.1, 5: 0.5, 6: 0.9, 7: 0.35}[sup]
            if rng.random() > freq:
                continue
            od = d + dt.timedelta(days=rng.randint(0, 4))
            if od > TODAY:
                continue
            exp = od + dt.timedelta(days={1: 3, 3: 7, 4: 10, 8: 7, 5: 4, 6: 1, 7: 5}[sup])
            rec = exp + dt.timedelta(days=rng.choices([-1, 0, 1, 2, 5, 12], [0.15, 0.55, 0.12, 0.08, 0.07, 0.03])[0])
            if rec < od:
                rec = od
            if rec > TODAY:
                rec = None
            elif rng.random() < 0.01:
                rec = None   # never turned up
            poid += 1
            notes = rng.choices([None, 'Part delivery', 'Damaged box - credit requested', 'Christmas stock',
                                 'Event stock', 'Urgent'], [0.8, 0.05, 0.03, 0.05, 0.04, 0.03])[0]
            if od.month in (10, 11) and notes is None and rng.random() < 0.3:
                notes = 'Christmas stock'
            total = 0.0
            if sup in (1, 3, 4, 8):
                pool = [b[0] for b in books if (sup != 4 or b[3] == 14) and (sup != 8 or b[3] in (9, 12)) and not b[9]]
                if not pool:
                    pool = [b[0] for b in books if not b[9]]
                for b in rng.sample(pool, min(len(pool), rng.randint(2, 9))):
                    q = rng.choice([1, 2, 2, 3, 5, 10])
                    uc = round(book_price[b] * rng.choice([0.55, 0.6, 0.65]), 2)
                    pols.append((poid, b, q, uc))
                    total += q * uc
            else:
                total = round(rng.uniform(40, 420) if sup != 6 else rng.uniform(35, 110), 2)
            pos.append((poid, sup, od.isoformat(), exp.isoformat(), rec.isoformat() if rec else None,
                        round(total, 2), notes))
        d += dt.timedelta(days=7)
    con.executemany('INSERT INTO PurchaseOrders VALUES (?,?,?,?,?,?,?)', pos)
    con.executemany('INSERT INTO PurchaseOrderLines VALUES (?,?,?,?)', pols)

    # ------------------------------------------------------------------ author events
    evs = []
    eid = 0
    ev_dates = sorted([rdate(rng, dt.date(2024, 2, 1), dt.date(2027, 2, 28)) for _ in range(36)] +
                      [dt.date(2026, 10, 15), dt.date(2026, 11, 12), dt.date(2026, 11, 20), dt.date(2026, 12, 4),
                       dt.date(2026, 12, 12)])
    ev_authors = local_authors * 2 + [a[0] for a in authors]
    for ed in ev_dates:
        if ed.weekday() in (0, 1):
            ed += dt.timedelta(days=2)
        eid += 1
        a = rng.choice(ev_authors)
        kind = rng.choice(['In conversation: {n}', 'Book launch: {t}', '{n} reads from {t}', 'Signing with {n}',
                           'Evening with {n}'])
        a_books = [b for b, au, r in ba if au == a and r == 'Author']
        t = books[a_books[0] - 1][2] if a_books else 'new work'
        auth = authors[a - 1]
        name = f'{auth[1]} {auth[2]}' if auth[1] else auth[2]
        cap = rng.choice([30, 40, 40, 60, 80])
        price = rng.choice([0.0, 5.0, 8.0, 10.0, 12.0, 15.0])
        cancelled = 1 if rng.random() < 0.08 else 0
        if ed > TODAY:
            sold = int(cap * rng.uniform(0.05, 0.7))
        elif cancelled:
            sold = 0 if rng.random() < 0.5 else int(cap * rng.uniform(0.1, 0.4))
        else:
            sold = min(cap, int(cap * rng.uniform(0.35, 1.1)))
        evs.append((eid, a, f'{ed.isoformat()} {rng.choice(["18:30", "19:00", "19:30", "14:00"])}:00',
                    kind.format(n=name, t=t), price, cap, sold, cancelled))
        for b in a_books:
            if ed <= TODAY and not cancelled and books[b - 1][8] > 0 and rng.random() < 0.6:
                con.execute('UPDATE Books SET SignedCopy = 1 WHERE BookId = ?', (b,))
    con.executemany('INSERT INTO AuthorEvents VALUES (?,?,?,?,?,?,?,?)', evs)
    con.commit()
    con.close()


if __name__ == '__main__':
    build_dental()
    build_bookcafe()
    for n in ('dental', 'bookcafe'):
        con = sqlite3.connect(os.path.join(ROOT, 'dbs', n, n + '.sqlite'))
        tabs = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type IN ('table','view') ORDER BY name")]
        print(n, ', '.join(f'{t}={con.execute(f"SELECT COUNT(*) FROM [{t}]").fetchone()[0]}' for t in tabs))
