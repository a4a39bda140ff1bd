/**
 * mcp-adapter's test kit, shipped as the module's test-jar for hosts' and other modules' tests:
 * {@link dev.snowchat.mcp.testing.ToolAssertions}, assertions on in-process tool calls.
 *
 * <p>Use it from another module's tests with
 *
 * <pre>{@code <dependency>
 *   <groupId>dev.snowchat</groupId>
 *   <artifactId>mcp-adapter</artifactId>
 *   <type>test-jar</type>
 *   <scope>test</scope>
 * </dependency>}</pre>
 *
 * plus AssertJ, which it asserts with.
 */
@NullMarked
package dev.snowchat.mcp.testing;

import org.jspecify.annotations.NullMarked;
