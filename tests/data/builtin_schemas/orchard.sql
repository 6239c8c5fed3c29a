-- A small orchard database for the cue table's examples (nl2sql/engines/builtin/cues.toml): trees
-- with heights, ages and prices, the rows they grow in, and dated harvests with weights and lengths.
CREATE TABLE grove (grove_id INTEGER PRIMARY KEY, name TEXT, region TEXT);
CREATE TABLE tree (tree_id INTEGER PRIMARY KEY, label TEXT, variety TEXT, height REAL, age INTEGER, price REAL,
                   planted_on DATE, grove_id INTEGER REFERENCES grove (grove_id));
CREATE TABLE harvest (harvest_id INTEGER PRIMARY KEY, tree_id INTEGER REFERENCES tree (tree_id), picked_on DATE,
                      weight REAL, length REAL, grade TEXT);
INSERT INTO grove VALUES (1, 'Hill Grove', 'north'), (2, 'River Grove', 'south'), (3, 'Stone Grove', 'north');
INSERT INTO tree VALUES
  (1, 'T-01', 'apple', 4.2, 12, 80, '2013-03-10', 1), (2, 'T-02', 'pear', 3.1, 6, 55, '2019-04-02', 1),
  (3, 'T-03', 'apple', 5.6, 20, 120, '2005-02-21', 2), (4, 'T-04', 'plum', 2.4, 3, 40, '2022-05-15', 2),
  (5, 'T-05', 'cherry', 6.3, 25, 150, '2000-03-30', 3), (6, 'T-06', 'pear', 3.8, 9, 60, '2016-04-18', 3),
  (7, 'T-07', 'plum', 2.9, 4, 45, '2021-03-05', 1);
INSERT INTO harvest VALUES
  (1, 1, '2024-08-20', 62.5, 7.1, 'A'), (2, 1, '2025-08-18', 58.0, 6.8, 'B'), (3, 2, '2025-09-02', 31.0, 8.2, 'A'),
  (4, 3, '2024-08-25', 95.5, 7.5, 'A'), (5, 3, '2025-08-29', 101.0, 7.9, 'A'), (6, 4, '2025-07-30', 12.0, 4.1, 'C'),
  (7, 5, '2025-07-12', 44.0, 2.2, 'B'), (8, 6, '2025-09-10', 38.5, 8.6, 'B'), (9, 7, '2025-08-01', 15.5, 4.4, 'C');
