package dev.snowchat.sqlgate.internal.exec;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class ValuesTest {
  @Test
  void convert_numbers_areJsonNumbersOrStrings() {
    assertThat(Values.convert((byte) 1)).isEqualTo(1);
    assertThat(Values.convert((short) 2)).isEqualTo(2);
    assertThat(Values.convert(3L)).isEqualTo(3L);
    assertThat(Values.convert(BigInteger.TEN)).isEqualTo(10L);
    assertThat(Values.convert(BigInteger.TWO.pow(70)))
        .isEqualTo(new BigDecimal(BigInteger.TWO.pow(70)));
    assertThat(Values.convert(0.1f)).isEqualTo(0.1);
    assertThat(Values.convert(Double.NEGATIVE_INFINITY)).isEqualTo("-Infinity");
    assertThat(Values.convert(Float.NaN)).isEqualTo("NaN");
  }

  @Test
  void convert_temporals_areIso8601() {
    assertThat(Values.convert(Timestamp.valueOf(LocalDateTime.of(2024, 1, 2, 3, 4))))
        .isEqualTo("2024-01-02T03:04:00");
    assertThat(Values.convert(OffsetDateTime.of(2024, 1, 2, 3, 4, 5, 0, ZoneOffset.ofHours(2))))
        .isEqualTo("2024-01-02T03:04:05+02:00");
    assertThat(Values.convert(ZonedDateTime.of(2024, 1, 2, 3, 4, 5, 0, ZoneOffset.UTC)))
        .isEqualTo("2024-01-02T03:04:05Z");
    assertThat(Values.convert(Instant.parse("2024-01-02T03:04:05.5Z")))
        .isEqualTo("2024-01-02T03:04:05.500Z");
    assertThat(Values.convert(java.sql.Date.valueOf("2024-01-02"))).isEqualTo("2024-01-02");
  }

  @Test
  void convert_binaryAndUuid_areText() {
    assertThat(Values.convert(new byte[] {1, 2, 3})).isEqualTo("AQID");
    assertThat(Values.convert(new UUID(0, 1))).isEqualTo("00000000-0000-0000-0000-000000000001");
    assertThat(Values.convert(new Object())).isNull();
  }

  @Test
  void jsonSize_countsQuotesEscapesAndUtf8() {
    assertThat(Values.jsonSize(null)).isEqualTo(4);
    assertThat(Values.jsonSize(true)).isEqualTo(4);
    assertThat(Values.jsonSize(false)).isEqualTo(5);
    assertThat(Values.jsonSize(12345L)).isEqualTo(5);
    assertThat(Values.jsonSize("ab")).isEqualTo(4);
    assertThat(Values.jsonSize("a\"b")).isEqualTo(6);
    assertThat(Values.jsonSize("\n")).isEqualTo(8);
    assertThat(Values.jsonSize("é€")).isEqualTo(2 + 2 + 3);
    assertThat(Values.jsonSize("😀")).isEqualTo(2 + 4);
  }
}
