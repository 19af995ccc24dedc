"""Hostile input end to end: hostile documents never shape a report, hostile topic files
never stop the good ones. Both through the real console script."""

import json
import re
import resource

from research_pipeline.citations import FOOTNOTE_RE
from research_pipeline.topics import MAX_TOPIC_BYTES
from tests.conftest import run_cli, write_topic

TIDE_FACTS = [
    "Tides are caused by the gravitational pull of the Moon on the oceans of the Earth.",
    "Spring tides happen when the Sun and the Moon line up at new moon and full moon.",
    "Neap tides happen when the Sun and the Moon pull at right angles to each other.",
    "The Bay of Fundy has the largest tidal range of any place in the world.",
]

HOSTILE = {
    # HTML: a javascript: canonical link, a title that forges a footnote, script and img
    # tags, an entity-escaped script, a javascript: anchor.
    "evil.html": (
        "<html><head><title>Tides [^9]: [evil](javascript:alert(1)) <b>bold</b></title>"
        "<link rel='canonical' href='javascript:alert(document.cookie)'></head><body>"
        "<script>alert('x')</script><img src=x onerror=alert(1)>"
        f"<p>{TIDE_FACTS[0]} <a href='javascript:alert(1)'>Read more</a> about the Moon.</p>"
        f"<p>&lt;script&gt;alert(1)&lt;/script&gt; {TIDE_FACTS[1]}</p>"
        f"<p>{TIDE_FACTS[2]}</p></body></html>"
    ),
    # Markdown whose front-matter URL would close the link and forge a footnote.
    "forged.md": (
        "---\ntitle: \"Spring tides (notes) <i>\"\n"
        "url: \"https://tides.example/spring) [^9]: [evil](http://evil.example)\"\n---\n"
        f"# Spring tides\n\n{TIDE_FACTS[1]} The alignment adds the pulls together.\n"
    ),
    # Markdown whose URL carries a newline and a second 'Open questions' section.
    "newline.md": (
        "---\ntitle: Neap tides\n"
        "url: \"https://tides.example/neap\\n## Open questions\\n- forged — by a document\"\n"
        f"---\n{TIDE_FACTS[2]} Neap tides have the smallest range.\n"
    ),
    "script-url.md": (
        f"---\ntitle: Tidal range\nurl: javascript:alert(1)\n---\n{TIDE_FACTS[3]}\n"
    ),
    # Text with block syntax and markup at paragraph starts.
    "notes.txt": (
        "Tide notes\n\n## Open questions\n\n"
        "[^1]: [evil](javascript:alert(1)): \"forged footnote of five words\"\n\n"
        "<!-- the rest of this report is hidden -->\n\n"
        "# Tides are caused by the gravitational pull of the Moon and, to a lesser "
        "degree, the Sun on the oceans of the Earth.\n\n"
        "Visit www.evil.example or https://evil.example/x for tides caused by the Moon.\n"
    ),
}

TOPIC = """
    ---
    title: "Tides"
    questions:
      - "What causes tides?"
      - "When do spring tides happen?"
      - "When do neap tides happen?"
    max_rounds: 2
    ---
    """

ALLOWED_HEADINGS = re.compile(
    r"^(# Tides|## Overview|## [123]\. .+|## Where sources disagree|## Open questions"
    r"|## Left undone)$")


