package dev.snowchat.mcp.adversarial;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.mcp.McpConfig;
import dev.snowchat.mcp.SnowchatMcpServer;
import dev.snowchat.mcp.TestEnv;
import dev.snowchat.mcp.ToolResult;
import dev.snowchat.sqlgate.testing.TestDatabases;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

/**
 * Issue 9: statements a read-only server must not run, sent through the MCP tool path to a
 * PostgreSQL server the MCP server reaches as a non-superuser role in a read-only session (as a
 * real deployment does). After each family the engine state is checked: no large objects, no
 * advisory locks, no notification at a listener, the victim backend (same role, so a
 * pg_terminate_backend would have succeeded) alive, the victim table and sequence unchanged, no
 * file created. Needs {@code eval "$(.ci/pg-start)"}; skips without it, fails on CI.
 */
class AdversarialPostgresTest {
  static final String ROLE = "snowchat_adv_ro";
  static final String ROLE_PASSWORD = "adv-ro-secret";
  static final String CHANNEL = "snowchat_adv";

  @TempDir
  static Path dir;
  static Map<String, String> adminEnv;
  static Connection admin;
  static Connection victim;
  static Connection listener;
  static int victimPid;
  static SnowchatMcpServer readOnly;
  static SnowchatMcpServer readWrite;

  static Connection adminConnection() throws SQLException {
    return TestDatabases.postgres().connect();
  }

  @BeforeAll
  static void start() throws Exception {
    adminEnv = TestEnv.postgres("SNOWCHAT_QUERY_TIMEOUT", "5s", "SNOWCHAT_SCHEMA_INDEX", "off");
    admin = adminConnection();
    try (Statement s = admin.createStatement()) {
      s.execute("DROP SCHEMA IF EXISTS adv CASCADE");
      s.execute("CREATE SCHEMA adv");
      s.execute("CREATE TABLE adv.victim (id int PRIMARY KEY, name text)");
      s.execute("INSERT INTO adv.victim SELECT g, 'row ' || g FROM generate_series(1, 3) g");
      s.execute("CREATE SEQUENCE adv.victim_seq");
      // A volatile and a stable user function, both with a side effect the catalog cannot see.
      s.execute("CREATE FUNCTION adv.victim_volatile() RETURNS int VOLATILE LANGUAGE sql"
          + " AS 'SELECT pg_advisory_lock(31337)::text::int + 1'");
      s.execute("CREATE FUNCTION adv.victim_stable() RETURNS int STABLE LANGUAGE plpgsql"
          + " AS $$ BEGIN PERFORM pg_notify('" + CHANNEL + "', 'from a function');"
          + " RETURN 1; END $$");
      s.execute("DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '" + ROLE
          + "') THEN CREATE ROLE " + ROLE + " LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE;"
          + " END IF; END $$");
      s.execute("ALTER ROLE " + ROLE + " PASSWORD '" + ROLE_PASSWORD + "'");
      s.execute("GRANT USAGE ON SCHEMA adv TO " + ROLE);
      s.execute("GRANT SELECT ON ALL TABLES IN SCHEMA adv TO " + ROLE);
      s.execute("GRANT USAGE, SELECT, UPDATE ON SEQUENCE adv.victim_seq TO " + ROLE);
      s.execute("GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA adv TO " + ROLE);
      s.execute("SELECT lo_unlink(oid) FROM pg_largeobject_metadata");
    }
    victim = DriverManager.getConnection(adminEnv.get("SNOWCHAT_JDBC_URL"), ROLE, ROLE_PASSWORD);
    try (Statement s = victim.createStatement();
        ResultSet rs = s.executeQuery("SELECT pg_backend_pid()")) {
      rs.next();
      victimPid = rs.getInt(1);
    }
    listener = adminConnection();
    try (Statement s = listener.createStatement()) {
      s.execute("LISTEN " + CHANNEL);
      s.execute("LISTEN snowchat_adv_other");
    }
    readOnly = server("read_only");
    readWrite = server("read_write");
  }

  private static SnowchatMcpServer server(String mode) {
    Map<String, String> env = new HashMap<>(adminEnv);
    env.put("SNOWCHAT_JDBC_USER", ROLE);
    env.put("SNOWCHAT_JDBC_PASSWORD", ROLE_PASSWORD);
    env.put("SNOWFLAKE_MCP_MODE", mode);
    return SnowchatMcpServer.builder().config(McpConfig.fromEnvironment(env)).build();
  }

