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
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A fourth red-team run (session 12) on DuckDB and PostgreSQL: statements whose leading word
 * hides what they do (IMPORT DATABASE runs SQL files, COPY FROM DATABASE creates tables, UPDATE
 * EXTENSIONS downloads code), COPY options that name paths, file readers that create tables,
 * patterns that reach through symbolic links, and PostgreSQL settings that hold applications'
 * keys. Each family is checked on the engine: the effect happens without the gate and not
 * through it.
 */
class TransfersFilesAndSettingsTest {
  @TempDir
  Path tmp;

  private static SqlGate gate(Dialect d, PermissionMode m, Path... roots) {
    SqlGate.Builder b = SqlGate.builder().dialect(d).mode(m);
    for (Path r : roots) {
      b.allowPath(r);
    }
    return b.build();
  }

  // ------------------------------------------------------------ leading words that hide effects

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "IMPORT DATABASE '/srv/exports/dump' | SCRIPT",
      "import database '/srv/exports/dump' | SCRIPT",
      "COPY FROM DATABASE memory TO other | DDL",
      "copy from database \"memory\" to other | DDL",
      "UPDATE EXTENSIONS | ADMIN",
      "UPDATE EXTENSIONS (httpfs) | ADMIN",
  })
  void duckDb_statementsThatAreNoTransferOrDataWrite_needTheirOwnKind(String sql,
      StatementKind kind) {
    Verdict v = gate(Dialect.DUCKDB, PermissionMode.READ_WRITE, Path.of("/srv/exports"))
        .check(sql);
    assertThat(v).as(sql).isInstanceOf(Verdict.Blocked.class);
    assertThat(v.rule()).as(sql).isEqualTo(Rule.KIND_NOT_ALLOWED);
    assertThat(v.kind()).as(sql).isEqualTo(kind);
    assertThat(gate(Dialect.DUCKDB, PermissionMode.FULL).check(sql)).as(sql)
        .isInstanceOf(Verdict.Allowed.class);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "DUCKDB | UPDATE t SET a = 1 | DML",
      "DUCKDB | UPDATE extensions SET a = 1 | DML",
      "GENERIC | UPDATE extensions SET a = 1 | DML",
      "POSTGRES | UPDATE extensions SET a = 1 | DML",
      "DUCKDB | COPY t FROM '/srv/exports/t.csv' | TRANSFER",
      "DUCKDB | EXPORT DATABASE '/srv/exports/dump' | TRANSFER",
  })
  void ordinaryWritesAndTransfers_keepTheirKind(Dialect d, String sql, StatementKind kind) {
    Verdict v = gate(d, PermissionMode.READ_WRITE, Path.of("/srv/exports")).check(sql);
    assertThat(v).as(sql).isInstanceOf(Verdict.Allowed.class);
    assertThat(v.kind()).as(sql).isEqualTo(kind);
  }

  /**
   * The reviewer planted {@code DROP TABLE victim;} as schema.sql through two allowed COPY
   * statements, then IMPORT DATABASE ran it in read_write.
   */
  @Test
  void importDatabase_wouldRunTheSqlFilesItFinds_refusedInReadWrite_tableSurvives()
      throws Exception {
    Path dump = Files.createDirectories(tmp.resolve("allow/imp"));
    Files.writeString(dump.resolve("schema.sql"), "DROP TABLE victim;\n");
    Files.writeString(dump.resolve("load.sql"), "");
    String sql = "IMPORT DATABASE '" + dump + "'";
    try (TestDatabases.DuckDb db = TestDatabases.duckDbWritable(tmp.resolve("w.duckdb"))) {
      db.run("CREATE TABLE victim (i INT)", "INSERT INTO victim VALUES (1)");
      GatedExecutor executor = GatedExecutor.builder().dataSource(db.dataSource())
          .gate(gate(Dialect.DUCKDB, PermissionMode.READ_WRITE, tmp.resolve("allow"))).build();

      Execution e = executor.run(sql);

      assertThat(e).isInstanceOf(Execution.Refused.class);
      assertThat(((Execution.Refused) e).verdict().kind()).isEqualTo(StatementKind.SCRIPT);
      assertThat(count(db, "SELECT count(*) FROM victim")).isEqualTo(1);
      // without the gate the same statement drops the table
      db.run(sql);
      assertThat(count(db, "SELECT count(*) FROM duckdb_tables() WHERE table_name = 'victim'"))
          .isZero();
    }
  }

  @Test
  void copyFromDatabase_wouldCreateTables_refusedInReadWrite() throws Exception {
    try (TestDatabases.DuckDb db = TestDatabases.duckDbWritable(tmp.resolve("c.duckdb"))) {
      db.run("CREATE TABLE t (i INT)", "ATTACH '" + tmp.resolve("other.duckdb") + "' AS other");
      GatedExecutor executor = GatedExecutor.builder().dataSource(db.dataSource())
          .gate(gate(Dialect.DUCKDB, PermissionMode.READ_WRITE)).build();
      String sql = "COPY FROM DATABASE c TO other";

      assertThat(executor.run(sql)).isInstanceOf(Execution.Refused.class);
      assertThat(count(db, "SELECT count(*) FROM duckdb_tables() WHERE database_name = 'other'"))
          .isZero();
      db.run(sql);
      assertThat(count(db, "SELECT count(*) FROM duckdb_tables() WHERE database_name = 'other'"))
          .isEqualTo(1);
    }
  }

  // ------------------------------------------------------------ COPY options that name paths

  @ParameterizedTest
  @ValueSource(strings = {
      "COPY (SELECT 1 x) TO '/srv/exports/out' (FORMAT csv, PER_THREAD_OUTPUT true,"
          + " FILENAME_PATTERN '../../esc_{i}')",
      "COPY (SELECT 1 x) TO '/srv/exports/out' (FORMAT csv, PER_THREAD_OUTPUT,"
          + " FILENAME_PATTERN = '/tmp/esc_{i}')",
      "COPY t TO '/srv/exports/out' (PARTITION_BY (a), FILENAME_PATTERN 'sub/../../x_{i}')",
      "COPY t TO '/srv/exports/out' (PARTITION_BY (a), FILE_EXTENSION 'csv/../../../x')",
      "COPY t TO '/srv/exports/out' (PARTITION_BY (a), FILENAME_PATTERN 'a\\b_{i}')",
      "COPY t FROM '/srv/exports/t.csv' (STORE_REJECTS true)",
      "COPY t FROM '/srv/exports/t.csv' (REJECTS_TABLE 'victim')",
      // a fifth run: quoted keys, values that are no plain literal, operands in brackets
      "COPY t FROM '/srv/exports/t.csv' (\"STORE_REJECTS\" true, \"rejects_table\" 'victim')",
      "COPY t TO '/srv/exports/out' (PER_THREAD_OUTPUT, \"FILENAME_PATTERN\" '../../e_{i}')",
      "COPY t TO '/srv/exports/out' (PER_THREAD_OUTPUT, FILENAME_PATTERN ('../../e_{i}'))",
      "COPY t TO '/srv/exports/out' (PER_THREAD_OUTPUT, FILENAME_PATTERN \"../../e_{i}\")",
      "COPY t TO '/srv/exports/out' (PER_THREAD_OUTPUT, FILENAME_PATTERN '..' || '/e_{i}')",
      "COPY t TO '/srv/exports/out' (PER_THREAD_OUTPUT, FILENAME_PATTERN chr(46) || 'x')",
      "COPY t TO '/srv/exports/out' (PER_THREAD_OUTPUT, FILENAME_PATTERN x || '/y')",
      "COPY t TO '/srv/exports/out' (PER_THREAD_OUTPUT, FILENAME_PATTERN f('../x'))",
      "COPY (SELECT 1 AS a) TO ('/srv/exports/link/planted.csv')",
      "COPY (SELECT 1 AS a) TO \"/srv/exports/link/planted.csv\"",
      "COPY v FROM ('/srv/exports/link/secret.txt') (HEADER false)",
      "EXPORT DATABASE ('/srv/exports/dump')",
      "EXPORT DATABASE db TO (SELECT '/tmp')",
  })
  void copyOptions_namingPathsOrCreatingTables_refused(String sql) {
    Verdict v = gate(Dialect.DUCKDB, PermissionMode.READ_WRITE, Path.of("/srv/exports"))
        .check(sql);
    assertThat(v).as(sql).isInstanceOf(Verdict.Blocked.class);
    assertThat(v.rule()).as(sql).isEqualTo(Rule.FILE_ACCESS);
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "COPY (SELECT 1 x) TO '/srv/exports/out' (FORMAT csv, PER_THREAD_OUTPUT true,"
          + " FILENAME_PATTERN 'part_{i}')",
      "COPY t TO '/srv/exports/out' (PARTITION_BY (a), FILE_EXTENSION 'csv')",
      "COPY t TO '/srv/exports/t.csv' (DELIMITER '/', HEADER true)",
      "COPY (SELECT '../x' AS p) TO '/srv/exports/t.csv'",
      "COPY (SELECT file_path, f(a, '/x') FROM t) TO '/srv/exports/t.csv' (FORMAT csv)",
      "COPY t (file_path, dir) FROM '/srv/exports/t.csv' (FORMAT csv, HEADER)",
      "COPY t TO '/srv/exports/out' (FORMAT parquet, PARTITION_BY (file_dir, year))",
      "COPY t TO '/srv/exports/t.csv' WITH (FORMAT csv)",
      "EXPORT DATABASE db TO '/srv/exports/dump' (FORMAT parquet)",
      // a review: keys holding FILE or DIR whose values are numbers, booleans or flags
      "COPY t TO '/srv/exports/out' (FORMAT parquet, FILE_SIZE_BYTES 100000000)",
      "COPY t TO '/srv/exports/out' (FORMAT parquet, ROW_GROUPS_PER_FILE 2, USE_TMP_FILE false)",
      "COPY t TO '/srv/exports/out' (FORMAT parquet, RETURN_FILES)",
      "COPY t TO '/srv/exports/out' (FORMAT parquet, RETURN_FILES true, FILE_SIZE_BYTES = 5)",
      "COPY t FROM '/srv/exports/x.csv' (FILENAME true, FILES_TO_SNIFF 10)",
  })
  void copyOptions_plainFileNames_allowed(String sql) {
    Verdict v = gate(Dialect.DUCKDB, PermissionMode.READ_WRITE, Path.of("/srv/exports"))
        .check(sql);
    assertThat(v).as(sql).isInstanceOf(Verdict.Allowed.class);
  }

  @Test
  void snowflakeCopyFiles_insideTheStage_stayAllowed() {
    String sql = "COPY INTO t FROM @st FILES = ('dir/a.csv') PATTERN = '.*/b[.]csv'";
    assertThat(gate(Dialect.SNOWFLAKE, PermissionMode.READ_WRITE).check(sql))
        .isInstanceOf(Verdict.Allowed.class);
  }

  /**
   * Bare DuckDB writes the pattern's file outside the COPY target (the reviewer's esc2_0.csv);
   * the gate refuses it before the engine sees it.
   */
  @Test
  void filenamePattern_escapingTheTarget_writesOutsideWithoutTheGate() throws Exception {
    Path root = Files.createDirectories(tmp.resolve("allow"));
    String sql = "COPY (SELECT 1 x) TO '" + root.resolve("out") + "' (FORMAT csv,"
        + " PER_THREAD_OUTPUT true, FILENAME_PATTERN '../../esc_{i}')";
    assertThat(gate(Dialect.DUCKDB, PermissionMode.READ_WRITE, root).check(sql))
        .isInstanceOf(Verdict.Blocked.class);
    try (TestDatabases.DuckDb db = TestDatabases.duckDbInMemory()) {
      db.run("SET autoinstall_known_extensions = false", sql);
    }
    assertThat(Files.exists(tmp.resolve("esc_0.csv"))).isTrue();
  }

  // ------------------------------------------------------------ readers that create tables

  @Test
  void readCsvRejects_wouldShadowATable_refusedInReadOnly_tableStillAnswers() throws Exception {
    Path root = Files.createDirectories(tmp.resolve("allow"));
    Path csv = root.resolve("x.csv");
    Files.writeString(csv, "a\n1\nnot-a-number\n");
    try (TestDatabases.DuckDb db = TestDatabases.duckDbInMemory()) {
      db.run("CREATE TABLE victim (v VARCHAR)", "INSERT INTO victim VALUES ('real')");
      // without the gate, the reader's temporary table answers for 'victim' on that connection
      // (before the executor: its hardening turns file access off for the whole database)
      try (Connection c = db.connect(); Statement s = c.createStatement()) {
        try (ResultSet rs = s.executeQuery("SELECT * FROM read_csv('" + csv + "',"
            + " store_rejects = true, rejects_table = 'victim', rejects_scan = 'x')")) {
          while (rs.next()) {
            // read it all: results stream, and the reject tables are made by the scan
          }
        }
        try (ResultSet rs = s.executeQuery("SELECT * FROM victim")) {
          assertThat(rs.getMetaData().getColumnName(1)).isNotEqualTo("v"); // scan_id, line, ...
        }
      }
      GatedExecutor executor = GatedExecutor.builder().dataSource(db.dataSource())
          .gate(gate(Dialect.DUCKDB, PermissionMode.READ_ONLY, root)).build();
      for (String sql : List.of(
          "SELECT * FROM read_csv('" + csv + "', store_rejects = true, rejects_table = 'victim',"
              + " rejects_scan = 'x')",
          "SELECT * FROM read_csv('" + csv + "', store_rejects := true)",
          "SELECT * FROM read_csv_auto('" + csv + "', columns = {'a': 'INT'},"
              + " REJECTS_TABLE = 'victim')",
          "FROM read_csv(['" + csv + "'], rejects_limit = 5)",
          "SELECT * FROM read_csv('" + csv + "', \"rejects_table\" = 'victim')",
          "SELECT * FROM sniff_csv('" + csv + "', \"STORE_REJECTS\" = true)")) {
        Execution e = executor.run(sql);
        assertThat(e).as(sql).isInstanceOf(Execution.Refused.class);
        assertThat(((Execution.Refused) e).verdict().rule()).as(sql).isEqualTo(Rule.FILE_ACCESS);
      }
      assertThat(executor.execute("SELECT v FROM victim").rows()).containsExactly(
          List.of("real"));
      assertThat(gate(Dialect.DUCKDB, PermissionMode.READ_ONLY, root).check("SELECT count(*)"
          + " FROM read_csv('" + csv + "', ignore_errors = true)"))
          .isInstanceOf(Verdict.Allowed.class);
    }
  }

  // ------------------------------------------------------------ patterns through links

  @Test
  void patterns_reachingThroughALinkOutsideTheRoot_refused_linksInsideAllowed() throws Exception {
    Path root = Files.createDirectories(tmp.resolve("allow"));
    Path outside = Files.createDirectories(tmp.resolve("outside"));
    Files.writeString(outside.resolve("hostname"), "secret-host\n");
    Files.writeString(outside.resolve("s.csv"), "a\n1\n");
    Files.createDirectories(root.resolve("data/deep"));
    Files.writeString(root.resolve("data/deep/ok.csv"), "a\n1\n");
    Files.createSymbolicLink(root.resolve("link"), outside);
    Files.createDirectories(root.resolve("files"));
    Files.createSymbolicLink(root.resolve("files/x.csv"), outside.resolve("s.csv"));
    Files.createSymbolicLink(root.resolve("inside"), root.resolve("data"));
    SqlGate g = gate(Dialect.DUCKDB, PermissionMode.READ_ONLY, root);

    // DuckDB's '?' is one byte and its braces are plain characters: a wildcard level is checked
    // whole, whatever the engine's matching
    Files.createSymbolicLink(root.resolve("l\u00efnk"), outside);
    Files.createDirectories(root.resolve("sub"));
    Files.createSymbolicLink(root.resolve("sub/{c}"), outside);
    for (String path : List.of(root + "/l??nk/hostname", root + "/sub/{c}*/hostname",
        root + "/sub/{?}/hostname", root + "/*/hostname", root + "/lin[k]/hostname",
        root + "/l?nk/hostname", root + "/**/hostname", root + "/files/*.csv",
        root + "/*/*.csv", root + "/{link,data}/hostname")) {
      for (String sql : List.of("SELECT * FROM read_text('" + path + "')",
          "SELECT * FROM '" + path + "'", "SELECT * FROM glob('" + path + "')")) {
        Verdict v = g.check(sql);
        assertThat(v).as(sql).isInstanceOf(Verdict.Blocked.class);
        assertThat(v.rule()).as(sql).isEqualTo(Rule.FILE_ACCESS);
        assertThat(((Verdict.Blocked) v).reason()).as(sql).contains("symbolic link");
      }
    }
    for (String path : List.of(root + "/data/*/ok.csv", root + "/inside/*/ok.csv",
        root + "/data/**/*.csv", root + "/nothing/*.csv")) {
      String sql = "SELECT * FROM read_csv('" + path + "')";
      assertThat(g.check(sql)).as(sql).isInstanceOf(Verdict.Allowed.class);
    }
    // DuckDB itself follows the link: the pattern reads the file outside the root
    try (TestDatabases.DuckDb db = TestDatabases.duckDbInMemory()) {
      try (Connection c = db.connect(); Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("SELECT content FROM read_text('" + root
              + "/*/hostname')")) {
        assertThat(rs.next()).isTrue();
        assertThat(rs.getString(1)).contains("secret-host");
      }
    }
  }

  // ------------------------------------------------------------ PostgreSQL settings

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "POSTGRES | SELECT current_setting('app.jwt_secret')",
      "POSTGRES | SELECT current_setting('app.jwt_secret', true)",
      "POSTGRES | SELECT pg_catalog.current_setting('myapp.key')",
      "POSTGRES | SELECT current_setting(name) FROM t",
      "POSTGRES | SELECT current_setting('a' || '.b')",
      "POSTGRES | SELECT current_setting('snowchat.a.b')",
      "POSTGRES | SELECT current_setting('snowchatx.key')",
      "POSTGRES | SELECT current_setting('snowchat.')",
      "POSTGRES | SHOW snowchat.a.b",
      "POSTGRES | SHOW snowchat.\"a.b\"",
      "POSTGRES | SHOW ALL",
      "POSTGRES | SHOW \"all\"",
      "POSTGRES | SHOW \"All\"",
      "POSTGRES | SELECT * FROM information_schema.user_mapping_options",
      "POSTGRES | SHOW QUERIES",
      "POSTGRES | SHOW CLUSTER SESSIONS",
      "GENERIC | SHOW BINLOG EVENTS",
      "GENERIC | SHOW LOCAL QUERIES",
      "POSTGRES | SHOW app.jwt_secret",
      "POSTGRES | SHOW \"app.jwt_secret\"",
      "POSTGRES | SELECT setconfig FROM pg_db_role_setting",
      "POSTGRES | SELECT * FROM pg_catalog.pg_db_role_setting",
      "POSTGRES | TABLE pg_settings",
      "POSTGRES | SELECT rolconfig FROM pg_roles",
      "POSTGRES | SELECT useconfig FROM pg_user",
      "POSTGRES | SELECT * FROM pg_show_all_settings()",
      "POSTGRES | SELECT * FROM pg_user_mappings",
      "GENERIC | SELECT current_setting('app.jwt_secret')",
      "GENERIC | SHOW ALL",
      "GENERIC | SELECT * FROM pg_settings",
  })
  void postgresSettings_thatHoldApplicationsKeys_refused(Dialect d, String sql) {
    Verdict v = gate(d, PermissionMode.READ_ONLY).check(sql);
    assertThat(v).as(sql).isInstanceOf(Verdict.Blocked.class);
    assertThat(v.rule()).as(sql).isEqualTo(Rule.FUNCTION_NOT_ALLOWED);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "POSTGRES | SELECT current_setting('work_mem')",
      "POSTGRES | SELECT current_setting('TimeZone', true)",
      "POSTGRES | SHOW work_mem",
      "POSTGRES | SELECT current_setting('snowchat.app_user', true)",
      "POSTGRES | SELECT * FROM t WHERE owner = current_setting('snowchat.APP_USER')",
      "POSTGRES | SHOW snowchat.app_user",
      "POSTGRES | SHOW TIME ZONE",
      "GENERIC | SHOW TABLES",
      "GENERIC | SHOW COLUMNS FROM db.tbl",
      "GENERIC | SHOW SESSION VARIABLES",
      "GENERIC | SHOW LOCAL VARIABLES",
      "DUCKDB | SHOW ALL TABLES",
      "SNOWFLAKE | SHOW TABLES IN SCHEMA db.s",
  })
  void builtInSettingsAndShowForms_stayAllowed(Dialect d, String sql) {
    assertThat(gate(d, PermissionMode.READ_ONLY).check(sql)).as(sql)
        .isInstanceOf(Verdict.Allowed.class);
  }

  @Test
  void refusedSettingsViews_sayWhatToReadInstead() {
    SqlGate g = gate(Dialect.POSTGRES, PermissionMode.READ_ONLY);
    assertThat(((Verdict.Blocked) g.check("SELECT setting FROM pg_settings WHERE name ="
        + " 'work_mem'")).reason()).contains("SHOW work_mem");
    assertThat(((Verdict.Blocked) g.check("SELECT rolname FROM pg_catalog.pg_roles")).reason())
        .contains("current_user");
  }

  @Test
  void readWriteRefusal_namesEveryDataWriteItAllows() {
    SqlGate g = gate(Dialect.DUCKDB, PermissionMode.READ_WRITE);
    assertThat(((Verdict.Blocked) g.check("DROP TABLE t")).message())
        .contains("INSERT/UPDATE/DELETE/MERGE/TRUNCATE");
    assertThat(g.check("TRUNCATE t").kind()).isEqualTo(StatementKind.DML);
    assertThat(g.check("TRUNCATE t")).isInstanceOf(Verdict.Allowed.class);
  }

  private static long count(TestDatabases.DuckDb db, String sql) throws SQLException {
    try (Connection c = db.connect(); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }
}
