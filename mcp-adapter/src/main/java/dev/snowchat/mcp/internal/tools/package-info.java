/**
 * The tool definitions and their handlers, not API: one definition per tool (schemas, limits,
 * handler) in {@link dev.snowchat.mcp.internal.tools.Tools}, strict argument reading and the text
 * and structured forms of results.
 */
@NullMarked
package dev.snowchat.mcp.internal.tools;

import org.jspecify.annotations.NullMarked;
