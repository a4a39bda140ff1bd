package dev.snowchat.schemaindex.internal.search;

import dev.snowchat.schemaindex.QualifiedName;
import java.util.Locale;

/**
 * The Lucene fields of the index: those of a table's document ({@link Documents#table}) and
 * those of a database's document ({@link Documents#database}), shared by indexing and ranking.
 */
final class Fields {
  /** A table's key ({@link #key}), stored: rankings read it back. */
  static final String KEY = "key";
  /** Filters: database, schema (lower case) and kind of a table. */
  static final String DB = "db";
  static final String SCHEMA = "schema";
  static final String KIND = "kind";
  /** Words of the table name, of its database and schema, of its column names. */
  static final String NAME = "name";
  static final String DBNAME = "dbname";
  static final String COLS = "cols";
  /** The table name's words twice and its column names' words: plain table-level BM25. */
  static final String PLAIN = "plain";
  /** Words of the table and column comments. */
  static final String TEXT = "text";
  /** Words of the glossary entries that target the table, and their ids ({@link #GID}). */
  static final String GLOSS = "gloss";
  static final String GID = "gid";
  /** Exact column and table names as typed (lower case), for queries such as VENDOR_ID. */
  static final String COLX = "colx";
  static final String NAMEX = "namex";
  /** The table's vector (HNSW). */
  static final String VEC = "vec";

  /** A database's name, stored: the coherence stage reads it back. */
  static final String D_KEY = "dkey";
  /** Words of a database's name, and its table and column words (capped counts). */
  static final String D_NAME = "dname";
  static final String D_TABLES = "dtables";
  static final String D_COLUMNS = "dcolumns";
  /** The database's vector (its name and table names), semantic providers only. */
  static final String D_VEC = "dvec";

  private Fields() {}

  /** {@return the value of {@link #KEY} for a table} */
  static String key(QualifiedName q) {
    return q.database() + '\u001f' + q.schema() + '\u001f' + q.name();
  }

  /** {@return a name as the exact-match fields hold it} */
  static String lower(String s) {
    return s.toLowerCase(Locale.ROOT);
  }
}
