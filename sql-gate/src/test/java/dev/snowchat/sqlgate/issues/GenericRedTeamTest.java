package dev.snowchat.sqlgate.issues;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.sqlgate.Dialect;
import dev.snowchat.sqlgate.PermissionMode;
import dev.snowchat.sqlgate.Rule;
import dev.snowchat.sqlgate.SqlGate;
import dev.snowchat.sqlgate.StatementKind;
import dev.snowchat.sqlgate.Verdict;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The fourth red-team run (session 12) on the GENERIC dialect, which fronts H2, MySQL, SQL
 * Server, Oracle, DB2, ClickHouse, Informix, ...: each family it found allowed, at the gate (the
 * engines without a test here come from their documentation), and the legitimate SQL that looks
 * like it and stays allowed. {@code GenericH2Test} runs the H2 families through the executor.
 */
class GenericRedTeamTest {
  private static final SqlGate READ_ONLY = SqlGate.builder().dialect(Dialect.GENERIC).build();
  private static final SqlGate READ_WRITE = SqlGate.builder().dialect(Dialect.GENERIC)
      .mode(PermissionMode.READ_WRITE).build();

  // ---------------------------------------------------------------- 1. comment syntaxes

  @ParameterizedTest
  @ValueSource(strings = {"SELECT 1 // '\n; DROP TABLE victim --'",
      "SELECT 1 // '\n, FILE_WRITE('hello','/tmp/x.txt') AS w --'", "SELECT 1 // x",
      "SELECT 1 //* c */ 2", "SELECT 6 // 2", "SELECT a FROM t WHERE b = 1 //",
      // Informix comments, JDBC escapes
      "SELECT 1 {'}, sysadmin:task('x') --'}", "SELECT {fn ABS(-1)}", "SELECT 1 }",
      "SELECT {d '2020-01-01'}", "SELECT 1 FROM t {oj t2}",
      // MySQL comments (already refused)
      "SELECT 1 # x", "SELECT 1 /*! , 2 */", "SELECT 1 /*M! , 2 */", "SELECT 1 --x"})
  void commentStartersOfAnyEngine_refused(String sql) {
    assertRefused(READ_ONLY, sql, Rule.LEX_FAILED);
  }

  @ParameterizedTest
  @ValueSource(strings = {"SELECT a / b FROM t", "SELECT '//' AS s", "SELECT '{' AS s, '}' AS t",
      "SELECT 1 /* // { } # */", "SELECT 1 -- // { }\n", "SELECT \"a//b{}\" FROM t",
      "SELECT a / /* c */ b FROM t", "SELECT '{\"a\": 1}' AS j"})
  void slashesAndBracesInsideStringsAndComments_stayReads(String sql) {
    assertThat(READ_ONLY.check(sql).allowed()).as(sql).isTrue();
  }

  // ---------------------------------------------------------------- 2. backslash in names

  @ParameterizedTest
  @ValueSource(strings = {"SELECT `\\` -- `, 1", "SELECT `a\\`` FROM t", "SELECT \"\\\" -- \", 1",
      "SELECT \"a\\b\" FROM t", "SELECT `a\\b` FROM t",
      // a backtick name holding what engines without backtick names read as code
      "SELECT `;` FROM t", "SELECT `a -- b` FROM t", "SELECT `'` FROM t", "SELECT `a/*b` FROM t",
      // Unicode escapes that H2 and PostgreSQL decode, without a backslash
      "SELECT * FROM INFORMATION_SCHEMA.U&\"SESSION!0053\" UESCAPE '!'", "SELECT u&'a!0062'"
      + " UESCAPE '!'", "SELECT U&\"a\" FROM t"})
  void backslashOrCodeInAQuotedName_refused(String sql) {
    assertRefused(READ_ONLY, sql, Rule.LEX_FAILED);
  }

