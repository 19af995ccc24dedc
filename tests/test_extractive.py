from pathlib import Path

import pytest

from research_pipeline.models import Gap, QuestionAssessment, Reflection, ResearchPlan, Source
from research_pipeline.researcher.base import Evidence, RevisionNote
from research_pipeline.researcher.extractive import (
    ExtractiveResearcher,
    _unpointed,
    derive_questions,
    query_key,
)
from research_pipeline.researcher.gaps import ABANDON_AFTER
from research_pipeline.text import normalize_ws
from research_pipeline.topics import parse_topic


def _topic(tmp_path: Path, front: str, body: str = ""):
    path = tmp_path / "t.md"
    path.write_text(f"---\n{front}\n---\n{body}\n", encoding="utf-8")
    return parse_topic(path)


def _evidence(*texts: str) -> list[Evidence]:
    return [
        Evidence(Source(source_id=f"s{i}", url=f"https://example.org/{i}", title=f"Doc {i}",
                        text=t, provider="local"), score=10.0 - i, first_round=1)
        for i, t in enumerate(texts)
    ]


BEES = _evidence(
    "Honey bees communicate the location of flowers with a waggle dance. The angle of the "
    "dance relative to vertical shows the direction of the food relative to the sun.",
    "A colony has one queen, thousands of female workers and a few hundred male drones. "
    "Workers live about six weeks in summer.",
    "Bread is baked from flour, water and yeast. Ovens must be hot.",
)


def test_plan_uses_topic_questions_and_never_repeats_a_query(tmp_path):
    topic = _topic(tmp_path, 'title: Bees\nquestions: ["How do bees communicate?", '
                             '"How is a colony organised?"]')
    plan = ExtractiveResearcher().generate_plan(topic, [], None)
    assert [q.text for q in plan.questions] == ["How do bees communicate?",
                                                "How is a colony organised?"]
    assert {q.question_id for q in plan.queries} == {1, 2}
    keys = [query_key(q.text) for q in plan.queries]
    assert len(keys) == len(set(keys))


def test_a_question_asked_in_the_negative_searches_for_the_one_word_form(tmp_path):
    topic = _topic(tmp_path, 'title: Bees\nquestions: ["Which hives are not inspected yet?"]')
    plan = ExtractiveResearcher().generate_plan(topic, [], None)
    assert any("uninspected" in q.text.split() for q in plan.queries)


def test_a_command_with_a_hyphenated_name_is_searched_by_its_pages_name(tmp_path):
    # "kiln cool-down" is the page "kiln-cool-down(1)": its words apart ("cool", "down")
    # are on every page about cooling.
    topic = _topic(tmp_path, 'title: Kilns\nquestions: ["What does the exit code of kiln '
                             'cool-down mean? I just got 3."]')
    plan = ExtractiveResearcher().generate_plan(topic, [], None)
    assert plan.queries and all("kiln-cool-down" in q.text.split() for q in plan.queries)
    # A hyphenated word after a plain word is joined only to a word of its own.
    from research_pipeline.text import typed_commands
    assert typed_commands("Is a read-only glaze safe with kiln cool-down?") == [
        "kiln-cool-down"]


def test_a_method_called_on_the_askers_object_is_searched_as_the_topics_class(tmp_path):
    # "h.seal()" is the asker's hive; the topic is about apiary.Hive, whose entry
    # "apiary.Hive.seal" is the one to find. Names are searched as written.
    topic = _topic(tmp_path, 'title: "Keeping bees with apiary.Hive"\nquestions: ["My '
                             'keeper does `if h.full(): h.seal()`. Why does it still leak?", '
                             '"What does apiary.Hive store?"]')
    plan = ExtractiveResearcher().generate_plan(topic, [], None)
    first = [q.text.split() for q in plan.queries if q.question_id == 1]
    assert all({"Hive.full", "Hive.seal"} <= set(words_) for words_ in first)
    assert any("apiary.Hive" in q.text.split() for q in plan.queries if q.question_id == 2)
    # A title that names two classes says nothing of which one the object is.
    topic = _topic(tmp_path, 'title: "apiary.Hive and apiary.Frame"\nquestions: ["Why '
                             'does h.seal() leak?"]')
    plan = ExtractiveResearcher().generate_plan(topic, [], None)
    assert not any("Hive.seal" in q.text or "Frame.seal" in q.text for q in plan.queries)


