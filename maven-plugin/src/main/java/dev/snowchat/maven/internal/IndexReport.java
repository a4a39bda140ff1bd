package dev.snowchat.maven.internal;

import static java.util.Objects.requireNonNull;

import dev.snowchat.schemaindex.Catalog;
import dev.snowchat.schemaindex.TableInfo;
import dev.snowchat.schemaindex.TableKind;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/** Renders the human-readable report {@code snowchat:index} writes next to the snapshot. */
public final class IndexReport {
  private IndexReport() {}

  /**
   * Counts for one schema.
   *
   * @param database the database
   * @param schema the schema
   * @param tables base tables
   * @param views views
   * @param columns columns over both
   * @param rows the sum of the row counts the source reports, or null when it reports none
   */
  public record SchemaCount(String database, String schema, int tables, int views, int columns,
      @Nullable Long rows) {}

  /**
   * The join graph in numbers.
   *
   * @param edges all edges
   * @param declared edges from declared foreign keys
   * @param inferred edges inferred from names
   * @param mostConnected the tables with the most edges, as {@code NAME (n)}, best first
   * @param isolated tables without any edge
   */
  public record JoinSummary(int edges, int declared, int inferred, List<String> mostConnected,
      int isolated) {
    /** Copies the list. */
    public JoinSummary {
      mostConnected = List.copyOf(mostConnected);
    }
  }

  /**
   * How well a glossary matches the catalog.
   *
   * @param file the glossary file as shown
   * @param entries the number of entries
   * @param targets the number of distinct targets
   * @param unresolved targets that name no table of the catalog
   * @param termsOf for each unresolved target, the terms that point at it
   */
  public record GlossaryCoverage(String file, int entries, int targets, List<String> unresolved,
      Map<String, List<String>> termsOf) {
    /** Copies the collections. */
    public GlossaryCoverage {
      unresolved = List.copyOf(unresolved);
      termsOf = Map.copyOf(termsOf);
    }
  }

  /**
   * Counts tables, views and columns by database and schema, sorted by name.
   *
   * @param catalog the catalog
   * @return one count per schema
   */
  public static List<SchemaCount> countBySchema(Catalog catalog) {
    Map<String, long[]> acc = new TreeMap<>();
    Map<String, String[]> names = new TreeMap<>();
    for (TableInfo t : catalog.tables()) {
      String key = t.id().database() + "\u0000" + t.id().schema();
      names.putIfAbsent(key, new String[] {t.id().database(), t.id().schema()});
      long[] a = acc.computeIfAbsent(key, k -> new long[5]);
      a[t.kind() == TableKind.VIEW ? 1 : 0]++;
      a[2] += t.columns().size();
      if (t.rowCount() != null) {
        a[3] += t.rowCount();
        a[4] = 1;
      }
    }
    return acc.entrySet().stream().map(e -> {
      String[] n = names.get(e.getKey());
      long[] a = e.getValue();
      return new SchemaCount(n[0], n[1], (int) a[0], (int) a[1], (int) a[2],
          a[4] == 1 ? Long.valueOf(a[3]) : null);
    }).toList();
  }

  /**
   * Renders the report as Markdown.
   *
   * @param catalog the catalog
   * @param source a secret-free description of where it came from
   * @param snapshot the snapshot file as shown
   * @param elapsedMillis how long indexing took
   * @param joins the join graph summary, or null when it could not be built
   * @param glossary the glossary coverage, or null when no glossary is configured
   * @return the report
   */
  public static String markdown(Catalog catalog, String source, String snapshot,
      long elapsedMillis, @Nullable JoinSummary joins, @Nullable GlossaryCoverage glossary) {
    requireNonNull(catalog, "catalog is null");
    List<SchemaCount> counts = countBySchema(catalog);
    long databases = counts.stream().map(SchemaCount::database).distinct().count();
    int tables = counts.stream().mapToInt(SchemaCount::tables).sum();
    int views = counts.stream().mapToInt(SchemaCount::views).sum();
    int columns = counts.stream().mapToInt(SchemaCount::columns).sum();

    StringBuilder md = new StringBuilder("# Snowchat catalog index\n\n");
    md.append("- Source: ").append(source).append('\n');
    md.append("- Snapshot: `").append(snapshot).append("`\n");
    md.append("- Took: ").append(seconds(elapsedMillis)).append('\n');
    md.append("- Totals: ").append(plural(databases, "database")).append(", ")
        .append(plural(counts.size(), "schema")).append(", ").append(plural(tables, "table"))
        .append(", ").append(plural(views, "view")).append(", ")
        .append(plural(columns, "column")).append("\n\n");

    md.append("## By database and schema\n\n");
    if (counts.isEmpty()) {
      md.append("The catalog is empty: check the include and exclude patterns and the role's"
          + " grants.\n");
    } else {
      md.append("| Database | Schema | Tables | Views | Columns | Rows |\n");
      md.append("|---|---|---:|---:|---:|---:|\n");
      for (SchemaCount c : counts) {
        md.append("| ").append(cell(c.database())).append(" | ").append(cell(c.schema()))
            .append(" | ").append(c.tables()).append(" | ").append(c.views()).append(" | ")
            .append(c.columns()).append(" | ").append(c.rows() == null ? "-" : c.rows())
            .append(" |\n");
      }
    }

    md.append("\n## Join graph\n\n");
    if (joins == null) {
      md.append("Not available.\n");
    } else {
      md.append("- ").append(plural(joins.edges(), "edge")).append(": ")
          .append(joins.declared()).append(" from declared foreign keys, ")
          .append(joins.inferred()).append(" inferred from names\n");
      md.append("- Tables without any join: ").append(joins.isolated()).append('\n');
      if (!joins.mostConnected().isEmpty()) {
        md.append("- Most connected: ").append(String.join(", ", joins.mostConnected()))
            .append('\n');
      }
    }

    md.append("\n## Glossary coverage\n\n");
    if (glossary == null) {
      md.append("No glossary configured (set snowchat.glossary to a glossary JSON file).\n");
    } else {
      md.append("- Glossary: `").append(glossary.file()).append("`, ")
          .append(plural(glossary.entries(), "entry", "entries")).append(", ")
          .append(plural(glossary.targets(), "target")).append('\n');
      if (glossary.unresolved().isEmpty()) {
        md.append("- Every target names a table of the catalog.\n");
      } else {
        md.append("- Targets that name no table (").append(glossary.unresolved().size())
            .append("):\n");
        for (String t : glossary.unresolved()) {
          List<String> terms = glossary.termsOf().getOrDefault(t, List.of());
          md.append("  - `").append(t).append('`');
          if (!terms.isEmpty()) {
            md.append(" (terms: ").append(String.join(", ", terms)).append(')');
          }
          md.append('\n');
        }
      }
    }
    return md.toString();
  }

  /**
   * Formats a duration for logs, e.g. {@code 1.2 s}.
   *
   * @param millis milliseconds
   * @return the text
   */
  public static String seconds(long millis) {
    return String.format(Locale.ROOT, "%.1f s", millis / 1000.0);
  }

  private static String plural(long n, String word) {
    return plural(n, word, word + "s");
  }

  private static String plural(long n, String one, String many) {
    return n + " " + (n == 1 ? one : many);
  }

  private static String cell(String s) {
    return s.replace("|", "\\|");
  }
}
