package dev.snowchat.schemaindex.internal.search;

import static dev.snowchat.schemaindex.internal.search.SearchEngineTest.table;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.snowchat.schemaindex.Catalog;
import dev.snowchat.schemaindex.JoinGraph;
import dev.snowchat.schemaindex.QualifiedName;
import dev.snowchat.schemaindex.TableInfo;
import dev.snowchat.schemaindex.TableKind;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
        weights, Words::tableWords);
    assertThat(share.get("HOCKEY")).isCloseTo(1.0, within(1e-9));
    // the rare word it lacks weighs three fifths
    assertThat(share.get("BASKETBALL")).isCloseTo(0.4, within(1e-9));
  }

  @Test
  void coverage_readsRunTogetherNamesByTheirWords() {
    Map<String, Double> weights = Map.of("sale", 1.0, "order", 1.0, "freight", 1.0);
    Map<String, Double> share = Coherence.coverage(Map.of(
        "CYCLES", List.of(t("CYCLES", "SALESORDERHEADER", "SALESORDERID", "FREIGHT"))),
        weights, Words::tableWords);
    assertThat(share.get("CYCLES")).isCloseTo(1.0, within(1e-9));
  }

  @Test
  void catalogWordsAndPhrases_areKeptUntilTheTableChanges() {
    TableInfo before = t("CYCLES", "SALESORDERHEADER", "SALESORDERID");
    TableInfo after = t("CYCLES", "SALESORDERHEADER", "SALESORDERID", "FREIGHT_COST");
    Catalog c = Catalog.of(List.of(before));
    IndexedCatalog indexed = IndexedCatalog.of(c, JoinGraph.build(c));
    assertThat(indexed.words(before)).contains("sale", "order", "header").doesNotContain("freight");
    assertThat(indexed.words()).containsOnlyKeys(Fields.key(before.id()));
    // SALESORDERID's words all belong to the table's name: no phrase
    assertThat(indexed.phrases(before)).isEmpty();
    assertThat(indexed.phrases()).containsOnlyKeys(Fields.key(before.id()));
    Catalog changed = Catalog.of(List.of(after));
    IndexedCatalog patched = indexed.patch(changed, Set.of(after.id()), Set.of(),
        JoinGraph.build(changed));
    assertThat(patched.words()).isEmpty();
    assertThat(patched.phrases()).isEmpty();
    assertThat(patched.phrases(after)).containsExactly(Set.of("freight", "cost"));
    assertThat(patched.words(after)).contains("freight");
    // a search still holding the old table gets its words, and they are not kept
    assertThat(patched.words(before)).doesNotContain("freight");
    assertThat(patched.words().get(Fields.key(after.id()))).contains("freight");
  }

  @Test
  void coverage_noWeights_isZero() {
    assertThat(Coherence.coverage(Map.of("A", List.of(t("A", "X", "Y"))), Map.of(),
        Words::tableWords))
        .containsEntry("A", 0.0);
  }
}
