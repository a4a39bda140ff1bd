package dev.snowchat.schemaindex.internal.graph;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Name analysis for foreign-key inference: words of snake_case, CamelCase and spaced names, a
 * normal form for comparing names, singular/plural variants and key-suffix splitting.
 */
final class Names {
  /**
   * Words that end a key column name: {@code CUSTOMER_ID}, {@code N_NATIONKEY},
   * {@code employeeNumber}, {@code state_abbrev} (a code), ...
   */
  static final Set<String> KEY_WORDS =
      Set.of("id", "key", "code", "no", "nbr", "num", "number", "abbreviation", "abbrev", "abbr",
          "sk");

  /**
   * Common abbreviations that are no prefix of the word they stand for ({@code acct_id},
   * {@code dept_id}); prefixes ({@code cust_id}, {@code emp_id}) are read as prefixes.
   */
  static final java.util.Map<String, String> ABBREVIATIONS = java.util.Map.of(
      "acct", "account", "dept", "department", "txn", "transaction", "trx", "transaction",
      "pmt", "payment", "mgr", "manager", "ctry", "country", "whse", "warehouse");

  /** Key words that are also recognised glued to the base: {@code custkey}, {@code CDSCode}. */
  private static final List<String> GLUED_KEY_WORDS = List.of("id", "key", "code");

  /** Prefixes of warehouse table names that do not name the entity: {@code DIM_}, {@code FACT_}. */
  private static final Set<String> TABLE_PREFIXES =
      Set.of("dim", "fact", "tbl", "d", "f", "t", "v", "vw", "lkp", "lu", "ref");

  /** Suffixes of warehouse table names that do not name the entity: {@code DATE_DIM}. */
  private static final Set<String> TABLE_SUFFIXES = Set.of("dim", "fact");

  private Names() {}

  /**
   * Splits a name into lower-case words at non-alphanumeric characters and CamelCase boundaries
   * ({@code OwnerUserId} gives owner, user, id; {@code HTMLParser} gives html, parser).
   */
  static List<String> words(String name) {
    List<String> out = new ArrayList<>(4);
    StringBuilder w = new StringBuilder();
    int n = name.length();
    for (int i = 0; i < n; i++) {
      char c = name.charAt(i);
      if (!Character.isLetterOrDigit(c)) {
        flush(w, out);
        continue;
      }
      if (w.length() > 0 && Character.isUpperCase(c)) {
        char prev = name.charAt(i - 1);
        boolean lowerOrDigitBefore = Character.isLowerCase(prev) || Character.isDigit(prev);
        boolean acronymEnd = Character.isUpperCase(prev) && i + 1 < n
            && Character.isLowerCase(name.charAt(i + 1));
        if (lowerOrDigitBefore || acronymEnd) {
          flush(w, out);
        }
      }
      w.append(Character.toLowerCase(c));
    }
    flush(w, out);
    return out;
  }

  private static void flush(StringBuilder w, List<String> out) {
    if (w.length() > 0) {
      out.add(w.toString());
      w.setLength(0);
    }
  }

