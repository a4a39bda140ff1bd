package dev.snowchat.agent;

import static java.util.Objects.requireNonNull;

/**
 * Who a tool call runs for. Hosts pass {@link #queryTag()} to the warehouse (Snowflake {@code
 * QUERY_TAG}) so every query can be traced to its conversation and turn.
 *
 * @param sessionId the session
 * @param userId the user
 * @param turn the turn number within the session, from 1
 * @param queryTag {@code snowchat:<session>:<turn>}, the session id reduced to letters, digits,
 *     {@code _ . -} and at most 64 characters
 */
public record ToolContext(String sessionId, String userId, int turn, String queryTag) {
  /**
   * Validates the fields.
   *
   * @throws IllegalArgumentException for a turn below 1 or a blank query tag
   */
  public ToolContext {
    requireNonNull(sessionId, "sessionId is null");
    requireNonNull(userId, "userId is null");
    requireNonNull(queryTag, "queryTag is null");
    if (turn < 1) {
      throw new IllegalArgumentException("turn must be >= 1, got " + turn);
    }
    if (queryTag.isBlank()) {
      throw new IllegalArgumentException("queryTag is blank");
    }
  }

  /**
   * Creates the context of a turn, with the standard query tag.
   *
   * @param sessionId the session
   * @param userId the user
   * @param turn the turn number, from 1
   * @return the context
   */
  public static ToolContext of(String sessionId, String userId, int turn) {
    return new ToolContext(sessionId, userId, turn, queryTag(sessionId, turn));
  }

  /**
   * Builds the query tag of a turn.
   *
   * @param sessionId the session
   * @param turn the turn number
   * @return {@code snowchat:<session>:<turn>}
   */
  public static String queryTag(String sessionId, int turn) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < sessionId.length() && sb.length() < 64; i++) {
      char c = sessionId.charAt(i);
      boolean ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
          || c == '_' || c == '.' || c == '-';
      sb.append(ok ? c : '_');
    }
    return "snowchat:" + sb + ":" + turn;
  }
}
