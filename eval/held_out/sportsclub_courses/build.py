#!/usr/bin/env python3
"""Build two small-organisation SQLite databases with generated rows (fixed seeds, standard library only).

  dbs/sportsclub/sportsclub.sqlite   amateur multi-sport club (football, netball, cricket); a volunteer-built
                                     Access database migrated to SQLite: mixed PascalCase / abbreviations,
                                     lkp* lookup tables, 0/1 flags, money in pounds REAL
  dbs/courses/courses.sqlite         small online course business (snake_case, money in cents INTEGER,
                                     ISO-8601 timestamps, one view)

"Today" is Saturday 2026-11-28; recorded activity runs 2025-01 .. 2026-11-27. Some rows lie in the future
(scheduled fixtures, enrolment expiry dates, qualification expiry dates).
"""
import datetime as dt
import math
import os
import random
import re
import sqlite3

HERE = os.path.dirname(os.path.abspath(__file__))
TODAY = dt.date(2026, 11, 28)
LAST = dt.date(2026, 11, 27)          # last day with recorded activity
START = dt.date(2025, 1, 1)
DAY = dt.timedelta(days=1)


def ddl(con, script):
    """Run DDL with the explanatory -- comments stripped: the owners' databases carry no notes for readers."""
    con.executescript(re.sub(r'[ \t]*--[^\n]*', '', script))


def iso(d):
    return d.isoformat() if d is not None else None


def add_years(d, n):
    try:
        return d.replace(year=d.year + n)
    except ValueError:
        return d.replace(year=d.year + n, day=28)


def poisson(rng, lam):
    l, k, p = math.exp(-lam), 0, 1.0
    while True:
        p *= rng.random()
        if p <= l:
            return k
        k += 1


# ============================================================================================
# SPORTS CLUB
# ============================================================================================
MALE = ['James', 'Oliver', 'Harry', 'Jack', 'George', 'Charlie', 'Thomas', 'Jacob', 'Alfie', 'Riley', 'William',
        'Joshua', 'Daniel', 'Ethan', 'Mohammed', 'Liam', 'Ryan', 'Callum', 'Connor', 'Kieran', 'Jordan', 'Nathan',
        'Ben', 'Sam', 'Luke', 'Adam', 'Matt', 'Chris', 'Dean', 'Gary', 'Steve', 'Paul', 'Mark', 'Lee', 'Craig',
        'Darren', 'Rob', 'Andy', 'Neil', 'Ian', 'Tariq', 'Imran', 'Rajesh', 'Kwame', 'Tomasz', 'Piotr', 'Declan',
        'Aaron', 'Jamie', 'Owen', 'Rhys', 'Toby', 'Finley', 'Archie', 'Freddie', 'Leo', 'Max', 'Oscar', 'Theo',
        'Zak', 'Rory', 'Ellis', 'Reece', 'Kai', 'Ashok', 'Vikram', 'Hassan', 'Bilal', 'Gareth', 'Phil', 'Martin',
        'Keith', 'Trevor', 'Nigel', 'Graham', 'Colin', 'Brian', 'Harvey', 'Louis', 'Jude']
FEMALE = ['Sarah', 'Emma', 'Laura', 'Rachel', 'Hannah', 'Sophie', 'Jess', 'Amy', 'Kirsty', 'Lauren', 'Gemma',
          'Natalie', 'Claire', 'Michelle', 'Nicola', 'Becky', 'Charlotte', 'Katie', 'Jade', 'Leanne', 'Stacey',
          'Zoe', 'Chloe', 'Ellie', 'Grace', 'Lily', 'Isla', 'Poppy', 'Freya', 'Mia', 'Ava', 'Evie', 'Millie',
          'Amelia', 'Ruby', 'Daisy', 'Holly', 'Megan', 'Abbie', 'Niamh', 'Priya', 'Aisha', 'Fatima', 'Kerry',
          'Donna', 'Julie', 'Tracey', 'Karen', 'Helen', 'Joanne', 'Lisa', 'Sian', 'Bethany', 'Tilly', 'Erin',
          'Maisie', 'Phoebe', 'Layla', 'Scarlett', 'Imogen']
SURNAMES = ['Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Johnson', 'Davies', 'Robinson', 'Wright',
            'Thompson', 'Evans', 'Walker', 'White', 'Roberts', 'Green', 'Hall', 'Wood', 'Jackson', 'Clarke',
            'Patel', 'Khan', 'Lewis', 'James', 'Phillips', 'Mason', 'Mitchell', 'Rose', 'Davis', 'Rodriguez',
            'Cox', 'Alexander', 'Garden', 'Campbell', 'Johnston', 'Moore', 'Smyth', "O'Neill", 'Doherty', 'Stewart',
            'Quinn', 'Murphy', 'Graham', 'Mclaughlin', 'Hamilton', 'Murray', 'Hughes', 'Robertson', 'Thomson',
            'Scott', 'Macdonald', 'Reid', 'Clark', 'Ross', 'Young', 'Watson', 'Paterson', 'Morrison', 'Harris',
            'Bennett', 'Griffiths', 'Lloyd', 'Pritchard', 'Owen', 'Hardy', 'Barnes', 'Fox', 'Kowalski', 'Nowak',
            'Okoro', 'Mensah', 'Singh', 'Kaur', 'Hussain', 'Ali', 'Begum', 'Chapman', 'Fletcher', 'Holmes',
            'Lawson', 'Marsh', 'Pearson', 'Rowley', 'Sharp', 'Tanner', 'Underhill', 'Vincent', 'Webb', 'Yates']
OPP = {
    1: ['Ashvale Rovers', 'Kingsmere Town', 'Brampton Athletic', 'Holloway United', 'St Cuthberts FC', 'Millbrook',
        'Daneford Wanderers', 'Castle Hythe', 'Oakfield Albion', 'Ferncliffe Sports', 'Wexley Villa', 'Pellham Park'],
    2: ['Thornbury Belles', 'Kingsmere Kestrels', 'Ashvale Aces', 'Riverside Netball', 'Oakfield Comets',
        'Brampton Blaze', 'Wexley Wasps', 'Millbrook Mavericks', 'St Cuthberts NC', 'Pellham Panthers'],
    3: ['Hollins Green CC', 'Kingsmere CC', 'Ashvale & District CC', 'Brampton Park CC', 'Ferncliffe CC',
        'Oakfield Wanderers CC', 'Millbrook CC', 'Daneford CC', 'Wexley Heath CC', 'Old Pellhamians CC'],
}


