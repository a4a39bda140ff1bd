/**
 * The warehouse behind the tools, not API: the environment's connection target, the system and
 * request pools, gated execution with one executor and one session hardening per pool, a call's
 * context on the request pool's connections ({@code CallConnections}), and the mapping of
 * warehouse failures to tool errors ({@code Errors}). The entry point is {@link
 * dev.snowchat.mcp.internal.jdbc.Warehouse}.
 */
@NullMarked
package dev.snowchat.mcp.internal.jdbc;

import org.jspecify.annotations.NullMarked;
