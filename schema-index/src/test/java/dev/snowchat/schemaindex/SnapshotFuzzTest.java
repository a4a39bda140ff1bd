package dev.snowchat.schemaindex;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.snowchat.schemaindex.internal.embed.VectorCache;
import dev.snowchat.sqlgate.SnowchatException;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Mutates real snapshot and vector files (truncation, bit flips, byte replacement, deletion,
 * duplication of a range, splicing two files) with a fixed seed and reads each: it either loads a
 * self-consistent catalog (one an index serves) or fails with {@code SNAPSHOT_INVALID} and a
 * clear message; nothing else is thrown. A truncated snapshot, and any changed vector file, never
 * loads as something other than the original.
 */
class SnapshotFuzzTest {
  private static final long SEED = 0x5EED_2026_1202L;
  private static final int CASES = 500;

  @TempDir Path dir;

  enum Mutation { TRUNCATE, FLIP_BITS, REPLACE_BYTE, DELETE_RANGE, DUPLICATE_RANGE, SPLICE }

  private static final byte[] INTERESTING =
      "\0\u007f\"\\{}[],:0-9eEnull truefalse\n".getBytes(StandardCharsets.ISO_8859_1);

  /** One mutated file; {@code other} is a second valid file to splice with. */
  private static byte[] mutate(Mutation m, byte[] in, byte[] other, SplittableRandom r) {
    int n = in.length;
    return switch (m) {
      case TRUNCATE -> Arrays.copyOf(in, r.nextInt(n));
      case FLIP_BITS -> {
        byte[] out = in.clone();
        for (int i = 1 + r.nextInt(3); i > 0; i--) {
          out[r.nextInt(n)] ^= (byte) (1 << r.nextInt(8));
        }
        yield out;
      }
      case REPLACE_BYTE -> {
        byte[] out = in.clone();
        out[r.nextInt(n)] = r.nextBoolean() ? (byte) r.nextInt(256)
            : INTERESTING[r.nextInt(INTERESTING.length)];
        yield out;
      }
      case DELETE_RANGE -> {
        int a = r.nextInt(n);
        int b = a + 1 + r.nextInt(Math.min(64, n - a));
        yield concat(Arrays.copyOfRange(in, 0, a), Arrays.copyOfRange(in, b, n));
      }
      case DUPLICATE_RANGE -> {
        int a = r.nextInt(n);
        int b = a + 1 + r.nextInt(Math.min(256, n - a));
        int at = r.nextInt(n + 1);
        yield concat(Arrays.copyOfRange(in, 0, at), Arrays.copyOfRange(in, a, b),
            Arrays.copyOfRange(in, at, n));
      }
      case SPLICE -> concat(Arrays.copyOf(in, r.nextInt(n + 1)),
          Arrays.copyOfRange(other, r.nextInt(other.length + 1), other.length));
    };
  }

