package dev.snowchat.agent;

/**
 * The pluggable unit that answers one turn: our own tool loop over a {@link ModelClient} ({@link
 * ToolLoopEngine}), the model-free {@link OfflinePlanner}, or an engine that drives an external
 * agent. The agent runs the scope guard, budgets, session memory and the final {@link
 * AgentEvent.Done}; the engine streams the answer through its {@link Turn}.
 */
public interface ChatEngine extends AutoCloseable {
  /** {@return a short name for logs and health checks, e.g. {@code tool-loop}} */
  String name();

  /**
   * Answers one turn: streams text and thinking with {@link Turn#emit}, calls models with {@link
   * Turn#callModel} and tools with {@link Turn#callTool} or {@link Turn#callTools} (which run
   * approval, limits and interceptors and emit the tool events), and records what follows the
   * user's prompt with {@link Turn#record}. The engine never emits {@code error} or {@code
   * done}: it throws, and the agent turns the exception into those events.
   *
   * @param turn the turn
   * @throws InterruptedException when the turn was cancelled
   * @throws SnowchatAgentException to end the turn with that error (a {@link ModelException} for
   *     a failed model call)
   */
  void runTurn(Turn turn) throws InterruptedException;

  /** Releases what the engine holds (its model client); the agent calls it on close. */
  @Override
  default void close() {}
}
