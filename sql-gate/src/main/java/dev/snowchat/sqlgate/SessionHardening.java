package dev.snowchat.sqlgate;

import static java.util.Objects.requireNonNull;

import dev.snowchat.sqlgate.internal.exec.DialectHardening;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * Locks down a connection's session before a gated statement runs on it: defense in depth behind
 * the gate, so that a statement the gate wrongly allowed still cannot write, read files or load
 * code. {@link GatedExecutor} applies it to every connection it borrows, before the statement.
 *
 * <p>Implementations must be thread-safe, idempotent (applying twice to one connection is
 * harmless) and cheap when the connection is already hardened, since pooled connections are
 * hardened on every borrow. What {@link #forDialect(Dialect, HardeningOptions)} does:
 *
 * <ul>
 *   <li><b>DuckDB</b>: {@code allowed_directories} / {@code allowed_paths} when given, then
 *       {@code enable_external_access=false}, {@code autoinstall_known_extensions=false},
 *       {@code autoload_known_extensions=false}, {@code allow_community_extensions=false} and,
 *       last, {@code lock_configuration=true}. These are database-wide settings: every connection
 *       to that database instance is locked from then on. An already locked database is checked,
 *       not changed; one locked with external access on is refused. Open database files with
 *       {@link DuckDbHardening#readOnlyUrl(java.nio.file.Path)} so writes fail in the engine too.
 *   <li><b>Snowflake</b>, once per physical connection: {@code ALTER SESSION SET
 *       MULTI_STATEMENT_COUNT = 1, ABORT_DETACHED_QUERY = TRUE} plus
 *       {@code STATEMENT_TIMEOUT_IN_SECONDS} and {@code QUERY_TAG} when configured; in read-only
 *       mode also {@code USE SECONDARY ROLES NONE}. Snowflake has no read-only session: the role
 *       is the barrier, which {@link RoleGrantCheck} verifies at start-up.
 *   <li><b>Generic</b>: in read-only mode {@link Connection#setReadOnly(boolean) setReadOnly(true)}
 *       on every borrow (pools reset it); on PostgreSQL also {@code SET SESSION CHARACTERISTICS AS
 *       TRANSACTION READ ONLY} (the driver's read-only flag alone is not enforced in auto-commit)
 *       and {@code statement_timeout} when configured.
 *   <li><b>PostgreSQL</b>: as generic, plus {@code SET standard_conforming_strings = on} on
 *       every borrow, since the gate lexes {@code '...'} with backslashes literal.
 * </ul>
 */
public interface SessionHardening {

  /**
   * Hardens the session of one connection.
   *
   * @param connection the connection, open
   * @param dialect the dialect of the gate the statement passed
   * @throws SQLException when the database refuses a setting; the executor then refuses to run the
   *     statement ({@link GateErrorCode#HARDENING_FAILED})
   * @throws IllegalArgumentException when this hardening was built for another dialect
   */
  void apply(Connection connection, Dialect dialect) throws SQLException;

  /**
   * Hardens the session of one connection for the dialect this hardening was built for, as a
   * pool's connection-init does. {@link #forDialect} and {@link #none()} support it; the default
   * implementation, for hardenings not bound to a dialect, throws.
   *
   * @param connection the connection, open
   * @throws SQLException when the database refuses a setting
   * @throws UnsupportedOperationException when this hardening is not bound to a dialect
   */
  default void apply(Connection connection) throws SQLException {
    throw new UnsupportedOperationException(
        this + " is not bound to a dialect; call apply(connection, dialect)");
  }

  /**
   * Returns the standard hardening for a dialect with {@link HardeningOptions#defaults()}:
   * read-only, no allowed paths, no server-side timeout, no query tag.
   *
   * @param dialect the dialect
   * @return the hardening; thread-safe
   */
  static SessionHardening forDialect(Dialect dialect) {
    return forDialect(dialect, HardeningOptions.defaults());
  }

  /**
   * Returns the standard hardening for a dialect, as described on this interface.
   *
   * @param dialect the dialect
   * @param options what to apply
   * @return the hardening; thread-safe
   */
  static SessionHardening forDialect(Dialect dialect, HardeningOptions options) {
    requireNonNull(dialect, "dialect is null");
    requireNonNull(options, "options is null");
    return new DialectHardening(dialect, options);
  }

  /**
   * Returns a hardening that does nothing, for hosts that harden sessions themselves (for
   * instance in a pool's connection-init SQL) or for tests.
   *
   * @return the no-op hardening
   */
  static SessionHardening none() {
    return NoHardening.INSTANCE;
  }
}

/** The no-op hardening. */
enum NoHardening implements SessionHardening {
  INSTANCE;

  @Override
  public void apply(Connection connection, Dialect dialect) {
    requireNonNull(connection, "connection is null");
    requireNonNull(dialect, "dialect is null");
  }

  @Override
  public void apply(Connection connection) {
    requireNonNull(connection, "connection is null");
  }

  @Override
  public String toString() {
    return "SessionHardening.none()";
  }
}
