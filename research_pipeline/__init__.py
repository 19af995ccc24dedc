"""research_pipeline: topic files in, footnoted research reports out, every step in DuckDB."""

__version__ = "0.1.0"
