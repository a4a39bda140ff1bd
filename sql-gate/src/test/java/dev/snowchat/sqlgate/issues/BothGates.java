package dev.snowchat.sqlgate.issues;

import dev.snowchat.sqlgate.Dialect;
import dev.snowchat.sqlgate.PermissionMode;
import dev.snowchat.sqlgate.SqlGate;
import java.util.ArrayList;
import java.util.List;

/**
 * The full gate and the tokens-only gate ({@link SqlGate.Builder#tokensOnly()}) of a dialect and
 * mode: the token analyzer must hold on its own, so the run-8 cases are checked through both.
 */
final class BothGates {
  private BothGates() {}

  /** {@return the full and the tokens-only gate of {@code dialect} in {@code mode}} */
  static List<SqlGate> of(Dialect dialect, PermissionMode mode) {
    return List.of(SqlGate.builder().dialect(dialect).mode(mode).build(),
        SqlGate.builder().dialect(dialect).mode(mode).tokensOnly().build());
  }

  /** {@return the full and the tokens-only gate of each dialect in {@code mode}} */
  static List<SqlGate> of(List<Dialect> dialects, PermissionMode mode) {
    List<SqlGate> gates = new ArrayList<>();
    for (Dialect d : dialects) {
      gates.addAll(of(d, mode));
    }
    return gates;
  }
}
