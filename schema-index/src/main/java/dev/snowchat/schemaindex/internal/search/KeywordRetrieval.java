package dev.snowchat.schemaindex.internal.search;

import java.io.IOException;
import java.util.List;
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
 * {@link Tuning#glossaryTerm()}). Sets {@link QueryContext#keywordRanking}.
 *
 * @param tuning the weights
 */
record KeywordRetrieval(Tuning tuning) {
  void retrieve(QueryContext q) throws IOException {
    Query keyword = query(q.words, q.raw, q.glossaryMatches);
    if (keyword != null) {
      Query filtered = q.filter == null ? keyword : new BooleanQuery.Builder()
          .add(keyword, Occur.MUST).add(q.filter, Occur.FILTER).build();
      q.keywordRanking = q.ranking(q.searcher.search(filtered, q.depth).scoreDocs);
    }
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
