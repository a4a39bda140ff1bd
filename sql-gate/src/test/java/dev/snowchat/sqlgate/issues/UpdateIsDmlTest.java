package dev.snowchat.sqlgate.issues;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.sqlgate.Dialect;
import dev.snowchat.sqlgate.PermissionMode;
import dev.snowchat.sqlgate.SqlGate;
import dev.snowchat.sqlgate.StatementKind;
import dev.snowchat.sqlgate.Verdict;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Regression: the SET of a leading {@code UPDATE t SET ...} was taken for a session SET, so the
 * statement was classified ADMIN and refused in read_write mode (found by the maven plugin).
 */
class UpdateIsDmlTest {

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void update_isDml_allowedInReadWrite_refusedInReadOnly(Dialect dialect) {
    SqlGate rw = SqlGate.builder().dialect(dialect).mode(PermissionMode.READ_WRITE).build();
    SqlGate ro = SqlGate.builder().dialect(dialect).mode(PermissionMode.READ_ONLY).build();

    for (String sql : new String[] {
        "UPDATE t SET a = 2", "update t set a = 2 where b = 1",
        "UPDATE t SET a = (SELECT max(x) FROM s) WHERE id IN (SELECT id FROM u)"}) {
      Verdict allowed = rw.check(sql);
      assertThat(allowed.kind()).as(sql).isEqualTo(StatementKind.DML);
      assertThat(allowed.allowed()).as(sql).isTrue();
      Verdict refused = ro.check(sql);
      assertThat(refused.allowed()).as(sql).isFalse();
      assertThat(refused.kind()).as(sql).isEqualTo(StatementKind.DML);
    }
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void sessionSet_staysAdmin_inReadWrite(Dialect dialect) {
    SqlGate rw = SqlGate.builder().dialect(dialect).mode(PermissionMode.READ_WRITE).build();

    Verdict v = rw.check("SET x = 1");

    assertThat(v.allowed()).isFalse();
    assertThat(v.kind()).isEqualTo(StatementKind.ADMIN);
  }
}
