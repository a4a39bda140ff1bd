package dev.snowchat.sqlgate.internal.lexer;

/** The kinds of token the gate's lexer produces. Comments and whitespace are not tokens. */
public enum TokenType {
  /** An unquoted word: keyword or identifier ({@code SYSTEM$X} included). */
  WORD,
  /** A quoted identifier: {@code "x"} (and {@code `x`} in GENERIC). */
  QUOTED_IDENT,
  /** A single-quoted string (also {@code E'...'}). */
  STRING,
  /** A dollar-quoted body: {@code $$...$$} or {@code $tag$...$tag$}. */
  DOLLAR_STRING,
  /** A numeric literal. */
  NUMBER,
  /** A Snowflake stage reference: {@code @stage/path}, {@code @~}, {@code @%t}. */
  STAGE,
  /** A variable or bind parameter: {@code $name}, {@code :name}, {@code ?}, {@code $1}. */
  VARIABLE,
  /** Punctuation or an operator. */
  OP,
  /** A character the lexer does not understand; never part of an allowed statement. */
  OTHER
}
