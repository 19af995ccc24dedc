"""Topic files: Markdown with YAML front matter, validated with pydantic."""

from __future__ import annotations

import hashlib
import math
import re
import threading
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Annotated, Any, Literal

import yaml
from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    ValidationError,
    field_validator,
    model_validator,
)

from research_pipeline.errors import TopicFileError
from research_pipeline.untrusted import BIDI_CHARS, load_yaml

MAX_TOPIC_BYTES = 256 * 1024
TOPIC_ID_RE = re.compile(r"^[a-z0-9](?:[a-z0-9-]{0,78}[a-z0-9])?$")
DOMAIN_RE = re.compile(r"^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*"
                       r"[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$")
MAX_COST_USD = 10_000.0
# Control characters other than whitespace, and bidirectional overrides, never belong in
# a title or question: they hide or reorder what a reviewer reads.
_UNPRINTABLE = re.compile(f"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f{BIDI_CHARS}]")

Phrase = Annotated[str, StringConstraints(max_length=300)]
Domain = Annotated[str, StringConstraints(max_length=253)]


def _printable(value: str, what: str) -> str:
    bad = _UNPRINTABLE.search(value)
    if bad:
        raise ValueError(
            f"{what} contains the invisible character U+{ord(bad.group(0)):04X} (a control or "
            "bidirectional-override character); delete it"
        )
    return " ".join(value.split())


