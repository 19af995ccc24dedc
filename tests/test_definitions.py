import dagster as dg

from research_pipeline.definitions import defs


def test_definitions_load_with_every_object():
    d = defs()
    jobs = {j.name for j in d.resolve_all_job_defs()}
    assert {"plan_job", "research_job", "approve_plan"} <= jobs
    keys = {k.to_user_string() for k in d.resolve_asset_graph().get_all_asset_keys()}
    assert {"research_plan", "research_rounds", "facts", "report"} <= keys
    checks = {c.name for c in d.resolve_asset_graph().asset_check_keys}
    assert {"plan_approved", "citations_verified"} <= checks


def test_sensors_and_schedule_run_by_default():
    d = defs()
    for name in ("topic_sensor", "approval_sensor"):
        assert d.resolve_sensor_def(name).default_status == dg.DefaultSensorStatus.RUNNING
    assert d.resolve_schedule_def("refresh_schedule").default_status == (
        dg.DefaultScheduleStatus.RUNNING)


def test_plan_approved_is_blocking_and_partitioned():
    d = defs()
    graph = d.resolve_asset_graph()
    key = next(k for k in graph.asset_check_keys if k.name == "plan_approved")
    spec = graph.get_check_spec(key)
    assert spec.blocking
    assert spec.partitions_def is not None
