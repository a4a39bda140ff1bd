package dev.snowchat.agent;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeSet;

/**
 * Creates {@link ModelClient}s of one provider. Factories are found with {@link ServiceLoader}
 * but one is only used when selected by its explicit name ({@link #find(String)}); nothing
 * activates just by being on the class path.
 */
public interface ModelClientFactory {
  /** {@return the provider name the host selects, e.g. {@code anthropic}, {@code openai}} */
  String name();

  /**
   * Creates a client.
   *
   * @param config the provider's settings (e.g. {@code apiKey}, {@code baseUrl}); strict: an
   *     unknown key is an error naming it
   * @return the client
   * @throws IllegalArgumentException for a bad or missing setting, naming the key (never the
   *     secret value)
   */
  ModelClient create(Map<String, String> config);

  /** {@return the config keys whose values are secrets, masked in logs and messages} */
  Set<String> sensitivePropertyNames();

  /**
   * Finds the factory of a name among those {@link ServiceLoader} sees from this module's class
   * loader.
   *
   * @param name the provider name
   * @return the one factory of that name
   * @throws IllegalArgumentException when no factory or more than one has that name; the
   *     message lists the names found
   */
  static ModelClientFactory find(String name) {
    return find(name, ModelClientFactory.class.getClassLoader());
  }

  /**
   * Finds the factory of a name among those {@link ServiceLoader} sees from a class loader.
   *
   * @param name the provider name
   * @param loader the class loader to search
   * @return the one factory of that name
   * @throws IllegalArgumentException when no factory or more than one has that name; the
   *     message lists the names found
   */
  static ModelClientFactory find(String name, ClassLoader loader) {
    List<ModelClientFactory> matches = new ArrayList<>();
    Set<String> found = new TreeSet<>();
    for (ModelClientFactory f : ServiceLoader.load(ModelClientFactory.class, loader)) {
      found.add(f.name());
      if (f.name().equals(name)) {
        matches.add(f);
      }
    }
    if (matches.size() == 1) {
      return matches.get(0);
    }
    throw new IllegalArgumentException((matches.isEmpty() ? "No model client factory named '"
        : "More than one model client factory named '") + name + "'; found: "
        + (found.isEmpty() ? "none" : String.join(", ", found)));
  }
}
