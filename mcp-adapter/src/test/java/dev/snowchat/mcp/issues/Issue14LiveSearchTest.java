package dev.snowchat.mcp.issues;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.mcp.McpConfig;
import dev.snowchat.mcp.SnowchatMcpServer;
import dev.snowchat.mcp.TestEnv;
import dev.snowchat.mcp.ToolResult;
import dev.snowchat.mcp.testing.ToolAssertions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 14 item 4 on the live path ({@code SNOWCHAT_SCHEMA_INDEX=off}, or an index that cannot
 * load): search_schema listed every column of a table as matched ({@code CREATED_AT}, {@code
 * UPDATED_AT} for "listings", through their comments) and ranked raw tables above their modelled
 * twins ("hosts": {@code RAW.RAW_HOSTS} above {@code ANALYTICS.DIM_HOSTS}).
 */
class Issue14LiveSearchTest {
  static SnowchatMcpServer server;

  @BeforeAll
  static void start() {
    server = SnowchatMcpServer.builder().config(McpConfig.fromEnvironment(
        TestEnv.sample("SNOWCHAT_SCHEMA_INDEX", "off"))).build();
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @SuppressWarnings("unchecked")
  static List<Map<String, Object>> hits(String query) {
    ToolResult r = ToolAssertions.ok(server, "search_schema", Map.of("query", query, "k", 13));
    assertThat(r.structured()).containsEntry("source", "live");
    return (List<Map<String, Object>>) r.structured().get("hits");
  }

  static int rank(List<Map<String, Object>> hits, String table) {
    for (int i = 0; i < hits.size(); i++) {
      if (hits.get(i).get("table").equals("AIRBNB." + table)) {
        return i;
      }
    }
    return Integer.MAX_VALUE;
  }

  @ParameterizedTest
  @CsvSource({
      "listings, ANALYTICS.DIM_LISTINGS, RAW.RAW_LISTINGS",
      "listing price, ANALYTICS.DIM_LISTINGS, RAW.RAW_LISTINGS",
      "hosts, ANALYTICS.DIM_HOSTS, RAW.RAW_HOSTS",
      "host response rate, ANALYTICS.DIM_HOSTS, RAW.RAW_HOSTS",
      "reviews, ANALYTICS.FACT_REVIEWS, RAW.RAW_REVIEWS",
      "neighbourhoods, ANALYTICS.DIM_NEIGHBOURHOODS, RAW.RAW_NEIGHBOURHOODS",
      "calendar availability, ANALYTICS.FACT_CALENDAR, RAW.RAW_CALENDAR",
      "calendar price, ANALYTICS.FACT_CALENDAR, RAW.RAW_CALENDAR"})
  void modelledTwin_ranksAboveRaw(String query, String modelled, String raw) {
    List<Map<String, Object>> hits = hits(query);
    assertThat(rank(hits, modelled)).as("%s in %s", modelled, hits).isLessThan(rank(hits, raw));
  }

  @ParameterizedTest
  @ValueSource(strings = {"listings", "reviews by host", "hosts", "listing price"})
  void matchedColumns_areThoseWhoseNamesHoldAQueryWord(String query) {
    List<String> words = List.of(query.toUpperCase(java.util.Locale.ROOT).split(" "));
    for (Map<String, Object> h : hits(query)) {
      @SuppressWarnings("unchecked")
      List<String> columns = (List<String>) h.get("matchedColumns");
      assertThat(columns).as("%s for '%s'", h.get("table"), query)
          .doesNotContain("CREATED_AT", "UPDATED_AT", "LOADED_AT")
          .allSatisfy(c -> assertThat(words).anySatisfy(w -> assertThat(c + "S")
              .contains(w.endsWith("S") ? w.substring(0, w.length() - 1) : w)));
    }
  }
}
