package dev.snowchat.schemaindex.internal.search;

import static java.util.Objects.requireNonNull;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.ObjDoubleConsumer;
import java.util.function.ObjIntConsumer;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;
import java.util.function.ToIntFunction;

/**
 * The ranking weights, grouped by the stage that reads them. The defaults ({@link #defaults()})
 * are what measured best on the BIRD schema-linking benchmark (see the module's EVALUATION.md).
 * Other values: {@code Tuning.defaults().with(w -> w.propagation = 0.3)}, where {@code w} is a
 * {@link Builder} whose public fields are named as the components, or {@link #with(String,
 * String)} by name, for the evaluation's {@code --tune key=value} and {@code --sweep}. {@link
 * Builder#build()} checks every value (weights and boosts finite and at least 0, {@code b},
 * {@code bColumns} and {@code bPlain} 0 to 1, counts at least 0, {@code candidates} and {@code
 * coherenceDatabases} at least 1); create values with it, not with the canonical constructor.
 * Immutable.
 *
 * @param name keyword retrieval: boost of table-name words
 * @param database boost of database and (non-PUBLIC) schema words
 * @param columns boost of column-name words
 * @param text boost of table and column comment words
 * @param glossaryText boost of the words of glossary entries that target the table
 * @param exactColumn boost of a column name as typed in the query ({@code vendor_id})
 * @param exactName boost of a table name as typed
 * @param glossaryTerm boost of a glossary term the query holds, times the entry's priority weight
 * @param k1 BM25 term-frequency saturation
 * @param b BM25 length normalization, 0 to 1
 * @param bColumns BM25 length normalization of column words (weak: wide tables are not punished)
 * @param bPlain BM25 length normalization of the plain table field ({@link #tableBm25})
 * @param candidates how many tables each retriever contributes before fusion (at least the
 *     request's {@code k})
 * @param keywordWeight fusion: RRF weight of the keyword ranking
 * @param vectorWeight RRF weight of the table-vector ranking with a semantic model
 * @param hashingVectorWeight RRF weight of the table-vector ranking with the dependency-free
 *     hashing provider, whose vectors are lexical
 * @param rrfC the RRF rank constant
 * @param tableBm25 fusion, keyword-only and hashing providers: weight of a table's plain BM25
 *     score (its name words twice and its column words in one field, as share of the best) added
 *     to its fused rank score (as share of the best): RRF flattens how much better the first
 *     keyword match is, plain BM25 keeps it (0: off)
 * @param semanticTableBm25 the same with a semantic model (0: off; it lowered recall@5 on BIRD
 *     dev there)
 * @param columnVectors whether a semantic model also embeds every column, ranking tables by
 *     their best column as a third ranking for fusion
 * @param maxColumnVectors column vectors only for catalogs of at most this many columns (0:
 *     never): they cost {@code 4 x dimension} bytes a column and are scored by brute force
 * @param columnWeight RRF weight of the column ranking
 * @param columnSecond share of the second-best column in the column ranking's score
 * @param columnTable share of the table vector in the column ranking's score
 * @param coherence coherence: how much a table gains from its database's score (0: off)
 * @param dbFromTables weight of a database's best fused table in its score (semantic models
 *     only: with keywords alone it lowered recall@10 on BIRD)
 * @param dbBm25 coherence, keyword-only and hashing providers: weight of a database's best
 *     table by plain BM25 (as share of the best table's) in the database's score: routing from the
 *     tables' own evidence beside the database documents' (0: off)
 * @param semanticDbBm25 the same with a semantic model
 * @param dbVectorWeight weight of the question's similarity to a database's vector (semantic
 *     models only)
 * @param dbDenseWeight dense routing (with column vectors): weight of a database's mean
 *     similarity over its best {@code dbDenseTopK} tables
 * @param dbDenseTopK how many of a database's tables dense routing averages
 * @param dbDenseColumn share of a table's best column in its dense-routing similarity
 * @param dbTermCap how often a word counts at most in a database's document
 * @param coherenceDatabases how many databases are scored
 * @param dbName boost of database-name words in the database documents
 * @param dbTables boost of table-name words in the database documents
 * @param dbColumns boost of column-name words in the database documents
 * @param fillLimit the best databases' other tables become candidates, for databases of up to
 *     this many tables
 * @param fillDatabases how many of the best databases fill candidates
 * @param propagation join propagation: the share of a hit's score its join neighbours receive,
 *     times the edge's confidence (0: off)
 * @param propagationSources how many of the best hits propagate
 * @param bridgeSources bridges: among how many of the best hits a pair that does not join
 *     directly but shares a join neighbour lifts that neighbour (below 2: off)
 * @param bridgeRank the rank (1-based) a bridge table is lifted to, when ranked below it
 * @param parentSources parents: the tables that this many of the best hits (the anchors)
 *     reference are their parents (0: off)
 * @param parentRank the last rank (1-based) that a parent takes from a table that is none: each
 *     rank after the anchors down to this one holds a parent, the best ranked below it (then
 *     those not retrieved, in key order), if any (not above {@code parentSources}: off)
 * @param layerBoost schema preference: what a table of a preferred schema (or, by default, of a
 *     modelled layer such as {@code ANALYTICS}) gains, as a share of the best fused score; small,
 *     so that it breaks near-ties (a raw table and its modelled twin) without overriding a
 *     clearly better match (0: off); 0.08 since the plain BM25 share in the fused score
 *     ({@link #tableBm25}): length normalization gives a raw table with fewer columns than its
 *     modelled twin a slightly higher BM25 score
 * @param columnPhrase column phrases: what a table gains, as a share of the best fused score,
 *     when the question holds every word of one of its columns of two or more words ({@code
 *     RESPONSE_RATE} for "host response rate"), with a word beyond the table's own name (0: off)
 * @param dbCoverage coherence, semantic models only: weight of the share of the question's words
 *     (by IDF) that a database's best two tables hold together in their names and columns, as
 *     share of the best database's (0: off; with keywords alone it lowered BIRD dev recall@10
 *     and @15)
 * @param tableCoverage table coverage, semantic models only: what a table gains, as a share of
 *     the best fused score, times the share of the question's words (by IDF) its name and columns
 *     hold, as share of the best table's (0: off)
 * @param semanticFloor relevance: a semantic model's query similarity that counts as no evidence
 * @param semanticFull relevance: a semantic model's query similarity that counts as full evidence
 */
