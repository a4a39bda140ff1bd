package dev.snowchat.schemaindex.internal.search;

import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermQuery;
import org.jspecify.annotations.Nullable;

/**
 * Ranking stage: keyword retrieval. BM25 over the table documents' word fields (name, database,
 * columns, comments, glossary text), plus exact table and column names as typed and the ids of
 * the glossary entries the query names, each with its boost ({@link Tuning#name()} ...
 * {@link Tuning#glossaryTerm()}). Sets {@link QueryContext#keywordRanking}. With {@code plain},
 * also scores the tables by plain BM25 over one field of their name words (twice) and column
 * words ({@link Fields#PLAIN}) and sets {@link QueryContext#plainScores}: one field keeps one
 * IDF and one length per table, which ranks the first table better than the sum of per-field
 * scores does.
 *
 * @param tuning the weights
 * @param plain whether to compute the plain BM25 scores (a later stage uses them)
 */
record KeywordRetrieval(Tuning tuning, boolean plain) {
  void retrieve(QueryContext q) throws IOException {
    Query keyword = query(q.words, q.raw, q.glossaryMatches);
    if (keyword != null) {
      q.keywordRanking = q.ranking(q.searcher.search(filtered(keyword, q), q.depth).scoreDocs);
    }
    if (plain) {
      BooleanQuery.Builder b = new BooleanQuery.Builder();
      int clauses = 0;
      for (String w : q.words) {
        clauses += should(b, Fields.PLAIN, w, 1);
      }
      if (clauses > 0) {
        Map<String, Double> scores = new HashMap<>();
        q.ranking(q.searcher.search(filtered(b.build(), q), q.depth).scoreDocs, scores);
        q.plainScores = scores;
      }
    }
  }

  private static Query filtered(Query query, QueryContext q) {
    return q.filter == null ? query : new BooleanQuery.Builder()
        .add(query, Occur.MUST).add(q.filter, Occur.FILTER).build();
  }

  private @Nullable Query query(List<String> words, List<String> raw,
      List<GlossaryMatcher.Match> glossaryMatches) {
    BooleanQuery.Builder b = new BooleanQuery.Builder();
    int clauses = 0;
    for (String w : words) {
      clauses += should(b, Fields.NAME, w, tuning.name());
      clauses += should(b, Fields.DBNAME, w, tuning.database());
      clauses += should(b, Fields.COLS, w, tuning.columns());
      clauses += should(b, Fields.TEXT, w, tuning.text());
      clauses += should(b, Fields.GLOSS, w, tuning.glossaryText());
    }
    for (String t : raw) {
      clauses += should(b, Fields.COLX, t, tuning.exactColumn());
      clauses += should(b, Fields.NAMEX, t, tuning.exactName());
    }
    for (GlossaryMatcher.Match m : glossaryMatches) {
      clauses += should(b, Fields.GID, m.id(),
          tuning.glossaryTerm() * m.entry().priority().weight());
    }
    return clauses == 0 ? null : b.build();
  }

  /** {@return 1 after adding a boosted term clause, 0 when the boost is 0 (off)} */
  static int should(BooleanQuery.Builder b, String field, String word, double boost) {
    if (boost <= 0) {
      return 0;
    }
    b.add(new BoostQuery(new TermQuery(new Term(field, word)), (float) boost), Occur.SHOULD);
    return 1;
  }
}
