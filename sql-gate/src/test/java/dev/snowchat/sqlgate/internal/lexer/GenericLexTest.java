package dev.snowchat.sqlgate.internal.lexer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.sqlgate.Dialect;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
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
  /** Pieces of other engines' syntax, each able to hide or reveal a ';' for some engine. */
  private static final List<String> FOREIGN = List.of("//", "// ;\n", "//*", "{", "}",
      "{ ; }", "#", "# ;\n", "`a\\`", "`;`", "->>", "/*!", "--x;", "\\", "'", "\"", "[",
      "]", "; SELECT 1 ");

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
    LexGenerator g = new LexGenerator(Dialect.POSTGRES, "1");
    for (int i = 0; i < 12_000; i++) {
      SplittableRandom r = new SplittableRandom(seed + i);
      StringBuilder text = new StringBuilder(g.text(r));
      for (int k = 1 + r.nextInt(3); k > 0; k--) {
        text.insert(r.nextInt(text.length() + 1), FOREIGN.get(r.nextInt(FOREIGN.size())));
      }
      accepted += compare(text.toString(), seed + i, failures);
    }
    System.out.printf("generic lexing, other engines' syntax: 12000 texts (seed %d), generic"
        + " accepted %d%n", seed, accepted);
    assertThat(failures).isEmpty();
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
