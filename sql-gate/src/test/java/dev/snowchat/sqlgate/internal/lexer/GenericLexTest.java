package dev.snowchat.sqlgate.internal.lexer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.sqlgate.Dialect;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/**
 * GENERIC must refuse whatever engines split differently. With no single engine to ask, the
 * engines the gate models stand in: for every generated text GENERIC accepts, each of the
 * PostgreSQL, DuckDB and Snowflake lexers either refuses it too or finds the same semicolons.
 * The texts also carry the comment and quoting syntaxes of engines the gate has no lexer for
 * ({@code //} of H2 and Snowflake, Informix {@code { }}, MySQL {@code #}, backticks with
 * backslashes), dropped at random offsets, inside strings and comments too.
 */
class GenericLexTest {
  @Test
  void slashSlash_genericRefusesWhatSnowflakeReadsAsAComment() {
    String text = "SELECT 1 // '\n; DROP TABLE victim --'";
    assertThat(count(text, Dialect.SNOWFLAKE)).isEqualTo(2);
    assertThat(count(text, Dialect.GENERIC)).isNull();
  }

  @Test
  void generatedTextsWithOtherEnginesSyntax_genericRefusesOrAgreesWithEveryModelledEngine() {
    long seed = EngineLexCheck.seed();
    List<String> failures = new ArrayList<>();
    int accepted = 0;
    LexGenerator g = new LexGenerator(Dialect.POSTGRES, "1").withForeignSyntax();
    for (int i = 0; i < 12_000; i++) {
      accepted += compare(g.text(new SplittableRandom(seed + i)), seed + i, failures);
    }
    System.out.printf("generic lexing, other engines' syntax: 12000 texts (seed %d), generic"
        + " accepted %d%n", seed, accepted);
    assertThat(failures).isEmpty();
    assertThat(accepted).as("texts GENERIC accepted, so compared").isGreaterThan(50);
  }

  /**
   * H2, an engine GENERIC fronts, as a real engine: for every generated text (with and without
   * other engines' syntax) that both H2 runs and GENERIC accepts, H2 draws from the sequence as
   * often as GENERIC sees {@code NEXT VALUE FOR sq} outside strings and comments, so the two agree
   * on where every string and comment, and so every ';', begins and ends.
   */
  @Test
  void h2_drawsAsOftenAsGenericSeesTheCounter() throws SQLException {
    long seed = EngineLexCheck.seed();
    List<String> failures = new ArrayList<>();
    int compared = 0;
    try (Connection c = DriverManager.getConnection("jdbc:h2:mem:genericlex" + System.nanoTime());
        Statement s = c.createStatement()) {
      s.execute("CREATE SEQUENCE sq");
      LexGenerator g = new LexGenerator(Dialect.GENERIC, "NEXT VALUE FOR sq");
      for (LexGenerator gen : List.of(g, g.withForeignSyntax())) {
        for (int i = 0; i < 10_000; i++) {
          String text = gen.text(new SplittableRandom(seed + i));
          List<Token> tokens;
          try {
            tokens = Lexer.lex(text, Dialect.GENERIC, 50).tokens();
          } catch (LexException e) {
            continue;
          }
          Long h2 = h2Draws(s, text);
          if (h2 == null) {
            continue;
          }
          compared++;
          long gate = counters(tokens);
          if (h2 != gate && failures.size() < 10) {
            failures.add("seed " + (seed + i) + ": generic " + gate + ", h2 " + h2 + ": "
                + EngineLexCheck.show(text));
          }
        }
      }
    }
    System.out.printf("generic vs h2: 20000 texts (seed %d), compared %d%n", seed, compared);
    assertThat(compared).isGreaterThan(300);
    assertThat(failures).isEmpty();
  }

  private static long counters(List<Token> t) {
    long n = 0;
    for (int i = 0; i + 3 < t.size(); i++) {
      if (t.get(i).isWord("NEXT") && t.get(i + 1).isWord("VALUE") && t.get(i + 2).isWord("FOR")
          && t.get(i + 3).isWord("SQ")) {
        n++;
      }
    }
    return n;
  }

  private static @Nullable Long h2Draws(Statement s, String text) {
    try {
      long before = sequenceValue(s);
      s.execute(text);
      return sequenceValue(s) - before;
    } catch (SQLException e) {
      return null;
    }
  }

  private static long sequenceValue(Statement s) throws SQLException {
    try (ResultSet r = s.executeQuery("SELECT BASE_VALUE FROM INFORMATION_SCHEMA.SEQUENCES"
        + " WHERE SEQUENCE_NAME = 'SQ'")) {
      r.next();
      return r.getLong(1);
    }
  }

  /** {@return 1 if GENERIC accepts the text, then any disagreement added to failures} */
  private static int compare(String text, long seed, List<String> failures) {
    Integer generic = count(text, Dialect.GENERIC);
    if (generic == null) {
      return 0;
    }
    for (Dialect d : Dialect.values()) {
      Integer other = d == Dialect.GENERIC ? null : count(text, d);
      if (other != null && !other.equals(generic) && failures.size() < 10) {
        failures.add("seed " + seed + ": generic " + generic + ", " + d.configName() + " "
            + other + ": " + EngineLexCheck.show(text));
      }
    }
    return 1;
  }

  @Test
  void generatedTexts_genericRefusesOrAgreesWithEveryModelledEngine() {
    long seed = EngineLexCheck.seed();
    List<String> failures = new ArrayList<>();
    int accepted = 0;
    for (Dialect source : new Dialect[] {Dialect.POSTGRES, Dialect.DUCKDB}) {
      LexGenerator g = new LexGenerator(source, "1");
      for (int i = 0; i < 6_000; i++) {
        accepted += compare(g.text(new SplittableRandom(seed + i)), seed + i, failures);
      }
    }
    System.out.printf("generic lexing: 12000 texts (seed %d), generic accepted %d%n", seed,
        accepted);
    assertThat(failures).isEmpty();
    assertThat(accepted).as("texts GENERIC accepted, so compared").isGreaterThan(300);
  }

  private static Integer count(String text, Dialect d) {
    try {
      // Split at ';' only: the lexers are compared, not Snowflake's ->> flow semantics.
      return Splitter.split(Lexer.lex(text, d, 50).tokens(), Dialect.GENERIC).size();
    } catch (LexException e) {
      return null;
    }
  }
}
