package dev.snowchat.sqlgate;

import static java.util.Objects.requireNonNull;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What {@link RoleGrantCheck} found about the Snowflake role a gate runs on.
 *
 * @param role the current (primary) role, or null when it could not be read
 * @param secondaryRoles the active secondary roles, which also authorize statements
 * @param rolesChecked every role whose grants were read: the role, its secondary roles and the
 *     roles (and database roles) they inherit
 * @param writeGrants the grants that allow writing, in the order found
 * @param mode the gate's permission mode the grants were checked against
 * @param complete false when some grants could not be read, so the check may miss writes
 * @param notes what could not be checked, secret-free
 */
public record GrantReport(
    @Nullable String role,
    List<String> secondaryRoles,
    List<String> rolesChecked,
    List<Grant> writeGrants,
    PermissionMode mode,
    boolean complete,
    List<String> notes) {

  /** Validates the fields and copies the lists. */
  public GrantReport {
    secondaryRoles = List.copyOf(requireNonNull(secondaryRoles, "secondaryRoles is null"));
    rolesChecked = List.copyOf(requireNonNull(rolesChecked, "rolesChecked is null"));
    writeGrants = List.copyOf(requireNonNull(writeGrants, "writeGrants is null"));
    requireNonNull(mode, "mode is null");
    notes = List.copyOf(requireNonNull(notes, "notes is null"));
  }

  /** {@return true when some grant lets the role write} */
  public boolean canWrite() {
    return !writeGrants.isEmpty();
  }

  /**
   * {@return true when the role's grants fit the mode: a read-only gate on a role that can write,
   * or a check that could not be completed, is not consistent}
   */
  public boolean consistent() {
    return complete && (mode != PermissionMode.READ_ONLY || writeGrants.isEmpty());
  }

  /**
   * One privilege granted to a role, as {@code SHOW GRANTS TO ROLE} lists it.
   *
   * @param privilege the privilege, e.g. {@code INSERT}, {@code CREATE TABLE}, {@code OWNERSHIP}
   * @param grantedOn the object type, e.g. {@code TABLE}, {@code SCHEMA}
   * @param name the object's name, e.g. {@code DB.PUBLIC.ORDERS}
   * @param grantee the role that holds the grant (the checked role or one it inherits)
   */
  public record Grant(String privilege, String grantedOn, String name, String grantee) {
    /** Validates the fields. */
    public Grant {
      requireNonNull(privilege, "privilege is null");
      requireNonNull(grantedOn, "grantedOn is null");
      requireNonNull(name, "name is null");
      requireNonNull(grantee, "grantee is null");
    }

    @Override
    public String toString() {
      return privilege + " on " + grantedOn + " " + name + " (via " + grantee + ")";
    }
  }
}
