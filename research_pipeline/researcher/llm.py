"""The model researcher: every step a structured instructor call with a Jinja2 prompt.

Bookkeeping that must not depend on judgement stays in code: gap states and the
three-round abandonment rule (``gaps``), query de-duplication, quote verification,
marker checking in the answer. Model text obeys the rules source text obeys
(``live.sanitize``): queries are plain words, an answer carries no link or foreign URL,
a quote not verbatim in its source is replaced by the source's own span only when that
span says the same, else that one fact is dropped.

When a step's output stays invalid after its retries, or its provider stays down, the
step falls back to the extractive researcher's implementation of the same step, and the
fallback is an ``llm_calls`` row with ``fallback = true``; refused credentials or an
unknown model (``ProviderRefused``) stop the topic instead.
"""

from __future__ import annotations

import re
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from typing import Annotated, Literal

from pydantic import (
    BaseModel,
    Field,
    StringConstraints,
    ValidationInfo,
    field_validator,
    model_validator,
)

from research_pipeline.errors import STEP_FAILURES, ProviderUnavailable, StructuredOutputError
from research_pipeline.live.models import ModelClient
from research_pipeline.live.retry import one_line
from research_pipeline.live.runtime import BudgetExceeded
from research_pipeline.live.sanitize import clean_answer, matching_span, plain_query
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
    Source,
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
# Free text is bounded in the schema itself, so that a server enforcing the schema while
# generating (llama.cpp, Ollama, vLLM) stops a model that loses its way.
QuestionText = Annotated[str, StringConstraints(min_length=3, max_length=300)]
SourceId = Annotated[str, StringConstraints(max_length=80)]


class QueryOut(BaseModel):
    """A query tied to a question."""

    question_number: int = Field(ge=1)
    query: str = Field(min_length=2, max_length=200)


class PlanOut(BaseModel):
    """The model's question plan.

    Code repairs what needs no judgement: a query for a question that does not exist is
    dropped, and a question left without a query is searched by its own words.
    """

    questions: list[QuestionText] = Field(min_length=1, max_length=12)
    queries: list[QueryOut] = Field(default_factory=list, max_length=40)


class AssessmentOut(BaseModel):
    """Reflection on one question."""

    question_id: int
    status: Literal["answered", "partial", "unanswered"]
    relevant_source_ids: list[SourceId] = Field(default_factory=list, max_length=5)
    missing: str = Field("", max_length=120)


class ReflectOut(BaseModel):
    """The model's reflection over the sources so far (unknown source ids are dropped)."""

    assessments: list[AssessmentOut] = Field(max_length=14)

    @model_validator(mode="after")
    def _ids_exist(self, info: ValidationInfo) -> ReflectOut:
        ctx = info.context or {}
        questions, sources = set(ctx.get("question_ids", [])), set(ctx.get("source_ids", []))
        seen = {a.question_id for a in self.assessments}
        if questions and seen != questions:
            raise ValueError(f"assess exactly the questions {sorted(questions)}")
        if sources:
            for a in self.assessments:
                a.relevant_source_ids = [s for s in a.relevant_source_ids if s in sources]
        return self


class GapOut(BaseModel):
    """The model's choice of what to work next."""

    continue_research: bool
    next_gap_question_ids: list[int] = Field(default_factory=list, max_length=20)


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
    """One extracted fact; its quote is checked against the source by code, fact by fact."""

    question_number: int = Field(ge=1)
    fact: str = Field(min_length=5, max_length=400)
    quote: str = Field(min_length=10, max_length=600)


class ExtractOut(BaseModel):
    """Facts from one source."""

    facts: list[FactOut] = Field(max_length=5)


class SectionOut(BaseModel):
    """One answered question's section."""

    question_id: int
    text: str = Field(max_length=2500)


