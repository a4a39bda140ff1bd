package dev.snowchat.schemaindex;

import static java.util.Objects.requireNonNull;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A schema search: free text (business words, table or column names) plus optional filters.
 *
 * @param query the text to search for; not blank
 * @param k the number of tables to return, 1 to {@value #MAX_K}
 * @param database only tables of this database (ignoring case), or null for all
 * @param schema only tables of this schema (ignoring case), or null for all
 * @param kind only tables or only views, or null for both
 * @param includeColumns whether hits list their matching columns
 * @param preferredSchemas schemas whose tables win near-ties (ignoring case): a tie-break-sized
 *     boost that never overrides a clearly better match. Null (the default) prefers modelled
 *     layers by their names: tables in schemas named like {@code analytics}, {@code marts},
 *     {@code core}, {@code reporting}, or tables named {@code DIM_}/{@code FACT_}..., win over
 *     tables in schemas named like {@code raw}, {@code staging}, {@code stg}, {@code landing},
 *     {@code src} (so {@code ANALYTICS.DIM_LISTINGS} ranks above {@code RAW.RAW_LISTINGS} for
 *     the same words). An empty list turns the preference off.
 */
public record SearchRequest(
    String query,
    int k,
    @Nullable String database,
    @Nullable String schema,
    @Nullable TableKind kind,
    boolean includeColumns,
    @Nullable List<String> preferredSchemas) {

  /** The largest {@link #k()} allowed. */
  public static final int MAX_K = 1000;

  /** Validates the fields. */
  public SearchRequest {
    requireNonNull(query, "query is null");
    if (query.isBlank()) {
      throw new IllegalArgumentException("query is blank");
    }
    if (k < 1 || k > MAX_K) {
      throw new IllegalArgumentException("k must be between 1 and " + MAX_K + ", got " + k);
    }
    if (database != null && database.isBlank()) {
      throw new IllegalArgumentException("database filter is blank; use null for all databases");
    }
    if (schema != null && schema.isBlank()) {
      throw new IllegalArgumentException("schema filter is blank; use null for all schemas");
    }
    if (preferredSchemas != null) {
      preferredSchemas = List.copyOf(preferredSchemas);
      for (String s : preferredSchemas) {
        if (s.isBlank()) {
          throw new IllegalArgumentException("preferred schema is blank");
        }
      }
    }
  }

  /**
   * Creates a request that prefers modelled layers by their names (see {@link
   * #preferredSchemas()}).
   *
   * @param query the text to search for; not blank
   * @param k the number of tables to return, 1 to {@value #MAX_K}
   * @param database only tables of this database, or null for all
   * @param schema only tables of this schema, or null for all
   * @param kind only tables or only views, or null for both
   * @param includeColumns whether hits list their matching columns
   */
  public SearchRequest(String query, int k, @Nullable String database, @Nullable String schema,
      @Nullable TableKind kind, boolean includeColumns) {
    this(query, k, database, schema, kind, includeColumns, null);
  }

  /**
   * Creates a request with no filters that lists matching columns.
   *
   * @param query the text
   * @param k the number of tables
   * @return the request
   * @throws IllegalArgumentException for a blank query or k out of range
   */
  public static SearchRequest of(String query, int k) {
    return new SearchRequest(query, k, null, null, null, true);
  }

  /**
   * {@return a copy with another result count}
   *
   * @param newK the number of tables, 1 to {@value #MAX_K}
   * @throws IllegalArgumentException when out of range
   */
  public SearchRequest withK(int newK) {
    return new SearchRequest(query, newK, database, schema, kind, includeColumns, preferredSchemas);
  }

  /**
   * {@return a copy restricted to one database}
   *
   * @param newDatabase the database, or null for all
   */
  public SearchRequest withDatabase(@Nullable String newDatabase) {
    return new SearchRequest(query, k, newDatabase, schema, kind, includeColumns, preferredSchemas);
  }

  /**
   * {@return a copy restricted to one schema}
   *
   * @param newSchema the schema, or null for all
   */
  public SearchRequest withSchema(@Nullable String newSchema) {
    return new SearchRequest(query, k, database, newSchema, kind, includeColumns, preferredSchemas);
  }

  /**
   * {@return a copy restricted to tables or views}
   *
   * @param newKind the kind, or null for both
   */
  public SearchRequest withKind(@Nullable TableKind newKind) {
    return new SearchRequest(query, k, database, schema, newKind, includeColumns, preferredSchemas);
  }

  /**
   * {@return a copy that does or does not list matching columns}
   *
   * @param include whether to list them
   */
  public SearchRequest withIncludeColumns(boolean include) {
    return new SearchRequest(query, k, database, schema, kind, include, preferredSchemas);
  }

  /**
   * {@return a copy that prefers these schemas' tables in near-ties}
   *
   * @param schemas the schemas (ignoring case); empty for no preference; null to prefer modelled
   *     layers by their names (the default)
   */
  public SearchRequest withPreferredSchemas(@Nullable List<String> schemas) {
    return new SearchRequest(query, k, database, schema, kind, includeColumns, schemas);
  }
}
