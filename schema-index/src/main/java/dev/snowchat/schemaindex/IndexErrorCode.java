package dev.snowchat.schemaindex;

import dev.snowchat.sqlgate.ErrorCode;
import dev.snowchat.sqlgate.ErrorType;

/** Error codes of the schema index. Names are stable API. */
public enum IndexErrorCode implements ErrorCode {
  /** A catalog snapshot could not be read: malformed JSON or a missing or invalid field. */
  SNAPSHOT_INVALID(ErrorType.USER),
  /** A catalog snapshot file could not be read or written. */
  SNAPSHOT_IO(ErrorType.TRANSIENT),
  /** The index is not loaded yet (or failed to load); fall back to live queries. */
  NOT_LOADED(ErrorType.TRANSIENT),
  /** Required configuration is missing or invalid; retrying will not help. */
  CONFIGURATION(ErrorType.PERMANENT),
  /** The warehouse rejected the credentials (Snowflake 390100). */
  AUTHENTICATION_FAILED(ErrorType.PERMANENT),
  /** The account does not exist or is disabled (Snowflake 390201). */
  ACCOUNT_NOT_FOUND(ErrorType.PERMANENT),
  /** The client's IP address is not allowed (Snowflake 390422). */
  IP_NOT_ALLOWED(ErrorType.PERMANENT),
  /** Reading the catalog from the source failed; may succeed later. */
  SOURCE_FAILED(ErrorType.TRANSIENT),
  /** A table named by the caller is not in the catalog. */
  TABLE_NOT_FOUND(ErrorType.USER),
  /** A glossary file is malformed. */
  GLOSSARY_INVALID(ErrorType.USER),
  /** An embedding provider could not be created or failed. */
  EMBEDDINGS_FAILED(ErrorType.PERMANENT);

  private final ErrorType type;

  IndexErrorCode(ErrorType type) {
    this.type = type;
  }

  @Override
  public ErrorType type() {
    return type;
  }
}
