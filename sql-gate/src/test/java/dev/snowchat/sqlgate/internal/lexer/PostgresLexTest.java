package dev.snowchat.sqlgate.internal.lexer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.sqlgate.Dialect;
import dev.snowchat.sqlgate.testing.TestDatabases;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The gate lexes PostgreSQL as PostgreSQL does, checked against a real server (see {@link
 * TestDatabases#postgres()}). The server counts statements itself: PL/pgSQL's {@code EXECUTE}
 * hands the whole text to the server's parser, which splits it as a simple-query message would
 * (the JDBC driver, which splits on its own, never sees the text), and every generated statement
 * calls {@code pg_temp.inc()}, which counts. The session is read-only.
 */
class PostgresLexTest {
  private static Connection pg;
  /** The server counts statements with its own parser (see the class comment). */
  private static PreparedStatement count;
  private static PreparedStatement value;

  @BeforeAll
  static void open() throws SQLException {
    pg = TestDatabases.postgres().connect();
    try (Statement s = pg.createStatement()) {
      s.execute("SET standard_conforming_strings = on");
      s.execute("CREATE FUNCTION pg_temp.inc() RETURNS int LANGUAGE sql AS $f$ SELECT"
          + " set_config('snowchat.n', (current_setting('snowchat.n')::int + 1)::text, false)"
          + "::int $f$");
      s.execute("CREATE FUNCTION pg_temp.nstmts(q text) RETURNS int LANGUAGE plpgsql AS $f$"
          + " BEGIN PERFORM set_config('snowchat.n', '0', false); EXECUTE q;"
          + " RETURN current_setting('snowchat.n')::int; END $f$");
      // A cursor needs exactly one statement: the server's own test of "one statement".
      s.execute("CREATE FUNCTION pg_temp.one(q text) RETURNS boolean LANGUAGE plpgsql AS $f$"
          + " DECLARE r record; BEGIN FOR r IN EXECUTE q LOOP EXIT; END LOOP; RETURN true;"
          + " EXCEPTION WHEN invalid_cursor_definition THEN RETURN false; END $f$");
      s.execute("CREATE FUNCTION pg_temp.val(q text) RETURNS text LANGUAGE plpgsql AS $f$"
          + " DECLARE v text; BEGIN EXECUTE 'SELECT (' || q || ')::text' INTO v; RETURN v;"
          + " END $f$");
      s.execute("SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY");
    }
    count = pg.prepareStatement("SELECT pg_temp.nstmts(?), pg_temp.one(?)");
    value = pg.prepareStatement("SELECT pg_temp.val(?)");
  }

  @AfterAll
  static void close() throws SQLException {
    if (pg != null) {
      pg.close();
    }
  }

  /**
   * {@return what PostgreSQL made of the text: exactly one statement when a cursor opens on it,
   * else "not one"; null when it refuses the text}
   */
  static EngineLexCheck.Engine engine(String text) {
    try {
      count.setString(1, text);
      count.setString(2, text);
      try (ResultSet rs = count.executeQuery()) {
        rs.next();
        return rs.getBoolean(2) ? new EngineLexCheck.Engine(1, true)
            : new EngineLexCheck.Engine(rs.getInt(1), false);
      }
    } catch (SQLException e) {
      return null;
    }
  }

  /**
   * {@return how many statements PostgreSQL ran, for texts whose every statement calls the
   * counter once; empty when it refuses the text}
   */
  static OptionalInt count(String text) {
    EngineLexCheck.Engine e = engine(text);
    return e == null ? OptionalInt.empty() : OptionalInt.of(e.exact() ? 1 : e.count());
  }

  @Test
  void generatedTexts_gateSplitsAsPostgresOrRefuses() {
    int ran = EngineLexCheck.check(new LexGenerator(Dialect.POSTGRES, "pg_temp.inc()"), 4_000,
        PostgresLexTest::engine);
    assertThat(ran).as("texts PostgreSQL ran").isGreaterThan(500);
  }

  @ParameterizedTest
  @ValueSource(strings = {"SELECT pg_temp.inc() --\r; SELECT pg_temp.inc()",
      "SELECT pg_temp.inc() --\u000B; SELECT pg_temp.inc()",
      "SELECT pg_temp.inc() --\u2028; SELECT pg_temp.inc()",
      "SELECT pg_temp.inc() /* /* */ ; SELECT pg_temp.inc() */",
      "SELECT pg_temp.inc(), 'a'\n'\\'; SELECT pg_temp.inc() --'",
      "SELECT pg_temp.inc(), 2 //* ' */ 3; SELECT pg_temp.inc() -- '",
      "SELECT pg_temp.inc(), $é$ ; $é$; SELECT pg_temp.inc()",
      "SELECT pg_temp.inc() AS a$b$ ; SELECT pg_temp.inc() --$b$",
      "SELECT pg_temp.inc(), U&'x''; SELECT pg_temp.inc() --'",
      "SELECT pg_temp.inc(), U&'!0041' UESCAPE '!'; SELECT pg_temp.inc()",
      "SELECT pg_temp.inc(), B'01'\n'10'; SELECT pg_temp.inc()",
      "SELECT pg_temp.inc(), N'a\\'; SELECT pg_temp.inc() --'"})
  void knownShapes_gateSplitsAsPostgres(String text) throws Exception {
    int gate = Splitter.split(Lexer.lex(text, Dialect.POSTGRES, 50).tokens(), Dialect.POSTGRES)
        .size();
    assertThat(count(text)).as(EngineLexCheck.show(text)).hasValue(gate);
  }

  @Test
  void randomLiterals_valueIsWhatPostgresEvaluates() {
    int compared = EngineLexCheck.checkValues(new LexGenerator(Dialect.POSTGRES,
        "pg_temp.inc()"), 2_000, literal -> {
          try {
            value.setString(1, literal);
            try (ResultSet rs = value.executeQuery()) {
              rs.next();
              return rs.getString(1);
            }
          } catch (SQLException e) {
            return null;
          }
        });
    assertThat(compared).as("literals compared").isGreaterThan(300);
  }

  @ParameterizedTest
  @ValueSource(strings = {"SELECT 1FROM t", "SELECT 0x1F", "SELECT 1e", "SELECT 1.5x",
      "SELECT 1_000", "SELECT 1 UESCAPE '!'"})
  void junkTheServerRefuses_isRefusedByTheGate(String text) {
    assertThat(count(text.replace("SELECT ", "SELECT pg_temp.inc(), "))).isEmpty();
    org.assertj.core.api.Assertions.assertThatThrownBy(
        () -> Lexer.lex(text, Dialect.POSTGRES, 50)).isInstanceOf(LexException.class);
  }

  @ParameterizedTest
  @ValueSource(strings = {"'a'\n'b'", "'a' -- c\n'b'", "'it''s'",
      "e'\\t\\101\\\\\\u00e9\\U0001F600'", "N'x\\y'", "$$a'b$$", "$q$a$$b$q$", "'a'\r\f'b'",
      "U&'d\\0061t\\+000061'", "U&'d!0061t!!' UESCAPE '!'", "U&'a'\n'\\0062'", "$é$x$é$"})
  void literals_valueIsWhatPostgresEvaluates(String literal) throws Exception {
    List<Token> t = Lexer.lex(literal, Dialect.POSTGRES, 50).tokens();
    assertThat(t).hasSize(1);
    // Through PL/pgSQL: the JDBC driver's own splitter misreads some literals.
    value.setString(1, literal);
    try (ResultSet rs = value.executeQuery()) {
      rs.next();
      assertThat(t.get(0).value()).isEqualTo(rs.getString(1));
    }
  }

  @Test
  void escapeStringContinuedOnTheNextLine_isRefused_theDriverMisreadsIt() throws Exception {
    String text = "SELECT E'a'\n'\\'''; SELECT pg_temp.inc(); --'";
    assertThat(engine(text)).isEqualTo(new EngineLexCheck.Engine(1, true));
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> {
      try (Statement s = pg.createStatement()) {
        s.execute(text);
      }
    }).isInstanceOf(SQLException.class);
    org.assertj.core.api.Assertions.assertThatThrownBy(
        () -> Lexer.lex(text, Dialect.POSTGRES, 50)).isInstanceOf(LexException.class)
        .hasMessageContaining("JDBC driver");
  }

  @Test
  void unicodeIdentifier_valueIsTheDecodedName() throws Exception {
    List<Token> t = Lexer.lex("U&\"pg\\005fsleep\"", Dialect.POSTGRES, 50).tokens();
    assertThat(t).singleElement().satisfies(k -> {
      assertThat(k.type()).isEqualTo(TokenType.QUOTED_IDENT);
      assertThat(k.value()).isEqualTo("pg_sleep");
    });
    try (Statement s = pg.createStatement();
        ResultSet rs = s.executeQuery("SELECT 1 AS U&\"a!0062\" UESCAPE '!'")) {
      assertThat(rs.getMetaData().getColumnLabel(1)).isEqualTo(
          Lexer.lex("U&\"a!0062\" UESCAPE '!'", Dialect.POSTGRES, 50).tokens().get(0).value());
    }
  }
}
