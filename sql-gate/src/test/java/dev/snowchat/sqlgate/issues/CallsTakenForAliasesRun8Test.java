package dev.snowchat.sqlgate.issues;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.sqlgate.Dialect;
import dev.snowchat.sqlgate.Execution;
import dev.snowchat.sqlgate.GatedExecutor;
import dev.snowchat.sqlgate.PermissionMode;
import dev.snowchat.sqlgate.Rule;
import dev.snowchat.sqlgate.SqlGate;
import dev.snowchat.sqlgate.StatementKind;
import dev.snowchat.sqlgate.Verdict;
import dev.snowchat.sqlgate.testing.TestDatabases;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The eighth red-team run (2026-12-06): calls the token analyzer took for names that are not
 * calls. A name before {@code (} is not a call after {@code AS}, after {@code )} ({@code f(x)
 * g(a)}: an alias with a column list) and where a CTE's column list stands; such names were held
 * only to the deny families, so sequence advances, the engine's catalog, Snowflake's and GENERIC's
 * allowlists and the table-function list did not apply to them. But SQL reads an expression, so a
 * call, in some of those shapes:
 *
 * <ul>
 *   <li>after the {@code )} of {@code OPERATOR(schema.op)} (PostgreSQL and DuckDB), {@code
 *       DISTINCT ON (...)} and {@code TOP (n)}: {@code SELECT 1 OPERATOR(+) nextval('s')} and
 *       {@code SELECT DISTINCT ON (1) nextval('s')} advanced a DuckDB sequence through {@code
 *       GatedExecutor} in read_only; {@code SELECT 1 OPERATOR(pg_catalog.+) f()} ran a volatile
 *       PostgreSQL function past the engine's catalog (it took a session advisory lock);
 *   <li>after a comma followed by {@code AS (}, which was taken for a CTE: PostgreSQL's column
 *       definition lists, {@code ROWS FROM (g(), f() AS (a int))} and {@code FROM t, f() AS (a
 *       int)}, the first of which ran the volatile function through the executor;
 *   <li>after {@code AS} in a MATCH_RECOGNIZE's {@code DEFINE} list, where {@code v AS f(x)}
 *       defines a pattern variable by an expression: Snowflake's fail-closed function list let a
 *       UDF, an external function or Cortex run there (from Snowflake's documentation).
 * </ul>
 *
 * <p>The full gate's JSqlParser layer caught some shapes it parses; a {@code tokensOnly()} gate,
 * which the README calls sound on its own, caught none ({@code SELECT DISTINCT ON (1)
 * FILE_WRITE(...)} wrote a file on H2 through it). Closed in the token analyzer: a CTE name is
 * one the WITH parser found, and those expression positions are calls.
 */
class CallsTakenForAliasesRun8Test {

  @Test
  void duckDb_sequenceAdvancedBehindOperatorAndDistinctOn_refusedInReadOnly() throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:")) {
      try (Statement s = c.createStatement()) {
        s.execute("CREATE SEQUENCE s");
        s.execute("CREATE TABLE t AS SELECT range AS a FROM range(3)");
      }
      List<String> statements = List.of("SELECT 1 OPERATOR(+) nextval('s')",
          "SELECT OPERATOR(-) nextval('s')", "SELECT DISTINCT ON (1) nextval('s')",
          "SELECT DISTINCT ON (a) nextval('s') FROM t");
      // the effect, without the gate: each statement draws from the sequence
      long drawn = 0;
      for (String sql : statements) {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
          while (rs.next()) {
            drawn++;
          }
        }
      }
      assertThat(currval(c)).isEqualTo(drawn);
      GatedExecutor readOnly = GatedExecutor.builder().dataSource(TestDatabases.sharing(c))
          .gate(SqlGate.builder().dialect(Dialect.DUCKDB).build()).build();
      RefusedRuns.assertAllRefused(readOnly, Rule.KIND_NOT_ALLOWED, statements);
      assertThat(currval(c)).as("no draw through the read-only gate").isEqualTo(drawn);
      // read_write allows sequence advances (DML), as nextval('s') alone
      GatedExecutor readWrite = GatedExecutor.builder().dataSource(TestDatabases.sharing(c))
          .gate(SqlGate.builder().dialect(Dialect.DUCKDB).mode(PermissionMode.READ_WRITE)
              .build()).build();
      assertThat(readWrite.run(statements.get(0))).isInstanceOf(Execution.Completed.class);
    }
  }

  @Test
  void postgres_volatileFunctionInColumnDefinitionListsAndAfterOperator_refusedByTheCatalog()
      throws Exception {
    TestDatabases.Postgres pg = TestDatabases.postgres();
    String schema = TestDatabases.uniqueSchema("rt8_alias");
    long key = 8_000_000L + new SplittableRandom().nextInt(1_000_000);
    try (Connection c = pg.connect(); Statement s = c.createStatement()) {
      s.execute("CREATE SCHEMA " + schema);
      s.execute("CREATE FUNCTION " + schema + ".lock_rows() RETURNS SETOF record LANGUAGE sql"
          + " VOLATILE AS $$ SELECT 1 FROM (SELECT pg_advisory_lock(" + key + ")) x $$");
      s.execute("CREATE FUNCTION " + schema + ".lock_one() RETURNS int LANGUAGE sql VOLATILE"
          + " AS $$ SELECT 1 FROM (SELECT pg_advisory_lock(" + key + ")) x $$");
    }
    try {
      List<String> statements = List.of(
          "SELECT * FROM ROWS FROM (generate_series(1, 1), lock_rows() AS (a int)) r",
          "SELECT * FROM (SELECT 1) x, lock_rows() AS (a int)",
          "SELECT 1 OPERATOR(pg_catalog.+) lock_one()",
          "SELECT DISTINCT ON (1) lock_one()");
      for (String sql : statements) {
        try (Connection c = pg.connect(); Statement s = c.createStatement()) {
          s.execute("SET search_path = public, " + schema);
          s.executeQuery(sql).close();
          assertThat(advisoryLocks(c, key)).as("the effect, without the gate: " + sql)
              .isEqualTo(1);
        }
      }
      for (SqlGate gate : BothGates.of(Dialect.POSTGRES, PermissionMode.READ_ONLY)) {
        try (Connection pooled = pg.connect()) {
          try (Statement s = pooled.createStatement()) {
            s.execute("SET search_path = public, " + schema);
          }
          GatedExecutor executor = GatedExecutor.builder()
              .dataSource(TestDatabases.sharing(pooled)).gate(gate).build();
          RefusedRuns.assertAllRefused(executor, Rule.FUNCTION_NOT_ALLOWED, statements);
          assertThat(advisoryLocks(pooled, key)).isZero();
          // a set-returning built-in with a column definition list stays readable
          assertThat(executor.run("SELECT * FROM (SELECT 1) x,"
              + " json_to_record('{\"a\": 1}') AS (a int)"))
              .isInstanceOf(Execution.Completed.class);
        }
      }
    } finally {
      try (Connection c = pg.connect(); Statement s = c.createStatement()) {
        s.execute("DROP SCHEMA " + schema + " CASCADE");
      }
    }
  }

  @Test
  void h2_tokensOnlyGenericGate_fileWriteAfterDistinctOn_refused(@TempDir Path dir)
      throws Exception {
    Path written = dir.resolve("written.txt");
    String sql = "SELECT DISTINCT ON (1) FILE_WRITE('run8', '" + written + "')";
    try (Connection c = DriverManager.getConnection("jdbc:h2:mem:run8alias")) {
      try (Statement s = c.createStatement()) {
        s.executeQuery(sql).close();
      }
      assertThat(written).as("the effect, without the gate").exists();
      Files.delete(written);
      GatedExecutor executor = GatedExecutor.builder().dataSource(TestDatabases.sharing(c))
          .gate(SqlGate.builder().tokensOnly().build()).build();
      RefusedRuns.assertAllRefused(executor, Rule.FUNCTION_NOT_ALLOWED, List.of(sql));
      assertThat(written).doesNotExist();
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "SELECT * FROM t MATCH_RECOGNIZE (ORDER BY a PATTERN (v+) DEFINE v AS my_udf(a) > 0)",
      "SELECT * FROM t MATCH_RECOGNIZE (PARTITION BY p ORDER BY a MEASURES FIRST(a) AS f"
          + " ONE ROW PER MATCH PATTERN (u v+) DEFINE u AS a > 0, v AS ext_send(a) = 1)",
      "SELECT * FROM t MATCH_RECOGNIZE (ORDER BY a PATTERN (v) DEFINE v AS"
          + " SNOWFLAKE.CORTEX.COMPLETE('m', a) <> '')",
      "SELECT * FROM t MATCH_RECOGNIZE (ORDER BY a PATTERN (v) DEFINE v AS AI_COMPLETE('m', a)"
          + " IS NOT NULL)",
      "SELECT * FROM t MATCH_RECOGNIZE (ORDER BY a PATTERN (v) DEFINE v AS \"lower\"(a) = 'x')",
      "SELECT TOP (1) my_udf(a) FROM t", "SELECT DISTINCT ON (a) my_udf(a) FROM t"})
  void snowflake_callsInExpressionPositions_heldToTheFunctionList(String sql) {
    for (SqlGate gate : BothGates.of(Dialect.SNOWFLAKE, PermissionMode.READ_ONLY)) {
      Verdict v = gate.check(sql);
      assertThat(v.allowed()).as(sql).isFalse();
      assertThat(v.rule()).isEqualTo(Rule.FUNCTION_NOT_ALLOWED);
    }
  }

  /**
   * Seeded: a call that must not run in read_only, in each expression position, in each dialect,
   * with random case and comments between the tokens, through the full and the tokens-only gate.
   */
  @Test
  void generated_callsInExpressionPositions_neverAllowedInReadOnly() {
    long seed = Long.getLong("sqlgate.run8Seed", System.nanoTime());
    SplittableRandom random = new SplittableRandom(seed);
    List<String> positions = List.of("SELECT 1 OPERATOR(pg_catalog.+) %s",
        "SELECT OPERATOR(-) %s", "SELECT (SELECT 1) OPERATOR(+) %s FROM t",
        "SELECT a FROM t WHERE a OPERATOR(pg_catalog.=) %s",
        "SELECT DISTINCT ON (a) %s FROM t", "SELECT DISTINCT ON (a, (b)) %s, a FROM t",
        "SELECT TOP (1) %s FROM t", "SELECT * FROM t, %s AS (a int)",
        "SELECT * FROM ROWS FROM (generate_series(1, 2), %s AS (a int)) r",
        "SELECT * FROM ROWS FROM (json_to_record('{}') AS (a int), %s AS (b int)) r",
        "WITH c(x) AS (SELECT 1) SELECT * FROM c, %s AS (a int)",
        "SELECT * FROM t MATCH_RECOGNIZE (ORDER BY a PATTERN (v+) DEFINE v AS %s > 0)",
        "SELECT * FROM t MATCH_RECOGNIZE (ORDER BY a PATTERN (u v) DEFINE u AS a > 0, v AS %s)",
        "SELECT (SELECT 1 OPERATOR(+) %s)", "WITH c AS (SELECT DISTINCT ON (1) %s) SELECT 1");
    List<Case> calls = List.of(new Case(Dialect.POSTGRES, "nextval('s')"),
        new Case(Dialect.POSTGRES, "app.lock_rows()"), new Case(Dialect.DUCKDB, "nextval('s')"),
        new Case(Dialect.DUCKDB, "setval('s', 1)"),
        new Case(Dialect.SNOWFLAKE, "my_udf(a)"),
        new Case(Dialect.SNOWFLAKE, "SNOWFLAKE.CORTEX.COMPLETE('m', a)"),
        new Case(Dialect.GENERIC, "FILE_WRITE('x', '/tmp/x')"),
        new Case(Dialect.GENERIC, "my_udf(a)"));
    List<String> failures = new ArrayList<>();
    for (int n = 0; n < 6_000; n++) {
      String position = positions.get(random.nextInt(positions.size()));
      Case call = calls.get(random.nextInt(calls.size()));
      String sql = disguise(String.format(Locale.ROOT, position, call.sql()), random);
      for (SqlGate gate : BothGates.of(call.dialect(), PermissionMode.READ_ONLY)) {
        Verdict v = gate.check(sql);
        if (v.allowed()) {
          failures.add(call.dialect() + ": " + sql);
        }
      }
    }
    assertThat(failures).as("seed %d (replay with -Dsqlgate.run8Seed=%d)", seed, seed)
        .isEmpty();
  }

  @ParameterizedTest
  @ValueSource(strings = {"SELECT * FROM generate_series(1, 2) g(a)",
      "SELECT * FROM (SELECT 1, 2) AS s(a, b)", "SELECT * FROM (VALUES (1)) v(a)",
      "WITH c(a) AS (SELECT 1), d(b) AS (SELECT 2) SELECT * FROM c, d",
      "WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 3),"
          + " d(m) AS NOT MATERIALIZED (SELECT 2) SELECT * FROM c, d",
      "SELECT DISTINCT ON (a) a, b FROM t ORDER BY a",
      "SELECT * FROM generate_series(1, 2) WITH ORDINALITY AS g(a, n)",
      "SELECT 1 OPERATOR(pg_catalog.+) abs(-2)", "SELECT count(*) OVER (w) FROM t WINDOW w AS ()",
      "SELECT * FROM json_to_record('{\"a\": 1}') AS (a int)",
      "SELECT * FROM ROWS FROM (json_to_record('{}') AS (a int), generate_series(1, 2)) r"})
  void aliasesColumnListsAndBuiltInCalls_stayReads_postgres(String sql) {
    Verdict v = SqlGate.builder().dialect(Dialect.POSTGRES).build().check(sql);
    assertThat(v.allowed()).as("%s -> %s", sql, v.reason()).isTrue();
    assertThat(v.kind()).isEqualTo(StatementKind.READ);
  }

  @ParameterizedTest
  @ValueSource(strings = {"SELECT * FROM t AS x(a, b)",
      "WITH c(a) AS (SELECT 1), d(b) AS (SELECT 2) SELECT * FROM c, d",
      "SELECT * FROM t MATCH_RECOGNIZE (ORDER BY a MEASURES MATCH_NUMBER() AS m PATTERN (u v+)"
          + " DEFINE u AS a > 0, v AS LAG(a) < a AND ABS(a) > 1)",
      "SELECT * FROM t PIVOT (SUM(a) FOR b IN (1, 2)) AS p (c1, c2)",
      "SELECT TOP 10 LOWER(a) FROM t"})
  void aliasesAndListedCalls_stayReads_snowflake(String sql) {
    Verdict v = SqlGate.builder().dialect(Dialect.SNOWFLAKE).tokensOnly().build().check(sql);
    assertThat(v.allowed()).as("%s -> %s", sql, v.reason()).isTrue();
  }

  private record Case(Dialect dialect, String sql) {}

  /** Random case for the keywords and a comment or extra space between some tokens. */
  private static String disguise(String sql, SplittableRandom random) {
    StringBuilder b = new StringBuilder();
    for (String part : sql.split(" ")) {
      if (!b.isEmpty()) {
        b.append(switch (random.nextInt(4)) {
          case 0 -> " /* x */ ";
          case 1 -> "\n  ";
          default -> " ";
        });
      }
      boolean keyword = part.chars().allMatch(ch -> Character.isUpperCase(ch) || ch == '_');
      b.append(keyword && random.nextBoolean() ? part.toLowerCase(Locale.ROOT) : part);
    }
    return b.toString();
  }

  private static long currval(Connection c) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT currval('s')")) {
      rs.next();
      return rs.getLong(1);
    }
  }

  private static long advisoryLocks(Connection c, long key) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT count(*) FROM"
        + " pg_locks WHERE locktype = 'advisory' AND ((classid::int8 << 32) | objid::int8) = "
        + key)) {
      rs.next();
      return rs.getLong(1);
    }
  }
}
