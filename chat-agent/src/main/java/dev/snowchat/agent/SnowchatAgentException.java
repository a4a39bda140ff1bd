package dev.snowchat.agent;

import static java.util.Objects.requireNonNull;

import org.jspecify.annotations.Nullable;

/**
 * The chat agent's unchecked failure, with a code (misuse raises the JDK's {@link
 * IllegalArgumentException}, {@link IllegalStateException} or {@link NullPointerException}).
 * Thrown inside a turn (by an engine, an interceptor, a budget), it ends the turn with an {@link
 * AgentEvent.Error} of its code and message, then {@link AgentEvent.Done} with the code's stop
 * reason. Messages never contain secrets.
 */
public class SnowchatAgentException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final AgentErrorCode code;

  /**
   * Creates an exception.
   *
   * @param code the error code
   * @param message a secret-free message saying what failed and what to do instead
   */
  public SnowchatAgentException(AgentErrorCode code, String message) {
    this(code, message, null);
  }

  /**
   * Creates an exception that keeps its cause.
   *
   * @param code the error code
   * @param message a secret-free message saying what failed and what to do instead
   * @param cause the underlying failure, or null
   */
  public SnowchatAgentException(AgentErrorCode code, String message, @Nullable Throwable cause) {
    super(requireNonNull(message, "message is null"), cause);
    this.code = requireNonNull(code, "code is null");
  }

  /** {@return the error code} */
  public AgentErrorCode code() {
    return code;
  }

  /** {@return true when retrying the same operation later may succeed} */
  public boolean isRetryable() {
    return code.isRetryable();
  }
}
