/**
 * The schema-linking evaluation ({@link dev.snowchat.schemaindex.internal.eval.Evaluate}), run by
 * {@code schema-index/evaluate}. Not exported.
 */
@NullMarked
package dev.snowchat.schemaindex.internal.eval;

import org.jspecify.annotations.NullMarked;
