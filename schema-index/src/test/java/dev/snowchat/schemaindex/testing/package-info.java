/**
 * schema-index's test kit, shipped as the module's test-jar for the other modules' tests:
 * {@link dev.snowchat.schemaindex.testing.FakeSnowflake}, a recording fake of a Snowflake account's
 * metadata commands with Snowflake's real result columns, and
 * {@link dev.snowchat.schemaindex.testing.ModelLoadRace}, a child JVM stopped while the shipped
 * model loads (for tests of a clean exit).
 *
 * <p>Use it from another module's tests with
 *
 * <pre>{@code <dependency>
 *   <groupId>dev.snowchat</groupId>
 *   <artifactId>schema-index</artifactId>
 *   <type>test-jar</type>
 *   <scope>test</scope>
 * </dependency>}</pre>
 *
 * plus sql-gate's test-jar, which it builds on (a test-jar does not bring its own test
 * dependencies along).
 */
@NullMarked
package dev.snowchat.schemaindex.testing;

import org.jspecify.annotations.NullMarked;