def build_sportsclub(path):
    rng = random.Random(33303)
    if os.path.exists(path):
        os.remove(path)
    con = sqlite3.connect(path)
    ddl(con, """
    PRAGMA foreign_keys = ON;
    CREATE TABLE lkpSection (
        SectID INTEGER PRIMARY KEY,
        SectName TEXT NOT NULL,
        SectSecretary TEXT
    );
    CREATE TABLE lkpMemType (
        MemType TEXT PRIMARY KEY,        -- SNR, JNR, STU, SOC
        Descr TEXT NOT NULL,
        StdFee REAL                      -- current full annual fee, pounds
    );
    CREATE TABLE lkpQual (
        QualCode TEXT PRIMARY KEY,
        QualName TEXT NOT NULL,
        AwardingBody TEXT,
        ValidYrs INTEGER                 -- NULL = never expires
    );
    CREATE TABLE Members (
        MbrNo INTEGER PRIMARY KEY,
        FirstName TEXT NOT NULL,
        Surname TEXT NOT NULL,
        DOB TEXT,
        Sex TEXT,
        Email TEXT,
        MobileNo TEXT,
        Addr1 TEXT,
        Postcode TEXT,
        Sect INTEGER REFERENCES lkpSection(SectID),   -- main section (NULL for social members)
        MemType TEXT NOT NULL REFERENCES lkpMemType(MemType),
        JoinDate TEXT NOT NULL,
        Lapsed INTEGER NOT NULL DEFAULT 0,
        LapsedDate TEXT,
        ParentGuardian TEXT,
        PhotoConsent INTEGER NOT NULL DEFAULT 1,
        Notes TEXT
    );
    CREATE TABLE Subs (
        SubsID INTEGER PRIMARY KEY,
        MbrNo INTEGER NOT NULL REFERENCES Members(MbrNo),
        SubsYear INTEGER NOT NULL,       -- membership year = calendar year
        AmtDue REAL NOT NULL,
        NoOfInstalments INTEGER NOT NULL,
        DueDate TEXT NOT NULL
    );
    CREATE TABLE SubsPayments (
        PmtID INTEGER PRIMARY KEY,
        SubsID INTEGER NOT NULL REFERENCES Subs(SubsID),
        PmtDate TEXT NOT NULL,
        Amt REAL NOT NULL,
        PmtMethod TEXT,                  -- Cash / BACS / Card / Cheque
        RecdBy TEXT
    );
    CREATE TABLE Volunteers (
        VolID INTEGER PRIMARY KEY,
        MbrNo INTEGER REFERENCES Members(MbrNo),      -- NULL for parents etc. who aren't members
        FirstName TEXT NOT NULL,
        Surname TEXT NOT NULL,
        MobileNo TEXT,
        Role TEXT NOT NULL,
        Sect INTEGER REFERENCES lkpSection(SectID),   -- NULL = club-wide role
        DBSDate TEXT,
        Active INTEGER NOT NULL DEFAULT 1
    );
    CREATE TABLE VolQuals (
        VolQualID INTEGER PRIMARY KEY,
        VolID INTEGER NOT NULL REFERENCES Volunteers(VolID),
        QualCode TEXT NOT NULL REFERENCES lkpQual(QualCode),
        DateAchieved TEXT,
        ExpiryDate TEXT
    );
    CREATE TABLE Teams (
        TeamID INTEGER PRIMARY KEY,
        TeamName TEXT NOT NULL,
        Sect INTEGER NOT NULL REFERENCES lkpSection(SectID),
        AgeGrp TEXT,                     -- Open, U11, U13 ...
        League TEXT,
        MgrVolID INTEGER REFERENCES Volunteers(VolID)
    );
    CREATE TABLE Squad (
        TeamID INTEGER NOT NULL REFERENCES Teams(TeamID),
        MbrNo INTEGER NOT NULL REFERENCES Members(MbrNo),
        IsCaptain INTEGER NOT NULL DEFAULT 0,
        Posn TEXT,
        ShirtNo INTEGER,
        PRIMARY KEY (TeamID, MbrNo)
    );
    CREATE TABLE Fixtures (
        FixID INTEGER PRIMARY KEY,
        TeamID INTEGER NOT NULL REFERENCES Teams(TeamID),
        FixDate TEXT NOT NULL,
        StartTime TEXT,
        Opposition TEXT NOT NULL,
        HA TEXT NOT NULL,                -- H / A
        Comp TEXT,                       -- League / Cup / Friendly
        Status TEXT NOT NULL,            -- Scheduled / Played / Postponed / Cancelled / Abandoned
        OurScore INTEGER,                -- goals (football, netball) or runs (cricket)
        OppScore INTEGER,
        Result TEXT,                     -- W / D / L
        Notes TEXT
    );
    CREATE TABLE Avail (
        FixID INTEGER NOT NULL REFERENCES Fixtures(FixID),
        MbrNo INTEGER NOT NULL REFERENCES Members(MbrNo),
        Reply TEXT,                      -- Y / N / NULL = no reply
        Selected INTEGER NOT NULL DEFAULT 0,
        Posn TEXT,
        Goals INTEGER,
        Runs INTEGER,
        Wkts INTEGER,
        POTM INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (FixID, MbrNo)
    );
    CREATE TABLE BarTakings (
        TakingsDate TEXT PRIMARY KEY,
        Cash REAL NOT NULL,
        Card REAL NOT NULL,
        EventNote TEXT,
        OnDuty TEXT
    );
    CREATE TABLE KitOrders (
        KitOrdNo INTEGER PRIMARY KEY,
        MbrNo INTEGER NOT NULL REFERENCES Members(MbrNo),
        OrderDate TEXT NOT NULL,
        Item TEXT NOT NULL,
        Size TEXT,
        Qty INTEGER NOT NULL,
        UnitPrice REAL NOT NULL,
        Paid INTEGER NOT NULL DEFAULT 0,
        DateSupplied TEXT
    );
    """)

    con.executemany('INSERT INTO lkpSection VALUES (?,?,?)',
                    [(1, 'Football', 'Dave Pearson'), (2, 'Netball', 'Kerry Lawson'), (3, 'Cricket', 'Colin Hardy')])
    FEES = {2025: {'SNR': 110.0, 'JNR': 70.0, 'STU': 55.0, 'SOC': 25.0},
            2026: {'SNR': 120.0, 'JNR': 75.0, 'STU': 60.0, 'SOC': 25.0}}
    con.executemany('INSERT INTO lkpMemType VALUES (?,?,?)', [
        ('SNR', 'Senior playing', 120.0), ('JNR', 'Junior (under 18 on 1 Sept)', 75.0),
        ('STU', 'Student / unwaged', 60.0), ('SOC', 'Social / non-playing', 25.0)])
    quals = [
        ('FA-PM', 'FA Playmaker', 'The FA', None),
        ('UEFA-C', 'UEFA C Licence', 'The FA', None),
        ('FA-EA', 'FA Emergency Aid', 'The FA', 3),
        ('FA-SG', 'FA Safeguarding Children', 'The FA', 3),
        ('EN-L1', 'England Netball Level 1 Coach', 'England Netball', 2),
        ('EN-UMP', 'Netball C Award Umpire', 'England Netball', None),
        ('EN-SG', 'England Netball Safeguarding', 'England Netball', 3),
        ('ECB-FC', 'ECB Foundation Coach', 'ECB', None),
        ('ECB-SG', 'ECB Safeguarding Young People', 'ECB', 3),
        ('FAW', 'First Aid at Work', 'St John Ambulance', 3),
        ('FH', 'Food Hygiene Level 2', 'CIEH', 3),
    ]
    con.executemany('INSERT INTO lkpQual VALUES (?,?,?,?)', quals)
    q_valid = {q[0]: q[3] for q in quals}

    # ---- members -----------------------------------------------------------------------------
    # (section, sex, min age, max age, count, kind) ages as at 2026-11-28
    groups = [
        (1, 'M', 18, 34, 40, 'snr'), (1, 'M', 35, 47, 8, 'snr'), (1, 'M', 18, 21, 6, 'stu'),
        (1, 'M', 16, 17, 5, 'jnr'),
        (1, 'M', 13, 14, 16, 'jnr'), (1, 'M', 11, 12, 16, 'jnr'), (1, 'F', 11, 12, 14, 'jnr'),
        (1, 'M', 9, 10, 10, 'jnr'), (1, 'F', 9, 10, 4, 'jnr'),
        (2, 'F', 18, 38, 30, 'snr'), (2, 'F', 39, 56, 9, 'snr'), (2, 'F', 18, 21, 4, 'stu'),
        (2, 'F', 16, 17, 4, 'jnr'), (2, 'F', 12, 13, 14, 'jnr'), (2, 'F', 10, 11, 13, 'jnr'),
        (3, 'M', 18, 35, 26, 'snr'), (3, 'M', 36, 63, 16, 'snr'), (3, 'F', 22, 40, 3, 'snr'),
        (3, 'M', 18, 21, 3, 'stu'), (3, 'M', 15, 17, 4, 'jnr'), (3, 'M', 11, 14, 14, 'jnr'), (3, 'F', 12, 14, 3, 'jnr'),
        (None, 'M', 45, 80, 14, 'soc'), (None, 'F', 40, 78, 10, 'soc'),
    ]
    streets = ['Mill Lane', 'Church Road', 'Station Road', 'The Crescent', 'Victoria Street', 'Park Avenue',
               'Orchard Close', 'Meadow Way', 'Kingsway', 'High Street', 'Chapel Row', 'Willow Drive',
               'Beech Grove', 'Greenfield Road', 'Elm Tree Close']
    pcodes = ['WX4 2', 'WX4 3', 'WX4 7', 'WX5 1', 'WX5 6', 'WX6 0', 'WX6 9', 'KM2 4']
    members = []
    used_names = set()
    mno = 1000
    order = []
    for g in groups:
        for _ in range(g[4]):
            order.append(g)
    rng.shuffle(order)
    for sect, sex, a0, a1, _, kind in order:
        while True:
            fn = rng.choice(MALE if sex == 'M' else FEMALE)
            sn = rng.choice(SURNAMES)
            if (fn, sn) not in used_names:
                used_names.add((fn, sn))
                break
        # date of birth: age between a0 and a1 today, avoiding the junior/senior changeover window
        while True:
            dob = TODAY - dt.timedelta(days=int(365.25 * a0) + rng.randrange(int(365.25 * (a1 - a0 + 1)) - 1))
            if kind == 'jnr' and dob <= dt.date(2008, 11, 28):
                continue
            if kind != 'jnr' and dob > dt.date(2008, 9, 1):
                continue
            if dt.date(1976, 11, 14) <= dob <= dt.date(1976, 12, 12):
                continue
            if dob.month == 2 and dob.day == 29:
                continue
            break
        age = (TODAY - dob).days / 365.25
        # join date
        if kind == 'jnr':
            earliest = max(dob + dt.timedelta(days=int(365.25 * 6)), dt.date(2016, 1, 1))
        else:
            earliest = max(dob + dt.timedelta(days=int(365.25 * 16)), dt.date(2004, 1, 1))
        if rng.random() < 0.32:
            earliest = max(earliest, dt.date(2025, 1, 5))
        span = (dt.date(2026, 11, 20) - earliest).days
        join = earliest + dt.timedelta(days=rng.randrange(max(span, 1)))
        if kind == 'stu' and join < dob + dt.timedelta(days=int(365.25 * 17)):
            join = dob + dt.timedelta(days=int(365.25 * 17))
        lapsed, ldate = 0, None
        if rng.random() < 0.15:
            lo = max(join + dt.timedelta(days=100), dt.date(2025, 2, 1))
            if lo < dt.date(2026, 11, 1):
                lapsed = 1
                ldate = lo + dt.timedelta(days=rng.randrange((dt.date(2026, 11, 1) - lo).days))
        mem_type = {'snr': 'SNR', 'jnr': 'JNR', 'stu': 'STU', 'soc': 'SOC'}[kind]
        email = f'{fn.lower()}.{sn.lower().replace(chr(39), "")}{rng.choice(["", "", "7", "88", "_"])}@' + \
            rng.choice(['gmail.com', 'hotmail.co.uk', 'yahoo.co.uk', 'btinternet.com', 'outlook.com'])
        if kind == 'jnr' or rng.random() < 0.05:
            email = None if kind == 'jnr' and rng.random() < 0.7 else email
        mob = None if kind == 'jnr' and age < 14 else f'07{rng.randint(700, 999)} {rng.randint(100000, 999999)}'
        parent = None
        if kind == 'jnr':
            parent = f'{rng.choice(["Mrs", "Mr", "Ms"])} {rng.choice(FEMALE + MALE)} {sn}'
            if rng.random() < 0.1:
                parent = parent.split(' ', 1)[1]
        notes = None
        r = rng.random()
        if r < 0.03:
            notes = 'Asthma - inhaler in kit bag'
        elif r < 0.05:
            notes = 'Life member'
        elif r < 0.07:
            notes = 'Moved away'
        mno += 1
        members.append({
            'no': mno, 'fn': fn, 'sn': sn, 'dob': dob, 'sex': sex, 'email': email, 'mob': mob,
            'addr': f'{rng.randint(1, 140)} {rng.choice(streets)}',
            'pc': rng.choice(pcodes) + rng.choice('ABDEFGHJLNPQRSTUWXYZ') + rng.choice('ABDEFGHJLNPQRSTUWXYZ'),
            'sect': sect, 'type': mem_type, 'join': join, 'lapsed': lapsed, 'ldate': ldate, 'parent': parent,
            'photo': 0 if rng.random() < 0.06 else 1, 'notes': notes, 'kind': kind, 'a0': a0, 'a1': a1})
    # two lapsed members whose lapse date nobody filled in
    for m in rng.sample([m for m in members if m['lapsed']], 2):
        m['ldate_shown'] = None
    con.executemany('INSERT INTO Members VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)', [
        (m['no'], m['fn'], m['sn'], iso(m['dob']), m['sex'], m['email'], m['mob'], m['addr'], m['pc'], m['sect'],
         m['type'], iso(m['join']), m['lapsed'], iso(m.get('ldate_shown', m['ldate'])), m['parent'], m['photo'],
         m['notes']) for m in members])
    by_no = {m['no']: m for m in members}

    def active_on(m, d):
        return m['join'] <= d and (m['ldate'] is None or d < m['ldate'])

    # ---- subs & payments ---------------------------------------------------------------------
    subs, pmts = [], []
    sid = pid = 0
    treasurers = ['DP', 'KL', 'CH', 'SM']
    for m in sorted(members, key=lambda x: x['join']):
        behaviour = rng.choices(['good', 'late', 'none'], [82, 13, 5])[0]
        for y in (2025, 2026):
            ystart, yend = dt.date(y, 1, 1), dt.date(y, 12, 31)
            if m['join'] > min(yend, LAST):
                continue
            if m['ldate'] is not None and m['ldate'] < dt.date(y, 3, 31):
                continue
            fee = FEES[y][m['type']]
            if m['notes'] == 'Life member':
                fee = 0.0 if m['type'] == 'SOC' else fee
            if m['join'] >= dt.date(y, 7, 1):
                fee = round(fee / 2, 2)
            elif m['type'] == 'JNR' and rng.random() < 0.18:
                fee = round(fee * 0.9, 2)            # sibling discount
            if fee == 0:
                continue
            due = dt.date(y, 1, 31) if m['join'] < ystart else m['join'] + dt.timedelta(days=14)
            n_inst = rng.choices([1, 3, 10], [45, 25, 30])[0]
            if m['type'] == 'SOC' or fee < 40:
                n_inst = 1
            first = due - dt.timedelta(days=rng.randrange(0, 20)) if m['join'] < ystart else m['join'] + dt.timedelta(days=rng.randrange(0, 10))
            if n_inst == 10:
                months_left = 12 - first.month
                n_inst = max(1, min(10, months_left + 1)) if m['join'] >= ystart else 10
            sid += 1
            subs.append((sid, m['no'], y, fee, n_inst, iso(due)))
            part = round(fee / n_inst, 2)
            amounts = [part] * (n_inst - 1) + [round(fee - part * (n_inst - 1), 2)]
            step = {1: 0, 3: 91}.get(n_inst, 30)
            stop_after = n_inst
            if behaviour == 'none' or (y == 2025 and behaviour == 'late' and rng.random() < 0.5):
                stop_after = 0 if behaviour == 'none' else max(0, n_inst - 1 - rng.randrange(2))
            elif behaviour == 'late':
                stop_after = max(0, n_inst - 1 - rng.randrange(3))
            for k in range(n_inst):
                pd = first + dt.timedelta(days=step * k + rng.randrange(-3, 6))
                if k >= stop_after or pd > LAST:
                    break
                if m['ldate'] is not None and pd >= m['ldate']:
                    break
                pid += 1
                meth = rng.choices(['BACS', 'Cash', 'Card', 'Cheque'], [62, 14, 18, 6])[0]
                if n_inst == 10:
                    meth = 'BACS'
                pmts.append((pid, sid, iso(pd), amounts[k], meth, rng.choice(treasurers)))
    pmts.sort(key=lambda p: (p[2], p[0]))
    pmts = [(i + 1,) + p[1:] for i, p in enumerate(pmts)]
    con.executemany('INSERT INTO Subs VALUES (?,?,?,?,?,?)', subs)
    con.executemany('INSERT INTO SubsPayments VALUES (?,?,?,?,?,?)', pmts)

    # ---- volunteers & quals ------------------------------------------------------------------
    # roles: (role, sect, from member?, quals)
    vol_specs = [
        ('Chairman', None, True, ['FAW']), ('Treasurer', None, True, []), ('Club Secretary', None, True, []),
        ('Welfare Officer', None, False, ['FA-SG', 'ECB-SG', 'EN-SG', 'FAW']),
        ('Kit Secretary', None, True, []), ('Groundsman', None, False, []), ('Groundsman', 3, True, []),
        ('Bar Manager', None, True, ['FH']), ('Bar', None, True, []), ('Bar', None, True, ['FH']),
        ('Bar', None, False, []), ('Bar', None, True, []), ('Bar', None, True, []),
        ('Manager', 1, True, ['UEFA-C', 'FA-EA', 'FA-SG']), ('Manager', 1, True, ['FA-PM', 'FA-EA', 'FA-SG']),
        ('Coach', 1, False, ['UEFA-C', 'FA-EA', 'FA-SG']), ('Coach', 1, False, ['FA-PM', 'FA-EA', 'FA-SG']),
        ('Coach', 1, False, ['FA-PM', 'FA-SG']), ('Coach', 1, False, ['UEFA-C', 'FA-EA', 'FA-SG']),
        ('Coach', 1, True, ['FA-PM', 'FA-EA', 'FA-SG']), ('Assistant Coach', 1, False, ['FA-PM']),
        ('Assistant Coach', 1, False, ['FA-EA']), ('Fixtures Secretary', 1, True, []),
        ('Coach', 2, True, ['EN-L1', 'EN-UMP', 'EN-SG', 'FAW']), ('Coach', 2, True, ['EN-L1', 'EN-SG']),
        ('Coach', 2, False, ['EN-L1', 'EN-SG', 'FAW']), ('Coach', 2, False, ['EN-L1', 'EN-UMP', 'EN-SG']),
        ('Umpire', 2, True, ['EN-UMP']), ('Umpire', 2, False, ['EN-UMP', 'EN-SG']),
        ('Assistant Coach', 2, False, ['EN-SG']),
        ('Captain', 3, True, ['ECB-FC']), ('Coach', 3, True, ['ECB-FC', 'ECB-SG', 'FAW']),
        ('Coach', 3, False, ['ECB-FC', 'ECB-SG']), ('Coach', 3, True, ['ECB-FC', 'ECB-SG', 'FAW']),
        ('Scorer', 3, False, []), ('Scorer', 3, True, []), ('Teas', 3, False, ['FH']),
        ('Assistant Coach', 3, False, ['ECB-SG']), ('Fixtures Secretary', 3, True, []),
        ('Manager', 1, True, ['FA-EA', 'FA-SG']), ('Coach', 1, False, ['FA-PM', 'FA-SG', 'FAW']),
        ('Social Secretary', None, True, []),
    ]
    vols, vq = [], []
    used_m = set()
    vqid = 0
    for i, (role, sect, is_mem, qs) in enumerate(vol_specs, start=1):
        mbr = None
        if is_mem:
            pool = [m for m in members if m['kind'] in ('snr', 'soc', 'stu') and m['no'] not in used_m and not m['lapsed']
                    and (sect is None or m['sect'] == sect or m['kind'] == 'soc')]
            if role in ('Manager', 'Coach', 'Captain') and sect:
                pool = [m for m in pool if m['sect'] == sect] or pool
            m = rng.choice(pool)
            used_m.add(m['no'])
            mbr, fn, sn = m['no'], m['fn'], m['sn']
        else:
            while True:
                fn = rng.choice(MALE + FEMALE if sect != 2 else FEMALE)
                sn = rng.choice(SURNAMES)
                if (fn, sn) not in used_names:
                    used_names.add((fn, sn))
                    break
        dbs = None
        if role not in ('Treasurer', 'Bar', 'Groundsman', 'Kit Secretary', 'Social Secretary', 'Bar Manager') or rng.random() < 0.2:
            dbs = dt.date(2021, 6, 1) + dt.timedelta(days=rng.randrange(1900))
        active = 0 if i in (12, 35) else 1
        vols.append((i, mbr, fn, sn, f'07{rng.randint(700, 999)} {rng.randint(100000, 999999)}', role, sect,
                     iso(dbs), active))
        for q in qs:
            if rng.random() < 0.12 and q not in ('UEFA-C', 'ECB-FC'):
                continue
            if q_valid[q]:
                ach = LAST - dt.timedelta(days=rng.randrange(int(365 * q_valid[q] * 1.3)))
            else:
                ach = dt.date(2015, 3, 1) + dt.timedelta(days=rng.randrange((LAST - dt.date(2015, 3, 1)).days))
            exp = add_years(ach, q_valid[q]) if q_valid[q] else None
            vqid += 1
            vq.append((vqid, i, q, iso(ach), iso(exp)))
    con.executemany('INSERT INTO Volunteers VALUES (?,?,?,?,?,?,?,?,?)', vols)
    con.executemany('INSERT INTO VolQuals VALUES (?,?,?,?,?)', vq)
    vol_by_role = {}
    for v in vols:
        vol_by_role.setdefault((v[5], v[6]), []).append(v[0])

    # ---- teams & squads ----------------------------------------------------------------------
    teams = [
        # id, name, sect, agegrp, league, sex filter, age range, size, kind
        (1, 'First Team', 1, 'Open', 'Wexley & District Saturday League Div 1'),
        (2, 'Reserves', 1, 'Open', 'Wexley & District Saturday League Div 3'),
        (3, 'U15 Boys', 1, 'U15', 'Wexley Youth League'),
        (4, 'U13 Boys', 1, 'U13', 'Wexley Youth League'),
        (5, 'U13 Girls', 1, 'U13', 'County Girls League'),
        (6, 'U11 Mixed', 1, 'U11', 'Wexley Mini Soccer'),
        (7, 'Netball A', 2, 'Open', 'Wexley Netball League Div 1'),
        (8, 'Netball B', 2, 'Open', 'Wexley Netball League Div 2'),
        (9, 'U14 Netball', 2, 'U14', 'County Junior Netball'),
        (10, 'U12 Netball', 2, 'U12', 'County Junior Netball'),
        (11, '1st XI', 3, 'Open', 'Wexley Cricket League Div 2'),
        (12, '2nd XI', 3, 'Open', 'Wexley Cricket League Div 5'),
        (13, 'U15 Cricket', 3, 'U15', 'County Youth Cricket'),
        (14, 'Sunday XI', 3, 'Open', None),
    ]
    managers = {1: 14, 2: 15, 3: 40, 4: 16, 5: 17, 6: 20, 7: 24, 8: 25, 9: 26, 10: 27, 11: 31, 12: 34,
                13: 33, 14: 31}
    con.executemany('INSERT INTO Teams VALUES (?,?,?,?,?,?)', [t + (managers[t[0]],) for t in teams])

    def age_at(m, d):
        return (d - m['dob']).days / 365.25

    squads = {t[0]: [] for t in teams}
    for m in members:
        k, s, a = m['kind'], m['sect'], age_at(m, TODAY)
        if s == 1:
            if k in ('snr', 'stu'):
                squads[1 if rng.random() < 0.5 else 2].append(m['no'])
            elif a >= 15:
                squads[2].append(m['no'])
            elif a >= 13:
                squads[3].append(m['no'])
            elif a >= 11:
                squads[5 if m['sex'] == 'F' else 4].append(m['no'])
            else:
                squads[6].append(m['no'])
        elif s == 2:
            if k in ('snr', 'stu'):
                squads[7 if rng.random() < 0.45 else 8].append(m['no'])
            elif a >= 15:
                squads[8].append(m['no'])
            elif a >= 12:
                squads[9].append(m['no'])
            else:
                squads[10].append(m['no'])
        elif s == 3:
            if k in ('snr', 'stu'):
                squads[11 if rng.random() < 0.42 else 12].append(m['no'])
                if rng.random() < 0.3 or (a > 45 and rng.random() < 0.6):
                    squads[14].append(m['no'])
            elif a >= 15:
                squads[12].append(m['no'])
            else:
                squads[13].append(m['no'])
    pos_by = {}
    squad_rows = []
    POS = {1: ['GK', 'DEF', 'DEF', 'DEF', 'DEF', 'MID', 'MID', 'MID', 'MID', 'FWD', 'FWD'],
           2: ['GS', 'GA', 'WA', 'C', 'WD', 'GD', 'GK'], 3: ['BAT', 'BAT', 'BAT', 'BAT', 'AR', 'AR', 'BOWL', 'BOWL', 'BOWL', 'WK']}
    for t in teams:
        tid, sect = t[0], t[2]
        ids = squads[tid]
        rng.shuffle(ids)
        caps = [x for x in ids if not by_no[x]['lapsed']]
        cap = caps[0] if caps else None
        shirt = list(range(1, 70))
        rng.shuffle(shirt)
        for j, no in enumerate(ids):
            if no in pos_by:
                p = pos_by[no]
            else:
                base = POS[sect]
                if sect == 1 and j < 2:
                    p = 'GK'
                elif sect == 3 and j < 2:
                    p = 'WK' if j == 0 else 'BOWL'
                else:
                    p = base[j % len(base)]
                    if sect == 1 and p == 'GK':
                        p = 'DEF'
                pos_by[no] = p
            squad_rows.append((tid, no, 1 if no == cap else 0, p, shirt[j] if sect != 2 else None))
    con.executemany('INSERT INTO Squad VALUES (?,?,?,?,?)', squad_rows)
    squad_of = {}
    for r in squad_rows:
        squad_of.setdefault(r[0], []).append(r[1])
    posn = {(r[0], r[1]): r[3] for r in squad_rows}

    # ---- fixtures ----------------------------------------------------------------------------
    winter = [(dt.date(2025, 1, 4), dt.date(2025, 4, 27)), (dt.date(2025, 9, 6), dt.date(2026, 4, 26)),
              (dt.date(2026, 9, 5), dt.date(2026, 12, 20))]
    summer = [(dt.date(2025, 4, 26), dt.date(2025, 9, 14)), (dt.date(2026, 4, 25), dt.date(2026, 9, 13))]
    # dow (0=Mon), start time, play prob, strength (for, against)
    tconf = {
        1: (5, '15:00', 0.85, (2.0, 1.0)), 2: (5, '14:00', 0.8, (1.3, 1.7)), 3: (6, '10:30', 0.8, (2.3, 1.1)),
        4: (6, '10:30', 0.8, (1.6, 1.5)), 5: (6, '12:00', 0.75, (1.1, 1.9)), 6: (6, '09:30', 0.75, (2.0, 1.5)),
        7: (1, '19:30', 0.85, (44, 36)), 8: (2, '20:15', 0.8, (33, 37)), 9: (5, '10:00', 0.75, (22, 18)),
        10: (5, '09:00', 0.7, (14, 15)),
        11: (5, '13:00', 0.9, (205, 180)), 12: (5, '13:30', 0.85, (150, 165)), 13: (2, '17:30', 0.7, (110, 100)),
        14: (6, '14:00', 0.6, (170, 170)),
    }
    fixtures = []
    fid = 0
    opp_i = {s: 0 for s in OPP}

    def season_days(sect):
        wins = summer if sect == 3 else winter
        for a, b in wins:
            d = a
            while d <= b:
                yield d
                d += DAY

    def score(tid, sect, d):
        lf, la = tconf[tid][3]
        if sect == 1:
            f, a = poisson(rng, lf), poisson(rng, la)
        elif sect == 2:
            f, a = max(5, int(rng.gauss(lf, 7))), max(5, int(rng.gauss(la, 7)))
            if f == a:
                f += 1 if rng.random() < 0.5 else -1
        else:
            f, a = max(45, int(rng.gauss(lf, 45))), max(45, int(rng.gauss(la, 45)))
        res = 'W' if f > a else ('L' if f < a else 'D')
        if sect == 3 and tid in (11, 12) and rng.random() < 0.07:
            res = 'D'                      # timed game: batting side hung on
            if f > a:
                f, a = a, f
        return f, a, res

    rearrange = []
    for t in teams:
        tid, sect = t[0], t[2]
        dow, st, p_play, _ = tconf[tid]
        ha = rng.choice('HA')
        for d in season_days(sect):
            if d.weekday() != dow:
                continue
            if dt.date(d.year, 12, 21) <= d or d <= dt.date(d.year, 1, 3):
                continue
            if rng.random() > p_play:
                continue
            opp = OPP[sect][opp_i[sect] % len(OPP[sect])]
            opp_i[sect] += rng.randint(1, 3)
            ha = 'A' if ha == 'H' else 'H'
            comp = 'Friendly' if tid == 14 else rng.choices(['League', 'Cup', 'Friendly'], [82, 10, 8])[0]
            if tid == 6:
                comp = 'League'
            fixtures.append([None, tid, d, st, opp, ha, comp])
    # statuses and scores; postponed games are rearranged for a free date later on
    rows = []
    taken_days = {(f[1], f[2]) for f in fixtures}
    for f in sorted(fixtures, key=lambda x: (x[2], x[1])):
        _, tid, d, st, opp, ha, comp = f
        sect = teams[tid - 1][2]
        status, of, oa, res, note = 'Scheduled', None, None, None, None
        if d < TODAY:
            r = rng.random()
            wet = d.month in (12, 1, 2)
            if sect == 3:
                status = 'Abandoned' if r < 0.07 else ('Cancelled' if r < 0.10 else 'Played')
            elif sect == 1:
                pp = 0.14 if wet else 0.04
                status = 'Postponed' if r < pp else ('Cancelled' if r < pp + 0.025 else 'Played')
            else:
                status = 'Postponed' if r < 0.03 else ('Cancelled' if r < 0.05 else 'Played')
            if status == 'Played':
                of, oa, res = score(tid, sect, d)
                if sect == 3 and rng.random() < 0.05:
                    note = 'Reduced overs - rain'
            elif status == 'Postponed':
                note = rng.choice(['Waterlogged pitch', 'Frozen pitch', 'Waterlogged', 'Opposition short',
                                   'Ref unavailable']) if sect == 1 else 'Court unavailable'
                nd = d + dt.timedelta(days=rng.choice([14, 21, 28, 35]))
                while (tid, nd) in taken_days:
                    nd += dt.timedelta(days=7)
                taken_days.add((tid, nd))
                rearrange.append([None, tid, nd, st, opp, ('A' if ha == 'H' else 'H') if rng.random() < 0.2 else ha, comp])
            elif status == 'Cancelled':
                note = rng.choice(['Opposition conceded', 'Opposition folded', 'Not enough players',
                                   'Pitch unfit']) if sect != 3 else rng.choice(['Not enough players', 'Opposition conceded'])
            elif status == 'Abandoned':
                note = 'Rain'
                if rng.random() < 0.5:
                    of = rng.randint(20, 140)
        rows.append([tid, d, st, opp, ha, comp, status, of, oa, res, note])
    for f in rearrange:
        _, tid, d, st, opp, ha, comp = f
        sect = teams[tid - 1][2]
        if d < TODAY:
            of, oa, res = score(tid, sect, d)
            rows.append([tid, d, st, opp, ha, comp, 'Played', of, oa, res, 'Rearranged'])
        else:
            rows.append([tid, d, st, opp, ha, comp, 'Scheduled', None, None, None, 'Rearranged'])
    rows.sort(key=lambda r: (r[1], r[0]))
    fix_rows = []
    for i, r in enumerate(rows, start=1):
        fix_rows.append((i, r[0], iso(r[1]), r[2], r[3], r[4], r[5], r[6], r[7], r[8], r[9], r[10]))
    con.executemany('INSERT INTO Fixtures VALUES (?,?,?,?,?,?,?,?,?,?,?,?)', fix_rows)

    # ---- availability, selection and stats ---------------------------------------------------
    feeder = {1: [2], 2: [1, 3], 3: [4, 2], 4: [3, 6], 5: [6, 4], 6: [5, 4], 7: [8], 8: [7, 9], 9: [10, 8], 10: [9],
              11: [12, 14], 12: [11, 13, 14], 13: [12], 14: [12, 11]}
    need = {1: 14, 2: 13, 3: 13, 4: 11, 5: 10, 6: 8, 7: 9, 8: 8, 9: 8, 10: 7, 11: 11, 12: 11, 13: 11, 14: 11}
    keen = {m['no']: rng.uniform(0.55, 0.95) for m in members}
    gk_pref = {}
    av_rows = []
    horizon = TODAY + dt.timedelta(days=14)
    for fx in fix_rows:
        fid, tid, d, status = fx[0], fx[1], dt.date.fromisoformat(fx[2]), fx[7]
        sect = teams[tid - 1][2]
        if status == 'Cancelled' or d > horizon:
            continue
        pool = [no for no in squad_of[tid] if active_on(by_no[no], d)]
        recs = {}
        for no in pool:
            r = rng.random()
            reply = 'Y' if r < keen[no] else ('N' if r < keen[no] + 0.12 else None)
            if d > TODAY and rng.random() < 0.45:
                reply = None
            recs[no] = [reply, 0, None]
        picking = status in ('Played', 'Abandoned', 'Postponed') or (status == 'Scheduled' and d <= TODAY + DAY)
        if picking:
            yes = [no for no in pool if recs[no][0] == 'Y']
            rng.shuffle(yes)
            yes.sort(key=lambda no: -keen[no])
            chosen = []
            if sect == 1:
                gks = [no for no in yes if posn[(tid, no)] == 'GK']
                if gks:
                    gks.sort(key=lambda no: (gk_pref.setdefault((tid, no), rng.random())), reverse=True)
                    chosen.append(gks[0])
                for no in yes:
                    if len(chosen) >= need[tid]:
                        break
                    if no not in chosen and posn[(tid, no)] != 'GK':
                        chosen.append(no)
            else:
                chosen = yes[:need[tid]]
            if len(chosen) < need[tid] - 2:
                for ft in feeder[tid]:
                    extra = [no for no in squad_of[ft] if active_on(by_no[no], d) and no not in recs]
                    rng.shuffle(extra)
                    for no in extra[:need[tid] - len(chosen)]:
                        recs[no] = ['Y', 0, None]
                        chosen.append(no)
                    if len(chosen) >= need[tid] - 1:
                        break
            for no in chosen:
                recs[no][1] = 1
                p = posn.get((tid, no))
                if p is None:
                    p = {1: 'MID', 2: 'WD', 3: 'BAT'}[sect] if sect != 1 or pos_by.get(no) != 'GK' else 'DEF'
                recs[no][2] = p
            if sect == 1 and not any(recs[no][2] == 'GK' for no in chosen) and chosen:
                recs[chosen[-1]][2] = 'GK'
        # stats
        stats = {no: [None, None, None, 0] for no in recs}
        if status == 'Played':
            chosen = [no for no in recs if recs[no][1]]
            of, oa = fx[8], fx[9]
            if sect in (1, 2):
                for no in chosen:
                    stats[no][0] = 0
                if sect == 1:
                    w = {'GK': 0.02, 'DEF': 1, 'MID': 3, 'FWD': 6}
                else:
                    w = {'GS': 6, 'GA': 4}
                cands = [no for no in chosen if w.get(recs[no][2], 0) > 0]
                if cands:
                    for _ in range(of):
                        no = rng.choices(cands, [w[recs[c][2]] for c in cands])[0]
                        stats[no][0] += 1
            else:
                bat = chosen[:]
                rng.shuffle(bat)
                bat.sort(key=lambda no: {'BAT': 0, 'WK': 1, 'AR': 1, 'BOWL': 2}.get(recs[no][2], 1))
                wk_down = min(10, max(1, int(rng.gauss(7, 2.5))))
                batted = bat[:min(len(bat), wk_down + 1)]
                runs_left = max(0, of - rng.randint(4, 22))
                shares = [rng.random() ** 1.6 * (1.6 if recs[no][2] in ('BAT', 'WK') else 0.8) for no in batted]
                tot = sum(shares) or 1
                alloc = [int(runs_left * s / tot) for s in shares]
                for no, rr in zip(batted, alloc):
                    stats[no][1] = rr
                bowlers = [no for no in chosen if recs[no][2] in ('BOWL', 'AR')] or chosen[:4]
                opp_wk = min(10, max(0, int(rng.gauss(7.5, 2.5))))
                for no in bowlers:
                    stats[no][2] = 0
                for _ in range(opp_wk):
                    no = rng.choices(bowlers, [3 if recs[b][2] == 'BOWL' else 2 for b in bowlers])[0]
                    stats[no][2] += 1
            if chosen:
                def contrib(no):
                    s = stats[no]
                    return (s[0] or 0) * 3 + (s[1] or 0) / 10.0 + (s[2] or 0) * 2 + rng.random() * 2
                potm = max(chosen, key=contrib)
                stats[potm][3] = 1
        for no, (reply, sel, p) in recs.items():
            g, r_, w_, pm = stats[no]
            av_rows.append((fid, no, reply, sel, p, g, r_, w_, pm))
    con.executemany('INSERT INTO Avail VALUES (?,?,?,?,?,?,?,?,?)', av_rows)

    # ---- bar takings -------------------------------------------------------------------------
    bar_staff = [f'{v[2]} {v[3][0]}' for v in vols if v[5] in ('Bar', 'Bar Manager')]
    bar = []
    d = START
    events = {dt.date(2025, 6, 14): 'Presentation evening', dt.date(2026, 6, 13): 'Presentation evening',
              dt.date(2025, 12, 19): 'Christmas party', dt.date(2025, 3, 15): 'Six Nations screening',
              dt.date(2026, 6, 27): 'World Cup screening', dt.date(2026, 7, 11): 'Cricket festival',
              dt.date(2025, 7, 19): 'Cricket festival', dt.date(2025, 10, 31): 'Halloween disco',
              dt.date(2026, 10, 30): 'Halloween disco'}
    closed = {dt.date(2025, 12, 25), dt.date(2025, 12, 26), dt.date(2026, 1, 1)} | \
        {dt.date(2025, 8, 4) + dt.timedelta(days=i) for i in range(10)}
    while d <= LAST:
        summer_d = 4 <= d.month <= 9
        wd = d.weekday()
        base, note = None, None
        if d in events:
            base, note = rng.uniform(1300, 1750), events[d]
            if note == 'Presentation evening' and d.year == 2026:
                base = 2240.0
        elif wd == 4 and d.day <= 7:
            base, note = 520, 'Quiz night'
        elif wd == 5:
            base = 640 if summer_d else 470
        elif wd == 6:
            base = 380 if summer_d else 300
        elif wd == 1:
            base = 115
        elif wd == 3:
            base = 150
        elif wd == 2 and summer_d:
            base = 130
        if base is not None and d not in closed:
            tot = base * rng.uniform(0.75, 1.3) * (1.04 if d.year == 2026 else 1.0) if note not in ('Presentation evening',) or d.year == 2025 else base
            card_share = min(0.9, max(0.3, rng.gauss(0.55 if d.year == 2025 else 0.7, 0.08)))
            card = round(tot * card_share, 2)
            cash = round(tot - card, 2)
            duty = ', '.join(sorted(rng.sample(bar_staff, 2 if tot > 400 else 1)))
            bar.append((iso(d), cash, card, note, duty))
        d += DAY
    con.executemany('INSERT INTO BarTakings VALUES (?,?,?,?,?)', bar)

    # ---- kit orders --------------------------------------------------------------------------
    kit = {1: [('Home Shirt', 30.0), ('Away Shirt', 30.0), ('Shorts', 14.0), ('Socks', 8.5), ('Training Top', 24.5),
               ('Hoodie', 32.0)],
           2: [('Netball Dress', 38.0), ('Training Top', 24.5), ('Hoodie', 32.0), ('Socks', 8.5)],
           3: [('Playing Shirt', 26.0), ('Whites Trousers', 28.0), ('Club Cap', 12.0), ('Training Top', 24.5),
               ('Sweater', 35.0)],
           None: [('Hoodie', 32.0), ('Bobble Hat', 10.0), ('Club Tie', 15.0)]}
    korders = []
    kno = 500
    for m in members:
        n = rng.choices([0, 1, 2, 3], [45, 30, 17, 8])[0]
        for _ in range(n):
            lo = max(m['join'], START)
            hi = min(m['ldate'] or LAST, LAST)
            if lo >= hi:
                continue
            od = lo + dt.timedelta(days=rng.randrange((hi - lo).days + 1))
            if rng.random() < 0.35:      # kit rush before the season starts
                pk = dt.date(od.year, 8 if m['sect'] != 3 else 4, rng.randint(1, 28))
                if lo <= pk <= hi:
                    od = pk
            k = rng.choices(range(1, 4), [60, 30, 10])[0]
            items = rng.sample(kit[m['sect']], min(k, len(kit[m['sect']])))
            for item, price in items:
                if od.year == 2026:
                    price += 1.5 if price >= 20 else 0.5
                size = rng.choice(['YS', 'YM', 'YL', 'YXL']) if m['kind'] == 'jnr' and age_at(m, od) < 14 else \
                    rng.choice(['XS', 'S', 'M', 'L', 'XL', 'XXL'] if m['sex'] == 'M' else ['8', '10', '12', '14', '16', '18'])
                if item in ('Socks', 'Club Cap', 'Bobble Hat', 'Club Tie'):
                    size = None if item != 'Socks' else ('Junior' if m['kind'] == 'jnr' else 'Adult')
                qty = 2 if item == 'Socks' and rng.random() < 0.4 else 1
                paid = 1 if rng.random() < 0.9 or (LAST - od).days > 200 and rng.random() < 0.5 else 0
                sup = od + dt.timedelta(days=rng.randint(6, 40))
                if sup > LAST or rng.random() < 0.03:
                    sup = None
                kno += 1
                korders.append([kno, m['no'], od, item, size, qty, price, paid, sup])
    korders.sort(key=lambda r: (r[2], r[0]))
    korders = [(500 + i, r[1], iso(r[2]), r[3], r[4], r[5], r[6], r[7], iso(r[8])) for i, r in enumerate(korders, 1)]
    con.executemany('INSERT INTO KitOrders VALUES (?,?,?,?,?,?,?,?,?)', korders)
    con.commit()
    con.close()


