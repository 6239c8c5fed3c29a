-- A small doctors' surgery for the cue table's examples (nl2sql/engines/builtin/cues.toml): visits
-- booked, held or cancelled, and bills that fall due and are paid (or not).
CREATE TABLE patient (patient_id INTEGER PRIMARY KEY, name TEXT, birth_year INTEGER);
CREATE TABLE visit (visit_id INTEGER PRIMARY KEY, patient_id INTEGER REFERENCES patient (patient_id),
                    booked_at TIMESTAMP NOT NULL, starts_at TIMESTAMP, ends_at TIMESTAMP, cancelled_at TIMESTAMP);
CREATE TABLE bill (bill_id INTEGER PRIMARY KEY, patient_id INTEGER REFERENCES patient (patient_id),
                   issued_on DATE, due_on DATE, paid_on DATE, amount REAL);
INSERT INTO patient VALUES (1, 'Dee Rook', 1960), (2, 'Eli Park', 1985), (3, 'Fen Lowe', 2001);
INSERT INTO visit VALUES
  (1, 1, '2026-05-01 09:00:00', '2026-05-03 10:00:00', '2026-05-03 10:15:00', NULL),
  (2, 1, '2026-05-02 09:00:00', '2026-05-10 11:00:00', '2026-05-10 11:30:00', '2026-05-09 08:00:00'),
  (3, 2, '2026-05-05 12:00:00', '2026-05-12 09:00:00', '2026-05-12 09:20:00', NULL),
  (4, 1, '2026-05-20 08:00:00', '2026-05-25 14:00:00', '2026-05-25 14:10:00', NULL),
  (5, 3, '2026-06-01 10:00:00', '2026-06-04 15:00:00', '2026-06-04 15:45:00', '2026-06-02 09:00:00'),
  (6, 2, '2026-06-02 10:00:00', '2026-06-08 09:00:00', '2026-06-08 09:30:00', NULL);
INSERT INTO bill VALUES (1, 1, '2026-05-03', '2026-06-03', NULL, 40.0), (2, 2, '2026-05-12', '2026-06-12', '2026-06-01', 25.0),
  (3, 1, '2026-05-25', '2026-06-25', NULL, 40.0), (4, 3, '2026-04-01', '2026-05-01', NULL, 30.0);
