package dev.snowchat.schemaindex.internal.search;

import static dev.snowchat.schemaindex.internal.search.KeywordRetrieval.should;

import dev.snowchat.schemaindex.TableInfo;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.KnnFloatVectorQuery;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TopDocs;

/**
 * Ranking stage: database coherence. The tables of one question come from one database.
 * Databases are scored by BM25 over their documents (all table and column words of a database,
 * so IDF counts databases, not tables), by their best table's plain BM25 score and by how much of
 * the question their best two tables cover; with a semantic model also by the question's similarity
 * to their vectors, by their best fused table, and, with column vectors, by dense routing (their
 * best tables' similarities). A table's score becomes its fused score (normalized) plus {@link
 * Tuning#coherence()} times its database's normalized score, and the best databases' other
 * tables join the candidates. A request for one database gives that database the full score.
 *
 * @param tuning the weights
 * @param semantic whether vectors come from a semantic model ({@link Indexer#semantic})
 */
record Coherence(Tuning tuning, boolean semantic) {
  /** How many of a database's best tables its coverage counts ({@link #addCoverage}). */
  static final int COVERAGE_TABLES = 2;

  void apply(QueryContext q) throws IOException {
    if (tuning.coherence() <= 0) {
      return;
    }
    double maxTable = 0;
    for (double v : q.scores.values()) {
      maxTable = Math.max(maxTable, v);
    }
    Map<String, Double> dbScore = new LinkedHashMap<>();
    if (q.request.database() != null) {
      for (String db : q.catalog.byDatabase().keySet()) {
        if (db.equalsIgnoreCase(q.request.database())) {
          dbScore.put(db, 1.0);
        }
      }
    } else if (!scoreDatabases(q, dbScore)) {
      return;
    }
    if (!dbScore.isEmpty()) {
      // a database is also as good as its best table (keyword and vector evidence)
      Map<String, Double> best = new HashMap<>();
      for (Map.Entry<String, Double> e : q.scores.entrySet()) {
        best.merge(q.candidates.get(e.getKey()).id().database(), e.getValue() / maxTable,
            Math::max);
      }
      for (Map.Entry<String, Double> e : best.entrySet()) {
        if (semantic && tuning.dbFromTables() > 0 && maxTable > 0) {
          dbScore.merge(e.getKey(), tuning.dbFromTables() * e.getValue(), Double::sum);
        }
      }
      double bm25 = semantic ? tuning.semanticDbBm25() : tuning.dbBm25();
      if (q.request.database() == null && bm25 > 0) {
        addBestPlainTable(q, dbScore, bm25);
      }
      if (semantic && q.request.database() == null && tuning.dbCoverage() > 0) {
        addCoverage(q, dbScore, tuning.dbCoverage());
      }
      if (q.request.database() == null && tuning.dbDenseWeight() > 0 && !q.dense.isEmpty()) {
        addDenseRouting(q, dbScore);
      }
      double maxDb = 0;
      for (double v : dbScore.values()) {
        maxDb = Math.max(maxDb, v);
      }
      List<Map.Entry<String, Double>> sorted = new ArrayList<>(dbScore.entrySet());
      sorted.sort(Ranker.BEST_FIRST);
      dbScore = new LinkedHashMap<>();
      for (Map.Entry<String, Double> e : sorted) {
        dbScore.put(e.getKey(), e.getValue() / maxDb);
      }
    }
    fill(q, dbScore);
    final double norm = maxTable > 0 ? maxTable : 1;
    final Map<String, Double> finalDbScore = dbScore;
    q.scores.replaceAll((k, v) -> v / norm
        + tuning.coherence() * finalDbScore.getOrDefault(q.candidates.get(k).id().database(), 0.0));
  }

