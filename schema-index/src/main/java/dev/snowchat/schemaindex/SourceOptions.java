package dev.snowchat.schemaindex;

import static java.util.Objects.requireNonNull;

import dev.snowchat.schemaindex.internal.source.NameFilter;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalInt;
import org.jspecify.annotations.Nullable;

/**
 * Options of a catalog source ({@link CatalogSources#snowflake}, {@link CatalogSources#jdbc}):
 * which databases and schemas it reads, and how many schemas at a time. Immutable.
 *
 * <p>Name patterns select databases and schemas. A pattern is a glob ({@code *} any run of
 * characters, {@code ?} one character) or, when it starts with {@code regex:}, a Java regular
 * expression; both match the whole name and ignore case. A schema glob containing a dot (a
 * schema regular expression containing {@code \.}) is matched against {@code DATABASE.SCHEMA},
 * otherwise against the schema name. A name is selected when no include pattern is set or one
 * matches, and no exclude pattern matches.
 *
 * <p>System objects are left out unless {@link Builder#includeSystemObjects} is set: on Snowflake
 * the {@code INFORMATION_SCHEMA} schemas and the shared {@code SNOWFLAKE} database; on other
 * databases the {@code information_schema}, {@code pg_catalog}, {@code pg_toast*} and {@code
 * pg_temp_*} schemas.
 *
 * <p>The generic JDBC source reads the connection's current catalog (its database): for DuckDB
 * the attached database, for PostgreSQL the database named in the URL; its database patterns
 * can only narrow that one database.
 */
public final class SourceOptions {
  private static final SourceOptions DEFAULTS = builder().build();

  private final NameFilter filter;
  private final boolean includeSystemObjects;
  private final @Nullable Integer concurrency;

  private SourceOptions(Builder b) {
    this.filter = new NameFilter(b.includeDatabases, b.excludeDatabases, b.includeSchemas,
        b.excludeSchemas);
    this.includeSystemObjects = b.includeSystemObjects != null && b.includeSystemObjects;
    this.concurrency = b.concurrency;
  }

  /**
   * {@return options that read every database and schema (but system objects), as many schemas
   * at a time as the source's default}
   */
  public static SourceOptions defaults() {
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

  /** {@return whether system schemas and databases are read} */
  public boolean includeSystemObjects() {
    return includeSystemObjects;
  }

  /**
   * {@return how many schemas are read at the same time, or empty for the source's default: 4 for
   * Snowflake, 1 for the generic JDBC source}
   */
  public OptionalInt concurrency() {
    return concurrency == null ? OptionalInt.empty() : OptionalInt.of(concurrency);
  }

  /**
   * {@return the concurrency to use}
   *
   * @param sourceDefault the source's default when none was set
   */
  int concurrencyOr(int sourceDefault) {
    return concurrency == null ? sourceDefault : concurrency;
  }

  @Override
  public String toString() {
    return "SourceOptions[" + filter + ", includeSystemObjects=" + includeSystemObjects
        + ", concurrency=" + (concurrency == null ? "default" : concurrency) + "]";
  }

  /** Builds {@link SourceOptions}. Each setting may be set once. */
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
     * Also reads system schemas and databases (see the class comment).
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
    public SourceOptions build() {
      return new SourceOptions(this);
    }
  }

  private static List<String> patterns(String what, List<String> old, String... patterns) {
    requireNonNull(patterns, what + " is null");
    if (!old.isEmpty()) {
      throw new IllegalStateException(what + " was already set to " + old);
    }
    if (patterns.length == 0) {
      throw new IllegalArgumentException(what + " needs at least one pattern");
    }
    List<String> list = Arrays.asList(patterns.clone());
    list.forEach(p -> NameFilter.validate(requireNonNull(p, what + " holds null")));
    return List.copyOf(list);
  }
}
