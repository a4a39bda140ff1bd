package dev.snowchat.schemaindex;

import java.util.Locale;

/** Whether a catalog entry is a table or a view. */
public enum TableKind {
  /** A base table (including external, dynamic and transient tables). */
  TABLE,
  /** A view or materialized view. */
  VIEW;

  /**
   * Parses a kind as written in snapshots ({@code table}, {@code view}), case-insensitively; JDBC
   * type names such as {@code BASE TABLE} or {@code MATERIALIZED VIEW} are accepted too.
   *
   * @param text the kind text
   * @return the kind
   * @throws IllegalArgumentException for anything else
   */
  public static TableKind parse(String text) {
    String t = text.strip().toUpperCase(Locale.ROOT);
    if (t.endsWith("VIEW")) {
      return VIEW;
    }
    if (t.endsWith("TABLE")) {
      return TABLE;
    }
    throw new IllegalArgumentException("unknown table kind '" + text + "'; allowed: table, view");
  }

  /** {@return the lower-case name used in snapshots} */
  public String configName() {
    return name().toLowerCase(Locale.ROOT);
  }
}
