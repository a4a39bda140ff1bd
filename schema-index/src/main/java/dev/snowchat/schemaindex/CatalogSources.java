package dev.snowchat.schemaindex;

import static java.util.Objects.requireNonNull;

import dev.snowchat.schemaindex.internal.source.JdbcCatalogSource;
import dev.snowchat.schemaindex.internal.source.SnapshotCatalogSource;
import dev.snowchat.schemaindex.internal.source.SnowflakeCatalogSource;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeSet;
import javax.sql.DataSource;

/**
 * Creates {@link CatalogSource catalog sources}: programmatically from a {@link DataSource} or a
 * file, or by factory name from text configuration.
 */
public final class CatalogSources {
  /** How many schemas the Snowflake source reads at the same time unless told otherwise. */
  public static final int SNOWFLAKE_CONCURRENCY = 4;

  /** How many schemas the generic JDBC source reads at the same time unless told otherwise. */
  public static final int JDBC_CONCURRENCY = 1;

  private CatalogSources() {}

  /**
   * Creates a Snowflake source. See {@link SourceOptions} for the name filters; the
   * source pages every SHOW command so that no scope hits Snowflake's 10,000-row limit and reads
   * columns and keys per schema. Pass a pool: each schema being read holds one connection.
   *
   * @param dataSource connections to Snowflake (the session needs a warehouse for the
   *     INFORMATION_SCHEMA queries); not closed by the source
   * @param options the options
   * @return the source
   */
  public static CatalogSource snowflake(DataSource dataSource, SourceOptions options) {
    requireNonNull(dataSource, "dataSource is null");
    requireNonNull(options, "options is null");
    return new SnowflakeCatalogSource(dataSource, options.filter(),
        options.includeSystemObjects(), options.concurrencyOr(SNOWFLAKE_CONCURRENCY));
  }

  /**
   * Creates a source for any JDBC database (DuckDB, PostgreSQL, ...) through its {@link
   * java.sql.DatabaseMetaData}, declared foreign keys included. See {@link SourceOptions} for the
   * name filters.
   *
   * @param dataSource connections; not closed by the source
   * @param options the options
   * @return the source
   */
  public static CatalogSource jdbc(DataSource dataSource, SourceOptions options) {
    requireNonNull(dataSource, "dataSource is null");
    requireNonNull(options, "options is null");
    return new JdbcCatalogSource(dataSource, options.filter(), options.includeSystemObjects(),
        options.concurrencyOr(JDBC_CONCURRENCY));
  }

  /**
   * Creates a source that reads a JSON catalog snapshot ({@link CatalogSnapshot}) on each load.
   *
   * @param file the snapshot file
   * @return the source
   */
  public static CatalogSource snapshot(Path file) {
    return new SnapshotCatalogSource(requireNonNull(file, "file is null"));
  }

  /**
   * Creates a source with the factory of that name, found by {@link ServiceLoader}.
   *
   * @param name the factory name: {@code snowflake}, {@code jdbc}, {@code snapshot} or one a
   *     plugin provides
   * @param config the factory's configuration
   * @return the source
   * @throws IllegalArgumentException when no factory or more than one has the name (the message
   *     lists the names found), or the configuration is invalid
   */
  public static CatalogSource create(String name, Map<String, String> config) {
    requireNonNull(config, "config is null");
    return factory(name).create(config);
  }

  /**
   * Finds the factory of that name.
   *
   * @param name the factory name
   * @return the factory
   * @throws IllegalArgumentException when no factory or more than one has the name
   */
  public static CatalogSourceFactory factory(String name) {
    requireNonNull(name, "name is null");
    List<CatalogSourceFactory> all = factories();
    List<CatalogSourceFactory> matching = all.stream().filter(f -> f.name().equals(name))
        .toList();
    if (matching.size() == 1) {
      return matching.getFirst();
    }
    TreeSet<String> names = new TreeSet<>();
    all.forEach(f -> names.add(f.name()));
    if (matching.isEmpty()) {
      throw new IllegalArgumentException("no catalog source factory named '" + name
          + "'; found: " + names);
    }
    List<String> classes = matching.stream().map(f -> f.getClass().getName()).toList();
    throw new IllegalArgumentException("more than one catalog source factory named '" + name
        + "': " + classes + "; remove one from the class path");
  }

  /** {@return the names of the factories found, sorted} */
  public static List<String> names() {
    TreeSet<String> names = new TreeSet<>();
    factories().forEach(f -> names.add(f.name()));
    return List.copyOf(names);
  }

  private static List<CatalogSourceFactory> factories() {
    List<CatalogSourceFactory> out = new ArrayList<>();
    ServiceLoader.load(CatalogSourceFactory.class, CatalogSources.class.getClassLoader())
        .forEach(out::add);
    return out;
  }
}
