"""The code location: every Dagster object under ``defs/``, with global policies."""

from pathlib import Path

import dagster as dg

DEFS_DIR = Path(__file__).parent / "defs"


def build_definitions(component_library: bool = True) -> dg.Definitions:
    """Load ``defs/``; runs execute in one process (steps are sequential per topic).

    ``component_library`` adds what the UI shows of the component types installed in the
    environment (``load_from_defs_folder`` scans every package's entry points and
    describes each type: ~0.08 s). A run executed by the CLI has no use for it and loads
    the same folder without it: the same jobs, assets, checks, sensors, schedules and
    resources (tests/test_startup.py compares them).
    """
    if component_library:
        loaded = dg.load_from_defs_folder(path_within_project=DEFS_DIR)
    else:
        loaded = dg.ComponentTree.for_project(DEFS_DIR).build_defs(DEFS_DIR)
    return dg.Definitions.merge(loaded, dg.Definitions(executor=dg.in_process_executor))


@dg.definitions
def defs() -> dg.Definitions:
    """The project's definitions, as the UI, the daemon and ``dg`` load them."""
    return build_definitions()
