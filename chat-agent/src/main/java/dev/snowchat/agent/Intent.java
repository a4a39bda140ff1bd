package dev.snowchat.agent;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/** What the offline planner understood a question to ask: a sealed set of plans. */
sealed interface Intent {
  /** What the planner can do and how to configure a model. */
  record Help() implements Intent {}

  /** List the tables (no topic given). */
  record ListTables() implements Intent {}

  /** Which tables hold a topic. */
  record Search(String topic) implements Intent {}

  /** Columns of a table. */
  record Describe(String table) implements Intent {}

  /** Sample rows of a table. */
  record Preview(String table, int limit) implements Intent {}

  /** How two tables join, with sample joined rows. */
  record Join(String from, String to) implements Intent {}

  /** Row count of a table. */
  record Count(String table) implements Intent {}

  /** Top or bottom N rows of a subject by a measure, with optional filters. */
  record TopN(String subject, String measure, boolean descending, int limit,
      List<Filter> filters) implements Intent {}

  /** Rows of a subject matching filters. */
  record Filtered(String subject, List<Filter> filters, int limit) implements Intent {}

  /** Not something the planner can answer without a model. */
  record Unsupported(String topic) implements Intent {}

  /** One {@code column op value} condition, as the user wrote it. */
  record Filter(String column, String op, String value) {}

  int DEFAULT_TOP = 10;
  int MAX_ROWS = 100;

