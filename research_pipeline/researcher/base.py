"""The researcher interface shared by the extractive (offline) and model researchers."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from research_pipeline.models import (
    Fact,
    Gap,
    GapAnalysis,
    OpenQuestion,
    PlannedQuery,
    Reflection,
    ResearchPlan,
    Source,
)
from research_pipeline.topics import Topic


@dataclass(frozen=True)
class RevisionNote:
    """A reviewer's rejection note on an earlier plan revision."""

    revision: int
    note: str


@dataclass(frozen=True)
class Evidence:
    """A retrieved source with its best search score and the round it first appeared."""

    source: Source
    score: float
    first_round: int


class Researcher(Protocol):
    """The research steps. Every method returns the pydantic models of ``models``."""

    name: str
    model: str | None

    def generate_plan(
        self, topic: Topic, notes: list[RevisionNote], previous: ResearchPlan | None
    ) -> ResearchPlan:
        """The question plan and first queries (a revision takes the notes into account)."""
        ...

    def reflect(self, plan: ResearchPlan, evidence: list[Evidence], round_no: int) -> Reflection:
        """Which questions the evidence so far answers, and how well."""
        ...

    def analyse_gaps(
        self, plan: ResearchPlan, reflection: Reflection, gaps: list[Gap], round_no: int,
        max_rounds: int,
    ) -> GapAnalysis:
        """Gap statuses after a round, the gaps to work next, and whether to go on."""
        ...

    def follow_up_queries(
        self, plan: ResearchPlan, analysis: GapAnalysis, evidence: list[Evidence],
        earlier_queries: list[str], limit: int,
    ) -> list[PlannedQuery]:
        """New queries for the chosen gaps, none repeating an earlier query."""
        ...

    def extract_facts(
        self, plan: ResearchPlan, reflection: Reflection, evidence: list[Evidence]
    ) -> list[Fact]:
        """Concise facts, each with a verbatim quote of its source."""
        ...

    def write_answer(
        self, topic: Topic, plan: ResearchPlan, facts: list[tuple[int, Fact]],
        open_questions: list[OpenQuestion],
    ) -> dict[int, str]:
        """Per question id, the answer text using only the given ``[^N]`` markers.

        Key 0 holds the overview.
        """
        ...
