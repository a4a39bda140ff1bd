package dev.snowchat.schemaindex;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Row counts the database already keeps, for the tables of one schema: DuckDB's
 * {@code duckdb_tables().estimated_size}, PostgreSQL's planner estimate {@code pg_class.reltuples}
 * (or, before the first ANALYZE, {@code pg_stat_user_tables.n_live_tup}). Both are estimates;
 * nothing here counts rows. Other databases, and any failure, give no counts: they are a hint.
 * The JDBC catalog source reads them, and so can a host's own live metadata lookups (the MCP
 * adapter's), so that both show the same numbers.
 */
public final class RowCountEstimates {
  static final String DUCKDB = "SELECT table_name, estimated_size FROM duckdb_tables()"
      + " WHERE database_name = ? AND schema_name = ?";
  // reltuples is -1 for a table never vacuumed or analyzed (PostgreSQL 14+); n_live_tup then
  // still counts what the statistics collector has seen, 0 meaning "not known yet" as often as
  // "empty", so 0 there is no answer.
  static final String POSTGRES = "SELECT c.relname, CASE WHEN c.reltuples >= 0"
      + " THEN CAST(c.reltuples AS bigint) ELSE NULLIF(s.n_live_tup, 0) END"
      + " FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace"
      + " LEFT JOIN pg_catalog.pg_stat_all_tables s ON s.relid = c.oid"
      + " WHERE n.nspname = ? AND c.relkind IN ('r', 'p', 'm', 'f')"
      + " AND current_database() = ?";

  private RowCountEstimates() {}

  /**
   * Reads the row counts of one schema's tables.
   *
   * @param c an open connection
   * @param database the database (catalog)
   * @param schema the schema
   * @return table name to row count; tables without a known count are absent (empty for a
   *     database other than DuckDB or PostgreSQL, or when the statistics cannot be read)
   */
  public static Map<String, Long> of(Connection c, String database, String schema) {
    Map<String, Long> out = new HashMap<>();
    try {
      String product = c.getMetaData().getDatabaseProductName().toLowerCase(Locale.ROOT);
      boolean duck = product.contains("duckdb");
      if (!duck && !product.contains("postgresql")) {
        return out;
      }
      try (PreparedStatement ps = c.prepareStatement(duck ? DUCKDB : POSTGRES)) {
        ps.setString(duck ? 1 : 2, database);
        ps.setString(duck ? 2 : 1, schema);
        try (ResultSet rs = ps.executeQuery()) {
          while (rs.next()) {
            long n = rs.getLong(2);
            if (!rs.wasNull() && n >= 0) {
              out.put(rs.getString(1), n);
            }
          }
        }
      }
    } catch (SQLException | RuntimeException e) {
      return Map.of();
    }
    return out;
  }
}
