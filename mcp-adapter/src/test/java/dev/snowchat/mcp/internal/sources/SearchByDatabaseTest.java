package dev.snowchat.mcp.internal.sources;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.mcp.McpConfig;
import dev.snowchat.mcp.SnowchatMcpServer;
import dev.snowchat.mcp.TestEnv;
import dev.snowchat.mcp.ToolResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code search_schema} with a {@code database} over every source: a source that does not hold
 * the database has no hits there, it has not failed; only when no source holds it is the answer
 * {@code DATABASE_NOT_FOUND}.
 */
class SearchByDatabaseTest {
  @TempDir Path dir;

  @Test
  void aDatabaseOneSourceHolds_isZeroHitsElsewhere_andNoSourceHoldingItIsAnError()
      throws Exception {
    Files.writeString(dir.resolve("orders.csv"), "order_id,price\n1,7\n");
    Path catalog = Files.writeString(dir.resolve("sources.json"), """
        {"sources": [
          {"name": "orders", "address": "orders.csv"},
          {"name": "demo", "address": "sample:"}
        ]}""");
    McpConfig config = McpConfig.fromEnvironment(TestEnv.sample(
        "SNOWCHAT_SOURCES", catalog.toString(), "SNOWCHAT_SCHEMA_INDEX", "off"));
    try (SnowchatMcpServer server = SnowchatMcpServer.builder().config(config).build()) {
      ToolResult r = server.call("search_schema", Map.of("query", "price",
          "database", "AIRBNB"));
      assertThat(r.isError()).as(r.text()).isFalse();
      assertThat((List<?>) r.structured().get("sourcesFailed")).as(r.text()).isEmpty();
      assertThat((List<?>) r.structured().get("hits")).isNotEmpty();
      assertThat(r.structured().get("hits").toString()).contains("sourceName=demo")
          .doesNotContain("sourceName=local");

      ToolResult none = server.call("search_schema", Map.of("query", "price",
          "database", "NO_SUCH_DB"));
      assertThat(none.isError()).as(none.text()).isTrue();
      assertThat(none.errorCode()).isEqualTo("DATABASE_NOT_FOUND");
      assertThat(none.text()).contains("NO_SUCH_DB");
    }
  }
}
