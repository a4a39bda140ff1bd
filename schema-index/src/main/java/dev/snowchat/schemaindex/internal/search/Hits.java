package dev.snowchat.schemaindex.internal.search;

import static dev.snowchat.schemaindex.internal.search.Fields.lower;

import dev.snowchat.schemaindex.ColumnHit;
import dev.snowchat.schemaindex.ColumnInfo;
import dev.snowchat.schemaindex.JoinEdge;
import dev.snowchat.schemaindex.QualifiedName;
import dev.snowchat.schemaindex.SearchHit;
import dev.snowchat.schemaindex.TableInfo;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.jspecify.annotations.Nullable;

/**
 * The last step of a search: the best {@code k} candidates by final score (ties in key order)
 * become {@link SearchHit}s, with their relevance ({@link Relevance}), matching columns, a
 * compact join summary and why they matched. Scores are not changed here.
 */
final class Hits {
  private static final int MAX_COLUMN_HITS = 10;

  private Hits() {}

  /** {@return the best {@code k} candidates of a ranked query, best first} */
  static List<SearchHit> of(QueryContext q, Tuning tuning) throws IOException {
    Relevance relevance = new Relevance(q, tuning);
    List<Map.Entry<String, Double>> ranked = q.ranked();
    Set<String> keywordTop = new HashSet<>(
        q.keywordRanking.subList(0, Math.min(q.keywordRanking.size(), 20)));
    Set<String> vectorTop = new HashSet<>(
        q.vectorRanking.subList(0, Math.min(q.vectorRanking.size(), 10)));
    Set<String> wordSet = new HashSet<>(q.words);
    int k = q.request.k();
    List<SearchHit> hits = new ArrayList<>(k);
    for (Map.Entry<String, Double> e : ranked) {
      if (hits.size() == k) {
        break;
      }
      TableInfo t = q.candidates.get(e.getKey());
      // the columns explain a hit even when the request leaves them out
      List<ColumnHit> columns = columnHits(t, wordSet, q.raw, q.searcher);
      String why = why(t, wordSet, columns, q.glossaryMatches, keywordTop.contains(e.getKey()),
          vectorTop.contains(e.getKey()), q.propagatedFrom.get(e.getKey()),
          q.bridged.get(e.getKey()), q.referencedBy.get(e.getKey()));
      List<JoinEdge> neighbors = q.catalog.graph().neighbors(t.id());
      hits.add(new SearchHit(t.id(), t.kind(), e.getValue(), relevance.of(t, e.getKey()),
          t.comment(), q.request.includeColumns() ? columns : List.of(), neighbors,
          joins(t.id(), neighbors), why));
    }
    return hits;
  }

  /** The compact join summary ({@link SearchHit#joinSummary}). */
  static List<String> joins(QualifiedName table, List<JoinEdge> neighbors) {
    return SearchHit.joinSummary(table, neighbors);
  }

  /**
   * A table's columns that match the query, best first (at most {@value #MAX_COLUMN_HITS}): an
   * exact name as typed scores 10, matching words their IDF in {@link Fields#COLS} times the
   * square root of the share of the column's words they are. Words of the table's own name do
   * not make a column match ({@code listing} names {@code DIM_LISTINGS}, not its {@code
   * LISTING_ID}), so the columns listed are those whose own text matched.
   */
  private static List<ColumnHit> columnHits(TableInfo t, Set<String> queryWords, List<String> raw,
      IndexSearcher searcher) throws IOException {
    Set<String> words = new HashSet<>(queryWords);
    words.removeAll(Words.name(t.id().name()));
    List<ColumnHit> out = new ArrayList<>();
    int docs = Math.max(1, searcher.getIndexReader().numDocs());
    Map<String, Double> idf = new HashMap<>();
    for (ColumnInfo c : t.columns()) {
      double score = 0;
      if (raw.contains(lower(c.name()))) {
        score += 10;
      }
      List<String> cw = Words.nameWords(c.name());
      if (c.comment() != null) {
        cw.addAll(Words.of(c.comment()));
      }
      int matched = 0;
      double sum = 0;
      for (String w : new LinkedHashSet<>(cw)) {
        if (words.contains(w)) {
          matched++;
          sum += idf.computeIfAbsent(w, x -> idf(searcher, x, docs));
        }
      }
      if (matched > 0) {
        score += sum * Math.sqrt((double) matched / Math.max(1, cw.size()));
      }
      if (score > 0) {
        out.add(new ColumnHit(c.name(), c.type(), score));
      }
    }
    out.sort(Comparator.comparingDouble(ColumnHit::score).reversed());
    return out.size() > MAX_COLUMN_HITS ? List.copyOf(out.subList(0, MAX_COLUMN_HITS)) : out;
  }

  private static double idf(IndexSearcher searcher, String word, int docs) {
    try {
      int df = DeletedStats.docFreq(searcher, new Term(Fields.COLS, word));
      return Math.log(1 + (docs - df + 0.5) / (df + 0.5));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String why(TableInfo t, Set<String> words, List<ColumnHit> columns,
      List<GlossaryMatcher.Match> glossaryMatches, boolean keyword, boolean vector,
      @Nullable QualifiedName propagatedFrom, @Nullable List<QualifiedName> links,
      @Nullable QualifiedName referencedBy) {
    List<String> parts = new ArrayList<>();
    List<String> nameWords = new ArrayList<>();
    for (String w : new LinkedHashSet<>(Words.name(t.id().name()))) {
      if (words.contains(w)) {
        nameWords.add(w);
      }
    }
    if (!nameWords.isEmpty()) {
      parts.add("name matches " + String.join(", ", nameWords));
    }
    if (!columns.isEmpty()) {
      parts.add("columns " + String.join(", ",
          columns.stream().limit(3).map(ColumnHit::name).toList()));
    }
    for (GlossaryMatcher.Match m : glossaryMatches) {
      if (m.entry().targets(t.id())) {
        parts.add("glossary '" + m.term() + "'");
        break;
      }
    }
    if (t.comment() != null && keyword && parts.isEmpty()) {
      parts.add("comment matches");
    }
    if (vector && parts.isEmpty()) {
      parts.add("similar meaning");
    }
    if (propagatedFrom != null) {
      parts.add("joins " + propagatedFrom.name());
    }
    if (links != null) {
      parts.add("links " + links.get(0).name() + " and " + links.get(1).name());
    }
    if (referencedBy != null) {
      parts.add("referenced by " + referencedBy.name());
    }
    if (parts.isEmpty()) {
      parts.add(keyword ? "database or context matches" : "related");
    }
    return String.join("; ", parts);
  }
}
