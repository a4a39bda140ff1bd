package dev.snowchat.schemaindex.internal.embed;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.schemaindex.EmbeddingProvider;
import dev.snowchat.schemaindex.EmbeddingProviders;
import dev.snowchat.schemaindex.internal.eval.Evaluate;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 14 item 2, audited: a local ONNX model's id (which decides whether cached and snapshot
 * vectors are its own) comes from its files' content, not their modification times: a
 * byte-identical copy of the model folder uses the vectors written in CI, a changed file does not.
 */
class LocalModelIdTest {
  private static final DjlEmbeddingProvider.Pooling CLS = DjlEmbeddingProvider.Pooling.CLS;

  static Path folder(Path dir, byte[] model, String tokenizer) throws Exception {
    Files.createDirectories(dir);
    Files.write(dir.resolve("model.onnx"), model);
    Files.writeString(dir.resolve("tokenizer.json"), tokenizer);
    return dir;
  }

  static String id(Path folder) {
    return DjlEmbeddingProviderFactory.modelId(folder.resolve("model.onnx"),
        folder.resolve("tokenizer.json"), 256, CLS, "q: ", "");
  }

  @Test
  void copyWithOtherTimes_sameId_changedBytesOrSettings_anotherId(@TempDir Path dir)
      throws Exception {
    byte[] bytes = new byte[300_000];
    new Random(7).nextBytes(bytes);
    Path a = folder(dir.resolve("a"), bytes, "{\"model\":1}");
    Path b = folder(dir.resolve("b"), bytes, "{\"model\":1}");
    FileTime later = FileTime.from(Instant.parse("2030-01-01T00:00:00Z"));
    Files.setLastModifiedTime(b.resolve("model.onnx"), later);
    Files.setLastModifiedTime(b.resolve("tokenizer.json"), later);

    assertThat(id(b)).isEqualTo(id(a))
        .startsWith("djl:model:300000:crc=").contains(":tokenizer:11:crc=")
        .doesNotContain(Long.toString(later.toMillis()))
        .doesNotContain(Long.toString(Files.getLastModifiedTime(a.resolve("model.onnx"))
            .toMillis()));

    byte[] changed = bytes.clone();
    changed[150_000] ^= 1; // same size, one bit
    Path c = folder(dir.resolve("c"), changed, "{\"model\":1}");
    assertThat(id(c)).isNotEqualTo(id(a));
    Path d = folder(dir.resolve("d"), bytes, "{\"model\":2}");
    assertThat(id(d)).isNotEqualTo(id(a));
    assertThat(DjlEmbeddingProviderFactory.modelId(a.resolve("model.onnx"),
        a.resolve("tokenizer.json"), 128, CLS, "q: ", "")).isNotEqualTo(id(a));
    assertThat(DjlEmbeddingProviderFactory.modelId(a.resolve("model.onnx"),
        a.resolve("tokenizer.json"), 256, DjlEmbeddingProvider.Pooling.MEAN, "q: ", ""))
        .isNotEqualTo(id(a));
  }

  /** The audit's case: a model folder copied (new times) ignored the vectors written in CI. */
  @Test
  void realModel_copiedFolder_hasTheSameModelId(@TempDir Path dir) throws Exception {
    Map<String, String> files = Evaluate.miniLmFiles();
    Path copy = Files.createDirectories(dir.resolve("copy"));
    Files.copy(Path.of(files.get("modelPath")), copy.resolve("model.onnx"),
        StandardCopyOption.REPLACE_EXISTING);
    Files.copy(Path.of(files.get("tokenizerPath")), copy.resolve("tokenizer.json"),
        StandardCopyOption.REPLACE_EXISTING);
    Files.setLastModifiedTime(copy.resolve("model.onnx"),
        FileTime.from(Instant.parse("2031-02-03T04:05:06Z")));
    try (EmbeddingProvider original = EmbeddingProviders.create("djl", files);
        EmbeddingProvider copied = EmbeddingProviders.fromSetting(copy.toString())
            .orElseThrow()) {
      assertThat(copied.modelId()).isEqualTo(original.modelId());
      assertThat(copied.embed("orders")).containsExactly(original.embed("orders"));
    }
  }
}
