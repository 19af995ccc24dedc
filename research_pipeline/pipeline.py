"""The research steps as plain functions over the store: what the assets and CLI call.

Nothing here imports Dagster. Each step loads what it needs from the store, calls the
domain, writes through the store, and returns a summary for metadata.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import cached_property, partial
from pathlib import Path

from research_pipeline import __version__
from research_pipeline.audit import CallLog
from research_pipeline.auditor import Verdict, audit_plan, load_policy, model_audit
from research_pipeline.citations import CitationCheck, check_report, unaccounted_questions
from research_pipeline.contradictions import find_conflicts
from research_pipeline.errors import (
    ApprovalError,
    ConfigError,
    NotApprovedError,
    TopicFileError,
)
from research_pipeline.live.runtime import Budget, BudgetExceeded, Runtime
from research_pipeline.models import (
    Fact,
    OpenQuestion,
    QuestionStatus,
    ResearchPlan,
    stable_hash,
)
from research_pipeline.providers import build_researcher, build_search
from research_pipeline.render import CONFLICTS_KEY, STOP_REASONS, render_report
from research_pipeline.research import Budgets, LoopState, RoundOutput, run_rounds
from research_pipeline.researcher.base import Evidence, Researcher, RevisionNote
from research_pipeline.search import SearchFilters, SearchProvider
from research_pipeline.settings import Settings
from research_pipeline.store import Store
from research_pipeline.topics import Topic, parse_topic

Progress = Callable[[str], None]


def _silent(_: str) -> None:
    return None


@dataclass
class Services:
    """Settings, store and providers for one asset step (or one CLI command)."""

    settings: Settings
    progress: Progress = _silent
    refresh_search: bool = False
    refresh_models: bool = False
    runtime: Runtime | None = None

    def start(self, topic_id: str, run_id: str | None, max_cost_usd: float,
              spent_usd: float = 0.0) -> CallLog:
        """Begin provider work for a topic: a fresh audit log and budget."""
        calls = CallLog(topic_id, run_id)
        self.runtime = Runtime(calls=calls, budget=Budget(max_cost_usd, spent_usd),
                               store=self.store, refresh_search=self.refresh_search,
                               refresh_models=self.refresh_models)
        return calls

    def _runtime(self) -> Runtime:
        if self.runtime is None:
            raise RuntimeError("provider work began without Services.start()")
        return self.runtime

    @cached_property
    def store(self) -> Store:
        """The DuckDB store."""
        return Store(self.settings.db, self.settings.store_lock_timeout_s)

    @cached_property
    def search(self) -> SearchProvider:
        """The configured search provider."""
        return build_search(self.settings, self._runtime)

    @cached_property
    def researcher(self) -> Researcher:
        """The configured researcher."""
        return build_researcher(self.settings, self.search, self._runtime)


def step_cost(services: Services) -> float:
    """The cost of the provider calls of the step that ran last on these services."""
    return round(services.runtime.budget.step_cost_usd, 6) if services.runtime else 0.0


def estimate_cost(services: Services, plan: ResearchPlan, topic: Topic) -> float:
    """A ceiling-based estimate of a plan's research cost, before any spend.

    Searches: the first queries plus two follow-ups per question per later round, within
    ``max_queries``. Model calls (for model researchers): three per round, one extraction
    per source kept, plan and answer, at the price table's rates for ~2k tokens in and
    ~800 out. Bounded by ``max_cost_usd``, which the run enforces.
    """
    spec, settings = topic.spec, services.settings
    searches = min(spec.max_queries,
                   len(plan.queries) + 2 * len(plan.questions) * (spec.max_rounds - 1))
    price = settings.prices.get(settings.search)
    total = searches * (price.per_request if price else 0.0)
    if settings.llm != "extractive":
        calls = 3 * spec.max_rounds + min(spec.max_sources, 12) + 2
        fast = settings.prices.get(settings.model_fast)
        if fast:
            total += calls * (2000 * fast.input_per_mtok + 800 * fast.output_per_mtok) / 1e6
    return round(min(total, spec.max_cost_usd), 4)


def _own_calls(researcher: Researcher) -> bool:
    """True for researchers that write one audit row per model call themselves."""
    return bool(getattr(researcher, "records_own_calls", False))


# -- topics ------------------------------------------------------------------------------


def register_topic(services: Services, topic: Topic, run_id: str | None = None) -> None:
    """Record a topic file's current content in the store."""
    services.store.register_topic(
        topic.id, topic.content_hash, str(topic.path), topic.spec.title,
        topic.spec.model_dump(mode="json"), topic.body, run_id,
    )


