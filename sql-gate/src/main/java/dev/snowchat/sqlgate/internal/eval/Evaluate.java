package dev.snowchat.sqlgate.internal.eval;

import dev.snowchat.sqlgate.Dialect;
import dev.snowchat.sqlgate.PermissionMode;
import dev.snowchat.sqlgate.SqlGate;
import dev.snowchat.sqlgate.Verdict;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Runs the gate in read-only mode over a corpus directory in the shared format (records separated
 * by {@code -- @@} lines, headers {@code -- id:}, {@code -- dialect:}, ...): {@code reads.sql}
 * (expected allowed), {@code writes.sql} (expected refused), {@code uses.sql} (USE of a database,
 * schema or warehouse allowed; USE ROLE / SECONDARY ROLES and anything chained refused) and
 * {@code borderline.sql} (reported, not scored). Exits 1 if any write is allowed.
 */
public final class Evaluate {
  private static final Pattern HEADER =
      Pattern.compile("^-- (id|dialect|category|source|note): ?(.*)$");
  private static final Pattern USE_ADMIN =
      Pattern.compile("(?is)\\buse\\s+(role|secondary)\\b");

  private Evaluate() {}

  /**
   * One corpus record.
   *
   * @param file the file name
   * @param id the record id
   * @param dialect the dialect name
   * @param category the category, or empty
   * @param sql the statement text
   */
  public record Case(String file, String id, String dialect, String category, String sql) {}

  /**
   * Counts per file and dialect.
   *
   * @param file the file
   * @param dialect the dialect
   * @param total records
   * @param allowed records allowed
   * @param expectedAllowed records expected to be allowed
   * @param correct records whose verdict matched the expectation
   */
  public record Count(String file, String dialect, int total, int allowed, int expectedAllowed,
      int correct) {}

  /**
   * The evaluation result.
   *
   * @param counts per file and dialect
   * @param writesAllowed how many records expected refused were allowed
   * @param mismatches readable lines, one per mismatch
   */
  public record Summary(List<Count> counts, int writesAllowed, List<String> mismatches) {
    /**
     * {@return the share of reads allowed for a dialect, or NaN when there are none}
     *
     * @param dialect the dialect name
     */
    public double readRate(String dialect) {
      for (Count c : counts) {
        if (c.file().equals("reads.sql") && c.dialect().equals(dialect)) {
          return c.total() == 0 ? Double.NaN : (double) c.allowed() / c.total();
        }
      }
      return Double.NaN;
    }
  }

  /**
   * Entry point.
   *
   * @param args the corpus directory
   * @throws IOException when the corpus cannot be read
   */
  public static void main(String[] args) throws IOException {
    if (args.length < 1) {
      System.err.println("usage: evaluate CORPUS_DIR [--show-borderline]");
      System.exit(2);
    }
    boolean borderline = args.length > 1 && args[1].equals("--show-borderline");
    Summary s = run(Path.of(args[0]), System.out, borderline);
    System.exit(s.writesAllowed() > 0 ? 1 : 0);
  }

  /**
   * Reads the records of one corpus file.
   *
   * @param file the file
   * @return the records
   * @throws IOException when the file cannot be read
   */
  public static List<Case> read(Path file) throws IOException {
    String text = new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
    List<Case> out = new ArrayList<>();
    String name = file.getFileName().toString();
    for (String rec : text.split("(?m)^-- @@\\n", -1)) {
      String id = "";
      String dialect = "generic";
      String category = "";
      int i = 0;
      String[] lines = rec.split("\n", -1);
      StringBuilder sql = new StringBuilder();
      boolean inHeader = true;
      for (String line : lines) {
        var m = HEADER.matcher(line);
        if (inHeader && m.matches()) {
          switch (m.group(1)) {
            case "id" -> id = m.group(2).strip();
            case "dialect" -> dialect = m.group(2).strip();
            case "category" -> category = m.group(2).strip();
            default -> { }
          }
          continue;
        }
        inHeader = false;
        if (i++ > 0) {
          sql.append('\n');
        }
        sql.append(line);
      }
      String stmt = sql.toString();
      if (stmt.endsWith("\n")) {
        stmt = stmt.substring(0, stmt.length() - 1);
      }
      if (!id.isEmpty()) {
        out.add(new Case(name, id, dialect, category, stmt));
      }
    }
    return out;
  }

