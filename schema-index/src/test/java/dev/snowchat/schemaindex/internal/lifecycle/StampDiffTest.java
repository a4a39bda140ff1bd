package dev.snowchat.schemaindex.internal.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.schemaindex.QualifiedName;
import dev.snowchat.schemaindex.TableStamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * {@link StampDiff} in one pass gives what comparing the reads as maps gives: the same read means
 * no change; otherwise tables not served are added, served ones with a new stamp changed, served
 * ones no longer listed removed, and a table that could not be read is asked for again with the
 * next change.
 */
class StampDiffTest {

  @TestFactory
  Stream<DynamicTest> compare_equalsTheMapDiff_onRandomReads() {
    return IntStream.range(0, 40).mapToObj(seed -> DynamicTest.dynamicTest("seed " + seed, () -> {
      SplittableRandom random = new SplittableRandom(seed);
      Map<QualifiedName, TableStamp> current = new HashMap<>();
      for (int i = 0; i < 30; i++) {
        TableStamp s = stamp(random.nextInt(40), random.nextInt(3));
        current.put(s.table(), s);
      }
      StampDiff diff = StampDiff.of(new ArrayList<>(current.values()));
      // the reference: the last read as a map, the tables not served (unreadable)
      Map<QualifiedName, TableStamp> lastRead = new HashMap<>(current);
      Set<QualifiedName> unserved = new HashSet<>();
      for (int round = 0; round < 60; round++) {
        // often only stamps change (the tables listed stay): the read is walked beside the last
        int edits = random.nextInt(4);
        boolean keepTables = random.nextBoolean();
        for (int e = 0; e < edits; e++) {
          TableStamp s = stamp(random.nextInt(40), random.nextInt(3));
          if (keepTables) {
            current.replace(s.table(), s);
          } else if (random.nextInt(4) == 0) {
            current.remove(s.table());
          } else {
            current.put(s.table(), s);
          }
        }
        List<TableStamp> read = new ArrayList<>(current.values());
        if (random.nextInt(3) == 0) {
          Collections.shuffle(read, new java.util.Random(random.nextLong()));
        } else {
          read.sort(java.util.Comparator.comparing(TableStamp::table)); // a source's usual order
        }
        if (!read.isEmpty() && random.nextInt(8) == 0) {
          read.add(read.get(random.nextInt(read.size()))); // a table listed twice
        }
        StampDiff.Diff got = diff.compare(read);
        if (lastRead.equals(current)) {
          assertThat(got.isEmpty()).as("round %d", round).isTrue();
          continue;
        }
        Set<QualifiedName> added = new TreeSet<>();
        Set<QualifiedName> changed = new TreeSet<>();
        Set<QualifiedName> removed = new TreeSet<>();
        current.forEach((id, s) -> {
          if (!lastRead.containsKey(id) || unserved.contains(id)) {
            added.add(id);
          } else if (!lastRead.get(id).equals(s)) {
            changed.add(id);
          }
        });
        lastRead.keySet().forEach(id -> {
          if (!current.containsKey(id) && !unserved.contains(id)) {
            removed.add(id);
          }
        });
        assertThat(got.isEmpty()).isFalse();
        assertThat(got.added()).as("round %d", round).isEqualTo(added);
        assertThat(got.changed()).as("round %d", round).isEqualTo(changed);
        assertThat(got.removed()).as("round %d", round).isEqualTo(removed);
        // some tables to read cannot be read
        Set<QualifiedName> unreadable = new HashSet<>();
        for (QualifiedName id : added) {
          if (random.nextInt(4) == 0) {
            unreadable.add(id);
          }
        }
        diff.record(got, unreadable);
        lastRead.clear();
        lastRead.putAll(current);
        unserved.clear();
        unserved.addAll(unreadable);
        assertThat(diff.asMap()).isEqualTo(lastRead);
      }
    }));
  }

  @Test
  void compare_aTableThatCouldNotBeRead_isNotAskedForAgainUntilSomethingChanges() {
    TableStamp a = stamp(1, 0);
    TableStamp b = stamp(2, 0);
    StampDiff diff = StampDiff.of(List.of(a));
    StampDiff.Diff first = diff.compare(List.of(a, b));
    assertThat(first.added()).containsExactly(b.table());
    diff.record(first, Set.of(b.table()));
    assertThat(diff.compare(List.of(b, a)).isEmpty()).isTrue();
    TableStamp a2 = stamp(1, 1);
    StampDiff.Diff next = diff.compare(List.of(a2, b));
    assertThat(next.changed()).containsExactly(a.table());
    assertThat(next.added()).containsExactly(b.table());
  }

  private static TableStamp stamp(int table, int version) {
    return new TableStamp(new QualifiedName("DB", "S", "T" + table),
        Instant.ofEpochSecond(version), version == 2 ? "fp" : null);
  }
}
