"""The research steps as plain functions over the store: what the assets and CLI call.

Nothing here imports Dagster. Each step loads what it needs from the store, calls the
domain, writes through the store, and returns a summary for metadata. One module per
step: ``plan``, ``rounds``, ``facts``, ``report``; ``services`` holds what they share.
"""

from research_pipeline.errors import NotApprovedError
from research_pipeline.pipeline.facts import FactsOutcome, extract_facts
from research_pipeline.pipeline.plan import (
    PlanOutcome,
    approval_state,
    decide,
    load_registered_topic,
    make_plan,
    record_run,
    register_topic,
    register_topics,
    require_approved_plan,
)
from research_pipeline.pipeline.report import (
    ReportOutcome,
    account_questions,
    verify_report,
    write_report,
)
from research_pipeline.pipeline.rounds import ResearchOutcome, finished_research, run_research
from research_pipeline.pipeline.services import (
    Progress,
    Services,
    estimate_cost,
    own_calls,
    step_cost,
    step_fallbacks,
)

__all__ = [
    "FactsOutcome", "NotApprovedError", "PlanOutcome", "Progress", "ReportOutcome",
    "ResearchOutcome", "Services", "account_questions", "approval_state", "decide",
    "estimate_cost", "extract_facts", "finished_research", "load_registered_topic",
    "make_plan", "own_calls", "record_run", "register_topic", "register_topics",
    "require_approved_plan",
    "run_research", "step_cost", "step_fallbacks", "verify_report", "write_report",
]
