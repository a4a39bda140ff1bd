package dev.snowchat.schemaindex;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Each inference rule on a small catalog, seen through {@link JoinGraph#edges()}. */
class JoinGraphInferenceTest {
  static final String DB = "SHOP";

  static QualifiedName q(String name) {
    return q(DB, name);
  }

  static QualifiedName q(String db, String name) {
    return QualifiedName.of(db, "PUBLIC", name);
  }

  /** A table whose columns are given as "NAME TYPE" pairs. */
  static TableInfo tableIn(String db, String name, String... columns) {
    List<ColumnInfo> cols = new ArrayList<>();
    for (String c : columns) {
      int space = c.lastIndexOf(' ');
      cols.add(ColumnInfo.of(c.substring(0, space), c.substring(space + 1)));
    }
    return TableInfo.builder(q(db, name)).columns(cols).build();
  }

  static TableInfo table(String name, String... columns) {
    return tableIn(DB, name, columns);
  }

  static JoinGraph graph(TableInfo... tables) {
    return JoinGraph.build(Catalog.of(Arrays.asList(tables)));
  }

  /** Edges as "FROM.COL -> TO.COL" strings, in graph order. */
  static List<String> links(JoinGraph g) {
    return g.edges().stream()
        .map(e -> e.fromTable().name() + "." + String.join(",", e.fromColumns()) + " -> "
            + e.toTable().name() + "." + String.join(",", e.toColumns()))
        .toList();
  }

  @Test
  void xId_namesTablePluralOrSingular() {
    JoinGraph g = graph(
        table("CUSTOMERS", "CUSTOMER_ID NUMBER", "NAME VARCHAR"),
        table("ORDERS", "ORDER_ID NUMBER", "CUSTOMER_ID NUMBER", "AMOUNT NUMBER"));

    assertThat(links(g)).containsExactly("ORDERS.CUSTOMER_ID -> CUSTOMERS.CUSTOMER_ID");
    JoinEdge e = g.edges().get(0);
    assertThat(e.source()).isEqualTo(EdgeSource.INFERRED);
    assertThat(e.confidence()).isEqualTo(0.9);
    assertThat(e.evidence()).isEqualTo("column ORDERS.CUSTOMER_ID names table CUSTOMERS"
        + " (joins CUSTOMERS.CUSTOMER_ID, NUMBER)");
  }

  @Test
  void xId_iesPluralAndCamelCase() {
    JoinGraph g = graph(
        table("CATEGORIES", "Id INTEGER", "Name TEXT"),
        table("PRODUCTS", "Id INTEGER", "CategoryId INTEGER"));

    assertThat(links(g)).containsExactly("PRODUCTS.CategoryId -> CATEGORIES.Id");
  }

  @Test
  void xKey_withTableAliasPrefix() {
    JoinGraph g = graph(
        table("NATION", "n_nationkey INTEGER", "n_name TEXT"),
        table("SUPPLIER", "s_suppkey INTEGER", "s_nationkey INTEGER"));

    assertThat(links(g)).containsExactly("SUPPLIER.s_nationkey -> NATION.n_nationkey");
  }

  @Test
  void xCode_joinsTheCodeColumn() {
    JoinGraph g = graph(
        table("COUNTRY", "CODE VARCHAR", "NAME VARCHAR"),
        table("CITY", "ID NUMBER", "COUNTRY_CODE VARCHAR"));

    assertThat(links(g)).containsExactly("CITY.COUNTRY_CODE -> COUNTRY.CODE");
  }

  @Test
  void xNo_namesTable() {
    JoinGraph g = graph(
        table("DISTRICT", "district_no INTEGER", "district_name TEXT"),
        table("CRIME", "report_no INTEGER", "district_no INTEGER"));

    assertThat(links(g)).containsExactly("CRIME.district_no -> DISTRICT.district_no");
  }

  @Test
  void dimAndFactPrefixes_areNotPartOfTheEntityName() {
    JoinGraph g = graph(
        table("DIM_VENDOR", "VENDOR_ID NUMBER", "VENDOR_NAME VARCHAR"),
        table("FACT_SHIPMENT", "SHIPMENT_ID NUMBER", "VENDOR_ID NUMBER"),
        table("SHIPMENT_EVENTS", "EVENT_ID NUMBER", "SHIPMENT_ID NUMBER"));

    assertThat(links(g)).containsExactly(
        "FACT_SHIPMENT.VENDOR_ID -> DIM_VENDOR.VENDOR_ID",
        "SHIPMENT_EVENTS.SHIPMENT_ID -> FACT_SHIPMENT.SHIPMENT_ID");
    assertThat(g.edges().get(0).evidence())
        .startsWith("column FACT_SHIPMENT.VENDOR_ID names table DIM_VENDOR");
  }

  @Test
  void roleSuffixDigits_areIgnored() {
    JoinGraph g = graph(
        table("GENES", "GeneID TEXT", "Essential TEXT"),
        table("INTERACTIONS", "GeneID1 TEXT", "GeneID2 TEXT", "Expression REAL"));

    assertThat(links(g)).containsExactly(
        "INTERACTIONS.GeneID1 -> GENES.GeneID", "INTERACTIONS.GeneID2 -> GENES.GeneID");
  }

  @Test
  void columnNamedLikeDeclaredPrimaryKey_joinsIt() {
    TableInfo accounts = TableInfo.builder(q("ACCOUNTS"))
        .columns(List.of(ColumnInfo.of("ACCT", "NUMBER"), ColumnInfo.of("OPENED", "DATE")))
        .primaryKey(List.of("ACCT"))
        .build();
    JoinGraph g = graph(accounts, table("TRANSFERS", "TRANSFER_ID NUMBER", "ACCT NUMBER"));

    assertThat(links(g)).containsExactly("TRANSFERS.ACCT -> ACCOUNTS.ACCT");
    assertThat(g.edges().get(0).evidence()).contains("is named like the key of table ACCOUNTS");
  }

  @Test
  void columnNamedLikeFirstColumnOfTheMostSpecificTable_joinsIt() {
    JoinGraph g = graph(
        table("ZIP_DATA", "zip_code INTEGER", "city TEXT", "population INTEGER", "latitude REAL"),
        table("ALIAS", "zip_code INTEGER", "alias TEXT"),
        table("AVOID", "zip_code INTEGER", "bad_alias TEXT"));

    // ZIP_DATA has the most columns found nowhere else; siblings do not link to each other
    assertThat(links(g)).containsExactly(
        "ALIAS.zip_code -> ZIP_DATA.zip_code", "AVOID.zip_code -> ZIP_DATA.zip_code");
  }

  @Test
  void firstColumnOfATableKeyedByAnotherColumn_isNotAnOwner() {
    JoinGraph g = graph(
        table("PROFILES", "user_id INTEGER", "bio TEXT"),
        table("POSTS", "user_id INTEGER", "post_id INTEGER", "body TEXT", "posted DATE"),
        table("LIKES", "like_id INTEGER", "user_id INTEGER"));

    // POSTS starts with user_id but is keyed by post_id: it refers to the user, it is no owner
    assertThat(links(g)).containsExactly(
        "LIKES.user_id -> PROFILES.user_id", "POSTS.user_id -> PROFILES.user_id");
  }

  @Test
  void linkTable_whoseColumnsAllReferToOthers_ownsNoKey() {
    JoinGraph g = graph(
        table("LAKE", "Name TEXT", "Area REAL"),
        table("COUNTRY", "Code TEXT", "Name TEXT"),
        table("GEO_LAKE", "Lake TEXT", "Country TEXT"),
        table("RIVER", "Name TEXT", "Lake TEXT", "Length REAL"));

    // GEO_LAKE only pairs lakes with countries; RIVER.Lake does not refer to it
    assertThat(links(g)).doesNotContain("RIVER.Lake -> GEO_LAKE.Lake");
  }

  @Test
  void tableNameEvidence_beatsAFirstColumnMatch() {
    JoinGraph g = graph(
        table("EVENT", "event_id TEXT", "event_name TEXT"),
        table("MEMBER", "member_id TEXT", "first_name TEXT"),
        table("ATTENDANCE", "link_to_event TEXT", "link_to_member TEXT"),
        table("BUDGET", "budget_id TEXT", "spent REAL", "link_to_event TEXT"));

    // ATTENDANCE also starts with link_to_event, but the name points at EVENT
    assertThat(links(g)).contains("BUDGET.link_to_event -> EVENT.event_id")
        .doesNotContain("BUDGET.link_to_event -> ATTENDANCE.link_to_event");
  }

  @Test
  void sharedKey_joinsTheTableTheReferrerIsNamedAfter() {
    JoinGraph g = graph(
        table("BUSINESSENTITY", "BusinessEntityID INTEGER", "rowguid TEXT"),
        table("PERSON", "BusinessEntityID INTEGER", "FirstName TEXT"),
        table("EMPLOYEE", "BusinessEntityID INTEGER", "JobTitle TEXT"),
        table("EMPLOYEE_PAY_HISTORY", "BusinessEntityID INTEGER", "Rate REAL"),
        table("VENDOR", "BusinessEntityID INTEGER", "CreditRating INTEGER"),
        table("PRODUCTVENDOR", "ProductID INTEGER", "BusinessEntityID INTEGER"),
        table("PRODUCT", "ProductID INTEGER", "ListPrice REAL"),
        table("PASSWORD", "BusinessEntityID INTEGER", "PasswordHash TEXT"),
        table("CONTACT", "ContactID INTEGER", "PersonID INTEGER"));

    // the most specific holder of the key that the table is named after; else the key's root
    assertThat(links(g)).contains(
        "EMPLOYEE_PAY_HISTORY.BusinessEntityID -> EMPLOYEE.BusinessEntityID",
        "PRODUCTVENDOR.BusinessEntityID -> VENDOR.BusinessEntityID",
        "PASSWORD.BusinessEntityID -> BUSINESSENTITY.BusinessEntityID",
        "EMPLOYEE.BusinessEntityID -> BUSINESSENTITY.BusinessEntityID",
        "CONTACT.PersonID -> PERSON.BusinessEntityID");
    assertThat(links(g)).filteredOn(l -> l.startsWith("EMPLOYEE_PAY_HISTORY.")).hasSize(1);
    JoinEdge e = g.neighbors(q("EMPLOYEE_PAY_HISTORY")).get(0);
    assertThat(e.evidence()).contains("names table BUSINESSENTITY",
        "table EMPLOYEE_PAY_HISTORY is named after table EMPLOYEE, which holds the same key");
    assertThat(e.confidence()).isEqualTo(0.9);
  }

  @Test
  void sharedKeyWithoutANamedRoot_staysWithItsOwner() {
    JoinGraph g = graph(
        table("MASTER", "playerID TEXT", "firstName TEXT", "lastName TEXT", "height REAL"),
        table("GOALIES", "playerID TEXT", "year INTEGER", "GP INTEGER"),
        table("GOALIESSC", "playerID TEXT", "year INTEGER", "W INTEGER"));

    // GOALIESSC is named after GOALIES, but both are siblings under the key's owner MASTER
    assertThat(links(g)).containsExactly(
        "GOALIES.playerID -> MASTER.playerID", "GOALIESSC.playerID -> MASTER.playerID");
  }

  @Test
  void equalEvidenceForSiblings_resolvesToTheKeysOwner() {
    JoinGraph g = graph(
        table("SCHOOLS", "CDSCode TEXT", "County TEXT", "Street TEXT", "City TEXT"),
        table("FRPM", "CDSCode TEXT", "Enrollment INTEGER"),
        table("SATSCORES", "cds TEXT", "sname TEXT"));

    // cds is the stem of both CDSCode keys; SCHOOLS owns the key that FRPM shares
    assertThat(links(g)).containsExactly(
        "FRPM.CDSCode -> SCHOOLS.CDSCode", "SATSCORES.cds -> SCHOOLS.CDSCode");
  }

  @Test
  void targetColumn_mustLookLikeAKey() {
    JoinGraph g = graph(
        table("STATUS", "statusId INTEGER", "status TEXT"),
        table("RESULTS", "resultId INTEGER", "statusId INTEGER"),
        table("CONSTRUCTOR_RESULTS", "constructorResultsId INTEGER", "status TEXT"),
        table("REGIONS", "StateCode TEXT", "State TEXT", "Region TEXT"),
        table("SALES_TEAM", "SalesTeamID INTEGER", "Region TEXT"));

    // STATUS.status and REGIONS.Region are labels, not keys: the same name is not a reference
    assertThat(links(g)).containsExactly("RESULTS.statusId -> STATUS.statusId");
  }

  @Test
  void columnNamedExactlyLikeATable_joinsItsKey() {
    JoinGraph g = graph(
        table("PATIENTS", "patient TEXT", "birthdate DATE"),
        table("ENCOUNTERS", "ID TEXT", "PATIENT TEXT", "DATE DATE"),
        table("ALLERGIES", "START DATE", "PATIENT TEXT", "ENCOUNTER TEXT"));

    assertThat(links(g)).containsExactly(
        "ALLERGIES.ENCOUNTER -> ENCOUNTERS.ID",
        "ALLERGIES.PATIENT -> PATIENTS.patient",
        "ENCOUNTERS.PATIENT -> PATIENTS.patient");
  }

  @Test
  void columnEndingWithATableName_joinsItsKey() {
    JoinGraph g = graph(
        table("MEMBER", "member_id TEXT", "first_name TEXT"),
        table("ATTENDANCE", "link_to_event TEXT", "link_to_member TEXT"),
        table("COUNTRY", "Country_Id INTEGER", "Country_Name TEXT"),
        table("UMPIRE", "Umpire_Id INTEGER", "Umpire_Country INTEGER"));

    assertThat(links(g)).containsExactly(
        "ATTENDANCE.link_to_member -> MEMBER.member_id",
        "UMPIRE.Umpire_Country -> COUNTRY.Country_Id");
    assertThat(g.edges().get(0).confidence()).isEqualTo(0.55);
  }

  @Test
  void abbreviation_joinsTheTableItAbbreviates() {
    JoinGraph g = graph(
        table("TEAMS", "year INTEGER", "tmID TEXT", "name TEXT"),
        table("COACHES", "coachID TEXT", "year INTEGER", "tmID TEXT"),
        table("PUBLISHERS", "pub_id TEXT", "pub_name TEXT"),
        table("TITLES", "title_id TEXT", "pub_id TEXT"));

    assertThat(links(g)).contains(
        "COACHES.tmID -> TEAMS.tmID", "TITLES.pub_id -> PUBLISHERS.pub_id");
  }

  @Test
  void keyStem_joinsTheTableKeyedByStemId() {
    JoinGraph g = graph(
        table("WEIGHT_INFO", "weight_id INTEGER", "weight_in_kg INTEGER"),
        table("PLAYERS", "player_id INTEGER", "weight INTEGER"));

    assertThat(links(g)).containsExactly("PLAYERS.weight -> WEIGHT_INFO.weight_id");
  }

  @Test
  void incompatibleTypes_rejectTheEdge() {
    JoinGraph g = graph(
        table("CUSTOMERS", "CUSTOMER_ID NUMBER(38,0)", "NAME VARCHAR"),
        table("ORDERS", "ORDER_ID NUMBER(38,0)", "CUSTOMER_ID VARCHAR(20)"));

    assertThat(g.edges()).isEmpty();
  }

  @Test
  void unknownTypes_doNotRejectTheEdge() {
    JoinGraph g = graph(
        table("CUSTOMERS", "CUSTOMER_ID ", "NAME "),
        table("ORDERS", "ORDER_ID ", "CUSTOMER_ID "));

    assertThat(links(g)).containsExactly("ORDERS.CUSTOMER_ID -> CUSTOMERS.CUSTOMER_ID");
  }

  @Test
  void genericIdColumns_doNotFormAHub() {
    JoinGraph g = graph(
        table("A", "id INTEGER", "name TEXT"),
        table("B", "id INTEGER", "name TEXT", "status TEXT"),
        table("C", "id INTEGER", "type TEXT", "date DATE"));

    assertThat(g.edges()).isEmpty();
  }

  @Test
  void aTablesOwnKey_isNotAReference() {
    JoinGraph g = graph(
        table("RACES", "raceId INTEGER", "name TEXT"),
        table("RESULTS", "resultId INTEGER", "raceId INTEGER"));

    assertThat(links(g)).containsExactly("RESULTS.raceId -> RACES.raceId");
  }

  @Test
  void crossDatabase_isNeverLinked() {
    JoinGraph g = graph(
        tableIn("SALES", "CUSTOMERS", "CUSTOMER_ID NUMBER"),
        tableIn("CRM", "ORDERS", "ORDER_ID NUMBER", "CUSTOMER_ID NUMBER"),
        tableIn("CRM", "CONTACTS", "CONTACT_ID NUMBER", "CUSTOMER_ID NUMBER"));

    assertThat(g.edges()).isEmpty();
    assertThat(g.joinPath(q("CRM", "ORDERS"), q("SALES", "CUSTOMERS"))).isEmpty();
  }

  @Test
  void declaredEdges_areKeptMarkedAndNotDuplicatedByInference() {
    TableInfo orders = TableInfo.builder(q("ORDERS"))
        .columns(List.of(ColumnInfo.of("ORDER_ID", "NUMBER"),
            ColumnInfo.of("CUSTOMER_ID", "NUMBER"), ColumnInfo.of("SHIP_TO", "NUMBER")))
        .foreignKeys(List.of(
            new ForeignKey(List.of("CUSTOMER_ID"), q("CUSTOMERS"), List.of("CUSTOMER_ID")),
            new ForeignKey(List.of("SHIP_TO"), q("ADDRESSES"), List.of("ADDRESS_ID"))))
        .build();
    JoinGraph g = graph(orders,
        table("CUSTOMERS", "CUSTOMER_ID NUMBER"),
        table("ADDRESSES", "ADDRESS_ID NUMBER"));

    assertThat(g.edges()).hasSize(2).allSatisfy(e -> {
      assertThat(e.source()).isEqualTo(EdgeSource.DECLARED);
      assertThat(e.evidence()).isEqualTo("declared FK");
      assertThat(e.confidence()).isEqualTo(1.0);
    });
    assertThat(g.edges(EdgeSource.DECLARED)).hasSize(2);
    assertThat(g.edges(EdgeSource.INFERRED)).isEmpty();
  }

  @Test
  void declaredKeyToATableOutsideTheCatalog_isDropped() {
    TableInfo orders = TableInfo.builder(q("ORDERS"))
        .columns(List.of(ColumnInfo.of("CUSTOMER_ID", "NUMBER")))
        .foreignKeys(List.of(
            new ForeignKey(List.of("CUSTOMER_ID"), q("OTHER", "CUSTOMERS"), List.of("ID"))))
        .build();

    assertThat(graph(orders).edges()).isEmpty();
  }

  @Test
  void options_declaredOnlyAndMinConfidence() {
    Catalog c = Catalog.of(List.of(
        table("CUSTOMERS", "CUSTOMER_ID NUMBER", "NAME VARCHAR"),
        table("ORDERS", "ORDER_ID NUMBER", "CUSTOMER_ID NUMBER"),
        table("WEIGHT_INFO", "weight_id INTEGER"),
        table("PLAYERS", "player_id INTEGER", "weight INTEGER")));

    assertThat(JoinGraph.build(c).edgeCount()).isEqualTo(2);
    assertThat(JoinGraph.build(c, InferenceOptions.declaredOnly()).edgeCount()).isZero();
    assertThat(links(JoinGraph.build(c, InferenceOptions.defaults().withMinConfidence(0.8))))
        .containsExactly("ORDERS.CUSTOMER_ID -> CUSTOMERS.CUSTOMER_ID");
  }
}
