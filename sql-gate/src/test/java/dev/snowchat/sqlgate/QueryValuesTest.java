package dev.snowchat.sqlgate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.Types;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The value types of the execution API: validation and derivation. */
class QueryValuesTest {
  @Test
  void queryLimits_defaults_matchTheReference() {
    assertThat(QueryLimits.defaults())
        .isEqualTo(new QueryLimits(1000, 1024 * 1024, Duration.ofSeconds(60)));
  }

  @Test
  void queryLimits_badValues_areRefused() {
    assertThatThrownBy(() -> QueryLimits.defaults().withMaxRows(0))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("maxRows");
    assertThatThrownBy(() -> QueryLimits.defaults().withMaxRows(Integer.MAX_VALUE))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> QueryLimits.defaults().withMaxBytes(0))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("maxBytes");
    assertThatThrownBy(() -> QueryLimits.defaults().withTimeout(Duration.ZERO))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("timeout");
    assertThatThrownBy(() -> QueryLimits.defaults().withTimeout(Duration.ofSeconds(-1)))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void queryLimits_atMostAndFitsWithin_compareEachCap() {
    QueryLimits ceiling = QueryLimits.defaults();
    QueryLimits asked = new QueryLimits(5000, 10, Duration.ofSeconds(5));

    assertThat(asked.fitsWithin(ceiling)).isFalse();
    assertThat(asked.atMost(ceiling)).isEqualTo(new QueryLimits(1000, 10, Duration.ofSeconds(5)));
    assertThat(asked.atMost(ceiling).fitsWithin(ceiling)).isTrue();
  }

  @Test
  void queryResult_truncationFlagMustMatchReason() {
    assertThatThrownBy(() -> new QueryResult(List.of(), List.of(), true, null, Duration.ZERO,
        null, StatementKind.READ)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new QueryResult(List.of(), List.of(), false,
        TruncationReason.ROW_LIMIT, Duration.ZERO, null, StatementKind.READ))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void queryResult_rowsAreCopiedUnmodifiableAndMayHoldNulls() {
    List<ResultColumn> cols = List.of(new ResultColumn("a", "INTEGER", Types.INTEGER, true));
    List<Object> row = new ArrayList<>(Arrays.asList((Object) null));
    List<List<Object>> rows = new ArrayList<>(List.of(row));

    QueryResult r = new QueryResult(cols, rows, false, null, Duration.ZERO, null,
        StatementKind.READ);
    row.set(0, 1);

    assertThat(r.rows().get(0)).containsExactly((Object) null);
    assertThat(r.rowCount()).isEqualTo(1);
    assertThatThrownBy(() -> r.rows().get(0).set(0, 2))
        .isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> new QueryResult(cols, List.of(List.of(1, 2)), false, null,
        Duration.ZERO, null, StatementKind.READ)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void hardeningOptions_validateTagsAndPaths() {
    assertThat(HardeningOptions.defaults().readOnly()).isTrue();
    assertThatThrownBy(() -> HardeningOptions.defaults().withQueryTag("a\u0007"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> HardeningOptions.defaults()
        .withAllowedDirectories(List.of(Path.of("relative")))).isInstanceOf(
        IllegalArgumentException.class).hasMessageContaining("absolute");
    assertThat(HardeningOptions.defaults().withAllowedFiles(List.of(Path.of("/a/../b.csv")))
        .allowedFiles()).containsExactly(Path.of("/b.csv"));
    assertThatThrownBy(() -> HardeningOptions.defaults().withStatementTimeout(Duration.ZERO))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void gateErrorCodes_haveTheDocumentedTypes() {
    assertThat(GateErrorCode.REFUSED.type()).isEqualTo(ErrorType.USER);
    assertThat(GateErrorCode.STATEMENT_TIMEOUT.type()).isEqualTo(ErrorType.USER);
    assertThat(GateErrorCode.CONNECTION_FAILED.type()).isEqualTo(ErrorType.TRANSIENT);
    assertThat(GateErrorCode.PERMISSION_CHECK_FAILED.type()).isEqualTo(ErrorType.PERMANENT);
    assertThat(new SnowchatException(GateErrorCode.CONNECTION_FAILED, "x").isRetryable()).isTrue();
  }
}
