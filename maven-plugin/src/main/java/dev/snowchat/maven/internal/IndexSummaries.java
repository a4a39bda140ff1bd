package dev.snowchat.maven.internal;

import dev.snowchat.schemaindex.Catalog;
import dev.snowchat.schemaindex.EdgeSource;
import dev.snowchat.schemaindex.Glossary;
import dev.snowchat.schemaindex.GlossaryEntry;
import dev.snowchat.schemaindex.QualifiedName;
import dev.snowchat.schemaindex.JoinEdge;
import dev.snowchat.schemaindex.JoinGraph;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Computes the join graph and glossary parts of the index report. */
public final class IndexSummaries {
  private IndexSummaries() {}

  /**
   * Summarizes a glossary against a catalog.
   *
   * @param glossary the glossary
   * @param shown the glossary file as shown
   * @param catalog the catalog
   * @return the coverage
   */
  public static IndexReport.GlossaryCoverage coverage(Glossary glossary, String shown,
      Catalog catalog) {
    int targets = (int) glossary.entries().stream().flatMap(e -> e.targets().stream())
        .distinct().count();
    List<String> unresolved = glossary.unresolvedTargets(catalog);
    Map<String, List<String>> termsOf = new LinkedHashMap<>();
    for (String target : unresolved) {
      List<String> terms = new ArrayList<>();
      for (GlossaryEntry e : glossary.entries()) {
        if (e.targets().contains(target)) {
          e.terms().stream().filter(t -> !terms.contains(t)).forEach(terms::add);
        }
      }
      termsOf.put(target, terms);
    }
    return new IndexReport.GlossaryCoverage(shown, glossary.entries().size(), targets,
        unresolved, termsOf);
  }

  /**
   * Summarizes the join graph of a catalog: declared foreign keys and edges inferred from names.
   *
   * @param catalog the catalog
   * @return the summary
   */
  public static IndexReport.JoinSummary joins(Catalog catalog) {
    JoinGraph graph = JoinGraph.build(catalog);
    Map<QualifiedName, Integer> degree = new HashMap<>();
    for (JoinEdge e : graph.edges()) {
      degree.merge(e.fromTable(), 1, Integer::sum);
      degree.merge(e.toTable(), 1, Integer::sum);
    }
    List<String> top = degree.entrySet().stream()
        .sorted(Map.Entry.<QualifiedName, Integer>comparingByValue().reversed()
            .thenComparing(Map.Entry.comparingByKey(Comparator.naturalOrder())))
        .limit(5)
        .map(e -> e.getKey() + " (" + e.getValue() + ")")
        .toList();
    int isolated = (int) catalog.tables().stream().filter(t -> !degree.containsKey(t.id()))
        .count();
    return new IndexReport.JoinSummary(graph.edgeCount(),
        graph.edges(EdgeSource.DECLARED).size(), graph.edges(EdgeSource.INFERRED).size(), top,
        isolated);
  }
}
