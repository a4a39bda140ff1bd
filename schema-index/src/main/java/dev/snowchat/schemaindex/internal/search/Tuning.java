package dev.snowchat.schemaindex.internal.search;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Ranking weights. The defaults are what measured best on the BIRD schema-linking benchmark (see
 * the module README); the evaluation can override single values with system properties
 * {@code snowchat.search.NAME} to try others.
 */
public final class Tuning {
  /** Field boosts of the keyword query. */
  double name = 3.0;
  double database = 1.5;
  double columns = 1.0;
  double text = 0.7;
  double glossaryText = 1.0;
  /** Boost of an exact column-name match (a query word such as {@code vendor_id}). */
  double exactColumn = 4.0;
  /** Boost of an exact table-name match. */
  double exactName = 4.0;
  /** Boost of a glossary term matched in the query, times the entry's priority weight. */
  double glossaryTerm = 6.0;
  /** BM25 parameters. */
  double k1 = 1.2;
  double b = 0.75;
  double bColumns = 0.3;
  /** Fusion: weights of the keyword and vector rankings, and the RRF constant. */
  double keywordWeight = 1.0;
  double vectorWeight = 1.0;
  /** The vector weight for the dependency-free hashing provider, whose vectors are lexical. */
  double hashingVectorWeight = 0.1;
  double rrfC = 60;
  /** How many candidates each retriever contributes before fusion. */
  int candidates = 100;
  /** Database coherence: how much a table gains from its database's score (0 = off). */
  double coherence = 3.0;
  /**
   * Weight of a database's best fused table score in the database score, with a semantic
   * provider only (with keywords alone it lowered recall@10 on BIRD).
   */
  double dbFromTables = 0.5;
  /** Weight of the question's similarity to a database's vector (semantic providers only). */
  double dbVectorWeight = 0.5;
  /**
   * Column vectors (semantic providers only; 1 = on): every column is embedded too, and tables
   * are ranked by their best column similarities as a third ranking for fusion.
   */
  int columnVectors = 1;
  /**
   * Column vectors only for catalogs of at most this many columns (0 = never): they cost {@code 4
   * x dimension} bytes a column and are scored by brute force, so 100,000 columns of 384
   * dimensions take 150 MB and about 20 ms a query; a larger catalog is served by the table
   * vectors alone.
   */
  int maxColumnVectors = 100_000;
  /** RRF weight of the column ranking. */
  double columnWeight = 1.0;
  /** Share of the second-best column and of the table vector in the column ranking's score. */
  double columnSecond = 0.0;
  double columnTable = 0.0;
  /**
   * Dense database routing (semantic providers with column vectors): weight of a database's mean
   * similarity over its best {@code dbDenseTopK} tables (table vector plus {@code dbDenseColumn}
   * times the best column).
   */
  double dbDenseWeight = 1.0;
  int dbDenseTopK = 1;
  double dbDenseColumn = 1.0;
  /** A word counts at most this often in a database document. */
  int dbTermCap = 3;
  /** How many databases are scored. */
  int coherenceDatabases = 10;
  /** Field boosts of the database documents. */
  double dbName = 3.0;
  double dbTables = 2.0;
  double dbColumns = 1.0;
  /** The best databases' other tables become candidates, for databases up to this size. */
  int fillLimit = 64;
  int fillDatabases = 3;
  /** Join propagation: share of a hit's score its join neighbours receive (0 = off). */
  double propagation = 0.0;
  /** How many top hits propagate to their neighbours. */
  int propagationSources = 10;

  /** Creates the default weights. */
  public Tuning() {}

  /** {@return the defaults, with any {@code snowchat.search.NAME} system property applied} */
  public static Tuning fromSystemProperties() {
    Tuning t = new Tuning();
    for (Map.Entry<String, String> e : t.values().entrySet()) {
      String v = System.getProperty("snowchat.search." + e.getKey());
      if (v != null) {
        t.set(e.getKey(), v);
      }
    }
    return t;
  }

  /** {@return the current values by name} */
  public Map<String, String> values() {
    Map<String, String> m = new LinkedHashMap<>();
    for (var f : Tuning.class.getDeclaredFields()) {
      if (java.lang.reflect.Modifier.isStatic(f.getModifiers())) {
        continue;
      }
      try {
        m.put(f.getName(), String.valueOf(f.get(this)));
      } catch (IllegalAccessException ex) {
        throw new IllegalStateException(ex);
      }
    }
    return m;
  }

  /**
   * Sets one value by name.
   *
   * @param key the field name
   * @param value the value
   * @throws IllegalArgumentException for an unknown key or a bad number
   */
  public void set(String key, String value) {
    try {
      var f = Tuning.class.getDeclaredField(key);
      if (f.getType() == int.class) {
        f.setInt(this, Integer.parseInt(value.strip()));
      } else {
        f.setDouble(this, Double.parseDouble(value.strip()));
      }
    } catch (NoSuchFieldException e) {
      throw new IllegalArgumentException("unknown tuning key '" + key + "'; allowed: "
          + values().keySet(), e);
    } catch (IllegalAccessException | NumberFormatException e) {
      throw new IllegalArgumentException("bad value for tuning key " + key + ": " + value, e);
    }
  }

  @Override
  public String toString() {
    return values().toString();
  }
}
