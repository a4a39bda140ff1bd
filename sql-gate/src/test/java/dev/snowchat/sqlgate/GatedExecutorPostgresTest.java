package dev.snowchat.sqlgate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.snowchat.sqlgate.internal.exec.StatementRunner;
import dev.snowchat.sqlgate.testing.TestDatabases;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * On a real PostgreSQL server (see {@link TestDatabases#postgres()}): gated execution, read-only
 * hardening, and a timeout that cancels the statement on the server.
 */
class GatedExecutorPostgresTest {
  private static final Duration HANG_GUARD = Duration.ofSeconds(60);

  private TestDatabases.Postgres pg;

  @BeforeEach
  void server() {
    pg = TestDatabases.postgres();
  }

  @Test
  void execute_select_returnsRows() {
    GatedExecutor executor = GatedExecutor.builder().dataSource(pg.dataSource())
        .gate(SqlGate.builder().build()).build();

    QueryResult r = executor.execute("SELECT 1 AS one, 'x' AS s");

    assertThat(r.rows()).containsExactly(List.of(1, "x"));
    assertThat(r.columns()).extracting(ResultColumn::name).containsExactly("one", "s");
  }

  /**
   * pgjdbc cuts the text at a ';' it reads outside a comment ("/*" followed by "/" closes at once
   * for the driver) where the server reads one comment: whatever dialect the gate lexes, the
   * executor refuses a text the driver would send as several statements. Without the hardening a
   * writable role would drop the table (the red-team run did).
   */
  @Test
  void run_textThePostgresDriverSplits_refusedInEveryDialect_tableSurvives() throws Exception {
    String schema = TestDatabases.uniqueSchema("split");
    try (Connection c = pg.connect(); Statement s = c.createStatement()) {
      s.execute("CREATE SCHEMA " + schema);
      s.execute("CREATE TABLE " + schema + ".victim (i int)");
    }
    String sql = "SELECT 1 /*/ ' */ -- ' ; DROP TABLE " + schema + ".victim ; --";
    try {
      for (Dialect d : Dialect.values()) {
        GatedExecutor executor = GatedExecutor.builder().dataSource(pg.dataSource())
            .gate(SqlGate.builder().dialect(d).build()).hardening(SessionHardening.none())
            .noFunctionCatalog().build();

        Execution e = executor.run(sql);

        assertThat(e).as("%s", d).isInstanceOf(Execution.Refused.class);
        Verdict.Blocked b = ((Execution.Refused) e).verdict();
        assertThat(b.rule()).as("%s", d).isEqualTo(Rule.MULTIPLE_STATEMENTS);
        assertThat(b.reason()).as("%s", d).contains("PostgreSQL JDBC driver");
      }
      try (Connection c = pg.connect(); Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("SELECT count(*) FROM " + schema + ".victim")) {
        assertThat(rs.next()).isTrue();
      }
      // a text the driver sends whole still runs, in every dialect
      for (Dialect d : Dialect.values()) {
        GatedExecutor executor = GatedExecutor.builder().dataSource(pg.dataSource())
            .gate(SqlGate.builder().dialect(d).build()).hardening(SessionHardening.none())
            .noFunctionCatalog().build();
        assertThat(executor.execute("SELECT 1 AS one /* ; */ -- ;").rows()).as("%s", d)
            .containsExactly(List.of(1));
      }
    } finally {
      try (Connection c = pg.connect(); Statement s = c.createStatement()) {
        s.execute("DROP SCHEMA " + schema + " CASCADE");
      }
    }
  }

  private static long largeObjects(Connection c) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT count(*) FROM pg_largeobject_metadata")) {
      rs.next();
      return rs.getLong(1);
    }
  }

  /**
   * User code the text reaches without a call, which the function check alone did not see (a
   * red-team run ran each one and created large objects): attribute notation ({@code t.f} is
   * {@code f(t)}), a user-defined operator, an aggregate (pg_proc lists it as internal and
   * immutable; its state function is PL/pgSQL), a cast to a user type. The catalog now names
   * each, and the executor refuses them; ordinary reads of the same objects still run.
   */
  @Test
  void run_userCodeWithoutCallSyntax_refusedByTheCatalog_ordinaryReadsRun() throws Exception {
    String x = TestDatabases.uniqueSchema("u");
    String schema = x + "_s";
    String body = " LANGUAGE plpgsql VOLATILE AS $$ BEGIN PERFORM lo_create(0); RETURN 1; END $$";
    try (Connection c = pg.connect(); Statement s = c.createStatement()) {
      s.execute("CREATE SCHEMA " + schema);
      s.execute("CREATE TABLE " + schema + ".t (i int)");
      s.execute("INSERT INTO " + schema + ".t VALUES (1), (2)");
      s.execute("CREATE FUNCTION public." + x + "_attr(" + schema + ".t) RETURNS int" + body);
      s.execute("CREATE FUNCTION public." + x + "_op(int, int) RETURNS int" + body);
      s.execute("CREATE OPERATOR public.### (LEFTARG = int, RIGHTARG = int, FUNCTION = public."
          + x + "_op)");
      s.execute("CREATE FUNCTION public." + x + "_sfunc(int, int) RETURNS int LANGUAGE plpgsql"
          + " VOLATILE AS $$ BEGIN PERFORM lo_create(0); RETURN coalesce($1, 0) + $2; END $$");
      s.execute("CREATE AGGREGATE public." + x + "_sum(int) (SFUNC = public." + x + "_sfunc,"
          + " STYPE = int)");
      s.execute("CREATE TYPE public." + x + "_ty AS (a int)");
      s.execute("CREATE FUNCTION public." + x + "_cast(int) RETURNS public." + x + "_ty"
          + " LANGUAGE plpgsql VOLATILE AS $$ BEGIN PERFORM lo_create(0); RETURN ROW($1); END $$");
      s.execute("CREATE CAST (int AS public." + x + "_ty) WITH FUNCTION public." + x
          + "_cast(int)");
      // a second red-team run: attribute notation over record, polymorphic and defaulted
      // arguments; operators holding '?'
      s.execute("CREATE FUNCTION public." + x + "_rec(record) RETURNS int" + body);
      s.execute("CREATE FUNCTION public." + x + "_any(anyelement) RETURNS int" + body);
      s.execute("CREATE FUNCTION public." + x + "_def(" + schema + ".t, int DEFAULT 0)"
          + " RETURNS int" + body);
      s.execute("CREATE OPERATOR public.?~? (LEFTARG = int, RIGHTARG = int, FUNCTION = public."
          + x + "_op)");
      // a third run: a domain whose CHECK runs user code; attribute notation on a domain
      s.execute("CREATE FUNCTION public." + x + "_chk(int) RETURNS boolean LANGUAGE plpgsql"
          + " VOLATILE AS $$ BEGIN PERFORM lo_create(0); RETURN true; END $$");
      s.execute("CREATE DOMAIN public." + x + "_d AS int CHECK (public." + x + "_chk(VALUE))");
    }
    try {
      GatedExecutor executor = GatedExecutor.builder().dataSource(pg.dataSource())
          .gate(SqlGate.builder().dialect(Dialect.POSTGRES).build())
          .hardening(SessionHardening.none()).build();
      long before;
      try (Connection c = pg.connect()) {
        before = largeObjects(c);
      }
      for (String sql : List.of(
          "SELECT t." + x + "_attr FROM " + schema + ".t t",
          "SELECT (t)." + x + "_attr FROM " + schema + ".t t",
          "SELECT 1 ### 2", "SELECT 1 OPERATOR(public.###) 2",
          "SELECT " + x + "_sum(i) FROM " + schema + ".t",
          "SELECT 1::" + x + "_ty", "SELECT CAST(1 AS " + x + "_ty)",
          "SELECT 1::public." + x + "_ty", "SELECT CAST(1 AS \"public\"." + x + "_ty)",
          "SELECT t." + x + "_rec FROM " + schema + ".t t",
          "SELECT t." + x + "_any FROM " + schema + ".t t",
          "SELECT t." + x + "_def FROM " + schema + ".t t",
          "SELECT 1 ?~? 2", "SELECT 1 OPERATOR(public.?~?) 2",
          "SELECT i FROM " + schema + ".t ORDER BY i USING ?~?",
          "SELECT 1::" + x + "_d", "SELECT " + x + "_d '1'", "SELECT CAST(1 AS " + x + "_d)",
          "SELECT (0).lo_create", "SELECT (42::int8).pg_advisory_lock",
          "SELECT (1)." + x + "_chk")) {
        Execution e = executor.run(sql);
        assertThat(e).as(sql).isInstanceOf(Execution.Refused.class);
        assertThat(((Execution.Refused) e).verdict().rule()).as(sql)
            .isEqualTo(Rule.FUNCTION_NOT_ALLOWED);
      }
      try (Connection c = pg.connect()) {
        assertThat(largeObjects(c)).isEqualTo(before);
      }
      assertThat(executor.execute("SELECT t.i FROM " + schema + ".t t ORDER BY t.i").rows())
          .containsExactly(List.of(1), List.of(2));
      assertThat(executor.execute("SELECT count(*) + 1 AS n, sum(i) AS s FROM " + schema + ".t")
          .rows()).hasSize(1);
      assertThat(executor.execute("SELECT 1::int8 AS a, CAST(2 AS text) AS b").rows())
          .containsExactly(List.of(1L, "2"));
    } finally {
      try (Connection c = pg.connect(); Statement s = c.createStatement()) {
        s.execute("DROP CAST IF EXISTS (int AS public." + x + "_ty)");
        s.execute("DROP OPERATOR IF EXISTS public.### (int, int)");
        s.execute("DROP OPERATOR IF EXISTS public.?~? (int, int)");
        s.execute("DROP FUNCTION IF EXISTS public." + x + "_rec(record)");
        s.execute("DROP FUNCTION IF EXISTS public." + x + "_any(anyelement)");
        s.execute("DROP AGGREGATE IF EXISTS public." + x + "_sum(int)");
        s.execute("DROP FUNCTION IF EXISTS public." + x + "_sfunc(int, int)");
        s.execute("DROP FUNCTION IF EXISTS public." + x + "_op(int, int)");
        s.execute("DROP FUNCTION IF EXISTS public." + x + "_cast(int)");
        s.execute("DROP TYPE IF EXISTS public." + x + "_ty");
        s.execute("DROP DOMAIN IF EXISTS public." + x + "_d");
        s.execute("DROP FUNCTION IF EXISTS public." + x + "_chk(int)");
        s.execute("DROP SCHEMA " + schema + " CASCADE");
        s.execute("SELECT lo_unlink(oid) FROM pg_largeobject_metadata");
      }
    }
  }

  /**
   * Applications keep keys in custom settings (a fourth red-team run: {@code ALTER ROLE ... SET
   * app.jwt_secret}); {@code pg_db_role_setting} and {@code pg_roles} list every role's to any
   * role, and {@code current_setting}/{@code SHOW} read the session's. The gate refuses them all
   * and still reads built-in settings.
   */
  @Test
  void run_customSettingsHoldingKeys_refused_builtInSettingsRead() throws Exception {
    String role = TestDatabases.uniqueSchema("keys");
    String key = "jwt-signing-key-" + UUID.randomUUID();
    try (Connection c = pg.connect(); Statement s = c.createStatement()) {
      s.execute("CREATE ROLE " + role + " NOLOGIN");
      s.execute("ALTER ROLE " + role + " SET app.jwt_secret = '" + key + "'");
    }
    DataSource withSessionKey = TestDatabases.dataSource(() -> {
      Connection c = pg.connect();
      try (Statement s = c.createStatement()) {
        s.execute("SET app.jwt_secret = '" + key + "'");
      }
      return c;
    });
    try {
      try (Connection c = withSessionKey.getConnection(); Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("SELECT string_agg(array_to_string(setconfig, ','), ',')"
              + " FROM pg_db_role_setting")) {
        rs.next();
        assertThat(rs.getString(1)).as("any role reads every role's settings").contains(key);
      }
      GatedExecutor executor = GatedExecutor.builder().dataSource(withSessionKey)
          .gate(SqlGate.builder().dialect(Dialect.POSTGRES).build()).build();
      for (String sql : List.of("SELECT current_setting('app.jwt_secret')",
          "SELECT current_setting('app.jwt_secret', true)", "SHOW app.jwt_secret",
          "SHOW \"app.jwt_secret\"", "SHOW ALL", "SELECT setconfig FROM pg_db_role_setting",
          "SELECT rolconfig FROM pg_roles", "TABLE pg_settings",
          "SELECT * FROM pg_show_all_settings()", "SELECT useconfig FROM pg_catalog.pg_user")) {
        Execution e = executor.run(sql);
        assertThat(e).as(sql).isInstanceOf(Execution.Refused.class);
      }
      assertThat(executor.execute("SELECT current_setting('DateStyle') AS d").rows())
          .hasSize(1);
      assertThat(executor.execute("SHOW work_mem").rows()).hasSize(1);
    } finally {
      try (Connection c = pg.connect(); Statement s = c.createStatement()) {
        s.execute("DROP ROLE IF EXISTS " + role);
      }
    }
  }

  /**
   * A sixth red-team run: built-in text settings hold credentials ({@code primary_conninfo}'s
   * replication password, {@code archive_command}'s storage keys), readable by any role granted
   * {@code pg_read_all_settings} ({@code pg_monitor}); the engine shows it, the gate refuses it.
   * The reviewed list is checked against this engine's every setting: each flag, number and
   * choice is readable, and no text setting naming a command, connection, file, directory, path,
   * library or address is.
   */
  @Test
  void run_builtInSettingsHoldingPasswords_refused_listCoversTheEngine() throws Exception {
    String password = "Repl1ca-" + UUID.randomUUID();
    try (Connection c = pg.connect(); Statement s = c.createStatement()) {
      s.execute("ALTER SYSTEM SET primary_conninfo = 'host=10.0.0.5 user=replicator password="
          + password + "'");
      s.execute("SELECT pg_reload_conf()");
    }
    try {
      try (Connection c = pg.connect(); Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("SELECT current_setting('primary_conninfo')")) {
        rs.next();
        assertThat(rs.getString(1)).as("the engine returns the password").contains(password);
      }
      GatedExecutor executor = GatedExecutor.builder().dataSource(pg.dataSource())
          .gate(SqlGate.builder().dialect(Dialect.POSTGRES).build()).build();
      for (String sql : List.of("SELECT current_setting('primary_conninfo') AS a",
          "SHOW primary_conninfo", "SHOW \"primary_conninfo\"",
          "SELECT current_setting('PRIMARY_CONNINFO', true)")) {
        assertThat(executor.run(sql)).as(sql).isInstanceOf(Execution.Refused.class);
      }
      SqlGate gate = SqlGate.builder().dialect(Dialect.POSTGRES).build();
      int flags = 0;
      int texts = 0;
      try (Connection c = pg.connect(); Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("SELECT name, vartype FROM pg_settings")) {
        while (rs.next()) {
          String name = rs.getString(1);
          boolean show = gate.check("SHOW " + name).allowed();
          boolean call = gate.check("SELECT current_setting('" + name + "')").allowed();
          assertThat(call).as(name).isEqualTo(show);
          if (!rs.getString(2).equals("string")) {
            flags++;
            assertThat(show).as("a flag, number or choice: " + name).isTrue();
          } else if (name.matches("(?i).*(command|conninfo|file|directory|_dir|path|librar"
              + "|addresses|keyfile|slot_name|prefix|destination).*")
              // the search path lists schemas; ssl_library names the TLS library ("OpenSSL");
              // shared_preload_libraries is where analysts look for pg_stat_statements
              && !name.equalsIgnoreCase("search_path") && !name.equalsIgnoreCase("ssl_library")
              && !name.equalsIgnoreCase("shared_preload_libraries")) {
            texts++;
            assertThat(show).as("a text setting that may hold a secret: " + name).isFalse();
          }
        }
      }
      assertThat(flags).as("the engine's flags, numbers and choices").isGreaterThan(250);
      assertThat(texts).as("the engine's command, path and connection settings")
          .isGreaterThan(20);
    } finally {
      try (Connection c = pg.connect(); Statement s = c.createStatement()) {
        s.execute("ALTER SYSTEM RESET primary_conninfo");
        s.execute("SELECT pg_reload_conf()");
      }
    }
  }

  @Test
  void execute_refusedWrite_neverReachesTheServer() {
    RecordingDataSource recording = new RecordingDataSource(pg.dataSource());
    GatedExecutor executor = GatedExecutor.builder().dataSource(recording)
        .gate(SqlGate.builder().build()).build();

    assertThatThrownBy(() -> executor.execute("CREATE TABLE snowchat_never (i int)"))
        .isInstanceOf(QueryRefusedException.class);
    assertThat(recording.sql()).isEmpty();
  }

  @Test
  void postgresDialect_hardeningTurnsStandardConformingStringsOn_quotingRoundTrips()
      throws Exception {
    SessionHardening h = SessionHardening.forDialect(Dialect.POSTGRES, HardeningOptions.defaults());
    java.util.SplittableRandom r = new java.util.SplittableRandom(9);
    String alphabet = "ab'\"\\\n\t$;-/*\u00e9\u65e5";
    try (Connection c = pg.connect(); Statement s = c.createStatement()) {
      s.execute("SET standard_conforming_strings = off");
      h.apply(c, Dialect.POSTGRES);
      assertThat(show(s, "standard_conforming_strings")).isEqualTo("on");
      assertThat(show(s, "transaction_read_only")).isEqualTo("on");
      for (int i = 0; i < 300; i++) {
        StringBuilder b = new StringBuilder();
        for (int k = r.nextInt(10); k > 0; k--) {
          b.append(alphabet.charAt(r.nextInt(alphabet.length())));
        }
        String v = b.toString();
        String sql = "SELECT " + Sql.quoteString(Dialect.POSTGRES, v) + " AS "
            + Sql.quoteIdentifier(Dialect.POSTGRES, v.isEmpty() ? "x" : v);
        try (ResultSet rs = s.executeQuery(sql)) {
          rs.next();
          assertThat(rs.getString(1)).as(sql).isEqualTo(v);
          assertThat(rs.getMetaData().getColumnLabel(1)).as(sql).isEqualTo(v.isEmpty() ? "x" : v);
        }
      }
      // E'...' reads the same with standard_conforming_strings off.
      s.execute("SET standard_conforming_strings = off");
      try (ResultSet rs = s.executeQuery("SELECT " + Sql.quoteString(Dialect.POSTGRES, "a\\'b"))) {
        rs.next();
        assertThat(rs.getString(1)).isEqualTo("a\\'b");
      }
    }
  }

  @Test
  void hardening_readOnly_refusesWritesWithoutAnyGate() throws Exception {
    SessionHardening h = SessionHardening.forDialect(Dialect.GENERIC,
        HardeningOptions.defaults().withStatementTimeout(Duration.ofSeconds(7)));
    try (Connection c = pg.connect(); Statement s = c.createStatement()) {
      h.apply(c, Dialect.GENERIC);
      h.apply(c, Dialect.GENERIC); // idempotent

      assertThat(show(s, "transaction_read_only")).isEqualTo("on");
      assertThat(show(s, "statement_timeout")).isEqualTo("7s");
      String table = "snowchat_ro_" + UUID.randomUUID().toString().replace("-", "");
      assertThatThrownBy(() -> s.execute("CREATE TABLE " + table + " (i int)"))
          .isInstanceOf(SQLException.class)
          .satisfies(e -> assertThat(((SQLException) e).getSQLState()).isEqualTo("25006"));
    }
  }

  @Test
  void runner_hardenedSession_writeFailsAsQueryFailed() {
    SessionHardening h = SessionHardening.forDialect(Dialect.GENERIC, HardeningOptions.defaults());
    String table = "snowchat_ro_" + UUID.randomUUID().toString().replace("-", "");

    assertThatThrownBy(() -> StatementRunner.run(pg.dataSource(), h, Dialect.GENERIC,
        "CREATE TABLE " + table + " (i int)", StatementKind.DDL, QueryLimits.defaults()))
        .isInstanceOfSatisfying(SnowchatException.class, e -> {
          assertThat(e.code()).isEqualTo(GateErrorCode.QUERY_FAILED);
          assertThat(e.getMessage()).contains("read-only transaction").contains("25006");
        });
  }

  @Test
  void timeout_watchdogAloneCancelsOnTheServer() throws Exception {
    // The driver's own query timeout is switched off, so only the watchdog can stop the sleep.
    DataSource noDriverTimeout = ignoringQueryTimeout(pg.dataSource());
    String marker = "snowchat_" + UUID.randomUUID().toString().replace("-", "");
    QueryLimits limits = QueryLimits.defaults().withTimeout(Duration.ofSeconds(1));

    SnowchatException e = assertTimeoutPreemptively(HANG_GUARD, () -> assertThrows(
        SnowchatException.class, () -> StatementRunner.run(noDriverTimeout,
            SessionHardening.none(), Dialect.GENERIC, "SELECT pg_sleep(30) AS " + marker,
            StatementKind.READ, limits)));

    assertThat(e.code()).isEqualTo(GateErrorCode.STATEMENT_TIMEOUT);
    assertThat(stillRunning(marker)).isFalse();
  }

  @Test
  void timeout_gatedExecution_isStatementTimeout() {
    GatedExecutor executor = GatedExecutor.builder().dataSource(pg.dataSource())
        .gate(SqlGate.builder().build())
        .limits(QueryLimits.defaults().withTimeout(Duration.ofSeconds(1)))
        .build();

    SnowchatException e = assertTimeoutPreemptively(HANG_GUARD, () -> assertThrows(
        SnowchatException.class, () -> executor.execute("SELECT pg_sleep(30)")));

    assertThat(e.code()).isEqualTo(GateErrorCode.STATEMENT_TIMEOUT);
  }

  @Test
  void values_postgresTypes_areJsonFriendly() {
    QueryResult r = StatementRunner.run(pg.dataSource(), SessionHardening.none(),
        Dialect.GENERIC, "SELECT 1::smallint a, 2::bigint b, 1.5::real c, 'NaN'::numeric d,"
            + " DATE '2024-01-02' e, TIME '10:11:12.5' f, TIMESTAMP '2024-01-02 10:11:12.5' g,"
            + " TIMESTAMPTZ '2024-01-02 10:11:12+00' h, '\\xAABB'::bytea i, ARRAY[1,2] j,"
            + " '{\"a\":1}'::jsonb k, INTERVAL '3 days' l",
        StatementKind.READ, QueryLimits.defaults());

    List<Object> row = r.rows().get(0);
    assertThat(row.subList(0, 4)).containsExactly(1, 2L, 1.5, "NaN");
    assertThat(row.subList(4, 7))
        .containsExactly("2024-01-02", "10:11:12.5", "2024-01-02T10:11:12.5");
    assertThat((String) row.get(7)).startsWith("2024-01-02T10:11:12").endsWith("Z");
    assertThat(row.get(8)).isEqualTo("qrs=");
    assertThat(row.get(9)).isEqualTo("{1,2}");
    assertThat(row.get(10)).isEqualTo("{\"a\": 1}");
    assertThat(row.get(11)).isInstanceOf(String.class);
  }

  /** Polls pg_stat_activity until the marked statement is gone, for at most 20 s. */
  private boolean stillRunning(String marker) throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    try (Connection c = pg.connect(); Statement s = c.createStatement()) {
      while (true) {
        try (ResultSet rs = s.executeQuery("SELECT count(*) FROM pg_stat_activity"
            + " WHERE state = 'active' AND pid <> pg_backend_pid() AND query LIKE '%"
            + marker + "%'")) {
          rs.next();
          if (rs.getLong(1) == 0) {
            return false;
          }
        }
        if (System.nanoTime() > deadline) {
          return true;
        }
        java.util.concurrent.locks.LockSupport.parkNanos(Duration.ofMillis(50).toNanos());
      }
    }
  }

  private static String show(Statement s, String setting) throws SQLException {
    try (ResultSet rs = s.executeQuery("SHOW " + setting)) {
      rs.next();
      return rs.getString(1);
    }
  }

  /** Wraps a data source so that {@link Statement#setQueryTimeout(int)} does nothing. */
  private static DataSource ignoringQueryTimeout(DataSource ds) {
    return TestDatabases.dataSource(() -> {
      Connection real = ds.getConnection();
      return (Connection) Proxy.newProxyInstance(GatedExecutorPostgresTest.class.getClassLoader(),
          new Class<?>[] {Connection.class}, (p, m, a) -> {
            Object result = invoke(real, m, a);
            if (result instanceof Statement st && m.getName().equals("createStatement")) {
              return Proxy.newProxyInstance(GatedExecutorPostgresTest.class.getClassLoader(),
                  new Class<?>[] {Statement.class}, (p2, m2, a2) ->
                      m2.getName().equals("setQueryTimeout") ? null : invoke(st, m2, a2));
            }
            return result;
          });
    });
  }

  private static Object invoke(Object target, java.lang.reflect.Method m, Object[] args)
      throws Throwable {
    try {
      return m.invoke(target, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }
}