  Pattern NUMBER = Pattern.compile("\\b(\\d{1,4})\\b");
  Map<String, Integer> NUMBER_WORDS = Map.ofEntries(Map.entry("one", 1), Map.entry("two", 2),
      Map.entry("three", 3), Map.entry("four", 4), Map.entry("five", 5), Map.entry("six", 6),
      Map.entry("seven", 7), Map.entry("eight", 8), Map.entry("nine", 9), Map.entry("ten", 10),
      Map.entry("twenty", 20), Map.entry("fifty", 50), Map.entry("hundred", 100));
  Pattern JOIN_AND = Pattern.compile(
      "(?:how\\s+(?:do|does|can|should|would)\\s+(?:i\\s+)?)?(?:join\\s+)?(.+?)\\s+(?:and|to|with)"
          + "\\s+(.+?)\\s+(?:join|joined|relate|related|connect|connected|link|linked)\\b");
  Pattern JOIN_VERB = Pattern.compile(
      "\\b(?:join|joins|joining|connect|link)\\s+(.+?)\\s+(?:and|to|with|onto)\\s+(.+)");
  Pattern BETWEEN = Pattern.compile("\\bbetween\\s+(.+?)\\s+and\\s+(.+)");
  /** "how do listings join hosts", "FACT_REVIEWS joins DIM_HOSTS", "reviews relate to hosts". */
  Pattern JOIN_INFIX = Pattern.compile(
      "^(?:how\\s+(?:do|does|can|should|would)\\s+)?(.+?)\\s+(?:join|joins|relate|relates"
          + "|connect|connects|link|links)\\s+(?:to\\s+|with\\s+|onto\\s+)?(.+)$");
  Pattern FILTER = Pattern.compile(
      "\\b(?:where|with|whose|having)\\s+(?:the\\s+|a\\s+)?"
          + "([a-z_][a-z0-9_]*(?:\\s[a-z_][a-z0-9_]*)?)\\s*"
          + "(>=|<=|!=|<>|=|>|<|is not|is|equals|equal to|over|above|more than|greater than"
          + "|at least|under|below|less than|at most)\\s*('[^']*'|\"[^\"]*\"|[a-z0-9_.\\-]+)");
  /**
   * Words and numbers that make a "how many" question more than a table's row count: grouping
   * (per month, each host, by city), conditions (that, who, with, where, over 3), time (in 2024,
   * last week, since May) and aggregates (average, total, distinct).
   */
  Pattern COUNT_QUALIFIER = Pattern.compile("\\b(?:per|each|every|by|grouped|monthly|weekly"
      + "|daily|yearly|annually|hourly|average|avg|mean|total|sum|distinct|different|unique"
      + "|that|who|whom|which|whose|where|when|with|without|having|than|over|under|above|below"
      + "|since|before|after|during|between|until|last|past|next|this|today|yesterday"
      + "|tomorrow|ago|year|years|month|months|week|weeks|day|days|hour|hours|quarter"
      + "|january|february|march|april|may|june|july|august|september|october|november"
      + "|december|\\d+)\\b");
  /** "by price", "by review count": a measure of one or two words, never a clause's first. */
  Pattern BY = Pattern.compile("\\bby\\s+([a-z_][a-z0-9_]*(?:\\s+(?!(?:where|with|whose|having"
      + "|and|or|in|on|at|for|from|of|to|desc|asc|descending|ascending)\\b)[a-z_][a-z0-9_]*)?)");
  /** A time window or a grouping, which a top-N or a filter of one table cannot apply. */
  Pattern RESTRICTION = Pattern.compile("\\b(?:per|each|every|today|yesterday|ago|(?:19|20)\\d\\d"
      + "|(?:last|past|this|next|previous)\\s+(?:\\d+\\s+)?(?:year|month|week|day|quarter|hour)s?"
      + "|(?:in|on|during|since|before|after|until|from)\\s+(?:january|february|march|april|may"
      + "|june|july|august|september|october|november|december|spring|summer|autumn|fall"
      + "|winter))\\b");
  Pattern TABLE_TOKEN = Pattern.compile(
      "\"[^\"]+\"(?:\\.\"[^\"]+\")*|[A-Za-z_][A-Za-z0-9_$]*(?:\\.[A-Za-z_][A-Za-z0-9_$]*){1,2}"
          + "|[A-Za-z][A-Za-z0-9$]*_[A-Za-z0-9_$]+|[A-Z][A-Z0-9_$]{2,}");
  Set<String> STOP = Set.of("a", "an", "the", "of", "in", "on", "for", "to", "and", "or",
      "is", "are", "was", "were", "be", "do", "does", "did", "what", "which", "where", "who",
      "how", "show", "me", "give", "list", "find", "get", "tell", "about", "table", "tables",
      "hold", "holds", "contain", "contains", "store", "stores", "have", "has", "with", "there",
      "any", "all", "some", "please", "can", "you", "i", "we", "my", "our", "data", "info",
      "information", "that", "this", "these", "those", "it", "its", "from", "by", "at", "as",
      "kept", "live", "lives", "located", "schema", "database", "columns", "column", "rows",
      "row", "sample", "preview", "describe", "example", "examples", "first", "few", "see",
      "look", "like", "want", "need", "would", "could", "should", "?", "many", "much", "number",
      "count", "records", "record", "entries", "top", "bottom", "most", "least", "highest",
      "lowest", "biggest", "largest", "smallest", "cheapest", "expensive", "priciest", "best",
      "worst", "fewest", "greatest", "whose", "having");

  /** Adjectives that name a measure. */
  Map<String, String> ADJECTIVE_MEASURE = Map.of("expensive", "price", "priciest", "price",
      "cheapest", "price", "best", "rating", "worst", "rating", "rated", "rating",
      "oldest", "date", "newest", "date", "latest", "date");

  Set<String> ASCENDING = Set.of("bottom", "lowest", "least", "cheapest", "smallest", "fewest",
      "worst", "min", "minimum", "oldest", "shortest");
  Set<String> RANKING = Set.of("top", "bottom", "highest", "lowest", "most", "least",
      "biggest", "largest", "smallest", "cheapest", "expensive", "priciest", "best", "worst",
      "fewest", "greatest", "max", "maximum", "min", "minimum", "newest", "oldest", "latest");

