package dev.snowchat.sqlgate;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * The objects one request names, from {@link SqlGate#references(String)}. Immutable.
 *
 * <p>{@link #complete()} is false whenever the gate cannot pin every object down: a name given
 * at run time ({@code IDENTIFIER(...)}, Snowflake {@code TABLE('...')}, a variable), a stage or
 * a file, a function that takes an object's name as a string or an OID ({@code GET_DDL},
 * {@code pg_get_viewdef}, {@code 'x'::regclass}), a table function that may read objects the
 * statement does not name (anything but the built-in generators such as {@code generate_series},
 * {@code unnest}, {@code FLATTEN}), a listing ({@code SHOW TABLES}), a statement kind whose
 * objects are not analysed (DDL, administrative statements, transfers, scripts), or a request
 * the gate cannot lex or split into one statement. A host that enforces a scope refuses an
 * incomplete request: {@link #unresolved()} says why, one sentence per cause.
 *
 * <p>Function bodies (views, UDFs, macros) are not followed: a view is the object it names.
 *
 * @param objects the objects, in order of first appearance, without duplicates
 * @param unresolved why the list may be incomplete; empty when it is complete
 */
public record ObjectReferences(List<ObjectReference> objects, List<String> unresolved) {

  /** Validates the fields and copies the lists. */
  public ObjectReferences {
    objects = List.copyOf(requireNonNull(objects, "objects is null"));
    unresolved = List.copyOf(requireNonNull(unresolved, "unresolved is null"));
  }

  /** {@return true when every object the request names is in {@link #objects()}} */
  public boolean complete() {
    return unresolved.isEmpty();
  }

  /**
   * {@return the objects of one kind}
   *
   * @param kind the kind
   */
  public List<ObjectReference> objects(ObjectReference.Kind kind) {
    requireNonNull(kind, "kind is null");
    return objects.stream().filter(o -> o.kind() == kind).toList();
  }
}
