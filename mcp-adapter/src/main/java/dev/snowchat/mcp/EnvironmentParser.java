package dev.snowchat.mcp;

import dev.snowchat.sqlgate.PermissionMode;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads {@link McpConfig} from environment variables: picks the catalogue's variables ({@link
 * McpVariable}), refuses unknown ones in its name space, turns each value's text into the typed
 * setting and hands it to {@link McpConfig.Builder}, which checks values and their combination.
 * Text errors name the variable and what is expected; no secret is ever shown.
 */
final class EnvironmentParser {
  private static final Pattern DURATION = Pattern.compile("(\\d{1,9})(ms|s|m|h)?");

  private EnvironmentParser() {}

  static McpConfig parse(Map<String, String> env) {
    Map<McpVariable, String> values = new EnumMap<>(McpVariable.class);
    Map<String, String> credentials = new TreeMap<>();
    List<String> unknown = new ArrayList<>();
    List<String> otherSecrets = new ArrayList<>();
    for (String key : new TreeSet<>(env.keySet())) {
      if (ProductVariables.secret(key) && env.get(key) != null && !env.get(key).isEmpty()) {
        otherSecrets.add(env.get(key)); // not ours, but masked (a shared .env may be read)
      }
      if (key.startsWith("SNOWCHAT_TEST_") || ProductVariables.readerOf(key).isPresent()) {
        continue; // the test suite's own variables (PostgreSQL URL etc.); the chat app's and
                  // the launchers' (one .env serves every product)
      }
      String value = env.get(key);
      Optional<McpVariable> known = McpVariable.named(key);
      if (known.isPresent() && known.get().family()) {
        if (value != null && !value.isBlank()) {
          credentials.put(key, value); // which credential and field: checked with the catalog
        }
      } else if (known.isPresent()) {
        if (value != null && !value.isBlank()) {
          values.put(known.get(), known.get().secret() ? value : value.strip());
        }
      } else if (McpVariable.isOurs(key)) {
        unknown.add(key);
      }
    }
    if (!unknown.isEmpty()) {
      throw new IllegalArgumentException("Unknown configuration variable " + unknown.get(0)
          + (unknown.size() > 1 ? " (and " + unknown.subList(1, unknown.size()) + ")" : "")
          + "; known SNOWCHAT_* and SNOWFLAKE_MCP_* variables: " + ourNames()
          + "; also accepted (read by the chat app or the launcher): "
          + new TreeSet<>(java.util.stream.Stream.concat(ProductVariables.CHAT_APP.stream(),
              ProductVariables.LAUNCHER.stream()).toList()));
    }
    McpConfig.Builder b = McpConfig.builder();
    values.forEach((key, text) -> apply(b, key, text));
    credentials.forEach(b::credential);
    otherSecrets.forEach(b::maskAlso);
    return b.build();
  }