def load_registered_topic(services: Services, topic_id: str) -> Topic:
    """Re-read the topic file registered for a partition."""
    record = services.store.topic_record(topic_id)
    if record is None:
        raise TopicFileError(
            topic_id, None,
            "no topic file is registered for this id; add it to topics/ or run "
            "'research-pipeline run FILE'",
        )
    topic = parse_topic(Path(record["path"]))
    if topic.id != topic_id:
        raise TopicFileError(record["path"], "id", f"now says {topic.id!r}, not {topic_id!r}")
    return topic


def record_run(services: Services, topic_id: str, run_id: str, job: str | None, step: str) -> None:
    """Record what this run uses (settings without secrets, corpus versions, models)."""
    try:
        versions = services.search.versions()
    except Exception as exc:  # noqa: BLE001 - recorded, and raised again when searching
        versions = {"error": str(exc)}
    services.store.record_run(
        run_id, topic_id, job, step, services.settings.public_dict(), versions,
        {"researcher": services.settings.llm, "fast": services.settings.model_fast,
         "strong": services.settings.model_strong},
        __version__,
    )


# -- plan ------------------------------------------------------------------------------------


@dataclass
class PlanOutcome:
    """What ``research_plan`` did."""

    topic: Topic
    plan: ResearchPlan
    plan_version: str
    reused: bool
    decision: str | None
    markdown: str


def make_plan(services: Services, topic_id: str, run_id: str | None) -> PlanOutcome:
    """Reuse the plan of an unchanged topic, revise a rejected one, or make a new one."""
    store = services.store
    topic = load_registered_topic(services, topic_id)
    register_topic(services, topic, run_id)
    current = store.current_plan(topic_id)
    previous: ResearchPlan | None = None
    parent: str | None = None
    if current is not None and current["topic_hash"] == topic.content_hash:
        decision = store.latest_decision(current["plan_version"])
        if decision is None or decision["decision"] != "rejected":
            return PlanOutcome(topic, current["plan"], current["plan_version"], True,
                               decision["decision"] if decision else None,
                               current["plan"].as_markdown())
        previous, parent = current["plan"], current["plan_version"]
        if previous.revision >= services.settings.max_plan_revisions:
            raise ApprovalError(
                f"topic {topic_id!r}: plan revision {previous.revision} was rejected and the "
                f"revision ceiling ({services.settings.max_plan_revisions}) is reached; edit "
                f"{topic.path} (its questions or body) to start a new plan"
            )
    notes = [
        RevisionNote(revision=row["revision"], note=row["note"] or "")
        for row in store.rejection_notes(topic_id, topic.content_hash)
    ]
    plan = _generate_plan(services, topic, notes, previous, run_id)
    version = plan.version(topic.content_hash)
    store.save_plan(plan, version, topic.content_hash, run_id, parent,
                    notes[-1].note if notes else None)
    verdict_decision: str | None = None
    if topic.spec.approval == "auto":
        plan, version, verdict_decision = _policy_audit(services, topic, plan, version, run_id)
    return PlanOutcome(topic, plan, version, False, verdict_decision, plan.as_markdown())


def _generate_plan(
    services: Services, topic: Topic, notes: list[RevisionNote], previous: ResearchPlan | None,
    run_id: str | None,
) -> ResearchPlan:
    """One plan (revision) from the researcher, with its audit rows."""
    calls = services.start(topic.id, run_id, topic.spec.max_cost_usd)
    researcher = services.researcher
    try:
        return calls.step(
            "generate_plan", researcher.name, researcher.model,
            {"topic": topic.spec.model_dump(mode="json"), "body": topic.body,
             "notes": [n.note for n in notes], "today": datetime.now(UTC).date().isoformat()},
            partial(researcher.generate_plan, topic, notes, previous),
            record=not _own_calls(researcher),
        )
    finally:
        services.store.record_calls(topic.id, run_id, llm_calls=calls.drain()[1])


