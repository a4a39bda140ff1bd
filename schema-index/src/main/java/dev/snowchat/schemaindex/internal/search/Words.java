package dev.snowchat.schemaindex.internal.search;

import dev.snowchat.schemaindex.ColumnInfo;
import dev.snowchat.schemaindex.TableInfo;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Splits identifiers and prose into normalized search words: snake_case, kebab-case, CamelCase
 * and letter/digit boundaries split words ({@code custOrderID2} gives {@code customer order id
 * 2}); words are lower-cased, a few common abbreviations are expanded, and plural endings are
 * removed. Documents and queries go through the same code so that they meet.
 */
public final class Words {
  /** Common identifier abbreviations; the expansion may be several words. */
  private static final Map<String, String> ABBREVIATIONS = Map.ofEntries(
      Map.entry("cust", "customer"),
      Map.entry("custs", "customer"),
      Map.entry("qty", "quantity"),
      Map.entry("amt", "amount"),
      Map.entry("nbr", "number"),
      Map.entry("num", "number"),
      Map.entry("dt", "date"),
      Map.entry("desc", "description"),
      Map.entry("descr", "description"),
      Map.entry("addr", "address"),
      Map.entry("acct", "account"),
      Map.entry("dept", "department"),
      Map.entry("emp", "employee"),
      Map.entry("prod", "product"),
      Map.entry("txn", "transaction"),
      Map.entry("trx", "transaction"),
      Map.entry("org", "organization"),
      Map.entry("mgr", "manager"),
      Map.entry("avg", "average"),
      Map.entry("pct", "percent"),
      Map.entry("perc", "percent"),
      Map.entry("yr", "year"),
      Map.entry("mth", "month"),
      Map.entry("dob", "birth date"),
      Map.entry("tel", "phone"),
      Map.entry("cnt", "count"),
      Map.entry("lat", "latitude"),
      Map.entry("lng", "longitude"),
      Map.entry("lon", "longitude"),
      Map.entry("st", "street"),
      Map.entry("inv", "invoice"),
      Map.entry("pmt", "payment"),
      Map.entry("ctry", "country"),
      Map.entry("cty", "city"),
      Map.entry("mkt", "market"),
      Map.entry("mfgr", "manufacturer"),
      Map.entry("supp", "supplier"),
      Map.entry("bal", "balance"),
      Map.entry("avail", "available"),
      Map.entry("mgmt", "management"));

  /** Question words that carry no table meaning; only dropped from queries. */
  private static final Set<String> STOP = Set.of(
      "a", "an", "the", "of", "in", "on", "at", "to", "for", "from", "by", "with", "and", "or",
      "not", "no", "is", "are", "was", "were", "be", "been", "being", "do", "doe", "did", "what",
      "which", "who", "whom", "whose", "when", "where", "why", "how", "all", "any", "each",
      "every", "this", "that", "these", "those", "it", "its", "their", "there", "than", "then",
      "as", "into", "per", "about", "over", "under", "between", "both", "me", "my", "i", "you",
      "your", "we", "our", "us", "they", "them", "he", "she", "his", "her", "list", "show",
      "give", "find", "return", "tell", "many", "much", "more", "most", "less", "least",
      "please", "also", "only", "other", "same", "different", "has", "have", "had", "can",
      "could", "would", "should", "will", "if", "among", "out", "up", "down", "such", "so",
      "very", "one", "whether", "indicate", "provide", "name",
      "id", "number", "total", "count", "table", "column", "field", "highest", "lowest",
      "largest", "smallest", "biggest", "top", "percentage", "ratio", "difference",
      "calculate", "often", "took", "held");

  private Words() {}

  /**
   * {@return the normalized words of an identifier or text, stop words kept}
   *
   * @param text any text
   */
  public static List<String> of(String text) {
    List<String> out = new ArrayList<>();
    for (String raw : split(text)) {
      addNormalized(raw, out);
    }
    return out;
  }

  /**
   * {@return the normalized words of an identifier (a table, column, schema or database name):
   * those of {@link #of}, and after a run-together word ({@code SALESORDERHEADER}) the words it
   * splits into ({@code sales order header}, see {@link Segmenter}), so that a question's words
   * meet it and the name as typed still does}
   *
   * @param identifier a name
   */
  public static List<String> name(String identifier) {
    List<String> out = new ArrayList<>();
    for (String raw : split(identifier)) {
      addNormalized(raw, out);
      List<String> parts = Segmenter.split(raw);
      if (parts != null) {
        for (String p : parts) {
          addNormalized(p, out);
        }
      }
    }
    return out;
  }

  /**
   * {@return the normalized words of a table's name and column names ({@link #name}), unmodifiable}
   *
   * @param t a table
   */
  static Set<String> tableWords(TableInfo t) {
    Set<String> out = new HashSet<>(name(t.id().name()));
    for (ColumnInfo c : t.columns()) {
      out.addAll(name(c.name()));
    }
    return Set.copyOf(out);
  }

