"""The instance's event log: Dagster's SQLite event log, each file's engine kept open.

Dagster's ``SqliteEventLogStorage`` builds a new SQLAlchemy engine, opens a connection,
commits and disposes of the engine for every event it writes, and an asset event does it
twice (the run's own file, then the cross-run index file it is mirrored to). That is ~5.5
ms of CPU an event, most of it SQLAlchemy setting up an engine, and a run over 100 topics
writes ~1,100 events (400 "materialization planned" before the step starts, ~700 from the
step). This storage keeps one engine and one idle connection per file for the few files
in use (the index and the latest runs); the rows, the files and the locking are Dagster's.

It also writes the batch of planned events Dagster hands over when it creates a run (one
"materialization planned" per asset and topic, one "check evaluation planned" per check;
batches exist when ``DAGSTER_EVENT_BATCH_SIZE`` is set: see
``instance.ensure_dagster_home``) in one transaction per file instead of one per event, and
remembers which tables exist (Dagster asks before every check evaluation, with a new
engine). Every other batch goes through Dagster's one-by-one path.

The events a research step writes for each topic (a materialization per asset, an
evaluation per check, ~700 for 100 topics, all from the step's one thread) take a leaner
path to the same rows: the event is serialised once (Dagster serialises a materialization
again inside the asset's "latest materialization" and a check evaluation again for its
execution row), the statements are built once with the values as parameters (Dagster
builds and compiles a statement per event), the asset's row is updated in place (Dagster
inserts first, which fails on every materialization after an asset's first), the columns
of the asset table are looked up once (Dagster inspects the table on every asset event),
and a check's two writes to the index are one transaction. A run's planned events write
the run's file in one statement, each asset's latest planned run once (the last of
the batch, which is what Dagster's row-by-row updates leave), and each planned check's
rows (one per topic) with the event serialised once, in the same transaction on the
index. Replaying a run's events through this class and through Dagster's own gives
identical tables (tests/test_event_log.py). ~3 ms of CPU a step event → ~1 ms, alone on
this machine.

``dagster.yaml`` names this class as ``event_log_storage``; the UI and the daemon load it
from the project's environment, as they load the project's definitions.
"""

from __future__ import annotations

import os
import sqlite3
import threading
from collections import OrderedDict
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any, cast

from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from dagster import AssetKey, Field, StringSource
from dagster._core.definitions.asset_checks.asset_check_evaluation import (
    AssetCheckEvaluationPlanned,
    AssetCheckEvaluationTargetMaterializationData,
)
from dagster._core.errors import DagsterInvariantViolationError
from dagster._core.event_api import EventLogRecord
from dagster._core.events import DagsterEventType
from dagster._core.events.log import EventLogEntry
from dagster._core.storage import sql as dagster_sql
from dagster._core.storage.asset_check_execution_record import AssetCheckExecutionRecordStatus
from dagster._core.storage.event_log.schema import (
    AssetCheckExecutionsTable,
    AssetKeyTable,
    SqlEventLogStorageMetadata,
    SqlEventLogStorageTable,
)
from dagster._core.storage.event_log.sqlite import sqlite_event_log
from dagster._core.storage.event_log.sqlite.sqlite_event_log import (
    INDEX_SHARD_NAME,
    SqliteEventLogStorage,
)
from dagster._core.storage.sql import get_alembic_config
from dagster._core.storage.sqlite import SQLITE_BUSY_TIMEOUT_SECONDS
from dagster._serdes import ConfigurableClassData
from dagster._time import datetime_from_timestamp
from dagster_shared.serdes import serialize_value
from sqlalchemy import and_, bindparam, create_engine
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.pool import StaticPool

# Files whose engine stays open: the index and the latest few runs' files.
HELD_FILES = 4
# What Dagster hands over as one batch when a run is created.
_BATCHED = (DagsterEventType.ASSET_MATERIALIZATION_PLANNED,
            DagsterEventType.ASSET_CHECK_EVALUATION_PLANNED)
