package dev.snowchat.agent;

import java.util.List;

/**
 * Decides, before the expensive turn runs, whether a question is about the user's data. A refused
 * question gets the decision's reply streamed as normal {@code text} events and a {@code done}
 * with {@link StopReason#REFUSED}. Implementations: {@link HeuristicScopeGuard} (offline), {@link
 * ModelScopeGuard} (a cheap model).
 */
@FunctionalInterface
public interface ScopeGuard {
  /** A guard that allows everything (the default). */
  ScopeGuard ALLOW_ALL = (prompt, history) -> ScopeDecision.allow();

  /**
   * Checks a question.
   *
   * @param prompt the new question
   * @param history the session's earlier messages, so follow-ups ("and the next 5?") pass
   * @return allow, or refuse with a reply
   * @throws InterruptedException when the turn was cancelled
   */
  ScopeDecision check(String prompt, List<Message> history) throws InterruptedException;
}
