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


KEYS = ["t0", "t1", "t2", "t3"]
STEPS = [dg.AssetSpec("planned_topic"), dg.AssetSpec("reported_topic", deps=["planned_topic"])]
CHECK = dg.AssetCheckSpec("accounted", asset="reported_topic", partitions_def=topics)


@dg.multi_asset(specs=STEPS, check_specs=[CHECK], partitions_def=topics, can_subset=True,
                backfill_policy=dg.BackfillPolicy.single_run())
def topic_steps(context: dg.AssetExecutionContext):
    """As the research step: each topic's materializations and check evaluation, one by one."""
    for n, key in enumerate(context.partition_keys):
        for spec in STEPS:
            yield dg.AssetMaterialization(
                asset_key=spec.key, partition=key,
                metadata={"report": dg.MetadataValue.md(f"# {key}\n" + "text " * 200),
                          "answered": n, "share": n / 4})
        yield dg.AssetCheckEvaluation(
            asset_key=CHECK.asset_key, check_name=CHECK.name, partition=key, passed=n % 2 == 0,
            severity=dg.AssetCheckSeverity.WARN, metadata={"answered": n})
    yield dg.Output(None, output_name=context.assets_def.get_output_name_for_asset_check_key(
        CHECK.key))


def _tables(path: Path) -> dict[str, list[tuple]]:
    import sqlite3

    con = sqlite3.connect(path)
    try:
        tables = {}
        for (name,) in con.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND "
                                   "name NOT IN ('alembic_version', 'secondary_indexes')"):
            columns = [f'"{r[1]}"' for r in con.execute(f'PRAGMA table_info("{name}")')
                       if r[1] != "create_timestamp"]  # the database's clock
            rows = con.execute(f'SELECT {", ".join(columns)} FROM "{name}" ORDER BY 1')
            tables[name] = rows.fetchall()
        return tables
    finally:
        con.close()


def _schema(path: Path) -> tuple[list[tuple], list[tuple], str]:
    import sqlite3

    con = sqlite3.connect(path)
    try:
        return (con.execute("SELECT type, name, tbl_name, sql FROM sqlite_master "
                            "ORDER BY rowid").fetchall(),
                con.execute("SELECT * FROM alembic_version").fetchall(),
                con.execute("PRAGMA journal_mode").fetchone()[0])
    finally:
        con.close()


