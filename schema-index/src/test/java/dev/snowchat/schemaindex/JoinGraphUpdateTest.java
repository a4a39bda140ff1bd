package dev.snowchat.schemaindex;

import static org.assertj.core.api.Assertions.assertThat;

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

/** {@link JoinGraph#update} gives the same graph as {@link JoinGraph#build} on random edits. */
class JoinGraphUpdateTest {
  private static final String[] TYPES = {"NUMBER(38,0)", "VARCHAR", "TIMESTAMP_NTZ", ""};

  @TestFactory
  Stream<DynamicTest> update_equalsBuild_onRandomEdits() {
    return IntStream.range(0, 40).mapToObj(seed -> DynamicTest.dynamicTest("seed " + seed, () -> {
      SplittableRandom random = new SplittableRandom(seed);
      // entities that tables reference but that have no table yet: adding one later makes it the
      // target of existing columns
      List<String> entities = SyntheticCatalogs.entities(random, 40);
      Map<QualifiedName, TableInfo> tables = new LinkedHashMap<>();
      for (int d = 0; d < 3; d++) {
        for (String e : entities.subList(0, 25)) {
          TableInfo t = SyntheticCatalogs.table(random, "DB" + d, e, entities, 8);
          tables.put(t.id(), t);
        }
      }
      Catalog catalog = Catalog.of(tables.values());
      JoinGraph graph = JoinGraph.build(catalog);
      for (int round = 0; round < 5; round++) {
        Set<QualifiedName> changed = new HashSet<>();
        Set<QualifiedName> removed = new HashSet<>();
        int edits = 1 + random.nextInt(4);
        for (int i = 0; i < edits; i++) {
          edit(random, tables, entities, changed, removed);
        }
        changed.removeAll(removed);
        catalog = Catalog.of(tables.values());
        JoinGraph updated = graph.update(catalog, changed, removed);
        JoinGraph rebuilt = JoinGraph.build(catalog);
        assertThat(updated.edges()).as("round %d", round).isEqualTo(rebuilt.edges());
        assertThat(rebuilt.edgeCount()).isPositive();
        for (TableInfo t : catalog.tables()) {
          assertThat(updated.neighbors(t.id())).isEqualTo(rebuilt.neighbors(t.id()));
          assertThat(updated.references(t.id())).isEqualTo(rebuilt.references(t.id()));
        }
        graph = updated;
      }
    }));
  }

  private static void edit(SplittableRandom random, Map<QualifiedName, TableInfo> tables,
      List<String> entities, Set<QualifiedName> changed, Set<QualifiedName> removed) {
    List<TableInfo> current = new ArrayList<>(tables.values());
    String db = "DB" + random.nextInt(3);
    switch (random.nextInt(5)) {
      case 0 -> { // add a table, possibly one that existing columns already reference
        TableInfo t = SyntheticCatalogs.table(random, db,
            entities.get(random.nextInt(entities.size())), entities, 8);
        if (!tables.containsKey(t.id())) {
          tables.put(t.id(), t);
          changed.add(t.id());
          removed.remove(t.id());
        }
      }
      case 1 -> { // drop a table
        if (!current.isEmpty()) {
          TableInfo t = current.get(random.nextInt(current.size()));
          tables.remove(t.id());
          removed.add(t.id());
          changed.remove(t.id());
        }
      }
      case 2 -> { // add, drop or retype a column
        if (!current.isEmpty()) {
          TableInfo t = current.get(random.nextInt(current.size()));
          List<ColumnInfo> cols = new ArrayList<>(t.columns());
          int op = random.nextInt(3);
          if (op == 0 || cols.size() < 2) {
            String name = entities.get(random.nextInt(entities.size())) + "_ID";
            if (t.column(name).isEmpty()) {
              cols.add(ColumnInfo.of(name, TYPES[random.nextInt(TYPES.length)]));
            }
          } else if (op == 1) {
            cols.remove(random.nextInt(cols.size()));
          } else {
            int i = random.nextInt(cols.size());
            cols.set(i, ColumnInfo.of(cols.get(i).name(), TYPES[random.nextInt(TYPES.length)]));
          }
          tables.put(t.id(), t.withColumns(cols));
          changed.add(t.id());
        }
      }
      case 3 -> { // declare a foreign key, sometimes across databases
        if (current.size() > 1) {
          TableInfo from = current.get(random.nextInt(current.size()));
          TableInfo to = current.get(random.nextInt(current.size()));
          String column = from.columns().get(random.nextInt(from.columns().size())).name();
          String target = to.columns().isEmpty() ? "X" : to.columns().get(0).name();
          List<ForeignKey> fks = new ArrayList<>(from.foreignKeys());
          fks.add(new ForeignKey(List.of(column), to.id(), List.of(target)));
          tables.put(from.id(), TableInfo.builder(from.id()).columns(from.columns())
              .primaryKey(from.primaryKey()).foreignKeys(fks).build());
          changed.add(from.id());
        }
      }
      default -> { // declare a primary key
        if (!current.isEmpty()) {
          TableInfo t = current.get(random.nextInt(current.size()));
          if (!t.columns().isEmpty()) {
            String pk = t.columns().get(random.nextInt(t.columns().size())).name();
            tables.put(t.id(), TableInfo.builder(t.id()).columns(t.columns())
                .primaryKey(List.of(pk)).foreignKeys(t.foreignKeys()).build());
            changed.add(t.id());
          }
        }
      }
    }
  }