  /**
   * Parses a question.
   *
   * @param prompt the question
   * @return the plan
   */
  static Intent parse(String prompt) {
    String raw = prompt.strip();
    String q = raw.toLowerCase(Locale.ROOT).replaceAll("[?!]+$", "").strip();
    if (q.isEmpty() || q.equals("help") || q.matches(".*\\bwhat can you (do|answer)\\b.*")
        || q.matches(".*\\bhow (do|can) i use (you|this)\\b.*")) {
      return new Help();
    }
    Matcher m;
    if (q.matches(".*\\b(join|joins|joined|joining|relate|relates|related|relationship|connect|"
        + "connects|connected|link|links|linked)\\b.*")) {
      for (Pattern p : List.of(JOIN_AND, BETWEEN, JOIN_VERB, JOIN_INFIX)) {
        m = p.matcher(q);
        if (m.find()) {
          String a = tableText(raw, m.group(1));
          String b = tableText(raw, m.group(2));
          if (!a.isBlank() && !b.isBlank()) {
            return new Join(a, b);
          }
        }
      }
    }
    if (q.matches(".*\\b(how many (rows|records|entries)|row count|number of (rows|records)"
        + "|count (of|the) rows|count rows|rows (are )?in)\\b.*")
        || q.matches("^how many .*")) {
      String t = topic(raw, q.replaceAll(".*\\bhow many\\b", ""));
      if (!t.isBlank()) {
        // COUNT(*) answers "how many listings", not "how many bookings per month in 2024":
        // a count that groups, filters or restricts to a time is declined, not answered wrong.
        if (COUNT_QUALIFIER.matcher(q.replace(t.toLowerCase(Locale.ROOT), " ")).find()) {
          return new Unsupported(t);
        }
        return new Count(t);
      }
    }
    if (q.matches(".*\\b(describe|columns|fields|structure|schema of|definition of)\\b.*")) {
      String t = topic(raw, q);
      if (!t.isBlank()) {
        return new Describe(t);
      }
    }
    if (q.matches(".*\\b(sample|preview|example rows|examples? of|some rows|first (\\d+ )?rows"
        + "|rows (of|from)|peek)\\b.*")) {
      String t = topic(raw, q);
      if (!t.isBlank()) {
        return new Preview(t, Math.min(number(q, 10), MAX_ROWS));
      }
    }
    List<Filter> filters = filters(q);
    String unfiltered = FILTER.matcher(q).replaceAll(" "); // "bedrooms > 3" is no row count
    List<String> words = words(q);
    boolean ranking = words.stream().anyMatch(RANKING::contains);
    if ((ranking || !filters.isEmpty()) && RESTRICTION.matcher(unfiltered).find()) {
      // "top 5 listings by price in 2024", "reviews per host": one table's rows ordered or
      // filtered would answer a question that was not asked.
      return new Unsupported(topic(raw, unfiltered));
    }
    if (ranking) {
      TopN t = topN(raw, q, unfiltered, words, filters);
      if (t != null) {
        return t;
      }
    }
    if (!filters.isEmpty()) {
      String subject = topic(raw, unfiltered);
      if (!subject.isBlank()) {
        return new Filtered(subject, filters, Math.min(number(unfiltered, 20), MAX_ROWS));
      }
    }
    boolean asksTables = q.matches(".*\\b(tables?|views?)\\b.*");
    if (asksTables || q.matches("^(where|find|search)\\b.*")) {
      String t = topic(raw, q);
      if (t.isBlank()) {
        return new ListTables();
      }
      return new Search(t);
    }
    return new Unsupported(topic(raw, q));
  }

  private static @Nullable TopN topN(String raw, String q, String unfiltered,
      List<String> words, List<Filter> filters) {
    boolean asc = words.stream().anyMatch(ASCENDING::contains);
    String measure = null;
    Matcher by = BY.matcher(q);
    if (by.find()) {
      measure = firstContent(by.group(1));
    }
    if (measure == null) {
      Matcher adj = Pattern.compile("\\b(?:highest|lowest|most|least|largest|smallest|biggest"
          + "|greatest|max|maximum|min|minimum|fewest)\\s+(?:the\\s+)?([a-z_][a-z0-9_]*)")
          .matcher(q);
      if (adj.find() && !STOP.contains(adj.group(1))) {
        measure = adj.group(1);
      }
    }
    if (measure == null) {
      for (String w : words) {
        if (ADJECTIVE_MEASURE.containsKey(w)) {
          measure = ADJECTIVE_MEASURE.get(w);
          break;
        }
      }
    }
    if (measure == null) {
      return null;
    }
    String rest = BY.matcher(q).replaceAll(" ");
    rest = FILTER.matcher(rest).replaceAll(" ");
    rest = rest.replaceAll("\\b" + Pattern.quote(measure) + "\\b", " ");
    String subject = topic(raw, rest);
    if (subject.isBlank()) {
      return null;
    }
    return new TopN(subject, measure, !asc, Math.min(number(unfiltered, DEFAULT_TOP),
        MAX_ROWS), filters);
  }

