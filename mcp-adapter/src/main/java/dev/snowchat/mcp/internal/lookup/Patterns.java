package dev.snowchat.mcp.internal.lookup;

import dev.snowchat.schemaindex.QualifiedName;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/** LIKE and glob patterns, matched case-insensitively; and the include/exclude filter. */
public final class Patterns {
  private final List<Pattern[]> include;
  private final List<Pattern[]> exclude;

  /**
   * Creates a filter from {@code DB[.SCHEMA[.TABLE]]} glob patterns.
   *
   * @param include patterns of what to show; empty shows everything
   * @param exclude patterns of what to hide
   */
  public Patterns(List<String> include, List<String> exclude) {
    this.include = compile(include);
    this.exclude = compile(exclude);
  }

  private static List<Pattern[]> compile(List<String> globs) {
    List<Pattern[]> out = new ArrayList<>();
    for (String g : globs) {
      String[] parts = g.split("\\.");
      Pattern[] ps = new Pattern[parts.length];
      for (int i = 0; i < parts.length; i++) {
        ps[i] = glob(parts[i]);
      }
      out.add(ps);
    }
    return List.copyOf(out);
  }

  /**
   * Compiles a glob ({@code *}, {@code ?}) to a case-insensitive regex.
   *
   * @param glob the glob
   * @return the pattern
   */
  static Pattern glob(String glob) {
    StringBuilder sb = new StringBuilder();
    for (char c : glob.toCharArray()) {
      switch (c) {
        case '*' -> sb.append(".*");
        case '?' -> sb.append('.');
        default -> sb.append(Pattern.quote(String.valueOf(c)));
      }
    }
    return Pattern.compile(sb.toString(), Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
  }

  /**
   * Compiles a SQL LIKE pattern ({@code %}, {@code _}; {@code *} accepted for {@code %}) to a
   * case-insensitive regex. A pattern without wildcards matches as a substring.
   *
   * @param like the pattern, or null
   * @return the pattern, or null for "all"
   */
  static @Nullable Pattern like(@Nullable String like) {
    if (like == null || like.isBlank()) {
      return null;
    }
    String p = like.strip();
    boolean wild = p.indexOf('%') >= 0 || p.indexOf('_') >= 0 || p.indexOf('*') >= 0;
    StringBuilder sb = new StringBuilder();
    for (char c : p.toCharArray()) {
      switch (c) {
        case '%', '*' -> sb.append(".*");
        case '_' -> sb.append('.');
        default -> sb.append(Pattern.quote(String.valueOf(c)));
      }
    }
    String re = wild ? sb.toString() : ".*" + sb + ".*";
    return Pattern.compile(re, Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE | Pattern.DOTALL);
  }

  /**
   * Tells whether a name matches a LIKE pattern.
   *
   * @param pattern the compiled pattern, or null for all
   * @param name the name
   * @return true when it matches
   */
  static boolean matches(@Nullable Pattern pattern, String name) {
    return pattern == null || pattern.matcher(name).matches();
  }

  /** {@return true when no include or exclude patterns are configured} */
  public boolean isOpen() {
    return include.isEmpty() && exclude.isEmpty();
  }

  /**
   * Tells whether a database may be shown: some include pattern could match within it, and no
   * exclude pattern hides it whole.
   *
   * @param database the database
   * @return true when visible
   */
  public boolean showsDatabase(String database) {
    return visible(new String[] {database});
  }

  /**
   * Tells whether a schema may be shown.
   *
   * @param database the database
   * @param schema the schema
   * @return true when visible
   */
  public boolean showsSchema(String database, String schema) {
    return visible(new String[] {database, schema});
  }

  /**
   * Tells whether a table may be shown.
   *
   * @param table the table
   * @return true when visible
   */
  public boolean showsTable(QualifiedName table) {
    return visible(new String[] {table.database(), table.schema(), table.name()});
  }

  private boolean visible(String[] name) {
    for (Pattern[] p : exclude) {
      // An exclude pattern hides a name when it is as specific or less, and every part matches.
      if (p.length <= name.length && prefixMatches(p, name, p.length)) {
        return false;
      }
    }
    if (include.isEmpty()) {
      return true;
    }
    for (Pattern[] p : include) {
      int n = Math.min(p.length, name.length);
      if (prefixMatches(p, name, n)) {
        return true;
      }
    }
    return false;
  }

  private static boolean prefixMatches(Pattern[] p, String[] name, int n) {
    for (int i = 0; i < n; i++) {
      if (!p[i].matcher(name[i]).matches()) {
        return false;
      }
    }
    return true;
  }

  /**
   * Splits a search query into lower-case words of two characters or more.
   *
   * @param query the query
   * @return the words, without duplicates or stop words
   */
  static List<String> words(String query) {
    List<String> out = new ArrayList<>();
    for (String w : query.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")) {
      if (w.length() >= 2 && !STOP.contains(w) && !out.contains(w)) {
        out.add(w);
      }
      // Plurals: "listings" also finds "listing".
      if (w.length() > 3 && w.endsWith("s") && !out.contains(w.substring(0, w.length() - 1))) {
        out.add(w.substring(0, w.length() - 1));
      }
    }
    return out;
  }

  private static final java.util.Set<String> STOP = java.util.Set.of("the", "of", "and", "or",
      "in", "on", "to", "by", "for", "with", "a", "an", "is", "are", "what", "which", "how",
      "per", "from", "table", "tables", "column", "columns", "data", "show", "me", "all");
}