  private static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] p : parts) {
      out.writeBytes(p);
    }
    return out.toByteArray();
  }

  @TestFactory
  Stream<DynamicTest> catalogSnapshot_mutated_loadsConsistently_orIsInvalid() {
    Catalog original = SnapshotFiles.shop();
    byte[] good = CatalogSnapshot.toJson(original).getBytes(StandardCharsets.UTF_8);
    byte[] other = CatalogSnapshot.toJson(Catalog.of(original.tables().subList(0, 2)))
        .getBytes(StandardCharsets.UTF_8);
    SplittableRandom random = new SplittableRandom(SEED);
    Mutation[] kinds = Mutation.values();
    return IntStream.range(0, CASES).mapToObj(i -> {
      Mutation m = kinds[i % kinds.length];
      byte[] bytes = mutate(m, good, other, random.split());
      return DynamicTest.dynamicTest("snapshot " + i + " " + m, () -> {
        Path file = Files.write(dir.resolve("catalog-" + i + ".json"), bytes);
        Throwable thrown = catchThrowable(() -> CatalogSnapshot.read(file));
        if (thrown != null) {
          assertClearlyInvalid(thrown, "Invalid catalog snapshot " + file);
          return;
        }
        Catalog loaded = CatalogSnapshot.read(file);
        if (m == Mutation.TRUNCATE) {
          // only trailing white space was cut: a truncated document never parses otherwise
          assertThat(loaded).isEqualTo(original);
        }
        assertConsistent(loaded, file);
      });
    });
  }

  /** The one failure allowed: SNAPSHOT_INVALID, naming the file, short, one line. */
  private static void assertClearlyInvalid(Throwable thrown, String prefix) {
    assertThat(thrown).isInstanceOfSatisfying(SnowchatException.class, e -> {
      assertThat(e.code()).isEqualTo(IndexErrorCode.SNAPSHOT_INVALID);
      assertThat(e.getMessage()).startsWith(prefix).doesNotContainPattern("\\p{Cntrl}")
          .hasSizeLessThan(700);
    });
  }

  /** A loaded catalog round-trips, its keys name real columns, and an index serves it. */
  private static void assertConsistent(Catalog catalog, Path file) {
    assertThat(CatalogSnapshot.parse(CatalogSnapshot.toJson(catalog))).isEqualTo(catalog);
    for (TableInfo t : catalog.tables()) {
      List<String> names = t.columns().stream().map(ColumnInfo::name).toList();
      assertThat(names).doesNotHaveDuplicates().containsAll(t.primaryKey());
      t.foreignKeys().forEach(fk -> assertThat(names).containsAll(fk.columns()));
    }
    try (SchemaIndex index = SchemaIndex.builder().source(CatalogSources.snapshot(file))
        .keywordOnly().pollInterval(Duration.ZERO).maxRetries(0).build()) {
      index.start();
      assertThat(index.awaitReady(Duration.ofSeconds(60))).isTrue();
      assertThat(index.catalog().orElseThrow()).isEqualTo(catalog);
      List<SearchHit> hits = index.search(SearchRequest.of("customer orders by country", 5));
      assertThat(hits.size()).isLessThanOrEqualTo(catalog.size());
      for (TableInfo a : catalog.tables()) {
        for (TableInfo b : catalog.tables()) {
          index.joinPath(a.id(), b.id()).ifPresent(p -> assertThat(p.edges()).isNotEmpty()
              .allSatisfy(e -> assertThat(catalog.table(e.fromTable())).isPresent()));
        }
      }
    }
  }

  @TestFactory
  Stream<DynamicTest> vectorFile_mutated_isTheOriginal_orIsInvalid() {
    SplittableRandom seeded = new SplittableRandom(SEED);
    int dimension = 8;
    List<String> texts = new ArrayList<>();
    VectorCache original = new VectorCache("fuzz-model:8", dimension);
    for (int i = 0; i < 24; i++) {
      String text = "table " + i + " columns A B C";
      texts.add(text);
      original.put(text, unitVector(seeded, dimension));
    }
    VectorCache smaller = new VectorCache("fuzz-model:8", dimension);
    smaller.put(texts.getFirst(), original.get(texts.getFirst()));
    Path a = dir.resolve("original.vectors");
    Path b = dir.resolve("smaller.vectors");
    original.write(a);
    smaller.write(b);
    byte[] good;
    byte[] other;
    try {
      good = Files.readAllBytes(a);
      other = Files.readAllBytes(b);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    Mutation[] kinds = Mutation.values();
    return IntStream.range(0, CASES).mapToObj(i -> {
      Mutation m = kinds[i % kinds.length];
      byte[] bytes = mutate(m, good, other, seeded.split());
      return DynamicTest.dynamicTest("vectors " + i + " " + m, () -> {
        Path file = Files.write(dir.resolve("v-" + i + ".vectors"), bytes);
        Throwable thrown = catchThrowable(() -> VectorCache.read(file));
        if (thrown != null) {
          assertClearlyInvalid(thrown, "invalid vector file " + file + ": ");
          return;
        }
        // a change that leaves a readable file gave back one of the two files whole (a bit
        // flipped back, or a splice inside their common header)
        boolean isOther = Arrays.equals(bytes, other);
        assertThat(isOther || Arrays.equals(bytes, good)).as("a changed file was read").isTrue();
        VectorCache expected = isOther ? smaller : original;
        VectorCache read = VectorCache.read(file);
        assertThat(read.size()).isEqualTo(expected.size());
        for (String t : texts) {
          float[] v = expected.get(t);
          if (v == null) {
            assertThat(read.get(t)).isNull();
          } else {
            assertThat(read.get(t)).containsExactly(v);
          }
        }
      });
    });
  }

  private static float[] unitVector(SplittableRandom r, int dimension) {
    float[] v = new float[dimension];
    double norm = 0;
    for (int d = 0; d < dimension; d++) {
      v[d] = (float) (r.nextDouble() * 2 - 1);
      norm += v[d] * v[d];
    }
    for (int d = 0; d < dimension; d++) {
      v[d] = (float) (v[d] / Math.sqrt(norm));
    }
    return v;
  }
}
