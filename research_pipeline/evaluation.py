"""Scoring reports against a folder of topic files that carry ``expect``."""

from __future__ import annotations

import re
import time
import traceback
from dataclasses import asdict, dataclass, field
from pathlib import Path

from research_pipeline import pipeline
from research_pipeline.errors import ResearchPipelineError, unexpected
from research_pipeline.models import stable_hash
from research_pipeline.topics import Topic, load_topics, topic_files
from research_pipeline.untrusted import clean_line

_SECTION_RE = re.compile(r"^## (\d+)\. ", re.MULTILINE)
_MARKER_RE = re.compile(r"\[\^\d+\]")
_TYPE_RE = re.compile(r"#\s*type:\s*([a-z/-]+)(,\s*unanswerable)?", re.IGNORECASE)


@dataclass
class QuestionScore:
    """How one question of an eval topic fared in its report.

    ``answerable`` is false for a question whose ``expect`` list is empty (the collection
    cannot answer it). ``labelled_answered``: the report does not list it under Open
    questions. ``in_section`` / ``in_first_paragraph``: an expected phrase appears in its
    own answer section / in that section's first paragraph. ``quoted``: its section
    carries at least one footnote marker.
    """

    topic_id: str
    question_id: int
    question: str
    answer_type: str
    answerable: bool
    labelled_answered: bool
    in_section: bool
    in_first_paragraph: bool
    quoted: bool


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
    question_scores: list[QuestionScore] = field(default_factory=list)
    # A bug's traceback, for ``--verbose`` (not stored: the error line is).
    traceback: str | None = None

    @classmethod
    def failed(cls, topic_id: str, seconds: float, error: str,
               trace: str | None = None) -> EvalScore:
        """The score of a topic whose research failed: nothing counted, the error kept."""
        return cls(topic_id, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0.0, seconds, error=error,
                   traceback=trace)

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


def _first_paragraph(body: str) -> str:
    """A section body's first paragraph, as written ('' when it has none)."""
    return next((p for p in body.split("\n\n") if p.strip()), "")


def answer_sections(markdown: str) -> dict[int, str]:
    """Per question number, the answer text of its section (no heading, no markers)."""
    return {n: " ".join(_MARKER_RE.sub("", text).split())
            for n, text in _section_bodies(markdown).items()}


def open_question_texts(markdown: str) -> set[str]:
    """The questions a report lists under ``## Open questions`` (whitespace-normalised)."""
    match = re.search(r"^## Open questions\n(.*?)(?=^## |^\[\^|\Z)", markdown,
                      re.MULTILINE | re.DOTALL)
    if not match:
        return set()
    out = set()
    for line in match.group(1).splitlines():
        if line.startswith("- "):
            out.add(" ".join(line[2:].split(" — ", 1)[0].split()).lower())
    return out


def question_types(path: Path, questions: list[str]) -> list[str]:
    """Each question's ``# type: X`` comment in the topic file ('' when there is none)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    out = []
    for question in questions:
        kind = ""
        for line in lines:
            if question in " ".join(line.split()) or question in line:
                match = _TYPE_RE.search(line)
                kind = match.group(1).lower() if match else ""
                break
        out.append(kind)
    return out


def score_questions(topic: Topic, markdown: str) -> list[QuestionScore]:
    """Per question: answerable, labelled answered, expected phrase in its section, quoted."""
    expect = topic.spec.expect
    if not topic.spec.questions or not expect or not isinstance(expect[0], list):
        return []
    raw = _section_bodies(markdown)
    opened = open_question_texts(markdown)
    kinds = question_types(topic.path, list(topic.spec.questions))
    out = []
    for n, (question, phrases) in enumerate(zip(topic.spec.questions, expect, strict=True), 1):
        body = raw.get(n, "")
        first = _first_paragraph(body)
        words = [str(p) for p in phrases]
        out.append(QuestionScore(
            topic_id=topic.id, question_id=n, question=question, answer_type=kinds[n - 1],
            answerable=bool(words),
            # As the report prints it: markup in a question is neutralised there.
            labelled_answered=clean_line(question).lower() not in opened,
            in_section=_found(words, _MARKER_RE.sub("", body)) > 0,
            in_first_paragraph=_found(words, _MARKER_RE.sub("", first)) > 0,
            quoted=bool(_MARKER_RE.search(body)),
        ))
    return out


@dataclass
class SetSummary:
    """An eval set's figures, as the README and the baselines report them."""

    answered: float
    found: float
    citations_verified: float
    in_section: float
    in_first_paragraph: float
    labelled_answered: float
    confidently_wrong: float
    unanswerable_quoted: int
    unanswerable_answered: int
    answerable: int
    unanswerable: int

    # For these, lower is better; every other figure must not fall below its baseline.
    LOWER_IS_BETTER = ("confidently_wrong", "unanswerable_quoted", "unanswerable_answered")

    def as_dict(self) -> dict[str, float]:
        """The figures recorded in a baseline file."""
        return {k: v for k, v in asdict(self).items() if k not in ("answerable", "unanswerable")}


