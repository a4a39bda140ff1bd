package dev.snowchat.examples.index;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import org.junit.jupiter.api.Test;

class SchemaIndexInAServiceTest {
  @Test
  void run_findsTheTables_andTheJoinFromCustomersToProducts() throws Exception {
    ByteArrayOutputStream buf = new ByteArrayOutputStream();
    SchemaIndexInAService.Answer a = SchemaIndexInAService.run(new PrintStream(buf, true));
    assertThat(a.tables()).isNotEmpty().doesNotContain("SHOP.WEB.PAGE_VIEWS");
    assertThat(a.tables()).containsAnyOf("SHOP.SALES.CUSTOMERS", "SHOP.CATALOG.PRODUCTS");
    assertThat(a.joinClause()).hasValueSatisfying(j -> assertThat(j)
        .contains("CUSTOMERS", "ORDERS", "ORDER_LINES", "PRODUCTS", "JOIN"));
    assertThat(buf.toString()).contains("Join path: ");
  }
}
