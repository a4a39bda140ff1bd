package dev.snowchat.schemaindex.internal.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.schemaindex.Catalog;
import dev.snowchat.schemaindex.CatalogSnapshot;
import dev.snowchat.schemaindex.FakeCatalogSource;
import dev.snowchat.schemaindex.FakeScheduler;
import dev.snowchat.schemaindex.IndexErrorCode;
import dev.snowchat.schemaindex.LoadState;
import dev.snowchat.schemaindex.QualifiedName;
import dev.snowchat.schemaindex.TableInfo;
import dev.snowchat.sqlgate.SnowchatException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class IndexLifecycleTest {
  private static final Instant T0 = Instant.parse("2025-01-01T00:00:00Z");
  private static final Instant T1 = Instant.parse("2025-02-01T00:00:00Z");
  private static final Duration POLL = Duration.ofMinutes(5);

  private final FakeScheduler scheduler = new FakeScheduler();
  private final FakeCatalogSource source = new FakeCatalogSource();
  private final RecordingDerived derived = new RecordingDerived();

  /** Counts builds and records every incremental update; the "index" is the catalog itself. */
  static final class RecordingDerived implements Derived<Catalog> {
    int builds;
    final List<Set<QualifiedName>> changed = new ArrayList<>();
    final List<Set<QualifiedName>> removed = new ArrayList<>();

    @Override
    public Catalog build(Catalog catalog) {
      builds++;
      return catalog;
    }

    @Override
    public Catalog update(Catalog current, Catalog newCatalog, Set<QualifiedName> changedOrAdded,
        Set<QualifiedName> gone) {
      changed.add(Set.copyOf(changedOrAdded));
      removed.add(Set.copyOf(gone));
      return newCatalog;
    }
  }

  private IndexLifecycle<Catalog> lifecycle(Duration poll, int maxRetries,
      @Nullable Path snapshot) {
    return new IndexLifecycle<>(source, derived, new IndexLifecycle.Config(poll,
        Duration.ofSeconds(10), Duration.ofSeconds(120), maxRetries, snapshot), scheduler,
        false, scheduler.clock());
  }

  private IndexLifecycle<Catalog> lifecycle() {
    return lifecycle(POLL, Integer.MAX_VALUE, null);
  }

  private void tables(int n) {
    for (int i = 0; i < n; i++) {
      source.put(String.format("T%02d", i), T0, "ID");
    }
  }

  private static QualifiedName id(String name) {
    return QualifiedName.of("DB", "S", name);
  }

  @Test
  void start_returnsAtOnceWithoutReadingTheSource() {
    tables(3);
    IndexLifecycle<Catalog> lc = lifecycle();

    lc.start();

    assertThat(lc.state()).isInstanceOf(LoadState.Loading.class);
    assertThat(source.loads()).isZero();
    assertThat(lc.served()).isNull();
    scheduler.runDue();
    assertThat(lc.state()).isEqualTo(
        new LoadState.Ready(3, scheduler.now(), scheduler.now(), "fake"));
    assertThat(lc.served().catalog().size()).isEqualTo(3);
  }

  @Test
  void start_twice_loadsOnce() {
    tables(1);
    IndexLifecycle<Catalog> lc = lifecycle();
    lc.start();
    lc.start();

    scheduler.runDue();

    assertThat(source.loads()).isEqualTo(1);
  }

  @Test
  void load_transientFailures_backOff10_20_40_80_120_120Seconds() {
    tables(2);
    source.failNextLoads(FakeCatalogSource.transientFailure(), 6);
    IndexLifecycle<Catalog> lc = lifecycle();
    lc.start();

    List<Long> delays = new ArrayList<>();
    scheduler.runDue();
    for (int i = 1; i <= 6; i++) {
      LoadState.Failed failed = (LoadState.Failed) lc.state();
      assertThat(failed.attempt()).isEqualTo(i);
      assertThat(failed.permanent()).isFalse();
      assertThat(failed.code()).isEqualTo(IndexErrorCode.SOURCE_FAILED);
      assertThat(failed.error()).contains("warehouse unreachable");
      Duration delay = scheduler.nextDelay().orElseThrow();
      assertThat(failed.nextRetryAt()).isEqualTo(scheduler.now().plus(delay));
      delays.add(delay.toSeconds());
      scheduler.runNext();
    }

    assertThat(delays).containsExactly(10L, 20L, 40L, 80L, 120L, 120L);
    assertThat(lc.state()).isInstanceOf(LoadState.Ready.class);
    assertThat(source.loads()).isEqualTo(7);
  }

  @ParameterizedTest
  @EnumSource(value = IndexErrorCode.class,
      names = {"AUTHENTICATION_FAILED", "ACCOUNT_NOT_FOUND", "IP_NOT_ALLOWED", "CONFIGURATION"})
  void load_permanentFailure_isNotRetried(IndexErrorCode code) {
    tables(1);
    source.failNextLoads(new SnowchatException(code, "refused (error 390100)"), 1);
    IndexLifecycle<Catalog> lc = lifecycle();
    lc.start();

    scheduler.runDue();
    scheduler.advance(Duration.ofHours(1));

    assertThat(lc.state()).isEqualTo(
        new LoadState.Failed("refused (error 390100)", code, true, 1, null));
    assertThat(scheduler.pending()).isZero();
    assertThat(source.loads()).isEqualTo(1);
  }

  @Test
  void load_retriesExhausted_failsWithoutNextRetry() {
    tables(1);
    source.failNextLoads(FakeCatalogSource.transientFailure(), 10);
    IndexLifecycle<Catalog> lc = lifecycle(POLL, 2, null);
    lc.start();

    scheduler.runDue();
    scheduler.advance(Duration.ofHours(1));

    assertThat(source.loads()).isEqualTo(3); // first attempt + 2 retries
    assertThat(lc.state()).isInstanceOfSatisfying(LoadState.Failed.class, f -> {
      assertThat(f.permanent()).isFalse();
      assertThat(f.nextRetryAt()).isNull();
      assertThat(f.attempt()).isEqualTo(3);
    });
  }

  @Test
  void poll_unchangedStamps_doesNotCallLoadTables() {
    tables(20);
    IndexLifecycle<Catalog> lc = lifecycle();
    lc.start();
    scheduler.runDue();

    scheduler.advance(POLL);
    scheduler.advance(POLL);

    assertThat(source.stampReads()).isEqualTo(2);
    assertThat(source.loadTablesCalls()).isEmpty();
    assertThat(derived.changed).isEmpty();
    assertThat(derived.builds).isEqualTo(1);
    assertThat(lc.state()).isInstanceOfSatisfying(LoadState.Ready.class,
        r -> assertThat(r.checkedAt()).isEqualTo(scheduler.now()));
  }

  @Test
  void poll_fiveChangedTables_loadsExactlyThoseAndUpdatesInPlace() {
    tables(20);
    IndexLifecycle<Catalog> lc = lifecycle();
    lc.start();
    scheduler.runDue();
    Set<QualifiedName> five = IntStream.of(1, 3, 5, 7, 9)
        .mapToObj(i -> id(String.format("T%02d", i))).collect(Collectors.toSet());
    five.forEach(t -> source.put(t.name(), T1, "ID", "NEW_COLUMN"));

    scheduler.advance(POLL);

    assertThat(source.loadTablesCalls()).containsExactly(five);
    assertThat(source.loads()).isEqualTo(1);
    assertThat(derived.builds).isEqualTo(1);
    assertThat(derived.changed).containsExactly(five);
    assertThat(derived.removed).containsExactly(Set.of());
    Catalog served = lc.served().catalog();
    assertThat(served.size()).isEqualTo(20);
    assertThat(served.table(id("T03")).orElseThrow().columns()).hasSize(2);
    assertThat(served.table(id("T04")).orElseThrow().columns()).hasSize(1);
  }

  @Test
  void poll_addedAndDroppedTables_areAddedAndRemoved() {
    tables(3);
    IndexLifecycle<Catalog> lc = lifecycle();
    lc.start();
    scheduler.runDue();
    source.remove("T01").put("NEW", T1, "ID");

    scheduler.advance(POLL);

    assertThat(source.loadTablesCalls()).containsExactly(Set.of(id("NEW")));
    assertThat(derived.changed).containsExactly(Set.of(id("NEW")));
    assertThat(derived.removed).containsExactly(Set.of(id("T01")));
    assertThat(lc.served().catalog().tables()).extracting(TableInfo::id)
        .containsExactly(id("NEW"), id("T00"), id("T02"));
  }

  @Test
  void poll_failure_keepsLastGoodIndexDegradedThenRecovers() {
    tables(4);
    IndexLifecycle<Catalog> lc = lifecycle();
    lc.start();
    scheduler.runDue();
    Catalog before = lc.served().catalog();
    source.failNextStamps(FakeCatalogSource.transientFailure(), 2);

    scheduler.advance(POLL);

    assertThat(lc.served().catalog()).isSameAs(before);
    assertThat(lc.state()).isInstanceOfSatisfying(LoadState.Degraded.class, d -> {
      assertThat(d.tables()).isEqualTo(4);
      assertThat(d.attempt()).isEqualTo(1);
      assertThat(d.permanent()).isFalse();
      assertThat(d.nextRetryAt()).isEqualTo(scheduler.now().plusSeconds(10));
    });
    scheduler.runNext();
    assertThat(((LoadState.Degraded) lc.state()).attempt()).isEqualTo(2);
    assertThat(scheduler.nextDelay()).contains(Duration.ofSeconds(20));
    scheduler.runNext();
    assertThat(lc.state()).isInstanceOf(LoadState.Ready.class);
    assertThat(scheduler.nextDelay()).contains(POLL);
  }

  @Test
  void poll_permanentFailure_keepsIndexAndStopsPolling() {
    tables(2);
    IndexLifecycle<Catalog> lc = lifecycle();
    lc.start();
    scheduler.runDue();
    source.failNextStamps(new SnowchatException(IndexErrorCode.AUTHENTICATION_FAILED,
        "bad key"), 1);

    scheduler.advance(POLL);

    assertThat(lc.state()).isInstanceOfSatisfying(LoadState.Degraded.class,
        d -> assertThat(d.permanent()).isTrue());
    assertThat(lc.served()).isNotNull();
    assertThat(scheduler.pending()).isZero();
  }

  @Test
  void snapshot_servedAtOnceThenRefreshedIncrementally(@TempDir Path dir) {
    tables(10);
    Path file = dir.resolve("catalog.json");
    CatalogSnapshot.write(source.load(), file);
    source.put("T02", T1, "ID", "ADDED");
    IndexLifecycle<Catalog> lc = lifecycle(Duration.ZERO, Integer.MAX_VALUE, file);
    lc.start();

    scheduler.runDue();

    assertThat(source.loads()).isEqualTo(1); // only the write above: the snapshot was served
    assertThat(source.loadTablesCalls()).containsExactly(Set.of(id("T02")));
    assertThat(derived.builds).isEqualTo(1);
    assertThat(lc.state()).isInstanceOfSatisfying(LoadState.Ready.class,
        r -> assertThat(r.origin()).isEqualTo("fake"));
    assertThat(lc.served().catalog().table(id("T02")).orElseThrow().columns()).hasSize(2);
    assertThat(scheduler.pending()).isZero(); // polling disabled
  }

  @Test
  void snapshot_sourceDown_servesSnapshotDegraded(@TempDir Path dir) {
    tables(3);
    Path file = dir.resolve("catalog.json");
    CatalogSnapshot.write(source.load(), file);
    source.failNextStamps(FakeCatalogSource.transientFailure(), 1);
    IndexLifecycle<Catalog> lc = lifecycle(POLL, Integer.MAX_VALUE, file);
    lc.start();

    scheduler.runDue();

    assertThat(lc.state()).isInstanceOfSatisfying(LoadState.Degraded.class,
        d -> assertThat(d.tables()).isEqualTo(3));
    assertThat(lc.served()).isNotNull();
    scheduler.runNext();
    assertThat(lc.state()).isInstanceOfSatisfying(LoadState.Ready.class,
        r -> assertThat(r.origin()).isEqualTo("fake"));
  }

  @Test
  void refreshNow_pollsAtOnceAndCompletesWithTheState() {
    tables(2);
    IndexLifecycle<Catalog> lc = lifecycle();
    lc.start();
    scheduler.runDue();
    source.put("T00", T1, "ID", "X");

    CompletableFuture<LoadState> f = lc.refreshNow();
    assertThat(f).isNotDone();
    scheduler.runDue();

    assertThat(f).isCompletedWithValueMatching(s -> s instanceof LoadState.Ready);
    assertThat(source.loadTablesCalls()).containsExactly(Set.of(id("T00")));
    assertThat(scheduler.nextDelay()).contains(POLL);
  }

  @Test
  void close_cancelsPollingAndClosesTheSource() {
    tables(1);
    IndexLifecycle<Catalog> lc = lifecycle();
    lc.start();
    scheduler.runDue();

    lc.close();
    scheduler.advance(POLL);

    assertThat(source.closed()).isTrue();
    assertThat(source.stampReads()).isZero();
    assertThat(lc.served()).isNull();
  }

  @Test
  void backoff_isCappedExponential() {
    IndexLifecycle<Catalog> lc = lifecycle();
    assertThat(IntStream.rangeClosed(1, 8).mapToObj(lc::backoff).map(Duration::toSeconds))
        .containsExactly(10L, 20L, 40L, 80L, 120L, 120L, 120L, 120L);
  }

  @Test
  void stamps_sameStampsInAnyOrder_areEqual() {
    var a = new dev.snowchat.schemaindex.TableStamp(id("A"), T0);
    var b = new dev.snowchat.schemaindex.TableStamp(id("B"), null);
    StampDiff stamps = StampDiff.of(List.of(a, b));
    assertThat(stamps.compare(List.of(b, a)).isEmpty()).isTrue();
    assertThat(stamps.size()).isEqualTo(2);
  }
}
