"""Topics and plans: register, plan (with the policy auditor), decide, require approval."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import partial
from pathlib import Path

from research_pipeline import __version__
from research_pipeline.auditor import Verdict, audit_plan, load_policy, model_audit
from research_pipeline.errors import (
    STEP_FAILURES,
    ApprovalError,
    ConfigError,
    NotApprovedError,
    TopicFileError,
)
from research_pipeline.live.retry import one_line
from research_pipeline.models import (
    ResearchPlan,
)
from research_pipeline.pipeline.services import Services, own_calls
from research_pipeline.researcher.base import RevisionNote
from research_pipeline.topics import Topic, claim_conflict, parse_topic


def register_topic(services: Services, topic: Topic, run_id: str | None = None,
                   record: dict | None = None) -> None:
    """Record a topic file's current content in the store.

    ``record`` is the topic's registration as the caller has just read it from the store
    (``Store.topic_record``); without it, it is read here. Raises ``TopicFileError`` when
    the file would take over an id that another existing file holds (see
    ``topics.claim_conflict``).
    """
    if record is None:
        record = services.store.topic_record(topic.id)
    conflict = claim_conflict(topic, record["path"] if record else None)
    if conflict is not None:
        raise conflict
    _store_registrations(services, [topic], run_id)


def register_topics(services: Services, topics: Sequence[Topic], run_id: str | None = None,
                    ) -> list[tuple[Topic, TopicFileError]]:
    """``register_topic`` for many files at once: one read, one transaction.

    A file that would take over another file's id is left out and returned with its
    error; the others are registered.
    """
    records = {r["topic_id"]: r for r in services.store.topic_records()}
    errors: list[tuple[Topic, TopicFileError]] = []
    kept: list[Topic] = []
    for topic in topics:
        record = records.get(topic.id)
        conflict = claim_conflict(topic, record["path"] if record else None)
        if conflict is not None:
            errors.append((topic, conflict))
        else:
            kept.append(topic)
    _store_registrations(services, kept, run_id)
    return errors


def _store_registrations(services: Services, topics: Sequence[Topic], run_id: str | None,
                         ) -> None:
    """Store the files' contents in one transaction and remember where each topic lives."""
    services.store.register_topics(
        [(t.id, t.content_hash, str(t.path), t.spec.title, t.spec.model_dump(mode="json"),
          t.body) for t in topics], run_id)
    for topic in topics:
        services.known.topics[topic.id] = {"topic_id": topic.id, "path": str(topic.path),
                                           "content_hash": topic.content_hash}


def load_registered_topic(services: Services, topic_id: str) -> Topic:
    """Re-read the topic file registered for a partition.

    Where the file is registered is read from the store once per ``Services`` (a topic's
    chain of steps); the file itself is read every time, so an edit is always seen.
    """
    record = services.known.topics.get(topic_id)
    if record is None:
        record = services.store.topic_record(topic_id)
        if record is not None:
            services.known.topics[topic_id] = record
    return _registered_file(record, topic_id)


def _registered_file(record: dict | None, topic_id: str) -> Topic:
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


def plan_of(services: Services, plan_version: str) -> ResearchPlan | None:
    """A stored plan by version, read from the store once per ``Services``."""
    plan = services.known.plans.get(plan_version)
    if plan is None:
        plan = services.store.plan(plan_version)
        if plan is not None:
            services.known.plans[plan_version] = plan
    return plan


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
    # The step's reading of the gate (``Store.plan_approval``'s keys) as it left the store,
    # for a gate step that follows at once; None where the step does not know it.
    reading: dict | None = None


