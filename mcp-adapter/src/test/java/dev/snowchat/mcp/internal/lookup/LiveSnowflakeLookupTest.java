package dev.snowchat.mcp.internal.lookup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.snowchat.mcp.ToolErrorCode;
import dev.snowchat.schemaindex.ColumnHit;
import dev.snowchat.schemaindex.EdgeSource;
import dev.snowchat.schemaindex.JoinEdge;
import dev.snowchat.schemaindex.JoinPath;
import dev.snowchat.schemaindex.QualifiedName;
import dev.snowchat.schemaindex.SearchHit;
import dev.snowchat.schemaindex.TableInfo;
import dev.snowchat.schemaindex.TableKind;
import dev.snowchat.schemaindex.testing.FakeSnowflake;
import dev.snowchat.sqlgate.SnowchatException;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class LiveSnowflakeLookupTest {
  private static final QualifiedName LISTINGS = QualifiedName.of("AIRBNB", "DBT_SCHEMA",
      "DIM_LISTINGS");
  private static final QualifiedName HOSTS = QualifiedName.of("AIRBNB", "DBT_SCHEMA",
      "DIM_HOSTS");

  private final FakeSnowflake fake = new FakeSnowflake()
      .on("SHOW DATABASES", FakeSnowflake.SHOW_DATABASES,
          new Object[] {"2025-01-01", "AIRBNB", "N", "Y", "", "SYSADMIN", "Airbnb data", "",
              "1", "STANDARD", null, "ROLE"},
          new Object[] {"2025-01-01", "SNOWFLAKE", "N", "N", "SNOWFLAKE.ACCOUNT_USAGE",
              "", "", "", "1", "APPLICATION", null, ""})
      .on("SHOW SCHEMAS IN DATABASE \"AIRBNB\"", FakeSnowflake.SHOW_SCHEMAS,
          new Object[] {"2025-01-01", "DBT_SCHEMA", "N", "N", "AIRBNB", "SYSADMIN", "dbt models",
              "", "1", "ROLE", null},
          new Object[] {"2025-01-01", "INFORMATION_SCHEMA", "N", "N", "AIRBNB", "", "views",
              "", "1", "", null})
      .on("SHOW OBJECTS IN SCHEMA \"AIRBNB\".\"DBT_SCHEMA\"", FakeSnowflake.SHOW_OBJECTS,
          FakeSnowflake.objectRow("AIRBNB", "DBT_SCHEMA", "DIM_LISTINGS", "TABLE", "Listings",
              17499),
          FakeSnowflake.objectRow("AIRBNB", "DBT_SCHEMA", "DIM_HOSTS", "TABLE", "", 14111),
          FakeSnowflake.objectRow("AIRBNB", "DBT_SCHEMA", "VW_LISTING_STATS", "VIEW", "Stats",
              null))
      .on("SHOW OBJECTS LIKE 'DIM_LISTINGS' IN SCHEMA \"AIRBNB\".\"DBT_SCHEMA\"",
          FakeSnowflake.SHOW_OBJECTS,
          FakeSnowflake.objectRow("AIRBNB", "DBT_SCHEMA", "DIM_LISTINGS", "TABLE", "Listings",
              17499))
      .on("SHOW OBJECTS LIKE 'DIM_HOSTS' IN SCHEMA \"AIRBNB\".\"DBT_SCHEMA\"",
          FakeSnowflake.SHOW_OBJECTS,
          FakeSnowflake.objectRow("AIRBNB", "DBT_SCHEMA", "DIM_HOSTS", "TABLE", "", 14111))
      .on("SHOW OBJECTS LIKE", FakeSnowflake.SHOW_OBJECTS)
      .on("DESCRIBE TABLE \"AIRBNB\".\"DBT_SCHEMA\".\"DIM_HOSTS\"",
          FakeSnowflake.DESCRIBE_TABLE,
          FakeSnowflake.describeRow("HOST_ID", "NUMBER(38,0)", "N", "Y", "Host key"))
      .on("DESCRIBE TABLE \"AIRBNB\".\"DBT_SCHEMA\".\"DIM_LISTINGS\"",
          FakeSnowflake.DESCRIBE_TABLE,
          FakeSnowflake.describeRow("LISTING_ID", "NUMBER(38,0)", "N", "Y", "Listing key"),
          FakeSnowflake.describeRow("HOST_ID", "NUMBER(38,0)", "Y", "N", null),
          FakeSnowflake.describeRow("PRICE", "NUMBER(10,2)", "Y", "N", "Nightly price"))
      .on("SHOW IMPORTED KEYS IN TABLE \"AIRBNB\".\"DBT_SCHEMA\".\"DIM_LISTINGS\"",
          FakeSnowflake.SHOW_IMPORTED_KEYS,
          new Object[] {"2025-01-01", "AIRBNB", "DBT_SCHEMA", "DIM_HOSTS", "HOST_ID", "AIRBNB",
              "DBT_SCHEMA", "DIM_LISTINGS", "HOST_ID", 1, "NO ACTION", "NO ACTION",
              "FK_LISTING_HOST", "PK_HOST", "NOT DEFERRABLE", "false", null})
      .on("SHOW EXPORTED KEYS IN TABLE", FakeSnowflake.SHOW_IMPORTED_KEYS)
      .on("SHOW IMPORTED KEYS IN TABLE \"AIRBNB\".\"DBT_SCHEMA\".\"DIM_HOSTS\"",
          FakeSnowflake.SHOW_IMPORTED_KEYS)
      .on("SHOW FUNCTIONS", FakeSnowflake.SHOW_FUNCTIONS,
          new Object[] {"", "DATEADD", "", "Y", "N", "Y", 3, 3,
              "DATEADD(VARCHAR, NUMBER, DATE) RETURN DATE", "Adds to a date.", "", "N", "N", "N",
              "N", "SQL", "N"},
          new Object[] {"", "SUM", "", "Y", "Y", "Y", 1, 1, "SUM(NUMBER) RETURN NUMBER",
              "Sum.", "", "N", "N", "N", "N", "SQL", "N"})
      .on("SHOW OBJECTS LIKE '%listing%' IN ACCOUNT", FakeSnowflake.SHOW_OBJECTS,
          FakeSnowflake.objectRow("AIRBNB", "DBT_SCHEMA", "DIM_LISTINGS", "TABLE", "Listings",
              17499))
      .on("SHOW COLUMNS LIKE '%listing%' IN ACCOUNT", FakeSnowflake.SHOW_COLUMNS,
          new Object[] {"DIM_LISTINGS", "DBT_SCHEMA", "LISTING_ID",
              "{\"type\":\"FIXED\",\"precision\":38}", "false", "", "COLUMN", "", "", "AIRBNB",
              ""},
          new Object[] {"FACT_REVIEWS", "DBT_SCHEMA", "LISTING_ID", "{\"type\":\"FIXED\"}",
              "false", "", "COLUMN", "", "", "AIRBNB", ""})
      .on("SHOW IMPORTED KEYS IN TABLE \"AIRBNB\".\"DBT_SCHEMA\".\"FACT_REVIEWS\"",
          FakeSnowflake.SHOW_IMPORTED_KEYS);

  private final LiveSnowflakeLookup lookup = new LiveSnowflakeLookup(sql -> {
    try {
      return fake.result(sql);
    } catch (SQLException e) {
      throw new SnowchatException(ToolErrorCode.QUERY_FAILED, e.getMessage());
    }
  }, new CatalogView(new Patterns(List.of(), List.of()), "AIRBNB", "DBT_SCHEMA"));

  @Test
  void databases_readNameAndComment() {
    assertThat(lookup.databases().orElseThrow()).extracting(Catalogs.Database::name)
        .containsExactly("AIRBNB", "SNOWFLAKE");
    assertThat(lookup.databases().orElseThrow().get(0).comment()).isEqualTo("Airbnb data");
    assertThat(fake.log().get(0)).isEqualTo("SHOW DATABASES LIMIT 10000");
  }

  @Test
  void schemas_quoteTheDatabaseAndHideInformationSchema() {
    assertThat(lookup.schemas("airbnb").orElseThrow()).extracting(Catalogs.Schema::name)
        .containsExactly("DBT_SCHEMA");
    assertThat(fake.log()).contains("SHOW SCHEMAS IN DATABASE \"AIRBNB\" LIMIT 10000");
  }

  @Test
  void tables_readKindCommentAndRows() {
    List<TableInfo> tables = lookup.tables("AIRBNB", "DBT_SCHEMA", null).orElseThrow();
    assertThat(tables).extracting(t -> t.id().name())
        .containsExactly("DIM_HOSTS", "DIM_LISTINGS", "VW_LISTING_STATS");
    TableInfo listings = tables.get(1);
    assertThat(listings.rowCount()).isEqualTo(17499L);
    assertThat(listings.comment()).isEqualTo("Listings");
    assertThat(tables.get(2).kind()).isEqualTo(TableKind.VIEW);
    assertThat(tables.get(2).rowCount()).isNull();
  }

  @Test
  void tables_patternIsQuotedAsString() {
    lookup.tables("AIRBNB", "DBT_SCHEMA", "dim'; DROP TABLE x; --");
    assertThat(fake.log().getLast())
        .isEqualTo("SHOW OBJECTS LIKE '%dim''; DROP TABLE x; --%' IN SCHEMA "
            + "\"AIRBNB\".\"DBT_SCHEMA\" LIMIT 10000");
  }

  @Test
  void resolve_unquotedNamesFoldToUpperCase_withDefaults() {
    assertThat(lookup.resolve(TableRef.parse("dim_listings")).orElseThrow()).isEqualTo(LISTINGS);
    assertThat(lookup.resolve(TableRef.parse("airbnb.dbt_schema.dim_listings")).orElseThrow())
        .isEqualTo(LISTINGS);
  }

  @Test
  void resolve_missingTable_isTableNotFound() {
    assertThatThrownBy(() -> lookup.resolve(TableRef.parse("nope")))
        .isInstanceOfSatisfying(SnowchatException.class,
            e -> assertThat(e.code()).isEqualTo(ToolErrorCode.TABLE_NOT_FOUND))
        .hasMessageContaining("search_schema");
  }

  @Test
  void describe_readsDescribeColumnsKeysAndImportedKeys() {
    TableInfo t = lookup.describe(LISTINGS).orElseThrow();
    assertThat(t.columns()).extracting(c -> c.name() + " " + c.type() + " " + c.nullable())
        .containsExactly("LISTING_ID NUMBER(38,0) false", "HOST_ID NUMBER(38,0) true",
            "PRICE NUMBER(10,2) true");
    assertThat(t.primaryKey()).containsExactly("LISTING_ID");
    assertThat(t.foreignKeys()).singleElement().satisfies(fk -> {
      assertThat(fk.columns()).containsExactly("HOST_ID");
      assertThat(fk.referencedTable()).isEqualTo(HOSTS);
    });
    assertThat(t.rowCount()).isEqualTo(17499L);
  }

  @Test
  void joinPath_followsDeclaredKeys() {
    Optional<JoinPath> path = lookup.joinPath(LISTINGS, HOSTS).orElseThrow();
    assertThat(path).isPresent();
    assertThat(path.get().edges()).singleElement().satisfies(e -> {
      assertThat(e.fromTable()).isEqualTo(LISTINGS);
      assertThat(e.toTable()).isEqualTo(HOSTS);
      assertThat(e.source()).isEqualTo(EdgeSource.DECLARED);
    });
    assertThat(path.get().edges().get(0).onCondition("t0", "t1"))
        .isEqualTo("t0.\"HOST_ID\" = t1.\"HOST_ID\"");
  }

  @Test
  void functions_readBuiltinAggregateAndArguments() {
    List<Catalogs.Function> fs = lookup.functions(null, 10).orElseThrow();
    assertThat(fs).extracting(Catalogs.Function::name).containsExactly("DATEADD", "SUM");
    assertThat(fs.get(1).kind()).isEqualTo("aggregate");
    assertThat(fs.get(0).signature()).contains("RETURN DATE");
  }

  @Test
  void search_matchesObjectsAndColumnsInAccount() {
    List<SearchHit> hits = lookup.search("listing", 5, null).orElseThrow();
    assertThat(hits.get(0).table()).isEqualTo(LISTINGS);
    assertThat(hits.get(0).columns()).extracting(ColumnHit::name).contains("LISTING_ID");
    assertThat(hits.get(0).neighbors()).extracting(JoinEdge::source)
        .isNotEmpty().containsOnly(EdgeSource.DECLARED);
    assertThat(hits).extracting(h -> h.table().name()).contains("FACT_REVIEWS");
  }
}
