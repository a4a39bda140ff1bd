package dev.snowchat.agent;

import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import org.jspecify.annotations.Nullable;

/**
 * The limits a {@link ChatAgent} enforces: per turn (tool calls, model turns), per session
 * (history token budget, idle expiry), per day (cost in USD over all users, messages per user;
 * days are UTC days of the agent's clock), and how long a tool call waits for approval.
 * Immutable; build with {@link #builder()} or read the reference's environment variables with
 * {@link #fromEnvironment(Map)}.
 */
public final class AgentLimits {
  /** The default maximum of tool calls per turn. */
  public static final int DEFAULT_MAX_TOOL_CALLS = 20;
  /** The default maximum of model turns per turn. */
  public static final int DEFAULT_MAX_MODEL_TURNS = 10;
  /** The default history token budget (estimated at four characters a token). */
  public static final int DEFAULT_HISTORY_TOKENS = 50_000;
  /** The default idle time after which a session is forgotten. */
  public static final Duration DEFAULT_IDLE_EXPIRY = Duration.ofMinutes(30);
  /** The default time a tool call waits for approval before it is denied. */
  public static final Duration DEFAULT_APPROVAL_TIMEOUT = Duration.ofMinutes(5);

  /** The environment variable of the daily cost limit in USD (the reference's name). */
  public static final String ENV_DAILY_COST_LIMIT_USD = "DAILY_COST_LIMIT_USD";
  /** The environment variable of the per-user daily message limit (the reference's name). */
  public static final String ENV_PER_USER_DAILY_MSGS = "PER_USER_DAILY_MSGS";

  private static final AgentLimits DEFAULTS = builder().build();

  private final int maxToolCallsPerTurn;
  private final int maxModelTurnsPerTurn;
  private final int historyTokenBudget;
  private final Duration sessionIdleExpiry;
  private final @Nullable Double dailyCostLimitUsd;
  private final @Nullable Integer perUserDailyMessages;
  private final Duration approvalTimeout;

  private AgentLimits(Builder b) {
    this.maxToolCallsPerTurn = b.maxToolCalls == null ? DEFAULT_MAX_TOOL_CALLS : b.maxToolCalls;
    this.maxModelTurnsPerTurn = b.maxModelTurns == null ? DEFAULT_MAX_MODEL_TURNS
        : b.maxModelTurns;
    this.historyTokenBudget = b.historyTokens == null ? DEFAULT_HISTORY_TOKENS : b.historyTokens;
    this.sessionIdleExpiry = b.idleExpiry == null ? DEFAULT_IDLE_EXPIRY : b.idleExpiry;
    this.dailyCostLimitUsd = b.dailyCost;
    this.perUserDailyMessages = b.dailyMessages;
    this.approvalTimeout = b.approvalTimeout == null ? DEFAULT_APPROVAL_TIMEOUT
        : b.approvalTimeout;
  }

  /** {@return the defaults: 20 tool calls, 10 model turns, 50,000 tokens, 30 min, no budgets} */
  public static AgentLimits defaults() {
    return DEFAULTS;
  }

