package dev.snowchat.sqlgate;

/** The rule behind a {@link Verdict}. Names are stable API: hosts may match on them. */
public enum Rule {
  /** The statement's kind is allowed by the permission mode (or a per-kind override). */
  KIND_ALLOWED,
  /** The statement's kind is not allowed by the permission mode or a per-kind override. */
  KIND_NOT_ALLOWED,
  /** The input holds no statement (empty, or only comments). */
  EMPTY,
  /** The input holds more than one statement (or a Snowflake {@code ->>} flow chain). */
  MULTIPLE_STATEMENTS,
  /** The lexer could not tokenize the input (unterminated string, comment or body). */
  LEX_FAILED,
  /** Neither the parser nor the conservative token analyzer could prove the statement safe. */
  PARSE_FAILED,
  /** A function or table function with side effects, or not known to be read-only. */
  FUNCTION_NOT_ALLOWED,
  /** A file or URL access outside the configured path allowlist. */
  FILE_ACCESS,
  /** The input is larger or more deeply nested than the gate's bounds. */
  TOO_COMPLEX
}
