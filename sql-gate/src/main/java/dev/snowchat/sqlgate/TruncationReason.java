package dev.snowchat.sqlgate;

/** Why a {@link QueryResult} holds fewer rows than the statement produced. */
public enum TruncationReason {
  /** The statement produced more rows than {@link QueryLimits#maxRows()}. */
  ROW_LIMIT,
  /** The next row would have taken the result past {@link QueryLimits#maxBytes()}. */
  BYTE_LIMIT
}
