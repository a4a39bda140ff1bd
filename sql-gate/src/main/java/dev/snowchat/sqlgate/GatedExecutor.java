package dev.snowchat.sqlgate;

import static java.util.Objects.requireNonNull;

import dev.snowchat.sqlgate.internal.exec.QueryTagHardening;
import dev.snowchat.sqlgate.internal.exec.StatementRunner;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;

/**
 * Runs SQL against any {@link DataSource}, gated and capped. Immutable and thread-safe.
 *
 * <pre>{@code
 * GatedExecutor executor = GatedExecutor.builder()
 *     .dataSource(pool)
 *     .gate(SqlGate.builder().dialect(Dialect.SNOWFLAKE).build())
 *     .limits(QueryLimits.defaults().withMaxRows(500))
 *     .queryTag("snowchat")
 *     .build();
 * QueryResult r = executor.execute("SELECT * FROM orders");
 * }</pre>
 *
 * <p>For each call: the {@link SqlGate} checks the text first, and a refusal comes back before
 * any connection is borrowed, so the driver never sees it: as a value from {@link #run} ({@link
 * Execution.Refused}), or as a {@link QueryRefusedException} from {@link #execute}.
 * Then a connection is borrowed, its session {@link SessionHardening hardened}, and the statement
 * run exactly as checked (JDBC escape processing off) with the row cap ({@code maxRows + 1} rows
 * fetched to detect truncation), the byte cap (the estimated JSON size of the row values; reading
 * stops at the first row that would pass it) and the timeout: the driver's query timeout plus a
 * watchdog that calls {@link java.sql.Statement#cancel()} at the deadline, which also stops the
 * statement on the server, and aborts the connection if the statement still runs 10 s later. The
 * timeout covers execution and reading the rows.
 *
 * <p>Functions are also judged by the engine's own catalog: on first use the executor reads it
 * once from the data source ({@link FunctionCatalog#read}: PostgreSQL {@code pg_proc}, DuckDB
 * {@code duckdb_functions()}, Snowflake {@code SHOW USER FUNCTIONS IN ACCOUNT} and {@code SHOW
 * EXTERNAL FUNCTIONS}; other engines have none) and checks every statement the gate allows
 * again with the gate {@linkplain SqlGate#withFunctionCatalog extended} by it, so a function the
 * engine marks as side-effecting is refused. In Snowflake the catalog lists only the account's
 * UDFs, so it is read only when the gate refuses a function (a UDF the account holds without
 * external access is then allowed), and a catalog that cannot be read leaves that refusal
 * standing (the built-in list alone decides; the next refusal tries again).
 * {@link Builder#functionCatalog} shares one read; {@link Builder#noFunctionCatalog} turns it
 * off. Not read in {@code full} mode.
 *
 * <p>Failures throw {@link SnowchatException} with a {@link GateErrorCode}; messages carry the
 * database's error text only after control characters are removed, credential-looking values
 * masked, and the text cut to 500 characters.
 */
public final class GatedExecutor {
  private static final Set<StatementKind> READ_KINDS = EnumSet.of(StatementKind.READ,
      StatementKind.SHOW, StatementKind.DESCRIBE, StatementKind.EXPLAIN, StatementKind.USE);

  private final DataSource dataSource;
  private final SqlGate gate;
  private final QueryLimits limits;
  private final SessionHardening hardening;
  private final boolean readCatalog;
  private final Object catalogLock = new Object();
  // The gate extended with the engine's catalog, once read; null until then (or never).
  private volatile @Nullable SqlGate catalogGate;
  private volatile boolean catalogDone;

  private GatedExecutor(DataSource dataSource, SqlGate gate, QueryLimits limits,
      SessionHardening hardening, @Nullable FunctionCatalog catalog, boolean readCatalog) {
    this.dataSource = dataSource;
    this.gate = gate;
    this.limits = limits;
    this.hardening = hardening;
    this.readCatalog = readCatalog && catalog == null && gate.mode() != PermissionMode.FULL;
    if (catalog != null) {
      this.catalogGate = gate.withFunctionCatalog(catalog);
      this.catalogDone = true;
    } else {
      this.catalogDone = !this.readCatalog;
    }
  }

