package dev.snowchat.sqlgate.internal.classify;

import dev.snowchat.sqlgate.StatementKind;
import dev.snowchat.sqlgate.internal.lexer.Token;
import dev.snowchat.sqlgate.internal.lexer.TokenType;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/** Keyword tables. All values are upper-case ASCII. */
final class Keywords {
  private Keywords() {}

  /**
   * Words that change data, schema, session or files. In a statement shaped like a read, any of
   * them in keyword position refuses the statement as its kind.
   */
  static final Map<String, StatementKind> WRITE_ANYWHERE = Map.ofEntries(
      Map.entry("INSERT", StatementKind.DML), Map.entry("UPDATE", StatementKind.DML),
      Map.entry("DELETE", StatementKind.DML), Map.entry("MERGE", StatementKind.DML),
      Map.entry("UPSERT", StatementKind.DML), Map.entry("TRUNCATE", StatementKind.DML),
      Map.entry("INTO", StatementKind.DML), Map.entry("RETURNING", StatementKind.DML),
      Map.entry("OVERWRITE", StatementKind.DML),
      Map.entry("CREATE", StatementKind.DDL), Map.entry("DROP", StatementKind.DDL),
      Map.entry("ALTER", StatementKind.DDL), Map.entry("UNDROP", StatementKind.DDL),
      Map.entry("GRANT", StatementKind.ADMIN), Map.entry("REVOKE", StatementKind.ADMIN),
      Map.entry("CALL", StatementKind.ADMIN), Map.entry("EXEC", StatementKind.ADMIN),
      Map.entry("EXECUTE", StatementKind.ADMIN), Map.entry("SET", StatementKind.ADMIN),
      Map.entry("UNSET", StatementKind.ADMIN), Map.entry("COMMIT", StatementKind.ADMIN),
      Map.entry("ROLLBACK", StatementKind.ADMIN), Map.entry("SAVEPOINT", StatementKind.ADMIN),
      Map.entry("ATTACH", StatementKind.ADMIN), Map.entry("DETACH", StatementKind.ADMIN),
      Map.entry("INSTALL", StatementKind.ADMIN), Map.entry("PRAGMA", StatementKind.ADMIN),
      Map.entry("CHECKPOINT", StatementKind.ADMIN), Map.entry("VACUUM", StatementKind.ADMIN),
      Map.entry("LOCK", StatementKind.ADMIN), Map.entry("UNLOCK", StatementKind.ADMIN),
      Map.entry("PREPARE", StatementKind.ADMIN), Map.entry("BEGIN", StatementKind.SCRIPT),
      Map.entry("DECLARE", StatementKind.SCRIPT),
      Map.entry("COPY", StatementKind.TRANSFER), Map.entry("PUT", StatementKind.TRANSFER),
      Map.entry("EXPORT", StatementKind.TRANSFER), Map.entry("IMPORT", StatementKind.SCRIPT),
      Map.entry("OUTFILE", StatementKind.TRANSFER), Map.entry("DUMPFILE", StatementKind.TRANSFER));

  /**
   * SQL Server statements with effects whose words no read uses: in T-SQL a statement may follow
   * another without {@code ;}, so in the GENERIC dialect (which may front SQL Server) any of them
   * after the first word refuses the request, as {@link #WRITE_ANYWHERE} does.
   */
  private static final Map<String, StatementKind> TSQL_ANYWHERE = Map.ofEntries(
      Map.entry("SHUTDOWN", StatementKind.ADMIN), Map.entry("BACKUP", StatementKind.ADMIN),
      Map.entry("RESTORE", StatementKind.ADMIN), Map.entry("DENY", StatementKind.ADMIN),
      Map.entry("RECONFIGURE", StatementKind.ADMIN), Map.entry("DBCC", StatementKind.ADMIN),
      Map.entry("DEALLOCATE", StatementKind.ADMIN), Map.entry("REVERT", StatementKind.ADMIN),
      Map.entry("SETUSER", StatementKind.ADMIN), Map.entry("WAITFOR", StatementKind.ADMIN),
      Map.entry("WRITETEXT", StatementKind.DML), Map.entry("UPDATETEXT", StatementKind.DML),
      Map.entry("RAISERROR", StatementKind.ADMIN), Map.entry("RECEIVE", StatementKind.DML),
      // control flow: a loop or jump around the statements that follow
      Map.entry("WHILE", StatementKind.SCRIPT), Map.entry("GOTO", StatementKind.SCRIPT));

