package dev.snowchat.mcp.internal.sources;

import static java.util.Objects.requireNonNull;

import dev.snowchat.mcp.HostData;
import dev.snowchat.mcp.internal.sources.Source;
import dev.snowchat.sqlgate.Dialect;
import dev.snowchat.sqlgate.Sql;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;
import org.jspecify.annotations.Nullable;

/** Host tables in the embedded engine's shared catalog, filled through DuckDB's appender. */
public final class HostTables implements HostData {
  private final LocalEngine engine;
  private final Set<String> names = ConcurrentHashMap.newKeySet();

  HostTables(LocalEngine engine) {
    this.engine = engine;
  }

  /** A column: its name, DuckDB type and how to append a value. */
  private record Column(String name, String type) {
    /** The scale of a DECIMAL column (the appender takes values of exactly that scale). */
    int scale() {
      java.util.regex.Matcher m = java.util.regex.Pattern.compile("DECIMAL\\(\\d+, (\\d+)\\)")
          .matcher(type);
      return m.matches() ? Integer.parseInt(m.group(1)) : -1;
    }
  }

  @Override
  public <R extends Record> long register(String name, Class<R> type, Collection<R> rows) {
    requireNonNull(type, "type is null");
    requireNonNull(rows, "rows is null");
    RecordComponent[] rc = type.getRecordComponents();
    if (rc == null || rc.length == 0) {
      throw new IllegalArgumentException(type.getName() + " is not a record with components");
    }
    List<Column> cols = new ArrayList<>();
    for (RecordComponent c : rc) {
      c.getAccessor().setAccessible(true);
      cols.add(new Column(c.getName(), duckType(c.getType())));
    }
    int[] scales = cols.stream().mapToInt(Column::scale).toArray();
    return unwrapped(() -> fill(name, cols, appender -> {
      long n = 0;
      for (R r : rows) {
        requireNonNull(r, "rows holds a null row");
        appender.beginRow();
        for (int i = 0; i < rc.length; i++) {
          RecordComponent c = rc[i];
          try {
            append(appender, c.getAccessor().invoke(r), scales[i]);
          } catch (ReflectiveOperationException e) {
            throw new IllegalArgumentException("cannot read " + c.getName() + " of "
                + type.getSimpleName() + ": " + e);
          }
        }
        appender.endRow();
        n++;
      }
      return n;
    }));
  }

  @Override
  public long registerMaps(String name, List<? extends Map<String, ?>> rows) {
    requireNonNull(rows, "rows is null");
    if (rows.isEmpty()) {
      throw new IllegalArgumentException("no rows: a table of maps takes its columns from the"
          + " first row; register records or a ResultSet for an empty table");
    }
    List<String> keys = new ArrayList<>(rows.get(0).keySet());
    List<Column> cols = new ArrayList<>();
    for (String k : keys) {
      Class<?> t = String.class;
      for (Map<String, ?> row : rows) {
        Object v = row.get(k);
        if (v != null) {
          t = v.getClass();
          break;
        }
      }
      cols.add(new Column(k, duckType(t)));
    }
    Set<String> known = new LinkedHashSet<>(keys);
    int[] scales = cols.stream().mapToInt(Column::scale).toArray();
    return unwrapped(() -> fill(name, cols, appender -> {
      long n = 0;
      for (Map<String, ?> row : rows) {
        for (String k : row.keySet()) {
          if (!known.contains(k)) {
            throw new IllegalArgumentException("row " + (n + 1) + " has key '" + k
                + "', which the first row does not; give every row the first row's keys");
          }
        }
        appender.beginRow();
        for (int i = 0; i < keys.size(); i++) {
          append(appender, row.get(keys.get(i)), scales[i]);
        }
        appender.endRow();
        n++;
      }
      return n;
    }));
  }

  @Override
  public long register(String name, ResultSet rows) throws SQLException {
    requireNonNull(rows, "rows is null");
    ResultSetMetaData md = rows.getMetaData();
    int n = md.getColumnCount();
    List<Column> cols = new ArrayList<>();
    for (int i = 1; i <= n; i++) {
      cols.add(new Column(md.getColumnLabel(i), sqlType(md.getColumnType(i),
          md.getPrecision(i), md.getScale(i))));
    }
    int[] scales = cols.stream().mapToInt(Column::scale).toArray();
    try {
      return fill(name, cols, appender -> {
        long count = 0;
        while (rows.next()) {
          appender.beginRow();
          for (int i = 1; i <= n; i++) {
            append(appender, rows.getObject(i), scales[i - 1]);
          }
          appender.endRow();
          count++;
        }
        return count;
      });
    } catch (WrappedSql e) {
      throw e.cause;
    }
  }

