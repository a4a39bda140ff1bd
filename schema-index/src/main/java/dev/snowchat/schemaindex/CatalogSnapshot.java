package dev.snowchat.schemaindex;

import static java.util.Objects.requireNonNull;

import dev.snowchat.schemaindex.internal.AtomicFiles;
import dev.snowchat.schemaindex.internal.source.SourceErrors;
import dev.snowchat.sqlgate.SnowchatException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.exc.StreamConstraintsException;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Reads and writes the catalog snapshot: a stable, versioned JSON document that the Maven plugin
 * writes in CI and services load at start.
 *
 * <p>Format (version 1), keys written in this order, tables sorted by qualified name:
 *
 * <pre>{@code
 * {
 *   "format": "snowchat-catalog",
 *   "version": 1,
 *   "tables": [
 *     {"database": "AIRBNB", "schema": "RAW", "name": "LISTINGS", "kind": "table",
 *      "comment": "...", "rowCount": 10000, "changedOn": "2025-01-01T00:00:00Z",
 *      "columns": [{"name": "LISTING_ID", "type": "NUMBER(38,0)", "nullable": false,
 *                   "comment": null}],
 *      "primaryKey": ["LISTING_ID"],
 *      "foreignKeys": [{"columns": ["HOST_ID"],
 *                       "references": {"database": "AIRBNB", "schema": "RAW", "name": "HOSTS"},
 *                       "referencedColumns": ["HOST_ID"]}]}
 *   ]
 * }
 * }</pre>
 *
 * <p>Reading is lenient where it is safe: a bare JSON array of tables is accepted (the format of
 * the BIRD benchmark catalog), as are missing optional fields ({@code kind} defaults to table,
 * {@code nullable} to true, {@code schema} to {@code PUBLIC}) and unknown fields (ignored, so an
 * older reader accepts a newer writer's additions; fields may come in any order). A version newer
 * than this reader is refused.
 *
 * <p>A snapshot file is untrusted input (it may be truncated, corrupted, hand-edited or written to
 * harm the reader): only a regular file of at most {@link #maxBytes()} bytes is read, as a stream
 * with no JSON tree, and the read stops once its catalog would take more than {@link #maxBytes()}
 * bytes of memory; strings are limited to 1,000,000 characters and nesting to 64 levels; nothing
 * may follow
 * the document; a table may not repeat, nor a column within a table, and primary and foreign keys
 * must name columns that exist (the referenced table's too, when the snapshot holds it). Anything
 * else fails with {@link IndexErrorCode#SNAPSHOT_INVALID} (or {@link IndexErrorCode#SNAPSHOT_IO}
 * when the file cannot be read) and a message naming the place, with the file's own text capped
 * and freed of control characters. A snapshot is plain JSON without a checksum, so that it can be
 * read, diffed and edited: a truncated document never parses, and a flipped byte either breaks
 * the JSON or reads as an edit would.
 */
public final class CatalogSnapshot {
  /** The value of the {@code format} field. */
  public static final String FORMAT = "snowchat-catalog";

  /** The snapshot format version this class writes and the newest it reads. */
  public static final int VERSION = 1;

  private static final JsonMapper MAPPER =
      JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();
  /**
   * Reads with the limits a catalog needs: nesting 64 deep (a snapshot nests 6), strings of
   * 1,000,000 characters, names of 1,000. Jackson's own defaults (500 deep, 100,000,000
   * characters) let one string of a hostile file take hundreds of megabytes.
   */
  private static final JsonMapper READER = JsonMapper.builder(JsonFactory.builder()
      .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(64)
          .maxStringLength(1_000_000).maxNameLength(1_000).build())
      .build()).build();

  private CatalogSnapshot() {}

  /**
   * Reads a snapshot file. The file is untrusted input: only a regular file (a symbolic link to
   * one is followed) of at most {@link #maxBytes()} bytes is read, and everything it holds is
   * checked before it is used (see the class comment).
   *
   * @param file the file
   * @return the catalog
   * @throws SnowchatException {@link IndexErrorCode#SNAPSHOT_IO} when the file cannot be read
   *     (missing, unreadable, a folder, a device or pipe), {@link IndexErrorCode#SNAPSHOT_INVALID}
   *     when it is not a valid snapshot or is larger than {@link #maxBytes()}
   */
  public static Catalog read(Path file) {
    requireNonNull(file, "file is null");
    // A pipe or device would block the open or never end: only regular files are opened.
    if (Files.isDirectory(file)) {
      throw new SnowchatException(IndexErrorCode.SNAPSHOT_IO,
          "Cannot read catalog snapshot " + file + ": it is a folder, not a snapshot file");
    }
    if (Files.exists(file) && !Files.isRegularFile(file)) {
      throw new SnowchatException(IndexErrorCode.SNAPSHOT_IO,
          "Cannot read catalog snapshot " + file + ": not a regular file");
    }
    long limit = maxBytes();
    try (InputStream in = Files.newInputStream(file)) {
      long size = Files.size(file);
      if (size > limit) {
        throw tooLarge(file.toString(), size + " bytes", limit);
      }
      return read(in, file.toString());
    } catch (IOException e) {
      throw new SnowchatException(IndexErrorCode.SNAPSHOT_IO,
          "Cannot read catalog snapshot " + file + ": " + e.getMessage(), e);
    }
  }

  /**
   * Reads a snapshot from a stream (not closed), at most {@link #maxBytes()} bytes of it.
   *
   * @param in the stream
   * @param origin a name for the stream, used in error messages
   * @return the catalog
   * @throws SnowchatException {@link IndexErrorCode#SNAPSHOT_INVALID} when it is not a valid
   *     snapshot or is longer than {@link #maxBytes()}; {@link IndexErrorCode#SNAPSHOT_IO} when
   *     the stream fails
   */
  public static Catalog read(InputStream in, String origin) {
    requireNonNull(in, "in is null");
    requireNonNull(origin, "origin is null");
    long limit = maxBytes();
    try (JsonParser p = READER.createParser(new LimitedInputStream(in, limit))) {
      return fromParser(p, origin, limit);
    } catch (JacksonException e) {
      throw parseFailure(e, origin, limit);
    }
  }

  /**
   * Parses a snapshot held in a string.
   *
   * @param json the JSON text
   * @return the catalog
   * @throws SnowchatException {@link IndexErrorCode#SNAPSHOT_INVALID} when it is not valid
   */
  public static Catalog parse(String json) {
    requireNonNull(json, "json is null");
    try (JsonParser p = READER.createParser(json)) {
      return fromParser(p, "<string>", maxBytes());
    } catch (JacksonException e) {
      throw parseFailure(e, "<string>", Long.MAX_VALUE);
    }
  }

  /** Parses with another memory budget than a quarter of the heap (for tests). */
  static Catalog parse(String json, long budget) {
    try (JsonParser p = READER.createParser(json)) {
      return fromParser(p, "<string>", budget);
    } catch (JacksonException e) {
      throw parseFailure(e, "<string>", budget);
    }
  }

  /**
   * {@return the largest snapshot read, in bytes}: a quarter of the JVM's maximum heap. A larger
   * file (a mistake, or a file written to exhaust the server's memory) is refused before it is
   * read, and so is a read whose catalog would take more than as many bytes of memory (estimated
   * as it is read, from above: a document of many tiny columns takes several times its size);
   * the index then loads from its source instead.
   */
  public static long maxBytes() {
    return Runtime.getRuntime().maxMemory() / 4;
  }

  private static SnowchatException tooLarge(String origin, String size, long limit) {
    return new SnowchatException(IndexErrorCode.SNAPSHOT_INVALID, "Invalid catalog snapshot "
        + origin + ": " + size + ", larger than the " + limit + " bytes this JVM reads (a quarter"
        + " of its maximum heap; raise -Xmx to read it)");
  }

  private static SnowchatException parseFailure(JacksonException e, String origin, long limit) {
    if (e.getCause() instanceof LimitedInputStream.TooLong) {
      return tooLarge(origin, "more bytes than announced", limit);
    }
    if (e.getCause() instanceof IOException io) {
      return new SnowchatException(IndexErrorCode.SNAPSHOT_IO,
          "Cannot read catalog snapshot " + origin + ": " + io.getMessage(), io);
    }
    if (e instanceof StreamConstraintsException) {
      return invalid(origin, "", "exceeds a limit of the reader: " + e.getOriginalMessage());
    }
    return invalid(origin, "", "malformed JSON: " + e.getOriginalMessage());
  }

  /**
   * Writes a catalog as a snapshot file, atomically (a temporary file in the same folder, then a
   * rename), creating parent folders.
   *
   * @param catalog the catalog
   * @param file the target file
   * @throws SnowchatException {@link IndexErrorCode#SNAPSHOT_IO} when the file cannot be written
   */
  public static void write(Catalog catalog, Path file) {
    requireNonNull(catalog, "catalog is null");
    requireNonNull(file, "file is null");
    try {
      AtomicFiles.write(file, out -> write(catalog, out));
    } catch (IOException | UncheckedIOException e) {
      throw new SnowchatException(IndexErrorCode.SNAPSHOT_IO,
          "Cannot write catalog snapshot " + file + ": " + e.getMessage(), e);
    }
  }

  /**
   * Writes a catalog as snapshot JSON to a stream (not closed).
   *
   * @param catalog the catalog
   * @param out the stream
   */
  public static void write(Catalog catalog, OutputStream out) {
    requireNonNull(catalog, "catalog is null");
    requireNonNull(out, "out is null");
    MAPPER.writeValue(new NonClosingOutputStream(out), toTree(catalog));
  }

  /**
   * Renders a catalog as snapshot JSON text.
   *
   * @param catalog the catalog
   * @return the JSON text, indented
   */
  public static String toJson(Catalog catalog) {
    requireNonNull(catalog, "catalog is null");
    return MAPPER.writeValueAsString(toTree(catalog));
  }

  private static ObjectNode toTree(Catalog catalog) {
    ObjectNode root = MAPPER.createObjectNode();
    root.put("format", FORMAT);
    root.put("version", VERSION);
    ArrayNode tables = root.putArray("tables");
    for (TableInfo t : catalog.tables()) {
      ObjectNode n = tables.addObject();
      n.put("database", t.id().database());
      n.put("schema", t.id().schema());
      n.put("name", t.id().name());
      n.put("kind", t.kind().configName());
      n.put("comment", t.comment());
      n.put("rowCount", t.rowCount());
      n.put("changedOn", t.changedOn() == null ? null : t.changedOn().toString());
      ArrayNode cols = n.putArray("columns");
      for (ColumnInfo c : t.columns()) {
        ObjectNode cn = cols.addObject();
        cn.put("name", c.name());
        cn.put("type", c.type());
        cn.put("nullable", c.nullable());
        cn.put("comment", c.comment());
      }
      ArrayNode pk = n.putArray("primaryKey");
      t.primaryKey().forEach(pk::add);
      ArrayNode fks = n.putArray("foreignKeys");
      for (ForeignKey fk : t.foreignKeys()) {
        ObjectNode fn = fks.addObject();
        ArrayNode fc = fn.putArray("columns");
        fk.columns().forEach(fc::add);
        ObjectNode ref = fn.putObject("references");
        ref.put("database", fk.referencedTable().database());
        ref.put("schema", fk.referencedTable().schema());
        ref.put("name", fk.referencedTable().name());
        ArrayNode rc = fn.putArray("referencedColumns");
        fk.referencedColumns().forEach(rc::add);
      }
    }
    return root;
  }

  /**
   * Reads the document as a stream, one field at a time: no JSON tree is built, so the memory a
   * read takes is that of the catalog it returns, bounded by {@code budget} (estimated).
   */
  private static Catalog fromParser(JsonParser p, String origin, long budget) {
    Reading r = new Reading(origin, budget);
    JsonToken first = p.nextToken();
    List<TableInfo> out = new ArrayList<>();
    if (first == JsonToken.START_ARRAY) {
      tables(p, r, out);
    } else if (first == JsonToken.START_OBJECT) {
      String format = null;
      boolean sawVersion = false;
      boolean sawTables = false;
      for (JsonToken t = p.nextToken(); t == JsonToken.PROPERTY_NAME; t = p.nextToken()) {
        String field = p.currentName();
        JsonToken value = p.nextToken();
        switch (field) {
          case "format" -> {
            format = value == JsonToken.VALUE_STRING ? p.getString() : describe(p);
            checkFormat(format, origin);
          }
          case "version" -> {
            checkVersion(p, origin);
            sawVersion = true;
          }
          case "tables" -> {
            if (value != JsonToken.START_ARRAY) {
              throw invalid(origin, "tables", "expected an array");
            }
            tables(p, r, out);
            sawTables = true;
          }
          default -> p.skipChildren(); // a newer writer's addition
        }
      }
      checkFormat(format == null ? "" : format, origin);
      if (!sawVersion) {
        throw invalid(origin, "version", "expected a positive integer");
      }
      if (!sawTables) {
        throw invalid(origin, "tables", "expected an array");
      }
    } else {
      throw invalid(origin, "", "expected an object or an array of tables");
    }
    if (p.nextToken() != null) {
      throw invalid(origin, "", "content after the end of the snapshot");
    }
    Catalog catalog;
    try {
      catalog = Catalog.of(out);
    } catch (IllegalArgumentException e) {
      throw invalid(origin, "tables", e.getMessage());
    }
    checkReferences(catalog, origin);
    return catalog;
  }

  /** {@return a short description of the current value, for messages; skips a structure} */
  private static String describe(JsonParser p) {
    JsonToken t = p.currentToken();
    if (t == JsonToken.START_ARRAY || t == JsonToken.START_OBJECT) {
      p.skipChildren();
      return t == JsonToken.START_ARRAY ? "an array" : "an object";
    }
    return p.getText();
  }

  private static void checkFormat(String format, String origin) {
    if (!FORMAT.equals(format)) {
      throw invalid(origin, "format", "expected \"" + FORMAT + "\", got \"" + format + "\"");
    }
  }

  private static void checkVersion(JsonParser p, String origin) {
    if (p.currentToken() != JsonToken.VALUE_NUMBER_INT
        || p.getNumberType() != JsonParser.NumberType.INT || p.getIntValue() < 1) {
      throw invalid(origin, "version", "expected a positive integer, got " + describe(p));
    }
    if (p.getIntValue() > VERSION) {
      throw invalid(origin, "version", "snapshot version " + p.getIntValue()
          + " is newer than this reader (" + VERSION + "); upgrade schema-index");
    }
  }

  private static void tables(JsonParser p, Reading r, List<TableInfo> out) {
    for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
      out.add(table(p, r, "tables[" + out.size() + "]"));
    }
  }

  /**
   * Checks what a table's columns, keys and the catalog's foreign keys name: a snapshot written
   * from a warehouse always passes; a hand-edited or corrupted one whose keys name columns that
   * do not exist would give join clauses that fail in SQL.
   */
  private static void checkReferences(Catalog catalog, String origin) {
    // each table's column names once, so that many keys on a wide table stay linear
    Map<QualifiedName, Set<String>> columnNames = new HashMap<>();
    for (TableInfo t : catalog.tables()) {
      String at = "table " + t.id();
      Set<String> names = new HashSet<>();
      for (ColumnInfo c : t.columns()) {
        if (!names.add(c.name())) {
          throw invalid(origin, at, "column " + c.name() + " appears twice");
        }
      }
      columnNames.put(t.id(), names);
    }
    for (TableInfo t : catalog.tables()) {
      String at = "table " + t.id();
      Set<String> names = columnNames.get(t.id());
      for (String c : t.primaryKey()) {
        if (!names.contains(c)) {
          throw invalid(origin, at + " primaryKey", "no column " + c + " in the table");
        }
      }
      for (ForeignKey fk : t.foreignKeys()) {
        for (String c : fk.columns()) {
          if (!names.contains(c)) {
            throw invalid(origin, at + " foreignKeys", "no column " + c + " in the table");
          }
        }
        Set<String> target = columnNames.get(fk.referencedTable());
        if (target == null) {
          continue; // outside the snapshot (another database, or out of scope): not checked
        }
        for (String c : fk.referencedColumns()) {
          if (!target.contains(c)) {
            throw invalid(origin, at + " foreignKeys", "no column " + c + " in "
                + fk.referencedTable());
          }
        }
      }
    }
  }

  /**
   * Reads one table, field by field (no JSON tree): what a document holds reaches memory only as
   * the catalog's own strings and lists, counted against the budget; unknown fields are skipped.
   */
  private static TableInfo table(JsonParser p, Reading r, String at) {
    if (p.currentToken() != JsonToken.START_OBJECT) {
      throw invalid(r.origin, at, "expected an object");
    }
    r.add(TABLE_BYTES);
    String database = null;
    String schema = null;
    String name = null;
    String kind = null;
    String comment = null;
    Long rowCount = null;
    String changedOn = null;
    List<ColumnInfo> columns = List.of();
    List<String> primaryKey = List.of();
    List<ForeignKey> fks = List.of();
    for (JsonToken t = p.nextToken(); t == JsonToken.PROPERTY_NAME; t = p.nextToken()) {
      String field = p.currentName();
      p.nextToken();
      switch (field) {
        case "database" -> database = text(p, r, at + ".database");
        case "schema" -> schema = text(p, r, at + ".schema");
        case "name" -> name = text(p, r, at + ".name");
        case "kind" -> kind = text(p, r, at + ".kind");
        case "comment" -> comment = text(p, r, at + ".comment");
        case "changedOn" -> changedOn = text(p, r, at + ".changedOn");
        case "rowCount" -> {
          if (p.currentToken() != JsonToken.VALUE_NULL) {
            if (p.currentToken() != JsonToken.VALUE_NUMBER_INT
                || p.getNumberType() == JsonParser.NumberType.BIG_INTEGER
                || p.getLongValue() < 0) {
              throw invalid(r.origin, at + ".rowCount", "expected a non-negative integer");
            }
            rowCount = p.getLongValue();
          }
        }
        case "columns" -> columns = columns(p, r, at + ".columns");
        case "primaryKey" -> primaryKey = textList(p, r, at + ".primaryKey");
        case "foreignKeys" -> fks = foreignKeys(p, r, at + ".foreignKeys");
        default -> p.skipChildren(); // a newer writer's addition
      }
    }
    if (database == null) {
      throw invalid(r.origin, at + ".database", "missing");
    }
    if (name == null) {
      throw invalid(r.origin, at + ".name", "missing");
    }
    QualifiedName id;
    try {
      id = QualifiedName.of(database, schema == null ? "PUBLIC" : schema, name);
    } catch (IllegalArgumentException e) {
      throw invalid(r.origin, at, e.getMessage());
    }
    TableInfo.Builder b = TableInfo.builder(id);
    if (kind != null) {
      try {
        b.kind(TableKind.parse(kind));
      } catch (IllegalArgumentException e) {
        throw invalid(r.origin, at + ".kind", e.getMessage());
      }
    }
    b.comment(comment);
    b.rowCount(rowCount);
    if (changedOn != null) {
      try {
        b.changedOn(Instant.parse(changedOn));
      } catch (DateTimeParseException e) {
        throw invalid(r.origin, at + ".changedOn", "expected an ISO-8601 instant, got '"
            + changedOn + "'");
      }
    }
    return b.columns(columns).primaryKey(primaryKey).foreignKeys(fks).build();
  }

  private static List<ColumnInfo> columns(JsonParser p, Reading r, String at) {
    if (p.currentToken() == JsonToken.VALUE_NULL) {
      return List.of();
    }
    if (p.currentToken() != JsonToken.START_ARRAY) {
      throw invalid(r.origin, at, "expected an array");
    }
    List<ColumnInfo> out = new ArrayList<>();
    for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
      String cat = at + "[" + out.size() + "]";
      if (t != JsonToken.START_OBJECT) {
        throw invalid(r.origin, cat, "expected an object");
      }
      r.add(COLUMN_BYTES);
      String name = null;
      String type = null;
      String comment = null;
      boolean nullable = true;
      for (JsonToken f = p.nextToken(); f == JsonToken.PROPERTY_NAME; f = p.nextToken()) {
        String field = p.currentName();
        JsonToken v = p.nextToken();
        switch (field) {
          case "name" -> name = text(p, r, cat + ".name");
          case "type" -> type = text(p, r, cat + ".type");
          case "comment" -> comment = text(p, r, cat + ".comment");
          case "nullable" -> {
            if (v == JsonToken.VALUE_TRUE || v == JsonToken.VALUE_FALSE) {
              nullable = v == JsonToken.VALUE_TRUE;
            } else if (v != JsonToken.VALUE_NULL) {
              throw invalid(r.origin, cat + ".nullable", "expected true or false");
            }
          }
          default -> p.skipChildren();
        }
      }
      if (name == null) {
        throw invalid(r.origin, cat + ".name", "missing");
      }
      if (name.isEmpty()) {
        throw invalid(r.origin, cat + ".name", "must not be empty");
      }
      out.add(new ColumnInfo(name, type == null ? "" : type, nullable, comment));
    }
    return out;
  }

  private static List<ForeignKey> foreignKeys(JsonParser p, Reading r, String at) {
    if (p.currentToken() == JsonToken.VALUE_NULL) {
      return List.of();
    }
    if (p.currentToken() != JsonToken.START_ARRAY) {
      throw invalid(r.origin, at, "expected an array");
    }
    List<ForeignKey> out = new ArrayList<>();
    for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
      String fat = at + "[" + out.size() + "]";
      if (t != JsonToken.START_OBJECT) {
        throw invalid(r.origin, fat + ".references", "expected an object");
      }
      r.add(FOREIGN_KEY_BYTES);
      List<String> columns = List.of();
      List<String> referenced = List.of();
      String database = null;
      String schema = null;
      String name = null;
      boolean sawReferences = false;
      for (JsonToken f = p.nextToken(); f == JsonToken.PROPERTY_NAME; f = p.nextToken()) {
        String field = p.currentName();
        JsonToken v = p.nextToken();
        switch (field) {
          case "columns" -> columns = textList(p, r, fat + ".columns");
          case "referencedColumns" -> referenced = textList(p, r, fat + ".referencedColumns");
          case "references" -> {
            if (v != JsonToken.START_OBJECT) {
              throw invalid(r.origin, fat + ".references", "expected an object");
            }
            sawReferences = true;
            String rat = fat + ".references";
            for (JsonToken g = p.nextToken(); g == JsonToken.PROPERTY_NAME; g = p.nextToken()) {
              String part = p.currentName();
              p.nextToken();
              switch (part) {
                case "database" -> database = text(p, r, rat + ".database");
                case "schema" -> schema = text(p, r, rat + ".schema");
                case "name" -> name = text(p, r, rat + ".name");
                default -> p.skipChildren();
              }
            }
          }
          default -> p.skipChildren();
        }
      }
      String rat = fat + ".references";
      if (!sawReferences) {
        throw invalid(r.origin, rat, "expected an object");
      }
      try {
        out.add(new ForeignKey(columns, QualifiedName.of(required(database, r, rat + ".database"),
            required(schema, r, rat + ".schema"), required(name, r, rat + ".name")),
            referenced));
      } catch (IllegalArgumentException e) {
        throw invalid(r.origin, fat, e.getMessage());
      }
    }
    return out;
  }

  private static String required(@Nullable String value, Reading r, String at) {
    if (value == null) {
      throw invalid(r.origin, at, "missing");
    }
    return value;
  }

  private static List<String> textList(JsonParser p, Reading r, String at) {
    if (p.currentToken() == JsonToken.VALUE_NULL) {
      return List.of();
    }
    if (p.currentToken() != JsonToken.START_ARRAY) {
      throw invalid(r.origin, at, "expected an array of strings");
    }
    List<String> out = new ArrayList<>();
    for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
      if (t != JsonToken.VALUE_STRING) {
        throw invalid(r.origin, at, "expected an array of strings");
      }
      r.add(LIST_ENTRY_BYTES);
      out.add(r.string(p.getString()));
    }
    return out;
  }

  /** {@return a string field's value, or null for JSON null} */
  private static @Nullable String text(JsonParser p, Reading r, String at) {
    JsonToken t = p.currentToken();
    if (t == JsonToken.VALUE_NULL) {
      return null;
    }
    if (t != JsonToken.VALUE_STRING) {
      throw invalid(r.origin, at, "expected a string");
    }
    return r.string(p.getString());
  }

  /** Estimated heap bytes of what the reader keeps: objects, list slots (strings counted apart). */
  private static final long TABLE_BYTES = 200;
  private static final long COLUMN_BYTES = 48;
  private static final long FOREIGN_KEY_BYTES = 120;
  private static final long LIST_ENTRY_BYTES = 8;

  /**
   * One read: where from, and the estimated heap the catalog read so far takes. A string costs
   * its object and two bytes a character (an overestimate for Latin-1 text, which Java stores in
   * one); a read that would pass the budget stops there.
   */
  private static final class Reading {
    final String origin;
    private final long budget;
    private long used;

    Reading(String origin, long budget) {
      this.origin = origin;
      this.budget = budget;
    }

    void add(long bytes) {
      used += bytes;
      if (used > budget) {
        throw new SnowchatException(IndexErrorCode.SNAPSHOT_INVALID, "Invalid catalog snapshot "
            + origin + ": its catalog would take more than " + budget + " bytes of memory (a"
            + " quarter of this JVM's maximum heap; raise -Xmx to read it)");
      }
    }

    String string(String s) {
      if (!s.isEmpty()) {
        add(40 + 2L * s.length());
      }
      return s;
    }
  }

  /** The message quotes the file's own text, so it is capped and freed of control characters. */
  private static SnowchatException invalid(String origin, String at, String what) {
    return new SnowchatException(IndexErrorCode.SNAPSHOT_INVALID,
        "Invalid catalog snapshot " + origin + (at.isEmpty() ? "" : " at "
            + SourceErrors.sanitize(at)) + ": " + SourceErrors.sanitize(what));
  }

  /** Fails a read that goes past the limit, whatever the file's size said before it was opened. */
  private static final class LimitedInputStream extends java.io.FilterInputStream {
    /** The stream is longer than the limit. */
    static final class TooLong extends IOException {
      TooLong() {
        super("longer than the limit");
      }
    }

    private long left;

    LimitedInputStream(InputStream in, long limit) {
      super(in);
      this.left = limit;
    }

    @Override
    public int read() throws IOException {
      byte[] one = new byte[1];
      return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      int n = in.read(b, off, (int) Math.min(len, left + 1));
      if (n > 0) {
        left -= n;
        if (left < 0) {
          throw new TooLong();
        }
      }
      return n;
    }

    @Override
    public void close() {
      // the caller's stream: closed by whoever opened it
    }
  }

  /** Lets Jackson close its generator without closing the caller's stream. */
  private static final class NonClosingOutputStream extends java.io.FilterOutputStream {
    NonClosingOutputStream(OutputStream out) {
      super(out);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      out.write(b, off, len);
    }

    @Override
    public void close() throws IOException {
      flush();
    }
  }
}
