package dev.snowchat.sqlgate;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Seeded generators wrap known writes in evasions (comments, case, whitespace, quoting, CTEs,
 * stacking, {@code ->>}, Unicode look-alikes and zero-width characters, nested comments, string
 * tricks) and assert that no generated write is ever allowed in read-only mode. Over a million
 * cases per run, in bulk: failures are collected and the first 20 reported with their seed.
 */
class EvasionGeneratorTest {
  static final long SEED = 0x5A0C4A7L;

  static final List<String> COMMON_WRITES = List.of(
      "INSERT INTO t VALUES (1)", "INSERT INTO t SELECT * FROM u", "UPDATE t SET a = 1",
      "DELETE FROM t WHERE id = 1", "DELETE FROM t",
      "MERGE INTO t USING s ON t.id = s.id WHEN MATCHED THEN DELETE", "TRUNCATE TABLE t",
      "CREATE TABLE x AS SELECT * FROM t", "CREATE VIEW v AS SELECT 1", "DROP TABLE t",
      "ALTER TABLE t ADD COLUMN c INT", "GRANT SELECT ON t TO r", "REVOKE SELECT ON t FROM r",
      "CALL p()", "SET x = 1", "COMMIT", "ROLLBACK", "SELECT * INTO t2 FROM t",
      "WITH d AS (DELETE FROM t RETURNING *) SELECT * FROM d",
      "WITH x AS (SELECT 1) INSERT INTO t SELECT * FROM x",
      "WITH x AS (SELECT 1) DROP TABLE t", "EXPLAIN ANALYZE DELETE FROM t",
      "SELECT * FROM t FOR UPDATE");

  static final List<String> SNOWFLAKE_WRITES = List.of(
      "COPY INTO t FROM @s", "COPY INTO @s FROM t", "PUT file:///tmp/x @s", "GET @s file:///tmp/",
      "REMOVE @s", "UNDROP TABLE t", "ALTER SESSION SET QUERY_TAG = 'x'", "USE ROLE accountadmin",
      "USE SECONDARY ROLES ALL", "EXECUTE IMMEDIATE 'DROP TABLE t'",
      "EXECUTE IMMEDIATE $$DROP TABLE t$$", "BEGIN DROP TABLE t; END",
      "DECLARE x INT; BEGIN DELETE FROM t; END", "SELECT SYSTEM$CANCEL_QUERY('q')",
      "SELECT SYSTEM$ABORT_SESSION(1)", "SELECT a, SYSTEM$CANCEL_ALL_QUERIES(1) FROM t",
      "SELECT SYSTEM$SET_RETURN_VALUE('x')", "SELECT SYSTEM$TASK_DEPENDENTS_ENABLE('t')",
      "SELECT * FROM t WHERE a = (SELECT SYSTEM$LOG('info', 'x'))", "SHOW TABLES ->> DROP TABLE t",
      "SELECT 1 ->> DELETE FROM t", "COMMENT ON TABLE t IS 'x'", "CREATE STAGE s",
      "SELECT IDENTIFIER('SYSTEM$CANCEL_QUERY')('q')");

  static final List<String> DUCKDB_WRITES = List.of(
      "ATTACH 'x.db' AS x", "DETACH x", "INSTALL httpfs", "LOAD httpfs", "SET threads = 1",
      "PRAGMA enable_profiling", "CHECKPOINT", "VACUUM", "EXPORT DATABASE '/tmp/x'",
      "COPY t TO '/tmp/x.csv'", "COPY (SELECT 1) TO '/tmp/x.csv'",
      "SELECT * FROM read_csv('/etc/passwd')", "SELECT * FROM read_text('/etc/hostname')",
      "SELECT * FROM read_parquet('s3://b/x.parquet')", "SELECT * FROM glob('/etc/*')",
      "SELECT * FROM '/etc/passwd'", "FROM '/etc/passwd'", "SELECT * FROM \"x.csv\"",
      "SELECT * FROM t, '/etc/passwd'", "SELECT * FROM query('DROP TABLE t')",
      "SELECT * FROM sniff_csv('/etc/passwd')", "SUMMARIZE '/etc/passwd'",
      "SELECT * FROM read_csv(['/a.csv', '/etc/passwd'])", "SELECT nextval('s')");

  static final List<String> GENERIC_WRITES = List.of(
      "SELECT pg_read_file('/etc/passwd')", "SELECT * INTO OUTFILE '/tmp/x' FROM t",
      "EXEC('DELETE FROM t')", "EXPLAIN (ANALYZE) DELETE FROM t",
      "SELECT * FROM t LOCK IN SHARE MODE", "UPSERT INTO t VALUES (1)", "REPLACE INTO t VALUES (1)",
      "WITH u AS (UPDATE t SET a = 1 RETURNING *) SELECT * FROM u", "PREPARE p AS DELETE FROM t");

  static final String[] READ_PREFIX = {
    "SELECT 1; ", "SELECT 1;\n", "SHOW TABLES; ", "SELECT 1 -- c\n; ", "VALUES (1); ",
    "SELECT ';'; ", "SELECT $$;$$; "
  };

  @Test
  void snowflake_generatedEvasions_neverAllowed() {
    List<String> base = new ArrayList<>(COMMON_WRITES);
    base.addAll(SNOWFLAKE_WRITES);
    run(Dialect.SNOWFLAKE, base, 400_000, SEED);
  }

  @Test
  void duckdb_generatedEvasions_neverAllowed() {
    List<String> base = new ArrayList<>(COMMON_WRITES);
    base.addAll(DUCKDB_WRITES);
    run(Dialect.DUCKDB, base, 350_000, SEED + 1);
  }