def _policy_audit(
    services: Services, topic: Topic, plan: ResearchPlan, version: str, run_id: str | None
) -> tuple[ResearchPlan, str, str]:
    """The auditor's loop: reject and revise while it can, else approve or escalate."""
    store = services.store
    policy = load_policy(services.settings.policy_file)
    verdict = audit_plan(plan, topic, policy)
    while verdict.decision == "rejected" and plan.revision < services.settings.max_plan_revisions:
        store.record_decision(topic.id, version, "rejected", "policy-auditor", "auditor",
                              note=verdict.note, reasons=verdict.reasons, run_id=run_id)
        notes = [RevisionNote(revision=row["revision"], note=row["note"] or "")
                 for row in store.rejection_notes(topic.id, topic.content_hash)]
        plan = _generate_plan(services, topic, notes, plan, run_id)
        parent, version = version, plan.version(topic.content_hash)
        store.save_plan(plan, version, topic.content_hash, run_id, parent, verdict.note)
        verdict = audit_plan(plan, topic, policy)
    if verdict.approved and services.settings.policy_model_audit:
        client = getattr(services.researcher, "client", None)
        if client is None:
            raise ConfigError(
                "RESEARCH_POLICY_MODEL_AUDIT=true needs a model researcher "
                "(RESEARCH_LLM=gemini or openai)"
            )
        calls = services.start(topic.id, run_id, topic.spec.max_cost_usd)
        try:
            second = model_audit(client, plan, topic, policy, services.settings.policy_file)
        finally:
            store.record_calls(topic.id, run_id, llm_calls=calls.drain()[1])
        verdict = Verdict(second.decision, verdict.reasons + second.reasons)
    decision = "escalated" if verdict.decision == "rejected" else verdict.decision
    reasons = verdict.reasons + (["the revision ceiling was reached; a person must decide"]
                                 if verdict.decision == "rejected" else [])
    store.record_decision(topic.id, version, decision, "policy-auditor", "auditor",
                          reasons=reasons, run_id=run_id)
    return plan, version, decision


def approval_state(services: Services, topic_id: str) -> tuple[dict | None, dict | None]:
    """The current plan row and its latest decision."""
    current = services.store.current_plan(topic_id)
    if current is None:
        return None, None
    return current, services.store.latest_decision(current["plan_version"])


def decide(
    services: Services, topic_id: str, decision: str, by: str, note: str | None, source: str,
) -> dict:
    """Approve or reject the topic's current plan (from the CLI or the approve_plan job)."""
    if decision not in ("approved", "rejected"):
        raise ApprovalError(f"decision must be 'approved' or 'rejected', not {decision!r}")
    current, _ = approval_state(services, topic_id)
    if current is None:
        known = ", ".join(r["topic_id"] for r in services.store.topic_records()) or "none"
        raise ApprovalError(
            f"no plan for topic {topic_id!r} in {services.settings.db} (topics with plans: "
            f"{known}); run 'research-pipeline run' to make its plan first"
        )
    if decision == "rejected" and not (note or "").strip():
        raise ApprovalError("a rejection needs a note saying what to change (--note)")
    approval_id = services.store.record_decision(
        topic_id, current["plan_version"], decision, by, source, note=note
    )
    return {"approval_id": approval_id, "plan_version": current["plan_version"],
            "revision": current["revision"]}


def require_approved_plan(services: Services, topic_id: str) -> tuple[Topic, ResearchPlan, str]:
    """The current plan, if a stored approval binds to it and the topic is unchanged."""
    topic = load_registered_topic(services, topic_id)
    current, decision = approval_state(services, topic_id)
    if current is None:
        raise NotApprovedError(f"topic {topic_id!r} has no plan yet: materialize research_plan")
    if current["topic_hash"] != topic.content_hash:
        raise NotApprovedError(
            f"topic {topic_id!r}: {topic.path} changed after its plan was made; run the plan "
            "step again, then approve the new plan"
        )
    if decision is None or decision["decision"] != "approved":
        state = decision["decision"] if decision else "awaiting approval"
        raise NotApprovedError(
            f"topic {topic_id!r}: plan {current['plan_version']} is {state}; approve it with "
            f"'research-pipeline approve {topic_id}' or the approve_plan job"
        )
    return topic, current["plan"], current["plan_version"]


