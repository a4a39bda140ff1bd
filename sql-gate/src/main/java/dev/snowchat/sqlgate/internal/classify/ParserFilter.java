package dev.snowchat.sqlgate.internal.classify;

import dev.snowchat.sqlgate.Dialect;
import dev.snowchat.sqlgate.internal.lexer.Token;
import java.util.List;
import java.util.Set;

/**
 * Skips JSqlParser for statements it is known not to parse. A failing JSqlParser run is its
 * slowest path (it backtracks, then builds an exception), and its answer adds nothing: the token
 * analyzer, which is sound on its own, decides those statements alone.
 */
final class ParserFilter {
  private static final Set<String> UNSUPPORTED_OPS = Set.of("=>", "->", "{", "//", "@", "$",
      "->>", ":", "**", "#", "!!", "~~", "^@");
  private static final Set<String> UNSUPPORTED_WORDS = Set.of("MATCH_RECOGNIZE", "ASOF",
      "CHANGES", "IDENTIFIER", "LATERAL", "FLATTEN", "POSITIONAL", "COLUMNS", "SAMPLE",
      "TABLESAMPLE", "UNNEST", "STRUCT_PACK", "LAMBDA", "RESULT_SCAN", "GENERATOR");

  private ParserFilter() {}

  static boolean mightParse(List<Token> stmt, Dialect dialect) {
    for (int i = 0; i < stmt.size(); i++) {
      Token k = stmt.get(i);
      switch (k.type()) {
        case STAGE, DOLLAR_STRING, OTHER -> {
          return false;
        }
        case VARIABLE -> {
          if (k.value().startsWith("$")) {
            return false;
          }
        }
        case OP -> {
          String v = k.value();
          if (UNSUPPORTED_OPS.contains(v)) {
            return false;
          }
          if (v.equals(",") && i + 1 < stmt.size() && (stmt.get(i + 1).isOp(")")
              || stmt.get(i + 1).isOp("]"))) {
            return false; // trailing comma: JSqlParser backtracks for a long time
          }
          if (v.equals("[") && dialect == Dialect.SNOWFLAKE) {
            return false;
          }
        }
        case WORD -> {
          String w = k.value();
          if (UNSUPPORTED_WORDS.contains(w)) {
            return false;
          }
          if ((w.equals("AT") || w.equals("BEFORE")) && i + 1 < stmt.size()
              && stmt.get(i + 1).isOp("(")) {
            return false; // Snowflake time travel
          }
          if (w.equals("EXCLUDE") && i + 1 < stmt.size() && !stmt.get(i + 1).isOp("(")) {
            return false;
          }
        }
        default -> { }
      }
    }
    return true;
  }
}