  @Test
  void generic_generatedEvasions_neverAllowed() {
    List<String> base = new ArrayList<>(COMMON_WRITES);
    base.addAll(GENERIC_WRITES);
    run(Dialect.GENERIC, base, 300_000, SEED + 2);
  }

  static int total;

  private static void run(Dialect dialect, List<String> base, int cases, long seed) {
    SqlGate gate = SqlGate.builder().dialect(dialect).mode(PermissionMode.READ_ONLY).build();
    List<String> failures = new ArrayList<>();
    int failed = 0;
    for (int i = 0; i < cases; i++) {
      long caseSeed = seed * 1_000_003L + i;
      SplittableRandom r = new SplittableRandom(caseSeed);
      String sql = evade(base.get(r.nextInt(base.size())), r, dialect);
      Verdict v = gate.check(sql);
      if (v.allowed()) {
        failed++;
        if (failures.size() < 20) {
          failures.add("seed=" + caseSeed + " " + v.kind() + " <<" + sql + ">>");
        }
      }
    }
    synchronized (EvasionGeneratorTest.class) {
      total += cases;
    }
    assertThat(failures).as("%d of %d generated %s writes were allowed", failed, cases, dialect)
        .isEmpty();
  }

  /** Applies one to four evasions. */
  static String evade(String sql, SplittableRandom r, Dialect d) {
    String s = sql;
    int n = 1 + r.nextInt(4);
    boolean stringTrick = false;
    for (int k = 0; k < n; k++) {
      int e = r.nextInt(14);
      if (e == 9) {
        // Applied last: later mutations inside its string would turn the write into a read.
        stringTrick = true;
        continue;
      }
      s = switch (e) {
        case 0 -> randomCase(s, r);
        case 1 -> replaceSpaces(s, r, new String[] {"/**/", "/*x*/", "\t", "\n", "\r\n", "\t\t",
            "\f", "--c\n", d == Dialect.SNOWFLAKE ? "//c\n" : "/*;*/"});
        case 2 -> READ_PREFIX[r.nextInt(READ_PREFIX.length)] + s;
        case 3 -> s + (r.nextBoolean() ? ";" : " ;  -- done") ;
        case 4 -> d == Dialect.SNOWFLAKE ? "SHOW TABLES ->> " + s : "SELECT 1;" + s;
        case 5 -> "WITH cte AS (SELECT 1) " + s;
        case 6 -> "/* /* nested */ */ " + s;
        case 7 -> lookAlikeLead(s, r);
        case 8 -> zeroWidth(s, r);
        case 10 -> "(" + s + ")";
        case 11 -> "EXPLAIN ANALYZE " + s;
        case 12 -> "SELECT 1 UNION ALL " + s;
        default -> "\uFEFF" + s;
      };
    }
    if (stringTrick) {
      // A backslash that ends the string in this dialect: what follows is a second statement.
      s = (d == Dialect.SNOWFLAKE ? "SELECT 'a\\\\'; " : "SELECT 'a\\'; ") + s + " --'";
    }
    return s;
  }

  private static String randomCase(String s, SplittableRandom r) {
    StringBuilder b = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      b.append(r.nextBoolean() ? Character.toLowerCase(c) : Character.toUpperCase(c));
    }
    return b.toString();
  }

  private static String replaceSpaces(String s, SplittableRandom r, String[] with) {
    StringBuilder b = new StringBuilder(s.length() + 16);
    boolean inQuote = false;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '\'') {
        inQuote = !inQuote;
      }
      if (c == ' ' && !inQuote && r.nextInt(3) == 0) {
        b.append(with[r.nextInt(with.length)]);
      } else {
        b.append(c);
      }
    }
    return b.toString();
  }

  /** Replaces a letter of the leading keyword with a Cyrillic or Greek look-alike. */
  private static String lookAlikeLead(String s, SplittableRandom r) {
    int end = 0;
    while (end < s.length() && Character.isLetter(s.charAt(end))) {
      end++;
    }
    if (end == 0) {
      return s;
    }
    int i = r.nextInt(end);
    char c = Character.toUpperCase(s.charAt(i));
    char alike = switch (c) {
      case 'A' -> '\u0410';
      case 'E' -> '\u0415';
      case 'O' -> '\u041E';
      case 'C' -> '\u0421';
      case 'T' -> '\u0422';
      case 'I' -> '\u0130';
      case 'S' -> '\u017F';
      default -> '\u0399';
    };
    return s.substring(0, i) + alike + s.substring(i + 1);
  }

  /** Inserts an invisible or look-alike character outside string literals. */
  private static String zeroWidth(String s, SplittableRandom r) {
    String[] zw = {"\u200B", "\u200C", "\u200D", "\u2060", "\u00A0", "\uFF1B", "\u037E"};
    List<Integer> outside = new ArrayList<>();
    boolean inQuote = false;
    for (int i = 0; i <= s.length(); i++) {
      if (!inQuote) {
        outside.add(i);
      }
      if (i < s.length() && s.charAt(i) == '\'') {
        inQuote = !inQuote;
      }
    }
    int i = outside.get(r.nextInt(outside.size()));
    return s.substring(0, i) + zw[r.nextInt(zw.length)] + s.substring(i);
  }

  @Test
  void generator_isDeterministic() {
    String a = evade("DROP TABLE t", new SplittableRandom(7), Dialect.SNOWFLAKE);
    String b = evade("DROP TABLE t", new SplittableRandom(7), Dialect.SNOWFLAKE);
    assertThat(a).isEqualTo(b);
    assertThat(a.toUpperCase(Locale.ROOT)).isNotEmpty();
  }
}