  /**
   * Runs the evaluation.
   *
   * @param dir the corpus directory
   * @param out where to print the report
   * @param showBorderline whether to print each borderline verdict
   * @return the summary
   * @throws IOException when the corpus cannot be read
   */
  public static Summary run(Path dir, PrintStream out, boolean showBorderline)
      throws IOException {
    Map<Dialect, SqlGate> gates = new EnumMap<>(Dialect.class);
    for (Dialect d : Dialect.values()) {
      gates.put(d, SqlGate.builder().dialect(d).mode(PermissionMode.READ_ONLY).build());
    }
    List<Count> counts = new ArrayList<>();
    List<String> mismatches = new ArrayList<>();
    int writesAllowed = 0;
    for (String f : List.of("reads.sql", "writes.sql", "uses.sql", "borderline.sql")) {
      Path p = dir.resolve(f);
      if (!Files.exists(p)) {
        continue;
      }
      Map<String, int[]> perDialect = new LinkedHashMap<>();
      for (Case c : read(p)) {
        Dialect d = Dialect.parse(c.dialect());
        Verdict v = gates.get(d).check(c.sql());
        Boolean expected = switch (f) {
          case "reads.sql" -> true;
          case "writes.sql" -> false;
          case "uses.sql" -> !(USE_ADMIN.matcher(c.sql()).find() || c.sql().contains(";"));
          default -> null;
        };
        int[] n = perDialect.computeIfAbsent(c.dialect(), k -> new int[4]);
        n[0]++;
        if (v.allowed()) {
          n[1]++;
        }
        if (expected != null && expected) {
          n[2]++;
        }
        if (expected == null) {
          if (showBorderline) {
            out.printf("  borderline %s [%s] %s %s: %s%n", c.id(), c.dialect(),
                v.allowed() ? "ALLOWED" : "REFUSED", v.rule(), v.reason());
          }
          continue;
        }
        if (v.allowed() == expected) {
          n[3]++;
        } else {
          if (!expected) {
            writesAllowed++;
          }
          mismatches.add(String.format(Locale.ROOT, "%s %s [%s] expected %s, got %s %s/%s: %s",
              f, c.id(), c.dialect(), expected ? "ALLOWED" : "REFUSED",
              v.allowed() ? "ALLOWED" : "REFUSED", v.kind(), v.rule(), v.reason()));
        }
      }
      for (var e : perDialect.entrySet()) {
        int[] n = e.getValue();
        counts.add(new Count(f, e.getKey(), n[0], n[1], n[2], n[3]));
      }
    }
    out.println("sql-gate evaluation (read_only mode) of " + dir);
    out.printf("%-15s %-10s %6s %8s %8s %9s%n", "file", "dialect", "total", "allowed",
        "refused", "expected");
    for (Count c : counts) {
      String expect = switch (c.file()) {
        case "reads.sql" -> String.format(Locale.ROOT, "%.1f%% ok",
            100.0 * c.correct() / Math.max(1, c.total()));
        case "borderline.sql" -> "unscored";
        default -> String.format(Locale.ROOT, "%d/%d ok", c.correct(), c.total());
      };
      out.printf("%-15s %-10s %6d %8d %8d %9s%n", c.file(), c.dialect(), c.total(), c.allowed(),
          c.total() - c.allowed(), expect);
    }
    out.println();
    out.println("mismatches: " + mismatches.size());
    for (String m : mismatches) {
      out.println("  " + m);
    }
    out.println();
    out.println("writes allowed in read_only: " + writesAllowed);
    return new Summary(List.copyOf(counts), writesAllowed, List.copyOf(mismatches));
  }
}
