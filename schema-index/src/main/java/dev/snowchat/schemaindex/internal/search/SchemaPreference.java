package dev.snowchat.schemaindex.internal.search;

import static dev.snowchat.schemaindex.internal.search.Fields.lower;

import dev.snowchat.schemaindex.TableInfo;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Ranking stage, after fusion: schema preference. Tables of the request's preferred schemas or,
 * by default, of modelled layers ({@link #layer}) gain {@link Tuning#layerBoost()} times the best
 * fused score: a near-tie between a raw table and its modelled twin ({@code RAW.RAW_LISTINGS},
 * {@code ANALYTICS.DIM_LISTINGS}) goes to the modelled one, a clearly better match keeps its
 * place. Catalogs without layer names (BIRD's {@code PUBLIC} schemas) are not changed.
 *
 * @param tuning the weights
 */
record SchemaPreference(Tuning tuning) {
  /** The layer a table's schema (or, failing that, its name) says it is in. */
  enum Layer { RAW, MODELLED, UNKNOWN }

  private static final Set<String> RAW_WORDS = Set.of("raw", "staging", "stage", "stg",
      "landing", "src", "source", "sources", "ingest", "ingestion", "bronze");
  private static final Set<String> MODELLED_WORDS = Set.of("analytics", "analytic", "mart",
      "marts", "datamart", "core", "dim", "dims", "dimension", "dimensions", "fact", "facts",
      "fct", "reporting", "report", "reports", "gold", "presentation", "curated", "dw", "dwh",
      "warehouse");
  private static final Set<String> RAW_PREFIXES = Set.of("raw", "stg", "src");
  private static final Set<String> MODELLED_PREFIXES = Set.of("dim", "fact", "fct", "vw", "mart",
      "agg", "rpt");

  void apply(QueryContext q) {
    List<String> preferred = q.request.preferredSchemas();
    if (tuning.layerBoost() <= 0 || q.scores.isEmpty()
        || (preferred != null && preferred.isEmpty())) {
      return;
    }
    double max = Fusion.max(q.scores);
    double boost = tuning.layerBoost() * max;
    for (Map.Entry<String, Double> e : q.scores.entrySet()) {
      TableInfo t = q.candidates.get(e.getKey());
      if (preferred(t, preferred)) {
        e.setValue(e.getValue() + boost);
      }
    }
  }

  private static boolean preferred(TableInfo t, List<String> preferred) {
    if (preferred == null) {
      return layer(t) == Layer.MODELLED;
    }
    for (String s : preferred) {
      if (s.equalsIgnoreCase(t.id().schema())) {
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
  static Layer layer(TableInfo t) {
    Layer bySchema = Layer.UNKNOWN;
    for (String w : lower(t.id().schema()).split("[^a-z0-9]+")) {
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
    String[] name = lower(t.id().name()).split("[^a-z0-9]+");
    String first = name.length == 0 ? "" : name[0];
    if (RAW_PREFIXES.contains(first)) {
      return Layer.RAW;
    }
    return MODELLED_PREFIXES.contains(first) ? Layer.MODELLED : Layer.UNKNOWN;
  }
}
