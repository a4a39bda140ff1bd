package dev.snowchat.sqlgate.internal.classify;

import dev.snowchat.sqlgate.Dialect;
import dev.snowchat.sqlgate.FunctionPolicy;
import dev.snowchat.sqlgate.Rule;
import dev.snowchat.sqlgate.StatementKind;
import dev.snowchat.sqlgate.internal.lexer.Token;
import dev.snowchat.sqlgate.internal.lexer.TokenType;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The conservative analyzer over the gate's own token stream. It is sound on its own: a statement
 * is read-only only if its shape is a read (it starts with SELECT, WITH ... SELECT, VALUES, SHOW,
 * DESCRIBE, EXPLAIN of a read, LIST, USE of a database/schema/warehouse, ...), no write word
 * stands anywhere in keyword position, every function it calls passes the {@link FunctionPolicy},
 * and every file it names passes the {@link PathAllowlist}. It never allows by guess: an
 * unexpected character or an unrecognised statement start refuses.
 */
final class TokenAnalyzer {
  private final Dialect dialect;
  private final FunctionPolicy functions;
  private final PathAllowlist paths;

  TokenAnalyzer(Dialect dialect, FunctionPolicy functions, PathAllowlist paths) {
    this.dialect = dialect;
    this.functions = functions;
    this.paths = paths;
  }

  /**
   * The token analyzer's work budget for one check, shared by all its parts (the statements of a
   * Snowflake {@code ->>} chain): every token visited costs a step, so that re-scans (a bracket
   * matched once per enclosing WITH, ...) cannot make a check slow. Deterministic, unlike time.
   */
  static final class Budget {
    private long left;

    Budget(long steps) {
      left = steps;
    }

    void spend(long steps) {
      left -= steps;
      if (left < 0) {
        throw new Exhausted();
      }
    }

    /** The budget is spent: the statement is refused as too complex. */
    static final class Exhausted extends RuntimeException {
      private static final long serialVersionUID = 1L;

      Exhausted() {
        super("the gate's work budget is spent", null, false, false);
      }
    }
  }

  /** The analyzer's finding for one statement. */
  static final class Outcome {
    final Budget budget;
    /**
     * The token positions of the statement that name a CTE with a column list ({@code WITH
     * c(a, b) AS (...)}), as {@link #with} parsed them: there, and only there, a name before
     * {@code (} after {@code WITH} or a comma is not a call. Mutable, and deliberately one set
     * per statement: {@link #part} hands the same set to the outcome of each part (a WITH's
     * terminal statement, an EXPLAIN's or a set operation's operand), so that the names the WITH
     * parser marks while analyzing a part are seen when {@link #scan} later walks the whole
     * statement.
     */
    private final BitSet cteNames;

    Outcome(Budget budget) {
      this(budget, new BitSet());
    }

    private Outcome(Budget budget, BitSet cteNames) {
      this.budget = budget;
      this.cteNames = cteNames;
    }

    /**
     * {@return a fresh outcome for a part of the same statement (a WITH's terminal, ...)}: its
     * own kind and problem, but the statement's budget and its set of CTE names, shared
     */
    Outcome part() {
      return new Outcome(budget, cteNames);
    }

    /** Records that the name at token {@code i} is a CTE's, followed by its column list. */
    void cteName(int i) {
      cteNames.set(i);
    }

    /** {@return whether the name at token {@code i} is a CTE's, as {@link #cteName} recorded} */
    boolean isCteName(int i) {
      return cteNames.get(i);
    }

    StatementKind kind = StatementKind.UNKNOWN;
    /** The word that decided the kind, for messages. */
    String word = "";
    /** The rule of a problem, or null. */
    @Nullable Rule rule;
    String detail = "";
    /** File functions whose paths were checked and allowed. */
    final Set<String> fileCalls = new HashSet<>(2);

    void problem(Rule r, String d) {
      if (rule == null) {
        rule = r;
        detail = d;
      }
    }
  }

  Outcome analyze(List<Token> t, boolean enforcePolicy, Budget budget) {
    Outcome o = new Outcome(budget);
    lead(t, 0, o);
    if (o.rule != null) {
      return o;
    }
    scan(t, o, enforcePolicy);
    if (enforcePolicy && o.rule == null && o.kind == StatementKind.TRANSFER) {
      transfer(t, o);
    }
    return o;
  }

  /**
   * The file targets of a data transfer (allowed in {@code read_write}): {@code COPY ... TO/FROM
   * 'file'}, {@code COPY INTO 'location'}, {@code EXPORT DATABASE 'dir'}, the local files
   * of Snowflake {@code PUT}/{@code GET}: every literal path at the statement's top level must be
   * under the path allowlist, and {@code COPY ... PROGRAM} (a shell command) is refused.
   */
  private void transfer(List<Token> t, Outcome o) {
    String lead = t.get(0).type() == TokenType.WORD ? t.get(0).value() : "";
    boolean localFiles = lead.equals("PUT") || lead.equals("GET");
    if (dialect != Dialect.SNOWFLAKE && lead.equals("EXPORT") && !exportTarget(t)) {
      o.problem(Rule.FILE_ACCESS, "EXPORT DATABASE must name its directory by one string literal"
          + " (EXPORT DATABASE 'dir' or EXPORT DATABASE db TO 'dir'), so the path allowlist can"
          + " check it");
      return;
    }
    // One entry per open bracket: whether it is an option list (opened at the top level after
    // the file operand: COPY t TO 'f' (FORMAT csv, ...)) rather than a query, a column list or a
    // nested value.
    ArrayDeque<Boolean> options = new ArrayDeque<>();
    boolean afterOperand = false;
    for (int i = 0; i < t.size(); i++) {
      Token k = t.get(i);
      Token prev = i > 0 ? t.get(i - 1) : null;
      if (k.type() == TokenType.OP) {
        String v = k.value();
        if (v.equals("(") || v.equals("[") || v.equals("{")) {
          options.push(options.isEmpty() && afterOperand && v.equals("("));
        } else if ((v.equals(")") || v.equals("]") || v.equals("}")) && !options.isEmpty()) {
          options.pop();
        }
        continue;
      }
      if (k.isWord("PROGRAM") && !(prev != null && prev.isOp("."))) {
        o.problem(Rule.FILE_ACCESS, lead + " ... PROGRAM runs a shell command on the database"
            + " server");
        return;
      }
      if (!options.isEmpty()) {
        if (options.size() == 1 && options.peek() && prev != null
            && (prev.isOp("(") || prev.isOp(","))) {
          option(t, i, lead, o);
          if (o.rule != null) {
            return;
          }
        }
        continue; // inner queries, column lists and nested values
      }
      if (lead.equals("COPY") && dialect != Dialect.SNOWFLAKE
          && (k.isWord("TO") || k.isWord("FROM"))) {
        Token operand = i + 1 < t.size() ? t.get(i + 1) : null;
        if (operand == null || !(literal(operand) || operand.isWord("STDIN")
            || operand.isWord("STDOUT") || operand.isWord("PROGRAM"))) {
          o.problem(Rule.FILE_ACCESS, "COPY ... " + k.value() + " must name its file by one"
              + " string literal ('/dir/file.csv'), so the path allowlist can check it");
          return;
        }
        afterOperand = true;
      }
      if (literal(k) && dialect == Dialect.SNOWFLAKE && optionKey(t, i).equals("PATTERN")) {
        continue; // a regular expression over the stage's file names, not a path
      }
      if (literal(k)) {
        afterOperand = true;
        String v = k.value();
        if (localFiles && v.regionMatches(true, 0, "file://", 0, 7)) {
          v = v.substring(7);
        }
        path(v, lead + " target", o);
        if (o.rule != null) {
          return;
        }
      } else if (localFiles && k.type() == TokenType.WORD && k.value().equals("FILE")
          && i + 1 < t.size() && t.get(i + 1).isOp(":")) {
        o.problem(Rule.FILE_ACCESS, lead + " names a local file without quotes; write it as a"
            + " quoted 'file:///...' path so it can be checked against the path allowlist");
        return;
      }
    }
  }

  /**
   * One key of a transfer's option list, at {@code i}: options that make reject tables are
   * refused, and an option that names part of a file (FILENAME_PATTERN '../x_{i}',
   * FILE_EXTENSION) must be one string literal without '/', '\\' or '..', so the files stay
   * under the target (Snowflake's FILES and PATTERN name files inside the stage instead).
   */
  private void option(List<Token> t, int i, String lead, Outcome o) {
    Token k = t.get(i);
    String key = nameOf(k);
    if (rejectsOption(k)) {
      o.problem(Rule.FILE_ACCESS, lead + " with " + key.toLowerCase(Locale.ROOT)
          + " creates tables of rejected lines on the connection");
      return;
    }
    if (dialect == Dialect.SNOWFLAKE || !pathKey(key)) {
      return;
    }
    int v = i + 1;
    if (v < t.size() && (t.get(v).isOp(",") || t.get(v).isOp(")"))) {
      return; // a flag (RETURN_FILES)
    }
    if (v < t.size() && t.get(v).isOp("=")) {
      v++;
    }
    // the value, when it is one token closed by ',' or ')'
    Token value = v + 1 < t.size() && (t.get(v + 1).isOp(",") || t.get(v + 1).isOp(")"))
        ? t.get(v) : null;
    if (value != null && (value.type() == TokenType.NUMBER || value.type() == TokenType.WORD)) {
      return; // FILE_SIZE_BYTES 100000000, USE_TMP_FILE false: no path character fits
    }
    if (value == null || !literal(value) || escapesTarget(value.value())) {
      o.problem(Rule.FILE_ACCESS, lead + " option " + key + " names part of a path: it must be"
          + " one string literal without '/', '\\' or '..', so the files stay under the"
          + " target checked against the path allowlist");
    }
  }

  /** EXPORT DATABASE 'dir' [...] or EXPORT DATABASE name TO 'dir' [...]. */
  private static boolean exportTarget(List<Token> t) {
    if (t.size() < 3 || !t.get(1).isWord("DATABASE")) {
      return false;
    }
    if (literal(t.get(2))) {
      return true;
    }
    return t.size() > 4 && isName(t.get(2)) && t.get(3).isWord("TO")
        && literal(t.get(4));
  }

  /** The option key before the value at {@code i} ({@code KEY 'v'} or {@code KEY = 'v'}). */
  private static String optionKey(List<Token> t, int i) {
    int j = i - 1;
    if (j >= 0 && t.get(j).isOp("=")) {
      j--;
    }
    return j >= 0 && t.get(j).type() == TokenType.WORD ? t.get(j).value() : "";
  }

  /** Whether an option key names part of a file or path (FILENAME_PATTERN, FILE_EXTENSION). */
  private static boolean pathKey(String key) {
    return key.contains("FILE") || key.contains("PATH") || key.contains("DIR")
        || key.contains("PATTERN") || key.contains("PREFIX") || key.contains("SUFFIX");
  }

  private static boolean escapesTarget(String v) {
    return v.indexOf('/') >= 0 || v.indexOf('\\') >= 0 || v.contains("..");
  }

  // ---------------------------------------------------------------- statement shape

