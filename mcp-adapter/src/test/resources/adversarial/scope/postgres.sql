-- Scope escapes on PostgreSQL with SNOWCHAT_INCLUDE=<db>.scope_pub, the connection's default
-- schema scope_pub; scope_secret is hidden. Every statement must be refused with QUERY_REFUSED.
-- quoting, case folding, comments, three-part names
SELECT * FROM scope_secret.secret_t
SELECT * FROM SCOPE_SECRET.SECRET_T
SELECT * FROM "scope_secret"."secret_t"
SELECT * FROM "scope_secret".SECRET_T
SELECT * FROM ${DB}.scope_secret.secret_t
SELECT * FROM "${DB}"."scope_secret"."secret_t"
SELECT * FROM scope_secret/**/./**/secret_t
SELECT * FROM scope_secret . "MixedCase"
SELECT * FROM scope_secret.v_secret
-- CTEs, subqueries, joins, set operations, lateral
WITH secret_t AS (SELECT 1 AS id) SELECT * FROM scope_secret.secret_t
WITH x AS (SELECT * FROM scope_secret.secret_t) SELECT * FROM x
WITH RECURSIVE r AS (SELECT id FROM scope_secret.secret_t UNION ALL SELECT id FROM r WHERE false) SELECT * FROM r
WITH RECURSIVE c AS (SELECT id FROM visible_t), visible_t AS (SELECT id FROM scope_secret.secret_t) SELECT * FROM c
SELECT (SELECT count(*) FROM scope_secret.secret_t)
SELECT * FROM visible_t WHERE id IN (SELECT id FROM scope_secret.secret_t)
SELECT * FROM visible_t WHERE id = ANY (SELECT id FROM scope_secret.secret_t)
SELECT * FROM visible_t v, LATERAL (SELECT * FROM scope_secret.secret_t s WHERE s.id = v.id) l
SELECT * FROM (visible_t JOIN scope_secret.secret_t USING (id))
SELECT id FROM visible_t UNION ALL SELECT id FROM scope_secret.secret_t
SELECT 1 UNION TABLE scope_secret.secret_t
TABLE scope_secret.secret_t
SELECT (TABLE scope_secret.v_secret)
SELECT * FROM ONLY scope_secret.secret_t
SELECT * FROM generate_series(1, 1) g, scope_secret.secret_t
SELECT row_to_json(s) FROM scope_secret.secret_t s
EXPLAIN SELECT * FROM scope_secret.secret_t
EXPLAIN ANALYZE SELECT * FROM scope_secret.secret_t
-- catalogs (pg_catalog is searched first for unqualified names)
SELECT * FROM pg_catalog.pg_class
SELECT * FROM pg_class
SELECT * FROM PG_CLASS
SELECT * FROM pg_tables
SELECT * FROM pg_views
SELECT * FROM pg_stat_user_tables
SELECT * FROM pg_namespace
SELECT * FROM information_schema.tables
SELECT * FROM information_schema.columns
SELECT * FROM INFORMATION_SCHEMA.SCHEMATA
-- objects named by strings, OIDs or types
SELECT pg_get_viewdef('scope_secret.v_secret')
SELECT pg_get_viewdef(c.oid) FROM pg_class c
SELECT 'scope_secret.secret_t'::regclass
SELECT CAST('scope_secret.secret_t' AS regclass)::oid
SELECT to_regclass('scope_secret.secret_t')
SELECT pg_relation_size('scope_secret.secret_t')
SELECT has_table_privilege('scope_secret.secret_t', 'select')
SELECT obj_description('scope_secret.secret_t'::regclass)
SELECT table_to_xml('scope_secret.secret_t', true, false, '')
SELECT query_to_xml('select * from scope_secret.secret_t', true, false, '')
SELECT json_populate_record(null::scope_secret.secret_t, '{}')
SELECT * FROM json_populate_record(null::scope_secret.secret_t, '{"id": 1}')
SELECT * FROM scope_secret.secret_rows()
-- search_path tricks: the gate refuses them anyway; the scope refuses the rest
SET search_path = scope_secret
SET search_path TO scope_secret, public
SELECT set_config('search_path', 'scope_secret', false)
RESET search_path
