package dev.snowchat.schemaindex;

import java.util.ArrayList;
import java.util.List;

/**
 * Turns text into a fixed-size vector for semantic search. Vectors of similar texts have a high
 * cosine similarity. Implementations are thread-safe; create them through {@link
 * EmbeddingProviders#create(String, java.util.Map)}.
 */
public interface EmbeddingProvider extends AutoCloseable {
  /** {@return the provider name, as its factory declares it} */
  String name();

  /**
   * {@return what identifies this provider's vectors}: two providers with the same id return the
   * same vector for the same text, so vector caches and snapshots are keyed by it (the model
   * name and version, or a local model file's size and time, plus the settings that change
   * vectors). The default is the name and the dimension; providers with settings override it.
   */
  default String modelId() {
    return name() + ":" + dimension();
  }

  /** {@return the number of dimensions of every vector this provider returns} */
  int dimension();

  /**
   * Embeds one text.
   *
   * @param text the text
   * @return a vector of {@link #dimension()} floats, L2-normalized (all zeros for text with no
   *     usable content)
   * @throws dev.snowchat.sqlgate.SnowchatException {@link IndexErrorCode#EMBEDDINGS_FAILED} when
   *     the model fails
   */
  float[] embed(String text);

  /**
   * Embeds a search query. Models trained for retrieval embed short queries differently from
   * the passages they search (BGE models prefix an instruction to queries, E5 models use
   * {@code query:} and {@code passage:}); the search engine calls this for the user's question
   * and {@link #embed}/{@link #embedAll} for the catalog's texts. The default delegates to
   * {@link #embed}.
   *
   * @param query the query text
   * @return a vector of {@link #dimension()} floats, L2-normalized (all zeros for text with no
   *     usable content)
   * @throws dev.snowchat.sqlgate.SnowchatException {@link IndexErrorCode#EMBEDDINGS_FAILED} when
   *     the model fails
   */
  default float[] embedQuery(String query) {
    return embed(query);
  }

  /**
   * Embeds several texts. A provider may override this to go faster, but each vector must be
   * the one {@link #embed} gives its text: vectors are cached and shipped by text, so a vector
   * that depended on the texts embedded beside it would make answers depend on how an index was
   * built.
   *
   * @param texts the texts
   * @return one vector per text, in order
   * @throws dev.snowchat.sqlgate.SnowchatException {@link IndexErrorCode#EMBEDDINGS_FAILED} when
   *     the model fails
   */
  default List<float[]> embedAll(List<String> texts) {
    List<float[]> out = new ArrayList<>(texts.size());
    for (String t : texts) {
      out.add(embed(t));
    }
    return out;
  }

  /** Releases native resources; the default does nothing. */
  @Override
  default void close() {}
}
