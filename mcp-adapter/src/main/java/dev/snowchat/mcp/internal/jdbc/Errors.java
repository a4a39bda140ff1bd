package dev.snowchat.mcp.internal.jdbc;

import dev.snowchat.mcp.ToolErrorCode;
import dev.snowchat.mcp.ToolResult;
import dev.snowchat.sqlgate.GateErrorCode;
import dev.snowchat.sqlgate.PermissionMode;
import dev.snowchat.sqlgate.QueryRefusedException;
import dev.snowchat.sqlgate.Rule;
import dev.snowchat.sqlgate.SnowchatException;
import dev.snowchat.sqlgate.StatementKind;
import dev.snowchat.sqlgate.Verdict;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * Turns failures into tool errors ({@link ToolErrorCode}) whose text tells a model what to do
 * next, choosing by the failure's error-code enum. Warehouse text is untrusted: it is cleaned,
 * masked and truncated before it is shown.
 */
public final class Errors {
  /** How much of a warehouse message is shown at most. */
  public static final int MAX_WAREHOUSE_TEXT = 500;

  private Errors() {}

  /**
   * The message of a gate refusal: the rule, the verdict's reason and what would be allowed, and
   * for a statement kind the mode does not allow, what the mode allows and who can change it.
   *
   * @param verdict the refusal
   * @param w the warehouse, for its mode and secrets
   * @return the message, cleaned and masked
   */
  public static String refusal(Verdict.Blocked verdict, Warehouse w) {
    PermissionMode mode = w.config().mode();
    StringBuilder sb = new StringBuilder("Refused by the SQL gate (rule ")
        .append(verdict.rule()).append("): ").append(verdict.message());
    if (verdict.rule() == Rule.KIND_NOT_ALLOWED) {
      if (!verdict.message().contains(mode.configName())) {
        sb.append(" This server runs in ").append(mode.configName())
            .append(" mode, which allows ").append(allowed(mode)).append('.');
      }
      if (mode != PermissionMode.FULL) {
        sb.append(" Only whoever runs the server can change the mode (SNOWFLAKE_MCP_MODE);")
            .append(" rewrite the request as a read if you can.");
      }
    }
    return w.redactor().untrusted(sb.toString(), 1500);
  }

  /**
   * {@return what a mode allows, in words, from the statement kinds it allows}
   *
   * @param mode the mode
   */
  public static String allowed(PermissionMode mode) {
    List<String> parts = new ArrayList<>();
    for (StatementKind k : StatementKind.values()) {
      if (mode.allowedKinds().contains(k)) {
        parts.add(statements(k));
      }
    }
    return parts.size() == 1 ? parts.get(0)
        : String.join(", ", parts.subList(0, parts.size() - 1)) + " and "
            + parts.get(parts.size() - 1);
  }

  /** The statements of a kind, as a user writes them. */
  private static String statements(StatementKind kind) {
    return switch (kind) {
      case READ -> "SELECT (WITH ... SELECT, VALUES)";
      case SHOW -> "SHOW";
      case DESCRIBE -> "DESCRIBE";
      case EXPLAIN -> "EXPLAIN";
      case USE -> "USE";
      case DML -> "INSERT/UPDATE/DELETE/MERGE/TRUNCATE";
      case DDL -> "DDL (CREATE/ALTER/DROP/COMMENT)";
      case ADMIN -> "admin statements (GRANT/REVOKE/SET/CALL, transactions)";
      case TRANSFER -> "COPY/PUT/GET";
      case SCRIPT -> "scripts (EXECUTE IMMEDIATE, blocks)";
      case UNKNOWN -> "statements the gate cannot classify";
    };
  }

  /**
   * A tool error: its code and message.
   *
   * @param code the code
   * @param message what failed and what to do next
   */
  public record Failure(ToolErrorCode code, String message) {
    /** {@return the failure as an exception, for code that throws} */
    public SnowchatException exception() {
      return new SnowchatException(code, message);
    }

    /** {@return the failure as a tool result} */
    public ToolResult result() {
      return ToolResult.error(code, message);
    }
  }

