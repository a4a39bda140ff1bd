package dev.snowchat.schemaindex;

import dev.snowchat.schemaindex.internal.source.NameFilter;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Options of the generic JDBC catalog source ({@link CatalogSources#jdbc}). Immutable.
 *
 * <p>The source reads the connection's current catalog (its database); for DuckDB that is the
 * attached database, for PostgreSQL the database named in the URL.
 *
 * <p>Name patterns select databases and schemas. A pattern is a glob ({@code *} any run of
 * characters, {@code ?} one character) or, when it starts with {@code regex:}, a Java regular
 * expression; both match the whole name and ignore case. A schema glob containing a dot (a
 * schema regular expression containing {@code \.}) is matched against {@code DATABASE.SCHEMA},
 * otherwise against the schema name. A name is selected when no include pattern is set or one
 * matches, and no exclude pattern matches. System schemas ({@code information_schema},
 * {@code pg_catalog}, {@code pg_toast*}, {@code pg_temp_*}) are left out unless {@link
 * Builder#includeSystemObjects} is set.
 */
public final class JdbcSourceOptions {
  /** The default number of schemas read at the same time. */
  public static final int DEFAULT_CONCURRENCY = 1;

  private static final JdbcSourceOptions DEFAULTS = builder().build();

  private final NameFilter filter;
  private final boolean includeSystemObjects;
  private final int concurrency;

  private JdbcSourceOptions(Builder b) {
    this.filter = new NameFilter(b.includeDatabases, b.excludeDatabases, b.includeSchemas,
        b.excludeSchemas);
    this.includeSystemObjects = b.includeSystemObjects != null && b.includeSystemObjects;
    this.concurrency = b.concurrency == null ? DEFAULT_CONCURRENCY : b.concurrency;
  }

  /** {@return options that read every schema of the current database, one at a time} */
  public static JdbcSourceOptions defaults() {
    return DEFAULTS;
  }

  /** {@return a new builder} */
  public static Builder builder() {
    return new Builder();
  }

  /** {@return the database and schema filter} */
  NameFilter filter() {
    return filter;
  }

  /** {@return whether system schemas are read} */
  public boolean includeSystemObjects() {
    return includeSystemObjects;
  }

  /** {@return how many schemas are read at the same time} */
  public int concurrency() {
    return concurrency;
  }

  @Override
  public String toString() {
    return "JdbcSourceOptions[" + filter + ", includeSystemObjects=" + includeSystemObjects
        + ", concurrency=" + concurrency + "]";
  }

  /** Builds {@link JdbcSourceOptions}. Each setting may be set once. */
  public static final class Builder {
    private List<String> includeDatabases = List.of();
    private List<String> excludeDatabases = List.of();
    private List<String> includeSchemas = List.of();
    private List<String> excludeSchemas = List.of();
    private @Nullable Boolean includeSystemObjects;
    private @Nullable Integer concurrency;

    private Builder() {}

    /**
     * Reads only databases matching one of these patterns.
     *
     * @param patterns globs or {@code regex:} expressions
     * @return this builder
     * @throws IllegalArgumentException when a pattern is blank or invalid
     * @throws IllegalStateException when already set
     */
    public Builder includeDatabases(String... patterns) {
      includeDatabases = patterns("includeDatabases", includeDatabases, patterns);
      return this;
    }

    /**
     * Skips databases matching one of these patterns.
     *
     * @param patterns globs or {@code regex:} expressions
     * @return this builder
     * @throws IllegalArgumentException when a pattern is blank or invalid
     * @throws IllegalStateException when already set
     */
    public Builder excludeDatabases(String... patterns) {
      excludeDatabases = patterns("excludeDatabases", excludeDatabases, patterns);
      return this;
    }

    /**
     * Reads only schemas matching one of these patterns.
     *
     * @param patterns globs or {@code regex:} expressions
     * @return this builder
     * @throws IllegalArgumentException when a pattern is blank or invalid
     * @throws IllegalStateException when already set
     */
    public Builder includeSchemas(String... patterns) {
      includeSchemas = patterns("includeSchemas", includeSchemas, patterns);
      return this;
    }

    /**
     * Skips schemas matching one of these patterns.
     *
     * @param patterns globs or {@code regex:} expressions
     * @return this builder
     * @throws IllegalArgumentException when a pattern is blank or invalid
     * @throws IllegalStateException when already set
     */
    public Builder excludeSchemas(String... patterns) {
      excludeSchemas = patterns("excludeSchemas", excludeSchemas, patterns);
      return this;
    }

    /**
     * Also reads system schemas such as {@code information_schema} and {@code pg_catalog}.
     *
     * @param include whether to read them
     * @return this builder
     * @throws IllegalStateException when already set
     */
    public Builder includeSystemObjects(boolean include) {
      if (includeSystemObjects != null) {
        throw new IllegalStateException(
            "includeSystemObjects was already set to " + includeSystemObjects);
      }
      includeSystemObjects = include;
      return this;
    }

    /**
     * Sets how many schemas are read at the same time (each on its own connection).
     *
     * @param concurrency 1 to 64
     * @return this builder
     * @throws IllegalArgumentException when out of range
     * @throws IllegalStateException when already set
     */
    public Builder concurrency(int concurrency) {
      if (this.concurrency != null) {
        throw new IllegalStateException("concurrency was already set to " + this.concurrency);
      }
      if (concurrency < 1 || concurrency > 64) {
        throw new IllegalArgumentException("concurrency must be 1 to 64, got " + concurrency);
      }
      this.concurrency = concurrency;
      return this;
    }

    /** {@return the options} */
    public JdbcSourceOptions build() {
      return new JdbcSourceOptions(this);
    }
  }

  private static List<String> patterns(String what, List<String> old, String... patterns) {
    return SnowflakeSourceOptions.patterns(what, old, patterns);
  }
}
