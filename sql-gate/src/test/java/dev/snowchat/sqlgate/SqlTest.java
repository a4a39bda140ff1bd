package dev.snowchat.sqlgate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.snowchat.sqlgate.internal.lexer.Lexer;
import dev.snowchat.sqlgate.internal.lexer.Token;
import dev.snowchat.sqlgate.internal.lexer.TokenType;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Quoted output, lexed by the gate, is one token whose unquoted value equals the input. */
class SqlTest {
  private static final String ALPHABET = "abcXYZ09 '\"\\\n\t$;-/*@:.%_\u00e9\u65e5\u200B";

  @Test
  void quoteIdentifier_roundTrips() throws Exception {
    SplittableRandom r = new SplittableRandom(1);
    for (Dialect d : Dialect.values()) {
      for (int i = 0; i < 20_000; i++) {
        String v = random(r, 1);
        if (d == Dialect.GENERIC) {
          v = v.replace("\\", "") + "x";
        }
        Token t = single(Sql.quoteIdentifier(d, v), d);
        assertThat(t.type()).isEqualTo(TokenType.QUOTED_IDENT);
        assertThat(t.value()).isEqualTo(v);
      }
    }
  }

  @Test
  void quoteString_roundTrips() throws Exception {
    SplittableRandom r = new SplittableRandom(2);
    for (Dialect d : Dialect.values()) {
      for (int i = 0; i < 20_000; i++) {
        String v = random(r, 0);
        if (d == Dialect.GENERIC) {
          v = v.replace("\\", "");
        }
        Token t = single(Sql.quoteString(d, v), d);
        assertThat(t.type()).isEqualTo(TokenType.STRING);
        assertThat(t.value()).as("%s %s", d, v).isEqualTo(v);
      }
    }
  }

  @Test
  void quoteString_snowflakeBackslashesAndNul() throws Exception {
    assertThat(Sql.quoteString(Dialect.SNOWFLAKE, "a\\'b")).isEqualTo("'a\\\\''b'");
    assertThat(single(Sql.quoteString(Dialect.SNOWFLAKE, "x\0" + "1"), Dialect.SNOWFLAKE).value())
        .isEqualTo("x\0" + "1");
    assertThat(Sql.quoteString(Dialect.DUCKDB, "a\\")).isEqualTo("'a\\'");
  }

  @Test
  void quoteString_postgres_escapeStringOnlyForBackslashes() throws Exception {
    assertThat(Sql.quoteString(Dialect.POSTGRES, "a'b")).isEqualTo("'a''b'");
    // E'...' reads the same whatever standard_conforming_strings is set to.
    assertThat(Sql.quoteString(Dialect.POSTGRES, "a\\'b")).isEqualTo("E'a\\\\''b'");
    assertThat(single(Sql.quoteString(Dialect.POSTGRES, "\\"), Dialect.POSTGRES).value())
        .isEqualTo("\\");
    assertThat(Sql.quoteIdentifier(Dialect.POSTGRES, "a\\\"b")).isEqualTo("\"a\\\"\"b\"");
  }

  @Test
  void dialect_parse_acceptsPostgresql() {
    assertThat(Dialect.parse("postgres")).isEqualTo(Dialect.POSTGRES);
    assertThat(Dialect.parse(" PostgreSQL ")).isEqualTo(Dialect.POSTGRES);
    assertThat(Dialect.POSTGRES.configName()).isEqualTo("postgres");
    assertThatThrownBy(() -> Dialect.parse("pg")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("postgres");
  }

  @Test
  void quoting_unrepresentableValues_throwIae() {
    assertThatThrownBy(() -> Sql.quoteString(Dialect.DUCKDB, "a\0b"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Sql.quoteString(Dialect.POSTGRES, "a\0b"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Sql.quoteIdentifier(Dialect.POSTGRES, "a\0b"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Sql.quoteString(Dialect.GENERIC, "a\\b"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Sql.quoteIdentifier(Dialect.SNOWFLAKE, ""))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Sql.quoteIdentifier(Dialect.SNOWFLAKE, "a\0"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Sql.quoteIdentifier(Dialect.GENERIC, "a\\"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void quotedValues_keepStatementsSafe() {
    SqlGate g = SqlGate.builder().dialect(Dialect.SNOWFLAKE).build();
    String evil = "x'; DROP TABLE t; --\\";
    assertThat(g.check("SELECT * FROM t WHERE a = " + Sql.quoteString(Dialect.SNOWFLAKE, evil))
        .allowed()).isTrue();
    assertThat(g.check("SELECT * FROM " + Sql.quoteIdentifier(Dialect.SNOWFLAKE, "a\";DROP"))
        .allowed()).isTrue();
  }

  private static Token single(String sql, Dialect d) throws Exception {
    List<Token> ts = Lexer.lex(sql, d, 10).tokens();
    assertThat(ts).as(sql).hasSize(1);
    return ts.get(0);
  }

  private static String random(SplittableRandom r, int min) {
    int n = min + r.nextInt(12);
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < n; i++) {
      b.append(ALPHABET.charAt(r.nextInt(ALPHABET.length())));
    }
    return b.toString();
  }
}
