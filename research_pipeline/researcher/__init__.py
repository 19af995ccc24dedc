"""Researchers: one interface, whose methods mirror the research steps."""

from research_pipeline.researcher.base import Evidence, Researcher, RevisionNote

__all__ = ["Evidence", "Researcher", "RevisionNote"]
