package dev.snowchat.examples.app;

import static java.util.Objects.requireNonNull;

import dev.snowchat.agent.AgentLimits;
import dev.snowchat.mcp.McpConfig;
import dev.snowchat.mcp.ProductVariables;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The chat app's configuration: the warehouse (everything {@link McpConfig} reads), the model,
 * budgets and access. Built from the environment merged with a {@code .env} file, plus the
 * command-line {@code --host} and {@code --port}. Immutable.
 */
public final class AppConfig {
  /** The default port. */
  public static final int DEFAULT_PORT = 8000;
  /** The shortest access token accepted. */
  public static final int MIN_TOKEN_LENGTH = 16;
  /** The engine used when no model is configured. */
  public static final String OFFLINE = "offline";

  /**
   * The variables the app itself reads (the warehouse ones go to {@link McpConfig}): its
   * {@code SNOWCHAT_*} names are {@link ProductVariables#CHAT_APP}, the one list the server and
   * the plugin also accept (and ignore), plus the model providers' and budgets' own names.
   */
  static final Set<String> APP_KEYS = java.util.stream.Stream.concat(
      ProductVariables.CHAT_APP.stream(), java.util.stream.Stream.of("ANTHROPIC_API_KEY",
          "ANTHROPIC_BASE_URL", "OPENAI_BASE_URL", "OPENAI_API_KEY", "DAILY_COST_LIMIT_USD",
          "PER_USER_DAILY_MSGS")).collect(java.util.stream.Collectors.toUnmodifiableSet());
  /** The variables whose values are secrets: never shown, logged or sent. */
  public static final Set<String> SENSITIVE_KEYS =
      Set.of("SNOWCHAT_APP_TOKEN", "ANTHROPIC_API_KEY", "OPENAI_API_KEY");

  private final String host;
  private final int port;
  private final @Nullable String token;
  private final String modelProvider;
  private final @Nullable String model;
  private final AgentLimits limits;
  private final McpConfig warehouse;
  private final Map<String, String> environment;

  private AppConfig(String host, int port, @Nullable String token, String modelProvider,
      @Nullable String model, AgentLimits limits, McpConfig warehouse,
      Map<String, String> environment) {
    this.host = host;
    this.port = port;
    this.token = token;
    this.modelProvider = modelProvider;
    this.model = model;
    this.limits = limits;
    this.warehouse = warehouse;
    this.environment = environment;
  }

  /**
   * Reads the configuration.
   *
   * @param env the environment (already merged with {@code .env})
   * @param hostFlag the {@code --host} flag, or null
   * @param portFlag the {@code --port} flag, or null
   * @return the configuration
   * @throws IllegalArgumentException naming the variable or flag when a value is bad, or when
   *     the app binds beyond loopback without {@code SNOWCHAT_APP_TOKEN}
   */
  public static AppConfig from(Map<String, String> env, @Nullable String hostFlag,
      @Nullable Integer portFlag) {
    requireNonNull(env, "env is null");
    Map<String, String> rest = new LinkedHashMap<>();
    Map<String, String> app = new LinkedHashMap<>();
    env.forEach((k, v) -> {
      if (APP_KEYS.contains(k)) {
        if (v != null && !v.isBlank()) {
          app.put(k, v.strip());
        }
      } else {
        rest.put(k, v); // McpConfig refuses an unknown SNOWCHAT_* name (a typo)
      }
    });
    McpConfig mcp = McpConfig.fromEnvironment(rest);
    String host = hostFlag != null ? hostFlag : app.getOrDefault("SNOWCHAT_APP_HOST", "127.0.0.1");
    if (host.isBlank()) {
      throw new IllegalArgumentException("--host is blank; use e.g. 127.0.0.1");
    }
    int port = portFlag != null ? portFlag
        : app.containsKey("SNOWCHAT_APP_PORT") ? parsePort("SNOWCHAT_APP_PORT",
            app.get("SNOWCHAT_APP_PORT")) : DEFAULT_PORT;
    if (port < 0 || port > 65535) {
      throw new IllegalArgumentException("--port " + port + " is out of range: 0 to 65535"
          + " (0 picks a free port)");
    }
    String token = app.get("SNOWCHAT_APP_TOKEN");
    if (token != null && token.length() < MIN_TOKEN_LENGTH) {
      throw new IllegalArgumentException("SNOWCHAT_APP_TOKEN is too short (" + token.length()
          + " characters): use at least " + MIN_TOKEN_LENGTH + " random characters");
    }
    if (token == null && !McpConfig.isLoopbackHost(host)) {
      throw new IllegalArgumentException("--host " + host + " binds beyond loopback, which"
          + " requires SNOWCHAT_APP_TOKEN (an access token of at least " + MIN_TOKEN_LENGTH
          + " characters); or bind 127.0.0.1");
    }
    String provider = app.get("SNOWCHAT_MODEL_PROVIDER");
    if (provider == null) {
      provider = app.containsKey("ANTHROPIC_API_KEY") ? "anthropic"
          : app.containsKey("OPENAI_BASE_URL") || app.containsKey("OPENAI_API_KEY") ? "openai"
          : OFFLINE;
    }
    provider = provider.toLowerCase(java.util.Locale.ROOT);
    AgentLimits limits = AgentLimits.fromEnvironment(app);
    return new AppConfig(host, port, token, provider, app.get("SNOWCHAT_MODEL"), limits, mcp,
        Map.copyOf(env.entrySet().stream().filter(e -> e.getValue() != null)
            .collect(java.util.stream.Collectors.toMap(Map.Entry::getKey,
                Map.Entry::getValue))));
  }

  private static int parsePort(String key, String v) {
    try {
      return Integer.parseInt(v);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(key + "=" + v + " is not a port number (0 to 65535)");
    }
  }

  /** {@return the bind address} */
  public String host() {
    return host;
  }

  /** {@return the port; 0 picks a free one} */
  public int port() {
    return port;
  }

  /** {@return the access token, when one is configured} */
  public Optional<String> token() {
    return Optional.ofNullable(token);
  }

  /** {@return true when the app binds a loopback address only} */
  public boolean loopback() {
    return McpConfig.isLoopbackHost(host);
  }

  /** {@return the model provider: {@code offline} or a model client factory's name} */
  public String modelProvider() {
    return modelProvider;
  }

  /** {@return the model name, when set} */
  public Optional<String> model() {
    return Optional.ofNullable(model);
  }

  /** {@return the agent's limits: budgets ({@code DAILY_COST_LIMIT_USD}, {@code
   * PER_USER_DAILY_MSGS}) and the defaults for the rest} */
  public AgentLimits limits() {
    return limits;
  }

  /** {@return the warehouse configuration} */
  public McpConfig warehouse() {
    return warehouse;
  }

  /** {@return the whole environment, for model client factories (which pick their keys)} */
  Map<String, String> environment() {
    return environment;
  }

  /** {@return whether a variable is set, never its value} */
  boolean isSet(String key) {
    String v = environment.get(key);
    return v != null && !v.isBlank();
  }

  @Override
  public String toString() {
    return "AppConfig{host=" + host + ", port=" + port + ", token="
        + (token == null ? "none" : McpConfig.MASK) + ", modelProvider=" + modelProvider
        + ", model=" + model + ", limits=" + limits + ", warehouse=" + warehouse + "}";
  }
}
