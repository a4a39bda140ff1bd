package dev.snowchat.agent;

import static java.util.Objects.requireNonNull;

/** What a {@link ScopeGuard} decided. */
public sealed interface ScopeDecision permits ScopeDecision.Allow, ScopeDecision.Refuse {

  /** {@return the allow decision} */
  static ScopeDecision allow() {
    return Allow.INSTANCE;
  }

  /**
   * Creates a refusal.
   *
   * @param reason why, for logs (e.g. {@code off-topic: weather})
   * @param reply the short answer streamed to the user
   * @return the decision
   */
  static ScopeDecision refuse(String reason, String reply) {
    return new Refuse(reason, reply);
  }

  /** The question is in scope. */
  final class Allow implements ScopeDecision {
    static final Allow INSTANCE = new Allow();

    private Allow() {}

    @Override
    public String toString() {
      return "Allow";
    }
  }

  /**
   * The question is out of scope.
   *
   * @param reason why, for logs
   * @param reply the short answer streamed to the user
   */
  record Refuse(String reason, String reply) implements ScopeDecision {
    /**
     * Validates the fields.
     *
     * @throws IllegalArgumentException for a blank reply
     */
    public Refuse {
      requireNonNull(reason, "reason is null");
      requireNonNull(reply, "reply is null");
      if (reply.isBlank()) {
        throw new IllegalArgumentException("a refusal needs a reply for the user");
      }
    }
  }
}
