#!/usr/bin/env python3
"""Build two small-business SQLite databases with generated rows (fixed seeds, standard library only).

  dbs/tutoring/tutoring.sqlite   private tutoring agency (snake_case with abbreviations, money in pounds REAL)
  dbs/bakery/bakery.sqlite       wholesale bakery supplying cafes and shops (camelCase, money in pence INTEGER)

"Today" is Saturday 2026-11-28; some rows lie in the future (booked lessons, planned deliveries, due dates).
"""
import datetime as dt
import os
import random
import re
import sqlite3

HERE = os.path.dirname(os.path.abspath(__file__))
TODAY = dt.date(2026, 11, 28)
START = dt.date(2025, 1, 1)
DAY = dt.timedelta(days=1)
WD = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']


def ddl(con, script):
    """Run DDL with the explanatory -- comments stripped: the owners' databases carry no notes for readers."""
    con.executescript(re.sub(r'[ \t]*--[^\n]*', '', script))


def iso(d):
    return d.isoformat() if d is not None else None


def month_iter(a, b):
    y, m = a.year, a.month
    while (y, m) <= (b.year, b.month):
        yield y, m
        m += 1
        if m == 13:
            y, m = y + 1, 1


def month_end(y, m):
    if m == 12:
        return dt.date(y, 12, 31)
    return dt.date(y, m + 1, 1) - DAY


# ============================================================================================
# TUTORING
# ============================================================================================
TERMS = [
    ('Spring 2025', dt.date(2025, 1, 6), dt.date(2025, 4, 4)),
    ('Summer 2025', dt.date(2025, 4, 22), dt.date(2025, 7, 22)),
    ('Autumn 2025', dt.date(2025, 9, 3), dt.date(2025, 12, 19)),
    ('Spring 2026', dt.date(2026, 1, 5), dt.date(2026, 3, 27)),
    ('Summer 2026', dt.date(2026, 4, 13), dt.date(2026, 7, 21)),
    ('Autumn 2026', dt.date(2026, 9, 2), dt.date(2026, 12, 18)),
    ('Spring 2027', dt.date(2027, 1, 5), dt.date(2027, 3, 26)),
]


def in_term(d):
    return any(a <= d <= b for _, a, b in TERMS)


