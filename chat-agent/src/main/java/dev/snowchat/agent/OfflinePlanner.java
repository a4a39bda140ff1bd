package dev.snowchat.agent;

/**
 * An engine that needs no model: it answers discovery questions from the snowchat tools alone
 * and says plainly what it cannot answer without a model, and how to configure one. The default
 * engine of {@link ChatAgent} when none is set.
 */
public final class OfflinePlanner implements ChatEngine {
  private OfflinePlanner() {}

  /** {@return a planner} */
  public static OfflinePlanner create() {
    return new OfflinePlanner();
  }

  @Override
  public String name() {
    return "offline-planner";
  }

  @Override
  public void runTurn(Turn turn) throws InterruptedException {
    String answer = "I am running without a model, so I can only answer discovery questions."
        + " Configure a model with SNOWCHAT_MODEL_PROVIDER.";
    turn.emit(new AgentEvent.Text(answer));
    turn.record(Message.assistant(answer));
  }
}
