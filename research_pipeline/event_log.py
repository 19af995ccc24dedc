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

``dagster.yaml`` names this class as ``event_log_storage``; the UI and the daemon load it
from the project's environment, as they load the project's definitions.
"""

from __future__ import annotations

import os
from collections import OrderedDict
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from dagster import Field, StringSource
from dagster._core.events import DagsterEventType
from dagster._core.events.log import EventLogEntry
from dagster._core.storage.event_log.sqlite.sqlite_event_log import SqliteEventLogStorage
from dagster._core.storage.sqlalchemy_compat import db_result
from dagster._core.storage.sqlite import SQLITE_BUSY_TIMEOUT_SECONDS
from dagster._serdes import ConfigurableClassData
from sqlalchemy import create_engine
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.pool import StaticPool

# Files whose engine stays open: the index and the latest few runs' files.
HELD_FILES = 4
# What Dagster hands over as one batch when a run is created.
_BATCHED = (DagsterEventType.ASSET_MATERIALIZATION_PLANNED,
            DagsterEventType.ASSET_CHECK_EVALUATION_PLANNED)


class HeldSqliteEventLogStorage(SqliteEventLogStorage):
    """``SqliteEventLogStorage`` with one engine per file kept open, and planned events batched.

    Uses the same files (``$DAGSTER_HOME/history/runs/``) as Dagster's default storage, so
    an instance switches between the two without losing anything.
    """

    def __init__(
        self, base_dir: str | None = None, inst_data: ConfigurableClassData | None = None
    ) -> None:
        self._engines: OrderedDict[str, Engine] = OrderedDict()
        self._tables: set[str] = set()
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
        its mirror in the index, and the asset's (or the check's) index rows.
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
        inserts = [self.prepare_insert_event(event) for event in events]
        with self.run_connection(run_ids.pop()) as conn:
            for insert in inserts:
                conn.execute(insert)
        checks: list[tuple[EventLogEntry, int]] = []
        with self.index_transaction() as conn:
            for event, insert in zip(events, inserts, strict=True):
                with db_result(conn, insert) as result:
                    event_id = result.inserted_primary_key[0]
                if event.dagster_event_type == DagsterEventType.ASSET_CHECK_EVALUATION_PLANNED:
                    checks.append((event, event_id))  # its own index transaction, as Dagster's
                else:
                    self._store_asset_event_tags(conn, [event], [event_id])
                    self._store_asset_event(conn, event, event_id)
        for event, event_id in checks:
            self.store_asset_check_event(event, event_id)

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
