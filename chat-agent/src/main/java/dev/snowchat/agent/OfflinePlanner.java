package dev.snowchat.agent;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * An engine that needs no model, the default of {@link ChatAgent} when none is configured. It
 * answers from the snowchat warehouse tools alone ({@code search_schema}, {@code list_tables},
 * {@code describe_table}, {@code preview_table}, {@code find_join_path}, {@code execute_query}
 * and their structured results):
 *
 * <ul>
 *   <li>which tables hold something ("which tables hold reviews?"), or all tables;
 *   <li>a table's columns ("describe DIM_LISTINGS"), sample rows ("sample rows of hosts");
 *   <li>how two tables join ("how do reviews and hosts join?"), with a few joined rows;
 *   <li>row counts ("how many rows are in FACT_REVIEWS?");
 *   <li>top or bottom N by a column ("top 5 listings by price", "3 cheapest listings"), and
 *       simple filters ("listings where bedrooms > 3"), as one plain {@code SELECT ... ORDER BY
 *       ... LIMIT n} built from the column names the tools returned.
 * </ul>
 *
 * <p>Answers stream as a short explanation, the SQL it ran, and a markdown table. Anything else
 * gets a plain statement of what it cannot answer without a model, and how to configure one.
 */
public final class OfflinePlanner implements ChatEngine {
  /** How to configure a model, as the chat app reads it from the environment. */
  public static final String CONFIGURE_MODEL = """
      To answer any question, configure a model and restart the app:
      - `SNOWCHAT_MODEL_PROVIDER=anthropic` with `ANTHROPIC_API_KEY`, or
      - `SNOWCHAT_MODEL_PROVIDER=openai` with `OPENAI_API_KEY` (and `OPENAI_BASE_URL` for any \
      OpenAI-compatible server), or
      - `SNOWCHAT_MODEL_PROVIDER=claude-code` to use your Claude Code login;
      - optionally `SNOWCHAT_MODEL` to pick the model.""";

  static final int MAX_TABLE_ROWS = 20;
  static final int MAX_COLUMNS = 12;
  static final int MAX_CELL = 80;
  private static final Pattern DIALECT = Pattern.compile("\\((\\w+) dialect\\)");
  private static final Pattern PLAIN_UPPER = Pattern.compile("[A-Z_][A-Z0-9_$]*");
  private static final Pattern PLAIN_LOWER = Pattern.compile("[a-z_][a-z0-9_$]*");
  private static final Set<String> RESERVED = Set.of("SELECT", "FROM", "WHERE", "GROUP",
      "ORDER", "BY", "LIMIT", "TABLE", "DATE", "TIME", "TIMESTAMP", "USER", "TO", "AND", "OR",
      "NOT", "NULL", "AS", "ON", "JOIN", "IN", "IS", "CASE", "WHEN", "THEN", "END", "VALUES",
      "COLUMN", "CHECK", "DEFAULT", "PRIMARY", "KEY", "UNIQUE", "ALL", "ANY", "SOME", "ROW",
      "ROWS", "START", "CURRENT", "LEFT", "RIGHT", "INNER", "OUTER", "UNION", "HAVING",
      "DISTINCT", "BETWEEN", "LIKE", "OF", "WITH", "FOR", "CREATE", "DROP", "INSERT", "UPDATE",
      "DELETE");
  private static final Set<String> NUMERIC = Set.of("INT", "INTEGER", "BIGINT", "SMALLINT",
      "TINYINT", "HUGEINT", "DECIMAL", "NUMERIC", "NUMBER", "DOUBLE", "FLOAT", "REAL", "FLOAT4",
      "FLOAT8", "INT2", "INT4", "INT8", "MONEY", "UBIGINT", "UINTEGER", "USMALLINT", "UTINYINT");

  private OfflinePlanner() {}

  /** {@return a planner} */
  public static OfflinePlanner create() {
    return new OfflinePlanner();
  }

  @Override
  public String name() {
    return "offline-planner";
  }

