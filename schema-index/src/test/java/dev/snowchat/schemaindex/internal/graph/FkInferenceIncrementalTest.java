package dev.snowchat.schemaindex.internal.graph;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.schemaindex.Catalog;
import dev.snowchat.schemaindex.CatalogSnapshot;
import dev.snowchat.schemaindex.ColumnInfo;
import dev.snowchat.schemaindex.PublicSchemas;
import dev.snowchat.schemaindex.QualifiedName;
import dev.snowchat.schemaindex.SyntheticCatalogs;
import dev.snowchat.schemaindex.TableInfo;
import dev.snowchat.schemaindex.internal.graph.FkInference.DatabaseInference;
import dev.snowchat.schemaindex.internal.graph.FkInference.Rule;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * {@link FkInference#inferIncrementally} infers the same edges as a full inference of the
 * database after every edit, while inferring again only some of its tables.
 */
class FkInferenceIncrementalTest {
  private static final String[] TYPES = {"NUMBER(38,0)", "VARCHAR", "TIMESTAMP_NTZ", ""};

  @TestFactory
  Stream<DynamicTest> incremental_equalsFull_onRandomColumnEdits() {
    int[] partial = new int[1];
    int[] rounds = new int[1];
    Stream<DynamicTest> tests = IntStream.range(0, 40).mapToObj(seed -> DynamicTest.dynamicTest(
        "seed " + seed, () -> {
          SplittableRandom random = new SplittableRandom(seed);
          List<String> entities = SyntheticCatalogs.entities(random, 40);
          List<TableInfo> tables = new ArrayList<>();
          Map<QualifiedName, TableInfo> unique = new LinkedHashMap<>();
          for (String e : entities.subList(0, 30)) {
            TableInfo t = SyntheticCatalogs.table(random, "DB", e, entities, 8);
            unique.putIfAbsent(t.id(), t);
          }
          tables.addAll(unique.values());
          DatabaseInference state = FkInference.inferIncrementally(tables, Rule.all(), null);
          // half the edits file the table under new names (a new key stem): those re-infer all
          for (int round = 0; round < 30; round++) {
            List<String> names = new ArrayList<>();
            for (String e : entities) {
              names.add(e + "_ID");
              names.add(e);
              names.add(e + "_CODE");
            }
            names.addAll(List.of("NAME", "STATUS", "CODE", "ID", "CHANGED_" + round));
            int edits = 1 + random.nextInt(3);
            for (int i = 0; i < edits; i++) {
              int at = random.nextInt(tables.size());
              tables.set(at, editColumns(random, tables.get(at), names));
            }
            state = FkInference.inferIncrementally(tables, Rule.all(), state);
            assertThat(state.inferred()).as("seed %d round %d", seed, round)
                .isEqualTo(FkInference.inferDatabase(tables, Rule.all()));
            rounds[0]++;
            if (state.reinferred() < tables.size()) {
              partial[0]++;
            }
          }
        }));
    return Stream.concat(tests, Stream.of(DynamicTest.dynamicTest("many rounds are partial",
        () -> assertThat(partial[0]).as("partial rounds of %d", rounds[0])
            .isGreaterThan(rounds[0] / 4))));
  }

  /** Real names: random column edits on every BIRD database, names taken from its columns. */
  @Test
  void incremental_equalsFull_onBirdDatabasesWithRandomColumnEdits() throws Exception {
    Path dir = Path.of(System.getProperty("snowchat.shared.dir", "../../shared"), "data", "bird");
    Assumptions.assumeTrue(Files.isRegularFile(dir.resolve("catalog.json")),
        "BIRD data not found at " + dir);
    Catalog catalog = CatalogSnapshot.read(dir.resolve("catalog.json"));
    Map<String, List<TableInfo>> byDb = new TreeMap<>();
    catalog.tables().forEach(t ->
        byDb.computeIfAbsent(t.id().database(), k -> new ArrayList<>()).add(t));
    SplittableRandom random = new SplittableRandom(14);
    int partial = 0;
    int rounds = 0;
    for (Map.Entry<String, List<TableInfo>> e : byDb.entrySet()) {
      List<TableInfo> tables = new ArrayList<>(e.getValue());
      List<String> names = new ArrayList<>();
      tables.forEach(t -> t.columns().forEach(c -> names.add(c.name())));
      tables.forEach(t -> names.add(t.id().name()));
      DatabaseInference state = FkInference.inferIncrementally(tables, Rule.all(), null);
      for (int round = 0; round < 8; round++) {
        int at = random.nextInt(tables.size());
        tables.set(at, editColumns(random, tables.get(at), names));
        state = FkInference.inferIncrementally(tables, Rule.all(), state);
        assertThat(state.inferred()).as("%s round %d", e.getKey(), round)
            .isEqualTo(FkInference.inferDatabase(tables, Rule.all()));
        rounds++;
        if (state.reinferred() < tables.size()) {
          partial++;
        }
      }
    }
    assertThat(partial).isGreaterThan(rounds / 3);
  }

  /**
   * The public schemas (TPC-DS, TPC-H, Chinook, Northwind, Oracle HR, MIMIC-III,
   * WideWorldImporters, GHTorrent, classicmodels, MySQL employees), whose names reach the rules
   * BIRD's do not ({@code _SK} keys, word abbreviations, a person's role, number/text keys):
   * random column edits, names taken from the schema, each checked against a full inference.
   */
  @Test
  void incremental_equalsFull_onPublicSchemasWithRandomColumnEdits() {
    SplittableRandom random = new SplittableRandom(10);
    int partial = 0;
    int rounds = 0;
    List<String> schemas = new ArrayList<>(PublicSchemas.NAMES);
    schemas.addAll(PublicSchemas.MORE_KEYS);
    for (String name : schemas) {
      List<TableInfo> tables = new ArrayList<>(PublicSchemas.read(name).tables());
      List<String> names = new ArrayList<>();
      tables.forEach(t -> t.columns().forEach(c -> names.add(c.name())));
      tables.forEach(t -> names.add(t.id().name()));
      names.addAll(List.of("manager_id", "created_by", "units", "ss_cdemo_sk", "bill_addr_sk",
          "author_id", "parent_id", "id", "BillToCustomerID", "CPT_NUMBER"));
      DatabaseInference state = FkInference.inferIncrementally(tables, Rule.all(), null);
      for (int round = 0; round < 60; round++) {
        int at = random.nextInt(tables.size());
        tables.set(at, editColumns(random, tables.get(at), names));
        state = FkInference.inferIncrementally(tables, Rule.all(), state);
        assertThat(state.inferred()).as("%s round %d", name, round)
            .isEqualTo(FkInference.inferDatabase(tables, Rule.all()));
        rounds++;
        if (state.reinferred() < tables.size()) {
          partial++;
        }
      }
    }
    assertThat(partial).isGreaterThan(rounds / 3);
  }

  @Test
  void incremental_afterAnAddedTable_infersTheWholeDatabaseAgain() {
    List<TableInfo> tables = new ArrayList<>(List.of(
        TableInfo.builder(QualifiedName.of("D", "S", "ORDERS"))
            .columns(List.of(ColumnInfo.of("ORDER_ID", "NUMBER"),
                ColumnInfo.of("CUSTOMER_ID", "NUMBER"))).build()));
    DatabaseInference state = FkInference.inferIncrementally(tables, Rule.all(), null);
    assertThat(state.inferred()).isEmpty();
    tables.add(TableInfo.builder(QualifiedName.of("D", "S", "CUSTOMERS"))
        .columns(List.of(ColumnInfo.of("CUSTOMER_ID", "NUMBER"))).build());
    state = FkInference.inferIncrementally(tables, Rule.all(), state);
    assertThat(state.reinferred()).isEqualTo(2);
    assertThat(state.inferred()).hasSize(1);
  }

  /** Adds, drops, renames or retypes one column of a table (never its first, mostly). */
  private static TableInfo editColumns(SplittableRandom random, TableInfo t, List<String> names) {
    List<ColumnInfo> cols = new ArrayList<>(t.columns());
    int op = random.nextInt(4);
    String name = names.get(random.nextInt(names.size()));
    boolean taken = cols.stream().anyMatch(c -> c.name().equalsIgnoreCase(name));
    int i = cols.size() < 2 ? 0 : (random.nextInt(6) == 0 ? 0 : 1 + random.nextInt(cols.size() - 1));
    if ((op == 0 || cols.size() < 2) && !taken) {
      cols.add(ColumnInfo.of(name, TYPES[random.nextInt(TYPES.length)]));
    } else if (op == 1 && cols.size() > 1) {
      cols.remove(i);
    } else if (op == 2 && !taken && !cols.isEmpty()) {
      cols.set(i, ColumnInfo.of(name, cols.get(i).type()));
    } else if (!cols.isEmpty()) {
      cols.set(i, ColumnInfo.of(cols.get(i).name(), TYPES[random.nextInt(TYPES.length)]));
    }
    return t.withColumns(cols);
  }

}
