package dev.snowchat.sqlgate.internal.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.snowchat.sqlgate.Dialect;
import dev.snowchat.sqlgate.GateErrorCode;
import dev.snowchat.sqlgate.HardeningOptions;
import dev.snowchat.sqlgate.QueryLimits;
import dev.snowchat.sqlgate.QueryResult;
import dev.snowchat.sqlgate.SessionHardening;
import dev.snowchat.sqlgate.SnowchatException;
import dev.snowchat.sqlgate.StatementKind;
import dev.snowchat.sqlgate.TruncationReason;
import dev.snowchat.sqlgate.testing.TestDatabases;
import java.math.BigDecimal;
import java.sql.Types;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Capped execution on a real in-process DuckDB, below the gate. */
class StatementRunnerDuckDbTest {
  // A cross join of 10^12 rows: runs for hours unless cancelled.
  private static final String ENDLESS =
      "SELECT sum(a.range * b.range) FROM range(1000000) a, range(1000000) b";
  private static final Duration HANG_GUARD = Duration.ofSeconds(60);

  private TestDatabases.DuckDb db;
  private final SessionHardening hardening =
      SessionHardening.forDialect(Dialect.DUCKDB, HardeningOptions.defaults());

  @BeforeEach
  void open() throws Exception {
    db = TestDatabases.duckDbInMemory()
        .run("CREATE TABLE t AS SELECT range AS i, 'row ' || range AS s FROM range(5000)");
  }

  @AfterEach
  void close() throws Exception {
    db.close();
  }

  private QueryResult run(String sql, QueryLimits limits) {
    return StatementRunner.run(db.dataSource(), hardening, Dialect.DUCKDB, sql,
        StatementKind.READ, limits);
  }

  @Test
  void rowCap_moreRowsThanCap_truncatesWithRowLimit() {
    QueryResult r = run("SELECT i FROM t ORDER BY i", QueryLimits.defaults().withMaxRows(10));

    assertThat(r.rowCount()).isEqualTo(10);
    assertThat(r.truncated()).isTrue();
    assertThat(r.truncationReason()).isEqualTo(TruncationReason.ROW_LIMIT);
    assertThat(r.rows().get(9)).containsExactly(9L);
  }

  @Test
  void rowCap_exactlyCapRows_isNotTruncated() {
    QueryResult r = run("SELECT i FROM t WHERE i < 10", QueryLimits.defaults().withMaxRows(10));

    assertThat(r.rowCount()).isEqualTo(10);
    assertThat(r.truncated()).isFalse();
    assertThat(r.truncation()).isEmpty();
  }

  @Test
  void rowCap_hugeStreamedResult_stopsEarly() {
    QueryResult r = assertTimeoutPreemptively(HANG_GUARD,
        () -> run("SELECT * FROM range(10000000000)", QueryLimits.defaults()));

    assertThat(r.rowCount()).isEqualTo(QueryLimits.DEFAULT_MAX_ROWS);
    assertThat(r.truncationReason()).isEqualTo(TruncationReason.ROW_LIMIT);
  }

  @Test
  void byteCap_rowsPastCap_truncatesWithByteLimit() {
    // Each row is ["row 1234"] or so: about 12 bytes. 200 bytes hold well under 100 rows.
    QueryResult r = run("SELECT s FROM t ORDER BY i",
        QueryLimits.defaults().withMaxRows(100).withMaxBytes(200));

    assertThat(r.truncationReason()).isEqualTo(TruncationReason.BYTE_LIMIT);
    assertThat(r.rowCount()).isBetween(5, 20);
    long estimate = 2 + r.rows().stream()
        .mapToLong(row -> 2 + Values.jsonSize(row.get(0)) + 1).sum();
    assertThat(estimate).isLessThanOrEqualTo(200 + 1);
  }

  @Test
  void byteCap_firstValueAloneTooBig_returnsNoRows() {
    QueryResult r = run("SELECT repeat('x', 10000) AS big",
        QueryLimits.defaults().withMaxBytes(1000));

    assertThat(r.rowCount()).isZero();
    assertThat(r.truncationReason()).isEqualTo(TruncationReason.BYTE_LIMIT);
    assertThat(r.columns()).hasSize(1);
  }

  @Test
  void byteCap_binaryTooBig_isNotRead() {
    QueryResult r = run("SELECT repeat('ab', 5000)::BLOB AS b",
        QueryLimits.defaults().withMaxBytes(100));

    assertThat(r.rowCount()).isZero();
    assertThat(r.truncationReason()).isEqualTo(TruncationReason.BYTE_LIMIT);
  }

  @Test
  void timeout_endlessQuery_isCancelledWithStatementTimeout() {
    QueryLimits limits = QueryLimits.defaults().withTimeout(Duration.ofMillis(500));

    SnowchatException e = assertTimeoutPreemptively(HANG_GUARD,
        () -> org.junit.jupiter.api.Assertions.assertThrows(SnowchatException.class,
            () -> run(ENDLESS, limits)));

    assertThat(e.code()).isEqualTo(GateErrorCode.STATEMENT_TIMEOUT);
    assertThat(e.getMessage()).contains("500 ms timeout").contains("Narrow it");
  }

