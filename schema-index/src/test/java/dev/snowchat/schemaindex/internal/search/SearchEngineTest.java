package dev.snowchat.schemaindex.internal.search;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.schemaindex.Catalog;
import dev.snowchat.schemaindex.ColumnHit;
import dev.snowchat.schemaindex.ColumnInfo;
import dev.snowchat.schemaindex.EmbeddingProvider;
import dev.snowchat.schemaindex.EmbeddingProviders;
import dev.snowchat.schemaindex.Glossary;
import dev.snowchat.schemaindex.JoinGraph;
import dev.snowchat.schemaindex.QualifiedName;
import dev.snowchat.schemaindex.SearchHit;
import dev.snowchat.schemaindex.SearchRequest;
import dev.snowchat.schemaindex.TableInfo;
import dev.snowchat.schemaindex.TableKind;
import dev.snowchat.schemaindex.SyntheticCatalogs;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.FieldInfos;
import org.apache.lucene.index.MultiTerms;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.TermStates;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.CollectionStatistics;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TermStatistics;
import org.apache.lucene.util.BytesRef;
import org.junit.jupiter.api.Test;

class SearchEngineTest {
  static final QualifiedName REVENUE = QualifiedName.of("SALES", "PUBLIC", "FACT_REVENUE");
  static final QualifiedName VENDOR = QualifiedName.of("SALES", "PUBLIC", "DIM_VENDOR");
  static final QualifiedName COUNTRY = QualifiedName.of("SALES", "PUBLIC", "DIM_COUNTRY");
  static final QualifiedName BY_COUNTRY =
      QualifiedName.of("SALES", "REPORTING", "VW_REVENUE_BY_COUNTRY");
  static final QualifiedName EMPLOYEES = QualifiedName.of("HR", "PUBLIC", "EMPLOYEES");
  static final QualifiedName DEPARTMENTS = QualifiedName.of("HR", "PUBLIC", "DEPARTMENT");
  static final QualifiedName PAYROLL = QualifiedName.of("HR", "PUBLIC", "PAYROLL");

  static TableInfo table(QualifiedName id, TableKind kind, String comment, String... columns) {
    List<ColumnInfo> cols = new ArrayList<>();
    for (String c : columns) {
      cols.add(ColumnInfo.of(c, c.endsWith("_ID") ? "NUMBER(38,0)" : "VARCHAR"));
    }
    return TableInfo.builder(id).kind(kind).comment(comment).columns(cols).build();
  }

  static Catalog catalog() {
    return Catalog.of(List.of(
        table(REVENUE, TableKind.TABLE, "Royalty revenue lines", "REVENUE_ID", "VENDOR_ID",
            "COUNTRY_ID", "AMOUNT", "BOOKED_ON"),
        table(VENDOR, TableKind.TABLE, null, "VENDOR_ID", "VENDOR_NAME", "VENDOR_TIER"),
        table(COUNTRY, TableKind.TABLE, null, "COUNTRY_ID", "COUNTRY_NAME", "ISO_CODE"),
        table(BY_COUNTRY, TableKind.VIEW, null, "COUNTRY_NAME", "TOTAL_AMOUNT"),
        table(EMPLOYEES, TableKind.TABLE, "People on staff", "EMPLOYEE_ID", "FIRST_NAME",
            "LAST_NAME", "DEPARTMENT_ID"),
        table(DEPARTMENTS, TableKind.TABLE, null, "DEPARTMENT_ID", "DEPT_NAME"),
        table(PAYROLL, TableKind.TABLE, null, "EMPLOYEE_ID", "SALARY", "PAY_DATE")));
  }

  static SearchEngine engine(Catalog c, Glossary g) {
    return SearchEngine.build(c, g, EmbeddingProviders.create("default", Map.of()),
        JoinGraph.build(c));
  }

  /** {@return the best {@code k} hits of a keyword-only engine over {@code c} with {@code tuning}} */
  static List<SearchHit> keywordSearch(Catalog c, Tuning tuning, String query, int k) {
    try (SearchEngine e = SearchEngine.build(c, Glossary.empty(), null, JoinGraph.build(c),
        tuning)) {
      return e.search(SearchRequest.of(query, k));
    }
  }

  static List<QualifiedName> tables(List<SearchHit> hits) {
    return hits.stream().map(SearchHit::table).toList();
  }

