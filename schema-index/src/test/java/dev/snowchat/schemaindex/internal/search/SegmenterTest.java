package dev.snowchat.schemaindex.internal.search;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Run-together identifiers split into English words; everything else is kept. The names are
 * those of a Snowflake warehouse whose tables were created unquoted from CamelCase (AdventureWorks
 * as BIRD's WORKS_CYCLES lists it), and the kept words are the ones a split would spoil.
 */
class SegmenterTest {
  @ParameterizedTest
  @CsvSource({
      "salesorderheader, sales order header",
      "billofmaterials, bill of materials",
      "countryregioncurrency, country region currency",
      "productmodelproductdescriptionculture, product model product description culture",
      "userid, user id",
      "orderdate, order date",
      "shoppingcartitem, shopping cart item",
      "employeepayhistory, employee pay history",
      "zipcode, zip code",
      "lineitem, line item",
      "isactive, is active",
      "ipaddress, ip address",
      "createdat, created at",
      "loginid, login id",
      "mountainonisland, mountain on island",
      "orderqty, order qty",
      "custkey, cust key"})
  void split_runTogetherNames_giveTheirWords(String word, String words) {
    assertThat(Segmenter.split(word)).containsExactly(words.split(" "));
  }

  @ParameterizedTest
  @ValueSource(strings = {
      // known words, also with common endings
      "password", "customer", "discounts", "calories", "beneficiaries", "affiliations",
      "allergies", "constructors", "cheapest", "invoice", "albumin", "inpatient",
      // too short (abbreviations more often than compounds), or a piece not a word
      "cbsa", "acctbal",
      // no split into known words, or only with an ending as a word
      "rowguid", "toughness", "trialist", "billable", "bromine",
      // not only letters
      "address2", "col_1"})
  void split_otherWords_areKept(String word) {
    assertThat(Segmenter.split(word)).isNull();
  }

  @ParameterizedTest
  @CsvSource({
      "SALESORDERHEADER, salesorderheader sale order header",
      "SalesOrderHeader, sale order header",
      "PURCHASEORDERDETAIL_ID, purchaseorderdetail purchase order detail id",
      "ORDERS, order"})
  void name_keepsTheWordAndAddsItsParts(String identifier, String words) {
    assertThat(Words.name(identifier)).containsExactly(words.split(" "));
  }

  @ParameterizedTest
  @CsvSource({
      "SALESORDERHEADER, sales order header",
      "BillOfMaterials, bill of materials",
      "WORKORDER_ROUTING, work order routing"})
  void splitName_replacesTheWordByItsParts(String identifier, String words) {
    assertThat(Words.splitName(identifier)).containsExactly(words.split(" "));
  }

  @ParameterizedTest
  @CsvSource({
      "Which orders did Castellaneta place at the superstore?, order castellaneta place superstore",
      "How many salesorderheader rows?, salesorderheader row"})
  void query_isNotSplit(String question, String words) {
    // questions are prose: a name such as Castellaneta would split into noise
    assertThat(Words.query(question)).containsExactly(words.split(" "));
  }
}
