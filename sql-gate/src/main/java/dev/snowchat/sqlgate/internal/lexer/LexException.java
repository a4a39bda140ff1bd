package dev.snowchat.sqlgate.internal.lexer;

/** The input cannot be tokenized safely. Carries whether the cause is size/depth. */
public final class LexException extends Exception {
  private static final long serialVersionUID = 1L;

  private final boolean tooComplex;

  LexException(String message, boolean tooComplex) {
    super(message, null, false, false);
    this.tooComplex = tooComplex;
  }

  /** {@return true if the input exceeded a nesting bound, rather than being malformed} */
  public boolean tooComplex() {
    return tooComplex;
  }
}