  /** Sets the kind from the statement's leading words, starting at token {@code i}. */
  private void lead(List<Token> t, int i, Outcome o) {
    if (i >= t.size()) {
      o.kind = StatementKind.UNKNOWN;
      o.problem(Rule.PARSE_FAILED, "the statement ends where a query was expected");
      return;
    }
    Token first = t.get(i);
    if (first.isOp("(")) {
      // A parenthesized query: whatever stands after the opening brackets must be a query.
      int j = i;
      while (j < t.size() && t.get(j).isOp("(")) {
        j++;
      }
      o.budget.spend(j - i);
      Outcome inner = o.part();
      lead(t, j, inner);
      o.kind = inner.kind;
      o.word = inner.word;
      if (inner.rule != null) {
        o.problem(inner.rule, inner.detail);
      } else if (inner.kind != StatementKind.READ) {
        o.word = "(" + inner.word;
      }
      return;
    }
    if (first.type() != TokenType.WORD) {
      o.kind = StatementKind.UNKNOWN;
      o.problem(Rule.PARSE_FAILED, "the statement starts with " + Reasons.quote(text(first))
          + ", not with a statement keyword");
      return;
    }
    String w = first.value();
    o.word = w;
    switch (w) {
      case "SELECT", "VALUES", "TABLE" -> o.kind = StatementKind.READ;
      case "FROM", "PIVOT", "UNPIVOT", "PIVOT_WIDER", "PIVOT_LONGER" -> {
        if (dialect == Dialect.DUCKDB) {
          o.kind = StatementKind.READ;
        } else {
          unknown(o, w);
        }
      }
      case "SUMMARIZE" -> {
        if (dialect == Dialect.DUCKDB) {
          o.kind = StatementKind.DESCRIBE;
        } else {
          unknown(o, w);
        }
      }
      case "LIST", "LS" -> {
        if (dialect == Dialect.SNOWFLAKE) {
          o.kind = StatementKind.SHOW;
        } else {
          unknown(o, w);
        }
      }
      case "SHOW" -> {
        o.kind = StatementKind.SHOW;
        String custom = showDisclosure(t, i);
        if (custom != null) {
          o.problem(Rule.FUNCTION_NOT_ALLOWED, custom);
        }
      }
      case "DESC", "DESCRIBE" -> o.kind = StatementKind.DESCRIBE;
      case "WITH" -> with(t, i, o);
      case "EXPLAIN" -> explain(t, i, o);
      case "USE" -> {
        Token next = i + 1 < t.size() ? t.get(i + 1) : null;
        if (next != null && (next.isWord("ROLE") || next.isWord("SECONDARY"))) {
          o.kind = StatementKind.ADMIN;
          o.word = "USE " + next.value();
        } else {
          o.kind = StatementKind.USE;
          use(t, i + 1, o);
        }
      }
      case "EXECUTE" -> {
        Token next = i + 1 < t.size() ? t.get(i + 1) : null;
        if (next != null && next.isWord("IMMEDIATE")) {
          o.kind = StatementKind.SCRIPT;
          o.word = "EXECUTE IMMEDIATE";
        } else {
          o.kind = StatementKind.ADMIN;
        }
      }
      case "BEGIN", "START" -> {
        o.kind = isTransaction(t, i) ? StatementKind.ADMIN : StatementKind.SCRIPT;
      }
      case "IMPORT" -> {
        // DuckDB IMPORT DATABASE runs the schema.sql and load.sql it finds in the directory:
        // SQL read from files, whatever it holds (a transfer would let read_write run DDL).
        o.kind = StatementKind.SCRIPT;
        o.word = "IMPORT DATABASE (runs the SQL files it reads)";
      }
      case "COPY" -> {
        if (i + 2 < t.size() && t.get(i + 1).isWord("FROM") && t.get(i + 2).isWord("DATABASE")) {
          // DuckDB COPY FROM DATABASE a TO b creates a's tables, views and sequences in b.
          o.kind = StatementKind.DDL;
          o.word = "COPY FROM DATABASE (creates tables and sequences)";
        } else {
          o.kind = StatementKind.TRANSFER;
        }
      }
      case "UPDATE" -> {
        if (dialect == Dialect.DUCKDB && i + 1 < t.size() && t.get(i + 1).isWord("EXTENSIONS")
            && (i + 2 == t.size() || t.get(i + 2).isOp("("))) {
          // downloads and replaces extension binaries: not a data write
          o.kind = StatementKind.ADMIN;
          o.word = "UPDATE EXTENSIONS";
        } else if (updateStatistics(t, i, o.budget)) {
          o.kind = StatementKind.ADMIN;
          o.word = UPDATE_STATISTICS;
        } else {
          o.kind = StatementKind.DML;
        }
      }
      case "GET" -> {
        Token next = i + 1 < t.size() ? t.get(i + 1) : null;
        if (next != null && (next.isWord("DIAGNOSTICS") || next.isWord("CURRENT")
            || next.isWord("STACKED"))) {
          // GET [CURRENT | STACKED] DIAGNOSTICS @x = ROW_COUNT (MySQL, DB2): sets variables
          o.kind = StatementKind.ADMIN;
          o.word = "GET DIAGNOSTICS (sets session variables)";
        } else {
          o.kind = StatementKind.TRANSFER; // Snowflake GET @stage file://...
        }
      }
      case "ALTER" -> {
        Token next = i + 1 < t.size() ? t.get(i + 1) : null;
        if (next != null && (next.isWord("SESSION") || next.isWord("ACCOUNT")
            || next.isWord("USER") || next.isWord("SYSTEM"))) {
          o.kind = StatementKind.ADMIN;
          o.word = "ALTER " + next.value();
        } else {
          o.kind = StatementKind.DDL;
        }
      }
      default -> {
        StatementKind k = Keywords.LEADING.get(w);
        if (k == null) {
          unknown(o, w);
        } else {
          o.kind = k;
        }
      }
    }
  }

  private static final String UPDATE_STATISTICS = "UPDATE STATISTICS (refreshes the optimizer's"
      + " statistics, as ANALYZE does)";

  /**
   * {@return whether {@code UPDATE} at {@code i} refreshes the optimizer's statistics}
   * (maintenance, as ANALYZE): SQL Server's and Informix's {@code UPDATE STATISTICS [t [...]]}
   * (the name may be {@code [bracketed]}, or absent: Informix updates the whole database), and
   * Sybase ASE's {@code UPDATE INDEX | ALL | TABLE STATISTICS t}. Not an update of a table named
   * {@code statistics} (MySQL): that one assigns in a {@code SET} later in the same statement,
   * after an alias, joins or a {@code PARTITION (...)} ({@code UPDATE statistics s JOIN t2 ON
   * ... SET s.a = 1}); maintenance never does (a T-SQL {@code SET} statement after it sets an
   * option or a {@code @variable}, not a column).
   */
  private static boolean updateStatistics(List<Token> t, int i, Budget budget) {
    int j = i + 1;
    if (!t.get(i).isWord("UPDATE") || j >= t.size()) {
      return false;
    }
    if ((t.get(j).isWord("INDEX") || t.get(j).isWord("ALL") || t.get(j).isWord("TABLE"))
        && j + 1 < t.size() && t.get(j + 1).isWord("STATISTICS")) {
      return true; // Sybase ASE; no table is named index, all or table without quotes
    }
    return t.get(j).isWord("STATISTICS") && !setAssignmentFollows(t, j + 1, budget);
  }

  /** Words that end an UPDATE's table or alias: what may follow it in the table clause. */
  private static final Set<String> TABLE_CLAUSE_WORDS = Set.of("SET", "AS", "JOIN", "INNER",
      "LEFT", "RIGHT", "FULL", "CROSS", "OUTER", "NATURAL", "STRAIGHT_JOIN", "ON", "USING",
      "PARTITION", "WITH", "WHERE");

  /**
   * {@return whether the rest of an UPDATE's table clause, from {@code i} (just after the first
   * table's first name), reads as one and is followed by a {@code SET} with an assignment}. Only
   * what the clause can hold is walked: the table's further name parts ({@code db.schema.t}),
   * {@code PARTITION (...)}, an alias ({@code AS} optional), {@code WITH (...)} table hints,
   * then any number of {@code , table} or {@code [NATURAL] [INNER | LEFT | RIGHT | FULL | CROSS]
   * [OUTER] JOIN table [ON condition | USING (...)]}, where a table is a name or a bracketed
   * subquery with the same tail. An ON condition is an expression: any token
   * up to the {@code SET} at its level (a column may be called {@code start}, {@code comment},
   * {@code load}), but not a {@code ;} or a bracket closing one opened before. Anything else
   * (a second alias, a string, {@code (} after the alias, a label, T-SQL's {@code PRINT},
   * {@code THROW}, {@code IF(...)}, {@code SELECT(1)}) ends the walk: no assignment follows, so
   * {@code UPDATE STATISTICS t PRINT 'x' SET a = 1} stays maintenance.
   */
  private static boolean setAssignmentFollows(List<Token> t, int i, Budget budget) {
    int j = tableTail(t, i, budget);
    while (j >= 0 && j < t.size()) {
      Token k = t.get(j);
      if (k.isWord("SET")) {
        budget.spend(j - i + 1);
        return assignment(t, j + 1);
      }
      if (k.isOp(",")) {
        j = tableTail(t, tableSource(t, j + 1, budget), budget);
        continue;
      }
      int join = joinWord(t, j);
      if (join < 0) {
        break;
      }
      j = tableTail(t, tableSource(t, join + 1, budget), budget);
      if (j >= 0 && j < t.size() && t.get(j).isWord("USING")) {
        j = j + 1 < t.size() && t.get(j + 1).isOp("(") ? close(t, j + 1, budget) + 1 : -1;
      } else if (j >= 0 && j < t.size() && t.get(j).isWord("ON")) {
        j = onCondition(t, j + 1, budget);
      }
    }
    budget.spend(Math.max(0, Math.min(j < 0 ? t.size() : j, t.size()) - i));
    return false;
  }

  /**
   * {@return the index of the {@code JOIN} word of a join operator starting at {@code i} ({@code
   * [NATURAL] [INNER | LEFT | RIGHT | FULL | CROSS] [OUTER] JOIN}, MySQL's {@code
   * STRAIGHT_JOIN}), or -1}
   */
  private static int joinWord(List<Token> t, int i) {
    int j = i;
    if (j < t.size() && t.get(j).isWord("NATURAL")) {
      j++;
    }
    if (j < t.size() && t.get(j).type() == TokenType.WORD && switch (t.get(j).value()) {
      case "INNER", "LEFT", "RIGHT", "FULL", "CROSS" -> true;
      default -> false;
    }) {
      j++;
    }
    if (j < t.size() && t.get(j).isWord("OUTER")) {
      j++;
    }
    return j < t.size() && (t.get(j).isWord("JOIN") || t.get(j).isWord("STRAIGHT_JOIN")) ? j : -1;
  }

  /**
   * {@return the index after a join's or a comma's table at {@code i}: a name ({@code
   * db.schema.t}, quoted parts) or a bracketed subquery ({@code LATERAL} before it in
   * PostgreSQL and MySQL)}, or -1 when none stands there. A word that starts a statement is no
   * table unless a {@code .} follows it ({@code load.t2}) and SQL Server has no statement it
   * starts: after {@code UPDATE STATISTICS t STRAIGHT_JOIN}, SQL Server has read the statistics
   * name and starts the next statement ({@code UPDATE t2 SET a = 1}).
   */
  private static int tableSource(List<Token> t, int i, Budget budget) {
    if (i + 1 < t.size() && t.get(i).isWord("LATERAL") && t.get(i + 1).isOp("(")) {
      i++;
    }
    if (i >= t.size()) {
      return -1;
    }
    if (t.get(i).isOp("(")) {
      int end = close(t, i, budget);
      return t.get(end).isOp(")") ? end + 1 : -1;
    }
    if (!isName(t.get(i)) || t.get(i).type() == TokenType.WORD
        && TABLE_CLAUSE_WORDS.contains(t.get(i).value())
        || statementWord(t, i, i + 1 < t.size() && t.get(i + 1).isOp("."))) {
      return -1;
    }
    return i + 1;
  }

  /**
   * {@return whether the word at {@code i} may start a statement (in any dialect, or in SQL
   * Server, which needs no {@code ;} between statements)}, so stands for no table or alias;
   * when {@code qualified} (a {@code .} follows: {@code load.t2}), only those a name may
   * follow ({@link #NAMED_STATEMENT_WORDS})
   */
  private static boolean statementWord(List<Token> t, int i, boolean qualified) {
    if (t.get(i).type() != TokenType.WORD) {
      return false;
    }
    String w = t.get(i).value();
    return qualified ? NAMED_STATEMENT_WORDS.contains(w)
        : Keywords.startsTsqlStatement(w) || Keywords.startsStatement(w);
  }

  /**
   * SQL Server statement words a name may follow at once, so a {@code .name} after them may be
   * its part ({@code UPDATE .t2}): reserved everywhere, never a schema's name without quotes.
   */
  private static final Set<String> NAMED_STATEMENT_WORDS = Set.of("SELECT", "INSERT", "UPDATE",
      "DELETE", "MERGE", "EXEC", "EXECUTE", "READTEXT", "WRITETEXT", "UPDATETEXT");

  /**
   * {@return the index after an index hint at {@code i}}, or {@code i} when none starts there:
   * SQLite's {@code INDEXED BY ix} and {@code NOT INDEXED}, MySQL's {@code USE | IGNORE | FORCE
   * INDEX | KEY [FOR JOIN | ORDER BY | GROUP BY] (...)}. None reads as SQL Server's statistics
   * name followed by a statement: {@code INDEX}, {@code KEY}, {@code BY} and {@code INDEXED}
   * start none.
   */
  private static int indexHint(List<Token> t, int i, Budget budget) {
    if (!indexHintStarts(t, i)) {
      return i;
    }
    if (t.get(i).isWord("INDEXED")) {
      return i + 2 < t.size() && isName(t.get(i + 2)) ? i + 3 : i;
    }
    if (t.get(i).isWord("NOT")) {
      return i + 2;
    }
    int j = i + 2;
    if (j + 1 < t.size() && t.get(j).isWord("FOR")) {
      j += t.get(j + 1).isWord("JOIN") ? 2 : 3; // FOR JOIN | FOR ORDER BY | FOR GROUP BY
    }
    return j < t.size() && t.get(j).isOp("(") ? close(t, j, budget) + 1 : i;
  }

