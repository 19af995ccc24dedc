import subprocess
import sys
import textwrap

import duckdb
import pytest

from research_pipeline.errors import StoreError
from research_pipeline.models import (
    Gap,
    PlannedQuery,
    QuestionAssessment,
    Reflection,
    SearchHit,
    Source,
)
from research_pipeline.store import SCHEMA_VERSION, Store

TABLES = {
    "topics", "runs", "research_plans", "approvals", "search_queries", "search_results",
    "reflections", "knowledge_gaps", "facts", "reports", "citations", "llm_calls",
    "search_calls", "response_cache", "sources", "research_rounds", "schema_version",
}


def test_open_creates_schema_and_reopen_is_idempotent(tmp_path):
    store = Store(tmp_path / "db.duckdb")
    assert store.ensure_schema() == SCHEMA_VERSION
    assert Store(tmp_path / "db.duckdb").ensure_schema() == SCHEMA_VERSION
    con = duckdb.connect(str(tmp_path / "db.duckdb"), read_only=True)
    names = {r[0] for r in con.execute("select table_name from duckdb_tables()").fetchall()}
    versions = con.execute("select count(*) from schema_version").fetchone()[0]
    con.close()
    assert TABLES <= names
    assert versions == SCHEMA_VERSION


def test_newer_schema_is_refused(tmp_path):
    path = tmp_path / "db.duckdb"
    Store(path).ensure_schema()
    con = duckdb.connect(str(path))
    con.execute("insert into schema_version values (999, now())")
    con.close()
    with pytest.raises(StoreError, match="newer than this code"):
        Store(path).ensure_schema()


def _round(store: Store, round_no: int, run_id: str = "run-1") -> None:
    src = Source(source_id="s1", url="file:///a", title="A", text="alpha beta gamma delta",
                 provider="local")
    store.save_round(
        research_id="r1", topic_id="t", plan_version="p1", run_id=run_id, round_no=round_no,
        queries=[(f"q{round_no}", PlannedQuery(text="alpha", question_id=1), 1)],
        hits=[(f"q{round_no}", SearchHit(source=src, rank=1, score=1.0))],
        reflection=Reflection(round=round_no, assessments=[
            QuestionAssessment(question_id=1, status="partial", coverage=0.5)]),
        gaps=[Gap(gap_id="g1", question_id=1, description="d")],
        state={"round": round_no}, stop_reason=None, search_calls=[], llm_calls=[],
    )


def test_saving_a_round_twice_replaces_it(tmp_path):
    store = Store(tmp_path / "db.duckdb")
    _round(store, 1)
    _round(store, 1, run_id="run-2")
    _round(store, 2)
    with store.reader() as con:
        counts = {t: con.execute(f"select count(*) from {t}").fetchone()[0]
                  for t in ("search_queries", "search_results", "reflections", "knowledge_gaps",
                            "research_rounds", "sources")}
    assert counts == {"search_queries": 2, "search_results": 2, "reflections": 2,
                      "knowledge_gaps": 2, "research_rounds": 2, "sources": 1}
    assert [r["round"] for r in store.research_rounds("r1")] == [1, 2]


def test_sources_with_equal_scores_come_back_in_one_order(tmp_path):
    # The researcher ranks spans of the evidence in the order the store returns it: a tie in
    # search score must not let two runs over the same results write different reports.
    for order in (["s3", "s1", "s2"], ["s2", "s3", "s1"]):
        store = Store(tmp_path / f"{order[0]}.duckdb")
        hits = [(f"q{n}", SearchHit(source=Source(source_id=sid, url=f"file:///{sid}",
                                                  title=sid, text="alpha beta gamma delta",
                                                  provider="local"), rank=1, score=2.0))
                for n, sid in enumerate(order)]
        store.save_round(
            research_id="r1", topic_id="t", plan_version="p1", run_id="run-1", round_no=1,
            queries=[(f"q{n}", PlannedQuery(text=f"alpha {n}", question_id=1), 1)
                     for n in range(3)],
            hits=hits, reflection=Reflection(round=1, assessments=[]), gaps=[],
            state={"round": 1}, stop_reason=None, search_calls=[], llm_calls=[])
        assert [s.source_id for s, _, _ in store.research_sources("r1")] == ["s1", "s2", "s3"]


def test_read_only_store_needs_an_existing_file(tmp_path):
    with pytest.raises(StoreError, match="no research database"):
        with Store(tmp_path / "missing.duckdb").reader():
            pass


def test_writer_waits_for_a_lock_held_by_another_process(tmp_path):
    path = tmp_path / "db.duckdb"
    store = Store(path)
    store.ensure_schema()
    with subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(f"""
            import duckdb, time, sys
            con = duckdb.connect({str(path)!r})
            print("locked", flush=True)
            time.sleep(1.5)
            con.close()
        """)],
        stdout=subprocess.PIPE, text=True,
    ) as holder:
        assert holder.stdout.readline().strip() == "locked"
        store.record_decision("t", "p1", "approved", "me", "cli")
        holder.wait(timeout=10)
    assert store.latest_decision("p1")["decided_by"] == "me"


