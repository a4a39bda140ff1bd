-- id: SNOWFLAKE_READS_001
-- dialect: snowflake
SELECT 1
-- @@
-- id: SNOWFLAKE_READS_002
-- dialect: snowflake
select current_date
-- @@
-- id: SNOWFLAKE_READS_003
-- dialect: snowflake
SELECT * FROM sales.public.orders LIMIT 10
-- @@
-- id: SNOWFLAKE_READS_004
-- dialect: snowflake
SELECT o.id, c.name FROM orders o JOIN customers c ON o.customer_id = c.id WHERE o.total > 100
-- @@
-- id: SNOWFLAKE_READS_005
-- dialect: snowflake
SELECT region, SUM(amount) AS total FROM sales GROUP BY region HAVING SUM(amount) > 1000 ORDER BY total DESC
-- @@
-- id: SNOWFLAKE_READS_006
-- dialect: snowflake
SELECT id, ROW_NUMBER() OVER (PARTITION BY region ORDER BY ts DESC) AS rn FROM events QUALIFY rn = 1
-- @@
-- id: SNOWFLAKE_READS_007
-- dialect: snowflake
SELECT * FROM events QUALIFY ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY ts) = 1
-- @@
-- id: SNOWFLAKE_READS_008
-- dialect: snowflake
SELECT f.value:name::string AS name FROM raw_json r, LATERAL FLATTEN(input => r.payload:items) f
-- @@
-- id: SNOWFLAKE_READS_009
-- dialect: snowflake
SELECT payload:customer.address.city::string FROM raw_events
-- @@
-- id: SNOWFLAKE_READS_010
-- dialect: snowflake
SELECT src:"weird key"::varchar FROM t
-- @@
-- id: SNOWFLAKE_READS_011
-- dialect: snowflake
SELECT v:a.b[0]:c::number AS x FROM t
-- @@
-- id: SNOWFLAKE_READS_012
-- dialect: snowflake
SELECT * FROM monthly_sales PIVOT (SUM(amount) FOR month IN ('JAN', 'FEB', 'MAR')) AS p ORDER BY empid
-- @@
-- id: SNOWFLAKE_READS_013
-- dialect: snowflake
SELECT * FROM wide UNPIVOT (sales FOR month IN (jan, feb, mar))
-- @@
-- id: SNOWFLAKE_READS_014
-- dialect: snowflake
SELECT * FROM stock MATCH_RECOGNIZE (PARTITION BY sym ORDER BY ts MEASURES FIRST(ts) AS s ONE ROW PER MATCH PATTERN (UP+ DOWN+) DEFINE UP AS price > LAG(price), DOWN AS price < LAG(price))
-- @@
-- id: SNOWFLAKE_READS_015
-- dialect: snowflake
SELECT * FROM users WHERE name ILIKE ANY ('%ann%', '%bob%')
-- @@
-- id: SNOWFLAKE_READS_016
-- dialect: snowflake
SELECT * FROM users WHERE email NOT ILIKE '%@example.com'
-- @@
-- id: SNOWFLAKE_READS_017
-- dialect: snowflake
SELECT * FROM big_table SAMPLE (10)
-- @@
-- id: SNOWFLAKE_READS_018
-- dialect: snowflake
SELECT * FROM big_table TABLESAMPLE BERNOULLI (5) SEED (42)
-- @@
-- id: SNOWFLAKE_READS_019
-- dialect: snowflake
SELECT * FROM big_table SAMPLE (100 ROWS)
-- @@
-- id: SNOWFLAKE_READS_020
-- dialect: snowflake
SELECT * FROM orders AT (TIMESTAMP => '2024-01-01 00:00:00'::timestamp_ltz)
-- @@
-- id: SNOWFLAKE_READS_021
-- dialect: snowflake
SELECT * FROM orders AT (OFFSET => -3600)
-- @@
-- id: SNOWFLAKE_READS_022
-- dialect: snowflake
SELECT * FROM orders BEFORE (STATEMENT => '01a2b3c4-0000-1111-2222-333344445555')
-- @@
-- id: SNOWFLAKE_READS_023
-- dialect: snowflake
SELECT employee_id, manager_id, LEVEL FROM employees START WITH manager_id IS NULL CONNECT BY PRIOR employee_id = manager_id
-- @@
-- id: SNOWFLAKE_READS_024
-- dialect: snowflake
SELECT $1, $2 FROM @my_stage/data/ (FILE_FORMAT => 'my_csv')
-- @@
-- id: SNOWFLAKE_READS_025
-- dialect: snowflake
SELECT t.$1:id FROM @~/staged.json t
-- @@
-- id: SNOWFLAKE_READS_026
-- dialect: snowflake
SELECT METADATA$FILENAME, $1 FROM @%orders
-- @@
-- id: SNOWFLAKE_READS_027
-- dialect: snowflake
SELECT LAST_QUERY_ID()
-- @@
-- id: SNOWFLAKE_READS_028
-- dialect: snowflake
SELECT * FROM TABLE(GENERATOR(ROWCOUNT => 10))
-- @@
-- id: SNOWFLAKE_READS_029
-- dialect: snowflake
SELECT seq4(), uniform(1, 10, random()) FROM TABLE(GENERATOR(ROWCOUNT => 100))
-- @@
-- id: SNOWFLAKE_READS_030
-- dialect: snowflake
SELECT * FROM TABLE(FLATTEN(INPUT => PARSE_JSON('[1, 2]')))
-- @@
-- id: SNOWFLAKE_READS_031
-- dialect: snowflake
SELECT table_name, comment FROM information_schema.tables WHERE table_schema = 'PUBLIC'
-- @@
-- id: SNOWFLAKE_READS_032
-- dialect: snowflake
SELECT column_name, data_type FROM my_db.information_schema.columns WHERE table_name = 'ORDERS'
-- @@
-- id: SNOWFLAKE_READS_033
-- dialect: snowflake
SELECT SYSTEM$CLUSTERING_INFORMATION('orders', '(order_date)')
-- @@
-- id: SNOWFLAKE_READS_034
-- dialect: snowflake
SELECT SYSTEM$CLUSTERING_DEPTH('orders')
-- @@
-- id: SNOWFLAKE_READS_035
-- dialect: snowflake
SELECT SYSTEM$TYPEOF(1.5)
-- @@
-- id: SNOWFLAKE_READS_036
-- dialect: snowflake
SELECT SYSTEM$PIPE_STATUS('db.sch.pipe1')
-- @@
-- id: SNOWFLAKE_READS_037
-- dialect: snowflake
SELECT SYSTEM$EXPLAIN_PLAN_JSON('SELECT 1')
-- @@
-- id: SNOWFLAKE_READS_038
-- dialect: snowflake
SELECT SYSTEM$ALLOWLIST()
-- @@
-- id: SNOWFLAKE_READS_039
-- dialect: snowflake
select system$stream_has_data('s1')
-- @@
-- id: SNOWFLAKE_READS_040
-- dialect: snowflake
SELECT GET(obj, 'key') FROM t
-- @@
-- id: SNOWFLAKE_READS_041
-- dialect: snowflake
SELECT GET_PATH(obj, 'a.b') FROM t
-- @@
-- id: SNOWFLAKE_READS_042
-- dialect: snowflake
SELECT INSERT('abcdef', 2, 3, 'XYZ')
-- @@
-- id: SNOWFLAKE_READS_043
-- dialect: snowflake
SELECT TRUNCATE(3.14159, 2)
-- @@
-- id: SNOWFLAKE_READS_044
-- dialect: snowflake
SELECT REPLACE(name, 'a', 'b') FROM t
-- @@
-- id: SNOWFLAKE_READS_045
-- dialect: snowflake
SELECT LEFT(name, 3), RIGHT(name, 2) FROM t
-- @@
-- id: SNOWFLAKE_READS_046
-- dialect: snowflake
SELECT 'it''s', 'back\\slash', 'quote \' inside' FROM t
-- @@
-- id: SNOWFLAKE_READS_047
-- dialect: snowflake
SELECT $$a 'quoted' ; body$$ AS s
-- @@
-- id: SNOWFLAKE_READS_048
-- dialect: snowflake
SELECT 10 // comment here
-- @@
-- id: SNOWFLAKE_READS_049
-- dialect: snowflake
SELECT 1 /* block ; comment */ + 2
-- @@
-- id: SNOWFLAKE_READS_050
-- dialect: snowflake
SELECT 1; 
-- @@
-- id: SNOWFLAKE_READS_051
-- dialect: snowflake
SELECT 1 -- trailing comment
-- @@
-- id: SNOWFLAKE_READS_052
-- dialect: snowflake
SELECT 1 ;  -- done
-- @@
-- id: SNOWFLAKE_READS_053
-- dialect: snowflake
SELECT * EXCLUDE (secret) FROM users
-- @@
-- id: SNOWFLAKE_READS_054
-- dialect: snowflake
SELECT * EXCLUDE secret FROM users
-- @@
-- id: SNOWFLAKE_READS_055
-- dialect: snowflake
SELECT * RENAME (a AS b) FROM t
-- @@
-- id: SNOWFLAKE_READS_056
-- dialect: snowflake
SELECT * ILIKE '%id' FROM t
-- @@
-- id: SNOWFLAKE_READS_057
-- dialect: snowflake
SELECT {'a': 1, 'b': 'x'} AS obj
-- @@
-- id: SNOWFLAKE_READS_058
-- dialect: snowflake
SELECT [1, 2, 3] AS arr
-- @@
-- id: SNOWFLAKE_READS_059
-- dialect: snowflake
SELECT OBJECT_CONSTRUCT('a', 1, 'b', 2)
-- @@
-- id: SNOWFLAKE_READS_060
-- dialect: snowflake
SELECT ARRAY_AGG(x) WITHIN GROUP (ORDER BY x) FROM t
-- @@
-- id: SNOWFLAKE_READS_061
-- dialect: snowflake
SELECT LISTAGG(name, ', ') WITHIN GROUP (ORDER BY name) FROM t
-- @@
-- id: SNOWFLAKE_READS_062
-- dialect: snowflake
SELECT IFF(a > 0, 'pos', 'neg'), NVL(b, 0), DECODE(c, 1, 'one', 'other') FROM t
-- @@
-- id: SNOWFLAKE_READS_063
-- dialect: snowflake
SELECT DATEADD(day, -7, CURRENT_DATE()), DATEDIFF('day', a, b) FROM t
-- @@
-- id: SNOWFLAKE_READS_064
-- dialect: snowflake
SELECT TRY_TO_NUMBER(s), TO_VARCHAR(d, 'YYYY-MM-DD') FROM t
-- @@
-- id: SNOWFLAKE_READS_065
-- dialect: snowflake
SELECT a FROM t1 UNION ALL SELECT a FROM t2 MINUS SELECT a FROM t3
-- @@
-- id: SNOWFLAKE_READS_066
-- dialect: snowflake
SELECT a FROM t1 INTERSECT SELECT a FROM t2
-- @@
-- id: SNOWFLAKE_READS_067
-- dialect: snowflake
WITH recent AS (SELECT * FROM orders WHERE ts > DATEADD(day, -1, CURRENT_TIMESTAMP())) SELECT COUNT(*) FROM recent
-- @@
-- id: SNOWFLAKE_READS_068
-- dialect: snowflake
WITH RECURSIVE r (n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 10) SELECT * FROM r
-- @@
-- id: SNOWFLAKE_READS_069
-- dialect: snowflake
WITH a AS (SELECT 1 AS x), b AS (SELECT x + 1 AS y FROM a) SELECT * FROM b
-- @@
-- id: SNOWFLAKE_READS_070
-- dialect: snowflake
(SELECT 1) UNION (SELECT 2)
-- @@
-- id: SNOWFLAKE_READS_071
-- dialect: snowflake
VALUES (1, 'a'), (2, 'b')
-- @@
-- id: SNOWFLAKE_READS_072
-- dialect: snowflake
SELECT * FROM (VALUES (1), (2)) AS v(x)
-- @@
-- id: SNOWFLAKE_READS_073
-- dialect: snowflake
SELECT * FROM t ASOF JOIN q MATCH_CONDITION (t.ts >= q.ts) ON t.sym = q.sym
-- @@
-- id: SNOWFLAKE_READS_074
-- dialect: snowflake
SELECT * FROM t CHANGES (INFORMATION => DEFAULT) AT (OFFSET => -600)
-- @@
-- id: SNOWFLAKE_READS_075
-- dialect: snowflake
SELECT IDENTIFIER('my_table').* FROM IDENTIFIER('my_table')
-- @@
-- id: SNOWFLAKE_READS_076
-- dialect: snowflake
SELECT * FROM IDENTIFIER($tbl)
-- @@
-- id: SNOWFLAKE_READS_077
-- dialect: snowflake
SELECT "Mixed Case Column", "select" FROM "My Table"
-- @@
-- id: SNOWFLAKE_READS_078
-- dialect: snowflake
SELECT t."update", t."delete" FROM t
-- @@
-- id: SNOWFLAKE_READS_079
-- dialect: snowflake
SELECT t.update, t.delete FROM t
-- @@
-- id: SNOWFLAKE_READS_080
-- dialect: snowflake
SELECT a AS "insert" FROM t
-- @@
-- id: SNOWFLAKE_READS_081
-- dialect: snowflake
SELECT HASH(*) FROM t
-- @@
-- id: SNOWFLAKE_READS_082
-- dialect: snowflake
SELECT COUNT(DISTINCT user_id) FROM events WHERE ts BETWEEN '2024-01-01' AND '2024-02-01'
-- @@
-- id: SNOWFLAKE_READS_083
-- dialect: snowflake
SELECT CASE WHEN a = 1 THEN 'one' WHEN a = 2 THEN 'two' ELSE 'many' END FROM t
-- @@
-- id: SNOWFLAKE_READS_084
-- dialect: snowflake
SELECT * FROM t WHERE id IN (SELECT id FROM u WHERE EXISTS (SELECT 1 FROM v WHERE v.id = u.id))
-- @@
-- id: SNOWFLAKE_READS_085
-- dialect: snowflake
SELECT PARSE_JSON('{"a": 1}'):a::int
-- @@
-- id: SNOWFLAKE_READS_086
-- dialect: snowflake
SELECT ST_DISTANCE(TO_GEOGRAPHY('POINT(0 0)'), TO_GEOGRAPHY('POINT(1 1)'))
-- @@
-- id: SNOWFLAKE_READS_087
-- dialect: snowflake
SELECT SOUNDEX('great product'), EDITDISTANCE('great', 'grate')
-- @@
-- id: SNOWFLAKE_READS_088
-- dialect: snowflake
SELECT name FROM t ORDER BY name NULLS LAST LIMIT 10 OFFSET 20
-- @@
-- id: SNOWFLAKE_READS_089
-- dialect: snowflake
SELECT * FROM t FETCH FIRST 5 ROWS ONLY
-- @@
-- id: SNOWFLAKE_READS_090
-- dialect: snowflake
SELECT TOP 10 * FROM t
-- @@
-- id: SNOWFLAKE_READS_091
-- dialect: snowflake
SHOW TABLES
-- @@
-- id: SNOWFLAKE_READS_092
-- dialect: snowflake
SHOW TERSE TABLES IN SCHEMA analytics.public
-- @@
-- id: SNOWFLAKE_READS_093
-- dialect: snowflake
SHOW TABLES LIKE 'ORD%' IN ACCOUNT
-- @@
-- id: SNOWFLAKE_READS_094
-- dialect: snowflake
SHOW DATABASES
-- @@
-- id: SNOWFLAKE_READS_095
-- dialect: snowflake
SHOW SCHEMAS IN DATABASE analytics
-- @@
-- id: SNOWFLAKE_READS_096
-- dialect: snowflake
SHOW COLUMNS IN TABLE orders
-- @@
-- id: SNOWFLAKE_READS_097
-- dialect: snowflake
SHOW WAREHOUSES
-- @@
-- id: SNOWFLAKE_READS_098
-- dialect: snowflake
SHOW GRANTS TO ROLE analyst
-- @@
-- id: SNOWFLAKE_READS_099
-- dialect: snowflake
SHOW TABLES IN ACCOUNT LIMIT 100 FROM 'ORDERS'
-- @@
-- id: SNOWFLAKE_READS_100
-- dialect: snowflake
SHOW PRIMARY KEYS IN SCHEMA db.sch
-- @@
-- id: SNOWFLAKE_READS_101
-- dialect: snowflake
SHOW USERS
-- @@
-- id: SNOWFLAKE_READS_102
-- dialect: snowflake
DESCRIBE TABLE orders
-- @@
-- id: SNOWFLAKE_READS_103
-- dialect: snowflake
DESC TABLE orders TYPE = STAGE
-- @@
-- id: SNOWFLAKE_READS_104
-- dialect: snowflake
DESCRIBE VIEW v_orders
-- @@
-- id: SNOWFLAKE_READS_105
-- dialect: snowflake
DESC WAREHOUSE compute_wh
-- @@
-- id: SNOWFLAKE_READS_106
-- dialect: snowflake
DESCRIBE STAGE my_stage
-- @@
-- id: SNOWFLAKE_READS_107
-- dialect: snowflake
DESCRIBE RESULT LAST_QUERY_ID()
-- @@
-- id: SNOWFLAKE_READS_108
-- dialect: snowflake
DESCRIBE FUNCTION my_udf(NUMBER)
-- @@
-- id: SNOWFLAKE_READS_109
-- dialect: snowflake
EXPLAIN SELECT * FROM orders
-- @@
-- id: SNOWFLAKE_READS_110
-- dialect: snowflake
EXPLAIN USING TEXT SELECT a FROM t WHERE b = 1
-- @@
-- id: SNOWFLAKE_READS_111
-- dialect: snowflake
EXPLAIN USING JSON WITH x AS (SELECT 1) SELECT * FROM x
-- @@
-- id: SNOWFLAKE_READS_112
-- dialect: snowflake
LIST @my_stage
-- @@
-- id: SNOWFLAKE_READS_113
-- dialect: snowflake
LIST @my_stage/path/ PATTERN = '.*[.]csv'
-- @@
-- id: SNOWFLAKE_READS_114
-- dialect: snowflake
LS @~
-- @@
-- id: SNOWFLAKE_READS_115
-- dialect: snowflake
LIST @%orders
-- @@
-- id: SNOWFLAKE_READS_116
-- dialect: snowflake
USE DATABASE analytics
-- @@
-- id: SNOWFLAKE_READS_117
-- dialect: snowflake
USE SCHEMA analytics.public
-- @@
-- id: SNOWFLAKE_READS_118
-- dialect: snowflake
USE WAREHOUSE compute_wh
-- @@
-- id: SNOWFLAKE_READS_119
-- dialect: snowflake
USE analytics
-- @@
-- id: SNOWFLAKE_READS_120
-- dialect: snowflake
USE SCHEMA IDENTIFIER('analytics.public')
-- @@
-- id: SNOWFLAKE_READS_121
-- dialect: snowflake
SHOW TABLES ->> SELECT "name" FROM $1 WHERE "rows" > 0
-- @@
-- id: SNOWFLAKE_READS_122
-- dialect: snowflake
SELECT 'ınsert' AS turkish_text
-- @@
-- id: SNOWFLAKE_READS_123
-- dialect: snowflake
SELECT '日本語' AS "列", 'ü' AS ü FROM t
-- @@
-- id: SNOWFLAKE_READS_124
-- dialect: snowflake
SELECT 'DROP TABLE t; --' AS not_a_statement
-- @@
-- id: SNOWFLAKE_READS_125
-- dialect: snowflake
SELECT 'a\'; DROP TABLE t; --'
-- @@
-- id: SNOWFLAKE_READS_126
-- dialect: snowflake
SELECT 1 // ; DROP TABLE t
-- @@
-- id: SNOWFLAKE_READS_127
-- dialect: snowflake
SELECT 'a\\' AS backslash_end
-- @@
-- id: SNOWFLAKE_READS_128
-- dialect: snowflake
SELECT * FROM t WHERE note = 'SET x = 1; DELETE FROM y'
