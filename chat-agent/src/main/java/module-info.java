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
  requires java.net.http;
  // Optional: each used only by its own package; a host adds the one it selects. LangChain4j's
  // jars have no module names of their own, so these are the file-name automatic modules.
  requires static langchain4j.core;
  requires static langchain4j.http.client;
  requires static langchain4j.http.client.jdk;
  requires static langchain4j.anthropic;
  requires static langchain4j.open.ai;
  requires static io.modelcontextprotocol.sdk.mcp.core;
  requires static reactor.core;

  exports dev.snowchat.agent;
  exports dev.snowchat.agent.testing;

  exports dev.snowchat.agent.anthropic;
  exports dev.snowchat.agent.openai;
  exports dev.snowchat.agent.claudecode;
  exports dev.snowchat.agent.mcp;

  uses dev.snowchat.agent.ModelClientFactory;

  provides dev.snowchat.agent.ModelClientFactory with
      dev.snowchat.agent.anthropic.AnthropicModelClientFactory,
      dev.snowchat.agent.openai.OpenAiModelClientFactory;
}
