package dev.snowchat.mcp.internal.lookup;

import dev.snowchat.mcp.internal.jdbc.Warehouse;
import dev.snowchat.schemaindex.CatalogSource;
import dev.snowchat.schemaindex.CatalogSources;
import dev.snowchat.schemaindex.EmbeddingProvider;
import dev.snowchat.schemaindex.EmbeddingProviders;
import dev.snowchat.schemaindex.Glossary;
import dev.snowchat.schemaindex.SchemaIndex;
import dev.snowchat.schemaindex.SourceOptions;
import dev.snowchat.sqlgate.Dialect;
import dev.snowchat.sqlgate.SnowchatException;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/** Creates the live lookup for a warehouse, and the router over it. */
public final class LiveLookups {
  private LiveLookups() {}

  /**
   * Creates the router for a warehouse without a schema index: every discovery call is live.
   *
   * @param w the warehouse
   * @return the router
   */
  public static LookupRouter router(Warehouse w) {
    return new LookupRouter(live(w), null,
        () -> "off (SNOWCHAT_SCHEMA_INDEX=off); discovery uses live queries");
  }

  /**
   * Creates the router with a schema index in front of the live lookup.
   *
   * @param w the warehouse
   * @param index the index (started by the caller)
   * @return the router
   */
  public static LookupRouter router(Warehouse w, SchemaIndex index) {
    EmbeddingProvider model = model(w.config().embeddings());
    // the hashing provider's vectors are lexical: its "hybrid" answers must not claim a model
    boolean lexical = model != null && EmbeddingProviders.DEFAULT.equals(model.name());
    return new LookupRouter(live(w), new IndexLookup(index, CatalogView.of(w),
        IndexLookup.FIRST_CALL_WAIT, lexical), () -> IndexLookup.describe(index));
  }

  /**
   * Builds the schema index over the warehouse's system pool, with the configured snapshot,
   * glossary and poll interval. The caller starts it.
   *
   * @param w the warehouse
   * @return the index, not started
   */
  public static SchemaIndex index(Warehouse w) {
    CatalogSource source = w.dialect() == Dialect.SNOWFLAKE
        ? CatalogSources.snowflake(w.systemDataSource(), SourceOptions.defaults())
        : CatalogSources.jdbc(w.systemDataSource(), SourceOptions.defaults());
    SchemaIndex.Builder b = SchemaIndex.builder().source(source)
        .pollInterval(w.config().pollInterval());
    Patterns filter = new Patterns(w.config().includePatterns(), w.config().excludePatterns());
    if (!filter.isOpen()) {
      // Tables out of scope never reach ranking, the join graph or join paths.
      b.scope(filter::showsTable);
    }
    EmbeddingProvider model = model(w.config().embeddings());
    if (model == null) {
      b.keywordOnly();
    } else {
      b.embeddings(model);
    }
    w.config().glossaryFile().ifPresent(f -> b.glossary(Glossary.read(f)));
    w.config().indexSnapshot().ifPresent(b::snapshot);
    return b.build();
  }


  /** Models loaded by this process, by setting: loaded once, kept for the process's life. */
  private static final Map<String, Optional<EmbeddingProvider>> MODELS = new HashMap<>();

  /**
   * {@return the embedding model a setting names, loaded once per process (servers in one JVM,
   * as in tests, share it), or null for {@code none}}
   *
   * @param setting the {@code SNOWCHAT_EMBEDDINGS} value
   */
  static synchronized @Nullable EmbeddingProvider model(String setting) {
    Optional<EmbeddingProvider> p = MODELS.get(setting);
    if (p == null) {
      try {
        p = EmbeddingProviders.fromSetting(setting);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("SNOWCHAT_EMBEDDINGS: " + e.getMessage(), e);
      } catch (SnowchatException e) {
        // The model cannot start (DJL and ONNX Runtime, i.e. lib/ beside the jar, or its file
        // missing): the server's start reports it as a configuration error (exit 2).
        throw new SnowchatException(e.code(), "SNOWCHAT_EMBEDDINGS: " + e.getMessage(), e);
      }
      MODELS.put(setting, p);
    }
    return p.orElse(null);
  }

  /**
   * Creates the live lookup: SHOW commands on Snowflake, DatabaseMetaData elsewhere.
   *
   * @param w the warehouse
   * @return the lookup
   */
  public static SchemaLookup live(Warehouse w) {
    CatalogView view = CatalogView.of(w);
    if (w.dialect() == Dialect.SNOWFLAKE) {
      return new LiveSnowflakeLookup(w::metadata, view);
    }
    return new LiveJdbcLookup(w, view);
  }
}