class AnswerOut(BaseModel):
    """The written answer."""

    overview: str = Field(max_length=1200)
    sections: list[SectionOut] = Field(max_length=14)

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
    """Gemini or an OpenAI-compatible model, through instructor, step by step degradable."""

    name: str
    model: str | None
    records_own_calls = True

    def __init__(self, client: ModelClient, model_concurrency: int = 4,
                 fallback: ExtractiveResearcher | None = None,
                 blocked_domains: tuple[str, ...] = ()) -> None:
        self.client = client
        self.name = client.provider
        self.model = client.model_for("fast")
        self.workers = model_concurrency
        self.blocked_domains = blocked_domains
        self._fallback = fallback or ExtractiveResearcher()

    def _fell_back(self, step: str, exc: BaseException) -> None:
        """Record that ``step`` is done by the extractive researcher instead, and why."""
        self.client.runtime().fallback(step, one_line(str(exc), 500))

    def _note(self, step: str, what: str, detail: list[str]) -> None:
        self.client.runtime().note(step, self.name, what, "\n".join(detail))

    def _queries(self, step: str, raw: list[tuple[int, str]], questions: list[Question],
                 seen: set[str], kind: Literal["initial", "follow_up"] = "initial",
                 gap_of: dict[int, str] | None = None) -> list[PlannedQuery]:
        """Model-written queries as plain text, one per (question, wording), no repeats."""
        changed: list[str] = []
        queries: list[PlannedQuery] = []
        valid = {q.id for q in questions}
        for number, text in raw:
            if number not in valid or (gap_of is not None and number not in gap_of):
                changed.append(f"dropped (no such question {number}): {text}")
                continue
            clean = plain_query(text, self.blocked_domains)
            if clean != normalize_ws(text):
                changed.append(f"{text!r} -> {clean!r}")
            key = query_key(clean)
            if not clean or not key or key in seen:
                continue
            seen.add(key)
            queries.append(PlannedQuery(text=clean, question_id=number, kind=kind,
                                        gap_id=(gap_of or {}).get(number)))
        if changed:
            self._note(step, f"{len(changed)} model-written queries made plain", changed)
        return queries

    def generate_plan(
        self, topic: Topic, notes: list[RevisionNote], previous: ResearchPlan | None
    ) -> ResearchPlan:
        """The plan: the topic's questions (or the model's), with queries per question."""
        try:
            out = self.client.structured(
                step="generate_plan", template="plan.j2", role="strong", response_model=PlanOut,
                context={"today": _today(), "title": topic.spec.title, "body": topic.body,
                         "questions": topic.spec.questions, "notes": [n.note for n in notes]},
            )
        except STEP_FAILURES as exc:
            self._fell_back("generate_plan", exc)
            return self._fallback.generate_plan(topic, notes, previous)
        texts = [normalize_ws(q) for q in out.questions]
        own = [normalize_ws(q) for q in topic.spec.questions]
        if own and not notes:
            # The topic's questions stay the plan's, word for word and in order (the prompt
            # asks for that; a small model may not); the model may add two. Its queries
            # keep their numbers.
            texts = own + texts[len(own):len(own) + 2]
        elif all(len(t.split()) < 3 for t in texts):
            self._fell_back("generate_plan", StructuredOutputError(
                f"generate_plan with {self.name} model {self.client.model_for('strong')}: "
                f"the model's questions are not questions: {texts[:3]}"))
            return self._fallback.generate_plan(topic, notes, previous)
        questions = [Question(id=i, text=t) for i, t in enumerate(texts, 1)]
        seen: set[str] = set()
        queries = self._queries("generate_plan",
                                [(q.question_number, q.query) for q in out.queries],
                                questions, seen)
        asked = {q.question_id for q in queries}
        for question in questions:
            # A question the model gave no usable query is searched by its own words.
            text = plain_query(question.text, self.blocked_domains)
            if question.id not in asked and text:
                queries.append(PlannedQuery(text=text, question_id=question.id))
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
        try:
            out = self.client.structured(
                step="reflect", template="reflect.j2", role="fast", response_model=ReflectOut,
                context={"round": round_no, "title": plan.title, "questions": plan.questions,
                         "sources": sources},
                validation_context={"question_ids": [q.id for q in plan.questions],
                                    "source_ids": [s["id"] for s in sources]},
            )
        except STEP_FAILURES as exc:
            self._fell_back("reflect", exc)
            return self._fallback.reflect(plan, evidence, round_no)
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
        try:
            out = self.client.structured(
                step="analyse_gaps", template="gaps.j2", role="strong", response_model=GapOut,
                context={"round": round_no, "max_rounds": max_rounds, "title": plan.title,
                         "gaps": active, "earlier": earlier},
            )
        except STEP_FAILURES as exc:
            # The extractive researcher's gap analysis is the code's own decision.
            self._fell_back("analyse_gaps", exc)
            return analysis
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
        gaps = {g.gap_id: g for g in analysis.gaps}
        chosen = [gaps[i] for i in analysis.next_gap_ids if i in gaps]
        earlier_keys = [query_key(q) for q in earlier_queries]
        try:
            out = self.client.structured(
                step="follow_up_queries", template="follow_up.j2", role="fast",
                response_model=FollowUpOut,
                context={"title": plan.title, "gaps": chosen, "earlier": earlier_queries,
                         "limit": limit},
                validation_context={"earlier_keys": earlier_keys},
            )
        except STEP_FAILURES as exc:
            self._fell_back("follow_up_queries", exc)
            return self._fallback.follow_up_queries(plan, analysis, evidence, earlier_queries,
                                                    limit)
        by_question = {g.question_id: g.gap_id for g in chosen}
        queries = self._queries("follow_up_queries",
                                [(q.question_number, q.query) for q in out.queries],
                                plan.questions, set(earlier_keys), "follow_up", by_question)
        return queries[:limit]

    def _checked_facts(self, out: ExtractOut, ev: Evidence, text: str,
                       question_ids: set[int]) -> list[Fact]:
        """The model's facts whose quotes are the source's own words; the rest dropped."""
        source: Source = ev.source
        facts, notes = [], []
        flat = normalize_ws(text)
        for f in out.facts:
            if f.question_number not in question_ids:
                continue
            quote = normalize_ws(f.quote)
            if len(quote.split()) < 5 or quote not in flat:
                span = matching_span(quote, text)
                notes.append(f"{quote!r} -> {span!r}" if span else f"dropped: {quote!r}")
                if span is None:
                    continue
                quote = span
            facts.append(Fact(
                fact_id=stable_hash(source.source_id, f.question_number, quote),
                question_id=f.question_number, source_id=source.source_id, url=source.url,
                title=source.title, quote=quote, text=f.fact, score=ev.score))
        if notes:
            self._note("extract_facts", f"{len(notes)} quotes not verbatim in {source.url}",
                       notes)
        return facts

    def extract_facts(
        self, plan: ResearchPlan, reflection: Reflection, evidence: list[Evidence]
    ) -> list[Fact]:
        """Facts per relevant source, concurrently.

        A source whose output stays invalid falls back to the extractive researcher's
        passages of that source; its failed calls are the audit rows.
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
                )
            except STEP_FAILURES as exc:
                self._fell_back("extract_facts", exc)
                return self._fallback.extract_facts(plan, reflection, [ev])
            return self._checked_facts(out, ev, text, question_ids)

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
        verified facts is used instead. The text keeps no link and no URL that is not a
        cited source's.
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
        except (StructuredOutputError, ProviderUnavailable, BudgetExceeded) as exc:
            self._fell_back("write_answer", exc)
            return self._fallback.write_answer(topic, plan, facts, open_questions)
        cited = [f.url for _, f in facts]
        removed: list[str] = []
        overview, gone = clean_answer(out.overview, cited)
        removed += gone
        sections = {0: overview}
        valid = {q.id for q in plan.questions}
        for s in out.sections:
            text, gone = clean_answer(s.text, cited)
            removed += gone
            if s.question_id in valid and text.strip():
                sections[s.question_id] = text.strip()
        if removed:
            self._note("write_answer", f"{len(removed)} links, URLs or markup removed "
                       "from the model's answer", removed)
        return sections
