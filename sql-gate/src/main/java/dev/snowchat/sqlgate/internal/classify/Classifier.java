package dev.snowchat.sqlgate.internal.classify;

import static java.util.Objects.requireNonNull;

import dev.snowchat.sqlgate.Dialect;
import dev.snowchat.sqlgate.FunctionPolicy;
import dev.snowchat.sqlgate.ObjectReference;
import dev.snowchat.sqlgate.ObjectReferences;
import dev.snowchat.sqlgate.Rule;
import dev.snowchat.sqlgate.StatementKind;
import dev.snowchat.sqlgate.internal.lexer.DriverSplit;
import dev.snowchat.sqlgate.internal.lexer.LexException;
import dev.snowchat.sqlgate.internal.lexer.Lexer;
import dev.snowchat.sqlgate.internal.lexer.Splitter;
import dev.snowchat.sqlgate.internal.lexer.Token;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Lexes, splits and classifies one request: the token analyzer always runs (it is sound on its
 * own); where JSqlParser parses a statement shaped like a read, its AST is walked as well and may
 * only make the verdict stricter. Never throws on any input string.
 */
public final class Classifier {
  /** Statements longer than this skip the AST layer (the token layer alone decides). */
  private static final int AST_MAX_CHARS = 64 * 1024;
  /** Statements nested deeper than this skip the AST layer. */
  private static final int AST_MAX_DEPTH = 60;
  /**
   * The token analyzer's work budget per check, shared by every part of the request: ~30 times
   * the tokens of the largest input, a few tens of milliseconds; linear statements use one step
   * per token and a few more per bracket.
   */
  static final long WORK_BUDGET = 4_000_000;

  /**
   * The classification of a request.
   *
   * @param kind the statement kind
   * @param rule the rule of a refusal decided before the permission mode, or null
   * @param word the word that decided the kind, for messages
   * @param detail what is wrong, when {@code rule} is set
   * @param statements the number of statements found
   */
  public record Result(StatementKind kind, @Nullable Rule rule, String word, String detail,
      int statements) {
    /** Validates the fields. */
    public Result {
      requireNonNull(kind, "kind is null");
      requireNonNull(word, "word is null");
      requireNonNull(detail, "detail is null");
    }
  }

  private final Dialect dialect;
  private final FunctionPolicy functions;
  private final int maxLength;
  private final int maxDepth;
  private final TokenAnalyzer tokens;
  private final @Nullable AstAnalyzer ast;
  private final long parseBudgetNanos;

  /**
   * Creates a classifier.
   *
   * @param dialect the dialect
   * @param functions the function policy
   * @param paths the file path allowlist
   * @param maxLength the longest input accepted, in chars
   * @param maxDepth the deepest bracket nesting accepted
   * @param parseBudgetMillis the JSqlParser time budget of one request, shared by all its parts;
   *     once spent, the token analyzer decides the remaining parts alone
   * @param useParser whether to run the AST layer at all
   */
  public Classifier(Dialect dialect, FunctionPolicy functions, PathAllowlist paths, int maxLength,
      int maxDepth, long parseBudgetMillis, boolean useParser) {
    this.dialect = dialect;
    this.functions = functions;
    this.maxLength = maxLength;
    this.maxDepth = maxDepth;
    this.tokens = new TokenAnalyzer(dialect, functions, paths);
    this.ast = useParser ? new AstAnalyzer(dialect) : null;
    this.parseBudgetNanos = java.util.concurrent.TimeUnit.MILLISECONDS.toNanos(parseBudgetMillis);
  }

  /**
   * Classifies a request.
   *
   * @param sql the request
   * @param enforcePolicy whether to apply the function and file policy
   * @return the result
   */
  public Result classify(@Nullable String sql, boolean enforcePolicy) {
    try {
      return doClassify(sql, enforcePolicy);
    } catch (TokenAnalyzer.Budget.Exhausted e) {
      return new Result(StatementKind.UNKNOWN, Rule.TOO_COMPLEX, "", "the request needs more"
          + " analysis than the gate's budget of " + WORK_BUDGET + " token steps allows"
          + " (deeply nested WITH or bracket structure)", 1);
    } catch (RuntimeException | StackOverflowError e) {
      // A bug must never let a statement through: refuse.
      return new Result(StatementKind.UNKNOWN, Rule.PARSE_FAILED, "",
          "the gate could not analyse the statement (" + e.getClass().getSimpleName() + ")", 1);
    }
  }

