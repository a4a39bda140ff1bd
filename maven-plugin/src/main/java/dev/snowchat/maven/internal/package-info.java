/**
 * The plugin's implementation: SQL file splitting and globbing, catalog diffing, report
 * rendering, warehouse connection. Not API; the goals in {@code dev.snowchat.maven} are.
 */
@NullMarked
package dev.snowchat.maven.internal;

import org.jspecify.annotations.NullMarked;
