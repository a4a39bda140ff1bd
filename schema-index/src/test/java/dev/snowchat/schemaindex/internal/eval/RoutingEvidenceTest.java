package dev.snowchat.schemaindex.internal.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.snowchat.schemaindex.Catalog;
import dev.snowchat.schemaindex.ColumnInfo;
import dev.snowchat.schemaindex.QualifiedName;
import dev.snowchat.schemaindex.TableInfo;
import dev.snowchat.schemaindex.internal.eval.Evaluate.Question;
import java.util.List;
import org.junit.jupiter.api.Test;

class RoutingEvidenceTest {
  private static TableInfo table(String db, String name, String... columns) {
    return TableInfo.builder(QualifiedName.of(db, "PUBLIC", name))
        .columns(java.util.Arrays.stream(columns).map(c -> ColumnInfo.of(c, "TEXT")).toList())
        .build();
  }

  // two look-alike databases: both have players and teams; only HOCKEY has goalies, only
  // FOOTBALL has a potential
  private static final Catalog CATALOG = Catalog.of(List.of(
      table("HOCKEY", "PLAYERS", "playerID", "firstName", "lastName"),
      table("HOCKEY", "GOALIES", "playerID", "saves"),
      table("HOCKEY", "TEAMS", "teamID", "name"),
      table("FOOTBALL", "PLAYER", "player_id", "player_name"),
      table("FOOTBALL", "PLAYER_ATTRIBUTES", "player_id", "potential", "overall_rating"),
      table("FOOTBALL", "TEAM", "team_id", "team_long_name")));

  @Test
  void of_splitsTheMisroutedQuestions_byTheWordsOnlyOneSideHolds() {
    List<Question> questions = List.of(
        // right database first, gold at rank 2: reciprocal rank 1/2, a hit at k=2
        new Question("q1", "Which goalie saved most?", "HOCKEY", List.of("GOALIES")),
        // wrong first, "potential" only in FOOTBALL, nothing only in HOCKEY: favourable
        new Question("q2", "What is the potential of this player?", "FOOTBALL",
            List.of("PLAYER_ATTRIBUTES")),
        // wrong first, no word that only FOOTBALL holds ("player", "team" are in both)
        new Question("q3", "Which team does the player play for?", "FOOTBALL",
            List.of("TEAM", "PLAYER")),
        // wrong first, "rating" only in FOOTBALL but "saves" only in HOCKEY: both sides
        new Question("q4", "Overall rating of players with saves", "FOOTBALL",
            List.of("PLAYER_ATTRIBUTES")));
    List<List<String>> ranked = List.of(
        List.of("HOCKEY.PLAYERS", "HOCKEY.GOALIES", "HOCKEY.TEAMS"),
        List.of("HOCKEY.PLAYERS", "HOCKEY.TEAMS", "FOOTBALL.PLAYER_ATTRIBUTES"),
        List.of("HOCKEY.TEAMS", "FOOTBALL.TEAM", "HOCKEY.PLAYERS", "FOOTBALL.PLAYER"),
        List.of("HOCKEY.GOALIES", "FOOTBALL.PLAYER_ATTRIBUTES"));

    RoutingEvidence.Figures f = RoutingEvidence.of(CATALOG, questions, ranked, 2);

    assertThat(f.questions()).isEqualTo(4);
    assertThat(f.wrongDb()).isEqualTo(3);
    assertThat(f.noWord()).isEqualTo(1);
    assertThat(f.favourable()).isEqualTo(1);
    // q1 1/2, q2 fixed to 1, q3 1/2 (FOOTBALL.TEAM second), q4 1/2
    assertThat(f.mrrCeiling()).isCloseTo((0.5 + 1 + 0.5 + 0.5) / 4, within(1e-9));
    // at k=2: q1 a hit, q2 fixed, q3 misses PLAYER, q4 a hit
    assertThat(f.recallCeiling()).isCloseTo(3 / 4.0, within(1e-9));
    // q1, routed right, also perfect: rank 1
    assertThat(f.fullMrrCeiling()).isCloseTo((1 + 1 + 0.5 + 0.5) / 4, within(1e-9));
    assertThat(f.fullRecallCeiling()).isCloseTo(3 / 4.0, within(1e-9));
    assertThat(f.format()).contains("wrong database first 3 of 4", "MRR <= 0.625",
        "R@2 <= 0.750", "MRR <= 0.750");
  }

  @Test
  void of_noMisroutedQuestion_givesTheFiguresAsTheyAre() {
    List<Question> questions = List.of(
        new Question("q1", "goalie saves", "HOCKEY", List.of("GOALIES")));
    RoutingEvidence.Figures f = RoutingEvidence.of(CATALOG, questions,
        List.of(List.of("HOCKEY.PLAYERS", "HOCKEY.TEAMS", "HOCKEY.GOALIES")), 2);
    assertThat(f.wrongDb()).isZero();
    assertThat(f.favourable()).isZero();
    assertThat(f.mrrCeiling()).isCloseTo(1 / 3.0, within(1e-9));
    assertThat(f.recallCeiling()).isZero();
    assertThat(f.fullMrrCeiling()).isEqualTo(1.0);
    assertThat(f.fullRecallCeiling()).isEqualTo(1.0);
  }
}
