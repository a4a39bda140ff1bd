package dev.snowchat.schemaindex;

import java.util.Map;
import java.util.Set;

/**
 * Creates {@link CatalogSource catalog sources} from text configuration. Factories are found with
 * {@link java.util.ServiceLoader} but only ever selected by explicit name, through {@link
 * CatalogSources#create(String, Map)}; nothing activates by being on the class path.
 *
 * <p>Built in: {@code snowflake}, {@code jdbc} and {@code snapshot}.
 */
public interface CatalogSourceFactory {
  /** {@return the name a host selects this factory by, such as {@code jdbc}} */
  String name();

  /**
   * Creates a source.
   *
   * @param config the configuration; unknown keys are refused
   * @return the source
   * @throws IllegalArgumentException when a key is unknown, a required key is missing or a value
   *     is invalid; the message names the key and never shows a sensitive value
   */
  CatalogSource create(Map<String, String> config);

  /** {@return the configuration keys whose values are secrets, to be masked in logs and dumps} */
  Set<String> sensitivePropertyNames();
}
