package dev.snowchat.schemaindex.internal.embed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.snowchat.schemaindex.EmbeddingProvider;
import dev.snowchat.schemaindex.EmbeddingProviders;
import dev.snowchat.sqlgate.SnowchatException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The shipped model is created without loading it (a server answers its first {@code tools/list}
 * before DJL and ONNX Runtime are up) and loads once, on first use, with the dimension it
 * promised.
 */
class LazyEmbeddingProviderTest {
  @Test
  void shippedModel_createdWithoutLoading_loadsOnFirstEmbedding() {
    try (EmbeddingProvider p = EmbeddingProviders.create("bge-small", Map.of())) {
      assertThat(p).isInstanceOf(LazyEmbeddingProvider.class);
      LazyEmbeddingProvider lazy = (LazyEmbeddingProvider) p;
      assertThat(p.name()).isEqualTo("bge-small");
      assertThat(p.dimension()).isEqualTo(384);
      assertThat(p.modelId()).startsWith("bge-small:");
      assertThat(lazy.isLoaded()).as("name, id and dimension need no model").isFalse();
      float[] v = p.embed("reviews by host");
      assertThat(v).hasSize(384);
      assertThat(lazy.isLoaded()).isTrue();
      assertThat(p.embedAll(List.of("reviews by host")).get(0))
          .usingComparatorWithPrecision(1e-2f).containsExactly(v);
    }
  }

  @Test
  void loadsOnce_rememberedFailure_andDimensionChecked() {
    AtomicInteger loads = new AtomicInteger();
    EmbeddingProvider fixed = new HashingEmbeddingProvider(16);
    LazyEmbeddingProvider ok = new LazyEmbeddingProvider("h", "h:16", 16, () -> {
      loads.incrementAndGet();
      return fixed;
    });
    ok.embed("a");
    ok.embedQuery("b");
    ok.embedAll(List.of("c", "d"));
    assertThat(loads).hasValue(1);

    AtomicInteger failures = new AtomicInteger();
    LazyEmbeddingProvider broken = new LazyEmbeddingProvider("x", "x:1", 1, () -> {
      failures.incrementAndGet();
      throw new IllegalStateException("no model");
    });
    assertThatThrownBy(() -> broken.embed("a")).hasMessage("no model");
    assertThatThrownBy(() -> broken.embed("a")).hasMessage("no model");
    assertThat(failures).hasValue(1);

    LazyEmbeddingProvider wrong = new LazyEmbeddingProvider("h", "h:32", 32, () -> fixed);
    assertThatThrownBy(() -> wrong.embed("a")).isInstanceOf(SnowchatException.class)
        .hasMessageContaining("has dimension 16, expected 32");
    ok.close();
    assertThatThrownBy(() -> ok.embed("a")).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("closed");
  }
}
