#!/usr/bin/env python3
"""Build the two databases of this set (fixed seed):

  dbs/rental/rental.sqlite       shaped like the public Sakila DVD-rental sample (snake_case,
                                             UPPERCASE names and titles as in Sakila)
  dbs/projects/projects.sqlite   a small consultancy's project tracker, brought as is
                                             (PascalCase tables, mixed column naming, one view)

Dates spread over 2024-2026; "today" is 2026-11-27.
"""
import datetime as dt
import os
import random
import sqlite3

ROOT = os.path.dirname(os.path.abspath(__file__))
TODAY = dt.date(2026, 11, 27)
NOW = dt.datetime(2026, 11, 27, 9, 0, 0)


def fresh(name):
    d = os.path.join(ROOT, 'dbs', name)
    os.makedirs(d, exist_ok=True)
    p = os.path.join(d, name + '.sqlite')
    if os.path.exists(p):
        os.remove(p)
    return sqlite3.connect(p)


# ---------------------------------------------------------------- rental (Sakila-like)
RENTAL_DDL = """
CREATE TABLE actor (
  actor_id INTEGER PRIMARY KEY,
  first_name VARCHAR(45) NOT NULL,
  last_name VARCHAR(45) NOT NULL,
  last_update TIMESTAMP NOT NULL
);
CREATE INDEX idx_actor_last_name ON actor(last_name);
CREATE TABLE country (
  country_id INTEGER PRIMARY KEY,
  country VARCHAR(50) NOT NULL,
  last_update TIMESTAMP
);
CREATE TABLE city (
  city_id INTEGER PRIMARY KEY,
  city VARCHAR(50) NOT NULL,
  country_id SMALLINT NOT NULL,
  last_update TIMESTAMP NOT NULL,
  CONSTRAINT fk_city_country FOREIGN KEY (country_id) REFERENCES country (country_id) ON DELETE NO ACTION ON UPDATE CASCADE
);
CREATE TABLE address (
  address_id INTEGER PRIMARY KEY,
  address VARCHAR(50) NOT NULL,
  address2 VARCHAR(50) DEFAULT NULL,
  district VARCHAR(20) NOT NULL,
  city_id INT NOT NULL,
  postal_code VARCHAR(10) DEFAULT NULL,
  phone VARCHAR(20) NOT NULL,
  last_update TIMESTAMP NOT NULL,
  CONSTRAINT fk_address_city FOREIGN KEY (city_id) REFERENCES city (city_id) ON DELETE NO ACTION ON UPDATE CASCADE
);
CREATE TABLE language (
  language_id INTEGER PRIMARY KEY,
  name CHAR(20) NOT NULL,
  last_update TIMESTAMP NOT NULL
);
CREATE TABLE category (
  category_id INTEGER PRIMARY KEY,
  name VARCHAR(25) NOT NULL,
  last_update TIMESTAMP NOT NULL
);
CREATE TABLE film (
  film_id INTEGER PRIMARY KEY,
  title VARCHAR(255) NOT NULL,
  description BLOB SUB_TYPE TEXT DEFAULT NULL,
  release_year VARCHAR(4) DEFAULT NULL,
  language_id SMALLINT NOT NULL,
  original_language_id SMALLINT DEFAULT NULL,
  rental_duration SMALLINT DEFAULT 3 NOT NULL,
  rental_rate DECIMAL(4,2) DEFAULT 4.99 NOT NULL,
  length SMALLINT DEFAULT NULL,
  replacement_cost DECIMAL(5,2) DEFAULT 19.99 NOT NULL,
  rating VARCHAR(10) DEFAULT 'G',
  special_features VARCHAR(100) DEFAULT NULL,
  last_update TIMESTAMP NOT NULL,
  CONSTRAINT CHECK_special_rating CHECK(rating in ('G','PG','PG-13','R','NC-17')),
  CONSTRAINT fk_film_language FOREIGN KEY (language_id) REFERENCES language (language_id),
  CONSTRAINT fk_film_language_original FOREIGN KEY (original_language_id) REFERENCES language (language_id)
);
CREATE TABLE film_actor (
  actor_id INT NOT NULL,
  film_id INT NOT NULL,
  last_update TIMESTAMP NOT NULL,
  PRIMARY KEY (actor_id, film_id),
  CONSTRAINT fk_film_actor_actor FOREIGN KEY (actor_id) REFERENCES actor (actor_id) ON DELETE NO ACTION ON UPDATE CASCADE,
  CONSTRAINT fk_film_actor_film FOREIGN KEY (film_id) REFERENCES film (film_id) ON DELETE NO ACTION ON UPDATE CASCADE
);
CREATE TABLE film_category (
  film_id INT NOT NULL,
  category_id SMALLINT NOT NULL,
  last_update TIMESTAMP NOT NULL,
  PRIMARY KEY (film_id, category_id),
  CONSTRAINT fk_film_category_film FOREIGN KEY (film_id) REFERENCES film (film_id) ON DELETE NO ACTION ON UPDATE CASCADE,
  CONSTRAINT fk_film_category_category FOREIGN KEY (category_id) REFERENCES category (category_id) ON DELETE NO ACTION ON UPDATE CASCADE
);
CREATE TABLE staff (
  staff_id INTEGER PRIMARY KEY,
  first_name VARCHAR(45) NOT NULL,
  last_name VARCHAR(45) NOT NULL,
  address_id INT NOT NULL,
  picture BLOB DEFAULT NULL,
  email VARCHAR(50) DEFAULT NULL,
  store_id INT NOT NULL,
  active SMALLINT DEFAULT 1 NOT NULL,
  username VARCHAR(16) NOT NULL,
  password VARCHAR(40) DEFAULT NULL,
  last_update TIMESTAMP NOT NULL,
  CONSTRAINT fk_staff_store FOREIGN KEY (store_id) REFERENCES store (store_id) ON DELETE NO ACTION ON UPDATE CASCADE,
  CONSTRAINT fk_staff_address FOREIGN KEY (address_id) REFERENCES address (address_id) ON DELETE NO ACTION ON UPDATE CASCADE
);
CREATE TABLE store (
  store_id INTEGER PRIMARY KEY,
  manager_staff_id SMALLINT NOT NULL,
  address_id INT NOT NULL,
  last_update TIMESTAMP NOT NULL,
  CONSTRAINT fk_store_staff FOREIGN KEY (manager_staff_id) REFERENCES staff (staff_id),
  CONSTRAINT fk_store_address FOREIGN KEY (address_id) REFERENCES address (address_id)
);
CREATE TABLE customer (
  customer_id INTEGER PRIMARY KEY,
  store_id INT NOT NULL,
  first_name VARCHAR(45) NOT NULL,
  last_name VARCHAR(45) NOT NULL,
  email VARCHAR(50) DEFAULT NULL,
  address_id INT NOT NULL,
  active BOOLEAN DEFAULT TRUE NOT NULL,
  create_date TIMESTAMP NOT NULL,
  last_update TIMESTAMP NOT NULL,
  CONSTRAINT fk_customer_store FOREIGN KEY (store_id) REFERENCES store (store_id) ON DELETE NO ACTION ON UPDATE CASCADE,
  CONSTRAINT fk_customer_address FOREIGN KEY (address_id) REFERENCES address (address_id) ON DELETE NO ACTION ON UPDATE CASCADE
);
CREATE TABLE inventory (
  inventory_id INTEGER PRIMARY KEY,
  film_id INT NOT NULL,
  store_id INT NOT NULL,
  last_update TIMESTAMP NOT NULL,
  CONSTRAINT fk_inventory_store FOREIGN KEY (store_id) REFERENCES store (store_id) ON DELETE NO ACTION ON UPDATE CASCADE,
  CONSTRAINT fk_inventory_film FOREIGN KEY (film_id) REFERENCES film (film_id) ON DELETE NO ACTION ON UPDATE CASCADE
);
CREATE TABLE rental (
  rental_id INTEGER PRIMARY KEY,
  rental_date TIMESTAMP NOT NULL,
  inventory_id INT NOT NULL,
  customer_id INT NOT NULL,
  return_date TIMESTAMP DEFAULT NULL,
  staff_id SMALLINT NOT NULL,
  last_update TIMESTAMP NOT NULL,
  CONSTRAINT fk_rental_staff FOREIGN KEY (staff_id) REFERENCES staff (staff_id),
  CONSTRAINT fk_rental_inventory FOREIGN KEY (inventory_id) REFERENCES inventory (inventory_id),
  CONSTRAINT fk_rental_customer FOREIGN KEY (customer_id) REFERENCES customer (customer_id)
);
CREATE UNIQUE INDEX idx_rental ON rental (rental_date, inventory_id, customer_id);
CREATE TABLE payment (
  payment_id INTEGER PRIMARY KEY,
  customer_id INT NOT NULL,
  staff_id SMALLINT NOT NULL,
  rental_id INT DEFAULT NULL,
  amount DECIMAL(5,2) NOT NULL,
  payment_date TIMESTAMP NOT NULL,
  last_update TIMESTAMP NOT NULL,
  CONSTRAINT fk_payment_rental FOREIGN KEY (rental_id) REFERENCES rental (rental_id) ON DELETE SET NULL ON UPDATE CASCADE,
  CONSTRAINT fk_payment_customer FOREIGN KEY (customer_id) REFERENCES customer (customer_id),
  CONSTRAINT fk_payment_staff FOREIGN KEY (staff_id) REFERENCES staff (staff_id)
);
"""

