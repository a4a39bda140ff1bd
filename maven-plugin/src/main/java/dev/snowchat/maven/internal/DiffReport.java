package dev.snowchat.maven.internal;

import static java.util.Objects.requireNonNull;

import dev.snowchat.maven.internal.CatalogDiff.Change;
import dev.snowchat.maven.internal.CatalogDiff.Kind;
import dev.snowchat.schemaindex.QualifiedName;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** Renders a {@link CatalogDiff} as Markdown for people and as JSON for tools. */
public final class DiffReport {
  private static final JsonMapper MAPPER =
      JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

  private DiffReport() {}

  /**
   * {@return a one-line summary, e.g. "2 breaking changes; tables: 1 added, 1 dropped, 3 changed;
   * columns: 2 added, 1 dropped, 1 type changed"}
   *
   * @param diff the diff
   */
  public static String summary(CatalogDiff diff) {
    if (diff.isEmpty()) {
      return "no changes (" + diff.snapshotTables() + " tables and views)";
    }
    int breaking = diff.breaking().size();
    return breaking + " breaking change" + (breaking == 1 ? "" : "s")
        + "; tables: " + diff.count(Kind.TABLE_ADDED) + " added, "
        + diff.count(Kind.TABLE_DROPPED) + " dropped, " + diff.changedTables() + " changed"
        + "; columns: " + diff.count(Kind.COLUMN_ADDED) + " added, "
        + diff.count(Kind.COLUMN_DROPPED) + " dropped, "
        + diff.count(Kind.COLUMN_TYPE_CHANGED) + " type changed, "
        + diff.count(Kind.COLUMN_NULLABILITY_CHANGED) + " nullability changed"
        + (diff.count(Kind.FOREIGN_KEY_ADDED) + diff.count(Kind.FOREIGN_KEY_DROPPED) == 0 ? ""
            : "; foreign keys: " + diff.count(Kind.FOREIGN_KEY_ADDED) + " added, "
                + diff.count(Kind.FOREIGN_KEY_DROPPED) + " dropped");
  }

  /**
   * Renders Markdown.
   *
   * @param diff the diff
   * @param baseline how to name the baseline (a path)
   * @param snapshot how to name the new snapshot (a path)
   * @return the report
   */
  public static String markdown(CatalogDiff diff, String baseline, String snapshot) {
    requireNonNull(diff, "diff is null");
    StringBuilder md = new StringBuilder("# Snowchat schema diff\n\n");
    md.append("- Baseline: `").append(baseline).append("` (").append(diff.baselineTables())
        .append(" tables and views)\n");
    md.append("- Snapshot: `").append(snapshot).append("` (").append(diff.snapshotTables())
        .append(" tables and views)\n");
    md.append("- Result: ").append(summary(diff)).append("\n");
    if (diff.isEmpty()) {
      return md.toString();
    }
    List<Change> breaking = diff.breaking();
    md.append("\n## Breaking changes\n\n");
    if (breaking.isEmpty()) {
      md.append("None.\n");
    }
    for (Change c : breaking) {
      md.append("- `").append(c.table()).append("`: ").append(c.describe()).append('\n');
    }
    section(md, "Added tables", diff.changes(), Kind.TABLE_ADDED);
    section(md, "Dropped tables", diff.changes(), Kind.TABLE_DROPPED);
    Map<QualifiedName, StringBuilder> changed = new LinkedHashMap<>();
    for (Change c : diff.changes()) {
      if (c.kind() != Kind.TABLE_ADDED && c.kind() != Kind.TABLE_DROPPED) {
        changed.computeIfAbsent(c.table(), t -> new StringBuilder())
            .append("- ").append(c.describe()).append(c.breaking() ? " **(breaking)**" : "")
            .append('\n');
      }
    }
    if (!changed.isEmpty()) {
      md.append("\n## Changed tables\n");
      changed.forEach((t, lines) -> md.append("\n### `").append(t).append("`\n\n").append(lines));
    }
    return md.toString();
  }

  private static void section(StringBuilder md, String title, List<Change> changes, Kind kind) {
    List<Change> of = changes.stream().filter(c -> c.kind() == kind).toList();
    if (of.isEmpty()) {
      return;
    }
    md.append("\n## ").append(title).append("\n\n");
    for (Change c : of) {
      md.append("- `").append(c.table()).append("` (")
          .append(kind == Kind.TABLE_ADDED ? c.after() : c.before()).append(")\n");
    }
  }

  /**
   * Renders JSON: {@code {"format": "snowchat-diff", "version": 1, "baseline", "snapshot",
   * "breaking", "summary": {...}, "changes": [...]}}.
   *
   * @param diff the diff
   * @param baseline how to name the baseline
   * @param snapshot how to name the new snapshot
   * @return the JSON text
   */
  public static String json(CatalogDiff diff, String baseline, String snapshot) {
    requireNonNull(diff, "diff is null");
    ObjectNode root = MAPPER.createObjectNode();
    root.put("format", "snowchat-diff");
    root.put("version", 1);
    root.put("baseline", baseline);
    root.put("snapshot", snapshot);
    root.put("breaking", diff.breaking().size());
    ObjectNode summary = root.putObject("summary");
    summary.put("baselineTables", diff.baselineTables());
    summary.put("snapshotTables", diff.snapshotTables());
    summary.put("changedTables", diff.changedTables());
    for (Kind k : Kind.values()) {
      summary.put(camel(k), diff.count(k));
    }
    ArrayNode changes = root.putArray("changes");
    for (Change c : diff.changes()) {
      ObjectNode n = changes.addObject();
      n.put("kind", c.kind().name().toLowerCase(java.util.Locale.ROOT));
      n.put("database", c.table().database());
      n.put("schema", c.table().schema());
      n.put("table", c.table().name());
      n.put("column", c.column());
      n.put("before", c.before());
      n.put("after", c.after());
      n.put("typeChange", c.typeChange() == null ? null
          : c.typeChange().name().toLowerCase(java.util.Locale.ROOT));
      n.put("breaking", c.breaking());
    }
    return MAPPER.writeValueAsString(root) + "\n";
  }

  private static String camel(Kind k) {
    String[] parts = k.name().toLowerCase(java.util.Locale.ROOT).split("_");
    StringBuilder sb = new StringBuilder(parts[0]);
    for (int i = 1; i < parts.length; i++) {
      sb.append(Character.toUpperCase(parts[i].charAt(0))).append(parts[i].substring(1));
    }
    return sb.toString();
  }
}
