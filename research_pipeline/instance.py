"""The project's Dagster instance: ``$DAGSTER_HOME``, else ``.dagster/`` in the project."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from research_pipeline.settings import PROJECT_ROOT


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
    return home
