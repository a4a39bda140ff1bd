package dev.snowchat.examples.app;

import dev.snowchat.agent.ChatEngine;
import dev.snowchat.agent.ModelClient;
import dev.snowchat.agent.ModelClientFactory;
import dev.snowchat.agent.OfflinePlanner;
import dev.snowchat.agent.ToolLoopEngine;
import dev.snowchat.mcp.SnowchatMcpServer;
import dev.snowchat.agent.claudecode.ClaudeCodeEngine;
import dev.snowchat.agent.claudecode.ClaudeCodeHealth;
import dev.snowchat.mcp.McpVariable;
import dev.snowchat.sqlgate.PermissionMode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * Chooses the chat engine from {@code SNOWCHAT_MODEL_PROVIDER}: {@code offline} (the default
 * with no model key) is the offline planner; {@code claude-code} drives the Claude Code CLI
 * (read_only only); any other name selects a {@link
 * ModelClientFactory} by that exact name (ServiceLoader; {@code anthropic}, {@code openai} when
 * their clients are in the build) and runs the tool loop over it. Any other name fails the
 * start naming SNOWCHAT_MODEL_PROVIDER and the values it takes (exit 2); chat-agent's test-kit
 * {@code scripted} model is not one of them.
 */
final class Engines {
  /** The engine and its health checks (engine, and login or key). */
  record Setup(ChatEngine engine, Supplier<List<Health.Check>> checks) {}

  static final String ENGINE = "model engine";
  static final String LOGIN = "model login";
  static final String CLAUDE_CODE = "claude-code";
  static final String DEFAULT_ANTHROPIC_MODEL = "claude-sonnet-4-5";

  private Engines() {}

  static Setup given(ChatEngine engine) {
    List<Health.Check> checks = List.of(new Health.Check(ENGINE, true, engine.name()),
        new Health.Check(LOGIN, true, "not needed: the engine was given in code"));
    return new Setup(engine, () -> checks);
  }

  static Setup create(AppConfig config, @Nullable SnowchatMcpServer warehouse) {
    String provider = config.modelProvider();
    if (provider.equals(AppConfig.OFFLINE)) {
      List<Health.Check> checks = List.of(new Health.Check(ENGINE, true, "offline planner:"
          + " answers discovery questions (tables, columns, samples, joins, row counts) from the"
          + " tools; no model"), new Health.Check(LOGIN, true, "not needed; set"
          + " ANTHROPIC_API_KEY or OPENAI_BASE_URL for free-form questions"));
      return new Setup(OfflinePlanner.create(), () -> checks);
    }
    if (provider.equals(CLAUDE_CODE)) {
      return claudeCode(config);
    }
    List<String> providers = providers();
    if (!providers.contains(provider)) {
      throw new IllegalArgumentException("SNOWCHAT_MODEL_PROVIDER=" + provider + " is not a"
          + " model provider of this app; valid values: " + String.join(", ", providers));
    }
    ModelClientFactory factory = ModelClientFactory.find(provider);
    String model = config.model().orElse(provider.equals("anthropic") ? DEFAULT_ANTHROPIC_MODEL
        : null);
    if (model == null) {
      throw new IllegalArgumentException("SNOWCHAT_MODEL is not set: name the model the "
          + provider + " server serves, e.g. SNOWCHAT_MODEL=llama3.1");
    }
    // The factories take their own keys (apiKey, baseUrl, model); the environment names are the
    // providers' usual ones.
    Map<String, String> clientConfig = new LinkedHashMap<>();
    String keyVar = provider.equals("anthropic") ? "ANTHROPIC_API_KEY" : "OPENAI_API_KEY";
    String urlVar = provider.equals("anthropic") ? "ANTHROPIC_BASE_URL" : "OPENAI_BASE_URL";
    if (config.isSet(keyVar)) {
      clientConfig.put("apiKey", config.environment().get(keyVar).strip());
    }
    if (config.isSet(urlVar)) {
      clientConfig.put("baseUrl", config.environment().get(urlVar).strip());
    }
    clientConfig.put("model", model);
    Health.Check login;
    if (provider.equals("anthropic")) {
      if (!config.isSet(keyVar)) {
        throw new IllegalArgumentException("SNOWCHAT_MODEL_PROVIDER=anthropic needs"
            + " ANTHROPIC_API_KEY");
      }
      login = new Health.Check(LOGIN, true, "ANTHROPIC_API_KEY set (value hidden)");
    } else {
      if (!config.isSet(urlVar) && !config.isSet(keyVar)) {
        throw new IllegalArgumentException("SNOWCHAT_MODEL_PROVIDER=" + provider + " needs "
            + urlVar + " (a local OpenAI-compatible server) or " + keyVar);
      }
      login = new Health.Check(LOGIN, true, (config.isSet(urlVar) ? urlVar + " "
          + config.environment().get(urlVar).strip() + ", " : "") + keyVar
          + (config.isSet(keyVar) ? " set (value hidden)" : " not set (a local server may need"
          + " none)"));
    }
    ModelClient client = factory.create(clientConfig);
    List<Health.Check> checks = List.of(new Health.Check(ENGINE, true, provider + ", model "
        + model), login);
    return new Setup(ToolLoopEngine.builder(client).model(model).build(), () -> checks);
  }

