"""The store: the one package that writes DuckDB (see ``base`` for how it connects)."""

from research_pipeline.store.base import StoreBase
from research_pipeline.store.calls import CallStore
from research_pipeline.store.plans import PlanStore
from research_pipeline.store.reports import ReportStore
from research_pipeline.store.research import ResearchStore
from research_pipeline.store.schema import SCHEMA_VERSION


class Store(PlanStore, ResearchStore, ReportStore, CallStore, StoreBase):
    """Short-lived DuckDB connections with lock retry; every method is one transaction."""


__all__ = ["SCHEMA_VERSION", "Store"]
