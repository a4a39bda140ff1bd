package dev.snowchat.mcp.internal.sources;

import static dev.snowchat.mcp.ToolErrorCode.INVALID_ARGUMENT;

import dev.snowchat.mcp.CallContext;
import dev.snowchat.mcp.ToolDefinition;
import dev.snowchat.mcp.ToolErrorCode;
import dev.snowchat.mcp.ToolResult;
import dev.snowchat.mcp.internal.sources.SourceSet.Member;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The tools of a {@link SourceSet}: each source's tool definitions behind one definition that
 * takes an optional {@code source}, plus {@code list_sources} and, with an allowlist, {@code
 * attach_file}.
 */
final class SourceTools {
  private final SourceSet set;
  private final dev.snowchat.mcp.internal.jdbc.Redactor redactor;

  SourceTools(SourceSet set, dev.snowchat.mcp.internal.jdbc.Redactor redactor) {
    this.set = set;
    this.redactor = redactor;
  }

  /**
   * Every source's secrets are masked on every path: a source's own tools mask only its own, and
   * a statement on one source could echo another's.
   */
  private ToolDefinition masked(ToolDefinition d) {
    return new ToolDefinition(d.name(), d.title(), d.description(), d.inputSchema(),
        d.outputSchema(), d.readOnly(), d.destructive(), (args, ctx) -> {
          ToolResult r = d.handler().call(args, ctx);
          if (redactor.isEmpty()) {
            return r;
          }
          @SuppressWarnings("unchecked")
          Map<String, Object> structured = (Map<String, Object>) redactor.maskDeep(
              r.structured());
          return new ToolResult(redactor.mask(r.text()), structured, r.errorCode());
        });
  }