LU = '2006-02-15 04:34:33'

ACTORS = ['PENELOPE GUINESS', 'NICK WAHLBERG', 'ED CHASE', 'JENNIFER DAVIS', 'JOHNNY LOLLOBRIGIDA', 'BETTE NICHOLSON',
          'GRACE MOSTEL', 'MATTHEW JOHANSSON', 'JOE SWANK', 'CHRISTIAN GABLE', 'ZERO CAGE', 'KARL BERRY', 'UMA WOOD',
          'VIVIEN BERGEN', 'CUBA OLIVIER', 'FRED COSTNER', 'HELEN VOIGHT', 'DAN TORN', 'BOB FAWCETT', 'LUCILLE TRACY',
          'KIRSTEN PALTROW', 'ELVIS MARX', 'SANDRA KILMER', 'CAMERON STREEP', 'KEVIN BLOOM', 'RIP CRAWFORD',
          'JULIA MCQUEEN', 'WOODY HOFFMAN', 'ALEC WAYNE', 'SANDRA PECK', 'SISSY SOBIESKI', 'TIM HACKMAN',
          'MILLA PECK', 'AUDREY OLIVIER', 'JUDY DEAN', 'BURT DUKAKIS', 'VAL BOLGER', 'TOM MCKELLEN', 'GOLDIE BRODY',
          'JOHNNY CAGE']
