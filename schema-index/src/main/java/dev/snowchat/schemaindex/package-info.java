/**
 * The schema index: find the right tables among many, and how they join. The catalog model
 * ({@link dev.snowchat.schemaindex.Catalog}, {@link dev.snowchat.schemaindex.TableInfo}) is what
 * catalog sources produce and what the JSON snapshot holds.
 */
@NullMarked
package dev.snowchat.schemaindex;

import org.jspecify.annotations.NullMarked;
