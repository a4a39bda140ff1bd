package dev.snowchat.schemaindex.internal.search;

import dev.snowchat.schemaindex.Catalog;
import dev.snowchat.schemaindex.JoinGraph;
import dev.snowchat.schemaindex.QualifiedName;
import dev.snowchat.schemaindex.TableInfo;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * What searches read besides the Lucene index: the tables by key ({@link Fields#key}) and by
 * database (sorted by qualified name), and the join graph. An update patches the maps and
 * publishes a new value with the new graph ({@link #patch}); a search reads the value current
 * when it starts.
 *
 * @param tables the tables by key
 * @param byDatabase each database's tables
 * @param graph the join graph of the catalog
 * @param words each table's name and column words ({@link Words#tableWords}) by key, filled as
 *     searches ask for them (coverage); an update drops the changed tables'
 * @param phrases each table's column phrases ({@link ColumnPhrase#phrases}) by key, the same way
 */
record IndexedCatalog(Map<String, TableInfo> tables, Map<String, List<TableInfo>> byDatabase,
    JoinGraph graph, Map<String, Set<String>> words, Map<String, List<Set<String>>> phrases) {
  static IndexedCatalog of(Catalog catalog, JoinGraph graph) {
    Map<String, TableInfo> tables = new ConcurrentHashMap<>(catalog.size() * 4 / 3 + 1);
    Map<String, List<TableInfo>> byDb = new ConcurrentHashMap<>();
    for (TableInfo t : catalog.tables()) {
      tables.put(Fields.key(t.id()), t);
      byDb.computeIfAbsent(t.id().database(), d -> new ArrayList<>()).add(t);
    }
    byDb.replaceAll((db, list) -> List.copyOf(list));
    return new IndexedCatalog(tables, byDb, graph, new ConcurrentHashMap<>(),
        new ConcurrentHashMap<>());
  }

  /**
   * The state after a change: patches the maps in place (a concurrent search may see a mix of
   * old and new tables, which it tolerates: unknown keys are skipped) and takes the new graph.
   */
  IndexedCatalog patch(Catalog catalog, Set<QualifiedName> changed, Set<QualifiedName> removed,
      JoinGraph newGraph) {
    Set<String> databases = new HashSet<>();
    for (QualifiedName q : removed) {
      tables.remove(Fields.key(q));
      words.remove(Fields.key(q));
      phrases.remove(Fields.key(q));
      databases.add(q.database());
    }
    for (QualifiedName q : changed) {
      words.remove(Fields.key(q));
      phrases.remove(Fields.key(q));
      TableInfo info = catalog.table(q).orElse(null);
      if (info == null) {
        tables.remove(Fields.key(q));
      } else {
        tables.put(Fields.key(q), info);
      }
      databases.add(q.database());
    }
    for (String db : databases) {
      List<TableInfo> list = new ArrayList<>();
      for (TableInfo old : byDatabase.getOrDefault(db, List.of())) {
        if (!removed.contains(old.id()) && !changed.contains(old.id())) {
          list.add(old);
        }
      }
      for (QualifiedName q : changed) {
        if (q.database().equals(db)) {
          catalog.table(q).ifPresent(list::add);
        }
      }
      if (list.isEmpty()) {
        byDatabase.remove(db);
      } else {
        list.sort(Comparator.comparing(TableInfo::id));
        byDatabase.put(db, List.copyOf(list));
      }
    }
    return new IndexedCatalog(tables, byDatabase, newGraph, words, phrases);
  }

  /**
   * {@return a table's name and column words, kept until the table changes} A search that still
   * holds the table as it was before an update computes them without keeping them.
   */
  Set<String> words(TableInfo t) {
    return kept(words, t, Words::tableWords);
  }

  /** {@return a table's column phrases, kept like its {@link #words}} */
  List<Set<String>> phrases(TableInfo t) {
    return kept(phrases, t, ColumnPhrase::phrases);
  }

  /** A value derived from a table, kept in {@code cache} while the catalog holds that table. */
  private <V> V kept(Map<String, V> cache, TableInfo t, Function<TableInfo, V> derive) {
    String key = Fields.key(t.id());
    if (tables.get(key) != t) {
      return derive.apply(t);
    }
    return cache.computeIfAbsent(key, k -> derive.apply(t));
  }
}
