/**
 * The Snowchat Maven plugin's goals: {@link dev.snowchat.maven.IndexMojo snowchat:index} writes
 * the catalog snapshot and a report, {@link dev.snowchat.maven.CheckMojo snowchat:check} runs the
 * SQL gate over SQL files, {@link dev.snowchat.maven.DiffMojo snowchat:diff} compares two
 * snapshots. Every parameter has a {@code snowchat.*} user property.
 */
@NullMarked
package dev.snowchat.maven;

import org.jspecify.annotations.NullMarked;
