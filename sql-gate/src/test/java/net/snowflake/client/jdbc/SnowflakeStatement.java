package net.snowflake.client.jdbc;

import java.sql.SQLException;

/**
 * Test stand-in with the name and method of the Snowflake driver's interface, so that the gate's
 * reflective query-id lookup can be tested without the driver. Only {@code getQueryID} is used.
 */
public interface SnowflakeStatement {
  /** {@return the id of the last query run} */
  String getQueryID() throws SQLException;
}
