package dev.snowchat.sqlgate.internal.exec;

import static java.util.Objects.requireNonNull;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.Locale;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * Turns JDBC values into the JSON-friendly values of a {@link dev.snowchat.sqlgate.QueryResult}
 * and estimates their serialized size.
 */
final class Values {
  /** Returned instead of a value that alone would exceed the remaining byte budget. */
  static final Object OVERSIZED = new Object() {
    @Override
    public String toString() {
      return "<oversized>";
    }
  };

  private static final Object NOT_READ = new Object();

  private Values() {}

  /** Reads one column of the current row. One instance per column; not thread-safe. */
  static final class Reader {
    private final int index;
    private final int jdbcType;
    private final Class<?> @Nullable [] typed;
    private int typedWorks = -1; // which typed class works: -1 untried, >= 0 index, -2 none

    Reader(int index, int jdbcType, String typeName) {
      this.index = index;
      this.jdbcType = jdbcType;
      String t = typeName.toLowerCase(Locale.ROOT);
      boolean zoned = t.contains("tz") || t.contains("zone");
      this.typed = switch (jdbcType) {
        case Types.DATE -> new Class<?>[] {LocalDate.class};
        case Types.TIME -> zoned
            ? new Class<?>[] {OffsetTime.class, LocalTime.class}
            : new Class<?>[] {LocalTime.class};
        case Types.TIME_WITH_TIMEZONE -> new Class<?>[] {OffsetTime.class};
        case Types.TIMESTAMP -> zoned
            ? new Class<?>[] {OffsetDateTime.class, LocalDateTime.class}
            : new Class<?>[] {LocalDateTime.class, OffsetDateTime.class};
        case Types.TIMESTAMP_WITH_TIMEZONE -> new Class<?>[] {OffsetDateTime.class};
        default -> null;
      };
    }

    /**
     * Reads the value.
     *
     * @param rs the result set, on a row
     * @param budget the bytes left; a binary or large-object value that alone needs more is not
     *     read but reported as {@link #OVERSIZED}
     * @return the converted value, null, or {@link #OVERSIZED}
     */
    @Nullable Object read(ResultSet rs, long budget) throws SQLException {
      switch (jdbcType) {
        case Types.BINARY, Types.VARBINARY, Types.LONGVARBINARY, Types.BLOB -> {
          return binary(rs, budget);
        }
        default -> {
          // fall through to the generic path
        }
      }
      if (typed != null && typedWorks != -2) {
        Object v = readTyped(rs);
        if (v != NOT_READ) {
          return v == null ? null : convert(v);
        }
      }
      Object o = rs.getObject(index);
      if (o == null) {
        return null;
      }
      if (o instanceof Blob b) {
        return blob(b, budget);
      }
      if (o instanceof Clob c) {
        return clob(c, budget);
      }
      Object v = convert(o);
      if (v != null) {
        return v;
      }
      if (atLeast(o, budget) > budget) {
        // a list of ten million elements is one value: its text would take more time and memory
        // than the driver's own copy (870 MB and 5.7 s for DuckDB's range(10000000))
        return OVERSIZED;
      }
      // Arrays, structs, maps, intervals, JSON and vendor types: the driver's own text.
      try {
        String s = rs.getString(index);
        return s == null ? String.valueOf(o) : s;
      } catch (SQLException | RuntimeException e) {
        return String.valueOf(o);
      }
    }

    /** {@return the value as the first class the driver can give, or {@link #NOT_READ}} */
    private @Nullable Object readTyped(ResultSet rs) throws SQLException {
      Class<?>[] classes = requireNonNull(typed);
      if (typedWorks >= 0) {
        return rs.getObject(index, classes[typedWorks]);
      }
      for (int i = 0; i < classes.length; i++) {
        try {
          Object v = rs.getObject(index, classes[i]);
          typedWorks = i;
          return v;
        } catch (SQLException | RuntimeException e) {
          // this driver cannot give that class for this column; try the next, then getObject
        }
      }
      typedWorks = -2;
      return NOT_READ;
    }

    private @Nullable Object binary(ResultSet rs, long budget) throws SQLException {
      Object o = rs.getObject(index);
      if (o == null) {
        return null;
      }
      if (o instanceof Blob b) {
        return blob(b, budget);
      }
      if (o instanceof byte[] bytes) {
        return base64(bytes, budget);
      }
      byte[] bytes = rs.getBytes(index);
      return bytes == null ? null : base64(bytes, budget);
    }

    private static Object blob(Blob b, long budget) throws SQLException {
      long len = b.length();
      if (base64Length(len) + 2 > budget) {
        return OVERSIZED;
      }
      return Base64.getEncoder().encodeToString(b.getBytes(1, (int) len));
    }

