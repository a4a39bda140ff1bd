package dev.snowchat.examples.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.agent.Tool;
import dev.snowchat.agent.ToolContext;
import dev.snowchat.agent.ToolOutcome;
import dev.snowchat.mcp.McpConfig;
import dev.snowchat.mcp.SnowchatMcpServer;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A tool error reaches the agent (and the UI's tool_result) in MCP's structured shape. */
class WarehouseToolSourceTest {
  @Test
  void toolError_structuredIsMcpsErrorShape() throws Exception {
    McpConfig config = McpConfig.fromEnvironment(TestApps.env("SNOWCHAT_SCHEMA_INDEX", "off"));
    try (SnowchatMcpServer server = SnowchatMcpServer.builder().config(config).build()) {
      Tool query = new WarehouseToolSource(server).tools().stream()
          .filter(t -> t.spec().name().equals("execute_query")).findFirst().orElseThrow();
      ToolOutcome o = query.call(Map.of("sql", "DROP TABLE AIRBNB.RAW.RAW_LISTINGS"),
          new ToolContext("s1", "u1", 1, "snowchat:s1:1"));
      assertThat(o.error()).isTrue();
      @SuppressWarnings("unchecked")
      Map<String, Object> structured = (Map<String, Object>) o.structured();
      assertThat(structured).containsOnlyKeys("error");
      @SuppressWarnings("unchecked")
      Map<String, Object> error = (Map<String, Object>) structured.get("error");
      assertThat(error).containsEntry("code", "QUERY_REFUSED").containsKey("message");
      assertThat((String) error.get("message")).isEqualTo(o.text());
    }
  }
}
