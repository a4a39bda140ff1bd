package dev.snowchat.sqlgate.issues;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.sqlgate.Dialect;
import dev.snowchat.sqlgate.Execution;
import dev.snowchat.sqlgate.GatedExecutor;
import dev.snowchat.sqlgate.PermissionMode;
import dev.snowchat.sqlgate.Rule;
import dev.snowchat.sqlgate.SqlGate;
import dev.snowchat.sqlgate.StatementKind;
import dev.snowchat.sqlgate.Verdict;
import dev.snowchat.sqlgate.testing.TestDatabases;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What the seventh red-team run (2026-12-02) found, closed as families.
 *
 * <ul>
 *   <li>Object creation spelled as a query: PostgreSQL's {@code SELECT ... INTO t} is {@code
 *       CREATE TABLE t AS} (so is SQL Server's), but the gate called it DML, so {@code read_write}
 *       (data only; DDL needs {@code full}) let it create tables, temporary and unlogged ones too,
 *       behind a CTE, a bracket, a set operation or {@code EXPLAIN ANALYZE}. Confirmed on
 *       PostgreSQL 15 through {@code GatedExecutor}. It is DDL now in every dialect but Snowflake
 *       (where {@code INTO :v} assigns a scripting variable); a host variable ({@code INTO :v},
 *       {@code INTO ?}) stays DML, MySQL's {@code INTO @x} ADMIN, {@code INTO OUTFILE} TRANSFER.
 *   <li>Locking reads spelled as SQL Server table hints ({@code GENERIC}): {@code FROM t WITH
 *       (UPDLOCK)}, {@code (XLOCK)}, {@code (TABLOCKX)}, {@code (HOLDLOCK)} lock what they read as
 *       {@code FOR UPDATE} does, which the gate refuses as DML; they were reads. From SQL Server's
 *       documentation (no SQL Server here); {@code WITH (NOLOCK)}, {@code READPAST}, {@code
 *       NOWAIT}, {@code INDEX(...)} stay reads.
 * </ul>
 */
class SelectIntoAndLockHintsRun7Test {
  private static final long SEED = 0x7_2026_1202L;

  private static SqlGate gate(Dialect d, PermissionMode m) {
    return SqlGate.builder().dialect(d).mode(m).build();
  }

  // ------------------------------------------------------------------ SELECT ... INTO

  @Test
  void postgres_selectInto_createsATable_refusedInReadWrite_tableNotCreated() throws Exception {
    TestDatabases.Postgres pg = TestDatabases.postgres();
    String schema = TestDatabases.uniqueSchema("rt7_into");
    try (Connection c = pg.connect(); Statement s = c.createStatement()) {
      s.execute("CREATE SCHEMA " + schema);
      s.execute("CREATE TABLE " + schema + ".src (a int)");
      s.execute("INSERT INTO " + schema + ".src VALUES (1), (2)");
      // the effect, without the gate: a new table holding the rows
      s.execute("SELECT * INTO " + schema + ".made_raw FROM " + schema + ".src");
      assertThat(exists(c, schema + ".made_raw")).isTrue();
    }
    try {
      List<String> statements = List.of(
          "SELECT * INTO " + schema + ".made FROM " + schema + ".src",
          "WITH x AS (SELECT a FROM " + schema + ".src) SELECT a INTO UNLOGGED " + schema
              + ".made FROM x",
          "SELECT 1 AS a INTO TABLE " + schema + ".made UNION SELECT 2",
          "(SELECT a INTO " + schema + ".made FROM " + schema + ".src)",
          "EXPLAIN ANALYZE SELECT a INTO " + schema + ".made FROM " + schema + ".src",
          "EXPLAIN (ANALYZE, COSTS false) SELECT a INTO " + schema + ".made FROM " + schema
              + ".src",
          // review: a function or alias spelled like a statement word hid the INTO
          "SELECT replace(a::text, '1', '2') INTO " + schema + ".made FROM " + schema + ".src",
          "SELECT a AS pivot INTO " + schema + ".made FROM " + schema + ".src",
          "SELECT (a) replace INTO " + schema + ".made FROM " + schema + ".src");
      for (Dialect d : List.of(Dialect.POSTGRES, Dialect.GENERIC)) {
        GatedExecutor executor = GatedExecutor.builder().dataSource(pg.dataSource())
            .gate(gate(d, PermissionMode.READ_WRITE)).build();
        for (String sql : statements) {
          Execution e = executor.run(sql);
          assertThat(e).as("%s %s", d, sql).isInstanceOf(Execution.Refused.class);
          Verdict.Blocked b = ((Execution.Refused) e).verdict();
          if (d == Dialect.GENERIC && sql.startsWith("EXPLAIN (")) {
            continue; // GENERIC refuses EXPLAIN's option list before looking further
          }
          assertThat(b.kind()).as("%s %s", d, sql).isEqualTo(StatementKind.DDL);
          assertThat(b.rule()).isEqualTo(Rule.KIND_NOT_ALLOWED);
          assertThat(b.reason()).contains("creates a table");
        }
        // INSERT ... SELECT into an existing table is the data write read_write allows
        Execution insert = executor.run("INSERT INTO " + schema + ".src SELECT a + 10 FROM "
            + schema + ".src");
        assertThat(insert).as("%s", d).isInstanceOf(Execution.Completed.class);
      }
      try (Connection c = pg.connect()) {
        assertThat(exists(c, schema + ".made")).isFalse();
      }
      // full mode allows DDL, and the statement runs
      GatedExecutor full = GatedExecutor.builder().dataSource(pg.dataSource())
          .gate(gate(Dialect.POSTGRES, PermissionMode.FULL)).build();
      assertThat(full.run(statements.get(0))).isInstanceOf(Execution.Completed.class);
      try (Connection c = pg.connect()) {
        assertThat(exists(c, schema + ".made")).isTrue();
      }
    } finally {
      try (Connection c = pg.connect(); Statement s = c.createStatement()) {
        s.execute("DROP SCHEMA " + schema + " CASCADE");
      }
    }
  }

  private static boolean exists(Connection c, String name) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT to_regclass('" + name + "') IS NOT NULL")) {
      rs.next();
      return rs.getBoolean(1);
    }
  }

  /**
   * Seeded: a query with {@code INTO name} in every place PostgreSQL takes it, behind CTEs,
   * brackets, set operations, comments, {@code EXPLAIN}, with every table option: DDL in
   * POSTGRES, DUCKDB and GENERIC, refused in read_write, allowed in full.
   */
  @TestFactory
  Stream<DynamicTest> selectInto_generated_isDdlOutsideSnowflake() {
    SplittableRandom r = new SplittableRandom(SEED);
    String[] options = {"", "TEMP ", "TEMPORARY ", "UNLOGGED ", "TABLE ", "TEMP TABLE ",
        "LOCAL TEMPORARY TABLE ", "GLOBAL TEMP "};
    String[] targets = {"newt", "s.newt", "\"New T\"", "\"s\".\"t\"", "NewT"};
    String[] selects = {"*", "a", "a, b", "1 AS a", "count(*) AS n", "DISTINCT a"};
    String[] gaps = {" ", "  ", "\n", " /* c */ ", " -- c\n", "\t"};
    List<DynamicTest> tests = new ArrayList<>();
    for (int n = 0; n < 400; n++) {
      String gap = gaps[r.nextInt(gaps.length)];
      String core = "SELECT " + selects[r.nextInt(selects.length)] + gap + "INTO" + gap
          + options[r.nextInt(options.length)] + targets[r.nextInt(targets.length)]
          + (r.nextBoolean() ? " FROM src" + (r.nextBoolean() ? " WHERE a > 1" : "") : "");
      String sql = switch (r.nextInt(6)) {
        case 0 -> core;
        case 1 -> "WITH x AS (SELECT 1 AS a)" + gap + core;
        case 2 -> "(" + core + ")";
        case 3 -> core + " UNION ALL SELECT 2";
        case 4 -> "EXPLAIN ANALYZE " + core;
        default -> "WITH RECURSIVE x(a) AS (SELECT 1 UNION ALL SELECT a + 1 FROM x WHERE a < 3)"
            + gap + core;
      };
      Dialect d = List.of(Dialect.POSTGRES, Dialect.DUCKDB, Dialect.GENERIC).get(r.nextInt(3));
      tests.add(DynamicTest.dynamicTest(d + ": " + sql, () -> {
        Verdict rw = gate(d, PermissionMode.READ_WRITE).check(sql);
        assertThat(rw.allowed()).as("seed %s: %s", SEED, sql).isFalse();
        assertThat(rw.kind()).as("seed %s: %s", SEED, sql).isEqualTo(StatementKind.DDL);
        assertThat(gate(d, PermissionMode.READ_ONLY).check(sql).allowed()).isFalse();
        assertThat(gate(d, PermissionMode.FULL).check(sql).allowed()).as(sql).isTrue();
      }));
    }
    return tests.stream();
  }

  /**
   * Review of run 7: the rule looked back from {@code INTO} to the nearest statement word, and a
   * function, column or alias spelled {@code replace}, {@code copy}, {@code pivot}, {@code merge},
   * {@code fetch}, ... stood in for one, so the query kept its old kind (DML, allowed in
   * read_write) and created its table. Only a word where a statement starts counts now.
   */
  @ParameterizedTest
  @ValueSource(strings = {"SELECT replace(a,'x','y') INTO new_t FROM x",
      "SELECT replace(a,'x','y') AS r, a INTO new_t FROM x", "SELECT a AS pivot INTO new_t FROM x",
      "SELECT copy INTO new_t FROM x", "SELECT merge(a) INTO new_t FROM x",
      "SELECT a, fetch INTO new_t FROM x", "SELECT (a) replace INTO new_t FROM x",
      "SELECT x.upsert INTO new_t FROM x", "SELECT execute(a), exec INTO new_t FROM x",
      "SELECT unpivot INTO TEMP new_t FROM x", "SELECT \"insert\" INTO new_t FROM x",
      "WITH c AS (SELECT 1 AS a) SELECT replace(a::text, '1', '2') INTO new_t FROM c",
      "(SELECT copy, replace(a, 'b', 'c') INTO new_t FROM x)"})
  void selectInto_afterAWordSpelledLikeAStatement_isStillDdl(String sql) {
    for (Dialect d : List.of(Dialect.POSTGRES, Dialect.GENERIC, Dialect.DUCKDB)) {
      Verdict v = gate(d, PermissionMode.READ_WRITE).check(sql);
      assertThat(v.allowed()).as("%s %s", d, sql).isFalse();
      // DDL, or refused earlier still (FETCH and EXEC inside a T-SQL statement are ADMIN)
      assertThat(v.kind()).as("%s %s -> %s", d, sql, v.reason())
          .isIn(StatementKind.DDL, StatementKind.ADMIN);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"INSERT INTO t SELECT * FROM u", "INSERT INTO t (a) (SELECT 1)",
      "WITH x AS MATERIALIZED (SELECT 1 AS a) INSERT INTO t SELECT a FROM x",
      "WITH x AS (SELECT 1 AS a), y AS (SELECT 2 AS b) MERGE INTO t USING y ON t.a = y.b"
          + " WHEN MATCHED THEN DELETE",
      "EXPLAIN ANALYZE INSERT INTO t SELECT * FROM u",
      "WITH x AS (SELECT 1 AS a) INSERT INTO t SELECT a FROM x",
      "INSERT INTO t SELECT a FROM (SELECT 1 AS a) s",
      "MERGE INTO t USING u ON t.a = u.a WHEN MATCHED THEN DELETE",
      "INSERT INTO t SELECT * FROM u WHERE a IN (SELECT a FROM v)"})
  void insertAndMergeTargets_stayDml(String sql) {
    for (Dialect d : List.of(Dialect.POSTGRES, Dialect.DUCKDB)) {
      Verdict v = gate(d, PermissionMode.READ_WRITE).check(sql);
      assertThat(v.allowed()).as("%s %s -> %s", d, sql, v.reason()).isTrue();
      assertThat(v.kind()).isEqualTo(StatementKind.DML);
    }
  }

  @Test
  void intoThatCreatesNoTable_keepsItsKind() {
    // host variables (embedded SQL, Snowflake scripting) assign, they create nothing
    assertThat(gate(Dialect.GENERIC, PermissionMode.READ_WRITE).check("SELECT a INTO :x FROM t")
        .kind()).isEqualTo(StatementKind.DML);
    assertThat(gate(Dialect.SNOWFLAKE, PermissionMode.READ_WRITE)
        .check("SELECT a INTO :x FROM t").kind()).isEqualTo(StatementKind.DML);
    assertThat(gate(Dialect.GENERIC, PermissionMode.READ_WRITE).check("SELECT a INTO @x FROM t")
        .kind()).isEqualTo(StatementKind.ADMIN);
    assertThat(gate(Dialect.GENERIC, PermissionMode.READ_WRITE)
        .check("SELECT * FROM t INTO OUTFILE '/tmp/x'").kind()).isEqualTo(StatementKind.TRANSFER);
    // Snowflake multi-table inserts and DuckDB's UNPIVOT ... INTO NAME
    assertThat(gate(Dialect.SNOWFLAKE, PermissionMode.READ_WRITE)
        .check("INSERT ALL INTO t1 INTO t2 SELECT * FROM u").allowed()).isTrue();
    assertThat(gate(Dialect.SNOWFLAKE, PermissionMode.READ_WRITE)
        .check("INSERT FIRST WHEN a > (SELECT 1) THEN INTO t1 ELSE INTO t2 SELECT * FROM u")
        .allowed()).isTrue();
    assertThat(gate(Dialect.DUCKDB, PermissionMode.READ_ONLY)
        .check("UNPIVOT t ON a, b INTO NAME n VALUE v").allowed()).isTrue();
  }

  // ------------------------------------------------------------------ locking table hints

  /**
   * Seeded: SQL Server table hints that lock, alone or among harmless ones, in any case, after a
   * table, an alias or a join, inside subqueries and CTEs: DML in GENERIC (refused in read_only,
   * as FOR UPDATE is).
   */
  @TestFactory
  Stream<DynamicTest> generic_lockingTableHints_generated_areDml() {
    SplittableRandom r = new SplittableRandom(SEED + 1);
    String[] locking = {"UPDLOCK", "XLOCK", "TABLOCK", "TABLOCKX", "HOLDLOCK", "PAGLOCK",
        "ROWLOCK", "SERIALIZABLE", "REPEATABLEREAD", "READCOMMITTEDLOCK"};
    String[] harmless = {"NOLOCK", "READPAST", "NOWAIT", "INDEX(ix_a)", "FORCESEEK",
        "READUNCOMMITTED", "NOEXPAND"};
    List<DynamicTest> tests = new ArrayList<>();
    for (int n = 0; n < 300; n++) {
      List<String> hints = new ArrayList<>();
      for (int h = r.nextInt(3); h > 0; h--) {
        hints.add(harmless[r.nextInt(harmless.length)]);
      }
      String lock = locking[r.nextInt(locking.length)];
      lock = r.nextBoolean() ? lock.toLowerCase(java.util.Locale.ROOT) : lock;
      hints.add(r.nextInt(hints.size() + 1), lock);
      String table = "t" + (r.nextBoolean() ? " AS a" : r.nextBoolean() ? " a" : "")
          + " WITH (" + String.join(r.nextBoolean() ? ", " : ",", hints) + ")";
      String sql = switch (r.nextInt(5)) {
        case 0 -> "SELECT * FROM " + table;
        case 1 -> "SELECT * FROM u JOIN " + table + " ON u.id = 1";
        case 2 -> "SELECT (SELECT max(x) FROM " + table + ") AS m";
        case 3 -> "WITH c AS (SELECT * FROM " + table + ") SELECT * FROM c";
        default -> "SELECT * FROM u WHERE EXISTS (SELECT 1 FROM " + table + ")";
      };
      tests.add(DynamicTest.dynamicTest(sql, () -> {
        Verdict v = gate(Dialect.GENERIC, PermissionMode.READ_ONLY).check(sql);
        assertThat(v.allowed()).as("seed %s: %s", SEED + 1, sql).isFalse();
        assertThat(v.kind()).isEqualTo(StatementKind.DML);
        assertThat(v.reason()).contains("locks the rows read");
      }));
    }
    return tests.stream();
  }

  /** Sybase ASE (and old T-SQL) take the hint without brackets: {@code FROM t HOLDLOCK}. */
  @ParameterizedTest
  @ValueSource(strings = {"SELECT * FROM t HOLDLOCK", "SELECT * FROM t a HOLDLOCK WHERE a.x = 1",
      "SELECT * FROM u JOIN t holdlock ON u.id = t.id",
      "SELECT (SELECT max(x) FROM t HOLDLOCK) AS m"})
  void generic_bareHoldlock_isDml(String sql) {
    Verdict v = gate(Dialect.GENERIC, PermissionMode.READ_ONLY).check(sql);
    assertThat(v.allowed()).as(sql).isFalse();
    assertThat(v.kind()).isEqualTo(StatementKind.DML);
  }

  @ParameterizedTest
  @ValueSource(strings = {"SELECT holdlock FROM t", "SELECT t.holdlock FROM t",
      "SELECT * FROM t AS holdlock"})
  void generic_holdlockAsAName_staysARead(String sql) {
    assertThat(gate(Dialect.GENERIC, PermissionMode.READ_ONLY).check(sql).allowed()).as(sql)
        .isTrue();
  }

  @ParameterizedTest
  @ValueSource(strings = {"SELECT * FROM t WITH (NOLOCK)", "SELECT * FROM t WITH (READPAST, NOWAIT)",
      "SELECT * FROM t a WITH (FORCESEEK) WHERE a.x = 1",
      "WITH c (a) AS (SELECT 1) SELECT * FROM c", "WITH c AS (SELECT 1 AS a) SELECT * FROM c",
      "SELECT updlock, rowlock FROM t", "SELECT * FROM t WITH (READUNCOMMITTED)"})
  void generic_hintsThatDoNotLock_stayReads(String sql) {
    Verdict v = gate(Dialect.GENERIC, PermissionMode.READ_ONLY).check(sql);
    assertThat(v.allowed()).as("%s -> %s", sql, v.reason()).isTrue();
  }
}
