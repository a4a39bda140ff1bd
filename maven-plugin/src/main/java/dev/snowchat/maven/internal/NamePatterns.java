package dev.snowchat.maven.internal;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The {@code snowchat.include} and {@code snowchat.exclude} parameters: comma-separated patterns
 * that select databases ({@code AIRBNB}, {@code SALES_*}) or schemas ({@code AIRBNB.RAW},
 * {@code *.STAGING}). A pattern is a glob ({@code *}, {@code ?}) or a {@code regex:} expression,
 * matched case-insensitively against the whole name, as the schema index's source options define.
 * A schema is read when its database passes the database patterns and it passes the schema
 * patterns (an include list that is empty passes everything).
 *
 * @param includeDatabases database patterns to include
 * @param includeSchemas {@code DATABASE.SCHEMA} patterns to include
 * @param excludeDatabases database patterns to exclude
 * @param excludeSchemas {@code DATABASE.SCHEMA} patterns to exclude
 */
public record NamePatterns(List<String> includeDatabases, List<String> includeSchemas,
    List<String> excludeDatabases, List<String> excludeSchemas) {

  /** Copies the lists. */
  public NamePatterns {
    includeDatabases = List.copyOf(includeDatabases);
    includeSchemas = List.copyOf(includeSchemas);
    excludeDatabases = List.copyOf(excludeDatabases);
    excludeSchemas = List.copyOf(excludeSchemas);
  }

  /**
   * Parses the two parameters.
   *
   * @param include comma-separated include patterns, or null
   * @param exclude comma-separated exclude patterns, or null
   * @return the patterns
   * @throws IllegalArgumentException naming the parameter and the pattern when one has more than
   *     two parts or is empty
   */
  public static NamePatterns parse(@Nullable String include, @Nullable String exclude) {
    List<String> id = new ArrayList<>();
    List<String> is = new ArrayList<>();
    List<String> ed = new ArrayList<>();
    List<String> es = new ArrayList<>();
    split("snowchat.include", include, id, is);
    split("snowchat.exclude", exclude, ed, es);
    return new NamePatterns(id, is, ed, es);
  }

  private static void split(String parameter, @Nullable String value, List<String> databases,
      List<String> schemas) {
    if (value == null || value.isBlank()) {
      return;
    }
    for (String raw : value.split(",")) {
      String p = raw.strip();
      if (p.isEmpty()) {
        continue;
      }
      int parts = partCount(p);
      if (parts == 1) {
        databases.add(p);
      } else if (parts == 2) {
        schemas.add(p);
      } else {
        throw new IllegalArgumentException("Bad pattern in " + parameter + ": '" + p
            + "'; expected DATABASE or DATABASE.SCHEMA globs (with * and ?) or regex:..., e.g."
            + " AIRBNB,SALES.PUBLIC,*.STAGING");
      }
    }
  }

  private static int partCount(String pattern) {
    if (pattern.startsWith("regex:")) {
      return pattern.contains("\\.") ? 2 : 1;
    }
    return pattern.split("\\.", -1).length;
  }

  /** {@return the patterns in words, for logs, e.g. "include AIRBNB; exclude AIRBNB.RAW"} */
  public String describe() {
    List<String> inc = new ArrayList<>(includeDatabases);
    inc.addAll(includeSchemas);
    List<String> exc = new ArrayList<>(excludeDatabases);
    exc.addAll(excludeSchemas);
    String out = inc.isEmpty() ? "" : "include " + String.join(",", inc);
    if (!exc.isEmpty()) {
      out += (out.isEmpty() ? "" : "; ") + "exclude " + String.join(",", exc);
    }
    return out;
  }

  /** {@return true when no pattern is set} */
  public boolean isEmpty() {
    return includeDatabases.isEmpty() && includeSchemas.isEmpty() && excludeDatabases.isEmpty()
        && excludeSchemas.isEmpty();
  }

  /**
   * Decides whether a schema is selected (used where the source cannot filter itself).
   *
   * @param database the database
   * @param schema the schema
   * @return true when selected
   */
  public boolean selects(String database, String schema) {
    requireNonNull(database, "database is null");
    requireNonNull(schema, "schema is null");
    String qualified = database + "." + schema;
    boolean dbIn = includeDatabases.isEmpty() || any(includeDatabases, database);
    boolean schemaIn = includeSchemas.isEmpty() || any(includeSchemas, qualified);
    return dbIn && schemaIn && !any(excludeDatabases, database)
        && !any(excludeSchemas, qualified);
  }

  private static boolean any(List<String> patterns, String name) {
    for (String p : patterns) {
      if (matches(p, name)) {
        return true;
      }
    }
    return false;
  }

  static boolean matches(String pattern, String name) {
    String regex;
    if (pattern.startsWith("regex:")) {
      regex = pattern.substring("regex:".length());
    } else {
      StringBuilder sb = new StringBuilder();
      for (char c : pattern.toCharArray()) {
        switch (c) {
          case '*' -> sb.append(".*");
          case '?' -> sb.append('.');
          default -> sb.append(java.util.regex.Pattern.quote(String.valueOf(c)));
        }
      }
      regex = sb.toString();
    }
    return java.util.regex.Pattern.compile(regex,
        java.util.regex.Pattern.CASE_INSENSITIVE | java.util.regex.Pattern.UNICODE_CASE)
        .matcher(name).matches();
  }
}
