package dev.snowchat.sqlgate;

import static java.util.Objects.requireNonNull;

import dev.snowchat.sqlgate.internal.classify.Classifier;
import dev.snowchat.sqlgate.internal.classify.PathAllowlist;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.StringJoiner;
import org.jspecify.annotations.Nullable;

/**
 * The statement classifier and permission gate. Immutable and thread-safe.
 *
 * <pre>{@code
 * SqlGate gate = SqlGate.builder()
 *     .dialect(Dialect.SNOWFLAKE)
 *     .mode(PermissionMode.READ_ONLY)
 *     .build();
 * Verdict v = gate.check(sql);   // never throws on any input string
 * }</pre>
 *
 * <p>A request is lexed by the gate's own dialect-aware lexer, split (more than one statement is
 * refused), and classified twice: by a conservative analyzer over the tokens, which is sound on
 * its own, and, where JSqlParser parses the statement, by a walk of its AST. Either layer can only
 * make the verdict stricter. In {@link PermissionMode#READ_ONLY} and {@link
 * PermissionMode#READ_WRITE} the {@link FunctionPolicy} and the file path allowlist apply too.
 */
public final class SqlGate {
  /** The default longest request, in characters (256 KiB). */
  public static final int DEFAULT_MAX_INPUT_LENGTH = 256 * 1024;
  /** The default deepest bracket or comment nesting. */
  public static final int DEFAULT_MAX_NESTING_DEPTH = 200;
  /** The default time budget of one JSqlParser parse of a large statement. */
  public static final Duration DEFAULT_PARSE_TIMEOUT = Duration.ofMillis(20);

  private final Dialect dialect;
  private final PermissionMode mode;
  private final Set<StatementKind> allowedKinds;
  private final FunctionPolicy functionPolicy;
  private final List<Path> allowedPaths;
  private final int maxInputLength;
  private final int maxNestingDepth;
  private final Classifier classifier;
  private final String allowedList;
  private final long parseBudgetMillis;
  private final boolean useParser;

  private SqlGate(Builder b) {
    this.dialect = b.dialect == null ? Dialect.GENERIC : b.dialect;
    this.mode = b.mode == null ? PermissionMode.READ_ONLY : b.mode;
    EnumSet<StatementKind> kinds = EnumSet.noneOf(StatementKind.class);
    kinds.addAll(this.mode.allowedKinds());
    kinds.addAll(b.allow);
    kinds.removeAll(b.deny);
    kinds.remove(StatementKind.UNKNOWN);
    this.allowedKinds = Set.copyOf(kinds);
    this.functionPolicy = b.functionPolicy == null
        ? FunctionPolicy.defaults(this.dialect) : b.functionPolicy;
    this.allowedPaths = List.copyOf(b.paths);
    this.maxInputLength = b.maxInputLength == 0 ? DEFAULT_MAX_INPUT_LENGTH : b.maxInputLength;
    this.maxNestingDepth = b.maxNestingDepth == 0 ? DEFAULT_MAX_NESTING_DEPTH : b.maxNestingDepth;
    Duration budget = b.parseTimeout == null ? DEFAULT_PARSE_TIMEOUT : b.parseTimeout;
    this.parseBudgetMillis = Math.max(1, budget.toMillis());
    this.useParser = !b.tokensOnly;
    this.classifier = new Classifier(dialect, functionPolicy, new PathAllowlist(allowedPaths),
        maxInputLength, maxNestingDepth, parseBudgetMillis, useParser);
    this.allowedList = describe(allowedKinds);
  }

  private SqlGate(SqlGate g, FunctionPolicy policy) {
    this.dialect = g.dialect;
    this.mode = g.mode;
    this.allowedKinds = g.allowedKinds;
    this.functionPolicy = policy;
    this.allowedPaths = g.allowedPaths;
    this.maxInputLength = g.maxInputLength;
    this.maxNestingDepth = g.maxNestingDepth;
    this.parseBudgetMillis = g.parseBudgetMillis;
    this.useParser = g.useParser;
    this.classifier = new Classifier(dialect, policy, new PathAllowlist(allowedPaths),
        maxInputLength, maxNestingDepth, parseBudgetMillis, useParser);
    this.allowedList = g.allowedList;
  }

