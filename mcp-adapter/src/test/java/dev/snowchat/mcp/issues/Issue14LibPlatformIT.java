package dev.snowchat.mcp.issues;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.snowchat.mcp.TestEnv;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 14 (packaging): lib/ beside the runnable jar follows its platform (the manifest's
 * Snowchat-Platform) like the jar itself: ONNX Runtime's and the tokenizers' jars keep only that
 * platform's native libraries (every platform's for {@code all}), never debug symbols, and every
 * other entry as published; the server run from the jar still embeds with the shipped bge-small
 * model. Runs under failsafe only (after package): surefire's test phase would see the previous
 * build's lib/, or none.
 */
class Issue14LibPlatformIT {
  static final Path JAR = Path.of(System.getProperty("snowchat.test.jar",
      "target/snowchat-mcp.jar"));
  static final Path LIB = JAR.toAbsolutePath().getParent().resolve("lib");

  /** ONNX Runtime's native directories: ai/onnxruntime/native/OS-ARCH/. */
  static final Pattern ORT_NATIVE = Pattern.compile("ai/onnxruntime/native/([^/]+)/.+");
  /** The tokenizers' native directories: native/lib/OS-ARCH/FLAVOR/. */
  static final Pattern TOKENIZERS_NATIVE = Pattern.compile("native/lib/([^/]+)/.+");
  static final Pattern DEBUG_SYMBOLS = Pattern.compile("(?i).*([.]pdb$|[.]dsym/.*)");

  @BeforeAll
  static void afterPackage() {
    assumeTrue(Boolean.getBoolean("snowchat.test.packaged"),
        "lib/ is written at package; this test runs under failsafe");
  }

  @Test
  void libJars_holdThePlatformsNativesOnly_noDebugSymbols_andEverythingElseAsPublished()
      throws Exception {
    String platform;
    try (JarFile jar = new JarFile(JAR.toFile())) {
      platform = jar.getManifest().getMainAttributes().getValue("Snowchat-Platform");
    }
    assertThat(platform).isNotNull();
    Set<String> ort = switch (platform) {
      case "linux-amd64" -> Set.of("linux-x64");
      case "linux-aarch64" -> Set.of("linux-aarch64");
      case "osx-universal" -> Set.of("osx-x64", "osx-aarch64");
      case "windows-amd64" -> Set.of("win-x64");
      case "all" -> Set.of("linux-x64", "linux-aarch64", "osx-x64", "osx-aarch64", "win-x64");
      default -> throw new AssertionError("unknown platform " + platform);
    };
    // tokenizers 0.36.0 publishes no osx-x86_64 library.
    Set<String> tokenizers = switch (platform) {
      case "linux-amd64" -> Set.of("linux-x86_64");
      case "linux-aarch64" -> Set.of("linux-aarch64");
      case "osx-universal" -> Set.of("osx-aarch64");
      case "windows-amd64" -> Set.of("win-x86_64");
      default -> Set.of("linux-x86_64", "linux-aarch64", "osx-aarch64", "win-x86_64");
    };
    check(lib("onnxruntime-"), published("ai/onnxruntime/OrtEnvironment.class"), ORT_NATIVE,
        ort);
    check(lib("tokenizers-"),
        published("ai/djl/huggingface/tokenizers/HuggingFaceTokenizer.class"),
        TOKENIZERS_NATIVE, tokenizers);
  }

  @Test
  void serverFromTheJar_embedsWithBgeSmall_andSearchesHybrid(@TempDir Path djlCache)
      throws Exception {
    // A fresh DJL cache: the tokenizers' library comes out of lib/'s jar, not an earlier run's.
    List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java")
        .toString(), "-Dai.djl.offline=true", "-jar", JAR.toAbsolutePath().toString(), "call",
        "search_schema", "{\"query\":\"reviews by host\"}");
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
    pb.environment().keySet().removeIf(k -> k.startsWith("SNOWFLAKE_")
        || k.startsWith("SNOWCHAT_") || k.startsWith("DJL_") || k.equals("ENGINE_CACHE_DIR"));
    pb.environment().putAll(TestEnv.sample());
    pb.environment().put("DJL_CACHE_DIR", djlCache.toString());
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(150, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as(out).isZero();
    assertThat(out).contains("embedded by bge-small", "AIRBNB.ANALYTICS.FACT_REVIEWS")
        .contains("hybrid search: keywords and the embedding model")
        .doesNotContain("UnsatisfiedLinkError", "Exception");
    try (Stream<Path> files = Files.walk(djlCache)) {
      assertThat(files.map(f -> f.getFileName().toString()))
          .as("the tokenizers' library, extracted from lib/")
          .anyMatch(n -> n.matches("(lib)?tokenizers[.](so|dylib|dll)"));
    }
  }

  private static void check(Path slim, Path published, Pattern nativeDir, Set<String> expected)
      throws IOException {
    Map<String, Long> slimEntries = entries(slim);
    Map<String, Long> publishedEntries = entries(published);
    assertThat(slimEntries.keySet()).as(slim + ": debug symbols")
        .noneMatch(n -> DEBUG_SYMBOLS.matcher(n).matches());
    Set<String> platforms = new TreeSet<>();
    for (String n : slimEntries.keySet()) {
      Matcher m = nativeDir.matcher(n);
      if (m.matches()) {
        platforms.add(m.group(1));
      }
    }
    assertThat(platforms).as(slim + ": native directories").isEqualTo(new TreeSet<>(expected));
    // Everything else (classes, META-INF, the properties the runtime reads to find its
    // library) is as published, byte for byte (CRC); only the platform's natives remain.
    Map<String, Long> kept = new TreeMap<>();
    publishedEntries.forEach((n, crc) -> {
      Matcher m = nativeDir.matcher(n);
      boolean otherPlatform = m.matches() && !expected.contains(m.group(1));
      if (!otherPlatform && !DEBUG_SYMBOLS.matcher(n).matches()) {
        kept.put(n, crc);
      }
    });
    assertThat(slimEntries).as(slim + ": entries and CRCs").isEqualTo(kept);
  }

  /** File entries (no directories) to their CRC-32. */
  private static Map<String, Long> entries(Path jar) throws IOException {
    Map<String, Long> out = new TreeMap<>();
    try (ZipFile z = new ZipFile(jar.toFile())) {
      z.stream().filter(e -> !e.isDirectory()).forEach((ZipEntry e) -> out.put(e.getName(),
          e.getCrc()));
    }
    return out;
  }

  private static Path lib(String prefix) throws IOException {
    List<Path> found = new ArrayList<>();
    try (Stream<Path> files = Files.list(LIB)) {
      files.filter(f -> f.getFileName().toString().matches(Pattern.quote(prefix) + "[0-9].*"
          + "[.]jar")).forEach(found::add);
    }
    assertThat(found).as(LIB + ": " + prefix + "*.jar").hasSize(1);
    return found.get(0);
  }

  /** The published jar holding a class (the test class path has the unmodified artifact). */
  private static Path published(String resource) {
    String spec = Issue14LibPlatformIT.class.getClassLoader().getResource(resource).toString();
    assertThat(spec).startsWith("jar:file:");
    return Path.of(URI.create(spec.substring(4, spec.indexOf("!/"))));
  }
}
