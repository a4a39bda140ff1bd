package dev.snowchat.mcp.internal.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.mcp.JdbcTarget;
import dev.snowchat.mcp.McpConfig;
import dev.snowchat.mcp.ToolErrorCode;
import dev.snowchat.sqlgate.ErrorCode;
import dev.snowchat.sqlgate.ErrorType;
import dev.snowchat.sqlgate.GateErrorCode;
import dev.snowchat.sqlgate.PermissionMode;
import dev.snowchat.sqlgate.SnowchatException;
import dev.snowchat.sqlgate.StatementKind;
import java.sql.SQLException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Issue 9 item 8: the hint fits the failure, and the sentences are punctuated. Issue 12 item 2:
 * errors are told apart by their error-code enums, and what a mode allows comes from the mode.
 */
class ErrorsTest {
  private static Warehouse warehouse;

  @BeforeAll
  static void open() throws Exception {
    McpConfig config = McpConfig.builder().jdbcUrl("jdbc:duckdb:").build();
    warehouse = new Warehouse(config, JdbcTarget.of(config));
  }

  @AfterAll
  static void close() {
    warehouse.close();
  }

  /**
   * Every pooled connection lent out past the pool's wait (HikariCP's timeout, as it words it):
   * SERVER_BUSY, saying it is load, not CONNECTION_FAILED's "cannot reach the warehouse".
   */
  @Test
  void poolWaitRunningOut_isServerBusy_notConnectionFailed() {
    SQLException hikari = new java.sql.SQLTransientConnectionException("snowchat-request -"
        + " Connection is not available, request timed out after 10002ms (total=4, active=4,"
        + " idle=0, waiting=36)");
    Errors.Failure query = Errors.toolError(new SnowchatException(
        GateErrorCode.CONNECTION_FAILED, "cannot connect", hikari), warehouse);
    assertThat(query.code()).isEqualTo(ToolErrorCode.SERVER_BUSY);
    assertThat(query.message()).contains("SNOWCHAT_POOL_SIZE", "retry")
        .doesNotContain("Cannot reach");
    assertThat(Errors.fromSql(hikari, warehouse).code()).isEqualTo(ToolErrorCode.SERVER_BUSY);
    assertThat(Errors.fromSql(new SQLException("Connection refused", "08001"), warehouse).code())
        .isEqualTo(ToolErrorCode.CONNECTION_FAILED);
    // The same wording when the warehouse is down: the connect failure as the cause, none lent.
    SQLException down = new java.sql.SQLTransientConnectionException("snowchat-request -"
        + " Connection is not available, request timed out after 10001ms (total=0, active=0,"
        + " idle=0, waiting=0)", "08001", new SQLException("Connection refused", "08001"));
    assertThat(Errors.toolError(new SnowchatException(GateErrorCode.CONNECTION_FAILED,
        "cannot connect", down), warehouse).code()).isEqualTo(ToolErrorCode.CONNECTION_FAILED);
    assertThat(Errors.fromSql(down, warehouse).code()).isEqualTo(ToolErrorCode.CONNECTION_FAILED);
  }

  @Test
  void toolError_switchesOnTheCode_notOnItsName() {
    ErrorCode lookalike = new ErrorCode() {
      @Override
      public String name() {
        return "LOGIN_TIMEOUT";
      }

      @Override
      public ErrorType type() {
        return ErrorType.TRANSIENT;
      }
    };
    assertThat(Errors.toolError(new SnowchatException(lookalike, "boom"), warehouse).code())
        .isEqualTo(ToolErrorCode.QUERY_FAILED);
    assertThat(Errors.toolError(new SnowchatException(GateErrorCode.STATEMENT_TIMEOUT, "slow"),
        warehouse).code()).isEqualTo(ToolErrorCode.STATEMENT_TIMEOUT);
    assertThat(Errors.toolError(new SnowchatException(GateErrorCode.HARDENING_FAILED, "no"),
        warehouse).code()).isEqualTo(ToolErrorCode.CONNECTION_FAILED);
    assertThat(Errors.toolError(new SnowchatException(ToolErrorCode.TABLE_NOT_FOUND, "gone"),
        warehouse)).isEqualTo(new Errors.Failure(ToolErrorCode.TABLE_NOT_FOUND, "gone"));
  }

  @ParameterizedTest
  @EnumSource(PermissionMode.class)
  void allowed_namesTheStatementsOfEveryKindTheModeAllows_andNoOther(PermissionMode mode) {
    String text = Errors.allowed(mode);
    assertThat(text).contains("SELECT", "SHOW", "DESCRIBE", "EXPLAIN", "USE");
    boolean writes = mode.allowedKinds().contains(StatementKind.DML);
    boolean transfers = mode.allowedKinds().contains(StatementKind.TRANSFER);
    boolean ddl = mode.allowedKinds().contains(StatementKind.DDL);
    assertThat(text.contains("INSERT") && text.contains("TRUNCATE")).isEqualTo(writes);
    assertThat(text.contains("COPY") && text.contains("GET")).isEqualTo(transfers);
    assertThat(text.contains("CREATE")).isEqualTo(ddl);
  }

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

  /**
   * pgjdbc reports this JVM running out of memory while it receives rows as SQL state 53200,
   * the server's own out-of-memory state, with the OutOfMemoryError as cause ("Java heap
   * space"): the message must not blame the warehouse.
   */
  @Test
  void toolError_resultTooLarge_blamesThisServer_notTheWarehouse() {
    SQLException driver = new SQLException("Ran out of memory retrieving query results.",
        "53200", new OutOfMemoryError("Java heap space"));
    Errors.Failure f = Errors.toolError(new SnowchatException(GateErrorCode.RESULT_TOO_LARGE,
        "Reading the result ran this process out of memory", driver), warehouse);

    assertThat(f.code()).isEqualTo(ToolErrorCode.RESULT_TOO_LARGE);
    assertThat(f.message()).contains("this MCP server out of memory", "not the warehouse")
        .doesNotContain("rejected", "resource limit of the database", "Java heap space");
  }

  @Test
  void sqlException_isFoundInTheCauseChain() {
    SQLException root = new SQLException("permission denied for table t", "42501");
    SnowchatException e = new SnowchatException(GateErrorCode.QUERY_FAILED, "failed", root);
    assertThat((Object) Errors.sqlException(e)).isSameAs(root);
    assertThat(Errors.hint(Errors.sqlException(e), false)).contains("privilege");
  }
}
