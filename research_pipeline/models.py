"""The pydantic models every researcher returns and the store persists."""

from __future__ import annotations

import hashlib
import json
from typing import Literal

from pydantic import BaseModel, Field

QuestionStatus = Literal["answered", "partial", "unanswered"]
GapStatus = Literal["active", "resolved", "abandoned"]
StopReason = Literal[
    "all_answered", "gaps_abandoned", "max_rounds", "max_queries", "max_sources", "budget",
    "no_new_queries",
]


def stable_hash(*parts: object, length: int = 16) -> str:
    """A short, stable hex digest of JSON-serialisable parts."""
    payload = json.dumps(parts, sort_keys=True, default=str, ensure_ascii=False)
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()[:length]


class Question(BaseModel):
    """One research question of a plan; ``id`` is its 1-based position."""

    id: int = Field(ge=1)
    text: str


class PlannedQuery(BaseModel):
    """A search query and the question (and gap) it serves."""

    text: str
    question_id: int
    gap_id: str | None = None
    kind: Literal["initial", "follow_up"] = "initial"


class ResearchPlan(BaseModel):
    """The question plan and first queries: what a person approves."""

    topic_id: str
    title: str
    context: str = ""
    questions: list[Question]
    queries: list[PlannedQuery]
    revision: int = 1
    notes: list[str] = Field(default_factory=list)

    def version(self, topic_hash: str) -> str:
        """The plan version: a hash of the topic file's content and of the plan."""
        return stable_hash(topic_hash, self.model_dump(mode="json"))

    def as_markdown(self) -> str:
        """The plan as a person reads it in the UI and the CLI."""
        lines = [f"**{self.title}** (revision {self.revision})", "", "Questions:"]
        lines += [f"{q.id}. {q.text}" for q in self.questions]
        lines += ["", "First queries:"]
        lines += [f"- `{q.text}` (question {q.question_id})" for q in self.queries]
        if self.notes:
            lines += ["", "Reviewer notes taken into account:"]
            lines += [f"- {note}" for note in self.notes]
        return "\n".join(lines)


class Source(BaseModel):
    """A document or passage returned by search, with the text citations are checked against."""

    source_id: str
    url: str
    title: str
    text: str
    provider: str
    corpus: str | None = None
    published_date: str | None = None
    # Where the passage sits in its document: the heading path ("Section › Subsection"),
    # and its blocks as (kind, start, end) spans of ``text`` (para, list, table, code...).
    section: str = ""
    layout: list[tuple[str, int, int]] = Field(default_factory=list)

    @property
    def cite_title(self) -> str:
        """The title a citation shows: ``Title › Section`` where the section is known."""
        return f"{self.title} › {self.section}" if self.section else self.title


class SearchHit(BaseModel):
    """One result of one query."""

    source: Source
    rank: int
    score: float


class QuestionAssessment(BaseModel):
    """Reflection on one question: how well the evidence so far answers it."""

    question_id: int
    status: QuestionStatus
    coverage: float = Field(ge=0, le=1)
    best_source_id: str | None = None
    evidence_source_ids: list[str] = Field(default_factory=list)
    matched_terms: list[str] = Field(default_factory=list)
    missing_terms: list[str] = Field(default_factory=list)
    # Why the question is not (fully) answered, in plain words, where the researcher knows.
    note: str = ""


class Reflection(BaseModel):
    """Which questions are answered after a round."""

    round: int
    assessments: list[QuestionAssessment]

    def status_of(self, question_id: int) -> QuestionAssessment:
        """The assessment of one question."""
        for item in self.assessments:
            if item.question_id == question_id:
                return item
        raise KeyError(question_id)


class Gap(BaseModel):
    """A knowledge gap: an unanswered question being worked on across rounds."""

    gap_id: str
    question_id: int
    description: str
    status: GapStatus = "active"
    attempts: int = 0
    fruitless_rounds: int = 0
    best_coverage: float = 0.0
    queries_tried: list[str] = Field(default_factory=list)
    rounds_worked: list[int] = Field(default_factory=list)


class GapAnalysis(BaseModel):
    """The gap state after a round and whether to go on."""

    gaps: list[Gap]
    continue_research: bool
    next_gap_ids: list[str] = Field(default_factory=list)
    stop_reason: StopReason | None = None


class Fact(BaseModel):
    """A concise fact with the verbatim quote that backs it and its source."""

    fact_id: str
    question_id: int
    source_id: str
    url: str
    title: str
    quote: str
    text: str
    score: float = 0.0
    # "answer": the direct answer to its question (shown first); "support": a passage
    # that backs or widens it.
    role: Literal["answer", "support"] = "support"
    # Its place among its question's facts as the researcher chose them (0 first); None
    # where the researcher gives no order, which then follows the score.
    position: int | None = None


class OpenQuestion(BaseModel):
    """A plan question the report could not answer, and why."""

    question_id: int
    text: str
    reason: str