  @Override
  public long registerArrow(String name, ArrowReader reader) {
    requireNonNull(reader, "reader is null");
    checkName(name);
    // ArrowImport is the one class naming Arrow's C-data types; it loads only here.
    return unwrapped(() -> swapIn(name, (c, staging, quoted) ->
        ArrowImport.copy(c, quoted, staging + "_arrow", reader)));
  }

  @Override
  public boolean drop(String name) {
    String key = name.toLowerCase(Locale.ROOT);
    if (!names.remove(key)) {
      return false;
    }
    try {
      engine.privileged(List.of("DROP TABLE IF EXISTS main."
          + Sql.quoteIdentifier(Dialect.DUCKDB, name)));
    } catch (SQLException e) {
      throw new IllegalStateException("cannot drop " + name + ": " + e.getMessage(), e);
    }
    return true;
  }

  @Override
  public Set<String> names() {
    return Collections.unmodifiableSet(new LinkedHashSet<>(names));
  }

  private interface Filler {
    long fill(DuckDBAppender appender) throws SQLException;
  }

  /** Creates and fills the staging table {@code quoted} (named {@code staging}) on {@code c}. */
  private interface Stager {
    long stage(DuckDBConnection c, String staging, String quoted) throws SQLException;
  }

  private static final class WrappedSql extends RuntimeException {
    final SQLException cause;

    WrappedSql(SQLException cause) {
      super(cause);
      this.cause = cause;
    }
  }

  private void checkName(String name) {
    requireNonNull(name, "name is null");
    if (!name.matches("[A-Za-z_][A-Za-z0-9_]{0,62}")) {
      throw new IllegalArgumentException("bad table name '" + name + "': use a letter or"
          + " underscore, then letters, digits or underscores (at most 63)");
    }
    String key = name.toLowerCase(Locale.ROOT);
    if (Source.RESERVED_NAMES.contains(key) || engine.sources().stream()
        .anyMatch(s -> s.name().equalsIgnoreCase(name))) {
      throw new IllegalArgumentException("name '" + name + "' is taken by a catalog source");
    }
  }

  private long fill(String name, List<Column> cols, Filler filler) {
    checkName(name);
    Map<String, Boolean> seen = new LinkedHashMap<>();
    for (Column c : cols) {
      if (seen.put(c.name().toLowerCase(Locale.ROOT), true) != null) {
        throw new IllegalArgumentException("column '" + c.name() + "' appears twice");
      }
    }
    return swapIn(name, (c, staging, quoted) -> {
      engine.privileged(List.of(ddl(quoted, cols)));
      try (DuckDBAppender a = c.createAppender("main", staging)) {
        return filler.fill(a);
      }
    });
  }

  /**
   * Fills a staging table on a connection of its own, then swaps it in under the name, so that
   * queries never see a half-filled table and a failure keeps the old one.
   */
  private long swapIn(String name, Stager stager) {
    checkName(name);
    String key = name.toLowerCase(Locale.ROOT);
    String staging = "__snowchat_host_" + key + "_" + Long.toHexString(System.nanoTime());
    String quoted = "main." + Sql.quoteIdentifier(Dialect.DUCKDB, staging);
    try (DuckDBConnection c = engine.duplicate()) {
      long n;
      try {
        n = stager.stage(c, staging, quoted);
      } catch (SQLException | RuntimeException e) {
        engine.privileged(List.of("DROP TABLE IF EXISTS " + quoted));
        throw e;
      }
      engine.privileged(List.of("BEGIN TRANSACTION",
          "DROP TABLE IF EXISTS main." + Sql.quoteIdentifier(Dialect.DUCKDB, name),
          "ALTER TABLE " + quoted + " RENAME TO " + Sql.quoteIdentifier(Dialect.DUCKDB, name),
          "COMMIT"));
      names.add(key);
      return n;
    } catch (SQLException e) {
      throw new WrappedSql(e);
    }
  }

