package dev.snowchat.sqlgate;

import static java.util.Objects.requireNonNull;

import dev.snowchat.sqlgate.internal.exec.RoleGrants;
import java.sql.Connection;
import java.util.Set;

/**
 * The Snowflake start-up check: does the role the gate runs on allow more than the gate? A
 * read-only gate on a role that can write leaves the gate as the only barrier; this check finds
 * that out at start-up and warns or, in strict mode, refuses.
 *
 * <p>It reads {@code SELECT CURRENT_ROLE()} and {@code SELECT CURRENT_SECONDARY_ROLES()}, then
 * {@code SHOW GRANTS TO ROLE} for the role, its active secondary roles, {@code PUBLIC} (which
 * every role inherits) and, transitively, every role and database role they inherit (at most 200
 * roles). A grant allows writing when its
 * privilege is one of {@link #WRITE_PRIVILEGES} or starts with one of
 * {@link #WRITE_PRIVILEGE_PREFIXES}.
 *
 * <pre>{@code
 * try (Connection c = pool.getConnection()) {
 *   GrantReport r = RoleGrantCheck.check(c, PermissionMode.READ_ONLY, strict);
 * }
 * }</pre>
 */
public final class RoleGrantCheck {
  /** Privileges that allow writing data or changing objects. */
  public static final Set<String> WRITE_PRIVILEGES = RoleGrants.WRITE_PRIVILEGES;

  /** Privilege prefixes that allow writing: {@code CREATE ...}, {@code APPLY ...} and others. */
  public static final Set<String> WRITE_PRIVILEGE_PREFIXES = RoleGrants.WRITE_PREFIXES;

  private RoleGrantCheck() {}

  /**
   * Reads the grants of the connection's current role and checks them against the mode. In
   * {@link PermissionMode#READ_ONLY} a role that can write is logged at WARN, or refused when
   * strict; grants that could not be read are logged at WARN, or refused when strict. Other modes
   * only report.
   *
   * @param connection a Snowflake connection with the role the gate will use
   * @param mode the gate's permission mode
   * @param strict refuse instead of warning
   * @return the report
   * @throws SnowchatException with {@link GateErrorCode#PERMISSION_CHECK_FAILED} when strict and
   *     the role can write behind a read-only gate, or its grants could not be read
   */
  public static GrantReport check(Connection connection, PermissionMode mode, boolean strict) {
    requireNonNull(connection, "connection is null");
    requireNonNull(mode, "mode is null");
    return RoleGrants.check(connection, mode, strict);
  }
}