def test_a_hostile_corpus_never_shapes_the_report(env):
    docs = env / "hostile-docs"
    docs.mkdir()
    for name, text in HOSTILE.items():
        (docs / name).write_text(text, encoding="utf-8")
    added = run_cli("corpus", "add", str(docs), "--name", "hostile")
    assert added.returncode == 0, added.stderr
    assert "5 added" in added.stdout
    warnings = [line for line in added.stderr.splitlines() if line.startswith("warning:")]
    assert {w.split(":", 2)[1].strip().rsplit("/", 1)[-1] for w in warnings} == {
        "evil.html", "newline.md", "script-url.md"}
    assert all("cited by its file URI instead" in w for w in warnings)

    topic = write_topic(env / "topics", "tides", TOPIC)
    result = run_cli("run", str(topic), "--approve", env_extra={"RESEARCH_CORPUS": "hostile"})
    assert result.returncode == 0, result.stderr
    report = (env / "reports" / "tides.md").read_text()

    # Structure: the template's headings only, each section once, in order.
    headings = [line for line in report.splitlines() if line.startswith("#")]
    assert all(ALLOWED_HEADINGS.match(h) for h in headings), headings
    assert len(headings) == len(set(headings))
    assert headings[:2] == ["# Tides", "## Overview"]
    # Footnotes: one line each, in the contract's form; only http(s) and file links.
    definitions = [line for line in report.splitlines() if line.startswith("[^")]
    assert definitions, report
    for line in definitions:
        match = FOOTNOTE_RE.match(line)
        assert match, line
        assert re.match(r"^(https?://|file:///)", match.group("url")), line
        assert not re.search(r"[\s()]", match.group("url")), line
        # A hostile title is plain text: its brackets are replaced, never escaped.
        assert not re.search(r"[\[\]()<>\\]", match.group("title")), line
        assert not re.search(r"<[A-Za-z/!?]|\]\(|\[\^|javascript:", match.group("quote")), line
    links = re.findall(r"\]\(([^)]*)\)", report)
    assert len(links) == len(definitions)
    assert all(re.match(r"^(https?://|file:///)", url) for url in links), links
    # No markup, script or foreign URL from the sources in the body.
    assert not re.search(r"<[A-Za-z/!?]", report)
    body = report.split("\n[^1]: ")[0]
    assert "javascript" not in body.lower() and "evil" not in body.lower()
    assert re.findall(r"\[\^(\d+)\](?!:)", body)
    # The hostile documents were used, not merely avoided.
    urls = {re.match(FOOTNOTE_RE, line).group("url") for line in definitions}
    assert len(urls) >= 2
    forged = "https://tides.example/spring%29%20%5B%5E9%5D:%20%5Bevil%5D%28http://evil.example%29"
    assert all(u == forged for u in urls if u.startswith("https://tides.example/spring"))
    assert any(u.startswith("file://") and u.endswith(("evil.html", "newline.md",
                                                       "script-url.md")) for u in urls)
    # Citations verified by the independent check, row by row.
    unverified = run_cli("sql", "select count(*) as n from citations where verified is not "
                                "true", "--format", "json")
    assert json.loads(unverified.stdout) == [{"n": 0}]


def test_hostile_topic_files_never_stop_the_good_ones(env):
    topics = env / "topics"
    good = {
        "finally": '---\ntitle: "The finally clause"\nquestions:\n  - "When does the finally '
                   'clause of a try statement run?"\nmax_rounds: 1\n---\n',
    }
    for name, text in good.items():
        write_topic(topics, name, text)
    # CRLF line ends and a byte-order mark are accepted.
    (topics / "crlf.md").write_bytes(
        b"\xef\xbb\xbf---\r\ntitle: \"Assert statements\"\r\nquestions:\r\n  - \"What does an "
        b"assert statement do when its expression is false?\"\r\nmax_rounds: 1\r\n---\r\n")
    levels = ["l0: &l0 [" + ",".join(["x"] * 10) + "]"] + [
        f"l{i}: &l{i} [" + ",".join([f"*l{i - 1}"] * 10) + "]" for i in range(1, 9)]
    bad = {
        "bad-date": "---\ntitle: Dates\nstart_date: 2024-13-45\n---\n",
        "feb-30": "---\ntitle: Dates\nend_date: 2024-02-30\n---\n",
        "deep": "---\ntitle: Deep\nquestions: " + "[" * 3000 + "]" * 3000 + "\n---\n",
        "bomb": "---\ntitle: Bomb\n" + "\n".join(levels) + "\nquestions: *l8\n---\n"
                + "padding " * 20000,
        "aaa": "---\nid: finally\ntitle: Impostor\n---\n",
        "infinite": "---\ntitle: No cap\nmax_cost_usd: .inf\n---\n",
        "bidi": "---\ntitle: \"Reversed \\u202E title\"\n---\n",
        "control": "---\ntitle: T\nquestions: [\"a \\x07 bell\"]\n---\n",
    }
    for name, text in bad.items():
        (topics / f"{name}.md").write_text(text, encoding="utf-8")
    assert (topics / "bomb.md").stat().st_size > 150_000
    (topics / "binary.md").write_bytes(b"---\x00\x01")
    (topics / "huge.md").write_text("---\ntitle: Huge\n---\n" + "x" * MAX_TOPIC_BYTES)

    result = run_cli("run", "--approve")
    assert result.returncode == 1, result.stderr
    errors = [line for line in result.stderr.splitlines() if line.startswith("error: ")]
    for name in [*bad, "binary", "huge"]:
        assert any(f"/{name}.md" in line for line in errors), (name, result.stderr)
    assert "Traceback" not in result.stderr
    for name in [*good, "crlf"]:
        assert (env / "reports" / f"{name}.md").exists(), result.stderr
    assert "Impostor" not in (env / "reports" / "finally.md").read_text()
    assert "done: 2 reports" in result.stderr
    # ru_maxrss of the largest child so far, in KiB on Linux.
    assert resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss < 1024 * 1024
