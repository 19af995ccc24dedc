"""The extractive researcher: deterministic, offline, no model.

Questions come from the topic file (or are derived from its title and body); queries
are the questions' content words; reflection measures, per question, how much of the
question's IDF-weighted content the best passage of retrieved text covers; follow-up
queries expand the missing terms by pseudo-relevance feedback from the best passages;
facts are verbatim passages chosen for coverage and diversity.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from research_pipeline.contradictions import conflict_between
from research_pipeline.models import (
    Fact,
    Gap,
    GapAnalysis,
    OpenQuestion,
    PlannedQuery,
    Question,
    QuestionAssessment,
    QuestionStatus,
    Reflection,
    ResearchPlan,
    Source,
    stable_hash,
)
from research_pipeline.researcher.base import Evidence, RevisionNote
from research_pipeline.researcher.gaps import decide, track_gaps
from research_pipeline.text import (
    QUESTION_WORDS,
    STOPWORDS,
    looks_like_code,
    normalize_ws,
    question_terms,
    question_words,
    sentence_spans,
    stem,
    terms,
    words,
)
from research_pipeline.topics import Topic

ANSWERED = 0.67
PARTIAL = 0.34
FACTS_PER_QUESTION = 3
MAX_WINDOW_SENTENCES = 3
MIN_QUOTE_WORDS = 5
VARIANT_WEIGHT = 0.8
# Documents tend to open with their definition: a small edge for a passage that leads.
LEAD_BONUS = 0.05
# A question term in the source title (not the passage) counts this much.
TITLE_WEIGHT = 0.8
_IMPERATIVE = re.compile(
    r"^(explain|describe|compare|list|summari[sz]e|identify|outline|show|find|determine)\b",
    re.IGNORECASE,
)
_INTERROGATIVE = re.compile(r"^(how|what|why|when|where|which|who|is|are|does|do|can)\b", re.I)


@dataclass
class _Window:
    source: Source
    start: int
    end: int
    stems: frozenset[str]
    sentence_spans: tuple[tuple[int, int], ...]

    @property
    def text(self) -> str:
        return self.source.text[self.start : self.end]


def derive_questions(topic: Topic) -> list[str]:
    """Questions from the title and body when the topic file lists none."""
    questions: list[str] = []
    title = topic.spec.title.rstrip(" .?")
    if _INTERROGATIVE.match(title):
        questions.append(title[0].upper() + title[1:] + "?")
    else:
        questions.append(f"What is {title[0].lower() + title[1:]}?")
    for start, end in sentence_spans(topic.body):
        sentence = " ".join(topic.body[start:end].split()).rstrip()
        if len(sentence) < 12:
            continue
        if sentence.endswith("?") or _IMPERATIVE.match(sentence):
            candidate = sentence.rstrip(".")
            if not candidate.endswith("?") and _IMPERATIVE.match(candidate):
                candidate = candidate + "."
            if candidate.lower() not in {q.lower() for q in questions}:
                questions.append(candidate)
    return questions[:6]


def _readable_terms(text: str) -> list[str]:
    return list(question_words(text).values())


def query_key(text: str) -> str:
    """The identity of a query for de-duplication: its sorted set of stemmed terms."""
    return " ".join(sorted(set(terms(text))))


class ExtractiveResearcher:
    """The deterministic offline researcher."""

    name = "extractive"
    model: str | None = None

    def __init__(self, idf: Callable[[list[str]], dict[str, float]] | None = None) -> None:
        self._idf_source = idf
        self._idf: dict[str, float] = {}
        self._windows: dict[str, list[_Window]] = {}

    # -- weights and windows -----------------------------------------------------------

    def _weights(self, stems: list[str]) -> dict[str, float]:
        missing = [s for s in stems if s not in self._idf]
        if missing:
            fetched = self._idf_source(missing) if self._idf_source else {}
            for s in missing:
                self._idf[s] = fetched.get(s, 3.0)
        return {s: max(self._idf[s], 0.3) for s in stems}

    def _source_windows(self, source: Source) -> list[_Window]:
        cached = self._windows.get(source.source_id)
        if cached is not None:
            return cached
        spans = sentence_spans(source.text)
        sentence_stems = [frozenset(terms(source.text[s:e])) for s, e in spans]
        windows = []
        for i in range(len(spans)):
            for size in range(1, MAX_WINDOW_SENTENCES + 1):
                if i + size > len(spans):
                    break
                chunk = spans[i : i + size]
                text = source.text[chunk[0][0] : chunk[-1][1]]
                if "\n\n" in text and size > 1:
                    break
                windows.append(
                    _Window(source=source, start=chunk[0][0], end=chunk[-1][1],
                            stems=frozenset().union(*sentence_stems[i : i + size]),
                            sentence_spans=tuple(chunk))
                )
        self._windows[source.source_id] = windows
        return windows

    def _coverage(
        self, qterms: list[str], weights: dict[str, float], window: _Window,
        title_stems: frozenset[str],
    ) -> tuple[float, list[str]]:
        total = sum(weights[t] for t in qterms) or 1.0
        got = 0.0
        matched = []
        for t in qterms:
            if t in window.stems:
                got += weights[t]
                matched.append(t)
            elif _has_variant(t, window.stems):
                got += VARIANT_WEIGHT * weights[t]
                matched.append(t)
            elif t in title_stems:
                got += TITLE_WEIGHT * weights[t]
                matched.append(t)
        return got / total, matched

    def _ranked_windows(
        self, question: str, evidence: list[Evidence], context: str = "",
        prose_only: bool = True,
    ) -> list[tuple[float, float, list[str], _Window]]:
        """(rank score, coverage, matched terms, window), best first.

        The rank adds to the coverage a small bonus for the topic's own terms (its title)
        and for the search score, so that of two passages covering a question equally the
        one about the topic wins.
        """
        qterms = question_terms(question)
        if not qterms:
            return []
        weights = self._weights(qterms)
        cterms = [t for t in question_terms(context) if t not in qterms]
        cweights = self._weights(cterms)
        top_score = max((e.score for e in evidence), default=1.0) or 1.0
        ranked = []
        for ev in evidence:
            title_stems = frozenset(terms(ev.source.title))
            for window in self._source_windows(ev.source):
                if prose_only and looks_like_code(window.text):
                    continue
                cov, matched = self._coverage(qterms, weights, window, title_stems)
                if cov <= 0:
                    continue
                topical = (
                    self._coverage(cterms, cweights, window, title_stems)[0] if cterms else 0.0
                )
                lead = LEAD_BONUS if window.start == 0 else 0.0
                rank = cov + 0.12 * topical + 0.05 * ev.score / top_score + lead
                ranked.append((rank, cov, matched, window))
        ranked.sort(key=lambda item: -item[0])
        return ranked

    # -- the steps ---------------------------------------------------------------------

    def generate_plan(
        self, topic: Topic, notes: list[RevisionNote], previous: ResearchPlan | None
    ) -> ResearchPlan:
        """Questions from the topic (revised by reviewer notes), two queries each."""
        questions = list(topic.spec.questions) or derive_questions(topic)
        context: list[str] = [topic.body] if topic.body else []
        applied: list[str] = []
        for note in notes:
            for raw_line in note.note.splitlines():
                line = raw_line.strip()
                if not line:
                    continue
                drop = re.fullmatch(r"-\s*(\d+)", line)
                if line.startswith("+") and line[1:].strip():
                    questions.append(line[1:].strip())
                    applied.append(f"added question: {line[1:].strip()}")
                elif drop and 1 <= int(drop.group(1)) <= len(questions):
                    removed = questions.pop(int(drop.group(1)) - 1)
                    applied.append(f"dropped question: {removed}")
                else:
                    context.append(line)
                    applied.append(f"context: {line}")
        if not questions:
            questions = derive_questions(topic)[:1]
        note_context = " ".join(context[1:]) if topic.body else " ".join(context)
        context_terms = _readable_terms(topic.spec.title + " " + note_context)
        plan_questions = [Question(id=i, text=q) for i, q in enumerate(questions, 1)]
        queries: list[PlannedQuery] = []
        seen: set[str] = set()
        for q in plan_questions:
            own = _readable_terms(q.text)
            extra = [t for t in context_terms if t not in own]
            made = 0
            for words_ in (own, own + extra[:2], own + extra[2:4]):
                text = " ".join(words_)
                key = query_key(text)
                if text and key not in seen and made < 2:
                    seen.add(key)
                    queries.append(PlannedQuery(text=text, question_id=q.id))
                    made += 1
            if not made:
                # Every question gets a query, even one another question already asks.
                text = " ".join(own) or normalize_ws(q.text)
                queries.append(PlannedQuery(text=text, question_id=q.id))
        return ResearchPlan(
            topic_id=topic.id, title=topic.spec.title, context=normalize_ws(" ".join(context)),
            questions=plan_questions, queries=queries,
            revision=(previous.revision + 1) if previous else 1, notes=applied,
        )

    def reflect(self, plan: ResearchPlan, evidence: list[Evidence], round_no: int) -> Reflection:
        """Per question: the best passage's coverage of the question's content terms."""
        assessments = []
        for q in plan.questions:
            qterms = question_terms(q.text)
            ranked = self._ranked_windows(q.text, evidence, plan.title)
            if not ranked:
                assessments.append(QuestionAssessment(
                    question_id=q.id, status="unanswered", coverage=0.0, missing_terms=qterms))
                continue
            _, coverage, matched, best = ranked[0]
            status: QuestionStatus = "answered" if coverage >= ANSWERED else (
                "partial" if coverage >= PARTIAL else "unanswered")
            floor = max(PARTIAL, 0.6 * coverage)
            evidence_ids = list(dict.fromkeys(
                w.source.source_id for _, cov, _, w in ranked if cov >= floor))[:6]
            assessments.append(QuestionAssessment(
                question_id=q.id, status=status, coverage=round(min(coverage, 1.0), 4),
                best_source_id=best.source.source_id, evidence_source_ids=evidence_ids,
                matched_terms=matched, missing_terms=[t for t in qterms if t not in matched],
            ))
        return Reflection(round=round_no, assessments=assessments)

    def analyse_gaps(
        self, plan: ResearchPlan, reflection: Reflection, gaps: list[Gap], round_no: int,
        max_rounds: int,
    ) -> GapAnalysis:
        """Open a gap per unanswered question; resolve, count fruitless rounds, abandon."""
        return decide(track_gaps(plan, reflection, gaps, round_no), round_no, max_rounds)

    def follow_up_queries(
        self, plan: ResearchPlan, analysis: GapAnalysis, evidence: list[Evidence],
        earlier_queries: list[str], limit: int,
    ) -> list[PlannedQuery]:
        """Pseudo-relevance feedback: missing terms plus terms of the best passages."""
        seen = {query_key(q) for q in earlier_queries}
        gaps = {g.gap_id: g for g in analysis.gaps}
        questions = {q.id: q for q in plan.questions}
        out: list[PlannedQuery] = []
        for gap_id in analysis.next_gap_ids:
            gap = gaps[gap_id]
            question = questions[gap.question_id]
            own = _readable_terms(question.text)
            own_stems = {stem(w) for w in own}
            ranked = self._ranked_windows(question.text, evidence, plan.title)[:5]
            surface: dict[str, str] = {}
            counts: Counter[str] = Counter()
            for _, _, _, window in ranked:
                for w in words(window.text):
                    if w in STOPWORDS or w in QUESTION_WORDS or len(w) < 3 or w.isdigit():
                        continue
                    s = stem(w)
                    if s in own_stems:
                        continue
                    surface.setdefault(s, w)
                    counts[s] += 1
            weights = self._weights(list(counts))
            expansion = [surface[s] for s, _ in sorted(
                counts.items(), key=lambda kv: -(math.log1p(kv[1]) * weights[kv[0]]))]
            found = set(ranked[0][2]) if ranked else set()
            missing = [w for w in own if stem(w) not in found]
            candidates = [
                missing + expansion[:2],
                own + expansion[:1],
                missing + expansion[2:4],
                own[:2] + expansion[1:3],
                own + expansion[3:5],
            ]
            made = 0
            for words_ in candidates:
                text = " ".join(dict.fromkeys(w for w in words_ if w))
                key = query_key(text)
                if not text or key in seen:
                    continue
                seen.add(key)
                out.append(PlannedQuery(text=text, question_id=question.id, gap_id=gap_id,
                                        kind="follow_up"))
                made += 1
                if made == 2 or len(out) >= limit:
                    break
            if len(out) >= limit:
                break
        return out

    def extract_facts(
        self,
        plan: ResearchPlan,
        reflection: Reflection,  # noqa: ARG002 - passages are re-scored from the evidence
        evidence: list[Evidence],
    ) -> list[Fact]:
        """Up to three verbatim passages per question, for coverage and diversity.

        A passage already used for an earlier question is used again only when it fully
        answers this one too (the report then cites it with the same footnote).
        """
        facts: list[Fact] = []
        used_quotes: set[str] = set()
        used_spans: list[tuple[str, int, int]] = []
        for q in plan.questions:
            own_spans: list[tuple[str, int, int]] = []
            ranked = self._ranked_windows(q.text, evidence, plan.title)
            if not ranked:
                continue
            floor = max(PARTIAL, 0.6 * ranked[0][1])
            chosen: list[tuple[float, _Window]] = []
            pool = [r for r in ranked if r[1] >= floor and 40 <= len(r[3].text) <= 900
                    and len(words(r[3].text)) >= 8][:200]
            while pool and len(chosen) < FACTS_PER_QUESTION:
                best_item = None
                best_value = -1.0
                for item in pool:
                    score, coverage, _, window = item
                    if self._overlaps(window, own_spans):
                        continue
                    if coverage < ANSWERED and self._overlaps(window, used_spans):
                        continue
                    redundancy = max(
                        (_jaccard(window.stems, other.stems) for _, other in chosen), default=0.0
                    )
                    same_source = any(o.source.source_id == window.source.source_id
                                      for _, o in chosen)
                    length_pen = 0.04 * max(0, len(window.text) - 450) / 450
                    value = score - 0.6 * redundancy - (0.08 if same_source else 0) - length_pen
                    if value > best_value:
                        best_item, best_value = item, value
                if best_item is None:
                    break
                pool.remove(best_item)
                score, coverage, _, window = best_item
                quote = self._quote(q.text, window)
                key = quote.lower()
                if key in used_quotes and coverage < ANSWERED:
                    continue
                used_quotes.add(key)
                used_spans.append((window.source.source_id, window.start, window.end))
                own_spans.append((window.source.source_id, window.start, window.end))
                chosen.append((score, window))
                facts.append(Fact(
                    fact_id=stable_hash(q.id, window.source.source_id, window.start, window.end),
                    question_id=q.id, source_id=window.source.source_id,
                    url=window.source.url, title=window.source.title, quote=quote,
                    text=_clean(window.text), score=round(score, 4),
                ))
            facts += self._disagreements(q.id, ranked, facts, used_quotes)
        return facts

    def _disagreements(
        self, question_id: int, ranked: list[tuple[float, float, list[str], _Window]],
        facts: list[Fact], used_quotes: set[str],
    ) -> list[Fact]:
        """Sentences of other sources that contradict a chosen fact.

        They are kept, to be shown beside it, rather than dropped as redundant.
        """
        mine = [f for f in facts if f.question_id == question_id]
        extra: list[Fact] = []
        for _, coverage, _, window in ranked[:40]:
            if coverage < PARTIAL or len(window.sentence_spans) != 1:
                continue
            sentence = normalize_ws(window.text)
            if sentence.lower() in used_quotes or len(sentence.split()) < MIN_QUOTE_WORDS:
                continue
            for fact in mine:
                if fact.url != window.source.url and conflict_between(fact.quote, sentence):
                    used_quotes.add(sentence.lower())
                    extra.append(Fact(
                        fact_id=stable_hash(question_id, window.source.source_id, window.start,
                                            window.end),
                        question_id=question_id, source_id=window.source.source_id,
                        url=window.source.url, title=window.source.title, quote=sentence,
                        text=sentence, score=round(coverage, 4)))
                    break
        return extra

    @staticmethod
    def _overlaps(window: _Window, used: list[tuple[str, int, int]]) -> bool:
        return any(sid == window.source.source_id and window.start < end and start < window.end
                   for sid, start, end in used)

    def _quote(self, question: str, window: _Window) -> str:
        qterms = question_terms(question)
        weights = self._weights(qterms)
        best_text, best_value = _clean(window.text), -1.0
        for start, end in window.sentence_spans:
            sentence = window.source.text[start:end]
            if len(words(sentence)) < MIN_QUOTE_WORDS:
                continue
            stems_ = set(terms(sentence))
            value = sum(weights[t] for t in qterms if t in stems_)
            if value > best_value:
                best_text, best_value = _clean(sentence), value
        return best_text

    def write_answer(
        self, topic: Topic, plan: ResearchPlan, facts: list[tuple[int, Fact]],
        open_questions: list[OpenQuestion],
    ) -> dict[int, str]:
        """Sections of verbatim passages, each carrying its own marker."""
        by_question: dict[int, list[str]] = {}
        for marker, fact in facts:
            by_question.setdefault(fact.question_id, []).append(f"{fact.text}[^{marker}]")
        open_ids = {o.question_id for o in open_questions}
        answered = [q for q in plan.questions if q.id in by_question and q.id not in open_ids]
        partly = [q for q in plan.questions if q.id in by_question and q.id in open_ids]
        sources = {fact.url for _, fact in facts}
        overview = (
            f"This report addresses {len(plan.questions)} question"
            f"{'s' if len(plan.questions) != 1 else ''} about {topic.spec.title[0].lower()}"
            f"{topic.spec.title[1:]}, quoting {len(facts)} passages from {len(sources)} "
            f"source{'s' if len(sources) != 1 else ''}. "
            f"{len(answered)} answered"
            + (f", {len(partly)} partly answered" if partly else "")
            + (f", {len(open_ids) - len(partly)} left open" if len(open_ids) > len(partly) else "")
            + "."
        )
        # Key findings: the quoted sentence of each answered question's best passage,
        # cited with the same footnote as the passage itself.
        lead: dict[int, tuple[int, Fact]] = {}
        for marker, fact in facts:
            if fact.question_id in {q.id for q in answered}:
                lead.setdefault(fact.question_id, (marker, fact))
        findings = []
        for _, (marker, fact) in sorted(lead.items()):
            sentence = fact.quote.rstrip()
            findings.append(f"{sentence}{'' if sentence[-1:] in '.!?' else '.'}[^{marker}]")
        if findings:
            overview += "\n\nIn short: " + " ".join(findings)
        out = {0: overview}
        for q in plan.questions:
            if q.id in by_question:
                out[q.id] = "\n\n".join(by_question[q.id])
        return out


def _clean(text: str) -> str:
    """One line of text without a leading list bullet (still a verbatim span)."""
    return re.sub(r"^(?:[*\u2022-]\s+)+", "", normalize_ws(text))


def _has_variant(term: str, stems: frozenset[str]) -> bool:
    """True if a stem in ``stems`` is a short derivational variant of ``term``.

    Snowball leaves some families apart ("slow" / "slowli", "import" / "importlib"): a
    stem that extends the other by at most three letters, the shorter having at least
    four, counts as the same word at a lower weight.
    """
    if len(term) < 4:
        return False
    for other in stems:
        if other[:4] != term[:4] or other == term:
            continue
        short, long_ = (term, other) if len(term) <= len(other) else (other, term)
        if len(short) >= 4 and len(long_) - len(short) <= 3 and long_.startswith(short):
            return True
    return False


def _jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    if not a or not b:
        return 0.0
    return len(a & b) / len(a | b)
