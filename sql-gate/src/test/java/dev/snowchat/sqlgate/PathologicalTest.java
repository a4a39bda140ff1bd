package dev.snowchat.sqlgate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Pathological inputs return promptly (the 5 s bound is only a hang guard). */
class PathologicalTest {
  private static final Duration GUARD = Duration.ofSeconds(5);
  private static final SqlGate SNOW = SqlGate.builder().dialect(Dialect.SNOWFLAKE).build();
  private static final SqlGate DUCK = SqlGate.builder().dialect(Dialect.DUCKDB).build();

  private static Verdict check(SqlGate g, String sql) {
    return assertTimeoutPreemptively(GUARD, () -> g.check(sql));
  }

  @Test
  void tenThousandNestedParentheses_tooComplex() {
    String sql = "SELECT " + "(".repeat(10_000) + "1" + ")".repeat(10_000);
    assertThat(check(SNOW, sql).rule()).isEqualTo(Rule.TOO_COMPLEX);
  }

  @Test
  void oneMegabyte_tooComplex() {
    String sql = "SELECT '" + "x".repeat(1 << 20) + "'";
    assertThat(check(SNOW, sql).rule()).isEqualTo(Rule.TOO_COMPLEX);
  }

  @Test
  void nestedCommentsInDuckDb_tooComplex() {
    String sql = "SELECT 1 " + "/*".repeat(5_000) + "*/".repeat(5_000);
    assertThat(check(DUCK, sql).rule()).isEqualTo(Rule.TOO_COMPLEX);
    assertThat(check(SNOW, sql).rule()).isEqualTo(Rule.LEX_FAILED);
  }

  @Test
  void deepButAllowedNesting_returns() {
    String sql = "SELECT " + "(".repeat(150) + "1" + ")".repeat(150);
    assertThat(check(SNOW, sql).allowed()).isTrue();
  }

  @Test
  void nestedFunctionsAndCases_return() {
    String f = "coalesce(".repeat(50) + "1" + ", 2)".repeat(50);
    assertThat(check(SNOW, "SELECT " + f + " FROM t").allowed()).isTrue();
    String c = "CASE WHEN a = 1 THEN ".repeat(40) + "1" + " END".repeat(40);
    assertThat(check(SNOW, "SELECT " + c + " FROM t").allowed()).isTrue();
  }

  @Test
  void backtrackingPatterns_return() {
    // JSqlParser backtracks for a long time on trailing commas and long IN lists.
    String in = "SELECT * FROM t WHERE a IN (" + "'x', ".repeat(2_000) + "'y',)";
    assertThat(check(SNOW, in).allowed()).isTrue();
    String unions = "SELECT 1 " + "UNION ALL SELECT 1 ".repeat(3_000);
    assertThat(check(SNOW, unions).allowed()).isTrue();
    String wide = "SELECT " + "a + ".repeat(20_000) + "1 FROM t";
    assertThat(check(SNOW, wide).allowed()).isTrue();
    String where = "SELECT 1 FROM t WHERE " + "(a = 1 OR ".repeat(55) + "b = 2"
        + ")".repeat(55);
    assertThat(check(SNOW, where).allowed()).isTrue();
  }

  @Test
  void manyStatements_refusedQuickly() {
    assertThat(check(SNOW, "SELECT 1;".repeat(20_000)).rule())
        .isEqualTo(Rule.MULTIPLE_STATEMENTS);
  }

  /** The shapes of issue 9 item 7, at the default input limit; {@link PathologicalBench} times them. */
  @Test
  void manyFromsInOneParenthesis_linearScan_verdictStands() {
    var shapes = PathologicalBench.shapes();
    for (String name : new String[] {"many FROMs in one parenthesis",
        "many FROMs in one parenthesis (duckdb)", "EXTRACT FROM list in one parenthesis"}) {
      var s = shapes.get(name);
      Verdict v = check(SqlGate.builder().dialect(s.getKey()).build(), s.getValue());
      assertThat(v.rule()).as(name).isEqualTo(Rule.KIND_ALLOWED);
    }
  }

  @Test
  void flowChainAtTheInputLimit_oneParseBudgetForAllParts_verdictStands() {
    for (String name : new String[] {"->> chain of reads", "->> chain of small reads"}) {
      assertThat(check(SNOW, PathologicalBench.shapes().get(name).getValue()).rule()).as(name)
          .isEqualTo(Rule.KIND_ALLOWED);
    }
    String withWrite = PathologicalBench.fill("", "SELECT a, b FROM t ->> ", "DROP TABLE t");
    assertThat(check(SNOW, withWrite).rule()).isEqualTo(Rule.MULTIPLE_STATEMENTS);
    String withFile = PathologicalBench.fill("", "SELECT 1 ->> ",
        "SELECT * FROM read_text('/etc/passwd')");
    assertThat(check(SNOW, withFile).allowed()).isFalse();
  }

  @Test
  void nestedWithAroundAWideSelect_workBudgetSpent_tooComplex() {
    var s = PathologicalBench.shapes().get("190 nested WITH around a wide select");
    assertThat(check(DUCK, s.getValue()).rule()).isEqualTo(Rule.TOO_COMPLEX);
    // The same nesting around a small select stays within the budget.
    StringBuilder small = new StringBuilder();
    for (int i = 0; i < 190; i++) {
      small.append("WITH a").append(i).append(" AS (");
    }
    small.append("SELECT 1").append(") SELECT 1".repeat(190));
    assertThat(check(DUCK, small.toString()).rule()).isEqualTo(Rule.KIND_ALLOWED);
  }

  @Test
  void workBudget_isSharedByAllPartsOfAFlowChain() {
    StringBuilder part = new StringBuilder();
    for (int i = 0; i < 80; i++) {
      part.append("WITH a").append(i).append(" AS (");
    }
    part.append("SELECT ").append("1, ".repeat(1_000)).append('1')
        .append(") SELECT 1".repeat(80));
    assertThat(check(SNOW, part.toString()).rule()).isEqualTo(Rule.KIND_ALLOWED);
    String chain = (part + " ->> ").repeat(34) + part;
    assertThat(chain.length()).isLessThan(SqlGate.DEFAULT_MAX_INPUT_LENGTH);
    assertThat(check(SNOW, chain).rule()).isEqualTo(Rule.TOO_COMPLEX);
  }

  @Test
  void unionsOfParenthesizedWith_return() {
    var s = PathologicalBench.shapes().get("UNION ALL of parenthesized WITH");
    assertThat(check(DUCK, s.getValue()).rule()).isEqualTo(Rule.KIND_ALLOWED);
    var p = PathologicalBench.shapes().get("string continuation chain (postgres)");
    assertThat(check(SqlGate.builder().dialect(Dialect.POSTGRES).build(), p.getValue()).rule())
        .isEqualTo(Rule.KIND_ALLOWED);
  }

  @Test
  void bigStatementUnderLimit_refusedOrAllowed_butReturns() {
    String sql = "SELECT " + "col, ".repeat(40_000) + "x FROM t";
    Verdict v = check(SNOW, sql);
    assertThat(v.rule()).isIn(Rule.KIND_ALLOWED, Rule.TOO_COMPLEX);
  }
}