  /**
   * Returns a gate like this one whose function policy also consults the engine's catalog (see
   * {@link FunctionPolicy#withCatalog}). {@link GatedExecutor} does this itself for PostgreSQL
   * and DuckDB data sources.
   *
   * @param catalog the engine's function catalog, of this gate's dialect
   * @return a new gate
   * @throws IllegalArgumentException if the catalog is for another dialect
   */
  public SqlGate withFunctionCatalog(FunctionCatalog catalog) {
    return new SqlGate(this, functionPolicy.withCatalog(catalog));
  }

  /** {@return a new builder with the defaults: GENERIC dialect, READ_ONLY mode} */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Classifies one request and decides whether it may run. Never throws on any input string.
   *
   * @param sql the request text, possibly holding several statements (which is refused)
   * @return the verdict
   */
  public Verdict check(String sql) {
    Classifier.Result r = classifier.classify(sql, mode != PermissionMode.FULL);
    StatementKind kind = r.kind();
    Rule rule = r.rule();
    if (rule != null && !((rule == Rule.FUNCTION_NOT_ALLOWED || rule == Rule.FILE_ACCESS)
        && kind != StatementKind.UNKNOWN && !allowedKinds.contains(kind))) {
      return Verdict.block(kind, rule, "Refused: " + r.detail() + ".", instead(rule));
    }
    // A statement whose kind the mode refuses is refused for that, the more basic reason, even
    // when a function or file in it would be refused too.
    if (rule == null && allowedKinds.contains(kind)) {
      return Verdict.allow(kind, "Allowed: " + label(kind) + " is allowed in "
          + mode.configName() + " mode.");
    }
    String word = r.word().isEmpty() ? "the statement" : r.word();
    return Verdict.block(kind, Rule.KIND_NOT_ALLOWED, "Refused: " + word + " is " + label(kind)
        + "; " + mode.configName() + " mode allows " + allowedList + ".",
        "Send one " + allowedList + " statement instead.");
  }

  /**
   * Finds the objects a request names: tables and views in table position (at every depth, in
   * subqueries, joins, set operations and CTE bodies), the targets of DML, table functions, the
   * target of {@code USE}, with their name parts as the engine looks them up. Common table
   * expression names and aliases are not objects. Never throws on any input string.
   *
   * <p>Independent of the permission mode: a host that limits what callers may see (a scope)
   * checks these names as well as the {@link #check} verdict, and refuses a request whose
   * references are not {@link ObjectReferences#complete() complete}.
   *
   * <pre>{@code
   * ObjectReferences refs = gate.references("WITH r AS (SELECT * FROM raw.listings) SELECT * FROM r");
   * refs.objects();    // [RELATION raw.listings]   (r is a CTE)
   * refs.complete();   // true
   * }</pre>
   *
   * @param sql the request text
   * @return the objects, and why they may be incomplete
   */
  public ObjectReferences references(String sql) {
    return classifier.references(sql);
  }

  private String instead(Rule rule) {
    return switch (rule) {
      case MULTIPLE_STATEMENTS -> "Send one statement per request, without ';' between them.";
      case EMPTY -> "Send one " + allowedList + " statement.";
      case LEX_FAILED -> "Close every string, quoted name, comment and $$ body; avoid nested"
          + " comments and backslash-escaped quotes.";
      case PARSE_FAILED -> "Send one " + allowedList + " statement in plain " + dialect.configName()
          + " syntax.";
      case FUNCTION_NOT_ALLOWED -> "Leave out the function, system view or setting named in the"
          + " reason; read-only functions and the tables and views that hold data are allowed.";
      case FILE_ACCESS -> allowedPaths.isEmpty()
          ? "Query tables instead; file access is disabled."
          : "Read files only through literal absolute paths under " + allowedPaths + ".";
      case TOO_COMPLEX -> "Send a shorter statement (at most " + maxInputLength
          + " characters, nesting at most " + maxNestingDepth + " deep).";
      case KIND_ALLOWED, KIND_NOT_ALLOWED -> "Send one " + allowedList + " statement instead.";
    };
  }

  private static String label(StatementKind k) {
    return switch (k) {
      case READ -> "a query";
      case SHOW -> "SHOW";
      case DESCRIBE -> "DESCRIBE";
      case EXPLAIN -> "EXPLAIN";
      case USE -> "USE";
      case DML -> "DML";
      case DDL -> "DDL";
      case ADMIN -> "an administrative statement";
      case TRANSFER -> "a data transfer";
      case SCRIPT -> "a script";
      case UNKNOWN -> "not a statement the gate knows";
    };
  }

