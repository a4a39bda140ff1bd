package dev.snowchat.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.mcp.CallContext;
import dev.snowchat.mcp.McpConfig;
import dev.snowchat.mcp.SnowchatMcpServer;
import dev.snowchat.mcp.ToolDefinition;
import dev.snowchat.mcp.ToolResult;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The offline planner against the real tools over mcp-adapter's sample warehouse. */
class OfflinePlannerSampleTest {
  static SnowchatMcpServer server;
  static ChatAgent agent;

  /** Adapts one mcp-adapter tool, as the chat app's in-process source does. */
  record McpTool(SnowchatMcpServer server, ToolDefinition def) implements Tool {
    @Override
    public ToolSpec spec() {
      return new ToolSpec(def.name(), def.description(), def.inputSchema(), def.readOnly());
    }

    @Override
    public ToolOutcome call(Map<String, Object> input, ToolContext ctx) {
      ToolResult r = server.call(def.name(), input, CallContext.none());
      return new ToolOutcome(r.isError(), r.text(), r.isError() ? null : r.structured());
    }
  }

  @BeforeAll
  static void start() {
    Path dir = Path.of(System.getProperty("java.io.tmpdir"), "snowchat-test-sample");
    server = SnowchatMcpServer.builder().config(McpConfig.fromEnvironment(Map.of(
        "SNOWCHAT_SAMPLE_DIR", dir.toString(), "SNOWCHAT_SCHEMA_INDEX", "off"))).build();
    List<Tool> tools = new ArrayList<>();
    for (ToolDefinition d : server.tools()) {
      tools.add(new McpTool(server, d));
    }
    agent = ChatAgent.builder().toolSource(ToolSource.of(tools)).build();
  }

  @AfterAll
  static void stop() {
    agent.close();
    server.close();
  }

  static Events ask(String q) throws Exception {
    Events ev = new Events();
    AgentEvent.Done done = Events.await(agent.chat("s-" + q.hashCode(), "u", q, ev), ev);
    assertThat(done.stopReason()).as(ev.text()).isEqualTo(StopReason.END_TURN);
    assertThat(ev.of(AgentEvent.ToolResult.class)).as(ev.text())
        .allSatisfy(r -> assertThat(r.error()).as(r.content()).isFalse());
    return ev;
  }

  static List<String> sqls(Events ev) {
    return ev.of(AgentEvent.ToolUse.class).stream().filter(u -> u.name().equals("execute_query"))
        .map(u -> (String) u.input().get("sql")).toList();
  }

  @SuppressWarnings("unchecked")
  static List<List<Object>> rows(Events ev) {
    AgentEvent.ToolResult last = ev.of(AgentEvent.ToolResult.class).getLast();
    return (List<List<Object>>) ((Map<String, Object>) last.structured()).get("rows");
  }

  @Test
  void planner_whichTablesHoldReviews_searchesTheSchema() throws Exception {
    Events ev = ask("which tables hold reviews?");
    assertThat(ev.of(AgentEvent.ToolUse.class)).first()
        .satisfies(u -> assertThat(u.name()).isEqualTo("search_schema"));
    assertThat(ev.text()).contains("FACT_REVIEWS").contains("| table |");
  }

  @Test
  void planner_describe_listsColumns() throws Exception {
    Events ev = ask("describe AIRBNB.ANALYTICS.DIM_LISTINGS");
    assertThat(ev.text()).contains("**AIRBNB.ANALYTICS.DIM_LISTINGS**").contains("| PRICE |")
        .contains("PK").contains("AIRBNB.ANALYTICS.DIM_HOSTS");
  }

  @Test
  void planner_sampleRows_previewsTheTable() throws Exception {
    Events ev = ask("show me sample rows of DIM_HOSTS");
    assertThat(ev.of(AgentEvent.ToolUse.class)).extracting(AgentEvent.ToolUse::name)
        .contains("preview_table");
    assertThat(ev.text()).contains("| HOST_ID |");
  }

  @Test
  void planner_rowCount_runsCountStar() throws Exception {
    Events ev = ask("how many rows are in FACT_REVIEWS?");
    assertThat(sqls(ev)).containsExactly(
        "SELECT COUNT(*) AS ROW_COUNT FROM AIRBNB.ANALYTICS.FACT_REVIEWS");
    assertThat(ev.text()).contains("has **180000** rows");
  }

  @Test
  void planner_topNByPrice_ordersByThePriceColumn() throws Exception {
    Events ev = ask("top 5 listings by price");
    String sql = sqls(ev).getFirst();
    assertThat(sql).contains("FROM AIRBNB.ANALYTICS.DIM_LISTINGS")
        .contains("ORDER BY PRICE DESC").endsWith("LIMIT 5");
    List<List<Object>> rows = rows(ev);
    assertThat(rows).hasSize(5);
    List<BigDecimal> prices = rows.stream().map(r -> new BigDecimal(String.valueOf(
        r.getLast()))).toList();
    assertThat(prices).isSortedAccordingTo((a, b) -> b.compareTo(a));
    assertThat(ev.text()).contains("```sql").contains("| LISTING_ID |");
  }