  /**
   * Words that start a SQL Server statement, reserved or not, with or without a context ({@link
   * #tsqlStatement} decides the context in a read). After {@code UPDATE STATISTICS t} any
   * non-reserved word is a statistics name and the next word may start the next statement, so
   * none of them is taken for a table or alias of an UPDATE's table clause ({@code UPDATE
   * STATISTICS t STRAIGHT_JOIN UPDATE t2 SET a = 1} is maintenance of {@code straight_join},
   * then an update).
   */
  private static final Set<String> TSQL_STATEMENT_WORDS = Set.of("SELECT", "INSERT", "UPDATE",
      "DELETE", "MERGE", "TRUNCATE", "BULK", "READTEXT", "WRITETEXT", "UPDATETEXT", "EXEC",
      "EXECUTE", "DECLARE", "SET", "PRINT", "THROW", "RAISERROR", "BEGIN", "END", "IF", "ELSE",
      "WHILE", "BREAK", "CONTINUE", "GOTO", "RETURN", "WAITFOR", "COMMIT", "ROLLBACK", "SAVE",
      "CREATE", "ALTER", "DROP", "GRANT", "DENY", "REVOKE", "USE", "OPEN", "CLOSE", "FETCH",
      "DEALLOCATE", "KILL", "CHECKPOINT", "RECONFIGURE", "SHUTDOWN", "BACKUP", "RESTORE", "DBCC",
      "LOAD", "DUMP", "SETUSER", "REVERT", "SEND", "RECEIVE", "MOVE", "GET", "ENABLE", "DISABLE",
      "ADD", "WITH", "COPY");

  /**
   * {@return whether a word can start a SQL Server statement} (in some context)
   *
   * @param w the upper-case word
   */
  static boolean startsTsqlStatement(String w) {
    return TSQL_STATEMENT_WORDS.contains(w);
  }

  /**
   * SQL Server statement words that are also plausible column names ({@code open}, {@code
   * close}, {@code use}, {@code kill}): a statement only when the next token continues one.
   */
  private static final Set<String> CLAUSE_WORDS = Set.of("FROM", "AS", "WHERE", "GROUP",
      "ORDER", "HAVING", "UNION", "EXCEPT", "INTERSECT", "MINUS", "AND", "OR", "IS", "IN", "NOT",
      "LIKE", "ILIKE", "BETWEEN", "THEN", "ELSE", "END", "WHEN", "ASC", "DESC", "LIMIT", "OFFSET",
      "FETCH", "INTO", "ON", "USING", "JOIN", "INNER", "LEFT", "RIGHT", "FULL", "CROSS", "OUTER",
      "NULLS", "OVER", "FILTER", "WITHIN", "COLLATE", "ESCAPE", "WINDOW", "QUALIFY", "SELECT");

  /**
   * The kind of the SQL Server statement the word at {@code i} starts in the middle of a
   * request, or null.
   *
   * @param t the statement's tokens
   * @param i the index of the word
   * @return the kind, or null when the word starts none there
   */
  static @Nullable StatementKind tsqlStatement(java.util.List<Token> t, int i) {
    String w = t.get(i).value();
    @Nullable Token next = i + 1 < t.size() ? t.get(i + 1) : null;
    StatementKind k = TSQL_ANYWHERE.get(w);
    if (k != null) {
      return k;
    }
    boolean continues = next != null && switch (next.type()) {
      case WORD -> !CLAUSE_WORDS.contains(next.value());
      case QUOTED_IDENT, STRING, NUMBER, VARIABLE -> true;
      // a T-SQL [bracketed name] or @variable
      case OP -> next.isOp("[") || next.isOp("@");
      default -> false;
    };
    return switch (w) {
      // OPEN cursor | OPEN SYMMETRIC KEY | CLOSE ..., USE db, KILL 52 | KILL 'uow'
      case "OPEN", "CLOSE", "KILL" -> continues ? StatementKind.ADMIN : null;
      // not MySQL's index hint: FROM t USE INDEX (i)
      case "USE" -> continues && !next.isWord("INDEX") && !next.isWord("KEY")
          ? StatementKind.ADMIN : null;
      // SEND ON CONVERSATION, MOVE CONVERSATION, GET CONVERSATION GROUP
      case "SEND", "MOVE", "GET" -> next != null && (next.isWord("ON")
          || next.isWord("CONVERSATION")) ? StatementKind.ADMIN : null;
      // DISABLE TRIGGER ..., ENABLE TRIGGER ...
      case "DISABLE", "ENABLE" -> next != null && next.isWord("TRIGGER")
          ? StatementKind.DDL : null;
      // ADD [COUNTER] SIGNATURE | COUNTERSIGNATURE | SENSITIVITY CLASSIFICATION
      case "ADD" -> next != null && (next.isWord("SIGNATURE") || next.isWord("COUNTERSIGNATURE")
          || next.isWord("SENSITIVITY") || next.isWord("COUNTER")) ? StatementKind.DDL : null;
      // END CONVERSATION @h (a CASE's END is followed by anything else)
      case "END" -> next != null && next.isWord("CONVERSATION") ? StatementKind.ADMIN : null;
      // FETCH NEXT FROM cursor moves it; OFFSET ... FETCH NEXT 5 ROWS ONLY is a read
      case "FETCH" -> cursorFetch(t, i) ? StatementKind.ADMIN : null;
      // SAVE TRAN[SACTION] name: a savepoint
      case "SAVE" -> next != null && (next.isWord("TRANSACTION") || next.isWord("TRAN"))
          ? StatementKind.ADMIN : null;
      // RETURN n | @v | (expr) ends the batch; a column named return (prices' returns) and
      // Oracle's MODEL ... RETURN UPDATED | ALL ROWS are no statement
      case "RETURN" -> next != null && (next.type() == TokenType.NUMBER
          || next.type() == TokenType.VARIABLE || next.isOp("@") || next.isOp("("))
          ? StatementKind.SCRIPT : null;
      // LOAD DATABASE, DUMP TRANSACTION (Sybase heritage)
      case "LOAD", "DUMP" -> next != null && (next.isWord("DATABASE")
          || next.isWord("TRANSACTION") || next.isWord("TRAN")) ? StatementKind.ADMIN : null;
      default -> null;
    };
  }

