package dev.snowchat.schemaindex.internal.source;

import static java.util.Objects.requireNonNull;

import dev.snowchat.schemaindex.Catalog;
import dev.snowchat.schemaindex.CatalogSnapshot;
import dev.snowchat.schemaindex.CatalogSource;
import dev.snowchat.schemaindex.TableStamp;
import java.nio.file.Path;
import java.util.List;

/**
 * Reads a JSON catalog snapshot file (see {@link CatalogSnapshot}) on every load, so a file that CI
 * rewrites is picked up by polling. Stamps carry the snapshot's change time and a fingerprint of
 * each table's metadata.
 */
public final class SnapshotCatalogSource implements CatalogSource {
  private final Path file;

  /**
   * Creates a source.
   *
   * @param file the snapshot file
   */
  public SnapshotCatalogSource(Path file) {
    this.file = requireNonNull(file, "file is null");
  }

  @Override
  public String name() {
    return "snapshot";
  }

  @Override
  public Catalog load() {
    return CatalogSnapshot.read(file);
  }

  @Override
  public List<TableStamp> stampsOf(Catalog catalog) {
    return catalog.tables().stream()
        .map(t -> new TableStamp(t.id(), t.changedOn(), Fingerprints.of(t))).toList();
  }

  @Override
  public String toString() {
    return "SnapshotCatalogSource[" + file + "]";
  }
}
