-- Advisory locks: taken in a read-only transaction, held by the pooled session afterwards.
SELECT pg_advisory_lock(1)
SELECT pg_advisory_lock(1, 2)
SELECT pg_advisory_lock_shared(1)
SELECT pg_try_advisory_lock(1)
SELECT pg_try_advisory_lock_shared(1)
SELECT pg_advisory_xact_lock(1)
SELECT pg_advisory_xact_lock_shared(1)
SELECT pg_try_advisory_xact_lock(1)
SELECT pg_advisory_unlock_all()
SELECT pg_catalog.pg_advisory_lock(7)
SELECT "pg_advisory_lock"(7)
SELECT PG_ADVISORY_LOCK(13)
SELECT pg_advisory_lock(hashtext('victim'))
SELECT count(*) FROM generate_series(1, 10) g WHERE pg_try_advisory_lock(g)
WITH l AS (SELECT pg_advisory_lock(9)) SELECT * FROM l
SELECT 1 FROM (SELECT pg_try_advisory_lock(12)) s
SELECT query_to_xml('SELECT pg_advisory_lock(11)', true, false, '')
