package dev.snowchat.schemaindex.internal.embed;

import static java.util.Objects.requireNonNull;

import dev.snowchat.schemaindex.IndexErrorCode;
import dev.snowchat.schemaindex.internal.AtomicFiles;
import dev.snowchat.sqlgate.SnowchatException;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/**
 * Document vectors of one model, keyed by a hash of the embedded text: a text is embedded once
 * per model, whatever rebuilds, updates and restarts follow. Persisted next to a catalog
 * snapshot ({@link #write}, {@link #read}) so that a server started from the snapshot embeds
 * nothing it already has.
 *
 * <p>File format (big-endian): the magic {@code SNOWCHAT-VECTORS}, a format version (int, 1), the
 * model id (modified UTF-8), the dimension (int), the count (int), then per vector the first 16
 * bytes of the SHA-256 of its UTF-8 text and {@code dimension} floats. 16 bytes of SHA-256 make
 * a collision between a catalog's texts practically impossible (2^-64 for 10^10 texts). Vectors
 * are written in the order of those bytes (unsigned), so the same vectors give the same file.
 *
 * <p>Thread-safe.
 */
public final class VectorCache {
  private static final byte[] MAGIC = "SNOWCHAT-VECTORS".getBytes(StandardCharsets.US_ASCII);
  private static final int VERSION = 1;

  /** The first 128 bits of a text's SHA-256. */
  private record Key(long high, long low) {}

  /** The hashes' byte order: unsigned, high half first. */
  private static final Comparator<Key> KEY_ORDER = (a, b) -> {
    int c = Long.compareUnsigned(a.high(), b.high());
    return c != 0 ? c : Long.compareUnsigned(a.low(), b.low());
  };

  private final String modelId;
  private final int dimension;
  private final Map<Key, float[]> vectors = new ConcurrentHashMap<>();

  /**
   * Creates an empty cache.
   *
   * @param modelId the model the vectors come from ({@code EmbeddingProvider.modelId()})
   * @param dimension the vector size
   */
  public VectorCache(String modelId, int dimension) {
    this.modelId = requireNonNull(modelId, "modelId is null");
    if (dimension < 1) {
      throw new IllegalArgumentException("dimension must be positive, got " + dimension);
    }
    this.dimension = dimension;
  }

  /** {@return the model the vectors come from} */
  public String modelId() {
    return modelId;
  }

  /** {@return the vector size} */
  public int dimension() {
    return dimension;
  }

  /** {@return the number of vectors} */
  public int size() {
    return vectors.size();
  }

  /** {@return the vector of a text, or null when it was never embedded} */
  public float @Nullable [] get(String text) {
    return vectors.get(key(text));
  }

  /** {@return whether the text's vector is cached} */
  public boolean contains(String text) {
    return vectors.containsKey(key(text));
  }

  /**
   * Stores a text's vector.
   *
   * @param text the text
   * @param vector its vector, of {@link #dimension()} floats (not copied: never change it)
   */
  public void put(String text, float[] vector) {
    if (vector.length != dimension) {
      throw new IllegalArgumentException("vector of " + vector.length + " floats in a cache of "
          + dimension + " dimensions");
    }
    vectors.put(key(text), vector);
  }

  /** Adds every vector of another cache of the same model. */
  public void putAll(VectorCache other) {
    if (!other.modelId.equals(modelId) || other.dimension != dimension) {
      throw new IllegalArgumentException("vectors of model " + other.modelId + " ("
          + other.dimension + " dimensions) cannot join a cache of " + modelId + " ("
          + dimension + ")");
    }
    vectors.putAll(other.vectors);
  }

