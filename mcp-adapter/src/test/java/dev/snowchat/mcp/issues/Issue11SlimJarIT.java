package dev.snowchat.mcp.issues;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import dev.snowchat.mcp.TestEnv;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import java.util.zip.GZIPInputStream;
import javax.crypto.Cipher;
import javax.crypto.EncryptedPrivateKeyInfo;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.PBEParameterSpec;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 11 item 8: the runnable jar carries one platform's native libraries and a slimmed
 * Snowflake driver (see EVALUATION.md, "Jar size"), and the driver still works: every class any
 * class of the driver can reach is in the jar, loads and links, except the gRPC transport of the
 * shaded Google Cloud Storage client, which only that client's gRPC mode uses and the driver
 * never selects; the driver's GCS client uploads, lists and downloads over HTTPS; logins with a
 * password, a key pair and an OAuth token reach a fake Snowflake on 127.0.0.1 and fail cleanly
 * as CONNECTION_FAILED.
 */
class Issue11SlimJarIT {
  static final Path JAR = Path.of(System.getProperty("snowchat.test.jar",
      "target/snowchat-mcp.jar"));
  static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();
  static final String DRIVER = "net/snowflake/client/";
  static final String SHADED = "net/snowflake/client/jdbc/internal/";

  /** What the shaded GCS client's gRPC mode needs beyond its own classes (left out). */
  static final List<String> GRPC_TRANSPORT = List.of(SHADED + "grpc/", SHADED + "org/conscrypt/",
      SHADED + "google/cloud/grpc/",
      SHADED + "google/monitoring/", SHADED + "google/cloud/monitoring/",
      SHADED + "google/cloud/opentelemetry/", SHADED + "opentelemetry/",
      SHADED + "google/re2j/", SHADED + "opencensus/proto/");

  /**
   * The classes that make up the GCS client's gRPC mode (its gRPC options, stubs, write-session
   * configurations, metrics bootstrapping, gax's gRPC layer) and gRPC's own API: the only ones
   * that may name what the jar lacks. The driver's HTTP path (HttpStorageOptions, StorageImpl)
   * may not.
   */
  static final java.util.regex.Pattern GRPC_MODE = java.util.regex.Pattern.compile(
      java.util.regex.Pattern.quote(SHADED) + "(google/cloud/storage/(Grpc|Gapic"
          + "|OpenTelemetryBootstrapping|(Bidi|Default|Journaling)BlobWriteSessionConfig"
          + "|ParallelComposite)|google/storage/v2/(StorageSettings|stub/)"
          + "|google/longrunning/stub/|google/api/gax/grpc/|grpc/[A-Z]).*");

  /**
   * Bouncy Castle's DRBG looks for an entropy source by class name, the JDK's own first and
   * Conscrypt's last; without Conscrypt it takes the JDK's.
   */
  static final String DRBG_PROBE = "string:" + SHADED
      + "org/bouncycastle/jcajce/provider/drbg/DRBG";

  /** {@return true when a class the jar lacks is only named where that is expected} */
  static boolean expectedAbsence(String missing, Set<String> referrers) {
    if (missing.startsWith(SHADED + "org/conscrypt/") && referrers.equals(Set.of(DRBG_PROBE))) {
      return true;
    }
    return GRPC_TRANSPORT.stream().anyMatch(missing::startsWith) && referrers.stream()
        .allMatch(f -> GRPC_MODE.matcher(f.replaceFirst("^string:", "")).matches());
  }

  static JarClosure slim;
  static JarClosure upstream;
  static JarClosure.Walk walk;

  @BeforeAll
  static void walkTheDriver() throws Exception {
    slim = new JarClosure(JAR);
    // The driver as published (the test class path has the original, unslimmed artifact).
    upstream = new JarClosure(upstreamJar());
    Set<String> known = upstream.names();
    walk = slim.walk(slim.classesUnder(DRIVER, SHADED), known::contains,
        upstream.classes::containsKey);
  }

