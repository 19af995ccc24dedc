from datetime import UTC, datetime

import dagster as dg

from research_pipeline import pipeline
from research_pipeline.defs.automation import (
    APPROVAL_TAG,
    approval_sensor,
    approval_tag,
    refresh_schedule,
    topic_sensor,
)
from research_pipeline.defs.resources import ResearchResource
from research_pipeline.topics import parse_topic
from tests.conftest import IMPORT_TOPIC, dead_run, write_topic


def _resources():
    return {"research": ResearchResource()}


def test_topic_sensor_adds_partitions_and_plans_new_topics(env, import_topic):
    instance = dg.DagsterInstance.get()
    context = dg.build_sensor_context(instance=instance, resources=_resources())
    result = topic_sensor(context)
    adds = [r for r in result.dynamic_partitions_requests
            if isinstance(r, dg.AddDynamicPartitionsRequest)]
    assert adds and adds[0].partition_keys == ["imports"]
    assert [r.partition_key for r in result.run_requests] == ["imports"]


def test_topic_sensor_drops_partitions_of_deleted_files(env, services, import_topic):
    instance = dg.DagsterInstance.get()
    pipeline.register_topic(services, parse_topic(import_topic))
    instance.add_dynamic_partitions("topics", ["imports"])
    import_topic.unlink()
    result = topic_sensor(dg.build_sensor_context(instance=instance, resources=_resources()))
    deletes = [r for r in result.dynamic_partitions_requests
               if isinstance(r, dg.DeleteDynamicPartitionsRequest)]
    assert deletes and deletes[0].partition_keys == ["imports"]


def test_approval_sensor_launches_one_run_per_approval(env, services, import_topic):
    instance = dg.DagsterInstance.get()
    pipeline.register_topic(services, parse_topic(import_topic))
    pipeline.make_plan(services, "imports", None)
    decision = pipeline.decide(services, "imports", "approved", "bob", None, "cli")
    context = dg.build_sensor_context(instance=instance, resources=_resources())
    result = approval_sensor(context)
    assert [(r.partition_key, r.run_key, r.tags[APPROVAL_TAG]) for r in result.run_requests] == [
        ("imports", f"approval-{decision['approval_id']}", decision["approval_id"])]
    again = approval_sensor(dg.build_sensor_context(
        instance=instance, resources=_resources(), cursor=result.cursor))
    assert again.run_requests == []


def test_approval_sensor_skips_approvals_of_superseded_plans(env, services, import_topic):
    instance = dg.DagsterInstance.get()
    pipeline.register_topic(services, parse_topic(import_topic))
    pipeline.make_plan(services, "imports", None)
    pipeline.decide(services, "imports", "approved", "bob", None, "cli")
    import_topic.write_text(import_topic.read_text().replace("max_rounds: 2", "max_rounds: 1"))
    pipeline.register_topic(services, parse_topic(import_topic))
    pipeline.make_plan(services, "imports", None)
    result = approval_sensor(dg.build_sensor_context(instance=instance, resources=_resources()))
    assert result.run_requests == []


def test_refresh_schedule_requests_due_topics_only(env, services, import_topic):
    import_topic.write_text(import_topic.read_text().replace("max_rounds: 2",
                                                             "max_rounds: 2\nrefresh: daily"))
    pipeline.register_topic(services, parse_topic(import_topic))
    pipeline.make_plan(services, "imports", None)
    context = dg.build_schedule_context(instance=dg.DagsterInstance.get(),
                                        resources=_resources(),
                                        scheduled_execution_time=datetime.now(UTC))
    assert isinstance(refresh_schedule(context), dg.SkipReason)  # not approved yet
    pipeline.decide(services, "imports", "approved", "bob", None, "cli")
    requests = refresh_schedule(context)
    assert [r.partition_key for r in requests] == ["imports"]
    assert requests[0].tags["research/refresh"] == "search"


def test_approve_plan_job_records_a_ui_decision(env, services, import_topic):
    from research_pipeline.defs.jobs import approve_plan

    pipeline.register_topic(services, parse_topic(import_topic))
    pipeline.make_plan(services, "imports", None)
    result = approve_plan.execute_in_process(
        run_config={"ops": {"record_plan_decision": {"config": {
            "topic": "imports", "decision": "rejected", "by": "carol", "note": "+ Why?"}}}},
        resources=_resources(), instance=dg.DagsterInstance.get())
    assert result.success
    _, decision = pipeline.approval_state(services, "imports")
    assert (decision["decision"], decision["decided_by"], decision["source"]) == (
        "rejected", "carol", "dagster-ui")
    failed = approve_plan.execute_in_process(
        run_config={"ops": {"record_plan_decision": {"config": {"topic": "nope"}}}},
        resources=_resources(), instance=dg.DagsterInstance.get(), raise_on_error=False)
    assert not failed.success


def test_approval_sensor_leaves_cli_runs_to_the_cli(env, services, import_topic):
    instance = dg.DagsterInstance.get()
    pipeline.register_topic(services, parse_topic(import_topic))
    pipeline.make_plan(services, "imports", None)
    pipeline.decide(services, "imports", "approved", "bob", None, "cli-run")
    result = approval_sensor(dg.build_sensor_context(instance=instance, resources=_resources()))
    assert result.run_requests == []
    assert result.cursor  # consumed, not retried


def test_approval_sensor_fails_dead_runs_and_resumes_its_own(env, services, import_topic):
    from research_pipeline.launcher import LAUNCHED_BY_TAG

    instance = dg.DagsterInstance.get()
    pipeline.register_topic(services, parse_topic(import_topic))
    pipeline.make_plan(services, "imports", None)
    decision = pipeline.decide(services, "imports", "approved", "bob", None, "cli")
    # Tagged as the approval sensor tags the run it launches for an approval.
    daemons = dead_run(instance, "research_job", {
        APPROVAL_TAG: decision["approval_id"],
        approval_tag(decision["approval_id"]): "imports"})
    clis = dead_run(instance, "research_job", {LAUNCHED_BY_TAG: "cli"})
    context = dg.build_sensor_context(instance=instance, resources=_resources())
    result = approval_sensor(context)
    for run in (daemons, clis):
        assert instance.get_run_by_id(run.run_id).status == dg.DagsterRunStatus.FAILURE
    # The daemon's run is run again (same approval); the CLI resumes its own next time.
    assert [(r.run_key, r.partition_key, r.tags[APPROVAL_TAG]) for r in result.run_requests] == [
        (f"resume-{daemons.run_id}", "imports", decision["approval_id"])]
    again = approval_sensor(dg.build_sensor_context(
        instance=instance, resources=_resources(), cursor=result.cursor))
    assert again.run_requests == []


def test_topic_sensor_refuses_a_take_over_of_a_registered_topic(env, services):
    instance = dg.DagsterInstance.get()
    elsewhere = env / "elsewhere"
    elsewhere.mkdir()
    real = write_topic(elsewhere, "imports", IMPORT_TOPIC)  # run from outside topics/
    pipeline.register_topic(services, parse_topic(real))
    (env / "topics" / "aaa.md").write_text("---\nid: imports\ntitle: Impostor\n---\n")
    result = topic_sensor(dg.build_sensor_context(instance=instance, resources=_resources()))
    assert result.run_requests == []
    assert services.store.topic_record("imports")["path"] == str(real.resolve())
