"""The model researcher: every step a structured instructor call with a Jinja2 prompt.

Bookkeeping that must not depend on judgement stays in code: gap states and the
three-round abandonment rule (``gaps``), query de-duplication, quote verification
(the validator rejects any quote that is not verbatim in the source, and instructor
retries with the error), and marker checking in the answer.
"""

from __future__ import annotations

import re
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from typing import Literal

from pydantic import BaseModel, Field, ValidationInfo, field_validator, model_validator

from research_pipeline.live.models import ModelClient, StructuredOutputError
from research_pipeline.live.runtime import BudgetExceeded
from research_pipeline.models import (
    Fact,
    Gap,
    GapAnalysis,
    OpenQuestion,
    PlannedQuery,
    Question,
    QuestionAssessment,
    Reflection,
    ResearchPlan,
    stable_hash,
)
from research_pipeline.researcher.base import Evidence, RevisionNote
from research_pipeline.researcher.extractive import ExtractiveResearcher, query_key
from research_pipeline.researcher.gaps import decide, track_gaps
from research_pipeline.text import normalize_ws
from research_pipeline.topics import Topic

MAX_SOURCE_CHARS = 12_000
MAX_REFLECT_CHARS = 1_500
MAX_REFLECT_SOURCES = 30
MAX_FACT_SOURCES = 12
_MARKER = re.compile(r"\[\^(\d+)\]")
_COVERAGE = {"answered": 1.0, "partial": 0.5, "unanswered": 0.0}


class QueryOut(BaseModel):
    """A query tied to a question."""

    question_number: int = Field(ge=1)
    query: str = Field(min_length=2, max_length=300)


class PlanOut(BaseModel):
    """The model's question plan."""

    questions: list[str] = Field(min_length=1, max_length=12)
    queries: list[QueryOut] = Field(min_length=1, max_length=40)

    @model_validator(mode="after")
    def _every_question_has_a_query(self) -> PlanOut:
        numbers = {q.question_number for q in self.queries}
        missing = [i for i in range(1, len(self.questions) + 1) if i not in numbers]
        if missing:
            raise ValueError(f"questions {missing} have no query")
        if max(numbers) > len(self.questions):
            raise ValueError(f"a query names question {max(numbers)}, which does not exist")
        return self


class AssessmentOut(BaseModel):
    """Reflection on one question."""

    question_id: int
    status: Literal["answered", "partial", "unanswered"]
    relevant_source_ids: list[str] = Field(default_factory=list)
    missing: str = ""


class ReflectOut(BaseModel):
    """The model's reflection over the sources so far."""

    assessments: list[AssessmentOut]

    @model_validator(mode="after")
    def _ids_exist(self, info: ValidationInfo) -> ReflectOut:
        ctx = info.context or {}
        questions, sources = set(ctx.get("question_ids", [])), set(ctx.get("source_ids", []))
        seen = {a.question_id for a in self.assessments}
        if questions and seen != questions:
            raise ValueError(f"assess exactly the questions {sorted(questions)}")
        for a in self.assessments:
            unknown = [s for s in a.relevant_source_ids if sources and s not in sources]
            if unknown:
                raise ValueError(f"unknown source ids {unknown}; use ids from the list")
        return self


class GapOut(BaseModel):
    """The model's choice of what to work next."""

    continue_research: bool
    next_gap_question_ids: list[int] = Field(default_factory=list)


class FollowUpOut(BaseModel):
    """New queries for open gaps."""

    queries: list[QueryOut] = Field(max_length=20)

    @field_validator("queries")
    @classmethod
    def _new(cls, value: list[QueryOut], info: ValidationInfo) -> list[QueryOut]:
        earlier = set((info.context or {}).get("earlier_keys", []))
        repeats = [q.query for q in value if query_key(q.query) in earlier]
        if repeats:
            raise ValueError(f"these queries were already tried: {repeats}")
        return value


class FactOut(BaseModel):
    """One extracted fact."""

    question_number: int = Field(ge=1)
    fact: str = Field(min_length=5, max_length=600)
    quote: str = Field(min_length=10, max_length=1000)

    @field_validator("quote")
    @classmethod
    def _verbatim(cls, value: str, info: ValidationInfo) -> str:
        source = (info.context or {}).get("source_text")
        quote = normalize_ws(value)
        if len(quote.split()) < 5:
            raise ValueError("the quote must be at least five words")
        if source is not None and quote not in normalize_ws(source):
            raise ValueError(
                "the quote is not copied verbatim from the source; copy an exact span")
        return quote


class ExtractOut(BaseModel):
    """Facts from one source."""

    facts: list[FactOut] = Field(max_length=5)