  private Result doClassify(@Nullable String sql, boolean enforce) {
    if (sql == null || sql.isEmpty()) {
      return new Result(StatementKind.UNKNOWN, Rule.EMPTY, "", "the request is empty", 0);
    }
    if (sql.length() > maxLength) {
      return new Result(StatementKind.UNKNOWN, Rule.TOO_COMPLEX, "", "the request is "
          + sql.length() + " characters long; the limit is " + maxLength, 1);
    }
    Lexer.Lexed lexed;
    try {
      lexed = Lexer.lex(sql, dialect, maxDepth);
    } catch (LexException e) {
      return new Result(StatementKind.UNKNOWN, e.tooComplex() ? Rule.TOO_COMPLEX : Rule.LEX_FAILED,
          "", e.getMessage(), 1);
    }
    List<Token> all = lexed.tokens();
    List<Splitter.Range> ranges = Splitter.split(all, dialect);
    Work work = new Work(new TokenAnalyzer.Budget(WORK_BUDGET), System.nanoTime()
        + parseBudgetNanos);
    if (ranges.isEmpty()) {
      return new Result(StatementKind.UNKNOWN, Rule.EMPTY, "",
          "the request holds no statement (only comments or semicolons)", 0);
    }
    if (ranges.size() > 1) {
      if (dialect == Dialect.SNOWFLAKE && Splitter.flowChain(all, ranges)) {
        return flow(sql, lexed, ranges, enforce, work);
      }
      return new Result(StatementKind.UNKNOWN, Rule.MULTIPLE_STATEMENTS, "", "the request holds "
          + ranges.size() + " statements (split at ';'"
          + (dialect == Dialect.SNOWFLAKE ? " or '->>'" : "") + ")", ranges.size());
    }
    if (dialect == Dialect.POSTGRES || dialect == Dialect.GENERIC) {
      // the text reaches the server through a driver that may cut it differently (pgjdbc)
      String split = DriverSplit.refusal(sql);
      if (split != null) {
        return new Result(StatementKind.UNKNOWN, Rule.MULTIPLE_STATEMENTS, "", split, 2);
      }
    }
    return one(sql, lexed, ranges.get(0), enforce, work);
  }

  /**
   * One request's budgets, shared by all its parts.
   *
   * @param tokens the token analyzer's work budget
   * @param parseDeadline the {@link System#nanoTime()} after which JSqlParser no longer runs
   */
  private record Work(TokenAnalyzer.Budget tokens, long parseDeadline) {}

  /**
   * A Snowflake flow chain ({@code a ->> b ->> c}) runs as one request: it is allowed only when
   * every part is a read (SELECT, SHOW, DESCRIBE, ...); anything else in it is refused as
   * several statements.
   */
  private Result flow(String sql, Lexer.Lexed lexed, List<Splitter.Range> ranges,
      boolean enforce, Work work) {
    Result last = null;
    for (int i = 0; i < ranges.size(); i++) {
      Result r = one(sql, lexed, ranges.get(i), enforce, work);
      if (r.rule() != null) {
        return new Result(r.kind(), r.rule(), r.word(), "in part " + (i + 1) + " of a ->> chain, "
            + r.detail(), ranges.size());
      }
      if (!Keywords.readFamily(r.kind()) || r.kind() == StatementKind.USE) {
        return new Result(r.kind(), Rule.MULTIPLE_STATEMENTS, r.word(), "part " + (i + 1)
            + " of the ->> chain is " + r.word() + " (" + r.kind() + "); a chain of "
            + ranges.size() + " statements may only hold reads", ranges.size());
      }
      last = r;
    }
    return new Result(StatementKind.READ, null, last == null ? "" : last.word(), "",
        ranges.size());
  }

