package dev.snowchat.maven.internal;

import static java.util.Objects.requireNonNull;

import dev.snowchat.schemaindex.Catalog;
import dev.snowchat.schemaindex.CatalogSource;
import dev.snowchat.schemaindex.CatalogSources;
import dev.snowchat.schemaindex.SourceOptions;
import dev.snowchat.schemaindex.QualifiedName;
import dev.snowchat.schemaindex.TableInfo;
import dev.snowchat.schemaindex.TableStamp;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import javax.sql.DataSource;

/**
 * Reads a catalog through the schema index's catalog sources, in steps small enough to report
 * progress as it goes (schemas done of total, tables, elapsed): the catalog sources offer no
 * progress callback of their own.
 *
 * <ul>
 *   <li>Snowflake: the source's cheap {@link CatalogSource#stamps()} lists every selected table
 *       first; then {@link CatalogSource#loadTables} reads a few schemas at a time (as many as
 *       the source reads in parallel).
 *   <li>Any other JDBC database: the schemas of the connection's database are listed through
 *       {@link java.sql.DatabaseMetaData}, then each is read by its own {@link
 *       CatalogSources#jdbc JDBC source} restricted to exactly that schema.
 * </ul>
 */
public final class CatalogLoader {

  /** Receives progress while a catalog loads. */
  public interface Listener {
    /**
     * The schemas to read are known.
     *
     * @param total how many
     */
    void schemasListed(int total);

    /**
     * Schemas were read.
     *
     * @param done schemas read so far
     * @param total schemas to read
     * @param schemas the schemas just read, as {@code DATABASE.SCHEMA}
     * @param tables tables and views read in them
     */
    void schemasDone(int done, int total, List<String> schemas, int tables);
  }

  private CatalogLoader() {}

  /**
   * Reads a Snowflake account.
   *
   * @param dataSource connections to Snowflake
   * @param patterns which databases and schemas to read
   * @param listener progress
   * @return the catalog
   * @throws dev.snowchat.sqlgate.SnowchatException when Snowflake cannot be read
   * @throws IllegalArgumentException when a pattern is invalid
   */
  public static Catalog loadSnowflake(DataSource dataSource, NamePatterns patterns,
      Listener listener) {
    SourceOptions.Builder b = SourceOptions.builder();
    if (!patterns.includeDatabases().isEmpty()) {
      b.includeDatabases(patterns.includeDatabases().toArray(String[]::new));
    }
    if (!patterns.includeSchemas().isEmpty()) {
      b.includeSchemas(patterns.includeSchemas().toArray(String[]::new));
    }
    if (!patterns.excludeDatabases().isEmpty()) {
      b.excludeDatabases(patterns.excludeDatabases().toArray(String[]::new));
    }
    if (!patterns.excludeSchemas().isEmpty()) {
      b.excludeSchemas(patterns.excludeSchemas().toArray(String[]::new));
    }
    SourceOptions options = b.build();
    try (CatalogSource source = CatalogSources.snowflake(dataSource, options)) {
      Map<String, List<QualifiedName>> bySchema = new TreeMap<>();
      for (TableStamp s : source.stamps()) {
        QualifiedName id = s.table();
        bySchema.computeIfAbsent(id.database() + "." + id.schema(), k -> new ArrayList<>())
            .add(id);
      }
      int total = bySchema.size();
      listener.schemasListed(total);
      List<String> names = List.copyOf(bySchema.keySet());
      int batch = options.concurrency().orElse(CatalogSources.SNOWFLAKE_CONCURRENCY);
      List<TableInfo> all = new ArrayList<>();
      for (int i = 0; i < names.size(); i += batch) {
        List<String> step = names.subList(i, Math.min(names.size(), i + batch));
        List<QualifiedName> ids = new ArrayList<>();
        step.forEach(n -> ids.addAll(bySchema.get(n)));
        Catalog part = source.loadTables(ids);
        all.addAll(part.tables());
        listener.schemasDone(i + step.size(), total, step, part.size());
      }
      return Catalog.of(all);
    }
  }

  /**
   * Reads the current database of a JDBC connection, one schema at a time.
   *
   * @param dataSource where to connect
   * @param patterns which databases and schemas to read
   * @param listener progress
   * @return the catalog
   * @throws SQLException when the schemas cannot be listed
   * @throws dev.snowchat.sqlgate.SnowchatException when a schema cannot be read
   */
  public static Catalog loadJdbc(DataSource dataSource, NamePatterns patterns, Listener listener)
      throws SQLException {
    requireNonNull(dataSource, "dataSource is null");
    requireNonNull(patterns, "patterns is null");
    requireNonNull(listener, "listener is null");
    List<String[]> schemas = new ArrayList<>();
    try (Connection c = dataSource.getConnection()) {
      String catalog = c.getCatalog();
      String database = catalog == null || catalog.isBlank() ? "default" : catalog;
      Set<String> seen = new LinkedHashSet<>();
      try (ResultSet rs = c.getMetaData().getSchemas()) {
        while (rs.next()) {
          String schema = rs.getString("TABLE_SCHEM");
          String cat = rs.getString("TABLE_CATALOG");
          if (schema == null || cat != null && catalog != null && !cat.equals(catalog)
              || isSystemSchema(schema) || !patterns.selects(database, schema)
              || !seen.add(schema)) {
            continue;
          }
          schemas.add(new String[] {database, schema});
        }
      }
    }
    schemas.sort((a, b) -> a[1].compareTo(b[1]));
    listener.schemasListed(schemas.size());
    List<TableInfo> all = new ArrayList<>();
    int done = 0;
    for (String[] s : schemas) {
      SourceOptions options = SourceOptions.builder()
          .includeSchemas("regex:" + literal(s[0]) + "\\." + literal(s[1]))
          .build();
      Catalog part;
      try (CatalogSource source = CatalogSources.jdbc(dataSource, options)) {
        part = source.load();
      }
      // The source ignores case; keep only the exact schema (FOO and foo may both exist).
      List<TableInfo> exact = part.tables().stream()
          .filter(t -> t.id().schema().equals(s[1])).toList();
      all.addAll(exact);
      listener.schemasDone(++done, schemas.size(), List.of(s[0] + "." + s[1]), exact.size());
    }
    return Catalog.of(all);
  }

  /** The schemas the schema index's JDBC source leaves out too. */
  static boolean isSystemSchema(String schema) {
    String s = schema.toLowerCase(Locale.ROOT);
    return s.equals("information_schema") || s.equals("pg_catalog") || s.startsWith("pg_toast")
        || s.startsWith("pg_temp_");
  }

  /** Escapes a name for a regular expression character by character (no \Q...\E). */
  static String literal(String name) {
    StringBuilder sb = new StringBuilder();
    for (char c : name.toCharArray()) {
      if ("\\.[]{}()<>*+-=!?^$|".indexOf(c) >= 0) {
        sb.append('\\');
      }
      sb.append(c);
    }
    return sb.toString();
  }
}
