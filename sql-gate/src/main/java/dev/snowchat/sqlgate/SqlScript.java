package dev.snowchat.sqlgate;

import static java.util.Objects.requireNonNull;

import dev.snowchat.sqlgate.internal.lexer.LexException;
import dev.snowchat.sqlgate.internal.lexer.Lexer;
import dev.snowchat.sqlgate.internal.lexer.Splitter;
import dev.snowchat.sqlgate.internal.lexer.Token;
import java.util.ArrayList;
import java.util.List;

/**
 * A SQL script (the text of a file) split into statements by the gate's own lexer, so that a tool
 * that checks files statement by statement sees the same statements the gate and the engine see.
 * Splitting is at top-level semicolons; a Snowflake scripting block ({@code BEGIN ... END}) and a
 * Snowflake {@code ->>} chain each stay one statement. Text the lexer refuses (an unterminated
 * string, a comment the engines may end differently, ...) is never split by guess: the result is
 * {@link Refused}, with the place of the refused construct. Brackets and comments may nest
 * {@link SqlGate#DEFAULT_MAX_NESTING_DEPTH} deep.
 *
 * <pre>{@code
 * switch (SqlScript.split(Dialect.SNOWFLAKE, text)) {
 *   case SqlScript.Statements s -> s.statements().forEach(st -> check(st.text(), st.line()));
 *   case SqlScript.Refused r -> report(r.line(), r.column(), r.reason());
 * }
 * }</pre>
 */
public sealed interface SqlScript permits SqlScript.Statements, SqlScript.Refused {
  /**
   * Splits a script. Never throws on any text.
   *
   * @param dialect the dialect whose lexing rules apply
   * @param sql the text
   * @return the statements, or why the text cannot be split safely
   * @throws NullPointerException if an argument is null
   */
  static SqlScript split(Dialect dialect, String sql) {
    requireNonNull(dialect, "dialect is null");
    requireNonNull(sql, "sql is null");
    List<Token> tokens;
    try {
      tokens = Lexer.lex(sql, dialect, SqlGate.DEFAULT_MAX_NESTING_DEPTH).tokens();
    } catch (LexException e) {
      int at = Math.max(0, e.offset());
      int[] lc = lineColumn(sql, at);
      return new Refused(e.tooComplex() ? Rule.TOO_COMPLEX : Rule.LEX_FAILED, e.getMessage(), at,
          lc[0], lc[1]);
    }
    List<Statement> out = new ArrayList<>();
    int[] cursor = {0, 1, 0}; // offset, line, line start: line numbers are counted once
    final int n = tokens.size();
    int i = 0;
    while (i < n) {
      if (tokens.get(i).isOp(";")) {
        i++;
        continue;
      }
      int end = dialect == Dialect.SNOWFLAKE ? i + Splitter.scriptBlockEnd(tokens.subList(i, n))
          : i;
      if (end == i) {
        end = i + 1;
        while (end < n && !tokens.get(end).isOp(";")) {
          end++;
        }
      }
      int from = tokens.get(i).start();
      advance(sql, cursor, from);
      out.add(new Statement(sql.substring(from, tokens.get(end - 1).end()), from, cursor[1],
          from - cursor[2] + 1));
      i = end;
    }
    return new Statements(out);
  }

  /** Moves the cursor {offset, line, lineStart} forward to {@code to}. */
  private static void advance(String sql, int[] c, int to) {
    for (int k = c[0]; k < to; k++) {
      char ch = sql.charAt(k);
      if (ch == '\n' || (ch == '\r' && (k + 1 >= sql.length() || sql.charAt(k + 1) != '\n'))) {
        c[1]++;
        c[2] = k + 1;
      }
    }
    c[0] = to;
  }

  private static int[] lineColumn(String sql, int offset) {
    int[] c = {0, 1, 0};
    advance(sql, c, Math.min(offset, sql.length()));
    return new int[] {c[1], offset - c[2] + 1};
  }

  /**
   * One statement of a script.
   *
   * @param text the statement from its first token to its last, without the terminating
   *     semicolon; comments inside it are kept
   * @param offset the offset of its first character in the script
   * @param line the 1-based line of its first character (LF, CRLF and CR end lines)
   * @param column the 1-based column of its first character, in UTF-16 units
   */
  record Statement(String text, int offset, int line, int column) {
    /** Validates the fields. */
    public Statement {
      requireNonNull(text, "text is null");
      if (text.isEmpty() || offset < 0 || line < 1 || column < 1) {
        throw new IllegalArgumentException("a statement needs text, an offset >= 0 and a 1-based"
            + " line and column; got " + offset + ", " + line + ":" + column);
      }
    }
  }

  /**
   * The script split into statements.
   *
   * @param statements the statements in order; empty when the text holds only comments,
   *     whitespace and semicolons
   */
  record Statements(List<Statement> statements) implements SqlScript {
    /** Copies the list. */
    public Statements {
      statements = List.copyOf(statements);
    }
  }

  /**
   * The script cannot be split safely.
   *
   * @param rule {@link Rule#LEX_FAILED}, or {@link Rule#TOO_COMPLEX} for too deep nesting
   * @param reason what was refused, as the gate says it
   * @param offset where the refused construct starts
   * @param line its 1-based line
   * @param column its 1-based column
   */
  record Refused(Rule rule, String reason, int offset, int line, int column)
      implements SqlScript {
    /** Validates the fields. */
    public Refused {
      requireNonNull(rule, "rule is null");
      requireNonNull(reason, "reason is null");
      if (rule != Rule.LEX_FAILED && rule != Rule.TOO_COMPLEX) {
        throw new IllegalArgumentException("a script is refused as LEX_FAILED or TOO_COMPLEX,"
            + " not " + rule);
      }
      if (offset < 0 || line < 1 || column < 1) {
        throw new IllegalArgumentException("offset >= 0 and a 1-based line and column expected;"
            + " got " + offset + ", " + line + ":" + column);
      }
    }
  }
}