CATEGORIES = ['Action', 'Animation', 'Children', 'Classics', 'Comedy', 'Documentary', 'Drama', 'Family', 'Foreign',
              'Games', 'Horror', 'Music', 'New', 'Sci-Fi', 'Sports', 'Travel']
LANGUAGES = ['English', 'Italian', 'Japanese', 'Mandarin', 'French', 'German']
W1 = ['ACADEMY', 'ACE', 'ADAPTATION', 'AFFAIR', 'AFRICAN', 'AGENT', 'AIRPLANE', 'ALABAMA', 'ALADDIN', 'ALAMO',
      'ALI', 'ALIEN', 'ALLEY', 'AMADEUS', 'AMELIE', 'ANACONDA', 'ANGELS', 'ANNIE', 'ANTHEM', 'APACHE', 'APOLLO',
      'ARABIA', 'ARMAGEDDON', 'ARMY', 'ARTIST', 'ATLANTIS', 'ATTACKS', 'BABY', 'BACKLASH', 'BADMAN', 'BALLOON',
      'BANG', 'BARBARELLA', 'BEAST', 'BEDAZZLED', 'BEHAVIOR', 'BERETS', 'BILKO', 'BIRDS', 'BLADE', 'BLANKET',
      'BLOOD', 'BOONDOCK', 'BORN', 'BOUND', 'BRANNIGAN', 'BRIDE', 'BUBBLE', 'BUCKET', 'BULL', 'CABIN', 'CANDLES',
      'CAPER', 'CARIBBEAN', 'CASPER', 'CHAMBER', 'CHICAGO', 'CIDER', 'CLERKS', 'CLUE', 'COMA', 'CONFIDENTIAL']
W2 = ['DINOSAUR', 'GOLDFINGER', 'HOLES', 'PREJUDICE', 'EGG', 'TRUMAN', 'PAPI', 'PHANTOM', 'LOST', 'OPUS', 'HUNTER',
      'FUGITIVE', 'HOLIDAY', 'WAIT', 'OPPOSITE', 'TIES', 'CRAFT', 'BRIGHT', 'HURRICANE', 'NIGHTMARE', 'FANTASY',
      'GHOST', 'WESTERN', 'HOUSE', 'ACADEMY', 'DUCK', 'SLEEPY', 'JERK', 'HUNTING', 'CONQUERER', 'ROOF', 'TROUBLE']
RATINGS = ['G', 'PG', 'PG-13', 'R', 'NC-17']
FEATURES = ['Trailers', 'Commentaries', 'Deleted Scenes', 'Behind the Scenes']
FIRST = ['MARY', 'PATRICIA', 'LINDA', 'BARBARA', 'ELIZABETH', 'JENNIFER', 'MARIA', 'SUSAN', 'MARGARET', 'DOROTHY',
         'LISA', 'NANCY', 'KAREN', 'BETTY', 'HELEN', 'SANDRA', 'DONNA', 'CAROL', 'RUTH', 'SHARON', 'JAMES', 'JOHN',
         'ROBERT', 'MICHAEL', 'WILLIAM', 'DAVID', 'RICHARD', 'CHARLES', 'JOSEPH', 'THOMAS', 'CHRISTOPHER', 'DANIEL',
         'PAUL', 'MARK', 'DONALD', 'GEORGE', 'KENNETH', 'STEVEN', 'EDWARD', 'BRIAN']
LAST = ['SMITH', 'JOHNSON', 'WILLIAMS', 'JONES', 'BROWN', 'DAVIS', 'MILLER', 'WILSON', 'MOORE', 'TAYLOR', 'ANDERSON',
        'THOMAS', 'JACKSON', 'WHITE', 'HARRIS', 'MARTIN', 'THOMPSON', 'GARCIA', 'MARTINEZ', 'ROBINSON', 'CLARK',
        'RODRIGUEZ', 'LEWIS', 'LEE', 'WALKER', 'HALL', 'ALLEN', 'YOUNG', 'HERNANDEZ', 'KING', 'WRIGHT', 'LOPEZ',
        'HILL', 'SCOTT', 'GREEN', 'ADAMS', 'BAKER', 'GONZALEZ', 'NELSON', 'CARTER']
