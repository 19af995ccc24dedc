"""Many topics at once in one process: each topic's chain of steps, the chains overlapped.

Nothing here imports Dagster. The ``research_topics`` multi-asset step and the plain-loop
benchmark both call ``research_topics``, so the difference between them is orchestration.
A topic's chain is plan → gate → rounds → facts → report → checks; it runs in its own
thread, and the provider limits (Exa's request rate, model calls in flight) are shared by
every topic of the process (``live.runtime``), so more topics never mean more pressure on a
provider. One topic's failure ends that topic's chain only.
"""

from __future__ import annotations

import queue
import time
import traceback
from collections.abc import Callable, Collection, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from typing import Any

from research_pipeline.errors import ResearchPipelineError
from research_pipeline.live.runtime import StartTurns, end_start_turn
from research_pipeline.pipeline.facts import extract_facts
from research_pipeline.pipeline.plan import (
    PlanOutcome,
    load_registered_topic,
    make_plan,
    record_run,
)
from research_pipeline.pipeline.report import account_questions, verify_report, write_report
from research_pipeline.pipeline.rounds import run_research
from research_pipeline.pipeline.services import (
    Services,
    estimate_cost,
    import_provider_sdks,
    remote_model,
    step_cost,
    step_fallbacks,
)

# The steps of a topic's chain, in order, named as the assets and checks that show them.
PLAN, GATE, ROUNDS, FACTS, REPORT = (
    "research_plan", "plan_approved", "research_rounds", "facts", "report")
CITATIONS, QUESTIONS = "citations_verified", "questions_accounted"
ALL_STEPS = (PLAN, GATE, ROUNDS, FACTS, REPORT, CITATIONS, QUESTIONS)


@dataclass(frozen=True)
class Gate:
    """Whether a topic's current plan may be researched, and why (``plan_approved``)."""

    approved: bool
    state: str
    plan_version: str | None = None
    plan_markdown: str | None = None
    decided_by: str | None = None
    decision_source: str | None = None
    approval_id: str | None = None


def gate(services: Services, topic_id: str, reading: dict | None = None) -> Gate:
    """The approval gate: the current plan of the unchanged topic has a stored approval.

    ``reading`` is the plan step's own reading of the store when that step ran just before
    this one, in the same chain (``PlanOutcome.reading``); otherwise the store is read (one
    statement). Either way research_rounds reads the approval again before it spends.
    """
    current = reading or services.store.plan_approval(topic_id)
    if current is None:
        return Gate(False, "no plan")
    topic = load_registered_topic(services, topic_id)
    stale = current["topic_hash"] != topic.content_hash
    approved = not stale and current["decision"] == "approved"
    state = ("topic changed since the plan was made" if stale else
             current["decision"] or "awaiting approval")
    return Gate(
        approved=approved, state=state, plan_version=current["plan_version"],
        plan_markdown=current["plan_markdown"], decided_by=current["decided_by"],
        decision_source=current["source"], approval_id=current["approval_id"],
    )


@dataclass(frozen=True)
class StepDone:
    """One step of one topic finished; ``outcome`` is that step's summary."""

    topic_id: str
    step: str
    outcome: Any
    cost_usd: float = 0.0
    extra: dict[str, Any] = field(default_factory=dict)
    # The model steps that fell back to the extractive researcher in this step, and why.
    fallbacks: tuple[str, ...] = ()


@dataclass(frozen=True)
class Note:
    """A progress line of one topic."""

    topic_id: str
    message: str


@dataclass(frozen=True)
class TopicDone:
    """A topic's chain ended: ``reported``, ``awaiting approval``, ``done`` or ``failed``."""

    topic_id: str
    state: str
    seconds: float
    error: str | None = None
    failed_step: str | None = None
    detail: str | None = None
    checks: dict[str, bool] = field(default_factory=dict)


Event = StepDone | Note | TopicDone


