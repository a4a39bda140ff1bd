package dev.snowchat.sqlgate;

/**
 * A stable error code. Each Snowchat module declares an enum implementing this interface.
 */
public interface ErrorCode {
  /** {@return the code's stable name, e.g. {@code STATEMENT_TIMEOUT}} */
  String name();

  /** {@return how callers should handle an error with this code} */
  ErrorType type();
}
