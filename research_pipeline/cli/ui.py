"""``ui``: the Dagster UI and daemon on the project instance."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Annotated

import typer

from research_pipeline.cli.app import (
    app,
    say,
    services_from_settings,
)


@app.command()
def ui(
    port: Annotated[int, typer.Option(help="Webserver port")] = 3000,
    host: Annotated[str, typer.Option(help="Webserver host")] = "127.0.0.1",
) -> None:
    """Start ``dg dev`` (webserver and daemon) on the project's instance.

    ``dg dev`` (Dagster 1.13's successor of ``dagster dev``) loads the project from
    ``pyproject.toml`` and registers its code location as ``research_pipeline``, the name
    the project declares, so Dagster has no name mismatch to warn about.
    """
    from research_pipeline.instance import ensure_dagster_home
    from research_pipeline.settings import PROJECT_ROOT

    services_from_settings()
    home = ensure_dagster_home()
    dg = Path(sys.executable).with_name("dg")
    say(f"dagster instance: {home}; UI on http://{host}:{port}")
    os.chdir(PROJECT_ROOT)
    # The project's own environment is the active one (dg warns when they differ).
    os.environ["VIRTUAL_ENV"] = sys.prefix
    os.execv(str(dg), [str(dg), "dev", "--host", host, "--port", str(port)])
