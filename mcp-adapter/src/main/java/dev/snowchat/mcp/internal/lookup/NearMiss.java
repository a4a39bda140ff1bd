package dev.snowchat.mcp.internal.lookup;

import dev.snowchat.schemaindex.QualifiedName;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Suggests known tables for a name that matched none ("Did you mean ...?"): a small edit
 * distance on the table name (case, underscores and a plural {@code s} ignored), or the same
 * words in another order or with one missing. Database and schema, when given, rank matches in
 * them first.
 */
final class NearMiss {
  static final int MAX_SUGGESTIONS = 3;

  private NearMiss() {}

  /**
   * Picks the closest known tables.
   *
   * @param ref the name that was not found
   * @param known the tables the caller may see
   * @return up to three names, closest first; empty when nothing is close
   */
  static List<QualifiedName> suggest(TableRef ref, Collection<QualifiedName> known) {
    String want = squash(ref.table());
    Set<String> wantWords = words(ref.table());
    record Scored(QualifiedName name, int score) {}
    List<Scored> hits = new ArrayList<>();
    for (QualifiedName q : known) {
      String have = squash(q.name());
      int d = distance(want, have);
      int allowed = Math.max(1, Math.min(3, want.length() / 4));
      int score;
      if (d <= allowed) {
        score = d * 2;
      } else {
        Set<String> haveWords = words(q.name());
        Set<String> common = new HashSet<>(wantWords);
        common.retainAll(haveWords);
        if (common.isEmpty() || common.size() < Math.max(wantWords.size(), haveWords.size()) - 1
            || common.size() * 2 < wantWords.size() + 1) {
          continue;
        }
        score = 10 + (haveWords.size() - common.size()) + (wantWords.size() - common.size());
      }
      if (ref.schema() != null && !q.schema().equalsIgnoreCase(ref.schema())) {
        score += 1;
      }
      if (ref.database() != null && !q.database().equalsIgnoreCase(ref.database())) {
        score += 1;
      }
      hits.add(new Scored(q, score));
    }
    hits.sort(Comparator.comparingInt(Scored::score).thenComparing(Scored::name));
    return hits.stream().limit(MAX_SUGGESTIONS).map(Scored::name).toList();
  }

  /** Lower case, letters and digits only, a trailing plural {@code s} dropped per word. */
  static String squash(String name) {
    StringBuilder sb = new StringBuilder();
    for (String w : words(name)) {
      sb.append(w);
    }
    return sb.toString();
  }

  static Set<String> words(String name) {
    Set<String> out = new java.util.LinkedHashSet<>();
    for (String w : name.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")) {
      if (!w.isEmpty()) {
        out.add(w.length() > 3 && w.endsWith("s") ? w.substring(0, w.length() - 1) : w);
      }
    }
    return out;
  }

  /** Levenshtein distance. */
  static int distance(String a, String b) {
    int[] prev = new int[b.length() + 1];
    int[] cur = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      prev[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      cur[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int sub = prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        cur[j] = Math.min(sub, Math.min(prev[j] + 1, cur[j - 1] + 1));
      }
      int[] t = prev;
      prev = cur;
      cur = t;
    }
    return prev[b.length()];
  }

  /**
   * The sentence to append to a not-found message.
   *
   * @param names the suggestions
   * @return {@code " Did you mean A?"}, or empty text for none
   */
  static String sentence(@Nullable List<QualifiedName> names) {
    if (names == null || names.isEmpty()) {
      return "";
    }
    List<String> s = names.stream().map(QualifiedName::toString).toList();
    return " Did you mean " + (s.size() == 1 ? s.get(0)
        : String.join(", ", s.subList(0, s.size() - 1)) + " or " + s.get(s.size() - 1)) + "?";
  }
}