# ============================================================================================
# COURSES
# ============================================================================================
COUNTRIES = [('US', 34), ('GB', 14), ('CA', 7), ('AU', 5), ('IN', 8), ('DE', 6), ('FR', 4), ('NL', 3), ('ES', 3),
             ('IE', 2), ('IT', 2), ('BR', 3), ('NG', 2), ('ZA', 2), ('PH', 2), ('MX', 2), ('SE', 1)]
EUR = {'DE', 'FR', 'NL', 'ES', 'IE', 'IT'}
FIRST = ['Emma', 'Liam', 'Olivia', 'Noah', 'Ava', 'Lucas', 'Mia', 'Mateo', 'Sofia', 'Ethan', 'Chloe', 'Arjun',
         'Priya', 'Rahul', 'Ananya', 'Hannah', 'Jonas', 'Lea', 'Felix', 'Marie', 'Louis', 'Camille', 'Sanne', 'Daan',
         'Lucia', 'Pablo', 'Aoife', 'Sean', 'Giulia', 'Marco', 'Ana', 'Joao', 'Chidi', 'Ngozi', 'Thabo', 'Lerato',
         'Miguel', 'Andrea', 'Erik', 'Astrid', 'Grace', 'Daniel', 'Jack', 'Isla', 'Oliver', 'Amelia', 'Ben', 'Zoe',
         'Kevin', 'Rachel', 'Tyler', 'Megan', 'Brandon', 'Ashley', 'Justin', 'Kayla', 'Aaron', 'Nicole', 'Ryan',
         'Samantha', 'David', 'Laura', 'Chris', 'Jessica', 'Mark', 'Emily', 'Paul', 'Sarah', 'Alex', 'Nina', 'Omar',
         'Leila', 'Yuki', 'Kenji', 'Wei', 'Mei', 'Tom', 'Kate', 'Sam', 'Jess']
