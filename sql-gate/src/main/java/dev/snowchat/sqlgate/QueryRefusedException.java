package dev.snowchat.sqlgate;

import static java.util.Objects.requireNonNull;

/**
 * Thrown by {@link GatedExecutor} when the gate refuses a statement. The driver never saw it. The
 * message is the verdict's reason followed by what the gate would allow instead, ready to show a
 * user or a model; the code is {@link GateErrorCode#REFUSED}.
 */
public final class QueryRefusedException extends SnowchatException {
  private static final long serialVersionUID = 1L;

  private final transient Verdict.Blocked verdict;

  /**
   * Creates the exception.
   *
   * @param verdict the gate's refusal
   */
  public QueryRefusedException(Verdict.Blocked verdict) {
    super(GateErrorCode.REFUSED, requireNonNull(verdict, "verdict is null").message());
    this.verdict = verdict;
  }

  /** {@return the gate's refusal: kind, rule, reason and what would be allowed instead} */
  public Verdict.Blocked verdict() {
    return verdict;
  }
}
