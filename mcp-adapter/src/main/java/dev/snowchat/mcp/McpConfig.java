package dev.snowchat.mcp;

import static java.util.Objects.requireNonNull;

import dev.snowchat.mcp.internal.sources.AllowedPaths;
import dev.snowchat.mcp.internal.sources.Credential;
import dev.snowchat.mcp.internal.sources.Source;
import dev.snowchat.mcp.internal.sources.SourceCatalog;
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
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The MCP server's configuration: an immutable value, built by {@link #builder()} or read from
 * environment variables by {@link #fromEnvironment(Map)}. Its {@link #toString()} masks every
 * secret.
 *
 * <p>Three kinds of warehouse, chosen by what is set: Snowflake (an account), any JDBC database
 * (a JDBC URL), or, with neither, the embedded sample warehouse. Setting both is an error. A
 * source catalog ({@link Builder#sourceCatalog}) serves many named sources instead, and takes
 * neither. Each
 * setting is one of the {@link McpVariable variables}, and errors name it by that variable,
 * whichever way the value came. The launchers' own variables ({@code SNOWCHAT_JAVA_HOME}, {@code
 * SNOWCHAT_CDS_DIR}: which Java starts the jar, where the start-up caches live) are not
 * configuration and are ignored.
 *
 * <pre>{@code
 * McpConfig config = McpConfig.builder()
 *     .jdbcUrl("jdbc:postgresql://db:5432/shop").jdbcUser("reader").jdbcPassword(password)
 *     .maxRows(500)
 *     .build();
 * McpConfig fromEnv = McpConfig.fromEnvironment(System.getenv());
 * }</pre>
 */
public final class McpConfig {

  /** Where the server's data comes from. */
  public enum Backend {
    /** Snowflake, from the {@code SNOWFLAKE_*} settings. */
    SNOWFLAKE,
    /** Any JDBC database, from {@code SNOWCHAT_JDBC_URL}. */
    JDBC,
    /** The embedded DuckDB sample warehouse (nothing configured). */
    SAMPLE,
    /**
     * Many named sources from a source catalog ({@code SNOWCHAT_SOURCES}), each with its own
     * connection; there is no single target ({@link JdbcTarget#of} refuses it).
     */
    CATALOG
  }

  /** The text that replaces a secret wherever it would be shown. */
  public static final String MASK = "<masked>";

  /**
   * Default row cap per query ({@code SNOWFLAKE_MCP_MAX_ROWS}): 200, sized for a model's context
   * (typical rows of the sample render in 90 to 230 bytes of text, so a full result is at most
   * some 46 KB, about 12k tokens; issue 13, measured by {@code ResultSizeBench}).
   */
  public static final int DEFAULT_MAX_ROWS = 200;
  /**
   * Default result byte cap ({@code SNOWCHAT_MAX_RESULT_BYTES}): 128 KiB, about 32k tokens, the
   * ceiling for results with wide cells (the chDB design's 1 MiB is some 250k tokens, more than a
   * model's whole context).
   */
  public static final long DEFAULT_MAX_RESULT_BYTES = 131_072L;
  /** Default number of files one session may attach ({@code SNOWCHAT_ATTACH_MAX_FILES}). */
  public static final int DEFAULT_ATTACH_MAX_FILES = 20;
  /** Default number of sessions holding attachments ({@code SNOWCHAT_ATTACH_MAX_SESSIONS}). */
  public static final int DEFAULT_ATTACH_MAX_SESSIONS = 200;
  /** Default idle expiry of a session's attachments ({@code SNOWCHAT_ATTACH_IDLE_EXPIRY}). */
  public static final Duration DEFAULT_ATTACH_IDLE_EXPIRY = Duration.ofMinutes(30);
  /** Default statement timeout ({@code SNOWCHAT_QUERY_TIMEOUT}). */
  public static final Duration DEFAULT_QUERY_TIMEOUT = Duration.ofSeconds(60);
  /** Default HTTP port ({@code SNOWCHAT_HTTP_PORT}). */
  public static final int DEFAULT_HTTP_PORT = 8765;
  /** Default schema-index poll interval ({@code SNOWCHAT_INDEX_POLL_INTERVAL}). */
  public static final Duration DEFAULT_POLL_INTERVAL = Duration.ofMinutes(10);
  /**
   * Default largest HTTP request body ({@code SNOWCHAT_HTTP_MAX_BODY_BYTES}): 1 MiB, four times
   * the longest statement the gate reads (256 Ki characters).
   */
  public static final int DEFAULT_HTTP_MAX_BODY_BYTES = 1 << 20;
  /** Default number of tool calls running at once over HTTP ({@code SNOWCHAT_HTTP_MAX_CALLS}). */
  public static final int DEFAULT_HTTP_MAX_CALLS = 16;
  /** Default number of open HTTP sessions ({@code SNOWCHAT_HTTP_MAX_SESSIONS}). */
  public static final int DEFAULT_HTTP_MAX_SESSIONS = 1000;
  /** Default idle expiry of an HTTP session ({@code SNOWCHAT_HTTP_IDLE_EXPIRY}). */
  public static final Duration DEFAULT_HTTP_IDLE_EXPIRY = Duration.ofMinutes(30);

  static final int MAX_ROWS_LIMIT = 100_000;
  static final long MIN_BYTES = 1024;
  static final long MAX_BYTES_LIMIT = 256L * 1024 * 1024;
  static final Duration MIN_TIMEOUT = Duration.ofSeconds(1);
  static final Duration MAX_TIMEOUT = Duration.ofHours(1);
  static final Duration MAX_POLL_INTERVAL = Duration.ofDays(1);
  static final int MAX_POOL_SIZE = 64;
  static final int MIN_TOKEN_LENGTH = 16;
  static final int MAX_ATTACH_FILES = 1000;
  static final int MAX_ATTACH_SESSIONS = 100_000;
  static final Duration MAX_ATTACH_IDLE = Duration.ofDays(7);
  static final int MIN_HTTP_BODY_BYTES = 64 * 1024;
  static final int MAX_HTTP_BODY_BYTES = 64 << 20;
  static final int MAX_HTTP_CALLS = 256;
  static final int MAX_HTTP_SESSIONS = 100_000;

  private static final Pattern ACCOUNT = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");
  private static final Pattern SF_IDENTIFIER = Pattern.compile("[^\\x00-\\x1f\"]{1,255}");
  private static final Pattern QUERY_TAG = Pattern.compile("[A-Za-z0-9 ._:/@=-]{1,200}");
  private static final Pattern ORIGIN = Pattern.compile("https?://[^/\\s]+");
  private static final Pattern NAME_GLOB = Pattern.compile("[^.\\s]+(\\.[^.\\s]+){0,2}");
  private static final Set<String> AUTHENTICATORS = Set.of("snowflake", "snowflake_jwt",
      "externalbrowser", "oauth", "username_password_mfa", "programmatic_access_token");

  private final Backend backend;
  // The text of every setting given, by variable: for value(), secretValues() and toString().
  private final Map<McpVariable, String> settings;
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
  // SNOWCHAT_CRED_* values by variable name (the source catalog's credentials).
  private final Map<String, String> credentials;
  // Other products' secrets in the same environment (ProductVariables.secret): masked only.
  private final List<String> otherSecrets;
  private final SourceCatalog catalog;
  private final List<Path> fileAllowlist;
  private final int attachMaxFiles;
  private final int attachMaxSessions;
  private final Duration attachIdleExpiry;
  private final int httpMaxBodyBytes;
  private final int httpMaxCalls;
  private final int httpMaxSessions;
  private final Duration httpIdleExpiry;

  private McpConfig(Builder b, Backend backend, SourceCatalog catalog) {
    this.backend = backend;
    this.settings = Collections.unmodifiableMap(new EnumMap<>(b.settings));
    this.mode = b.mode == null ? PermissionMode.READ_ONLY : b.mode;
    this.maxRows = b.maxRows == null ? DEFAULT_MAX_ROWS : b.maxRows;
    this.maxResultBytes = b.maxResultBytes == null ? DEFAULT_MAX_RESULT_BYTES : b.maxResultBytes;
    this.queryTimeout = b.queryTimeout == null ? DEFAULT_QUERY_TIMEOUT : b.queryTimeout;
    this.pollInterval = b.pollInterval == null ? DEFAULT_POLL_INTERVAL : b.pollInterval;
    this.poolSize = b.poolSize == null ? 4 : b.poolSize;
    this.queryTag = b.text(McpVariable.SNOWCHAT_QUERY_TAG).orElse("snowchat-mcp");
    this.httpHost = b.text(McpVariable.SNOWCHAT_HTTP_HOST).orElse("127.0.0.1");
    this.httpPort = b.httpPort == null ? DEFAULT_HTTP_PORT : b.httpPort;
    this.allowedOrigins = b.allowedOrigins;
    this.httpIdentities = b.httpIdentities;
    this.includePatterns = b.include;
    this.excludePatterns = b.exclude;
    this.schemaIndex = b.schemaIndex == null || b.schemaIndex;
    this.credentials = Collections.unmodifiableMap(new TreeMap<>(b.credentials));
    this.otherSecrets = List.copyOf(b.otherSecrets);
    this.catalog = catalog;
    this.fileAllowlist = b.fileAllowlist;
    this.attachMaxFiles = b.attachMaxFiles == null ? DEFAULT_ATTACH_MAX_FILES : b.attachMaxFiles;
    this.attachMaxSessions = b.attachMaxSessions == null ? DEFAULT_ATTACH_MAX_SESSIONS
        : b.attachMaxSessions;
    this.attachIdleExpiry = b.attachIdleExpiry == null ? DEFAULT_ATTACH_IDLE_EXPIRY
        : b.attachIdleExpiry;
    this.httpMaxBodyBytes = b.httpMaxBodyBytes == null ? DEFAULT_HTTP_MAX_BODY_BYTES
        : b.httpMaxBodyBytes;
    this.httpMaxCalls = b.httpMaxCalls == null ? DEFAULT_HTTP_MAX_CALLS : b.httpMaxCalls;
    this.httpMaxSessions = b.httpMaxSessions == null ? DEFAULT_HTTP_MAX_SESSIONS
        : b.httpMaxSessions;
    this.httpIdleExpiry = b.httpIdleExpiry == null ? DEFAULT_HTTP_IDLE_EXPIRY : b.httpIdleExpiry;
    // The parsed catalog reaches the server's internals without becoming API.
    SourceCatalog.remember(this, catalog);
  }

  /** {@return a new builder; with nothing set it builds the sample warehouse, read-only} */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Reads the configuration from environment variables: the {@link McpVariable} names. Blank
   * values count as unset; values are stripped of surrounding white space, secrets excepted.
   *
   * @param env the environment, usually {@link System#getenv()}
   * @return the configuration
   * @throws IllegalArgumentException naming the variable when a value is bad, two variables
   *     conflict, a required one is missing, or a {@code SNOWCHAT_*} / {@code SNOWFLAKE_MCP_*}
   *     variable is unknown; the message never contains a secret
   */
  public static McpConfig fromEnvironment(Map<String, String> env) {
    return EnvironmentParser.parse(requireNonNull(env, "env is null"));
  }

  /** {@return the configuration with nothing set: the sample warehouse, read-only} */
  public static McpConfig defaults() {
    return builder().build();
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
      case JDBC -> dialectOfUrl(settings.get(McpVariable.SNOWCHAT_JDBC_URL));
      case CATALOG -> {
        // The default (first) source's.
        Source first = catalog.sources().get(0);
        yield switch (first.kind()) {
          case SNOWFLAKE -> Dialect.SNOWFLAKE;
          case JDBC -> dialectOfUrl(first.jdbcUrl().orElse(null));
          case SAMPLE, FILE, DUCKDB_FILE -> Dialect.DUCKDB;
        };
      }
    };
  }

  /** {@return the permission mode ({@code SNOWFLAKE_MCP_MODE}, default read_only)} */
  public PermissionMode mode() {
    return mode;
  }

  /**
   * {@return the row cap per query ({@code SNOWFLAKE_MCP_MAX_ROWS}, default {@value
   * #DEFAULT_MAX_ROWS})}
   */
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

  /**
   * {@return the largest HTTP request body in bytes ({@code SNOWCHAT_HTTP_MAX_BODY_BYTES}, 1 MiB);
   * a larger one is answered 413 before it is read further}
   */
  public int httpMaxBodyBytes() {
    return httpMaxBodyBytes;
  }

  /**
   * {@return how many tool calls may run at once over HTTP ({@code SNOWCHAT_HTTP_MAX_CALLS}, 16);
   * one more is answered at once with the tool error {@code SERVER_BUSY}}
   */
  public int httpMaxCalls() {
    return httpMaxCalls;
  }

  /**
   * {@return how many HTTP sessions may be open at once ({@code SNOWCHAT_HTTP_MAX_SESSIONS},
   * 1000); one more initialize is answered 503 unless an idle session can make room}
   */
  public int httpMaxSessions() {
    return httpMaxSessions;
  }

  /**
   * {@return how long an HTTP session lives without a request or an open stream ({@code
   * SNOWCHAT_HTTP_IDLE_EXPIRY}, 30 min)}
   */
  public Duration httpIdleExpiry() {
    return httpIdleExpiry;
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
    return value(McpVariable.SNOWCHAT_HTTP_TOKEN);
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
    return value(McpVariable.SNOWCHAT_GLOSSARY_FILE).map(Path::of);
  }

  /** {@return the catalog snapshot file for the schema index ({@code SNOWCHAT_INDEX_SNAPSHOT})} */
  public Optional<Path> indexSnapshot() {
    return value(McpVariable.SNOWCHAT_INDEX_SNAPSHOT).map(Path::of);
  }

  /**
   * {@return the source catalog file ({@code SNOWCHAT_SOURCES}), if set: the server then serves
   * the catalog's named sources instead of one warehouse}
   */
  public Optional<Path> sourceCatalogFile() {
    return value(McpVariable.SNOWCHAT_SOURCES).map(Path::of);
  }

  /**
   * {@return the names of the catalog's sources, in file order (the default first); empty
   * without a catalog}
   */
  public List<String> sourceNames() {
    return catalog.sources().stream().map(Source::name).toList();
  }

  /**
   * {@return the names of the {@code SNOWCHAT_CRED_*} variables set (their values are secrets
   * and are never returned)}
   */
  public Set<String> credentialVariables() {
    return credentials.keySet();
  }

  /**
   * {@return the directories {@code attach_file} may read ({@code SNOWCHAT_FILE_ALLOWLIST});
   * empty turns the tool off}
   */
  public List<Path> fileAllowlist() {
    return fileAllowlist;
  }

  /** {@return how many files one session may attach ({@code SNOWCHAT_ATTACH_MAX_FILES}, 20)} */
  public int attachMaxFiles() {
    return attachMaxFiles;
  }

  /**
   * {@return how many sessions may hold attached files at once ({@code
   * SNOWCHAT_ATTACH_MAX_SESSIONS}, 200)}
   */
  public int attachMaxSessions() {
    return attachMaxSessions;
  }

  /**
   * {@return how long a session's attached files live unused ({@code
   * SNOWCHAT_ATTACH_IDLE_EXPIRY}, 30 min)}
   */
  public Duration attachIdleExpiry() {
    return attachIdleExpiry;
  }

  /**
   * {@return the embedding model of the schema index ({@code SNOWCHAT_EMBEDDINGS}; default {@code
   * bge-small})}: {@code bge-small} (the shipped default, quantized BGE-small-en-v1.5), a local
   * ONNX model path, {@code hashing} or {@code none}, each but {@code none} optionally followed by
   * {@code ,key=value} settings (e.g. {@code ,pooling=cls}); see {@code
   * EmbeddingProviders.fromSetting}
   */
  public String embeddings() {
    return value(McpVariable.SNOWCHAT_EMBEDDINGS).orElse("bge-small");
  }

  /** {@return the directory of the sample warehouse ({@code SNOWCHAT_SAMPLE_DIR}), if set} */
  public Optional<Path> sampleDir() {
    return value(McpVariable.SNOWCHAT_SAMPLE_DIR).map(Path::of);
  }

  /**
   * Returns a setting as text, as its variable would carry it. Secrets are returned as they are:
   * callers must not show them.
   *
   * @param variable the setting, e.g. {@link McpVariable#SNOWFLAKE_ROLE}
   * @return the value, or empty when unset
   */
  public Optional<String> value(McpVariable variable) {
    return Optional.ofNullable(settings.get(requireNonNull(variable, "variable is null")));
  }

  /** {@return every secret value configured, for masking text that might echo one} */
  public List<String> secretValues() {
    List<String> out = new ArrayList<>();
    settings.forEach((k, v) -> {
      if (k.secret()) {
        out.add(v);
      }
    });
    out.addAll(catalog.secretValues());
    credentials.forEach((k, v) -> {
      if (Credential.secretVariable(k)) {
        out.add(v);
      }
    });
    out.addAll(otherSecrets);
    return List.copyOf(new LinkedHashSet<>(out));
  }

  /** {@return the configuration with each secret replaced by {@value #MASK}} */
  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("McpConfig[backend=").append(backend)
        .append(", mode=").append(mode.configName())
        .append(", maxRows=").append(maxRows)
        .append(", maxResultBytes=").append(maxResultBytes)
        .append(", queryTimeout=").append(queryTimeout);
    settings.forEach((k, v) -> {
      sb.append(", ").append(k).append('=');
      if (k.secret()) {
        sb.append(MASK);
      } else if (k == McpVariable.SNOWCHAT_JDBC_URL) {
        sb.append(maskUrl(v));
      } else {
        sb.append(v);
      }
    });
    credentials.forEach((k, v) -> sb.append(", ").append(k).append('=')
        .append(Credential.secretVariable(k) ? MASK : v));
    return sb.append(']').toString();
  }

  /**
   * Replaces every occurrence of any of the secrets in a text with {@value #MASK}, ignoring
   * case ({@code upper(secret)} in a query's result is masked too). Masking sees the secret's
   * own characters only: a secret transformed by a query (reversed, encoded, split across cells,
   * hashed, one character a row) is not recognized; the protection against that is that the
   * statement cannot reach the secret (the gate denies {@code getenv} and file reads), not this.
   *
   * @param text the text, or null (then empty)
   * @param secrets the secret values (under 4 characters they are ignored as noise)
   * @return the masked text
   */
  public static String maskSecrets(@Nullable String text, java.util.Collection<String> secrets) {
    java.util.regex.Pattern p = secretPattern(secrets);
    return text == null ? "" : p == null ? text : p.matcher(text).replaceAll(MASK);
  }

  /**
   * {@return one case-insensitive pattern matching any of the secrets, longest first, or null
   * when there is none of at least 4 characters}
   *
   * @param secrets the secret values
   */
  public static java.util.regex.@Nullable Pattern secretPattern(
      java.util.Collection<String> secrets) {
    return secretPattern(secrets, 4);
  }

  /**
   * {@return one case-insensitive pattern matching any of the secrets of at least {@code
   * minLength} characters, longest first, or null when there is none}
   *
   * @param secrets the secret values (nulls ignored)
   * @param minLength the shortest secret matched, at least 1
   */
  public static java.util.regex.@Nullable Pattern secretPattern(
      java.util.Collection<String> secrets, int minLength) {
    if (minLength < 1) {
      throw new IllegalArgumentException("minLength must be at least 1: " + minLength);
    }
    List<String> s = new ArrayList<>();
    for (String x : secrets) {
      if (x != null && x.length() >= minLength) {
        s.add(x);
      }
    }
    if (s.isEmpty()) {
      return null;
    }
    s.sort(java.util.Comparator.comparingInt(String::length).reversed());
    return java.util.regex.Pattern.compile(String.join("|", s.stream()
        .map(java.util.regex.Pattern::quote).toList()),
        java.util.regex.Pattern.CASE_INSENSITIVE | java.util.regex.Pattern.UNICODE_CASE);
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

  static IllegalArgumentException bad(McpVariable key, String value, String expected) {
    String shown = key.secret() ? MASK : value;
    return new IllegalArgumentException(
        "Bad value for " + key + ": '" + shown + "'; expected " + expected);
  }

  private static IllegalArgumentException missing(String key, String because) {
    return new IllegalArgumentException(key + " is required because " + because);
  }

  private static IllegalArgumentException conflict(McpVariable key, McpVariable other,
      String hint) {
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

  /**
   * Builds an {@link McpConfig}. Each setter checks its value at once and may be called once
   * (again, even with the same value, is an {@link IllegalStateException} naming the value
   * already set, masked for secrets); {@link #build()} checks the settings against each other.
   * Errors name the setting by its {@link McpVariable}.
   */
  public static final class Builder {
    private final Map<McpVariable, String> settings = new EnumMap<>(McpVariable.class);
    private @Nullable PermissionMode mode;
    private @Nullable Integer maxRows;
    private @Nullable Long maxResultBytes;
    private @Nullable Duration queryTimeout;
    private @Nullable Duration pollInterval;
    private @Nullable Integer poolSize;
    private @Nullable Integer httpPort;
    private @Nullable Boolean schemaIndex;
    private List<String> allowedOrigins = List.of();
    private List<HttpIdentity> httpIdentities = List.of();
    private List<String> include = List.of();
    private List<String> exclude = List.of();
    private final Map<String, String> credentials = new TreeMap<>();
    private final List<String> otherSecrets = new ArrayList<>();
    private List<Path> fileAllowlist = List.of();
    private @Nullable Integer attachMaxFiles;
    private @Nullable Integer attachMaxSessions;
    private @Nullable Duration attachIdleExpiry;
    private @Nullable Integer httpMaxBodyBytes;
    private @Nullable Integer httpMaxCalls;
    private @Nullable Integer httpMaxSessions;
    private @Nullable Duration httpIdleExpiry;

    private Builder() {}

    Optional<String> text(McpVariable key) {
      return Optional.ofNullable(settings.get(key));
    }

    /** Records a setting's text once; a second setting is an ISE naming the first. */
    private Builder set(McpVariable key, String text) {
      String old = settings.get(key);
      if (old != null) {
        throw new IllegalStateException(key + " was already set to "
            + (key.secret() ? MASK : key == McpVariable.SNOWCHAT_JDBC_URL ? maskUrl(old) : old));
      }
      settings.put(key, text);
      return this;
    }

    private Builder snowflakeName(McpVariable key, String value) {
      requireNonNull(value, key + " is null");
      if (!SF_IDENTIFIER.matcher(value).matches()) {
        throw bad(key, value, "a Snowflake name without double quotes or control characters");
      }
      return set(key, value);
    }

    private static Path file(McpVariable key, Path path, boolean mustExist) {
      requireNonNull(path, key + " is null");
      if (mustExist && !Files.isRegularFile(path)) {
        throw new IllegalArgumentException(key + "=" + path + ": no such readable file");
      }
      if (!mustExist && Files.isDirectory(path)) {
        throw new IllegalArgumentException(key + "=" + path + " is a directory; expected a file");
      }
      return path;
    }

    /**
     * Connects to Snowflake ({@code SNOWFLAKE_ACCOUNT}).
     *
     * @param account an account identifier such as {@code myorg-myaccount} or {@code
     *     xy12345.eu-west-1}, or the account URL
     * @return this builder
     * @throws IllegalArgumentException when it is not an account identifier
     * @throws IllegalStateException when already set
     */
    public Builder snowflakeAccount(String account) {
      requireNonNull(account, "account is null");
      if (!ACCOUNT.matcher(stripAccountUrl(account)).matches()) {
        throw bad(McpVariable.SNOWFLAKE_ACCOUNT, account,
            "an account identifier such as myorg-myaccount or xy12345.eu-west-1");
      }
      return set(McpVariable.SNOWFLAKE_ACCOUNT, account);
    }

    /**
     * Sets the Snowflake user ({@code SNOWFLAKE_USER}).
     *
     * @param user the user
     * @return this builder
     * @throws IllegalArgumentException for a name with double quotes or control characters
     * @throws IllegalStateException when already set
     */
    public Builder snowflakeUser(String user) {
      return snowflakeName(McpVariable.SNOWFLAKE_USER, user);
    }

    /**
     * Sets the Snowflake password, or the token of {@code oauth} and {@code
     * programmatic_access_token} ({@code SNOWFLAKE_PASSWORD}). A secret.
     *
     * @param password the password or token
     * @return this builder
     * @throws IllegalStateException when already set
     */
    public Builder snowflakePassword(String password) {
      return set(McpVariable.SNOWFLAKE_PASSWORD, requireNonNull(password, "password is null"));
    }

    /**
     * Sets the PKCS#8 private key file for key-pair authentication ({@code
     * SNOWFLAKE_PRIVATE_KEY_FILE}).
     *
     * @param file the key file
     * @return this builder
     * @throws IllegalArgumentException when it is not a readable file
     * @throws IllegalStateException when already set
     */
    public Builder snowflakePrivateKeyFile(Path file) {
      return set(McpVariable.SNOWFLAKE_PRIVATE_KEY_FILE,
          file(McpVariable.SNOWFLAKE_PRIVATE_KEY_FILE, file, true).toString());
    }

    /**
     * Sets the passphrase of an encrypted private key ({@code SNOWFLAKE_PRIVATE_KEY_FILE_PWD}). A
     * secret.
     *
     * @param passphrase the passphrase
     * @return this builder
     * @throws IllegalStateException when already set
     */
    public Builder snowflakePrivateKeyPassword(String passphrase) {
      return set(McpVariable.SNOWFLAKE_PRIVATE_KEY_FILE_PWD,
          requireNonNull(passphrase, "passphrase is null"));
    }

    /**
     * Sets the Snowflake authenticator ({@code SNOWFLAKE_AUTHENTICATOR}).
     *
     * @param authenticator {@code snowflake}, {@code snowflake_jwt}, {@code externalbrowser},
     *     {@code oauth}, {@code username_password_mfa}, {@code programmatic_access_token}, or an
     *     {@code https://} Okta URL
     * @return this builder
     * @throws IllegalArgumentException for another value
     * @throws IllegalStateException when already set
     */
    public Builder snowflakeAuthenticator(String authenticator) {
      requireNonNull(authenticator, "authenticator is null");
      String a = authenticator.toLowerCase(Locale.ROOT);
      if (!AUTHENTICATORS.contains(a) && !a.startsWith("https://")) {
        throw bad(McpVariable.SNOWFLAKE_AUTHENTICATOR, authenticator,
            "snowflake, snowflake_jwt, externalbrowser, oauth, username_password_mfa, "
                + "programmatic_access_token or an https:// Okta URL");
      }
      return set(McpVariable.SNOWFLAKE_AUTHENTICATOR, authenticator);
    }

    /**
     * Sets the session role ({@code SNOWFLAKE_ROLE}).
     *
     * @param role the role
     * @return this builder
     * @throws IllegalArgumentException for a name with double quotes or control characters
     * @throws IllegalStateException when already set
     */
    public Builder snowflakeRole(String role) {
      return snowflakeName(McpVariable.SNOWFLAKE_ROLE, role);
    }

    /**
     * Sets the session warehouse ({@code SNOWFLAKE_WAREHOUSE}).
     *
     * @param warehouse the warehouse
     * @return this builder
     * @throws IllegalArgumentException for a name with double quotes or control characters
     * @throws IllegalStateException when already set
     */
    public Builder snowflakeWarehouse(String warehouse) {
      return snowflakeName(McpVariable.SNOWFLAKE_WAREHOUSE, warehouse);
    }

    /**
     * Sets the session database, also the database of unqualified table names ({@code
     * SNOWFLAKE_DATABASE}).
     *
     * @param database the database
     * @return this builder
     * @throws IllegalArgumentException for a name with double quotes or control characters
     * @throws IllegalStateException when already set
     */
    public Builder snowflakeDatabase(String database) {
      return snowflakeName(McpVariable.SNOWFLAKE_DATABASE, database);
    }

    /**
     * Sets the session schema, also the schema of unqualified table names ({@code
     * SNOWFLAKE_SCHEMA}); needs the database.
     *
     * @param schema the schema
     * @return this builder
     * @throws IllegalArgumentException for a name with double quotes or control characters
     * @throws IllegalStateException when already set
     */
    public Builder snowflakeSchema(String schema) {
      return snowflakeName(McpVariable.SNOWFLAKE_SCHEMA, schema);
    }

    /**
     * Connects to any other database by JDBC URL ({@code SNOWCHAT_JDBC_URL}).
     *
     * @param url a JDBC URL such as {@code jdbc:postgresql://host:5432/db}
     * @return this builder
     * @throws IllegalArgumentException when it is not a JDBC URL (the message masks credentials)
     * @throws IllegalStateException when already set
     */
    public Builder jdbcUrl(String url) {
      requireNonNull(url, "url is null");
      if (!url.startsWith("jdbc:") || url.length() < 8) {
        throw new IllegalArgumentException("Bad value for SNOWCHAT_JDBC_URL: " + maskUrl(url)
            + "; expected a JDBC URL such as jdbc:postgresql://host:5432/db");
      }
      return set(McpVariable.SNOWCHAT_JDBC_URL, url);
    }

    /**
     * Sets the JDBC database's user ({@code SNOWCHAT_JDBC_USER}).
     *
     * @param user the user
     * @return this builder
     * @throws IllegalStateException when already set
     */
    public Builder jdbcUser(String user) {
      return set(McpVariable.SNOWCHAT_JDBC_USER, requireNonNull(user, "user is null"));
    }

    /**
     * Sets the JDBC database's password ({@code SNOWCHAT_JDBC_PASSWORD}). A secret.
     *
     * @param password the password
     * @return this builder
     * @throws IllegalStateException when already set
     */
    public Builder jdbcPassword(String password) {
      return set(McpVariable.SNOWCHAT_JDBC_PASSWORD, requireNonNull(password,
          "password is null"));
    }

    /**
     * Sets where the sample warehouse is built, when neither Snowflake nor a JDBC URL is set
     * ({@code SNOWCHAT_SAMPLE_DIR}; default {@code ~/.snowchat/sample}).
     *
     * @param directory the directory, created when missing
     * @return this builder
     * @throws IllegalStateException when already set
     */
    public Builder sampleDirectory(Path directory) {
      return set(McpVariable.SNOWCHAT_SAMPLE_DIR, requireNonNull(directory, "directory is null")
          .toString());
    }

    /**
     * Sets the permission mode ({@code SNOWFLAKE_MCP_MODE}; default read_only).
     *
     * @param mode the mode
     * @return this builder
     * @throws IllegalStateException when already set
     */
    public Builder mode(PermissionMode mode) {
      set(McpVariable.SNOWFLAKE_MCP_MODE, requireNonNull(mode, "mode is null").configName());
      this.mode = mode;
      return this;
    }

    /**
     * Sets the row cap per query ({@code SNOWFLAKE_MCP_MAX_ROWS}; default {@value
     * McpConfig#DEFAULT_MAX_ROWS}).
     *
     * @param rows 1 to 100000
     * @return this builder
     * @throws IllegalArgumentException when out of range
     * @throws IllegalStateException when already set
     */
    public Builder maxRows(int rows) {
      this.maxRows = (int) number(McpVariable.SNOWFLAKE_MCP_MAX_ROWS, rows, 1, MAX_ROWS_LIMIT);
      return this;
    }

    /**
     * Sets the result byte cap per query ({@code SNOWCHAT_MAX_RESULT_BYTES}; default 1 MiB).
     *
     * @param bytes 1024 to 268435456
     * @return this builder
     * @throws IllegalArgumentException when out of range
     * @throws IllegalStateException when already set
     */
    public Builder maxResultBytes(long bytes) {
      this.maxResultBytes = number(McpVariable.SNOWCHAT_MAX_RESULT_BYTES, bytes, MIN_BYTES,
          MAX_BYTES_LIMIT);
      return this;
    }

    /**
     * Sets the statement timeout, which cancels on the server ({@code SNOWCHAT_QUERY_TIMEOUT};
     * default 60 s).
     *
     * @param timeout 1 s to 1 h
     * @return this builder
     * @throws IllegalArgumentException when out of range
     * @throws IllegalStateException when already set
     */
    public Builder queryTimeout(Duration timeout) {
      this.queryTimeout = duration(McpVariable.SNOWCHAT_QUERY_TIMEOUT, timeout, MIN_TIMEOUT,
          MAX_TIMEOUT);
      return this;
    }

    /**
     * Sets the request pool's size ({@code SNOWCHAT_POOL_SIZE}; default 4).
     *
     * @param size 1 to 64
     * @return this builder
     * @throws IllegalArgumentException when out of range
     * @throws IllegalStateException when already set
     */
    public Builder poolSize(int size) {
      this.poolSize = (int) number(McpVariable.SNOWCHAT_POOL_SIZE, size, 1, MAX_POOL_SIZE);
      return this;
    }

    /**
     * Sets the Snowflake {@code QUERY_TAG} of the sessions ({@code SNOWCHAT_QUERY_TAG}; default
     * {@code snowchat-mcp}).
     *
     * @param tag 1 to 200 letters, digits, spaces or {@code . _ : / @ = -}
     * @return this builder
     * @throws IllegalArgumentException for another value
     * @throws IllegalStateException when already set
     */
    public Builder queryTag(String tag) {
      requireNonNull(tag, "tag is null");
      if (!QUERY_TAG.matcher(tag).matches()) {
        throw bad(McpVariable.SNOWCHAT_QUERY_TAG, tag,
            "1 to 200 letters, digits, spaces or . _ : / @ = -");
      }
      return set(McpVariable.SNOWCHAT_QUERY_TAG, tag);
    }

    /**
     * Turns the schema index on or off ({@code SNOWCHAT_SCHEMA_INDEX}; default on).
     *
     * @param on true to load it in the background and answer discovery from it once ready
     * @return this builder
     * @throws IllegalStateException when already set
     */
    public Builder schemaIndex(boolean on) {
      set(McpVariable.SNOWCHAT_SCHEMA_INDEX, on ? "on" : "off");
      this.schemaIndex = on;
      return this;
    }

    /**
     * Sets the schema index's glossary ({@code SNOWCHAT_GLOSSARY_FILE}).
     *
     * @param file the glossary JSON
     * @return this builder
     * @throws IllegalArgumentException when it is not a readable file
     * @throws IllegalStateException when already set
     */
    public Builder glossaryFile(Path file) {
      return set(McpVariable.SNOWCHAT_GLOSSARY_FILE,
          file(McpVariable.SNOWCHAT_GLOSSARY_FILE, file, true).toString());
    }

    /**
     * Sets the catalog snapshot the schema index loads at start ({@code
     * SNOWCHAT_INDEX_SNAPSHOT}, written by {@code snowchat:index}). An operator who names a
     * snapshot expects the server to start from it: a missing file, or one that is not a JSON
     * object at all, stops start-up naming the setting (as {@code SNOWCHAT_GLOSSARY_FILE} does).
     * A file that starts as JSON but cannot be read as a snapshot is found only when the index
     * loads it in the background: it is logged as a warning naming the file, and the index
     * loads from the warehouse instead.
     *
     * @param file the snapshot file
     * @return this builder
     * @throws IllegalArgumentException when it is not a readable file holding a JSON object
     * @throws IllegalStateException when already set
     */
    public Builder indexSnapshot(Path file) {
      McpVariable key = McpVariable.SNOWCHAT_INDEX_SNAPSHOT;
      file(key, file, true);
      try (java.io.Reader r = Files.newBufferedReader(file,
          java.nio.charset.StandardCharsets.UTF_8)) {
        int c;
        do {
          c = r.read();
        } while (c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == 0xFEFF);
        if (c != '{') {
          throw new IllegalArgumentException(key + "=" + file + ": not a catalog snapshot (a"
              + " JSON object written by snowchat:index)");
        }
      } catch (java.io.IOException | java.io.UncheckedIOException e) {
        throw new IllegalArgumentException(key + "=" + file + ": cannot be read ("
            + e.getClass().getSimpleName() + ")");
      }
      return set(key, file.toString());
    }

    /**
     * Chooses the schema index's embedding model ({@code SNOWCHAT_EMBEDDINGS}; default {@code
     * bge-small}, the shipped model).
     *
     * @param setting {@code bge-small}, a local ONNX model path, {@code hashing} or {@code
     *     none}, each but {@code none} optionally followed by {@code ,key=value} settings of that
     *     model; checked when the index is built
     * @return this builder
     * @throws IllegalArgumentException when blank or with control characters
     * @throws IllegalStateException when already set
     */
    public Builder embeddings(String setting) {
      requireNonNull(setting, "setting is null");
      if (setting.isBlank() || setting.chars().anyMatch(Character::isISOControl)) {
        throw bad(McpVariable.SNOWCHAT_EMBEDDINGS, setting, "bge-small, a local ONNX model"
            + " path, hashing or none");
      }
      return set(McpVariable.SNOWCHAT_EMBEDDINGS, setting.strip());
    }

    /**
     * Sets the schema-index poll interval ({@code SNOWCHAT_INDEX_POLL_INTERVAL}; default 10 min).
     *
     * @param interval zero (no polling) to one day
     * @return this builder
     * @throws IllegalArgumentException when out of range
     * @throws IllegalStateException when already set
     */
    public Builder indexPollInterval(Duration interval) {
      this.pollInterval = duration(McpVariable.SNOWCHAT_INDEX_POLL_INTERVAL, interval,
          Duration.ZERO, MAX_POLL_INTERVAL);
      return this;
    }

    /**
     * Limits what discovery shows ({@code SNOWCHAT_INCLUDE}).
     *
     * @param globs patterns {@code DATABASE[.SCHEMA[.TABLE]]} with {@code *} and {@code ?},
     *     case-insensitive
     * @return this builder
     * @throws IllegalArgumentException for a pattern of more than three parts or with spaces
     * @throws IllegalStateException when already set
     */
    public Builder include(List<String> globs) {
      this.include = globs(McpVariable.SNOWCHAT_INCLUDE, globs);
      return this;
    }

    /**
     * Hides objects from discovery ({@code SNOWCHAT_EXCLUDE}).
     *
     * @param globs patterns {@code DATABASE[.SCHEMA[.TABLE]]} with {@code *} and {@code ?},
     *     case-insensitive
     * @return this builder
     * @throws IllegalArgumentException for a pattern of more than three parts or with spaces
     * @throws IllegalStateException when already set
     */
    public Builder exclude(List<String> globs) {
      this.exclude = globs(McpVariable.SNOWCHAT_EXCLUDE, globs);
      return this;
    }

    private List<String> globs(McpVariable key, List<String> globs) {
      List<String> out = List.copyOf(requireNonNull(globs, key + " is null"));
      for (String p : out) {
        if (!NAME_GLOB.matcher(p).matches()) {
          throw bad(key, p, "comma-separated glob patterns DATABASE[.SCHEMA[.TABLE]] with * and"
              + " ?, e.g. AIRBNB.*,SALES.PUBLIC.ORDERS");
        }
      }
      set(key, String.join(",", out));
      return out;
    }

    /**
     * Sets the HTTP bind address ({@code SNOWCHAT_HTTP_HOST}; default 127.0.0.1). Anything but
     * loopback needs a token or identities.
     *
     * @param host the address
     * @return this builder
     * @throws IllegalStateException when already set
     */
    public Builder httpHost(String host) {
      return set(McpVariable.SNOWCHAT_HTTP_HOST, requireNonNull(host, "host is null"));
    }

    /**
     * Sets the HTTP port ({@code SNOWCHAT_HTTP_PORT}; default 8765).
     *
     * @param port 0 (a free port) to 65535
     * @return this builder
     * @throws IllegalArgumentException when out of range
     * @throws IllegalStateException when already set
     */
    public Builder httpPort(int port) {
      this.httpPort = (int) number(McpVariable.SNOWCHAT_HTTP_PORT, port, 0, 65535);
      return this;
    }

    /**
     * Sets the bearer token HTTP clients must send ({@code SNOWCHAT_HTTP_TOKEN}). A secret.
     *
     * @param token at least 16 printable ASCII characters, no spaces
     * @return this builder
     * @throws IllegalArgumentException for a shorter token (the message does not show it)
     * @throws IllegalStateException when already set
     */
    public Builder httpToken(String token) {
      requireNonNull(token, "token is null");
      if (token.length() < MIN_TOKEN_LENGTH || token.chars().anyMatch(c -> c <= ' ' || c > '~')) {
        throw new IllegalArgumentException("Bad value for SNOWCHAT_HTTP_TOKEN (" + MASK
            + "): expected at least " + MIN_TOKEN_LENGTH + " printable ASCII characters, no"
            + " spaces");
      }
      return set(McpVariable.SNOWCHAT_HTTP_TOKEN, token);
    }

    /**
     * Allows more browser origins over HTTP ({@code SNOWCHAT_HTTP_ALLOWED_ORIGINS}).
     *
     * @param origins origins such as {@code http://localhost:3000} or {@code
     *     https://example.com:*}
     * @return this builder
     * @throws IllegalArgumentException for a value that is not an origin
     * @throws IllegalStateException when already set
     */
    public Builder httpAllowedOrigins(List<String> origins) {
      List<String> out = List.copyOf(requireNonNull(origins, "origins is null"));
      for (String origin : out) {
        if (!ORIGIN.matcher(origin).matches()) {
          throw bad(McpVariable.SNOWCHAT_HTTP_ALLOWED_ORIGINS, origin,
              "a comma-separated list of origins such as http://localhost:3000 or "
                  + "https://example.com:*");
        }
      }
      set(McpVariable.SNOWCHAT_HTTP_ALLOWED_ORIGINS, String.join(",", out));
      this.allowedOrigins = out;
      return this;
    }

    /**
     * Sets the HTTP callers' identities: a bearer token each, mapped to the session variables its
     * calls run with ({@code SNOWCHAT_HTTP_IDENTITIES} names a file of them).
     *
     * @param identities at least one, names and tokens unique
     * @return this builder
     * @throws IllegalArgumentException when empty, or a name or token repeats
     * @throws IllegalStateException when already set
     */
    public Builder httpIdentities(List<HttpIdentity> identities) {
      List<HttpIdentity> out = List.copyOf(requireNonNull(identities, "identities is null"));
      HttpIdentity.checkUnique(out, McpVariable.SNOWCHAT_HTTP_IDENTITIES.name());
      set(McpVariable.SNOWCHAT_HTTP_IDENTITIES, out.stream().map(HttpIdentity::name).toList()
          .toString());
      this.httpIdentities = out;
      return this;
    }

    /** Records the identities file's name as the setting's text, after reading the file. */
    Builder httpIdentitiesFile(Path file) {
      List<HttpIdentity> read = HttpIdentity.read(
          file(McpVariable.SNOWCHAT_HTTP_IDENTITIES, file, true),
          McpVariable.SNOWCHAT_HTTP_IDENTITIES.name());
      set(McpVariable.SNOWCHAT_HTTP_IDENTITIES, file.toString());
      this.httpIdentities = read;
      return this;
    }

    /**
     * Serves the named sources of a catalog file ({@code SNOWCHAT_SOURCES}) instead of one
     * warehouse: Snowflake, JDBC databases, local files and globs (Parquet, CSV, JSON) and DuckDB
     * files, each with an optional credential ({@link #credential}) and limits that may only
     * tighten this configuration's. Not with {@link #snowflakeAccount} or {@link #jdbcUrl}.
     *
     * @param file the JSON file, {@code {"sources": [{"name", "address", "credential"?, ...}]}}
     * @return this builder
     * @throws IllegalArgumentException when it is not a readable file (its content is checked
     *     by {@link #build()})
     * @throws IllegalStateException when already set
     */
    public Builder sourceCatalog(Path file) {
      return set(McpVariable.SNOWCHAT_SOURCES,
          file(McpVariable.SNOWCHAT_SOURCES, file, true).toString());
    }

    /**
     * Sets one field of a credential the source catalog names ({@code
     * SNOWCHAT_CRED_<NAME>_<FIELD>}, e.g. {@code SNOWCHAT_CRED_PG_RO_PASSWORD}). A secret, except
     * the fields {@code USER} and {@code PRIVATE_KEY_FILE}.
     *
     * @param variable the variable's name
     * @param value its value
     * @return this builder
     * @throws IllegalArgumentException when the name does not start with {@code SNOWCHAT_CRED_}
     *     or the value is blank (which credential and field it is, is checked by {@link
     *     #build()})
     * @throws IllegalStateException when already set
     */
    public Builder credential(String variable, String value) {
      requireNonNull(variable, "variable is null");
      requireNonNull(value, "value is null");
      if (!variable.startsWith(McpVariable.CREDENTIAL_PREFIX)
          || !variable.matches("[A-Z0-9_]+") || variable.length() <= 14) {
        throw new IllegalArgumentException("Bad credential variable '" + variable
            + "'; expected SNOWCHAT_CRED_<NAME>_<FIELD> in upper case, e.g."
            + " SNOWCHAT_CRED_PG_RO_PASSWORD");
      }
      if (value.isBlank()) {
        throw new IllegalArgumentException(variable + " is blank");
      }
      if (credentials.containsKey(variable)) {
        throw new IllegalStateException(variable + " was already set to "
            + (Credential.secretVariable(variable) ? MASK : credentials.get(variable)));
      }
      credentials.put(variable, value);
      return this;
    }

    /**
     * Adds another product's secret found in the same environment (the chat app's token, a model
     * provider's key: {@link ProductVariables#secret}) to {@link McpConfig#secretValues()}; it is not a
     * setting of the server, only masked.
     *
     * @param value the secret value
     * @return this builder
     */
    Builder maskAlso(String value) {
      otherSecrets.add(requireNonNull(value, "value is null"));
      return this;
    }

    /**
     * Turns on {@code attach_file} for files under these directories ({@code
     * SNOWCHAT_FILE_ALLOWLIST}).
     *
     * @param directories existing absolute directories, at least one; a path a caller gives is
     *     resolved (symlinks, {@code ..}) before it is checked against their real paths
     * @return this builder
     * @throws IllegalArgumentException when empty, or a directory is relative or missing
     * @throws IllegalStateException when already set
     */
    public Builder fileAllowlist(List<Path> directories) {
      List<Path> out = List.copyOf(requireNonNull(directories, "directories is null"));
      StringBuilder text = new StringBuilder();
      for (Path p : out) {
        text.append(text.isEmpty() ? "" : ":").append(p);
      }
      AllowedPaths.parse(text.toString()); // relative, missing or no directory: the error
      set(McpVariable.SNOWCHAT_FILE_ALLOWLIST, text.toString());
      this.fileAllowlist = out;
      return this;
    }

    /**
     * Sets how many files one session may attach ({@code SNOWCHAT_ATTACH_MAX_FILES}; default
     * 20); beyond, the least recently used attachment goes.
     *
     * @param files 1 to 1000
     * @return this builder
     * @throws IllegalArgumentException when out of range
     * @throws IllegalStateException when already set
     */
    public Builder attachMaxFiles(int files) {
      this.attachMaxFiles = (int) number(McpVariable.SNOWCHAT_ATTACH_MAX_FILES, files, 1,
          MAX_ATTACH_FILES);
      return this;
    }

    /**
     * Sets how many sessions may hold attached files at once ({@code
     * SNOWCHAT_ATTACH_MAX_SESSIONS}; default 200); beyond, the least recently used session's
     * attachments go.
     *
     * @param sessions 1 to 100000
     * @return this builder
     * @throws IllegalArgumentException when out of range
     * @throws IllegalStateException when already set
     */
    public Builder attachMaxSessions(int sessions) {
      this.attachMaxSessions = (int) number(McpVariable.SNOWCHAT_ATTACH_MAX_SESSIONS, sessions,
          1, MAX_ATTACH_SESSIONS);
      return this;
    }

    /**
     * Sets how long a session's attached files live unused ({@code
     * SNOWCHAT_ATTACH_IDLE_EXPIRY}; default 30 min).
     *
     * @param expiry 1 s to 7 days
     * @return this builder
     * @throws IllegalArgumentException when out of range
     * @throws IllegalStateException when already set
     */
    public Builder attachIdleExpiry(Duration expiry) {
      this.attachIdleExpiry = duration(McpVariable.SNOWCHAT_ATTACH_IDLE_EXPIRY, expiry,
          MIN_TIMEOUT, MAX_ATTACH_IDLE);
      return this;
    }

    /**
     * Sets the largest HTTP request body ({@code SNOWCHAT_HTTP_MAX_BODY_BYTES}; default 1 MiB).
     *
     * @param bytes 65536 to 67108864
     * @return this builder
     * @throws IllegalArgumentException when out of range
     * @throws IllegalStateException when already set
     */
    public Builder httpMaxBodyBytes(int bytes) {
      this.httpMaxBodyBytes = (int) number(McpVariable.SNOWCHAT_HTTP_MAX_BODY_BYTES, bytes,
          MIN_HTTP_BODY_BYTES, MAX_HTTP_BODY_BYTES);
      return this;
    }

    /**
     * Sets how many tool calls may run at once over HTTP ({@code SNOWCHAT_HTTP_MAX_CALLS};
     * default 16); one more is answered at once with the tool error {@code SERVER_BUSY}.
     *
     * @param calls 1 to 256
     * @return this builder
     * @throws IllegalArgumentException when out of range
     * @throws IllegalStateException when already set
     */
    public Builder httpMaxCalls(int calls) {
      this.httpMaxCalls = (int) number(McpVariable.SNOWCHAT_HTTP_MAX_CALLS, calls, 1,
          MAX_HTTP_CALLS);
      return this;
    }

    /**
     * Sets how many HTTP sessions may be open at once ({@code SNOWCHAT_HTTP_MAX_SESSIONS};
     * default 1000).
     *
     * @param sessions 1 to 100000
     * @return this builder
     * @throws IllegalArgumentException when out of range
     * @throws IllegalStateException when already set
     */
    public Builder httpMaxSessions(int sessions) {
      this.httpMaxSessions = (int) number(McpVariable.SNOWCHAT_HTTP_MAX_SESSIONS, sessions, 1,
          MAX_HTTP_SESSIONS);
      return this;
    }

    /**
     * Sets how long an HTTP session lives without a request or an open stream ({@code
     * SNOWCHAT_HTTP_IDLE_EXPIRY}; default 30 min).
     *
     * @param expiry 1 s to 7 days
     * @return this builder
     * @throws IllegalArgumentException when out of range
     * @throws IllegalStateException when already set
     */
    public Builder httpIdleExpiry(Duration expiry) {
      this.httpIdleExpiry = duration(McpVariable.SNOWCHAT_HTTP_IDLE_EXPIRY, expiry, MIN_TIMEOUT,
          MAX_ATTACH_IDLE);
      return this;
    }

    /** Checks a whole-number setting's range and records it. */
    private long number(McpVariable key, long n, long min, long max) {
      if (n < min || n > max) {
        throw bad(key, Long.toString(n), "a whole number from " + min + " to " + max);
      }
      set(key, Long.toString(n));
      return n;
    }

    /** Checks a duration setting's range and records it. */
    private Duration duration(McpVariable key, Duration d, Duration min, Duration max) {
      requireNonNull(d, key + " is null");
      if (d.compareTo(min) < 0 || d.compareTo(max) > 0) {
        throw bad(key, d.toString(), EnvironmentParser.durationText(min, max));
      }
      set(key, d.toString());
      return d;
    }

    /**
     * Builds the configuration, checking the settings against each other: Snowflake or a JDBC
     * URL, not both; the settings of one warehouse kind not given for another; the credentials
     * each authenticator needs; a token or identities when HTTP binds beyond loopback.
     *
     * @return the configuration
     * @throws IllegalArgumentException naming the variables that conflict or are missing
     */
    public McpConfig build() {
      boolean snowflake = settings.containsKey(McpVariable.SNOWFLAKE_ACCOUNT);
      boolean jdbc = settings.containsKey(McpVariable.SNOWCHAT_JDBC_URL);
      if (snowflake && jdbc) {
        throw conflict(McpVariable.SNOWCHAT_JDBC_URL, McpVariable.SNOWFLAKE_ACCOUNT,
            "set SNOWFLAKE_* for Snowflake or SNOWCHAT_JDBC_URL for another database, not both");
      }
      Backend backend = snowflake ? Backend.SNOWFLAKE : jdbc ? Backend.JDBC
          : has(McpVariable.SNOWCHAT_SOURCES) ? Backend.CATALOG : Backend.SAMPLE;
      switch (backend) {
        case SNOWFLAKE -> checkSnowflake();
        case JDBC -> {
          if (has(McpVariable.SNOWCHAT_JDBC_PASSWORD) && !has(McpVariable.SNOWCHAT_JDBC_USER)) {
            throw missing("SNOWCHAT_JDBC_USER", "SNOWCHAT_JDBC_PASSWORD is set");
          }
          rejectSnowflakeConnection("SNOWCHAT_JDBC_URL is set");
        }
        case SAMPLE, CATALOG -> {
          rejectAll(McpVariable.SNOWCHAT_JDBC_USER, McpVariable.SNOWCHAT_JDBC_PASSWORD);
          rejectSnowflakeConnection("SNOWFLAKE_ACCOUNT is not set");
        }
      }
      String host = text(McpVariable.SNOWCHAT_HTTP_HOST).orElse("127.0.0.1");
      if (!isLoopbackHost(host) && !has(McpVariable.SNOWCHAT_HTTP_TOKEN)
          && httpIdentities.isEmpty()) {
        throw new IllegalArgumentException("SNOWCHAT_HTTP_HOST=" + host
            + " binds beyond loopback, which requires SNOWCHAT_HTTP_TOKEN (a bearer token of at"
            + " least " + MIN_TOKEN_LENGTH + " characters) or SNOWCHAT_HTTP_IDENTITIES; or use"
            + " SNOWCHAT_HTTP_HOST=127.0.0.1");
      }
      SourceCatalog catalog = catalog(snowflake, jdbc);
      return new McpConfig(this, backend, catalog);
    }

    /**
     * Reads the source catalog with its credentials: strict (unknown keys, duplicate names,
     * missing or unused credential variables are errors naming them); limits only tighten.
     */
    private SourceCatalog catalog(boolean snowflake, boolean jdbc) {
      Map<String, String> env = new LinkedHashMap<>(credentials);
      text(McpVariable.SNOWCHAT_SOURCES).ifPresent(f -> env.put(SourceCatalog.VARIABLE, f));
      SourceCatalog catalog = SourceCatalog.fromEnvironment(env);
      if (catalog.isEmpty()) {
        return catalog;
      }
      if (snowflake || jdbc) {
        throw conflict(McpVariable.SNOWCHAT_SOURCES, snowflake ? McpVariable.SNOWFLAKE_ACCOUNT
            : McpVariable.SNOWCHAT_JDBC_URL, "with a source catalog every source is named in the"
            + " catalog file; add this warehouse to it as a source and unset "
            + (snowflake ? McpVariable.SNOWFLAKE_ACCOUNT : McpVariable.SNOWCHAT_JDBC_URL));
      }
      catalog.checkLimitsWithin(mode == null ? PermissionMode.READ_ONLY : mode,
          maxRows == null ? DEFAULT_MAX_ROWS : maxRows,
          queryTimeout == null ? DEFAULT_QUERY_TIMEOUT : queryTimeout);
      return catalog;
    }

    private boolean has(McpVariable key) {
      return settings.containsKey(key);
    }

    private void checkSnowflake() {
      String auth = text(McpVariable.SNOWFLAKE_AUTHENTICATOR).orElse("")
          .toLowerCase(Locale.ROOT);
      if (!has(McpVariable.SNOWFLAKE_USER) && !auth.equals("oauth")) {
        throw missing("SNOWFLAKE_USER", "SNOWFLAKE_ACCOUNT is set");
      }
      boolean password = has(McpVariable.SNOWFLAKE_PASSWORD);
      boolean key = has(McpVariable.SNOWFLAKE_PRIVATE_KEY_FILE);
      if (password && key) {
        throw conflict(McpVariable.SNOWFLAKE_PRIVATE_KEY_FILE, McpVariable.SNOWFLAKE_PASSWORD,
            "use key-pair authentication or a password, not both");
      }
      if (has(McpVariable.SNOWFLAKE_PRIVATE_KEY_FILE_PWD) && !key) {
        throw missing("SNOWFLAKE_PRIVATE_KEY_FILE", "SNOWFLAKE_PRIVATE_KEY_FILE_PWD is set");
      }
      if (key && !auth.isEmpty() && !auth.equals("snowflake_jwt")) {
        throw conflict(McpVariable.SNOWFLAKE_AUTHENTICATOR,
            McpVariable.SNOWFLAKE_PRIVATE_KEY_FILE, "a private key needs"
                + " SNOWFLAKE_AUTHENTICATOR=snowflake_jwt or unset, got "
                + settings.get(McpVariable.SNOWFLAKE_AUTHENTICATOR));
      }
      if (!password && !key && (auth.isEmpty() || auth.equals("snowflake")
          || auth.equals("username_password_mfa") || auth.equals("snowflake_jwt"))) {
        throw missing("SNOWFLAKE_PASSWORD or SNOWFLAKE_PRIVATE_KEY_FILE",
            "SNOWFLAKE_ACCOUNT is set" + (auth.isEmpty() ? ""
                : " with SNOWFLAKE_AUTHENTICATOR=" + auth));
      }
      if ((auth.equals("oauth") || auth.equals("programmatic_access_token")) && !password) {
        throw missing("SNOWFLAKE_PASSWORD",
            "SNOWFLAKE_AUTHENTICATOR=" + auth + " (put the token in SNOWFLAKE_PASSWORD)");
      }
      if (has(McpVariable.SNOWFLAKE_SCHEMA) && !has(McpVariable.SNOWFLAKE_DATABASE)) {
        throw missing("SNOWFLAKE_DATABASE", "SNOWFLAKE_SCHEMA is set");
      }
      rejectAll(McpVariable.SNOWCHAT_JDBC_USER, McpVariable.SNOWCHAT_JDBC_PASSWORD);
    }

    private void rejectAll(McpVariable... keys) {
      for (McpVariable k : keys) {
        if (has(k)) {
          throw new IllegalArgumentException(k + " is set but "
              + (k.name().startsWith("SNOWCHAT_JDBC") ? "SNOWCHAT_JDBC_URL" : "SNOWFLAKE_ACCOUNT")
              + " is not; set it too, or unset " + k);
        }
      }
    }

    private void rejectSnowflakeConnection(String why) {
      for (McpVariable k : List.of(McpVariable.SNOWFLAKE_USER, McpVariable.SNOWFLAKE_PASSWORD,
          McpVariable.SNOWFLAKE_PRIVATE_KEY_FILE, McpVariable.SNOWFLAKE_PRIVATE_KEY_FILE_PWD,
          McpVariable.SNOWFLAKE_AUTHENTICATOR, McpVariable.SNOWFLAKE_ROLE,
          McpVariable.SNOWFLAKE_WAREHOUSE, McpVariable.SNOWFLAKE_DATABASE,
          McpVariable.SNOWFLAKE_SCHEMA)) {
        if (has(k)) {
          throw new IllegalArgumentException(k + " is set but " + why
              + "; Snowflake needs SNOWFLAKE_ACCOUNT (and no SNOWCHAT_JDBC_URL), or unset " + k);
        }
      }
    }
  }
}
