package dev.snowchat.mcp.internal.lookup;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.schemaindex.EdgeSource;
import dev.snowchat.schemaindex.JoinEdge;
import dev.snowchat.schemaindex.QualifiedName;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Key listings come one row per key column, in any order; edges come one per key. */
class DeclaredKeysTest {
  private static final QualifiedName LINE = QualifiedName.of("SHOP", "PUBLIC", "ORDER_LINE");
  private static final QualifiedName ORDERS = QualifiedName.of("SHOP", "PUBLIC", "ORDERS");
  private static final QualifiedName ITEM = QualifiedName.of("SHOP", "PUBLIC", "ITEM");

  @Test
  void compositeKey_columnsInKeySequenceOrder_whateverTheRowOrder() {
    DeclaredKeys keys = new DeclaredKeys();
    keys.add(LINE, ORDERS, "FK_LINE_ORDER", 2, "ORDER_NO", "NO");
    keys.add(LINE, ITEM, "FK_LINE_ITEM", 1, "ITEM_ID", "ID");
    keys.add(LINE, ORDERS, "FK_LINE_ORDER", 1, "ORDER_YEAR", "YEAR");

    List<JoinEdge> edges = keys.edges();

    assertThat(edges).hasSize(2);
    JoinEdge order = edges.get(0);
    assertThat(order.fromTable()).isEqualTo(LINE);
    assertThat(order.toTable()).isEqualTo(ORDERS);
    assertThat(order.fromColumns()).containsExactly("ORDER_YEAR", "ORDER_NO");
    assertThat(order.toColumns()).containsExactly("YEAR", "NO");
    assertThat(order.source()).isEqualTo(EdgeSource.DECLARED);
    assertThat(order.confidence()).isEqualTo(1.0);
    assertThat(order.evidence()).isEqualTo("declared foreign key FK_LINE_ORDER");
    assertThat(edges.get(1).fromColumns()).containsExactly("ITEM_ID");
  }

  @Test
  void unnamedKeys_areNamedByTheirTables_andKeptApartPerTargetTable() {
    DeclaredKeys keys = new DeclaredKeys();
    keys.add(LINE, ORDERS, null, 1, "ORDER_ID", "ID");
    keys.add(LINE, ITEM, null, 1, "ITEM_ID", "ID");

    List<JoinEdge> edges = keys.edges();

    assertThat(edges).extracting(JoinEdge::toTable).containsExactly(ORDERS, ITEM);
    assertThat(edges.get(0).evidence()).isEqualTo("declared foreign key " + LINE + "->" + ORDERS);
  }

  @Test
  void union_listsImportedFirst_andAKeySeenFromBothSidesOnce() {
    DeclaredKeys imported = new DeclaredKeys();
    imported.add(LINE, ORDERS, "FK1", 1, "ORDER_ID", "ID");
    DeclaredKeys exported = new DeclaredKeys();
    exported.add(LINE, ORDERS, "FK1", 1, "ORDER_ID", "ID");
    exported.add(ITEM, LINE, "FK2", 1, "LINE_ID", "ID");

    List<JoinEdge> all = DeclaredKeys.union(imported.edges(), exported.edges());

    assertThat(all).extracting(JoinEdge::evidence)
        .containsExactly("declared foreign key FK1", "declared foreign key FK2");
  }
}
