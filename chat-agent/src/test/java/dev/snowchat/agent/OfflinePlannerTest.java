package dev.snowchat.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** The offline planner against fake tools returning the shapes mcp-adapter's tools return. */
class OfflinePlannerTest {
  final List<String> sqls = new CopyOnWriteArrayList<>();

  static Map<String, Object> col(String name, String type) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("name", name);
    m.put("type", type);
    m.put("nullable", true);
    m.put("comment", null);
    return m;
  }

  static final Map<String, Object> LISTINGS = Map.of(
      "table", "AIRBNB.ANALYTICS.DIM_LISTINGS", "kind", "table", "comment", "Typed listings",
      "rowCount", 10000,
      "columns", List.of(col("LISTING_ID", "BIGINT"), col("LISTING_NAME", "VARCHAR"),
          col("ROOM_TYPE", "VARCHAR"), col("Price", "DECIMAL(10,2)"), col("DATE", "DATE")),
      "primaryKey", List.of("LISTING_ID"),
      "foreignKeys", List.of(Map.of("columns", List.of("HOST_ID"),
          "referencedTable", "AIRBNB.ANALYTICS.DIM_HOSTS", "referencedColumns",
          List.of("HOST_ID"))),
      "source", "live");
  static final Map<String, Object> HOSTS = Map.of(
      "table", "AIRBNB.ANALYTICS.DIM_HOSTS", "kind", "table",
      "columns", List.of(col("HOST_ID", "BIGINT"), col("HOST_NAME", "VARCHAR")),
      "primaryKey", List.of("HOST_ID"), "foreignKeys", List.of(), "source", "live");

  static Map<String, Object> hit(String table) {
    return Map.of("table", table, "kind", "table", "score", 1.0, "matchedColumns",
        List.of("LISTING_ID"), "neighbours", List.of());
  }

  static Map<String, Object> result(List<String> columns, List<List<Object>> rows) {
    List<Map<String, Object>> cols = new ArrayList<>();
    for (String c : columns) {
      cols.add(Map.of("name", c, "type", "VARCHAR"));
    }
    return Map.of("columns", cols, "rows", rows, "rowCount", rows.size(), "truncated", false,
        "elapsedMs", 1.0, "queryId", "");
  }

  FakeTool tool(String name, Function<Map<String, Object>, ToolOutcome> f) {
    return new FakeTool(name, (in, ctx) -> f.apply(in));
  }

  List<Tool> warehouse(String dialect) {
    return List.of(
        tool("list_databases", in -> ToolOutcome.success("1 db", Map.of("databases",
            List.of(Map.of("name", "AIRBNB")), "count", 1))),
        tool("list_schemas", in -> ToolOutcome.success("1 schema", Map.of("schemas",
            List.of(Map.of("name", "ANALYTICS")), "count", 1))),
        tool("list_tables", in -> ToolOutcome.success("2 tables", Map.of("tables", List.of(
            Map.of("name", "DIM_LISTINGS", "kind", "table", "rowCount", 10000),
            Map.of("name", "DIM_HOSTS", "kind", "table", "rowCount", 6000)), "count", 2))),
        tool("search_schema", in -> {
          String q = (String) in.get("query");
          List<Object> hits = q.contains("host") ? List.of(hit("AIRBNB.ANALYTICS.DIM_HOSTS"))
              : q.contains("weather") ? List.of()
              : List.of(hit("AIRBNB.ANALYTICS.DIM_LISTINGS"), hit("AIRBNB.ANALYTICS.DIM_HOSTS"));
          return ToolOutcome.success("hits", Map.of("query", q, "hits", hits, "count",
              hits.size()));
        }),
        tool("describe_table", in -> {
          String t = (String) in.get("table");
          if (t.toUpperCase().endsWith("DIM_LISTINGS")) {
            return ToolOutcome.success("listings", LISTINGS);
          }
          if (t.toUpperCase().endsWith("DIM_HOSTS")) {
            return ToolOutcome.success("hosts", HOSTS);
          }
          return ToolOutcome.error("TABLE_NOT_FOUND: " + t);
        }),
        tool("preview_table", in -> ToolOutcome.success("preview", new LinkedHashMap<>(Map.of(
            "columns", List.of(Map.of("name", "HOST_ID", "type", "BIGINT"),
                Map.of("name", "HOST_NAME", "type", "VARCHAR")),
            "rows", List.of(List.of(1, "Ann | Bo"), List.of(2, "Cy")), "rowCount", 2,
            "truncated", false, "table", "AIRBNB.ANALYTICS.DIM_HOSTS")))),
        tool("find_join_path", in -> ToolOutcome.success("path", Map.of("from", in.get("from"),
            "to", in.get("to"), "found", true, "edges", List.of(Map.of("fromTable",
                "AIRBNB.ANALYTICS.DIM_LISTINGS", "fromColumns", List.of("HOST_ID"),
                "toTable", "AIRBNB.ANALYTICS.DIM_HOSTS", "toColumns", List.of("HOST_ID"),
                "source", "declared")),
            "joinClause", "FROM \"AIRBNB\".\"ANALYTICS\".\"DIM_LISTINGS\" AS t0\nJOIN"
                + " \"AIRBNB\".\"ANALYTICS\".\"DIM_HOSTS\" AS t1 ON t0.\"HOST_ID\" ="
                + " t1.\"HOST_ID\""))),
        new FakeTool("execute_query", (in, ctx) -> {
          String sql = (String) in.get("sql");
          sqls.add(sql);
          if (sql.startsWith("SELECT COUNT")) {
            return ToolOutcome.success("1 row", result(List.of("ROW_COUNT"),
                List.of(List.of(10000))));
          }
          return ToolOutcome.success("rows", result(List.of("LISTING_ID", "Price"),
              List.of(List.of(7, 990.5), List.of(3, 850))));
        }) {
          @Override
          public ToolSpec spec() {
            return new ToolSpec("execute_query", "Run exactly one SQL statement (" + dialect
                + " dialect) and return the rows.", Map.of("type", "object"), true);
          }
        });
  }

  Events ask(String q) throws Exception {
    return ask(q, warehouse("duckdb"));
  }

  Events ask(String q, List<Tool> tools) throws Exception {
    try (ChatAgent agent = ChatAgent.builder().toolSource(ToolSource.of(tools)).build()) {
      Events ev = new Events();
      AgentEvent.Done done = Events.await(agent.chat("s", "u", q, ev), ev);
      assertThat(done.stopReason()).isEqualTo(StopReason.END_TURN);
      assertThat(done.turns()).isZero();
      assertThat(agent.history("s")).extracting(Message::text).containsExactly(q, ev.text());
      return ev;
    }
  }

  static List<String> toolNames(Events ev) {
    return ev.of(AgentEvent.ToolUse.class).stream().map(AgentEvent.ToolUse::name).toList();
  }

  @Test
  void planner_isTheDefaultEngine() {
    try (ChatAgent agent = ChatAgent.builder().build()) {
      assertThat(agent.engineName()).isEqualTo("offline-planner");
    }
  }

  @Test
  void planner_help_explainsWhatItDoesAndHowToConfigureAModel() throws Exception {
    Events ev = ask("what can you do?");
    assertThat(ev.text()).contains("without a model").contains("SNOWCHAT_MODEL_PROVIDER")
        .contains("ANTHROPIC_API_KEY").contains("OPENAI_BASE_URL").contains("OPENAI_API_KEY")
        .contains("claude-code").contains("SNOWCHAT_MODEL");
    assertThat(ev.of(AgentEvent.ToolUse.class)).isEmpty();
  }

  @Test
  void planner_unsupportedQuestion_saysSoAndSuggestsTables() throws Exception {
    Events ev = ask("why did bookings drop in listings last summer compared to hosts?");
    assertThat(ev.text()).contains("cannot answer that kind of question")
        .contains("SNOWCHAT_MODEL_PROVIDER").contains("**AIRBNB.ANALYTICS.DIM_HOSTS**");
  }

  @Test
  void planner_listTables_walksDatabasesSchemasTables() throws Exception {
    Events ev = ask("what tables are there?");
    assertThat(toolNames(ev)).containsExactly("list_databases", "list_schemas", "list_tables");
    assertThat(ev.text()).contains("| AIRBNB.ANALYTICS.DIM_LISTINGS | table | 10000 |");
  }

  @Test
  void planner_search_showsRankedTables() throws Exception {
    Events ev = ask("which tables hold hosts?");
    assertThat(toolNames(ev)).containsExactly("search_schema");
    assertThat(ev.of(AgentEvent.ToolUse.class).get(0).input()).containsEntry("query", "hosts");
    assertThat(ev.text()).contains("| AIRBNB.ANALYTICS.DIM_HOSTS |");
  }

  @Test
  void planner_searchWithoutHits_saysSo() throws Exception {
    Events ev = ask("which tables hold weather?");
    assertThat(ev.text()).contains("I found no table matching *weather*");
  }

  @Test
  void planner_describe_byName_callsDescribeDirectly() throws Exception {
    Events ev = ask("describe DIM_LISTINGS");
    assertThat(toolNames(ev)).containsExactly("describe_table");
    assertThat(ev.text()).contains("**AIRBNB.ANALYTICS.DIM_LISTINGS** (table, 10000 rows):"
        + " Typed listings").contains("| LISTING_ID | BIGINT | yes | PK |")
        .contains("(HOST_ID) -> AIRBNB.ANALYTICS.DIM_HOSTS (HOST_ID)");
  }

  @Test
  void planner_describe_byWords_searchesFirst() throws Exception {
    Events ev = ask("what columns does the hosts table have?");
    assertThat(toolNames(ev)).containsExactly("search_schema", "describe_table");
    assertThat(ev.text()).contains("| HOST_NAME | VARCHAR |");
  }

  @Test
  void planner_preview_rendersAMarkdownTable() throws Exception {
    Events ev = ask("show me sample rows of DIM_HOSTS");
    assertThat(toolNames(ev)).containsExactly("preview_table");
    assertThat(ev.of(AgentEvent.ToolUse.class).get(0).input())
        .containsEntry("table", "DIM_HOSTS").containsEntry("limit", 10);
    assertThat(ev.text()).contains("| HOST_ID | HOST_NAME |\n| --- | --- |\n| 1 | Ann \\| Bo |");
  }

  @Test
  void planner_join_runsTheJoinClauseWithASmallLimit() throws Exception {
    Events ev = ask("how do listings and hosts join?");
    assertThat(toolNames(ev)).containsSubsequence("find_join_path", "execute_query");
    assertThat(sqls).singleElement().satisfies(sql -> assertThat(sql)
        .startsWith("SELECT *\nFROM \"AIRBNB\".\"ANALYTICS\".\"DIM_LISTINGS\" AS t0")
        .endsWith("LIMIT 5"));
    assertThat(ev.text()).contains("through 1 edge").contains("*declared*");
  }

  @Test
  void planner_count_runsCountStar() throws Exception {
    Events ev = ask("how many listings are there?");
    assertThat(sqls).containsExactly(
        "SELECT COUNT(*) AS ROW_COUNT FROM AIRBNB.ANALYTICS.DIM_LISTINGS");
    assertThat(ev.text()).contains("has **10000** rows");
  }

  @Test
  void planner_topN_quotesOnlyWhatNeedsQuoting() throws Exception {
    Events ev = ask("top 5 listings by price");
    assertThat(sqls).containsExactly("SELECT LISTING_ID, LISTING_NAME, \"Price\"\n"
        + "FROM AIRBNB.ANALYTICS.DIM_LISTINGS\nWHERE \"Price\" IS NOT NULL\n"
        + "ORDER BY \"Price\" DESC\nLIMIT 5");
    assertThat(ev.text()).contains("```sql").contains("| LISTING_ID | Price |")
        .contains("| 7 | 990.5 |");
  }

  @Test
  void planner_topNOfAnotherTable_isNotPassedOffAsTheAnswer() throws Exception {
    Events ev = ask("top 3 neighbourhoods by price");
    assertThat(sqls).isEmpty();
    assertThat(ev.text()).contains("could not find a column for *price* in the tables that"
        + " match *neighbourhoods*");
  }

  @Test
  void planner_cheapest_ordersAscendingByThePriceColumn() throws Exception {
    ask("the 3 cheapest listings");
    assertThat(sqls.get(0)).contains("ORDER BY \"Price\" ASC\nLIMIT 3");
  }

  @Test
  void planner_filter_textComparesCaseInsensitively() throws Exception {
    ask("listings where room_type = 'private room'");
    assertThat(sqls).containsExactly("SELECT LISTING_ID, LISTING_NAME, ROOM_TYPE\n"
        + "FROM AIRBNB.ANALYTICS.DIM_LISTINGS\nWHERE LOWER(ROOM_TYPE) = LOWER('private room')"
        + "\nLIMIT 20");
  }

  @Test
  void planner_topNWithFilter_combinesWhereAndOrder() throws Exception {
    ask("top 3 listings by price where price over 100");
    assertThat(sqls.get(0)).contains("WHERE \"Price\" IS NOT NULL\n  AND \"Price\" > 100")
        .endsWith("LIMIT 3");
  }

  @Test
  void planner_unknownFilterColumn_saysWhichTableLacksIt() throws Exception {
    Events ev = ask("listings where colour = red");
    assertThat(sqls).isEmpty();
    assertThat(ev.text()).contains("has no column like *colour*");
  }

  @Test
  void planner_postgresDialect_leavesLowerCaseUnquotedAndQuotesUpper() throws Exception {
    List<Tool> tools = warehouse("postgresql");
    ask("how many rows are in DIM_LISTINGS?", tools);
    assertThat(sqls).containsExactly(
        "SELECT COUNT(*) AS ROW_COUNT FROM \"AIRBNB\".\"ANALYTICS\".\"DIM_LISTINGS\"");
  }

  @Test
  void planner_missingTool_saysWhichToolItNeeds() throws Exception {
    Events ev = ask("which tables hold hosts?", List.of(FakeTool.returning("other", "x")));
    assertThat(ev.text()).contains("I need the `search_schema` tool").contains("other");
  }

  @Test
  void planner_toolError_isReportedPlainly() throws Exception {
    List<Tool> tools = List.of(new FakeTool("search_schema",
        (in, ctx) -> ToolOutcome.error("CONNECTION_FAILED: warehouse down")));
    Events ev = ask("which tables hold hosts?", tools);
    assertThat(ev.text()).contains("`search_schema` failed: CONNECTION_FAILED: warehouse down");
  }

  @Test
  void withStructuredRows_asksOnlyToolsThatOfferIt() {
    ToolSpec offers = new ToolSpec("execute_query", "run SQL", Map.of("type", "object",
        "properties", Map.of("sql", Map.of("type", "string"),
            "structured_rows", Map.of("type", "boolean"))), true);
    ToolSpec plain = new ToolSpec("execute_query", "run SQL", Map.of("type", "object",
        "properties", Map.of("sql", Map.of("type", "string"))), true);
    assertThat(OfflinePlanner.withStructuredRows(offers, Map.of("sql", "SELECT 1")))
        .containsEntry("structured_rows", true).containsEntry("sql", "SELECT 1");
    assertThat(OfflinePlanner.withStructuredRows(plain, Map.of("sql", "SELECT 1")))
        .doesNotContainKey("structured_rows");
    assertThat(OfflinePlanner.withStructuredRows(offers, Map.of("structured_rows", false)))
        .containsEntry("structured_rows", false);
  }
}
