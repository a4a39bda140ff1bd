package dev.snowchat.schemaindex.internal.graph;

import java.util.Locale;

/** Coarse classes of SQL data types, enough to tell that two columns cannot be joined. */
enum TypeClass {
  NUMBER, TEXT, TEMPORAL, BOOLEAN, BINARY, OTHER, UNKNOWN;

  /** {@return the class of a type as a source reports it ({@code NUMBER(38,0)}, {@code text})} */
  static TypeClass of(String type) {
    String t = type.strip().toLowerCase(Locale.ROOT);
    if (t.isEmpty()) {
      return UNKNOWN;
    }
    if (t.contains("date") || t.contains("time")) {
      return TEMPORAL;
    }
    if (t.contains("int") || t.contains("num") || t.contains("dec") || t.contains("real")
        || t.contains("float") || t.contains("double") || t.contains("fixed")
        || t.equals("serial") || t.equals("bigserial") || t.equals("money")) {
      return NUMBER;
    }
    if (t.contains("char") || t.contains("text") || t.contains("string") || t.contains("clob")
        || t.equals("uuid") || t.equals("json") || t.equals("variant")) {
      return TEXT;
    }
    if (t.startsWith("bool") || t.equals("bit")) {
      return BOOLEAN;
    }
    if (t.contains("binary") || t.contains("blob") || t.contains("bytea")) {
      return BINARY;
    }
    return OTHER;
  }

  /** {@return whether columns of these two types can plausibly be joined on equality} */
  static boolean compatible(String a, String b) {
    TypeClass x = of(a);
    TypeClass y = of(b);
    return x == UNKNOWN || y == UNKNOWN || x == y;
  }

  /**
   * {@return whether one type is a number and the other text}: a key loaded from files is often
   * text on one side ({@code concert.Stadium_ID text} against {@code stadium.Stadium_ID int}),
   * which a join casts; inference trusts it only for a column named exactly like the key it
   * joins, or naming the table and ending in the key's key word ({@code visitor_ID} and
   * {@code visitor.ID})
   */
  static boolean numberAndText(String a, String b) {
    TypeClass x = of(a);
    TypeClass y = of(b);
    return (x == NUMBER && y == TEXT) || (x == TEXT && y == NUMBER);
  }
}
