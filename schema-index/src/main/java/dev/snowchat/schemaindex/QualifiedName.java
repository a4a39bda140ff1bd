package dev.snowchat.schemaindex;

import static java.util.Objects.requireNonNull;

import java.util.Comparator;

/**
 * The three-part name of a table or view: database, schema and name, kept exactly as the source
 * reports them (Snowflake upper-cases unquoted names; other databases may not).
 *
 * @param database the database (catalog) name
 * @param schema the schema name
 * @param name the table or view name
 */
public record QualifiedName(String database, String schema, String name)
    implements Comparable<QualifiedName> {

  private static final Comparator<QualifiedName> ORDER =
      Comparator.comparing(QualifiedName::database)
          .thenComparing(QualifiedName::schema)
          .thenComparing(QualifiedName::name);

  /** Validates the parts: none may be null or blank. */
  public QualifiedName {
    requireNonNull(database, "database is null");
    requireNonNull(schema, "schema is null");
    requireNonNull(name, "name is null");
    if (database.isBlank() || schema.isBlank() || name.isBlank()) {
      throw new IllegalArgumentException(
          "database, schema and name must not be blank: '" + database + "." + schema + "."
              + name + "'");
    }
  }

  /**
   * Creates a name.
   *
   * @param database the database
   * @param schema the schema
   * @param name the table or view name
   * @return the qualified name
   */
  public static QualifiedName of(String database, String schema, String name) {
    return new QualifiedName(database, schema, name);
  }

  /** {@return {@code DATABASE.SCHEMA.NAME}, unquoted, for display and as a stable key} */
  @Override
  public String toString() {
    return database + "." + schema + "." + name;
  }

  @Override
  public int compareTo(QualifiedName other) {
    return ORDER.compare(this, other);
  }
}
