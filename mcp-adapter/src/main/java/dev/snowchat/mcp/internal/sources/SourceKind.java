package dev.snowchat.mcp.internal.sources;

/** What a catalog source is, told by its address. */
public enum SourceKind {
  /** Snowflake ({@code snowflake://ACCOUNT}), queried in its own engine. */
  SNOWFLAKE,
  /** Any JDBC database ({@code jdbc:...}, {@code postgres://...}), queried in its own engine. */
  JDBC,
  /** The embedded sample warehouse ({@code sample:}), queried in its own engine. */
  SAMPLE,
  /** A local file or glob (Parquet, CSV, JSON): a view in the embedded engine. */
  FILE,
  /** A DuckDB database file: attached read-only in the embedded engine. */
  DUCKDB_FILE;

  /** {@return true when the source lives in the embedded engine, joinable with the others} */
  public boolean embedded() {
    return this == FILE || this == DUCKDB_FILE;
  }
}