  /** {@return a builder starting from the defaults} */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Reads the reference's budget variables: {@code DAILY_COST_LIMIT_USD} (a decimal, e.g.
   * {@code 5} or {@code 0.75}) and {@code PER_USER_DAILY_MSGS} (a whole number). Blank or absent
   * means no limit; other variables are ignored. The rest are the defaults.
   *
   * @param env the environment, e.g. {@code System.getenv()}
   * @return the limits
   * @throws IllegalArgumentException for a value that is not a number in range, naming the
   *     variable
   */
  public static AgentLimits fromEnvironment(Map<String, String> env) {
    Builder b = builder();
    String cost = env.get(ENV_DAILY_COST_LIMIT_USD);
    if (cost != null && !cost.isBlank()) {
      double v;
      try {
        v = Double.parseDouble(cost.strip());
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(ENV_DAILY_COST_LIMIT_USD + "='" + cost
            + "' is not a number; expected USD per day, e.g. 5 or 0.75", e);
      }
      try {
        b.dailyCostLimitUsd(v);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(ENV_DAILY_COST_LIMIT_USD + ": " + e.getMessage(), e);
      }
    }
    String msgs = env.get(ENV_PER_USER_DAILY_MSGS);
    if (msgs != null && !msgs.isBlank()) {
      int v;
      try {
        v = Integer.parseInt(msgs.strip());
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(ENV_PER_USER_DAILY_MSGS + "='" + msgs
            + "' is not a whole number; expected messages per user per day, e.g. 50", e);
      }
      try {
        b.perUserDailyMessages(v);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(ENV_PER_USER_DAILY_MSGS + ": " + e.getMessage(), e);
      }
    }
    return b.build();
  }

  /** {@return the most tool calls one turn may make} */
  public int maxToolCallsPerTurn() {
    return maxToolCallsPerTurn;
  }

  /** {@return the most model calls one turn may make} */
  public int maxModelTurnsPerTurn() {
    return maxModelTurnsPerTurn;
  }

  /** {@return the estimated tokens of history a session keeps (whole exchanges, newest first)} */
  public int historyTokenBudget() {
    return historyTokenBudget;
  }

  /** {@return how long a session may stay idle before it is forgotten} */
  public Duration sessionIdleExpiry() {
    return sessionIdleExpiry;
  }

  /** {@return the daily cost limit in USD over all users, or empty for none} */
  public OptionalDouble dailyCostLimitUsd() {
    return dailyCostLimitUsd == null ? OptionalDouble.empty()
        : OptionalDouble.of(dailyCostLimitUsd);
  }

  /** {@return the messages one user may send per day, or empty for no limit} */
  public OptionalInt perUserDailyMessages() {
    return perUserDailyMessages == null ? OptionalInt.empty()
        : OptionalInt.of(perUserDailyMessages);
  }

  /** {@return how long a tool call waits for approval before it is denied} */
  public Duration approvalTimeout() {
    return approvalTimeout;
  }

  @Override
  public String toString() {
    return String.format(Locale.ROOT, "AgentLimits{maxToolCallsPerTurn=%d,"
        + " maxModelTurnsPerTurn=%d, historyTokenBudget=%d, sessionIdleExpiry=%s,"
        + " dailyCostLimitUsd=%s, perUserDailyMessages=%s, approvalTimeout=%s}",
        maxToolCallsPerTurn, maxModelTurnsPerTurn, historyTokenBudget, sessionIdleExpiry,
        dailyCostLimitUsd == null ? "none" : dailyCostLimitUsd,
        perUserDailyMessages == null ? "none" : perUserDailyMessages, approvalTimeout);
  }

  /**
   * Builds {@link AgentLimits}. Each value may be set once: a bad value throws {@link
   * IllegalArgumentException}, a second set throws {@link IllegalStateException} naming the
   * first value.
   */
  public static final class Builder {
    private @Nullable Integer maxToolCalls;
    private @Nullable Integer maxModelTurns;
    private @Nullable Integer historyTokens;
    private @Nullable Duration idleExpiry;
    private @Nullable Double dailyCost;
    private @Nullable Integer dailyMessages;
    private @Nullable Duration approvalTimeout;

    private Builder() {}

    private static void once(String name, @Nullable Object old) {
      if (old != null) {
        throw new IllegalStateException(name + " was already set to " + old);
      }
    }

    /**
     * Sets the most tool calls one turn may make (default 20).
     *
     * @param max 1 or more
     * @return this builder
     * @throws IllegalArgumentException for less than 1
     * @throws IllegalStateException when already set
     */
    public Builder maxToolCallsPerTurn(int max) {
      once("maxToolCallsPerTurn", maxToolCalls);
      if (max < 1) {
        throw new IllegalArgumentException("maxToolCallsPerTurn must be >= 1, got " + max);
      }
      maxToolCalls = max;
      return this;
    }

    /**
     * Sets the most model calls one turn may make (default 10).
     *
     * @param max 1 or more
     * @return this builder
     * @throws IllegalArgumentException for less than 1
     * @throws IllegalStateException when already set
     */
    public Builder maxModelTurnsPerTurn(int max) {
      once("maxModelTurnsPerTurn", maxModelTurns);
      if (max < 1) {
        throw new IllegalArgumentException("maxModelTurnsPerTurn must be >= 1, got " + max);
      }
      maxModelTurns = max;
      return this;
    }

    /**
     * Sets the estimated tokens of history a session keeps (default 50,000); older whole
     * exchanges are dropped, never a tool call without its result.
     *
     * @param tokens 0 (no memory) or more
     * @return this builder
     * @throws IllegalArgumentException for a negative budget
     * @throws IllegalStateException when already set
     */
    public Builder historyTokenBudget(int tokens) {
      once("historyTokenBudget", historyTokens);
      if (tokens < 0) {
        throw new IllegalArgumentException("historyTokenBudget must be >= 0, got " + tokens);
      }
      historyTokens = tokens;
      return this;
    }

    /**
     * Sets how long a session may stay idle before it is forgotten (default 30 minutes).
     *
     * @param expiry positive
     * @return this builder
     * @throws IllegalArgumentException for zero or a negative duration
     * @throws IllegalStateException when already set
     */
    public Builder sessionIdleExpiry(Duration expiry) {
      once("sessionIdleExpiry", idleExpiry);
      if (expiry.isZero() || expiry.isNegative()) {
        throw new IllegalArgumentException("sessionIdleExpiry must be positive, got " + expiry);
      }
      idleExpiry = expiry;
      return this;
    }

    /**
     * Sets the daily cost limit in USD over all users (default none). Turns are refused once the
     * day's reported cost reaches it, and a running turn stops before its next model call.
     *
     * @param usd 0 or more, finite
     * @return this builder
     * @throws IllegalArgumentException for a negative or non-finite value
     * @throws IllegalStateException when already set
     */
    public Builder dailyCostLimitUsd(double usd) {
      once("dailyCostLimitUsd", dailyCost);
      if (!(usd >= 0) || Double.isInfinite(usd)) {
        throw new IllegalArgumentException("dailyCostLimitUsd must be finite and >= 0, got "
            + usd);
      }
      dailyCost = usd;
      return this;
    }

    /**
     * Sets the messages one user may send per day (default no limit).
     *
     * @param messages 0 or more
     * @return this builder
     * @throws IllegalArgumentException for a negative value
     * @throws IllegalStateException when already set
     */
    public Builder perUserDailyMessages(int messages) {
      once("perUserDailyMessages", dailyMessages);
      if (messages < 0) {
        throw new IllegalArgumentException("perUserDailyMessages must be >= 0, got "
            + messages);
      }
      dailyMessages = messages;
      return this;
    }

    /**
     * Sets how long a tool call waits for approval before it is denied (default 5 minutes).
     *
     * @param timeout positive
     * @return this builder
     * @throws IllegalArgumentException for zero or a negative duration
     * @throws IllegalStateException when already set
     */
    public Builder approvalTimeout(Duration timeout) {
      once("approvalTimeout", approvalTimeout);
      if (timeout.isZero() || timeout.isNegative()) {
        throw new IllegalArgumentException("approvalTimeout must be positive, got " + timeout);
      }
      approvalTimeout = timeout;
      return this;
    }

    /** {@return the limits} */
    public AgentLimits build() {
      return new AgentLimits(this);
    }
  }
}
