package dev.snowchat.sqlgate;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.util.Properties;

/**
 * Helpers for opening DuckDB databases so that the engine itself refuses writes, which
 * {@link SessionHardening} cannot do after the fact (DuckDB fixes read-only access when the
 * database is opened). Needs no DuckDB classes.
 *
 * <pre>{@code
 * String url = DuckDbHardening.readOnlyUrl(Path.of("sample.duckdb"));
 * Connection c = DriverManager.getConnection(url);
 * }</pre>
 */
public final class DuckDbHardening {
  /** The DuckDB JDBC property that opens a database read-only. */
  public static final String READ_ONLY_PROPERTY = "duckdb.read_only";

  /** The DuckDB JDBC property that streams results instead of materializing them. */
  public static final String STREAM_RESULTS_PROPERTY = "jdbc_stream_results";

  private DuckDbHardening() {}

  /**
   * Returns a JDBC URL that opens a DuckDB database file read-only, with streamed results (so that
   * the row and byte caps stop the engine early instead of after it materialized everything).
   *
   * @param database the database file; made absolute
   * @return a URL such as {@code jdbc:duckdb:/data/sample.duckdb;duckdb.read_only=true;...}
   * @throws IllegalArgumentException if the path contains {@code ;}, {@code ?} or a control
   *     character, which the URL cannot carry safely
   */
  public static String readOnlyUrl(Path database) {
    requireNonNull(database, "database is null");
    String path = database.toAbsolutePath().normalize().toString();
    if (path.indexOf(';') >= 0 || path.indexOf('?') >= 0
        || path.chars().anyMatch(Character::isISOControl)) {
      throw new IllegalArgumentException(
          "a DuckDB path in a JDBC URL must not contain ';', '?' or control characters: "
              + path.replaceAll("\\p{Cntrl}", "?"));
    }
    return "jdbc:duckdb:" + path + ";" + READ_ONLY_PROPERTY + "=true;"
        + STREAM_RESULTS_PROPERTY + "=true";
  }

  /**
   * {@return connection properties that open a DuckDB database read-only with streamed results,
   * for a URL that names the file without properties; a fresh copy each call}
   */
  public static Properties readOnlyProperties() {
    Properties p = new Properties();
    p.setProperty(READ_ONLY_PROPERTY, "true");
    p.setProperty(STREAM_RESULTS_PROPERTY, "true");
    return p;
  }
}
