package dev.snowchat.sqlgate;

import static java.util.Objects.requireNonNull;

import java.util.EnumSet;
import java.util.Set;
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
 */
public final class SqlGate {
  private final Dialect dialect;
  private final PermissionMode mode;
  private final Set<StatementKind> allowedKinds;

  private SqlGate(Builder b) {
    this.dialect = b.dialect == null ? Dialect.GENERIC : b.dialect;
    this.mode = b.mode == null ? PermissionMode.READ_ONLY : b.mode;
    EnumSet<StatementKind> kinds = EnumSet.noneOf(StatementKind.class);
    kinds.addAll(this.mode.allowedKinds());
    kinds.addAll(b.allow);
    kinds.removeAll(b.deny);
    kinds.remove(StatementKind.UNKNOWN);
    this.allowedKinds = Set.copyOf(kinds);
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
    // Placeholder while the classifier lands: fail closed.
    return Verdict.block(StatementKind.UNKNOWN, Rule.PARSE_FAILED,
        "The classifier is not built yet.", "");
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

  /** Builds a {@link SqlGate}. Each setter may be called once. */
  public static final class Builder {
    private @Nullable Dialect dialect;
    private @Nullable PermissionMode mode;
    private final EnumSet<StatementKind> allow = EnumSet.noneOf(StatementKind.class);
    private final EnumSet<StatementKind> deny = EnumSet.noneOf(StatementKind.class);

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

    /** {@return the gate} */
    public SqlGate build() {
      return new SqlGate(this);
    }
  }
}
