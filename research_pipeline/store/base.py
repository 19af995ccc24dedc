"""Connections: short transactions with lock retry, and migrations on first open.

Every write is a short transaction, so several processes (the CLI, ``dagster dev``, the
daemon, concurrent runs) share one file. DuckDB lets one process at a time open a file,
so opening waits, with jitter, until the store's own deadline; processes of this project
queue on an advisory lock file beside the database instead of polling DuckDB's lock.

Opening and closing a DuckDB file costs 50-80 ms (closing checkpoints it), far more than
a transaction. Inside ``Store.session()`` (a research step, a bulk run) the file therefore
stays open between transactions, which run one at a time in this process (threads of one
process would otherwise conflict on the same keys), and is closed and handed to waiting
processes at least every ``HOLD_S`` seconds. Nothing here holds a transaction across a
network call.
"""

from __future__ import annotations

import fcntl
import json
import os
import random
import re
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import duckdb
import pyarrow as pa

from research_pipeline.errors import StoreError
from research_pipeline.store.schema import _MIGRATIONS, SCHEMA_VERSION

_LOCK_MARKERS = ("lock", "Conflicting lock", "already open")
HOLD_S = 2.0
_COLUMNS: dict[str, list[str]] = {}  # column names per table, for batched inserts
YIELD_S = 0.05
VALUES_ROWS = 20  # up to this many rows, ``_insert_many`` binds them as parameters


def utc_now() -> datetime:
    """Now, in UTC, as the naive timestamp DuckDB columns hold."""
    return datetime.now(UTC).replace(tzinfo=None)


def to_json(value: Any) -> str:
    """JSON text for a JSON column (non-JSON values as strings)."""
    return json.dumps(value, ensure_ascii=False, default=str)


