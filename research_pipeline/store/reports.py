"""Facts, reports, citations, the response cache, eval scores and status."""

from __future__ import annotations

import json
from typing import Any

from research_pipeline.models import (
    Fact,
)
from research_pipeline.store.base import StoreBase, to_json, utc_now


class ReportStore(StoreBase):
    """Facts, reports, citations, the response cache, eval scores and status."""

    # -- facts, reports, citations -----------------------------------------------------

    def save_facts(self, research_id: str, topic_id: str, run_id: str, facts: list[Fact]) -> None:
        """Replace the facts this run extracted for a research attempt."""
        now = utc_now()
        with self.transaction() as con:
            con.execute(
                "DELETE FROM facts WHERE research_id = ? AND run_id = ?", [research_id, run_id]
            )
            self._insert_many(con, "facts", [
                [fact.fact_id, research_id, topic_id, run_id, fact.question_id, fact.source_id,
                 fact.url, fact.title, fact.quote, fact.text, fact.score, now, fact.role,
                 fact.position]
                for fact in facts])

    def latest_facts(self, research_id: str) -> list[Fact]:
        """The facts of the newest extraction for a research attempt."""
        rows = self._read(
            "SELECT * FROM facts WHERE research_id = ? AND run_id = (SELECT run_id FROM facts "
            "WHERE research_id = ? ORDER BY created_at DESC LIMIT 1) ORDER BY question_id, "
            "role = 'answer' DESC, position, score DESC, fact_id",
            [research_id, research_id],
        )
        return [Fact.model_validate(r) for r in rows]

    def save_report(
        self, *, report_id: str, research_id: str, topic_id: str, plan_version: str,
        run_id: str, path: str, markdown: str, citations: list[dict], n_open: int,
        conflicts: list[dict] | None = None,
    ) -> None:
        """Store a written report, its footnotes and the disagreements it reports."""
        with self.transaction() as con:
            con.execute("DELETE FROM conflicts WHERE report_id = ?", [report_id])
            for c in conflicts or []:
                con.execute(
                    "INSERT INTO conflicts VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) "
                    "ON CONFLICT DO NOTHING",
                    [report_id, topic_id, run_id, c["question_id"], c["first_fact_id"],
                     c["second_fact_id"], c["first_url"], c["second_url"], c["detail"]],
                )
            con.execute("DELETE FROM citations WHERE report_id = ?", [report_id])
            con.execute("DELETE FROM reports WHERE report_id = ?", [report_id])
            con.execute(
                "INSERT INTO reports VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [report_id, research_id, topic_id, plan_version, run_id, path, markdown,
                 len(citations), n_open, utc_now()],
            )
            self._insert_many(con, "citations", [
                [report_id, topic_id, run_id, c["marker"], c.get("fact_id"), c.get("source_id"),
                 c["url"], c["title"], c["quote"], c.get("verified")] for c in citations])

    def mark_citations(self, report_id: str, verdicts: dict[int, bool]) -> None:
        """Record the independent check's verdict per footnote marker."""
        if not verdicts:
            return
        # One statement for every marker (one UPDATE per marker cost a statement each).
        values = ", ".join(["(?::INTEGER, ?::BOOLEAN)"] * len(verdicts))
        with self.transaction() as con:
            con.execute(
                f"UPDATE citations SET verified = v.ok FROM (VALUES {values}) AS v(marker, ok) "  # noqa: S608
                "WHERE citations.report_id = ? AND citations.marker = v.marker",
                [value for pair in verdicts.items() for value in pair] + [report_id],
            )

    def set_report_markdown(self, report_id: str, markdown: str) -> None:
        """Replace a report's stored text (the same report, marked by its check)."""
        with self.transaction() as con:
            con.execute("UPDATE reports SET markdown = ? WHERE report_id = ?",
                        [markdown, report_id])

    def latest_report(self, topic_id: str) -> dict | None:
        """The newest report of a topic."""
        rows = self._read(
            "SELECT * FROM reports WHERE topic_id = ? ORDER BY created_at DESC LIMIT 1",
            [topic_id],
        )
        return rows[0] if rows else None

    def source_texts_for_research(self, research_id: str) -> dict[str, list[str]]:
        """URL -> stored texts of every source a research attempt retrieved."""
        rows = self._read(
            "SELECT DISTINCT s.url, s.text FROM search_results r JOIN sources s "
            "USING (source_id) WHERE r.research_id = ?",
            [research_id],
        )
        out: dict[str, list[str]] = {}
        for r in rows:
            out.setdefault(r["url"], []).append(r["text"])
        return out

    # -- cache -------------------------------------------------------------------------

    def cache_get(self, request_hash: str) -> Any | None:
        """A cached provider response, or None."""
        rows = self._read(
            "SELECT response FROM response_cache WHERE request_hash = ?", [request_hash]
        )
        return json.loads(rows[0]["response"]) if rows else None

    def cache_put(self, request_hash: str, provider: str, response: Any) -> None:
        """Store (or replace) a provider response by request hash."""
        self.write(
            "INSERT INTO response_cache VALUES (?, ?, ?, ?)",
            [request_hash, provider, to_json(response), utc_now()],
            on_conflict="INSERT INTO response_cache VALUES (?, ?, ?, ?) ON CONFLICT "
            "(request_hash) DO UPDATE SET response = excluded.response, "
            "created_at = excluded.created_at",
        )

    def save_eval(self, eval_id: str, evalset: str, scores: list[dict]) -> None:
        """Store one evaluation's per-topic scores."""
        now = utc_now()
        with self.transaction() as con:
            for s in scores:
                con.execute(
                    "INSERT INTO eval_results VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
                    "?, ?, ?)",
                    [eval_id, evalset, s["topic_id"], f"eval-{eval_id}-{s['topic_id']}",
                     s["questions"], s["answered"], s["expected"], s["found"], s["citations"],
                     s["citations_verified"], s["distinct_sources"], s["unsupported_sentences"],
                     s["calls"], s["cost_usd"], s["seconds"], s["error"], now],
                )

    def save_eval_questions(self, eval_id: str, evalset: str, rows: list[dict]) -> None:
        """Store one evaluation's per-question scores."""
        now = utc_now()
        with self.transaction() as con:
            for q in rows:
                con.execute(
                    "INSERT INTO eval_questions VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    [eval_id, evalset, q["topic_id"], q["question_id"], q["question"],
                     q["answer_type"] or None, q["answerable"], q["labelled_answered"],
                     q["in_section"], q["in_first_paragraph"], q["quoted"], now],
                )

    # -- read-side helpers -------------------------------------------------------------

    def status_rows(self, topic_id: str | None = None) -> list[dict]:
        """Per topic: plan, decision, research and report state, and spent cost."""
        where = "WHERE t.topic_id = ?" if topic_id else ""
        params = [topic_id] if topic_id else []
        return self._read(
            f"""
            WITH t AS (SELECT * FROM topics QUALIFY row_number() OVER
                       (PARTITION BY topic_id ORDER BY registered_at DESC) = 1),
                 p AS (SELECT * FROM research_plans QUALIFY row_number() OVER
                       (PARTITION BY topic_id ORDER BY created_at DESC) = 1),
                 a AS (SELECT * FROM approvals QUALIFY row_number() OVER
                       (PARTITION BY plan_version ORDER BY created_at DESC) = 1),
                 rr AS (SELECT topic_id, plan_version, max(round) AS rounds,
                        max(stop_reason) AS stop_reason FROM research_rounds
                        GROUP BY ALL),
                 rep AS (SELECT * FROM reports QUALIFY row_number() OVER
                         (PARTITION BY topic_id ORDER BY created_at DESC) = 1),
                 bad AS (SELECT report_id, count(*) AS n_unverified FROM citations
                         WHERE verified = false GROUP BY ALL),
                 cost AS (SELECT topic_id, sum(cost_usd) AS spent FROM (
                          SELECT topic_id, cost_usd FROM llm_calls UNION ALL
                          SELECT topic_id, cost_usd FROM search_calls) GROUP BY ALL)
            SELECT t.topic_id, t.title, t.path, t.content_hash, p.plan_version, p.revision,
                   p.topic_hash = t.content_hash AS plan_current, p.plan_markdown,
                   a.decision, a.decided_by, a.source AS decision_source, a.note,
                   rr.rounds, rr.stop_reason, rep.path AS report_path,
                   rep.plan_version = p.plan_version AS report_current,
                   rep.n_citations, rep.n_open_questions, rep.created_at AS report_at,
                   coalesce(bad.n_unverified, 0) AS n_unverified,
                   coalesce(cost.spent, 0) AS spent_usd
            FROM t LEFT JOIN p USING (topic_id) LEFT JOIN a ON a.plan_version = p.plan_version
            LEFT JOIN rr ON rr.plan_version = p.plan_version
            LEFT JOIN rep ON rep.topic_id = t.topic_id LEFT JOIN cost ON cost.topic_id = t.topic_id
            LEFT JOIN bad ON bad.report_id = rep.report_id
            {where} ORDER BY t.topic_id
            """,  # noqa: S608
            params,
        )
