package dev.snowchat.mcp.internal.lookup;

import dev.snowchat.mcp.internal.lookup.Catalogs.Database;
import dev.snowchat.mcp.internal.lookup.Catalogs.Function;
import dev.snowchat.mcp.internal.lookup.Catalogs.Schema;
import dev.snowchat.schemaindex.JoinPath;
import dev.snowchat.schemaindex.QualifiedName;
import dev.snowchat.schemaindex.SearchHit;
import dev.snowchat.schemaindex.TableInfo;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Answers the discovery tools, in schema-index's own types where it has them ({@link TableInfo},
 * {@link SearchHit}, {@link JoinPath}). Two kinds exist: the live lookups, which query the
 * warehouse on each call and always answer (a question without an answer, such as a table that
 * does not exist, is a {@link dev.snowchat.sqlgate.SnowchatException} with a {@link
 * dev.snowchat.mcp.ToolErrorCode}), and an index-backed lookup, which answers from the schema
 * index when it is loaded and is {@link Answer.Unavailable} when it cannot answer, so the {@link
 * LookupRouter} asks the live lookup.
 */
public interface SchemaLookup {

  /** {@return the databases} */
  Answer<List<Database>> databases();

  /**
   * Lists schemas.
   *
   * @param database the database, exactly as listed
   * @return the schemas
   */
  Answer<List<Schema>> schemas(String database);

  /**
   * Lists tables and views (without columns).
   *
   * @param database the database
   * @param schema the schema
   * @param pattern a case-insensitive LIKE pattern ({@code %}, {@code _}), or null for all
   * @return the tables
   */
  Answer<List<TableInfo>> tables(String database, String schema, @Nullable String pattern);

  /**
   * Resolves a name a caller wrote to the table's exact qualified name.
   *
   * @param ref the name
   * @return the name
   */
  Answer<QualifiedName> resolve(TableRef ref);

  /**
   * Describes a table: columns, keys, comment.
   *
   * @param table the exact name
   * @return the table
   */
  Answer<TableInfo> describe(QualifiedName table);

  /**
   * Searches tables and columns.
   *
   * @param query words
   * @param k the maximum number of hits
   * @param database restrict to this database, or null
   * @return the hits, best first
   */
  Answer<List<SearchHit>> search(String query, int k, @Nullable String database);

  /**
   * Finds how two tables join.
   *
   * @param from the start table
   * @param to the end table
   * @return the path, each edge oriented along it, or empty when the tables do not join
   */
  Answer<Optional<JoinPath>> joinPath(QualifiedName from, QualifiedName to);

  /**
   * Lists functions.
   *
   * @param pattern a case-insensitive LIKE pattern, or null for all
   * @param limit the maximum number returned
   * @return the functions
   */
  Answer<List<Function>> functions(@Nullable String pattern, int limit);

  /**
   * Lists every table and view name the caller may see, for "Did you mean ...?" suggestions
   * when a name is not found.
   *
   * @return the names; unavailable when this lookup cannot list them (no suggestion is made)
   */
  default Answer<List<QualifiedName>> tableNames() {
    return Answer.unavailable("this lookup does not list every name");
  }
}
