package dev.snowchat.schemaindex.internal.source;

import dev.snowchat.sqlgate.Dialect;
import dev.snowchat.sqlgate.Sql;

/**
 * Quoting for the few statements the Snowflake source builds, by sql-gate's {@link Sql}:
 * identifiers in double quotes with embedded quotes doubled; string literals in single quotes with
 * embedded quotes doubled and backslashes escaped (Snowflake reads backslash escapes).
 */
final class SnowflakeSql {
  private SnowflakeSql() {}

  static String identifier(String name) {
    return Sql.quoteIdentifier(Dialect.SNOWFLAKE, name);
  }

  static String string(String value) {
    return Sql.quoteString(Dialect.SNOWFLAKE, value);
  }

  static String schemaRef(String database, String schema) {
    return identifier(database) + "." + identifier(schema);
  }
}
