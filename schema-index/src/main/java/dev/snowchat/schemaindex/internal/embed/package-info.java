/**
 * The built-in embedding providers: the dependency-free hashing provider ({@code default}) and
 * the DJL provider for local ONNX sentence models ({@code djl}). Found with {@link
 * java.util.ServiceLoader}; not exported.
 */
@NullMarked
package dev.snowchat.schemaindex.internal.embed;

import org.jspecify.annotations.NullMarked;