    private static Object clob(Clob c, long budget) throws SQLException {
      long len = c.length();
      if (len + 2 > budget) {
        return OVERSIZED;
      }
      return c.getSubString(1, (int) len);
    }

    private static Object base64(byte[] bytes, long budget) {
      if (base64Length(bytes.length) + 2 > budget) {
        return OVERSIZED;
      }
      return Base64.getEncoder().encodeToString(bytes);
    }
  }

  /**
   * {@return a lower bound of the text size of an array, struct or map value: one character and a
   * separator per element, nested values counted alike}, or 0 for other values; counting stops
   * once past {@code limit}
   */
  static long atLeast(Object o, long limit) throws SQLException {
    Object[] elements;
    if (o instanceof java.sql.Array a && a.getArray() instanceof Object[] items) {
      elements = items;
    } else if (o instanceof java.sql.Struct st) {
      elements = st.getAttributes();
    } else if (o instanceof java.util.Map<?, ?> m) {
      elements = m.values().toArray();
    } else if (o instanceof java.util.Collection<?> c) {
      elements = c.toArray();
    } else {
      return 0;
    }
    long n = 2 + elements.length;
    for (int i = 0; i < elements.length && n <= limit; i++) {
      Object e = elements[i];
      n += e == null ? 1 : Math.max(1, atLeast(e, limit - n));
    }
    return n;
  }

  private static long base64Length(long n) {
    return (n + 2) / 3 * 4;
  }

  /**
   * Converts a known Java value to its JSON-friendly form.
   *
   * @param o the driver's value
   * @return the converted value, or null when the type is not known here
   */
  static @Nullable Object convert(Object o) {
    return switch (o) {
      case String s -> s;
      case Boolean b -> b;
      case Integer i -> i;
      case Long l -> l;
      case Short s -> Integer.valueOf(s);
      case Byte b -> Integer.valueOf(b);
      case BigDecimal d -> d;
      case BigInteger i -> i.bitLength() < 64 ? (Object) i.longValue() : new BigDecimal(i);
      case Double d -> finite(d);
      // Via the float's shortest decimal, so 0.1f stays 0.1 rather than 0.10000000149011612.
      case Float f -> Float.isFinite(f) ? Double.valueOf(Float.toString(f)) : finite(f);
      case Character c -> c.toString();
      case java.sql.Date d -> DateTimeFormatter.ISO_LOCAL_DATE.format(d.toLocalDate());
      case java.sql.Time t -> DateTimeFormatter.ISO_LOCAL_TIME.format(t.toLocalTime());
      case java.sql.Timestamp t ->
          DateTimeFormatter.ISO_LOCAL_DATE_TIME.format(t.toLocalDateTime());
      case LocalDate d -> DateTimeFormatter.ISO_LOCAL_DATE.format(d);
      case LocalTime t -> DateTimeFormatter.ISO_LOCAL_TIME.format(t);
      case LocalDateTime t -> DateTimeFormatter.ISO_LOCAL_DATE_TIME.format(t);
      case OffsetDateTime t -> DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(t);
      case ZonedDateTime t -> DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(t);
      case OffsetTime t -> DateTimeFormatter.ISO_OFFSET_TIME.format(t);
      case Instant i -> DateTimeFormatter.ISO_INSTANT.format(i);
      case java.util.Date d -> DateTimeFormatter.ISO_INSTANT.format(d.toInstant());
      case byte[] b -> Base64.getEncoder().encodeToString(b);
      case UUID u -> u.toString();
      default -> null;
    };
  }

  private static Object finite(double d) {
    if (Double.isNaN(d)) {
      return "NaN";
    }
    if (Double.isInfinite(d)) {
      return d > 0 ? "Infinity" : "-Infinity";
    }
    return d;
  }

  /**
   * Estimates the bytes a converted value takes in JSON (UTF-8, with escapes).
   *
   * @param v a value from {@link #convert} or {@link Reader#read}
   * @return the estimate
   */
  static long jsonSize(@Nullable Object v) {
    if (v == null) {
      return 4;
    }
    if (v instanceof String s) {
      long n = 2;
      for (int i = 0; i < s.length(); i++) {
        char c = s.charAt(i);
        if (c < 0x20) {
          n += 6;
        } else if (c == '"' || c == '\\') {
          n += 2;
        } else if (c < 0x80) {
          n += 1;
        } else if (c < 0x800 || Character.isSurrogate(c)) {
          n += 2;
        } else {
          n += 3;
        }
      }
      return n;
    }
    if (v instanceof Boolean b) {
      return b ? 4 : 5;
    }
    return v.toString().length();
  }
}
