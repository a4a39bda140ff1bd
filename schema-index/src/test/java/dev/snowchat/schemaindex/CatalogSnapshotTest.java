package dev.snowchat.schemaindex;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.snowchat.sqlgate.SnowchatException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CatalogSnapshotTest {

  private static Catalog sample() {
    QualifiedName hosts = QualifiedName.of("AIRBNB", "RAW", "HOSTS");
    TableInfo hostsTable = TableInfo.builder(hosts)
        .comment("One row per host")
        .rowCount(6000L)
        .changedOn(Instant.parse("2025-03-01T10:15:30Z"))
        .columns(List.of(new ColumnInfo("HOST_ID", "NUMBER(38,0)", false, "the key"),
            ColumnInfo.of("HOST_NAME", "VARCHAR")))
        .primaryKey(List.of("HOST_ID"))
        .build();
    TableInfo listings = TableInfo.builder(QualifiedName.of("AIRBNB", "RAW", "LISTINGS"))
        .columns(List.of(ColumnInfo.of("LISTING_ID", "NUMBER"), ColumnInfo.of("HOST_ID", "NUMBER")))
        .foreignKeys(List.of(new ForeignKey(List.of("HOST_ID"), hosts, List.of("HOST_ID"))))
        .build();
    TableInfo view = TableInfo.builder(QualifiedName.of("AIRBNB", "MART", "VW_HOSTS"))
        .kind(TableKind.VIEW)
        .comment("quote \" and unicode \u00e9 \u2603")
        .build();
    return Catalog.of(List.of(view, listings, hostsTable));
  }

  @Test
  void write_thenRead_roundTripsEveryField(@TempDir Path dir) {
    Catalog catalog = sample();
    Path file = dir.resolve("nested/catalog.json");

    CatalogSnapshot.write(catalog, file);

    assertThat(CatalogSnapshot.read(file)).isEqualTo(catalog);
    assertThat(CatalogSnapshot.read(file).tables())
        .extracting(t -> t.id().toString())
        .containsExactly("AIRBNB.MART.VW_HOSTS", "AIRBNB.RAW.HOSTS", "AIRBNB.RAW.LISTINGS");
  }

  @Test
  void toJson_isStable_sameCatalogGivesSameBytes() {
    Catalog a = sample();
    Catalog b = Catalog.of(List.copyOf(a.tables()).reversed());

    assertThat(CatalogSnapshot.toJson(a)).isEqualTo(CatalogSnapshot.toJson(b));
    assertThat(CatalogSnapshot.toJson(a)).startsWith("{\n  \"format\" : \"snowchat-catalog\"");
  }

  @Test
  void parse_birdBareArray_defaultsKindAndNullable() {
    String bird = """
        [{"database": "ADDRESS", "schema": "PUBLIC", "name": "CBSA", "comment": null,
          "columns": [{"name": "CBSA", "type": "integer"}, {"name": "CBSA_name", "type": "text"}]}]
        """;

    Catalog catalog = CatalogSnapshot.parse(bird);

    TableInfo t = catalog.table(QualifiedName.of("ADDRESS", "PUBLIC", "CBSA")).orElseThrow();
    assertThat(t.kind()).isEqualTo(TableKind.TABLE);
    assertThat(t.columns()).containsExactly(
        new ColumnInfo("CBSA", "integer", true, null),
        new ColumnInfo("CBSA_name", "text", true, null));
  }

  @Test
  void parse_missingTableName_namesTheField() {
    assertThatThrownBy(() -> CatalogSnapshot.parse(
        "{\"format\":\"snowchat-catalog\",\"version\":1,\"tables\":[{\"database\":\"D\"}]}"))
        .isInstanceOf(SnowchatException.class)
        .hasMessageContaining("tables[0].name")
        .satisfies(e -> assertThat(((SnowchatException) e).code())
            .isEqualTo(IndexErrorCode.SNAPSHOT_INVALID));
  }

  @Test
  void parse_newerVersion_isRefusedWithUpgradeHint() {
    assertThatThrownBy(() -> CatalogSnapshot.parse(
        "{\"format\":\"snowchat-catalog\",\"version\":2,\"tables\":[]}"))
        .isInstanceOf(SnowchatException.class)
        .hasMessageContaining("newer than this reader");
  }

  @Test
  void parse_wrongFormatMarker_isRefused() {
    assertThatThrownBy(() -> CatalogSnapshot.parse("{\"format\":\"other\",\"version\":1}"))
        .hasMessageContaining("format");
  }

  @Test
  void parse_malformedJson_isSnapshotInvalid() {
    assertThatThrownBy(() -> CatalogSnapshot.parse("{\"format\":"))
        .isInstanceOf(SnowchatException.class)
        .hasMessageContaining("malformed JSON");
  }

  @Test
  void parse_duplicateTable_isRefused() {
    String dup = "[{\"database\":\"D\",\"name\":\"T\"},{\"database\":\"D\",\"name\":\"T\"}]";
    assertThatThrownBy(() -> CatalogSnapshot.parse(dup)).hasMessageContaining("duplicate");
  }

  @Test
  void parse_badChangedOn_namesTheValue() {
    String bad = "[{\"database\":\"D\",\"name\":\"T\",\"changedOn\":\"yesterday\"}]";
    assertThatThrownBy(() -> CatalogSnapshot.parse(bad))
        .hasMessageContaining("tables[0].changedOn")
        .hasMessageContaining("yesterday");
  }

  @Test
  void read_missingFile_isSnapshotIo(@TempDir Path dir) {
    assertThatThrownBy(() -> CatalogSnapshot.read(dir.resolve("absent.json")))
        .isInstanceOf(SnowchatException.class)
        .satisfies(e -> assertThat(((SnowchatException) e).code())
            .isEqualTo(IndexErrorCode.SNAPSHOT_IO));
  }

  @Test
  void write_leavesNoTemporaryFiles(@TempDir Path dir) throws Exception {
    CatalogSnapshot.write(sample(), dir.resolve("c.json"));
    CatalogSnapshot.write(sample(), dir.resolve("c.json"));

    try (var files = Files.list(dir)) {
      assertThat(files.map(p -> p.getFileName().toString())).containsExactly("c.json");
    }
  }
}