def summarise(scores: list[EvalScore]) -> SetSummary:
    """Aggregate per-topic and per-question scores into the set's figures."""
    questions = sum(s.questions for s in scores) or 1
    expected = sum(s.expected for s in scores) or 1
    cited = sum(s.citations for s in scores)
    verified = sum(s.citations_verified for s in scores)
    qs = [q for s in scores for q in s.question_scores]
    answerable = [q for q in qs if q.answerable]
    unanswerable = [q for q in qs if not q.answerable]
    labelled = [q for q in qs if q.labelled_answered]

    def share(part: int, whole: int) -> float:
        return round(part / whole, 4) if whole else 0.0

    return SetSummary(
        answered=share(sum(s.answered for s in scores), questions),
        found=share(sum(s.found for s in scores), expected),
        citations_verified=share(verified, cited) if cited else 1.0,
        in_section=share(sum(q.in_section for q in answerable), len(answerable)),
        in_first_paragraph=share(sum(q.in_first_paragraph for q in answerable), len(answerable)),
        labelled_answered=share(sum(q.labelled_answered for q in answerable), len(answerable)),
        confidently_wrong=share(sum(not q.in_section for q in labelled), len(labelled)),
        unanswerable_quoted=sum(q.quoted for q in unanswerable),
        unanswerable_answered=sum(q.labelled_answered for q in unanswerable),
        answerable=len(answerable), unanswerable=len(unanswerable),
    )


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
                question_scores=score_questions(topic, written.markdown),
            )
        except ResearchPipelineError as exc:
            score = EvalScore.failed(topic.id, time.monotonic() - started, str(exc))
        except Exception as exc:  # noqa: BLE001 - a bug fails its topic; the set goes on
            score = EvalScore.failed(topic.id, time.monotonic() - started, unexpected(exc),
                                     traceback.format_exc())
        (progress or services.progress)(f"{topic.id}: answered {score.answered}/{score.questions}, "
                 f"expected {score.found}/{score.expected}, citations "
                 f"{score.citations_verified}/{score.citations}")
        scores.append(score)
    local.store.save_eval(eval_id, evalset, [asdict(s) for s in scores])
    local.store.save_eval_questions(
        eval_id, evalset, [asdict(q) for s in scores for q in s.question_scores])
    return scores


# A reader's verdict on a question's direct answer (the first paragraph of its section).
VERDICTS = ("correct", "partial", "wrong", "none")
READING_COLUMNS = ("set", "topic", "qnum", "label", "verdict", "phrase_score", "note", "digest")


def first_paragraphs(markdown: str) -> dict[int, str]:
    """Per question number, its section's first paragraph as a reader meets it.

    Footnote markers removed and whitespace collapsed; '' for a section without one.
    """
    return {n: " ".join(_MARKER_RE.sub("", _first_paragraph(body)).split())
            for n, body in _section_bodies(markdown).items()}


def answer_digest(paragraph: str) -> str:
    """What a reading records of the paragraph it judged, to tell later whether it changed."""
    return stable_hash(" ".join(paragraph.split()), length=12)


@dataclass(frozen=True)
class Reading:
    """One reader's verdict on one question's direct answer, as recorded in a readings file."""

    evalset: str
    topic_id: str
    question_id: int
    verdict: str
    digest: str