  @AfterAll
  static void stop() throws Exception {
    for (AutoCloseable c : new AutoCloseable[] {readOnly, readWrite, victim, listener}) {
      if (c != null) {
        c.close();
      }
    }
    if (admin != null) {
      try (Statement s = admin.createStatement()) {
        s.execute("DROP SCHEMA IF EXISTS adv CASCADE");
      }
      admin.close();
    }
  }

  private static long count(String sql) throws SQLException {
    try (Statement s = admin.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  private static Map<String, String> vars() {
    return Map.of("VICTIM_PID", Integer.toString(victimPid), "CHANNEL", CHANNEL,
        "DIR", dir.toString());
  }

  /** Everything a refused statement must have left as it was. */
  private static void assertEngineUnchanged(String family) throws Exception {
    assertThat(count("SELECT count(*) FROM pg_largeobject_metadata")).as("large objects")
        .isZero();
    assertThat(count("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory'"))
        .as("advisory locks").isZero();
    try (Statement s = listener.createStatement()) {
      s.execute("SELECT 1"); // delivers pending notifications
    }
    PGNotification[] n = listener.unwrap(PGConnection.class).getNotifications();
    assertThat(n == null ? List.of() : List.of(n)).as("notifications").isEmpty();
    try (Statement s = victim.createStatement();
        ResultSet rs = s.executeQuery("SELECT count(*) FROM adv.victim")) {
      rs.next();
      assertThat(rs.getInt(1)).as("victim backend alive, table intact").isEqualTo(3);
    }
    assertThat(count("SELECT count(*) FROM pg_stat_activity WHERE pid = " + victimPid))
        .isEqualTo(1);
    assertThat(count("SELECT count(*) FROM adv.victim_seq WHERE NOT is_called")).isEqualTo(1);
    try (Stream<Path> files = Files.list(dir)) {
      assertThat(files.toList()).as("files created by " + family).isEmpty();
    }
    ToolResult later = readOnly.call("execute_query", Map.of("sql",
        "SELECT count(*) AS n FROM adv.victim"));
    assertThat(later.isError()).as(later.text()).isFalse();
  }

  @ParameterizedTest
  @ValueSource(strings = {"large-objects", "backends", "advisory-locks", "notify",
      "sql-from-string", "settings-files-sequences", "disclosure"})
  void readOnly_family_refusedAndEngineUnchanged(String family) throws Exception {
    List<String> statements = Adversarial.load("postgres/" + family + ".sql", vars());

    assertThat(Adversarial.notRefused(readOnly, statements)).as(family).isEmpty();

    assertEngineUnchanged(family);
  }

  @ParameterizedTest
  @ValueSource(strings = {"transfer-read-write"})
  void readWrite_transfers_refusedAndEngineUnchanged(String family) throws Exception {
    List<String> statements = Adversarial.load("postgres/" + family + ".sql", vars());

    assertThat(Adversarial.notRefused(readWrite, statements)).as(family).isEmpty();

    assertEngineUnchanged(family);
  }

  @Test
  void control_theVictimAndListenerWouldSeeAnAttack() throws Exception {
    // The checks above are live: a notification sent by another session reaches the listener.
    try (Connection other = adminConnection(); Statement s = other.createStatement()) {
      s.execute("SELECT pg_notify('snowchat_adv_other', 'control')");
    }
    try (Statement s = listener.createStatement()) {
      s.execute("SELECT 1");
    }
    PGNotification[] n = listener.unwrap(PGConnection.class).getNotifications();
    assertThat(n).isNotNull().extracting(PGNotification::getParameter).containsExactly("control");
  }

  @Test
  void errors_fitTheFailure() {
    ToolResult syntax = readOnly.call("execute_query", Map.of("sql", "SELECT 1 +"));
    ToolResult table = readOnly.call("execute_query", Map.of("sql",
        "SELECT * FROM adv.no_such_table"));
    ToolResult column = readOnly.call("execute_query", Map.of("sql",
        "SELECT no_such_column FROM adv.victim"));
    assertThat(syntax.errorCode()).isIn("QUERY_FAILED", "QUERY_REFUSED");
    assertThat(table.text()).contains("Check table and schema names").doesNotContain("  ")
        .containsPattern("[.!?] Check table");
    assertThat(column.text()).contains("Check column names with describe_table")
        .containsPattern("[.!?] Check column");
  }
}
