/**
 * sql-gate's test kit, shipped as the module's test-jar for the other modules' tests: the real
 * databases the tests run on ({@link dev.snowchat.sqlgate.testing.TestDatabases}: PostgreSQL from
 * the environment, embedded DuckDB) and fake JDBC objects for drivers the tests cannot run
 * ({@link dev.snowchat.sqlgate.testing.FakeJdbc}).
 *
 * <p>Use it from another module's tests with
 *
 * <pre>{@code <dependency>
 *   <groupId>dev.snowchat</groupId>
 *   <artifactId>sql-gate</artifactId>
 *   <type>test-jar</type>
 *   <scope>test</scope>
 * </dependency>}</pre>
 *
 * plus the JDBC drivers it opens (DuckDB, PostgreSQL), which a test-jar does not bring along.
 */
@NullMarked
package dev.snowchat.sqlgate.testing;

import org.jspecify.annotations.NullMarked;
