package dev.snowchat.sqlgate;

import java.util.Locale;

/** The SQL dialect a gate understands. */
public enum Dialect {
  /** Snowflake: backslash escapes in strings, {@code $$} bodies, {@code //} comments. */
  SNOWFLAKE,
  /** DuckDB: {@code //} is integer division; file readers are table functions. */
  DUCKDB,
  /** Any other JDBC database, ANSI-ish. */
  GENERIC;

  /**
   * Parses a dialect name, case-insensitively.
   *
   * @param name {@code snowflake}, {@code duckdb} or {@code generic}
   * @return the dialect
   * @throws IllegalArgumentException naming the value and the allowed ones
   */
  public static Dialect parse(String name) {
    for (Dialect d : values()) {
      if (d.name().equalsIgnoreCase(name.strip())) {
        return d;
      }
    }
    throw new IllegalArgumentException(
        "unknown dialect '" + name + "'; allowed: snowflake, duckdb, generic");
  }

  /** {@return the lower-case name used in configuration} */
  public String configName() {
    return name().toLowerCase(Locale.ROOT);
  }
}
