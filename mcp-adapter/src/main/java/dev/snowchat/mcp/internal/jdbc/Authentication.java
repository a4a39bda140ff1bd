package dev.snowchat.mcp.internal.jdbc;

import dev.snowchat.mcp.ToolErrorCode;
import java.sql.SQLException;
import java.util.Locale;

/**
 * Recognizes a warehouse refusing the server's credentials, wherever the driver's exception
 * ends up (a pool wraps it, the gate wraps it): PostgreSQL SQLState class {@code 28} (28P01
 * wrong password, 28000 no such role or not allowed by pg_hba), Snowflake error 390100
 * ("Incorrect username or password was specified") and its key-pair and token cousins. Such a
 * failure is a connection problem for whoever runs the server, never a problem with the query,
 * so it is reported as {@code CONNECTION_FAILED}.
 */
final class Authentication {
  /**
   * Snowflake login errors: 390100 incorrect username or password, 390144 invalid JWT (key
   * pair), 390303 invalid OAuth access token, 390318 expired OAuth access token.
   */
  private static final java.util.Set<Integer> SNOWFLAKE_CODES = java.util.Set.of(390100, 390144,
      390303, 390318);

  private Authentication() {}

  static boolean failed(Throwable t) {
    for (Throwable cur = t; cur != null; cur = cur.getCause() == cur ? null : cur.getCause()) {
      if (cur instanceof SQLException s) {
        String state = s.getSQLState();
        if (state != null && state.startsWith("28")) {
          return true;
        }
        if (SNOWFLAKE_CODES.contains(s.getErrorCode())) {
          return true;
        }
      }
      String m = cur.getMessage();
      if (m != null && m.toLowerCase(Locale.ROOT).contains("incorrect username or password")) {
        return true;
      }
    }
    return false;
  }

  static Errors.Failure error(String detail) {
    return new Errors.Failure(ToolErrorCode.CONNECTION_FAILED, "The warehouse refused the server's"
        + " credentials (authentication failed): " + detail + " This is a server configuration"
        + " problem (user, password, key or token), not a problem with the request; tell the"
        + " user whoever runs this server must fix the credentials. Retrying will not help.");
  }
}
