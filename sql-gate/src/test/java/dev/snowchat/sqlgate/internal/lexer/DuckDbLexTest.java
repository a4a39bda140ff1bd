package dev.snowchat.sqlgate.internal.lexer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.sqlgate.Dialect;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.OptionalInt;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The gate lexes DuckDB as DuckDB does, checked against the embedded engine: DuckDB's own parser
 * ({@code json_serialize_sql}) counts the statements of each generated text, and string literals
 * evaluate to the value the gate's token carries.
 */
class DuckDbLexTest {
  private static Connection duck;
  private static PreparedStatement serialize;

  @BeforeAll
  static void open() throws SQLException {
    duck = DriverManager.getConnection("jdbc:duckdb:");
    serialize = duck.prepareStatement("SELECT json_serialize_sql(?::VARCHAR)");
  }

  @AfterAll
  static void close() throws SQLException {
    duck.close();
  }

  /** {@return DuckDB's statement count, empty when its parser refuses the text} */
  static OptionalInt count(String text) {
    try {
      serialize.setString(1, text);
      try (ResultSet rs = serialize.executeQuery()) {
        rs.next();
        String json = rs.getString(1);
        if (json.contains("\"error\":true")) {
          return OptionalInt.empty();
        }
        return OptionalInt.of(topLevelObjects(json, json.indexOf("\"statements\":[") + 14));
      }
    } catch (SQLException e) {
      return OptionalInt.empty();
    }
  }

  private static int topLevelObjects(String json, int from) {
    int depth = 0;
    int n = 0;
    boolean str = false;
    for (int i = from; i < json.length(); i++) {
      char c = json.charAt(i);
      if (str) {
        if (c == '\\') {
          i++;
        } else if (c == '"') {
          str = false;
        }
      } else if (c == '"') {
        str = true;
      } else if (c == '{' || c == '[') {
        if (depth == 0 && c == '{') {
          n++;
        }
        depth++;
      } else if (c == '}' || c == ']') {
        if (depth-- == 0) {
          break;
        }
      }
    }
    return n;
  }

  @Test
  void generatedTexts_gateSplitsAsDuckDbOrRefuses() {
    int ran = EngineLexCheck.check(new LexGenerator(Dialect.DUCKDB, "1"), 4_000, text -> {
      OptionalInt n = count(text);
      return n.isEmpty() ? null : new EngineLexCheck.Engine(n.getAsInt(), true);
    });
    assertThat(ran).as("texts DuckDB accepted").isGreaterThan(500);
  }

  @Test
  void randomLiterals_valueIsWhatDuckDbEvaluates() {
    int compared = EngineLexCheck.checkValues(new LexGenerator(Dialect.DUCKDB, "1"), 2_000,
        literal -> {
          try (Statement s = duck.createStatement();
              ResultSet rs = s.executeQuery("SELECT " + literal)) {
            rs.next();
            return rs.getString(1);
          } catch (SQLException e) {
            return null;
          }
        });
    assertThat(compared).as("literals compared").isGreaterThan(300);
  }

  @ParameterizedTest
  @ValueSource(strings = {"SELECT 1 --\r; SELECT 2", "SELECT 1 --\u000B; SELECT 2",
      "SELECT 1 /* /* */ ; SELECT 2 */", "SELECT E'a'\n'\\''; SELECT 2; --'",
      "SELECT 'a'\n'\\'; SELECT 2 --'", "SELECT 2 //* ' */ 3; SELECT 3 -- '",
      "SELECT 1FROM (SELECT 1) t", "SELECT $é$ ; $é$; SELECT 2", "SELECT 1 AS a$b$ ; SELECT 2 --$b$",
      "SELECT N'a\\'; SELECT 2 --'", "SELECT 1_000, 1_; SELECT 2"})
  void knownShapes_gateSplitsAsDuckDb(String text) throws Exception {
    int gate = Splitter.split(Lexer.lex(text, Dialect.DUCKDB, 50).tokens(), Dialect.DUCKDB)
        .size();
    assertThat(count(text)).as(EngineLexCheck.show(text)).hasValue(gate);
  }

  @ParameterizedTest
  @ValueSource(strings = {"'a'\n'b'", "'a' -- c\n'b'", "E'a'\n'\\x41\\''", "'it''s'",
      "e'\\t\\101\\\\'", "N'x\\y'", "$$a'b$$", "$q$a$$b$q$", "'a'\r\f'b'"})
  void literals_valueIsWhatDuckDbEvaluates(String literal) throws Exception {
    java.util.List<Token> t = Lexer.lex(literal, Dialect.DUCKDB, 50).tokens();
    assertThat(t).hasSize(1);
    try (Statement s = duck.createStatement();
        ResultSet rs = s.executeQuery("SELECT " + literal)) {
      rs.next();
      assertThat(t.get(0).value()).isEqualTo(rs.getString(1));
    }
  }
}