class SectionOut(BaseModel):
    """One answered question's section."""

    question_id: int
    text: str


class AnswerOut(BaseModel):
    """The written answer."""

    overview: str
    sections: list[SectionOut]

    @model_validator(mode="after")
    def _markers_given(self, info: ValidationInfo) -> AnswerOut:
        allowed = set((info.context or {}).get("markers", []))
        used = {int(m) for s in self.sections for m in _MARKER.findall(s.text)}
        used |= {int(m) for m in _MARKER.findall(self.overview)}
        unknown = sorted(used - allowed) if allowed else []
        if unknown:
            raise ValueError(f"markers {unknown} were not given; use only {sorted(allowed)}")
        return self


def _today() -> str:
    return datetime.now(UTC).date().isoformat()


class LLMResearcher:
    """Gemini or an OpenAI-compatible model, through instructor."""

    name: str
    model: str | None
    records_own_calls = True

    def __init__(self, client: ModelClient, model_concurrency: int = 4) -> None:
        self.client = client
        self.name = client.provider
        self.model = client.model_for("fast")
        self.workers = model_concurrency
        self._fallback = ExtractiveResearcher()

    def generate_plan(
        self, topic: Topic, notes: list[RevisionNote], previous: ResearchPlan | None
    ) -> ResearchPlan:
        """The plan: the topic's questions (or the model's), with queries per question."""
        out = self.client.structured(
            step="generate_plan", template="plan.j2", role="strong", response_model=PlanOut,
            context={"today": _today(), "title": topic.spec.title, "body": topic.body,
                     "questions": topic.spec.questions, "notes": [n.note for n in notes]},
        )
        questions = [Question(id=i, text=" ".join(q.split()))
                     for i, q in enumerate(out.questions, 1)]
        seen: set[str] = set()
        queries = []
        for q in out.queries:
            key = query_key(q.query)
            if key and key not in seen:
                seen.add(key)
                queries.append(PlannedQuery(text=q.query, question_id=q.question_number))
        return ResearchPlan(
            topic_id=topic.id, title=topic.spec.title, context=topic.body,
            questions=questions, queries=queries,
            revision=(previous.revision + 1) if previous else 1,
            notes=[n.note for n in notes],
        )

    def reflect(self, plan: ResearchPlan, evidence: list[Evidence], round_no: int) -> Reflection:
        """The model judges each question against the retrieved sources."""
        # The best-scored sources, each cut short, keep the prompt (and its cost) bounded.
        best = sorted(evidence, key=lambda e: -e.score)[:MAX_REFLECT_SOURCES]
        sources = [{"id": e.source.source_id, "title": e.source.title,
                    "text": e.source.text[:MAX_REFLECT_CHARS]} for e in best]
        out = self.client.structured(
            step="reflect", template="reflect.j2", role="fast", response_model=ReflectOut,
            context={"round": round_no, "title": plan.title, "questions": plan.questions,
                     "sources": sources},
            validation_context={"question_ids": [q.id for q in plan.questions],
                                "source_ids": [s["id"] for s in sources]},
        )
        return Reflection(round=round_no, assessments=[
            QuestionAssessment(
                question_id=a.question_id, status=a.status, coverage=_COVERAGE[a.status],
                best_source_id=a.relevant_source_ids[0] if a.relevant_source_ids else None,
                evidence_source_ids=a.relevant_source_ids,
                missing_terms=[a.missing] if a.missing else [],
            )
            for a in sorted(out.assessments, key=lambda a: a.question_id)
        ])

    def analyse_gaps(
        self, plan: ResearchPlan, reflection: Reflection, gaps: list[Gap], round_no: int,
        max_rounds: int,
    ) -> GapAnalysis:
        """Code keeps the gap states and rules; the model orders the gaps to work next."""
        tracked = track_gaps(plan, reflection, gaps, round_no)
        analysis = decide(tracked, round_no, max_rounds)
        if not analysis.continue_research:
            return analysis
        active = [g for g in tracked if g.status == "active"]
        earlier = [q for g in tracked for q in g.queries_tried]
        out = self.client.structured(
            step="analyse_gaps", template="gaps.j2", role="strong", response_model=GapOut,
            context={"round": round_no, "max_rounds": max_rounds, "title": plan.title,
                     "gaps": active, "earlier": earlier},
        )
        if not out.continue_research:
            return GapAnalysis(gaps=tracked, continue_research=False,
                               stop_reason="no_new_queries")
        by_question = {g.question_id: g.gap_id for g in active}
        chosen = [by_question[q] for q in out.next_gap_question_ids if q in by_question]
        return GapAnalysis(gaps=tracked, continue_research=True,
                           next_gap_ids=chosen or analysis.next_gap_ids)

    def follow_up_queries(
        self, plan: ResearchPlan, analysis: GapAnalysis, evidence: list[Evidence],
        earlier_queries: list[str], limit: int,
    ) -> list[PlannedQuery]:
        """New queries for the chosen gaps; a repeat is rejected and retried."""
        del evidence
        gaps = {g.gap_id: g for g in analysis.gaps}
        chosen = [gaps[i] for i in analysis.next_gap_ids if i in gaps]
        earlier_keys = [query_key(q) for q in earlier_queries]
        out = self.client.structured(
            step="follow_up_queries", template="follow_up.j2", role="fast",
            response_model=FollowUpOut,
            context={"title": plan.title, "gaps": chosen, "earlier": earlier_queries,
                     "limit": limit},
            validation_context={"earlier_keys": earlier_keys},
        )
        by_question = {g.question_id: g.gap_id for g in chosen}
        seen = set(earlier_keys)
        queries = []
        for q in out.queries:
            key = query_key(q.query)
            if q.question_number not in by_question or key in seen:
                continue
            seen.add(key)
            queries.append(PlannedQuery(text=q.query, question_id=q.question_number,
                                        gap_id=by_question[q.question_number], kind="follow_up"))
        return queries[:limit]

    def extract_facts(
        self, plan: ResearchPlan, reflection: Reflection, evidence: list[Evidence]
    ) -> list[Fact]:
        """Facts per relevant source, concurrently.

        A source whose output stays invalid is dropped; its failed call is the audit row.
        """
        relevant = list(dict.fromkeys(
            sid for a in reflection.assessments for sid in a.evidence_source_ids))
        by_id = {e.source.source_id: e for e in evidence}
        chosen = [by_id[s] for s in relevant if s in by_id][:MAX_FACT_SOURCES]
        if not chosen:
            chosen = sorted(evidence, key=lambda e: -e.score)[:MAX_FACT_SOURCES]
        question_ids = {q.id for q in plan.questions}

        def one(ev: Evidence) -> list[Fact]:
            source = ev.source
            text = source.text[:MAX_SOURCE_CHARS]
            try:
                out = self.client.structured(
                    step="extract_facts", template="extract.j2", role="fast",
                    response_model=ExtractOut,
                    context={"title": plan.title, "questions": plan.questions,
                             "source": {"id": source.source_id, "title": source.title,
                                        "url": source.url, "text": text}},
                    validation_context={"source_text": text},
                )
            except StructuredOutputError:
                return []
            return [
                Fact(fact_id=stable_hash(source.source_id, f.question_number, f.quote),
                     question_id=f.question_number, source_id=source.source_id,
                     url=source.url, title=source.title, quote=f.quote, text=f.fact,
                     score=ev.score)
                for f in out.facts if f.question_number in question_ids
            ]

        facts: list[Fact] = []
        seen_quotes: set[tuple[int, str]] = set()
        with ThreadPoolExecutor(max_workers=self.workers) as pool:
            futures = [pool.submit(one, ev) for ev in chosen]
            budget_hit: BudgetExceeded | None = None
            for future in futures:
                try:
                    batch = future.result()
                except BudgetExceeded as exc:
                    budget_hit = budget_hit or exc
                    continue
                for fact in batch:
                    # One quote may back several questions; the report cites it once.
                    key = (fact.question_id, fact.quote.lower())
                    if key not in seen_quotes:
                        seen_quotes.add(key)
                        facts.append(fact)
        if budget_hit is not None and not facts:
            raise budget_hit
        return facts

    def write_answer(
        self, topic: Topic, plan: ResearchPlan, facts: list[tuple[int, Fact]],
        open_questions: list[OpenQuestion],
    ) -> dict[int, str]:
        """The model writes from the facts, using only the markers it is given.

        If its output stays invalid (or the budget is spent), the template over the same
        verified facts is used instead.
        """
        if not facts:
            return self._fallback.write_answer(topic, plan, facts, open_questions)
        try:
            out = self.client.structured(
                step="write_answer", template="answer.j2", role="strong",
                response_model=AnswerOut,
                context={"today": _today(), "title": plan.title, "questions": plan.questions,
                         "facts": [{"marker": n, "question_id": f.question_id, "text": f.text}
                                   for n, f in facts],
                         "open_questions": open_questions},
                validation_context={"markers": [n for n, _ in facts]},
            )
        except (StructuredOutputError, BudgetExceeded):
            return self._fallback.write_answer(topic, plan, facts, open_questions)
        sections = {0: out.overview}
        valid = {q.id for q in plan.questions}
        for s in out.sections:
            if s.question_id in valid and s.text.strip():
                sections[s.question_id] = s.text.strip()
        return sections

