package dev.snowchat.sqlgate.internal.lexer;

import dev.snowchat.sqlgate.Dialect;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Random statement texts built from the lexical pieces of PostgreSQL and DuckDB: comments with
 * odd terminators (CR, VT, FF, NEL, LS, PS), nested block comments, strings of every kind with
 * quotes, backslashes and semicolons inside, adjacent literals that continue across a newline,
 * dollar quotes, identifiers, numbers running into words, whitespace variants, and semicolons
 * inside and outside quotes. Each statement is a harmless {@code SELECT} whose first item is
 * {@code counter}, so an engine that runs the text tells how many statements it saw.
 */
final class LexGenerator {
  private static final String PAYLOAD = "ab ;;'''\\\\\\$$--/**/\n\r\u000B\u000C\u0085\u2028\"#é";
  private static final List<String> TERMINATORS = List.of("\n", "\r", "\r\n", "\u000B", "\u000C",
      "\u0085", "\u2028", "\u2029", "\u001C");

  /**
   * Pieces of other engines' syntax ({@code //} of H2 and Snowflake, Informix braces, MySQL
   * {@code #}, backtick names, SQL Server brackets, Snowflake's {@code ->>}), each able to hide or
   * reveal a ';' for some engine.
   */
  private static final List<String> FOREIGN = List.of("//", "// ;\n", "//*", "{", "}",
      "{ ; }", "#", "# ;\n", "`a\\`", "`;`", "->>", "/*!", "--x;", "\\", "'", "\"", "[",
      "]", "; SELECT 1 ");

  private final Dialect dialect;
  private final String counter;
  private final boolean foreign;

  LexGenerator(Dialect dialect, String counter) {
    this(dialect, counter, false);
  }

  private LexGenerator(Dialect dialect, String counter, boolean foreign) {
    this.dialect = dialect;
    this.counter = counter;
    this.foreign = foreign;
  }

  /** {@return a generator whose texts also carry other engines' syntax at random offsets} */
  LexGenerator withForeignSyntax() {
    return new LexGenerator(dialect, counter, true);
  }

  String text(SplittableRandom r) {
    String text = statements(r);
    if (!foreign) {
      return text;
    }
    StringBuilder b = new StringBuilder(text);
    for (int k = 1 + r.nextInt(3); k > 0; k--) {
      b.insert(r.nextInt(b.length() + 1), FOREIGN.get(r.nextInt(FOREIGN.size())));
    }
    return b.toString();
  }

  private String statements(SplittableRandom r) {
    StringBuilder b = new StringBuilder();
    int statements = 1 + r.nextInt(3);
    for (int k = 0; k < statements; k++) {
      if (k > 0) {
        gap(r, b);
        b.append(r.nextInt(8) == 0 ? "" : ";");
        gap(r, b);
      }
      b.append(r.nextBoolean() ? "SELECT" : "select");
      gap1(r, b);
      b.append(counter);
      int items = r.nextInt(4);
      for (int i = 0; i < items; i++) {
        gap(r, b);
        b.append(',');
        gap(r, b);
        literal(r, b);
        if (r.nextInt(4) == 0) {
          gap1(r, b);
          b.append("AS");
          gap1(r, b);
          identifier(r, b);
        }
      }
      if (r.nextInt(6) == 0) {
        gap(r, b);
        b.append(';');
      }
    }
    gap(r, b);
    return b.toString();
  }

  /** A gap of at least one whitespace or comment. */
  private void gap1(SplittableRandom r, StringBuilder b) {
    int before = b.length();
    gap(r, b);
    if (b.length() == before) {
      b.append(' ');
    }
  }

  void gap(SplittableRandom r, StringBuilder b) {
    int n = r.nextInt(3);
    for (int i = 0; i < n; i++) {
      switch (r.nextInt(9)) {
        case 0 -> b.append(' ');
        case 1 -> b.append('\t');
        case 2 -> b.append('\n');
        case 3 -> b.append('\r');
        case 4 -> b.append('\f');
        case 5, 6 -> {
          b.append("--");
          payload(r, b, 6);
          if (r.nextInt(3) == 0) {
            b.append("; ").append("SELECT ").append(counter);
          }
          b.append(TERMINATORS.get(r.nextInt(TERMINATORS.size())));
        }
        case 7 -> {
          b.append("/*");
          payload(r, b, 4);
          if (r.nextBoolean()) {
            b.append("/* ; */");
          }
          b.append("*/");
        }
        default -> { }
      }
    }
  }

