package dev.snowchat.maven.internal;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * A column type as a catalog reports it ({@code VARCHAR(100)}, {@code NUMBER(38,0)},
 * {@code TIMESTAMP_NTZ(9)}, {@code BIGINT}), parsed far enough to tell whether a change widens or
 * narrows what the column can hold. Snowflake's defaults decide where a type omits its size
 * ({@code NUMBER} is {@code NUMBER(38,0)}, {@code VARCHAR} is unbounded, {@code CHAR} is one
 * character); integer types of other databases count by their decimal digits.
 *
 * @param text the type text, upper-cased, spaces collapsed
 * @param base the type name without arguments ({@code VARCHAR}, {@code TIMESTAMP WITH TIME ZONE})
 * @param family the family
 * @param size for text and binary the length ({@link Long#MAX_VALUE} when unbounded); for exact
 *     numbers the integer digits (precision minus scale); for floats the bits; for times and
 *     timestamps the fractional-second digits; otherwise 0
 * @param scale for exact numbers the scale, otherwise 0
 */
public record SqlType(String text, String base, Family family, long size, int scale) {

  /** Groups of types whose values convert into one another without a change of meaning. */
  public enum Family {
    /** Character strings. */
    TEXT,
    /** Integers and fixed-point decimals. */
    EXACT_NUMERIC,
    /** Binary floating point. */
    APPROXIMATE_NUMERIC,
    /** True or false. */
    BOOLEAN,
    /** Calendar dates. */
    DATE,
    /** Times of day. */
    TIME,
    /** Timestamps, with or without a time zone. */
    TIMESTAMP,
    /** Byte strings. */
    BINARY,
    /** VARIANT, OBJECT, ARRAY, JSON, STRUCT, MAP, LIST. */
    SEMI_STRUCTURED,
    /** GEOGRAPHY, GEOMETRY. */
    GEOSPATIAL,
    /** Anything else: compared by its text only. */
    OTHER
  }

  /** How a column's type changed between two snapshots. */
  public enum Change {
    /** The same type, possibly spelled differently ({@code INT} and {@code INTEGER}). */
    SAME,
    /** Holds everything it held before, and more. */
    WIDENED,
    /** Holds less than before: some existing values may not fit. Breaking. */
    NARROWED,
    /** Another family ({@code VARCHAR} to {@code NUMBER}). Breaking. */
    FAMILY_CHANGED,
    /** Same family but not provably wider ({@code TIMESTAMP_NTZ} to {@code TIMESTAMP_TZ}). */
    CHANGED;

    /** {@return true when readers of the old type may break} */
    public boolean breaking() {
      return this == NARROWED || this == FAMILY_CHANGED || this == CHANGED;
    }
  }

  private static final Pattern SHAPE =
      Pattern.compile("([A-Z_][A-Z0-9_ ]*?)\\s*(?:\\(([^)]*)\\)\\s*([A-Z ]*))?");

  private static final Map<String, Integer> INTEGER_DIGITS = Map.ofEntries(
      Map.entry("TINYINT", 3), Map.entry("INT1", 3), Map.entry("UTINYINT", 3),
      Map.entry("SMALLINT", 5), Map.entry("INT2", 5), Map.entry("SHORT", 5),
      Map.entry("USMALLINT", 5), Map.entry("INTEGER", 10), Map.entry("INT", 10),
      Map.entry("INT4", 10), Map.entry("SIGNED", 10), Map.entry("UINTEGER", 10),
      Map.entry("MEDIUMINT", 7), Map.entry("BIGINT", 19), Map.entry("INT8", 19),
      Map.entry("LONG", 19), Map.entry("UBIGINT", 20), Map.entry("HUGEINT", 39),
      Map.entry("INT128", 39), Map.entry("UHUGEINT", 39), Map.entry("BYTEINT", 38));

  /** Validates the fields. */
  public SqlType {
    requireNonNull(text, "text is null");
    requireNonNull(base, "base is null");
    requireNonNull(family, "family is null");
  }

  /**
   * Parses type text. Never fails: what it does not recognize is {@link Family#OTHER}.
   *
   * @param type the type text
   * @return the type
   */
  public static SqlType parse(String type) {
    String text = requireNonNull(type, "type is null").strip().replaceAll("\\s+", " ")
        .toUpperCase(Locale.ROOT);
    Matcher m = SHAPE.matcher(text);
    if (!m.matches()) {
      return new SqlType(text, text, Family.OTHER, 0, 0);
    }
    String name = m.group(1).strip();
    String suffix = m.group(3) == null ? "" : m.group(3).strip();
    String base = suffix.isEmpty() ? name : name + " " + suffix;
    List<Long> args = args(m.group(2));
    if (args == null) {
      return new SqlType(text, base, Family.OTHER, 0, 0);
    }
    long a0 = args.isEmpty() ? -1 : args.get(0);
    long a1 = args.size() < 2 ? -1 : args.get(1);
    switch (name) {
      case "VARCHAR", "STRING", "TEXT", "NVARCHAR", "NVARCHAR2", "CHAR VARYING",
          "CHARACTER VARYING", "NCHAR VARYING", "BPCHAR" -> {
        return new SqlType(text, "VARCHAR", Family.TEXT, a0 < 0 ? Long.MAX_VALUE : a0, 0);
      }
      case "CHAR", "CHARACTER", "NCHAR" -> {
        return new SqlType(text, "VARCHAR", Family.TEXT, a0 < 0 ? 1 : a0, 0);
      }
      case "NUMBER", "NUMERIC", "DECIMAL", "DEC" -> {
        long precision = a0 < 0 ? 38 : a0;
        int scale = (int) (a1 < 0 ? 0 : a1);
        return new SqlType(text, "NUMBER", Family.EXACT_NUMERIC, precision - scale, scale);
      }
      case "FLOAT", "FLOAT8", "DOUBLE", "DOUBLE PRECISION", "FLOAT4", "REAL" -> {
        long bits = name.equals("FLOAT4") || name.equals("REAL") || name.equals("FLOAT")
            && a0 >= 0 && a0 <= 24 ? 32 : 64;
        return new SqlType(text, "FLOAT", Family.APPROXIMATE_NUMERIC, bits, 0);
      }
      case "BOOLEAN", "BOOL", "LOGICAL" -> {
        return new SqlType(text, "BOOLEAN", Family.BOOLEAN, 0, 0);
      }
      case "DATE" -> {
        return new SqlType(text, "DATE", Family.DATE, 0, 0);
      }
      case "TIME" -> {
        return new SqlType(text, suffix.isEmpty() ? "TIME" : "TIME " + suffix, Family.TIME,
            a0 < 0 ? 9 : a0, 0);
      }
      case "BINARY", "VARBINARY", "BLOB", "BYTEA", "BYTES", "LONGBLOB" -> {
        return new SqlType(text, "BINARY", Family.BINARY, a0 < 0 ? Long.MAX_VALUE : a0, 0);
      }
      case "VARIANT", "OBJECT", "ARRAY", "JSON", "MAP", "STRUCT", "LIST", "UNION" -> {
        return new SqlType(text, text, Family.SEMI_STRUCTURED, 0, 0);
      }
      case "GEOGRAPHY", "GEOMETRY" -> {
        return new SqlType(text, name, Family.GEOSPATIAL, 0, 0);
      }
      default -> {
        // Integers, then timestamps; everything else is compared by its text.
      }
    }
    Integer digits = INTEGER_DIGITS.get(name);
    if (digits != null && args.isEmpty()) {
      return new SqlType(text, "NUMBER", Family.EXACT_NUMERIC, digits, 0);
    }
    String zone = timestampZone(name, suffix);
    if (zone != null) {
      long precision = a0 >= 0 ? a0 : switch (name) {
        case "TIMESTAMP_S" -> 0;
        case "TIMESTAMP_MS" -> 3;
        default -> 9;
      };
      return new SqlType(text, "TIMESTAMP" + zone, Family.TIMESTAMP, precision, 0);
    }
    return new SqlType(text, text, Family.OTHER, 0, 0);
  }

  /**
   * Compares an old type with a new one.
   *
   * @param before the old type
   * @param after the new type
   * @return how the type changed
   */
  public static Change compare(SqlType before, SqlType after) {
    if (before.text.equals(after.text)) {
      return Change.SAME;
    }
    if (before.family != after.family) {
      return Change.FAMILY_CHANGED;
    }
    if (before.family == Family.OTHER || !before.base.equals(after.base)) {
      return before.family == Family.OTHER && before.text.equals(after.text)
          ? Change.SAME : Change.CHANGED;
    }
    int sizeOrder = Long.compare(after.size, before.size);
    int scaleOrder = Integer.compare(after.scale, before.scale);
    if (sizeOrder == 0 && scaleOrder == 0) {
      return Change.SAME;
    }
    if (sizeOrder < 0 || scaleOrder < 0) {
      return Change.NARROWED;
    }
    return Change.WIDENED;
  }

  /** {@return "_NTZ", "_LTZ" or "_TZ" style zone suffix of a timestamp type, or null} */
  private static @Nullable String timestampZone(String name, String suffix) {
    return switch (name) {
      case "TIMESTAMP", "DATETIME", "TIMESTAMP_NTZ", "TIMESTAMP WITHOUT TIME ZONE",
          "TIMESTAMP_S", "TIMESTAMP_MS", "TIMESTAMP_NS", "TIMESTAMP_US" ->
          suffix.equals("WITH TIME ZONE") ? "_TZ" : suffix.equals("WITH LOCAL TIME ZONE")
              ? "_LTZ" : "_NTZ";
      case "TIMESTAMP_TZ", "TIMESTAMPTZ", "TIMESTAMP WITH TIME ZONE" -> "_TZ";
      case "TIMESTAMP_LTZ", "TIMESTAMP WITH LOCAL TIME ZONE" -> "_LTZ";
      default -> null;
    };
  }

  /** Parses a comma-separated list of whole numbers; null if any is not one. */
  private static @Nullable List<Long> args(@Nullable String inside) {
    List<Long> out = new ArrayList<>();
    if (inside == null || inside.isBlank()) {
      return out;
    }
    for (String part : inside.split(",")) {
      try {
        out.add(Long.parseLong(part.strip()));
      } catch (NumberFormatException e) {
        return null;
      }
    }
    return out;
  }
}