def build_tutoring(path):
    rng = random.Random(30117)
    if os.path.exists(path):
        os.remove(path)
    con = sqlite3.connect(path)
    ddl(con, """
    PRAGMA foreign_keys = ON;
    CREATE TABLE terms (
        term_id INTEGER PRIMARY KEY,
        term_name TEXT NOT NULL,
        start_dt TEXT NOT NULL,
        end_dt TEXT NOT NULL
    );
    CREATE TABLE tutors (
        tutor_id INTEGER PRIMARY KEY,
        title TEXT,
        first_name TEXT NOT NULL,
        last_name TEXT NOT NULL,
        email TEXT,
        mob TEXT,
        hourly_rate REAL NOT NULL,        -- what we charge families, GBP per hour
        pay_rate_ph REAL NOT NULL,        -- what we pay the tutor, GBP per hour
        dbs_no TEXT,
        dbs_expiry TEXT,
        qts INTEGER NOT NULL DEFAULT 0,   -- qualified teacher status
        started_on TEXT NOT NULL,
        left_on TEXT
    );
    CREATE TABLE subjects (
        subj_id INTEGER PRIMARY KEY,
        subj_name TEXT NOT NULL,
        lvl TEXT NOT NULL,               -- KS2, KS3, 11+, GCSE, A-Level
        exam_board TEXT
    );
    CREATE TABLE tutor_subjects (
        tutor_id INTEGER NOT NULL REFERENCES tutors(tutor_id),
        subj_id INTEGER NOT NULL REFERENCES subjects(subj_id),
        PRIMARY KEY (tutor_id, subj_id)
    );
    CREATE TABLE guardians (
        guardian_id INTEGER PRIMARY KEY,
        title TEXT,
        first_name TEXT NOT NULL,
        last_name TEXT NOT NULL,
        email TEXT,
        phone TEXT,
        postcode TEXT,
        pref_contact TEXT,               -- email / phone / text
        created_on TEXT NOT NULL
    );
    CREATE TABLE students (
        student_id INTEGER PRIMARY KEY,
        first_name TEXT NOT NULL,
        last_name TEXT NOT NULL,
        dob TEXT,
        yr_grp INTEGER,                  -- school year group (3..13)
        school TEXT,
        guardian_id INTEGER NOT NULL REFERENCES guardians(guardian_id),
        joined_on TEXT NOT NULL,
        left_on TEXT,
        sen_notes TEXT
    );
    CREATE TABLE invoices (
        inv_id INTEGER PRIMARY KEY,
        inv_no TEXT NOT NULL UNIQUE,
        guardian_id INTEGER NOT NULL REFERENCES guardians(guardian_id),
        period_mth TEXT NOT NULL,        -- YYYY-MM the lessons were in
        issued_on TEXT NOT NULL,
        due_on TEXT NOT NULL,
        total_amt REAL NOT NULL,
        status TEXT NOT NULL,            -- sent / part_paid / paid / void
        paid_date TEXT                   -- date fully settled
    );
    CREATE TABLE lessons (
        lesson_id INTEGER PRIMARY KEY,
        student_id INTEGER NOT NULL REFERENCES students(student_id),
        tutor_id INTEGER NOT NULL REFERENCES tutors(tutor_id),
        subj_id INTEGER NOT NULL REFERENCES subjects(subj_id),
        lesson_date TEXT NOT NULL,
        start_time TEXT NOT NULL,        -- HH:MM
        dur_min INTEGER NOT NULL,
        status TEXT NOT NULL,            -- booked / completed / cancelled / no_show
        online INTEGER NOT NULL DEFAULT 0,
        amt REAL NOT NULL,               -- lesson price GBP
        inv_id INTEGER REFERENCES invoices(inv_id),
        cancel_reason TEXT
    );
    CREATE TABLE payments (
        pay_id INTEGER PRIMARY KEY,
        inv_id INTEGER NOT NULL REFERENCES invoices(inv_id),
        pay_date TEXT NOT NULL,
        amt REAL NOT NULL,
        method TEXT NOT NULL,            -- bank transfer / card / cash / cheque
        ref TEXT
    );
    CREATE TABLE pay_runs (
        run_id INTEGER PRIMARY KEY,
        period_start TEXT NOT NULL,
        period_end TEXT NOT NULL,
        paid_on TEXT NOT NULL
    );
    CREATE TABLE pay_run_items (
        item_id INTEGER PRIMARY KEY,
        run_id INTEGER NOT NULL REFERENCES pay_runs(run_id),
        tutor_id INTEGER NOT NULL REFERENCES tutors(tutor_id),
        lessons_cnt INTEGER NOT NULL,
        hrs REAL NOT NULL,
        gross_amt REAL NOT NULL
    );
    """)

    con.executemany('INSERT INTO terms VALUES (?,?,?,?)',
                    [(i + 1, n, iso(a), iso(b)) for i, (n, a, b) in enumerate(TERMS)])

    # ---- subjects ------------------------------------------------------------------------------
    subjects = [
        (1, 'Maths', 'KS2', None), (2, 'Maths', 'KS3', None), (3, 'Maths', 'GCSE', 'AQA'),
        (4, 'Maths', 'A-Level', 'Edexcel'), (5, 'English', 'KS2', None), (6, 'English', 'KS3', None),
        (7, 'English Language', 'GCSE', 'AQA'), (8, 'English Literature', 'GCSE', 'AQA'),
        (9, 'Physics', 'GCSE', 'AQA'), (10, 'Physics', 'A-Level', 'OCR'), (11, 'Chemistry', 'GCSE', 'AQA'),
        (12, 'Chemistry', 'A-Level', 'OCR'), (13, 'Biology', 'GCSE', 'AQA'), (14, 'French', 'GCSE', 'AQA'),
        (15, 'Spanish', 'GCSE', None), (16, 'Verbal Reasoning', '11+', 'GL'),
        (17, 'Non-Verbal Reasoning', '11+', 'GL'), (18, 'Computer Science', 'GCSE', 'OCR'),
    ]
    con.executemany('INSERT INTO subjects VALUES (?,?,?,?)', subjects)

    # ---- tutors ---------------------------------------------------------------------------------
    tutors = [
        # id, title, first, last, email, mob, rate, pay, dbs_no, dbs_expiry, qts, started, left
        (1, 'Ms', 'Hannah', 'Whitfield', 'hannah.whitfield@gmail.com', '07700 900112', 48.0, 32.0, '001734558812', '2027-03-14', 1, '2019-09-02', None),
        (2, 'Dr', 'Anil', 'Mehta', 'anil.mehta@outlook.com', '07700900245', 65.0, 45.0, '001829934410', '2026-12-09', 0, '2020-01-13', None),
        (3, 'Mr', 'James', "O'Connor", 'jamesoc@yahoo.co.uk', '07700 900 318', 45.0, 30.0, '001765512093', '2028-01-20', 1, '2021-04-19', None),
        (4, 'Mrs', 'Bethan', 'Pryce', 'b.pryce@btinternet.com', '07700 900451', 42.0, 28.0, '001690021774', '2026-10-31', 1, '2018-09-10', None),
        (5, 'Mr', 'Tomasz', 'Wojcik', 'tomasz.w@gmail.com', '07700 900577', 40.0, 26.0, '001902287731', '2027-08-02', 0, '2022-02-07', None),
        (6, 'Ms', 'Grace', 'Adeyemi', 'grace.adeyemi@gmail.com', '+44 7700 900623', 50.0, 34.0, '001911456620', '2027-11-15', 1, '2022-09-05', None),
        (7, 'Mr', 'Oliver', 'Finch', None, '07700 900734', 38.0, 25.0, '001955108842', '2026-12-28', 0, '2023-01-09', None),
        (8, 'Ms', 'Sophie', 'Laurent', 'sophie.laurent@free.fr', '07700 900846', 44.0, 29.0, '001872245519', '2027-05-30', 0, '2021-09-13', None),
        (9, 'Mr', 'Daniel', 'Reeves', 'dan.reeves@gmail.com', '07700 900958', 42.0, 27.0, '001634479901', '2025-07-01', 1, '2017-10-02', '2025-08-31'),
        (10, 'Ms', 'Priya', 'Raman', 'priya.raman@gmail.com', '07700 901069', 55.0, 38.0, '001987732264', '2028-09-18', 0, '2024-03-04', None),
        (11, 'Mr', 'Callum', 'Fraser', 'callum.fraser@hotmail.co.uk', '07700 901172', 36.0, 24.0, '002001158836', '2028-12-01', 0, '2026-01-12', None),
        (12, 'Mrs', 'Ruth', 'Abernethy', 'ruth.abernethy@gmail.com', '07700 901283', 46.0, 31.0, None, None, 1, '2024-09-02', None),
    ]
    con.executemany('INSERT INTO tutors VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)', tutors)
    t_start = {t[0]: dt.date.fromisoformat(t[11]) for t in tutors}
    t_left = {t[0]: (dt.date.fromisoformat(t[12]) if t[12] else None) for t in tutors}
    t_rate = {t[0]: t[6] for t in tutors}
    t_pay = {t[0]: t[7] for t in tutors}

    teach = {
        1: [1, 2, 3, 4], 2: [4, 10, 12, 9, 11], 3: [5, 6, 7, 8], 4: [1, 5, 16, 17],
        5: [2, 3, 9, 18], 6: [7, 8, 6, 13], 7: [1, 2, 3, 16, 17], 8: [14, 15],
        9: [3, 9, 11, 13], 10: [11, 12, 13, 10], 11: [2, 3, 18], 12: [5, 6, 7, 16],
    }
    con.executemany('INSERT INTO tutor_subjects VALUES (?,?)',
                    [(t, s) for t in sorted(teach) for s in teach[t]])

    def tutor_ok(t, d):
        return t_start[t] <= d and (t_left[t] is None or d <= t_left[t])

    def rate_on(t, d):
        r = t_rate[t]
        if d < dt.date(2025, 9, 1):
            return r - 4.0
        if d < dt.date(2026, 9, 1):
            return r - 2.0
        return r

    # ---- guardians & students ------------------------------------------------------------------
    g_first = ['Claire', 'Mark', 'Rebecca', 'Paul', 'Nadia', 'Richard', 'Joanne', 'Stephen', 'Amira', 'Andrew',
               'Helen', 'David', 'Lucy', 'Imran', 'Kate', 'Gavin', 'Sunita', 'Neil', 'Emma', 'Robert',
               'Farah', 'Simon', 'Louise', 'Chris', 'Zainab', 'Martin', 'Victoria', 'Gareth', 'Anna', 'Peter',
               'Olga', 'Jonathan', 'Sarah', 'Kevin', 'Fiona', 'Ade', 'Rachel', 'Matthew', 'Lena', 'Tariq',
               'Jenny', 'Iain', 'Megan', 'Raj', 'Nicola', 'Duncan', 'Shona', 'Ben', 'Yasmin', 'Carl',
               'Ewa', 'Ian', 'Deborah', 'Hamza', 'Alison', 'Graham', 'Leanne', 'Marcus', 'Tessa', 'Owen']
    g_last = ['Hughes', 'Bennett', 'Carter', 'Ellis', 'Hussain', 'Knight', 'Lloyd', 'Marsh', 'Nash', 'Osborne',
              'Parry', 'Quinn', 'Rowe', 'Shah', 'Turner', 'Vaughan', 'Walsh', 'Young', 'Ahmed', 'Bishop',
              'Chapman', 'Dixon', 'Edwards', 'Fletcher', 'Gill', 'Holt', 'Iqbal', 'Jarvis', 'Kaur', 'Lowe',
              'Morris', 'Nowak', 'Okafor', 'Patel', 'Ramsay', 'Stone', 'Thornton', 'Underwood', 'Vickers', 'Ward',
              'Xu', 'Yates', 'Zielinski', 'Barker', 'Cole', 'Doherty', 'Evans', 'Foster', 'Grant', 'Harper',
              'Irwin', 'Jennings', 'Kemp', 'Lamb', 'Moss', 'Nolan', 'Oakes', 'Pearce', 'Reid', 'Sutton']
    kids_first = ['Ruby', 'Alfie', 'Isla', 'Noah', 'Amelia', 'Leo', 'Freya', 'Oscar', 'Maya', 'Zain', 'Poppy', 'Ethan',
                  'Evie', 'Harvey', 'Aisha', 'Finn', 'Lily', 'Max', 'Ella', 'Reuben', 'Sienna', 'Jacob', 'Hana', 'Toby',
                  'Chloe', 'Arjun', 'Grace', 'Sam', 'Maisie', 'Luca', 'Erin', 'Kai', 'Phoebe', 'Adam', 'Layla',
                  'Henry', 'Nina', 'Rory', 'Daisy', 'Yusuf', 'Matilda', 'Owen', 'Sofia', 'Ibrahim', 'Holly',
                  'George', 'Anya', 'Jude', 'Esme', 'Theo', 'Martha', 'Ravi', 'Imogen', 'Felix', 'Zara', 'Ollie',
                  'Bella', 'Caleb', 'Mia', 'Ryan', 'Tilly', 'Sami', 'Rosa', 'Dylan', 'Jessica', 'Ezra', 'Lottie',
                  'Harry', 'Keira', 'Aaron', 'Emily', 'Josh', 'Nell', 'Elliot', 'Iris', 'Kian', 'Lara', 'Milo']
    postcodes = ['BS6 7PL', 'BS7 8QT', 'BS9 3HE', 'BS8 2LA', 'BS3 4RD', 'BS5 6TY', 'BS16 1QW', 'BS10 5NP',
                 'BS6 5AB', 'BS7 9JN', 'BS9 4DF', 'BS8 3XQ']
    schools = ['Cotham School', 'Redland Green', 'Bristol Grammar', 'Clifton High', 'Fairfield High',
               'St Ursula\'s Academy', 'Henleaze Junior', 'Westbury Park Primary', 'Bishop Road Primary',
               'Colston\'s School', 'QEH', 'Home educated']
    NG = 60
    guardians = []
    for gid in range(1, NG + 1):
        fn, ln = g_first[gid - 1], g_last[gid - 1]
        title = rng.choice(['Mrs', 'Mr', 'Ms', 'Dr', None]) if fn not in ('Mark', 'Paul', 'Richard') else 'Mr'
        email = f'{fn.lower()}.{ln.lower()}{rng.choice(["", "", "77", "_home", "1"])}@{rng.choice(["gmail.com", "hotmail.co.uk", "outlook.com", "btinternet.com", "icloud.com"])}'
        if rng.random() < 0.06:
            email = None
        phone = f'07{rng.randint(100, 999)} {rng.randint(100000, 999999)}'
        created = dt.date(2023, 6, 1) + dt.timedelta(days=rng.randrange(900))
        guardians.append([gid, title, fn, ln, email, phone, rng.choice(postcodes),
                          rng.choices(['email', 'phone', 'text'], [60, 15, 25])[0], created])

    students = []
    sid = 0
    kid_names = list(kids_first)
    rng.shuffle(kid_names)
    n_kids = {g: 1 for g in range(1, NG + 1)}
    for g in rng.sample(range(1, NG + 1), 13):
        n_kids[g] = 2
    for g in rng.sample([g for g in n_kids if n_kids[g] == 1], 2):
        n_kids[g] = 3
    for g in range(1, NG + 1):
        gcreated = guardians[g - 1][8]
        for k in range(n_kids[g]):
            sid += 1
            fn = kid_names[(sid - 1) % len(kid_names)]
            ln = guardians[g - 1][3]
            if rng.random() < 0.07:
                ln = rng.choice(g_last)          # different surname to the bill payer
            yr = rng.choices(range(3, 14), [3, 4, 6, 7, 4, 3, 4, 7, 10, 4, 5])[0]
            dob = dt.date(2026 - yr - 5, 9, 1) + dt.timedelta(days=rng.randrange(365))
            joined = gcreated + dt.timedelta(days=rng.randrange(40)) if k == 0 else gcreated + dt.timedelta(days=rng.randrange(400))
            if joined > TODAY - dt.timedelta(days=20):
                joined = TODAY - dt.timedelta(days=20 + rng.randrange(60))
            left = None
            if yr >= 12 and joined < dt.date(2025, 3, 1) and rng.random() < 0.7:
                left = dt.date(2025, 6, 20) + dt.timedelta(days=rng.randrange(20))
            elif rng.random() < 0.12:
                left = joined + dt.timedelta(days=120 + rng.randrange(400))
                if left > TODAY - dt.timedelta(days=10):
                    left = None
            sen = rng.choice(['Dyslexia - extra time', 'ADHD', 'Prefers female tutor', 'Mild dyspraxia']) if rng.random() < 0.08 else None
            school = rng.choice(schools[6:9]) if yr <= 6 else rng.choice(schools[:6] + schools[9:])
            students.append([sid, fn, ln, iso(dob), yr, school, g, joined, left, sen])
    # two brand-new enquiries with nothing booked yet, attached to an existing family
    for fn, ln_g, yr in (('Beatrix', 7, 8), ('Jonah', 22, 10)):
        sid += 1
        students.append([sid, fn, guardians[ln_g - 1][3], iso(dt.date(2026 - yr - 5, 3, 14)), yr, 'Cotham School', ln_g,
                         dt.date(2026, 11, 23 + len(students) % 3), None, None])
    new_ids = {sid - 1, sid}
    # paused students: still on the books, no lessons since the summer
    cand = [s for s in students if s[8] is None and s[0] not in new_ids and s[7] < dt.date(2026, 5, 1)]
    paused = {s[0] for s in rng.sample(cand, 4)}
    for g in guardians:
        g[8] = iso(g[8])
    con.executemany('INSERT INTO guardians VALUES (?,?,?,?,?,?,?,?,?)', guardians)

    # ---- lessons -------------------------------------------------------------------------------
    def subj_for(yr):
        if yr <= 5:
            pool = [1, 5, 16, 17]
        elif yr == 6:
            pool = [1, 5, 16, 17]
        elif yr <= 9:
            pool = [2, 6, 2, 6, 14]
        elif yr <= 11:
            pool = [3, 3, 3, 7, 8, 9, 11, 13, 14, 15, 18]
        else:
            pool = [4, 4, 10, 12]
        return rng.choice(pool)

    lessons = []
    lid = 0
    END_BOOK = dt.date(2026, 12, 18)
    slots_by_student = {}
    for s in students:
        sid_, yr = s[0], s[4]
        joined, left = s[7], s[8]
        if sid_ in new_ids:
            continue
        nslots = 1 if rng.random() < 0.72 else 2
        always_online = rng.random() < 0.22
        for k in range(nslots):
            subj = subj_for(yr)
            tut_opts = [t for t in teach if subj in teach[t]]
            tutor = rng.choice(tut_opts)
            backup = rng.choice([t for t in tut_opts if t != tutor] or tut_opts)
            wd = rng.choices(range(7), [18, 18, 18, 16, 8, 20, 2])[0]
            if wd == 5:
                st = rng.choice(['09:00', '10:00', '10:30', '11:00', '12:00', '13:30'])
            elif wd == 6:
                st = rng.choice(['10:00', '16:00'])
            else:
                st = rng.choice(['15:45', '16:00', '16:30', '17:00', '17:30', '18:00', '18:30', '19:00', '19:30'])
            dur = rng.choices([45, 60, 90, 120], [15, 62, 20, 3])[0]
            if yr <= 5 and dur > 60:
                dur = 60
            fortnightly = rng.random() < 0.2
            s_from = max(joined + dt.timedelta(days=rng.randrange(14)), START)
            if k == 1:
                s_from = s_from + dt.timedelta(days=rng.randrange(200))
            s_to = left or END_BOOK
            if sid_ in paused:
                s_to = min(s_to, dt.date(2026, 7, 15))
            if k == 1 and rng.random() < 0.4:
                s_to = min(s_to, s_from + dt.timedelta(days=90 + rng.randrange(200)))
            d = s_from
            while d.weekday() != wd:
                d += DAY
            wk = 0
            while d <= s_to:
                take = (not fortnightly) or wk % 2 == 0
                wk += 1
                if take:
                    if not in_term(d):
                        take = rng.random() < (0.45 if yr in (11, 13) and d.month in (4, 5) else 0.15)
                    if dt.date(d.year, 12, 22) <= d or d <= dt.date(d.year, 1, 3):
                        take = False
                if take:
                    t = tutor if tutor_ok(tutor, d) else backup
                    if not tutor_ok(t, d):
                        t = next(x for x in tut_opts if tutor_ok(x, d))
                    online = 1 if always_online else (1 if rng.random() < 0.12 else 0)
                    this_dur = dur if rng.random() < 0.93 else rng.choice([45, 60, 90])
                    start_t = st
                    if d < TODAY or (d == TODAY and st < '09:30'):
                        status = rng.choices(['completed', 'cancelled', 'no_show'], [89, 8, 3])[0]
                    else:
                        status = 'booked' if rng.random() < 0.96 else 'cancelled'
                    reason = None
                    if status == 'cancelled':
                        reason = rng.choice(['Student ill', 'Tutor ill', 'School trip', 'Family holiday',
                                             'Clash with football', None, 'Parent cancelled'])
                    amt = round(rate_on(t, d) * this_dur / 60.0, 2)
                    lid += 1
                    lessons.append([lid, sid_, t, subj, iso(d), start_t, this_dur, status, online, amt, None, reason])
                d += dt.timedelta(days=7)

    # ---- students insert -----------------------------------------------------------------------
    for s in students:
        s[7] = iso(s[7])
        s[8] = iso(s[8])
    con.executemany('INSERT INTO students VALUES (?,?,?,?,?,?,?,?,?,?)', students)

    # ---- invoices & payments -------------------------------------------------------------------
    stu_g = {s[0]: s[6] for s in students}
    behaviour = {g: rng.choices(['prompt', 'slow', 'instal', 'bad'], [55, 25, 14, 6])[0] for g in range(1, NG + 1)}
    by_gm = {}
    for L in lessons:
        if L[7] in ('completed', 'no_show'):
            d = dt.date.fromisoformat(L[4])
            if (d.year, d.month) < (2026, 11):
                by_gm.setdefault((stu_g[L[1]], d.year, d.month), []).append(L)
    invoices, payments = [], []
    inv_id = pay_id = 0
    seq = {}
    void_keys = set(rng.sample(sorted(by_gm), 3))
    for key in sorted(by_gm, key=lambda k: (k[1], k[2], k[0])):
        g, y, m = key
        ls = by_gm[key]
        total = round(sum(L[9] for L in ls), 2)
        issued = month_end(y, m) + dt.timedelta(days=1 + rng.randrange(3))
        due = issued + dt.timedelta(days=30)
        seq[(y, m)] = seq.get((y, m), 0) + 1
        inv_no = f'INV-{y % 100:02d}{m:02d}-{seq[(y, m)]:03d}'
        if key in void_keys:
            inv_id += 1
            invoices.append([inv_id, inv_no, g, f'{y}-{m:02d}', iso(issued), iso(due), round(total * 1.1, 2), 'void', None])
            inv_no = inv_no + 'A'
            issued = issued + dt.timedelta(days=2 + rng.randrange(4))
            due = issued + dt.timedelta(days=30)
        inv_id += 1
        for L in ls:
            L[10] = inv_id
        b = behaviour[g]
        pays = []
        if b == 'prompt':
            pays = [(issued + dt.timedelta(days=rng.randrange(2, 22)), total)]
        elif b == 'slow':
            pays = [(issued + dt.timedelta(days=rng.randrange(20, 62)), total)]
        elif b == 'instal':
            n = rng.choice([2, 3])
            part = round(total / n, 2)
            dd = issued + dt.timedelta(days=rng.randrange(3, 15))
            for i in range(n):
                amt = part if i < n - 1 else round(total - part * (n - 1), 2)
                pays.append((dd, amt))
                dd += dt.timedelta(days=rng.randrange(12, 35))
        else:  # bad payer: pays some, drags on others
            r = rng.random()
            if r < 0.45:
                pays = [(issued + dt.timedelta(days=rng.randrange(35, 90)), total)]
            elif r < 0.75:
                pays = [(issued + dt.timedelta(days=rng.randrange(20, 60)), round(total * rng.choice([0.25, 0.4, 0.5]), 2))]
            else:
                pays = []
        pays = [(d, a) for d, a in pays if d <= TODAY]
        paid_sum = round(sum(a for _, a in pays), 2)
        if not pays:
            status, paid_date = 'sent', None
        elif paid_sum >= total - 0.005:
            status, paid_date = 'paid', iso(max(d for d, _ in pays))
        else:
            status, paid_date = 'part_paid', None
        invoices.append([inv_id, inv_no, g, f'{y}-{m:02d}', iso(issued), iso(due), total, status, paid_date])
        for d, a in pays:
            pay_id += 1
            meth = rng.choices(['bank transfer', 'card', 'cash', 'cheque'], [70, 18, 8, 4])[0]
            ref = f'{guardians[g - 1][3].upper()[:8]} {inv_no}' if meth == 'bank transfer' and rng.random() < 0.8 else None
            payments.append((pay_id, inv_id, iso(d), a, meth, ref))
    con.executemany('INSERT INTO invoices VALUES (?,?,?,?,?,?,?,?,?)', invoices)
    con.executemany('INSERT INTO lessons VALUES (?,?,?,?,?,?,?,?,?,?,?,?)', lessons)
    con.executemany('INSERT INTO payments VALUES (?,?,?,?,?,?)', payments)

    # ---- tutor pay runs ------------------------------------------------------------------------
    runs, items = [], []
    rid = iid = 0
    for y, m in month_iter(START, dt.date(2026, 10, 1)):
        rid += 1
        ps, pe = dt.date(y, m, 1), month_end(y, m)
        paid_on = pe + dt.timedelta(days=7)
        if paid_on.weekday() >= 5:
            paid_on += dt.timedelta(days=7 - paid_on.weekday())
        runs.append((rid, iso(ps), iso(pe), iso(paid_on)))
        agg = {}
        for L in lessons:
            if L[7] in ('completed', 'no_show') and iso(ps) <= L[4] <= iso(pe):
                a = agg.setdefault(L[2], [0, 0])
                a[0] += 1
                a[1] += L[6]
        for t in sorted(agg):
            iid += 1
            hrs = round(agg[t][1] / 60.0, 2)
            items.append((iid, rid, t, agg[t][0], hrs, round(hrs * t_pay[t], 2)))
    con.executemany('INSERT INTO pay_runs VALUES (?,?,?,?)', runs)
    con.executemany('INSERT INTO pay_run_items VALUES (?,?,?,?,?,?)', items)
    con.commit()
    con.close()