def test_a_question_about_a_difference_searches_for_each_side_and_for_the_word_too(tmp_path):
    topic = _topic(tmp_path, 'title: Bees\nquestions: ["What is the difference between a '
                             'drone and a worker?", "How do bees communicate?"]')
    plan = ExtractiveResearcher().generate_plan(topic, [], None)
    # Each side by itself finds its own entry, which the two together (passages that
    # mention both in passing) may not.
    assert [q.text for q in plan.queries if q.question_id == 1] == [
        "drone worker", "drone", "worker", "drone worker difference"]
    assert all("difference" not in q.text for q in plan.queries if q.question_id == 2)


def test_questions_are_derived_from_title_and_body(tmp_path):
    topic = _topic(tmp_path, "title: How bees find flowers",
                   "Explain the waggle dance. Why do workers live so briefly? Some context.")
    assert derive_questions(topic) == [
        "How bees find flowers?", "Explain the waggle dance.",
        "Why do workers live so briefly?"]


def test_rejection_notes_revise_the_plan(tmp_path):
    topic = _topic(tmp_path, 'title: Bees\nquestions: ["How do bees communicate?", '
                             '"How is a colony organised?"]')
    researcher = ExtractiveResearcher()
    first = researcher.generate_plan(topic, [], None)
    notes = [RevisionNote(1, "- 2\n+ How long do worker bees live?\nfocus on summer")]
    revised = researcher.generate_plan(topic, notes, first)
    assert revised.revision == 2
    assert [q.text for q in revised.questions] == [
        "How do bees communicate?", "How long do worker bees live?"]
    assert "summer" in revised.context
    assert any("summer" in q.text for q in revised.queries)


def _plan(*questions: str) -> ResearchPlan:
    return ResearchPlan(topic_id="bees", title="Bees", questions=[
        {"id": i, "text": q} for i, q in enumerate(questions, 1)], queries=[])


def test_reflection_scores_coverage_and_stores_terms():
    plan = _plan("How do honey bees communicate the location of flowers?",
                 "What do volcanoes erupt?")
    reflection = ExtractiveResearcher().reflect(plan, BEES, 1)
    bees, volcano = reflection.assessments
    assert bees.status == "answered" and bees.coverage > 0.9
    assert bees.best_source_id == "s0"
    assert bees.missing_terms == [] and "communicate" in bees.matched_terms
    assert volcano.status == "unanswered" and volcano.coverage == 0


def test_gap_is_abandoned_after_three_fruitless_rounds():
    plan = _plan("What do volcanoes erupt?")
    researcher = ExtractiveResearcher()
    empty = Reflection(round=1, assessments=[
        QuestionAssessment(question_id=1, status="unanswered", coverage=0.1)])
    gaps: list[Gap] = []
    for round_no in range(1, ABANDON_AFTER + 2):
        analysis = researcher.analyse_gaps(plan, empty, gaps, round_no, max_rounds=10)
        gaps = analysis.gaps
        for gap in gaps:
            gap.rounds_worked.append(round_no + 1)
        if round_no <= ABANDON_AFTER:
            assert gaps[0].status == "active" and analysis.continue_research
    assert gaps[0].status == "abandoned"
    assert analysis.stop_reason == "gaps_abandoned"


