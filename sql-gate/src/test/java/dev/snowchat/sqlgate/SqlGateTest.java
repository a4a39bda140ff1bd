package dev.snowchat.sqlgate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class SqlGateTest {
  private static final SqlGate SNOW = SqlGate.builder().dialect(Dialect.SNOWFLAKE).build();
  private static final SqlGate DUCK = SqlGate.builder().dialect(Dialect.DUCKDB).build();
  private static final SqlGate GENERIC = SqlGate.builder().build();

  @Test
  void check_dropInReadOnly_refusedWithActionableReason() {
    Verdict v = SNOW.check("DROP TABLE t");
    assertThat(v).isInstanceOf(Verdict.Blocked.class);
    assertThat(v.kind()).isEqualTo(StatementKind.DDL);
    assertThat(v.rule()).isEqualTo(Rule.KIND_NOT_ALLOWED);
    assertThat(v.reason()).isEqualTo("Refused: DROP is DDL; read_only mode allows SELECT, SHOW,"
        + " DESCRIBE, EXPLAIN, USE.");
    assertThat(((Verdict.Blocked) v).allowedInstead()).contains("SELECT");
  }

  @Test
  void classify_cteEndingInInsert_isDml() {
    Verdict v = GENERIC.check("WITH x AS (SELECT 1) INSERT INTO t SELECT * FROM x");
    assertThat(v.allowed()).isFalse();
    assertThat(v.kind()).isEqualTo(StatementKind.DML);
  }

  @Test
  void classify_dmlInsideWithItem_isDml() {
    assertThat(GENERIC.check("WITH d AS (DELETE FROM t RETURNING *) SELECT * FROM d").kind())
        .isEqualTo(StatementKind.DML);
  }

  @Test
  void classify_selectInto_isDdl() {
    // SELECT ... INTO t creates t, as CREATE TABLE t AS does (red-team run 7)
    assertThat(GENERIC.check("SELECT * INTO t2 FROM t").kind()).isEqualTo(StatementKind.DDL);
  }

  @Test
  void classify_explainAnalyzeOfWrite_isTheWrite() {
    assertThat(GENERIC.check("EXPLAIN ANALYZE DELETE FROM t").kind())
        .isEqualTo(StatementKind.DML);
    assertThat(SNOW.check("EXPLAIN SELECT * FROM t").kind()).isEqualTo(StatementKind.EXPLAIN);
    assertThat(SNOW.check("EXPLAIN SELECT * FROM t").allowed()).isTrue();
  }

  @Test
  void classify_neverReadOnlyStatements() {
    assertThat(SNOW.check("EXECUTE IMMEDIATE 'SELECT 1'").kind()).isEqualTo(StatementKind.SCRIPT);
    assertThat(SNOW.check("BEGIN SELECT 1; END").kind()).isEqualTo(StatementKind.SCRIPT);
    assertThat(SNOW.check("DECLARE x INT; BEGIN RETURN 1; END").kind())
        .isEqualTo(StatementKind.SCRIPT);
    assertThat(SNOW.check("CALL p()").kind()).isEqualTo(StatementKind.ADMIN);
    assertThat(SNOW.check("COPY INTO t FROM @s").kind()).isEqualTo(StatementKind.TRANSFER);
    assertThat(SNOW.check("PUT file:///x @s").kind()).isEqualTo(StatementKind.TRANSFER);
    assertThat(SNOW.check("GET @s file:///x").kind()).isEqualTo(StatementKind.TRANSFER);
    assertThat(SNOW.check("GRANT ROLE r TO USER u").kind()).isEqualTo(StatementKind.ADMIN);
    assertThat(SNOW.check("ALTER SESSION SET QUERY_TAG = 'x'").kind())
        .isEqualTo(StatementKind.ADMIN);
    assertThat(SNOW.check("SET x = 1").kind()).isEqualTo(StatementKind.ADMIN);
    assertThat(SNOW.check("CREATE TABLE t AS SELECT 1").kind()).isEqualTo(StatementKind.DDL);
  }

  @Test
  void use_databaseSchemaWarehouse_allowed_roleRefused() {
    assertThat(SNOW.check("USE DATABASE d").allowed()).isTrue();
    assertThat(SNOW.check("USE SCHEMA d.s").allowed()).isTrue();
    assertThat(SNOW.check("USE WAREHOUSE w").kind()).isEqualTo(StatementKind.USE);
    assertThat(SNOW.check("USE ROLE accountadmin").kind()).isEqualTo(StatementKind.ADMIN);
    assertThat(SNOW.check("USE SECONDARY ROLES ALL").allowed()).isFalse();
    assertThat(SNOW.check("USE d ROLE x").allowed()).isFalse();
  }

  @Test
  void multipleStatements_refusedInEveryMode() {
    for (PermissionMode m : PermissionMode.values()) {
      SqlGate g = SqlGate.builder().dialect(Dialect.SNOWFLAKE).mode(m).build();
      assertThat(g.check("SELECT 1; SELECT 2").rule()).isEqualTo(Rule.MULTIPLE_STATEMENTS);
      assertThat(g.check("SHOW TABLES ->> DROP TABLE t").allowed()).isFalse();
    }
    assertThat(SNOW.check("SELECT 1; -- trailing\n;").allowed()).isTrue();
  }

  @Test
  void flowChainOfReads_allowed() {
    assertThat(SNOW.check("SHOW TABLES ->> SELECT \"name\" FROM $1").allowed()).isTrue();
    assertThat(DUCK.check("SELECT j ->> 'a' FROM t").allowed()).isTrue();
  }

  @Test
  void emptyInput_refusedAsEmpty() {
    assertThat(SNOW.check("").rule()).isEqualTo(Rule.EMPTY);
    assertThat(SNOW.check("  -- only a comment\n /* x */ ;").rule()).isEqualTo(Rule.EMPTY);
  }

  @Test
  void lexFailure_refused() {
    assertThat(SNOW.check("SELECT 'unterminated").rule()).isEqualTo(Rule.LEX_FAILED);
    assertThat(SNOW.check("SELECT /* a /* b */ 1").rule()).isEqualTo(Rule.LEX_FAILED);
    assertThat(DUCK.check("SELECT /* a /* b */ */ 1").allowed()).isTrue();
    assertThat(GENERIC.check("SELECT 'a\\' FROM t").rule()).isEqualTo(Rule.LEX_FAILED);
  }

  @Test
  void generic_mysqlAmbiguities_refused() {
    assertThat(GENERIC.check("SELECT 1 --1; DROP TABLE t").rule()).isEqualTo(Rule.LEX_FAILED);
    assertThat(GENERIC.check("SELECT 1 /*!; DROP TABLE t */").rule())
        .isEqualTo(Rule.LEX_FAILED);
    assertThat(GENERIC.check("SELECT \"a\\\"\" ; DROP TABLE t; -- \"").rule())
        .isEqualTo(Rule.LEX_FAILED);
    assertThat(GENERIC.check("SELECT 1 -- fine\n").allowed()).isTrue();
    assertThat(GENERIC.check("SELECT x FROM UNNEST(a) WITH ORDINALITY AS t(x, n)").allowed())
        .isTrue();
  }

  @Test
  void dialects_backslashAndDoubleSlash() {
    assertThat(SNOW.check("SELECT 'a\\'; DROP TABLE t; --'").allowed()).isTrue();
    assertThat(DUCK.check("SELECT 'a\\'; DROP TABLE t; --'").allowed()).isFalse();
    assertThat(SNOW.check("SELECT 10 // 3; DROP TABLE t").allowed()).isTrue();
    assertThat(DUCK.check("SELECT 10 // 3; DROP TABLE t").allowed()).isFalse();
    assertThat(DUCK.check("SELECT 10 // 3").allowed()).isTrue();
  }

  @Test
  void systemFunctions_onlyReadOnlyOnesAllowed() {
    assertThat(SNOW.check("SELECT SYSTEM$CLUSTERING_INFORMATION('t')").allowed()).isTrue();
    Verdict v = SNOW.check("SELECT SYSTEM$CANCEL_QUERY('q')");
    assertThat(v.rule()).isEqualTo(Rule.FUNCTION_NOT_ALLOWED);
    assertThat(v.reason()).contains("SYSTEM$CANCEL_QUERY");
    assertThat(SNOW.check("SELECT \"SYSTEM$ABORT_SESSION\"(1)").allowed()).isFalse();
    assertThat(SNOW.check("SELECT IDENTIFIER('\"SYSTEM$ABORT_SESSION\"')(1)").allowed())
        .isFalse();
    assertThat(SNOW.check("SELECT IDENTIFIER($f)(1)").allowed()).isFalse();
  }

  @Test
  void readWriteMode_allowsDml_notDdl_functionPolicyStillApplies() {
    SqlGate rw = SqlGate.builder().dialect(Dialect.SNOWFLAKE).mode(PermissionMode.READ_WRITE)
        .build();
    assertThat(rw.check("INSERT INTO t VALUES (1)").allowed()).isTrue();
    assertThat(rw.check("COPY INTO t FROM @s").allowed()).isTrue();
    assertThat(rw.check("DROP TABLE t").allowed()).isFalse();
    assertThat(rw.check("INSERT INTO t SELECT SYSTEM$ABORT_SESSION(1)").rule())
        .isEqualTo(Rule.FUNCTION_NOT_ALLOWED);
  }

  @Test
  void fullMode_allowsEverythingKnown_notUnknown() {
    SqlGate full = SqlGate.builder().dialect(Dialect.SNOWFLAKE).mode(PermissionMode.FULL).build();
    assertThat(full.check("DROP TABLE t").allowed()).isTrue();
    assertThat(full.check("BEGIN DELETE FROM t; END").allowed()).isTrue();
    assertThat(full.check("FROBNICATE t").allowed()).isFalse();
    assertThat(full.check("SELECT 1; DROP TABLE t").allowed()).isFalse();
  }

  @Test
  void perKindOverrides() {
    SqlGate g = SqlGate.builder().dialect(Dialect.SNOWFLAKE).allow(StatementKind.DDL)
        .deny(StatementKind.USE).build();
    assertThat(g.check("CREATE TABLE t (a INT)").allowed()).isTrue();
    assertThat(g.check("USE DATABASE d").allowed()).isFalse();
    assertThat(g.check("USE DATABASE d").reason()).contains("CREATE/ALTER/DROP");
  }

  @Test
  void filePaths_allowlist() {
    SqlGate g = SqlGate.builder().dialect(Dialect.DUCKDB).allowPath(Path.of("/data")).build();
    assertThat(g.check("SELECT * FROM read_csv('/data/x.csv')").allowed()).isTrue();
    assertThat(g.check("SELECT * FROM read_csv(['/data/a.csv', '/data/b/*.csv'])").allowed())
        .isTrue();
    assertThat(g.check("FROM '/data/x.parquet'").allowed()).isTrue();
    assertThat(g.check("SELECT * FROM read_csv('/data/../etc/passwd')").rule())
        .isEqualTo(Rule.FILE_ACCESS);
    assertThat(g.check("SELECT * FROM read_csv('/etc/passwd')").rule())
        .isEqualTo(Rule.FILE_ACCESS);
    assertThat(g.check("SELECT * FROM read_csv('https://x/y.csv')").rule())
        .isEqualTo(Rule.FILE_ACCESS);
    assertThat(g.check("SELECT * FROM read_csv('data/x.csv')").rule())
        .isEqualTo(Rule.FILE_ACCESS);
    assertThat(g.check("SELECT * FROM read_csv(p)").rule()).isEqualTo(Rule.FILE_ACCESS);
    assertThat(g.check("SELECT * FROM '/data2/x.csv'").rule()).isEqualTo(Rule.FILE_ACCESS);
    assertThat(DUCK.check("SELECT * FROM read_csv('/data/x.csv')").allowed()).isFalse();
  }

  @Test
  void functionPolicy_isData() {
    FunctionPolicy p = FunctionPolicy.builder(Dialect.SNOWFLAKE)
        .readOnlySystemFunction("SYSTEM$MY_INFO").deny("risky_udf").allow("SYSTEM$WAIT").build();
    SqlGate g = SqlGate.builder().dialect(Dialect.SNOWFLAKE).functionPolicy(p).build();
    assertThat(g.check("SELECT SYSTEM$MY_INFO()").allowed()).isTrue();
    assertThat(g.check("SELECT SYSTEM$WAIT(1)").allowed()).isTrue();
    assertThat(g.check("SELECT db.s.RISKY_UDF(1)").rule()).isEqualTo(Rule.FUNCTION_NOT_ALLOWED);
    assertThatThrownBy(() -> FunctionPolicy.builder(Dialect.SNOWFLAKE).allow("f").deny("F"))
        .isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> SqlGate.builder().dialect(Dialect.DUCKDB).functionPolicy(p).build())
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void reasons_doNotEchoLongInput() {
    String longPath = "/secret/" + "x".repeat(500);
    Verdict v = DUCK.check("SELECT * FROM read_csv('" + longPath + "')");
    assertThat(v.reason().length()).isLessThan(300);
    assertThat(v.reason()).doesNotContain("x".repeat(100));
  }

  @Test
  void builder_setTwice_throwsIse_badValues_throwIae() {
    assertThatThrownBy(() -> SqlGate.builder().mode(PermissionMode.FULL)
        .mode(PermissionMode.READ_ONLY)).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("FULL");
    assertThatThrownBy(() -> SqlGate.builder().maxInputLength(0))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> SqlGate.builder().maxNestingDepth(5).maxNestingDepth(6))
        .isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> SqlGate.builder().allowPath(Path.of("rel")))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> SqlGate.builder().allowPath(Path.of("/")))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> SqlGate.builder().parseTimeout(Duration.ZERO))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> SqlGate.builder().allow(StatementKind.UNKNOWN))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void tokensOnly_decidesTheSame_onWrites() {
    SqlGate t = SqlGate.builder().dialect(Dialect.SNOWFLAKE).tokensOnly().build();
    assertThat(t.check("SELECT a FROM t").allowed()).isTrue();
    assertThat(t.check("WITH x AS (SELECT 1) DELETE FROM t").allowed()).isFalse();
  }

  @Test
  void lookAlikes_andInvisibleCharacters_refused() {
    assertThat(SNOW.check("(DR\u041EP TABLE t)").allowed()).isFalse();
    assertThat(SNOW.check("SELECT 1\uFF1B DROP TABLE t").allowed()).isFalse();
    assertThat(SNOW.check("SELECT 1;\u200BDROP TABLE t").allowed()).isFalse();
    assertThat(SNOW.check("SELECT\u00A01").allowed()).isFalse();
    assertThat(SNOW.check("SELECT 'größe' AS größe").allowed()).isTrue();
  }
}
