package dev.snowchat.sqlgate.issues;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.sqlgate.Dialect;
import dev.snowchat.sqlgate.SqlGate;
import dev.snowchat.sqlgate.Verdict;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A third red-team run (session 11), at the gate alone (no engine catalog):
 * PostgreSQL reads {@code (x).f} as {@code f(x)} for an argument of any type, so a side-effecting
 * built-in named after a dot runs ({@code (0).lo_create} created a large object through the
 * executor); SQL Server runs a statement after a label ({@code l: SHUTDOWN}) and reads {@code ]]}
 * inside {@code [...]} as a {@code ]}, so the text after it is no string.
 */
class AttributeNotationAndLabelsTest {
  @ParameterizedTest
  @ValueSource(strings = {"SELECT (0).lo_create", "SELECT (0).\"lo_create\"",
      "SELECT (42::int8).pg_advisory_lock", "SELECT (pg_backend_pid()).pg_terminate_backend",
      "SELECT (pg_backend_pid()).pg_cancel_backend", "SELECT ('/etc/hostname').pg_read_file",
      "SELECT ('s').nextval", "SELECT t.set_config FROM t"})
  void postgresAttributeNotation_sideEffectingFunction_refused(String sql) {
    for (Dialect d : new Dialect[] {Dialect.POSTGRES, Dialect.GENERIC}) {
      Verdict v = SqlGate.builder().dialect(d).build().check(sql);
      assertThat(v.allowed()).as("%s: %s", d, sql).isFalse();
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"SELECT t.id, t.name, t.created_at FROM t",
      "SELECT (t).id FROM t", "SELECT t.client_secret_hash FROM t", "SELECT t.random FROM t"})
  void postgresQualifiedColumns_allowed(String sql) {
    assertThat(SqlGate.builder().dialect(Dialect.POSTGRES).build().check(sql).allowed())
        .as(sql).isTrue();
  }

  @ParameterizedTest
  @ValueSource(strings = {"SELECT 1 WHERE 1=1 l: SHUTDOWN WITH NOWAIT",
      "SELECT 1 AS a l: DELETE FROM victim", "SELECT 1 FROM t l: GRANT CONTROL TO public",
      "SELECT 1 AS a l: EXEC xp_cmdshell 'whoami'", "SELECT 1 AS [a]]'] DROP TABLE victim --'",
      "SELECT [a]]'] SHUTDOWN WITH NOWAIT --'", "SELECT 1 FETCH [c]", "SELECT 1 FETCH \"c\""})
  void genericSqlServerLabelsBracketEscapesAndCursors_refused(String sql) {
    Verdict v = SqlGate.builder().dialect(Dialect.GENERIC).build().check(sql);
    assertThat(v.allowed()).as(sql).isFalse();
  }

  @ParameterizedTest
  @ValueSource(strings = {"SELECT v:name FROM t", "SELECT v:a.b::string FROM t"})
  void snowflakePaths_stillNames(String sql) {
    assertThat(SqlGate.builder().dialect(Dialect.SNOWFLAKE).build().check(sql).allowed())
        .as(sql).isTrue();
  }
}