# What a step writes for each topic, written by ``store_event``'s own path.
_STEP_EVENTS = (DagsterEventType.ASSET_MATERIALIZATION, DagsterEventType.ASSET_CHECK_EVALUATION)
# Statements built once: a row's values go in as parameters (SQLAlchemy compiles each
# statement once; Dagster's ``insert().values(**row)`` builds and compiles one per event).
_INSERT_EVENT = SqlEventLogStorageTable.insert()
_INSERT_CHECK = AssetCheckExecutionsTable.insert()
_UPDATE_ASSET_KEY = AssetKeyTable.update().where(
    AssetKeyTable.c.asset_key == bindparam("b_key")).values(
    last_run_id=bindparam("b_run"), last_materialization_timestamp=bindparam("b_time"))
_UPDATE_ASSET_KEY_MATERIALIZED = _UPDATE_ASSET_KEY.values(
    last_materialization=bindparam("b_record"))
_CHECK_EXECUTION = (
    "execution_status", "evaluation_event", "evaluation_event_timestamp",
    "evaluation_event_storage_id", "materialization_event_storage_id", "partition")
_UPDATE_CHECK = AssetCheckExecutionsTable.update().where(and_(
    AssetCheckExecutionsTable.c.asset_key == bindparam("b_key"),
    AssetCheckExecutionsTable.c.check_name == bindparam("b_check"),
    AssetCheckExecutionsTable.c.run_id == bindparam("b_run"),
    AssetCheckExecutionsTable.c.partition == bindparam("b_where_partition"),
)).values({c: bindparam("b_" + c) for c in _CHECK_EXECUTION})