  @Test
  void timeout_afterCancel_connectionStillServesQueries() throws Exception {
    QueryLimits limits = QueryLimits.defaults().withTimeout(Duration.ofMillis(300));
    assertTimeoutPreemptively(HANG_GUARD,
        () -> assertThatThrownBy(() -> run(ENDLESS, limits)).isInstanceOf(SnowchatException.class));

    assertThat(run("SELECT count(*) FROM t", QueryLimits.defaults()).rows())
        .containsExactly(List.of(5000L));
  }

  @Test
  void failure_unknownTable_isQueryFailedWithCleanMessage() {
    assertThatThrownBy(() -> run("SELECT * FROM nope", QueryLimits.defaults()))
        .isInstanceOf(SnowchatException.class)
        .satisfies(e -> {
          SnowchatException se = (SnowchatException) e;
          assertThat(se.code()).isEqualTo(GateErrorCode.QUERY_FAILED);
          assertThat(se.getMessage()).contains("nope").doesNotContain("\n");
          assertThat(se.getCause()).isNotNull();
        });
  }

  @Test
  void result_noResultSet_givesRowsAffected() throws Exception {
    try (TestDatabases.DuckDb writable = TestDatabases.duckDbInMemory()
        .run("CREATE TABLE w(i INT)")) {
      QueryResult r = StatementRunner.run(writable.dataSource(), SessionHardening.none(),
          Dialect.DUCKDB, "INSERT INTO w VALUES (1), (2)", StatementKind.DML,
          QueryLimits.defaults());

      assertThat(r.columns()).extracting(c -> c.name()).containsExactly("rows_affected");
      assertThat(r.rows()).containsExactly(List.of(2L));
      assertThat(r.kind()).isEqualTo(StatementKind.DML);
    }
  }

  @Test
  void result_carriesElapsedKindAndNoQueryId() {
    QueryResult r = run("SELECT 1 AS one", QueryLimits.defaults());

    assertThat(r.elapsed()).isPositive();
    assertThat(r.queryId()).isNull();
    assertThat(r.kind()).isEqualTo(StatementKind.READ);
    assertThat(r.columns()).singleElement().satisfies(c -> {
      assertThat(c.name()).isEqualTo("one");
      assertThat(c.jdbcType()).isEqualTo(Types.INTEGER);
    });
  }

  @Test
  void values_eachDuckDbType_isJsonFriendly() {
    QueryResult r = run("SELECT 1::TINYINT ti, 2::SMALLINT si, 3::INTEGER i, 4::BIGINT bi,"
        + " 170141183460469231731687303715884105727::HUGEINT hi, 5::HUGEINT small_hi,"
        + " 6::UBIGINT ubi, 1.5::FLOAT f, 0.1::FLOAT f01, 2.5::DOUBLE d, 'NaN'::DOUBLE nan,"
        + " 'inf'::DOUBLE inf, 3.25::DECIMAL(10,2) dcm, 'x'::VARCHAR v, true b,"
        + " DATE '2024-01-02' dt, TIME '10:11:12.5' tm, TIMESTAMP '2024-01-02 10:11:00' ts,"
        + " TIMESTAMP '2024-01-02 10:11:12.123456' tsu, TIMESTAMPTZ '2024-01-02 10:11:12+02' tz,"
        + " TIMETZ '10:11:12+02' ttz, '\\xAA\\xBB'::BLOB bl, [1, 2, 3] li, {'a': 1} st,"
        + " MAP {'k': 1} mp, INTERVAL 3 DAY iv, '00000000-0000-0000-0000-000000000001'::UUID u,"
        + " NULL::INTEGER n", QueryLimits.defaults());

    List<Object> row = r.rows().get(0);
    assertThat(row.subList(0, 4)).containsExactly(1, 2, 3, 4L);
    assertThat(row.get(4)).isEqualTo(new BigDecimal("170141183460469231731687303715884105727"));
    assertThat(row.get(5)).isEqualTo(5L);
    assertThat(row.get(6)).isEqualTo(6L);
    assertThat(row.subList(7, 10)).containsExactly(1.5, 0.1, 2.5);
    assertThat(row.subList(10, 12)).containsExactly("NaN", "Infinity");
    assertThat(row.get(12)).isEqualTo(new BigDecimal("3.25"));
    assertThat(row.subList(13, 15)).containsExactly("x", true);
    assertThat(row.subList(15, 21)).containsExactly("2024-01-02", "10:11:12.5",
        "2024-01-02T10:11:00", "2024-01-02T10:11:12.123456", "2024-01-02T08:11:12Z",
        "10:11:12+02:00");
    assertThat(row.get(21)).isEqualTo(Base64.getEncoder().encodeToString(
        new byte[] {(byte) 0xAA, (byte) 0xBB}));
    assertThat(row.get(22)).isEqualTo("[1, 2, 3]");
    assertThat((String) row.get(23)).contains("a").contains("1");
    assertThat((String) row.get(24)).contains("k").contains("1");
    assertThat(row.get(25)).isEqualTo("3 days");
    assertThat(row.get(26)).isEqualTo("00000000-0000-0000-0000-000000000001");
    assertThat(row.get(27)).isNull();
    assertThat(row).allSatisfy(v -> assertThat(v == null || v instanceof String
        || v instanceof Boolean || v instanceof Integer || v instanceof Long
        || v instanceof BigDecimal || v instanceof Double).isTrue());
  }
}