  private static String ddl(String table, List<Column> cols) {
    StringBuilder ddl = new StringBuilder("CREATE TABLE ").append(table).append(" (");
    for (int i = 0; i < cols.size(); i++) {
      ddl.append(i == 0 ? "" : ", ").append(Sql.quoteIdentifier(Dialect.DUCKDB,
          cols.get(i).name())).append(' ').append(cols.get(i).type());
    }
    return ddl.append(')').toString();
  }

  private static <T> T unwrapped(java.util.function.Supplier<T> call) {
    try {
      return call.get();
    } catch (WrappedSql e) {
      throw new IllegalStateException("the embedded engine refused the rows: "
          + e.cause.getMessage(), e.cause);
    }
  }

  static String duckType(Class<?> t) {
    if (t == int.class || t == Integer.class) {
      return "INTEGER";
    }
    if (t == long.class || t == Long.class) {
      return "BIGINT";
    }
    if (t == short.class || t == Short.class) {
      return "SMALLINT";
    }
    if (t == byte.class || t == Byte.class) {
      return "TINYINT";
    }
    if (t == double.class || t == Double.class) {
      return "DOUBLE";
    }
    if (t == float.class || t == Float.class) {
      return "FLOAT";
    }
    if (t == boolean.class || t == Boolean.class) {
      return "BOOLEAN";
    }
    if (t == BigDecimal.class) {
      return "DECIMAL(38, 10)";
    }
    if (t == BigInteger.class) {
      return "HUGEINT";
    }
    if (t == LocalDate.class) {
      return "DATE";
    }
    if (t == LocalDateTime.class) {
      return "TIMESTAMP";
    }
    if (t == LocalTime.class) {
      return "TIME";
    }
    if (t == Instant.class || t == OffsetDateTime.class) {
      return "TIMESTAMPTZ";
    }
    if (t == UUID.class) {
      return "UUID";
    }
    return "VARCHAR";
  }

  static String sqlType(int jdbc, int precision, int scale) {
    return switch (jdbc) {
      case Types.INTEGER -> "INTEGER";
      case Types.BIGINT -> "BIGINT";
      case Types.SMALLINT -> "SMALLINT";
      case Types.TINYINT -> "TINYINT";
      case Types.DOUBLE, Types.FLOAT -> "DOUBLE";
      case Types.REAL -> "FLOAT";
      case Types.BOOLEAN, Types.BIT -> "BOOLEAN";
      case Types.DECIMAL, Types.NUMERIC -> precision > 0 && precision <= 38
          ? "DECIMAL(" + precision + ", " + Math.max(0, Math.min(scale, precision)) + ")"
          : "DOUBLE";
      case Types.DATE -> "DATE";
      case Types.TIMESTAMP -> "TIMESTAMP";
      case Types.TIMESTAMP_WITH_TIMEZONE -> "TIMESTAMPTZ";
      case Types.TIME -> "TIME";
      default -> "VARCHAR";
    };
  }

  static void append(DuckDBAppender a, @Nullable Object v, int scale) throws SQLException {
    if (v instanceof BigDecimal d && scale >= 0) {
      a.append(d.setScale(scale, java.math.RoundingMode.HALF_EVEN));
      return;
    }
    if (v instanceof Number num && scale >= 0) {
      a.append(new BigDecimal(num.toString()).setScale(scale, java.math.RoundingMode.HALF_EVEN));
      return;
    }
    switch (v) {
      case null -> a.appendNull();
      case String s -> a.append(s);
      case Integer i -> a.append(i.intValue());
      case Long l -> a.append(l.longValue());
      case Short s -> a.append(s.shortValue());
      case Byte b -> a.append(b.byteValue());
      case Double d -> a.append(d.doubleValue());
      case Float f -> a.append(f.floatValue());
      case Boolean b -> a.append(b.booleanValue());
      case BigDecimal d -> a.append(d);
      case BigInteger b -> a.append(b);
      case LocalDate d -> a.append(d);
      case LocalDateTime t -> a.append(t);
      case LocalTime t -> a.append(t);
      case OffsetDateTime t -> a.append(t);
      case Instant t -> a.append(t.atOffset(ZoneOffset.UTC));
      case UUID u -> a.append(u);
      case java.sql.Date d -> a.append(d.toLocalDate());
      case java.sql.Timestamp t -> a.append(t.toLocalDateTime());
      case java.sql.Time t -> a.append(t.toLocalTime());
      case Enum<?> e -> a.append(e.name());
      default -> a.append(v.toString());
    }
  }
}
