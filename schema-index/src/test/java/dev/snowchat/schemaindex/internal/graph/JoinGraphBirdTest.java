package dev.snowchat.schemaindex.internal.graph;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.snowchat.schemaindex.Catalog;
import dev.snowchat.schemaindex.CatalogSnapshot;
import dev.snowchat.schemaindex.EdgeSource;
import dev.snowchat.schemaindex.JoinEdge;
import dev.snowchat.schemaindex.JoinGraph;
import dev.snowchat.schemaindex.internal.graph.FkEval.Pair;
import dev.snowchat.schemaindex.internal.graph.FkEval.Score;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Foreign-key inference on the 80 BIRD databases ({@code ../shared/data/bird}, skipped when
 * absent). The bars are what the rules measurably reach, not the target: see GRAPH.md.
 */
class JoinGraphBirdTest {
  private static Path dir;
  private static Catalog catalog;
  private static Set<Pair> gold;
  private static List<JoinEdge> inferred;

  @BeforeAll
  static void load() throws Exception {
    String shared = System.getProperty("snowchat.shared.dir", "../../shared");
    dir = Path.of(shared, "data", "bird");
    assumeTrue(Files.isRegularFile(dir.resolve("catalog.json"))
        && Files.isRegularFile(dir.resolve("fks.json")), "BIRD data not found at " + dir);
    catalog = CatalogSnapshot.read(dir.resolve("catalog.json"));
    gold = FkEval.gold(dir);
    inferred = JoinGraph.build(catalog).edges(EdgeSource.INFERRED);
  }

  @Test
  void inference_beatsTheNaiveFloorByAWideMargin() {
    Score s = FkEval.score(FkEval.pairs(inferred), gold);
    System.out.println("BIRD FK inference, all 80 databases: " + s);

    // naive floor: P 0.683, R 0.477; measured: P 0.715, R 0.891 (EVALUATION.md, issue 14). The
    // 13 databases that declare no key count every inferred edge false; see the test below.
    assertThat(s.precision()).isGreaterThanOrEqualTo(0.70);
    assertThat(s.recall()).isGreaterThanOrEqualTo(0.88);
  }

  @Test
  void inference_onDatabasesThatDeclareKeys() {
    Set<String> declaring = FkEval.declaring(gold);
    Score s = FkEval.within(FkEval.pairs(inferred), gold, declaring);
    System.out.println("BIRD FK inference, databases that declare keys: " + s);

    // the headline figure (score.py's "databases that declare keys"); measured: P 0.858, R 0.891
    // (before issue 14: P 0.842, R 0.821; the target, P 0.88, is not reached: see
    // EVALUATION.md)
    assertThat(s.precision()).isGreaterThanOrEqualTo(0.85);
    assertThat(s.recall()).isGreaterThanOrEqualTo(0.88);
  }

  @Test
  void inference_onTrainAndDevDatabases() throws Exception {
    Set<String> dev = FkEval.devDatabases(dir);
    Set<String> train = new TreeSet<>(FkEval.declaring(gold));
    train.removeAll(dev);
    Set<Pair> predicted = FkEval.pairs(inferred);
    Score trainScore = FkEval.within(predicted, gold, train);
    Score devScore = FkEval.within(predicted, gold, dev);
    System.out.println("BIRD FK inference, train databases that declare keys: " + trainScore);
    System.out.println("BIRD FK inference, dev databases: " + devScore);

    // rules were developed on the train databases and confirmed on the 11 dev databases;
    // measured: train P 0.849, R 0.895; dev P 0.913, R 0.875
    assertThat(dev).hasSize(11);
    assertThat(trainScore.precision()).isGreaterThanOrEqualTo(0.84);
    assertThat(trainScore.recall()).isGreaterThanOrEqualTo(0.885);
    assertThat(devScore.precision()).isGreaterThanOrEqualTo(0.90);
    assertThat(devScore.recall()).isGreaterThanOrEqualTo(0.86);
  }

  @Test
  void inference_neverLinksDatabases() {
    assertThat(inferred).allSatisfy(
        e -> assertThat(e.fromTable().database()).isEqualTo(e.toTable().database()));
  }

  @Test
  void birdJson_roundTripsToTheSamePairs() {
    JsonNode array = JsonMapper.builder().build().readTree(JoinEdges.toBirdJson(inferred));
    Set<Pair> fromJson = new TreeSet<>();
    for (JsonNode e : array) {
      assertThat(e.propertyNames()).containsExactly(
          "database", "from_table", "from_column", "to_table", "to_column");
      if (!e.get("from_table").asString().equals(e.get("to_table").asString())) {
        // score.py ignores self-references (EMPLOYEES.reportsTo), and so does FkEval.pairs
        fromJson.add(Pair.of(e.get("database").asString(), e.get("from_table").asString(),
            e.get("to_table").asString()));
      }
    }
    assertThat(fromJson).isEqualTo(FkEval.pairs(inferred));
  }
}
