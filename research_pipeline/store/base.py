"""Connections: short transactions with lock retry, and migrations on first open.

Every write is a short transaction on a connection opened for it and closed after, so
several processes (the CLI, ``dagster dev``, the daemon, concurrent runs) share one file.
DuckDB lets one process at a time open a file, so opening retries, with jitter, until
the store's own deadline. Nothing here holds a connection across a network call.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import duckdb

from research_pipeline.errors import StoreError
from research_pipeline.store.schema import _MIGRATIONS, SCHEMA_VERSION

_LOCK_MARKERS = ("lock", "Conflicting lock", "already open")


def utc_now() -> datetime:
    """Now, in UTC, as the naive timestamp DuckDB columns hold."""
    return datetime.now(UTC).replace(tzinfo=None)


def to_json(value: Any) -> str:
    """JSON text for a JSON column (non-JSON values as strings)."""
    return json.dumps(value, ensure_ascii=False, default=str)


class StoreBase:
    """Short-lived DuckDB connections with lock retry; every method is one transaction."""

    def __init__(self, path: Path, lock_timeout_s: float = 120.0, read_only: bool = False) -> None:
        self.path = Path(path)
        self.lock_timeout_s = lock_timeout_s
        self.read_only = read_only
        self._migrated = False

    # -- connections -------------------------------------------------------------------

    def _connect(self, read_only: bool = False) -> duckdb.DuckDBPyConnection:
        if not read_only:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        elif not self.path.exists():
            raise StoreError(
                f"no research database at {self.path}: run 'research-pipeline run' first "
                "or point RESEARCH_DB at an existing file"
            )
        deadline = time.monotonic() + self.lock_timeout_s
        delay = 0.02
        while True:
            try:
                return duckdb.connect(str(self.path), read_only=read_only)
            except duckdb.IOException as exc:
                if not any(m in str(exc) for m in _LOCK_MARKERS):
                    raise StoreError(f"cannot open {self.path}: {exc}") from exc
                if time.monotonic() >= deadline:
                    raise StoreError(
                        f"{self.path} stayed locked by another process for "
                        f"{self.lock_timeout_s:.0f}s (RESEARCH_STORE_LOCK_TIMEOUT_S); "
                        "a process is holding the file open"
                    ) from exc
                time.sleep(delay * (0.5 + random.random()))
                delay = min(delay * 1.6, 0.5)

    @contextmanager
    def transaction(self) -> Iterator[duckdb.DuckDBPyConnection]:
        """One read-write transaction on a fresh connection, migrated on first use."""
        if self.read_only:
            raise StoreError(f"{self.path} was opened read-only; this command cannot write")
        con = self._connect()
        try:
            if not self._migrated:
                self._migrate(con)
                self._migrated = True
            con.execute("BEGIN TRANSACTION")
            try:
                yield con
            except BaseException:
                con.execute("ROLLBACK")
                raise
            con.execute("COMMIT")
        finally:
            con.close()

    @contextmanager
    def reader(self) -> Iterator[duckdb.DuckDBPyConnection]:
        """A read-only connection (used by ``sql`` and the checks)."""
        con = self._connect(read_only=True)
        try:
            yield con
        finally:
            con.close()

    def _migrate(self, con: duckdb.DuckDBPyConnection) -> None:
        con.execute("BEGIN TRANSACTION")
        try:
            con.execute(
                "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL, "
                "applied_at TIMESTAMP NOT NULL)"
            )
            row = con.execute("SELECT max(version) FROM schema_version").fetchone()
            current = (row[0] if row else None) or 0
            if current > SCHEMA_VERSION:
                raise StoreError(
                    f"{self.path} has schema version {current}, newer than this code "
                    f"({SCHEMA_VERSION}); upgrade research-pipeline"
                )
            for version in range(current + 1, SCHEMA_VERSION + 1):
                for statement in _MIGRATIONS[version]:
                    con.execute(statement)
                con.execute("INSERT INTO schema_version VALUES (?, ?)", [version, utc_now()])
            con.execute("COMMIT")
        except BaseException:
            con.execute("ROLLBACK")
            raise

    def ensure_schema(self) -> int:
        """Create or migrate the schema; return its version."""
        with self.transaction() as con:
            row = con.execute("SELECT max(version) FROM schema_version").fetchone()
        return int(row[0]) if row else 0

    @staticmethod
    def _rows(con: duckdb.DuckDBPyConnection, sql: str, params: Sequence[Any] = ()) -> list[dict]:
        cursor = con.execute(sql, list(params))
        names = [d[0] for d in cursor.description or []]
        return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]

    def _read(self, sql: str, params: Sequence[Any] = ()) -> list[dict]:
        if not self.path.exists():
            return []
        if not self.read_only:
            with self.transaction() as con:
                return self._rows(con, sql, params)
        with self.reader() as con:
            try:
                return self._rows(con, sql, params)
            except duckdb.CatalogException as exc:
                raise StoreError(
                    f"{self.path} has an older schema than this code ({exc}); run a command "
                    "that writes (research-pipeline run) once to migrate it"
                ) from exc