  /** {@return whether an index hint ({@link #indexHint}) starts at {@code i}} */
  private static boolean indexHintStarts(List<Token> t, int i) {
    if (i + 1 >= t.size()) {
      return false;
    }
    Token k = t.get(i);
    Token next = t.get(i + 1);
    return k.isWord("INDEXED") && next.isWord("BY") || k.isWord("NOT") && next.isWord("INDEXED")
        || (k.isWord("USE") || k.isWord("IGNORE") || k.isWord("FORCE"))
        && (next.isWord("INDEX") || next.isWord("KEY"));
  }

  /**
   * {@return the index after a table's tail from {@code i}: further name parts, Oracle's {@code
   * @link}, PostgreSQL's {@code *}, {@code PARTITION (...)}, an alias ({@code AS} optional),
   * index hints ({@link #indexHint}) and {@code WITH (...)} table hints}, or -1 when the tail is
   * broken (a dot without a name, {@code AS} without an alias). A word that starts a statement is
   * no alias ({@link #tableSource}).
   */
  private static int tableTail(List<Token> t, int i, Budget budget) {
    if (i < 0) {
      return -1;
    }
    int j = names(t, i);
    if (j >= 0 && j + 1 < t.size() && t.get(j).isOp("@") && isName(t.get(j + 1))) {
      j = names(t, j + 2); // Oracle's database link: t@remote, t@remote.example.com
    }
    if (j < 0) {
      return -1;
    }
    if (j < t.size() && t.get(j).isOp("*")) {
      j++; // PostgreSQL: the table and its descendants
    }
    if (j + 1 < t.size() && t.get(j).isWord("PARTITION") && t.get(j + 1).isOp("(")) {
      j = close(t, j + 1, budget) + 1;
    }
    if (j < t.size() && t.get(j).isWord("AS")) {
      if (j + 1 >= t.size() || !isName(t.get(j + 1)) || statementWord(t, j + 1, false)) {
        return -1;
      }
      j += 2;
    } else if (j < t.size() && isName(t.get(j)) && !(t.get(j).type() == TokenType.WORD
        && TABLE_CLAUSE_WORDS.contains(t.get(j).value())) && !statementWord(t, j, false)
        && !indexHintStarts(t, j)) {
      j++; // the alias
    }
    if (j < t.size() && t.get(j).isOp("*")) {
      j++;
    }
    while (indexHintStarts(t, j)) {
      int h = indexHint(t, j, budget);
      if (h == j) {
        return -1; // USE INDEX without its list
      }
      j = h + (h + 1 < t.size() && t.get(h).isOp(",") && indexHintStarts(t, h + 1) ? 1 : 0);
    }
    if (j + 1 < t.size() && t.get(j).isWord("WITH") && t.get(j + 1).isOp("(")) {
      j = close(t, j + 1, budget) + 1; // T-SQL table hints
    }
    return j;
  }

  /** {@return the index after the {@code .name} parts from {@code i}}, or -1 after a bare dot */
  private static int names(List<Token> t, int i) {
    int j = i;
    while (j < t.size() && t.get(j).isOp(".")) {
      if (j + 1 >= t.size() || !isName(t.get(j + 1))) {
        return -1;
      }
      j += 2;
    }
    return j;
  }

  /**
   * {@return the index of the token that ends an ON condition starting at {@code i}: the {@code
   * SET} at its level, or -1 when a {@code ;}, a bracket closing one opened before it, or the
   * end comes first}. The condition is an expression, so any word may stand in it (a column
   * named {@code start}, {@code comment}, {@code load}, {@code end}).
   */
  private static int onCondition(List<Token> t, int i, Budget budget) {
    for (int j = i; j < t.size(); j++) {
      Token k = t.get(j);
      if (k.isOp("(") || k.isOp("[") || k.isOp("{")) {
        j = close(t, j, budget);
      } else if (k.isOp(";") || k.isOp(")") || k.isOp("]") || k.isOp("}")) {
        return -1;
      } else if (k.isWord("SET") && j > i && !t.get(j - 1).isOp(".")) {
        return j;
      } else if (!t.get(j - 1).isOp(".") && (k.isWord("SELECT") || (k.isWord("UPDATE")
          || k.isWord("INSERT") || k.isWord("DELETE") || k.isWord("MERGE"))
          && !(j + 1 < t.size() && t.get(j + 1).isOp("(")))) {
        return -1; // a statement; no condition holds one outside brackets
      }
    }
    return -1;
  }

  /** {@return whether an UPDATE's assignment starts at {@code i}: {@code (}, or a name and =} */
  private static boolean assignment(List<Token> t, int i) {
    if (i < t.size() && t.get(i).isOp("(")) {
      return true;
    }
    while (i < t.size() && isName(t.get(i))) {
      if (i + 1 < t.size() && t.get(i + 1).isOp(".")) {
        i += 2;
        continue;
      }
      return i + 1 < t.size() && t.get(i + 1).isOp("=");
    }
    return false;
  }

  /** USE [DATABASE | SCHEMA | WAREHOUSE | CATALOG] name[.name] | IDENTIFIER(...) | $var. */
  private static void use(List<Token> t, int i, Outcome o) {
    if (i < t.size() && t.get(i).type() == TokenType.WORD && switch (t.get(i).value()) {
      case "DATABASE", "SCHEMA", "WAREHOUSE", "CATALOG" -> true;
      default -> false;
    } && i + 1 < t.size()) {
      i++;
    }
    if (i < t.size() && t.get(i).isWord("IDENTIFIER") && i + 1 < t.size()
        && t.get(i + 1).isOp("(")) {
      i = close(t, i + 1, o.budget) + 1;
    } else {
      boolean name = true;
      while (i < t.size()) {
        Token k = t.get(i);
        boolean ok = name ? (isName(k)
            || k.type() == TokenType.VARIABLE) : k.isOp(".");
        if (!ok) {
          break;
        }
        name = !name;
        i++;
      }
      if (name) {
        o.problem(Rule.PARSE_FAILED, "USE must name one database, schema or warehouse");
        return;
      }
    }
    if (i < t.size()) {
      o.problem(Rule.PARSE_FAILED, "USE is followed by " + Reasons.quote(t.get(i).value())
          + " after the name");
    }
  }

  private boolean isTransaction(List<Token> t, int i) {
    if (t.get(i).isWord("START")) {
      return true;
    }
    if (dialect != Dialect.SNOWFLAKE || i + 1 >= t.size()) {
      return true;
    }
    Token next = t.get(i + 1);
    return next.isWord("WORK") || next.isWord("TRANSACTION") || next.isWord("NAME");
  }

  private static void unknown(Outcome o, String w) {
    o.kind = StatementKind.UNKNOWN;
    o.problem(Rule.PARSE_FAILED, "the statement starts with " + Reasons.quote(w)
        + ", which the gate does not know as a statement");
  }

  /** WITH [RECURSIVE] name [(cols)] AS [[NOT] MATERIALIZED] (body) [, ...] terminal. */
  private void with(List<Token> t, int start, Outcome o) {
    int i = start + 1;
    if (i < t.size() && t.get(i).isWord("RECURSIVE")) {
      i++;
    }
    while (true) {
      if (i >= t.size() || !isName(t.get(i))) {
        withProblem(t, i, o);
        return;
      }
      i++;
      if (i < t.size() && t.get(i).isOp("(")) {
        o.cteName(i - 1); // c(a, b): a column list, not a call
        i = close(t, i, o.budget) + 1;
      }
      if (dialect == Dialect.DUCKDB && i + 2 < t.size() && t.get(i).isWord("USING")
          && t.get(i + 1).isWord("KEY") && t.get(i + 2).isOp("(")) {
        i = close(t, i + 2, o.budget) + 1;
      }
      if (i >= t.size() || !t.get(i).isWord("AS")) {
        withProblem(t, i, o);
        return;
      }
      i++;
      if (i < t.size() && t.get(i).isWord("NOT")) {
        i++;
      }
      if (i < t.size() && t.get(i).isWord("MATERIALIZED")) {
        i++;
      }
      if (i >= t.size() || !t.get(i).isOp("(")) {
        withProblem(t, i, o);
        return;
      }
      i = close(t, i, o.budget) + 1;
      if (i < t.size() && t.get(i).isOp(",")) {
        i++;
        continue;
      }
      break;
    }
    Outcome terminal = o.part();
    lead(t, i, terminal);
    if (terminal.rule != null) {
      o.kind = terminal.kind;
      o.problem(terminal.rule, "after its WITH clause, " + terminal.detail);
      return;
    }
    if (terminal.kind == StatementKind.READ) {
      o.kind = StatementKind.READ;
    } else {
      o.kind = terminal.kind;
      o.word = terminal.word + " after WITH";
    }
  }

  private static void withProblem(List<Token> t, int i, Outcome o) {
    o.kind = StatementKind.UNKNOWN;
    o.problem(Rule.PARSE_FAILED, "the WITH clause is not understood near "
        + (i < t.size() ? Reasons.quote(text(t.get(i))) : "the end"));
  }

  /** EXPLAIN [ANALYZE] [VERBOSE] [USING fmt] [(options)] statement. */
  private void explain(List<Token> t, int start, Outcome o) {
    int i = start + 1;
    boolean analyze = false;
    while (i < t.size()) {
      Token k = t.get(i);
      if (k.type() == TokenType.WORD) {
        switch (k.value()) {
          case "ANALYZE", "ANALYSE" -> {
            analyze = true;
            i++;
            continue;
          }
          case "VERBOSE", "EXTENDED", "FORMATTED", "QUERY", "PLAN", "LOGICAL", "PHYSICAL" -> {
            i++;
            continue;
          }
          case "USING", "FORMAT" -> {
            i += 2;
            continue;
          }
          default -> { }
        }
      } else if (k.isOp("(") && i == start + 1) {
        int end = close(t, i, o.budget);
        for (int j = i; j < end; j++) {
          if (t.get(j).isWord("ANALYZE") || t.get(j).isWord("ANALYSE")) {
            analyze = true;
          }
        }
        i = end + 1;
        continue;
      }
      break;
    }
    Outcome inner = o.part();
    lead(t, i, inner);
    if (inner.rule != null) {
      o.kind = inner.kind;
      o.problem(inner.rule, "after EXPLAIN, " + inner.detail);
      return;
    }
    if (Keywords.readFamily(inner.kind)) {
      o.kind = StatementKind.EXPLAIN;
    } else {
      o.kind = inner.kind;
      o.word = (analyze ? "EXPLAIN ANALYZE " : "EXPLAIN ") + inner.word;
    }
  }

  /** {@return the index of the bracket closing the one at {@code open}, or the last index} */
  static int close(List<Token> t, int open, Budget budget) {
    int depth = 0;
    for (int i = open; i < t.size(); i++) {
      Token k = t.get(i);
      if (k.type() == TokenType.OP) {
        String v = k.value();
        if (v.equals("(") || v.equals("[") || v.equals("{")) {
          depth++;
        } else if (v.equals(")") || v.equals("]") || v.equals("}")) {
          if (--depth == 0) {
            budget.spend(i - open + 1);
            return i;
          }
        }
      }
    }
    budget.spend(t.size() - open);
    return t.size() - 1;
  }

  // ---------------------------------------------------------------- every token

  private static final int IN_FROM = 1;

  /**
   * What {@link #scan} knows about the bracket open at one nesting depth (depth 0: the statement
   * itself), so that each check is O(1). One instance per depth, reset when a bracket opens there.
   */
  private static final class Level {
    /** {@link #IN_FROM} while a FROM list is open at this depth, else 0. */
    int clause;
    /**
     * The bracket is the argument list of EXTRACT, SUBSTRING, ...: a FROM directly inside it is
     * not a table.
     */
    boolean fromFunction;
    /**
     * An expression follows the bracket's ')', so a name before '(' right after it is a call,
     * not an alias's column list: {@code OPERATOR(s.+) f(x)}, {@code DISTINCT ON (a) f(x)},
     * {@code TOP (1) f(x)}.
     */
    boolean expressionAfter;
    /** The bracket is a MATCH_RECOGNIZE's {@code PATTERN (...)}. */
    boolean pattern;
    /**
     * A {@code PATTERN (...)} closed at this depth: a DEFINE here is MATCH_RECOGNIZE's keyword,
     * not a column or alias named define.
     */
    boolean afterPattern;
    /**
     * A MATCH_RECOGNIZE's DEFINE list is open at this depth: there {@code v AS f(x)} defines a
     * pattern variable by an expression, not an alias with a column list.
     */
    boolean define;

