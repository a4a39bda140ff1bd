package dev.snowchat.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.mcp.testing.ToolAssertions;
import dev.snowchat.sqlgate.testing.TestDatabases;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every tool against a real PostgreSQL server through SNOWCHAT_JDBC_URL. Needs
 * {@code eval "$(.ci/pg-start)"}; skips without it, fails on CI.
 */
class PostgresToolsTest {
  static SnowchatMcpServer server;
  static String db;

  @BeforeAll
  static void start() throws Exception {
    Map<String, String> env = TestEnv.postgres("SNOWCHAT_QUERY_TIMEOUT", "2s",
        "SNOWCHAT_SCHEMA_INDEX", "off");
    try (Connection c = TestDatabases.postgres().connect(); Statement s = c.createStatement()) {
      db = c.getCatalog();
      s.execute("DROP SCHEMA IF EXISTS mcp_test CASCADE");
      s.execute("CREATE SCHEMA mcp_test");
      s.execute("CREATE TABLE mcp_test.hosts (host_id int PRIMARY KEY, host_name text)");
      s.execute("COMMENT ON TABLE mcp_test.hosts IS 'Hosts who rent out places'");
      s.execute("CREATE TABLE mcp_test.listings (listing_id int PRIMARY KEY,"
          + " host_id int NOT NULL REFERENCES mcp_test.hosts(host_id), price numeric(10,2),"
          + " listing_name text)");
      s.execute("CREATE TABLE mcp_test.reviews (review_id int PRIMARY KEY,"
          + " listing_id int REFERENCES mcp_test.listings(listing_id), rating int)");
      s.execute("CREATE VIEW mcp_test.listing_prices AS SELECT listing_id, price FROM"
          + " mcp_test.listings");
      s.execute("INSERT INTO mcp_test.hosts SELECT g, 'host ' || g FROM generate_series(1, 20) g");
      s.execute("INSERT INTO mcp_test.listings SELECT g, 1 + g % 20, g * 1.5, 'place ' || g"
          + " FROM generate_series(1, 200) g");
      s.execute("INSERT INTO mcp_test.reviews SELECT g, 1 + g % 200, 1 + g % 5 FROM"
          + " generate_series(1, 1000) g");
    }
    server = SnowchatMcpServer.builder().config(McpConfig.fromEnvironment(env)).build();
  }

  @AfterAll
  static void stop() {
    if (server != null) {
      server.close();
    }
  }

  static ToolResult ok(String tool, Map<String, Object> args) {
    return ToolAssertions.noError(server, tool, args);
  }

  @Test
  void discoveryTools_walkTheDatabase() {
    assertThat(ok("get_connection_info", Map.of()).structured())
        .containsEntry("backend", "jdbc").containsEntry("dialect", "postgres");
    assertThat(ok("list_databases", Map.of()).text()).contains(db);
    assertThat(ok("list_schemas", Map.of("database", db)).text()).contains("mcp_test")
        .doesNotContain("pg_catalog");
    ToolResult tables = ok("list_tables", Map.of("database", db, "schema", "mcp_test"));
    // A row count shows once PostgreSQL's statistics have seen the rows (an estimate).
    assertThat(tables.text()).containsPattern("hosts \\(table(, ~\\d+ rows \\(estimate\\))?\\)")
        .contains("listing_prices (view)")
        .contains("Hosts who rent out places");
    ToolResult d = ok("describe_table", Map.of("table", "mcp_test.listings"));
    assertThat(d.text()).contains("listing_id").contains("PK").contains("FK (host_id)");
    assertThat(ok("list_functions", Map.of("pattern", "date_trunc")).text())
        .contains("date_trunc");
  }

  @Test
  void queries_previewAndExecute_withCaps() {
    ToolResult p = ok("preview_table", Map.of("table", db + ".mcp_test.hosts", "limit", 4));
    assertThat(p.structured()).containsEntry("rowCount", 4);
    ToolResult q = ok("execute_query", Map.of("sql",
        "SELECT h.host_name, count(*) AS n FROM mcp_test.listings l JOIN mcp_test.hosts h"
            + " USING (host_id) GROUP BY 1 ORDER BY 1", "max_rows", 3));
    assertThat(q.structured()).containsEntry("truncated", true).containsEntry("rowCount", 3);
  }

  @Test
  void errors_refusedWriteTimeoutMissingTable_keepServing() {
    ToolResult w = server.call("execute_query", Map.of("sql",
        "UPDATE mcp_test.hosts SET host_name = 'x'"));
    assertThat(w.errorCode()).isEqualTo("QUERY_REFUSED");
    assertThat(w.text()).contains("read_only");
    ToolResult t = server.call("execute_query", Map.of("sql", "SELECT pg_sleep(10)"));
    assertThat(t.errorCode()).as(t.text()).isIn("STATEMENT_TIMEOUT", "QUERY_REFUSED");
    ToolResult m = server.call("describe_table", Map.of("table", "mcp_test.nope"));
    assertThat(m.errorCode()).isEqualTo("TABLE_NOT_FOUND");
    ok("execute_query", Map.of("sql", "SELECT 1 AS one"));
  }

  @Test
  void timeout_onSlowQuery_isCancelled() {
    ToolResult t = server.call("execute_query", Map.of("sql",
        "SELECT count(*) FROM generate_series(1, 1000000000) a"));
    assertThat(t.errorCode()).as(t.text()).isEqualTo("STATEMENT_TIMEOUT");
    assertThat(t.text()).contains("cancelled");
  }

  @Test
  void searchAndJoinPath_useDeclaredForeignKeys() {
    ToolResult s = ok("search_schema", Map.of("query", "listing price", "database", db));
    assertThat(s.text()).contains("mcp_test.listings");
    ToolResult j = ok("find_join_path", Map.of("from", "mcp_test.reviews",
        "to", "mcp_test.hosts"));
    assertThat(j.structured()).containsEntry("found", true);
    assertThat((List<?>) j.structured().get("edges")).hasSize(2);
    assertThat((String) j.structured().get("joinClause")).contains("JOIN").contains("\"host_id\"");
    // The clause runs.
    ok("execute_query", Map.of("sql", "SELECT count(*) " + j.structured().get("joinClause")));
  }

  @Test
  void sessionVariables_areSetForTheCallAndClearedAfter() {
    ToolResult r = server.call("execute_query",
        Map.of("sql", "SELECT current_setting('snowchat.app_profile_id', true) AS v"),
        CallContext.withSessionVariables(Map.of("APP_PROFILE_ID", "p-42")));
    assertThat(r.isError()).as(r.text()).isFalse();
    assertThat(r.text()).contains("p-42");
    for (int i = 0; i < 6; i++) {
      ToolResult after = ok("execute_query",
          Map.of("sql", "SELECT current_setting('snowchat.app_profile_id', true) AS v"));
      assertThat(after.text()).doesNotContain("p-42");
    }
  }
}
