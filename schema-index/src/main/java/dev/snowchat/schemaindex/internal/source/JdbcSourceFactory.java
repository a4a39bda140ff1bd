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
 * The {@code jdbc} factory. Keys: {@code url} (required), {@code user}, {@code password}
 * (sensitive), {@code databases.include}, {@code databases.exclude}, {@code schemas.include},
 * {@code schemas.exclude} (comma-separated name patterns, see {@link SourceOptions}), {@code
 * systemObjects} ({@code true}/{@code false}), {@code concurrency} (1 to 64).
 */
public final class JdbcSourceFactory implements CatalogSourceFactory {
  static final Set<String> FILTER_KEYS = Set.of("databases.include", "databases.exclude",
      "schemas.include", "schemas.exclude", "systemObjects", "concurrency");
  private static final Set<String> SENSITIVE = Set.of("password");
  private static final Set<String> KEYS =
      ConfigMap.union(FILTER_KEYS, Set.of("url", "user", "password"));
  private static final Logger LOG = LoggerFactory.getLogger(JdbcSourceFactory.class);

  /** Creates the factory (for {@link java.util.ServiceLoader}). */
  public JdbcSourceFactory() {}

  @Override
  public String name() {
    return "jdbc";
  }

  @Override
  public CatalogSource create(Map<String, String> config) {
    ConfigMap c = new ConfigMap(name(), config, KEYS, SENSITIVE);
    LOG.debug("Creating catalog source {}", c);
    String url = c.required("url");
    SourceOptions.Builder b = SourceOptions.builder();
    c.applyFilters(b::includeDatabases, b::excludeDatabases, b::includeSchemas,
        b::excludeSchemas, b::includeSystemObjects, b::concurrency);
    Properties props = new Properties();
    if (c.get("user") != null) {
      props.setProperty("user", c.required("user"));
    }
    if (c.get("password") != null) {
      props.setProperty("password", c.required("password"));
    }
    return CatalogSources.jdbc(ConfigMap.dataSource(url, props, name()), b.build());
  }

  @Override
  public Set<String> sensitivePropertyNames() {
    return SENSITIVE;
  }
}
