package dev.snowchat.mcp;

import static java.util.Objects.requireNonNull;

import java.util.Optional;

/**
 * The catalogue of configuration variables {@link McpConfig#fromEnvironment(java.util.Map)}
 * reads, in documentation order: each variable's name (the constant's name), whether its value is
 * a secret, and what it sets. The same names appear in error messages, whether the value came from
 * the environment or from {@link McpConfig.Builder}.
 *
 * <p>Every {@code SNOWCHAT_*} and {@code SNOWFLAKE_MCP_*} variable of an environment must be one
 * of these; other {@code SNOWFLAKE_*} variables (read by Snowflake's own tools, e.g. {@code
 * SNOWFLAKE_HOME}) are ignored.
 */
public enum McpVariable {
  /** Account identifier or account URL; selects Snowflake. */
  SNOWFLAKE_ACCOUNT(false, "account identifier (myorg-myaccount, xy12345.eu-west-1, or the"
      + " account URL); selects Snowflake"),
  /** Snowflake user. */
  SNOWFLAKE_USER(false, "user (required with an account, except oauth)"),
  /** Snowflake password, or the token of oauth and programmatic_access_token. */
  SNOWFLAKE_PASSWORD(true, "password; for oauth / programmatic_access_token the token"),
  /** PKCS#8 private key file for key-pair authentication. */
  SNOWFLAKE_PRIVATE_KEY_FILE(false, "PKCS#8 private key file for key-pair auth; not with a"
      + " password"),
  /** Passphrase of an encrypted private key. */
  SNOWFLAKE_PRIVATE_KEY_FILE_PWD(true, "passphrase of an encrypted private key"),
  /** Snowflake authenticator. */
  SNOWFLAKE_AUTHENTICATOR(false, "snowflake, snowflake_jwt, externalbrowser, oauth,"
      + " username_password_mfa, programmatic_access_token, or an https:// Okta URL"),
  /** Session role. */
  SNOWFLAKE_ROLE(false, "session role"),
  /** Session warehouse. */
  SNOWFLAKE_WAREHOUSE(false, "session warehouse"),
  /** Session database, and the database of unqualified table names. */
  SNOWFLAKE_DATABASE(false, "session database; also the default for unqualified table names"),
  /** Session schema, and the schema of unqualified table names. */
  SNOWFLAKE_SCHEMA(false, "session schema; also the default for unqualified table names"),
  /** Permission mode. */
  SNOWFLAKE_MCP_MODE(false, "read_only (default), read_write or full"),
  /** Row cap per query. */
  SNOWFLAKE_MCP_MAX_ROWS(false, "row cap per query (1 to 100000, default 1000)"),
  /** JDBC URL of any other database. */
  SNOWCHAT_JDBC_URL(false, "any other JDBC database; not with SNOWFLAKE_ACCOUNT"),
  /** User of the JDBC database. */
  SNOWCHAT_JDBC_USER(false, "user of the JDBC database"),
  /** Password of the JDBC database. */
  SNOWCHAT_JDBC_PASSWORD(true, "password of the JDBC database"),
  /** Result byte cap per query. */
  SNOWCHAT_MAX_RESULT_BYTES(false, "result byte cap per query (1024 to 268435456, default"
      + " 1048576)"),
  /** Statement timeout. */
  SNOWCHAT_QUERY_TIMEOUT(false, "statement timeout (500ms, 30s, 5m, 1h; 1s to 1h, default 60s);"
      + " cancels on the server"),
  /** Request pool size. */
  SNOWCHAT_POOL_SIZE(false, "request pool size (1 to 64, default 4)"),
  /** Snowflake query tag. */
  SNOWCHAT_QUERY_TAG(false, "Snowflake QUERY_TAG of the sessions (default snowchat-mcp)"),
  /** Whether discovery uses the schema index. */
  SNOWCHAT_SCHEMA_INDEX(false, "on (default) or off: discovery from the schema index once"
      + " loaded"),
  /** Glossary file of the schema index. */
  SNOWCHAT_GLOSSARY_FILE(false, "glossary JSON for the schema index"),
  /** Catalog snapshot the schema index loads first. */
  SNOWCHAT_INDEX_SNAPSHOT(false, "catalog snapshot file the schema index loads at start"),
  /** Schema-index embedding model. */
  SNOWCHAT_EMBEDDINGS(false, "schema-index embedding model: bge-small (default, shipped), a"
      + " local ONNX model path, hashing or none (MODEL[,key=value...])"),
  /** Schema-index poll interval. */
  SNOWCHAT_INDEX_POLL_INTERVAL(false, "schema-index polling interval (default 10m; 0 turns it"
      + " off)"),
  /** Objects discovery shows. */
  SNOWCHAT_INCLUDE(false, "globs DB[.SCHEMA[.TABLE]] of what discovery shows"),
  /** Objects discovery hides. */
  SNOWCHAT_EXCLUDE(false, "globs DB[.SCHEMA[.TABLE]] of what discovery hides"),
  /** Directory of the sample warehouse. */
  SNOWCHAT_SAMPLE_DIR(false, "where the sample warehouse is built (default ~/.snowchat/sample)"),
  /** HTTP bind address. */
  SNOWCHAT_HTTP_HOST(false, "HTTP bind address (default 127.0.0.1)"),
  /** HTTP port. */
  SNOWCHAT_HTTP_PORT(false, "HTTP port (default 8765; 0 picks a free one)"),
  /** Bearer token HTTP clients must send. */
  SNOWCHAT_HTTP_TOKEN(true, "bearer token HTTP clients must send (16+ printable characters)"),
  /** Extra browser origins allowed over HTTP. */
  SNOWCHAT_HTTP_ALLOWED_ORIGINS(false, "extra browser origins allowed, comma-separated"),
  /** File of HTTP callers' identities. */
  SNOWCHAT_HTTP_IDENTITIES(false, "JSON file mapping bearer-token hashes to session"
      + " variables"),
  /** Largest HTTP request body. */
  SNOWCHAT_HTTP_MAX_BODY_BYTES(false, "largest HTTP request body in bytes (65536 to 67108864,"
      + " default 1048576; larger is answered 413)"),
  /** Tool calls running at once over HTTP. */
  SNOWCHAT_HTTP_MAX_CALLS(false, "tool calls running at once over HTTP (1 to 256, default 16;"
      + " one more is the tool error SERVER_BUSY)"),
  /** Open HTTP sessions. */
  SNOWCHAT_HTTP_MAX_SESSIONS(false, "open HTTP sessions (1 to 100000, default 1000; one more"
      + " initialize is answered 503 unless an idle one makes room)"),
  /** Idle expiry of an HTTP session. */
  SNOWCHAT_HTTP_IDLE_EXPIRY(false, "how long an HTTP session lives without a request or an"
      + " open stream (1s to 7d, default 30m)"),
  /** The source catalog file. */
  SNOWCHAT_SOURCES(false, "JSON file of named sources {\"sources\": [{\"name\", \"address\","
      + " \"credential\"?, ...}]}: Snowflake, JDBC databases, files and globs, DuckDB files;"
      + " not with SNOWFLAKE_ACCOUNT or SNOWCHAT_JDBC_URL"),
  /**
   * The credentials of the catalog's sources: a family of variables {@code
   * SNOWCHAT_CRED_<NAME>_<FIELD>}, one per field of a credential the catalog names.
   */
  SNOWCHAT_CRED(true, "SNOWCHAT_CRED_<NAME>_<FIELD>: a field (USER, PASSWORD, PRIVATE_KEY_FILE,"
      + " PRIVATE_KEY_FILE_PWD, TOKEN) of a credential the source catalog names"),
  /** Directories attach_file may read. */
  SNOWCHAT_FILE_ALLOWLIST(false, "absolute directories attach_file may read, separated by ':'"
      + " (unset: no attach_file tool)"),
  /** Files one session may attach. */
  SNOWCHAT_ATTACH_MAX_FILES(false, "files one session may attach (1 to 1000, default 20; the"
      + " least recently used goes beyond)"),
  /** Sessions that may hold attached files at once. */
  SNOWCHAT_ATTACH_MAX_SESSIONS(false, "sessions holding attached files at once (1 to 100000,"
      + " default 200; the least recently used goes beyond)"),
  /** Idle expiry of a session's attached files. */
  SNOWCHAT_ATTACH_IDLE_EXPIRY(false, "how long a session's attached files live unused (1s to"
      + " 7d, default 30m)"),
  /** The .env file read before the environment. */
  SNOWCHAT_ENV_FILE(false, "the .env file read at start (default ./.env when present); the real"
      + " environment wins");

