package dev.snowchat.schemaindex.internal.source;

import dev.snowchat.schemaindex.CatalogSource;
import dev.snowchat.schemaindex.CatalogSourceFactory;
import dev.snowchat.schemaindex.CatalogSources;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;

/** The {@code snapshot} factory. Key: {@code path} (required), the snapshot JSON file. */
public final class SnapshotSourceFactory implements CatalogSourceFactory {
  /** Creates the factory (for {@link java.util.ServiceLoader}). */
  public SnapshotSourceFactory() {}

  @Override
  public String name() {
    return "snapshot";
  }

  @Override
  public CatalogSource create(Map<String, String> config) {
    ConfigMap c = new ConfigMap(name(), config, Set.of("path"), Set.of());
    String path = c.required("path");
    try {
      return CatalogSources.snapshot(Path.of(path));
    } catch (InvalidPathException e) {
      throw new IllegalArgumentException("bad value for 'path': " + e.getMessage(), e);
    }
  }

  @Override
  public Set<String> sensitivePropertyNames() {
    return Set.of();
  }
}