class TopicSpec(BaseModel):
    """The front matter of a topic file (the contract in DESIGN.md)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    title: str = Field(min_length=1, max_length=300)
    questions: list[Annotated[str, StringConstraints(max_length=500)]] = Field(
        default_factory=list, max_length=20)
    approval: Literal["human", "auto"] = "human"
    max_rounds: int = Field(3, ge=1, le=20)
    max_queries: int = Field(40, ge=1, le=500)
    max_sources: int = Field(60, ge=1, le=1000)
    max_cost_usd: float = Field(1.0, gt=0, le=MAX_COST_USD, allow_inf_nan=False)
    refresh: Literal["daily", "weekly", "monthly", "never"] = "never"
    include_domains: list[Domain] = Field(default_factory=list, max_length=100)
    exclude_domains: list[Domain] = Field(default_factory=list, max_length=100)
    start_date: date | None = None
    end_date: date | None = None
    expect: list[list[Phrase]] | list[Phrase] = Field(default_factory=list, max_length=50)

    @field_validator("max_rounds", "max_queries", "max_sources", "max_cost_usd", mode="before")
    @classmethod
    def _a_number(cls, value: Any) -> Any:
        if isinstance(value, bool) or not isinstance(value, int | float | str):
            raise ValueError(f"{value!r} is not a number; write a positive number")
        if isinstance(value, float) and not math.isfinite(value):
            raise ValueError(f"{value!r} is not a finite number; write a positive number")
        return value

    @field_validator("start_date", "end_date", mode="before")
    @classmethod
    def _iso_date(cls, value: Any) -> Any:
        if value is None or isinstance(value, date):
            return value
        text = str(value).strip()
        try:
            if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
                raise ValueError(text)
            return date.fromisoformat(text)
        except ValueError:
            raise ValueError(
                f"{text[:40]!r} is not a calendar date; write YYYY-MM-DD, e.g. 2024-01-31"
            ) from None

    @field_validator("include_domains", "exclude_domains")
    @classmethod
    def _domains(cls, value: list[str]) -> list[str]:
        out = []
        for item in value:
            domain = item.strip().lower()
            if not DOMAIN_RE.match(domain):
                raise ValueError(
                    f"{item[:60]!r} is not a domain name; write a host such as 'example.org'"
                )
            out.append(domain)
        return out

    @field_validator("expect")
    @classmethod
    def _phrases(cls, value: list) -> list:
        flat = [p for item in value for p in (item if isinstance(item, list) else [item])]
        if len(flat) > 500:
            raise ValueError(f"{len(flat)} expected phrases; at most 500")
        return value

    @field_validator("id")
    @classmethod
    def _id_shape(cls, value: str) -> str:
        if not TOPIC_ID_RE.match(value):
            raise ValueError(
                f"{value!r} is not a valid id: use lowercase letters, digits and '-' "
                "(for example 'import-system'), at most 80 characters"
            )
        return value

    @field_validator("title")
    @classmethod
    def _title_text(cls, value: str) -> str:
        value = _printable(value, "the title")
        if not value:
            raise ValueError("the title is empty: give the topic a one-line title")
        return value

    @field_validator("questions")
    @classmethod
    def _questions_text(cls, value: list[str]) -> list[str]:
        cleaned = [_printable(q, f"question {n}") for n, q in enumerate(value, 1)]
        if any(not q for q in cleaned):
            raise ValueError("a question is empty: remove it or write it out")
        if len({q.lower() for q in cleaned}) != len(cleaned):
            raise ValueError("a question is listed twice")
        return cleaned

    @model_validator(mode="after")
    def _cross_fields(self) -> TopicSpec:
        if self.start_date and self.end_date and self.start_date > self.end_date:
            raise ValueError("start_date is after end_date")
        if self.expect:
            nested = isinstance(self.expect[0], list)
            if self.questions and not nested:
                raise ValueError(
                    "expect: a topic with questions needs one list of phrases per question"
                )
            if self.questions and len(self.expect) != len(self.questions):
                raise ValueError(
                    f"expect: {len(self.expect)} lists for {len(self.questions)} questions; "
                    "give one list per question"
                )
            if not self.questions and nested:
                raise ValueError("expect: a topic without questions takes one flat list")
        return self


@dataclass(frozen=True)
class Topic:
    """A parsed topic file."""

    spec: TopicSpec
    body: str
    path: Path
    content_hash: str

    @property
    def id(self) -> str:
        """The topic id (the partition key)."""
        return self.spec.id


_DELIMITER = re.compile(r"^---[ \t]*$", re.MULTILINE)


def _split_front_matter(text: str, path: Path) -> tuple[str, str]:
    first, _, rest = text.partition("\n")
    if first.rstrip(" \t") != "---":
        raise TopicFileError(
            path, None, "no YAML front matter: start the file with '---', the fields, '---'"
        )
    closing = _DELIMITER.search(rest)
    if closing is None:
        raise TopicFileError(path, None, "the front matter is not closed by a '---' line")
    return rest[: closing.start()], rest[closing.end():].strip()


def parse_topic(path: Path) -> Topic:
    """Read and validate one topic file, or raise ``TopicFileError`` naming the field.

    Whatever the bytes, the outcome is a topic or one ``TopicFileError``, in bounded time
    and memory: the file size, the front matter's size, depth and alias expansion are
    limited (``untrusted.load_yaml``). CRLF line ends and a UTF-8 byte-order mark are
    accepted.
    """
    path = Path(path)
    try:
        if not path.exists():
            raise TopicFileError(path, None, "does not exist; check the path")
        if not path.is_file():  # a folder, a FIFO (whose read would block), a device
            raise TopicFileError(path, None, "is not a regular file")
        with path.open("rb") as handle:  # never more than the limit in memory
            raw = handle.read(MAX_TOPIC_BYTES + 1)
    except OSError as exc:
        raise TopicFileError(path, None, f"cannot be read ({exc.strerror or exc})") from exc
    if len(raw) > MAX_TOPIC_BYTES:
        raise TopicFileError(
            path, None, f"is over {MAX_TOPIC_BYTES} bytes; a topic file may be at most "
            f"{MAX_TOPIC_BYTES} (put long context in the corpus instead)"
        )
    if b"\x00" in raw:
        raise TopicFileError(path, None, "is a binary file, not a Markdown topic file")
    resolved = path.resolve()
    digest = hashlib.sha256(raw).hexdigest()
    key = (str(path), resolved, digest)
    known = _PARSED.get(key)
    if known is not None:
        return known
    topic = _parse_content(path, resolved, raw, digest[:16])
    with _PARSED_GUARD:
        if len(_PARSED) >= _PARSED_MAX:
            _PARSED.clear()
        _PARSED[key] = topic
    return topic


# Topics parsed, by (path as given, resolved path, SHA-256 of the bytes). A research run
# re-reads a topic's file at every step (a file edited since must stop the run), and at
# 100 topics parsing the same bytes again was ~2 % of the run's CPU (YAML and pydantic,
# with the GIL held). The file is still read every time; only identical bytes at the same
# path reuse the parse, whose result (frozen ``Topic`` and ``TopicSpec``) nobody mutates.
# A file that fails to parse is not kept: it raises each time, as before.
_PARSED: dict[tuple[str, Path, str], Topic] = {}
_PARSED_GUARD = threading.Lock()
_PARSED_MAX = 4096


def _parse_content(path: Path, resolved: Path, raw: bytes, content_hash: str) -> Topic:
    """The topic that ``raw``, read from ``path``, holds (``parse_topic`` checked its size)."""
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise TopicFileError(path, None, f"is not UTF-8 text ({exc.reason})") from exc
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    front, body = _split_front_matter(text, path)
    try:
        data = load_yaml(front)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 2}" if mark is not None else ""
        problem = getattr(exc, "problem", None) or str(exc)
        raise TopicFileError(
            path, None, f"the front matter is not valid YAML{where}: {problem}"
        ) from exc
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise TopicFileError(path, None, "the front matter must be a mapping of fields")
    if any(not isinstance(key, str) for key in data):
        key = next(k for k in data if not isinstance(k, str))
        raise TopicFileError(path, None, f"the key {str(key)[:40]!r} is not a field name")
    data.setdefault("id", path.stem)
    try:
        spec = TopicSpec.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        field = ".".join(str(p) for p in first["loc"]) or None
        message = first["msg"].removeprefix("Value error, ")
        if first["type"] == "extra_forbidden":
            message = (
                "unknown key; allowed keys are " + ", ".join(sorted(TopicSpec.model_fields))
            )
        raise TopicFileError(path, field, message) from exc
    return Topic(spec=spec, body=body, path=resolved, content_hash=content_hash)


def load_topics(paths: list[Path]) -> tuple[list[Topic], list[TopicFileError]]:
    """Parse many topic files; a bad one becomes an error, the others go on.

    When several files declare one id, the file whose name is that id keeps it and every
    other claimant is rejected naming the files; when no file is named for the id (or
    two are), all are rejected. So no file can take over another's topic or report,
    whatever order the files are read in.
    """
    parsed: list[Topic] = []
    errors: list[TopicFileError] = []
    for path in dict.fromkeys(Path(p).resolve() for p in paths):  # a file named twice: once
        try:
            parsed.append(parse_topic(path))
        except TopicFileError as exc:
            errors.append(exc)
    claims: dict[str, list[Topic]] = {}
    for topic in parsed:
        claims.setdefault(topic.id, []).append(topic)
    topics: list[Topic] = []
    for topic in parsed:
        claimants = claims[topic.id]
        if len(claimants) == 1:
            topics.append(topic)
            continue
        owners = [t for t in claimants if t.path.stem == topic.id]
        if len(owners) == 1 and owners[0] is topic:
            topics.append(topic)
            continue
        others = ", ".join(str(t.path) for t in claimants if t is not topic)
        if len(owners) == 1:
            why = f"{owners[0].path} is named for it and keeps it"
        else:
            why = (f"no single file is named {topic.id}.md, so none of them keeps it")
        errors.append(TopicFileError(
            topic.path, "id",
            f"duplicate id {topic.id!r}, also claimed by {others}; {why}. Give this file "
            "its own id",
        ))
    return topics, errors


def claim_conflict(topic: Topic, registered_path: str | None) -> TopicFileError | None:
    """An error when ``topic`` would take over an id another existing file holds.

    ``registered_path`` is the file the store last recorded for the id. A file named for
    the id may take it over from one that is not; otherwise the registered file keeps
    it while it exists and still declares the id.
    """
    if not registered_path or Path(registered_path).resolve() == topic.path:
        return None
    holder = Path(registered_path)
    try:
        if parse_topic(holder).id != topic.id:
            return None
    except TopicFileError:
        return None
    if topic.path.stem == topic.id and holder.stem != topic.id:
        return None
    return TopicFileError(
        topic.path, "id",
        f"id {topic.id!r} is already the topic of {holder}; give this file its own id "
        f"(or remove {holder.name} if this file replaces it)",
    )


def topic_files(directory: Path) -> list[Path]:
    """The topic files of a folder: its ``*.md`` files, sorted, README excluded."""
    if not directory.is_dir():
        return []
    return sorted(
        p for p in directory.glob("*.md") if p.is_file() and p.name.lower() != "readme.md"
    )
