package dev.snowchat.mcp.issues;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.snowchat.mcp.McpConfig;
import dev.snowchat.mcp.SnowchatMcpServer;
import dev.snowchat.mcp.TestEnv;
import dev.snowchat.mcp.ToolDefinition;
import dev.snowchat.mcp.ToolResult;
import dev.snowchat.mcp.internal.sources.Sessions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 13: one server, many sources: files (Parquet, CSV, JSON), a DuckDB file, the sample
 * warehouse and a real PostgreSQL (its credentials from SNOWCHAT_CRED_*), attach_file per session,
 * host data, a source with wrong credentials and one that is down, secrets masked.
 */
class Issue13SourcesTest {
  static final String SECRET = "planted-" + UUID.randomUUID();
  static final String PG_TABLE = "issue13_only_in_pg_" + Long.toHexString(System.nanoTime());
  @TempDir static Path dir;
  static Path allowed;
  static SnowchatMcpServer server;

  @BeforeAll
  static void start() throws Exception {
    Path data = Files.createDirectories(dir.resolve("data"));
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = c.createStatement()) {
      s.execute("COPY (SELECT i AS order_id, i % 3 AS customer_id, i * 10 AS amount FROM"
          + " range(1, 10) t(i)) TO '" + data.resolve("orders.parquet") + "' (FORMAT parquet)");
      s.execute("COPY (SELECT * FROM (VALUES (0, 'north'), (1, 'south'), (2, 'east'))"
          + " t(customer_id, region)) TO '" + data.resolve("regions.json")
          + "' (FORMAT json, ARRAY true)");
    }
    Files.writeString(data.resolve("customers.csv"), "customer_id,name\n0,Ada\n1,Bo\n2,Cy\n");
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + data.resolve("arch.duckdb"));
        Statement s = c.createStatement()) {
      s.execute("CREATE TABLE notes AS SELECT 1 AS order_id, 'first' AS note");
    }
    allowed = Files.createDirectories(dir.resolve("allowed"));
    Files.writeString(allowed.resolve("a.csv"), "v\nfrom-a\n");
    Files.writeString(allowed.resolve("b.csv"), "v\nfrom-b\n");
    String pgUrl = System.getenv("SNOWCHAT_TEST_PG_URL");
    StringBuilder sources = new StringBuilder("""
        {"sources": [
          {"name": "orders", "address": "data/orders.parquet", "description": "orders"},
          {"name": "customers", "address": "data/customers.csv"},
          {"name": "regions", "address": "data/regions.json"},
          {"name": "arch", "address": "data/arch.duckdb"},
          {"name": "missing", "address": "data/missing.parquet"},
          {"name": "demo", "address": "sample:", "maxRows": 3},
          {"name": "down", "address": "jdbc:postgresql://127.0.0.1:1/none", "timeout": "5s"}""");
    Map<String, String> env = new LinkedHashMap<>(TestEnv.sample(
        "SNOWCHAT_FILE_ALLOWLIST", allowed.toString(), "SNOWCHAT_SCHEMA_INDEX", "off"));
    if (pgUrl != null) {
      sources.append(",\n  {\"name\": \"pg\", \"address\": \"").append(pgUrl)
          .append("\", \"credential\": \"pg\"},\n  {\"name\": \"pgbad\", \"address\": \"")
          .append(pgUrl).append("\", \"credential\": \"pgbad\"}");
      env.put("SNOWCHAT_CRED_PG_USER", System.getenv("SNOWCHAT_TEST_PG_USER"));
      env.put("SNOWCHAT_CRED_PG_PASSWORD", System.getenv("SNOWCHAT_TEST_PG_PASSWORD"));
      env.put("SNOWCHAT_CRED_PGBAD_USER", "snowchat");
      env.put("SNOWCHAT_CRED_PGBAD_PASSWORD", SECRET);
      try (Connection c = DriverManager.getConnection(pgUrl, System.getenv(
          "SNOWCHAT_TEST_PG_USER"), System.getenv("SNOWCHAT_TEST_PG_PASSWORD"));
          Statement s = c.createStatement()) {
        s.execute("CREATE TABLE public." + PG_TABLE + " (id int primary key)");
      }
    }
    sources.append("\n]}");
    Path catalog = Files.writeString(dir.resolve("sources.json"), sources);
    env.put("SNOWCHAT_SOURCES", catalog.toString());
    server = SnowchatMcpServer.builder().config(McpConfig.fromEnvironment(env)).hostData(true)
        .build();
  }

  @AfterAll
  static void stop() throws Exception {
    if (server != null) {
      server.close();
    }
    String pgUrl = System.getenv("SNOWCHAT_TEST_PG_URL");
    if (pgUrl != null) {
      try (Connection c = DriverManager.getConnection(pgUrl, System.getenv(
          "SNOWCHAT_TEST_PG_USER"), System.getenv("SNOWCHAT_TEST_PG_PASSWORD"));
          Statement s = c.createStatement()) {
        s.execute("DROP TABLE IF EXISTS public." + PG_TABLE);
      }
    }
  }

  static ToolResult call(String tool, Object... kv) {
    Map<String, Object> args = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      args.put((String) kv[i], kv[i + 1]);
    }
    return server.call(tool, args);
  }

  @Test
  void everyTool_takesAnOptionalSource_andListSourcesDescribesThem() {
    for (ToolDefinition d : server.tools()) {
      if (!List.of("list_sources", "attach_file").contains(d.name())) {
        assertThat(d.inputSchema().get("properties").toString()).contains("source=");
      }
    }
    ToolResult r = call("list_sources");
    assertThat(r.isError()).isFalse();
    assertThat(r.text()).contains("local (file", "demo (sample", "down (jdbc",
        "missing UNAVAILABLE: data/missing.parquet: no such file");
  }

  @Test
  void oneStatement_joinsParquetCsvJsonAndTheDuckDbFile() {
    ToolResult r = call("execute_query", "sql", "SELECT c.name, g.region, count(*) AS n,"
        + " max(a.note) AS note FROM orders o JOIN customers c USING (customer_id)"
        + " JOIN regions g USING (customer_id) LEFT JOIN arch.notes a USING (order_id)"
        + " GROUP BY ALL ORDER BY 1");
    assertThat(r.isError()).as(r.text()).isFalse();
    assertThat(r.structured().get("rowCount")).isEqualTo(3);
    assertThat(r.structured().get("sourceName")).isEqualTo("local");
    // A file entry's name selects the engine it lives in.
    assertThat(call("execute_query", "sql", "SELECT count(*) FROM customers", "source",
        "customers").isError()).isFalse();
  }

  @Test
  void databaseSources_runInTheirOwnEngine_withTheirOwnLimits() {
    ToolResult r = call("execute_query", "source", "demo", "sql",
        "SELECT * FROM AIRBNB.ANALYTICS.DIM_LISTINGS");
    assertThat(r.isError()).as(r.text()).isFalse();
    assertThat(r.structured().get("rowCount")).isEqualTo(3);
    assertThat(r.structured().get("truncated")).isEqualTo(true);
    ToolResult cross = call("execute_query", "sql", "SELECT * FROM orders o JOIN"
        + " AIRBNB.ANALYTICS.DIM_LISTINGS l ON true LIMIT 1");
    assertThat(cross.isError()).isTrue();
    assertThat(call("execute_query", "source", "nope", "sql", "SELECT 1").text())
        .contains("no source named 'nope'", "local", "demo");
  }

  @Test
  void discovery_coversEverySource_andSaysWhichSourceHoldsATable() {
    ToolResult dbs = call("list_databases");
    assertThat(dbs.isError()).as(dbs.text()).isFalse();
    assertThat(dbs.structured().toString()).contains("sourceName=local", "sourceName=demo",
        "name=AIRBNB", "name=arch");
    assertThat(dbs.structured().get("sourcesFailed").toString()).contains("down:");
    ToolResult hits = call("search_schema", "query", "listings");
    assertThat(hits.structured().toString()).contains("sourceName=demo");
    ToolResult orders = call("search_schema", "query", "orders");
    assertThat(orders.structured().toString()).contains("sourceName=local");
    ToolResult elsewhere = call("describe_table", "table", "AIRBNB.ANALYTICS.DIM_HOSTS");
    assertThat(elsewhere.text()).contains("It is in source 'demo'");
  }

  @Test
  void aSourceThatIsDown_failsClearly_andTheOthersServe() {
    ToolResult r = call("execute_query", "source", "down", "sql", "SELECT 1");
    assertThat(r.errorCode()).isEqualTo("CONNECTION_FAILED");
    assertThat(r.text()).startsWith("[source down]");
    assertThat(call("execute_query", "sql", "SELECT count(*) FROM orders").isError()).isFalse();
  }

  /** Forwards a local port to PostgreSQL: the source "comes back" when it starts. */
  static java.net.ServerSocket forward(int port, java.net.URI pg) throws Exception {
    java.net.ServerSocket ss = new java.net.ServerSocket(port, 50,
        java.net.InetAddress.getLoopbackAddress());
    Thread t = new Thread(() -> {
      while (!ss.isClosed()) {
        try {
          java.net.Socket in = ss.accept();
          java.net.Socket out = new java.net.Socket(pg.getHost(), pg.getPort());
          for (java.net.Socket[] pair : new java.net.Socket[][] {{in, out}, {out, in}}) {
            Thread pump = new Thread(() -> {
              try {
                pair[0].getInputStream().transferTo(pair[1].getOutputStream());
              } catch (java.io.IOException e) {
                // connection closed
              } finally {
                try {
                  pair[1].close();
                } catch (java.io.IOException e) {
                  // already closed
                }
              }
            });
            pump.setDaemon(true);
            pump.start();
          }
        } catch (java.io.IOException e) {
          return;
        }
      }
    });
    t.setDaemon(true);
    t.start();
    return ss;
  }

  @Test
  void aSourceDownAtStart_recoversWhenItComesBack() throws Exception {
    String pgUrl = System.getenv("SNOWCHAT_TEST_PG_URL");
    org.junit.jupiter.api.Assumptions.assumeTrue(pgUrl != null);
    int port;
    try (java.net.ServerSocket probe = new java.net.ServerSocket(0)) {
      port = probe.getLocalPort();
    }
    java.net.URI pg = java.net.URI.create(pgUrl.substring("jdbc:".length()));
    Path catalog = Files.writeString(dir.resolve("later.json"), "{\"sources\": [{\"name\":"
        + " \"later\", \"address\": \"postgres://127.0.0.1:" + port + pg.getPath()
        + "\", \"credential\": \"pg\"}, {\"name\": \"orders\", \"address\": \""
        + dir.resolve("data/orders.parquet") + "\"}]}");
    try (SnowchatMcpServer s = SnowchatMcpServer.builder().config(McpConfig.fromEnvironment(
        TestEnv.sample("SNOWCHAT_SOURCES", catalog.toString(), "SNOWCHAT_SCHEMA_INDEX", "off",
            "SNOWCHAT_CRED_PG_USER", System.getenv("SNOWCHAT_TEST_PG_USER"),
            "SNOWCHAT_CRED_PG_PASSWORD", System.getenv("SNOWCHAT_TEST_PG_PASSWORD")))).build()) {
      ToolResult before = s.call("execute_query", Map.of("sql", "SELECT 1 AS up"));
      assertThat(before.errorCode()).isEqualTo("CONNECTION_FAILED");
      assertThat(s.call("execute_query", Map.of("sql", "SELECT count(*) FROM orders",
          "source", "local")).isError()).isFalse();
      try (java.net.ServerSocket proxy = forward(port, pg)) {
        ToolResult after = s.call("execute_query", Map.of("sql", "SELECT 1 AS up"));
        assertThat(after.isError()).as(after.text()).isFalse();
        assertThat(proxy.isBound()).isTrue();
      }
    }
  }

  @Test
  void postgres_asASource_andWrongCredentials_failWithoutTheSecret() {
    org.junit.jupiter.api.Assumptions.assumeTrue(System.getenv("SNOWCHAT_TEST_PG_URL") != null);
    ToolResult ok = call("describe_table", "source", "pg", "table", "public." + PG_TABLE);
    assertThat(ok.isError()).as(ok.text()).isFalse();
    ToolResult hint = call("describe_table", "table", "public." + PG_TABLE);
    assertThat(hint.text()).contains("It is in source 'pg'");
    ToolResult bad = call("execute_query", "source", "pgbad", "sql", "SELECT 1");
    assertThat(bad.errorCode()).isEqualTo("CONNECTION_FAILED");
    assertThat(bad.text()).doesNotContain(SECRET);
    // Another source echoing the planted secret gets it masked too.
    ToolResult echo = call("execute_query", "sql", "SELECT '" + SECRET + "' AS x");
    assertThat(echo.text() + echo.structured()).doesNotContain(SECRET)
        .contains(McpConfig.MASK);
    assertThat(server.config().toString()).doesNotContain(SECRET);
    ToolResult info = call("list_sources");
    assertThat(info.text() + info.structured()).doesNotContain(SECRET);
  }

  @Test
  void attachFile_isPerSession_andDiscoverable() {
    ToolResult a = Sessions.with("one", () -> call("attach_file", "name", "report", "path",
        allowed.resolve("a.csv").toString()));
    assertThat(a.isError()).as(a.text()).isFalse();
    Sessions.with("two", () -> call("attach_file", "name", "report", "path",
        allowed.resolve("b.csv").toString()));
    assertThat(Sessions.with("one", () -> call("execute_query", "source", "local", "sql",
        "SELECT v FROM report")).text()).contains("from-a").doesNotContain("from-b");
    assertThat(Sessions.with("two", () -> call("execute_query", "source", "local", "sql",
        "SELECT v FROM report")).text()).contains("from-b").doesNotContain("from-a");
    assertThat(call("execute_query", "source", "local", "sql", "SELECT v FROM report")
        .isError()).isTrue();
    ToolResult tables = Sessions.with("one", () -> call("search_schema", "query", "report",
        "source", "local"));
    assertThat(tables.text()).contains("report");
    assertThat(Sessions.with("two", () -> call("attach_file", "name", "x", "path",
        "/etc/passwd")).text()).contains("outside the allowlist");
  }

  record Sale(long orderId, String channel) {}

  @Test
  void hostData_isQueriedThroughTheGate_besideTheFiles() {
    server.hostData().register("sales", Sale.class, List.of(new Sale(1, "web"),
        new Sale(2, "shop")));
    ToolResult r = call("execute_query", "source", "local", "sql", "SELECT s.channel,"
        + " o.amount FROM sales s JOIN orders o ON o.order_id = s.orderId ORDER BY 1");
    assertThat(r.isError()).as(r.text()).isFalse();
    assertThat(r.text()).contains("web", "shop");
    assertThat(call("execute_query", "source", "local", "sql", "DELETE FROM sales").errorCode())
        .isEqualTo("QUERY_REFUSED");
  }

  @Test
  void withoutAllowlistOrHostData_neitherIsThere() {
    try (SnowchatMcpServer plain = SnowchatMcpServer.builder()
        .config(McpConfig.fromEnvironment(TestEnv.sample())).build()) {
      assertThat(plain.tool("attach_file")).isEmpty();
      assertThat(plain.tool("list_sources")).isEmpty();
      assertThatThrownBy(plain::hostData).isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("hostData(true)");
    }
  }

  /**
   * Item 3: attached files are searchable: search_schema finds a session's attachment by name
   * and column (with source=local and across every source), lists database temp while the session
   * has one, and never shows it to another session.
   */
  @Test
  void attachedFiles_areSearchable_inTheirSessionOnly() throws Exception {
    Files.writeString(allowed.resolve("u1.csv"), "upload_id,shipment_label\n1,x\n");
    ToolResult a = Sessions.with("searcher", () -> call("attach_file", "name", "uploads", "path",
        allowed.resolve("u1.csv").toString()));
    assertThat(a.isError()).as(a.text()).isFalse();
    ToolResult local = Sessions.with("searcher", () -> call("search_schema", "query", "uploads",
        "source", "local"));
    assertThat(local.text()).as(local.text()).contains("temp.main.uploads");
    ToolResult byColumn = Sessions.with("searcher", () -> call("search_schema", "query",
        "shipment label", "source", "local"));
    assertThat(byColumn.text()).contains("temp.main.uploads");
    ToolResult every = Sessions.with("searcher", () -> call("search_schema", "query",
        "uploads"));
    assertThat(every.text()).as(every.text()).contains("temp.main.uploads");
    assertThat(Sessions.with("searcher", () -> call("list_databases", "source", "local")).text())
        .contains("temp");
    ToolResult other = Sessions.with("bystander", () -> call("search_schema", "query",
        "uploads", "source", "local"));
    assertThat(other.text()).doesNotContain("temp.main.uploads");
    assertThat(Sessions.with("bystander", () -> call("list_databases", "source", "local"))
        .text()).doesNotContain("temp");
  }

  /**
   * Issue 13 with A1: search_schema across every source says which mode served it and whether a
   * sentence model took part, as its output schema requires (the weakest mode of the sources that
   * gave hits).
   */
  @Test
  void searchAcrossSources_saysItsModeAndSemantic() {
    ToolResult r = call("search_schema", "query", "customers name", "k", 3);
    assertThat(r.isError()).as(r.text()).isFalse();
    assertThat(r.structured()).containsKeys("mode", "semantic");
    // The index is off here: every source searched live, by keywords.
    assertThat(r.structured().get("mode")).isEqualTo("keyword");
    assertThat(r.structured().get("semantic")).isEqualTo(false);
  }
}
