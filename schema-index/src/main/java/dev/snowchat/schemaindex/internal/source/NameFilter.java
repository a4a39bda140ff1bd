package dev.snowchat.schemaindex.internal.source;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Include and exclude patterns for database and schema names. A pattern is a glob ({@code *} any
 * run of characters, {@code ?} one character), or a Java regular expression when it starts with
 * {@code regex:}; both match the whole name, ignoring case. A schema glob that contains a dot, or
 * a schema regular expression that contains an escaped dot ({@code \.}), is matched against
 * {@code DATABASE.SCHEMA}, otherwise against the schema name alone. A name is selected when no
 * include pattern is set or one matches, and no exclude pattern matches. Immutable.
 */
public final class NameFilter {
  private final List<String> includeDatabases;
  private final List<String> excludeDatabases;
  private final List<String> includeSchemas;
  private final List<String> excludeSchemas;
  private final List<Matcher> incDb;
  private final List<Matcher> excDb;
  private final List<Matcher> incSchema;
  private final List<Matcher> excSchema;

  private record Matcher(Pattern pattern, boolean qualified) {
    boolean matches(String database, String schema) {
      return pattern.matcher(qualified ? database + "." + schema : schema).matches();
    }
  }

  /**
   * Creates a filter.
   *
   * @param includeDatabases database include patterns
   * @param excludeDatabases database exclude patterns (applied after the built-in ones)
   * @param includeSchemas schema include patterns
   * @param excludeSchemas schema exclude patterns
   * @throws IllegalArgumentException when a pattern is blank or an invalid regular expression
   */
  public NameFilter(List<String> includeDatabases, List<String> excludeDatabases,
      List<String> includeSchemas, List<String> excludeSchemas) {
    this.includeDatabases = List.copyOf(includeDatabases);
    this.excludeDatabases = List.copyOf(excludeDatabases);
    this.includeSchemas = List.copyOf(includeSchemas);
    this.excludeSchemas = List.copyOf(excludeSchemas);
    this.incDb = compile(this.includeDatabases, false);
    this.excDb = compile(this.excludeDatabases, false);
    this.incSchema = compile(this.includeSchemas, true);
    this.excSchema = compile(this.excludeSchemas, true);
  }

  /** {@return a filter that selects everything} */
  public static NameFilter all() {
    return new NameFilter(List.of(), List.of(), List.of(), List.of());
  }

  /**
   * Checks a pattern, for builders that validate at once.
   *
   * @param pattern the pattern
   * @return the pattern
   * @throws IllegalArgumentException when it is blank or an invalid regular expression
   */
  public static String validate(String pattern) {
    toMatcher(pattern, true);
    return pattern;
  }

  /**
   * Tests a database name.
   *
   * @param database the name
   * @return true when selected
   */
  public boolean database(String database) {
    requireNonNull(database, "database is null");
    boolean in = incDb.isEmpty() || incDb.stream().anyMatch(m -> m.matches("", database));
    return in && excDb.stream().noneMatch(m -> m.matches("", database));
  }

  /**
   * Tests a schema name.
   *
   * @param database the database holding it
   * @param schema the schema name
   * @return true when selected
   */
  public boolean schema(String database, String schema) {
    requireNonNull(database, "database is null");
    requireNonNull(schema, "schema is null");
    boolean in = incSchema.isEmpty()
        || incSchema.stream().anyMatch(m -> m.matches(database, schema));
    return in && excSchema.stream().noneMatch(m -> m.matches(database, schema));
  }

  @Override
  public String toString() {
    return "NameFilter[includeDatabases=" + includeDatabases + ", excludeDatabases="
        + excludeDatabases + ", includeSchemas=" + includeSchemas + ", excludeSchemas="
        + excludeSchemas + "]";
  }

  private static List<Matcher> compile(List<String> patterns, boolean schemaLevel) {
    List<Matcher> out = new ArrayList<>(patterns.size());
    for (String p : patterns) {
      out.add(toMatcher(p, schemaLevel));
    }
    return List.copyOf(out);
  }

  private static Matcher toMatcher(String pattern, boolean schemaLevel) {
    requireNonNull(pattern, "pattern is null");
    if (pattern.isBlank()) {
      throw new IllegalArgumentException("name pattern is blank; use a glob such as 'SALES_*' or"
          + " 'regex:...'");
    }
    if (pattern.startsWith("regex:")) {
      String re = pattern.substring("regex:".length());
      try {
        return new Matcher(Pattern.compile(re, Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE),
            schemaLevel && re.contains("\\."));
      } catch (PatternSyntaxException e) {
        throw new IllegalArgumentException("invalid regular expression in name pattern '"
            + pattern + "': " + e.getDescription(), e);
      }
    }
    StringBuilder re = new StringBuilder();
    StringBuilder literal = new StringBuilder();
    for (int i = 0; i < pattern.length(); i++) {
      char c = pattern.charAt(i);
      if (c == '*' || c == '?') {
        if (!literal.isEmpty()) {
          re.append(Pattern.quote(literal.toString()));
          literal.setLength(0);
        }
        re.append(c == '*' ? ".*" : ".");
      } else {
        literal.append(c);
      }
    }
    if (!literal.isEmpty()) {
      re.append(Pattern.quote(literal.toString()));
    }
    return new Matcher(Pattern.compile(re.toString(),
        Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE), schemaLevel && pattern.contains("."));
  }

  /**
   * Upper-cases for case-insensitive comparisons of system names.
   *
   * @param s the text
   * @return the upper-cased text
   */
  static String upper(String s) {
    return s.toUpperCase(Locale.ROOT);
  }
}
