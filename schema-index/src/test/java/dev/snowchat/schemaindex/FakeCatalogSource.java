package dev.snowchat.schemaindex;

import dev.snowchat.sqlgate.SnowchatException;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * A controllable catalog source: tables live in a map the test edits; failures are queued per
 * operation; every call is recorded.
 */
public final class FakeCatalogSource implements CatalogSource {
  private final Map<QualifiedName, TableInfo> tables = new TreeMap<>();
  private final Deque<RuntimeException> loadFailures = new ArrayDeque<>();
  private final Deque<RuntimeException> stampFailures = new ArrayDeque<>();
  private final List<Set<QualifiedName>> loadTablesCalls = new ArrayList<>();
  private int loads;
  private int stampReads;
  private boolean closed;

  /** Adds or replaces a table with one column, stamped at {@code changedOn}. */
  public FakeCatalogSource put(String name, Instant changedOn, String... columns) {
    QualifiedName id = QualifiedName.of("DB", "S", name);
    List<ColumnInfo> cols = new ArrayList<>();
    for (String c : columns) {
      cols.add(ColumnInfo.of(c, "NUMBER(38,0)"));
    }
    tables.put(id, TableInfo.builder(id).changedOn(changedOn).columns(cols).build());
    return this;
  }

  public FakeCatalogSource remove(String name) {
    tables.remove(QualifiedName.of("DB", "S", name));
    return this;
  }

  public void failNextLoads(RuntimeException e, int times) {
    for (int i = 0; i < times; i++) {
      loadFailures.add(e);
    }
  }

  public void failNextStamps(RuntimeException e, int times) {
    for (int i = 0; i < times; i++) {
      stampFailures.add(e);
    }
  }

  public int loads() {
    return loads;
  }

  public int stampReads() {
    return stampReads;
  }

  public List<Set<QualifiedName>> loadTablesCalls() {
    return List.copyOf(loadTablesCalls);
  }

  public boolean closed() {
    return closed;
  }

  public static SnowchatException transientFailure() {
    return new SnowchatException(IndexErrorCode.SOURCE_FAILED, "warehouse unreachable");
  }

  @Override
  public String name() {
    return "fake";
  }

  @Override
  public Catalog load() {
    loads++;
    RuntimeException e = loadFailures.poll();
    if (e != null) {
      throw e;
    }
    return Catalog.of(tables.values());
  }

  @Override
  public List<TableStamp> stamps() {
    stampReads++;
    RuntimeException e = stampFailures.poll();
    if (e != null) {
      throw e;
    }
    return tables.values().stream().map(t -> new TableStamp(t.id(), t.changedOn())).toList();
  }

  @Override
  public Catalog loadTables(Collection<QualifiedName> wanted) {
    loadTablesCalls.add(Set.copyOf(new HashSet<>(wanted)));
    return Catalog.of(tables.values().stream().filter(t -> wanted.contains(t.id())).toList());
  }

  @Override
  public void close() {
    closed = true;
  }
}
