"""Property-based fuzzing: whatever the bytes, a named error or a valid result, quickly.

Topic files (1,050 cases over three strategies) must each give a topic or one
``TopicFileError`` naming the file, never another exception; corpus files (HTML,
Markdown, PDF, text) must each give a document whose URL and title meet the report
contract, or one ``CorpusError`` naming the file. Seeds are fixed (``derandomize``), so
CI runs the same cases every time.
"""

import math
import re
import time
from datetime import timedelta
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from research_pipeline.corpus.documents import chunk_document
from research_pipeline.corpus.manager import accept_url, read_document
from research_pipeline.errors import CorpusError, TopicFileError
from research_pipeline.topics import TOPIC_ID_RE, TopicSpec, load_topics, parse_topic
from research_pipeline.untrusted import BIDI_CHARS, clean_title, may_quote, safe_url
from tests.pdfgen import make_pdf

SLOWEST_S = 5.0


def fuzz(examples: int) -> settings:
    return settings(max_examples=examples, derandomize=True, database=None,
                    deadline=timedelta(seconds=SLOWEST_S), print_blob=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@pytest.fixture(scope="module")
def work(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzz")


# -- topic files -----------------------------------------------------------------------

HOSTILE_TEXT = st.sampled_from([
    "", " ", "\x00", "\x07bell", "\u202eevil", "\u2066iso", "<script>alert(1)</script>",
    "[x](javascript:alert(1))", "a [^1] b", "## Open questions", "line\nbreak", "\r\n",
    "\ufeff", "x" * 400, "é" * 50, "2024-13-45", "2024-02-30", "0000-01-01",
    "1.0e400", ".inf", "-.inf", ".nan", "&a", "*a", "!!python/object:os.system",
    "{a: b}", "[1, [2, [3]]]", "---", "...", "%YAML 1.1", "? complex", "~", "null",
])
SCALARS = (st.none() | st.booleans() | st.integers(min_value=-10**30, max_value=10**30)
           | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=60)
           | HOSTILE_TEXT)
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=5)
                      | st.dictionaries(st.text(max_size=10), inner, max_size=4),
                      max_leaves=20)
FIELDS = sorted(TopicSpec.model_fields)
FIELD_VALUES = {
    "id": st.from_regex(r"[a-z0-9][a-z0-9-]{0,20}", fullmatch=True) | SCALARS,
    "title": st.text(min_size=1, max_size=80) | HOSTILE_TEXT,
    "questions": st.lists(st.text(max_size=80) | HOSTILE_TEXT, max_size=25) | VALUES,
    "start_date": st.dates().map(str) | HOSTILE_TEXT | SCALARS,
    "end_date": st.dates().map(str) | HOSTILE_TEXT | SCALARS,
    "max_cost_usd": st.floats(allow_nan=True, allow_infinity=True) | SCALARS,
}


BASE = {"title": "Tides", "questions": ["What causes tides?", "When are spring tides?"],
        "max_rounds": 2, "start_date": "2024-01-01", "include_domains": ["example.org"]}


@st.composite
def topic_documents(draw: st.DrawFn) -> bytes:
    keys = draw(st.lists(st.sampled_from(FIELDS) | st.text(max_size=8), max_size=8,
                         unique=True))
    # Half the cases are a sound topic with one or two fields made hostile, so that the
    # accepting path is fuzzed as well as the refusing one.
    data = dict(BASE) if draw(st.booleans()) else {}
    if data:
        keys = [k for k in keys if k in FIELDS][: draw(st.integers(0, 1))]
    data.update({k: draw(FIELD_VALUES.get(k, VALUES)) for k in keys})
    front = yaml.safe_dump(data, allow_unicode=draw(st.booleans()))
    body = draw(st.text(max_size=200))
    text = f"---\n{front}---\n{body}"
    if draw(st.booleans()):
        text = text.replace("\n", "\r\n")
    raw = text.encode("utf-8", "surrogatepass")
    return (b"\xef\xbb\xbf" if draw(st.booleans()) else b"") + raw


SNIPPETS = st.sampled_from([
    "title: T", "id: x", "a: &a [x, x, x, x, x, x, x, x]", "b: &b [*a, *a, *a, *a, *a, *a]",
    "c: [*b, *b, *b, *b, *b, *b, *b, *b]", "questions: *a", "questions: [*b, *b]",
    "start_date: 2024-13-45", "end_date: 2024-02-30", "start_date: !!timestamp 2024-99-01",
    "max_cost_usd: .inf", "max_rounds: 0x10", "max_rounds: 1_000", "x: !!binary AAAA",
    "title: !!python/object/apply:os.system ['true']", "? [a, b]\n: c", "<<: {title: M}",
    "questions: " + "[" * 40 + "]" * 40, "questions:\n" + "".join(
        f"{'  ' * i}- \n" for i in range(30)), "max_queries: 9" * 100, "title: T\ntitle: U",
    "title: 'unterminated", "title: \"\\u202e\"", "title: \"\\a\"", "%TAG ! tag:x,2000:",
    "--- !!set", "expect: [[a], [b]]", "refresh: hourly", "approval: sometimes",
    "include_domains: ['a b']", "exclude_domains: {}", "...", "&anchor", "*undefined",
])


