"""The report step: render, write and store the report; verify and account for it."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from research_pipeline.citations import (
    MIN_QUOTE_WORDS,
    CitationCheck,
    check_report,
    unaccounted_questions,
)
from research_pipeline.contradictions import find_conflicts
from research_pipeline.live.sanitize import clean_answer
from research_pipeline.models import (
    Fact,
    OpenQuestion,
    ResearchPlan,
    stable_hash,
)
from research_pipeline.pipeline.plan import plan_of
from research_pipeline.pipeline.rounds import finished_research
from research_pipeline.pipeline.services import Services, own_calls, research_spent
from research_pipeline.render import CONFLICTS_KEY, STOP_REASONS, mark_unverified, render_report
from research_pipeline.text import normalize_ws, question_words, sentence_spans, words
from research_pipeline.untrusted import clean_line, safe_url, unsafe_at


@dataclass
class ReportOutcome:
    """What the report step wrote."""

    report_id: str
    path: Path
    markdown: str
    citations: int
    open_questions: int
    answered: int
    questions: int
    dropped_sentences: int


# The budget stops, each with the topic file's field that sets it.
_BUDGET_FIELDS = {"max_rounds": "max_rounds", "max_queries": "max_queries",
                  "max_sources": "max_sources", "budget": "max_cost_usd"}


def _open_questions(
    plan: ResearchPlan, reflection_rows: dict[int, dict], gaps: dict[int, dict],
    facts: list[Fact],
) -> list[OpenQuestion]:
    """Every question not fully answered, with the reason in plain words."""
    with_facts = {f.question_id for f in facts}
    out = []
    for q in plan.questions:
        item = reflection_rows.get(q.id, {"status": "unanswered", "coverage": 0.0,
                                          "missing_terms": []})
        if item["status"] == "answered" and q.id in with_facts:
            continue
        surface = question_words(q.text)
        missing = [surface.get(m, m) for m in item.get("missing_terms") or []]
        why = item.get("note") or (
            f"the sources found do not mention {', '.join(missing)}" if missing
            else "no passage in the sources answers it")
        gap = gaps.get(q.id)
        if q.id in with_facts:
            reason = f"only partly answered: {why}"
        elif item["status"] == "answered":
            reason = "the passages that match are code or too short to quote"
        elif gap is not None and gap["status"] == "abandoned":
            reason = (f"{why}; {gap['attempts']} further searches found nothing more, so it "
                      "was given up")
        else:
            # Why the research stopped is said once, under "Left undone".
            reason = why
        out.append(OpenQuestion(question_id=q.id, text=q.text, reason=reason))
    return out


def _is_data(text: str, url: str) -> bool:
    """True when the text carries no markup and no web URL but its source's own."""
    return unsafe_at(text, url) is None


def _as_data(fact: Fact) -> Fact | None:
    """The fact as data, or None: its URL and quote must meet the contract.

    A passage whose text carries markup or a foreign URL while its quote does not is
    shown by the longest run of its sentences that holds the quote and neither (still a
    verbatim span), rather than lost.
    """
    if safe_url(fact.url) != fact.url:
        return None
    if not _is_data(fact.quote, fact.url):
        # "... based on the UnicodeData.txt file version 14.0.0 which is publicly available
        # from ftp://ftp.unicode.org/.": what the quote says before the URL stands by itself.
        opening = _data_opening(fact.quote, fact.url)
        if opening is None:
            return None
        # The reader sees that the sentence goes on; the footnote quotes it verbatim.
        return fact.model_copy(update={"quote": opening, "text": f"{opening} …"})
    if _is_data(fact.text, fact.url):
        return fact
    quote = normalize_ws(fact.quote)
    spans = sentence_spans(fact.text)
    best = fact.quote
    start = 0
    while start < len(spans):
        end = start
        while end < len(spans) and _is_data(fact.text[spans[end][0]:spans[end][1]], fact.url):
            end += 1
        if end > start:
            run = fact.text[spans[start][0]:spans[end - 1][1]]
            if quote in normalize_ws(run) and len(run) > len(best) and _is_data(run, fact.url):
                best = run
        start = end + 1
    return fact.model_copy(update={"text": best})


# Where a clause ends or a new one begins: punctuation, an opening parenthesis, or a word
# that leads a clause or phrase on to what follows ("which", "from", "see", "e.g.").
_CLAUSE_BREAK = re.compile(
    r"[,;:]\s|\s\(|\s(?:which|that|where|from|at|see|via|using|in|on|under|as|e\.g\.|"
    r"i\.e\.|such as|for example)\s", re.IGNORECASE)


