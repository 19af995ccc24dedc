"""The one place where providers are chosen from settings."""

from __future__ import annotations

from research_pipeline.corpus.manager import CorpusManager
from research_pipeline.errors import ProviderError
from research_pipeline.researcher.base import Researcher
from research_pipeline.researcher.extractive import ExtractiveResearcher
from research_pipeline.search import LocalSearch, SearchProvider
from research_pipeline.settings import Settings


def build_search(settings: Settings) -> SearchProvider:
    """The search provider named by ``RESEARCH_SEARCH``."""
    if settings.search == "local":
        return LocalSearch(CorpusManager(settings.data_dir), settings.corpus_names)
    raise ProviderError(
        f"RESEARCH_SEARCH={settings.search!r} is not available in this version; "
        "use RESEARCH_SEARCH=local (the offline corpus search)"
    )


def build_researcher(settings: Settings, search: SearchProvider) -> Researcher:
    """The researcher named by ``RESEARCH_LLM``."""
    if settings.llm == "extractive":
        return ExtractiveResearcher(idf=search.idf)
    raise ProviderError(
        f"RESEARCH_LLM={settings.llm!r} is not available in this version; "
        "use RESEARCH_LLM=extractive (the offline researcher)"
    )