public record Tuning(
    double name, double database, double columns, double text, double glossaryText,
    double exactColumn, double exactName, double glossaryTerm, double k1, double b,
    double bColumns, double bPlain, int candidates,
    double keywordWeight, double vectorWeight, double hashingVectorWeight, double rrfC,
    double tableBm25, double semanticTableBm25,
    boolean columnVectors, int maxColumnVectors, double columnWeight, double columnSecond,
    double columnTable,
    double coherence, double dbFromTables, double dbBm25, double semanticDbBm25,
    double dbVectorWeight, double dbDenseWeight,
    int dbDenseTopK, double dbDenseColumn, int dbTermCap, int coherenceDatabases, double dbName,
    double dbTables, double dbColumns, int fillLimit, int fillDatabases,
    double propagation, int propagationSources, int bridgeSources, int bridgeRank,
    int parentSources, int parentRank,
    double layerBoost, double columnPhrase,
    double dbCoverage, double tableCoverage, double semanticFloor, double semanticFull) {

  /**
   * Every value by name, with its range, for {@link #with(String, String)}, {@link #values()}
   * and {@link Builder#build()}: a new value needs a component, a {@link Builder} field (with
   * its default) and its copy there, and a line here.
   */
  private static final Map<String, Setting> SETTINGS = settings(
      real("name", Tuning::name, (w, v) -> w.name = v),
      real("database", Tuning::database, (w, v) -> w.database = v),
      real("columns", Tuning::columns, (w, v) -> w.columns = v),
      real("text", Tuning::text, (w, v) -> w.text = v),
      real("glossaryText", Tuning::glossaryText, (w, v) -> w.glossaryText = v),
      real("exactColumn", Tuning::exactColumn, (w, v) -> w.exactColumn = v),
      real("exactName", Tuning::exactName, (w, v) -> w.exactName = v),
      real("glossaryTerm", Tuning::glossaryTerm, (w, v) -> w.glossaryTerm = v),
      real("k1", Tuning::k1, (w, v) -> w.k1 = v),
      share("b", Tuning::b, (w, v) -> w.b = v),
      share("bColumns", Tuning::bColumns, (w, v) -> w.bColumns = v),
      share("bPlain", Tuning::bPlain, (w, v) -> w.bPlain = v),
      count("candidates", Tuning::candidates, (w, v) -> w.candidates = v),
      real("keywordWeight", Tuning::keywordWeight, (w, v) -> w.keywordWeight = v),
      real("vectorWeight", Tuning::vectorWeight, (w, v) -> w.vectorWeight = v),
      real("hashingVectorWeight", Tuning::hashingVectorWeight, (w, v) -> w.hashingVectorWeight = v),
      real("rrfC", Tuning::rrfC, (w, v) -> w.rrfC = v),
      real("tableBm25", Tuning::tableBm25, (w, v) -> w.tableBm25 = v),
      real("semanticTableBm25", Tuning::semanticTableBm25, (w, v) -> w.semanticTableBm25 = v),
      flag("columnVectors", Tuning::columnVectors, (w, v) -> w.columnVectors = v),
      whole("maxColumnVectors", Tuning::maxColumnVectors, (w, v) -> w.maxColumnVectors = v),
      real("columnWeight", Tuning::columnWeight, (w, v) -> w.columnWeight = v),
      real("columnSecond", Tuning::columnSecond, (w, v) -> w.columnSecond = v),
      real("columnTable", Tuning::columnTable, (w, v) -> w.columnTable = v),
      real("coherence", Tuning::coherence, (w, v) -> w.coherence = v),
      real("dbFromTables", Tuning::dbFromTables, (w, v) -> w.dbFromTables = v),
      real("dbBm25", Tuning::dbBm25, (w, v) -> w.dbBm25 = v),
      real("semanticDbBm25", Tuning::semanticDbBm25, (w, v) -> w.semanticDbBm25 = v),
      real("dbVectorWeight", Tuning::dbVectorWeight, (w, v) -> w.dbVectorWeight = v),
      real("dbDenseWeight", Tuning::dbDenseWeight, (w, v) -> w.dbDenseWeight = v),
      whole("dbDenseTopK", Tuning::dbDenseTopK, (w, v) -> w.dbDenseTopK = v),
      real("dbDenseColumn", Tuning::dbDenseColumn, (w, v) -> w.dbDenseColumn = v),
      whole("dbTermCap", Tuning::dbTermCap, (w, v) -> w.dbTermCap = v),
      count("coherenceDatabases", Tuning::coherenceDatabases, (w, v) -> w.coherenceDatabases = v),
      real("dbName", Tuning::dbName, (w, v) -> w.dbName = v),
      real("dbTables", Tuning::dbTables, (w, v) -> w.dbTables = v),
      real("dbColumns", Tuning::dbColumns, (w, v) -> w.dbColumns = v),
      whole("fillLimit", Tuning::fillLimit, (w, v) -> w.fillLimit = v),
      whole("fillDatabases", Tuning::fillDatabases, (w, v) -> w.fillDatabases = v),
      real("propagation", Tuning::propagation, (w, v) -> w.propagation = v),
      whole("propagationSources", Tuning::propagationSources, (w, v) -> w.propagationSources = v),
      whole("bridgeSources", Tuning::bridgeSources, (w, v) -> w.bridgeSources = v),
      count("bridgeRank", Tuning::bridgeRank, (w, v) -> w.bridgeRank = v),
      whole("parentSources", Tuning::parentSources, (w, v) -> w.parentSources = v),
      count("parentRank", Tuning::parentRank, (w, v) -> w.parentRank = v),
      real("layerBoost", Tuning::layerBoost, (w, v) -> w.layerBoost = v),
      real("columnPhrase", Tuning::columnPhrase, (w, v) -> w.columnPhrase = v),
      real("dbCoverage", Tuning::dbCoverage, (w, v) -> w.dbCoverage = v),
      real("tableCoverage", Tuning::tableCoverage, (w, v) -> w.tableCoverage = v),
      share("semanticFloor", Tuning::semanticFloor, (w, v) -> w.semanticFloor = v),
      share("semanticFull", Tuning::semanticFull, (w, v) -> w.semanticFull = v));

  private static final Tuning DEFAULTS = new Builder().build();

  /** {@return the weights measured best on BIRD} */
  public static Tuning defaults() {
    return DEFAULTS;
  }

  /** {@return a builder holding the defaults} */
  public static Builder builder() {
    return new Builder();
  }

  /** {@return a builder holding these values} */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /**
   * Returns these values with some changed, e.g. {@code t.with(w -> w.coherence = 0)}.
   *
   * @param change sets fields of a builder holding these values
   * @return the new values
   * @throws IllegalArgumentException naming a value out of range
   */
  public Tuning with(Consumer<Builder> change) {
    Builder b = toBuilder();
    change.accept(b);
    return b.build();
  }

  /**
   * Returns these values with one changed by name.
   *
   * @param key a component name, as {@link #values()} lists them
   * @param value its new value; {@code true}/{@code false} or {@code 1}/{@code 0} for a flag
   * @return the new values
   * @throws IllegalArgumentException for an unknown key or a bad or out-of-range value
   */
  public Tuning with(String key, String value) {
    return toBuilder().set(key, value).build();
  }

  /** {@return every value by name, in component order} */
  public Map<String, String> values() {
    Map<String, String> out = new LinkedHashMap<>();
    SETTINGS.forEach((key, s) -> out.put(key, s.show().apply(this)));
    return out;
  }

  /** {@return the names {@link #with(String, String)} accepts} */
  public static Set<String> keys() {
    return Collections.unmodifiableSet(SETTINGS.keySet());
  }

  /** One value: how it is shown, set from text, and checked. */
  private record Setting(String key, Function<Tuning, String> show,
      BiConsumer<Builder, String> set, Consumer<Tuning> check) {}

  private static Map<String, Setting> settings(Setting... settings) {
    Map<String, Setting> out = new LinkedHashMap<>();
    for (Setting s : settings) {
      out.put(s.key(), s);
    }
    return Collections.unmodifiableMap(out);
  }

  /** A weight or boost: finite, at least 0 (0 is off). */
  private static Setting real(String key, ToDoubleFunction<Tuning> get,
      ObjDoubleConsumer<Builder> set) {
    return number(key, get, set, Double.MAX_VALUE, "a finite number >= 0");
  }

  /** A share: 0 to 1. */
  private static Setting share(String key, ToDoubleFunction<Tuning> get,
      ObjDoubleConsumer<Builder> set) {
    return number(key, get, set, 1, "0 to 1");
  }

  private static Setting number(String key, ToDoubleFunction<Tuning> get,
      ObjDoubleConsumer<Builder> set, double max, String allowed) {
    return new Setting(key, t -> String.valueOf(get.applyAsDouble(t)),
        (b, v) -> set.accept(b, parse(key, v, Double::parseDouble)),
        t -> {
          double v = get.applyAsDouble(t);
          if (!(v >= 0 && v <= max)) {
            throw new IllegalArgumentException("tuning " + key + " must be " + allowed + ", got "
                + v);
          }
        });
  }

  /** A whole number: at least 0 (0 is off or never). */
  private static Setting whole(String key, ToIntFunction<Tuning> get, ObjIntConsumer<Builder> set) {
    return integer(key, get, set, 0);
  }

  /** A count: at least 1. */
  private static Setting count(String key, ToIntFunction<Tuning> get, ObjIntConsumer<Builder> set) {
    return integer(key, get, set, 1);
  }

  private static Setting integer(String key, ToIntFunction<Tuning> get,
      ObjIntConsumer<Builder> set, int min) {
    return new Setting(key, t -> String.valueOf(get.applyAsInt(t)),
        (b, v) -> set.accept(b, parse(key, v, Integer::parseInt)),
        t -> {
          if (get.applyAsInt(t) < min) {
            throw new IllegalArgumentException("tuning " + key + " must be >= " + min + ", got "
                + get.applyAsInt(t));
          }
        });
  }

  private static Setting flag(String key, Predicate<Tuning> get, BiConsumer<Builder, Boolean> set) {
    return new Setting(key, t -> String.valueOf(get.test(t)),
        (b, v) -> set.accept(b, switch (v.strip()) {
          case "true", "1" -> true;
          case "false", "0" -> false;
          default -> throw new IllegalArgumentException(
              "bad value for tuning " + key + ": '" + v + "'; allowed: true, false, 1, 0");
        }),
        t -> {});
  }

  private static <T> T parse(String key, String value, Function<String, T> parser) {
    try {
      return parser.apply(value.strip());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("bad value for tuning " + key + ": '" + value + "'", e);
    }
  }

  /**
   * A mutable copy of {@link Tuning}'s values, in public fields named as its components and
   * starting from the defaults (or the values it was copied from); {@link #build()} checks them.
   * Not thread-safe.
   */
  public static final class Builder {
    public double name = 3.0;
    public double database = 1.5;
    public double columns = 1.0;
    public double text = 0.7;
    public double glossaryText = 1.0;
    public double exactColumn = 4.0;
    public double exactName = 4.0;
    public double glossaryTerm = 6.0;
    public double k1 = 1.2;
    public double b = 0.75;
    public double bColumns = 0.3;
    public double bPlain = 0.4;
    public int candidates = 100;
    public double keywordWeight = 1.0;
    public double vectorWeight = 1.0;
    public double hashingVectorWeight = 0.1;
    public double rrfC = 60;
    public double tableBm25 = 0.3;
    public double semanticTableBm25 = 0.0;
    public boolean columnVectors = true;
    public int maxColumnVectors = 100_000;
    public double columnWeight = 1.0;
    public double columnSecond = 0.0;
    public double columnTable = 0.0;
    public double coherence = 3.0;
    public double dbFromTables = 0.5;
    public double dbBm25 = 0.75;
    public double semanticDbBm25 = 0.0;
    public double dbVectorWeight = 0.5;
    public double dbDenseWeight = 1.0;
    public int dbDenseTopK = 1;
    public double dbDenseColumn = 1.0;
    public int dbTermCap = 3;
    public int coherenceDatabases = 10;
    public double dbName = 3.0;
    public double dbTables = 2.0;
    public double dbColumns = 1.0;
    public int fillLimit = 64;
    public int fillDatabases = 3;
    public double propagation = 0.0;
    public int propagationSources = 10;
    public int bridgeSources = 4;
    public int bridgeRank = 4;
    public int parentSources = 3;
    public int parentRank = 6;
    public double layerBoost = 0.08;
    public double columnPhrase = 0.05;
    public double dbCoverage = 1.0;
    public double tableCoverage = 0.05;
    public double semanticFloor = 0.6;
    public double semanticFull = 0.8;

    private Builder() {}

    private Builder(Tuning t) {
      name = t.name;
      database = t.database;
      columns = t.columns;
      text = t.text;
      glossaryText = t.glossaryText;
      exactColumn = t.exactColumn;
      exactName = t.exactName;
      glossaryTerm = t.glossaryTerm;
      k1 = t.k1;
      b = t.b;
      bColumns = t.bColumns;
      bPlain = t.bPlain;
      candidates = t.candidates;
      keywordWeight = t.keywordWeight;
      vectorWeight = t.vectorWeight;
      hashingVectorWeight = t.hashingVectorWeight;
      rrfC = t.rrfC;
      tableBm25 = t.tableBm25;
      semanticTableBm25 = t.semanticTableBm25;
      columnVectors = t.columnVectors;
      maxColumnVectors = t.maxColumnVectors;
      columnWeight = t.columnWeight;
      columnSecond = t.columnSecond;
      columnTable = t.columnTable;
      coherence = t.coherence;
      dbFromTables = t.dbFromTables;
      dbBm25 = t.dbBm25;
      semanticDbBm25 = t.semanticDbBm25;
      dbVectorWeight = t.dbVectorWeight;
      dbDenseWeight = t.dbDenseWeight;
      dbDenseTopK = t.dbDenseTopK;
      dbDenseColumn = t.dbDenseColumn;
      dbTermCap = t.dbTermCap;
      coherenceDatabases = t.coherenceDatabases;
      dbName = t.dbName;
      dbTables = t.dbTables;
      dbColumns = t.dbColumns;
      fillLimit = t.fillLimit;
      fillDatabases = t.fillDatabases;
      propagation = t.propagation;
      propagationSources = t.propagationSources;
      bridgeSources = t.bridgeSources;
      bridgeRank = t.bridgeRank;
      parentSources = t.parentSources;
      parentRank = t.parentRank;
      layerBoost = t.layerBoost;
      columnPhrase = t.columnPhrase;
      dbCoverage = t.dbCoverage;
      tableCoverage = t.tableCoverage;
      semanticFloor = t.semanticFloor;
      semanticFull = t.semanticFull;
    }

    /**
     * Sets one value by name.
     *
     * @param key a component name, as {@link Tuning#values()} lists them
     * @param value its value; {@code true}/{@code false} or {@code 1}/{@code 0} for a flag
     * @return this builder
     * @throws IllegalArgumentException for an unknown key or a value that is not a number
     */
    public Builder set(String key, String value) {
      requireNonNull(key, "key is null");
      requireNonNull(value, "value is null");
      Setting s = SETTINGS.get(key.strip());
      if (s == null) {
        throw new IllegalArgumentException("unknown tuning key '" + key + "'; allowed: "
            + SETTINGS.keySet());
      }
      s.set().accept(this, value);
      return this;
    }

    /**
     * {@return the values}
     *
     * @throws IllegalArgumentException naming the first value out of range
     */
    public Tuning build() {
      Tuning t = new Tuning(name, database, columns, text, glossaryText, exactColumn, exactName,
          glossaryTerm, k1, b, bColumns, bPlain, candidates, keywordWeight, vectorWeight,
          hashingVectorWeight, rrfC, tableBm25, semanticTableBm25, columnVectors,
          maxColumnVectors, columnWeight, columnSecond, columnTable, coherence, dbFromTables,
          dbBm25, semanticDbBm25, dbVectorWeight, dbDenseWeight, dbDenseTopK, dbDenseColumn,
          dbTermCap, coherenceDatabases, dbName, dbTables, dbColumns, fillLimit, fillDatabases,
          propagation, propagationSources, bridgeSources, bridgeRank, parentSources, parentRank,
          layerBoost, columnPhrase,
          dbCoverage, tableCoverage, semanticFloor, semanticFull);
      for (Setting s : SETTINGS.values()) {
        s.check().accept(t);
      }
      if (!(semanticFull > semanticFloor)) {
        throw new IllegalArgumentException("tuning semanticFull must be above semanticFloor, got "
            + semanticFull + " <= " + semanticFloor);
      }
      return t;
    }
  }
}
