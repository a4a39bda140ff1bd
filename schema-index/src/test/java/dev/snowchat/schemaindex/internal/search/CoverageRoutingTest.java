package dev.snowchat.schemaindex.internal.search;

import static dev.snowchat.schemaindex.internal.search.SearchEngineTest.table;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.snowchat.schemaindex.QualifiedName;
import dev.snowchat.schemaindex.TableInfo;
import dev.snowchat.schemaindex.TableKind;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Routing by coverage ({@link Tuning#dbCoverage()}): the share of a question's words that a
 * database's best tables hold together, each word weighted by its IDF.
 */
class CoverageRoutingTest {
  static TableInfo t(String db, String name, String... columns) {
    return table(QualifiedName.of(db, "PUBLIC", name), TableKind.TABLE, null, columns);
  }

  @Test
  void coverage_countsTheWordsTheTablesHoldTogether() {
    // "salary of each player per season": one league table has the player and the season, the
    // other the salary; the basketball database has players and seasons only
    Map<String, Double> weights = Map.of("salary", 3.0, "player", 1.0, "season", 1.0);
    Map<String, Double> share = Coherence.coverage(Map.of(
        "HOCKEY", List.of(t("HOCKEY", "SCORING", "PLAYER_ID", "YEAR", "SEASON"),
            t("HOCKEY", "SALARIES", "PLAYER_ID", "SALARY")),
        "BASKETBALL", List.of(t("BASKETBALL", "PLAYERS", "PLAYER_ID", "SEASON", "POINTS"))),
        weights);
    assertThat(share.get("HOCKEY")).isCloseTo(1.0, within(1e-9));
    // the rare word it lacks weighs three fifths
    assertThat(share.get("BASKETBALL")).isCloseTo(0.4, within(1e-9));
  }

  @Test
  void coverage_readsRunTogetherNamesByTheirWords() {
    Map<String, Double> weights = Map.of("sale", 1.0, "order", 1.0, "freight", 1.0);
    Map<String, Double> share = Coherence.coverage(Map.of(
        "CYCLES", List.of(t("CYCLES", "SALESORDERHEADER", "SALESORDERID", "FREIGHT"))),
        weights);
    assertThat(share.get("CYCLES")).isCloseTo(1.0, within(1e-9));
  }

  @Test
  void coverage_noWeights_isZero() {
    assertThat(Coherence.coverage(Map.of("A", List.of(t("A", "X", "Y"))), Map.of()))
        .containsEntry("A", 0.0);
  }
}
