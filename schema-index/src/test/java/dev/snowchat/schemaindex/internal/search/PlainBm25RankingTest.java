package dev.snowchat.schemaindex.internal.search;

import static dev.snowchat.schemaindex.internal.search.SearchEngineTest.table;
import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.schemaindex.Catalog;
import dev.snowchat.schemaindex.Glossary;
import dev.snowchat.schemaindex.JoinGraph;
import dev.snowchat.schemaindex.QualifiedName;
import dev.snowchat.schemaindex.SearchHit;
import dev.snowchat.schemaindex.SearchRequest;
import dev.snowchat.schemaindex.TableKind;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The plain BM25 table scores (one field of a table's name words, twice, and its column words):
 * in the database routing ({@link Tuning#dbBm25()}) and in the fused table score ({@link
 * Tuning#tableBm25()}), keyword-only and hashing providers.
 */
class PlainBm25RankingTest {
  /** A database whose name and many tables share one question word ("movie"). */
  static final QualifiedName GENRE = QualifiedName.of("MOVIE", "PUBLIC", "MOVIE_GENRE");
  static final QualifiedName CAST = QualifiedName.of("MOVIE", "PUBLIC", "MOVIE_CAST");
  static final QualifiedName KEYWORD = QualifiedName.of("MOVIE", "PUBLIC", "MOVIE_KEYWORD");
  /** A database with one table that holds every other word of the question. */
  static final QualifiedName FINANCIALS =
      QualifiedName.of("STUDIO", "PUBLIC", "FILM_FINANCIALS");
  static final QualifiedName CREW = QualifiedName.of("STUDIO", "PUBLIC", "CREW");

  static Catalog catalog() {
    return Catalog.of(List.of(
        table(GENRE, TableKind.TABLE, null, "MOVIE_ID", "GENRE_NAME"),
        table(CAST, TableKind.TABLE, null, "MOVIE_ID", "ACTOR_NAME", "CHARACTER_NAME"),
        table(KEYWORD, TableKind.TABLE, null, "MOVIE_ID", "KEYWORD_NAME"),
        table(FINANCIALS, TableKind.TABLE, null, "FILM_ID", "BUDGET", "REVENUE",
            "GROSS_PROFIT", "RELEASE_YEAR"),
        table(CREW, TableKind.TABLE, null, "FILM_ID", "PERSON_NAME", "JOB")));
  }

  static List<QualifiedName> search(Tuning tuning, String query) {
    Catalog c = catalog();
    try (SearchEngine e = SearchEngine.build(c, Glossary.empty(), null, JoinGraph.build(c),
        tuning)) {
      return e.search(SearchRequest.of(query, 5)).stream().map(SearchHit::table).toList();
    }
  }

  @Test
  void routing_followsTheDatabaseOfTheTableThatMatchesTheQuestion() {
    String q = "movie budget revenue gross profit by release year";
    // the database documents alone route to MOVIE: its name and every table name say "movie"
    Tuning without = Tuning.defaults().with(w -> {
      w.dbBm25 = 0;
      w.tableBm25 = 0;
    });
    assertThat(search(without, q).getFirst().database()).isEqualTo("MOVIE");
    // the best table's own score routes to STUDIO, whose table holds five of the six words
    assertThat(search(Tuning.defaults().with(w -> w.tableBm25 = 0), q).getFirst())
        .isEqualTo(FINANCIALS);
    assertThat(search(Tuning.defaults(), q).getFirst()).isEqualTo(FINANCIALS);
  }

  @Test
  void routing_isOffForARequestedDatabase() {
    Catalog c = catalog();
    try (SearchEngine e = SearchEngine.build(c, Glossary.empty(), null, JoinGraph.build(c),
        Tuning.defaults())) {
      List<SearchHit> hits = e.search(new SearchRequest(
          "movie budget revenue gross profit by release year", 5, "MOVIE", null, null, false));
      assertThat(hits).isNotEmpty().allMatch(h -> h.table().database().equals("MOVIE"));
    }
  }

  @Test
  void fusion_keepsHowMuchBetterTheFirstKeywordMatchIs() {
    // coherence off: the table scores alone; the second table matches one word of three
    Tuning rrfOnly = Tuning.defaults().with(w -> {
      w.coherence = 0;
      w.tableBm25 = 0;
    });
    Tuning withBm25 = Tuning.defaults().with(w -> w.coherence = 0);
    Catalog c = catalog();
    String q = "budget revenue of each film crew";
    try (SearchEngine rrf = SearchEngine.build(c, Glossary.empty(), null, JoinGraph.build(c),
        rrfOnly);
        SearchEngine bm25 = SearchEngine.build(c, Glossary.empty(), null, JoinGraph.build(c),
            withBm25)) {
      List<SearchHit> a = rrf.search(SearchRequest.of(q, 2));
      List<SearchHit> b = bm25.search(SearchRequest.of(q, 2));
      assertThat(a.getFirst().table()).isEqualTo(FINANCIALS);
      assertThat(b.getFirst().table()).isEqualTo(FINANCIALS);
      double rrfGap = a.get(1).score() / a.getFirst().score();
      double bm25Gap = b.get(1).score() / b.getFirst().score();
      // ranks alone put the second table within 2% of the first
      assertThat(rrfGap).isGreaterThan(0.98);
      assertThat(bm25Gap).isLessThan(rrfGap - 0.03);
    }
  }
}
