package dev.snowchat.schemaindex;

/**
 * How a search was served: whether the semantic half of the hybrid search took part. Reported
 * with every result ({@link SearchResult#mode()}) because keyword-only answers rank differently:
 * a caller that compares two answers, or caches one, knows whether they are comparable.
 */
public enum SearchMode {
  /** BM25 over names, comments and glossary terms, plus vectors of the configured model. */
  HYBRID,
  /**
   * Keyword search only, for now: the model is embedding the catalog in the background (the
   * first minutes of a large catalog with an empty vector cache); searches turn {@link #HYBRID}
   * once every vector is computed.
   */
  KEYWORD_WHILE_EMBEDDING,
  /** Keyword search only, by configuration (no embedding provider) or because the model failed. */
  KEYWORD
}
