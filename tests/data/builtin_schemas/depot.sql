-- A small tool-hire depot for the cue table's examples (nl2sql/engines/builtin/cues.toml): hires that
-- fall due and come back (or not), damaged or not, of tools with a daily rate; calls customers make.
CREATE TABLE customer (customer_id INTEGER PRIMARY KEY, name TEXT, town TEXT);
CREATE TABLE tool (tool_id INTEGER PRIMARY KEY, name TEXT, daily_rate REAL);
CREATE TABLE hire (hire_id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customer (customer_id),
                   tool_id INTEGER REFERENCES tool (tool_id), hired_on DATE, due_on DATE, returned_on DATE,
                   is_damaged INTEGER);
CREATE TABLE clerk (clerk_id INTEGER PRIMARY KEY, name TEXT, wage REAL, started_on DATE,
                    reports_to INTEGER REFERENCES clerk (clerk_id));
CREATE TABLE phone_call (call_id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customer (customer_id),
                         called_at TIMESTAMP, minutes INTEGER);
INSERT INTO customer VALUES (1, 'Ada Wren', 'Leeds'), (2, 'Ben Hale', 'York'), (3, 'Cal Moss', 'Leeds');
INSERT INTO tool VALUES (1, 'drill', 12.0), (2, 'ladder', 8.0), (3, 'sander', 15.0);
INSERT INTO hire VALUES
  (1, 1, 1, '2026-05-01', '2026-05-08', '2026-05-07', 0), (2, 1, 2, '2026-05-20', '2026-05-27', NULL, 0),
  (3, 2, 1, '2026-06-01', '2026-06-08', '2026-06-09', 1), (4, 3, 3, '2026-06-10', '2026-06-20', NULL, 0),
  (5, 1, 3, '2026-04-02', '2026-04-09', NULL, 1), (6, 2, 2, '2026-03-01', '2026-03-05', '2026-03-05', 0);
INSERT INTO phone_call VALUES (1, 1, '2026-05-01 09:10:00', 4), (2, 2, '2026-05-01 14:05:00', 7),
  (3, 3, '2026-05-02 09:40:00', 2), (4, 1, '2026-05-03 09:05:00', 3), (5, 2, '2026-05-04 17:30:00', 6);
INSERT INTO clerk VALUES (1, 'Dot Finch', 21.0, '2019-03-01', NULL), (2, 'Eli Marsh', 23.5, '2021-06-01', 1),
  (3, 'Fay Cole', 18.0, '2018-01-15', 1), (4, 'Gus Penn', 19.5, '2022-09-01', 2);