LAST_NAMES = ['Smith', 'Johnson', 'Garcia', 'Miller', 'Davis', 'Martinez', 'Lopez', 'Wilson', 'Anderson', 'Thomas',
              'Moore', 'Jackson', 'Martin', 'Lee', 'Thompson', 'White', 'Harris', 'Clark', 'Lewis', 'Walker', 'Young',
              'King', 'Wright', 'Scott', 'Green', 'Baker', 'Adams', 'Nelson', 'Hill', 'Campbell', 'Mitchell',
              'Roberts', 'Carter', 'Phillips', 'Evans', 'Turner', 'Parker', 'Collins', 'Edwards', 'Stewart', 'Morris',
              'Murphy', 'Cook', 'Rogers', 'Sharma', 'Gupta', 'Singh', 'Patel', 'Iyer', 'Mueller', 'Schmidt', 'Weber',
              'Dubois', 'Moreau', 'de Vries', 'Jansen', 'Fernandez', 'Ruiz', 'Byrne', 'Kelly', 'Rossi', 'Bianchi',
              'Silva', 'Santos', 'Okafor', 'Adeyemi', 'Nkosi', 'Dlamini', 'Reyes', 'Cruz', 'Lindqvist', 'Nakamura',
              'Chen', 'Wang', 'Taylor', 'Brown', 'Hughes', 'Ward', 'Price', 'Bell']


