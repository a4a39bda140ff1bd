package dev.snowchat.schemaindex.internal.search;

import dev.snowchat.schemaindex.EmbeddingProvider;
import dev.snowchat.schemaindex.TableInfo;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.lucene.search.KnnFloatVectorQuery;
import org.apache.lucene.search.TopDocs;
import org.jspecify.annotations.Nullable;

/**
 * Ranking stage: vector retrieval. The query's vector ({@link EmbeddingProvider#embedQuery})
 * finds the nearest table vectors (HNSW); with column vectors, every table's similarities to it
 * are scored too ({@link ColumnVectors}) and tables are ranked by their best column. Sets {@link
 * QueryContext#queryVector}, {@link QueryContext#vectorRanking}, {@link QueryContext#dense} and
 * {@link QueryContext#columnRanking}.
 *
 * @param tuning the weights
 * @param provider the embedding provider, or null for keyword search only
 * @param weight the table-vector ranking's fusion weight (0: no vector retrieval)
 * @param columnVectors the index's column vectors (empty when off)
 */
record VectorRetrieval(Tuning tuning, @Nullable EmbeddingProvider provider, double weight,
    ColumnVectors columnVectors) {
  void retrieve(QueryContext q) throws IOException {
    float @Nullable [] v = null;
    if (provider != null && weight > 0) {
      v = provider.embedQuery(q.request.query());
      if (!Documents.nonZero(v)) {
        v = null;
      }
      if (v != null) {
        TopDocs top = q.searcher.search(
            new KnnFloatVectorQuery(Fields.VEC, v, q.depth, q.filter), q.depth);
        q.vectorRanking = q.ranking(top.scoreDocs);
      }
    }
    q.queryVector = v;
    q.dense = v == null || !Indexer.semantic(provider) || columnVectors.isEmpty()
        ? Map.of() : columnVectors.score(v);
    q.columnRanking = columnRanking(q);
  }

  /**
   * Tables ranked by their best column similarities (plus a share of their second-best column
   * and of their table similarity): a third ranking for fusion, with a semantic provider only.
   */
  private List<String> columnRanking(QueryContext q) {
    if (q.dense.isEmpty() || tuning.columnWeight() <= 0) {
      return List.of();
    }
    List<Map.Entry<String, Double>> all = new ArrayList<>(q.dense.size());
    for (Map.Entry<String, ColumnVectors.Score> e : q.dense.entrySet()) {
      TableInfo t = q.catalog.tables().get(e.getKey());
      if (t != null && q.accepts(t)) {
        all.add(Map.entry(e.getKey(), columnScore(e.getValue())));
      }
    }
    all.sort(Ranker.BEST_FIRST);
    List<String> out = new ArrayList<>(Math.min(q.depth, all.size()));
    for (int i = 0; i < all.size() && i < q.depth; i++) {
      out.add(all.get(i).getKey());
    }
    return out;
  }

  private double columnScore(ColumnVectors.Score sc) {
    return sc.bestColumn() + tuning.columnSecond() * sc.secondColumn()
        + tuning.columnTable() * sc.table();
  }
}