  @Test
  void planner_join_findsThePathAndRunsIt() throws Exception {
    Events ev = ask("how do DIM_LISTINGS and DIM_HOSTS join?");
    assertThat(ev.of(AgentEvent.ToolUse.class)).extracting(AgentEvent.ToolUse::name)
        .contains("find_join_path", "execute_query");
    assertThat(sqls(ev).getFirst()).contains("JOIN").contains("HOST_ID").endsWith("LIMIT 5");
    assertThat(rows(ev)).hasSize(5);
  }

  @Test
  void planner_join_xJoinsY_findsThePathAndRunsIt() throws Exception {
    Events ev = ask("how does DIM_LISTINGS join DIM_HOSTS");
    assertThat(ev.of(AgentEvent.ToolUse.class)).as(ev.text())
        .extracting(AgentEvent.ToolUse::name).contains("find_join_path", "execute_query");
    assertThat(sqls(ev).getFirst()).contains("DIM_LISTINGS").contains("DIM_HOSTS")
        .contains("HOST_ID").endsWith("LIMIT 5");
    assertThat(rows(ev)).hasSize(5);
  }

  @Test
  void planner_filter_buildsAWhereClause() throws Exception {
    Events ev = ask("listings where bedrooms >= 2");
    assertThat(sqls(ev).getFirst()).contains("WHERE BEDROOMS >= 2").endsWith("LIMIT 20");
    assertThat(rows(ev)).as(ev.text()).isNotEmpty();
  }

  @Test
  void planner_countByWords_findsTheTable() throws Exception {
    Events ev = ask("how many hosts are there?");
    assertThat(sqls(ev)).singleElement().satisfies(sql -> assertThat(sql)
        .startsWith("SELECT COUNT(*) AS ROW_COUNT FROM AIRBNB.").contains("HOSTS"));
    assertThat(ev.text()).contains("has **6000** rows");
  }

  @Test
  void planner_countOfOneThing_isARowCount_evenForATableNamedLikeATimeWord() throws Exception {
    assertThat(Intent.parse("how many rows are in DIM_DATE?")).isEqualTo(
        new Intent.Count("DIM_DATE"));
    assertThat(Intent.parse("How many reviews are there?")).isEqualTo(
        new Intent.Count("reviews"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"how many bookings per month in 2024?",
      "how many listings does each host have?", "how many reviews were written last week?",
      "how many hosts have more than 3 listings?", "how many listings by neighbourhood?",
      "how many superhosts are there?", "how many listings are in Centrum-West?",
      "how many distinct hosts wrote reviews?"})
  void planner_countThatGroupsOrFilters_runsNoRowCount(String question) throws Exception {
    Events ev = ask(question);
    assertThat(sqls(ev)).as(ev.text()).isEmpty();
    assertThat(ev.text()).doesNotContain("rows.").contains("cannot answer that kind of question")
        .contains("Tables that may be relevant:");
  }

  @ParameterizedTest
  @ValueSource(strings = {"cheapest listings in Centrum-West",
      "listings in Centrum-West with price over 300", "top 5 superhost listings by price",
      "most expensive listings of superhosts", "listings where room_type is entire home"})
  void planner_rankingOrFilterWithARestrictionItCannotApply_saysSoAndRunsNothing(
      String question) throws Exception {
    Events ev = ask(question);
    assertThat(sqls(ev)).as(ev.text()).isEmpty();
    assertThat(ev.text()).contains("but I cannot restrict them to *");
  }

  @ParameterizedTest
  @ValueSource(strings = {"top 5 listings by price in 2024", "reviews per host with rating > 3",
      "highest rated reviews from last month", "most expensive listings this year"})
  void planner_rankingOrFilterOverATimeOrAGroup_isDeclined(String question) throws Exception {
    Events ev = ask(question);
    assertThat(sqls(ev)).as(ev.text()).isEmpty();
    assertThat(ev.text()).contains("cannot answer that kind of question");
  }

  @Test
  void planner_rankingAndFilterOnTheTablesOwnColumns_stillRun() throws Exception {
    assertThat(sqls(ask("top 5 DIM_LISTINGS by price"))).singleElement().asString()
        .contains("ORDER BY PRICE DESC");
    assertThat(sqls(ask("top 5 REVIEWS by rating"))).singleElement().asString()
        .contains("FROM AIRBNB.ANALYTICS.FACT_REVIEWS").contains("ORDER BY RATING DESC");
    assertThat(sqls(ask("top 3 listings by price where price over 100"))).singleElement()
        .asString().contains("AND PRICE > 100").endsWith("LIMIT 3");
    assertThat(sqls(ask("listings where room_type is 'entire home'"))).singleElement()
        .asString().contains("LOWER(ROOM_TYPE) = LOWER('entire home')");
    assertThat(sqls(ask("cheapest 3 listings where bedrooms >= 2"))).singleElement().asString()
        .contains("BEDROOMS >= 2").contains("ORDER BY PRICE ASC").endsWith("LIMIT 3");
  }

  @Test
  void planner_questionNeedingAggregation_runsNoMisleadingQuery() throws Exception {
    Events ev = ask("which neighbourhoods have the best-rated listings?");
    assertThat(sqls(ev)).as(ev.text()).isEmpty();
    assertThat(ev.text()).contains("could not find a column for *rating*");
  }
}
