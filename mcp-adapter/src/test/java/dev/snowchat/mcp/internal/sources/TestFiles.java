package dev.snowchat.mcp.internal.sources;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/** Writes real Parquet, CSV, JSON and DuckDB files for the tests, with a scratch DuckDB. */
final class TestFiles {
  private TestFiles() {}

  static Path csv(Path file, String text) throws Exception {
    Files.createDirectories(file.getParent());
    return Files.writeString(file, text);
  }

  /** Writes the rows of a SELECT to a file: FORMAT parquet, csv or json. */
  static Path copy(Path file, String select, String format) throws SQLException {
    try {
      Files.createDirectories(file.getParent());
    } catch (java.io.IOException e) {
      throw new IllegalStateException(e);
    }
    try (Connection c = new org.duckdb.DuckDBDriver().connect("jdbc:duckdb:",
        new java.util.Properties()); Statement s = c.createStatement()) {
      s.execute("COPY (" + select + ") TO '" + file + "' (FORMAT " + format
          + (format.equals("json") ? ", ARRAY true" : "") + ")");
    }
    return file;
  }

  /** Writes a DuckDB database file with one table. */
  static Path duckdb(Path file, String table, String select) throws SQLException {
    try (Connection c = new org.duckdb.DuckDBDriver().connect("jdbc:duckdb:" + file,
        new java.util.Properties()); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE " + table + " AS " + select);
    }
    return file;
  }
}
