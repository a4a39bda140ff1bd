package dev.snowchat.schemaindex.internal.embed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.snowchat.schemaindex.IndexErrorCode;
import dev.snowchat.sqlgate.SnowchatException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class VectorCacheTest {
  @Test
  void writeThenRead_keepsModelAndEveryVector(@TempDir Path dir) {
    VectorCache cache = new VectorCache("m:1", 3);
    cache.put("orders", new float[] {1, 0, 0});
    cache.put("customers", new float[] {0, 0.6f, 0.8f});
    Path file = VectorCache.besideSnapshot(dir.resolve("catalog.json"));
    assertThat(file.getFileName().toString()).isEqualTo("catalog.json.vectors");
    cache.write(file);

    VectorCache read = VectorCache.read(file);
    assertThat(read.modelId()).isEqualTo("m:1");
    assertThat(read.dimension()).isEqualTo(3);
    assertThat(read.size()).isEqualTo(2);
    assertThat(read.get("customers")).containsExactly(0, 0.6f, 0.8f);
    assertThat(read.get("orders ")).isNull();
  }

  @Test
  void read_truncatedOrForeignFile_isSnapshotInvalid(@TempDir Path dir) throws Exception {
    VectorCache cache = new VectorCache("m:1", 2);
    cache.put("a", new float[] {1, 0});
    Path file = dir.resolve("v");
    cache.write(file);
    byte[] all = Files.readAllBytes(file);
    Files.write(file, Arrays.copyOf(all, all.length - 3));
    assertThatThrownBy(() -> VectorCache.read(file))
        .isInstanceOfSatisfying(SnowchatException.class,
            e -> assertThat(e.code()).isEqualTo(IndexErrorCode.SNAPSHOT_INVALID))
        .hasMessageContaining("truncated");
    Files.writeString(file, "{\"format\":\"snowchat-catalog\"}");
    assertThatThrownBy(() -> VectorCache.read(file))
        .hasMessageContaining("not a Snowchat vector file");
  }

  /** A unit vector per angle: the reader refuses vectors of another length. */
  private static float[] unit(double angle) {
    return new float[] {(float) Math.cos(angle), (float) Math.sin(angle)};
  }

  @Test
  void write_sameVectors_sameBytes_inTextHashOrder(@TempDir Path dir) throws Exception {
    List<String> texts = java.util.stream.IntStream.range(0, 300).mapToObj(i -> "text " + i)
        .toList();
    VectorCache forward = new VectorCache("m:1", 2);
    VectorCache backward = new VectorCache("m:1", 2);
    for (String t : texts) {
      forward.put(t, unit(t.hashCode()));
    }
    for (String t : texts.reversed()) {
      backward.put(t, unit(t.hashCode()));
    }
    forward.write(dir.resolve("a"));
    backward.write(dir.resolve("b"));
    VectorCache.read(dir.resolve("a")).write(dir.resolve("c"));
    byte[] a = Files.readAllBytes(dir.resolve("a"));
    assertThat(Files.readAllBytes(dir.resolve("b"))).isEqualTo(a);
    assertThat(Files.readAllBytes(dir.resolve("c"))).isEqualTo(a);
    // the entries follow their hashes' bytes (unsigned), whatever the JVM's map order
    java.io.DataInputStream in = new java.io.DataInputStream(
        new java.io.ByteArrayInputStream(a));
    in.skipNBytes(16 + 4);
    in.readUTF();
    assertThat(in.readInt()).isEqualTo(2);
    int count = in.readInt();
    assertThat(count).isEqualTo(300);
    byte[] previous = null;
    for (int i = 0; i < count; i++) {
      byte[] hash = in.readNBytes(16);
      if (previous != null) {
        assertThat(Arrays.compareUnsigned(previous, hash)).as("entry " + i).isNegative();
      }
      previous = hash;
      in.skipNBytes(2 * 4);
    }
  }

  @Test
  void write_hasTheSnapshotsMode(@TempDir Path dir) throws Exception {
    assumeTrue(dir.getFileSystem().supportedFileAttributeViews().contains("posix"));
    Path snapshot = dir.resolve("catalog.json");
    dev.snowchat.schemaindex.CatalogSnapshot.write(
        dev.snowchat.schemaindex.Catalog.of(List.of()), snapshot);
    VectorCache cache = new VectorCache("m:1", 2);
    cache.put("a", new float[] {1, 0});
    cache.write(VectorCache.besideSnapshot(snapshot));
    // was rw------- (createTempFile) beside a rw-r--r-- snapshot
    assertThat(Files.getPosixFilePermissions(VectorCache.besideSnapshot(snapshot)))
        .isEqualTo(Files.getPosixFilePermissions(snapshot));
    try (var files = Files.list(dir)) {
      assertThat(files.map(p -> p.getFileName().toString()))
          .containsExactlyInAnyOrder("catalog.json", "catalog.json.vectors");
    }
  }

  @Test
  void cachingProvider_embedsEachMissingTextOnce() {
    int[] calls = {0};
    dev.snowchat.schemaindex.EmbeddingProvider model =
        new dev.snowchat.schemaindex.EmbeddingProvider() {
          @Override
          public String name() {
            return "m";
          }

          @Override
          public int dimension() {
            return 2;
          }

          @Override
          public float[] embed(String text) {
            calls[0]++;
            return new float[] {text.length(), 1};
          }
        };
    CachingEmbeddingProvider p =
        new CachingEmbeddingProvider(model, new VectorCache(model.modelId(), 2));
    assertThat(p.embedAll(List.of("ab", "abc", "ab"))).hasSize(3);
    assertThat(calls[0]).isEqualTo(2);
    assertThat(p.embedAll(List.of("abc", "ab"))).hasSize(2);
    assertThat(p.embed("ab")).containsExactly(2, 1);
    assertThat(calls[0]).isEqualTo(2);
    assertThat(p.embedded()).isEqualTo(2);
    assertThatThrownBy(() -> new CachingEmbeddingProvider(model, new VectorCache("other", 2)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("holds vectors of other, not of m:2");
  }
}
