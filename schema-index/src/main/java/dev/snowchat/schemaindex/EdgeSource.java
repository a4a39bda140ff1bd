package dev.snowchat.schemaindex;

/** Where a join edge comes from. */
public enum EdgeSource {
  /** A foreign key the source declares. */
  DECLARED,
  /** A foreign key inferred from column and table names and types. */
  INFERRED
}
