import dagster as dg
import duckdb

from research_pipeline import pipeline
from research_pipeline.citations import parse_report
from research_pipeline.defs.assets import (
    FACTS,
    REPORT,
    RESEARCH_PLAN,
    RESEARCH_ROUNDS,
    research_topics,
)
from research_pipeline.defs.resources import ResearchResource
from research_pipeline.topics import parse_topic
from tests.conftest import write_topic

ALL = [research_topics]
PLAN_ONLY = dg.AssetSelection.assets(RESEARCH_PLAN).without_checks()
GATED = dg.AssetSelection.assets(RESEARCH_PLAN, RESEARCH_ROUNDS, FACTS, REPORT)
CHECKS = dg.AssetSelection.checks(*research_topics.check_keys)


def _count(db, table, topic="imports"):
    con = duckdb.connect(str(db), read_only=True)
    try:
        sql = f"select count(*) from {table} where topic_id = ?"
        return con.execute(sql, [topic]).fetchone()[0]
    finally:
        con.close()


def _materialize(instance, selection, raise_on_error=True, partition_key="imports", **kwargs):
    return dg.materialize(ALL, selection=selection, partition_key=partition_key,
                          instance=instance, resources={"research": ResearchResource()},
                          raise_on_error=raise_on_error, **kwargs)


def _check_results(result):
    return {e.asset_check_evaluation_data.check_name: e.asset_check_evaluation_data.passed
            for e in result.all_events if e.event_type_value == "ASSET_CHECK_EVALUATION"}


def _materialized(result):
    return sorted((e.step_materialization_data.materialization.asset_key.to_user_string(),
                   e.step_materialization_data.materialization.partition)
                  for e in result.all_events if e.is_step_materialization)


def _log_lines(instance, run_id):
    return "\n".join(e.user_message for e in instance.all_logs(run_id) if not e.is_dagster_event)


def test_gate_blocks_until_approved_then_every_table_fills(services, import_topic, env):
    instance = dg.DagsterInstance.get()
    pipeline.register_topic(services, parse_topic(import_topic))
    instance.add_dynamic_partitions("topics", ["imports"])
    db = services.settings.db

    planned = _materialize(instance, PLAN_ONLY)
    assert planned.success
    meta = planned.asset_materializations_for_node("research_topics")[0].metadata
    assert "What two steps" in meta["plan"].value

    # The gate stops the topic with nothing searched, and the run ends successfully.
    blocked = _materialize(instance, GATED)
    assert blocked.success
    assert _check_results(blocked) == {"plan_approved": False}
    assert _materialized(blocked) == [("research_plan", "imports")]
    gate = next(e.asset_check_evaluation_data for e in blocked.all_events
                if e.event_type_value == "ASSET_CHECK_EVALUATION")
    assert gate.partition == "imports" and gate.severity == dg.AssetCheckSeverity.WARN
    for table in ("search_queries", "search_results", "facts", "search_calls"):
        assert _count(db, table) == 0
    assert "imports: awaiting approval" in _log_lines(instance, blocked.run_id)

    pipeline.decide(services, "imports", "approved", "tester", None, "test")
    gated = _materialize(instance, GATED)
    assert gated.success
    assert _check_results(gated) == {"plan_approved": True, "citations_verified": True,
                                     "questions_accounted": True}
    for table in ("topics", "runs", "research_plans", "approvals", "search_queries",
                  "search_results", "reflections", "facts", "reports", "citations",
                  "llm_calls", "search_calls", "research_rounds", "round_facts",
                  "question_states"):
        assert _count(db, table) > 0, table
    report_path = env / "reports" / "imports.md"
    markers, footnotes, problems = parse_report(report_path.read_text())
    assert not problems and footnotes and markers
    report_meta = next(m.metadata for m in gated.asset_materializations_for_node(
        "research_topics") if m.asset_key == REPORT)
    assert report_meta["citations"].value == len(footnotes)
    assert isinstance(report_meta["answered"].value, int)
    assert 0 <= report_meta["answered_share"].value <= 1
    # A topic that reports says so by its materializations and checks; a log line per topic
    # would be one more event-log write for each (the CLI's progress lines still show it).
    assert "imports: reported" not in _log_lines(instance, gated.run_id)

    # The plan of an unchanged topic is reused, so the approval still binds.
    again = _materialize(instance, PLAN_ONLY)
    meta = again.asset_materializations_for_node("research_topics")[0].metadata
    assert meta["reused"].value is True and meta["decision"].value == "approved"


