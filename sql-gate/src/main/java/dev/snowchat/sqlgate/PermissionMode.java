package dev.snowchat.sqlgate;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/**
 * What a gate lets through, as in the chat-app reference. Hosts may further allow or deny single
 * {@link StatementKind kinds} on the builder.
 */
public enum PermissionMode {
  /** Reads, SHOW, DESCRIBE, EXPLAIN (of a read) and USE of a database, schema or warehouse. */
  READ_ONLY(EnumSet.of(
      StatementKind.READ, StatementKind.SHOW, StatementKind.DESCRIBE, StatementKind.EXPLAIN,
      StatementKind.USE)),
  /** {@link #READ_ONLY} plus DML and transfers (INSERT, UPDATE, DELETE, MERGE, COPY, PUT). */
  READ_WRITE(EnumSet.of(
      StatementKind.READ, StatementKind.SHOW, StatementKind.DESCRIBE, StatementKind.EXPLAIN,
      StatementKind.USE, StatementKind.DML, StatementKind.TRANSFER)),
  /** Everything that parses: DDL, admin and scripts too. Unknown statements stay refused. */
  FULL(EnumSet.of(
      StatementKind.READ, StatementKind.SHOW, StatementKind.DESCRIBE, StatementKind.EXPLAIN,
      StatementKind.USE, StatementKind.DML, StatementKind.TRANSFER, StatementKind.DDL,
      StatementKind.ADMIN, StatementKind.SCRIPT));

  private final Set<StatementKind> allowed;

  PermissionMode(Set<StatementKind> allowed) {
    this.allowed = Set.copyOf(allowed);
  }

  /** {@return the statement kinds this mode allows by default} */
  public Set<StatementKind> allowedKinds() {
    return allowed;
  }

  /**
   * Parses a mode name as written in configuration ({@code read_only}, {@code read_write},
   * {@code full}), case-insensitively; dashes are accepted for underscores.
   *
   * @param name the mode name
   * @return the mode
   * @throws IllegalArgumentException naming the value and the allowed ones
   */
  public static PermissionMode parse(String name) {
    String n = name.strip().replace('-', '_');
    for (PermissionMode m : values()) {
      if (m.name().equalsIgnoreCase(n)) {
        return m;
      }
    }
    throw new IllegalArgumentException(
        "unknown permission mode '" + name + "'; allowed: read_only, read_write, full");
  }

  /** {@return the lower-case name used in configuration, e.g. {@code read_only}} */
  public String configName() {
    return name().toLowerCase(Locale.ROOT);
  }
}
