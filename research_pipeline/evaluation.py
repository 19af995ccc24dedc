"""Scoring reports against a folder of topic files that carry ``expect``."""

from __future__ import annotations

import re
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from research_pipeline import pipeline
from research_pipeline.errors import ResearchPipelineError
from research_pipeline.models import stable_hash
from research_pipeline.topics import Topic, load_topics, topic_files

_SECTION_RE = re.compile(r"^## (\d+)\. ", re.MULTILINE)
_MARKER_RE = re.compile(r"\[\^\d+\]")


@dataclass
class EvalScore:
    """The scores of one topic's report."""

    topic_id: str
    questions: int
    answered: int
    expected: int
    found: int
    citations: int
    citations_verified: int
    distinct_sources: int
    unsupported_sentences: int
    calls: int
    cost_usd: float
    seconds: float
    error: str | None = None

    @property
    def answered_share(self) -> float:
        """Share of plan questions not left open."""
        return self.answered / self.questions if self.questions else 0.0

    @property
    def found_share(self) -> float:
        """Share of expected phrases found in answer text."""
        return self.found / self.expected if self.expected else 0.0


def _section_bodies(markdown: str) -> dict[int, str]:
    """Per question number, the raw text under its heading, up to the next heading."""
    body = "\n".join(line for line in markdown.splitlines() if not line.startswith("[^"))
    out: dict[int, str] = {}
    for match in _SECTION_RE.finditer(body):
        text = body[match.end():]
        text = text.split("\n", 1)[1] if "\n" in text else ""
        out[int(match.group(1))] = re.split(r"^## ", text, flags=re.MULTILINE)[0]
    return out


def answer_sections(markdown: str) -> dict[int, str]:
    """Per question number, the answer text of its section (no heading, no markers)."""
    return {n: " ".join(_MARKER_RE.sub("", text).split())
            for n, text in _section_bodies(markdown).items()}


def _found(phrases: list[str], text: str) -> int:
    haystack = " ".join(text.lower().split())
    return sum(" ".join(p.lower().split()) in haystack for p in phrases)


def unsupported_paragraphs(markdown: str) -> int:
    """Answer paragraphs that carry no footnote marker (no stated support)."""
    count = 0
    for text in _section_bodies(markdown).values():
        for paragraph in text.split("\n\n"):
            paragraph = paragraph.strip()
            if paragraph and not paragraph.startswith("_") and not _MARKER_RE.search(paragraph):
                count += 1
    return count


def score_phrases(topic: Topic, markdown: str) -> tuple[int, int]:
    """(expected, found): phrases of ``expect`` found in the answer text of the report."""
    sections = answer_sections(markdown)
    expect = topic.spec.expect
    if expect and isinstance(expect[0], list):
        pairs = [(i, [str(p) for p in phrases]) for i, phrases in enumerate(expect, 1)]
        return (sum(len(p) for _, p in pairs),
                sum(_found(p, sections.get(i, "")) for i, p in pairs))
    flat = [str(p) for p in expect]
    return len(flat), _found(flat, " ".join(sections.values()))


def run_eval(services: pipeline.Services, directory: Path, name: str | None = None,
             progress: pipeline.Progress | None = None) -> list[EvalScore]:
    """Research every topic of an eval set in-process (auto-approved) and score it."""
    paths = topic_files(directory)
    topics, errors = load_topics(paths)
    if errors:
        raise ResearchPipelineError("; ".join(str(e) for e in errors))
    evalset = name or directory.name
    settings = services.settings.model_copy(
        update={"reports_dir": services.settings.reports_dir / "eval" / evalset})
    local = pipeline.Services(settings=settings, progress=services.progress)
    eval_id = stable_hash(evalset, time.time_ns())
    scores = []
    for topic in topics:
        started = time.monotonic()
        run_id = f"eval-{eval_id}-{topic.id}"
        try:
            pipeline.register_topic(local, topic, run_id)
            pipeline.make_plan(local, topic.id, run_id)
            _, decision = pipeline.approval_state(local, topic.id)
            if decision is None or decision["decision"] != "approved":
                pipeline.decide(local, topic.id, "approved", "eval", None, "eval")
            pipeline.run_research(local, topic.id, run_id)
            pipeline.extract_facts(local, topic.id, run_id)
            written = pipeline.write_report(local, topic.id, run_id)
            _, check = pipeline.verify_report(local, topic.id)
            expected, found = score_phrases(topic, written.markdown)
            n_calls, cost = local.store.run_totals(run_id)
            score = EvalScore(
                topic_id=topic.id, questions=written.questions, answered=written.answered,
                expected=expected, found=found, citations=len(check.footnotes),
                citations_verified=sum(check.verified.values()),
                distinct_sources=len({f.url for f in check.footnotes}),
                unsupported_sentences=unsupported_paragraphs(written.markdown),
                calls=n_calls, cost_usd=cost, seconds=time.monotonic() - started,
            )
        except ResearchPipelineError as exc:
            score = EvalScore(topic.id, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0.0,
                              time.monotonic() - started, error=str(exc))
        (progress or services.progress)(f"{topic.id}: answered {score.answered}/{score.questions}, "
                 f"expected {score.found}/{score.expected}, citations "
                 f"{score.citations_verified}/{score.citations}")
        scores.append(score)
    local.store.save_eval(eval_id, evalset, [asdict(s) for s in scores])
    return scores
