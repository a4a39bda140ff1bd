package dev.snowchat.schemaindex.internal.search;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.TermToBytesRefAttribute;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.IndexOptions;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.IndexableField;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.CollectionStatistics;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.TermStatistics;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.FixedBitSet;
import org.jspecify.annotations.Nullable;

/**
 * The BM25 statistics of documents that an update deleted but that are still in the index (a
 * deleted document stays in its segment, and in that segment's term statistics, until a merge
 * drops it). Searchers subtract them, so that an updated index scores exactly as a fresh build of
 * the same catalog, without merging the whole index after updates.
 *
 * <p>Before an update deletes a document it hands the old document to {@link #deleting}, which
 * analyzes it as the index writer did and keeps its contribution under its key and version
 * (documents written by updates store a version, {@link #VERSION}; the build's have none, version
 * 0). On each new reader, {@link #open} finds the deleted documents each segment holds (by their
 * live docs, reading the key and version of those not seen before) and the segments merged away,
 * and adjusts the totals. Each searcher reads the totals as of its own reader, also while a later
 * update changes them.
 *
 * <p>{@link #deleting} and {@link #open} are called by one updating thread at a time; {@link
 * Searcher} is used by any number of searching threads.
 */
final class DeletedStats {
  /** Stored on documents written by updates: the version that identifies a deleted copy. */
  static final String VERSION = "ver";

  /** A total kept per field ({@code term == null}) and per term; its hash is computed once. */
  static final class Key {
    final String field;
    final @Nullable BytesRef term;
    private final int hash;

    Key(String field, @Nullable BytesRef term) {
      this.field = field;
      this.term = term;
      this.hash = 31 * field.hashCode() + (term == null ? 0 : term.hashCode());
    }

    @Override
    public boolean equals(Object o) {
      return o == this || o instanceof Key k && hash == k.hash && field.equals(k.field)
          && Objects.equals(term, k.term);
    }

    @Override
    public int hashCode() {
      return hash;
    }
  }

  /**
   * What deleted documents add to a statistic: for a term its document frequency and total term
   * frequency; for a field ({@code term == null}) its document count, sum of total term
   * frequencies and sum of document frequencies.
   */
  record Stat(long a, long b, long c) {
    static final Stat ZERO = new Stat(0, 0, 0);

    boolean isZero() {
      return a == 0 && b == 0 && c == 0;
    }
  }

  /** Identifies one written version of a table or database document. */
  record Version(String key, boolean database, long version) {}

  /**
   * The contribution of one deleted document (parallel arrays: a statistic's key and the three
   * amounts) and how many segments still hold a copy.
   */
  private static final class Entry {
    final Version version;
    final Key[] keys;
    final long[] amounts;
    int copies;

    Entry(Version version, Key[] keys, long[] amounts) {
      this.version = version;
      this.keys = keys;
      this.amounts = amounts;
    }

    void addTo(Map<Key, long[]> delta, int sign) {
      for (int i = 0; i < keys.length; i++) {
        long[] d = delta.computeIfAbsent(keys[i], k -> new long[3]);
        d[0] += sign * amounts[3 * i];
        d[1] += sign * amounts[3 * i + 1];
        d[2] += sign * amounts[3 * i + 2];
      }
    }
  }

  /** The deleted documents of one segment that are already counted. */
  private static final class Segment {
    final FixedBitSet seen;
    final List<Entry> entries = new ArrayList<>();
    int count;

    Segment(int maxDoc) {
      seen = new FixedBitSet(maxDoc);
    }
  }

  /**
   * The totals as of one reader. A later generation records, in {@code undo}, the values it
   * replaced, so that an older view still reads its own.
   */
  static final class View {
    private final ConcurrentHashMap<Key, Stat> totals;
    private volatile @Nullable Step step;

    View(ConcurrentHashMap<Key, Stat> totals) {
      this.totals = totals;
    }

    Stat get(Key k) {
      // Read the current value first: a later generation publishes its undo values before it
      // changes the totals, so any change made before this read is found in a step below.
      Stat value = totals.get(k);
      for (Step s = step; s != null; s = s.next.step) {
        Stat old = s.undo.get(k);
        if (old != null) {
          return old;
        }
      }
      return value == null ? Stat.ZERO : value;
    }
  }

  /** The change from one view to the next: the replaced values (ZERO for absent ones). */
  private record Step(Map<Key, Stat> undo, View next) {}

  private final Analyzer analyzer;
  private final ConcurrentHashMap<Key, Stat> totals = new ConcurrentHashMap<>();
  private final Map<Version, Entry> entries = new HashMap<>();
  /** Entries recorded since the last reader; dropped then unless a segment holds their copy. */
  private final List<Entry> recorded = new ArrayList<>();
  private final Map<Object, Segment> segments = new HashMap<>();
  /**
   * One instance per key, so that the maps compare keys by identity (an optimization only: a
   * key created after a clear may have an equal twin, which the maps still find by value).
   */
  private final Map<Key, Key> canonical = new HashMap<>();
  private View current = new View(totals);
  private boolean unknown;

