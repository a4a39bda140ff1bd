package dev.snowchat.schemaindex.internal.search;

import dev.snowchat.schemaindex.ColumnInfo;
import dev.snowchat.schemaindex.TableInfo;
import java.io.IOException;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.index.Term;
import org.jspecify.annotations.Nullable;

/**
 * A hit's relevance on one scale, 0 to 1, independent of the other hits and of the provider
 * (see {@code SearchHit.relevance}). Lexical evidence: the IDF-weighted share of the query's
 * words that the table's own text holds (name, columns, comments, schema, database, the terms of
 * glossary entries that target it), square-rooted so that a question with one unknown value word
 * ("listings in Paris") stays confident; a word no table holds weighs as much as the rarest
 * word that some table holds. Semantic evidence (semantic models only): the table's best
 * similarity to the query (table vector or best column), mapped linearly from {@link
 * Tuning#semanticFloor()} (0) to {@link Tuning#semanticFull()} (1). The relevance is the
 * larger of the two. Created per search.
 */
final class Relevance {
  private static final String[] FIELDS = {Fields.NAME, Fields.COLS, Fields.TEXT, Fields.DBNAME};

  private final QueryContext q;
  private final Tuning tuning;
  /** Each query word's weight. */
  private final Map<String, Double> idf = new LinkedHashMap<>();
  private final double total;

  Relevance(QueryContext q, Tuning tuning) throws IOException {
    this.q = q;
    this.tuning = tuning;
    int n = Math.max(1, q.catalog.tables().size());
    double sum = 0;
    for (String w : q.words) {
      int df = 0;
      for (String f : FIELDS) {
        df = Math.max(df, DeletedStats.docFreq(q.searcher, new Term(f, w)));
      }
      // a word no table holds counts as the rarest word some table holds
      df = Math.min(n, Math.max(1, df));
      double v = Math.log(1 + (n - df + 0.5) / (df + 0.5));
      idf.put(w, v);
      sum += v;
    }
    this.total = sum;
  }

  /** {@return the relevance of a table, 0 to 1} */
  double of(TableInfo t, String key) {
    double lexical = lexical(t);
    ColumnVectors.Score dense = q.dense.get(key);
    if (dense == null) {
      return lexical;
    }
    double sim = Math.max(dense.table(), dense.bestColumn());
    double semantic = (sim - tuning.semanticFloor())
        / (tuning.semanticFull() - tuning.semanticFloor());
    return clamp(Math.max(lexical, semantic));
  }

  private double lexical(TableInfo t) {
    if (total <= 0) {
      return 0;
    }
    // a table or column name typed exactly is a full match
    String name = Fields.lower(t.id().name());
    if (q.raw.contains(name)) {
      return 1;
    }
    return clamp(Math.sqrt(Coherence.share(words(t), idf, total)));
  }

  /**
   * {@return every normalized word of a table's own text}: its name and column words as the
   * indexed catalog keeps them, then its schema, database, comments and glossary terms
   */
  private Set<String> words(TableInfo t) {
    Set<String> out = new HashSet<>(q.catalog.words(t));
    out.addAll(Words.name(t.id().schema()));
    out.addAll(Words.name(t.id().database()));
    addText(out, t.comment());
    for (ColumnInfo c : t.columns()) {
      addText(out, c.comment());
    }
    for (GlossaryMatcher.Match m : q.glossaryMatches) {
      if (m.entry().targets(t.id())) {
        out.addAll(Words.queryTerms(m.term()));
      }
    }
    return out;
  }

  private static void addText(Set<String> out, @Nullable String text) {
    if (text != null) {
      out.addAll(Words.of(text));
    }
  }

  private static double clamp(double v) {
    return v < 0 || Double.isNaN(v) ? 0 : Math.min(1, v);
  }
}