def _data_opening(quote: str, url: str) -> str | None:
    """The quote's opening before its first markup or foreign URL, or None.

    A verbatim span still: cut where a clause of the sentence carrying it breaks, or else
    after the whole sentences before that one; None where fewer than five words are left.
    """
    at = unsafe_at(quote, url)
    if at is None:
        return quote
    # The sentence that carries it is cut where a clause breaks, if enough of it is left
    # to read; else the quote keeps the whole sentences before it.
    began = max((start for start, _ in sentence_spans(quote) if start <= at), default=0)
    breaks = [m.start() for m in _CLAUSE_BREAK.finditer(quote, began, at)]
    clause = quote[:breaks[-1]].rstrip(" ,;:") if breaks else ""
    if len(words(clause[began:])) >= 3 and not clause.lower().endswith(("e.g.", "i.e.")):
        opening = clause
    else:
        opening = quote[:began].rstrip()
    if sum(any(c.isalpha() for c in w) for w in opening.split()) < MIN_QUOTE_WORDS:
        return None
    return opening if _is_data(opening, url) else None


_STEP_NAMES = {
    "generate_plan": "plan", "reflect": "reflection", "analyse_gaps": "gap analysis",
    "follow_up_queries": "follow-up queries", "extract_facts": "fact extraction",
    "write_answer": "answer", "policy_audit": "policy audit",
}


def _degraded(services: Services, topic_id: str, research_id: str, plan_version: str,
              run_id: str) -> list[str]:
    """'Left undone' lines: model steps that fell back, searches that were skipped.

    Provider messages are untrusted text: no link or URL of theirs reaches the report.
    """
    store = services.store
    lines: list[str] = []
    by_step: dict[str, list[str]] = {}
    for row in store.research_fallbacks(topic_id, research_id, plan_version, run_id):
        by_step.setdefault(row["step"], []).append(row["error"] or "")
    for step, reasons in by_step.items():
        times = f"{len(reasons)} time{'s' if len(reasons) != 1 else ''}"
        reason = clean_answer(reasons[0], [])[0][:300]
        lines.append(f"The model's {_STEP_NAMES.get(step, step)} was done by the extractive "
                     f"researcher instead ({times}); the first time because {reason}")
    rounds = store.research_rounds(research_id)
    skipped = rounds[-1]["state"].get("skipped", []) if rounds else []
    if skipped:
        shown = ", ".join(f"“{s['query']}” (round {s['round']})" for s in skipped[:5])
        more = f" and {len(skipped) - 5} more" if len(skipped) > 5 else ""
        reason = clean_answer(skipped[-1]["reason"], [])[0][:300]
        lines.append(f"{len(skipped)} search{'es' if len(skipped) != 1 else ''} failed after "
                     f"their retries and were skipped: {shown}{more}; the last because "
                     f"{reason}")
    return lines


