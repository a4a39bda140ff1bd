package dev.snowchat.schemaindex;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.schemaindex.internal.embed.VectorCache;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A bad snapshot or vector file at start never keeps the index from loading from its source: the
 * snapshot is skipped (or its vectors embedded again) with a warning.
 */
class SnapshotFallbackTest {
  private static final Duration WAIT = Duration.ofSeconds(60);
  private static final Instant T0 = Instant.parse("2025-01-01T00:00:00Z");

  @TempDir Path dir;

  /** A semantic stand-in (the hashing provider's vectors under another name), counting texts. */
  static final class CountingModel implements EmbeddingProvider {
    private final EmbeddingProvider vectors = EmbeddingProviders.create("default", Map.of());
    final AtomicLong texts = new AtomicLong();

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
      texts.incrementAndGet();
      return vectors.embed(text);
    }
  }

  private static FakeCatalogSource warehouse() {
    return new FakeCatalogSource().put("CUSTOMERS", T0, "CUSTOMER_ID", "NAME", "COUNTRY")
        .put("ORDERS", T0, "ORDER_ID", "CUSTOMER_ID", "AMOUNT")
        .put("PRODUCTS", T0, "PRODUCT_ID", "TITLE", "PRICE");
  }

  @Test
  void truncatedSnapshot_isSkipped_andTheIndexLoadsFromTheSource() throws Exception {
    Path snapshot = dir.resolve("catalog.json");
    String json = CatalogSnapshot.toJson(warehouse().load());
    Files.writeString(snapshot, json.substring(0, json.length() / 2));
    FakeCatalogSource source = warehouse();
    try (SchemaIndex index = SchemaIndex.builder().source(source).snapshot(snapshot)
        .keywordOnly().pollInterval(Duration.ZERO).build()) {
      index.start();
      assertThat(index.awaitReady(WAIT)).isTrue();
      assertThat(index.state()).isInstanceOfSatisfying(LoadState.Ready.class,
          r -> assertThat(r.origin()).isEqualTo("fake"));
      assertThat(index.catalog().orElseThrow().size()).isEqualTo(3);
      assertThat(source.loads()).isEqualTo(1);
    }
  }

  @Test
  void snapshotThatIsAFolder_isSkipped_andTheIndexLoadsFromTheSource() {
    try (SchemaIndex index = SchemaIndex.builder().source(warehouse()).snapshot(dir)
        .keywordOnly().pollInterval(Duration.ZERO).build()) {
      index.start();
      assertThat(index.awaitReady(WAIT)).isTrue();
      assertThat(index.catalog().orElseThrow().size()).isEqualTo(3);
    }
  }

  /**
   * Before: a vector file with a NaN (and a valid layout) made every build of the search index
   * fail ({@code IllegalArgumentException: non-finite value}), from the snapshot and then from the
   * source, and the index failed permanently: the server never served.
   */
  @Test
  void vectorsWithNaN_areIgnored_theTextsEmbeddedAgain_andTheIndexServesHybrid()
      throws Exception {
    Path snapshot = dir.resolve("catalog.json");
    CountingModel first = new CountingModel();
    try (SchemaIndex index = SchemaIndex.builder().source(warehouse()).embeddings(first)
        .keywordFirst(false).pollInterval(Duration.ZERO).build()) {
      index.start();
      assertThat(index.awaitVectors(WAIT)).isTrue();
      assertThat(index.writeSnapshot(snapshot)).isPositive();
    }
    long texts = first.texts.get();
    Path vectors = VectorCache.besideSnapshot(snapshot);
    poisonEveryVector(vectors, first.modelId(), first.dimension());

    CountingModel second = new CountingModel();
    try (SchemaIndex index = SchemaIndex.builder().source(warehouse()).snapshot(snapshot)
        .embeddings(second).keywordFirst(false).pollInterval(Duration.ZERO).maxRetries(0)
        .build()) {
      index.start();
      assertThat(index.awaitReady(WAIT)).isTrue();
      assertThat(index.state()).isInstanceOf(LoadState.Ready.class);
      assertThat(second.texts.get()).isEqualTo(texts);
      SearchResult r = index.find(SearchRequest.of("product price", 3));
      assertThat(r.mode()).isEqualTo(SearchMode.HYBRID);
      assertThat(r.hits().getFirst().table().name()).isEqualTo("PRODUCTS");
    }
  }

  /** Sets the first float of every vector to NaN and rewrites the checksum to match. */
  private static void poisonEveryVector(Path file, String model, int dimension)
      throws Exception {
    byte[] b = Files.readAllBytes(file);
    ByteBuffer buf = ByteBuffer.wrap(b);
    int header = 16 + 4 + 2 + model.length() + 4 + 4;
    int count = buf.getInt(header - 4);
    assertThat(count).isPositive();
    for (int i = 0; i < count; i++) {
      buf.putFloat(header + i * (16 + 4 * dimension) + 16, Float.NaN);
    }
    CRC32C crc = new CRC32C();
    crc.update(b, 0, b.length - 4);
    buf.putInt(b.length - 4, (int) crc.getValue());
    Files.write(file, b);
    assertThat(Arrays.equals(Files.readAllBytes(file), b)).isTrue();
  }

  @Test
  void vectorsOfTheSameModelIdButAnotherDimension_areIgnored() throws Exception {
    Path snapshot = dir.resolve("catalog.json");
    CountingModel model = new CountingModel();
    CatalogSnapshot.write(warehouse().load(), snapshot);
    VectorCache wrong = new VectorCache(model.modelId(), 3);
    for (String t : List.of("CUSTOMERS", "ORDERS")) {
      wrong.put(t, new float[] {1, 0, 0});
    }
    wrong.write(VectorCache.besideSnapshot(snapshot));
    try (SchemaIndex index = SchemaIndex.builder().source(warehouse()).snapshot(snapshot)
        .embeddings(model).keywordFirst(false).pollInterval(Duration.ZERO).build()) {
      index.start();
      assertThat(index.awaitReady(WAIT)).isTrue();
      assertThat(index.find(SearchRequest.of("product price", 3)).mode())
          .isEqualTo(SearchMode.HYBRID);
      assertThat(model.texts.get()).isPositive();
    }
  }
}
