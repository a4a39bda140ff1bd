package dev.snowchat.sqlgate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.snowchat.sqlgate.testing.FakeJdbc.FakeConnection;
import dev.snowchat.sqlgate.testing.FakeJdbc.FakeResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The Snowflake start-up grant check against recorded result sets.
 *
 * <p>{@code SHOW GRANTS TO ROLE <role>} in Snowflake returns these columns, in this order:
 * {@code created_on} (TIMESTAMP_LTZ), {@code privilege} (e.g. SELECT, USAGE, INSERT, OWNERSHIP,
 * CREATE TABLE), {@code granted_on} (the object type: TABLE, VIEW, SCHEMA, DATABASE, WAREHOUSE,
 * ROLE for an inherited account role, DATABASE_ROLE for an inherited database role), {@code name}
 * (the object, e.g. DB.PUBLIC.ORDERS), {@code granted_to} (ROLE), {@code grantee_name} (the role
 * asked about), {@code grant_option} (true/false) and {@code granted_by} (the granting role). The
 * fakes below reproduce exactly those column names.
 */
class RoleGrantCheckTest {
  private static final List<String> SHOW_GRANTS_COLUMNS = List.of("created_on", "privilege",
      "granted_on", "name", "granted_to", "grantee_name", "grant_option", "granted_by");

  private static List<Object> grant(String privilege, String on, String name, String grantee) {
    return List.of("2024-05-01 10:00:00.000 -0700", privilege, on, name, "ROLE", grantee,
        "false", "SECURITYADMIN");
  }

  private static FakeResultSet grants(List<List<Object>> rows) {
    return FakeResultSet.of(SHOW_GRANTS_COLUMNS, rows);
  }

  private static Map<String, Object> account(String secondaryJson) {
    Map<String, Object> answers = new HashMap<>();
    answers.put("SELECT CURRENT_ROLE()", FakeResultSet.single("CURRENT_ROLE()", "ANALYST"));
    answers.put("SELECT CURRENT_SECONDARY_ROLES()",
        FakeResultSet.single("CURRENT_SECONDARY_ROLES()", secondaryJson));
    answers.put("SHOW GRANTS TO ROLE \"ANALYST\"", grants(List.of(
        grant("USAGE", "WAREHOUSE", "ANALYTICS_WH", "ANALYST"),
        grant("USAGE", "DATABASE", "SALES", "ANALYST"),
        grant("USAGE", "SCHEMA", "SALES.PUBLIC", "ANALYST"),
        grant("SELECT", "TABLE", "SALES.PUBLIC.ORDERS", "ANALYST"),
        grant("REFERENCES", "VIEW", "SALES.PUBLIC.V_ORDERS", "ANALYST"),
        grant("USAGE", "ROLE", "READER_BASE", "ANALYST"))));
    answers.put("SHOW GRANTS TO ROLE \"READER_BASE\"", grants(List.of(
        grant("SELECT", "TABLE", "SALES.PUBLIC.CUSTOMERS", "READER_BASE"),
        grant("USAGE", "DATABASE_ROLE", "SALES.DB_READER", "READER_BASE"))));
    answers.put("SHOW GRANTS TO ROLE \"PUBLIC\"", grants(List.of(
        grant("USAGE", "DATABASE", "SNOWFLAKE_SAMPLE_DATA", "PUBLIC"))));
    answers.put("SHOW GRANTS TO DATABASE ROLE \"SALES\".\"DB_READER\"", grants(List.of(
        grant("SELECT", "TABLE", "SALES.PUBLIC.ITEMS", "SALES.DB_READER"))));
    return answers;
  }

  private static final String NO_SECONDARY = "{\"roles\":\"\",\"value\":\"\"}";

  @Test
  void check_readOnlyRole_isConsistent() {
    FakeConnection fake = FakeConnection.answering("Snowflake", account(NO_SECONDARY));

    GrantReport r = RoleGrantCheck.check(fake.connection(), PermissionMode.READ_ONLY, true);

    assertThat(r.role()).isEqualTo("ANALYST");
    assertThat(r.canWrite()).isFalse();
    assertThat(r.consistent()).isTrue();
    assertThat(r.rolesChecked())
        .containsExactly("ANALYST", "PUBLIC", "READER_BASE", "DATABASE ROLE SALES.DB_READER");
  }

