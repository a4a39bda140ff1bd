/**
 * The classifier: a sound token analyzer plus a JSqlParser AST walk; entry point {@link
 * dev.snowchat.sqlgate.internal.classify.Classifier}. Not exported.
 */
@NullMarked
package dev.snowchat.sqlgate.internal.classify;

import org.jspecify.annotations.NullMarked;
