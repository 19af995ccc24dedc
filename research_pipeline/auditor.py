"""The policy auditor for ``approval: auto`` topics: deterministic rules over the plan."""

from __future__ import annotations

from dataclasses import dataclass

from research_pipeline.models import ResearchPlan
from research_pipeline.topics import TopicSpec

MAX_AUTO_COST_USD = 5.0
MAX_AUTO_ROUNDS = 8
MAX_AUTO_QUESTIONS = 10


@dataclass(frozen=True)
class Verdict:
    """The auditor's decision with its reasons."""

    approved: bool
    reasons: list[str]


def audit_plan(plan: ResearchPlan, spec: TopicSpec) -> Verdict:
    """Approve a plan that is well formed and inside the automatic-approval ceilings."""
    problems = []
    if not plan.questions:
        problems.append("the plan has no questions")
    if len(plan.questions) > MAX_AUTO_QUESTIONS:
        problems.append(f"{len(plan.questions)} questions is over {MAX_AUTO_QUESTIONS}")
    if any(not any(q.question_id == item.id for q in plan.queries) for item in plan.questions):
        problems.append("a question has no query")
    if spec.max_cost_usd > MAX_AUTO_COST_USD:
        problems.append(f"max_cost_usd {spec.max_cost_usd} is over {MAX_AUTO_COST_USD}")
    if spec.max_rounds > MAX_AUTO_ROUNDS:
        problems.append(f"max_rounds {spec.max_rounds} is over {MAX_AUTO_ROUNDS}")
    if problems:
        return Verdict(False, [*problems, "a person must approve this plan"])
    return Verdict(True, [
        f"{len(plan.questions)} questions, each with a query",
        f"budgets within automatic ceilings (max_cost_usd {spec.max_cost_usd}, "
        f"max_rounds {spec.max_rounds})",
    ])
