package dev.snowchat.sqlgate.internal.lexer;

import static java.util.Objects.requireNonNull;

/**
 * One token.
 *
 * @param type the token type
 * @param start the offset of the first character in the input
 * @param end the offset after the last character
 * @param value for words the upper-case text; for strings and quoted identifiers the unquoted
 *     value; otherwise the raw text
 */
public record Token(TokenType type, int start, int end, String value) {
  /** Validates the fields. */
  public Token {
    requireNonNull(type, "type is null");
    requireNonNull(value, "value is null");
  }

  /** {@return true if this is an unquoted word with the given upper-case value} */
  public boolean isWord(String upper) {
    return type == TokenType.WORD && value.equals(upper);
  }

  /** {@return true if this is a '?' (lexed as a parameter; PostgreSQL operators may hold it)} */
  public boolean isQuestionMark() {
    return type == TokenType.VARIABLE && value.equals("?");
  }

  /** {@return true if this is an operator token with the given text} */
  public boolean isOp(String op) {
    return type == TokenType.OP && value.equals(op);
  }
}
