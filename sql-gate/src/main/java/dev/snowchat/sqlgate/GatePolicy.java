package dev.snowchat.sqlgate;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A gate configuration parsed from strict text, for environment variables and config files:
 *
 * <pre>{@code
 * GatePolicy p =
 *     GatePolicy.parse("mode=read_only,dialect=snowflake,allow=ddl,deny=use,paths=/data");
 * SqlGate gate = p.toBuilder().build();
 * }</pre>
 *
 * <p>Keys: {@code mode} ({@code read_only|read_write|full}), {@code dialect}
 * ({@code snowflake|duckdb|generic}), {@code allow} and {@code deny} (statement kinds separated by
 * {@code |}), {@code paths} (absolute roots separated by {@code :}), {@code allowFunctions} and
 * {@code denyFunctions} (names separated by {@code |}), {@code maxInputLength},
 * {@code maxNestingDepth}. An unknown, repeated or empty key, a bad value, or a kind both allowed
 * and denied throws {@link IllegalArgumentException} naming the key. Nothing is clamped.
 *
 * @param mode the permission mode
 * @param dialect the dialect
 * @param allow kinds allowed beyond the mode
 * @param deny kinds denied despite the mode
 * @param paths file path allowlist roots
 * @param allowFunctions functions allowed beyond the defaults
 * @param denyFunctions functions denied
 * @param maxInputLength the longest request, or 0 for the default
 * @param maxNestingDepth the deepest nesting, or 0 for the default
 */