  @ParameterizedTest
  @ValueSource(strings = {"SELECT `a b` FROM t", "SELECT \"a\"\"b\" FROM t",
      "SELECT 'C:\\dir' AS p", "SELECT `x` FROM `t`", "SELECT u & 1 FROM t"})
  void quotedNamesWithoutBackslash_andBackslashInAString_stayReads(String sql) {
    assertThat(READ_ONLY.check(sql).allowed()).as(sql).isTrue();
  }

  // ---------------------------------------------------------------- 3. Snowflake's ->> pipe

  @ParameterizedTest
  @ValueSource(strings = {"SELECT 1 ->> REMOVE @st", "SELECT 1 ->> COMMENT ON TABLE t IS 'x'",
      "SELECT 1 ->> SELECT 2", "SELECT 1 ->> DROP TABLE t", "SELECT 1 ->> LIST @st",
      "SELECT 1 ->> PUT 'file:///x' @st", "SELECT 1 ->> GET @st 'file:///tmp'",
      "SELECT 1 ->> UNDROP TABLE t", "SELECT 1 ->> SHOW TABLES", "SELECT 1 ->> with x AS (SELECT"
      + " 1) SELECT * FROM x"})
  void pipeBeforeAStatement_refused(String sql) {
    assertRefused(READ_ONLY, sql, Rule.MULTIPLE_STATEMENTS);
  }

  @ParameterizedTest
  @ValueSource(strings = {"SELECT col ->> 'key' FROM t", "SELECT col ->> '$.a' FROM t",
      "SELECT col ->> 0 FROM t", "SELECT col ->> k FROM t", "SELECT col -> 'a' ->> 'b' FROM t",
      "SELECT a FROM t WHERE col ->> 'k' = 'v'", "SELECT col ->> ? FROM t"})
  void jsonArrow_staysARead(String sql) {
    assertThat(READ_ONLY.check(sql).allowed()).as(sql).isTrue();
  }

  // ---------------------------------------------------------------- 4. sequences

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void sequenceAdvanceInKeywordSyntax_isDml_inEveryDialect(Dialect d) {
    SqlGate ro = SqlGate.builder().dialect(d).build();
    SqlGate rw = SqlGate.builder().dialect(d).mode(PermissionMode.READ_WRITE).build();
    for (String sql : new String[] {"SELECT NEXT VALUE FOR s", "VALUES NEXT VALUE FOR s",
        "SELECT NEXTVAL FOR s", "SELECT next value for s OVER (ORDER BY a) FROM t",
        "SELECT a FROM t WHERE b = NEXT VALUE FOR s", "SELECT NEXT /* c */ VALUE FOR s"}) {
      assertVerdict(ro, sql, false, StatementKind.DML);
      assertVerdict(rw, sql, true, StatementKind.DML);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"SELECT PREVVAL FOR s", "SELECT PREVIOUS VALUE FOR s",
      "SELECT CURRENT VALUE FOR s", "SELECT a FROM t ORDER BY a OFFSET 1 ROW FETCH NEXT 1 ROWS"
      + " ONLY", "SELECT a FROM t FETCH NEXT 5 ROWS ONLY", "SELECT next, value FROM t",
      "SELECT t.next FROM t"})
  void sequenceReadsAndFetchNext_stayReads(String sql) {
    assertThat(READ_ONLY.check(sql).allowed()).as(sql).isTrue();
  }

  // ---------------------------------------------------------------- 5. session state

  @ParameterizedTest
  @ValueSource(strings = {"SELECT @x := 5", "SELECT @`x` := 5", "SELECT a, @n := @n + 1 FROM t",
      "SELECT 1 FROM t WHERE (@x := 1) = 1", "SELECT COALESCE(a := 1)",
      "SELECT a INTO @x FROM t", "SELECT a, b INTO @x, @y FROM t LIMIT 1"})
  void sessionVariableAssignment_isAdmin(String sql) {
    assertVerdict(READ_ONLY, sql, false, StatementKind.ADMIN);
    assertThat(READ_WRITE.check(sql).allowed()).as(sql).isFalse();
  }