def test_a_steps_events_are_stored_as_dagsters_own_storage_stores_them(env, tmp_path):
    from dagster._core.storage.event_log import SqliteEventLogStorage

    instance = get_instance()
    runs = [dg.materialize(assets, instance=instance, partition_key=None, tags={
        "dagster/asset_partition_range_start": "t0", "dagster/asset_partition_range_end": end})
        for assets, end in (([topic_steps], "t3"), ([topic_steps], "t1"), ([notes], "t3"))]
    assert all(r.success for r in runs)
    # What the UI reads: each topic's latest materialization and its check's execution.
    records = instance.fetch_materializations(
        dg.AssetRecordsFilter(asset_key=dg.AssetKey("reported_topic"), asset_partitions=["t2"]),
        limit=5).records
    assert [r.run_id for r in records] == [runs[0].run_id]
    assert records[0].asset_materialization.metadata["answered"].value == 2
    latest = instance.get_latest_materialization_event(dg.AssetKey("planned_topic"))
    assert (latest.run_id, latest.asset_materialization.partition) == (runs[1].run_id, "t1")
    check_key = dg.AssetCheckKey(dg.AssetKey("reported_topic"), "accounted")
    executions = instance.event_log_storage.get_asset_check_execution_history(
        check_key, limit=20)
    assert sorted((e.run_id == runs[0].run_id, e.partition, e.status.value)
                  for e in executions) == sorted(
        [(True, k, "SUCCEEDED" if k in ("t0", "t2") else "FAILED") for k in KEYS]
        + [(False, k, "SUCCEEDED" if k == "t0" else "FAILED") for k in KEYS[:2]])
    # Every row, in every file, as Dagster's own storage writes the same events.
    events = [e for r in runs for e in instance.all_logs(r.run_id)]
    planned = (dg.DagsterEventType.ASSET_MATERIALIZATION_PLANNED,
               dg.DagsterEventType.ASSET_CHECK_EVALUATION_PLANNED)
    folders, planned_rows = [], []
    for storage_class in (SqliteEventLogStorage, HeldSqliteEventLogStorage):
        folder = tmp_path / storage_class.__name__
        storage = storage_class(str(folder))
        for run in runs:
            of_run = [e for e in events if e.run_id == run.run_id]
            storage.store_event_batch([e for e in of_run if e.dagster_event_type in planned])
        # The planned rows as they stand until the step reports (a check's planned row
        # stays so for a topic that never gets to it).
        planned_rows.append(_tables(folder / "index.db"))
        for run in runs:
            for event in (e for e in events if e.run_id == run.run_id):
                if event.dagster_event_type not in planned:
                    storage.store_event(event)
        storage.dispose()
        folders.append(folder)
    assert planned_rows[1] == planned_rows[0]
    files = sorted(p.name for p in folders[0].iterdir() if p.suffix == ".db")
    assert files == sorted(p.name for p in folders[1].iterdir() if p.suffix == ".db")
    assert len(files) == 4  # the index and three runs
    for name in files:
        assert _tables(folders[1] / name) == _tables(folders[0] / name), name
        # A run's file made in one transaction: Dagster's schema, revision and journal mode.
        assert _schema(folders[1] / name) == _schema(folders[0] / name), name
    index = _tables(folders[1] / "index.db")
    assert len(index["asset_check_executions"]) == 6 + 1  # per topic, and notes' one check
    assert len(index["asset_keys"]) == 3


def test_a_record_is_serialised_as_dagster_serialises_it(env):
    from dagster._core.event_api import EventLogRecord
    from dagster._serdes import serialize_value

    from research_pipeline.event_log import record_text

    instance = get_instance()
    result = dg.materialize([topic_steps], instance=instance, partition_key="t1")
    [event] = [e for e in instance.all_logs(result.run_id)
               if e.dagster_event_type == dg.DagsterEventType.ASSET_MATERIALIZATION][:1]
    for storage_id in (1, 987654321):
        assert record_text(serialize_value(event), storage_id) == serialize_value(
            EventLogRecord(storage_id=storage_id, event_log_entry=event))


def test_dagsters_migration_scripts_are_read_once_a_process_with_alembics_answers(
        env, monkeypatch):
    from alembic.script import ScriptDirectory
    from dagster._core.storage.event_log.sqlite import sqlite_event_log
    from dagster._core.storage.runs.sqlite import sqlite_run_storage
    from dagster._core.storage.sql import check_alembic_revision, get_alembic_config

    get_instance().dispose()  # the instance's files, each stamped by alembic's own command
    reads: list[str] = []
    original = ScriptDirectory._load_revisions

    def load_revisions(self):
        reads.append(self.dir)
        return original(self)

    monkeypatch.setattr(ScriptDirectory, "_load_revisions", load_revisions)
    # Open again: the runs, the schedules and the event log's index each check their
    # revision; then two new runs' files, each stamped.
    instance = get_instance()
    _run_with_a_shard(instance)
    run, _ = _run_with_a_shard(instance)
    assert reads == []  # read once already, when the instance was made
    # Alembic's own reading gives the same head, for every storage's configuration, and
    # the run's file is stamped with it.
    head = ScriptDirectory.from_config(get_alembic_config(sqlite_event_log.__file__)
                                       ).as_revision_number("head")
    assert reads  # (a reading of its own)
    for module in (sqlite_event_log, sqlite_run_storage):
        with instance.event_log_storage.run_connection(run.run_id) as conn:
            assert check_alembic_revision(get_alembic_config(module.__file__), conn) == (
                head, head)
