package dev.snowchat.sqlgate.internal.exec;

/**
 * Sizes the fetches of a PostgreSQL cursor read so that the driver never holds much more than
 * the byte cap: the first fetch takes one row, each later one as many rows as the bytes per row
 * seen so far say still fit in the budget (plus the row that would cross it, so that the cap is
 * seen without another round trip), never more than a hard bound. Rows are weighed by their JSON
 * size estimate ({@link Values#jsonSize}), close to their size on the wire for text. Not
 * thread-safe; one per read.
 */
final class FetchSizer {
  private final long maxBytes;
  private final int maxRowsPerFetch;

  /**
   * Creates a sizer.
   *
   * @param maxBytes the byte cap of the read
   * @param maxRowsPerFetch rows per fetch at most, at least 1
   */
  FetchSizer(long maxBytes, int maxRowsPerFetch) {
    if (maxBytes < 1 || maxRowsPerFetch < 1) {
      throw new IllegalArgumentException("maxBytes and maxRowsPerFetch must be positive, not "
          + maxBytes + " and " + maxRowsPerFetch);
    }
    this.maxBytes = maxBytes;
    this.maxRowsPerFetch = maxRowsPerFetch;
  }

  /** {@return the rows of the first fetch}: one, since nothing is known about the rows yet */
  int first() {
    return 1;
  }

  /**
   * {@return the rows the next fetch should take}
   *
   * @param bytesUsed the budget used by the rows read so far
   * @param rowsRead how many rows were read, at least 1
   */
  int next(long bytesUsed, int rowsRead) {
    long perRow = Math.max(1, ceilDiv(bytesUsed, Math.max(1, rowsRead)));
    long left = Math.max(0, maxBytes - bytesUsed);
    long rows = left / perRow + 1;
    return (int) Math.max(1, Math.min(rows, maxRowsPerFetch));
  }

  private static long ceilDiv(long a, long b) {
    return (a + b - 1) / b;
  }
}
