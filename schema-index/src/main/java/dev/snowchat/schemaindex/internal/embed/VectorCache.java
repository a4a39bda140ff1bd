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
import java.io.UTFDataFormatException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.zip.CRC32C;
import java.util.zip.CheckedInputStream;
import java.util.zip.CheckedOutputStream;
import org.jspecify.annotations.Nullable;

/**
 * Document vectors of one model, keyed by a hash of the embedded text: a text is embedded once
 * per model, whatever rebuilds, updates and restarts follow. Persisted next to a catalog
 * snapshot ({@link #write}, {@link #read}) so that a server started from the snapshot embeds
 * nothing it already has.
 *
 * <p>File format (big-endian): the magic {@code SNOWCHAT-VECTORS}, a format version (int, 2), the
 * model id (modified UTF-8), the dimension (int), the count (int), then per vector the first 16
 * bytes of the SHA-256 of its UTF-8 text and {@code dimension} floats, then (version 2) the
 * CRC-32C of every byte before it. 16 bytes of SHA-256 make a collision between a catalog's
 * texts practically impossible (2^-64 for 10^10 texts). Vectors are written in the order of those
 * bytes (unsigned), so the same vectors give the same file.
 *
 * <p>A file read from disk is untrusted: it is used only when its length is exactly what its
 * header declares, its hashes are strictly increasing, its checksum matches (version 2) and every
 * vector is finite and of unit length (or zero); anything else is {@link
 * IndexErrorCode#SNAPSHOT_INVALID} and the whole file is ignored.
 *
 * <p>Thread-safe.
 */
public final class VectorCache {
  private static final byte[] MAGIC = "SNOWCHAT-VECTORS".getBytes(StandardCharsets.US_ASCII);
  /** Version 2 appends a CRC-32C; version 1 files (no checksum) are still read. */
  private static final int VERSION = 2;
  private static final int MAX_DIMENSION = 65_536;
  /** How far from 1 a stored vector's L2 norm may be (float rounding is about 1e-6). */
  private static final double UNIT_TOLERANCE = 1e-2;

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
   * that the same vectors always give the same bytes, followed by the CRC-32C of every byte
   * before it.
   *
   * @param stream the stream
   * @throws IOException when writing fails
   */
  public void write(OutputStream stream) throws IOException {
    CRC32C crc = new CRC32C();
    BufferedOutputStream buffered = new BufferedOutputStream(stream, 1 << 16);
    DataOutputStream out = new DataOutputStream(new CheckedOutputStream(buffered, crc));
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
    new DataOutputStream(buffered).writeInt((int) crc.getValue());
    buffered.flush();
  }

  /**
   * Reads every vector of a cache file.
   *
   * @param file the file
   * @return the cache
   * @throws SnowchatException {@link IndexErrorCode#SNAPSHOT_INVALID} when the file is missing,
   *     not a regular file, truncated, corrupted or not a vector file
   */
  public static VectorCache read(Path file) {
    return readFile(file, null, 0, null);
  }

  /**
   * Reads the vectors of some texts from a cache file, when it holds vectors of this model and
   * dimension: the file is checked whole (length, order, checksum, every vector finite and of
   * unit length or zero), but only the vectors of {@code texts} are kept, so a file however
   * large holds no more memory than the texts need.
   *
   * @param file the file
   * @param modelId the model the vectors must come from
   * @param dimension the dimension they must have
   * @param texts the texts whose vectors to keep
   * @return the vectors kept; an empty cache of the file's own model and dimension when those
   *     differ from the ones asked for (the rest of the file is then not read)
   * @throws SnowchatException {@link IndexErrorCode#SNAPSHOT_INVALID} when the file is missing,
   *     not a regular file, truncated, corrupted or not a vector file
   */
  public static VectorCache read(Path file, String modelId, int dimension,
      Collection<String> texts) {
    requireNonNull(modelId, "modelId is null");
    requireNonNull(texts, "texts is null");
    return readFile(file, modelId, dimension, texts);
  }

