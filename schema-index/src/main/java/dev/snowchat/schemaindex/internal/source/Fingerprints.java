package dev.snowchat.schemaindex.internal.source;

import dev.snowchat.schemaindex.ColumnInfo;
import dev.snowchat.schemaindex.ForeignKey;
import dev.snowchat.schemaindex.TableInfo;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * A digest of a table's metadata (kind, comment, columns, keys; not the row count, which changes
 * with data), the change stamp of sources that report no change time.
 */
public final class Fingerprints {
  private Fingerprints() {}

  /**
   * Digests a table.
   *
   * @param t the table
   * @return 16 hex digits of SHA-256
   */
  public static String of(TableInfo t) {
    StringBuilder b = new StringBuilder(256);
    b.append(t.kind()).append('\u0001').append(t.comment()).append('\u0001');
    for (ColumnInfo c : t.columns()) {
      b.append(c.name()).append('\u0002').append(c.type()).append('\u0002')
          .append(c.nullable()).append('\u0002').append(c.comment()).append('\u0003');
    }
    b.append('\u0001').append(t.primaryKey()).append('\u0001');
    for (ForeignKey fk : t.foreignKeys()) {
      b.append(fk.columns()).append("->").append(fk.referencedTable())
          .append(fk.referencedColumns()).append('\u0003');
    }
    return HexFormat.of().formatHex(sha256(b.toString()), 0, 8);
  }

  /**
   * Hashes text with SHA-256.
   *
   * @param text the text
   * @return the digest
   */
  public static byte[] sha256(String text) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JDK", e);
    }
  }
}