  /**
   * Whether the FETCH at {@code i} reads a cursor: a cursor name or a direction only cursors
   * have follows it, or after NEXT / FIRST, FROM comes before ROW, ROWS or ONLY.
   */
  private static boolean cursorFetch(java.util.List<Token> t, int i) {
    if (i + 1 < t.size() && t.get(i + 1).type() == TokenType.WORD
        && !t.get(i + 1).isWord("NEXT") && !t.get(i + 1).isWord("FIRST")) {
      return true; // FETCH c, FETCH PRIOR | LAST | ABSOLUTE n | RELATIVE n FROM c: cursors only
    }
    if (i + 1 < t.size() && (t.get(i + 1).isOp("@") || t.get(i + 1).isOp("[")
        || t.get(i + 1).type() == TokenType.QUOTED_IDENT
        || (t.get(i + 1).type() == TokenType.VARIABLE && !t.get(i + 1).isQuestionMark()))) {
      return true; // FETCH @cursor_variable, FETCH [c], FETCH "c"
    }
    // FETCH NEXT | FIRST: a cursor's FROM, or a count's ROW / ROWS / ONLY (FETCH NEXT ? ROWS)
    for (int j = i + 2; j < t.size() && j <= i + 6; j++) {
      Token k = t.get(j);
      if (k.isWord("ROW") || k.isWord("ROWS") || k.isWord("ONLY") || k.isWord("PERCENT")) {
        return false;
      }
      if (k.isWord("FROM")) {
        return true;
      }
    }
    return false;
  }

  /** Write words that are also names of ordinary read-only functions when followed by '('. */
  static final Set<String> FUNCTION_NAMES = Set.of("INSERT", "TRUNCATE", "GET", "REPLACE", "LEFT",
      "RIGHT");

