package dev.snowchat.sqlgate;

import static java.util.Objects.requireNonNull;

/**
 * The outcome of {@link SqlGate#check(String)}: {@link Allowed} or {@link Blocked}. A refusal is a
 * value, not an exception. Use an exhaustive {@code switch}:
 *
 * <pre>{@code
 * switch (gate.check(sql)) {
 *   case Verdict.Allowed a -> run(sql);
 *   case Verdict.Blocked b -> reply(b.reason() + " " + b.allowedInstead());
 * }
 * }</pre>
 */
public sealed interface Verdict permits Verdict.Allowed, Verdict.Blocked {

  /** {@return true when the statement may run} */
  boolean allowed();

  /** {@return what the statement does, as classified ({@link StatementKind#UNKNOWN} if unsure)} */
  StatementKind kind();

  /** {@return the rule that decided} */
  Rule rule();

  /** {@return a human-readable, secret-free reason for the decision} */
  String reason();

  /**
   * Creates an allowed verdict.
   *
   * @param kind the statement kind
   * @param reason why it is allowed
   * @return the verdict
   */
  static Allowed allow(StatementKind kind, String reason) {
    return new Allowed(kind, reason);
  }

  /**
   * Creates a refusal.
   *
   * @param kind the statement kind, or {@link StatementKind#UNKNOWN}
   * @param rule the rule that refused
   * @param reason what was refused and why
   * @param allowedInstead what the gate would allow instead
   * @return the verdict
   */
  static Blocked block(StatementKind kind, Rule rule, String reason, String allowedInstead) {
    return new Blocked(kind, rule, reason, allowedInstead);
  }

  /**
   * The statement may run.
   *
   * @param kind the statement kind
   * @param reason why it is allowed
   */
  record Allowed(StatementKind kind, String reason) implements Verdict {
    /** Validates the fields. */
    public Allowed {
      requireNonNull(kind, "kind is null");
      requireNonNull(reason, "reason is null");
      if (kind == StatementKind.UNKNOWN) {
        throw new IllegalArgumentException("an UNKNOWN statement is never allowed");
      }
    }

    @Override
    public boolean allowed() {
      return true;
    }

    @Override
    public Rule rule() {
      return Rule.KIND_ALLOWED;
    }
  }

  /**
   * The statement must not run.
   *
   * @param kind the statement kind, or {@link StatementKind#UNKNOWN}
   * @param rule the rule that refused
   * @param reason what was refused and why
   * @param allowedInstead what the gate would allow instead
   */
  record Blocked(StatementKind kind, Rule rule, String reason, String allowedInstead)
      implements Verdict {
    /** Validates the fields. */
    public Blocked {
      requireNonNull(kind, "kind is null");
      requireNonNull(rule, "rule is null");
      requireNonNull(reason, "reason is null");
      requireNonNull(allowedInstead, "allowedInstead is null");
      if (rule == Rule.KIND_ALLOWED) {
        throw new IllegalArgumentException("a Blocked verdict cannot carry rule KIND_ALLOWED");
      }
    }

    @Override
    public boolean allowed() {
      return false;
    }

    /** {@return the reason followed by what would be allowed instead, for a model or a user} */
    public String message() {
      return allowedInstead.isEmpty() ? reason : reason + " " + allowedInstead;
    }
  }
}
