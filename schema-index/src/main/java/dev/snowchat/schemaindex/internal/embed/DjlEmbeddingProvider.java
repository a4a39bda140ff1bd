package dev.snowchat.schemaindex.internal.embed;

import ai.djl.Model;
import ai.djl.huggingface.tokenizers.Encoding;
import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import ai.djl.inference.Predictor;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.translate.NoopTranslator;
import dev.snowchat.schemaindex.EmbeddingProvider;
import dev.snowchat.schemaindex.IndexErrorCode;
import dev.snowchat.sqlgate.SnowchatException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A sentence-embedding model run by DJL: tokenize, run, mean-pool the last hidden state over the
 * attention mask, L2-normalize. Only this class touches DJL types, so the factory loads without
 * DJL on the class path. Calls are serialized (one predictor).
 */
final class DjlEmbeddingProvider implements EmbeddingProvider {
  private static final int BATCH = 32;

  private final Model model;
  private final HuggingFaceTokenizer tokenizer;
  private final Predictor<NDList, NDList> predictor;
  private final Set<String> inputNames;
  private final int dimension;

  private DjlEmbeddingProvider(Model model, HuggingFaceTokenizer tokenizer) {
    this.model = model;
    this.tokenizer = tokenizer;
    this.predictor = model.newPredictor(new NoopTranslator());
    this.inputNames = Set.copyOf(model.describeInput().keys());
    this.dimension = embedBatch(List.of("dimension probe")).getFirst().length;
  }

  static DjlEmbeddingProvider load(Path modelFile, Path tokenizerFile, int maxLength,
      String engine) {
    Model model = null;
    try {
      HuggingFaceTokenizer tokenizer = HuggingFaceTokenizer.newInstance(tokenizerFile, Map.of(
          "maxLength", Integer.toString(maxLength), "truncation", "true", "padding", "true"));
      model = Model.newInstance("sentence-embedding", engine);
      model.load(modelFile);
      return new DjlEmbeddingProvider(model, tokenizer);
    } catch (Exception | LinkageError e) {
      if (model != null) {
        model.close();
      }
      throw new SnowchatException(IndexErrorCode.EMBEDDINGS_FAILED,
          "cannot load embedding model " + modelFile + " with DJL engine " + engine + ": " + e,
          e);
    }
  }

  @Override
  public String name() {
    return DjlEmbeddingProviderFactory.NAME;
  }

  @Override
  public int dimension() {
    return dimension;
  }

  @Override
  public float[] embed(String text) {
    return embedBatch(List.of(text)).getFirst();
  }

  @Override
  public List<float[]> embedAll(List<String> texts) {
    List<float[]> out = new ArrayList<>(texts.size());
    for (int i = 0; i < texts.size(); i += BATCH) {
      out.addAll(embedBatch(texts.subList(i, Math.min(texts.size(), i + BATCH))));
    }
    return out;
  }

  private synchronized List<float[]> embedBatch(List<String> texts) {
    Encoding[] encodings = tokenizer.batchEncode(texts);
    int batch = encodings.length;
    int length = 0;
    for (Encoding e : encodings) {
      length = Math.max(length, e.getIds().length);
    }
    long[] ids = new long[batch * length];
    long[] mask = new long[batch * length];
    long[] types = new long[batch * length];
    for (int b = 0; b < batch; b++) {
      long[] eIds = encodings[b].getIds();
      long[] eMask = encodings[b].getAttentionMask();
      long[] eTypes = encodings[b].getTypeIds();
      System.arraycopy(eIds, 0, ids, b * length, eIds.length);
      System.arraycopy(eMask, 0, mask, b * length, eMask.length);
      System.arraycopy(eTypes, 0, types, b * length, eTypes.length);
    }
    try (NDManager manager = model.getNDManager().newSubManager()) {
      Shape shape = new Shape(batch, length);
      NDList inputs = new NDList();
      addInput(inputs, manager, "input_ids", ids, shape);
      addInput(inputs, manager, "attention_mask", mask, shape);
      addInput(inputs, manager, "token_type_ids", types, shape);
      NDList output = predictor.predict(inputs);
      NDArray hidden = output.get(0);
      long[] hs = hidden.getShape().getShape();
      int dim = (int) hs[hs.length - 1];
      float[] h = hidden.toFloatArray();
      List<float[]> out = new ArrayList<>(batch);
      for (int b = 0; b < batch; b++) {
        float[] v = new float[dim];
        int tokens = 0;
        for (int t = 0; t < length; t++) {
          if (mask[b * length + t] == 0) {
            continue;
          }
          tokens++;
          int base = (b * length + t) * dim;
          for (int d = 0; d < dim; d++) {
            v[d] += h[base + d];
          }
        }
        double norm = 0;
        for (int d = 0; d < dim; d++) {
          v[d] /= Math.max(tokens, 1);
          norm += v[d] * v[d];
        }
        if (norm > 0) {
          float inv = (float) (1 / Math.sqrt(norm));
          for (int d = 0; d < dim; d++) {
            v[d] *= inv;
          }
        }
        out.add(v);
      }
      return out;
    } catch (Exception e) {
      throw new SnowchatException(IndexErrorCode.EMBEDDINGS_FAILED,
          "embedding model failed: " + e, e);
    }
  }

  private void addInput(NDList inputs, NDManager manager, String name, long[] data, Shape shape) {
    if (inputNames.contains(name)) {
      NDArray a = manager.create(data, shape);
      a.setName(name);
      inputs.add(a);
    }
  }

  @Override
  public synchronized void close() {
    predictor.close();
    model.close();
    tokenizer.close();
  }
}
