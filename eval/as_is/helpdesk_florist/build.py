#!/usr/bin/env python3
"""Build two small-business SQLite databases with generated rows (fixed seeds, standard library only).

  dbs/helpdesk/helpdesk.sqlite   in-house IT support desk of a mid-size company (snake_case with abbreviations)
  dbs/florist/florist.sqlite     florist with a website, phone orders and walk-in trade (PascalCase tables,
                                 camelCase columns, money in pence INTEGER)

"Today" is Saturday 2026-11-28; activity runs from January 2025 up to Friday 2026-11-27.  A few rows lie in the
future (planned on-call weeks, orders booked for delivery next week, warranty end dates, paused-until dates).
"""
import datetime as dt
import math
import os
import random
import re
import sqlite3

HERE = os.path.dirname(os.path.abspath(__file__))
TODAY = dt.date(2026, 11, 28)
LAST_DAY = dt.date(2026, 11, 27)
START = dt.date(2025, 1, 1)
DAY = dt.timedelta(days=1)
WD = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']


def ddl(con, script):
    """Run DDL with the explanatory -- comments stripped: the owners' databases carry no notes for readers."""
    con.executescript(re.sub(r'[ \t]*--[^\n]*', '', script))


def iso(d):
    return d.isoformat() if d is not None else None


def ts(x):
    return x.strftime('%Y-%m-%d %H:%M:%S') if x is not None else None


def add_years(d, n):
    try:
        return d.replace(year=d.year + n)
    except ValueError:
        return d.replace(year=d.year + n, day=28)


UK_HOLS = {dt.date(2025, 1, 1), dt.date(2025, 4, 18), dt.date(2025, 4, 21), dt.date(2025, 5, 5), dt.date(2025, 5, 26),
           dt.date(2025, 8, 25), dt.date(2025, 12, 25), dt.date(2025, 12, 26), dt.date(2026, 1, 1), dt.date(2026, 4, 3),
           dt.date(2026, 4, 6), dt.date(2026, 5, 4), dt.date(2026, 5, 25), dt.date(2026, 8, 31)}


