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
 * Reads a sixth red-team run (session 13) found allowed, closed as families.
 *
 * <ul>
 *   <li>PostgreSQL's built-in text settings that hold credentials, commands or paths ({@code
 *       primary_conninfo} returned a replication password through the executor to a role granted
 *       {@code pg_read_all_settings}, part of {@code pg_monitor}): {@code current_setting} and
 *       {@code SHOW} now read a reviewed list only ({@code GatedExecutorPostgresTest} checks the
 *       list against every setting of the engine).
 *   <li>Snowflake views of logs, sessions and other callers' questions not on the list: the
 *       account's event table {@code SNOWFLAKE.TELEMETRY.EVENTS}, {@code ACCOUNT_USAGE.SESSIONS},
 *       Cortex Analyst's request log, account-wide task definitions, load errors that quote rows.
 * </ul>
 *
 * <p>These come from Snowflake's documentation (no account is reachable here); the PostgreSQL
 * family was confirmed on PostgreSQL 15.
 */
class SettingsAndSystemViewsRun6Test {
  private static final SqlGate POSTGRES = SqlGate.builder().dialect(Dialect.POSTGRES).build();
  private static final SqlGate GENERIC = SqlGate.builder().dialect(Dialect.GENERIC).build();
  private static final SqlGate SNOWFLAKE = SqlGate.builder().dialect(Dialect.SNOWFLAKE).build();

  @ParameterizedTest
  @ValueSource(strings = {"SELECT current_setting('primary_conninfo')",
      "SELECT current_setting('PRIMARY_CONNINFO', true)", "SHOW primary_conninfo",
      "SHOW \"primary_conninfo\"", "show Archive_Command", "SHOW restore_command",
      "SELECT current_setting('archive_cleanup_command')", "SHOW recovery_end_command",
      "SHOW ssl_passphrase_command", "SELECT current_setting('ssl_key_file')",
      "SHOW data_directory", "SHOW config_file", "SHOW hba_file", "SHOW listen_addresses",
      "SELECT pg_catalog.current_setting('local_preload_libraries')",
      // a setting the list does not know (a later version's, or a misspelling) fails closed
      "SHOW some_future_setting", "SELECT current_setting('some_future_setting')",
      "SHOW foo bar"})
  void postgres_settingsNotReviewed_refused(String sql) {
    Verdict v = POSTGRES.check(sql);
    assertThat(v.allowed()).as(sql).isFalse();
    assertThat(v.rule()).as(sql).isEqualTo(Rule.FUNCTION_NOT_ALLOWED);
    assertThat(v.reason()).as(sql).containsAnyOf("reviewed", "SHOW takes one setting");
  }

  @ParameterizedTest
  @ValueSource(strings = {"SHOW work_mem", "SHOW \"TimeZone\"", "SHOW timezone", "SHOW DateStyle",
      "SHOW search_path", "SHOW server_version", "SHOW statement_timeout", "SHOW TIME ZONE",
      "SHOW TRANSACTION ISOLATION LEVEL", "SHOW SESSION AUTHORIZATION", "SHOW is_superuser",
      "SHOW snowchat.app_user", "SELECT current_setting('server_version_num')::int AS v",
      "SELECT current_setting('work_mem'), current_setting('max_connections')",
      "SELECT current_setting('snowchat.app_user', true)", "SELECT current_setting('role')",
      "SELECT current_setting('transaction_read_only')", "SHOW shared_preload_libraries",
      "SHOW max_parallel_apply_workers_per_subscription"})
  void postgres_reviewedSettings_allowed(String sql) {
    Verdict v = POSTGRES.check(sql);
    assertThat(v.allowed()).as(sql + " -> " + v.reason()).isTrue();
  }

  @Test
  void generic_showTakesMySqlForms_butNotPostgresSecretSettings() {
    for (String sql : new String[] {"SHOW primary_conninfo", "SHOW archive_command",
        "SELECT current_setting('primary_conninfo')", "SELECT current_setting('nonsense')"}) {
      assertThat(GENERIC.check(sql).allowed()).as(sql).isFalse();
    }
    // GENERIC fronts MySQL and others, whose SHOW lists objects
    for (String sql : new String[] {"SHOW TABLES", "SHOW DATABASES", "SHOW work_mem",
        "SHOW COLUMNS FROM t", "SHOW VARIABLES"}) {
      assertThat(GENERIC.check(sql).allowed()).as(sql).isTrue();
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"SELECT * FROM SNOWFLAKE.TELEMETRY.EVENTS",
      "select record, value from snowflake.telemetry.events_view",
      "SELECT * FROM \"SNOWFLAKE\".\"TELEMETRY\".\"EVENTS\"",
      "SELECT * FROM TELEMETRY . /* x */ EVENTS",
      "SELECT * FROM IDENTIFIER('SNOWFLAKE.TELEMETRY.EVENTS')",
      "SELECT * FROM TABLE('snowflake.account_usage.sessions')",
      "SELECT * FROM SNOWFLAKE.ACCOUNT_USAGE.SESSIONS",
      "SELECT * FROM SNOWFLAKE.LOCAL.CORTEX_ANALYST_REQUESTS_V",
      "SELECT * FROM SNOWFLAKE.LOCAL.AI_OBSERVABILITY_EVENTS",
      "SELECT definition FROM SNOWFLAKE.ACCOUNT_USAGE.TASK_VERSIONS",
      "SELECT first_error_message FROM SNOWFLAKE.ACCOUNT_USAGE.COPY_HISTORY",
      "SELECT * FROM db.INFORMATION_SCHEMA.LOAD_HISTORY",
      "WITH e AS (SELECT * FROM snowflake.telemetry.events) SELECT count(*) FROM e"})
  void snowflake_logsSessionsAndQuestions_refused(String sql) {
    Verdict v = SNOWFLAKE.check(sql);
    assertThat(v.allowed()).as(sql).isFalse();
    assertThat(v.rule()).as(sql).isEqualTo(Rule.FUNCTION_NOT_ALLOWED);
    assertThat(v.reason()).as(sql).contains("system view");
  }

