package dev.snowchat.mcp.internal;

import dev.snowchat.sqlgate.PermissionMode;
import dev.snowchat.sqlgate.QueryRefusedException;
import dev.snowchat.sqlgate.SnowchatException;
import dev.snowchat.sqlgate.Rule;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * Turns failures into tool errors whose text tells a model what to do next. Warehouse text is
 * untrusted: it is cleaned, masked and truncated before it is shown.
 */
final class Errors {
  static final int MAX_WAREHOUSE_TEXT = 500;

  private Errors() {}

  static <T> T run(Supplier<T> call, Warehouse w) {
    try {
      return call.get();
    } catch (QueryRefusedException e) {
      throw refused(e, w);
    } catch (SnowchatException e) {
      throw fromSnowchat(e, w);
    }
  }

  static ToolException refused(QueryRefusedException e, Warehouse w) {
    PermissionMode mode = w.config().mode();
    StringBuilder sb = new StringBuilder("Refused by the SQL gate (rule ")
        .append(e.verdict().rule()).append("): ").append(e.verdict().message());
    if (e.verdict().rule() == Rule.KIND_NOT_ALLOWED) {
      String gateText = e.verdict().message();
      if (!gateText.contains(mode.configName())) {
        sb.append(" This server runs in ").append(mode.configName())
            .append(" mode, which allows ").append(allowed(mode)).append('.');
      }
      if (mode != PermissionMode.FULL) {
        sb.append(" Only whoever runs the server can change the mode (SNOWFLAKE_MCP_MODE);")
            .append(" rewrite the request as a read if you can.");
      }
    }
    return new ToolException("QUERY_REFUSED", w.redactor().untrusted(sb.toString(), 1500));
  }

  static String allowed(PermissionMode mode) {
    return switch (mode) {
      case READ_ONLY -> "SELECT, WITH ... SELECT, SHOW, DESCRIBE, EXPLAIN and USE";
      case READ_WRITE -> "reads plus INSERT, UPDATE, DELETE, MERGE, COPY and PUT (no DDL)";
      case FULL -> "reads, writes, DDL and admin statements";
    };
  }

  static ToolException fromSnowchat(SnowchatException e, Warehouse w) {
    String code = e.code().name();
    String detail = w.redactor().untrusted(rootMessage(e), MAX_WAREHOUSE_TEXT);
    if (code.contains("TIMEOUT")) {
      return new ToolException("STATEMENT_TIMEOUT", "The query ran longer than the "
          + seconds(w) + " limit and was cancelled on the server. Narrow it (add filters or a"
          + " LIMIT, select fewer columns, aggregate first) and retry.");
    }
    if (Authentication.failed(e)) {
      return Authentication.error(detail);
    }
    if (code.equals("CONNECTION_FAILED") || code.equals("AUTHENTICATION_FAILED")
        || code.equals("HARDENING_FAILED") || code.equals("PERMISSION_CHECK_FAILED")) {
      return connection(detail);
    }
    if (code.equals("TRANSIENT_FAILURE")) {
      return new ToolException("TRANSIENT_FAILURE", "The warehouse reported a passing failure: "
          + detail + " Retry the same call once.");
    }
    return new ToolException("QUERY_FAILED", "The warehouse rejected the query: " + detail
        + " Check table and column names with describe_table or search_schema, fix the SQL and"
        + " retry.");
  }

  static ToolException fromSql(SQLException e, Warehouse w) {
    String detail = w.redactor().untrusted(rootMessage(e), MAX_WAREHOUSE_TEXT);
    if (Authentication.failed(e)) {
      return Authentication.error(detail);
    }
    if (e instanceof SQLTimeoutException) {
      String m = e.getMessage() == null ? "" : e.getMessage().toLowerCase(Locale.ROOT);
      if (m.contains("connection is not available") || m.contains("pool")) {
        return connection(detail);
      }
      return new ToolException("STATEMENT_TIMEOUT", "The metadata query ran longer than the "
          + seconds(w) + " limit and was cancelled. Retry, or narrow the request.");
    }
    String state = e.getSQLState();
    if (state != null && state.startsWith("08")) {
      return connection(detail);
    }
    return new ToolException("QUERY_FAILED", "The warehouse reported an error: " + detail);
  }

  private static ToolException connection(String detail) {
    return new ToolException("CONNECTION_FAILED", "Cannot reach the warehouse: " + detail
        + " This is a server configuration or network problem, not a problem with the request;"
        + " tell the user, and retry later.");
  }

  private static String seconds(Warehouse w) {
    long ms = w.config().queryTimeout().toMillis();
    return ms % 1000 == 0 ? (ms / 1000) + "s" : ms + "ms";
  }

  static String rootMessage(Throwable t) {
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
