package dev.snowchat.mcp.internal.lookup;

import static java.util.Objects.requireNonNull;

import dev.snowchat.mcp.ToolErrorCode;
import dev.snowchat.schemaindex.QualifiedName;
import dev.snowchat.sqlgate.SnowchatException;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * Sends each discovery call to the schema index when it is loaded and can answer, and to the
 * live lookup otherwise; says which one answered.
 */
public final class LookupRouter {
  private final SchemaLookup live;
  private final @Nullable SchemaLookup index;
  private final Supplier<String> indexState;

  /**
   * Creates a router.
   *
   * @param live the live lookup (always answers)
   * @param index the index-backed lookup, or null when no index is configured
   * @param indexState describes the index's state for get_connection_info
   */
  public LookupRouter(SchemaLookup live, @Nullable SchemaLookup index,
      Supplier<String> indexState) {
    this.live = requireNonNull(live, "live is null");
    this.index = index;
    this.indexState = requireNonNull(indexState, "indexState is null");
  }

  /**
   * An answer and the lookup that gave it.
   *
   * @param value the answer
   * @param source {@code index} or {@code live}
   * @param how how the lookup found it when it says so (the index's search mode: {@code
   *     hybrid}, {@code hybrid_lexical} (hybrid with the hashing provider's lexical vectors),
   *     {@code keyword}, {@code keyword_while_embedding}), else null
   * @param <T> the answer type
   */
  public record Sourced<T>(T value, String source, @Nullable String how) {
    /**
     * An answer without a note on how it was found.
     *
     * @param value the answer
     * @param source {@code index} or {@code live}
     */
    public Sourced(T value, String source) {
      this(value, source, null);
    }
  }

  /**
   * Asks the index first, then the live lookup.
   *
   * @param call the question
   * @param <T> the answer type
   * @return the answer
   * @throws SnowchatException when the live lookup cannot answer either ({@link
   *     ToolErrorCode#INTERNAL}), or the question fails
   */
  public <T> Sourced<T> ask(Function<SchemaLookup, Answer<T>> call) {
    if (index != null && call.apply(index) instanceof Answer.Found<T> found) {
      return new Sourced<>(found.value(), "index", found.how());
    }
    return switch (call.apply(live)) {
      case Answer.Found<T> found -> new Sourced<>(found.value(), "live", found.how());
      case Answer.Unavailable<T> none -> throw new SnowchatException(ToolErrorCode.INTERNAL,
          "The live lookup gave no answer: " + none.reason() + ".");
    };
  }

  /**
   * Resolves a name a caller wrote to a table's exact name. A name that matches no table is a
   * {@link ToolErrorCode#TABLE_NOT_FOUND} error suggesting the closest known names, where the
   * lookup that answers can list them.
   *
   * @param ref the name
   * @return the table's name
   * @throws SnowchatException when the table is not found, or the lookup fails
   */
  public QualifiedName resolve(TableRef ref) {
    try {
      return ask(l -> l.resolve(ref)).value();
    } catch (SnowchatException e) {
      if (e.code() != ToolErrorCode.TABLE_NOT_FOUND) {
        throw e;
      }
      List<QualifiedName> near;
      try {
        near = NearMiss.suggest(ref, ask(SchemaLookup::tableNames).value());
      } catch (RuntimeException noNames) {
        throw e; // suggestions are a courtesy; the lookup cannot list names here
      }
      if (near.isEmpty()) {
        throw e;
      }
      throw Lookups.tableNotFound(ref.toString(), NearMiss.sentence(near));
    }
  }

  /** {@return the index state, e.g. {@code not configured}, {@code loading}, {@code ready}} */
  public String indexState() {
    return indexState.get();
  }

  /** {@return true when an index is configured} */
  public boolean hasIndex() {
    return index != null;
  }
}
