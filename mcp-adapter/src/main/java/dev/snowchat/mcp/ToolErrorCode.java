package dev.snowchat.mcp;

import dev.snowchat.sqlgate.ErrorCode;
import dev.snowchat.sqlgate.ErrorType;

/**
 * The codes of tool errors ({@link ToolResult#errorCode()}). Names are stable API: hosts and MCP
 * clients may match on them. Each message says what failed and what the caller can do next.
 */
public enum ToolErrorCode implements ErrorCode {
  /** An argument is missing, unknown, of the wrong type or out of range. */
  INVALID_ARGUMENT(ErrorType.USER),
  /** No tool has the name asked for (in-process calls; over MCP it is a protocol error). */
  UNKNOWN_TOOL(ErrorType.USER),
  /** The SQL gate refused the statement in the server's permission mode; it never ran. */
  QUERY_REFUSED(ErrorType.USER),
  /** The warehouse rejected or failed the statement; the message carries a hint. */
  QUERY_FAILED(ErrorType.USER),
  /** The statement ran past the query timeout and was cancelled on the server. */
  STATEMENT_TIMEOUT(ErrorType.USER),
  /** The result passed the byte cap; narrow the query. */
  RESULT_TOO_LARGE(ErrorType.USER),
  /** A table or view is not there, or not visible to the connection. */
  TABLE_NOT_FOUND(ErrorType.USER),
  /** A database is not there, or not visible to the connection. */
  DATABASE_NOT_FOUND(ErrorType.USER),
  /** A schema is not there, or not visible to the connection. */
  SCHEMA_NOT_FOUND(ErrorType.USER),
  /** The warehouse or its driver cannot do what the call asks (e.g. list functions). */
  NOT_SUPPORTED(ErrorType.PERMANENT),
  /** The warehouse cannot be reached, or refused the server's credentials. */
  CONNECTION_FAILED(ErrorType.TRANSIENT),
  /** The warehouse reported a passing failure; retrying once may help. */
  TRANSIENT_FAILURE(ErrorType.TRANSIENT),
  /**
   * The server is at a concurrency limit (tool calls running over HTTP, or every connection of
   * its pool busy); the call did not run. Retry shortly, or make fewer calls at once.
   */
  SERVER_BUSY(ErrorType.TRANSIENT),
  /** The server is shutting down or closed; the call did not complete. */
  SERVER_CLOSED(ErrorType.TRANSIENT),
  /** An unexpected failure inside the server; it keeps serving. */
  INTERNAL(ErrorType.PERMANENT);

  private final ErrorType type;

  ToolErrorCode(ErrorType type) {
    this.type = type;
  }

  @Override
  public ErrorType type() {
    return type;
  }
}