def make_plan(services: Services, topic_id: str, run_id: str | None) -> PlanOutcome:
    """Reuse the plan of an unchanged topic, revise a rejected one, or make a new one."""
    store = services.store
    # The registration is read once, for the file's path and for the claim check.
    record = store.topic_record(topic_id)
    topic = _registered_file(record, topic_id)
    register_topic(services, topic, run_id, record)
    current = store.current_plan(topic_id)
    previous: ResearchPlan | None = None
    parent: str | None = None
    if current is not None:
        services.known.plans[current["plan_version"]] = current["plan"]
    if current is not None and current["topic_hash"] == topic.content_hash:
        decision = store.latest_decision(current["plan_version"])
        if decision is None or decision["decision"] != "rejected":
            return PlanOutcome(topic, current["plan"], current["plan_version"], True,
                               decision["decision"] if decision else None,
                               current["plan"].as_markdown(), _gate_reading(current, decision))
        previous, parent = current["plan"], current["plan_version"]
        if previous.revision >= services.settings.max_plan_revisions:
            raise ApprovalError(
                f"topic {topic_id!r}: plan revision {previous.revision} was rejected and the "
                f"revision ceiling ({services.settings.max_plan_revisions}) is reached; edit "
                f"{topic.path} (its questions or body) to start a new plan"
            )
    # A topic without any plan has no rejected plan either: its notes are not read.
    notes = [
        RevisionNote(revision=row["revision"], note=row["note"] or "")
        for row in store.rejection_notes(topic_id, topic.content_hash)
    ] if current is not None else []
    plan = _generate_plan(services, topic, notes, previous, run_id)
    version = plan.version(topic.content_hash)
    new = store.save_plan(plan, version, topic.content_hash, run_id, parent,
                          notes[-1].note if notes else None)
    services.known.plans[version] = plan
    verdict_decision: str | None = None
    reading: dict | None = None
    if topic.spec.approval == "auto":
        plan, version, verdict_decision = _policy_audit(services, topic, plan, version, run_id)
    elif new:
        # A version stored just now is the topic's newest plan, and nothing has decided it.
        reading = _gate_reading(
            {"plan_version": version, "topic_hash": topic.content_hash,
             "revision": plan.revision, "plan_markdown": plan.as_markdown()}, None)
    return PlanOutcome(topic, plan, version, False, verdict_decision, plan.as_markdown(),
                       reading)


def _gate_reading(plan_row: dict, decision: dict | None) -> dict:
    """A plan row and its latest decision as ``Store.plan_approval`` returns them."""
    return {
        "plan_version": plan_row["plan_version"], "topic_hash": plan_row["topic_hash"],
        "revision": plan_row["revision"], "plan_markdown": plan_row["plan_markdown"],
        **{key: decision[key] if decision else None
           for key in ("decision", "decided_by", "source", "approval_id")},
    }


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
            record=not own_calls(researcher),
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
        except STEP_FAILURES as exc:
            # No audit is no approval: the plan goes to a person.
            reason = one_line(str(exc), 500)
            if services.runtime is not None:
                services.runtime.fallback("policy_audit", reason)
            second = Verdict("escalated", [f"the model audit failed ({reason}); a person "
                                           "must approve this plan"])
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
    current = services.store.plan_approval(topic_id)
    if current is None:
        known = ", ".join(r["topic_id"] for r in services.store.topic_records()) or "none"
        raise ApprovalError(
            f"no plan for topic {topic_id!r} in {services.settings.db} (topics with plans: "
            f"{known}); run 'research-pipeline run' to make its plan first"
        )
    if decision == "rejected" and not (note or "").strip():
        raise ApprovalError("a rejection needs a note saying what to change (--note)")
    approval_id, recorded = services.store.decide_once(
        topic_id, current["plan_version"], decision, by, source, note=note
    )
    return {"approval_id": approval_id, "plan_version": current["plan_version"],
            "revision": current["revision"], "recorded": recorded}


def require_approved_plan(services: Services, topic_id: str) -> tuple[Topic, ResearchPlan, str]:
    """The current plan, if a stored approval binds to it and the topic is unchanged.

    The approval is read from the store on every call (one statement): each step that
    spends calls this before it does, and the rounds step again before every later round,
    so a rejection or a new plan recorded meanwhile stops the spending.
    """
    topic = load_registered_topic(services, topic_id)
    current = services.store.plan_approval(topic_id)
    if current is None:
        raise NotApprovedError(f"topic {topic_id!r} has no plan yet: materialize research_plan")
    if current["topic_hash"] != topic.content_hash:
        raise NotApprovedError(
            f"topic {topic_id!r}: {topic.path} changed after its plan was made; run the plan "
            "step again, then approve the new plan"
        )
    if current["decision"] != "approved":
        state = current["decision"] or "awaiting approval"
        raise NotApprovedError(
            f"topic {topic_id!r}: plan {current['plan_version']} is {state}; approve it with "
            f"'research-pipeline approve {topic_id}' or the approve_plan job"
        )
    plan = plan_of(services, current["plan_version"])
    if plan is None:  # the row was read a moment ago; plans are never deleted
        raise NotApprovedError(f"topic {topic_id!r}: plan {current['plan_version']} is gone")
    return topic, plan, current["plan_version"]