def test_gap_resolves_when_answered_and_stops_at_ceiling():
    plan = _plan("How do honey bees communicate?", "What do volcanoes erupt?")
    researcher = ExtractiveResearcher()
    reflection = researcher.reflect(plan, BEES, 1)
    analysis = researcher.analyse_gaps(plan, reflection, [], 1, max_rounds=1)
    assert [g.question_id for g in analysis.gaps] == [2]
    assert analysis.stop_reason == "max_rounds"


def test_follow_up_queries_expand_and_avoid_earlier_ones():
    plan = _plan("How is a bee colony organised?")
    researcher = ExtractiveResearcher()
    reflection = researcher.reflect(plan, BEES, 1)
    analysis = researcher.analyse_gaps(plan, reflection, [], 1, max_rounds=3)
    earlier = ["bee colony organised"]
    queries = researcher.follow_up_queries(plan, analysis, BEES, earlier, limit=5)
    keys = {query_key(q) for q in earlier}
    assert queries
    for q in queries:
        assert query_key(q.text) not in keys
        keys.add(query_key(q.text))
        assert q.kind == "follow_up" and q.gap_id == "gap-q1"
    again = researcher.follow_up_queries(
        plan, analysis, BEES, earlier + [q.text for q in queries], limit=5)
    assert not {query_key(q.text) for q in again} & keys


@pytest.mark.parametrize("question", [
    "How do honey bees communicate the location of flowers?",
    "How long do workers live in summer?",
])
def test_facts_are_verbatim_passages_with_quotes(question):
    plan = _plan(question)
    researcher = ExtractiveResearcher()
    reflection = researcher.reflect(plan, BEES, 1)
    facts = researcher.extract_facts(plan, reflection, BEES)
    assert facts
    texts = {e.source.source_id: normalize_ws(e.source.text) for e in BEES}
    for fact in facts:
        assert fact.quote in texts[fact.source_id]
        assert fact.text in texts[fact.source_id]
        assert fact.quote in fact.text
        assert len(fact.quote.split()) >= 5
    assert facts[0].source_id != "s2"
    assert len({f.quote for f in facts}) == len(facts)


@pytest.mark.parametrize(("text", "code"), [
    ("Tides are caused by the gravitational pull of the Moon.", False),
    ('"I am the x property." return self._x @x.setter def x(self, value): self._x = value', True),
    ("return_stmt ::= \"return\" [expression_list]", True),
    (">>> import json", True),
])
def test_code_passages_are_not_prose(text, code):
    from research_pipeline.text import looks_like_code

    assert looks_like_code(text) is code


def test_stemming_is_safe_on_many_threads():
    """Topics are researched on several threads at once; each stems with its own stemmer."""
    from concurrent.futures import ThreadPoolExecutor

    from research_pipeline import text

    words = [f"{w}{i}ing" for i in range(2000) for w in ("runn", "jump", "connect")]
    text.stem.cache_clear()
    with ThreadPoolExecutor(8) as pool:
        threaded = list(pool.map(text.stem, words))
    text.stem.cache_clear()
    assert threaded == [text.stem(w) for w in words]


def _follow_ups(plan: ResearchPlan, evidence: list[Evidence]):
    """A first round over the evidence: the researcher, its gap analysis, its follow-ups."""
    researcher = ExtractiveResearcher()
    reflection = researcher.reflect(plan, evidence, 1)
    analysis = researcher.analyse_gaps(plan, reflection, [], 1, max_rounds=3)
    return researcher, analysis, researcher.follow_up_queries(plan, analysis, evidence, [],
                                                              limit=5)


def test_a_follow_up_query_reads_the_page_a_close_passage_points_to():
    evidence = _evidence(
        "The new hive name must pass all checks defined by hive-check-name(1). Some of these "
        "checks may restrict the characters allowed in a hive name.",
        "Beekeepers paint a hive name on the lid; see hive-paint(1) for the colours.")
    plan = _plan("Why are some characters forbidden in a hive name?")
    researcher, analysis, queries = _follow_ups(plan, evidence)
    assert queries[0].text.startswith("hive-check-name ")
    # A page the sources already come from is not asked for again.
    read = evidence + _evidence("hive-check-name checks that a hive name is well formed.")
    read[-1] = Evidence(read[-1].source.model_copy(update={
        "source_id": "s9", "title": "hive-check-name(1) Manual Page"}), 1.0, 1)
    again = researcher.follow_up_queries(plan, analysis, read, [], limit=5)
    assert not any(q.text.startswith("hive-check-name") for q in again)