  @Test
  void search_tableWords_rankTheNamedTableFirst() {
    try (SearchEngine e = engine(catalog(), Glossary.empty())) {
      List<SearchHit> hits = e.search(SearchRequest.of("vendor tiers", 3));
      assertThat(hits.getFirst().table()).isEqualTo(VENDOR);
      assertThat(hits.getFirst().why()).contains("name matches vendor");
    }
  }

  @Test
  void search_exactColumnName_findsTablesWithThatColumn() {
    try (SearchEngine e = engine(catalog(), Glossary.empty())) {
      List<SearchHit> hits = e.search(SearchRequest.of("tables with a VENDOR_ID column", 2));
      assertThat(tables(hits)).containsExactlyInAnyOrder(REVENUE, VENDOR);
      for (SearchHit h : hits) {
        assertThat(h.columns()).first().extracting(ColumnHit::name).isEqualTo("VENDOR_ID");
      }
    }
  }

  @Test
  void search_columnWords_listMatchingColumns() {
    try (SearchEngine e = engine(catalog(), Glossary.empty())) {
      List<SearchHit> hits = e.search(SearchRequest.of("salary of employees", 3));
      SearchHit payroll = hits.stream().filter(h -> h.table().equals(PAYROLL)).findFirst()
          .orElseThrow();
      assertThat(payroll.columns()).extracting(ColumnHit::name)
          .containsExactly("SALARY", "EMPLOYEE_ID");
      assertThat(payroll.why()).contains("columns SALARY, EMPLOYEE_ID");
    }
  }

  @Test
  void search_withoutColumns_listsNone() {
    try (SearchEngine e = engine(catalog(), Glossary.empty())) {
      SearchHit hit = e.search(SearchRequest.of("salary", 1).withIncludeColumns(false))
          .getFirst();
      assertThat(hit.columns()).isEmpty();
    }
  }

  @Test
  void search_filters_restrictDatabaseSchemaAndKind() {
    try (SearchEngine e = engine(catalog(), Glossary.empty())) {
      assertThat(e.search(SearchRequest.of("country name", 10).withDatabase("hr")))
          .allMatch(h -> h.table().database().equals("HR"));
      assertThat(tables(e.search(SearchRequest.of("country", 10).withKind(TableKind.VIEW))))
          .containsExactly(BY_COUNTRY);
      assertThat(tables(e.search(SearchRequest.of("country", 10).withSchema("reporting"))))
          .containsExactly(BY_COUNTRY);
      assertThat(e.search(SearchRequest.of("country", 10).withDatabase("NOPE"))).isEmpty();
    }
  }

  @Test
  void search_glossaryTerm_boostsItsTarget() {
    String query = "sales by territory";
    Glossary glossary = Glossary.parse("""
        {"entries": [{"terms": ["sales by territory"], "targets": ["VW_REVENUE_BY_COUNTRY"],
          "context": "Revenue per country", "domain": "revenue", "priority": "primary"}]}
        """);
    try (SearchEngine plain = engine(catalog(), Glossary.empty());
        SearchEngine boosted = engine(catalog(), glossary)) {
      List<SearchHit> without = plain.search(SearchRequest.of(query, 3));
      assertThat(without.isEmpty() || !without.getFirst().table().equals(BY_COUNTRY)).isTrue();
      SearchHit first = boosted.search(SearchRequest.of(query, 3)).getFirst();
      assertThat(first.table()).isEqualTo(BY_COUNTRY);
      assertThat(first.why()).contains("glossary 'sales by territory'");
    }
  }

  @Test
  void search_misspelledWord_isFoundByTheDefaultEmbeddings() {
    try (SearchEngine e = engine(catalog(), Glossary.empty())) {
      assertThat(tables(e.search(SearchRequest.of("payrol salaries", 1))))
          .containsExactly(PAYROLL);
    }
  }

  @Test
  void search_propagation_bringsJoinNeighbours() {
    Tuning tuning = Tuning.defaults().with(w -> {
      w.coherence = 0;
      w.vectorWeight = 0;
      w.propagation = 0.5;
    });
    Catalog c = catalog();
    try (SearchEngine e = SearchEngine.build(c, Glossary.empty(), null, JoinGraph.build(c),
        tuning)) {
      List<SearchHit> hits = e.search(SearchRequest.of("tier", 5));
      assertThat(hits.getFirst().table()).isEqualTo(VENDOR);
      assertThat(hits).anySatisfy(h -> {
        assertThat(h.table()).isEqualTo(REVENUE);
        assertThat(h.why()).contains("joins DIM_VENDOR");
      });
      assertThat(hits.getFirst().neighbors()).isNotEmpty();
    }
  }

