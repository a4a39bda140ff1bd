/**
 * The SQL gate. Build one with {@link dev.snowchat.sqlgate.SqlGate#builder()}, then call
 * {@link dev.snowchat.sqlgate.SqlGate#check(String)}: it never throws on any input string and
 * returns a {@link dev.snowchat.sqlgate.Verdict}.
 */
@NullMarked
package dev.snowchat.sqlgate;

import org.jspecify.annotations.NullMarked;
