/**
 * The gate's dialect-aware lexer and statement splitter; entry point {@link
 * dev.snowchat.sqlgate.internal.lexer.Lexer}. Not exported.
 */
@NullMarked
package dev.snowchat.sqlgate.internal.lexer;

import org.jspecify.annotations.NullMarked;