  private static Key key(String text) {
    MessageDigest sha;
    try {
      sha = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
    byte[] d = sha.digest(text.getBytes(StandardCharsets.UTF_8));
    long high = 0;
    long low = 0;
    for (int i = 0; i < 8; i++) {
      high = high << 8 | (d[i] & 0xff);
      low = low << 8 | (d[i + 8] & 0xff);
    }
    return new Key(high, low);
  }

  /**
   * Writes the cache to a file, atomically (a temporary file moved over the target), with the
   * mode a catalog snapshot gets (0644 before the umask): the two travel together.
   *
   * @param file the file
   * @throws SnowchatException {@link IndexErrorCode#SNAPSHOT_IO} when it cannot be written
   */
  public void write(Path file) {
    try {
      AtomicFiles.write(file, this::write);
    } catch (IOException e) {
      throw new SnowchatException(IndexErrorCode.SNAPSHOT_IO,
          "cannot write vectors to " + file + ": " + e.getMessage(), e);
    }
  }

  /**
   * Writes the cache to a stream (left open), its vectors in the order of their text hashes, so
   * that the same vectors always give the same bytes.
   *
   * @param stream the stream
   * @throws IOException when writing fails
   */
  public void write(OutputStream stream) throws IOException {
    DataOutputStream out = new DataOutputStream(new BufferedOutputStream(stream, 1 << 16));
    out.write(MAGIC);
    out.writeInt(VERSION);
    out.writeUTF(modelId);
    out.writeInt(dimension);
    List<Map.Entry<Key, float[]>> entries = new ArrayList<>(Map.copyOf(vectors).entrySet());
    entries.sort(Map.Entry.comparingByKey(KEY_ORDER));
    out.writeInt(entries.size());
    for (Map.Entry<Key, float[]> e : entries) {
      out.writeLong(e.getKey().high());
      out.writeLong(e.getKey().low());
      for (float f : e.getValue()) {
        out.writeFloat(f);
      }
    }
    out.flush();
  }

  /**
   * Reads a cache file.
   *
   * @param file the file
   * @return the cache
   * @throws SnowchatException {@link IndexErrorCode#SNAPSHOT_INVALID} when the file is missing,
   *     truncated or not a vector file
   */
  public static VectorCache read(Path file) {
    try (InputStream in = Files.newInputStream(file)) {
      return read(in, file.toString());
    } catch (IOException e) {
      throw new SnowchatException(IndexErrorCode.SNAPSHOT_INVALID,
          "cannot read vectors from " + file + ": " + e.getMessage(), e);
    }
  }

  /**
   * Reads a cache from a stream.
   *
   * @param stream the stream (left open)
   * @param origin names the stream in messages
   * @return the cache
   * @throws SnowchatException {@link IndexErrorCode#SNAPSHOT_INVALID} when it is not a vector
   *     file or is truncated
   */
  public static VectorCache read(InputStream stream, String origin) {
    DataInputStream in = new DataInputStream(new BufferedInputStream(stream, 1 << 16));
    try {
      byte[] magic = new byte[MAGIC.length];
      in.readFully(magic);
      if (!java.util.Arrays.equals(magic, MAGIC)) {
        throw invalid(origin, "not a Snowchat vector file");
      }
      int version = in.readInt();
      if (version != VERSION) {
        throw invalid(origin, "vector file version " + version + ", this build reads "
            + VERSION);
      }
      String model = in.readUTF();
      int dim = in.readInt();
      int count = in.readInt();
      if (dim < 1 || dim > 65_536 || count < 0) {
        throw invalid(origin, "bad header (dimension " + dim + ", count " + count + ")");
      }
      VectorCache cache = new VectorCache(model, dim);
      for (int i = 0; i < count; i++) {
        Key k = new Key(in.readLong(), in.readLong());
        float[] v = new float[dim];
        for (int d = 0; d < dim; d++) {
          v[d] = in.readFloat();
        }
        cache.vectors.put(k, v);
      }
      return cache;
    } catch (EOFException e) {
      throw invalid(origin, "truncated");
    } catch (IOException e) {
      throw new SnowchatException(IndexErrorCode.SNAPSHOT_INVALID,
          "cannot read vectors from " + origin + ": " + e.getMessage(), e);
    }
  }

  private static SnowchatException invalid(String origin, String what) {
    return new SnowchatException(IndexErrorCode.SNAPSHOT_INVALID,
        "invalid vector file " + origin + ": " + what);
  }

  /**
   * {@return the vector file that belongs to a catalog snapshot}: {@code NAME.vectors} beside
   * the snapshot {@code NAME}.
   *
   * @param snapshot the snapshot file
   */
  public static Path besideSnapshot(Path snapshot) {
    Path abs = snapshot.toAbsolutePath();
    return abs.resolveSibling(abs.getFileName() + ".vectors");
  }
}