  /**
   * Look-alikes: an application's own {@code EVENTS} and {@code SESSIONS} tables, and the
   * definitions of tasks and alerts the role holds privileges on (as a view's definition). The
   * refused history views are account-wide records of runs.
   */
  @ParameterizedTest
  @ValueSource(strings = {"SELECT * FROM events", "SELECT * FROM analytics.web.events",
      "SELECT * FROM app.sessions", "SELECT * FROM sessions", "SELECT * FROM telemetry_events",
      "SELECT * FROM IDENTIFIER('app.events')", "SHOW TASKS", "SHOW ALERTS", "DESCRIBE TASK t",
      "SELECT GET_DDL('TASK', 't')",
      "SELECT * FROM SNOWFLAKE.ACCOUNT_USAGE.SERVERLESS_ALERT_HISTORY",
      "USE DATABASE analytics", "USE SCHEMA analytics.marts", "USE analytics",
      "SELECT telemetry.events FROM analytics.telemetry", "SELECT v:telemetry.events FROM raw",
      "SELECT a.sessions, b.x FROM account_usage a, b"})
  void snowflake_lookAlikesAndDefinitions_allowed(String sql) {
    // (also: a column or JSON path spelled like a refused view, below)
    Verdict v = SNOWFLAKE.check(sql);
    assertThat(v.allowed()).as(sql + " -> " + v.reason()).isTrue();
  }

  /**
   * Found while closing the above: in GENERIC the credential tables of the engines it may front
   * were allowed, while PostgreSQL's {@code pg_shadow} and {@code pg_authid} are refused.
   */
  @ParameterizedTest
  @ValueSource(strings = {"SELECT user, authentication_string FROM mysql.user",
      "SELECT * FROM `mysql`.`user`", "SELECT * FROM mysql.global_priv",
      "SELECT * FROM mysql.servers", "SELECT User_password FROM mysql.slave_master_info",
      "SHOW CREATE USER root", "show create user 'app'@'%'",
      "SELECT name, password_hash FROM master.sys.sql_logins", "SELECT * FROM [sys].[sql_logins]",
      "SELECT * FROM sys.syslogins", "SELECT * FROM SYS.USER$", "SELECT * FROM sys.link$",
      "SELECT * FROM SYS.USER_HISTORY$", "SELECT * FROM master.dbo.syslogins",
      "SELECT * FROM dbo.syslogins", "SELECT * FROM master..syslogins", "SELECT * FROM syslogins",
      "SELECT * FROM USER$"})
  void generic_credentialTables_refused(String sql) {
    Verdict v = GENERIC.check(sql);
    assertThat(v.allowed()).as(sql).isFalse();
    assertThat(v.rule()).as(sql).isEqualTo(Rule.FUNCTION_NOT_ALLOWED);
  }

  @ParameterizedTest
  @ValueSource(strings = {"SELECT * FROM app.user", "SELECT * FROM \"user\"",
      "SELECT * FROM app.servers", "SELECT * FROM servers", "SHOW CREATE TABLE t", "SHOW GRANTS",
      "SELECT * FROM INFORMATION_SCHEMA.USERS"})
  void generic_credentialLookAlikes_allowed(String sql) {
    assertThat(GENERIC.check(sql).allowed()).as(sql).isTrue();
  }

  /** A review of the fixes: USE made the views reachable by their bare names. */
  @ParameterizedTest
  @ValueSource(strings = {"USE SCHEMA SNOWFLAKE.ACCOUNT_USAGE", "USE SCHEMA SNOWFLAKE.TELEMETRY",
      "use database snowflake", "USE SNOWFLAKE", "USE \"SNOWFLAKE\".\"ACCOUNT_USAGE\"",
      "DESCRIBE VIEW SNOWFLAKE.TELEMETRY.EVENTS_VIEW", "DESC TABLE snowflake.telemetry.events"})
  void snowflake_useOfItsOwnDatabase_andDescribe_refused(String sql) {
    Verdict v = SNOWFLAKE.check(sql);
    assertThat(v.allowed()).as(sql).isFalse();
    assertThat(v.rule()).as(sql).isEqualTo(Rule.FUNCTION_NOT_ALLOWED);
  }

  @Test
  void refusedSystemView_adviceNamesViewsAndSettings_notOnlyFunctions() {
    for (Verdict v : new Verdict[] {POSTGRES.check("SELECT * FROM pg_stat_activity"),
        SNOWFLAKE.check("SELECT * FROM SNOWFLAKE.ACCOUNT_USAGE.QUERY_HISTORY"),
        POSTGRES.check("SHOW primary_conninfo")}) {
      assertThat(v).isInstanceOf(Verdict.Blocked.class);
      assertThat(((Verdict.Blocked) v).allowedInstead()).doesNotStartWith("Remove the function")
          .contains("system view or setting");
    }
  }
}
