package dev.snowchat.schemaindex;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.sqlgate.testing.TestDatabases;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
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
  void roleNamedKey_namesTheTableAfterItsRoleWords() {
    JoinGraph g = graph(
        table("SHIP", "ship_id INTEGER", "name TEXT"),
        table("INCIDENT", "incident_id INTEGER", "caused_by_ship_id INTEGER", "day DATE"),
        table("USERS", "Id INTEGER", "DisplayName TEXT"),
        table("POSTS", "Id INTEGER", "OwnerUserId INTEGER", "LastEditorUserId INTEGER"));

    assertThat(links(g)).containsExactly(
        "INCIDENT.caused_by_ship_id -> SHIP.ship_id",
        "POSTS.LastEditorUserId -> USERS.Id",
        "POSTS.OwnerUserId -> USERS.Id");
    assertThat(g.neighbors(q("INCIDENT")).get(0).evidence())
        .isEqualTo("column INCIDENT.caused_by_ship_id names table SHIP in the role caused by"
            + " (joins SHIP.ship_id, INTEGER)");
    assertThat(g.neighbors(q("INCIDENT")).get(0).confidence()).isEqualTo(0.7);
  }

  @Test
  void roleNamedKey_isTheKeyOrColumnOfTheTableItNames() {
    JoinGraph g = graph(
        table("EMPLOYEES", "employeeNumber INTEGER", "lastName TEXT"),
        table("CUSTOMERS", "customerNumber INTEGER", "salesRepEmployeeNumber INTEGER"),
        table("TEAM", "id INTEGER", "team_api_id INTEGER", "team_long_name TEXT"),
        table("MATCH", "id INTEGER", "home_team_api_id INTEGER", "away_team_api_id INTEGER"));

    // the role-free rest is the referenced column (team_api_id, not TEAM's id)
    assertThat(links(g)).containsExactly(
        "CUSTOMERS.salesRepEmployeeNumber -> EMPLOYEES.employeeNumber",
        "MATCH.away_team_api_id -> TEAM.team_api_id",
        "MATCH.home_team_api_id -> TEAM.team_api_id");
  }

  @Test
  void roleNamedCount_isNoKey() {
    JoinGraph g = graph(
        table("MOVIES", "movie_id INTEGER", "title TEXT"),
        table("LISTS", "list_id INTEGER", "list_movie_number INTEGER"));

    // "number" may be a count: only a column of the same name (movie_number) would be its target
    assertThat(g.edges()).isEmpty();
  }

  @Test
  void keyFollowedByARole_isReadUpToItsKeyWord() {
    JoinGraph g = graph(
        table("TEAMS", "year INTEGER", "tmID TEXT", "name TEXT"),
        table("SERIESPOST", "year INTEGER", "tmIDWinner TEXT", "tmIDLoser TEXT", "W INTEGER"));

    assertThat(links(g)).containsExactly(
        "SERIESPOST.tmIDLoser -> TEAMS.tmID", "SERIESPOST.tmIDWinner -> TEAMS.tmID");
    assertThat(g.edges().get(0).evidence()).contains("is tm_id in the role loser");
  }

  @Test
  void selfRole_refersToItsOwnTable_unlessATableIsNamedAfterTheRole() {
    JoinGraph alone = graph(
        table("EMPLOYEES", "employee_id INTEGER", "manager_id INTEGER", "reports_to INTEGER"));
    assertThat(links(alone)).containsExactly(
        "EMPLOYEES.manager_id -> EMPLOYEES.employee_id",
        "EMPLOYEES.reports_to -> EMPLOYEES.employee_id");
    assertThat(alone.joinPath(q("EMPLOYEES"), q("EMPLOYEES"))).isPresent();

    JoinGraph withManagers = graph(
        table("EMPLOYEES", "employee_id INTEGER", "manager_id INTEGER"),
        table("MANAGERS", "manager_id INTEGER", "level INTEGER"));
    assertThat(links(withManagers)).containsExactly("EMPLOYEES.manager_id -> MANAGERS.manager_id");
  }

  @Test
  void numberNamedLikeALookupLabel_joinsTheLookupKey() {
    JoinGraph g = graph(
        table("BATTING_STYLE", "Batting_Id INTEGER", "Batting_hand TEXT"),
        table("COUNTRY", "origin INTEGER", "country TEXT"),
        table("PLAYER", "Player_Id INTEGER", "Batting_hand INTEGER", "country INTEGER"),
        table("CLUB", "Club_Id INTEGER", "Batting_hand TEXT"),
        table("ZIP_CONGRESS", "zip_code INTEGER", "district TEXT"),
        table("CONGRESS", "rep_id TEXT", "district INTEGER"));

    // a text Batting_hand is the label itself, not a code; ZIP_CONGRESS.zip_code is no code of
    // a district
    assertThat(links(g)).containsExactly(
        "PLAYER.Batting_hand -> BATTING_STYLE.Batting_Id", "PLAYER.country -> COUNTRY.origin");
    assertThat(g.neighbors(q("PLAYER"))).anySatisfy(e -> assertThat(e.evidence()).isEqualTo(
        "column PLAYER.Batting_hand is a number named like the label BATTING_STYLE.Batting_hand,"
            + " so it holds its code (joins BATTING_STYLE.Batting_Id, INTEGER)"));
  }

  @Test
  void keyNamingTheLastWordsOfOneTable_joinsIt() {
    JoinGraph g = graph(
        table("NOC_REGION", "id INTEGER", "noc TEXT", "region_name TEXT"),
        table("PERSON_REGION", "person_id INTEGER", "region_id INTEGER"),
        table("PERSON", "id INTEGER", "full_name TEXT"));

    assertThat(links(g)).containsExactly(
        "PERSON_REGION.person_id -> PERSON.id", "PERSON_REGION.region_id -> NOC_REGION.id");
  }

  @Test
  void keyNamingTheLastWordsOfSeveralTables_orItsOwnTable_joinsNone() {
    JoinGraph g = graph(
        table("NOC_REGION", "id INTEGER", "noc TEXT"),
        table("SALES_REGION", "id INTEGER", "manager TEXT"),
        table("STORE", "store_id INTEGER", "region_id INTEGER"),
        table("ADDRESS_STATUS", "status_id INTEGER", "address_status TEXT"),
        table("ORDER_STATUS", "status_id INTEGER", "status_value TEXT"));

    assertThat(g.edges()).isEmpty();
  }

  @Test
  void columnNamedAfterAParentsKey_joinsTheTableItsTableIsNamedAfter() {
    JoinGraph g = graph(
        table("CURRENT", "ballotpedia_id TEXT", "bioguide_id TEXT", "first_name TEXT"),
        table("CURRENT_TERMS", "address TEXT", "bioguide TEXT", "chamber TEXT"),
        table("SOCIAL_MEDIA", "bioguide TEXT", "facebook TEXT"));

    // SOCIAL_MEDIA merely starts with bioguide; CURRENT_TERMS is named after CURRENT
    assertThat(links(g)).contains("CURRENT_TERMS.bioguide -> CURRENT.bioguide_id")
        .doesNotContain("CURRENT_TERMS.bioguide -> SOCIAL_MEDIA.bioguide");
  }

  @Test
  void twoKeysOfAPairTable_joinItTogether_notOneByOne() {
    JoinGraph g = graph(
        table("PART", "p_partkey INTEGER", "p_name TEXT"),
        table("SUPPLIER", "s_suppkey INTEGER", "s_name TEXT"),
        table("PARTSUPP", "ps_partkey INTEGER", "ps_suppkey INTEGER", "ps_supplycost REAL"),
        table("LINEITEM", "l_orderkey INTEGER", "l_partkey INTEGER", "l_suppkey INTEGER"));

    assertThat(links(g)).containsExactly(
        "LINEITEM.l_partkey,l_suppkey -> PARTSUPP.ps_partkey,ps_suppkey",
        "PARTSUPP.ps_partkey -> PART.p_partkey",
        "PARTSUPP.ps_suppkey -> SUPPLIER.s_suppkey");
    JoinEdge e = g.neighbors(q("LINEITEM")).get(0);
    assertThat(e.evidence()).startsWith("columns LINEITEM.l_partkey, l_suppkey are the key pair"
        + " of table PARTSUPP, which is named after both");
    assertThat(g.joinPath(q("LINEITEM"), q("PART")).orElseThrow().edges()).hasSize(2);
  }

  @Test
  void siblingOfAPairTable_isNotItsChild() {
    JoinGraph g = graph(
        table("APP_ALL", "app_id INTEGER"),
        table("EVENTS", "event_id INTEGER", "device_id INTEGER"),
        table("APP_EVENTS", "event_id INTEGER", "app_id INTEGER", "is_active INTEGER"),
        table("APP_EVENTS_RELEVANT", "event_id INTEGER", "app_id INTEGER", "is_active INTEGER"));

    assertThat(links(g)).noneMatch(l -> l.contains("-> APP_EVENTS."));
  }

  @Test
  void pairTable_ownsNoKey() {
    JoinGraph g = graph(
        table("SUPERHERO", "id INTEGER", "superhero_name TEXT"),
        table("ATTRIBUTE", "id INTEGER", "attribute_name TEXT"),
        table("HERO_ATTRIBUTE", "hero_id INTEGER", "attribute_id INTEGER", "value INTEGER"),
        table("HERO_POWER", "hero_id INTEGER", "power_id INTEGER"));

    // HERO_ATTRIBUTE starts with hero_id but only pairs heroes with attributes
    assertThat(links(g)).containsExactly("HERO_ATTRIBUTE.attribute_id -> ATTRIBUTE.id");
  }

  @Test
  void sharedKey_isOwnedByTheTableNamedAfterIt() {
    JoinGraph g = graph(
        table("GENDER_AGE", "device_id INTEGER", "gender TEXT", "age INTEGER"),
        table("SAMPLE_SUBMISSION", "device_id INTEGER", "F23 REAL", "F24 REAL", "M22 REAL"),
        table("PHONE_BRAND_DEVICE_MODEL", "device_id INTEGER", "phone_brand TEXT"),
        table("EVENTS", "event_id INTEGER", "device_id INTEGER"));

    // SAMPLE_SUBMISSION has the most columns of its own, but the device table is named for it
    assertThat(links(g)).contains("EVENTS.device_id -> PHONE_BRAND_DEVICE_MODEL.device_id")
        .noneMatch(l -> l.endsWith("-> SAMPLE_SUBMISSION.device_id"));
  }

  @Test
  void abbreviationAndCodeKeys_joinTheStateTable() {
    JoinGraph g = graph(
        table("STATE", "abbreviation TEXT", "name TEXT"),
        table("ZIP_DATA", "zip_code INTEGER", "state TEXT"),
        table("DISTRICT", "district_id INTEGER", "state_abbrev TEXT"));

    // a first column named like a key word is a key; abbrev ends a key like code
    assertThat(links(g)).containsExactly("DISTRICT.state_abbrev -> STATE.abbreviation",
        "ZIP_DATA.state -> STATE.abbreviation");
  }

  @Test
  void columnNamedLikeATableWithANaturalKey_joinsIt_butACountDoesNot() {
    JoinGraph g = graph(
        table("PERSON", "name TEXT", "birthdate TEXT", "birth_place TEXT"),
        table("AWARD", "award_id INTEGER", "person TEXT", "award TEXT"),
        table("WORDS", "wid INTEGER", "word TEXT"),
        table("LANGS", "lid INTEGER", "words INTEGER"));

    // PERSON has no key but its text first column; WORDS is keyed by a number, LANGS.words counts
    assertThat(links(g)).containsExactly("AWARD.person -> PERSON.name");
  }

  @Test
  void genericFirstColumnOfAKeylessLookup_joinsIt() {
    JoinGraph g = graph(
        table("GEOGRAPHIC", "city TEXT", "county TEXT", "region TEXT"),
        table("GENERALINFO", "id_restaurant INTEGER", "label TEXT", "city TEXT"));
    assertThat(links(g)).containsExactly("GENERALINFO.city -> GEOGRAPHIC.city");

    JoinGraph keyed = graph(
        table("GEOGRAPHIC", "city TEXT", "geo_id INTEGER"),
        table("GENERALINFO", "id_restaurant INTEGER", "city TEXT"));
    assertThat(keyed.edges()).isEmpty();
  }

  @Test
  void abbreviatedColumn_joinsTheTableWhoseKeyItAbbreviates() {
    JoinGraph g = graph(
        table("DIVISIONS", "division TEXT", "name TEXT", "country TEXT"),
        table("MATCHS", "Div TEXT", "Date DATE", "HomeTeam TEXT"));

    assertThat(links(g)).containsExactly("MATCHS.Div -> DIVISIONS.division");
  }

  @Test
  void equalEvidenceForSeveralTables_prefersTheSameKeyName_elseLinksNone() {
    JoinGraph named = graph(
        table("CUSTOMER", "id INTEGER", "name TEXT"),
        table("CUSTOMERS", "customer_id INTEGER", "name TEXT"),
        table("ORDERS", "order_id INTEGER", "customer_id INTEGER"));
    assertThat(links(named)).containsExactly("ORDERS.customer_id -> CUSTOMERS.customer_id");

    JoinGraph tie = graph(
        table("CUSTOMER", "id INTEGER", "name TEXT"),
        table("CUSTOMERS", "id INTEGER", "name TEXT"),
        table("ORDERS", "order_id INTEGER", "customer_id INTEGER"));
    assertThat(tie.edges()).isEmpty();
  }

  @Test
  void roleNamedKey_joinsTheDeclaredPrimaryKeyReadFromDuckDb() throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = c.createStatement()) {
      s.execute("CREATE TABLE ship (hull_no INTEGER PRIMARY KEY, name VARCHAR)");
      s.execute("CREATE TABLE part (p_partkey INTEGER PRIMARY KEY, p_name VARCHAR)");
      s.execute("CREATE TABLE supplier (s_suppkey INTEGER PRIMARY KEY, s_name VARCHAR)");
      s.execute("CREATE TABLE partsupp (ps_partkey INTEGER, ps_suppkey INTEGER,"
          + " cost DOUBLE, PRIMARY KEY (ps_partkey, ps_suppkey))");
      s.execute("CREATE TABLE incident (incident_id INTEGER PRIMARY KEY,"
          + " caused_by_ship_id INTEGER, reported DATE)");
      s.execute("CREATE TABLE lineitem (l_orderkey INTEGER, l_partkey INTEGER,"
          + " l_suppkey INTEGER, l_quantity INTEGER)");
      Catalog catalog = CatalogSources.jdbc(TestDatabases.sharing(c), SourceOptions.defaults())
          .load();
      JoinGraph g = JoinGraph.build(catalog);

      // the target of the role-named key is SHIP's declared primary key, hull_no
      assertThat(links(g)).contains(
          "incident.caused_by_ship_id -> ship.hull_no",
          "lineitem.l_partkey,l_suppkey -> partsupp.ps_partkey,ps_suppkey")
          .noneMatch(l -> l.startsWith("lineitem.l_partkey ->"));
    }
  }

  @Test
  void surrogateKeys_andDimSuffix_joinByRole() {
    JoinGraph g = graph(
        table("DATE_DIM", "D_DATE_SK NUMBER", "D_DATE DATE"),
        table("ITEM", "I_ITEM_SK NUMBER", "I_ITEM_ID VARCHAR", "I_MANAGER_ID NUMBER"),
        table("STORE_SALES", "SS_SOLD_DATE_SK NUMBER", "SS_ITEM_SK NUMBER", "SS_NET_PAID NUMBER"));

    // I_MANAGER_ID: no MANAGER table, and a manager is not an item
    assertThat(links(g)).containsExactly(
        "STORE_SALES.SS_ITEM_SK -> ITEM.I_ITEM_SK",
        "STORE_SALES.SS_SOLD_DATE_SK -> DATE_DIM.D_DATE_SK");
    assertThat(g.edges().get(1).evidence()).contains("in the role sold");
  }

  @Test
  void wordAbbreviation_joinsTheOneTableWhoseLastWordsItAbbreviates() {
    JoinGraph g = graph(
        table("CUSTOMER_ADDRESS", "CA_ADDRESS_SK NUMBER", "CA_CITY VARCHAR"),
        table("CUSTOMER_DEMOGRAPHICS", "CD_DEMO_SK NUMBER", "CD_GENDER VARCHAR"),
        table("HOUSEHOLD_DEMOGRAPHICS", "HD_DEMO_SK NUMBER", "HD_DEP_COUNT NUMBER"),
        table("WEB_SALES", "WS_BILL_ADDR_SK NUMBER", "WS_BILL_CDEMO_SK NUMBER",
            "WS_SHIP_HDEMO_SK NUMBER", "WS_DEMO_SK NUMBER", "WS_ORDER_NUMBER NUMBER"));

    // WS_DEMO_SK abbreviates both demographics tables: no edge; CD_DEMO_SK and HD_DEMO_SK
    // abbreviate their own tables: keys, not references
    assertThat(links(g)).containsExactly(
        "WEB_SALES.WS_BILL_ADDR_SK -> CUSTOMER_ADDRESS.CA_ADDRESS_SK",
        "WEB_SALES.WS_BILL_CDEMO_SK -> CUSTOMER_DEMOGRAPHICS.CD_DEMO_SK",
        "WEB_SALES.WS_SHIP_HDEMO_SK -> HOUSEHOLD_DEMOGRAPHICS.HD_DEMO_SK");
    assertThat(g.edges().get(1).evidence())
        .contains("abbreviates the name of table CUSTOMER_DEMOGRAPHICS in the role bill");
  }

  @Test
  void wordAbbreviation_needsAShortenedWord_andNoCount() {
    JoinGraph g = graph(
        table("BALL_BY_BALL", "Match_Id INTEGER", "Over_Id INTEGER", "Runs INTEGER"),
        table("WICKET_TAKEN", "Match_Id INTEGER", "Ball_Id INTEGER"),
        table("MOVIES", "movie_id INTEGER", "title TEXT"),
        table("LISTS", "list_id INTEGER", "list_movie_number INTEGER"));

    // ball is BALL_BY_BALL's last word, not an abbreviation of it; a number counts movies
    assertThat(links(g)).containsExactly("WICKET_TAKEN.Match_Id -> BALL_BY_BALL.Match_Id");
  }

  @Test
  void columnNamingTheLastWordsOfOneTable_joinsItsId() {
    // Spider's car_1: model_list.Maker refers to car_makers.Id, countries.Continent to ContId
    JoinGraph g = graph(
        table("car_makers", "Id INTEGER", "Maker TEXT", "FullName TEXT"),
        table("model_list", "ModelId INTEGER", "Maker INTEGER", "Model TEXT"),
        table("continents", "ContId INTEGER", "Continent TEXT"),
        table("countries", "CountryId INTEGER", "CountryName TEXT", "Continent INTEGER"));

    assertThat(links(g)).containsExactly(
        "countries.Continent -> continents.ContId",
        "model_list.Maker -> car_makers.Id");
  }

  @Test
  void numberColumnNamedLikeATableKeyedByANumber_joinsIt_butAPluralCounts() {
    // Spider's hospital_1: Appointment.Patient refers to Patient(SSN, ...)
    JoinGraph g = graph(
        table("Patient", "SSN INTEGER", "Name VARCHAR", "Address VARCHAR"),
        table("Physician", "EmployeeID INTEGER", "Name VARCHAR"),
        table("Appointment", "AppointmentID INTEGER", "Patient INTEGER", "Physician INTEGER"),
        table("PAGES", "pid INTEGER", "title TEXT"),
        table("LANGS", "lid INTEGER", "lang TEXT", "pages INTEGER"));

    assertThat(links(g)).containsExactly(
        "Appointment.Patient -> Patient.SSN",
        "Appointment.Physician -> Physician.EmployeeID");
  }

  @Test
  void looseReadings_doNotJoinWhatOnlyLooksAlike() {
    JoinGraph g = graph(
        table("COUNTRY", "country_id INTEGER", "name TEXT"),
        table("ORDERS", "order_id INTEGER", "country_code VARCHAR", "cnt_items INTEGER",
            "ext_id INTEGER", "plan_id INTEGER"),
        table("ITEMS", "id INTEGER", "label TEXT"),
        table("STORAGE_UNITS", "id INTEGER", "label TEXT"),
        table("FILE_EXTENSIONS", "id INTEGER", "suffix TEXT"),
        table("PRODUCT_LANGUAGES", "id INTEGER", "lang TEXT"),
        table("PRODUCTS", "id INTEGER", "units INTEGER"),
        table("LEVEL", "min_points INTEGER", "max_points INTEGER", "title TEXT"),
        table("PLAYERS", "player_id INTEGER", "level INTEGER"),
        table("PARTNER_ENTITIES", "partner_entity_id INTEGER", "name TEXT"),
        table("CATEGORIES", "category_id INTEGER", "parent_id INTEGER"));

    // a text code is no number id; counts, 3-letter prefixes, plurals and generic names
    // refer to nothing; parent_id is the categories' own parent, not "par" + "ent"
    assertThat(links(g)).containsExactly("CATEGORIES.parent_id -> CATEGORIES.category_id");
  }

  @Test
  void aPersonsRole_joinsTheOneTableOfPeople_elseNothing() {
    JoinGraph one = graph(
        table("USERS", "id INTEGER", "email TEXT", "created_by INTEGER"),
        table("TICKETS", "id INTEGER", "created_by INTEGER", "LastModifiedBy INTEGER"),
        table("TEAMS", "id INTEGER", "manager_id INTEGER"));
    JoinGraph two = graph(
        table("EMPLOYEES", "employee_id INTEGER", "name TEXT"),
        table("USERS", "user_id INTEGER", "email TEXT"),
        table("PROJECTS", "project_id INTEGER", "manager_id INTEGER"));

    assertThat(links(one)).containsExactly(
        "TEAMS.manager_id -> USERS.id",
        "TICKETS.LastModifiedBy -> USERS.id",
        "TICKETS.created_by -> USERS.id",
        "USERS.created_by -> USERS.id");
    assertThat(links(two)).isEmpty();
  }

  @Test
  void aThreeLetterAliasOfTheTable_isNoRole() {
    JoinGraph g = graph(
        table("DATE_DIM", "D_DATE_SK NUMBER", "D_DATE DATE"),
        table("INVENTORY", "INV_DATE_SK NUMBER", "INV_QUANTITY_ON_HAND NUMBER"));

    assertThat(links(g)).containsExactly("INVENTORY.INV_DATE_SK -> DATE_DIM.D_DATE_SK");
    assertThat(g.edges().get(0).evidence()).doesNotContain("role");
  }

  @Test
  void commonAbbreviationsThatAreNoPrefix_nameTheirTable() {
    JoinGraph g = graph(
        table("ACCOUNTS", "account_id INTEGER", "name TEXT"),
        table("DEPARTMENTS", "department_id INTEGER", "name TEXT"),
        table("TRANSACTIONS", "transaction_id INTEGER", "amount NUMBER"),
        table("EMPLOYEES", "employee_id INTEGER", "dept_id INTEGER"),
        table("REFUNDS", "refund_id INTEGER", "txn_id INTEGER", "acct_id INTEGER"));

    assertThat(links(g)).containsExactly(
        "EMPLOYEES.dept_id -> DEPARTMENTS.department_id",
        "REFUNDS.acct_id -> ACCOUNTS.account_id",
        "REFUNDS.txn_id -> TRANSACTIONS.transaction_id");
    assertThat(g.edges().get(0).evidence()).contains("(dept: department)");
  }

  @Test
  void aColumnThatMeasures_doesNotReferToTheTableItEndsWith() {
    JoinGraph g = graph(
        table("Orders", "OrderID NUMBER", "ProductID NUMBER"),
        table("Products", "ProductID NUMBER", "UnitsOnOrder NUMBER", "total_orders NUMBER"));

    assertThat(links(g)).containsExactly("Orders.ProductID -> Products.ProductID");
  }

  @Test
  void incompatibleTypes_rejectTheEdge() {
    JoinGraph g = graph(
        table("CUSTOMERS", "CUSTOMER_ID NUMBER(38,0)", "NAME VARCHAR"),
        table("ORDERS", "ORDER_ID NUMBER(38,0)", "CUSTOMER_ID DATE", "CUSTOMER VARCHAR"));

    assertThat(g.edges()).isEmpty();
  }

  @Test
  void numberAgainstText_joinsAColumnNamedLikeTheKeyOrNamingTheTable() {
    // a key loaded from files is often text on one side (Spider's concert_singer, museum_visit)
    JoinGraph g = graph(
        table("stadium", "Stadium_ID int", "Name text"),
        table("concert", "concert_ID int", "Stadium_ID text"),
        table("visitor", "ID int", "Name text"),
        table("visit", "Museum_ID int", "visitor_ID text"),
        table("CUSTOMERS", "CUSTOMER_ID NUMBER(38,0)", "NAME VARCHAR"),
        table("ORDERS", "ORDER_ID NUMBER(38,0)", "CUSTOMER VARCHAR(20)"));

    // ORDERS.CUSTOMER is only named like the table: a text there is no number key
    assertThat(links(g)).containsExactly(
        "concert.Stadium_ID -> stadium.Stadium_ID",
        "visit.visitor_ID -> visitor.ID");
    assertThat(g.edges().get(0).evidence()).contains("text ~ int");
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
  void declaredKeyIntoAnotherDatabase_isAReferenceOfItsTableOnly() {
    TableInfo orders = TableInfo.builder(q("ORDERS"))
        .columns(List.of(ColumnInfo.of("ORDER_ID", "NUMBER"), ColumnInfo.of("CUSTOMER_ID",
            "NUMBER")))
        .foreignKeys(List.of(
            new ForeignKey(List.of("CUSTOMER_ID"), q("CRM", "CUSTOMERS"), List.of("ID"))))
        .build();
    JoinGraph g = JoinGraph.build(Catalog.of(List.of(orders,
        TableInfo.builder(q("CRM", "CUSTOMERS")).columns(List.of(ColumnInfo.of("ID", "NUMBER")))
            .build())));

    assertThat(g.references(q("ORDERS"))).singleElement().satisfies(e -> {
      assertThat(e.toTable()).isEqualTo(q("CRM", "CUSTOMERS"));
      assertThat(e.source()).isEqualTo(EdgeSource.DECLARED);
    });
    assertThat(g.references(q("CRM", "CUSTOMERS"))).isEmpty();
    assertThat(g.neighbors(q("CRM", "CUSTOMERS"))).singleElement()
        .extracting(JoinEdge::toTable).isEqualTo(q("ORDERS"));
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

  // Families found on the held-out schemas of session fk8 (MIMIC-III, WideWorldImporters,
  // GHTorrent), each with look-alikes that must not join.

  @Test
  void keyOfATableOfPeople_isPersonId_alsoByRole() {
    JoinGraph g = graph(
        table("People", "PersonID NUMBER", "FullName VARCHAR"),
        table("Orders", "OrderID NUMBER", "SalespersonPersonID NUMBER",
            "ContactPersonID NUMBER"),
        table("Specimens", "SpecimenID NUMBER", "Label VARCHAR"),
        table("Samples", "SampleID NUMBER", "SpecimanID NUMBER"));

    assertThat(links(g)).containsExactly(
        "Orders.ContactPersonID -> People.PersonID",
        "Orders.SalespersonPersonID -> People.PersonID");
  }

  @Test
  void roleNamedKey_mayReferToItsOwnTable_butAKeyNamedAfterItsTableDoesNot() {
    JoinGraph g = graph(
        table("Customers", "CustomerID NUMBER", "BillToCustomerID NUMBER", "Name VARCHAR"),
        table("Orders", "OrderID NUMBER", "CustomerID NUMBER", "BackorderOrderID NUMBER"));
    JoinGraph aliased = graph(
        table("CUSTOMER", "C_CUSTOMER_SK NUMBER", "C_CUSTOMER_ID VARCHAR"),
        table("CUSTOMER_ADDRESS", "CA_ADDRESS_SK NUMBER", "CA_ADDRESS_ID VARCHAR"));

    assertThat(links(g)).containsExactly(
        "Customers.BillToCustomerID -> Customers.CustomerID",
        "Orders.BackorderOrderID -> Orders.OrderID",
        "Orders.CustomerID -> Customers.CustomerID");
    assertThat(links(aliased)).isEmpty();
  }

  @Test
  void anAgentsRole_joinsTheOneTableOfPeopleThatHoldsAKey_elseNothing() {
    JoinGraph one = graph(
        table("users", "id INTEGER", "login TEXT"),
        table("organization_members", "org_id INTEGER", "user_id INTEGER",
            "created_at TIMESTAMP"),
        table("commits", "id INTEGER", "sha TEXT", "author_id INTEGER", "committer_id INTEGER"));
    JoinGraph two = graph(
        table("EMPLOYEES", "employee_id INTEGER", "name TEXT"),
        table("USERS", "user_id INTEGER", "email TEXT"),
        table("TICKETS", "ticket_id INTEGER", "reporter_id INTEGER"));
    JoinGraph named = graph(
        table("USERS", "user_id INTEGER", "email TEXT"),
        table("AUTHORS", "author_id INTEGER", "name TEXT"),
        table("BOOKS", "book_id INTEGER", "author_id INTEGER"));

    assertThat(links(one)).containsExactly(
        "commits.author_id -> users.id",
        "commits.committer_id -> users.id",
        "organization_members.user_id -> users.id");
    assertThat(links(two)).isEmpty();
    assertThat(links(named)).containsExactly("BOOKS.author_id -> AUTHORS.author_id");
  }

  @Test
  void tableStartingWithId_isJoinedOnId_notOnTheNumberNamedAfterIt() {
    JoinGraph g = graph(
        table("issues", "id INTEGER", "issue_id INTEGER", "title TEXT"),
        table("issue_comments", "issue_id INTEGER", "body TEXT", "created_at TIMESTAMP"),
        table("SETS", "id INTEGER", "code TEXT", "name TEXT"),
        table("CARDS", "id INTEGER", "setCode TEXT"));

    assertThat(links(g)).containsExactly(
        "CARDS.setCode -> SETS.code",
        "issue_comments.issue_id -> issues.id");
  }

  @Test
  void firstColumnOfALinkTable_isReadByRole_butATablesOwnKeyIsNot() {
    JoinGraph g = graph(
        table("issues", "id INTEGER", "title TEXT"),
        table("repo_labels", "id INTEGER", "name TEXT"),
        table("issue_labels", "label_id INTEGER", "issue_id INTEGER"));
    JoinGraph own = graph(
        table("label_categories", "label_id INTEGER", "category TEXT"),
        table("app_labels", "id INTEGER", "name TEXT"));

    assertThat(links(g)).containsExactly(
        "issue_labels.issue_id -> issues.id",
        "issue_labels.label_id -> repo_labels.id");
    assertThat(links(own)).isEmpty();
  }

  @Test
  void parentInATableKeyedByAReference_joinsThatTable_elseItsOwn() {
    JoinGraph g = graph(
        table("commits", "id INTEGER", "sha TEXT"),
        table("commit_parents", "commit_id INTEGER", "parent_id INTEGER"),
        table("CATEGORIES", "category_id INTEGER", "parent_id INTEGER", "name TEXT"));

    assertThat(links(g)).containsExactly(
        "CATEGORIES.parent_id -> CATEGORIES.category_id",
        "commit_parents.commit_id -> commits.id",
        "commit_parents.parent_id -> commits.id");
  }

  @Test
  void pairTable_isNoTargetOfTwoKeysWhenOneIsTheReferrersFirstColumn() {
    JoinGraph g = graph(
        table("pull_requests", "id INTEGER", "title TEXT"),
        table("commits", "id INTEGER", "sha TEXT"),
        table("pull_request_commits", "pull_request_id INTEGER", "commit_id INTEGER"),
        table("pull_request_comments", "pull_request_id INTEGER", "body TEXT",
            "commit_id INTEGER"));

    assertThat(links(g)).containsExactly(
        "pull_request_comments.commit_id -> commits.id",
        "pull_request_comments.pull_request_id -> pull_requests.id",
        "pull_request_commits.commit_id -> commits.id",
        "pull_request_commits.pull_request_id -> pull_requests.id");
  }

  @Test
  void aColumnEndingInNumber_joinsANumber_notARowId() {
    JoinGraph g = graph(
        table("D_CPT", "ROW_ID INTEGER", "CATEGORY INTEGER", "SECTIONHEADER TEXT"),
        table("CPTEVENTS", "ROW_ID INTEGER", "CPT_NUMBER INTEGER"),
        table("employees", "employeeNumber INTEGER", "name TEXT"),
        table("customers", "customerNumber INTEGER", "salesRepEmployeeNumber INTEGER"));

    assertThat(links(g)).containsExactly(
        "customers.salesRepEmployeeNumber -> employees.employeeNumber");
  }

  @Test
  void keyNamedAfterItsOwnTableUnderAnotherSystemsPrefix_isNoSelfReference() {
    JoinGraph g = graph(
        table("USERS", "user_id NUMBER", "external_user_id NUMBER", "legacy_user_id NUMBER",
            "google_user_id NUMBER", "referred_by_user_id NUMBER"),
        table("ORDERS", "order_id NUMBER", "user_id NUMBER", "shopify_order_id NUMBER",
            "source_order_id NUMBER", "original_order_id NUMBER"),
        table("ACCOUNTS", "account_id NUMBER", "stripe_account_id NUMBER"),
        table("CUSTOMERS", "customer_id NUMBER", "erp_customer_id VARCHAR"),
        table("EMPLOYEES", "employee_id NUMBER", "badge_employee_id NUMBER"),
        table("PRODUCTS", "product_id NUMBER", "replacement_product_id NUMBER",
            "supplier_product_id VARCHAR"));

    assertThat(links(g)).containsExactly(
        "ORDERS.original_order_id -> ORDERS.order_id",
        "ORDERS.user_id -> USERS.user_id",
        "PRODUCTS.replacement_product_id -> PRODUCTS.product_id",
        "USERS.referred_by_user_id -> USERS.user_id");
  }

  @Test
  void parentInATableKeyedByAReference_butWithColumnsOfItsOwn_joinsNothing() {
    JoinGraph g = graph(
        table("orders", "order_id INTEGER", "placed DATE"),
        table("order_items", "order_id INTEGER", "line_no INTEGER", "parent_id INTEGER",
            "sku TEXT"),
        table("posts", "post_id INTEGER", "title TEXT"),
        table("post_comments", "post_id INTEGER", "comment_no INTEGER", "parent_id INTEGER",
            "body TEXT"),
        table("menus", "menu_id INTEGER", "name TEXT"),
        table("menu_items", "menu_id INTEGER", "position INTEGER", "parent_id INTEGER",
            "label TEXT"),
        table("commits", "id INTEGER", "sha TEXT"),
        table("commit_parents", "commit_id INTEGER", "parent_id INTEGER"));

    assertThat(links(g)).containsExactly(
        "commit_parents.commit_id -> commits.id",
        "commit_parents.parent_id -> commits.id",
        "menu_items.menu_id -> menus.menu_id",
        "order_items.order_id -> orders.order_id",
        "post_comments.post_id -> posts.post_id");
  }

  @Test
  void agentsRoleInATableOfPeople_isNoSelfReference_butAManagerIs() {
    JoinGraph users = graph(
        table("users", "id INTEGER", "owner_id INTEGER", "creator_id INTEGER",
            "manager_id INTEGER"));
    JoinGraph members = graph(
        table("members", "member_id INTEGER", "moderator_id INTEGER", "supervisor_id INTEGER"));
    JoinGraph both = graph(
        table("users", "id INTEGER", "login TEXT"),
        table("members", "member_id INTEGER", "moderator_id INTEGER"));

    assertThat(links(users)).containsExactly("users.manager_id -> users.id");
    assertThat(links(members)).containsExactly("members.supervisor_id -> members.member_id");
    assertThat(links(both)).containsExactly("members.moderator_id -> users.id");
  }

  @Test
  void polymorphicOwner_andOwnerBesideAnAccountTable_joinNothing() {
    JoinGraph poly = graph(
        table("USERS", "ID NUMBER", "NAME VARCHAR"),
        table("ATTACHMENTS", "ID NUMBER", "OWNER_ID NUMBER", "OWNER_TYPE VARCHAR",
            "UPLOADER_ID NUMBER"),
        table("COMMENTS", "ID NUMBER", "AUTHOR_ID NUMBER", "AUTHOR_TYPE VARCHAR",
            "PARENT_ID NUMBER", "PARENT_TYPE VARCHAR", "EDITOR_USER_ID NUMBER"));
    JoinGraph org = graph(
        table("USERS", "ID NUMBER", "NAME VARCHAR"),
        table("ORGANIZATIONS", "ID NUMBER", "NAME VARCHAR"),
        table("REPOS", "ID NUMBER", "OWNER_ID NUMBER", "CREATOR_ID NUMBER"));
    JoinGraph users = graph(
        table("USERS", "ID NUMBER", "NAME VARCHAR"),
        table("REPOS", "ID NUMBER", "OWNER_ID NUMBER"));

    assertThat(links(poly)).containsExactly(
        "ATTACHMENTS.UPLOADER_ID -> USERS.ID", "COMMENTS.EDITOR_USER_ID -> USERS.ID");
    assertThat(links(org)).containsExactly("REPOS.CREATOR_ID -> USERS.ID");
    assertThat(links(users)).containsExactly("REPOS.OWNER_ID -> USERS.ID");
  }

  @Test
  void firstColumnId_yieldsToANaturalKeyOfTheReferencesNameAndType() {
    JoinGraph natural = graph(
        table("CUSTOMERS", "ID NUMBER", "CUSTOMER_ID VARCHAR", "NAME VARCHAR"),
        table("ORDERS", "ID NUMBER", "CUSTOMER_ID VARCHAR"));
    JoinGraph surrogate = graph(
        table("CUSTOMERS", "ID NUMBER", "CUSTOMER_ID VARCHAR", "NAME VARCHAR"),
        table("ORDERS", "ID NUMBER", "CUSTOMER_ID NUMBER"));

    assertThat(links(natural)).containsExactly("ORDERS.CUSTOMER_ID -> CUSTOMERS.CUSTOMER_ID");
    assertThat(links(surrogate)).containsExactly("ORDERS.CUSTOMER_ID -> CUSTOMERS.ID");
  }

  @Test
  void pairTable_isATargetOfTheReferrersFirstColumn_whenItsOtherHalfNamesNoTable() {
    JoinGraph g = graph(
        table("ORDERS", "ORDER_ID NUMBER", "PLACED DATE"),
        table("ORDER_LINES", "ORDER_ID NUMBER", "LINE_NO NUMBER", "QTY NUMBER"),
        table("SHIPMENT_LINES", "ORDER_ID NUMBER", "SHIP_DATE DATE", "LINE_NO NUMBER"));

    assertThat(links(g)).contains(
        "SHIPMENT_LINES.ORDER_ID,LINE_NO -> ORDER_LINES.ORDER_ID,LINE_NO");
  }
}
