package dev.snowchat.mcp;

import dev.snowchat.mcp.internal.transport.McpBridge;
import java.util.List;
import java.util.Map;

/**
 * Measures the bytes of typical results (issue 13 item 6): for each table of the sample
 * warehouse, the text form and the MCP JSON of {@code SELECT * ... LIMIT n}, per row, to choose
 * the default row and byte caps for a model's context. Run after {@code ./mvnw -pl mcp-adapter
 * -am test-compile} with {@code mcp-adapter/bench-sources results}.
 */
public final class ResultSizeBench {
  private ResultSizeBench() {}

  /**
   * Prints the figures.
   *
   * @param args unused
   */
  public static void main(String[] args) {
    try (SnowchatMcpServer s = SnowchatMcpServer.builder().config(McpConfig.fromEnvironment(
        Map.of("SNOWCHAT_SCHEMA_INDEX", "off", "SNOWFLAKE_MCP_MAX_ROWS", "1000"))).build()) {
      System.out.printf("%-32s %5s %10s %10s %10s%n", "table (LIMIT 200)", "cols", "text B/row",
          "json B/row", "MCP B/row");
      for (String t : List.of("RAW.RAW_LISTINGS", "RAW.RAW_HOSTS", "RAW.RAW_REVIEWS",
          "ANALYTICS.DIM_LISTINGS", "ANALYTICS.DIM_HOSTS", "ANALYTICS.FACT_REVIEWS")) {
        ToolResult r = s.call("execute_query", Map.of("sql", "SELECT * FROM AIRBNB." + t
            + " LIMIT 200"));
        if (r.isError()) {
          System.out.println(t + ": " + r.text());
          continue;
        }
        int rows = (Integer) r.structured().get("rowCount");
        int cols = ((List<?>) r.structured().get("columns")).size();
        String json = McpBridge.toJson(r);
        int text = r.text().getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
        int structured = McpBridge.toJson(ToolResult.success("", r.structured())).length();
        System.out.printf("%-32s %5d %10.0f %10.0f %10.0f%n", t, cols, text / (double) rows,
            structured / (double) rows, json.length() / (double) rows);
      }
    }
  }
}
