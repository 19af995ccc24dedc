"""The code location: every Dagster object under ``defs/``, with global policies."""

from pathlib import Path

import dagster as dg


@dg.definitions
def defs() -> dg.Definitions:
    """Load ``defs/``; runs execute in one process (steps are sequential per topic)."""
    loaded = dg.load_from_defs_folder(path_within_project=Path(__file__).parent / "defs")
    return dg.Definitions.merge(loaded, dg.Definitions(executor=dg.in_process_executor))
