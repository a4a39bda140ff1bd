/**
 * Snowchat schema index: catalog sources, hybrid search, join graph, glossary and lifecycle.
 *
 * <p>The entry point is {@code dev.snowchat.schemaindex.SchemaIndex}.
 */
module dev.snowchat.schemaindex {
  requires transitive dev.snowchat.sqlgate;
  requires org.apache.lucene.core;
  requires org.jgrapht.core;
  requires tools.jackson.databind;
  requires org.slf4j;
  requires static org.jspecify;

  exports dev.snowchat.schemaindex;
}
