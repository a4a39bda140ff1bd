package dev.snowchat.schemaindex.internal.source;

import dev.snowchat.schemaindex.DriverDataSource;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.function.IntConsumer;
import org.jspecify.annotations.Nullable;

/** Strict reading of a factory's text configuration: unknown keys are refused by name. */
final class ConfigMap {
  private final String factory;
  private final Map<String, String> config;
  private final Set<String> sensitive;

  ConfigMap(String factory, Map<String, String> config, Set<String> allowed,
      Set<String> sensitive) {
    this.factory = factory;
    this.config = Map.copyOf(config);
    this.sensitive = sensitive;
    Set<String> unknown = new TreeSet<>(config.keySet());
    unknown.removeAll(allowed);
    if (!unknown.isEmpty()) {
      throw new IllegalArgumentException("unknown " + factory + " source configuration key(s) "
          + unknown + "; allowed: " + new TreeSet<>(allowed));
    }
  }

  @Nullable String get(String key) {
    String v = config.get(key);
    return v == null || v.isBlank() ? null : v.strip();
  }

  String required(String key) {
    String v = get(key);
    if (v == null) {
      throw new IllegalArgumentException(factory + " source configuration needs '" + key + "'");
    }
    return v;
  }

  /**
   * Applies the settings both source options builders share, each only when it is set:
   * {@code databases.include/exclude}, {@code schemas.include/exclude} (comma-separated patterns),
   * {@code systemObjects} and {@code concurrency} (1 to 64).
   */
  void applyFilters(Consumer<String[]> includeDatabases, Consumer<String[]> excludeDatabases,
      Consumer<String[]> includeSchemas, Consumer<String[]> excludeSchemas,
      Consumer<Boolean> includeSystemObjects, IntConsumer concurrency) {
    applyPatterns("databases.include", includeDatabases);
    applyPatterns("databases.exclude", excludeDatabases);
    applyPatterns("schemas.include", includeSchemas);
    applyPatterns("schemas.exclude", excludeSchemas);
    Boolean system = bool("systemObjects");
    if (system != null) {
      includeSystemObjects.accept(system);
    }
    Integer n = integer("concurrency", 1, 64);
    if (n != null) {
      concurrency.accept(n);
    }
  }

  private void applyPatterns(String key, Consumer<String[]> setter) {
    String[] p = patterns(key);
    if (p.length > 0) {
      setter.accept(p);
    }
  }

  String[] patterns(String key) {
    String v = get(key);
    if (v == null) {
      return new String[0];
    }
    List<String> parts = Arrays.stream(v.split(",")).map(String::strip)
        .filter(s -> !s.isEmpty()).toList();
    for (String p : parts) {
      try {
        NameFilter.validate(p);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("bad value for '" + key + "': " + e.getMessage(), e);
      }
    }
    return parts.toArray(String[]::new);
  }

  @Nullable Integer integer(String key, int min, int max) {
    String v = get(key);
    if (v == null) {
      return null;
    }
    try {
      int i = Integer.parseInt(v);
      if (i >= min && i <= max) {
        return i;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException("bad value for '" + key + "': expected an integer from "
        + min + " to " + max + ", got '" + SourceErrors.sanitize(v) + "'");
  }

  @Nullable Boolean bool(String key) {
    String v = get(key);
    if (v == null) {
      return null;
    }
    return switch (v.toLowerCase(java.util.Locale.ROOT)) {
      case "true" -> true;
      case "false" -> false;
      default -> throw new IllegalArgumentException("bad value for '" + key
          + "': expected true or false, got '" + SourceErrors.sanitize(v) + "'");
    };
  }

  /**
   * Makes the data source of a URL, failing when no JDBC driver accepts it; the message shows the
   * URL's scheme only.
   */
  static DriverDataSource dataSource(String url, Properties properties, String factory) {
    try {
      return DriverDataSource.of(url, properties);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("the " + factory + " source: " + e.getMessage(), e);
    }
  }

  /** {@return the configuration with sensitive values masked, for DEBUG logs} */
  @Override
  public String toString() {
    StringBuilder b = new StringBuilder(factory).append('{');
    new TreeSet<>(config.keySet()).forEach(k -> b.append(k).append('=')
        .append(sensitive.contains(k) || k.equals("url") ? "<masked>" : config.get(k))
        .append(", "));
    if (b.charAt(b.length() - 1) == ' ') {
      b.setLength(b.length() - 2);
    }
    return b.append('}').toString();
  }

  static Set<String> union(Set<String> a, Set<String> b) {
    Set<String> s = new HashSet<>(a);
    s.addAll(b);
    return Set.copyOf(s);
  }
}