GEO = {
    'Canada': ['Lethbridge', 'London', 'Richmond Hill', 'Vancouver'],
    'Australia': ['Woodridge', 'Melbourne'],
    'United States': ['Aurora', 'Dallas', 'Lincoln', 'Memphis', 'Tallahassee'],
    'Brazil': ['Belo Horizonte', 'Sorocaba', 'Juiz de Fora'],
    'India': ['Bhopal', 'Pune', 'Kolkata'],
    'Japan': ['Okayama', 'Sagamihara'],
    'Mexico': ['Acapulco', 'Tampico'],
    'France': ['Toulon', 'Brest'],
    'Germany': ['Halle/Saale', 'Siegen'],
    'Philippines': ['Davao', 'Iloilo'],
}
STREETS = ['MySakila Drive', 'MySQL Boulevard', 'Workhaven Lane', 'Lillydale Drive', 'Hanoi Way', 'Loja Avenue',
           'Fukuyama Street', 'Grand Prairie Way', 'Oulu Drive', 'Mosul Lane', 'Tallahassee Road', 'Nagoya Parkway']


def ts(d):
    return d.strftime('%Y-%m-%d %H:%M:%S')


def build_rental():
    rnd = random.Random(1717)
    con = fresh('rental')
    con.executescript(RENTAL_DDL)
    con.executemany('INSERT INTO actor VALUES (?,?,?,?)',
                    [(i, *n.split(' '), LU) for i, n in enumerate(ACTORS, 1)])
    con.executemany('INSERT INTO category VALUES (?,?,?)', [(i, n, LU) for i, n in enumerate(CATEGORIES, 1)])
    con.executemany('INSERT INTO language VALUES (?,?,?)', [(i, n, LU) for i, n in enumerate(LANGUAGES, 1)])
    # geography
    countries, cities = [], []
    for ci, (country, cs) in enumerate(sorted(GEO.items()), 1):
        countries.append((ci, country, LU))
        for c in cs:
            cities.append((len(cities) + 1, c, ci, LU))
    con.executemany('INSERT INTO country VALUES (?,?,?)', countries)
    con.executemany('INSERT INTO city VALUES (?,?,?,?)', cities)
    addresses = []

    def new_address(city_id):
        aid = len(addresses) + 1
        addresses.append((aid, f'{rnd.randint(10, 1999)} {rnd.choice(STREETS)}', None, rnd.choice(['Alberta', 'QLD', 'Texas', 'Ontario', 'Distrito Federal', 'Maharashtra', 'Kanagawa', 'Bretagne', 'Hessen', 'Mindanao']),
                          city_id, str(rnd.randint(10000, 99999)), str(rnd.randint(10 ** 9, 10 ** 10 - 1)), LU))
        return aid
    # films
    films = []
    used = set()
    for fid in range(1, 91):
        while True:
            t = f'{rnd.choice(W1)} {rnd.choice(W2)}'
            if t not in used:
                used.add(t)
                break
        lang = 1 if rnd.random() < 0.8 else rnd.choice([2, 3, 4, 5, 6])
        orig = None if lang == 1 and rnd.random() < 0.85 else rnd.choice([1, 2, 3, 5])
        rate = rnd.choice([0.99, 0.99, 2.99, 2.99, 4.99])
        length = rnd.randint(46, 185)
        cost = rnd.choice([9.99, 10.99, 12.99, 14.99, 15.99, 17.99, 19.99, 20.99, 22.99, 24.99, 26.99, 27.99, 29.99])
        feats = ','.join(sorted(rnd.sample(FEATURES, rnd.randint(1, 3)), key=FEATURES.index))
        desc = f'A {rnd.choice(["Epic", "Astounding", "Thoughtful", "Fateful", "Touching", "Boring"])} {rnd.choice(["Drama", "Story", "Saga", "Documentary", "Yarn"])} of a {rnd.choice(["Dentist", "Cat", "Waitress", "Robot", "Astronaut", "Moose"])} And a {rnd.choice(["Crocodile", "Hunter", "Feminist", "Pastry Chef", "Sumo Wrestler"])} who must {rnd.choice(["Chase", "Defeat", "Outgun", "Meet", "Battle"])} a {rnd.choice(["Boy", "Husband", "Monkey", "Student", "Composer"])} in {rnd.choice(["Ancient China", "A Shark Tank", "The Gulf of Mexico", "Soviet Georgia", "A Baloon Factory"])}'
        films.append((fid, t, desc, str(rnd.randint(2000, 2024)), lang, orig, rnd.choice([3, 4, 5, 6, 7]), rate,
                      length, cost, rnd.choice(RATINGS), feats, LU))
    con.executemany('INSERT INTO film VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)', films)
    fa = set()
    for f in films:
        for a in rnd.sample(range(1, len(ACTORS) + 1), rnd.randint(1, 6)):
            fa.add((a, f[0]))
    con.executemany('INSERT INTO film_actor VALUES (?,?,?)', [(a, f, LU) for a, f in sorted(fa)])
    con.executemany('INSERT INTO film_category VALUES (?,?,?)',
                    [(f[0], rnd.randint(1, len(CATEGORIES)), LU) for f in films])
    # stores and staff
    a1, a2 = new_address(4), new_address(6)   # Vancouver? (city ids by sorted countries); fine either way
    staff = [
        (1, 'Mike', 'Hillyer', new_address(4), None, 'Mike.Hillyer@sakilastaff.com', 1, 1, 'Mike', '8cb2237d0679ca88db6464eac60da96345513964', LU),
        (2, 'Jon', 'Stephens', new_address(6), None, 'Jon.Stephens@sakilastaff.com', 2, 1, 'Jon', '8cb2237d0679ca88db6464eac60da96345513964', LU),
        (3, 'Sara', 'Lindqvist', new_address(4), None, 'Sara.Lindqvist@sakilastaff.com', 1, 1, 'Sara', None, LU),
        (4, 'Owen', 'Baptiste', new_address(6), None, 'Owen.Baptiste@sakilastaff.com', 2, 0, 'Owen', None, LU),
    ]
    con.executemany('INSERT INTO staff VALUES (?,?,?,?,?,?,?,?,?,?,?)', staff)
    con.executemany('INSERT INTO store VALUES (?,?,?,?)', [(1, 1, a1, LU), (2, 2, a2, LU)])
    # customers
    customers = []
    names = set()
    for cid in range(1, 71):
        while True:
            fn, ln = rnd.choice(FIRST), rnd.choice(LAST)
            if (fn, ln) not in names:
                names.add((fn, ln))
                break
        created = dt.datetime(2024, 1, 1) + dt.timedelta(days=rnd.randint(0, 1000), seconds=rnd.randint(0, 86399))
        if created > NOW - dt.timedelta(days=5):
            created = NOW - dt.timedelta(days=rnd.randint(5, 60))
        active = 0 if rnd.random() < 0.12 else 1
        customers.append([cid, rnd.choice([1, 1, 2]), fn, ln, f'{fn}.{ln}@sakilacustomer.org', new_address(rnd.randint(1, len(cities))),
                          active, ts(created), LU])
    con.executemany('INSERT INTO address VALUES (?,?,?,?,?,?,?,?)', addresses)
    con.executemany('INSERT INTO customer VALUES (?,?,?,?,?,?,?,?,?)', customers)
    # inventory: most films in stock, a few never stocked
    inv = []
    unstocked = set(rnd.sample(range(1, len(films) + 1), 6))
    for f in films:
        if f[0] in unstocked:
            continue
        for s in (1, 2):
            for _ in range(rnd.choice([0, 1, 1, 2, 3])):
                inv.append((len(inv) + 1, f[0], s, LU))
    con.executemany('INSERT INTO inventory VALUES (?,?,?,?)', inv)
    # rentals: popular films are rented more
    pop = {f[0]: rnd.choice([0.2, 1, 1, 2, 4]) for f in films}
    filmby = {f[0]: f for f in films}
    never = set(rnd.sample([c[0] for c in customers], 7))   # customers who never rented
    renters = [c for c in customers if c[0] not in never]
    weights = [rnd.choice([1, 1, 2, 3, 5]) for _ in renters]
    rentals, pays = [], []
    start = dt.datetime(2024, 1, 5)
    span = (NOW - start).total_seconds()
    out_until = {}   # inventory_id -> datetime it is back
    attempts = 0
    while len(rentals) < 460 and attempts < 5000:
        attempts += 1
        when = start + dt.timedelta(seconds=rnd.random() * span)
        cust = rnd.choices(renters, weights)[0]
        if ts(when) < cust[7]:
            continue
        cands = [i for i in inv if i[2] == cust[1] or rnd.random() < 0.15]
        item = rnd.choices(cands, [pop[i[1]] for i in cands])[0]
        rentals.append([when, item, cust])
    rentals.sort(key=lambda r: r[0])
    rows = []
    busy = {}
    for rid, (when, item, cust) in enumerate(rentals, 1):
        f = filmby[item[1]]
        dur = f[6]
        late = rnd.random() < 0.25
        days = rnd.randint(dur + 1, dur + 6) if late else rnd.randint(1, dur)
        ret = when + dt.timedelta(days=days, seconds=rnd.randint(-20000, 20000))
        if ret > NOW or (when > NOW - dt.timedelta(days=40) and rnd.random() < 0.35) or rnd.random() < 0.02:
            ret = None
        staff_id = rnd.choice([1, 3]) if item[2] == 1 else rnd.choice([2, 2, 4])
        rows.append((rid, ts(when), item[0], cust[0], ts(ret) if ret else None, staff_id, ts(ret or when)))
        # payment: rental rate, plus a late fee of 1.00 a day
        if ret is None and rnd.random() < 0.5:
            continue   # not paid yet
        amt = f[7]
        pdate = when + dt.timedelta(minutes=rnd.randint(0, 30))
        if ret is not None and days > dur:
            amt = round(amt + (days - dur) * 1.0, 2)
            pdate = ret
        pays.append([0, cust[0], staff_id, rid, amt, ts(pdate), ts(pdate)])
    pays.sort(key=lambda p: p[5])
    for i, p in enumerate(pays, 1):
        p[0] = i
    con.executemany('INSERT INTO rental VALUES (?,?,?,?,?,?,?)', rows)
    con.executemany('INSERT INTO payment VALUES (?,?,?,?,?,?,?)', pays)
    con.commit()
    con.close()


