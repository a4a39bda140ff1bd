package dev.snowchat.sqlgate.internal.classify;

import dev.snowchat.sqlgate.StatementKind;
import java.util.Map;
import java.util.Set;

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
      Map.entry("EXPORT", StatementKind.TRANSFER), Map.entry("IMPORT", StatementKind.TRANSFER),
      Map.entry("OUTFILE", StatementKind.TRANSFER), Map.entry("DUMPFILE", StatementKind.TRANSFER));

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
      Map.entry("IMPORT", StatementKind.TRANSFER), Map.entry("UNLOAD", StatementKind.TRANSFER));

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
