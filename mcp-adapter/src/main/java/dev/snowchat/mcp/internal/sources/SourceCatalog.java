package dev.snowchat.mcp.internal.sources;

import static java.util.Objects.requireNonNull;

import dev.snowchat.mcp.McpConfig;
import dev.snowchat.sqlgate.PermissionMode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.WeakHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The named sources one server serves, from the JSON file {@code SNOWCHAT_SOURCES} names, in the
 * shape of the embedded-engine reference:
 *
 * <pre>{@code
 * {"sources": [
 *   {"name": "warehouse", "address": "snowflake://myorg-myaccount", "credential": "sf_ro",
 *    "role": "ANALYST", "warehouse": "COMPUTE_WH", "database": "AIRBNB"},
 *   {"name": "appdb", "address": "postgres://db.internal:5432/app", "credential": "pg_ro",
 *    "mode": "read_only", "maxRows": 200, "timeout": "20s"},
 *   {"name": "sales", "address": "/data/sales/*.parquet"},
 *   {"name": "archive", "address": "/data/archive.duckdb"}
 * ]}
 * }</pre>
 *
 * <p>Credentials come only from {@code SNOWCHAT_CRED_<NAME>_<FIELD>} variables ({@code
 * SNOWCHAT_CRED_PG_RO_USER}, {@code SNOWCHAT_CRED_PG_RO_PASSWORD}; fields {@code USER}, {@code
 * PASSWORD}, {@code PRIVATE_KEY_FILE}, {@code PRIVATE_KEY_FILE_PWD}, {@code TOKEN}). Parsing is
 * strict: an unknown key, a duplicate name (case-insensitive), a missing credential variable, or a
 * credential variable no source uses is an error naming the key or variable. Immutable; {@link
 * #toString()} masks every secret.
 */
public final class SourceCatalog {
  /** The variable naming the catalog file. */
  public static final String VARIABLE = "SNOWCHAT_SOURCES";

  static final Set<String> KEYS = Set.of("name", "address", "credential", "format",
      "description", "mode", "maxRows", "timeout", "role", "warehouse", "database", "schema");
  private static final Pattern DURATION = Pattern.compile("(\\d{1,9})(ms|s|m|h)?");

  private static final SourceCatalog EMPTY = new SourceCatalog(List.of(), "");

  private final List<Source> sources;
  private final String origin;

  private SourceCatalog(List<Source> sources, String origin) {
    this.sources = List.copyOf(sources);
    this.origin = origin;
  }

  // The catalog each configuration parsed, so the server's internals reach it without it
  // becoming API of McpConfig. Weak keys: a configuration that goes takes its catalog along.
  private static final Map<McpConfig, SourceCatalog> BY_CONFIG =
      Collections.synchronizedMap(new WeakHashMap<>());

  /**
   * Records the catalog a configuration parsed (called by {@link McpConfig}'s constructor).
   *
   * @param config the configuration
   * @param catalog its catalog
   */
  public static void remember(McpConfig config, SourceCatalog catalog) {
    if (!catalog.isEmpty()) {
      BY_CONFIG.put(config, catalog);
    }
  }

  /**
   * {@return the catalog of a configuration, empty when it names none}
   *
   * @param config the configuration
   */
  public static SourceCatalog of(McpConfig config) {
    return BY_CONFIG.getOrDefault(requireNonNull(config, "config is null"), EMPTY);
  }

  /** {@return the empty catalog: the server serves its one configured warehouse} */
  public static SourceCatalog empty() {
    return EMPTY;
  }

  /**
   * Makes a catalog of sources built in code (hosts that configure programmatically).
   *
   * @param sources the sources, first the default
   * @return the catalog
   * @throws IllegalArgumentException for duplicate names (case-insensitive)
   */
  public static SourceCatalog of(List<Source> sources) {
    checkUnique(sources, "sources");
    return new SourceCatalog(sources, "code");
  }

  /**
   * Reads the catalog named by {@code SNOWCHAT_SOURCES}, with its credentials from the same
   * environment.
   *
   * @param env the environment
   * @return the catalog; empty when {@code SNOWCHAT_SOURCES} is unset or blank (then any {@code
   *     SNOWCHAT_CRED_*} variable is an error, since nothing would use it)
   * @throws IllegalArgumentException naming the file, the source and the key or variable at fault
   */
  public static SourceCatalog fromEnvironment(Map<String, String> env) {
    requireNonNull(env, "env is null");
    String file = env.get(VARIABLE);
    if (file == null || file.isBlank()) {
      credentialVariables(env).keySet().stream().findFirst().ifPresent(v -> {
        throw new IllegalArgumentException(v + " is set but " + VARIABLE + " is not; credentials"
            + " serve the sources of a catalog file. Set " + VARIABLE + " or unset " + v);
      });
      return EMPTY;
    }
    Path p = Path.of(file.strip()).toAbsolutePath();
    String text;
    try {
      text = Files.readString(p);
    } catch (IOException e) {
      throw new IllegalArgumentException(VARIABLE + "=" + file + ": cannot read the file ("
          + e.getClass().getSimpleName() + ")");
    }
    return parse(text, VARIABLE + "=" + file, p.getParent(), env);
  }

  /**
   * Parses catalog JSON.
   *
   * @param json the JSON text
   * @param origin where it came from, for messages (e.g. {@code SNOWCHAT_SOURCES=/etc/s.json})
   * @param baseDirectory the directory relative file paths resolve against
   * @param env the environment holding the {@code SNOWCHAT_CRED_*} variables
   * @return the catalog, at least one source
   * @throws IllegalArgumentException naming the origin, the source and the key or variable
   */
  public static SourceCatalog parse(String json, String origin, Path baseDirectory,
      Map<String, String> env) {
    requireNonNull(json, "json is null");
    requireNonNull(origin, "origin is null");
    requireNonNull(baseDirectory, "baseDirectory is null");
    requireNonNull(env, "env is null");
    JsonNode root;
    try {
      root = JsonMapper.builder().build().readTree(json);
    } catch (JacksonException e) {
      throw new IllegalArgumentException(origin + ": not valid JSON (line "
          + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + ")");
    }
    onlyKeys(root, Set.of("sources"), origin);
    JsonNode list = root.get("sources");
    if (list == null || !list.isArray() || list.isEmpty()) {
      throw new IllegalArgumentException(origin + ": expected {\"sources\": [ ... ]} with at"
          + " least one source");
    }
    // Credentials first: every SNOWCHAT_CRED_* variable must belong to a credential a source
    // names, and every named credential must have variables.
    Set<String> credentialNames = new HashSet<>();
    for (JsonNode n : list) {
      if (n.isObject() && n.get("credential") != null && n.get("credential").isString()) {
        credentialNames.add(n.get("credential").asString().strip());
      }
    }
    Map<String, Map<Credential.Field, String>> creds = resolveCredentials(env, credentialNames,
        origin);
    List<Source> out = new ArrayList<>();
    Set<String> names = new HashSet<>();
    int i = 0;
    for (JsonNode n : list) {
      i++;
      String at = origin + ", source " + i;
      onlyKeys(n, KEYS, at);
      String name = text(n, "name", at, true);
      at = origin + ", source '" + name + "'";
      String address = text(n, "address", at, true);
      try {
        Source.Builder b = Source.builder(name, address).baseDirectory(baseDirectory);
        String cred = text(n, "credential", at, false);
        if (cred != null) {
          b.credential(new Credential(cred, creds.get(cred)));
        }
        String format = text(n, "format", at, false);
        if (format != null) {
          b.format(FileFormat.parse(format));
        }
        String description = text(n, "description", at, false);
        if (description != null) {
          b.description(description);
        }
        for (String k : List.of("role", "warehouse", "database", "schema")) {
          String v = text(n, k, at, false);
          if (v != null) {
            b.option(k, v);
          }
        }
        b.limits(limits(n, at));
        Source s = b.build();
        if (!names.add(s.name().toLowerCase(Locale.ROOT))) {
          throw new IllegalArgumentException("duplicate name '" + s.name() + "' (names are"
              + " case-insensitive); each source needs its own");
        }
        out.add(s);
      } catch (IllegalArgumentException | IllegalStateException e) {
        if (e.getMessage() != null && e.getMessage().startsWith(origin)) {
          throw e;
        }
        throw new IllegalArgumentException(at + ": " + e.getMessage(), e);
      }
    }
    return new SourceCatalog(out, origin);
  }

  private static SourceLimits limits(JsonNode n, String at) {
    PermissionMode mode = null;
    String m = text(n, "mode", at, false);
    if (m != null) {
      try {
        mode = PermissionMode.parse(m);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(at + ": bad mode '" + m + "'; expected read_only,"
            + " read_write or full");
      }
    }
    Integer maxRows = null;
    JsonNode r = n.get("maxRows");
    if (r != null) {
      if (!r.isIntegralNumber() || r.asLong() < 1 || r.asLong() > 100_000) {
        throw new IllegalArgumentException(at + ": bad maxRows " + r + "; expected a whole"
            + " number from 1 to 100000");
      }
      maxRows = r.asInt();
    }
    Duration timeout = null;
    String t = text(n, "timeout", at, false);
    if (t != null) {
      Matcher dm = DURATION.matcher(t.strip().toLowerCase(Locale.ROOT));
      if (!dm.matches() || Long.parseLong(dm.group(1)) == 0) {
        throw new IllegalArgumentException(at + ": bad timeout '" + t + "'; expected a duration"
            + " such as 30s, 500ms, 5m or 1h");
      }
      long v = Long.parseLong(dm.group(1));
      String unit = dm.group(2) == null ? "s" : dm.group(2);
      timeout = switch (unit) {
        case "ms" -> Duration.ofMillis(v);
        case "m" -> Duration.ofMinutes(v);
        case "h" -> Duration.ofHours(v);
        default -> Duration.ofSeconds(v);
      };
    }
    return new SourceLimits(mode, maxRows, timeout);
  }

  private static Map<String, String> credentialVariables(Map<String, String> env) {
    Map<String, String> out = new java.util.TreeMap<>();
    env.forEach((k, v) -> {
      if (k.startsWith(Credential.PREFIX) && v != null && !v.isBlank()) {
        out.put(k, v);
      }
    });
    return out;
  }

  private static Map<String, Map<Credential.Field, String>> resolveCredentials(
      Map<String, String> env, Set<String> declared, String origin) {
    Map<String, String> byUpper = new HashMap<>();
    for (String d : declared) {
      byUpper.put(d.toUpperCase(Locale.ROOT), d);
    }
    Map<String, Map<Credential.Field, String>> out = new LinkedHashMap<>();
    for (Map.Entry<String, String> e : credentialVariables(env).entrySet()) {
      String rest = e.getKey().substring(Credential.PREFIX.length());
      String owner = null;
      Credential.Field field = null;
      for (Credential.Field f : Credential.Field.values()) {
        String suffix = "_" + f.name();
        if (rest.endsWith(suffix) && byUpper.containsKey(
            rest.substring(0, rest.length() - suffix.length()))) {
          owner = byUpper.get(rest.substring(0, rest.length() - suffix.length()));
          field = f;
        }
      }
      if (owner == null) {
        throw new IllegalArgumentException("Unknown credential variable " + e.getKey() + ": "
            + origin + " names no credential it belongs to (credentials named: "
            + (declared.isEmpty() ? "none" : String.join(", ", new TreeSet<>(declared)))
            + "; fields: USER, PASSWORD, PRIVATE_KEY_FILE, PRIVATE_KEY_FILE_PWD, TOKEN)");
      }
      String value = field == Credential.Field.USER || field == Credential.Field.PRIVATE_KEY_FILE
          ? e.getValue().strip() : e.getValue();
      out.computeIfAbsent(owner, k -> new java.util.EnumMap<>(Credential.Field.class))
          .put(field, value);
    }
    for (String d : new TreeSet<>(declared)) {
      if (!out.containsKey(d)) {
        throw new IllegalArgumentException(origin + ": credential '" + d + "' has no variables;"
            + " set " + Credential.variable(d, Credential.Field.USER) + " and "
            + Credential.variable(d, Credential.Field.PASSWORD) + " (or _PRIVATE_KEY_FILE,"
            + " _TOKEN)");
      }
    }
    return out;
  }

  private static void checkUnique(List<Source> sources, String where) {
    Set<String> seen = new HashSet<>();
    for (Source s : sources) {
      if (!seen.add(s.name().toLowerCase(Locale.ROOT))) {
        throw new IllegalArgumentException(where + ": duplicate name '" + s.name() + "'");
      }
    }
  }

  private static void onlyKeys(JsonNode n, Set<String> allowed, String where) {
    if (!n.isObject()) {
      throw new IllegalArgumentException(where + ": expected a JSON object");
    }
    for (Iterator<String> it = n.propertyNames().iterator(); it.hasNext(); ) {
      String k = it.next();
      if (!allowed.contains(k)) {
        throw new IllegalArgumentException(where + ": unknown key '" + k + "'; allowed: "
            + String.join(", ", new TreeSet<>(allowed)));
      }
    }
  }

  private static @org.jspecify.annotations.Nullable String text(JsonNode n, String field,
      String where, boolean required) {
    JsonNode v = n.get(field);
    if (v == null || v.isNull()) {
      if (required) {
        throw new IllegalArgumentException(where + ": missing string '" + field + "'");
      }
      return null;
    }
    if (!v.isString() || v.asString().isBlank()) {
      throw new IllegalArgumentException(where + ": '" + field + "' must be a non-blank string");
    }
    return v.asString().strip();
  }

  /** {@return the sources, in file order; the first is the default} */
  public List<Source> sources() {
    return sources;
  }

  /** {@return true when no catalog is configured} */
  public boolean isEmpty() {
    return sources.isEmpty();
  }

  /**
   * Finds a source by name, case-insensitively.
   *
   * @param name the name
   * @return the source, or empty
   */
  public Optional<Source> source(String name) {
    return sources.stream().filter(s -> s.name().equalsIgnoreCase(name)).findFirst();
  }

  /**
   * Checks every source's limits against the server's: a source may only tighten them.
   *
   * @param mode the server's mode
   * @param maxRows the server's row cap
   * @param timeout the server's timeout
   * @throws IllegalArgumentException naming the source and key that would loosen a limit
   */
  public void checkLimitsWithin(PermissionMode mode, int maxRows, Duration timeout) {
    for (Source s : sources) {
      s.limits().checkWithin(mode, maxRows, timeout, origin + ", source '" + s.name() + "'");
    }
  }

  /** {@return every secret value of every credential, for masking text that might echo one} */
  public List<String> secretValues() {
    List<String> out = new ArrayList<>();
    for (Source s : sources) {
      s.credential().ifPresent(c -> c.fields().forEach((f, v) -> {
        if (f.secret()) {
          out.add(v);
        }
      }));
    }
    return List.copyOf(out);
  }

  @Override
  public String toString() {
    return "SourceCatalog[" + sources + "]";
  }
}