# ---------------------------------------------------------------- projects (a consultancy's tracker)
PROJECTS_DDL = """
CREATE TABLE Departments (
    DeptID INTEGER PRIMARY KEY,
    DeptName TEXT NOT NULL,
    Location TEXT
);
CREATE TABLE Employees (
    EmpID INTEGER PRIMARY KEY,
    FirstName TEXT NOT NULL,
    LastName TEXT NOT NULL,
    Title TEXT,
    DeptID INTEGER REFERENCES Departments(DeptID),
    ReportsTo INTEGER REFERENCES Employees(EmpID),
    HireDate TEXT,
    HourlyRate REAL,
    Email TEXT
);
CREATE TABLE Clients (
    ClientID INTEGER PRIMARY KEY,
    ClientName TEXT NOT NULL,
    Industry TEXT,
    Country TEXT,
    ContactEmail TEXT,
    ClientSince TEXT
);
CREATE TABLE Projects (
    ProjectID INTEGER PRIMARY KEY,
    ProjectName TEXT NOT NULL,
    ClientID INTEGER REFERENCES Clients(ClientID),
    LeadEmpID INTEGER REFERENCES Employees(EmpID),
    Budget REAL,
    StartDate TEXT,
    EndDate TEXT,
    ActualEndDate TEXT,
    Status TEXT
);
CREATE TABLE Assignments (
    EmpID INTEGER REFERENCES Employees(EmpID),
    ProjectID INTEGER REFERENCES Projects(ProjectID),
    Role TEXT,
    hours_per_week REAL,
    assigned_on TEXT,
    PRIMARY KEY (EmpID, ProjectID)
);
CREATE TABLE Timesheets (
    EntryID INTEGER PRIMARY KEY,
    EmpID INTEGER REFERENCES Employees(EmpID),
    ProjID INTEGER REFERENCES Projects(ProjectID),
    work_date TEXT,
    Hours REAL,
    Billable INTEGER DEFAULT 1,
    Notes TEXT
);
CREATE TABLE Invoices (
    InvoiceNo TEXT PRIMARY KEY,
    ClientID INTEGER REFERENCES Clients(ClientID),
    ProjectID INTEGER REFERENCES Projects(ProjectID),
    Amount REAL,
    Issued TEXT,
    PaidOn TEXT
);
CREATE VIEW active_projects AS
    SELECT ProjectID, ProjectName, ClientID, LeadEmpID, Budget, StartDate, EndDate
    FROM Projects WHERE Status = 'Active';
"""

