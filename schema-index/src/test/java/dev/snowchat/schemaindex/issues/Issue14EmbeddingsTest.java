package dev.snowchat.schemaindex.issues;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.schemaindex.CatalogSnapshot;
import dev.snowchat.schemaindex.CatalogSources;
import dev.snowchat.schemaindex.EmbeddingProvider;
import dev.snowchat.schemaindex.EmbeddingProviders;
import dev.snowchat.schemaindex.FakeCatalogSource;
import dev.snowchat.schemaindex.SchemaIndex;
import dev.snowchat.schemaindex.SearchMode;
import dev.snowchat.schemaindex.SearchRequest;
import dev.snowchat.schemaindex.SearchResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 14: a semantic model never embeds a text twice (vector cache, vectors in the snapshot, an
 * incremental update embeds only what changed), keyword search answers while vectors are
 * computed and every answer says which mode served it.
 */
class Issue14EmbeddingsTest {
  private static final Duration WAIT = Duration.ofSeconds(60);
  private static final Instant T0 = Instant.parse("2025-01-01T00:00:00Z");

  /**
   * A semantic stand-in for a sentence model (the hashing provider's vectors under another name),
   * counting the texts it embeds; {@code gate} holds every batch until released.
   */
  static class CountingModel implements EmbeddingProvider {
    private final EmbeddingProvider vectors = EmbeddingProviders.create("default", Map.of());
    final AtomicLong texts = new AtomicLong();
    final CountDownLatch gate;

    CountingModel(boolean gated) {
      this.gate = new CountDownLatch(gated ? 1 : 0);
    }

    @Override
    public String name() {
      return "counting-model";
    }

    @Override
    public int dimension() {
      return vectors.dimension();
    }

    @Override
    public float[] embed(String text) {
      return embedAll(List.of(text)).getFirst();
    }

    @Override
    public float[] embedQuery(String query) {
      return vectors.embed(query);
    }