  DeletedStats(Analyzer analyzer) {
    this.analyzer = analyzer;
  }

  /**
   * Records the contribution of a document about to be deleted.
   *
   * @param version the key and version it was written with
   * @param document the document as it was written (vectors and stored-only fields are ignored)
   */
  void deleting(Version version, Document document) throws IOException {
    if (!entries.containsKey(version)) {
      Entry e = contribution(version, document);
      entries.put(version, e);
      recorded.add(e);
    }
  }

  /** {@return whether a reader held a deleted document of unknown content since the last call} */
  boolean takeUnknown() {
    boolean u = unknown;
    unknown = false;
    return u;
  }

  /**
   * Accounts for the deleted documents of a new reader.
   *
   * @param reader the reader
   * @return the view of the totals for that reader
   */
  View open(IndexReader reader) throws IOException {
    int expected = 16;
    for (Entry e : recorded) {
      expected += e.keys.length;
    }
    Map<Key, long[]> delta = HashMap.newHashMap(expected);
    Set<Object> present = new HashSet<>();
    for (LeafReaderContext ctx : reader.leaves()) {
      LeafReader leaf = ctx.reader();
      int deleted = leaf.numDeletedDocs();
      if (deleted == 0) {
        continue;
      }
      Object core = leaf.getCoreCacheHelper().getKey();
      present.add(core);
      Segment segment = segments.computeIfAbsent(core, k -> new Segment(leaf.maxDoc()));
      if (segment.count == deleted) {
        continue;
      }
      // the deleted documents not seen yet: not live, not seen (word-wise over the bit sets)
      FixedBitSet fresh = new FixedBitSet(leaf.maxDoc());
      fresh.set(0, leaf.maxDoc());
      leaf.getLiveDocs().applyMask(fresh, 0);
      fresh.flip(0, leaf.maxDoc());
      fresh.andNot(segment.seen);
      segment.seen.or(fresh);
      StoredFields stored = leaf.storedFields();
      for (int d = fresh.nextSetBit(0); d != DocIdSetIterator.NO_MORE_DOCS;
          d = d + 1 < leaf.maxDoc() ? fresh.nextSetBit(d + 1) : DocIdSetIterator.NO_MORE_DOCS) {
        segment.count++;
        Entry e = entries.get(version(stored.document(d)));
        if (e == null) {
          unknown = true;
          continue;
        }
        e.copies++;
        segment.entries.add(e);
        e.addTo(delta, 1);
      }
    }
    for (Iterator<Map.Entry<Object, Segment>> it = segments.entrySet().iterator();
        it.hasNext(); ) {
      Map.Entry<Object, Segment> s = it.next();
      if (!present.contains(s.getKey())) {
        for (Entry e : s.getValue().entries) {
          e.addTo(delta, -1);
          if (--e.copies == 0) {
            entries.remove(e.version);
          }
        }
        it.remove();
      }
    }
    for (Entry e : recorded) {
      if (e.copies == 0) {
        entries.remove(e.version);
      }
    }
    recorded.clear();
    return publish(delta);
  }

  /** Applies a change of the totals as a new generation. */
  private View publish(Map<Key, long[]> delta) {
    List<Key> keys = new ArrayList<>(delta.size());
    List<Stat> values = new ArrayList<>(delta.size());
    Map<Key, Stat> undo = HashMap.newHashMap(delta.size());
    for (Map.Entry<Key, long[]> d : delta.entrySet()) {
      long[] v = d.getValue();
      if (v[0] != 0 || v[1] != 0 || v[2] != 0) {
        Stat old = totals.getOrDefault(d.getKey(), Stat.ZERO);
        undo.put(d.getKey(), old);
        keys.add(d.getKey());
        values.add(new Stat(old.a() + v[0], old.b() + v[1], old.c() + v[2]));
      }
    }
    if (keys.isEmpty()) {
      return current;
    }
    View next = new View(totals);
    current.step = new Step(undo, next);
    // only this thread writes the totals
    for (int i = 0; i < keys.size(); i++) {
      if (values.get(i).isZero()) {
        totals.remove(keys.get(i));
      } else {
        totals.put(keys.get(i), values.get(i));
      }
    }
    current = next;
    return next;
  }

  private static Version version(Document stored) {
    IndexableField v = stored.getField(VERSION);
    long version = v == null ? 0 : v.numericValue().longValue();
    String key = stored.get(Fields.KEY);
    return key != null ? new Version(key, false, version)
        : new Version(String.valueOf(stored.get(Fields.D_KEY)), true, version);
  }

  private Key canonical(Key k) {
    if (canonical.size() > 4 * totals.size() + 65_536) {
      canonical.clear();
      totals.keySet().forEach(t -> canonical.put(t, t));
    }
    Key c = canonical.putIfAbsent(k, k);
    return c == null ? k : c;
  }

