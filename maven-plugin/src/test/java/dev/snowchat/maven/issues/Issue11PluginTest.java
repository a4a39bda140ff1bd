package dev.snowchat.maven.issues;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.snowchat.maven.CheckMojo;
import dev.snowchat.maven.DiffMojo;
import dev.snowchat.maven.internal.CatalogDiff;
import dev.snowchat.schemaindex.Catalog;
import dev.snowchat.schemaindex.CatalogSnapshot;
import dev.snowchat.schemaindex.ColumnInfo;
import dev.snowchat.schemaindex.ForeignKey;
import dev.snowchat.schemaindex.QualifiedName;
import dev.snowchat.schemaindex.TableInfo;
import java.io.File;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoFailureException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Issue 11 item 11: the plugin in CI. Command-line {@code -Dsnowchat.*} values win over the pom,
 * {@code snowchat:check} writes SARIF 2.1.0, {@code snowchat:diff} reports foreign keys added and
 * dropped, and reports land in {@code target/snowchat} rather than beside a snapshot.
 */
class Issue11PluginTest {
  @TempDir Path project;

  /** Sets a field as Maven's injection would (the pom's configuration or a default). */
  static void set(Object mojo, String name, Object value) throws Exception {
    for (Class<?> c = mojo.getClass(); c != null; c = c.getSuperclass()) {
      try {
        Field f = c.getDeclaredField(name);
        f.setAccessible(true);
        f.set(mojo, value);
        return;
      } catch (NoSuchFieldException e) {
        // the superclass may hold it
      }
    }
    throw new AssertionError("no field " + name);
  }

  <T extends AbstractMojo> T mojo(T m, String... commandLine) throws Exception {
    set(m, "basedir", project.toFile());
    set(m, "buildDirectory", project.resolve("target").toFile());
    Properties p = new Properties();
    for (int i = 0; i < commandLine.length; i += 2) {
      p.setProperty(commandLine[i], commandLine[i + 1]);
    }
    set(m, "userProperties", p);
    return m;
  }

  void writeSql() throws Exception {
    Files.createDirectories(project.resolve("sql"));
    Files.writeString(project.resolve("sql/jobs.sql"), "SELECT 1;\n\n  DROP TABLE A.B.C;\n");
  }

  @Test
  void check_commandLineMode_winsOverThePom() throws Exception {
    writeSql();
    CheckMojo m = mojo(new CheckMojo(), "snowchat.mode", "read_only");
    set(m, "sql", "sql");
    set(m, "mode", "full"); // as the pom's <mode>full</mode> sets it
    assertThatThrownBy(m::execute).isInstanceOf(MojoFailureException.class)
        .hasMessageContaining("refused in read_only mode");
  }

  @Test
  void check_commandLineFailOnRefused_winsOverThePom() throws Exception {
    writeSql();
    CheckMojo m = mojo(new CheckMojo(), "snowchat.failOnRefused", "false");
    set(m, "sql", "sql");
    set(m, "failOnRefused", true);
    m.execute(); // warns only
  }

  @Test
  void check_writesSarif_withRelativePathsLinesAndColumns() throws Exception {
    writeSql();
    CheckMojo m = mojo(new CheckMojo());
    set(m, "sql", "sql");
    set(m, "failOnRefused", false);
    m.execute();
    JsonNode sarif = JsonMapper.builder().build().readTree(
        project.resolve("target/snowchat/check.sarif").toFile());
    assertThat(sarif.get("version").asString()).isEqualTo("2.1.0");
    assertThat(sarif.get("$schema").asString()).contains("sarif-2.1.0");
    JsonNode run = sarif.get("runs").get(0);
    JsonNode driver = run.get("tool").get("driver");
    assertThat(driver.get("name").asString()).isEqualTo("snowchat:check");
    assertThat(driver.has("informationUri")).isFalse();
    assertThat(driver.get("rules").get(0).get("id").asString()).isEqualTo("KIND_NOT_ALLOWED");
    assertThat(driver.get("rules").get(0).get("shortDescription").get("text").asString())
        .isNotBlank();
    assertThat(run.get("results")).hasSize(1);
    JsonNode r = run.get("results").get(0);
    assertThat(r.get("ruleId").asString()).isEqualTo("KIND_NOT_ALLOWED");
    assertThat(r.get("level").asString()).isEqualTo("warning");
    // Worded for whoever maintains the file, not for a model sending requests.
    assertThat(r.get("message").get("text").asString()).contains("Not allowed in read_only mode")
        .doesNotContain("Send one");
    JsonNode loc = r.get("locations").get(0).get("physicalLocation");
    assertThat(loc.get("artifactLocation").get("uri").asString()).isEqualTo("sql/jobs.sql");
    assertThat(loc.get("region").get("startLine").asInt()).isEqualTo(3);
    assertThat(loc.get("region").get("startColumn").asInt()).isEqualTo(3);
  }

