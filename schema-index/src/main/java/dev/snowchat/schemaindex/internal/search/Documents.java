package dev.snowchat.schemaindex.internal.search;

import static dev.snowchat.schemaindex.internal.search.Fields.lower;

import dev.snowchat.schemaindex.ColumnInfo;
import dev.snowchat.schemaindex.GlossaryEntry;
import dev.snowchat.schemaindex.QualifiedName;
import dev.snowchat.schemaindex.TableInfo;
import java.util.List;
import java.util.Map;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.KnnFloatVectorField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.VectorSimilarityFunction;
import org.jspecify.annotations.Nullable;

/**
 * What the index holds of a table and of a database: their Lucene documents ({@link Fields}) and
 * the texts their vectors are computed from. Immutable.
 *
 * @param glossary the glossary, whose entries add words to the tables they target
 * @param termCap how often a word counts at most in a database's document
 */
record Documents(GlossaryMatcher glossary, int termCap) {
  /** {@return a table's document; the vector is left out when null or zero} */
  Document table(TableInfo t, float @Nullable [] vector) {
    Document d = new Document();
    QualifiedName id = t.id();
    d.add(new StringField(Fields.KEY, Fields.key(id), Field.Store.YES));
    d.add(new StringField(Fields.DB, lower(id.database()), Field.Store.NO));
    d.add(new StringField(Fields.SCHEMA, lower(id.schema()), Field.Store.NO));
    d.add(new StringField(Fields.KIND, t.kind().configName(), Field.Store.NO));
    d.add(new StringField(Fields.NAMEX, lower(id.name()), Field.Store.NO));
    String nameWords = String.join(" ", Words.name(id.name()));
    d.add(new TextField(Fields.NAME, nameWords, Field.Store.NO));
    List<String> dbWords = Words.name(id.database());
    if (!id.schema().equalsIgnoreCase("PUBLIC")) {
      dbWords.addAll(Words.name(id.schema()));
    }
    d.add(new TextField(Fields.DBNAME, String.join(" ", dbWords), Field.Store.NO));
    StringBuilder cols = new StringBuilder();
    StringBuilder text = new StringBuilder();
    if (t.comment() != null) {
      text.append(String.join(" ", Words.of(t.comment()))).append(' ');
    }
    for (ColumnInfo c : t.columns()) {
      d.add(new StringField(Fields.COLX, lower(c.name()), Field.Store.NO));
      cols.append(String.join(" ", Words.name(c.name()))).append(' ');
      if (c.comment() != null) {
        text.append(String.join(" ", Words.of(c.comment()))).append(' ');
      }
    }
    String columnWords = cols.toString();
    d.add(new TextField(Fields.COLS, columnWords, Field.Store.NO));
    d.add(new TextField(Fields.PLAIN, nameWords + ' ' + nameWords + ' ' + columnWords,
        Field.Store.NO));
    if (!text.isEmpty()) {
      d.add(new TextField(Fields.TEXT, text.toString(), Field.Store.NO));
    }
    List<GlossaryEntry> entries = glossary.entriesFor(id);
    if (!entries.isEmpty()) {
      StringBuilder g = new StringBuilder();
      for (GlossaryEntry e : entries) {
        d.add(new StringField(Fields.GID, glossary.id(e), Field.Store.NO));
        for (String term : e.terms()) {
          g.append(String.join(" ", Words.of(term))).append(' ');
        }
        if (e.context() != null) {
          g.append(String.join(" ", Words.of(e.context()))).append(' ');
        }
        if (e.domain() != null) {
          g.append(String.join(" ", Words.of(e.domain()))).append(' ');
        }
      }
      d.add(new TextField(Fields.GLOSS, g.toString(), Field.Store.NO));
    }
    if (vector != null && nonZero(vector)) {
      d.add(new KnnFloatVectorField(Fields.VEC, vector, VectorSimilarityFunction.DOT_PRODUCT));
    }
    return d;
  }

  /**
   * {@return a database's document: its name words and its table and column words, each counted
   * at most {@code termCap} times (BM25 saturates anyway, and small documents keep updates cheap)}
   */
  Document database(String database, Map<String, Integer> names, Map<String, Integer> columns,
      float @Nullable [] vector) {
    Document d = new Document();
    if (vector != null && nonZero(vector)) {
      d.add(new KnnFloatVectorField(Fields.D_VEC, vector, VectorSimilarityFunction.DOT_PRODUCT));
    }
    d.add(new StringField(Fields.D_KEY, database, Field.Store.YES));
    d.add(new TextField(Fields.D_NAME, String.join(" ", Words.name(database)), Field.Store.NO));
    d.add(new TextField(Fields.D_TABLES, capped(names), Field.Store.NO));
    d.add(new TextField(Fields.D_COLUMNS, capped(columns), Field.Store.NO));
    return d;
  }

  private String capped(Map<String, Integer> counts) {
    StringBuilder sb = new StringBuilder(counts.size() * 12);
    for (Map.Entry<String, Integer> e : counts.entrySet()) {
      for (int i = Math.min(e.getValue(), termCap); i > 0; i--) {
        sb.append(e.getKey()).append(' ');
      }
    }
    return sb.toString();
  }

  /** {@return the text a table's vector is computed from, with its glossary entries} */
  String tableText(TableInfo t) {
    return tableText(t, glossary.entriesFor(t.id()));
  }

  /** The text a table's vector is computed from: its words in a sentence-like order. */
  static String tableText(TableInfo t, List<GlossaryEntry> entries) {
    StringBuilder sb = new StringBuilder();
    sb.append(String.join(" ", Words.splitName(t.id().name()))).append(" (")
        .append(String.join(" ", Words.splitName(t.id().database()))).append(")");
    if (t.comment() != null) {
      sb.append(": ").append(t.comment());
    }
    for (GlossaryEntry e : entries) {
      sb.append(". ").append(String.join(", ", e.terms()));
      if (e.context() != null) {
        sb.append(". ").append(e.context());
      }
    }
    sb.append(". columns: ");
    for (int i = 0; i < t.columns().size(); i++) {
      if (i > 0) {
        sb.append(", ");
      }
      sb.append(String.join(" ", Words.splitName(t.columns().get(i).name())));
    }
    return sb.toString();
  }

  /**
   * The text a column's vector is computed from: its words and its table's ({@code examination
   * date of examination}); bare column words such as {@code id} or {@code date} match every
   * database alike.
   */
  static String columnText(TableInfo t, ColumnInfo c) {
    StringBuilder sb = new StringBuilder(String.join(" ", Words.splitName(c.name())))
        .append(" of ").append(String.join(" ", Words.splitName(t.id().name())));
    if (c.comment() != null) {
      sb.append(": ").append(c.comment());
    }
    return sb.toString();
  }

  /** The text a database's vector is computed from: its name and its tables' names. */
  static String databaseText(String database, List<TableInfo> tables) {
    StringBuilder sb = new StringBuilder("database ")
        .append(String.join(" ", Words.splitName(database))).append(". tables: ");
    for (int i = 0; i < tables.size(); i++) {
      sb.append(i == 0 ? "" : ", ").append(String.join(" ", Words.splitName(tables.get(i).id()
          .name())));
    }
    return sb.toString();
  }

  /** {@return whether a vector has a non-zero component} Zero vectors are not indexed. */
  static boolean nonZero(float[] v) {
    for (float x : v) {
      if (x != 0) {
        return true;
      }
    }
    return false;
  }
}
