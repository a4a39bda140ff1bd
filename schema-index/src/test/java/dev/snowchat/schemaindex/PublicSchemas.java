package dev.snowchat.schemaindex;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Public schemas whose foreign keys their authors publish, read from
 * {@code src/test/resources/schemas/NAME.txt}: {@code table NAME: COL TYPE, ...} lines give the
 * tables as a warehouse lists them, {@code fk FROM.COLS -> TO.COLS} lines the published keys
 * (columns comma-separated), {@code #} lines are comments. {@code questions.jsonl} beside them
 * holds 31 questions about the schemas of {@link #NAMES} with the tables a person would use, in
 * BIRD's format.
 */
public final class PublicSchemas {
  /** The schemas there are that {@code questions.jsonl} asks about. */
  public static final List<String> NAMES =
      List.of("tpcds", "tpch", "chinook", "northwind", "oracle-hr");

  /**
   * Schemas added for foreign-key inference only (no questions): keys named by role, by
   * abbreviation or without an {@code _id} suffix.
   */
  public static final List<String> MORE_KEYS = List.of("mimic-iii", "wide-world-importers",
      "ghtorrent", "classicmodels", "mysql-employees");

  private PublicSchemas() {}

  /**
   * A schema: its tables (in {@link #database}, schema PUBLIC) and keys.
   *
   * @param tables the tables, in file order
   * @param keys the published keys as {@code FROM.COLS -> TO.COLS}
   */
  public record Schema(List<TableInfo> tables, Set<String> keys) {}

  /**
   * {@return the database a schema's tables are in: its name upper-cased, {@code -} as {@code _}}
   *
   * @param name the schema's name ({@code oracle-hr} gives {@code ORACLE_HR})
   */
  public static String database(String name) {
    return name.toUpperCase(Locale.ROOT).replace('-', '_');
  }

  /**
   * Reads a schema.
   *
   * @param name the file's name without {@code .txt}
   * @return the schema
   */
  public static Schema read(String name) {
    String text;
    try (InputStream in = PublicSchemas.class.getResourceAsStream("/schemas/" + name + ".txt")) {
      if (in == null) {
        throw new IllegalArgumentException("no schema " + name);
      }
      text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<TableInfo> tables = new ArrayList<>();
    Set<String> keys = new LinkedHashSet<>();
    for (String line : text.split("\n")) {
      if (line.startsWith("table ")) {
        String[] p = line.substring(6).split(":", 2);
        List<ColumnInfo> cols = new ArrayList<>();
        for (String c : p[1].split(",")) {
          String col = c.strip();
          int space = col.lastIndexOf(' ');
          cols.add(ColumnInfo.of(col.substring(0, space), col.substring(space + 1)));
        }
        tables.add(TableInfo.builder(QualifiedName.of(database(name), "PUBLIC",
            p[0].strip())).columns(cols).build());
      } else if (line.startsWith("fk ")) {
        keys.add(line.substring(3).strip());
      }
    }
    return new Schema(List.copyOf(tables), Set.copyOf(keys));
  }
}