@st.composite
def snippet_documents(draw: st.DrawFn) -> bytes:
    lines = draw(st.lists(SNIPPETS, min_size=1, max_size=6))
    opener = draw(st.sampled_from(["---", "--- ", "---\r", "", "----", "\ufeff---"]))
    closer = draw(st.sampled_from(["---", "...", "", "--- #", "---\t"]))
    return (f"{opener}\n" + "\n".join(lines) + f"\n{closer}\nBody\n").encode("utf-8")


GOOD = b"---\ntitle: \"A topic\"\nquestions:\n  - \"Why?\"\nstart_date: 2024-01-01\n---\nBody\n"


@st.composite
def mutated_documents(draw: st.DrawFn) -> bytes:
    data = bytearray(draw(st.sampled_from([GOOD, GOOD.replace(b"\n", b"\r\n")])))
    for _ in range(draw(st.integers(1, 8))):
        pos = draw(st.integers(0, len(data)))
        op = draw(st.sampled_from(["insert", "delete", "replace"]))
        chunk = draw(st.binary(min_size=1, max_size=6) | st.sampled_from(
            [b"&a ", b"*a", b"[", b"{", b"\x00", b"\xff", b"\n  - ", b": ", b"!!", b"'"]))
        if op == "insert":
            data[pos:pos] = chunk
        elif op == "delete":
            del data[pos:pos + len(chunk)]
        else:
            data[pos:pos + len(chunk)] = chunk
    return bytes(data)


def _check_topic_file(work: Path, raw: bytes) -> None:
    path = work / "fuzzed.md"
    path.write_bytes(raw)
    started = time.monotonic()
    try:
        topic = parse_topic(path)
    except TopicFileError as exc:
        assert str(path) in str(exc)
    else:
        spec = topic.spec
        assert TOPIC_ID_RE.match(spec.id)
        assert spec.title and not any(c in spec.title for c in BIDI_CHARS)
        assert not re.search(r"[\x00-\x1f\x7f-\x9f]", spec.title + "".join(spec.questions))
        assert math.isfinite(spec.max_cost_usd) and spec.max_cost_usd > 0
        assert not (spec.start_date and spec.end_date and spec.start_date > spec.end_date)
    assert time.monotonic() - started < SLOWEST_S


@fuzz(400)
@given(raw=topic_documents())
def test_fuzzed_topic_fields_give_a_topic_or_a_named_error(work, raw):
    _check_topic_file(work, raw)


@fuzz(400)
@given(raw=mutated_documents())
def test_mutated_topic_bytes_give_a_topic_or_a_named_error(work, raw):
    _check_topic_file(work, raw)


@fuzz(250)
@given(raw=snippet_documents())
def test_hostile_yaml_gives_a_topic_or_a_named_error(work, raw):
    _check_topic_file(work, raw)


def test_a_folder_of_fuzzed_files_never_stops_the_loader(work):
    folder = work / "folder"
    folder.mkdir()
    paths = []
    for n, raw in enumerate([GOOD, b"\x00", b"---\n[", GOOD.replace(b"A topic", b"B")]):
        paths.append(folder / f"t{n}.md")
        paths[-1].write_bytes(raw)
    topics, errors = load_topics(paths)
    assert [t.id for t in topics] == ["t0", "t3"] and len(errors) == 2


# -- corpus files ----------------------------------------------------------------------

HOSTILE_URLS = st.sampled_from([
    "javascript:alert(1)", "JaVaScRiPt:alert(1)", "data:text/html,<b>x</b>", "//evil.example",
    "https://ok.example/a b(c)", "https://x.example/a) [^9]: [evil](http://e.example)",
    "http://x.example/\n## Open questions", "http://[::1", "http://x.example:99999/",
    "file:///etc/passwd", "relative/path.html", "https://ok.example/#frag", "", "   ",
    "https://\u202eevil.example/", "vbscript:msgbox(1)", "ftp://files.example/x",
]) | st.text(max_size=40)
HTML_PIECES = st.sampled_from([
    "<p>", "</p>", "<div>", "</div>", "<script>alert(1)</script>", "<script>", "<style>x{}",
    "<title>", "</title>", "<img src=x onerror=alert(1)>", "&lt;script&gt;", "&amp;", "&#0;",
    "&#x110000;", "&bogus;", "<!--", "-->", "<![CDATA[x]]>", "<![if x]>", "<!DOCTYPE html>",
    "<?php ?>", "<a href='javascript:alert(1)'>click</a>", "<h1>", "</h1>", "<br>", "<",
    ">", "</", "<nav>", "<svg><p>", "\x00", "\ufffd", "[x](javascript:y)", "[^1]",
])


