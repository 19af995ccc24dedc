"""One GPT Researcher case, run by ``run.py`` in the peer's own environment (.venv).

``python gptr_case.py N OUT_DIR``: N ``research_report`` researches at once in this one
process (``asyncio.gather`` over N ``GPTResearcher`` instances, as its users run several),
each ``conduct_research()`` then ``write_report()``, default settings otherwise. The
environment (set by ``run.py``) points every provider at the loopback server.

Before GPT Researcher is imported, a guard wraps ``socket.connect`` and ``getaddrinfo``:
any attempt to reach a host other than 127.0.0.1/::1/localhost is refused and counted, so
the case proves it never left the machine (the count is printed and must be 0).
"""

from __future__ import annotations

import asyncio
import json
import os
import socket
import sys
import time
from pathlib import Path

LOOPBACK = {"127.0.0.1", "::1", "localhost"}
BLOCKED: list[str] = []

_connect = socket.socket.connect
_connect_ex = socket.socket.connect_ex
_getaddrinfo = socket.getaddrinfo


def _check(address: object) -> None:
    if isinstance(address, tuple) and address and str(address[0]) not in LOOPBACK:
        BLOCKED.append(str(address[0]))
        raise ConnectionRefusedError(f"benchmark guard: {address[0]} is not loopback")


def _guarded_connect(self: socket.socket, address: object) -> None:
    _check(address)
    return _connect(self, address)  # type: ignore[arg-type]


def _guarded_connect_ex(self: socket.socket, address: object) -> int:
    _check(address)
    return _connect_ex(self, address)  # type: ignore[arg-type]


def _guarded_getaddrinfo(host, *args, **kwargs):  # type: ignore[no-untyped-def]
    if host is not None and str(host) not in LOOPBACK:
        BLOCKED.append(str(host))
        raise socket.gaierror(f"benchmark guard: {host} is not loopback")
    return _getaddrinfo(host, *args, **kwargs)


socket.socket.connect = _guarded_connect  # type: ignore[method-assign]
socket.socket.connect_ex = _guarded_connect_ex  # type: ignore[method-assign]
socket.getaddrinfo = _guarded_getaddrinfo


def question(n: int) -> str:
    """The project's topic ``Tides, survey N`` (three questions) as one short question."""
    return (f"What causes tides at site {n}, when do spring tides happen at site {n}, "
            f"and what is the tidal range at site {n}?")


async def research(n: int, out: Path) -> dict:
    from gpt_researcher import GPTResearcher

    researcher = GPTResearcher(query=question(n), report_type="research_report")
    await researcher.conduct_research()
    report = await researcher.write_report()
    (out / f"gptr-site-{n}.md").write_text(report)
    return {"topic": n, "report_chars": len(report), "sources": len(researcher.visited_urls),
            "links": report.count("]("), "agent": researcher.agent}


async def main(n: int, out: Path) -> list[dict]:
    return list(await asyncio.gather(*(research(i, out) for i in range(n))))


if __name__ == "__main__":
    topics, out_dir = int(sys.argv[1]), Path(sys.argv[2])
    out_dir.mkdir(parents=True, exist_ok=True)
    os.chdir(out_dir)  # whatever GPT Researcher writes to its working directory stays here
    started = time.perf_counter()
    results = asyncio.run(main(topics, out_dir))
    from importlib.metadata import version

    print("GPTR_RESULT " + json.dumps({
        "topics": results, "blocked_hosts": sorted(set(BLOCKED)), "blocked": len(BLOCKED),
        "in_process_s": round(time.perf_counter() - started, 2),
        "gpt_researcher": version("gpt-researcher"), "python": sys.version.split()[0]}))
    if BLOCKED or any(r["report_chars"] == 0 for r in results):
        sys.exit(1)
