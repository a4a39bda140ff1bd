package dev.snowchat.agent;

import java.util.Locale;

/** Why a turn ended; {@link AgentEvent.Done} carries it. */
public enum StopReason {
  /** The model (or the offline planner) finished its answer. */
  END_TURN,
  /** The model hit its output token cap. */
  MAX_TOKENS,
  /** The turn asked for more tool calls than {@link AgentLimits#maxToolCallsPerTurn()}. */
  TOOL_LIMIT,
  /** The turn needed more model turns than {@link AgentLimits#maxModelTurnsPerTurn()}. */
  TURN_LIMIT,
  /** A daily cost or message budget was reached. */
  BUDGET,
  /** The turn was cancelled (the client went away, or {@link TurnHandle#cancel()}). */
  CANCELLED,
  /** The scope guard refused the question; a canned reply was streamed. */
  REFUSED,
  /** The turn failed; an {@link AgentEvent.Error} came before the done event. */
  ERROR;

  /** {@return the wire name: the constant in lower case, e.g. {@code end_turn}} */
  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }
}