DEPTS = [(1, 'Consulting', 'London'), (2, 'Engineering', 'Manchester'), (3, 'Design', 'London'),
         (4, 'Finance', 'London'), (5, 'Sales', 'Bristol'), (6, 'Data & Analytics', 'Manchester')]
# EmpID, first, last, title, dept, reports_to, hired, rate
EMPS = [
    (1, 'Margaret', 'Okafor', 'Managing Director', 1, None, '2015-03-02', 210.0),
    (2, 'Daniel', 'Reyes', 'Head of Engineering', 2, 1, '2016-06-13', 165.0),
    (3, 'Priya', 'Nair', 'Head of Consulting', 1, 1, '2017-01-09', 170.0),
    (4, 'Tom', 'Gallagher', 'Finance Manager', 4, 1, '2018-04-23', 95.0),
    (5, 'Sofia', 'Lindgren', 'Design Lead', 3, 1, '2019-02-11', 120.0),
    (6, 'Ahmed', 'Haddad', 'Senior Engineer', 2, 2, '2019-09-30', 130.0),
    (7, 'Chloe', 'Martin', 'Engineer', 2, 2, '2022-05-16', 95.0),
    (8, 'Lucas', 'Ferreira', 'Engineer', 2, 6, '2023-08-07', 90.0),
    (9, 'Hannah', 'Weiss', 'Senior Consultant', 1, 3, '2020-11-02', 140.0),
    (10, 'Oliver', 'Brennan', 'Consultant', 1, 3, '2023-03-20', 105.0),
    (11, 'Aisha', 'Bello', 'Consultant', 1, 9, '2024-09-02', 100.0),
    (12, 'Kenji', 'Watanabe', 'UX Designer', 3, 5, '2021-07-19', 125.0),
    (13, 'Emma', 'Kowalski', 'UI Designer', 3, 5, '2025-01-13', 85.0),
    (14, 'Ravi', 'Patel', 'Data Scientist', 6, 2, '2022-02-14', 135.0),
    (15, 'Grace', 'Thompson', 'Account Executive', 5, 1, '2021-10-04', 80.0),
    (16, 'Mateo', 'Silva', 'Account Executive', 5, 15, '2026-02-02', 75.0),
    (17, 'Nora', 'Quinn', 'Data Engineer', 6, 14, '2026-06-15', 140.0),
    (18, 'Felix', 'Adeyemi', 'Engineer', 2, 6, '2026-09-01', 88.0),
    (19, 'Isla', 'Murray', 'Contractor - Security', 2, None, '2025-05-05', 180.0),
    (20, 'Ben', 'Sato', 'Junior Consultant', 1, 9, '2025-10-06', 70.0),
    (21, 'Zara', 'Hussain', 'Bookkeeper', 4, 4, '2024-03-11', 55.0),
    (22, 'Leo', 'Novak', 'Senior Engineer', 2, 2, '2020-01-27', 150.0),
]
CLIENTS = [
    (1, 'Northwind Logistics', 'Logistics', 'United Kingdom', '2019-05-01'),
    (2, 'Brightwater Energy', 'Energy', 'United Kingdom', '2020-02-17'),
    (3, 'Helix Biotech', 'Healthcare', 'Germany', '2021-08-09'),
    (4, 'Crescent Bank', 'Finance', 'Ireland', '2018-11-30'),
    (5, 'Pinecone Retail', 'Retail', 'United Kingdom', '2022-04-04'),
    (6, 'Atlas Insurance', 'Finance', 'Netherlands', '2023-01-16'),
    (7, 'Meridian Health', 'Healthcare', 'United Kingdom', '2024-06-03'),
    (8, 'Orbit Telecom', 'Telecoms', 'Spain', '2025-03-10'),
    (9, 'Juniper Foods', 'Retail', 'France', '2025-09-22'),
    (10, 'Kestrel Airways', 'Travel', 'Ireland', '2026-04-01'),
]
# ProjectID, name, client, lead, budget, start, end, actual_end, status
PROJECTS = [
    (1, 'Warehouse Route Optimiser', 1, 14, 120000, '2024-02-05', '2024-09-30', '2024-11-15', 'Completed'),
    (2, 'Fleet Telemetry Platform', 1, 22, 250000, '2025-01-13', '2026-03-31', None, 'Active'),
    (3, 'Smart Meter Analytics', 2, 14, 180000, '2024-05-01', '2025-02-28', '2025-02-20', 'Completed'),
    (4, 'Grid Outage Dashboard', 2, 6, 75000, '2025-06-02', '2025-12-19', '2026-02-27', 'Completed'),
    (5, 'Clinical Trial Portal', 3, 22, 310000, '2024-09-16', '2026-06-30', None, 'Active'),
    (6, 'Lab Inventory Audit', 3, 9, 40000, '2025-03-03', '2025-05-30', '2025-05-30', 'Completed'),
    (7, 'Core Banking Migration', 4, 2, 480000, '2024-01-08', '2025-12-31', '2026-05-29', 'Completed'),
    (8, 'Fraud Rules Review', 4, 9, 60000, '2026-01-12', '2026-04-30', None, 'On Hold'),
    (9, 'Loyalty App Redesign', 5, 5, 95000, '2025-04-07', '2025-10-31', '2025-10-24', 'Completed'),
    (10, 'Store Footfall Study', 5, 3, 35000, '2026-05-11', '2026-08-28', None, 'Cancelled'),
    (11, 'Claims Automation', 6, 6, 220000, '2025-09-01', '2027-02-26', None, 'Active'),
    (12, 'Patient Booking Revamp', 7, 12, 140000, '2025-11-03', '2026-09-30', None, 'Active'),
    (13, 'Network Capacity Forecast', 8, 14, 90000, '2026-02-16', '2026-12-18', None, 'Active'),
    (14, 'Regulatory Reporting Pack', 4, 3, 70000, '2024-10-01', '2025-03-31', '2025-04-25', 'Completed'),
    (15, 'Supplier Onboarding Portal', 1, 7, 55000, '2026-07-06', '2027-01-29', None, 'Active'),
]
ROLES = ['Developer', 'Analyst', 'Designer', 'Lead', 'QA', 'Project Manager', 'Data Scientist']
NOTES = [None, None, None, 'workshop', 'client call', 'bug fixing', 'sprint planning', 'internal training',
         'travel', 'documentation']