# -- research rounds ---------------------------------------------------------------------


@dataclass
class ResearchOutcome:
    """What the round loop did."""

    research_id: str
    rounds: int
    stop_reason: str
    queries: int
    sources: int
    answered: int
    questions: int
    resumed_from: int
    seconds: float
    statuses: dict[int, QuestionStatus] = field(default_factory=dict)


def run_research(services: Services, topic_id: str, run_id: str) -> ResearchOutcome:
    """Run (or resume) the round loop for the approved plan, persisting every round."""
    started = time.monotonic()
    topic, plan, plan_version = require_approved_plan(services, topic_id)
    store = services.store
    latest = store.latest_research(topic_id, plan_version)
    resume: LoopState | None = None
    evidence: list[Evidence] = []
    if latest is not None and latest["stop_reason"] is None:
        research_id = latest["research_id"]
        rounds = store.research_rounds(research_id)
        resume = LoopState.from_json(rounds[-1]["state"])
        evidence = [Evidence(s, score, r) for s, score, r in store.research_sources(research_id)]
        services.progress(f"{topic_id}: resuming after round {resume.round_no}")
    else:
        research_id = stable_hash(topic_id, plan_version, run_id)
    spec = topic.spec
    budgets = Budgets(spec.max_rounds, spec.max_queries, spec.max_sources, spec.max_cost_usd)
    blocked = load_policy(services.settings.policy_file).blocked_domains
    filters = SearchFilters(tuple(spec.include_domains),
                            tuple(dict.fromkeys([*spec.exclude_domains, *blocked])),
                            spec.start_date, spec.end_date)
    spent = store.research_cost(research_id, run_id)
    calls = services.start(topic_id, run_id, spec.max_cost_usd, spent)

    def persist(output: RoundOutput) -> None:
        search_calls, llm_calls = calls.drain()
        store.save_round(
            research_id=research_id, topic_id=topic_id, plan_version=plan_version,
            run_id=run_id, round_no=output.round_no, queries=output.queries, hits=output.hits,
            reflection=output.reflection, gaps=output.gaps, state=output.state,
            stop_reason=output.stop_reason, search_calls=search_calls, llm_calls=llm_calls,
            facts=output.facts,
        )

    result = run_rounds(
        plan=plan, research_id=research_id, search=services.search,
        researcher=services.researcher, filters=filters, budgets=budgets, calls=calls,
        persist=persist, evidence=evidence, resume=resume,
        progress=lambda msg: services.progress(f"{topic_id}: {msg}"),
        search_workers=services.settings.search_concurrency,
    )
    statuses: dict[int, QuestionStatus] = {}
    answered = 0
    if result.reflection is not None:
        statuses = {a.question_id: a.status for a in result.reflection.assessments}
        answered = sum(s == "answered" for s in statuses.values())
    return ResearchOutcome(
        research_id=research_id, rounds=result.rounds, stop_reason=result.stop_reason,
        queries=result.queries, sources=result.sources, answered=answered,
        questions=len(plan.questions), resumed_from=result.resumed_from,
        seconds=time.monotonic() - started, statuses=statuses,
    )


def _finished_research(services: Services, topic_id: str) -> tuple[Topic, ResearchPlan, str, dict]:
    topic, plan, plan_version = require_approved_plan(services, topic_id)
    latest = services.store.latest_research(topic_id, plan_version)
    if latest is None or latest["stop_reason"] is None:
        raise NotApprovedError(
            f"topic {topic_id!r}: the research rounds of plan {plan_version} have not finished; "
            "materialize research_rounds first"
        )
    return topic, plan, plan_version, latest


# -- facts -------------------------------------------------------------------------------


@dataclass
class FactsOutcome:
    """What fact extraction did."""

    research_id: str
    facts: int
    questions_with_facts: int
    sources_cited: int


