package dev.snowchat.maven.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.maven.internal.SqlType.Change;
import dev.snowchat.maven.internal.SqlType.Family;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SqlTypeTest {

  @ParameterizedTest(name = "{0} -> {1} is {2}")
  @CsvSource(delimiter = '|', value = {
      "VARCHAR(100)     | VARCHAR(50)      | NARROWED",
      "VARCHAR(50)      | VARCHAR(100)     | WIDENED",
      "VARCHAR          | VARCHAR(50)      | NARROWED",
      "VARCHAR(16)      | TEXT             | WIDENED",
      "NUMBER(38,0)     | NUMBER(10,0)     | NARROWED",
      "NUMBER(10,2)     | NUMBER(12,2)     | WIDENED",
      "NUMBER(10,2)     | NUMBER(10,1)     | NARROWED",
      "NUMBER(10,2)     | NUMBER(11,3)     | WIDENED",
      "NUMBER           | NUMBER(38,0)     | SAME",
      "INT              | INTEGER          | SAME",
      "BIGINT           | INTEGER          | NARROWED",
      "INTEGER          | BIGINT           | WIDENED",
      "INTEGER          | DECIMAL(18,0)    | WIDENED",
      "VARCHAR(10)      | NUMBER(10,0)     | FAMILY_CHANGED",
      "DATE             | TIMESTAMP_NTZ(9) | FAMILY_CHANGED",
      "DOUBLE           | REAL             | NARROWED",
      "TIMESTAMP_NTZ(9) | TIMESTAMP_NTZ(3) | NARROWED",
      "TIMESTAMP_NTZ(9) | TIMESTAMP_TZ(9)  | CHANGED",
      "TIMESTAMP        | TIMESTAMP_NTZ(9) | SAME",
      "VARIANT          | OBJECT           | CHANGED",
      "INTEGER[]        | BIGINT[]         | CHANGED",
      "MY_TYPE          | my_type          | SAME",
  })
  void compare(String before, String after, Change expected) {
    assertThat(SqlType.compare(SqlType.parse(before), SqlType.parse(after))).isEqualTo(expected);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "varchar(100)                | TEXT",
      "NUMBER(38,0)                | EXACT_NUMERIC",
      "TIMESTAMP WITH TIME ZONE    | TIMESTAMP",
      "timestamp(6) with time zone | TIMESTAMP",
      "BOOLEAN                     | BOOLEAN",
      "GEOGRAPHY                   | GEOSPATIAL",
      "INTEGER[]                   | OTHER",
  })
  void parse_family(String type, Family family) {
    assertThat(SqlType.parse(type).family()).isEqualTo(family);
  }

  @ParameterizedTest
  @CsvSource({"NARROWED,true", "FAMILY_CHANGED,true", "CHANGED,true", "WIDENED,false",
      "SAME,false"})
  void breaking(Change change, boolean breaking) {
    assertThat(change.breaking()).isEqualTo(breaking);
  }
}
