package dev.snowchat.sqlgate.internal.exec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.sqlgate.Dialect;
import dev.snowchat.sqlgate.HardeningOptions;
import dev.snowchat.sqlgate.SessionHardening;
import dev.snowchat.sqlgate.testing.FakeJdbc.FakeConnection;
import java.sql.Connection;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The statements each dialect's hardening sends, recorded on fake connections. */
class DialectHardeningTest {
  @Test
  void snowflake_setsSessionOncePerPhysicalConnection() throws Exception {
    SessionHardening h = SessionHardening.forDialect(Dialect.SNOWFLAKE, HardeningOptions
        .defaults().withStatementTimeout(Duration.ofMillis(90_500)).withQueryTag("chat's \\ tag"));
    FakeConnection fake = FakeConnection.answering("Snowflake", Map.of());
    Connection c = fake.connection();

    h.apply(c, Dialect.SNOWFLAKE);
    h.apply(c, Dialect.SNOWFLAKE);

    assertThat(fake.executed()).containsExactly(
        "ALTER SESSION SET MULTI_STATEMENT_COUNT = 1, ABORT_DETACHED_QUERY = TRUE,"
            + " STATEMENT_TIMEOUT_IN_SECONDS = 91, QUERY_TAG = 'chat''s \\\\ tag'",
        "USE SECONDARY ROLES NONE");

    h.apply(fake.connection(), Dialect.SNOWFLAKE); // another physical connection
    assertThat(fake.executed()).hasSize(4);
  }

  @Test
  void snowflake_writingMode_keepsSecondaryRolesAndOmitsUnsetValues() throws Exception {
    FakeConnection fake = FakeConnection.answering("Snowflake", Map.of());

    SessionHardening.forDialect(Dialect.SNOWFLAKE, HardeningOptions.defaults().withReadOnly(false))
        .apply(fake.connection(), Dialect.SNOWFLAKE);

    assertThat(fake.executed()).containsExactly(
        "ALTER SESSION SET MULTI_STATEMENT_COUNT = 1, ABORT_DETACHED_QUERY = TRUE");
  }

  @Test
  void postgres_setsReadOnlyAndTimeoutOnEveryBorrow() throws Exception {
    SessionHardening h = SessionHardening.forDialect(Dialect.GENERIC,
        HardeningOptions.defaults().withStatementTimeout(Duration.ofSeconds(60)));
    FakeConnection fake = FakeConnection.answering("PostgreSQL", Map.of());
    Connection c = fake.connection();

    h.apply(c, Dialect.GENERIC);
    h.apply(c, Dialect.GENERIC);

    List<String> once = List.of("SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY",
        "SET statement_timeout = 60000", "SET lock_timeout = 60000",
        "SET idle_in_transaction_session_timeout = 60000");
    List<String> twice = new java.util.ArrayList<>(once);
    twice.addAll(once);
    assertThat(fake.executed()).containsExactlyElementsOf(twice);
  }

  @Test
  void genericOtherDatabase_sendsNoSql() throws Exception {
    FakeConnection fake = FakeConnection.answering("H2", Map.of());

    SessionHardening.forDialect(Dialect.GENERIC, HardeningOptions.defaults())
        .apply(fake.connection(), Dialect.GENERIC);

    assertThat(fake.executed()).isEmpty();
  }

  @Test
  void ceilSeconds_roundsUpToAtLeastOne() {
    assertThat(DialectHardening.ceilSeconds(Duration.ofMillis(1))).isEqualTo(1);
    assertThat(DialectHardening.ceilSeconds(Duration.ofSeconds(60))).isEqualTo(60);
    assertThat(DialectHardening.ceilSeconds(Duration.ofMillis(60_001))).isEqualTo(61);
  }
}