def test_a_follow_up_query_for_how_many_asks_in_a_manuals_words_for_a_count():
    # A manual states a count as a limit on "the number of" things ("MaxHiveFrames limits
    # the number of frames allowed in one hive box"), not in the asker's "how many".
    evidence = _evidence("A hive box holds frames of comb, and frames can be moved between boxes.")
    plan = _plan("Out of the box, how many frames can one hive box hold before it is full?")
    _, _, queries = _follow_ups(plan, evidence)
    assert any({"number", "limit"} <= set(q.text.split()) for q in queries[:2])
    # Not for a question that asks for no count.
    plan = _plan("Why do beekeepers move frames between hive boxes?")
    _, _, queries = _follow_ups(plan, evidence)
    assert not any({"number", "limit"} <= set(q.text.split()) for q in queries)


def test_a_follow_up_query_asks_for_a_name_a_close_passage_writes():
    # "NightMode" is the manual's own handle on moving hives at night: it leads to the
    # entry that says why.
    evidence = _evidence(
        "Hives can be moved by hand or with a trolley. The trolley already moves hives after "
        "dark when NightMode is enabled, and it keeps the entrance closed on the way.",
        "A hive trolley has two wheels and a strap that holds the boxes together.")
    plan = _plan("Why should beehives be moved after dark instead of in daylight?")
    _, _, queries = _follow_ups(plan, evidence)
    assert "nightmode" in queries[0].text.lower().split()


@pytest.mark.parametrize(("text", "shown"), [
    # The sentence that only leads into an example the quote leaves out goes.
    ("If you want to fire only certain pots, use the Select directive. Here is an example "
     "of firing only the glazed pots:", "If you want to fire only certain pots, use the "
     "Select directive."),
    ("Bees swarm in spring when the colony outgrows its hive. Usually it goes like this:",
     "Bees swarm in spring when the colony outgrows its hive."),
    # A lone sentence keeps what it says and loses the pointer.
    ("It is useful as a placeholder when a statement is required, for example:",
     "It is useful as a placeholder when a statement is required"),
    # A sentence that would break off, or that is about what follows, keeps its colon:
    # the reader sees that the source goes on.
    ("The background fetch leaves the refs stale, and thus commands like:",
     "The background fetch leaves the refs stale, and thus commands like:"),
    ("Then run the following commands to add the glazes:",
     "Then run the following commands to add the glazes:"),
    # Nothing said before the pointer, or no pointer at all: unchanged.
    ("Combined log format: Usually, it is used like this:",
     "Combined log format: Usually, it is used like this:"),
    ("Workers live about six weeks in summer.", "Workers live about six weeks in summer."),
])
def test_a_quote_does_not_end_on_a_pointer_to_what_it_leaves_out(text, shown):
    assert _unpointed(text) == shown
    assert shown in text  # still a verbatim span


def test_an_overview_line_cut_between_sentences_keeps_the_full_stop():
    from research_pipeline.researcher.extractive import OVERVIEW_CHARS, _finding
    first = "The kiln fires the load at full heat until the cones bend over " * 4
    answer = f"{first.strip()}. {'Then it cools down slowly with the door shut ' * 6}.[^3]"
    line = _finding(answer)
    assert line == f"{first.strip()}. …[^3]" and len(line) < OVERVIEW_CHARS


def test_a_question_searches_in_the_words_documentation_uses_too(tmp_path):
    topic = _topic(tmp_path, 'title: Bees\nquestions: ["What happens when the queen cannot '
                             'be found?"]')
    plan = ExtractiveResearcher().generate_plan(topic, [], None)
    assert [q.text for q in plan.queries] == ["queen found", "queen found find locate"]


