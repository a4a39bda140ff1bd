package dev.snowchat.mcp.sample;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.snowchat.sqlgate.SnowchatException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SampleWarehouseTest {

  @TempDir static Path shared;

  private static Path file;
  private static @Nullable Map<String, String> fileChecksums;

  @BeforeAll
  static void buildOnce() {
    long started = System.nanoTime();
    file = SampleWarehouse.ensure(shared);
    // Reported, not asserted: a shared build machine makes wall-clock bounds flaky.
    System.out.printf(
        "Sample warehouse built in %d ms%n", (System.nanoTime() - started) / 1_000_000);
  }

  @Test
  void ensure_emptyDirectory_buildsVersionedFileNamedAfterTheDatabase() {
    assertThat(file)
        .isEqualTo(shared.toAbsolutePath().resolve("airbnb-v1").resolve("AIRBNB.duckdb"))
        .isRegularFile();
    assertThat(Path.of(file + ".wal")).doesNotExist();
  }

  @Test
  void ensure_emptyDirectory_catalogIsAirbnbWithRawAndAnalyticsSchemas() throws SQLException {
    try (Connection connection = openReadOnly()) {
      assertThat(queryString(connection, "SELECT current_database()"))
          .isEqualTo(SampleWarehouse.DATABASE);
      assertThat(column(connection.getMetaData().getCatalogs(), "TABLE_CAT"))
          .contains(SampleWarehouse.DATABASE);
      assertThat(column(connection.getMetaData().getSchemas("AIRBNB", null), "TABLE_SCHEM"))
          .contains("RAW", "ANALYTICS");
    }
  }

  @Test
  void ensure_emptyDirectory_everyTableHasItsRowCount() throws SQLException {
    Map<String, Long> actual = new TreeMap<>();
    try (Connection connection = openReadOnly()) {
      for (String table : SampleGenerator.ROW_COUNTS.keySet()) {
        actual.put(table, queryLong(connection, "SELECT count(*) FROM " + table));
      }
      assertThat(queryStrings(connection, tablesOfKind("BASE TABLE")))
          .containsExactlyInAnyOrderElementsOf(SampleGenerator.ROW_COUNTS.keySet());
      assertThat(queryStrings(connection, tablesOfKind("VIEW")))
          .containsExactlyInAnyOrderElementsOf(SampleGenerator.VIEWS);
    }
    assertThat(actual).isEqualTo(new TreeMap<>(SampleGenerator.ROW_COUNTS));
    assertThat(actual.get("RAW.RAW_LISTINGS")).isEqualTo(10_000L);
    assertThat(actual.get("RAW.RAW_HOSTS")).isEqualTo(6_000L);
    assertThat(actual.get("ANALYTICS.FACT_REVIEWS")).isGreaterThan(150_000L);
    assertThat(actual.get("ANALYTICS.FACT_CALENDAR")).isGreaterThan(100_000L);
  }

  @Test
  void ensure_emptyDirectory_commentsEveryTableViewAndColumn() throws SQLException {
    try (Connection connection = openReadOnly()) {
      assertThat(
              queryStrings(
                  connection,
                  """
                  SELECT schema_name || '.' || table_name FROM duckdb_tables()
                  WHERE database_name = 'AIRBNB' AND (comment IS NULL OR comment = '')
                  UNION ALL
                  SELECT schema_name || '.' || view_name FROM duckdb_views()
                  WHERE database_name = 'AIRBNB' AND NOT internal
                    AND (comment IS NULL OR comment = '')
                  UNION ALL
                  SELECT schema_name || '.' || table_name || '.' || column_name
                  FROM duckdb_columns()
                  WHERE database_name = 'AIRBNB' AND (comment IS NULL OR comment = '')"""))
          .as("objects without a comment")
          .isEmpty();
      // JDBC metadata, which the generic catalog source reads, shows the same remarks.
      try (ResultSet tables =
          connection.getMetaData().getTables("AIRBNB", "ANALYTICS", "FACT_REVIEWS", null)) {
        assertThat(tables.next()).isTrue();
        assertThat(tables.getString("REMARKS")).startsWith("Review facts");
      }
      try (ResultSet columns =
          connection.getMetaData().getColumns("AIRBNB", "ANALYTICS", "DIM_DATE", "DATE_KEY")) {
        assertThat(columns.next()).isTrue();
        assertThat(columns.getString("REMARKS")).contains("yyyymmdd");
      }
    }
  }

  @Test
  void ensure_emptyDirectory_declaresPrimaryKeysAndTwoForeignKeys() throws SQLException {
    try (Connection connection = openReadOnly()) {
      DatabaseMetaData metaData = connection.getMetaData();
      assertThat(column(metaData.getPrimaryKeys("AIRBNB", "ANALYTICS", "DIM_LISTINGS"),
              "COLUMN_NAME"))
          .containsExactly("LISTING_ID");
      assertThat(column(metaData.getPrimaryKeys("AIRBNB", "ANALYTICS", "FACT_CALENDAR"),
              "COLUMN_NAME"))
          .containsExactlyInAnyOrder("LISTING_ID", "DATE_KEY");
      List<String> imported = new ArrayList<>();
      try (ResultSet keys = metaData.getImportedKeys("AIRBNB", "ANALYTICS", "DIM_LISTINGS")) {
        while (keys.next()) {
          imported.add(
              keys.getString("FKCOLUMN_NAME")
                  + " -> "
                  + keys.getString("PKTABLE_NAME")
                  + "."
                  + keys.getString("PKCOLUMN_NAME"));
        }
      }
      assertThat(imported)
          .containsExactlyInAnyOrder(
              "HOST_ID -> DIM_HOSTS.HOST_ID",
              "NEIGHBOURHOOD_ID -> DIM_NEIGHBOURHOODS.NEIGHBOURHOOD_ID");
    }
  }

  @Test
  void ensure_emptyDirectory_keysJoinWithoutOrphans() throws SQLException {
    try (Connection connection = openReadOnly()) {
      assertThat(
              queryLong(
                  connection,
                  """
                  SELECT count(*) FROM ANALYTICS.FACT_REVIEWS r
                  LEFT JOIN ANALYTICS.DIM_LISTINGS l ON l.LISTING_ID = r.LISTING_ID
                  LEFT JOIN ANALYTICS.DIM_HOSTS h ON h.HOST_ID = r.HOST_ID
                  LEFT JOIN ANALYTICS.DIM_DATE d ON d.DATE_KEY = r.DATE_KEY
                  WHERE l.LISTING_ID IS NULL OR h.HOST_ID IS NULL OR d.DATE_KEY IS NULL"""))
          .isZero();
      assertThat(
              queryLong(
                  connection,
                  """
                  SELECT count(*) FROM ANALYTICS.FACT_CALENDAR c
                  LEFT JOIN ANALYTICS.DIM_DATE d ON d.DATE_KEY = c.DATE_KEY
                  WHERE d.DATE_KEY IS NULL"""))
          .isZero();
      assertThat(queryLong(connection, "SELECT count(*) FROM ANALYTICS.VW_HOST_PERFORMANCE"))
          .isEqualTo(6_000L);
      assertThat(queryLong(connection, "SELECT count(*) FROM ANALYTICS.VW_LISTING_OCCUPANCY"))
          .isEqualTo(600L * 12);
    }
  }

  @Test
  void ensure_calledAgain_returnsSameFileWithoutRebuilding() throws IOException {
    BasicFileAttributes before = Files.readAttributes(file, BasicFileAttributes.class);

    Path again = SampleWarehouse.ensure(shared);

    BasicFileAttributes after = Files.readAttributes(again, BasicFileAttributes.class);
    assertThat(again).isEqualTo(file);
    assertThat(after.fileKey()).isEqualTo(before.fileKey());
    assertThat(after.lastModifiedTime()).isEqualTo(before.lastModifiedTime());
    assertThat(after.size()).isEqualTo(before.size());
    assertThat(filesIn(file.getParent()))
        .containsExactlyInAnyOrder("AIRBNB.duckdb", "AIRBNB.duckdb.lock");
  }

  @Test
  void generate_anotherFileWithOneThread_buildsIdenticalContent(@TempDir Path other)
      throws SQLException {
    // Same rows in the same physical order whatever the directory, file name or thread count.
    Path single = other.resolve("single-thread.duckdb");
    try (Connection connection = DriverManager.getConnection("jdbc:duckdb:" + single);
        Statement statement = connection.createStatement()) {
      statement.execute("SET threads = 1");
      SampleGenerator.generate(connection);
      statement.execute("CHECKPOINT");
    }

    assertThat(checksums(single)).isEqualTo(fileChecksums());
  }

  @Test
  void jdbcUrl_readOnly_refusesWrites() throws SQLException {
    try (Connection connection = DriverManager.getConnection(SampleWarehouse.jdbcUrl(file))) {
      assertThatThrownBy(() -> execute(connection, "CREATE TABLE RAW.X (A INTEGER)"))
          .isInstanceOf(SQLException.class)
          .hasMessageContaining("read-only");
      assertThatThrownBy(() -> execute(connection, "DELETE FROM ANALYTICS.DIM_HOSTS"))
          .isInstanceOf(SQLException.class)
          .hasMessageContaining("read-only");
      assertThat(queryLong(connection, "SELECT count(*) FROM ANALYTICS.DIM_HOSTS"))
          .isEqualTo(6_000L);
    }
  }

  @Test
  void jdbcUrl_externalAccessOff_refusesFileReads(@TempDir Path other) throws Exception {
    Path csv = Files.writeString(other.resolve("secret.csv"), "a,b\n1,2\n");
    try (Connection connection = DriverManager.getConnection(SampleWarehouse.jdbcUrl(file))) {
      assertThat(queryString(connection, "SELECT current_setting('enable_external_access')"))
          .isEqualTo("false");
      assertThatThrownBy(() -> execute(connection, "SELECT * FROM read_csv('" + csv + "')"))
          .isInstanceOf(SQLException.class)
          .hasMessageContaining("disabled by configuration");
    }
  }

  @Test
  void readOnlyProperties_plainUrl_refusesWrites() throws SQLException {
    Properties properties = SampleWarehouse.readOnlyProperties();
    assertThat(properties)
        .containsEntry("duckdb.read_only", "true")
        .containsEntry("enable_external_access", "false");
    try (Connection connection = DriverManager.getConnection("jdbc:duckdb:" + file, properties)) {
      assertThat(queryString(connection, "SELECT current_database()")).isEqualTo("AIRBNB");
      assertThatThrownBy(() -> execute(connection, "CREATE TABLE RAW.X (A INTEGER)"))
          .isInstanceOf(SQLException.class)
          .hasMessageContaining("read-only");
    }
  }

  @Test
  void jdbcUrl_withPropertiesTooAndTwoConnectionsAtOnce_bothRead() throws SQLException {
    // A pool opens several connections, and may pass the properties as well as the URL.
    String url = SampleWarehouse.jdbcUrl(file);
    try (Connection first = DriverManager.getConnection(url, SampleWarehouse.readOnlyProperties());
        Connection second = DriverManager.getConnection(url)) {
      assertThat(queryString(first, "SELECT current_setting('access_mode')"))
          .isEqualToIgnoringCase("read_only");
      assertThat(queryLong(first, "SELECT count(*) FROM RAW.RAW_LISTINGS")).isEqualTo(10_000L);
      assertThat(queryLong(second, "SELECT count(*) FROM RAW.RAW_LISTINGS")).isEqualTo(10_000L);
    }
  }

  @Test
  void jdbcUrl_pathWithSemicolon_isRejected() {
    assertThatThrownBy(() -> SampleWarehouse.jdbcUrl(Path.of("/tmp/a;b/AIRBNB.duckdb")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("';'")
        .hasMessageContaining("a;b");
  }

  @Test
  void ensure_twoThreadsAtOnce_yieldOneValidFile(@TempDir Path fresh) throws Exception {
    CountDownLatch start = new CountDownLatch(1);
    Callable<Path> task =
        () -> {
          start.await();
          return SampleWarehouse.ensure(fresh);
        };
    ExecutorService executor = Executors.newFixedThreadPool(2);
    try {
      Future<Path> first = executor.submit(task);
      Future<Path> second = executor.submit(task);
      start.countDown();

      assertThat(first.get()).isEqualTo(second.get());
      assertThat(filesIn(first.get().getParent()))
          .containsExactlyInAnyOrder("AIRBNB.duckdb", "AIRBNB.duckdb.lock");
      try (Connection connection =
          DriverManager.getConnection(SampleWarehouse.jdbcUrl(first.get()))) {
        assertThat(queryLong(connection, "SELECT count(*) FROM ANALYTICS.FACT_REVIEWS"))
            .isEqualTo(180_000L);
      }
      // A second build in a second directory holds the same content as the first.
      assertThat(checksums(first.get())).isEqualTo(fileChecksums());
    } finally {
      executor.shutdownNow();
    }
  }

  @Test
  void ensure_directoryIsAFile_throwsBuildFailedNamingTheDirectory(@TempDir Path other)
      throws IOException {
    Path notADirectory = Files.writeString(other.resolve("plain-file"), "x");

    assertThatThrownBy(() -> SampleWarehouse.ensure(notADirectory))
        .isInstanceOfSatisfying(
            SnowchatException.class,
            e -> assertThat(e.code()).isEqualTo(SampleErrorCode.SAMPLE_BUILD_FAILED))
        .hasMessageContaining("plain-file")
        .hasMessageContaining("SNOWCHAT_SAMPLE_DIR");
  }

  @Test
  void defaultDirectory_envSet_usesIt(@TempDir Path other) {
    assertThat(SampleWarehouse.defaultDirectory(Map.of("SNOWCHAT_SAMPLE_DIR", other.toString())))
        .isEqualTo(other.toAbsolutePath());
  }

  @Test
  void defaultDirectory_envUnset_usesSnowchatUnderHome() {
    assertThat(SampleWarehouse.defaultDirectory(Map.of()))
        .isEqualTo(Path.of(System.getProperty("user.home"), ".snowchat", "sample"));
  }

  @Test
  void defaultDirectory_envBlank_isRejectedNamingTheKey() {
    assertThatThrownBy(() -> SampleWarehouse.defaultDirectory(Map.of("SNOWCHAT_SAMPLE_DIR", " ")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("SNOWCHAT_SAMPLE_DIR");
  }

  private static Connection openReadOnly() throws SQLException {
    return DriverManager.getConnection(SampleWarehouse.jdbcUrl(file));
  }

  private static void execute(Connection connection, String sql) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      statement.execute(sql);
    }
  }

  private static String tablesOfKind(String kind) {
    return "SELECT table_schema || '.' || table_name FROM information_schema.tables"
        + " WHERE table_catalog = 'AIRBNB' AND table_type = '"
        + kind
        + "'";
  }

  private static synchronized Map<String, String> fileChecksums() throws SQLException {
    if (fileChecksums == null) {
      fileChecksums = checksums(file);
    }
    return fileChecksums;
  }

  /** One digest per table, over every row in physical order, so order changes count too. */
  private static Map<String, String> checksums(Path db) throws SQLException {
    Map<String, String> sums = new TreeMap<>();
    try (Connection connection =
        DriverManager.getConnection("jdbc:duckdb:" + db, SampleWarehouse.readOnlyProperties())) {
      for (String table : SampleGenerator.ROW_COUNTS.keySet()) {
        sums.put(
            table,
            queryString(
                connection,
                "SELECT md5(string_agg(t::VARCHAR, chr(10) ORDER BY rowid)) FROM "
                    + table
                    + " t"));
      }
    }
    return sums;
  }

  private static List<String> filesIn(Path dir) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.map(p -> p.getFileName().toString()).toList();
    }
  }

  private static List<String> column(ResultSet rows, String name) throws SQLException {
    try (rows) {
      List<String> values = new ArrayList<>();
      while (rows.next()) {
        values.add(rows.getString(name));
      }
      return values;
    }
  }

  private static List<String> queryStrings(Connection connection, String sql)
      throws SQLException {
    try (Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery(sql)) {
      List<String> values = new ArrayList<>();
      while (rows.next()) {
        values.add(rows.getString(1));
      }
      return values;
    }
  }

  private static String queryString(Connection connection, String sql) throws SQLException {
    try (Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery(sql)) {
      assertThat(rows.next()).as("a row from %s", sql).isTrue();
      return rows.getString(1);
    }
  }

  private static long queryLong(Connection connection, String sql) throws SQLException {
    try (Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery(sql)) {
      assertThat(rows.next()).as("a row from %s", sql).isTrue();
      return rows.getLong(1);
    }
  }
}
