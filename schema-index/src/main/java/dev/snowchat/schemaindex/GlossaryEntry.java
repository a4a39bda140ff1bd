package dev.snowchat.schemaindex;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * One glossary entry: business terms that mean the target tables.
 *
 * @param terms the business terms (at least one), e.g. {@code revenue by country}
 * @param targets the tables the terms mean (at least one): a bare table name matches every table
 *     of that name, ignoring case; {@code DB.SCHEMA.NAME} matches exactly one table
 * @param context a sentence describing the targets, added to their search text; or null
 * @param domain a business domain such as {@code revenue}, added to the search text; or null
 * @param priority how strongly a match boosts the targets
 */
public record GlossaryEntry(
    List<String> terms,
    List<String> targets,
    @Nullable String context,
    @Nullable String domain,
    Priority priority) {

  /** How strongly a glossary match boosts its targets. */
  public enum Priority {
    /** The main tables for the terms. */
    PRIMARY(1.0),
    /** Related tables: boosted half as much. */
    SECONDARY(0.5);

    private final double weight;

    Priority(double weight) {
      this.weight = weight;
    }

    /** {@return the boost multiplier, 1.0 for primary} */
    public double weight() {
      return weight;
    }

    /** {@return the lower-case name used in glossary JSON} */
    public String configName() {
      return name().toLowerCase(Locale.ROOT);
    }

    /**
     * Parses a priority, ignoring case.
     *
     * @param text {@code primary} or {@code secondary}
     * @return the priority
     * @throws IllegalArgumentException for anything else
     */
    public static Priority parse(String text) {
      for (Priority p : values()) {
        if (p.configName().equalsIgnoreCase(text.strip())) {
          return p;
        }
      }
      throw new IllegalArgumentException(
          "unknown priority '" + text + "'; allowed: primary, secondary");
    }
  }

  /** Validates the fields and copies the lists. */
  public GlossaryEntry {
    terms = List.copyOf(requireNonNull(terms, "terms is null"));
    targets = List.copyOf(requireNonNull(targets, "targets is null"));
    requireNonNull(priority, "priority is null");
    if (terms.isEmpty() || terms.stream().anyMatch(String::isBlank)) {
      throw new IllegalArgumentException("terms must be non-empty and not blank: " + terms);
    }
    if (targets.isEmpty() || targets.stream().anyMatch(String::isBlank)) {
      throw new IllegalArgumentException("targets must be non-empty and not blank: " + targets);
    }
  }

  /**
   * {@return whether {@code target} names this table: a bare name ignoring case, or a qualified
   * {@code DB.SCHEMA.NAME} (also ignoring case)}
   *
   * @param target one of {@link #targets()}
   * @param table the table
   */
  static boolean matches(String target, QualifiedName table) {
    String t = target.strip();
    if (t.indexOf('.') < 0) {
      return t.equalsIgnoreCase(table.name());
    }
    return t.equalsIgnoreCase(table.toString());
  }

  /**
   * {@return whether any target of this entry names the table}
   *
   * @param table the table
   */
  public boolean targets(QualifiedName table) {
    for (String t : targets) {
      if (matches(t, table)) {
        return true;
      }
    }
    return false;
  }
}