class _Lease:
    """This process's hold on one database file, shared by every ``Store`` of the file."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.mutex = threading.RLock()
        self.sessions = 0
        self.con: duckdb.DuckDBPyConnection | None = None
        self.read_only = False
        self.opened_at = 0.0
        self.migrated = False
        self._lock_file: int | None = None
        # Reads run concurrently (DuckDB isolates them); closing waits for them to finish.
        self.readers = 0
        self.idle = threading.Condition(threading.Lock())
        # Single statements of a session waiting to be committed together (``write``), and
        # whether a thread is committing them.
        self.pending: list[_Pending] = []
        self.pending_guard = threading.Lock()
        self.flushing = False

    def open(self, read_only: bool, timeout_s: float) -> duckdb.DuckDBPyConnection:
        """The open connection, opening the file (after the advisory lock) if needed."""
        if self.con is not None and self.sessions and time.monotonic() - self.opened_at > HOLD_S:
            # Held for a while by a busy session: let waiting processes in, then reopen.
            self.close()
            time.sleep(YIELD_S)
        if self.con is not None and self.read_only and not read_only:
            self.close()
        if self.con is None:
            self.migrated = False  # checked once per open: another process may have moved it
            deadline = time.monotonic() + timeout_s
            self._lock_file = _advisory_lock(self.path, read_only, deadline, timeout_s)
            try:
                self.con = _connect_until(self.path, read_only, deadline, timeout_s)
            except BaseException:
                self._unlock()
                raise
            self.read_only = read_only
            self.opened_at = time.monotonic()
        return self.con

    def close(self) -> None:
        """Close the file (DuckDB checkpoints it) and release the advisory lock."""
        with self.idle:
            while self.readers:
                self.idle.wait()
        if self.con is not None:
            try:
                self.con.close()
            finally:
                self.con = None
                self._unlock()

    def _unlock(self) -> None:
        if self._lock_file is not None:
            fcntl.flock(self._lock_file, fcntl.LOCK_UN)
            os.close(self._lock_file)
            self._lock_file = None


_PLAIN_INSERT = re.compile(r"INSERT INTO \w+(?: \([\w, ]+\))? VALUES (\([?, ]+\))")


def _values_row(sql: str) -> str | None:
    """``(?, ?, ...)`` of a plain one-row ``INSERT ... VALUES``, to add rows to it."""
    match = _PLAIN_INSERT.fullmatch(sql)
    return match.group(1) if match else None


class _Pending:
    """One statement handed to ``write`` in a session, until its group is committed."""

    __slots__ = ("committed", "done", "error", "lead", "on_conflict", "params", "sql")

    def __init__(self, sql: str, params: list[Any], on_conflict: str | None) -> None:
        self.sql, self.params, self.on_conflict = sql, params, on_conflict
        self.done = False
        self.lead = False  # this statement's thread commits the next group
        self.committed = threading.Event()  # done, or made the leader
        self.error: BaseException | None = None


_LEASES: dict[Path, _Lease] = {}
_LEASES_GUARD = threading.Lock()
# The lease of each absolute path as given: every statement looks its lease up, and
# resolving the path (a system call per component) cost more than a point query's parsing.
_LEASE_OF_GIVEN: dict[Path, _Lease] = {}


def _lease_for(path: Path) -> _Lease:
    lease = _LEASE_OF_GIVEN.get(path)
    if lease is not None:
        return lease
    key = path.resolve()
    with _LEASES_GUARD:
        lease = _LEASES.get(key)
        if lease is None:
            lease = _LEASES[key] = _Lease(key)
        if path.is_absolute():
            _LEASE_OF_GIVEN[path] = lease
        return lease


def _lock_error(path: Path, timeout_s: float) -> StoreError:
    return StoreError(
        f"{path} stayed locked by another process for {timeout_s:.0f}s "
        "(RESEARCH_STORE_LOCK_TIMEOUT_S); a process is holding the file open"
    )


def _advisory_lock(
    path: Path, read_only: bool, deadline: float, timeout_s: float
) -> int | None:
    """Take the lock file beside the database (shared for readers), waiting until deadline.

    A reader who may not create or write the lock file (a read-only folder or file) goes
    without it: DuckDB's own lock, retried below, still keeps it from a writer.
    """
    try:
        fd = os.open(f"{path}.lock", os.O_RDWR | os.O_CREAT, 0o644)
    except OSError:  # a read-only folder or file system
        if not read_only:
            raise
        try:
            fd = os.open(f"{path}.lock", os.O_RDONLY)
        except OSError:
            return None
    mode = (fcntl.LOCK_SH if read_only else fcntl.LOCK_EX) | fcntl.LOCK_NB
    while True:
        try:
            fcntl.flock(fd, mode)
            return fd
        except BlockingIOError:
            if time.monotonic() >= deadline:
                os.close(fd)
                raise _lock_error(path, timeout_s) from None
            time.sleep(0.005 + random.random() * 0.01)


def _connect_until(
    path: Path, read_only: bool, deadline: float, timeout_s: float
) -> duckdb.DuckDBPyConnection:
    """Open the file, retrying while a process outside the advisory lock holds it."""
    delay = 0.02
    while True:
        try:
            return duckdb.connect(str(path), read_only=read_only)
        except duckdb.IOException as exc:
            if not any(m in str(exc) for m in _LOCK_MARKERS):
                raise StoreError(f"cannot open {path}: {exc}") from exc
            if time.monotonic() >= deadline:
                raise _lock_error(path, timeout_s) from exc
            time.sleep(delay * (0.5 + random.random()))
            delay = min(delay * 1.6, 0.5)


class StoreBase:
    """Short DuckDB transactions with lock retry; every method is one transaction."""

    def __init__(self, path: Path, lock_timeout_s: float = 120.0, read_only: bool = False) -> None:
        self.path = Path(path)
        self.lock_timeout_s = lock_timeout_s
        # A read-only store never writes, migrates or opens the file for writing
        # (``status``, ``sql``, ``report``: they work for a user who may only read it).
        self.read_only = read_only

    # -- connections -------------------------------------------------------------------

    @contextmanager
    def session(self) -> Iterator[None]:
        """Keep the file open between this process's transactions until the block ends.

        Sessions nest and are shared by every ``Store`` of the same file in the process.
        """
        lease = _lease_for(self.path)
        with lease.mutex:
            lease.sessions += 1
        try:
            yield
        finally:
            with lease.mutex:
                lease.sessions -= 1
                if not lease.sessions:
                    lease.close()

    @contextmanager
    def _cursor(self, read_only: bool) -> Iterator[duckdb.DuckDBPyConnection]:
        if read_only and not self.path.exists():
            raise StoreError(
                f"no research database at {self.path}: run 'research-pipeline run' first "
                "or point RESEARCH_DB at an existing file"
            )
        if not read_only:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        lease = _lease_for(self.path)
        with lease.mutex:
            # Inside a read-write session a reader shares its connection; alone, a reader
            # opens the file read-only so that it can never write.
            con = lease.open(read_only and lease.con is None, self.lock_timeout_s)
            cursor = con.cursor()
            try:
                yield cursor
            finally:
                cursor.close()
                if not lease.sessions:
                    lease.close()

    @contextmanager
    def transaction(self) -> Iterator[duckdb.DuckDBPyConnection]:
        """One read-write transaction, the schema migrated on first use in this process."""
        if self.read_only:
            raise StoreError(f"{self.path} was opened read-only; this command cannot write")
        lease = _lease_for(self.path)
        with self._cursor(read_only=False) as con:
            if not lease.migrated:
                self._migrate(con)
                lease.migrated = True
            con.execute("BEGIN TRANSACTION")
            try:
                yield con
            except BaseException:
                con.execute("ROLLBACK")
                raise
            con.execute("COMMIT")

    def write(self, sql: str, params: Sequence[Any] = (), on_conflict: str | None = None) -> None:
        """One statement, committed before this returns.

        With ``on_conflict``, ``sql`` is a plain INSERT tried first and ``on_conflict`` the
        same INSERT with its ``ON CONFLICT`` clause, run only when a key already exists:
        DuckDB's conflict handling costs two to three times a plain insert's CPU even
        when nothing conflicts, and here a conflict is rare.

        Inside a session (a bulk run's topics in threads) the statements handed in while a
        group is being committed wait and are committed together, in one transaction, by
        one of their threads (group commit): every provider request writes its audit row
        when sent and completes it when answered, and every answer is cached, so without
        this each of those statements holds the store's lock for its own commit (a fsync)
        and the topics queue on it. They were all waiting at once, so no order among them
        is owed; each caller still returns only once its statement is committed, so an
        audit row is in the file before its request is sent, as before.
        """
        lease = _lease_for(self.path)
        if not lease.migrated:
            with self.transaction():
                pass
        if not lease.sessions:
            with self._cursor(read_only=False) as con:
                self._execute_one(con, _Pending(sql, list(params), on_conflict))
            return
        item = _Pending(sql, list(params), on_conflict)
        with lease.pending_guard:
            lease.pending.append(item)
            if not lease.flushing:
                lease.flushing = item.lead = True
        if not item.lead:
            item.committed.wait()
        if not item.done:  # this thread leads: commit every statement waiting, its own too
            try:
                with lease.mutex:
                    with lease.pending_guard:
                        group, lease.pending = lease.pending, []
                    self._commit_group(group)
            finally:
                with lease.pending_guard:
                    if not item.done and item in lease.pending:  # interrupted before its group
                        lease.pending.remove(item)
                    if lease.pending:  # handed in meanwhile: their first thread leads next
                        lease.pending[0].lead = True
                        lease.pending[0].committed.set()
                    else:
                        lease.flushing = False
        if item.error is not None:
            raise item.error

    @staticmethod
    def _execute_one(con: duckdb.DuckDBPyConnection, item: _Pending) -> None:
        try:
            con.execute(item.sql, item.params)
        except duckdb.ConstraintException:
            if item.on_conflict is None:
                raise
            con.execute(item.on_conflict, item.params)

    def _commit_group(self, group: list[_Pending]) -> None:
        """Commit the group's statements in one transaction (the caller holds the mutex).

        Statements of one text run as one ``executemany``. When one of them fails (a key
        that exists, say), the transaction is rolled back and each statement runs on its
        own, so that only the failing one's caller sees its error.
        """
        try:
            with self._cursor(read_only=False) as con:
                if len(group) == 1:
                    try:
                        self._execute_one(con, group[0])
                    except Exception as exc:  # noqa: BLE001 - raised again in its caller
                        group[0].error = exc
                    return
                by_sql: dict[str, list[_Pending]] = {}
                for item in group:
                    by_sql.setdefault(item.sql, []).append(item)
                try:
                    con.execute("BEGIN TRANSACTION")
                    for sql, items in by_sql.items():
                        row = _values_row(sql) if len(items) > 1 else None
                        if row is None:
                            con.executemany(sql, [item.params for item in items])
                        else:  # one statement; executemany would run it once a row
                            con.execute(sql + f", {row}" * (len(items) - 1),
                                        [value for item in items for value in item.params])
                    con.execute("COMMIT")
                except Exception:  # noqa: BLE001 - each statement again, on its own
                    con.execute("ROLLBACK")
                    for item in group:
                        try:
                            self._execute_one(con, item)
                        except Exception as exc:  # noqa: BLE001 - raised again in its caller
                            item.error = exc
        except BaseException as exc:
            for item in group:
                item.error = item.error or exc
            raise
        finally:
            for item in group:
                item.done = True
                item.committed.set()

    @contextmanager
    def reader(self) -> Iterator[duckdb.DuckDBPyConnection]:
        """A read-only connection (used by ``sql`` and the checks)."""
        with self._read_cursor(read_only=True) as con:
            yield con

    @contextmanager
    def _read_cursor(self, read_only: bool) -> Iterator[duckdb.DuckDBPyConnection]:
        """A cursor for reading; in a session, reads run beside this process's writes."""
        lease = _lease_for(self.path)
        if not read_only and not lease.migrated:
            with self.transaction():
                pass
        with lease.mutex:
            if not lease.sessions:
                # Alone, a read holds the file like a write does (and a reader opens it
                # read-only, so that it can never write).
                with self._cursor(read_only) as con:
                    yield con
                return
            cursor = lease.open(False, self.lock_timeout_s).cursor()
            with lease.idle:
                lease.readers += 1
        try:
            yield cursor
        finally:
            cursor.close()
            with lease.idle:
                lease.readers -= 1
                lease.idle.notify_all()

    def _insert_many(self, con: duckdb.DuckDBPyConnection, table: str,
                     rows: Sequence[Sequence[Any]], on_conflict: str = "") -> None:
        """Insert rows, in the table's column order, as one statement.

        About ten times faster than one INSERT per row (``executemany`` runs the statement
        once a row). A few rows go in as one multi-row ``VALUES`` statement, which costs
        DuckDB about half of registering them as an Arrow table (most of a round's inserts
        are of one to ten rows); more go in from Arrow. The rows must not repeat a key
        among themselves (``on_conflict`` only skips rows already in the table).
        """
        if not rows:
            return
        columns = _COLUMNS.get(table)
        if columns is None:
            probe = con.execute(f"SELECT * FROM {table} LIMIT 0")  # noqa: S608 - our names
            columns = _COLUMNS[table] = [d[0] for d in probe.description or []]
            probe.fetchall()
        if len(rows) <= VALUES_ROWS:
            row = "(" + ", ".join("?" * len(columns)) + ")"
            con.execute(f"INSERT INTO {table} VALUES {', '.join([row] * len(rows))} "  # noqa: S608
                        f"{on_conflict}", [value for r in rows for value in r])
            return
        data = pa.table({name: [row[i] for row in rows] for i, name in enumerate(columns)})
        name = f"incoming_{table}"
        con.register(name, data)
        try:
            con.execute(f"INSERT INTO {table} SELECT * FROM {name} {on_conflict}")  # noqa: S608
        finally:
            con.unregister(name)

    def _migrate(self, con: duckdb.DuckDBPyConnection) -> None:
        # Checked at every open of the file (another process may have moved it meanwhile):
        # a file already at this version costs one statement.
        try:
            row = con.execute("SELECT max(version) FROM schema_version").fetchone()
        except duckdb.CatalogException:
            row = None
        if row is not None and row[0] == SCHEMA_VERSION:
            return
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
        with self._read_cursor(read_only=self.read_only) as con:
            try:
                return self._rows(con, sql, params)
            except duckdb.CatalogException as exc:
                if not self.read_only:
                    raise
                raise StoreError(
                    f"{self.path} has an older schema than this code ({exc}); run a command "
                    "that writes (research-pipeline run) once to migrate it"
                ) from exc

