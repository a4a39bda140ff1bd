package dev.snowchat.sqlgate.issues;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.sqlgate.Dialect;
import dev.snowchat.sqlgate.FunctionCatalog;
import dev.snowchat.sqlgate.FunctionPolicy;
import dev.snowchat.sqlgate.PermissionMode;
import dev.snowchat.sqlgate.Rule;
import dev.snowchat.sqlgate.SqlGate;
import dev.snowchat.sqlgate.StatementKind;
import dev.snowchat.sqlgate.Verdict;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Issue 9 item 3: functions are judged by what they do. */
class Issue9FunctionsTest {
  private static final SqlGate DUCK = SqlGate.builder().dialect(Dialect.DUCKDB).build();
  private static final SqlGate GENERIC = SqlGate.builder().build();
  private static final SqlGate SNOW = SqlGate.builder().dialect(Dialect.SNOWFLAKE).build();

  @ParameterizedTest
  @ValueSource(strings = {
      "SELECT * FROM enable_logging(storage='file', storage_path='/tmp/x')",
      "SELECT * FROM enable_logging(storage='stdout')",
      "CALL enable_logging()",
      "SELECT * FROM duckdb_logs",
      "FROM duckdb_logs()",
      "SELECT * FROM duckdb_logs_parsed('QueryLog')",
      "SELECT * FROM duckdb_log_contexts()",
      "SELECT * FROM truncate_duckdb_logs()",
      "SELECT * FROM disable_logging()",
      "SELECT write_log('x')",
      "SELECT * FROM duckdb_secrets()",
      "SELECT * FROM duckdb_settings()",
      "SELECT * FROM query('SELECT 1')",
      "SELECT * FROM query_table('t')",
      "SELECT * FROM json_execute_serialized_sql(json_serialize_sql('SELECT 1'))",
      "SELECT * FROM checkpoint()",
      "SELECT * FROM range(3) r, LATERAL some_unknown_table_fn(r.range)",
      "SELECT * FROM arrow_scan(1, 2, 3)",
  })
  void duckDb_sideEffectsAndLogs_refused(String sql) {
    Verdict v = DUCK.check(sql);
    assertThat(v).as(sql).isInstanceOf(Verdict.Blocked.class);
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "SELECT * FROM range(10)",
      "FROM generate_series(1, 3)",
      "SELECT * FROM duckdb_tables()",
      "SELECT * FROM duckdb_columns() WHERE table_name = 'x'",
      "SELECT unnest([1, 2])",
      "SELECT * FROM unnest([1, 2]) AS t(x)",
      "SELECT random(), uuid(), now()",
      "SELECT * FROM pragma_table_info('t')",
  })
  void duckDb_reviewedReads_allowed(String sql) {
    assertThat(DUCK.check(sql)).as(sql).isInstanceOf(Verdict.Allowed.class);
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "SELECT lo_from_bytea(0, 'x')",
      "SELECT lo_create(0)",
      "SELECT lo_creat(-1)",
      "SELECT lo_import('/etc/passwd')",
      "SELECT pg_advisory_lock(1)",
      "SELECT pg_try_advisory_lock_shared(1)",
      "SELECT pg_advisory_xact_lock(1, 2)",
      "SELECT pg_notify('c', 'x')",
      "SELECT pg_terminate_backend(123)",
      "SELECT pg_cancel_backend(123)",
      "SELECT query_to_xml('SELECT pg_terminate_backend(1)', true, false, '')",
      "SELECT query_to_xml_and_xmlschema('SELECT 1', true, false, '')",
      "SELECT cursor_to_xml('c', 1, false, false, '')",
      "SELECT ts_stat('SELECT to_tsvector(''a'')')",
      "SELECT set_config('statement_timeout', '0', false)",
      "SELECT pg_read_file('/etc/passwd')",
      "SELECT pg_read_binary_file('/etc/passwd')",
      "SELECT pg_ls_dir('.')",
      "SELECT dblink_exec('host=x', 'DROP TABLE t')",
      "SELECT txid_current()",
      "SELECT pg_current_xact_id()",
      "SELECT pg_stat_reset()",
      "SELECT pg_create_logical_replication_slot('s', 'test_decoding')",
      "SELECT pg_drop_replication_slot('s')",
      "SELECT pg_catalog.pg_notify('c', 'x')",
      "SELECT \"pg_advisory_lock\"(1)",
  })
  void postgres_families_refused(String sql) {
    Verdict v = GENERIC.check(sql);
    assertThat(v).as(sql).isInstanceOf(Verdict.Blocked.class);
    assertThat(v.rule()).as(sql).isEqualTo(Rule.FUNCTION_NOT_ALLOWED);
  }

  @Test
  void sqlRunners_refusedInReadWriteToo_butNotInFull() {
    SqlGate rw = SqlGate.builder().dialect(Dialect.DUCKDB).mode(PermissionMode.READ_WRITE)
        .build();
    SqlGate full = SqlGate.builder().dialect(Dialect.DUCKDB).mode(PermissionMode.FULL).build();
    assertThat(rw.check("SELECT * FROM query('DROP TABLE t')"))
        .isInstanceOf(Verdict.Blocked.class);
    assertThat(full.check("SELECT * FROM query('SELECT 1')")).isInstanceOf(Verdict.Allowed.class);
  }

  @ParameterizedTest
  @ValueSource(strings = {"SELECT nextval('s')", "SELECT setval('s', 1)",
      "SELECT pg_catalog.nextval('s')", "SELECT 1 WHERE nextval('s') > 0"})
  void sequenceFunctions_areDml_refusedInReadOnly_allowedInReadWrite(String sql) {
    Verdict ro = SqlGate.builder().dialect(Dialect.POSTGRES).build().check(sql);
    assertThat(ro).as(sql).isInstanceOf(Verdict.Blocked.class);
    assertThat(ro.kind()).isEqualTo(StatementKind.DML);
    assertThat(ro.rule()).isEqualTo(Rule.KIND_NOT_ALLOWED);
    Verdict rw = SqlGate.builder().dialect(Dialect.POSTGRES).mode(PermissionMode.READ_WRITE)
        .build().check(sql);
    assertThat(rw).as(sql).isInstanceOf(Verdict.Allowed.class);
  }

  @ParameterizedTest
  @ValueSource(strings = {"SELECT seq1.NEXTVAL", "SELECT db.sch.seq1.nextval AS id",
      "SELECT s.\"NEXTVAL\" FROM t"})
  void snowflake_sequenceNextval_isDml(String sql) {
    Verdict v = SNOW.check(sql);
    assertThat(v).as(sql).isInstanceOf(Verdict.Blocked.class);
    assertThat(v.kind()).isEqualTo(StatementKind.DML);
  }

  @ParameterizedTest
  @ValueSource(strings = {"SELECT * FROM TABLE(RESULT_SCAN(LAST_QUERY_ID()))",
      "SELECT * FROM TABLE(RESULT_SCAN(LAST_QUERY_ID(-2)))",
      "SELECT query_text FROM TABLE(INFORMATION_SCHEMA.QUERY_HISTORY())",
      "SELECT * FROM TABLE(information_schema.query_history_by_user(USER_NAME => 'X'))",
      "SELECT * FROM TABLE(INFORMATION_SCHEMA.LOGIN_HISTORY())"})
  void snowflake_otherCallersResultsAndSql_refused(String sql) {
    assertThat(SNOW.check(sql)).as(sql).isInstanceOf(Verdict.Blocked.class);
  }

  @ParameterizedTest
  @ValueSource(strings = {"SELECT query FROM pg_stat_activity",
      "SELECT * FROM pg_catalog.pg_stat_activity", "SELECT query FROM pg_stat_statements",
      "SELECT pg_stat_get_backend_activity(1)"})
  void postgres_otherSessionsSql_refused(String sql) {
    SqlGate pg = SqlGate.builder().dialect(Dialect.POSTGRES).build();
    assertThat(pg.check(sql)).as(sql).isInstanceOf(Verdict.Blocked.class);
    SqlGate allowed = SqlGate.builder().dialect(Dialect.POSTGRES).functionPolicy(
        FunctionPolicy.builder(Dialect.POSTGRES).allow("pg_stat_activity").build()).build();
    assertThat(allowed.check("SELECT count(*) FROM pg_stat_activity"))
        .isInstanceOf(Verdict.Allowed.class);
  }

  @ParameterizedTest
  @ValueSource(strings = {"SELECT query_text FROM snowflake.account_usage.query_history",
      "SELECT * FROM SNOWFLAKE.ACCOUNT_USAGE.ACCESS_HISTORY"})
  void snowflake_historyViews_refused(String sql) {
    assertThat(SNOW.check(sql)).as(sql).isInstanceOf(Verdict.Blocked.class);
  }

  @Test
  void catalog_decidesNamesItKnows_andKeepsTheFamiliesFirst() {
    FunctionCatalog c = FunctionCatalog.of(Dialect.GENERIC, Map.of(
        "my_volatile", FunctionCatalog.Effect.SIDE_EFFECT,
        "lower", FunctionCatalog.Effect.PURE,
        "query_to_xml", FunctionCatalog.Effect.PURE));
    FunctionPolicy p = FunctionPolicy.defaults(Dialect.GENERIC).withCatalog(c);
    assertThat(p.access("public.my_volatile")).isEqualTo(FunctionPolicy.Access.DENIED);
    assertThat(p.access("LOWER")).isEqualTo(FunctionPolicy.Access.ALLOWED);
    assertThat(p.access("query_to_xml")).isEqualTo(FunctionPolicy.Access.DENIED);
    // GENERIC: a name neither the catalog nor the standard list knows is refused.
    assertThat(p.access("not_in_catalog")).isEqualTo(FunctionPolicy.Access.DENIED);
    SqlGate g = GENERIC.withFunctionCatalog(c);
    assertThat(g.check("SELECT my_volatile()")).isInstanceOf(Verdict.Blocked.class);
    assertThat(g.check("SELECT lower('A')")).isInstanceOf(Verdict.Allowed.class);
  }

  @ParameterizedTest
  @ValueSource(strings = {"SELECT get_lock('x', 10)", "SELECT sleep(100)",
      "SELECT dbms_pipe.send_message('p')", "SELECT xp_dirtree('c:')", "SELECT my_udf(1)",
      "SELECT benchmark(1000000, md5('x'))"})
  void generic_unknownFunctions_refused(String sql) {
    assertThat(GENERIC.check(sql)).as(sql).isInstanceOf(Verdict.Blocked.class);
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "SELECT count(*), max(a), coalesce(b, 0), upper(c) FROM t GROUP BY ROLLUP (d)",
      "SELECT CAST(a AS DECIMAL(10, 2)), x::varchar(20) FROM t",
      "SELECT rank() OVER (PARTITION BY a ORDER BY b) FROM t WHERE a IN (1, 2)",
      "WITH x(a, b) AS (SELECT 1, 2), y (c) AS (SELECT 3) SELECT * FROM x, y",
      "SELECT * FROM (VALUES (1, 2)) AS v(a, b)",
      "SELECT * FROM generate_series(1, 3) g(n) WHERE EXISTS (SELECT 1)",
      "SELECT extract(year FROM d), substring(s FROM 2 FOR 3) FROM t",
  })
  void generic_standardFunctionsAndSyntax_allowed(String sql) {
    assertThat(GENERIC.check(sql)).as(sql).isInstanceOf(Verdict.Allowed.class);
  }

  @Test
  void generic_hostExtendsTheAllowlist() {
    SqlGate g = SqlGate.builder().functionPolicy(FunctionPolicy.builder(Dialect.GENERIC)
        .allow("my_udf").build()).build();
    assertThat(g.check("SELECT my_udf(1)")).isInstanceOf(Verdict.Allowed.class);
    assertThat(g.check("SELECT other_udf(1)")).isInstanceOf(Verdict.Blocked.class);
  }

  @Test
  void catalog_ofAnotherDialect_isRefused() {
    FunctionCatalog c = FunctionCatalog.of(Dialect.DUCKDB, Map.of());
    org.assertj.core.api.Assertions.assertThatThrownBy(
        () -> FunctionPolicy.defaults(Dialect.GENERIC).withCatalog(c))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
