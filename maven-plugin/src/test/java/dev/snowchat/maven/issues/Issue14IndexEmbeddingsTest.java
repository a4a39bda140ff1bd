package dev.snowchat.maven.issues;

import static dev.snowchat.maven.issues.Issue11PluginTest.set;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.snowchat.maven.IndexMojo;
import dev.snowchat.schemaindex.CatalogSnapshot;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.Properties;
import org.apache.maven.plugin.MojoExecutionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 14 item 2, audited: {@code snowchat:index} checks {@code snowchat.embeddings} before it
 * reads the warehouse or writes anything, names the parameter when the value is bad, and leaves
 * an earlier snapshot and its vectors as they were; the vectors it writes have the snapshot's mode
 * and the same bytes for the same catalog.
 */
class Issue14IndexEmbeddingsTest {
  /** A database that cannot be reached: reading it would fail with another message. */
  private static final String UNREACHABLE =
      "jdbc:postgresql://127.0.0.1:1/warehouse?connectTimeout=1";

  @TempDir Path project;

  IndexMojo mojo(String... commandLine) throws Exception {
    IndexMojo m = new IndexMojo();
    set(m, "basedir", project.toFile());
    set(m, "buildDirectory", project.resolve("target").toFile());
    Properties p = new Properties();
    for (int i = 0; i < commandLine.length; i += 2) {
      p.setProperty(commandLine[i], commandLine[i + 1]);
    }
    set(m, "userProperties", p);
    set(m, "embeddings", "bge-small"); // the default, as Maven sets it
    return m;
  }

  /** An earlier run's snapshot and vectors. */
  Path earlierSnapshot() throws Exception {
    Path dir = Files.createDirectories(project.resolve("target/snowchat"));
    Files.writeString(dir.resolve("catalog.json"), "earlier snapshot");
    Files.writeString(dir.resolve("catalog.json.vectors"), "earlier vectors");
    return dir;
  }

  void assertUntouched(Path dir) throws Exception {
    assertThat(Files.readString(dir.resolve("catalog.json"))).isEqualTo("earlier snapshot");
    assertThat(Files.readString(dir.resolve("catalog.json.vectors")))
        .isEqualTo("earlier vectors");
    try (var files = Files.list(dir)) {
      assertThat(files.map(f -> f.getFileName().toString()))
          .containsExactlyInAnyOrder("catalog.json", "catalog.json.vectors");
    }
  }

  @Test
  void unknownModel_failsBeforeTheWarehouseIsRead_namingTheParameter() throws Exception {
    Path dir = earlierSnapshot();
    IndexMojo m = mojo("snowchat.embeddings", "foo", "snowchat.jdbcUrl", UNREACHABLE);
    // was: read the whole warehouse, wrote catalog.json and deleted the vectors, then failed
    assertThatThrownBy(m::execute).isInstanceOf(MojoExecutionException.class)
        .hasMessageStartingWith("Bad snowchat.embeddings 'foo': no embedding model named 'foo';"
            + " choose bge-small (the shipped default), hashing (no model: feature hashing),"
            + " none (keyword search only), a local ONNX model path")
        .hasMessageNotContaining("Cannot read the catalog");
    assertUntouched(dir);
  }

  @Test
  void fp32_saysNoProductShipsIt_namingTheParameter() throws Exception {
    Path dir = earlierSnapshot();
    IndexMojo m = mojo("snowchat.jdbcUrl", UNREACHABLE);
    set(m, "embeddings", "bge-small-fp32"); // as the pom's <embeddings> sets it
    // was: "Cannot write the snapshot or report: embedding provider bge-small-fp32 needs ..."
    assertThatThrownBy(m::execute).isInstanceOf(MojoExecutionException.class)
        .hasMessageStartingWith("Bad snowchat.embeddings 'bge-small-fp32': embedding model"
            + " bge-small-fp32 is not on the class path")
        .hasMessageContaining("which no Snowchat product ships");
    assertUntouched(dir);
  }

  @Test
  void missingOrBrokenLocalModel_failsBeforeTheWarehouseIsRead() throws Exception {
    Path dir = earlierSnapshot();
    assertThatThrownBy(mojo("snowchat.embeddings", "/nope", "snowchat.jdbcUrl",
        UNREACHABLE)::execute).isInstanceOf(MojoExecutionException.class)
        .hasMessage("Bad snowchat.embeddings '/nope': embedding model not found: /nope"
            + " (modelPath must be an .onnx file or a directory holding one)");
    Path broken = Files.createDirectories(project.resolve("broken"));
    Files.writeString(broken.resolve("model.onnx"), "not a model");
    Files.writeString(broken.resolve("tokenizer.json"), "{}");
    assertThatThrownBy(mojo("snowchat.embeddings", broken.toString(), "snowchat.jdbcUrl",
        UNREACHABLE)::execute).isInstanceOf(MojoExecutionException.class)
        .hasMessageStartingWith("Bad snowchat.embeddings '" + broken + "': ");
    assertUntouched(dir);
  }

  @Test
  void commandLine_winsOverThePom() throws Exception {
    Path dir = earlierSnapshot();
    IndexMojo m = mojo("snowchat.embeddings", "foo", "snowchat.jdbcUrl", UNREACHABLE);
    set(m, "embeddings", "hashing");
    assertThatThrownBy(m::execute).hasMessageStartingWith("Bad snowchat.embeddings 'foo'");
    assertUntouched(dir);
  }

  String shop() throws Exception {
    Path db = project.resolve("shop.duckdb");
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + db);
        Statement st = c.createStatement()) {
      st.execute("CREATE TABLE customers (id INTEGER PRIMARY KEY, name VARCHAR(100))");
      st.execute("CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER, amount"
          + " DECIMAL(10,2))");
    }
    return "jdbc:duckdb:" + db;
  }

  @Test
  void shippedModel_vectorsHaveTheSnapshotsMode_andTheSameBytesEachRun() throws Exception {
    String url = shop();
    Path dir = project.resolve("target/snowchat");
    mojo("snowchat.jdbcUrl", url).execute();
    Path vectors = dir.resolve("catalog.json.vectors");
    byte[] first = Files.readAllBytes(vectors);
    assertThat(new String(first, 0, 16, java.nio.charset.StandardCharsets.US_ASCII))
        .isEqualTo("SNOWCHAT-VECTORS");
    if (dir.getFileSystem().supportedFileAttributeViews().contains("posix")) {
      assertThat(Files.getPosixFilePermissions(vectors))
          .isEqualTo(Files.getPosixFilePermissions(dir.resolve("catalog.json")));
    }
    byte[] snapshot = Files.readAllBytes(dir.resolve("catalog.json"));
    mojo("snowchat.jdbcUrl", url).execute();
    assertThat(Files.readAllBytes(vectors)).isEqualTo(first);
    assertThat(Files.readAllBytes(dir.resolve("catalog.json"))).isEqualTo(snapshot);

    // hashing writes no vectors and removes the earlier ones
    mojo("snowchat.jdbcUrl", url, "snowchat.embeddings", "hashing,dimension=512").execute();
    assertThat(vectors).doesNotExist();
    assertThat(CatalogSnapshot.read(dir.resolve("catalog.json")).size()).isEqualTo(2);
  }
}
