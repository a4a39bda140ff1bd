package dev.snowchat.schemaindex.internal.search;

import static dev.snowchat.schemaindex.internal.search.SearchEngineTest.keywordSearch;
import static dev.snowchat.schemaindex.internal.search.SearchEngineTest.table;
import static dev.snowchat.schemaindex.internal.search.SearchEngineTest.tables;
import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.schemaindex.Catalog;
import dev.snowchat.schemaindex.QualifiedName;
import dev.snowchat.schemaindex.SearchHit;
import dev.snowchat.schemaindex.TableInfo;
import dev.snowchat.schemaindex.TableKind;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Parents ({@link Parents}): the tables that the best hits (the anchors) reference take the ranks
 * after them, down to {@link Tuning#parentRank()}, from tables that are no parent, though the
 * question names them only by a value.
 */
class ParentsTest {
  static QualifiedName id(String name) {
    return QualifiedName.of("BANK", "PUBLIC", name);
  }

  static TableInfo t(String name, String... columns) {
    return table(id(name), TableKind.TABLE, null, columns);
  }

  /** Accounts reference the districts, whose columns say nothing of places (as in BIRD). */
  static Catalog bank() {
    return Catalog.of(List.of(
        t("ACCOUNTS", "ACCOUNT_ID", "DISTRICT_ID", "OPENED_ON", "FREQUENCY"),
        t("DISTRICTS", "DISTRICT_ID", "A2", "A3", "A4"),
        t("LOANS", "LOAN_ID", "ACCOUNT_ID", "AMOUNT"),
        t("ORDERS", "ORDER_ID", "ACCOUNT_ID", "AMOUNT"),
        t("TRANS", "TRANS_ID", "ACCOUNT_ID", "AMOUNT", "BALANCE"),
        t("DISPOSITIONS", "DISP_ID", "ACCOUNT_ID", "TYPE"),
        t("BRANCH_NOTES", "NOTE_ID", "TEXT")));
  }

  static List<SearchHit> search(Catalog c, Tuning tuning, String query) {
    return keywordSearch(c, tuning, query, 7);
  }

  /** {@return the first rank (0-based) after the anchors} */
  static int firstSlot() {
    return Tuning.defaults().parentSources();
  }

  @Test
  void referencedTable_takesTheFirstRankAfterTheAnchors_andSaysWhoReferencesIt() {
    Catalog c = bank();
    String question = "accounts opened in Prague";
    List<QualifiedName> off = tables(search(c, Tuning.defaults().with(w -> w.parentSources = 0),
        question));
    assertThat(off.getFirst()).isEqualTo(id("ACCOUNTS"));
    assertThat(off.subList(0, 5)).doesNotContain(id("DISTRICTS"));

    List<SearchHit> hits = search(c, Tuning.defaults(), question);
    List<QualifiedName> on = tables(hits);
    assertThat(on.indexOf(id("DISTRICTS"))).isEqualTo(firstSlot());
    assertThat(on.stream().filter(q -> !q.equals(id("DISTRICTS"))).toList())
        .isEqualTo(off.stream().filter(q -> !q.equals(id("DISTRICTS"))).limit(6).toList());
    SearchHit parent = hits.get(firstSlot());
    assertThat(parent.why()).contains("referenced by ACCOUNTS");
    assertThat(parent.score()).isBetween(hits.get(firstSlot() + 1).score(),
        hits.get(firstSlot() - 1).score());
  }

  @Test
  void onlyWhatTheHitReferences_isLifted_notWhatReferencesIt() {
    // ACCOUNTS references ZONES and is referenced by AUDITS; neither matches the question
    Catalog c = Catalog.of(List.of(
        t("ACCOUNTS", "ACCOUNT_ID", "ZONE_ID", "STATEMENT_FREQUENCY"),
        t("ZONES", "ZONE_ID", "A2", "A3"),
        t("AUDITS", "AUDIT_ID", "ACCOUNT_ID", "CHECKED_ON"),
        t("PAYROLL_RUNS", "RUN_ID", "FREQUENCY"),
        t("BACKUP_JOBS", "JOB_ID", "FREQUENCY"),
        t("NEWSLETTERS", "NEWSLETTER_ID", "FREQUENCY"),
        t("SENSOR_READINGS", "READING_ID", "FREQUENCY")));
    String question = "statement frequency";
    List<QualifiedName> off = tables(search(c, Tuning.defaults().with(w -> w.parentSources = 0),
        question));
    assertThat(off.getFirst()).isEqualTo(id("ACCOUNTS"));
    assertThat(off.subList(0, 5)).doesNotContain(id("ZONES"), id("AUDITS"));
    List<QualifiedName> on = tables(search(c, Tuning.defaults(), question));
    assertThat(on.indexOf(id("ZONES"))).isEqualTo(firstSlot());
    assertThat(on.subList(0, 5)).doesNotContain(id("AUDITS"));
  }

  @Test
  void aParentAlreadyRankedHigh_keepsItsPlace() {
    Catalog c = bank();
    String question = "districts of accounts";
    assertThat(tables(search(c, Tuning.defaults(), question)))
        .isEqualTo(tables(search(c, Tuning.defaults().with(w -> w.parentSources = 0), question)));
  }

  /** Orders reference customers and stores; the customers' columns are given. */
  static Catalog shop(String... customerColumns) {
    return shop(List.of(customerColumns), List.of("STORE_ID", "A5", "A6"));
  }

  /** Orders reference customers and stores, with the columns given. */
  static Catalog shop(List<String> customerColumns, List<String> storeColumns) {
    return Catalog.of(List.of(
        t("ORDERS", "ORDER_ID", "CUSTOMER_ID", "STORE_ID", "LATE_FEE", "SHIPPED_LATE"),
        t("ORDER_ITEMS", "ITEM_ID", "ORDER_ID", "LATE_FEE"),
        t("RETURNS", "RETURN_ID", "ORDER_ID", "LATE_FEE"),
        t("CUSTOMERS", customerColumns.toArray(String[]::new)),
        t("STORES", storeColumns.toArray(String[]::new)),
        t("FEE_SCHEDULES", "SCHEDULE_ID", "LATE_FEE"),
        t("PENALTIES", "PENALTY_ID", "LATE_FEE"),
        t("NOTES", "NOTE_ID", "TEXT")));
  }

  @Test
  void twoParents_takeTheRanksAfterTheAnchors_inTheirRankOrder_theRestMovesDown() {
    // the stores' late pickups match a word, the customers' columns nothing: stores rank first
    Catalog c = shop(List.of("CUSTOMER_ID", "A2", "A3"), List.of("STORE_ID", "LATE_PICKUPS"));
    String question = "late fee of orders shipped late";
    List<QualifiedName> off = tables(keywordSearch(c,
        Tuning.defaults().with(w -> w.parentSources = 0), question, 8));
    int slot = firstSlot();
    assertThat(off.subList(0, slot + 2)).doesNotContain(id("STORES"), id("CUSTOMERS"));
    assertThat(off.indexOf(id("STORES"))).isLessThan(off.indexOf(id("CUSTOMERS")));
    List<SearchHit> hits = keywordSearch(c, Tuning.defaults(), question, 8);
    List<QualifiedName> on = tables(hits);
    assertThat(on.subList(0, slot)).isEqualTo(off.subList(0, slot));
    assertThat(on.subList(slot, slot + 2)).containsExactly(id("STORES"), id("CUSTOMERS"));
    assertThat(on.subList(slot + 2, on.size())).isEqualTo(off.stream()
        .filter(q -> !q.equals(id("CUSTOMERS")) && !q.equals(id("STORES"))).skip(slot).toList());
    assertThat(hits.subList(slot, slot + 2))
        .allSatisfy(h -> assertThat(h.why()).contains("referenced by ORDERS"));
    assertThat(hits.get(slot).score()).isStrictlyBetween(hits.get(slot + 1).score(),
        hits.get(slot - 1).score());
  }

  @Test
  void parentsNoSearchFound_followTheAnchors_inKeyOrder_evenWhenFewerThanThreeWereFound() {
    // without the fill, only tables matching a word are candidates: neither parent is
    Tuning noFill = Tuning.defaults().with(w -> w.fillLimit = 0);
    Catalog c = shop("CUSTOMER_ID", "A2", "A3");
    String question = "late fee of orders shipped late";
    List<QualifiedName> off = tables(keywordSearch(c,
        noFill.with(w -> w.parentSources = 0), question, 8));
    assertThat(off).doesNotContain(id("CUSTOMERS"), id("STORES"));
    List<QualifiedName> on = tables(keywordSearch(c, noFill, question, 8));
    int slot = firstSlot();
    assertThat(on.subList(0, slot)).isEqualTo(off.subList(0, slot));
    assertThat(on.subList(slot, slot + 2)).containsExactly(id("CUSTOMERS"), id("STORES"));

    // one table found: it is the only anchor, and its parents follow it
    List<QualifiedName> one = tables(keywordSearch(c, noFill, "shipped", 8));
    assertThat(one).containsExactly(id("ORDERS"), id("CUSTOMERS"), id("STORES"));
  }

  @Test
  void equalScores_theParentStillTakesTheRank_andOnlyLiftedTablesSaySo() {
    // four tables filled in with the same score as the two parents
    Catalog c = Catalog.of(List.of(
        t("ORDERS", "ORDER_ID", "CUSTOMER_ID", "STORE_ID", "LATE_FEE"),
        t("CUSTOMERS", "CUSTOMER_ID", "A2"), t("STORES", "STORE_ID", "A3"),
        t("AAA", "A_ID", "X1"), t("BBB", "B_ID", "X2"), t("CCC", "C_ID", "X3"),
        t("DDD", "D_ID", "X4")));
    String question = "late fee of orders";
    List<SearchHit> plain = keywordSearch(c, Tuning.defaults().with(w -> w.parentSources = 0),
        question, 7);
    assertThat(tables(plain)).containsExactly(id("ORDERS"), id("AAA"), id("BBB"), id("CCC"),
        id("CUSTOMERS"), id("DDD"), id("STORES"));
    assertThat(plain.get(1).score()).isEqualTo(plain.get(6).score());
    List<SearchHit> hits = keywordSearch(c, Tuning.defaults(), question, 7);
    assertThat(tables(hits)).containsExactly(id("ORDERS"), id("AAA"), id("BBB"),
        id("CUSTOMERS"), id("STORES"), id("CCC"), id("DDD"));
    for (int i = 0; i < hits.size(); i++) {
      boolean lifted = i == 3 || i == 4;
      assertThat(hits.get(i).why().contains("referenced by ORDERS")).as("%s", hits.get(i))
          .isEqualTo(lifted);
    }
  }

  @Test
  void aParentAlreadyAfterTheAnchors_keepsItsRank_theNextRankTakesTheOther() {
    // the customers' late shipments match the question: ranked right after the anchors already
    Catalog c = shop("CUSTOMER_ID", "SHIPPED_LATE");
    String question = "late fee of orders shipped late";
    List<QualifiedName> off = tables(keywordSearch(c,
        Tuning.defaults().with(w -> w.parentSources = 0), question, 8));
    int slot = firstSlot();
    assertThat(off.get(slot)).isEqualTo(id("CUSTOMERS"));
    assertThat(off.subList(0, slot + 3)).doesNotContain(id("STORES"));
    List<SearchHit> hits = keywordSearch(c, Tuning.defaults(), question, 8);
    List<QualifiedName> on = tables(hits);
    assertThat(on.subList(0, slot + 1)).isEqualTo(off.subList(0, slot + 1));
    assertThat(on.get(slot + 1)).isEqualTo(id("STORES"));
    assertThat(hits.get(slot).why()).doesNotContain("referenced by");
    assertThat(hits.get(slot + 1).why()).contains("referenced by ORDERS");
  }
}
