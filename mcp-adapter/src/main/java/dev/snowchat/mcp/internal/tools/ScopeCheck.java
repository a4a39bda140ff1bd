package dev.snowchat.mcp.internal.tools;

import static java.util.Objects.requireNonNull;

import dev.snowchat.mcp.internal.jdbc.Errors;
import dev.snowchat.mcp.internal.jdbc.Warehouse;
import dev.snowchat.mcp.internal.lookup.LookupRouter;
import dev.snowchat.mcp.internal.lookup.Patterns;
import dev.snowchat.schemaindex.ForeignKey;
import dev.snowchat.schemaindex.JoinEdge;
import dev.snowchat.schemaindex.JoinPath;
import dev.snowchat.schemaindex.QualifiedName;
import dev.snowchat.schemaindex.TableInfo;
import dev.snowchat.sqlgate.Dialect;
import dev.snowchat.sqlgate.ObjectReference;
import dev.snowchat.sqlgate.ObjectReferences;
import dev.snowchat.sqlgate.SnowchatException;
import dev.snowchat.sqlgate.StatementKind;
import dev.snowchat.sqlgate.Verdict;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;

/**
 * Enforces the configured scope ({@code SNOWCHAT_INCLUDE} / {@code SNOWCHAT_EXCLUDE}) on SQL the
 * tools run, not only on what discovery shows. With a scope set, a statement runs only when the
 * gate can name every object it touches ({@link dev.snowchat.sqlgate.SqlGate#references}) and
 * each one resolves, as the engine would resolve it, to a table or view in scope. It fails
 * closed: a name the engine could resolve to more than one place is in scope only if every place
 * is; catalog and system views (information_schema, pg_catalog, DuckDB's duckdb_* and sqlite_*
 * views, Snowflake's SNOWFLAKE database) are refused because they list what the scope hides;
 * statements whose objects cannot be pinned down (dynamic names, stages, files, name-taking
 * functions, table functions other than the built-in generators, SHOW listings, DDL,
 * administrative statements) are refused, and so is USE, which would move the defaults that
 * names are resolved against. Without a scope nothing changes.
 *
 * <p>A refusal is a value ({@link #refusal}), which the tools return as a {@code QUERY_REFUSED}
 * tool error naming the object as the caller wrote it. Discovery results are trimmed here too: foreign keys, search neighbours
 * and join routes never mention a table out of scope.
 */
final class ScopeCheck {
  /** Where to look instead, for every refusal. */
  static final String INSTEAD = " Explore with list_databases, list_schemas, list_tables,"
      + " describe_table and search_schema (they show only what is in scope), then query those"
      + " tables by their DATABASE.SCHEMA.TABLE names.";
  private static final String SCOPE = "this server's scope (SNOWCHAT_INCLUDE /"
      + " SNOWCHAT_EXCLUDE)";

  private final Warehouse warehouse;
  private final Patterns filter;
  private final LookupRouter router;
  private volatile @Nullable Session session;

  /**
   * What unqualified names resolve against on this connection.
   *
   * @param database the current database (catalog), or null when the connection has none
   * @param path the schemas an unqualified name is searched in, in order
   * @param catalogs the attached catalogs a two-part name may also name (DuckDB, generic JDBC)
   */
  private record Session(@Nullable String database, List<String> path, Set<String> catalogs) {}

  ScopeCheck(Warehouse warehouse, LookupRouter router) {
    this.warehouse = requireNonNull(warehouse, "warehouse is null");
    this.router = requireNonNull(router, "router is null");
    this.filter = new Patterns(warehouse.config().includePatterns(),
        warehouse.config().excludePatterns());
  }

  /** {@return true when a scope is configured} */
  boolean active() {
    return !filter.isOpen();
  }

  /** {@return the scope as configured, for get_connection_info} */
  String describe() {
    List<String> inc = warehouse.config().includePatterns();
    List<String> exc = warehouse.config().excludePatterns();
    return "include " + (inc.isEmpty() ? "all" : String.join(", ", inc)) + "; exclude "
        + (exc.isEmpty() ? "none" : String.join(", ", exc));
  }

  // ---------------------------------------------------------------- statements

