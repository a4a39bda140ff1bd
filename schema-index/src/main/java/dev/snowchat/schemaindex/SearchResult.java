package dev.snowchat.schemaindex;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * The answer of {@link SchemaIndex#find}: the hits and how they were found.
 *
 * @param hits the best tables first
 * @param mode whether vectors took part ({@link SearchMode#HYBRID}) or keywords alone answered
 */
public record SearchResult(List<SearchHit> hits, SearchMode mode) {
  /** Validates the fields and copies the list. */
  public SearchResult {
    hits = List.copyOf(requireNonNull(hits, "hits is null"));
    requireNonNull(mode, "mode is null");
  }
}
