package dev.snowchat.sqlgate;

import static java.util.Objects.requireNonNull;

import org.jspecify.annotations.Nullable;

/**
 * The one unchecked exception Snowchat raises for failures (misuse raises the JDK's
 * {@link IllegalArgumentException}, {@link IllegalStateException} or {@link NullPointerException}).
 * Messages never contain secrets.
 */
public class SnowchatException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final ErrorCode code;

  /**
   * Creates an exception.
   *
   * @param code the error code
   * @param message a secret-free message saying what failed and what to do instead
   */
  public SnowchatException(ErrorCode code, String message) {
    this(code, message, null);
  }

  /**
   * Creates an exception that keeps its cause.
   *
   * @param code the error code
   * @param message a secret-free message saying what failed and what to do instead
   * @param cause the underlying failure, or null
   */
  public SnowchatException(ErrorCode code, String message, @Nullable Throwable cause) {
    super(requireNonNull(message, "message is null"), cause);
    this.code = requireNonNull(code, "code is null");
  }

  /** {@return the error code} */
  public ErrorCode code() {
    return code;
  }

  /** {@return true when retrying the same operation later may succeed} */
  public boolean isRetryable() {
    return code.type() == ErrorType.TRANSIENT;
  }
}
