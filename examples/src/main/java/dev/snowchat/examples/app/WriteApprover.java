package dev.snowchat.examples.app;

import static java.util.Objects.requireNonNull;

import dev.snowchat.agent.ToolApprover;
import dev.snowchat.sqlgate.PermissionMode;
import dev.snowchat.sqlgate.SqlGate;
import dev.snowchat.sqlgate.StatementKind;
import dev.snowchat.sqlgate.Verdict;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/**
 * Asks the person before a write runs (the reference's roadmap A2): an {@code execute_query}
 * whose SQL the server's gate (same dialect and mode) allows and classifies as anything but a
 * read kind needs approval. In {@code read_only} nothing is asked, because the gate refuses
 * every write and the refusal reaches the person as the tool result. A statement the gate would
 * refuse is not asked about either, for the same reason.
 */
public final class WriteApprover implements ToolApprover {
  private static final Set<StatementKind> READ_KINDS = EnumSet.of(StatementKind.READ,
      StatementKind.SHOW, StatementKind.DESCRIBE, StatementKind.EXPLAIN, StatementKind.USE);

  private final SqlGate gate;

  /**
   * Creates the approver.
   *
   * @param gate the gate the server runs queries through (its dialect and mode)
   */
  public WriteApprover(SqlGate gate) {
    this.gate = requireNonNull(gate, "gate is null");
  }

  @Override
  public boolean requiresApproval(String toolName, Map<String, Object> input) {
    if (gate.mode() == PermissionMode.READ_ONLY || !"execute_query".equals(toolName)) {
      return false;
    }
    if (!(input.get("sql") instanceof String sql)) {
      return false; // the tool refuses a call without SQL
    }
    Verdict v = gate.check(sql);
    return switch (v) {
      case Verdict.Allowed a -> !READ_KINDS.contains(a.kind());
      case Verdict.Blocked b -> false;
    };
  }
}