  /**
   * Turns a failure into a tool error, by its code: a tool error stays as it is; the gate's
   * codes each have their message; anything else is a failed query with the warehouse's text.
   *
   * @param e the failure
   * @param w the warehouse, for its mode, limits and secrets
   * @return the tool error
   */
  public static Failure toolError(SnowchatException e, Warehouse w) {
    if (e.code() instanceof ToolErrorCode code) {
      return new Failure(code, w.redactor().mask(e.getMessage()));
    }
    String detail = w.redactor().untrusted(rootMessage(e), MAX_WAREHOUSE_TEXT);
    if (Authentication.failed(e)) {
      return Authentication.error(detail);
    }
    if (poolBusy(e)) {
      return busy(w);
    }
    if (e.code() instanceof GateErrorCode g) {
      return switch (g) {
        case REFUSED -> e instanceof QueryRefusedException q
            ? new Failure(ToolErrorCode.QUERY_REFUSED, refusal(q.verdict(), w))
            : queryFailed(e, detail, w);
        case STATEMENT_TIMEOUT -> new Failure(ToolErrorCode.STATEMENT_TIMEOUT,
            "The query ran longer than the " + seconds(w) + " limit and was cancelled on the"
                + " server. Narrow it (add filters or a LIMIT, select fewer columns, aggregate"
                + " first) and retry.");
        case CONNECTION_FAILED, AUTHENTICATION_FAILED, HARDENING_FAILED,
            PERMISSION_CHECK_FAILED -> connection(detail);
        case TRANSIENT_FAILURE -> new Failure(ToolErrorCode.TRANSIENT_FAILURE,
            "The warehouse reported a passing failure: " + sentence(detail)
                + " Retry the same call once.");
        case QUERY_FAILED -> queryFailed(e, detail, w);
        // this server's own memory, not the warehouse's: the driver's "53200" is no resource
        // limit of the database, and its root cause reads only "Java heap space"
        case RESULT_TOO_LARGE -> new Failure(ToolErrorCode.RESULT_TOO_LARGE,
            "Reading the result ran this MCP server out of memory (the server's own process,"
                + " not the warehouse; the warehouse ran the query). Select fewer or narrower"
                + " columns (cut long values, e.g. LEFT(col, 1000)) or fewer rows, and retry.");
      };
    }
    return queryFailed(e, detail, w);
  }

  private static Failure queryFailed(SnowchatException e, String detail, Warehouse w) {
    return new Failure(ToolErrorCode.QUERY_FAILED, "The warehouse rejected the query: "
        + sentence(detail) + " " + hint(sqlException(e), snowflake(w)));
  }

  /** The first {@link SQLException} in a cause chain, or null. */
  static @Nullable SQLException sqlException(Throwable t) {
    Throwable cur = t;
    for (int i = 0; cur != null && i < 20; i++, cur = cur.getCause()) {
      if (cur instanceof SQLException se) {
        return se;
      }
    }
    return null;
  }

  /** What the caller can do about a failed statement, chosen by the error's kind. */
  static String hint(@Nullable SQLException e, boolean snowflake) {
    String state = e == null || e.getSQLState() == null ? "" : e.getSQLState();
    int vendor = e == null ? 0 : e.getErrorCode();
    if (state.equals("42501") || (snowflake && vendor == 3001)) {
      return "The server's role lacks the privilege for this object; query objects the role can"
          + " read (list_tables shows them), or ask whoever runs the server for access.";
    }
    if (state.equals("42P01") || state.equals("42S02") || state.equals("3F000")
        || (snowflake && vendor == 2003)) {
      return "Check table and schema names with list_tables or search_schema, then retry.";
    }
    if (state.equals("42703") || state.equals("42S22") || (snowflake && vendor == 904)) {
      return "Check column names with describe_table, then retry.";
    }
    if (state.equals("42883") || (snowflake && vendor == 2140)) {
      return "Check the function name and argument types (list_functions shows what exists),"
          + " then retry.";
    }
    if (state.equals("42601") || (snowflake && vendor == 1003)) {
      return "Fix the SQL syntax near the place the message names, then retry.";
    }
    if (state.equals("25006")) {
      return "The session is read-only: rewrite the request as a read.";
    }
    if (state.equals("57014") || (snowflake && (vendor == 604 || vendor == 630))) {
      return "The statement was cancelled; narrow it (filters, LIMIT, fewer columns) and retry.";
    }
    if (state.startsWith("22")) {
      return "A value could not be converted or computed (a bad cast, a division by zero, an"
          + " out-of-range number); fix the expression and retry.";
    }
    if (state.startsWith("53") || state.startsWith("54")) {
      return "The query went past a resource limit of the database; narrow it and retry.";
    }
    if (state.startsWith("42")) {
      return "Fix the SQL (names, types or syntax) and retry; describe_table and search_schema"
          + " show what exists.";
    }
    return "Check the SQL, and table and column names with describe_table or search_schema,"
        + " then retry.";
  }

