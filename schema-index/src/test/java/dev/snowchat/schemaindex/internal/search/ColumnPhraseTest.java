package dev.snowchat.schemaindex.internal.search;

import static dev.snowchat.schemaindex.internal.search.SearchEngineTest.table;
import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.schemaindex.QualifiedName;
import dev.snowchat.schemaindex.TableInfo;
import dev.snowchat.schemaindex.TableKind;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Which tables hold a column that a question names by all its words. */
class ColumnPhraseTest {
  static final TableInfo HOSTS = table(QualifiedName.of("AIRBNB", "ANALYTICS", "DIM_HOSTS"),
      TableKind.TABLE, null, "HOST_ID", "HOST_NAME", "IS_SUPERHOST", "RESPONSE_RATE");
  static final TableInfo PERFORMANCE = table(
      QualifiedName.of("AIRBNB", "ANALYTICS", "VW_HOST_PERFORMANCE"), TableKind.VIEW, null,
      "HOST_ID", "HOST_NAME", "REVIEWS_COUNT", "AVG_RATING");
  static final TableInfo OCCUPANCY = table(
      QualifiedName.of("AIRBNB", "ANALYTICS", "VW_LISTING_OCCUPANCY"), TableKind.VIEW, null,
      "LISTING_ID", "NIGHTS_BOOKED", "ESTIMATED_REVENUE", "OCCUPANCY_RATE");
  static final TableInfo ORDERS = table(QualifiedName.of("CYCLES", "PUBLIC", "SALESORDERHEADER"),
      TableKind.TABLE, null, "SALESORDERID", "ORDERDATE", "FREIGHT");
  static final TableInfo HOST_LISTINGS = table(QualifiedName.of("AIRBNB", "RAW", "HOST_LISTINGS"),
      TableKind.TABLE, null, "HOST_LISTING_ID", "LISTED_ON");

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      // every word of a column of two or more words
      "host response rate | DIM_HOSTS",
      "nights booked per listing | VW_LISTING_OCCUPANCY",
      "estimated revenue per listing | VW_LISTING_OCCUPANCY",
      // an aggregate word is no part of a phrase: AVG_RATING is one word, rating, as
      // REVIEWS_COUNT is (count is a stop word)
      "average rating per month | ''",
      "mean rating | ''",
      "reviews count | ''",
      // run-together column names count by their words
      "sales orders by order date | SALESORDERHEADER",
      // one word of a column, or only stop words beside one (HOST_NAME, HOST_ID): none
      "host names | ''",
      "response times of hosts | ''",
      "occupancy rate | VW_LISTING_OCCUPANCY",
      // a column whose words all belong to the table's own name: no evidence of the column
      "host listings | ''"})
  void hasPhrase(String question, String expected) {
    Set<String> words = new HashSet<>(Words.queryTerms(question));
    Set<String> matched = new HashSet<>();
    for (TableInfo t : new TableInfo[] {HOSTS, PERFORMANCE, OCCUPANCY, ORDERS, HOST_LISTINGS}) {
      if (ColumnPhrase.hasPhrase(t, words)) {
        matched.add(t.id().name());
      }
    }
    assertThat(matched).isEqualTo(expected.isEmpty() ? Set.of() : Set.of(expected));
  }
}
