-- id: SNOWFLAKE_WRITES_001
-- dialect: snowflake
INSERT INTO t VALUES (1)
-- @@
-- id: SNOWFLAKE_WRITES_002
-- dialect: snowflake
INSERT INTO t SELECT * FROM u
-- @@
-- id: SNOWFLAKE_WRITES_003
-- dialect: snowflake
INSERT OVERWRITE INTO t SELECT * FROM u
-- @@
-- id: SNOWFLAKE_WRITES_004
-- dialect: snowflake
INSERT ALL INTO t1 VALUES (a) INTO t2 VALUES (b) SELECT a, b FROM src
-- @@
-- id: SNOWFLAKE_WRITES_005
-- dialect: snowflake
UPDATE t SET a = 1 WHERE id = 2
-- @@
-- id: SNOWFLAKE_WRITES_006
-- dialect: snowflake
DELETE FROM t WHERE id = 1
-- @@
-- id: SNOWFLAKE_WRITES_007
-- dialect: snowflake
MERGE INTO t USING s ON t.id = s.id WHEN MATCHED THEN UPDATE SET t.v = s.v WHEN NOT MATCHED THEN INSERT (id, v) VALUES (s.id, s.v)
-- @@
-- id: SNOWFLAKE_WRITES_008
-- dialect: snowflake
TRUNCATE TABLE t
-- @@
-- id: SNOWFLAKE_WRITES_009
-- dialect: snowflake
TRUNCATE t
-- @@
-- id: SNOWFLAKE_WRITES_010
-- dialect: snowflake
CREATE TABLE t (a INT)
-- @@
-- id: SNOWFLAKE_WRITES_011
-- dialect: snowflake
CREATE OR REPLACE TABLE t AS SELECT * FROM u
-- @@
-- id: SNOWFLAKE_WRITES_012
-- dialect: snowflake
CREATE TEMPORARY TABLE tmp AS SELECT 1 AS a
-- @@
-- id: SNOWFLAKE_WRITES_013
-- dialect: snowflake
CREATE VIEW v AS SELECT * FROM t
-- @@
-- id: SNOWFLAKE_WRITES_014
-- dialect: snowflake
CREATE OR REPLACE PROCEDURE p() RETURNS STRING LANGUAGE SQL AS $$ BEGIN DELETE FROM t; RETURN 'x'; END $$
-- @@
-- id: SNOWFLAKE_WRITES_015
-- dialect: snowflake
CREATE STAGE s URL = 's3://bucket/path'
-- @@
-- id: SNOWFLAKE_WRITES_016
-- dialect: snowflake
CREATE TASK t1 WAREHOUSE = wh SCHEDULE = '5 MINUTE' AS DELETE FROM t
-- @@
-- id: SNOWFLAKE_WRITES_017
-- dialect: snowflake
CREATE USER eve PASSWORD = 'x'
-- @@
-- id: SNOWFLAKE_WRITES_018
-- dialect: snowflake
CREATE ROLE r
-- @@
-- id: SNOWFLAKE_WRITES_019
-- dialect: snowflake
CREATE DATABASE d CLONE prod
-- @@
-- id: SNOWFLAKE_WRITES_020
-- dialect: snowflake
ALTER TABLE t ADD COLUMN c INT
-- @@
-- id: SNOWFLAKE_WRITES_021
-- dialect: snowflake
ALTER TABLE t RENAME TO u
-- @@
-- id: SNOWFLAKE_WRITES_022
-- dialect: snowflake
ALTER SESSION SET QUERY_TAG = 'x'
-- @@
-- id: SNOWFLAKE_WRITES_023
-- dialect: snowflake
ALTER ACCOUNT SET NETWORK_POLICY = open
-- @@
-- id: SNOWFLAKE_WRITES_024
-- dialect: snowflake
ALTER USER eve SET DEFAULT_ROLE = accountadmin
-- @@
-- id: SNOWFLAKE_WRITES_025
-- dialect: snowflake
ALTER WAREHOUSE wh RESUME
-- @@
-- id: SNOWFLAKE_WRITES_026
-- dialect: snowflake
ALTER WAREHOUSE wh SET WAREHOUSE_SIZE = 'X6LARGE'
-- @@
-- id: SNOWFLAKE_WRITES_027
-- dialect: snowflake
DROP TABLE t
-- @@
-- id: SNOWFLAKE_WRITES_028
-- dialect: snowflake
DROP DATABASE IF EXISTS prod CASCADE
-- @@
-- id: SNOWFLAKE_WRITES_029
-- dialect: snowflake
DROP SCHEMA s
-- @@
-- id: SNOWFLAKE_WRITES_030
-- dialect: snowflake
UNDROP TABLE t
-- @@
-- id: SNOWFLAKE_WRITES_031
-- dialect: snowflake
COMMENT ON TABLE t IS 'x'
-- @@
-- id: SNOWFLAKE_WRITES_032
-- dialect: snowflake
GRANT SELECT ON ALL TABLES IN SCHEMA s TO ROLE r
-- @@
-- id: SNOWFLAKE_WRITES_033
-- dialect: snowflake
GRANT ROLE accountadmin TO USER eve
-- @@
-- id: SNOWFLAKE_WRITES_034
-- dialect: snowflake
REVOKE SELECT ON TABLE t FROM ROLE r
-- @@
-- id: SNOWFLAKE_WRITES_035
-- dialect: snowflake
USE ROLE accountadmin
-- @@
-- id: SNOWFLAKE_WRITES_036
-- dialect: snowflake
USE SECONDARY ROLES ALL
-- @@
-- id: SNOWFLAKE_WRITES_037
-- dialect: snowflake
use role "SYSADMIN"
-- @@
-- id: SNOWFLAKE_WRITES_038
-- dialect: snowflake
SET x = 1
-- @@
-- id: SNOWFLAKE_WRITES_039
-- dialect: snowflake
SET (a, b) = (1, 2)
-- @@
-- id: SNOWFLAKE_WRITES_040
-- dialect: snowflake
UNSET x
-- @@
-- id: SNOWFLAKE_WRITES_041
-- dialect: snowflake
CALL p()
-- @@
-- id: SNOWFLAKE_WRITES_042
-- dialect: snowflake
CALL SYSTEM$SEND_EMAIL('int', 'a@b.c', 'subject', 'body')
-- @@
-- id: SNOWFLAKE_WRITES_043
-- dialect: snowflake
EXECUTE IMMEDIATE 'DROP TABLE t'
-- @@
-- id: SNOWFLAKE_WRITES_044
-- dialect: snowflake
EXECUTE IMMEDIATE $$ BEGIN DROP TABLE t; END $$
-- @@
-- id: SNOWFLAKE_WRITES_045
-- dialect: snowflake
EXECUTE TASK t1
-- @@
-- id: SNOWFLAKE_WRITES_046
-- dialect: snowflake
BEGIN DELETE FROM t; END
-- @@
-- id: SNOWFLAKE_WRITES_047
-- dialect: snowflake
BEGIN LET x := 1; RETURN x; END
-- @@
-- id: SNOWFLAKE_WRITES_048
-- dialect: snowflake
DECLARE c INT DEFAULT 0; BEGIN DELETE FROM t; END
-- @@
-- id: SNOWFLAKE_WRITES_049
-- dialect: snowflake
BEGIN TRANSACTION
-- @@
-- id: SNOWFLAKE_WRITES_050
-- dialect: snowflake
COMMIT
-- @@
-- id: SNOWFLAKE_WRITES_051
-- dialect: snowflake
ROLLBACK
-- @@
-- id: SNOWFLAKE_WRITES_052
-- dialect: snowflake
COPY INTO t FROM @s FILE_FORMAT = (TYPE = CSV)
-- @@
-- id: SNOWFLAKE_WRITES_053
-- dialect: snowflake
COPY INTO @s/out/ FROM (SELECT * FROM t)
-- @@
-- id: SNOWFLAKE_WRITES_054
-- dialect: snowflake
COPY INTO 's3://bucket/x' FROM t CREDENTIALS = (AWS_KEY_ID = 'k' AWS_SECRET_KEY = 's')
-- @@
-- id: SNOWFLAKE_WRITES_055
-- dialect: snowflake
PUT file:///tmp/data.csv @s
-- @@
-- id: SNOWFLAKE_WRITES_056
-- dialect: snowflake
GET @s/file.csv file:///tmp/
-- @@
-- id: SNOWFLAKE_WRITES_057
-- dialect: snowflake
REMOVE @s/path
-- @@
-- id: SNOWFLAKE_WRITES_058
-- dialect: snowflake
RM @~/x
-- @@
-- id: SNOWFLAKE_WRITES_059
-- dialect: snowflake
SELECT SYSTEM$CANCEL_QUERY('01a2')
-- @@
-- id: SNOWFLAKE_WRITES_060
-- dialect: snowflake
SELECT SYSTEM$CANCEL_ALL_QUERIES(123)
-- @@
-- id: SNOWFLAKE_WRITES_061
-- dialect: snowflake
SELECT SYSTEM$ABORT_SESSION(1)
-- @@
-- id: SNOWFLAKE_WRITES_062
-- dialect: snowflake
SELECT SYSTEM$ABORT_TRANSACTION(1)
-- @@
-- id: SNOWFLAKE_WRITES_063
-- dialect: snowflake
SELECT SYSTEM$SET_RETURN_VALUE('x')
-- @@
-- id: SNOWFLAKE_WRITES_064
-- dialect: snowflake
SELECT SYSTEM$TASK_DEPENDENTS_ENABLE('t')
-- @@
-- id: SNOWFLAKE_WRITES_065
-- dialect: snowflake
SELECT SYSTEM$PIPE_FORCE_RESUME('p')
-- @@
-- id: SNOWFLAKE_WRITES_066
-- dialect: snowflake
SELECT SYSTEM$LOG('info', 'x')
-- @@
-- id: SNOWFLAKE_WRITES_067
-- dialect: snowflake
SELECT SYSTEM$WAIT(10)
-- @@
-- id: SNOWFLAKE_WRITES_068
-- dialect: snowflake
SELECT a, SYSTEM$CANCEL_QUERY(qid) FROM queries
-- @@
-- id: SNOWFLAKE_WRITES_069
-- dialect: snowflake
SELECT * FROM t WHERE x = (SELECT SYSTEM$ABORT_SESSION(1))
-- @@
-- id: SNOWFLAKE_WRITES_070
-- dialect: snowflake
SELECT "SYSTEM$CANCEL_QUERY"('x')
-- @@
-- id: SNOWFLAKE_WRITES_071
-- dialect: snowflake
SELECT system$cancel_query ('x')
-- @@
-- id: SNOWFLAKE_WRITES_072
-- dialect: snowflake
SELECT SYSTEM$CANCEL_QUERY /* hidden */ ('x')
-- @@
-- id: SNOWFLAKE_WRITES_073
-- dialect: snowflake
SELECT IDENTIFIER('SYSTEM$CANCEL_QUERY')('x')
-- @@
-- id: SNOWFLAKE_WRITES_074
-- dialect: snowflake
SELECT IDENTIFIER($fn)('x')
-- @@
-- id: SNOWFLAKE_WRITES_075
-- dialect: snowflake
SELECT db.sch.SYSTEM$ABORT_SESSION(1)
-- @@
-- id: SNOWFLAKE_WRITES_076
-- dialect: snowflake
SELECT * INTO t2 FROM t
-- @@
-- id: SNOWFLAKE_WRITES_077
-- dialect: snowflake
WITH x AS (SELECT 1) INSERT INTO t SELECT * FROM x
-- @@
-- id: SNOWFLAKE_WRITES_078
-- dialect: snowflake
WITH x AS (SELECT 1) DELETE FROM t
-- @@
-- id: SNOWFLAKE_WRITES_079
-- dialect: snowflake
WITH x AS (DELETE FROM t RETURNING *) SELECT * FROM x
-- @@
-- id: SNOWFLAKE_WRITES_080
-- dialect: snowflake
SELECT 1; DROP TABLE t
-- @@
-- id: SNOWFLAKE_WRITES_081
-- dialect: snowflake
SELECT 1;DROP TABLE t;
-- @@
-- id: SNOWFLAKE_WRITES_082
-- dialect: snowflake
SHOW TABLES; DROP TABLE t
-- @@
-- id: SNOWFLAKE_WRITES_083
-- dialect: snowflake
SHOW TABLES ->> DROP TABLE t
-- @@
-- id: SNOWFLAKE_WRITES_084
-- dialect: snowflake
SELECT 1 ->> DELETE FROM t
-- @@
-- id: SNOWFLAKE_WRITES_085
-- dialect: snowflake
SELECT * FROM t ->> CREATE TABLE x AS SELECT * FROM $1
-- @@
-- id: SNOWFLAKE_WRITES_086
-- dialect: snowflake
SHOW TABLES ->> USE ROLE accountadmin
-- @@
-- id: SNOWFLAKE_WRITES_087
-- dialect: snowflake
SELECT 1 /* ; */ ; DROP TABLE t
-- @@
-- id: SNOWFLAKE_WRITES_088
-- dialect: snowflake
SELECT 1 /* /* nested */ DROP TABLE t; -- */
-- @@
-- id: SNOWFLAKE_WRITES_089
-- dialect: snowflake
SELECT 1 FROM t FOR UPDATE
-- @@
-- id: SNOWFLAKE_WRITES_090
-- dialect: snowflake
EXPLAIN ANALYZE DELETE FROM t
-- @@
-- id: SNOWFLAKE_WRITES_091
-- dialect: snowflake
EXPLAIN DELETE FROM t
-- @@
-- id: SNOWFLAKE_WRITES_092
-- dialect: snowflake
EXPLAIN INSERT INTO t VALUES (1)
-- @@
-- id: SNOWFLAKE_WRITES_093
-- dialect: snowflake
DESCRIBE TABLE t ->> UPDATE t SET a = 1
-- @@
-- id: SNOWFLAKE_WRITES_094
-- dialect: snowflake
LIST @s ->> REMOVE @s
-- @@
-- id: SNOWFLAKE_WRITES_095
-- dialect: snowflake
SELECT 1; SELECT 2
-- @@
-- id: SNOWFLAKE_WRITES_096
-- dialect: snowflake
SELECT 1
;
DELETE FROM t
-- @@
-- id: SNOWFLAKE_WRITES_097
-- dialect: snowflake
SELECT 1 -- c
; DROP TABLE t
-- @@
-- id: SNOWFLAKE_WRITES_098
-- dialect: snowflake
DROP/**/TABLE t
-- @@
-- id: SNOWFLAKE_WRITES_099
-- dialect: snowflake
dRoP tAbLe t
-- @@
-- id: SNOWFLAKE_WRITES_100
-- dialect: snowflake
SELECT 1 FROM t WHERE a = 1 UNION ALL (DELETE FROM t)
-- @@
-- id: SNOWFLAKE_WRITES_101
-- dialect: snowflake
CREATE/*x*/OR/*y*/REPLACE VIEW v AS SELECT 1
-- @@
-- id: SNOWFLAKE_WRITES_102
-- dialect: snowflake
SELECT 1；DROP TABLE t
-- @@
-- id: SNOWFLAKE_WRITES_103
-- dialect: snowflake
SELECT 1 ; DR​OP TABLE t
-- @@
-- id: SNOWFLAKE_WRITES_104
-- dialect: snowflake
WITH x AS PROCEDURE () RETURNS INT LANGUAGE SQL AS $$ BEGIN DROP TABLE t; RETURN 1; END $$ CALL x()
-- @@
-- id: SNOWFLAKE_WRITES_105
-- dialect: snowflake
UNDROP SCHEMA s
-- @@
-- id: SNOWFLAKE_WRITES_106
-- dialect: snowflake
REFRESH MATERIALIZED VIEW mv
-- @@
-- id: SNOWFLAKE_WRITES_107
-- dialect: snowflake
ALTER DYNAMIC TABLE dt REFRESH
-- @@
-- id: SNOWFLAKE_WRITES_108
-- dialect: snowflake
DEFINE DATABASE d
-- @@
-- id: SNOWFLAKE_WRITES_109
-- dialect: snowflake
EXPLAIN USING TEXT INSERT INTO t SELECT 1
-- @@
-- id: SNOWFLAKE_WRITES_110
-- dialect: snowflake
-- Not a write, but refused in read_only (issue 9): callers share the server's user and pooled
-- sessions, so an earlier result is another caller's data.
SELECT * FROM TABLE(RESULT_SCAN(LAST_QUERY_ID()))
-- @@
-- id: SNOWFLAKE_WRITES_111
-- dialect: snowflake
-- Not a write, but refused in read_only (issue 9): discloses other callers' SQL text.
SELECT * FROM TABLE(INFORMATION_SCHEMA.QUERY_HISTORY(RESULT_LIMIT => 10))
