#!/usr/bin/env python3
"""Build two SQLite databases shaped like public samples, with generated rows (fixed seed).

  dbs/bikestores/bikestores.sqlite  Microsoft SQL Server BikeStores (production.* and sales.* flattened)
  dbs/hr/hr.sqlite                  Oracle HR sample schema

Dates fall in 2023-2026; "today" is 2026-11-27.
"""
import datetime as dt
import os
import random
import sqlite3

HERE = os.path.dirname(os.path.abspath(__file__))
TODAY = dt.date(2026, 11, 27)
D0 = dt.date(2023, 1, 1)


def rdate(rng, a=D0, b=TODAY - dt.timedelta(days=1)):
    return a + dt.timedelta(days=rng.randrange((b - a).days + 1))


FIRST = ['James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth',
         'William', 'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Charles', 'Karen',
         'Christopher', 'Lisa', 'Daniel', 'Nancy', 'Matthew', 'Betty', 'Anthony', 'Sandra', 'Mark', 'Ashley',
         'Donald', 'Kimberly', 'Steven', 'Emily', 'Andrew', 'Donna', 'Kenneth', 'Michelle', 'Joshua', 'Carol',
         'Kevin', 'Amanda', 'Brian', 'Melissa', 'George', 'Deborah', 'Timothy', 'Stephanie', 'Ronald', 'Rebecca',
         'Debra', 'Genoveva', 'Kasha', 'Tameka', 'Daryl', 'Charolette', 'Lyndsey', 'Latasha', 'Jacquline', 'Erlinda',
         'Elinore', 'Ester', 'Corrina', 'Bryce', 'Zoe', 'Omar', 'Priya', 'Hiroshi', 'Lena', 'Marco']
LAST = ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez',
        'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin',
        'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson',
        'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores',
        'Burks', 'Todd', 'Baldwin', 'Acevedo', 'Sharp', 'Bates', 'Bryant', 'Greene', 'Sears', 'Chen',
        'Ortega', 'Patel', 'Tanaka', 'Fischer', 'Rossi', 'Dubois', 'Kowalski', 'Silva', 'Novak', 'Okafor']