def test_lock_timeout_gives_a_clear_error(tmp_path):
    path = tmp_path / "db.duckdb"
    Store(path).ensure_schema()
    with subprocess.Popen(
        [sys.executable, "-c",
         f"import duckdb, time; c = duckdb.connect({str(path)!r}); print('x', flush=True); "
         "time.sleep(5)"],
        stdout=subprocess.PIPE, text=True,
    ) as holder:
        try:
            holder.stdout.readline()
            with pytest.raises(StoreError, match="stayed locked"):
                Store(path, lock_timeout_s=0.5).ensure_schema()
        finally:
            holder.kill()


def test_threads_share_the_open_file_in_a_session_and_release_it_after(tmp_path):
    from concurrent.futures import ThreadPoolExecutor

    path = tmp_path / "db.duckdb"
    store = Store(path)
    with store.session():
        with ThreadPoolExecutor(8) as pool:
            list(pool.map(lambda i: store.record_decision("t", f"p{i}", "approved", "me", "cli"),
                          range(40)))
        # Two Store objects of one file share the process's hold on it.
        assert Store(path).latest_decision("p7")["decided_by"] == "me"
    opened = subprocess.run(
        [sys.executable, "-c", f"import duckdb; duckdb.connect({str(path)!r}).close()"],
        capture_output=True, text=True, timeout=30)
    assert opened.returncode == 0, opened.stderr


def _written_as_one_group(path, keys: list[str], put) -> list[str | None]:
    """``put(key)`` from one thread per key, all queued behind the held store as one group.

    Returns each call's result, in the order of ``keys``.
    """
    import threading
    from concurrent.futures import ThreadPoolExecutor

    from research_pipeline.store.base import _lease_for

    lease = _lease_for(path)
    waiting = threading.Barrier(len(keys) + 1)

    def queued(key: str) -> str | None:
        waiting.wait()
        return put(key)

    with ThreadPoolExecutor(len(keys)) as pool:
        with lease.mutex:  # the writes queue up behind this thread as one group
            futures = [pool.submit(queued, k) for k in keys]
            waiting.wait()
            while len(lease.pending) < len(keys):
                threading.Event().wait(0.01)
        results = [f.result(timeout=60) for f in futures]
    assert not lease.pending and not lease.flushing
    return results


def test_statements_written_at_once_in_a_session_commit_together_and_fail_alone(tmp_path):
    path = tmp_path / "db.duckdb"
    store = Store(path)
    insert = "INSERT INTO response_cache VALUES (?, 'p', '{}', now())"
    with store.session():
        store.write(insert, ["taken"])
        store.cache_put("cached", "gemini", {"v": 1})

        def put(key: str) -> str | None:
            if key == "cached":  # a key that exists, written with its ON CONFLICT form
                store.cache_put(key, "gemini", {"v": 2})
                return None
            try:
                store.write(insert, [key])
            except duckdb.ConstraintException:
                return key
            return None

        # While this thread holds the store, the thirteen writes queue up as one group; the
        # one that breaks a key fails in its own caller, and the others are kept.
        keys = [*(f"k{i}" for i in range(11)), "taken", "cached"]
        failed = _written_as_one_group(path, keys, put)
    assert [f for f in failed if f] == ["taken"]
    with store.reader() as con:
        stored = {r[0] for r in con.execute("SELECT request_hash FROM response_cache").fetchall()}
    assert stored == {"taken", "cached", *(f"k{i}" for i in range(11))}
    assert store.cache_get("cached") == {"v": 2}


def test_a_topics_budget_counts_only_its_own_calls_in_a_shared_run(tmp_path):
    store = Store(tmp_path / "db.duckdb")
    for topic, cost in (("a", 0.25), ("b", 0.5)):
        store.record_calls(topic, "run-1", llm_calls=[{
            "call_id": f"c-{topic}", "step": "generate_plan", "provider": "gemini",
            "request_hash": "h", "cost_usd": cost}])
    assert store.research_cost("r-a", "run-1", "a") == 0.25
    assert store.research_cost("r-b", "run-1", "b") == 0.5


@pytest.mark.parametrize(("sql", "row"), [
    ("INSERT INTO response_cache VALUES (?, ?, ?, ?)", "(?, ?, ?, ?)"),
    ("INSERT INTO llm_calls (call_id, step) VALUES (?, ?)", "(?, ?)"),
    ("INSERT INTO llm_calls (call_id, step) VALUES (?, ?) ON CONFLICT (call_id) DO NOTHING", None),
    ("INSERT INTO response_cache VALUES (?, 'p', '{}', now())", None),
    ("UPDATE llm_calls SET step = ? WHERE call_id = ?", None),
])
def test_only_a_plain_one_row_insert_is_grouped_into_one_statement(sql, row):
    from research_pipeline.store.base import _values_row

    assert _values_row(sql) == row


