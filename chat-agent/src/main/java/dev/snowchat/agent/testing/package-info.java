/**
 * Test kit for hosts of the chat agent.
 *
 * <p>The entry point is {@link dev.snowchat.agent.testing.ScriptedModelClient}: a model client
 * that plays a script of responses and records the requests it got.
 */
@NullMarked
package dev.snowchat.agent.testing;

import org.jspecify.annotations.NullMarked;
