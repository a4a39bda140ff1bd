package dev.snowchat.agent;

/**
 * A model behind one provider's API (Anthropic Messages, OpenAI-compatible chat completions, a
 * scripted test double). Clients are created by a {@link ModelClientFactory} and must be safe to
 * use from several turns at once.
 */
public interface ModelClient extends AutoCloseable {
  /**
   * Runs one model turn, streaming text and thinking deltas to the listener as they arrive, and
   * returns the complete response (tool-use blocks arrive only here). The call runs on the turn's
   * thread: when that thread is interrupted (the turn was cancelled) the client must abort the
   * HTTP stream and throw {@link InterruptedException}.
   *
   * @param request the request
   * @param listener receives deltas on the calling thread
   * @return the response with content blocks, the provider's stop reason and the usage
   * @throws ModelException when the provider fails or refuses the request
   * @throws InterruptedException when the turn was cancelled
   */
  ModelResponse stream(ModelRequest request, ModelStreamListener listener)
      throws ModelException, InterruptedException;

  /** Releases connections. */
  @Override
  default void close() {}
}
