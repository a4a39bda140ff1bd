package dev.snowchat.mcp.internal.lookup;

import static java.util.Objects.requireNonNull;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The values schema lookups return that schema-index has no type for: databases, schemas and
 * functions (tables, search hits and join paths are schema-index's own).
 */
public final class Catalogs {
  private Catalogs() {}

  /**
   * A database.
   *
   * @param name the name
   * @param comment the comment, or null
   */
  public record Database(String name, @Nullable String comment) {
    /** Validates the fields. */
    public Database {
      requireNonNull(name, "name is null");
    }
  }

  /**
   * A schema.
   *
   * @param database the database
   * @param name the name
   * @param comment the comment, or null
   */
  public record Schema(String database, String name, @Nullable String comment) {
    /** Validates the fields. */
    public Schema {
      requireNonNull(database, "database is null");
      requireNonNull(name, "name is null");
    }
  }

  /**
   * A function the warehouse offers.
   *
   * @param name the name
   * @param kind e.g. {@code scalar}, {@code aggregate}, {@code table}
   * @param builtin true for a built-in function
   * @param signatures the overloads' arguments and return types as the warehouse shows them
   *     (e.g. {@code (part VARCHAR, timestamp DATE) -> TIMESTAMP}); empty when not known
   * @param description the description, or null
   */
  public record Function(String name, String kind, boolean builtin, List<String> signatures,
      @Nullable String description) {
    /** Validates the fields. */
    public Function {
      requireNonNull(name, "name is null");
      requireNonNull(kind, "kind is null");
      signatures = List.copyOf(signatures);
    }

    /**
     * A function with one signature.
     *
     * @param name the name
     * @param kind the kind
     * @param builtin true for a built-in function
     * @param signature the signature, or null when not known
     * @param description the description, or null
     */
    public Function(String name, String kind, boolean builtin, @Nullable String signature,
        @Nullable String description) {
      this(name, kind, builtin, signature == null ? List.of() : List.of(signature), description);
    }

    /** {@return the first signature, or null} */
    public @Nullable String signature() {
      return signatures.isEmpty() ? null : signatures.get(0);
    }

    /** {@return whether the name is an operator ({@code %}, {@code !~~}) rather than a word} */
    public boolean isOperator() {
      return !name.isEmpty() && !Character.isLetter(name.charAt(0)) && name.charAt(0) != '_';
    }

    /**
     * Orders functions for a reader: ordinary names first, then internal ones ({@code _x}),
     * then operators; by name, then kind, within each.
     */
    public static final java.util.Comparator<Function> READING_ORDER =
        java.util.Comparator.comparingInt(Function::rank).thenComparing(Function::name,
            String.CASE_INSENSITIVE_ORDER).thenComparing(Function::kind);

    private int rank() {
      return isOperator() ? 2 : name.startsWith("_") || kind.equals("pragma") ? 1 : 0;
    }
  }
}