    @Override
    public List<float[]> embedAll(List<String> batch) {
      try {
        if (!gate.await(60, TimeUnit.SECONDS)) {
          throw new IllegalStateException("gate never opened");
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
      texts.addAndGet(batch.size());
      return batch.stream().map(vectors::embed).toList();
    }
  }

  private static FakeCatalogSource shop() {
    return new FakeCatalogSource()
        .put("CUSTOMERS", T0, "CUSTOMER_ID", "NAME", "COUNTRY")
        .put("ORDERS", T0, "ORDER_ID", "CUSTOMER_ID", "AMOUNT")
        .put("PRODUCTS", T0, "PRODUCT_ID", "TITLE", "PRICE");
  }

  @Test
  void semanticModel_servesKeywordsWhileEmbedding_thenHybrid_andSaysSo() throws Exception {
    CountingModel model = new CountingModel(true);
    try (SchemaIndex index = SchemaIndex.builder().source(shop()).embeddings(model)
        .pollInterval(Duration.ZERO).build()) {
      index.start();
      assertThat(index.awaitReady(WAIT)).isTrue();

      SearchResult first = index.find(SearchRequest.of("orders amount", 3));
      assertThat(first.mode()).isEqualTo(SearchMode.KEYWORD_WHILE_EMBEDDING);
      assertThat(first.hits()).isNotEmpty();
      assertThat(first.hits().getFirst().table().name()).isEqualTo("ORDERS");

      model.gate.countDown();
      assertThat(index.awaitVectors(WAIT)).isTrue();
      SearchResult later = index.find(SearchRequest.of("orders amount", 3));
      assertThat(later.mode()).isEqualTo(SearchMode.HYBRID);
      assertThat(later.hits().getFirst().table().name()).isEqualTo("ORDERS");
      // 3 table texts, 9 column texts, 1 database text: each embedded once
      assertThat(model.texts.get()).isEqualTo(13);
      assertThat(index.embeddedTexts()).isEqualTo(13);
    }
  }

  @Test
  void keywordFirstOff_firstLoadWaitsForVectors() {
    CountingModel model = new CountingModel(false);
    try (SchemaIndex index = SchemaIndex.builder().source(shop()).embeddings(model)
        .keywordFirst(false).pollInterval(Duration.ZERO).build()) {
      index.start();
      assertThat(index.awaitReady(WAIT)).isTrue();
      assertThat(index.find(SearchRequest.of("customers", 3)).mode())
          .isEqualTo(SearchMode.HYBRID);
    }
  }

  @Test
  void keywordOnly_reportsKeywordMode() {
    try (SchemaIndex index = SchemaIndex.builder().source(shop()).keywordOnly()
        .pollInterval(Duration.ZERO).build()) {
      index.start();
      assertThat(index.awaitReady(WAIT)).isTrue();
      SearchResult r = index.find(SearchRequest.of("customers", 3));
      assertThat(r.mode()).isEqualTo(SearchMode.KEYWORD);
      assertThat(r.hits().getFirst().table().name()).isEqualTo("CUSTOMERS");
    }
  }

  @Test
  void hashingDefault_isHybridFromTheFirstCall() {
    try (SchemaIndex index = SchemaIndex.builder().source(shop())
        .pollInterval(Duration.ZERO).build()) {
      index.start();
      assertThat(index.awaitReady(WAIT)).isTrue();
      assertThat(index.find(SearchRequest.of("customers", 3)).mode())
          .isEqualTo(SearchMode.HYBRID);
    }
  }

  @Test
  void snapshotVectors_serverStartedFromSnapshot_embedsNothing_andIsHybridAtOnce(
      @TempDir Path dir) throws Exception {
    Path snapshot = dir.resolve("catalog.json");
    CountingModel first = new CountingModel(false);
    try (SchemaIndex index = SchemaIndex.builder().source(shop()).embeddings(first)
        .pollInterval(Duration.ZERO).build()) {
      index.start();
      assertThat(index.awaitVectors(WAIT)).isTrue();
      assertThat(index.writeSnapshot(snapshot)).isEqualTo(13);
    }
    assertThat(first.texts.get()).isEqualTo(13);
    assertThat(Files.size(dir.resolve("catalog.json.vectors"))).isPositive();

    CountingModel second = new CountingModel(true); // would block if it had to embed
    try (SchemaIndex index = SchemaIndex.builder().source(CatalogSources.snapshot(snapshot))
        .snapshot(snapshot).embeddings(second).pollInterval(Duration.ZERO).build()) {
      index.start();
      assertThat(index.awaitReady(WAIT)).isTrue();
      SearchResult r = index.find(SearchRequest.of("product price", 3));
      assertThat(r.mode()).isEqualTo(SearchMode.HYBRID);
      assertThat(r.hits().getFirst().table().name()).isEqualTo("PRODUCTS");
      assertThat(second.texts.get()).isZero();
      assertThat(CatalogSnapshot.read(snapshot).size()).isEqualTo(3);
    }
  }

  @Test
  void snapshotVectorsOfAnotherModel_areIgnored(@TempDir Path dir) {
    Path snapshot = dir.resolve("catalog.json");
    try (SchemaIndex index = SchemaIndex.builder().source(shop())
        .embeddings(new CountingModel(false)).pollInterval(Duration.ZERO).build()) {
      index.start();
      assertThat(index.awaitVectors(WAIT)).isTrue();
      index.writeSnapshot(snapshot);
    }
    CountingModel other = new CountingModel(false) {
      @Override
      public String modelId() {
        return "another-model:1";
      }
    };
    try (SchemaIndex index = SchemaIndex.builder().source(CatalogSources.snapshot(snapshot))
        .snapshot(snapshot).embeddings(other).keywordFirst(false)
        .pollInterval(Duration.ZERO).build()) {
      index.start();
      assertThat(index.awaitReady(WAIT)).isTrue();
      assertThat(other.texts.get()).isEqualTo(13);
    }
  }

  @Test
  void incrementalUpdate_embedsOnlyTheChangedTable() throws Exception {
    CountingModel model = new CountingModel(false);
    FakeCatalogSource source = shop();
    try (SchemaIndex index = SchemaIndex.builder().source(source).embeddings(model)
        .pollInterval(Duration.ZERO).build()) {
      index.start();
      assertThat(index.awaitVectors(WAIT)).isTrue();
      long before = model.texts.get();

      source.put("ORDERS", T0.plusSeconds(60), "ORDER_ID", "CUSTOMER_ID", "AMOUNT", "SHIPPED_ON");
      index.refreshNow().get(60, TimeUnit.SECONDS);

      // the changed table's text and its one new column; its other columns and the database
      // text (same table names) come from the cache
      assertThat(model.texts.get() - before).isEqualTo(2);
      SearchResult r = index.find(SearchRequest.of("shipped on", 3));
      assertThat(r.mode()).isEqualTo(SearchMode.HYBRID);
      assertThat(r.hits().getFirst().table().name()).isEqualTo("ORDERS");
    }
  }
}
