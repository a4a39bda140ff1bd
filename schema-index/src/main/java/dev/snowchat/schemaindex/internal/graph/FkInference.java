package dev.snowchat.schemaindex.internal.graph;

import static java.util.Objects.requireNonNull;

import dev.snowchat.schemaindex.ColumnInfo;
import dev.snowchat.schemaindex.EdgeSource;
import dev.snowchat.schemaindex.ForeignKey;
import dev.snowchat.schemaindex.JoinEdge;
import dev.snowchat.schemaindex.QualifiedName;
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
 * <p>A column whose name, as it is, names no table that it can join is read by role: leading role
 * words dropped ({@code OwnerUserId}), a role after the key ({@code tmIDWinner}), a number coding
 * a lookup table's label, the last words of one table's name, a self-reference
 * ({@code manager_id}). Two key columns that together form the key of a pair table named after
 * both (PARTSUPP) refer to it as one composite key. When several tables remain with equal
 * evidence, the one whose referenced column has the column's name wins; otherwise none is linked.
 *
 * <p>The rules and their confidence were chosen and measured on the BIRD databases (the rules of
 * issue 14 on its 69 train databases, confirmed on the 11 dev databases); GRAPH.md and
 * EVALUATION.md give precision and recall per rule.
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
     * A key named by its role: {@code OwnerUserId}, {@code caused_by_ship_id},
     * {@code salesRepEmployeeNumber} name table USERS, SHIP, EMPLOYEES once their leading role
     * words are dropped; {@code home_team_api_id} is TEAM's {@code team_api_id}. Only when the
     * whole name names no table.
     */
    ROLE_PREFIX(0.7),
    /**
     * A key followed by a role: {@code tmIDWinner} is the key {@code tmID} (of TEAMS) in the role
     * winner; the rules above are applied to the name up to its key word.
     */
    ROLE_SUFFIX(0.6),
    /**
     * A number column named like the text label of a lookup table holds the label's code:
     * {@code PLAYER.Batting_hand INTEGER} joins {@code BATTING_STYLE(Batting_Id INTEGER,
     * Batting_hand TEXT)} on its key.
     */
    LABEL_CODE(0.65),
    /**
     * The column's base names the last words of exactly one table: {@code region_id} joins
     * NOC_REGION, {@code competitor_id} GAMES_COMPETITOR (when no table is named REGION or
     * COMPETITOR).
     */
    TABLE_NAME_SUFFIX(0.55),
    /**
     * A column of a table named after another is the stem of a key of that table:
     * {@code CURRENT_TERMS.bioguide} joins {@code CURRENT.bioguide_id}.
     */
    PARENT_KEY_STEM(0.65),
    /**
     * A key named by a role that refers to the same table ({@code manager_id},
     * {@code parent_id}, {@code reports_to}) when no table is named after the role: a
     * self-reference to the table's own key (or to the table its first-column key names:
     * {@code COMMIT_PARENTS.parent_id} joins COMMITS); a person's role, an agent's role included
     * ({@code author_id}, {@code reporter_id}), in a table that is not one of people refers to the
     * one table of people ({@code DEPARTMENTS.manager_id}: EMPLOYEES; {@code commits.author_id}:
     * users).
     */
    SELF_ROLE(0.6),
    /**
     * The column's base, without its alias prefix and leading role words, abbreviates the last
     * words of exactly one table's name word by word, each word by a prefix and the last by 3+
     * letters: {@code ss_addr_sk} joins CUSTOMER_ADDRESS, {@code cs_bill_cdemo_sk}
     * CUSTOMER_DEMOGRAPHICS ({@code c} + {@code demo}), not HOUSEHOLD_DEMOGRAPHICS. Not when the
     * column also abbreviates its own table ({@code CUSTOMER_DEMOGRAPHICS.cd_demo_sk}).
     */
    WORD_ABBREVIATION(0.55),
    /**
     * Two key columns together refer to a pair table named after both, keyed by the pair:
     * {@code LINEITEM(l_partkey, l_suppkey)} joins {@code PARTSUPP(ps_partkey, ps_suppkey)}, and
     * the two columns are then not inferred one by one (to PART and SUPPLIER).
     */
    PAIR_TABLE(0.85),
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

  /** Roles of a key that refers to its own table: {@code manager_id}, {@code parent_id}. */
  static final Set<String> SELF_ROLES =
      Set.of("manager", "supervisor", "boss", "parent", "superior");

  /** The roles of {@link #SELF_ROLES} and {@link #SELF_REFERENCES} that a person plays. */
  private static final Set<String> PERSON_ROLES =
      Set.of("manager", "supervisor", "boss", "superior", "reportsto");

  /** Last words of the names of tables of people. */
  private static final Set<String> PEOPLE = Set.of("employee", "staff", "person", "people",
      "user", "member", "worker", "personnel", "agent");

  /**
   * Roles of a person who acts on the row ({@code author_id}, {@code reporter_id},
   * {@code assignee_id}): like {@link #PERSON_ROLES}, a key of the one table of people when no
   * table is named after the role.
   */
  static final Set<String> AGENT_ROLES = Set.of("author", "committer", "reporter", "assignee",
      "assigner", "actor", "owner", "creator", "editor", "reviewer", "approver", "follower",
      "submitter", "requester", "requestor", "modifier", "updater", "uploader", "moderator");

  /**
   * Role words (spaces dropped) under which a key named after its own table refers to that table
   * ({@code BillToCustomerID}, {@code BackorderOrderID}, {@code parent_category_id}); any other
   * prefix ({@code external_user_id}, {@code shopify_order_id}, {@code erp_customer_id}) names
   * an outside system's key, not a row of the same table.
   */
  static final Set<String> RELATION_ROLES = Set.of("parent", "billto", "backorder",
      "replacement", "replacedby", "replaces", "original", "previous", "prior", "next", "prev",
      "mergedinto", "duplicateof", "invitedby", "referredby", "referrer", "referring", "master",
      "root", "predecessor", "successor", "supersededby", "variantof", "child", "related",
      "linked", "top", "base", "alternate", "substitute", "superior", "reportsto");

  /** Last words of the names of tables that an {@code owner_id} may well refer to instead. */
  private static final Set<String> OWNER_TABLES = Set.of("account", "organization",
      "organisation", "org", "team", "company", "tenant", "workspace");

  /** Whole column names that refer to their own table: {@code reports_to}, {@code reportsTo}. */
  static final Set<String> SELF_REFERENCES = Set.of("reportsto");

  /**
   * Key words that may also mean a count ({@code list_movie_number}): a role-named column ending
   * in one refers only to a column of the same name.
   */
  private static final Set<String> COUNT_WORDS = Set.of("number", "num", "no", "nbr");

  /** First words of a column that measures rather than refers: {@code UnitsOnOrder}. */
  private static final Set<String> MEASURE_WORDS = Set.of("units", "count", "cnt", "nb", "nbr",
      "num", "number", "total", "qty", "quantity", "amount", "sum", "avg", "average", "max",
      "min", "pct", "percent");

  private static final String[] KEY_WORD_ARRAY = Names.KEY_WORDS.toArray(String[]::new);

  /** A lookup table holds a key and at most two labels: {@code BATTING_STYLE(id, name)}. */
  private static final int LOOKUP_COLUMNS = 3;

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
    List<Prepared> prepared = new ArrayList<>(tables.size());
    tables.forEach(t -> prepared.add(prepare(t)));
    return inferPrepared(prepared, rules);
  }

  /**
   * Reads what inference needs from one table alone (its column names normalized and split, its
   * name's variants, its key), so that a later inference of its database can reuse it while the
   * table is unchanged.
   *
   * @param table the table
   * @return the prepared table; immutable
   */
  public static Prepared prepare(TableInfo table) {
    return new Prepared(requireNonNull(table, "table is null"), null);
  }

  /**
   * Infers foreign keys among the tables of one database, prepared by {@link #prepare} (perhaps
   * for an earlier inference): the same result as {@link #inferDatabase(List, Set)} on their
   * tables.
   *
   * @param tables the prepared tables of one database, in a stable order
   * @param rules the rules to apply
   * @return the inferred edges, grouped by referencing table in input order
   */
  public static List<Inferred> inferPrepared(List<Prepared> tables, Set<Rule> rules) {
    requireNonNull(tables, "tables is null");
    requireNonNull(rules, "rules is null");
    Database db = new Database(tables);
    List<Inferred> out = new ArrayList<>();
    for (Table t : db.tables) {
      inferTable(db, t, rules, out);
    }
    return out;
  }

  private static void inferTable(Database db, Table t, Set<Rule> rules, List<Inferred> out) {
    Set<String> declared = new HashSet<>();
    for (ForeignKey fk : t.info.foreignKeys()) {
      declared.addAll(fk.columns());
    }
    if (rules.contains(Rule.PAIR_TABLE)) {
      db.pairReferences(t, declared, out);
    }
    for (int i = 0; i < t.columns.size(); i++) {
      ColumnInfo c = t.columns.get(i);
      if (!declared.contains(c.name())) {
        db.inferColumn(t, i, rules, out);
      }
    }
  }

  /**
   * The inference of one database, kept so that the next inference after a change re-infers
   * only the tables whose result can change ({@link #inferIncrementally}). Immutable.
   */
  public static final class DatabaseInference {
    private final Set<Rule> rules;
    private final List<Prepared> tables;
    /** Per table (input order): the edges inferred from it. */
    private final List<List<Inferred>> outputs;
    /** Per table: the other tables its inference read (every table a lookup returned). */
    private final List<QualifiedName[]> reads;
    /** Per table: what the database derives about it from the other tables. */
    private final int[] unique;
    private final boolean[] link;
    private final List<@Nullable List<String>> pairs;
    private final Map<QualifiedName, Integer> positions;
    /** How many tables the inference that made this re-inferred (for tests and figures). */
    private final int reinferred;

    private DatabaseInference(Set<Rule> rules, Database db, List<Prepared> tables,
        List<List<Inferred>> outputs, List<QualifiedName[]> reads, int reinferred) {
      this.rules = Set.copyOf(rules);
      this.tables = List.copyOf(tables);
      this.outputs = List.copyOf(outputs);
      this.reads = List.copyOf(reads);
      int n = tables.size();
      this.unique = new int[n];
      this.link = new boolean[n];
      List<@Nullable List<String>> ps = new ArrayList<>(n);
      Map<QualifiedName, Integer> pos = HashMap.newHashMap(n);
      for (int i = 0; i < n; i++) {
        Table t = db.tables.get(i);
        unique[i] = t.uniqueColumns;
        link[i] = t.link;
        ps.add(t.pair);
        pos.put(t.info.id(), i);
      }
      this.pairs = ps;
      this.positions = pos;
      this.reinferred = reinferred;
    }

    /** {@return the inferred edges, grouped by referencing table in input order} */
    public List<Inferred> inferred() {
      List<Inferred> out = new ArrayList<>();
      outputs.forEach(out::addAll);
      return out;
    }

    /** {@return how many tables were inferred (all of them unless incremental)} */
    public int reinferred() {
      return reinferred;
    }

    /**
     * Finds the prepared table kept for a table.
     *
     * @param table the table
     * @return its prepared form when it is the same instance as before, else null
     */
    @Nullable Prepared preparedFor(TableInfo table) {
      Integer i = positions.get(table.id());
      if (i == null) {
        return null;
      }
      Prepared p = tables.get(i);
      return p.info == table ? p : null;
    }
  }

  /**
   * Infers foreign keys among the tables of one database, re-using an earlier inference of the
   * same database: the same edges as {@link #inferDatabase(List, Set)}, at the cost of the tables
   * whose result can change.
   *
   * <p>Every table another table's inference sees is one that a lookup by name returned (a table
   * named after a column, the owners of a key name, ...), so each table's inference notes those
   * tables. After a change, a table is inferred again when it changed, or when it read a table
   * that changed or whose derived facts (columns found in no other table, being a link or pair
   * table) changed; the others keep their edges. That holds while the lookups return the same
   * tables, that is while every changed table is filed under the same names as before (its
   * key, first column, key stems, label columns, pair signature) and no table is added or
   * removed; otherwise the whole database is inferred again.
   *
   * @param tables the tables of one database, in a stable order
   * @param rules the rules to apply
   * @param previous an earlier inference of this database, or null
   * @return the inference; {@link DatabaseInference#inferred()} gives the edges
   */
  public static DatabaseInference inferIncrementally(List<TableInfo> tables, Set<Rule> rules,
      @Nullable DatabaseInference previous) {
    requireNonNull(tables, "tables is null");
    requireNonNull(rules, "rules is null");
    List<Prepared> prepared = new ArrayList<>(tables.size());
    Map<String, String> pool = new HashMap<>();
    for (TableInfo t : tables) {
      Prepared p = previous == null ? null : previous.preparedFor(t);
      prepared.add(p != null ? p : new Prepared(t, pool));
    }
    Database db = new Database(prepared);
    int n = prepared.size();
    Set<QualifiedName> dirty = new HashSet<>();
    boolean incremental = previous != null && previous.rules.equals(rules)
        && previous.tables.size() == n;
    for (int i = 0; incremental && i < n; i++) {
      Prepared before = previous.tables.get(i);
      Prepared now = prepared.get(i);
      Table t = db.tables.get(i);
      if (!before.info.id().equals(now.info.id())) {
        incremental = false;
      } else if (before != now) {
        dirty.add(now.info.id());
        incremental = filing(before, previous.link[i], previous.pairs.get(i))
            .equals(filing(now, t.link, t.pair));
      } else if (previous.unique[i] != t.uniqueColumns || previous.link[i] != t.link
          || !java.util.Objects.equals(previous.pairs.get(i), t.pair)) {
        dirty.add(now.info.id());
      }
    }
    List<List<Inferred>> outputs = new ArrayList<>(n);
    List<QualifiedName[]> reads = new ArrayList<>(n);
    int count = 0;
    for (int i = 0; i < n; i++) {
      Table t = db.tables.get(i);
      if (incremental && !dirty.contains(t.info.id())
          && !readsAny(previous.reads.get(i), dirty)) {
        outputs.add(previous.outputs.get(i));
        reads.add(previous.reads.get(i));
        continue;
      }
      count++;
      List<Inferred> out = new ArrayList<>();
      db.reads = new HashSet<>();
      inferTable(db, t, rules, out);
      List<QualifiedName> seen = new ArrayList<>(db.reads.size());
      for (Table b : db.reads) {
        if (b != t) {
          seen.add(b.info.id());
        }
      }
      db.reads = null;
      outputs.add(out.isEmpty() ? List.of() : List.copyOf(out));
      reads.add(seen.isEmpty() ? NO_READS : seen.toArray(QualifiedName[]::new));
    }
    return new DatabaseInference(rules, db, prepared, outputs, reads, count);
  }

  private static final QualifiedName[] NO_READS = {};

  private static boolean readsAny(QualifiedName[] read, Set<QualifiedName> dirty) {
    if (dirty.isEmpty()) {
      return false;
    }
    for (QualifiedName q : read) {
      if (dirty.contains(q)) {
        return true;
      }
    }
    return false;
  }

  /**
   * {@return the names under which a table is filed in the database's lookups, besides its own
   * name: its key (as a named key, a key stem, a first column it owns), the stems of all its key
   * columns, its label columns, its pair signature, and whether it is a link table}
   */
  private static List<Object> filing(Prepared p, boolean link, @Nullable List<String> pair) {
    List<Object> out = new ArrayList<>();
    out.add(p.keyKind);
    out.add(p.keyNorm);
    out.add(p.keySplit == null ? "" : p.keySplit.joined());
    out.add(!p.columns.isEmpty() && p.key == p.columns.get(0) ? p.norms.get(0) : "");
    out.add(link);
    out.add(pair == null ? List.of() : pair);
    Set<String> stems = new java.util.TreeSet<>();
    for (KeySplit ks : p.splits) {
      if (ks != null) {
        stems.add(ks.joined());
      }
    }
    out.add(stems);
    List<String> labels = new ArrayList<>();
    if (p.columns.size() <= LOOKUP_COLUMNS) {
      for (int i = 1; i < p.columns.size(); i++) {
        ColumnInfo c = p.columns.get(i);
        if (c != p.key && TypeClass.of(c.type()) == TypeClass.TEXT) {
          labels.add(p.norms.get(i));
        }
      }
    }
    out.add(labels);
    return out;
  }

  /**
   * What inference reads from one table alone: a function of the table, so it is kept while the
   * table is unchanged and reused by the next inference of its database.
   */
  public static sealed class Prepared permits Table {
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

    /** A copy that shares the prepared facts (the per-inference {@code Table} extends it). */
    private Prepared(Prepared p) {
      this.info = p.info;
      this.columns = p.columns;
      this.norms = p.norms;
      this.splits = p.splits;
      this.base = p.base;
      this.variants = p.variants;
      this.key = p.key;
      this.keySplit = p.keySplit;
      this.keyNorm = p.keyNorm;
      this.keyKind = p.keyKind;
    }

    /**
     * Prepares a table.
     *
     * @param info the table
     * @param pool the normal forms met so far in its database, shared so that a kept table
     *     holds one copy of a column name many tables use; null for none
     */
    private Prepared(TableInfo info, @Nullable Map<String, String> pool) {
      this.info = info;
      this.columns = info.columns();
      List<String> ns = new ArrayList<>(columns.size());
      List<@Nullable KeySplit> ss = new ArrayList<>(columns.size());
      for (ColumnInfo c : columns) {
        String norm = Names.norm(c.name());
        ns.add(pool == null ? norm : pool.computeIfAbsent(norm, k -> k));
        ss.add(Names.keySplit(c.name()));
      }
      this.norms = ns;
      this.splits = ss;
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
      if (k < 0 && !columns.isEmpty() && norms.get(0).equals("id")) {
        // a first column "id" is the key even beside a column named after the table:
        // GHTorrent's issues(id, ..., issue_id), whose issue_id is GitHub's issue number
        k = 0;
        kind = KeyKind.ID;
      }
      for (int i = 0; i < columns.size() && k < 0; i++) {
        if (Table.namesTable(variants, splits.get(i))) {
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

    /** {@return the table} */
    public TableInfo table() {
      return info;
    }
  }

  /** What is known about a table for inference; built once per table. */
  private static final class Table extends Prepared {
    int uniqueColumns;
    /** Whether every column looks like a reference: such a table owns no key. */
    boolean link;
    /**
     * The signatures of the first two columns when the table is a pair table named after them
     * (HERO_ATTRIBUTE(hero_id, attribute_id), PARTSUPP(ps_partkey, ps_suppkey)), else null.
     */
    @Nullable List<String> pair;
    /** The other tables whose name is a prefix or suffix of this one's; built on first use. */
    private @Nullable List<Table> namedAfter;
    /** The first column ending in a key word by its base (bioguide for bioguide_id); lazy. */
    private @Nullable Map<String, Integer> keyStems;
    /** The words of its name without a warehouse prefix or suffix; lazy. */
    private @Nullable List<String> words;

    Table(Prepared p) {
      super(p);
    }

    /** {@return whether a column is named after this table: RACES.raceId, NATION.n_nationkey} */
    boolean namesTable(@Nullable KeySplit ks) {
      return namesTable(variants, ks);
    }

    static boolean namesTable(List<String> variants, @Nullable KeySplit ks) {
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

    /** {@return the words of its name without a warehouse prefix or suffix} */
    List<String> words() {
      if (words == null) {
        words = Names.tableWords(name());
      }
      return words;
    }

    /** {@return the index of the first column whose name is the stem plus a key word, or -1} */
    int keyStemColumn(String stem) {
      if (keyStems == null) {
        Map<String, Integer> m = new HashMap<>();
        for (int i = 0; i < columns.size(); i++) {
          KeySplit ks = splits.get(i);
          if (ks != null) {
            m.putIfAbsent(ks.joined(), i);
          }
        }
        keyStems = m;
      }
      return keyStems.getOrDefault(stem, -1);
    }

    /**
     * {@return the other tables whose name is a proper prefix or suffix of this table's name (3+
     * letters; at word boundaries when the name has several words): EMPLOYEE for
     * EMPLOYEE_PAY_HISTORY, VENDOR for PRODUCTVENDOR}
     */
    List<Table> namedAfter(Map<String, List<Table>> byVariant) {
      if (namedAfter == null) {
        List<String> ws = words();
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

  /**
   * A proposed target. The referenced column is looked up by {@code refNorm} and {@code refSplit}:
   * the column's own name, or, for a role-named column, the name without its role words.
   */
  private record Candidate(Table target, Rule rule, double confidence, String why,
      String refNorm, @Nullable KeySplit refSplit) {
    Candidate(Table target, Rule rule, double confidence, String why) {
      this(target, rule, confidence, why, "", null);
    }
  }

  /** The lookup maps of one database. */
  private static final class Database {
    final List<Table> tables = new ArrayList<>();
    final Map<String, List<Table>> byVariant = new HashMap<>();
    final Map<String, List<Table>> namedOwners = new HashMap<>();
    final Map<String, List<Table>> firstOwners = new HashMap<>();
    final Map<String, List<Table>> stems = new HashMap<>();
    /** The bases of all columns that end in a key word (bioguide for bioguide_id); lazy. */
    private @Nullable Set<String> keyStems;
    /** Pair tables by the signature of each of their two key columns. */
    final Map<String, List<Table>> pairs = new HashMap<>();
    /** The resolved owner (or null on a tie) of each key name that starts several tables. */
    private final Map<String, @Nullable Table> owners = new HashMap<>();
    /** The key names whose owner above was chosen because its name has the key's stem. */
    private final Set<String> stemNamedKeys = new HashSet<>();
    /**
     * The tables read while the current table's references are inferred (every table a lookup
     * returned), or null when not recorded: what {@link #inferIncrementally} checks.
     */
    @Nullable Set<Table> reads;
    /** Built on first use: most columns resolve without abbreviations. */
    private @Nullable Map<String, List<Abbreviation>> abbreviations;
    /** Text columns of lookup tables that are not their key, by name; built on first use. */
    private @Nullable Map<String, List<Table>> labels;
    /** The trailing words of multi-word table names (NOC_REGION: region); built on first use. */
    private @Nullable Map<String, List<Table>> suffixes;
    /**
     * Prefixes (3+ letters) shared by a table's first word and its key named like the table
     * (div: DIVISIONS.division); built on first use.
     */
    private @Nullable Map<String, List<Table>> keyPrefixes;
    /** The tables of people ({@link #isPeople}); built on first use. */
    private @Nullable List<Table> people;
    /** Whether a table is named like an account or organization; computed on first use. */
    private @Nullable Boolean hasOwnerTable;
    /** Tables by the first 3 letters of the last word of their name; built on first use. */
    private @Nullable Map<String, List<Table>> lastWordStarts;

    Database(List<Prepared> infos) {
      Map<String, Integer> frequency = new HashMap<>();
      for (Prepared info : infos) {
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
        t.pair = pairSignature(t);
        if (t.pair != null) {
          for (String sig : t.pair) {
            pairs.computeIfAbsent(sig, k -> new ArrayList<>(1)).add(t);
          }
        }
        t.link = t.pair != null || isLinkTable(t);
        if (!t.columns.isEmpty() && t.key == t.columns.get(0) && !t.link) {
          firstOwners.computeIfAbsent(t.norms.get(0), k -> new ArrayList<>(1)).add(t);
        }
      }
    }

    /**
     * {@return the signatures of a table's first two columns when both end in a key word and the
     * table is named after their bases, in either order (HERO_ATTRIBUTE(hero_id, attribute_id),
     * COMPETITOR_EVENT(event_id, competitor_id)); else null} Such a pair table links the two and
     * owns no key of its own.
     */
    private static @Nullable List<String> pairSignature(Table t) {
      if (t.columns.size() < 2 || t.splits.get(0) == null || t.splits.get(1) == null) {
        return null;
      }
      // the table's name is the two bases (plural or not): rule out most tables by length first
      int length = baseLength(t.splits.get(0)) + baseLength(t.splits.get(1));
      if (length > t.base.length() || length < t.base.length() - 3) {
        return null;
      }
      String a = baseOf(t.splits.get(0));
      String b = baseOf(t.splits.get(1));
      if (a.length() < 2 || b.length() < 2 || a.equals(b)) {
        return null;
      }
      if (!t.variants.contains(a + b) && !t.variants.contains(b + a)
          && !Names.variants(a + b).contains(t.base) && !Names.variants(b + a).contains(t.base)) {
        return null;
      }
      return List.of(signature(t.splits.get(0)), signature(t.splits.get(1)));
    }

    /** {@return the length of {@link #baseOf}} */
    private static int baseLength(KeySplit ks) {
      List<String> p = ks.unprefixed();
      return p == null ? ks.joined().length() : ks.joined().length() - ks.base().get(0).length();
    }

    /** {@return a key column's base without a short table-alias prefix: part for ps_partkey} */
    private static String baseOf(KeySplit ks) {
      List<String> p = ks.unprefixed();
      return String.join("", p == null ? ks.base() : p);
    }

    /** {@return a key column's name without a short table-alias prefix: partkey for l_partkey} */
    private static String signature(KeySplit ks) {
      return baseOf(ks) + ks.keyWord();
    }

    /**
     * Adds the references of table {@code t} to pair tables: two of its key columns (not its
     * own first two, which would make it a sibling of the pair table) with the pair table's
     * signatures and compatible types. Covered columns are added to {@code covered}.
     */
    void pairReferences(Table t, Set<String> covered, List<Inferred> out) {
      if (pairs.isEmpty()) {
        return;
      }
      Map<String, Integer> sigs = new HashMap<>();
      for (int i = 0; i < t.columns.size(); i++) {
        KeySplit ks = t.splits.get(i);
        if (ks != null && !covered.contains(t.columns.get(i).name())) {
          sigs.putIfAbsent(signature(ks), i);
        }
      }
      Set<Table> seen = new HashSet<>();
      for (Map.Entry<String, Integer> e : sigs.entrySet()) {
        for (Table b : read(pairs.getOrDefault(e.getKey(), List.of()))) {
          if (b == t || !seen.add(b)) {
            continue;
          }
          Integer i = sigs.get(b.pair.get(0));
          Integer j = sigs.get(b.pair.get(1));
          if (i == null || j == null) {
            continue;
          }
          if (Math.min(i, j) == 0 && ((Math.max(i, j) == 1 && t.key == t.columns.get(0))
              || !lookup(baseOf(t.splits.get(Math.max(i, j))), t).isEmpty())) {
            // its own first column is its key or its parent, not half of a pair, unless the
            // other half names no table alone: SHIPMENT_LINES(order_id, ship_date, line_no)
            // joins ORDER_LINES(order_id, line_no); PULL_REQUEST_COMMENTS' commit_id joins
            // COMMITS
            continue;
          }
          ColumnInfo ci = t.columns.get(i);
          ColumnInfo cj = t.columns.get(j);
          ColumnInfo bi = b.columns.get(0);
          ColumnInfo bj = b.columns.get(1);
          if (covered.contains(ci.name()) || covered.contains(cj.name())
              || !TypeClass.compatible(ci.type(), bi.type())
              || !TypeClass.compatible(cj.type(), bj.type())) {
            continue;
          }
          covered.add(ci.name());
          covered.add(cj.name());
          String evidence = "columns " + t.name() + "." + ci.name() + ", " + cj.name()
              + " are the key pair of table " + b.name() + ", which is named after both (joins "
              + b.name() + "." + bi.name() + ", " + bj.name() + ")";
          out.add(new Inferred(new JoinEdge(t.info.id(), List.of(ci.name(), cj.name()),
              b.info.id(), List.of(bi.name(), bj.name()), EdgeSource.INFERRED, evidence,
              Rule.PAIR_TABLE.confidence()), Rule.PAIR_TABLE));
        }
      }
    }

    /** {@return the tables a lookup returned, noted as read for the current table} */
    private List<Table> read(List<Table> found) {
      if (reads != null && !found.isEmpty()) {
        reads.addAll(found);
      }
      return found;
    }

    private void noteRead(Table b) {
      if (reads != null) {
        reads.add(b);
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

    private Set<String> keyStems() {
      if (keyStems == null) {
        Set<String> out = new HashSet<>();
        for (Table t : tables) {
          for (KeySplit ks : t.splits) {
            if (ks != null) {
              out.add(ks.joined());
            }
          }
        }
        keyStems = out;
      }
      return keyStems;
    }

    private Map<String, List<Table>> labels() {
      if (labels == null) {
        Map<String, List<Table>> out = new HashMap<>();
        for (Table t : tables) {
          if (t.columns.size() > LOOKUP_COLUMNS) {
            continue; // only lookup tables hold labels that a code refers to
          }
          for (int i = 1; i < t.columns.size(); i++) {
            ColumnInfo c = t.columns.get(i);
            if (c != t.key && TypeClass.of(c.type()) == TypeClass.TEXT) {
              List<Table> ts = out.computeIfAbsent(t.norms.get(i), k -> new ArrayList<>(1));
              if (ts.isEmpty() || ts.get(ts.size() - 1) != t) {
                ts.add(t); // tables come one after the other: a repeat is the last one
              }
            }
          }
        }
        labels = out;
      }
      return labels;
    }

    private Map<String, List<Table>> suffixes() {
      if (suffixes == null) {
        suffixes = new HashMap<>();
        for (Table t : tables) {
          List<String> ws = t.words();
          for (int i = 1; i < ws.size(); i++) {
            for (String v : Names.variants(String.join("", ws.subList(i, ws.size())))) {
              List<Table> ts = suffixes.computeIfAbsent(v, k -> new ArrayList<>(1));
              if (ts.isEmpty() || ts.get(ts.size() - 1) != t) {
                ts.add(t);
              }
            }
          }
        }
      }
      return suffixes;
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
      gather(t, index, n, ks, own, rules, cands);
      List<ColumnInfo> resolved = resolve(t, c, n, ks, cands);
      if (cands.isEmpty() && !own) {
        // the name as it is names no table (or only tables it cannot join): read it by role
        roleRules(t, index, c, n, ks, rules, cands);
        resolved = resolve(t, c, n, ks, cands);
      }
      if (cands.isEmpty()) {
        return;
      }
      double best = -1;
      Map<Table, Candidate> chosen = new LinkedHashMap<>();
      Map<Table, ColumnInfo> targets = new HashMap<>();
      for (int i = 0; i < cands.size(); i++) {
        Candidate cand = cands.get(i);
        ColumnInfo target = resolved.get(i);
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
      if (chosen.size() > 1) {
        // Still several: those whose referenced column has the column's name; if that does not
        // single one out, the evidence cannot tell them apart and nothing is linked.
        List<Table> same = new ArrayList<>();
        chosen.keySet().forEach(b -> {
          if (Names.norm(targets.get(b).name()).equals(n)) {
            same.add(b);
          }
        });
        if (same.size() == 1) {
          chosen.keySet().retainAll(same);
        } else {
          return;
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

    /**
     * Drops the candidates that cannot be joined and {@return the columns the others refer to, in
     * the same order}
     */
    private static List<ColumnInfo> resolve(Table t, ColumnInfo c, String n, @Nullable KeySplit ks,
        List<Candidate> cands) {
      List<ColumnInfo> out = new ArrayList<>(cands.size());
      int kept = 0;
      for (Candidate cand : cands) {
        ColumnInfo target = target(t, c, n, ks, cand);
        if (target != null) {
          cands.set(kept++, cand);
          out.add(target);
        }
      }
      if (kept < cands.size()) {
        cands.subList(kept, cands.size()).clear();
      }
      return out;
    }

    /**
     * {@return the column a candidate refers to, or null when it cannot be joined: the types
     * differ, the column does not look like a key, or it is the referencing column itself}
     */
    private static @Nullable ColumnInfo target(Table t, ColumnInfo c, String n,
        @Nullable KeySplit ks, Candidate cand) {
      ColumnInfo target = cand.refNorm.isEmpty() ? targetColumn(cand.target, n, ks)
          : targetColumn(cand.target, cand.refNorm, cand.refSplit);
      if (target == null || (cand.target == t && target == c) || !keyLike(cand.target, target)) {
        return null;
      }
      if (target == cand.target.key && cand.target.keyKind == KeyKind.ID
          && !TypeClass.compatible(c.type(), target.type())) {
        // CUSTOMERS(id NUMBER, customer_id VARCHAR): ORDERS.customer_id VARCHAR joins the
        // natural key of its name and type, not the surrogate id
        String same = cand.refNorm.isEmpty() ? n : cand.refNorm;
        for (int i = 0; i < cand.target.columns.size(); i++) {
          ColumnInfo o = cand.target.columns.get(i);
          if (o != target && o != c && cand.target.norms.get(i).equals(same)
              && TypeClass.compatible(c.type(), o.type())) {
            return o;
          }
        }
      }
      if (ks != null && COUNT_WORDS.contains(ks.keyWord()) && !sameKeyOrNumber(n, target)) {
        return null; // CPTEVENTS.CPT_NUMBER is no D_CPT.ROW_ID: a number joins a number
      }
      if (!TypeClass.compatible(c.type(), target.type())
          && !(sameKey(n, ks, cand, target)
              && TypeClass.numberAndText(c.type(), target.type()))) {
        return null;
      }
      return target;
    }

    /**
     * {@return whether the target column has the column's name or also ends in a count word}
     * ({@code emp_no} and {@code emp_no}; {@code salesRepEmployeeNumber} and
     * {@code employeeNumber}; not {@code CPT_NUMBER} and {@code D_CPT.ROW_ID})
     */
    private static boolean sameKeyOrNumber(String n, ColumnInfo target) {
      KeySplit tk = Names.keySplit(target.name());
      return Names.norm(target.name()).equals(n)
          || (tk != null && COUNT_WORDS.contains(tk.keyWord()));
    }

    /**
     * {@return whether a candidate joins a key of the column's own name or kind}: the target
     * column has exactly the column's name, or the column names the table and the target ends
     * in the column's key word ({@code visitor_ID} and {@code visitor.ID}; not
     * {@code country_code} and {@code COUNTRY.country_id})
     */
    private static boolean sameKey(String n, @Nullable KeySplit ks, Candidate cand,
        ColumnInfo target) {
      String tn = Names.norm(target.name());
      return tn.equals(n) || (cand.rule == Rule.NAMES_TABLE && ks != null
          && !COUNT_WORDS.contains(ks.keyWord()) && tn.endsWith(ks.keyWord()));
    }

    /** The rules that read the column's name as it is. */
    private void gather(Table t, int index, String n, @Nullable KeySplit ks, boolean own,
        Set<Rule> rules, List<Candidate> cands) {
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
        owners(t, n, own, rules, cands);
      } else if (rules.contains(Rule.FIRST_COLUMN_OF_OWNER)) {
        genericOwner(t, n, cands);
      }
      if (ks == null && !own && rules.contains(Rule.KEY_STEM)) {
        for (Table b : read(stems.getOrDefault(Names.stripDigits(n), List.of()))) {
          if (b != t) {
            cands.add(new Candidate(b, Rule.KEY_STEM, Rule.KEY_STEM.confidence(),
                "is the stem of key " + b.name() + "." + keyName(b)));
          }
        }
      }
      if (!own && rules.contains(Rule.COLUMN_NAMES_TABLE)) {
        for (String v : Names.variants(Names.stripDigits(n))) {
          for (Table b : read(byVariant.getOrDefault(v, List.of()))) {
            if (b == t || !(recognisableKey(b) || keylessFirst(b)
                || (numberFirst(b, t.columns.get(index)) && Names.variants(n).size() == 1
                    && !GENERIC.contains(n)))) {
              continue; // a target keyed only by its first column (e.g. NAME) is too weak
            }
            cands.add(new Candidate(b, Rule.COLUMN_NAMES_TABLE,
                Rule.COLUMN_NAMES_TABLE.confidence(), "is named like table " + b.name()));
          }
        }
      }
      if (ks == null && !own && rules.contains(Rule.COLUMN_ENDS_WITH_TABLE)) {
        endsWithTable(t, t.columns.get(index).name(), cands);
      }
      if (ks == null && !own && rules.contains(Rule.PARENT_KEY_STEM) && !GENERIC.contains(n)
          && keyStems().contains(Names.stripDigits(n))) {
        parentKeyStem(t, n, cands);
      }
    }

    /**
     * The rules for a column whose name, as it is, names no table: a role before or after the
     * key, a code of a label, a table's last words, a parent's key stem, a self-reference.
     */
    private void roleRules(Table t, int index, ColumnInfo c, String n, @Nullable KeySplit ks,
        Set<Rule> rules, List<Candidate> cands) {
      if (c == t.key && !t.link && (t.keyKind != KeyKind.FIRST || namesAWordOf(t, ks))) {
        return; // a table's own key (LABEL_CATEGORIES.label_id) names no role; a link table's
                // first column (ISSUE_LABELS.label_id) is a reference like the others
      }
      if (ks != null) {
        List<String> up = ks.unprefixed(); // not the alias: CATALOG_PAGE's cp_type is no role
        if (t.norms.contains(String.join("", up == null ? ks.base() : up) + "type")) {
          return; // ATTACHMENTS(owner_id, owner_type), COMMENTS(parent_id, parent_type): a
                  // polymorphic key, whose table its type names row by row
        }
        if (rules.contains(Rule.ROLE_PREFIX)) {
          rolePrefix(t, ks, cands);
        }
        if (cands.isEmpty() && rules.contains(Rule.TABLE_NAME_SUFFIX)) {
          tableNameSuffix(t, ks, cands);
        }
        if (cands.isEmpty() && rules.contains(Rule.WORD_ABBREVIATION)) {
          wordAbbreviation(t, ks, cands);
        }
        String role = ks.joined();
        boolean agent = AGENT_ROLES.contains(role) && !SELF_ROLES.contains(role)
            && !(role.equals("owner") && hasOwnerTable());
        if (cands.isEmpty() && rules.contains(Rule.SELF_ROLE)
            && (SELF_ROLES.contains(role) || agent) && lookup(role, t).isEmpty()) {
          addIfNotNull(cands, selfRole(t, role, !role.equals("parent"), agent));
        }
        return;
      }
      if (rules.contains(Rule.ROLE_SUFFIX) && hasInnerKeyWord(n)) {
        roleSuffix(t, index, c.name(), rules, cands);
      }
      if (cands.isEmpty() && rules.contains(Rule.ABBREVIATION) && n.length() >= 3
          && !GENERIC.contains(n)) {
        keyAbbreviation(t, n, cands);
      }
      List<String> ws = Names.words(c.name());
      if (cands.isEmpty() && rules.contains(Rule.TABLE_NAME_SUFFIX) && !GENERIC.contains(n)
          && Names.variants(n).size() == 1 && !startsWithMeasure(ws)) {
        tableNameSuffix(t, n, null, cands); // singular: PRODUCTS.units counts, Maker refers
      }
      if (cands.isEmpty() && rules.contains(Rule.LABEL_CODE) && labels().containsKey(n)
          && TypeClass.of(c.type()) == TypeClass.NUMBER) {
        labelCode(t, n, cands);
      }
      if (cands.isEmpty() && rules.contains(Rule.SELF_ROLE) && SELF_REFERENCES.contains(n)) {
        addIfNotNull(cands, selfRole(t, n, PERSON_ROLES.contains(n), false));
      }
      if (cands.isEmpty() && rules.contains(Rule.SELF_ROLE) && ws.size() >= 2
          && ws.get(ws.size() - 1).equals("by")) {
        // created_by, LastModifiedBy: a person, of the one table of people
        addIfNotNull(cands, selfRole(t, String.join(" ", ws), true, false));
      }
    }

    /**
     * {@code MATCHS.Div}: a column without a key word that is a prefix (3+ letters) of a table's
     * name and of that table's key, named like the table (DIVISIONS.division).
     */
    private void keyAbbreviation(Table t, String n, List<Candidate> cands) {
      if (keyPrefixes == null) {
        Map<String, List<Table>> m = new HashMap<>();
        for (Table b : tables) {
          if (b.keyKind == KeyKind.EQUALS_TABLE_NAME || b.keyKind == KeyKind.NAMED) {
            for (int len = 3; len < b.keyNorm.length() && len < b.base.length()
                && b.keyNorm.charAt(len - 1) == b.base.charAt(len - 1); len++) {
              m.computeIfAbsent(b.keyNorm.substring(0, len), k -> new ArrayList<>(1)).add(b);
            }
          }
        }
        keyPrefixes = m;
      }
      for (Table b : read(keyPrefixes.getOrDefault(n, List.of()))) {
        if (b != t) {
          cands.add(new Candidate(b, Rule.ABBREVIATION, SUBSEQUENCE_ABBREVIATION,
              "abbreviates table " + b.name() + " and its key " + keyName(b), b.keyNorm,
              b.keySplit));
        }
      }
    }

    /**
     * A role that refers to the table's own key ({@code CATEGORIES.parent_id},
     * {@code EMPLOYEES.manager_id}), except a person's role ({@code manager}, {@code reports_to},
     * {@code created_by}) in a table that is not one of people, which refers to the one table of
     * people if there is exactly one ({@code DEPARTMENTS.manager_id} joins EMPLOYEES), else to
     * nothing.
     */
    private @Nullable Candidate selfRole(Table t, String role, boolean person, boolean agent) {
      if (person && (agent || !isPeople(t))) {
        // an agent's role never refers to its own table: USERS.owner_id, MEMBERS.moderator_id
        List<Table> others = new ArrayList<>(1);
        for (Table b : read(people())) {
          if (b != t) {
            others.add(b);
          }
        }
        if (others.size() > 1) {
          // USERS beside ORGANIZATION_MEMBERS(org_id, user_id, ...): the one that holds a key
          // of its own, not one keyed by its first column
          others.removeIf(b -> b.keyKind == KeyKind.FIRST || b.keyKind == KeyKind.NONE);
        }
        if (others.size() == 1 && others.get(0).key != null) {
          Table b = others.get(0);
          return new Candidate(b, Rule.SELF_ROLE, Rule.SELF_ROLE.confidence(),
              "names the role " + role + ", a person of table " + b.name(), b.keyNorm,
              b.keySplit);
        }
        return null; // PROJECTS.manager_id is no project; which table of people is unknown
      }
      Table keyed = keyReference(t);
      if (keyed != null && !pureLink(t)) {
        // ORDER_ITEMS(order_id, line_no, parent_id, sku): a parent item, not an order, and the
        // table has no key of its own to refer to
        return null;
      }
      if (keyed != null) {
        // COMMIT_PARENTS(commit_id, parent_id): a row of commits, whose parent is a commit too
        return new Candidate(keyed, Rule.SELF_ROLE, Rule.SELF_ROLE.confidence(),
            "names the role " + role + " of table " + keyed.name() + ", which its key "
                + t.name() + "." + keyName(t) + " refers to", keyed.keyNorm, keyed.keySplit);
      }
      return new Candidate(t, Rule.SELF_ROLE, Rule.SELF_ROLE.confidence(),
          "names the role " + role + ", which refers to its own table", t.keyNorm, null);
    }

    /**
     * {@return the one table, with a key of its own, that a table's key (its first column) names,
     * or null}: COMMITS for COMMIT_PARENTS(commit_id, parent_id)
     */
    private @Nullable Table keyReference(Table t) {
      if (t.keyKind != KeyKind.FIRST || t.keySplit == null) {
        return null;
      }
      Collection<Table> named = lookup(t.keySplit.joined(), t);
      if (named.size() != 1) {
        return null;
      }
      Table b = named.iterator().next();
      return b.keyKind == KeyKind.FIRST || b.keyKind == KeyKind.NONE ? null : b;
    }

    /**
     * {@return whether every column of a table is a key or a reference (ends in a key word that
     * is no count word)}: COMMIT_PARENTS(commit_id, parent_id), not
     * ORDER_ITEMS(order_id, line_no, parent_id, sku)
     */
    private static boolean pureLink(Table t) {
      for (KeySplit s : t.splits) {
        if (s == null || COUNT_WORDS.contains(s.keyWord())) {
          return false;
        }
      }
      return true;
    }

    /** {@return whether a table is named like an account, organization, team, tenant, ...} */
    private boolean hasOwnerTable() {
      if (hasOwnerTable == null) {
        boolean found = false;
        for (Table b : tables) {
          List<String> ws = b.words();
          if (!ws.isEmpty()) {
            for (String v : Names.variants(ws.get(ws.size() - 1))) {
              found |= OWNER_TABLES.contains(v);
            }
          }
        }
        hasOwnerTable = found;
      }
      return hasOwnerTable;
    }

    private static void addIfNotNull(List<Candidate> cands, @Nullable Candidate c) {
      if (c != null) {
        cands.add(c);
      }
    }

    /** {@return the tables of people: named for employees, staff, users, ...} */
    private List<Table> people() {
      if (people == null) {
        List<Table> out = new ArrayList<>(2);
        for (Table b : tables) {
          if (isPeople(b)) {
            out.add(b);
          }
        }
        people = out;
      }
      return people;
    }

    private static boolean isPeople(Table b) {
      List<String> ws = b.words();
      if (ws.isEmpty()) {
        return false;
      }
      for (String v : Names.variants(ws.get(ws.size() - 1))) {
        if (PEOPLE.contains(v)) {
          return true;
        }
      }
      return false;
    }

    /**
     * {@code cs_bill_cdemo_sk}: the base without its alias prefix, then without leading role
     * words (longest rest first), abbreviates the last words of exactly one table, whose key
     * looks like a key.
     */
    private void wordAbbreviation(Table t, KeySplit ks, List<Candidate> cands) {
      if (COUNT_WORDS.contains(ks.keyWord()) || SELF_ROLES.contains(ks.joined())) {
        return; // list_movie_number counts movies; parent_id is read as a role
      }
      List<String> unprefixed = ks.unprefixed();
      List<String> bw = unprefixed == null ? ks.base() : unprefixed;
      for (int d = 0; d < bw.size(); d++) {
        List<String> restWords = bw.subList(d, bw.size());
        String rest = String.join("", restWords);
        if (rest.length() < 3) {
          return;
        }
        Set<Table> hits = new java.util.LinkedHashSet<>(2);
        String lastWord = restWords.get(restWords.size() - 1);
        for (int k = 3; k <= lastWord.length(); k++) {
          String last = lastWord.substring(lastWord.length() - k);
          for (Table b : read(lastWordStarts().getOrDefault(last.substring(0, 3), List.of()))) {
            if (abbreviatesLastWords(restWords, b.words())) {
              hits.add(b);
            }
          }
        }
        if (hits.isEmpty()) {
          continue;
        }
        // one table alone; a column that abbreviates its own table (CD_DEMO_SK) is its key
        if (hits.size() == 1 && !hits.contains(t)) {
          Table b = hits.iterator().next();
          if (recognisableKey(b)) {
            String role = d == 0 ? "" : " in the role " + String.join(" ", bw.subList(0, d));
            cands.add(new Candidate(b, Rule.WORD_ABBREVIATION, Rule.WORD_ABBREVIATION.confidence(),
                "abbreviates the name of table " + b.name() + role, b.keyNorm, b.keySplit));
          }
        }
        return;
      }
    }

    private Map<String, List<Table>> lastWordStarts() {
      if (lastWordStarts == null) {
        Map<String, List<Table>> m = new HashMap<>();
        for (Table b : tables) {
          List<String> ws = b.words();
          String last = ws.isEmpty() ? "" : ws.get(ws.size() - 1);
          if (last.length() >= 3) {
            m.computeIfAbsent(last.substring(0, 3), k -> new ArrayList<>(1)).add(b);
          }
        }
        lastWordStarts = m;
      }
      return lastWordStarts;
    }

    /**
     * {@return whether the column's words abbreviate the last words of a table's name}: each
     * column word stands for one or more consecutive table words, by their initials and a
     * prefix of the last of them ({@code cdemo}: c + demo for customer, demographics; the prefix
     * 4+ letters after initials), the table's last word by 3+ letters (4+ when one column word
     * stands for one table word alone), and at least one word shortened, not merely singular.
     * {@code addr} abbreviates (customer, address); not {@code ball} (ball, by, ball),
     * {@code school} (schools), {@code plan} (product, languages) or {@code ext} (file,
     * extensions).
     */
    static boolean abbreviatesLastWords(List<String> column, List<String> words) {
      for (int start = words.size() - 1; start >= 0; start--) {
        if (words.size() - start >= column.size() && aligned(column, 0, words, start, false)) {
          return true;
        }
      }
      return false;
    }

    private static boolean aligned(List<String> column, int c, List<String> words, int w,
        boolean shortened) {
      if (c == column.size()) {
        return w == words.size() && shortened;
      }
      String cw = column.get(c);
      // cw = initials of words[w .. w+k-1] + a prefix of words[w+k]
      for (int k = 0; w + k < words.size() && k < cw.length(); k++) {
        if (k > 0 && cw.charAt(k - 1) != words.get(w + k - 1).charAt(0)) {
          break;
        }
        String word = words.get(w + k);
        String prefix = cw.substring(k);
        boolean last = w + k == words.size() - 1;
        // initials need a long prefix after them (cdemo, not plan = p + lan); a lone word 4+
        int min = k > 0 ? 4 : !last ? 1 : column.size() == 1 ? 4 : 3;
        if (prefix.length() < min || !word.startsWith(prefix)) {
          continue;
        }
        boolean s = shortened || k > 0 || !related(prefix, word);
        if (aligned(column, c + 1, words, w + k + 1, s)) {
          return true;
        }
      }
      return false;
    }

    /** {@return whether the column's base is one of the words of its table's name} */
    private static boolean namesAWordOf(Table t, @Nullable KeySplit ks) {
      if (ks == null) {
        return false;
      }
      for (String w : t.words()) {
        if (Names.variants(w).contains(ks.joined())) {
          return true;
        }
      }
      return false;
    }

    /**
     * {@code OwnerUserId}: drop leading role words, longest remainder first, until the rest names
     * a table, is a named key, or starts with a table that has the rest as a column.
     */
    private void rolePrefix(Table t, KeySplit ks, List<Candidate> cands) {
      List<String> bw = ks.base();
      for (int d = 1; d < bw.size(); d++) {
        List<String> rest = bw.subList(d, bw.size());
        String base = String.join("", rest);
        if (base.length() < 3) {
          continue;
        }
        // an alias prefix (ss_sold_date_sk, inv_date_sk) is not part of the role
        String role = String.join(" ", bw.subList(aliasOf(t, ks) ? 1 : 0, d));
        String restNorm = base + ks.keyWord();
        KeySplit restSplit = new KeySplit(List.copyOf(rest), ks.keyWord());
        // its own table too: Customers.BillToCustomerID, Orders.BackorderOrderID
        for (Table b : lookup(base, null)) {
          if (b == t && !RELATION_ROLES.contains(role.replace(" ", ""))) {
            continue; // USERS.external_user_id is another system's key, no user of USERS
          }
          if (COUNT_WORDS.contains(ks.keyWord()) && !b.norms.contains(restNorm)) {
            continue; // list_movie_number counts movies unless MOVIES has a movie_number
          }
          cands.add(new Candidate(b, Rule.ROLE_PREFIX, Rule.ROLE_PREFIX.confidence(),
              "names table " + b.name() + inRole(role), restNorm, restSplit));
        }
        if (cands.isEmpty() && !GENERIC.contains(restNorm)) {
          for (Table b : read(namedOwners.getOrDefault(restNorm, List.of()))) {
            if (b != t) {
              cands.add(new Candidate(b, Rule.ROLE_PREFIX, Rule.ROLE_PREFIX.confidence(),
                  "is the key of table " + b.name() + inRole(role), restNorm,
                  restSplit));
            }
          }
        }
        for (int j = rest.size() - 1; j >= 1 && cands.isEmpty(); j--) {
          for (Table b : lookup(String.join("", rest.subList(0, j)), t)) {
            if (b.norms.contains(restNorm)) {
              cands.add(new Candidate(b, Rule.ROLE_PREFIX, Rule.ROLE_PREFIX.confidence(),
                  "is column " + b.name() + "." + b.columns.get(b.norms.indexOf(restNorm)).name()
                      + inRole(role), restNorm, restSplit));
            }
          }
        }
        if (!cands.isEmpty()) {
          return;
        }
      }
    }

    private static String inRole(String role) {
      return role.isEmpty() ? "" : " in the role " + role;
    }

    /**
     * {@return whether the column's first word is an alias of its own table}: two letters or
     * fewer ({@code ss_}, {@code c_}), the initials of its name's words, or a prefix of its name
     * ({@code inv_} of INVENTORY)
     */
    private static boolean aliasOf(Table t, KeySplit ks) {
      if (ks.unprefixed() != null) {
        return true;
      }
      if (ks.base().size() < 2) {
        return false;
      }
      String first = ks.base().get(0);
      List<String> ws = Names.words(t.name());
      StringBuilder initials = new StringBuilder();
      for (String w : ws) {
        initials.append(w.charAt(0));
      }
      return first.contentEquals(initials) || (first.length() >= 3
          && Names.norm(t.name()).startsWith(first) && !Names.norm(t.name()).equals(first));
    }

    /** {@return whether a key word occurs inside the name, neither first nor last: tmidwinner} */
    private static boolean hasInnerKeyWord(String n) {
      for (String k : KEY_WORD_ARRAY) {
        int i = n.indexOf(k, 1);
        if (i > 0 && i + k.length() < n.length()) {
          return true;
        }
      }
      return false;
    }

    /** {@code tmIDWinner}: the name up to its last inner key word, read by the plain rules. */
    private void roleSuffix(Table t, int index, String column, Set<Rule> rules,
        List<Candidate> cands) {
      List<String> ws = Names.words(column);
      for (int i = ws.size() - 2; i >= 1; i--) {
        if (!Names.KEY_WORDS.contains(Names.stripDigits(ws.get(i)))) {
          continue;
        }
        List<String> head = ws.subList(0, i + 1);
        String headNorm = String.join("", head);
        KeySplit split = Names.keySplit(String.join("_", head));
        if (split == null) {
          return;
        }
        boolean own = t.namesTable(split) || t.variants.contains(headNorm);
        if (own) {
          return;
        }
        List<Candidate> found = new ArrayList<>(1);
        gather(t, index, headNorm, split, false, rules, found);
        String role = String.join(" ", ws.subList(i + 1, ws.size()));
        for (Candidate f : found) {
          cands.add(new Candidate(f.target, Rule.ROLE_SUFFIX, Rule.ROLE_SUFFIX.confidence(),
              "is " + String.join("_", head) + " in the role " + role + ": " + f.why,
              headNorm, split));
        }
        return;
      }
    }

    /** {@code region_id}: the only table whose last words (two or more words) are the base. */
    private void tableNameSuffix(Table t, KeySplit ks, List<Candidate> cands) {
      tableNameSuffix(t, ks.joined(), ks, cands);
    }

    /**
     * {@code region_id}, or {@code model_list.Maker} (a column without key word, when the table
     * is keyed by an {@code id} or a declared key): the only table whose last words (two or more
     * words) are the base.
     */
    private void tableNameSuffix(Table t, String base, @Nullable KeySplit ks,
        List<Candidate> cands) {
      if (base.length() < 3) {
        return;
      }
      Set<Table> hits = new java.util.LinkedHashSet<>(2);
      for (String v : Names.variants(base)) {
        for (Table b : read(suffixes().getOrDefault(v, List.of()))) {
          if (b != t) {
            hits.add(b);
          }
        }
      }
      if (hits.size() == 1) {
        Table b = hits.iterator().next();
        // the target's key must be an id or named like the column: BALL_BY_BALL(Match_Id, ...)
        // is not what Ball_Id refers to
        if (b.key != null && (b.keyKind == KeyKind.ID || b.keyKind == KeyKind.PRIMARY_KEY
            || (ks != null
                && b.keyNorm.equals(Names.norm(String.join("", ks.base()) + ks.keyWord()))))) {
          cands.add(new Candidate(b, Rule.TABLE_NAME_SUFFIX, Rule.TABLE_NAME_SUFFIX.confidence(),
              "names the last words of table " + b.name() + ", the only such table",
              b.keyNorm, b.keySplit));
        }
      }
    }

    /** {@code CURRENT_TERMS.bioguide}: the stem of a key column of a table it is named after. */
    private void parentKeyStem(Table t, String n, List<Candidate> cands) {
      String stem = Names.stripDigits(n);
      for (Table p : read(t.namedAfter(byVariant))) {
        int j = p.keyStemColumn(stem);
        if (j >= 0) {
          cands.add(new Candidate(p, Rule.PARENT_KEY_STEM, Rule.PARENT_KEY_STEM.confidence(),
              "is the stem of key " + p.name() + "." + p.columns.get(j).name() + " of table "
                  + p.name() + ", which table " + t.name() + " is named after",
              p.norms.get(j), p.splits.get(j)));
        }
      }
    }

    /**
     * {@return whether the label column and the key of a lookup table are named after the same
     * thing (Batting_Id and Batting_hand; Country_Id and Country_Name), or the key is an id}
     */
    private static boolean labelOfKey(Table b, String labelNorm) {
      if (b.keyKind == KeyKind.ID || b.keyKind == KeyKind.PRIMARY_KEY) {
        return true;
      }
      KeySplit ks = b.keySplit;
      return ks != null && ks.joined().length() >= 2 && labelNorm.startsWith(ks.joined());
    }

    /**
     * {@code PLAYER.Batting_hand INTEGER}: the only table with a text column of that name whose
     * key is a number (or the table named like the column, when several are).
     */
    private void labelCode(Table t, String n, List<Candidate> cands) {
      List<Table> found = new ArrayList<>(1);
      for (Table b : read(labels().getOrDefault(n, List.of()))) {
        if (b != t && b.key != null && b.columns.size() <= LOOKUP_COLUMNS
            && TypeClass.of(b.key.type()) == TypeClass.NUMBER
            && (labelOfKey(b, n) || b.variants.contains(Names.stripDigits(n)))) {
          found.add(b);
        }
      }
      if (found.size() > 1) {
        found.removeIf(b -> !b.variants.contains(Names.stripDigits(n)));
      }
      if (found.size() == 1) {
        Table b = found.get(0);
        cands.add(new Candidate(b, Rule.LABEL_CODE, Rule.LABEL_CODE.confidence(),
            "is a number named like the label " + b.name() + "."
                + b.columns.get(b.norms.indexOf(n)).name() + ", so it holds its code",
            b.keyNorm, b.keySplit));
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
          noteRead(a.table());
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
        String expansion = Names.ABBREVIATIONS.get(bb);
        if (expansion != null) {
          // acct_id, dept_id, txn_id: abbreviations that are no prefix of the word
          for (Table b : lookup(expansion, t)) {
            cands.add(new Candidate(b, Rule.ABBREVIATION, PREFIX_ABBREVIATION,
                "abbreviates table " + b.name() + " (" + bb + ": " + expansion + ")"));
          }
          if (!cands.isEmpty()) {
            return;
          }
        }
      }
    }

    /** {@return whether a column's first word measures: UnitsOnOrder, cnt_orders} */
    private static boolean startsWithMeasure(List<String> columnWords) {
      return !columnWords.isEmpty()
          && MEASURE_WORDS.contains(Names.stripDigits(columnWords.get(0)));
    }

    /** The longest run of trailing words that names a table with a recognisable key. */
    private void endsWithTable(Table t, String column, List<Candidate> cands) {
      List<String> ws = Names.words(column);
      while (ws.size() > 1 && Names.stripDigits(ws.get(ws.size() - 1)).chars()
          .allMatch(Character::isDigit)) {
        ws.remove(ws.size() - 1); // a role number: home_player_1
      }
      for (int i = 0; i < ws.size(); i++) {
        ws.set(i, Names.stripDigits(ws.get(i)));
      }
      if (startsWithMeasure(ws)) {
        return; // UnitsOnOrder, total_orders: a quantity of the table's rows, not a reference
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

    /**
     * {@return whether a table has no column that looks like a key but its first, a text:
     * PERSON(name, birthdate, ...), whose name is then its key}
     */
    private static boolean keylessFirst(Table b) {
      if (b.key == null || b.keyKind != KeyKind.FIRST
          || TypeClass.of(b.key.type()) != TypeClass.TEXT) {
        return false;
      }
      for (int i = 0; i < b.columns.size(); i++) {
        if (b.splits.get(i) != null || Names.KEY_WORDS.contains(b.norms.get(i))) {
          return false;
        }
      }
      return true;
    }

    /**
     * {@return whether a number column may refer to a table keyed by its first column, a number
     * too}: {@code Appointment.Patient} and {@code Patient(SSN INTEGER, Name, ...)}; only for a
     * column named in the singular ({@code LANGS.pages} counts pages)
     */
    private static boolean numberFirst(Table b, ColumnInfo c) {
      return b.key != null && b.keyKind == KeyKind.FIRST
          && TypeClass.of(b.key.type()) == TypeClass.NUMBER
          && TypeClass.of(c.type()) == TypeClass.NUMBER;
    }

    /** {@return whether a table's key is more than its first column: id, a key word, its name} */
    private static boolean recognisableKey(Table b) {
      return b.key != null && (b.keyKind != KeyKind.FIRST || b.keySplit != null
          || Names.KEY_WORDS.contains(b.keyNorm));
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

    private void owners(Table t, String n, boolean own, Set<Rule> rules,
        List<Candidate> cands) {
      List<Table> named = read(namedOwners.getOrDefault(n, List.of()));
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
      if (!rules.contains(Rule.FIRST_COLUMN_OF_OWNER) || own) {
        return; // ISSUES(id, ..., issue_id): a column named after its table is no reference to
                // the tables that start with it (ISSUE_COMMENTS(issue_id, ...))
      }
      Table owner = firstOwner(n);
      String why = owner == null ? "" : firstOwners.get(n).size() == 1
          ? "is named like the first column of table " + owner.name()
              + ", the only table that starts with it"
          : "is named like the first column of table " + owner.name()
              + (stemNamedKeys.contains(n) ? ", the one named after the key,"
                  : ", the most specific")
              + " of " + firstOwners.get(n).size() + " tables that start with it";
      if (owner != null && owner != t) {
        cands.add(new Candidate(owner, Rule.FIRST_COLUMN_OF_OWNER,
            Rule.FIRST_COLUMN_OF_OWNER.confidence(), why));
      }
    }

    /**
     * A generic name ({@code city}) joins the only table that starts with it when that table has
     * no other column that looks like a key: GEOGRAPHIC(city, county, region) is keyed by city.
     */
    private void genericOwner(Table t, String n, List<Candidate> cands) {
      List<Table> first = read(firstOwners.getOrDefault(n, List.of()));
      if (first.size() == 1 && first.get(0) != t && keylessFirst(first.get(0))) {
        Table b = first.get(0);
        cands.add(new Candidate(b, Rule.FIRST_COLUMN_OF_OWNER,
            Rule.FIRST_COLUMN_OF_OWNER.confidence(), "is named like the first column of table "
                + b.name() + ", the only table that starts with it and its only key"));
      }
    }

    /**
     * {@return the owner of a key name among the tables that start with it: the only one, else the
     * most specific (most columns found in no other table), else null on a tie}
     */
    private @Nullable Table firstOwner(String n) {
      List<Table> first = read(firstOwners.getOrDefault(n, List.of()));
      if (first.size() <= 1) {
        return first.isEmpty() ? null : first.get(0);
      }
      if (owners.containsKey(n)) {
        return owners.get(n); // a key shared by many tables is resolved once
      }
      // A table whose name has the key's stem as a word (PHONE_BRAND_DEVICE_MODEL for device_id)
      // is about that entity: it owns the key before tables that only start with it.
      List<Table> named = new ArrayList<>(1);
      KeySplit ks = first.get(0).keySplit;
      if (ks != null && ks.joined().length() >= 3) {
        for (Table b : first) {
          if (hasWord(b, ks.joined())) {
            named.add(b);
          }
        }
      }
      Table owner = mostSpecific(named.isEmpty() ? first : named);
      owners.put(n, owner);
      if (owner != null && named.size() == 1) {
        stemNamedKeys.add(n);
      }
      return owner;
    }

    /** {@return whether a word of the table's name, or a run of its words, is the stem} */
    private static boolean hasWord(Table b, String stem) {
      List<String> ws = b.words();
      for (int i = 0; i < ws.size(); i++) {
        for (int j = i + 1; j <= ws.size(); j++) {
          if (Names.variants(Names.stripDigits(String.join("", ws.subList(i, j))))
              .contains(stem)) {
            return true;
          }
        }
      }
      return false;
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
      for (Table p : read(t.namedAfter(byVariant))) {
        if (holds(p, keyNorm) && (best == null || p.base.length() > best.base.length())) {
          best = p;
        }
      }
      return best;
    }

    /** {@return whether a table other than {@code t} and {@code target} may hold the key name} */
    private boolean heldElsewhere(String keyNorm, Table t, Table target) {
      for (Map<String, List<Table>> m : List.of(firstOwners, namedOwners)) {
        for (Table b : read(m.getOrDefault(keyNorm, List.of()))) {
          if (b != t && b != target) {
            return true;
          }
        }
      }
      return false;
    }

    /**
     * {@return the tables other than {@code self} (all when it is null) whose name variants
     * include a base variant}
     */
    private Collection<Table> lookup(String base, @Nullable Table self) {
      Set<Table> hits = new java.util.LinkedHashSet<>(2);
      for (String v : Names.variants(base)) {
        for (Table b : read(byVariant.getOrDefault(v, List.of()))) {
          if (b != self) {
            hits.add(b);
          }
        }
      }
      return hits;
    }

    /**
     * The referenced column: same name, else the key word itself (SETS.code), else the key; the
     * key {@code id} of a table that starts with it when the column names that table and ends in
     * {@code id} ({@code issue_id} joins {@code issues.id}, not its column {@code issue_id};
     * {@code setCode} still joins {@code SETS.code}).
     */
    private static @Nullable ColumnInfo targetColumn(Table b, String n, @Nullable KeySplit ks) {
      if (b.keyKind == KeyKind.ID && b.key == b.columns.get(0) && ks != null
          && ks.keyWord().equals("id") && b.namesTable(ks)) {
        return b.key;
      }
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
