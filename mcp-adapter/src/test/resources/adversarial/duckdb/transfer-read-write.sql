-- read_write mode: COPY/EXPORT/IMPORT file targets outside the (empty) path allowlist.
COPY victim TO '${DIR}/out.csv'
COPY (SELECT 1) TO '${DIR}/out.csv'
COPY victim TO '${DIR}/out.parquet' (FORMAT parquet)
COPY victim TO '${DIR}/out.json' (FORMAT json)
COPY (FROM victim) TO '${DIR}/o.csv' (HEADER, DELIMITER ',')
COPY victim TO $$${DIR}/out2.csv$$
COPY victim TO 'relative-out.csv'
COPY victim TO '${DIR}/../escape.csv'
COPY victim TO 's3://bucket/x.csv'
COPY victim TO 'https://example.com/x.csv'
COPY (SELECT * FROM '${SECRET}') TO '${DIR}/leak.csv'
COPY victim FROM '${SECRET}'
COPY victim FROM '/etc/passwd'
EXPORT DATABASE '${DIR}/export'
EXPORT DATABASE '${DIR}/export' (FORMAT parquet)
IMPORT DATABASE '${DIR}/export'
