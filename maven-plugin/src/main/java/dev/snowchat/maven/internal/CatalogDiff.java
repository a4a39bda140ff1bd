package dev.snowchat.maven.internal;

import static java.util.Objects.requireNonNull;

import dev.snowchat.schemaindex.Catalog;
import dev.snowchat.schemaindex.ColumnInfo;
import dev.snowchat.schemaindex.ForeignKey;
import dev.snowchat.schemaindex.QualifiedName;
import dev.snowchat.schemaindex.TableInfo;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;

/**
 * The differences between a baseline catalog and a new one: tables and columns added, dropped and
 * changed, and declared foreign keys added and dropped. Dropped tables, dropped columns and
 * narrowed or otherwise incompatible column types are breaking; additions, widened types, changes
 * of nullability, kind or comment, and foreign keys added or dropped are not.
 * Names are compared exactly, as the sources report them.
 *
 * @param baselineTables the number of tables and views in the baseline
 * @param snapshotTables the number of tables and views in the new snapshot
 * @param changes every change, sorted by table, then column
 */
public record CatalogDiff(int baselineTables, int snapshotTables, List<Change> changes) {

  /** What changed. */
  public enum Kind {
    /** A table or view exists only in the new snapshot. */
    TABLE_ADDED,
    /** A table or view exists only in the baseline. Breaking. */
    TABLE_DROPPED,
    /** A table became a view or the reverse. */
    TABLE_KIND_CHANGED,
    /** A column exists only in the new snapshot. */
    COLUMN_ADDED,
    /** A column exists only in the baseline. Breaking. */
    COLUMN_DROPPED,
    /** A column's type changed; see {@link Change#typeChange()}. */
    COLUMN_TYPE_CHANGED,
    /** A column became nullable, or not nullable. */
    COLUMN_NULLABILITY_CHANGED,
    /** A declared foreign key exists only in the new snapshot. */
    FOREIGN_KEY_ADDED,
    /**
     * A declared foreign key exists only in the baseline. Not breaking for queries (no query
     * refers to a constraint), but a declared join path is gone.
     */
    FOREIGN_KEY_DROPPED
  }

  /**
   * One change.
   *
   * @param kind what changed
   * @param table the table
   * @param column the column, or null for a table-level change
   * @param before the old value (type, kind, nullability), or null
   * @param after the new value, or null
   * @param typeChange how a column type changed, or null when no type changed
   * @param breaking whether readers built against the baseline may break
   */
  public record Change(Kind kind, QualifiedName table, @Nullable String column,
      @Nullable String before, @Nullable String after, SqlType.@Nullable Change typeChange,
      boolean breaking) {
    /** Validates the fields. */
    public Change {
      requireNonNull(kind, "kind is null");
      requireNonNull(table, "table is null");
    }

    /** {@return one line in words, e.g. "column X dropped (was NUMBER(38,0))"} */
    public String describe() {
      return switch (kind) {
        case TABLE_ADDED -> "added (" + after + ")";
        case TABLE_DROPPED -> "dropped (was " + before + ")";
        case TABLE_KIND_CHANGED -> "changed from " + before + " to " + after;
        case COLUMN_ADDED -> "column " + column + " added: " + after;
        case COLUMN_DROPPED -> "column " + column + " dropped (was " + before + ")";
        case COLUMN_TYPE_CHANGED -> "column " + column + " type "
            + typeWord(typeChange) + ": " + before + " -> " + after;
        case COLUMN_NULLABILITY_CHANGED -> "column " + column + " " + before + " -> " + after;
        case FOREIGN_KEY_ADDED -> "foreign key added: " + after;
        case FOREIGN_KEY_DROPPED -> "foreign key dropped: " + before;
      };
    }

    private static String typeWord(SqlType.@Nullable Change c) {
      if (c == null) {
        return "changed";
      }
      return switch (c) {
        case NARROWED -> "narrowed";
        case WIDENED -> "widened";
        case FAMILY_CHANGED -> "family changed";
        case CHANGED, SAME -> "changed";
      };
    }
  }

  private static final Comparator<Change> ORDER = Comparator
      .comparing(Change::table)
      .thenComparing(c -> c.column() == null ? "" : c.column())
      .thenComparing(Change::kind);

  /** Validates and copies. */
  public CatalogDiff {
    changes = List.copyOf(requireNonNull(changes, "changes is null"));
  }

