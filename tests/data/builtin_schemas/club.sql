-- A small club database for rules that the ecommerce fixture cannot show: years kept as
-- numbers, ranks beside earnings, a parent table holding the names, a column of repeated codes.
CREATE TABLE person (id INTEGER PRIMARY KEY, name TEXT, age INTEGER, birth_year INTEGER);
CREATE TABLE player (id INTEGER PRIMARY KEY, person_id INTEGER REFERENCES person(id), earnings REAL,
                     money_rank INTEGER, grade INTEGER);
CREATE TABLE band (id INTEGER PRIMARY KEY, name TEXT, genre TEXT, founded_year INTEGER);
CREATE TABLE report (id INTEGER PRIMARY KEY, title TEXT, published_on DATE, number_of_pages INTEGER);
INSERT INTO person VALUES (1, 'Ann Lee', 34, 1990), (2, 'Bob Stone', 51, 1973), (3, 'Cai Wu', 28, 1996),
  (4, 'Dee Park', 45, 1979), (5, 'Eli Moss', 39, 1985);
INSERT INTO player VALUES (1, 1, 120000.0, 3, 9), (2, 2, 560000.0, 1, 10), (3, 3, 88000.0, 4, 11),
  (4, 4, 230000.0, 2, 9);
INSERT INTO band VALUES (1, 'North Wind', 'folk', 1948), (2, 'Red Lines', 'rock', 1965), (3, 'Blue Hour', 'jazz', 1952),
  (4, 'Stone Age', 'rock', 1971), (5, 'Low Tide', 'rock', 1949), (6, 'Pale Sun', 'folk', 1980);
INSERT INTO report VALUES (1, 'Spring review', '2024-03-01', 12), (2, 'Summer review', '2024-07-15', 30),
  (3, 'Annual summary', '2025-01-20', 55);
