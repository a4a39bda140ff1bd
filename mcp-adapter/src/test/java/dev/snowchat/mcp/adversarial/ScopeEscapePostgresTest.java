package dev.snowchat.mcp.adversarial;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.mcp.McpConfig;
import dev.snowchat.mcp.SnowchatMcpServer;
import dev.snowchat.mcp.TestEnv;
import dev.snowchat.mcp.ToolResult;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Issue 11 item 5: scope escapes, family by family (quoting, case folding, comments between name
 * parts, CTEs shadowing or wrapping a hidden table, subqueries, joins, set operations, lateral,
 * three-part names, default-schema resolution, search_path tricks, catalog views, name-taking
 * functions, row types, views, DESCRIBE/SHOW/SUMMARIZE, USE, DML). Statement lists live in
 * {@code adversarial/scope/<engine>.sql}; each must be refused with {@code QUERY_REFUSED}, and
 * ordinary queries over what is in scope (CTEs named like a hidden table, recursive CTEs,
 * generators, views in scope) must still run.
 *
 * <p>On PostgreSQL with {@code SNOWCHAT_INCLUDE=<db>.scope_pub}; needs {@code eval "$(.ci/pg-start)"} (skips without it, fails on CI).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ScopeEscapePostgresTest {

  Map<String, String> env;
  String db;
  SnowchatMcpServer server;

  @BeforeAll
  void start() throws Exception {
    env = TestEnv.postgres();
    try (Connection c = DriverManager.getConnection(env.get("SNOWCHAT_JDBC_URL"),
        env.get("SNOWCHAT_JDBC_USER"), env.get("SNOWCHAT_JDBC_PASSWORD"));
        Statement s = c.createStatement()) {
      db = c.getCatalog();
      s.execute("DROP SCHEMA IF EXISTS scope_pub CASCADE");
      s.execute("DROP SCHEMA IF EXISTS scope_secret CASCADE");
      s.execute("CREATE SCHEMA scope_pub");
      s.execute("CREATE SCHEMA scope_secret");
      s.execute("CREATE TABLE scope_secret.secret_t (id int, ssn text)");
      s.execute("INSERT INTO scope_secret.secret_t VALUES (1, '078-05-1120')");
      s.execute("CREATE TABLE scope_secret.\"MixedCase\" (id int)");
      s.execute("CREATE VIEW scope_secret.v_secret AS SELECT id FROM scope_secret.secret_t");
      s.execute("CREATE FUNCTION scope_secret.secret_rows() RETURNS SETOF"
          + " scope_secret.secret_t LANGUAGE sql AS 'SELECT * FROM scope_secret.secret_t'");
      s.execute("CREATE TABLE scope_pub.visible_t (id int, label text)");
      s.execute("INSERT INTO scope_pub.visible_t VALUES (1, 'one'), (2, 'two')");
      // A view in scope over a hidden table: the sanctioned window, allowed.
      s.execute("CREATE VIEW scope_pub.v_over_secret AS SELECT id FROM"
          + " scope_secret.secret_t");
    }
    server = server("scope_pub", "read_only");
  }

  SnowchatMcpServer server(String searchPath, String mode) {
    Map<String, String> e = new java.util.HashMap<>(env);
    e.put("SNOWCHAT_JDBC_URL", env.get("SNOWCHAT_JDBC_URL") + "?currentSchema=" + searchPath);
    e.put("SNOWCHAT_INCLUDE", db + ".scope_pub");
    e.put("SNOWCHAT_SCHEMA_INDEX", "off");
    e.put("SNOWFLAKE_MCP_MODE", mode);
    return SnowchatMcpServer.builder().config(McpConfig.fromEnvironment(e)).build();
  }

  @AfterAll
  void stop() {
    if (server != null) {
      server.close();
    }
  }

  @Test
  void everyEscape_isRefused() {
    List<String> escapes = Adversarial.load("scope/postgres.sql", Map.of("DB", db));
    assertThat(Adversarial.notRefused(server, escapes)).isEmpty();
  }

  @Test
  void queriesInScope_stillRun() {
    assertThat(Adversarial.failed(server, List.of(
        "SELECT * FROM visible_t",
        "SELECT * FROM scope_pub.visible_t",
        "SELECT * FROM " + db + ".scope_pub.visible_t",
        "SELECT * FROM SCOPE_PUB.VISIBLE_T",
        "WITH secret_t AS (SELECT 1 AS id) SELECT * FROM secret_t",
        "WITH RECURSIVE n AS (SELECT 1 AS i UNION ALL SELECT i + 1 FROM n WHERE i < 5)"
            + " SELECT max(i) FROM n",
        "SELECT * FROM visible_t v JOIN LATERAL (SELECT 1 AS x) l ON true",
        "SELECT * FROM generate_series(1, 3) g, unnest(ARRAY[1, 2]) u",
        "SELECT id::text, CAST(id AS numeric(10, 2)), label::varchar FROM visible_t",
        "SELECT * FROM v_over_secret",
        "EXPLAIN SELECT * FROM visible_t",
        "TABLE visible_t",
        "SELECT pg_typeof(1), now(), current_date"))).isEmpty();
  }

  @Test
  void defaultSchemaResolution_followsTheSearchPath() {
    // The connection's search path starts in scope and then reaches the hidden schema: an
    // unqualified name is in scope only where it exists in the first, visible schema.
    try (SnowchatMcpServer both = server("scope_pub,scope_secret", "read_only")) {
      assertThat(Adversarial.notRefused(both, List.of("SELECT * FROM secret_t",
          "SELECT * FROM \"MixedCase\"", "SELECT * FROM v_secret"))).isEmpty();
      assertThat(Adversarial.failed(both, List.of("SELECT * FROM visible_t"))).isEmpty();
    }
    // The connection's default schema is hidden: unqualified names resolve out of scope.
    try (SnowchatMcpServer hidden = server("scope_secret", "read_only")) {
      assertThat(Adversarial.notRefused(hidden, List.of("SELECT * FROM secret_t",
          "SELECT * FROM visible_t"))).isEmpty();
      assertThat(Adversarial.failed(hidden, List.of("SELECT * FROM scope_pub.visible_t"))).isEmpty();
    }
  }

  @Test
  void writes_toOrFromHiddenTables_areRefused_inReadWrite() throws Exception {
    try (SnowchatMcpServer rw = server("scope_pub", "read_write")) {
      assertThat(Adversarial.notRefused(rw, List.of(
          "INSERT INTO scope_secret.secret_t VALUES (2, 'x')",
          "INSERT INTO scope_pub.visible_t SELECT id, ssn FROM scope_secret.secret_t",
          "UPDATE scope_secret.secret_t SET ssn = 'x'",
          "UPDATE scope_pub.visible_t v SET label = s.ssn FROM scope_secret.secret_t s"
              + " WHERE s.id = v.id",
          "DELETE FROM scope_secret.secret_t",
          "DELETE FROM visible_t USING scope_secret.secret_t s WHERE s.id = visible_t.id",
          "MERGE INTO visible_t v USING scope_secret.secret_t s ON s.id = v.id"
              + " WHEN MATCHED THEN UPDATE SET label = s.ssn",
          "WITH d AS (DELETE FROM scope_secret.secret_t RETURNING *) SELECT * FROM d",
          "TRUNCATE scope_secret.secret_t",
          "SELECT * INTO scope_secret.copy_t FROM visible_t",
          "COPY scope_secret.secret_t TO STDOUT",
          "SELECT nextval('scope_secret.seq')"))).isEmpty();
      assertThat(Adversarial.failed(rw, List.of(
          "INSERT INTO visible_t VALUES (3, 'three')",
          "DELETE FROM visible_t WHERE id = 3"))).isEmpty();
    }
    try (Connection c = DriverManager.getConnection(env.get("SNOWCHAT_JDBC_URL"),
        env.get("SNOWCHAT_JDBC_USER"), env.get("SNOWCHAT_JDBC_PASSWORD"));
        Statement s = c.createStatement();
        java.sql.ResultSet rs = s.executeQuery("SELECT count(*), min(ssn) FROM"
            + " scope_secret.secret_t")) {
      rs.next();
      assertThat(rs.getInt(1)).isEqualTo(1);
      assertThat(rs.getString(2)).isEqualTo("078-05-1120");
    }
  }
}
