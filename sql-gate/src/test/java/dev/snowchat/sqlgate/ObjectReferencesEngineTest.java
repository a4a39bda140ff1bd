package dev.snowchat.sqlgate;

import dev.snowchat.sqlgate.testing.TestDatabases;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link SqlGate#references} against the engines: for every statement, a database holding only
 * the tables the gate reports must be enough to run it. If the engine looks up a table the gate
 * did not report (a CTE name bound differently, a forward or self reference, a name hidden in a
 * subquery, a case or quoting rule), the statement fails with "does not exist" and the test
 * names the statement. Seeded generators build the statements from the constructs scope escapes
 * use: CTEs shadowing table names (nested, recursive, forward, self, after set operators),
 * subqueries in FROM, WHERE and the select list, joins, set operations, FROM-first and DESCRIBE
 * (DuckDB), quoted and upper-case names, comments between name parts. {@code
 * -Dsqlgate.refSeed=N} replays one seed.
 */
class ObjectReferencesEngineTest {
  private static final int DUCKDB_CASES = 2_500;
  private static final int POSTGRES_CASES = 800;
  private static final java.util.concurrent.ScheduledExecutorService WATCHDOG =
      java.util.concurrent.Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "references-watchdog");
        t.setDaemon(true);
        return t;
      });

  /** Hand-written statements the generator does not build (DuckDB). */
  private static final List<String> DUCKDB_FIXED = List.of(
      "WITH RECURSIVE c AS (SELECT x FROM b), b AS (SELECT 99 AS x) SELECT x FROM c",
      "WITH RECURSIVE b AS (SELECT x FROM b) SELECT x FROM b",
      "WITH RECURSIVE b AS (SELECT x FROM b UNION ALL SELECT x + 1 FROM b WHERE x < 4)"
          + " SELECT x FROM b",
      "WITH RECURSIVE b AS (SELECT 10 AS x UNION ALL SELECT x + 1 FROM b WHERE x < 12"
          + " UNION ALL SELECT x FROM b WHERE x = 99) SELECT x FROM b",
      "WITH RECURSIVE b AS (SELECT 10 AS x UNION ALL SELECT x + 1 FROM (SELECT x FROM b) s"
          + " WHERE x < 12) SELECT x FROM b",
      "WITH RECURSIVE b AS (SELECT 10 AS x EXCEPT SELECT x FROM b) SELECT x FROM b",
      "WITH b AS (SELECT 10 AS x UNION ALL SELECT x + 1 FROM b WHERE x < 12) SELECT x FROM b",
      "WITH b AS (SELECT 5 AS x) SELECT x FROM (WITH b AS (SELECT x FROM b) SELECT x FROM b) s",
      "SELECT x FROM (DESCRIBE a) d(x, y, z, w, v, u)",
      "SELECT column_name FROM (SUMMARIZE a)",
      "FROM a SELECT x",
      "SELECT x FROM q: a",
      "SELECT x FROM a WHERE x IN (FROM b)",
      "PIVOT a ON x",
      "SELECT * FROM (SHOW a)",
      "SELECT x FROM a UNION BY NAME SELECT x FROM b",
      "SELECT x FROM a POSITIONAL JOIN b",
      "SELECT a.x FROM a ASOF JOIN b ON a.x >= b.x",
      "SELECT a.x FROM a SEMI JOIN b ON a.x = b.x",
      "SELECT * FROM a, (VALUES (1), (2)) v(y), b",
      "SELECT (SELECT max(x) FROM b) FROM a",
      "SELECT x FROM a WHERE EXISTS (SELECT 1 FROM b WHERE b.x = a.x)",
      "SELECT 1 AS from FROM a",
      "SELECT x FROM \"A\" UNION SELECT x FROM main.\"B\"",
      "SELECT x FROM main/* c */./* d */a",
      "DESCRIBE SELECT x FROM a",
      "INSERT INTO b SELECT x FROM a",
      "WITH b AS (SELECT 1 AS x) INSERT INTO b SELECT x FROM b",
      "UPDATE a SET x = 1 FROM b WHERE a.x = b.x",
      "DELETE FROM a USING b WHERE a.x = b.x");

  /** Hand-written statements the generator does not build (PostgreSQL). */
  private static final List<String> POSTGRES_FIXED = List.of(
      "WITH RECURSIVE c AS (SELECT x FROM b), b AS (SELECT 99 AS x) SELECT x FROM c",
      "WITH c AS (SELECT x FROM b), b AS (SELECT 99 AS x) SELECT x FROM c",
      "WITH b AS (SELECT 10 AS x UNION ALL SELECT x + 1 FROM b WHERE x < 12) SELECT x FROM b",
      "WITH RECURSIVE b AS (SELECT 10 AS x UNION ALL SELECT x + 1 FROM b WHERE x < 12)"
          + " SELECT x FROM b",
      "WITH RECURSIVE b AS (SELECT 10 AS x UNION ALL SELECT x + 1 FROM (SELECT x FROM b) s"
          + " WHERE x < 12) SELECT x FROM b",
      "WITH b AS (SELECT 5 AS x) SELECT x FROM (WITH b AS (SELECT x FROM b) SELECT x FROM b) s",
      "WITH \"B\" AS (SELECT 1 AS x) SELECT x FROM b",
      "WITH b AS (SELECT 1 AS x) SELECT x FROM \"B\"",
      "WITH B AS (SELECT 1 AS x) SELECT x FROM \"b\"",
      "TABLE a",
      "SELECT (TABLE a)",
      "SELECT 1 UNION TABLE b",
      "SELECT x FROM ONLY a",
      "SELECT a.x FROM (a JOIN b USING (x)) j, c",
      "SELECT * FROM a, LATERAL (SELECT x FROM b WHERE b.x = a.x) l",
      "SELECT x FROM a WHERE x = ANY (SELECT x FROM b)",
      "SELECT 1 AS from FROM a",
      "SELECT x FROM a WHERE x IS DISTINCT FROM (SELECT max(x) FROM b)",
      "SELECT x FROM a WHERE x IN (VALUES (1), (2))",
      "WITH d AS (DELETE FROM a RETURNING x) SELECT x FROM d",
      "INSERT INTO b SELECT x FROM a",
      "UPDATE a SET x = 1 FROM b WHERE a.x = b.x",
      "DELETE FROM a USING b WHERE a.x = b.x",
      "MERGE INTO a USING b ON a.x = b.x WHEN MATCHED THEN UPDATE SET x = 1");

  @Test
  void duckdb_tablesTheGateReports_areEnoughToRun() throws Exception {
    try (TestDatabases.DuckDb db = TestDatabases.duckDbInMemory();
        Connection c = db.connect()) {
      Checker check = new Checker(Dialect.DUCKDB, c, "main") {
        @Override
        void reset(Statement s) throws SQLException {
          for (String t : List.of("a", "b", "c")) {
            s.execute("DROP TABLE IF EXISTS main." + t);
            s.execute("DROP VIEW IF EXISTS main." + t);
          }
        }

        @Override
        boolean missingTable(String message) {
          return message.contains("Catalog Error") && message.contains("does not exist");
        }
      };
      for (String sql : DUCKDB_FIXED) {
        check.run(sql);
      }
      long seed = seed();
      SplittableRandom random = new SplittableRandom(seed);
      Generator g = new Generator(random, Dialect.DUCKDB, "main");
      for (int i = 0; i < DUCKDB_CASES; i++) {
        check.run(g.statement());
      }
      check.report(seed, DUCKDB_CASES);
    }
  }

  @Test
  void postgres_tablesTheGateReports_areEnoughToRun() throws Exception {
    TestDatabases.Postgres pg = TestDatabases.postgres();
    try (Connection c = pg.connect(); Statement s = c.createStatement()) {
      s.execute("DROP SCHEMA IF EXISTS refs_engine CASCADE");
      s.execute("CREATE SCHEMA refs_engine");
      s.execute("SET search_path TO refs_engine");
      c.setAutoCommit(false);
      try {
        Checker check = new Checker(Dialect.POSTGRES, c, "refs_engine") {
          @Override
          void reset(Statement st) throws SQLException {
            c.rollback();
          }

          @Override
          boolean missingTable(String message) {
            return message.contains("relation") && message.contains("does not exist");
          }
        };
        for (String sql : POSTGRES_FIXED) {
          check.run(sql);
        }
        long seed = seed();
        Generator g = new Generator(new SplittableRandom(seed), Dialect.POSTGRES, "refs_engine");
        for (int i = 0; i < POSTGRES_CASES; i++) {
          check.run(g.statement());
        }
        check.report(seed, POSTGRES_CASES);
      } finally {
        c.rollback();
        c.setAutoCommit(true);
        s.execute("DROP SCHEMA IF EXISTS refs_engine CASCADE");
      }
    }
  }

  private static long seed() {
    String fixed = System.getProperty("sqlgate.refSeed");
    return fixed != null ? Long.parseLong(fixed) : new SplittableRandom().nextLong();
  }

  /** Runs statements with only the reported tables present. */
  private abstract static class Checker {
    final Dialect dialect;
    final Connection c;
    final String schema;
    final SqlGate gate;
    final List<String> failures = new ArrayList<>();
    int ran;
    int ok;
    int incomplete;
    int cancelled;

    Checker(Dialect dialect, Connection c, String schema) {
      this.dialect = dialect;
      this.c = c;
      this.schema = schema;
      this.gate = SqlGate.builder().dialect(dialect).mode(PermissionMode.FULL).build();
    }

    abstract void reset(Statement s) throws SQLException;

    abstract boolean missingTable(String message);

    void run(String sql) throws SQLException {
      ObjectReferences refs = gate.references(sql);
      if (!refs.complete()) {
        incomplete++;
        return; // nothing to check: a host refuses it
      }
      ran++;
      try (Statement s = c.createStatement()) {
        reset(s);
        java.util.Set<String> created = new java.util.HashSet<>();
        for (ObjectReference r : refs.objects(ObjectReference.Kind.RELATION)) {
          // Every statement uses the one schema; a name in another schema is not created.
          if (r.parts().size() > 1 && !r.parts().get(r.parts().size() - 2).equals(schema)) {
            continue;
          }
          String key = r.ignoreCase() ? r.name().toLowerCase(Locale.ROOT) : r.name();
          if (created.add(key)) {
            String name = quote(schema) + "." + quote(r.name());
            s.execute("CREATE TABLE " + name + " (x INTEGER)");
            s.execute("INSERT INTO " + name + " VALUES (1)");
          }
        }
        try (Statement q = c.createStatement()) {
          // A generated recursive CTE may not end: cancel it (it still told what it looked up).
          java.util.concurrent.ScheduledFuture<?> cancel = WATCHDOG.schedule(() -> {
            try {
              q.cancel();
            } catch (SQLException ignored) {
              // the statement ended meanwhile
            }
          }, 2, java.util.concurrent.TimeUnit.SECONDS);
          try {
            q.execute(sql);
            ok++;
          } finally {
            cancel.cancel(false);
          }
        } catch (SQLException e) {
          String m = String.valueOf(e.getMessage());
          if (m.toLowerCase(Locale.ROOT).contains("interrupt")
              || m.toLowerCase(Locale.ROOT).contains("cancel")) {
            cancelled++;
            if (cancelled <= 3) {
              System.out.println("cancelled after 2 s: " + sql);
            }
          }
          if (missingTable(m) && failures.size() < 20) {
            failures.add(sql + "\n    gate: " + refs.objects() + "\n    engine: "
                + m.lines().findFirst().orElse(m));
          }
        }
      }
    }

    private String quote(String part) {
      return Sql.quoteIdentifier(dialect, part);
    }

    void report(long seed, int cases) {
      System.out.printf(Locale.ROOT, "%s references: seed %d, %d checked, %d ran, %d refused as"
          + " incomplete, %d cancelled%n", dialect, seed, ran, ok, incomplete, cancelled);
      assertThat(failures).as("statements that need a table the gate did not report (seed %d,"
          + " replay with -Dsqlgate.refSeed=%d)", seed, seed).isEmpty();
      assertThat(ok).as("most generated statements run").isGreaterThan(cases / 2);
    }
  }

  /** Builds statements over tables a, b, c (one INTEGER column x) and CTEs of the same names. */
  private static final class Generator {
    final SplittableRandom r;
    final Dialect dialect;
    final String schema;
    int alias;

    Generator(SplittableRandom r, Dialect dialect, String schema) {
      this.r = r;
      this.dialect = dialect;
      this.schema = schema;
    }

    String statement() {
      alias = 0;
      return query(3);
    }

    String name() {
      String n = List.of("a", "b", "c").get(r.nextInt(3));
      return switch (r.nextInt(8)) {
        case 0 -> n.toUpperCase(Locale.ROOT);
        case 1 -> "\"" + n + "\"";
        case 2 -> "\"" + n.toUpperCase(Locale.ROOT) + "\"";
        case 3 -> schema + (r.nextBoolean() ? "." : " /* x */ . ") + n;
        default -> n;
      };
    }

    String cteName() {
      String n = List.of("a", "b", "c").get(r.nextInt(3));
      return switch (r.nextInt(6)) {
        case 0 -> n.toUpperCase(Locale.ROOT);
        case 1 -> "\"" + n + "\"";
        default -> n;
      };
    }

    String alias() {
      return "s" + (++alias);
    }

    String query(int depth) {
      if (depth <= 0) {
        return "SELECT x FROM " + name();
      }
      return switch (r.nextInt(10)) {
        case 0, 1, 2 -> with(depth);
        case 3 -> "(" + query(depth - 1) + ") UNION ALL (" + query(depth - 1) + ")";
        case 4 -> "SELECT x FROM (" + query(depth - 1) + ") " + alias();
        case 5 -> "SELECT x FROM " + name() + " WHERE x IN (" + query(depth - 1) + ")";
        case 6 -> {
          String a1 = alias();
          String a2 = alias();
          yield "SELECT " + a1 + ".x FROM " + name() + " " + a1 + " JOIN (" + query(depth - 1)
              + ") " + a2 + " ON " + a1 + ".x = " + a2 + ".x";
        }
        case 7 -> "SELECT (SELECT max(x) FROM (" + query(depth - 1) + ") " + alias()
            + ") AS x FROM " + name();
        case 8 -> dialect == Dialect.DUCKDB ? "FROM " + name() + " SELECT x"
            : "SELECT x FROM " + name() + " " + alias();
        default -> "SELECT x FROM " + name() + " UNION SELECT x FROM " + name();
      };
    }

    String with(int depth) {
      boolean recursive = r.nextInt(3) == 0;
      StringBuilder b = new StringBuilder("WITH ");
      if (recursive) {
        b.append("RECURSIVE ");
      }
      int items = 1 + r.nextInt(3);
      for (int i = 0; i < items; i++) {
        if (i > 0) {
          b.append(", ");
        }
        String n = cteName();
        b.append(n).append(" AS (");
        if (recursive && r.nextInt(3) == 0) {
          // A recursive item: anchor, then a recursive term that refers to the item itself.
          b.append(query(depth - 2)).append(" UNION ALL SELECT x + 1 FROM ").append(n)
              .append(" WHERE x < 3");
        } else {
          b.append(query(depth - 1));
        }
        b.append(')');
      }
      b.append(' ').append(query(depth - 1));
      return b.toString();
    }
  }
}
