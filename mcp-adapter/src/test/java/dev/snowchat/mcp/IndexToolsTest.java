package dev.snowchat.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.mcp.testing.ToolAssertions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Discovery from the schema index once it is loaded (the default), over the sample. */
class IndexToolsTest {
  static SnowchatMcpServer server;

  @BeforeAll
  static void start() throws InterruptedException {
    server = SnowchatMcpServer.builder()
        .config(McpConfig.fromEnvironment(TestEnv.sample())).build();
    assertThat(server.awaitIndex(Duration.ofSeconds(60))).as("index loaded within 60 s").isTrue();
    assertThat(server.isIndexReady()).isTrue();
  }

  @Test
  void awaitIndex_onAServerWithTheIndexOff_returnsFalseAtOnce() throws InterruptedException {
    try (SnowchatMcpServer off = SnowchatMcpServer.builder().config(McpConfig.fromEnvironment(
        TestEnv.sample("SNOWCHAT_SCHEMA_INDEX", "off"))).build()) {
      assertThat(off.awaitIndex(Duration.ofSeconds(30))).isFalse();
    }
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  static ToolResult ok(String tool, Map<String, Object> args) {
    return ToolAssertions.ok(server, tool, args);
  }

  @Test
  void connectionInfo_reportsTheIndexState() {
    assertThat((String) ok("get_connection_info", Map.of()).structured().get("schemaIndex"))
        .startsWith("ready");
  }

  @Test
  void discovery_answersFromTheIndex() {
    assertThat(ok("list_tables", Map.of("database", "AIRBNB", "schema", "ANALYTICS"))
        .structured()).containsEntry("source", "index");
    ToolResult d = ok("describe_table", Map.of("table", "analytics.fact_reviews"));
    assertThat(d.structured()).containsEntry("source", "index")
        .containsEntry("table", "AIRBNB.ANALYTICS.FACT_REVIEWS");
    ToolResult s = ok("search_schema", Map.of("query", "host rating", "k", 3));
    // "index" once the shipped model's vectors are in (awaitIndex waits for them); a keyword-only
    // answer says so after a comma
    assertThat((String) s.structured().get("source")).startsWith("index");
    assertThat(s.text()).contains("FACT_REVIEWS");
    // the shipped sentence model: a hybrid answer is a semantic one
    assertThat(s.structured().get("semantic")).isEqualTo("hybrid".equals(s.structured()
        .get("mode")));
  }

  @Test
  void findJoinPath_usesInferredEdges() {
    ToolResult r = ok("find_join_path", Map.of("from", "AIRBNB.ANALYTICS.FACT_REVIEWS",
        "to", "AIRBNB.ANALYTICS.DIM_HOSTS"));
    assertThat(r.structured()).containsEntry("found", true).containsEntry("source", "index");
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> edges = (List<Map<String, Object>>) r.structured().get("edges");
    assertThat(edges).isNotEmpty();
    // The clause runs.
    ok("execute_query", Map.of("sql", "SELECT count(*) " + r.structured().get("joinClause")));
  }

  @Test
  void whatTheIndexDoesNotKnow_goesLive() {
    assertThat(ok("list_functions", Map.of("pattern", "date_trunc")).structured())
        .containsEntry("source", "live");
    assertThat(server.call("describe_table", Map.of("table", "AIRBNB.RAW.NOPE")).errorCode())
        .isEqualTo("TABLE_NOT_FOUND");
  }
}