  private static void apply(McpConfig.Builder b, McpVariable key, String v) {
    switch (key) {
      case SNOWFLAKE_ACCOUNT -> b.snowflakeAccount(v);
      case SNOWFLAKE_USER -> b.snowflakeUser(v);
      case SNOWFLAKE_PASSWORD -> b.snowflakePassword(v);
      case SNOWFLAKE_PRIVATE_KEY_FILE -> b.snowflakePrivateKeyFile(path(key, v));
      case SNOWFLAKE_PRIVATE_KEY_FILE_PWD -> b.snowflakePrivateKeyPassword(v);
      case SNOWFLAKE_AUTHENTICATOR -> b.snowflakeAuthenticator(v);
      case SNOWFLAKE_ROLE -> b.snowflakeRole(v);
      case SNOWFLAKE_WAREHOUSE -> b.snowflakeWarehouse(v);
      case SNOWFLAKE_DATABASE -> b.snowflakeDatabase(v);
      case SNOWFLAKE_SCHEMA -> b.snowflakeSchema(v);
      case SNOWFLAKE_MCP_MODE -> b.mode(mode(v));
      case SNOWFLAKE_MCP_MAX_ROWS -> b.maxRows((int) number(key, v, 1, McpConfig.MAX_ROWS_LIMIT));
      case SNOWCHAT_JDBC_URL -> b.jdbcUrl(v);
      case SNOWCHAT_JDBC_USER -> b.jdbcUser(v);
      case SNOWCHAT_JDBC_PASSWORD -> b.jdbcPassword(v);
      case SNOWCHAT_MAX_RESULT_BYTES -> b.maxResultBytes(number(key, v, McpConfig.MIN_BYTES,
          McpConfig.MAX_BYTES_LIMIT));
      case SNOWCHAT_QUERY_TIMEOUT -> b.queryTimeout(duration(key, v, McpConfig.MIN_TIMEOUT,
          McpConfig.MAX_TIMEOUT));
      case SNOWCHAT_POOL_SIZE -> b.poolSize((int) number(key, v, 1, McpConfig.MAX_POOL_SIZE));
      case SNOWCHAT_QUERY_TAG -> b.queryTag(v);
      case SNOWCHAT_SCHEMA_INDEX -> b.schemaIndex(switch (v.toLowerCase(Locale.ROOT)) {
        case "on", "true" -> true;
        case "off", "false" -> false;
        default -> throw McpConfig.bad(key, v, "on or off");
      });
      case SNOWCHAT_GLOSSARY_FILE -> b.glossaryFile(path(key, v));
      case SNOWCHAT_INDEX_SNAPSHOT -> b.indexSnapshot(path(key, v));
      case SNOWCHAT_EMBEDDINGS -> b.embeddings(v);
      case SNOWCHAT_INDEX_POLL_INTERVAL -> b.indexPollInterval(duration(key, v, Duration.ZERO,
          McpConfig.MAX_POLL_INTERVAL));
      case SNOWCHAT_INCLUDE -> b.include(list(v));
      case SNOWCHAT_EXCLUDE -> b.exclude(list(v));
      case SNOWCHAT_SAMPLE_DIR -> b.sampleDirectory(path(key, v));
      case SNOWCHAT_HTTP_HOST -> b.httpHost(v);
      case SNOWCHAT_HTTP_PORT -> b.httpPort((int) number(key, v, 0, 65535));
      case SNOWCHAT_HTTP_TOKEN -> b.httpToken(v);
      case SNOWCHAT_HTTP_ALLOWED_ORIGINS -> b.httpAllowedOrigins(list(v));
      case SNOWCHAT_HTTP_IDENTITIES -> b.httpIdentitiesFile(path(key, v));
      case SNOWCHAT_HTTP_MAX_BODY_BYTES -> b.httpMaxBodyBytes((int) number(key, v,
          McpConfig.MIN_HTTP_BODY_BYTES, McpConfig.MAX_HTTP_BODY_BYTES));
      case SNOWCHAT_HTTP_MAX_CALLS -> b.httpMaxCalls((int) number(key, v, 1,
          McpConfig.MAX_HTTP_CALLS));
      case SNOWCHAT_HTTP_MAX_SESSIONS -> b.httpMaxSessions((int) number(key, v, 1,
          McpConfig.MAX_HTTP_SESSIONS));
      case SNOWCHAT_HTTP_IDLE_EXPIRY -> b.httpIdleExpiry(duration(key, v,
          McpConfig.MIN_TIMEOUT, McpConfig.MAX_ATTACH_IDLE));
      case SNOWCHAT_SOURCES -> b.sourceCatalog(path(key, v));
      case SNOWCHAT_FILE_ALLOWLIST -> b.fileAllowlist(directories(key, v));
      case SNOWCHAT_ATTACH_MAX_FILES -> b.attachMaxFiles((int) number(key, v, 1,
          McpConfig.MAX_ATTACH_FILES));
      case SNOWCHAT_ATTACH_MAX_SESSIONS -> b.attachMaxSessions((int) number(key, v, 1,
          McpConfig.MAX_ATTACH_SESSIONS));
      case SNOWCHAT_ATTACH_IDLE_EXPIRY -> b.attachIdleExpiry(duration(key, v,
          McpConfig.MIN_TIMEOUT, McpConfig.MAX_ATTACH_IDLE));
      // Read by DotEnv before the environment reaches here; the family by parse().
      case SNOWCHAT_ENV_FILE, SNOWCHAT_CRED -> { }
    }
  }

  private static PermissionMode mode(String v) {
    try {
      return PermissionMode.parse(v);
    } catch (IllegalArgumentException e) {
      throw McpConfig.bad(McpVariable.SNOWFLAKE_MCP_MODE, v,
          "read_only (default), read_write or full");
    }
  }

  private static long number(McpVariable key, String v, long min, long max) {
    try {
      return Long.parseLong(v.replace("_", ""));
    } catch (NumberFormatException e) {
      throw McpConfig.bad(key, v, "a whole number from " + min + " to " + max);
    }
  }

  private static Duration duration(McpVariable key, String v, Duration min, Duration max) {
    Matcher m = DURATION.matcher(v.toLowerCase(Locale.ROOT));
    if (!m.matches()) {
      throw McpConfig.bad(key, v, durationText(min, max));
    }
    long n = Long.parseLong(m.group(1));
    String unit = m.group(2) == null ? "s" : m.group(2);
    Duration d = switch (unit) {
      case "ms" -> Duration.ofMillis(n);
      case "m" -> Duration.ofMinutes(n);
      case "h" -> Duration.ofHours(n);
      default -> Duration.ofSeconds(n);
    };
    if (d.compareTo(min) < 0 || d.compareTo(max) > 0) {
      throw McpConfig.bad(key, v, durationText(min, max));
    }
    return d;
  }

  /** What a duration variable takes, for messages. */
  static String durationText(Duration min, Duration max) {
    return "a duration such as 30s, 500ms, 5m or 1h (plain numbers are seconds), from " + min
        + " to " + max;
  }

  private static Path path(McpVariable key, String v) {
    try {
      return Path.of(v);
    } catch (InvalidPathException e) {
      throw McpConfig.bad(key, v, "a file path");
    }
  }

  /** Directories separated by {@code :} (the PATH convention). */
  private static List<Path> directories(McpVariable key, String v) {
    List<Path> out = new ArrayList<>();
    for (String part : v.split(":")) {
      if (!part.isBlank()) {
        out.add(path(key, part.strip()));
      }
    }
    return List.copyOf(out);
  }

  private static List<String> list(String v) {
    List<String> out = new ArrayList<>();
    for (String part : v.split(",")) {
      if (!part.isBlank()) {
        out.add(part.strip());
      }
    }
    return List.copyOf(out);
  }

  private static String ourNames() {
    List<String> names = new ArrayList<>();
    for (McpVariable v : McpVariable.values()) {
      if (McpVariable.isOurs(v.name())) {
        names.add(v.family() ? v.name() + "_<NAME>_<FIELD>" : v.name());
      }
    }
    return String.join(", ", names);
  }
}