  /**
   * Scores the best {@link Tuning#coherenceDatabases()} databases by BM25 over the query words
   * (normalized by the best), plus the question's similarity to the database vectors.
   *
   * @return false when the query has no word to search for (coherence then changes nothing)
   */
  private boolean scoreDatabases(QueryContext q, Map<String, Double> dbScore) throws IOException {
    BooleanQuery.Builder b = new BooleanQuery.Builder();
    int clauses = 0;
    for (String w : q.words) {
      clauses += should(b, Fields.D_NAME, w, tuning.dbName());
      clauses += should(b, Fields.D_TABLES, w, tuning.dbTables());
      clauses += should(b, Fields.D_COLUMNS, w, tuning.dbColumns());
    }
    if (clauses == 0) {
      return false;
    }
    TopDocs top = q.searcher.search(b.build(), tuning.coherenceDatabases());
    double max = top.scoreDocs.length == 0 ? 0 : top.scoreDocs[0].score;
    for (ScoreDoc sd : top.scoreDocs) {
      dbScore.put(database(q, sd), sd.score / max);
    }
    if (q.queryVector != null && tuning.dbVectorWeight() > 0) {
      TopDocs near = q.searcher.search(new KnnFloatVectorQuery(Fields.D_VEC, q.queryVector,
          tuning.coherenceDatabases()), tuning.coherenceDatabases());
      int n = near.scoreDocs.length;
      if (n > 1) {
        double hi = near.scoreDocs[0].score;
        double lo = near.scoreDocs[n - 1].score;
        for (ScoreDoc sd : near.scoreDocs) {
          double norm = hi > lo ? (sd.score - lo) / (hi - lo) : 1;
          dbScore.merge(database(q, sd), tuning.dbVectorWeight() * norm, Double::sum);
        }
      }
    }
    return true;
  }

  private static String database(QueryContext q, ScoreDoc sd) throws IOException {
    return q.stored.document(sd.doc, Set.of(Fields.D_KEY)).get(Fields.D_KEY);
  }

  /**
   * Routing from the tables' own keyword evidence: a database gains {@code weight} times its best
   * table's plain BM25 score ({@link QueryContext#plainScores}) as a share of the best table's.
   * The database documents' BM25 counts a word once however many tables hold it; a table that
   * matches most of the question's words is the stronger sign.
   */
  static void addBestPlainTable(QueryContext q, Map<String, Double> dbScore, double weight) {
    double max = Fusion.max(q.plainScores);
    if (max <= 0) {
      return;
    }
    Map<String, Double> best = new HashMap<>();
    for (Map.Entry<String, Double> e : q.plainScores.entrySet()) {
      TableInfo t = q.catalog.tables().get(e.getKey());
      if (t != null) {
        best.merge(t.id().database(), e.getValue(), Math::max);
      }
    }
    for (Map.Entry<String, Double> e : best.entrySet()) {
      dbScore.merge(e.getKey(), weight * e.getValue() / max, Double::sum);
    }
  }

  /**
   * Routing by coverage: the share of the question's words (weighted by their IDF over the
   * tables) that a database's two best tables (by fused score) hold together in their names and
   * columns, as a share of the best database's. The tables of one question's answer share its
   * words between them; a database whose best two tables leave rare words unmet is less likely
   * the one asked about, however well one of them matches. BM25 over a database's whole document
   * finds every word somewhere in a big database; its best table's score counts one table.
   */
  static void addCoverage(QueryContext q, Map<String, Double> dbScore, double weight)
      throws IOException {
    if (q.words.isEmpty()) {
      return;
    }
    Map<String, List<Map.Entry<String, Double>>> perDb = new HashMap<>();
    for (Map.Entry<String, Double> e : q.scores.entrySet()) {
      TableInfo t = q.candidates.get(e.getKey());
      if (t != null) {
        perDb.computeIfAbsent(t.id().database(), d -> new ArrayList<>()).add(e);
      }
    }
    Map<String, List<TableInfo>> best = new HashMap<>();
    for (Map.Entry<String, List<Map.Entry<String, Double>>> e : perDb.entrySet()) {
      List<Map.Entry<String, Double>> list = e.getValue();
      list.sort(Ranker.BEST_FIRST);
      List<TableInfo> tables = new ArrayList<>();
      for (int i = 0; i < Math.min(COVERAGE_TABLES, list.size()); i++) {
        tables.add(q.candidates.get(list.get(i).getKey()));
      }
      best.put(e.getKey(), tables);
    }
    Map<String, Double> coverage = coverage(best, q.wordIdf(), q.catalog::words);
    double max = Fusion.max(coverage);
    if (max <= 0) {
      return;
    }
    for (Map.Entry<String, Double> e : coverage.entrySet()) {
      dbScore.merge(e.getKey(), weight * e.getValue() / max, Double::sum);
    }
  }

