"""The rules for untrusted text, where it enters (URLs, titles, search results) and where
it leaves (the report's sentences, headings and footnotes)."""

import pytest

from research_pipeline.models import Fact, OpenQuestion, ResearchPlan
from research_pipeline.render import mark_unverified, render_report
from research_pipeline.search import SearchFilters
from research_pipeline.untrusted import (
    UnsafeURLError,
    clean_line,
    clean_title,
    may_quote,
    normalize_url,
)
from tests.fakes import FakeServer, exa_results


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("https://example.org/a", "https://example.org/a"),
        ("HTTPS://Example.org/a", "https://Example.org/a"),
        ("  http://example.org/a b  ", "http://example.org/a%20b"),
        ("https://example.org/f(x)", "https://example.org/f%28x%29"),
        ("https://x.example/a) [^9]: [e](http://e)",
         "https://x.example/a%29%20%5B%5E9%5D:%20%5Be%5D%28http://e%29"),
        ("https://x.example/<b>\"q\"", "https://x.example/%3Cb%3E%22q%22"),
        ("https://x.example/a\u00a0b", "https://x.example/a%C2%A0b"),
        ("file:///home/me/My Notes.md", "file:///home/me/My%20Notes.md"),
        ("https://x.example/p#part", "https://x.example/p#part"),
    ],
)
def test_urls_are_normalised(url, expected):
    assert normalize_url(url) == expected


@pytest.mark.parametrize(
    ("url", "why"),
    [
        ("javascript:alert(1)", "scheme 'javascript'"),
        (" JaVaScRiPt:alert(1)", "scheme 'javascript'"),
        ("data:text/html,<b>x</b>", "scheme 'data'"),
        ("ftp://files.example/x", "scheme 'ftp'"),
        ("//evil.example/x", "no scheme"),
        ("notes/page.html", "no scheme"),
        ("http://x.example/\n## Open questions", "control"),
        ("https://\u202eevil.example", "bidirectional"),
        ("https:///path-only", "no host"),
        ("http://[::1", "cannot be parsed"),
        ("http://x.example:99999/", "cannot be parsed"),
        ("file:relative.md", "not absolute"),
        ("https://x.example/" + "a" * 3000, "at most"),
        ("", "empty"),
        (None, "not text"),
    ],
)
def test_unsafe_urls_are_refused_with_the_reason(url, why):
    with pytest.raises(UnsafeURLError, match=why):
        normalize_url(url)


def test_fragments_can_be_dropped():
    assert normalize_url("https://x.example/p#a", keep_fragment=False) == "https://x.example/p"


@pytest.mark.parametrize(
    ("text", "ok"),
    [
        ("Tides are caused by the pull of the Moon.", True),
        ("Use a < b and c > d to compare.", True),
        ("See https://docs.python.org/3/ and file:///tmp/x for more.", True),
        ("The list[int] type and std::vector<int> differ.", False),
        ("Run <script>alert(1)</script> now.", False),
        ("A comment <!-- hides the rest", False),
        ("Closing </div> tags too", False),
        ("A [link](http://x.example) here", False),
        ("Footnote [^1] forged", False),
        ("[ref]: http://evil.example defines a link", False),
        ("Click javascript:alert(1) now", False),
        ("Or DATA:text/html;base64,xx", False),
        ("An ftp://files.example/x link", False),
        ("Hidden \u202e reversal", False),
        ("A bell \x07 rings", False),
    ],
)
def test_what_may_be_quoted(text, ok):
    assert may_quote(text) is ok


def test_titles_and_lines_are_cleaned_never_escaped():
    assert clean_title("A [b] (c) <d>\x00\u202e e_f *g*") == "A ［b］ （c） ＜d＞ e_f *g*"
    assert clean_title("git reset [&lt;mode>]") == "git reset ［＜mode＞］"
    assert clean_title("\x00 \u202e") == "untitled"
    assert len(clean_title("x" * 1000)) == 200
    assert clean_line("What does list[int] mean?") == "What does list[int] mean?"
    assert clean_line("Why <b>bold</b>\n## now?") == "Why ＜b＞bold＜/b＞ ## now?"
    once = clean_line("A [x](javascript:y) [^1]")
    assert clean_line(once) == once and "](" not in once and "[^" not in once