# ============================================================================================
# BAKERY
# ============================================================================================
def build_bakery(path):
    rng = random.Random(51288)
    if os.path.exists(path):
        os.remove(path)
    con = sqlite3.connect(path)
    ddl(con, """
    PRAGMA foreign_keys = ON;
    CREATE TABLE drivers (
        driverId INTEGER PRIMARY KEY,
        firstName TEXT NOT NULL,
        lastName TEXT NOT NULL,
        mobile TEXT,
        vanReg TEXT,
        startedOn TEXT NOT NULL,
        leftOn TEXT
    );
    CREATE TABLE routes (
        routeId INTEGER PRIMARY KEY,
        routeName TEXT NOT NULL,
        driverId INTEGER REFERENCES drivers(driverId),   -- usual driver
        departTime TEXT,
        approxMiles INTEGER
    );
    CREATE TABLE customers (
        customerId INTEGER PRIMARY KEY,
        customerName TEXT NOT NULL,
        customerType TEXT NOT NULL,     -- cafe, shop, deli, hotel, restaurant
        routeId INTEGER REFERENCES routes(routeId),
        contactName TEXT,
        phone TEXT,
        email TEXT,
        addressLine TEXT,
        postcode TEXT,
        discountPct INTEGER NOT NULL DEFAULT 0,
        paymentTermsDays INTEGER NOT NULL DEFAULT 14,
        accountOpened TEXT NOT NULL,
        accountClosed TEXT
    );
    CREATE TABLE products (
        productId INTEGER PRIMARY KEY,
        productName TEXT NOT NULL,
        category TEXT NOT NULL,         -- bread, pastry, cake, savoury
        unitPricePence INTEGER NOT NULL, -- current wholesale list price
        isSeasonal INTEGER NOT NULL DEFAULT 0,
        isActive INTEGER NOT NULL DEFAULT 1,
        weightG INTEGER,
        launchedOn TEXT
    );
    CREATE TABLE standingOrders (
        standingOrderId INTEGER PRIMARY KEY,
        customerId INTEGER NOT NULL REFERENCES customers(customerId),
        productId INTEGER NOT NULL REFERENCES products(productId),
        weekday TEXT NOT NULL,          -- Mon..Sat
        qty INTEGER NOT NULL,
        startDate TEXT NOT NULL,
        endDate TEXT
    );
    CREATE TABLE deliveryNotes (
        deliveryNoteId INTEGER PRIMARY KEY,
        noteNo TEXT NOT NULL UNIQUE,
        customerId INTEGER NOT NULL REFERENCES customers(customerId),
        routeId INTEGER NOT NULL REFERENCES routes(routeId),
        driverId INTEGER REFERENCES drivers(driverId),
        deliveryDate TEXT NOT NULL,
        deliveredAt TEXT,               -- timestamp when signed for
        status TEXT NOT NULL,           -- planned, delivered, cancelled
        signedBy TEXT
    );
    CREATE TABLE deliveryLines (
        lineId INTEGER PRIMARY KEY,
        deliveryNoteId INTEGER NOT NULL REFERENCES deliveryNotes(deliveryNoteId),
        productId INTEGER NOT NULL REFERENCES products(productId),
        qty INTEGER NOT NULL,
        unitPricePence INTEGER NOT NULL -- price charged at the time
    );
    CREATE TABLE creditNotes (
        creditNoteId INTEGER PRIMARY KEY,
        creditNo TEXT NOT NULL UNIQUE,
        customerId INTEGER NOT NULL REFERENCES customers(customerId),
        deliveryNoteId INTEGER REFERENCES deliveryNotes(deliveryNoteId),
        productId INTEGER REFERENCES products(productId),
        qty INTEGER,
        amountPence INTEGER NOT NULL,
        reason TEXT NOT NULL,
        issuedOn TEXT NOT NULL
    );
    CREATE TABLE productionBatches (
        batchId INTEGER PRIMARY KEY,
        productId INTEGER NOT NULL REFERENCES products(productId),
        bakedAt TEXT NOT NULL,          -- timestamp
        qtyBaked INTEGER NOT NULL,
        qtyWasted INTEGER NOT NULL DEFAULT 0,
        baker TEXT,
        ovenNo INTEGER
    );
    """)

    drivers = [
        (1, 'Dave', 'Kimber', '07811 402113', 'WU19 KXB', '2016-04-11', None),
        (2, 'Sam', 'Okafor', '07811 402287', 'WU20 DFA', '2019-08-05', None),
        (3, 'Jess', 'Trelawny', '07811 402391', 'WU68 MMR', '2018-02-19', None),
        (4, 'Mick', 'Hollis', '07811 402455', 'WR15 TTE', '2012-06-01', '2025-10-31'),
        (5, 'Priya', 'Nair', '07811 402519', 'WR15 TTE', '2025-10-20', None),
        (6, 'Tom', 'Baxter', '07811 402634', 'WU24 LHP', '2026-01-26', None),
        (7, 'Lewis', 'Grant', '07811 402778', None, '2021-05-10', None),   # relief driver
    ]
    con.executemany('INSERT INTO drivers VALUES (?,?,?,?,?,?,?)', drivers)
    routes = [
        (1, 'City Centre', 1, '05:15', 18),
        (2, 'North Loop', 2, '05:30', 34),
        (3, 'Coast Road', 3, '05:00', 52),
        (4, 'Valley Run', 5, '05:30', 41),
        (5, 'Retail Park', 6, '06:00', 12),
    ]
    con.executemany('INSERT INTO routes VALUES (?,?,?,?,?)', routes)

    def driver_for(route, d):
        if route == 4:
            return 4 if d <= dt.date(2025, 10, 31) else 5
        if route == 5:
            return 7 if d < dt.date(2026, 1, 26) else 6
        return route

    customers = [
        # id, name, type, route, contact, discount, terms, opened, closed
        (1, 'The Daily Grind', 'cafe', 1, 'Marco Bellini', 0, 14, '2021-03-01', None),
        (2, 'Bean & Gone', 'cafe', 1, 'Hayley Stokes', 0, 14, '2022-07-11', None),
        (3, 'Crumbs Coffee House', 'cafe', 1, 'Nik Patel', 5, 14, '2019-10-02', None),
        (4, 'Westgate Spar', 'shop', 1, 'Raj Sandhu', 10, 30, '2018-05-14', None),
        (5, 'Hotel Marlowe', 'hotel', 1, 'Fiona Drake (F&B)', 10, 30, '2020-01-06', None),
        (6, 'Little Fig Deli', 'deli', 1, 'Ana Sousa', 0, 7, '2023-09-04', None),
        (7, 'Kettle & Crumb', 'cafe', 2, 'Jo Whitley', 0, 14, '2020-06-15', None),
        (8, 'Northfield Community Shop', 'shop', 2, 'Volunteer rota', 5, 30, '2019-03-18', None),
        (9, 'The Potting Shed Cafe', 'cafe', 2, 'Liz Harrow', 0, 14, '2024-04-02', None),
        (10, "Pritchard's Deli", 'deli', 2, 'Gwen Pritchard', 0, 14, '2017-11-20', None),
        (11, 'Harbour Cafe', 'cafe', 3, 'Steve Penrose', 0, 14, '2016-05-02', None),
        (12, 'The Salty Dog', 'restaurant', 3, 'Kieran Walsh', 0, 14, '2022-03-28', None),
        (13, 'Seaview Stores', 'shop', 3, 'Mr & Mrs Tonkin', 5, 30, '2015-08-10', None),
        (14, 'Shell Beach Kiosk', 'cafe', 3, 'Ellie Rowe', 0, 7, '2023-04-01', None),
        (15, 'Lighthouse Bistro', 'restaurant', 3, 'Chef Dominic', 0, 14, '2024-06-10', None),
        (16, 'Millbrook Farm Shop', 'shop', 4, 'Sue Millbrook', 5, 30, '2018-09-03', None),
        (17, 'The Old Forge Tearoom', 'cafe', 4, 'Pat Gibbons', 0, 14, '2021-05-17', None),
        (18, 'Valley Co-op', 'shop', 4, 'Store manager', 10, 30, '2017-02-13', None),
        (19, 'Riverside Cafe', 'cafe', 4, 'Dean Morley', 0, 14, '2022-10-03', '2026-06-30'),
        (20, 'Brew Lab', 'cafe', 5, 'Kofi Mensah', 0, 14, '2026-02-02', None),
        (21, 'Garden Centre Cafe', 'cafe', 5, 'Linda Ashworth', 5, 30, '2024-11-04', None),
        (22, 'Fresh & Co', 'shop', 5, 'Amit Chauhan', 0, 14, '2025-06-02', None),
    ]
    addr = ['12 High St', '4 Quay St', 'Unit 3, Mill Lane', '88 Westgate', '1 Marlowe Sq', '27 Fig Tree Walk',
            '9 Church Rd', 'The Green', 'Plot 7, Allotment Rd', '15 Market Pl', 'Harbour Front', '2 Fore St',
            '31 Esplanade', 'Shell Beach car park', 'Lighthouse Rd', 'Millbrook Farm', 'Forge Lane',
            '40 Station Rd', '6 Riverside Walk', 'Unit 12, Retail Park', 'Greenways Garden Centre', 'Unit 4, Retail Park']
    pcs = ['TR1 2AB', 'TR1 3QE', 'TR1 1LX', 'TR1 2WG', 'TR1 1MS', 'TR1 3FT', 'TR4 8PN', 'TR4 9GR', 'TR4 8AL',
           'TR4 7MP', 'TR11 3HF', 'TR11 3DS', 'TR11 4EP', 'TR11 5BB', 'TR11 5LH', 'TR3 6MF', 'TR3 6FL',
           'TR3 7SR', 'TR3 6RW', 'TR2 4RP', 'TR2 4GC', 'TR2 4RP']
    crow = []
    for c in customers:
        i = c[0]
        slug = ''.join(ch for ch in c[1].lower() if ch.isalnum())[:14]
        email = None if i in (8, 13, 16) else f'orders@{slug}.co.uk'
        crow.append((i, c[1], c[2], c[3], c[4], f'01872 {rng.randint(200000, 899999)}', email, addr[i - 1], pcs[i - 1],
                     c[5], c[6], c[7], c[8]))
    con.executemany('INSERT INTO customers VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)', crow)

    products = [
        # id, name, category, pricePence (current), seasonal, active, weightG, launched
        (1, 'White Bloomer', 'bread', 185, 0, 1, 800, '2015-01-01'),
        (2, 'Wholemeal Tin', 'bread', 175, 0, 1, 800, '2015-01-01'),
        (3, 'Sourdough Loaf', 'bread', 320, 0, 1, 900, '2018-03-01'),
        (4, 'Seeded Rye', 'bread', 295, 0, 1, 750, '2019-05-01'),
        (5, 'Baguette', 'bread', 120, 0, 1, 250, '2016-01-01'),
        (6, 'Focaccia Slab', 'bread', 450, 0, 1, 1200, '2020-06-01'),
        (7, 'Brioche Burger Buns (6)', 'bread', 260, 0, 1, 360, '2021-04-01'),
        (8, 'Spelt Loaf', 'bread', 340, 0, 1, 800, '2026-05-04'),
        (9, 'Butter Croissant', 'pastry', 95, 0, 1, 70, '2015-01-01'),
        (10, 'Pain au Chocolat', 'pastry', 110, 0, 1, 80, '2015-01-01'),
        (11, 'Almond Croissant', 'pastry', 145, 0, 1, 95, '2017-01-01'),
        (12, 'Cinnamon Bun', 'pastry', 135, 0, 1, 110, '2019-09-01'),
        (13, 'Cardamom Knot', 'pastry', 140, 0, 1, 100, '2023-02-01'),
        (14, 'Pumpkin Spice Swirl', 'pastry', 150, 1, 1, 110, '2024-10-01'),
        (15, 'Hot Cross Bun', 'pastry', 75, 1, 1, 80, '2015-03-01'),
        (16, 'Mince Pie', 'cake', 90, 1, 1, 60, '2015-11-01'),
        (17, 'Stollen Slice', 'cake', 165, 1, 1, 90, '2022-11-01'),
        (18, 'Lemon Drizzle Slice', 'cake', 175, 0, 1, 100, '2016-01-01'),
        (19, 'Chocolate Brownie', 'cake', 185, 0, 1, 90, '2016-01-01'),
        (20, 'Sausage Roll', 'savoury', 160, 0, 1, 140, '2015-01-01'),
        (21, 'Cornish Pasty', 'savoury', 295, 0, 1, 280, '2015-01-01'),
        (22, 'Cheese Straws (10)', 'savoury', 210, 0, 0, 150, '2019-01-01'),
    ]
    con.executemany('INSERT INTO products VALUES (?,?,?,?,?,?,?,?)', products)
    price = {p[0]: p[3] for p in products}
    cat = {p[0]: p[2] for p in products}
    PRICE_RISE = dt.date(2026, 3, 2)
    CHEESE_STRAWS_END = dt.date(2025, 9, 27)
    SPELT_START = dt.date(2026, 5, 4)

    def list_price(p, d):
        return price[p] if d >= PRICE_RISE else int(round(price[p] / 1.07))

    def seasonal_window(p, d):
        y = d.year
        if p == 15:
            return dt.date(y, 3, 2) <= d <= dt.date(y, 4, 18)
        if p == 16:
            return d >= dt.date(y, 11, 2) and d <= dt.date(y, 12, 24)
        if p == 17:
            return d >= dt.date(y, 11, 16) and d <= dt.date(y, 12, 24)
        if p == 14:
            return dt.date(y, 9, 28) <= d <= dt.date(y, 11, 14)
        return True

    disc = {c[0]: c[5] for c in customers}
    ctype = {c[0]: c[2] for c in customers}
    croute = {c[0]: c[3] for c in customers}
    opened = {c[0]: max(dt.date.fromisoformat(c[7]), START) for c in customers}
    closed = {c[0]: (dt.date.fromisoformat(c[8]) if c[8] else None) for c in customers}

    # ---- standing orders -----------------------------------------------------------------------
    base_products = {
        'cafe': [9, 10, 11, 12, 3, 18, 19, 13, 6],
        'shop': [1, 2, 3, 5, 20, 21, 4, 7],
        'deli': [3, 4, 5, 6, 9, 21, 22],
        'hotel': [9, 10, 1, 3, 5, 7],
        'restaurant': [3, 5, 6, 7, 4],
    }
    so_rows = []
    soid = 0
    cust_days = {}
    for c in customers:
        cid, typ = c[0], c[2]
        ndays = {'cafe': rng.choice([2, 3, 3, 4]), 'shop': rng.choice([3, 3, 4]), 'deli': 2,
                 'hotel': 4, 'restaurant': rng.choice([1, 2])}[typ]
        days = sorted(rng.sample(range(6), ndays))
        if typ in ('cafe', 'shop', 'hotel') and 5 not in days and rng.random() < 0.6:
            days = sorted(days[1:] + [5])
        cust_days[cid] = days
        prods = rng.sample(base_products[typ], rng.randint(3, 5))
        if cid == 9:
            prods = [p for p in prods if p != 3] + [3]
        periods = [(opened[cid], closed[cid])]
        if cid == 14:   # summer kiosk
            periods = [(dt.date(2025, 4, 1), dt.date(2025, 9, 30)), (dt.date(2026, 4, 1), dt.date(2026, 9, 30))]
        for a, b in periods:
            for pi, p in enumerate(prods):
                sdate, edate = a, b
                if p == 22:
                    edate = min(edate or CHEESE_STRAWS_END, CHEESE_STRAWS_END)
                pdays = days if pi == 0 else [x for x in days if rng.random() < 0.55] or [days[-1]]
                for wdi in pdays:
                    base_q = {'bread': rng.randint(4, 20), 'pastry': rng.randint(6, 30), 'cake': rng.randint(4, 16),
                              'savoury': rng.randint(6, 24)}[cat[p]]
                    if wdi == 5:
                        base_q = int(base_q * 1.4)
                    if cid in (5, 18, 4):
                        base_q = int(base_q * 1.6)
                    # some orders changed quantity part way through
                    if edate is None and rng.random() < 0.18:
                        chg = dt.date(2025, 6, 1) + dt.timedelta(days=rng.randrange(500))
                        if chg > sdate:
                            soid += 1
                            so_rows.append((soid, cid, p, WD[wdi], base_q, iso(sdate), iso(chg - DAY)))
                            sdate = chg
                            base_q = max(2, base_q + rng.choice([-4, -2, 2, 4, 6]))
                    soid += 1
                    so_rows.append((soid, cid, p, WD[wdi], base_q, iso(sdate), iso(edate)))
        # Spelt loaf picked up by a few from launch
        if cid in (3, 10, 16, 20):
            for wdi in days[:2]:
                soid += 1
                so_rows.append((soid, cid, 8, WD[wdi], rng.randint(3, 8), iso(max(SPELT_START, opened[cid])), None))
    # seasonal standing orders: mince pies for the Christmas run (end in the future)
    for cid in (1, 3, 7, 11, 17, 21, 5):
        for wdi in cust_days[cid][:3]:
            for y in (2025, 2026):
                soid += 1
                so_rows.append((soid, cid, 16, WD[wdi], rng.randint(12, 36), f'{y}-11-02', f'{y}-12-23'))
    con.executemany('INSERT INTO standingOrders VALUES (?,?,?,?,?,?,?)', so_rows)

    so_by_cd = {}
    for r in so_rows:
        so_by_cd.setdefault((r[1], r[3]), []).append(r)

    # ---- delivery notes & lines ---------------------------------------------------------------
    notes, lines, credits = [], [], []
    nid = lnid = cnid = 0
    END_PLAN = dt.date(2026, 12, 5)
    d = START
    while d <= END_PLAN:
        closed_day = (d.month == 12 and d.day in (25, 26)) or (d.month == 1 and d.day == 1) or d.weekday() == 6
        if not closed_day:
            for c in customers:
                cid = c[0]
                wd = WD[d.weekday()]
                items = []
                for r in so_by_cd.get((cid, wd), []):
                    sd = dt.date.fromisoformat(r[5])
                    ed = dt.date.fromisoformat(r[6]) if r[6] else None
                    if sd <= d and (ed is None or d <= ed):
                        items.append([r[2], r[4]])
                if not items:
                    continue
                # ad-hoc extras / seasonal specials
                if rng.random() < 0.25:
                    extra = rng.choice([14, 15, 17, 12, 20, 19, 6, 21])
                    if seasonal_window(extra, d) and not (extra == 8 and d < SPELT_START):
                        items.append([extra, rng.randint(6, 24)])
                if rng.random() < 0.10 and seasonal_window(15, d):
                    items.append([15, rng.randint(12, 48)])
                nid += 1
                route = croute[cid]
                future = d > TODAY
                if future:
                    status, at, driver, signed = 'planned', None, driver_for(route, d), None
                else:
                    status = 'delivered' if rng.random() > 0.008 else 'cancelled'
                    driver = driver_for(route, d) if rng.random() > 0.08 else 7
                    dep = routes[route - 1][3]
                    t0 = dt.datetime.combine(d, dt.time(int(dep[:2]), int(dep[3:])))
                    at = (t0 + dt.timedelta(minutes=rng.randint(20, 200))).strftime('%Y-%m-%d %H:%M:%S') if status == 'delivered' else None
                    signed = rng.choice([None, c[4].split(' ')[0], 'Staff', 'left at back door', 'KW', 'JB']) if status == 'delivered' else None
                notes.append((nid, f'DN{nid + 40000:06d}', cid, route, driver, iso(d), at, status, signed))
                merged = {}
                for p, q in items:
                    merged[p] = merged.get(p, 0) + q
                for p, q in merged.items():
                    if not future and rng.random() < 0.15:
                        q = max(1, q + rng.choice([-3, -2, -1, 1, 2, 4]))
                    up = int(round(list_price(p, d) * (100 - disc[cid]) / 100.0))
                    lnid += 1
                    lines.append((lnid, nid, p, q, up))
                    if status == 'delivered' and rng.random() < 0.012:
                        reason = rng.choices(['damaged in transit', 'stale', 'short delivery', 'wrong item', 'unsold returned'],
                                             [30, 15, 25, 10, 20])[0]
                        cq = max(1, min(q, rng.randint(1, 6)))
                        issued = d + dt.timedelta(days=rng.randrange(0, 4))
                        if issued <= TODAY:
                            cnid += 1
                            credits.append((cnid, f'CN-{cnid:04d}', cid, nid, p, cq, cq * up, reason, iso(issued)))
        d += DAY
    # a few goodwill credits with no delivery note / product
    for _ in range(9):
        cid = rng.choice([c[0] for c in customers if c[8] is None])
        issued = dt.date(2025, 2, 1) + dt.timedelta(days=rng.randrange(660))
        cnid += 1
        credits.append((cnid, f'CN-{cnid:04d}', cid, None, None, None, rng.choice([500, 1000, 1500, 2500]), 'goodwill', iso(issued)))
    credits.sort(key=lambda r: (r[8], r[0]))
    credits = [(i + 1, f'CN-{i + 1:04d}') + r[2:] for i, r in enumerate(credits)]
    con.executemany('INSERT INTO deliveryNotes VALUES (?,?,?,?,?,?,?,?,?)', notes)
    con.executemany('INSERT INTO deliveryLines VALUES (?,?,?,?,?)', lines)
    con.executemany('INSERT INTO creditNotes VALUES (?,?,?,?,?,?,?,?,?)', credits)

    # ---- production batches: one per product per baking day -------------------------------------
    note_date = {n[0]: n[5] for n in notes}
    demand = {}
    for ln in lines:
        dd = note_date[ln[1]]
        if dd <= iso(TODAY):
            demand[(dd, ln[2])] = demand.get((dd, ln[2]), 0) + ln[3]
    bakers = ['Tom', 'Agata', 'Luca', 'Ffion']
    batches = []
    bid = 0
    for (dd, p) in sorted(demand):
        need = demand[(dd, p)]
        # bread and pastry baked on the day; large orders split into two batches
        n_b = 2 if need > 160 else 1
        for k in range(n_b):
            q = need // n_b + (need % n_b if k == 0 else 0)
            baked = int(q * rng.uniform(1.02, 1.12)) + rng.randint(0, 6)
            wasted = rng.choices([0, 1, 2, 3, 5, 8], [30, 25, 18, 12, 8, 4])[0]
            if rng.random() < 0.03:
                wasted = int(baked * rng.uniform(0.15, 0.4))     # burnt tray, oven fault
            start_hr = {'bread': 2, 'pastry': 3, 'cake': 1, 'savoury': 4}[cat[p]]
            when = dt.datetime.combine(dt.date.fromisoformat(dd), dt.time(start_hr + k, rng.randint(0, 59), 0))
            bid += 1
            batches.append((bid, p, when.strftime('%Y-%m-%d %H:%M:%S'), baked, min(wasted, baked),
                            rng.choice(bakers), rng.randint(1, 3)))
    # production only logged on the system from March 2025
    batches = [b for b in batches if b[2] >= '2025-03-01']
    batches = [(i + 1,) + b[1:] for i, b in enumerate(batches)]
    con.executemany('INSERT INTO productionBatches VALUES (?,?,?,?,?,?,?)', batches)
    con.commit()
    con.close()


if __name__ == '__main__':
    for n in ('tutoring', 'bakery'):
        os.makedirs(os.path.join(HERE, 'dbs', n), exist_ok=True)
    build_tutoring(os.path.join(HERE, 'dbs', 'tutoring', 'tutoring.sqlite'))
    build_bakery(os.path.join(HERE, 'dbs', 'bakery', 'bakery.sqlite'))
    for n in ('tutoring', 'bakery'):
        con = sqlite3.connect(os.path.join(HERE, 'dbs', n, n + '.sqlite'))
        tabs = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type IN ('table','view') ORDER BY name")]
        print(n, ', '.join(f'{t}={con.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0]}' for t in tabs))
        bad = con.execute('PRAGMA foreign_key_check').fetchall()
        print('  fk violations:', len(bad))
