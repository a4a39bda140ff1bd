package dev.snowchat.mcp.internal.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.mcp.McpConfig;
import dev.snowchat.mcp.SnowchatMcpServer;
import dev.snowchat.mcp.TestEnv;
import dev.snowchat.mcp.ToolResult;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Masking ignores case: a query that upper-cases a planted secret still gets it masked. */
class RedactorTest {
  static final String SECRET = "plantedsecret42xyz";

  @Test
  void mask_ignoresCase_andMasksTheLongestFirst() {
    Redactor r = new Redactor(List.of(SECRET, "abc", "PLANTED"));
    assertThat(r.mask("a " + SECRET.toUpperCase() + " b PlantedSecret42XYZ c"))
        .isEqualTo("a " + McpConfig.MASK + " b " + McpConfig.MASK + " c");
    assertThat(r.mask("abc is too short to mask")).isEqualTo("abc is too short to mask");
    assertThat(McpConfig.maskSecrets("x " + SECRET.toUpperCase(), List.of(SECRET)))
        .isEqualTo("x " + McpConfig.MASK);
    assertThat(new Redactor(List.of()).isEmpty()).isTrue();
  }

  @Test
  void toolOutput_upperCasedSecret_isMasked() {
    McpConfig config = McpConfig.fromEnvironment(TestEnv.sample("SNOWCHAT_SCHEMA_INDEX", "off",
        "SNOWCHAT_HTTP_TOKEN", SECRET));
    try (SnowchatMcpServer server = SnowchatMcpServer.builder().config(config).build()) {
      ToolResult r = server.call("execute_query", Map.of("sql",
          "SELECT upper('" + SECRET + "') AS a, '" + SECRET + "' AS b"));
      assertThat(r.isError()).as(r.text()).isFalse();
      assertThat((r.text() + r.structured()).toLowerCase()).doesNotContain(SECRET);
      assertThat(r.text()).contains(McpConfig.MASK);
    }
  }
}
