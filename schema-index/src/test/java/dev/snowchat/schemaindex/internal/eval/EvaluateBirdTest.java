package dev.snowchat.schemaindex.internal.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.snowchat.schemaindex.EmbeddingProvider;
import dev.snowchat.schemaindex.internal.search.Tuning;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The BIRD schema-linking benchmark (question text only, whole 597-table catalog), when the
 * shared data folder is present. Asserts the figures measured with the default provider,
 * all-MiniLM-L6-v2 and BGE-small-en-v1.5, with a small margin; EVALUATION.md lists them.
 */
class EvaluateBirdTest {
  static Path birdDir() {
    String shared = System.getProperty("snowchat.shared.dir");
    Path dir = shared == null ? null : Path.of(shared, "data", "bird");
    assumeTrue(dir != null && Files.isRegularFile(dir.resolve("catalog.json"))
        && Files.isRegularFile(dir.resolve("questions.jsonl")),
        "BIRD data not found under snowchat.shared.dir=" + shared);
    return dir;
  }

  /** Runs the evaluation on BIRD with a provider, printing its report. */
  private static Evaluate.Result evaluate(String provider, Path out) throws Exception {
    Path bird = birdDir();
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    Evaluate.Result result;
    try (EmbeddingProvider p = Evaluate.provider(provider)) {
      result = Evaluate.run(bird.resolve("catalog.json"), bird.resolve("questions.jsonl"), out, p,
          Tuning.defaults(), new PrintStream(log, true, StandardCharsets.UTF_8));
    }
    System.out.println(log.toString(StandardCharsets.UTF_8));
    return result;
  }

  @Test
  void bird_defaultProvider_holdsItsMeasuredFigures(@TempDir Path out) throws Exception {
    Evaluate.Result result = evaluate("default", out);
    Evaluate.Metrics merged = result.get("merged(all catalog)");
    Evaluate.Metrics own = result.get("own-db");
    assertThat(merged.recall(5)).isGreaterThanOrEqualTo(MERGED_R5);
    assertThat(merged.recall(10)).isGreaterThanOrEqualTo(MERGED_R10);
    assertThat(merged.mrr()).isGreaterThanOrEqualTo(MERGED_MRR);
    assertThat(own.recall(5)).isGreaterThanOrEqualTo(OWN_R5);
    assertThat(own.recall(10)).isGreaterThanOrEqualTo(OWN_R10);
    List<String> pred = Files.readAllLines(out.resolve("PRED.jsonl"));
    assertThat(pred).hasSize(result.get("own-db").n());
    assertThat(pred.getFirst()).startsWith("{\"id\":").contains("\"ranked\":[");
    // EDGES.json is what score.py --fk-pred reads, in fks.json's format: one row per column
    // pair, so the composite PAIR_TABLE edges (LINEITEM -> PARTSUPP) give one row per column
    JsonNode edges = JsonMapper.builder().build().readTree(
        Files.readString(out.resolve("EDGES.json")));
    assertThat(edges.size()).isGreaterThan(result.edges());
    for (JsonNode e : edges) {
      assertThat(e.propertyNames()).containsExactly(
          "database", "from_table", "from_column", "to_table", "to_column");
      assertThat(e.get("from_column").asString()).doesNotContain(",");
    }
    assertThat(result.edges()).isPositive();
  }

  @Test
  void bird_miniLm_holdsItsMeasuredFigures(@TempDir Path out) throws Exception {
    Evaluate.Result result = evaluate("minilm", out);
    Evaluate.Metrics merged = result.get("merged(all catalog)");
    // measured 0.786 / 0.922 / 0.868; the targets are 0.75 / 0.85 / 0.85
    assertThat(merged.recall(5)).isGreaterThanOrEqualTo(0.765);
    assertThat(merged.recall(10)).isGreaterThanOrEqualTo(0.895);
    assertThat(merged.mrr()).isGreaterThanOrEqualTo(0.835);
    assertThat(result.get("own-db").recall(10)).isGreaterThanOrEqualTo(0.99);
  }

