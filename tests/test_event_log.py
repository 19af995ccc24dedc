"""The instance's event log: Dagster's SQLite files, each file's engine held open."""

from pathlib import Path

import dagster as dg
import pytest

from research_pipeline.event_log import HELD_FILES, HeldSqliteEventLogStorage
from research_pipeline.instance import get_instance


def _run_with_a_shard(instance):
    run = instance.create_run_for_job(dg.GraphDefinition("g").to_job())
    instance.report_engine_event("first", run)  # the run's own shard now exists
    wal = Path(instance.event_log_storage.path_for_shard(run.run_id) + "-wal")
    return run, wal


def test_the_project_instance_holds_each_file_open_between_events(env):
    instance = get_instance()
    storage = instance.event_log_storage
    assert isinstance(storage, HeldSqliteEventLogStorage)
    # Dagster's own storage closes its connection after every event, and the last close
    # folds the WAL into the database and deletes it; held open, the WAL outlives a write.
    run, wal = _run_with_a_shard(instance)
    instance.report_engine_event("second", run)
    assert wal.exists()
    assert [e.message for e in instance.all_logs(run.run_id)][-2:] == ["first", "second"]
    # Only the latest few files stay open.
    for _ in range(HELD_FILES + 2):
        _run_with_a_shard(instance)
    assert len(storage._engines) <= HELD_FILES
    # Disposed, every event is in the database file and the WAL is gone, as Dagster leaves it.
    instance.dispose()
    assert not wal.exists()
    assert [e.message for e in get_instance().all_logs(run.run_id)][-2:] == ["first", "second"]


topics = dg.StaticPartitionsDefinition([f"t{i}" for i in range(12)])


NOTED = dg.AssetCheckKey(dg.AssetKey("notes"), "noted")


@dg.asset(partitions_def=topics, backfill_policy=dg.BackfillPolicy.single_run(),
          check_specs=[dg.AssetCheckSpec("noted", asset="notes")])
def notes(context: dg.AssetExecutionContext) -> dg.MaterializeResult:
    """A partitioned asset with a check, run over a range, as the research step is."""
    return dg.MaterializeResult(metadata={"topics": len(context.partition_keys)},
                                check_results=[dg.AssetCheckResult(passed=True)])


def test_a_runs_planned_events_are_written_as_one_batch_one_per_partition(env, monkeypatch):
    instance = get_instance()  # sets DAGSTER_EVENT_BATCH_SIZE for this process
    storage = instance.event_log_storage
    one_by_one: list[str] = []
    original = HeldSqliteEventLogStorage.store_event

    def store_event(self, event):
        if event.is_dagster_event and event.dagster_event_type in (
                dg.DagsterEventType.ASSET_MATERIALIZATION_PLANNED,
                dg.DagsterEventType.ASSET_CHECK_EVALUATION_PLANNED):
            one_by_one.append(event.dagster_event_type)
        original(self, event)

    monkeypatch.setattr(HeldSqliteEventLogStorage, "store_event", store_event)
    result = dg.materialize([notes], instance=instance, tags={
        "dagster/asset_partition_range_start": "t0", "dagster/asset_partition_range_end": "t11"})
    assert result.success
    assert one_by_one == []  # none written on its own
    # Still one planned event per partition, in the run's log and in the cross-run index
    # (the partition status cache reads them: a failed run's topics show as failed).
    in_run = [e.dagster_event.partition for e in instance.all_logs(
        result.run_id, of_type=dg.DagsterEventType.ASSET_MATERIALIZATION_PLANNED)]
    assert sorted(in_run) == sorted(topics.get_partition_keys())
    indexed = storage.get_event_records(dg.EventRecordsFilter(
        event_type=dg.DagsterEventType.ASSET_MATERIALIZATION_PLANNED,
        asset_key=dg.AssetKey("notes")), limit=100)
    assert sorted(r.partition_key for r in indexed) == sorted(topics.get_partition_keys())
    assert instance.get_latest_planned_materialization_info(
        dg.AssetKey("notes"), "t5").run_id == result.run_id
    # The check's planned row was written too: its evaluation completed it.
    [execution] = storage.get_asset_check_execution_history(NOTED, limit=5)
    assert (execution.run_id, execution.status.value) == (result.run_id, "SUCCEEDED")


@pytest.mark.parametrize("mixed", [False, True])
def test_other_batches_are_written_one_by_one(env, mixed):
    instance = get_instance()
    run = instance.create_run_for_job(dg.GraphDefinition("g").to_job())
    other = instance.create_run_for_job(dg.GraphDefinition("h").to_job())
    events = [
        dg.EventLogEntry(error_info=None, level=20, user_message=m, run_id=r.run_id,
                         timestamp=1.0 + i)
        for i, (m, r) in enumerate([("a", run), ("b", other if mixed else run)])]
    instance.event_log_storage.store_event_batch(events)
    assert [e.message for e in instance.all_logs(run.run_id)] == (["a"] if mixed else ["a", "b"])


def test_an_instance_without_dagster_home_keeps_its_event_log_in_its_own_folder(
        tmp_path, monkeypatch):
    # Dagster's temporary instances (dg check defs, dagster dev without DAGSTER_HOME) read
    # the project's dagster.yaml with a folder of their own and no DAGSTER_HOME.
    from dagster._core.instance.ref import InstanceRef  # how Dagster's CLI makes them

    monkeypatch.delenv("DAGSTER_HOME", raising=False)
    project = Path(__file__).resolve().parent.parent
    ref = InstanceRef.from_dir(str(tmp_path), config_dir=str(project))
    with dg.DagsterInstance.from_ref(ref) as instance:
        storage = instance.event_log_storage
        assert isinstance(storage, HeldSqliteEventLogStorage)
        run, _ = _run_with_a_shard(instance)
        assert Path(storage.path_for_shard(run.run_id)).parent == tmp_path / "history" / "runs"
        assert [e.message for e in instance.all_logs(run.run_id)] == ["first"]
