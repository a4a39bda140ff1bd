-- id: GENERIC_READS_001
-- dialect: generic
SELECT 1
-- @@
-- id: GENERIC_READS_002
-- dialect: generic
SELECT * FROM users WHERE id = 1
-- @@
-- id: GENERIC_READS_003
-- dialect: generic
SELECT u.name, COUNT(o.id) FROM users u LEFT JOIN orders o ON o.user_id = u.id GROUP BY u.name
-- @@
-- id: GENERIC_READS_004
-- dialect: generic
WITH t AS (SELECT 1 AS a) SELECT a FROM t
-- @@
-- id: GENERIC_READS_005
-- dialect: generic
SELECT * FROM t ORDER BY a DESC LIMIT 5 OFFSET 10
-- @@
-- id: GENERIC_READS_006
-- dialect: generic
SELECT CAST(a AS VARCHAR), COALESCE(b, 0) FROM t
-- @@
-- id: GENERIC_READS_007
-- dialect: generic
SELECT * FROM t WHERE a IN (1, 2, 3) AND b LIKE 'x%'
-- @@
-- id: GENERIC_READS_008
-- dialect: generic
VALUES (1), (2)
-- @@
-- id: GENERIC_READS_009
-- dialect: generic
TABLE users
-- @@
-- id: GENERIC_READS_010
-- dialect: generic
SHOW TABLES
-- @@
-- id: GENERIC_READS_011
-- dialect: generic
DESCRIBE users
-- @@
-- id: GENERIC_READS_012
-- dialect: generic
EXPLAIN SELECT * FROM users
-- @@
-- id: GENERIC_READS_013
-- dialect: generic
SELECT 'it''s' AS s
-- @@
-- id: GENERIC_READS_014
-- dialect: generic
SELECT "weird name" FROM "Weird Table"
-- @@
-- id: GENERIC_READS_015
-- dialect: generic
SELECT `mysql_col` FROM `mysql_table`
-- @@
-- id: GENERIC_READS_016
-- dialect: generic
SELECT 1 /* comment */ + 1 -- tail
-- @@
-- id: GENERIC_READS_017
-- dialect: generic
SELECT current_timestamp, current_user
-- @@
-- id: GENERIC_READS_018
-- dialect: generic
SELECT a, RANK() OVER (ORDER BY b) FROM t
-- @@
-- id: GENERIC_READS_019
-- dialect: generic
SELECT * FROM a CROSS JOIN b
-- @@
-- id: GENERIC_READS_020
-- dialect: generic
SELECT * FROM a NATURAL JOIN b
-- @@
-- id: GENERIC_READS_021
-- dialect: generic
SELECT EXISTS (SELECT 1 FROM t)
-- @@
-- id: GENERIC_READS_022
-- dialect: generic
SELECT CASE a WHEN 1 THEN 'x' END FROM t
-- @@
-- id: GENERIC_READS_023
-- dialect: generic
SELECT * FROM t WHERE a BETWEEN 1 AND 10
-- @@
-- id: GENERIC_READS_024
-- dialect: generic
SELECT DISTINCT a FROM t
-- @@
-- id: GENERIC_READS_025
-- dialect: generic
SELECT a FROM t1 EXCEPT SELECT a FROM t2
-- @@
-- id: GENERIC_READS_026
-- dialect: generic
USE mydb
-- @@
-- id: GENERIC_READS_027
-- dialect: generic
SELECT * FROM t WHERE note = 'DELETE FROM x'
-- @@
-- id: GENERIC_READS_028
-- dialect: generic
SELECT t.update FROM t
-- @@
-- id: GENERIC_READS_029
-- dialect: generic
SELECT max(a) FILTER (WHERE b > 0) FROM t
-- @@
-- id: GENERIC_READS_030
-- dialect: generic
SELECT string_agg(a, ',') FROM t
-- @@
-- id: GENERIC_READS_031
-- dialect: generic
SELECT '\\' AS s
-- @@
-- id: GENERIC_READS_032
-- dialect: generic
SELECT x FROM UNNEST(a) WITH ORDINALITY AS t(x, n)
-- @@
-- id: GENERIC_READS_033
-- dialect: generic
SELECT CAST(ts AS TIMESTAMP WITH TIME ZONE) FROM t