# --------------------------------------------------------------------------------------------
def build_bikestores(path):
    rng = random.Random(1515)
    if os.path.exists(path):
        os.remove(path)
    con = sqlite3.connect(path)
    con.executescript("""
    PRAGMA foreign_keys = ON;
    -- production schema
    CREATE TABLE categories (
        category_id INTEGER PRIMARY KEY,
        category_name VARCHAR(255) NOT NULL
    );
    CREATE TABLE brands (
        brand_id INTEGER PRIMARY KEY,
        brand_name VARCHAR(255) NOT NULL
    );
    CREATE TABLE products (
        product_id INTEGER PRIMARY KEY,
        product_name VARCHAR(255) NOT NULL,
        brand_id INT NOT NULL REFERENCES brands (brand_id) ON DELETE CASCADE ON UPDATE CASCADE,
        category_id INT NOT NULL REFERENCES categories (category_id) ON DELETE CASCADE ON UPDATE CASCADE,
        model_year SMALLINT NOT NULL,
        list_price DECIMAL (10, 2) NOT NULL
    );
    -- sales schema
    CREATE TABLE customers (
        customer_id INTEGER PRIMARY KEY,
        first_name VARCHAR (255) NOT NULL,
        last_name VARCHAR (255) NOT NULL,
        phone VARCHAR (25),
        email VARCHAR (255) NOT NULL,
        street VARCHAR (255),
        city VARCHAR (50),
        state VARCHAR (25),
        zip_code VARCHAR (5)
    );
    CREATE TABLE stores (
        store_id INTEGER PRIMARY KEY,
        store_name VARCHAR (255) NOT NULL,
        phone VARCHAR (25),
        email VARCHAR (255),
        street VARCHAR (255),
        city VARCHAR (255),
        state VARCHAR (10),
        zip_code VARCHAR (5)
    );
    CREATE TABLE staffs (
        staff_id INTEGER PRIMARY KEY,
        first_name VARCHAR (50) NOT NULL,
        last_name VARCHAR (50) NOT NULL,
        email VARCHAR (255) NOT NULL UNIQUE,
        phone VARCHAR (25),
        active tinyint NOT NULL,
        store_id INT NOT NULL REFERENCES stores (store_id) ON DELETE CASCADE ON UPDATE CASCADE,
        manager_id INT REFERENCES staffs (staff_id) ON DELETE NO ACTION ON UPDATE NO ACTION
    );
    CREATE TABLE orders (
        order_id INTEGER PRIMARY KEY,
        customer_id INT REFERENCES customers (customer_id) ON DELETE CASCADE ON UPDATE CASCADE,
        order_status tinyint NOT NULL, -- Order status: 1 = Pending; 2 = Processing; 3 = Rejected; 4 = Completed
        order_date DATE NOT NULL,
        required_date DATE NOT NULL,
        shipped_date DATE,
        store_id INT NOT NULL REFERENCES stores (store_id) ON DELETE CASCADE ON UPDATE CASCADE,
        staff_id INT NOT NULL REFERENCES staffs (staff_id) ON DELETE NO ACTION ON UPDATE NO ACTION
    );
    CREATE TABLE order_items (
        order_id INT REFERENCES orders (order_id) ON DELETE CASCADE ON UPDATE CASCADE,
        item_id INT,
        product_id INT NOT NULL REFERENCES products (product_id) ON DELETE CASCADE ON UPDATE CASCADE,
        quantity INT NOT NULL,
        list_price DECIMAL (10, 2) NOT NULL,
        discount DECIMAL (4, 2) NOT NULL DEFAULT 0,
        PRIMARY KEY (order_id, item_id)
    );
    CREATE TABLE stocks (
        store_id INT REFERENCES stores (store_id) ON DELETE CASCADE ON UPDATE CASCADE,
        product_id INT REFERENCES products (product_id) ON DELETE CASCADE ON UPDATE CASCADE,
        quantity INT,
        PRIMARY KEY (store_id, product_id)
    );
    """)
    cats = ['Children Bicycles', 'Comfort Bicycles', 'Cruisers Bicycles', 'Cyclocross Bicycles',
            'Electric Bikes', 'Mountain Bikes', 'Road Bikes']
    con.executemany('INSERT INTO categories VALUES (?,?)', list(enumerate(cats, 1)))
    brands = ['Electra', 'Haro', 'Heller', 'Pure Cycles', 'Ritchey', 'Strider', 'Sun Bicycles', 'Surly', 'Trek']
    con.executemany('INSERT INTO brands VALUES (?,?)', list(enumerate(brands, 1)))
    # product models per brand: (model, category, base price)
    models = {
        'Electra': [('Cruiser 1 (24-Inch)', 3, 269.99), ('Townie Original 7D', 2, 499.99), ('Moto 3i', 3, 529.99),
                    ('Straight 8 3i', 3, 909.99), ('Townie Go! 8i', 5, 2599.99), ('Sprocket 3', 1, 279.99),
                    ('Amsterdam Original 3i', 2, 659.99)],
        'Haro': [('Flightline One ST', 6, 379.99), ('Shift R3', 6, 1469.99), ('Downtown 16', 1, 329.99),
                 ('SR 1.1', 6, 539.99)],
        'Heller': [('Shagamaw Frame', 6, 1320.99), ('Bloodhound Trail', 6, 2299.99)],
        'Pure Cycles': [('Vine 8-Speed', 3, 429.00), ('Western 3-Speed', 3, 449.00), ('William 3-Speed', 3, 449.00)],
        'Ritchey': [('Timberwolf Frameset', 6, 749.99)],
        'Strider': [('Classic 12 Balance Bike', 1, 89.99), ('Sport 16', 1, 249.99)],
        'Sun Bicycles': [('Cruz 3', 2, 449.99), ('Drifter 7', 2, 470.99), ('Revolutions 24', 3, 250.99),
                         ('Streamway 3', 2, 551.99), ('Biscayne Tandem 7', 3, 619.99), ('ElectroLite', 5, 1559.99)],
        'Surly': [('Straggler', 4, 1549.00), ('Wednesday Frameset', 6, 469.99), ('Steamroller', 7, 875.99),
                  ('Karate Monkey 27.5+', 6, 2499.99), ('Pack Rat', 7, 1049.99)],
        'Trek': [('Slash 8 27.5', 6, 3999.99), ('Fuel EX 8 29', 6, 2899.99), ('Marlin 5', 6, 489.99),
                 ('Domane SL 6', 7, 3199.99), ('Emonda SL 5', 7, 2049.99), ('Precaliber 20', 1, 229.99),
                 ('Powerfly 5', 5, 3499.99), ('Verve+ 2', 5, 2799.99), ('Crockett 7 Disc', 4, 2299.99),
                 ('Boone 7', 4, 3999.99), ('Madone 9.2', 7, 4999.99), ('Checkpoint ALR 5', 7, 1999.99)],
    }
    products = []
    pid = 0
    for b_i, b in enumerate(brands, 1):
        for model, cat, price in models[b]:
            years = sorted(rng.sample([2023, 2024, 2025, 2026], rng.choice([1, 2, 2, 3])))
            for y in years:
                pid += 1
                p = round(price * (1 + 0.05 * (y - 2023)), 0) - 0.01 if price > 100 else price
                name = f'{b} {model} - {y}' if b != 'Trek' or True else model
                products.append((pid, name, b_i, cat, y, round(p, 2)))
    con.executemany('INSERT INTO products VALUES (?,?,?,?,?,?)', products)
    price = {p[0]: p[5] for p in products}

    stores = [(1, 'Santa Cruz Bikes', '(831) 476-4321', 'santacruz@bikes.shop', '3700 Portola Drive', 'Santa Cruz', 'CA', '95060'),
              (2, 'Baldwin Bikes', '(516) 379-8888', 'baldwin@bikes.shop', '4200 Chestnut Lane', 'Baldwin', 'NY', '11432'),
              (3, 'Rowlett Bikes', '(972) 530-5555', 'rowlett@bikes.shop', '8000 Fairway Avenue', 'Rowlett', 'TX', '75088')]
    con.executemany('INSERT INTO stores VALUES (?,?,?,?,?,?,?,?)', stores)
    staffs = [(1, 'Fabiola', 'Jackson', 'fabiola.jackson@bikes.shop', '(831) 555-5554', 1, 1, None),
              (2, 'Mireya', 'Copeland', 'mireya.copeland@bikes.shop', '(831) 555-5555', 1, 1, 1),
              (3, 'Genna', 'Serrano', 'genna.serrano@bikes.shop', '(831) 555-5556', 1, 1, 2),
              (4, 'Virgie', 'Wiggins', 'virgie.wiggins@bikes.shop', '(831) 555-5557', 0, 1, 2),
              (5, 'Jannette', 'David', 'jannette.david@bikes.shop', '(516) 379-4444', 1, 2, 1),
              (6, 'Marcelene', 'Boyer', 'marcelene.boyer@bikes.shop', '(516) 379-4445', 1, 2, 5),
              (7, 'Venita', 'Daniel', 'venita.daniel@bikes.shop', '(516) 379-4446', 1, 2, 5),
              (8, 'Kali', 'Vargas', 'kali.vargas@bikes.shop', '(972) 530-5555', 1, 3, 1),
              (9, 'Layla', 'Terrell', 'layla.terrell@bikes.shop', '(972) 530-5556', 1, 3, 7),
              (10, 'Bernardine', 'Houston', 'bernardine.houston@bikes.shop', '(972) 530-5557', 0, 3, 7)]
    con.executemany('INSERT INTO staffs VALUES (?,?,?,?,?,?,?,?)', staffs)

    cities = {'CA': ['Santa Cruz', 'San Jose', 'Sacramento', 'Fresno', 'Oakland', 'Campbell', 'San Diego'],
              'NY': ['Baldwin', 'Brooklyn', 'Buffalo', 'Yonkers', 'Rochester', 'Astoria', 'New York'],
              'TX': ['Rowlett', 'Houston', 'Austin', 'Dallas', 'San Antonio', 'Plano']}
    streets = ['Main St.', 'Oak Lane', 'Pine Street', 'Maple Ave.', 'Cedar Road', 'Elm Drive', 'Lake Blvd.',
               'Hill Street', 'Park Avenue', 'River Road']
    customers = []
    used = set()
    for cid in range(1, 301):
        while True:
            fn, ln = rng.choice(FIRST), rng.choice(LAST)
            if (fn, ln) not in used:
                used.add((fn, ln))
                break
        st = rng.choices(['NY', 'CA', 'TX'], [0.55, 0.3, 0.15])[0]
        city = rng.choice(cities[st])
        phone = None if rng.random() < 0.8 else f'({rng.randint(200, 999)}) {rng.randint(200, 999)}-{rng.randint(1000, 9999)}'
        email = f'{fn.lower()}.{ln.lower()}@{rng.choice(["gmail.com", "yahoo.com", "hotmail.com", "msn.com", "aol.com"])}'
        customers.append((cid, fn, ln, phone, email, f'{rng.randint(1, 999)} {rng.choice(streets)}', city, st,
                          f'{rng.randint(10000, 99999)}'))
    con.executemany('INSERT INTO customers VALUES (?,?,?,?,?,?,?,?,?)', customers)

    # staff who take orders, per store (active sales people plus one who left)
    takers = {1: [2, 3, 4], 2: [6, 7], 3: [8, 9, 10]}
    never_ordered = set(rng.sample([p[0] for p in products], 8))
    orderable = [p[0] for p in products if p[0] not in never_ordered]
    orders, items = [], []
    cust_ids = [c[0] for c in customers][:270]  # the last 30 customers have no orders
    home_store = {'CA': 1, 'NY': 2, 'TX': 3}
    cstate = {c[0]: c[7] for c in customers}
    dates = sorted(rdate(rng) for _ in range(480))
    for oid, od in enumerate(dates, 1):
        cid = rng.choice(cust_ids)
        store = home_store[cstate[cid]] if rng.random() < 0.85 else rng.randint(1, 3)
        staff = rng.choice(takers[store])
        if staff in (4, 10) and od > dt.date(2025, 6, 30):
            staff = takers[store][0] if store != 3 else 8
        age = (TODAY - od).days
        if age <= 4:
            status = rng.choice([1, 1, 2])
        elif age <= 12:
            status = rng.choice([1, 2, 2, 4])
        else:
            status = rng.choices([4, 3, 1], [0.9, 0.06, 0.04])[0]
        req = od + dt.timedelta(days=rng.randint(1, 3))
        shipped = od + dt.timedelta(days=rng.randint(1, 4)) if status == 4 else None
        orders.append((oid, cid, status, od.isoformat(), req.isoformat(),
                       shipped.isoformat() if shipped else None, store, staff))
        n = rng.choices([1, 2, 3, 4, 5], [0.3, 0.3, 0.2, 0.12, 0.08])[0]
        prods = rng.sample(orderable, n)
        for item_id, p in enumerate(prods, 1):
            items.append((oid, item_id, p, rng.choice([1, 1, 2]), price[p], rng.choice([0.05, 0.07, 0.1, 0.2])))
    con.executemany('INSERT INTO orders VALUES (?,?,?,?,?,?,?,?)', orders)
    con.executemany('INSERT INTO order_items VALUES (?,?,?,?,?,?)', items)
    stocks = []
    for s in (1, 2, 3):
        for p in products:
            stocks.append((s, p[0], rng.choice([0, 0] + list(range(1, 31)))))
    con.executemany('INSERT INTO stocks VALUES (?,?,?)', stocks)
    con.commit()
    con.close()