  @Test
  void search_coherence_favoursTheBestDatabase() {
    try (SearchEngine e = engine(catalog(), Glossary.empty())) {
      List<SearchHit> hits = e.search(SearchRequest.of("employee salary department", 3));
      assertThat(hits).allMatch(h -> h.table().database().equals("HR"));
    }
  }

  @Test
  void update_givesTheSameResultsAsAFullRebuild() {
    Catalog before = catalog();
    TableInfo changed = table(VENDOR, TableKind.TABLE, "Suppliers we pay", "VENDOR_ID",
        "VENDOR_NAME", "PAYMENT_TERMS");
    TableInfo added = table(QualifiedName.of("HR", "PUBLIC", "BONUS"), TableKind.TABLE, null,
        "EMPLOYEE_ID", "BONUS_AMOUNT");
    List<TableInfo> tables = new ArrayList<>(before.tables());
    tables.removeIf(t -> t.id().equals(VENDOR) || t.id().equals(COUNTRY));
    tables.add(changed);
    tables.add(added);
    Catalog after = Catalog.of(tables);
    List<String> queries = List.of("vendor payment terms", "country", "employee bonus amount",
        "suppliers", "revenue by country", "VENDOR_ID");
    try (SearchEngine incremental = engine(before, Glossary.empty());
        SearchEngine full = engine(after, Glossary.empty())) {
      incremental.update(after, Set.of(VENDOR, added.id()), Set.of(COUNTRY),
          JoinGraph.build(after));
      assertThat(incremental.size()).isEqualTo(after.size());
      for (String q : queries) {
        assertThat(tables(incremental.search(SearchRequest.of(q, 5))))
            .as(q).isEqualTo(tables(full.search(SearchRequest.of(q, 5))));
      }
    }
  }

  @Test
  void update_whileSearching_neverFails() throws Exception {
    Catalog before = catalog();
    try (SearchEngine e = engine(before, Glossary.empty())) {
      AtomicReference<Throwable> failure = new AtomicReference<>();
      Thread searcher = new Thread(() -> {
        try {
          for (int i = 0; i < 300; i++) {
            e.search(SearchRequest.of("vendor country revenue", 5));
          }
        } catch (Throwable t) {
          failure.set(t);
        }
      });
      searcher.start();
      List<TableInfo> tables = new ArrayList<>(before.tables());
      tables.removeIf(t -> t.id().equals(VENDOR));
      Catalog without = Catalog.of(tables);
      for (int i = 0; i < 20; i++) {
        e.update(without, Set.of(), Set.of(VENDOR), JoinGraph.build(without));
        e.update(before, Set.of(VENDOR), Set.of(), JoinGraph.build(before));
      }
      searcher.join();
      assertThat(failure.get()).isNull();
    }
  }

