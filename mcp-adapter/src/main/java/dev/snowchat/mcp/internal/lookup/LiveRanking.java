package dev.snowchat.mcp.internal.lookup;

import dev.snowchat.schemaindex.ColumnHit;
import dev.snowchat.schemaindex.JoinEdge;
import dev.snowchat.schemaindex.QualifiedName;
import dev.snowchat.schemaindex.SchemaLayer;
import dev.snowchat.schemaindex.SearchHit;
import dev.snowchat.schemaindex.TableKind;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * Ranks the tables of a live search (the index off, loading past its first-call window, or
 * failed), from the tables and columns the live lookup read. Not thread-safe; one per search.
 *
 * <ul>
 *   <li>Each query word counts once, where it matched best: a word of the table's name 3 (inside
 *       a name word 1.5), of its comment 1, of a column's name 1, of a column's comment 0.5. A
 *       plural and its singular are one word. So a table does not outrank its twin because it has
 *       more columns that repeat the same word ({@code HOST_ID}, {@code HOST_NAME}, ...).
 *   <li>Matching columns add a little (0.02 each, at most five), below the schema preference.
 *   <li>Schema preference ({@link SchemaLayer}, schema-index's classification): tables of
 *       modelled layers gain {@link #LAYER_BOOST} times the best score, as in the index.
 *   <li>The columns listed are those whose own name holds a query word: a column whose comment
 *       only repeats the table's subject ({@code CREATED_AT}, "When the listing was created") is
 *       not listed (at most ten, those matching the most words first).
 * </ul>
 */
final class LiveRanking {
  /**
   * What a preferred table gains, as a share of the best score of the search: schema-index's
   * default {@code layerBoost}, a tie-break that does not override a clearly better match.
   */
  static final double LAYER_BOOST = 0.08;

  private static final double NAME = 3;
  private static final double COMMENT = 1;
  private static final double COLUMN = 1;
  private static final double COLUMN_COMMENT = 0.5;
  private static final double PER_COLUMN = 0.02;
  private static final int COLUMNS_COUNTED = 5;
  /** Columns listed per hit at most, as the index lists. */
  private static final int MAX_COLUMN_HITS = 10;

  private final List<String> words;
  /** The query's words, a plural and its singular together. */
  private final List<Set<String>> terms;
  private final @Nullable List<String> preferred;
  private final Map<QualifiedName, Candidate> candidates = new LinkedHashMap<>();

  private static final class Candidate {
    TableKind kind = TableKind.TABLE;
    @Nullable String comment;
    double[] best;
    final Map<String, ColumnHit> columns = new LinkedHashMap<>();

    Candidate(int terms) {
      best = new double[terms];
    }
  }

  /**
   * A ranking for a query.
   *
   * @param words the query's words ({@link Lookups#searchWords})
   * @param preferred the preferred schemas, as {@code SearchRequest.preferredSchemas()}: null
   *     for modelled layers by name (the index's default), empty for none
   */
  LiveRanking(List<String> words, @Nullable List<String> preferred) {
    this.words = List.copyOf(words);
    this.preferred = preferred == null ? null : List.copyOf(preferred);
    List<Set<String>> t = new ArrayList<>();
    for (String w : words) {
      if (words.contains(w + "s")) {
        continue; // the singular Patterns.words added for a plural: one term with it
      }
      Set<String> forms = new LinkedHashSet<>();
      forms.add(w);
      forms.add(singular(w));
      t.add(forms);
    }
    this.terms = List.copyOf(t);
  }

  private static String singular(String w) {
    return w.length() > 3 && w.endsWith("s") ? w.substring(0, w.length() - 1) : w;
  }

  /** The words of a name or text, lower case, each with its singular. */
  private static Set<String> wordsOf(@Nullable String text) {
    Set<String> out = new HashSet<>();
    if (text == null) {
      return out;
    }
    for (String w : text.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")) {
      if (!w.isEmpty()) {
        out.add(w);
        out.add(singular(w));
      }
    }
    return out;
  }

  private static boolean any(Set<String> term, Set<String> words) {
    for (String f : term) {
      if (words.contains(f)) {
        return true;
      }
    }
    return false;
  }

  private Candidate candidate(QualifiedName id) {
    return candidates.computeIfAbsent(id, x -> new Candidate(terms.size()));
  }

  private static void raise(double[] best, int i, double s) {
    if (s > best[i]) {
      best[i] = s;
    }
  }

  /**
   * Adds a table (visible to the caller) with its name and comment.
   *
   * @param id the table
   * @param kind table or view
   * @param comment its comment, or null
   */
  void table(QualifiedName id, TableKind kind, @Nullable String comment) {
    Candidate c = candidate(id);
    c.kind = kind;
    c.comment = comment;
    Set<String> name = wordsOf(id.name());
    String lowerName = id.name().toLowerCase(Locale.ROOT);
    Set<String> text = wordsOf(comment);
    for (int i = 0; i < terms.size(); i++) {
      Set<String> term = terms.get(i);
      if (any(term, name)) {
        raise(c.best, i, NAME);
      } else if (lowerName.contains(term.iterator().next())) {
        raise(c.best, i, NAME / 2);
      }
      if (any(term, text)) {
        raise(c.best, i, COMMENT);
      }
    }
  }

  /**
   * Adds a column of a table added with {@link #table} (a column of another table is ignored).
   *
   * @param id the table
   * @param name the column name
   * @param type its type
   * @param comment its comment, or null
   */
  void column(QualifiedName id, String name, String type, @Nullable String comment) {
    Candidate c = candidates.get(id);
    if (c == null) {
      return;
    }
    Set<String> own = wordsOf(name);
    Set<String> text = wordsOf(comment);
    int matched = 0;
    for (int i = 0; i < terms.size(); i++) {
      Set<String> term = terms.get(i);
      if (any(term, own)) {
        raise(c.best, i, COLUMN);
        matched++;
      } else if (any(term, text)) {
        raise(c.best, i, COLUMN_COMMENT);
      }
    }
    if (matched > 0) {
      c.columns.putIfAbsent(name, new ColumnHit(name, type, matched));
    }
  }

  private double base(Candidate c) {
    double s = 0;
    for (double b : c.best) {
      s += b;
    }
    return s == 0 ? 0 : s + PER_COLUMN * Math.min(COLUMNS_COUNTED, c.columns.size());
  }

  /**
   * The best {@code k} tables that matched some word, best first (ties by name).
   *
   * @param k how many
   * @param neighbours the declared keys of a hit, asked for the hits only (by rank)
   * @return the hits
   */
  List<SearchHit> top(int k, Function<QualifiedName, List<JoinEdge>> neighbours) {
    Map<QualifiedName, Double> score = new LinkedHashMap<>();
    double max = 0;
    for (Map.Entry<QualifiedName, Candidate> e : candidates.entrySet()) {
      double s = base(e.getValue());
      if (s > 0) {
        score.put(e.getKey(), s);
        max = Math.max(max, s);
      }
    }
    if (preferred == null || !preferred.isEmpty()) {
      double boost = LAYER_BOOST * max;
      score.replaceAll((id, s) -> SchemaLayer.preferred(id, preferred) ? s + boost : s);
    }
    List<QualifiedName> ranked = new ArrayList<>(score.keySet());
    ranked.sort(Comparator.<QualifiedName>comparingDouble(q -> -score.get(q))
        .thenComparing(Comparator.naturalOrder()));
    List<SearchHit> out = new ArrayList<>();
    for (QualifiedName id : ranked.subList(0, Math.min(k, ranked.size()))) {
      Candidate c = candidates.get(id);
      List<ColumnHit> columns = new ArrayList<>(c.columns.values());
      columns.sort(Comparator.comparingDouble(ColumnHit::score).reversed());
      if (columns.size() > MAX_COLUMN_HITS) {
        columns = List.copyOf(columns.subList(0, MAX_COLUMN_HITS));
      }
      out.add(Lookups.liveHit(words, id, c.kind, score.get(id), c.comment, columns,
          neighbours.apply(id)));
    }
    return out;
  }
}
