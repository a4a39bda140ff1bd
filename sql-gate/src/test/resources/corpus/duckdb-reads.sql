-- id: DUCKDB_READS_001
-- dialect: duckdb
SELECT 1
-- @@
-- id: DUCKDB_READS_002
-- dialect: duckdb
SELECT 10 // 3
-- @@
-- id: DUCKDB_READS_003
-- dialect: duckdb
SELECT 10 // 3 AS q, 10 % 3 AS r
-- @@
-- id: DUCKDB_READS_004
-- dialect: duckdb
FROM orders
-- @@
-- id: DUCKDB_READS_005
-- dialect: duckdb
FROM orders SELECT id, total WHERE total > 10
-- @@
-- id: DUCKDB_READS_006
-- dialect: duckdb
FROM orders o JOIN customers c USING (customer_id) SELECT o.id, c.name
-- @@
-- id: DUCKDB_READS_007
-- dialect: duckdb
SELECT * EXCLUDE (password) FROM users
-- @@
-- id: DUCKDB_READS_008
-- dialect: duckdb
SELECT * REPLACE (lower(email) AS email) FROM users
-- @@
-- id: DUCKDB_READS_009
-- dialect: duckdb
SELECT COLUMNS('amount_.*') FROM sales
-- @@
-- id: DUCKDB_READS_010
-- dialect: duckdb
SELECT [1, 2, 3] AS l, {'a': 1, 'b': 2} AS s
-- @@
-- id: DUCKDB_READS_011
-- dialect: duckdb
SELECT list_transform([1, 2, 3], x -> x * 2)
-- @@
-- id: DUCKDB_READS_012
-- dialect: duckdb
SELECT [x * 2 FOR x IN [1, 2, 3] IF x > 1]
-- @@
-- id: DUCKDB_READS_013
-- dialect: duckdb
SELECT struct_pack(a := 1, b := 'x')
-- @@
-- id: DUCKDB_READS_014
-- dialect: duckdb
SELECT l[1], l[2:3], s.a, s['b'] FROM t
-- @@
-- id: DUCKDB_READS_015
-- dialect: duckdb
SELECT * FROM trades ASOF JOIN quotes ON trades.sym = quotes.sym AND trades.ts >= quotes.ts
-- @@
-- id: DUCKDB_READS_016
-- dialect: duckdb
SELECT * FROM a POSITIONAL JOIN b
-- @@
-- id: DUCKDB_READS_017
-- dialect: duckdb
SELECT * FROM a ANTI JOIN b ON a.id = b.id
-- @@
-- id: DUCKDB_READS_018
-- dialect: duckdb
SELECT * FROM a SEMI JOIN b USING (id)
-- @@
-- id: DUCKDB_READS_019
-- dialect: duckdb
PIVOT sales ON year USING SUM(amount)
-- @@
-- id: DUCKDB_READS_020
-- dialect: duckdb
UNPIVOT monthly ON jan, feb, mar INTO NAME month VALUE sales
-- @@
-- id: DUCKDB_READS_021
-- dialect: duckdb
SUMMARIZE orders
-- @@
-- id: DUCKDB_READS_022
-- dialect: duckdb
SUMMARIZE SELECT * FROM orders WHERE total > 10
-- @@
-- id: DUCKDB_READS_023
-- dialect: duckdb
DESCRIBE orders
-- @@
-- id: DUCKDB_READS_024
-- dialect: duckdb
DESCRIBE SELECT * FROM orders
-- @@
-- id: DUCKDB_READS_025
-- dialect: duckdb
SHOW TABLES
-- @@
-- id: DUCKDB_READS_026
-- dialect: duckdb
SHOW ALL TABLES
-- @@
-- id: DUCKDB_READS_027
-- dialect: duckdb
SHOW orders
-- @@
-- id: DUCKDB_READS_028
-- dialect: duckdb
EXPLAIN SELECT * FROM orders
-- @@
-- id: DUCKDB_READS_029
-- dialect: duckdb
EXPLAIN ANALYZE SELECT count(*) FROM orders
-- @@
-- id: DUCKDB_READS_030
-- dialect: duckdb
SELECT * FROM duckdb_tables()
-- @@
-- id: DUCKDB_READS_031
-- dialect: duckdb
SELECT * FROM duckdb_columns() WHERE table_name = 'orders'
-- @@
-- id: DUCKDB_READS_032
-- dialect: duckdb
SELECT * FROM information_schema.tables
-- @@
-- id: DUCKDB_READS_033
-- dialect: duckdb
SELECT * FROM pragma_table_info('orders')
-- @@
-- id: DUCKDB_READS_034
-- dialect: duckdb
SELECT current_setting('threads')
-- @@
-- id: DUCKDB_READS_035
-- dialect: duckdb
SELECT * FROM range(10)
-- @@
-- id: DUCKDB_READS_036
-- dialect: duckdb
SELECT * FROM generate_series(1, 10)
-- @@
-- id: DUCKDB_READS_037
-- dialect: duckdb
SELECT unnest([1, 2, 3])
-- @@
-- id: DUCKDB_READS_038
-- dialect: duckdb
SELECT a, count(*) FROM t GROUP BY ALL ORDER BY ALL
-- @@
-- id: DUCKDB_READS_039
-- dialect: duckdb
SELECT * FROM t QUALIFY row_number() OVER (PARTITION BY a ORDER BY b) = 1
-- @@
-- id: DUCKDB_READS_040
-- dialect: duckdb
SELECT * FROM t WHERE name SIMILAR TO 'a.*'
-- @@
-- id: DUCKDB_READS_041
-- dialect: duckdb
SELECT * FROM t WHERE name ~~ 'a%'
-- @@
-- id: DUCKDB_READS_042
-- dialect: duckdb
SELECT e'line\nbreak'
-- @@
-- id: DUCKDB_READS_043
-- dialect: duckdb
SELECT E'it\'s'
-- @@
-- id: DUCKDB_READS_044
-- dialect: duckdb
SELECT $$dollar ' quoted$$, $tag$ with $$ inside $tag$
-- @@
-- id: DUCKDB_READS_045
-- dialect: duckdb
SELECT 'a\' AS single_backslash
-- @@
-- id: DUCKDB_READS_046
-- dialect: duckdb
SELECT "a\" FROM t
-- @@
-- id: DUCKDB_READS_047
-- dialect: duckdb
SELECT 1 /* nested /* comment */ still comment */ + 1
-- @@
-- id: DUCKDB_READS_048
-- dialect: duckdb
SELECT strftime(now(), '%Y-%m-%d'), date_trunc('month', ts) FROM t
-- @@
-- id: DUCKDB_READS_049
-- dialect: duckdb
SELECT regexp_extract(s, '([0-9]+)', 1) FROM t
-- @@
-- id: DUCKDB_READS_050
-- dialect: duckdb
SELECT extract('year' FROM DATE '1992-09-20')
-- @@
-- id: DUCKDB_READS_051
-- dialect: duckdb
SELECT substring('hello' FROM 2 FOR 3)
-- @@
-- id: DUCKDB_READS_052
-- dialect: duckdb
SELECT trim(BOTH 'x' FROM 'xxhixx')
-- @@
-- id: DUCKDB_READS_053
-- dialect: duckdb
SELECT * FROM t USING SAMPLE 10%
-- @@
-- id: DUCKDB_READS_054
-- dialect: duckdb
SELECT * FROM t TABLESAMPLE 5 ROWS
-- @@
-- id: DUCKDB_READS_055
-- dialect: duckdb
WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 5) SELECT * FROM r
-- @@
-- id: DUCKDB_READS_056
-- dialect: duckdb
WITH c AS MATERIALIZED (SELECT 1 AS x) SELECT * FROM c
-- @@
-- id: DUCKDB_READS_057
-- dialect: duckdb
VALUES (1, 2), (3, 4)
-- @@
-- id: DUCKDB_READS_058
-- dialect: duckdb
SELECT ARG_MAX(a, b), MAX_BY(a, b), list(a), histogram(a) FROM t
-- @@
-- id: DUCKDB_READS_059
-- dialect: duckdb
SELECT t.* FROM t WHERE (a, b) IN ((1, 2), (3, 4))
-- @@
-- id: DUCKDB_READS_060
-- dialect: duckdb
SELECT map([1, 2], ['a', 'b'])
-- @@
-- id: DUCKDB_READS_061
-- dialect: duckdb
SELECT 2 ** 3, 2 ^ 3, @(-1)
-- @@
-- id: DUCKDB_READS_062
-- dialect: duckdb
SELECT 'SET threads = 1' AS text
-- @@
-- id: DUCKDB_READS_063
-- dialect: duckdb
SELECT getvariable('x')
-- @@
-- id: DUCKDB_READS_064
-- dialect: duckdb
SELECT * FROM "my table" WHERE "column" = 1
-- @@
-- id: DUCKDB_READS_065
-- dialect: duckdb
SELECT 'ok' FROM t, u WHERE t.id = u.id
