package dev.snowchat.agent;

import org.jspecify.annotations.Nullable;

/**
 * A model call failed. The code says whether retrying may help ({@link #isRetryable()}): {@link
 * AgentErrorCode#MODEL_RATE_LIMITED} and {@link AgentErrorCode#MODEL_UNAVAILABLE} may, {@link
 * AgentErrorCode#MODEL_AUTH} and {@link AgentErrorCode#MODEL_BAD_REQUEST} do not.
 */
public class ModelException extends SnowchatAgentException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates an exception.
   *
   * @param code the error code, one of the {@code MODEL_*} codes
   * @param message a secret-free message (never the API key)
   */
  public ModelException(AgentErrorCode code, String message) {
    super(code, message);
  }

  /**
   * Creates an exception that keeps its cause.
   *
   * @param code the error code, one of the {@code MODEL_*} codes
   * @param message a secret-free message (never the API key)
   * @param cause the underlying failure, or null
   */
  public ModelException(AgentErrorCode code, String message, @Nullable Throwable cause) {
    super(code, message, cause);
  }
}
