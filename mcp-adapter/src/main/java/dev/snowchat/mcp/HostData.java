package dev.snowchat.mcp;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.arrow.vector.ipc.ArrowReader;

/**
 * In-memory data of a co-located host (one that embeds the server or the agent in its own
 * process), registered as named tables of the embedded engine and queried through the same gate,
 * row and byte caps and timeout as every other source (the reference's co-located-only rule). Off
 * unless the host turns it on ({@code SnowchatMcpServer.Builder.hostData(true)}); a separate MCP
 * process has no way to reach it.
 *
 * <p>Rows are copied into the engine's columnar storage once (DuckDB's appender, or its Arrow
 * scan for {@link #registerArrow}), so the host may change or drop its objects afterwards;
 * register again to refresh a table. Thread-safe.
 *
 * <pre>{@code
 * record Order(long id, String customer, double amount) {}
 * server.hostData().register("orders", Order.class, orders);
 * server.call("execute_query", Map.of("sql", "SELECT customer, sum(amount) FROM orders GROUP BY 1",
 *     "source", "local"));
 * }</pre>
 */
public interface HostData {

  /**
   * Registers (or replaces) a table of Java records: one column per record component, typed
   * from the component type (numbers, booleans, strings, {@code LocalDate}, {@code
   * LocalDateTime}, {@code Instant}, {@code UUID}, {@code BigDecimal}; anything else as text).
   *
   * @param name the table name: a letter or underscore, then letters, digits or underscores
   * @param type the record class
   * @param rows the rows; none may be null
   * @param <R> the record type
   * @return the number of rows registered
   * @throws IllegalArgumentException for a bad name, one a catalog source has, or a null row
   */
  <R extends Record> long register(String name, Class<R> type, Collection<R> rows);

  /**
   * Registers (or replaces) a table of maps: the columns are the first row's keys in its order,
   * typed from the first non-null value of each; other rows may omit keys (null) but not add any.
   *
   * @param name the table name
   * @param rows the rows, at least one
   * @return the number of rows registered
   * @throws IllegalArgumentException for a bad name, no rows, or a row with an unknown key
   */
  long registerMaps(String name, List<? extends Map<String, ?>> rows);

  /**
   * Registers (or replaces) a table with every row of a JDBC result set, typed from its metadata.
   * The result set is read to its end, not closed.
   *
   * @param name the table name
   * @param rows the result set
   * @return the number of rows registered
   * @throws SQLException when reading the result set fails
   * @throws IllegalArgumentException for a bad name
   */
  long register(String name, ResultSet rows) throws SQLException;

  /**
   * Registers (or replaces) a table with every batch of an Apache Arrow stream, which the engine
   * scans in place through the Arrow C stream interface (columns and types from the Arrow schema)
   * and copies once into its storage. Arrow is optional: the host supplies Apache Arrow Java
   * (arrow-vector and arrow-c-data, with an allocator such as arrow-memory-unsafe) and, as Arrow
   * needs on Java 17 and later, {@code --add-opens=java.base/java.nio=ALL-UNNAMED} (on the module
   * path {@code =org.apache.arrow.memory.core}); this module does not depend on it at run time
   * and the runnable jar does not carry it.
   *
   * @param name the table name
   * @param reader the stream, read to its end, not closed
   * @return the number of rows registered
   * @throws IllegalArgumentException for a bad name, or one a catalog source has
   * @throws IllegalStateException when the engine refuses the stream (the old table stays)
   */
  long registerArrow(String name, ArrowReader reader);

  /**
   * Drops a registered table.
   *
   * @param name the table name
   * @return true when it was registered
   */
  boolean drop(String name);

  /** {@return the registered tables' names} */
  Set<String> names();
}