def ts(t):
    return t.strftime('%Y-%m-%dT%H:%M:%SZ')


def build_courses(path):
    rng = random.Random(47419)
    if os.path.exists(path):
        os.remove(path)
    con = sqlite3.connect(path)
    ddl(con, """
    PRAGMA foreign_keys = ON;
    CREATE TABLE instructors (
        instructor_id INTEGER PRIMARY KEY,
        full_name TEXT NOT NULL,
        email TEXT NOT NULL UNIQUE,
        country TEXT,
        revenue_share_pct INTEGER NOT NULL,   -- instructor's cut of net sales
        joined_at TEXT NOT NULL,
        bio TEXT
    );
    CREATE TABLE courses (
        course_id INTEGER PRIMARY KEY,
        instructor_id INTEGER NOT NULL REFERENCES instructors(instructor_id),
        slug TEXT NOT NULL UNIQUE,
        title TEXT NOT NULL,
        category TEXT NOT NULL,
        level TEXT NOT NULL,                  -- beginner / intermediate / advanced
        price_cents INTEGER NOT NULL,         -- list price in USD cents (0 = free)
        status TEXT NOT NULL,                 -- draft / published / retired
        published_at TEXT,
        retired_at TEXT
    );
    CREATE TABLE modules (
        module_id INTEGER PRIMARY KEY,
        course_id INTEGER NOT NULL REFERENCES courses(course_id),
        position INTEGER NOT NULL,
        title TEXT NOT NULL
    );
    CREATE TABLE lessons (
        lesson_id INTEGER PRIMARY KEY,
        module_id INTEGER NOT NULL REFERENCES modules(module_id),
        position INTEGER NOT NULL,
        title TEXT NOT NULL,
        lesson_type TEXT NOT NULL,            -- video / article
        duration_sec INTEGER NOT NULL,
        is_free_preview INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE affiliates (
        affiliate_id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        email TEXT NOT NULL,
        commission_pct INTEGER NOT NULL,
        status TEXT NOT NULL,                 -- active / paused
        created_at TEXT NOT NULL
    );
    CREATE TABLE learners (
        learner_id INTEGER PRIMARY KEY,
        email TEXT NOT NULL UNIQUE,
        first_name TEXT,
        last_name TEXT,
        country_code TEXT,
        created_at TEXT NOT NULL,
        marketing_opt_in INTEGER NOT NULL DEFAULT 0,
        referred_by_affiliate_id INTEGER REFERENCES affiliates(affiliate_id)
    );
    CREATE TABLE coupons (
        coupon_id INTEGER PRIMARY KEY,
        code TEXT NOT NULL UNIQUE,
        percent_off INTEGER,
        amount_off_cents INTEGER,
        course_id INTEGER REFERENCES courses(course_id),     -- NULL = any course
        affiliate_id INTEGER REFERENCES affiliates(affiliate_id),
        valid_from TEXT NOT NULL,
        valid_until TEXT,
        max_redemptions INTEGER
    );
    CREATE TABLE enrollments (
        enrollment_id INTEGER PRIMARY KEY,
        learner_id INTEGER NOT NULL REFERENCES learners(learner_id),
        course_id INTEGER NOT NULL REFERENCES courses(course_id),
        enrolled_at TEXT NOT NULL,
        status TEXT NOT NULL,                 -- active / completed / refunded / expired
        completed_at TEXT,
        access_expires_at TEXT
    );
    CREATE TABLE payments (
        payment_id INTEGER PRIMARY KEY,
        enrollment_id INTEGER NOT NULL REFERENCES enrollments(enrollment_id),
        learner_id INTEGER NOT NULL REFERENCES learners(learner_id),
        amount_cents INTEGER NOT NULL,
        currency TEXT NOT NULL,               -- USD / EUR / GBP
        coupon_id INTEGER REFERENCES coupons(coupon_id),
        provider TEXT NOT NULL,
        status TEXT NOT NULL,                 -- succeeded / failed / refunded / partially_refunded
        paid_at TEXT NOT NULL,
        refunded_cents INTEGER NOT NULL DEFAULT 0,
        refunded_at TEXT
    );
    CREATE TABLE lesson_progress (
        event_id INTEGER PRIMARY KEY,
        enrollment_id INTEGER NOT NULL REFERENCES enrollments(enrollment_id),
        lesson_id INTEGER NOT NULL REFERENCES lessons(lesson_id),
        event_type TEXT NOT NULL,             -- started / completed
        occurred_at TEXT NOT NULL,
        watched_sec INTEGER
    );
    CREATE TABLE quizzes (
        quiz_id INTEGER PRIMARY KEY,
        module_id INTEGER NOT NULL REFERENCES modules(module_id),
        title TEXT NOT NULL,
        question_count INTEGER NOT NULL,
        pass_mark_pct INTEGER NOT NULL
    );
    CREATE TABLE quiz_attempts (
        attempt_id INTEGER PRIMARY KEY,
        quiz_id INTEGER NOT NULL REFERENCES quizzes(quiz_id),
        enrollment_id INTEGER NOT NULL REFERENCES enrollments(enrollment_id),
        attempted_at TEXT NOT NULL,
        score_pct INTEGER NOT NULL,
        passed INTEGER NOT NULL
    );
    CREATE TABLE reviews (
        review_id INTEGER PRIMARY KEY,
        enrollment_id INTEGER NOT NULL UNIQUE REFERENCES enrollments(enrollment_id),
        rating INTEGER NOT NULL,              -- 1..5 stars
        headline TEXT,
        body TEXT,
        created_at TEXT NOT NULL,
        is_public INTEGER NOT NULL DEFAULT 1
    );
    CREATE TABLE referrals (
        referral_id INTEGER PRIMARY KEY,
        affiliate_id INTEGER NOT NULL REFERENCES affiliates(affiliate_id),
        learner_id INTEGER NOT NULL REFERENCES learners(learner_id),
        payment_id INTEGER NOT NULL REFERENCES payments(payment_id),
        commission_cents INTEGER NOT NULL,
        created_at TEXT NOT NULL,
        payout_status TEXT NOT NULL           -- pending / paid / void
    );
    CREATE VIEW course_overview AS
        SELECT c.course_id, c.title, c.status, i.full_name AS instructor_name,
               COUNT(l.lesson_id) AS lesson_count, SUM(l.duration_sec) AS total_duration_sec
        FROM courses c
        JOIN instructors i ON i.instructor_id = c.instructor_id
        LEFT JOIN modules m ON m.course_id = c.course_id
        LEFT JOIN lessons l ON l.module_id = m.module_id
        GROUP BY c.course_id, c.title, c.status, i.full_name;
    """)

    instructors = [
        (1, 'Maya Okonkwo', 'maya@mayaokonkwo.dev', 'US', 50, '2024-02-11T10:00:00Z', 'Data engineer turned teacher.'),
        (2, 'Daniel Reyes', 'dan.reyes@protonmail.com', 'MX', 50, '2024-03-02T15:20:00Z', 'Python & pandas since 2012.'),
        (3, 'Fiona Gallagher', 'fiona@spreadsheetsorted.co.uk', 'GB', 45, '2024-05-19T09:12:00Z', None),
        (4, 'Lars Bergström', 'lars@a11yfirst.se', 'SE', 50, '2024-06-30T12:00:00Z', 'Accessibility consultant.'),
        (5, 'Priya Nair', 'priya.nair@gmail.com', 'IN', 40, '2025-01-14T08:30:00Z', None),
        (6, 'Tom Whitaker', 'tom@whitakerstudio.com', 'US', 55, '2024-09-09T17:45:00Z', 'Brand designer.'),
        (7, 'Rosa Lindqvist', 'rosa@growthnotes.io', 'CA', 45, '2024-11-21T14:05:00Z', None),
    ]
    con.executemany('INSERT INTO instructors VALUES (?,?,?,?,?,?,?)', instructors)

    # id, instr, slug, title, category, level, price, status, published, retired, popularity, completion, quality
    courses = [
        (1, 1, 'sql-for-absolute-beginners', 'SQL for Absolute Beginners', 'data', 'beginner', 4900, 'published', '2024-03-15', None, 16, 0.55, 4.5),
        (2, 1, 'advanced-sql-window-functions', 'Advanced SQL: Window Functions and CTEs', 'data', 'advanced', 8900, 'published', '2024-10-01', None, 7, 0.38, 4.7),
        (3, 2, 'python-for-data-analysis', 'Python for Data Analysis', 'data', 'intermediate', 9900, 'published', '2024-04-20', None, 13, 0.33, 4.3),
        (4, 3, 'excel-power-tricks', 'Excel Power Tricks', 'business', 'beginner', 3900, 'published', '2024-06-10', None, 10, 0.5, 4.1),
        (5, 3, 'pivot-tables-in-a-weekend', 'Pivot Tables in a Weekend', 'business', 'beginner', 2900, 'published', '2025-02-03', None, 8, 0.62, 4.0),
        (6, 4, 'intro-to-web-accessibility', 'Intro to Web Accessibility', 'web', 'beginner', 0, 'published', '2024-07-01', None, 12, 0.3, 4.2),
        (7, 4, 'modern-css-layout', 'Modern CSS Layout', 'web', 'intermediate', 5900, 'published', '2024-09-15', None, 6, 0.42, 4.4),
        (8, 5, 'javascript-testing-fundamentals', 'JavaScript Testing Fundamentals', 'web', 'intermediate', 6900, 'published', '2025-03-10', None, 5, 0.28, 3.6),
        (9, 6, 'figma-for-non-designers', 'Figma for Non-Designers', 'design', 'beginner', 4900, 'published', '2024-10-20', None, 9, 0.47, 4.6),
        (10, 6, 'brand-identity-masterclass', 'Brand Identity Masterclass', 'design', 'advanced', 12900, 'published', '2025-05-05', None, 4, 0.35, 4.8),
        (11, 7, 'email-marketing-that-converts', 'Email Marketing That Converts', 'marketing', 'intermediate', 5900, 'published', '2024-12-01', None, 6, 0.4, 3.9),
        (12, 7, 'seo-fundamentals-2025', 'SEO Fundamentals 2025', 'marketing', 'beginner', 4900, 'retired', '2025-01-10', '2026-02-01', 7, 0.36, 3.4),
        (13, 3, 'freelance-pricing-playbook', 'Freelance Pricing Playbook', 'business', 'intermediate', 7900, 'published', '2025-09-01', None, 5, 0.45, 4.2),
        (14, 2, 'data-visualisation-with-python', 'Data Visualisation with Python', 'data', 'intermediate', 8900, 'published', '2025-11-17', None, 7, 0.3, 4.4),
        (15, 5, 'build-a-portfolio-site', 'Build a Portfolio Site', 'web', 'beginner', 3900, 'published', '2026-06-08', None, 6, 0.5, 4.0),
        (16, 4, 'accessibility-audits-in-practice', 'Accessibility Audits in Practice', 'web', 'advanced', 9900, 'draft', None, None, 0, 0, 0),
    ]
    con.executemany('INSERT INTO courses VALUES (?,?,?,?,?,?,?,?,?,?)', [
        (c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7],
         (c[8] + 'T09:00:00Z') if c[8] else None, (c[9] + 'T00:00:00Z') if c[9] else None) for c in courses])
    cinfo = {c[0]: c for c in courses}

    # ---- modules & lessons -------------------------------------------------------------------
    words = ['Getting started', 'Core ideas', 'Hands-on project', 'Common mistakes', 'Going further', 'Real-world examples',
             'Setup and tools', 'Putting it together', 'Best practices', 'Wrap-up']
    lesson_words = ['Introduction', 'Walkthrough', 'Demo', 'Exercise', 'Deep dive', 'Recap', 'Case study', 'Q&A',
                    'Cheat sheet', 'Challenge', 'Solution', 'Tips']
    modules, lessons, quizzes = [], [], []
    mid = lid = qid = 0
    course_lessons = {}
    module_lessons = {}
    module_of_course = {}
    for c in courses:
        nm = {1: 5, 2: 4, 3: 6, 4: 4, 5: 3, 6: 3, 7: 4, 8: 4, 9: 4, 10: 5, 11: 4, 12: 4, 13: 3, 14: 5, 15: 4, 16: 3}[c[0]]
        course_lessons[c[0]] = []
        module_of_course[c[0]] = []
        for mp in range(1, nm + 1):
            mid += 1
            title = words[(mp - 1 + c[0]) % len(words)] if mp > 1 else 'Welcome and setup'
            modules.append((mid, c[0], mp, title))
            module_of_course[c[0]].append(mid)
            module_lessons[mid] = []
            nl = rng.randint(2, 4)
            for lp in range(1, nl + 1):
                lid += 1
                ltype = 'article' if rng.random() < 0.12 else 'video'
                if ltype == 'article':
                    dur = rng.choice([180, 240, 300, 420, 600])
                else:
                    dur = int(rng.lognormvariate(math.log(430), 0.55))
                    dur = max(75, min(dur, 2400))
                    if c[0] == 3 and mp == 4 and lp == 1:
                        dur = 2710                     # long live-coding session
                prev = 1 if mp == 1 and lp <= 2 and c[6] > 0 else 0
                lt = f'{lesson_words[(lid * 7) % len(lesson_words)]}: {title.lower()} part {lp}' if lp > 1 else f'{title}'
                lessons.append((lid, mid, lp, lt, ltype, dur, prev))
                course_lessons[c[0]].append((lid, dur, mid))
                module_lessons[mid].append(lid)
            if mp > 1 and (rng.random() < 0.55 or mp == nm):
                qid += 1
                quizzes.append((qid, mid, f'{title} quiz', rng.choice([5, 8, 10, 12]), rng.choice([60, 70, 70, 80])))
    con.executemany('INSERT INTO modules VALUES (?,?,?,?)', modules)
    con.executemany('INSERT INTO lessons VALUES (?,?,?,?,?,?,?)', lessons)
    con.executemany('INSERT INTO quizzes VALUES (?,?,?,?,?)', quizzes)
    quiz_of_module = {q[1]: q for q in quizzes}

    # ---- affiliates & coupons ----------------------------------------------------------------
    affiliates = [
        (1, 'DataDiaries Newsletter', 'partners@datadiaries.io', 30, 'active', '2025-01-20T12:00:00Z'),
        (2, 'Code with Kemi (YouTube)', 'kemi@codewithkemi.com', 25, 'active', '2025-02-14T09:00:00Z'),
        (3, 'The Spreadsheet Guru', 'guru@sheetguru.net', 20, 'active', '2025-04-01T10:30:00Z'),
        (4, 'DesignBites Podcast', 'hello@designbites.fm', 30, 'paused', '2025-03-12T16:00:00Z'),
        (5, 'Freelance Friday', 'team@freelancefriday.co', 20, 'active', '2025-09-05T11:00:00Z'),
        (6, 'Learn Hub India', 'affiliates@learnhub.in', 15, 'active', '2025-06-18T07:00:00Z'),
        (7, 'Sam Ortega', 'sam.ortega@gmail.com', 20, 'active', '2026-03-03T19:00:00Z'),
    ]
    con.executemany('INSERT INTO affiliates VALUES (?,?,?,?,?,?)', affiliates)
    aff_pct = {a[0]: a[3] for a in affiliates}
    aff_start = {a[0]: dt.datetime.fromisoformat(a[5][:-1]) for a in affiliates}
    aff_focus = {1: [1, 2, 3, 14], 2: [7, 8, 15, 6], 3: [4, 5, 13], 4: [9, 10], 5: [13, 11, 9], 6: [1, 3, 8, 14], 7: None}
    coupons = [
        (1, 'LAUNCH25', 25, None, None, None, '2025-01-01', '2025-02-28', 200),
        (2, 'SPRING20', 20, None, None, None, '2025-03-20', '2025-04-10', None),
        (3, 'BLACKFRIDAY40', 40, None, None, None, '2025-11-25', '2025-12-02', None),
        (4, 'NEWYEAR30', 30, None, None, None, '2026-01-01', '2026-01-15', None),
        (5, 'DATADIARIES15', 15, None, None, 1, '2025-01-20', None, None),
        (6, 'KEMI10', 10, None, None, 2, '2025-02-14', None, None),
        (7, 'SHEETGURU', 20, None, 4, 3, '2025-04-01', None, 100),
        (8, 'FRIEND10', None, 1000, None, None, '2025-06-01', None, None),
        (9, 'SUMMER26', 25, None, None, None, '2026-06-15', '2026-07-15', None),
        (10, 'BRANDNEW50', 50, None, 10, None, '2025-05-05', '2025-05-19', 50),
        (11, 'BLACKFRIDAY26', 40, None, None, None, '2026-11-24', '2026-12-01', None),
        (12, 'PORTFOLIO20', 20, None, 15, None, '2026-06-08', '2026-07-31', None),
    ]
    con.executemany('INSERT INTO coupons VALUES (?,?,?,?,?,?,?,?,?)', coupons)

    # ---- learners ----------------------------------------------------------------------------
    t0 = dt.datetime(2025, 1, 1)
    t_end = dt.datetime(2026, 11, 27, 22, 0, 0)
    span = (t_end - t0).total_seconds()
    learners = []
    used_emails = set()
    NL = 560
    times = []
    for _ in range(NL):
        # growth: more sign-ups later; spikes around promos
        u = rng.random() ** 0.8
        t = t0 + dt.timedelta(seconds=u * span)
        times.append(t)
    promo = [(dt.datetime(2025, 11, 25), 7), (dt.datetime(2026, 1, 1), 14), (dt.datetime(2026, 11, 24), 3),
             (dt.datetime(2025, 1, 1), 10)]
    for i in range(40):
        a, n = promo[i % len(promo)]
        times[i] = a + dt.timedelta(seconds=rng.randrange(n * 86400))
    times.sort()
    for i, t in enumerate(times, start=1):
        cc = rng.choices([c for c, _ in COUNTRIES], [w for _, w in COUNTRIES])[0]
        fn, ln = rng.choice(FIRST), rng.choice(LAST_NAMES)
        while True:
            em = f'{fn.lower()}.{ln.lower().replace(" ", "")}{rng.choice(["", "", str(rng.randint(1, 99))])}@' + \
                rng.choice(['gmail.com', 'outlook.com', 'yahoo.com', 'icloud.com', 'proton.me', 'hotmail.com'])
            if em not in used_emails:
                used_emails.add(em)
                break
        aff = None
        if rng.random() < 0.17:
            cands = [a for a in aff_start if aff_start[a] <= t and not (a == 4 and t > dt.datetime(2026, 2, 1))]
            if cands:
                aff = rng.choices(cands, [{1: 5, 2: 5, 3: 3, 4: 2, 5: 2, 6: 3, 7: 1}[a] for a in cands])[0]
        if rng.random() < 0.04:
            fn_s, ln_s = None, None
        else:
            fn_s, ln_s = fn, ln
        learners.append([i, em, fn_s, ln_s, cc, t, 1 if rng.random() < 0.41 else 0, aff])
    con.executemany('INSERT INTO learners VALUES (?,?,?,?,?,?,?,?)',
                    [(l[0], l[1], l[2], l[3], l[4], ts(l[5]), l[6], l[7]) for l in learners])

    # ---- enrollments, payments, progress, quizzes, reviews, referrals -------------------------
    def price_in(cents, cur):
        if cents == 0:
            return 0
        if cur == 'USD':
            return cents
        if cur == 'EUR':
            return int(round(cents * 0.92 / 100.0)) * 100 - 1
        return int(round(cents * 0.79 / 100.0)) * 100 - 1

    def published(cid, t):
        c = cinfo[cid]
        if c[8] is None or t < dt.datetime.fromisoformat(c[8]):
            return False
        if c[9] and t >= dt.datetime.fromisoformat(c[9]):
            return False
        return True

    enr, pays, prog, attempts, reviews, refs = [], [], [], [], [], []
    eid = pay_id = ev_id = at_id = rv_id = rf_id = 0
    now = dt.datetime(2026, 11, 27, 23, 59, 59)
    coupon_uses = {}
    headlines = {5: ['Excellent', 'Best course I have taken', 'Clear and practical', 'Loved it', 'Worth every penny'],
                 4: ['Very good', 'Solid course', 'Helpful', 'Good value', 'Learned a lot'],
                 3: ['OK', 'Decent but dated', 'Mixed feelings', 'Could be deeper'],
                 2: ['Disappointing', 'Too basic', 'Audio issues'],
                 1: ['Waste of money', 'Not as described', 'Refund please']}
    for l in learners:
        lrn, t_sign, cc, aff = l[0], l[5], l[4], l[7]
        cur = 'EUR' if cc in EUR else ('GBP' if cc == 'GB' else 'USD')
        skill = rng.uniform(0.4, 1.0)
        motivation = rng.uniform(0.2, 1.0)
        n_enr = rng.choices([0, 1, 2, 3, 4], [5, 58, 24, 9, 4])[0]
        taken = set()
        for k in range(n_enr):
            t = t_sign + dt.timedelta(minutes=rng.randint(2, 90)) if k == 0 else \
                t_sign + dt.timedelta(days=rng.randint(3, 400), seconds=rng.randrange(86400))
            if t > t_end:
                continue
            cands = [c for c in cinfo if c not in taken and published(c, t) and cinfo[c][10] > 0]
            if aff and aff_focus.get(aff) and k == 0:
                cands = [c for c in cands if c in aff_focus[aff]] or cands
            if not cands:
                continue
            cid = rng.choices(cands, [cinfo[c][10] for c in cands])[0]
            taken.add(cid)
            c = cinfo[cid]
            eid += 1
            expires = None if c[6] == 0 else t + dt.timedelta(days=365)
            # payment
            pay_ok_id = None
            refunded = False
            if c[6] > 0:
                coupon = None
                valid = [cp for cp in coupons if cp[6] <= t.date().isoformat() and (cp[7] is None or t.date().isoformat() <= cp[7])
                         and (cp[4] is None or cp[4] == cid) and (cp[5] is None or cp[5] == aff)
                         and (cp[8] is None or coupon_uses.get(cp[0], 0) < cp[8])]
                rng.shuffle(valid)
                for cp in valid:
                    p_use = 0.6 if cp[5] else (0.06 if cp[7] is None else 0.45)
                    if rng.random() < p_use:
                        coupon = cp
                        coupon_uses[cp[0]] = coupon_uses.get(cp[0], 0) + 1
                        break
                base = price_in(c[6], cur)
                amt = base
                if coupon:
                    amt = int(round(base * (100 - coupon[2]) / 100.0)) if coupon[2] else max(0, base - coupon[3])
                provider = rng.choices(['stripe', 'paypal'], [78, 22])[0]
                if rng.random() < 0.04:
                    pay_id += 1
                    pays.append([pay_id, eid, lrn, amt, cur, coupon[0] if coupon else None, provider, 'failed',
                                 ts(t - dt.timedelta(seconds=rng.randint(60, 400))), 0, None])
                pay_id += 1
                pay_ok_id = pay_id
                status_p, ref_c, ref_at = 'succeeded', 0, None
                r = rng.random()
                if r < 0.055 + (0.05 if cid in (8, 12) else 0):
                    refunded = True
                    ra = t + dt.timedelta(days=rng.randint(1, 29), seconds=rng.randrange(86400))
                    if ra <= now:
                        status_p, ref_c, ref_at = 'refunded', amt, ts(ra)
                    else:
                        refunded = False
                elif r < 0.068 + (0.05 if cid in (8, 12) else 0):
                    ra = t + dt.timedelta(days=rng.randint(3, 40))
                    if ra <= now:
                        status_p, ref_c, ref_at = 'partially_refunded', amt // 2, ts(ra)
                pays.append([pay_id, eid, lrn, amt, cur, coupon[0] if coupon else None, provider, status_p, ts(t),
                             ref_c, ref_at])
                if aff and t - dt.timedelta(days=120) <= t_sign and amt > 0:
                    rf_id += 1
                    comm = int(round(amt * aff_pct[aff] / 100.0))
                    pstat = 'void' if status_p == 'refunded' else ('pending' if (now - t).days < 30 else 'paid')
                    refs.append((rf_id, aff, lrn, pay_id, comm, ts(t), pstat))
            # progress
            ls = course_lessons[cid]
            n = len(ls)
            p_complete = c[11] * (0.6 + 0.8 * motivation)
            horizon = min(now, expires) if expires else now
            avail_days = (horizon - t).total_seconds() / 86400.0
            if refunded:
                target = rng.randint(-1, max(0, n // 4))
                will_complete = False
            elif rng.random() < p_complete:
                target, will_complete = n, True
            else:
                target = -1 if rng.random() < 0.15 else rng.randint(0, n - 1)
                will_complete = False
            pace = rng.choice([0.4, 1.0, 2.5, 6.0, 12.0]) / motivation     # days between lessons
            cur_t = t + dt.timedelta(minutes=rng.randint(1, 600))
            done = 0
            last_done_t = None
            mod_done = {}
            for j, (lesson_id, dur, mod) in enumerate(ls):
                if j > target or cur_t > horizon:
                    break
                ev_id += 1
                prog.append([ev_id, eid, lesson_id, 'started', ts(cur_t), None])
                if j == target:
                    break
                fin = cur_t + dt.timedelta(seconds=int(dur * rng.uniform(1.0, 1.6)))
                if fin > horizon:
                    break
                ev_id += 1
                prog.append([ev_id, eid, lesson_id, 'completed', ts(fin), int(dur * rng.uniform(0.85, 1.0))])
                done += 1
                last_done_t = fin
                mod_done[mod] = mod_done.get(mod, 0) + 1
                if mod_done[mod] == len(module_lessons[mod]) and mod in quiz_of_module:
                    q = quiz_of_module[mod]
                    qa_t = fin + dt.timedelta(minutes=rng.randint(1, 30))
                    for attempt in range(4):
                        if qa_t > horizon:
                            break
                        sc = int(min(100, max(10, rng.gauss(55 + 40 * skill + 6 * attempt, 12))))
                        sc = sc - sc % (100 // q[3]) if q[3] in (5, 10) else sc
                        at_id += 1
                        attempts.append((at_id, q[0], eid, ts(qa_t), sc, 1 if sc >= q[4] else 0))
                        if sc >= q[4]:
                            break
                        qa_t += dt.timedelta(minutes=rng.randint(5, 2000))
                    if qa_t > fin:
                        fin = qa_t
                gap = rng.expovariate(1.0 / pace) if rng.random() < 0.7 else rng.uniform(0.0, 0.05)
                cur_t = fin + dt.timedelta(days=gap, minutes=rng.randint(1, 30))
            completed_at = None
            if done == n and will_complete:
                completed_at = last_done_t
            if refunded:
                st = 'refunded'
            elif completed_at:
                st = 'completed'
            elif expires and expires < now:
                st = 'expired'
            else:
                st = 'active'
            enr.append([eid, lrn, cid, ts(t), st, ts(completed_at) if completed_at else None,
                        ts(expires) if expires else None])
            # review
            if True:
                prob = 0.42 if completed_at else (0.1 if done >= n // 2 else 0.03)
                if refunded:
                    prob = 0.3
                if rng.random() < prob:
                    q_ = c[12]
                    rating = max(1, min(5, int(round(rng.gauss(q_, 1.0)))))
                    if refunded:
                        rating = rng.choice([1, 1, 2, 3])
                    rt = (completed_at or cur_t) + dt.timedelta(days=rng.uniform(0, 12))
                    if rt <= now:
                        rv_id += 1
                        body = None if rng.random() < 0.3 else rng.choice([
                            'Really well paced.', 'Exercises were the best part.', 'Some videos felt rushed.',
                            'Would recommend to colleagues.', 'Needed more examples.', 'Instructor explains clearly.',
                            'Content is a bit out of date.', 'Great value with the coupon.'])
                        reviews.append((rv_id, eid, rating, rng.choice(headlines[rating]), body, ts(rt),
                                        0 if rating <= 2 and rng.random() < 0.3 else 1))
    con.executemany('INSERT INTO enrollments VALUES (?,?,?,?,?,?,?)', enr)
    con.executemany('INSERT INTO payments VALUES (?,?,?,?,?,?,?,?,?,?,?)', pays)
    prog.sort(key=lambda r: (r[4], r[0]))
    prog = [(i + 1,) + tuple(r[1:]) for i, r in enumerate(prog)]
    con.executemany('INSERT INTO lesson_progress VALUES (?,?,?,?,?,?)', prog)
    con.executemany('INSERT INTO quiz_attempts VALUES (?,?,?,?,?,?)', attempts)
    reviews.sort(key=lambda r: (r[5], r[0]))
    reviews = [(i + 1,) + r[1:] for i, r in enumerate(reviews)]
    con.executemany('INSERT INTO reviews VALUES (?,?,?,?,?,?,?)', reviews)
    con.executemany('INSERT INTO referrals VALUES (?,?,?,?,?,?,?)', refs)
    con.commit()
    con.close()


if __name__ == '__main__':
    for n in ('sportsclub', 'courses'):
        os.makedirs(os.path.join(HERE, 'dbs', n), exist_ok=True)
    build_sportsclub(os.path.join(HERE, 'dbs', 'sportsclub', 'sportsclub.sqlite'))
    build_courses(os.path.join(HERE, 'dbs', 'courses', 'courses.sqlite'))
    for n in ('sportsclub', 'courses'):
        con = sqlite3.connect(os.path.join(HERE, 'dbs', n, n + '.sqlite'))
        tabs = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type IN ('table','view') ORDER BY name")]
        print(n, ', '.join(f'{t}={con.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0]}' for t in tabs))
        bad = con.execute('PRAGMA foreign_key_check').fetchall()
        print('  fk violations:', len(bad))
