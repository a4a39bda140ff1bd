package dev.snowchat.sqlgate.internal.exec;

import dev.snowchat.sqlgate.Dialect;
import dev.snowchat.sqlgate.GateErrorCode;
import dev.snowchat.sqlgate.GrantReport;
import dev.snowchat.sqlgate.PermissionMode;
import dev.snowchat.sqlgate.SnowchatException;
import dev.snowchat.sqlgate.Sql;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The engine of {@link dev.snowchat.sqlgate.RoleGrantCheck}. */
public final class RoleGrants {
  private static final Logger LOG = LoggerFactory.getLogger(RoleGrants.class);

  /** Privileges that allow writing data or changing objects. */
  public static final Set<String> WRITE_PRIVILEGES = Set.of(
      "INSERT", "UPDATE", "DELETE", "TRUNCATE", "OWNERSHIP", "MODIFY", "ALL", "ALL PRIVILEGES",
      "WRITE", "REBUILD", "EVOLVE SCHEMA", "ADD SEARCH OPTIMIZATION");

  /** Privilege prefixes that allow writing. */
  public static final Set<String> WRITE_PREFIXES =
      Set.of("CREATE", "APPLY", "EXECUTE", "MANAGE", "ATTACH");

  static final int MAX_ROLES = 200;
  private static final int MAX_LISTED = 10;
  private static final Pattern SECONDARY = Pattern.compile("\"roles\"\\s*:\\s*\"([^\"]*)\"");
  private static final Pattern SIMPLE_NAME = Pattern.compile("[A-Za-z0-9_$]+");

  private RoleGrants() {}

  private record RoleRef(boolean databaseRole, String name) {
    String sql() {
      return databaseRole
          ? "SHOW GRANTS TO DATABASE ROLE " + quoteQualified(name)
          : "SHOW GRANTS TO ROLE " + Sql.quoteIdentifier(Dialect.SNOWFLAKE, name);
    }

    String label() {
      return (databaseRole ? "DATABASE ROLE " : "") + name;
    }
  }

  /**
   * Runs the check; see {@link dev.snowchat.sqlgate.RoleGrantCheck#check}.
   *
   * @param c a Snowflake connection
   * @param mode the gate's mode
   * @param strict refuse instead of warning
   * @return the report
   */
  public static GrantReport check(Connection c, PermissionMode mode, boolean strict) {
    List<String> notes = new ArrayList<>();
    String role;
    try {
      role = single(c, "SELECT CURRENT_ROLE()");
    } catch (SQLException e) {
      return incomplete(null, mode, strict, List.of(), List.of(), List.of(),
          "the current role could not be read: " + StatementRunner.describe(e), e);
    }
    if (role == null || role.isBlank()) {
      return incomplete(null, mode, strict, List.of(), List.of(), List.of(),
          "the session has no current role", null);
    }
    List<String> secondary = new ArrayList<>();
    try {
      String json = single(c, "SELECT CURRENT_SECONDARY_ROLES()");
      if (json != null) {
        Matcher m = SECONDARY.matcher(json);
        if (m.find()) {
          for (String r : m.group(1).split(",")) {
            if (!r.isBlank()) {
              secondary.add(r.strip());
            }
          }
        }
      }
    } catch (SQLException e) {
      notes.add("the secondary roles could not be read: " + StatementRunner.describe(e));
    }

    Deque<RoleRef> queue = new ArrayDeque<>();
    Set<RoleRef> seen = new LinkedHashSet<>();
    queue.add(new RoleRef(false, role));
    for (String r : secondary) {
      queue.add(new RoleRef(false, r));
    }
    // Every role inherits PUBLIC without a grant that SHOW GRANTS would list.
    queue.add(new RoleRef(false, "PUBLIC"));
    List<GrantReport.Grant> writes = new ArrayList<>();
    while (!queue.isEmpty()) {
      RoleRef ref = queue.poll();
      if (!seen.add(ref)) {
        continue;
      }
      if (seen.size() > MAX_ROLES) {
        seen.remove(ref);
        notes.add("stopped after " + MAX_ROLES + " roles; the rest of the hierarchy is unchecked");
        break;
      }
      if (ref.databaseRole() && quoteQualifiedOrNull(ref.name()) == null) {
        notes.add("database role " + Texts.untrusted(ref.name()) + " has an unusual name and was"
            + " not checked");
        continue;
      }
      try {
        readGrants(c, ref, queue, writes);
      } catch (SQLException e) {
        notes.add("the grants of " + Texts.untrusted(ref.label()) + " could not be read: "
            + StatementRunner.describe(e));
      }
    }
    List<String> checked = seen.stream().map(RoleRef::label).map(Texts::untrusted).toList();
    GrantReport report = new GrantReport(Texts.untrusted(role), secondary, checked, writes, mode,
        notes.isEmpty(), notes);
    return judge(report, strict, null);
  }

