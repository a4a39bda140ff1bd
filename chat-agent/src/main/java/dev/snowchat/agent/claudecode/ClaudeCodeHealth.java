package dev.snowchat.agent.claudecode;

import org.jspecify.annotations.Nullable;

/**
 * Whether the Claude Code CLI can serve turns, for the app's health gate.
 *
 * @param installed true when {@code claude --version} ran
 * @param version the version it printed, or null
 * @param loggedIn true when {@code claude auth status} reports a login
 * @param detail a sentence for the user: what is wrong and what to do
 */
public record ClaudeCodeHealth(boolean installed, @Nullable String version, boolean loggedIn,
    String detail) {
  /** {@return true when the CLI is installed and logged in} */
  public boolean ready() {
    return installed && loggedIn;
  }
}