def load_readings(path: Path) -> list[Reading]:
    """The verdicts of a readings file (tab-separated, a header naming ``READING_COLUMNS``).

    A row whose verdict is empty is not read yet and is left out; a bad row is an error
    that names the file, the line and the field.
    """
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise ResearchPipelineError(f"cannot read the readings file {path}: {exc}") from exc
    if not lines:
        raise ResearchPipelineError(f"{path}: empty; expected a header line with the columns "
                                    f"{', '.join(READING_COLUMNS)}")
    header = lines[0].split("\t")
    missing = [c for c in ("set", "topic", "qnum", "verdict", "digest") if c not in header]
    if missing:
        raise ResearchPipelineError(f"{path}: line 1: the header lacks the column(s) "
                                    f"{', '.join(missing)}")
    at = {c: header.index(c) for c in header}
    out = []
    for number, line in enumerate(lines[1:], 2):
        if not line.strip():
            continue
        cells = line.split("\t")
        if len(cells) < len(header):
            raise ResearchPipelineError(f"{path}: line {number}: {len(cells)} fields, the "
                                        f"header has {len(header)}")
        verdict = cells[at["verdict"]].strip()
        if not verdict:
            continue  # not read yet
        if verdict not in VERDICTS:
            raise ResearchPipelineError(f"{path}: line {number}: verdict {verdict!r} is not "
                                        f"one of {', '.join(VERDICTS)}")
        qnum = cells[at["qnum"]].strip()
        if not qnum.isdigit() or int(qnum) < 1:
            raise ResearchPipelineError(f"{path}: line {number}: qnum {qnum!r} is not a "
                                        "question number (1, 2, ...)")
        out.append(Reading(cells[at["set"]].strip(), cells[at["topic"]].strip(), int(qnum),
                           verdict, cells[at["digest"]].strip()))
    return out


@dataclass
class ReadingCheck:
    """How a set's reports stand against a reader's verdicts on earlier ones.

    ``as_read``: per verdict, the questions whose direct answer is still the one the reader
    judged. ``changed``: questions whose direct answer differs from it ("topic Qn"), to be
    read again; ``gone``: readings of a topic or question the set no longer has.
    """

    as_read: dict[str, int]
    changed: list[str]
    gone: list[str]

    @property
    def read(self) -> int:
        """How many direct answers stand as the reader judged them."""
        return sum(self.as_read.values())


def check_readings(readings: list[Reading], evalset: str, reports: dict[str, str]
                   ) -> ReadingCheck:
    """Compare a set's reports (markdown per topic id) with the readings of that set."""
    as_read = dict.fromkeys(VERDICTS, 0)
    changed, gone = [], []
    paragraphs = {topic: first_paragraphs(markdown) for topic, markdown in reports.items()}
    for reading in readings:
        if reading.evalset != evalset:
            continue
        name = f"{reading.topic_id} Q{reading.question_id}"
        now = paragraphs.get(reading.topic_id, {})
        if reading.question_id not in now:
            gone.append(name)
        elif answer_digest(now[reading.question_id]) == reading.digest:
            as_read[reading.verdict] += 1
        else:
            changed.append(name)
    return ReadingCheck(as_read, changed, gone)


def reading_rows(evalset: str, topics: list[Topic], reports: dict[str, str]) -> list[str]:
    """A readings file for a set's reports, its verdicts left for the reader to fill in.

    One row per question: its label and phrase score as the eval sees them, the question
    and its direct answer in the note column, and the answer's digest.
    """
    rows = ["\t".join(READING_COLUMNS)]
    for topic in topics:
        markdown = reports.get(topic.id)
        if markdown is None:
            continue
        firsts = first_paragraphs(markdown)
        for score in score_questions(topic, markdown):
            first = firsts.get(score.question_id, "")
            label = "answered" if score.labelled_answered else "open"
            phrase = ("right" if score.in_first_paragraph else "wrong") if score.answerable \
                else ("right" if not score.labelled_answered else "wrong")
            note = " ".join(f"{score.question} → {first}".split())  # no tab left in it
            rows.append("\t".join([evalset, topic.id, str(score.question_id), label, "",
                                   phrase, note, answer_digest(first)]))
    return rows
