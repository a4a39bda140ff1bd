package dev.snowchat.agent;

import static java.util.Objects.requireNonNull;

import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * A scope guard that works offline, from words. A question with a data, schema or SQL word
 * ("table", "rows", "average", "join", "select" ...) is allowed; a question with a clearly
 * off-topic word (sports, weather, news, politics, recipes, jokes and poems) and no data word is
 * refused; anything else is allowed (it cannot tell, so it lets the model decide, which follows
 * the reference's system-prompt scope rule). Follow-ups ("and the next 5?") therefore pass; a
 * follow-up in a conversation is allowed even when it names an off-topic word, as long as it
 * is short and the last answer was about data.
 */
public final class HeuristicScopeGuard implements ScopeGuard {
  /** The canned reply to an off-topic question. */
  public static final String DEFAULT_REPLY = "I can only help with questions about your data:"
      + " which tables hold something, what a table contains, sample rows, how tables join, and"
      + " questions answered with SQL. Try asking about your tables.";

  /** The words that mark a question about data, schemas or SQL. */
  public static final Set<String> DATA_WORDS = Set.of("table", "tables", "column", "columns",
      "schema", "schemas", "database", "databases", "warehouse", "sql", "query", "queries",
      "select", "join", "joins", "joined", "row", "rows", "count", "sum", "avg", "average",
      "median", "describe", "preview", "sample", "data", "dataset", "datasets", "metric",
      "metrics", "kpi", "revenue", "distribution", "field", "fields", "null", "nulls",
      "distinct", "duplicates", "foreign key", "primary key", "group by", "order by", "dim",
      "fact", "snapshot");

  /** The words that mark a clearly off-topic question. */
  public static final Set<String> OFF_TOPIC_WORDS = Set.of("weather", "forecast", "rain",
      "sunny", "nba", "nfl", "nhl", "mlb", "football", "soccer", "basketball", "baseball",
      "tennis", "golf", "cricket", "sports", "sport", "playoffs", "championship", "news",
      "headline", "headlines", "election", "elections", "president", "politics", "political",
      "recipe", "recipes", "cook", "cooking", "bake", "baking", "ingredients", "joke", "jokes",
      "poem", "poems", "poetry", "song", "songs", "lyrics", "movie", "movies", "celebrity",
      "horoscope", "astrology", "lottery", "dating");

  private static final Pattern WORD = Pattern.compile("[a-z0-9_]+");
  private static final int FOLLOW_UP_MAX_WORDS = 8;

  private final Set<String> dataWords;
  private final Set<String> offTopicWords;
  private final String reply;

  private HeuristicScopeGuard(Set<String> dataWords, Set<String> offTopicWords, String reply) {
    this.dataWords = Set.copyOf(dataWords);
    this.offTopicWords = Set.copyOf(offTopicWords);
    this.reply = reply;
  }

  /** {@return a guard with the default words and reply} */
  public static HeuristicScopeGuard create() {
    return builder().build();
  }

  /** {@return a builder to add domain words (e.g. your table names) or change the reply} */
  public static Builder builder() {
    return new Builder();
  }

  @Override
  public ScopeDecision check(String prompt, List<Message> history) {
    List<String> words = words(prompt);
    if (containsAny(words, dataWords)) {
      return ScopeDecision.allow();
    }
    String offTopic = firstOf(words, offTopicWords);
    if (offTopic == null) {
      return ScopeDecision.allow();
    }
    if (words.size() <= FOLLOW_UP_MAX_WORDS && lastAnswerWasData(history)) {
      return ScopeDecision.allow(); // "and the weather column?" after a data answer
    }
    return ScopeDecision.refuse("off-topic: " + offTopic, reply);
  }

  private boolean lastAnswerWasData(List<Message> history) {
    for (int i = history.size() - 1; i >= 0; i--) {
      Message m = history.get(i);
      if (m.role() == Role.USER && !m.hasToolResults()) {
        return containsAny(words(m.text()), dataWords);
      }
    }
    return false;
  }

  private static List<String> words(String text) {
    String lower = text.toLowerCase(Locale.ROOT);
    List<String> out = new java.util.ArrayList<>();
    Matcher m = WORD.matcher(lower);
    String prev = null;
    while (m.find()) {
      String w = m.group();
      out.add(w);
      if (prev != null) {
        out.add(prev + " " + w);
      }
      prev = w;
    }
    return out;
  }

  private static boolean containsAny(List<String> words, Set<String> set) {
    return firstOf(words, set) != null;
  }

  private static @Nullable String firstOf(List<String> words, Set<String> set) {
    for (String w : words) {
      if (set.contains(w)) {
        return w;
      }
    }
    return null;
  }

  /** Builds a {@link HeuristicScopeGuard}. */
  public static final class Builder {
    private final Set<String> dataWords = new HashSet<>(DATA_WORDS);
    private final Set<String> offTopicWords = new HashSet<>(OFF_TOPIC_WORDS);
    private @Nullable String reply;

    private Builder() {}

    /**
     * Adds words that mark a question as about data (e.g. table and business names).
     *
     * @param words lower-case words or two-word phrases
     * @return this builder
     */
    public Builder dataWords(Set<String> words) {
      for (String w : words) {
        dataWords.add(w.toLowerCase(Locale.ROOT));
      }
      return this;
    }

    /**
     * Adds words that mark a question as off-topic.
     *
     * @param words lower-case words or two-word phrases
     * @return this builder
     */
    public Builder offTopicWords(Set<String> words) {
      for (String w : words) {
        offTopicWords.add(w.toLowerCase(Locale.ROOT));
      }
      return this;
    }

    /**
     * Sets the reply to off-topic questions (default {@link #DEFAULT_REPLY}).
     *
     * @param reply the reply
     * @return this builder
     * @throws IllegalArgumentException for a blank reply
     * @throws IllegalStateException when already set
     */
    public Builder reply(String reply) {
      requireNonNull(reply, "reply is null");
      if (this.reply != null) {
        throw new IllegalStateException("reply was already set to " + this.reply);
      }
      if (reply.isBlank()) {
        throw new IllegalArgumentException("reply is blank");
      }
      this.reply = reply;
      return this;
    }

    /** {@return the guard} */
    public HeuristicScopeGuard build() {
      return new HeuristicScopeGuard(dataWords, offTopicWords,
          reply == null ? DEFAULT_REPLY : reply);
    }
  }
}
