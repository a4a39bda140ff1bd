package dev.snowchat.schemaindex;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link SchemaLayer}: the classification search's schema preference uses, and hosts that rank
 * tables themselves (mcp-adapter's live metadata search) too, on the names the README and {@code
 * SearchRequest} document.
 */
class SchemaLayerTest {
  @ParameterizedTest
  @CsvSource({
      "RAW, RAW_LISTINGS, RAW",
      "STAGING, STG_ORDERS, RAW",
      "LANDING, ORDERS, RAW",
      "SRC, ORDERS, RAW",
      "RAW_ANALYTICS, ORDERS, RAW", // a raw word in the schema wins
      "ANALYTICS, DIM_LISTINGS, MODELLED",
      "MARTS, ORDERS, MODELLED",
      "CORE, ORDERS, MODELLED",
      "REPORTING, ORDERS, MODELLED",
      "GOLD, ORDERS, MODELLED",
      "ANALYTICS, RAW_EVENTS, MODELLED", // the schema decides before the name
      "PUBLIC, DIM_LISTINGS, MODELLED",
      "PUBLIC, FACT_REVIEWS, MODELLED",
      "PUBLIC, VW_HOST_PERFORMANCE, MODELLED",
      "PUBLIC, RAW_LISTINGS, RAW",
      "PUBLIC, STG_ORDERS, RAW",
      "PUBLIC, ORDERS, UNKNOWN",
      "MAIN, CUSTOMERS, UNKNOWN"})
  void layer_bySchemaWordsThenNamePrefix(String schema, String table, SchemaLayer expected) {
    assertThat(SchemaLayer.of(QualifiedName.of("DB", schema, table))).isEqualTo(expected);
  }

  @ParameterizedTest
  @CsvSource({"ANALYTICS, DIM_HOSTS, true", "RAW, RAW_HOSTS, false", "PUBLIC, ORDERS, false"})
  void preferred_nullMeansModelledLayers(String schema, String table, boolean expected) {
    assertThat(SchemaLayer.preferred(QualifiedName.of("DB", schema, table), null))
        .isEqualTo(expected);
  }

  @ParameterizedTest
  @CsvSource({"RAW, true", "raw, true", "ANALYTICS, false"})
  void preferred_aListNamesTheSchemas_ignoringCase(String schema, boolean expected) {
    assertThat(SchemaLayer.preferred(QualifiedName.of("DB", schema, "T"), List.of("Raw")))
        .isEqualTo(expected);
  }
}
