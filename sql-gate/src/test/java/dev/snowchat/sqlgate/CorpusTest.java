package dev.snowchat.sqlgate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.sqlgate.internal.eval.Evaluate;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The project's own corpus ({@code src/test/resources/corpus/{dialect}-{reads,writes}.sql}): every
 * read is allowed and every write refused in read-only mode.
 */
class CorpusTest {
  static Path corpusDir() {
    try {
      return Path.of(CorpusTest.class.getResource("/corpus").toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  static List<Evaluate.Case> cases(String kind) throws Exception {
    List<Evaluate.Case> out = new ArrayList<>();
    for (String d : List.of("snowflake", "duckdb", "generic")) {
      out.addAll(Evaluate.read(corpusDir().resolve(d + "-" + kind + ".sql")));
    }
    return out;
  }

  static Stream<Arguments> reads() throws Exception {
    return cases("reads").stream().map(c -> Arguments.of(c.id(), c.dialect(), c.sql()));
  }

  static Stream<Arguments> writes() throws Exception {
    return cases("writes").stream().map(c -> Arguments.of(c.id(), c.dialect(), c.sql()));
  }

  private static SqlGate gate(String dialect) {
    return SqlGate.builder().dialect(Dialect.parse(dialect)).mode(PermissionMode.READ_ONLY)
        .build();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("reads")
  void read_isAllowedInReadOnly(String id, String dialect, String sql) {
    Verdict v = gate(dialect).check(sql);
    assertThat(v.allowed()).as("%s %s: %s", id, v.rule(), v.reason()).isTrue();
    assertThat(v.kind()).isIn(StatementKind.READ, StatementKind.SHOW, StatementKind.DESCRIBE,
        StatementKind.EXPLAIN, StatementKind.USE);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("writes")
  void write_isRefusedInReadOnly(String id, String dialect, String sql) {
    Verdict v = gate(dialect).check(sql);
    assertThat(v.allowed()).as("%s was allowed: %s", id, v.reason()).isFalse();
    assertThat(((Verdict.Blocked) v).allowedInstead()).isNotBlank();
  }

  @Test
  void corpus_isLargeEnough() throws Exception {
    assertThat(cases("reads")).hasSizeGreaterThan(200);
    assertThat(cases("writes")).hasSizeGreaterThan(200);
  }
}
