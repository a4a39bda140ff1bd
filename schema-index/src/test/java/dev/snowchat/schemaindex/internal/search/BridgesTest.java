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
 * The bridge ({@link Bridges}): a table that links two of the best hits which do not join each
 * other is lifted to {@link Tuning#bridgeRank()}, though the question never names it.
 */
class BridgesTest {
  static QualifiedName id(String name) {
    return QualifiedName.of("SCHOOL", "PUBLIC", name);
  }

  static TableInfo t(String name, String... columns) {
    return table(id(name), TableKind.TABLE, null, columns);
  }

  /**
   * Students and courses, linked only by enrolments; tables named after students or courses
   * (clubs, awards, rooms, books) outrank the link table on the question's words.
   */
  static Catalog school() {
    return Catalog.of(List.of(
        t("STUDENTS", "STUDENT_ID", "FULL_NAME", "BIRTH_YEAR"),
        t("COURSES", "COURSE_ID", "TITLE", "CREDITS"),
        t("ENROLMENTS", "ENROLMENT_ID", "STUDENT_ID", "COURSE_ID", "ENROLLED_ON"),
        t("STUDENT_CLUBS", "CLUB_ID", "STUDENT_ID", "CLUB_NAME"),
        t("STUDENT_AWARDS", "AWARD_ID", "STUDENT_ID", "AWARD_NAME"),
        t("COURSE_ROOMS", "ROOM_ID", "COURSE_ID", "BUILDING"),
        t("COURSE_BOOKS", "BOOK_ID", "COURSE_ID", "ISBN"),
        t("TEACHERS", "TEACHER_ID", "FULL_NAME")));
  }

  static List<QualifiedName> search(Catalog c, Tuning tuning, String query) {
    return tables(keywordSearch(c, tuning, query, 8));
  }

  @Test
  void linkTable_isLiftedToTheBridgeRank_andSaysWhatItLinks() {
    Catalog c = school();
    String question = "titles of the courses each student takes";
    List<QualifiedName> off = search(c, Tuning.defaults().with(w -> w.bridgeSources = 0),
        question);
    assertThat(off.subList(0, 2)).containsExactlyInAnyOrder(id("STUDENTS"), id("COURSES"));
    assertThat(off.indexOf(id("ENROLMENTS"))).isGreaterThanOrEqualTo(4);

    List<SearchHit> hits = keywordSearch(c, Tuning.defaults(), question, 8);
    List<QualifiedName> on = tables(hits);
    assertThat(on.indexOf(id("ENROLMENTS"))).isEqualTo(Tuning.defaults().bridgeRank() - 1);
    // the others keep their order
    List<QualifiedName> rest = on.stream().filter(q -> !q.equals(id("ENROLMENTS"))).toList();
    assertThat(rest).isEqualTo(off.stream().filter(q -> !q.equals(id("ENROLMENTS"))).toList());
    SearchHit bridge = hits.get(on.indexOf(id("ENROLMENTS")));
    assertThat(bridge.why()).contains("links ").contains("STUDENTS").contains("COURSES");
    assertThat(bridge.score()).isBetween(hits.get(4).score(), hits.get(2).score());
  }

  @Test
  void tablesThatJoinDirectly_needNoBridge() {
    // the award table joins the students: nothing links them but themselves
    Catalog c = Catalog.of(List.of(
        t("STUDENTS", "STUDENT_ID", "FULL_NAME"),
        t("STUDENT_AWARDS", "AWARD_ID", "STUDENT_ID", "AWARD_NAME"),
        t("AWARD_CEREMONIES", "CEREMONY_ID", "AWARD_ID", "HELD_ON"),
        t("STUDENT_CLUBS", "CLUB_ID", "STUDENT_ID", "CLUB_NAME")));
    String question = "award names of each student";
    assertThat(search(c, Tuning.defaults(), question))
        .isEqualTo(search(c, Tuning.defaults().with(w -> w.bridgeSources = 0), question));
  }

  @Test
  void aBridgeAlreadyRankedHigh_keepsItsPlace() {
    Catalog c = school();
    // enrolments are named: ranked by their words, not lifted
    String question = "student course enrolments";
    List<QualifiedName> on = search(c, Tuning.defaults(), question);
    assertThat(on.indexOf(id("ENROLMENTS"))).isLessThan(Tuning.defaults().bridgeRank());
    assertThat(on).isEqualTo(search(c, Tuning.defaults().with(w -> w.bridgeSources = 0),
        question));
  }

  @Test
  void bridgeRank_isWhereTheLinkTableLands() {
    Catalog c = school();
    String question = "titles of the courses each student takes";
    List<QualifiedName> third = search(c, Tuning.defaults().with(w -> w.bridgeRank = 3),
        question);
    assertThat(third.indexOf(id("ENROLMENTS"))).isEqualTo(2);
  }
}