  /**
   * Says why a statement may not run: it names an object out of scope, or its objects cannot all
   * be known. Nothing to say without a scope, or when the gate refuses the statement anyway (its
   * own refusal says more).
   *
   * @param sql the statement
   * @return the refusal, a {@code QUERY_REFUSED} message naming the object as the caller wrote
   *     it; empty when the statement stays in scope
   * @throws SnowchatException when the connection's session (its search path) cannot be read
   */
  Optional<String> refusal(String sql) {
    if (!active()) {
      return Optional.empty();
    }
    Verdict verdict = warehouse.gate().check(sql);
    if (verdict instanceof Verdict.Blocked) {
      return Optional.empty(); // the executor refuses it with the gate's reason
    }
    if (verdict.kind() == StatementKind.USE) {
      return refuse("Refused: USE would change the database and schema that names resolve"
          + " against, which " + SCOPE + " is checked against. Qualify names instead"
          + " (DATABASE.SCHEMA.TABLE).");
    }
    ObjectReferences refs = warehouse.gate().references(sql);
    if (!refs.complete()) {
      return refuse("Refused: with " + SCOPE + " set, a statement must name every object it"
          + " reads, but " + sentence(refs.unresolved()) + ".");
    }
    for (ObjectReference r : refs.objects()) {
      Optional<String> refused = switch (r.kind()) {
        case CONTAINER -> refuse("Refused: " + r.text() + " switches the database or"
            + " schema that " + SCOPE + " is checked against. Qualify names instead"
            + " (DATABASE.SCHEMA.TABLE).");
        // Complete references hold only built-in generators (generate_series, FLATTEN, ...).
        case TABLE_FUNCTION -> Optional.empty();
        case RELATION, OTHER -> relation(r);
      };
      if (refused.isPresent()) {
        return refused;
      }
    }
    return Optional.empty();
  }

  private Optional<String> relation(ObjectReference r) {
    if (systemObject(r)) {
      return refuse("Refused: " + r.text() + " is a catalog view, which would list objects"
          + " outside " + SCOPE + ".");
    }
    List<QualifiedName> places;
    switch (candidates(r)) {
      case Places.Unplaceable u -> {
        return refuse(u.reason());
      }
      case Places.Found f -> places = f.names();
    }
    for (QualifiedName q : places) {
      String where = places.size() == 1 && q.toString().equalsIgnoreCase(r.text())
          ? "" : " (" + (places.size() == 1 ? "" : "it may resolve to ") + q + ")";
      if (isSystem(q)) {
        return refuse("Refused: " + r.text() + where + " is a catalog view, which would list"
            + " objects outside " + SCOPE + ".");
      }
      if (!filter.showsTable(q)) {
        return refuse("Refused: " + r.text() + where + " is outside " + SCOPE + ".");
      }
      if (places.size() > 1 && exists(q, r.ignoreCase())) {
        break; // resolution stops at the first place that holds the name
      }
    }
    return Optional.empty();
  }

  /** Where a name may resolve: the places in the engine's search order, or why none can be told. */
  private sealed interface Places {
    /**
     * The places.
     *
     * @param names in search order
     */
    record Found(List<QualifiedName> names) implements Places {}

    /**
     * The name cannot be placed against the scope.
     *
     * @param reason why, for the refusal
     */
    record Unplaceable(String reason) implements Places {}
  }