  @Test
  void snowflakeDriver_everyClassItReaches_isInTheJar_butTheGcsGrpcTransport() {
    assertThat(walk.reached).as("the walk starts from the driver's own classes")
        .containsKeys("net/snowflake/client/jdbc/SnowflakeDriver",
            "net/snowflake/client/core/SessionUtilKeyPair",
            "net/snowflake/client/core/arrow/ArrowVectorConverter",
            "net/snowflake/client/jdbc/cloud/storage/SnowflakeS3Client",
            "net/snowflake/client/jdbc/cloud/storage/SnowflakeAzureClient",
            "net/snowflake/client/jdbc/cloud/storage/SnowflakeGCSClient")
        .containsKeys(SHADED + "apache/arrow/vector/VectorSchemaRoot",
            SHADED + "org/bouncycastle/jce/provider/BouncyCastleProvider",
            SHADED + "google/cloud/storage/HttpStorageOptions",
            SHADED + "amazonaws/services/s3/AmazonS3Client",
            SHADED + "microsoft/azure/storage/blob/CloudBlobClient");
    Map<String, Set<String>> unexpected = new TreeMap<>();
    walk.absent.forEach((missing, from) -> {
      if (!expectedAbsence(missing, from)) {
        unexpected.put(missing, from);
      }
    });
    assertThat(unexpected).as("classes of the published driver that a class of the driver"
        + " reaches but the jar lacks (class -> referrers); widen the jar's shade filters"
        + " (parent pom) or explain the new boundary").isEmpty();
    // The driver itself never names the gRPC mode: it builds HttpStorageOptions.
    assertThat(walk.absent.values().stream().flatMap(Set::stream)
        .filter(f -> f.startsWith(DRIVER) && !f.startsWith(SHADED))).isEmpty();
  }

  @Test
  void snowflakeDriver_everyClassItReaches_loadsAndLinks() throws Exception {
    Map<String, String> failures = new TreeMap<>();
    try (URLClassLoader loader = new URLClassLoader(new URL[] {JAR.toUri().toURL()},
        ClassLoader.getPlatformClassLoader())) {
      for (String c : walk.reached.keySet()) {
        if (!upstream.classes.containsKey(c)) {
          continue; // not the driver's (our own copy of SLF4J, say)
        }
        try {
          // Loading without initializing runs no driver code; reflecting on the members links
          // the class (verifying its bytecode) and resolves every type in its signatures.
          Class<?> k = Class.forName(c.replace('/', '.'), false, loader);
          k.getDeclaredMethods();
          k.getDeclaredFields();
          k.getDeclaredConstructors();
        } catch (NoClassDefFoundError e) {
          failures.put(c, String.valueOf(e.getMessage()));
        } catch (LinkageError | TypeNotPresentException e) {
          failures.put(c, e.toString());
        }
      }
    }
    // Only classes that cannot link in the published driver either (they need optional
    // libraries it does not bundle, e.g. Log4j, App Engine), or that belong to the GCS client's
    // gRPC mode, may fail.
    Map<String, String> unexpected = new TreeMap<>();
    try (URLClassLoader loader = new URLClassLoader(new URL[] {upstreamJar().toUri().toURL()},
        ClassLoader.getPlatformClassLoader())) {
      failures.forEach((c, e) -> {
        if (GRPC_MODE.matcher(c).matches() && GRPC_TRANSPORT.stream().anyMatch(e::startsWith)) {
          return; // a class of the GCS client's gRPC mode, needing the gRPC transport
        }
        try {
          Class<?> k = Class.forName(c.replace('/', '.'), false, loader);
          k.getDeclaredMethods();
          k.getDeclaredFields();
          k.getDeclaredConstructors();
          unexpected.put(c, e);
        } catch (LinkageError | TypeNotPresentException | ClassNotFoundException ok) {
          // fails in the published driver as well
        }
      });
    }
    assertThat(unexpected).as("classes that link in the published driver but not in the jar")
        .isEmpty();
    assertThat(walk.reached.size()).isGreaterThan(10_000);
  }

