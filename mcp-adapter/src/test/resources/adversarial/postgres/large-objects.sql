-- Large objects: lo_create/lo_from_bytea succeed in a read-only PostgreSQL 15 transaction.
SELECT lo_create(0)
SELECT lo_creat(-1)
SELECT lo_from_bytea(0, 'secret')
SELECT lo_from_bytea(424243, decode('00', 'hex'))
SELECT pg_catalog.lo_create(0)
SELECT "lo_create"(0)
SELECT LO_CREATE(0)
SELECT lo_import('/etc/hostname')
SELECT lo_import('/etc/hostname', 424242)
SELECT lo_put(424242, 0, 'x')
SELECT lo_export(1, '/tmp/snowchat-lo')
SELECT lo_unlink(1)
SELECT lo_open(1, 131072)
SELECT lowrite(0, 'x')
WITH x AS (SELECT lo_create(0)) SELECT * FROM x
SELECT * FROM (SELECT lo_create(0)) s
SELECT 1 WHERE lo_create(0) > 0
SELECT count(*) FROM generate_series(1, 3) g WHERE lo_from_bytea(0, 'x') IS NOT NULL
SELECT CASE WHEN true THEN lo_create(0) END
SELECT query_to_xml('SELECT lo_create(0)', true, false, '')
