package dev.snowchat.schemaindex;

import static java.util.Objects.requireNonNull;

import dev.snowchat.schemaindex.internal.AtomicFiles;
import dev.snowchat.schemaindex.internal.JsonInput;
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
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.exc.StreamConstraintsException;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.JsonNode;
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
 * harm the reader): only a regular file of at most {@link #maxBytes()} bytes is read, one table at
 * a time; strings are limited to 1,000,000 characters and nesting to 64 levels; nothing may follow
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
      return fromParser(p, origin);
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
      return fromParser(p, "<string>");
    } catch (JacksonException e) {
      throw parseFailure(e, "<string>", Long.MAX_VALUE);
    }
  }

  /**
   * {@return the largest snapshot file read, in bytes}: a quarter of the JVM's maximum heap. A
   * snapshot's catalog takes about its file's size in memory, and a larger file (a mistake, or a
   * file written to exhaust the server's memory) is refused before it is read; the index then
   * loads from its source instead.
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
   * Reads the document one table at a time: only one table is held as a JSON tree, so the memory
   * a document takes is about that of its catalog, whatever its shape.
   */
  private static Catalog fromParser(JsonParser p, String origin) {
    JsonToken first = p.nextToken();
    List<TableInfo> out = new ArrayList<>();
    if (first == JsonToken.START_ARRAY) {
      tables(p, origin, out);
    } else if (first == JsonToken.START_OBJECT) {
      String format = null;
      JsonNode version = null;
      boolean sawTables = false;
      for (JsonToken t = p.nextToken(); t == JsonToken.PROPERTY_NAME; t = p.nextToken()) {
        String field = p.currentName();
        JsonToken value = p.nextToken();
        switch (field) {
          case "format" -> {
            JsonNode f = p.readValueAsTree();
            format = f.isString() ? f.asString() : f.toString();
            checkFormat(format, origin);
          }
          case "version" -> {
            version = p.readValueAsTree();
            checkVersion(version, origin);
          }
          case "tables" -> {
            if (value != JsonToken.START_ARRAY) {
              throw invalid(origin, "tables", "expected an array");
            }
            tables(p, origin, out);
            sawTables = true;
          }
          default -> p.skipChildren(); // a newer writer's addition
        }
      }
      checkFormat(format == null ? "" : format, origin);
      if (version == null) {
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

  private static void checkFormat(String format, String origin) {
    if (!FORMAT.equals(format)) {
      throw invalid(origin, "format", "expected \"" + FORMAT + "\", got \"" + format + "\"");
    }
  }

  private static void checkVersion(JsonNode version, String origin) {
    if (!version.isIntegralNumber() || !version.canConvertToInt() || version.asInt() < 1) {
      throw invalid(origin, "version", "expected a positive integer, got " + version);
    }
    if (version.asInt() > VERSION) {
      throw invalid(origin, "version", "snapshot version " + version.asInt()
          + " is newer than this reader (" + VERSION + "); upgrade schema-index");
    }
  }

  private static void tables(JsonParser p, String origin, List<TableInfo> out) {
    for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
      if (t == null) {
        throw invalid(origin, "tables", "the document ends inside the array");
      }
      JsonNode n = p.readValueAsTree();
      out.add(table(n, origin, "tables[" + out.size() + "]"));
    }
  }

  /**
   * Checks what a table's columns, keys and the catalog's foreign keys name: a snapshot written
   * from a warehouse always passes; a hand-edited or corrupted one whose keys name columns that
   * do not exist would give join clauses that fail in SQL.
   */
  private static void checkReferences(Catalog catalog, String origin) {
    for (TableInfo t : catalog.tables()) {
      String at = "table " + t.id();
      Set<String> names = new HashSet<>();
      for (ColumnInfo c : t.columns()) {
        if (!names.add(c.name())) {
          throw invalid(origin, at, "column " + c.name() + " appears twice");
        }
      }
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
        TableInfo target = catalog.table(fk.referencedTable()).orElse(null);
        if (target == null) {
          continue; // outside the snapshot (another database, or out of scope): not checked
        }
        for (String c : fk.referencedColumns()) {
          if (target.columns().stream().noneMatch(col -> col.name().equals(c))) {
            throw invalid(origin, at + " foreignKeys", "no column " + c + " in "
                + target.id());
          }
        }
      }
    }
  }

  private static TableInfo table(JsonNode n, String origin, String at) {
    if (!n.isObject()) {
      throw invalid(origin, at, "expected an object");
    }
    String database = requiredText(n, "database", origin, at);
    String schema = optionalText(n, "schema", origin, at);
    String name = requiredText(n, "name", origin, at);
    QualifiedName id;
    try {
      id = QualifiedName.of(database, schema == null ? "PUBLIC" : schema, name);
    } catch (IllegalArgumentException e) {
      throw invalid(origin, at, e.getMessage());
    }
    TableInfo.Builder b = TableInfo.builder(id);
    String kind = optionalText(n, "kind", origin, at);
    if (kind != null) {
      try {
        b.kind(TableKind.parse(kind));
      } catch (IllegalArgumentException e) {
        throw invalid(origin, at + ".kind", e.getMessage());
      }
    }
    b.comment(optionalText(n, "comment", origin, at));
    JsonNode rows = n.path("rowCount");
    if (!rows.isMissingNode() && !rows.isNull()) {
      if (!rows.isIntegralNumber() || rows.asLong() < 0) {
        throw invalid(origin, at + ".rowCount", "expected a non-negative integer");
      }
      b.rowCount(rows.asLong());
    }
    String changedOn = optionalText(n, "changedOn", origin, at);
    if (changedOn != null) {
      try {
        b.changedOn(Instant.parse(changedOn));
      } catch (DateTimeParseException e) {
        throw invalid(origin, at + ".changedOn", "expected an ISO-8601 instant, got '"
            + changedOn + "'");
      }
    }
    List<ColumnInfo> columns = new ArrayList<>();
    JsonNode cols = n.path("columns");
    if (!cols.isMissingNode() && !cols.isNull()) {
      if (!cols.isArray()) {
        throw invalid(origin, at + ".columns", "expected an array");
      }
      for (int j = 0; j < cols.size(); j++) {
        JsonNode c = cols.get(j);
        String cat = at + ".columns[" + j + "]";
        if (!c.isObject()) {
          throw invalid(origin, cat, "expected an object");
        }
        String cname = requiredText(c, "name", origin, cat);
        if (cname.isEmpty()) {
          throw invalid(origin, cat + ".name", "must not be empty");
        }
        String type = optionalText(c, "type", origin, cat);
        JsonNode nullable = c.path("nullable");
        if (!nullable.isMissingNode() && !nullable.isNull() && !nullable.isBoolean()) {
          throw invalid(origin, cat + ".nullable", "expected true or false");
        }
        columns.add(new ColumnInfo(cname, type == null ? "" : type,
            !nullable.isBoolean() || nullable.asBoolean(), optionalText(c, "comment", origin, cat)));
      }
    }
    b.columns(columns);
    b.primaryKey(textList(n.path("primaryKey"), origin, at + ".primaryKey"));
    List<ForeignKey> fks = new ArrayList<>();
    JsonNode fkNodes = n.path("foreignKeys");
    if (!fkNodes.isMissingNode() && !fkNodes.isNull()) {
      if (!fkNodes.isArray()) {
        throw invalid(origin, at + ".foreignKeys", "expected an array");
      }
      for (int j = 0; j < fkNodes.size(); j++) {
        JsonNode f = fkNodes.get(j);
        String fat = at + ".foreignKeys[" + j + "]";
        JsonNode ref = f.path("references");
        if (!ref.isObject()) {
          throw invalid(origin, fat + ".references", "expected an object");
        }
        try {
          fks.add(new ForeignKey(
              textList(f.path("columns"), origin, fat + ".columns"),
              QualifiedName.of(requiredText(ref, "database", origin, fat + ".references"),
                  requiredText(ref, "schema", origin, fat + ".references"),
                  requiredText(ref, "name", origin, fat + ".references")),
              textList(f.path("referencedColumns"), origin, fat + ".referencedColumns")));
        } catch (IllegalArgumentException e) {
          throw invalid(origin, fat, e.getMessage());
        }
      }
    }
    b.foreignKeys(fks);
    return b.build();
  }

  private static List<String> textList(JsonNode n, String origin, String at) {
    if (n.isMissingNode() || n.isNull()) {
      return List.of();
    }
    if (!n.isArray()) {
      throw invalid(origin, at, "expected an array of strings");
    }
    List<String> out = new ArrayList<>(n.size());
    for (JsonNode e : n) {
      if (!e.isString()) {
        throw invalid(origin, at, "expected an array of strings");
      }
      out.add(e.asString());
    }
    return out;
  }

  private static String requiredText(JsonNode n, String field, String origin, String at) {
    String v = optionalText(n, field, origin, at);
    if (v == null) {
      throw invalid(origin, at + "." + field, "missing");
    }
    return v;
  }

  private static @Nullable String optionalText(JsonNode n, String field, String origin,
      String at) {
    return JsonInput.optionalText(n, field, at, (where, what) -> invalid(origin, where, what));
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
