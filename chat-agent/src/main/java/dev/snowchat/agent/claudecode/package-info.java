/**
 * The Claude Code engine: drives the Claude Code CLI on the user's own login, with Snowchat's MCP
 * server as its only tools.
 *
 * <p>The entry point is {@link dev.snowchat.agent.claudecode.ClaudeCodeEngine#builder()}.
 */
@NullMarked
package dev.snowchat.agent.claudecode;

import org.jspecify.annotations.NullMarked;