def build_projects():
    rnd = random.Random(1718)
    con = fresh('projects')
    con.executescript(PROJECTS_DDL)
    con.executemany('INSERT INTO Departments VALUES (?,?,?)', DEPTS)
    con.executemany('INSERT INTO Employees VALUES (?,?,?,?,?,?,?,?,?)',
                    [e + (f'{e[1].lower()}.{e[2].lower()}@okafor-partners.co.uk',) for e in EMPS])
    con.executemany('INSERT INTO Clients VALUES (?,?,?,?,?,?)',
                    [(c[0], c[1], c[2], c[3], 'accounts@' + c[1].split()[0].lower() + '.com', c[4]) for c in CLIENTS])
    con.executemany('INSERT INTO Projects VALUES (?,?,?,?,?,?,?,?,?)', PROJECTS)
    emp_by = {e[0]: e for e in EMPS}
    role_for = {2: 'Developer', 6: 'Developer', 7: 'Developer', 8: 'Developer', 18: 'Developer', 22: 'Developer',
                19: 'Developer', 9: 'Analyst', 10: 'Analyst', 11: 'Analyst', 20: 'Analyst', 3: 'Project Manager',
                5: 'Designer', 12: 'Designer', 13: 'Designer', 14: 'Data Scientist', 17: 'Data Scientist'}
    assigns = []
    for p in PROJECTS:
        pid, lead = p[0], p[3]
        team = {lead}
        pool = [e for e in role_for if e != lead and emp_by[e][6] <= (p[7] or p[6])]
        for e in rnd.sample(pool, rnd.randint(2, 5)):
            team.add(e)
        for e in sorted(team):
            role = 'Lead' if e == lead else (role_for[e] if rnd.random() < 0.85 else 'QA')
            hpw = rnd.choice([4, 8, 8, 12, 16, 20, 24]) if e != lead else rnd.choice([10, 16, 20])
            on = max(p[5], emp_by[e][6])
            assigns.append((e, pid, role, float(hpw), on))
    con.executemany('INSERT INTO Assignments VALUES (?,?,?,?,?)', assigns)
    # timesheets: each assignment logs a few days a month while the project runs (not after today)
    ts_rows = []
    for e, pid, role, hpw, on in assigns:
        p = PROJECTS[pid - 1]
        s = dt.date.fromisoformat(max(on, p[5]))
        end = dt.date.fromisoformat(p[7] or p[6])
        if p[8] == 'On Hold':
            end = dt.date(2026, 3, 13)
        if p[8] == 'Cancelled':
            end = dt.date(2026, 6, 19)
        end = min(end, TODAY - dt.timedelta(days=1))
        d = s
        while d <= end:
            # monthly sample: ~2 entries a month per assignment, hours scaled by hours_per_week
            if rnd.random() < 0.45 and d.weekday() < 5:
                hrs = min(10.0, max(1.0, round(hpw / 5 * rnd.choice([0.5, 1, 1, 1.5, 2]) * 2) / 2))
                bill = 0 if (rnd.random() < 0.18 or role == 'QA' and rnd.random() < 0.3) else 1
                ts_rows.append([0, e, pid, d.isoformat(), hrs, bill, rnd.choice(NOTES)])
            d += dt.timedelta(days=rnd.randint(7, 16))
    ts_rows.sort(key=lambda r: (r[3], r[1], r[2]))
    for i, r in enumerate(ts_rows, 1):
        r[0] = i
    con.executemany('INSERT INTO Timesheets VALUES (?,?,?,?,?,?,?)', ts_rows)
    # invoices: monthly-ish per project while it runs; some unpaid, some paid late
    invs = []
    n = 0
    for p in PROJECTS:
        s = dt.date.fromisoformat(p[5])
        end = dt.date.fromisoformat(p[7] or p[6])
        if p[8] in ('On Hold', 'Cancelled'):
            end = dt.date.fromisoformat(p[5]) + dt.timedelta(days=70)
        end = min(end, TODAY - dt.timedelta(days=3))
        months = max(1, (end - s).days // 30)
        k = max(1, months // 2)
        share = p[4] * rnd.choice([0.6, 0.75, 0.85, 0.95, 1.2]) / k
        d = s + dt.timedelta(days=45)
        while d <= end + dt.timedelta(days=20) and d <= TODAY - dt.timedelta(days=2):
            n += 1
            amt = round(share * rnd.uniform(0.7, 1.3), -2)
            age = (TODAY - d).days
            if age < 40 and rnd.random() < 0.7 or rnd.random() < 0.06:
                paid = None
            else:
                lag = rnd.choice([5, 12, 20, 28, 30, 35, 45, 60, 75])
                pd_ = d + dt.timedelta(days=lag)
                paid = pd_.isoformat() if pd_ < TODAY else None
            invs.append((f'INV-{d.year}-{n:03d}', p[2], p[0], amt, d.isoformat(), paid))
            d += dt.timedelta(days=rnd.randint(50, 70))
    con.executemany('INSERT INTO Invoices VALUES (?,?,?,?,?,?)', invs)
    con.commit()
    con.close()


if __name__ == '__main__':
    build_rental()
    build_projects()
    for n in ('rental', 'projects'):
        con = sqlite3.connect(os.path.join(ROOT, 'dbs', n, n + '.sqlite'))
        tabs = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type IN ('table','view') ORDER BY name")]
        print(n, ', '.join(f'{t}={con.execute(f"SELECT COUNT(*) FROM [{t}]").fetchone()[0]}' for t in tabs))
