package dev.snowchat.schemaindex.internal;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes a file whole or not at all: into a temporary file beside it, synced to disk, then renamed
 * over it (and the folder synced), so a crash or a full disk never leaves a partly written file at
 * the target: it holds the old content or the new. The snapshot and its vectors file are written
 * this way, with the same mode.
 */
public final class AtomicFiles {
  private static final Logger LOG = LoggerFactory.getLogger(AtomicFiles.class);

  private AtomicFiles() {}

  /** What goes into the file. */
  @FunctionalInterface
  public interface Body {
    /**
     * Writes the content.
     *
     * @param out the temporary file's stream (closed by the caller)
     * @throws IOException when writing fails
     */
    void write(OutputStream out) throws IOException;
  }

  /**
   * Writes a file atomically (where the file system can rename atomically), creating its folder.
   *
   * @param file the file
   * @param body what it holds
   * @throws IOException when it cannot be written; the file is then unchanged
   */
  public static void write(Path file, Body body) throws IOException {
    Path target = file.toAbsolutePath();
    Files.createDirectories(target.getParent());
    Path tmp = tempFile(target);
    try {
      try (FileChannel channel = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
        OutputStream out = Channels.newOutputStream(channel);
        body.write(out);
        out.flush();
        // on disk before the rename: else a crash right after it can leave the target empty
        channel.force(true);
      }
      try {
        Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE,
            StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
      }
      forceFolder(target.getParent());
    } finally {
      Files.deleteIfExists(tmp);
    }
  }

  /** Makes the rename durable where the platform can sync a folder (not on Windows). */
  private static void forceFolder(Path folder) {
    try (FileChannel channel = FileChannel.open(folder, StandardOpenOption.READ)) {
      channel.force(true);
    } catch (IOException | UnsupportedOperationException e) {
      // The file is complete either way; only the rename's durability is left to the OS.
      LOG.debug("Cannot sync folder {} after a rename; the OS decides when it is durable",
          folder, e);
    }
  }

  /**
   * A temporary file beside the target, readable as any file the user creates is: a snapshot is
   * meant to be committed and shared, and {@code createTempFile} alone would make it 0600 after
   * the rename. Asking for 0644 lets the umask decide, as for a plain new file.
   */
  private static Path tempFile(Path target) throws IOException {
    String prefix = target.getFileName() + ".";
    if (target.getFileSystem().supportedFileAttributeViews().contains("posix")) {
      return Files.createTempFile(target.getParent(), prefix, ".tmp",
          PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-r--r--")));
    }
    return Files.createTempFile(target.getParent(), prefix, ".tmp");
  }
}
