package dev.snowchat.maven.internal;

import static java.util.Objects.requireNonNull;

import dev.snowchat.mcp.JdbcTarget;
import dev.snowchat.mcp.McpConfig;
import dev.snowchat.mcp.McpVariable;
import dev.snowchat.mcp.sample.SampleWarehouse;
import dev.snowchat.sqlgate.Dialect;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import org.jspecify.annotations.Nullable;

/**
 * Where {@code snowchat:index} reads the catalog from, decided from the goal's parameters and the
 * environment: an explicit JDBC URL, else the MCP server's variables ({@code SNOWFLAKE_*} or
 * {@code SNOWCHAT_JDBC_URL}), else the embedded sample warehouse. The connection itself is
 * mcp-adapter's {@link JdbcTarget}, the one mapping from configuration to a connection.
 *
 * @param kind the kind of warehouse
 * @param target the connection (URL and properties may carry secrets: never show them, show
 *     {@link #description()})
 * @param description a secret-free description for logs and reports
 * @param secrets every secret value in play, for masking messages that might echo one
 */
public record WarehouseTarget(Kind kind, JdbcTarget target, String description,
    List<String> secrets) {

  /** The kind of warehouse. */
  public enum Kind {
    /** The embedded DuckDB sample warehouse. */
    SAMPLE,
    /** Any JDBC database. */
    JDBC,
    /** Snowflake. */
    SNOWFLAKE
  }

  private static final java.util.Set<String> SENSITIVE = java.util.Set.of("password", "token",
      "private_key_pwd", "private_key_file_pwd", "passcode", "passphrase", "secret");

  /** Validates and copies. */
  public WarehouseTarget {
    requireNonNull(kind, "kind is null");
    requireNonNull(target, "target is null");
    requireNonNull(description, "description is null");
    secrets = List.copyOf(secrets);
  }

  /** {@return the JDBC URL; it may carry credentials} */
  public String url() {
    return target.url();
  }

  /** {@return the driver properties; they may hold secrets} */
  public Properties properties() {
    return target.properties();
  }

  /**
   * {@return the SQL dialect of the target: the sample is DuckDB, Snowflake is Snowflake, and a
   * JDBC URL decides for itself, as the MCP server decides}
   */
  public Dialect dialect() {
    return target.dialect();
  }

  /**
   * What the goal was given.
   *
   * @param source {@code auto}, {@code sample}, {@code jdbc} or {@code snowflake}
   * @param jdbcUrl the {@code snowchat.jdbcUrl} parameter, or null
   * @param jdbcUser the {@code snowchat.jdbcUser} parameter, or null
   * @param jdbcPassword the {@code snowchat.jdbcPassword} parameter, or null
   * @param sampleDirectory where to keep the sample warehouse
   */
  public record Request(String source, @Nullable String jdbcUrl, @Nullable String jdbcUser,
      @Nullable String jdbcPassword, Path sampleDirectory) {
    /** Validates the fields. */
    public Request {
      requireNonNull(source, "source is null");
      requireNonNull(sampleDirectory, "sampleDirectory is null");
    }
  }

  /**
   * Decides the target. Creates the sample warehouse when it is the one chosen.
   *
   * @param request the goal's parameters
   * @param env the environment
   * @return the target
   * @throws IllegalArgumentException with a secret-free message naming the parameter or
   *     variable, when the configuration is bad or contradictory
   */
  public static WarehouseTarget resolve(Request request, Map<String, String> env) {
    requireNonNull(request, "request is null");
    requireNonNull(env, "env is null");
    String source = request.source().strip().toLowerCase(Locale.ROOT);
    if (!List.of("auto", "sample", "jdbc", "snowflake").contains(source)) {
      throw new IllegalArgumentException("Bad value for snowchat.source: '" + request.source()
          + "'; expected auto (default), sample, jdbc or snowflake");
    }
    String url = blankToNull(request.jdbcUrl());
    if (url != null) {
      if (!source.equals("auto") && !source.equals("jdbc")) {
        throw new IllegalArgumentException("Conflicting configuration: snowchat.jdbcUrl is set"
            + " but snowchat.source=" + source + "; unset one of them");
      }
      String user = blankToNull(request.jdbcUser());
      if (user == null) {
        user = blankToNull(env.get("SNOWCHAT_JDBC_USER"));
      }
      // Passwords are taken as given: spaces may be part of them.
      String password = request.jdbcPassword();
      String passwordFrom = "snowchat.jdbcPassword";
      if (password == null || password.isEmpty()) {
        password = env.get("SNOWCHAT_JDBC_PASSWORD");
        passwordFrom = "the SNOWCHAT_JDBC_PASSWORD environment variable";
      }
      if (password != null && !password.isEmpty() && user == null) {
        // Named as this goal is configured (McpConfig would name only its variables).
        throw new IllegalArgumentException("A JDBC password is set (" + passwordFrom + ") but no"
            + " user: set snowchat.jdbcUser (-Dsnowchat.jdbcUser=NAME or <jdbcUser> in the pom)"
            + " or the SNOWCHAT_JDBC_USER environment variable");
      }
      return jdbc(url, user, password == null || password.isEmpty() ? null : password);
    }
    if (blankToNull(request.jdbcUser()) != null || blankToNull(request.jdbcPassword()) != null) {
      throw new IllegalArgumentException("snowchat.jdbcUser or snowchat.jdbcPassword is set but"
          + " snowchat.jdbcUrl is not; set snowchat.jdbcUrl too, or unset them");
    }
    if (source.equals("sample")) {
      String dir = blankToNull(env.get(SampleWarehouse.DIRECTORY_ENV));
      return sample(dir == null ? request.sampleDirectory() : Path.of(dir));
    }
    McpConfig config = McpConfig.fromEnvironment(withoutServerOnly(env));
    McpConfig.Backend backend = config.backend();
    if (source.equals("jdbc") && backend != McpConfig.Backend.JDBC) {
      throw new IllegalArgumentException("snowchat.source=jdbc needs snowchat.jdbcUrl or the"
          + " SNOWCHAT_JDBC_URL environment variable");
    }
    if (source.equals("snowflake") && backend != McpConfig.Backend.SNOWFLAKE) {
      throw new IllegalArgumentException("snowchat.source=snowflake needs the SNOWFLAKE_ACCOUNT,"
          + " SNOWFLAKE_USER and SNOWFLAKE_PASSWORD (or SNOWFLAKE_PRIVATE_KEY_FILE) environment"
          + " variables");
    }
    return switch (backend) {
      case SNOWFLAKE -> snowflake(config);
      case JDBC -> jdbc(config.value(McpVariable.SNOWCHAT_JDBC_URL).orElseThrow(),
          config.value(McpVariable.SNOWCHAT_JDBC_USER).orElse(null),
          config.value(McpVariable.SNOWCHAT_JDBC_PASSWORD).orElse(null));
      case SAMPLE -> sample(config.sampleDir().orElse(request.sampleDirectory()));
      case CATALOG -> throw new IllegalArgumentException("snowchat:index indexes one warehouse,"
          + " and SNOWCHAT_SOURCES names a catalog of many: set snowchat.source (jdbc, snowflake"
          + " or sample) with its settings, or unset SNOWCHAT_SOURCES for the build");
    };
  }

  /**
   * A JDBC URL with its credentials, read-only: the goal's configuration has no mode, so DuckDB
   * files open read-only (indexing only reads; it also lets the build share the file).
   */
  private static WarehouseTarget jdbc(String url, @Nullable String user,
      @Nullable String password) {
    String shown = McpConfig.maskUrl(url);
    if (!url.startsWith("jdbc:") || url.length() < 8) {
      throw new IllegalArgumentException("Bad value for snowchat.jdbcUrl: '" + shown
          + "'; expected a JDBC URL such as jdbc:postgresql://host:5432/db or"
          + " jdbc:duckdb:/path/file.duckdb");
    }
    McpConfig.Builder b = McpConfig.builder().jdbcUrl(url);
    List<String> secrets = new ArrayList<>();
    if (user != null) {
      b.jdbcUser(user);
    }
    if (password != null) {
      b.jdbcPassword(password);
      secrets.add(password);
    }
    addUrlSecrets(url, secrets);
    return new WarehouseTarget(Kind.JDBC, JdbcTarget.of(b.build()),
        "JDBC " + shown + (user == null ? "" : " as user " + user), secrets);
  }

  private static WarehouseTarget sample(Path directory) {
    Path file = SampleWarehouse.ensure(directory);
    return new WarehouseTarget(Kind.SAMPLE,
        JdbcTarget.of(McpConfig.builder().sampleDirectory(directory).build()),
        "the embedded sample warehouse (DuckDB " + file + ")", List.of());
  }

  /**
   * Maps the Snowflake variables to the driver's URL and properties exactly as the MCP server
   * does ({@link JdbcTarget#of}), naming this plugin as the client application.
   */
  private static WarehouseTarget snowflake(McpConfig config) {
    JdbcTarget target = JdbcTarget.of(config).withProperty("application",
        "snowchat_maven_plugin");
    String host = target.url().replaceFirst("^jdbc:snowflake://", "").replaceFirst("/.*$", "");
    StringBuilder d = new StringBuilder("Snowflake account ").append(host.replaceFirst(
        "(?i)\\.snowflakecomputing\\.com$", ""));
    config.value(McpVariable.SNOWFLAKE_USER).ifPresent(v -> d.append(" as user ").append(v));
    config.value(McpVariable.SNOWFLAKE_ROLE).ifPresent(v -> d.append(", role ").append(v));
    config.value(McpVariable.SNOWFLAKE_WAREHOUSE)
        .ifPresent(v -> d.append(", warehouse ").append(v));
    return new WarehouseTarget(Kind.SNOWFLAKE, target, d.toString(), config.secretValues());
  }

  /** Adds credentials a URL itself carries ({@code password=...}, {@code user:pw@}). */
  private static void addUrlSecrets(String url, List<String> secrets) {
    var m = java.util.regex.Pattern
        .compile("(?i)(?:password|pwd|passphrase|secret|token)=([^&;]+)").matcher(url);
    while (m.find()) {
      secrets.add(m.group(1));
    }
    var u = java.util.regex.Pattern.compile("//[^/@:]+:([^/@]+)@").matcher(url);
    if (u.find()) {
      secrets.add(u.group(1));
    }
  }

  /**
   * The environment without what only the MCP server reads and this goal must not check: {@code
   * SNOWCHAT_INDEX_SNAPSHOT} names the file this goal writes, so it may not exist yet (a clean
   * checkout) or may hold an old, corrupt snapshot that the goal is about to replace; McpConfig
   * requires a readable JSON object there because the server starts from it.
   */
  static Map<String, String> withoutServerOnly(Map<String, String> env) {
    String snapshot = McpVariable.SNOWCHAT_INDEX_SNAPSHOT.name();
    if (!env.containsKey(snapshot)) {
      return env;
    }
    Map<String, String> copy = new java.util.HashMap<>(env);
    copy.remove(snapshot);
    return copy;
  }

  private static @Nullable String blankToNull(@Nullable String s) {
    return s == null || s.isBlank() ? null : s.strip();
  }

  /**
   * Replaces every secret in a text, for messages that may echo one (driver errors), ignoring
   * case. Unlike {@link McpConfig#maskSecrets}, which skips secrets under 4 characters as noise
   * in query results, every non-empty secret is masked: these messages quote configuration, and
   * a false positive only hides a few characters of one.
   *
   * @param text the text
   * @return the text with secrets replaced by {@value McpConfig#MASK}
   */
  public String mask(@Nullable String text) {
    if (text == null) {
      return "";
    }
    java.util.regex.Pattern all = McpConfig.secretPattern(secrets, 1);
    String out = all == null ? text
        : all.matcher(text).replaceAll(java.util.regex.Matcher.quoteReplacement(McpConfig.MASK));
    return McpConfig.maskUrl(out);
  }

  /** {@return the driver properties with every secret value replaced, for debug logs} */
  public String maskedProperties() {
    StringBuilder sb = new StringBuilder("{");
    Properties properties = target.properties();
    properties.stringPropertyNames().stream().sorted().forEach(k -> {
      String v = properties.getProperty(k);
      boolean secret = SENSITIVE.contains(k.toLowerCase(Locale.ROOT)) || secrets.contains(v);
      sb.append(sb.length() > 1 ? ", " : "").append(k).append('=')
          .append(secret ? McpConfig.MASK : v);
    });
    return sb.append('}').toString();
  }

  @Override
  public String toString() {
    return "WarehouseTarget[" + kind + ", " + description + "]";
  }
}
