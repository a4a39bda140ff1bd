package dev.snowchat.mcp.internal.sources;

import java.util.Locale;
import java.util.Optional;

/** The formats of file sources and attached files, each read by its DuckDB reader. */
public enum FileFormat {
  /** Apache Parquet ({@code read_parquet}). */
  PARQUET("read_parquet"),
  /** CSV or TSV, dialect sniffed ({@code read_csv}). */
  CSV("read_csv"),
  /** JSON: an array, newline-delimited or records ({@code read_json}). */
  JSON("read_json");

  private final String reader;

  FileFormat(String reader) {
    this.reader = reader;
  }

  /** {@return the DuckDB table function that reads this format} */
  public String reader() {
    return reader;
  }

  /** {@return the name used in configuration: parquet, csv or json} */
  public String configName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * Parses a configured format name.
   *
   * @param name parquet, csv or json (any case)
   * @return the format
   * @throws IllegalArgumentException naming the allowed values
   */
  public static FileFormat parse(String name) {
    for (FileFormat f : values()) {
      if (f.configName().equalsIgnoreCase(name.strip())) {
        return f;
      }
    }
    throw new IllegalArgumentException("unknown format '" + name + "'; expected parquet, csv or"
        + " json");
  }

  /**
   * Tells the format from a file name's extension ({@code .parquet}, {@code .csv}, {@code .tsv},
   * {@code .json}, {@code .jsonl}, {@code .ndjson}, each optionally {@code .gz} or {@code .zst}).
   *
   * @param fileName the file name or glob
   * @return the format, or empty when the extension says nothing
   */
  public static Optional<FileFormat> ofFileName(String fileName) {
    String n = fileName.toLowerCase(Locale.ROOT).replaceFirst("\\.(gz|zst)$", "");
    if (n.endsWith(".parquet") || n.endsWith(".pq")) {
      return Optional.of(PARQUET);
    }
    if (n.endsWith(".csv") || n.endsWith(".tsv")) {
      return Optional.of(CSV);
    }
    if (n.endsWith(".json") || n.endsWith(".jsonl") || n.endsWith(".ndjson")) {
      return Optional.of(JSON);
    }
    return Optional.empty();
  }
}
