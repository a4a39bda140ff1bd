package dev.snowchat.schemaindex.internal.embed;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.schemaindex.EmbeddingProvider;
import dev.snowchat.schemaindex.EmbeddingProviders;
import dev.snowchat.schemaindex.internal.eval.Evaluate;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/** Runs all-MiniLM-L6-v2 and BGE-small-en-v1.5 from the test dependencies' jars, offline. */
class DjlEmbeddingProviderTest {
  static double dot(float[] a, float[] b) {
    double s = 0;
    for (int i = 0; i < a.length; i++) {
      s += a[i] * b[i];
    }
    return s;
  }

  @Test
  void miniLm_embedsOfflineWith384DimensionsAndRanksMeaning() throws Exception {
    try (EmbeddingProvider p = EmbeddingProviders.create("djl", Evaluate.miniLmFiles())) {
      assertThat(p.name()).isEqualTo("djl");
      assertThat(p.dimension()).isEqualTo(384);
      List<float[]> v = p.embedAll(List.of(
          "How much revenue did we make per country?",
          "sales totals broken down by nation",
          "the patient's blood pressure readings"));
      assertThat(v).allSatisfy(x -> assertThat(dot(x, x)).isCloseTo(1.0, Offset.offset(1e-4)));
      assertThat(dot(v.get(0), v.get(1))).isGreaterThan(dot(v.get(0), v.get(2)) + 0.2);
      float[] single = p.embed("sales totals broken down by nation");
      assertThat(dot(single, v.get(1))).isCloseTo(1.0, Offset.offset(1e-3));
    }
  }

  @Test
  void bge_embedsOfflineWithClsPoolingAndAQueryInstruction() throws Exception {
    Map<String, String> files = Evaluate.bgeFiles();
    assertThat(files).containsEntry("pooling", "cls")
        .containsEntry("queryPrefix", Evaluate.BGE_QUERY_PREFIX);
    try (EmbeddingProvider p = EmbeddingProviders.create("djl", files)) {
      assertThat(p.dimension()).isEqualTo(384);
      List<float[]> tables = p.embedAll(List.of(
          "laboratory of database thrombosis prediction. columns: id, date, alb, t cho, crp",
          "orders of database retail. columns: order id, customer id, order date, amount"));
      float[] query = p.embedQuery("Which patients had a high cholesterol test result?");
      assertThat(dot(query, query)).isCloseTo(1.0, Offset.offset(1e-4));
      assertThat(dot(query, tables.get(0))).isGreaterThan(dot(query, tables.get(1)));
      // a query is embedded with the instruction, a document without it
      String text = "sales totals broken down by nation";
      assertThat(dot(p.embedQuery(text), p.embed(text))).isLessThan(0.999);
      assertThat(dot(p.embed(text), p.embedAll(List.of(text)).getFirst()))
          .isCloseTo(1.0, Offset.offset(1e-3));
    }
    Map<String, String> mean = new HashMap<>(files);
    mean.put("pooling", "mean");
    mean.remove("queryPrefix");
    try (EmbeddingProvider cls = EmbeddingProviders.create("djl", files);
        EmbeddingProvider avg = EmbeddingProviders.create("djl", mean)) {
      String text = "customer orders";
      // mean pooling of the same model gives another vector; without a prefix, queries and
      // documents are embedded alike
      assertThat(dot(cls.embed(text), avg.embed(text))).isLessThan(0.999);
      assertThat(dot(avg.embedQuery(text), avg.embed(text))).isCloseTo(1.0, Offset.offset(1e-4));
    }
  }
}