def research_topics(
    services_for: Callable[[], Services], topic_ids: Sequence[str], run_id: str, *,
    steps: Collection[str] = ALL_STEPS, approve_as: str | None = None, job: str | None = None,
    workers: int = 8,
) -> Iterator[Event]:
    """Run each topic's chain of ``steps``, ``workers`` topics at a time; yield as they go.

    Events come from the caller's thread, in the order the steps finish. ``approve_as``
    records that person's approval of a plan that has none (``run --approve``); without
    it an unapproved plan stops at the gate with nothing searched.
    """
    events: queue.Queue[Event] = queue.Queue()
    ordered = [s for s in ALL_STEPS if s in steps]
    turns = None
    if topic_ids:
        settings = services_for().settings
        import_provider_sdks(settings)
        # With a remote model, topics start one at a time, each until its first request
        # (its plan call) is sent or its gate is passed (``runtime.StartTurns``).
        turns = StartTurns() if remote_model(settings) and len(topic_ids) > 1 else None

    def chain(topic_id: str) -> None:
        started = time.monotonic()
        current, checks = ordered[0] if ordered else "", {}
        if turns is not None:
            turns.begin()
        try:
            services = services_for()
            services.progress = lambda message: events.put(Note(topic_id, message))
            record_run(services, topic_id, run_id, job, ",".join(ordered))
            outcome: Any = None
            for current in ordered:
                fell_back = len(step_fallbacks(services))
                outcome = _STEPS[current](services, topic_id, run_id, approve_as, outcome)
                extra = _EXTRA[current](services, topic_id, outcome) if current in _EXTRA else {}
                events.put(StepDone(topic_id, current, outcome, step_cost(services), extra,
                                    tuple(step_fallbacks(services)[fell_back:])))
                if current == GATE:
                    end_start_turn()
                if current == GATE and not outcome.approved:
                    events.put(TopicDone(topic_id, "awaiting approval",
                                         time.monotonic() - started))
                    return
                if current in (CITATIONS, QUESTIONS):
                    checks[current] = _check_passed(current, outcome)
            state = "reported" if REPORT in ordered else "done"
            events.put(TopicDone(topic_id, state, time.monotonic() - started, checks=checks))
        except ResearchPipelineError as exc:
            events.put(TopicDone(topic_id, "failed", time.monotonic() - started, str(exc),
                                 current))
        except Exception as exc:  # noqa: BLE001 - a bug fails its topic, with its traceback
            events.put(TopicDone(topic_id, "failed", time.monotonic() - started,
                                 f"{type(exc).__name__}: {exc}", current,
                                 traceback.format_exc()))
        finally:
            end_start_turn()

    pending = len(topic_ids)
    with ThreadPoolExecutor(max_workers=max(1, min(workers, pending or 1)),
                            thread_name_prefix="topic") as pool:
        for topic_id in topic_ids:
            pool.submit(chain, topic_id)
        while pending:
            event = events.get()
            if isinstance(event, TopicDone):
                pending -= 1
            yield event


def _plan(services: Services, topic_id: str, run_id: str, _approve_as: str | None,
          _before: Any) -> Any:
    return make_plan(services, topic_id, run_id)


def _gate(services: Services, topic_id: str, _run_id: str, approve_as: str | None,
          before: Any) -> Gate:
    # Right after the plan step, its reading of the store is the gate's.
    state = gate(services, topic_id, before.reading if isinstance(before, PlanOutcome) else None)
    if approve_as and not state.approved and state.plan_version is not None and (
            state.state != "topic changed since the plan was made"):
        # The plan the gate just found is the one approved (``decide`` would read it again).
        approval_id, recorded = services.store.decide_once(
            topic_id, state.plan_version, "approved", approve_as, "cli-run")
        if recorded:
            return replace(state, approved=True, state="approved", decided_by=approve_as,
                           decision_source="cli-run", approval_id=approval_id)
        state = gate(services, topic_id)  # approved meanwhile by someone else: by whom
    return state


def _check_passed(step: str, outcome: Any) -> bool:
    if step == CITATIONS:
        return bool(outcome[1].ok)
    missing, _, _ = outcome
    return not missing


_STEPS: dict[str, Callable[[Services, str, str, str | None, Any], Any]] = {
    PLAN: _plan,
    GATE: _gate,
    ROUNDS: lambda s, t, r, _a, _b: run_research(s, t, r),
    FACTS: lambda s, t, r, _a, _b: extract_facts(s, t, r),
    REPORT: lambda s, t, r, _a, _b: write_report(s, t, r),
    CITATIONS: lambda s, t, _r, _a, _b: verify_report(s, t),
    QUESTIONS: lambda s, t, _r, _a, _b: account_questions(s, t),
}

_EXTRA: dict[str, Callable[[Services, str, Any], dict[str, Any]]] = {
    PLAN: lambda s, _t, o: {"estimated_cost_usd": estimate_cost(s, o.plan, o.topic)},
    REPORT: lambda s, t, _o: {"topic_cost_usd": s.store.topic_cost(t)},
}
