package dev.snowchat.mcp.internal.sources;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.snowchat.mcp.JdbcTarget;
import dev.snowchat.mcp.McpConfig;
import dev.snowchat.mcp.SnowchatMcpServer;
import dev.snowchat.mcp.TestEnv;
import dev.snowchat.mcp.ToolResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The scope ({@code SNOWCHAT_INCLUDE}/{@code SNOWCHAT_EXCLUDE}) holds on every source of a
 * catalog: each source's {@code execute_query} checks the objects its statement names against the
 * scope, as the engine of that source resolves them (issue 11 item 5 with issue 13).
 */
class SourceScopeTest {
  @TempDir Path dir;

  @Test
  void theScope_isEnforcedOnEverySource() throws Exception {
    Files.writeString(dir.resolve("orders.csv"), "order_id,customer_id\n1,7\n");
    Files.writeString(dir.resolve("customers.csv"), "customer_id,name\n7,Ada\n");
    Path catalog = Files.writeString(dir.resolve("sources.json"), """
        {"sources": [
          {"name": "orders", "address": "orders.csv"},
          {"name": "customers", "address": "customers.csv"},
          {"name": "demo", "address": "sample:"}
        ]}""");
    McpConfig config = McpConfig.fromEnvironment(TestEnv.sample(
        "SNOWCHAT_SOURCES", catalog.toString(), "SNOWCHAT_SCHEMA_INDEX", "off",
        "SNOWCHAT_EXCLUDE", "memory.main.customers,*.analytics.dim_hosts"));
    assertThat(config.backend()).isEqualTo(McpConfig.Backend.CATALOG);
    assertThat(config.sourceNames()).containsExactly("orders", "customers", "demo");
    assertThatThrownBy(() -> JdbcTarget.of(config)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("SNOWCHAT_SOURCES");
    try (SnowchatMcpServer server = SnowchatMcpServer.builder().config(config).build()) {
      ToolResult allowed = server.call("execute_query", Map.of("source", "local",
          "sql", "SELECT count(*) AS n FROM orders"));
      assertThat(allowed.isError()).as(allowed.text()).isFalse();

      ToolResult file = server.call("execute_query", Map.of("source", "local",
          "sql", "SELECT o.order_id FROM orders o JOIN customers c USING (customer_id)"));
      assertThat(file.isError()).isTrue();
      assertThat(file.errorCode()).isEqualTo("QUERY_REFUSED");
      assertThat(file.text()).containsIgnoringCase("customers");

      ToolResult sample = server.call("execute_query", Map.of("source", "demo",
          "sql", "SELECT count(*) FROM analytics.dim_hosts"));
      assertThat(sample.isError()).isTrue();
      assertThat(sample.errorCode()).isEqualTo("QUERY_REFUSED");

      ToolResult sampleAllowed = server.call("execute_query", Map.of("source", "demo",
          "sql", "SELECT count(*) AS n FROM analytics.dim_listings"));
      assertThat(sampleAllowed.isError()).as(sampleAllowed.text()).isFalse();
    }
  }
}
