package dev.snowchat.schemaindex;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The layer a table's schema (or, failing that, its name) says it is in: raw data as loaded, or
 * a modelled layer built from it. Search prefers modelled tables on near-ties ({@link
 * SearchRequest#preferredSchemas()} null), so that {@code ANALYTICS.DIM_LISTINGS} ranks above
 * {@code RAW.RAW_LISTINGS} for the same words; hosts that rank tables themselves (a live
 * metadata search) use the same classification.
 *
 * <pre>{@code
 * SchemaLayer.of(QualifiedName.of("DB", "RAW", "RAW_LISTINGS"));        // RAW
 * SchemaLayer.of(QualifiedName.of("DB", "ANALYTICS", "DIM_LISTINGS"));  // MODELLED
 * SchemaLayer.of(QualifiedName.of("DB", "PUBLIC", "DIM_DATE"));         // MODELLED (by name)
 * }</pre>
 */
public enum SchemaLayer {
  /** Raw or staged data: schemas {@code RAW}, {@code STAGING}, {@code STG}, ... */
  RAW,
  /** Modelled data: schemas {@code ANALYTICS}, {@code MARTS}, {@code CORE}, ... */
  MODELLED,
  /** Neither the schema nor the name says ({@code PUBLIC.ORDERS}). */
  UNKNOWN;

  private static final Set<String> RAW_WORDS = Set.of("raw", "staging", "stage", "stg",
      "landing", "src", "source", "sources", "ingest", "ingestion", "bronze");
  private static final Set<String> MODELLED_WORDS = Set.of("analytics", "analytic", "mart",
      "marts", "datamart", "core", "dim", "dims", "dimension", "dimensions", "fact", "facts",
      "fct", "reporting", "report", "reports", "gold", "presentation", "curated", "dw", "dwh",
      "warehouse");
  private static final Set<String> RAW_PREFIXES = Set.of("raw", "stg", "src");
  private static final Set<String> MODELLED_PREFIXES = Set.of("dim", "fact", "fct", "vw", "mart",
      "agg", "rpt");

  /**
   * The layer of a table: by its schema's words ({@code RAW}, {@code STAGING}, {@code STG},
   * {@code LANDING}, {@code SRC} against {@code ANALYTICS}, {@code MARTS}, {@code CORE}, {@code
   * REPORTING} ...; a raw word wins), else by its name's first word ({@code RAW_}, {@code STG_}
   * against {@code DIM_}, {@code FACT_}, {@code VW_} ...).
   *
   * @param table the table
   * @return its layer
   */
  public static SchemaLayer of(QualifiedName table) {
    requireNonNull(table, "table is null");
    SchemaLayer bySchema = UNKNOWN;
    for (String w : table.schema().toLowerCase(Locale.ROOT).split("[^a-z0-9]+")) {
      if (RAW_WORDS.contains(w)) {
        return RAW;
      }
      if (MODELLED_WORDS.contains(w)) {
        bySchema = MODELLED;
      }
    }
    if (bySchema != UNKNOWN) {
      return bySchema;
    }
    String[] name = table.name().toLowerCase(Locale.ROOT).split("[^a-z0-9]+");
    String first = name.length == 0 ? "" : name[0];
    if (RAW_PREFIXES.contains(first)) {
      return RAW;
    }
    return MODELLED_PREFIXES.contains(first) ? MODELLED : UNKNOWN;
  }

  /**
   * Whether search prefers a table, as {@link SearchRequest#preferredSchemas()} says.
   *
   * @param table the table
   * @param preferredSchemas the preferred schemas (ignoring case); null for modelled layers
   *     ({@link #of}); empty for no preference
   * @return whether it is preferred
   */
  public static boolean preferred(QualifiedName table, @Nullable List<String> preferredSchemas) {
    requireNonNull(table, "table is null");
    if (preferredSchemas == null) {
      return of(table) == MODELLED;
    }
    for (String s : preferredSchemas) {
      if (s.equalsIgnoreCase(table.schema())) {
        return true;
      }
    }
    return false;
  }
}
