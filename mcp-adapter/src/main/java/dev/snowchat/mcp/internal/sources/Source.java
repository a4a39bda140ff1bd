package dev.snowchat.mcp.internal.sources;

import static java.util.Objects.requireNonNull;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * One named source of the catalog. Immutable; build one with {@link #builder(String, String)},
 * which tells the kind from the address and checks everything the source needs. {@link
 * #toString()} never shows a secret.
 *
 * <p>Addresses: {@code snowflake://ACCOUNT} (Snowflake), {@code jdbc:...} or {@code
 * postgres://host:port/db} (any JDBC database), {@code sample:} (the embedded sample warehouse),
 * a path ending {@code .duckdb} or {@code .ddb}, or {@code duckdb:PATH} (a DuckDB database file),
 * any other local path or glob (a Parquet, CSV or JSON file, told by its extension or {@code
 * format}). {@code file:} URIs are paths. Addresses never carry credentials.
 */
public final class Source {
  static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,62}");

  /** Names the embedded engine and DuckDB use for themselves, so no source may take them. */
  public static final Set<String> RESERVED_NAMES =
      Set.of("local", "memory", "temp", "system", "main", "information_schema", "pg_catalog");

  /** The options a source may set, by kind. */
  static final Map<SourceKind, Set<String>> OPTIONS = Map.of(
      SourceKind.SNOWFLAKE, Set.of("role", "warehouse", "database", "schema"),
      SourceKind.JDBC, Set.of("database", "schema"),
      SourceKind.SAMPLE, Set.of(),
      SourceKind.FILE, Set.of(),
      SourceKind.DUCKDB_FILE, Set.of());

  private final String name;
  private final String address;
  private final SourceKind kind;
  private final @Nullable Credential credential;
  private final @Nullable FileFormat format;
  private final @Nullable Path path;
  private final boolean glob;
  private final @Nullable String jdbcUrl;
  private final Map<String, String> options;
  private final @Nullable String description;
  private final SourceLimits limits;

  private Source(Builder b, SourceKind kind, @Nullable Path path, boolean glob,
      @Nullable String jdbcUrl, @Nullable FileFormat format) {
    this.name = b.name;
    this.address = b.address;
    this.kind = kind;
    this.credential = b.credential;
    this.format = format;
    this.path = path;
    this.glob = glob;
    this.jdbcUrl = jdbcUrl;
    this.options = Collections.unmodifiableMap(new LinkedHashMap<>(b.options));
    this.description = b.description;
    this.limits = b.limits;
  }

  /**
   * Starts a source.
   *
   * @param name the name agents pass as {@code source} (or query as a table, for a file): a
   *     letter or underscore, then letters, digits or underscores, at most 63; not one of {@link
   *     #RESERVED_NAMES}
   * @param address where the data is (see the class comment)
   * @return the builder
   * @throws IllegalArgumentException for a bad name
   */
  public static Builder builder(String name, String address) {
    return new Builder(name, address);
  }

  /** {@return the name} */
  public String name() {
    return name;
  }

  /** {@return the address as configured} */
  public String address() {
    return address;
  }

  /** {@return the kind, told by the address} */
  public SourceKind kind() {
    return kind;
  }

  /** {@return the credential, if the source names one} */
  public Optional<Credential> credential() {
    return Optional.ofNullable(credential);
  }

  /** {@return the file format of a file source} */
  public Optional<FileFormat> format() {
    return Optional.ofNullable(format);
  }

  /** {@return the absolute, normalized path (or glob) of a file or DuckDB-file source} */
  public Optional<Path> path() {
    return Optional.ofNullable(path);
  }

  /** {@return true when a file source's path is a glob (has *, ?, [ or {)} */
  public boolean isGlob() {
    return glob;
  }

  /** {@return the JDBC URL of a database source (Snowflake, JDBC), without credentials} */
  public Optional<String> jdbcUrl() {
    return Optional.ofNullable(jdbcUrl);
  }

  /** {@return the options set: role, warehouse, database, schema (by kind)} */
  public Map<String, String> options() {
    return options;
  }

  /** {@return a description shown in discovery, if configured} */
  public Optional<String> description() {
    return Optional.ofNullable(description);
  }

  /** {@return the source's own limits (unset ones take the server's)} */
  public SourceLimits limits() {
    return limits;
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("Source[").append(name).append(", ")
        .append(kind.name().toLowerCase(Locale.ROOT)).append(", ")
        .append(dev.snowchat.mcp.McpConfig.maskUrl(address));
    if (credential != null) {
      sb.append(", ").append(credential);
    }
    if (format != null) {
      sb.append(", format=").append(format.configName());
    }
    options.forEach((k, v) -> sb.append(", ").append(k).append('=').append(v));
    if (!limits.equals(SourceLimits.NONE)) {
      sb.append(", ").append(limits);
    }
    return sb.append(']').toString();
  }

  /** Builds a {@link Source}; {@link #build()} checks the whole source. */
  public static final class Builder {
    private final String name;
    private final String address;
    private @Nullable Credential credential;
    private @Nullable FileFormat format;
    private final Map<String, String> options = new LinkedHashMap<>();
    private @Nullable String description;
    private SourceLimits limits = SourceLimits.NONE;
    private @Nullable Path baseDirectory;

    private Builder(String name, String address) {
      requireNonNull(name, "name is null");
      requireNonNull(address, "address is null");
      if (!NAME.matcher(name).matches()) {
        throw new IllegalArgumentException("bad name '" + name + "': expected a letter or"
            + " underscore, then letters, digits or underscores (at most 63)");
      }
      if (RESERVED_NAMES.contains(name.toLowerCase(Locale.ROOT))) {
        throw new IllegalArgumentException("name '" + name + "' is reserved (" + String.join(
            ", ", new java.util.TreeSet<>(RESERVED_NAMES)) + "); choose another");
      }
      if (address.isBlank() || address.chars().anyMatch(Character::isISOControl)) {
        throw new IllegalArgumentException("address must be non-blank text without control"
            + " characters");
      }
      this.name = name;
      this.address = address.strip();
    }

    /**
     * Sets the credential.
     *
     * @param credential the credential
     * @return this builder
     * @throws IllegalStateException when already set
     */
    public Builder credential(Credential credential) {
      requireNonNull(credential, "credential is null");
      if (this.credential != null) {
        throw new IllegalStateException("credential was already set to " + this.credential);
      }
      this.credential = credential;
      return this;
    }

    /**
     * Sets the file format (file sources only; else told by the extension).
     *
     * @param format the format
     * @return this builder
     * @throws IllegalStateException when already set
     */
    public Builder format(FileFormat format) {
      requireNonNull(format, "format is null");
      if (this.format != null) {
        throw new IllegalStateException("format was already set to " + this.format);
      }
      this.format = format;
      return this;
    }

    /**
     * Sets an option: {@code role}, {@code warehouse} (Snowflake), {@code database}, {@code
     * schema} (Snowflake and JDBC: the defaults for names given without them).
     *
     * @param key the option
     * @param value its value
     * @return this builder
     * @throws IllegalArgumentException for an unknown option or a value with quotes or control
     *     characters
     * @throws IllegalStateException when already set
     */
    public Builder option(String key, String value) {
      requireNonNull(key, "key is null");
      requireNonNull(value, "value is null");
      if (!Set.of("role", "warehouse", "database", "schema").contains(key)) {
        throw new IllegalArgumentException("unknown option '" + key + "'; allowed: database,"
            + " role, schema, warehouse");
      }
      if (value.isBlank() || value.length() > 255 || value.indexOf('"') >= 0
          || value.chars().anyMatch(Character::isISOControl)) {
        throw new IllegalArgumentException("bad " + key + " '" + value + "': expected a name"
            + " without double quotes or control characters");
      }
      if (options.containsKey(key)) {
        throw new IllegalStateException(key + " was already set to " + options.get(key));
      }
      options.put(key, value);
      return this;
    }

    /**
     * Sets a description shown in discovery.
     *
     * @param description the description
     * @return this builder
     */
    public Builder description(String description) {
      this.description = requireNonNull(description, "description is null");
      return this;
    }

    /**
     * Sets the source's own limits.
     *
     * @param limits the limits
     * @return this builder
     */
    public Builder limits(SourceLimits limits) {
      this.limits = requireNonNull(limits, "limits is null");
      return this;
    }

    /**
     * Sets the directory relative file paths resolve against (the catalog file's directory);
     * default the working directory.
     *
     * @param dir the directory
     * @return this builder
     */
    public Builder baseDirectory(Path dir) {
      this.baseDirectory = requireNonNull(dir, "dir is null").toAbsolutePath();
      return this;
    }

    /**
     * Builds the source.
     *
     * @return the source
     * @throws IllegalArgumentException naming what is wrong: an address carrying credentials, a
     *     remote file address, an unknown file format, an option or format the kind does not
     *     take, a credential the kind needs or refuses
     */
    public Source build() {
      String a = address;
      String lower = a.toLowerCase(Locale.ROOT);
      SourceKind kind;
      Path path = null;
      boolean glob = false;
      String url = null;
      FileFormat fmt = format;
      if (lower.startsWith("snowflake://")) {
        kind = SourceKind.SNOWFLAKE;
        String account = a.substring("snowflake://".length()).replaceFirst("[/?].*$", "");
        if (account.contains("@") || account.contains(":")
            || !account.matches("[A-Za-z0-9][A-Za-z0-9._-]*")) {
          throw new IllegalArgumentException("address '" + a + "': expected snowflake://ACCOUNT"
              + " (e.g. snowflake://myorg-myaccount), no user or password in it; put those in"
              + " a credential");
        }
        if (!a.substring("snowflake://".length()).equals(account)) {
          throw new IllegalArgumentException("address '" + a + "': expected snowflake://ACCOUNT"
              + " with nothing after the account; set role, warehouse, database and schema as"
              + " keys of the source");
        }
        String host = account.toLowerCase(Locale.ROOT).endsWith(".snowflakecomputing.com")
            ? account : account + ".snowflakecomputing.com";
        url = "jdbc:snowflake://" + host + "/";
      } else if (lower.startsWith("jdbc:")) {
        kind = SourceKind.JDBC;
        noCredentialsIn(a);
        url = a;
      } else if (lower.startsWith("postgres://") || lower.startsWith("postgresql://")) {
        kind = SourceKind.JDBC;
        noCredentialsIn(a);
        String rest = a.substring(a.indexOf("://") + 3);
        if (rest.contains("@")) {
          throw new IllegalArgumentException("address '" + McpMask.url(a) + "' names a user;"
              + " put the user and password in a credential (SNOWCHAT_CRED_<NAME>_USER)");
        }
        url = "jdbc:postgresql://" + rest;
      } else if (lower.equals("sample:") || lower.equals("sample")) {
        kind = SourceKind.SAMPLE;
      } else if (lower.matches("[a-z][a-z0-9+.-]*://.*") && !lower.startsWith("file://")) {
        throw new IllegalArgumentException("address '" + McpMask.url(a) + "' is remote; file"
            + " sources are local paths only (the embedded engine has no network access)."
            + " Copy the data to a local file, or add the database as a jdbc: source");
      } else {
        String p = a;
        boolean duck = false;
        if (lower.startsWith("duckdb:")) {
          p = a.substring("duckdb:".length());
          duck = true;
        } else if (lower.startsWith("file://")) {
          p = a.substring("file://".length());
        } else if (lower.startsWith("file:")) {
          p = a.substring("file:".length());
        }
        String pl = p.toLowerCase(Locale.ROOT);
        duck = duck || pl.endsWith(".duckdb") || pl.endsWith(".ddb");
        glob = p.chars().anyMatch(c -> c == '*' || c == '?' || c == '[' || c == '{');
        try {
          Path raw = Path.of(p);
          Path base = baseDirectory == null ? Path.of("").toAbsolutePath() : baseDirectory;
          path = (raw.isAbsolute() ? raw : base.resolve(raw)).normalize();
        } catch (InvalidPathException e) {
          throw new IllegalArgumentException("address '" + a + "' is not a local path");
        }
        if (duck) {
          kind = SourceKind.DUCKDB_FILE;
          if (glob) {
            throw new IllegalArgumentException("address '" + a + "': a DuckDB database is one"
                + " file, not a glob");
          }
          if (format != null) {
            throw new IllegalArgumentException("format is for Parquet, CSV and JSON files, not"
                + " a DuckDB database ('" + a + "'); remove it");
          }
        } else {
          kind = SourceKind.FILE;
          if (fmt == null) {
            fmt = FileFormat.ofFileName(p).orElseThrow(() -> new IllegalArgumentException(
                "address '" + a + "': cannot tell the file format from its extension; set"
                    + " format to parquet, csv or json"));
          }
        }
      }
      if (fmt != null && kind != SourceKind.FILE) {
        throw new IllegalArgumentException("format is only for file sources, not "
            + kind.name().toLowerCase(Locale.ROOT) + " ('" + McpMask.url(a) + "'); remove it");
      }
      for (String k : options.keySet()) {
        if (!OPTIONS.get(kind).contains(k)) {
          throw new IllegalArgumentException(k + " does not apply to a "
              + kind.name().toLowerCase(Locale.ROOT) + " source; remove it");
        }
      }
      checkCredential(kind);
      return new Source(this, kind, path, glob, url, fmt);
    }

    private void checkCredential(SourceKind kind) {
      Credential c = credential;
      switch (kind) {
        case SAMPLE, FILE, DUCKDB_FILE -> {
          if (c != null) {
            throw new IllegalArgumentException("a " + kind.name().toLowerCase(Locale.ROOT)
                + " source takes no credential; remove credential '" + c.name() + "'");
          }
        }
        case JDBC -> {
          if (c != null) {
            onlyFields(c, List.of(Credential.Field.USER, Credential.Field.PASSWORD));
            if (c.get(Credential.Field.PASSWORD).isPresent()
                && c.get(Credential.Field.USER).isEmpty()) {
              throw missing(c, Credential.Field.USER, "its PASSWORD is set");
            }
          }
        }
        case SNOWFLAKE -> {
          if (c == null) {
            throw new IllegalArgumentException("a Snowflake source needs a credential: add"
                + " \"credential\": \"NAME\" and set SNOWCHAT_CRED_<NAME>_USER with"
                + " _PASSWORD, _PRIVATE_KEY_FILE or _TOKEN");
          }
          boolean pw = c.get(Credential.Field.PASSWORD).isPresent();
          boolean key = c.get(Credential.Field.PRIVATE_KEY_FILE).isPresent();
          boolean token = c.get(Credential.Field.TOKEN).isPresent();
          if ((pw ? 1 : 0) + (key ? 1 : 0) + (token ? 1 : 0) > 1) {
            throw new IllegalArgumentException("credential '" + c.name() + "' sets more than one"
                + " of " + Credential.variable(c.name(), Credential.Field.PASSWORD) + ", "
                + Credential.variable(c.name(), Credential.Field.PRIVATE_KEY_FILE) + " and "
                + Credential.variable(c.name(), Credential.Field.TOKEN) + "; set one");
          }
          if (!pw && !key && !token) {
            throw missing(c, Credential.Field.PASSWORD,
                "a Snowflake source needs a password, a private key file or a token");
          }
          if (!token && c.get(Credential.Field.USER).isEmpty()) {
            throw missing(c, Credential.Field.USER, "a Snowflake login names its user");
          }
          if (c.get(Credential.Field.PRIVATE_KEY_FILE_PWD).isPresent() && !key) {
            throw missing(c, Credential.Field.PRIVATE_KEY_FILE, "its PRIVATE_KEY_FILE_PWD is set");
          }
          if (key && !java.nio.file.Files.isRegularFile(
              Path.of(c.get(Credential.Field.PRIVATE_KEY_FILE).orElseThrow()))) {
            throw new IllegalArgumentException(Credential.variable(c.name(),
                Credential.Field.PRIVATE_KEY_FILE) + "=" + c.get(
                Credential.Field.PRIVATE_KEY_FILE).orElseThrow() + ": no such readable file");
          }
        }
      }
    }

    private static void onlyFields(Credential c, List<Credential.Field> allowed) {
      for (Credential.Field f : c.fields().keySet()) {
        if (!allowed.contains(f)) {
          throw new IllegalArgumentException(Credential.variable(c.name(), f) + " does not"
              + " apply to a JDBC source; it takes _USER and _PASSWORD only");
        }
      }
    }

    private static IllegalArgumentException missing(Credential c, Credential.Field f,
        String why) {
      return new IllegalArgumentException(Credential.variable(c.name(), f)
          + " is required because " + why);
    }

    private static void noCredentialsIn(String url) {
      if (url.matches("(?is).*[?&;:](password|pwd|passphrase|secret|token|private_key_pwd)"
          + "=.*") || url.matches("(?s)[^/]*//[^/@]+:[^/@]*@.*")) {
        throw new IllegalArgumentException("address '" + McpMask.url(url) + "' carries a"
            + " credential; credentials never sit in the catalog file: name a credential and set"
            + " SNOWCHAT_CRED_<NAME>_USER / _PASSWORD");
      }
    }
  }

  /** Masking shared with the configuration. */
  private static final class McpMask {
    static String url(String u) {
      return dev.snowchat.mcp.McpConfig.maskUrl(u);
    }
  }
}
