package dev.snowchat.agent.openai;

import dev.snowchat.agent.AgentErrorCode;
import dev.snowchat.agent.ModelClient;
import dev.snowchat.agent.ModelClientFactory;
import dev.snowchat.agent.SnowchatAgentException;
import dev.snowchat.agent.internal.langchain4j.ClientConfig;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Creates {@link OpenAiModelClient}s; selected by the name {@code openai}.
 *
 * <p>Settings: {@code baseUrl} (default {@value #DEFAULT_BASE_URL}; Ollama serves {@code
 * http://127.0.0.1:11434/v1}, vLLM {@code http://127.0.0.1:8000/v1}, LM Studio {@code
 * http://127.0.0.1:1234/v1}), {@code apiKey} (secret; optional, local servers need none), {@code
 * model} (pins every request to this model; by default each request names its own), {@code
 * maxTokens} (a cap on each request's output tokens, default {@value #DEFAULT_MAX_TOKENS}), {@code
 * timeout} (connect and read, default 120s).
 */
public final class OpenAiModelClientFactory implements ModelClientFactory {
  /** OpenAI's API. */
  public static final String DEFAULT_BASE_URL = "https://api.openai.com/v1";
  static final int DEFAULT_MAX_TOKENS = 32_000;
  private static final Logger LOG = LoggerFactory.getLogger(OpenAiModelClientFactory.class);
  private static final Set<String> KEYS =
      Set.of("apiKey", "baseUrl", "model", "maxTokens", "timeout");
  private static final Set<String> SENSITIVE = Set.of("apiKey");

  /** Creates the factory (ServiceLoader). */
  public OpenAiModelClientFactory() {}

  @Override
  public String name() {
    return "openai";
  }

  @Override
  public ModelClient create(Map<String, String> config) {
    ClientConfig c = ClientConfig.of(name(), config, KEYS, SENSITIVE);
    String baseUrl = c.url("baseUrl", DEFAULT_BASE_URL);
    String apiKey = c.string("apiKey", null);
    if (apiKey == null && baseUrl.startsWith(DEFAULT_BASE_URL)) {
      throw new IllegalArgumentException("The openai model client needs the setting 'apiKey'"
          + " for " + DEFAULT_BASE_URL + " (only local servers run without one)");
    }
    int maxTokens = c.integer("maxTokens", DEFAULT_MAX_TOKENS, 1);
    Duration timeout = c.duration("timeout", Duration.ofSeconds(120));
    requireLibrary();
    LOG.debug("OpenAI-compatible model client: {}", c.masked());
    return new OpenAiModelClient(apiKey, baseUrl, c.string("model", null), maxTokens, timeout);
  }

  @Override
  public Set<String> sensitivePropertyNames() {
    return SENSITIVE;
  }

  private static void requireLibrary() {
    try {
      Class.forName("dev.langchain4j.model.openai.OpenAiStreamingChatModel", false,
          OpenAiModelClientFactory.class.getClassLoader());
    } catch (ClassNotFoundException | LinkageError e) {
      throw new SnowchatAgentException(AgentErrorCode.CONFIGURATION,
          "The openai model client needs dev.langchain4j:langchain4j-open-ai on the class path"
          + " (an optional dependency of dev.snowchat:chat-agent); add it to the host's"
          + " dependencies", e);
    }
  }
}