def extract_facts(services: Services, topic_id: str, run_id: str) -> FactsOutcome:
    """Choose verbatim passages per question from the research's sources."""
    topic, plan, _, latest = _finished_research(services, topic_id)
    research_id = latest["research_id"]
    store = services.store
    evidence = [Evidence(s, score, r) for s, score, r in store.research_sources(research_id)]
    reflection = store.final_reflection(research_id)
    calls = services.start(topic_id, run_id, topic.spec.max_cost_usd,
                           store.research_cost(research_id, run_id))
    researcher = services.researcher
    try:
        if _own_calls(researcher):
            # A model researcher extracted facts round by round; only sources that became
            # relevant after their round's extraction are still to read.
            facts = store.round_facts(research_id)
            rounds = store.research_rounds(research_id)
            done = set(rounds[-1]["state"].get("extracted", [])) if rounds else set()
            relevant = {s for a in reflection.assessments for s in a.evidence_source_ids}
            rest = [e for e in evidence if e.source.source_id in relevant - done]
            if rest:
                facts += researcher.extract_facts(plan, reflection, rest)
        else:
            facts = calls.step(
                "extract_facts", researcher.name, researcher.model,
                {"research_id": research_id, "sources": [e.source.source_id for e in evidence]},
                lambda: researcher.extract_facts(plan, reflection, evidence),
            )
    except BudgetExceeded as exc:
        services.progress(f"{topic_id}: no facts extracted: {exc}")
        facts = []
    finally:
        store.record_calls(topic_id, run_id, llm_calls=calls.drain()[1])
    store.save_facts(research_id, topic_id, run_id, facts)
    return FactsOutcome(research_id, len(facts), len({f.question_id for f in facts}),
                        len({f.url for f in facts}))


# -- report ------------------------------------------------------------------------------


@dataclass
class ReportOutcome:
    """What the report step wrote."""

    report_id: str
    path: Path
    markdown: str
    citations: int
    open_questions: int
    answered: int
    questions: int
    dropped_sentences: int


def _open_questions(
    plan: ResearchPlan, reflection_rows: dict[int, dict], gaps: dict[int, dict],
    facts: list[Fact], stop_reason: str,
) -> list[OpenQuestion]:
    with_facts = {f.question_id for f in facts}
    out = []
    for q in plan.questions:
        item = reflection_rows.get(q.id, {"status": "unanswered", "coverage": 0.0,
                                          "missing_terms": []})
        missing = item.get("missing_terms") or []
        not_found = f"; not found in the sources: {', '.join(missing)}" if missing else ""
        gap = gaps.get(q.id)
        if item["status"] == "answered" and q.id in with_facts:
            continue
        if q.id in with_facts:
            reason = f"only partly answered (coverage {item['coverage']:.2f}){not_found}"
        elif gap is not None and gap["status"] == "abandoned":
            reason = (f"abandoned after {gap['fruitless_rounds']} fruitless rounds "
                      f"({gap['attempts']} attempts){not_found}")
        elif item["status"] == "answered":
            reason = "the matching passages were code or too short to quote"
        else:
            why = STOP_REASONS.get(stop_reason, stop_reason)
            reason = f"no source answered it before the research stopped ({why}){not_found}"
        out.append(OpenQuestion(question_id=q.id, text=q.text, reason=reason))
    return out


