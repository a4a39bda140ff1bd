package dev.snowchat.mcp;

import static java.util.Objects.requireNonNull;

import dev.snowchat.sqlgate.Dialect;
import dev.snowchat.sqlgate.PermissionMode;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The MCP server's configuration, read strictly from environment variables. Immutable; its
 * {@link #toString()} masks every secret.
 *
 * <p>Three kinds of warehouse, chosen by which variables are set: Snowflake ({@code
 * SNOWFLAKE_ACCOUNT} and friends, the names the reference servers use), any JDBC database
 * ({@code SNOWCHAT_JDBC_URL}), or, with neither, the embedded sample warehouse. Setting both is an
 * error. Every {@code SNOWCHAT_*} and {@code SNOWFLAKE_MCP_*} variable must be one this class
 * knows; an unknown one (a typo, usually) stops start-up with its name. Other {@code SNOWFLAKE_*}
 * variables that Snowflake's own tools read (e.g. {@code SNOWFLAKE_HOME}) are ignored.
 *
 * <pre>{@code
 * McpConfig config = McpConfig.fromEnvironment(System.getenv());
 * }</pre>
 */
public final class McpConfig {

  /** Where the server's data comes from. */
  public enum Backend {
    /** Snowflake, from the {@code SNOWFLAKE_*} variables. */
    SNOWFLAKE,
    /** Any JDBC database, from {@code SNOWCHAT_JDBC_URL}. */
    JDBC,
    /** The embedded DuckDB sample warehouse (nothing configured). */
    SAMPLE
  }

  /** The text that replaces a secret wherever it would be shown. */
  public static final String MASK = "<masked>";

  /** Default row cap per query ({@code SNOWFLAKE_MCP_MAX_ROWS}). */
  public static final int DEFAULT_MAX_ROWS = 1000;
  /** Default result byte cap ({@code SNOWCHAT_MAX_RESULT_BYTES}): 1 MiB, as in the chDB design. */
  public static final long DEFAULT_MAX_RESULT_BYTES = 1_048_576L;
  /** Default statement timeout ({@code SNOWCHAT_QUERY_TIMEOUT}). */
  public static final Duration DEFAULT_QUERY_TIMEOUT = Duration.ofSeconds(60);
  /** Default HTTP port ({@code SNOWCHAT_HTTP_PORT}). */
  public static final int DEFAULT_HTTP_PORT = 8765;
  /** Default schema-index poll interval ({@code SNOWCHAT_INDEX_POLL_INTERVAL}). */
  public static final Duration DEFAULT_POLL_INTERVAL = Duration.ofMinutes(10);

  static final int MAX_ROWS_LIMIT = 100_000;
  static final long MAX_BYTES_LIMIT = 256L * 1024 * 1024;
  static final Duration MAX_TIMEOUT = Duration.ofHours(1);
  static final int MIN_TOKEN_LENGTH = 16;

  /** Every variable this class reads, with whether its value is a secret. */
  private static final Map<String, Boolean> KNOWN = known();

  /** The variables whose values are secrets; never shown, logged or returned. */
  public static final Set<String> SENSITIVE_KEYS = sensitive();

  private static final Pattern ACCOUNT = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");
  private static final Pattern SF_IDENTIFIER = Pattern.compile("[^\\x00-\\x1f\"]{1,255}");
  private static final Pattern QUERY_TAG = Pattern.compile("[A-Za-z0-9 ._:/@=-]{1,200}");
  private static final Pattern DURATION = Pattern.compile("(\\d{1,9})(ms|s|m|h)?");

  private final Backend backend;
  private final Map<String, String> values;
  private final PermissionMode mode;
  private final int maxRows;
  private final long maxResultBytes;
  private final Duration queryTimeout;
  private final Duration pollInterval;
  private final int poolSize;
  private final String queryTag;
  private final String httpHost;
  private final int httpPort;
  private final List<String> allowedOrigins;
  private final List<HttpIdentity> httpIdentities;
  private final List<String> includePatterns;
  private final List<String> excludePatterns;
  private final boolean schemaIndex;

  private McpConfig(Map<String, String> values) {
    this.values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    boolean snowflake = values.containsKey("SNOWFLAKE_ACCOUNT");
    boolean jdbc = values.containsKey("SNOWCHAT_JDBC_URL");
    if (snowflake && jdbc) {
      throw conflict("SNOWCHAT_JDBC_URL", "SNOWFLAKE_ACCOUNT",
          "set SNOWFLAKE_* for Snowflake or SNOWCHAT_JDBC_URL for another database, not both");
    }
    this.backend = snowflake ? Backend.SNOWFLAKE : jdbc ? Backend.JDBC : Backend.SAMPLE;
    checkBackendKeys();

    this.mode = optional("SNOWFLAKE_MCP_MODE").map(v -> {
      try {
        return PermissionMode.parse(v);
      } catch (IllegalArgumentException e) {
        throw bad("SNOWFLAKE_MCP_MODE", v, "read_only (default), read_write or full");
      }
    }).orElse(PermissionMode.READ_ONLY);
    this.maxRows = (int) longValue("SNOWFLAKE_MCP_MAX_ROWS", DEFAULT_MAX_ROWS, 1, MAX_ROWS_LIMIT);
    this.maxResultBytes = longValue("SNOWCHAT_MAX_RESULT_BYTES", DEFAULT_MAX_RESULT_BYTES, 1024,
        MAX_BYTES_LIMIT);
    this.queryTimeout = duration("SNOWCHAT_QUERY_TIMEOUT", DEFAULT_QUERY_TIMEOUT,
        Duration.ofSeconds(1), MAX_TIMEOUT);
    this.pollInterval = duration("SNOWCHAT_INDEX_POLL_INTERVAL", DEFAULT_POLL_INTERVAL,
        Duration.ZERO, Duration.ofDays(1));
    this.poolSize = (int) longValue("SNOWCHAT_POOL_SIZE", 4, 1, 64);
    this.queryTag = optional("SNOWCHAT_QUERY_TAG").map(v -> {
      if (!QUERY_TAG.matcher(v).matches()) {
        throw bad("SNOWCHAT_QUERY_TAG", v,
            "1 to 200 letters, digits, spaces or . _ : / @ = -");
      }
      return v;
    }).orElse("snowchat-mcp");
    this.httpHost = optional("SNOWCHAT_HTTP_HOST").orElse("127.0.0.1");
    this.httpPort = (int) longValue("SNOWCHAT_HTTP_PORT", DEFAULT_HTTP_PORT, 0, 65535);
    this.allowedOrigins = list("SNOWCHAT_HTTP_ALLOWED_ORIGINS");
    for (String origin : allowedOrigins) {
      if (!origin.matches("https?://[^/\\s]+")) {
        throw bad("SNOWCHAT_HTTP_ALLOWED_ORIGINS", origin,
            "a comma-separated list of origins such as http://localhost:3000 or "
                + "https://example.com:*");
      }
    }
    this.schemaIndex = optional("SNOWCHAT_SCHEMA_INDEX").map(v -> switch (
        v.toLowerCase(Locale.ROOT)) {
      case "on", "true" -> true;
      case "off", "false" -> false;
      default -> throw bad("SNOWCHAT_SCHEMA_INDEX", v, "on or off");
    }).orElse(true);
    this.includePatterns = patterns("SNOWCHAT_INCLUDE");
    this.excludePatterns = patterns("SNOWCHAT_EXCLUDE");
    checkFile("SNOWCHAT_GLOSSARY_FILE", true);
    checkFile("SNOWCHAT_INDEX_SNAPSHOT", false);
    checkFile("SNOWFLAKE_PRIVATE_KEY_FILE", true);
    checkFile("SNOWCHAT_HTTP_IDENTITIES", true);
    this.httpIdentities = optional("SNOWCHAT_HTTP_IDENTITIES")
        .map(f -> HttpIdentity.read(Path.of(f), "SNOWCHAT_HTTP_IDENTITIES")).orElse(List.of());
    checkHttp();
  }

  /**
   * Reads the configuration from environment variables. Blank values count as unset.
   *
   * @param env the environment, usually {@link System#getenv()}
   * @return the configuration
   * @throws IllegalArgumentException naming the variable when a value is bad, two variables
   *     conflict, a required one is missing, or a {@code SNOWCHAT_*} / {@code SNOWFLAKE_MCP_*}
   *     variable is unknown; the message never contains a secret
   */
  public static McpConfig fromEnvironment(Map<String, String> env) {
    requireNonNull(env, "env is null");
    Map<String, String> relevant = new LinkedHashMap<>();
    List<String> unknown = new ArrayList<>();
    for (String key : new TreeSet<>(env.keySet())) {
      String value = env.get(key);
      if (key.startsWith("SNOWCHAT_TEST_")) {
        continue; // the test suite's own variables (PostgreSQL URL etc.)
      }
      boolean ours = key.startsWith("SNOWCHAT_") || key.startsWith("SNOWFLAKE_MCP_");
      if (KNOWN.containsKey(key)) {
        if (value != null && !value.isBlank()) {
          relevant.put(key, KNOWN.get(key) ? value : value.strip());
        }
      } else if (ours) {
        unknown.add(key);
      }
    }
    if (!unknown.isEmpty()) {
      throw new IllegalArgumentException("Unknown configuration variable " + unknown.get(0)
          + (unknown.size() > 1 ? " (and " + unknown.subList(1, unknown.size()) + ")" : "")
          + "; known SNOWCHAT_* and SNOWFLAKE_MCP_* variables: " + ourKnownNames());
    }
    return new McpConfig(relevant);
  }

  /** {@return the configuration with nothing set: the sample warehouse, read-only} */
  public static McpConfig defaults() {
    return fromEnvironment(Map.of());
  }

  /** {@return which kind of warehouse is configured} */
  public Backend backend() {
    return backend;
  }

  /** {@return the SQL dialect of the configured warehouse} */
  public Dialect dialect() {
    return switch (backend) {
      case SNOWFLAKE -> Dialect.SNOWFLAKE;
      case SAMPLE -> Dialect.DUCKDB;
      case JDBC -> dialectOfUrl(values.get("SNOWCHAT_JDBC_URL"));
    };
  }

  /** {@return the permission mode ({@code SNOWFLAKE_MCP_MODE}, default read_only)} */
  public PermissionMode mode() {
    return mode;
  }

  /** {@return the row cap per query ({@code SNOWFLAKE_MCP_MAX_ROWS}, default 1000)} */
  public int maxRows() {
    return maxRows;
  }

  /** {@return the result byte cap per query ({@code SNOWCHAT_MAX_RESULT_BYTES})} */
  public long maxResultBytes() {
    return maxResultBytes;
  }

  /** {@return the statement timeout ({@code SNOWCHAT_QUERY_TIMEOUT})} */
  public Duration queryTimeout() {
    return queryTimeout;
  }

  /** {@return the schema-index poll interval, zero when polling is off} */
  public Duration pollInterval() {
    return pollInterval;
  }

  /** {@return the request pool's maximum size ({@code SNOWCHAT_POOL_SIZE}, default 4)} */
  public int poolSize() {
    return poolSize;
  }

  /** {@return the query tag set on Snowflake sessions ({@code SNOWCHAT_QUERY_TAG})} */
  public String queryTag() {
    return queryTag;
  }

  /** {@return the HTTP bind address ({@code SNOWCHAT_HTTP_HOST}, default 127.0.0.1)} */
  public String httpHost() {
    return httpHost;
  }

  /** {@return the HTTP port ({@code SNOWCHAT_HTTP_PORT}, default 8765; 0 picks a free port)} */
  public int httpPort() {
    return httpPort;
  }

  /**
   * {@return the HTTP callers' identities ({@code SNOWCHAT_HTTP_IDENTITIES}): a bearer token each,
   * mapped to the session variables its calls run with; empty when not configured}
   */
  public List<HttpIdentity> httpIdentities() {
    return httpIdentities;
  }

  /** {@return extra allowed browser origins for HTTP ({@code SNOWCHAT_HTTP_ALLOWED_ORIGINS})} */
  public List<String> httpAllowedOrigins() {
    return allowedOrigins;
  }

  /**
   * {@return the bearer token HTTP clients must send ({@code SNOWCHAT_HTTP_TOKEN}), if set}
   * Treat it as a secret.
   */
  public Optional<String> httpToken() {
    return optional("SNOWCHAT_HTTP_TOKEN");
  }

  /** {@return glob patterns ({@code DB.SCHEMA.TABLE}) of objects to show; empty shows all} */
  public List<String> includePatterns() {
    return includePatterns;
  }

  /** {@return glob patterns ({@code DB.SCHEMA.TABLE}) of objects to hide} */
  public List<String> excludePatterns() {
    return excludePatterns;
  }

  /**
   * {@return whether discovery uses the schema index ({@code SNOWCHAT_SCHEMA_INDEX}, default
   * on): loaded in the background, live queries until it is ready}
   */
  public boolean schemaIndexEnabled() {
    return schemaIndex;
  }

  /** {@return the glossary file for the schema index ({@code SNOWCHAT_GLOSSARY_FILE})} */
  public Optional<Path> glossaryFile() {
    return optional("SNOWCHAT_GLOSSARY_FILE").map(Path::of);
  }

  /** {@return the catalog snapshot file for the schema index ({@code SNOWCHAT_INDEX_SNAPSHOT})} */
  public Optional<Path> indexSnapshot() {
    return optional("SNOWCHAT_INDEX_SNAPSHOT").map(Path::of);
  }

  /**
   * {@return the embedding model of the schema index ({@code SNOWCHAT_EMBEDDINGS})}: {@code
   * bge-small} (the shipped default, quantized BGE-small-en-v1.5), {@code bge-small-fp32}, a
   * local ONNX model path (optionally followed by {@code ,pooling=cls} and other settings of the
   * {@code djl} provider), {@code hashing} or {@code none}; see {@code
   * EmbeddingProviders.fromSetting}
   */
  public String embeddings() {
    return optional("SNOWCHAT_EMBEDDINGS").orElse("bge-small");
  }

  /** {@return the directory of the sample warehouse ({@code SNOWCHAT_SAMPLE_DIR})} */
  public Optional<Path> sampleDir() {
    return optional("SNOWCHAT_SAMPLE_DIR").map(Path::of);
  }

  /**
   * Returns a configured value by its variable name. Secrets are returned as is: callers must
   * not show them.
   *
   * @param key the variable name, e.g. {@code SNOWFLAKE_ROLE}
   * @return the value, or empty when unset
   */
  public Optional<String> value(String key) {
    return optional(requireNonNull(key, "key is null"));
  }

  /** {@return every secret value configured, for masking text that might echo one} */
  public List<String> secretValues() {
    List<String> out = new ArrayList<>();
    for (String key : SENSITIVE_KEYS) {
      String v = values.get(key);
      if (v != null) {
        out.add(v);
      }
    }
    return List.copyOf(out);
  }

  /** {@return the configuration with each secret replaced by {@value #MASK}} */
  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("McpConfig[backend=").append(backend)
        .append(", mode=").append(mode.configName())
        .append(", maxRows=").append(maxRows)
        .append(", maxResultBytes=").append(maxResultBytes)
        .append(", queryTimeout=").append(queryTimeout);
    for (Map.Entry<String, String> e : values.entrySet()) {
      sb.append(", ").append(e.getKey()).append('=');
      if (SENSITIVE_KEYS.contains(e.getKey())) {
        sb.append(MASK);
      } else if (e.getKey().equals("SNOWCHAT_JDBC_URL")) {
        sb.append(maskUrl(e.getValue()));
      } else {
        sb.append(e.getValue());
      }
    }
    return sb.append(']').toString();
  }

  /**
   * Masks credentials a JDBC URL may carry ({@code user:password@}, {@code password=...}).
   *
   * @param url the URL
   * @return the URL with credentials replaced by {@value #MASK}
   */
  public static String maskUrl(String url) {
    String out = url.replaceAll("(?i)(password|pwd|passphrase|secret|token)=([^&;]*)",
        "$1=" + MASK);
    return out.replaceAll("//([^/@:]+):([^/@]*)@", "//$1:" + MASK + "@");
  }

  // --- validation ---

  private void checkBackendKeys() {
    switch (backend) {
      case SNOWFLAKE -> {
        String account = values.get("SNOWFLAKE_ACCOUNT");
        if (!ACCOUNT.matcher(stripAccountUrl(account)).matches()) {
          throw bad("SNOWFLAKE_ACCOUNT", account,
              "an account identifier such as myorg-myaccount or xy12345.eu-west-1");
        }
        for (String k : List.of("SNOWFLAKE_ROLE", "SNOWFLAKE_WAREHOUSE", "SNOWFLAKE_DATABASE",
            "SNOWFLAKE_SCHEMA", "SNOWFLAKE_USER")) {
          String v = values.get(k);
          if (v != null && !SF_IDENTIFIER.matcher(v).matches()) {
            throw bad(k, v, "a Snowflake name without double quotes or control characters");
          }
        }
        String auth = values.getOrDefault("SNOWFLAKE_AUTHENTICATOR", "").toLowerCase(Locale.ROOT);
        if (!auth.isEmpty() && !Set.of("snowflake", "snowflake_jwt", "externalbrowser", "oauth",
            "username_password_mfa", "programmatic_access_token").contains(auth)
            && !auth.startsWith("https://")) {
          throw bad("SNOWFLAKE_AUTHENTICATOR", values.get("SNOWFLAKE_AUTHENTICATOR"),
              "snowflake, snowflake_jwt, externalbrowser, oauth, username_password_mfa, "
                  + "programmatic_access_token or an https:// Okta URL");
        }
        if (!values.containsKey("SNOWFLAKE_USER") && !auth.equals("oauth")) {
          throw missing("SNOWFLAKE_USER", "SNOWFLAKE_ACCOUNT is set");
        }
        boolean password = values.containsKey("SNOWFLAKE_PASSWORD");
        boolean key = values.containsKey("SNOWFLAKE_PRIVATE_KEY_FILE");
        if (password && key) {
          throw conflict("SNOWFLAKE_PRIVATE_KEY_FILE", "SNOWFLAKE_PASSWORD",
              "use key-pair authentication or a password, not both");
        }
        if (values.containsKey("SNOWFLAKE_PRIVATE_KEY_FILE_PWD") && !key) {
          throw missing("SNOWFLAKE_PRIVATE_KEY_FILE",
              "SNOWFLAKE_PRIVATE_KEY_FILE_PWD is set");
        }
        if (key && !auth.isEmpty() && !auth.equals("snowflake_jwt")) {
          throw conflict("SNOWFLAKE_AUTHENTICATOR", "SNOWFLAKE_PRIVATE_KEY_FILE",
              "a private key needs SNOWFLAKE_AUTHENTICATOR=snowflake_jwt or unset, got "
                  + values.get("SNOWFLAKE_AUTHENTICATOR"));
        }
        if (!password && !key && (auth.isEmpty() || auth.equals("snowflake")
            || auth.equals("username_password_mfa") || auth.equals("snowflake_jwt"))) {
          throw missing("SNOWFLAKE_PASSWORD or SNOWFLAKE_PRIVATE_KEY_FILE",
              "SNOWFLAKE_ACCOUNT is set"
                  + (auth.isEmpty() ? "" : " with SNOWFLAKE_AUTHENTICATOR=" + auth));
        }
        if ((auth.equals("oauth") || auth.equals("programmatic_access_token")) && !password) {
          throw missing("SNOWFLAKE_PASSWORD",
              "SNOWFLAKE_AUTHENTICATOR=" + auth + " (put the token in SNOWFLAKE_PASSWORD)");
        }
        if (values.containsKey("SNOWFLAKE_SCHEMA") && !values.containsKey("SNOWFLAKE_DATABASE")) {
          throw missing("SNOWFLAKE_DATABASE", "SNOWFLAKE_SCHEMA is set");
        }
        rejectAll("SNOWCHAT_JDBC_USER", "SNOWCHAT_JDBC_PASSWORD");
      }
      case JDBC -> {
        String url = values.get("SNOWCHAT_JDBC_URL");
        if (!url.startsWith("jdbc:") || url.length() < 8) {
          throw new IllegalArgumentException("Bad value for SNOWCHAT_JDBC_URL: " + maskUrl(url)
              + "; expected a JDBC URL such as jdbc:postgresql://host:5432/db");
        }
        if (values.containsKey("SNOWCHAT_JDBC_PASSWORD")
            && !values.containsKey("SNOWCHAT_JDBC_USER")) {
          throw missing("SNOWCHAT_JDBC_USER", "SNOWCHAT_JDBC_PASSWORD is set");
        }
        rejectSnowflakeConnectionKeys("SNOWCHAT_JDBC_URL is set");
      }
      case SAMPLE -> {
        rejectAll("SNOWCHAT_JDBC_USER", "SNOWCHAT_JDBC_PASSWORD");
        rejectSnowflakeConnectionKeys("SNOWFLAKE_ACCOUNT is not set");
      }
    }
  }

  private void rejectAll(String... keys) {
    for (String k : keys) {
      if (values.containsKey(k)) {
        throw new IllegalArgumentException(k + " is set but "
            + (k.startsWith("SNOWCHAT_JDBC") ? "SNOWCHAT_JDBC_URL" : "SNOWFLAKE_ACCOUNT")
            + " is not; set it too, or unset " + k);
      }
    }
  }

  private void rejectSnowflakeConnectionKeys(String why) {
    for (String k : List.of("SNOWFLAKE_USER", "SNOWFLAKE_PASSWORD", "SNOWFLAKE_PRIVATE_KEY_FILE",
        "SNOWFLAKE_PRIVATE_KEY_FILE_PWD", "SNOWFLAKE_AUTHENTICATOR", "SNOWFLAKE_ROLE",
        "SNOWFLAKE_WAREHOUSE", "SNOWFLAKE_DATABASE", "SNOWFLAKE_SCHEMA")) {
      if (values.containsKey(k)) {
        throw new IllegalArgumentException(k + " is set but " + why
            + "; Snowflake needs SNOWFLAKE_ACCOUNT (and no SNOWCHAT_JDBC_URL), or unset " + k);
      }
    }
  }

  private void checkHttp() {
    String token = values.get("SNOWCHAT_HTTP_TOKEN");
    if (token != null && (token.length() < MIN_TOKEN_LENGTH || token.chars().anyMatch(
        c -> c <= ' ' || c > '~'))) {
      throw new IllegalArgumentException("Bad value for SNOWCHAT_HTTP_TOKEN (" + MASK
          + "): expected at least " + MIN_TOKEN_LENGTH + " printable ASCII characters, no spaces");
    }
    if (!isLoopbackHost(httpHost) && token == null && httpIdentities.isEmpty()) {
      throw new IllegalArgumentException("SNOWCHAT_HTTP_HOST=" + httpHost
          + " binds beyond loopback, which requires SNOWCHAT_HTTP_TOKEN (a bearer token of at"
          + " least " + MIN_TOKEN_LENGTH + " characters) or SNOWCHAT_HTTP_IDENTITIES; or use"
          + " SNOWCHAT_HTTP_HOST=127.0.0.1");
    }
  }

  /**
   * Tells whether a bind address is loopback ({@code 127.0.0.1}, {@code ::1}, {@code localhost}).
   *
   * @param host the address
   * @return true for loopback
   */
  public static boolean isLoopbackHost(String host) {
    if (host.equals("localhost")) {
      return true;
    }
    if (!host.matches("[0-9.]+|[0-9a-fA-F:]+")) {
      return false; // a name other than localhost: resolve nothing, assume not loopback
    }
    try {
      return InetAddress.getByName(host).isLoopbackAddress();
    } catch (UnknownHostException e) {
      return false;
    }
  }

  private void checkFile(String key, boolean mustExist) {
    String v = values.get(key);
    if (v == null) {
      return;
    }
    Path p;
    try {
      p = Path.of(v);
    } catch (RuntimeException e) {
      throw bad(key, v, "a file path");
    }
    if (mustExist && !Files.isRegularFile(p)) {
      throw new IllegalArgumentException(key + "=" + v + ": no such readable file");
    }
    if (!mustExist && Files.isDirectory(p)) {
      throw new IllegalArgumentException(key + "=" + v + " is a directory; expected a file");
    }
  }

  private Optional<String> optional(String key) {
    return Optional.ofNullable(values.get(key));
  }

  private long longValue(String key, long dflt, long min, long max) {
    String v = values.get(key);
    if (v == null) {
      return dflt;
    }
    long n;
    try {
      n = Long.parseLong(v.replace("_", ""));
    } catch (NumberFormatException e) {
      throw bad(key, v, "a whole number from " + min + " to " + max);
    }
    if (n < min || n > max) {
      throw bad(key, v, "a whole number from " + min + " to " + max);
    }
    return n;
  }

  private Duration duration(String key, Duration dflt, Duration min, Duration max) {
    String v = values.get(key);
    if (v == null) {
      return dflt;
    }
    var m = DURATION.matcher(v.toLowerCase(Locale.ROOT));
    String expected = "a duration such as 30s, 500ms, 5m or 1h (plain numbers are seconds), from "
        + min + " to " + max;
    if (!m.matches()) {
      throw bad(key, v, expected);
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
      throw bad(key, v, expected);
    }
    return d;
  }

  private List<String> list(String key) {
    String v = values.get(key);
    if (v == null) {
      return List.of();
    }
    List<String> out = new ArrayList<>();
    for (String part : v.split(",")) {
      if (!part.isBlank()) {
        out.add(part.strip());
      }
    }
    return List.copyOf(out);
  }

  private List<String> patterns(String key) {
    List<String> out = list(key);
    for (String p : out) {
      if (!p.matches("[^.\\s]+(\\.[^.\\s]+){0,2}")) {
        throw bad(key, p, "comma-separated glob patterns DATABASE[.SCHEMA[.TABLE]] with * and ?,"
            + " e.g. AIRBNB.*,SALES.PUBLIC.ORDERS");
      }
    }
    return out;
  }

  private static IllegalArgumentException bad(String key, String value, String expected) {
    String shown = SENSITIVE_KEYS.contains(key) ? MASK : value;
    return new IllegalArgumentException(
        "Bad value for " + key + ": '" + shown + "'; expected " + expected);
  }

  private static IllegalArgumentException missing(String key, String because) {
    return new IllegalArgumentException(key + " is required because " + because);
  }

  private static IllegalArgumentException conflict(String key, String other, String hint) {
    return new IllegalArgumentException(
        "Conflicting configuration: " + key + " and " + other + " are both set; " + hint);
  }

  static String stripAccountUrl(String account) {
    String a = account;
    if (a.startsWith("https://") || a.startsWith("http://")) {
      a = URI.create(a).getHost() == null ? a : URI.create(a).getHost();
    }
    if (a.toLowerCase(Locale.ROOT).endsWith(".snowflakecomputing.com")) {
      a = a.substring(0, a.length() - ".snowflakecomputing.com".length());
    }
    return a;
  }

  private static Dialect dialectOfUrl(@Nullable String url) {
    String u = url == null ? "" : url.toLowerCase(Locale.ROOT);
    if (u.startsWith("jdbc:snowflake:")) {
      return Dialect.SNOWFLAKE;
    }
    if (u.startsWith("jdbc:duckdb:")) {
      return Dialect.DUCKDB;
    }
    if (u.startsWith("jdbc:postgresql:")) {
      return Dialect.POSTGRES;
    }
    return Dialect.GENERIC;
  }

  private static String ourKnownNames() {
    return String.join(", ", KNOWN.keySet().stream()
        .filter(k -> k.startsWith("SNOWCHAT_") || k.startsWith("SNOWFLAKE_MCP_"))
        .toList());
  }

  private static Map<String, Boolean> known() {
    Map<String, Boolean> m = new LinkedHashMap<>();
    // Snowflake connection: the reference servers' names.
    for (String k : List.of("SNOWFLAKE_ACCOUNT", "SNOWFLAKE_USER", "SNOWFLAKE_AUTHENTICATOR",
        "SNOWFLAKE_PRIVATE_KEY_FILE", "SNOWFLAKE_ROLE", "SNOWFLAKE_WAREHOUSE",
        "SNOWFLAKE_DATABASE", "SNOWFLAKE_SCHEMA")) {
      m.put(k, false);
    }
    m.put("SNOWFLAKE_PASSWORD", true);
    m.put("SNOWFLAKE_PRIVATE_KEY_FILE_PWD", true);
    m.put("SNOWFLAKE_MCP_MODE", false);
    m.put("SNOWFLAKE_MCP_MAX_ROWS", false);
    // Any JDBC database.
    m.put("SNOWCHAT_JDBC_URL", false);
    m.put("SNOWCHAT_JDBC_USER", false);
    m.put("SNOWCHAT_JDBC_PASSWORD", true);
    // Limits and pools.
    m.put("SNOWCHAT_MAX_RESULT_BYTES", false);
    m.put("SNOWCHAT_QUERY_TIMEOUT", false);
    m.put("SNOWCHAT_POOL_SIZE", false);
    m.put("SNOWCHAT_QUERY_TAG", false);
    // Schema index.
    m.put("SNOWCHAT_SCHEMA_INDEX", false);
    m.put("SNOWCHAT_GLOSSARY_FILE", false);
    m.put("SNOWCHAT_INDEX_SNAPSHOT", false);
    m.put("SNOWCHAT_EMBEDDINGS", false);
    m.put("SNOWCHAT_INDEX_POLL_INTERVAL", false);
    m.put("SNOWCHAT_INCLUDE", false);
    m.put("SNOWCHAT_EXCLUDE", false);
    // Sample warehouse and HTTP transport.
    m.put("SNOWCHAT_SAMPLE_DIR", false);
    m.put("SNOWCHAT_HTTP_HOST", false);
    m.put("SNOWCHAT_HTTP_PORT", false);
    m.put("SNOWCHAT_HTTP_TOKEN", true);
    m.put("SNOWCHAT_HTTP_ALLOWED_ORIGINS", false);
    m.put("SNOWCHAT_HTTP_IDENTITIES", false);
    return Collections.unmodifiableMap(m);
  }

  private static Set<String> sensitive() {
    Set<String> s = new TreeSet<>();
    KNOWN.forEach((k, secret) -> {
      if (secret) {
        s.add(k);
      }
    });
    return Collections.unmodifiableSet(s);
  }

  /** {@return every variable name this class reads, in documentation order} */
  public static Set<String> knownVariables() {
    return KNOWN.keySet();
  }
}
