"""Local corpora: documents from folders or the Python installation, in tantivy indexes."""