  @Test
  void duckDb_theJarCarriesOnePlatformsEngine_andItAnswersQueries() throws Exception {
    String platform;
    List<String> engines = new ArrayList<>();
    try (JarFile jar = new JarFile(JAR.toFile())) {
      platform = jar.getManifest().getMainAttributes().getValue("Snowchat-Platform");
      jar.stream().map(e -> e.getName()).filter(n -> n.startsWith("libduckdb_java"))
          .forEach(engines::add);
    }
    assertThat(platform).isNotNull();
    if (platform.equals("all")) {
      assertThat(engines).hasSize(4);
    } else {
      String duckdbName = switch (platform) {
        case "linux-amd64" -> "linux_amd64";
        case "linux-aarch64" -> "linux_arm64";
        case "osx-universal" -> "osx_universal";
        case "windows-amd64" -> "windows_amd64";
        default -> throw new AssertionError("unknown platform " + platform);
      };
      assertThat(engines).containsExactly("libduckdb_java.so_" + duckdbName);
    }
    Result r = run(TestEnv.sample(), "call", "execute_query",
        "{\"sql\":\"SELECT count(*) AS n FROM AIRBNB.ANALYTICS.DIM_HOSTS\"}");
    assertThat(r.exit()).as(r.output()).isZero();
    assertThat(r.output()).contains("<<<DATA", "n BIGINT");
  }

