"""The store: the one module that writes DuckDB.

Every write is a short transaction on a connection opened for it and closed after, so
several processes (the CLI, ``dagster dev``, the daemon, concurrent runs) share one file.
DuckDB lets one process at a time open a file, so opening retries, with jitter, until
the store's own deadline. Nothing here holds a connection across a network call.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import duckdb

from research_pipeline.errors import StoreError
from research_pipeline.models import (
    Fact,
    Gap,
    PlannedQuery,
    QuestionAssessment,
    Reflection,
    ResearchPlan,
    SearchHit,
    Source,
    stable_hash,
)

SCHEMA_VERSION = 3

_MIGRATIONS: dict[int, list[str]] = {
    1: [
        """CREATE TABLE topics (
            topic_id VARCHAR NOT NULL, content_hash VARCHAR NOT NULL, run_id VARCHAR,
            path VARCHAR NOT NULL, title VARCHAR NOT NULL, spec JSON NOT NULL,
            body VARCHAR NOT NULL, registered_at TIMESTAMP NOT NULL,
            PRIMARY KEY (topic_id, content_hash))""",
        """CREATE TABLE runs (
            run_id VARCHAR PRIMARY KEY, topic_id VARCHAR NOT NULL, job VARCHAR,
            step VARCHAR, started_at TIMESTAMP NOT NULL, settings JSON,
            corpus_versions JSON, models JSON, code_version VARCHAR)""",
        """CREATE TABLE research_plans (
            plan_version VARCHAR PRIMARY KEY, topic_id VARCHAR NOT NULL, run_id VARCHAR,
            topic_hash VARCHAR NOT NULL, revision INTEGER NOT NULL, parent_version VARCHAR,
            plan JSON NOT NULL, plan_markdown VARCHAR NOT NULL, note VARCHAR,
            created_at TIMESTAMP NOT NULL)""",
        """CREATE TABLE approvals (
            approval_id VARCHAR PRIMARY KEY, topic_id VARCHAR NOT NULL,
            plan_version VARCHAR NOT NULL, run_id VARCHAR, decision VARCHAR NOT NULL,
            decided_by VARCHAR NOT NULL, source VARCHAR NOT NULL, note VARCHAR,
            reasons JSON, created_at TIMESTAMP NOT NULL)""",
        """CREATE TABLE research_rounds (
            research_id VARCHAR NOT NULL, topic_id VARCHAR NOT NULL,
            plan_version VARCHAR NOT NULL, run_id VARCHAR NOT NULL, round INTEGER NOT NULL,
            state JSON NOT NULL, stop_reason VARCHAR, completed_at TIMESTAMP NOT NULL,
            PRIMARY KEY (research_id, round))""",
        """CREATE TABLE search_queries (
            query_id VARCHAR NOT NULL, research_id VARCHAR NOT NULL,
            topic_id VARCHAR NOT NULL, plan_version VARCHAR NOT NULL, run_id VARCHAR NOT NULL,
            round INTEGER NOT NULL, question_id INTEGER, gap_id VARCHAR, kind VARCHAR,
            query_text VARCHAR NOT NULL, n_results INTEGER,
            PRIMARY KEY (research_id, query_id))""",
        """CREATE TABLE sources (
            source_id VARCHAR PRIMARY KEY, url VARCHAR NOT NULL, title VARCHAR NOT NULL,
            text VARCHAR NOT NULL, provider VARCHAR NOT NULL, corpus VARCHAR,
            published_date VARCHAR, first_seen TIMESTAMP NOT NULL)""",
        """CREATE TABLE search_results (
            research_id VARCHAR NOT NULL, topic_id VARCHAR NOT NULL, run_id VARCHAR NOT NULL,
            round INTEGER NOT NULL, query_id VARCHAR NOT NULL, rank INTEGER NOT NULL,
            source_id VARCHAR NOT NULL, url VARCHAR NOT NULL, title VARCHAR NOT NULL,
            score DOUBLE, PRIMARY KEY (research_id, query_id, rank))""",
        """CREATE TABLE reflections (
            research_id VARCHAR NOT NULL, topic_id VARCHAR NOT NULL, run_id VARCHAR NOT NULL,
            round INTEGER NOT NULL, question_id INTEGER NOT NULL, status VARCHAR NOT NULL,
            coverage DOUBLE NOT NULL, best_source_id VARCHAR, evidence_source_ids JSON,
            matched_terms JSON, missing_terms JSON,
            PRIMARY KEY (research_id, round, question_id))""",
        """CREATE TABLE knowledge_gaps (
            research_id VARCHAR NOT NULL, topic_id VARCHAR NOT NULL, run_id VARCHAR NOT NULL,
            round INTEGER NOT NULL, gap_id VARCHAR NOT NULL, question_id INTEGER NOT NULL,
            description VARCHAR NOT NULL, status VARCHAR NOT NULL, attempts INTEGER NOT NULL,
            fruitless_rounds INTEGER NOT NULL, best_coverage DOUBLE NOT NULL,
            queries_tried JSON, rounds_worked JSON,
            PRIMARY KEY (research_id, round, gap_id))""",
        """CREATE TABLE facts (
            fact_id VARCHAR NOT NULL, research_id VARCHAR NOT NULL, topic_id VARCHAR NOT NULL,
            run_id VARCHAR NOT NULL, question_id INTEGER NOT NULL, source_id VARCHAR NOT NULL,
            url VARCHAR NOT NULL, title VARCHAR NOT NULL, quote VARCHAR NOT NULL,
            text VARCHAR NOT NULL, score DOUBLE, created_at TIMESTAMP NOT NULL,
            PRIMARY KEY (run_id, fact_id))""",
        """CREATE TABLE reports (
            report_id VARCHAR PRIMARY KEY, research_id VARCHAR NOT NULL,
            topic_id VARCHAR NOT NULL, plan_version VARCHAR NOT NULL, run_id VARCHAR NOT NULL,
            path VARCHAR NOT NULL, markdown VARCHAR NOT NULL, n_citations INTEGER NOT NULL,
            n_open_questions INTEGER NOT NULL, created_at TIMESTAMP NOT NULL)""",
        """CREATE TABLE citations (
            report_id VARCHAR NOT NULL, topic_id VARCHAR NOT NULL, run_id VARCHAR NOT NULL,
            marker INTEGER NOT NULL, fact_id VARCHAR, source_id VARCHAR, url VARCHAR NOT NULL,
            title VARCHAR NOT NULL, quote VARCHAR NOT NULL, verified BOOLEAN,
            PRIMARY KEY (report_id, marker))""",
        """CREATE TABLE llm_calls (
            call_id VARCHAR PRIMARY KEY, topic_id VARCHAR NOT NULL, run_id VARCHAR,
            step VARCHAR NOT NULL, provider VARCHAR NOT NULL, model VARCHAR,
            template VARCHAR, request_hash VARCHAR NOT NULL, prompt VARCHAR, response VARCHAR,
            input_tokens INTEGER, output_tokens INTEGER, cost_usd DOUBLE, latency_ms DOUBLE,
            cache_hit BOOLEAN NOT NULL, error VARCHAR, created_at TIMESTAMP NOT NULL)""",
        """CREATE TABLE search_calls (
            call_id VARCHAR PRIMARY KEY, topic_id VARCHAR NOT NULL, run_id VARCHAR,
            round INTEGER, provider VARCHAR NOT NULL, query VARCHAR NOT NULL,
            request_hash VARCHAR NOT NULL, n_results INTEGER, latency_ms DOUBLE,
            cost_usd DOUBLE, cache_hit BOOLEAN NOT NULL, error VARCHAR,
            created_at TIMESTAMP NOT NULL)""",
        """CREATE TABLE eval_results (
            eval_id VARCHAR NOT NULL, evalset VARCHAR NOT NULL, topic_id VARCHAR NOT NULL,
            run_id VARCHAR, questions INTEGER, answered INTEGER, expected INTEGER,
            found INTEGER, citations INTEGER, citations_verified INTEGER,
            distinct_sources INTEGER, unsupported_sentences INTEGER, calls INTEGER,
            cost_usd DOUBLE, seconds DOUBLE, error VARCHAR, created_at TIMESTAMP NOT NULL,
            PRIMARY KEY (eval_id, topic_id))""",
        """CREATE TABLE response_cache (
            request_hash VARCHAR PRIMARY KEY, provider VARCHAR NOT NULL,
            response JSON NOT NULL, created_at TIMESTAMP NOT NULL)""",
    ],
    2: [
        """CREATE TABLE conflicts (
            report_id VARCHAR NOT NULL, topic_id VARCHAR NOT NULL, run_id VARCHAR NOT NULL,
            question_id INTEGER NOT NULL, first_fact_id VARCHAR NOT NULL,
            second_fact_id VARCHAR NOT NULL, first_url VARCHAR NOT NULL,
            second_url VARCHAR NOT NULL, detail VARCHAR NOT NULL,
            PRIMARY KEY (report_id, first_fact_id, second_fact_id))""",
    ],
    3: [
        """CREATE TABLE round_facts (
            research_id VARCHAR NOT NULL, topic_id VARCHAR NOT NULL, run_id VARCHAR NOT NULL,
            round INTEGER NOT NULL, fact_id VARCHAR NOT NULL, question_id INTEGER NOT NULL,
            source_id VARCHAR NOT NULL, url VARCHAR NOT NULL, title VARCHAR NOT NULL,
            quote VARCHAR NOT NULL, text VARCHAR NOT NULL, score DOUBLE,
            PRIMARY KEY (research_id, round, fact_id))""",
        """CREATE TABLE question_states (
            research_id VARCHAR NOT NULL, topic_id VARCHAR NOT NULL, run_id VARCHAR NOT NULL,
            round INTEGER NOT NULL, question_id INTEGER NOT NULL, status VARCHAR NOT NULL,
            coverage DOUBLE NOT NULL, fact_ids JSON NOT NULL, gap_status VARCHAR,
            PRIMARY KEY (research_id, round, question_id))""",
    ],
}

_LOCK_MARKERS = ("lock", "Conflicting lock", "already open")


def _now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, default=str)


class Store:
    """Short-lived DuckDB connections with lock retry; every method is one transaction."""

    def __init__(self, path: Path, lock_timeout_s: float = 120.0) -> None:
        self.path = Path(path)
        self.lock_timeout_s = lock_timeout_s
        self._migrated = False

    # -- connections -------------------------------------------------------------------

    def _connect(self, read_only: bool = False) -> duckdb.DuckDBPyConnection:
        if not read_only:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        elif not self.path.exists():
            raise StoreError(
                f"no research database at {self.path}: run 'research-pipeline run' first "
                "or point RESEARCH_DB at an existing file"
            )
        deadline = time.monotonic() + self.lock_timeout_s
        delay = 0.02
        while True:
            try:
                return duckdb.connect(str(self.path), read_only=read_only)
            except duckdb.IOException as exc:
                if not any(m in str(exc) for m in _LOCK_MARKERS):
                    raise StoreError(f"cannot open {self.path}: {exc}") from exc
                if time.monotonic() >= deadline:
                    raise StoreError(
                        f"{self.path} stayed locked by another process for "
                        f"{self.lock_timeout_s:.0f}s (RESEARCH_STORE_LOCK_TIMEOUT_S); "
                        "a process is holding the file open"
                    ) from exc
                time.sleep(delay * (0.5 + random.random()))
                delay = min(delay * 1.6, 0.5)

    @contextmanager
    def transaction(self) -> Iterator[duckdb.DuckDBPyConnection]:
        """One read-write transaction on a fresh connection, migrated on first use."""
        con = self._connect()
        try:
            if not self._migrated:
                self._migrate(con)
                self._migrated = True
            con.execute("BEGIN TRANSACTION")
            try:
                yield con
            except BaseException:
                con.execute("ROLLBACK")
                raise
            con.execute("COMMIT")
        finally:
            con.close()

    @contextmanager
    def reader(self) -> Iterator[duckdb.DuckDBPyConnection]:
        """A read-only connection (used by ``sql`` and the checks)."""
        con = self._connect(read_only=True)
        try:
            yield con
        finally:
            con.close()

    def _migrate(self, con: duckdb.DuckDBPyConnection) -> None:
        con.execute("BEGIN TRANSACTION")
        try:
            con.execute(
                "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL, "
                "applied_at TIMESTAMP NOT NULL)"
            )
            row = con.execute("SELECT max(version) FROM schema_version").fetchone()
            current = (row[0] if row else None) or 0
            if current > SCHEMA_VERSION:
                raise StoreError(
                    f"{self.path} has schema version {current}, newer than this code "
                    f"({SCHEMA_VERSION}); upgrade research-pipeline"
                )
            for version in range(current + 1, SCHEMA_VERSION + 1):
                for statement in _MIGRATIONS[version]:
                    con.execute(statement)
                con.execute("INSERT INTO schema_version VALUES (?, ?)", [version, _now()])
            con.execute("COMMIT")
        except BaseException:
            con.execute("ROLLBACK")
            raise

    def ensure_schema(self) -> int:
        """Create or migrate the schema; return its version."""
        with self.transaction() as con:
            row = con.execute("SELECT max(version) FROM schema_version").fetchone()
        return int(row[0]) if row else 0

    @staticmethod
    def _rows(con: duckdb.DuckDBPyConnection, sql: str, params: Sequence[Any] = ()) -> list[dict]:
        cursor = con.execute(sql, list(params))
        names = [d[0] for d in cursor.description or []]
        return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]

    def _read(self, sql: str, params: Sequence[Any] = ()) -> list[dict]:
        if not self.path.exists():
            return []
        with self.transaction() as con:
            return self._rows(con, sql, params)

    # -- topics and runs ---------------------------------------------------------------

    def register_topic(
        self, topic_id: str, content_hash: str, path: str, title: str, spec: dict, body: str,
        run_id: str | None = None,
    ) -> None:
        """Record a topic file's content (one row per distinct content)."""
        with self.transaction() as con:
            con.execute(
                "INSERT INTO topics VALUES (?, ?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (topic_id, content_hash) DO UPDATE SET path = excluded.path, "
                "registered_at = excluded.registered_at",
                [topic_id, content_hash, run_id, path, title, _json(spec), body, _now()],
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
                "INSERT INTO runs VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (run_id) "
                "DO UPDATE SET step = excluded.step, corpus_versions = excluded.corpus_versions",
                [run_id, topic_id, job, step, _now(), _json(settings), _json(corpus_versions),
                 _json(models), code_version],
            )

    # -- plans and approvals -----------------------------------------------------------

    def save_plan(
        self, plan: ResearchPlan, plan_version: str, topic_hash: str, run_id: str | None,
        parent_version: str | None, note: str | None,
    ) -> None:
        """Store a plan version (idempotent: the version is the content hash)."""
        with self.transaction() as con:
            con.execute(
                "INSERT INTO research_plans VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (plan_version) DO NOTHING",
                [plan_version, plan.topic_id, run_id, topic_hash, plan.revision,
                 parent_version, plan.model_dump_json(), plan.as_markdown(), note, _now()],
            )

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
        """Append an approval or rejection of one plan version; return its id."""
        created = _now()
        approval_id = stable_hash(topic_id, plan_version, decision, decided_by, created)
        with self.transaction() as con:
            con.execute(
                "INSERT INTO approvals VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [approval_id, topic_id, plan_version, run_id, decision, decided_by, source,
                 note, _json(reasons or []), created],
            )
        return approval_id

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
        now = _now()
        with self.transaction() as con:
            for table in ("search_queries", "search_results", "reflections", "knowledge_gaps",
                          "research_rounds", "round_facts", "question_states"):
                con.execute(
                    f"DELETE FROM {table} WHERE research_id = ? AND round = ?",  # noqa: S608
                    [research_id, round_no],
                )
            for query_id, query, n_results in queries:
                con.execute(
                    "INSERT INTO search_queries VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    [query_id, research_id, topic_id, plan_version, run_id, round_no,
                     query.question_id, query.gap_id, query.kind, query.text, n_results],
                )
            for query_id, hit in hits:
                src = hit.source
                con.execute(
                    "INSERT INTO sources VALUES (?, ?, ?, ?, ?, ?, ?, ?) "
                    "ON CONFLICT (source_id) DO NOTHING",
                    [src.source_id, src.url, src.title, src.text, src.provider, src.corpus,
                     src.published_date, now],
                )
                con.execute(
                    "INSERT INTO search_results VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    [research_id, topic_id, run_id, round_no, query_id, hit.rank,
                     src.source_id, src.url, src.title, hit.score],
                )
            for item in reflection.assessments:
                con.execute(
                    "INSERT INTO reflections VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    [research_id, topic_id, run_id, round_no, item.question_id, item.status,
                     item.coverage, item.best_source_id, _json(item.evidence_source_ids),
                     _json(item.matched_terms), _json(item.missing_terms)],
                )
            for gap in gaps:
                con.execute(
                    "INSERT INTO knowledge_gaps VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    [research_id, topic_id, run_id, round_no, gap.gap_id, gap.question_id,
                     gap.description, gap.status, gap.attempts, gap.fruitless_rounds,
                     gap.best_coverage, _json(gap.queries_tried), _json(gap.rounds_worked)],
                )
            for fact in facts or []:
                con.execute(
                    "INSERT INTO round_facts VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                    "ON CONFLICT DO NOTHING",
                    [research_id, topic_id, run_id, round_no, fact.fact_id, fact.question_id,
                     fact.source_id, fact.url, fact.title, fact.quote, fact.text, fact.score],
                )
            known = con.execute(
                "SELECT question_id, list(DISTINCT fact_id ORDER BY fact_id) FROM round_facts "
                "WHERE research_id = ? AND round <= ? GROUP BY question_id",
                [research_id, round_no],
            ).fetchall()
            fact_ids = {qid: ids for qid, ids in known}
            gap_status = {g.question_id: g.status for g in gaps}
            for item in reflection.assessments:
                con.execute(
                    "INSERT INTO question_states VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    [research_id, topic_id, run_id, round_no, item.question_id, item.status,
                     item.coverage, _json(fact_ids.get(item.question_id, [])),
                     gap_status.get(item.question_id)],
                )
            con.execute(
                "INSERT INTO research_rounds VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [research_id, topic_id, plan_version, run_id, round_no, _json(state),
                 stop_reason, now],
            )
            self._insert_calls(con, topic_id, run_id, search_calls, llm_calls)

    def _insert_calls(
        self, con: duckdb.DuckDBPyConnection, topic_id: str, run_id: str | None,
        search_calls: list[dict], llm_calls: list[dict],
    ) -> None:
        now = _now()
        for call in search_calls:
            con.execute(
                "INSERT INTO search_calls VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (call_id) DO NOTHING",
                [call["call_id"], topic_id, run_id, call.get("round"), call["provider"],
                 call["query"], call["request_hash"], call.get("n_results"),
                 call.get("latency_ms"), call.get("cost_usd", 0.0), call.get("cache_hit", False),
                 call.get("error"), now],
            )
        for call in llm_calls:
            con.execute(
                "INSERT INTO llm_calls VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (call_id) DO NOTHING",
                [call["call_id"], topic_id, run_id, call["step"], call["provider"],
                 call.get("model"), call.get("template"), call["request_hash"],
                 call.get("prompt"), call.get("response"), call.get("input_tokens"),
                 call.get("output_tokens"), call.get("cost_usd", 0.0), call.get("latency_ms"),
                 call.get("cache_hit", False), call.get("error"), now],
            )

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
            "GROUP BY ALL ORDER BY best_score DESC",
            [research_id],
        )
        return [
            (
                Source(
                    source_id=r["source_id"], url=r["url"], title=r["title"], text=r["text"],
                    provider=r["provider"], corpus=r["corpus"],
                    published_date=r["published_date"],
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
            "ORDER BY question_id, round, score DESC, fact_id",
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

    def research_cost(self, research_id: str, run_id: str | None = None) -> float:
        """USD spent by the runs of a research attempt (and ``run_id``), for its budget."""
        rows = self._read(
            "WITH r AS (SELECT DISTINCT run_id FROM research_rounds WHERE research_id = ? "
            "UNION SELECT ?) SELECT coalesce((SELECT sum(cost_usd) FROM llm_calls WHERE run_id "
            "IN (SELECT run_id FROM r)), 0) + coalesce((SELECT sum(cost_usd) FROM search_calls "
            "WHERE run_id IN (SELECT run_id FROM r)), 0) AS spent",
            [research_id, run_id or ""],
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

    # -- facts, reports, citations -----------------------------------------------------

    def save_facts(self, research_id: str, topic_id: str, run_id: str, facts: list[Fact]) -> None:
        """Replace the facts this run extracted for a research attempt."""
        now = _now()
        with self.transaction() as con:
            con.execute(
                "DELETE FROM facts WHERE research_id = ? AND run_id = ?", [research_id, run_id]
            )
            for fact in facts:
                con.execute(
                    "INSERT INTO facts VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    [fact.fact_id, research_id, topic_id, run_id, fact.question_id,
                     fact.source_id, fact.url, fact.title, fact.quote, fact.text, fact.score, now],
                )

    def latest_facts(self, research_id: str) -> list[Fact]:
        """The facts of the newest extraction for a research attempt."""
        rows = self._read(
            "SELECT * FROM facts WHERE research_id = ? AND run_id = (SELECT run_id FROM facts "
            "WHERE research_id = ? ORDER BY created_at DESC LIMIT 1) ORDER BY question_id, "
            "score DESC, fact_id",
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
                 len(citations), n_open, _now()],
            )
            for c in citations:
                con.execute(
                    "INSERT INTO citations VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    [report_id, topic_id, run_id, c["marker"], c.get("fact_id"),
                     c.get("source_id"), c["url"], c["title"], c["quote"], c.get("verified")],
                )

    def mark_citations(self, report_id: str, verdicts: dict[int, bool]) -> None:
        """Record the independent check's verdict per footnote marker."""
        with self.transaction() as con:
            for marker, ok in verdicts.items():
                con.execute(
                    "UPDATE citations SET verified = ? WHERE report_id = ? AND marker = ?",
                    [ok, report_id, marker],
                )

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
        with self.transaction() as con:
            con.execute(
                "INSERT INTO response_cache VALUES (?, ?, ?, ?) ON CONFLICT (request_hash) "
                "DO UPDATE SET response = excluded.response, created_at = excluded.created_at",
                [request_hash, provider, _json(response), _now()],
            )

    def save_eval(self, eval_id: str, evalset: str, scores: list[dict]) -> None:
        """Store one evaluation's per-topic scores."""
        now = _now()
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
                 cost AS (SELECT topic_id, sum(cost_usd) AS spent FROM (
                          SELECT topic_id, cost_usd FROM llm_calls UNION ALL
                          SELECT topic_id, cost_usd FROM search_calls) GROUP BY ALL)
            SELECT t.topic_id, t.title, t.path, t.content_hash, p.plan_version, p.revision,
                   p.topic_hash = t.content_hash AS plan_current, p.plan_markdown,
                   a.decision, a.decided_by, a.source AS decision_source, a.note,
                   rr.rounds, rr.stop_reason, rep.path AS report_path,
                   rep.plan_version = p.plan_version AS report_current,
                   rep.n_citations, rep.n_open_questions, rep.created_at AS report_at,
                   coalesce(cost.spent, 0) AS spent_usd
            FROM t LEFT JOIN p USING (topic_id) LEFT JOIN a ON a.plan_version = p.plan_version
            LEFT JOIN rr ON rr.plan_version = p.plan_version
            LEFT JOIN rep ON rep.topic_id = t.topic_id LEFT JOIN cost ON cost.topic_id = t.topic_id
            {where} ORDER BY t.topic_id
            """,  # noqa: S608
            params,
        )
