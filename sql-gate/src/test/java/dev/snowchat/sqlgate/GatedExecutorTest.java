package dev.snowchat.sqlgate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.snowchat.sqlgate.internal.exec.DialectHardening;
import dev.snowchat.sqlgate.testing.FakeJdbc;
import dev.snowchat.sqlgate.testing.TestDatabases;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The executor's contract on a real in-process DuckDB: gate first, then hardened and capped. */
class GatedExecutorTest {
  private TestDatabases.DuckDb db;
  private RecordingDataSource recording;
  private GatedExecutor executor;

  @BeforeEach
  void open() throws Exception {
    db = TestDatabases.duckDbInMemory()
        .run("CREATE TABLE orders AS SELECT range AS id, range * 10 AS amount FROM range(50)");
    recording = new RecordingDataSource(db.dataSource());
    executor = GatedExecutor.builder()
        .dataSource(recording)
        .gate(SqlGate.builder().dialect(Dialect.DUCKDB).build())
        .limits(QueryLimits.defaults().withMaxRows(20))
        .build();
  }

  @AfterEach
  void close() throws Exception {
    db.close();
  }

  @Test
  void execute_refusedWrite_neverReachesTheDriver() {
    assertThatThrownBy(() -> executor.execute("DROP TABLE orders"))
        .isInstanceOfSatisfying(QueryRefusedException.class, e -> {
          assertThat(e.code()).isEqualTo(GateErrorCode.REFUSED);
          assertThat(e.verdict().allowed()).isFalse();
          assertThat(e.getMessage()).isEqualTo(e.verdict().message());
        });

    assertThat(recording.connections()).isZero();
    assertThat(recording.sql()).isEmpty();
  }

  @Test
  void run_refusedWrite_isAValue_andNeverReachesTheDriver() {
    Execution e = executor.run("DROP TABLE orders");

    assertThat(e).isInstanceOfSatisfying(Execution.Refused.class, r -> {
      assertThat(r.verdict().kind()).isEqualTo(StatementKind.DDL);
      assertThat(r.verdict().rule()).isEqualTo(Rule.KIND_NOT_ALLOWED);
      assertThat(r.verdict().message()).contains("read_only");
    });
    assertThat(recording.connections()).isZero();
    assertThat(recording.sql()).isEmpty();
  }

  @Test
  void run_select_completesWithTheCappedResult() {
    Execution e = executor.run("SELECT id FROM orders ORDER BY id",
        executor.limits().withMaxRows(2));

    assertThat(e).isInstanceOfSatisfying(Execution.Completed.class, c -> {
      assertThat(c.result().rowCount()).isEqualTo(2);
      assertThat(c.result().truncationReason()).isEqualTo(TruncationReason.ROW_LIMIT);
    });
  }

  @Test
  void execute_refusedFileWrite_neverReachesTheDriver() {
    assertThatThrownBy(() -> executor.execute("COPY orders TO '/tmp/snowchat-exfil.csv'"))
        .isInstanceOf(QueryRefusedException.class);

    assertThat(recording.sql()).isEmpty();
  }

  @Test
  void execute_select_runsAfterHardeningWithCaps() {
    QueryResult r = executor.execute("SELECT id, amount FROM orders ORDER BY id");

    assertThat(r.kind()).isEqualTo(StatementKind.READ);
    assertThat(r.rowCount()).isEqualTo(20);
    assertThat(r.truncationReason()).isEqualTo(TruncationReason.ROW_LIMIT);
    assertThat(r.rows().get(1)).containsExactly(1L, 10L);
    List<String> sql = recording.sql();
    assertThat(sql).last().isEqualTo("SELECT id, amount FROM orders ORDER BY id");
    assertThat(sql).contains("SET enable_external_access = false");
    assertThat(sql.indexOf("SET lock_configuration = true"))
        .isLessThan(sql.size() - 1)
        .isGreaterThan(sql.indexOf("SET enable_external_access = false"));
  }

  @Test
  void execute_tighterPerCallLimits_apply() {
    QueryResult r = executor.execute("SELECT id FROM orders ORDER BY id",
        executor.limits().withMaxRows(3));

    assertThat(r.rows()).containsExactly(List.of(0L), List.of(1L), List.of(2L));
    assertThat(r.truncated()).isTrue();
  }

  @Test
  void execute_endlessQuery_isCancelledAtTheDeadline() {
    // A cross join of 10^12 rows: runs for hours unless cancelled.
    String endless = "SELECT sum(a.range * b.range) FROM range(1000000) a, range(1000000) b";
    QueryLimits limits = executor.limits().withTimeout(Duration.ofMillis(500));

    SnowchatException e = assertTimeoutPreemptively(Duration.ofSeconds(60),
        () -> assertThrows(SnowchatException.class, () -> executor.execute(endless, limits)));

    assertThat(e.code()).isEqualTo(GateErrorCode.STATEMENT_TIMEOUT);
    assertThat(e.isRetryable()).isFalse();
  }

  @Test
  void execute_unknownTable_isQueryFailed() {
    assertThatThrownBy(() -> executor.execute("SELECT * FROM missing_table"))
        .isInstanceOfSatisfying(SnowchatException.class,
            e -> assertThat(e.code()).isEqualTo(GateErrorCode.QUERY_FAILED));
  }

  @Test
  void execute_sessionCannotBeHardened_runsNothing() throws Exception {
    db.run("SET lock_configuration = true"); // locked with external access still on

    assertThatThrownBy(() -> executor.execute("SELECT id FROM orders"))
        .isInstanceOfSatisfying(SnowchatException.class, e -> {
          assertThat(e.code()).isEqualTo(GateErrorCode.HARDENING_FAILED);
          assertThat(e.getMessage()).contains("not run");
        });
    assertThat(recording.sql()).doesNotContain("SELECT id FROM orders");
  }