  @Test
  void gcsClient_uploadsListsAndDownloadsOverHttps_withoutTheGrpcTransport(@TempDir Path dir)
      throws Exception {
    // The driver always speaks HTTPS to a GCS endpoint: a self-signed certificate for 127.0.0.1,
    // trusted by the probe's JVM only.
    Path keystore = dir.resolve("gcs.p12");
    Process keytool = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin",
        "keytool").toString(), "-genkeypair", "-alias", "gcs", "-keyalg", "RSA", "-keysize",
        "2048", "-dname", "CN=127.0.0.1", "-ext", "san=ip:127.0.0.1", "-validity", "2",
        "-storetype", "PKCS12", "-keystore", keystore.toString(), "-storepass", "changeit")
        .redirectErrorStream(true).start();
    String keytoolOutput = new String(keytool.getInputStream().readAllBytes(),
        StandardCharsets.UTF_8);
    assertThat(keytool.waitFor()).as(keytoolOutput).isZero();
    KeyStore ks = KeyStore.getInstance("PKCS12");
    try (InputStream in = Files.newInputStream(keystore)) {
      ks.load(in, "changeit".toCharArray());
    }
    KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory
        .getDefaultAlgorithm());
    kmf.init(ks, "changeit".toCharArray());
    SSLContext tls = SSLContext.getInstance("TLS");
    tls.init(kmf.getKeyManagers(), null, null);

    Map<String, byte[]> objects = Collections.synchronizedMap(new LinkedHashMap<>());
    List<String> requests = Collections.synchronizedList(new ArrayList<>());
    HttpsServer gcs = HttpsServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    gcs.setHttpsConfigurator(new HttpsConfigurator(tls));
    gcs.createContext("/", ex -> fakeGcs(ex, objects, requests));
    gcs.start();
    Result r;
    try {
      Path testClasses = Path.of(SnowflakeGcsProbe.class.getProtectionDomain().getCodeSource()
          .getLocation().toURI());
      ProcessBuilder pb = new ProcessBuilder(JAVA, "-Djavax.net.ssl.trustStore=" + keystore,
          "-Djavax.net.ssl.trustStorePassword=changeit", "-Djavax.net.ssl.trustStoreType=PKCS12",
          // No look-up of Google's default credentials (it would try the metadata server).
          "-Dnet.snowflake.jdbc.disableGcsDefaultCredentials=true",
          "-cp", JAR.toAbsolutePath() + java.io.File.pathSeparator + testClasses,
          SnowflakeGcsProbe.class.getName(), "127.0.0.1:" + gcs.getAddress().getPort())
          .redirectErrorStream(true);
      Process p = pb.start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
      r = new Result(p.exitValue(), out);
    } finally {
      gcs.stop(0);
    }
    assertThat(r.exit()).as(r.output()).isZero();
    assertThat(r.output()).contains("uploaded 16", "listed [path/data.csv]", "length 16",
        "downloaded id,name|1,alice|").doesNotContain("NoClassDefFoundError");
    assertThat(objects).containsKey("path/data.csv");
    assertThat(requests).anyMatch(q -> q.startsWith("POST /upload/storage/v1/b/stage-bucket/o"))
        .anyMatch(q -> q.startsWith("GET /storage/v1/b/stage-bucket/o?"))
        .anyMatch(q -> q.contains("alt=media"));
  }

  @Test
  void snowflakeLogins_reachAFakeSnowflake_andFailCleanlyAsConnectionFailed(@TempDir Path dir)
      throws Exception {
    List<String> logins = Collections.synchronizedList(new ArrayList<>());
    HttpServer snowflake = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    snowflake.createContext("/", ex -> fakeSnowflake(ex, logins));
    snowflake.start();
    try {
      String base = "jdbc:snowflake://127.0.0.1:" + snowflake.getAddress().getPort()
          + "/?ssl=off&disablePlatformDetection=true";
      Path key = encryptedPrivateKey(dir, "key-secret");
      // A password, an encrypted PKCS#8 key (Bouncy Castle decrypts it, the driver signs a JWT)
      // and an OAuth token, in parallel: each waits out the pool's login timeout.
      List<CompletableFuture<Result>> runs = List.of(
          runAsync(Map.of("SNOWCHAT_JDBC_URL", base, "SNOWCHAT_JDBC_USER", "ALICE",
              "SNOWCHAT_JDBC_PASSWORD", "wrong-password")),
          runAsync(Map.of("SNOWCHAT_JDBC_URL", base + "&authenticator=snowflake_jwt"
              + "&private_key_file=" + key + "&private_key_pwd=key-secret",
              "SNOWCHAT_JDBC_USER", "BOB")),
          runAsync(Map.of("SNOWCHAT_JDBC_URL", base + "&authenticator=oauth&token=oauth-token",
              "SNOWCHAT_JDBC_USER", "CAROL")));
      for (CompletableFuture<Result> f : runs) {
        Result r = f.get(180, TimeUnit.SECONDS);
        assertThat(r.exit()).as(r.output()).isEqualTo(1);
        assertThat(r.output()).contains("error CONNECTION_FAILED", "authentication failed")
            .doesNotContain("NoClassDefFoundError", "ClassNotFoundException");
      }
    } finally {
      snowflake.stop(0);
    }
    assertThat(logins).anyMatch(l -> l.contains("\"LOGIN_NAME\":\"ALICE\"")
        && l.contains("\"PASSWORD\":\"wrong-password\""));
    assertThat(logins).anyMatch(l -> l.contains("\"LOGIN_NAME\":\"BOB\"")
        && l.contains("\"AUTHENTICATOR\":\"SNOWFLAKE_JWT\"") && l.matches(
            "(?s).*\"TOKEN\":\"[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\".*"));
    assertThat(logins).anyMatch(l -> l.contains("\"AUTHENTICATOR\":\"OAUTH\"")
        && l.contains("\"TOKEN\":\"oauth-token\""));
  }

  /** Answers every login with Snowflake's refusal for its kind. */
  private static void fakeSnowflake(HttpExchange ex, List<String> logins) throws IOException {
    byte[] raw = ex.getRequestBody().readAllBytes();
    if ("gzip".equalsIgnoreCase(ex.getRequestHeaders().getFirst("Content-Encoding"))) {
      raw = new GZIPInputStream(new ByteArrayInputStream(raw)).readAllBytes();
    }
    String body = new String(raw, StandardCharsets.UTF_8);
    String answer;
    if (ex.getRequestURI().getPath().equals("/session/v1/login-request")) {
      logins.add(body);
      String[] refusal = body.contains("SNOWFLAKE_JWT")
          ? new String[] {"390144", "JWT token is invalid."}
          : body.contains("\"OAUTH\"")
              ? new String[] {"390303", "Invalid OAuth access token."}
              : new String[] {"390100", "Incorrect username or password was specified."};
      answer = "{\"data\":null,\"code\":\"" + refusal[0] + "\",\"message\":\"" + refusal[1]
          + "\",\"success\":false}";
    } else {
      answer = "{\"data\":null,\"code\":null,\"message\":null,\"success\":true}";
    }
    respond(ex, 200, "application/json", answer.getBytes(StandardCharsets.UTF_8));
  }

  /** A Cloud Storage JSON API for one bucket, in memory. */
  private static void fakeGcs(HttpExchange ex, Map<String, byte[]> objects, List<String> requests)
      throws IOException {
    String path = ex.getRequestURI().getRawPath();
    String query = ex.getRequestURI().getRawQuery() == null ? "" : ex.getRequestURI()
        .getRawQuery();
    requests.add(ex.getRequestMethod() + " " + path + "?" + query);
    byte[] body = ex.getRequestBody().readAllBytes();
    if ("gzip".equalsIgnoreCase(ex.getRequestHeaders().getFirst("Content-Encoding"))) {
      body = new GZIPInputStream(new ByteArrayInputStream(body)).readAllBytes();
    }
    String objectPrefix = "/storage/v1/b/stage-bucket/o/";
    if (ex.getRequestMethod().equals("POST")
        && path.equals("/upload/storage/v1/b/stage-bucket/o")) {
      // multipart/related: the JSON metadata part, then the media part.
      String text = new String(body, StandardCharsets.ISO_8859_1);
      String boundary = ex.getRequestHeaders().getFirst("Content-Type")
          .replaceFirst(".*boundary=\"?([^\";]+)\"?.*", "$1");
      String[] parts = text.split("--" + java.util.regex.Pattern.quote(boundary));
      String meta = parts[1].substring(parts[1].indexOf("\r\n\r\n") + 4).strip();
      String media = parts[2].substring(parts[2].indexOf("\r\n\r\n") + 4);
      media = media.substring(0, media.length() - 2); // the CRLF before the next boundary
      String name = meta.replaceFirst("(?s).*\"name\"\\s*:\\s*\"([^\"]+)\".*", "$1");
      objects.put(name, media.getBytes(StandardCharsets.ISO_8859_1));
      respond(ex, 200, "application/json", objectJson(name, objects.get(name)));
    } else if (ex.getRequestMethod().equals("GET") && path.equals("/storage/v1/b/stage-bucket/o")) {
      StringBuilder items = new StringBuilder();
      synchronized (objects) {
        objects.forEach((n, d) -> items.append(items.isEmpty() ? "" : ",")
            .append(new String(objectJson(n, d), StandardCharsets.UTF_8)));
      }
      respond(ex, 200, "application/json", ("{\"kind\":\"storage#objects\",\"items\":[" + items
          + "]}").getBytes(StandardCharsets.UTF_8));
    } else if (ex.getRequestMethod().equals("GET") && (path.startsWith(objectPrefix)
        || path.startsWith("/download" + objectPrefix))) {
      String name = java.net.URLDecoder.decode(path.substring(path.indexOf(objectPrefix)
          + objectPrefix.length()), StandardCharsets.UTF_8);
      byte[] data = objects.get(name);
      if (data == null) {
        respond(ex, 404, "application/json",
            "{\"error\":{\"code\":404,\"message\":\"No such object\"}}".getBytes(
                StandardCharsets.UTF_8));
      } else if (query.contains("alt=media")) {
        respond(ex, 200, "application/octet-stream", data);
      } else {
        respond(ex, 200, "application/json", objectJson(name, data));
      }
    } else {
      respond(ex, 404, "application/json",
          "{\"error\":{\"code\":404,\"message\":\"not faked\"}}".getBytes(StandardCharsets.UTF_8));
    }
  }

  private static byte[] objectJson(String name, byte[] data) {
    String md5;
    try {
      md5 = Base64.getEncoder().encodeToString(java.security.MessageDigest.getInstance("MD5")
          .digest(data));
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
    return ("{\"kind\":\"storage#object\",\"bucket\":\"stage-bucket\",\"name\":\"" + name
        + "\",\"generation\":\"1\",\"metageneration\":\"1\",\"size\":\"" + data.length
        + "\",\"md5Hash\":\"" + md5 + "\",\"etag\":\"e1\",\"updated\":\"2026-01-01T00:00:00Z\""
        + ",\"contentType\":\"application/octet-stream\",\"metadata\":{\"sfc-digest\":\"abc\"}}")
        .getBytes(StandardCharsets.UTF_8);
  }

  private static void respond(HttpExchange ex, int status, String type, byte[] body)
      throws IOException {
    ex.getResponseHeaders().set("Content-Type", type);
    ex.sendResponseHeaders(status, body.length);
    try (var out = ex.getResponseBody()) {
      out.write(body);
    }
  }

  /** Writes an RSA private key as an encrypted PKCS#8 PEM (PKCS#12 PBE, triple DES). */
  private static Path encryptedPrivateKey(Path dir, String password) throws Exception {
    KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
    g.initialize(2048);
    byte[] plain = g.generateKeyPair().getPrivate().getEncoded();
    byte[] salt = new byte[16];
    new SecureRandom().nextBytes(salt);
    String alg = "PBEWithSHA1AndDESede";
    SecretKeyFactory f = SecretKeyFactory.getInstance(alg);
    Cipher c = Cipher.getInstance(alg);
    c.init(Cipher.ENCRYPT_MODE, f.generateSecret(new PBEKeySpec(password.toCharArray())),
        new PBEParameterSpec(salt, 10_000));
    byte[] der = new EncryptedPrivateKeyInfo(c.getParameters(), c.doFinal(plain)).getEncoded();
    Path file = dir.resolve("rsa_key.p8");
    Files.writeString(file, "-----BEGIN ENCRYPTED PRIVATE KEY-----\n"
        + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(der)
        + "\n-----END ENCRYPTED PRIVATE KEY-----\n");
    return file;
  }

  record Result(int exit, String output) {}

  private static CompletableFuture<Result> runAsync(Map<String, String> env) {
    Map<String, String> e = new HashMap<>(env);
    e.put("SNOWCHAT_SCHEMA_INDEX", "off");
    return CompletableFuture.supplyAsync(() -> {
      try {
        return run(e, "call", "list_databases");
      } catch (Exception ex) {
        throw new IllegalStateException(ex);
      }
    });
  }

  static Result run(Map<String, String> env, String... args) throws Exception {
    List<String> cmd = new ArrayList<>(List.of(JAVA, "-jar", JAR.toAbsolutePath().toString()));
    cmd.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
    pb.environment().keySet().removeIf(k -> k.startsWith("SNOWFLAKE_") || k.startsWith(
        "SNOWCHAT_"));
    pb.environment().putAll(env);
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(150, TimeUnit.SECONDS)).isTrue();
    return new Result(p.exitValue(), out);
  }


  private static Path upstreamJar() {
    String spec = Issue11SlimJarIT.class.getClassLoader()
        .getResource("net/snowflake/client/jdbc/SnowflakeDriver.class").toString();
    return Path.of(URI.create(spec.substring(4, spec.indexOf("!/"))));
  }

}
