package dev.snowchat.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A result over the byte cap returns the rows that fit, {@code truncated: true} with reason
 * BYTE_LIMIT and advice (issue 13; it used to return no rows, as the tool error
 * RESULT_TOO_LARGE); only a result of which not even one row fits is that error.
 */
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
  void executeQuery_overByteCap_returnsTheRowsThatFit_withTheReason() {
    ToolResult r = server.call("execute_query", Map.of("sql",
        "SELECT * FROM AIRBNB.RAW.RAW_REVIEWS", "max_rows", 200));

    assertThat(r.isError()).as(r.text()).isFalse();
    assertThat(r.structured()).containsEntry("truncated", true)
        .containsEntry("truncationReason", "BYTE_LIMIT");
    assertThat((Integer) r.structured().get("rowCount")).isBetween(1, 199);
    assertThat(r.structured().get("truncationNote").toString()).contains("4096 bytes")
        .contains("LIMIT").contains("fewer");
    assertThat(r.text()).contains("TRUNCATED: the result reached the byte cap of 4096 bytes");
    assertThat(server.call("execute_query", Map.of("sql", "SELECT 1 AS one")).isError())
        .isFalse();
  }

  @Test
  void previewTable_overByteCap_returnsTheRowsThatFit() {
    ToolResult r = server.call("preview_table", Map.of("table", "AIRBNB.RAW.RAW_REVIEWS",
        "limit", 100));

    assertThat(r.isError()).as(r.text()).isFalse();
    assertThat(r.structured()).containsEntry("truncationReason", "BYTE_LIMIT");
    assertThat(r.text()).contains("4096 bytes");
  }

  @Test
  void notEvenOneRowFits_isStillTheToolError() {
    ToolResult r = server.call("execute_query", Map.of("sql",
        "SELECT repeat('x', 10000) AS wide"));

    assertThat(r.errorCode()).as(r.text()).isEqualTo("RESULT_TOO_LARGE");
    assertThat(r.text()).contains("Not even one row fits");
  }

  @Test
  void executeQuery_underByteCap_isSuccess() {
    ToolResult r = server.call("execute_query", Map.of("sql",
        "SELECT CITY FROM AIRBNB.ANALYTICS.DIM_NEIGHBOURHOODS LIMIT 3"));

    assertThat(r.isError()).as(r.text()).isFalse();
    assertThat(r.structured()).containsEntry("truncated", false);
  }
}