def write_report(services: Services, topic_id: str, run_id: str) -> ReportOutcome:
    """Render the report from stored facts, write it to ``reports/``, store it."""
    topic, plan, plan_version, latest = finished_research(services, topic_id)
    store = services.store
    research_id = latest["research_id"]
    facts = store.latest_facts(research_id)
    texts = store.source_texts_for_research(research_id)
    # Citations show where in its document a passage sits: "Title › Section".
    cite_titles = {s.source_id: s.cite_title for s, _, _ in store.research_sources(research_id)}
    facts = [f.model_copy(update={"title": cite_titles.get(f.source_id, f.title)})
             for f in facts]
    # A quote that is not verbatim in its stored source never gets a marker, nor does a
    # fact whose quote carries markup or whose URL breaks the contract; whichever
    # researcher chose it, source text stays data (see _as_data).
    facts = [data for f in facts
             if any(" ".join(f.quote.split()) in " ".join(t.split()) for t in texts.get(f.url, []))
             and (data := _as_data(f)) is not None]
    reflection = store.final_reflection(research_id)
    reflection_rows = {a.question_id: a.model_dump() for a in reflection.assessments}
    gaps = {g["question_id"]: g for g in store.final_gaps(research_id)}
    stop_reason = latest["stop_reason"] or ""
    open_questions = _open_questions(plan, reflection_rows, gaps, facts)
    given = dict(enumerate(facts, 1))
    calls = services.start(topic_id, run_id, topic.spec.max_cost_usd,
                           research_spent(services, topic_id, research_id, run_id))
    researcher = services.researcher
    try:
        sections = calls.step(
            "write_answer", researcher.name, researcher.model,
            {"plan_version": plan_version, "facts": [f.fact_id for f in facts]},
            lambda: researcher.write_answer(topic, plan, list(given.items()), open_questions),
            record=not own_calls(researcher),
        )
    finally:
        store.record_calls(topic_id, run_id, llm_calls=calls.drain()[1])
    conflicts = find_conflicts(facts)
    if conflicts:
        marker_of = {f.fact_id: n for n, f in given.items()}
        sections[CONFLICTS_KEY] = "\n\n".join(
            f"Question {c.question_id}: “{c.first.quote}”[^{marker_of[c.first.fact_id]}] "
            f"against “{c.second.quote}”[^{marker_of[c.second.fact_id]}] ({c.detail})."
            for c in conflicts
        )
    queries = store.research_queries(research_id)
    not_done = []
    if open_questions and stop_reason in _BUDGET_FIELDS:
        not_done.append(
            f"Research stopped because {STOP_REASONS[stop_reason]}, with "
            f"{len(open_questions)} question(s) still open; raise "
            f"{_BUDGET_FIELDS[stop_reason]} in {topic.path.name} to search further."
        )
    not_done += _degraded(services, topic_id, research_id, plan_version, run_id)
    rendered = render_report(
        plan=plan, plan_version=plan_version, sections=sections, given=given,
        open_questions=open_questions, researcher=researcher.name,
        rounds=int(latest["rounds"]), n_queries=len(queries),
        n_sources=len(texts), generated_at=datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        not_done=not_done,
    )
    reports_dir = services.settings.reports_dir
    reports_dir.mkdir(parents=True, exist_ok=True)
    path = reports_dir / f"{topic_id}.md"
    tmp = path.with_suffix(".md.tmp")
    tmp.write_text(rendered.markdown, encoding="utf-8")
    tmp.replace(path)
    report_id = stable_hash(topic_id, run_id, research_id)
    store.save_report(
        report_id=report_id, research_id=research_id, topic_id=topic_id,
        plan_version=plan_version, run_id=run_id, path=str(path), markdown=rendered.markdown,
        citations=rendered.citations, n_open=len(open_questions),
        conflicts=[{"question_id": c.question_id, "first_fact_id": c.first.fact_id,
                    "second_fact_id": c.second.fact_id, "first_url": c.first.url,
                    "second_url": c.second.url, "detail": c.detail} for c in conflicts],
    )
    answered = len(plan.questions) - len(open_questions)
    return ReportOutcome(report_id, path, rendered.markdown, len(rendered.citations),
                         len(open_questions), answered, len(plan.questions),
                         rendered.dropped_sentences)


def verify_report(services: Services, topic_id: str) -> tuple[dict | None, CitationCheck]:
    """Re-read the written report file and check every footnote against stored sources."""
    store = services.store
    report = store.latest_report(topic_id)
    if report is None:
        return None, CitationCheck(problems=[f"topic {topic_id!r} has no report yet"])
    path = Path(report["path"])
    try:
        markdown = path.read_text(encoding="utf-8")
    except OSError as exc:
        return report, CitationCheck(problems=[f"cannot read {path}: {exc.strerror or exc}"])
    check = check_report(markdown, store.source_texts_for_research(report["research_id"]))
    store.mark_citations(report["report_id"], check.verified)
    if not check.ok:
        # The report says so itself: its readers may never see the check's result.
        marked = mark_unverified(markdown, *check.counts())
        tmp = path.with_suffix(".md.tmp")
        tmp.write_text(marked, encoding="utf-8")
        tmp.replace(path)
        store.set_report_markdown(report["report_id"], marked)
        report = {**report, "markdown": marked}
    services.known.reports[topic_id] = report
    return report, check


def account_questions(services: Services, topic_id: str) -> tuple[list[str], int, int]:
    """(unaccounted questions, answered, total) of the latest report, read from its file."""
    # The row the citation check of the same chain just read (and updated), else the store's.
    report = services.known.reports.pop(topic_id, None) or services.store.latest_report(topic_id)
    if report is None:
        return [f"topic {topic_id!r} has no report yet"], 0, 0
    plan = plan_of(services, report["plan_version"])
    if plan is None:
        return [f"plan {report['plan_version']} is not in the store"], 0, 0
    try:
        markdown = Path(report["path"]).read_text(encoding="utf-8")
    except OSError as exc:
        return [f"cannot read {report['path']}: {exc.strerror or exc}"], 0, 0
    # Each question as the report prints it in its heading (markup neutralised, render).
    questions = [clean_line(q.text) for q in plan.questions]
    missing = unaccounted_questions(markdown, questions)
    answered = len(questions) - int(report["n_open_questions"])
    return missing, answered, len(questions)
