package dev.snowchat.maven.internal;

import static java.util.Objects.requireNonNull;

import dev.snowchat.sqlgate.Dialect;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Splits the text of a SQL file into statements at top-level semicolons, remembering where each
 * statement starts (line and column, 1-based), so that a refusal can be reported as
 * {@code file:line: reason}.
 *
 * <p>The splitter understands single-quoted strings ({@code ''} escapes; backslash escapes in
 * Snowflake and in {@code E'...'} strings), double-quoted identifiers ({@code ""} escapes),
 * backquoted identifiers (GENERIC), {@code $$...$$} bodies, {@code $tag$...$tag$} bodies (DuckDB
 * and GENERIC), nested block comments, {@code --} line comments and, in Snowflake, {@code //}
 * line comments. A semicolon inside any of them does not split.
 *
 * <p>This duplicates the statement splitting of sql-gate's internal lexer, which sql-gate does
 * not export. Fold it into sql-gate once it offers a public splitter with offsets.
 */
public final class SqlSplitter {
  private final Dialect dialect;

  /**
   * Creates a splitter.
   *
   * @param dialect the dialect, which decides backslash escapes, {@code //} comments and tagged
   *     dollar bodies
   */
  public SqlSplitter(Dialect dialect) {
    this.dialect = requireNonNull(dialect, "dialect is null");
  }

  /**
   * A statement found in the text.
   *
   * @param text the statement text from its first significant character up to (not including)
   *     the terminating semicolon; may end in comments or whitespace
   * @param line the 1-based line of the first significant character
   * @param column the 1-based column of the first significant character
   * @param error why the text could not be split safely (an unterminated string, identifier,
   *     body or comment), or null; such a statement runs to the end of the text
   */
  public record Statement(String text, int line, int column, @Nullable String error) {
    /** Validates the fields. */
    public Statement {
      requireNonNull(text, "text is null");
      if (line < 1 || column < 1) {
        throw new IllegalArgumentException("line and column are 1-based, got " + line + ":"
            + column);
      }
    }
  }

  /**
   * Splits text into statements. Pieces holding only whitespace and comments are dropped.
   *
   * @param sql the text of a SQL file
   * @return the statements in order; never null
   */
  public List<Statement> split(String sql) {
    requireNonNull(sql, "sql is null");
    return new Scan(sql).run();
  }

  /** One pass over the text; not reusable. */
  private final class Scan {
    private final String s;
    private final int n;
    private int pos;
    private int line = 1;
    private int lineStart;
    private final List<Statement> out = new ArrayList<>();

    // The current statement: start offset, line and column of its first significant char.
    private int stmtStart = -1;
    private int stmtLine;
    private int stmtColumn;

    Scan(String s) {
      this.s = s;
      this.n = s.length();
    }

    List<Statement> run() {
      while (pos < n) {
        char c = s.charAt(pos);
        if (c == '\n') {
          newline(pos);
          pos++;
        } else if (Character.isWhitespace(c)) {
          pos++;
        } else if (c == '-' && peek(1) == '-' || dialect == Dialect.SNOWFLAKE && c == '/'
            && peek(1) == '/') {
          skipLineComment();
        } else if (c == '/' && peek(1) == '*') {
          int l = line;
          if (stmtStart < 0) {
            // An unclosed comment is reported where it starts.
            mark();
            if (skipBlockComment()) {
              stmtStart = -1;
              continue;
            }
          } else if (skipBlockComment()) {
            continue;
          }
          fail("unterminated block comment starting at line " + l);
          return out;
        } else if (c == ';') {
          finish(pos);
          pos++;
        } else {
          mark();
          if (!skipToken()) {
            return out;
          }
        }
      }
      finish(n);
      return out;
    }

    private char peek(int ahead) {
      int i = pos + ahead;
      return i < n ? s.charAt(i) : '\0';
    }

    private void newline(int at) {
      line++;
      lineStart = at + 1;
    }

    private void mark() {
      if (stmtStart < 0) {
        stmtStart = pos;
        stmtLine = line;
        stmtColumn = pos - lineStart + 1;
      }
    }

    private void finish(int end) {
      if (stmtStart >= 0) {
        out.add(new Statement(s.substring(stmtStart, end).strip(), stmtLine, stmtColumn, null));
        stmtStart = -1;
      }
    }

    private void fail(String error) {
      out.add(new Statement(s.substring(stmtStart).strip(), stmtLine, stmtColumn, error));
      stmtStart = -1;
      pos = n;
    }

    /** Skips one significant token (or one character). Returns false after a fatal error. */
    private boolean skipToken() {
      char c = s.charAt(pos);
      int startLine = line;
      if (c == '\'') {
        boolean backslash = dialect == Dialect.SNOWFLAKE || isEscapeStringPrefix();
        if (!skipQuoted('\'', backslash)) {
          fail("unterminated string literal starting at line " + startLine);
          return false;
        }
      } else if (c == '"') {
        if (!skipQuoted('"', false)) {
          fail("unterminated quoted identifier starting at line " + startLine);
          return false;
        }
      } else if (c == '`' && dialect == Dialect.GENERIC) {
        if (!skipQuoted('`', false)) {
          fail("unterminated quoted identifier starting at line " + startLine);
          return false;
        }
      } else if (c == '$') {
        String tag = dollarTag();
        if (tag != null) {
          if (!skipDollarBody(tag)) {
            fail("unterminated " + tag + " body starting at line " + startLine);
            return false;
          }
        } else {
          pos++;
        }
      } else if (isWordChar(c)) {
        // Words are skipped whole so that E'...' and x$y$ are seen correctly.
        while (pos < n && isWordChar(s.charAt(pos))
            && !(s.charAt(pos) == '$' && peek(1) == '$')) {
          pos++;
        }
      } else {
        pos++;
      }
      return true;
    }

    /** True when the quote at pos is preceded by a lone E or e (a PostgreSQL/DuckDB E string). */
    private boolean isEscapeStringPrefix() {
      if (dialect == Dialect.SNOWFLAKE || pos == 0) {
        return false;
      }
      char prev = s.charAt(pos - 1);
      if (prev != 'E' && prev != 'e') {
        return false;
      }
      return pos - 2 < 0 || !isWordChar(s.charAt(pos - 2));
    }

    /** Skips a quoted run starting at pos; doubled quotes escape. Returns false if unclosed. */
    private boolean skipQuoted(char quote, boolean backslash) {
      pos++;
      while (pos < n) {
        char c = s.charAt(pos);
        if (c == '\n') {
          newline(pos);
        }
        if (backslash && c == '\\' && pos + 1 < n) {
          if (s.charAt(pos + 1) == '\n') {
            newline(pos + 1);
          }
          pos += 2;
          continue;
        }
        if (c == quote) {
          if (peek(1) == quote) {
            pos += 2;
            continue;
          }
          pos++;
          return true;
        }
        pos++;
      }
      return false;
    }

    /**
     * Returns the dollar-quote delimiter starting at pos ({@code $$}, or {@code $tag$} outside
     * Snowflake), or null when the dollar sign starts something else (a variable, {@code $1}).
     */
    private @Nullable String dollarTag() {
      if (peek(1) == '$') {
        return "$$";
      }
      if (dialect == Dialect.SNOWFLAKE) {
        return null;
      }
      int i = pos + 1;
      if (i >= n || !(Character.isLetter(s.charAt(i)) || s.charAt(i) == '_')) {
        return null;
      }
      while (i < n && (Character.isLetterOrDigit(s.charAt(i)) || s.charAt(i) == '_')) {
        i++;
      }
      return i < n && s.charAt(i) == '$' ? s.substring(pos, i + 1) : null;
    }

    private boolean skipDollarBody(String tag) {
      int end = s.indexOf(tag, pos + tag.length());
      int stop = end < 0 ? n : end + tag.length();
      for (int i = pos; i < stop; i++) {
        if (s.charAt(i) == '\n') {
          newline(i);
        }
      }
      pos = stop;
      return end >= 0;
    }

    private void skipLineComment() {
      while (pos < n && s.charAt(pos) != '\n') {
        pos++;
      }
    }

    /** Skips a block comment, nested ones included. Returns false if it is not closed. */
    private boolean skipBlockComment() {
      int depth = 0;
      while (pos < n) {
        char c = s.charAt(pos);
        if (c == '/' && peek(1) == '*') {
          depth++;
          pos += 2;
        } else if (c == '*' && peek(1) == '/') {
          depth--;
          pos += 2;
          if (depth == 0) {
            return true;
          }
        } else {
          if (c == '\n') {
            newline(pos);
          }
          pos++;
        }
      }
      return false;
    }
  }

  private static boolean isWordChar(char c) {
    return Character.isLetterOrDigit(c) || c == '_' || c == '$';
  }
}
