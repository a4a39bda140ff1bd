package dev.snowchat.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** A result over the byte cap is a tool error that tells the model how to narrow the query. */
class ByteCapTest {
  static SnowchatMcpServer server;

  @BeforeAll
  static void start() {
    server = SnowchatMcpServer.builder()
        .config(McpConfig.fromEnvironment(TestEnv.sample("SNOWCHAT_MAX_RESULT_BYTES", "4096",
            "SNOWCHAT_SCHEMA_INDEX", "off")))
        .build();
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @Test
  void executeQuery_overByteCap_isToolErrorWithAdvice_andServerKeepsServing() {
    ToolResult r = server.call("execute_query", Map.of("sql",
        "SELECT * FROM AIRBNB.RAW.RAW_REVIEWS", "max_rows", 500));

    assertThat(r.errorCode()).as(r.text()).isEqualTo("RESULT_TOO_LARGE");
    assertThat(r.text()).contains("4096 bytes").contains("LIMIT").contains("fewer");
    assertThat(server.call("execute_query", Map.of("sql", "SELECT 1 AS one")).isError())
        .isFalse();
  }

  @Test
  void previewTable_overByteCap_isToolError() {
    ToolResult r = server.call("preview_table", Map.of("table", "AIRBNB.RAW.RAW_REVIEWS",
        "limit", 100));

    assertThat(r.errorCode()).as(r.text()).isEqualTo("RESULT_TOO_LARGE");
    assertThat(r.text()).contains("4096 bytes");
  }

  @Test
  void executeQuery_underByteCap_isSuccess() {
    ToolResult r = server.call("execute_query", Map.of("sql",
        "SELECT CITY FROM AIRBNB.ANALYTICS.DIM_NEIGHBOURHOODS LIMIT 3"));

    assertThat(r.isError()).as(r.text()).isFalse();
    assertThat(r.structured()).containsEntry("truncated", false);
  }
}