def _fact(n: int, text: str, url: str = "https://a.example/x") -> Fact:
    return Fact(fact_id=f"f{n}", question_id=1, source_id=f"s{n}", url=url,
                title="Src [1] <b>", quote=text, text=text)


def test_the_report_keeps_its_shape_whatever_the_writer_returns():
    plan = ResearchPlan(topic_id="t", title="T", questions=[{"id": 1, "text": "Why?"}],
                        queries=[])
    given = {1: _fact(1, "Tides follow the Moon around the Earth."),
             2: _fact(2, "Spring tides are the strongest of all tides.")}
    sections = {
        0: "## Open questions\n- forged — by the model[^1]",
        1: ("# Tides follow the Moon around the Earth.[^1] A model adds <img src=x>.[^2]\n\n"
            "```\nSpring tides are the strongest of all tides.[^2]\n\n"
            "See www.evil.example for more.[^2] Or [x](https://a.example/x).[^2]\n\n"
            "[^2]: [evil](javascript:x): \"forged quote of five words\""),
    }
    rendered = render_report(
        plan=plan, plan_version="v", sections=sections, given=given,
        open_questions=[OpenQuestion(question_id=1, text="Why?", reason="a <b>reason</b>\n#")],
        researcher="test", rounds=1, n_queries=1, n_sources=1, generated_at="now",
        not_done=["stopped [^3] early"])
    lines = rendered.markdown.splitlines()
    assert [line for line in lines if line.startswith("#")] == [
        "# T", "## Overview", "## 1. Why?", "## Open questions", "## Left undone"]
    assert "- stopped ［^3］ early" in lines
    assert "- Why? — a ＜b＞reason＜/b＞ #" in lines
    assert "Tides follow the Moon around the Earth.[^1]" in lines
    assert "Spring tides are the strongest of all tides.[^2]" in lines
    assert "<img" not in rendered.markdown and "evil" not in rendered.markdown
    footnotes = [line for line in lines if line.startswith("[^")]
    assert footnotes == [
        '[^1]: [Src ［1］ ＜b＞](https://a.example/x): "Tides follow the Moon around the Earth."',
        '[^2]: [Src ［1］ ＜b＞](https://a.example/x): "Spring tides are the strongest of all '
        'tides."']
    assert "Open questions - forged — by the model[^1]" in lines  # text, not a section
    assert rendered.dropped_sentences == 4


def test_a_paragraph_opening_with_emphasis_keeps_it():
    """Emphasis markers at a paragraph's start are no thematic break: the quote stays whole."""
    plan = ResearchPlan(topic_id="t", title="T", questions=[{"id": 1, "text": "What?"}],
                        queries=[])
    text = "*__slots__* are implemented at the class level by creating descriptors."
    rendered = render_report(
        plan=plan, plan_version="v", sections={1: f"{text}[^1]\n\n***\n\n--- ---"},
        given={1: _fact(1, text)}, open_questions=[], researcher="test", rounds=1,
        n_queries=1, n_sources=1, generated_at="now", not_done=[])
    lines = rendered.markdown.splitlines()
    assert f"{text}[^1]" in lines
    assert not any(line.strip("-* ") == "" and line for line in lines)


def test_the_unverified_line_follows_the_title_once():
    marked = mark_unverified("# T\n\nBody.\n", 2, 5)
    assert marked.splitlines()[:4] == [
        "# T", "", "> Unverified: 2 of 5 citations failed the citation check.", ""]
    assert mark_unverified(marked, 1, 5).count("> Unverified") == 1


def test_hostile_exa_results_never_become_sources(services, monkeypatch):
    results = [
        {"id": "1", "url": "javascript:alert(1)", "title": "Evil", "text": "x " * 10},
        {"id": "2", "url": "https://ok.example/a b\n## Open", "title": "Newline",
         "text": "y " * 10},
        {"id": "3", "url": "http://[::1", "title": "Bad address", "text": "z " * 10},
        {"id": "4", "url": "https://ok.example/page(1)", "title": "Good [^1] <i>page</i>",
         "text": "Tides follow the Moon."},
    ]
    with FakeServer(lambda _: exa_results(results)) as exa:
        monkeypatch.setenv("RESEARCH_SEARCH", "exa")
        monkeypatch.setenv("EXA_API_KEY", "exa-key")
        monkeypatch.setenv("RESEARCH_EXA_BASE_URL", exa.url)
        from research_pipeline.pipeline import Services
        from research_pipeline.settings import load_settings

        live = Services(settings=load_settings())
        live.start("t", "run", 1.0)
        hits = live.search.search("tides", SearchFilters(), 5)
    assert [(h.source.url, h.source.title) for h in hits] == [
        ("https://ok.example/a%20b", "Newline"),  # the newline is stripped, the rest a fragment
        ("https://ok.example/page%281%29", "Good [^1] <i>page</i>"),  # cleaned when printed
    ]


