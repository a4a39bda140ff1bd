/**
 * Snowchat chat agent: engines, streamed events, sessions, scope guard and budgets.
 *
 * <p>The entry point is {@link dev.snowchat.agent.ChatAgent}. Model clients are found by name
 * through {@link dev.snowchat.agent.ModelClientFactory}; hosts' tests use {@link
 * dev.snowchat.agent.testing.ScriptedModelClient}.
 */
module dev.snowchat.agent {
  requires tools.jackson.databind;
  requires org.slf4j;
  requires static org.jspecify;

  exports dev.snowchat.agent;
  exports dev.snowchat.agent.testing;

  uses dev.snowchat.agent.ModelClientFactory;
}
