-- Corpus workload for SQLite: tables filled by recursive CTEs, indexes,
-- joins, aggregates, window functions, strings, JSON, full-text search,
-- updates and deletes inside a transaction. Every query ends with ORDER BY
-- so the output is deterministic. Written for dtrans's corpus.
PRAGMA cache_size = 2000;
BEGIN;
CREATE TABLE customer(id INTEGER PRIMARY KEY, name TEXT NOT NULL, city TEXT, score REAL);
CREATE TABLE orders(id INTEGER PRIMARY KEY, customer INTEGER REFERENCES customer(id), item TEXT, qty INTEGER, price REAL);
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20000)
INSERT INTO customer SELECT i, 'cust' || printf('%05d', i), 'city' || (i * 7 % 53), (i * 37 % 1000) / 10.0 FROM n;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100000)
INSERT INTO orders SELECT i, (i * 7919) % 20000 + 1, 'item' || (i * 31 % 211), i % 9 + 1, ((i * 13) % 5000) / 100.0 FROM n;
CREATE INDEX orders_customer ON orders(customer);
CREATE INDEX customer_city ON customer(city, score);
COMMIT;

SELECT count(*), sum(qty), round(sum(qty * price), 2) FROM orders;
SELECT c.city, count(DISTINCT c.id), count(o.id), round(avg(o.price), 3)
  FROM customer c JOIN orders o ON o.customer = c.id
  GROUP BY c.city ORDER BY count(o.id) DESC, c.city LIMIT 8;
SELECT name, total, rank FROM (
  SELECT c.name, sum(o.qty * o.price) AS total,
         rank() OVER (ORDER BY sum(o.qty * o.price) DESC, c.name) AS rank
  FROM customer c JOIN orders o ON o.customer = c.id GROUP BY c.id)
 WHERE rank <= 5 ORDER BY rank;
SELECT item, qty, sum(qty) OVER (PARTITION BY item ORDER BY id ROWS BETWEEN 2 PRECEDING AND CURRENT ROW) AS running
  FROM orders WHERE item IN ('item7', 'item42') ORDER BY id LIMIT 10;
SELECT city, group_concat(name, ',') FROM (SELECT city, name FROM customer WHERE score > 99.5 ORDER BY city, name)
  GROUP BY city ORDER BY city LIMIT 5;
SELECT upper(substr(name, 1, 4)), length(name), instr(name, '9'), replace(city, 'city', 'C'), hex(id)
  FROM customer WHERE id % 4999 = 0 ORDER BY id;

-- updates, deletes, correlated subqueries
UPDATE customer SET score = score + 1 WHERE id IN (SELECT customer FROM orders WHERE qty = 9 AND price > 49);
DELETE FROM orders WHERE price < 1.0;
SELECT count(*), (SELECT count(*) FROM customer WHERE score >= 100) FROM orders;
SELECT id, name, (SELECT max(price) FROM orders o WHERE o.customer = c.id) AS maxp
  FROM customer c WHERE id BETWEEN 100 AND 104 ORDER BY id;

-- a self-join and EXCEPT / UNION
SELECT count(*) FROM (SELECT customer FROM orders WHERE qty > 7 EXCEPT SELECT customer FROM orders WHERE qty < 3);
SELECT count(*) FROM (SELECT city FROM customer UNION SELECT item FROM orders);

-- JSON
CREATE TABLE doc(id INTEGER PRIMARY KEY, body TEXT);
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)
INSERT INTO doc SELECT i, json_object('id', i, 'tags', json_array('t' || (i % 5), 't' || (i % 7)), 'v', i * 1.5) FROM n;
SELECT json_extract(body, '$.tags[1]') AS t, count(*), sum(json_extract(body, '$.v'))
  FROM doc GROUP BY t ORDER BY t;
SELECT j.value, count(*) FROM doc, json_each(doc.body, '$.tags') AS j GROUP BY j.value ORDER BY 2 DESC, 1 LIMIT 4;

-- full-text search
CREATE VIRTUAL TABLE notes USING fts5(title, body);
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000)
INSERT INTO notes SELECT 'note ' || i,
  'alpha' || (i % 11) || ' beta' || (i % 13) || ' gamma delta' || (i % 17) || ' the quick brown fox ' || (i % 3) FROM n;
SELECT count(*) FROM notes WHERE notes MATCH 'alpha3 AND beta5';
SELECT title FROM notes WHERE notes MATCH 'delta4 NOT gamma1' ORDER BY rank, title LIMIT 3;

-- a recursive query: the Collatz lengths of 1..3000
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000),
c(start, x, steps) AS (
  SELECT i, i, 0 FROM n
  UNION ALL SELECT start, CASE WHEN x % 2 = 0 THEN x / 2 ELSE 3 * x + 1 END, steps + 1 FROM c WHERE x > 1)
SELECT start, max(steps) FROM c GROUP BY start ORDER BY max(steps) DESC, start LIMIT 3;