  /**
   * Compares two catalogs.
   *
   * @param baseline the old catalog
   * @param snapshot the new catalog
   * @return the differences
   */
  public static CatalogDiff compare(Catalog baseline, Catalog snapshot) {
    requireNonNull(baseline, "baseline is null");
    requireNonNull(snapshot, "snapshot is null");
    List<Change> out = new ArrayList<>();
    for (TableInfo old : baseline.tables()) {
      Optional<TableInfo> now = snapshot.table(old.id());
      if (now.isEmpty()) {
        out.add(new Change(Kind.TABLE_DROPPED, old.id(), null, describe(old), null, null, true));
      } else {
        compareTables(old, now.get(), out);
      }
    }
    for (TableInfo t : snapshot.tables()) {
      if (baseline.table(t.id()).isEmpty()) {
        out.add(new Change(Kind.TABLE_ADDED, t.id(), null, null, describe(t), null, false));
      }
    }
    out.sort(ORDER);
    return new CatalogDiff(baseline.size(), snapshot.size(), out);
  }

  private static void compareTables(TableInfo old, TableInfo now, List<Change> out) {
    if (old.kind() != now.kind()) {
      out.add(new Change(Kind.TABLE_KIND_CHANGED, old.id(), null, old.kind().configName(),
          now.kind().configName(), null, false));
    }
    Map<String, ColumnInfo> newColumns = new LinkedHashMap<>();
    now.columns().forEach(c -> newColumns.put(c.name(), c));
    Set<String> oldNames = new TreeSet<>();
    for (ColumnInfo oc : old.columns()) {
      oldNames.add(oc.name());
      ColumnInfo nc = newColumns.get(oc.name());
      if (nc == null) {
        out.add(new Change(Kind.COLUMN_DROPPED, old.id(), oc.name(), oc.type(), null, null,
            true));
        continue;
      }
      SqlType.Change tc = SqlType.compare(SqlType.parse(oc.type()), SqlType.parse(nc.type()));
      if (tc != SqlType.Change.SAME) {
        out.add(new Change(Kind.COLUMN_TYPE_CHANGED, old.id(), oc.name(), oc.type(), nc.type(),
            tc, tc.breaking()));
      }
      if (oc.nullable() != nc.nullable()) {
        out.add(new Change(Kind.COLUMN_NULLABILITY_CHANGED, old.id(), oc.name(),
            nullability(oc), nullability(nc), null, false));
      }
    }
    for (ColumnInfo nc : now.columns()) {
      if (!oldNames.contains(nc.name())) {
        out.add(new Change(Kind.COLUMN_ADDED, now.id(), nc.name(), null,
            nc.type() + (nc.nullable() ? "" : " NOT NULL"), null, false));
      }
    }
    // Foreign keys are compared whole (columns, referenced table and columns); a key whose
    // columns changed shows as one dropped and one added.
    for (ForeignKey fk : old.foreignKeys()) {
      if (!now.foreignKeys().contains(fk)) {
        out.add(new Change(Kind.FOREIGN_KEY_DROPPED, old.id(), String.join(", ", fk.columns()),
            describe(fk), null, null, false));
      }
    }
    for (ForeignKey fk : now.foreignKeys()) {
      if (!old.foreignKeys().contains(fk)) {
        out.add(new Change(Kind.FOREIGN_KEY_ADDED, now.id(), String.join(", ", fk.columns()),
            null, describe(fk), null, false));
      }
    }
  }

  private static String describe(ForeignKey fk) {
    return "(" + String.join(", ", fk.columns()) + ") -> " + fk.referencedTable() + " ("
        + String.join(", ", fk.referencedColumns()) + ")";
  }

  private static String nullability(ColumnInfo c) {
    return c.nullable() ? "NULL" : "NOT NULL";
  }

  private static String describe(TableInfo t) {
    return t.kind().configName() + ", " + t.columns().size() + " column"
        + (t.columns().size() == 1 ? "" : "s");
  }

  /** {@return the breaking changes} */
  public List<Change> breaking() {
    return changes.stream().filter(Change::breaking).toList();
  }

  /** {@return true when nothing changed} */
  public boolean isEmpty() {
    return changes.isEmpty();
  }

  /**
   * Counts the changes of one kind.
   *
   * @param kind the kind
   * @return the count
   */
  public long count(Kind kind) {
    return changes.stream().filter(c -> c.kind() == kind).count();
  }

  /** {@return the number of tables present in both catalogs with at least one change} */
  public long changedTables() {
    return changes.stream()
        .filter(c -> c.kind() != Kind.TABLE_ADDED && c.kind() != Kind.TABLE_DROPPED)
        .map(Change::table).distinct().count();
  }
}
