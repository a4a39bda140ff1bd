package dev.snowchat.mcp.internal.jdbc;

import static java.util.Objects.requireNonNull;

import dev.snowchat.mcp.McpConfig;
import dev.snowchat.sqlgate.Dialect;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Properties;
import java.util.Set;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * Where to connect: a JDBC URL, driver properties (which may hold secrets, so never shown), the
 * dialect, and the default database and schema for names given without them.
 *
 * @param url the JDBC URL
 * @param properties the driver properties
 * @param dialect the SQL dialect
 * @param displayUrl the URL with credentials masked
 * @param defaultDatabase the database used when a name has none, or null for the connection's
 * @param defaultSchema the schema used when a name has none, or null for the connection's
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

  /** Validates the fields. */
  public JdbcTarget {
    requireNonNull(url, "url is null");
    requireNonNull(properties, "properties is null");
    requireNonNull(dialect, "dialect is null");
    requireNonNull(displayUrl, "displayUrl is null");
  }

  /**
   * Maps a configuration to a connection target. The sample warehouse is located (and created on
   * first use) by {@code sampleLocator}.
   *
   * @param config the configuration
   * @param sampleLocator returns the sample DuckDB file's read-only JDBC URL
   * @return the target
   */
  public static JdbcTarget of(McpConfig config, Function<McpConfig, String> sampleLocator) {
    return switch (config.backend()) {
      case SNOWFLAKE -> snowflake(config);
      case JDBC -> {
        String url = config.value("SNOWCHAT_JDBC_URL").orElseThrow();
        Properties p = new Properties();
        config.value("SNOWCHAT_JDBC_USER").ifPresent(u -> p.setProperty("user", u));
        config.value("SNOWCHAT_JDBC_PASSWORD").ifPresent(u -> p.setProperty("password", u));
        Dialect d = config.dialect();
        // A DuckDB file opens read-only unless the mode writes (read_write, full): DuckDB fixes
        // access when the database opens, so a writing mode needs a writable open.
        if (d == Dialect.DUCKDB
            && config.mode() == dev.snowchat.sqlgate.PermissionMode.READ_ONLY) {
          p.setProperty("duckdb.read_only", "true");
        }
        yield new JdbcTarget(url, p, d, McpConfig.maskUrl(url), null, null);
      }
      case SAMPLE -> {
        String url = sampleLocator.apply(config);
        Properties p = new Properties();
        p.setProperty("duckdb.read_only", "true");
        yield new JdbcTarget(url, p, Dialect.DUCKDB, url, "AIRBNB", null);
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
   *
   * @param config a Snowflake configuration
   * @return the target
   */
  public static JdbcTarget snowflake(McpConfig config) {
    String account = config.value("SNOWFLAKE_ACCOUNT").orElseThrow();
    String host = account;
    if (host.startsWith("https://") || host.startsWith("http://")) {
      host = host.replaceFirst("^https?://", "").replaceFirst("/.*$", "");
    }
    if (!host.toLowerCase(Locale.ROOT).endsWith(".snowflakecomputing.com")) {
      host = host + ".snowflakecomputing.com";
    }
    String url = "jdbc:snowflake://" + host + "/";
    Properties p = new Properties();
    config.value("SNOWFLAKE_USER").ifPresent(v -> p.setProperty("user", v));
    config.value("SNOWFLAKE_PASSWORD").ifPresent(v -> p.setProperty("password", v));
    String auth = config.value("SNOWFLAKE_AUTHENTICATOR").orElse(null);
    if (config.value("SNOWFLAKE_PRIVATE_KEY_FILE").isPresent()) {
      p.setProperty("authenticator", "snowflake_jwt");
      p.setProperty("private_key_file",
          Path.of(config.value("SNOWFLAKE_PRIVATE_KEY_FILE").orElseThrow()).toAbsolutePath()
              .toString());
      config.value("SNOWFLAKE_PRIVATE_KEY_FILE_PWD")
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
    config.value("SNOWFLAKE_ROLE").ifPresent(v -> p.setProperty("role", v));
    config.value("SNOWFLAKE_WAREHOUSE").ifPresent(v -> p.setProperty("warehouse", v));
    config.value("SNOWFLAKE_DATABASE").ifPresent(v -> p.setProperty("db", v));
    config.value("SNOWFLAKE_SCHEMA").ifPresent(v -> p.setProperty("schema", v));
    p.setProperty("application", "snowchat_mcp");
    p.setProperty("JDBC_QUERY_RESULT_FORMAT", "JSON");
    p.setProperty("enablePutGet", "false");
    p.setProperty("disableConsoleLogin", "true");
    p.setProperty("CLIENT_SESSION_KEEP_ALIVE", "false");
    p.setProperty("loginTimeout", "30");
    return new JdbcTarget(url, p, Dialect.SNOWFLAKE, url,
        config.value("SNOWFLAKE_DATABASE").orElse(null),
        config.value("SNOWFLAKE_SCHEMA").orElse(null));
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

  @Override
  public String toString() {
    return "JdbcTarget[" + displayUrl + ", " + dialect + ", " + maskedProperties() + "]";
  }
}