  @Test
  void update_addingATable_makesItTheTargetOfExistingColumns() {
    TableInfo orders = JoinGraphInferenceTest.table("ORDERS", "ORDER_ID NUMBER",
        "CUSTOMER_ID NUMBER");
    JoinGraph before = JoinGraph.build(Catalog.of(List.of(orders)));
    assertThat(before.edges()).isEmpty();

    TableInfo customers = JoinGraphInferenceTest.table("CUSTOMERS", "CUSTOMER_ID NUMBER");
    Catalog after = Catalog.of(List.of(orders, customers));
    JoinGraph updated = before.update(after, Set.of(customers.id()), Set.of());

    assertThat(updated.edges()).hasSize(1);
    assertThat(updated.edges().get(0).fromTable()).isEqualTo(orders.id());
    assertThat(updated.edges()).isEqualTo(JoinGraph.build(after).edges());
  }

  @Test
  void update_removingATable_dropsItsEdges_andKeepsOtherDatabases() {
    TableInfo orders = JoinGraphInferenceTest.table("ORDERS", "ORDER_ID NUMBER",
        "CUSTOMER_ID NUMBER");
    TableInfo customers = JoinGraphInferenceTest.table("CUSTOMERS", "CUSTOMER_ID NUMBER");
    TableInfo otherOrders = JoinGraphInferenceTest.tableIn("OTHER", "ORDERS", "CUSTOMER_ID NUMBER");
    TableInfo otherCustomers = JoinGraphInferenceTest.tableIn("OTHER", "CUSTOMERS",
        "CUSTOMER_ID NUMBER", "NAME VARCHAR");
    JoinGraph before = JoinGraph.build(
        Catalog.of(List.of(orders, customers, otherOrders, otherCustomers)));
    assertThat(before.edgeCount()).isEqualTo(2);

    Catalog after = Catalog.of(List.of(orders, otherOrders, otherCustomers));
    JoinGraph updated = before.update(after, Set.of(), Set.of(customers.id()));

    assertThat(updated.edges()).singleElement()
        .satisfies(e -> assertThat(e.fromTable()).isEqualTo(otherOrders.id()));
    assertThat(updated.joinPath(orders.id(), customers.id())).isEmpty();
  }

  @Test
  void update_keysBetweenDatabases_followTheirTargetAway_andBack() {
    // ORDERS in SALES declares its key into CRM; BILLING.INVOICES declares one into SALES
    TableInfo customers = JoinGraphInferenceTest.tableIn("CRM", "CLIENTS", "CLIENT_NO NUMBER");
    TableInfo orders = TableInfo.builder(QualifiedName.of("SALES", "PUBLIC", "ORDERS"))
        .columns(List.of(ColumnInfo.of("ORDER_NO", "NUMBER"), ColumnInfo.of("BUYER", "NUMBER")))
        .foreignKeys(List.of(new ForeignKey(List.of("BUYER"), customers.id(),
            List.of("CLIENT_NO"))))
        .build();
    TableInfo invoices = TableInfo.builder(QualifiedName.of("BILLING", "PUBLIC", "INVOICES"))
        .columns(List.of(ColumnInfo.of("FOR_ORDER", "NUMBER")))
        .foreignKeys(List.of(new ForeignKey(List.of("FOR_ORDER"), orders.id(),
            List.of("ORDER_NO"))))
        .build();
    Catalog all = Catalog.of(List.of(customers, orders, invoices));
    JoinGraph graph = JoinGraph.build(all);
    assertThat(graph.edges(EdgeSource.DECLARED)).hasSize(2);
    assertThat(graph.joinPath(invoices.id(), customers.id())).get()
        .satisfies(p -> assertThat(p.edges()).hasSize(2));

    // the key's target goes away: the edge goes, though ORDERS' database did not change
    Catalog withoutCrm = Catalog.of(List.of(orders, invoices));
    JoinGraph gone = graph.update(withoutCrm, Set.of(), Set.of(customers.id()));
    JoinGraph rebuiltGone = JoinGraph.build(withoutCrm);
    assertThat(gone.edges()).isEqualTo(rebuiltGone.edges()).hasSize(1);
    assertThat(gone.neighbors(orders.id())).isEqualTo(rebuiltGone.neighbors(orders.id()));
    assertThat(gone.joinPath(invoices.id(), orders.id())).isPresent();

    // and comes back: the edge returns
    JoinGraph back = gone.update(all, Set.of(customers.id()), Set.of());
    assertThat(back.edges()).isEqualTo(graph.edges());
    for (TableInfo t : all.tables()) {
      assertThat(back.neighbors(t.id())).isEqualTo(graph.neighbors(t.id()));
    }
    assertThat(back.joinPath(invoices.id(), customers.id()))
        .isEqualTo(graph.joinPath(invoices.id(), customers.id()));
  }

  @Test
  void update_ofNothing_keepsTheGraph() {
    Catalog c = Catalog.of(List.of(JoinGraphInferenceTest.table("ORDERS", "CUSTOMER_ID NUMBER"),
        JoinGraphInferenceTest.table("CUSTOMERS", "CUSTOMER_ID NUMBER")));
    JoinGraph g = JoinGraph.build(c);
    assertThat(g.update(c, Set.of(), Set.of())).isSameAs(g);
  }
}
