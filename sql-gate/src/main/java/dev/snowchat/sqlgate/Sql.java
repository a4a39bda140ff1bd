package dev.snowchat.sqlgate;

import static java.util.Objects.requireNonNull;

/**
 * Quoting for identifiers and string literals, so that no tool ever builds SQL by concatenating
 * raw values. The output of each method, lexed by the gate, is exactly one token whose unquoted
 * value equals the input.
 */
public final class Sql {
  private Sql() {}

  /**
   * Quotes an identifier with double quotes, doubling any double quote inside. The result is
   * case-sensitive in every dialect.
   *
   * @param dialect the dialect
   * @param name the identifier, not empty
   * @return the quoted identifier
   * @throws IllegalArgumentException if the name is empty or holds a NUL character, or in
   *     GENERIC a backslash (MySQL reads double quotes as a string with backslash escapes)
   */
  public static String quoteIdentifier(Dialect dialect, String name) {
    requireNonNull(dialect, "dialect is null");
    requireNonNull(name, "name is null");
    if (name.isEmpty()) {
      throw new IllegalArgumentException("an identifier cannot be empty");
    }
    if (name.indexOf('\0') >= 0) {
      throw new IllegalArgumentException("an identifier cannot contain NUL characters");
    }
    if (dialect == Dialect.GENERIC && name.indexOf('\\') >= 0) {
      throw new IllegalArgumentException("generic SQL cannot quote a backslash in an identifier"
          + " portably; choose the snowflake, duckdb or postgres dialect");
    }
    StringBuilder b = new StringBuilder(name.length() + 2).append('"');
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      b.append(c);
      if (c == '"') {
        b.append('"');
      }
    }
    return b.append('"').toString();
  }

  /**
   * Quotes a string literal. Snowflake strings treat backslashes as escapes, so backslashes are
   * doubled and NUL is written {@code \000}; DuckDB strings take backslashes literally. In
   * PostgreSQL a value holding a backslash is written as an escape string {@code E'...'} with
   * the backslashes doubled, which reads the same whatever {@code standard_conforming_strings}
   * is; other values are plain {@code '...'}. GENERIC refuses backslashes, since databases
   * disagree on them.
   *
   * @param dialect the dialect
   * @param value the value
   * @return the quoted literal
   * @throws IllegalArgumentException if the dialect cannot represent the value (NUL outside
   *     Snowflake; a backslash in GENERIC)
   */
  public static String quoteString(Dialect dialect, String value) {
    requireNonNull(dialect, "dialect is null");
    requireNonNull(value, "value is null");
    if (dialect != Dialect.SNOWFLAKE && value.indexOf('\0') >= 0) {
      throw new IllegalArgumentException(dialect.configName()
          + " string literals cannot contain NUL characters");
    }
    if (dialect == Dialect.GENERIC && value.indexOf('\\') >= 0) {
      throw new IllegalArgumentException("generic SQL cannot quote a backslash portably (some"
          + " databases treat it as an escape); choose the snowflake, duckdb or postgres dialect");
    }
    // PostgreSQL: E'...' always takes backslash escapes, so doubling them is right both with
    // standard_conforming_strings on and off.
    boolean escapes = dialect == Dialect.SNOWFLAKE
        || (dialect == Dialect.POSTGRES && value.indexOf('\\') >= 0);
    StringBuilder b = new StringBuilder(value.length() + 3);
    if (dialect == Dialect.POSTGRES && escapes) {
      b.append('E');
    }
    b.append('\'');
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      switch (c) {
        case '\'' -> b.append("''");
        case '\\' -> b.append(escapes ? "\\\\" : "\\");
        case '\0' -> b.append("\\000");
        default -> b.append(c);
      }
    }
    return b.append('\'').toString();
  }
}
