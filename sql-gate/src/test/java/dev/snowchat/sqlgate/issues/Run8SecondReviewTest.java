package dev.snowchat.sqlgate.issues;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.sqlgate.Dialect;
import dev.snowchat.sqlgate.PermissionMode;
import dev.snowchat.sqlgate.SqlGate;
import dev.snowchat.sqlgate.StatementKind;
import dev.snowchat.sqlgate.Verdict;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A second review of the eighth red-team run (2026-12-06) found the rule that tells an update of
 * a table named {@code statistics} from {@code UPDATE STATISTICS} (maintenance) wrong in both
 * directions (the executor's findings are in {@code ResultCapsRun8ReviewTest}):
 *
 * <ul>
 *   <li>it stopped at any word that starts a statement, even a column in a join's ON condition,
 *       so MySQL's {@code UPDATE statistics s JOIN t2 ON s.id = t2.id AND start = 1 SET s.a = 1}
 *       (also {@code comment}, {@code load}) was refused as ADMIN in GENERIC read_write;
 *   <li>and it accepted anything else between the table and {@code SET}: {@code UPDATE
 *       STATISTICS t PRINT 'x' SET a = 1}, {@code ... lbl: SET}, {@code ... THROW 1, 'x', 1 SET},
 *       {@code ... IF(1=1) SET}, {@code ... 'x' SET} were DML. Only what an UPDATE's table clause
 *       can hold is walked now.
 * </ul>
 */
class Run8SecondReviewTest {

  @ParameterizedTest
  @ValueSource(strings = {
      "UPDATE statistics s JOIN t2 ON s.id = t2.id AND start = 1 SET s.a = 1",
      "UPDATE statistics s JOIN t2 ON s.id = t2.id AND comment = 'x' SET s.a = 1",
      "UPDATE statistics s JOIN t2 ON s.id = t2.id AND comment IS NULL SET s.a = 1",
      "UPDATE statistics s JOIN t2 ON s.id = t2.id AND load = 1 SET s.a = 1",
      "UPDATE statistics s LEFT OUTER JOIN t2 ON s.end = t2.end SET s.a = 1",
      "UPDATE statistics s JOIN t2 ON (s.id = t2.id AND start = 1) SET s.a = 1",
      "UPDATE statistics s JOIN db.sch.t2 AS x ON x.id = s.id JOIN t3 ON t3.id = x.id"
          + " SET s.a = x.a",
      "UPDATE statistics s CROSS JOIN t2 SET s.a = t2.a",
      "UPDATE statistics s NATURAL JOIN t2 SET s.a = 1",
      "UPDATE statistics s STRAIGHT_JOIN t2 ON s.id = t2.id SET s.a = 1",
      "UPDATE statistics WITH (ROWLOCK) SET a = 1",
      "UPDATE statistics.t SET a = 1", "UPDATE statistics s, `t2` x, t3 SET s.a = 1",
      "UPDATE statistics s JOIN (SELECT id, start FROM t2) x USING (id) SET s.a = x.start",
      "UPDATE statistics AS s SET (a, b) = (1, 2)"})
  void generic_updateOfATableNamedStatistics_throughAnyJoin_isDml(String sql) {
    for (SqlGate g : BothGates.of(Dialect.GENERIC, PermissionMode.READ_WRITE)) {
      Verdict v = g.check(sql);
      assertThat(v.allowed()).as("%s -> %s %s", sql, v.kind(), v.reason()).isTrue();
      assertThat(v.kind()).as(sql).isEqualTo(StatementKind.DML);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"UPDATE STATISTICS t lbl: SET a = 1",
      "UPDATE STATISTICS t PRINT 'x' SET a = 1", "UPDATE STATISTICS t THROW 1,'x',1 SET a = 1",
      "UPDATE STATISTICS t SELECT(1) AS x SET a = 1", "UPDATE STATISTICS t IF(1=1) SET a = 1",
      "UPDATE STATISTICS t 'x' SET a = 1", "UPDATE STATISTICS t ix_a ix_b SET a = 1",
      "UPDATE STATISTICS t (ix_a) SET a = 1", "UPDATE STATISTICS t WITH FULLSCAN SET a = 1",
      "UPDATE STATISTICS t AS SET a = 1", "UPDATE STATISTICS t JOIN SET a = 1",
      "UPDATE STATISTICS t JOIN u ON a = 1; SET a = 1",
      "UPDATE STATISTICS t WITH (x) PRINT 'y' SET a = 1",
      "UPDATE STATISTICS t, PRINT 'x' SET a = 1"})
  void generic_updateStatisticsFollowedByAnythingButATableClause_isAdmin(String sql) {
    Verdict v = BothGates.of(Dialect.GENERIC, PermissionMode.READ_WRITE).get(0).check(sql);
    assertThat(v.allowed()).as("%s -> %s %s", sql, v.kind(), v.reason()).isFalse();
    assertThat(v.kind()).as(sql).isIn(StatementKind.ADMIN, StatementKind.UNKNOWN);
    for (SqlGate g : BothGates.of(Dialect.GENERIC, PermissionMode.READ_WRITE)) {
      assertThat(g.check(sql).allowed()).as(sql).isFalse();
    }
  }
}
