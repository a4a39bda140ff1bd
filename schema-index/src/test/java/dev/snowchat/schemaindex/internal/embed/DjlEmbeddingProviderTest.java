package dev.snowchat.schemaindex.internal.embed;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.schemaindex.EmbeddingProvider;
import dev.snowchat.schemaindex.EmbeddingProviders;
import dev.snowchat.schemaindex.internal.eval.Evaluate;
import java.util.List;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/** Runs all-MiniLM-L6-v2 from the test dependency's jar, offline. */
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
}
