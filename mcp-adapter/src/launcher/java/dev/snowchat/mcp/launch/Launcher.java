package dev.snowchat.mcp.launch;

import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.lang.reflect.InvocationTargetException;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

/**
 * The entry point of Snowchat's runnable jars, compiled for Java 8 so that any {@code java} can
 * start it. On Java 21 or newer it calls the jar's real main class (manifest attribute
 * {@code Snowchat-Main}) in the same JVM. On an older Java it looks for an installed JDK or JRE
 * 21+ ({@code SNOWCHAT_JAVA_HOME}, {@code JAVA_HOME}, then the usual install folders), runs the
 * jar with it, passing standard input and output straight through (the MCP stdio channel), and
 * exits with its exit code. When none is found it says exactly what to install.
 */
public final class Launcher {
  static final int MINIMUM = 21;

  private Launcher() {}

  /**
   * Starts the jar's real main class on a suitable Java.
   *
   * @param args the command line, passed on unchanged
   * @throws Throwable whatever the real main throws
   */
  public static void main(String[] args) throws Throwable {
    File jar = ownJar();
    String mainClass = mainClass(jar);
    if (feature(System.getProperty("java.specification.version")) >= MINIMUM) {
      try {
        Class.forName(mainClass).getMethod("main", String[].class).invoke(null, (Object) args);
      } catch (InvocationTargetException e) {
        throw e.getCause();
      }
      return;
    }
    File java = findJava();
    if (java == null) {
      System.err.println(missingJavaMessage());
      System.exit(1);
      return;
    }
    List<String> command = new ArrayList<String>();
    command.add(java.getPath());
    // -jar would apply the manifest's Enable-Native-Access; -cp does not (DuckDB loads natives).
    command.add("--enable-native-access=ALL-UNNAMED");
    command.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
    command.add("-cp");
    command.add(jar.getPath());
    command.add(mainClass);
    for (String a : args) {
      command.add(a);
    }
    final Process child = new ProcessBuilder(command).inheritIO().start();
    Runtime.getRuntime().addShutdownHook(new Thread(new Runnable() {
      @Override
      public void run() {
        child.destroy();
      }
    }));
    System.exit(child.waitFor());
  }

  /** {@return the feature release of a {@code java.specification.version} value, 8 for "1.8"} */
  static int feature(String specVersion) {
    String v = specVersion == null ? "" : specVersion.trim();
    if (v.startsWith("1.")) {
      v = v.substring(2);
    }
    int end = 0;
    while (end < v.length() && Character.isDigit(v.charAt(end))) {
      end++;
    }
    return end == 0 ? 0 : Integer.parseInt(v.substring(0, end));
  }

  /** {@return the newest Java 21+ found in the usual places, or null} */
  static File findJava() {
    File best = null;
    int bestFeature = 0;
    for (File home : candidateHomes()) {
      int f = releaseFeature(home);
      File java = javaBinary(home);
      if (f >= MINIMUM && java != null && f > bestFeature) {
        best = java;
        bestFeature = f;
      }
    }
    return best;
  }

  private static List<File> candidateHomes() {
    List<File> homes = new ArrayList<File>();
    for (String env : new String[] {"SNOWCHAT_JAVA_HOME", "JAVA_HOME"}) {
      String v = System.getenv(env);
      if (v != null && !v.trim().isEmpty()) {
        homes.add(new File(v.trim()));
      }
    }
    String userHome = System.getProperty("user.home", "");
    String[] roots = {
      "/usr/lib/jvm", "/usr/java", "/opt/java", "/opt", "/usr/local/opt",
      "/Library/Java/JavaVirtualMachines", userHome + "/.sdkman/candidates/java",
      userHome + "/.jdks", "C:\\Program Files\\Java", "C:\\Program Files\\Eclipse Adoptium",
      "C:\\Program Files\\Microsoft"
    };
    for (String root : roots) {
      File[] children = new File(root).listFiles();
      if (children == null) {
        continue;
      }
      for (File c : children) {
        homes.add(c);
        homes.add(new File(c, "Contents/Home")); // macOS bundles
      }
    }
    return homes;
  }

  private static File javaBinary(File home) {
    for (String name : new String[] {"bin/java", "bin/java.exe"}) {
      File f = new File(home, name);
      if (f.isFile() && f.canExecute()) {
        return f;
      }
    }
    return null;
  }

  /** {@return the feature release named by a Java home's {@code release} file, or 0} */
  static int releaseFeature(File home) {
    File release = new File(home, "release");
    if (!release.isFile()) {
      return 0;
    }
    Properties p = new Properties();
    try (InputStream in = new FileInputStream(release)) {
      p.load(in);
    } catch (IOException e) {
      return 0;
    }
    String v = p.getProperty("JAVA_VERSION", "").replace("\"", "");
    return feature(v);
  }

  static String missingJavaMessage() {
    return "Snowchat needs Java " + MINIMUM + " or newer, but this is Java "
        + System.getProperty("java.version") + " (" + System.getProperty("java.home") + ")"
        + " and no Java " + MINIMUM + "+ was found in SNOWCHAT_JAVA_HOME, JAVA_HOME,"
        + " /usr/lib/jvm, /Library/Java/JavaVirtualMachines, ~/.sdkman or ~/.jdks.\n"
        + "Install a JDK or JRE " + MINIMUM + "+ (for example Eclipse Temurin 21 or 25, or your"
        + " system's openjdk-21 package), then run again; if it is installed elsewhere, set"
        + " SNOWCHAT_JAVA_HOME to its folder.";
  }

  private static File ownJar() throws URISyntaxException {
    return new File(Launcher.class.getProtectionDomain().getCodeSource().getLocation().toURI());
  }

  private static String mainClass(File jar) throws IOException {
    if (jar.isFile()) {
      try (JarFile jf = new JarFile(jar)) {
        Manifest m = jf.getManifest();
        String main = m == null ? null : m.getMainAttributes().getValue("Snowchat-Main");
        if (main != null) {
          return main.trim();
        }
      }
    }
    throw new IllegalStateException("Snowchat launcher: " + jar
        + " names no Snowchat-Main class in its manifest; start a Snowchat runnable jar");
  }
}