public record GatePolicy(PermissionMode mode, Dialect dialect, Set<StatementKind> allow,
    Set<StatementKind> deny, List<Path> paths, Set<String> allowFunctions,
    Set<String> denyFunctions, int maxInputLength, int maxNestingDepth) {

  private static final Set<String> KEYS = Set.of("mode", "dialect", "allow", "deny", "paths",
      "allowFunctions", "denyFunctions", "maxInputLength", "maxNestingDepth");

  /** Validates and copies the fields. */
  public GatePolicy {
    requireNonNull(mode, "mode is null");
    requireNonNull(dialect, "dialect is null");
    allow = Set.copyOf(requireNonNull(allow, "allow is null"));
    deny = Set.copyOf(requireNonNull(deny, "deny is null"));
    paths = List.copyOf(requireNonNull(paths, "paths is null"));
    allowFunctions = Set.copyOf(requireNonNull(allowFunctions, "allowFunctions is null"));
    denyFunctions = Set.copyOf(requireNonNull(denyFunctions, "denyFunctions is null"));
    if (allow.contains(StatementKind.UNKNOWN)) {
      throw new IllegalArgumentException("allow: UNKNOWN statements can never be allowed");
    }
    for (StatementKind k : allow) {
      if (deny.contains(k)) {
        throw new IllegalArgumentException("allow and deny both name " + k);
      }
    }
    for (String f : allowFunctions) {
      if (denyFunctions.contains(f)) {
        throw new IllegalArgumentException("allowFunctions and denyFunctions both name " + f);
      }
    }
    if (maxInputLength < 0 || maxNestingDepth < 0) {
      throw new IllegalArgumentException("maxInputLength and maxNestingDepth must be >= 0");
    }
  }

  /**
   * Parses a policy.
   *
   * @param spec comma-separated {@code key=value} pairs; empty for the defaults
   * @return the policy
   * @throws IllegalArgumentException naming the key of an unknown, repeated, empty or bad entry
   */
  public static GatePolicy parse(String spec) {
    requireNonNull(spec, "spec is null");
    PermissionMode mode = PermissionMode.READ_ONLY;
    Dialect dialect = Dialect.GENERIC;
    Set<StatementKind> allow = EnumSet.noneOf(StatementKind.class);
    Set<StatementKind> deny = EnumSet.noneOf(StatementKind.class);
    Set<Path> paths = new LinkedHashSet<>();
    Set<String> allowFunctions = new HashSet<>();
    Set<String> denyFunctions = new HashSet<>();
    int maxInputLength = 0;
    int maxNestingDepth = 0;
    Set<String> seen = new HashSet<>();
    if (spec.isBlank()) {
      return new GatePolicy(mode, dialect, allow, deny, List.of(), allowFunctions, denyFunctions,
          0, 0);
    }
    for (String entry : spec.split(",", -1)) {
      int eq = entry.indexOf('=');
      String key = (eq < 0 ? entry : entry.substring(0, eq)).strip();
      if (!KEYS.contains(key)) {
        throw new IllegalArgumentException("unknown key '" + key + "' in gate policy; known: "
            + String.join(", ", List.of("mode", "dialect", "allow", "deny", "paths",
            "allowFunctions", "denyFunctions", "maxInputLength", "maxNestingDepth")));
      }
      if (!seen.add(key)) {
        throw new IllegalArgumentException("key '" + key + "' is repeated in gate policy");
      }
      String value = eq < 0 ? "" : entry.substring(eq + 1).strip();
      if (value.isEmpty()) {
        throw new IllegalArgumentException("key '" + key + "' has no value in gate policy");
      }
      try {
        switch (key) {
          case "mode" -> mode = PermissionMode.parse(value);
          case "dialect" -> dialect = Dialect.parse(value);
          case "allow" -> allow.addAll(kinds(value));
          case "deny" -> deny.addAll(kinds(value));
          case "paths" -> {
            for (String p : value.split(":", -1)) {
              Path path = Path.of(p.strip());
              if (!path.isAbsolute() || p.contains("..")) {
                throw new IllegalArgumentException("'" + p + "' is not an absolute path"
                    + " without '..'");
              }
              if (!paths.add(path.normalize())) {
                throw new IllegalArgumentException("path '" + p + "' is repeated");
              }
            }
          }
          case "allowFunctions" -> allowFunctions.addAll(names(value));
          case "denyFunctions" -> denyFunctions.addAll(names(value));
          case "maxInputLength" -> maxInputLength = positive(value);
          case "maxNestingDepth" -> maxNestingDepth = positive(value);
          default -> throw new AssertionError(key);
        }
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("bad value for key '" + key + "' in gate policy: "
            + e.getMessage(), e);
      }
    }
    return new GatePolicy(mode, dialect, allow, deny, List.copyOf(paths), allowFunctions,
        denyFunctions, maxInputLength, maxNestingDepth);
  }

  private static Set<StatementKind> kinds(String value) {
    Set<StatementKind> out = EnumSet.noneOf(StatementKind.class);
    for (String k : value.split("\\|", -1)) {
      try {
        if (!out.add(StatementKind.valueOf(k.strip().toUpperCase(Locale.ROOT)))) {
          throw new IllegalArgumentException("kind '" + k + "' is repeated");
        }
      } catch (IllegalArgumentException e) {
        if (e.getMessage() != null && e.getMessage().contains("repeated")) {
          throw e;
        }
        throw new IllegalArgumentException("unknown statement kind '" + k + "'");
      }
    }
    return out;
  }

  private static Set<String> names(String value) {
    Set<String> out = new HashSet<>();
    for (String n : value.split("\\|", -1)) {
      String s = n.strip();
      if (s.isEmpty()) {
        throw new IllegalArgumentException("empty function name");
      }
      out.add(s.toUpperCase(Locale.ROOT));
    }
    return out;
  }

  private static int positive(String value) {
    int v;
    try {
      v = Integer.parseInt(value);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("'" + value + "' is not a number");
    }
    if (v < 1) {
      throw new IllegalArgumentException("'" + value + "' must be positive");
    }
    return v;
  }

  /**
   * {@return a gate builder configured from this policy; further settings may be added}
   *
   * @throws IllegalArgumentException if a value is out of the builder's range
   */
  public SqlGate.Builder toBuilder() {
    SqlGate.Builder b = SqlGate.builder().dialect(dialect).mode(mode);
    for (StatementKind k : allow) {
      b.allow(k);
    }
    for (StatementKind k : deny) {
      b.deny(k);
    }
    for (Path p : paths) {
      b.allowPath(p);
    }
    if (!allowFunctions.isEmpty() || !denyFunctions.isEmpty()) {
      FunctionPolicy.Builder f = FunctionPolicy.builder(dialect);
      allowFunctions.forEach(f::allow);
      denyFunctions.forEach(f::deny);
      b.functionPolicy(f.build());
    }
    if (maxInputLength > 0) {
      b.maxInputLength(maxInputLength);
    }
    if (maxNestingDepth > 0) {
      b.maxNestingDepth(maxNestingDepth);
    }
    return b;
  }
}
