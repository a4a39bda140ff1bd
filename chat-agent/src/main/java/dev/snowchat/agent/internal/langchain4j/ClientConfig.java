package dev.snowchat.agent.internal.langchain4j;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;

/**
 * Strict reading of a model client factory's settings: an unknown key is an error naming it and
 * the keys allowed; a bad value names the key and, unless the key is sensitive, the value.
 */
public final class ClientConfig {
  private final String provider;
  private final Map<String, String> values;
  private final Set<String> sensitive;

  private ClientConfig(String provider, Map<String, String> values, Set<String> sensitive) {
    this.provider = provider;
    this.values = values;
    this.sensitive = sensitive;
  }

  /**
   * Checks the keys of a configuration.
   *
   * @param provider the factory name, for messages
   * @param config the settings
   * @param allowed the keys the factory knows
   * @param sensitive the keys whose values are secrets
   * @return the checked configuration
   * @throws IllegalArgumentException for an unknown key
   */
  public static ClientConfig of(String provider, Map<String, String> config, Set<String> allowed,
      Set<String> sensitive) {
    for (String key : config.keySet()) {
      if (!allowed.contains(key)) {
        throw new IllegalArgumentException("Unknown " + provider + " model client setting '"
            + key + "'; allowed: " + String.join(", ", new TreeSet<>(allowed)));
      }
    }
    return new ClientConfig(provider, Map.copyOf(config), sensitive);
  }

  /**
   * {@return a string value, or the default when absent or blank}
   *
   * @param key the key
   * @param def the default
   */
  public @Nullable String string(String key, @Nullable String def) {
    String v = values.get(key);
    return v == null || v.isBlank() ? def : v.strip();
  }

  /**
   * {@return a required string value}
   *
   * @param key the key
   * @throws IllegalArgumentException when absent or blank
   */
  public String required(String key) {
    String v = string(key, null);
    if (v == null) {
      throw new IllegalArgumentException("The " + provider + " model client needs the setting '"
          + key + "'");
    }
    return v;
  }

  /**
   * {@return a positive integer value or the default}
   *
   * @param key the key
   * @param def the default
   * @param min the least allowed value
   * @throws IllegalArgumentException for a value that is not an integer at least {@code min}
   */
  public int integer(String key, int def, int min) {
    String v = string(key, null);
    if (v == null) {
      return def;
    }
    try {
      int n = Integer.parseInt(v);
      if (n >= min) {
        return n;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException(provider + " setting '" + key + "' must be an integer >= "
        + min + ", got " + show(key, v));
  }

  /**
   * {@return a duration: {@code 90s}, {@code 2m}, {@code 500ms} or ISO-8601 {@code PT90S}}
   *
   * @param key the key
   * @param def the default
   * @throws IllegalArgumentException for an unreadable or non-positive duration
   */
  public Duration duration(String key, Duration def) {
    String v = string(key, null);
    if (v == null) {
      return def;
    }
    Duration d = null;
    try {
      if (v.endsWith("ms")) {
        d = Duration.ofMillis(Long.parseLong(v.substring(0, v.length() - 2)));
      } else if (v.endsWith("s")) {
        d = Duration.ofSeconds(Long.parseLong(v.substring(0, v.length() - 1)));
      } else if (v.endsWith("m")) {
        d = Duration.ofMinutes(Long.parseLong(v.substring(0, v.length() - 1)));
      } else {
        d = Duration.parse(v);
      }
    } catch (NumberFormatException | DateTimeParseException e) {
      // reported below
    }
    if (d == null || d.isNegative() || d.isZero()) {
      throw new IllegalArgumentException(provider + " setting '" + key
          + "' must be a positive duration such as 90s, 2m or PT90S, got " + show(key, v));
    }
    return d;
  }

  /**
   * {@return an http or https base URL, or the default}
   *
   * @param key the key
   * @param def the default
   * @throws IllegalArgumentException for a URL that is not absolute http(s)
   */
  public String url(String key, String def) {
    String v = string(key, def);
    try {
      URI u = new URI(v);
      if (("http".equals(u.getScheme()) || "https".equals(u.getScheme())) && u.getHost() != null) {
        return v;
      }
    } catch (URISyntaxException e) {
      // reported below
    }
    throw new IllegalArgumentException(provider + " setting '" + key
        + "' must be an absolute http(s) URL, got " + show(key, v));
  }

  private String show(String key, String v) {
    return sensitive.contains(key) ? "<masked>" : "'" + v + "'";
  }

  /** {@return the settings with sensitive values masked, for a DEBUG log line} */
  public String masked() {
    StringBuilder sb = new StringBuilder("{");
    for (String k : new TreeSet<>(values.keySet())) {
      if (sb.length() > 1) {
        sb.append(", ");
      }
      sb.append(k).append('=').append(sensitive.contains(k) ? "<masked>" : values.get(k));
    }
    return sb.append('}').toString();
  }
}
