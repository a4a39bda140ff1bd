package dev.snowchat.schemaindex.internal.search;

import dev.snowchat.schemaindex.Glossary;
import dev.snowchat.schemaindex.GlossaryEntry;
import dev.snowchat.schemaindex.QualifiedName;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The glossary as the index uses it: which entries target a table (their terms and context go
 * into the table's document and vector text, their id into {@link Fields#GID}), and which
 * entries a query names (all words of one of their terms are in the query; the keyword query
 * then boosts the entry's id). A target is a bare table name (any database, ignoring case) or
 * {@code DB.SCHEMA.NAME}. Immutable.
 */
final class GlossaryMatcher {
  /** An entry a query names: its id, the entry, and the first of its terms the query holds. */
  record Match(String id, GlossaryEntry entry, String term) {}

  private final List<GlossaryEntry> entries;
  private final Map<GlossaryEntry, String> ids = new LinkedHashMap<>();
  private final Map<String, List<GlossaryEntry>> byBareName = new HashMap<>();
  private final Map<String, List<GlossaryEntry>> byQualifiedName = new HashMap<>();
  private final List<List<String>> termWords = new ArrayList<>();
  private final List<GlossaryEntry> termEntries = new ArrayList<>();
  private final List<String> termTexts = new ArrayList<>();

  GlossaryMatcher(Glossary glossary) {
    this.entries = glossary.entries();
    for (int i = 0; i < entries.size(); i++) {
      GlossaryEntry e = entries.get(i);
      ids.putIfAbsent(e, "g" + i);
      for (String target : e.targets()) {
        String u = target.strip().toUpperCase(Locale.ROOT);
        (u.indexOf('.') < 0 ? byBareName : byQualifiedName)
            .computeIfAbsent(u, x -> new ArrayList<>()).add(e);
      }
      for (String term : e.terms()) {
        termWords.add(Words.queryTerms(term));
        termEntries.add(e);
        termTexts.add(term);
      }
    }
  }

  /** {@return the id of an entry, as {@link Fields#GID} holds it} */
  String id(GlossaryEntry e) {
    return ids.get(e);
  }

  /** {@return the entries that target a table: bare-name targets first} */
  List<GlossaryEntry> entriesFor(QualifiedName table) {
    if (entries.isEmpty()) {
      return List.of();
    }
    List<GlossaryEntry> out = new ArrayList<>();
    out.addAll(byBareName.getOrDefault(table.name().toUpperCase(Locale.ROOT), List.of()));
    for (GlossaryEntry e : byQualifiedName.getOrDefault(
        table.toString().toUpperCase(Locale.ROOT), List.of())) {
      if (!out.contains(e)) {
        out.add(e);
      }
    }
    return out;
  }

  /** {@return the entries with a term all of whose words are in the query, each once} */
  List<Match> match(List<String> queryWords) {
    if (termWords.isEmpty()) {
      return List.of();
    }
    Set<String> q = new HashSet<>(queryWords);
    Map<GlossaryEntry, Match> out = new LinkedHashMap<>();
    for (int i = 0; i < termWords.size(); i++) {
      List<String> w = termWords.get(i);
      if (!w.isEmpty() && q.containsAll(w)) {
        GlossaryEntry e = termEntries.get(i);
        out.putIfAbsent(e, new Match(ids.get(e), e, termTexts.get(i)));
      }
    }
    return List.copyOf(out.values());
  }
}
