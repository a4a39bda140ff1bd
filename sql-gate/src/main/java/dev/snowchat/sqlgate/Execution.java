package dev.snowchat.sqlgate;

import static java.util.Objects.requireNonNull;

/**
 * What {@link GatedExecutor#run(String, QueryLimits)} did with a statement: ran it ({@link
 * Completed}) or refused it ({@link Refused}: the gate's verdict; the driver never saw the
 * statement). A refusal is a value, not an exception; failures of a statement that ran (the
 * database rejected it, it timed out, no connection) still throw {@link SnowchatException}. Use an
 * exhaustive {@code switch}:
 *
 * <pre>{@code
 * switch (executor.run(sql, limits)) {
 *   case Execution.Completed c -> show(c.result());
 *   case Execution.Refused r -> reply(r.verdict().message());
 * }
 * }</pre>
 */
public sealed interface Execution permits Execution.Completed, Execution.Refused {

  /**
   * Creates the outcome of a statement that ran.
   *
   * @param result the capped result
   * @return the outcome
   */
  static Completed completed(QueryResult result) {
    return new Completed(result);
  }

  /**
   * Creates the outcome of a statement the gate refused.
   *
   * @param verdict the gate's refusal
   * @return the outcome
   */
  static Refused refused(Verdict.Blocked verdict) {
    return new Refused(verdict);
  }

  /**
   * The statement ran.
   *
   * @param result the capped result
   */
  record Completed(QueryResult result) implements Execution {
    /** Validates the field. */
    public Completed {
      requireNonNull(result, "result is null");
    }
  }

  /**
   * The gate refused the statement; it never reached the driver.
   *
   * @param verdict the refusal: kind, rule, reason and what would be allowed instead
   */
  record Refused(Verdict.Blocked verdict) implements Execution {
    /** Validates the field. */
    public Refused {
      requireNonNull(verdict, "verdict is null");
    }
  }
}
