package dev.snowchat.schemaindex;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.snowchat.sqlgate.SnowchatException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A snapshot file is untrusted input: whatever it holds, reading it either gives a consistent
 * catalog or fails with {@code SNAPSHOT_INVALID} / {@code SNAPSHOT_IO} and a message naming what
 * is wrong; it never hangs, exhausts memory or throws anything else.
 */
class CatalogSnapshotUntrustedTest {
  @TempDir Path dir;

  private static AbstractThrowableAssert<?, ? extends Throwable> assertFails(Runnable read,
      IndexErrorCode code) {
    return assertThatThrownBy(read::run).isInstanceOfSatisfying(SnowchatException.class, e -> {
      assertThat(e.code()).isEqualTo(code);
      assertThat(e.getMessage()).doesNotContainPattern("\\p{Cntrl}").hasSizeLessThan(700);
    });
  }

  private Path file(String content) throws Exception {
    return Files.writeString(dir.resolve("catalog.json"), content);
  }

  private static String table(String body) {
    return "{\"format\":\"snowchat-catalog\",\"version\":1,\"tables\":[" + body + "]}";
  }

  @Test
  void read_emptyFile_isInvalid() throws Exception {
    Path f = file("");
    assertFails(() -> CatalogSnapshot.read(f), IndexErrorCode.SNAPSHOT_INVALID)
        .hasMessageContaining(f.toString());
  }

  @Test
  void read_folder_isIoError_sayingItIsAFolder() {
    assertFails(() -> CatalogSnapshot.read(dir), IndexErrorCode.SNAPSHOT_IO)
        .hasMessageContaining("it is a folder");
  }

  @Test
  @Timeout(value = 60, unit = TimeUnit.SECONDS) // a guard: before the fix the open blocked
  void read_namedPipe_isRefusedWithoutOpeningIt() throws Exception {
    Path fifo = dir.resolve("catalog.json");
    Process p;
    try {
      p = new ProcessBuilder("mkfifo", fifo.toString()).start();
    } catch (java.io.IOException e) {
      p = null;
    }
    assumeTrue(p != null && p.waitFor() == 0 && Files.exists(fifo), "mkfifo is unavailable");

    assertFails(() -> CatalogSnapshot.read(fifo), IndexErrorCode.SNAPSHOT_IO)
        .hasMessageContaining("not a regular file");
  }

  @Test
  void read_symlinks_followedToAFile_refusedToAFolderOrNothing() throws Exception {
    Path real = dir.resolve("real.json");
    CatalogSnapshot.write(SnapshotFiles.shop(), real);
    Path link = Files.createSymbolicLink(dir.resolve("link.json"), real);
    assertThat(CatalogSnapshot.read(link)).isEqualTo(SnapshotFiles.shop());

    Path toFolder = Files.createSymbolicLink(dir.resolve("folder.json"), dir);
    assertFails(() -> CatalogSnapshot.read(toFolder), IndexErrorCode.SNAPSHOT_IO);
    Path dangling = Files.createSymbolicLink(dir.resolve("gone.json"), dir.resolve("absent"));
    assertFails(() -> CatalogSnapshot.read(dangling), IndexErrorCode.SNAPSHOT_IO);
  }

