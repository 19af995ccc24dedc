"""The round loop's rows: rounds, queries, results, reflections, gaps, calls."""

from __future__ import annotations

import json

import duckdb

from research_pipeline.models import (
    Fact,
    Gap,
    PlannedQuery,
    QuestionAssessment,
    Reflection,
    SearchHit,
    Source,
)
from research_pipeline.store.base import StoreBase, to_json, utc_now
from research_pipeline.store.calls import insert_call_rows


class ResearchStore(StoreBase):
    """The round loop's rows: rounds, queries, results, reflections, gaps, calls."""

    # -- the round loop ----------------------------------------------------------------

    def research_rounds(self, research_id: str) -> list[dict]:
        """The finished rounds of one research attempt, in order."""
        rows = self._read(
            "SELECT * FROM research_rounds WHERE research_id = ? ORDER BY round", [research_id]
        )
        for row in rows:
            row["state"] = json.loads(row["state"])
        return rows

    def latest_research(self, topic_id: str, plan_version: str) -> dict | None:
        """The newest research attempt of a plan version: its id, rounds and stop reason."""
        rows = self._read(
            "SELECT research_id, max(round) AS rounds, max(completed_at) AS last, "
            "max(stop_reason) AS stop_reason, min(completed_at) AS first FROM research_rounds "
            "WHERE topic_id = ? AND plan_version = ? GROUP BY research_id "
            "ORDER BY first DESC LIMIT 1",
            [topic_id, plan_version],
        )
        return rows[0] if rows else None

    def start_research(self, *, research_id: str, topic_id: str, plan_version: str,
                       run_id: str, state: dict) -> None:
        """Record that a research attempt began (round 0), before any paid call.

        A run killed in its first round is then resumed, not restarted, by the next run,
        and the budget counts what the killed run spent.
        """
        with self.transaction() as con:
            con.execute(
                "INSERT INTO research_rounds VALUES (?, ?, ?, ?, 0, ?, NULL, ?) "
                "ON CONFLICT DO NOTHING",
                [research_id, topic_id, plan_version, run_id, to_json(state), utc_now()],
            )

    def save_round(
        self, *, research_id: str, topic_id: str, plan_version: str, run_id: str, round_no: int,
        queries: list[tuple[str, PlannedQuery, int]], hits: list[tuple[str, SearchHit]],
        reflection: Reflection, gaps: list[Gap], state: dict, stop_reason: str | None,
        search_calls: list[dict], llm_calls: list[dict], facts: list[Fact] | None = None,
    ) -> None:
        """Persist one finished round in one transaction (a rerun of it replaces it).

        Besides the searches, reflection and gaps, the round's facts and each question's
        state after it (status, coverage, the facts found for it so far, its gap) are kept.
        """
        now = utc_now()
        with self.transaction() as con:
            # A round is stored in one transaction with its research_rounds row: without
            # that row there is nothing of the round to replace.
            stored = con.execute("SELECT count(*) FROM research_rounds WHERE research_id = ? "
                                 "AND round = ?", [research_id, round_no]).fetchall()[0]
            for table in ("search_queries", "search_results", "reflections", "knowledge_gaps",
                          "research_rounds", "round_facts", "question_states"):
                if stored[0]:
                    con.execute(
                        f"DELETE FROM {table} WHERE research_id = ? AND round = ?",  # noqa: S608
                        [research_id, round_no],
                    )
            self._insert_many(con, "search_queries", [
                [query_id, research_id, topic_id, plan_version, run_id, round_no,
                 query.question_id, query.gap_id, query.kind, query.text, n_results]
                for query_id, query, n_results in queries])
            sources = {hit.source.source_id: hit.source for _, hit in reversed(hits)}
            self._insert_many(con, "sources", [
                [src.source_id, src.url, src.title, src.text, src.provider, src.corpus,
                 src.published_date, now, src.section, to_json(src.layout)]
                for src in sources.values()],
                "ON CONFLICT (source_id) DO NOTHING")
            self._insert_many(con, "search_results", [
                [research_id, topic_id, run_id, round_no, query_id, hit.rank,
                 hit.source.source_id, hit.source.url, hit.source.title, hit.score]
                for query_id, hit in hits])
            self._insert_many(con, "reflections", [
                [research_id, topic_id, run_id, round_no, item.question_id, item.status,
                 item.coverage, item.best_source_id, to_json(item.evidence_source_ids),
                 to_json(item.matched_terms), to_json(item.missing_terms), item.note]
                for item in reflection.assessments])
            self._insert_many(con, "knowledge_gaps", [
                [research_id, topic_id, run_id, round_no, gap.gap_id, gap.question_id,
                 gap.description, gap.status, gap.attempts, gap.fruitless_rounds,
                 gap.best_coverage, to_json(gap.queries_tried), to_json(gap.rounds_worked)]
                for gap in gaps])
            round_facts = {fact.fact_id: fact for fact in reversed(facts or [])}
            self._insert_many(con, "round_facts", [
                [research_id, topic_id, run_id, round_no, fact.fact_id, fact.question_id,
                 fact.source_id, fact.url, fact.title, fact.quote, fact.text, fact.score,
                 fact.role, fact.position]
                for fact in round_facts.values()], "ON CONFLICT DO NOTHING")
            known = con.execute(
                "SELECT question_id, list(DISTINCT fact_id ORDER BY fact_id) FROM round_facts "
                "WHERE research_id = ? AND round <= ? GROUP BY question_id",
                [research_id, round_no],
            ).fetchall()
            fact_ids = {qid: ids for qid, ids in known}
            gap_status = {g.question_id: g.status for g in gaps}
            self._insert_many(con, "question_states", [
                [research_id, topic_id, run_id, round_no, item.question_id, item.status,
                 item.coverage, to_json(fact_ids.get(item.question_id, [])),
                 gap_status.get(item.question_id)] for item in reflection.assessments])
            con.execute(
                "INSERT INTO research_rounds VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [research_id, topic_id, plan_version, run_id, round_no, to_json(state),
                 stop_reason, now],
            )
            self._insert_calls(con, topic_id, run_id, search_calls, llm_calls)

    def _insert_calls(
        self, con: duckdb.DuckDBPyConnection, topic_id: str, run_id: str | None,
        search_calls: list[dict], llm_calls: list[dict],
    ) -> None:
        insert_call_rows(con, "search_calls", topic_id, run_id, search_calls)
        insert_call_rows(con, "llm_calls", topic_id, run_id, llm_calls)

    def record_calls(
        self, topic_id: str, run_id: str | None, search_calls: list[dict] | None = None,
        llm_calls: list[dict] | None = None,
    ) -> None:
        """Append audit rows for provider calls made outside the round loop."""
        with self.transaction() as con:
            self._insert_calls(con, topic_id, run_id, search_calls or [], llm_calls or [])

    def research_sources(self, research_id: str) -> list[tuple[Source, float, int]]:
        """Every distinct source the research retrieved: (source, best score, first round)."""
        rows = self._read(
            "SELECT s.*, max(r.score) AS best_score, min(r.round) AS first_round "
            "FROM search_results r JOIN sources s USING (source_id) WHERE r.research_id = ? "
            "GROUP BY ALL ORDER BY best_score DESC, first_round, s.source_id",
            [research_id],
        )
        return [
            (
                Source(
                    source_id=r["source_id"], url=r["url"], title=r["title"], text=r["text"],
                    provider=r["provider"], corpus=r["corpus"],
                    published_date=r["published_date"], section=r["section"] or "",
                    layout=[tuple(x) for x in json.loads(r["layout"] or "[]")],
                ),
                float(r["best_score"] or 0.0),
                int(r["first_round"]),
            )
            for r in rows
        ]

    def round_facts(self, research_id: str) -> list[Fact]:
        """Every fact the rounds of a research attempt extracted, one per question and quote."""
        rows = self._read(
            "SELECT * FROM round_facts WHERE research_id = ? QUALIFY row_number() OVER "
            "(PARTITION BY question_id, lower(quote) ORDER BY round, fact_id) = 1 "
            "ORDER BY question_id, round, role = 'answer' DESC, position, score DESC, fact_id",
            [research_id],
        )
        return [Fact.model_validate(r) for r in rows]

    def final_reflection(self, research_id: str) -> Reflection:
        """The reflection of the last finished round."""
        rows = self._read(
            "SELECT * FROM reflections WHERE research_id = ? AND round = (SELECT max(round) "
            "FROM reflections WHERE research_id = ?) ORDER BY question_id",
            [research_id, research_id],
        )
        return Reflection(
            round=rows[0]["round"] if rows else 0,
            assessments=[
                QuestionAssessment(
                    question_id=r["question_id"], status=r["status"], coverage=r["coverage"],
                    best_source_id=r["best_source_id"],
                    evidence_source_ids=json.loads(r["evidence_source_ids"] or "[]"),
                    matched_terms=json.loads(r["matched_terms"] or "[]"),
                    missing_terms=json.loads(r["missing_terms"] or "[]"),
                    note=r["note"] or "",
                )
                for r in rows
            ],
        )

    def final_gaps(self, research_id: str) -> list[dict]:
        """The knowledge gaps as the last finished round left them."""
        return self._read(
            "SELECT * FROM knowledge_gaps WHERE research_id = ? AND round = (SELECT max(round) "
            "FROM knowledge_gaps WHERE research_id = ?) ORDER BY question_id",
            [research_id, research_id],
        )

    def research_cost(self, research_id: str, run_id: str | None, topic_id: str) -> float:
        """USD spent on the topic by the runs of a research attempt (and ``run_id``).

        A run researches many topics: only this topic's calls count against its budget.
        """
        rows = self._read(
            "WITH runs AS (SELECT DISTINCT run_id FROM research_rounds WHERE research_id = ? "
            "UNION SELECT ?) SELECT coalesce((SELECT sum(cost_usd) FROM llm_calls WHERE run_id "
            "IN (SELECT run_id FROM runs) AND topic_id = ?), 0) + coalesce((SELECT "
            "sum(cost_usd) FROM search_calls WHERE run_id IN (SELECT run_id FROM runs) AND "
            "topic_id = ?), 0) AS spent",
            [research_id, run_id or "", topic_id, topic_id],
        )
        return float(rows[0]["spent"]) if rows else 0.0

    def topic_cost(self, topic_id: str) -> float:
        """USD spent on a topic over its whole history."""
        rows = self._read(
            "SELECT coalesce((SELECT sum(cost_usd) FROM llm_calls WHERE topic_id = ?), 0) + "
            "coalesce((SELECT sum(cost_usd) FROM search_calls WHERE topic_id = ?), 0) AS c",
            [topic_id, topic_id],
        )
        return round(float(rows[0]["c"]), 6) if rows else 0.0

    def run_totals(self, run_id: str) -> tuple[int, float]:
        """(provider calls, USD) recorded under one run."""
        rows = self._read(
            "SELECT (SELECT count(*) FROM llm_calls WHERE run_id = ?) + "
            "(SELECT count(*) FROM search_calls WHERE run_id = ?) AS n, "
            "coalesce((SELECT sum(cost_usd) FROM llm_calls WHERE run_id = ?), 0) + "
            "coalesce((SELECT sum(cost_usd) FROM search_calls WHERE run_id = ?), 0) AS cost",
            [run_id] * 4,
        )
        return (int(rows[0]["n"]), float(rows[0]["cost"])) if rows else (0, 0.0)

    def research_queries(self, research_id: str) -> list[dict]:
        """Every query of a research attempt, in round order."""
        return self._read(
            "SELECT * FROM search_queries WHERE research_id = ? ORDER BY round, query_id",
            [research_id],
        )

