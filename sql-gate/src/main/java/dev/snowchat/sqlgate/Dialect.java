package dev.snowchat.sqlgate;

import java.util.Locale;

/** The SQL dialect a gate understands. */
public enum Dialect {
  /** Snowflake: backslash escapes in strings, {@code $$} bodies, {@code //} comments. */
  SNOWFLAKE,
  /** DuckDB: {@code //} is integer division; file readers are table functions. */
  DUCKDB,
  /**
   * PostgreSQL (15 and later) with {@code standard_conforming_strings} on, as the gated
   * executor's hardening sets it: backslashes are literal in {@code '...'}, escapes only in
   * {@code E'...'}; block comments nest; {@code $tag$} bodies.
   */
  POSTGRES,
  /** Any other JDBC database, ANSI-ish. */
  GENERIC;

  /**
   * Parses a dialect name, case-insensitively; {@code postgresql} is accepted for {@link
   * #POSTGRES}.
   *
   * @param name {@code snowflake}, {@code duckdb}, {@code postgres} or {@code generic}
   * @return the dialect
   * @throws IllegalArgumentException naming the value and the allowed ones
   */
  public static Dialect parse(String name) {
    String n = name.strip();
    for (Dialect d : values()) {
      if (d.name().equalsIgnoreCase(n)) {
        return d;
      }
    }
    if (n.equalsIgnoreCase("postgresql")) {
      return POSTGRES;
    }
    throw new IllegalArgumentException(
        "unknown dialect '" + name + "'; allowed: snowflake, duckdb, postgres, generic");
  }

  /** {@return the lower-case name used in configuration} */
  public String configName() {
    return name().toLowerCase(Locale.ROOT);
  }
}
