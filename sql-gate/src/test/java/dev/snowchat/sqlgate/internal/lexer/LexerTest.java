package dev.snowchat.sqlgate.internal.lexer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.snowchat.sqlgate.Dialect;
import java.util.List;
import org.junit.jupiter.api.Test;

class LexerTest {
  private static List<Token> lex(String s, Dialect d) throws LexException {
    return Lexer.lex(s, d, 50).tokens();
  }

  private static List<String> values(String s, Dialect d) throws LexException {
    return lex(s, d).stream().map(Token::value).toList();
  }

  @Test
  void strings_doubledQuotes_andDialectBackslashes() throws Exception {
    assertThat(values("'it''s'", Dialect.DUCKDB)).containsExactly("it's");
    assertThat(values("'a\\'b'", Dialect.SNOWFLAKE)).containsExactly("a'b");
    assertThat(values("'a\\' 'b'", Dialect.DUCKDB)).containsExactly("a\\", "b");
    assertThat(values("E'a\\'b'", Dialect.DUCKDB)).containsExactly("a'b");
    assertThat(values("'\\n\\t\\\\\\x41\\101'", Dialect.SNOWFLAKE))
        .containsExactly("\n\t\\AA");
    assertThatThrownBy(() -> lex("'a\\'", Dialect.GENERIC)).isInstanceOf(LexException.class);
    assertThat(values("'a\\\\'", Dialect.GENERIC)).containsExactly("a\\\\");
  }

  @Test
  void comments_lineBlockNestedAndSlashes() throws Exception {
    assertThat(values("SELECT 1 -- x\n, 2", Dialect.SNOWFLAKE)).containsExactly("SELECT", "1",
        ",", "2");
    assertThat(values("SELECT 1 // x\n", Dialect.SNOWFLAKE)).containsExactly("SELECT", "1");
    assertThat(values("SELECT 10 // 3", Dialect.DUCKDB)).containsExactly("SELECT", "10", "//",
        "3");
    assertThat(values("/* a /* b */ c */ 1", Dialect.DUCKDB)).containsExactly("1");
    assertThatThrownBy(() -> lex("/* a /* b */ 1", Dialect.SNOWFLAKE))
        .isInstanceOf(LexException.class);
    assertThatThrownBy(() -> lex("/* open", Dialect.DUCKDB)).isInstanceOf(LexException.class);
    assertThat(Lexer.lex("SELECT 1 -- c", Dialect.GENERIC, 5).hasComments()).isTrue();
  }

  @Test
  void dollarBodies_stages_variables() throws Exception {
    List<Token> t = lex("SELECT $$ a ; ' b $$, $1, $var FROM @db.s.stage/p/ x", Dialect.SNOWFLAKE);
    assertThat(t.get(1).type()).isEqualTo(TokenType.DOLLAR_STRING);
    assertThat(t.get(1).value()).isEqualTo(" a ; ' b ");
    assertThat(t.get(3).type()).isEqualTo(TokenType.VARIABLE);
    assertThat(t.get(5).value()).isEqualTo("$VAR");
    assertThat(t.get(7).type()).isEqualTo(TokenType.STAGE);
    assertThat(t.get(7).value()).isEqualTo("@db.s.stage/p/");
    assertThat(values("$tag$ x $$ y $tag$", Dialect.DUCKDB)).containsExactly(" x $$ y ");
    assertThatThrownBy(() -> lex("$$ open", Dialect.SNOWFLAKE)).isInstanceOf(LexException.class);
  }

  @Test
  void words_unicode_andOther() throws Exception {
    List<Token> t = lex("select größe, 日本 FROM t\u200B", Dialect.SNOWFLAKE);
    assertThat(t.get(0).value()).isEqualTo("SELECT");
    assertThat(t.get(1).value()).isEqualTo("GRÖSSE");
    assertThat(t.get(3).type()).isEqualTo(TokenType.WORD);
    assertThat(t.get(t.size() - 1).type()).isEqualTo(TokenType.OTHER);
    assertThat(values("SYSTEM$X(1)", Dialect.SNOWFLAKE)).startsWith("SYSTEM$X", "(");
  }

  @Test
  void lineComments_endAtLfOrCrInPostgresFamily_refuseOtherBreaksElsewhere() throws Exception {
    for (Dialect d : new Dialect[] {Dialect.POSTGRES, Dialect.DUCKDB}) {
      assertThat(values("SELECT 1 --\r; SELECT 2", d)).containsExactly("SELECT", "1", ";",
          "SELECT", "2");
      assertThat(values("SELECT 1 --\u000B; SELECT 2", d)).containsExactly("SELECT", "1");
    }
    for (Dialect d : new Dialect[] {Dialect.SNOWFLAKE, Dialect.GENERIC}) {
      for (String br : new String[] {"\r", "\u000B", "\u000C", "\u0085", "\u2028", "\u2029"}) {
        assertThatThrownBy(() -> lex("SELECT 1 -- x" + br + "; SELECT 2", d))
            .isInstanceOf(LexException.class).hasMessageContaining("line comment");
      }
      assertThat(values("SELECT 1 -- x\r\n, 2", d)).containsExactly("SELECT", "1", ",", "2");
    }
  }

