package dev.snowchat.schemaindex;

import static java.util.Objects.requireNonNull;

import dev.snowchat.schemaindex.internal.JsonInput;
import dev.snowchat.sqlgate.SnowchatException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Business terms mapped to tables. Matching terms in a query boost the target tables, and each
 * entry's terms, context and domain are added to the targets' search text.
 *
 * <p>JSON format:
 *
 * <pre>{@code
 * {"entries": [
 *   {"terms": ["revenue", "sales by territory"], "targets": ["VW_REVENUE_BY_COUNTRY"],
 *    "context": "Revenue by country from royalty accounting", "domain": "revenue",
 *    "priority": "primary"}
 * ]}
 * }</pre>
 *
 * @param entries the entries, in file order
 */
public record Glossary(List<GlossaryEntry> entries) {
  private static final Glossary EMPTY = new Glossary(List.of());
  private static final JsonMapper MAPPER = JsonMapper.builder().build();
  private static final Set<String> ENTRY_KEYS =
      Set.of("terms", "targets", "context", "domain", "priority");

  /** Copies the entries. */
  public Glossary {
    entries = List.copyOf(requireNonNull(entries, "entries is null"));
  }

  /** {@return the empty glossary} */
  public static Glossary empty() {
    return EMPTY;
  }

  /**
   * Reads a glossary file.
   *
   * @param file the JSON file
   * @return the glossary
   * @throws SnowchatException {@link IndexErrorCode#GLOSSARY_INVALID} when the file cannot be read
   *     or is not a valid glossary; the message names the bad field
   */
  public static Glossary read(Path file) {
    requireNonNull(file, "file is null");
    String text;
    try {
      text = Files.readString(file);
    } catch (IOException e) {
      throw new SnowchatException(IndexErrorCode.GLOSSARY_INVALID,
          "Cannot read glossary " + file + ": " + e.getMessage(), e);
    }
    return parse(text, file.toString());
  }

  /**
   * Parses glossary JSON.
   *
   * @param json the JSON text
   * @return the glossary
   * @throws SnowchatException {@link IndexErrorCode#GLOSSARY_INVALID} when it is not a valid
   *     glossary; the message names the bad field, e.g. {@code entries[2].targets}
   */
  public static Glossary parse(String json) {
    requireNonNull(json, "json is null");
    return parse(json, "<string>");
  }

  private static Glossary parse(String json, String origin) {
    JsonNode root;
    try {
      root = MAPPER.readTree(json);
    } catch (JacksonException e) {
      throw invalid(origin, "", "malformed JSON: " + e.getOriginalMessage());
    }
    if (root == null || !root.isObject()) {
      throw invalid(origin, "", "expected an object with an \"entries\" array");
    }
    JsonNode entries = root.path("entries");
    if (!entries.isArray()) {
      throw invalid(origin, "entries", "expected an array");
    }
    List<GlossaryEntry> out = new ArrayList<>(entries.size());
    for (int i = 0; i < entries.size(); i++) {
      out.add(entry(entries.get(i), origin, "entries[" + i + "]"));
    }
    return new Glossary(out);
  }

  private static GlossaryEntry entry(JsonNode n, String origin, String at) {
    if (!n.isObject()) {
      throw invalid(origin, at, "expected an object");
    }
    for (String key : n.propertyNames()) {
      if (!ENTRY_KEYS.contains(key)) {
        throw invalid(origin, at + "." + key,
            "unknown field; allowed: terms, targets, context, domain, priority");
      }
    }
    List<String> terms = strings(n.path("terms"), origin, at + ".terms");
    List<String> targets = strings(n.path("targets"), origin, at + ".targets");
    String context = optionalText(n, "context", origin, at);
    String domain = optionalText(n, "domain", origin, at);
    String priorityText = optionalText(n, "priority", origin, at);
    GlossaryEntry.Priority priority;
    try {
      priority = priorityText == null
          ? GlossaryEntry.Priority.PRIMARY
          : GlossaryEntry.Priority.parse(priorityText);
    } catch (IllegalArgumentException e) {
      throw invalid(origin, at + ".priority", e.getMessage());
    }
    return new GlossaryEntry(terms, targets, context, domain, priority);
  }

  private static List<String> strings(JsonNode n, String origin, String at) {
    if (!n.isArray() || n.isEmpty()) {
      throw invalid(origin, at, "expected a non-empty array of strings");
    }
    List<String> out = new ArrayList<>(n.size());
    for (int i = 0; i < n.size(); i++) {
      JsonNode e = n.get(i);
      if (!e.isString() || e.asString().isBlank()) {
        throw invalid(origin, at + "[" + i + "]", "expected a non-blank string");
      }
      out.add(e.asString());
    }
    return out;
  }

  private static @Nullable String optionalText(JsonNode n, String field, String origin,
      String at) {
    return JsonInput.optionalText(n, field, at, (where, what) -> invalid(origin, where, what));
  }

  private static SnowchatException invalid(String origin, String at, String what) {
    return new SnowchatException(IndexErrorCode.GLOSSARY_INVALID,
        "Invalid glossary " + origin + (at.isEmpty() ? "" : " at " + at) + ": " + what);
  }

  /**
   * {@return the entries whose targets include the table}
   *
   * @param table the table
   */
  public List<GlossaryEntry> entriesFor(QualifiedName table) {
    requireNonNull(table, "table is null");
    List<GlossaryEntry> out = new ArrayList<>();
    for (GlossaryEntry e : entries) {
      if (e.targets(table)) {
        out.add(e);
      }
    }
    return out;
  }

  /**
   * Finds targets that name no table of the catalog, for coverage reports.
   *
   * @param catalog the catalog
   * @return the unresolved targets, in entry order, without duplicates
   */
  public List<String> unresolvedTargets(Catalog catalog) {
    requireNonNull(catalog, "catalog is null");
    Set<String> bare = new HashSet<>();
    Set<String> qualified = new HashSet<>();
    for (TableInfo t : catalog.tables()) {
      bare.add(t.id().name().toUpperCase(Locale.ROOT));
      qualified.add(t.id().toString().toUpperCase(Locale.ROOT));
    }
    List<String> out = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (GlossaryEntry e : entries) {
      for (String target : e.targets()) {
        String u = target.strip().toUpperCase(Locale.ROOT);
        boolean found = u.indexOf('.') < 0 ? bare.contains(u) : qualified.contains(u);
        if (!found && seen.add(target)) {
          out.add(target);
        }
      }
    }
    return out;
  }
}