  /** {@return the words of a name joined: case, separators and CamelCase no longer matter} */
  static String norm(String name) {
    // the words joined: CamelCase boundaries vanish, so only letters and digits remain
    StringBuilder sb = new StringBuilder(name.length());
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (Character.isLetterOrDigit(c)) {
        sb.append(Character.toLowerCase(c));
      }
    }
    return sb.toString();
  }

  /** {@return the normal form without trailing digits ({@code GENEID2} gives geneid)} */
  static String stripDigits(String s) {
    int end = s.length();
    while (end > 0 && Character.isDigit(s.charAt(end - 1))) {
      end--;
    }
    return end == 0 ? s : s.substring(0, end);
  }

  /**
   * Irregular plurals and their singular: a table of {@code People} is keyed by {@code PersonID}.
   * Only whole words, and {@code people} also at the end of a name ({@code SalesPeople}).
   */
  private static final java.util.Map<String, String> IRREGULAR_PLURALS = java.util.Map.of(
      "people", "person", "children", "child", "men", "man", "women", "woman",
      "mice", "mouse", "geese", "goose", "criteria", "criterion");

  /**
   * {@return the word and its singular forms: categories, category; boxes, box; users, user;
   * people, person}
   */
  static List<String> variants(String w) {
    int n = w.length();
    char end = n == 0 ? ' ' : w.charAt(n - 1);
    if (end == 'e' || end == 'n' || end == 'a') { // the irregular plurals' last letters
      String irregular = IRREGULAR_PLURALS.get(w);
      if (irregular == null && n > 6 && w.endsWith("people")) {
        irregular = w.substring(0, n - 6) + "person";
      }
      if (irregular != null) {
        return List.of(w, irregular);
      }
    }
    if (n <= 2 || w.charAt(n - 1) != 's' || w.endsWith("ss")) {
      return List.of(w);
    }
    List<String> out = new ArrayList<>(4);
    out.add(w);
    if (w.endsWith("ies") && n > 4) {
      out.add(w.substring(0, n - 3) + "y");
    }
    if (w.endsWith("es") && n > 3) {
      out.add(w.substring(0, n - 2));
    }
    out.add(w.substring(0, n - 1));
    return out;
  }

  /** {@return the words of a table name without a warehouse prefix such as DIM_ or FACT_} */
  static List<String> tableWords(String tableName) {
    List<String> ws = words(tableName);
    if (ws.size() > 1 && TABLE_PREFIXES.contains(ws.get(0))) {
      return ws.subList(1, ws.size());
    }
    if (ws.size() > 1 && TABLE_SUFFIXES.contains(ws.get(ws.size() - 1))) {
      return ws.subList(0, ws.size() - 1);
    }
    return ws;
  }

  /** {@return the normal form of a table name without its warehouse prefix} */
  static String tableBase(String tableName) {
    return String.join("", tableWords(tableName));
  }

  /** {@return the first word of a table name after a DIM_, FACT_ or TBL_ prefix, or ""} */
  static String tableFirstWord(String tableName) {
    List<String> ws = words(tableName);
    if (ws.isEmpty()) {
      return "";
    }
    if (ws.size() > 1 && Set.of("dim", "fact", "tbl").contains(ws.get(0))) {
      return ws.get(1);
    }
    return ws.get(0);
  }

  /**
   * A key column name split into the words before the key word and the key word; build it with
   * the two-argument constructor, which joins the base.
   */
  record KeySplit(List<String> base, String keyWord, String joined) {
    /** A split whose {@code joined} base (its words joined, kept since it is looked up often). */
    KeySplit(List<String> base, String keyWord) {
      this(base, keyWord, String.join("", base));
    }

    /** {@return the base without a short table-alias prefix ({@code c_nationkey}), or null} */
    @Nullable List<String> unprefixed() {
      return base.size() > 1 && base.get(0).length() <= 2 ? base.subList(1, base.size()) : null;
    }
  }

  /**
   * Splits a column name ending in a key word: {@code CUSTOMER_ID} gives (customer; id),
   * {@code o_custkey} gives (o, cust; key), {@code atom_id2} gives (atom; id).
   *
   * @return the split, or null when the name does not end in a key word
   */
  static @Nullable KeySplit keySplit(String column) {
    if (!mayEndInKeyWord(stripDigits(norm(column)))) {
      return null; // the common case, decided without splitting into words
    }
    List<String> ws = words(column);
    if (ws.isEmpty()) {
      return null;
    }
    while (ws.size() > 1 && isDigits(ws.get(ws.size() - 1))) {
      ws.remove(ws.size() - 1);
    }
    for (int i = 0; i < ws.size(); i++) {
      ws.set(i, stripDigits(ws.get(i)));
    }
    String last = ws.get(ws.size() - 1);
    if (ws.size() >= 2 && KEY_WORDS.contains(last)) {
      return new KeySplit(List.copyOf(ws.subList(0, ws.size() - 1)), last);
    }
    for (String k : GLUED_KEY_WORDS) {
      if (last.endsWith(k) && last.length() > k.length() + 1) {
        List<String> base = new ArrayList<>(ws.subList(0, ws.size() - 1));
        base.add(last.substring(0, last.length() - k.length()));
        return new KeySplit(List.copyOf(base), k);
      }
    }
    return null;
  }

  private static final String[] KEY_WORD_ARRAY = KEY_WORDS.toArray(String[]::new);

  private static boolean mayEndInKeyWord(String norm) {
    for (String k : KEY_WORD_ARRAY) {
      if (norm.endsWith(k)) {
        return true;
      }
    }
    return false;
  }

  private static boolean isDigits(String s) {
    for (int i = 0; i < s.length(); i++) {
      if (!Character.isDigit(s.charAt(i))) {
        return false;
      }
    }
    return !s.isEmpty();
  }
}
