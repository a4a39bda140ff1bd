package dev.snowchat.mcp.internal.lookup;

import static java.util.Objects.requireNonNull;

import java.util.NoSuchElementException;
import org.jspecify.annotations.Nullable;

/**
 * What a {@link SchemaLookup} says to a question: {@link Found}, the answer, or {@link
 * Unavailable}, that it cannot answer now (the index is not loaded, or does not hold what was
 * asked), so the {@link LookupRouter} asks the live lookup. The live lookups always answer; a
 * question that has no answer (a table that does not exist) is a tool error they throw.
 *
 * @param <T> the answer's type
 */
public sealed interface Answer<T> permits Answer.Found, Answer.Unavailable {

  /**
   * {@return an answer}
   *
   * @param value the answer
   * @param <T> its type
   */
  static <T> Answer<T> of(T value) {
    return new Found<>(value, null);
  }

  /**
   * {@return an answer with a note on how it was found}
   *
   * @param value the answer
   * @param how e.g. the index's search mode, {@code keyword}
   * @param <T> its type
   */
  static <T> Answer<T> of(T value, String how) {
    return new Found<>(value, requireNonNull(how, "how is null"));
  }

  /**
   * {@return the answer of a lookup that cannot answer now}
   *
   * @param reason why, for logs and tests
   * @param <T> the answer's type
   */
  static <T> Answer<T> unavailable(String reason) {
    return new Unavailable<>(reason);
  }

  /**
   * {@return the answer}
   *
   * @throws NoSuchElementException when the lookup could not answer
   */
  default T orElseThrow() {
    return switch (this) {
      case Found<T> f -> f.value();
      case Unavailable<T> u -> throw new NoSuchElementException("no answer: " + u.reason());
    };
  }

  /**
   * The lookup's answer.
   *
   * @param value the answer
   * @param how how it was found when that is worth saying (the index's search mode, e.g. {@code
   *     keyword_while_embedding} while its model embeds the catalog), else null
   * @param <T> its type
   */
  record Found<T>(T value, @Nullable String how) implements Answer<T> {
    /** Validates the field. */
    public Found {
      requireNonNull(value, "value is null");
    }
  }

  /**
   * The lookup cannot answer now; another may.
   *
   * @param reason why, e.g. {@code the index is not loaded}
   * @param <T> the answer's type
   */
  record Unavailable<T>(String reason) implements Answer<T> {
    /** Validates the field. */
    public Unavailable {
      requireNonNull(reason, "reason is null");
    }
  }
}
