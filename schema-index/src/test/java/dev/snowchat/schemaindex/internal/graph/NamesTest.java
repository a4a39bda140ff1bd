package dev.snowchat.schemaindex.internal.graph;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class NamesTest {
  @Test
  void words_splitSnakeCamelAcronymsAndSpaces() {
    assertThat(Names.words("OwnerUserId")).containsExactly("owner", "user", "id");
    assertThat(Names.words("HTMLParser")).containsExactly("html", "parser");
    assertThat(Names.words("tmIDWinner")).containsExactly("tm", "id", "winner");
    assertThat(Names.words("Customer ID")).containsExactly("customer", "id");
    assertThat(Names.words("_ProductID")).containsExactly("product", "id");
    assertThat(Names.words("GeneID1")).containsExactly("gene", "id1");
    assertThat(Names.words("%")).isEmpty();
  }

  @Test
  void norm_isTheWordsJoined() {
    assertThat(Names.norm("Customer_ID")).isEqualTo("customerid")
        .isEqualTo(Names.norm("customerId"));
    assertThat(Names.norm("SALES ORDERS")).isEqualTo(String.join("", Names.words("SALES ORDERS")));
  }

  @Test
  void variants_singularForms() {
    assertThat(Names.variants("categories")).containsExactly("categories", "category", "categori",
        "categorie");
    assertThat(Names.variants("users")).containsExactly("users", "user");
    assertThat(Names.variants("boxes")).containsExactly("boxes", "box", "boxe");
    assertThat(Names.variants("address")).containsExactly("address");
    // irregular plurals: whole words, and "people" at the end of a name
    assertThat(Names.variants("people")).containsExactly("people", "person");
    assertThat(Names.variants("salespeople")).containsExactly("salespeople", "salesperson");
    assertThat(Names.variants("women")).containsExactly("women", "woman");
    assertThat(Names.variants("specimen")).containsExactly("specimen");
    assertThat(Names.variants("omen")).containsExactly("omen");
    assertThat(Names.variants("us")).containsExactly("us");
  }

  @Test
  void tableBase_dropsWarehousePrefixes() {
    assertThat(Names.tableBase("DIM_VENDOR")).isEqualTo("vendor");
    assertThat(Names.tableBase("FACT_SALES")).isEqualTo("sales");
    assertThat(Names.tableBase("DIM")).isEqualTo("dim");
    assertThat(Names.tableFirstWord("TBL_PUBLISHERS_INFO")).isEqualTo("publishers");
  }

  @Test
  void keySplit_recognisesKeySuffixes() {
    assertThat(Names.keySplit("CUSTOMER_ID")).isEqualTo(new Names.KeySplit(
        java.util.List.of("customer"), "id"));
    assertThat(Names.keySplit("o_custkey").base()).containsExactly("o", "cust");
    assertThat(Names.keySplit("o_custkey").unprefixed()).containsExactly("cust");
    assertThat(Names.keySplit("CountryCode").keyWord()).isEqualTo("code");
    assertThat(Names.keySplit("license_no").keyWord()).isEqualTo("no");
    assertThat(Names.keySplit("station_nbr").keyWord()).isEqualTo("nbr");
    assertThat(Names.keySplit("atom_id2").base()).containsExactly("atom");
    assertThat(Names.keySplit("salesRepEmployeeNumber")).isEqualTo(new Names.KeySplit(
        java.util.List.of("sales", "rep", "employee"), "number"));
    assertThat(Names.keySplit("state_abbrev").keyWord()).isEqualTo("abbrev");
    assertThat(Names.keySplit("StateAbbreviation").base()).containsExactly("state");
    assertThat(Names.keySplit("number")).isNull();
    assertThat(Names.keySplit("Team_1")).isNull();
    assertThat(Names.keySplit("ID")).isNull();
    assertThat(Names.keySplit("NAME")).isNull();
  }

  @Test
  void typeClass_compatibility() {
    assertThat(TypeClass.compatible("NUMBER(38,0)", "integer")).isTrue();
    assertThat(TypeClass.compatible("VARCHAR(16777216)", "text")).isTrue();
    assertThat(TypeClass.compatible("NUMBER(38,0)", "VARCHAR")).isFalse();
    assertThat(TypeClass.compatible("DATE", "TIMESTAMP_NTZ")).isTrue();
    assertThat(TypeClass.compatible("", "VARCHAR")).isTrue();
  }
}
