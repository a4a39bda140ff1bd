package dev.snowchat.sqlgate.internal.lexer;

/** The input cannot be tokenized safely. Carries whether the cause is size/depth, and where. */
public final class LexException extends Exception {
  private static final long serialVersionUID = 1L;

  private final boolean tooComplex;
  private int offset = -1;

  LexException(String message, boolean tooComplex) {
    super(message, null, false, false);
    this.tooComplex = tooComplex;
  }

  /** {@return true if the input exceeded a nesting bound, rather than being malformed} */
  public boolean tooComplex() {
    return tooComplex;
  }

  /** {@return the offset where the refused construct starts, or -1 when unknown} */
  public int offset() {
    return offset;
  }

  LexException at(int start) {
    if (offset < 0) {
      offset = start;
    }
    return this;
  }
}
