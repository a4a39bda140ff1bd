package dev.snowchat.sqlgate.internal.lexer;

import dev.snowchat.sqlgate.Dialect;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * A dialect-aware SQL lexer that produces the tokens the engine's own scanner sees. PostgreSQL and
 * DuckDB (whose parser is PostgreSQL's scanner, libpg_query) are lexed by PostgreSQL's rules,
 * checked against both engines ({@code PostgresLexTest}, {@code DuckDbLexTest}): {@code --}
 * comments end at LF or CR; whitespace is space, tab, LF, CR and FF; block comments nest; string
 * prefixes {@code E N B X U&} (U&amp; with UESCAPE); string literals separated only by whitespace
 * holding a newline are one literal (in the first one's escape mode); {@code $tag$} bodies with
 * non-ASCII tags; any non-ASCII character is an identifier character. It is deliberately strict
 * where engines disagree or the gate cannot know the engine's reading: a block comment nested in
 * Snowflake or GENERIC, a quote escaped by a backslash in {@link Dialect#GENERIC}, a line comment
 * holding CR, VT, FF, NEL, LS or PS in Snowflake and GENERIC, a number running into a word, a
 * {@code #}, {@code //}, a brace, a {@code U&} literal or a backslash in a quoted name in GENERIC
 * are refused rather than guessed. Linear in the input; nesting depth is
 * bounded before any parser runs.
 */
public final class Lexer {
  private final String s;
  private final Dialect dialect;
  /** PostgreSQL's scanner rules: POSTGRES and DUCKDB. */
  private final boolean pg;
  private final int maxDepth;
  private final List<Token> tokens;
  private boolean hasComments;
  private int depth;
  private int deepest;
  private int pos;
  /** Where the token being lexed starts: where a refused construct is reported. */
  private int tokenStart;

  private Lexer(String s, Dialect dialect, int maxDepth) {
    this.s = s;
    this.dialect = dialect;
    this.pg = dialect == Dialect.POSTGRES || dialect == Dialect.DUCKDB;
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
    int nul = sql.indexOf('\0');
    if (nul >= 0) {
      // PostgreSQL refuses NUL in a query; engines that read C strings may stop at it.
      throw new LexException("a NUL character at offset " + nul + " is refused", false).at(nul);
    }
    Lexer l = new Lexer(sql, dialect, maxDepth);
    try {
      l.run();
    } catch (LexException e) {
      throw e.at(l.tokenStart);
    }
    return new Lexed(List.copyOf(l.tokens), l.hasComments, l.deepest);
  }

  private void run() throws LexException {
    final int n = s.length();
    while (pos < n) {
      char c = s.charAt(pos);
      tokenStart = pos;
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
        pos++;
      } else if (c == '\f' && pg) {
        pos++;
      } else if (c == '\f' || c == 0x0B) {
        throw new LexException(String.format(Locale.ROOT, "character U+%04X at offset %d is"
            + " whitespace to some databases and not to others", (int) c, pos), false);
      } else if (c == '-' && peek(1) == '-') {
        if (dialect == Dialect.GENERIC && pos + 2 < n && peek(2) > ' ') {
          // MySQL reads "--x" as two minus signs; PostgreSQL as a comment.
          throw new LexException("'--' not followed by a space at offset " + pos
              + " is a comment in some databases and not in others", false);
        }
        lineComment();
      } else if (c == '/' && peek(1) == '/' && dialect == Dialect.SNOWFLAKE) {
        lineComment();
      } else if (c == '/' && peek(1) == '/' && dialect == Dialect.GENERIC) {
        throw new LexException("'//' at offset " + pos + " starts a line comment in H2 and"
            + " Snowflake and is an operator elsewhere; choose a dialect", false);
      } else if ((c == '{' || c == '}') && dialect == Dialect.GENERIC) {
        throw new LexException("'" + c + "' at offset " + pos + " opens or closes a comment in"
            + " Informix and a JDBC escape elsewhere; write the SQL without braces", false);
      } else if (c == '/' && peek(1) == '*') {
        blockComment();
      } else if (c == '#' && dialect == Dialect.GENERIC) {
        throw new LexException("'#' at offset " + pos + " starts a comment in MySQL and is an"
            + " operator elsewhere; choose a dialect", false);
      } else if (c == '\'') {
        if (pg) {
          pgString(pos, pos + 1, Mode.STANDARD);
        } else {
          string(pos, pos + 1, dialect == Dialect.SNOWFLAKE);
        }
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
      } else if (Character.isSurrogate(c) && !Character.isSupplementaryCodePoint(
          s.codePointAt(pos))) {
        throw new LexException("a lone UTF-16 surrogate at offset " + pos
            + " cannot be sent to a database as it is", false);
      } else if (dialect == Dialect.DUCKDB && c >= 128 && unicodeSpace(s.codePointAt(pos))) {
        throw new LexException(String.format(Locale.ROOT, "character U+%04X at offset %d is"
            + " whitespace to DuckDB and a name character to PostgreSQL; use a plain space",
            s.codePointAt(pos), pos), false);
      } else if (isIdentStart(s.codePointAt(pos))) {
        word();
      } else if (c == '?') {
        add(TokenType.VARIABLE, pos, pos + 1, "?");
        pos++;
      } else {
        if (c == '[' && dialect == Dialect.GENERIC) {
          bracketName();
        }
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

  /**
   * A {@code --} (or Snowflake {@code //}) comment. PostgreSQL's scanner, and DuckDB's, end it at
   * LF or CR and at nothing else. Snowflake documents LF; any other line break inside the comment
   * (a lone CR, VT, FF, NEL, LS, PS) might end it there, so Snowflake and GENERIC refuse it.
   */
  private void lineComment() throws LexException {
    hasComments = true;
    final int n = s.length();
    int i = pos + 2;
    for (; i < n; i++) {
      char c = s.charAt(i);
      if (c == '\n' || (pg && c == '\r')) {
        pos = i + 1;
        return;
      }
      if (!pg && (c == 0x0B || c == '\f' || c == 0x85 || c == 0x2028 || c == 0x2029
          || (c == '\r' && (i + 1 >= n || s.charAt(i + 1) != '\n')))) {
        throw new LexException(String.format(Locale.ROOT, "a line comment at offset %d holds"
            + " U+%04X, which some databases take as the end of the line; use LF line ends",
            pos, (int) c), false);
      }
    }
    pos = n;
  }

  private void blockComment() throws LexException {
    hasComments = true;
    int start = pos;
    if (dialect == Dialect.GENERIC && (peek(2) == '!' || (peek(2) == 'M' && peek(3) == '!'))) {
      throw new LexException("'/*!' at offset " + start + " is executed by MySQL and MariaDB;"
          + " executable comments are refused", false);
    }
    boolean nests = pg;
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

  /** The escape rules of a PostgreSQL-family string literal, chosen by its prefix. */
  private enum Mode {
    /** {@code '...'} and {@code N'...'}: doubled quotes; backslashes are plain characters. */
    STANDARD,
    /** {@code E'...'}: doubled quotes and backslash escapes. */
    ESCAPE,
    /** {@code B'...'}, {@code X'...'}: no escapes at all; the first quote ends them. */
    BIT,
    /** {@code U&'...'}: doubled quotes; Unicode escapes decoded after the literal. */
    UNICODE
  }

  /**
   * A PostgreSQL-family string literal whose prefix starts at {@code tokenStart} and whose body
   * starts at {@code afterQuote}. As in PostgreSQL's scanner, a literal followed only by
   * whitespace holding a newline (and {@code --} comments) and another quote continues there in
   * the same mode: {@code E'a'<LF>'\''} is one escape-string literal. The token spans all parts
   * and its value is the engine's value.
   */
  private void pgString(int tokenStart, int afterQuote, Mode mode) throws LexException {
    StringBuilder v = new StringBuilder();
    final int n = s.length();
    int i = afterQuote;
    while (true) {
      boolean closed = false;
      while (i < n) {
        char c = s.charAt(i);
        if (c == '\\' && mode == Mode.ESCAPE) {
          if (i + 1 >= n) {
            break;
          }
          i = pgEscape(v, i + 1);
        } else if (c == '\'') {
          if (mode != Mode.BIT && i + 1 < n && s.charAt(i + 1) == '\'') {
            v.append('\'');
            i += 2;
          } else {
            i++;
            closed = true;
            break;
          }
        } else {
          v.append(c);
          i++;
        }
      }
      if (!closed) {
        throw new LexException("unterminated string starting at offset " + tokenStart, false);
      }
      int next = continuation(i);
      if (next < 0) {
        break;
      }
      if (mode == Mode.ESCAPE && dialect == Dialect.POSTGRES) {
        // The server continues in escape mode; the PostgreSQL JDBC driver, which splits
        // statements itself, reads the continuation as a plain string.
        throw new LexException("the escape string at offset " + tokenStart + " continues on a"
            + " later line, which the PostgreSQL JDBC driver reads differently from the server;"
            + " write it as one E'...' literal", false);
      }
      i = next + 1;
    }
    String value = v.toString();
    int end = i;
    if (mode == Mode.UNICODE) {
      char esc = '\\';
      int u = uescape(end);
      if (u > 0) {
        esc = s.charAt(u - 2);
        end = u;
      }
      value = unicodeEscapes(value, esc, tokenStart);
    }
    add(TokenType.STRING, tokenStart, end, value);
    pos = end;
  }

  /**
   * If a string literal closed just before {@code i} continues after whitespace holding a newline
   * (PostgreSQL's {@code quotecontinue}: spaces, tabs, FF, LF, CR and {@code --} comments, at
   * least one LF or CR), returns the offset of the continuing quote; otherwise -1.
   */
  private int continuation(int i) {
    final int n = s.length();
    boolean newline = false;
    int j = i;
    while (j < n) {
      char c = s.charAt(j);
      if (c == ' ' || c == '\t' || c == '\f') {
        j++;
      } else if (c == '\n' || c == '\r') {
        newline = true;
        j++;
      } else if (c == '-' && j + 1 < n && s.charAt(j + 1) == '-') {
        hasComments = true;
        j += 2;
        while (j < n && s.charAt(j) != '\n' && s.charAt(j) != '\r') {
          j++;
        }
      } else {
        break;
      }
    }
    return newline && j < n && s.charAt(j) == '\'' ? j : -1;
  }

  /**
   * After a {@code U&} literal ending before {@code i}: if {@code UESCAPE 'c'} follows (after
   * whitespace), returns the offset after it (the escape character is at the result minus 2);
   * otherwise -1.
   */
  private int uescape(int i) throws LexException {
    final int n = s.length();
    int j = i;
    while (j < n && (s.charAt(j) == ' ' || s.charAt(j) == '\t' || s.charAt(j) == '\n'
        || s.charAt(j) == '\r' || s.charAt(j) == '\f')) {
      j++;
    }
    if (!s.regionMatches(true, j, "UESCAPE", 0, 7)
        || (j + 7 < n && isIdentPart(s.codePointAt(j + 7)))) {
      return -1;
    }
    j += 7;
    while (j < n && (s.charAt(j) == ' ' || s.charAt(j) == '\t' || s.charAt(j) == '\n'
        || s.charAt(j) == '\r' || s.charAt(j) == '\f')) {
      j++;
    }
    if (j + 2 < n && s.charAt(j) == '\'' && s.charAt(j + 2) == '\'') {
      char e = s.charAt(j + 1);
      if (!(isHex(e) || e == '+' || e == '\'' || e == '"' || e <= ' ')) {
        return j + 3;
      }
    }
    throw new LexException("UESCAPE at offset " + j + " must be followed by one quoted"
        + " character that is not a hex digit, '+', a quote or whitespace", false);
  }

  /** Decodes PostgreSQL Unicode escapes ({@code \XXXX}, {@code \+XXXXXX}, {@code \\}). */
  private String unicodeEscapes(String raw, char esc, int at) throws LexException {
    if (raw.indexOf(esc) < 0) {
      return raw;
    }
    StringBuilder b = new StringBuilder(raw.length());
    for (int i = 0; i < raw.length(); i++) {
      char c = raw.charAt(i);
      if (c != esc) {
        b.append(c);
        continue;
      }
      if (i + 1 < raw.length() && raw.charAt(i + 1) == esc) {
        b.append(esc);
        i++;
        continue;
      }
      int len = i + 1 < raw.length() && raw.charAt(i + 1) == '+' ? 6 : 4;
      int from = i + 1 + (len == 6 ? 1 : 0);
      if (from + len > raw.length() || !allHex(raw, from, from + len)) {
        throw new LexException("invalid Unicode escape in the literal at offset " + at, false);
      }
      int cp = Integer.parseInt(raw.substring(from, from + len), 16);
      if (cp == 0 || cp > Character.MAX_CODE_POINT) {
        throw new LexException("invalid Unicode escape value in the literal at offset " + at,
            false);
      }
      b.appendCodePoint(cp);
      i = from + len - 1;
    }
    return b.toString();
  }

  private static boolean allHex(String v, int from, int to) {
    for (int i = from; i < to; i++) {
      if (!isHex(v.charAt(i))) {
        return false;
      }
    }
    return true;
  }

  /**
   * Decodes one PostgreSQL escape-string escape whose letter is at {@code i}; returns the next
   * offset. DuckDB does not implement {@code \\u} and {@code \\U}, so they are refused there.
   */
  private int pgEscape(StringBuilder v, int i) throws LexException {
    char e = s.charAt(i);
    final int n = s.length();
    switch (e) {
      case 'b' -> v.append('\b');
      case 'f' -> v.append('\f');
      case 'n' -> v.append('\n');
      case 'r' -> v.append('\r');
      case 't' -> v.append('\t');
      case 'x' -> {
        int end = i + 1;
        while (end < n && end < i + 3 && isHex(s.charAt(end))) {
          end++;
        }
        if (end == i + 1) {
          v.append('x');
          return i + 1;
        }
        return byteEscape(v, Integer.parseInt(s.substring(i + 1, end), 16), end, i);
      }
      case 'u', 'U' -> {
        int len = e == 'u' ? 4 : 8;
        if (dialect == Dialect.DUCKDB || i + len >= n || !allHex(s, i + 1, i + 1 + len)) {
          throw new LexException("'\\" + e + "' escape at offset " + (i - 1) + " is "
              + (dialect == Dialect.DUCKDB ? "not implemented by DuckDB" : "invalid"), false);
        }
        long cp = Long.parseLong(s.substring(i + 1, i + 1 + len), 16);
        if (cp == 0 || cp > Character.MAX_CODE_POINT) {
          throw new LexException("invalid Unicode escape at offset " + (i - 1), false);
        }
        v.appendCodePoint((int) cp);
        return i + 1 + len;
      }
      default -> {
        if (e >= '0' && e <= '7') {
          int end = i;
          while (end < n && end < i + 3 && s.charAt(end) >= '0' && s.charAt(end) <= '7') {
            end++;
          }
          return byteEscape(v, Integer.parseInt(s.substring(i, end), 8) & 0xFF, end, i);
        }
        v.append(e);
      }
    }
    return i + 1;
  }

  private static int byteEscape(StringBuilder v, int b, int end, int at) throws LexException {
    if (b == 0) {
      throw new LexException("an escape at offset " + (at - 1) + " makes a NUL character,"
          + " which the database refuses", false);
    }
    v.append((char) b);
    return end;
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
    quotedIdent(q, pos, false);
  }

  /** A quoted identifier whose opening quote is at {@code pos}; {@code U&"..."} when unicode. */
  private void quotedIdent(char q, int start, boolean unicode) throws LexException {
    StringBuilder v = new StringBuilder();
    int i = pos + 1;
    final int n = s.length();
    while (i < n) {
      char c = s.charAt(i);
      if (q == '`' && c != q && splitter(i) != null) {
        // PostgreSQL, SQL Server, Oracle read a backtick as an operator or a stray character
        throw new LexException("the backtick-quoted name at offset " + start + " holds "
            + splitter(i) + ", which engines without backtick names read as code", false);
      }
      if (c == '\\' && dialect == Dialect.GENERIC) {
        // MySQL reads "..." as a string with backslash escapes, ClickHouse reads them in "..."
        // and `...` names, H2 in U&"..." names: a backslash in a quoted name is refused.
        throw new LexException("a backslash in the quoted name at offset " + start
            + " is an escape character in some databases and not in others", false);
      }
      if (c == q) {
        if (i + 1 < n && s.charAt(i + 1) == q) {
          v.append(q);
          i += 2;
        } else {
          int end = i + 1;
          String value = v.toString();
          if (unicode) {
            char esc = '\\';
            int u = uescape(end);
            if (u > 0) {
              esc = s.charAt(u - 2);
              end = u;
            }
            value = unicodeEscapes(value, esc, start);
          }
          add(TokenType.QUOTED_IDENT, start, end, value);
          pos = end;
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
    if (dialect == Dialect.GENERIC && (peek(1) == '$' || isTagChar(peek(1)))
        && dollarTagAt(pos) > 0) {
      throw new LexException("a dollar-quoted body at offset " + start + " is PostgreSQL's;"
          + " MySQL and others read $tag$ as a name; choose the postgres or duckdb dialect",
          false);
    }
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
    if (dialect != Dialect.SNOWFLAKE && i < s.length() && isTagChar(s.codePointAt(i))) {
      // PostgreSQL: $tag$ with tag letters, '_' and any non-ASCII character, then digits too.
      int j = i;
      while (j < s.length() && (isTagChar(s.codePointAt(j)) || isDigit(s.charAt(j)))) {
        j += Character.charCount(s.codePointAt(j));
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

  /**
   * SQL Server reads {@code [...]} as a quoted name, in which quotes, semicolons and comment
   * starts are plain characters; other databases read brackets as subscripts. GENERIC refuses a
   * bracket pair holding any of them.
   */
  private void bracketName() throws LexException {
    final int n = s.length();
    for (int i = pos + 1; i < n; i++) {
      char c = s.charAt(i);
      if (c == ']') {
        if (i + 1 < n && s.charAt(i + 1) == ']') {
          i++; // SQL Server: ']]' is a ']' inside the name, which goes on
          continue;
        }
        return;
      }
      String held = splitter(i);
      if (held != null || c == '[') {
        throw new LexException("'[' at offset " + pos + " starts a quoted name in SQL Server"
            + " and a subscript elsewhere, and holds " + (held == null ? "[" : held)
            + "; choose a dialect", false);
      }
    }
  }

  /**
   * {@return the quote, {@code ;} or comment start at {@code i}, or null}: inside a name quoted
   * in a way only some engines read ({@code [...]}, {@code `...`}), each of them is where others
   * end a string or statement or start a comment.
   */
  private @Nullable String splitter(int i) {
    char c = s.charAt(i);
    char d = i + 1 < s.length() ? s.charAt(i + 1) : '\0';
    if (c == '\'' || c == '"' || c == '`' || c == ';' || c == '#' || c == '{' || c == '}') {
      return String.valueOf(c);
    }
    if ((c == '-' && d == '-') || (c == '/' && (d == '*' || d == '/'))) {
      return "" + c + d;
    }
    return null;
  }

  /** {@return the length of a {@code $$} or {@code $tag$} delimiter at {@code i}, or 0} */
  private int dollarTagAt(int i) {
    int j = i + 1;
    while (j < s.length() && (isTagChar(s.codePointAt(j)) || (j > i + 1 && isDigit(s.charAt(j))))) {
      j += Character.charCount(s.codePointAt(j));
    }
    return j < s.length() && s.charAt(j) == '$' ? j + 1 - i : 0;
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

  /**
   * A numeric literal as the engine's scanner reads it: digits, an optional fraction and an
   * optional exponent (DuckDB also takes single '_' between digits). DuckDB then starts a new
   * token ({@code 1FROM} is {@code 1 FROM}); PostgreSQL refuses a number running into a name
   * character ("trailing junk"), and so does the gate for every other dialect, where engines
   * differ ({@code 0x1F}, {@code 1e}).
   */
  private void number() throws LexException {
    int start = pos;
    final int n = s.length();
    int i = digits(pos);
    if (i < n && s.charAt(i) == '.' && !(i + 1 < n && s.charAt(i + 1) == '.')) {
      i = digits(i + 1);
    }
    if (i < n && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
      int j = i + 1;
      if (j < n && (s.charAt(j) == '+' || s.charAt(j) == '-')) {
        j++;
      }
      if (j < n && isDigit(s.charAt(j))) {
        i = digits(j);
      }
    }
    if (dialect != Dialect.DUCKDB && i < n && (isIdentPart(s.codePointAt(i))
        || s.charAt(i) == '$')) {
      throw new LexException("the number at offset " + start + " runs into '"
          + s.substring(i, Math.min(n, i + 1)) + "'; put a space after the number", false);
    }
    add(TokenType.NUMBER, start, i, s.substring(start, i));
    pos = i;
  }

  private int digits(int from) {
    final int n = s.length();
    int i = from;
    while (i < n) {
      char c = s.charAt(i);
      if (isDigit(c)) {
        i++;
      } else if (c == '_' && dialect == Dialect.DUCKDB && i > from && i + 1 < n
          && isDigit(s.charAt(i + 1))) {
        i++;
      } else {
        break;
      }
    }
    return i;
  }

  private void word() throws LexException {
    int start = pos;
    int i = pos;
    final int n = s.length();
    while (i < n) {
      int cp = s.codePointAt(i);
      if (isIdentPart(cp)) {
        i += Character.charCount(cp);
      } else {
        break;
      }
    }
    String raw = s.substring(start, i);
    char next = i < n ? s.charAt(i) : '\0';
    if (pg && raw.length() == 1) {
      char p = raw.charAt(0);
      if (next == '\'') {
        Mode m = switch (p) {
          case 'E', 'e' -> Mode.ESCAPE;
          case 'N', 'n' -> Mode.STANDARD;
          case 'B', 'b', 'X', 'x' -> Mode.BIT;
          default -> null;
        };
        if (m != null) {
          pgString(start, i + 1, m);
          if ((p == 'N' || p == 'n') && dialect == Dialect.POSTGRES) {
            // N'...' is PostgreSQL's national char type: as text, trailing spaces are gone.
            Token t = tokens.remove(tokens.size() - 1);
            String v = t.value();
            int e = v.length();
            while (e > 0 && v.charAt(e - 1) == ' ') {
              e--;
            }
            add(t.type(), t.start(), t.end(), v.substring(0, e));
          }
          return;
        }
      } else if ((p == 'U' || p == 'u') && next == '&' && i + 1 < n
          && (s.charAt(i + 1) == '\'' || s.charAt(i + 1) == '"')) {
        if (dialect == Dialect.DUCKDB) {
          throw new LexException("U&' and U&\" literals at offset " + start
              + " are not implemented by DuckDB", false);
        }
        if (s.charAt(i + 1) == '\'') {
          pgString(start, i + 2, Mode.UNICODE);
        } else {
          pos = i + 1;
          quotedIdent('"', start, true);
        }
        return;
      }
    }
    if (pg && raw.equalsIgnoreCase("UESCAPE")) {
      throw new LexException("UESCAPE at offset " + start + " does not follow a U& literal",
          false);
    }
    if (next == '\'' && (raw.equals("E") || raw.equals("e")) && dialect == Dialect.GENERIC) {
      // PostgreSQL reads backslash escapes in E'...'; SQL Server and Oracle read a name E and a
      // plain string. Lexed as a plain string, a quote after a backslash is refused.
      string(start, i + 1, false);
      return;
    }
    if (dialect == Dialect.GENERIC && raw.equalsIgnoreCase("U") && next == '&' && i + 1 < n
        && (s.charAt(i + 1) == '\'' || s.charAt(i + 1) == '"')) {
      throw new LexException("U&' and U&\" at offset " + start + " are Unicode escapes that H2"
          + " and PostgreSQL decode (U&\"SESSION!0053\" UESCAPE '!' names SESSIONS) and other"
          + " databases read as a name, '&' and a string; write the characters themselves",
          false);
    }
    if (next == '\'' && dialect == Dialect.GENERIC && (raw.equalsIgnoreCase("Q")
        || raw.equalsIgnoreCase("NQ"))) {
      throw new LexException("q'...' at offset " + start + " is Oracle's alternative quoting,"
          + " which other databases read as a name and a string", false);
    }
    if (next == '\'' && dialect == Dialect.SNOWFLAKE && (raw.equals("X") || raw.equals("x"))) {
      // A hex literal: whether Snowflake reads backslash escapes in it is not documented.
      int close = i + 1;
      while (close < n && s.charAt(close) != '\'' && s.charAt(close) != '\\') {
        close++;
      }
      if (close < n && s.charAt(close) == '\\') {
        throw new LexException("a backslash in the hex literal at offset " + start
            + " may or may not escape its quote; hex literals hold hex digits only", false);
      }
    }
    if (next == '\'' && (raw.equals("N") || raw.equals("n"))) {
      // A national string: one string token, so that it is checked where strings are.
      string(start, i + 1, dialect == Dialect.SNOWFLAKE);
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
      case '/' -> c1 == '/' && c2 != '*' ? "//" : "/"; // "//*" is '/' and a comment
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

  /** {@return whether a name may start with the code point} */
  private boolean isIdentStart(int cp) {
    if (cp < 128) {
      return isAsciiIdentStart((char) cp);
    }
    if (cp >= Character.MIN_SURROGATE && cp <= Character.MAX_SURROGATE) {
      return false; // a lone surrogate
    }
    if (pg) {
      // PostgreSQL's scanner takes every non-ASCII byte as a name character.
      return !(dialect == Dialect.DUCKDB && unicodeSpace(cp));
    }
    return Character.isLetter(cp);
  }

  /** {@return whether a name may go on with the code point} */
  private boolean isIdentPart(int cp) {
    return isIdentStart(cp) || (cp < 128 && (isDigit((char) cp) || cp == '$'))
        || (cp >= 128 && !pg && Character.isDigit(cp));
  }

  private boolean isTagChar(int cp) {
    return cp < 128 ? isAsciiIdentStart((char) cp) : pg && isIdentStart(cp);
  }

  /** Characters DuckDB replaces by a space before its scanner runs, and their look-alikes. */
  private static boolean unicodeSpace(int cp) {
    return Character.isWhitespace(cp) || Character.isSpaceChar(cp) || cp == 0x85
        || (cp >= 0x200B && cp <= 0x200D) || cp == 0x2060 || cp == 0xFEFF || cp == 0x180E;
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
