package dev.snowchat.schemaindex.internal.search;

import dev.snowchat.schemaindex.ColumnInfo;
import dev.snowchat.schemaindex.TableInfo;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Ranking stage: column phrases. A question that names a column by all its words ("host
 * response rate", "nights booked per listing") points at the table that has it more surely than
 * any one shared word: a table one of whose columns has two or more search words, all in the
 * question and not all from the table's own name, gains {@link Tuning#columnPhrase()} times the
 * best fused score (once, however many columns match). Rankings by sums of single words (BM25,
 * fusion) and by whole-text similarity (vectors) both miss that the words come together.
 *
 * @param tuning the weights
 */
record ColumnPhrase(Tuning tuning) {
  /**
   * Words that name an aggregate ({@code avg} reads as {@code average}); like {@code total} and
   * {@code count}, which are stop words, they never make a column a phrase.
   */
  static final Set<String> AGGREGATES = Set.of("average", "mean", "median", "sum", "max", "min",
      "maximum", "minimum");

  void apply(QueryContext q) {
    if (tuning.columnPhrase() <= 0 || q.scores.isEmpty() || q.words.size() < 2) {
      return;
    }
    Set<String> query = new HashSet<>(q.words);
    double max = Fusion.max(q.scores);
    double boost = tuning.columnPhrase() * max;
    for (Map.Entry<String, Double> e : q.scores.entrySet()) {
      TableInfo t = q.candidates.get(e.getKey());
      if (t != null && hasPhrase(q.catalog.phrases(t), query)) {
        e.setValue(e.getValue() + boost);
      }
    }
  }

  /** {@return whether one of the table's columns is a phrase of the query} */
  static boolean hasPhrase(TableInfo t, Set<String> query) {
    return hasPhrase(phrases(t), query);
  }

  static boolean hasPhrase(List<Set<String>> phrases, Set<String> query) {
    for (Set<String> p : phrases) {
      if (query.containsAll(p)) {
        return true;
      }
    }
    return false;
  }

  /**
   * {@return the table's column phrases: the search words (stop words and aggregate words left
   * out) of each column that has two or more of them, one at least not a word of the table's own
   * name} A question's "average rating per month" asks SQL to average a rating; a column named
   * {@code AVG_RATING} holds an average some view computed at its own grain (per host), so the
   * aggregate word is no evidence that the question names that column.
   */
  static List<Set<String>> phrases(TableInfo t) {
    Set<String> name = new HashSet<>(Words.name(t.id().name()));
    List<Set<String>> out = new ArrayList<>();
    for (ColumnInfo c : t.columns()) {
      Set<String> words = new HashSet<>();
      boolean beyondName = false;
      for (String w : Words.nameWords(c.name())) {
        if (!Words.isStop(w) && !AGGREGATES.contains(w)) {
          words.add(w);
          beyondName |= !name.contains(w);
        }
      }
      if (words.size() >= 2 && beyondName) {
        out.add(Set.copyOf(words));
      }
    }
    return List.copyOf(out);
  }
}
