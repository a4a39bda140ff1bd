package dev.snowchat.schemaindex.issues;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.schemaindex.Catalog;
import dev.snowchat.schemaindex.CatalogSnapshot;
import dev.snowchat.schemaindex.CatalogSources;
import dev.snowchat.schemaindex.ColumnInfo;
import dev.snowchat.schemaindex.ForeignKey;
import dev.snowchat.schemaindex.JoinGraph;
import dev.snowchat.schemaindex.JoinPath;
import dev.snowchat.schemaindex.QualifiedName;
import dev.snowchat.schemaindex.SourceOptions;
import dev.snowchat.schemaindex.TableInfo;
import dev.snowchat.sqlgate.Dialect;
import dev.snowchat.sqlgate.testing.TestDatabases;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 11 items 10 and 11, index side: the JDBC source reads the row counts the database keeps,
 * a self-referencing key is a join path from a table to itself, and a snapshot file is readable
 * like any file the user writes (not 0600).
 */
class Issue11MetadataTest {

  @Test
  void jdbcSource_readsDuckDbRowCounts_forTablesNotViews() throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = c.createStatement()) {
      s.execute("CREATE TABLE items (id INTEGER)");
      s.execute("INSERT INTO items SELECT * FROM range(25)");
      s.execute("CREATE VIEW some_items AS SELECT * FROM items WHERE id < 5");
      Catalog catalog = CatalogSources.jdbc(TestDatabases.sharing(c), SourceOptions.defaults())
          .load();
      assertThat(catalog.table(QualifiedName.of("memory", "main", "items")).orElseThrow()
          .rowCount()).isEqualTo(25L);
      assertThat(catalog.table(QualifiedName.of("memory", "main", "some_items")).orElseThrow()
          .rowCount()).isNull();
    }
  }

  @Test
  void joinPath_fromATableToItself_followsItsSelfReferencingKey() {
    QualifiedName emp = QualifiedName.of("HR", "CORE", "EMPLOYEES");
    Catalog catalog = Catalog.of(List.of(TableInfo.builder(emp)
        .columns(List.of(new ColumnInfo("EMPLOYEE_ID", "NUMBER", false, null),
            new ColumnInfo("MANAGER_ID", "NUMBER", true, null)))
        .primaryKey(List.of("EMPLOYEE_ID"))
        .foreignKeys(List.of(new ForeignKey(List.of("MANAGER_ID"), emp,
            List.of("EMPLOYEE_ID"))))
        .build()));
    JoinPath path = JoinGraph.build(catalog).joinPath(emp, emp).orElseThrow();
    assertThat(path.joinClause(Dialect.SNOWFLAKE)).isEqualTo(
        "FROM \"HR\".\"CORE\".\"EMPLOYEES\" AS t0 JOIN \"HR\".\"CORE\".\"EMPLOYEES\" AS t1"
            + " ON t0.\"MANAGER_ID\" = t1.\"EMPLOYEE_ID\"");
  }

  @Test
  void joinPath_fromATableToItself_withoutSuchAKey_isEmpty() {
    QualifiedName t = QualifiedName.of("HR", "CORE", "TEAMS");
    Catalog catalog = Catalog.of(List.of(TableInfo.builder(t)
        .columns(List.of(new ColumnInfo("TEAM_ID", "NUMBER", false, null))).build()));
    assertThat(JoinGraph.build(catalog).joinPath(t, t)).isEmpty();
  }

  @Test
  void snapshot_isNotWrittenOwnerOnly(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("catalog.json");
    CatalogSnapshot.write(Catalog.of(List.of(TableInfo.builder(QualifiedName.of("A", "B", "C"))
        .build())), file);
    if (dir.getFileSystem().supportedFileAttributeViews().contains("posix")) {
      // With the usual umask (022) a snapshot meant for the repository is group-readable.
      assertThat(Files.getPosixFilePermissions(file))
          .contains(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE)
          .contains(PosixFilePermission.GROUP_READ);
    }
  }
}
