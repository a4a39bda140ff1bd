/**
 * The LangChain4j bridge shared by the Anthropic and OpenAI-compatible clients: conversation and
 * tool conversion, streaming on the caller's thread, error mapping. Not exported.
 */
@NullMarked
package dev.snowchat.agent.internal.langchain4j;

import org.jspecify.annotations.NullMarked;
