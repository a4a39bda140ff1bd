package dev.snowchat.sqlgate.issues;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.sqlgate.Dialect;
import dev.snowchat.sqlgate.Execution;
import dev.snowchat.sqlgate.FunctionCatalog;
import dev.snowchat.sqlgate.FunctionCatalog.Effect;
import dev.snowchat.sqlgate.GatedExecutor;
import dev.snowchat.sqlgate.PermissionMode;
import dev.snowchat.sqlgate.Rule;
import dev.snowchat.sqlgate.SqlGate;
import dev.snowchat.sqlgate.Verdict;
import dev.snowchat.sqlgate.testing.TestDatabases;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The seventh red-team run (2026-12-02): PostgreSQL extension functions that run SQL given as
 * text. tablefunc's {@code crosstab} and {@code connectby} and xml2's {@code xpath_table} build a
 * query from their text arguments and run it, so whatever the text calls escapes the gate, as with
 * {@code query_to_xml} or DuckDB's {@code query}. They are C functions declared {@code STABLE}, and
 * the engine catalog counted every non-volatile C function outside {@code pg_catalog} as pure:
 * through {@code GatedExecutor} (read_only, default hardening, the engine's catalog) they took a
 * session advisory lock, which outlives the read's rolled-back transaction, and returned other
 * sessions' SQL from {@code pg_stat_activity}.
 *
 * <p>Closed twice: the names are refused in every dialect (the bare gate knows no catalog), and the
 * catalog now counts a function outside the system as pure only when it is immutable C (a stable
 * function may query the database). The same run found the bare POSTGRES gate allowing any call
 * qualified by a user schema ({@code cron.schedule(...)}, orafce's {@code utl_file.fopen(...)}):
 * PostgreSQL's built-ins live in {@code pg_catalog}, so such a call is a user or extension
 * function, which only the catalog can judge; it is refused unless the catalog or the host says
 * otherwise.
 */
class ExtensionSqlRunnersRun7Test {

  @Test
  void postgres_crosstabConnectbyXpathTable_runTheirText_refusedThroughTheExecutor()
      throws Exception {
    TestDatabases.Postgres pg = TestDatabases.postgres();
    String schema = TestDatabases.uniqueSchema("rt7_ext");
    long key = 7_000_000L + new SplittableRandom().nextInt(1_000_000);
    installInNewSchema(pg, schema, "tablefunc", "xml2");
    try (Connection c = pg.connect(); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE " + schema + ".tree (k text, p text)");
      s.execute("INSERT INTO " + schema + ".tree VALUES ('a', NULL), ('b', 'a')");
    }
    try {
      List<String> statements = List.of(
          "SELECT * FROM " + schema + ".crosstab('SELECT ''r''::text, ''c''::text,"
              + " pg_advisory_lock(" + key + ")::text') AS ct(r text, c text)",
          "SELECT * FROM " + schema + ".connectby('(SELECT k, p, pg_advisory_lock(" + key
              + ") FROM " + schema + ".tree) s', 'k', 'p', 'a', 0) AS t(k text, p text, l int)",
          "SELECT * FROM " + schema + ".xpath_table('k', 'd', '(SELECT 1 AS k, ''<a>x</a>''::text"
              + " AS d, pg_advisory_lock(" + key + ")) s', '/a', 'true') AS t(k int, a text)");
      // the effect, without the gate: the lock is taken by text the gate never sees as a call
      for (String sql : statements) {
        try (Connection c = pg.connect(); Statement s = c.createStatement()) {
          s.executeQuery(sql).close();
          assertThat(advisoryLocks(c, key)).as(sql).isEqualTo(1);
        }
      }
      try (Connection pooled = pg.connect()) {
        GatedExecutor executor = GatedExecutor.builder()
            .dataSource(TestDatabases.sharing(pooled))
            .gate(SqlGate.builder().dialect(Dialect.POSTGRES).build()).build();
        RefusedRuns.assertAllRefused(executor, Rule.FUNCTION_NOT_ALLOWED, statements);
        // other sessions' SQL through crosstab's text
        assertThat(executor.run("SELECT * FROM " + schema + ".crosstab('SELECT usename::text,"
            + " ''c''::text, query FROM pg_stat_activity') AS ct(r text, c text)"))
            .isInstanceOf(Execution.Refused.class);
        assertThat(advisoryLocks(pooled, key)).isZero();
        // the extensions' immutable functions stay readable with the catalog
        assertThat(executor.run("SELECT " + schema + ".xpath_string('<a>x</a>', '/a')"))
            .isInstanceOf(Execution.Completed.class);
      }
      try (Connection c = pg.connect()) {
        FunctionCatalog cat = FunctionCatalog.read(c, Dialect.POSTGRES).orElseThrow();
        for (String f : List.of("crosstab", "connectby", "xpath_table", "crosstab2")) {
          assertThat(cat.effect(f)).as(f).contains(Effect.SIDE_EFFECT);
        }
        assertThat(cat.effect("xpath_string")).contains(Effect.PURE); // immutable C
        // stable C outside the system may query the database: the host allows it by name
        assertThat(cat.effect("xml_valid")).contains(Effect.SIDE_EFFECT);
      }
    } finally {
      try (Connection c = pg.connect(); Statement s = c.createStatement()) {
        s.execute("DROP SCHEMA " + schema + " CASCADE");
      }
    }
  }

  /**
   * Review of run 7: once stable C functions outside the system stopped counting as pure,
   * unaccent and pg_trgm's similarity operators were refused through the executor; they only
   * compute, and the reviewed contrib list counts them as pure again.
   */
  @Test
  void postgres_unaccentAndTrigramOperators_stayReadable() throws Exception {
    TestDatabases.Postgres pg = TestDatabases.postgres();
    String schema = TestDatabases.uniqueSchema("rt7_trgm");
    installInNewSchema(pg, schema, "unaccent", "pg_trgm");
    try (Connection pooled = pg.connect()) {
      try (Statement s = pooled.createStatement()) {
        s.execute("SET search_path = public, " + schema);
      }
      GatedExecutor executor = GatedExecutor.builder()
          .dataSource(TestDatabases.sharing(pooled))
          .gate(SqlGate.builder().dialect(Dialect.POSTGRES).build()).build();
      for (String sql : List.of("SELECT unaccent('H\u00f4tel')", "SELECT 'word' <% 'a word'",
          "SELECT 'a word' %> 'word'", "SELECT 'word' <<% 'a word'", "SELECT show_limit()")) {
        assertThat(executor.run(sql)).as(sql).isInstanceOf(Execution.Completed.class);
      }
    } finally {
      try (Connection c = pg.connect(); Statement s = c.createStatement()) {
        s.execute("DROP SCHEMA " + schema + " CASCADE");
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"SELECT * FROM crosstab('SELECT 1') AS ct(a text)",
      "SELECT * FROM public.crosstab('SELECT a, b, c FROM t ORDER BY 1', 'SELECT DISTINCT b FROM"
          + " t') AS ct(a text, x text, y text)",
      "SELECT * FROM \"crosstab\"('SELECT 1') AS ct(a text)",
      "SELECT * FROM crosstab2('SELECT 1')", "SELECT * FROM CROSSTAB3('SELECT 1')",
      "SELECT * FROM crosstab4($$SELECT 1$$)",
      "SELECT * FROM t, LATERAL crosstab(t.q) AS ct(a text)",
      "SELECT * FROM connectby('t', 'k', 'p', 'a', 0) AS c(k text, p text, l int)",
      "SELECT * FROM ext.connectby('t', 'k', 'p', 'a', 0, '~') AS c(k text, p text, l int, b text)",
      "SELECT * FROM xpath_table('k', 'd', 't', '/a', 'true') AS x(k int, a text)",
      "WITH c AS (SELECT * FROM crosstab('SELECT 1') AS ct(a text)) SELECT * FROM c",
      "SELECT (SELECT count(*) FROM crosstab('SELECT 1') AS ct(a text))",
      "SELECT * FROM U&\"crossta\\0062\"('SELECT 1') AS ct(a text)"})
  void extensionSqlRunners_everySpelling_refusedInEveryDialectBelowFull(String sql) {
    for (Dialect d : List.of(Dialect.POSTGRES, Dialect.GENERIC)) {
      for (PermissionMode m : List.of(PermissionMode.READ_ONLY, PermissionMode.READ_WRITE)) {
        Verdict v = SqlGate.builder().dialect(d).mode(m).build().check(sql);
        assertThat(v.allowed()).as("%s %s %s", d, m, sql).isFalse();
      }
    }
    assertThat(SqlGate.builder().dialect(Dialect.POSTGRES).build().references(sql).complete())
        .as(sql).isFalse();
  }

  /**
   * Without a catalog, a PostgreSQL call qualified by a schema other than the system's is a user
   * or extension function (pg_cron's {@code cron.schedule} runs SQL later as its owner, orafce's
   * {@code utl_file.fopen} writes server files, {@code dbms_pipe} and {@code dbms_alert} signal
   * other sessions): the bare gate refuses it and says the catalog decides.
   */
  @ParameterizedTest
  @ValueSource(strings = {"SELECT cron.schedule('* * * * *', 'DELETE FROM t')",
      "SELECT \"cron\".\"schedule\"('x', 'y')", "SELECT db.cron.schedule_in_database('j', 'x')",
      "SELECT utl_file.fopen('/tmp', 'x.txt', 'w')",
      "SELECT utl_file.put_line(h, 'x') FROM handles", "SELECT dbms_pipe.send_message('p')",
      "SELECT dbms_alert.signal('a', 'm')", "SELECT * FROM public.my_srf()",
      "SELECT aws_s3.query_export_to_s3('SELECT 1', 'b', 'k', 'r')",
      "SELECT x FROM t WHERE s.f(x) > 0", "SELECT count(*) FILTER (WHERE u.check(a)) FROM t"})
  void postgres_bareGate_callQualifiedByAUserSchema_refused(String sql) {
    Verdict v = SqlGate.builder().dialect(Dialect.POSTGRES).build().check(sql);
    assertThat(v.allowed()).as(sql).isFalse();
    assertThat(v.rule()).isEqualTo(Rule.FUNCTION_NOT_ALLOWED);
    assertThat(v.reason()).as(sql).contains("is qualified by schema").contains("catalog");
  }

  @ParameterizedTest
  @ValueSource(strings = {"SELECT pg_catalog.lower('A')", "SELECT \"pg_catalog\".\"lower\"('A')",
      "SELECT PG_CATALOG.upper(name) FROM t", "SELECT information_schema._pg_expandarray(ARRAY[1])",
      "SELECT s.t.a FROM s.t", "SELECT * FROM s.t AS x(a, b)", "SELECT x::s.typ FROM t",
      "SELECT count(*) FROM s.t JOIN u.v USING (id)"})
  void postgres_bareGate_systemQualifiedCallsAndQualifiedNames_stayReads(String sql) {
    Verdict v = SqlGate.builder().dialect(Dialect.POSTGRES).build().check(sql);
    assertThat(v.allowed()).as("%s -> %s", sql, v.reason()).isTrue();
  }

  @Test
  void postgres_qualifiedCall_theHostAllowsByName() {
    SqlGate gate = SqlGate.builder().dialect(Dialect.POSTGRES).functionPolicy(
        dev.snowchat.sqlgate.FunctionPolicy.builder(Dialect.POSTGRES).allow("my_srf").build())
        .build();
    assertThat(gate.check("SELECT * FROM public.my_srf()").allowed()).isTrue();
    assertThat(gate.check("SELECT * FROM public.other_srf()").allowed()).isFalse();
  }

  /**
   * Creates the schema and installs the extensions in it; skips the test when the server lacks
   * one or this database has one already (it would live in another schema).
   */
  private static void installInNewSchema(TestDatabases.Postgres pg, String schema,
      String... extensions) throws SQLException {
    try (Connection c = pg.connect(); Statement s = c.createStatement()) {
      for (String e : extensions) {
        Assumptions.assumeTrue(available(c, e), "the server has no " + e + " extension");
        Assumptions.assumeFalse(installed(c, e), e + " is already installed in this database");
      }
      s.execute("CREATE SCHEMA " + schema);
      for (String e : extensions) {
        s.execute("CREATE EXTENSION " + e + " SCHEMA " + schema);
      }
    }
  }

  private static boolean available(Connection c, String extension) throws SQLException {
    return count(c, "SELECT count(*) FROM pg_available_extensions WHERE name = '" + extension
        + "'") > 0;
  }

  private static boolean installed(Connection c, String extension) throws SQLException {
    return count(c, "SELECT count(*) FROM pg_extension WHERE extname = '" + extension + "'") > 0;
  }

  private static long advisoryLocks(Connection c, long key) throws SQLException {
    return count(c, "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory'"
        + " AND ((classid::int8 << 32) | objid::int8) = " + key);
  }

  private static long count(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }
}