# ============================================================================================
# HELPDESK
# ============================================================================================
def build_helpdesk(path):
    rng = random.Random(32117)
    if os.path.exists(path):
        os.remove(path)
    con = sqlite3.connect(path)
    ddl(con, """
    PRAGMA foreign_keys = ON;
    CREATE TABLE offices (
        office_id INTEGER PRIMARY KEY,
        office_nm TEXT NOT NULL,
        city TEXT,
        site_code TEXT,
        is_hq INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE depts (
        dept_id INTEGER PRIMARY KEY,
        dept_name TEXT NOT NULL,
        cost_ctr TEXT
    );
    CREATE TABLE requesters (
        req_id INTEGER PRIMARY KEY,
        emp_no TEXT,
        first_name TEXT NOT NULL,
        surname TEXT NOT NULL,
        email TEXT,
        dept_id INTEGER REFERENCES depts(dept_id),
        office_id INTEGER REFERENCES offices(office_id),
        job_title TEXT,
        is_vip INTEGER NOT NULL DEFAULT 0,
        start_dt TEXT,
        leave_dt TEXT,          -- leaver date, NULL while employed
        ext TEXT
    );
    CREATE TABLE teams (
        team_id INTEGER PRIMARY KEY,
        team_name TEXT NOT NULL,
        queue_email TEXT,
        tier INTEGER            -- 1st / 2nd / 3rd line
    );
    CREATE TABLE agents (
        agent_id INTEGER PRIMARY KEY,
        first_name TEXT NOT NULL,
        last_name TEXT NOT NULL,
        email TEXT,
        team_id INTEGER REFERENCES teams(team_id),
        lead_id INTEGER REFERENCES agents(agent_id),   -- team lead / line manager
        shift TEXT,
        is_active INTEGER NOT NULL DEFAULT 1,
        start_dt TEXT,
        end_dt TEXT
    );
    CREATE TABLE categories (
        cat_id INTEGER PRIMARY KEY,
        cat_name TEXT NOT NULL,
        default_team_id INTEGER REFERENCES teams(team_id)
    );
    CREATE TABLE assets (
        asset_id INTEGER PRIMARY KEY,
        asset_tag TEXT NOT NULL UNIQUE,
        asset_type TEXT NOT NULL,        -- Laptop / Desktop / Tablet
        make TEXT,
        model TEXT,
        serial_no TEXT,
        os TEXT,
        purchase_dt TEXT,
        warranty_end TEXT,
        cost_gbp REAL,
        assigned_to INTEGER REFERENCES requesters(req_id),
        assigned_dt TEXT,
        status TEXT                      -- In use / Spare / In repair / Retired / Lost
    );
    CREATE TABLE tickets (
        tkt_id INTEGER PRIMARY KEY,
        tkt_ref TEXT NOT NULL UNIQUE,
        req_id INTEGER REFERENCES requesters(req_id),
        cat_id INTEGER REFERENCES categories(cat_id),
        subject TEXT,
        priority TEXT,                   -- Critical / High / Medium / Low
        channel TEXT,
        status TEXT,                     -- New / Open / In Progress / Awaiting User / On Hold / Resolved / Closed / Cancelled; NULL when the mail import never set it
        team_id INTEGER REFERENCES teams(team_id),
        assignee_id INTEGER REFERENCES agents(agent_id),
        asset_id INTEGER REFERENCES assets(asset_id),
        escalated INTEGER NOT NULL DEFAULT 0,
        opened_at TEXT NOT NULL,
        first_resp_at TEXT,
        resolved_at TEXT,
        closed_at TEXT,
        sla_resp_mins INTEGER,           -- first response target
        sla_resolve_hrs INTEGER,         -- resolution target, calendar hours
        reopen_cnt INTEGER DEFAULT 0
    );
    CREATE TABLE tkt_worklog (
        log_id INTEGER PRIMARY KEY,
        tkt_id INTEGER NOT NULL REFERENCES tickets(tkt_id),
        agent_id INTEGER REFERENCES agents(agent_id),
        logged_at TEXT NOT NULL,
        entry_type TEXT,                 -- reply / note / call / onsite
        is_public INTEGER,
        mins_spent INTEGER,
        body TEXT
    );
    CREATE TABLE csat_survey (
        survey_id INTEGER PRIMARY KEY,
        tkt_id INTEGER NOT NULL REFERENCES tickets(tkt_id),
        sent_at TEXT,
        responded_at TEXT,
        score INTEGER,                   -- 1..5, NULL = no response
        comments TEXT
    );
    CREATE TABLE oncall_rota (
        rota_id INTEGER PRIMARY KEY,
        agent_id INTEGER NOT NULL REFERENCES agents(agent_id),
        wk_start TEXT NOT NULL,
        wk_end TEXT NOT NULL,
        is_backup INTEGER NOT NULL DEFAULT 0
    );
    CREATE VIEW v_open_tickets AS
        SELECT t.tkt_id, t.tkt_ref, t.priority, t.status, t.opened_at, tm.team_name,
               a.first_name || ' ' || a.last_name AS assignee
        FROM tickets t
        LEFT JOIN teams tm ON tm.team_id = t.team_id
        LEFT JOIN agents a ON a.agent_id = t.assignee_id
        WHERE t.resolved_at IS NULL AND t.closed_at IS NULL;
    """)

    offices = [(1, 'Leeds HQ', 'Leeds', 'LDS', 1), (2, 'Manchester', 'Manchester', 'MCR', 0),
               (3, 'London (Farringdon)', 'London', 'LON', 0), (4, 'Birmingham', 'Birmingham', 'BHM', 0),
               (5, 'Glasgow', 'Glasgow', 'GLA', 0), (6, 'Home / Remote', None, 'REM', 0)]
    con.executemany('INSERT INTO offices VALUES (?,?,?,?,?)', offices)
    depts = [(1, 'Finance', 'CC100'), (2, 'HR', 'CC110'), (3, 'Sales', 'CC200'), (4, 'Marketing', 'CC210'),
             (5, 'Operations', 'CC300'), (6, 'Legal', 'CC120'), (7, 'IT', 'CC130'), (8, 'Customer Services', 'CC310'),
             (9, 'Warehouse & Logistics', 'CC320'), (10, 'Executive', 'CC001')]
    con.executemany('INSERT INTO depts VALUES (?,?,?)', depts)

    # ---- requesters -----------------------------------------------------------------------------
    firsts = ['Amy', 'Ben', 'Chloe', 'Daniel', 'Ella', 'Faisal', 'Georgia', 'Harry', 'Isabel', 'Jamal', 'Katie',
              'Liam', 'Megan', 'Nathan', 'Olivia', 'Patrick', 'Rachel', 'Sean', 'Tara', 'Umar', 'Victoria', 'Will',
              'Yasmin', 'Zoe', 'Adam', 'Bethany', 'Callum', 'Deepa', 'Ewan', 'Fatima', 'Graham', 'Hannah', 'Ian',
              'Jess', 'Kieran', 'Lauren', 'Mohammed', 'Niamh', 'Owen', 'Paula', 'Rory', 'Sana', 'Tom', 'Vikram',
              'Wendy', 'Alex', 'Bilal', 'Carla', 'Dominic', 'Erin', 'Freddie', 'Gemma', 'Hassan', 'Imogen', 'Joe',
              'Kirsty', 'Lewis', 'Martha', 'Nikhil', 'Orla', 'Pete', 'Rosie', 'Stuart', 'Tess', 'Usha', 'Wojtek']
    lasts = ['Atkinson', 'Brennan', 'Clarkson', 'Dawson', 'Ellison', 'Farrow', 'Gallagher', 'Hussain', 'Ingram',
             'Jackson', 'Kaur', 'Lambert', 'McLeod', 'Norris', "O'Neill", 'Pickering', 'Quigley', 'Robson', 'Sharma',
             'Thompson', 'Usman', 'Varley', 'Whitaker', 'Yeadon', 'Ahmed', 'Booth', 'Chowdhury', 'Dickinson',
             'Earnshaw', 'Fenwick', 'Greenwood', 'Holroyd', 'Iqbal', 'Jagger', 'Kowalczyk', 'Lister', 'Mahmood',
             'Naylor', 'Oldroyd', 'Patel', 'Ramsden', 'Sutcliffe', 'Townend', 'Wainwright', 'Begum', 'Crossley',
             'Dyson', 'Firth', 'Haigh', 'Mitchell', 'Stead', 'Walsh', 'Moran', 'Singh', 'Campbell', 'Fraser']
    titles = {1: ['Accountant', 'Finance Assistant', 'Credit Controller', 'Payroll Officer', 'Management Accountant'],
              2: ['HR Advisor', 'HR Business Partner', 'Recruiter', 'HR Administrator'],
              3: ['Account Manager', 'Sales Executive', 'Business Development Manager', 'Sales Coordinator'],
              4: ['Marketing Executive', 'Content Designer', 'Digital Marketing Manager', 'Graphic Designer'],
              5: ['Operations Analyst', 'Planner', 'Operations Manager', 'Project Coordinator'],
              6: ['Solicitor', 'Paralegal', 'Legal Counsel'],
              7: ['Developer', 'Data Analyst', 'Business Analyst', 'DBA'],
              8: ['Customer Service Advisor', 'Team Leader', 'Complaints Handler'],
              9: ['Warehouse Operative', 'Shift Supervisor', 'Transport Planner', 'Stock Controller'],
              10: ['PA to CEO']}
    dept_w = {1: 30, 2: 15, 3: 60, 4: 25, 5: 40, 6: 12, 7: 25, 8: 80, 9: 70}
    office_w = [(1, 45), (2, 20), (3, 14), (4, 10), (5, 7), (6, 4)]
    reqs = []
    used = set()
    execs = [('Catherine', 'Holmes', 'Chief Executive'), ('Rajesh', 'Menon', 'Chief Financial Officer'),
             ('Susan', 'Whitfield', 'Chief Operating Officer'), ('Marcus', 'Bell', 'Sales Director'),
             ('Joanna', 'Pryce', 'People Director'), ('Alistair', 'Dunbar', 'General Counsel')]
    rid = 0
    for fn, ln, jt in execs:
        rid += 1
        office = 3 if ln in ('Bell', 'Dunbar') else 1
        reqs.append([rid, f'E{10000 + rid * 7}', fn, ln, f'{fn.lower()}.{ln.lower()}@northgate-group.co.uk', 10, office,
                     jt, 1, dt.date(2012 + rid, 3, 1), None, f'{2000 + rid}'])
        used.add((fn, ln))
    heads = [(1, 'Head of Finance'), (3, 'Head of Sales'), (5, 'Head of Operations'), (8, 'Head of Customer Services'),
             (9, 'Head of Logistics'), (4, 'Head of Marketing')]
    for dpt, jt in heads:
        while True:
            fn, ln = rng.choice(firsts), rng.choice(lasts)
            if (fn, ln) not in used:
                break
        used.add((fn, ln))
        rid += 1
        reqs.append([rid, f'E{10000 + rid * 7}', fn, ln, None, dpt, 1 if dpt != 3 else 3, jt, 1 if dpt in (1, 3) else 0,
                     dt.date(2015, 1, 5) + dt.timedelta(days=rng.randrange(2500)), None, f'{2100 + rid}'])
    for i in range(420):
        while True:
            fn, ln = rng.choice(firsts), rng.choice(lasts)
            if (fn, ln) not in used:
                break
        used.add((fn, ln))
        rid += 1
        dpt = rng.choices(list(dept_w), list(dept_w.values()))[0]
        off = rng.choices([o for o, _ in office_w], [w for _, w in office_w])[0]
        if dpt == 9:
            off = rng.choice([1, 1, 4, 5])
        st = dt.date(2010, 1, 4) + dt.timedelta(days=rng.randrange(6100))
        if st > dt.date(2026, 11, 20):
            st = dt.date(2026, 11, 2)
        lv = None
        if rng.random() < 0.14:
            lv = max(st, START) + dt.timedelta(days=30 + rng.randrange(650))
            if lv > dt.date(2026, 11, 20):
                lv = None
        reqs.append([rid, f'E{10000 + rid * 7}', fn, ln, None, dpt, off, rng.choice(titles[dpt]), 0, st, lv,
                     f'{3000 + rng.randrange(6000)}' if rng.random() < 0.8 else None])
    for r in reqs:
        if r[4] is None:
            r[4] = f"{r[2].lower()}.{r[3].lower().replace(chr(39), '')}@northgate-group.co.uk"
    # a Leeds finance manager and two London sales staff flagged VIP by request
    for r in reqs[12:]:
        if r[5] == 3 and r[6] == 3 and r[7] == 'Business Development Manager' and r[10] is None:
            r[8] = 1
    r_start = {r[0]: r[9] for r in reqs}
    r_leave = {r[0]: r[10] for r in reqs}
    r_vip = {r[0]: r[8] for r in reqs}
    r_dept = {r[0]: r[5] for r in reqs}
    for r in reqs:
        r[9] = iso(r[9])
        r[10] = iso(r[10])
    con.executemany('INSERT INTO requesters VALUES (?,?,?,?,?,?,?,?,?,?,?,?)', reqs)

    teams = [(1, 'Service Desk', 'servicedesk@northgate-group.co.uk', 1),
             (2, 'Desktop Support', 'desktop@northgate-group.co.uk', 2),
             (3, 'Infrastructure & Network', 'infra@northgate-group.co.uk', 2),
             (4, 'Business Applications', 'bizapps@northgate-group.co.uk', 2),
             (5, 'Security', 'security@northgate-group.co.uk', 3)]
    con.executemany('INSERT INTO teams VALUES (?,?,?,?)', teams)

    # id, first, last, team, lead, shift, active, start, end
    agents = [
        (1, 'Martin', 'Cole', None, None, 'Day', 1, '2014-06-02', None),
        (2, 'Priya', 'Nair', 1, 1, 'Day', 1, '2017-03-13', None),
        (3, 'Jack', 'Thornton', 1, 2, 'Early', 1, '2019-08-05', None),
        (4, 'Aisha', 'Bello', 1, 2, 'Early', 1, '2021-02-01', None),
        (5, 'Dan', 'Kowalski', 1, 2, 'Late', 1, '2020-10-12', None),
        (6, 'Sophie', 'Mills', 1, 2, 'Day', 1, '2023-05-22', None),
        (7, 'Ryan', 'Hughes', 1, 2, 'Late', 1, '2022-01-10', None),
        (8, 'Tom', 'Baxter', 1, 2, 'Day', 0, '2018-04-03', '2025-10-31'),
        (9, 'Leah', 'Ford', 1, 2, 'Early', 1, '2026-09-07', None),
        (10, 'Gareth', 'Evans', 2, 1, 'Day', 1, '2015-11-16', None),
        (11, 'Kwame', 'Mensah', 2, 10, 'Day', 1, '2019-01-07', None),
        (12, 'Hollie', 'Price', 2, 10, 'Day', 1, '2021-09-06', None),
        (13, 'Sam', 'Reid', 2, 10, 'Day', 1, '2022-06-13', None),
        (14, 'Olu', 'Adeyemi', 3, 1, 'Day', 1, '2016-02-29', None),
        (15, 'Chris', 'Dunn', 3, 14, 'Day', 1, '2018-09-17', None),
        (16, 'Marek', 'Nowak', 3, 14, 'Late', 1, '2024-01-08', None),
        (17, 'Fiona', 'Grant', 4, 1, 'Day', 1, '2016-07-04', None),
        (18, 'Ravi', 'Shah', 4, 17, 'Day', 1, '2020-03-02', None),
        (19, 'Emma', 'Clarke', 4, 17, 'Day', 1, '2025-04-14', None),
        (20, 'Nadia', 'Karim', 5, 1, 'Day', 1, '2019-05-20', None),
        (21, 'Liam', "O'Brien", 5, 20, 'Day', 1, '2023-11-06', None),
    ]
    arows = [(a[0], a[1], a[2], f"{a[1].lower()}.{a[2].lower().replace(chr(39), '')}@northgate-group.co.uk", a[3], a[4],
              a[5], a[6], a[7], a[8]) for a in agents]
    con.executemany('INSERT INTO agents VALUES (?,?,?,?,?,?,?,?,?,?)', arows)
    a_start = {a[0]: dt.date.fromisoformat(a[7]) for a in agents}
    a_end = {a[0]: (dt.date.fromisoformat(a[8]) if a[8] else None) for a in agents}
    a_team = {a[0]: a[3] for a in agents}
    leave = {12: (dt.date(2026, 10, 12), dt.date(2027, 6, 1)),    # maternity leave
             15: (dt.date(2025, 8, 4), dt.date(2025, 8, 22)),
             6: (dt.date(2026, 7, 20), dt.date(2026, 8, 7)),
             18: (dt.date(2026, 11, 2), dt.date(2026, 11, 13))}
    speed = {3: 0.9, 4: 0.7, 5: 1.45, 6: 1.0, 7: 1.1, 8: 1.2, 9: 1.3, 2: 0.8, 10: 0.9, 11: 1.0, 12: 1.1, 13: 1.2,
             14: 0.8, 15: 1.0, 16: 1.3, 17: 0.9, 18: 1.0, 19: 1.2, 20: 0.9, 21: 1.1}
    qual = {3: 0.2, 4: 0.4, 5: -0.6, 6: 0.1, 7: -0.2, 8: 0.0, 9: 0.0, 2: 0.3, 10: 0.2, 11: 0.3, 12: -0.1, 13: -0.4,
            14: 0.1, 15: 0.0, 16: -0.3, 17: 0.3, 18: 0.0, 19: 0.1, 20: 0.2, 21: -0.1}

    def avail(a, d):
        if d < a_start[a] or (a_end[a] is not None and d > a_end[a]):
            return False
        if a in leave and leave[a][0] <= d <= leave[a][1]:
            return False
        return True

    def pick_agent(team, d, lead_w=0.25):
        pool = [a[0] for a in agents if a[3] == team and avail(a[0], d)]
        if not pool:
            pool = [a[0] for a in agents if a[3] == team and a_end[a[0]] is None]
        w = [lead_w if agents[a - 1][4] == 1 else 1.0 for a in pool]
        return rng.choices(pool, w)[0]

    cats = [(1, 'Hardware', 2), (2, 'Software', 1), (3, 'Password Reset', 1), (4, 'Account Access', 1),
            (5, 'Network / VPN', 3), (6, 'Email', 1), (7, 'Printing', 2), (8, 'Phone / Mobile', 2),
            (9, 'New Starter', 1), (10, 'Leaver', 1), (11, 'Finance System', 4), (12, 'CRM', 4),
            (13, 'Security Incident', 5), (14, 'Phishing Report', 5)]
    con.executemany('INSERT INTO categories VALUES (?,?,?)', cats)
    cat_w = [14, 12, 16, 9, 8, 8, 6, 4, 3, 3, 6, 7, 1, 4]
    pri_w = {1: [2, 14, 58, 26], 2: [1, 10, 60, 29], 3: [0, 18, 70, 12], 4: [1, 15, 60, 24], 5: [6, 24, 55, 15],
             6: [2, 12, 60, 26], 7: [0, 5, 45, 50], 8: [1, 10, 55, 34], 9: [0, 20, 60, 20], 10: [0, 10, 60, 30],
             11: [4, 22, 54, 20], 12: [3, 18, 55, 24], 13: [25, 45, 25, 5], 14: [3, 22, 55, 20]}
    PRIS = ['Critical', 'High', 'Medium', 'Low']
    RESP = {'Critical': 15, 'High': 30, 'Medium': 240, 'Low': 1440}
    RESO = {'Critical': 4, 'High': 24, 'Medium': 72, 'Low': 120}
    subjects = {
        1: ['Laptop won\'t power on', 'Docking station not detecting monitors', 'Keyboard keys sticking', 'Screen flickering',
            'Battery drains very fast', 'Laptop overheating', 'Need a second monitor', 'Headset mic not working'],
        2: ['Excel keeps crashing', 'Need Visio installed', 'Adobe Acrobat licence expired', 'Teams not loading',
            'Software request: Power BI Desktop', 'OneDrive not syncing', 'Update stuck at 0%'],
        3: ['Password reset', 'Locked out of account', 'Forgot password after holiday', 'MFA reset needed'],
        4: ['Access to Finance shared drive', 'Need access to HR SharePoint', 'Add me to sales-uk distribution list',
            'Permissions on Operations folder', 'Admin rights request'],
        5: ['VPN keeps disconnecting', 'No Wi-Fi on 2nd floor', 'Slow network in warehouse', 'Cannot reach file server',
            'Guest Wi-Fi down'],
        6: ['Shared mailbox missing from Outlook', 'Emails stuck in outbox', 'Calendar not syncing to phone',
            'Out of office not working', 'Mailbox full'],
        7: ['Printer jammed 1st floor', 'Cannot print to MFD', 'Scanner not sending to email', 'Toner low on LDS-PR-04'],
        8: ['New mobile phone request', 'Phone screen cracked', 'Voicemail not working', 'Desk phone dead'],
        9: ['New starter setup', 'New starter - laptop and accounts', 'Starter: equipment for Monday'],
        10: ['Leaver - disable account', 'Leaver: collect laptop', 'Leaver mailbox forwarding'],
        11: ['Sage 200 error posting journal', 'Month end report not running', 'Purchase ledger access',
             'Invoice approval workflow stuck'],
        12: ['Dynamics CRM slow', 'Cannot create opportunity in CRM', 'CRM report missing data', 'CRM Outlook plug-in error'],
        13: ['Suspicious login alert', 'Lost laptop on train', 'Possible malware on PC', 'USB stick found in car park'],
        14: ['Phishing email reported', 'Suspicious invoice email', 'Fake DocuSign link', 'Is this email genuine?'],
    }
    channels = ['Email', 'Portal', 'Phone', 'Walk-up', 'Teams chat']

    NOW = dt.datetime(2026, 11, 27, 17, 45)

    def desk_hours(t, pri):
        """Non-critical work only happens when the desk is staffed (weekdays 07:30-18:00)."""
        if pri == 'Critical':
            return t
        day = t.date()
        tm = t.time()
        if day.weekday() < 5 and day not in UK_HOLS and dt.time(7, 30) <= tm < dt.time(18, 0):
            return t
        if day.weekday() < 5 and day not in UK_HOLS and tm < dt.time(7, 30):
            nxt = day
        else:
            nxt = day + DAY
            while nxt.weekday() >= 5 or nxt in UK_HOLS:
                nxt += DAY
        return dt.datetime.combine(nxt, dt.time(7, 30)) + dt.timedelta(minutes=rng.uniform(5, 120))
    active_reqs = [r for r in reqs]

    # ---- assets ------------------------------------------------------------------------------
    models = [('Dell', 'Latitude 5420', 'Windows 10', 980), ('Dell', 'Latitude 5440', 'Windows 11', 1050),
              ('Lenovo', 'ThinkPad T14 Gen 3', 'Windows 11', 1120), ('Lenovo', 'ThinkPad E15', 'Windows 10', 760),
              ('HP', 'EliteBook 840 G8', 'Windows 11', 1090), ('Apple', 'MacBook Air M2', 'macOS', 1149),
              ('Apple', 'MacBook Pro 14 M3', 'macOS', 1899), ('Dell', 'Latitude 7450', 'Windows 11', 1380)]
    assets = []
    aid = 0
    asset_of = {}

    def new_asset(atype, make, model, os_, cost, purchase, who, adate, status):
        nonlocal aid
        aid += 1
        tag = {'Laptop': 'LT', 'Desktop': 'DT', 'Tablet': 'TB'}[atype] + f'-{aid + 1200:05d}'
        yrs = 1 if (make == 'Apple' and rng.random() < 0.5) else 3
        warranty = add_years(purchase, yrs)
        serial = ''.join(rng.choice('ABCDEFGHJKLMNPQRSTUVWXYZ0123456789') for _ in range(10))
        assets.append([aid, tag, atype, make, model, serial, os_, iso(purchase), iso(warranty),
                       float(cost) if cost else None, who, iso(adate), status])
        if who is not None and status == 'In use':
            asset_of.setdefault(who, []).append(aid)
        return aid

    def model_for(purchase, dpt):
        if dpt in (4,) or (dpt == 7 and rng.random() < 0.4) or (dpt == 10 and rng.random() < 0.5):
            return rng.choice([models[5], models[6]] if purchase.year >= 2023 else [models[5]])
        if purchase.year <= 2022:
            return rng.choice([models[0], models[3], models[4]])
        return rng.choice([models[1], models[2], models[4], models[7]])

    for r in reqs:
        rid_, dpt = r[0], r[5]
        st = r_start[rid_]
        lv = r_leave[rid_]
        if dpt == 9 and rng.random() < 0.7:
            # warehouse staff share desktops; many have none of their own
            continue
        purchase = max(st - dt.timedelta(days=rng.randrange(10, 40)),
                       dt.date(2022, 1, 10) + dt.timedelta(days=rng.randrange(1750)))
        if purchase > dt.date(2026, 11, 1):
            purchase = dt.date(2026, 10, 20)
        mk, md, os_, cost = model_for(purchase, dpt)
        adate = max(purchase + dt.timedelta(days=rng.randrange(3, 20)), st)
        if adate > dt.date(2026, 11, 25):
            adate = dt.date(2026, 11, 2)
        if lv is not None:
            if rng.random() < 0.22:
                status, who = 'In use', rid_          # never got it back
            else:
                status, who = rng.choice(['Spare', 'Spare', 'Retired']), None
        else:
            status, who = 'In use', rid_
        new_asset('Laptop', mk, md, os_, cost, purchase, who, adate if who else None, status)
        if who and rng.random() < 0.06:
            mk, md, os_, cost = rng.choice(models[5:7] if os_ != 'macOS' else models[1:3])
            p2 = purchase + dt.timedelta(days=rng.randrange(60, 500))
            if p2 > dt.date(2026, 11, 1):
                p2 = dt.date(2026, 9, 14)
            new_asset('Laptop', mk, md, os_, cost, p2, who, p2 + dt.timedelta(days=7), 'In use')
        if who and dpt in (1, 6, 10) and rng.random() < 0.15:
            new_asset('Tablet', 'Apple', 'iPad 10th gen', 'iPadOS', 449, purchase, who, adate, 'In use')
    # warehouse / reception desktops
    for i in range(28):
        who = rng.choice([r[0] for r in reqs if r[5] in (9, 8) and r[10] is None])
        p = dt.date(2020, 6, 1) + dt.timedelta(days=rng.randrange(1900))
        new_asset('Desktop', 'Dell', rng.choice(['OptiPlex 7080', 'OptiPlex 7010']), 'Windows 11', 690, p, who,
                  p + dt.timedelta(days=10), 'In use')
    for i in range(18):
        p = dt.date(2024, 1, 10) + dt.timedelta(days=rng.randrange(900))
        mk, md, os_, cost = model_for(p, 3)
        new_asset('Laptop', mk, md, os_, cost, p, None, None, 'Spare')
    for i in range(34):
        p = dt.date(2018, 3, 1) + dt.timedelta(days=rng.randrange(900))
        new_asset('Laptop', rng.choice(['Dell', 'Lenovo', 'HP']), rng.choice(['Latitude 5400', 'ThinkPad T480', 'ProBook 450 G6']),
                  'Windows 10', rng.choice([820, 790, 650]), p, None, None, 'Retired')
    for i in range(6):
        cand = rng.choice([a for a in assets if a[12] == 'In use' and a[2] == 'Laptop'])
        cand[12] = 'In repair'
    for i in range(3):
        cand = rng.choice([a for a in assets if a[12] == 'In use' and a[2] == 'Laptop'])
        cand[12] = 'Lost'
    # some cost fields never filled in
    for a in assets:
        if rng.random() < 0.05:
            a[9] = None
    asset_of = {}
    for a in assets:
        if a[10] is not None and a[12] == 'In use' and a[2] == 'Laptop':
            asset_of.setdefault(a[10], []).append(a[0])
    con.executemany('INSERT INTO assets VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)', assets)

    # ---- tickets -----------------------------------------------------------------------------
    tickets, logs, surveys = [], [], []
    tid = lid = sid = 0
    d = dt.date(2025, 1, 2)
    notes_mid = ['Checked event logs', 'Remote session with user', 'Waiting on user to test', 'Raised with vendor',
                 'Applied fix, monitoring', 'Rebuilt profile', 'Replaced part', 'Chased user', 'Escalated to 2nd line']
    while d <= LAST_DAY:
        wd = d.weekday()
        growth = 1.0 + 0.15 * ((d - START).days / 700.0)
        if d in UK_HOLS or (d.month == 12 and d.day >= 24) or (d.month == 1 and d.day == 2 and wd >= 5):
            n = rng.choice([0, 0, 1])
        elif wd >= 5:
            n = rng.choice([0, 0, 1, 1, 2])
        else:
            n = int(round(rng.gauss(5.8 * growth + (1.8 if wd == 0 else 0), 1.7)))
            n = max(1, n)
        emps = [r for r in active_reqs if r_start[r[0]] <= d and (r_leave[r[0]] is None or d <= r_leave[r[0]])]
        for _ in range(n):
            if wd >= 5:
                hh = rng.randint(8, 16)
            else:
                hh = rng.choices(range(7, 19), [2, 10, 14, 13, 11, 8, 10, 10, 9, 7, 4, 2])[0]
            opened = dt.datetime.combine(d, dt.time(hh, rng.randrange(60), rng.randrange(60)))
            if opened > NOW:
                continue
            c = rng.choices(range(1, 15), cat_w)[0]
            if c in (9, 10):
                rq = rng.choice([r for r in emps if r[5] == 2] or emps)
            else:
                rq = rng.choices(emps, [4 if r[8] else (0.5 if r[5] == 7 else 1) for r in emps])[0]
            rq_id = rq[0]
            pri = rng.choices(PRIS, pri_w[c])[0]
            vip = r_vip[rq_id]
            if vip and pri == 'Low':
                pri = 'Medium'
            resp_sla = RESP[pri] if not vip else max(10, RESP[pri] // 2)
            reso_sla = RESO[pri]
            ch = rng.choices(channels, [40, 30, 18, 5, 0 if d < dt.date(2026, 3, 1) else 12])[0]
            if c == 14:
                ch = rng.choice(['Email', 'Email', 'Portal'])
            tid += 1
            subj = rng.choice(subjects[c])
            asset_id = None
            if c == 1 and rq_id in asset_of and rng.random() < 0.75:
                asset_id = rng.choice(asset_of[rq_id])
            # first response (always Service Desk first)
            responder = pick_agent(1, d, 0.3)
            if ch in ('Phone', 'Walk-up'):
                delay = rng.uniform(0.5, 6)
            else:
                delay = math.exp(rng.gauss(math.log(0.25 * resp_sla), 0.8)) * speed[responder]
                if hh < 8:
                    delay += rng.uniform(20, 70)
            first = desk_hours(opened + dt.timedelta(minutes=max(1.0, delay)), pri)
            # routing
            dflt = cats[c - 1][2]
            esc = 0
            team = 1
            if dflt != 1 and rng.random() < 0.85:
                esc, team = 1, dflt
            elif dflt == 1 and rng.random() < 0.05:
                esc, team = 1, rng.choice([2, 4])
            assignee = responder if team == 1 else pick_agent(team, d, 0.5)
            hrs = math.exp(rng.gauss(math.log((0.35 if pri == 'Critical' else 0.17) * reso_sla), 0.9)) * speed[assignee] * (1.4 if esc else 1.0)
            if pri != 'Critical':
                if rng.random() < 0.02:
                    hrs *= rng.uniform(8, 30)
                elif rng.random() < 0.035:
                    hrs *= rng.uniform(10, 120)      # parked waiting on a vendor, parts or the user
            resolved = desk_hours(opened + dt.timedelta(hours=hrs), pri)
            if resolved <= first:
                resolved = first + dt.timedelta(minutes=rng.randint(2, 25))
            if (NOW - opened).days < 120 and pri != 'Critical' and rng.random() < 0.035:
                resolved = NOW + dt.timedelta(days=30)    # parked: still waiting on the user, a supplier or a change
            cancelled = rng.random() < 0.03
            status, closed, reopen = None, None, 0
            if cancelled:
                status = 'Cancelled'
                closed = opened + dt.timedelta(hours=rng.uniform(0.2, 30))
                resolved = None
                if closed > NOW:
                    closed = None
                    status = 'Open'
                if first > (closed or NOW):
                    first = None
            elif resolved <= NOW:
                if rng.random() < 0.04:
                    reopen = 1
                if resolved + dt.timedelta(days=3) <= NOW:
                    status, closed = 'Closed', resolved + dt.timedelta(days=3)
                else:
                    status = 'Resolved'
            else:
                resolved = None
                if first > NOW:
                    first = None
                if first is None:
                    status = None if rng.random() < 0.6 else 'New'
                    assignee, team, esc = None, 1, 0
                else:
                    status = rng.choices(['Open', 'In Progress', 'Awaiting User', 'On Hold'], [30, 35, 20, 15])[0]
                    if (NOW - opened).days > 10:
                        status = rng.choice(['On Hold', 'Awaiting User', 'On Hold'])
                    if ch == 'Email' and rng.random() < 0.3:
                        status = None          # mail import never set a status
            tickets.append([tid, f'INC{100000 + tid * 3 + rng.randrange(3)}', rq_id, c, subj, pri, ch, status, team,
                            assignee, asset_id, esc, ts(opened), ts(first), ts(resolved), ts(closed), resp_sla,
                            reso_sla, reopen])
            # worklog
            end = resolved or closed or NOW
            if first is not None:
                lid += 1
                logs.append((lid, tid, responder, ts(first), 'call' if ch in ('Phone', 'Walk-up') else 'reply', 1,
                             rng.choice([5, 5, 10, 10, 15, 20]), 'Acknowledged, looking into it' if ch not in ('Phone', 'Walk-up') else 'Spoke to user'))
                k = rng.choices([0, 1, 2, 3, 4], [25, 35, 22, 12, 6])[0]
                pts = sorted(first + (end - first) * rng.random() for _ in range(k))
                for p in pts:
                    p = desk_hours(p, pri)
                    if p > NOW or p > end:
                        continue
                    who = assignee if (assignee is not None and rng.random() < 0.85) else responder
                    if not avail(who, p.date()):
                        who = pick_agent(a_team[who], p.date(), 0.5)     # cover while they are away
                    lid += 1
                    et = rng.choices(['note', 'reply', 'call', 'onsite'], [50, 25, 15, 10 if team == 2 else 2])[0]
                    mins = rng.choice([10, 15, 20, 30, 30, 45, 60, 90, 120]) if et != 'onsite' else rng.choice([30, 45, 60, 90, 120, 180])
                    logs.append((lid, tid, who, ts(p), et, 1 if et == 'reply' else 0, mins, rng.choice(notes_mid)))
                if resolved is not None:
                    who = assignee if avail(assignee, resolved.date()) else pick_agent(a_team[assignee], resolved.date(), 0.5)
                    lid += 1
                    logs.append((lid, tid, who, ts(resolved), 'note', 1, rng.choice([5, 10, 15, 20, 30, 45]),
                                 'Resolved - please reopen if the problem comes back'))
            # satisfaction survey
            if resolved is not None:
                sid += 1
                sent = resolved + dt.timedelta(minutes=rng.randint(1, 10))
                score = resp_at = comment = None
                if rng.random() < 0.34:
                    resp_at = sent + dt.timedelta(hours=rng.uniform(0.1, 96))
                    if resp_at <= NOW:
                        breach = (resolved - opened).total_seconds() / 3600 > reso_sla
                        mu = 4.2 + qual[assignee] - (1.1 if breach else 0) + rng.gauss(0, 0.9)
                        score = int(min(5, max(1, round(mu))))
                        if rng.random() < 0.3:
                            comment = {5: 'Great, thanks!', 4: 'Sorted quickly', 3: 'OK in the end',
                                       2: 'Took too long', 1: 'Still not fixed properly'}[score]
                    else:
                        resp_at = None
                surveys.append((sid, tid, ts(sent), ts(resp_at), score, comment))
        d += DAY
    con.executemany('INSERT INTO tickets VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)', tickets)
    con.executemany('INSERT INTO tkt_worklog VALUES (?,?,?,?,?,?,?,?)', logs)
    con.executemany('INSERT INTO csat_survey VALUES (?,?,?,?,?,?)', surveys)

    # ---- on-call rota: weekly, planned to the end of the year ----------------------------------
    rota = []
    rrid = 0
    wk = dt.date(2025, 1, 6)
    order = [14, 15, 16, 10, 11, 20, 21]
    i = 0
    while wk <= dt.date(2026, 12, 28):
        pool = [a for a in order if avail(a, wk) and avail(a, wk + 6 * DAY)]
        prim = pool[i % len(pool)]
        back = pool[(i + 3) % len(pool)]
        if back == prim:
            back = pool[(i + 1) % len(pool)]
        rrid += 1
        rota.append((rrid, prim, iso(wk), iso(wk + 6 * DAY), 0))
        rrid += 1
        rota.append((rrid, back, iso(wk), iso(wk + 6 * DAY), 1))
        i += 1
        wk += 7 * DAY
    con.executemany('INSERT INTO oncall_rota VALUES (?,?,?,?,?)', rota)
    con.commit()
    con.close()


# ============================================================================================
# FLORIST
# ============================================================================================
MOTHERS_DAY = {2025: dt.date(2025, 3, 30), 2026: dt.date(2026, 3, 15)}
PRICE_RISE = dt.date(2026, 2, 1)


def build_florist(path):
    rng = random.Random(77301)
    if os.path.exists(path):
        os.remove(path)
    con = sqlite3.connect(path)
    ddl(con, """
    PRAGMA foreign_keys = ON;
    CREATE TABLE Customers (
        customerId INTEGER PRIMARY KEY,
        firstName TEXT,
        lastName TEXT,
        email TEXT,
        phone TEXT,
        postcode TEXT,
        companyName TEXT,
        isCorporate INTEGER NOT NULL DEFAULT 0,
        marketingOptIn INTEGER NOT NULL DEFAULT 0,
        createdAt TEXT NOT NULL
    );
    CREATE TABLE Products (
        productId INTEGER PRIMARY KEY,
        sku TEXT,
        productName TEXT NOT NULL,
        category TEXT NOT NULL,         -- Bouquet / Funeral / Plant / Vase / Gift / Subscription / Workshop
        pricePence INTEGER NOT NULL,    -- current retail price
        costPence INTEGER,              -- what it costs us to make or buy in
        isSeasonal INTEGER NOT NULL DEFAULT 0,
        isActive INTEGER NOT NULL DEFAULT 1,
        createdAt TEXT
    );
    CREATE TABLE Routes (
        routeId INTEGER PRIMARY KEY,
        routeName TEXT NOT NULL,
        postcodeAreas TEXT
    );
    CREATE TABLE Drivers (
        driverId INTEGER PRIMARY KEY,
        firstName TEXT NOT NULL,
        lastName TEXT NOT NULL,
        mobile TEXT,
        vanReg TEXT,
        isContractor INTEGER NOT NULL DEFAULT 0,
        startedOn TEXT,
        leftOn TEXT
    );
    CREATE TABLE Subscriptions (
        subscriptionId INTEGER PRIMARY KEY,
        customerId INTEGER NOT NULL REFERENCES Customers(customerId),
        productId INTEGER NOT NULL REFERENCES Products(productId),
        frequency TEXT NOT NULL,        -- weekly / fortnightly / monthly
        deliveryDay TEXT,
        pricePence INTEGER NOT NULL,    -- charged per delivery
        startDate TEXT NOT NULL,
        endDate TEXT,
        isPaused INTEGER NOT NULL DEFAULT 0,
        pausedUntil TEXT,
        deliveryPostcode TEXT
    );
    CREATE TABLE Orders (
        orderId INTEGER PRIMARY KEY,
        orderRef TEXT NOT NULL UNIQUE,
        customerId INTEGER REFERENCES Customers(customerId),   -- NULL for most walk-in sales
        channel TEXT NOT NULL,          -- online / shop / phone
        orderedAt TEXT NOT NULL,
        status TEXT NOT NULL,           -- paid / completed / delivered / collected / cancelled / refunded
        fulfilment TEXT NOT NULL,       -- counter / collection / delivery
        deliveryDate TEXT,              -- requested delivery or collection date
        deliveryFeePence INTEGER NOT NULL DEFAULT 0,
        deliveryPostcode TEXT,
        recipientName TEXT,
        cardMessage TEXT,
        occasion TEXT,
        paymentMethod TEXT
    );
    CREATE TABLE OrderLines (
        orderLineId INTEGER PRIMARY KEY,
        orderId INTEGER NOT NULL REFERENCES Orders(orderId),
        productId INTEGER NOT NULL REFERENCES Products(productId),
        qty INTEGER NOT NULL,
        unitPricePence INTEGER NOT NULL
    );
    CREATE TABLE Deliveries (
        deliveryId INTEGER PRIMARY KEY,
        orderId INTEGER REFERENCES Orders(orderId),
        subscriptionId INTEGER REFERENCES Subscriptions(subscriptionId),
        routeId INTEGER REFERENCES Routes(routeId),
        driverId INTEGER REFERENCES Drivers(driverId),
        dueDate TEXT NOT NULL,
        attempt INTEGER NOT NULL DEFAULT 1,
        deliveredAt TEXT,
        outcome TEXT,                   -- delivered / safe place / neighbour / failed
        failReason TEXT
    );
    CREATE TABLE Suppliers (
        supplierId INTEGER PRIMARY KEY,
        supplierName TEXT NOT NULL,
        country TEXT,
        accountNo TEXT,
        paymentTermsDays INTEGER
    );
    CREATE TABLE Stems (
        stemId INTEGER PRIMARY KEY,
        stemName TEXT NOT NULL,
        variety TEXT,
        colour TEXT,
        isFoliage INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE SupplierInvoices (
        invoiceId INTEGER PRIMARY KEY,
        supplierId INTEGER NOT NULL REFERENCES Suppliers(supplierId),
        invoiceNo TEXT NOT NULL,
        invoiceDate TEXT NOT NULL,
        dueDate TEXT,
        netPence INTEGER NOT NULL,
        vatPence INTEGER NOT NULL,
        totalPence INTEGER NOT NULL,
        paidOn TEXT
    );
    CREATE TABLE SupplierInvoiceLines (
        lineId INTEGER PRIMARY KEY,
        invoiceId INTEGER NOT NULL REFERENCES SupplierInvoices(invoiceId),
        stemId INTEGER NOT NULL REFERENCES Stems(stemId),
        bunches INTEGER NOT NULL,
        stemsPerBunch INTEGER NOT NULL,
        bunchPricePence INTEGER NOT NULL,
        lineTotalPence INTEGER NOT NULL
    );
    CREATE TABLE WasteLog (
        wasteId INTEGER PRIMARY KEY,
        loggedOn TEXT NOT NULL,
        stemId INTEGER REFERENCES Stems(stemId),
        productId INTEGER REFERENCES Products(productId),
        qty INTEGER NOT NULL,           -- stems, or items for products
        reason TEXT,
        loggedBy TEXT
    );
    """)

    # ---- products ----------------------------------------------------------------------------
    products = [
        # id, sku, name, category, price, cost, seasonal, active, created
        (1, 'BQ-ROSE12', 'The Classic - Dozen Red Roses', 'Bouquet', 6500, 2600, 0, 1, '2021-02-01'),
        (2, 'BQ-HT-S', 'Seasonal Hand-tied - Small', 'Bouquet', 3000, 1100, 0, 1, '2020-05-01'),
        (3, 'BQ-HT-M', 'Seasonal Hand-tied - Medium', 'Bouquet', 4500, 1700, 0, 1, '2020-05-01'),
        (4, 'BQ-HT-L', 'Seasonal Hand-tied - Large', 'Bouquet', 6500, 2500, 0, 1, '2020-05-01'),
        (5, 'BQ-CHOICE', "Florist's Choice", 'Bouquet', 4000, 1500, 0, 1, '2020-05-01'),
        (6, 'BQ-SUN', 'Sunflower Sunshine', 'Bouquet', 3800, 1400, 1, 1, '2022-06-01'),
        (7, 'BQ-PEONY', 'Peony Blush', 'Bouquet', 5500, 2300, 1, 1, '2022-05-01'),
        (8, 'BQ-TULIP', 'Spring Tulips', 'Bouquet', 3200, 1100, 1, 1, '2021-01-15'),
        (9, 'BQ-WINTER', 'Winter Whites', 'Bouquet', 5000, 1900, 1, 1, '2023-11-01'),
        (10, 'BQ-SINGLE', 'Wrapped Single Rose', 'Bouquet', 500, 220, 0, 1, '2020-05-01'),
        (11, 'BQ-VAL24', "Valentine's Luxe - 24 Red Roses", 'Bouquet', 12000, 5200, 1, 1, '2023-01-20'),
        (12, 'BQ-MUM', "Mother's Day Pastel Jar", 'Bouquet', 4200, 1500, 1, 1, '2024-02-20'),
        (13, 'BQ-GERB', 'Gerbera Pop', 'Bouquet', 2800, 1000, 0, 0, '2021-03-01'),
        (14, 'FN-WREATH', 'Sympathy Wreath', 'Funeral', 8500, 3400, 0, 1, '2020-05-01'),
        (15, 'FN-SHEAF', 'Sympathy Sheaf', 'Funeral', 6000, 2300, 0, 1, '2020-05-01'),
        (16, 'FN-COFFIN', 'Coffin Spray', 'Funeral', 22000, 9500, 0, 1, '2020-05-01'),
        (17, 'PL-ORCHID', 'Phalaenopsis Orchid', 'Plant', 2800, 1200, 0, 1, '2020-05-01'),
        (18, 'PL-PEACE', 'Peace Lily', 'Plant', 2200, 900, 0, 1, '2020-05-01'),
        (19, 'PL-MONST', 'Monstera Deliciosa', 'Plant', 3500, 1600, 0, 1, '2022-03-01'),
        (20, 'PL-SUCC3', 'Succulent Trio', 'Plant', 1800, 700, 0, 1, '2021-04-01'),
        (21, 'PL-POINS', 'Poinsettia', 'Plant', 1500, 600, 1, 1, '2020-11-01'),
        (22, 'PL-OLIVE', 'Olive Tree (small)', 'Plant', 4500, 2300, 0, 1, '2023-04-01'),
        (23, 'VS-CYL', 'Glass Cylinder Vase', 'Vase', 1800, 650, 0, 1, '2020-05-01'),
        (24, 'VS-JUG', 'Ceramic Jug - Sage', 'Vase', 2400, 950, 0, 1, '2022-09-01'),
        (25, 'VS-BUD', 'Bud Vase', 'Vase', 800, 300, 0, 1, '2020-05-01'),
        (26, 'VS-BUD-2', 'Bud Vase - Seconds', 'Vase', 300, 450, 0, 1, '2025-06-01'),
        (27, 'VS-BOWL', 'Fishbowl Vase', 'Vase', 2000, 700, 0, 1, '2021-06-01'),
        (28, 'GF-CARD', 'Greeting Card', 'Gift', 350, 90, 0, 1, '2020-05-01'),
        (29, 'GF-CHOC', 'Luxury Chocolate Box', 'Gift', 1200, 780, 0, 1, '2020-05-01'),
        (30, 'GF-CANDLE', 'Soy Candle - Fig', 'Gift', 2200, 900, 0, 1, '2022-10-01'),
        (31, 'GF-BALLOON', 'Balloon - Happy Birthday', 'Gift', 400, 150, 0, 1, '2021-01-01'),
        (32, 'GF-CHARITY', 'Charity Card (Hospice)', 'Gift', 150, 180, 0, 1, '2024-11-01'),
        (33, 'SUB-STD', 'Subscription Bouquet - Standard', 'Subscription', 3000, 1100, 0, 1, '2022-01-01'),
        (34, 'SUB-LUXE', 'Subscription Bouquet - Luxe', 'Subscription', 4800, 1800, 0, 1, '2022-01-01'),
        (35, 'WS-XMAS', 'Christmas Wreath Workshop', 'Workshop', 6500, 2000, 1, 1, '2023-10-01'),
    ]
    con.executemany('INSERT INTO Products VALUES (?,?,?,?,?,?,?,?,?)', products)
    P = {p[0]: p for p in products}

    def list_price(pid, d):
        p = P[pid][4]
        if d < PRICE_RISE and P[pid][3] != 'Subscription':
            return int(round(p / 1.06 / 10.0)) * 10
        return p

    def in_season(pid, d):
        m, day = d.month, d.day
        if pid == 6:
            return 6 <= m <= 9
        if pid == 7:
            return m in (5, 6)
        if pid == 8:
            return 1 <= m <= 4
        if pid == 9:
            return m in (11, 12, 1)
        if pid == 11:
            return m == 2 and day <= 14
        if pid == 12:
            md = MOTHERS_DAY[d.year]
            return md - dt.timedelta(days=14) <= d <= md
        if pid == 21:
            return m == 12 or (m == 11 and day >= 10)
        if pid == 35:
            return m == 12 and day <= 20 or (m == 11 and day >= 24)
        if pid == 13:
            return d < dt.date(2025, 8, 31)
        if pid == 26:
            return d >= dt.date(2025, 6, 1)
        return True

    routes = [(1, 'Harrogate Town', 'HG1, HG2'), (2, 'Knaresborough & East', 'HG5'),
              (3, 'Ripon & Nidderdale', 'HG3, HG4'), (4, 'Wetherby & North Leeds', 'LS22, LS23, LS17')]
    con.executemany('INSERT INTO Routes VALUES (?,?,?)', routes)
    area_route = {'HG1': 1, 'HG2': 1, 'HG5': 2, 'HG3': 3, 'HG4': 3, 'LS22': 4, 'LS23': 4, 'LS17': 4}
    area_w = [('HG1', 30), ('HG2', 28), ('HG5', 14), ('HG3', 8), ('HG4', 8), ('LS22', 6), ('LS23', 3), ('LS17', 3)]

    def postcode():
        a = rng.choices([x for x, _ in area_w], [w for _, w in area_w])[0]
        return f"{a} {rng.randint(1, 9)}{rng.choice('ABDEFGHJLNPQRSTUWXYZ')}{rng.choice('ABDEFGHJLNPQRSTUWXYZ')}"

    drivers = [(1, 'Dave', 'Hirst', '07700 913201', 'YK19 FLW', 0, '2019-04-01', None),
               (2, 'Kerry', 'Walsh', '07700 913344', 'YK21 PTL', 0, '2021-08-16', None),
               (3, 'Steve', 'Lumb', '07700 913587', 'YK19 FLW', 0, '2020-02-03', '2025-12-19'),
               (4, 'Josh', 'Appleyard', '07700 913612', None, 1, '2024-02-05', None),
               (5, 'Mo', 'Rahman', '07700 913790', 'YK24 BLM', 0, '2026-01-12', None)]
    con.executemany('INSERT INTO Drivers VALUES (?,?,?,?,?,?,?,?)', drivers)

    def driver_for(route, d):
        wd = d.weekday()
        if wd == 5:
            return 4 if route in (2, 3, 4) else 2
        if route == 1:
            return 1 if d.day % 3 else 2
        if route == 2:
            return 2
        if route in (3, 4):
            if d <= dt.date(2025, 12, 19):
                return 3
            if d < dt.date(2026, 1, 12):
                return 4
            return 5
        return 1

    # ---- customers (created as they first appear) -----------------------------------------------
    firsts = ['Sarah', 'James', 'Emma', 'David', 'Laura', 'Michael', 'Rebecca', 'Paul', 'Claire', 'Andrew', 'Helen',
              'Richard', 'Louise', 'Mark', 'Joanne', 'Simon', 'Nicola', 'Stephen', 'Karen', 'Matthew', 'Gemma', 'Chris',
              'Amy', 'Tom', 'Rachel', 'Ben', 'Lucy', 'Dan', 'Kate', 'Sam', 'Fiona', 'Adam', 'Jenny', 'Rob', 'Sophie',
              'Neil', 'Hannah', 'Ian', 'Beth', 'Gary', 'Zara', 'Imran', 'Priya', 'Aled', 'Niamh', 'Ewan', 'Rosie',
              'Jack', 'Anna', 'Liam', 'Harriet', 'Oliver', 'Ruth', 'George', 'Alice', 'Martin', 'Jane', 'Peter', 'Sue']
    lasts = ['Smith', 'Jones', 'Taylor', 'Brown', 'Wilson', 'Thompson', 'Walker', 'Wood', 'Robinson', 'Wright',
             'Hall', 'Green', 'Harrison', 'Clarke', 'Jackson', 'Hill', 'Lee', 'Marshall', 'Moore', 'Barker', 'Holmes',
             'Atkinson', 'Kershaw', 'Ackroyd', 'Hepworth', 'Binns', 'Metcalfe', 'Raistrick', 'Teale', 'Wray',
             'Sykes', 'Pearson', 'Hudson', 'Bell', 'Dixon', 'Nicholson', 'Shaw', 'Scott', 'Mason', 'Firth',
             'Hussain', 'Khan', 'Patel', 'Ali', 'Kaur', 'Murphy', "O'Brien", 'Fraser', 'Duffy', 'Gill']
    customers = []
    cust_pc = {}
    cust_w = {}

    def new_customer(created, corporate=None):
        cid = len(customers) + 1
        fn, ln = rng.choice(firsts), rng.choice(lasts)
        email = f'{fn.lower()}.{ln.lower().replace(chr(39), "")}{rng.choice(["", "", "", str(rng.randint(1, 99))])}@' \
                f'{rng.choice(["gmail.com", "gmail.com", "hotmail.co.uk", "outlook.com", "yahoo.co.uk", "btinternet.com", "icloud.com"])}'
        if rng.random() < 0.05:
            email = None
        phone = f'07{rng.randint(100, 999)} {rng.randint(100000, 999999)}' if rng.random() < 0.85 else None
        pc = postcode()
        customers.append([cid, fn, ln, email, phone, pc, corporate, 1 if corporate else 0,
                          1 if rng.random() < 0.45 else 0, ts(created)])
        cust_pc[cid] = pc
        cust_w[cid] = rng.choice([1, 1, 1, 2, 3, 6])
        return cid

    # a few long-standing customers and corporate clients from before the new system
    corps = ['Oakbeck Hotel', 'Lister & Moss Solicitors', 'Crown Court Dental', 'Montpellier Estate Agents',
             'The Ginger Pig Restaurant', 'St Wilfrid Funeral Directors', 'Nidd Valley Vets']
    for c in corps:
        cid = new_customer(dt.datetime(2024, rng.randint(2, 11), rng.randint(1, 28), 10, rng.randint(0, 59)), c)
        cust_w[cid] = 4
    for i in range(140):
        new_customer(dt.datetime(2023, 1, 5, 9, 0) + dt.timedelta(minutes=rng.randrange(720 * 1440)))
    customers.sort(key=lambda c: c[9])
    remap = {c[0]: i + 1 for i, c in enumerate(customers)}
    for c in customers:
        c[0] = remap[c[0]]
    cust_pc = {remap[k]: v for k, v in cust_pc.items()}
    cust_w = {remap[k]: v for k, v in cust_w.items()}
    funeral_director = next(c[0] for c in customers if c[6] == 'St Wilfrid Funeral Directors')

    def existing_customer(at=None):
        lim = ts(at) if at is not None else '0000'
        ids = [c[0] for c in customers if at is None or c[9] <= lim]
        if at is None:
            ids = list(cust_w)
        return rng.choices(ids, [cust_w[i] for i in ids])[0]

    # ---- subscriptions ------------------------------------------------------------------------
    subs = []
    subid = 0
    corp_ids = [c[0] for c in customers if c[7] == 1]
    for cid in corp_ids[:5]:
        subid += 1
        start = dt.date(2024, 9, 2) + dt.timedelta(days=rng.randrange(120))
        start = max(start, dt.date.fromisoformat(customers[cid - 1][9][:10]) + dt.timedelta(days=7))
        subs.append([subid, cid, 34, 'weekly', rng.choice(['Mon', 'Tue']), 4500, start, None, 0, None, cust_pc[cid]])
    n_new = 0
    d0 = dt.date(2024, 10, 1)
    while n_new < 68:
        n_new += 1
        start = d0 + dt.timedelta(days=rng.randrange(780))
        if start > dt.date(2026, 11, 20):
            continue
        cid = existing_customer(dt.datetime.combine(start, dt.time(0))) if rng.random() < 0.5 else None
        if cid is None or cid in corp_ids:
            cid = new_customer(dt.datetime.combine(start - dt.timedelta(days=rng.randrange(5)), dt.time(rng.randint(8, 22), rng.randrange(60))))
        prod = 33 if rng.random() < 0.75 else 34
        freq = rng.choices(['weekly', 'fortnightly', 'monthly'], [40, 45, 15])[0]
        price = (2800 if start < PRICE_RISE else 3000) if prod == 33 else (4500 if start < PRICE_RISE else 4800)
        end = None
        if rng.random() < 0.35:
            end = start + dt.timedelta(days=rng.randrange(40, 420))
            if end >= LAST_DAY:
                end = None
        if rng.random() < 0.05 and end is None:
            end = dt.date(2026, 12, 31)       # gift subscription with a fixed end date
        subid += 1
        subs.append([subid, cid, prod, freq, rng.choice(['Tue', 'Thu', 'Fri', 'Fri']), price, start, end, 0, None,
                     cust_pc[cid] if rng.random() < 0.8 else postcode()])
    # currently paused subscriptions
    live = [s for s in subs if s[7] is None and s[6] < dt.date(2026, 9, 1)]
    for s in rng.sample(live, 7):
        s[8] = 1
        s[9] = rng.choice([None, dt.date(2027, 1, 5), dt.date(2026, 12, 1), dt.date(2027, 2, 2)])
        s.append(max(s[6] + dt.timedelta(days=35), dt.date(2026, 8, 1) + dt.timedelta(days=rng.randrange(100))))     # paused since
    sub_rows = [s[:6] + [iso(s[6]), iso(s[7]), s[8], iso(s[9]), s[10]] for s in subs]
    # subscriptions are inserted after the customers they reference (below)

    # ---- orders -------------------------------------------------------------------------------
    orders, lines, deliveries = [], [], []
    oid = olid = did = 0
    occasions = ['Birthday', 'Anniversary', 'Sympathy', 'Thank you', 'Get well', 'New baby', 'Just because']
    msgs = ['Happy birthday! Love from us all x', 'Thinking of you', 'With deepest sympathy', 'Congratulations!',
            'Thank you so much', 'Love you lots', 'Get well soon', 'Happy anniversary darling', None, None]

    def day_mult(d):
        m = 1.0
        if d.month == 2 and 9 <= d.day <= 14:
            m = 2.5 + (3.0 if d.day in (13, 14) else 0)
        md = MOTHERS_DAY[d.year]
        if md - dt.timedelta(days=6) <= d <= md:
            m = 3.0
        if d.month == 12 and 8 <= d.day <= 23:
            m = 1.8
        if d.month in (1, 8):
            m *= 0.75
        return m

    def pick_products(ch, d):
        items = []
        if rng.random() < 0.05 and ch != 'shop':
            items.append((rng.choice([14, 15, 15, 16]), 1))
        else:
            if d.month == 2 and 9 <= d.day <= 14 and rng.random() < 0.6:
                main = rng.choice([1, 1, 11, 10])
            elif MOTHERS_DAY[d.year] - dt.timedelta(days=10) <= d <= MOTHERS_DAY[d.year] and rng.random() < 0.5:
                main = 12
            else:
                pool = [2, 3, 3, 4, 5, 5, 1, 6, 7, 8, 9, 13, 10, 17, 18, 19, 20, 21, 21, 22, 35] if ch == 'shop' else \
                       [2, 3, 3, 3, 4, 4, 5, 1, 6, 7, 8, 9, 13, 17, 18, 19, 21]
                main = rng.choice([p for p in pool if in_season(p, d)])
            q = 1
            if main == 10:
                q = rng.choice([1, 1, 2, 3, 6])
            if main == 21 and rng.random() < 0.3:
                q = rng.choice([2, 3])
            items.append((main, q))
        extra_p = 0.45 if ch == 'online' else 0.3
        while rng.random() < extra_p and len(items) < 4:
            e = rng.choice([28, 28, 28, 29, 30, 31, 23, 24, 25, 27, 32, 26])
            if in_season(e, d) and e not in [x for x, _ in items]:
                items.append((e, 1))
            extra_p *= 0.5
        return items

    def unit_price(pid, d, ch):
        if pid == 5 and ch != 'online':
            return rng.choice([3000, 3500, 4000, 4000, 5000, 6000, 7500])
        if pid in (14, 15, 16) and rng.random() < 0.3:
            return list_price(pid, d) + rng.choice([500, 1000, 2500])
        return list_price(pid, d)

    def next_working(d):
        d += DAY
        while d.weekday() == 6 or (d.month == 12 and d.day in (25, 26)) or (d.month == 1 and d.day == 1):
            d += DAY
        return d

    def deliver(order_id, sub_id, pc, due, peak):
        nonlocal did
        area = pc.split(' ')[0]
        route = area_route[area]
        late = rng.random() < (0.10 if peak else 0.012)
        when = next_working(due) if late else due
        if when > LAST_DAY:
            return
        r = rng.random()
        outcome = 'delivered' if r < 0.84 else ('safe place' if r < 0.91 else ('neighbour' if r < 0.97 else 'failed'))
        t = dt.datetime.combine(when, dt.time(rng.randint(9, 16), rng.randrange(60)))
        did += 1
        if outcome == 'failed':
            deliveries.append((did, order_id, sub_id, route, driver_for(route, when), iso(due), 1, None, 'failed',
                               rng.choice(['No answer, no safe place', 'Wrong address', 'Recipient away', 'Business closed'])))
            when2 = next_working(when)
            if when2 <= LAST_DAY:
                did += 1
                t2 = dt.datetime.combine(when2, dt.time(rng.randint(9, 15), rng.randrange(60)))
                deliveries.append((did, order_id, sub_id, route, driver_for(route, when2), iso(due), 2, ts(t2),
                                   rng.choice(['delivered', 'delivered', 'neighbour']), None))
        else:
            deliveries.append((did, order_id, sub_id, route, driver_for(route, when), iso(due), 1, ts(t), outcome, None))

    d = START
    while d <= LAST_DAY:
        wd = d.weekday()
        closed = (d.month == 12 and d.day in (25, 26)) or (d.month == 1 and d.day == 1)
        mult = day_mult(d)
        peak = mult >= 2.5
        n_shop = 0 if (wd == 6 or closed) else max(0, int(round(rng.gauss((5.0 if wd < 4 else 9.0) * mult, 1.8))))
        n_web = 0 if closed else max(0, int(round(rng.gauss(3.0 * mult, 1.3))))
        n_ph = 0 if (wd == 6 or closed) else max(0, int(round(rng.gauss(0.9 * mult, 0.8))))
        todays = ['shop'] * n_shop + ['online'] * n_web + ['phone'] * n_ph
        for ch in todays:
            if ch == 'shop':
                at = dt.datetime.combine(d, dt.time(rng.randint(9, 17), rng.randrange(60), rng.randrange(60)))
            elif ch == 'phone':
                at = dt.datetime.combine(d, dt.time(rng.randint(9, 16), rng.randrange(60), rng.randrange(60)))
            else:
                at = dt.datetime.combine(d, dt.time(rng.choices(range(24), [1, 1, 0, 0, 0, 0, 1, 3, 5, 6, 6, 6, 7, 7, 6, 5, 5, 6, 7, 9, 10, 9, 6, 3])[0],
                                                  rng.randrange(60), rng.randrange(60)))
            cid = None
            if ch == 'shop':
                if rng.random() < 0.10:
                    cid = existing_customer(at)
            else:
                cid = existing_customer(at) if rng.random() < 0.45 else new_customer(at - dt.timedelta(minutes=rng.randint(1, 30)))
            items = pick_products(ch, d)
            funeral = any(p in (14, 15, 16) for p, _ in items)
            if funeral and rng.random() < 0.5 and ch == 'phone':
                cid = funeral_director
            if ch == 'shop':
                ful = 'delivery' if (funeral or rng.random() < 0.06) else 'counter'
                if ful == 'delivery' and cid is None:
                    cid = existing_customer(at) if rng.random() < 0.5 else new_customer(at - dt.timedelta(minutes=5))
            elif ch == 'online':
                ful = 'delivery' if rng.random() < 0.85 else 'collection'
            else:
                ful = 'delivery' if rng.random() < 0.75 else 'collection'
            ddate = None
            if ful != 'counter':
                lead = rng.choice([0, 1, 1, 1, 2, 2, 3, 5]) if not funeral else rng.randint(2, 6)
                if d.month == 2 and d.day <= 14 and d.day >= 7:
                    lead = max(0, min(lead, 14 - d.day))
                ddate = d + dt.timedelta(days=lead)
                if at.hour >= 14 and ddate == d:
                    ddate = d + DAY
                while ddate.weekday() == 6 or (ddate.month == 12 and ddate.day in (25, 26)) or (ddate.month == 1 and ddate.day == 1):
                    ddate += DAY
            oid += 1
            prices = [(p, q, unit_price(p, d, ch)) for p, q in items]
            goods = sum(q * up for _, q, up in prices)
            fee = 0
            pc = None
            if ful == 'delivery':
                pc = cust_pc[cid] if (cid and rng.random() < 0.35) else postcode()
                area = pc.split(' ')[0]
                fee = 595 if d < PRICE_RISE else 650
                if area_route[area] == 4:
                    fee += 300
                if ch == 'online' and goods >= 7500:
                    fee = 0
                if cid == funeral_director:
                    fee = 0
            if ful == 'counter':
                status = 'refunded' if rng.random() < 0.015 else 'completed'
            elif ddate > LAST_DAY:
                status = 'cancelled' if rng.random() < 0.02 else 'paid'
            else:
                r = rng.random()
                status = 'cancelled' if r < 0.04 else ('refunded' if r < 0.055 else ('delivered' if ful == 'delivery' else 'collected'))
            occ = None
            if ch != 'shop' and rng.random() < 0.7:
                if d.month == 2 and d.day <= 14 and d.day >= 7:
                    occ = "Valentine's"
                elif MOTHERS_DAY[d.year] - dt.timedelta(days=10) <= d <= MOTHERS_DAY[d.year]:
                    occ = "Mother's Day"
                elif d.month == 12 and d.day < 25:
                    occ = 'Christmas'
                elif funeral:
                    occ = 'Sympathy'
                else:
                    occ = rng.choice(occasions)
            pay = {'shop': rng.choices(['card', 'cash'], [85, 15])[0], 'online': rng.choices(['card', 'paypal'], [80, 20])[0],
                   'phone': 'card'}[ch]
            if cid == funeral_director:
                pay = 'account'
            recip = None
            if ful == 'delivery':
                recip = f'{rng.choice(firsts)} {rng.choice(lasts)}' if rng.random() < 0.9 else None
            orders.append((oid, f'PS{oid + 250000}', cid, ch, ts(at), status, ful, iso(ddate), fee, pc, recip,
                           rng.choice(msgs) if ch != 'shop' else None, occ, pay))
            for p, q, up in prices:
                olid += 1
                lines.append((olid, oid, p, q, up))
            if ful == 'delivery' and status in ('delivered', 'refunded'):
                deliver(oid, None, pc, ddate, peak)
        d += DAY

    # ---- subscription drops -------------------------------------------------------------------
    step = {'weekly': 7, 'fortnightly': 14, 'monthly': 28}
    for s in subs:
        sid, wdname = s[0], s[4]
        dd = s[6]
        while WD[dd.weekday()] != wdname:
            dd += DAY
        stop = s[7] or LAST_DAY
        if s[8] == 1:
            stop = min(stop, s[11])
        hol_start = None
        if rng.random() < 0.4:
            hol_start = s[6] + dt.timedelta(days=rng.randrange(30, 300))
        while dd <= min(stop, LAST_DAY):
            if dd < START:
                dd += dt.timedelta(days=step[s[3]])
                continue
            skip = hol_start is not None and hol_start <= dd <= hol_start + dt.timedelta(days=20)
            if (dd.month == 12 and dd.day in (25, 26)) or (dd.month == 1 and dd.day == 1):
                skip = True
            if not skip:
                deliver(None, sid, s[10], dd, False)
            dd += dt.timedelta(days=step[s[3]])

    con.executemany('INSERT INTO Customers VALUES (?,?,?,?,?,?,?,?,?,?)', customers)
    con.executemany('INSERT INTO Subscriptions VALUES (?,?,?,?,?,?,?,?,?,?,?)', sub_rows)
    con.executemany('INSERT INTO Orders VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)', orders)
    con.executemany('INSERT INTO OrderLines VALUES (?,?,?,?,?)', lines)
    deliveries.sort(key=lambda r: (r[5], r[6], r[0]))
    deliveries = [(i + 1,) + r[1:] for i, r in enumerate(deliveries)]
    con.executemany('INSERT INTO Deliveries VALUES (?,?,?,?,?,?,?,?,?,?)', deliveries)

    # ---- suppliers, stems, wholesale invoices, waste ---------------------------------------------
    suppliers = [(1, 'Van Dijk Bloemen BV', 'Netherlands', 'VDB-44120', 14),
                 (2, 'Pennine Wholesale Flowers', 'UK', 'PWF/0087', 30),
                 (3, 'Yorkshire Foliage Co', 'UK', 'YFC-211', 30),
                 (4, 'Kenya Rose Direct', 'Kenya', 'KRD-7731', 7),
                 (5, 'Lincs Tulip Growers', 'UK', 'LTG-0419', 30)]
    con.executemany('INSERT INTO Suppliers VALUES (?,?,?,?,?)', suppliers)
    stems = [
        # id, name, variety, colour, foliage, per-stem cost pence, stems per bunch, suppliers
        (1, 'Rose', 'Red Naomi', 'red', 0, 65, 20, (1, 4)),
        (2, 'Rose', 'Freedom', 'red', 0, 55, 20, (4,)),
        (3, 'Rose', 'Avalanche', 'white', 0, 60, 20, (1,)),
        (4, 'Rose', 'Sweet Avalanche', 'pink', 0, 62, 20, (1, 2)),
        (5, 'Tulip', 'Mixed', 'mixed', 0, 28, 10, (5, 1)),
        (6, 'Peony', 'Sarah Bernhardt', 'pink', 0, 180, 10, (1,)),
        (7, 'Lily', 'Oriental Stargazer', 'pink', 0, 120, 10, (1, 2)),
        (8, 'Eucalyptus', 'Cinerea', 'green', 1, 35, 10, (3, 1)),
        (9, 'Gypsophila', 'Xlence', 'white', 0, 40, 10, (1, 2)),
        (10, 'Chrysanthemum', 'Spray', 'mixed', 0, 45, 10, (2,)),
        (11, 'Alstroemeria', 'Mixed', 'mixed', 0, 30, 10, (2, 1)),
        (12, 'Sunflower', 'Sunrich', 'yellow', 0, 70, 10, (1, 2)),
        (13, 'Ranunculus', 'Clooney', 'mixed', 0, 85, 10, (1,)),
        (14, 'Hydrangea', 'Magical', 'blue', 0, 220, 5, (1,)),
        (15, 'Freesia', 'Mixed', 'mixed', 0, 38, 10, (1, 2)),
        (16, 'Ruscus', 'Italian', 'green', 1, 25, 10, (3,)),
        (17, 'Carnation', 'Standard', 'red', 0, 30, 20, (2,)),
        (18, 'Lisianthus', 'Rosita', 'white', 0, 95, 10, (1,)),
        (19, 'Pittosporum', 'Nigra', 'green', 1, 30, 10, (3,)),
    ]
    con.executemany('INSERT INTO Stems VALUES (?,?,?,?,?)', [s[:5] for s in stems])

    def stem_season(sid_, d):
        m = d.month
        if sid_ == 5:
            return 1 <= m <= 4
        if sid_ == 6:
            return m in (5, 6)
        if sid_ == 12:
            return 6 <= m <= 9
        if sid_ == 13:
            return m in (2, 3, 4, 5)
        return True

    invs, ilines, waste = [], [], []
    iid = ilid = wid = 0
    d = START
    seqno = {}
    while d <= LAST_DAY:
        wd = d.weekday()
        todo = []
        if wd in (0, 3):
            todo.append(1)
        if wd == 2:
            todo.append(2)
        if wd == 1 and ((d - START).days // 7) % 2 == 0:
            todo.append(3)
        if wd == 4 and (d.month in (2, 3, 12) or d.day <= 7):
            todo.append(4)
        if wd == 0 and 1 <= d.month <= 4:
            todo.append(5)
        mult = max(day_mult(d + DAY * 3), day_mult(d + DAY * 5), 1.0)
        if d in UK_HOLS and d.month == 12:
            todo = []
        for sup in todo:
            cand = [s for s in stems if sup in s[7] and stem_season(s[0], d)]
            k = min(len(cand), {1: rng.randint(5, 9), 2: rng.randint(3, 5), 3: 2, 4: 2, 5: 1}[sup])
            chosen = rng.sample(cand, k)
            if sup == 4:
                chosen = [s for s in stems if s[0] in (1, 2)]
            lines_here = []
            for s in chosen:
                bunches = max(1, int(round(rng.uniform(2, 8) * (mult if s[0] in (1, 2, 3, 4, 5, 9) else 1.0 + (mult - 1) * 0.4))))
                if sup == 4:
                    bunches = max(4, bunches * 2)
                per_stem = s[5] * (1.05 if d >= dt.date(2026, 1, 1) else 1.0)
                if s[0] in (1, 2) and d.month == 2 and d.day <= 14:
                    per_stem *= 1.8
                if sup == 4:
                    per_stem *= 0.85
                bp = int(round(per_stem * s[6] * rng.uniform(0.95, 1.08)))
                ilid += 1
                lines_here.append((ilid, None, s[0], bunches, s[6], bp, bunches * bp))
            iid += 1
            net = sum(x[6] for x in lines_here)
            vat = int(round(net * 0.2))
            y = d.year
            seqno[(sup, y)] = seqno.get((sup, y), 0) + 1
            invno = {1: f'VDB{y}-{seqno[(sup, y)]:04d}', 2: f'PWF{rng.randint(10000, 99999)}', 3: f'YF/{y % 100}/{seqno[(sup, y)]:03d}',
                     4: f'KRD-{y}{seqno[(sup, y)]:03d}', 5: f'INV{y % 100}{seqno[(sup, y)]:03d}'}[sup]
            due = d + dt.timedelta(days=suppliers[sup - 1][4])
            paid = due - dt.timedelta(days=rng.randint(0, 5)) if rng.random() < 0.85 else due + dt.timedelta(days=rng.randint(1, 25))
            if paid > LAST_DAY:
                paid = None
            if sup == 2 and dt.date(2026, 9, 1) <= d <= dt.date(2026, 10, 20) and rng.random() < 0.5:
                paid = None            # disputed invoices, still not paid
            invs.append((iid, sup, invno, iso(d), iso(due), net, vat, net + vat, iso(paid)))
            for x in lines_here:
                ilines.append((x[0], iid) + x[2:])
                # wilt / write-off from this delivery of stems
                if rng.random() < 0.55:
                    stems_in = x[3] * x[4]
                    frac = rng.uniform(0.02, 0.16)
                    if x[2] in (1, 2) and d.month == 2 and 10 <= d.day <= 16:
                        frac += rng.uniform(0.1, 0.3)       # unsold Valentine's roses
                    q = max(1, int(stems_in * frac))
                    when = d + dt.timedelta(days=rng.randint(3, 9))
                    if when <= LAST_DAY:
                        if when.weekday() == 6:
                            when += DAY
                        reason = rng.choices(['wilted', 'botrytis', 'damaged on arrival', 'unsold - past best', 'broken stems'],
                                             [45, 10, 12, 25, 8])[0]
                        if when - d <= dt.timedelta(days=3) and rng.random() < 0.5:
                            reason = 'damaged on arrival'
                        wid += 1
                        waste.append((wid, iso(when), x[2], None, q, reason, rng.choice(['Hannah', 'Ellie', 'Jo', 'Hannah'])))
        d += DAY
    # plants and sundries written off
    d = START
    while d <= LAST_DAY:
        if d.weekday() == 5 and rng.random() < 0.35:
            p = rng.choice([17, 18, 19, 20, 21, 21, 22, 25, 23])
            if in_season(p, d):
                wid += 1
                waste.append((wid, iso(d), None, p, rng.randint(1, 3), rng.choice(['died', 'damaged', 'pest', 'broken']),
                              rng.choice(['Hannah', 'Ellie', 'Jo'])))
        d += DAY
    waste.sort(key=lambda r: (r[1], r[0]))
    waste = [(i + 1,) + r[1:] for i, r in enumerate(waste)]
    con.executemany('INSERT INTO SupplierInvoices VALUES (?,?,?,?,?,?,?,?,?)', invs)
    con.executemany('INSERT INTO SupplierInvoiceLines VALUES (?,?,?,?,?,?,?)', ilines)
    con.executemany('INSERT INTO WasteLog VALUES (?,?,?,?,?,?,?)', waste)
    con.commit()
    con.close()


if __name__ == '__main__':
    for n in ('helpdesk', 'florist'):
        os.makedirs(os.path.join(HERE, 'dbs', n), exist_ok=True)
    build_helpdesk(os.path.join(HERE, 'dbs', 'helpdesk', 'helpdesk.sqlite'))
    build_florist(os.path.join(HERE, 'dbs', 'florist', 'florist.sqlite'))
    for n in ('helpdesk', 'florist'):
        con = sqlite3.connect(os.path.join(HERE, 'dbs', n, n + '.sqlite'))
        tabs = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type IN ('table','view') ORDER BY name")]
        print(n, ', '.join(f'{t}={con.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0]}' for t in tabs))
        bad = con.execute('PRAGMA foreign_key_check').fetchall()
        print('  fk violations:', len(bad))