  List<ToolDefinition> definitions() {
    Member first = set.members().get(0);
    String names = String.join(", ", set.names());
    List<ToolDefinition> out = new ArrayList<>();
    for (ToolDefinition d : first.tools().values()) {
      out.add(new ToolDefinition(d.name(), d.title(), d.description() + " Sources: " + names
          + "; pass source to choose one (default " + first.name() + ")."
          + (d.name().equals("list_databases") || d.name().equals("search_schema")
          ? " Without source it answers over every source, naming each item's sourceName." : ""),
          withSource(d.inputSchema(), names), d.outputSchema(), d.readOnly(), d.destructive(),
          (args, ctx) -> dispatch(d.name(), args, ctx)));
    }
    out.add(listSources());
    LocalEngine engine = set.engine();
    if (engine != null && engine.runtime() != null) {
      out.add(attachFile(engine.runtime()));
    }
    return out.stream().map(this::masked).toList();
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> withSource(Map<String, Object> in, String names) {
    Map<String, Object> schema = new LinkedHashMap<>(in);
    Map<String, Object> props = new LinkedHashMap<>((Map<String, Object>) in.get("properties"));
    props.put("source", Map.of("type", "string", "description", "Which source to use: " + names
        + " (list_sources describes them). Default: the first."));
    schema.put("properties", props);
    return schema;
  }

  private ToolResult dispatch(String tool, Map<String, Object> arguments, CallContext ctx) {
    Map<String, Object> args = new LinkedHashMap<>(arguments);
    Object src = args.remove("source");
    if (src != null && !(src instanceof String)) {
      return ToolResult.error(INVALID_ARGUMENT, tool + ": source must be a string, one of "
          + String.join(", ", set.names()) + ".");
    }
    if (src == null && (tool.equals("list_databases") || tool.equals("search_schema"))) {
      return everySource(tool, args, ctx);
    }
    Member m = src == null ? set.members().get(0) : set.member((String) src);
    if (m == null) {
      return ToolResult.error(INVALID_ARGUMENT, tool + ": no source named '" + src
          + "'. Sources: " + String.join(", ", set.names()) + " (list_sources describes them).");
    }
    ToolResult r = set.call(m, tool, args, ctx);
    if (r.isError() && src == null
        && ToolErrorCode.TABLE_NOT_FOUND.name().equals(r.errorCode())) {
      String elsewhere = whereElse(m, args, ctx);
      if (elsewhere != null) {
        return ToolResult.error(ToolErrorCode.TABLE_NOT_FOUND, r.text() + " It is in source '"
            + elsewhere + "': pass \"source\": \"" + elsewhere + "\".");
      }
    }
    return tagged(r, m.name());
  }

  /** Which other source holds the table a call named, when exactly one does. */
  private @Nullable String whereElse(Member tried, Map<String, Object> args, CallContext ctx) {
    Object table = args.containsKey("table") ? args.get("table") : args.get("from");
    if (!(table instanceof String)) {
      return null;
    }
    List<String> found = new ArrayList<>();
    for (Member m : set.members()) {
      if (m != tried && !set.isDown(m)
          && !set.call(m, "describe_table", Map.of("table", table), ctx).isError()) {
        found.add(m.name());
      }
    }
    return found.size() == 1 ? found.get(0) : null;
  }

  private static ToolResult tagged(ToolResult r, String source) {
    if (r.isError()) {
      return ToolResult.error(r.errorCode(), "[source " + source + "] " + r.text());
    }
    Map<String, Object> s = new LinkedHashMap<>(r.structured());
    s.put("sourceName", source);
    return ToolResult.success("[source " + source + "] " + r.text(), s);
  }

  @SuppressWarnings("unchecked")
  private ToolResult everySource(String tool, Map<String, Object> args, CallContext ctx) {
    String listKey = tool.equals("list_databases") ? "databases" : "hits";
    List<List<Map<String, Object>>> perSource = new ArrayList<>();
    StringBuilder text = new StringBuilder();
    List<String> failed = new ArrayList<>();
    String indexOrLive = "index";
    List<SearchMode> modes = new ArrayList<>();
    // With a database named, a source that does not hold it has no hits there: not a failure,
    // unless no source holds it (then the answer is DATABASE_NOT_FOUND).
    boolean byDatabase = args.get("database") != null;
    List<ToolResult> notHolding = new ArrayList<>();
    List<String> notHoldingNames = new ArrayList<>();
    int answered = 0;
    for (Member m : set.members()) {
      if (set.isDown(m)) {
        failed.add(m.name() + ": CONNECTION_FAILED (skipped: it failed to connect moments ago;"
            + " retried after a backoff, or at once with source='" + m.name() + "')");
        perSource.add(List.of());
        continue;
      }
      ToolResult r = set.call(m, tool, args, ctx);
      if (r.isError() && byDatabase
          && ToolErrorCode.DATABASE_NOT_FOUND.name().equals(r.errorCode())) {
        notHolding.add(r);
        notHoldingNames.add(m.name());
        perSource.add(List.of());
        continue;
      }
      if (r.isError()) {
        failed.add(m.name() + ": " + r.errorCode());
        text.append("[source ").append(m.name()).append("] Error ").append(r.errorCode())
            .append(": ").append(r.text()).append('\n');
        perSource.add(List.of());
        continue;
      }
      answered++;
      if ("live".equals(r.structured().get("source"))) {
        indexOrLive = "live";
      }
      if (tool.equals("search_schema")) {
        modes.add(new SearchMode(String.valueOf(r.structured().get("mode")),
            Boolean.TRUE.equals(r.structured().get("semantic")),
            !((List<?>) r.structured().getOrDefault("hits", List.of())).isEmpty()));
      }
      List<Map<String, Object>> items = new ArrayList<>();
      for (Object o : (List<Object>) r.structured().getOrDefault(listKey, List.of())) {
        Map<String, Object> item = new LinkedHashMap<>((Map<String, Object>) o);
        item.put("sourceName", m.name());
        items.add(item);
      }
      perSource.add(items);
      text.append("[source ").append(m.name()).append("] ").append(r.text()).append('\n');
    }
    if (!notHolding.isEmpty() && answered == 0) {
      if (failed.isEmpty()) {
        return ToolResult.error(ToolErrorCode.DATABASE_NOT_FOUND, "Database "
            + args.get("database") + " was not found in any source (" + String.join(", ",
            notHoldingNames) + "). Call list_databases to see the databases each source holds.");
      }
      // Another source failed and may hold it: say what each source answered.
      for (int i = 0; i < notHolding.size(); i++) {
        ToolResult r = notHolding.get(i);
        failed.add(notHoldingNames.get(i) + ": " + r.errorCode());
        text.append("[source ").append(notHoldingNames.get(i)).append("] Error ")
            .append(r.errorCode()).append(": ").append(r.text()).append('\n');
      }
    }
    // Scores of different indexes do not compare: interleave the sources' rankings.
    int k = args.get("k") instanceof Number n ? n.intValue() : 10;
    List<Map<String, Object>> merged = new ArrayList<>();
    for (int rank = 0; ; rank++) {
      boolean any = false;
      for (List<Map<String, Object>> items : perSource) {
        if (rank < items.size()) {
          merged.add(items.get(rank));
          any = true;
        }
      }
      if (!any) {
        break;
      }
    }
    if (tool.equals("search_schema") && merged.size() > k) {
      merged = merged.subList(0, k);
    }
    Map<String, Object> out = new LinkedHashMap<>();
    if (tool.equals("search_schema")) {
      out.put("query", args.get("query"));
    }
    out.put(listKey, merged);
    out.put("count", merged.size());
    out.put("source", indexOrLive);
    if (tool.equals("search_schema")) {
      SearchMode weakest = SearchMode.weakest(modes);
      out.put("mode", weakest.mode());
      out.put("semantic", weakest.semantic());
    }
    out.put("sourcesFailed", failed);
    return ToolResult.success(text.toString().strip(), out);
  }

  /**
   * How one source's search found its tables: its {@code mode} ({@code hybrid}, {@code
   * keyword_while_embedding}, {@code keyword}), whether a sentence model took part, and whether it
   * contributed hits.
   */
  record SearchMode(String mode, boolean semantic, boolean hadHits) {
    private static final List<String> STRENGTH = List.of("keyword", "keyword_while_embedding",
        "hybrid");

    /**
     * The mode of an answer over every source: the weakest mode among the sources that
     * contributed hits (or, when none did, among those that answered), and {@code semantic} only
     * when every one of them searched with a sentence model; with no source answering, {@code
     * keyword}. A merged list is only as good as its weakest part, so a client never takes
     * keyword hits for semantic ones.
     */
    static SearchMode weakest(List<SearchMode> modes) {
      List<SearchMode> counted = modes.stream().anyMatch(SearchMode::hadHits)
          ? modes.stream().filter(SearchMode::hadHits).toList() : modes;
      if (counted.isEmpty()) {
        return new SearchMode("keyword", false, false);
      }
      String mode = counted.stream().map(SearchMode::mode)
          .min(java.util.Comparator.comparingInt(STRENGTH::indexOf)).orElseThrow();
      return new SearchMode(mode, counted.stream().allMatch(SearchMode::semantic), true);
    }
  }

  private ToolDefinition listSources() {
    Map<String, Object> in = Map.of("type", "object", "properties", Map.of(),
        "required", List.of(), "additionalProperties", false);
    Map<String, Object> outSchema = Map.of("type", "object", "properties", Map.of(
        "sources", Map.of("type", "array", "items", Map.of("type", "object")),
        "count", Map.of("type", "integer")), "required", List.of("sources", "count"));
    return new ToolDefinition("list_sources", "List sources",
        "List the sources this server serves: name, kind, whether it is available (and why not),"
            + " its mode and limits, and for the embedded engine 'local' the file and DuckDB"
            + " sources in it. Tables of one source join only within that source; files, DuckDB"
            + " files, attached files and host tables all live in 'local' and join there.",
        in, outSchema, true, false, (args, ctx) -> {
          List<Map<String, Object>> items = new ArrayList<>();
          StringBuilder sb = new StringBuilder(set.members().size() + " sources (the first is"
              + " the default):\n");
          Map<String, String> down = set.unavailable();
          for (Member m : set.members()) {
            Map<String, Object> it = new LinkedHashMap<>();
            it.put("name", m.name());
            it.put("kind", m.kind().name().toLowerCase(Locale.ROOT));
            it.put("dialect", m.warehouse().dialect().configName());
            it.put("target", m.warehouse().target().displayUrl());
            it.put("mode", m.warehouse().config().mode().configName());
            it.put("maxRows", m.warehouse().config().maxRows());
            it.put("queryTimeoutSeconds", m.warehouse().config().queryTimeout().toSeconds());
            if (m.source() != null) {
              m.source().description().ifPresent(d -> it.put("description", d));
            }
            if (!m.entries().isEmpty()) {
              List<Map<String, Object>> entries = new ArrayList<>();
              for (String e : m.entries()) {
                Map<String, Object> x = new LinkedHashMap<>();
                x.put("name", e);
                x.put("available", !down.containsKey(e));
                if (down.containsKey(e)) {
                  x.put("reason", down.get(e));
                }
                entries.add(x);
              }
              it.put("entries", entries);
            }
            items.add(it);
            sb.append(m.name()).append(" (").append(it.get("kind")).append(", ")
                .append(it.get("dialect")).append(", ").append(it.get("mode")).append(", max ")
                .append(it.get("maxRows")).append(" rows)")
                .append(it.containsKey("description") ? " -- " + it.get("description") : "")
                .append('\n');
            for (String e : m.entries()) {
              sb.append("  ").append(e).append(down.containsKey(e) ? " UNAVAILABLE: "
                  + down.get(e) : "").append('\n');
            }
          }
          return ToolResult.success(sb.toString().strip(), Map.of("sources", items, "count",
              items.size()));
        });
  }

  private ToolDefinition attachFile(RuntimeCatalogs rc) {
    Map<String, Object> props = new LinkedHashMap<>();
    props.put("name", Map.of("type", "string", "description", "Table name to query the file"
        + " by (letters, digits, underscores)."));
    props.put("path", Map.of("type", "string", "description", "Absolute path or glob under "
        + rc.allowlist().describe() + "."));
    props.put("format", Map.of("type", "string", "enum", List.of("parquet", "csv", "json"),
        "description", "File format; default from the extension."));
    Map<String, Object> in = new LinkedHashMap<>();
    in.put("type", "object");
    in.put("properties", props);
    in.put("required", List.of("name", "path"));
    in.put("additionalProperties", false);
    Map<String, Object> outSchema = Map.of("type", "object", "properties", Map.of(
        "name", Map.of("type", "string"), "files", Map.of("type", "integer"),
        "columns", Map.of("type", "array", "items", Map.of("type", "string"))),
        "required", List.of("name", "files", "columns"));
    return new ToolDefinition("attach_file", "Attach file",
        "Attach a local Parquet, CSV or JSON file (or glob) under " + rc.allowlist().describe()
            + " to this session as a table of source 'local', e.g. attach_file(name='report',"
            + " path='/data/report.parquet') then execute_query('SELECT * FROM report',"
            + " source='local'). Only this session sees it; at most "
            + rc.settings().maxPerSession() + " per session (the least recently used is"
            + " evicted); dropped after " + rc.settings().idleExpiry().toMinutes() + " idle"
            + " minutes and on server restart. A glob's files are fixed when attached.",
        in, outSchema, true, false, (args, ctx) -> {
          for (String k : args.keySet()) {
            if (!props.containsKey(k)) {
              return ToolResult.error(INVALID_ARGUMENT, "attach_file: unknown argument '" + k
                  + "'; allowed: name, path, format");
            }
          }
          if (!(args.get("name") instanceof String name) || !(args.get("path") instanceof String p)
              || (args.get("format") != null && !(args.get("format") instanceof String))) {
            return ToolResult.error(INVALID_ARGUMENT, "attach_file: name and path are"
                + " required strings; format is parquet, csv or json");
          }
          try {
            RuntimeCatalogs.Attached a = rc.attach(Sessions.current(), name, p,
                (String) args.get("format"));
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("name", a.attachment().name());
            out.put("format", a.attachment().format().configName());
            out.put("files", a.attachment().files().size());
            out.put("columns", a.attachment().columns());
            out.put("replaced", a.replaced());
            if (a.evicted() != null) {
              out.put("evicted", a.evicted());
            }
            out.put("sourceName", LocalEngine.SOURCE_NAME);
            return ToolResult.success("Attached " + a.attachment().files().size() + " "
                + a.attachment().format().configName() + " file(s) as '" + a.attachment().name()
                + "' (" + String.join(", ", a.attachment().columns()) + ")"
                + (a.replaced() ? ", replacing the earlier one" : "")
                + (a.evicted() == null ? "" : "; evicted '" + a.evicted() + "' (cap "
                    + rc.settings().maxPerSession() + " per session)")
                + ". Query it with source 'local', e.g. SELECT * FROM " + a.attachment().name()
                + " LIMIT 10.", out);
          } catch (IllegalArgumentException | IllegalStateException e) {
            return ToolResult.error(INVALID_ARGUMENT, "attach_file: " + e.getMessage());
          }
        });
  }
}