  @Test
  void execute_noConnection_isTransientAndSecretFree() {
    GatedExecutor broken = GatedExecutor.builder()
        .dataSource(TestDatabases.dataSource(() -> {
          throw new java.sql.SQLException(
              "Connection refused: jdbc:x://db?user=app&password=hunter2\n", "08001");
        }))
        .gate(SqlGate.builder().dialect(Dialect.DUCKDB).build())
        .build();

    assertThatThrownBy(() -> broken.execute("SELECT 1"))
        .isInstanceOfSatisfying(SnowchatException.class, e -> {
          assertThat(e.code()).isEqualTo(GateErrorCode.CONNECTION_FAILED);
          assertThat(e.isRetryable()).isTrue();
          assertThat(e.getMessage()).doesNotContain("hunter2").contains("password=<masked>");
        });
  }

  @Test
  void execute_badCredentials_isPermanent() {
    GatedExecutor broken = GatedExecutor.builder()
        .dataSource(TestDatabases.dataSource(() -> {
          throw new java.sql.SQLException("password authentication failed", "28P01");
        }))
        .gate(SqlGate.builder().dialect(Dialect.DUCKDB).build())
        .build();

    assertThatThrownBy(() -> broken.execute("SELECT 1"))
        .isInstanceOfSatisfying(SnowchatException.class,
            e -> assertThat(e.code()).isEqualTo(GateErrorCode.AUTHENTICATION_FAILED));
  }

  @Test
  void execute_looserPerCallLimits_areRefusedNotClamped() {
    assertThatThrownBy(() -> executor.execute("SELECT 1", executor.limits().withMaxRows(21)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("may only tighten");
    assertThatThrownBy(() -> executor.execute("SELECT 1",
        executor.limits().withTimeout(Duration.ofMinutes(5))))
        .isInstanceOf(IllegalArgumentException.class);

    assertThat(recording.sql()).isEmpty();
  }

  @Test
  void builder_defaultHardening_followsTheGate() {
    GatedExecutor readOnly = GatedExecutor.builder().dataSource(recording)
        .gate(SqlGate.builder().dialect(Dialect.SNOWFLAKE).build()).queryTag("snowchat").build();
    GatedExecutor full = GatedExecutor.builder().dataSource(recording)
        .gate(SqlGate.builder().mode(PermissionMode.FULL).build()).build();

    assertThat(readOnly.hardening()).isInstanceOfSatisfying(DialectHardening.class, h -> {
      assertThat(h.dialect()).isEqualTo(Dialect.SNOWFLAKE);
      assertThat(h.options().readOnly()).isTrue();
      assertThat(h.options().queryTag()).isEqualTo("snowchat");
      assertThat(h.options().statementTimeout()).isEqualTo(QueryLimits.DEFAULT_TIMEOUT);
    });
    assertThat(full.hardening()).isInstanceOfSatisfying(DialectHardening.class,
        h -> assertThat(h.options().readOnly()).isFalse());
    assertThat(readOnly.limits()).isEqualTo(QueryLimits.defaults());
  }

  @Test
  void builder_missingOrRepeatedValues_areRefused() {
    SqlGate gate = SqlGate.builder().build();

    assertThatThrownBy(() -> GatedExecutor.builder().gate(gate).build())
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("dataSource");
    assertThatThrownBy(() -> GatedExecutor.builder().dataSource(recording).build())
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("gate");
    assertThatThrownBy(() -> GatedExecutor.builder().gate(gate).gate(gate))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("already set");
    assertThatThrownBy(() -> GatedExecutor.builder().limits(QueryLimits.defaults())
        .limits(QueryLimits.defaults()))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("already set");
    assertThatThrownBy(() -> GatedExecutor.builder().queryTag("a").queryTag("b"))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("a");
  }

  @Test
  void builder_queryTagWithExplicitHardening_tagsSnowflakeSessionsOnce() throws Exception {
    FakeJdbc.FakeConnection fake = FakeJdbc.FakeConnection.answering("Snowflake", Map.of());
    java.sql.Connection c = fake.connection();
    SessionHardening h = GatedExecutor.builder().dataSource(recording)
        .gate(SqlGate.builder().dialect(Dialect.SNOWFLAKE).build())
        .hardening(SessionHardening.forDialect(Dialect.SNOWFLAKE)).queryTag("o'tag")
        .build().hardening();

    h.apply(c, Dialect.SNOWFLAKE);
    h.apply(c, Dialect.SNOWFLAKE);

    assertThat(fake.executed()).containsExactly(
        "ALTER SESSION SET MULTI_STATEMENT_COUNT = 1, ABORT_DETACHED_QUERY = TRUE",
        "USE SECONDARY ROLES NONE",
        "ALTER SESSION SET QUERY_TAG = 'o''tag'");
  }

  @Test
  void sessionHardening_boundToADialect_appliesWithoutOne() throws Exception {
    FakeJdbc.FakeConnection fake = FakeJdbc.FakeConnection.answering("PostgreSQL", Map.of());

    SessionHardening.forDialect(Dialect.GENERIC).apply(fake.connection());
    SessionHardening.none().apply(fake.connection());

    assertThat(fake.executed())
        .containsExactly("SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY");
    SessionHardening custom = (c, d) -> { };
    assertThatThrownBy(() -> custom.apply(fake.connection()))
        .isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void builder_badQueryTag_isRefused() {
    assertThatThrownBy(() -> GatedExecutor.builder().queryTag("a\nb"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> GatedExecutor.builder().queryTag("x".repeat(2001)))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