def write_report(services: Services, topic_id: str, run_id: str) -> ReportOutcome:
    """Render the report from stored facts, write it to ``reports/``, store it."""
    topic, plan, plan_version, latest = _finished_research(services, topic_id)
    store = services.store
    research_id = latest["research_id"]
    facts = store.latest_facts(research_id)
    texts = store.source_texts_for_research(research_id)
    # A quote that is not verbatim in its stored source never gets a marker.
    facts = [f for f in facts
             if any(" ".join(f.quote.split()) in " ".join(t.split()) for t in texts.get(f.url, []))]
    reflection = store.final_reflection(research_id)
    reflection_rows = {a.question_id: a.model_dump() for a in reflection.assessments}
    gaps = {g["question_id"]: g for g in store.final_gaps(research_id)}
    stop_reason = latest["stop_reason"] or ""
    open_questions = _open_questions(plan, reflection_rows, gaps, facts, stop_reason)
    given = dict(enumerate(facts, 1))
    calls = services.start(topic_id, run_id, topic.spec.max_cost_usd,
                           store.research_cost(research_id, run_id))
    researcher = services.researcher
    try:
        sections = calls.step(
            "write_answer", researcher.name, researcher.model,
            {"plan_version": plan_version, "facts": [f.fact_id for f in facts]},
            lambda: researcher.write_answer(topic, plan, list(given.items()), open_questions),
            record=not _own_calls(researcher),
        )
    finally:
        store.record_calls(topic_id, run_id, llm_calls=calls.drain()[1])
    conflicts = find_conflicts(facts)
    if conflicts:
        marker_of = {f.fact_id: n for n, f in given.items()}
        sections[CONFLICTS_KEY] = "\n\n".join(
            f"Question {c.question_id}: “{c.first.quote}”[^{marker_of[c.first.fact_id]}] "
            f"against “{c.second.quote}”[^{marker_of[c.second.fact_id]}] ({c.detail})."
            for c in conflicts
        )
    queries = store.research_queries(research_id)
    not_done = []
    if open_questions and stop_reason in ("max_rounds", "max_queries", "max_sources", "budget"):
        not_done.append(
            f"Research stopped because {STOP_REASONS[stop_reason]}, with "
            f"{len(open_questions)} question(s) still open; raise the budget in "
            f"{topic.path.name} to search further."
        )
    rendered = render_report(
        plan=plan, plan_version=plan_version, sections=sections, given=given,
        open_questions=open_questions, researcher=researcher.name,
        rounds=int(latest["rounds"]), n_queries=len(queries),
        n_sources=len(texts), generated_at=datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        not_done=not_done,
    )
    reports_dir = services.settings.reports_dir
    reports_dir.mkdir(parents=True, exist_ok=True)
    path = reports_dir / f"{topic_id}.md"
    tmp = path.with_suffix(".md.tmp")
    tmp.write_text(rendered.markdown, encoding="utf-8")
    tmp.replace(path)
    report_id = stable_hash(topic_id, run_id, research_id)
    store.save_report(
        report_id=report_id, research_id=research_id, topic_id=topic_id,
        plan_version=plan_version, run_id=run_id, path=str(path), markdown=rendered.markdown,
        citations=rendered.citations, n_open=len(open_questions),
        conflicts=[{"question_id": c.question_id, "first_fact_id": c.first.fact_id,
                    "second_fact_id": c.second.fact_id, "first_url": c.first.url,
                    "second_url": c.second.url, "detail": c.detail} for c in conflicts],
    )
    answered = len(plan.questions) - len(open_questions)
    return ReportOutcome(report_id, path, rendered.markdown, len(rendered.citations),
                         len(open_questions), answered, len(plan.questions),
                         rendered.dropped_sentences)


def verify_report(services: Services, topic_id: str) -> tuple[dict | None, CitationCheck]:
    """Re-read the written report file and check every footnote against stored sources."""
    store = services.store
    report = store.latest_report(topic_id)
    if report is None:
        return None, CitationCheck(problems=[f"topic {topic_id!r} has no report yet"])
    path = Path(report["path"])
    try:
        markdown = path.read_text(encoding="utf-8")
    except OSError as exc:
        return report, CitationCheck(problems=[f"cannot read {path}: {exc.strerror or exc}"])
    check = check_report(markdown, store.source_texts_for_research(report["research_id"]))
    store.mark_citations(report["report_id"], check.verified)
    return report, check


def account_questions(services: Services, topic_id: str) -> tuple[list[str], int, int]:
    """(unaccounted questions, answered, total) of the latest report, read from its file."""
    report = services.store.latest_report(topic_id)
    if report is None:
        return [f"topic {topic_id!r} has no report yet"], 0, 0
    plan = services.store.plan(report["plan_version"])
    if plan is None:
        return [f"plan {report['plan_version']} is not in the store"], 0, 0
    try:
        markdown = Path(report["path"]).read_text(encoding="utf-8")
    except OSError as exc:
        return [f"cannot read {report['path']}: {exc.strerror or exc}"], 0, 0
    questions = [q.text for q in plan.questions]
    missing = unaccounted_questions(markdown, questions)
    answered = len(questions) - int(report["n_open_questions"])
    return missing, answered, len(questions)