  /** {@return a new builder} */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Gates and runs one statement under the executor's limits.
   *
   * @param sql the statement
   * @return the capped result
   * @throws QueryRefusedException when the gate refuses the statement
   * @throws SnowchatException with a {@link GateErrorCode} when it fails, times out, or the
   *     session cannot be hardened; {@link GateErrorCode#RESULT_TOO_LARGE} when the result's
   *     column names and types pass their cap (see {@link QueryLimits#maxBytes()})
   */
  public QueryResult execute(String sql) {
    return execute(sql, limits);
  }

  /**
   * Gates and runs one statement under per-call limits, which may only tighten the executor's
   * own: a looser value is an error, not silently clamped (use
   * {@code requested.atMost(executor.limits())} to clamp deliberately).
   *
   * @param sql the statement
   * @param limits the limits for this call; each must be at most the executor's
   * @return the capped result
   * @throws IllegalArgumentException when a limit is looser than the executor's
   * @throws QueryRefusedException when the gate refuses the statement
   * @throws SnowchatException with a {@link GateErrorCode} when it fails, times out, or the
   *     session cannot be hardened; {@link GateErrorCode#RESULT_TOO_LARGE} when the result's
   *     column names and types pass their cap (see {@link QueryLimits#maxBytes()})
   */
  public QueryResult execute(String sql, QueryLimits limits) {
    return switch (run(sql, limits)) {
      case Execution.Completed c -> c.result();
      case Execution.Refused r -> throw new QueryRefusedException(r.verdict());
    };
  }

  /**
   * Gates and runs one statement under the executor's limits, reporting a refusal as a value.
   *
   * @param sql the statement
   * @return {@link Execution.Completed} with the capped result, or {@link Execution.Refused}
   *     with the gate's verdict when the gate refuses the statement (the driver never sees it)
   * @throws SnowchatException with a {@link GateErrorCode} when it fails, times out, or the
   *     session cannot be hardened; {@link GateErrorCode#RESULT_TOO_LARGE} when the result's
   *     column names and types pass their cap (see {@link QueryLimits#maxBytes()})
   */
  public Execution run(String sql) {
    return run(sql, limits);
  }

  /**
   * Gates and runs one statement under per-call limits, reporting a refusal as a value. The
   * limits may only tighten the executor's own, as in {@link #execute(String, QueryLimits)}.
   *
   * @param sql the statement
   * @param limits the limits for this call; each must be at most the executor's
   * @return {@link Execution.Completed} with the capped result, or {@link Execution.Refused}
   *     with the gate's verdict when the gate refuses the statement (the driver never sees it)
   * @throws IllegalArgumentException when a limit is looser than the executor's
   * @throws SnowchatException with a {@link GateErrorCode} when it fails, times out, or the
   *     session cannot be hardened; {@link GateErrorCode#RESULT_TOO_LARGE} when the result's
   *     column names and types pass their cap (see {@link QueryLimits#maxBytes()})
   */
  public Execution run(String sql, QueryLimits limits) {
    requireNonNull(sql, "sql is null");
    requireNonNull(limits, "limits is null");
    if (!limits.fitsWithin(this.limits)) {
      throw new IllegalArgumentException("per-call limits " + limits
          + " exceed the executor's limits " + this.limits
          + "; per-call limits may only tighten them (see QueryLimits.atMost)");
    }
    Verdict verdict = gate.check(sql);
    // A function the built-in policy does not know (GENERIC allows only standard functions) may
    // be one the engine's catalog knows as pure: only that refusal is worth a catalog read.
    if (verdict instanceof Verdict.Blocked b
        && !(b.rule() == Rule.FUNCTION_NOT_ALLOWED && readCatalog)) {
      return Execution.refused(b);
    }
    // Snowflake's catalog lists only UDFs, which can only turn a refusal into a call: a statement
    // the bare gate allows needs no catalog read.
    if (!(gate.dialect() == Dialect.SNOWFLAKE && verdict.allowed())) {
      SqlGate withCatalog;
      try {
        withCatalog = catalogGate();
      } catch (SnowchatException e) {
        if (gate.dialect() != Dialect.SNOWFLAKE || !(verdict instanceof Verdict.Blocked b)
            || e.code() != GateErrorCode.HARDENING_FAILED) {
          throw e;
        }
        // Fail closed: the account's UDFs cannot be listed (no privilege, say), so the built-in
        // list alone decides and the refusal stands; the next refused call tries again.
        return Execution.refused(b);
      }
      if (withCatalog != null) {
        verdict = withCatalog.check(sql);
      }
    }
    return switch (verdict) {
      case Verdict.Allowed a -> {
        try {
          yield Execution.completed(
              StatementRunner.run(dataSource, hardening, gate.dialect(), sql, a.kind(), limits,
                  // a gate that allows writes keeps what a read's functions wrote, as
                  // auto-commit did
                  !READ_KINDS.containsAll(gate.allowedKinds())));
        } catch (StatementRunner.DriverRefusal e) {
          // whatever the gate's dialect, a PostgreSQL driver would cut the text apart
          yield Execution.refused(Verdict.block(StatementKind.UNKNOWN,
              Rule.MULTIPLE_STATEMENTS, "Refused: " + e.getMessage() + ".",
              "Send one statement per request, without ';' between them."));
        }
      }
      case Verdict.Blocked b -> Execution.refused(b);
    };
  }

  /**
   * Returns the engine's function catalog this executor checks functions against: the one given
   * to the builder, or the one read from the data source on first use (PostgreSQL
   * {@code pg_proc}, DuckDB {@code duckdb_functions()}, Snowflake {@code SHOW USER FUNCTIONS IN
   * ACCOUNT}), read once and cached.
   *
   * @return the catalog, or empty when the engine has none the gate reads, reading is off, the
   *     mode is {@code full}, or (Snowflake) the account's UDFs cannot be listed right now: the
   *     built-in list alone then decides (fail closed), and the next call tries again
   * @throws SnowchatException when the catalog must be read and cannot be (PostgreSQL, DuckDB),
   *     or the connection fails
   */
  public Optional<FunctionCatalog> functionCatalog() {
    SqlGate g;
    try {
      g = catalogGate();
    } catch (SnowchatException e) {
      if (gate.dialect() == Dialect.SNOWFLAKE && e.code() == GateErrorCode.HARDENING_FAILED) {
        return Optional.empty();
      }
      throw e;
    }
    return g == null ? Optional.empty() : g.functionPolicy().catalog();
  }

  private @Nullable SqlGate catalogGate() {
    if (catalogDone) {
      return catalogGate;
    }
    synchronized (catalogLock) {
      if (!catalogDone) {
        // A failure is thrown and not cached: the next call tries again (fail closed meanwhile).
        Optional<FunctionCatalog> c = StatementRunner.readCatalog(dataSource, hardening,
            gate.dialect());
        catalogGate = c.map(gate::withFunctionCatalog).orElse(null);
        catalogDone = true;
      }
      return catalogGate;
    }
  }

  /** {@return the gate every statement passes first} */
  public SqlGate gate() {
    return gate;
  }

  /** {@return the executor's limits, the ceiling for per-call limits} */
  public QueryLimits limits() {
    return limits;
  }

  /** {@return the hardening applied to every borrowed connection} */
  public SessionHardening hardening() {
    return hardening;
  }

  @Override
  public String toString() {
    return "GatedExecutor{dialect=" + gate.dialect().configName() + ", mode="
        + gate.mode().configName() + ", limits=" + limits + ", hardening=" + hardening + "}";
  }

  /**
   * Builds a {@link GatedExecutor}. Each setter may be called once. The data source and the gate
   * are required. Without {@link #hardening}, the executor uses
   * {@link SessionHardening#forDialect(Dialect, HardeningOptions)} for the gate's dialect,
   * read-only when the gate allows nothing beyond reads, SHOW, DESCRIBE, EXPLAIN and USE, with
   * the limits' timeout as the server-side statement timeout and the {@link #queryTag}.
   */
  public static final class Builder {
    private @Nullable DataSource dataSource;
    private @Nullable SqlGate gate;
    private @Nullable QueryLimits limits;
    private @Nullable SessionHardening hardening;
    private @Nullable String queryTag;
    private @Nullable FunctionCatalog functionCatalog;
    private boolean noCatalog;

    private Builder() {}

    /**
     * Sets the engine's function catalog instead of reading it from the data source on first
     * use (for executors that share one read, or hosts that build it themselves).
     *
     * @param catalog the catalog, of the gate's dialect
     * @return this builder
     * @throws IllegalStateException if it was already set, or catalog reading was turned off
     */
    public Builder functionCatalog(FunctionCatalog catalog) {
      requireNonNull(catalog, "catalog is null");
      if (this.functionCatalog != null) {
        throw new IllegalStateException("functionCatalog was already set to "
            + this.functionCatalog);
      }
      if (noCatalog) {
        throw new IllegalStateException("functionCatalog conflicts with noFunctionCatalog()");
      }
      this.functionCatalog = catalog;
      return this;
    }

    /**
     * Turns off reading the engine's function catalog: functions are judged by the gate's
     * built-in policy alone.
     *
     * @return this builder
     * @throws IllegalStateException if a catalog was set
     */
    public Builder noFunctionCatalog() {
      if (functionCatalog != null) {
        throw new IllegalStateException("noFunctionCatalog conflicts with functionCatalog "
            + functionCatalog);
      }
      noCatalog = true;
      return this;
    }

    /**
     * Sets where connections come from (typically a pool).
     *
     * @param dataSource the data source
     * @return this builder
     * @throws IllegalStateException if it was already set
     */
    public Builder dataSource(DataSource dataSource) {
      requireNonNull(dataSource, "dataSource is null");
      if (this.dataSource != null) {
        throw new IllegalStateException("dataSource was already set to " + this.dataSource);
      }
      this.dataSource = dataSource;
      return this;
    }

    /**
     * Sets the gate every statement passes first; its dialect selects the hardening.
     *
     * @param gate the gate
     * @return this builder
     * @throws IllegalStateException if it was already set
     */
    public Builder gate(SqlGate gate) {
      requireNonNull(gate, "gate is null");
      if (this.gate != null) {
        throw new IllegalStateException("gate was already set to " + this.gate);
      }
      this.gate = gate;
      return this;
    }

    /**
     * Sets the limits; default {@link QueryLimits#defaults()}.
     *
     * @param limits the limits
     * @return this builder
     * @throws IllegalStateException if they were already set
     */
    public Builder limits(QueryLimits limits) {
      requireNonNull(limits, "limits is null");
      if (this.limits != null) {
        throw new IllegalStateException("limits was already set to " + this.limits);
      }
      this.limits = limits;
      return this;
    }

    /**
     * Sets the session hardening, replacing the default one.
     *
     * @param hardening the hardening, e.g. {@link SessionHardening#none()} when the pool's
     *     connection-init does it
     * @return this builder
     * @throws IllegalStateException if it was already set
     */
    public Builder hardening(SessionHardening hardening) {
      requireNonNull(hardening, "hardening is null");
      if (this.hardening != null) {
        throw new IllegalStateException("hardening was already set to " + this.hardening);
      }
      this.hardening = hardening;
      return this;
    }

    /**
     * Sets the Snowflake {@code QUERY_TAG} of every session the executor runs on: part of the
     * default hardening, or, with an explicit {@link #hardening}, an
     * {@code ALTER SESSION SET QUERY_TAG} after it, once per physical connection (overriding a tag
     * that hardening set). Other dialects have no query tag and ignore it.
     *
     * @param queryTag the tag; at most 2000 characters, no control characters
     * @return this builder
     * @throws IllegalArgumentException if the tag is too long or holds control characters
     * @throws IllegalStateException if it was already set
     */
    public Builder queryTag(String queryTag) {
      requireNonNull(queryTag, "queryTag is null");
      HardeningOptions.defaults().withQueryTag(queryTag); // validates
      if (this.queryTag != null) {
        throw new IllegalStateException("queryTag was already set to " + this.queryTag);
      }
      this.queryTag = queryTag;
      return this;
    }

    /**
     * Builds the executor.
     *
     * @return the executor
     * @throws IllegalStateException when the data source or gate is missing
     * @throws IllegalArgumentException when the function catalog is for another dialect
     */
    public GatedExecutor build() {
      if (dataSource == null) {
        throw new IllegalStateException("dataSource is required");
      }
      if (gate == null) {
        throw new IllegalStateException("gate is required");
      }
      QueryLimits l = limits == null ? QueryLimits.defaults() : limits;
      SessionHardening h = hardening;
      if (h == null) {
        boolean readOnly = READ_KINDS.containsAll(gate.allowedKinds());
        h = SessionHardening.forDialect(gate.dialect(), HardeningOptions.defaults()
            .withReadOnly(readOnly)
            .withStatementTimeout(l.timeout())
            .withQueryTag(queryTag));
      } else if (queryTag != null) {
        h = new QueryTagHardening(h, queryTag);
      }
      if (functionCatalog != null && functionCatalog.dialect() != gate.dialect()) {
        throw new IllegalArgumentException("functionCatalog is for " + functionCatalog.dialect()
            + " but the gate's dialect is " + gate.dialect());
      }
      return new GatedExecutor(dataSource, gate, l, h, functionCatalog, !noCatalog);
    }
  }
}