def test_plain_inserts_of_a_group_go_in_as_one_statement_and_still_fail_alone(tmp_path):
    from datetime import datetime

    path = tmp_path / "db.duckdb"
    store = Store(path)
    insert = "INSERT INTO response_cache VALUES (?, ?, ?, ?)"
    with store.session():
        store.write(insert, ["taken", "exa", "{}", datetime(2024, 1, 2)])
        keys = [*(f"k{i}" for i in range(6)), "taken"]

        def put(key: str) -> str | None:
            try:
                store.write(insert, [key, "gemini", f'{{"key": "{key}"}}', datetime(2024, 1, 2)])
            except duckdb.ConstraintException:
                return key
            return None

        failed = _written_as_one_group(path, keys, put)
    assert [f for f in failed if f] == ["taken"]
    assert store.cache_get("k3") == {"key": "k3"}
    assert store.cache_get("taken") == {}


@pytest.mark.parametrize("n", [1, 3, 20, 21, 60])
def test_a_few_rows_and_many_rows_are_stored_alike(tmp_path, n):
    from datetime import datetime

    store = Store(tmp_path / "db.duckdb")
    rows = [["r", "t", "run", 1, f"g{i}", i % 3, "why", "open", i, 0,
             0.25 * (i % 4), '["a", "b"]' if i % 2 else None, "[1]"] for i in range(n)]
    with store.transaction() as con:
        store._insert_many(con, "knowledge_gaps", rows)
        keep_first = "ON CONFLICT (source_id) DO NOTHING"
        store._insert_many(con, "sources", [[f"s{i}", "u", "t", "x", "exa", None, None,
                                             datetime(2024, 1, 2), None, "{}"]
                                            for i in range(n)], keep_first)
        store._insert_many(con, "sources", [["s0", "other", "t", "x", "exa", None, None,
                                             datetime(2024, 1, 3), None, "{}"]], keep_first)
        stored = con.execute("SELECT gap_id, best_coverage, queries_tried FROM knowledge_gaps "
                             "ORDER BY attempts").fetchall()
        first = con.execute("SELECT url FROM sources WHERE source_id = 's0'").fetchall()
    assert stored == [(f"g{i}", 0.25 * (i % 4), '["a", "b"]' if i % 2 else None)
                      for i in range(n)]
    assert first == [("u",)]


def test_a_reports_facts_citations_and_verdicts_are_stored_whole(tmp_path):
    from research_pipeline.models import Fact

    store = Store(tmp_path / "db.duckdb")
    facts = [Fact(fact_id=f"f{i}", question_id=1 + i % 2, source_id=f"s{i}",
                  url=f"https://example.org/{i}", title="T", quote=f"quote {i} of five words",
                  text=f"text {i}", score=0.5, role="answer") for i in range(25)]
    store.save_facts("r1", "t1", "run-1", facts[:3])
    store.save_facts("r1", "t1", "run-1", facts)  # replaces; more rows than one VALUES list
    assert [f.fact_id for f in store.latest_facts("r1")] == sorted(
        (f.fact_id for f in facts), key=lambda i: (int(i[1:]) % 2, i))
    citations = [{"marker": n, "fact_id": f"f{n}", "source_id": f"s{n}", "url": "https://e.org",
                  "title": "T", "quote": f"quote {n}"} for n in (1, 2, 3)]
    store.save_report(report_id="rep", research_id="r1", topic_id="t1", plan_version="p",
                      run_id="run-1", path="x.md", markdown="m", citations=citations, n_open=0)
    store.mark_citations("rep", {1: True, 3: False})
    rows = store._read("SELECT marker, verified FROM citations ORDER BY marker")  # noqa: SLF001
    assert [(r["marker"], r["verified"]) for r in rows] == [(1, True), (2, None), (3, False)]
    store.mark_citations("rep", {})


def test_facts_come_back_in_the_order_the_researcher_chose_them(tmp_path):
    # The direct answer, then the sentences that go on with it (ranked lower than another
    # support), then that support: the order survives the store, the score breaks ties
    # only where a researcher gives none.
    from research_pipeline.models import Fact

    store = Store(tmp_path / "db.duckdb")

    def fact(fid: str, score: float, role: str, position: int | None) -> Fact:
        return Fact(fact_id=fid, question_id=1, source_id=fid, url=f"https://e.org/{fid}",
                    title="T", quote=f"quote {fid} of five words", text="t", score=score,
                    role=role, position=position)

    facts = [fact("answer", 2.5, "answer", 0), fact("goes-on", 1.2, "support", 1),
             fact("other", 2.0, "support", 2), fact("unordered", 2.4, "support", None)]
    store.save_facts("r1", "t1", "run-1", facts)
    assert [f.fact_id for f in store.latest_facts("r1")] == [
        "answer", "goes-on", "other", "unordered"]
