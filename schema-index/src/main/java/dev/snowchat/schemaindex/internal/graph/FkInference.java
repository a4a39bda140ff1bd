package dev.snowchat.schemaindex.internal.graph;

import static java.util.Objects.requireNonNull;

import dev.snowchat.schemaindex.ColumnInfo;
import dev.snowchat.schemaindex.EdgeSource;
import dev.snowchat.schemaindex.ForeignKey;
import dev.snowchat.schemaindex.JoinEdge;
import dev.snowchat.schemaindex.TableInfo;
import dev.snowchat.schemaindex.internal.graph.Names.KeySplit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Infers foreign keys inside one database from column names, table names and column types.
 *
 * <p>Every rule is a hash lookup keyed by a normalized name, so the work is linear in the number of
 * columns: no pair of tables or columns is ever compared outside those lookups. For each column the
 * candidates of every enabled {@link Rule} are gathered, candidates whose column types cannot be
 * compared or whose referenced column does not look like a key are dropped, and only the candidates
 * with the highest confidence are kept. A column that a declared foreign key already covers is not
 * inferred from.
 *
 * <p>A key name shared by several tables resolves to one of them: its owner (the table whose key it
 * is, not a table keyed by another column nor a link table whose columns all refer elsewhere), or,
 * for a column named like a key traced to the table named after it, the holder of that key that the
 * referencing table is named after ({@link Rule#SPECIFIC_HOLDER}). Siblings that share a key are
 * not linked to each other.
 *
 * <p>The rules and their confidence were chosen and measured on the 80 BIRD databases; the module
 * documentation (GRAPH.md) gives precision and recall per rule.
 */
public final class FkInference {
  /** The inference rules; the confidence orders their evidence (the highest wins a column). */
  public enum Rule {
    /** {@code CUSTOMER_ID}, {@code c_custkey}, {@code CountryCode} name table CUSTOMER(S). */
    NAMES_TABLE(0.9),
    /** {@code player_api_id} starts with table PLAYER, which has a {@code player_api_id} column. */
    NAME_PREFIX_WITH_COLUMN(0.85),
    /** The column is named like the key of another table, a key named after its table. */
    KEY_OF_NAMED_OWNER(0.8),
    /**
     * The column is named like the first column of the key's owner: the only table keyed by it, or
     * the most specific of several. Below every name rule: a table named after the column wins.
     */
    FIRST_COLUMN_OF_OWNER(0.5),
    /** {@code tmID}, {@code pub_id}, {@code o_custkey} abbreviate TEAMS, PUBLISHERS, CUSTOMER. */
    ABBREVIATION(0.6),
    /** {@code weight} is the stem of {@code WEIGHT_INFO.weight_id}, the key of its table. */
    KEY_STEM(0.6),
    /** {@code PATIENT} or {@code ZIP_DATA.CBSA} is named exactly like table PATIENTS or CBSA. */
    COLUMN_NAMES_TABLE(0.6),
    /** {@code link_to_member}, {@code Umpire_Country} end with table names MEMBER, COUNTRY. */
    COLUMN_ENDS_WITH_TABLE(0.55),
    /**
     * Not a proposer but a refinement of the others: {@code EMPLOYEE_PAY_HISTORY.BusinessEntityID}
     * joins EMPLOYEE, which the table is named after and which holds the same key, rather than
     * the key's root BUSINESS_ENTITY. Keeps the confidence of the rule it refines (at most that
     * of {@link #NAMES_TABLE}, the value given here).
     */
    SPECIFIC_HOLDER(0.9);

    private final double confidence;

    Rule(double confidence) {
      this.confidence = confidence;
    }

    /** {@return the confidence of an edge inferred by this rule} */
    public double confidence() {
      return confidence;
    }

    /** {@return all rules} */
    public static Set<Rule> all() {
      return EnumSet.allOf(Rule.class);
    }
  }

  /**
   * An inferred edge with the rule that produced it.
   *
   * @param edge the edge, from the referencing column to the referenced table
   * @param rule the rule
   */
  public record Inferred(JoinEdge edge, Rule rule) {
    /** Validates the fields. */
    public Inferred {
      requireNonNull(edge, "edge is null");
      requireNonNull(rule, "rule is null");
    }
  }

  /** Column names too generic to identify a key by name alone. */
  static final Set<String> GENERIC = Set.of("id", "name", "type", "date", "status", "code",
      "description", "desc", "value", "year", "key", "no", "number", "title", "label", "category",
      "comment", "notes", "note", "time", "amount", "count", "level", "rank", "rowid", "address",
      "city", "state", "country", "region", "zip", "gender", "age", "email", "phone", "url",
      "version", "index", "start", "end", "sex", "month", "day");

  private static final double PREFIX_ABBREVIATION = Rule.ABBREVIATION.confidence();
  private static final double SUBSEQUENCE_ABBREVIATION = Rule.ABBREVIATION.confidence() - 0.05;

  private FkInference() {}

  /**
   * Infers foreign keys among the tables of one database.
   *
   * @param tables the tables; callers pass the tables of one database, in a stable order
   * @param rules the rules to apply
   * @return the inferred edges, grouped by referencing table in input order
   */
  public static List<Inferred> inferDatabase(List<TableInfo> tables, Set<Rule> rules) {
    requireNonNull(tables, "tables is null");
    requireNonNull(rules, "rules is null");
    Database db = new Database(tables);
    List<Inferred> out = new ArrayList<>();
    for (Table t : db.tables) {
      Set<String> declared = new HashSet<>();
      for (ForeignKey fk : t.info.foreignKeys()) {
        declared.addAll(fk.columns());
      }
      for (int i = 0; i < t.columns.size(); i++) {
        ColumnInfo c = t.columns.get(i);
        if (!declared.contains(c.name())) {
          db.inferColumn(t, i, rules, out);
        }
      }
    }
    return out;
  }

  /** What is known about a table for inference; built once per table. */
  private static final class Table {
    final TableInfo info;
    final List<ColumnInfo> columns;
    final List<String> norms;
    final List<@Nullable KeySplit> splits;
    final String base;
    final List<String> variants;
    final @Nullable ColumnInfo key;
    final @Nullable KeySplit keySplit;
    final String keyNorm;
    final KeyKind keyKind;
    int uniqueColumns;
    /** Whether every column looks like a reference: such a table owns no key. */
    boolean link;
    /** The other tables whose name is a prefix or suffix of this one's; built on first use. */
    private @Nullable List<Table> namedAfter;

    Table(TableInfo info) {
      this.info = info;
      this.columns = info.columns();
      this.norms = new ArrayList<>(columns.size());
      this.splits = new ArrayList<>(columns.size());
      for (ColumnInfo c : columns) {
        norms.add(Names.norm(c.name()));
        splits.add(Names.keySplit(c.name()));
      }
      this.base = Names.tableBase(info.id().name());
      this.variants = Names.variants(base);
      int k = -1;
      KeyKind kind = KeyKind.NONE;
      if (info.primaryKey().size() == 1) {
        for (int i = 0; i < columns.size() && k < 0; i++) {
          if (columns.get(i).name().equals(info.primaryKey().get(0))) {
            k = i;
            kind = KeyKind.PRIMARY_KEY;
          }
        }
      }
      for (int i = 0; i < columns.size() && k < 0; i++) {
        if (namesTable(splits.get(i))) {
          k = i;
          kind = KeyKind.NAMED;
        }
      }
      for (int i = 0; i < columns.size() && k < 0; i++) {
        if (norms.get(i).equals("id")) {
          k = i;
          kind = KeyKind.ID;
        }
      }
      if (k < 0 && !columns.isEmpty()) {
        k = 0;
        kind = variants.contains(norms.get(0)) ? KeyKind.EQUALS_TABLE_NAME : KeyKind.FIRST;
      }
      this.key = k < 0 ? null : columns.get(k);
      this.keySplit = k < 0 ? null : splits.get(k);
      this.keyNorm = k < 0 ? "" : norms.get(k);
      this.keyKind = kind;
    }

    /** {@return whether a column is named after this table: RACES.raceId, NATION.n_nationkey} */
    boolean namesTable(@Nullable KeySplit ks) {
      if (ks == null) {
        return false;
      }
      if (variants.contains(ks.joined())) {
        return true;
      }
      List<String> p = ks.unprefixed();
      return p != null && variants.contains(String.join("", p));
    }

    String name() {
      return info.id().name();
    }

    /**
     * {@return the other tables whose name is a proper prefix or suffix of this table's name (3+
     * letters; at word boundaries when the name has several words): EMPLOYEE for
     * EMPLOYEE_PAY_HISTORY, VENDOR for PRODUCTVENDOR}
     */
    List<Table> namedAfter(Map<String, List<Table>> byVariant) {
      if (namedAfter == null) {
        List<String> ws = Names.tableWords(name());
        List<String> parts = new ArrayList<>();
        if (ws.size() > 1) {
          for (int i = 1; i < ws.size(); i++) {
            parts.add(String.join("", ws.subList(0, i)));
            parts.add(String.join("", ws.subList(i, ws.size())));
          }
        } else {
          for (int len = 3; len <= base.length() - 3; len++) {
            parts.add(base.substring(0, len));
            parts.add(base.substring(base.length() - len));
          }
        }
        List<Table> found = new ArrayList<>(1);
        for (String part : parts) {
          for (Table b : byVariant.getOrDefault(part, List.of())) {
            if (b != this && !found.contains(b)) {
              found.add(b);
            }
          }
        }
        namedAfter = found.isEmpty() ? List.of() : found;
      }
      return namedAfter;
    }
  }

  private enum KeyKind { PRIMARY_KEY, NAMED, ID, EQUALS_TABLE_NAME, FIRST, NONE }

  private record Abbreviation(Table table, double score) {}

  private record Candidate(Table target, Rule rule, double confidence, String why) {}

  /** The lookup maps of one database. */
  private static final class Database {
    final List<Table> tables = new ArrayList<>();
    final Map<String, List<Table>> byVariant = new HashMap<>();
    final Map<String, List<Table>> namedOwners = new HashMap<>();
    final Map<String, List<Table>> firstOwners = new HashMap<>();
    final Map<String, List<Table>> stems = new HashMap<>();
    /** The resolved owner (or null on a tie) of each key name that starts several tables. */
    private final Map<String, @Nullable Table> owners = new HashMap<>();
    /** Built on first use: most columns resolve without abbreviations. */
    private @Nullable Map<String, List<Abbreviation>> abbreviations;

    Database(List<TableInfo> infos) {
      Map<String, Integer> frequency = new HashMap<>();
      for (TableInfo info : infos) {
        Table t = new Table(info);
        tables.add(t);
        for (String v : t.variants) {
          byVariant.computeIfAbsent(v, k -> new ArrayList<>(1)).add(t);
        }
        t.norms.forEach(n -> frequency.merge(n, 1, Integer::sum));
        if (t.key != null) {
          String keyNorm = t.keyNorm;
          if (t.keyKind == KeyKind.PRIMARY_KEY || t.keyKind == KeyKind.NAMED
              || t.keyKind == KeyKind.EQUALS_TABLE_NAME) {
            namedOwners.computeIfAbsent(keyNorm, k -> new ArrayList<>(1)).add(t);
          }
          KeySplit ks = t.keySplit;
          if (ks != null) {
            stems.computeIfAbsent(ks.joined(), k -> new ArrayList<>(1)).add(t);
          }
        }
      }
      for (Table t : tables) {
        int unique = 0;
        for (String n : t.norms) {
          if (frequency.get(n) == 1) {
            unique++;
          }
        }
        t.uniqueColumns = unique;
        t.link = isLinkTable(t);
        if (!t.columns.isEmpty() && t.key == t.columns.get(0) && !t.link) {
          firstOwners.computeIfAbsent(t.norms.get(0), k -> new ArrayList<>(1)).add(t);
        }
      }
    }

    /**
     * {@return whether every column of a table (two or more) looks like a reference: a key word
     * ending or another table's name} Such a table links others and owns no key.
     */
    private boolean isLinkTable(Table t) {
      if (t.columns.size() < 2) {
        return false;
      }
      for (int i = 0; i < t.columns.size(); i++) {
        if (t.splits.get(i) != null) {
          continue;
        }
        boolean namesOther = false;
        for (String v : Names.variants(Names.stripDigits(t.norms.get(i)))) {
          for (Table b : byVariant.getOrDefault(v, List.of())) {
            namesOther |= b != t;
          }
        }
        if (!namesOther) {
          return false;
        }
      }
      return true;
    }

    private Map<String, List<Abbreviation>> abbreviations() {
      if (abbreviations == null) {
        abbreviations = new HashMap<>();
        tables.forEach(t -> indexAbbreviations(t, abbreviations));
      }
      return abbreviations;
    }

    /** Indexes the prefixes (3+ letters) and two-letter abbreviations of the table's first word. */
    private static void indexAbbreviations(Table t, Map<String, List<Abbreviation>> abbreviations) {
      String fw = Names.tableFirstWord(t.name());
      Set<String> seen = new HashSet<>();
      for (int len = 3; len < fw.length(); len++) {
        String p = fw.substring(0, len);
        if (!related(p, fw) && seen.add(p)) {
          abbreviations.computeIfAbsent(p, k -> new ArrayList<>(1))
              .add(new Abbreviation(t, PREFIX_ABBREVIATION));
        }
      }
      if (fw.length() > 2) {
        for (int j = 1; j < fw.length(); j++) {
          String s = "" + fw.charAt(0) + fw.charAt(j);
          if (!related(s, fw) && seen.add(s)) {
            abbreviations.computeIfAbsent(s, k -> new ArrayList<>(1))
                .add(new Abbreviation(t, SUBSEQUENCE_ABBREVIATION));
          }
        }
      }
    }

    private static boolean related(String a, String word) {
      return a.equals(word) || Names.variants(a).contains(word) || Names.variants(word).contains(a);
    }

    void inferColumn(Table t, int index, Set<Rule> rules, List<Inferred> out) {
      ColumnInfo c = t.columns.get(index);
      String n = t.norms.get(index);
      if (n.isEmpty()) {
        return;
      }
      KeySplit ks = t.splits.get(index);
      boolean own = t.namesTable(ks) || t.variants.contains(n);
      List<Candidate> cands = new ArrayList<>(2);
      if (ks != null && !own) {
        namesTable(t, ks, rules, cands);
        if (cands.isEmpty() && index > 0 && rules.contains(Rule.ABBREVIATION)) {
          abbreviation(t, ks, cands);
        }
        if (cands.isEmpty() && rules.contains(Rule.NAME_PREFIX_WITH_COLUMN)) {
          namePrefix(t, ks, n, cands);
        }
      }
      if (!GENERIC.contains(n)) {
        owners(t, n, rules, cands);
      }
      if (ks == null && !own && rules.contains(Rule.KEY_STEM)) {
        for (Table b : stems.getOrDefault(Names.stripDigits(n), List.of())) {
          if (b != t) {
            cands.add(new Candidate(b, Rule.KEY_STEM, Rule.KEY_STEM.confidence(),
                "is the stem of key " + b.name() + "." + keyName(b)));
          }
        }
      }
      if (!own && rules.contains(Rule.COLUMN_NAMES_TABLE)) {
        for (String v : Names.variants(Names.stripDigits(n))) {
          for (Table b : byVariant.getOrDefault(v, List.of())) {
            if (b == t || !recognisableKey(b)) {
              continue; // a target keyed only by its first column (e.g. NAME) is too weak
            }
            cands.add(new Candidate(b, Rule.COLUMN_NAMES_TABLE,
                Rule.COLUMN_NAMES_TABLE.confidence(), "is named like table " + b.name()));
          }
        }
      }
      if (ks == null && !own && rules.contains(Rule.COLUMN_ENDS_WITH_TABLE)) {
        endsWithTable(t, c.name(), cands);
      }
      if (cands.isEmpty()) {
        return;
      }
      double best = -1;
      Map<Table, Candidate> chosen = new LinkedHashMap<>();
      Map<Table, ColumnInfo> targets = new HashMap<>();
      for (Candidate cand : cands) {
        ColumnInfo target = targetColumn(cand.target, n, ks);
        if (target == null || !TypeClass.compatible(c.type(), target.type())
            || !keyLike(cand.target, target)) {
          continue;
        }
        if (cand.confidence > best) {
          best = cand.confidence;
          chosen.clear();
        }
        if (cand.confidence == best) {
          chosen.putIfAbsent(cand.target, cand);
          targets.put(cand.target, target);
        }
      }
      if (chosen.size() > 1) {
        // Equal evidence for several tables that share the key: the key's owner, if among them.
        Set<String> keys = new HashSet<>();
        chosen.keySet().forEach(b -> keys.add(Names.norm(targets.get(b).name())));
        Table owner = keys.size() == 1 ? firstOwner(keys.iterator().next()) : null;
        if (owner != null && chosen.containsKey(owner)) {
          chosen.keySet().retainAll(Set.of(owner));
        }
      }
      if (rules.contains(Rule.SPECIFIC_HOLDER)) {
        for (Candidate cand : List.copyOf(chosen.values())) {
          // Only a column named exactly like the key of the table named after it: the key's root.
          String keyNorm = Names.norm(targets.get(cand.target).name());
          boolean root = cand.rule == Rule.NAMES_TABLE || cand.rule == Rule.KEY_OF_NAMED_OWNER;
          Table p = !root || !keyNorm.equals(n) || GENERIC.contains(n) ? null
              : specificHolder(t, keyNorm, cand.target);
          if (p == null || p == cand.target || chosen.containsKey(p)) {
            continue;
          }
          ColumnInfo pc = p.key;
          if (pc != null && TypeClass.compatible(c.type(), pc.type())) {
            chosen.remove(cand.target);
            chosen.put(p, new Candidate(p, Rule.SPECIFIC_HOLDER, cand.confidence,
                cand.why + "; table " + t.name() + " is named after table " + p.name()
                    + ", which holds the same key"));
            targets.put(p, pc);
          }
        }
      }
      for (Candidate cand : chosen.values()) {
        ColumnInfo target = targets.get(cand.target);
        String types = c.type().equalsIgnoreCase(target.type()) ? c.type()
            : (c.type().isBlank() ? "?" : c.type()) + " ~ "
                + (target.type().isBlank() ? "?" : target.type());
        String evidence = "column " + t.name() + "." + c.name() + " " + cand.why
            + " (joins " + cand.target.name() + "." + target.name()
            + (types.isBlank() ? "" : ", " + types) + ")";
        out.add(new Inferred(new JoinEdge(t.info.id(), List.of(c.name()), cand.target.info.id(),
            List.of(target.name()), EdgeSource.INFERRED, evidence, cand.confidence), cand.rule));
      }
    }

    private void namesTable(Table t, KeySplit ks, Set<Rule> rules, List<Candidate> cands) {
      if (!rules.contains(Rule.NAMES_TABLE)) {
        return;
      }
      List<List<String>> tries = new ArrayList<>(2);
      tries.add(ks.base());
      List<String> unprefixed = ks.unprefixed();
      if (unprefixed != null) {
        tries.add(unprefixed);
      }
      for (List<String> words : tries) {
        String base = String.join("", words);
        if (base.length() < 2) {
          continue;
        }
        Collection<Table> hits = lookup(base, t);
        for (Table b : hits) {
          cands.add(new Candidate(b, Rule.NAMES_TABLE, Rule.NAMES_TABLE.confidence(),
              "names table " + b.name()));
        }
        if (!hits.isEmpty()) {
          return;
        }
      }
    }

    private void abbreviation(Table t, KeySplit ks, List<Candidate> cands) {
      List<String> bases = new ArrayList<>(2);
      bases.add(ks.joined());
      List<String> unprefixed = ks.unprefixed();
      if (unprefixed != null) {
        bases.add(String.join("", unprefixed));
      }
      for (String bb : bases) {
        if (bb.length() < 2) {
          continue;
        }
        Abbreviation best = null;
        for (Abbreviation a : abbreviations().getOrDefault(bb, List.of())) {
          if (a.table == t) {
            continue;
          }
          if (best == null || a.score > best.score
              || (a.score == best.score && a.table.base.length() < best.table.base.length())) {
            best = a;
          }
        }
        if (best != null) {
          cands.add(new Candidate(best.table, Rule.ABBREVIATION, best.score,
              "abbreviates table " + best.table.name()));
          return;
        }
      }
    }

    /** The longest run of trailing words that names a table with a recognisable key. */
    private void endsWithTable(Table t, String column, List<Candidate> cands) {
      List<String> ws = Names.words(column);
      for (int i = 0; i < ws.size(); i++) {
        ws.set(i, Names.stripDigits(ws.get(i)));
      }
      for (int d = 1; d < ws.size(); d++) {
        String base = String.join("", ws.subList(d, ws.size()));
        boolean hit = false;
        for (Table b : lookup(base, t)) {
          if (recognisableKey(b)) {
            cands.add(new Candidate(b, Rule.COLUMN_ENDS_WITH_TABLE,
                Rule.COLUMN_ENDS_WITH_TABLE.confidence(),
                "ends with the name of table " + b.name()));
            hit = true;
          }
        }
        if (hit) {
          return;
        }
      }
    }

    /** {@return whether a table's key is more than its first column: id, a key word, its name} */
    private static boolean recognisableKey(Table b) {
      return b.key != null && !(b.keyKind == KeyKind.FIRST && b.keySplit == null);
    }

    private void namePrefix(Table t, KeySplit ks, String n, List<Candidate> cands) {
      List<String> bw = ks.base();
      for (int j = bw.size() - 1; j >= 1; j--) {
        String base = String.join("", bw.subList(0, j));
        boolean hit = false;
        for (Table b : lookup(base, t)) {
          if (b.norms.contains(n)) {
            cands.add(new Candidate(b, Rule.NAME_PREFIX_WITH_COLUMN,
                Rule.NAME_PREFIX_WITH_COLUMN.confidence(),
                "starts with table name " + b.name() + ", which has the same column"));
            hit = true;
          }
        }
        if (hit) {
          return;
        }
      }
    }

    private void owners(Table t, String n, Set<Rule> rules, List<Candidate> cands) {
      List<Table> named = namedOwners.getOrDefault(n, List.of());
      if (!named.isEmpty()) {
        if (rules.contains(Rule.KEY_OF_NAMED_OWNER)) {
          for (Table b : named) {
            if (b != t) {
              cands.add(new Candidate(b, Rule.KEY_OF_NAMED_OWNER,
                  Rule.KEY_OF_NAMED_OWNER.confidence(),
                  "is named like the key of table " + b.name()));
            }
          }
        }
        return;
      }
      if (!rules.contains(Rule.FIRST_COLUMN_OF_OWNER)) {
        return;
      }
      Table owner = firstOwner(n);
      String why = owner == null ? "" : firstOwners.get(n).size() == 1
          ? "is named like the first column of table " + owner.name()
              + ", the only table that starts with it"
          : "is named like the first column of table " + owner.name()
              + ", the most specific of " + firstOwners.get(n).size()
              + " tables that start with it";
      if (owner != null && owner != t) {
        cands.add(new Candidate(owner, Rule.FIRST_COLUMN_OF_OWNER,
            Rule.FIRST_COLUMN_OF_OWNER.confidence(), why));
      }
    }

    /**
     * {@return the owner of a key name among the tables that start with it: the only one, else the
     * most specific (most columns found in no other table), else null on a tie}
     */
    private @Nullable Table firstOwner(String n) {
      List<Table> first = firstOwners.getOrDefault(n, List.of());
      if (first.size() <= 1) {
        return first.isEmpty() ? null : first.get(0);
      }
      if (owners.containsKey(n)) {
        return owners.get(n); // a key shared by many tables is resolved once
      }
      Table owner = mostSpecific(first);
      owners.put(n, owner);
      return owner;
    }

    private static @Nullable Table mostSpecific(List<Table> first) {
      Table top = null;
      int second = -1;
      for (Table b : first) {
        if (top == null || b.uniqueColumns > top.uniqueColumns) {
          if (top != null) {
            second = Math.max(second, top.uniqueColumns);
          }
          top = b;
        } else {
          second = Math.max(second, b.uniqueColumns);
        }
      }
      return top != null && top.uniqueColumns > second ? top : null;
    }

    /** {@return whether a table holds a key name: as its named key, or as its first-column key} */
    private static boolean holds(Table b, String keyNorm) {
      if (b.key == null || !b.keyNorm.equals(keyNorm)) {
        return false;
      }
      return b.keyKind == KeyKind.PRIMARY_KEY || b.keyKind == KeyKind.NAMED
          || b.keyKind == KeyKind.EQUALS_TABLE_NAME || (b.keyKind == KeyKind.FIRST && !b.link);
    }

    /**
     * {@return the table, other than {@code t}, that {@code t} is named after (a prefix or suffix
     * of its name, the longest) and that holds the key name, or null}
     */
    private @Nullable Table specificHolder(Table t, String keyNorm, Table target) {
      if (!heldElsewhere(keyNorm, t, target)) {
        return null; // the common case: only the target holds the key; no name to split
      }
      Table best = null;
      for (Table p : t.namedAfter(byVariant)) {
        if (holds(p, keyNorm) && (best == null || p.base.length() > best.base.length())) {
          best = p;
        }
      }
      return best;
    }

    /** {@return whether a table other than {@code t} and {@code target} may hold the key name} */
    private boolean heldElsewhere(String keyNorm, Table t, Table target) {
      for (Map<String, List<Table>> m : List.of(firstOwners, namedOwners)) {
        for (Table b : m.getOrDefault(keyNorm, List.of())) {
          if (b != t && b != target) {
            return true;
          }
        }
      }
      return false;
    }

    /** {@return the tables other than {@code self} whose name variants include a base variant} */
    private Collection<Table> lookup(String base, Table self) {
      Set<Table> hits = new java.util.LinkedHashSet<>(2);
      for (String v : Names.variants(base)) {
        for (Table b : byVariant.getOrDefault(v, List.of())) {
          if (b != self) {
            hits.add(b);
          }
        }
      }
      return hits;
    }

    /** The referenced column: same name, else the key word itself (SETS.code), else the key. */
    private static @Nullable ColumnInfo targetColumn(Table b, String n, @Nullable KeySplit ks) {
      for (int i = 0; i < b.columns.size(); i++) {
        if (b.norms.get(i).equals(n)) {
          return b.columns.get(i);
        }
      }
      if (ks != null) {
        for (int i = 0; i < b.columns.size(); i++) {
          if (b.norms.get(i).equals(ks.keyWord())) {
            return b.columns.get(i);
          }
        }
      }
      return b.key;
    }

    /**
     * {@return whether a column can be what a reference points at: the table's key or first
     * column, a key word or a name ending in one ({@code code}, {@code tmID}), a primary key column}
     */
    private static boolean keyLike(Table b, ColumnInfo col) {
      int i = b.columns.indexOf(col);
      return i == 0 || col == b.key || b.splits.get(i) != null
          || Names.KEY_WORDS.contains(b.norms.get(i)) || b.info.primaryKey().contains(col.name());
    }

    private static String keyName(Table b) {
      return b.key == null ? "?" : b.key.name();
    }
  }
}
