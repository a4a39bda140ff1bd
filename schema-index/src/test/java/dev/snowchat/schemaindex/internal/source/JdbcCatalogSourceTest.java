package dev.snowchat.schemaindex.internal.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.snowchat.schemaindex.Catalog;
import dev.snowchat.schemaindex.CatalogSource;
import dev.snowchat.schemaindex.CatalogSources;
import dev.snowchat.schemaindex.ColumnInfo;
import dev.snowchat.schemaindex.ForeignKey;
import dev.snowchat.schemaindex.SourceOptions;
import dev.snowchat.schemaindex.QualifiedName;
import dev.snowchat.schemaindex.TableInfo;
import dev.snowchat.schemaindex.TableKind;
import dev.snowchat.schemaindex.TableStamp;
import dev.snowchat.sqlgate.testing.TestDatabases;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The JDBC source against an embedded DuckDB database. */
class JdbcCatalogSourceTest {
  private Connection connection;
  private DataSource dataSource;

  @BeforeEach
  void createDatabase() throws SQLException {
    connection = DriverManager.getConnection("jdbc:duckdb:");
    dataSource = TestDatabases.sharing(connection);
    execute("""
        CREATE SCHEMA shop;
        CREATE TABLE shop.customers (customer_id INTEGER PRIMARY KEY, name VARCHAR NOT NULL);
        COMMENT ON TABLE shop.customers IS 'One row per customer';
        COMMENT ON COLUMN shop.customers.name IS 'full name';
        CREATE TABLE shop.orders (order_id INTEGER PRIMARY KEY,
            customer_id INTEGER REFERENCES shop.customers (customer_id),
            amount DECIMAL(10,2));
        CREATE TABLE shop.order_lines (order_id INTEGER, line_no INTEGER, sku VARCHAR,
            PRIMARY KEY (order_id, line_no),
            FOREIGN KEY (order_id) REFERENCES shop.orders (order_id));
        CREATE VIEW shop.big_orders AS SELECT * FROM shop.orders WHERE amount > 100;
        CREATE TABLE main.notes (body VARCHAR);
        """);
  }

  @AfterEach
  void closeDatabase() throws SQLException {
    connection.close();
  }

  private void execute(String sql) throws SQLException {
    try (Statement st = connection.createStatement()) {
      for (String s : sql.split(";")) {
        if (!s.isBlank()) {
          st.execute(s);
        }
      }
    }
  }

  private CatalogSource source() {
    return CatalogSources.jdbc(dataSource, SourceOptions.defaults());
  }

  @Test
  void load_duckdb_readsTablesViewsColumnsCommentsAndKeys() {
    Catalog catalog = source().load();

    assertThat(catalog.tables()).extracting(TableInfo::id).containsExactly(
        QualifiedName.of("memory", "main", "notes"),
        QualifiedName.of("memory", "shop", "big_orders"),
        QualifiedName.of("memory", "shop", "customers"),
        QualifiedName.of("memory", "shop", "order_lines"),
        QualifiedName.of("memory", "shop", "orders"));
    TableInfo customers = catalog.table(QualifiedName.of("memory", "shop", "customers"))
        .orElseThrow();
    assertThat(customers.kind()).isEqualTo(TableKind.TABLE);
    assertThat(customers.comment()).isEqualTo("One row per customer");
    assertThat(customers.columns()).extracting(ColumnInfo::name, ColumnInfo::nullable,
            ColumnInfo::comment)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("customer_id", false, null),
            org.assertj.core.groups.Tuple.tuple("name", false, "full name"));
    assertThat(customers.primaryKey()).containsExactly("customer_id");
    TableInfo orders = catalog.table(QualifiedName.of("memory", "shop", "orders")).orElseThrow();
    assertThat(orders.column("amount").orElseThrow().type()).isEqualTo("DECIMAL(10,2)");
    assertThat(orders.foreignKeys()).containsExactly(new ForeignKey(List.of("customer_id"),
        QualifiedName.of("memory", "shop", "customers"), List.of("customer_id")));
    TableInfo lines = catalog.table(QualifiedName.of("memory", "shop", "order_lines"))
        .orElseThrow();
    assertThat(lines.primaryKey()).containsExactly("order_id", "line_no");
    assertThat(lines.foreignKeys()).containsExactly(new ForeignKey(List.of("order_id"),
        QualifiedName.of("memory", "shop", "orders"), List.of("order_id")));
    assertThat(catalog.table(QualifiedName.of("memory", "shop", "big_orders")).orElseThrow()
        .kind()).isEqualTo(TableKind.VIEW);
  }

  /** A failed load names what was read, not Snowflake's "account" (a PostgreSQL source said it). */
  @Test
  void load_failure_namesTheSchemaList_notAnAccount() {
    DataSource down = (DataSource) java.lang.reflect.Proxy.newProxyInstance(
        getClass().getClassLoader(), new Class<?>[] {DataSource.class}, (proxy, m, args) -> {
          throw new SQLException("Connection to 127.0.0.1:1 refused", "08001");
        });
    assertThatThrownBy(() -> CatalogSources.jdbc(down, SourceOptions.defaults()).load())
        .hasMessageContaining("jdbc metadata read failed (schema list)")
        .hasMessageNotContaining("account");
  }

  @Test
  void load_schemaFilter_keepsOnlyMatchingSchemas() {
    Catalog catalog = CatalogSources.jdbc(dataSource,
        SourceOptions.builder().excludeSchemas("MAIN").build()).load();

    assertThat(catalog.tables()).extracting(t -> t.id().schema()).containsOnly("shop");
  }

  @Test
  void stamps_detectAlteredTableOnly() throws SQLException {
    CatalogSource source = source();
    List<TableStamp> before = source.stampsOf(source.load());

    execute("ALTER TABLE shop.orders ADD COLUMN note VARCHAR");
    List<TableStamp> after = source.stamps();

    assertThat(after).hasSameSizeAs(before);
    List<TableStamp> changed = after.stream().filter(s -> !before.contains(s)).toList();
    assertThat(changed).extracting(TableStamp::table)
        .containsExactly(QualifiedName.of("memory", "shop", "orders"));
  }

  @Test
  void loadTables_readsOnlyTheNamedTables() {
    Catalog partial = source().loadTables(Set.of(QualifiedName.of("memory", "shop", "orders"),
        QualifiedName.of("memory", "shop", "dropped")));

    assertThat(partial.tables()).extracting(TableInfo::id)
        .containsExactly(QualifiedName.of("memory", "shop", "orders"));
    assertThat(partial.tables().getFirst().foreignKeys()).hasSize(1);
  }

  @Test
  void create_byName_readsDuckdbFile(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
      throws SQLException {
    String url = "jdbc:duckdb:" + dir.resolve("x.duckdb");
    try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement()) {
      st.execute("CREATE TABLE t (id INTEGER PRIMARY KEY)");
    }

    try (CatalogSource source = CatalogSources.create("jdbc", Map.of("url", url))) {
      assertThat(source.load().tables()).extracting(t -> t.id().name()).containsExactly("t");
    }
  }

  @Test
  void create_unknownKey_isRefusedByName() {
    assertThatThrownBy(() -> CatalogSources.create("jdbc",
        Map.of("url", "jdbc:duckdb:", "pasword", "secret-value")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("[pasword]")
        .hasMessageNotContaining("secret-value");
  }
}
