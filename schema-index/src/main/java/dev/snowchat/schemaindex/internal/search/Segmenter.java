package dev.snowchat.schemaindex.internal.search;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Splits run-together identifier words into English words: {@code salesorderheader} gives
 * {@code sales order header}. Snowflake folds unquoted identifiers to upper case, so a table
 * created as {@code SalesOrderHeader} is listed as {@code SALESORDERHEADER} and its CamelCase
 * humps are gone; without them its name matches no question word.
 *
 * <p>The words come from {@code english-words.txt} (the whole words of the BERT uncased WordPiece
 * vocabulary, in its order, which follows frequency; made by {@code schema-index/english-words.py})
 * and {@code data-words.txt} (words of data models that list lacks, such as {@code invoice} and
 * {@code login}). A word is split only when it is at least {@value #MIN_LENGTH} letters long, is
 * not itself a known word (nor one with a plural, past, gerund, comparative or adverb ending), and
 * splits wholly into known words of three or more letters (three-letter ones only when common),
 * abbreviations that {@link Words} expands ({@code qty}), or a few two-letter words such as
 * {@code of} and {@code id} (not where they would start or end it wrongly), with no ending such as
 * {@code ness} standing as a word. Of all such splits the one whose words are most frequent wins
 * (a word costs the logarithm of its rank, as Zipf's law suggests). Anything else is kept as it
 * is. Questions are never split: they are prose, and a name such as {@code Castellaneta} would
 * split into noise. Thread-safe; the lists are read once.
 */
final class Segmenter {
  /** Shorter words are abbreviations more often than compounds ({@code cbsa}, {@code acctbal}). */
  static final int MIN_LENGTH = 6;

  /** The two-letter words a split may contain. */
  private static final Set<String> SHORT = Set.of("of", "on", "by", "id", "up", "to", "at", "in",
      "no", "is", "ip");

  /** Two-letter words that do not start an identifier ({@code inpatient} is no "in patient"). */
  private static final Set<String> NOT_FIRST = Set.of("of", "on", "by", "up", "to", "at", "in");

  /** Two-letter words that do not end one ({@code albumin} is no "album in"). */
  private static final Set<String> NOT_LAST = Set.of("of", "in", "no", "is", "ip");

  /**
   * Three-letter words split off only when this common (by rank): rare ones are mostly pieces of
   * longer words ({@code bro mine}, {@code lac tate}).
   */
  private static final int MAX_SHORT_RANK = 8_000;

  /** The rank an abbreviation of {@link Words} ({@code qty}, {@code amt}) counts as. */
  private static final int ABBREVIATION_RANK = 5_000;

  /** Three-letter words common in identifiers though rarer in prose. */
  private static final Set<String> IDENTIFIER_SHORT = Set.of("zip", "geo", "gov", "bio", "sku");

  /** Endings a known word may carry and stay known ({@code discounts}, {@code fewest}). */
  private static final String[] ENDINGS = {"s", "es", "ies", "ed", "d", "ing", "er", "ers", "est",
      "ly"};

  /** Word pieces that are endings, not words: a split with one of them is a wrong split. */
  private static final Set<String> SUFFIXES = Set.of("ness", "ings", "ist", "ists", "ile", "pers",
      "ers", "able", "ment", "ments", "tion", "tions", "ion", "ions", "less", "ity", "ism", "est",
      "ling", "ward", "ship");

  private static final int MAX_WORD = 24;

  private Segmenter() {}

  /** The word list, by rank; loaded on first use. */
  private static final class Dictionary {
    static final Map<String, Integer> RANK;
    /** How many words the BERT list holds; the data words after them rank from there. */
    static final int BERT_SIZE;
    static final double LOG_SIZE;

    static {
      Map<String, Integer> rank = new HashMap<>(32_768);
      read("english-words.txt", rank);
      BERT_SIZE = rank.size();
      read("data-words.txt", rank);
      RANK = Map.copyOf(rank);
      LOG_SIZE = Math.log(Math.max(2, RANK.size()));
    }

    private static void read(String resource, Map<String, Integer> rank) {
      try (InputStream in = Segmenter.class.getResourceAsStream(resource)) {
        if (in == null) {
          throw new IllegalStateException(resource + " is missing from schema-index");
        }
        BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        for (String line; (line = r.readLine()) != null; ) {
          String w = line.strip();
          if (!w.isEmpty() && w.charAt(0) != '#') {
            rank.putIfAbsent(w, rank.size());
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  /**
   * {@return the English words a run-together lower-case word splits into, or null when it is
   * kept as it is}
   *
   * @param word one lower-case word of an identifier (as {@link Words#split} gives it)
   */
  static @Nullable List<String> split(String word) {
    int n = word.length();
    if (n < MIN_LENGTH || n > 64 || !isLetters(word) || known(word)) {
      return null;
    }
    double[] best = new double[n + 1];
    int[] from = new int[n + 1];
    Arrays.fill(best, Double.POSITIVE_INFINITY);
    best[0] = 0;
    for (int end = 1; end <= n; end++) {
      for (int start = Math.max(0, end - MAX_WORD); start < end; start++) {
        if (best[start] == Double.POSITIVE_INFINITY) {
          continue;
        }
        double c = cost(word, start, end);
        if (best[start] + c < best[end]) {
          best[end] = best[start] + c;
          from[end] = start;
        }
      }
    }
    if (best[n] == Double.POSITIVE_INFINITY) {
      return null;
    }
    List<String> out = new ArrayList<>();
    for (int end = n; end > 0; end = from[end]) {
      out.addFirst(word.substring(from[end], end));
    }
    if (out.size() < 2) {
      return null;
    }
    for (int i = 1; i < out.size(); i++) {
      if (SUFFIXES.contains(out.get(i))) {
        return null;
      }
    }
    return out;
  }

  /** The cost of {@code word[start, end)} as one word of a split: infinite when not a word. */
  private static double cost(String word, int start, int end) {
    int len = end - start;
    if (len < 2) {
      return Double.POSITIVE_INFINITY;
    }
    String piece = word.substring(start, end);
    if (len == 2 && (!SHORT.contains(piece) || (start == 0 && NOT_FIRST.contains(piece))
        || (end == word.length() && NOT_LAST.contains(piece)))) {
      return Double.POSITIVE_INFINITY;
    }
    if (piece.equals("id")) {
      return 0; // the most common word of identifiers
    }
    Integer rank = Dictionary.RANK.get(piece);
    if (rank == null && len >= 3 && Words.isAbbreviation(piece)) {
      rank = ABBREVIATION_RANK; // orderqty, taxamt
    }
    double extra = 0;
    if (rank == null && len > 3 && piece.endsWith("s")) {
      rank = Dictionary.RANK.get(piece.substring(0, len - 1));
      extra = 0.5;
    }
    if (rank == null || (len == 3 && rank >= MAX_SHORT_RANK && rank < Dictionary.BERT_SIZE
        && !IDENTIFIER_SHORT.contains(piece))) {
      return Double.POSITIVE_INFINITY;
    }
    return Math.log((rank + 1) * Dictionary.LOG_SIZE) + extra;
  }

  /** {@return whether a word, or its stem without a common ending, is in the list} */
  static boolean known(String word) {
    Map<String, Integer> rank = Dictionary.RANK;
    if (rank.containsKey(word)) {
      return true;
    }
    for (String e : ENDINGS) {
      int stem = word.length() - e.length();
      if (stem >= 3 && word.endsWith(e)) {
        String base = word.substring(0, stem);
        if (rank.containsKey(base) || rank.containsKey(base + "e")
            || (e.equals("ies") && rank.containsKey(base + "y"))) {
          return true;
        }
      }
    }
    return false;
  }

  private static boolean isLetters(String w) {
    for (int i = 0; i < w.length(); i++) {
      char c = w.charAt(i);
      if (c < 'a' || c > 'z') {
        return false;
      }
    }
    return true;
  }
}
