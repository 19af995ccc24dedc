"""The round loop: search, reflect, analyse gaps, follow up; persisted round by round."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import partial

from research_pipeline.audit import CallLog
from research_pipeline.errors import ProviderUnavailable
from research_pipeline.live.runtime import BudgetExceeded
from research_pipeline.models import (
    Fact,
    Gap,
    GapAnalysis,
    PlannedQuery,
    QuestionAssessment,
    Reflection,
    ResearchPlan,
    SearchHit,
    stable_hash,
)
from research_pipeline.researcher.base import Evidence, Researcher
from research_pipeline.researcher.gaps import decide, track_gaps
from research_pipeline.search import SearchFilters, SearchProvider
from research_pipeline.text import words

RESULTS_PER_QUERY = 8
NEAR_DUPLICATE = 0.85
_SHINGLE = 5


def shingles(text: str) -> frozenset[int]:
    """Hashed word 5-grams of a text, for near-duplicate detection."""
    tokens = words(text)
    if len(tokens) < _SHINGLE:
        return frozenset({hash(" ".join(tokens))})
    return frozenset(hash(" ".join(tokens[i:i + _SHINGLE]))
                     for i in range(len(tokens) - _SHINGLE + 1))


def _named_apart(query: str, title: str, held: str) -> bool:
    """The query names the entry a duplicate passage is titled by, not the one held.

    ``calendar.monthcalendar`` is documented with ``Calendar.monthdayscalendar``'s very
    words: a question about the one is answered from the entry of that name.
    """
    asked = set(words(query))
    return title != held and _title_name(title) in asked and _title_name(held) not in asked


def _title_name(title: str) -> str:
    """The last name of a documented name's title.

    "monthcalendar" of "calendar.monthcalendar", "log" of "git-log(1) Manual Page".
    """
    first = title.split()[0] if title.split() else ""
    head = re.sub(r"\(\d\w?\)$", "", first)
    if head == first and "." not in head.strip("."):
        return ""  # a title of words ("Apache Core Features"), not a documented name
    parts = words(head.rsplit(".", 1)[-1])
    return parts[-1] if parts else ""


def near_duplicate_of(candidate: frozenset[int], known: dict[str, frozenset[int]]) -> str | None:
    """The id of a known source whose text nearly contains or equals the candidate's.

    A candidate that contains a known source and goes on is no duplicate: the library
    reference's entry for a command says what its one-line docstring says, and then how it
    differs from another command.
    """
    for source_id, other in known.items():
        overlap = len(candidate & other)
        if overlap and overlap / len(candidate) >= NEAR_DUPLICATE:
            return source_id
    return None


@dataclass(frozen=True)
class Budgets:
    """Ceilings from the topic file."""

    max_rounds: int
    max_queries: int
    max_sources: int
    max_cost_usd: float


@dataclass
class RoundOutput:
    """Everything one round produced, handed to the store as one transaction."""

    round_no: int
    queries: list[tuple[str, PlannedQuery, int]]
    hits: list[tuple[str, SearchHit]]
    reflection: Reflection
    gaps: list[Gap]
    state: dict
    stop_reason: str | None
    facts: list[Fact] = field(default_factory=list)


@dataclass
class LoopState:
    """What the next round needs; stored with each round so a retry resumes."""

    round_no: int = 0
    queries_done: list[str] = field(default_factory=list)
    pending: list[PlannedQuery] = field(default_factory=list)
    gaps: list[Gap] = field(default_factory=list)
    stop_reason: str | None = None
    extracted: list[str] = field(default_factory=list)
    skipped: list[dict] = field(default_factory=list)

    def to_json(self) -> dict:
        """A JSON-ready form."""
        return {
            "round": self.round_no, "queries_done": self.queries_done,
            "pending": [q.model_dump() for q in self.pending],
            "gaps": [g.model_dump() for g in self.gaps], "stop_reason": self.stop_reason,
            "extracted": self.extracted, "skipped": self.skipped,
        }

    @classmethod
    def from_json(cls, data: dict) -> LoopState:
        """Rebuild from a stored round."""
        return cls(
            round_no=data["round"], queries_done=list(data["queries_done"]),
            pending=[PlannedQuery.model_validate(q) for q in data["pending"]],
            gaps=[Gap.model_validate(g) for g in data["gaps"]],
            stop_reason=data.get("stop_reason"), extracted=list(data.get("extracted", [])),
            skipped=list(data.get("skipped", [])),
        )


@dataclass
class LoopResult:
    """The outcome of the loop."""

    rounds: int
    stop_reason: str
    queries: int
    sources: int
    reflection: Reflection | None
    gaps: list[Gap]
    resumed_from: int


def _unassessed(plan: ResearchPlan, round_no: int) -> Reflection:
    return Reflection(round=round_no, assessments=[
        QuestionAssessment(question_id=q.id, status="unanswered", coverage=0.0)
        for q in plan.questions])


def _search_all(
    search: SearchProvider, queries: list[PlannedQuery], filters: SearchFilters,
    calls: CallLog, round_no: int, workers: int,
) -> tuple[list[tuple[PlannedQuery, list[SearchHit]]], BudgetExceeded | None,
           list[tuple[PlannedQuery, str]]]:
    """Run a round's searches concurrently (the provider rate-limits); keep query order.

    A search whose provider stays down after its retries is skipped, with the reason.
    """
    own = bool(getattr(search, "records_own_calls", False))

    def one(query: PlannedQuery) -> list[SearchHit]:
        started = time.perf_counter()
        hits = search.search(query.text, filters, RESULTS_PER_QUERY)
        if not own:
            request = {"query": query.text, "num_results": RESULTS_PER_QUERY,
                       "filters": filters.__dict__}
            calls.search(search.name, query.text, round_no, request, len(hits),
                         (time.perf_counter() - started) * 1000)
        return hits

    done: list[tuple[PlannedQuery, list[SearchHit]]] = []
    skipped: list[tuple[PlannedQuery, str]] = []
    budget_hit: BudgetExceeded | None = None
    with ThreadPoolExecutor(max_workers=max(1, min(workers, len(queries) or 1))) as executor:
        futures = [(q, executor.submit(one, q)) for q in queries]
        for query, future in futures:
            try:
                done.append((query, future.result()))
            except BudgetExceeded as exc:
                budget_hit = budget_hit or exc
            except ProviderUnavailable as exc:
                skipped.append((query, str(exc)))
    return done, budget_hit, skipped


def _follow_up(
    calls: CallLog, researcher: Researcher, plan: ResearchPlan, analysis: GapAnalysis,
    evidence: list[Evidence], earlier: list[str], room: int, round_no: int, record: bool,
) -> list[PlannedQuery]:
    return calls.step(
        "follow_up_queries", researcher.name, researcher.model,
        {"round": round_no, "gaps": analysis.next_gap_ids, "earlier": earlier},
        partial(researcher.follow_up_queries, plan, analysis, evidence, earlier, room),
        record=record,
    )


def _chosen(
    speculative: Future[list[PlannedQuery]], analysis: GapAnalysis, room: int
) -> list[PlannedQuery]:
    """The speculative queries for the gaps the analysis chose, in its order."""
    queries = speculative.result()
    order = {gap_id: n for n, gap_id in enumerate(analysis.next_gap_ids)}
    kept = [q for q in queries if q.gap_id is None or q.gap_id in order]
    kept.sort(key=lambda q: order.get(q.gap_id or "", len(order)))
    return kept[:room]


def run_rounds(
    *, plan: ResearchPlan, research_id: str, search: SearchProvider, researcher: Researcher,
    filters: SearchFilters, budgets: Budgets, calls: CallLog,
    persist: Callable[[RoundOutput], None], evidence: list[Evidence],
    resume: LoopState | None = None, progress: Callable[[str], None] = lambda _: None,
    search_workers: int = 4,
) -> LoopResult:
    """Run rounds until the plan is answered, its gaps abandoned, or a ceiling is reached.

    When the cost budget runs out mid-round, the round keeps what it gathered, is stored
    with stop reason ``budget``, and the loop ends.
    """
    state = resume or LoopState(pending=list(plan.queries))
    resumed_from = state.round_no
    pool: dict[str, Evidence] = {e.source.source_id: e for e in evidence}
    prints = {sid: shingles(e.source.text) for sid, e in pool.items()}
    reflection: Reflection | None = None
    record = not getattr(researcher, "records_own_calls", False)
    while state.stop_reason is None:
        round_no = state.round_no + 1
        calls.current_round = round_no
        room = budgets.max_queries - len(state.queries_done)
        queries = state.pending[: max(room, 0)]
        round_queries: list[tuple[str, PlannedQuery, int]] = []
        round_hits: list[tuple[str, SearchHit]] = []
        source_cap_hit = False
        searched_before = len(state.queries_done) - len(state.skipped)
        searched, budget_hit, skipped = _search_all(search, queries, filters, calls, round_no,
                                                    search_workers)
        for query, reason in skipped:
            progress(f"round {round_no}: search skipped: {reason}")
            state.queries_done.append(query.text)
            state.skipped.append({"round": round_no, "query": query.text, "reason": reason})
        round_failed = bool(skipped) and not searched
        if round_failed and searched_before == 0:
            raise ProviderUnavailable(
                f"every search of the research failed, so nothing can be researched; the "
                f"last: {skipped[-1][1]}")
        for query, hits in searched:
            query_id = stable_hash(research_id, round_no, query.text, length=12)
            kept = 0
            for hit in hits:
                sid = hit.source.source_id
                if sid not in pool:
                    # Two results for one document (a mirror, a copied section) are one
                    # source: the hit is recorded against the source already held.
                    fingerprint = shingles(hit.source.text)
                    same = near_duplicate_of(fingerprint, prints)
                    if same is not None and not _named_apart(
                            query.text, hit.source.title, pool[same].source.title):
                        hit = SearchHit(source=pool[same].source, rank=hit.rank, score=hit.score)
                        round_hits.append((query_id, hit))
                        kept += 1
                        continue
                    if len(pool) >= budgets.max_sources:
                        source_cap_hit = True
                        continue
                    pool[sid] = Evidence(source=hit.source, score=hit.score, first_round=round_no)
                    prints[sid] = fingerprint
                round_hits.append((query_id, hit))
                kept += 1
            round_queries.append((query_id, query, kept))
            state.queries_done.append(query.text)
        evidence_now = list(pool.values())
        stop: str | None = "budget" if budget_hit else "search_failed" if round_failed else None
        round_facts: list[Fact] = []
        speculative: Future[list[PlannedQuery]] | None = None
        try:
            reflection = calls.step(
                "reflect", researcher.name, researcher.model,
                {"round": round_no, "sources": sorted(pool)},
                partial(researcher.reflect, plan, evidence_now, round_no), record=record,
            )
            # Gap analysis, extraction from the sources that became relevant this round, and
            # follow-up queries for every gap the code rules keep open do not wait for each
            # other: a round has two model calls on its critical path (reflect, then these).
            relevant = {sid for a in reflection.assessments for sid in a.evidence_source_ids}
            fresh = [e for sid, e in pool.items() if sid in relevant
                     and sid not in state.extracted]
            room = budgets.max_queries - len(state.queries_done)
            provisional = decide(track_gaps(plan, reflection, state.gaps, round_no), round_no,
                                 budgets.max_rounds)
            with ThreadPoolExecutor(max_workers=3) as executor:
                gap_future = executor.submit(
                    calls.step, "analyse_gaps", researcher.name, researcher.model,
                    {"round": round_no, "reflection": reflection.model_dump(),
                     "gaps": [g.model_dump() for g in state.gaps]},
                    partial(researcher.analyse_gaps, plan, reflection, state.gaps, round_no,
                            budgets.max_rounds), record,
                )
                facts_future = executor.submit(
                    calls.step, "extract_facts", researcher.name, researcher.model,
                    {"round": round_no, "sources": [e.source.source_id for e in fresh]},
                    partial(researcher.extract_facts, plan, reflection, fresh), record,
                ) if fresh else None
                if provisional.continue_research and room > 0 and not source_cap_hit and (
                        not budget_hit):
                    speculative = executor.submit(
                        _follow_up, calls, researcher, plan, provisional, evidence_now,
                        list(state.queries_done), room, round_no, record)
                analysis = gap_future.result()
                try:
                    round_facts = facts_future.result() if facts_future else []
                    state.extracted.extend(e.source.source_id for e in fresh)
                except BudgetExceeded as exc:
                    progress(f"round {round_no}: {exc}")
                    budget_hit, stop = exc, "budget"
                if speculative is not None:
                    speculative.exception()  # wait; a failure is raised where it is used
        except BudgetExceeded as exc:
            progress(f"round {round_no}: {exc}")
            budget_hit, stop = exc, "budget"
            reflection = reflection or _unassessed(plan, round_no)
            analysis = GapAnalysis(gaps=state.gaps, continue_research=False, stop_reason="budget")
        gaps = analysis.gaps
        if stop is None and not analysis.continue_research:
            stop = analysis.stop_reason
        pending: list[PlannedQuery] = []
        if stop is None:
            room = budgets.max_queries - len(state.queries_done)
            if room <= 0:
                stop = "max_queries"
            elif source_cap_hit:
                stop = "max_sources"
            else:
                try:
                    pending = _chosen(speculative, analysis, room) if speculative else []
                    if not pending:
                        pending = _follow_up(calls, researcher, plan, analysis, evidence_now,
                                             list(state.queries_done), room, round_no, record)
                except BudgetExceeded as exc:
                    progress(f"round {round_no}: {exc}")
                    stop = "budget"
                if not pending and stop is None:
                    stop = "no_new_queries"
        worked = {q.gap_id for q in pending}
        for gap in gaps:
            if gap.gap_id in worked:
                gap.attempts += 1
                gap.rounds_worked.append(round_no + 1)
                gap.queries_tried.extend(q.text for q in pending if q.gap_id == gap.gap_id)
        state = LoopState(round_no=round_no, queries_done=state.queries_done, pending=pending,
                          gaps=gaps, stop_reason=stop, extracted=state.extracted,
                          skipped=state.skipped)
        persist(RoundOutput(round_no=round_no, queries=round_queries, hits=round_hits,
                            reflection=reflection, gaps=gaps, state=state.to_json(),
                            stop_reason=stop, facts=round_facts))
        answered = sum(a.status == "answered" for a in reflection.assessments)
        progress(
            f"round {round_no}: {len(round_queries)} queries, {len(pool)} sources, "
            f"{answered}/{len(plan.questions)} answered"
            + (f"; stopping: {stop}" if stop else "")
        )
    return LoopResult(
        rounds=state.round_no, stop_reason=state.stop_reason or "", queries=len(state.queries_done),
        sources=len(pool), reflection=reflection, gaps=state.gaps, resumed_from=resumed_from,
    )
