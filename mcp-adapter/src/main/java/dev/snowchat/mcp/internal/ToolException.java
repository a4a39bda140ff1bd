package dev.snowchat.mcp.internal;

import static java.util.Objects.requireNonNull;

/**
 * A tool call that cannot be answered, with a stable code and a message that tells the caller
 * what to do next. Becomes a tool error, never a protocol error.
 */
public final class ToolException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final String code;

  /**
   * Creates the exception.
   *
   * @param code a stable code such as {@code TABLE_NOT_FOUND}
   * @param message what failed and what to do next
   */
  public ToolException(String code, String message) {
    super(requireNonNull(message, "message is null"), null, false, false);
    this.code = requireNonNull(code, "code is null");
  }

  /** {@return the code} */
  public String code() {
    return code;
  }

  static ToolException badArgument(String message) {
    return new ToolException("INVALID_ARGUMENT", message);
  }

  static ToolException tableNotFound(String table) {
    return tableNotFound(table, "");
  }

  /**
   * A table that was not found, with suggestions.
   *
   * @param table the name as the caller wrote it
   * @param didYouMean {@code " Did you mean X?"}, or empty text
   * @return the exception
   */
  static ToolException tableNotFound(String table, String didYouMean) {
    return new ToolException("TABLE_NOT_FOUND", "Table or view " + table + " was not found (or"
        + " is not visible to this connection)." + didYouMean + " Use list_tables(database,"
        + " schema) or search_schema(query) to find the exact name, then retry with"
        + " DATABASE.SCHEMA.TABLE.");
  }
}
