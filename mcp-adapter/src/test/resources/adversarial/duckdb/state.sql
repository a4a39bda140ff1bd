-- Sequences, checkpoints, secrets, settings, variables, environment, random state.
SELECT nextval('victim_seq')
SELECT nextval('victim_seq') FROM range(3)
SELECT * FROM range(1) WHERE nextval('victim_seq') > 0
SELECT * FROM checkpoint()
SELECT * FROM force_checkpoint()
SELECT * FROM duckdb_secrets()
SELECT * FROM which_secret('s3://x/y', 's3')
SELECT * FROM duckdb_secret_types()
SELECT * FROM duckdb_settings()
SELECT * FROM pg_catalog.pg_settings
SELECT * FROM duckdb_variables()
SELECT * FROM duckdb_prepared_statements()
SELECT * FROM duckdb_temporary_files()
SELECT * FROM duckdb_external_file_cache()
SELECT setseed(0.5)
SELECT getenv('HOME')
SELECT set_variable('x', 1)
SELECT * FROM arrow_scan(0, 0, 0)
