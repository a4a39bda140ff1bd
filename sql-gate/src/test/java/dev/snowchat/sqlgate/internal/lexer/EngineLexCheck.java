package dev.snowchat.sqlgate.internal.lexer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.sqlgate.Dialect;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Function;

/**
 * The property both engine tests check: for every generated text the engine runs, the gate's
 * lexer either refuses the text or splits it into exactly as many statements as the engine ran.
 */
final class EngineLexCheck {
  private EngineLexCheck() {}

  /** The seed of the run; {@code -Dsqlgate.lexSeed=N} replays one. */
  static long seed() {
    return Long.getLong("sqlgate.lexSeed", 20261201L);
  }

  /**
   * What an engine made of a text.
   *
   * @param count the number of statements, when {@code exact}
   * @param exact whether {@code count} is exact; otherwise the engine says only that the text is
   *     not exactly one statement
   */
  record Engine(int count, boolean exact) {
    boolean agrees(int gate) {
      return exact ? gate == count : gate != 1;
    }
  }

  /**
   * Runs the property.
   *
   * @param generator the generator
   * @param cases how many texts
   * @param engineCount the engine's statement count, null when the engine refuses the text
   * @return how many texts the engine ran (so the test can check the generator is useful)
   */
  static int check(LexGenerator generator, int cases, Function<String, Engine> engineCount) {
    Dialect d = generator.dialect();
    long seed = seed();
    List<String> failures = new ArrayList<>();
    int ran = 0;
    int refusedByGate = 0;
    for (int i = 0; i < cases; i++) {
      SplittableRandom r = new SplittableRandom(seed + i);
      String text = generator.text(r);
      Engine engine = engineCount.apply(text);
      Integer gate;
      try {
        gate = Splitter.split(Lexer.lex(text, d, 50).tokens(), d).size();
      } catch (LexException e) {
        gate = null;
        refusedByGate++;
      }
      if (engine == null) {
        continue;
      }
      ran++;
      if (gate != null && !engine.agrees(gate) && failures.size() < 10) {
        failures.add("seed " + (seed + i) + ": gate " + gate + " statements, " + d.configName()
            + " " + (engine.exact() ? String.valueOf(engine.count()) : "not 1") + ": "
            + show(text));
      }
    }
    System.out.printf("%s lexing: %d texts (seed %d), engine ran %d, gate refused %d%n",
        d.configName(), cases, seed, ran, refusedByGate);
    assertThat(failures).as("texts the gate splits differently from %s (seed %d)",
        d.configName(), seed).isEmpty();
    return ran;
  }

  /**
   * {@return how many random literals had their value compared}; a literal the gate lexes as
   * one string token must have the value the engine evaluates
   */
  static int checkValues(LexGenerator g, int cases, java.util.function.Function<String, String>
      engineValue) {
    long seed = seed();
    List<String> failures = new ArrayList<>();
    int compared = 0;
    for (int i = 0; i < cases; i++) {
      String literal = g.stringLiteral(new SplittableRandom(seed + i));
      List<Token> tokens;
      try {
        tokens = Lexer.lex(literal, g.dialect(), 50).tokens();
      } catch (LexException e) {
        continue;
      }
      if (tokens.size() != 1 || (tokens.get(0).type() != TokenType.STRING
          && tokens.get(0).type() != TokenType.DOLLAR_STRING)) {
        continue;
      }
      String engine = engineValue.apply(literal);
      if (engine == null) {
        continue;
      }
      compared++;
      if (!engine.equals(tokens.get(0).value()) && failures.size() < 10) {
        failures.add("seed " + (seed + i) + ": gate " + show(tokens.get(0).value()) + ", "
            + g.dialect().configName() + " " + show(engine) + ": " + show(literal));
      }
    }
    assertThat(failures).as("literal values the gate reads differently from %s (seed %d)",
        g.dialect().configName(), seed).isEmpty();
    return compared;
  }

  /** The text with control and non-ASCII characters written as {@code <U+XXXX>}. */
  static String show(String text) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c < 32 || c > 126) {
        b.append(String.format("<U+%04X>", (int) c));
      } else {
        b.append(c);
      }
    }
    return b.toString();
  }
}