  private Result one(String sql, Lexer.Lexed lexed, Splitter.Range r, boolean enforce,
      Work work) {
    List<Token> all = lexed.tokens();
    List<Token> stmt = all.subList(r.from(), r.to());
    TokenAnalyzer.Outcome o = tokens.analyze(stmt, enforce, work.tokens());
    if (o.rule != null) {
      return new Result(o.kind, o.rule, o.word, o.detail, 1);
    }
    if (ast == null || !(o.kind == StatementKind.READ || o.kind == StatementKind.EXPLAIN)
        || !ParserFilter.mightParse(stmt, dialect)) {
      return new Result(o.kind, null, o.word, "", 1);
    }
    int start = stmt.get(0).start();
    int end = stmt.get(stmt.size() - 1).end();
    if (end - start > AST_MAX_CHARS || lexed.depth() > AST_MAX_DEPTH) {
      return new Result(o.kind, null, o.word, "", 1);
    }
    AstAnalyzer.Finding f = ast.analyze(blankComments(sql, stmt, lexed.hasComments()),
        work.parseDeadline());
    if (f == null) {
      return new Result(o.kind, null, o.word, "", 1);
    }
    if (!Keywords.readFamily(f.kind)) {
      return new Result(f.kind, null, f.word.isEmpty() ? f.kind.name() : f.word, "", 1);
    }
    if (enforce) {
      List<String> names = new java.util.ArrayList<>(f.functions);
      names.addAll(f.tableFunctions);
      for (int i = 0; i < names.size(); i++) {
        String n = names.get(i);
        switch (functions.access(n, i >= f.functions.size())) {
          case ALLOWED -> { }
          case DENIED -> {
            return new Result(o.kind, Rule.FUNCTION_NOT_ALLOWED, o.word, "function "
                + Reasons.quote(n) + " " + functions.denialReason(n), 1);
          }
          case FILE_ACCESS -> {
            String key = n.replace("\"", "");
            key = key.substring(key.lastIndexOf('.') + 1).toUpperCase(java.util.Locale.ROOT);
            if (!o.fileCalls.contains(key)) {
              return new Result(o.kind, Rule.FILE_ACCESS, o.word, "function " + Reasons.quote(n)
                  + " reads files and its paths could not be checked", 1);
            }
          }
        }
      }
    }
    return new Result(o.kind, null, o.word, "", 1);
  }

  /**
   * Finds the objects a request names (see {@link dev.snowchat.sqlgate.ObjectReferences}). Never
   * throws on any input string: what cannot be analysed is reported as unresolved.
   *
   * @param sql the request
   * @return the objects, and why they may be incomplete
   */
  public ObjectReferences references(@Nullable String sql) {
    try {
      return doReferences(sql);
    } catch (TokenAnalyzer.Budget.Exhausted e) {
      return incomplete("the request needs more analysis than the gate's budget allows");
    } catch (RuntimeException | StackOverflowError e) {
      return incomplete("the gate could not analyse the statement ("
          + e.getClass().getSimpleName() + ")");
    }
  }

  private static ObjectReferences incomplete(String why) {
    return new ObjectReferences(List.of(), List.of(why));
  }

  private ObjectReferences doReferences(@Nullable String sql) {
    if (sql == null || sql.isEmpty()) {
      return incomplete("the request is empty");
    }
    if (sql.length() > maxLength) {
      return incomplete("the request is " + sql.length() + " characters long; the limit is "
          + maxLength);
    }
    Lexer.Lexed lexed;
    try {
      lexed = Lexer.lex(sql, dialect, maxDepth);
    } catch (LexException e) {
      return incomplete(e.getMessage());
    }
    List<Token> all = lexed.tokens();
    List<Splitter.Range> ranges = Splitter.split(all, dialect);
    if (ranges.isEmpty()) {
      return incomplete("the request holds no statement");
    }
    if (ranges.size() > 1 && !(dialect == Dialect.SNOWFLAKE && Splitter.flowChain(all, ranges))) {
      return incomplete("the request holds " + ranges.size() + " statements");
    }
    TokenAnalyzer.Budget budget = new TokenAnalyzer.Budget(WORK_BUDGET);
    java.util.LinkedHashSet<ObjectReference> objects = new java.util.LinkedHashSet<>();
    java.util.LinkedHashSet<String> unresolved = new java.util.LinkedHashSet<>();
    for (Splitter.Range r : ranges) {
      List<Token> stmt = all.subList(r.from(), r.to());
      TokenAnalyzer.Outcome o = tokens.analyze(stmt, false, budget);
      if (o.rule != null) {
        unresolved.add(o.detail);
        continue;
      }
      ReferenceFinder f = new ReferenceFinder(dialect, sql, stmt);
      f.find(o.kind);
      objects.addAll(f.objects());
      unresolved.addAll(f.unresolved());
    }
    return new ObjectReferences(List.copyOf(objects), List.copyOf(unresolved));
  }

  /** The statement's text with comments replaced by spaces, for the parser. */
  private static String blankComments(String sql, List<Token> stmt, boolean hasComments) {
    int start = stmt.get(0).start();
    int end = stmt.get(stmt.size() - 1).end();
    if (!hasComments) {
      return sql.substring(start, end);
    }
    char[] buf = sql.substring(start, end).toCharArray();
    for (int i = 0; i + 1 < stmt.size(); i++) {
      for (int c = stmt.get(i).end(); c < stmt.get(i + 1).start(); c++) {
        buf[c - start] = ' ';
      }
    }
    return new String(buf);
  }
}
