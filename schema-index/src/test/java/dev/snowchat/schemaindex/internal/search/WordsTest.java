package dev.snowchat.schemaindex.internal.search;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class WordsTest {
  @Test
  void split_snakeCase_splitsOnUnderscores() {
    assertThat(Words.split("FACT_REVENUE_BY_COUNTRY"))
        .containsExactly("fact", "revenue", "by", "country");
  }

  @Test
  void split_camelCase_splitsHumpsAndAcronyms() {
    assertThat(Words.split("customerOrderID")).containsExactly("customer", "order", "id");
    assertThat(Words.split("XMLHttpRequest")).containsExactly("xml", "http", "request");
  }

  @Test
  void split_digits_areSeparateWords() {
    assertThat(Words.split("address2Line")).containsExactly("address", "2", "line");
    assertThat(Words.split("Free Meal Count (K-12)"))
        .containsExactly("free", "meal", "count", "k", "12");
  }

  @Test
  void of_abbreviations_areExpanded() {
    assertThat(Words.of("CUST_ADDR")).containsExactly("customer", "address");
    assertThat(Words.of("order_qty")).containsExactly("order", "quantity");
    assertThat(Words.of("dob")).containsExactly("birth", "date");
  }

  @Test
  void of_plurals_areStemmed() {
    assertThat(Words.of("CUSTOMERS categories boxes superheroes address"))
        .containsExactly("customer", "category", "box", "superhero", "address");
  }

  @Test
  void query_dropsQuestionWordsAndNumbers() {
    assertThat(Words.query("How many customers placed orders in 2020?"))
        .containsExactly("customer", "placed", "order");
  }
}
