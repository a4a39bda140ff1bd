package dev.snowchat.mcp;

import java.util.Optional;
import java.util.Set;

/**
 * The {@code SNOWCHAT_*} variables that other Snowchat products read, so that one environment or
 * one shared {@code .env} file serves every product: the MCP server and the Maven plugin accept
 * these (and ignore them) while still refusing a truly unknown {@code SNOWCHAT_*} name, which is
 * most often a typo. This is the one list; the chat app reads its own names from here.
 */
public final class ProductVariables {
  /** The chat app's own settings ({@code examples}): access, bind address and the model. */
  public static final Set<String> CHAT_APP = Set.of("SNOWCHAT_APP_TOKEN", "SNOWCHAT_APP_HOST",
      "SNOWCHAT_APP_PORT", "SNOWCHAT_MODEL_PROVIDER", "SNOWCHAT_MODEL",
      "SNOWCHAT_CLAUDE_COMMAND");

  /**
   * Read by {@code ./snowchat} and the jars' Java 8 entry point before a product starts: which
   * Java runs the jar, where the start-up caches live.
   */
  public static final Set<String> LAUNCHER = Set.of("SNOWCHAT_JAVA_HOME", "SNOWCHAT_CDS_DIR");

  /**
   * The model providers' documented key variables, which a shared {@code .env} may hold beside
   * the server's settings (the chat app reads them). The server ignores them but masks their
   * values ({@link #secret}).
   */
  public static final Set<String> PROVIDER_KEYS = Set.of("ANTHROPIC_API_KEY",
      "ANTHROPIC_AUTH_TOKEN", "OPENAI_API_KEY");

  private ProductVariables() {}

  /**
   * {@return whether a variable is another product's secret: one of {@link #CHAT_APP}, {@link
   * #LAUNCHER} or {@link #PROVIDER_KEYS} whose name ends in {@code TOKEN}, {@code KEY}, {@code
   * SECRET} or {@code PASSWORD}; the server masks its value wherever it could echo it}
   *
   * @param name the variable
   */
  public static boolean secret(String name) {
    return (CHAT_APP.contains(name) || LAUNCHER.contains(name) || PROVIDER_KEYS.contains(name))
        && (name.endsWith("TOKEN") || name.endsWith("KEY") || name.endsWith("SECRET")
        || name.endsWith("PASSWORD"));
  }

  /**
   * {@return which other product reads a variable ({@code "the chat app"}, {@code "the
   * launcher"}), or empty when none does}
   *
   * @param name the variable
   */
  public static Optional<String> readerOf(String name) {
    return CHAT_APP.contains(name) ? Optional.of("the chat app")
        : LAUNCHER.contains(name) ? Optional.of("the launcher") : Optional.empty();
  }
}