    /** {@return this level, reset for a bracket that just opened} */
    Level reset() {
      clause = 0;
      fromFunction = false;
      expressionAfter = false;
      pattern = false;
      afterPattern = false;
      define = false;
      return this;
    }
  }

  private void scan(List<Token> t, Outcome o, boolean enforce) {
    final int n = t.size();
    o.budget.spend(n);
    int depth = 0;
    List<Level> levels = new ArrayList<>();
    levels.add(new Level());
    Level level = levels.get(0);
    // The last ')' of a bracket whose level has expressionAfter.
    int expressionClose = -1;
    // The depth of an UPDATE whose SET clause has not come yet: only that SET belongs to the
    // UPDATE (UPDATE t SET, MERGE's UPDATE SET, ON CONFLICT DO UPDATE SET); a later SET is a
    // statement of its own in SQL Server (UPDATE t SET a = 1 SET LOCK_TIMEOUT -1).
    int updateSetDepth = -1;
    int notTableAfter = -1;
    // Snowflake SHOW ... FROM 'name' pages by name; in DuckDB SHOW x describes x (a file too).
    boolean show = o.kind == StatementKind.SHOW && dialect != Dialect.DUCKDB;
    for (int i = 0; i < n; i++) {
      Token k = t.get(i);
      Token prev = i > 0 ? t.get(i - 1) : null;
      Token next = i + 1 < n ? t.get(i + 1) : null;
      if (enforce && k.isQuestionMark() && functions.operatorDenied(operatorRun(t, i))) {
        // a '?' is lexed as a parameter; in an operator (?~?, #?#) PostgreSQL reads it as part
        o.problem(Rule.FUNCTION_NOT_ALLOWED, "operator " + operatorRun(t, i) + " runs a"
            + " function with side effects (the engine's catalog)");
        return;
      }
      switch (k.type()) {
        case OTHER -> {
          o.problem(Rule.PARSE_FAILED, "unexpected character " + k.value() + " at offset "
              + k.start());
          return;
        }
        case OP -> {
          String v = k.value();
          if (enforce && functions.operatorDenied(operatorRun(t, i))) {
            o.problem(Rule.FUNCTION_NOT_ALLOWED, "operator " + operatorRun(t, i) + " runs a"
                + " function with side effects (the engine's catalog)");
            return;
          }
          if (v.equals("(") || v.equals("[") || v.equals("{")) {
            depth++;
            if (depth == levels.size()) {
              levels.add(new Level());
            }
            level = levels.get(depth).reset();
            level.fromFunction = prev != null && prev.type() == TokenType.WORD
                && FROM_FUNCTIONS.contains(prev.value());
            level.expressionAfter = v.equals("(") && expressionFollows(t, i);
            level.pattern = v.equals("(") && prev != null && prev.isWord("PATTERN");
          } else if (v.equals(")") || v.equals("]") || v.equals("}")) {
            if (level.expressionAfter) {
              expressionClose = i;
            }
            boolean pattern = level.pattern;
            depth = Math.max(0, depth - 1);
            level = levels.get(depth);
            if (pattern) {
              level.afterPattern = true;
            }
            if (depth < updateSetDepth) {
              updateSetDepth = -1;
            }
          }
          if (dialect == Dialect.GENERIC) {
            genericOperator(t, i, o);
            if (o.rule != null) {
              return;
            }
          }
        }
        case WORD -> {
          String w = k.value();
          boolean call = next != null && next.isOp("(");
          if (w.equals("DEFINE") && level.afterPattern && !(prev != null && prev.isOp("."))) {
            level.define = true;
          }
          if (enforce && userCode(t, i, w, call, depth, o)) {
            return;
          }
          if (w.equals("FROM") && depth > 0 && level.fromFunction) {
            level.clause = 0;
            notTableAfter = i;
            continue;
          } else if (w.equals("FROM") || w.endsWith("JOIN")) {
            level.clause = IN_FROM;
          } else if (Keywords.CLAUSE_END.contains(w) && !(level.clause == IN_FROM
              && (w.equals("ON") || w.equals("USING")))) {
            // JOIN ... ON cond, next_table / JOIN ... USING (c), next_table: the FROM list goes on.
            level.clause = 0;
          }
          if (!isAscii(k)) {
            lookAlike(k, o);
            if (o.rule != null) {
              return;
            }
          }
          if (dialect == Dialect.GENERIC && w.equals("WITH") && next != null && next.isOp("(")
              && Keywords.rank(o.kind) < Keywords.rank(StatementKind.DML)) {
            String hint = lockingTableHint(t, i + 1);
            if (hint != null) {
              // SQL Server: FROM t WITH (UPDLOCK) locks what it reads, as FOR UPDATE does
              o.kind = StatementKind.DML;
              o.word = "WITH (" + hint + ") (a table hint that locks the rows read, as FOR UPDATE"
                  + " does)";
            }
          }
          if (dialect == Dialect.GENERIC && w.equals("HOLDLOCK") && level.clause == IN_FROM
              && prev != null && isName(prev)
              && !identifierContext(prev, next)
              && Keywords.rank(o.kind) < Keywords.rank(StatementKind.DML)) {
            // Sybase ASE (and old T-SQL): FROM t HOLDLOCK keeps shared locks, as WITH (HOLDLOCK)
            o.kind = StatementKind.DML;
            o.word = "HOLDLOCK (a table hint that locks the rows read, as FOR UPDATE does)";
          }
          if (w.equals("WITH") && i > 0) {
            innerWith(t, i, o);
            if (o.rule != null) {
              return;
            }
          }
          if (SET_OPERATORS.contains(w) && !(prev != null && prev.isOp("*"))) {
            setOperand(t, i, o);
            if (o.rule != null) {
              return;
            }
          }
          if (dialect == Dialect.GENERIC && i > 0 && !identifierContext(prev, next)) {
            // SQL Server runs a statement that follows another without ';' (SELECT 1 SHUTDOWN)
            StatementKind ts = Keywords.tsqlStatement(t, i);
            if (ts != null && Keywords.rank(ts) > Keywords.rank(o.kind)) {
              o.kind = ts;
              o.word = w + " inside the statement (in SQL Server a statement needs no ';')";
            }
          }
          if (w.equals("UPDATE") && i > 0 && updateStatistics(t, i, o.budget)
              && !identifierContext(prev, next)
              && Keywords.rank(o.kind) < Keywords.rank(StatementKind.ADMIN)) {
            // T-SQL runs it after another statement without ';' (UPDATE t SET a = 1 UPDATE ...)
            o.kind = StatementKind.ADMIN;
            o.word = UPDATE_STATISTICS + " inside the statement";
          }
          if (dialect == Dialect.GENERIC && w.equals("KEEP") && keepLocks(t, i)
              && Keywords.rank(o.kind) < Keywords.rank(StatementKind.DML)) {
            // DB2: WITH RR USE AND KEEP EXCLUSIVE LOCKS, WITH CS KEEP LOCKS (IBM i) hold locks on
            // the rows read, as FOR UPDATE and FOR SHARE do
            o.kind = StatementKind.DML;
            o.word = "KEEP ... LOCKS (an isolation clause that locks the rows read, as FOR UPDATE"
                + " does)";
          }
          StatementKind write = Keywords.WRITE_ANYWHERE.get(w);
          if (w.equals("UPDATE") && !identifierContext(prev, next) && !call
              && !(prev != null && (prev.isWord("FOR") || prev.isWord("KEY")))
              && !updateStatistics(t, i, o.budget)) {
            // Also at offset 0: the SET of `UPDATE t SET ...` is part of the DML, not a SET
            // (not after FOR UPDATE, ON DUPLICATE KEY UPDATE, T-SQL UPDATE STATISTICS: no SET).
            updateSetDepth = depth;
          }
          if (write != null && i > 0 && !(call && Keywords.FUNCTION_NAMES.contains(w))
              && !identifierContext(prev, next)) {
            boolean exempt = (w.equals("SET") && updateSetDepth == depth)
                || (w.equals("INTO") && dialect == Dialect.DUCKDB && next != null
                    && next.isWord("NAME"))
                || (w.equals("CREATE") && prev != null && prev.isWord("SHOW"));
            if (w.equals("SET") && exempt) {
              updateSetDepth = -1;
            }
            if (!exempt) {
              StatementKind wk = w.equals("EXECUTE") && next != null && next.isWord("IMMEDIATE")
                  ? StatementKind.SCRIPT : write;
              String word = i > 0 ? w + " inside the statement" : w;
              if (w.equals("INTO") && next != null && (next.isWord("OUTFILE")
                  || next.isWord("DUMPFILE"))) {
                wk = StatementKind.TRANSFER;
              } else if (w.equals("INTO") && dialect == Dialect.GENERIC && next != null
                  && next.isOp("@")) {
                wk = StatementKind.ADMIN; // MySQL SELECT ... INTO @x sets a session variable
              } else if (w.equals("INTO") && dialect != Dialect.SNOWFLAKE
                  && selectInto(t, i)) {
                // PostgreSQL (and SQL Server) SELECT ... INTO t is CREATE TABLE t AS: an object
                // is created, so read_write (data only) must not allow it
                wk = StatementKind.DDL;
                word = "SELECT ... INTO (creates a table, as CREATE TABLE AS does)";
              }
              if (Keywords.rank(wk) > Keywords.rank(o.kind)) {
                o.kind = wk;
                o.word = word;
              }
            }
            continue;
          }
          if (w.equals("FOR") && next != null && (next.isWord("SHARE") || next.isWord("KEY")
              || next.isWord("NO")) && Keywords.rank(o.kind) < Keywords.rank(StatementKind.DML)) {
            o.kind = StatementKind.DML; // row locks: FOR SHARE, FOR KEY SHARE, FOR NO KEY UPDATE
            o.word = "FOR " + next.value();
          }
          // GENERIC too: it may front DuckDB (the default dialect over any DataSource), and it
          // already refuses the quoted spelling ("data.csv")
          if (enforce && (dialect == Dialect.DUCKDB || dialect == Dialect.GENERIC) && !show
              && next != null && next.isOp(".")
              && (prev == null || !prev.isOp(".")) && tablePos(tablePrev(t, i), level.clause)) {
            dottedFile(t, i, o);
            if (o.rule != null) {
              return;
            }
          }
          if (sequenceAdvance(t, i) && Keywords.rank(o.kind) < Keywords.rank(StatementKind.DML)) {
            // NEXT VALUE FOR s (SQL standard, H2, SQL Server, DB2), NEXTVAL FOR s (DB2)
            o.kind = StatementKind.DML;
            o.word = (w.equals("NEXT") ? "NEXT VALUE FOR" : "NEXTVAL FOR")
                + " (advances a sequence)";
          }
          if (enforce && (dialect == Dialect.GENERIC || dialect == Dialect.SNOWFLAKE) && !call
              && systemName(t, i, w, o, level.clause)) {
            return;
          }
          if (dialect == Dialect.SNOWFLAKE && w.equals("NEXTVAL") && prev != null
              && prev.isOp(".") && Keywords.rank(o.kind) < Keywords.rank(StatementKind.DML)) {
            // seq.NEXTVAL advances a Snowflake sequence: a write, as nextval() is elsewhere.
            o.kind = StatementKind.DML;
            o.word = "NEXTVAL of a sequence";
          }
          if (call && enforce) {
            function(t, i, w, o, calledAsTable(tablePrev(t, i), level.clause),
                startsExpression(prev, i, expressionClose, level.define));
          } else if (enforce && !call) {
            relation(w, o);
          }
          if (o.rule != null) {
            return;
          }
        }
        case QUOTED_IDENT -> {
          if (enforce && userCode(t, i, k.value(), next != null && next.isOp("("), depth, o)) {
            return;
          }
          if (enforce && (dialect == Dialect.GENERIC || dialect == Dialect.SNOWFLAKE)
              && !(next != null && next.isOp("(")) && systemName(t, i, k.value(), o,
                  level.clause)) {
            return;
          }
          if (dialect == Dialect.SNOWFLAKE && k.value().equalsIgnoreCase("NEXTVAL")
              && prev != null && prev.isOp(".")
              && Keywords.rank(o.kind) < Keywords.rank(StatementKind.DML)) {
            o.kind = StatementKind.DML;
            o.word = "NEXTVAL of a sequence";
          }
          if (enforce && !(next != null && next.isOp("("))) {
            relation(k.value(), o);
          }
          if (next != null && next.isOp("(") && enforce) {
            function(t, i, k.value(), o, calledAsTable(tablePrev(t, i), level.clause),
                startsExpression(prev, i, expressionClose, level.define));
          } else if (enforce && !show && (dialect == Dialect.DUCKDB || dialect == Dialect.GENERIC)
              && next != null && next.isOp(".") && (prev == null || !prev.isOp("."))
              && tablePos(tablePrev(t, i), level.clause)) {
            dottedFile(t, i, o);
          } else if (enforce && !show && dialect != Dialect.SNOWFLAKE
              && i - 1 != notTableAfter && tablePos(tablePrev(t, i), level.clause)
              && looksLikeFile(k.value())) {
            path(k.value(), "quoted name in FROM", o);
          }
          if (o.rule != null) {
            return;
          }
        }
        case STRING, DOLLAR_STRING -> {
          // A string in table position is a file scan in DuckDB; elsewhere only a Snowflake
          // stage ('@...') is accepted there.
          if (enforce && !show
              && i - 1 != notTableAfter && tablePos(tablePrev(t, i), level.clause)) {
            path(k.value(), "string in FROM", o);
            if (o.rule != null) {
              return;
            }
          }
        }
        default -> { }
      }
    }
  }

