package dev.snowchat.schemaindex.internal.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.snowchat.schemaindex.Catalog;
import dev.snowchat.schemaindex.CatalogSource;
import dev.snowchat.schemaindex.CatalogSources;
import dev.snowchat.schemaindex.ColumnInfo;
import dev.snowchat.schemaindex.ForeignKey;
import dev.snowchat.schemaindex.IndexErrorCode;
import dev.snowchat.schemaindex.SourceOptions;
import dev.snowchat.schemaindex.QualifiedName;
import dev.snowchat.schemaindex.TableInfo;
import dev.snowchat.schemaindex.TableKind;
import dev.snowchat.sqlgate.SnowchatException;
import dev.snowchat.sqlgate.testing.TestDatabases;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The JDBC source against a real PostgreSQL server (see {@link TestDatabases#postgres()}). Each
 * test creates a schema of its own and drops it afterwards.
 */
class JdbcCatalogSourcePostgresTest {
  private DataSource dataSource;
  private String schema;
  private String database;

  @BeforeEach
  void createSchema() throws SQLException {
    dataSource = TestDatabases.postgres().dataSource();
    schema = TestDatabases.uniqueSchema("snowchat_src");
    try (Connection c = dataSource.getConnection(); Statement st = c.createStatement()) {
      database = c.getCatalog();
      String s = "\"" + schema + "\"";
      st.execute("CREATE SCHEMA " + s);
      st.execute("CREATE TABLE " + s + ".customers (customer_id integer PRIMARY KEY,"
          + " name varchar(80) NOT NULL)");
      st.execute("COMMENT ON TABLE " + s + ".customers IS 'One row per customer'");
      st.execute("COMMENT ON COLUMN " + s + ".customers.name IS 'full name'");
      st.execute("CREATE TABLE " + s + ".orders (order_id integer PRIMARY KEY,"
          + " customer_id integer REFERENCES " + s + ".customers (customer_id),"
          + " amount numeric(10,2))");
      st.execute("CREATE TABLE " + s + ".order_lines (order_id integer, line_no integer,"
          + " PRIMARY KEY (order_id, line_no),"
          + " CONSTRAINT fk_lines_order FOREIGN KEY (order_id) REFERENCES " + s
          + ".orders (order_id))");
      st.execute("CREATE VIEW " + s + ".big_orders AS SELECT * FROM " + s
          + ".orders WHERE amount > 100");
      st.execute("COMMENT ON VIEW " + s + ".big_orders IS 'orders over 100'");
    }
  }

  @AfterEach
  void dropSchema() throws SQLException {
    if (schema != null && dataSource != null) {
      try (Connection c = dataSource.getConnection(); Statement st = c.createStatement()) {
        st.execute("DROP SCHEMA IF EXISTS \"" + schema + "\" CASCADE");
      }
    }
  }

  private CatalogSource source() {
    return CatalogSources.jdbc(dataSource,
        SourceOptions.builder().includeSchemas(schema).build());
  }

  private QualifiedName name(String table) {
    return QualifiedName.of(database, schema, table);
  }

  @Test
  void load_postgres_readsTablesViewsColumnsCommentsAndKeys() {
    Catalog catalog = source().load();

    assertThat(catalog.tables()).extracting(TableInfo::id).containsExactly(
        name("big_orders"), name("customers"), name("order_lines"), name("orders"));
    TableInfo customers = catalog.table(name("customers")).orElseThrow();
    assertThat(customers.comment()).isEqualTo("One row per customer");
    assertThat(customers.columns()).containsExactly(
        new ColumnInfo("customer_id", "int4", false, null),
        new ColumnInfo("name", "varchar(80)", false, "full name"));
    assertThat(customers.primaryKey()).containsExactly("customer_id");
    TableInfo orders = catalog.table(name("orders")).orElseThrow();
    assertThat(orders.column("amount").orElseThrow().type()).isEqualTo("numeric(10,2)");
    assertThat(orders.foreignKeys()).containsExactly(new ForeignKey(List.of("customer_id"),
        name("customers"), List.of("customer_id")));
    TableInfo lines = catalog.table(name("order_lines")).orElseThrow();
    assertThat(lines.primaryKey()).containsExactly("order_id", "line_no");
    assertThat(lines.foreignKeys()).containsExactly(new ForeignKey(List.of("order_id"),
        name("orders"), List.of("order_id")));
    TableInfo view = catalog.table(name("big_orders")).orElseThrow();
    assertThat(view.kind()).isEqualTo(TableKind.VIEW);
    assertThat(view.comment()).isEqualTo("orders over 100");
  }

  @Test
  void loadTables_postgres_readsOnlyTheNamedTables() {
    Catalog partial = source().loadTables(Set.of(name("orders")));

    assertThat(partial.tables()).extracting(TableInfo::id).containsExactly(name("orders"));
    assertThat(partial.tables().getFirst().foreignKeys()).hasSize(1);
  }

  @Test
  void load_wrongPassword_isPermanentAuthenticationFailure() {
    String url = System.getenv("SNOWCHAT_TEST_PG_URL");
    CatalogSource source = CatalogSources.create("jdbc", Map.of("url", url,
        "user", System.getenv("SNOWCHAT_TEST_PG_USER"), "password", "not-the-password"));

    assertThatThrownBy(source::load).isInstanceOfSatisfying(SnowchatException.class, e -> {
      assertThat(e.code()).isEqualTo(IndexErrorCode.AUTHENTICATION_FAILED);
      assertThat(e.isRetryable()).isFalse();
      assertThat(e.getMessage()).doesNotContain("not-the-password");
    });
  }
}
