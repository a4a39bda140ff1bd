package dev.snowchat.mcp.internal.lookup;

import static java.util.Objects.requireNonNull;

import dev.snowchat.mcp.ToolErrorCode;
import dev.snowchat.sqlgate.SnowchatException;
import java.util.ArrayList;
import java.util.List;

/**
 * A table name as a caller wrote it: one to three dot-separated parts, each plain or
 * double-quoted ({@code "My Db".PUBLIC."odd.name"}). Quoted parts keep their case.
 *
 * @param parts the parts, outermost first
 * @param quoted whether each part was quoted
 */
public record TableRef(List<String> parts, List<Boolean> quoted) {

  /** Validates the parts. */
  public TableRef {
    parts = List.copyOf(parts);
    quoted = List.copyOf(quoted);
    if (parts.isEmpty() || parts.size() > 3 || parts.size() != quoted.size()) {
      throw new IllegalArgumentException("1 to 3 parts");
    }
  }

  /**
   * Parses a name.
   *
   * @param text the name
   * @return the reference
   * @throws SnowchatException when the text is not a name
   */
  public static TableRef parse(String text) {
    requireNonNull(text, "text is null");
    String t = text.strip();
    List<String> parts = new ArrayList<>();
    List<Boolean> quoted = new ArrayList<>();
    int i = 0;
    while (true) {
      if (i >= t.length()) {
        throw bad(text);
      }
      if (t.charAt(i) == '"') {
        StringBuilder sb = new StringBuilder();
        i++;
        while (true) {
          if (i >= t.length()) {
            throw bad(text);
          }
          char c = t.charAt(i);
          if (c == '"') {
            if (i + 1 < t.length() && t.charAt(i + 1) == '"') {
              sb.append('"');
              i += 2;
              continue;
            }
            i++;
            break;
          }
          sb.append(c);
          i++;
        }
        if (sb.isEmpty()) {
          throw bad(text);
        }
        parts.add(sb.toString());
        quoted.add(true);
      } else {
        int start = i;
        while (i < t.length() && t.charAt(i) != '.') {
          char c = t.charAt(i);
          if (c == '"' || Character.isWhitespace(c) || Character.isISOControl(c) || c == ';'
              || c == '(' || c == ')' || c == '\'' || c == ',') {
            throw bad(text);
          }
          i++;
        }
        if (i == start) {
          throw bad(text);
        }
        parts.add(t.substring(start, i));
        quoted.add(false);
      }
      if (i == t.length()) {
        break;
      }
      if (t.charAt(i) != '.') {
        throw bad(text);
      }
      i++;
    }
    if (parts.size() > 3) {
      throw bad(text);
    }
    return new TableRef(parts, quoted);
  }

  private static SnowchatException bad(String text) {
    String shown = text.length() > 200 ? text.substring(0, 200) + "..." : text;
    return new SnowchatException(ToolErrorCode.INVALID_ARGUMENT,
        "'" + shown.replaceAll("\\p{Cntrl}", " ")
        + "' is not a table name. Use TABLE, SCHEMA.TABLE or DATABASE.SCHEMA.TABLE; quote a"
        + " part with double quotes when it has dots, spaces or mixed case.");
  }

  /** {@return the table part} */
  public String table() {
    return parts.get(parts.size() - 1);
  }

  /** {@return the schema part, or null} */
  public String schema() {
    return parts.size() >= 2 ? parts.get(parts.size() - 2) : null;
  }

  /** {@return the database part, or null} */
  public String database() {
    return parts.size() == 3 ? parts.get(0) : null;
  }

  /**
   * {@return whether the part at the given position from the end (0 = table) was quoted}
   *
   * @param fromEnd 0 for the table, 1 for the schema, 2 for the database
   */
  public boolean isQuoted(int fromEnd) {
    return quoted.get(quoted.size() - 1 - fromEnd);
  }

  @Override
  public String toString() {
    return String.join(".", parts);
  }
}
