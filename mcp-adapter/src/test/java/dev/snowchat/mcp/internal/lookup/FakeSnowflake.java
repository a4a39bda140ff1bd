package dev.snowchat.mcp.internal.lookup;

import dev.snowchat.mcp.ToolErrorCode;
import dev.snowchat.sqlgate.QueryResult;
import dev.snowchat.sqlgate.ResultColumn;
import dev.snowchat.sqlgate.SnowchatException;
import dev.snowchat.sqlgate.StatementKind;
import java.sql.Types;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Canned answers to SHOW and DESCRIBE statements, with Snowflake's real result column names
 * (recorded from the documentation of SHOW DATABASES, SHOW SCHEMAS, SHOW OBJECTS, DESCRIBE
 * TABLE, SHOW IMPORTED/EXPORTED KEYS, SHOW COLUMNS and SHOW FUNCTIONS). Records every statement.
 */
final class FakeSnowflake implements LiveSnowflakeLookup.Runner {
  static final List<String> SHOW_DATABASES = List.of("created_on", "name", "is_default",
      "is_current", "origin", "owner", "comment", "options", "retention_time", "kind");
  static final List<String> SHOW_SCHEMAS = List.of("created_on", "name", "is_default",
      "is_current", "database_name", "owner", "comment", "options", "retention_time");
  static final List<String> SHOW_OBJECTS = List.of("created_on", "name", "database_name",
      "schema_name", "kind", "comment", "cluster_by", "rows", "bytes", "owner",
      "retention_time", "owner_role_type");
  static final List<String> DESCRIBE_TABLE = List.of("name", "type", "kind", "null?",
      "default", "primary key", "unique key", "check", "expression", "comment",
      "policy name", "privacy domain");
  static final List<String> SHOW_KEYS = List.of("created_on", "pk_database_name",
      "pk_schema_name", "pk_table_name", "pk_column_name", "fk_database_name", "fk_schema_name",
      "fk_table_name", "fk_column_name", "key_sequence", "update_rule", "delete_rule",
      "fk_name", "pk_name", "deferrability", "rely", "comment");
  static final List<String> SHOW_COLUMNS = List.of("table_name", "schema_name", "column_name",
      "data_type", "null?", "default", "kind", "expression", "comment", "database_name",
      "autoincrement");
  static final List<String> SHOW_FUNCTIONS = List.of("created_on", "name", "schema_name",
      "is_builtin", "is_aggregate", "is_ansi", "min_num_arguments", "max_num_arguments",
      "arguments", "description", "catalog_name", "is_table_function", "valid_for_clustering",
      "is_secure", "is_external_function", "language", "is_memoizable");

  final List<String> statements = new ArrayList<>();
  private final Map<String, QueryResult> answers = new LinkedHashMap<>();

  /** Answers statements starting with {@code prefix}; the longest matching prefix wins. */
  FakeSnowflake on(String prefix, List<String> columns, Object[]... rows) {
    List<ResultColumn> cols = new ArrayList<>();
    for (String c : columns) {
      cols.add(new ResultColumn(c, "VARCHAR", Types.VARCHAR, true));
    }
    List<List<Object>> rs = new ArrayList<>();
    for (Object[] r : rows) {
      if (r.length != columns.size()) {
        throw new IllegalArgumentException("row has " + r.length + " values for "
            + columns.size() + " columns: " + Arrays.toString(r));
      }
      rs.add(Arrays.asList(r));
    }
    answers.put(prefix, new QueryResult(cols, rs, false, null, Duration.ofMillis(3),
        "01b2-fake", StatementKind.SHOW));
    return this;
  }

  @Override
  public QueryResult run(String sql) {
    statements.add(sql);
    String best = null;
    for (String p : answers.keySet()) {
      if (sql.startsWith(p) && (best == null || p.length() > best.length())) {
        best = p;
      }
    }
    if (best == null) {
      throw new SnowchatException(ToolErrorCode.QUERY_FAILED,
          "FakeSnowflake has no answer for: " + sql);
    }
    return answers.get(best);
  }

  /** A row for {@link #SHOW_OBJECTS}. */
  static Object[] object(String db, String schema, String name, String kind, String comment,
      Object rows) {
    return new Object[] {"2025-01-01", name, db, schema, kind, comment, "", rows, 0, "SYSADMIN",
        "1", "ROLE"};
  }

  /** A row for {@link #DESCRIBE_TABLE}. */
  static Object[] column(String name, String type, String nullable, String pk, String comment) {
    return new Object[] {name, type, "COLUMN", nullable, null, pk, "N", null, null, comment,
        null, null};
  }
}