  @Override
  public void runTurn(Turn turn) throws InterruptedException {
    Run run = new Run(turn);
    Intent intent = Intent.parse(turn.prompt());
    try {
      switch (intent) {
        case Intent.Help h -> run.help();
        case Intent.ListTables l -> run.listTables();
        case Intent.Search s -> run.search(s.topic());
        case Intent.Describe d -> run.describe(d.table());
        case Intent.Preview p -> run.preview(p.table(), p.limit());
        case Intent.Join j -> run.join(j.from(), j.to());
        case Intent.Count c -> run.count(c.table());
        case Intent.TopN t -> run.topN(t);
        case Intent.Filtered f -> run.filtered(f);
        case Intent.Unsupported u -> run.unsupported(u.topic());
      }
    } catch (Stop stop) {
      run.say(stop.getMessage());
    }
    run.finish();
  }

  /** Ends a plan early with a message for the user. */
  private static final class Stop extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Stop(String message) {
      super(message, null, false, false);
    }
  }

  static final String STRUCTURED_ROWS = "structured_rows";

  /**
   * The planner reads rows from the structured result, so a tool that keeps its rows in the
   * text unless asked (Snowchat's tools over MCP take {@code structured_rows}) is asked.
   */
  static Map<String, Object> withStructuredRows(@Nullable ToolSpec spec,
      Map<String, Object> input) {
    if (spec != null && spec.inputSchema().get("properties") instanceof Map<?, ?> p
        && p.containsKey(STRUCTURED_ROWS) && !input.containsKey(STRUCTURED_ROWS)) {
      Map<String, Object> out = new LinkedHashMap<>(input);
      out.put(STRUCTURED_ROWS, true);
      return out;
    }
    return input;
  }

  /** One turn's work: tool calls, and the answer built up as it streams. */
  private static final class Run {
    private final Turn turn;
    private final StringBuilder answer = new StringBuilder();
    private final Set<String> toolNames = new LinkedHashSet<>();
    private final Map<String, ToolSpec> specs = new LinkedHashMap<>();
    private int calls;

    Run(Turn turn) {
      this.turn = turn;
      for (ToolSpec s : turn.tools()) {
        toolNames.add(s.name());
        specs.put(s.name(), s);
      }
    }

    void say(String text) {
      String chunk = (answer.isEmpty() ? "" : "\n\n") + text.strip();
      answer.append(chunk);
      turn.emit(new AgentEvent.Text(chunk));
    }

    void finish() {
      if (answer.isEmpty()) {
        say("I have nothing to say about that.");
      }
      turn.record(Message.assistant(answer.toString()));
    }

    // --- tools ---

    @Nullable String tool(String name) {
      for (String n : toolNames) {
        if (n.equals(name) || n.endsWith("__" + name)) {
          return n;
        }
      }
      return null;
    }

    ToolOutcome call(String name, Map<String, Object> input) throws InterruptedException {
      String real = tool(name);
      if (real == null) {
        throw new Stop("I need the `" + name + "` tool for this, and it is not available"
            + (toolNames.isEmpty() ? " (no tools are configured)." : " (tools: "
            + String.join(", ", toolNames) + ")."));
      }
      return turn.callTool("offline-" + (++calls), real,
          withStructuredRows(specs.get(real), input));
    }


    Map<String, Object> structured(String name, Map<String, Object> input)
        throws InterruptedException {
      ToolOutcome o = call(name, input);
      if (o.error()) {
        throw new Stop("`" + name + "` failed: " + o.text());
      }
      if (!(o.structured() instanceof Map<?, ?> m)) {
        throw new Stop("`" + name + "` returned no structured result, which I need without a"
            + " model. Its answer was:\n\n" + o.text());
      }
      @SuppressWarnings("unchecked")
      Map<String, Object> map = (Map<String, Object>) m;
      return map;
    }

    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> list(Map<String, Object> m, String key) {
      Object v = m.get(key);
      if (!(v instanceof List<?> l)) {
        return List.of();
      }
      List<Map<String, Object>> out = new ArrayList<>();
      for (Object o : l) {
        if (o instanceof Map<?, ?> x) {
          out.add((Map<String, Object>) x);
        }
      }
      return out;
    }

    static String str(@Nullable Object o) {
      return o == null ? "" : String.valueOf(o);
    }

    // --- plans ---

    void help() {
      say("I am running without a model, so I answer a few kinds of questions from the"
          + " warehouse tools alone:\n"
          + "- which tables hold something: *which tables hold reviews?*\n"
          + "- what a table contains: *describe DIM_LISTINGS*, *sample rows of hosts*\n"
          + "- how two tables join: *how do reviews and hosts join?*\n"
          + "- row counts: *how many rows are in FACT_REVIEWS?*\n"
          + "- top or bottom N: *top 5 listings by price*, *listings where bedrooms > 3*");
      say(CONFIGURE_MODEL);
    }

    void listTables() throws InterruptedException {
      Map<String, Object> dbs = structured("list_databases", Map.of());
      List<List<Object>> rows = new ArrayList<>();
      for (Map<String, Object> db : limit(list(dbs, "databases"), 5)) {
        String d = str(db.get("name"));
        Map<String, Object> schemas = structured("list_schemas", Map.of("database", d));
        for (Map<String, Object> s : limit(list(schemas, "schemas"), 8)) {
          String sc = str(s.get("name"));
          Map<String, Object> tables = structured("list_tables", Map.of("database", d,
              "schema", sc));
          for (Map<String, Object> t : list(tables, "tables")) {
            rows.add(List.of(d + "." + sc + "." + str(t.get("name")), str(t.get("kind")),
                str(t.get("rowCount")), str(t.get("comment"))));
          }
        }
      }
      if (rows.isEmpty()) {
        say("I found no tables this connection can read.");
        return;
      }
      say("These are the tables and views I can see (" + rows.size() + "):");
      say(markdown(List.of("table", "kind", "rows", "comment"), rows, 100));
      say("Ask `describe <table>` for its columns, or `sample rows of <table>`.");
    }

    void search(String topic) throws InterruptedException {
      Map<String, Object> r = structured("search_schema", Map.of("query", topic, "k", 5));
      List<Map<String, Object>> hits = list(r, "hits");
      if (hits.isEmpty()) {
        say("I found no table matching *" + topic + "*. Try other words, or ask *what tables"
            + " are there?*");
        return;
      }
      List<List<Object>> rows = new ArrayList<>();
      for (Map<String, Object> h : hits) {
        Object cols = h.get("matchedColumns");
        rows.add(List.of(str(h.get("table")), str(h.get("kind")),
            cols instanceof List<?> l ? String.join(", ", l.stream().map(String::valueOf)
                .toList()) : "", str(h.get("comment"))));
      }
      say("Tables that match *" + topic + "*, best first:");
      say(markdown(List.of("table", "kind", "matching columns", "comment"), rows, 50));
    }

    /** Resolves a table phrase: an exact name first, else the best search hit. */
    Map<String, Object> describeTable(String phrase) throws InterruptedException {
      return describeCandidates(phrase, 1).get(0);
    }

    List<Map<String, Object>> describeCandidates(String phrase, int max)
        throws InterruptedException {
      List<Map<String, Object>> out = new ArrayList<>();
      if (looksLikeName(phrase)) {
        ToolOutcome o = call("describe_table", Map.of("table", phrase));
        if (!o.error() && o.structured() instanceof Map<?, ?> m) {
          @SuppressWarnings("unchecked")
          Map<String, Object> map = (Map<String, Object>) m;
          out.add(map);
          return out;
        }
      }
      Map<String, Object> r = structured("search_schema", Map.of("query", phrase, "k", 5));
      for (Map<String, Object> h : limit(list(r, "hits"), max)) {
        out.add(structured("describe_table", Map.of("table", str(h.get("table")))));
      }
      if (out.isEmpty()) {
        throw new Stop("I found no table for *" + phrase + "*. Ask *what tables are there?*"
            + " to see them all.");
      }
      return out;
    }

    /** DIM_LISTINGS, airbnb.analytics.dim_hosts, "My Table", REVIEWS; not "listings". */
    static boolean looksLikeName(String phrase) {
      if (phrase.startsWith("\"")) {
        return true;
      }
      return !phrase.contains(" ") && (phrase.contains("_") || phrase.contains(".")
          || phrase.equals(phrase.toUpperCase(Locale.ROOT)));
    }

    void describe(String phrase) throws InterruptedException {
      Map<String, Object> t = describeTable(phrase);
      List<List<Object>> rows = new ArrayList<>();
      Set<String> pk = new LinkedHashSet<>();
      if (t.get("primaryKey") instanceof List<?> l) {
        l.forEach(x -> pk.add(String.valueOf(x)));
      }
      for (Map<String, Object> c : list(t, "columns")) {
        String name = str(c.get("name"));
        rows.add(List.of(name, str(c.get("type")),
            Boolean.FALSE.equals(c.get("nullable")) ? "no" : "yes", pk.contains(name) ? "PK"
                : "", str(c.get("comment"))));
      }
      StringBuilder head = new StringBuilder("**" + str(t.get("table")) + "** ("
          + str(t.get("kind")));
      if (t.get("rowCount") != null) {
        head.append(", ").append(t.get("rowCount")).append(" rows");
      }
      head.append(")");
      if (t.get("comment") != null) {
        head.append(": ").append(t.get("comment"));
      }
      say(head + "\n\n" + rows.size() + " columns:");
      say(markdown(List.of("column", "type", "nullable", "key", "comment"), rows, 200));
      List<Map<String, Object>> fks = list(t, "foreignKeys");
      if (!fks.isEmpty()) {
        StringBuilder sb = new StringBuilder("Foreign keys:");
        for (Map<String, Object> fk : fks) {
          sb.append("\n- (").append(joinList(fk.get("columns"))).append(") -> ")
              .append(str(fk.get("referencedTable"))).append(" (")
              .append(joinList(fk.get("referencedColumns"))).append(")");
        }
        say(sb.toString());
      }
    }

    static String joinList(@Nullable Object o) {
      return o instanceof List<?> l ? String.join(", ", l.stream().map(String::valueOf)
          .toList()) : str(o);
    }

    void preview(String phrase, int limit) throws InterruptedException {
      String table = looksLikeName(phrase) ? phrase : str(describeTable(phrase).get("table"));
      Map<String, Object> r = structured("preview_table", Map.of("table", table, "limit",
          Math.min(limit, 100)));
      String name = r.get("table") == null ? table : str(r.get("table"));
      say("The first " + str(r.get("rowCount")) + " rows of **" + name + "**:");
      answerTable(r);
    }

    void join(String from, String to) throws InterruptedException {
      String a = str(describeTable(from).get("table"));
      String b = str(describeTable(to).get("table"));
      Map<String, Object> r = structured("find_join_path", Map.of("from", a, "to", b));
      if (!Boolean.TRUE.equals(r.get("found")) || str(r.get("joinClause")).isBlank()) {
        say("I found no join path between **" + a + "** and **" + b + "** (neither declared"
            + " foreign keys nor matching key names). Compare their columns with *describe "
            + a + "* and *describe " + b + "*.");
        return;
      }
      StringBuilder sb = new StringBuilder("**" + a + "** joins **" + b + "** through "
          + list(r, "edges").size() + (list(r, "edges").size() == 1 ? " edge" : " edges")
          + ":");
      for (Map<String, Object> e : list(r, "edges")) {
        sb.append("\n- ").append(str(e.get("fromTable"))).append(" (")
            .append(joinList(e.get("fromColumns"))).append(") -> ")
            .append(str(e.get("toTable"))).append(" (").append(joinList(e.get("toColumns")))
            .append(")").append(" *").append(str(e.get("source"))).append("*");
      }
      say(sb.toString());
      String sql = "SELECT *\n" + str(r.get("joinClause")) + "\nLIMIT 5";
      runQuery("Five joined rows:", sql, 5);
    }

    void count(String phrase) throws InterruptedException {
      Map<String, Object> t = describeTable(phrase);
      if (!looksLikeName(phrase) && !namesEvery(t, phrase)) {
        // "how many superhosts" found DIM_HOSTS: its row count would answer another question.
        unsupported(phrase);
        return;
      }
      String table = str(t.get("table"));
      String sql = "SELECT COUNT(*) AS ROW_COUNT FROM " + qualified(table);
      Map<String, Object> r = query(sql, 1);
      Object n = firstCell(r);
      say("**" + table + "** has **" + n + "** rows.");
      say(sqlBlock(sql));
    }

    void topN(Intent.TopN t) throws InterruptedException {
      for (Map<String, Object> table : describeCandidates(t.subject() + " " + t.measure(), 3)) {
        Optional<Map<String, Object>> col = column(table, t.measure(), true);
        if (col.isEmpty() || !about(table, t.subject())) {
          continue; // a top-N of another table would be a wrong answer, not a partial one
        }
        if (!looksLikeName(t.subject()) && !namesEvery(table, t.subject())) {
          notApplied(table, t.subject()); // "cheapest listings in Centrum-West"
          return;
        }
        String measure = str(col.get().get("name"));
        List<String> where = where(table, t.filters());
        List<String> cols = displayColumns(table, measure, t.filters());
        String sql = "SELECT " + String.join(", ", cols.stream().map(this::ident).toList())
            + "\nFROM " + qualified(str(table.get("table")))
            + "\nWHERE " + ident(measure) + " IS NOT NULL"
            + where.stream().map(w -> "\n  AND " + w).reduce("", String::concat)
            + "\nORDER BY " + ident(measure) + (t.descending() ? " DESC" : " ASC")
            + "\nLIMIT " + t.limit();
        runQuery("The " + (t.descending() ? "top " : "bottom ") + t.limit() + " of **"
            + str(table.get("table")) + "** by `" + measure + "`:", sql, t.limit());
        return;
      }
      say("I could not find a column for *" + t.measure() + "* in the tables that match *"
          + t.subject() + "*. Ask `describe <table>` to see the columns, then name one: `top 5 "
          + t.subject() + " by <column>`. Questions that need aggregates or joins need a"
          + " model.");
      say(CONFIGURE_MODEL);
    }

    void filtered(Intent.Filtered f) throws InterruptedException {
      Map<String, Object> table = describeTable(f.subject());
      if (!looksLikeName(f.subject()) && !namesEvery(table, f.subject())) {
        notApplied(table, f.subject());
        return;
      }
      List<String> where = where(table, f.filters());
      List<String> cols = displayColumns(table, null, f.filters());
      String sql = "SELECT " + String.join(", ", cols.stream().map(this::ident).toList())
          + "\nFROM " + qualified(str(table.get("table")))
          + "\nWHERE " + String.join("\n  AND ", where) + "\nLIMIT " + f.limit();
      runQuery("Rows of **" + str(table.get("table")) + "** where " + String.join(" and ",
          f.filters().stream().map(x -> x.column() + " " + x.op() + " " + x.value()).toList())
          + ":", sql, f.limit());
    }

    /**
     * Says that the subject's words the table's name does not name ("centrum west" of "listings
     * in Centrum-West") are a restriction the planner cannot apply, instead of answering
     * without it.
     */
    void notApplied(Map<String, Object> table, String subject) {
      List<String> extra = new ArrayList<>();
      for (String w : Intent.words(subject)) {
        if (!about(table, w)) {
          extra.add(w);
        }
      }
      say("Without a model I can list or rank the rows of one table such as **"
          + str(table.get("table")) + "** by its own columns (`price > 100`, `top 5 by price`),"
          + " but I cannot restrict them to *" + String.join(" ", extra) + "*: that needs a"
          + " model, or a condition on one of its columns: `... where <column> = '<value>'`"
          + " (quote a value of several words).");
      say(CONFIGURE_MODEL);
    }

    void unsupported(String topic) throws InterruptedException {
      say("I am running without a model, so I cannot answer that kind of question (analysis,"
          + " aggregations over several tables, explanations). I can find tables, describe"
          + " them, show sample rows, count rows, show how two tables join, and list the top"
          + " N rows by a column.");
      if (!topic.isBlank() && tool("search_schema") != null) {
        Map<String, Object> r = structured("search_schema", Map.of("query", topic, "k", 3));
        List<Map<String, Object>> hits = list(r, "hits");
        if (!hits.isEmpty()) {
          say("Tables that may be relevant: " + String.join(", ", hits.stream()
              .map(h -> "**" + str(h.get("table")) + "**").toList()) + ".");
        }
      }
      say(CONFIGURE_MODEL);
    }

    // --- SQL ---

    List<String> where(Map<String, Object> table, List<Intent.Filter> filters) {
      List<String> out = new ArrayList<>();
      for (Intent.Filter f : filters) {
        Map<String, Object> c = column(table, f.column(), false).orElseThrow(() -> new Stop(
            "**" + str(table.get("table")) + "** has no column like *" + f.column()
                + "*. Ask *describe " + str(table.get("table")) + "* to see its columns."));
        String v = f.value();
        boolean numeric = isNumeric(str(c.get("type")));
        String literal;
        if (numeric && v.matches("-?\\d+(\\.\\d+)?")) {
          literal = v;
        } else if (v.equals("true") || v.equals("false") || v.equals("null")) {
          literal = v.toUpperCase(Locale.ROOT);
        } else {
          literal = "'" + v.replace("'", "''") + "'";
        }
        String op = f.op();
        if (literal.equals("NULL")) {
          out.add(ident(str(c.get("name"))) + (op.equals("!=") ? " IS NOT NULL" : " IS NULL"));
        } else if (!numeric && literal.startsWith("'") && op.equals("=")) {
          // Text compares case-insensitively: "room type is private room" finds 'Private room'.
          out.add("LOWER(" + ident(str(c.get("name"))) + ") = LOWER(" + literal + ")");
        } else {
          out.add(ident(str(c.get("name"))) + " " + op + " " + literal);
        }
      }
      return out;
    }

    /** Identifying columns (key, name-like), then the measure and filter columns; at most 5. */
    List<String> displayColumns(Map<String, Object> table, @Nullable String measure,
        List<Intent.Filter> filters) {
      Set<String> out = new LinkedHashSet<>();
      List<Map<String, Object>> cols = list(table, "columns");
      if (table.get("primaryKey") instanceof List<?> pk && pk.size() == 1) {
        out.add(String.valueOf(pk.get(0)));
      } else if (!cols.isEmpty() && str(cols.get(0).get("name")).toLowerCase(Locale.ROOT)
          .endsWith("id")) {
        out.add(str(cols.get(0).get("name")));
      }
      for (Map<String, Object> c : cols) {
        String n = str(c.get("name")).toLowerCase(Locale.ROOT);
        if ((n.equals("name") || n.endsWith("_name") || n.equals("title")) && out.size() < 3) {
          out.add(str(c.get("name")));
        }
      }
      for (Intent.Filter f : filters) {
        column(table, f.column(), false).ifPresent(c -> out.add(str(c.get("name"))));
      }
      if (measure != null) {
        out.add(measure);
      }
      if (out.size() < 2) {
        for (Map<String, Object> c : limit(cols, 5)) {
          out.add(str(c.get("name")));
        }
      }
      return new ArrayList<>(out).subList(0, Math.min(out.size(), 6));
    }

    /**
     * True when the table's name names a word of the subject (DIM_LISTINGS for "listings"). Only
     * the name counts: a comment that mentions listings does not make FACT_REVIEWS their table.
     */
    static boolean about(Map<String, Object> table, String subject) {
      if (looksLikeName(subject) && subject.matches("(?s)\".*|.*[._].*")) {
        // DIM_LISTINGS, analytics.dim_listings, "Dim Listings": that table, not its words
        String full = str(table.get("table")).replace("\"", "").toLowerCase(Locale.ROOT);
        String id = subject.replace("\"", "").toLowerCase(Locale.ROOT);
        return full.equals(id) || full.endsWith("." + id);
      }
      Set<String> names = new LinkedHashSet<>();
      for (String part : str(table.get("table")).toLowerCase(Locale.ROOT).split("[._\"]+")) {
        names.add(stem(part));
      }
      for (String w : Intent.words(subject)) {
        if (names.contains(stem(w))) {
          return true;
        }
      }
      return false;
    }

    /** True when the table's name names every word of the subject (FACT_REVIEWS: "reviews"). */
    static boolean namesEvery(Map<String, Object> table, String subject) {
      for (String w : Intent.words(subject)) {
        if (!about(table, w)) {
          return false;
        }
      }
      return true;
    }

    /** The column best matching words: exact name, then word overlap; numeric first if asked. */
    static Optional<Map<String, Object>> column(Map<String, Object> table, String words,
        boolean preferNumeric) {
      List<String> want = new ArrayList<>();
      for (String w : Intent.words(words)) {
        want.add(stem(w));
      }
      String joined = String.join("_", Intent.words(words));
      Map<String, Object> best = null;
      int bestScore = 0;
      for (Map<String, Object> c : list(table, "columns")) {
        String name = str(c.get("name")).toLowerCase(Locale.ROOT);
        int score = 0;
        if (name.equals(joined)) {
          score = 100;
        } else {
          for (String part : name.split("_")) {
            if (want.contains(stem(part))) {
              score += 10;
            }
          }
          if (score > 0 && name.split("_").length > 1) {
            score -= name.split("_").length; // PRICE beats AVG_PRICE_PER_NIGHT
          }
        }
        if (score > 0 && preferNumeric && isNumeric(str(c.get("type")))) {
          score += 50;
        }
        if (score > bestScore) {
          bestScore = score;
          best = c;
        }
      }
      if (best == null || (preferNumeric && !isNumeric(str(best.get("type"))))) {
        return Optional.empty();
      }
      return Optional.of(best);
    }

    static String stem(String w) {
      if (w.equals("rated") || w.equals("ratings")) {
        return "rating";
      }
      if (w.endsWith("ies") && w.length() > 4) {
        return w.substring(0, w.length() - 3) + "y";
      }
      if (w.endsWith("s") && !w.endsWith("ss") && w.length() > 3) {
        return w.substring(0, w.length() - 1);
      }
      return w;
    }

    static boolean isNumeric(String type) {
      String t = type.toUpperCase(Locale.ROOT).replaceAll("\\(.*", "").strip();
      return NUMERIC.contains(t);
    }

    @Nullable String dialect() {
      for (ToolSpec s : turn.tools()) {
        if (s.name().equals(tool("execute_query"))) {
          Matcher m = DIALECT.matcher(s.description());
          if (m.find()) {
            return m.group(1).toLowerCase(Locale.ROOT);
          }
        }
      }
      return null;
    }

    /** Quotes an identifier only when needed, keeping the case the catalog reported. */
    String ident(String name) {
      String d = dialect();
      boolean plainUpper = PLAIN_UPPER.matcher(name).matches() && !"postgresql".equals(d)
          && !"postgres".equals(d);
      boolean plainLower = PLAIN_LOWER.matcher(name).matches() && d != null
          && !"snowflake".equals(d);
      if ((plainUpper || plainLower) && !RESERVED.contains(name.toUpperCase(Locale.ROOT))) {
        return name;
      }
      return "\"" + name.replace("\"", "\"\"") + "\"";
    }

    /** A DATABASE.SCHEMA.NAME as the tools print it, each part quoted only when needed. */
    String qualified(String table) {
      List<String> parts = new ArrayList<>();
      StringBuilder cur = new StringBuilder();
      boolean quoted = false;
      for (int i = 0; i < table.length(); i++) {
        char c = table.charAt(i);
        if (c == '"') {
          if (quoted && i + 1 < table.length() && table.charAt(i + 1) == '"') {
            cur.append('"');
            i++;
          } else {
            quoted = !quoted;
          }
        } else if (c == '.' && !quoted) {
          parts.add(cur.toString());
          cur.setLength(0);
        } else {
          cur.append(c);
        }
      }
      parts.add(cur.toString());
      return String.join(".", parts.stream().map(this::ident).toList());
    }

    Map<String, Object> query(String sql, int maxRows) throws InterruptedException {
      return structured("execute_query", Map.of("sql", sql, "max_rows", Math.max(1,
          Math.min(maxRows, 100))));
    }

    void runQuery(String intro, String sql, int maxRows) throws InterruptedException {
      Map<String, Object> r = query(sql, maxRows);
      say(intro);
      say(sqlBlock(sql));
      answerTable(r);
    }

    /** A fenced SQL block whose fence is longer than any run of backticks inside the SQL. */
    static String sqlBlock(String sql) {
      int longest = 0;
      int run = 0;
      for (int i = 0; i < sql.length(); i++) {
        run = sql.charAt(i) == '`' ? run + 1 : 0;
        longest = Math.max(longest, run);
      }
      String fence = "`".repeat(Math.max(3, longest + 1));
      return fence + "sql\n" + sql + "\n" + fence;
    }

    static Object firstCell(Map<String, Object> r) {
      Object rows = r.get("rows");
      if (rows instanceof List<?> l && !l.isEmpty() && l.get(0) instanceof List<?> row
          && !row.isEmpty()) {
        return row.get(0) == null ? "NULL" : row.get(0);
      }
      return "?";
    }

    void answerTable(Map<String, Object> r) {
      List<String> header = new ArrayList<>();
      for (Map<String, Object> c : list(r, "columns")) {
        header.add(str(c.get("name")));
      }
      List<List<Object>> rows = new ArrayList<>();
      if (r.get("rows") instanceof List<?> l) {
        for (Object o : l) {
          if (o instanceof List<?> row) {
            rows.add(new ArrayList<>(row));
          }
        }
      }
      if (rows.isEmpty()) {
        say("No rows.");
        return;
      }
      say(markdown(header, rows, MAX_TABLE_ROWS));
      if (Boolean.TRUE.equals(r.get("truncated"))) {
        say("(More rows exist than shown.)");
      }
    }

    // --- rendering ---

    static <T> List<T> limit(List<T> l, int n) {
      return l.subList(0, Math.min(l.size(), n));
    }

    static String markdown(List<String> header, List<List<Object>> rows, int maxRows) {
      int ncol = Math.min(header.size(), MAX_COLUMNS);
      StringBuilder sb = new StringBuilder("|");
      for (int i = 0; i < ncol; i++) {
        sb.append(' ').append(cell(header.get(i))).append(" |");
      }
      sb.append("\n|");
      sb.append(" --- |".repeat(ncol));
      for (List<Object> row : limit(rows, maxRows)) {
        sb.append("\n|");
        for (int i = 0; i < ncol; i++) {
          Object v = i < row.size() ? row.get(i) : null;
          sb.append(' ').append(v == null ? "NULL" : cell(String.valueOf(v))).append(" |");
        }
      }
      if (rows.size() > maxRows) {
        sb.append("\n\n(").append(rows.size() - maxRows).append(" more rows not shown.)");
      }
      if (header.size() > ncol) {
        sb.append("\n\n(").append(header.size() - ncol).append(" more columns not shown.)");
      }
      return sb.toString();
    }

    /**
     * A value as one markdown table cell: shortened, on one line, and with every character that
     * markdown or HTML would read as markup escaped, so that data from the warehouse ({@code
     * <pre id="confirm">}, {@code [link](...)}, {@code **}) shows as the text it is.
     */
    static String cell(String s) {
      String c = s.replace("\r", " ").replace("\n", " ");
      if (c.length() > MAX_CELL) {
        c = c.substring(0, MAX_CELL - 3) + "...";
      }
      StringBuilder b = new StringBuilder(c.length() + 8);
      for (int i = 0; i < c.length(); i++) {
        char ch = c.charAt(i);
        if (MARKUP.indexOf(ch) >= 0) {
          b.append('\\');
        }
        b.append(ch);
      }
      return b.toString();
    }

    /**
     * What markdown (GFM) or HTML would read as a tag, entity, link, code span or cell border;
     * each is escaped with a backslash. (Emphasis marks stay: `_` is in most names.)
     */
    private static final String MARKUP = "\\`[]<>&|";
  }
}
