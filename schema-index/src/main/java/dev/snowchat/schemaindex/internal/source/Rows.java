package dev.snowchat.schemaindex.internal.source;

import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** Result-set rows as maps keyed by lower-case column label, with lenient value conversion. */
final class Rows {
  private Rows() {}

  /** One row; values as the driver returned them. */
  record Row(Map<String, @Nullable Object> values) {
    @Nullable Object get(String column) {
      return values.get(column);
    }

    @Nullable String str(String column) {
      Object v = values.get(column);
      return v == null ? null : v.toString();
    }

    /** {@return the text, or null when null or blank (SHOW reports "no comment" as '')} */
    @Nullable String text(String column) {
      String s = str(column);
      return s == null || s.isBlank() ? null : s;
    }

    String required(String column) {
      String s = str(column);
      if (s == null || s.isEmpty()) {
        throw new IllegalStateException("metadata row without '" + column + "': columns are "
            + values.keySet());
      }
      return s;
    }

    @Nullable Long lng(String column) {
      Object v = values.get(column);
      if (v == null) {
        return null;
      }
      if (v instanceof Number n) {
        return n instanceof BigDecimal bd ? bd.longValue() : n.longValue();
      }
      String s = v.toString().strip();
      if (s.isEmpty()) {
        return null;
      }
      try {
        return new BigDecimal(s).longValue();
      } catch (NumberFormatException e) {
        return null;
      }
    }

    @Nullable Instant instant(String column) {
      Object v = values.get(column);
      return switch (v) {
        case null -> null;
        case Timestamp t -> t.toInstant();
        case Instant i -> i;
        case OffsetDateTime o -> o.toInstant();
        case ZonedDateTime z -> z.toInstant();
        case java.util.Date d -> d.toInstant();
        default -> parseInstant(v.toString());
      };
    }

    boolean yes(String column) {
      Object v = values.get(column);
      if (v instanceof Boolean b) {
        return b;
      }
      String s = v == null ? "" : v.toString().strip().toUpperCase(Locale.ROOT);
      return s.equals("YES") || s.equals("Y") || s.equals("TRUE") || s.equals("1");
    }
  }

  static List<Row> read(ResultSet rs) throws SQLException {
    ResultSetMetaData md = rs.getMetaData();
    int n = md.getColumnCount();
    String[] labels = new String[n];
    for (int i = 0; i < n; i++) {
      labels[i] = md.getColumnLabel(i + 1).toLowerCase(Locale.ROOT);
    }
    List<Row> out = new ArrayList<>();
    while (rs.next()) {
      Map<String, @Nullable Object> m = HashMap.newHashMap(n);
      for (int i = 0; i < n; i++) {
        m.put(labels[i], rs.getObject(i + 1));
      }
      out.add(new Row(m));
    }
    return out;
  }

  private static @Nullable Instant parseInstant(String s) {
    String t = s.strip();
    if (t.isEmpty()) {
      return null;
    }
    try {
      return Instant.parse(t);
    } catch (RuntimeException e) {
      try {
        return OffsetDateTime.parse(t).toInstant();
      } catch (RuntimeException e2) {
        try {
          return Timestamp.valueOf(t).toInstant();
        } catch (RuntimeException e3) {
          return null;
        }
      }
    }
  }
}
