package dev.snowchat.sqlgate.issues;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.sqlgate.Dialect;
import dev.snowchat.sqlgate.PermissionMode;
import dev.snowchat.sqlgate.SqlGate;
import dev.snowchat.sqlgate.StatementKind;
import dev.snowchat.sqlgate.Verdict;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A third review of the eighth red-team run (2026-12-06) found the walk of an UPDATE's table
 * clause ({@link Run8SecondReviewTest}) wrong in both directions (the executor's finding is in
 * {@code ResultCapsRun8ReviewTest}):
 *
 * <ul>
 *   <li>it took any word for a joined table or an alias: {@code UPDATE STATISTICS t
 *       STRAIGHT_JOIN UPDATE t2 SET a = 1} was DML in read_write, in every dialect, where SQL
 *       Server refreshes statistics {@code straight_join} of {@code t} and then runs {@code
 *       UPDATE t2 ...}. A word that starts a statement (in any dialect, or in SQL Server) is no
 *       table and no alias now;
 *   <li>and it refused what an UPDATE's table clause may hold: PostgreSQL's {@code *}, SQLite's
 *       {@code INDEXED BY} and {@code NOT INDEXED}, {@code JOIN LATERAL}, Oracle's {@code
 *       @link} and MySQL's index hints.
 * </ul>
 */
class Run8ThirdReviewTest {

  @ParameterizedTest
  @ValueSource(strings = {"UPDATE STATISTICS t STRAIGHT_JOIN UPDATE t2 SET a = 1",
      "SELECT 1 UPDATE STATISTICS t STRAIGHT_JOIN UPDATE t2 SET a = 1",
      "UPDATE t2 SET a = 1 UPDATE STATISTICS t STRAIGHT_JOIN UPDATE t2 SET a = 1",
      "UPDATE STATISTICS t x UPDATE t2 SET a = 1",
      "UPDATE STATISTICS t STRAIGHT_JOIN UPDATE t2 x SET a = 1",
      "UPDATE STATISTICS t STRAIGHT_JOIN update.t2 SET a = 1",
      "UPDATE STATISTICS t STRAIGHT_JOIN EXEC sp STRAIGHT_JOIN UPDATE t2 SET a = 1",
      "UPDATE STATISTICS t STRAIGHT_JOIN MERGE t2 SET a = 1",
      "UPDATE STATISTICS t STRAIGHT_JOIN DELETE t2 SET a = 1",
      "UPDATE STATISTICS t STRAIGHT_JOIN INSERT t2 SET a = 1",
      "UPDATE STATISTICS t STRAIGHT_JOIN PRINT x SET a = 1",
      "UPDATE STATISTICS t STRAIGHT_JOIN (SELECT 1) UPDATE t2 SET a = 1",
      "UPDATE STATISTICS t STRAIGHT_JOIN (SELECT 1) AS UPDATE SET a = 1",
      "UPDATE STATISTICS t STRAIGHT_JOIN x ON 1 = 1 UPDATE t2 SET a = 1",
      "UPDATE STATISTICS t, UPDATE t2 SET a = 1",
      "UPDATE STATISTICS UPDATE t2 SET a = 1",
      "UPDATE STATISTICS AS UPDATE SET a = 1",
      "UPDATE STATISTICS t IGNORE INDEX (x) STRAIGHT_JOIN UPDATE t2 SET a = 1",
      "UPDATE STATISTICS * STRAIGHT_JOIN UPDATE t2 SET a = 1"})
  void updateStatisticsThenAStatement_isNotDml_inAnyDialect(String sql) {
    for (SqlGate g : BothGates.of(List.of(Dialect.values()), PermissionMode.READ_WRITE)) {
      Verdict v = g.check(sql);
      assertThat(v.allowed()).as("%s -> %s %s", sql, v.kind(), v.reason()).isFalse();
      assertThat(v.kind()).as(sql).isNotEqualTo(StatementKind.DML);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"UPDATE statistics * SET a = 1",
      "UPDATE statistics AS s * SET a = 1", "UPDATE statistics s * SET a = 1",
      "UPDATE statistics INDEXED BY ix SET a = 1", "UPDATE statistics NOT INDEXED SET a = 1",
      "UPDATE statistics AS s INDEXED BY ix SET a = 1",
      "UPDATE statistics s JOIN LATERAL (SELECT 1 x) l ON true SET s.a = 1",
      "UPDATE statistics@remote SET a = 1", "UPDATE statistics@remote.example.com s SET a = 1",
      "UPDATE statistics s FORCE INDEX (PRIMARY) SET s.a = 1",
      "UPDATE statistics s USE INDEX (ix) SET s.a = 1",
      "UPDATE statistics s IGNORE KEY FOR JOIN (ix) SET s.a = 1",
      "UPDATE statistics s USE INDEX (a), IGNORE INDEX FOR ORDER BY (b) SET s.a = 1",
      "UPDATE statistics s JOIN t2 FORCE INDEX (ix) ON s.id = t2.id SET s.a = 1",
      "UPDATE statistics s JOIN load.t2 ON s.id = t2.id SET s.a = 1",
      "UPDATE t FORCE INDEX (PRIMARY) SET a = 1", "SELECT * FROM t USE INDEX (ix)"})
  void generic_updateOfATableNamedStatistics_withHintsOrLinks_isAllowed(String sql) {
    for (SqlGate g : BothGates.of(Dialect.GENERIC, PermissionMode.READ_WRITE)) {
      Verdict v = g.check(sql);
      assertThat(v.allowed()).as("%s -> %s %s", sql, v.kind(), v.reason()).isTrue();
      assertThat(v.kind()).as(sql).isIn(StatementKind.DML, StatementKind.READ);
    }
  }
}