  /**
   * {@return the normalized words of an identifier with each run-together word replaced by the
   * words it splits into: the words it is made of, for matching all of them}
   *
   * @param identifier a name
   */
  static List<String> nameWords(String identifier) {
    List<String> out = new ArrayList<>();
    for (String raw : splitName(identifier)) {
      addNormalized(raw, out);
    }
    return out;
  }

  /**
   * {@return the raw lower-case words of an identifier as {@link #split} gives them, with each
   * run-together word replaced by the words it splits into: the words a sentence model reads}
   *
   * @param identifier a name
   */
  public static List<String> splitName(String identifier) {
    List<String> out = new ArrayList<>();
    for (String raw : split(identifier)) {
      List<String> parts = Segmenter.split(raw);
      if (parts == null) {
        out.add(raw);
      } else {
        out.addAll(parts);
      }
    }
    return out;
  }

  /**
   * {@return the normalized words of a query, stop words removed}
   *
   * @param text the query
   */
  public static List<String> query(String text) {
    List<String> out = new ArrayList<>();
    for (String w : of(text)) {
      if (!STOP.contains(w) && !isNumber(w)) {
        out.add(w);
      }
    }
    return out;
  }

  /**
   * {@return the distinct words a query searches for, in order: its {@link #query} words, or all
   * its words when it has only stop words and numbers (a question of just "name" or "id")}
   *
   * @param text the query, or a glossary term
   */
  static List<String> queryTerms(String text) {
    List<String> words = List.copyOf(new LinkedHashSet<>(query(text)));
    return words.isEmpty() ? List.copyOf(new LinkedHashSet<>(of(text))) : words;
  }

  private static boolean isNumber(String w) {
    for (int i = 0; i < w.length(); i++) {
      if (!Character.isDigit(w.charAt(i))) {
        return false;
      }
    }
    return true;
  }

  /** {@return whether a raw word is an abbreviation this class expands ({@code qty})} */
  static boolean isAbbreviation(String raw) {
    return ABBREVIATIONS.containsKey(raw);
  }

  /** {@return whether a normalized word is a question stop word} */
  static boolean isStop(String word) {
    return STOP.contains(word);
  }

  /**
   * {@return the raw lower-case words: split on non-alphanumerics, CamelCase humps and
   * letter/digit boundaries}
   *
   * @param text any text
   */
  public static List<String> split(String text) {
    List<String> out = new ArrayList<>();
    int n = text.length();
    int start = -1;
    for (int i = 0; i <= n; i++) {
      char c = i < n ? text.charAt(i) : ' ';
      if (!Character.isLetterOrDigit(c)) {
        if (start >= 0) {
          out.add(text.substring(start, i).toLowerCase(Locale.ROOT));
          start = -1;
        }
        continue;
      }
      if (start >= 0 && isBoundary(text, i)) {
        out.add(text.substring(start, i).toLowerCase(Locale.ROOT));
        start = i;
      } else if (start < 0) {
        start = i;
      }
    }
    return out;
  }

  private static boolean isBoundary(String s, int i) {
    char prev = s.charAt(i - 1);
    char c = s.charAt(i);
    if (Character.isDigit(prev) != Character.isDigit(c)) {
      return true;
    }
    if (Character.isLowerCase(prev) && Character.isUpperCase(c)) {
      return true;
    }
    // "XMLHttp": the last capital of a run starts the next word
    return Character.isUpperCase(prev) && Character.isUpperCase(c) && i + 1 < s.length()
        && Character.isLowerCase(s.charAt(i + 1));
  }

  private static void addNormalized(String raw, List<String> out) {
    String expansion = ABBREVIATIONS.get(raw);
    if (expansion != null) {
      for (String w : expansion.split(" ")) {
        out.add(stem(w));
      }
      return;
    }
    out.add(stem(raw));
  }

  /**
   * {@return a light English stem: plural and a few verb endings removed}
   *
   * @param w a lower-case word
   */
  static String stem(String w) {
    int n = w.length();
    if (n <= 3 || !Character.isLetter(w.charAt(n - 1))) {
      return w;
    }
    if (w.endsWith("ies") && n > 4) {
      return w.substring(0, n - 3) + "y";
    }
    if (w.endsWith("oes") && n > 5) {
      return w.substring(0, n - 2);
    }
    if (w.endsWith("sses")) {
      return w.substring(0, n - 2);
    }
    if (w.endsWith("xes") || w.endsWith("ches") || w.endsWith("shes")) {
      return w.substring(0, n - 2);
    }
    if (w.endsWith("s") && !w.endsWith("ss") && !w.endsWith("us") && !w.endsWith("is")) {
      return w.substring(0, n - 1);
    }
    return w;
  }
}
