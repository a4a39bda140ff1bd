package dev.snowchat.schemaindex.internal.eval;

import dev.snowchat.schemaindex.Catalog;
import dev.snowchat.schemaindex.ColumnInfo;
import dev.snowchat.schemaindex.TableInfo;
import dev.snowchat.schemaindex.internal.eval.Evaluate.Question;
import dev.snowchat.schemaindex.internal.search.Words;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * How much word evidence the schema gives for the questions routed to the wrong database: an
 * estimate of what schema-only routing can still gain, printed by the evaluation.
 *
 * <p>For each question whose first hit lies in another database than its gold tables, it
 * compares the question's search words ({@link Words#query}) with the two databases' schema
 * vocabularies (every table and column name, {@link Words#name}, so run-together names are
 * split as the index splits them). A question is <em>favourable</em> when some of its words are
 * in the gold database's names only and none in the first database's names only: a word ranker
 * could still route it right. The others hold no such word, or words for both sides. If every
 * favourable question were fixed (its first gold table first, all its gold tables in the top k),
 * MRR and recall@k would reach at most {@link Figures#mrrCeiling} and {@link
 * Figures#recallCeiling}; if, besides, every question routed right had its first gold table
 * first and all its gold tables in the top k, at most {@link Figures#fullMrrCeiling} and {@link
 * Figures#fullRecallCeiling}. Synonyms and a sentence model's similarity can route beyond these
 * words, so these are estimates, not bounds: they show how much of the gap the schema's own
 * words explain.
 */
final class RoutingEvidence {
  private RoutingEvidence() {}

  /**
   * The figures.
   *
   * @param questions how many questions
   * @param wrongDb how many have a first hit outside their database
   * @param noWord of those, how many hold no word that only the gold database's names hold
   * @param favourable of those, how many hold a word only the gold database's names hold and
   *     none only the first database's names hold
   * @param mrrCeiling MRR with every favourable question's first gold table first
   * @param k the recall cut-off of {@code recallCeiling}
   * @param recallCeiling recall@k (all gold) with every favourable question a hit
   * @param fullMrrCeiling MRR with every favourable question and every question routed right
   *     ranking its first gold table first
   * @param fullRecallCeiling recall@k with every favourable question and every question routed
   *     right a hit
   */
  record Figures(int questions, int wrongDb, int noWord, int favourable, double mrrCeiling,
      int k, double recallCeiling, double fullMrrCeiling, double fullRecallCeiling) {
    String format() {
      return String.format(Locale.ROOT, "routing evidence: wrong database first %d of %d;"
          + " %d of them hold no question word that only the gold database's names hold;"
          + " %d hold such words and none for the first database; all %d fixed would give"
          + " MRR <= %.3f, R@%d <= %.3f; with every question routed right also perfect,"
          + " MRR <= %.3f, R@%d <= %.3f", wrongDb, questions, noWord, favourable, favourable,
          mrrCeiling, k, recallCeiling, fullMrrCeiling, k, fullRecallCeiling);
    }
  }

  /**
   * Computes the figures.
   *
   * @param catalog the catalog searched
   * @param questions the questions, with gold tables
   * @param ranked each question's ranking ({@code DB.TABLE}, best first)
   * @param k the recall cut-off
   * @return the figures
   */
  static Figures of(Catalog catalog, List<Question> questions, List<List<String>> ranked, int k) {
    Map<String, Set<String>> vocabulary = new HashMap<>();
    for (TableInfo t : catalog.tables()) {
      Set<String> words = vocabulary.computeIfAbsent(
          t.id().database().toUpperCase(Locale.ROOT), d -> new HashSet<>());
      words.addAll(Words.name(t.id().name()));
      for (ColumnInfo c : t.columns()) {
        words.addAll(Words.name(c.name()));
      }
    }
    int wrongDb = 0;
    int noWord = 0;
    int favourable = 0;
    double rr = 0;
    int hits = 0;
    double fullRr = 0;
    int fullHits = 0;
    for (int i = 0; i < questions.size(); i++) {
      Question q = questions.get(i);
      String db = q.database().toUpperCase(Locale.ROOT);
      Set<String> gold = new LinkedHashSet<>();
      for (String g : q.gold()) {
        gold.add((db + "." + g).toUpperCase(Locale.ROOT));
      }
      List<String> r = ranked.get(i).stream().map(s -> s.toUpperCase(Locale.ROOT)).toList();
      double qrr = 0;
      for (int j = 0; j < r.size(); j++) {
        if (gold.contains(r.get(j))) {
          qrr = 1.0 / (j + 1);
          break;
        }
      }
      boolean hit = r.subList(0, Math.min(k, r.size())).containsAll(gold);
      String first = r.isEmpty() ? "" : r.getFirst().substring(0, r.getFirst().indexOf('.'));
      if (!r.isEmpty() && !first.equals(db)) {
        wrongDb++;
        Set<String> words = new HashSet<>(Words.query(q.text()));
        Set<String> goldWords = vocabulary.getOrDefault(db, Set.of());
        Set<String> firstWords = vocabulary.getOrDefault(first, Set.of());
        boolean forGold = words.stream()
            .anyMatch(w -> goldWords.contains(w) && !firstWords.contains(w));
        boolean forFirst = words.stream()
            .anyMatch(w -> firstWords.contains(w) && !goldWords.contains(w));
        if (!forGold) {
          noWord++;
        } else if (!forFirst) {
          favourable++;
          qrr = 1;
          hit = true;
        }
      }
      rr += qrr;
      hits += hit ? 1 : 0;
      boolean routedRight = !r.isEmpty() && first.equals(db);
      fullRr += routedRight ? 1 : qrr;
      fullHits += routedRight || hit ? 1 : 0;
    }
    int n = Math.max(1, questions.size());
    return new Figures(questions.size(), wrongDb, noWord, favourable, rr / n, k,
        (double) hits / n, fullRr / n, (double) fullHits / n);
  }
}
