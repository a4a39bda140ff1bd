package dev.snowchat.sqlgate;

/**
 * The error codes of the SQL gate's execution path ({@link GatedExecutor}, {@link SessionHardening}
 * and {@link RoleGrantCheck}). Names are stable API: hosts may match on them.
 *
 * <p>{@link #STATEMENT_TIMEOUT} is typed {@link ErrorType#USER}: a query that ran out of time will
 * almost always run out of time again when retried unchanged, so the caller should narrow it (add
 * filters, a {@code LIMIT}, fewer joins) or raise the limit, rather than retry.
 */
public enum GateErrorCode implements ErrorCode {
  /** The gate refused the statement; the driver never saw it. See {@link QueryRefusedException}. */
  REFUSED(ErrorType.USER),
  /** The statement ran past its timeout and was cancelled (on the server too, where possible). */
  STATEMENT_TIMEOUT(ErrorType.USER),
  /** The database rejected or failed the statement (syntax, unknown object, missing privilege). */
  QUERY_FAILED(ErrorType.USER),
  /**
   * The result was too large to return: the driver ran this process out of memory holding the
   * rows it received (pgjdbc reports it as SQL state 53200 caused by an {@link OutOfMemoryError}),
   * or the result's column names and types alone pass their cap, {@link QueryLimits#maxBytes()}
   * or 256 KiB, whichever is larger (a DuckDB PIVOT names its columns by data). The database ran
   * the statement; narrower columns, fewer rows or fewer and shorter-named columns fit.
   */
  RESULT_TOO_LARGE(ErrorType.USER),
  /** The database reported a passing failure (serialization conflict, deadlock, overload). */
  TRANSIENT_FAILURE(ErrorType.TRANSIENT),
  /** No connection could be obtained, or it broke while the statement ran. */
  CONNECTION_FAILED(ErrorType.TRANSIENT),
  /** The database refused the credentials. */
  AUTHENTICATION_FAILED(ErrorType.PERMANENT),
  /** Session hardening could not be applied, so the statement was not run (fail closed). */
  HARDENING_FAILED(ErrorType.PERMANENT),
  /** The role's grants could not be read, or they allow writes behind a read-only gate. */
  PERMISSION_CHECK_FAILED(ErrorType.PERMANENT);

  private final ErrorType type;

  GateErrorCode(ErrorType type) {
    this.type = type;
  }

  @Override
  public ErrorType type() {
    return type;
  }
}
