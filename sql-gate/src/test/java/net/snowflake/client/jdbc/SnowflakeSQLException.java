package net.snowflake.client.jdbc;

import java.sql.SQLException;

/** Test stand-in with the name and query-id accessor of the Snowflake driver's exception. */
public class SnowflakeSQLException extends SQLException {
  private static final long serialVersionUID = 1L;

  private final String queryId;

  /** Creates the exception. */
  public SnowflakeSQLException(String queryId, String reason, String sqlState) {
    super(reason, sqlState);
    this.queryId = queryId;
  }

  /** {@return the id of the failed query} */
  public String getQueryId() {
    return queryId;
  }
}
