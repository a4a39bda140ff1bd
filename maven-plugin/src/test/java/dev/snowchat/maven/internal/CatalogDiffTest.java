package dev.snowchat.maven.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.maven.internal.CatalogDiff.Change;
import dev.snowchat.maven.internal.CatalogDiff.Kind;
import dev.snowchat.schemaindex.Catalog;
import dev.snowchat.schemaindex.ColumnInfo;
import dev.snowchat.schemaindex.QualifiedName;
import dev.snowchat.schemaindex.TableInfo;
import dev.snowchat.schemaindex.TableKind;
import java.util.List;
import org.junit.jupiter.api.Test;

class CatalogDiffTest {
  static final QualifiedName LISTINGS = QualifiedName.of("AIRBNB", "RAW", "LISTINGS");
  static final QualifiedName HOSTS = QualifiedName.of("AIRBNB", "RAW", "HOSTS");
  static final QualifiedName REVIEWS = QualifiedName.of("AIRBNB", "RAW", "REVIEWS");

  static TableInfo table(QualifiedName id, ColumnInfo... columns) {
    return TableInfo.builder(id).columns(List.of(columns)).build();
  }

  @Test
  void compare_identical_isEmpty() {
    Catalog c = Catalog.of(List.of(table(LISTINGS, ColumnInfo.of("ID", "NUMBER(38,0)"))));
    CatalogDiff d = CatalogDiff.compare(c, c);
    assertThat(d.isEmpty()).isTrue();
    assertThat(DiffReport.summary(d)).startsWith("no changes");
  }

  @Test
  void compare_droppedColumn_isBreaking() {
    Catalog before = Catalog.of(List.of(table(LISTINGS, ColumnInfo.of("ID", "NUMBER(38,0)"),
        ColumnInfo.of("PRICE", "NUMBER(10,2)"))));
    Catalog after = Catalog.of(List.of(table(LISTINGS, ColumnInfo.of("ID", "NUMBER(38,0)"))));
    CatalogDiff d = CatalogDiff.compare(before, after);
    assertThat(d.changes()).singleElement().satisfies(c -> {
      assertThat(c.kind()).isEqualTo(Kind.COLUMN_DROPPED);
      assertThat(c.column()).isEqualTo("PRICE");
      assertThat(c.breaking()).isTrue();
      assertThat(c.describe()).isEqualTo("column PRICE dropped (was NUMBER(10,2))");
    });
  }

  @Test
  void compare_tablesAddedAndDropped_onlyDropIsBreaking() {
    Catalog before = Catalog.of(List.of(table(LISTINGS), table(HOSTS)));
    Catalog after = Catalog.of(List.of(table(LISTINGS), table(REVIEWS)));
    CatalogDiff d = CatalogDiff.compare(before, after);
    assertThat(d.changes()).extracting(Change::kind, Change::table, Change::breaking)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(Kind.TABLE_DROPPED, HOSTS, true),
            org.assertj.core.groups.Tuple.tuple(Kind.TABLE_ADDED, REVIEWS, false));
  }

  @Test
  void compare_typeChanges_classifiedByNarrowing() {
    Catalog before = Catalog.of(List.of(table(LISTINGS,
        ColumnInfo.of("NAME", "VARCHAR(100)"), ColumnInfo.of("ID", "NUMBER(38,0)"),
        ColumnInfo.of("CITY", "VARCHAR(10)"), ColumnInfo.of("NOTE", "VARCHAR(10)"))));
    Catalog after = Catalog.of(List.of(table(LISTINGS,
        ColumnInfo.of("NAME", "VARCHAR(50)"), ColumnInfo.of("ID", "NUMBER(10,0)"),
        ColumnInfo.of("CITY", "NUMBER(10,0)"), ColumnInfo.of("NOTE", "VARCHAR(200)"),
        new ColumnInfo("ADDED", "DATE", false, null))));
    CatalogDiff d = CatalogDiff.compare(before, after);
    assertThat(d.changes()).extracting(Change::column, Change::typeChange, Change::breaking)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("ADDED", null, false),
            org.assertj.core.groups.Tuple.tuple("CITY", SqlType.Change.FAMILY_CHANGED, true),
            org.assertj.core.groups.Tuple.tuple("ID", SqlType.Change.NARROWED, true),
            org.assertj.core.groups.Tuple.tuple("NAME", SqlType.Change.NARROWED, true),
            org.assertj.core.groups.Tuple.tuple("NOTE", SqlType.Change.WIDENED, false));
    assertThat(d.breaking()).hasSize(3);
    assertThat(d.changedTables()).isEqualTo(1);
    assertThat(d.changes().get(0).describe()).isEqualTo("column ADDED added: DATE NOT NULL");
    assertThat(d.changes().get(3).describe())
        .isEqualTo("column NAME type narrowed: VARCHAR(100) -> VARCHAR(50)");
  }

  @Test
  void compare_nullabilityAndKind_reportedNotBreaking() {
    Catalog before = Catalog.of(List.of(table(LISTINGS, ColumnInfo.of("ID", "INT"))));
    Catalog after = Catalog.of(List.of(TableInfo.builder(LISTINGS).kind(TableKind.VIEW)
        .columns(List.of(new ColumnInfo("ID", "INTEGER", false, null))).build()));
    CatalogDiff d = CatalogDiff.compare(before, after);
    assertThat(d.changes()).extracting(Change::kind).containsExactlyInAnyOrder(
        Kind.TABLE_KIND_CHANGED, Kind.COLUMN_NULLABILITY_CHANGED);
    assertThat(d.breaking()).isEmpty();
  }

  @Test
  void compare_columnNamesAreCaseSensitive() {
    Catalog before = Catalog.of(List.of(table(LISTINGS, ColumnInfo.of("id", "INT"))));
    Catalog after = Catalog.of(List.of(table(LISTINGS, ColumnInfo.of("ID", "INT"))));
    assertThat(CatalogDiff.compare(before, after).changes()).extracting(Change::kind)
        .containsExactly(Kind.COLUMN_ADDED, Kind.COLUMN_DROPPED);
  }
}
