package dev.snowchat.agent.testing;

import dev.snowchat.agent.ModelClient;
import dev.snowchat.agent.ModelClientFactory;
import java.util.Map;
import java.util.Set;

/**
 * The factory of the name {@code scripted}: a model that answers every request with one fixed
 * text, so a host can run end to end with no model key ({@code SNOWCHAT_MODEL_PROVIDER=scripted}).
 * Settings: {@code reply} (the text, default {@value #DEFAULT_REPLY}); any other key is an error.
 */
public final class ScriptedModelClientFactory implements ModelClientFactory {
  /** The reply when none is configured. */
  public static final String DEFAULT_REPLY = "This is a scripted reply.";

  /** Creates the factory (for {@link java.util.ServiceLoader}). */
  public ScriptedModelClientFactory() {}

  @Override
  public String name() {
    return "scripted";
  }

  @Override
  public ModelClient create(Map<String, String> config) {
    for (String key : config.keySet()) {
      if (!key.equals("reply")) {
        throw new IllegalArgumentException("Unknown setting '" + key
            + "' for the scripted model; allowed: reply");
      }
    }
    String reply = config.getOrDefault("reply", DEFAULT_REPLY);
    if (reply.isBlank()) {
      throw new IllegalArgumentException("Setting 'reply' of the scripted model is blank");
    }
    return ScriptedModelClient.repeating(ScriptedModelClient.reply().text(reply));
  }

  @Override
  public Set<String> sensitivePropertyNames() {
    return Set.of();
  }
}