  @Test
  void check_sarifNone_writesNothing() throws Exception {
    writeSql();
    CheckMojo m = mojo(new CheckMojo(), "snowchat.sarif", "none");
    set(m, "sql", "sql");
    set(m, "failOnRefused", false);
    m.execute();
    assertThat(project.resolve("target/snowchat/check.sarif")).doesNotExist();
  }

  static final QualifiedName HOSTS = QualifiedName.of("DB", "S", "HOSTS");
  static final QualifiedName LISTINGS = QualifiedName.of("DB", "S", "LISTINGS");

  static Catalog catalog(List<ForeignKey> fks) {
    return Catalog.of(List.of(
        TableInfo.builder(HOSTS).columns(List.of(new ColumnInfo("ID", "NUMBER", false, null)))
            .primaryKey(List.of("ID")).build(),
        TableInfo.builder(LISTINGS).columns(List.of(new ColumnInfo("ID", "NUMBER", false, null),
            new ColumnInfo("HOST_ID", "NUMBER", true, null), new ColumnInfo("OWNER_ID",
                "NUMBER", true, null))).foreignKeys(fks).build()));
  }

  @Test
  void diff_reportsForeignKeysAddedAndDropped_notBreaking() {
    ForeignKey host = new ForeignKey(List.of("HOST_ID"), HOSTS, List.of("ID"));
    ForeignKey owner = new ForeignKey(List.of("OWNER_ID"), HOSTS, List.of("ID"));
    CatalogDiff d = CatalogDiff.compare(catalog(List.of(host)), catalog(List.of(owner)));
    assertThat(d.changes()).extracting(CatalogDiff.Change::describe).containsExactly(
        "foreign key dropped: (HOST_ID) -> DB.S.HOSTS (ID)",
        "foreign key added: (OWNER_ID) -> DB.S.HOSTS (ID)");
    assertThat(d.breaking()).isEmpty();
  }

  @Test
  void diff_reportGoesToTargetSnowchat_notNextToTheSnapshot() throws Exception {
    Path schema = Files.createDirectories(project.resolve("schema"));
    CatalogSnapshot.write(catalog(List.of()), schema.resolve("baseline.json"));
    CatalogSnapshot.write(catalog(List.of(new ForeignKey(List.of("HOST_ID"), HOSTS,
        List.of("ID")))), schema.resolve("catalog.json"));
    DiffMojo m = mojo(new DiffMojo());
    set(m, "baseline", new File("schema/baseline.json"));
    set(m, "snapshot", new File("schema/catalog.json"));
    m.execute();
    assertThat(schema.resolve("diff-report.md")).doesNotExist();
    assertThat(Files.readString(project.resolve("target/snowchat/diff-report.md")))
        .contains("foreign key added: (HOST_ID) -> DB.S.HOSTS (ID)");
    assertThat(Files.readString(project.resolve("target/snowchat/diff-report.json")))
        .contains("\"foreignKeyAdded\" : 1");
  }

  @Test
  void diff_reportDirectoryOnTheCommandLine_putsItThere() throws Exception {
    Path schema = Files.createDirectories(project.resolve("schema"));
    CatalogSnapshot.write(catalog(List.of()), schema.resolve("catalog.json"));
    DiffMojo m = mojo(new DiffMojo(), "snowchat.reportDirectory", "schema",
        "snowchat.baseline", "schema/catalog.json", "snowchat.snapshot", "schema/catalog.json");
    m.execute();
    assertThat(schema.resolve("diff-report.md")).exists();
  }
}
