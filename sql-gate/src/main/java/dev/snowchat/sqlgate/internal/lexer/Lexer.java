package dev.snowchat.sqlgate.internal.lexer;

import dev.snowchat.sqlgate.Dialect;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A dialect-aware SQL lexer. It is deliberately strict where dialects disagree: anything whose
 * token boundaries an engine might see differently (a block comment nested in a dialect that does
 * not nest them, a quote escaped by a backslash in {@link Dialect#GENERIC}) is refused rather than
 * guessed. Linear in the input; nesting depth is bounded before any parser runs.
 */
public final class Lexer {
  private final String s;
  private final Dialect dialect;
  private final int maxDepth;
  private final List<Token> tokens;
  private boolean hasComments;
  private int depth;
  private int deepest;
  private int pos;

  private Lexer(String s, Dialect dialect, int maxDepth) {
    this.s = s;
    this.dialect = dialect;
    this.maxDepth = maxDepth;
    this.tokens = new ArrayList<>(Math.max(8, s.length() / 4));
  }

  /**
   * Tokenizes the input.
   *
   * @param sql the input
   * @param dialect the dialect
   * @param maxDepth the largest nesting of brackets and comments allowed
   * @return the tokens
   * @throws LexException on an unterminated or ambiguous construct, or too deep nesting
   */
  public static Lexed lex(String sql, Dialect dialect, int maxDepth) throws LexException {
    Lexer l = new Lexer(sql, dialect, maxDepth);
    l.run();
    return new Lexed(List.copyOf(l.tokens), l.hasComments, l.deepest);
  }

  private void run() throws LexException {
    final int n = s.length();
    while (pos < n) {
      char c = s.charAt(pos);
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == 0x0B) {
        pos++;
      } else if (c == '-' && peek(1) == '-') {
        if (dialect == Dialect.GENERIC && pos + 2 < n && peek(2) > ' ') {
          // MySQL reads "--x" as two minus signs; PostgreSQL as a comment.
          throw new LexException("'--' not followed by a space at offset " + pos
              + " is a comment in some databases and not in others", false);
        }
        lineComment();
      } else if (c == '/' && peek(1) == '/' && dialect == Dialect.SNOWFLAKE) {
        lineComment();
      } else if (c == '/' && peek(1) == '*') {
        blockComment();
      } else if (c == '\'') {
        string(pos, pos + 1, dialect == Dialect.SNOWFLAKE);
      } else if (c == '"') {
        quotedIdent('"');
      } else if (c == '`' && dialect == Dialect.GENERIC) {
        quotedIdent('`');
      } else if (c == '$') {
        dollar();
      } else if (c == '@' && dialect == Dialect.SNOWFLAKE) {
        stage();
      } else if (isDigit(c) || (c == '.' && isDigit(peek(1)))) {
        number();
      } else if (isIdentStart(s.codePointAt(pos))) {
        word();
      } else if (c == '?') {
        add(TokenType.VARIABLE, pos, pos + 1, "?");
        pos++;
      } else {
        if (c == '(' || c == '[' || c == '{') {
          open();
        } else if (c == ')' || c == ']' || c == '}') {
          depth = Math.max(0, depth - 1);
        }
        op();
      }
    }
  }

  private char peek(int k) {
    int i = pos + k;
    return i < s.length() ? s.charAt(i) : '\0';
  }

  private void add(TokenType type, int start, int end, String value) {
    tokens.add(new Token(type, start, end, value));
  }

  private void lineComment() {
    hasComments = true;
    int nl = s.indexOf('\n', pos);
    pos = nl < 0 ? s.length() : nl + 1;
  }

  private void blockComment() throws LexException {
    hasComments = true;
    int start = pos;
    if (dialect == Dialect.GENERIC && (peek(2) == '!' || (peek(2) == 'M' && peek(3) == '!'))) {
      throw new LexException("'/*!' at offset " + start + " is executed by MySQL and MariaDB;"
          + " executable comments are refused", false);
    }
    boolean nests = dialect == Dialect.DUCKDB || dialect == Dialect.POSTGRES;
    int level = 1;
    pos += 2;
    final int n = s.length();
    while (pos < n) {
      char c = s.charAt(pos);
      if (c == '*' && peek(1) == '/') {
        pos += 2;
        if (--level == 0) {
          return;
        }
      } else if (c == '/' && peek(1) == '*') {
        if (!nests) {
          throw new LexException("a block comment opened at offset " + start
              + " contains '/*'; " + dialect.configName()
              + " may not nest comments, so the statement is ambiguous", false);
        }
        if (++level > maxDepth) {
          throw new LexException("block comments nested deeper than " + maxDepth, true);
        }
        pos += 2;
      } else {
        pos++;
      }
    }
    throw new LexException("unterminated block comment at offset " + start, false);
  }

  /** Lexes a single-quoted string whose opening quote is at {@code quote}. */
  private void string(int tokenStart, int afterQuote, boolean backslash) throws LexException {
    StringBuilder v = new StringBuilder();
    int i = afterQuote;
    final int n = s.length();
    while (i < n) {
      char c = s.charAt(i);
      if (c == '\\' && backslash) {
        if (i + 1 >= n) {
          break;
        }
        i = escape(v, i + 1);
      } else if (c == '\'') {
        if (dialect == Dialect.GENERIC && !backslash && oddBackslashesBefore(i)) {
          throw new LexException("a quote preceded by a backslash at offset " + i
              + " is read differently by different databases; double the quote instead", false);
        }
        if (i + 1 < n && s.charAt(i + 1) == '\'') {
          v.append('\'');
          i += 2;
        } else {
          add(TokenType.STRING, tokenStart, i + 1, v.toString());
          pos = i + 1;
          return;
        }
      } else {
        v.append(c);
        i++;
      }
    }
    throw new LexException("unterminated string starting at offset " + tokenStart, false);
  }

  private boolean oddBackslashesBefore(int i) {
    int k = i - 1;
    int count = 0;
    while (k >= 0 && s.charAt(k) == '\\') {
      count++;
      k--;
    }
    return (count & 1) == 1;
  }

  /** Decodes one backslash escape whose letter is at {@code i}; returns the next offset. */
  private int escape(StringBuilder v, int i) {
    char e = s.charAt(i);
    switch (e) {
      case 'n' -> v.append('\n');
      case 't' -> v.append('\t');
      case 'r' -> v.append('\r');
      case 'b' -> v.append('\b');
      case 'f' -> v.append('\f');
      case 'Z' -> v.append('\u001a');
      case 'x' -> {
        int end = i + 1;
        while (end < s.length() && end < i + 3 && isHex(s.charAt(end))) {
          end++;
        }
        if (end > i + 1) {
          v.append((char) Integer.parseInt(s.substring(i + 1, end), 16));
          return end;
        }
        v.append('x');
      }
      case 'u' -> {
        if (i + 4 < s.length() && isHex(s.charAt(i + 1)) && isHex(s.charAt(i + 2))
            && isHex(s.charAt(i + 3)) && isHex(s.charAt(i + 4))) {
          v.append((char) Integer.parseInt(s.substring(i + 1, i + 5), 16));
          return i + 5;
        }
        v.append('u');
      }
      default -> {
        if (e >= '0' && e <= '7') {
          int end = i;
          while (end < s.length() && end < i + 3 && s.charAt(end) >= '0' && s.charAt(end) <= '7') {
            end++;
          }
          v.append((char) Integer.parseInt(s.substring(i, end), 8));
          return end;
        }
        v.append(e);
      }
    }
    return i + 1;
  }

  private static boolean isHex(char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
  }

  private void quotedIdent(char q) throws LexException {
    int start = pos;
    StringBuilder v = new StringBuilder();
    int i = pos + 1;
    final int n = s.length();
    while (i < n) {
      char c = s.charAt(i);
      if (c == q && q == '"' && dialect == Dialect.GENERIC && oddBackslashesBefore(i)) {
        // MySQL reads "..." as a string with backslash escapes.
        throw new LexException("a double quote preceded by a backslash at offset " + i
            + " is read differently by different databases", false);
      }
      if (c == q) {
        if (i + 1 < n && s.charAt(i + 1) == q) {
          v.append(q);
          i += 2;
        } else {
          add(TokenType.QUOTED_IDENT, start, i + 1, v.toString());
          pos = i + 1;
          return;
        }
      } else {
        v.append(c);
        i++;
      }
    }
    throw new LexException("unterminated quoted identifier starting at offset " + start, false);
  }

  private void dollar() throws LexException {
    int start = pos;
    if (peek(1) == '$') {
      int end = s.indexOf("$$", pos + 2);
      if (end < 0) {
        throw new LexException("unterminated $$ body starting at offset " + start, false);
      }
      add(TokenType.DOLLAR_STRING, start, end + 2, s.substring(pos + 2, end));
      pos = end + 2;
      return;
    }
    int i = pos + 1;
    if (dialect != Dialect.SNOWFLAKE && i < s.length() && isAsciiIdentStart(s.charAt(i))) {
      int j = i;
      while (j < s.length() && (isAsciiIdentStart(s.charAt(j)) || isDigit(s.charAt(j)))) {
        j++;
      }
      if (j < s.length() && s.charAt(j) == '$') {
        String tag = s.substring(pos, j + 1);
        int end = s.indexOf(tag, j + 1);
        if (end < 0) {
          throw new LexException("unterminated " + tag + " body starting at offset " + start,
              false);
        }
        add(TokenType.DOLLAR_STRING, start, end + tag.length(), s.substring(j + 1, end));
        pos = end + tag.length();
        return;
      }
    }
    if (i < s.length() && (isDigit(s.charAt(i)) || isAsciiIdentStart(s.charAt(i)))) {
      int j = i;
      while (j < s.length() && isAsciiIdentPart(s.charAt(j))) {
        j++;
      }
      add(TokenType.VARIABLE, start, j, s.substring(start, j).toUpperCase(Locale.ROOT));
      pos = j;
      return;
    }
    // A lone '$' (a MATCH_RECOGNIZE pattern anchor) is punctuation.
    add(TokenType.OP, start, start + 1, "$");
    pos++;
  }

  private void stage() throws LexException {
    int start = pos;
    int i = pos + 1;
    final int n = s.length();
    while (i < n) {
      char c = s.charAt(i);
      if (c == '"') {
        int close = s.indexOf('"', i + 1);
        if (close < 0) {
          throw new LexException("unterminated quoted stage name at offset " + i, false);
        }
        i = close + 1;
      } else if (isAsciiIdentPart(c) || c == '.' || c == '/' || c == '~' || c == '%' || c == '-'
          || c == '=' || c == '*' || c == '+') {
        i++;
      } else {
        break;
      }
    }
    if (i == start + 1) {
      add(TokenType.OTHER, start, start + 1, "@");
      pos = start + 1;
      return;
    }
    add(TokenType.STAGE, start, i, s.substring(start, i));
    pos = i;
  }

  private void number() {
    int start = pos;
    int i = pos;
    final int n = s.length();
    while (i < n) {
      char c = s.charAt(i);
      if (isAsciiIdentPart(c) || c == '.') {
        if ((c == 'e' || c == 'E') && i + 1 < n && (s.charAt(i + 1) == '+'
            || s.charAt(i + 1) == '-') && i + 2 < n && isDigit(s.charAt(i + 2))) {
          i += 2;
        } else if (c == '.' && i + 1 < n && s.charAt(i + 1) == '.') {
          break;
        } else if (c == '$') {
          break;
        }
        i++;
      } else {
        break;
      }
    }
    add(TokenType.NUMBER, start, i, s.substring(start, i));
    pos = i;
  }

  private void word() throws LexException {
    int start = pos;
    int i = pos;
    final int n = s.length();
    while (i < n) {
      int cp = s.codePointAt(i);
      if (isIdentStart(cp) || Character.isDigit(cp) || cp == '$') {
        i += Character.charCount(cp);
      } else {
        break;
      }
    }
    String raw = s.substring(start, i);
    if (i < n && s.charAt(i) == '\'' && (raw.equals("E") || raw.equals("e"))
        && dialect != Dialect.SNOWFLAKE) {
      string(start, i + 1, true);
      return;
    }
    add(TokenType.WORD, start, i, raw.toUpperCase(Locale.ROOT));
    pos = i;
  }

  /** Longest-match operators, decided by the first characters without allocating. */
  private void op() {
    final int start = pos;
    final char c = s.charAt(pos);
    final char c1 = peek(1);
    final char c2 = peek(2);
    String o = switch (c) {
      case '-' -> c1 == '>' ? (c2 == '>' ? "->>" : "->") : "-";
      case ':' -> c1 == ':' ? "::" : c1 == '=' ? ":=" : ":";
      case '=' -> c1 == '>' ? "=>" : c1 == '=' ? "==" : "=";
      case '<' -> c1 == '=' ? (c2 == '>' ? "<=>" : "<=") : c1 == '>' ? "<>" : c1 == '<' ? "<<"
          : c1 == '@' ? "<@" : "<";
      case '>' -> c1 == '=' ? ">=" : c1 == '>' ? ">>" : ">";
      case '!' -> c1 == '=' ? "!=" : c1 == '~' ? (c2 == '*' ? "!~*" : "!~") : c1 == '!' ? "!!"
          : "!";
      case '|' -> c1 == '|' ? "||" : "|";
      case '*' -> c1 == '*' ? "**" : "*";
      case '~' -> c1 == '~' ? "~~" : c1 == '*' ? "~*" : "~";
      case '@' -> c1 == '>' ? "@>" : "@";
      case '&' -> c1 == '&' ? "&&" : "&";
      case '#' -> c1 == '>' ? (c2 == '>' ? "#>>" : "#>") : "#";
      case '^' -> c1 == '@' ? "^@" : "^";
      case '/' -> c1 == '/' ? "//" : "/";
      case '(' -> "(";
      case '[' -> "[";
      case '{' -> "{";
      case ')' -> ")";
      case ']' -> "]";
      case '}' -> "}";
      case ',' -> ",";
      case ';' -> ";";
      case '.' -> ".";
      case '+' -> "+";
      case '%' -> "%";
      default -> null;
    };
    if (o == null) {
      int cp = s.codePointAt(pos);
      int len = Character.charCount(cp);
      add(TokenType.OTHER, start, start + len, String.format(Locale.ROOT, "U+%04X", cp));
      pos += len;
      return;
    }
    pos += o.length();
    add(TokenType.OP, start, pos, o);
  }

  private void open() throws LexException {
    if (++depth > maxDepth) {
      throw new LexException("brackets nested deeper than " + maxDepth, true);
    }
    deepest = Math.max(deepest, depth);
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  private static boolean isAsciiIdentStart(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
  }

  private static boolean isAsciiIdentPart(char c) {
    return isAsciiIdentStart(c) || isDigit(c) || c == '$';
  }

  private static boolean isIdentStart(int cp) {
    return cp < 128 ? isAsciiIdentStart((char) cp) : Character.isLetter(cp);
  }

  /**
   * The lexer's output.
   *
   * @param tokens the tokens, comments and whitespace removed
   * @param hasComments whether the input held comments
   * @param depth the deepest bracket nesting seen
   */
  public record Lexed(List<Token> tokens, boolean hasComments, int depth) {}
}