  @Test
  void update_keepsTheStatisticsAndScoresOfAFreshBuild() throws IOException {
    // Deleted documents stay in their segments (and in Lucene's term statistics) until merged
    // away; searches must still score every document as a fresh build does, over many updates,
    // removals, new and vanished databases, and the merges of the small segments they write.
    Catalog current = SyntheticCatalogs.generate(3, 4, 30, 8);
    SplittableRandom random = new SplittableRandom(5);
    String[] words = {"VENDOR", "AMOUNT", "REGION", "STATUS", "LEDGER", "COUPON"};
    try (SearchEngine incremental = SearchEngine.build(current, Glossary.empty(), null,
        JoinGraph.build(current))) {
      for (int round = 0; round < 90; round++) {
        Map<QualifiedName, TableInfo> tables = new TreeMap<>();
        current.tables().forEach(t -> tables.put(t.id(), t));
        List<QualifiedName> ids = new ArrayList<>(tables.keySet());
        Set<QualifiedName> changed = new HashSet<>();
        Set<QualifiedName> removed = new HashSet<>();
        for (int i = 0; i < 3; i++) {
          TableInfo t = tables.get(ids.get(random.nextInt(ids.size())));
          List<ColumnInfo> cols = new ArrayList<>(t.columns());
          cols.set(random.nextInt(cols.size()), ColumnInfo.of(
              words[random.nextInt(words.length)] + "_" + random.nextInt(4), "VARCHAR"));
          tables.put(t.id(), t.withColumns(cols));
          changed.add(t.id());
        }
        QualifiedName gone = ids.get(random.nextInt(ids.size()));
        if (round % 3 == 0 && !changed.contains(gone)) {
          tables.remove(gone);
          removed.add(gone);
        }
        if (round % 4 == 1) {
          // a table in an existing database, or alone in a new one (removed again below)
          QualifiedName id = QualifiedName.of(round % 8 == 1 ? "NEW" + round : "DB1", "PUBLIC",
              "ADDED_" + round);
          tables.put(id, table(id, TableKind.TABLE, "added table " + round, "ADDED_ID",
              "AMOUNT_" + round));
          changed.add(id);
        }
        QualifiedName lonely = QualifiedName.of("NEW" + (round - 4), "PUBLIC",
            "ADDED_" + (round - 4));
        if (tables.remove(lonely) != null) {
          removed.add(lonely);
        }
        Catalog next = Catalog.of(tables.values());
        incremental.update(next, changed, removed, JoinGraph.build(next));
        current = next;
        if (round % 30 == 29) {
          try (SearchEngine fresh = SearchEngine.build(current, Glossary.empty(), null,
              JoinGraph.build(current))) {
            Map<String, String> expected = fresh.withSearcher(SearchEngineTest::statistics);
            assertThat(incremental.withSearcher(SearchEngineTest::statistics))
                .as("statistics after %d updates", round + 1).isEqualTo(expected);
            // (ranks may still differ among equal scores: Lucene breaks ties by document
            // number, and an updated document is numbered after the others)
            for (String w : List.of("amount", "vendor", "region", "added", "id", "db1")) {
              Map<String, Float> scores = incremental.withSearcher(s -> scores(s, w));
              assertThat(scores).as("scores of %s after %d updates", w, round + 1)
                  .isEqualTo(fresh.withSearcher(s -> scores(s, w)));
            }
          }
        }
      }
    }
  }

  @Test
  void update_leavesASearchInFlightTheStatisticsOfItsOwnReader() throws IOException {
    // A search that holds the reader of before an update keeps that reader's statistics (the
    // deleted copies as they were), also across two updates made meanwhile.
    Catalog first = SyntheticCatalogs.generate(4, 3, 20, 6);
    Catalog second = changeOneColumn(first, 0, "VENDOR_AMOUNT");
    Catalog third = changeOneColumn(second, 1, "REGION_STATUS");
    Catalog fourth = changeOneColumn(third, 2, "LEDGER_COUPON");
    try (SearchEngine incremental = SearchEngine.build(first, Glossary.empty(), null,
            JoinGraph.build(first));
        SearchEngine fresh = SearchEngine.build(second, Glossary.empty(), null,
            JoinGraph.build(second))) {
      incremental.update(second, changedTables(first, second), Set.of(), JoinGraph.build(second));
      Map<String, String> expected = fresh.withSearcher(SearchEngineTest::statistics);
      Map<String, String> inFlight = incremental.withSearcher(s -> {
        incremental.update(third, changedTables(second, third), Set.of(),
            JoinGraph.build(third));
        incremental.update(fourth, changedTables(third, fourth), Set.of(),
            JoinGraph.build(fourth));
        return statistics(s);
      });
      assertThat(inFlight).isEqualTo(expected);
    }
  }

  /** The catalog with the last column of the {@code n}-th table of each database replaced. */
  static Catalog changeOneColumn(Catalog c, int n, String column) {
    Map<String, Integer> seen = new TreeMap<>();
    List<TableInfo> out = new ArrayList<>();
    for (TableInfo t : c.tables()) {
      int i = seen.merge(t.id().database(), 1, Integer::sum) - 1;
      if (i == n) {
        List<ColumnInfo> cols = new ArrayList<>(t.columns());
        cols.set(cols.size() - 1, ColumnInfo.of(column, "VARCHAR"));
        t = t.withColumns(cols);
      }
      out.add(t);
    }
    return Catalog.of(out);
  }

  static Set<QualifiedName> changedTables(Catalog before, Catalog after) {
    Set<QualifiedName> out = new HashSet<>();
    for (TableInfo t : after.tables()) {
      if (!before.table(t.id()).map(t::equals).orElse(false)) {
        out.add(t.id());
      }
    }
    return out;
  }

