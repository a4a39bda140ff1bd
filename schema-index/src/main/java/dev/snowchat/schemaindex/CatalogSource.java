package dev.snowchat.schemaindex;

import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Where a catalog comes from: a warehouse (Snowflake), any JDBC database, or a JSON snapshot.
 * Create one with {@link CatalogSources}; hand it to {@link SchemaIndex.Builder#source}.
 *
 * <p>Implementations are thread-safe for one caller at a time (the index lifecycle never calls a
 * source concurrently). Every method that reads the source throws {@link
 * dev.snowchat.sqlgate.SnowchatException} with an {@link IndexErrorCode}: permanent codes ({@link
 * IndexErrorCode#AUTHENTICATION_FAILED}, {@link IndexErrorCode#ACCOUNT_NOT_FOUND}, {@link
 * IndexErrorCode#IP_NOT_ALLOWED}, {@link IndexErrorCode#CONFIGURATION}) stop the index from
 * retrying; {@link IndexErrorCode#SOURCE_FAILED} is retried with backoff.
 *
 * <p>New methods are added as {@code default} methods.
 */
public interface CatalogSource extends AutoCloseable {
  /** {@return a short name for logs and states, such as {@code snowflake}; never a secret} */
  String name();

  /**
   * Reads the whole catalog: tables and views with columns, comments and declared keys.
   *
   * @return the catalog
   * @throws dev.snowchat.sqlgate.SnowchatException when the source cannot be read
   */
  Catalog load();

  /**
   * Reads the change stamps of every table and view, as cheaply as the source allows. The index
   * polls this and reloads only tables whose stamp changed. The default reads the whole catalog.
   *
   * @return one stamp per table or view
   * @throws dev.snowchat.sqlgate.SnowchatException when the source cannot be read
   */
  default List<TableStamp> stamps() {
    return stampsOf(load());
  }

  /**
   * Derives stamps from a catalog this source produced (or a snapshot of one), without reading
   * the source. They must equal what {@link #stamps()} returns while nothing changes. The default
   * uses each table's {@link TableInfo#changedOn()}.
   *
   * @param catalog the catalog
   * @return one stamp per table
   */
  default List<TableStamp> stampsOf(Catalog catalog) {
    return catalog.tables().stream().map(t -> new TableStamp(t.id(), t.changedOn())).toList();
  }

  /**
   * Reads a subset of the catalog: the named tables, with columns and keys. Names that no longer
   * exist are left out. Implementations batch by schema. The default reads the whole catalog and
   * filters it.
   *
   * @param tables the tables to read
   * @return a catalog holding those of the tables that exist (it may hold no others)
   * @throws dev.snowchat.sqlgate.SnowchatException when the source cannot be read
   */
  default Catalog loadTables(Collection<QualifiedName> tables) {
    Set<QualifiedName> wanted = new HashSet<>(tables);
    return Catalog.of(load().tables().stream().filter(t -> wanted.contains(t.id())).toList());
  }

  /** Releases what the source holds (never a caller-supplied {@code DataSource}). */
  @Override
  default void close() {}
}
