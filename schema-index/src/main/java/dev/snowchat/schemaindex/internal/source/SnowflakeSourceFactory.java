package dev.snowchat.schemaindex.internal.source;

import dev.snowchat.schemaindex.CatalogSource;
import dev.snowchat.schemaindex.CatalogSourceFactory;
import dev.snowchat.schemaindex.CatalogSources;
import dev.snowchat.schemaindex.SourceOptions;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code snowflake} factory, for hosts with the Snowflake JDBC driver on the class path. Keys:
 * {@code url} (required, {@code jdbc:snowflake://<account>.snowflakecomputing.com/}), the driver
 * connection properties {@code user}, {@code password}, {@code role}, {@code warehouse}, {@code
 * authenticator}, {@code private_key_file}, {@code private_key_file_pwd}, {@code token}
 * (password, private_key_file_pwd and token are sensitive), and the filter keys of the {@code
 * jdbc} factory. Programmatic hosts with a pool use {@link CatalogSources#snowflake} instead.
 */
public final class SnowflakeSourceFactory implements CatalogSourceFactory {
  private static final Set<String> SENSITIVE = Set.of("password", "private_key_file_pwd", "token");
  private static final Set<String> DRIVER_KEYS = Set.of("user", "password", "role", "warehouse",
      "authenticator", "private_key_file", "private_key_file_pwd", "token");
  private static final Set<String> KEYS = ConfigMap.union(JdbcSourceFactory.FILTER_KEYS,
      ConfigMap.union(DRIVER_KEYS, Set.of("url")));
  private static final Logger LOG = LoggerFactory.getLogger(SnowflakeSourceFactory.class);

  /** Creates the factory (for {@link java.util.ServiceLoader}). */
  public SnowflakeSourceFactory() {}

  @Override
  public String name() {
    return "snowflake";
  }

  @Override
  public CatalogSource create(Map<String, String> config) {
    ConfigMap c = new ConfigMap(name(), config, KEYS, SENSITIVE);
    LOG.debug("Creating catalog source {}", c);
    String url = c.required("url");
    if (!url.startsWith("jdbc:snowflake:")) {
      throw new IllegalArgumentException("snowflake source 'url' must start with jdbc:snowflake:,"
          + " got " + dev.snowchat.schemaindex.DriverDataSource.scheme(url) + "...");
    }
    SourceOptions.Builder b = SourceOptions.builder();
    c.applyFilters(b::includeDatabases, b::excludeDatabases, b::includeSchemas,
        b::excludeSchemas, b::includeSystemObjects, b::concurrency);
    Properties props = new Properties();
    for (String k : DRIVER_KEYS) {
      String v = c.get(k);
      if (v != null) {
        props.setProperty(k, v);
      }
    }
    return CatalogSources.snowflake(ConfigMap.dataSource(url, props, name()), b.build());
  }

  @Override
  public Set<String> sensitivePropertyNames() {
    return SENSITIVE;
  }
}
