/**
 * Snowchat SQL gate: a statement classifier and permission gate, plus capped JDBC execution.
 *
 * <p>The entry point is {@link dev.snowchat.sqlgate.SqlGate}.
 */
module dev.snowchat.sqlgate {
  requires transitive java.sql;
  requires net.sf.jsqlparser;
  requires org.slf4j;
  requires static org.jspecify;

  exports dev.snowchat.sqlgate;
}
