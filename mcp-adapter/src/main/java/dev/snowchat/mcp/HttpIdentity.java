package dev.snowchat.mcp;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Who an HTTP caller is: the bearer token that identifies them (kept only as its SHA-256) and the
 * session variables their calls run with, so that row access policies see the caller over MCP
 * as they do in-process ({@link CallContext}). Read from the file named by {@code
 * SNOWCHAT_HTTP_IDENTITIES}:
 *
 * <pre>{@code
 * {"identities": [
 *   {"name": "alice", "tokenSha256": "<64 hex digits>", "sessionVariables": {"APP_USER": "alice"}}
 * ]}
 * }</pre>
 *
 * <p>The file holds no secret: {@code printf %s "$TOKEN" | sha256sum} gives the hash of a token.
 *
 * @param name a name for logs and errors (letters, digits, {@code _ . @ -})
 * @param tokenSha256 the SHA-256 of the token, 64 lower-case hex digits
 * @param sessionVariables the caller's session variables
 */
public record HttpIdentity(String name, String tokenSha256, Map<String, String> sessionVariables) {
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.@-]{1,64}");
  private static final Pattern HASH = Pattern.compile("[0-9a-f]{64}");

  /** Validates the fields. */
  public HttpIdentity {
    requireNonNull(name, "name is null");
    requireNonNull(tokenSha256, "tokenSha256 is null");
    if (!NAME.matcher(name).matches()) {
      throw new IllegalArgumentException("Bad identity name '" + name
          + "': expected 1 to 64 letters, digits or _ . @ -");
    }
    tokenSha256 = tokenSha256.toLowerCase(Locale.ROOT);
    if (!HASH.matcher(tokenSha256).matches()) {
      throw new IllegalArgumentException("Bad tokenSha256 of identity '" + name
          + "': expected the 64 hex digits of SHA-256(token)");
    }
    // CallContext checks the variable names and values.
    sessionVariables = new CallContext(sessionVariables).sessionVariables();
  }

  /** {@return the call context of this identity's calls} */
  public CallContext context() {
    return CallContext.withSessionVariables(sessionVariables);
  }

  /**
   * {@return the SHA-256 of a token, as 64 lower-case hex digits}
   *
   * @param token the token
   */
  public static String sha256(String token) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
          .digest(token.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this Java", e);
    }
  }

  /**
   * Reads an identities file.
   *
   * @param file the file
   * @param key the configuration variable that named it, for messages
   * @return the identities, at least one
   * @throws IllegalArgumentException naming the file, the identity and the key at fault: not
   *     JSON, unknown or missing keys, duplicate names or tokens, bad values
   */
  static List<HttpIdentity> read(Path file, String key) {
    JsonNode root;
    try {
      root = JsonMapper.builder().build().readTree(Files.readString(file));
    } catch (IOException | JacksonException e) {
      throw new IllegalArgumentException(key + "=" + file + ": cannot read it as JSON ("
          + e.getClass().getSimpleName() + ")");
    }
    String where = key + "=" + file;
    onlyKeys(root, Set.of("identities"), where);
    JsonNode list = root.get("identities");
    if (list == null || !list.isArray() || list.isEmpty()) {
      throw new IllegalArgumentException(where + ": expected {\"identities\": [ ... ]} with at"
          + " least one identity");
    }
    List<HttpIdentity> out = new ArrayList<>();
    for (JsonNode n : list) {
      String at = where + ", identity " + (out.size() + 1);
      onlyKeys(n, Set.of("name", "tokenSha256", "sessionVariables"), at);
      String name = text(n, "name", at);
      String hash = text(n, "tokenSha256", at);
      Map<String, String> vars = new TreeMap<>();
      JsonNode v = n.get("sessionVariables");
      if (v != null) {
        if (!v.isObject()) {
          throw new IllegalArgumentException(at + ": sessionVariables must be an object of"
              + " strings");
        }
        for (Map.Entry<String, JsonNode> e : v.properties()) {
          if (!e.getValue().isString()) {
            throw new IllegalArgumentException(at + ": session variable " + e.getKey()
                + " must be a string");
          }
          vars.put(e.getKey(), e.getValue().asString());
        }
      }
      HttpIdentity id;
      try {
        id = new HttpIdentity(name, hash, vars);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(at + ": " + e.getMessage());
      }
      out.add(id);
    }
    checkUnique(out, where);
    return List.copyOf(out);
  }

  /**
   * Checks a list of identities: at least one, no name or token twice.
   *
   * @param identities the identities
   * @param where what holds them, for messages
   * @throws IllegalArgumentException naming the identity at fault
   */
  static void checkUnique(List<HttpIdentity> identities, String where) {
    if (identities.isEmpty()) {
      throw new IllegalArgumentException(where + ": expected at least one identity");
    }
    Set<String> names = new HashSet<>();
    Set<String> hashes = new HashSet<>();
    for (int i = 0; i < identities.size(); i++) {
      HttpIdentity id = identities.get(i);
      String at = where + ", identity " + (i + 1);
      if (!names.add(id.name())) {
        throw new IllegalArgumentException(at + ": duplicate name '" + id.name() + "'");
      }
      if (!hashes.add(id.tokenSha256())) {
        throw new IllegalArgumentException(at + " ('" + id.name() + "'): the same token as an"
            + " earlier identity");
      }
    }
  }

  private static void onlyKeys(JsonNode n, Set<String> allowed, String where) {
    if (!n.isObject()) {
      throw new IllegalArgumentException(where + ": expected a JSON object");
    }
    for (Iterator<String> it = n.propertyNames().iterator(); it.hasNext(); ) {
      String k = it.next();
      if (!allowed.contains(k)) {
        throw new IllegalArgumentException(where + ": unknown key '" + k + "'; allowed: "
            + String.join(", ", new java.util.TreeSet<>(allowed)));
      }
    }
  }

  private static String text(JsonNode n, String field, String where) {
    JsonNode v = n.get(field);
    if (v == null || !v.isString() || v.asString().isBlank()) {
      throw new IllegalArgumentException(where + ": missing string '" + field + "'");
    }
    return v.asString();
  }

  @Override
  public String toString() {
    return "HttpIdentity[" + name + ", " + sessionVariables.keySet() + "]";
  }
}
