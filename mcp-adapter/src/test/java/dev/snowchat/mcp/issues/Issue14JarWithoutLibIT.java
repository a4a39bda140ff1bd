package dev.snowchat.mcp.issues;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.snowchat.mcp.TestEnv;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 14 item 1, audited: the runnable jar copied without its {@code lib/} (DJL, ONNX Runtime,
 * the shipped model) stops with the documented configuration error (exit 2) naming what is
 * missing, for the shipped default and a local model path alike; it printed {@code
 * NoClassDefFoundError: ai/djl/translate/Translator} and exited 1. {@code hashing} needs no
 * {@code lib/}. Runs under failsafe only (after package).
 */
class Issue14JarWithoutLibIT {
  static final Path JAR = Path.of(System.getProperty("snowchat.test.jar",
      "target/snowchat-mcp.jar"));

  @BeforeAll
  static void afterPackage() {
    assumeTrue(Boolean.getBoolean("snowchat.test.packaged"),
        "the jar is written at package; this test runs under failsafe");
  }

  record Run(int exitCode, String output) {}

  static Run call(Path jar, String embeddings) throws Exception {
    List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java")
        .toString(), "-Dai.djl.offline=true", "-jar", jar.toString(), "call", "search_schema",
        "{\"query\":\"hosts\"}");
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
    pb.environment().keySet().removeIf(k -> k.startsWith("SNOWFLAKE_")
        || k.startsWith("SNOWCHAT_"));
    pb.environment().putAll(TestEnv.sample());
    if (embeddings != null) {
      pb.environment().put("SNOWCHAT_EMBEDDINGS", embeddings);
    }
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(150, TimeUnit.SECONDS)).isTrue();
    return new Run(p.exitValue(), out);
  }

  @Test
  void jarAlone_modelValues_exit2NamingWhatIsMissing_hashingWorks(@TempDir Path dir)
      throws Exception {
    Path jar = Files.copy(JAR, dir.resolve("snowchat-mcp.jar"));
    Path model = Files.createDirectories(dir.resolve("model"));
    Files.writeString(model.resolve("model.onnx"), "not a model");
    Files.writeString(model.resolve("tokenizer.json"), "{}");
    for (String value : new String[] {null, "bge-small,cacheDir=" + dir, model.toString()}) {
      Run r = call(jar, value);
      assertThat(r.exitCode()).as(r.output()).isEqualTo(2);
      assertThat(r.output()).as(value)
          .contains("snowchat-mcp: cannot start: SNOWCHAT_EMBEDDINGS: embedding provider")
          .contains("needs DJL and ONNX Runtime on the class path (ai.djl.Model is missing)")
          .contains("lib/ beside the jar")
          .doesNotContain("NoClassDefFoundError").doesNotContain("\tat ");
    }
    Run hashing = call(jar, "hashing");
    assertThat(hashing.exitCode()).as(hashing.output()).isZero();
    assertThat(hashing.output()).contains("AIRBNB.ANALYTICS.DIM_HOSTS");
  }
}
