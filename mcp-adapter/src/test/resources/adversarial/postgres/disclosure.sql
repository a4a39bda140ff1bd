-- Other callers' SQL: every caller shares the server's role, and a role sees the query text of
-- its own other sessions (the PostgreSQL analog of DuckDB's duckdb_logs).
SELECT query FROM pg_stat_activity
SELECT * FROM pg_catalog.pg_stat_activity
SELECT * FROM "pg_stat_activity"
TABLE pg_stat_activity
SELECT query FROM pg_catalog.pg_stat_activity WHERE pid <> pg_backend_pid()
SELECT count(*) FROM pg_stat_activity WHERE query LIKE '%password%'
WITH a AS (SELECT query FROM pg_stat_activity) SELECT * FROM a
SELECT (SELECT string_agg(query, ';') FROM pg_stat_activity)
SELECT * FROM pg_stat_activity a JOIN pg_locks l ON l.pid = a.pid
SELECT * FROM pg_locks l, pg_stat_activity a WHERE l.pid = a.pid
SELECT pg_stat_get_backend_activity(1)
SELECT pg_stat_get_backend_activity(s) FROM pg_stat_get_backend_idset() s
SELECT * FROM pg_stat_get_activity(NULL)
SELECT * FROM pg_catalog.pg_stat_get_activity(${VICTIM_PID})
SELECT query FROM pg_stat_statements
SELECT * FROM public.pg_stat_statements
SELECT * FROM pg_stat_statements_info
