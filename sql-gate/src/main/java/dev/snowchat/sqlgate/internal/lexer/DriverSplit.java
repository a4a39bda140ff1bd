package dev.snowchat.sqlgate.internal.lexer;

import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * How the PostgreSQL JDBC driver (pgjdbc, and the drivers derived from it such as Amazon
 * Redshift's) cuts a request into statements before the server sees it.
 *
 * <p>pgjdbc splits the text of {@code Statement.execute} at every {@code ;} outside what it
 * reads as strings, quoted names, comments and parentheses, and sends each piece as a statement
 * of its own. Its reading is not the server's, which is the one the gate lexes:
 *
 * <ul>
 *   <li>a block comment that starts {@code /*}{@code /} ends at once (the driver pairs the
 *       opening {@code *} with the {@code /} after it), where the server reads on to the next
 *       {@code *}{@code /};
 *   <li>{@code ''} inside a string ends it and starts another, and only a string directly
 *       preceded by {@code E} takes backslash escapes: {@code E'x''\'} is one string to the
 *       server and two to the driver, the second ending at the next quote;
 *   <li>a {@code ;} inside parentheses does not split.
 * </ul>
 *
 * <p>So a request the gate reads as one statement, its tail hidden in a comment or string, can
 * reach the server as several, the tail included ({@code SELECT 1 /}{@code *}{@code / ' *}{@code
 * / -- ' ; DROP TABLE t; --}). {@link #refusal} finds such a request: it reads the text as the
 * driver does, with and without {@code standard_conforming_strings} (the driver follows the
 * server's setting), and refuses unless the driver would send the text's first piece and nothing
 * after it but whitespace and comments. pgjdbc 42.7 reads which characters make names (where a
 * dollar quote may start) by Java's identifier rules, older releases by ASCII letters and any
 * non-ASCII character: both readings are checked. Written from pgjdbc's parsing rules; the tests
 * compare it with the driver's own parser.
 */
public final class DriverSplit {
  private DriverSplit() {}

  /**
   * Why the PostgreSQL JDBC driver would not send the request as the one statement it reads as,
   * or null when it would.
   *
   * @param sql the request
   * @return the reason, or null
   */
  public static @Nullable String refusal(String sql) {
    for (boolean standardStrings : new boolean[] {true, false}) {
      for (boolean javaNames : new boolean[] {true, false}) {
        String why = refusal(pieces(sql, standardStrings, javaNames));
        if (why != null) {
          return why;
        }
      }
    }
    return null;
  }

  private static @Nullable String refusal(List<String> pieces) {
    int statements = 0;
    for (String p : pieces) {
      if (!onlyComments(p)) {
        statements++;
      }
    }
    boolean firstCarries = !pieces.isEmpty() && !onlyComments(pieces.get(0));
    if (statements > 1 || (pieces.size() > 1 && !firstCarries)) {
      return "the PostgreSQL JDBC driver would send it as " + Math.max(2, statements)
          + " statements: it splits at a ';' that it reads outside a comment or string, where"
          + " the server reads a comment or string";
    }
    return null;
  }

  /**
   * The pieces the driver sends, in order: the text between the {@code ;} it splits at, with the
   * pieces that hold only whitespace and semicolons left out, as the driver leaves them out.
   *
   * @param sql the request
   * @param standardStrings whether the server has {@code standard_conforming_strings} on
   * @param javaNames which characters make names, for where a dollar quote may start: Java's
   *     identifier characters (pgjdbc 42.7), or ASCII letters, digits, {@code _}, {@code $} and
   *     any non-ASCII character (older pgjdbc); {@link #refusal} reads both ways
   * @return the pieces
   */
  public static List<String> pieces(String sql, boolean standardStrings, boolean javaNames) {
    char[] s = sql.toCharArray();
    List<String> out = new ArrayList<>(1);
    int start = 0;
    int parens = 0;
    boolean blank = true;
    for (int i = 0; i < s.length; i++) {
      char c = s[i];
      blank &= c == ';' || Character.isWhitespace(c);
      switch (c) {
        case '\'' -> i = endOfString(s, i, standardStrings);
        case '"' -> i = endOfQuotedName(s, i);
        case '-' -> i = endOfLineComment(s, i);
        case '/' -> i = endOfBlockComment(s, i);
        case '$' -> i = endOfDollarQuote(s, i, javaNames);
        case ')' -> parens--;
        case ';' -> {
          if (parens == 0) {
            if (!blank) {
              out.add(sql.substring(start, i));
              blank = true;
            }
            start = i + 1;
          }
        }
        default -> { }
      }
      if (c == '(') {
        parens++;
      }
    }
    if (start < s.length && !blank) {
      out.add(sql.substring(start));
    }
    return out;
  }

  /** The index of the quote ending a string that starts at {@code at}, or the text's length. */
  private static int endOfString(char[] s, int at, boolean standardStrings) {
    boolean escapes = !standardStrings
        || (at >= 2 && (s[at - 1] == 'e' || s[at - 1] == 'E') && endsIdentifier(s[at - 2]));
    int i = at;
    while (++i < s.length) {
      if (escapes && s[i] == '\\') {
        i++;
      } else if (s[i] == '\'') {
        return i;
      }
    }
    return s.length;
  }

  private static int endOfQuotedName(char[] s, int at) {
    int i = at;
    while (++i < s.length && s[i] != '"') {
      // the name runs to the next double quote
    }
    return i;
  }

  private static int endOfLineComment(char[] s, int at) {
    int i = at;
    if (i + 1 < s.length && s[i + 1] == '-') {
      while (i + 1 < s.length) {
        i++;
        if (s[i] == '\r' || s[i] == '\n') {
          break;
        }
      }
    }
    return i;
  }

  /**
   * The index of the last {@code /} of a block comment starting at {@code at}, as the driver
   * reads it: it looks at each character with the one before it, starting with the opening
   * {@code *}, so {@code /}{@code *}{@code /} closes at once; comments nest.
   */
  private static int endOfBlockComment(char[] s, int at) {
    int i = at;
    if (i + 1 < s.length && s[i + 1] == '*') {
      int level = 1;
      for (i += 2; i < s.length; i++) {
        char before = s[i - 1];
        if (before == '*' && s[i] == '/') {
          level--;
          i++;
        } else if (before == '/' && s[i] == '*') {
          level++;
          i++;
        }
        if (level == 0) {
          i--;
          break;
        }
      }
    }
    return i;
  }

  private static int endOfDollarQuote(char[] s, int at, boolean javaNames) {
    int i = at;
    if (i + 1 < s.length && (i == 0 || !identifierPart(s[i - 1], javaNames))) {
      int tagEnd = -1;
      if (s[i + 1] == '$') {
        tagEnd = i + 1;
      } else if (tagStart(s[i + 1], javaNames)) {
        for (int d = i + 2; d < s.length; d++) {
          if (s[d] == '$') {
            tagEnd = d;
            break;
          } else if (!tagPart(s[d], javaNames)) {
            break;
          }
        }
      }
      if (tagEnd > 0) {
        int tagLength = tagEnd - at + 1;
        for (i = tagEnd + 1; i < s.length; i++) {
          if (s[i] == '$' && sameChars(s, at, i, tagLength)) {
            i += tagLength - 1;
            break;
          }
        }
      }
    }
    return i;
  }

  private static boolean sameChars(char[] s, int a, int b, int length) {
    if (b + length > s.length) {
      return false;
    }
    for (int k = 0; k < length; k++) {
      if (s[a + k] != s[b + k]) {
        return false;
      }
    }
    return true;
  }

  private static boolean endsIdentifier(char c) {
    return c == '"' || c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'
        || ",()[].;:+-*/%^<>=~!@#&|`?".indexOf(c) >= 0;
  }

  private static boolean identifierPart(char c, boolean javaNames) {
    return javaNames ? Character.isJavaIdentifierPart(c) : tagPart(c, false) || c == '$';
  }

  private static boolean tagStart(char c, boolean javaNames) {
    return javaNames ? c != '$' && Character.isJavaIdentifierStart(c)
        : (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c > 127;
  }

  private static boolean tagPart(char c, boolean javaNames) {
    return javaNames ? c != '$' && Character.isJavaIdentifierPart(c)
        : tagStart(c, false) || (c >= '0' && c <= '9');
  }

  /**
   * Whether a piece holds nothing the server would run: whitespace, {@code --} comments and
   * block comments that hold no comment marker inside (read the same by driver and server).
   */
  static boolean onlyComments(String piece) {
    int i = 0;
    int n = piece.length();
    while (i < n) {
      char c = piece.charAt(i);
      if (Character.isWhitespace(c)) {
        i++;
      } else if (piece.startsWith("--", i)) {
        while (i < n && piece.charAt(i) != '\n' && piece.charAt(i) != '\r') {
          i++;
        }
      } else if (piece.startsWith("/*", i) && !piece.startsWith("/*/", i)) {
        int close = piece.indexOf("*/", i + 2);
        if (close < 0 || piece.substring(i + 2, close).contains("/*")) {
          return false;
        }
        i = close + 2;
      } else {
        return false;
      }
    }
    return true;
  }
}
