package dev.snowchat.agent;

/**
 * The chat agent's stable error codes. {@link AgentEvent.Error#code()} carries the name; hosts
 * may match on it.
 */
public enum AgentErrorCode {
  /** The model call failed for another reason (bad response, server error). */
  MODEL_ERROR(Type.TRANSIENT, StopReason.ERROR),
  /** The provider rate-limited or is overloaded; retry later. */
  MODEL_RATE_LIMITED(Type.TRANSIENT, StopReason.ERROR),
  /** The model could not be reached (connection, timeout). */
  MODEL_UNAVAILABLE(Type.TRANSIENT, StopReason.ERROR),
  /** The provider refused the credentials or the account; fix the configuration. */
  MODEL_AUTH(Type.PERMANENT, StopReason.ERROR),
  /** The provider refused the request (bad model name, bad parameters, prompt too long). */
  MODEL_BAD_REQUEST(Type.PERMANENT, StopReason.ERROR),
  /** A turn asked for more tool calls than allowed. */
  TOOL_LIMIT(Type.USER, StopReason.TOOL_LIMIT),
  /** A turn needed more model turns than allowed. */
  TURN_LIMIT(Type.USER, StopReason.TURN_LIMIT),
  /** The daily cost limit ({@code DAILY_COST_LIMIT_USD}) was reached. */
  BUDGET(Type.USER, StopReason.BUDGET),
  /** The user's daily message limit ({@code PER_USER_DAILY_MSGS}) was reached. */
  DAILY_LIMIT(Type.USER, StopReason.BUDGET),
  /** The turn was cancelled. */
  CANCELLED(Type.USER, StopReason.CANCELLED),
  /** The question is out of scope (a scope guard refused it and configured this as an error). */
  SCOPE(Type.USER, StopReason.REFUSED),
  /** Another turn of the same session is running; wait for its done event. */
  SESSION_BUSY(Type.USER, StopReason.ERROR),
  /** Bad or missing configuration (a model client, an engine). */
  CONFIGURATION(Type.PERMANENT, StopReason.ERROR),
  /** A bug or an unexpected failure; the message says what failed. */
  INTERNAL(Type.PERMANENT, StopReason.ERROR);

  /** How callers should handle an error. */
  public enum Type {
    /** The user's request or budget; retrying the same thing fails again. */
    USER,
    /** Configuration or a bug; fix it first. */
    PERMANENT,
    /** Temporary; retrying later may succeed. */
    TRANSIENT
  }

  private final Type type;
  private final StopReason stopReason;

  AgentErrorCode(Type type, StopReason stopReason) {
    this.type = type;
    this.stopReason = stopReason;
  }

  /** {@return how callers should handle an error with this code} */
  public Type type() {
    return type;
  }

  /** {@return the stop reason of a turn that ends with this error} */
  public StopReason stopReason() {
    return stopReason;
  }

  /** {@return true when retrying the same operation later may succeed} */
  public boolean isRetryable() {
    return type == Type.TRANSIENT;
  }
}