class HeldSqliteEventLogStorage(SqliteEventLogStorage):
    """``SqliteEventLogStorage`` with one engine per file kept open, and planned events batched.

    Uses the same files (``$DAGSTER_HOME/history/runs/``) as Dagster's default storage, so
    an instance switches between the two without losing anything.
    """

    def __init__(
        self, base_dir: str | None = None, inst_data: ConfigurableClassData | None = None
    ) -> None:
        self._engines: OrderedDict[str, Engine] = OrderedDict()
        # The latest materialization this process stored, per asset and partition.
        self._written: dict[tuple[str, str], AssetCheckEvaluationTargetMaterializationData] = {}
        self._tables: set[str] = set()
        self._asset_key_index_cols = False
        self._unplaced_inst_data = inst_data
        if base_dir is not None:
            super().__init__(base_dir, inst_data)

    @classmethod
    def config_type(cls) -> Any:  # noqa: D102 - Dagster's hook
        return {"base_dir": Field(StringSource, is_required=False)}

    @classmethod
    def from_config_value(  # noqa: D102 - Dagster's hook
        cls, inst_data: ConfigurableClassData | None, config_value: Mapping[str, Any]
    ) -> HeldSqliteEventLogStorage:
        return cls(base_dir=config_value.get("base_dir"), inst_data=inst_data)

    def register_instance(self, instance: Any) -> None:
        """Without a ``base_dir``, take the instance's folder, where Dagster's default goes.

        A storage class learns nothing of its instance from its config, and an instance
        need not have ``DAGSTER_HOME`` (Dagster's temporary ones: ``dg check defs``,
        ``dagster dev`` without it); the instance registers its event log first thing, before
        anything uses it.
        """
        if not hasattr(self, "_base_dir"):
            super().__init__(os.path.join(instance.root_directory, "history", "runs"),
                             self._unplaced_inst_data)
        super().register_instance(instance)

    @contextmanager
    def _connect(self, shard: str) -> Iterator[Connection]:
        # As Dagster's own: one connection at a time in this process (the lock), each use
        # one transaction; only the engine and its one connection outlive the use.
        with self._db_lock:
            engine = self._engine_for(shard)
            with engine.connect() as conn, conn.begin():
                yield conn

    def _engine_for(self, shard: str) -> Engine:
        engine = self._engines.get(shard)
        if engine is not None:
            self._engines.move_to_end(shard)
            return engine
        engine = create_engine(
            self.conn_string_for_shard(shard), poolclass=StaticPool,
            # Connections are used one at a time, under the lock, from whichever thread.
            connect_args={"timeout": SQLITE_BUSY_TIMEOUT_SECONDS, "check_same_thread": False},
        )
        if shard not in self._initialized_dbs:
            if shard == INDEX_SHARD_NAME or os.path.exists(self.path_for_shard(shard)) \
                    or not _create_run_file(engine):
                self._initdb(engine)
            self._initialized_dbs.add(shard)
        self._engines[shard] = engine
        while len(self._engines) > HELD_FILES:
            self._engines.popitem(last=False)[1].dispose()
        return engine

    def _release_engines(self) -> None:
        with self._db_lock:
            while self._engines:
                self._engines.popitem()[1].dispose()

    def store_event_batch(self, events: Sequence[EventLogEntry]) -> None:
        """A run's planned events: one transaction on its file and one on the index.

        What ``store_event`` does for each, in the same order: the row in the run's file,
        its mirror in the index, and the asset's (or the check's) index rows. A planned
        check's rows go in last, as Dagster's (it writes each in a transaction of its own).
        """
        run_ids = {event.run_id for event in events}
        if len(run_ids) != 1 or not all(
            event.is_dagster_event and event.dagster_event_type in _BATCHED
            and (event.dagster_event_type == DagsterEventType.ASSET_CHECK_EVALUATION_PLANNED
                 or event.get_dagster_event().asset_key is not None)
            for event in events
        ):
            super().store_event_batch(events)
            return
        rows = [self._event_to_row(event) for event in events]
        # Asked before the transaction: Dagster asks with a connection of its own.
        checks_table = any(
            event.dagster_event_type == DagsterEventType.ASSET_CHECK_EVALUATION_PLANNED
            for event in events) and self.supports_asset_checks
        with self.run_connection(run_ids.pop()) as conn:
            conn.execute(_INSERT_EVENT, rows)  # one statement, many rows
        checks: list[tuple[EventLogEntry, int]] = []
        latest: dict[str, EventLogEntry] = {}
        with self.index_transaction() as conn:
            for event, row in zip(events, rows, strict=True):
                event_id = _inserted(conn, row)
                if event.dagster_event_type == DagsterEventType.ASSET_CHECK_EVALUATION_PLANNED:
                    checks.append((event, event_id))  # its rows after the assets', as Dagster's
                    continue
                self._store_asset_event_tags(conn, [event], [event_id])
                if self._has_asset_key_index_cols_on_connection(conn):
                    # Each planned event sets its asset's last run and time: the last one's
                    # stay, so only that one is written.
                    latest[_asset_key(event)] = event
                else:
                    self._store_asset_event(conn, event, event_id)
            for key, event in latest.items():
                self._store_planned(conn, key, event)
            for event, event_id in checks if checks_table else ():
                self._store_check_planned(conn, event, event_id)
        for event, event_id in () if checks_table else checks:
            self.store_asset_check_event(event, event_id)  # Dagster's, which raises its error

    def _store_check_planned(self, conn: Connection, event: EventLogEntry,
                             event_id: int) -> None:
        """A planned check's rows of ``asset_check_executions``, one per partition, as Dagster's.

        Dagster serialises the event (which carries the run's whole partition subset) once
        for every partition, and builds and compiles one statement of all the rows: for a
        run of 100 topics, 300 serialisations of a 100-key event, ~50 ms of CPU a check.
        Here the event is serialised once and the same rows go in through one prepared
        statement, in the batch's transaction on the index.
        """
        planned = cast("AssetCheckEvaluationPlanned",
                       event.get_dagster_event().event_specific_data)
        keys = (planned.partitions_subset.get_partition_keys() if planned.partitions_subset
                else [None])
        row = {"asset_key": planned.asset_key.to_string(), "check_name": planned.check_name,
               "run_id": event.run_id,
               "execution_status": AssetCheckExecutionRecordStatus.PLANNED.value,
               "evaluation_event": serialize_value(event),
               "evaluation_event_timestamp": self._event_insert_timestamp(event),
               "evaluation_event_storage_id": event_id}
        conn.execute(_INSERT_CHECK, [{**row, "partition": key} for key in keys])

    def _store_planned(self, conn: Connection, key: str, event: EventLogEntry) -> None:
        """The asset's row of ``asset_keys`` after a planned event, as Dagster's."""
        _set_asset_row(conn, _UPDATE_ASSET_KEY, {
            "b_key": key, "b_run": event.run_id,
            "b_time": datetime_from_timestamp(event.timestamp)})

    def store_event(self, event: EventLogEntry) -> None:
        """A step's materialization or check evaluation: Dagster's rows, written leaner.

        The same rows as ``SqliteEventLogStorage.store_event`` (the run's file, its mirror in
        the index, the asset's row or the check's execution row), with the event serialised
        once instead of two or three times, statements compiled once, the asset's row updated
        in place (Dagster tries an insert first, which fails on every event after an asset's
        first), and the check's rows in one transaction of the index instead of two. Every
        other event goes through Dagster's own path.
        """
        kind = event.dagster_event_type if event.is_dagster_event else None
        if kind not in _STEP_EVENTS or not event.run_id or (
                kind == DagsterEventType.ASSET_CHECK_EVALUATION and (
                    # Dagster's own path for a check of no partition, and for the error
                    # it raises on an instance without the check table
                    event.get_dagster_event().asset_check_evaluation_data.partition is None
                    or not self.supports_asset_checks)):
            super().store_event(event)
            return
        row = self._event_to_row(event)
        with self.run_connection(event.run_id) as conn:
            conn.execute(_INSERT_EVENT, row)
        updated = 1
        with self.index_transaction() as conn:
            event_id = _inserted(conn, row)
            if kind == DagsterEventType.ASSET_MATERIALIZATION:
                self._store_asset_event_tags(conn, [event], [event_id])
                self._store_materialized(conn, event, row["event"], event_id)
            else:
                updated = self._store_check_evaluation(conn, event, row["event"], event_id)
        if kind == DagsterEventType.ASSET_MATERIALIZATION:
            materialization = event.get_dagster_event().step_materialization_data.materialization
            if materialization.partition is not None:
                self._written[(_asset_key(event), materialization.partition)] = (
                    AssetCheckEvaluationTargetMaterializationData(
                        storage_id=event_id, run_id=event.run_id, timestamp=event.timestamp))
        if updated > 1:  # as Dagster's, after the event is stored
            raise DagsterInvariantViolationError(
                f"Updated {updated} rows for asset check evaluation "
                f"{event.get_dagster_event().asset_check_evaluation_data.asset_check_key} "
                "as a result of duplicate AssetCheckPlanned events.")

    def written_materialization(self, asset_key: AssetKey, partition: str
                                ) -> AssetCheckEvaluationTargetMaterializationData | None:
        """The latest materialization of the asset's partition this process has stored.

        A check evaluated right after its asset names it as its target without a query of
        the event log (the UI counts a partition's check only against its target).
        """
        return self._written.get((asset_key.to_string(), partition))

    def _store_materialized(self, conn: Connection, event: EventLogEntry, serialized: str,
                            event_id: int) -> None:
        """The asset's row of ``asset_keys``: its latest materialization, as Dagster's."""
        if not self._has_asset_key_index_cols_on_connection(conn):
            self._store_asset_event(conn, event, event_id)
            return
        _set_asset_row(conn, _UPDATE_ASSET_KEY_MATERIALIZED, {
            "b_key": _asset_key(event), "b_run": event.run_id,
            "b_time": datetime_from_timestamp(event.timestamp),
            "b_record": record_json(serialized, event, event_id)})

    def _store_check_evaluation(self, conn: Connection, event: EventLogEntry, serialized: str,
                                event_id: int) -> int:
        """The check's execution row, planned when the run was created, now evaluated."""
        evaluation = event.get_dagster_event().asset_check_evaluation_data
        target = evaluation.target_materialization_data
        values = {
            "execution_status": (AssetCheckExecutionRecordStatus.SUCCEEDED.value
                                 if evaluation.passed
                                 else AssetCheckExecutionRecordStatus.FAILED.value),
            "evaluation_event": serialized,
            "evaluation_event_timestamp": self._event_insert_timestamp(event),
            "evaluation_event_storage_id": event_id,
            "materialization_event_storage_id": target.storage_id if target else None,
            "partition": evaluation.partition,
        }
        updated = conn.execute(_UPDATE_CHECK, {
            "b_key": evaluation.asset_key.to_string(), "b_check": evaluation.check_name,
            "b_run": event.run_id, "b_where_partition": evaluation.partition,
            **{"b_" + k: v for k, v in values.items()}}).rowcount
        if updated == 0:
            conn.execute(AssetCheckExecutionsTable.insert().values(
                asset_key=evaluation.asset_key.to_string(), check_name=evaluation.check_name,
                run_id=event.run_id, **values))
            updated = 1
        return updated

    def _has_asset_key_index_cols_on_connection(self, conn: Connection) -> bool:
        # Dagster inspects the table's columns on every asset event; columns, once there,
        # stay.
        if self._asset_key_index_cols:
            return True
        found = super()._has_asset_key_index_cols_on_connection(conn)
        self._asset_key_index_cols = found
        return found

    def has_table(self, table_name: str) -> bool:
        """Dagster asks before every check evaluation; a table, once there, stays."""
        if table_name in self._tables:
            return True
        found = super().has_table(table_name)  # a new engine of its own, as Dagster's
        if found:
            self._tables.add(table_name)
        return found

    def wipe(self) -> None:  # noqa: D102 - Dagster's; it deletes files this holds open
        self._release_engines()
        super().wipe()

    def upgrade(self) -> None:  # noqa: D102 - Dagster's; migrations run on fresh engines
        self._release_engines()
        super().upgrade()

    def dispose(self) -> None:  # noqa: D102 - Dagster's
        self._release_engines()
        super().dispose()


