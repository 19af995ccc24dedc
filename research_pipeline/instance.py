"""The project's Dagster instance: ``$DAGSTER_HOME``, else ``.dagster/`` in the project."""

from __future__ import annotations

import fcntl
import os
import shutil
from pathlib import Path
from typing import Any

from research_pipeline.settings import PROJECT_ROOT

EVENT_BATCH_SIZE = 500


def ensure_dagster_home() -> Path:
    """Resolve and prepare the instance folder, and pin ``DAGSTER_HOME`` to it.

    The project folder always holds the project's current ``dagster.yaml``; a
    ``$DAGSTER_HOME`` chosen by the user gets it only if it has none of its own.
    """
    explicit = os.environ.get("DAGSTER_HOME")
    home = Path(explicit or PROJECT_ROOT / ".dagster").expanduser().resolve()
    home.mkdir(parents=True, exist_ok=True)
    source = PROJECT_ROOT / "dagster.yaml"
    target = home / "dagster.yaml"
    if source.exists():
        stale = not target.exists() or (
            not explicit and target.read_bytes() != source.read_bytes()
        )
        if stale:
            shutil.copyfile(source, target)
    os.environ["DAGSTER_HOME"] = str(home)
    # Dagster hands the events it writes as one batch (a run's "materialization planned"
    # events, one per asset and topic) to the storage in batches of this size; the project's
    # event log writes such a batch in one transaction per file (research_pipeline.event_log).
    os.environ.setdefault("DAGSTER_EVENT_BATCH_SIZE", str(EVENT_BATCH_SIZE))
    return home


def get_instance() -> Any:
    """The project's Dagster instance, created under a file lock.

    Two CLI processes starting at once on a new instance folder would otherwise both
    create its SQLite storages and trip over each other's schema migrations.
    """
    import dagster as dg

    from research_pipeline.event_log import share_migration_scripts

    share_migration_scripts()
    home = ensure_dagster_home()
    with (home / ".instance.lock").open("a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            instance = dg.DagsterInstance.get()
            # Touch every storage so that it is created while the lock is held.
            instance.get_runs(limit=1)
            instance.get_dynamic_partitions("topics")
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
    return instance
