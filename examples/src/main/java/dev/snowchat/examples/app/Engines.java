package dev.snowchat.examples.app;

import dev.snowchat.agent.ChatEngine;
import dev.snowchat.agent.ModelClient;
import dev.snowchat.agent.ModelClientFactory;
import dev.snowchat.agent.OfflinePlanner;
import dev.snowchat.agent.ToolLoopEngine;
import dev.snowchat.mcp.SnowchatMcpServer;
import java.util.ArrayList;
import java.util.List;

/**
 * Chooses the chat engine from {@code SNOWCHAT_MODEL_PROVIDER}: {@code offline} (the default
 * with no model key) is the offline planner; any other name selects a {@link
 * ModelClientFactory} by that exact name (ServiceLoader; {@code anthropic}, {@code openai} when
 * their clients are in the build) and runs the tool loop over it. A name no factory has fails
 * the start with the list of names found.
 */
final class Engines {
  /** The engine and its health checks (engine, and login or key). */
  record Setup(ChatEngine engine, List<Health.Check> checks) {}

  static final String ENGINE = "model engine";
  static final String LOGIN = "model login";
  static final String DEFAULT_ANTHROPIC_MODEL = "claude-sonnet-4-5";

  private Engines() {}

  static Setup given(ChatEngine engine) {
    return new Setup(engine, List.of(new Health.Check(ENGINE, true, engine.name()),
        new Health.Check(LOGIN, true, "not needed: the engine was given in code")));
  }

  static Setup create(AppConfig config, SnowchatMcpServer warehouse) {
    String provider = config.modelProvider();
    if (provider.equals(AppConfig.OFFLINE)) {
      return new Setup(OfflinePlanner.create(),
          List.of(new Health.Check(ENGINE, true, "offline planner: answers discovery questions"
              + " (tables, columns, samples, joins, row counts) from the tools; no model"),
              new Health.Check(LOGIN, true, "not needed; set ANTHROPIC_API_KEY or"
                  + " OPENAI_BASE_URL for free-form questions")));
    }
    ModelClientFactory factory = ModelClientFactory.find(provider);
    List<String> set = new ArrayList<>();
    List<String> missing = new ArrayList<>();
    for (String k : factory.sensitivePropertyNames()) {
      (config.isSet(k) ? set : missing).add(k);
    }
    String model = config.model().orElse(provider.equals("anthropic") ? DEFAULT_ANTHROPIC_MODEL
        : null);
    if (model == null) {
      throw new IllegalArgumentException("SNOWCHAT_MODEL is not set: name the model the "
          + provider + " server serves, e.g. SNOWCHAT_MODEL=llama3.1");
    }
    Health.Check login = set.isEmpty() && !missing.isEmpty()
        ? new Health.Check(LOGIN, false, "none of " + String.join(", ", missing)
            + " is set; the " + provider + " client needs one")
        : new Health.Check(LOGIN, true, set.isEmpty() ? "no key needed"
            : String.join(", ", set) + " set (value hidden)");
    ModelClient client = factory.create(config.environment());
    return new Setup(ToolLoopEngine.builder(client).model(model).build(),
        List.of(new Health.Check(ENGINE, true, provider + ", model " + model), login));
  }
}