  private static String describe(Set<StatementKind> kinds) {
    StringJoiner j = new StringJoiner(", ");
    for (StatementKind k : StatementKind.values()) {
      if (kinds.contains(k)) {
        j.add(switch (k) {
          case READ -> "SELECT";
          case SHOW -> "SHOW";
          case DESCRIBE -> "DESCRIBE";
          case EXPLAIN -> "EXPLAIN";
          case USE -> "USE";
          case DML -> "INSERT/UPDATE/DELETE/MERGE/TRUNCATE";
          case TRANSFER -> "COPY/PUT/GET";
          case DDL -> "CREATE/ALTER/DROP";
          case ADMIN -> "GRANT/SET/CALL";
          case SCRIPT -> "scripts";
          case UNKNOWN -> "";
        });
      }
    }
    String s = j.toString();
    return s.isEmpty() ? "nothing" : s;
  }

  /** {@return the dialect} */
  public Dialect dialect() {
    return dialect;
  }

  /** {@return the permission mode} */
  public PermissionMode mode() {
    return mode;
  }

  /** {@return the statement kinds this gate allows, after per-kind overrides} */
  public Set<StatementKind> allowedKinds() {
    return allowedKinds;
  }

  /** {@return the function policy} */
  public FunctionPolicy functionPolicy() {
    return functionPolicy;
  }

  /** {@return the file path allowlist (absolute, normalized roots)} */
  public List<Path> allowedPaths() {
    return allowedPaths;
  }

  /** {@return the longest request accepted, in characters} */
  public int maxInputLength() {
    return maxInputLength;
  }

  /** {@return the deepest bracket or comment nesting accepted} */
  public int maxNestingDepth() {
    return maxNestingDepth;
  }

  @Override
  public String toString() {
    return "SqlGate{dialect=" + dialect.configName() + ", mode=" + mode.configName()
        + ", allowedKinds=" + allowedList + ", paths=" + allowedPaths + "}";
  }

  /** Builds a {@link SqlGate}. Each setter may be called once; {@link #allowPath} may repeat. */
  public static final class Builder {
    private @Nullable Dialect dialect;
    private @Nullable PermissionMode mode;
    private final EnumSet<StatementKind> allow = EnumSet.noneOf(StatementKind.class);
    private final EnumSet<StatementKind> deny = EnumSet.noneOf(StatementKind.class);
    private @Nullable FunctionPolicy functionPolicy;
    private final List<Path> paths = new ArrayList<>();
    private int maxInputLength;
    private int maxNestingDepth;
    private @Nullable Duration parseTimeout;
    private boolean tokensOnly;

    private Builder() {}

    /**
     * Sets the dialect.
     *
     * @param dialect the dialect
     * @return this builder
     * @throws IllegalStateException if the dialect was already set
     */
    public Builder dialect(Dialect dialect) {
      requireNonNull(dialect, "dialect is null");
      if (this.dialect != null) {
        throw new IllegalStateException("dialect was already set to " + this.dialect);
      }
      this.dialect = dialect;
      return this;
    }

    /**
     * Sets the permission mode.
     *
     * @param mode the mode
     * @return this builder
     * @throws IllegalStateException if the mode was already set
     */
    public Builder mode(PermissionMode mode) {
      requireNonNull(mode, "mode is null");
      if (this.mode != null) {
        throw new IllegalStateException("mode was already set to " + this.mode);
      }
      this.mode = mode;
      return this;
    }

    /**
     * Allows a statement kind beyond the mode's defaults.
     *
     * @param kind the kind
     * @return this builder
     * @throws IllegalArgumentException for {@link StatementKind#UNKNOWN}
     * @throws IllegalStateException if the kind was denied
     */
    public Builder allow(StatementKind kind) {
      requireNonNull(kind, "kind is null");
      if (kind == StatementKind.UNKNOWN) {
        throw new IllegalArgumentException("UNKNOWN statements can never be allowed");
      }
      if (deny.contains(kind)) {
        throw new IllegalStateException(kind + " was already denied");
      }
      allow.add(kind);
      return this;
    }

    /**
     * Denies a statement kind the mode would allow.
     *
     * @param kind the kind
     * @return this builder
     * @throws IllegalStateException if the kind was allowed
     */
    public Builder deny(StatementKind kind) {
      requireNonNull(kind, "kind is null");
      if (allow.contains(kind)) {
        throw new IllegalStateException(kind + " was already allowed");
      }
      deny.add(kind);
      return this;
    }

