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
  requires static ai.djl.api;
  requires static ai.djl.tokenizers;

  exports dev.snowchat.schemaindex;

  // DriverDataSource finds JDBC drivers as services.
  uses java.sql.Driver;
  uses dev.snowchat.schemaindex.EmbeddingProviderFactory;
  uses dev.snowchat.schemaindex.CatalogSourceFactory;

  provides dev.snowchat.schemaindex.CatalogSourceFactory with
      dev.snowchat.schemaindex.internal.source.SnowflakeSourceFactory,
      dev.snowchat.schemaindex.internal.source.JdbcSourceFactory,
      dev.snowchat.schemaindex.internal.source.SnapshotSourceFactory;

  provides dev.snowchat.schemaindex.EmbeddingProviderFactory with
      dev.snowchat.schemaindex.internal.embed.HashingEmbeddingProviderFactory,
      dev.snowchat.schemaindex.internal.embed.DjlEmbeddingProviderFactory,
      dev.snowchat.schemaindex.internal.embed.BgeSmallFactory,
      dev.snowchat.schemaindex.internal.embed.BgeSmallFp32Factory;
}
