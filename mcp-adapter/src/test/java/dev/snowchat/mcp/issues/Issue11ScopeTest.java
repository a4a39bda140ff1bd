package dev.snowchat.mcp.issues;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.mcp.McpConfig;
import dev.snowchat.mcp.SnowchatMcpServer;
import dev.snowchat.mcp.TestEnv;
import dev.snowchat.mcp.ToolResult;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Issue 11 item 5, "Scope is enforced, not only shown", on the sample warehouse (DuckDB).
 * Before: {@code SNOWCHAT_INCLUDE}/{@code _EXCLUDE} limited discovery but not {@code
 * execute_query}, and the index search filtered its top k afterwards, so hidden tables took the
 * slots; join paths, search neighbours and foreign keys still named hidden tables.
 */
class Issue11ScopeTest {
  /** ANALYTICS only: the five RAW tables are hidden. */
  static SnowchatMcpServer analytics;
  /** Everything but DIM_LISTINGS, on the join path from FACT_CALENDAR to DIM_NEIGHBOURHOODS. */
  static SnowchatMcpServer noListings;
  /** Everything but DIM_HOSTS, which DIM_LISTINGS declares a foreign key to. */
  static SnowchatMcpServer noHosts;
  static SnowchatMcpServer open;

  @BeforeAll
  static void start() throws InterruptedException {
    analytics = server("SNOWCHAT_INCLUDE", "AIRBNB.ANALYTICS");
    noListings = server("SNOWCHAT_EXCLUDE", "airbnb.analytics.dim_listings");
    noHosts = server("SNOWCHAT_EXCLUDE", "AIRBNB.ANALYTICS.DIM_HOSTS");
    open = server();
    for (SnowchatMcpServer s : List.of(analytics, noListings, noHosts, open)) {
      assertThat(s.awaitIndex(Duration.ofSeconds(90))).as("index loaded").isTrue();
    }
  }

  static SnowchatMcpServer server(String... env) {
    return SnowchatMcpServer.builder().config(McpConfig.fromEnvironment(TestEnv.sample(env)))
        .build();
  }

  @AfterAll
  static void stop() {
    for (SnowchatMcpServer s : new SnowchatMcpServer[] {analytics, noListings, noHosts, open}) {
      if (s != null) {
        s.close();
      }
    }
  }

  static ToolResult ok(SnowchatMcpServer s, String tool, Map<String, Object> args) {
    ToolResult r = s.call(tool, args);
    assertThat(r.isError()).as("%s -> %s", tool, r.text()).isFalse();
    return r;
  }

  @Test
  void executeQuery_hiddenTable_isRefusedNamingIt() {
    ToolResult r = analytics.call("execute_query",
        Map.of("sql", "SELECT count(*) FROM AIRBNB.RAW.RAW_LISTINGS"));
    assertThat(r.isError()).as(r.text()).isTrue();
    assertThat(r.errorCode()).isEqualTo("QUERY_REFUSED");
    assertThat(r.text()).contains("AIRBNB.RAW.RAW_LISTINGS").contains("scope")
        .contains("list_tables");
    // In scope, and unchanged without a scope.
    ok(analytics, "execute_query", Map.of("sql",
        "SELECT count(*) FROM AIRBNB.ANALYTICS.DIM_HOSTS"));
    ok(open, "execute_query", Map.of("sql", "SELECT count(*) FROM AIRBNB.RAW.RAW_LISTINGS"));
  }

  @Test
  void executeQuery_hiddenTableBehindCteJoinOrSubquery_isRefused() {
    for (String sql : List.of(
        "WITH x AS (SELECT * FROM raw.raw_listings) SELECT count(*) FROM x",
        "SELECT h.HOST_ID FROM ANALYTICS.DIM_HOSTS h JOIN RAW.RAW_HOSTS r USING (HOST_ID)",
        "SELECT * FROM ANALYTICS.DIM_HOSTS WHERE HOST_ID IN (SELECT HOST_ID FROM RAW.RAW_HOSTS)",
        "SELECT HOST_ID FROM ANALYTICS.DIM_HOSTS UNION ALL SELECT HOST_ID FROM \"RAW\".RAW_HOSTS",
        "SELECT * FROM information_schema.tables",
        "SELECT * FROM duckdb_tables()",
        "SHOW ALL TABLES",
        "DESCRIBE RAW.RAW_HOSTS")) {
      ToolResult r = analytics.call("execute_query", Map.of("sql", sql));
      assertThat(r.errorCode()).as("%s -> %s", sql, r.text()).isEqualTo("QUERY_REFUSED");
    }
  }

