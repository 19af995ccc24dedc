import dagster as dg
import duckdb

from research_pipeline import pipeline
from research_pipeline.citations import parse_report
from research_pipeline.defs.assets import facts, report, research_plan, research_rounds
from research_pipeline.defs.checks import citations_verified, plan_approved, questions_accounted
from research_pipeline.defs.resources import ResearchResource
from research_pipeline.topics import parse_topic

ALL = [research_plan, research_rounds, facts, report, plan_approved, citations_verified,
       questions_accounted]
GATED = (dg.AssetSelection.checks(plan_approved)
         | dg.AssetSelection.assets(research_rounds, facts, report))


def _count(db, table, topic="imports"):
    con = duckdb.connect(str(db), read_only=True)
    try:
        sql = f"select count(*) from {table} where topic_id = ?"
        return con.execute(sql, [topic]).fetchone()[0]
    finally:
        con.close()


def _materialize(instance, selection, raise_on_error=True):
    return dg.materialize(ALL, selection=selection, partition_key="imports", instance=instance,
                          resources={"research": ResearchResource()},
                          raise_on_error=raise_on_error)


def _check_results(result):
    return {e.asset_check_evaluation_data.check_name: e.asset_check_evaluation_data.passed
            for e in result.all_events if e.event_type_value == "ASSET_CHECK_EVALUATION"}


def test_gate_blocks_until_approved_then_every_table_fills(services, import_topic, env):
    instance = dg.DagsterInstance.get()
    pipeline.register_topic(services, parse_topic(import_topic))
    instance.add_dynamic_partitions("topics", ["imports"])
    db = services.settings.db

    planned = _materialize(instance, dg.AssetSelection.assets(research_plan).without_checks())
    assert planned.success
    meta = planned.asset_materializations_for_node("research_plan")[0].metadata
    assert "What two steps" in meta["plan"].value

    blocked = _materialize(instance, GATED, raise_on_error=False)
    assert not blocked.success
    assert _check_results(blocked) == {"plan_approved": False}
    for table in ("search_queries", "search_results", "facts", "search_calls"):
        assert _count(db, table) == 0

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
    report_meta = gated.asset_materializations_for_node("report")[0].metadata
    assert report_meta["citations"].value == len(footnotes)

    # The plan of an unchanged topic is reused, so the approval still binds.
    again = _materialize(instance, dg.AssetSelection.assets(research_plan).without_checks())
    meta = again.asset_materializations_for_node("research_plan")[0].metadata
    assert meta["reused"].value is True and meta["decision"].value == "approved"


def test_research_refuses_without_approval_even_when_the_check_is_skipped(
        services, import_topic):
    instance = dg.DagsterInstance.get()
    pipeline.register_topic(services, parse_topic(import_topic))
    instance.add_dynamic_partitions("topics", ["imports"])
    _materialize(instance, dg.AssetSelection.assets(research_plan).without_checks())
    result = _materialize(instance, dg.AssetSelection.assets(research_rounds).without_checks(),
                          raise_on_error=False)
    assert not result.success
    failure = next(e for e in result.all_events if e.is_step_failure)
    assert "approve it with 'research-pipeline approve imports'" in str(
        failure.step_failure_data.error)
    assert _count(services.settings.db, "search_calls") == 0


def test_citations_verified_fails_on_a_tampered_report(services, import_topic, env):
    instance = dg.DagsterInstance.get()
    pipeline.register_topic(services, parse_topic(import_topic))
    instance.add_dynamic_partitions("topics", ["imports"])
    _materialize(instance, dg.AssetSelection.assets(research_plan).without_checks())
    pipeline.decide(services, "imports", "approved", "tester", None, "test")
    _materialize(instance, GATED)
    path = env / "reports" / "imports.md"
    lines = path.read_text().splitlines()
    index = next(i for i, line in enumerate(lines) if line.startswith("[^1]:"))
    lines[index] = lines[index][:-1] + " and then some invented words\""
    path.write_text("\n".join(lines) + "\n")
    verify = dg.define_asset_job("verify", selection=dg.AssetSelection.checks(citations_verified))
    defs = dg.Definitions(assets=ALL[:4], asset_checks=ALL[4:], jobs=[verify],
                          resources={"research": ResearchResource()})
    result = defs.resolve_job_def("verify").execute_in_process(
        # A job of checks alone has no partitions of its own; the tag names the partition.
        tags={"dagster/partition": "imports"}, instance=instance, raise_on_error=False)
    assert _check_results(result) == {"citations_verified": False}
    _, check = pipeline.verify_report(services, "imports")
    assert any("[^1]" in p and "not in the stored text" in p for p in check.problems)
