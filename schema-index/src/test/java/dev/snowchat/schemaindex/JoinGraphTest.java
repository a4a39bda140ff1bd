package dev.snowchat.schemaindex;

import static dev.snowchat.schemaindex.JoinGraphInferenceTest.q;
import static dev.snowchat.schemaindex.JoinGraphInferenceTest.table;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.snowchat.sqlgate.Dialect;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** Paths, neighbours and the value types of the join graph. */
class JoinGraphTest {
  private static final JoinGraph SHOP = JoinGraph.build(Catalog.of(List.of(
      table("CUSTOMERS", "CUSTOMER_ID NUMBER", "NAME VARCHAR"),
      table("ORDERS", "ORDER_ID NUMBER", "CUSTOMER_ID NUMBER", "ORDERED_AT TIMESTAMP_NTZ"),
      table("ORDER_ITEMS", "ORDER_ID NUMBER", "PRODUCT_ID NUMBER", "QUANTITY NUMBER"),
      table("PRODUCTS", "PRODUCT_ID NUMBER", "TITLE VARCHAR"),
      table("AUDIT_LOG", "ENTRY NUMBER", "MESSAGE VARCHAR"))));

  @Test
  void joinPath_oneHop_rendersOnConditionAndJoinClauseExactly() {
    JoinPath p = SHOP.joinPath(q("ORDERS"), q("CUSTOMERS")).orElseThrow();

    assertThat(p.start()).isEqualTo(q("ORDERS"));
    assertThat(p.end()).isEqualTo(q("CUSTOMERS"));
    assertThat(p.onConditions()).containsExactly("t0.\"CUSTOMER_ID\" = t1.\"CUSTOMER_ID\"");
    assertThat(p.joinClause(Dialect.SNOWFLAKE)).isEqualTo(
        "FROM \"SHOP\".\"PUBLIC\".\"ORDERS\" AS t0"
            + " JOIN \"SHOP\".\"PUBLIC\".\"CUSTOMERS\" AS t1"
            + " ON t0.\"CUSTOMER_ID\" = t1.\"CUSTOMER_ID\"");
  }

  @Test
  void joinPath_multiHop_orientsEdgesAlongThePath() {
    JoinPath p = SHOP.joinPath(q("CUSTOMERS"), q("PRODUCTS")).orElseThrow();

    assertThat(p.tables()).containsExactly(
        q("CUSTOMERS"), q("ORDERS"), q("ORDER_ITEMS"), q("PRODUCTS"));
    assertThat(p.edges()).extracting(JoinEdge::fromTable)
        .containsExactly(q("CUSTOMERS"), q("ORDERS"), q("ORDER_ITEMS"));
    assertThat(p.joinClause(Dialect.DUCKDB)).isEqualTo(
        "FROM \"SHOP\".\"PUBLIC\".\"CUSTOMERS\" AS t0"
            + " JOIN \"SHOP\".\"PUBLIC\".\"ORDERS\" AS t1"
            + " ON t0.\"CUSTOMER_ID\" = t1.\"CUSTOMER_ID\""
            + " JOIN \"SHOP\".\"PUBLIC\".\"ORDER_ITEMS\" AS t2 ON t1.\"ORDER_ID\" = t2.\"ORDER_ID\""
            + " JOIN \"SHOP\".\"PUBLIC\".\"PRODUCTS\" AS t3"
            + " ON t2.\"PRODUCT_ID\" = t3.\"PRODUCT_ID\"");
  }

  @Test
  void joinPath_noPathUnknownOrSameTable_isEmpty() {
    assertThat(SHOP.joinPath(q("ORDERS"), q("AUDIT_LOG"))).isEmpty();
    assertThat(SHOP.joinPath(q("ORDERS"), q("NO_SUCH_TABLE"))).isEmpty();
    assertThat(SHOP.joinPath(q("ORDERS"), q("ORDERS"))).isEmpty();
    assertThat(SHOP.joinPath(q("ORDERS"), q("AUDIT_LOG"), 5)).isEmpty();
  }

