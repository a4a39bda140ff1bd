package dev.snowchat.mcp.issues;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Runs the Snowflake driver's own Google Cloud Storage access (what PUT and GET use with a
 * down-scoped token) against an endpoint, in a JVM whose class path is a runnable jar: uploads an
 * object, lists the prefix, reads the object's metadata and downloads it, printing what it saw.
 * Started by {@link Issue11SlimJarIT} (reflection only: the test libraries are not on the path).
 *
 * <p>Usage: {@code java -cp JAR:TEST_CLASSES ...SnowflakeGcsProbe HOST:PORT}
 */
final class SnowflakeGcsProbe {
  private SnowflakeGcsProbe() {}

  public static void main(String[] args) throws Exception {
    ClassLoader loader = SnowflakeGcsProbe.class.getClassLoader();
    String pkg = "net.snowflake.client.jdbc.cloud.storage.";
    Class<?> stageInfo = loader.loadClass(pkg + "StageInfo");
    Object stage = stageInfo.getMethod("createStageInfo", String.class, String.class, Map.class,
        String.class, String.class, String.class, boolean.class).invoke(null, "GCS",
        "stage-bucket/path/", Map.of("GCS_ACCESS_TOKEN", "test-token"), "us-central1", args[0],
        null, true);
    Class<?> strategyClass = loader.loadClass(pkg + "GCSDefaultAccessStrategy");
    Constructor<?> ctor = strategyClass.getDeclaredConstructor(stageInfo,
        loader.loadClass("net.snowflake.client.core.SFSession"));
    ctor.setAccessible(true);
    Object strategy = ctor.newInstance(stage, null);

    byte[] data = "id,name\n1,alice\n".getBytes(StandardCharsets.UTF_8);
    method(strategyClass, "uploadWithDownScopedToken").invoke(strategy, 1, "stage-bucket",
        "path/data.csv", null, Map.of("sfc-digest", "abc"), (long) data.length,
        new ByteArrayInputStream(data), "query-1");
    System.out.println("uploaded " + data.length);

    List<String> keys = new ArrayList<>();
    for (Object s : (Iterable<?>) method(strategyClass, "listObjects").invoke(strategy,
        "stage-bucket", "path/")) {
      keys.add((String) s.getClass().getMethod("getKey").invoke(s));
    }
    System.out.println("listed " + keys);

    Object metadata = method(strategyClass, "getObjectMetadata").invoke(strategy, "stage-bucket",
        "path/data.csv");
    System.out.println("length " + metadata.getClass().getMethod("getContentLength")
        .invoke(metadata));

    Object pair = method(strategyClass, "downloadToStream").invoke(strategy, "stage-bucket",
        "path/data.csv", false);
    try (InputStream in = (InputStream) pair.getClass().getField("left").get(pair)) {
      System.out.println("downloaded " + new String(in.readAllBytes(), StandardCharsets.UTF_8)
          .replace("\n", "|"));
    }
    method(strategyClass, "shutdown").invoke(strategy);
  }

  private static Method method(Class<?> c, String name) {
    for (Method m : c.getMethods()) {
      if (m.getName().equals(name)) {
        m.setAccessible(true);
        return m;
      }
    }
    throw new IllegalStateException("no method " + name + " on " + c);
  }
}