# --------------------------------------------------------------------------------------------
def build_hr(path):
    rng = random.Random(2015)
    if os.path.exists(path):
        os.remove(path)
    con = sqlite3.connect(path)
    con.executescript("""
    PRAGMA foreign_keys = ON;
    CREATE TABLE regions (
        region_id INTEGER PRIMARY KEY,
        region_name VARCHAR(25)
    );
    CREATE TABLE countries (
        country_id CHAR(2) NOT NULL PRIMARY KEY,
        country_name VARCHAR(40),
        region_id INTEGER REFERENCES regions (region_id)
    );
    CREATE TABLE locations (
        location_id INTEGER PRIMARY KEY,
        street_address VARCHAR(40),
        postal_code VARCHAR(12),
        city VARCHAR(30) NOT NULL,
        state_province VARCHAR(25),
        country_id CHAR(2) REFERENCES countries (country_id)
    );
    CREATE TABLE departments (
        department_id INTEGER PRIMARY KEY,
        department_name VARCHAR(30) NOT NULL,
        manager_id INTEGER REFERENCES employees (employee_id),
        location_id INTEGER REFERENCES locations (location_id)
    );
    CREATE TABLE jobs (
        job_id VARCHAR(10) NOT NULL PRIMARY KEY,
        job_title VARCHAR(35) NOT NULL,
        min_salary NUMBER(6),
        max_salary NUMBER(6)
    );
    CREATE TABLE employees (
        employee_id INTEGER PRIMARY KEY,
        first_name VARCHAR(20),
        last_name VARCHAR(25) NOT NULL,
        email VARCHAR(25) NOT NULL UNIQUE,
        phone_number VARCHAR(20),
        hire_date DATE NOT NULL,
        job_id VARCHAR(10) NOT NULL REFERENCES jobs (job_id),
        salary NUMBER(8,2),
        commission_pct NUMBER(2,2),
        manager_id INTEGER REFERENCES employees (employee_id),
        department_id INTEGER REFERENCES departments (department_id)
    );
    CREATE TABLE job_history (
        employee_id INTEGER NOT NULL REFERENCES employees (employee_id),
        start_date DATE NOT NULL,
        end_date DATE NOT NULL,
        job_id VARCHAR(10) NOT NULL REFERENCES jobs (job_id),
        department_id INTEGER REFERENCES departments (department_id),
        PRIMARY KEY (employee_id, start_date),
        CHECK (end_date > start_date)
    );
    """)
    con.executemany('INSERT INTO regions VALUES (?,?)',
                    [(1, 'Europe'), (2, 'Americas'), (3, 'Asia'), (4, 'Middle East and Africa')])
    countries = [('AR', 'Argentina', 2), ('AU', 'Australia', 3), ('BE', 'Belgium', 1), ('BR', 'Brazil', 2),
                 ('CA', 'Canada', 2), ('CH', 'Switzerland', 1), ('CN', 'China', 3), ('DE', 'Germany', 1),
                 ('DK', 'Denmark', 1), ('EG', 'Egypt', 4), ('FR', 'France', 1), ('IL', 'Israel', 4),
                 ('IN', 'India', 3), ('IT', 'Italy', 1), ('JP', 'Japan', 3), ('KW', 'Kuwait', 4),
                 ('ML', 'Malaysia', 3), ('MX', 'Mexico', 2), ('NG', 'Nigeria', 4), ('NL', 'Netherlands', 1),
                 ('SG', 'Singapore', 3), ('UK', 'United Kingdom', 1), ('US', 'United States of America', 2),
                 ('ZM', 'Zambia', 4), ('ZW', 'Zimbabwe', 4)]
    con.executemany('INSERT INTO countries VALUES (?,?,?)', countries)
    locations = [(1000, '1297 Via Cola di Rie', '00989', 'Roma', None, 'IT'),
                 (1100, '93091 Calle della Testa', '10934', 'Venice', None, 'IT'),
                 (1200, '2017 Shinjuku-ku', '1689', 'Tokyo', 'Tokyo Prefecture', 'JP'),
                 (1300, '9450 Kamiya-cho', '6823', 'Hiroshima', None, 'JP'),
                 (1400, '2014 Jabberwocky Rd', '26192', 'Southlake', 'Texas', 'US'),
                 (1500, '2011 Interiors Blvd', '99236', 'South San Francisco', 'California', 'US'),
                 (1600, '2007 Zagora St', '50090', 'South Brunswick', 'New Jersey', 'US'),
                 (1700, '2004 Charade Rd', '98199', 'Seattle', 'Washington', 'US'),
                 (1800, '147 Spadina Ave', 'M5V 2L7', 'Toronto', 'Ontario', 'CA'),
                 (1900, '6092 Boxwood St', 'YSW 9T2', 'Whitehorse', 'Yukon', 'CA'),
                 (2000, '40-5-12 Laogianggen', '190518', 'Beijing', None, 'CN'),
                 (2100, '1298 Vileparle (E)', '490231', 'Bombay', 'Maharashtra', 'IN'),
                 (2200, '12-98 Victoria Street', '2901', 'Sydney', 'New South Wales', 'AU'),
                 (2300, '198 Clementi North', '540198', 'Singapore', None, 'SG'),
                 (2400, '8204 Arthur St', None, 'London', None, 'UK'),
                 (2500, 'Magdalen Centre, The Oxford Science Park', 'OX9 9ZB', 'Oxford', 'Oxford', 'UK'),
                 (2600, '9702 Chester Road', '09629850293', 'Stretford', 'Manchester', 'UK'),
                 (2700, 'Schwanthalerstr. 7031', '80925', 'Munich', 'Bavaria', 'DE'),
                 (2800, 'Rua Frei Caneca 1360 ', '01307-002', 'Sao Paulo', 'Sao Paulo', 'BR'),
                 (2900, '20 Rue des Corps-Saints', '1730', 'Geneva', 'Geneve', 'CH'),
                 (3000, 'Murtenstrasse 921', '3095', 'Bern', 'BE', 'CH'),
                 (3100, 'Pieter Breughelstraat 837', '3029SK', 'Utrecht', 'Utrecht', 'NL'),
                 (3200, 'Mariano Escobedo 9991', '11932', 'Mexico City', 'Distrito Federal,', 'MX')]
    con.executemany('INSERT INTO locations VALUES (?,?,?,?,?,?)', locations)
    jobs = [('AD_PRES', 'President', 20080, 40000), ('AD_VP', 'Administration Vice President', 15000, 30000),
            ('AD_ASST', 'Administration Assistant', 3000, 6000), ('FI_MGR', 'Finance Manager', 8200, 16000),
            ('FI_ACCOUNT', 'Accountant', 4200, 9000), ('AC_MGR', 'Accounting Manager', 8200, 16000),
            ('AC_ACCOUNT', 'Public Accountant', 4200, 9000), ('SA_MAN', 'Sales Manager', 10000, 20080),
            ('SA_REP', 'Sales Representative', 6000, 12008), ('PU_MAN', 'Purchasing Manager', 8000, 15000),
            ('PU_CLERK', 'Purchasing Clerk', 2500, 5500), ('ST_MAN', 'Stock Manager', 5500, 8500),
            ('ST_CLERK', 'Stock Clerk', 2008, 5000), ('SH_CLERK', 'Shipping Clerk', 2500, 5500),
            ('IT_PROG', 'Programmer', 4000, 10000), ('MK_MAN', 'Marketing Manager', 9000, 15000),
            ('MK_REP', 'Marketing Representative', 4000, 9000), ('HR_REP', 'Human Resources Representative', 4000, 9000),
            ('PR_REP', 'Public Relations Representative', 4500, 10500)]
    con.executemany('INSERT INTO jobs VALUES (?,?,?,?)', jobs)
    jrange = {j[0]: (j[2], j[3]) for j in jobs}
    depts = [(10, 'Administration', 1700), (20, 'Marketing', 1800), (30, 'Purchasing', 1700),
             (40, 'Human Resources', 2400), (50, 'Shipping', 1500), (60, 'IT', 1400), (70, 'Public Relations', 2700),
             (80, 'Sales', 2500), (90, 'Executive', 1700), (100, 'Finance', 1700), (110, 'Accounting', 1700),
             (120, 'Treasury', 1700), (130, 'Corporate Tax', 1700), (140, 'Control And Credit', 1700),
             (150, 'Shareholder Services', 1700), (160, 'Benefits', 1700), (170, 'Manufacturing', 1700),
             (180, 'Construction', 1700), (190, 'Contracting', 1700), (200, 'Operations', 1700),
             (210, 'IT Support', 1700), (220, 'NOC', 1700), (230, 'IT Helpdesk', 1700), (240, 'Government Sales', 1700),
             (250, 'Retail Sales', 1700), (260, 'Recruiting', 1700), (270, 'Payroll', 1700)]
    # departments first without managers (the FK is circular), managers set after employees exist
    con.executemany('INSERT INTO departments VALUES (?,?,NULL,?)', depts)

    emps = []
    used_email = set()

    def add(eid, fn, ln, job, mgr, dept, sal=None, comm=None, hired=None):
        email = (fn[0] + ln).upper().replace(' ', '').replace("'", '')[:25]
        k = 2
        while email in used_email:
            email = (fn[:k] + ln).upper().replace(' ', '')[:25]
            k += 1
        used_email.add(email)
        lo, hi = jrange[job]
        if sal is None:
            sal = round(rng.uniform(lo, hi * 0.9) / 100) * 100
        if comm is None and job.startswith('SA_'):
            comm = rng.choice([0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4])
        if dept == 80:
            phone = f'011.44.{rng.randint(1343, 1346)}.{rng.randint(100000, 999999)}'
        else:
            phone = f'{rng.choice([515, 590, 603, 650])}.{rng.randint(100, 999)}.{rng.randint(1000, 9999)}'
        hired = hired or rdate(rng, D0, dt.date(2026, 11, 20))
        emps.append([eid, fn, ln, email, phone, hired.isoformat(), job, sal, comm, mgr, dept])
        return eid

    # the top of the tree, with the sample's names
    add(100, 'Steven', 'King', 'AD_PRES', None, 90, 24000, hired=dt.date(2023, 1, 3))
    add(101, 'Neena', 'Kochhar', 'AD_VP', 100, 90, 17000, hired=dt.date(2023, 1, 16))
    add(102, 'Lex', 'De Haan', 'AD_VP', 100, 90, 17000, hired=dt.date(2023, 2, 13))
    add(103, 'Alexander', 'Hunold', 'IT_PROG', 102, 60, 9000, hired=dt.date(2023, 3, 1))
    add(108, 'Nancy', 'Greenberg', 'FI_MGR', 101, 100, 12008, hired=dt.date(2023, 2, 17))
    add(114, 'Den', 'Raphaely', 'PU_MAN', 100, 30, 11000, hired=dt.date(2023, 3, 7))
    add(120, 'Matthew', 'Weiss', 'ST_MAN', 100, 50, 8000, hired=dt.date(2023, 4, 18))
    add(121, 'Adam', 'Fripp', 'ST_MAN', 100, 50, 8200, hired=dt.date(2023, 4, 10))
    add(122, 'Payam', 'Kaufling', 'ST_MAN', 100, 50, 7900, hired=dt.date(2023, 5, 1))
    add(145, 'John', 'Russell', 'SA_MAN', 100, 80, 14000, 0.4, hired=dt.date(2023, 1, 30))
    add(146, 'Karen', 'Partners', 'SA_MAN', 100, 80, 13500, 0.3, hired=dt.date(2023, 3, 5))
    add(147, 'Alberto', 'Errazuriz', 'SA_MAN', 100, 80, 12000, 0.3, hired=dt.date(2023, 3, 10))
    add(200, 'Jennifer', 'Whalen', 'AD_ASST', 101, 10, 4400, hired=dt.date(2023, 9, 17))
    add(201, 'Michael', 'Hartstein', 'MK_MAN', 100, 20, 13000, hired=dt.date(2023, 2, 17))
    add(203, 'Susan', 'Mavris', 'HR_REP', 101, 40, 6500, hired=dt.date(2023, 6, 7))
    add(204, 'Hermann', 'Baer', 'PR_REP', 101, 70, 10000, hired=dt.date(2023, 6, 7))
    add(205, 'Shelley', 'Higgins', 'AC_MGR', 101, 110, 12008, hired=dt.date(2023, 6, 7))
    # everyone else
    plan = [  # (job, manager pool, department, how many)
        ('IT_PROG', [103], 60, 9), ('FI_ACCOUNT', [108], 100, 8), ('PU_CLERK', [114], 30, 8),
        ('ST_CLERK', [120, 121, 122], 50, 40), ('SH_CLERK', [120, 121, 122], 50, 24),
        ('SA_REP', [145, 146, 147], 80, 45), ('MK_REP', [201], 20, 5), ('AC_ACCOUNT', [205], 110, 4),
        ('HR_REP', [203], 40, 3), ('PR_REP', [204], 70, 2),
    ]
    eid = 103
    taken = {e[0] for e in emps}
    used_names = {(e[1], e[2]) for e in emps}
    for job, mgrs, dept, n in plan:
        for _ in range(n):
            eid += 1
            while eid in taken:
                eid += 1
            taken.add(eid)
            while True:
                fn, ln = rng.choice(FIRST), rng.choice(LAST)
                if (fn, ln) not in used_names:
                    used_names.add((fn, ln))
                    break
            add(eid, fn, ln, job, rng.choice(mgrs), dept)
    # the sample's sales rep with no department
    add(eid + 1, 'Kimberely', 'Grant', 'SA_REP', 145, None, 7000, 0.15, hired=dt.date(2025, 5, 24))
    # two programmers out-earn their manager (9000), still inside the job's range
    progs = [e for e in emps if e[6] == 'IT_PROG' and e[0] != 103]
    for e in progs[:2]:
        e[7] = 9600
    # nobody is hired before their manager
    hire = {e[0]: e[5] for e in emps}
    for e in emps:
        if e[9] is not None and e[5] < hire[e[9]]:
            e[5] = hire[e[9]]
            hire[e[0]] = e[5]
    con.executemany('INSERT INTO employees VALUES (?,?,?,?,?,?,?,?,?,?,?)', emps)
    mgrs = {10: 200, 20: 201, 30: 114, 40: 203, 50: 121, 60: 103, 70: 204, 80: 145, 90: 100, 100: 108, 110: 205}
    con.executemany('UPDATE departments SET manager_id = ? WHERE department_id = ?', [(m, d) for d, m in mgrs.items()])

    # job history: earlier jobs of people who changed jobs since they were hired
    hist = []
    prev_job = {'IT_PROG': ('AC_ACCOUNT', 110), 'SA_REP': ('ST_CLERK', 50), 'SA_MAN': ('SA_REP', 80),
                'ST_MAN': ('ST_CLERK', 50), 'FI_ACCOUNT': ('AC_ACCOUNT', 110), 'MK_REP': ('PR_REP', 70),
                'AD_VP': ('AC_MGR', 110), 'PU_CLERK': ('SH_CLERK', 50), 'SH_CLERK': ('ST_CLERK', 50),
                'AC_MGR': ('FI_ACCOUNT', 100), 'HR_REP': ('AD_ASST', 10)}
    cands = [e for e in emps if e[6] in prev_job and e[5] < '2026-01-01']
    for e in rng.sample(cands, 30):
        h = dt.date.fromisoformat(e[5])
        end = h + dt.timedelta(days=rng.randint(90, 600))
        if end >= TODAY:
            end = TODAY - dt.timedelta(days=rng.randint(5, 60))
        job, dept = prev_job[e[6]]
        hist.append((e[0], h.isoformat(), end.isoformat(), job, dept))
    con.executemany('INSERT INTO job_history VALUES (?,?,?,?,?)', hist)
    con.commit()
    con.close()


if __name__ == '__main__':
    for n in ('bikestores', 'hr'):
        os.makedirs(os.path.join(HERE, 'dbs', n), exist_ok=True)
    build_bikestores(os.path.join(HERE, 'dbs', 'bikestores', 'bikestores.sqlite'))
    build_hr(os.path.join(HERE, 'dbs', 'hr', 'hr.sqlite'))
    for n in ('bikestores', 'hr'):
        con = sqlite3.connect(os.path.join(HERE, 'dbs', n, n + '.sqlite'))
        tabs = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table' ORDER BY name")]
        print(n, ', '.join(f'{t}={con.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0]}' for t in tabs))