  private static void readGrants(Connection c, RoleRef ref, Deque<RoleRef> queue,
      List<GrantReport.Grant> writes) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(ref.sql())) {
      ResultSetMetaData md = rs.getMetaData();
      int privilege = column(md, "privilege");
      int grantedOn = column(md, "granted_on");
      int name = column(md, "name");
      while (rs.next()) {
        String p = upper(rs.getString(privilege));
        String on = upper(rs.getString(grantedOn));
        String n = rs.getString(name);
        if (n == null) {
          continue;
        }
        if ("USAGE".equals(p) && "ROLE".equals(on)) {
          queue.add(new RoleRef(false, n));
        } else if ("USAGE".equals(p) && "DATABASE_ROLE".equals(on)) {
          queue.add(new RoleRef(true, n));
        } else if (isWrite(p)) {
          writes.add(new GrantReport.Grant(Texts.untrusted(p), Texts.untrusted(on),
              Texts.untrusted(n), Texts.untrusted(ref.label())));
        }
      }
    }
  }

  /**
   * Tells whether a privilege allows writing.
   *
   * @param privilege the privilege as SHOW GRANTS prints it
   * @return true for a write privilege
   */
  static boolean isWrite(String privilege) {
    String p = upper(privilege);
    if (WRITE_PRIVILEGES.contains(p)) {
      return true;
    }
    for (String prefix : WRITE_PREFIXES) {
      if (p.equals(prefix) || p.startsWith(prefix + " ") || p.startsWith(prefix + "_")) {
        return true;
      }
    }
    return false;
  }

  private static GrantReport incomplete(@Nullable String role, PermissionMode mode,
      boolean strict, List<String> secondary, List<String> checked, List<GrantReport.Grant> w,
      String note, @Nullable SQLException cause) {
    GrantReport r = new GrantReport(role, secondary, checked, w, mode, false, List.of(note));
    return judge(r, strict, cause);
  }

  private static GrantReport judge(GrantReport r, boolean strict, @Nullable SQLException cause) {
    if (r.mode() != PermissionMode.READ_ONLY) {
      return r;
    }
    String who = r.role() == null ? "the current role" : "role " + r.role();
    if (r.canWrite()) {
      String listed = r.writeGrants().stream().limit(MAX_LISTED).map(Object::toString)
          .collect(Collectors.joining("; "));
      int more = r.writeGrants().size() - MAX_LISTED;
      String msg = "The gate is read_only but " + who + " can write: " + listed
          + (more > 0 ? "; and " + more + " more" : "")
          + ". Use a role with only SELECT, USAGE, REFERENCES and MONITOR grants.";
      if (strict) {
        throw new SnowchatException(GateErrorCode.PERMISSION_CHECK_FAILED, msg, cause);
      }
      LOG.warn(msg);
    }
    if (!r.complete()) {
      String msg = "The grants of " + who + " could not all be checked against the read_only"
          + " gate: " + String.join("; ", r.notes());
      if (strict) {
        throw new SnowchatException(GateErrorCode.PERMISSION_CHECK_FAILED, msg, cause);
      }
      LOG.warn(msg);
    }
    return r;
  }

  private static @Nullable String single(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      return rs.next() ? rs.getString(1) : null;
    }
  }

  private static int column(ResultSetMetaData md, String name) throws SQLException {
    for (int i = 1; i <= md.getColumnCount(); i++) {
      if (name.equalsIgnoreCase(md.getColumnLabel(i))) {
        return i;
      }
    }
    throw new SQLException("SHOW GRANTS returned no '" + name + "' column");
  }

  private static String upper(@Nullable String s) {
    return s == null ? "" : s.strip().toUpperCase(Locale.ROOT);
  }

  private static String quoteQualified(String name) {
    String q = quoteQualifiedOrNull(name);
    if (q == null) {
      throw new IllegalArgumentException("unusual database role name");
    }
    return q;
  }

  /** {@return DB.ROLE with each part quoted, or null when the name is not two plain parts} */
  private static @Nullable String quoteQualifiedOrNull(String name) {
    String[] parts = name.split("\\.", -1);
    if (parts.length != 2) {
      return null;
    }
    StringBuilder b = new StringBuilder();
    for (String part : parts) {
      if (!SIMPLE_NAME.matcher(part).matches()) {
        return null;
      }
      if (b.length() > 0) {
        b.append('.');
      }
      b.append(Sql.quoteIdentifier(Dialect.SNOWFLAKE, part));
    }
    return b.toString();
  }
}
