package dev.snowchat.mcp.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.sqlgate.GateErrorCode;
import dev.snowchat.sqlgate.SnowchatException;
import java.sql.SQLException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Issue 9 item 8: the hint fits the failure, and the sentences are punctuated. */
class ErrorsTest {
  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "42501 | lacks the privilege",
      "42P01 | table and schema names",
      "42S02 | table and schema names",
      "42703 | column names with describe_table",
      "42883 | function name",
      "42601 | SQL syntax",
      "25006 | read-only",
      "57014 | cancelled",
      "22012 | division by zero",
      "53200 | resource limit",
      "42804 | names, types or syntax",
      "XX000 | Check the SQL",
  })
  void hint_bySqlState(String state, String expected) {
    assertThat(Errors.hint(new SQLException("boom", state), false)).contains(expected);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "3001 | lacks the privilege",
      "2003 | table and schema names",
      "904 | column names",
      "1003 | SQL syntax",
      "630 | cancelled",
  })
  void hint_bySnowflakeErrorCode(int code, String expected) {
    SQLException e = new SQLException("boom", "42000", code);
    assertThat(Errors.hint(e, true)).contains(expected);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "ERROR: syntax error at end of input | ERROR: syntax error at end of input.",
      "done. | done.",
      "really? | really?",
      "'  padded  ' | padded.",
  })
  void sentence_endsInPunctuation(String in, String out) {
    assertThat(Errors.sentence(in)).isEqualTo(out);
  }

  @org.junit.jupiter.api.Test
  void sqlException_isFoundInTheCauseChain() {
    SQLException root = new SQLException("permission denied for table t", "42501");
    SnowchatException e = new SnowchatException(GateErrorCode.QUERY_FAILED, "failed", root);
    assertThat((Object) Errors.sqlException(e)).isSameAs(root);
    assertThat(Errors.hint(Errors.sqlException(e), false)).contains("privilege");
  }
}