  private static VectorCache readFile(Path file, @Nullable String modelId, int dimension,
      @Nullable Collection<String> texts) {
    requireNonNull(file, "file is null");
    // A FIFO or device would block the open or never end: only regular files are read.
    if (!Files.isRegularFile(file)) {
      throw invalid(file.toString(), Files.exists(file) ? "not a regular file" : "no such file");
    }
    try (InputStream in = Files.newInputStream(file)) {
      return read(in, file.toString(), Files.size(file), modelId, dimension,
          texts == null ? null : keys(texts));
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
   *     file, is truncated or corrupted
   */
  public static VectorCache read(InputStream stream, String origin) {
    requireNonNull(stream, "stream is null");
    requireNonNull(origin, "origin is null");
    try {
      return read(stream, origin, -1, null, 0, null);
    } catch (IOException e) {
      throw new SnowchatException(IndexErrorCode.SNAPSHOT_INVALID,
          "cannot read vectors from " + origin + ": " + e.getMessage(), e);
    }
  }

  /**
   * Reads and checks a vector file. Nothing is allocated from a declared size before it is
   * checked: the count must match the file's length exactly (when known), and each vector is
   * read into one buffer of {@code 16 + 4 x dimension} bytes (at most 256 KB).
   *
   * @param size the stream's length in bytes, or -1 when unknown
   * @param modelId the model wanted, or null for any
   * @param wanted the keys to keep, or null for all
   */
  private static VectorCache read(InputStream stream, String origin, long size,
      @Nullable String modelId, int dimension, @Nullable Set<Key> wanted) throws IOException {
    CRC32C crc = new CRC32C();
    InputStream buffered = new BufferedInputStream(stream, 1 << 16);
    DataInputStream in = new DataInputStream(new CheckedInputStream(buffered, crc));
    try {
      byte[] magic = new byte[MAGIC.length];
      in.readFully(magic);
      if (!Arrays.equals(magic, MAGIC)) {
        throw invalid(origin, "not a Snowchat vector file");
      }
      int version = in.readInt();
      if (version != 1 && version != VERSION) {
        throw invalid(origin, "vector file version " + version + ", this build reads 1 and "
            + VERSION);
      }
      String model;
      try {
        model = in.readUTF();
      } catch (UTFDataFormatException e) {
        throw invalid(origin, "the model id is not modified UTF-8: " + e.getMessage());
      }
      int dim = in.readInt();
      int count = in.readInt();
      if (dim < 1 || dim > MAX_DIMENSION || count < 0) {
        throw invalid(origin, "bad header (dimension " + dim + ", count " + count + ")");
      }
      long header = MAGIC.length + 4 + 2 + (long) utfLength(model) + 4 + 4;
      long entry = 16 + 4L * dim;
      long expected = header + count * entry + (version >= 2 ? 4 : 0);
      if (size >= 0 && size != expected) {
        throw invalid(origin, (size < expected ? "truncated" : "longer than its header says")
            + ": " + size + " bytes, the header (" + count + " vectors of " + dim
            + " dimensions) says " + expected);
      }
      if (modelId != null && (!model.equals(modelId) || dim != dimension)) {
        return new VectorCache(model, dim);
      }
      VectorCache cache = new VectorCache(model, dim);
      byte[] buf = new byte[(int) entry];
      ByteBuffer view = ByteBuffer.wrap(buf);
      Key previous = null;
      for (int i = 0; i < count; i++) {
        in.readFully(buf);
        Key k = new Key(view.getLong(0), view.getLong(8));
        if (previous != null && KEY_ORDER.compare(previous, k) >= 0) {
          throw invalid(origin, "vector " + i + " is out of order or repeated");
        }
        previous = k;
        if (wanted != null && !wanted.contains(k)) {
          continue;
        }
        float[] v = new float[dim];
        view.position(16);
        view.asFloatBuffer().get(v);
        String bad = checkVector(v);
        if (bad != null) {
          throw invalid(origin, "vector " + i + " " + bad);
        }
        cache.vectors.put(k, v);
      }
      if (version >= 2) {
        int computed = (int) crc.getValue();
        int stored = new DataInputStream(buffered).readInt();
        if (stored != computed) {
          throw invalid(origin, "checksum mismatch (stored " + Integer.toHexString(stored)
              + ", computed " + Integer.toHexString(computed) + "): the file is corrupted");
        }
      }
      if (buffered.read() != -1) {
        throw invalid(origin, "data after the last vector");
      }
      return cache;
    } catch (EOFException e) {
      throw invalid(origin, "truncated");
    }
  }

  /**
   * {@return why a stored vector cannot be used, or null}: providers return L2-normalized
   * vectors (all zeros for text with no content); a non-finite value fails the search index, and
   * a vector of another length skews every similarity.
   */
  private static @Nullable String checkVector(float[] v) {
    double norm = 0;
    for (float f : v) {
      if (!Float.isFinite(f)) {
        return "holds " + f;
      }
      norm += (double) f * f;
    }
    if (norm != 0 && Math.abs(Math.sqrt(norm) - 1) > UNIT_TOLERANCE) {
      return "has length " + Math.sqrt(norm) + ", not 1 (or 0)";
    }
    return null;
  }

  /** {@return the length of a string in modified UTF-8, as {@code writeUTF} writes it} */
  private static int utfLength(String s) {
    int n = 0;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      n += c >= 1 && c <= 0x7f ? 1 : c <= 0x7ff ? 2 : 3;
    }
    return n;
  }

  private static Set<Key> keys(Collection<String> texts) {
    Set<Key> out = new HashSet<>(Math.max(16, texts.size() * 2));
    for (String t : texts) {
      out.add(key(t));
    }
    return out;
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