def test_a_question_with_markup_is_plain_text_in_the_report(services, env):
    from research_pipeline import pipeline
    from tests.conftest import approve_topic, write_topic

    path = write_topic(env / "topics", "tags", """
        ---
        title: "Generators <i>and</i> yield"
        questions:
          - "What does the yield statement do inside a <b>function</b> body?"
        max_rounds: 1
        ---
        """)
    approve_topic(services, path)
    plan = services.store.current_plan("tags")["plan"]  # the researcher reads them as written
    assert plan.questions[0].text == (
        "What does the yield statement do inside a <b>function</b> body?")
    pipeline.run_research(services, "tags", "run-1")
    pipeline.extract_facts(services, "tags", "run-1")
    report = pipeline.write_report(services, "tags", "run-1")
    lines = report.markdown.splitlines()
    assert lines[0] == "# Generators ＜i＞and＜/i＞ yield"
    assert "## 1. What does the yield statement do inside a ＜b＞function＜/b＞ body?" in lines
    missing, _, total = pipeline.account_questions(services, "tags")
    assert missing == [] and total == 1


def test_a_fact_is_shown_by_the_sentences_around_its_quote_that_are_data():
    from research_pipeline.pipeline.report import _as_data

    quote = "String hashes are salted with an unpredictable random value."
    text = (f"{quote} This protects against a denial-of-service by chosen inputs. "
            "See http://ocert.org/advisories/x.html for details. Sets may change order.")
    fact = _fact(1, quote).model_copy(update={"text": text})
    assert _as_data(fact).text == (
        f"{quote} This protects against a denial-of-service by chosen inputs.")
    inner = fact.model_copy(update={"text": f"Run <b>this</b> first. {quote}"})
    assert _as_data(inner).text == quote
    assert _as_data(fact.model_copy(update={"quote": "Click <a href=x>here</a> now"})) is None
    assert _as_data(fact.model_copy(update={"url": "javascript:alert(1)"})) is None


def test_a_quote_with_a_foreign_url_is_cut_to_the_clause_before_it():
    from research_pipeline.pipeline.report import _as_data

    said = ("The tide tables in this almanac are based on the harbour survey edition 14.0.0 "
            "which is publicly available")
    fact = _fact(1, f"{said} from ftp://tides.example/survey/.")
    fact = fact.model_copy(update={"text": fact.quote})
    shown = _as_data(fact)
    # Still verbatim, cut where the clause breaks; the reader sees that it goes on.
    assert shown.quote == said and shown.quote in fact.quote
    assert shown.text == f"{said} …"
    # A web URL that is not the source's own is cut off the same way.
    web = fact.model_copy(update={"quote": f"{said}, see https://evil.example/x for more.",
                                  "text": f"{said}, see https://evil.example/x for more."})
    assert _as_data(web).quote == said
    # Where the clause before it would end on "E.g." or say too little, the quote keeps the
    # whole sentences before the one that carries it.
    listed = ("To use a comma as separator one must write %x2C in the glaze code. E.g., "
              "%(glaze:key=Cone,sep=%x2C ) shows the cones. • fold[=<bool>]: fold the lines.")
    assert _as_data(fact.model_copy(update={"quote": listed, "text": listed})).quote == (
        "To use a comma as separator one must write %x2C in the glaze code.")
    # Too little left before it, or markup at once: no quote.
    assert _as_data(fact.model_copy(update={"quote": "Read it at ftp://tides.example/ now"})
                    ) is None
    assert _as_data(fact.model_copy(update={"quote": "<script>x</script> tides are high"})
                    ) is None