  private static @Nullable String firstContent(String s) {
    for (String w : words(s)) {
      if (!STOP.contains(w)) {
        return w;
      }
    }
    return null;
  }

  static List<Filter> filters(String q) {
    List<Filter> out = new ArrayList<>();
    Matcher m = FILTER.matcher(q);
    while (m.find()) {
      String col = m.group(1).strip();
      if (col.equals("the") || STOP.contains(col)) {
        continue;
      }
      String op = switch (m.group(2)) {
        case "is", "equals", "equal to" -> "=";
        case "is not", "<>" -> "!=";
        case "over", "above", "more than", "greater than" -> ">";
        case "at least" -> ">=";
        case "under", "below", "less than" -> "<";
        case "at most" -> "<=";
        default -> m.group(2);
      };
      String v = m.group(3);
      if (v.startsWith("\"") || v.startsWith("'")) {
        v = v.substring(1, v.length() - 1);
      }
      out.add(new Filter(col.replace(' ', '_'), op, v));
    }
    return out;
  }

  static int number(String q, int dflt) {
    Matcher m = NUMBER.matcher(q);
    if (m.find()) {
      int n = Integer.parseInt(m.group(1));
      return n < 1 ? dflt : n;
    }
    for (String w : words(q)) {
      Integer n = NUMBER_WORDS.get(w);
      if (n != null) {
        return n;
      }
    }
    return dflt;
  }

  static List<String> words(String s) {
    List<String> out = new ArrayList<>();
    for (String w : s.toLowerCase(Locale.ROOT).split("[^a-z0-9_]+")) {
      if (!w.isEmpty()) {
        out.add(w);
      }
    }
    return out;
  }

  /**
   * The table a phrase names: an identifier-looking token of the original text when there is
   * one (DIM_LISTINGS, airbnb.analytics.dim_hosts), else the phrase's content words.
   */
  static String tableText(String raw, String phrase) {
    Matcher m = TABLE_TOKEN.matcher(phrase);
    while (m.find()) {
      // Find the same token in the original text to keep its case.
      int i = raw.toLowerCase(Locale.ROOT).indexOf(m.group().toLowerCase(Locale.ROOT));
      String tok = i >= 0 ? raw.substring(i, i + m.group().length()) : m.group();
      boolean identifier = tok.contains(".") || tok.contains("_") || tok.startsWith("\"")
          || (tok.length() >= 4 && tok.equals(tok.toUpperCase(Locale.ROOT)) && !raw.isEmpty());
      if (identifier && !STOP.contains(tok.toLowerCase(Locale.ROOT))) {
        return tok;
      }
    }
    StringBuilder sb = new StringBuilder();
    for (String w : words(phrase)) {
      if (!STOP.contains(w) && !w.matches("\\d+") && !NUMBER_WORDS.containsKey(w)) {
        sb.append(sb.isEmpty() ? "" : " ").append(w);
      }
    }
    return sb.toString();
  }

  /** The topic of a question: an identifier in the original text, else its content words. */
  static String topic(String raw, String lowered) {
    Matcher m = TABLE_TOKEN.matcher(raw);
    while (m.find()) {
      String tok = m.group();
      boolean identifier = tok.contains(".") || tok.contains("_") || tok.startsWith("\"")
          || (tok.length() >= 4 && tok.equals(tok.toUpperCase(Locale.ROOT)));
      if (identifier && lowered.contains(tok.toLowerCase(Locale.ROOT))) {
        return tok;
      }
    }
    return tableText("", lowered.replaceAll("[^a-z0-9_ ]", " "));
  }
}
