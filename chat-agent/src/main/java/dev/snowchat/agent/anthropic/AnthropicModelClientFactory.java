package dev.snowchat.agent.anthropic;

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
 * Creates {@link AnthropicModelClient}s; selected by the name {@code anthropic}.
 *
 * <p>Settings: {@code apiKey} (required, secret), {@code baseUrl} (default {@value
 * #DEFAULT_BASE_URL}), {@code model} (pins every request to this model; by default each request
 * names its own), {@code maxTokens} (a cap on each request's output tokens, default {@value
 * #DEFAULT_MAX_TOKENS}), {@code thinkingBudgetTokens} (a cap on each request's thinking budget,
 * default {@value #DEFAULT_THINKING_CAP}; 0 turns thinking off), {@code timeout} (connect and
 * read, default 120s).
 */
public final class AnthropicModelClientFactory implements ModelClientFactory {
  /** The Messages API of Anthropic; LangChain4j appends {@code messages}. */
  public static final String DEFAULT_BASE_URL = "https://api.anthropic.com/v1/";
  static final int DEFAULT_MAX_TOKENS = 32_000;
  static final int DEFAULT_THINKING_CAP = 16_000;
  private static final Logger LOG = LoggerFactory.getLogger(AnthropicModelClientFactory.class);
  private static final Set<String> KEYS =
      Set.of("apiKey", "baseUrl", "model", "maxTokens", "thinkingBudgetTokens", "timeout");
  private static final Set<String> SENSITIVE = Set.of("apiKey");

  /** Creates the factory (ServiceLoader). */
  public AnthropicModelClientFactory() {}

  @Override
  public String name() {
    return "anthropic";
  }

  @Override
  public ModelClient create(Map<String, String> config) {
    ClientConfig c = ClientConfig.of(name(), config, KEYS, SENSITIVE);
    String apiKey = c.required("apiKey");
    String baseUrl = c.url("baseUrl", DEFAULT_BASE_URL);
    int maxTokens = c.integer("maxTokens", DEFAULT_MAX_TOKENS, 1);
    int thinking = c.integer("thinkingBudgetTokens", DEFAULT_THINKING_CAP, 0);
    Duration timeout = c.duration("timeout", Duration.ofSeconds(120));
    requireLibrary();
    LOG.debug("Anthropic model client: {}", c.masked());
    return new AnthropicModelClient(apiKey, baseUrl, c.string("model", null), maxTokens, thinking,
        timeout);
  }

  @Override
  public Set<String> sensitivePropertyNames() {
    return SENSITIVE;
  }

  private static void requireLibrary() {
    try {
      Class.forName("dev.langchain4j.model.anthropic.AnthropicStreamingChatModel", false,
          AnthropicModelClientFactory.class.getClassLoader());
    } catch (ClassNotFoundException | LinkageError e) {
      throw new SnowchatAgentException(AgentErrorCode.CONFIGURATION,
          "The anthropic model client needs dev.langchain4j:langchain4j-anthropic on the"
          + " class path (an optional dependency of dev.snowchat:chat-agent); add it to the"
          + " host's dependencies", e);
    }
  }
}