  /**
   * The places a name may resolve to, in the engine's search order. One place for a full name;
   * for a shorter one every schema the engine searches (a PostgreSQL search path, Snowflake's
   * current schema then PUBLIC), and in DuckDB a two-part name also as CATALOG.main.NAME when a
   * catalog of that name is attached.
   */
  private Places candidates(ObjectReference r) {
    List<String> p = r.parts();
    if (p.size() == 3) {
      return new Places.Found(List.of(QualifiedName.of(p.get(0), p.get(1), p.get(2))));
    }
    Session s = session();
    Dialect d = warehouse.dialect();
    List<QualifiedName> out = new ArrayList<>();
    if (p.size() == 2) {
      if (s.database() == null) {
        return new Places.Unplaceable("Refused: " + r.text() + " names no database and the"
            + " connection has no current one to check against " + SCOPE + "; write"
            + " DATABASE.SCHEMA.TABLE.");
      }
      out.add(QualifiedName.of(s.database(), p.get(0), p.get(1)));
      if ((d == Dialect.DUCKDB || d == Dialect.GENERIC)
          && containsIgnoreCase(s.catalogs(), p.get(0))) {
        if (d == Dialect.GENERIC) {
          return new Places.Unplaceable("Refused: " + r.text() + " may name a table of"
              + " database " + p.get(0) + " or of schema " + p.get(0) + ", which " + SCOPE
              + " cannot tell apart; write DATABASE.SCHEMA.TABLE.");
        }
        out.add(QualifiedName.of(p.get(0), "main", p.get(1)));
      }
      return new Places.Found(out);
    }
    if (s.database() == null || s.path().isEmpty()) {
      return new Places.Unplaceable("Refused: " + r.text() + " is not qualified and the"
          + " connection has no current schema to check it against " + SCOPE + " in; write"
          + " DATABASE.SCHEMA.TABLE.");
    }
    for (String schema : s.path()) {
      int dot = schema.indexOf('.');
      out.add(dot > 0 && d == Dialect.DUCKDB
          ? QualifiedName.of(schema.substring(0, dot), schema.substring(dot + 1), p.get(0))
          : QualifiedName.of(s.database(), schema, p.get(0)));
    }
    return new Places.Found(out);
  }

  private static boolean containsIgnoreCase(Set<String> names, String name) {
    for (String n : names) {
      if (n.equalsIgnoreCase(name)) {
        return true;
      }
    }
    return false;
  }

  /** Whether a visible table of that name is known to exist (index, else live metadata). */
  private boolean exists(QualifiedName q, boolean ignoreCase) {
    try {
      return router.ask(l -> l.tables(q.database(), q.schema(), q.name())).value().stream()
          .anyMatch(t -> ignoreCase ? t.id().name().equalsIgnoreCase(q.name())
              : t.id().name().equals(q.name()));
    } catch (RuntimeException e) {
      return false; // not known: the next place decides
    }
  }

  /** Whether an unqualified or partly qualified name is a system catalog view. */
  private boolean systemObject(ObjectReference r) {
    String name = r.name().toLowerCase(Locale.ROOT);
    Dialect d = warehouse.dialect();
    boolean exact = !r.ignoreCase();
    String written = exact ? r.name() : name;
    if (r.parts().size() == 1) {
      boolean pg = written.startsWith("pg_");
      boolean duck = name.startsWith("duckdb_") || name.startsWith("sqlite_")
          || name.startsWith("pragma_") || name.startsWith("pg_");
      boolean hit = switch (d) {
        case POSTGRES -> pg; // pg_catalog is searched first, and holds only pg_* relations
        case DUCKDB -> duck; // the system catalog's main and pg_catalog schemas
        case GENERIC -> duck || name.startsWith("sys");
        case SNOWFLAKE -> false;
      };
      return hit;
    }
    if (r.parts().size() == 2) {
      String schema = r.parts().get(0).toLowerCase(Locale.ROOT);
      if (schema.equals("information_schema") || schema.equals("pg_catalog")) {
        return true;
      }
      // DuckDB also finds main.duckdb_tables in the system catalog; system and temp are
      // catalogs of their own.
      return d == Dialect.DUCKDB && ((schema.equals("main") && (name.startsWith("duckdb_")
          || name.startsWith("sqlite_") || name.startsWith("pragma_")))
          || schema.equals("system") || schema.equals("temp"));
    }
    return false;
  }

  /** Whether a resolved name lies in a catalog or system schema. */
  private boolean isSystem(QualifiedName q) {
    String db = q.database().toUpperCase(Locale.ROOT);
    String schema = q.schema().toUpperCase(Locale.ROOT);
    if (schema.equals("INFORMATION_SCHEMA") || schema.equals("PG_CATALOG")
        || schema.startsWith("PG_TOAST") || schema.startsWith("PG_TEMP")) {
      return true;
    }
    return switch (warehouse.dialect()) {
      case SNOWFLAKE -> db.equals("SNOWFLAKE");
      case DUCKDB -> db.equals("SYSTEM") || db.equals("TEMP");
      case POSTGRES, GENERIC -> false;
    };
  }

