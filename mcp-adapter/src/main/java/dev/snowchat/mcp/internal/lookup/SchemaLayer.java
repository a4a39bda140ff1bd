package dev.snowchat.mcp.internal.lookup;

import dev.snowchat.schemaindex.QualifiedName;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The schema preference of live search, the same as the schema index's: tables of the preferred
 * schemas or, by default ({@code null}), of modelled layers win near-ties over raw ones, so that
 * {@code ANALYTICS.DIM_LISTINGS} ranks above {@code RAW.RAW_LISTINGS} for the same words whichever
 * lookup answers.
 *
 * <p>A copy of schema-index's {@code internal.search.SchemaPreference} (its word lists and its
 * order of tests), which is package-private in an unexported package: schema-index's public API
 * carries only the preference's setting ({@code SearchRequest.preferredSchemas()}: null for
 * modelled layers by name, empty for none), not the classification. {@code SchemaLayerTest} keeps
 * the two in step on the names schema-index documents.
 */
final class SchemaLayer {
  private SchemaLayer() {}

  /** The layer a table's schema (or, failing that, its name) says it is in. */
  enum Layer { RAW, MODELLED, UNKNOWN }

  /**
   * What a preferred table gains, as a share of the best score of the search: schema-index's
   * default {@code layerBoost}, a tie-break that does not override a clearly better match.
   */
  static final double BOOST = 0.08;

  private static final Set<String> RAW_WORDS = Set.of("raw", "staging", "stage", "stg",
      "landing", "src", "source", "sources", "ingest", "ingestion", "bronze");
  private static final Set<String> MODELLED_WORDS = Set.of("analytics", "analytic", "mart",
      "marts", "datamart", "core", "dim", "dims", "dimension", "dimensions", "fact", "facts",
      "fct", "reporting", "report", "reports", "gold", "presentation", "curated", "dw", "dwh",
      "warehouse");
  private static final Set<String> RAW_PREFIXES = Set.of("raw", "stg", "src");
  private static final Set<String> MODELLED_PREFIXES = Set.of("dim", "fact", "fct", "vw", "mart",
      "agg", "rpt");

  /**
   * {@return whether a table is preferred}
   *
   * @param t the table
   * @param preferred the preferred schemas (ignoring case); null for modelled layers by name;
   *     empty for no preference
   */
  static boolean preferred(QualifiedName t, @Nullable List<String> preferred) {
    if (preferred == null) {
      return layer(t) == Layer.MODELLED;
    }
    for (String s : preferred) {
      if (s.equalsIgnoreCase(t.schema())) {
        return true;
      }
    }
    return false;
  }

  /**
   * The layer of a table: by its schema's words ({@code RAW}, {@code STAGING}, {@code STG},
   * {@code LANDING}, {@code SRC} against {@code ANALYTICS}, {@code MARTS}, {@code CORE}, {@code
   * REPORTING} ...), else by its name's first word ({@code RAW_}, {@code STG_} against {@code
   * DIM_}, {@code FACT_}, {@code VW_} ...).
   */
  static Layer layer(QualifiedName t) {
    Layer bySchema = Layer.UNKNOWN;
    for (String w : t.schema().toLowerCase(Locale.ROOT).split("[^a-z0-9]+")) {
      if (RAW_WORDS.contains(w)) {
        return Layer.RAW;
      }
      if (MODELLED_WORDS.contains(w)) {
        bySchema = Layer.MODELLED;
      }
    }
    if (bySchema != Layer.UNKNOWN) {
      return bySchema;
    }
    String[] name = t.name().toLowerCase(Locale.ROOT).split("[^a-z0-9]+");
    String first = name.length == 0 ? "" : name[0];
    if (RAW_PREFIXES.contains(first)) {
      return Layer.RAW;
    }
    return MODELLED_PREFIXES.contains(first) ? Layer.MODELLED : Layer.UNKNOWN;
  }
}
