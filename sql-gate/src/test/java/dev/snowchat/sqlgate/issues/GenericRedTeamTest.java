package dev.snowchat.sqlgate.issues;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.sqlgate.Dialect;
import dev.snowchat.sqlgate.Rule;
import dev.snowchat.sqlgate.SqlGate;
import dev.snowchat.sqlgate.Verdict;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The fourth red-team run (session 12) on the GENERIC dialect, which fronts H2, MySQL, SQL
 * Server, Oracle, DB2, ClickHouse, Informix, ...: each family it found allowed, at the gate (the
 * engines without a test here come from their documentation), and the legitimate SQL that looks
 * like it and stays allowed. {@code GenericH2Test} runs the H2 families through the executor.
 */
class GenericRedTeamTest {
  private static final SqlGate READ_ONLY = SqlGate.builder().dialect(Dialect.GENERIC).build();

  // ---------------------------------------------------------------- 1. comment syntaxes

  @ParameterizedTest
  @ValueSource(strings = {"SELECT 1 // '\n; DROP TABLE victim --'",
      "SELECT 1 // '\n, FILE_WRITE('hello','/tmp/x.txt') AS w --'", "SELECT 1 // x",
      "SELECT 1 //* c */ 2", "SELECT 6 // 2", "SELECT a FROM t WHERE b = 1 //",
      // Informix comments, JDBC escapes
      "SELECT 1 {'}, sysadmin:task('x') --'}", "SELECT {fn ABS(-1)}", "SELECT 1 }",
      "SELECT {d '2020-01-01'}", "SELECT 1 FROM t {oj t2}",
      // MySQL comments (already refused)
      "SELECT 1 # x", "SELECT 1 /*! , 2 */", "SELECT 1 /*M! , 2 */", "SELECT 1 --x"})
  void commentStartersOfAnyEngine_refused(String sql) {
    assertRefused(READ_ONLY, sql, Rule.LEX_FAILED);
  }

  @ParameterizedTest
  @ValueSource(strings = {"SELECT a / b FROM t", "SELECT '//' AS s", "SELECT '{' AS s, '}' AS t",
      "SELECT 1 /* // { } # */", "SELECT 1 -- // { }\n", "SELECT \"a//b{}\" FROM t",
      "SELECT a / /* c */ b FROM t", "SELECT '{\"a\": 1}' AS j"})
  void slashesAndBracesInsideStringsAndComments_stayReads(String sql) {
    assertThat(READ_ONLY.check(sql).allowed()).as(sql).isTrue();
  }

  // ---------------------------------------------------------------- 2. backslash in names

  @ParameterizedTest
  @ValueSource(strings = {"SELECT `\\` -- `, 1", "SELECT `a\\`` FROM t", "SELECT \"\\\" -- \", 1",
      "SELECT \"a\\b\" FROM t", "SELECT `a\\b` FROM t",
      // a backtick name holding what engines without backtick names read as code
      "SELECT `;` FROM t", "SELECT `a -- b` FROM t", "SELECT `'` FROM t", "SELECT `a/*b` FROM t"})
  void backslashOrCodeInAQuotedName_refused(String sql) {
    assertRefused(READ_ONLY, sql, Rule.LEX_FAILED);
  }

  @ParameterizedTest
  @ValueSource(strings = {"SELECT `a b` FROM t", "SELECT \"a\"\"b\" FROM t",
      "SELECT 'C:\\dir' AS p", "SELECT `x` FROM `t`"})
  void quotedNamesWithoutBackslash_andBackslashInAString_stayReads(String sql) {
    assertThat(READ_ONLY.check(sql).allowed()).as(sql).isTrue();
  }

  private static void assertRefused(SqlGate gate, String sql, Rule rule) {
    Verdict v = gate.check(sql);
    assertThat(v.allowed()).as(gate.dialect() + ": " + sql).isFalse();
    assertThat(v.rule()).as(sql).isEqualTo(rule);
  }
}
