-- DuckDB logging: enable_logging() bypasses lock_configuration; a file target broke every later
-- query, stdout wrote other callers' SQL into the MCP stdio channel, duckdb_logs disclosed SQL.
SELECT * FROM enable_logging(storage='file', storage_path='${DIR}/logs')
SELECT * FROM enable_logging(storage='stdout')
SELECT * FROM enable_logging(level='DEBUG', storage='stdout')
FROM enable_logging(storage = 'stdout')
SELECT * FROM range(1), enable_logging(storage='stdout')
SELECT * FROM range(1) r JOIN enable_logging(storage='stdout') e ON true
SELECT * FROM range(1) r, LATERAL enable_logging(storage='stdout')
WITH x AS (SELECT * FROM enable_logging(storage='stdout')) SELECT * FROM x
SELECT * FROM (SELECT * FROM enable_logging(storage='stdout'))
SELECT 1 UNION ALL SELECT * FROM enable_logging(storage='stdout')
SELECT * FROM "enable_logging"(storage='stdout')
SELECT * FROM ENABLE_LOGGING(STORAGE='stdout')
SELECT * FROM system.main.enable_logging(storage='stdout')
SELECT * FROM enable_logging(['QueryLog'], storage='stdout')
EXPLAIN SELECT * FROM enable_logging(storage='stdout')
SELECT * FROM duckdb_logs
SELECT * FROM duckdb_logs()
SELECT message FROM system.main.duckdb_logs
SELECT * FROM "duckdb_logs"
SELECT (SELECT count(*) FROM duckdb_logs)
SELECT * FROM range(1) WHERE EXISTS (SELECT 1 FROM duckdb_logs)
DESCRIBE SELECT * FROM duckdb_logs
SELECT * FROM duckdb_logs_parsed('QueryLog')
SELECT * FROM duckdb_log_contexts()
SELECT * FROM truncate_duckdb_logs()
SELECT * FROM disable_logging()
SELECT write_log('forged entry')
SELECT write_log('x', level := 'error', log_type := 'QueryLog')
