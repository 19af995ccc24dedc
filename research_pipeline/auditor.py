"""The policy auditor for ``approval: auto`` topics: deterministic rules from POLICY.md.

A verdict is ``approved``, ``rejected`` (with a note the next plan revision acts on:
the same ``- <n>`` lines a person would write; only the question count is fixed this way)
or ``escalated`` (a person must decide: the rule cannot be fixed by revising the plan).
Blocked domains are also excluded from every search, whoever approved the plan.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import BaseModel, Field, StringConstraints

from research_pipeline.errors import ConfigError
from research_pipeline.models import ResearchPlan
from research_pipeline.topics import Topic

if TYPE_CHECKING:  # the model client pulls in instructor; offline runs never need it
    from research_pipeline.live.models import ModelClient

_SECTIONS = {
    "blocked domains": "blocked_domains",
    "budget ceilings": "budget",
    "plan shape": "shape",
    "always needs a person": "sensitive",
}
_BUDGET_KEYS = {"max_cost_usd", "max_rounds", "max_queries", "max_sources"}
_SHAPE_KEYS = {"min_questions", "max_questions", "max_queries_per_question"}


@dataclass
class Policy:
    """The parsed rules."""

    blocked_domains: list[str] = field(default_factory=list)
    budget: dict[str, float] = field(default_factory=dict)
    shape: dict[str, int] = field(default_factory=dict)
    sensitive: list[str] = field(default_factory=list)
    source: str = "built-in defaults"


DEFAULT_POLICY = Policy(
    budget={"max_cost_usd": 5.0, "max_rounds": 8},
    shape={"min_questions": 1, "max_questions": 10},
)


def load_policy(path: Path | None) -> Policy:
    """Parse POLICY.md; a bad line is an error naming the file and line."""
    if path is None or not path.exists():
        return DEFAULT_POLICY
    policy = Policy(source=str(path))
    section: str | None = None
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        if line.startswith("## "):
            name = line[3:].strip().lower()
            if name not in _SECTIONS:
                raise ConfigError(
                    f"{path}:{number}: unknown section {line[3:].strip()!r}; use one of "
                    + ", ".join(f"'{s}'" for s in _SECTIONS)
                )
            section = _SECTIONS[name]
            continue
        if not line.startswith("- ") or section is None:
            continue
        item = line[2:].strip()
        if section in ("budget", "shape"):
            key, _, value = item.partition(":")
            key = key.strip()
            allowed = _BUDGET_KEYS if section == "budget" else _SHAPE_KEYS
            if key not in allowed:
                raise ConfigError(f"{path}:{number}: unknown rule {key!r}; use "
                                  + ", ".join(sorted(allowed)))
            try:
                number_value = float(value)
            except ValueError as exc:
                raise ConfigError(f"{path}:{number}: {key} needs a number, not "
                                  f"{value.strip()!r}") from exc
            if section == "budget":
                policy.budget[key] = number_value
            else:
                policy.shape[key] = int(number_value)
        elif section == "blocked_domains":
            policy.blocked_domains.append(item.lower())
        else:
            policy.sensitive.append(item.lower())
    return policy


@dataclass(frozen=True)
class Verdict:
    """The auditor's decision with its reasons."""

    decision: Literal["approved", "rejected", "escalated"]
    reasons: list[str]
    note: str = ""

    @property
    def approved(self) -> bool:
        """True when the plan may run without a person."""
        return self.decision == "approved"


class ModelAudit(BaseModel):
    """The optional model audit's answer."""

    approve: bool
    # Bounded in the schema, so that a server enforcing it stops a rambling model.
    reasons: list[Annotated[str, StringConstraints(max_length=300)]] = Field(
        min_length=1, max_length=10)


def model_audit(client: ModelClient, plan: ResearchPlan, topic: Topic, policy: Policy,
                policy_path: Path | None) -> Verdict:
    """Ask the model whether the plan respects the policy; a 'no' goes to a person."""
    text = policy_path.read_text(encoding="utf-8") if policy_path and policy_path.exists() \
        else "(built-in defaults: budgets and plan shape only)"
    out = client.structured(
        step="policy_audit", template="audit.j2", role="strong", response_model=ModelAudit,
        context={"policy_source": policy.source, "policy_text": text,
                 "title": topic.spec.title, "body": topic.body,
                 "questions": plan.questions, "queries": plan.queries},
    )
    reasons = [f"model audit: {r}" for r in out.reasons]
    if out.approve:
        return Verdict("approved", reasons)
    return Verdict("escalated", [*reasons, "a person must approve this plan"])


def _blocked(text: str, domains: list[str]) -> list[str]:
    lowered = text.lower()
    return [d for d in domains if re.search(rf"(^|[^a-z0-9.-]){re.escape(d)}\b", lowered)]


def audit_plan(plan: ResearchPlan, topic: Topic, policy: Policy) -> Verdict:
    """Check a plan and its topic against the policy."""
    spec = topic.spec
    escalate: list[str] = []
    fixable: list[str] = []
    note: list[str] = []
    subject = f"{spec.title} {topic.body} " + " ".join(q.text for q in plan.questions)
    for phrase in policy.sensitive:
        if phrase in subject.lower():
            escalate.append(f"the topic mentions {phrase!r}, which always needs a person")
    for key, ceiling in policy.budget.items():
        value = getattr(spec, key)
        if value > ceiling:
            escalate.append(f"{key} {value} is over the policy ceiling {ceiling:g}")
    blocked_filters = [d for d in spec.include_domains
                       if any(d.lower() == b or d.lower().endswith("." + b)
                              for b in policy.blocked_domains)]
    if blocked_filters:
        escalate.append(f"include_domains names blocked domains {blocked_filters}")
    for query in plan.queries:
        hits = _blocked(query.text, policy.blocked_domains)
        if hits:
            escalate.append(f"query {query.text!r} targets blocked domains {hits}")
    n = len(plan.questions)
    if n < policy.shape.get("min_questions", 1):
        escalate.append(f"the plan has {n} questions, fewer than "
                        f"{policy.shape.get('min_questions', 1)}")
    most = policy.shape.get("max_questions")
    if most is not None and n > most:
        fixable.append(f"the plan has {n} questions, more than {most}")
        note += [f"- {i}" for i in range(n, most, -1)]
    per_question = policy.shape.get("max_queries_per_question")
    for q in plan.questions:
        queries = [x for x in plan.queries if x.question_id == q.id]
        if not queries:
            escalate.append(f"question {q.id} has no query")
        if per_question is not None and len(queries) > per_question:
            escalate.append(f"question {q.id} has {len(queries)} queries, more than "
                            f"{per_question}")
    if escalate:
        return Verdict("escalated", [*escalate, *fixable, "a person must approve this plan"])
    if fixable:
        return Verdict("rejected", fixable, note="\n".join(note))
    return Verdict("approved", [
        f"{n} questions, each with a query; no blocked domain; budgets within the policy "
        f"({policy.source})",
    ])
