package dev.snowchat.schemaindex.internal.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.snowchat.schemaindex.Catalog;
import dev.snowchat.schemaindex.CatalogSource;
import dev.snowchat.schemaindex.CatalogSources;
import dev.snowchat.schemaindex.ColumnInfo;
import dev.snowchat.schemaindex.ForeignKey;
import dev.snowchat.schemaindex.IndexErrorCode;
import dev.snowchat.schemaindex.QualifiedName;
import dev.snowchat.schemaindex.SourceOptions;
import dev.snowchat.schemaindex.TableInfo;
import dev.snowchat.schemaindex.TableKind;
import dev.snowchat.schemaindex.TableStamp;
import dev.snowchat.schemaindex.testing.FakeSnowflake;
import dev.snowchat.sqlgate.SnowchatException;
import dev.snowchat.sqlgate.testing.FakeJdbc;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SnowflakeCatalogSourceTest {
  private static final Instant DDL = Instant.parse("2025-03-04T05:06:07Z");

  /** One database, one schema of 25,000 tables, one small schema with a view and a foreign key. */
  private static FakeSnowflake bigAccount() {
    FakeSnowflake sf = new FakeSnowflake();
    sf.schema("BIG_DB", "INFORMATION_SCHEMA");
    sf.schema("SNOWFLAKE", "ACCOUNT_USAGE");
    for (int i = 0; i < 25_000; i++) {
      FakeSnowflake.Table t = sf.table("BIG_DB", "WIDE", String.format("T%05d", i))
          .column("ID", "NUMBER", false, "")
          .column("LABEL", "TEXT", true, "");
      if (i % 10 == 0) {
        t.primaryKey("ID");
      }
    }
    smallSchema(sf);
    return sf;
  }

  private static void smallSchema(FakeSnowflake sf) {
    FakeSnowflake.Table customers = sf.table("BIG_DB", "SALES", "CUSTOMERS")
        .column("CUSTOMER_ID", "NUMBER", false, "surrogate key")
        .column("NAME", "TEXT", true, "");
    customers.comment("One row per customer").rows(42).lastDdl(DDL).primaryKey("CUSTOMER_ID");
    FakeSnowflake.Table orders = sf.table("BIG_DB", "SALES", "ORDERS")
        .column("ORDER_ID", "NUMBER", false, "")
        .column("CUSTOMER_ID", "NUMBER", true, "")
        .column("PLACED_AT", "TIMESTAMP_NTZ", true, "");
    orders.primaryKey("ORDER_ID");
    orders.foreignKey("FK_ORDERS_CUSTOMER", List.of("CUSTOMER_ID"), "BIG_DB", "SALES",
        "CUSTOMERS", List.of("CUSTOMER_ID"));
    sf.view("BIG_DB", "SALES", "V_ORDERS").column("ORDER_ID", "NUMBER", true, "")
        .comment("orders view");
  }

  private static CatalogSource source(FakeSnowflake sf) {
    return CatalogSources.snowflake(sf.dataSource(), SourceOptions.defaults());
  }

  @Test
  void fake_showWithoutLimitOver10000Rows_fails090153() throws SQLException {
    FakeSnowflake sf = bigAccount();
    try (Connection c = sf.dataSource().getConnection(); Statement st = c.createStatement()) {
      assertThatThrownBy(() -> st.executeQuery("SHOW TABLES IN SCHEMA \"BIG_DB\".\"WIDE\""))
          .isInstanceOf(SQLException.class)
          .hasMessage(FakeSnowflake.SHOW_LIMIT_MESSAGE)
          .satisfies(e -> assertThat(((SQLException) e).getErrorCode()).isEqualTo(90153));
    }
  }

  @Test
  void load_schemaOf25000Tables_paginatesWithoutHittingShowLimit() {
    FakeSnowflake sf = bigAccount();

    Catalog catalog = source(sf).load();

    assertThat(catalog.size()).isEqualTo(25_003);
    assertThat(catalog.table(QualifiedName.of("BIG_DB", "WIDE", "T24999"))).get()
        .satisfies(t -> assertThat(t.columns()).extracting(ColumnInfo::name)
            .containsExactly("ID", "LABEL"));
    assertThat(catalog.table(QualifiedName.of("BIG_DB", "WIDE", "T12340")).orElseThrow()
        .primaryKey()).containsExactly("ID");
    // Round trips grow with schemas, not tables:
    //   1 SHOW DATABASES + per database (1 here; SNOWFLAKE is skipped) 1 SHOW SCHEMAS and
    //   1 INFORMATION_SCHEMA.TABLES stamps query = 3;
    //   WIDE: 3 SHOW TABLES pages (10,000 + 10,000 + 5,000) + 1 SHOW VIEWS + 1 COLUMNS query
    //   + 1 SHOW PRIMARY KEYS + 1 SHOW IMPORTED KEYS = 7;
    //   SALES: 1 + 1 + 1 + 1 + 1 = 5; INFORMATION_SCHEMA is skipped. Total 15.
    assertThat(sf.roundTrips()).isEqualTo(15);
    assertThat(sf.log())
        .contains("SHOW TABLES IN SCHEMA \"BIG_DB\".\"WIDE\" LIMIT 10000",
            "SHOW TABLES IN SCHEMA \"BIG_DB\".\"WIDE\" LIMIT 10000 FROM 'T09999'",
            "SHOW TABLES IN SCHEMA \"BIG_DB\".\"WIDE\" LIMIT 10000 FROM 'T19999'")
        .noneMatch(sql -> sql.contains("SHOW COLUMNS") || sql.contains("DESCRIBE"))
        .noneMatch(sql -> sql.contains("INFORMATION_SCHEMA\".") || sql.contains("SNOWFLAKE\""));
  }

  @Test
  void load_mapsCommentsTypesKeysAndLastDdl() {
    FakeSnowflake sf = new FakeSnowflake();
    smallSchema(sf);

    Catalog catalog = source(sf).load();

    TableInfo customers = catalog.table(QualifiedName.of("BIG_DB", "SALES", "CUSTOMERS"))
        .orElseThrow();
    assertThat(customers.kind()).isEqualTo(TableKind.TABLE);
    assertThat(customers.comment()).isEqualTo("One row per customer");
    assertThat(customers.rowCount()).isEqualTo(42L);
    assertThat(customers.changedOn()).isEqualTo(DDL);
    assertThat(customers.columns()).containsExactly(
        new ColumnInfo("CUSTOMER_ID", "NUMBER(38,0)", false, "surrogate key"),
        new ColumnInfo("NAME", "VARCHAR(100)", true, null));
    assertThat(customers.primaryKey()).containsExactly("CUSTOMER_ID");
    TableInfo orders = catalog.table(QualifiedName.of("BIG_DB", "SALES", "ORDERS")).orElseThrow();
    assertThat(orders.comment()).isNull();
    assertThat(orders.column("PLACED_AT").orElseThrow().type()).isEqualTo("TIMESTAMP_NTZ");
    assertThat(orders.foreignKeys()).containsExactly(new ForeignKey(List.of("CUSTOMER_ID"),
        QualifiedName.of("BIG_DB", "SALES", "CUSTOMERS"), List.of("CUSTOMER_ID")));
    TableInfo view = catalog.table(QualifiedName.of("BIG_DB", "SALES", "V_ORDERS"))
        .orElseThrow();
    assertThat(view.kind()).isEqualTo(TableKind.VIEW);
    assertThat(view.comment()).isEqualTo("orders view");
    assertThat(view.rowCount()).isNull();
  }

  @Test
  void load_quotesIdentifiersWithEmbeddedQuotes() {
    FakeSnowflake sf = new FakeSnowflake();
    sf.table("my\"db", "sch\"ema", "t\"1").column("A", "NUMBER", true, "");

    Catalog catalog = source(sf).load();

    assertThat(catalog.tables()).extracting(TableInfo::id)
        .containsExactly(QualifiedName.of("my\"db", "sch\"ema", "t\"1"));
    assertThat(sf.log()).contains("SHOW TABLES IN SCHEMA \"my\"\"db\".\"sch\"\"ema\" LIMIT 10000");
  }

  @Test
  void showPaged_cursorWithQuoteAndBackslash_isEscaped() {
    assertThat(SnowflakeSql.string("O'Brien\\x")).isEqualTo("'O''Brien\\\\x'");
    assertThat(SnowflakeSql.identifier("a\"b")).isEqualTo("\"a\"\"b\"");
  }

  @Test
  void load_pageEndingOnNameWithQuote_continuesAfterIt() {
    FakeSnowflake sf = new FakeSnowflake();
    for (int i = 0; i < 10_001; i++) {
      sf.table("DB", "S", String.format("T%05d", i) + (i == 9_999 ? "'q" : ""));
    }

    Catalog catalog = source(sf).load();

    assertThat(catalog.size()).isEqualTo(10_001);
    assertThat(sf.log())
        .contains("SHOW TABLES IN SCHEMA \"DB\".\"S\" LIMIT 10000 FROM 'T09999''q'");
  }

  @Test
  void load_excludedSchemasAndDatabases_areNotRead() {
    FakeSnowflake sf = new FakeSnowflake();
    smallSchema(sf);
    sf.table("BIG_DB", "STAGING_1", "X");
    sf.table("OTHER_DB", "PUBLIC", "Y");

    Catalog catalog = CatalogSources.snowflake(sf.dataSource(), SourceOptions.builder()
        .excludeSchemas("staging_*").includeDatabases("big_*").build()).load();

    assertThat(catalog.tables()).extracting(t -> t.id().schema()).containsOnly("SALES");
    assertThat(sf.log()).noneMatch(sql -> sql.contains("STAGING_1") || sql.contains("OTHER_DB\""));
  }

  @Test
  void stamps_costOneQueryPerDatabase() {
    FakeSnowflake sf = bigAccount();

    List<TableStamp> stamps = source(sf).stamps();

    assertThat(stamps).hasSize(25_003)
        .contains(new TableStamp(QualifiedName.of("BIG_DB", "SALES", "CUSTOMERS"), DDL));
    assertThat(sf.roundTrips()).isEqualTo(2); // SHOW DATABASES + 1 stamps query for BIG_DB
  }

  @Test
  void stampsOf_loadedCatalog_equalsStampsRead() {
    FakeSnowflake sf = new FakeSnowflake();
    smallSchema(sf);
    CatalogSource source = source(sf);

    assertThat(source.stampsOf(source.load())).containsExactlyInAnyOrderElementsOf(
        source.stamps());
  }

  @Test
  void loadTables_readsOnlyTheSchemasHoldingThem() {
    FakeSnowflake sf = bigAccount();
    Set<QualifiedName> wanted = Set.of(QualifiedName.of("BIG_DB", "WIDE", "T00007"),
        QualifiedName.of("BIG_DB", "WIDE", "T20000"),
        QualifiedName.of("BIG_DB", "SALES", "ORDERS"),
        QualifiedName.of("BIG_DB", "SALES", "GONE"));

    Catalog partial = source(sf).loadTables(wanted);

    assertThat(partial.tables()).extracting(TableInfo::id).containsExactly(
        QualifiedName.of("BIG_DB", "SALES", "ORDERS"),
        QualifiedName.of("BIG_DB", "WIDE", "T00007"),
        QualifiedName.of("BIG_DB", "WIDE", "T20000"));
    assertThat(partial.table(QualifiedName.of("BIG_DB", "SALES", "ORDERS")).orElseThrow()
        .foreignKeys()).hasSize(1);
    // Per schema: stamps + SHOW TABLES pages + SHOW VIEWS + COLUMNS + 2 key commands.
    assertThat(sf.roundTrips()).isEqualTo((1 + 3 + 1 + 1 + 2) + (1 + 1 + 1 + 1 + 2));
    assertThat(sf.log()).anyMatch(sql -> sql.contains("AND TABLE_NAME IN (?, ?)"));
  }

  @Test
  void load_keysOverShowLimit_fallBackToTablesWithConstraints() {
    FakeSnowflake sf = new FakeSnowflake();
    smallSchema(sf);
    sf.table("BIG_DB", "SALES", "NO_KEYS").column("A", "NUMBER", true, "");
    sf.showLimit(1); // SALES has 2 primary-key rows, so SHOW PRIMARY KEYS IN SCHEMA overflows

    Catalog catalog = source(sf).load();

    assertThat(catalog.table(QualifiedName.of("BIG_DB", "SALES", "ORDERS")).orElseThrow()
        .primaryKey()).containsExactly("ORDER_ID");
    assertThat(catalog.table(QualifiedName.of("BIG_DB", "SALES", "CUSTOMERS")).orElseThrow()
        .primaryKey()).containsExactly("CUSTOMER_ID");
    assertThat(sf.log()).contains(
        "SHOW PRIMARY KEYS IN TABLE \"BIG_DB\".\"SALES\".\"ORDERS\"",
        "SHOW PRIMARY KEYS IN TABLE \"BIG_DB\".\"SALES\".\"CUSTOMERS\"")
        .noneMatch(sql -> sql.contains("IN TABLE \"BIG_DB\".\"SALES\".\"NO_KEYS\""));
  }

  @Test
  void load_schemaDroppedWhileReading_isSkipped() {
    FakeSnowflake sf = new FakeSnowflake();
    smallSchema(sf);
    sf.table("BIG_DB", "GONE", "T");
    FakeSnowflake dropping = sf;
    CatalogSource source = CatalogSources.snowflake(FakeJdbc.dataSource("Snowflake", () -> { },
        (sql, binds) -> {
          if (sql.startsWith("SHOW TABLES IN SCHEMA \"BIG_DB\".\"GONE\"")) {
            dropping.dropSchema("BIG_DB", "GONE");
          }
          try (Connection c = dropping.dataSource().getConnection()) {
            return binds.isEmpty() ? c.createStatement().executeQuery(sql) : prepared(c, sql,
                binds);
          }
        }), SourceOptions.builder().concurrency(1).build());

    Catalog catalog = source.load();

    assertThat(catalog.tables()).extracting(t -> t.id().schema()).containsOnly("SALES");
  }

  private static java.sql.ResultSet prepared(Connection c, String sql, List<String> binds)
      throws SQLException {
    var ps = c.prepareStatement(sql);
    for (int i = 0; i < binds.size(); i++) {
      ps.setString(i + 1, binds.get(i));
    }
    return ps.executeQuery();
  }

  @ParameterizedTest
  @CsvSource({
      "390100, AUTHENTICATION_FAILED",
      "390201, ACCOUNT_NOT_FOUND",
      "390422, IP_NOT_ALLOWED",
      "606, CONFIGURATION",
      "250001, SOURCE_FAILED"})
  void load_loginFailure_mapsSnowflakeCodes(int vendorCode, IndexErrorCode expected) {
    FakeSnowflake sf = new FakeSnowflake();
    smallSchema(sf);
    sf.failConnections(new SQLException("Incorrect username or password was specified.\r\n",
        "08001", vendorCode));

    assertThatThrownBy(() -> source(sf).load())
        .isInstanceOfSatisfying(SnowchatException.class, e -> {
          assertThat(e.code()).isEqualTo(expected);
          assertThat(e.isRetryable()).isEqualTo(expected == IndexErrorCode.SOURCE_FAILED);
          assertThat(e.getMessage()).contains("[error " + vendorCode + "]")
              .doesNotContain("\r", "\n");
        });
  }

  @Test
  void load_failedQuery_isTransientSourceFailure() {
    FakeSnowflake sf = new FakeSnowflake();
    smallSchema(sf);
    sf.failQueries(new SQLException("JDBC driver encountered communication error", "08S01",
        200015));

    assertThatThrownBy(() -> source(sf).load())
        .isInstanceOfSatisfying(SnowchatException.class, e -> {
          assertThat(e.code()).isEqualTo(IndexErrorCode.SOURCE_FAILED);
          assertThat(e.isRetryable()).isTrue();
        });
  }
}