# The asset row's column each parameter of the update statements sets.
_ASSET_COLUMNS = {"b_key": "asset_key", "b_run": "last_run_id",
                  "b_time": "last_materialization_timestamp", "b_record": "last_materialization"}


def _create_run_file(engine: Engine) -> bool:
    """A new run's file, as Dagster's ``_initdb`` makes it, in one transaction; False if not.

    Dagster checks the new file's (absent) alembic revision, creates its ten tables and
    eleven indexes one statement and one commit at a time in rollback-journal mode (each
    commit syncs the journal, the file and the folder: ~90 syncs), then turns on WAL and
    stamps the revision: 0.35-0.4 s per run here, before the run's first event. Here WAL
    comes first and the tables, the indexes and the stamp are one transaction: the same
    schema, the same revision, the same journal mode (tests/test_event_log.py compares
    them), in ~0.1 s. Anything unexpected (another process making the same file) rolls
    back and leaves the file to Dagster's ``_initdb``, which retries such races.
    """
    scripts = migration_scripts(get_alembic_config(sqlite_event_log.__file__))
    try:
        with engine.connect() as conn:
            conn.exec_driver_sql("PRAGMA journal_mode=WAL")
            conn.exec_driver_sql("BEGIN")
            try:
                SqlEventLogStorageMetadata.create_all(conn)
                # What alembic's ``stamp`` command does (Dagster's ``stamp_alembic_rev``),
                # without running the scripts' env.py to get there.
                MigrationContext.configure(conn).stamp(scripts, "head")
            except BaseException:
                conn.rollback()
                raise
            conn.commit()
    except (DBAPIError, sqlite3.Error):
        return False
    return True


