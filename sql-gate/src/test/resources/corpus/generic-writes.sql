-- id: GENERIC_WRITES_001
-- dialect: generic
INSERT INTO t VALUES (1)
-- @@
-- id: GENERIC_WRITES_002
-- dialect: generic
UPDATE t SET a = 1
-- @@
-- id: GENERIC_WRITES_003
-- dialect: generic
DELETE FROM t
-- @@
-- id: GENERIC_WRITES_004
-- dialect: generic
MERGE INTO t USING s ON t.id = s.id WHEN MATCHED THEN DELETE
-- @@
-- id: GENERIC_WRITES_005
-- dialect: generic
UPSERT INTO t VALUES (1)
-- @@
-- id: GENERIC_WRITES_006
-- dialect: generic
REPLACE INTO t VALUES (1)
-- @@
-- id: GENERIC_WRITES_007
-- dialect: generic
CREATE TABLE t (a INT)
-- @@
-- id: GENERIC_WRITES_008
-- dialect: generic
DROP TABLE t
-- @@
-- id: GENERIC_WRITES_009
-- dialect: generic
ALTER TABLE t ADD b INT
-- @@
-- id: GENERIC_WRITES_010
-- dialect: generic
TRUNCATE t
-- @@
-- id: GENERIC_WRITES_011
-- dialect: generic
GRANT ALL ON t TO bob
-- @@
-- id: GENERIC_WRITES_012
-- dialect: generic
REVOKE ALL ON t FROM bob
-- @@
-- id: GENERIC_WRITES_013
-- dialect: generic
SET search_path = evil
-- @@
-- id: GENERIC_WRITES_014
-- dialect: generic
CALL proc()
-- @@
-- id: GENERIC_WRITES_015
-- dialect: generic
EXEC sp_who
-- @@
-- id: GENERIC_WRITES_016
-- dialect: generic
EXEC('DELETE FROM t')
-- @@
-- id: GENERIC_WRITES_017
-- dialect: generic
EXECUTE stmt
-- @@
-- id: GENERIC_WRITES_018
-- dialect: generic
PREPARE p AS DELETE FROM t
-- @@
-- id: GENERIC_WRITES_019
-- dialect: generic
LOCK TABLE t
-- @@
-- id: GENERIC_WRITES_020
-- dialect: generic
VACUUM t
-- @@
-- id: GENERIC_WRITES_021
-- dialect: generic
ANALYZE t
-- @@
-- id: GENERIC_WRITES_022
-- dialect: generic
SELECT * INTO newt FROM t
-- @@
-- id: GENERIC_WRITES_023
-- dialect: generic
SELECT * INTO OUTFILE '/tmp/x' FROM t
-- @@
-- id: GENERIC_WRITES_024
-- dialect: generic
WITH d AS (DELETE FROM t RETURNING *) SELECT * FROM d
-- @@
-- id: GENERIC_WRITES_025
-- dialect: generic
WITH u AS (UPDATE t SET a = 1 RETURNING *) SELECT * FROM u
-- @@
-- id: GENERIC_WRITES_026
-- dialect: generic
WITH i AS (INSERT INTO t VALUES (1) RETURNING *) SELECT * FROM i
-- @@
-- id: GENERIC_WRITES_027
-- dialect: generic
WITH x AS (SELECT 1) DROP TABLE t
-- @@
-- id: GENERIC_WRITES_028
-- dialect: generic
WITH x AS (SELECT 1) INSERT INTO t SELECT * FROM x
-- @@
-- id: GENERIC_WRITES_029
-- dialect: generic
EXPLAIN ANALYZE DELETE FROM t
-- @@
-- id: GENERIC_WRITES_030
-- dialect: generic
EXPLAIN (ANALYZE) UPDATE t SET a = 1
-- @@
-- id: GENERIC_WRITES_031
-- dialect: generic
EXPLAIN ANALYZE SELECT * INTO t2 FROM t
-- @@
-- id: GENERIC_WRITES_032
-- dialect: generic
SELECT pg_read_file('/etc/passwd')
-- @@
-- id: GENERIC_WRITES_033
-- dialect: generic
SELECT pg_terminate_backend(123)
-- @@
-- id: GENERIC_WRITES_034
-- dialect: generic
SELECT set_config('x', 'y', false)
-- @@
-- id: GENERIC_WRITES_035
-- dialect: generic
SELECT lo_import('/etc/passwd')
-- @@
-- id: GENERIC_WRITES_036
-- dialect: generic
SELECT * FROM dblink('host=x', 'DELETE FROM t') AS t(a int)
-- @@
-- id: GENERIC_WRITES_037
-- dialect: generic
SELECT * FROM OPENROWSET(BULK 'C:\x.txt', SINGLE_CLOB) AS x
-- @@
-- id: GENERIC_WRITES_038
-- dialect: generic
SELECT LOAD_FILE('/etc/passwd')
-- @@
-- id: GENERIC_WRITES_039
-- dialect: generic
SELECT * FROM t FOR UPDATE
-- @@
-- id: GENERIC_WRITES_040
-- dialect: generic
SELECT * FROM t LOCK IN SHARE MODE
-- @@
-- id: GENERIC_WRITES_041
-- dialect: generic
SELECT * FROM t FOR SHARE
-- @@
-- id: GENERIC_WRITES_042
-- dialect: generic
SELECT * FROM t FOR NO KEY UPDATE
-- @@
-- id: GENERIC_WRITES_043
-- dialect: generic
SELECT 1; DELETE FROM t
-- @@
-- id: GENERIC_WRITES_044
-- dialect: generic
SELECT 'a\'; DROP TABLE t; --'
-- @@
-- id: GENERIC_WRITES_045
-- dialect: generic
SELECT 1 /* /* */ DROP TABLE t -- */
-- @@
-- id: GENERIC_WRITES_046
-- dialect: generic
BEGIN
-- @@
-- id: GENERIC_WRITES_047
-- dialect: generic
COMMIT
-- @@
-- id: GENERIC_WRITES_048
-- dialect: generic
ROLLBACK
-- @@
-- id: GENERIC_WRITES_049
-- dialect: generic
START TRANSACTION
-- @@
-- id: GENERIC_WRITES_050
-- dialect: generic
{call proc()}
-- @@
-- id: GENERIC_WRITES_051
-- dialect: generic
SELECT 1 --1; DROP TABLE t
-- @@
-- id: GENERIC_WRITES_052
-- dialect: generic
SELECT 1 /*!; DROP TABLE t */
-- @@
-- id: GENERIC_WRITES_053
-- dialect: generic
SELECT "a\"" ; DROP TABLE t; -- "
-- @@
-- id: GENERIC_WRITES_054
-- dialect: generic
SELECT nextval('seq')
