/**
 * The OpenAI-compatible chat completions model client (OpenAI, Ollama, vLLM, LM Studio).
 *
 * <p>The entry point is {@link dev.snowchat.agent.openai.OpenAiModelClientFactory}, found by
 * {@link dev.snowchat.agent.ModelClientFactory#find(String)} under the name {@code openai}. It
 * needs the optional dependency {@code dev.langchain4j:langchain4j-open-ai}.
 */
@NullMarked
package dev.snowchat.agent.openai;

import org.jspecify.annotations.NullMarked;
