package dev.snowchat.schemaindex.internal.embed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.snowchat.schemaindex.IndexErrorCode;
import dev.snowchat.sqlgate.SnowchatException;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A vector file is untrusted input: it is used only when every check passes (length, order,
 * checksum, finite unit vectors), otherwise it fails whole with {@code SNAPSHOT_INVALID}.
 */
class VectorCacheUntrustedTest {
  private static final String MODEL = "m:1";
  /** magic, version, model id (2 + 3 bytes), dimension, count. */
  private static final int HEADER = 16 + 4 + 2 + MODEL.length() + 4 + 4;

  @TempDir Path dir;

  private static AbstractThrowableAssert<?, ? extends Throwable> assertInvalid(Path file) {
    return assertThatThrownBy(() -> VectorCache.read(file))
        .isInstanceOfSatisfying(SnowchatException.class,
            e -> assertThat(e.code()).isEqualTo(IndexErrorCode.SNAPSHOT_INVALID));
  }

  private static VectorCache twoVectors() {
    VectorCache c = new VectorCache(MODEL, 2);
    c.put("orders", new float[] {1, 0});
    c.put("customers", new float[] {0.6f, 0.8f});
    return c;
  }

  private Path written(VectorCache c) {
    Path f = dir.resolve("catalog.json.vectors");
    c.write(f);
    return f;
  }

  /** A version 1 file (no checksum) as the previous writer made it. */
  private static byte[] versionOne(int dimension, int count, float[]... vectors)
      throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(bytes);
    out.writeBytes("SNOWCHAT-VECTORS");
    out.writeInt(1);
    out.writeUTF(MODEL);
    out.writeInt(dimension);
    out.writeInt(count);
    long key = 0;
    for (float[] v : vectors) {
      out.writeLong(0);
      out.writeLong(key++);
      for (float f : v) {
        out.writeFloat(f);
      }
    }
    return bytes.toByteArray();
  }

  @Test
  void write_endsWithAChecksum_thatEveryBitFlipBreaks() throws Exception {
    Path f = written(twoVectors());
    byte[] good = Files.readAllBytes(f);
    assertThat(good).hasSize(HEADER + 2 * (16 + 8) + 4);
    for (int bit = 0; bit < good.length * 8; bit++) {
      byte[] bad = good.clone();
      bad[bit / 8] ^= (byte) (1 << (bit % 8));
      Files.write(f, bad);
      assertInvalid(f);
    }
  }

  @Test
  void read_lowBitOfAFloatFlipped_isTheChecksumsCatch() throws Exception {
    Path f = written(twoVectors());
    byte[] b = Files.readAllBytes(f);
    b[HEADER + 16 + 7] ^= 1; // last mantissa bit of the first vector's second float
    Files.write(f, b);
    assertInvalid(f).hasMessageContaining("checksum mismatch");
  }

  @Test
  void read_everyTruncation_isInvalid() throws Exception {
    Path f = written(twoVectors());
    byte[] good = Files.readAllBytes(f);
    for (int n = 0; n < good.length; n++) {
      Files.write(f, Arrays.copyOf(good, n));
      assertInvalid(f);
    }
  }

  @Test
  void read_bytesAfterTheChecksum_areInvalid() throws Exception {
    Path f = written(twoVectors());
    byte[] good = Files.readAllBytes(f);
    Files.write(f, Arrays.copyOf(good, good.length + 1));
    assertInvalid(f).hasMessageContaining("longer than its header says");
  }

  @Test
  void read_hugeDeclaredCount_isRefusedFromTheLength_beforeAnyVectorIsRead() throws Exception {
    Path f = dir.resolve("v");
    byte[] b = versionOne(384, 2, new float[384], new float[384]);
    ByteBuffer.wrap(b).putInt(HEADER - 4, Integer.MAX_VALUE);
    Files.write(f, b);
    assertInvalid(f).hasMessageContaining("truncated")
        .hasMessageContaining("2147483647 vectors of 384 dimensions");
  }

  @Test
  void read_badHeader_negativeCountOrDimension_isInvalid() throws Exception {
    Path f = dir.resolve("v");
    for (int[] dc : new int[][] {{2, -1}, {0, 0}, {-5, 0}, {70_000, 0}}) {
      byte[] b = versionOne(2, 0);
      ByteBuffer.wrap(b).putInt(HEADER - 8, dc[0]).putInt(HEADER - 4, dc[1]);
      Files.write(f, b);
      assertInvalid(f).hasMessageContaining("bad header");
    }
  }

  @Test
  void read_nonFiniteOrNonUnitVectors_areInvalid_zeroVectorsAreKept() throws Exception {
    Path f = dir.resolve("v");
    for (float[] bad : List.of(new float[] {Float.NaN, 0}, new float[] {1, Float.NEGATIVE_INFINITY},
        new float[] {1e30f, 0}, new float[] {0.5f, 0})) {
      VectorCache c = new VectorCache(MODEL, 2);
      c.put("x", bad); // put checks the length only: a broken model could do this
      c.write(f);
      assertInvalid(f).hasMessageContaining("vector 0");
    }
    VectorCache zero = new VectorCache(MODEL, 2);
    zero.put("nothing", new float[] {0, 0});
    zero.write(f);
    assertThat(VectorCache.read(f).get("nothing")).containsExactly(0, 0);
  }

  @Test
  void read_repeatedOrUnorderedHashes_areInvalid() throws Exception {
    Path f = dir.resolve("v");
    byte[] b = versionOne(2, 2, new float[] {1, 0}, new float[] {0, 1});
    ByteBuffer.wrap(b).putLong(HEADER + 24 + 8, 0); // the second hash equals the first
    Files.write(f, b);
    assertInvalid(f).hasMessageContaining("vector 1 is out of order or repeated");
  }

  @Test
  void read_versionOneFile_withoutChecksum_isStillRead() throws Exception {
    Path f = dir.resolve("v");
    Files.write(f, versionOne(2, 2, new float[] {1, 0}, new float[] {0, 1}));
    assertThat(VectorCache.read(f).size()).isEqualTo(2);
  }

  @Test
  void read_unknownVersion_isInvalid_namingTheVersionsRead() throws Exception {
    Path f = dir.resolve("v");
    byte[] b = versionOne(2, 0);
    ByteBuffer.wrap(b).putInt(16, 3);
    Files.write(f, b);
    assertInvalid(f).hasMessageContaining("version 3, this build reads 1 and 2");
  }

  @Test
  void read_folderOrMissingFile_isInvalid_notAHang() {
    assertInvalid(dir).hasMessageContaining("not a regular file");
    assertInvalid(dir.resolve("absent")).hasMessageContaining("no such file");
  }

  @Test
  void read_forTexts_keepsOnlyTheirVectors() {
    Path f = written(twoVectors());
    VectorCache kept = VectorCache.read(f, MODEL, 2, List.of("customers", "not in the file"));
    assertThat(kept.size()).isEqualTo(1);
    assertThat(kept.get("customers")).containsExactly(0.6f, 0.8f);
  }

  @Test
  void read_forAnotherModelOrDimension_isEmpty_andSaysWhichModelTheFileHolds() {
    Path f = written(twoVectors());
    VectorCache other = VectorCache.read(f, "other:1", 2, List.of("customers"));
    assertThat(other.modelId()).isEqualTo(MODEL);
    assertThat(other.size()).isZero();
    assertThat(VectorCache.read(f, MODEL, 3, List.of("customers")).size()).isZero();
  }
}