  @ParameterizedTest
  @ValueSource(strings = {"SELECT RAND(42)", "SELECT RANDOM(42)", "SELECT rand(a) FROM t",
      "SELECT \"RAND\"(1)", "SELECT RAND /* c */ (7)"})
  void seededRandom_refused(String sql) {
    assertRefused(READ_ONLY, sql, Rule.FUNCTION_NOT_ALLOWED);
  }

  @ParameterizedTest
  @ValueSource(strings = {"SELECT RAND()", "SELECT RANDOM()", "SELECT @x", "SELECT @@version",
      "SELECT a FROM t WHERE @x = 5", "SELECT a FROM t ORDER BY RAND()"})
  void unseededRandomAndVariableReads_stayReads(String sql) {
    assertThat(READ_ONLY.check(sql).allowed()).as(sql).isTrue();
  }

  // ---------------------------------------------------------------- 6. other callers' SQL

  @ParameterizedTest
  @ValueSource(strings = {
      // H2
      "SELECT SESSION_ID, EXECUTING_STATEMENT FROM INFORMATION_SCHEMA.SESSIONS",
      "SELECT * FROM information_schema.sessions", "SELECT * FROM \"INFORMATION_SCHEMA\".\"SESSIONS\"",
      "SELECT * FROM INFORMATION_SCHEMA.LOCKS", "SELECT * FROM INFORMATION_SCHEMA.QUERY_STATISTICS",
      "USE INFORMATION_SCHEMA", "USE \"information_schema\"",
      // MySQL, MariaDB
      "SHOW PROCESSLIST", "SHOW FULL PROCESSLIST", "show full processlist",
      "SHOW ENGINE INNODB STATUS", "SELECT info FROM information_schema.processlist",
      "SELECT * FROM `information_schema`.`PROCESSLIST`",
      "SELECT sql_text FROM performance_schema.events_statements_current",
      "SELECT * FROM performance_schema.events_statements_history_long",
      "SELECT * FROM performance_schema.events_statements_summary_by_digest",
      "SELECT processlist_info FROM performance_schema.threads",
      "SELECT sql_text FROM performance_schema.prepared_statements_instances",
      "SELECT * FROM sys.processlist", "SELECT * FROM sys.session", "SELECT * FROM sys.x$processlist",
      "SELECT argument FROM mysql.general_log", "SELECT trx_query FROM information_schema.innodb_trx",
      "USE performance_schema",
      // SQL Server
      "SELECT t.text FROM sys.dm_exec_requests r", "SELECT * FROM sys.dm_exec_sessions",
      "SELECT * FROM [sys].[dm_exec_requests]", "SELECT * FROM sys.query_store_query_text",
      "SELECT * FROM sys.dm_exec_query_stats", "SELECT * FROM sys.dm_exec_cached_plans",
      "SELECT * FROM master.dbo.sysprocesses", "SELECT * FROM sys.dm_exec_connections",
      // Oracle
      "SELECT sql_text FROM V$SQL", "SELECT * FROM v$sqlarea", "SELECT * FROM V$SESSION",
      "SELECT * FROM V$OPEN_CURSOR", "SELECT * FROM GV$SQL", "SELECT * FROM sys.v_$sql",
      "SELECT * FROM \"V$SQL\"", "SELECT * FROM dba_hist_sqltext",
      // DB2
      "SELECT * FROM SYSIBMADM.MON_CURRENT_SQL", "SELECT * FROM SYSIBMADM.LONG_RUNNING_SQL",
      "SELECT * FROM TABLE(MON_GET_ACTIVITY(NULL, -2))",
      // PostgreSQL, Redshift, ClickHouse, Trino, Firebird
      "SELECT query FROM pg_stat_activity", "SELECT querytxt FROM stv_recents",
      "SELECT * FROM stl_querytext", "SELECT query FROM system.processes",
      "SELECT query FROM system.query_log", "SELECT query FROM system.runtime.queries",
      "SELECT mon$sql_text FROM mon$statements"})
  void otherCallersSql_refused(String sql) {
    assertRefused(READ_ONLY, sql, Rule.FUNCTION_NOT_ALLOWED);
  }

