package dev.snowchat.sqlgate.issues;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.sqlgate.Dialect;
import dev.snowchat.sqlgate.Rule;
import dev.snowchat.sqlgate.SqlGate;
import dev.snowchat.sqlgate.Verdict;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Reads a red-team run (session 11) found allowed although they disclose what the gate refuses
 * by another name: a DuckDB credential setting through {@code current_setting} (as
 * {@code duckdb_settings()}), PostgreSQL's prepared statements and cursors of the pooled session
 * (as DuckDB's {@code duckdb_prepared_statements}), Snowflake's history views named through
 * {@code IDENTIFIER('...')} or {@code TABLE('...')} (as by name).
 */
class DisclosureTest {
  private static final SqlGate DUCKDB = SqlGate.builder().dialect(Dialect.DUCKDB).build();

  @ParameterizedTest
  @ValueSource(strings = {"SELECT current_setting('s3_secret_access_key')",
      "SELECT current_setting('S3_SESSION_TOKEN')", "SELECT main.current_setting('azure_key')",
      "SELECT current_setting(name) FROM t", "SELECT current_setting('x' || 'secret')",
      "SELECT * FROM t WHERE a = current_setting('s3_access_key_id')",
      // a second red-team run: credentials under names without a credential word
      "SELECT current_setting('http_proxy')",
      "SELECT current_setting('azure_storage_connection_string')",
      "SELECT current_setting('allowed_directories')"})
  void duckDbCurrentSetting_credentialOrComputedName_refused(String sql) {
    Verdict v = DUCKDB.check(sql);
    assertThat(v.allowed()).as(sql).isFalse();
    assertThat(v.rule()).as(sql).isEqualTo(Rule.FUNCTION_NOT_ALLOWED);
    assertThat(v.reason()).as(sql).contains("current_setting");
  }

  @ParameterizedTest
  @ValueSource(strings = {"SELECT current_setting('threads')",
      "SELECT current_setting('memory_limit') AS m", "SELECT getvariable('x')"})
  void duckDbOrdinarySettingsAndVariables_allowed(String sql) {
    assertThat(DUCKDB.check(sql).allowed()).as(sql).isTrue();
  }

  @ParameterizedTest
  @ValueSource(strings = {"FROM sql_auto_complete('SEL')", "FROM a: sql_auto_complete('SEL')",
      "SELECT * FROM range(1) r, a: sql_auto_complete('SEL')",
      "SELECT * FROM range(1) r JOIN a: sql_auto_complete('SEL') ON true"})
  void duckDbUnreviewedTableFunction_behindAPrefixAliasToo_refused(String sql) {
    // only reviewed table functions stand in table position; a prefix alias keeps the position
    Verdict v = DUCKDB.check(sql);
    assertThat(v.allowed()).as(sql).isFalse();
    assertThat(v.rule()).as(sql).isEqualTo(Rule.FUNCTION_NOT_ALLOWED);
  }

  @Test
  void postgresCurrentSetting_isNotDuckDbs_allowed() {
    assertThat(SqlGate.builder().dialect(Dialect.POSTGRES).build()
        .check("SELECT current_setting('search_path')").allowed()).isTrue();
  }

  @ParameterizedTest
  @ValueSource(strings = {"SELECT * FROM pg_prepared_statements", "SELECT * FROM pg_cursors",
      "SELECT name, statement FROM pg_catalog.pg_prepared_statements",
      "SELECT name, statement FROM pg_prepared_statement()", "SELECT * FROM pg_cursor()"})
  void postgresSessionViews_refused(String sql) {
    Verdict v = SqlGate.builder().dialect(Dialect.POSTGRES).build().check(sql);
    assertThat(v.allowed()).isFalse();
    assertThat(v.rule()).isEqualTo(Rule.FUNCTION_NOT_ALLOWED);
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "SELECT * FROM IDENTIFIER('SNOWFLAKE.ACCOUNT_USAGE.QUERY_HISTORY')",
      "SELECT * FROM TABLE('SNOWFLAKE.ACCOUNT_USAGE.QUERY_HISTORY')",
      "SELECT * FROM identifier('snowflake.account_usage.login_history')",
      "SELECT * FROM t JOIN IDENTIFIER('SNOWFLAKE.ACCOUNT_USAGE.ACCESS_HISTORY') h ON true",
      "SELECT * FROM IDENTIFIER($$SNOWFLAKE.ACCOUNT_USAGE.QUERY_HISTORY$$)",
      "SELECT * FROM TABLE($$SNOWFLAKE.ACCOUNT_USAGE.QUERY_HISTORY$$)",
      "SELECT * FROM IDENTIFIER('SNOWFLAKE.ACCOUNT_USAGE.QUERY_HISTO' || 'RY')",
      "SELECT * FROM TABLE('SNOWFLAKE.ACCOUNT_USAGE.' || 'QUERY_HISTORY')",
      "SELECT * FROM IDENTIFIER(CONCAT('SNOWFLAKE.ACCOUNT_USAGE.', 'QUERY_HISTORY'))",
      "SELECT query_text FROM SNOWFLAKE.ACCOUNT_USAGE.QUERY_ACCELERATION_ELIGIBLE",
      "SELECT * FROM SNOWFLAKE.ACCOUNT_USAGE.TASK_HISTORY",
      "SELECT * FROM SNOWFLAKE.ACCOUNT_USAGE.AGGREGATE_QUERY_HISTORY"})
  void snowflakeHistoryViews_namedThroughIdentifierOrTable_refused(String sql) {
    Verdict v = SqlGate.builder().dialect(Dialect.SNOWFLAKE).build().check(sql);
    assertThat(v.allowed()).as(sql).isFalse();
    assertThat(v.rule()).isEqualTo(Rule.FUNCTION_NOT_ALLOWED);
  }

  @Test
  void snowflakeOrdinaryTables_namedThroughIdentifierOrTable_allowed() {
    SqlGate g = SqlGate.builder().dialect(Dialect.SNOWFLAKE).build();
    assertThat(g.check("SELECT * FROM IDENTIFIER('ANALYTICS.PUBLIC.ORDERS')").allowed()).isTrue();
    assertThat(g.check("SELECT * FROM TABLE('ANALYTICS.PUBLIC.ORDERS')").allowed()).isTrue();
    assertThat(g.check("SELECT * FROM IDENTIFIER($t)").allowed()).isTrue();
    assertThat(g.check("SELECT * FROM TABLE(FLATTEN(input => PARSE_JSON('[1]')))").allowed())
        .isTrue();
    assertThat(g.check("SELECT * FROM TABLE(GENERATOR(ROWCOUNT => 3))").allowed()).isTrue();
  }
}