  /**
   * GENERIC operators that some engine it may front reads as something else: {@code :=} assigns
   * a session variable in MySQL and H2 ({@code SELECT @x := 5}), and Snowflake reads {@code ->>}
   * before a statement keyword as a pipe to a second statement ({@code SELECT 1 ->> REMOVE @st});
   * a JSON {@code ->>} (MySQL, PostgreSQL) is followed by a key, index or column.
   */
  private static void genericOperator(List<Token> t, int i, Outcome o) {
    Token k = t.get(i);
    if (k.isOp(":=") && Keywords.rank(o.kind) < Keywords.rank(StatementKind.ADMIN)) {
      o.kind = StatementKind.ADMIN;
      o.word = ":= (assigns a session variable in MySQL and H2)";
    } else if (k.isOp("->>") && i + 1 < t.size() && t.get(i + 1).type() == TokenType.WORD
        && Keywords.startsStatement(t.get(i + 1).value())) {
      o.problem(Rule.MULTIPLE_STATEMENTS, "'->>' before " + Reasons.quote(t.get(i + 1).value())
          + " pipes into a second statement in Snowflake (a JSON '->>' is followed by a key)");
    }
  }

  /**
   * {@return whether the word at {@code i} starts a sequence advance in keyword syntax}: {@code
   * NEXT VALUE FOR s} (SQL standard, H2, SQL Server, DB2, Derby, HSQLDB) or {@code NEXTVAL FOR s}
   * (DB2). {@code PREVVAL FOR}, {@code PREVIOUS VALUE FOR} and {@code CURRENT VALUE FOR} only read
   * the value this session last drew.
   */
  /**
   * {@return whether the {@code INTO} at {@code i} is the target of a query ({@code SELECT ...
   * INTO t}, PostgreSQL's and SQL Server's spelling of {@code CREATE TABLE t AS}), not of an
   * {@code INSERT}, {@code MERGE}, {@code COPY}, {@code REPLACE} or {@code UPSERT}, and not a
   * host variable ({@code INTO :v}, {@code INTO ?}, which creates nothing)}: the nearest
   * statement word before it at its bracket depth decides
   */
  private static boolean selectInto(List<Token> t, int i) {
    if (i + 1 < t.size() && (t.get(i + 1).isOp(":") || t.get(i + 1).isQuestionMark()
        || t.get(i + 1).type() == TokenType.VARIABLE)) {
      return false;
    }
    int depth = 0;
    for (int j = i - 1; j >= 0; j--) {
      Token k = t.get(j);
      if (k.isOp(")")) {
        depth++;
      } else if (k.isOp("(")) {
        if (depth == 0) {
          return false; // INTO t (a, b) ... or an opening bracket without a statement word
        }
        depth--;
      } else if (depth == 0 && k.type() == TokenType.WORD && !(j > 0 && t.get(j - 1).isOp("."))) {
        if (k.isWord("SELECT")) {
          return true;
        }
        if ((k.isWord("INSERT") || k.isWord("MERGE") || k.isWord("COPY") || k.isWord("REPLACE")
            || k.isWord("UPSERT") || k.isWord("UNPIVOT") || k.isWord("PIVOT")
            || k.isWord("FETCH") || k.isWord("EXECUTE") || k.isWord("EXEC"))
            && startsStatement(t, j)) {
          return false;
        }
      }
    }
    return false;
  }

  /**
   * {@return whether the word at {@code j} stands where a statement starts: first, after
   * {@code ;} or an opening bracket, or after the bracket that closes a CTE ({@code WITH c AS
   * (...) INSERT})}. A function, column or alias spelled like a statement word ({@code SELECT
   * replace(a, 'x', 'y') INTO t}, {@code SELECT (a) copy INTO t}) does not: review found those
   * hid a {@code SELECT ... INTO} from the rule above.
   */
  private static boolean startsStatement(List<Token> t, int j) {
    if (j == 0) {
      return true;
    }
    Token prev = t.get(j - 1);
    if (prev.isOp(";") || prev.isOp("(")) {
      return true;
    }
    if (!prev.isOp(")")) {
      return false;
    }
    int depth = 0;
    for (int m = j - 1; m >= 0; m--) {
      if (t.get(m).isOp(")")) {
        depth++;
      } else if (t.get(m).isOp("(") && --depth == 0) {
        return m > 0 && (t.get(m - 1).isWord("AS") || t.get(m - 1).isWord("MATERIALIZED"));
      }
    }
    return false;
  }

  /**
   * SQL Server table hints that take or keep locks beyond a plain read's: update, exclusive and
   * table locks, and shared locks held to the end of the transaction.
   */
  private static final Set<String> LOCKING_TABLE_HINTS = Set.of("UPDLOCK", "XLOCK", "TABLOCK",
      "TABLOCKX", "HOLDLOCK", "PAGLOCK", "ROWLOCK", "SERIALIZABLE", "REPEATABLEREAD",
      "READCOMMITTEDLOCK");

  /**
   * {@return the first locking hint in the bracketed list opening at {@code open}} (SQL Server's
   * {@code WITH (UPDLOCK, ROWLOCK)}), or null when it holds none ({@code WITH (NOLOCK)})
   */
  private static @Nullable String lockingTableHint(List<Token> t, int open) {
    int depth = 0;
    for (int j = open; j < t.size(); j++) {
      Token k = t.get(j);
      if (k.isOp("(")) {
        depth++;
      } else if (k.isOp(")")) {
        if (--depth == 0) {
          return null;
        }
      } else if (isName(k)
          && LOCKING_TABLE_HINTS.contains(k.value().toUpperCase(Locale.ROOT))) {
        return k.value().toUpperCase(Locale.ROOT);
      }
    }
    return null;
  }

  /**
   * {@return whether KEEP at {@code i} starts DB2's KEEP [UPDATE | EXCLUSIVE | SHARE] LOCKS}: only
   * in an isolation clause, after {@code USE AND} ({@code WITH RR USE AND KEEP ...}) or an
   * isolation level ({@code WITH CS KEEP LOCKS}, IBM i), not a column named keep
   */
  private static boolean keepLocks(List<Token> t, int i) {
    Token before = i > 0 ? t.get(i - 1) : null;
    boolean isolationClause = before != null
        && ((before.isWord("AND") && i > 1 && t.get(i - 2).isWord("USE"))
            || (before.type() == TokenType.WORD && ISOLATION_LEVELS.contains(before.value())));
    if (!isolationClause) {
      return false;
    }
    int j = i + 1;
    if (j < t.size() && (t.get(j).isWord("UPDATE") || t.get(j).isWord("EXCLUSIVE")
        || t.get(j).isWord("SHARE"))) {
      j++;
    }
    return j < t.size() && t.get(j).isWord("LOCKS");
  }

  /** {@return whether the token is a name: a word or a quoted identifier} */
  private static boolean isName(Token k) {
    return k.type() == TokenType.WORD || k.type() == TokenType.QUOTED_IDENT;
  }

  /** DB2's isolation levels, as written in a {@code WITH} isolation clause. */
  private static final Set<String> ISOLATION_LEVELS = Set.of("CS", "RS", "RR", "UR");

  private static boolean sequenceAdvance(List<Token> t, int i) {
    if (i > 0 && t.get(i - 1).isOp(".")) {
      return false;
    }
    Token k = t.get(i);
    if (k.isWord("NEXT")) {
      return i + 2 < t.size() && t.get(i + 1).isWord("VALUE") && t.get(i + 2).isWord("FOR");
    }
    return k.isWord("NEXTVAL") && i + 1 < t.size() && t.get(i + 1).isWord("FOR");
  }

  /**
   * GENERIC: the system views of the engines it may front that show other sessions' SQL text
   * ({@link FunctionPolicy#relationAccess(String, String)}), a {@code USE} of a system schema
   * (which makes them reachable without their schema: {@code USE INFORMATION_SCHEMA} on H2), and
   * MySQL's {@code SHOW ENGINE ... STATUS} (the last deadlock's SQL) and {@code SHOW CREATE USER}
   * (the password hash). SNOWFLAKE: the views whose
   * names are refused only under their schema ({@code TELEMETRY.EVENTS}, {@code
   * ACCOUNT_USAGE.SESSIONS}). Refuses and returns true.
   */
  private boolean systemName(List<Token> t, int i, String name, Outcome o, int clause) {
    if (dialect == Dialect.SNOWFLAKE && o.kind == StatementKind.USE
        && nameOf(t.get(i)).equals("SNOWFLAKE") && (i + 1 == t.size() || t.get(i + 1).isOp("."))
        && !t.get(i - 1).isOp(".")) {
      // USE SCHEMA SNOWFLAKE.ACCOUNT_USAGE would make SESSIONS and EVENTS reachable unqualified
      o.problem(Rule.FUNCTION_NOT_ALLOWED, "USE of Snowflake's own database SNOWFLAKE makes its"
          + " views of sessions, logs and other callers' SQL reachable by unqualified names;"
          + " name its views in full instead (SNOWFLAKE.ACCOUNT_USAGE.TABLES)");
      return true;
    }
    if (dialect == Dialect.GENERIC && o.kind == StatementKind.USE
        && functions.systemSchema(name)) {
      o.problem(Rule.FUNCTION_NOT_ALLOWED, "USE of the system schema " + Reasons.quote(name)
          + " makes views of other callers' SQL reachable by unqualified names");
      return true;
    }
    if (dialect == Dialect.GENERIC && o.kind == StatementKind.SHOW && i == 1
        && t.get(i).isWord("ENGINE")) {
      o.problem(Rule.FUNCTION_NOT_ALLOWED, "SHOW ENGINE ... STATUS shows other callers' SQL"
          + " (the last deadlock's statements)");
      return true;
    }
    if (dialect == Dialect.GENERIC && o.kind == StatementKind.SHOW && i == 2
        && t.get(1).isWord("CREATE") && t.get(2).isWord("USER")) {
      o.problem(Rule.FUNCTION_NOT_ALLOWED, "SHOW CREATE USER shows the user's password hash"
          + " (MySQL); SHOW GRANTS shows what a user may do");
      return true;
    }
    int j = i - 1;
    if (j >= 0 && t.get(j).isOp("[")) {
      j--; // [sys].[name]
    }
    if (j < 1 || !t.get(j).isOp(".")) {
      return false;
    }
    j--;
    if (j >= 1 && t.get(j).isOp("]")) {
      j--;
    }
    Token q = t.get(j);
    if (dialect == Dialect.SNOWFLAKE && !snowflakeRelationPosition(t, j, clause)) {
      return false; // a column or a path (SELECT telemetry.events, v:telemetry.events)
    }
    if (isName(q)
        && functions.relationAccess(q.value(), name) == FunctionPolicy.Access.DENIED) {
      qualifiedSystemView(q.value() + "." + name, o);
      return true;
    }
    return false;
  }

  /** Refuses a view denied only under its qualifier ({@code mysql.user}, TELEMETRY.EVENTS). */
  private static void qualifiedSystemView(String shown, Outcome o) {
    o.problem(Rule.FUNCTION_NOT_ALLOWED, "system view " + Reasons.quote(shown)
        + " discloses other callers' SQL, logs, sessions or credentials");
  }