  /**
   * {@return the values {@code SNOWCHAT_MODEL_PROVIDER} takes in the app: {@code offline}, {@code
   * claude-code}, then every {@link ModelClientFactory} on the class path ({@code anthropic},
   * {@code openai}, a host's own) except chat-agent's test kit ({@code dev.snowchat.agent.testing},
   * the {@code scripted} model, which answers a fixed text and is for hosts' tests)}
   */
  static List<String> providers() {
    java.util.Set<String> found = new java.util.TreeSet<>();
    for (ModelClientFactory f : java.util.ServiceLoader.load(ModelClientFactory.class,
        ModelClientFactory.class.getClassLoader())) {
      if (!f.getClass().getPackageName().equals(TEST_KIT)) {
        found.add(f.name());
      }
    }
    List<String> out = new java.util.ArrayList<>(List.of(AppConfig.OFFLINE, CLAUDE_CODE));
    found.stream().filter(n -> !out.contains(n)).forEach(out::add);
    return out;
  }

  /** The package of chat-agent's test doubles, never offered by the app. */
  private static final String TEST_KIT = "dev.snowchat.agent.testing";

  /**
   * The Claude Code CLI as the engine, with this jar's MCP server as its only tool server (the
   * reference app's design: the person's own Claude Code login, no API key). Its tools run in
   * the CLI's MCP client, out of reach of the app's confirm dialog, so it is accepted only in
   * {@code read_only} mode.
   */
  private static Setup claudeCode(AppConfig config) {
    if (config.warehouse().mode() != PermissionMode.READ_ONLY) {
      throw new IllegalArgumentException("SNOWCHAT_MODEL_PROVIDER=claude-code runs the tools"
          + " inside Claude Code, where the app cannot ask you to confirm a write: use it with"
          + " SNOWFLAKE_MCP_MODE=read_only, or choose anthropic or openai for writing modes");
    }
    List<String> cli = List.of(config.environment().getOrDefault("SNOWCHAT_CLAUDE_COMMAND",
        "claude").split(" "));
    Map<String, String> warehouseEnv = new LinkedHashMap<>();
    config.environment().forEach((k, v) -> {
      if (k.startsWith(McpVariable.CREDENTIAL_PREFIX) && v != null && !v.isBlank()) {
        warehouseEnv.put(k, v); // the source catalog's credentials (SNOWCHAT_CRED_*)
      }
    });
    for (McpVariable v : McpVariable.values()) {
      if (!v.family() && config.isSet(v.name())) {
        warehouseEnv.put(v.name(), config.environment().get(v.name()));
      }
    }
    warehouseEnv.put("OPT_OUT_TRACKING", "true");
    ClaudeCodeEngine.Builder b = ClaudeCodeEngine.builder().command(cli)
        .mcpServerCommand(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
            .toString(), "-Dai.djl.offline=true", "-cp", ownClassPath(),
            "dev.snowchat.mcp.McpServerMain"))
        .environment(warehouseEnv);
    config.model().ifPresent(b::model);
    Supplier<List<Health.Check>> checks = new Supplier<>() {
      private List<Health.Check> last;
      private long at;

      @Override
      public synchronized List<Health.Check> get() {
        long now = System.nanoTime();
        if (last == null || now - at > Duration.ofSeconds(30).toNanos()) {
          ClaudeCodeHealth h = ClaudeCodeEngine.health(cli, Duration.ofSeconds(15));
          last = List.of(new Health.Check(ENGINE, h.installed(), h.installed()
              ? "Claude Code " + h.version() + " with this app's MCP server" : h.detail()),
              new Health.Check(LOGIN, h.loggedIn(), h.loggedIn() ? "logged in (Claude Code)"
                  : h.detail()));
          at = now;
        }
        return last;
      }
    };
    return new Setup(b.build(), checks);
  }

  /** {@return this app's class path: the shaded jar, which also runs the MCP server} */
  private static String ownClassPath() {
    try {
      return Path.of(Engines.class.getProtectionDomain().getCodeSource().getLocation().toURI())
          .toString();
    } catch (java.net.URISyntaxException e) {
      return System.getProperty("java.class.path");
    }
  }
}
