package dev.snowchat.sqlgate;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * One object a statement names, as {@link SqlGate#references(String)} finds it: a table or view
 * it reads or writes, a table function it calls, a database or schema it switches to, or another
 * schema object (a sequence, a Snowflake model). Common table expression names and aliases are
 * not objects and never appear here. Immutable.
 *
 * <p>The parts are the name as the engine looks it up: an unquoted part is folded the way the
 * dialect folds it ({@link Dialect#SNOWFLAKE}: upper case; {@link Dialect#POSTGRES}: ASCII
 * letters to lower case; {@link Dialect#DUCKDB} and {@link Dialect#GENERIC}: as written), a quoted
 * part is kept exactly. When {@link #ignoreCase()} is true the engine compares the parts ignoring
 * case (DuckDB does, for quoted names too; the engine behind GENERIC is not known).
 *
 * <pre>{@code
 * // SELECT * FROM analytics."Orders" o JOIN raw.hosts h USING (host_id)   -- POSTGRES
 * // -> RELATION [analytics, Orders], RELATION [raw, hosts]
 * }</pre>
 *
 * @param kind what the name stands for
 * @param parts the name parts, outermost first (one to three; a Snowflake {@code db..t} gives
 *     {@code [DB, PUBLIC, T]})
 * @param quoted whether each part was written quoted
 * @param ignoreCase whether the engine matches the parts ignoring case
 * @param text the name as written (comments and spaces between parts dropped), for messages
 */
public record ObjectReference(Kind kind, List<String> parts, List<Boolean> quoted,
    boolean ignoreCase, String text) {

  /** What a referenced name stands for. */
  public enum Kind {
    /** A table or view: read in table position, written by DML, or described. */
    RELATION,
    /** A function called where a table stands ({@code FROM f(...)}, {@code LATERAL f(...)}). */
    TABLE_FUNCTION,
    /** A database or schema a statement switches to ({@code USE ...}). */
    CONTAINER,
    /** Another schema object: a sequence ({@code seq.NEXTVAL}), a model ({@code m!PREDICT}). */
    OTHER
  }

  /** Validates the fields and copies the lists. */
  public ObjectReference {
    requireNonNull(kind, "kind is null");
    parts = List.copyOf(requireNonNull(parts, "parts is null"));
    quoted = List.copyOf(requireNonNull(quoted, "quoted is null"));
    requireNonNull(text, "text is null");
    if (parts.isEmpty() || parts.size() > 3) {
      throw new IllegalArgumentException("a reference has 1 to 3 parts, got " + parts);
    }
    if (parts.size() != quoted.size()) {
      throw new IllegalArgumentException("parts and quoted differ in size: " + parts.size()
          + " and " + quoted.size());
    }
  }

  /** {@return the last part: the object's own name} */
  public String name() {
    return parts.get(parts.size() - 1);
  }

  /** {@return true when the name carries a schema (two or three parts)} */
  public boolean qualified() {
    return parts.size() > 1;
  }

  @Override
  public String toString() {
    return kind + " " + text;
  }
}