  /**
   * {@return by database, the share of the question's words that its tables hold in their names
   * and columns, each word weighted}
   *
   * @param tables by database, its best tables
   * @param weights the question's words and their weights (IDF)
   * @param words a table's words ({@link Words#tableWords}, or as the catalog keeps them)
   */
  static Map<String, Double> coverage(Map<String, List<TableInfo>> tables,
      Map<String, Double> weights, Function<TableInfo, Set<String>> words) {
    double all = 0;
    for (double w : weights.values()) {
      all += w;
    }
    Map<String, Double> out = new HashMap<>();
    for (Map.Entry<String, List<TableInfo>> e : tables.entrySet()) {
      Set<String> covered = new HashSet<>();
      for (TableInfo t : e.getValue()) {
        covered.addAll(words.apply(t));
      }
      out.put(e.getKey(), share(covered, weights, all));
    }
    return out;
  }

  /**
   * {@return the weight of the words a set holds, as a share of {@code all} (0 when it is 0)}
   *
   * @param covered the words held
   * @param weights each word's weight
   * @param all the sum of the weights
   */
  static double share(Set<String> covered, Map<String, Double> weights, double all) {
    if (all <= 0) {
      return 0;
    }
    double share = 0;
    for (Map.Entry<String, Double> w : weights.entrySet()) {
      if (covered.contains(w.getKey())) {
        share += w.getValue();
      }
    }
    return share / all;
  }

  /**
   * Dense database routing: a database scores the mean of its best few tables' similarities
   * (table vector plus best column); the best {@code coherenceDatabases} databases gain, scaled
   * from 0 (the next database's score) to 1 (the best's).
   */
  private void addDenseRouting(QueryContext q, Map<String, Double> dbScore) {
    Map<String, List<Double>> perDb = new HashMap<>();
    for (Map.Entry<String, ColumnVectors.Score> e : q.dense.entrySet()) {
      TableInfo t = q.catalog.tables().get(e.getKey());
      if (t == null || !q.accepts(t)) {
        continue;
      }
      ColumnVectors.Score sc = e.getValue();
      double v = sc.table() + tuning.dbDenseColumn() * sc.bestColumn();
      perDb.computeIfAbsent(t.id().database(), d -> new ArrayList<>()).add(v);
    }
    Map<String, Double> db = new HashMap<>();
    double hi = Double.NEGATIVE_INFINITY;
    double lo = Double.POSITIVE_INFINITY;
    for (Map.Entry<String, List<Double>> e : perDb.entrySet()) {
      List<Double> list = e.getValue();
      list.sort(Comparator.reverseOrder());
      int k = Math.min(tuning.dbDenseTopK(), list.size());
      double sum = 0;
      for (int i = 0; i < k; i++) {
        sum += list.get(i);
      }
      double mean = sum / Math.max(1, tuning.dbDenseTopK());
      db.put(e.getKey(), mean);
      hi = Math.max(hi, mean);
      lo = Math.min(lo, mean);
    }
    if (!(hi > lo)) {
      return;
    }
    // only the best databases: far ones would otherwise all gain a little
    List<Map.Entry<String, Double>> sorted = new ArrayList<>(db.entrySet());
    sorted.sort(Ranker.BEST_FIRST);
    int best = tuning.coherenceDatabases();
    double floor = sorted.get(Math.min(sorted.size() - 1, best)).getValue();
    for (int i = 0; i < sorted.size() && i < best; i++) {
      Map.Entry<String, Double> e = sorted.get(i);
      double norm = hi > floor ? (e.getValue() - floor) / (hi - floor) : 1;
      dbScore.merge(e.getKey(), tuning.dbDenseWeight() * norm, Double::sum);
    }
  }

  /**
   * The tables of the best {@link Tuning#fillDatabases()} databases (of at most {@link
   * Tuning#fillLimit()} tables) that pass the request's filters join the candidates at score 0:
   * they bring the bridge tables of a join that match no word.
   */
  private void fill(QueryContext q, Map<String, Double> dbScore) {
    int fill = 0;
    for (Map.Entry<String, Double> e : dbScore.entrySet()) {
      List<TableInfo> tables = q.catalog.byDatabase().get(e.getKey());
      if (tables == null || tables.size() > tuning.fillLimit()) {
        continue;
      }
      if (fill++ >= tuning.fillDatabases()) {
        break;
      }
      for (TableInfo t : tables) {
        if (q.accepts(t)) {
          String k = Fields.key(t.id());
          q.scores.putIfAbsent(k, 0.0);
          q.candidates.putIfAbsent(k, t);
        }
      }
    }
  }
}
