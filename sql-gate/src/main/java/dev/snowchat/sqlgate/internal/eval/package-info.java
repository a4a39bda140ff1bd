/**
 * The corpus evaluation behind {@code sql-gate/evaluate}; entry point {@link
 * dev.snowchat.sqlgate.internal.eval.Evaluate}. Not exported.
 */
@NullMarked
package dev.snowchat.sqlgate.internal.eval;

import org.jspecify.annotations.NullMarked;
