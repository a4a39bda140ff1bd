package dev.snowchat.schemaindex.internal.search;

import dev.snowchat.schemaindex.SchemaLayer;
import dev.snowchat.schemaindex.TableInfo;
import java.util.List;
import java.util.Map;

/**
 * Ranking stage, after fusion: schema preference. Tables of the request's preferred schemas or,
 * by default, of modelled layers ({@link SchemaLayer}) gain {@link Tuning#layerBoost()} times
 * the best fused score: a near-tie between a raw table and its modelled twin ({@code
 * RAW.RAW_LISTINGS}, {@code ANALYTICS.DIM_LISTINGS}) goes to the modelled one, a clearly better
 * match keeps its place. Catalogs without layer names (BIRD's {@code PUBLIC} schemas) are not changed.
 *
 * @param tuning the weights
 */
record SchemaPreference(Tuning tuning) {
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
      if (SchemaLayer.preferred(t.id(), preferred)) {
        e.setValue(e.getValue() + boost);
      }
    }
  }
}
