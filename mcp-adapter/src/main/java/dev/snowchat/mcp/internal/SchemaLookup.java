package dev.snowchat.mcp.internal;

import dev.snowchat.sqlgate.SnowchatException;
import dev.snowchat.mcp.internal.Catalogs.Database;
import dev.snowchat.mcp.internal.Catalogs.Function;
import dev.snowchat.mcp.internal.Catalogs.JoinRoute;
import dev.snowchat.mcp.internal.Catalogs.Schema;
import dev.snowchat.mcp.internal.Catalogs.SchemaHit;
import dev.snowchat.schemaindex.QualifiedName;
import dev.snowchat.schemaindex.TableInfo;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Answers the discovery tools. Two kinds exist: the live lookups, which query the warehouse on
 * each call and always answer (or throw a {@link SnowchatException} with a {@link dev.snowchat.mcp.ToolErrorCode}), and an index-backed lookup, which
 * answers from the schema index when it is loaded and returns empty when it cannot answer, so the
 * {@link LookupRouter} falls back to live queries.
 */
public interface SchemaLookup {

  /** {@return the source name shown to callers: {@code index} or {@code live}} */
  String source();

  /** {@return the databases, or empty when this lookup cannot answer now} */
  Optional<List<Database>> databases();

  /**
   * Lists schemas.
   *
   * @param database the database, exactly as listed
   * @return the schemas, or empty when this lookup cannot answer now
   */
  Optional<List<Schema>> schemas(String database);

  /**
   * Lists tables and views (without columns).
   *
   * @param database the database
   * @param schema the schema
   * @param pattern a case-insensitive LIKE pattern ({@code %}, {@code _}), or null for all
   * @return the tables, or empty when this lookup cannot answer now
   */
  Optional<List<TableInfo>> tables(String database, String schema, @Nullable String pattern);

  /**
   * Resolves a name a caller wrote to the table's exact qualified name.
   *
   * @param ref the name
   * @return the name, or empty when this lookup cannot answer now
   * @throws SnowchatException when the table does not exist
   */
  Optional<QualifiedName> resolve(TableRef ref);

  /**
   * Describes a table: columns, keys, comment.
   *
   * @param table the exact name
   * @return the table, or empty when this lookup cannot answer now (e.g. columns not loaded)
   */
  Optional<TableInfo> describe(QualifiedName table);

  /**
   * Searches tables and columns.
   *
   * @param query words
   * @param k the maximum number of hits
   * @param database restrict to this database, or null
   * @return the hits, best first, or empty when this lookup cannot answer now
   */
  Optional<List<SchemaHit>> search(String query, int k, @Nullable String database);

  /**
   * Finds how two tables join.
   *
   * @param from the start table
   * @param to the end table
   * @return a present optional holding the route or null when no path exists; empty when this
   *     lookup cannot answer now
   */
  Optional<Optional<JoinRoute>> joinPath(QualifiedName from, QualifiedName to);

  /**
   * Lists functions.
   *
   * @param pattern a case-insensitive LIKE pattern, or null for all
   * @param limit the maximum number returned
   * @return the functions, or empty when this lookup cannot answer now
   */
  Optional<List<Function>> functions(@Nullable String pattern, int limit);

  /**
   * Lists every table and view name the caller may see, for "Did you mean ...?" suggestions
   * when a name is not found.
   *
   * @return the names, or empty when this lookup cannot answer (no suggestion is then made)
   */
  default Optional<List<QualifiedName>> tableNames() {
    return Optional.empty();
  }
}
