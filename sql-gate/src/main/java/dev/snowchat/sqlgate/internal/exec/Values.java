package dev.snowchat.sqlgate.internal.exec;

import static java.util.Objects.requireNonNull;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Array;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Struct;
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
import java.util.Collection;
import java.util.Locale;
import java.util.Map;
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
    private final boolean textArrays;

    /**
     * Makes a reader.
     *
     * @param textArrays the driver holds an {@link Array} as the text the server sent (pgjdbc
     *     and Amazon Redshift's fork of it): {@link ResultSet#getString} gives that text without
     *     converting the elements, while {@link Array#getArray} converts each one (and fails on
     *     some: a numeric {@code NaN}, {@code money}, a bit string), so its arrays are measured
     *     by their text, which the result returns anyway
     */
    Reader(int index, int jdbcType, String typeName, boolean textArrays) {
      this.index = index;
      this.textArrays = textArrays;
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
      if (elementsPassBudget(o, budget)) {
        // a list of ten million elements is one value: its text would take more time and memory
        // than the driver's own copy (870 MB and 5.7 s for DuckDB's range(10000000))
        return OVERSIZED;
      }
      // Arrays, structs, maps, intervals, JSON and vendor types: the driver's own text (which
      // the caller measures and drops when it passes the budget).
      try {
        String s = rs.getString(index);
        return s == null ? String.valueOf(o) : s;
      } catch (SQLException | RuntimeException e) {
        return String.valueOf(o);
      }
    }

    /**
     * {@return whether an array, struct or map value is too big for the budget by its elements
     * alone}, measured before its text is built (for drivers that hold the elements as objects,
     * such as DuckDB's); false when that is unknown: an array of a driver that holds it as text
     * ({@link #Reader}), other values, or a driver that fails to give the elements. Never
     * fails the read: a failed estimate leaves this value to be measured by its text, as before,
     * and the next value of the column is estimated again (DuckDB fails on one element, such as
     * {@code 'infinity'::DATE}, not on a column: had one small failing list turned estimating
     * off, a later list of three million dates had its whole text built).
     */
    private boolean elementsPassBudget(Object o, long budget) {
      if (textArrays && o instanceof Array) {
        return false;
      }
      try {
        // the JSON string's two quotes besides the text
        return minTextLength(o, budget) + 2 > budget;
      } catch (SQLException | RuntimeException e) {
        return false; // the driver converts elements here and one did not convert
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
   * {@return a lower bound of the length of the driver's text for an array, struct or map value}
   * (DuckDB renders {@code [a, b]}, {@code {'k': v}}, {@code {k=v}}), or 0 for other values: its
   * two brackets, a separator between elements, and each element's own lower bound ({@link
   * #minElementLength}); a struct's field names with their quotes, colon and space when the
   * driver gives them ({@link #fieldNames}), nothing for them otherwise; nested values counted
   * alike. Counting stops once past {@code limit}, and an array's elements are fetched only up
   * to there ({@link #countArray}).
   *
   * @throws SQLException when the driver cannot give the elements
   */
  static long minTextLength(Object o, long limit) throws SQLException {
    if (o instanceof Array a) {
      return countArray(a, limit);
    }
    if (o instanceof Struct st) {
      Object[] values = st.getAttributes();
      Map<?, ?> named = fieldNames(st, values.length);
      return named == null ? count(values, limit) : countEntries(named, 4, limit);
    }
    if (o instanceof Map<?, ?> m) {
      return countEntries(m, 1, limit); // k=v
    }
    if (o instanceof Collection<?> c) {
      return count(c.toArray(), limit);
    }
    return 0;
  }

  /**
   * {@return the brackets, separators, keys, marks and values of {@code m}, at least}
   *
   * @param mark the characters between a key and its value besides the key's own ({@code =}: 1;
   *     around a DuckDB struct's {@code 'name': }: the two quotes, colon and space, 4)
   */
  private static long countEntries(Map<?, ?> m, int mark, long limit) throws SQLException {
    long n = 2 + Math.max(0, m.size() - 1);
    for (Map.Entry<?, ?> e : m.entrySet()) {
      if (n > limit) {
        break;
      }
      n += minElementLength(e.getKey(), limit - n) + mark;
      n += minElementLength(e.getValue(), limit - n);
    }
    return n;
  }

  /**
   * {@return the brackets, separators and elements of an array, at least}, fetching its elements
   * only while the count is within {@code limit}: each element takes a character and all but
   * one a separator, so past {@code limit / 2 + 1} of them the array is too big anyway. {@link
   * Array#getArray()} converts every element first (a DuckDB list of three million dates: 345 MB
   * allocated to measure it against a 128 KiB cap), so the bounded {@link Array#getArray(long,
   * int)} is asked first; where the driver lacks it (DuckDB) the rows of {@link
   * Array#getResultSet()} (DuckDB's read the elements one by one); where neither works, the
   * whole array.
   */
  private static long countArray(Array a, long limit) throws SQLException {
    int most = (int) Math.min(Integer.MAX_VALUE - 8L, limit / 2 + 2);
    // The bounded fetch is optional in JDBC: DuckDB 1.4 throws UnsupportedOperationException,
    // another driver may refuse a count past the array's end. Either way the elements are
    // counted below from the array's rows instead, so the failure is not an error here.
    @Nullable Object prefix;
    try {
      prefix = a.getArray(1, most);
    } catch (SQLException | RuntimeException notOffered) {
      prefix = null;
    }
    if (prefix instanceof Object[] items) {
      return count(items, limit);
    }
    @Nullable ResultSet rows;
    try {
      rows = a.getResultSet();
    } catch (SQLException | RuntimeException notOffered) {
      rows = null; // no row view either: the whole array, below
    }
    if (rows != null) {
      try (ResultSet r = rows) {
        long n = 2; // the brackets
        for (boolean first = true; n <= limit && r.next(); first = false) {
          n += (first ? 0 : 1) + minElementLength(r.getObject(2), limit - n);
        }
        return n;
      }
    }
    return a.getArray() instanceof Object[] items ? count(items, limit) : 0;
  }

  /** A struct class's {@code getMap()}, or null when it has none. */
  private record MapGetter(@Nullable Method method) {}

  /** A struct class's {@code getMap()} (DuckDB's: names to values, in order), if it has one. */
  private static final ClassValue<MapGetter> GET_MAP = new ClassValue<>() {
    @Override
    protected MapGetter computeValue(Class<?> type) {
      try {
        Method m = type.getMethod("getMap");
        return new MapGetter(Map.class.isAssignableFrom(m.getReturnType()) ? m : null);
      } catch (NoSuchMethodException | SecurityException e) {
        return new MapGetter(null);
      }
    }
  };

  /**
   * {@return a struct's field names mapped to its values, in order, when the driver gives them
   * (DuckDB's {@code getMap()}, found by reflection: no compile dependency on the driver) and
   * they are its fields' names, or null}: DuckDB renders each field of a named struct as {@code
   * 'name': value}, so a list of structs with a long name has a long text however small its
   * values. An unnamed struct ({@code row(1, 2)}) is rendered {@code (1, 2)}, but DuckDB 1.4's
   * {@code getMap()} gives all its fields the empty name, so the map holds fewer entries than
   * the struct has fields (review found {@code {=2}} counted as names: a false BYTE_LIMIT); a
   * map of another size, or with an empty name, is not taken for names.
   *
   * @param fields how many fields the struct has
   */
  private static @Nullable Map<?, ?> fieldNames(Struct st, int fields) throws SQLException {
    @Nullable Method getMap = GET_MAP.get(st.getClass()).method();
    if (getMap == null) {
      return null;
    }
    try {
      if (!(getMap.invoke(st) instanceof Map<?, ?> m) || m.size() != fields) {
        return null;
      }
      for (Object name : m.keySet()) {
        if (name == null || name.toString().isEmpty()) {
          return null;
        }
      }
      return m;
    } catch (IllegalAccessException e) {
      return null;
    } catch (InvocationTargetException e) {
      if (e.getCause() instanceof SQLException se) {
        throw se;
      }
      throw new IllegalStateException("The driver's struct failed to give its fields",
          e.getCause());
    }
  }

  /** {@return the brackets, separators and elements of a list of {@code elements}, at least} */
  private static long count(Object[] elements, long limit) throws SQLException {
    long n = 2 + Math.max(0, elements.length - 1);
    for (int i = 0; i < elements.length && n <= limit; i++) {
      n += minElementLength(elements[i], limit - n);
    }
    return n;
  }

  /**
   * {@return a lower bound of the length of one element's text}: a text by its length (DuckDB
   * quotes it only when it must), binary data by its byte count (escapes only add), a nested
   * array, struct or map by {@link #minTextLength}, anything else (a number, NULL) one character
   */
  private static long minElementLength(@Nullable Object e, long limit) throws SQLException {
    return switch (e) {
      case null -> 1;
      case CharSequence s -> Math.max(1, s.length());
      case byte[] b -> Math.max(1, b.length);
      case Blob b -> Math.max(1, b.length());
      case Clob c -> Math.max(1, c.length());
      default -> Math.max(1, minTextLength(e, limit));
    };
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