  @ParameterizedTest
  @ValueSource(strings = {"SELECT user_id, sessions FROM stats", "SELECT * FROM app.sessions",
      "SELECT * FROM sessions", "SELECT locks, threads FROM t", "SELECT * FROM INFORMATION_SCHEMA.TABLES",
      "SELECT * FROM information_schema.columns", "SHOW TABLES", "USE analytics",
      "SELECT query FROM app.queries", "SELECT session FROM t"})
  void ordinaryNamesAndCatalogViews_stayReads(String sql) {
    assertThat(READ_ONLY.check(sql).allowed()).as(sql).isTrue();
  }

  // ---------------------------------------------------------------- 7. T-SQL SET after UPDATE

  @ParameterizedTest
  @ValueSource(strings = {"UPDATE t SET a = 1 SET IMPLICIT_TRANSACTIONS ON",
      "UPDATE t SET a = 1 SET LOCK_TIMEOUT -1",
      "UPDATE t SET a = 1 WHERE b = 2 SET TRANSACTION ISOLATION LEVEL READ UNCOMMITTED",
      "UPDATE t SET a = 1, b = 2 WHERE c = 3 SET ROWCOUNT 0",
      "MERGE INTO t USING s ON t.id = s.id WHEN MATCHED THEN UPDATE SET a = s.a SET LOCK_TIMEOUT 1",
      "UPDATE STATISTICS t SET LOCK_TIMEOUT 1",
      "INSERT INTO t VALUES (1) ON DUPLICATE KEY UPDATE a = 1 SET LOCK_TIMEOUT 1",
      "UPDATE t SET a = (SELECT 1) SET LOCK_TIMEOUT 1"})
  void setAfterTheUpdatesSetClause_isAdmin(String sql) {
    assertVerdict(READ_WRITE, sql, false, StatementKind.ADMIN);
  }

  @ParameterizedTest
  @ValueSource(strings = {"UPDATE t SET a = 1, b = 2 WHERE c = 3",
      "UPDATE t SET a = (SELECT max(b) FROM u) WHERE c = 3",
      "MERGE INTO t USING s ON t.id = s.id WHEN MATCHED AND s.x = 1 THEN UPDATE SET a = s.a"
      + " WHEN MATCHED THEN UPDATE SET b = s.b WHEN NOT MATCHED THEN INSERT VALUES (s.a)",
      "INSERT INTO t VALUES (1, 2) ON CONFLICT ON CONSTRAINT t_pk DO UPDATE SET a = excluded.a",
      "UPDATE t1 JOIN t2 ON t1.id = t2.id SET t1.a = t2.b",
      "UPDATE t WITH (ROWLOCK) SET a = 1", "UPDATE t AS x SET a = 1 FROM u WHERE x.id = u.id",
      "WITH u AS (SELECT id FROM s) UPDATE t SET a = 1 WHERE id IN (SELECT id FROM u)"})
  void updatesSetClause_staysDml(String sql) {
    assertVerdict(READ_WRITE, sql, true, StatementKind.DML);
  }

  private static void assertRefused(SqlGate gate, String sql, Rule rule) {
    Verdict v = gate.check(sql);
    assertThat(v.allowed()).as(gate.dialect() + ": " + sql).isFalse();
    assertThat(v.rule()).as(sql).isEqualTo(rule);
  }

  private static void assertVerdict(SqlGate gate, String sql, boolean allowed,
      StatementKind kind) {
    Verdict v = gate.check(sql);
    assertThat(v.allowed()).as(gate.dialect() + ": " + sql).isEqualTo(allowed);
    assertThat(v.kind()).as(gate.dialect() + ": " + sql).isEqualTo(kind);
  }
}