_SCRIPTS: dict[tuple[Any, ...], ScriptDirectory] = {}
_SCRIPTS_GUARD = threading.Lock()


def migration_scripts(config: Config) -> ScriptDirectory:
    """Alembic's reading of a folder of migration scripts, once per process and folder.

    Dagster asks alembic for the head revision whenever it opens a storage (the runs, the
    schedules, the event log's index: three times as the instance opens) and when it stamps
    a new run's file, and each time alembic builds a new ``ScriptDirectory``, which loads
    every one of Dagster's ~90 migration scripts again (~37 ms of CPU each here). The
    scripts are the installed package's and the same for all three storages (their
    ``alembic.ini`` files differ in name only), so the one reading answers every later
    question. The key is every option alembic builds a ``ScriptDirectory`` from.
    """
    key = (
        *(config.get_alembic_option(name) for name in (
            "script_location", "file_template", "truncate_slug_length", "sourceless",
            "output_encoding", "timezone", "recursive_version_locations")),
        repr(config.get_version_locations_list()), repr(config.get_prepend_sys_paths_list()),
        repr(config.get_hooks_list()),
    )
    with _SCRIPTS_GUARD:
        scripts = _SCRIPTS.get(key)
        if scripts is None:
            scripts = _SCRIPTS[key] = ScriptDirectory.from_config(config)
        return scripts


