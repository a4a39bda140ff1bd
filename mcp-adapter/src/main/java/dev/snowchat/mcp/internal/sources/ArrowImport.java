package dev.snowchat.mcp.internal.sources;

import dev.snowchat.sqlgate.Dialect;
import dev.snowchat.sqlgate.Sql;
import java.io.IOException;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.apache.arrow.c.ArrowArrayStream;
import org.apache.arrow.c.Data;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.duckdb.DuckDBConnection;

/**
 * Arrow streams into host tables: the reader is exported through the Arrow C stream interface
 * (arrow-c-data) and DuckDB scans it in place ({@code registerArrowStream}), so the batches are
 * copied once, by the engine, into a staging table. The only class of this module that names Arrow
 * types; it loads when a host registers an Arrow stream, so hosts without Arrow never touch it.
 */
final class ArrowImport {
  private ArrowImport() {}

  /**
   * Copies every batch of the reader into a new table.
   *
   * @param c a privileged connection of the engine
   * @param table the staging table to create, quoted ({@code main."..."})
   * @param scan the name the stream is scanned under (a temporary view of {@code c})
   * @param reader the host's reader, read to its end, not closed
   * @return the rows copied
   */
  static long copy(DuckDBConnection c, String table, String scan, ArrowReader reader)
      throws SQLException {
    BufferAllocator allocator;
    try {
      // The export moves the reader's buffers, which needs an allocator of the same root.
      allocator = reader.getVectorSchemaRoot().getFieldVectors().stream().findFirst()
          .map(v -> v.getAllocator()).orElse(null);
    } catch (IOException e) {
      throw new SQLException("cannot read the Arrow stream's schema: " + e.getMessage(), e);
    }
    if (allocator == null) {
      throw new IllegalArgumentException("the Arrow stream has no columns");
    }
    try (ArrowArrayStream stream = ArrowArrayStream.allocateNew(allocator)) {
      Data.exportArrayStream(allocator, reader, stream);
      c.registerArrowStream(scan, stream);
      String view = Sql.quoteIdentifier(Dialect.DUCKDB, scan);
      try (Statement st = c.createStatement()) {
        st.execute("CREATE TABLE " + table + " AS SELECT * FROM " + view);
      } finally {
        try (Statement st = c.createStatement()) {
          st.execute("DROP VIEW IF EXISTS " + view);
        }
      }
      try (Statement st = c.createStatement();
          ResultSet rs = st.executeQuery("SELECT count(*) FROM " + table)) {
        rs.next();
        return rs.getLong(1);
      }
    }
  }
}