  /**
   * Whether the dotted name whose qualifier is at {@code q} stands where Snowflake reads a
   * relation: after FROM, JOIN, TABLE, a FROM list's comma, or a DESCRIBE (of a VIEW or TABLE).
   */
  private boolean snowflakeRelationPosition(List<Token> t, int q, int clause) {
    int k = q;
    while (k >= 2 && t.get(k - 1).isOp(".")) {
      k -= 2;
    }
    Token before = k > 0 ? t.get(k - 1) : null;
    if (tablePos(before, clause)) {
      return true;
    }
    return before != null && before.type() == TokenType.WORD && switch (before.value()) {
      case "VIEW", "TABLE", "DESCRIBE", "DESC" -> true;
      default -> false;
    };
  }

  /**
   * DuckDB settings reviewed as holding no credential, path or address, that {@code
   * current_setting} may read (settings such as {@code s3_secret_access_key}, {@code http_proxy}
   * or {@code azure_storage_connection_string} hold credentials).
   */
  private static final Set<String> READABLE_SETTINGS = Set.of("THREADS", "WORKER_THREADS",
      "MEMORY_LIMIT", "MAX_MEMORY", "TIMEZONE", "CALENDAR", "DEFAULT_ORDER", "DEFAULT_NULL_ORDER",
      "DEFAULT_COLLATION", "ACCESS_MODE", "SEARCH_PATH", "SCHEMA", "PRESERVE_INSERTION_ORDER",
      "MAX_EXPRESSION_DEPTH", "ENABLE_EXTERNAL_ACCESS", "LOCK_CONFIGURATION",
      "AUTOINSTALL_KNOWN_EXTENSIONS", "AUTOLOAD_KNOWN_EXTENSIONS", "ALLOW_COMMUNITY_EXTENSIONS",
      "ENABLE_LOGGING", "ENABLE_PROGRESS_BAR", "ERRORS_AS_JSON", "INTEGER_DIVISION",
      "ORDERED_AGGREGATE_THRESHOLD", "PIVOT_LIMIT", "PIVOT_FILTER_THRESHOLD",
      "IMMEDIATE_TRANSACTION_MODE", "CHECKPOINT_THRESHOLD", "WAL_AUTOCHECKPOINT",
      "DEFAULT_BLOCK_SIZE", "STORAGE_COMPATIBILITY_VERSION", "EXPLAIN_OUTPUT",
      "ARROW_LARGE_BUFFER_SIZE", "STREAMING_BUFFER_SIZE", "DEBUG_ASOF_IEJOIN", "VERSION",
      // what the executor's hardening sets, so that a caller can see it holds
      "LOGGING_STORAGE", "LOGGING_LEVEL", "LOG_QUERY_PATH", "ENABLE_HTTP_LOGGING",
      "ENABLE_PROFILING", "PROFILING_MODE", "PROFILING_OUTPUT");

  /** {@code current_setting('name')} at {@code i}: one literal naming a reviewed setting. */
  private static boolean secretFreeSetting(List<Token> t, int i) {
    if (i + 3 >= t.size() || !t.get(i + 1).isOp("(") || !t.get(i + 3).isOp(")")
        || t.get(i + 2).type() != TokenType.STRING) {
      return false;
    }
    return READABLE_SETTINGS.contains(t.get(i + 2).value().strip()
        .toUpperCase(Locale.ROOT));
  }

  /**
   * Whether a custom setting is one of the per-call session variables a host sets for row
   * access policies ({@code snowchat.app_user}, set and cleared around each call by
   * mcp-adapter): the caller's own identity, which policies and queries read.
   */
  private static boolean callVariable(String name) {
    return name.regionMatches(true, 0, "snowchat.", 0, 9) && name.length() > 9
        && name.indexOf('.', 9) < 0;
  }

  /**
   * PostgreSQL {@code current_setting('name' [, missing_ok])} at {@code i}: one literal naming a
   * reviewed built-in setting ({@link PostgresSettings#readable}; custom settings, {@code
   * prefix.name}, are not) or a per-call session variable ({@link #callVariable}).
   */
  private static boolean builtInSetting(List<Token> t, int i) {
    if (i + 3 >= t.size() || !t.get(i + 1).isOp("(") || t.get(i + 2).type() != TokenType.STRING) {
      return false;
    }
    String name = t.get(i + 2).value().strip();
    if (!callVariable(name) && !PostgresSettings.readable(name)) {
      return false;
    }
    Token after = t.get(i + 3);
    if (after.isOp(")")) {
      return true;
    }
    return after.isOp(",") && i + 5 < t.size()
        && (t.get(i + 4).isWord("TRUE") || t.get(i + 4).isWord("FALSE"))
        && t.get(i + 5).isOp(")");
  }

  /**
   * {@code SHOW} forms that disclose, in {@link Dialect#POSTGRES} and {@link Dialect#GENERIC}:
   * PostgreSQL's {@code SHOW ALL} and {@code SHOW prefix.name} list custom settings, where
   * applications keep keys; CockroachDB's {@code SHOW [CLUSTER | LOCAL] QUERIES | SESSIONS | ...}
   * and MySQL's {@code SHOW BINLOG | RELAYLOG EVENTS} show other callers' statements.
   *
   * @return the problem, or null ({@code SHOW name} of a built-in setting, any other form)
   */
  private @Nullable String showDisclosure(List<Token> t, int i) {
    if (dialect != Dialect.POSTGRES && dialect != Dialect.GENERIC) {
      return null;
    }
    int j = i + 1;
    if (j >= t.size()) {
      return null;
    }
    String what = nameOf(t.get(j));
    if ((what.equals("CLUSTER") || what.equals("LOCAL")) && j + 1 < t.size()) {
      what = nameOf(t.get(j + 1)); // CockroachDB: SHOW CLUSTER QUERIES, SHOW LOCAL SESSIONS
    }
    if (what.equals("ALL")) {
      return "SHOW ALL lists every setting, custom ones included ('app.key'), where applications"
          + " keep keys and tokens; SHOW one built-in setting instead";
    }
    switch (what) {
      // CockroachDB (PostgreSQL's protocol): running queries and sessions of every caller;
      // MySQL's binary and relay logs: every write's SQL
      case "QUERIES", "SESSIONS", "STATEMENTS", "TRANSACTIONS", "BINLOG", "RELAYLOG" -> {
        return "SHOW " + what + " shows other callers' statements";
      }
      default -> { }
    }
    Token name = t.get(j);
    if (j + 1 == t.size() && isName(name) && name.value().indexOf('.') < 0) {
      // SHOW name: PostgreSQL reads a reviewed setting only; in GENERIC, where SHOW also lists
      // objects (SHOW TABLES), only PostgreSQL's settings known to hold secrets are refused.
      // (a per-call session variable has a dot: not this form)
      boolean refused = dialect == Dialect.POSTGRES
          ? !PostgresSettings.readable(name.value())
          : PostgresSettings.disclosing(name.value());
      return refused ? "SHOW " + Reasons.quote(name.value()) + " is not a reviewed setting:"
          + " settings such as primary_conninfo, archive_command and ssl_passphrase_command hold"
          + " passwords, keys, commands or paths; SHOW work_mem, TimeZone, search_path or"
          + " another reviewed setting instead" : null;
    }
    if (dialect == Dialect.POSTGRES && !postgresShowForm(t, j)) {
      return "SHOW takes one setting's name in PostgreSQL (or TIME ZONE, TRANSACTION ISOLATION"
          + " LEVEL, SESSION AUTHORIZATION)";
    }
    boolean custom;
    if (j + 1 < t.size() && t.get(j + 1).isOp(".")) {
      // SHOW prefix.name, unless exactly SHOW snowchat.name (a per-call session variable)
      custom = !(what.equals("SNOWCHAT") && j + 3 == t.size()
          && callVariable("snowchat." + t.get(j + 2).value()));
    } else {
      // SHOW "prefix.name"
      custom = name.type() != TokenType.WORD && name.value().indexOf('.') >= 0
          && !callVariable(name.value());
    }
    return custom ? "SHOW of a custom setting ('prefix.name'): applications keep keys and tokens"
        + " in them; SHOW a built-in setting instead" : null;
  }

  /**
   * {@return whether the tokens from {@code j} on are one of PostgreSQL's multi-word {@code SHOW}
   * forms, or a custom setting {@code prefix.name} (judged by the caller)}
   */
  private static boolean postgresShowForm(List<Token> t, int j) {
    int n = t.size() - j;
    if (n == 3 && t.get(j + 1).isOp(".")) {
      return true;
    }
    return n == 2 && t.get(j).isWord("TIME") && t.get(j + 1).isWord("ZONE")
        || n == 2 && t.get(j).isWord("SESSION") && t.get(j + 1).isWord("AUTHORIZATION")
        || n == 3 && t.get(j).isWord("TRANSACTION") && t.get(j + 1).isWord("ISOLATION")
            && t.get(j + 2).isWord("LEVEL");
  }

  private static final String OPERATOR_CHARS = "+-*/<>=~!@#%^&|`?";

  /**
   * The operator PostgreSQL reads at token {@code i}: the lexer's operator tokens are the
   * engine's known ones ({@code ###} is three {@code #} tokens), while the engine reads the
   * longest run of operator characters, then drops a trailing {@code +} or {@code -} unless the
   * run holds one of {@code ~ ! @ # % ^ & | ` ?}. Empty when token {@code i} continues a run.
   */
  private static String operatorRun(List<Token> t, int i) {
    if (i > 0 && adjacentOperator(t.get(i - 1), t.get(i))) {
      return "";
    }
    StringBuilder b = new StringBuilder(t.get(i).value());
    for (int j = i + 1; j < t.size() && adjacentOperator(t.get(j - 1), t.get(j)); j++) {
      b.append(t.get(j).value());
    }
    String run = b.toString();
    boolean special = false;
    for (char c : run.toCharArray()) {
      special |= "~!@#%^&|`?".indexOf(c) >= 0;
    }
    while (!special && run.length() > 1 && (run.endsWith("+") || run.endsWith("-"))) {
      run = run.substring(0, run.length() - 1);
    }
    return run;
  }

  private static boolean adjacentOperator(Token a, Token b) {
    return operatorToken(a) && operatorToken(b) && a.end() == b.start();
  }

  /** An operator token, or a '?' (lexed as a parameter) that may be part of one. */
  private static boolean operatorToken(Token k) {
    return (k.type() == TokenType.OP || k.isQuestionMark()) && operatorChars(k.value());
  }

  private static boolean operatorChars(String v) {
    for (int k = 0; k < v.length(); k++) {
      if (OPERATOR_CHARS.indexOf(v.charAt(k)) < 0) {
        return false;
      }
    }
    return !v.isEmpty();
  }

  /**
   * PostgreSQL user code the text reaches without a call, per the engine's catalog: {@code
   * row.f} is {@code f(row)} (attribute notation), and {@code x::t} or {@code CAST(x AS t)} runs
   * the cast's function. Refuses and returns true when the catalog says it has side effects.
   */
  private boolean userCode(List<Token> t, int i, String name, boolean call, int depth,
      Outcome o) {
    Token prev = i > 0 ? t.get(i - 1) : null;
    if (prev == null || call) {
      return false;
    }
    if (prev.isOp(".") && (dialect == Dialect.POSTGRES || dialect == Dialect.GENERIC)
        && functions.attributeDenied(name)) {
      o.problem(Rule.FUNCTION_NOT_ALLOWED, "." + name + " may call the function " + name
          + "(x), which has side effects");
      return true;
    }
    // a typed literal (t '1' is CAST('1' AS t)), or the type after '::' or CAST(x AS, past its
    // qualifiers (::public.t, AS "db"."s"."t")
    boolean typedLiteral = i + 1 < t.size() && t.get(i + 1).type() == TokenType.STRING;
    int j = i - 1;
    while (j >= 2 && t.get(j).isOp(".") && isName(t.get(j - 1))) {
      j -= 2;
    }
    Token before = t.get(j);
    if ((typedLiteral || before.isOp("::") || (before.isWord("AS") && depth > 0))
        && functions.castDenied(name)) {
      o.problem(Rule.FUNCTION_NOT_ALLOWED, "a cast to " + name + " runs a function with side"
          + " effects (the engine's catalog)");
      return true;
    }
    return false;
  }

