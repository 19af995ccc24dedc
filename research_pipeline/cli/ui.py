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
    """Start ``dagster dev`` (webserver and daemon) on the project's instance."""
    from research_pipeline.instance import ensure_dagster_home

    services_from_settings()
    home = ensure_dagster_home()
    dagster = Path(sys.executable).with_name("dagster")
    say(f"dagster instance: {home}; UI on http://{host}:{port}")
    os.execv(str(dagster), [str(dagster), "dev", "-m", "research_pipeline.definitions",
                            "-h", host, "-p", str(port)])


