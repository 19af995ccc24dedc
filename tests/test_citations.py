import pytest

from research_pipeline.citations import check_report, parse_report
from research_pipeline.models import Fact, OpenQuestion, ResearchPlan
from research_pipeline.render import render_report, resolve_markers

SOURCE = ("The basic import statement is executed in two steps: find a module, loading and "
          "initializing it if necessary. Then it defines a name or names in the local namespace.")
URL = "https://docs.example/import"


def _fact(n: int, quote: str, question: int = 1) -> Fact:
    return Fact(fact_id=f"f{n}", question_id=question, source_id="s", url=URL, title="Import",
                quote=quote, text=quote)


def _report(body_markers: str = "[^1]", quote: str | None = None) -> str:
    q = quote or "find a module, loading and initializing it if necessary"
    return (f"# T\n\nThe import runs in two steps.{body_markers}\n\n"
            f"[^1]: [Import]({URL}): \"{q}\"\n")


def test_a_sound_report_verifies():
    check = check_report(_report(), {URL: [SOURCE]})
    assert check.ok, check.problems
    assert check.verified == {1: True}


@pytest.mark.parametrize(("report", "problem"), [
    (_report(quote="find a module, loading and compiling it if necessary"), "not in the stored"),
    (_report(quote="two steps"), "fewer than five words"),
    (_report(body_markers="[^2]"), "numbered 1..K"),
    (_report(body_markers=""), "never used"),
    ("# T\n\nText.[^1]\n\n[^1]: Import " + URL + "\n", "is not '[^N]"),
    (_report().replace(URL + ")", "https://elsewhere.example/x)"), "no stored source"),
    (_report() + f"[^1]: [Import]({URL}): \"then it defines a name or names\"\n",
     "defined more than once"),
])
def test_broken_reports_fail_with_a_reason(report, problem):
    check = check_report(report, {URL: [SOURCE]})
    assert not check.ok
    assert any(problem in p for p in check.problems), check.problems


def test_whitespace_is_normalised_when_matching():
    spaced = SOURCE.replace(" a module,", "   a\n module,")
    assert check_report(_report(), {URL: [spaced]}).ok


def test_unknown_markers_drop_their_sentence_and_markers_renumber_by_first_use():
    facts = {1: _fact(1, "find a module, loading and initializing it if necessary"),
             2: _fact(2, "Then it defines a name or names in the local namespace.")}
    sections = {1: "Second fact first.[^2] Invented claim.[^7] First fact.[^1]"}
    text, numbered, dropped = resolve_markers(sections, facts)
    assert text[1] == "Second fact first.[^1] First fact.[^2]"
    assert [(n, f.fact_id) for n, f in numbered] == [(1, "f2"), (2, "f1")]
    assert dropped == 1


def test_same_quote_is_footnoted_once():
    quote = "find a module, loading and initializing it if necessary"
    facts = {1: _fact(1, quote), 2: _fact(2, quote)}
    text, numbered, _ = resolve_markers({1: "A.[^1] B.[^2]"}, facts)
    assert text[1] == "A.[^1] B.[^1]"
    assert len(numbered) == 1


def _render(questions: list[str], still_open: OpenQuestion):
    """A report whose first question is answered by one fact; ``still_open`` is open."""
    plan = ResearchPlan(topic_id="t", title="Imports", queries=[], questions=[
        {"id": n, "text": q} for n, q in enumerate(questions, 1)])
    facts = {1: _fact(1, "find a module, loading and initializing it if necessary")}
    return render_report(
        plan=plan, plan_version="v", sections={0: "Overview.", 1: "Two steps.[^1]"},
        given=facts, open_questions=[still_open], researcher="extractive", rounds=1,
        n_queries=2, n_sources=1, generated_at="now", not_done=[],
    )


def test_rendered_report_meets_the_contract():
    rendered = _render(["How does import work?", "What is a finder?"],
                       OpenQuestion(question_id=2, text="What is a finder?",
                                    reason="no source answered it"))
    markers, footnotes, problems = parse_report(rendered.markdown)
    assert not problems and markers == [1] and len(footnotes) == 1
    assert "## Open questions\n\n- What is a finder? — no source answered it" in rendered.markdown
    assert check_report(rendered.markdown, {URL: [SOURCE]}).ok


def test_a_question_neither_answered_nor_open_is_caught():
    from research_pipeline.citations import unaccounted_questions

    report = ("# T\n\n## 1. How does import work?\n\nTwo steps.[^1]\n\n"
              "## 2. What is a finder?\n\n_No passage._\n\n## Open questions\n\n"
              "- What is a finder? — no source answered it\n\n[^1]: [I](u): \"q\"\n")
    questions = ["How does import work?", "What is a finder?"]
    assert unaccounted_questions(report, questions) == []
    dropped = report.replace("- What is a finder? — no source answered it\n", "")
    assert unaccounted_questions(dropped, questions) == ["What is a finder?"]
    uncited = report.replace("Two steps.[^1]", "Two steps.")
    assert unaccounted_questions(uncited, questions) == ["How does import work?"]


def test_a_partly_answered_section_says_so_below_its_passages():
    rendered = _render(["How does import work?"],
                       OpenQuestion(question_id=1, text="How does import work?",
                                    reason="only partly answered"))
    section = rendered.markdown.split("## 1. How does import work?\n\n", 1)[1]
    assert section.startswith("Two steps.[^1]\n\n_These passages answer the question only in "
                              "part; see Open questions._")
    assert check_report(rendered.markdown, {URL: [SOURCE]}).ok


def test_a_quoted_list_shows_one_item_a_line():
    listed = ("Modules are found in two steps: • find a module, loading and initializing it "
              "if necessary • define a name in the local namespace")
    sections, _, _ = resolve_markers({1: f"{listed}[^1]", 2: "One step • then done.[^1]"},
                                     {1: _fact(1, "find a module")})
    assert sections[1] == ("Modules are found in two steps:  \n• find a module, loading and "
                           "initializing it if necessary  \n• define a name in the local "
                           "namespace[^1]")
    assert sections[2] == "One step • then done.[^1]"  # one bullet in prose is prose


def test_a_quoted_table_or_list_shows_one_row_a_line_that_no_markdown_block_can_start():
    table = ("The levels are: Level | Description\nemerg | Emergencies.\n"
             "- alert | Action must be taken.\n# crit | Critical conditions.")
    steps = "Import runs in two steps:\n1. find a module\n2. define a name"
    sections, _, _ = resolve_markers({1: f"{table}[^1]", 2: "Two lines\nof prose.[^1]",
                                      3: f"{steps}[^1]"},
                                     {1: _fact(1, "find a module")})
    assert sections[1] == ("The levels are: Level | Description  \n    emerg | Emergencies."
                           "  \n    - alert | Action must be taken.  \n    # crit | Critical "
                           "conditions.[^1]")
    assert sections[2] == "Two lines of prose.[^1]"  # prose lines still run together
    assert sections[3] == ("Import runs in two steps:  \n    1. find a module  \n    2. "
                           "define a name[^1]")
    # A reference box's fields, one a line ("Description: ... Syntax: ... Default: ..."
    # read as one run-on sentence).
    box = "Description: Sets the vent.\nSyntax: Vent open|shut\nDefault: Vent shut"
    sections, _, _ = resolve_markers({1: f"{box}[^1]"}, {1: _fact(1, "find a module")})
    assert sections[1] == ("Description: Sets the vent.  \n    Syntax: Vent open|shut  \n"
                           "    Default: Vent shut[^1]")
