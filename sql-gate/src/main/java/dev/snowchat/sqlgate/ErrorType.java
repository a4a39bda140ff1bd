package dev.snowchat.sqlgate;

/** How a {@link SnowchatException} should be handled by callers. */
public enum ErrorType {
  /** The caller sent something wrong; fix the input. Never retried. */
  USER,
  /** The environment is wrong (credentials, account, configuration); retrying will not help. */
  PERMANENT,
  /** A passing fault (network, timeout, overload); retrying may help. */
  TRANSIENT
}