  @Test
  void searchSchema_hiddenTablesWouldFillTopK_stillReturnsKInScope() {
    // The premise: without a scope the best five tables for "raw" are RAW tables.
    List<String> unscoped = tables(ok(open, "search_schema", Map.of("query", "raw", "k", 5)));
    assertThat(unscoped).anyMatch(t -> t.startsWith("AIRBNB.RAW."));

    ToolResult r = ok(analytics, "search_schema", Map.of("query", "raw", "k", 5));
    assertThat(r.structured()).containsEntry("source", "index");
    assertThat(tables(r)).hasSize(5).allMatch(t -> t.startsWith("AIRBNB.ANALYTICS."));
  }

  @Test
  void searchSchema_liveWhileTheIndexIsOff_respectsTheScope() {
    try (SnowchatMcpServer live = server("SNOWCHAT_INCLUDE", "AIRBNB.ANALYTICS",
        "SNOWCHAT_SCHEMA_INDEX", "off")) {
      ToolResult r = ok(live, "search_schema", Map.of("query", "listings hosts reviews",
          "k", 5));
      assertThat(r.structured()).containsEntry("source", "live");
      assertThat(tables(r)).hasSize(5).allMatch(t -> t.startsWith("AIRBNB.ANALYTICS."));
      assertThat(r.text()).doesNotContain("AIRBNB.RAW.");
      assertThat(live.call("execute_query", Map.of("sql", "SELECT * FROM raw.raw_hosts"))
          .errorCode()).isEqualTo("QUERY_REFUSED");
    }
  }

  @Test
  void joinPath_neverRoutesThroughHiddenTables_indexAndLive() {
    Map<String, Object> args = Map.of("from", "AIRBNB.ANALYTICS.FACT_CALENDAR",
        "to", "AIRBNB.ANALYTICS.DIM_NEIGHBOURHOODS");
    // The premise: the shortest path goes through DIM_LISTINGS.
    assertThat(ok(open, "find_join_path", args).text()).contains("DIM_LISTINGS");

    ToolResult indexed = ok(noListings, "find_join_path", args);
    assertThat(indexed.structured()).containsEntry("source", "index");
    assertThat(indexed.text()).doesNotContain("DIM_LISTINGS");
    try (SnowchatMcpServer live = server("SNOWCHAT_EXCLUDE", "airbnb.analytics.dim_listings",
        "SNOWCHAT_SCHEMA_INDEX", "off")) {
      ToolResult r = ok(live, "find_join_path", args);
      assertThat(r.structured()).containsEntry("source", "live");
      assertThat(r.text()).doesNotContain("DIM_LISTINGS");
    }
  }

  @Test
  void discovery_neverNamesAHiddenTable_inKeysOrNeighbours() {
    Map<String, Object> listings = Map.of("table", "AIRBNB.ANALYTICS.DIM_LISTINGS");
    // The premise: DIM_LISTINGS declares a key to DIM_HOSTS.
    assertThat(ok(open, "describe_table", listings).structured().get("foreignKeys").toString())
        .contains("DIM_HOSTS");
    assertThat(ok(noHosts, "describe_table", listings).structured().get("foreignKeys")
        .toString()).doesNotContain("DIM_HOSTS").contains("DIM_NEIGHBOURHOODS");
    ToolResult s = ok(noHosts, "search_schema", Map.of("query", "listings hosts", "k", 10));
    assertThat(s.structured().get("hits").toString()).doesNotContain("DIM_HOSTS");
    try (SnowchatMcpServer live = server("SNOWCHAT_EXCLUDE", "AIRBNB.ANALYTICS.DIM_HOSTS",
        "SNOWCHAT_SCHEMA_INDEX", "off")) {
      assertThat(ok(live, "describe_table", listings).structured().get("foreignKeys")
          .toString()).doesNotContain("DIM_HOSTS");
      assertThat(ok(live, "search_schema", Map.of("query", "listings hosts", "k", 10))
          .structured().get("hits").toString()).doesNotContain("DIM_HOSTS");
    }
    assertThat(noListings.call("describe_table", Map.of("table",
        "AIRBNB.ANALYTICS.DIM_LISTINGS")).errorCode()).isEqualTo("TABLE_NOT_FOUND");
    assertThat(noListings.call("preview_table", Map.of("table",
        "AIRBNB.ANALYTICS.DIM_LISTINGS")).errorCode()).isEqualTo("TABLE_NOT_FOUND");
    assertThat((String) ok(noListings, "get_connection_info", Map.of()).structured()
        .get("scope")).contains("dim_listings");
  }

  @SuppressWarnings("unchecked")
  static List<String> tables(ToolResult r) {
    return ((List<Map<String, Object>>) r.structured().get("hits")).stream()
        .map(h -> (String) h.get("table")).toList();
  }
}
