package dev.snowchat.mcp.issues;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.mcp.TestEnv;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Issue 11 item 9: a normal start and exit of the stdio server logs in one format with no
 * warning: no Lucene incubator notice, no WARN from the pool or the index when the input ends.
 */
class Issue11QuietExitIT {
  static final Path JAR = Path.of(System.getProperty("snowchat.test.jar",
      "target/snowchat-mcp.jar"));

  @Test
  void stdio_startServeAndEndOfInput_logsNoWarning() throws Exception {
    ProcessBuilder pb = new ProcessBuilder(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar",
        JAR.toAbsolutePath().toString());
    pb.environment().keySet().removeIf(k -> k.startsWith("SNOWFLAKE_") || k.startsWith("SNOWCHAT_"));
    pb.environment().put("SNOWCHAT_SAMPLE_DIR", TestEnv.sampleDir().toString());
    pb.redirectOutput(ProcessBuilder.Redirect.DISCARD);
    Process p = pb.start();
    List<String> log = new ArrayList<>();
    try (OutputStream in = p.getOutputStream();
        BufferedReader err = new BufferedReader(new InputStreamReader(p.getErrorStream(),
            StandardCharsets.UTF_8))) {
      in.write(("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
          + "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":"
          + "{\"name\":\"t\",\"version\":\"1\"}}}\n"
          + "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n")
          .getBytes(StandardCharsets.UTF_8));
      in.flush();
      // Serve until the schema index has loaded (the pool and the index are busy), then end.
      String line;
      while ((line = err.readLine()) != null) {
        log.add(line);
        if (line.contains("Schema index loaded")) {
          break;
        }
      }
      in.close();
      while ((line = err.readLine()) != null) {
        log.add(line);
      }
    }
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as(String.join("\n", log)).isZero();
    assertThat(log).anySatisfy(l -> assertThat(l).contains("Schema index loaded"));
    assertThat(log).as("stderr").noneSatisfy(l -> assertThat(l)
        .containsAnyOf(" WARN ", " ERROR ", "WARNING:", "incubator", "Exception"));
  }
}
