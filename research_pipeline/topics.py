"""Topic files: Markdown with YAML front matter, validated with pydantic."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from research_pipeline.errors import TopicFileError

MAX_TOPIC_BYTES = 256 * 1024
TOPIC_ID_RE = re.compile(r"^[a-z0-9](?:[a-z0-9-]{0,78}[a-z0-9])?$")


class TopicSpec(BaseModel):
    """The front matter of a topic file (the contract in DESIGN.md)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    title: str = Field(min_length=1, max_length=300)
    questions: list[str] = Field(default_factory=list, max_length=20)
    approval: Literal["human", "auto"] = "human"
    max_rounds: int = Field(3, ge=1, le=20)
    max_queries: int = Field(40, ge=1, le=500)
    max_sources: int = Field(60, ge=1, le=1000)
    max_cost_usd: float = Field(1.0, ge=0)
    refresh: Literal["daily", "weekly", "monthly", "never"] = "never"
    include_domains: list[str] = Field(default_factory=list)
    exclude_domains: list[str] = Field(default_factory=list)
    start_date: date | None = None
    end_date: date | None = None
    expect: list[list[str]] | list[str] = Field(default_factory=list)

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
        value = " ".join(value.split())
        if not value:
            raise ValueError("the title is empty: give the topic a one-line title")
        return value

    @field_validator("questions")
    @classmethod
    def _questions_text(cls, value: list[str]) -> list[str]:
        cleaned = [" ".join(q.split()) for q in value]
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


def _split_front_matter(text: str, path: Path) -> tuple[str, str]:
    if not text.startswith("---"):
        raise TopicFileError(
            path, None, "no YAML front matter: start the file with '---', the fields, '---'"
        )
    parts = re.split(r"^---[ \t]*$", text, maxsplit=2, flags=re.MULTILINE)
    if len(parts) < 3:
        raise TopicFileError(path, None, "the front matter is not closed by a '---' line")
    return parts[1], parts[2].strip()


def parse_topic(path: Path) -> Topic:
    """Read and validate one topic file, or raise ``TopicFileError`` naming the field."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise TopicFileError(path, None, f"cannot be read ({exc.strerror or exc})") from exc
    if len(raw) > MAX_TOPIC_BYTES:
        raise TopicFileError(
            path, None, f"is {len(raw)} bytes; a topic file may be at most {MAX_TOPIC_BYTES}"
        )
    if b"\x00" in raw:
        raise TopicFileError(path, None, "is a binary file, not a Markdown topic file")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise TopicFileError(path, None, f"is not UTF-8 text ({exc.reason})") from exc
    front, body = _split_front_matter(text, path)
    try:
        data = yaml.safe_load(front)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 2}" if mark is not None else ""
        raise TopicFileError(path, None, f"the front matter is not valid YAML{where}") from exc
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise TopicFileError(path, None, "the front matter must be a mapping of fields")
    data.setdefault("id", path.stem)
    try:
        spec = TopicSpec.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        field = ".".join(str(p) for p in first["loc"]) or None
        message = first["msg"]
        if first["type"] == "extra_forbidden":
            message = (
                "unknown key; allowed keys are " + ", ".join(sorted(TopicSpec.model_fields))
            )
        raise TopicFileError(path, field, message) from exc
    digest = hashlib.sha256(raw).hexdigest()[:16]
    return Topic(spec=spec, body=body, path=path.resolve(), content_hash=digest)


def load_topics(paths: list[Path]) -> tuple[list[Topic], list[TopicFileError]]:
    """Parse many topic files; a bad one becomes an error, the others go on.

    Duplicate ids are errors for every file after the first that claims the id.
    """
    topics: list[Topic] = []
    errors: list[TopicFileError] = []
    seen: dict[str, Path] = {}
    for path in paths:
        try:
            topic = parse_topic(path)
        except TopicFileError as exc:
            errors.append(exc)
            continue
        if topic.id in seen:
            errors.append(
                TopicFileError(
                    path, "id", f"duplicate id {topic.id!r}, already used by {seen[topic.id]}"
                )
            )
            continue
        seen[topic.id] = path
        topics.append(topic)
    return topics, errors


def topic_files(directory: Path) -> list[Path]:
    """The topic files of a folder: its ``*.md`` files, sorted, README excluded."""
    if not directory.is_dir():
        return []
    return sorted(
        p for p in directory.glob("*.md") if p.is_file() and p.name.lower() != "readme.md"
    )
