"""Audit rows: one per provider request, written when sent and completed when answered.

Text columns pass the one redaction (``live.redact``) and are cut to a bounded length
before they reach the file.
"""

from __future__ import annotations

from typing import Any, Literal

import duckdb
import pyarrow as pa

from research_pipeline.live.redact import redact
from research_pipeline.store.base import StoreBase, utc_now

CallTable = Literal["llm_calls", "search_calls"]
_MAX_TEXT = 20_000
_COLUMNS: dict[str, tuple[str, ...]] = {
    "llm_calls": (
        "call_id", "topic_id", "run_id", "step", "provider", "model", "template",
        "request_hash", "prompt", "response", "input_tokens", "output_tokens", "cost_usd",
        "latency_ms", "cache_hit", "error", "created_at", "fallback", "attempt", "status",
        "round", "completed_at",
    ),
    "search_calls": (
        "call_id", "topic_id", "run_id", "round", "provider", "query", "request_hash",
        "n_results", "latency_ms", "cost_usd", "cache_hit", "error", "created_at", "attempt",
        "status", "completed_at",
    ),
}
_TEXT = {"prompt", "response", "error", "query"}
_DEFAULTS = {"cost_usd": 0.0, "cache_hit": False, "fallback": False}


def _clean(column: str, value: Any) -> Any:
    if column in _TEXT and isinstance(value, str):
        value = redact(value)
        return value if len(value) <= _MAX_TEXT else value[:_MAX_TEXT] + "…[truncated]"
    return value


def _values(table: CallTable, topic_id: str, run_id: str | None, row: dict) -> list[Any]:
    now = utc_now()
    given = {"topic_id": topic_id, "run_id": run_id, "created_at": now, **row}
    if "status" not in row:
        # Rows of offline steps and cache hits are complete when they are written.
        given["status"] = "cached" if row.get("cache_hit") else "done"
        given["completed_at"] = now
    return [_clean(c, given.get(c, _DEFAULTS.get(c))) for c in _COLUMNS[table]]


def _insert_sql(table: CallTable, source: str | None = None, keep_first: bool = True) -> str:
    columns = ", ".join(_COLUMNS[table])
    rows = (f"SELECT {columns} FROM {source}" if source
            else f"VALUES ({', '.join('?' * len(_COLUMNS[table]))})")
    return (f"INSERT INTO {table} ({columns}) {rows}"  # noqa: S608 - fixed names
            + (" ON CONFLICT (call_id) DO NOTHING" if keep_first else ""))


def insert_call_rows(
    con: duckdb.DuckDBPyConnection, table: CallTable, topic_id: str, run_id: str | None,
    rows: list[dict],
) -> None:
    """Insert finished audit rows inside an open transaction (a row seen twice is kept once).

    Several rows (a round's) go in as one statement, like the round's other tables.
    """
    unique: dict[str, list[Any]] = {}
    for row in rows:
        values = _values(table, topic_id, run_id, row)
        unique.setdefault(values[0], values)
    if len(unique) <= 1:
        for values in unique.values():
            con.execute(_insert_sql(table), values)
        return
    columns = _COLUMNS[table]
    data = pa.table({name: [values[i] for values in unique.values()]
                     for i, name in enumerate(columns)})
    name = f"incoming_{table}"
    con.register(name, data)
    try:
        con.execute(_insert_sql(table, name))
    finally:
        con.unregister(name)


class CallStore(StoreBase):
    """Audit rows written one request at a time, so a killed process leaves them."""

    def open_call(self, table: CallTable, topic_id: str, run_id: str | None, row: dict) -> None:
        """Write the row of a request about to be sent (status ``sent``)."""
        # One statement, committed on its own (no BEGIN/COMMIT round trips); a row seen
        # twice is kept once.
        self.write(_insert_sql(table, keep_first=False),
                   _values(table, topic_id, run_id, {"status": "sent", **row}),
                   on_conflict=_insert_sql(table))

    def close_call(self, table: CallTable, call_id: str, fields: dict) -> None:
        """Complete a request's row with what its answer (or failure) said."""
        allowed = [c for c in fields if c in _COLUMNS[table] and c != "call_id"]
        assignments = ", ".join(f"{c} = ?" for c in [*allowed, "completed_at"])
        self.write(
            f"UPDATE {table} SET {assignments} WHERE call_id = ?",  # noqa: S608 - fixed names
            [*(_clean(c, fields[c]) for c in allowed), utc_now(), call_id],
        )

    def research_fallbacks(self, topic_id: str, research_id: str, plan_version: str,
                           run_id: str) -> list[dict]:
        """Model steps that fell back, for the plan and every run of a research, in order."""
        return self._read(
            "SELECT step, round, error FROM llm_calls WHERE topic_id = ? AND fallback AND "
            "run_id IN (SELECT run_id FROM research_rounds WHERE research_id = ? UNION "
            "SELECT run_id FROM research_plans WHERE plan_version = ? UNION SELECT ?) "
            "ORDER BY created_at",
            [topic_id, research_id, plan_version, run_id],
        )
