package dev.snowchat.schemaindex;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/** {@link Catalog#with} gives the catalog {@link Catalog#of} gives for the same tables. */
class CatalogWithTest {

  @TestFactory
  Stream<DynamicTest> with_equalsOf_onRandomEdits() {
    return IntStream.range(0, 30).mapToObj(seed -> DynamicTest.dynamicTest("seed " + seed, () -> {
      SplittableRandom random = new SplittableRandom(seed);
      List<String> entities = SyntheticCatalogs.entities(random, 30);
      Map<QualifiedName, TableInfo> tables = new LinkedHashMap<>();
      for (int d = 0; d < 3; d++) {
        for (String e : entities.subList(0, 20)) {
          TableInfo t = SyntheticCatalogs.table(random, "DB" + d, e, entities, 5);
          tables.put(t.id(), t);
        }
      }
      Catalog catalog = Catalog.of(tables.values());
      for (int round = 0; round < 5; round++) {
        List<TableInfo> changed = new ArrayList<>();
        Set<QualifiedName> removed = new HashSet<>();
        for (int i = random.nextInt(6); i > 0; i--) {
          List<QualifiedName> ids = new ArrayList<>(tables.keySet());
          QualifiedName id = ids.get(random.nextInt(ids.size()));
          if (random.nextBoolean() && changed.stream().noneMatch(t -> t.id().equals(id))) {
            removed.add(id);
            tables.remove(id);
          } else if (!removed.contains(id)) {
            // a new table (maybe in a new database) or a new version of an old one
            String db = "DB" + random.nextInt(4);
            TableInfo t = SyntheticCatalogs.table(random, db,
                entities.get(random.nextInt(entities.size())), entities, 5);
            boolean again = changed.stream().anyMatch(c -> c.id().equals(t.id()));
            if (!removed.contains(t.id()) && !again) {
              changed.add(t);
              tables.put(t.id(), t);
            }
          }
        }
        Catalog next = catalog.with(changed, removed);
        Catalog expected = Catalog.of(tables.values());
        assertThat(next).as("round %d", round).isEqualTo(expected);
        assertThat(next.tables()).isEqualTo(expected.tables());
        for (TableInfo t : expected.tables()) {
          assertThat(next.table(t.id())).contains(t);
        }
        for (QualifiedName id : removed) {
          assertThat(next.table(id)).isEmpty();
        }
        catalog = next;
      }
    }));
  }

  /**
   * Many small changes in a row: the lookup map is shared and the differences kept apart until
   * they pass the limit (64 tables here), then a full map is built again; every lookup stays
   * right on both sides of that, and so does the list of each database's tables.
   */
  @Test
  void with_manyRoundsPastTheSharedMapLimit_looksUpAsOf() {
    SplittableRandom random = new SplittableRandom(7);
    List<String> entities = SyntheticCatalogs.entities(random, 40);
    Map<QualifiedName, TableInfo> tables = new LinkedHashMap<>();
    for (int d = 0; d < 3; d++) {
      for (String e : entities.subList(0, 30)) {
        TableInfo t = SyntheticCatalogs.table(random, "DB" + d, e, entities, 4);
        tables.put(t.id(), t);
      }
    }
    Catalog catalog = Catalog.of(tables.values());
    Set<QualifiedName> everSeen = new HashSet<>(tables.keySet());
    for (int round = 0; round < 200; round++) {
      List<TableInfo> changed = new ArrayList<>();
      Set<QualifiedName> removed = new HashSet<>();
      List<QualifiedName> ids = new ArrayList<>(tables.keySet());
      if (!ids.isEmpty() && random.nextInt(3) == 0) {
        QualifiedName gone = ids.get(random.nextInt(ids.size()));
        removed.add(gone);
        tables.remove(gone);
      }
      TableInfo t = SyntheticCatalogs.table(random, "DB" + random.nextInt(5),
          entities.get(random.nextInt(entities.size())), entities, 4);
      if (!removed.contains(t.id())) {
        changed.add(t);
        tables.put(t.id(), t);
        everSeen.add(t.id());
      }
      catalog = catalog.with(changed, removed);
      Catalog expected = Catalog.of(tables.values());
      assertThat(catalog).as("round %d", round).isEqualTo(expected);
      for (QualifiedName id : everSeen) {
        assertThat(catalog.table(id)).as("round %d, %s", round, id).isEqualTo(expected.table(id));
      }
      for (int d = 0; d < 6; d++) {
        String db = "DB" + d;
        assertThat(catalog.tablesOf(db)).isEqualTo(expected.tables().stream()
            .filter(x -> x.id().database().equals(db)).toList());
      }
    }
  }

  @Test
  void with_nothing_isTheSameCatalog_andAConflictIsRefused() {
    TableInfo a = TableInfo.builder(QualifiedName.of("D", "S", "A")).build();
    Catalog c = Catalog.of(List.of(a));
    assertThat(c.with(List.of(), Set.of())).isSameAs(c);
    assertThat(c.with(List.of(), Set.of(a.id())).size()).isZero();
    assertThatThrownBy(() -> c.with(List.of(a), Set.of(a.id())))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> c.with(List.of(a, a), Set.of()))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
