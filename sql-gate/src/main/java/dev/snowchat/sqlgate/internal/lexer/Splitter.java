package dev.snowchat.sqlgate.internal.lexer;

import dev.snowchat.sqlgate.Dialect;
import java.util.ArrayList;
import java.util.List;

/**
 * Splits a token stream into statements at {@code ;} and, in Snowflake, at the flow operator
 * {@code ->>}. A Snowflake scripting block ({@code BEGIN ... END} or {@code DECLARE ... END})
 * stays one statement when nothing follows its closing {@code END}.
 */
public final class Splitter {
  private Splitter() {}

  /**
   * A statement as a half-open range of token indexes.
   *
   * @param from the first token
   * @param to one past the last token
   */
  public record Range(int from, int to) {}

  /**
   * Splits the tokens.
   *
   * @param tokens the tokens
   * @param dialect the dialect
   * @return the non-empty statements, in order
   */
  public static List<Range> split(List<Token> tokens, Dialect dialect) {
    List<Range> out = new ArrayList<>(2);
    if (dialect == Dialect.SNOWFLAKE && !tokens.isEmpty()) {
      int end = scriptBlockEnd(tokens);
      if (end > 0) {
        out.add(new Range(0, end));
        int i = end;
        int start = i;
        for (; i < tokens.size(); i++) {
          Token t = tokens.get(i);
          if (t.isOp(";") || t.isOp("->>")) {
            if (i > start) {
              out.add(new Range(start, i));
            }
            start = i + 1;
          }
        }
        if (start < tokens.size()) {
          out.add(new Range(start, tokens.size()));
        }
        return out;
      }
    }
    int start = 0;
    boolean flow = dialect == Dialect.SNOWFLAKE;
    for (int i = 0; i < tokens.size(); i++) {
      Token t = tokens.get(i);
      if (t.isOp(";") || (flow && t.isOp("->>"))) {
        if (i > start) {
          out.add(new Range(start, i));
        }
        start = i + 1;
      }
    }
    if (start < tokens.size()) {
      out.add(new Range(start, tokens.size()));
    }
    return out;
  }

  /**
   * Tells whether consecutive statements are joined only by the Snowflake flow operator.
   *
   * @param tokens the tokens
   * @param ranges the statements found by {@link #split}
   * @return true when every gap between two statements is exactly one {@code ->>}
   */
  public static boolean flowChain(List<Token> tokens, List<Range> ranges) {
    for (int i = 0; i + 1 < ranges.size(); i++) {
      int gapFrom = ranges.get(i).to();
      int gapTo = ranges.get(i + 1).from();
      if (gapTo - gapFrom != 1 || !tokens.get(gapFrom).isOp("->>")) {
        return false;
      }
    }
    return true;
  }

  /**
   * If the tokens open with a Snowflake scripting block, returns the index after its closing
   * {@code END} (and an optional label); otherwise 0.
   *
   * @param tokens the tokens, not empty
   * @return the index after the block, or 0
   */
  public static int scriptBlockEnd(List<Token> tokens) {
    Token first = tokens.get(0);
    boolean block;
    if (first.isWord("DECLARE")) {
      block = true;
    } else if (first.isWord("BEGIN")) {
      if (tokens.size() == 1) {
        return 0;
      }
      Token next = tokens.get(1);
      block = !(next.isOp(";") || next.isWord("WORK") || next.isWord("TRANSACTION")
          || next.isWord("NAME"));
    } else {
      return 0;
    }
    if (!block) {
      return 0;
    }
    int level = 0;
    boolean opened = false;
    for (int i = 0; i < tokens.size(); i++) {
      Token t = tokens.get(i);
      if (t.type() != TokenType.WORD) {
        continue;
      }
      switch (t.value()) {
        case "BEGIN", "CASE" -> {
          level++;
          opened = true;
        }
        case "END" -> {
          Token next = i + 1 < tokens.size() ? tokens.get(i + 1) : null;
          if (next != null && next.type() == TokenType.WORD && switch (next.value()) {
            case "IF", "FOR", "WHILE", "LOOP", "REPEAT" -> true;
            default -> false;
          }) {
            i++;
            continue;
          }
          if (next != null && next.isWord("CASE")) {
            i++;
          }
          level--;
          if (opened && level == 0) {
            int end = i + 1;
            if (end < tokens.size() && tokens.get(end).type() == TokenType.WORD) {
              end++; // a block label
            }
            return end;
          }
        }
        default -> { }
      }
    }
    // Never closed: the whole input is one (malformed) block; it is a script either way.
    return tokens.size();
  }
}
