/**
 * The chat agent's API.
 *
 * <p>The entry point is {@link dev.snowchat.agent.ChatAgent#builder()}. A turn runs one {@link
 * dev.snowchat.agent.ChatEngine} ({@link dev.snowchat.agent.ToolLoopEngine} over a {@link
 * dev.snowchat.agent.ModelClient}, or the model-free {@link dev.snowchat.agent.OfflinePlanner})
 * over the tools of {@link dev.snowchat.agent.ToolSource}s and streams {@link
 * dev.snowchat.agent.AgentEvent}s; exactly one {@link dev.snowchat.agent.AgentEvent.Done} ends
 * every turn.
 */
@NullMarked
package dev.snowchat.agent;

import org.jspecify.annotations.NullMarked;
