package dev.snowchat.sqlgate.internal.classify;

import dev.snowchat.sqlgate.Dialect;
import dev.snowchat.sqlgate.ObjectReference;
import dev.snowchat.sqlgate.StatementKind;
import dev.snowchat.sqlgate.internal.lexer.Token;
import dev.snowchat.sqlgate.internal.lexer.TokenType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Finds the objects one statement names, over the gate's own tokens: every name in table position
 * (after FROM, JOIN, a comma of a FROM list, LATERAL, APPLY, TABLE, USING, and the targets of
 * INTO, UPDATE, TRUNCATE), at every bracket depth, with common table expressions bound the way the
 * engines bind them (verified on DuckDB and PostgreSQL): a CTE is visible in the statement after
 * its WITH clause and in the bodies of later siblings; its own name is visible in its own body only
 * with RECURSIVE and only in the recursive term (after the body's last top-level UNION); a forward
 * reference, a self reference in the anchor, or a CTE after a set operator is an object. Where the
 * binding is unsure the name counts as an object: a stricter answer, never a missed reference.
 *
 * <p>Anything it cannot pin down (a dynamic name, a stage, a file, a function that takes an
 * object's name as a string, a table function that may read unnamed objects, a listing, a
 * statement kind it does not analyse) is recorded as unresolved, with the reason.
 */
final class ReferenceFinder {
  private static final int IN_FROM = 1;

  /** Words after which a bracket holds no table position: EXTRACT(x FROM y), ... */
  private static final Set<String> FROM_FUNCTIONS = Set.of("EXTRACT", "SUBSTRING", "SUBSTR",
      "TRIM", "POSITION", "OVERLAY", "DATE_PART");

  /** Table functions that read nothing but their arguments, per dialect (unqualified names). */
  private static final Set<String> PURE_POSTGRES = Set.of("UNNEST", "GENERATE_SERIES",
      "GENERATE_SUBSCRIPTS", "JSON_EACH", "JSON_EACH_TEXT", "JSONB_EACH", "JSONB_EACH_TEXT",
      "JSON_ARRAY_ELEMENTS", "JSON_ARRAY_ELEMENTS_TEXT", "JSONB_ARRAY_ELEMENTS",
      "JSONB_ARRAY_ELEMENTS_TEXT", "JSON_TO_RECORD", "JSON_TO_RECORDSET", "JSONB_TO_RECORD",
      "JSONB_TO_RECORDSET", "JSON_POPULATE_RECORD", "JSON_POPULATE_RECORDSET",
      "JSONB_POPULATE_RECORD", "JSONB_POPULATE_RECORDSET", "JSON_OBJECT_KEYS",
      "JSONB_OBJECT_KEYS", "JSONB_PATH_QUERY", "REGEXP_MATCHES", "REGEXP_SPLIT_TO_TABLE",
      "STRING_TO_TABLE", "XMLTABLE", "JSON_TABLE");
  private static final Set<String> PURE_DUCKDB = Set.of("RANGE", "GENERATE_SERIES", "UNNEST",
      "JSON_EACH", "JSON_TREE", "REPEAT", "REPEAT_ROW", "GENERATE_SUBSCRIPTS");
  private static final Set<String> PURE_SNOWFLAKE = Set.of("FLATTEN", "SPLIT_TO_TABLE",
      "STRTOK_SPLIT_TO_TABLE", "GENERATOR");
  private static final Set<String> PURE_GENERIC = Set.of("UNNEST");

  /**
   * Functions that name an object by a string or an OID, or read the catalog: wherever they are
   * called, the statement's objects cannot be pinned down. Prefixes and suffixes below add the
   * families ({@code pg_*}, {@code duckdb_*}, {@code has_*_privilege}, {@code *_to_xml}, ...).
   */
  private static final Set<String> NAME_FUNCTIONS = Set.of("TO_REGCLASS", "TO_REGTYPE",
      "TO_REGPROC", "TO_REGPROCEDURE", "TO_REGOPER", "TO_REGOPERATOR", "TO_REGNAMESPACE",
      "TO_REGROLE", "TO_REGCOLLATION", "OBJ_DESCRIPTION", "COL_DESCRIPTION", "SHOBJ_DESCRIPTION",
      "NEXTVAL", "CURRVAL", "SETVAL", "ROW_SECURITY_ACTIVE", "QUERY", "QUERY_TABLE",
      "SQL_AUTO_COMPLETE", "WHICH_SECRET", "GET_DDL", "GET_OBJECT_REFERENCES", "GET_LINEAGE",
      "INFER_SCHEMA", "TO_QUERY", "RESULT_SCAN", "GENERATE_COLUMN_DESCRIPTION",
      "GET_QUERY_OPERATOR_STATS", "EXTRACT_SEMANTIC_CATEGORIES", "GET_PRESIGNED_URL",
      "BUILD_SCOPED_FILE_URL", "BUILD_STAGE_FILE_URL", "GET_STAGE_LOCATION", "GET_RELATIVE_PATH",
      "GET_ABSOLUTE_PATH", "TAG_REFERENCES", "TAG_REFERENCES_ALL_COLUMNS",
      "TAG_REFERENCES_WITH_LINEAGE", "POLICY_REFERENCES", "CURRENT_SCHEMAS", "DBLINK",
      "DBLINK_EXEC", "CROSSTAB", "CROSSTAB2", "CROSSTAB3", "CROSSTAB4", "CONNECTBY",
      "XPATH_TABLE");
  private static final List<String> NAME_FUNCTION_PREFIXES = List.of("PG_", "DUCKDB_",
      "PRAGMA_", "SYSTEM$", "HAS_", "DBLINK_");
  private static final List<String> NAME_FUNCTION_SUFFIXES = List.of("_TO_XML",
      "_TO_XMLSCHEMA", "_TO_XML_AND_XMLSCHEMA", "_PRIVILEGE");
  /** Functions that change how later names resolve (a search path, a current schema). */
  private static final Set<String> SESSION_FUNCTIONS = Set.of("SET_CONFIG", "SETVARIABLE");
  /** Functions with those prefixes that touch no object. */
  private static final Set<String> HARMLESS = Set.of("PG_TYPEOF", "PG_SIZE_PRETTY",
      "PG_SIZE_BYTES", "PG_COLUMN_SIZE", "PG_SLEEP", "PG_SLEEP_FOR", "PG_SLEEP_UNTIL",
      "PG_BACKEND_PID", "PG_IS_IN_RECOVERY", "PG_POSTMASTER_START_TIME", "SYSTEM$TYPEOF");
  /** PostgreSQL object identifier types: {@code 'name'::regclass} looks an object up by name. */
  private static final Set<String> REG_TYPES = Set.of("REGCLASS", "REGTYPE", "REGPROC",
      "REGPROCEDURE", "REGOPER", "REGOPERATOR", "REGNAMESPACE", "REGROLE", "REGCONFIG",
      "REGDICTIONARY", "REGCOLLATION");
  /**
   * PostgreSQL built-in type names (and common aliases): a cast to any other unqualified name may
   * be a table's row type ({@code null::secret} shows its columns), so it is an object.
   */
  private static final Set<String> POSTGRES_TYPES = Set.of("bool", "boolean", "bytea", "char",
      "character", "varchar", "varying", "name", "text", "int", "int2", "int4", "int8",
      "integer", "smallint", "bigint", "numeric", "decimal", "real", "float", "float4",
      "float8", "double", "precision", "money", "date", "time", "timetz", "timestamp",
      "timestamptz", "interval", "json", "jsonb", "jsonpath", "xml", "uuid", "inet", "cidr",
      "macaddr", "macaddr8", "bit", "varbit", "point", "line", "lseg", "box", "path", "polygon",
      "circle", "tsvector", "tsquery", "oid", "xid", "xid8", "cid", "tid", "record", "void",
      "pg_lsn", "txid_snapshot", "pg_snapshot", "int4range", "int8range", "numrange",
      "tsrange", "tstzrange", "daterange", "int4multirange", "int8multirange",
      "nummultirange", "tsmultirange", "tstzmultirange", "datemultirange", "anyelement",
      "anyarray", "anynonarray", "anyenum", "anyrange", "anymultirange", "unknown", "cstring",
      "bpchar", "serial", "bigserial", "smallserial", "string", "double precision");
  private static final Set<String> CAST_FUNCTIONS = Set.of("CAST", "TRY_CAST", "SAFE_CAST");

  /** Snowflake DESCRIBE object types that are tables or views. */
  private static final Set<String> SNOWFLAKE_RELATION_TYPES = Set.of("TABLE", "VIEW",
      "MATERIALIZED", "EXTERNAL", "DYNAMIC", "EVENT", "ICEBERG", "HYBRID");
  private static final Set<String> FILE_EXTENSIONS = Set.of("CSV", "TSV", "PARQUET", "JSON",
      "NDJSON", "JSONL", "TXT", "GZ", "ZST", "XLSX", "DB", "DUCKDB", "SQLITE", "ARROW", "AVRO",
      "ORC");

  private final Dialect dialect;
  private final String sql;
  private final List<Token> t;
  private final int[] match;
  private final Map<String, ObjectReference> found = new LinkedHashMap<>();
  /** Whether the statement writes (USING then names a table of DELETE or MERGE). */
  private boolean dml;
  private final Set<String> unresolved = new LinkedHashSet<>();

  ReferenceFinder(Dialect dialect, String sql, List<Token> statement) {
    this.dialect = dialect;
    this.sql = sql;
    this.t = statement;
    this.match = new int[statement.size()];
    int[] stack = new int[statement.size() + 1];
    int top = 0;
    for (int i = 0; i < statement.size(); i++) {
      match[i] = -1;
      Token k = statement.get(i);
      if (open(k)) {
        stack[top++] = i;
      } else if (close(k)) {
        if (top == 0) {
          unresolved.add("the statement's brackets do not balance");
        } else {
          match[stack[--top]] = i;
        }
      }
    }
    if (top != 0) {
      unresolved.add("the statement's brackets do not balance");
    }
  }

  /** {@return the objects found, in order of first appearance} */
  List<ObjectReference> objects() {
    return List.copyOf(found.values());
  }

  /** {@return why the objects may be incomplete} */
  List<String> unresolved() {
    return List.copyOf(unresolved);
  }

  /**
   * Finds the objects of a statement of the given kind.
   *
   * @param kind the kind the token analyzer gave the statement
   */
  void find(StatementKind kind) {
    if (!unresolved.isEmpty()) {
      return;
    }
    dml = kind == StatementKind.DML;
    switch (kind) {
      case READ, EXPLAIN, DESCRIBE, SHOW, DML -> walk(0, t.size(), Ctes.NONE, false);
      case USE -> use();
      case DDL, ADMIN, TRANSFER, SCRIPT, UNKNOWN -> unresolved.add(label(kind)
          + " statements are not analysed for the objects they name");
    }
  }

  private static String label(StatementKind k) {
    return switch (k) {
      case DDL -> "DDL";
      case ADMIN -> "administrative";
      case TRANSFER -> "data transfer (COPY, PUT, GET, EXPORT, ...)";
      case SCRIPT -> "script";
      default -> k.name();
    };
  }

  // ---------------------------------------------------------------- one bracket level

  /**
   * Walks the tokens {@code [from, to)} of one bracket level.
   *
   * @param ctes the common table expressions visible here
   * @param firstIsTable whether the first token stands in table position (a bracket after FROM)
   */
  private void walk(int from, int to, Ctes ctes, boolean firstIsTable) {
    int clause = firstIsTable ? IN_FROM : 0;
    // Right after an unbracketed FROM VALUES: a comma then '(' starts the next row.
    boolean valuesRows = false;
    boolean fromIsTable = !(from >= 2 && t.get(from - 1).isOp("(")
        && t.get(from - 2).type() == TokenType.WORD
        && FROM_FUNCTIONS.contains(t.get(from - 2).value()));
    boolean castLevel = from >= 2 && t.get(from - 1).isOp("(")
        && t.get(from - 2).type() == TokenType.WORD
        && CAST_FUNCTIONS.contains(t.get(from - 2).value());
    int i = from;
    if (from < to) {
      i = levelStart(from, to, ctes);
      if (i == from && firstIsTable && tableStart(t.get(from))) {
        i = tableItem(from, to, ctes, false);
        valuesRows = i > from && t.get(i - 1).isWord("VALUES");
      }
    }
    while (i < to) {
      Token k = t.get(i);
      Token prev = i > from ? t.get(i - 1) : null;
      Token next = i + 1 < to ? t.get(i + 1) : null;
      if (!(k.isOp(",") || k.isOp("("))) {
        valuesRows = false; // an alias or a clause ends the rows
      }
      if (open(k)) {
        int c = match[i];
        boolean table = k.isOp("(") && prev != null && tableTrigger(prev, i - 1, from, clause);
        walk(i + 1, c, ctes, table);
        i = c + 1;
        continue;
      }
      switch (k.type()) {
        case STAGE -> unresolved.add("the stage " + Reasons.quote(k.value())
            + " is not an object the gate can check");
        case OP -> {
          if (k.isOp(",") && clause == IN_FROM) {
            if (next != null && next.isOp("(") && valuesRows) {
              // Snowflake FROM VALUES (1), (2): the next row, not a from item.
              walk(i + 2, match[i + 1], ctes, false);
              i = match[i + 1] + 1;
              continue;
            }
            i = tableItem(i + 1, to, ctes, false);
            valuesRows = t.get(i - 1).isWord("VALUES");
            continue;
          }
          if (k.isOp("::") && next != null && name(next)) {
            typeName(i + 1, to);
          }
          if (k.isOp("!") && dialect == Dialect.SNOWFLAKE && prev != null && name(prev)
              && next != null && next.type() == TokenType.WORD) {
            // model!PREDICT(...): the model is a schema object.
            nameBefore(i - 1, from, ObjectReference.Kind.OTHER);
          }
        }
        case WORD -> {
          String w = k.value();
          if (castLevel && w.equals("AS") && next != null && name(next)) {
            typeName(i + 1, to);
          }
          if (REG_TYPES.contains(w)) {
            unresolved.add("a cast to " + w.toLowerCase(Locale.ROOT)
                + " looks an object up by a name or number given as a value");
          }
          if (next != null && next.isOp("(")) {
            nameFunction(i, w);
          }
          if (w.equals("NEXTVAL") && prev != null && prev.isOp(".")
              && dialect == Dialect.SNOWFLAKE) {
            nameBefore(i - 2, from, ObjectReference.Kind.OTHER);
          }
          // A keyword used as a name (t.from, update.x, AS table) is no keyword.
          boolean keyword = !(prev != null && (prev.isOp(".") || prev.isOp("::")
              || prev.isOp(":") || prev.isWord("AS"))) && !(next != null && (next.isOp(".")
                  || next.isOp("=>")));
          if (!keyword) {
            break;
          }
          if (w.equals("WITH") && cteStart(i, to)) {
            with(i, to, ctes, prev);
            return;
          }
          if (w.equals("FROM")) {
            if (!fromIsTable || distinctFrom(i)) {
              break;
            }
            clause = IN_FROM;
            i = tableItem(i + 1, to, ctes, prev != null && prev.isWord("DELETE"));
            valuesRows = t.get(i - 1).isWord("VALUES");
            continue;
          }
          if (w.endsWith("JOIN") || w.equals("APPLY")) {
            clause = IN_FROM;
            i = tableItem(i + 1, to, ctes, false);
            continue;
          }
          if (w.equals("INTO") && !(next != null && (next.isWord("OUTFILE")
              || next.isWord("DUMPFILE")))) {
            clause = 0;
            i = tableItem(i + 1, to, ctes, true);
            continue;
          }
          if (w.equals("UPDATE") && !(prev != null && (prev.isWord("FOR") || prev.isWord("KEY")
              || prev.isWord("ON") || prev.isWord("DO") || prev.isWord("THEN")))
              && !(next != null && next.isWord("SET"))) {
            clause = IN_FROM;
            i = tableItem(i + 1, to, ctes, true);
            continue;
          }
          if (w.equals("TRUNCATE") && !(next != null && next.isOp("("))) {
            clause = IN_FROM;
            i = tableItem(i + 1, to, ctes, true);
            continue;
          }
          // DELETE ... USING t, MERGE ... USING t; in a query USING starts a join's column
          // list, a sample, or (DuckDB PIVOT) aggregates.
          if (w.equals("USING") && dml && next != null && name(next)
              && !next.isWord("SAMPLE")) {
            clause = IN_FROM;
            i = tableItem(i + 1, to, ctes, false);
            continue;
          }
          if (w.equals("TABLE") && next != null && (name(next) || next.isOp("("))
              && !(prev != null && (prev.isOp(".") || prev.isWord("AS")))) {
            i = tableItem(i, to, ctes, false);
            continue;
          }
          // Only words that surely end the FROM list reset it: a missed reset costs a stricter
          // answer (a name taken for a table), a wrong one a missed table.
          if (Keywords.CLAUSE_END.contains(w)
              && !(clause == IN_FROM && (w.equals("ON") || w.equals("USING")))
              && !(w.equals("OFFSET") && prev != null && prev.isWord("WITH"))) {
            clause = 0;
          }
        }
        case QUOTED_IDENT -> {
          if (next != null && next.isOp("(")) {
            nameFunction(i, k.value().toUpperCase(Locale.ROOT));
          }
        }
        default -> { }
      }
      i++;
    }
  }

  /** Whether the token before a bracket puts the bracket in table position. */
  private boolean tableTrigger(Token prev, int prevIndex, int from, int clause) {
    if (prev.type() == TokenType.WORD) {
      String w = prev.value();
      if (w.equals("FROM")) {
        return !distinctFrom(prevIndex);
      }
      return w.endsWith("JOIN") || w.equals("LATERAL") || w.equals("APPLY")
          || w.equals("ONLY");
    }
    return prev.isOp(",") && clause == IN_FROM && prevIndex >= from;
  }

  /** {@code a IS [NOT] DISTINCT FROM b}: the FROM is an operator, not a clause. */
  private boolean distinctFrom(int i) {
    if (i < 2 || !t.get(i - 1).isWord("DISTINCT")) {
      return false;
    }
    Token before = t.get(i - 2);
    return before.isWord("IS") || (before.isWord("NOT") && i >= 3 && t.get(i - 3).isWord("IS"));
  }

  /**
   * The first token of a level: DESCRIBE, SUMMARIZE, SHOW and (DuckDB) PIVOT name a table here,
   * also inside brackets ({@code FROM (DESCRIBE t)} in DuckDB).
   *
   * @return the index to go on from
   */
  private int levelStart(int i, int to, Ctes ctes) {
    Token k = t.get(i);
    if (k.type() != TokenType.WORD) {
      return i;
    }
    Token next = i + 1 < to ? t.get(i + 1) : null;
    switch (k.value()) {
      case "DESCRIBE", "DESC", "SUMMARIZE" -> {
        if (next == null) {
          return i + 1;
        }
        if (next.isWord("SELECT") || next.isWord("WITH") || next.isWord("VALUES")
            || next.isWord("FROM") || next.isOp("(")) {
          return i + 1; // DESCRIBE SELECT ...: the query's own references follow
        }
        int j = i + 1;
        if (dialect == Dialect.SNOWFLAKE) {
          if (!(next.type() == TokenType.WORD
              && SNOWFLAKE_RELATION_TYPES.contains(next.value()))) {
            unresolved.add(k.value() + " " + Reasons.quote(text(next))
                + " is not analysed for the objects it names; only DESCRIBE TABLE and DESCRIBE"
                + " VIEW are");
            return to;
          }
          // DESC MATERIALIZED VIEW v: skip the type words, but keep the last word as the name.
          while (j + 1 < to && t.get(j).type() == TokenType.WORD
              && SNOWFLAKE_RELATION_TYPES.contains(t.get(j).value()) && name(t.get(j + 1))) {
            j++;
          }
        } else if ((next.isWord("TABLE") || next.isWord("VIEW")) && j + 1 < to
            && name(t.get(j + 1))) {
          j++;
        }
        return tableItem(j, to, ctes, false);
      }
      case "SHOW" -> {
        if (dialect == Dialect.DUCKDB && next != null && name(next) && !(next.type()
            == TokenType.WORD && Set.of("TABLES", "ALL", "DATABASES", "SCHEMAS", "FUNCTIONS",
                "VARIABLES", "SECRETS", "SETTINGS").contains(next.value()))) {
          return tableItem(i + 1, to, ctes, false); // DuckDB SHOW t describes t
        }
        unresolved.add("SHOW lists catalog objects or settings rather than naming objects");
        return to;
      }
      case "PIVOT", "UNPIVOT", "PIVOT_WIDER", "PIVOT_LONGER" -> {
        if (next != null && (name(next) || next.isOp("("))) {
          return tableItem(i + 1, to, ctes, false);
        }
        return i + 1;
      }
      case "LIST", "LS" -> {
        unresolved.add("LIST names a stage, which is not an object the gate can check");
        return to;
      }
      default -> {
        return i;
      }
    }
  }

  // ---------------------------------------------------------------- one item in table position

  /**
   * Reads what stands in table position at {@code j}: a name, a call, a bracket, a literal.
   *
   * @param target whether it is written (INTO, UPDATE, TRUNCATE, DELETE FROM): never a CTE, and
   *     a bracket after it is a column list
   * @return the index after the item's name or bracket (aliases follow)
   */
  private int tableItem(int j, int to, Ctes ctes, boolean target) {
    while (j < to && t.get(j).type() == TokenType.WORD && switch (t.get(j).value()) {
      case "LATERAL", "ONLY" -> true;
      case "TEMP", "TEMPORARY", "UNLOGGED", "OVERWRITE" -> target;
      case "ROWS" -> j + 1 < to && t.get(j + 1).isWord("FROM");
      case "FROM" -> j > 0 && t.get(j - 1).isWord("ROWS");
      default -> false;
    }) {
      j++;
    }
    if (j >= to) {
      unresolved.add("a table name is missing at the end of the statement");
      return j;
    }
    Token a = t.get(j);
    if (a.isOp("(")) {
      int c = match[j];
      walk(j + 1, c, ctes, true);
      return c + 1;
    }
    switch (a.type()) {
      case STRING, DOLLAR_STRING -> {
        unresolved.add("the string " + Reasons.quote(a.value()) + " in table position names a"
            + " file or a stage, not an object the gate can check");
        return j + 1;
      }
      case STAGE -> {
        unresolved.add("the stage " + Reasons.quote(a.value())
            + " is not an object the gate can check");
        return j + 1;
      }
      case VARIABLE -> {
        unresolved.add("the table named by " + Reasons.quote(a.value())
            + " is only known at run time");
        return j + 1;
      }
      case WORD, QUOTED_IDENT -> { }
      default -> {
        unresolved.add(Reasons.quote(text(a)) + " stands where a table name is expected");
        return j + 1;
      }
    }
    if (a.type() == TokenType.WORD) {
      switch (a.value()) {
        case "SELECT", "WITH", "FROM", "SET", "DEFAULT" -> {
          return j; // a query or clause follows; the level walk handles it
        }
        case "VALUES" -> {
          return target ? j : j + 1; // FROM VALUES (...), (...): rows; the FROM list goes on
        }
        case "TABLE" -> {
          if (j + 1 < to && t.get(j + 1).isOp("(")) {
            return tableLiteral(j, to, ctes);
          }
          return tableItem(j + 1, to, ctes, target);
        }
        case "IDENTIFIER" -> {
          if (j + 1 < to && t.get(j + 1).isOp("(")) {
            unresolved.add("IDENTIFIER(...) names an object at run time");
            return match[j + 1] + 1;
          }
        }
        default -> { }
      }
    }
    Name n = readName(j, to);
    if (n == null) {
      return j + 1;
    }
    int k = n.end();
    if (dialect == Dialect.DUCKDB && k < to && t.get(k).isOp(":") && n.size() == 1) {
      return tableItem(k + 1, to, ctes, target); // DuckDB prefix alias: FROM alias: table
    }
    if (k < to && t.get(k).isOp("(") && !target) {
      record(ObjectReference.Kind.TABLE_FUNCTION, n);
      if (!pureTableFunction(n)) {
        unresolved.add("the table function " + Reasons.quote(n.text())
            + " may read objects the statement does not name");
      }
      walk(k + 1, match[k], ctes, false);
      return match[k] + 1;
    }
    if (dialect == Dialect.DUCKDB && n.fileLike()) {
      unresolved.add("the name " + Reasons.quote(n.text()) + " may be read as a file by DuckDB");
      return k;
    }
    if (target || n.size() > 1
        || !ctes.binds(cteKey(n.parts.get(0), n.quoted.get(0), n.raw.get(0)))) {
      record(ObjectReference.Kind.RELATION, n);
    }
    return k;
  }

  /**
   * The target type of a cast: a qualified name is a schema object (a type, or a table's row
   * type); in PostgreSQL an unqualified name that is not a built-in type may be a table's row
   * type too.
   */
  private void typeName(int j, int to) {
    Name n = readName(j, to);
    if (n == null) {
      return;
    }
    if (n.size() > 1 || ((dialect == Dialect.POSTGRES || dialect == Dialect.GENERIC)
        && !POSTGRES_TYPES.contains(n.raw().get(0).toLowerCase(Locale.ROOT))
        && !REG_TYPES.contains(n.raw().get(0).toUpperCase(Locale.ROOT)))) {
      record(ObjectReference.Kind.OTHER, n);
    }
  }

  /** Snowflake {@code TABLE(f(...))} is a table function; {@code TABLE('name')} is dynamic. */
  private int tableLiteral(int j, int to, Ctes ctes) {
    int open = j + 1;
    int c = match[open];
    int inner = open + 1;
    if (inner < c && name(t.get(inner))) {
      Name n = readName(inner, c);
      if (n != null && n.end() < c && t.get(n.end()).isOp("(")
          && match[n.end()] == c - 1) {
        tableItem(inner, c, ctes, false);
        return c + 1;
      }
    }
    unresolved.add("TABLE(...) names a table at run time");
    return c + 1;
  }

  private boolean pureTableFunction(Name n) {
    if (n.size() != 1) {
      return false;
    }
    if (dialect == Dialect.SNOWFLAKE && n.quoted.get(0)) {
      return false;
    }
    String f = n.raw.get(0).toUpperCase(Locale.ROOT);
    return switch (dialect) {
      case POSTGRES -> PURE_POSTGRES.contains(f);
      case DUCKDB -> PURE_DUCKDB.contains(f);
      case SNOWFLAKE -> PURE_SNOWFLAKE.contains(f);
      case GENERIC -> PURE_GENERIC.contains(f);
    };
  }

  /** A call of a function that names an object by a value, or reads the catalog. */
  private void nameFunction(int i, String upper) {
    if (upper.equals("IDENTIFIER")) {
      return; // in an expression IDENTIFIER('col') names a column; in table position see above
    }
    boolean hit = NAME_FUNCTIONS.contains(upper);
    for (String p : NAME_FUNCTION_PREFIXES) {
      hit |= upper.startsWith(p);
    }
    for (String s : NAME_FUNCTION_SUFFIXES) {
      hit |= upper.endsWith(s);
    }
    if (SESSION_FUNCTIONS.contains(upper)) {
      unresolved.add("the function " + Reasons.quote(text(t.get(i)))
          + " changes session settings, which decide how names resolve");
      return;
    }
    if (hit && !HARMLESS.contains(upper)) {
      unresolved.add("the function " + Reasons.quote(text(t.get(i)))
          + " looks objects up by name or reads the catalog");
    }
  }

  // ---------------------------------------------------------------- WITH

  /** WITH that starts common table expressions (not WITH ORDINALITY, START WITH, ...). */
  private boolean cteStart(int i, int to) {
    if (i > 0 && t.get(i - 1).isWord("START")) {
      return false;
    }
    if (i + 2 >= to) {
      return false;
    }
    Token a = t.get(i + 1);
    Token b = t.get(i + 2);
    if (a.isWord("ORDINALITY") || a.isWord("OFFSET") || a.isWord("TIME") || a.isWord("LOCAL")) {
      return false;
    }
    return a.isWord("RECURSIVE") || (name(a) && (b.isWord("AS") || b.isOp("(")));
  }

  private void with(int i, int to, Ctes outer, @Nullable Token prev) {
    int j = i + 1;
    boolean recursive = false;
    if (j < to && t.get(j).isWord("RECURSIVE")) {
      recursive = true;
      j++;
    }
    List<int[]> items = new ArrayList<>(); // {name index, body from, body to}
    boolean ok = true;
    while (true) {
      if (j >= to || !name(t.get(j))) {
        ok = false;
        break;
      }
      int nameAt = j++;
      if (j < to && t.get(j).isOp("(")) {
        j = match[j] + 1;
      }
      if (dialect == Dialect.DUCKDB && j + 2 < to && t.get(j).isWord("USING")
          && t.get(j + 1).isWord("KEY") && t.get(j + 2).isOp("(")) {
        j = match[j + 2] + 1;
      }
      if (j >= to || !t.get(j).isWord("AS")) {
        ok = false;
        break;
      }
      j++;
      if (j < to && t.get(j).isWord("NOT")) {
        j++;
      }
      if (j < to && t.get(j).isWord("MATERIALIZED")) {
        j++;
      }
      if (j >= to || !t.get(j).isOp("(")) {
        ok = false;
        break;
      }
      items.add(new int[] {nameAt, j + 1, match[j]});
      j = match[j] + 1;
      if (j < to && t.get(j).isOp(",")) {
        j++;
        continue;
      }
      break;
    }
    if (!ok) {
      // Not understood: no name is bound, so every name counts as an object (stricter).
      walk(i + 1, to, outer, false);
      return;
    }
    // After a set operator some engines scope the CTEs to that operand only: bind nothing.
    boolean bind = !(prev != null && prev.type() == TokenType.WORD
        && (setOperator(prev) || prev.isWord("ALL") || prev.isWord("DISTINCT")
            || prev.isWord("NAME")));
    if (!bind) {
      for (int[] item : items) {
        walk(item[1], item[2], outer, false);
      }
      walk(j, to, outer, false);
      return;
    }
    Map<String, Integer> index = new java.util.HashMap<>();
    for (int k = 0; k < items.size(); k++) {
      index.putIfAbsent(cteKey(t.get(items.get(k)[0])), k);
    }
    for (int k = 0; k < items.size(); k++) {
      int[] item = items.get(k);
      // Earlier siblings are visible in a body; the CTE itself only in a recursive term.
      Ctes siblings = new Ctes(outer, index, k, null);
      int union = recursive ? lastTopLevelSetOperator(item[1], item[2]) : -1;
      if (union >= 0 && t.get(union).isWord("UNION")) {
        walk(item[1], union, siblings, false);
        walk(union, item[2], new Ctes(outer, index, k, cteKey(t.get(item[0]))), false);
      } else {
        walk(item[1], item[2], siblings, false);
      }
    }
    walk(j, to, new Ctes(outer, index, items.size(), null), false);
  }

  private static boolean setOperator(Token k) {
    return k.isWord("UNION") || k.isWord("EXCEPT") || k.isWord("INTERSECT") || k.isWord("MINUS");
  }

  private int lastTopLevelSetOperator(int from, int to) {
    int last = -1;
    for (int i = from; i < to; i++) {
      Token k = t.get(i);
      if (open(k)) {
        i = match[i];
      } else if (setOperator(k) && !(i > 0 && t.get(i - 1).isOp("*"))) {
        last = i;
      }
    }
    return last;
  }

  /**
   * The CTE names visible at a point: the names of one WITH clause of which the first
   * {@code visible} are in scope (earlier siblings), possibly one more ({@code self}, in a
   * recursive term), then the enclosing clauses'. Lookups cost one hash probe per enclosing WITH
   * clause, so long WITH lists stay linear.
   */
  private static final class Ctes {
    static final Ctes NONE = new Ctes(null, Map.of(), 0, null);

    final @Nullable Ctes parent;
    final Map<String, Integer> index;
    final int visible;
    final @Nullable String self;

    Ctes(@Nullable Ctes parent, Map<String, Integer> index, int visible,
        @Nullable String self) {
      this.parent = parent;
      this.index = index;
      this.visible = visible;
      this.self = self;
    }

    boolean binds(String key) {
      for (Ctes c = this; c != null; c = c.parent) {
        Integer i = c.index.get(key);
        if ((i != null && i < c.visible) || key.equals(c.self)) {
          return true;
        }
      }
      return false;
    }
  }

  /** The key under which a CTE name and a one-part reference meet, per dialect. */
  private String cteKey(String folded, boolean quoted, String raw) {
    return switch (dialect) {
      case SNOWFLAKE, POSTGRES -> folded;
      case DUCKDB -> folded.toLowerCase(Locale.ROOT);
      // The engine is unknown: only the very same spelling is surely the same name.
      case GENERIC -> (quoted ? "q:" : "u:") + raw;
    };
  }

  private String cteKey(Token k) {
    return cteKey(folded(k), k.type() == TokenType.QUOTED_IDENT, raw(k));
  }

  // ---------------------------------------------------------------- USE

  private void use() {
    int i = 1;
    ObjectReference.Kind kind = ObjectReference.Kind.CONTAINER;
    if (i < t.size() && t.get(i).type() == TokenType.WORD && switch (t.get(i).value()) {
      case "DATABASE", "SCHEMA", "CATALOG", "WAREHOUSE" -> true;
      default -> false;
    } && i + 1 < t.size()) {
      if (t.get(i).isWord("WAREHOUSE")) {
        kind = ObjectReference.Kind.OTHER;
      }
      i++;
    }
    if (i >= t.size() || !name(t.get(i)) || t.get(i).isWord("IDENTIFIER")) {
      unresolved.add("USE names its target at run time");
      return;
    }
    Name n = readName(i, t.size());
    if (n != null) {
      record(kind, n);
    }
  }

  // ---------------------------------------------------------------- names

  /**
   * A dotted name as read from the tokens.
   *
   * @param parts the folded parts
   * @param quoted whether each part was quoted
   * @param raw each part as written (quoted parts without their quotes)
   * @param text the whole name as written
   * @param end the index after the name
   * @param fileLike whether DuckDB may read it as a file
   */
  private record Name(List<String> parts, List<Boolean> quoted, List<String> raw, String text,
      int end, boolean fileLike) {
    int size() {
      return parts.size();
    }
  }

  private @Nullable Name readName(int j, int to) {
    List<String> parts = new ArrayList<>(3);
    List<Boolean> quoted = new ArrayList<>(3);
    List<String> raw = new ArrayList<>(3);
    StringBuilder text = new StringBuilder();
    boolean fileLike = false;
    int k = j;
    while (true) {
      Token p = t.get(k);
      parts.add(folded(p));
      quoted.add(p.type() == TokenType.QUOTED_IDENT);
      raw.add(raw(p));
      text.append(text(p));
      if (p.type() == TokenType.QUOTED_IDENT && looksLikeFile(p.value())) {
        fileLike = true;
      }
      if (parts.size() > 1 && p.type() == TokenType.WORD
          && FILE_EXTENSIONS.contains(p.value())) {
        fileLike = true;
      }
      k++;
      if (k + 1 < to && t.get(k).isOp(".") && name(t.get(k + 1))) {
        text.append('.');
        k++;
        continue;
      }
      if (dialect == Dialect.SNOWFLAKE && parts.size() == 1 && k + 2 < to
          && t.get(k).isOp(".") && t.get(k + 1).isOp(".") && name(t.get(k + 2))) {
        // db..name: the PUBLIC schema of db.
        parts.add("PUBLIC");
        quoted.add(false);
        raw.add("PUBLIC");
        text.append("..");
        k += 2;
        continue;
      }
      break;
    }
    if (k < to && (t.get(k).isOp(".") || t.get(k).isOp(".."))) {
      unresolved.add("the name " + Reasons.quote(text + ".") + " is not understood");
      return null;
    }
    if (parts.size() > 3) {
      unresolved.add("the name " + Reasons.quote(text.toString())
          + " has more than three parts");
      return null;
    }
    return new Name(parts, quoted, raw, text.toString(), k, fileLike);
  }

  /** Records the dotted name that ends at token {@code last} (read backwards). */
  private void nameBefore(int last, int from, ObjectReference.Kind kind) {
    int first = last;
    while (first - 2 >= from && t.get(first - 1).isOp(".") && name(t.get(first - 2))) {
      first -= 2;
    }
    if (first < from || !name(t.get(first))) {
      return;
    }
    Name n = readName(first, last + 1);
    if (n != null) {
      record(kind, n);
    }
  }

  private void record(ObjectReference.Kind kind, Name n) {
    ObjectReference r = new ObjectReference(kind, n.parts(), n.quoted(),
        dialect == Dialect.DUCKDB || dialect == Dialect.GENERIC, n.text());
    found.putIfAbsent(kind + "\u0000" + String.join("\u0000", n.parts()) + "\u0000"
        + n.quoted(), r);
  }

  /** The part as the engine looks it up. */
  private String folded(Token k) {
    if (k.type() == TokenType.QUOTED_IDENT) {
      return k.value();
    }
    return switch (dialect) {
      case SNOWFLAKE -> k.value();
      case POSTGRES -> asciiLower(raw(k));
      case DUCKDB, GENERIC -> raw(k);
    };
  }

  /** The part as written, quoted parts without their quotes. */
  private String raw(Token k) {
    return k.type() == TokenType.QUOTED_IDENT ? k.value() : sql.substring(k.start(), k.end());
  }

  private String text(Token k) {
    return sql.substring(k.start(), k.end());
  }

  private static String asciiLower(String s) {
    StringBuilder b = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      b.append(c >= 'A' && c <= 'Z' ? (char) (c + 32) : c);
    }
    return b.toString();
  }

  /** Whether a bracket's first token can begin a from item (not a row of literals). */
  private static boolean tableStart(Token k) {
    return switch (k.type()) {
      case WORD, QUOTED_IDENT, STRING, DOLLAR_STRING, STAGE, VARIABLE -> true;
      case OP -> k.isOp("(");
      default -> false;
    };
  }

  private static boolean name(Token k) {
    return k.type() == TokenType.WORD || k.type() == TokenType.QUOTED_IDENT;
  }

  private static boolean open(Token k) {
    return k.isOp("(") || k.isOp("[") || k.isOp("{");
  }

  private static boolean close(Token k) {
    return k.isOp(")") || k.isOp("]") || k.isOp("}");
  }

  private static boolean looksLikeFile(String name) {
    return name.indexOf('.') >= 0 || name.indexOf('/') >= 0 || name.indexOf('\\') >= 0
        || name.indexOf(':') >= 0 || name.indexOf('*') >= 0;
  }
}