  /** The BM25 score of every document (tables and databases) for a word in each text field. */
  static Map<String, Float> scores(IndexSearcher searcher, String word) throws IOException {
    BooleanQuery.Builder b = new BooleanQuery.Builder();
    for (String field : List.of(Fields.NAME, Fields.DBNAME, Fields.COLS, Fields.TEXT,
        Fields.D_NAME, Fields.D_TABLES, Fields.D_COLUMNS)) {
      b.add(new TermQuery(new Term(field, word)), Occur.SHOULD);
    }
    Map<String, Float> out = new TreeMap<>();
    StoredFields stored = searcher.storedFields();
    for (ScoreDoc sd : searcher.search(b.build(), Integer.MAX_VALUE).scoreDocs) {
      Document d = stored.document(sd.doc);
      out.put(d.get(Fields.KEY) + "/" + d.get(Fields.D_KEY), sd.score);
    }
    return out;
  }

  /** Every BM25 statistic a search can read: per field, and per term of live documents. */
  static Map<String, String> statistics(IndexSearcher searcher) throws IOException {
    Map<String, String> out = new TreeMap<>();
    for (String field : FieldInfos.getIndexedFields(searcher.getIndexReader())) {
      CollectionStatistics c = searcher.collectionStatistics(field);
      out.put(field, c == null ? "none" : c.toString());
      Terms terms = MultiTerms.getTerms(searcher.getIndexReader(), field);
      if (terms == null) {
        continue;
      }
      TermsEnum it = terms.iterator();
      for (BytesRef b = it.next(); b != null; b = it.next()) {
        Term term = new Term(field, BytesRef.deepCopyOf(b));
        int live = DeletedStats.docFreq(searcher, term);
        if (live == 0) {
          continue; // only in deleted documents: absent from a fresh build
        }
        TermStates states = TermStates.build(searcher, term, true);
        TermStatistics t = searcher.termStatistics(term, states.docFreq(),
            states.totalTermFreq());
        assertThat(t.docFreq()).as(term.toString()).isEqualTo(live);
        out.put(field + ":" + term.text(), t.docFreq() + "/" + t.totalTermFreq());
      }
    }
    return out;
  }

  /**
   * A stand-in for a semantic model: words are mapped to concepts (so that {@code alb} and
   * {@code albumin} meet, which keyword search cannot know), and a text's vector counts its
   * concepts.
   */
  static final class FakeSemanticProvider implements EmbeddingProvider {
    static final Map<String, Integer> CONCEPTS = Map.ofEntries(
        Map.entry("alb", 0), Map.entry("albumin", 0), Map.entry("cho", 1),
        Map.entry("cholesterol", 1), Map.entry("patient", 2), Map.entry("sex", 3),
        Map.entry("gender", 3), Map.entry("laboratory", 4), Map.entry("lab", 4),
        Map.entry("wbc", 5), Map.entry("leukocyte", 5), Map.entry("crp", 6),
        Map.entry("customer", 7), Map.entry("order", 8), Map.entry("amount", 9),
        Map.entry("price", 9), Map.entry("birthday", 10), Map.entry("born", 10));
    static final int DIM = 16;

    @Override
    public String name() {
      return "fake-semantic";
    }

    @Override
    public int dimension() {
      return DIM;
    }

    @Override
    public float[] embed(String text) {
      float[] v = new float[DIM];
      for (String w : Words.of(text)) {
        Integer c = CONCEPTS.get(w);
        v[c == null ? DIM - 1 - Math.floorMod(w.hashCode(), 4) : c] += c == null ? 0.2f : 1f;
      }
      double n = 0;
      for (float x : v) {
        n += x * x;
      }
      for (int i = 0; n > 0 && i < DIM; i++) {
        v[i] /= (float) Math.sqrt(n);
      }
      return v;
    }
  }

  static Catalog clinics() {
    return Catalog.of(List.of(
        table(QualifiedName.of("CLINIC", "PUBLIC", "PATIENT"), TableKind.TABLE, null, "ID", "SEX",
            "BIRTHDAY"),
        table(QualifiedName.of("CLINIC", "PUBLIC", "LABORATORY"), TableKind.TABLE, null, "ID",
            "DATE", "ALB", "T_CHO", "WBC", "CRP"),
        table(QualifiedName.of("SHOP", "PUBLIC", "ORDERS"), TableKind.TABLE, null, "ORDER_ID",
            "CUSTOMER_ID", "AMOUNT"),
        table(QualifiedName.of("SHOP", "PUBLIC", "CUSTOMER"), TableKind.TABLE, null,
            "CUSTOMER_ID", "GENDER", "BORN")));
  }

