-- DuckDB statements that read the file data.csv (or main.data.csv) from the file search path
-- without naming a reader function. Each must be refused by a read_only gate without a path
-- allowlist; DuckDbTablePositionsTest first checks that the real engine reads the file.
SELECT * FROM data.csv
SELECT * FROM "data".csv
SELECT * FROM data."csv"
SELECT * FROM "data.csv"
SELECT * FROM "data"."csv"
SELECT * FROM main.data.csv
SELECT * FROM "main".data.csv
SELECT * FROM 'data.csv'
SELECT * FROM $$data.csv$$
SELECT * FROM $f$data.csv$f$
FROM data.csv
FROM 'data.csv' AS t
SELECT * FROM "d*".csv
SELECT * FROM 'd*.csv'
DESCRIBE data.csv
DESCRIBE 'data.csv'
DESC "data.csv"
SUMMARIZE data.csv
SUMMARIZE 'data.csv'
SHOW data.csv
SHOW 'data.csv'
SHOW "data".csv
PIVOT 'data.csv' ON a USING sum(b)
PIVOT data.csv ON a USING sum(b)
UNPIVOT 'data.csv' ON a INTO NAME k VALUE v
SELECT * FROM range(1) r JOIN range(1) s USING (range), 'data.csv'
SELECT * FROM range(1) r JOIN range(1) s ON r.range = s.range, data.csv
SELECT * FROM range(1) r JOIN range(1) s ON r.range = s.range, "data".csv
SELECT * FROM range(1) r LEFT JOIN range(1) s ON true, $$data.csv$$
SELECT * FROM (FROM 'data.csv')
SELECT * FROM range(1), (SELECT * FROM data.csv)
SELECT * FROM range(1) CROSS JOIN data.csv
SELECT * FROM range(1) r JOIN data.csv d ON true
DESCRIBE SELECT * FROM 'data.csv'
EXPLAIN SELECT * FROM data.csv
WITH x AS (FROM data.csv) SELECT * FROM x
SELECT (SELECT count(*) FROM 'data.csv')
SELECT * FROM read_csv($$data.csv$$)
SELECT * FROM read_csv(['data.csv'])
SELECT * FROM range(1) WHERE EXISTS (FROM "data.csv")
-- prefix aliases (DuckDB 1.2+: FROM alias: table), found by a red-team run in session 11
FROM a: 'data.csv'
SELECT * FROM a: 'data.csv'
SELECT * FROM a: "data.csv"
FROM a: data.csv
SELECT * FROM "a": 'data.csv'
SELECT * FROM range(1) r, a: 'data.csv'
SELECT * FROM range(1) r JOIN a: 'data.csv' ON true
SELECT * FROM range(1) r, a: data.csv