@st.composite
def html_files(draw: st.DrawFn) -> bytes:
    head = f"<link rel='canonical' href='{draw(HOSTILE_URLS)}'>" if draw(st.booleans()) else ""
    title = draw(st.text(max_size=30) | HTML_PIECES)
    parts = draw(st.lists(HTML_PIECES | st.text(max_size=40), max_size=30))
    text = f"<html><head><title>{title}</title>{head}</head><body>{''.join(parts)}</body>"
    return text.encode("utf-8", "surrogatepass")


# Nine levels of ten aliases each: 10**9 values once expanded (str() of it never ends).
BOMB = "l0: &l0 [x,x,x,x,x,x,x,x,x,x]\n" + "".join(
    f"l{i}: &l{i} [" + ",".join([f"*l{i - 1}"] * 10) + "]\n" for i in range(1, 9)
) + "title: [" + ",".join(["*l8"] * 10) + "]\n"


@st.composite
def markdown_files(draw: st.DrawFn) -> bytes:
    meta = {"title": draw(st.text(max_size=40) | HTML_PIECES | VALUES),
            "url": draw(HOSTILE_URLS | VALUES), "date": draw(HOSTILE_TEXT | VALUES)}
    front = draw(st.sampled_from([yaml.safe_dump(meta), BOMB, "date: 2024-13-45\n",
                                  "url: [\n", "title: " + "[" * 50]))
    body = "\n\n".join(draw(st.lists(st.text(max_size=60) | HTML_PIECES | st.sampled_from(
        ["# Heading", "## Open questions", "[^1]: [t](javascript:x): \"q\"", "```"]),
        max_size=10)))
    text = (f"---\n{front}---\n{body}" if draw(st.booleans()) else body)
    return text.encode("utf-8", "surrogatepass")


PDF = make_pdf(["Earthquakes release energy stored in rocks along faults.",
                "Seismographs record the waves that earthquakes send through the ground."])


@st.composite
def pdf_files(draw: st.DrawFn) -> bytes:
    data = bytearray(PDF)
    for _ in range(draw(st.integers(1, 6))):
        pos = draw(st.integers(0, len(data)))
        chunk = draw(st.binary(min_size=1, max_size=8) | st.sampled_from(
            [b"<<", b">>", b"/Length 999999", b"0 R", b"obj", b"endstream", b"(", b"\\"]))
        if draw(st.booleans()):
            data[pos:pos + len(chunk)] = chunk
        else:
            data[pos:pos] = chunk
    if draw(st.booleans()):
        data = data[: draw(st.integers(0, len(data)))]
    return bytes(data)


TEXTS = st.binary(max_size=300) | st.text(max_size=300).map(
    lambda t: t.encode("utf-8", "surrogatepass"))


def _check_corpus_file(work: Path, name: str, raw: bytes) -> None:
    root = work / "corpus"
    root.mkdir(exist_ok=True)
    path = root / name
    path.write_bytes(raw)
    started = time.monotonic()
    try:
        doc = read_document(path, root)
    except CorpusError as exc:
        assert str(path) in str(exc)
    else:
        accept_url(doc, path)
        assert safe_url(doc.url) == doc.url and doc.url.split(":", 1)[0] in (
            "http", "https", "file")
        assert "#" not in doc.url
        assert not re.search(r"[\[\]()<>\x00-\x1f]", clean_title(doc.title))
        for chunk in chunk_document(doc):
            # A passage may carry a #fragment the document defines (HTML anchors).
            assert chunk.url == doc.url or chunk.url.startswith(doc.url + "#")
            assert safe_url(chunk.url) == chunk.url, chunk.url
            may_quote(chunk.text)  # the predicate itself never fails on any text
    assert time.monotonic() - started < SLOWEST_S


@fuzz(150)
@given(raw=html_files())
def test_fuzzed_html_files(work, raw):
    _check_corpus_file(work, "page.html", raw)


@fuzz(150)
@given(raw=markdown_files())
def test_fuzzed_markdown_files(work, raw):
    _check_corpus_file(work, "note.md", raw)


@fuzz(100)
@given(raw=pdf_files())
def test_fuzzed_pdf_files(work, raw):
    _check_corpus_file(work, "paper.pdf", raw)


@fuzz(100)
@given(raw=TEXTS)
def test_fuzzed_text_files(work, raw):
    _check_corpus_file(work, "notes.txt", raw)
