package dev.snowchat.mcp;

import static java.util.Objects.requireNonNull;

import dev.snowchat.mcp.sample.SampleWarehouse;
import dev.snowchat.sqlgate.Dialect;
import dev.snowchat.sqlgate.PermissionMode;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Where a configuration connects: a JDBC URL, the driver properties (which may hold secrets, so
 * never shown), the dialect, and the database and schema that names without them mean. The one
 * mapping from {@link McpConfig} (and so from the environment) to a connection, used by the MCP
 * server, the Maven plugin and the chat app. Immutable.
 *
 * <pre>{@code
 * JdbcTarget target = JdbcTarget.of(McpConfig.fromEnvironment(System.getenv()));
 * DataSource ds = DriverDataSource.of(target.url(), target.properties());
 * }</pre>
 *
 * @param url the JDBC URL (it may carry credentials: show {@link #displayUrl()} instead)
 * @param properties the driver properties (they may hold secrets: show {@link
 *     #maskedProperties()} instead)
 * @param dialect the SQL dialect
 * @param displayUrl the URL with credentials masked
 * @param defaultDatabase the database of a name given without one, or null for the connection's
 * @param defaultSchema the schema of a name given without one, or null for the connection's
 */
public record JdbcTarget(
    String url,
    Properties properties,
    Dialect dialect,
    String displayUrl,
    @Nullable String defaultDatabase,
    @Nullable String defaultSchema) {

  /** Driver property names whose values are secrets. */
  public static final Set<String> SENSITIVE_PROPERTIES =
      Set.of("password", "private_key_pwd", "private_key_file_pwd", "token", "passcode");

  /** Validates the fields and copies the properties. */
  public JdbcTarget {
    requireNonNull(url, "url is null");
    requireNonNull(dialect, "dialect is null");
    requireNonNull(displayUrl, "displayUrl is null");
    properties = copy(requireNonNull(properties, "properties is null"));
  }

  /** {@return a copy of the driver properties; they may hold secrets} */
  @Override
  public Properties properties() {
    return copy(properties);
  }

  private static Properties copy(Properties p) {
    Properties out = new Properties();
    out.putAll(p);
    return out;
  }

  /**
   * Maps a configuration to its connection: Snowflake's variables to the Snowflake JDBC driver's
   * URL and properties, a JDBC URL with its user and password as given, or the sample warehouse,
   * which is built on first use under {@link McpConfig#sampleDir()} (default {@code
   * ~/.snowchat/sample}) and opened read-only.
   *
   * @param config the configuration
   * @return the target
   * @throws dev.snowchat.sqlgate.SnowchatException with {@link
   *     dev.snowchat.mcp.sample.SampleErrorCode#SAMPLE_BUILD_FAILED} when the sample warehouse
   *     cannot be built
   */
  public static JdbcTarget of(McpConfig config) {
    requireNonNull(config, "config is null");
    return switch (config.backend()) {
      case SNOWFLAKE -> snowflake(config);
      case JDBC -> {
        String url = config.value(McpVariable.SNOWCHAT_JDBC_URL).orElseThrow();
        Properties p = new Properties();
        config.value(McpVariable.SNOWCHAT_JDBC_USER).ifPresent(u -> p.setProperty("user", u));
        config.value(McpVariable.SNOWCHAT_JDBC_PASSWORD)
            .ifPresent(u -> p.setProperty("password", u));
        Dialect d = config.dialect();
        // A DuckDB file opens read-only unless the mode writes (read_write, full): DuckDB fixes
        // access when the database opens, so a writing mode needs a writable open.
        if (d == Dialect.DUCKDB && config.mode() == PermissionMode.READ_ONLY) {
          p.setProperty("duckdb.read_only", "true");
        }
        yield new JdbcTarget(url, p, d, McpConfig.maskUrl(url), null, null);
      }
      case SAMPLE -> {
        Path dir = config.sampleDir().orElseGet(() -> SampleWarehouse.defaultDirectory(Map.of()));
        String url = SampleWarehouse.jdbcUrl(SampleWarehouse.ensure(dir));
        Properties p = new Properties();
        p.setProperty("duckdb.read_only", "true");
        yield new JdbcTarget(url, p, Dialect.DUCKDB, url, SampleWarehouse.DATABASE, null);
      }
    };
  }

  /**
   * Maps the Snowflake variables to the Snowflake JDBC driver's URL and properties, as the driver
   * documents them: {@code jdbc:snowflake://ACCOUNT.snowflakecomputing.com/}, {@code user},
   * {@code password}, {@code authenticator} ({@code snowflake_jwt} for a key pair), {@code
   * private_key_file}, {@code private_key_pwd}, {@code role}, {@code warehouse}, {@code db},
   * {@code schema}; plus JSON results (no Arrow, which needs extra JVM flags), PUT/GET disabled,
   * and the driver's console login off.
   */
  private static JdbcTarget snowflake(McpConfig config) {
    String account = config.value(McpVariable.SNOWFLAKE_ACCOUNT).orElseThrow();
    String host = account;
    if (host.startsWith("https://") || host.startsWith("http://")) {
      host = host.replaceFirst("^https?://", "").replaceFirst("/.*$", "");
    }
    if (!host.toLowerCase(Locale.ROOT).endsWith(".snowflakecomputing.com")) {
      host = host + ".snowflakecomputing.com";
    }
    String url = "jdbc:snowflake://" + host + "/";
    Properties p = new Properties();
    config.value(McpVariable.SNOWFLAKE_USER).ifPresent(v -> p.setProperty("user", v));
    config.value(McpVariable.SNOWFLAKE_PASSWORD).ifPresent(v -> p.setProperty("password", v));
    String auth = config.value(McpVariable.SNOWFLAKE_AUTHENTICATOR).orElse(null);
    if (config.value(McpVariable.SNOWFLAKE_PRIVATE_KEY_FILE).isPresent()) {
      p.setProperty("authenticator", "snowflake_jwt");
      p.setProperty("private_key_file", Path.of(config.value(
          McpVariable.SNOWFLAKE_PRIVATE_KEY_FILE).orElseThrow()).toAbsolutePath().toString());
      config.value(McpVariable.SNOWFLAKE_PRIVATE_KEY_FILE_PWD)
          .ifPresent(v -> p.setProperty("private_key_pwd", v));
    } else if (auth != null) {
      String a = auth.toLowerCase(Locale.ROOT);
      if (a.equals("oauth") || a.equals("programmatic_access_token")) {
        // The token travels in SNOWFLAKE_PASSWORD; the driver reads it from "token".
        p.setProperty("token", p.getProperty("password"));
        p.remove("password");
      }
      p.setProperty("authenticator", a.startsWith("https://") ? auth : a);
    }
    config.value(McpVariable.SNOWFLAKE_ROLE).ifPresent(v -> p.setProperty("role", v));
    config.value(McpVariable.SNOWFLAKE_WAREHOUSE).ifPresent(v -> p.setProperty("warehouse", v));
    config.value(McpVariable.SNOWFLAKE_DATABASE).ifPresent(v -> p.setProperty("db", v));
    config.value(McpVariable.SNOWFLAKE_SCHEMA).ifPresent(v -> p.setProperty("schema", v));
    p.setProperty("application", "snowchat_mcp");
    p.setProperty("JDBC_QUERY_RESULT_FORMAT", "JSON");
    p.setProperty("enablePutGet", "false");
    p.setProperty("disableConsoleLogin", "true");
    p.setProperty("CLIENT_SESSION_KEEP_ALIVE", "false");
    p.setProperty("loginTimeout", "30");
    return new JdbcTarget(url, p, Dialect.SNOWFLAKE, url,
        config.value(McpVariable.SNOWFLAKE_DATABASE).orElse(null),
        config.value(McpVariable.SNOWFLAKE_SCHEMA).orElse(null));
  }

  /**
   * {@return this target with one driver property set, e.g. a host's own Snowflake {@code
   * application} name}
   *
   * @param key the property
   * @param value its value
   */
  public JdbcTarget withProperty(String key, String value) {
    Properties p = copy(properties);
    p.setProperty(requireNonNull(key, "key is null"), requireNonNull(value, "value is null"));
    return new JdbcTarget(url, p, dialect, displayUrl, defaultDatabase, defaultSchema);
  }

  /** {@return the driver properties with secret values masked, for logs} */
  public String maskedProperties() {
    StringBuilder sb = new StringBuilder("{");
    properties.stringPropertyNames().stream().sorted().forEach(k -> {
      if (sb.length() > 1) {
        sb.append(", ");
      }
      sb.append(k).append('=').append(SENSITIVE_PROPERTIES.contains(k.toLowerCase(Locale.ROOT))
          ? McpConfig.MASK : properties.getProperty(k));
    });
    return sb.append('}').toString();
  }

  /** {@return the target with its URL and properties masked} */
  @Override
  public String toString() {
    return "JdbcTarget[" + displayUrl + ", " + dialect + ", " + maskedProperties() + "]";
  }
}