  @Test
  void joinPath_maxHops_limitsThePath() {
    assertThat(SHOP.joinPath(q("CUSTOMERS"), q("PRODUCTS"), 2)).isEmpty();
    assertThat(SHOP.joinPath(q("CUSTOMERS"), q("PRODUCTS"), 3)).isPresent();
    assertThatThrownBy(() -> SHOP.joinPath(q("CUSTOMERS"), q("PRODUCTS"), 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("maxHops must be >= 1, got 0");
  }

  /** S reaches GAMMA_INFO by 4 declared joins (weight 4) or 3 inferred ones (3 x 1.4). */
  private static JoinGraph twoRoutes() {
    return JoinGraph.build(Catalog.of(List.of(
        declared("S_TABLE", List.of("alpha INTEGER", "x1 INTEGER"), "x1", "P1", "k1"),
        declared("P1", List.of("k1 INTEGER", "x2 INTEGER"), "x2", "P2", "k2"),
        declared("P2", List.of("k2 INTEGER", "x3 INTEGER"), "x3", "P3", "k3"),
        declared("P3", List.of("k3 INTEGER", "x4 INTEGER"), "x4", "GAMMA_INFO", "gamma_id"),
        table("ALPHA_INFO", "alpha_id INTEGER", "beta INTEGER"),
        table("BETA_INFO", "beta_id INTEGER", "gamma INTEGER"),
        table("GAMMA_INFO", "gamma_id INTEGER", "label TEXT"))));
  }

  private static TableInfo declared(String name, List<String> columns, String column,
      String target, String targetColumn) {
    TableInfo t = table(name, columns.toArray(String[]::new));
    return TableInfo.builder(t.id()).columns(t.columns())
        .foreignKeys(List.of(new ForeignKey(List.of(column), q(target), List.of(targetColumn))))
        .build();
  }

  @Test
  void joinPath_prefersDeclaredEdges_butMaxHopsFindsAShorterInferredRoute() {
    JoinGraph g = twoRoutes();

    JoinPath lightest = g.joinPath(q("S_TABLE"), q("GAMMA_INFO")).orElseThrow();
    assertThat(lightest.edges()).hasSize(4)
        .allSatisfy(e -> assertThat(e.source()).isEqualTo(EdgeSource.DECLARED));

    JoinPath shorter = g.joinPath(q("S_TABLE"), q("GAMMA_INFO"), 3).orElseThrow();
    assertThat(shorter.tables()).containsExactly(
        q("S_TABLE"), q("ALPHA_INFO"), q("BETA_INFO"), q("GAMMA_INFO"));
    assertThat(shorter.onConditions()).containsExactly(
        "t0.\"alpha\" = t1.\"alpha_id\"", "t1.\"beta\" = t2.\"beta_id\"",
        "t2.\"gamma\" = t3.\"gamma_id\"");
    assertThat(g.joinPath(q("S_TABLE"), q("GAMMA_INFO"), 2)).isEmpty();
  }

  @Test
  void neighbors_areOrientedFromTheTable_bestFirst() {
    List<JoinEdge> n = SHOP.neighbors(q("ORDERS"));

    assertThat(n).extracting(e -> e.fromTable().name() + "." + e.fromColumns().get(0) + " -> "
            + e.toTable().name() + "." + e.toColumns().get(0))
        .containsExactly("ORDERS.CUSTOMER_ID -> CUSTOMERS.CUSTOMER_ID",
            "ORDERS.ORDER_ID -> ORDER_ITEMS.ORDER_ID");
    assertThat(SHOP.neighbors(q("AUDIT_LOG"))).isEmpty();
    assertThat(SHOP.neighbors(q("NO_SUCH_TABLE"))).isEmpty();
  }

  @Test
  void references_areTheTablesKeysOnly() {
    // ORDERS references CUSTOMERS; ORDER_ITEMS references ORDERS, which neighbors() also lists
    assertThat(SHOP.references(q("ORDERS"))).extracting(e -> e.fromTable().name() + "."
            + e.fromColumns().get(0) + " -> " + e.toTable().name() + "." + e.toColumns().get(0))
        .containsExactly("ORDERS.CUSTOMER_ID -> CUSTOMERS.CUSTOMER_ID");
    assertThat(SHOP.references(q("CUSTOMERS"))).isEmpty();
    assertThat(SHOP.references(q("ORDER_ITEMS"))).extracting(e -> e.toTable().name())
        .containsExactlyInAnyOrder("ORDERS", "PRODUCTS");
    assertThat(SHOP.references(q("NO_SUCH_TABLE"))).isEmpty();
    for (JoinEdge e : SHOP.edges()) {
      assertThat(SHOP.references(e.fromTable())).contains(e);
    }
  }

  @Test
  void edges_bySource_andCount() {
    assertThat(SHOP.edgeCount()).isEqualTo(3);
    assertThat(SHOP.edges(EdgeSource.INFERRED)).isEqualTo(SHOP.edges());
    assertThat(SHOP.edges(EdgeSource.DECLARED)).isEmpty();
    assertThat(SHOP).hasToString("JoinGraph[5 tables, 0 declared, 3 inferred edges]");
  }

  @Test
  void readsAreThreadSafe() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Callable<String>> tasks = new ArrayList<>();
      for (int i = 0; i < 200; i++) {
        tasks.add(() -> SHOP.joinPath(q("CUSTOMERS"), q("PRODUCTS")).orElseThrow()
            .joinClause(Dialect.GENERIC));
      }
      List<String> results = new ArrayList<>();
      for (Future<String> f : pool.invokeAll(tasks)) {
        results.add(f.get());
      }
      assertThat(results).hasSize(200).containsOnly(results.get(0));
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void joinEdge_onCondition_multiColumnAndQuoting() {
    JoinEdge e = new JoinEdge(q("A"), List.of("X\"Y", "P"), q("B"), List.of("Z", "Q"),
        EdgeSource.DECLARED, "declared FK", 1.0);

    assertThat(e.onCondition("a", "b")).isEqualTo("a.\"X\"\"Y\" = b.\"Z\" AND a.\"P\" = b.\"Q\"");
    assertThat(e.reversed().onCondition("b", "a"))
        .isEqualTo("b.\"Z\" = a.\"X\"\"Y\" AND b.\"Q\" = a.\"P\"");
    assertThat(e.reversed().reversed()).isEqualTo(e);
    assertThatThrownBy(() -> e.onCondition("a; DROP TABLE x", "b"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("alias must be a simple identifier");
  }

  @Test
  void joinEdge_validation() {
    assertThatThrownBy(() -> new JoinEdge(q("A"), List.of("X"), q("B"), List.of(),
        EdgeSource.INFERRED, "e", 0.5)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("same non-zero number of columns");
    assertThatThrownBy(() -> new JoinEdge(q("A"), List.of("X"), q("B"), List.of("Y"),
        EdgeSource.INFERRED, "e", 1.5)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("confidence must be in [0, 1], got 1.5");
    assertThatThrownBy(() -> new JoinEdge(q("A"), List.of("X"), q("B"), List.of("Y"),
        EdgeSource.INFERRED, " ", 0.5)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("evidence must not be blank");
    assertThatThrownBy(() -> new JoinEdge(q("A"), List.of("X"), q("B"), List.of("Y"),
        EdgeSource.INFERRED, "e", Double.NaN)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void joinPath_validation() {
    JoinEdge ab = new JoinEdge(q("A"), List.of("X"), q("B"), List.of("Y"),
        EdgeSource.INFERRED, "e", 0.5);
    JoinEdge cd = new JoinEdge(q("C"), List.of("X"), q("D"), List.of("Y"),
        EdgeSource.INFERRED, "e", 0.5);

    assertThatThrownBy(() -> new JoinPath(List.of()))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new JoinPath(Arrays.asList(ab, cd)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("do not chain at 1");
  }

  @Test
  void inferenceOptions_validation() {
    assertThatThrownBy(() -> InferenceOptions.defaults().withMinConfidence(-0.1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("minConfidence must be in [0, 1], got -0.1");
  }
}
