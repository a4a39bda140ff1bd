package dev.snowchat.sqlgate.internal.exec;

import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Makes untrusted warehouse text safe to put in a message. (Quoting for the statements this
 * package builds is {@link dev.snowchat.sqlgate.Sql}.)
 */
public final class Texts {
  /** The longest piece of warehouse text that goes into a message. */
  public static final int MAX_UNTRUSTED_LENGTH = 500;

  // Values after these keys are masked, in case a driver echoes a URL or a connect string.
  private static final Pattern SECRET = Pattern.compile(
      "(?i)\\b(password|passwd|pwd|secret|token|passcode|private_?key[a-z_]*|"
          + "privatekey[a-z_]*)(\\s*[=:]\\s*)(\"[^\"]*\"|'[^']*'|[^\\s;&,)]+)");
  private static final Pattern CONTROL = Pattern.compile("[\\p{Cntrl}\\p{Zl}\\p{Zp}]+");
  private static final Pattern SPACES = Pattern.compile(" {2,}");

  private Texts() {}

  /**
   * Makes untrusted text (a driver's error message) fit for a message: control characters become
   * spaces, runs of spaces collapse, credential-looking values are masked, and the result is cut
   * to {@value #MAX_UNTRUSTED_LENGTH} characters.
   *
   * @param text the text, or null
   * @return the cleaned text; {@code "(no message)"} for null or blank input
   */
  public static String untrusted(@Nullable String text) {
    if (text == null || text.isBlank()) {
      return "(no message)";
    }
    String s = CONTROL.matcher(text).replaceAll(" ");
    s = SPACES.matcher(s).replaceAll(" ").strip();
    s = SECRET.matcher(s).replaceAll("$1$2<masked>");
    if (s.length() > MAX_UNTRUSTED_LENGTH) {
      int end = MAX_UNTRUSTED_LENGTH;
      if (Character.isHighSurrogate(s.charAt(end - 1))) {
        end--;
      }
      s = s.substring(0, end) + "...";
    }
    return s;
  }
}
