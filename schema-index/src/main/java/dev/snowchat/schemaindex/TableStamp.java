package dev.snowchat.schemaindex;

import static java.util.Objects.requireNonNull;

import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * The change stamp of one table or view, used by polling to find what changed since the last
 * load. Two stamps of the same table are equal exactly when the table is assumed unchanged.
 *
 * @param table the table
 * @param changedOn when the source last changed the table's definition, or null when unknown
 * @param fingerprint a digest of the table's metadata, for sources without a change time (JDBC,
 *     snapshots), or null
 */
public record TableStamp(
    QualifiedName table, @Nullable Instant changedOn, @Nullable String fingerprint) {

  /** Validates the fields. */
  public TableStamp {
    requireNonNull(table, "table is null");
  }

  /**
   * Creates a stamp from a change time only.
   *
   * @param table the table
   * @param changedOn the change time, or null
   */
  public TableStamp(QualifiedName table, @Nullable Instant changedOn) {
    this(table, changedOn, null);
  }

  /**
   * {@return the line hashed to skip no-op polls: {@code DB.SCHEMA.NAME:changedOn[:fingerprint]}}
   */
  public String line() {
    return table + ":" + changedOn + (fingerprint == null ? "" : ":" + fingerprint);
  }
}