  @Test
  void search_semanticProvider_findsATableByItsColumnMeaning() {
    Catalog c = clinics();
    try (SearchEngine e = SearchEngine.build(c, Glossary.empty(), new FakeSemanticProvider(),
        JoinGraph.build(c))) {
      // no keyword matches "albumin"; the column ALB means it
      List<SearchHit> hits = e.search(SearchRequest.of("albumin", 2));
      assertThat(hits.getFirst().table().name()).isEqualTo("LABORATORY");
      hits = e.search(SearchRequest.of("customers by gender", 2));
      assertThat(hits.getFirst().table().name()).isEqualTo("CUSTOMER");
      assertThat(e.search(SearchRequest.of("albumin", 4).withDatabase("SHOP")))
          .allMatch(h -> h.table().database().equals("SHOP"));
    }
  }

  @Test
  void update_withColumnVectors_givesTheSameResultsAsAFullRebuild() {
    Catalog before = clinics();
    QualifiedName lab = QualifiedName.of("CLINIC", "PUBLIC", "LABORATORY");
    QualifiedName customer = QualifiedName.of("SHOP", "PUBLIC", "CUSTOMER");
    List<TableInfo> tables = new ArrayList<>(before.tables());
    tables.removeIf(t -> t.id().equals(lab) || t.id().equals(customer));
    tables.add(table(lab, TableKind.TABLE, null, "ID", "DATE", "WBC"));
    Catalog after = Catalog.of(tables);
    try (SearchEngine incremental = SearchEngine.build(before, Glossary.empty(),
        new FakeSemanticProvider(), JoinGraph.build(before));
        SearchEngine full = SearchEngine.build(after, Glossary.empty(),
            new FakeSemanticProvider(), JoinGraph.build(after))) {
      incremental.update(after, Set.of(lab), Set.of(customer), JoinGraph.build(after));
      for (String q : List.of("albumin", "leukocyte count", "gender", "order price")) {
        assertThat(tables(incremental.search(SearchRequest.of(q, 3))))
            .as(q).isEqualTo(tables(full.search(SearchRequest.of(q, 3))));
      }
    }
  }

  @Test
  void columnVectors_onlyUpToTheColumnLimit_andDroppedWhenAnUpdatePassesIt() {
    Catalog c = clinics();
    Tuning small = Tuning.defaults().with(w -> w.maxColumnVectors = 15); // clinics(): 15 columns
    Tuning tiny = Tuning.defaults().with(w -> w.maxColumnVectors = 14);
    try (SearchEngine within = SearchEngine.build(c, Glossary.empty(), new FakeSemanticProvider(),
        JoinGraph.build(c), small);
        SearchEngine over = SearchEngine.build(c, Glossary.empty(), new FakeSemanticProvider(),
            JoinGraph.build(c), tiny);
        SearchEngine hashing = engine(c, Glossary.empty())) {
      assertThat(within.columnVectorsOn()).isTrue();
      assertThat(over.columnVectorsOn()).isFalse();
      assertThat(hashing.columnVectorsOn()).isFalse();
      // without column vectors only the table vector knows ALB; the search still works
      assertThat(tables(over.search(SearchRequest.of("albumin", 4)))).isNotEmpty();

      QualifiedName wide = QualifiedName.of("CLINIC", "PUBLIC", "VISIT");
      List<TableInfo> tables = new ArrayList<>(c.tables());
      tables.add(table(wide, TableKind.TABLE, null, "ID", "PATIENT_ID"));
      Catalog grown = Catalog.of(tables);
      within.update(grown, Set.of(wide), Set.of(), JoinGraph.build(grown));
      assertThat(within.columnVectorsOn()).isFalse();
      try (SearchEngine rebuilt = SearchEngine.build(grown, Glossary.empty(),
          new FakeSemanticProvider(), JoinGraph.build(grown), small)) {
        assertThat(rebuilt.columnVectorsOn()).isFalse();
        for (String q : List.of("albumin", "gender", "order price")) {
          assertThat(tables(within.search(SearchRequest.of(q, 3))))
              .as(q).isEqualTo(tables(rebuilt.search(SearchRequest.of(q, 3))));
        }
      }
    }
  }
}