  private Session session() {
    Session s = session;
    if (s != null) {
      return s;
    }
    synchronized (this) {
      if (session == null) {
        try {
          session = warehouse.withMetadataConnection(this::readSession);
        } catch (SQLException e) {
          throw Errors.fromSql(e, warehouse).exception();
        }
      }
      return session;
    }
  }

  private Session readSession(Connection c) throws SQLException {
    String db = c.getCatalog();
    if (db == null || db.isBlank()) {
      db = warehouse.target().defaultDatabase();
    }
    List<String> path = new ArrayList<>();
    Set<String> catalogs = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
    try (Statement st = c.createStatement()) {
      switch (warehouse.dialect()) {
        case POSTGRES -> {
          // The schemas of the search path that exist, in order (pg_catalog, searched first,
          // is handled as a system catalog).
          try (ResultSet rs = st.executeQuery("SELECT unnest(current_schemas(false))")) {
            while (rs.next()) {
              path.add(rs.getString(1));
            }
          }
        }
        case DUCKDB -> {
          try (ResultSet rs = st.executeQuery("SELECT current_schema(),"
              + " current_setting('search_path')")) {
            if (rs.next()) {
              path.add(rs.getString(1));
              String extra = rs.getString(2);
              if (extra != null) {
                for (String e : extra.split(",")) {
                  String v = e.strip().replace("\"", "");
                  if (!v.isEmpty() && !path.contains(v)) {
                    path.add(v);
                  }
                }
              }
            }
          }
          try (ResultSet rs = st.executeQuery("SELECT database_name FROM duckdb_databases()")) {
            while (rs.next()) {
              catalogs.add(rs.getString(1));
            }
          }
        }
        case SNOWFLAKE -> {
          String schema = c.getSchema();
          if (schema == null || schema.isBlank()) {
            schema = warehouse.target().defaultSchema();
          }
          if (schema != null) {
            path.add(schema);
          }
          // Queries search the current schema, then PUBLIC (the default SEARCH_PATH).
          if (!path.contains("PUBLIC")) {
            path.add("PUBLIC");
          }
        }
        case GENERIC -> {
          String schema = c.getSchema();
          if (schema != null && !schema.isBlank()) {
            path.add(schema);
          }
          try (ResultSet rs = c.getMetaData().getCatalogs()) {
            while (rs.next()) {
              catalogs.add(rs.getString(1));
            }
          }
        }
      }
    }
    return new Session(db, List.copyOf(path), Set.copyOf(catalogs));
  }

  private static String sentence(List<String> reasons) {
    return String.join("; ", reasons.subList(0, Math.min(3, reasons.size())));
  }

  private static Optional<String> refuse(String message) {
    return Optional.of(message + INSTEAD);
  }

  // ---------------------------------------------------------------- discovery results

  /**
   * {@return the table without foreign keys that point out of scope}
   *
   * @param t a table in scope
   */
  TableInfo visible(TableInfo t) {
    if (!active()) {
      return t;
    }
    List<ForeignKey> fks = t.foreignKeys().stream()
        .filter(fk -> filter.showsTable(fk.referencedTable())).toList();
    return fks.size() == t.foreignKeys().size() ? t : new TableInfo(t.id(), t.kind(),
        t.comment(), t.rowCount(), t.changedOn(), t.columns(), t.primaryKey(), fks);
  }

  /**
   * {@return the edges whose both tables are in scope}
   *
   * @param edges join edges
   */
  List<JoinEdge> visible(List<JoinEdge> edges) {
    if (!active()) {
      return edges;
    }
    return edges.stream().filter(e -> filter.showsTable(e.fromTable())
        && filter.showsTable(e.toTable())).toList();
  }

  /**
   * {@return the route, or empty when it passes a table out of scope}
   *
   * @param route a join route
   */
  Optional<JoinPath> visible(Optional<JoinPath> route) {
    if (!active() || route.isEmpty()) {
      return route;
    }
    return visible(route.get().edges()).size() == route.get().edges().size() ? route
        : Optional.empty();
  }
}
