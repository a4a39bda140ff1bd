package dev.snowchat.sqlgate.internal.classify;

import dev.snowchat.sqlgate.Dialect;
import dev.snowchat.sqlgate.StatementKind;
import java.util.ArrayList;
import java.util.List;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.parser.CCJSqlParser;
import net.sf.jsqlparser.parser.StringProvider;
import net.sf.jsqlparser.statement.DescribeStatement;
import net.sf.jsqlparser.statement.ExplainStatement;
import net.sf.jsqlparser.statement.ShowColumnsStatement;
import net.sf.jsqlparser.statement.ShowStatement;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.UnsupportedStatement;
import net.sf.jsqlparser.statement.UseStatement;
import net.sf.jsqlparser.statement.delete.Delete;
import net.sf.jsqlparser.statement.insert.Insert;
import net.sf.jsqlparser.statement.merge.Merge;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.TableFunction;
import net.sf.jsqlparser.statement.select.WithItem;
import net.sf.jsqlparser.statement.show.ShowIndexStatement;
import net.sf.jsqlparser.statement.show.ShowTablesStatement;
import net.sf.jsqlparser.statement.truncate.Truncate;
import net.sf.jsqlparser.statement.update.Update;
import net.sf.jsqlparser.statement.upsert.Upsert;
import net.sf.jsqlparser.util.TablesNamesFinder;
import org.jspecify.annotations.Nullable;

/**
 * The AST layer: JSqlParser 5.3, parsed on the calling thread (its own {@code parse} starts an
 * executor thread per call, which is slow). A watchdog interrupts the parser after a budget.
 * The walk visits every function call, table function, subquery, WITH item and INTO clause.
 */
final class AstAnalyzer {
  private final Dialect dialect;

  AstAnalyzer(Dialect dialect) {
    this.dialect = dialect;
  }

  /** What the parser made of a statement. */
  static final class Finding {
    StatementKind kind = StatementKind.UNKNOWN;
    String word = "";
    final List<String> functions = new ArrayList<>();
    final List<String> tableFunctions = new ArrayList<>();
    boolean walked;
  }

  /**
   * Parses one statement.
   *
   * @param sql the statement, comments blanked
   * @param deadline the {@link System#nanoTime()} by which the parse must end: the request's
   *     parse budget, shared by all its parts
   * @return the finding, or null when the parser does not understand the statement (or timed
   *     out, or the request's budget is spent)
   */
  @Nullable Finding analyze(String sql, long deadline) {
    long budgetNanos = deadline - System.nanoTime();
    if (budgetNanos <= 0) {
      return null;
    }
    Statement st;
    CCJSqlParser parser = new CCJSqlParser(new StringProvider(sql));
    parser.withAllowComplexParsing(false);
    if (dialect == Dialect.SNOWFLAKE) {
      parser.withBackslashEscapeCharacter(true);
    }
    ParseWatchdog.watch(parser, budgetNanos);
    try {
      st = parser.Statement();
    } catch (Exception | Error e) {
      // ParseException, TokenMgrException (an Error), StackOverflowError: the parser does not
      // understand the statement, so the token analyzer decides alone.
      return null;
    } finally {
      ParseWatchdog.done(parser);
    }
    if (st == null || parser.interrupted || st instanceof UnsupportedStatement) {
      return null;
    }
    Finding f = new Finding();
    classify(st, f);
    return f;
  }

  private void classify(Statement st, Finding f) {
    if (st instanceof Select s) {
      f.kind = StatementKind.READ;
      walk(s, f);
    } else if (st instanceof ExplainStatement e) {
      f.kind = StatementKind.EXPLAIN;
      if (e.getStatement() != null) {
        walk(e.getStatement(), f);
      }
    } else if (st instanceof DescribeStatement) {
      f.kind = StatementKind.DESCRIBE;
    } else if (st instanceof ShowStatement || st instanceof ShowTablesStatement
        || st instanceof ShowColumnsStatement || st instanceof ShowIndexStatement) {
      f.kind = StatementKind.SHOW;
    } else if (st instanceof UseStatement) {
      f.kind = StatementKind.USE;
    } else if (st instanceof Insert || st instanceof Update || st instanceof Delete
        || st instanceof Merge || st instanceof Upsert || st instanceof Truncate) {
      f.kind = StatementKind.DML;
      f.word = st.getClass().getSimpleName().toUpperCase(java.util.Locale.ROOT);
    } else {
      String pkg = st.getClass().getPackageName();
      f.kind = pkg.contains(".create") || pkg.contains(".alter") || pkg.contains(".drop")
          || pkg.contains(".comment") ? StatementKind.DDL : StatementKind.ADMIN;
      f.word = st.getClass().getSimpleName();
    }
  }

  private void walk(Select s, Finding f) {
    Walker w = new Walker(f, dialect != Dialect.SNOWFLAKE);
    try {
      s.accept((net.sf.jsqlparser.statement.StatementVisitor<Void>) w, null);
      f.walked = true;
    } catch (RuntimeException | StackOverflowError e) {
      // Some nodes are unsupported by the finder; the token layer stays authoritative.
      f.walked = false;
    }
  }

  /** Collects functions, INTO clauses and data-modifying WITH items. */
  private static final class Walker extends TablesNamesFinder<Void> {
    private final Finding f;
    // SELECT ... INTO t creates t outside Snowflake (where INTO :v assigns a scripting variable)
    private final boolean intoCreates;

    Walker(Finding f, boolean intoCreates) {
      this.f = f;
      this.intoCreates = intoCreates;
      init(true);
    }

    @Override
    public <S> Void visit(Function function, S context) {
      if (function.getName() != null) {
        f.functions.add(function.getName());
      }
      return super.visit(function, context);
    }

    @Override
    public <S> Void visit(TableFunction tableFunction, S context) {
      Function fn = tableFunction.getFunction();
      if (fn != null && fn.getName() != null) {
        f.tableFunctions.add(fn.getName());
      }
      return super.visit(tableFunction, context);
    }

    @Override
    public <S> Void visit(PlainSelect plainSelect, S context) {
      if ((plainSelect.getIntoTables() != null && !plainSelect.getIntoTables().isEmpty())
          || plainSelect.getIntoTempTable() != null) {
        raise(intoCreates ? StatementKind.DDL : StatementKind.DML,
            intoCreates ? "SELECT ... INTO (creates a table, as CREATE TABLE AS does)"
                : "SELECT ... INTO");
      }
      return super.visit(plainSelect, context);
    }

    @Override
    public <S> Void visit(WithItem<?> withItem, S context) {
      if (withItem.getInsert() != null || withItem.getUpdate() != null
          || withItem.getDelete() != null) {
        raise(StatementKind.DML, "a data-modifying WITH item");
      }
      return super.visit(withItem, context);
    }

    private void raise(StatementKind kind, String word) {
      if (Keywords.rank(f.kind) < Keywords.rank(kind)) {
        f.kind = kind;
        f.word = word;
      }
    }
  }
}