  @Test
  void check_inheritedInsert_warnsOrRefusesInStrictMode() {
    Map<String, Object> answers = account(NO_SECONDARY);
    answers.put("SHOW GRANTS TO ROLE \"READER_BASE\"", grants(List.of(
        grant("INSERT", "TABLE", "SALES.PUBLIC.ORDERS", "READER_BASE"),
        grant("CREATE TABLE", "SCHEMA", "SALES.PUBLIC", "READER_BASE"))));
    FakeConnection fake = FakeConnection.answering("Snowflake", answers);

    GrantReport r = RoleGrantCheck.check(fake.connection(), PermissionMode.READ_ONLY, false);

    assertThat(r.canWrite()).isTrue();
    assertThat(r.consistent()).isFalse();
    assertThat(r.writeGrants()).containsExactly(
        new GrantReport.Grant("INSERT", "TABLE", "SALES.PUBLIC.ORDERS", "READER_BASE"),
        new GrantReport.Grant("CREATE TABLE", "SCHEMA", "SALES.PUBLIC", "READER_BASE"));
    assertThatThrownBy(() -> RoleGrantCheck.check(fake.connection(), PermissionMode.READ_ONLY,
        true))
        .isInstanceOfSatisfying(SnowchatException.class, e -> {
          assertThat(e.code()).isEqualTo(GateErrorCode.PERMISSION_CHECK_FAILED);
          assertThat(e.getMessage()).contains("role ANALYST can write")
              .contains("INSERT on TABLE SALES.PUBLIC.ORDERS (via READER_BASE)");
        });
  }

  @Test
  void check_writingRoleInReadWriteMode_onlyReports() {
    Map<String, Object> answers = account(NO_SECONDARY);
    answers.put("SHOW GRANTS TO ROLE \"ANALYST\"", grants(List.of(
        grant("OWNERSHIP", "TABLE", "SALES.PUBLIC.ORDERS", "ANALYST"))));

    GrantReport r = RoleGrantCheck.check(
        FakeConnection.answering("Snowflake", answers).connection(), PermissionMode.READ_WRITE,
        true);

    assertThat(r.canWrite()).isTrue();
    assertThat(r.consistent()).isTrue();
  }

  @Test
  void check_writeGrantedToPublic_counts() {
    Map<String, Object> answers = account(NO_SECONDARY);
    answers.put("SHOW GRANTS TO ROLE \"PUBLIC\"", grants(List.of(
        grant("UPDATE", "TABLE", "SALES.PUBLIC.SCRATCH", "PUBLIC"))));

    GrantReport r = RoleGrantCheck.check(
        FakeConnection.answering("Snowflake", answers).connection(), PermissionMode.READ_ONLY,
        false);

    assertThat(r.writeGrants()).extracting(GrantReport.Grant::grantee).containsExactly("PUBLIC");
  }

  @Test
  void check_activeSecondaryRoles_areCheckedToo() {
    Map<String, Object> answers = account("{\"roles\":\"LOADER\",\"value\":\"ALL\"}");
    answers.put("SHOW GRANTS TO ROLE \"LOADER\"", grants(List.of(
        grant("DELETE", "TABLE", "SALES.PUBLIC.ORDERS", "LOADER"))));

    GrantReport r = RoleGrantCheck.check(
        FakeConnection.answering("Snowflake", answers).connection(), PermissionMode.READ_ONLY,
        false);

    assertThat(r.secondaryRoles()).containsExactly("LOADER");
    assertThat(r.writeGrants()).extracting(GrantReport.Grant::privilege).containsExactly("DELETE");
  }

  @Test
  void check_unreadableGrants_isIncompleteAndStrictRefuses() {
    Map<String, Object> answers = account(NO_SECONDARY);
    answers.put("SHOW GRANTS TO ROLE \"READER_BASE\"",
        new SQLException("Insufficient privileges\nto operate on role", "42501"));
    FakeConnection fake = FakeConnection.answering("Snowflake", answers);

    GrantReport r = RoleGrantCheck.check(fake.connection(), PermissionMode.READ_ONLY, false);

    assertThat(r.complete()).isFalse();
    assertThat(r.notes()).singleElement().asString()
        .contains("READER_BASE").contains("Insufficient privileges to operate")
        .doesNotContain("\n");
    assertThatThrownBy(() -> RoleGrantCheck.check(fake.connection(), PermissionMode.READ_ONLY,
        true))
        .isInstanceOfSatisfying(SnowchatException.class,
            e -> assertThat(e.code()).isEqualTo(GateErrorCode.PERMISSION_CHECK_FAILED));
  }

  @Test
  void check_roleNameIsQuotedNotConcatenated() {
    Map<String, Object> answers = new HashMap<>();
    answers.put("SELECT CURRENT_ROLE()", FakeResultSet.single("CURRENT_ROLE()", "we\"ird"));
    FakeConnection fake = new FakeConnection("Snowflake", sql -> {
      Object a = answers.get(sql);
      if (a == null && sql.startsWith("SHOW GRANTS")) {
        return grants(new ArrayList<>());
      }
      return a;
    });

    RoleGrantCheck.check(fake.connection(), PermissionMode.READ_ONLY, false);

    assertThat(fake.executed()).contains("SHOW GRANTS TO ROLE \"we\"\"ird\"");
  }
}