  private static boolean snowflake(Warehouse w) {
    return w.dialect() == dev.snowchat.sqlgate.Dialect.SNOWFLAKE;
  }

  /** {@return the text as a sentence: ending in '.', '!' or '?'} */
  static String sentence(String text) {
    String s = text.strip();
    if (s.isEmpty()) {
      return "(no message).";
    }
    char last = s.charAt(s.length() - 1);
    return last == '.' || last == '!' || last == '?' ? s : s + ".";
  }

  /**
   * Turns a driver failure of a metadata call (one that bypasses the gate) into a tool error.
   *
   * @param e the failure
   * @param w the warehouse
   * @return the tool error
   */
  public static Failure fromSql(SQLException e, Warehouse w) {
    String detail = w.redactor().untrusted(rootMessage(e), MAX_WAREHOUSE_TEXT);
    if (Authentication.failed(e)) {
      return Authentication.error(detail);
    }
    if (poolBusy(e)) {
      return busy(w);
    }
    if (e instanceof SQLTimeoutException) {
      String m = e.getMessage() == null ? "" : e.getMessage().toLowerCase(Locale.ROOT);
      if (m.contains("connection is not available") || m.contains("pool")) {
        return connection(detail);
      }
      return new Failure(ToolErrorCode.STATEMENT_TIMEOUT, "The metadata query ran"
          + " longer than the " + seconds(w) + " limit and was cancelled. Retry, or narrow the"
          + " request.");
    }
    String state = e.getSQLState();
    if (state != null && state.startsWith("08")) {
      return connection(detail);
    }
    return new Failure(ToolErrorCode.QUERY_FAILED, "The warehouse reported an error: "
        + sentence(detail) + " " + hint(e, snowflake(w)));
  }

  private static final java.util.regex.Pattern POOL_ACTIVE =
      java.util.regex.Pattern.compile("active=(\\d+)");

  /**
   * Whether a failure is the connection pool's wait running out with connections lent out to
   * other calls: load on this server, not a warehouse that cannot be reached. HikariCP words both
   * the same ("Connection is not available, request timed out after ...ms (total=, active=,
   * ...)"); when connecting failed, it carries that failure as the cause, and none is active.
   */
  static boolean poolBusy(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof java.sql.SQLTransientConnectionException && t.getCause() == null
          && t.getMessage() != null && t.getMessage().contains("Connection is not available")) {
        java.util.regex.Matcher m = POOL_ACTIVE.matcher(t.getMessage());
        return m.find() && Integer.parseInt(m.group(1)) > 0;
      }
    }
    return false;
  }

  private static Failure busy(Warehouse w) {
    return new Failure(ToolErrorCode.SERVER_BUSY, "Every connection of the server's pool ("
        + w.config().poolSize() + ", SNOWCHAT_POOL_SIZE) stayed busy with other calls, so this"
        + " call did not run. This is load on the server, not a problem with the request or the"
        + " warehouse: retry shortly, or make fewer calls at once.");
  }

  private static Failure connection(String detail) {
    return new Failure(ToolErrorCode.CONNECTION_FAILED, "Cannot reach the warehouse: "
        + sentence(detail) + " This is a server configuration or network problem, not a"
        + " problem with the request; tell the user, and retry later.");
  }

  private static String seconds(Warehouse w) {
    long ms = w.config().queryTimeout().toMillis();
    return ms % 1000 == 0 ? (ms / 1000) + "s" : ms + "ms";
  }

  public static String rootMessage(Throwable t) {
    Throwable cur = t;
    String msg = t.getMessage();
    while (cur.getCause() != null && cur.getCause() != cur) {
      cur = cur.getCause();
      if (cur.getMessage() != null) {
        msg = cur.getMessage();
      }
    }
    return msg == null ? t.getClass().getSimpleName() : msg;
  }
}
