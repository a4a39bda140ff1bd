package dev.snowchat.schemaindex;

import static java.util.Objects.requireNonNull;

import dev.snowchat.schemaindex.internal.AtomicFiles;
import dev.snowchat.schemaindex.internal.JsonInput;
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
import java.util.List;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
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
 * older reader accepts a newer writer's additions). A version newer than this reader is refused.
 */
public final class CatalogSnapshot {
  /** The value of the {@code format} field. */
  public static final String FORMAT = "snowchat-catalog";

  /** The snapshot format version this class writes and the newest it reads. */
  public static final int VERSION = 1;

  private static final JsonMapper MAPPER =
      JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

  private CatalogSnapshot() {}

  /**
   * Reads a snapshot file.
   *
   * @param file the file
   * @return the catalog
   * @throws SnowchatException {@link IndexErrorCode#SNAPSHOT_IO} when the file cannot be read,
   *     {@link IndexErrorCode#SNAPSHOT_INVALID} when it is not a valid snapshot
   */
  public static Catalog read(Path file) {
    requireNonNull(file, "file is null");
    try (InputStream in = Files.newInputStream(file)) {
      return read(in, file.toString());
    } catch (IOException e) {
      throw new SnowchatException(IndexErrorCode.SNAPSHOT_IO,
          "Cannot read catalog snapshot " + file + ": " + e.getMessage(), e);
    }
  }

  /**
   * Reads a snapshot from a stream (not closed).
   *
   * @param in the stream
   * @param origin a name for the stream, used in error messages
   * @return the catalog
   * @throws SnowchatException {@link IndexErrorCode#SNAPSHOT_INVALID} when it is not a valid
   *     snapshot
   */
  public static Catalog read(InputStream in, String origin) {
    requireNonNull(in, "in is null");
    requireNonNull(origin, "origin is null");
    JsonNode root;
    try {
      root = MAPPER.readTree(in);
    } catch (JacksonException e) {
      throw invalid(origin, "", "malformed JSON: " + e.getOriginalMessage());
    }
    return fromTree(root, origin);
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
    JsonNode root;
    try {
      root = MAPPER.readTree(json);
    } catch (JacksonException e) {
      throw invalid("<string>", "", "malformed JSON: " + e.getOriginalMessage());
    }
    return fromTree(root, "<string>");
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

  private static Catalog fromTree(JsonNode root, String origin) {
    JsonNode tables;
    if (root.isArray()) {
      tables = root;
    } else if (root.isObject()) {
      String format = root.path("format").asString("");
      if (!FORMAT.equals(format)) {
        throw invalid(origin, "format", "expected \"" + FORMAT + "\", got \"" + format + "\"");
      }
      JsonNode version = root.path("version");
      if (!version.isIntegralNumber() || version.asInt() < 1) {
        throw invalid(origin, "version", "expected a positive integer");
      }
      if (version.asInt() > VERSION) {
        throw invalid(origin, "version", "snapshot version " + version.asInt()
            + " is newer than this reader (" + VERSION + "); upgrade schema-index");
      }
      tables = root.path("tables");
      if (!tables.isArray()) {
        throw invalid(origin, "tables", "expected an array");
      }
    } else {
      throw invalid(origin, "", "expected an object or an array of tables");
    }
    List<TableInfo> out = new ArrayList<>(tables.size());
    for (int i = 0; i < tables.size(); i++) {
      out.add(table(tables.get(i), origin, "tables[" + i + "]"));
    }
    try {
      return Catalog.of(out);
    } catch (IllegalArgumentException e) {
      throw invalid(origin, "tables", e.getMessage());
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

  private static SnowchatException invalid(String origin, String at, String what) {
    return new SnowchatException(IndexErrorCode.SNAPSHOT_INVALID,
        "Invalid catalog snapshot " + origin + (at.isEmpty() ? "" : " at " + at) + ": " + what);
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
