package dev.snowchat.mcp.internal;

import dev.snowchat.mcp.ToolErrorCode;
import dev.snowchat.sqlgate.SnowchatException;

/** What the schema lookups share: their errors. */
final class Lookups {
  private Lookups() {}

  static SnowchatException tableNotFound(String table) {
    return tableNotFound(table, "");
  }

  /**
   * A table that was not found, with suggestions.
   *
   * @param table the name as the caller wrote it
   * @param didYouMean {@code " Did you mean X?"}, or empty text
   * @return the failure, a {@link ToolErrorCode#TABLE_NOT_FOUND} tool error
   */
  static SnowchatException tableNotFound(String table, String didYouMean) {
    return new SnowchatException(ToolErrorCode.TABLE_NOT_FOUND, "Table or view " + table
        + " was not found (or is not visible to this connection)." + didYouMean + " Use"
        + " list_tables(database, schema) or search_schema(query) to find the exact name, then"
        + " retry with DATABASE.SCHEMA.TABLE.");
  }
}
