-- id: DUCKDB_WRITES_001
-- dialect: duckdb
INSERT INTO t VALUES (1)
-- @@
-- id: DUCKDB_WRITES_002
-- dialect: duckdb
INSERT OR REPLACE INTO t VALUES (1)
-- @@
-- id: DUCKDB_WRITES_003
-- dialect: duckdb
INSERT INTO t BY NAME SELECT * FROM u
-- @@
-- id: DUCKDB_WRITES_004
-- dialect: duckdb
UPDATE t SET a = 1
-- @@
-- id: DUCKDB_WRITES_005
-- dialect: duckdb
DELETE FROM t
-- @@
-- id: DUCKDB_WRITES_006
-- dialect: duckdb
CREATE TABLE t AS SELECT * FROM read_csv('/data/x.csv')
-- @@
-- id: DUCKDB_WRITES_007
-- dialect: duckdb
CREATE MACRO m(a) AS a + 1
-- @@
-- id: DUCKDB_WRITES_008
-- dialect: duckdb
CREATE SEQUENCE s
-- @@
-- id: DUCKDB_WRITES_009
-- dialect: duckdb
CREATE TYPE mood AS ENUM ('happy', 'sad')
-- @@
-- id: DUCKDB_WRITES_010
-- dialect: duckdb
CREATE VIEW v AS SELECT 1
-- @@
-- id: DUCKDB_WRITES_011
-- dialect: duckdb
ALTER TABLE t ADD COLUMN c INT
-- @@
-- id: DUCKDB_WRITES_012
-- dialect: duckdb
DROP TABLE t
-- @@
-- id: DUCKDB_WRITES_013
-- dialect: duckdb
DROP MACRO m
-- @@
-- id: DUCKDB_WRITES_014
-- dialect: duckdb
ATTACH 'other.db' AS other
-- @@
-- id: DUCKDB_WRITES_015
-- dialect: duckdb
ATTACH DATABASE '/tmp/x.db' AS x (READ_ONLY)
-- @@
-- id: DUCKDB_WRITES_016
-- dialect: duckdb
DETACH other
-- @@
-- id: DUCKDB_WRITES_017
-- dialect: duckdb
INSTALL httpfs
-- @@
-- id: DUCKDB_WRITES_018
-- dialect: duckdb
LOAD httpfs
-- @@
-- id: DUCKDB_WRITES_019
-- dialect: duckdb
FORCE INSTALL spatial
-- @@
-- id: DUCKDB_WRITES_020
-- dialect: duckdb
SET threads = 1
-- @@
-- id: DUCKDB_WRITES_021
-- dialect: duckdb
SET memory_limit = '1GB'
-- @@
-- id: DUCKDB_WRITES_022
-- dialect: duckdb
SET VARIABLE x = 1
-- @@
-- id: DUCKDB_WRITES_023
-- dialect: duckdb
RESET threads
-- @@
-- id: DUCKDB_WRITES_024
-- dialect: duckdb
PRAGMA enable_profiling
-- @@
-- id: DUCKDB_WRITES_025
-- dialect: duckdb
CHECKPOINT
-- @@
-- id: DUCKDB_WRITES_026
-- dialect: duckdb
FORCE CHECKPOINT
-- @@
-- id: DUCKDB_WRITES_027
-- dialect: duckdb
VACUUM
-- @@
-- id: DUCKDB_WRITES_028
-- dialect: duckdb
ANALYZE
-- @@
-- id: DUCKDB_WRITES_029
-- dialect: duckdb
EXPORT DATABASE '/tmp/out'
-- @@
-- id: DUCKDB_WRITES_030
-- dialect: duckdb
IMPORT DATABASE '/tmp/in'
-- @@
-- id: DUCKDB_WRITES_031
-- dialect: duckdb
COPY t TO '/tmp/t.csv'
-- @@
-- id: DUCKDB_WRITES_032
-- dialect: duckdb
COPY (SELECT * FROM t) TO '/tmp/t.parquet' (FORMAT parquet)
-- @@
-- id: DUCKDB_WRITES_033
-- dialect: duckdb
COPY t FROM '/etc/passwd'
-- @@
-- id: DUCKDB_WRITES_034
-- dialect: duckdb
CALL pragma_version()
-- @@
-- id: DUCKDB_WRITES_035
-- dialect: duckdb
BEGIN TRANSACTION
-- @@
-- id: DUCKDB_WRITES_036
-- dialect: duckdb
COMMIT
-- @@
-- id: DUCKDB_WRITES_037
-- dialect: duckdb
SELECT * FROM read_csv('/etc/passwd')
-- @@
-- id: DUCKDB_WRITES_038
-- dialect: duckdb
SELECT * FROM read_csv_auto('/etc/passwd')
-- @@
-- id: DUCKDB_WRITES_039
-- dialect: duckdb
SELECT * FROM read_parquet('s3://bucket/x.parquet')
-- @@
-- id: DUCKDB_WRITES_040
-- dialect: duckdb
SELECT * FROM parquet_scan('/data/x.parquet')
-- @@
-- id: DUCKDB_WRITES_041
-- dialect: duckdb
SELECT * FROM read_json('https://example.com/x.json')
-- @@
-- id: DUCKDB_WRITES_042
-- dialect: duckdb
SELECT * FROM read_ndjson_auto('/var/log/app.json')
-- @@
-- id: DUCKDB_WRITES_043
-- dialect: duckdb
SELECT * FROM read_text('/home/user/.ssh/id_rsa')
-- @@
-- id: DUCKDB_WRITES_044
-- dialect: duckdb
SELECT * FROM read_blob('/etc/shadow')
-- @@
-- id: DUCKDB_WRITES_045
-- dialect: duckdb
SELECT * FROM glob('/etc/*')
-- @@
-- id: DUCKDB_WRITES_046
-- dialect: duckdb
SELECT * FROM glob(x)
-- @@
-- id: DUCKDB_WRITES_047
-- dialect: duckdb
SELECT * FROM sniff_csv('/etc/passwd')
-- @@
-- id: DUCKDB_WRITES_048
-- dialect: duckdb
SELECT * FROM '/etc/passwd'
-- @@
-- id: DUCKDB_WRITES_049
-- dialect: duckdb
SELECT * FROM 'data.csv'
-- @@
-- id: DUCKDB_WRITES_050
-- dialect: duckdb
SELECT * FROM "data.csv"
-- @@
-- id: DUCKDB_WRITES_051
-- dialect: duckdb
SELECT * FROM data.csv
-- @@
-- id: DUCKDB_WRITES_052
-- dialect: duckdb
SELECT * FROM t JOIN secrets.parquet USING (id)
-- @@
-- id: DUCKDB_WRITES_053
-- dialect: duckdb
SELECT * FROM t, '/etc/passwd'
-- @@
-- id: DUCKDB_WRITES_054
-- dialect: duckdb
SELECT * FROM t JOIN 'x.parquet' USING (id)
-- @@
-- id: DUCKDB_WRITES_055
-- dialect: duckdb
FROM '/etc/passwd'
-- @@
-- id: DUCKDB_WRITES_056
-- dialect: duckdb
FROM 'https://example.com/x.csv'
-- @@
-- id: DUCKDB_WRITES_057
-- dialect: duckdb
SUMMARIZE '/etc/passwd'
-- @@
-- id: DUCKDB_WRITES_058
-- dialect: duckdb
SUMMARIZE TABLE 'https://example.com/x.csv'
-- @@
-- id: DUCKDB_WRITES_059
-- dialect: duckdb
DESCRIBE '/etc/passwd'
-- @@
-- id: DUCKDB_WRITES_060
-- dialect: duckdb
SELECT * FROM read_csv(['/data/ok.csv', '/etc/passwd'])
-- @@
-- id: DUCKDB_WRITES_061
-- dialect: duckdb
SELECT * FROM read_csv('/data/' || 'x.csv')
-- @@
-- id: DUCKDB_WRITES_062
-- dialect: duckdb
SELECT * FROM read_csv('/data/../etc/passwd')
-- @@
-- id: DUCKDB_WRITES_063
-- dialect: duckdb
SELECT * FROM "read_text"('/etc/hostname')
-- @@
-- id: DUCKDB_WRITES_064
-- dialect: duckdb
SELECT * FROM READ_TEXT ('/etc/hostname')
-- @@
-- id: DUCKDB_WRITES_065
-- dialect: duckdb
SELECT * FROM query('DROP TABLE t')
-- @@
-- id: DUCKDB_WRITES_066
-- dialect: duckdb
SELECT * FROM query_table('t')
-- @@
-- id: DUCKDB_WRITES_067
-- dialect: duckdb
SELECT * FROM postgres_scan('host=x', 'public', 't')
-- @@
-- id: DUCKDB_WRITES_068
-- dialect: duckdb
SELECT * FROM duckdb_secrets()
-- @@
-- id: DUCKDB_WRITES_069
-- dialect: duckdb
SELECT nextval('s')
-- @@
-- id: DUCKDB_WRITES_070
-- dialect: duckdb
SELECT setseed(0.5)
-- @@
-- id: DUCKDB_WRITES_071
-- dialect: duckdb
SELECT 'a\'; DROP TABLE t; --'
-- @@
-- id: DUCKDB_WRITES_072
-- dialect: duckdb
SELECT "a\"; DROP TABLE t; --"
-- @@
-- id: DUCKDB_WRITES_073
-- dialect: duckdb
SELECT 10 // 3; DROP TABLE t
-- @@
-- id: DUCKDB_WRITES_074
-- dialect: duckdb
SELECT 1 /* /* */ ; DROP TABLE t; /* */ */ ; DROP TABLE u
-- @@
-- id: DUCKDB_WRITES_075
-- dialect: duckdb
WITH x AS (INSERT INTO t VALUES (1) RETURNING *) SELECT * FROM x
-- @@
-- id: DUCKDB_WRITES_076
-- dialect: duckdb
SELECT * INTO t2 FROM t
-- @@
-- id: DUCKDB_WRITES_GETENV
-- dialect: duckdb
-- note: the environment holds credentials; getenv exists in the DuckDB CLI build
SELECT getenv('SNOWFLAKE_PASSWORD')