  /** The statistics one document adds, computed as the index writer's inverting does. */
  private Entry contribution(Version version, Document document) throws IOException {
    Map<String, Map<BytesRef, int[]>> freqs = new HashMap<>();
    Map<String, int[]> tokens = new HashMap<>();
    Set<String> docsOnly = new HashSet<>();
    for (IndexableField f : document) {
      IndexOptions options = f.fieldType().indexOptions();
      if (options == IndexOptions.NONE) {
        continue;
      }
      if (options == IndexOptions.DOCS) {
        docsOnly.add(f.name());
      }
      Map<BytesRef, int[]> terms = freqs.computeIfAbsent(f.name(), n -> new HashMap<>());
      int[] count = tokens.computeIfAbsent(f.name(), n -> new int[1]);
      try (TokenStream ts = f.tokenStream(analyzer, null)) {
        TermToBytesRefAttribute term = ts.addAttribute(TermToBytesRefAttribute.class);
        ts.reset();
        while (ts.incrementToken()) {
          BytesRef b = term.getBytesRef();
          int[] freq = terms.get(b);
          if (freq == null) {
            terms.put(BytesRef.deepCopyOf(b), new int[] {1});
          } else {
            freq[0]++;
          }
          count[0]++;
        }
        ts.end();
      }
    }
    int n = 0;
    for (Map<BytesRef, int[]> terms : freqs.values()) {
      n += terms.isEmpty() ? 0 : terms.size() + 1;
    }
    Key[] keys = new Key[n];
    long[] amounts = new long[3 * n];
    int i = 0;
    for (Map.Entry<String, Map<BytesRef, int[]>> f : freqs.entrySet()) {
      Map<BytesRef, int[]> terms = f.getValue();
      if (terms.isEmpty()) {
        continue;
      }
      boolean docs = docsOnly.contains(f.getKey());
      for (Map.Entry<BytesRef, int[]> t : terms.entrySet()) {
        keys[i] = canonical(new Key(f.getKey(), t.getKey()));
        amounts[3 * i] = 1;
        amounts[3 * i + 1] = docs ? 1 : t.getValue()[0];
        i++;
      }
      keys[i] = canonical(new Key(f.getKey(), null));
      amounts[3 * i] = 1;
      amounts[3 * i + 1] = docs ? terms.size() : tokens.get(f.getKey())[0];
      amounts[3 * i + 2] = terms.size();
      i++;
    }
    return new Entry(version, keys, amounts);
  }

  /**
   * {@return the number of live documents holding a term, as in a fresh build}
   *
   * @param searcher a searcher of the engine
   * @param term the term
   */
  static int docFreq(IndexSearcher searcher, Term term) throws IOException {
    return searcher instanceof Searcher s ? s.liveDocFreq(term)
        : searcher.getIndexReader().docFreq(term);
  }

  /** A searcher whose BM25 statistics leave out the deleted documents of its reader. */
  static final class Searcher extends IndexSearcher {
    private final View view;

    Searcher(IndexReader reader, View view) {
      super(reader);
      this.view = view;
    }

    @Override
    public CollectionStatistics collectionStatistics(String field) throws IOException {
      CollectionStatistics raw = super.collectionStatistics(field);
      if (raw == null || !getIndexReader().hasDeletions()) {
        return raw;
      }
      Stat d = view.get(new Key(field, null));
      long maxDoc = getIndexReader().numDocs();
      long docCount = raw.docCount() - d.a();
      long sumTotal = raw.sumTotalTermFreq() - d.b();
      long sumDocFreq = raw.sumDocFreq() - d.c();
      if (maxDoc <= 0 || docCount <= 0 || docCount > maxDoc || sumDocFreq < docCount
          || sumTotal < sumDocFreq) {
        // no live document has the field (or the totals are off): leave the statistics as
        // they are; nothing live matches a term of the field then
        return raw;
      }
      return new CollectionStatistics(field, maxDoc, docCount, sumTotal, sumDocFreq);
    }

    @Override
    public TermStatistics termStatistics(Term term, int docFreq, long totalTermFreq)
        throws IOException {
      if (!getIndexReader().hasDeletions()) {
        return super.termStatistics(term, docFreq, totalTermFreq);
      }
      Stat d = view.get(new Key(term.field(), term.bytes()));
      long df = docFreq - d.a();
      long ttf = totalTermFreq - d.b();
      if (df <= 0 || ttf < df) {
        // only deleted documents hold the term: nothing live matches it
        return super.termStatistics(term, docFreq, totalTermFreq);
      }
      return new TermStatistics(term.bytes(), df, ttf);
    }

    /** {@return the number of live documents holding a term} */
    private int liveDocFreq(Term term) throws IOException {
      int raw = getIndexReader().docFreq(term);
      if (raw == 0 || !getIndexReader().hasDeletions()) {
        return raw;
      }
      return (int) Math.max(0, raw - view.get(new Key(term.field(), term.bytes())).a());
    }
  }
}
