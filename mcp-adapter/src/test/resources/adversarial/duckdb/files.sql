-- File reads outside the (empty) path allowlist: refused by the gate, not only by DuckDB's
-- external-access setting. ${SECRET} is an absolute path to a file the test wrote.
SELECT * FROM '${SECRET}'
SELECT * FROM "${SECRET}"
SELECT * FROM $$${SECRET}$$
SELECT * FROM read_csv('${SECRET}')
SELECT * FROM read_csv_auto('${SECRET}')
SELECT * FROM read_csv(['${SECRET}'])
SELECT * FROM read_csv($$${SECRET}$$)
SELECT * FROM read_text('${SECRET}')
SELECT * FROM read_blob('${SECRET}')
SELECT * FROM read_json('${SECRET}')
SELECT * FROM sniff_csv('${SECRET}')
SELECT * FROM parquet_metadata('${SECRET}')
SELECT * FROM glob('${DIR}/*')
SELECT * FROM read_csv('${DIR}/' || 'secret.csv')
DESCRIBE '${SECRET}'
SUMMARIZE '${SECRET}'
SHOW '${SECRET}'
PIVOT '${SECRET}' ON a USING count(*)
UNPIVOT '${SECRET}' ON a INTO NAME k VALUE v
SELECT * FROM range(1) r JOIN range(1) s ON true, '${SECRET}'
SELECT * FROM range(1) r JOIN range(1) s USING (range), '${SECRET}'
SELECT * FROM victim v JOIN victim w ON v.id = w.id, secret.csv
SELECT * FROM "secret".csv
SELECT * FROM main.secret.csv
SELECT * FROM read_text('/proc/self/environ')
SELECT * FROM read_csv('/etc/passwd')
SELECT * FROM 'https://example.com/x.csv'
SELECT * FROM read_parquet('s3://bucket/x.parquet')