  /**
   * The products' shipped default on BIRD dev and, when present, BIRD train (one provider: the
   * catalog is embedded once). Train holds what run-together names split into words, coverage
   * routing, column phrases and table coverage brought (before: R@10 0.790, R@15 0.849, MRR
   * 0.699), and both what bridge and parent tables brought to recall@5 (before: dev 0.801,
   * train 0.681).
   */
  @Test
  void bird_shippedDefault_quantizedBge_holdsItsFiguresOnDevAndTrain(@TempDir Path out)
      throws Exception {
    Path bird = birdDir();
    Path train = bird.resolveSibling("bird-train").resolve("questions.jsonl");
    try (EmbeddingProvider p = Evaluate.provider("bge-small")) {
      Evaluate.Result dev = run(p, bird.resolve("questions.jsonl"), out.resolve("dev"), false);
      Evaluate.Metrics merged = dev.get("merged(all catalog)");
      // measured 0.851 / 0.930 / 0.877 (each text embedded alone; parents of the best three)
      assertThat(merged.recall(5)).isGreaterThanOrEqualTo(0.84);
      assertThat(merged.recall(10)).isGreaterThanOrEqualTo(0.92);
      assertThat(merged.mrr()).isGreaterThanOrEqualTo(0.86);
      assertThat(dev.get("own-db").recall(10)).isGreaterThanOrEqualTo(0.99);
      assumeTrue(Files.isRegularFile(train), "BIRD train questions not found: " + train);
      Evaluate.Metrics t = run(p, train, out.resolve("train"), true).get("merged(all catalog)");
      // measured R@5 0.720, R@10 0.828, R@15 0.874, MRR 0.737 (0.714 / 0.824 / 0.872 / 0.738
      // with one parent of the best two at rank 5)
      assertThat(t.recall(5)).as("train R@5").isGreaterThanOrEqualTo(0.715);
      assertThat(t.recall(10)).as("train R@10").isGreaterThanOrEqualTo(0.82);
      assertThat(t.recall(15)).as("train R@15").isGreaterThanOrEqualTo(0.86);
      assertThat(t.mrr()).as("train MRR").isGreaterThanOrEqualTo(0.73);
    }
  }

  private static Evaluate.Result run(EmbeddingProvider p, Path questions, Path out,
      boolean mergedOnly) throws Exception {
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    Evaluate.Result result = Evaluate.run(birdDir().resolve("catalog.json"), questions, out, p,
        Tuning.defaults(), new PrintStream(log, true, StandardCharsets.UTF_8), mergedOnly);
    System.out.println(log.toString(StandardCharsets.UTF_8));
    return result;
  }

  @Test
  void bird_bge_reachesAllTargets(@TempDir Path out) throws Exception {
    Evaluate.Result result = evaluate("bge", out);
    Evaluate.Metrics merged = result.get("merged(all catalog)");
    // measured 0.801 / 0.931 / 0.876; the targets are 0.75 / 0.85 / 0.85
    assertThat(merged.recall(5)).isGreaterThanOrEqualTo(BGE_R5);
    assertThat(merged.recall(10)).isGreaterThanOrEqualTo(BGE_R10);
    assertThat(merged.mrr()).isGreaterThanOrEqualTo(BGE_MRR);
    assertThat(result.get("own-db").recall(10)).isGreaterThanOrEqualTo(0.99);
  }

  /**
   * Issue 14 item 5: keyword search alone ranks above plain BM25 ({@code baseline.py}) on every
   * metric of BIRD dev and of BIRD train (6,601 questions about the other 69 databases, whose
   * weights were never fitted on dev), merged over the whole catalog. Train is skipped without
   * {@code data/bird-train}.
   */
  @Test
  void bird_keywordOnly_aboveBm25_onDevAndTrain(@TempDir Path out) throws Exception {
    Path bird = birdDir();
    Path train = bird.resolveSibling("bird-train").resolve("questions.jsonl");
    // baseline.py's BM25, merged (all catalog): R@1, R@5, R@10, MRR
    check(bird.resolve("questions.jsonl"), bird, out.resolve("dev"), 0.113, 0.435, 0.555, 0.694);
    assumeTrue(Files.isRegularFile(train), "BIRD train questions not found: " + train);
    check(train, bird, out.resolve("train"), 0.095, 0.371, 0.474, 0.628);
  }

  private static void check(Path questions, Path bird, Path out, double r1, double r5, double r10,
      double mrr) throws Exception {
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    Evaluate.Result result;
    try (EmbeddingProvider p = Evaluate.provider("none")) {
      result = Evaluate.run(bird.resolve("catalog.json"), questions, out, p, Tuning.defaults(),
          new PrintStream(log, true, StandardCharsets.UTF_8), true);
    }
    System.out.println(log.toString(StandardCharsets.UTF_8));
    Evaluate.Metrics merged = result.get("merged(all catalog)");
    // measured dev 0.164 / 0.707 / 0.842 / 0.807, train 0.101 / 0.606 / 0.732 / 0.662
    assertThat(merged.recall(1)).as("R@1").isGreaterThan(r1);
    assertThat(merged.recall(5)).as("R@5").isGreaterThan(r5);
    assertThat(merged.recall(10)).as("R@10").isGreaterThan(r10);
    assertThat(merged.mrr()).as("MRR").isGreaterThan(mrr);
  }

  // measured values minus a small margin (see EVALUATION.md)
  static final double MERGED_R5 = 0.69;
  static final double MERGED_R10 = 0.82;
  static final double MERGED_MRR = 0.75;
  static final double OWN_R5 = 0.83;
  static final double OWN_R10 = 0.97;
  static final double BGE_R5 = 0.79;
  static final double BGE_R10 = 0.92;
  static final double BGE_MRR = 0.855;
}
