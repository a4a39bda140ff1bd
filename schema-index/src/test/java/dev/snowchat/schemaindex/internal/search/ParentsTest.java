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
    return Catalog.of(List.of(
        t("ORDERS", "ORDER_ID", "CUSTOMER_ID", "STORE_ID", "LATE_FEE", "SHIPPED_LATE"),
        t("ORDER_ITEMS", "ITEM_ID", "ORDER_ID", "LATE_FEE"),
        t("RETURNS", "RETURN_ID", "ORDER_ID", "LATE_FEE"),
        t("CUSTOMERS", customerColumns),
        t("STORES", "STORE_ID", "A5", "A6"),
        t("FEE_SCHEDULES", "SCHEDULE_ID", "LATE_FEE"),
        t("PENALTIES", "PENALTY_ID", "LATE_FEE"),
        t("NOTES", "NOTE_ID", "TEXT")));
  }

  @Test
  void twoParents_takeTheRanksAfterTheAnchors_inTheirRankOrder_theRestMovesDown() {
    // the customers' and stores' columns match nothing asked
    Catalog c = shop("CUSTOMER_ID", "A2", "A3");
    String question = "late fee of orders shipped late";
    List<QualifiedName> off = tables(keywordSearch(c,
        Tuning.defaults().with(w -> w.parentSources = 0), question, 8));
    assertThat(off.subList(3, 6)).doesNotContain(id("STORES"));
    assertThat(off.indexOf(id("CUSTOMERS"))).isLessThan(off.indexOf(id("STORES")));
    List<SearchHit> hits = keywordSearch(c, Tuning.defaults(), question, 8);
    List<QualifiedName> on = tables(hits);
    int slot = firstSlot();
    assertThat(on.subList(0, slot)).isEqualTo(off.subList(0, slot));
    assertThat(on.subList(slot, slot + 2)).containsExactly(id("CUSTOMERS"), id("STORES"));
    assertThat(on.subList(slot + 2, on.size())).isEqualTo(off.stream()
        .filter(q -> !q.equals(id("CUSTOMERS")) && !q.equals(id("STORES"))).skip(slot).toList());
    assertThat(hits.subList(slot, slot + 2))
        .allSatisfy(h -> assertThat(h.why()).contains("referenced by ORDERS"));
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