  @Test
  void read_unreadableFile_isIoError() throws Exception {
    Path f = dir.resolve("catalog.json");
    CatalogSnapshot.write(SnapshotFiles.shop(), f);
    Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("---------"));
    assumeTrue(!Files.isReadable(f), "this user reads any file (root)");
    assertFails(() -> CatalogSnapshot.read(f), IndexErrorCode.SNAPSHOT_IO);
  }

  @Test
  void read_fileLargerThanTheLimit_isRefusedBeforeReading() throws Exception {
    Path f = dir.resolve("catalog.json");
    try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
      raf.setLength(CatalogSnapshot.maxBytes() + 1); // sparse: no disk, and never read
    }
    assertFails(() -> CatalogSnapshot.read(f), IndexErrorCode.SNAPSHOT_INVALID)
        .hasMessageContaining("larger than the " + CatalogSnapshot.maxBytes() + " bytes");
  }

  /** 100,000 columns of a few letters: 1.4 MB of JSON, about 9 MB of catalog in memory. */
  @Test
  void parse_catalogOverTheMemoryBudget_isRefusedAsItIsRead() {
    String columns = IntStream.range(0, 100_000).mapToObj(i -> "{\"name\":\"c" + i + "\"}")
        .collect(Collectors.joining(","));
    String json = table("{\"database\":\"D\",\"name\":\"T\",\"columns\":[" + columns + "]}");
    assertFails(() -> CatalogSnapshot.parse(json, 4_000_000), IndexErrorCode.SNAPSHOT_INVALID)
        .hasMessageContaining("would take more than 4000000 bytes of memory");
    assertThat(CatalogSnapshot.parse(json, 100_000_000).tables().getFirst().columns())
        .hasSize(100_000);
  }

  @Test
  void parse_hugeString_isRefusedByTheReadersLimit() {
    String comment = "A".repeat(1_000_001);
    assertFails(() -> CatalogSnapshot.parse(
            table("{\"database\":\"D\",\"name\":\"T\",\"comment\":\"" + comment + "\"}")),
        IndexErrorCode.SNAPSHOT_INVALID).hasMessageContaining("exceeds a limit");
    // a long but plausible comment still loads
    String ok = "B".repeat(100_000);
    assertThat(CatalogSnapshot.parse(
        table("{\"database\":\"D\",\"name\":\"T\",\"comment\":\"" + ok + "\"}")).tables()
        .getFirst().comment()).hasSize(100_000);
  }

  @Test
  void parse_deepNesting_isInvalid_notAStackOverflow() {
    String deep = "[".repeat(200_000) + "]".repeat(200_000);
    assertFails(() -> CatalogSnapshot.parse(deep), IndexErrorCode.SNAPSHOT_INVALID);
    String inField = table("{\"database\":\"D\",\"name\":\"T\",\"extra\":"
        + "{\"a\":".repeat(10_000) + "1" + "}".repeat(10_000) + "}");
    assertFails(() -> CatalogSnapshot.parse(inField), IndexErrorCode.SNAPSHOT_INVALID);
  }

  @Test
  void parse_badVersions_areInvalid_withWhatIsAllowed() {
    for (String v : new String[] {"0", "-1", "\"1\"", "1.5", "99999999999", "null", "[]"}) {
      assertFails(() -> CatalogSnapshot.parse(
              "{\"format\":\"snowchat-catalog\",\"version\":" + v + ",\"tables\":[]}"),
          IndexErrorCode.SNAPSHOT_INVALID).hasMessageContaining("version");
    }
    assertFails(() -> CatalogSnapshot.parse(
            "{\"format\":\"snowchat-catalog\",\"version\":2,\"tables\":[]}"),
        IndexErrorCode.SNAPSHOT_INVALID).hasMessageContaining("upgrade schema-index");
    assertFails(() -> CatalogSnapshot.parse("{\"format\":\"snowchat-catalog\",\"tables\":[]}"),
        IndexErrorCode.SNAPSHOT_INVALID).hasMessageContaining("version");
  }

  @Test
  void parse_fieldsInAnotherOrder_andUnknownFields_stillLoad() {
    Catalog c = CatalogSnapshot.parse("{\"tables\":[{\"name\":\"T\",\"database\":\"D\","
        + "\"future\":{\"nested\":[1,2,{\"x\":null}]}}],\"writer\":\"hand\",\"version\":1,"
        + "\"format\":\"snowchat-catalog\"}");
    assertThat(c.tables()).extracting(t -> t.id().name()).containsExactly("T");
  }

  @Test
  void parse_contentAfterTheDocument_isInvalid() {
    String one = CatalogSnapshot.toJson(SnapshotFiles.shop());
    assertFails(() -> CatalogSnapshot.parse(one + one), IndexErrorCode.SNAPSHOT_INVALID)
        .hasMessageContaining("content after the end");
  }

  @Test
  void read_notUtf8_isInvalid() throws Exception {
    Path f = dir.resolve("catalog.json");
    byte[] json = table("{\"database\":\"D\",\"name\":\"T\u00FF\"}")
        .getBytes(StandardCharsets.ISO_8859_1);
    Files.write(f, json);
    assertFails(() -> CatalogSnapshot.read(f), IndexErrorCode.SNAPSHOT_INVALID)
        .hasMessageContaining("malformed JSON");
  }

  @Test
  void parse_controlCharactersAndLongValues_stayOutOfTheMessage() {
    assertFails(() -> CatalogSnapshot.parse(
            "{\"format\":\"x\\nWARN forged log line\\r\\u2028\",\"version\":1,\"tables\":[]}"),
        IndexErrorCode.SNAPSHOT_INVALID).hasMessageContaining("forged log line");
    String longValue = "x".repeat(100_000);
    assertFails(() -> CatalogSnapshot.parse(
            table("{\"database\":\"D\",\"name\":\"T\",\"changedOn\":\"" + longValue + "\"}")),
        IndexErrorCode.SNAPSHOT_INVALID).hasMessageContaining("changedOn");
  }

  @Test
  void parse_keysNamingMissingColumns_areInvalid_andNameTheColumn() {
    assertFails(() -> CatalogSnapshot.parse(table("{\"database\":\"D\",\"name\":\"T\","
            + "\"columns\":[{\"name\":\"ID\"},{\"name\":\"ID\"}]}")),
        IndexErrorCode.SNAPSHOT_INVALID).hasMessageContaining("column ID appears twice");
    assertFails(() -> CatalogSnapshot.parse(table("{\"database\":\"D\",\"name\":\"T\","
            + "\"columns\":[{\"name\":\"ID\"}],\"primaryKey\":[\"NOPE\"]}")),
        IndexErrorCode.SNAPSHOT_INVALID).hasMessageContaining("primaryKey")
        .hasMessageContaining("no column NOPE");
    assertFails(() -> CatalogSnapshot.parse(table("{\"database\":\"D\",\"name\":\"T\","
            + "\"columns\":[{\"name\":\"ID\"}],\"foreignKeys\":[{\"columns\":[\"ZZ\"],"
            + "\"references\":{\"database\":\"D\",\"schema\":\"PUBLIC\",\"name\":\"T\"},"
            + "\"referencedColumns\":[\"ID\"]}]}")),
        IndexErrorCode.SNAPSHOT_INVALID).hasMessageContaining("no column ZZ");
    assertFails(() -> CatalogSnapshot.parse(table("{\"database\":\"D\",\"name\":\"T\","
            + "\"columns\":[{\"name\":\"ID\"}],\"foreignKeys\":[{\"columns\":[\"ID\"],"
            + "\"references\":{\"database\":\"D\",\"schema\":\"PUBLIC\",\"name\":\"T\"},"
            + "\"referencedColumns\":[\"QQ\"]}]}")),
        IndexErrorCode.SNAPSHOT_INVALID).hasMessageContaining("no column QQ in D.PUBLIC.T");
  }

  @Test
  void parse_foreignKeyToATableOutsideTheSnapshot_loads_andGivesNoJoin() {
    Catalog c = CatalogSnapshot.parse(table("{\"database\":\"D\",\"name\":\"T\","
        + "\"columns\":[{\"name\":\"U_ID\"}],\"foreignKeys\":[{\"columns\":[\"U_ID\"],"
        + "\"references\":{\"database\":\"OTHER\",\"schema\":\"PUBLIC\",\"name\":\"U\"},"
        + "\"referencedColumns\":[\"ID\"]}]}"));
    JoinGraph graph = JoinGraph.build(c, InferenceOptions.defaults());
    assertThat(graph.neighbors(QualifiedName.of("D", "PUBLIC", "T"))).isEmpty();
  }

  @Test
  void parse_duplicateTable_isInvalid() {
    String t = "{\"database\":\"D\",\"name\":\"T\"}";
    assertFails(() -> CatalogSnapshot.parse(table(t + "," + t)),
        IndexErrorCode.SNAPSHOT_INVALID).hasMessageContaining("duplicate table");
  }

  /** The stricter checks refuse nothing a real catalog holds (skipped without the data). */
  @Test
  void birdCatalog_passesEveryCheck() {
    Path f = Path.of(System.getProperty("snowchat.shared.dir", "../../shared"), "data", "bird",
        "catalog.json");
    assumeTrue(Files.isRegularFile(f), "BIRD data not found at " + f);
    assertThat(CatalogSnapshot.read(f).size()).isEqualTo(597);
  }
}