  /** The prefix of the {@link #SNOWCHAT_CRED} family's names. */
  public static final String CREDENTIAL_PREFIX = "SNOWCHAT_CRED_";

  private final boolean secret;
  private final String description;

  McpVariable(boolean secret, String description) {
    this.secret = secret;
    this.description = description;
  }

  /** {@return true when the value is a secret: never shown, logged or returned} */
  public boolean secret() {
    return secret;
  }

  /** {@return what the variable sets, in a line, with its default and range} */
  public String description() {
    return description;
  }

  /**
   * {@return true for a family of variables named by a prefix ({@link #SNOWCHAT_CRED}: {@code
   * SNOWCHAT_CRED_<NAME>_<FIELD>}), false for a single variable}
   */
  public boolean family() {
    return this == SNOWCHAT_CRED;
  }

  /**
   * Finds a variable by name; a name of a family ({@code SNOWCHAT_CRED_PG_PASSWORD}) finds the
   * family ({@link #SNOWCHAT_CRED}).
   *
   * @param name the name, e.g. {@code SNOWCHAT_POOL_SIZE}
   * @return the variable, or empty when the catalogue has none of that name
   */
  public static Optional<McpVariable> named(String name) {
    requireNonNull(name, "name is null");
    if (name.startsWith(CREDENTIAL_PREFIX) && name.length() > CREDENTIAL_PREFIX.length()) {
      return Optional.of(SNOWCHAT_CRED);
    }
    if (name.equals(SNOWCHAT_CRED.name())) {
      return Optional.empty();
    }
    for (McpVariable v : values()) {
      if (v.name().equals(name)) {
        return Optional.of(v);
      }
    }
    return Optional.empty();
  }

  /**
   * {@return whether a name is in this catalogue's name space ({@code SNOWCHAT_*} or {@code
   * SNOWFLAKE_MCP_*}), where an unknown name is an error rather than someone else's variable}
   *
   * @param name an environment variable's name
   */
  public static boolean isOurs(String name) {
    return name.startsWith("SNOWCHAT_") || name.startsWith("SNOWFLAKE_MCP_");
  }
}