  /** Leading words of statements that are never reads, with their kind. */
  static final Map<String, StatementKind> LEADING = Map.ofEntries(
      Map.entry("INSERT", StatementKind.DML), Map.entry("UPDATE", StatementKind.DML),
      Map.entry("DELETE", StatementKind.DML), Map.entry("MERGE", StatementKind.DML),
      Map.entry("UPSERT", StatementKind.DML), Map.entry("REPLACE", StatementKind.DML),
      Map.entry("TRUNCATE", StatementKind.DML),
      Map.entry("CREATE", StatementKind.DDL), Map.entry("DROP", StatementKind.DDL),
      Map.entry("UNDROP", StatementKind.DDL), Map.entry("COMMENT", StatementKind.DDL),
      Map.entry("RENAME", StatementKind.DDL), Map.entry("DEFINE", StatementKind.DDL),
      Map.entry("REFRESH", StatementKind.DDL), Map.entry("ALTER", StatementKind.DDL),
      Map.entry("GRANT", StatementKind.ADMIN), Map.entry("REVOKE", StatementKind.ADMIN),
      Map.entry("SET", StatementKind.ADMIN), Map.entry("UNSET", StatementKind.ADMIN),
      Map.entry("RESET", StatementKind.ADMIN), Map.entry("CALL", StatementKind.ADMIN),
      Map.entry("EXEC", StatementKind.ADMIN), Map.entry("COMMIT", StatementKind.ADMIN),
      Map.entry("ROLLBACK", StatementKind.ADMIN), Map.entry("ABORT", StatementKind.ADMIN),
      Map.entry("SAVEPOINT", StatementKind.ADMIN), Map.entry("RELEASE", StatementKind.ADMIN),
      Map.entry("START", StatementKind.ADMIN), Map.entry("END", StatementKind.ADMIN),
      Map.entry("ATTACH", StatementKind.ADMIN), Map.entry("DETACH", StatementKind.ADMIN),
      Map.entry("INSTALL", StatementKind.ADMIN), Map.entry("LOAD", StatementKind.ADMIN),
      Map.entry("FORCE", StatementKind.ADMIN), Map.entry("PRAGMA", StatementKind.ADMIN),
      Map.entry("CHECKPOINT", StatementKind.ADMIN), Map.entry("VACUUM", StatementKind.ADMIN),
      Map.entry("ANALYZE", StatementKind.ADMIN), Map.entry("ANALYSE", StatementKind.ADMIN),
      Map.entry("LOCK", StatementKind.ADMIN), Map.entry("UNLOCK", StatementKind.ADMIN),
      Map.entry("KILL", StatementKind.ADMIN), Map.entry("PREPARE", StatementKind.ADMIN),
      Map.entry("DEALLOCATE", StatementKind.ADMIN), Map.entry("DISCARD", StatementKind.ADMIN),
      Map.entry("CLUSTER", StatementKind.ADMIN), Map.entry("REINDEX", StatementKind.ADMIN),
      Map.entry("LISTEN", StatementKind.ADMIN), Map.entry("NOTIFY", StatementKind.ADMIN),
      Map.entry("SHUTDOWN", StatementKind.ADMIN), Map.entry("BEGIN", StatementKind.ADMIN),
      Map.entry("DECLARE", StatementKind.SCRIPT), Map.entry("LET", StatementKind.SCRIPT),
      Map.entry("FOR", StatementKind.SCRIPT), Map.entry("WHILE", StatementKind.SCRIPT),
      Map.entry("REPEAT", StatementKind.SCRIPT), Map.entry("LOOP", StatementKind.SCRIPT),
      Map.entry("IF", StatementKind.SCRIPT), Map.entry("RETURN", StatementKind.SCRIPT),
      Map.entry("RAISE", StatementKind.SCRIPT), Map.entry("EXECUTE", StatementKind.ADMIN),
      Map.entry("COPY", StatementKind.TRANSFER), Map.entry("PUT", StatementKind.TRANSFER),
      Map.entry("GET", StatementKind.TRANSFER), Map.entry("REMOVE", StatementKind.TRANSFER),
      Map.entry("RM", StatementKind.TRANSFER), Map.entry("EXPORT", StatementKind.TRANSFER),
      Map.entry("IMPORT", StatementKind.SCRIPT), Map.entry("UNLOAD", StatementKind.TRANSFER));

  /** Leading words of reads: with {@link #LEADING}, every word that can start a statement. */
  private static final Set<String> READ_STARTS = Set.of("SELECT", "VALUES", "TABLE", "WITH",
      "SHOW", "DESC", "DESCRIBE", "EXPLAIN", "USE", "LIST", "LS", "FROM", "SUMMARIZE", "PIVOT",
      "UNPIVOT");

  /**
   * {@return whether a word can start a statement} (in any dialect the gate knows)
   *
   * @param w the upper-case word
   */
  static boolean startsStatement(String w) {
    return LEADING.containsKey(w) || READ_STARTS.contains(w);
  }

  /** Words after which a string or quoted name is a table reference (a file in DuckDB). */
  static final Set<String> TABLE_POSITION = Set.of("FROM", "JOIN", "TABLE", "SUMMARIZE",
      "DESCRIBE", "DESC");

  /** Words that end a FROM clause at their nesting level. */
  static final Set<String> CLAUSE_END = Set.of("SELECT", "WHERE", "GROUP", "HAVING", "QUALIFY",
      "ORDER", "LIMIT", "WINDOW", "UNION", "EXCEPT", "INTERSECT", "MINUS", "ON", "USING", "SET",
      "VALUES", "RETURNING", "OFFSET", "FETCH", "START", "CONNECT");

  /** Rank of kinds when several words of a statement disagree: the most privileged wins. */
  static int rank(StatementKind k) {
    return switch (k) {
      case READ, SHOW, DESCRIBE, EXPLAIN, USE -> 0;
      case DML -> 1;
      case TRANSFER -> 2;
      case DDL -> 3;
      case ADMIN -> 4;
      case SCRIPT -> 5;
      case UNKNOWN -> 6;
    };
  }

  static boolean readFamily(StatementKind k) {
    return rank(k) == 0;
  }
}