class _SharedScripts:
    """The ``ScriptDirectory`` of alembic as Dagster's revision check sees it: read once."""

    from_config = staticmethod(migration_scripts)


def share_migration_scripts() -> None:
    """Dagster's revision checks (``check_alembic_revision``) read the scripts once a process.

    Called before the instance opens its storages (``instance.get_instance``).
    """
    setattr(dagster_sql, "ScriptDirectory", _SharedScripts)  # noqa: B010 - Dagster's global


def _set_asset_row(conn: Connection, update: Any, values: dict[str, Any]) -> None:
    """Update the asset's row of ``asset_keys``, or insert it where there is none yet."""
    if conn.execute(update, values).rowcount:
        return
    insert = AssetKeyTable.insert().values(
        **{_ASSET_COLUMNS[name]: value for name, value in values.items()})
    try:
        conn.execute(insert)
    except IntegrityError:  # another process made the row meanwhile (as Dagster's)
        conn.execute(update, values)


def _inserted(conn: Connection, row: Mapping[str, Any]) -> int:
    """Insert an event's row; its id."""
    inserted = conn.execute(_INSERT_EVENT, row).inserted_primary_key
    if inserted is None or inserted[0] is None:
        raise DagsterInvariantViolationError("Cannot store asset event tags for null event id.")
    return int(inserted[0])


def _asset_key(event: EventLogEntry) -> str:
    key = event.get_dagster_event().asset_key
    if key is None:
        raise DagsterInvariantViolationError("An asset event without an asset key.")
    return key.to_string()


def record_json(serialized_event: str, event: EventLogEntry, event_id: int) -> str:
    """``serialize_value(EventLogRecord(event_id, event))``, from the event's serialisation.

    A record is serialised as its two fields around the event's own text
    (``record_text``); the first record of the process is checked against Dagster's own
    serialisation, which is used instead wherever the two differ (a version of Dagster
    whose layout changed).
    """
    text = record_text(serialized_event, event_id)
    if _RECORD_FORM_CHECKED:
        return text
    exact = serialize_value(EventLogRecord(storage_id=event_id, event_log_entry=event))
    if exact == text:
        _RECORD_FORM_CHECKED.append(True)
    return exact


def record_text(serialized_event: str, event_id: int) -> str:
    """An ``EventLogRecord``'s serialisation, as Dagster 1.13 writes it."""
    return ('{"__class__": "EventLogRecord", "event_log_entry": ' + serialized_event
            + f', "storage_id": {int(event_id)}}}')


_RECORD_FORM_CHECKED: list[bool] = []
