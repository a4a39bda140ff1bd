-- Notifications: pg_notify is sent from a read-only transaction.
SELECT pg_notify('${CHANNEL}', 'x')
SELECT pg_catalog.pg_notify('${CHANNEL}', 'x')
SELECT "pg_notify"('${CHANNEL}', 'x')
SELECT PG_NOTIFY('${CHANNEL}', 'x')
SELECT pg_notify('${CHANNEL}', current_user)
SELECT pg_notify(chr(115) || 'nowchat_adv', 'computed channel')
WITH n AS (SELECT pg_notify('${CHANNEL}', 'cte')) SELECT * FROM n
SELECT * FROM (SELECT pg_notify('${CHANNEL}', 'sub')) s
SELECT count(*) FROM generate_series(1, 3) g WHERE pg_notify('${CHANNEL}', g::text) IS NULL
SELECT CASE WHEN pg_notify('${CHANNEL}', 'case') IS NULL THEN 1 END
SELECT 1 UNION ALL SELECT 1 FROM (SELECT pg_notify('${CHANNEL}', 'union')) s
SELECT query_to_xml('SELECT pg_notify(''${CHANNEL}'', ''xml'')', true, false, '')
SELECT ts_stat('SELECT to_tsvector(pg_notify(''${CHANNEL}'', ''t'')::text)')
NOTIFY ${CHANNEL}
NOTIFY ${CHANNEL}, 'payload'
LISTEN ${CHANNEL}
