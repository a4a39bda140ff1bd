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
import java.util.Map;
import java.util.Set;

/**
 * A sentence-embedding model run by DJL: tokenize, run, pool the last hidden state (the mean over
 * the attention mask, or the first token for models trained with CLS pooling such as BGE),
 * L2-normalize. Queries may get a prefix (an instruction such as BGE's) and documents another.
 * Every text runs alone, never in a batch: the shipped int8 model quantizes activations with one
 * scale per tensor, computed over the whole batch (padding included), so a batched text's vector
 * moved with the texts beside it (cosine down to 0.987 on BIRD's texts) and a vector cached,
 * shipped in a snapshot or re-embedded by an update differed from a fresh one. Alone, a text's
 * vector is a function of the text, and long texts no longer pay for padding to the batch's
 * longest (BIRD's 4,871 texts: 15.0 s instead of 23.5 s; short column texts run at 0.75x to
 * 0.85x).
 * Only this class touches DJL types, so the factory loads without DJL on the class path. Calls
 * are serialized (one predictor), and go through {@link NativeCalls} so that no thread is in the
 * runtime's native code when the process exits.
 */
final class DjlEmbeddingProvider implements EmbeddingProvider {
  private final String name;
  private final String modelId;
  private final Model model;
  private final HuggingFaceTokenizer tokenizer;
  private final Predictor<NDList, NDList> predictor;
  private final Set<String> inputNames;
  private final int dimension;
  private final Pooling pooling;
  private final String queryPrefix;
  private final String documentPrefix;

  /** How token vectors become one sentence vector. */
  enum Pooling {
    /** The mean of the token vectors over the attention mask (sentence-transformers). */
    MEAN,
    /** The first ([CLS]) token's vector (BGE). */
    CLS
  }

  private DjlEmbeddingProvider(String name, String modelId, Model model,
      HuggingFaceTokenizer tokenizer, Pooling pooling, String queryPrefix,
      String documentPrefix) {
    this.name = name;
    this.modelId = modelId;
    this.model = model;
    this.tokenizer = tokenizer;
    this.pooling = pooling;
    this.queryPrefix = queryPrefix;
    this.documentPrefix = documentPrefix;
    this.predictor = model.newPredictor(new NoopTranslator());
    this.inputNames = Set.copyOf(model.describeInput().keys());
    this.dimension = run("dimension probe").length;
  }

  static DjlEmbeddingProvider load(String name, String modelId, Path modelFile,
      Path tokenizerFile, int maxLength, String engine, Pooling pooling, String queryPrefix,
      String documentPrefix) {
    // Native code (tokenizer, ONNX Runtime): never in progress when the process exits.
    return NativeCalls.PROCESS.call(() -> loadNow(name, modelId, modelFile, tokenizerFile,
        maxLength, engine, pooling, queryPrefix, documentPrefix));
  }

  private static DjlEmbeddingProvider loadNow(String name, String modelId, Path modelFile,
      Path tokenizerFile, int maxLength, String engine, Pooling pooling, String queryPrefix,
      String documentPrefix) {
    Model model = null;
    try {
      // padding "true" pads to the longest text of a call, so a lone text is never padded (a
      // tokenizer file's fixed padding would change what the int8 model computes)
      HuggingFaceTokenizer tokenizer = HuggingFaceTokenizer.newInstance(tokenizerFile, Map.of(
          "maxLength", Integer.toString(maxLength), "truncation", "true", "padding", "true"));
      model = Model.newInstance("sentence-embedding", engine);
      model.load(modelFile);
      return new DjlEmbeddingProvider(name, modelId, model, tokenizer, pooling, queryPrefix,
          documentPrefix);
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
    return name;
  }

  @Override
  public String modelId() {
    return modelId;
  }

  @Override
  public int dimension() {
    return dimension;
  }

  @Override
  public float[] embed(String text) {
    return run(documentPrefix + text);
  }

  @Override
  public float[] embedQuery(String query) {
    return run(queryPrefix + query);
  }

  private float[] run(String text) {
    return NativeCalls.PROCESS.call(() -> runNow(text));
  }

  private synchronized float[] runNow(String text) {
    Encoding encoding = tokenizer.encode(text);
    long[] ids = encoding.getIds();
    long[] mask = encoding.getAttentionMask();
    int length = ids.length;
    try (NDManager manager = model.getNDManager().newSubManager()) {
      Shape shape = new Shape(1, length);
      NDList inputs = new NDList();
      addInput(inputs, manager, "input_ids", ids, shape);
      addInput(inputs, manager, "attention_mask", mask, shape);
      addInput(inputs, manager, "token_type_ids", encoding.getTypeIds(), shape);
      NDArray hidden = predictor.predict(inputs).get(0);
      long[] hs = hidden.getShape().getShape();
      int dim = (int) hs[hs.length - 1];
      float[] h = hidden.toFloatArray();
      float[] v = new float[dim];
      if (pooling == Pooling.CLS) {
        System.arraycopy(h, 0, v, 0, dim);
      } else {
        int tokens = 0;
        for (int t = 0; t < length; t++) {
          if (mask[t] == 0) {
            continue;
          }
          tokens++;
          for (int d = 0; d < dim; d++) {
            v[d] += h[t * dim + d];
          }
        }
        for (int d = 0; d < dim; d++) {
          v[d] /= Math.max(tokens, 1);
        }
      }
      double norm = 0;
      for (int d = 0; d < dim; d++) {
        norm += v[d] * v[d];
      }
      if (norm > 0) {
        float inv = (float) (1 / Math.sqrt(norm));
        for (int d = 0; d < dim; d++) {
          v[d] *= inv;
        }
      }
      return v;
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
    NativeCalls.PROCESS.release(() -> {
      predictor.close();
      model.close();
      tokenizer.close();
    });
  }
}