def test_a_compound_s_words_are_not_searched_in_other_words(tmp_path):
    topic = _topic(tmp_path, 'title: Bees\nquestions: ["How do I cherry-pick a queen?"]')
    plan = ExtractiveResearcher().generate_plan(topic, [], None)
    assert all("choose" not in q.text for q in plan.queries)


def test_an_entry_opening_with_its_headings_name_shows_the_name_as_its_label():
    from research_pipeline.models import Fact
    from research_pipeline.researcher.extractive import _entry_labelled

    def fact(title: str, text: str) -> Fact:
        return Fact(fact_id="f", question_id=1, source_id="s", url="https://kiln.example/",
                    title=title, quote=text, text=text)

    assert _entry_labelled(fact("kiln-config › Variables › vent.autoClose",
                                "vent.autoClose When set to true, the vent closes at "
                                "the peak.")) == (
        "**vent.autoClose:** When set to true, the vent closes at the peak.")
    # Not where the name runs on into its own sentence, nor where markup would break.
    assert _entry_labelled(fact("Kilns › vent", "vent the kiln before the glaze "
                                "firing.")) == "vent the kiln before the glaze firing."
    assert _entry_labelled(fact("Kilns › cone_size", "cone_size The size of a cone.")
                           ) == "cone_size The size of a cone."
    # "pop [<stash>]:" would read as a link definition and the line would be dropped.
    assert _entry_labelled(fact("Kilns › fire [--slow]", "fire [--slow] Fires the load.")
                           ) == "fire [--slow] Fires the load."
    # A heading with its own colon keeps one: "Returns:", not "Returns::".
    assert _entry_labelled(fact("kiln.fire › Returns:", "Returns: An iterator over the "
                                "fired pots.")) == "**Returns:** An iterator over the fired pots."
    # An option's several forms make a long name; it is still the entry's label.
    forms = ("--[no-]vent-with-lease, --vent-with-lease=&lt;ref>, "
             "--vent-with-lease=&lt;ref>:&lt;expect>")
    assert _entry_labelled(fact(f"kiln-fire › OPTIONS › {forms}", f"{forms} Usually, the "
                                "kiln refuses to open the vent.")) == (
        f"**{forms}:** Usually, the kiln refuses to open the vent.")


def test_a_query_in_the_reference_s_terms_leaves_out_the_asker_s_own_names(tmp_path):
    # `def fire(cone, *, hold=10)`: "fire", "cone" and "hold" are the asker's; the
    # reference explains the lone "*" in a function definition's terms.
    topic = _topic(tmp_path, "title: Kiln functions\nquestions: ['What does the lone `*` "
                             "mean in `def fire(cone, *, hold=10)`?']")
    queries = [q.text for q in ExtractiveResearcher().generate_plan(topic, [], None).queries]
    assert "lone def function definition keyword parameters" in queries


def test_a_query_leaves_out_the_words_of_the_asker_s_own_paths_and_urls(tmp_path):
    # "/etc/kilns/members.db" and "https://kiln.corp.example/" are the asker's: their words
    # find the manual's example paths and hosts. A file the manual names (".kilnrc") and a
    # word the question says outside its paths ("members") stay.
    topic = _topic(tmp_path, "title: Kiln logins\nquestions: ['I made /etc/kilns/staff.db "
                             "with kilnpass for the members area, served from "
                             "https://kiln.corp.example/ and set in ~/.kilnrc. How do I "
                             "check logins against it?']")
    queries = [q.text for q in ExtractiveResearcher().generate_plan(topic, [], None).queries]
    said = {w for q in queries for w in q.split()}
    assert {"kilnpass", "members", "logins", "kilnrc"} <= said
    assert not said & {"etc", "kilns", "staff", "corp", "example"}
