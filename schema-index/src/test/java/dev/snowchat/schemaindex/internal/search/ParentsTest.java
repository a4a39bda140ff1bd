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
 * The parent ({@link Parents}): a table that one of the best hits references is lifted to
 * {@link Tuning#parentRank()}, though the question names it only by a value.
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

  @Test
  void referencedTable_isLiftedToTheParentRank_andSaysWhoReferencesIt() {
    Catalog c = bank();
    String question = "accounts opened in Prague";
    List<QualifiedName> off = tables(search(c, Tuning.defaults().with(w -> w.parentSources = 0),
        question));
    assertThat(off.getFirst()).isEqualTo(id("ACCOUNTS"));
    assertThat(off.subList(0, 5)).doesNotContain(id("DISTRICTS"));

    List<SearchHit> hits = search(c, Tuning.defaults(), question);
    List<QualifiedName> on = tables(hits);
    assertThat(on.indexOf(id("DISTRICTS"))).isEqualTo(Tuning.defaults().parentRank() - 1);
    assertThat(on.stream().filter(q -> !q.equals(id("DISTRICTS"))).toList())
        .isEqualTo(off.stream().filter(q -> !q.equals(id("DISTRICTS"))).limit(6).toList());
    SearchHit parent = hits.get(on.indexOf(id("DISTRICTS")));
    assertThat(parent.why()).contains("referenced by ACCOUNTS");
    assertThat(parent.score()).isBetween(hits.get(5).score(), hits.get(3).score());
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
    assertThat(on.indexOf(id("ZONES"))).isEqualTo(Tuning.defaults().parentRank() - 1);
    assertThat(on.subList(0, 5)).doesNotContain(id("AUDITS"));
  }

  @Test
  void aParentAlreadyRankedHigh_keepsItsPlace() {
    Catalog c = bank();
    String question = "districts of accounts";
    assertThat(tables(search(c, Tuning.defaults(), question)))
        .isEqualTo(tables(search(c, Tuning.defaults().with(w -> w.parentSources = 0), question)));
  }
}
