"""Topics, runs, plans and approvals."""

from __future__ import annotations

from datetime import datetime

from research_pipeline.models import (
    ResearchPlan,
    stable_hash,
)
from research_pipeline.store.base import StoreBase, to_json, utc_now


class PlanStore(StoreBase):
    """Topics, runs, plans and approvals."""

    # -- topics and runs ---------------------------------------------------------------

    def register_topic(
        self, topic_id: str, content_hash: str, path: str, title: str, spec: dict, body: str,
        run_id: str | None = None,
    ) -> None:
        """Record a topic file's content (one row per distinct content)."""
        self.register_topics([(topic_id, content_hash, path, title, spec, body)], run_id)

    def register_topics(self, topics: list[tuple[str, str, str, str, dict, str]],
                        run_id: str | None = None) -> None:
        """``register_topic`` for many files in one transaction.

        ``topics`` holds each file's (topic_id, content_hash, path, title, spec, body).
        """
        if not topics:
            return
        now = utc_now()
        # One row per (id, content): one statement may not update a row twice.
        unique = list({(t[0], t[1]): t for t in topics}.values())
        with self.transaction() as con:
            # A statement per few hundred rows: DuckDB runs ``executemany`` as one
            # statement per row (0.5 s for 100 topics against 0.02 s).
            for start in range(0, len(unique), 500):
                chunk = unique[start:start + 500]
                con.execute(
                    "INSERT INTO topics VALUES "
                    + ", ".join(["(?, ?, ?, ?, ?, ?, ?, ?)"] * len(chunk))
                    + " ON CONFLICT (topic_id, content_hash) DO UPDATE SET "
                    "path = excluded.path, registered_at = excluded.registered_at",
                    [v for topic_id, content_hash, path, title, spec, body in chunk
                     for v in (topic_id, content_hash, run_id, path, title, to_json(spec),
                               body, now)],
                )

    def topic_record(self, topic_id: str) -> dict | None:
        """The most recently registered content of a topic."""
        rows = self._read(
            "SELECT * FROM topics WHERE topic_id = ? ORDER BY registered_at DESC LIMIT 1",
            [topic_id],
        )
        return rows[0] if rows else None

    def topic_records(self) -> list[dict]:
        """The latest registration of every topic."""
        return self._read(
            "SELECT * FROM topics QUALIFY row_number() OVER "
            "(PARTITION BY topic_id ORDER BY registered_at DESC) = 1 ORDER BY topic_id"
        )

    def record_run(
        self, run_id: str, topic_id: str, job: str | None, step: str, settings: dict,
        corpus_versions: dict, models: dict, code_version: str,
    ) -> None:
        """Record what a run used: settings without secrets, corpus versions, models, code."""
        with self.transaction() as con:
            con.execute(
                "INSERT INTO runs VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (run_id, topic_id) DO UPDATE SET step = excluded.step, "
                "corpus_versions = excluded.corpus_versions",
                [run_id, topic_id, job, step, utc_now(), to_json(settings),
                 to_json(corpus_versions), to_json(models), code_version],
            )

    # -- plans and approvals -----------------------------------------------------------

    def save_plan(
        self, plan: ResearchPlan, plan_version: str, topic_hash: str, run_id: str | None,
        parent_version: str | None, note: str | None,
    ) -> bool:
        """Store a plan version (idempotent: the version is the content hash).

        True when the version is new (so no decision can bind to it yet), False when it
        was stored before and this changed nothing.
        """
        with self.transaction() as con:
            inserted = con.execute(
                "INSERT INTO research_plans VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (plan_version) DO NOTHING",
                [plan_version, plan.topic_id, run_id, topic_hash, plan.revision,
                 parent_version, plan.model_dump_json(), plan.as_markdown(), note, utc_now()],
            ).fetchall()
        return bool(inserted and inserted[0][0])

    def current_plan(self, topic_id: str) -> dict | None:
        """The newest plan of a topic, with its decoded ``plan``."""
        rows = self._read(
            "SELECT * FROM research_plans WHERE topic_id = ? ORDER BY created_at DESC LIMIT 1",
            [topic_id],
        )
        if not rows:
            return None
        row = rows[0]
        row["plan"] = ResearchPlan.model_validate_json(row["plan"])
        return row

    def plan_approval(self, topic_id: str) -> dict | None:
        """The newest plan of a topic with its latest decision, in one read (the gate's).

        Keys: ``plan_version``, ``topic_hash``, ``revision``, ``plan_markdown`` of the plan,
        and ``decision``, ``decided_by``, ``source``, ``approval_id`` of its latest decision
        (all None while it has none). The plan itself is not decoded: a version is the
        plan's content hash, so a caller that holds the plan of that version holds this one.
        """
        rows = self._read(
            "WITH p AS (SELECT plan_version, topic_hash, revision, plan_markdown, created_at "
            "FROM research_plans WHERE topic_id = ? ORDER BY created_at DESC LIMIT 1) "
            "SELECT p.plan_version, p.topic_hash, p.revision, p.plan_markdown, a.decision, "
            "a.decided_by, a.source, a.approval_id FROM p LEFT JOIN approvals a "
            "ON a.plan_version = p.plan_version ORDER BY a.created_at DESC NULLS LAST LIMIT 1",
            [topic_id],
        )
        return rows[0] if rows else None

    def plan(self, plan_version: str) -> ResearchPlan | None:
        """A stored plan by version."""
        rows = self._read(
            "SELECT plan FROM research_plans WHERE plan_version = ?", [plan_version]
        )
        return ResearchPlan.model_validate_json(rows[0]["plan"]) if rows else None

    def record_decision(
        self, topic_id: str, plan_version: str, decision: str, decided_by: str, source: str,
        note: str | None = None, reasons: list[str] | None = None, run_id: str | None = None,
    ) -> str:
        """Append an approval or rejection of one plan version; return its id.

        An approval of a plan whose latest decision is already an approval records
        nothing and returns that approval's id (see ``decide_once``).
        """
        return self.decide_once(topic_id, plan_version, decision, decided_by, source, note,
                                reasons, run_id)[0]

    def decide_once(
        self, topic_id: str, plan_version: str, decision: str, decided_by: str, source: str,
        note: str | None = None, reasons: list[str] | None = None, run_id: str | None = None,
    ) -> tuple[str, bool]:
        """Record a decision unless it approves an approved plan: (id, recorded).

        Approval is idempotent per plan version. The latest decision is read and the new
        one written in one transaction, so two approvers at once record one approval.
        """
        created = utc_now()
        approval_id = stable_hash(topic_id, plan_version, decision, decided_by, created)
        with self.transaction() as con:
            if decision == "approved":
                latest = con.execute(
                    "SELECT approval_id, decision FROM approvals WHERE plan_version = ? "
                    "ORDER BY created_at DESC LIMIT 1", [plan_version]).fetchone()
                if latest is not None and latest[1] == "approved":
                    return str(latest[0]), False
            con.execute(
                "INSERT INTO approvals VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [approval_id, topic_id, plan_version, run_id, decision, decided_by, source,
                 note, to_json(reasons or []), created],
            )
        return approval_id, True

    def latest_decision(self, plan_version: str) -> dict | None:
        """The newest approval or rejection of a plan version."""
        rows = self._read(
            "SELECT * FROM approvals WHERE plan_version = ? ORDER BY created_at DESC LIMIT 1",
            [plan_version],
        )
        return rows[0] if rows else None

    def approvals_after(self, created_after: datetime | None) -> list[dict]:
        """Approvals recorded after a timestamp, oldest first (the approval sensor's feed)."""
        return self._read(
            "SELECT * FROM approvals WHERE decision = 'approved' AND created_at > ? "
            "ORDER BY created_at",
            [created_after or datetime(1970, 1, 1)],
        )

    def rejection_notes(self, topic_id: str, topic_hash: str) -> list[dict]:
        """Rejections of the plans made from this topic content, oldest first."""
        return self._read(
            "SELECT a.plan_version, a.note, a.created_at, p.revision FROM approvals a "
            "JOIN research_plans p USING (plan_version) WHERE a.topic_id = ? "
            "AND p.topic_hash = ? AND a.decision = 'rejected' ORDER BY a.created_at",
            [topic_id, topic_hash],
        )

