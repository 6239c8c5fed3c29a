-- A small harbour database for the cue table's examples (nl2sql/engines/builtin/cues.toml): ships
-- with sizes, prices and ages, the ports they sail from, and dated voyages with cargo and fares.
CREATE TABLE port (port_id INTEGER PRIMARY KEY, name TEXT, city TEXT, country TEXT);
CREATE TABLE ship (ship_id INTEGER PRIMARY KEY, name TEXT, kind TEXT, length REAL, weight REAL, height REAL,
                   price REAL, age INTEGER, port_id INTEGER REFERENCES port (port_id));
CREATE TABLE crew (crew_id INTEGER PRIMARY KEY, name TEXT, pay REAL, signed_on DATE,
                   skipper_id INTEGER REFERENCES crew (crew_id));
CREATE TABLE voyage (voyage_id INTEGER PRIMARY KEY, ship_id INTEGER REFERENCES ship (ship_id), departed_on DATE,
                     cargo_tons REAL, fare REAL, destination TEXT);
INSERT INTO port VALUES (1, 'North Quay', 'Lisbon', 'Portugal'), (2, 'Old Dock', 'Porto', 'Portugal'),
  (3, 'Bay Pier', 'Vigo', 'Spain'), (4, 'East Wharf', 'Cadiz', 'Spain');
INSERT INTO ship VALUES
  (1, 'Albatross', 'ferry', 120.5, 5400, 31, 900000, 12, 1),
  (2, 'Petrel', 'tug', 32.0, 410, 12, 150000, 25, 1),
  (3, 'Tern', 'ferry', 98.0, 3900, 27, 720000, 7, 3),
  (4, 'Gannet', 'cargo', 210.0, 18000, 44, 2400000, 18, 2),
  (5, 'Skua', 'tug', 28.5, 380, 11, 130000, 31, 3),
  (6, 'Fulmar', 'cargo', 180.0, 15500, 40, 1900000, 3, 2);
INSERT INTO voyage VALUES
  (1, 1, '2025-01-14', 120, 35.0, 'Vigo'), (2, 1, '2025-02-03', 95, 35.0, 'Porto'),
  (3, 3, '2025-02-20', 80, 28.0, 'Lisbon'), (4, 4, '2025-03-11', 900, 0, 'Cadiz'),
  (5, 4, '2025-05-02', 1100, 0, 'Lisbon'), (6, 6, '2025-05-19', 760, 0, 'Vigo'),
  (7, 2, '2025-06-07', 5, 12.5, 'Porto'), (8, 3, '2025-06-30', 70, 28.0, 'Vigo'),
  (9, 1, '2025-08-22', 130, 38.0, 'Cadiz'), (10, 6, '2025-09-09', 820, 0, 'Porto');
INSERT INTO crew VALUES (1, 'Ines Rocha', 3100, '2015-04-01', NULL), (2, 'Joao Leite', 2500, '2012-02-01', 1),
  (3, 'Rui Sa', 3300, '2020-07-01', 1), (4, 'Ana Dias', 2400, '2021-01-10', 3), (5, 'Tiago Reis', 3500, '2019-05-05', 3);