def test_research_refuses_without_approval_even_when_the_check_is_skipped(
        services, import_topic):
    instance = dg.DagsterInstance.get()
    pipeline.register_topic(services, parse_topic(import_topic))
    instance.add_dynamic_partitions("topics", ["imports"])
    _materialize(instance, PLAN_ONLY)
    result = _materialize(instance, dg.AssetSelection.assets(RESEARCH_ROUNDS).without_checks(),
                          raise_on_error=False)
    assert not result.success
    failure = next(e for e in result.all_events if e.is_step_failure)
    failed = failure.step_failure_data.user_failure_data.metadata["failed_topics"].value
    assert "approve it with 'research-pipeline approve imports'" in failed["imports"]
    assert _count(services.settings.db, "search_calls") == 0


def test_citations_verified_fails_on_a_tampered_report(services, import_topic, env):
    instance = dg.DagsterInstance.get()
    pipeline.register_topic(services, parse_topic(import_topic))
    instance.add_dynamic_partitions("topics", ["imports"])
    _materialize(instance, PLAN_ONLY)
    pipeline.decide(services, "imports", "approved", "tester", None, "test")
    _materialize(instance, GATED)
    path = env / "reports" / "imports.md"
    lines = path.read_text().splitlines()
    index = next(i for i, line in enumerate(lines) if line.startswith("[^1]:"))
    lines[index] = lines[index][:-1] + " and then some invented words\""
    path.write_text("\n".join(lines) + "\n")
    check = next(k for k in research_topics.check_keys if k.name == "citations_verified")
    verify = dg.define_asset_job("verify", selection=dg.AssetSelection.checks(check))
    defs = dg.Definitions(assets=ALL, jobs=[verify], resources={"research": ResearchResource()})
    result = defs.resolve_job_def("verify").execute_in_process(
        # A job of checks alone has no partitions of its own; the tag names the partition.
        tags={"dagster/partition": "imports"}, instance=instance, raise_on_error=False)
    assert _check_results(result) == {"citations_verified": False}
    _, check = pipeline.verify_report(services, "imports")
    assert any("[^1]" in p and "not in the stored text" in p for p in check.problems)


TOPIC_B = """
    ---
    title: "The finally clause"
    questions: ["When does the finally clause of a try statement run?"]
    max_rounds: 1
    ---
    """


def test_one_run_over_many_topics_reports_each_topic_alone(services, import_topic, env):
    """A ranged run: each topic its own materializations and checks; one failure stays its own."""
    instance = dg.DagsterInstance.get()
    other = write_topic(env / "topics", "finally", TOPIC_B)
    write_topic(env / "topics", "gone", TOPIC_B.replace("finally clause", "gone topic"))
    for path in (import_topic, other, env / "topics" / "gone.md"):
        pipeline.register_topic(services, parse_topic(path))
    instance.add_dynamic_partitions("topics", ["imports", "gone", "finally"])
    (env / "topics" / "gone.md").unlink()  # its chain fails when it reads the file
    pipeline.make_plan(services, "imports", None)
    pipeline.decide(services, "imports", "approved", "tester", None, "test")
    result = _materialize(instance, GATED, raise_on_error=False, partition_key=None,
                          tags={"dagster/asset_partition_range_start": "imports",
                                "dagster/asset_partition_range_end": "finally"})
    assert not result.success  # the step fails, naming the topic that failed
    failure = next(e for e in result.all_events if e.is_step_failure)
    failed = failure.step_failure_data.user_failure_data.metadata["failed_topics"].value
    assert list(failed) == ["gone"]
    done = _materialized(result)
    assert ("report", "imports") in done and ("research_plan", "finally") in done
    assert not any(p == "gone" for _, p in done)
    assert not any(k != "research_plan" and p == "finally" for k, p in done)
    checks = {(e.asset_check_evaluation_data.check_name, e.asset_check_evaluation_data.partition):
              e.asset_check_evaluation_data.passed
              for e in result.all_events if e.event_type_value == "ASSET_CHECK_EVALUATION"}
    assert checks[("plan_approved", "imports")] and not checks[("plan_approved", "finally")]
    assert checks[("citations_verified", "imports")]
    # Each evaluation names its partition's current materialization as its target: the UI
    # counts a partition's check only against that one.
    for event in result.all_events:
        if event.event_type_value == "ASSET_CHECK_EVALUATION":
            data = event.asset_check_evaluation_data
            latest = instance.fetch_materializations(dg.AssetRecordsFilter(
                asset_key=data.asset_key, asset_partitions=[data.partition]), limit=1).records
            target = data.target_materialization_data
            assert target is not None and latest, (data.check_name, data.partition)
            assert target.storage_id == latest[0].storage_id
    run = instance.get_run_by_id(result.run_id)
    assert {"research-topic/imports", "research-topic/finally"} <= set(run.tags)
