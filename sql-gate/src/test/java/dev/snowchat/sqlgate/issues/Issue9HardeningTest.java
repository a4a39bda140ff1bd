package dev.snowchat.sqlgate.issues;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.snowchat.sqlgate.Dialect;
import dev.snowchat.sqlgate.HardeningOptions;
import dev.snowchat.sqlgate.SessionHardening;
import dev.snowchat.sqlgate.testing.TestDatabases;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 9 item 6: engine backstops, verified on the real engines. They catch some statements a
 * gate might let through, but not all: what a read-only PostgreSQL transaction still permits is
 * pinned down here, which is why the gate itself refuses those functions.
 */
class Issue9HardeningTest {
  private static String one(Statement s, String sql) throws SQLException {
    try (ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getString(1);
    }
  }

  @Test
  void duckDb_loggingSettingsLocked_andLoggingTurnedBackOffOnBorrow() throws Exception {
    SessionHardening h = SessionHardening.forDialect(Dialect.DUCKDB, HardeningOptions.defaults());
    try (TestDatabases.DuckDb db = TestDatabases.duckDbInMemory();
        Connection c = db.connect(); Statement s = c.createStatement()) {
      h.apply(c, Dialect.DUCKDB);
      assertThat(one(s, "SELECT current_setting('enable_logging')")).isIn("false", "0");
      assertThat(one(s, "SELECT current_setting('logging_storage')")).isEqualTo("memory");
      for (String set : new String[] {"SET enable_logging = true",
          "SET logging_storage = 'stdout'", "SET log_query_path = '/tmp/snowchat-q.log'",
          "SET profiling_output = '/tmp/snowchat-p.txt'", "SET enable_external_access = true",
          "SET lock_configuration = false"}) {
        try (Statement each = c.createStatement()) {
          assertThatThrownBy(() -> each.execute(set)).as(set).isInstanceOf(SQLException.class)
              .hasMessageContaining("locked");
        }
      }
      // The table function bypasses the lock (a statement the gate wrongly let through).
      try (Statement s1 = c.createStatement()) {
        s1.execute("SELECT * FROM enable_logging(level = 'ERROR', storage = 'memory')");
        assertThat(one(s1, "SELECT current_setting('enable_logging')")).isIn("true", "1");
      }
      try (Connection next = db.connect(); Statement s2 = next.createStatement()) {
        h.apply(next, Dialect.DUCKDB);
        assertThat(one(s2, "SELECT current_setting('enable_logging')")).isIn("false", "0");
        assertThat(one(s2, "SELECT 41 + 1")).isEqualTo("42");
      }
    }
  }

  /** A non-superuser role in a read-only session, as a real deployment runs. */
  private static Connection readOnlyRole(TestDatabases.Postgres pg) throws SQLException {
    try (Connection admin = pg.connect(); Statement s = admin.createStatement()) {
      s.execute("DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname ="
          + " 'snowchat_issue9_ro') THEN CREATE ROLE snowchat_issue9_ro LOGIN PASSWORD"
          + " 'issue9-ro' NOSUPERUSER NOCREATEDB NOCREATEROLE; END IF; END $$");
    }
    Connection c = DriverManager.getConnection(pg.url(), "snowchat_issue9_ro", "issue9-ro");
    SessionHardening.forDialect(Dialect.POSTGRES, HardeningOptions.defaults()
        .withStatementTimeout(Duration.ofSeconds(5))).apply(c, Dialect.POSTGRES);
    return c;
  }

  @Test
  void postgres_hardenedSession_settings() throws Exception {
    TestDatabases.Postgres pg = TestDatabases.postgres();
    try (Connection c = readOnlyRole(pg); Statement s = c.createStatement()) {
      assertThat(one(s, "SHOW transaction_read_only")).isEqualTo("on");
      assertThat(one(s, "SHOW default_transaction_read_only")).isEqualTo("on");
      assertThat(one(s, "SHOW statement_timeout")).isEqualTo("5s");
      assertThat(one(s, "SHOW lock_timeout")).isEqualTo("5s");
      assertThat(one(s, "SHOW idle_in_transaction_session_timeout")).isEqualTo("5s");
      assertThat(one(s, "SHOW standard_conforming_strings")).isEqualTo("on");
      assertThatThrownBy(() -> s.execute("CREATE TEMP TABLE x (i int)"))
          .isInstanceOf(SQLException.class)
          .satisfies(e -> assertThat(((SQLException) e).getSQLState()).isEqualTo("25006"));
    }
  }

  /**
   * What PostgreSQL 15 still runs in a read-only transaction for a non-superuser: each of these
   * changes state or reaches other sessions, so only the gate stops them.
   */
  @ParameterizedTest
  @ValueSource(strings = {
      "SELECT pg_advisory_lock(424242)",
      "SELECT pg_try_advisory_lock(424243)",
      "SELECT pg_notify('snowchat_issue9', 'x')",
      "SELECT set_config('work_mem', '64kB', false)",
      "SELECT lo_create(0)",
      "SELECT lo_from_bytea(0, 'x')",
      "SELECT pg_current_xact_id()",
      "SELECT setseed(0.5)",
  })
  void postgres_readOnlyTransaction_stillPermits(String sql) throws Exception {
    TestDatabases.Postgres pg = TestDatabases.postgres();
    try (Connection c = readOnlyRole(pg); Statement s = c.createStatement()) {
      assertThat(one(s, "SHOW transaction_read_only")).isEqualTo("on");
      s.execute(sql); // no exception: the read-only transaction does not stop it
    } finally {
      try (Connection admin = pg.connect(); Statement s = admin.createStatement()) {
        s.execute("SELECT lo_unlink(l.oid) FROM pg_largeobject_metadata l");
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "SELECT nextval('snowchat_issue9_seq')",
      "SELECT setval('snowchat_issue9_seq', 5)",
      "SELECT pg_read_file('/etc/hostname')",
      "SELECT pg_ls_dir('.')",
      "SELECT pg_reload_conf()",
      "SELECT pg_stat_reset()",
  })
  void postgres_readOnlyTransactionOrPrivileges_refuse(String sql) throws Exception {
    TestDatabases.Postgres pg = TestDatabases.postgres();
    try (Connection admin = pg.connect(); Statement s = admin.createStatement()) {
      s.execute("CREATE SEQUENCE IF NOT EXISTS snowchat_issue9_seq");
      s.execute("GRANT USAGE, SELECT, UPDATE ON SEQUENCE snowchat_issue9_seq TO PUBLIC");
    }
    try (Connection c = readOnlyRole(pg); Statement s = c.createStatement()) {
      assertThatThrownBy(() -> s.execute(sql)).as(sql).isInstanceOf(SQLException.class);
    }
  }
}
