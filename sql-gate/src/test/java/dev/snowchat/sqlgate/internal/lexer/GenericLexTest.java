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
 */
class GenericLexTest {
  @Test
  void generatedTexts_genericRefusesOrAgreesWithEveryModelledEngine() {
    long seed = EngineLexCheck.seed();
    List<String> failures = new ArrayList<>();
    int accepted = 0;
    for (Dialect source : new Dialect[] {Dialect.POSTGRES, Dialect.DUCKDB}) {
      LexGenerator g = new LexGenerator(source, "1");
      for (int i = 0; i < 6_000; i++) {
        String text = g.text(new SplittableRandom(seed + i));
        Integer generic = count(text, Dialect.GENERIC);
        if (generic == null) {
          continue;
        }
        accepted++;
        for (Dialect d : new Dialect[] {Dialect.POSTGRES, Dialect.DUCKDB, Dialect.SNOWFLAKE}) {
          Integer other = count(text, d);
          if (other != null && !other.equals(generic) && failures.size() < 10) {
            failures.add("seed " + (seed + i) + ": generic " + generic + ", " + d.configName()
                + " " + other + ": " + EngineLexCheck.show(text));
          }
        }
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