  /** FROM inside EXTRACT(x FROM y), SUBSTRING(x FROM n), TRIM(x FROM y), ...: not a table. */
  private static final Set<String> FROM_FUNCTIONS = Set.of("EXTRACT", "SUBSTRING", "SUBSTR",
      "TRIM", "POSITION", "OVERLAY", "DATE_PART");

  private static boolean isAscii(Token k) {
    String v = k.value();
    for (int i = 0; i < v.length(); i++) {
      if (v.charAt(i) >= 128) {
        return false;
      }
    }
    return true;
  }

  private static final Set<String> FILE_EXTENSIONS = Set.of("CSV", "TSV",
      "PARQUET", "JSON", "NDJSON", "JSONL", "TXT", "GZ", "ZST", "XLSX", "DB", "DUCKDB", "SQLITE",
      "ARROW", "AVRO", "ORC");

  private static final Set<String> SET_OPERATORS = Set.of("UNION",
      "INTERSECT", "EXCEPT", "MINUS");

  /** After UNION / INTERSECT / EXCEPT / MINUS [ALL | DISTINCT | BY NAME] a query must follow. */
  private void setOperand(List<Token> t, int op, Outcome o) {
    int j = op + 1;
    while (j < t.size() && (t.get(j).isWord("ALL") || t.get(j).isWord("DISTINCT")
        || t.get(j).isWord("BY") || t.get(j).isWord("NAME") || t.get(j).isOp("("))) {
      j++;
    }
    if (j >= t.size()) {
      o.problem(Rule.PARSE_FAILED, t.get(op).value() + " is not followed by a query");
      return;
    }
    Outcome inner = o.part();
    lead(t, j, inner);
    if (inner.rule != null || inner.kind != StatementKind.READ) {
      o.problem(Rule.PARSE_FAILED, t.get(op).value() + " is followed by "
          + Reasons.quote(t.get(j).value()) + ", not by a query");
    }
  }

  /** A WITH clause inside the statement must end in a query too. */
  private void innerWith(List<Token> t, int i, Outcome o) {
    Token prev = t.get(i - 1);
    if (prev.isWord("START") || i + 2 >= t.size()) {
      return; // START WITH of CONNECT BY
    }
    Token a = t.get(i + 1);
    Token b = t.get(i + 2);
    if (a.isWord("ORDINALITY") || a.isWord("OFFSET") || a.isWord("TIME") || a.isWord("LOCAL")) {
      return; // UNNEST(x) WITH ORDINALITY AS t(...), TIMESTAMP WITH TIME ZONE
    }
    boolean cte = a.isWord("RECURSIVE") || (isName(a) && (b.isWord("AS") || b.isOp("(")));
    if (!cte) {
      return;
    }
    Outcome inner = o.part();
    with(t, i, inner);
    if (inner.rule != null) {
      o.problem(inner.rule, inner.detail);
    } else if (inner.kind != StatementKind.READ) {
      if (Keywords.rank(inner.kind) > Keywords.rank(o.kind)) {
        o.kind = inner.kind;
        o.word = inner.word;
      }
    }
  }

  /**
   * A non-ASCII word that upper-cases to a keyword (Turkish dotless i, long s, ...), or that mixes
   * Latin letters with Cyrillic, Greek or other look-alike scripts ({@code DRОP} with a Cyrillic
   * O): both are deceptions, never needed in a real query.
   */
  private static void lookAlike(Token k, Outcome o) {
    String v = k.value();
    boolean latin = false;
    boolean confusable = false;
    for (int i = 0; i < v.length(); ) {
      int cp = v.codePointAt(i);
      i += Character.charCount(cp);
      if (cp >= 128 && !Character.isLetterOrDigit(cp)
          && Character.getType(cp) != Character.NON_SPACING_MARK
          && Character.getType(cp) != Character.COMBINING_SPACING_MARK) {
        // PostgreSQL and DuckDB take any non-ASCII character as part of a name: a fullwidth
        // semicolon, a Greek question mark or a zero-width space inside a word is a deception.
        o.problem(Rule.PARSE_FAILED, String.format(Locale.ROOT, "the word %s holds"
            + " U+%04X, which is not a letter", Reasons.quote(v), cp));
        return;
      }
      if ((cp >= 'A' && cp <= 'Z') || (cp >= 'a' && cp <= 'z')) {
        latin = true;
      } else if (cp >= 128 && Character.isLetter(cp)) {
        Character.UnicodeScript sc = Character.UnicodeScript.of(cp);
        if (sc == Character.UnicodeScript.CYRILLIC || sc == Character.UnicodeScript.GREEK
            || sc == Character.UnicodeScript.ARMENIAN || sc == Character.UnicodeScript.CHEROKEE
            || sc == Character.UnicodeScript.COPTIC) {
          confusable = true;
        }
      }
    }
    if (latin && confusable) {
      o.problem(Rule.PARSE_FAILED, "the word " + Reasons.quote(v) + " mixes Latin letters with"
          + " look-alike letters of another script");
      return;
    }
    StringBuilder b = new StringBuilder(k.value().length());
    for (int i = 0; i < k.value().length(); i++) {
      char c = k.value().charAt(i);
      b.append(c == '\u0130' ? 'I' : c == '\u017F' ? 'S' : c == '\u212A' ? 'K' : c);
    }
    String folded = b.toString();
    if (Keywords.WRITE_ANYWHERE.containsKey(folded) || Keywords.LEADING.containsKey(folded)
        || folded.equals("SELECT") || folded.equals("WITH")) {
      o.problem(Rule.PARSE_FAILED, "the word " + Reasons.quote(k.value())
          + " looks like the keyword " + folded + " but is spelled with non-ASCII letters");
    }
  }

  /** A write word used as a name: {@code t.update}, {@code update.x}, {@code AS update}, ... */
  private boolean identifierContext(@Nullable Token prev, @Nullable Token next) {
    // ':' names a path (Snowflake) or a prefix alias (DuckDB); in SQL Server 'l:' is a label
    // before a statement
    boolean colon = prev != null && prev.isOp(":")
        && (dialect == Dialect.SNOWFLAKE || dialect == Dialect.DUCKDB);
    if (prev != null && (prev.isOp(".") || colon || prev.isOp("::")
        || prev.isWord("AS"))) {
      return true;
    }
    return next != null && (next.isOp(".") || next.isOp("=>"));
  }

  /**
   * The token that decides whether token {@code i} stands in table position: the one before it,
   * or in DuckDB, before a prefix alias ({@code FROM a: 'x.csv'} reads the file as {@code a}),
   * the one before the alias.
   */
  private @Nullable Token tablePrev(List<Token> t, int i) {
    if (i == 0) {
      return null;
    }
    Token prev = t.get(i - 1);
    if ((dialect == Dialect.DUCKDB || dialect == Dialect.GENERIC) && prev.isOp(":") && i >= 3
        && isName(t.get(i - 2))) {
      return t.get(i - 3);
    }
    return prev;
  }

  /**
   * A table position in this dialect: after FROM, JOIN, TABLE, DESCRIBE, SUMMARIZE, a comma of
   * a FROM list, and in DuckDB also after SHOW, PIVOT and UNPIVOT (all of which read files).
   */
  private boolean tablePos(@Nullable Token prev, int clause) {
    if (tablePosition(prev, clause)) {
      return true;
    }
    return dialect == Dialect.DUCKDB && prev != null && prev.type() == TokenType.WORD
        && switch (prev.value()) {
          case "SHOW", "PIVOT", "UNPIVOT", "PIVOT_WIDER", "PIVOT_LONGER" -> true;
          default -> false;
        };
  }

  /**
   * A dotted name in DuckDB table position ({@code data.csv}, {@code "data".csv},
   * {@code main.data.csv}, {@code "/srv/x".parquet}): DuckDB reads it as the file named by the
   * joined parts when no table has that name, so a name whose later part is a file extension, or
   * whose quoted part looks like a path, is checked as a path (relative ones are refused).
   */
  private void dottedFile(List<Token> t, int i, Outcome o) {
    StringBuilder joined = new StringBuilder();
    boolean file = false;
    int j = i;
    while (j < t.size()) {
      Token part = t.get(j);
      boolean quoted = part.type() == TokenType.QUOTED_IDENT;
      if (!quoted && part.type() != TokenType.WORD) {
        break;
      }
      if (joined.length() > 0) {
        joined.append('.');
        if (FILE_EXTENSIONS.contains(part.value().toUpperCase(Locale.ROOT))) {
          file = true;
        }
      }
      if (quoted && looksLikeFile(part.value())) {
        file = true;
      }
      joined.append(quoted ? part.value() : part.value().toLowerCase(Locale.ROOT));
      if (j + 2 < t.size() && t.get(j + 1).isOp(".")) {
        j += 2;
      } else {
        break;
      }
    }
    if (file) {
      // GENERIC may front DuckDB; on another engine such a name is a table, and the reviewer
      // found the plain advice ("query tables instead") wrong there
      path(joined.toString(), "table name " + Reasons.quote(joined.toString())
          + " may be read as a file by DuckDB" + (dialect == Dialect.GENERIC
              ? " (the generic dialect assumes DuckDB may be behind it: for a table of this"
                  + " name on another engine, set the gate's dialect to that engine's)" : "")
          + " and", o);
    }
  }

  private static boolean tablePosition(@Nullable Token prev, int clause) {
    if (prev == null) {
      return false;
    }
    if (prev.type() == TokenType.WORD) {
      return Keywords.TABLE_POSITION.contains(prev.value()) || prev.value().endsWith("JOIN");
    }
    return prev.isOp(",") && clause == IN_FROM;
  }

  private static boolean looksLikeFile(String name) {
    return name.indexOf('.') >= 0 || name.indexOf('/') >= 0 || name.indexOf('\\') >= 0
        || name.indexOf(':') >= 0 || name.indexOf('*') >= 0;
  }

  // ---------------------------------------------------------------- functions and files

  private void relation(String name, Outcome o) {
    int dot = name.lastIndexOf('.');
    if (dot > 0 && functions.relationAccess(name.substring(0, dot), name)
        == FunctionPolicy.Access.DENIED) {
      // a qualified name in one literal (IDENTIFIER('SNOWFLAKE.TELEMETRY.EVENTS'))
      qualifiedSystemView(name, o);
      return;
    }
    if (functions.relationAccess(name) == FunctionPolicy.Access.DENIED) {
      String n = name.strip().toUpperCase(Locale.ROOT);
      String instead = dialect == Dialect.POSTGRES || dialect == Dialect.GENERIC
          ? switch (n.substring(n.lastIndexOf('.') + 1)) {
            case "PG_SETTINGS" -> "; read one built-in setting with SHOW work_mem or"
                + " current_setting('work_mem')";
            case "PG_ROLES", "PG_USER", "PG_AUTHID", "PG_SHADOW" -> "; the current role is"
                + " current_user, and information_schema.enabled_roles lists the roles it has";
            default -> "";
          } : "";
      o.problem(Rule.FUNCTION_NOT_ALLOWED, "system view " + Reasons.quote(name)
          + " discloses other callers' SQL, logs, settings or secrets" + instead);
    }
  }

  /**
   * The relation {@code IDENTIFIER(...)} or {@code TABLE(...)} names, from the argument at
   * {@code i + 2} to the bracket at {@code end}: a literal ({@code '...'} or {@code $$...$$}) is
   * checked as the relation's name; a variable ({@code $v}, {@code :v}, {@code ?}) is the
   * host's; anything else (an expression building the name) cannot be checked and is refused.
   */
  private void namedRelation(List<Token> t, int i, int end, String word, Outcome o) {
    if (end == i + 3) {
      Token a = t.get(i + 2);
      if (a.type() == TokenType.STRING || a.type() == TokenType.DOLLAR_STRING) {
        relation(a.value(), o);
        return;
      }
      if (a.type() == TokenType.VARIABLE) {
        return;
      }
    }
    if (end > i + 2) {
      o.problem(Rule.FUNCTION_NOT_ALLOWED, word + "() names its relation with an expression,"
          + " which cannot be checked; name it with one literal");
    }
  }

  /** A call standing where a table does: {@code FROM f(}, {@code JOIN LATERAL f(}, ... */
  private static boolean calledAsTable(@Nullable Token prev, int clause) {
    return tablePosition(prev, clause) || (prev != null && prev.isWord("LATERAL"));
  }

