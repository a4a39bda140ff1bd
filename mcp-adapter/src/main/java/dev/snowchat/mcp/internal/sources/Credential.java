package dev.snowchat.mcp.internal.sources;

import static java.util.Objects.requireNonNull;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A named credential, read only from {@code SNOWCHAT_CRED_<NAME>_<FIELD>} environment variables
 * (never from the catalog file). Immutable; {@link #toString()} shows which fields are set, never
 * a value.
 *
 * @param name the credential name as the catalog file gives it, e.g. {@code pg_ro}
 * @param fields the fields set, each with its value
 */
public record Credential(String name, Map<Credential.Field, String> fields) {

  /** The prefix of every credential variable. */
  public static final String PREFIX = "SNOWCHAT_CRED_";

  /** The fields a credential may carry, each the suffix of its variable name. */
  public enum Field {
    /** The user name. */
    USER(false),
    /** The password. Secret. */
    PASSWORD(true),
    /** A PKCS#8 private key file (Snowflake key-pair authentication). */
    PRIVATE_KEY_FILE(false),
    /** The passphrase of an encrypted private key. Secret. */
    PRIVATE_KEY_FILE_PWD(true),
    /** An OAuth or programmatic access token (Snowflake). Secret. */
    TOKEN(true);

    private final boolean secret;

    Field(boolean secret) {
      this.secret = secret;
    }

    /** {@return true when the value is a secret, never shown} */
    public boolean secret() {
      return secret;
    }
  }

  /** Validates the name and copies the fields. */
  public Credential {
    requireNonNull(name, "name is null");
    requireNonNull(fields, "fields is null");
    if (!Source.NAME.matcher(name).matches()) {
      throw new IllegalArgumentException("Bad credential name '" + name + "': expected a letter"
          + " or underscore, then letters, digits or underscores (at most 63)");
    }
    EnumMap<Field, String> copy = new EnumMap<>(Field.class);
    fields.forEach((k, v) -> copy.put(requireNonNull(k, "field is null"),
        requireNonNull(v, "value of " + k + " is null")));
    fields = Collections.unmodifiableMap(copy);
  }

  /**
   * {@return the environment variable of one field of a credential, e.g. {@code
   * SNOWCHAT_CRED_PG_RO_PASSWORD}}
   *
   * @param credential the credential name
   * @param field the field
   */
  public static String variable(String credential, Field field) {
    return PREFIX + credential.toUpperCase(Locale.ROOT) + "_" + field.name();
  }

  /**
   * {@return whether a credential variable's value is a secret: every field but {@code USER} and
   * {@code PRIVATE_KEY_FILE} (a name of no known field counts as secret)}
   *
   * @param variable a {@code SNOWCHAT_CRED_*} name
   */
  public static boolean secretVariable(String variable) {
    return !variable.endsWith("_" + Field.USER.name())
        && !variable.endsWith("_" + Field.PRIVATE_KEY_FILE.name());
  }

  /**
   * {@return one field's value, if set; secrets are returned as is, callers must not show them}
   *
   * @param field the field
   */
  public Optional<String> get(Field field) {
    return Optional.ofNullable(fields.get(field));
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("Credential[").append(name);
    fields.forEach((k, v) -> sb.append(", ").append(k.name().toLowerCase(Locale.ROOT))
        .append('=').append(k.secret() ? dev.snowchat.mcp.McpConfig.MASK : v));
    return sb.append(']').toString();
  }
}
