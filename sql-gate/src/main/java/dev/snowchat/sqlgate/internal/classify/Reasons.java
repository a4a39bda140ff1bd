package dev.snowchat.sqlgate.internal.classify;

/** Message helpers: never echo long input back. */
public final class Reasons {
  private static final int MAX_QUOTE = 60;

  private Reasons() {}

  /**
   * Quotes a piece of input for a message, truncated to about 60 characters, with control
   * characters escaped.
   *
   * @param s the input
   * @return the quoted text
   */
  public static String quote(String s) {
    StringBuilder b = new StringBuilder(Math.min(s.length(), MAX_QUOTE) + 8).append('\'');
    int n = Math.min(s.length(), MAX_QUOTE);
    for (int i = 0; i < n; i++) {
      char c = s.charAt(i);
      if (c < 0x20 || c == 0x7f || Character.isISOControl(c)) {
        b.append(String.format("\\u%04x", (int) c));
      } else {
        b.append(c);
      }
    }
    if (s.length() > MAX_QUOTE) {
      b.append("...");
    }
    return b.append('\'').toString();
  }
}