  void literal(SplittableRandom r, StringBuilder b) {
    switch (r.nextInt(14)) {
      case 0, 1 -> quoted(r, b, "");
      case 2 -> quoted(r, b, r.nextBoolean() ? "E" : "e");
      case 3 -> quoted(r, b, r.nextBoolean() ? "N" : "n");
      case 4 -> b.append(r.nextBoolean() ? "B'0101'" : "X'0F'");
      case 5 -> quoted(r, b, "U&");
      case 6 -> {
        // adjacent literals: continue across a newline in the first one's mode
        quoted(r, b, r.nextBoolean() ? "E" : "");
        b.append(List.of("\n", "\r", " \n ", "\n-- c\n", " ", "/* c */\n", "\f\n").get(
            r.nextInt(7)));
        quoted(r, b, "");
      }
      case 7 -> {
        String tag = List.of("", "a", "_x1", "é", "A").get(r.nextInt(5));
        String close = r.nextInt(6) == 0 ? "$a$" : "$" + tag + "$";
        b.append('$').append(tag).append('$');
        payload(r, b, 6);
        b.append(close);
      }
      case 8 -> b.append(List.of("1", "1.5", ".5e-3", "1e3", "1.e5", "1_000", "1.", "0x1F",
          "1e", "1FROM", "1ea", "1.5x", "1..2", "$1").get(r.nextInt(14)));
      case 9 -> identifier(r, b);
      case 10 -> b.append(List.of("'{\"a\":1}'::jsonb ->> 'a'", "2 //* x */ 3", "2 *--x\n3",
          "'a' || 'b'", "ARRAY[1] @> ARRAY[1]", "2 #>> '{}'", "1 -->> 2\n").get(r.nextInt(7)));
      case 11 -> quoted(r, b, r.nextBoolean() ? "U&" : "E");
      default -> quoted(r, b, "");
    }
  }

  /** {@return one string literal of a random kind whose value both the gate and engine know} */
  String stringLiteral(SplittableRandom r) {
    StringBuilder b = new StringBuilder();
    switch (r.nextInt(6)) {
      case 0 -> quoted(r, b, "");
      case 1 -> quoted(r, b, r.nextBoolean() ? "E" : "e");
      case 2 -> quoted(r, b, "N");
      case 3 -> {
        quoted(r, b, dialect == Dialect.DUCKDB && r.nextBoolean() ? "E" : "");
        b.append(List.of("\n", "\r", " \n ", "\n-- c\n", "\f\n").get(r.nextInt(5)));
        quoted(r, b, "");
      }
      case 4 -> {
        String tag = List.of("", "a", "é").get(r.nextInt(3));
        b.append('$').append(tag).append('$');
        payload(r, b, 6);
        b.append('$').append(tag).append('$');
      }
      default -> quoted(r, b, dialect == Dialect.POSTGRES ? "U&" : "");
    }
    return b.toString();
  }

  private void quoted(SplittableRandom r, StringBuilder b, String prefix) {
    b.append(prefix).append('\'');
    payload(r, b, 6);
    b.append('\'');
    if (prefix.equals("U&") && r.nextInt(3) == 0) {
      b.append(" UESCAPE '!'");
    }
  }

  private void identifier(SplittableRandom r, StringBuilder b) {
    switch (r.nextInt(5)) {
      case 0 -> b.append("a$b$");
      case 1 -> b.append("\"q").append(r.nextBoolean() ? "\"\";" : ";").append("\"");
      case 2 -> b.append("U&\"a\\0062\"");
      case 3 -> b.append("é1");
      default -> b.append("x").append(r.nextInt(10));
    }
  }

  private void payload(SplittableRandom r, StringBuilder b, int max) {
    int n = r.nextInt(max + 1);
    for (int i = 0; i < n; i++) {
      if (r.nextInt(5) == 0) {
        b.append(List.of("\\'", "''", "\\\\", "\\u0041", "\\x41", "\\0062", "!0041", "--",
            "/*", "*/", "; SELECT " + counter + "; ", "$$", "\\").get(r.nextInt(13)));
      } else {
        b.append(PAYLOAD.charAt(r.nextInt(PAYLOAD.length())));
      }
    }
  }

  Dialect dialect() {
    return dialect;
  }
}
