package dev.snowchat.agent;

import java.util.concurrent.CompletableFuture;

/** A running turn, as {@link ChatAgent#chat} returns it. */
public interface TurnHandle {
  /** {@return the session of the turn} */
  String sessionId();

  /**
   * Cancels the turn (the client went away): interrupts the model stream, any running tool call
   * and any wait for approval. The turn still ends with an {@code error} ({@code CANCELLED}) and
   * a {@code done} event. Does nothing once the turn is over.
   */
  void cancel();

  /** {@return completes with the turn's done event (never exceptionally)} */
  CompletableFuture<AgentEvent.Done> completion();
}
