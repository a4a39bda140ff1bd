package dev.snowchat.sqlgate.internal.exec;

import static java.util.Objects.requireNonNull;

import dev.snowchat.sqlgate.Dialect;
import dev.snowchat.sqlgate.SessionHardening;
import dev.snowchat.sqlgate.Sql;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * A host's own hardening followed by the executor's query tag: on Snowflake
 * {@code ALTER SESSION SET QUERY_TAG}, once per physical connection; elsewhere nothing (only
 * Snowflake has query tags). Thread-safe.
 */
public final class QueryTagHardening implements SessionHardening {
  private final SessionHardening delegate;
  private final String tag;
  private final Map<Connection, Boolean> tagged =
      Collections.synchronizedMap(new WeakHashMap<>());

  /**
   * Creates the hardening.
   *
   * @param delegate the hardening applied first
   * @param tag the query tag, already validated
   */
  public QueryTagHardening(SessionHardening delegate, String tag) {
    this.delegate = requireNonNull(delegate, "delegate is null");
    this.tag = requireNonNull(tag, "tag is null");
  }

  @Override
  public void apply(Connection connection, Dialect dialect) throws SQLException {
    delegate.apply(connection, dialect);
    if (dialect != Dialect.SNOWFLAKE) {
      return;
    }
    Connection physical = DialectHardening.physical(connection);
    if (tagged.containsKey(physical)) {
      return;
    }
    try (Statement s = connection.createStatement()) {
      s.execute("ALTER SESSION SET QUERY_TAG = " + Sql.quoteString(Dialect.SNOWFLAKE, tag));
    }
    tagged.put(physical, Boolean.TRUE);
  }

  @Override
  public String toString() {
    return delegate + " + QUERY_TAG '" + tag + "'";
  }
}
