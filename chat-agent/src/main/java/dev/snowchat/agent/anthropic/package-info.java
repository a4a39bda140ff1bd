/**
 * The Anthropic Messages API model client.
 *
 * <p>The entry point is {@link dev.snowchat.agent.anthropic.AnthropicModelClientFactory}, found by
 * {@link dev.snowchat.agent.ModelClientFactory#find(String)} under the name {@code anthropic}. It
 * needs the optional dependency {@code dev.langchain4j:langchain4j-anthropic}.
 */
@NullMarked
package dev.snowchat.agent.anthropic;

import org.jspecify.annotations.NullMarked;
