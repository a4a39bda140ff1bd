package dev.snowchat.sqlgate;

/** What a statement does, as the gate classifies it. */
public enum StatementKind {
  /** A query: SELECT, VALUES, a CTE ending in a query, TABLE, FROM-first queries. */
  READ,
  /** SHOW and LIST (of a stage): metadata listing. */
  SHOW,
  /** DESCRIBE / DESC. */
  DESCRIBE,
  /** EXPLAIN of a read (EXPLAIN ANALYZE of a write is classified as the write). */
  EXPLAIN,
  /** USE of a database, schema or warehouse (USE ROLE is {@link #ADMIN}). */
  USE,
  /**
   * INSERT, UPDATE, DELETE, MERGE, TRUNCATE, row locks, sequence advances; SELECT ... INTO a
   * variable.
   */
  DML,
  /** CREATE, ALTER, DROP, UNDROP, COMMENT, RENAME, SELECT ... INTO a new table. */
  DDL,
  /** GRANT, REVOKE, ALTER SESSION, SET, USE ROLE, CALL, transactions, and other control. */
  ADMIN,
  /** COPY, PUT, GET, EXPORT, IMPORT: moving data in or out. */
  TRANSFER,
  /** Scripting blocks, EXECUTE IMMEDIATE, anonymous procedures. */
  SCRIPT,
  /** Anything the gate cannot classify; never allowed. */
  UNKNOWN
}