  /**
   * {@return whether a name before '(' stands where an expression starts, whatever its shape}:
   * right after the ')' of {@code OPERATOR(...)}, {@code DISTINCT ON (...)} or {@code TOP (...)}
   * ({@code SELECT 1 OPERATOR(pg_catalog.+) nextval('s')}), or after {@code AS} in a
   * MATCH_RECOGNIZE's DEFINE list ({@code DEFINE v AS f(x) > 0}). There the alias shapes of
   * {@link #nameNotCall} ({@code ) g(a)}, {@code AS t(a)}) are calls.
   */
  private static boolean startsExpression(@Nullable Token prev, int i, int expressionClose,
      boolean inDefine) {
    return prev != null && ((prev.isOp(")") && expressionClose == i - 1)
        || (prev.isWord("AS") && inDefine));
  }

  /**
   * {@return whether the bracket opened at {@code open} is followed by an expression}: the
   * operand of {@code OPERATOR(schema.op)}, the select list after {@code DISTINCT ON (...)} and
   * after {@code TOP (n)}.
   */
  private static boolean expressionFollows(List<Token> t, int open) {
    if (open == 0) {
      return false;
    }
    Token before = t.get(open - 1);
    return before.isWord("OPERATOR") || before.isWord("TOP")
        || (before.isWord("ON") && open >= 2 && t.get(open - 2).isWord("DISTINCT"));
  }

  /**
   * Judges the call of {@code name} at {@code i} (a name before '('), unless it is no call.
   *
   * @param table the call stands where a table does ({@code FROM f(...)})
   * @param inExpression the name stands where an expression starts ({@link #startsExpression}):
   *     a call whatever its shape, never an alias's column list
   */
  private void function(List<Token> t, int i, String name, Outcome o, boolean table,
      boolean inExpression) {
    String n = name.toUpperCase(Locale.ROOT);
    if (n.equals("IDENTIFIER")) {
      int end = close(t, i + 1, o.budget);
      if (end + 1 < t.size() && t.get(end + 1).isOp("(")) {
        // IDENTIFIER('name')(...) calls a function by name: check the literal name.
        if (end == i + 3 && t.get(i + 2).type() == TokenType.STRING) {
          function(t, end, t.get(i + 2).value(), o, table, false);
        } else {
          o.problem(Rule.FUNCTION_NOT_ALLOWED, "a function named through IDENTIFIER() with a"
              + " variable cannot be checked; call it by name");
        }
      } else {
        // IDENTIFIER('db.sch.view') names a relation: the same views are refused as by name
        namedRelation(t, i, end, "IDENTIFIER", o);
      }
      return;
    }
    if (n.equals("TABLE") && dialect == Dialect.SNOWFLAKE) {
      // Snowflake's TABLE('db.sch.view') names a relation, as IDENTIFIER does
      // (TABLE(f(...)) calls a table function, which the policy judges)
      int end = close(t, i + 1, o.budget);
      if (end > i + 2 && (t.get(i + 2).type() == TokenType.STRING
          || t.get(i + 2).type() == TokenType.DOLLAR_STRING)) {
        namedRelation(t, i, end, "TABLE", o);
      }
      if (o.rule != null) {
        return;
      }
    }
    if (dialect == Dialect.SNOWFLAKE && i >= 2 && t.get(i - 1).isOp("!")) {
      // model!PREDICT(...): a method of an ML model instance, judged by the method allowlist.
      if (functions.modelMethodAccess(name) != FunctionPolicy.Access.ALLOWED) {
        o.problem(Rule.FUNCTION_NOT_ALLOWED, "model method !" + n + " is not a known read-only"
            + " model method (inference, evaluation metrics, training logs); a host that trusts"
            + " it allows it with FunctionPolicy.Builder#allow or the allowFunctions key");
      }
      return;
    }
    if (dialect != Dialect.DUCKDB && dialect != Dialect.SNOWFLAKE
        && lastPart(n).equals("CURRENT_SETTING") && !builtInSetting(t, i)) {
      o.problem(Rule.FUNCTION_NOT_ALLOWED, "current_setting() may only read a reviewed built-in"
          + " setting or a per-call session variable ('snowchat.name') named by a literal"
          + " ('work_mem', 'TimeZone', ...): custom settings ('app.key') are where applications"
          + " keep keys and tokens, and built-in ones such as primary_conninfo, archive_command"
          + " and ssl_passphrase_command hold passwords, keys and commands");
      return;
    }
    if (dialect == Dialect.DUCKDB && lastPart(n).equals("CURRENT_SETTING")
        && !secretFreeSetting(t, i)) {
      o.problem(Rule.FUNCTION_NOT_ALLOWED, "current_setting() may only read a reviewed setting"
          + " named by a literal ('threads', 'memory_limit', 'timezone', ...): settings can hold"
          + " credentials, as duckdb_settings() shows, which is refused");
      return;
    }
    boolean notCall = !inExpression && (nameNotCall(t, i, o) || objectName(t, i, o.kind));
    if (!notCall && dialect == Dialect.GENERIC && (lastPart(n).equals("RAND")
        || lastPart(n).equals("RANDOM")) && i + 2 < t.size() && !t.get(i + 2).isOp(")")) {
      o.problem(Rule.FUNCTION_NOT_ALLOWED, "function " + n + " with an argument re-seeds the"
          + " session's random generator in H2 and SQL Server, as setseed() does");
      return;
    }
    if (!notCall && FunctionPolicy.SEQUENCE_WRITES.contains(lastPart(n))
        && functions.accessAsName(n) != FunctionPolicy.Access.DENIED) {
      // nextval()/setval() advance a sequence: a data write, as Snowflake's seq.NEXTVAL.
      if (Keywords.rank(o.kind) < Keywords.rank(StatementKind.DML)) {
        o.kind = StatementKind.DML;
        o.word = n.toLowerCase(Locale.ROOT) + "() (advances a sequence)";
      }
      return;
    }
    String called = calledName(t, i, name);
    FunctionPolicy.Access access = notCall ? functions.accessAsName(n)
        : functions.access(called, table);
    switch (access) {
      case ALLOWED -> { }
      case DENIED -> o.problem(Rule.FUNCTION_NOT_ALLOWED, (table ? "table function " : "function ")
          + n + " " + functions.denialReason(called));
      case FILE_ACCESS -> fileCall(t, i, n, o);
    }
  }

  /**
   * {@return the name a call at {@code i} stands for, with its qualifiers and quotes as written
   * ({@code db.sch."f"}): Snowflake resolves a qualified or quoted name to a user-defined function,
   * never to a built-in}. For {@code IDENTIFIER('name')(...)} the literal is the name.
   */
  private static String calledName(List<Token> t, int i, String name) {
    Token k = t.get(i);
    if (!isName(k)
        || !k.value().equals(name)) {
      return name;
    }
    StringBuilder b = new StringBuilder(part(k));
    int j = i - 1;
    while (j >= 1 && t.get(j).isOp(".") && isName(t.get(j - 1))) {
      b.insert(0, part(t.get(j - 1)) + ".");
      j -= 2;
    }
    return b.toString();
  }

  private static String part(Token k) {
    return k.type() == TokenType.QUOTED_IDENT ? '"' + k.value().replace("\"", "\"\"") + '"'
        : k.value();
  }

  /** {@return the last dotted part of a name, without quotes} */
  private static String lastPart(String n) {
    String v = n.replace("\"", "");
    return v.substring(v.lastIndexOf('.') + 1);
  }

  /**
   * A (possibly dotted) object name before '(' in a write, where it is a column list or a
   * signature, not a call: {@code INSERT INTO t (a, b)}, {@code COPY INTO db.s.t (a)}, and in DDL
   * {@code CREATE TABLE t (a INT)}, {@code CREATE VIEW v (a) AS ...}, {@code DESCRIBE FUNCTION
   * f(NUMBER)}, {@code DROP PROCEDURE p(VARCHAR)}. Reads never name an object this way, so the
   * function policy still sees every call in them.
   */
  private static boolean objectName(List<Token> t, int i, StatementKind kind) {
    int j = i - 1;
    while (j >= 2 && t.get(j).isOp(".") && isName(t.get(j - 1))) {
      j -= 2;
    }
    if (j < 0) {
      return false;
    }
    Token before = t.get(j);
    if (kind == StatementKind.READ) {
      return false;
    }
    if (before.isWord("FUNCTION") && j >= 1 && (t.get(j - 1).isWord("INTO") || (j >= 2
        && t.get(j - 1).isWord("TABLE") && t.get(j - 2).isWord("INTO")))) {
      // ClickHouse INSERT INTO [TABLE] FUNCTION file('...') / url(...) / s3(...) / remote(...):
      // the rows are written through the table function (a server file, a URL, another
      // server), so it is a call the policy judges, not the name of the table written
      return false;
    }
    if (before.isWord("FUNCTION") || before.isWord("PROCEDURE") || before.isWord("INTO")) {
      return true; // a signature (DESCRIBE FUNCTION f(NUMBER)) or a column list (INTO t (a))
    }
    return kind == StatementKind.DDL && (before.isWord("TABLE") || before.isWord("VIEW")
        || before.isWord("EXISTS"));
  }

  /**
   * A name before '(' that SQL does not read as a call: after {@code AS} or {@code ::} (an alias's
   * column list, a type with a length), after {@code )} (an alias of a table function:
   * {@code f(x) g(a)}), after a Snowflake stage (an alias of a stage: {@code @st t (c1)}), or a CTE
   * name with a column list where {@link #with} parsed a WITH clause. Only there: a name after a
   * comma followed by {@code AS (} is a call elsewhere (PostgreSQL's column definition lists:
   * {@code FROM t, f() AS (a int)}, {@code ROWS FROM (g(), f() AS (a int))}).
   */
  private static boolean nameNotCall(List<Token> t, int i, Outcome o) {
    if (o.isCteName(i)) {
      return true;
    }
    Token prev = i > 0 ? t.get(i - 1) : null;
    return prev != null && (prev.isWord("AS") || prev.isOp("::") || prev.isOp(")")
        || prev.type() == TokenType.STAGE
        // MySQL's index hint: t FORCE INDEX (ix), USE KEY (ix), the list of index names
        || (t.get(i).isWord("INDEX") || t.get(i).isWord("KEY")) && indexHintStarts(t, i - 1));
  }

  private void fileCall(List<Token> t, int i, String n, Outcome o) {
    int open = i + 1;
    int end = close(t, open, o.budget);
    int j = open + 1;
    ArrayList<String> values = new ArrayList<>(2);
    if (j < end && literal(t.get(j))) {
      values.add(t.get(j).value());
      j++;
    } else if (j < end && t.get(j).isOp("[")) {
      j++;
      while (j < end && literal(t.get(j))) {
        values.add(t.get(j).value());
        j++;
        if (t.get(j).isOp(",")) {
          j++;
        } else {
          break;
        }
      }
      if (j < end && t.get(j).isOp("]")) {
        j++;
      } else {
        values.clear();
      }
    }
    if (values.isEmpty() || !(j == end || t.get(j).isOp(","))) {
      o.problem(Rule.FILE_ACCESS, "function " + n + " reads files; its path argument must be"
          + " a string literal (or a list of them) under the path allowlist");
      return;
    }
    for (String v : values) {
      path(v, "function " + n, o);
      if (o.rule != null) {
        return;
      }
    }
    for (int k = j; k < end; k++) {
      if (rejectsOption(t.get(k))) {
        o.problem(Rule.FILE_ACCESS, "function " + n + " with " + t.get(k).value().toLowerCase(
            Locale.ROOT) + " creates tables on the connection (rejected lines, under"
            + " a name that can hide a real table); read with ignore_errors instead");
        return;
      }
    }
    o.fileCalls.add(n);
  }

  /**
   * DuckDB reader options that store rejected lines in (temporary) tables: {@code store_rejects},
   * {@code rejects_table}, {@code rejects_scan}, {@code rejects_limit}.
   */
  static boolean rejectsOption(Token k) {
    return switch (nameOf(k)) {
      case "STORE_REJECTS", "REJECTS_TABLE", "REJECTS_SCAN", "REJECTS_LIMIT" -> true;
      default -> false;
    };
  }

  /** {@return a word's or quoted name's text in upper case (as an option key), else ""} */
  private static String nameOf(Token k) {
    return isName(k)
        ? k.value().strip().toUpperCase(Locale.ROOT) : "";
  }

  private static boolean literal(Token k) {
    return k.type() == TokenType.STRING || k.type() == TokenType.DOLLAR_STRING;
  }

  private void path(String value, String where, Outcome o) {
    if (dialect == Dialect.SNOWFLAKE && value.startsWith("@")) {
      return;
    }
    String problem = paths.check(value);
    if (problem != null) {
      o.problem(Rule.FILE_ACCESS, where + " reads " + problem);
    }
  }

  private static String text(Token k) {
    return k.value();
  }
}
