"""The instance's SQLite event log, held open while a run writes its events."""

from pathlib import Path

import dagster as dg

from research_pipeline.instance import event_log_held_open, get_instance


def _run_with_a_shard(instance):
    run = instance.create_run_for_job(dg.GraphDefinition("g").to_job())
    instance.report_engine_event("first", run)  # the run's own shard now exists
    wal = Path(instance.event_log_storage.path_for_shard(run.run_id) + "-wal")
    return run, wal


def test_held_open_the_wal_outlives_each_write_and_is_folded_in_at_the_end(env):
    instance = get_instance()
    run, wal = _run_with_a_shard(instance)
    # Dagster closes its connection after every event: the last close folds the WAL into
    # the database and deletes it (the cost that holding the file open saves).
    instance.report_engine_event("second", run)
    assert not wal.exists()

    with event_log_held_open(instance, run.run_id):
        instance.report_engine_event("third", run)
        assert wal.exists()
        messages = [e.message for e in instance.all_logs(run.run_id)]
        assert messages[-3:] == ["first", "second", "third"]
    # Left as Dagster leaves it: every event in the database file, no WAL.
    assert not wal.exists()
    assert [e.message for e in instance.all_logs(run.run_id)][-1] == "third"


def test_a_run_without_a_shard_yet_and_other_storages_are_left_alone(env):
    instance = get_instance()
    run = instance.create_run_for_job(dg.GraphDefinition("g").to_job())
    shard = Path(instance.event_log_storage.path_for_shard(run.run_id))
    with event_log_held_open(instance, run.run_id):
        assert not shard.exists()  # never creates a file Dagster has not made
    with event_log_held_open(dg.DagsterInstance.ephemeral(), run.run_id):
        pass