    /**
     * Sets the function policy (default: {@link FunctionPolicy#defaults} of the dialect).
     *
     * @param policy the policy
     * @return this builder
     * @throws IllegalStateException if the policy was already set
     */
    public Builder functionPolicy(FunctionPolicy policy) {
      requireNonNull(policy, "policy is null");
      if (this.functionPolicy != null) {
        throw new IllegalStateException("functionPolicy was already set to "
            + this.functionPolicy);
      }
      this.functionPolicy = policy;
      return this;
    }

    /**
     * Adds a root to the file path allowlist: file readers may read literal paths under it.
     * With no root (the default) every file access is refused.
     *
     * @param root an absolute directory
     * @return this builder
     * @throws IllegalArgumentException if the path is relative, holds {@code ..}, or is the
     *     file-system root
     * @throws IllegalStateException if the root was already added
     */
    public Builder allowPath(Path root) {
      requireNonNull(root, "root is null");
      if (!root.isAbsolute()) {
        throw new IllegalArgumentException("allowPath needs an absolute path, got " + root);
      }
      for (Path p : root) {
        if (p.toString().equals("..")) {
          throw new IllegalArgumentException("allowPath must not contain '..': " + root);
        }
      }
      Path n = root.normalize();
      if (n.getNameCount() == 0) {
        throw new IllegalArgumentException("allowPath must not be the file-system root");
      }
      if (paths.contains(n)) {
        throw new IllegalStateException("path " + n + " was already allowed");
      }
      paths.add(n);
      return this;
    }

    /**
     * Sets the longest request accepted (default {@value #DEFAULT_MAX_INPUT_LENGTH}).
     *
     * @param chars the limit, in characters, at least 1
     * @return this builder
     * @throws IllegalArgumentException if not positive
     * @throws IllegalStateException if already set
     */
    public Builder maxInputLength(int chars) {
      if (chars < 1) {
        throw new IllegalArgumentException("maxInputLength must be positive, got " + chars);
      }
      if (maxInputLength != 0) {
        throw new IllegalStateException("maxInputLength was already set to " + maxInputLength);
      }
      maxInputLength = chars;
      return this;
    }

    /**
     * Sets the deepest bracket or comment nesting accepted (default {@value
     * #DEFAULT_MAX_NESTING_DEPTH}).
     *
     * @param depth the limit, 1 to 10,000
     * @return this builder
     * @throws IllegalArgumentException if out of range
     * @throws IllegalStateException if already set
     */
    public Builder maxNestingDepth(int depth) {
      if (depth < 1 || depth > 10_000) {
        throw new IllegalArgumentException("maxNestingDepth must be 1..10000, got " + depth);
      }
      if (maxNestingDepth != 0) {
        throw new IllegalStateException("maxNestingDepth was already set to " + maxNestingDepth);
      }
      maxNestingDepth = depth;
      return this;
    }

    /**
     * Sets the parser time budget of one {@code check} (default 20 ms), shared by all parts of
     * the request (the statements of a Snowflake {@code ->>} chain). When it runs out the token
     * analyzer, which is sound on its own, decides the rest alone. The token analyzer has a
     * fixed, deterministic work budget of its own; a request that spends it is refused as
     * {@link Rule#TOO_COMPLEX}.
     *
     * @param timeout the budget, 1 ms to 10 s
     * @return this builder
     * @throws IllegalArgumentException if out of range
     * @throws IllegalStateException if already set
     */
    public Builder parseTimeout(Duration timeout) {
      requireNonNull(timeout, "timeout is null");
      if (timeout.toMillis() < 1 || timeout.toMillis() > 10_000) {
        throw new IllegalArgumentException("parseTimeout must be 1 ms..10 s, got " + timeout);
      }
      if (parseTimeout != null) {
        throw new IllegalStateException("parseTimeout was already set to " + parseTimeout);
      }
      parseTimeout = timeout;
      return this;
    }

    /**
     * Skips the JSqlParser layer: the token analyzer, which is sound on its own, decides alone.
     * Faster; the same statements are allowed except where the parser finds more to refuse.
     *
     * @return this builder
     */
    public Builder tokensOnly() {
      tokensOnly = true;
      return this;
    }

    /**
     * {@return the gate}
     *
     * @throws IllegalArgumentException if the function policy is for another dialect
     */
    public SqlGate build() {
      Dialect d = dialect == null ? Dialect.GENERIC : dialect;
      if (functionPolicy != null && functionPolicy.dialect() != d) {
        throw new IllegalArgumentException("functionPolicy is for " + functionPolicy.dialect()
            + " but the gate's dialect is " + d);
      }
      return new SqlGate(this);
    }
  }
}