  @Test
  void numbers_asEachEngineReadsThem() throws Exception {
    assertThat(values("SELECT 1FROM t", Dialect.DUCKDB)).containsExactly("SELECT", "1", "FROM",
        "T");
    assertThat(values("1_000.5_5 1e1_0 1.e 0x1F", Dialect.DUCKDB)).containsExactly("1_000.5_5",
        "1e1_0", "1.", "E", "0", "X1F");
    for (Dialect d : new Dialect[] {Dialect.POSTGRES, Dialect.SNOWFLAKE, Dialect.GENERIC}) {
      assertThatThrownBy(() -> lex("SELECT 1FROM t", d)).isInstanceOf(LexException.class);
      assertThat(values("1e3 .5e-3 1.5 1..2", d)).containsExactly("1e3", ".5e-3", "1.5", "1",
          ".", ".2");
    }
  }

  @Test
  void postgresStrings_prefixesContinuationAndUnicode() throws Exception {
    List<Token> t = lex("SELECT N'a\\', B'01', X'0F', U&'\\0041!' , 'a'\n-- c\n'b'",
        Dialect.POSTGRES);
    assertThat(t).filteredOn(k -> k.type() == TokenType.STRING).extracting(Token::value)
        .containsExactly("a\\", "01", "0F", "A!", "ab");
    assertThat(values("U&'!0041' UESCAPE '!'", Dialect.POSTGRES)).containsExactly("A");
    assertThat(values("$é$ ; $é$", Dialect.POSTGRES)).containsExactly(" ; ");
    assertThat(values("a$b$ ; x", Dialect.POSTGRES)).containsExactly("A$B$", ";", "X");
    assertThat(values("E'a'\n'\\''", Dialect.DUCKDB)).containsExactly("a'");
    assertThatThrownBy(() -> lex("E'a'\n'b'", Dialect.POSTGRES)).isInstanceOf(
        LexException.class);
    assertThatThrownBy(() -> lex("U&'a'", Dialect.DUCKDB)).isInstanceOf(LexException.class);
    assertThatThrownBy(() -> lex("SELECT 1 UESCAPE '!'", Dialect.POSTGRES))
        .isInstanceOf(LexException.class);
    assertThat(values("2 //* c */ 3", Dialect.DUCKDB)).containsExactly("2", "/", "3");
  }

  @Test
  void snowflakeHexLiteralWithBackslash_isRefused() throws Exception {
    assertThatThrownBy(() -> lex("SELECT X'\\'; DROP TABLE t; --'", Dialect.SNOWFLAKE))
        .isInstanceOf(LexException.class);
    assertThat(values("SELECT X'0F'", Dialect.SNOWFLAKE)).containsExactly("SELECT", "X", "0F");
  }

  @Test
  void whitespace_perEngine() throws Exception {
    assertThat(values("SELECT\f1", Dialect.POSTGRES)).containsExactly("SELECT", "1");
    assertThatThrownBy(() -> lex("SELECT\u000B1", Dialect.POSTGRES))
        .isInstanceOf(LexException.class);
    assertThatThrownBy(() -> lex("SELECT\f1", Dialect.SNOWFLAKE))
        .isInstanceOf(LexException.class);
    assertThatThrownBy(() -> lex("SELECT\u00A01", Dialect.DUCKDB))
        .isInstanceOf(LexException.class).hasMessageContaining("DuckDB");
    // PostgreSQL takes a no-break space as part of the name, as its scanner does.
    assertThat(values("SELECT\u00A01", Dialect.POSTGRES)).containsExactly("SELECT\u00A01");
  }

  @Test
  void operators_flow_andDepth() throws Exception {
    assertThat(values("a ->> b :: c => d", Dialect.SNOWFLAKE)).containsExactly("A", "->>", "B",
        "::", "C", "=>", "D");
    assertThatThrownBy(() -> Lexer.lex("((((((1))))))", Dialect.GENERIC, 5))
        .isInstanceOf(LexException.class)
        .satisfies(e -> assertThat(((LexException) e).tooComplex()).isTrue());
  }

  @Test
  void splitter_semicolonsFlowAndScriptBlocks() throws Exception {
    assertThat(Splitter.split(lex("SELECT 1; ; SELECT 2;", Dialect.SNOWFLAKE),
        Dialect.SNOWFLAKE)).hasSize(2);
    assertThat(Splitter.split(lex("SHOW TABLES ->> SELECT 1", Dialect.SNOWFLAKE),
        Dialect.SNOWFLAKE)).hasSize(2);
    assertThat(Splitter.split(lex("SELECT j ->> 'a' FROM t", Dialect.DUCKDB), Dialect.DUCKDB))
        .hasSize(1);
    assertThat(Splitter.split(lex("BEGIN IF (x) THEN DELETE FROM t; END IF; END;",
        Dialect.SNOWFLAKE), Dialect.SNOWFLAKE)).hasSize(1);
    assertThat(Splitter.split(lex("BEGIN SELECT 1; END; DROP TABLE t",
        Dialect.SNOWFLAKE), Dialect.SNOWFLAKE)).hasSize(2);
    assertThat(Splitter.split(lex("BEGIN; DROP TABLE t", Dialect.SNOWFLAKE),
        Dialect.SNOWFLAKE)).hasSize(2);
    assertThat(Splitter.split(lex("-- c\n;", Dialect.SNOWFLAKE), Dialect.SNOWFLAKE)).isEmpty();
  }
}
