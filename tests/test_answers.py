"""Question analysis and answer selection: focus, answer types, honest labels."""

from dataclasses import replace

import pytest

from research_pipeline.corpus.htmldoc import parse_html
from research_pipeline.corpus.structure import passages
from research_pipeline.corpus.textdoc import text_blocks
from research_pipeline.models import ResearchPlan, Source
from research_pipeline.researcher.answers import (
    _SURPRISE_Q,
    AnswerJudge,
    _hits,
    _other_side_named,
    focus_in,
    named_commands,
    plain_name_words,
    refines,
)
from research_pipeline.researcher.base import Evidence
from research_pipeline.researcher.extractive import ExtractiveResearcher
from research_pipeline.researcher.questions import VAGUE, analyse, bound_names, declared_members
from research_pipeline.text import stem, words


@pytest.mark.parametrize(("question", "kind", "focus"), [
    ("What is the default value of AllowOverride?", "number", ("AllowOverride",)),
    ("Which levels can I set with the LogLevel directive?", "list", ("LogLevel",)),
    ("What is the difference between the [L] and [END] flags?", "comparison", ("[L]", "[END]")),
    ("Why is it a bad idea to rebase a published branch?", "reason", ()),
    ("Can I use AllowOverride inside a <Location> section?", "yesno",
     ("AllowOverride", "<Location>")),
    ("How do I stash untracked files?", "procedure", ()),
    ("What does core.fileMode control?", "definition", ("core.fileMode",)),
    ("I set help.autoCorrect to 20. How long does Git wait?", "number",
     ("Git", "help.autoCorrect")),
    ("How do I compress types such as HTML and CSS with mod_deflate?", "procedure",
     ("mod_deflate",)),
    ("What is the difference between HEAD~2 and HEAD^2?", "comparison", ("HEAD~2", "HEAD^2")),
    ("If a directory is ignored, can I re-include a file inside it?", "yesno", ()),
    ("What happens when the module cannot be found?", "explanation", ()),
    ("Why does -1**2 evaluate to -1 rather than 1?", "reason", ("-1**2",)),
    ("Is a built-in function hashable?", "yesno", ()),
    ("If the same variable is set in both ~/.gitconfig and .git/config, which value does Git "
     "use?", "comparison", ("~/.gitconfig", ".git/config", "Git")),
    ("What do the is and is not operators test?", "definition", ('"is"',)),
    # An option given a placeholder is the option; an example after ", say" is no focus.
    ("What is the difference between git fetch --depth=N and git fetch --deepen=N?",
     "comparison", ("--depth", "--deepen")),
    ("What are the different ways to get a member out of an Enum class, say Color.RED?",
     "list", ("Enum",)),
    # "... Why?" asks about the sentence before it.
    ("Some lines start with a tab, and textwrap.dedent() leaves the indentation in place. "
     "Why?", "reason", ("textwrap.dedent",)),
    # A one-letter option given to its command is a name; "besides" asks for the rest.
    ("What does git tag -a store besides the commit?", "list", ("-a",)),
    # A list asked for: the plural after "which", with what it is of, or "what else".
    ("Which characters am I not allowed to use in a branch name?", "list", ()),
    ("Which versions of UUID can the uuid module generate?", "list", ("uuid",)),
    ("Besides plain variable names, what else can I delete with del?", "list", ("del",)),
    # ... but "what kind of number" is no value asked for.
    ("What kind of number do you get when raising a negative number to a fractional "
     "power?", "explanation", ()),
    # A value named by a phrase ("bundle format version").
    ("Which bundle format version does git bundle write for SHA-256?", "number", ()),
    # "How do I do that?" asks about the sentence before it.
    ("I merged with uncommitted edits and want to undo the merge. How do I do that?",
     "procedure", ()),
    # Operators: a unary one on the asker's value, and two a comparison sets apart.
    ("Why does ~5 give -6 instead of a big positive number?", "reason", ("~", "~5")),
    ("What's the difference between a ^ b and a | b?", "comparison",
     ("^", "|", "a ^ b", "a | b")),
    # An order asked for is a sequence: its items, in their order.
    ("When several <Directory> and <Files> blocks match, in which order are they applied?",
     "list", ("<Directory>", "<Files>")),
    ("What is the order in which the kiln's hooks run?", "list", ()),
    # The two named before "what's the difference?" are compared.
    ("kilnlib: vent() or damp() when a firing ends, what's the difference?", "comparison",
     ("vent", "damp")),
    # "How is X supposed to ...?" asks how; "Which of X's ..." asks for those that do;
    # "What index ...?" for a value.
    ("Our kiln script catches kilnlib.Error. How is the code supposed to recover from a "
     "cracked shelf?", "procedure", ("kilnlib.Error",)),
    ("Which of kilnlib's Kiln read methods return at once?", "list", ("Kiln",)),
    ("The firing timed out. What index do I get back then?", "number", ()),
    # A plural and its own verb asks for the items ("Which RPM packages come out of ...?");
    # not "What happens when ...?" nor "What do ... create?".
    ("Which kiln packages come out of a bisque firing?", "list", ()),
    ("What happens when the kiln log is full?", "explanation", ()),
    # A back-reference is a name: "$1" of the rule's pattern, "%1" of its condition.
    ("In the target of a KilnRule, what is the difference between $1 and %1?", "comparison",
     ("KilnRule", "$1", "%1")),
    # ...not an order named as a thing ("byte order").
    ("What byte order does struct.pack use?", "explanation", ("struct.pack",)),
    # A name that starts with an acronym is a name; an acronym's plural is not.
    ("Which protocol versions can I enable or disable with SSLProtocol?", "list",
     ("SSLProtocol",)),
    ("How many URLs can I list in one kiln log?", "number", ()),
    # A clause of purpose or place before what is asked does not hide it.
    ("To cool the kiln faster, can I open the vent at 900 degrees?", "yesno", ()),
    ("In the kiln's firing log, what do the two letters before each line mean?",
     "definition", ()),
    # ...nor does a choice between two things stop being one.
    ("For a glaze firing, should I use KilnBake or KilnFire? What does the first one do "
     "differently?", "comparison", ("KilnBake", "KilnFire")),
    # What to put in a configuration, or to fix, is steps to take; what to set a thing to
    # is a value.
    ("We run kilnd behind a proxy. What do I have to put in the proxy configuration so that "
     "firings are handed to kilnd?", "procedure", ()),
    ("The log says the shelf is cracked. What do I have to fix?", "procedure", ()),
    ("What should I set it to?", "explanation", ()),
    ("We want twenty shelves but the same vent limit. What do we put in the config?",
     "procedure", ()),
    # What the asker sets aside first asks for the others: the items of a list.
    ("Besides its name, what does the kiln log tell me about each firing?", "list", ()),
    ("Besides by date, how else can the kiln log group firings?", "list", ()),
    ("Besides the password, we want a second code. How do I add that step?", "procedure",
     ()),
    # A one-letter option is its letter in its case: two options compared.
    ("What's the difference between kiln fire -d and kiln fire -D?", "comparison",
     ("-d", "-D")),
    # A phrase that sets the case before a yes/no question leaves it one.
    ("Out of the box, does the kiln check the vent before a firing?", "yesno", ()),
])
def test_question_analysis(question, kind, focus):
    analysis = analyse(question)
    assert analysis.answer_type == kind
    assert analysis.focus == focus


def test_an_idiom_of_time_and_a_loose_quantity_are_not_what_is_asked():
    from research_pipeline.researcher.questions import VAGUE

    analysis = analyse("When rerere replays an old resolution, does it also stage the file so "
                       "I can commit right away?")
    assert "right" not in analysis.content and "away" not in analysis.content
    assert "stage" in analysis.content
    assert "lots" in VAGUE and "right" in analyse("Is this the right branch?").content
    # Why the asker wants it is not what is asked: "to make it easier to read".
    analysis = analyse("Can I put spaces in a kiln program like 'A B C' to make it easier "
                       "to read?")
    assert not {"make", "easier", "read"} & set(analysis.content)
    assert "spaces" in analysis.content
    assert "easier" in analyse("Which glaze is easier to apply?").content
    # "something like '...'" names no thing the answer must say.
    assert {"something", "anything", "somewhere"} <= VAGUE
    # "Why does the server answer a request with a redirect?": how it responds is the
    # question's wording; what it does is in its other words.
    from research_pipeline.researcher.questions import VERBS
    assert {"answer", "answers", "answered", "responds", "replies", "replied", "applied"} <= VERBS


def test_a_preference_between_two_things_is_a_comparison_s_dimension():
    # "preferred over" asks what makes one the better choice; the answer rarely says
    # "preferred" ("uuid1() may compromise privacy"), so it weighs as "safer than" does.
    assert analyse("Why is a glaze usually preferred over an underglaze for mugs?"
                   ).quantifiers == ("preferred",)
    assert analyse("Why should I prefer cone 6 to cone 10?").quantifiers == ("prefer",)
    assert analyse("Which glaze do potters prefer?").quantifiers == ()
    assert analyse("What are the kiln's preferences for?").quantifiers == ()


def test_a_library_name_in_the_setup_is_what_the_question_asks_about():
    # "it" is difflib.Differ: the setup names what the asking sentence asks about.
    analysis = analyse("I compared two config files with difflib.Differ and the output has "
                       "more lines than I expected. Why doesn't it give me the shortest diff?")
    assert "difflib.Differ" in analysis.focus and "difflib.Differ" not in analysis.scene
    # So is a special method: Python's name, not the asker's.
    analysis = analyse("My Money class defines __add__, so `price + 5` works. Why does "
                       "`5 + price` fail?")
    assert "__add__" in analysis.focus and "__add__" not in analysis.scene
    # The asker's own objects and files only set the scene.
    for question, own in (
            ("I wrote h.digest() to a text column. Why is it unreadable?", "h.digest"),
            ("I stripped '.txt' from report.txt. Why did I get 'repor'?", "report.txt")):
        analysis = analyse(question)
        assert own in analysis.scene, question
    # A method called on a new instance is the class's: its entry names it so.
    analysis = analyse("csv.Sniffer().has_header(sample) said my file has a header. How does "
                       "it work that out?")
    assert "csv.Sniffer.has_header" in analysis.focus
    # The statement the asker writes around it is how it is used, not what is asked.
    analysis = analyse("I use `with sem:` on a `threading.Semaphore()` I made without a "
                       "number. How many threads can be inside at once?")
    assert "threading.Semaphore" in analysis.focus and "with" not in analysis.focus
    assert analysis.answer_type == "number"


def test_the_askers_story_weighs_less_than_the_sentence_that_asks():
    # The guild's Fridays are the asker's setting: the entry of what the asking sentence
    # names ranks above the note that retells the setting.
    evidence = [
        _doc("d1", "kiln.cool", "Cool the kiln after a firing. Cooling takes 8 hours unless "
             "a rate is given.", score=8.0),
        _doc("d2", "Guild notes", "Guild members who load glaze tests on Fridays label each "
             "shelf for the open day, so that visitors can see which member made each test "
             "tile.", score=9.0)]
    question = ("Our guild loads glaze tests on Fridays, and members want their test tiles out "
                "before the open day. If I call kiln.cool() and leave the other arguments "
                "alone, how long does the kiln take to cool?")
    _, judged, _, _, _ = ExtractiveResearcher()._judged(question, evidence, "Kilns")
    assert judged[0].candidate.source.source_id == "d1"


def test_the_crux_is_a_word_of_the_asking_sentence_not_of_the_setting():
    from research_pipeline.researcher.answers import AnswerJudge
    rare = {stem("spreadsheet"): 12.0, stem("shrinkage"): 5.0}
    judge = AnswerJudge(idf=lambda stems: {s: rare.get(s, 2.5) for s in stems})
    analysis = analyse("I keep my glaze recipes in a spreadsheet. What shrinkage should I "
                       "expect from a cone 6 firing?")
    assert judge.crux(analysis, judge.weights(analysis)) == "shrinkage"


def test_a_question_asked_twice_is_read_from_its_first_asking_sentence():
    analysis = analyse("For a pool of 5 connections, should I use threading.BoundedSemaphore "
                       "or a plain threading.Semaphore? What does the bounded one do "
                       "differently?")
    assert analysis.answer_type == "comparison"
    assert {"threading.BoundedSemaphore", "threading.Semaphore"} <= set(analysis.focus)
    assert analyse("If I leave the other arguments alone, how similar must two words be "
                   "to match?").answer_type == "number"
    # A clause that sets the case may come first; options are listed.
    assert analyse("After I've loaded the kiln, how do I make it wait for the vent to "
                   "close?").answer_type == "procedure"
    assert analyse("What are my options for starting a firing late?").answer_type == "list"


def test_a_value_stands_near_the_words_of_the_sentence_that_asks():
    from research_pipeline.researcher.answers import _number_fits
    # "2" stands by "Password", a word of the asker's setting, not by "iteration count".
    asked = analyse("I'm storing user passwords with kiln.derive_key(password, salt, n). What "
                    "value of n, the iteration count, should I use?")
    assert not _number_fits(asked, "Password based key derivation function 2 with HMAC.")
    assert _number_fits(asked, "The iteration count should be at least 600000.")
    # A value left out without naming it is the default, wherever the entry says it.
    forgot = analyse("I made a kiln.Gate() but forgot to pass a number. How many trays can "
                     "pass the gate at once?")
    assert _number_fits(forgot, "The counter starts at the value given. If not given, value "
                                "defaults to 1.")


def test_how_many_things_is_not_answered_by_how_many_times():
    from research_pipeline.researcher.answers import _number_fits
    asked = analyse("How many characters of moved glaze does kiln trace -C need to find "
                    "before it credits the pots to the shelf they came from?")
    # "given twice" counts how often the option is given, not characters.
    assert not _number_fits(asked, "When this option is given twice, the command looks for "
                                   "moved glaze on other shelves in the same firing.")
    assert not _number_fits(asked, "Given three times, it looks for moved glaze on the "
                                   "shelves of any firing.")
    # The span names what is counted, then states its value a sentence later.
    assert _number_fits(asked, "It is the lower bound on the number of alphanumeric characters "
                               "that must move for the pots to be credited to that shelf. "
                               "And the default value is 40.")
    # A question that counts times is answered by a number of times.
    often = analyse("How many times does the kiln retry a failed firing?")
    assert _number_fits(often, "The kiln retries a failed firing twice before it gives up.")


def test_a_number_inside_a_name_is_no_count():
    from research_pipeline.researcher.answers import _number_fits
    asked = analyse("How many firings can one kiln run over a single persistent connection?")
    assert not _number_fits(asked, "For HTTP/1.1 clients, persistent connections are used for "
                                   "firings unless otherwise specified.")
    assert _number_fits(asked, "A kiln runs at most 100 firings over one persistent "
                               "connection.")


KILN_FIELDS = ("Class with methods to load, fire and cool a kiln.\n\n"
               "k = Kiln(load, glaze=\"clear\", heat=KILN_LOW, heatlevel=None)\n\n"
               "load: Either the shelf to fire, or a rack object.\n"
               "      If it is a shelf, the kiln will open and close it.\n"
               "glaze: The glaze can be either 'clear', 'matte' or 'gloss'.\n"
               "heat: KILN_LOW (no glaze melt), KILN_HIGH (requires a cone 10 kiln).\n"
               "heatlevel: None (default for the given heat) or an integer specifying\n"
               "           the level to pass to the burner. When using KILN_LOW this\n"
               "           keyword has no effect. When using KILN_HIGH integers 0\n"
               "           through 9 are accepted.\n")


def test_a_field_of_a_docstring_answers_by_itself():
    # The field list sits under the class's usage line, which is code: the list with its
    # lead-in cannot be quoted, and the field that answers is quoted by itself.
    evidence = _text_evidence(KILN_FIELDS, "kiln.Kiln", "z")
    status, facts = _research(evidence, "Which heatlevel values are accepted when the kiln "
                                        "uses KILN_HIGH?")
    assert status.status == "answered"
    assert "0 through 9 are accepted" in facts[0].quote
    assert facts[0].quote.startswith("heatlevel:")


def test_what_the_asker_sets_aside_at_the_end_need_not_be_said():
    # The answer lists what a tag holds besides the commit; it may not say "points".
    analysis = analyse("What does a tag made with git tag -a store besides the commit it "
                       "points to?")
    assert analysis.answer_type == "list" and {"commit", "points"} <= set(analysis.setting)


def test_names_that_set_the_scene_weigh_but_are_not_required():
    analysis = analyse("I deleted it with rm -rf. How do I clean up what it left behind?")
    assert analysis.scene == ("-rf",) and "20" not in analyse("I set x to 20. Why?").content


def test_the_askers_own_values_set_the_scene():
    # A call's arguments and a placeholder are the asker's values; a syntax written with
    # placeholders is the name asked about.
    assert analyse("If I call textwrap.fill(long_text) without passing width, how wide "
                   "is a line?").scene == ("long_text",)
    assert analyse("Why does git describe skip a tag made with git tag <name>?"
                   ).scene == ("<name>",)
    assert analyse("In the :<n>:<path> syntax, which number names the other branch?"
                   ).scene == ()


def test_the_crux_is_no_plain_name_placeholder_or_worded_verb():
    judge = ExtractiveResearcher().judge
    for question, not_crux in [
            ("How do I make Python complain if two members of an enum get the same value?",
             "python"),
            ("Why does git describe skip the tags I made with git tag <name>?", "name"),
            # A verb after a modal is how the question is worded.
            ("How many hex digits must follow the escape in a string literal?", "follow")]:
        analysis = analyse(question)
        named = {w for f in analysis.focus_words for w in f}
        plain = frozenset(w for f, toks in zip(analysis.focus, analysis.focus_words,
                                               strict=True) if f[:1].isupper() for w in toks)
        weights = {w: (9.0 if w == not_crux else 3.0) * (2 if w in named else 1)
                   for w in analysis.content}
        assert judge.crux(judge.required(analysis), weights, plain) not in (not_crux, None)
    # The researcher hands the judge the capitalised names it set aside, not acronyms.
    asked = analyse("Why does Python refuse TLS compression in the ssl module?")
    assert plain_name_words(asked, judge.required(asked)) == {"python"}


def test_a_common_word_written_as_a_call_is_a_name():
    # "tell()" is the reader's method, though "tell" is a word of everyday asking.
    assert analyse("What does tell() on a kiln log actually count?").focus == ("tell",)
    assert "tell" not in analyse("Can you tell me what a kiln log counts?").focus


def test_of_the_setups_library_names_the_asking_sentence_picks_its_own():
    # "Why is the heater missing?" asks about kiln.heater(); kiln.fan() sets the scene.
    a = analyse("On the test kiln `kiln.heater()` returns an empty string, while "
                "`kiln.fan()` says 'on'. Why is the heater missing?")
    assert "kiln.heater()" in a.focus and "kiln.fan()" in a.scene
    assert "kiln.heater()" not in a.scene


def test_negated_words_match_their_un_forms():
    assert analyse("How do I stash files that are not tracked yet?").negated == ("tracked",)


KILN = """<html><body><h1>Kiln manual</h1>
<h2 id="firetemp">FireTemp</h2>
<table><tr><th>Description:</th><td>Sets the peak firing temperature</td></tr>
<tr><th>Default:</th><td>FireTemp 1000 degrees</td></tr></table>
<p>The FireTemp directive sets the peak temperature of a firing in degrees Celsius.
Raising it shortens the life of the elements.</p>
<h2 id="modes">Firing modes</h2>
<p>Every firing uses one mode. The kiln supports the following firing modes:</p>
<ul><li>bisque, at a low heat, for unglazed ware</li><li>glaze, at a high heat</li>
<li>raku, outdoors, with quick cooling</li></ul>
<h2 id="venting">Venting</h2>
<p>Vent the kiln during the first hour because water and carbon burn out of the clay
and the fumes corrode the elements.</p>
<p>Oxidation firings keep the vent open, while reduction firings close it to starve
the flames of oxygen.</p>
<h2 id="serial">Serialization</h2>
<p>Serialization of firing logs writes each log to disk in a compact binary form.</p>
</body></html>"""


def _html_evidence(html: str, title: str = "Kiln manual", site: str = "kiln.example",
                   prefix: str = "k") -> list[Evidence]:
    """A page's passages as search results, best first."""
    return [Evidence(Source(source_id=f"{prefix}{n}", url=f"https://{site}/#{p.anchor}",
                            title=title, text=p.text, provider="local", section=p.section,
                            layout=p.layout), 10.0 - n, 1)
            for n, p in enumerate(passages(parse_html(html).blocks))]


def _text_evidence(text: str, title: str, prefix: str) -> list[Evidence]:
    """A plain-text page's passages as search results, best first."""
    return [Evidence(Source(source_id=f"{prefix}{n}", url=f"https://kiln.example/#{p.anchor}",
                            title=title, text=p.text, provider="local", section=p.section,
                            layout=p.layout), 5.0 - n, 1)
            for n, p in enumerate(passages(text_blocks(text)))]


def _research(evidence: list[Evidence], question: str, title: str = "Kilns",
              topic_id: str = "k", researcher: ExtractiveResearcher | None = None):
    """One question researched over the evidence: its assessment and its facts."""
    plan = ResearchPlan(topic_id=topic_id, title=title, queries=[],
                        questions=[{"id": 1, "text": question}])
    researcher = researcher or ExtractiveResearcher()
    reflection = researcher.reflect(plan, evidence, 1)
    return reflection.assessments[0], researcher.extract_facts(plan, reflection, evidence)


def _judge(question: str):
    return _research(_html_evidence(KILN), question)


def test_a_list_answer_comes_with_its_lead_in():
    status, facts = _judge("Which firing modes does the kiln support?")
    assert status.status == "answered"
    assert facts[0].role == "answer"
    # The items stay one a line; the footnote quotes the span as one line.
    assert facts[0].text.startswith("The kiln supports the following firing modes:\n• bisque")
    assert facts[0].quote.startswith("The kiln supports the following firing modes: • bisque")
    assert "raku" in facts[0].text


def test_a_list_without_a_lead_in_keeps_every_items_bullet():
    page = """<html><head><title>kilnctl - drive a kiln</title></head><body>
    <h1>kilnctl - drive a kiln</h1>
    <h2>Firing options</h2>
    <ul><li>--cone N: Fire to the temperature of pyrometric cone N.</li>
    <li>--hold MINUTES: Hold the top temperature for that many minutes.</li>
    <li>--slow-cool: Cool at the slowest safe rate.</li></ul>
    <h2>Notes</h2><p>The kiln must be vented while firing glazes that contain lead.</p>
    </body></html>"""
    status, facts = _research(_html_evidence(page, title="kilnctl - drive a kiln"),
                              "Which firing options does kilnctl take?")
    assert status.status == "answered"
    # The first item is an item like the others, not a lead-in of its own.
    assert facts[0].text.split("\n") == [
        "• --cone N: Fire to the temperature of pyrometric cone N.",
        "• --hold MINUTES: Hold the top temperature for that many minutes.",
        "• --slow-cool: Cool at the slowest safe rate."]


def test_a_number_is_answered_by_the_note_that_states_it():
    html = """<html><body><h1>Glaze recipes</h1><h2 id="notes">Notes on reduction glazes</h2>
<p>Reduction glazes need a kiln that can starve the flame of oxygen.</p>
<ol><li>As with oxidation glazes, up to three coats of glaze are accepted on stoneware.</li>
<li>Unlike oxidation glazes, exactly two vent plugs are required in a reduction firing.</li>
<li>In a gas kiln, the damper sets how much air reaches the burners during the firing.</li>
</ol></body></html>"""
    status, facts = _research(_html_evidence(html), "How many vent plugs must a reduction "
                              "glaze firing use in the kiln?")
    assert status.status in ("answered", "partial")
    assert facts[0].role == "answer"
    assert facts[0].text.startswith("2. Unlike oxidation glazes, exactly two vent plugs")


def test_a_default_value_comes_from_the_row_that_says_default():
    status, facts = _judge("What is the default value of FireTemp?")
    assert status.status == "answered"
    assert "FireTemp 1000 degrees" in facts[0].text


def test_a_reason_question_is_answered_by_the_clause_that_gives_the_reason():
    status, facts = _judge("Why should the kiln be vented during the first hour?")
    assert status.status == "answered"
    assert "because water and carbon burn out" in facts[0].text


def test_a_comparison_gets_both_sides():
    status, facts = _judge("What is the difference between oxidation and reduction firings?")
    assert status.status == "answered"
    assert "while reduction firings close it" in facts[0].text


def test_a_question_the_sources_cannot_answer_gets_no_quote_and_a_plain_reason():
    status, facts = _judge("How many kilns can share one chimney flue?")
    assert status.status == "unanswered" and facts == []
    assert "chimney" in status.note or "flue" in status.note
    assert not any(part.endswith(("ey", "u")) and len(part) < 5 for part in status.note.split())


def test_a_code_name_is_required_as_written():
    status, facts = _judge("What does the FireVent directive set?")
    assert status.status == "unanswered" and facts == []
    assert "FireVent" in status.note


def test_every_quote_is_verbatim_and_long_enough():
    evidence = {e.source.source_id: " ".join(e.source.text.split()) for e in _html_evidence(KILN)}
    for question in ("Which firing modes does the kiln support?",
                     "What is the default value of FireTemp?",
                     "Why should the kiln be vented during the first hour?"):
        _, facts = _judge(question)
        for fact in facts:
            assert fact.quote in evidence[fact.source_id]
            assert len(fact.quote.split()) >= 5
            assert "```" not in fact.quote


def test_an_elided_construct_is_named_where_its_parts_go_together():
    from research_pipeline.researcher.answers import focus_in
    focus = "raise ... from"
    assert focus_in(focus, 'Use "raise" X "from" Y to chain the exceptions.')
    # The section of the "raise" statement explaining its "from" clause names it too.
    assert focus_in(focus, 'The "from" clause is used for exception chaining.',
                     heading='The "raise" statement')
    # Parts far apart, out of order, or only inflected ("raised from") do not.
    far = "raise it later. " + "x " * 60 + "Then read from the file."
    assert not focus_in(focus, far)
    assert not focus_in(focus, "Read from a file, then raise an error.")
    assert not focus_in(focus, "An exception raised from an except* clause is kept.")


def test_vague_words_weigh_less_than_the_words_a_question_hinges_on():
    from research_pipeline.researcher.answers import AnswerJudge
    judge = AnswerJudge(lambda stems: dict.fromkeys(stems, 4.0))
    weights = judge.weights(analyse("What happens to an exception raised inside a kiln?"))
    assert weights["inside"] < weights["kiln"] and weights["inside"] < weights["exception"]


def test_default_frames_a_value_question_but_is_content_elsewhere():
    assert "default" not in analyse("What is the default value of FireTemp?").content
    assert "default" in analyse("Does next() raise StopIteration when I pass a default?").content


def test_a_value_fits_next_to_a_word_that_announces_it():
    from research_pipeline.researcher.answers import _number_fits
    analysis = analyse("What range of values does FireTemp accept?")
    assert _number_fits(analysis, "The value must be between 600 (bisque) and 1300 (glaze).")
    assert not _number_fits(analysis, "FireTemp first appeared in the manual of 1994.")
    # The word must announce the kind of value asked: a default is no answer to "how many".
    count = analyse("How many firings does FireTemp allow before the elements wear out?")
    assert not _number_fits(count, "Syntax: FireTemp degrees Default: FireTemp 1000")
    # A manual page's section number and "next time" are no duration.
    long = analyse("How long does the kiln keep the firing logs it has recorded?")
    assert _number_fits(long, "The kiln keeps recorded firing logs for 60 days.")
    assert not _number_fits(long, "The kiln keeps the logs in the format of kiln-log(5).")
    # How big is a size: not a status code next to the words asked, but a bare number where
    # the span names its unit elsewhere.
    big = analyse("How big a request from a client will kilnd accept by default?")
    assert not _number_fits(big, "The default behavior is to reject such requests; the "
                            "request will therefore report 403 Forbidden to the client.")
    assert _number_fits(big, "Limits the request a client may send. The default is 10 "
                        "megabytes.")
    assert _number_fits(big, "Description: Restricts the size of a client's request\n"
                        "Syntax: KilnRequestBody bytes\nDefault: KilnRequestBody 1073741824")
    # How many seconds it waits is a duration a setting holds, not a count beside it.
    seconds = analyse("By default, how many seconds does kilnd wait for the vent server?")
    assert _number_fits(seconds, "Description: Timeout for vent server queries\n"
                        "Syntax: KilnVentTimeout seconds\nDefault: KilnVentTimeout 10")
    assert not _number_fits(long, "Next time the kiln fires, it keeps the recorded logs.")
    # The largest thing kept is a size: the setting held in bytes, not the one in seconds.
    largest = analyse("What is the largest firing log kilnd will keep if I don't set a limit?")
    assert _number_fits(largest, "Description: The maximum size (in bytes) of a log to be "
                        "kept\nSyntax: KilnLogMaxSize bytes\nDefault: KilnLogMaxSize 102400")
    assert not _number_fits(largest, "Description: The maximum time (in seconds) for a log "
                            "to be kept\nSyntax: KilnLogMaxTime seconds\nDefault: "
                            "KilnLogMaxTime 86400")
    # The largest number of things is a count, not a size.
    most = analyse("What is the largest number of firings kilnd will queue if I don't set "
                   "a limit?")
    assert _number_fits(most, "Description: The maximum number of firings queued\nSyntax: "
                        "KilnQueueMax firings\nDefault: KilnQueueMax 8")


def test_a_bare_pointer_dangles_but_a_statement_before_its_example_does_not():
    from research_pipeline.researcher.answers import dangling
    assert dangling("There is one slight problem with the cache. Consider this sequence:")
    assert dangling("Firing is defined much like drying. Rather than spelling it out in "
                    "full, here are some hints.")
    assert not dangling("Here are the rules of the kiln, and they are strict.")
    assert not dangling("This overwrites all previous assignments to those variables, "
                        "including those made in the suite of the for-loop:")
    assert dangling("Assert statements are a convenient way to insert assertions:")
    assert dangling('The simple form, "assert expression", is equivalent to')


def _vents() -> list[Evidence]:
    """Two passages on kiln vents that answer the same question about as well."""
    def vent(i: int, text: str) -> Evidence:
        return Evidence(Source(source_id=f"v{i}", url=f"https://kiln.example/{i}",
                               title="Kiln vents", text=text, provider="local",
                               section="Vents", layout=[("start", 0, 0), ("para", 0, len(text))]),
                        10.0 - i, 1)
    return [vent(1, "Kiln vents let the fumes of a firing leave the kiln chamber through the "
                    "roof."),
            vent(2, "Kiln vents let the fumes leave the chamber, so the elements do not "
                    "corrode.")]


def test_two_questions_do_not_open_with_the_same_words_when_another_span_answers():
    evidence = _vents()
    plan = ResearchPlan(topic_id="k", title="Kilns", queries=[], questions=[
        {"id": 1, "text": "What do kiln vents let leave the chamber?"},
        {"id": 2, "text": "What do kiln vents let leave the kiln chamber?"}])
    researcher = ExtractiveResearcher()
    facts = researcher.extract_facts(plan, researcher.reflect(plan, evidence, 1), evidence)
    answers = {f.question_id: f.source_id for f in facts if f.role == "answer"}
    assert answers == {1: "v1", 2: "v2"}


SHED = """<html><body><h1>Kiln shed notes</h1>
<h2 id="sensor">Sensors</h2>
<p>Each kiln has one thermocouple, next to the peephole.</p>
<p>The thermocouple fails rarely and lasts for years. A firing log records every kiln
temperature reading. Heating elements keep their shape for many years.</p>
<p>If the thermocouple fails during a firing, the controller cuts the power to the kiln and
stops heating at once.</p>
<h2 id="bisque">Bisque firing</h2>
<p>A bisque firing hardens unglazed ware at a low heat, so that it can be handled.</p>
<h2 id="glaze">Glaze firing</h2>
<p>A glaze firing melts the glaze onto the ware at a high heat and seals its surface.</p>
<h2 id="elements">Heating elements</h2>
<p>Heating elements wear out after a few hundred firings, and replacing a heating element
takes an hour when the kiln is cold.</p>
<p>To replace a heating element:</p>
<ol><li>Switch off the kiln at the wall and let it cool completely.</li>
<li>Unscrew the terminal cover and loosen the element's terminal screws.</li>
<li>Pull the old element out of its groove and press the new one in.</li></ol>
</body></html>"""


def _shed(question: str):
    return _research(_html_evidence(SHED, "Kiln shed notes", "shed.example", "s"), question,
                     topic_id="s")


def test_the_answer_says_it_in_one_sentence_rather_than_spread_over_several():
    status, facts = _shed("If the thermocouple fails during a firing, will the kiln keep heating?")
    assert status.status == "answered"
    assert facts[0].text.startswith("If the thermocouple fails during a firing, the controller")


def test_a_comparison_of_plain_words_opens_with_both_sides():
    assert analyse("What is the difference between a bisque firing and a glaze firing?"
                   ).sides == (("bisque",), ("glaze",))
    assert analyse("What is the difference between name-based and IP-based hosts?"
                   ).sides == (("name-based",), ("ip-based",))
    status, facts = _shed("What is the difference between a bisque firing and a glaze firing?")
    assert status.status == "answered"
    direct = " ".join(f.text for f in facts if f.role == "answer")
    assert "hardens unglazed ware" in direct and "melts the glaze" in direct


def test_a_procedure_is_answered_by_its_numbered_steps():
    status, facts = _shed("How do I replace a heating element in the kiln?")
    assert status.status == "answered"
    assert "1. Switch off the kiln" in facts[0].text


STANDARDS = """<html><body><h1>Kiln standards</h1>
<h2 id="safety">Safety</h2>
<p>Every kiln meets these standards:</p>
<ul><li>KS 9114 (Mandatory) - Vent/3: Defines the venting of fumes over a chimney flue,
providing similar safety to Vent/2 with less heat loss.</li>
<li>KS 9113 (Mandatory) - Vent/2: Defines the venting of fumes through the lid.</li></ul>
</body></html>"""


def test_a_bulleted_reference_is_not_a_procedure():
    # A list item that only tells what a standard defines says nothing of how to do it:
    # the question stays unanswered, with no quote, instead of "answered" by the item.
    evidence = _html_evidence(STANDARDS, title="Kiln standards", prefix="s")
    status, facts = _research(evidence, "How do I enable Vent/3 venting on my kiln?")
    assert status.status == "unanswered" and facts == []
    assert "the steps or command" in status.note


def test_no_limit_is_a_value_and_a_version_is_not_always_a_release():
    from research_pipeline.researcher.answers import _number_fits
    limit = analyse("What is the maximum number of shelves in one kiln?")
    assert _number_fits(limit, "There is no limit on the number of shelves apart from "
                               "the height of the chamber.")
    assert not _number_fits(limit, "Shelves are made of silicon carbide and last for years.")
    stage = analyse("Which stage number names the version from the other branch?")
    assert _number_fits(stage, "Stage 3 is the version from the branch being merged.")
    release = analyse("In which version was the kiln controller added?")
    assert not _number_fits(release, "Stage 3 is the version from the branch being merged.")


def test_words_paired_with_a_slash_are_named_apart():
    from research_pipeline.researcher.answers import focus_in
    assert focus_in("good/bad", 'Mark commits with the terms "good" and "bad" as you test.')
    assert not focus_in("good/bad", 'Mark the commit "good" when the test passes.')
    assert not focus_in(".git/config", "the git config command")
    assert not focus_in("--force", "push with --force-with-lease to be safe")
    assert focus_in("--force", "push with --force, or with --force-with-lease")


def test_the_error_a_why_question_reports_is_not_required_in_its_answer():
    from research_pipeline.researcher.answers import AnswerJudge
    analysis = analyse("Why do I get a TypeError when I call the cached function with a list?")
    assert analysis.answer_type == "reason" and "TypeError" in analysis.scene
    assert AnswerJudge.required(analysis).focus == ()
    # Elsewhere the error is what the question asks about.
    assert "StopIteration" not in analyse("Does next() raise StopIteration at the end?").scene


def test_a_word_that_only_counts_the_ways_weighs_little():
    from research_pipeline.researcher.answers import AnswerJudge
    judge = AnswerJudge(lambda stems: dict.fromkeys(stems, 4.0))
    weights = judge.weights(analyse("What are the different kinds of kiln shelves?"))
    assert weights["different"] < weights["shelves"]
    kept = judge.weights(analyse("Why does the kiln give different colours on each shelf?"))
    assert kept["different"] >= kept["colours"] / 2


def test_keywords_and_expressions_named_in_a_question_are_what_it_asks_about():
    assert "is" in analyse("What do the is and is not operators test?").content
    assert analyse("What does the expression x or y return?").focus == ("x or y",)
    assert analyse("Why is the expression a < b < c not the same as a < b and b < c?"
                   ).focus[0] == "a < b < c"
    assert analyse("What does the expression evaluation order say?").focus == ()
    assert analyse("What does the dataclass decorator add to a class?").focus == ("dataclass",)
    assert analyse("What does the main function do?").focus == ()
    # A word that describes which function ("the original function", "the plain module")
    # names none.
    assert analyse("How do I add a version for dates without touching the original "
                   "function?").focus == ()
    assert analyse("Is the plain module enough here?").focus == ()


def test_a_support_quote_never_ends_on_a_pointer_to_code():
    # "To replace a heating element:" introduces the steps; quoted alone it says nothing.
    for question in ("How long does replacing a heating element take?",
                     "How do I replace a heating element in the kiln?",
                     "If the thermocouple fails during a firing, will the kiln keep heating?"):
        quotes = [fact.quote for fact in _shed(question)[1]]
        assert quotes and not any(q.rstrip().endswith(":") for q in quotes), quotes


def test_a_summary_line_without_a_full_stop_dangles_only_before_code():
    from research_pipeline.researcher.answers import candidates, dangles
    summary = "make an iterator that returns consecutive keys and groups from the iterable"
    rest = "The key is a function computing a key value for each element."
    for follows, expected in (("para", False), ("code", True)):
        text = f"{summary}\n\n{rest}"
        layout = [("start", 0, 0), ("para", 0, len(summary)),
                  (follows, len(summary) + 2, len(text))]
        source = Source(source_id="g", url="https://x.example/g", title="groupby", text=text,
                        provider="local", section="groupby", layout=layout)
        first = next(c for c in candidates(source) if c.text == summary)
        assert dangles(first) is expected


def test_a_list_question_is_answered_by_the_list_that_names_what_it_asks_for():
    html = """<html><body><h1>Kiln manual</h1><h2 id="vent">VentLevel Directive</h2>
<table><tr><th>Description:</th><td>Sets how far the vent opens</td></tr>
<tr><th>Syntax:</th><td>VentLevel level</td></tr>
<tr><th>Default:</th><td>VentLevel half</td></tr></table>
<p>The following levels are available, from closed to open:</p>
<ul><li>shut: no air enters the chamber</li><li>half: the vent is half open</li>
<li>full: the vent is wide open</li></ul></body></html>"""
    assert analyse("Which levels can I set with the VentLevel directive?").items == "levels"
    _, facts = _research(_html_evidence(html, prefix="v"),
                         "Which levels can I set with the VentLevel directive?", topic_id="v")
    assert facts[0].text.startswith("The following levels are available")


def test_a_section_headed_by_both_sides_gives_a_sentence_for_each():
    html = """<html><body><h1>Kiln manual</h1><h2 id="vs">Oxidation vs. reduction firing</h2>
<p>An oxidation firing keeps the damper open so that the flames get plenty of air.</p>
<p>A reduction firing starves the flames of air, which changes the colour of the glaze.</p>
<p>Both kinds of firing reach the same peak temperature in the kiln.</p></body></html>"""
    _, facts = _research(_html_evidence(html, prefix="x"), "What is the difference between "
                         "an oxidation firing and a reduction firing?", topic_id="x")
    direct = " ".join(f.text for f in facts if f.role == "answer")
    assert "keeps the damper open" in direct and "starves the flames" in direct


def test_a_side_its_own_entry_calls_this_directive_is_set_against_the_other_side():
    # The entry of one side says "this directive" for it and sets it against the other
    # side by name: that sentence is the comparison, not the entry's opening definition.
    html = """<html><body><h1>Kiln manual</h1><h2 id="vent">SetVent Directive</h2>
<p>Sets the vent of the kiln to a fixed opening, which is then kept for the whole firing.</p>
<p>The opening set by this directive is applied after the burners have been lit. If the
vent must be open while the burners are lit, you should instead set it with SetVentIf.</p>
</body></html>"""
    question = ("Leaving aside that one is conditional, how does setting the vent with SetVent "
                "differ from setting it with SetVentIf?")
    _, facts = _research(_html_evidence(html, prefix="s"), question, topic_id="s")
    assert facts[0].text.startswith("The opening set by this directive is applied after")


def test_a_sentence_whose_subject_is_the_questions_says_what_it_does_under_any_heading():
    # "the v flag" names nothing code-like; its entry is headed by the directive it is a
    # flag of, and says what the flag does in a sentence whose subject is the flag.
    html = """<html><body><h1>Kiln manual</h1><h2 id="fire">Ramp Directive</h2>
<p>The Ramp directive sets the curve a firing follows, from a list of points.</p>
<p>Flags may follow the last point of the curve.</p>
<p>The v flag causes the kiln to vent the chamber after each point of the curve. This can
shorten a firing, but should only be used if the glaze can take the cold air.</p>
</body></html>"""
    question = "What does the v flag at the end of a Ramp list do?"
    status, facts = _research(_html_evidence(html, prefix="f"), question, topic_id="f")
    assert facts[0].text.startswith("The v flag causes the kiln to vent")
    assert status.status == "answered"
    # The subject must be the sentence's: "The default notes merge strategy is ..." is
    # about a strategy, not a note.
    from research_pipeline.researcher.answers import _subject_opens
    assert not _subject_opens("The default notes merge strategy is manual.", "note")
    assert _subject_opens("A slicing selects a range of items.", "slicing")


def test_a_section_headed_by_a_name_prefix_is_the_entry_of_the_names_it_begins():
    # "KILN_ variables" documents KILN_TEMP and KILN_STATE: a span there that names them
    # is their own entry's; a span that names neither does not speak for them.
    html = """<html><body><h1>Kiln manual</h1><h2 id="vars">KILN_ variables</h2>
<p>When a firing is resumed after a power cut, the settings of the interrupted firing are
handed to the controller with a KILN_ prefix.</p>
<p>Two additional variables are always set:</p>
<ul><li>KILN_TEMP: the chamber temperature when the power was cut.</li>
<li>KILN_STATE: the stage of the firing that was interrupted.</li></ul>
</body></html>"""
    question = ("After a power cut our controller resumed the bisque firing, and the log "
                "shows values called KILN_TEMP and KILN_STATE. What do they hold?")
    status, facts = _research(_html_evidence(html, prefix="p"), question, topic_id="p")
    assert status.status == "answered"
    assert facts[0].text.startswith("Two additional variables are always set")


def test_keywords_named_as_such_are_the_focus_and_comparison_words_only_frame():
    assert analyse("Where is a continue statement allowed to appear?").focus == ("continue",)
    # A keyword that is a common word is named only where it is quoted or said to be one.
    assert analyse("How many times does a for loop run its body?").focus == ('"for"',)
    assert "different" not in analyse("How is Counter.update different from dict.update?"
                                      ).content
    assert "list" in analyse("Why does a list used as a default keep its items?").content
    assert "list" not in analyse("List the firing modes of the kiln.").content


GLAZE = """<html><body><h1>Glazing manual</h1>
<h2 id="handlers">Fault handlers</h2>
<p>Fault handlers are set with the Handler directive. A handler catches the faults
of the classes it names, and the firing then continues.</p>
<p>When a fault is not handled at all, the controller stops the firing and sounds
the alarm.</p>
<h2 id="cleanup">Cleanup hooks</h2>
<p>A cleanup hook can run any script, and runs with the rights of the kiln's owner.</p>
<p>When a firing is aborted by the operator, each cleanup hook is executed before the
controller stops.</p>
</body></html>"""


def _glaze(question: str):
    return _research(_html_evidence(GLAZE, "Glazing manual", "glaze.example", "g"), question,
                     "Glazes", "g")


def test_what_happens_is_answered_by_the_sentence_that_states_the_case():
    status, facts = _glaze("What happens to a fault that no handler catches?")
    assert status.status == "answered"
    assert facts[0].text.startswith("When a fault is not handled at all")


def test_the_condition_that_brings_about_the_quoted_message_is_the_reason():
    # The asker quotes what it sees ('Out of gas'); the passage says under which condition
    # those messages appear: that condition is why.
    html = """<html><body><h1>Kiln manual</h1><h2 id="burners">BurnerLimit Directive</h2>
<p>The BurnerLimit directive sets how many burners may be lit at once.</p>
<p>Note: If the burners are not fed from their own gas line, this directive will limit the
number of flames that the kiln itself can light. Evidence of this situation will be
indicated by out of gas messages on the kiln's panel.</p>
<h2 id="vents">Vents</h2><p>The vents open when the kiln passes 600 degrees.</p>
</body></html>"""
    status, facts = _research(_html_evidence(html), (
        "To save gas I added `BurnerLimit 4` to the kiln config. Now even small firings stop "
        "and the panel fills up with 'Out of gas' messages, although only two burners are "
        "lit at a time. Why?"))
    assert status.status == "answered"
    assert "If the burners are not fed from their own gas line" in facts[0].text


def test_a_synonym_says_what_the_question_asks():
    # "run" is "executed": the sentence answers the yes/no question without a verdict word.
    status, facts = _glaze("If the operator aborts a firing, does each cleanup hook still run?")
    assert status.status == "answered"
    assert facts[0].text.startswith("When a firing is aborted by the operator")
    # An asker's everyday words for what manuals name otherwise.
    from research_pipeline.researcher.answers import synonyms
    assert "subdirectory" in synonyms("subfolders")
    assert "conflict" in synonyms("clash")
    assert "spoof" in synonyms("fake")
    # "sends the whole file instead" / "the complete resource is returned instead".
    assert "complete" in synonyms("whole") and "entire" in synonyms("whole")
    assert "return" in synonyms("sends") and "users" in synonyms("people")
    # How long it waits is the manual's timeout; a mail folder is a mailbox.
    assert "timeout" in synonyms("wait") and "mailbox" in synonyms("folders")
    # "Have I lost my glazes?" is answered by what will not be overwritten.
    assert "overwrite" in synonyms("lost") and "overwrite" in synonyms("lose")


TRAYS = """<html><body><h1>Kiln scheduling</h1>
<h2 id="order">Tray order</h2>
<p>Trays are loaded in the order of their preference values. A tray without a label is
given a low preference of 0.01, so that every labelled tray is loaded before it.</p>
<h2 id="shelves">Shelves</h2>
<p>Each shelf holds up to twelve trays, and shelves are numbered from the bottom up.</p>
<h2 id="vents">Vents</h2>
<p>The vents open when the kiln passes 600 degrees and close again as it cools.</p>
</body></html>"""


def test_a_programs_output_shown_as_a_list_is_not_quoted():
    from research_pipeline.researcher.answers import quotable
    # ndiff's example output: marks standing as words of their own.
    assert not quotable("one ? ^\n    • ore ? ^\n    • two\n    • three ? -\n    • tree\n"
                        "    • emu")
    # Code an extractor ran into one line of prose is code.
    assert not quotable("For example: async with KilnStack() as stack: kilns = [await "
                        "stack.enter(k) for k in racks] # All kilns are closed at the end.")
    assert not quotable("heap = [] # creates an empty heap heappush(heap, item) # pushes a "
                        "new item on the heap")
    assert not quotable("kiln_log = kiln.log(fileobj [, style='plain']) for row in firings: "
                        "kiln_log.write(row)")
    # A program's usage text, one option after another, is no finding; prose that names
    # an option's short and long forms is.
    assert not quotable("-n/--number N: how many kilns to fire (default: see below) "
                        "-r/--repeat N: how many times to repeat the firing (default 5) "
                        "-s/--setup S: glaze to be applied once initially (default 'clear')")
    assert quotable("When used with the -c/--cone option, the kiln fires to that cone and "
                    "then cools.")
    # Code quoted inside a sentence is part of it.
    assert quotable('Use a dict comprehension: "{x: x ** 2 for x in range(10)}" builds it.')
    # A list of short names is still a list, and prose with a dash still prose.
    assert quotable("Protocols:\n • SSLv3\n • TLSv1\n • TLSv1.1\n • TLSv1.2\n • all")
    assert quotable("The kiln cools slowly - about 100 degrees an hour - once the vent is shut.")


def test_a_template_after_a_sentences_colon_is_inline_code():
    from research_pipeline.researcher.answers import quotable
    # A docstring writes the template out where a page would mark it as code; stored
    # text keeps "<" as an entity.
    assert quotable("Split a kiln label into 4 fields: &lt;kiln>/&lt;shelf>#&lt;tray>:&lt;firing>")
    # Code after the colon is still code when the prose is too short to quote, or when
    # the code has words of its own.
    assert not quotable("The label reads: &lt;kiln>/&lt;shelf>#&lt;tray>:&lt;firing>")
    assert not quotable("Fire the kiln like this: kiln.fire(x) + {a} + [b] * |c| = d")


def test_an_instruction_in_an_aside_does_not_make_an_item_a_procedure():
    # "(i.e., all kilns, unless you use ...)" tells no way to close the leftover valves:
    # the item only warns that they leak.
    html = """<html><body><h1>Kiln manual</h1><h2 id="burner">Burner Directive</h2>
<p>The following burner mechanisms are available:</p>
<ul><li>gasjet This is a burner variant based on a gas jet. Warning It is possible to
"leak" gas valves if burners fail before the valve is closed. Safety The gas valve allows
for a flare by any kilns running under the same hood as the burner (i.e., all kilns,
unless you use something like a flame guard or a hood damper).</li>
<li>coil This selects the electric coil, choosing between the upper and lower coils, in
that order.</li></ul>
<h2 id="vents">Vents</h2><p>The vents open when the kiln passes 600 degrees.</p>
</body></html>"""
    status, facts = _research(_html_evidence(html), (
        "We had set `Burner gasjet default`. After the kiln failed a few times, it refuses "
        "to light and says it cannot open the burner: no gas left. How do we find and "
        "close the leftover valves?"))
    assert status.status == "unanswered" and facts == []


def test_the_shortest_is_what_a_manual_calls_the_minimal():
    from research_pipeline.researcher.answers import synonyms
    assert "minimal" in synonyms("shortest") and "shortest" in synonyms("minimal")


def test_a_priority_is_what_a_manual_calls_a_preference():
    status, facts = _research(_html_evidence(TRAYS, "Kiln scheduling"),
                              "If a tray comes without a label, what priority does the kiln "
                              "give it?")
    assert status.status == "answered"
    assert "0.01" in facts[0].text


def test_a_heading_does_not_name_a_word_it_only_writes_marked():
    from research_pipeline.researcher.answers import _heading_words
    assert "except" not in _heading_words('The "try" statement › "except*" clause')
    assert "except" in _heading_words('The "try" statement › "except" and "except*"')


def test_all_counts_only_what_it_stands_next_to():
    from research_pipeline.researcher.answers import _number_fits
    asked = analyse("How many elements does most_common return without an argument?")
    assert _number_fits(asked, "If n is None, then list all element counts.")
    cache = analyse("How many compiled expressions does the regex module keep in its cache?")
    assert not _number_fits(cache, "The module matches a compiled expression to all of a "
                                   "string and keeps the cache small.")


def test_os_path_functions_are_cited_as_os_path():
    from research_pipeline.corpus.pydocs import _module_records
    titles = {r["title"]: r["url"] for name in ("posixpath", "genericpath")
              for r in _module_records(name)}
    assert titles["os.path.join"].endswith("/library/os.path.html#os.path.join")
    assert "os.path.exists" in titles and "genericpath module" not in titles


def test_a_written_expression_is_an_example_named_by_its_operator():
    # Two expressions compared: their operators are the sides; the expressions are the
    # asker's examples, and the operators' names count where said, not required.
    analysis = analyse("What is the difference between x += 1 and x = x + 1?")
    assert analysis.focus == ("+=", "=", "x += 1", "x = x + 1")
    assert analysis.scene == ("x += 1", "x = x + 1")
    assert analysis.content[:2] == ("augmented", "assignment")
    assert analysis.setting == ("augmented", "assignment")
    assert "division" in analyse("Why does 7 / 2 give 3.5 instead of 3?").content


def test_the_askers_example_counts_where_said_and_is_not_missing_where_not():
    from research_pipeline.researcher.answers import AnswerJudge, Judgement
    # ", say Shelf.TOP" and "such as glaze and slip" give one case of what is asked: an
    # answer states it in general terms. "say" is no word of the question; "like" is an
    # example only of code ("Is a kiln like an oven?" compares).
    shelf = analyse("What are the different ways to get a shelf out of a Kiln class, "
                    "say Shelf.TOP?")
    # "shelf" is also said outside the example: it stays the question's own word.
    assert "say" not in shelf.content and shelf.setting == ("top",)
    assert "top" in shelf.content  # where a passage says it, it still counts
    coats = analyse("Which coatings, such as glaze and slip, does the kiln fire?")
    assert set(coats.setting) == {"glaze", "slip"}
    assert analyse("Is a kiln like an oven?").setting == ()
    judge = AnswerJudge(lambda stems: dict.fromkeys(stems, 5.0))
    text = ("Access a shelf by: attribute access, value lookup, or name lookup, each "
            "giving the shelf the kiln class holds.")
    with_example = judge.judge(shelf, [_doc("s1", "Kiln", text)])[0]
    without = judge.judge(analyse("What are the different ways to get a shelf out of a "
                                  "Kiln class?"), [_doc("s1", "Kiln", text)])[0]
    assert with_example.coverage == pytest.approx(without.coverage)
    # Nor does an open question's reason ask for the example's words.
    flag = analyse("If I fire a kiln at a cone it does not list, like MyCone(8), is the "
                   "cone just dropped?")
    best = Judgement(judge.candidates(_doc("s2", "Cones", "Unknown cones raise an error."
                                           ).source)[0], rank=1.0, coverage=0.5, rest=0.2,
                     focus_found=True, crux_found=True, fit=False,
                     missing=["mycone", "dropped"])
    assert judge._lacking(flag, best) == "“dropped”"


def test_a_dotted_name_is_not_named_by_its_members():
    from research_pipeline.researcher.answers import focus_in
    assert not focus_in("collections.Counter", "collections.Counter.update")
    assert focus_in("collections.Counter", "Use collections.Counter.")
    assert focus_in("sys.modules", "sys.modules[name] is checked")


VENT = """<html><body><h1>Vent manual</h1>
<h2 id="options">Options</h2>
<dl><dt>-v top|none</dt><dd>Selects the top vent of the kiln or no vent.</dd></dl>
<h2 id="top">Top vent</h2>
<p>A top vent lets the fumes out. This differs from a side vent in that the ware near the
lid cools first.</p>
</body></html>"""


def test_a_comparison_opens_with_the_span_that_sets_both_sides_against_each_other():
    _, facts = _research(_html_evidence(VENT, "Vent manual", "vent.example", "v"),
                         "What is the difference between a top vent and a side vent?",
                         "Vents", "v")
    assert "This differs from a side vent" in facts[0].text


ENGINES = """<html><body><h1>Kiln firing engines</h1>
<h2 id="rel">Relationship with the gas engine</h2>
<p>The pulse engine is based on the gas engine, which fires the kiln with a hybrid burner of
many jets.</p>
<h2 id="choose">Choosing an engine</h2>
<p>The choice of engine can affect the speed of a firing:</p>
<ul><li>The gas engine fires with many jets that each heat one shelf at a time.</li>
<li>The pulse engine fires like the gas engine, but is designed to heat more shelves at once
by passing heat to spare jets.</li>
<li>The wood engine fires with one jet that heats one shelf at a time.</li></ul>
</body></html>"""


def test_two_sides_named_together_without_a_contrast_do_not_open_the_answer():
    # "event is based on the worker MPM, which implements ..." ranks first, but only the
    # list's item says how the two differ: it opens the answer, not the whole list.
    status, facts = _research(_html_evidence(ENGINES),
                              "How does the pulse engine differ from the gas engine?")
    assert status.status == "answered"
    assert facts[0].role == "answer"
    assert facts[0].text.startswith("The pulse engine fires like the gas engine, but is designed")
    assert "based on the gas engine" not in facts[0].text


def _entry(name: str, text: str, layout: list[tuple[str, int, int]] | None = None
           ) -> Evidence:
    """A documented name's own entry (as a docstring is stored), as a search result."""
    return Evidence(Source(source_id=name, url=f"https://kiln.example/api#{name}", title=name,
                           text=text, provider="local",
                           layout=[("start", 0, 0), *(layout or [("para", 0, len(text))])]),
                    5.0, 1)


def test_two_names_compared_by_their_own_entries_are_labelled_in_the_order_asked():
    evidence = [_entry("kiln.fire2", "Fire the load at full heat and keep a log of it."),
                _entry("kiln.fire", "Fire the load at full heat without keeping any log.")]
    status, facts = _research(evidence, "What is the difference between kiln.fire and "
                                        "kiln.fire2?")
    assert status.status == "answered"
    plan = ResearchPlan(topic_id="k", title="Kilns", queries=[],
                        questions=[{"id": 1, "text": "What is the difference between kiln.fire "
                                                     "and kiln.fire2?"}])
    direct = ExtractiveResearcher().write_answer(
        None, plan, list(enumerate(facts, 1)), [])[1].split("\n\n")[0]
    assert direct.startswith("**kiln.fire:** Fire the load at full heat without keeping")
    assert "**kiln.fire2:** Fire the load at full heat and keep a log" in direct



def test_a_sentence_of_one_entry_that_sets_it_apart_from_the_other_joins_the_answer():
    # Both entries open with what each does; kiln.fire2's entry goes on to say how it
    # differs from kiln.fire, naming only the other: that sentence answers the comparison,
    # in the direct answer under kiln.fire2's label.
    evidence = [_entry("kiln.fire", "Fire the load at full heat for the set time."),
                _entry("kiln.fire2", "Fire the load at full heat and log the temperature. "
                                     "This differs from fire() in the following ways: it "
                                     "keeps a log of every minute, and it stops when the "
                                     "door opens.")]
    question = "What's the difference between kiln.fire and kiln.fire2?"
    status, facts = _research(evidence, question)
    assert status.status == "answered"
    plan = ResearchPlan(topic_id="k", title="Kilns", queries=[],
                        questions=[{"id": 1, "text": question}])
    direct = ExtractiveResearcher().write_answer(
        None, plan, list(enumerate(facts, 1)), [])[1].split("\n\n")[0]
    assert direct.startswith("**kiln.fire:** Fire the load at full heat for the set time.")
    assert "This differs from fire() in the following ways" in direct


def test_members_called_on_the_askers_own_object_are_labelled_by_the_askers_names():
    # "h.log() and h.hexlog()": the entries are titled by the class's members, which the
    # asker calls on an object of its own; each side is labelled so a reader tells which.
    from research_pipeline.models import Fact
    from research_pipeline.researcher.extractive import _labelled_sides
    facts = [Fact(fact_id=name, question_id=1, source_id=name, url=f"https://kiln.example/#{name}",
                  title=name, quote=text, text=text, role="answer")
             for name, text in [("kiln.Kiln.hexlog", "Return the firing log as a string of "
                                                     "hexadecimal digits."),
                                ("kiln.Kiln.log", "Return the firing log as a bytes object.")]]
    question = "What's the difference between what h.log() and h.hexlog() give me?"
    direct = _labelled_sides(analyse(question), list(enumerate(facts, 1)))
    assert direct == ["**h.log:** Return the firing log as a bytes object.[^2]",
                      "**h.hexlog:** Return the firing log as a string of hexadecimal "
                      "digits.[^1]"]


def test_two_commands_entries_headed_alike_are_labelled_by_their_commands():
    # "--slow" heads both entries: each side is labelled by its page's command, in the
    # order the question asks them.
    from research_pipeline.models import Fact
    from research_pipeline.researcher.extractive import _labelled_sides
    facts = [Fact(fact_id=page, question_id=1, source_id=page, url=f"https://kiln.example/{page}",
                  title=f"{page}(1) Manual Page › OPTIONS › --slow", quote=text, text=text,
                  role="answer")
             for page, text in [("kiln-glaze", "Fire at half rate. All glaze pots are "
                                               "emptied first."),
                                ("kiln-fire", "Fire at half rate with the vent kept open.")]]
    question = "What's the difference between kiln fire --slow and kiln glaze --slow?"
    direct = _labelled_sides(analyse(question), list(enumerate(facts, 1)))
    assert direct == ["**kiln fire:** Fire at half rate with the vent kept open.[^2]",
                      "**kiln glaze:** Fire at half rate. All glaze pots are emptied first.[^1]"]


def test_each_name_compared_is_described_by_its_own_entry():
    # A third entry says "weekday" too, and says more of the question's words; the
    # weekday side is still weekday's own entry. The spaced ellipsis runs the series on.
    evidence = [
        _entry("kiln.date.isoweekday", "Return the day of the week represented by the date. "
                                       "Monday == 1 ... Sunday == 7"),
        _entry("kiln.date.fromisocalendar", "int, int, int -> Construct a date from the ISO "
                                            "year, week number and weekday."),
        _entry("kiln.date.weekday", "Return the day of the week represented by the date. "
                                    "Monday == 0 ... Sunday == 6")]
    question = "What's the difference between weekday() and isoweekday() on a date?"
    status, facts = _research(evidence, question)
    assert status.status == "answered"
    direct = [f for f in facts if f.role == "answer"]
    assert {f.title for f in direct} == {"kiln.date.weekday", "kiln.date.isoweekday"}
    assert all(f.text.endswith(("Sunday == 6", "Sunday == 7")) for f in direct)
    plan = ResearchPlan(topic_id="k", title="Kilns", queries=[],
                        questions=[{"id": 1, "text": question}])
    answer = ExtractiveResearcher().write_answer(None, plan, list(enumerate(facts, 1)), [])[1]
    assert answer.startswith("**weekday:** Return the day of the week")
    assert "**isoweekday:** Return the day of the week" in answer.split("\n\n")[0]

COPY = ("Firing is done in two passes. Two problems often exist with glaze firings in a "
        "gas kiln that "
        "do not exist with bisque firings:\n"
        "\u2022 the glaze may run onto the shelf\n\u2022 the ware may crack when it cools fast\n"
        "The difference between bisque and glaze firings is only relevant for glazed ware.\n"
        "\u2022 A bisque firing hardens the clay at a low heat.\n"
        "\u2022 A glaze firing melts the glaze at a high heat.")


def _copy_evidence() -> list[Evidence]:
    lead = COPY.index("The difference")
    first_list = COPY.index("\u2022 the glaze")
    second_list = COPY.index("\u2022 A bisque")
    return [_entry("kiln", COPY, [("para", 0, first_list - 1),
                                  ("list", first_list, lead - 1),
                                  ("para", lead, second_list - 1),
                                  ("list", second_list, len(COPY))])]


def test_a_lead_in_opens_the_answer_with_its_short_list():
    status, facts = _research(_copy_evidence(), "What is the difference between a bisque "
                                                "firing and a glaze firing?")
    assert status.status == "answered"
    assert facts[0].text.startswith("The difference between bisque and glaze firings")
    assert "A glaze firing melts the glaze" in facts[0].text


def test_a_sentence_that_introduces_a_list_is_not_quoted_without_it():
    from research_pipeline.researcher.answers import candidates, dangles
    lead_in = next(c for c in candidates(_copy_evidence()[0].source)
                   if c.kind == "sentences" and c.text.startswith("Two problems"))
    assert dangles(lead_in)  # fifteen words, but what it promises is the list


def test_names_listed_in_prose_answer_a_which_attributes_question():
    from research_pipeline.researcher.answers import _fits, candidates
    source = _entry("kiln.fire", "Fire the load. The returned log will have attributes "
                                 "start, peak, cooled and ware.").source
    asked = analyse("What attributes does the log returned by kiln.fire have?")
    assert _fits(asked, candidates(source)[0], "The returned log will have attributes "
                                               "start, peak, cooled and ware.")
    assert not _fits(asked, candidates(source)[0], "Fire the load, then cool it down.")


def test_a_short_form_matches_the_word_documentation_writes_out():
    from research_pipeline.researcher.answers import synonyms
    assert synonyms("config") == ("configuration",) and synonyms("str") == ("string",)
    assert "min" in synonyms("minimum") and "minimum" in synonyms("min")


def test_a_why_question_opens_with_the_reason_not_its_own_claim_restated():
    page = """<html><body><h1>Kiln manual</h1><h2 id="shelves">When (not) to use the top shelf</h2>
<p>If you have room on the lowest shelf, you should put all of your heavy ware there
instead of on the top shelf. This includes large pots, tiles, and anything else you might
be tempted to put higher. Pots there also fire better.</p>
<p>There are two reasons to prefer the lowest shelf for heavy pots: safety and performance.</p>
</body></html>"""
    _, facts = _research(_html_evidence(page), "Why should I put my heavy pots on the lowest "
                                               "shelf instead of the top shelf?")
    assert facts[0].text.startswith("There are two reasons to prefer the lowest shelf")
    assert facts[1].text.startswith("If you have room on the lowest shelf")


@pytest.mark.parametrize(("question", "shown", "named"), [
    ("If I call d.get('missing') on a defaultdict, does it create the key?",
     {"missing", "d.get"}, set()),
    # (The method called on a string literal is str's, as its entry names it.)
    ("Why does 'report.txt'.rstrip('.txt') give 'repor' instead of 'report'?",
     {"report.txt", ".txt", "repor"}, {"str.rstrip"}),
    ("If I put @a above @b on a function, which decorator is applied first?",
     {"@a", "@b"}, set()),
    ("What does `del x` actually do to the variable x?", {"del x"}, {"del"}),
    ("Will `case [first, second]:` match the string \"hi\"?",
     {"case [first, second]:", "hi"}, {"case"}),
    ("What does the \"-u\" option of git stash do?", set(), {"-u"}),
])
def test_code_a_question_writes_out_shows_values_and_names_its_keyword(question, shown, named):
    from research_pipeline.researcher.answers import AnswerJudge
    analysis = analyse(question)
    assert set(analysis.scene) >= shown
    assert set(AnswerJudge.required(analysis).focus) == named


def test_a_keyword_is_not_named_by_the_special_method_that_shares_its_word():
    from research_pipeline.researcher.answers import focus_in
    assert not focus_in("del", "object.__del__(self) is called when the instance is destroyed")
    assert focus_in("hash", "Called by __hash__() for members of hashed collections")
    assert focus_in("del", 'The "del" statement')


def test_options_written_alike_are_all_sides_of_a_comparison():
    from research_pipeline.researcher.answers import focus_in, side_count
    assert side_count(("--soft", "--mixed", "--hard")) == 3
    assert side_count(("~/.gitconfig", ".git/config", "Git")) == 2
    assert focus_in("--aggressive", "It is probably not worth it.", "git-gc(1) › AGGRESSIVE")


def test_a_question_asking_which_kind_of_thing_is_unanswered_where_none_is_spoken_of():
    from research_pipeline.researcher.questions import named_kind
    assert named_kind("Which sorting algorithm does list.sort use internally?") == "algorithm"
    assert named_kind("What kind of body can a lambda have?") == ""
    assert named_kind("What value does zip_longest use by default?") == ""
    asked = "Which cooling schedule does kiln.fire use?"
    status, facts = _research([_entry("kiln.fire", "Fire the load at full heat and keep a "
                                                   "log of the firing for kiln.fire.")], asked)
    assert status.status == "unanswered" and facts == []
    assert "schedule" in status.note
    status, facts = _research([_entry("kiln.fire", "Fire the load at full heat, then cool it "
                                                   "on the slow schedule of kiln.fire.")], asked)
    assert status.status == "answered" and facts


def test_a_question_about_a_tie_is_answered_only_by_a_passage_that_speaks_of_equals():
    from research_pipeline.researcher.questions import tie_case
    assert tie_case("How does Counter.most_common order elements that have the same count?"
                    ) == "have the same count"
    assert tie_case("Which one do I get back when two values are tied?") == "are tied"
    assert tie_case("Can the same branch be checked out in two worktrees?") == ""
    asked = "In which order does kiln.rank list pots that have the same weight?"
    status, facts = _research([_entry("kiln.rank", "List the pots by weight, from the "
                                                   "heaviest pot to the lightest.")], asked)
    assert status.status == "unanswered" and facts == []
    assert "have the same weight" in status.note
    status, facts = _research([_entry("kiln.rank", "List the pots by weight, from the heaviest "
                                                   "pot to the lightest. Pots with equal "
                                                   "weights keep the order they came in.")],
                              asked)
    assert status.status != "unanswered" and "equal weights" in " ".join(f.text for f in facts)
    # A passage whose condition is the tie states the case, then what holds in it.
    from research_pipeline.researcher.answers import _TIE_STATED
    assert _TIE_STATED.search("If there are multiple modes with same frequency, return the "
                              "first one encountered")
    assert not _TIE_STATED.search("Return the most common data point. Pots of the same clay "
                                  "fire alike.")


def test_a_value_asked_for_a_left_out_argument_or_a_limit_is_said_as_such():
    from research_pipeline.researcher.answers import _number_fits
    omitted = analyse("What relative tolerance does kiln.fire use if I don't pass rel_tol?")
    assert not _number_fits(omitted, 'rel_tol is the maximum difference for being "close"')
    assert _number_fits(omitted, "rel_tol defaults to 1e-09, the relative tolerance.")
    limit = analyse("What is the maximum length of a firing log name?")
    assert not _number_fits(limit, "The minimum length of a log name is 4.")
    assert _number_fits(limit, "A log name is limited to 255 characters in length.")


def test_a_release_note_does_not_answer_what_a_statement_does():
    page = """<html><body><h1>Kiln manual</h1><h2 id="vent">The vent statement</h2>
<p>Changed in version 3.2: The vent statement opens the kiln lid to let the fumes out.</p>
<p>Since the first kilns, the vent statement opens the kiln lid to let the fumes out.</p>
</body></html>"""
    _, facts = _research(_html_evidence(page), "What does the vent statement do to a kiln?")
    assert facts[0].text.startswith("Since the first kilns")


def test_a_colon_inside_brackets_ends_no_sentence():
    from research_pipeline.text import sentence_spans
    text = "Number of seconds to cache credentials (default: 900). It does this: Nothing."
    assert [text[a:b] for a, b in sentence_spans(text)] == [
        "Number of seconds to cache credentials (default: 900).", "It does this:", "Nothing."]


def test_an_abbreviation_or_a_bracket_still_open_ends_no_sentence():
    # "(nor for ServerName vs. ServerAlias)" was quoted as "... (nor for ServerName vs."
    from research_pipeline.text import sentence_spans
    text = ("The first matching name is used (nor for Kiln vs. Oven). Glazes differ, e.g. "
            "Celadon is green. (A note. Another note.) Then the cooling. See p. 5. Done.")
    assert [text[a:b] for a, b in sentence_spans(text)] == [
        "The first matching name is used (nor for Kiln vs. Oven).",
        "Glazes differ, e.g. Celadon is green.", "(A note. Another note.) Then the cooling.",
        "See p. 5.", "Done."]
    # A bracket that never closes on its line does not swallow the sentences after it.
    smile = "It failed :-( Sad. Next sentence."
    assert len(sentence_spans(smile)) == 2
    # Corpora are chunked as they were built: there the old splits stand.
    assert [text[a:b] for a, b in sentence_spans(text, abbreviations=False)][0] == (
        "The first matching name is used (nor for Kiln vs.")


def test_two_names_whose_entries_say_the_same_are_not_set_apart():
    evidence = [_entry("kiln.fire2", "Fire the load at full heat in the kiln."),
                _entry("kiln.fire", "Fire the load at full heat in the kiln.")]
    status, _ = _research(evidence, "What is the difference between kiln.fire and kiln.fire2?")
    assert status.status == "partial" and "say the same" in status.note


def test_options_compared_each_open_the_answer_with_their_own_text():
    page = """<html><body><h1>Kiln manual</h1><h2 id="modes">Firing modes</h2>
<dl><dt>--soft</dt><dd><p>Warms the kiln without touching the glaze at all.</p>
<p>LONG</p></dd>
<dt>--mixed</dt><dd><p>Warms the kiln and melts the glaze but not the clay body.</p>
<p>LONG</p></dd>
<dt>--hard</dt><dd><p>Melts the glaze and the clay body alike.</p><p>LONG</p></dd></dl>
</body></html>"""
    # Descriptions as long as a manual's make each option a term with its own text.
    page = page.replace("LONG", "Each firing in this mode is logged with its start time, "
                        "its peak and its cooling time, and the log is kept until the "
                        "next firing of the same kiln replaces it. " * 3)
    plan = ResearchPlan(topic_id="k", title="Kilns", queries=[], questions=[
        {"id": 1, "text": "What is the difference between kiln --soft, --mixed and --hard?"}])
    researcher = ExtractiveResearcher()
    evidence = _html_evidence(page)
    facts = researcher.extract_facts(plan, researcher.reflect(plan, evidence, 1), evidence)
    direct = [f.text for f in facts if f.role == "answer"]
    assert len(direct) == 3  # one paragraph for the three sides
    assert [d.split()[0] for d in direct[:2]] == ["--soft", "--mixed"]


def test_the_condition_a_statement_holds_under_is_why_it_holds():
    page = """<html><body><h1>Kiln manual</h1><h2 id="lid">Lid switch</h2>
<p>If the lid switch is enabled, the kiln will refuse to fire anything unless the lid is
closed.</p></body></html>"""
    status, facts = _research(_html_evidence(page),
                              "Why does the kiln refuse to fire anything unless I close the lid?")
    assert status.status == "answered" and facts[0].text.startswith("If the lid switch")


def test_a_supporting_passage_carries_the_word_the_question_hinges_on():
    page = """<html><body><h1>Kiln manual</h1><h2 id="cool">After firing</h2>
<p>After a glaze firing the kiln lid and every glaze shelf must cool for twelve hours.</p>
<h2 id="load">Loading</h2>
<p>Workers in the studio open the kiln lid, then stack each glaze shelf with pots, and only
then start the firing of the day.</p>
</body></html>"""
    # "cool" is the rare word here, as a collection's statistics would say.
    researcher = ExtractiveResearcher(lambda stems: {s: 3.5 if s == "cool" else 1.0
                                                     for s in stems})
    plan = ResearchPlan(topic_id="k", title="Kilns", queries=[], questions=[
        {"id": 1, "text": "How long must the kiln lid and the glaze shelf cool after a glaze "
                          "firing?"}])
    evidence = _html_evidence(page)
    facts = researcher.extract_facts(plan, researcher.reflect(plan, evidence, 1), evidence)
    assert [f.text[:20] for f in facts] == ["After a glaze firing"]


def _paragraphs(text: str) -> list[tuple[str, int, int]]:
    """The layout of a text whose paragraphs are separated by blank lines."""
    out, start = [], 0
    for part in text.split("\n\n"):
        out.append(("para", start, start + len(part)))
        start += len(part) + 2
    return out


def test_a_how_to_question_is_answered_by_the_condition_that_brings_it_about():
    text = ("Fire the load and return a FiringLog instance.\n\nIf strict is true and the "
            "peak was too low, it raises a FiringError.")
    evidence = [_entry("kiln.fire", text, _paragraphs(text))]
    status, facts = _research(evidence, "How can I make kiln.fire raise an exception when the "
                                        "peak stays too low?")
    assert status.status == "answered"
    assert facts[0].role == "answer" and facts[0].text.startswith("If strict is true")


def test_calls_compared_by_an_argument_are_set_apart_by_what_it_does():
    text = ("Remove and return a pot from the shelf.\n\nPots are taken from the front if "
            "front is true or from the back if false.")
    evidence = [_entry("kiln.Shelf.pop", text, _paragraphs(text))]
    status, facts = _research(evidence, "What is the difference between kiln.Shelf.pop() and "
                                        "kiln.Shelf.pop(front=False)?")
    assert status.status == "answered"
    assert facts[0].text.startswith("Pots are taken from the front if front is true")


def test_what_the_asker_sets_aside_is_not_the_answer():
    asked = analyse("Besides single pots, what else can I harden with kiln.fire?")
    assert asked.excluded == ("single", "pots")
    assert not {"besides", "else"} & set(asked.content)
    text = ("Hardening a single pot fires the clay of that pot in the kiln.\n\nHardening a "
            "shelf list fires each shelf in turn, from top to bottom.")
    _, facts = _research([_entry("kiln.fire", text, _paragraphs(text))], asked.text)
    assert facts[0].text.startswith("Hardening a shelf list")


def test_a_list_whose_lead_in_says_what_is_asked_is_the_list_asked_for():
    page = """<html><body><h1>Kiln manual</h1><h2 id="acc">Accessories</h2>
<p>The studio stocks these accessories:</p>
<ul><li>stilts to load glazed pots into a kiln</li><li>cones to check the heat of a kiln</li>
<li>posts to load more shelves into a kiln</li></ul>
<h2 id="load">Stacking</h2>
<p>Kilns can be loaded by several means:</p>
<ul><li>stack pots on shelves</li><li>nest bowls inside each other</li>
<li>hang beads on wire</li></ul></body></html>"""
    _, facts = _research(_html_evidence(page), "What are the different ways to load a kiln?")
    assert facts[0].text.startswith("Kilns can be loaded by several means")


def test_a_list_written_as_a_sentence_naming_what_is_asked_outranks_a_list_of_other_things():
    # "Functions: • fire() ..." is a list of the module's functions; the sentence that leads
    # in to the glazes it writes is the list of glazes asked for.
    page = """<html><body><h1>kilnlog module</h1>
<p>This module writes firing records. Not all glazes can be recorded; only glazes whose
recipe is fixed before the firing can be written and read by this module. The following
glazes are supported: celadon, shino, tenmoku, ash glazes, and raku glazes, as long as
their recipes are recorded too.</p>
<p>Functions:</p>
<ul><li>write() -- write a glaze record to a log</li><li>read() -- read a glaze record from
a log</li><li>writes() -- write a glaze record as bytes</li><li>reads() -- read a glaze
record from bytes</li></ul></body></html>"""
    _, facts = _research(_html_evidence(page, title="kilnlog module"),
                         "What kinds of glazes can the kilnlog module write?")
    assert "celadon, shino, tenmoku" in facts[0].text, facts[0].text


@pytest.mark.parametrize(("question", "verb"), [
    ("Do I have to delete the file that tempfile.mkstemp creates myself?", "delete"),
    ("Does git clean also delete the files that my .gitignore lists?", "delete"),
    ("Does itertools.groupby merge equal keys that are not next to each other?", "merge"),
    ("Will `case [first, second]:` match the string \"hi\"?", "match"),
    ("If continue runs inside a try block that has a finally clause, does the finally "
     "clause still run?", "run"),
    ("Can the same branch be checked out in two worktrees at the same time?", "checked"),
    ("Does math.isclose(float('nan'), float('nan')) return True?", "return"),
    ("Can a branch name start with a dash, like -fix?", ""),  # no subject to tell
    ("What does kiln.fire return?", ""),  # not a yes/no question
])
def test_a_yes_no_question_asks_about_its_verb(question, verb):
    assert analyse(question).verb == verb


def test_a_yes_no_answer_speaks_of_the_verb_asked_about():
    text = ("The pot is readable and writable only by the creating user; the pot that "
            "kiln.mkpot creates is fired once.\n\nCaller is responsible for deleting the pot "
            "when done with it.")
    status, facts = _research([_entry("kiln.mkpot", text, _paragraphs(text))],
                              "Do I have to delete the pot that kiln.mkpot creates myself?")
    assert facts[0].text.startswith("Caller is responsible for deleting")


def test_what_only_sets_the_scene_is_never_the_word_an_answer_must_carry():
    researcher = ExtractiveResearcher(lambda stems: {s: 6.0 if s == "defaultdict" else 2.0
                                                     for s in stems})
    for question in ["If I call d.get('missing') on a defaultdict, does it create the key?",
                     "Why does self.__token end up stored under another name?"]:
        asked = researcher.analysis(question)
        shown = {w for name in asked.scene for w in words(name)}
        assert shown  # the code written into the question only shows what was done
        assert researcher.judge.crux(asked, researcher.judge.weights(asked)) not in shown
    asked = researcher.analysis("If I call d.get('missing') on a defaultdict, does it create "
                                "the key?")
    assert researcher.judge.crux(asked, researcher.judge.weights(asked)) == "defaultdict"


def test_names_listed_as_where_a_question_holds_only_set_the_scene():
    asked = analyse("Which kiln helpers can keep my glaze log in a locked store on Windows, "
                    "macOS and Linux?")
    assert {"Windows", "macOS", "Linux"} <= set(asked.scene)
    # Names that are what the question is about stay required: its subject, its sides.
    assert not analyse("Does kiln.fire, kiln.cool and kiln.load accept bytes?").scene
    assert analyse("What is the difference between kiln --soft, --mixed and --hard?"
                   ).focus == ("--soft", "--mixed", "--hard")


def _doc(sid: str, title: str, text: str, section: str = "", score: float = 5.0) -> Evidence:
    return Evidence(Source(source_id=sid, url=f"https://kiln.example/{sid}", title=title,
                           text=text, provider="local", section=section,
                           layout=[("start", 0, 0), ("para", 0, len(text))]), score, 1)


def test_two_commands_given_one_option_are_the_sides_and_each_side_names_the_option():
    # "kiln fire --slow and kiln glaze --slow": the commands are compared, and the passage
    # that names both commands but not --slow is neither side.
    evidence = [
        _doc("f", "kiln-fire(1) Manual Page › OPTIONS › --slow", "--slow  Fire at half rate "
             "with the vent kept open, and stay on the current shelf.", score=9.0),
        _doc("g", "kiln-glaze(1) Manual Page › OPTIONS › --slow", "--slow  Fire at half "
             "rate. All glaze pots are emptied first.", score=8.5),
        _doc("d", "kiln-fire(1) Manual Page › CONFIGURATION › fire.defaultShelf", "When you "
             "run kiln fire <x> or kiln glaze <x> with only one shelf, it may fall back on "
             "the top shelf. This stops working as soon as you have more than one shelf.",
             score=8.8)]
    status, facts = _research(evidence, "What's the difference between kiln fire --slow "
                              "and kiln glaze --slow?")
    assert status.status == "answered"
    assert {f.source_id for f in facts} == {"f", "g"}


def test_a_passage_headed_by_a_rival_of_the_named_thing_does_not_support_it():
    # "os.path.split" is another split than the str.split asked about; "The try statement"
    # is another statement than the with statement.
    evidence = [
        _doc("s1", "str.split", "Return a list of the words in the string, using sep as "
               "the delimiter string; runs of whitespace are regarded as a single separator "
               "when sep is not given.", score=9.0),
        _doc("s2", "os.path.split", "Split the pathname path into a pair of head and tail "
               "strings, where the tail is the last pathname component and the separator "
               "is a slash.", score=8.0),
        _doc("s3", "str.split", "Splitting an empty string with a specified separator "
               "returns a list with one empty string in it.", score=7.0)]
    status, facts = _research(evidence, "How does str.split treat the separator of a string?")
    assert status.status == "answered"
    assert [f.source_id for f in facts] == ["s1", "s3"]
    with_statement = [
        _doc("w1", "The with statement", "When the body of a with statement raises an "
               "exception, the exception is passed to the context manager's exit method, "
               "which may suppress it.", score=9.0),
        _doc("w2", "The try statement", "When the body of a try statement raises an "
               "exception, the exception is stored and the except clauses are searched.",
               section="except clause", score=8.0)]
    status, facts = _research(with_statement, "What happens when the body of a with "
                              "statement raises an exception?")
    assert [f.source_id for f in facts] == ["w1"]
    # The import statement's page has a section on future statements: its last heading
    # names another statement, whatever the page's title says.
    import_statement = [
        _doc("i1", "The import statement", "The basic import statement is executed in two "
               "steps: it finds a module, loads it if necessary, and binds a name in the "
               "local namespace.", score=9.0),
        _doc("i2", "The import statement", "The only lines that can appear before a future "
               "statement are: • the module docstring, • comments, • blank lines, and "
               "• other future statements.", section="Future statements", score=8.0)]
    status, facts = _research(import_statement, "What two operations does the import "
                              "statement combine?")
    assert [f.source_id for f in facts] == ["i1"]


def test_a_command_named_as_typed_is_answered_from_its_own_manual_page():
    # "kiln fire" has a page of its own, "kiln-fire(1)": another page's option that speaks
    # of the kiln and of firing does not answer what the command does.
    evidence = [
        _doc("o1", "kiln-log(1) Manual Page", "--fire-log\n\nAfter the kiln has been used "
             "to fire a glaze, write the temperatures it recorded to the fire log.",
             section="OPTIONS › --fire-log", score=9.0),
        _doc("d1", "kiln-fire(1) Manual Page", "Runs one firing program, raising the "
             "temperature along its curve and holding the peak until the glaze matures.",
             section="DESCRIPTION", score=8.0)]
    status, facts = _research(evidence, "What does kiln fire actually do?")
    assert status.status == "answered"
    assert [f.source_id for f in facts] == ["d1"]


def test_a_crux_no_source_says_is_the_askers_own_word():
    # "shatter" is the asker's word: no source says it, the passage says everything else.
    rare = {stem("shatter"): 8.0}
    researcher = ExtractiveResearcher(idf=lambda stems: {s: rare.get(s, 2.5) for s in stems})
    evidence = [
        _doc("c1", "Firing faults", "A glaze firing that heats the kiln too fast will crack "
             "the pots, because the water left in the clay turns to steam.", score=9.0),
        _doc("c2", "Kiln care", "Clean the kiln shelves after every firing so that glaze "
             "drips do not fuse to the next pots.", score=8.0)]
    status, facts = _research(evidence, "Why can a fast glaze firing shatter the pots in the "
                              "kiln?", researcher=researcher)
    assert status.status != "unanswered"
    assert facts[0].source_id == "c1"


def test_where_the_crux_is_the_askers_word_the_next_most_specific_is_required():
    # "shatter" is said nowhere, so it is waived; "porcelain" would have been the crux in
    # its place, and the passage about pots in general does not say it. ("blow up" would
    # be no word of the question at all: an idiom for how things came out.)
    rare = {stem("shatter"): 8.0, stem("porcelain"): 3.2}

    def researcher() -> ExtractiveResearcher:
        return ExtractiveResearcher(idf=lambda stems: {s: rare.get(s, 2.5) for s in stems})

    evidence = [
        _doc("c1", "Firing faults", "A fast glaze firing in an electric kiln will crack pots "
             "with thick walls, because the water left in the clay turns to steam.", score=9.0),
        _doc("c2", "Clay bodies", "Porcelain is fired hotter than stoneware and shrinks more "
             "as it dries.", score=8.0)]
    question = ("Why can a fast glaze firing in an electric kiln shatter porcelain pots with "
                "thick walls?")
    status, _ = _research(evidence, question, researcher=researcher())
    assert status.status != "answered"
    # Said of porcelain, the passage answers in the asker's words as before.
    evidence[0] = _doc("c1", "Firing faults", "A fast glaze firing in an electric kiln will "
                       "crack porcelain pots with thick walls, because the water left in the "
                       "clay turns to steam.", score=9.0)
    status, _ = _research(evidence, question, researcher=researcher())
    assert status.status == "answered"


def test_a_sentence_that_only_points_elsewhere_is_no_support():
    evidence = [
        _doc("d1", "Kiln lids", "The kiln lid latch holds the lid shut while the kiln fires "
             "a glaze load.", score=9.0),
        _doc("d2", "Kiln lids", "For more information on the kiln lid latch and what it "
             "holds, see the section on kiln lid care.", score=8.0)]
    status, facts = _research(evidence, "What does the kiln lid latch hold?")
    assert status.status == "answered"
    assert [f.source_id for f in facts] == ["d1"]
    from research_pipeline.researcher.answers import only_points_elsewhere
    assert only_points_elsewhere("See help(kiln) for more on firing schedules.")
    assert not only_points_elsewhere("See kiln.cool() for a method that opens the vent.")


def test_a_partial_answer_is_not_said_to_lack_what_a_quoted_passage_says():
    # (Passages of one reference page: each names its side; neither is a side's own entry,
    # which would answer it.)
    evidence = [
        _doc("s1", "Kiln reference", "kiln.fire returns the peak temperature of the sample "
             "firing in degrees.", score=9.0),
        _doc("s2", "Kiln reference", "kiln.pfire returns the peak temperature of the whole "
             "population of firings.", score=8.0)]
    status, facts = _research(evidence, "What's the difference between kiln.fire and "
                              "kiln.pfire, and which one is meant for a sample?")
    assert [f.source_id for f in facts] == ["s1", "s2"]
    assert status.status == "partial" and "pfire" not in status.note


def test_commands_are_named_as_typed_in_lower_case_and_not_in_a_relative_clause():
    pages = [_doc(c, f"{c}(1) Manual Page", "Text.") for c in
             ("git-submodule", "git-branch", "git-init")]
    # Its subcommand comes with it.
    assert named_commands("Which Git version first added the git submodule set-url "
                          "command?", pages) == ["git-submodule", "set-url"]
    assert named_commands("Which characters can a Git branch name hold?", pages) == []
    assert named_commands("How do I enable the sample hooks that git init puts in the "
                          "repository?", pages) == []


def test_a_subcommand_without_a_page_is_still_the_name_asked_about():
    pages = [_doc(c, f"{c}(1) Manual Page", "Text.") for c in ("kiln-fire", "kiln-log")]
    # "kiln cool-down" has no page: it is still what the question names ...
    assert named_commands("What kiln cool-down command opens the vent?", pages) == [
        "cool-down"]
    # So it is beside one page of the program's: no plain word runs on with a hyphen.
    assert named_commands("What kiln cool-down command opens the vent?", pages[:1]) == [
        "cool-down"]
    # ... and "What <program> <name> command" asks for a command to run.
    assert analyse("What kiln cool-down command opens the vent?").answer_type == "procedure"
    # A word one title happens to hyphenate ("In-Depth") is no program: "saved in
    # windows-1252" names no subcommand of it.
    guides = [_doc("g", "Glazes In-Depth", "Text."), _doc("n", "Name-based kilns", "Text.")]
    assert named_commands("Our labels are saved in windows-1252. Why are they garbled?",
                          guides) == []
    assert analyse("What does the kiln fire command do?").answer_type == "definition"


def test_a_program_named_by_its_manual_page_is_what_the_answer_speaks_of():
    # "kb" is typed as a plain word, but its page is titled "kb - ...": a passage about
    # the kiln's own warm-up "ramp" does not say how to ramp up a kb run.
    evidence = [
        _doc("p1", "Kiln tuning", "Older kilns needed a warm-up ramp of an hour before "
             "they could fire a full load; the ramp is now set by the controller.", score=9.0),
        _doc("k1", "kb - kiln benchmarking tool", "kb fires a test load of n tiles at a "
             "fixed temperature and reports how long each firing took.", score=7.0)]
    question = "How do I set up a ramp when I benchmark the kiln with kb?"
    status, facts = _research(evidence, question)
    assert status.status == "unanswered" and "kb" in status.note
    assert facts == []
    # Where the passage speaks of kb, the label is the judge's as before.
    evidence[0] = _doc("p1", "Kiln tuning", "To ramp up a kb run, start kb with a low "
                       "tile count and raise it step by step.", score=9.0)
    status, facts = _research(evidence, question)
    assert status.status != "unanswered" and [f.source_id for f in facts][:1] == ["p1"]


def test_a_things_own_entry_saying_it_does_what_is_asked_says_it_can():
    # "Can kilnwatch log ...?": kilnwatch.alarm's entry says, with no word of doubt, that
    # it does it; that is a yes, though it has no "can" or "yes" of its own.
    evidence = [
        _doc("a", "kilnwatch.alarm", "Register a handler for the alarm bell: record the "
             "temperature of every shelf of the kiln into the file.", score=9.0),
        _doc("m", "kilnwatch module", "kilnwatch watches a kiln while it fires and keeps "
             "a record of what it saw.", score=6.0),
        _doc("b", "Kiln care", "Clean the shelves of a kiln after every firing and check "
             "the elements for wear.", score=5.0)]
    question = ("Can kilnwatch record a running kiln's heat profile when it receives a "
                "warning such as the alarm bell?")
    rare = ExtractiveResearcher(idf=lambda stems: {s: 6.0 for s in stems})
    status, facts = _research(evidence, question, researcher=rare)
    assert status.status != "unanswered" and [f.source_id for f in facts][:1] == ["a"]


def test_the_program_a_whole_collection_documents_need_not_be_named_by_the_answer():
    # "kilnd" is the collection's own server, named on a large share of its pages (a low
    # IDF): its manual calls it "the server" as often, and a passage about the server's
    # lingering close answers a question that names kilnd.
    evidence = [
        _doc("p1", "Performance tuning", "The server keeps reading from the socket for a "
             "while before it closes the connection, because closing at once would reset "
             "the connection before the client has read the response.", score=9.0),
        _doc("k1", "kilnd - kiln server", "kilnd is the kiln server program.", score=7.0)]
    question = "Why does kilnd keep reading from the socket before it closes the connection?"
    common = ExtractiveResearcher(idf=lambda stems: {s: 1.5 if s == "kilnd" else 6.0
                                                     for s in stems})
    status, facts = _research(evidence, question, researcher=common)
    assert status.status != "unanswered" and [f.source_id for f in facts][:1] == ["p1"]
    # A program named on few pages (a rare word) is still what the answer must speak of.
    rare = ExtractiveResearcher(idf=lambda stems: {s: 6.0 for s in stems})
    status, _ = _research(evidence, question, researcher=rare)
    assert status.status == "unanswered" and "kilnd" in status.note


def test_a_value_left_unpicked_asks_for_the_default_which_a_span_states_outright():
    question = "Which glaze does kiln.fire use if I don't pick one?"
    assert analyse(question).answer_type == "number"
    # Both spans are kiln.fire's own and name a default; the one that states the default
    # glaze leads, not the one that mentions some other argument's default.
    evidence = [
        _doc("g1", "kiln.fire", "If *vent* is None (the default), the glaze fumes leave "
             "through the lid; it is an error to pass a vent with a glaze smaller than 5.",
             score=9.0),
        _doc("g2", "kiln.fire", "The optional *glaze* argument names the glaze to fire; "
             "glazes 0 to 5 are known. The default glaze is 4.", score=8.0)]
    status, facts = _research(evidence, question)
    assert status.status == "answered"
    assert facts[0].source_id == "g2"


def test_these_files_are_what_the_setting_names_by_their_extension():
    from research_pipeline.researcher.questions import setting_words
    question = ("After a firing with kiln fire there's a Bowl.glaze.bak next to every pot "
                "I fired. What are these files?")
    # "these files" points back at what the setting names: its words are the question's.
    assert setting_words(question) == frozenset()
    # A singular one points at a detail of the story, which the answer need not say.
    assert "department" in setting_words(
        "I sort staff by department. Will they still be in that order after the sort?")
    # The asker's own name for the file weighs less than the kind its extension says.
    researcher = ExtractiveResearcher(idf=lambda stems: dict.fromkeys(stems, 3.0))
    weights = researcher.judge.weights(researcher.analysis(question))
    assert weights["bak"] > weights["bowl"] and weights["bak"] > weights["glaze"]
    assert weights["bak"] >= weights["files"]


def test_a_list_question_is_answered_from_the_start_of_a_long_numbered_list():
    # Two parts of one long numbered list, each stored under the lead-in: the part that
    # goes on at "3." ranks first in the search and says as much, but the list asked for
    # starts at "1.".
    lead = "The attribute in the first argument can be one of four things:"

    def part(sid: str, first: int, score: float) -> Evidence:
        text = (f"{lead}\n\n{first}. A glaze name that kiln.set can match, for example "
                f"Celadon.\n{first + 1}. A cone number that kiln.set can match.")
        return Evidence(Source(source_id=sid, url=f"https://kiln.example/{sid}",
                               title="kiln.set", text=text, provider="local",
                               layout=[("para", 0, len(lead)), ("list", len(lead) + 2,
                                                                len(text))]), score, 1)

    evidence = [part("later", 3, 9.0), part("first", 1, 8.0)]
    status, facts = _research(evidence, "Which things can kiln.set match on?")
    assert status.status == "answered"
    assert facts[0].source_id == "first"


def test_an_asking_sentence_that_names_nothing_asks_about_its_setting():
    from research_pipeline.researcher.questions import setting_words
    question = ("Our potters want to glaze bisqueware over Raku, but whenever the kiln "
                "opens a load it gets the fired piece, not its recipe. How should this be "
                "set up?")
    assert analyse(question).answer_type == "procedure"
    assert setting_words(question) == frozenset()
    rare = {stem("raku"): 7.0, stem("bisqueware"): 6.0}
    researcher = ExtractiveResearcher(idf=lambda stems: {s: rare.get(s, 2.5) for s in stems})
    # Steps that retell the setting's everyday words ("opens", "load", "recipe", "kiln")
    # but never speak of Raku or bisqueware do not say how to set this up.
    evidence = [_doc("n1", "Building the kiln controller", "This can be done through the "
                     "following steps: open the kiln recipe file, edit the load paths and "
                     "set the glaze names the kiln opens with.", score=9.0)]
    status, _ = _research(evidence, question, researcher=researcher)
    assert status.status != "answered"


def test_a_bound_asked_for_is_not_answered_by_a_settings_default():
    evidence = [_doc("d1", "kiln-config(1) Manual Page", "A positive value makes the kiln "
                     "log a warning when the number of tiles in a load is at least the value "
                     "of kiln.tiles.warn. The default value is 100.",
                     section="CONFIGURATION › kiln.tiles.warn", score=9.0)]
    question = "How many tiles can a single kiln load hold at most?"
    status, _ = _research(evidence, question)
    assert status.status != "answered"
    evidence.append(_doc("b1", "kiln-format(5) Manual Page", "Tiles are counted in a 16-bit "
                         "field, so a single load can hold at most 65535 tiles.",
                         section="LIMITS", score=5.0))
    status, facts = _research(evidence, question)
    assert status.status == "answered" and facts[0].source_id == "b1"


def test_a_subcommand_named_only_in_a_pointer_elsewhere_is_not_what_a_passage_is_about():
    from research_pipeline.researcher.answers import _in_passing
    text = ("Rewriting history has other concerns too. See the \"DISCUSSION\" section of "
            "the kiln cool-down manual page for more details.")
    assert _in_passing("cool-down", text)
    assert _in_passing("cool-down", "Use a safer tool such as kiln cool-down instead.")
    assert not _in_passing("cool-down", "kiln cool-down opens the vent after a firing.")
    # Options named anywhere in a clause that sends the reader to another page's entries.
    pointer = ("search Enable text search, which will list the firings which match glaze or "
               "clay to a given string; see the description of --glaze, --clay and --match "
               "options in kiln-log(1) manpage.")
    assert _in_passing("--match", pointer) and _in_passing("kiln-log", pointer)
    assert not _in_passing("--match", "--match=<pattern> Limit the firings to those whose "
                           "log matches the pattern.")
    pages = [_doc("p1", "kiln-fire(1) Manual Page", text, score=9.0)]
    status, _ = _research(pages, "What kiln cool-down command opens the vent after a firing?")
    assert status.status != "answered"


def test_a_quoted_value_is_named_by_the_span_that_says_it():
    # The passage used "glaze" as a quoted word earlier, for an argument; the span about
    # the 'action' argument does not speak of the 'glaze' action asked about.
    evidence = [_doc("c1", "kiln.catch", "The 'glaze' argument names an alternative glaze "
                     "table. The table is read once, when the block is entered. Its entries "
                     "are kept until the block ends. Nothing is written back to the table. "
                     "If the 'action' argument is not None, the remaining arguments are "
                     "passed to kiln.fire() as if it were called on entering the block.",
                     score=9.0)]
    rare = {stem("kiln"): 8.0, stem("fire"): 8.0, stem("glaze"): 3.0, stem("action"): 4.0}
    researcher = ExtractiveResearcher(idf=lambda stems: {s: rare.get(s, 0.5) for s in stems})
    status, _ = _research(evidence, "What does the 'glaze' action of kiln.fire actually do "
                          "with a pot that keeps cracking?", researcher=researcher)
    assert status.status != "answered"


def test_what_a_thing_stores_or_contains_is_asked_item_by_item():
    assert analyse("What does the commit-graph file store for each commit?"
                   ).answer_type == "list"
    assert analyse("What does a kiln log record about each firing?").answer_type == "list"
    # Not what one thing holds, where it stores something, nor what it does.
    assert analyse("What does the glaze folder hold?").answer_type != "list"
    assert analyse("What does git store the data in?").answer_type != "list"
    assert analyse("What does the q flag do?").answer_type == "definition"


def test_a_passage_that_answers_another_question_is_not_filed_as_support():
    evidence = [
        _doc("v1", "Kiln vents", "Kiln vents let the fumes of a firing leave the kiln "
               "chamber through the roof during the first hour.", score=9.0),
        _doc("v2", "Kiln vents", "Kiln vents must stay closed during a reduction firing, "
               "so that the flames of the kiln are starved of oxygen.", score=8.0)]
    plan = ResearchPlan(topic_id="k", title="Kilns", queries=[], questions=[
        {"id": 1, "text": "What do kiln vents let leave the kiln chamber?"},
        {"id": 2, "text": "When must the kiln vents stay closed?"}])
    researcher = ExtractiveResearcher()
    facts = researcher.extract_facts(plan, researcher.reflect(plan, evidence, 1), evidence)
    assert {(f.question_id, f.source_id) for f in facts} == {(1, "v1"), (2, "v2")}


def test_a_list_of_methods_is_answered_by_the_entries_that_document_them():
    evidence = [
        _doc("c0", "Kiln controller interface", "A kiln controller is an object that runs "
               "a firing program and reports the kiln temperature to the operator.",
               score=9.0),
        _doc("c1", "Kiln controller interface", "Start the firing program and heat the "
               "kiln along its schedule.", section="controller.start(self, program)",
               score=8.0),
        _doc("c2", "Kiln controller interface", "Stop the firing program and let the kiln "
               "cool down with the power off.", section="controller.stop(self)", score=7.0)]
    status, facts = _research(evidence, "Which methods must a kiln controller define?")
    assert status.status in ("answered", "partial")
    answers = [f for f in facts if f.role == "answer"]
    assert [f.source_id for f in answers] == ["c1", "c2"]
    researcher = ExtractiveResearcher()
    plan = ResearchPlan(topic_id="k", title="Kilns", queries=[], questions=[
        {"id": 1, "text": "Which methods must a kiln controller define?"}])
    body = researcher.write_answer(None, plan, list(enumerate(facts, 1)), [])[1]
    assert body.startswith("**controller.start(self, program):** Start the firing program")
    assert "**controller.stop(self):** Stop the firing program" in body


def test_the_paragraph_that_opens_a_section_states_the_rule_before_its_special_cases():
    opening = ("The exit hatch has one latch. The controller keeps the hatch latch locked "
               "while the kiln is hot.")
    later = "After a power cut, the controller keeps the hatch latch locked while the kiln is hot."
    evidence = [
        Evidence(Source(source_id="h2", url="https://kiln.example/hatch", title="Kiln hatch",
                        text=later, provider="local", section="Latch",
                        layout=[("para", 0, len(later))]), 9.0, 1),
        Evidence(Source(source_id="h1", url="https://kiln.example/hatch", title="Kiln hatch",
                        text=opening, provider="local", section="Latch",
                        layout=[("start", 0, 0), ("para", 0, len(opening))]), 5.0, 1)]
    researcher = ExtractiveResearcher()
    question = "When does the controller keep the kiln hatch latch locked?"
    judged = researcher.judge.judge(researcher.analysis(question), evidence)
    order = [j.candidate.text for j in judged]
    assert order.index("The controller keeps the hatch latch locked while the kiln is hot."
                       ) < order.index(later)


def test_a_why_question_about_an_error_is_answered_by_the_rule_it_broke():
    evidence = [_doc("r1", "kiln.log_firing", "Log a firing to the kiln journal. Every "
                     "firing log entry must be signed by the kiln operator on duty.")]
    status, facts = _research(evidence, "Why do I get a ValueError when I call "
                                        "kiln.log_firing with an unsigned entry?")
    assert status.status == "answered"
    assert "must be signed" in facts[0].text


def test_an_open_question_names_the_words_it_lacks_most_specific_first():
    evidence = [_doc("u1", "Kiln vents", "Kiln vents let the fumes of a firing leave the "
                     "kiln chamber through the roof.")]
    status, _ = _research(evidence, "Why don't kiln shelves rust when other people see them "
                                    "glowing?")
    assert status.status != "answered"
    # (Not "people": who sees a thing is no word the documentation would have used.)
    assert status.note == ("no source found uses the words “shelves”, “rust” or “glowing” "
                           "(closest: Kiln vents)")
    # A hyphenated compound is one word to its reader.
    status, _ = _research(evidence, "Why don't kiln shelves rust in an air-gapped shed?")
    assert status.note == ("no source found uses the words “shelves”, “rust” or “air-gapped” "
                           "(closest: Kiln vents)")


def test_an_open_question_names_what_its_asking_sentence_lacks_before_its_story():
    evidence = [_doc("u1", "Kiln vents", "Kiln vents let the fumes of a firing leave the "
                     "kiln chamber through the roof.")]
    status, _ = _research(evidence, "My pottery studio floods with smoke and the glazes "
                                    "blister. How do I stop the kiln shelves cracking?")
    assert status.status != "answered"
    assert status.note.startswith("no source found uses the words “shelves” or "
                                  "“cracking”")
    # Where only the story's words are said nowhere, they are not the reason.
    evidence.append(_doc("u2", "Kiln shelves", "Shelves hold the pots in the chamber. A "
                         "cracked shelf must be replaced before the next firing.", score=4.0))
    status, _ = _research(evidence, "My grandmother's ceramics cooperative in Lisbon bought "
                          "an electric furnace, and the apprentices grumble constantly "
                          "about ventilation. How do I replace a cracked roof?")
    assert status.status == "unanswered"
    assert status.note == ("the sources touch on it, but no passage gives the steps or "
                           "command (closest: Kiln vents)")


def test_a_footnote_number_is_not_quoted_as_part_of_the_sentence():
    evidence = [_doc("n1", "Kiln vents", "[1] Kiln vents let the fumes of a firing leave the "
                     "kiln chamber through the roof. The vents are opened by hand. [2]")]
    status, facts = _research(evidence, "How do the fumes of a firing leave the kiln "
                                        "chamber?")
    assert facts and facts[0].text.startswith("Kiln vents let the fumes")
    assert not facts[0].text.endswith("[2]")


def test_a_contraction_s_pieces_are_not_words_of_the_question():
    # "doesn" and "t" are rare in documentation, so as words they would weigh the most.
    assert analyse("Why doesn't the kiln vent close?").content == ("kiln", "vent", "close")
    assert "s" not in analyse("What is the kiln's firing log?").content
    assert analyse('How do I stop "don\'t" turning into "Don\'T"?').content == (
        "stop", "turning")


def test_a_sentence_that_points_back_is_not_quoted_without_the_one_it_points_to():
    text = ("The controller stores the temperatures of every past job in its memory.\n\n"
            "This means a heat curve check after a glaze firing fails can use the stored "
            "temperatures.")
    split = text.index("\n\n")
    evidence = [
        _doc("b1", "Heat curves", "A heat curve check is useful after a glaze firing "
             "fails, because the curve shows where the heat went wrong.", score=9.0),
        Evidence(Source(source_id="b2", url="https://kiln.example/log", title="Kiln log",
                        text=text, provider="local", section="Memory",
                        layout=[("para", 0, split), ("para", split + 2, len(text))]), 8.0, 1)]
    status, facts = _research(evidence, "When is a heat curve check useful after a glaze "
                                        "firing fails?")
    assert facts and facts[0].source_id == "b1"
    assert not any(f.text.startswith("This means") for f in facts)


def test_two_entries_that_open_alike_are_set_apart_by_the_sentences_that_differ():
    opening = "Fire the loaded kiln and return the firing log. "
    evidence = [
        _doc("f1", "kiln.fire", opening + "Returns a log with a heat curve. The log has no "
             "name, and is lost when the kiln is switched off.", score=9.0),
        _doc("f2", "kiln.fire_named", opening + "Returns a log with a heat curve; the name of "
             "the log is kept in its 'name' field until it is deleted.", score=8.0)]
    question = "What is the difference between kiln.fire and kiln.fire_named?"
    status, facts = _research(evidence, question)
    assert status.status == "answered"
    answers = [f.text for f in facts if f.role == "answer"]
    assert any("The log has no name" in a for a in answers)
    assert any("the name of the log is kept" in a for a in answers)



NOTE = ("The controller drives the vent motor of the kiln.\n\nNew in version 3.3: the kiln "
        "vent opens by itself during the first hour of a firing.")


def test_a_release_note_supports_only_a_question_about_releases():
    evidence = [_doc("r1", "Kiln vents", "The kiln vent opens during the first hour of every "
                     "firing to let the fumes out.", score=9.0),
                Evidence(Source(source_id="r2", url="https://kiln.example/ctl",
                                title="Kiln controller", text=NOTE, provider="local",
                                section="Vent", layout=[("para", 0, NOTE.index("\n\n")),
                                                        ("para", NOTE.index("New"),
                                                         len(NOTE))]), 8.0, 1)]
    _, facts = _research(evidence, "When does the kiln vent open during a firing?")
    assert facts[0].source_id == "r1"
    assert not any("New in version" in f.text for f in facts)
    _, facts = _research(evidence, "In which version does the kiln vent open by itself "
                                   "during a firing?")
    assert any("New in version 3.3" in f.text for f in facts)


def test_a_description_followed_by_its_name_defines_it_over_an_announcement():
    page = """<html><body><h1>Kiln manual</h1><h2 id="creep">Glaze creep</h2>
<p>There is one slight problem with firing glazed ware on a dusty shelf.</p>
<p>When the glaze melts over dust or oil, surface tension pulls it back from the dirty
spots and leaves bare patches of clay on the pot. This is called glaze creep, and the
bare patches are called crawls.</p>
<p>Wipe every pot with a damp sponge before glazing it.</p>
</body></html>"""
    _, facts = _research(_html_evidence(page), "What is glaze creep?")
    assert facts[0].text.startswith("When the glaze melts over dust or oil")


def test_a_lone_announcement_does_not_answer():
    from research_pipeline.researcher.answers import announces
    page = """<html><body><h1>Kiln manual</h1><h2 id="cones">Cones</h2>
<p>There is one small catch with reading pyrometric cones in a kiln.</p>
<p>The catch: a pyrometric cone bends when it has taken up enough heat, which is not the
same as the kiln reaching a temperature.</p>
</body></html>"""
    _, facts = _research(_html_evidence(page), "What is the catch with pyrometric cones?")
    assert facts[0].text.startswith("The catch: a pyrometric cone bends")
    assert announces("There is one slight problem with the optimization based on the "
                     "cached stat information.")
    assert not announces("There are two reasons to prefer the lowest shelf for heavy pots: "
                         "safety and performance.")
    assert not announces("There is no way to undo a firing. Plan it with care.")


def test_a_sentence_that_opens_with_an_emphasised_name_defines_it():
    from research_pipeline.researcher.answers import _fits, candidates
    from research_pipeline.text import sentence_spans
    text = ("This class setting can be given a list of names used by firings. *__vents__* "
            "reserves room for the named vents and stops the kiln from opening others.")
    assert len(sentence_spans(text)) == 2
    cand = replace(candidates(_entry("kiln.settings", text).source)[0], leads_section=False)
    assert _fits(analyse("What is __vents__ used for in a kiln?"), cand, text)
    assert not _fits(analyse("What is __vents__ used for in a kiln?"), cand,
                     "This class setting is read once.".replace(" is ", " gets "))


def test_a_name_s_own_entry_is_of_the_kind_the_question_says_it_is():
    assert analyse("What does the glaze decorator add to a pot?").kinds == ("decorator",)
    assert analyse("What does the LogLevel directive set?").kinds == ("directive",)
    evidence = [_entry("kiln.glaze_transform", "Decorator to mark a function as providing "
                                               "glaze-like behaviour to a pot."),
                _entry("kiln.glaze", "Add a coat of melted glass to the pot before it is "
                                     "fired.")]
    _, facts = _research(evidence, "What does the glaze decorator add to a pot?")
    assert facts[0].source_id == "kiln.glaze"


def test_a_span_that_names_the_thing_asked_about_need_not_say_what_kind_of_thing_it_is():
    question = "Why shouldn't I use a <Vent> block to cool a pot on the shelf?"
    assert analyse(question).kinds == ("block",)
    # As a corpus stores a shown "<Vent>".
    said = ("Never use &lt;Vent> to cool pots on a shelf. This is because the vent opens "
            "before the pot has cooled evenly, so its glaze cracks.")
    status, facts = _research([_doc("k1", "Kiln sections", said, section="Vents")], question)
    assert status.status != "unanswered" and "block" not in status.missing_terms
    assert facts and facts[0].text.startswith("Never use &lt;Vent>")
    # Only the kind of the name it follows: a finally clause's entry need not say "clause",
    # but it is no "block" for being about the "try" statement's clause.
    judge = ExtractiveResearcher().judge
    asked = analyse("If a try block has a finally clause, does the finally clause run?")
    assert asked.kinds == ("block", "clause")
    entry = _entry("kiln.finally", "A finally part always runs when the firing ends.")
    best = judge.judge(judge.required(asked), [entry], "Kilns")[0]
    assert "clause" not in best.missing and "block" in best.missing
    # Written as asked: the "VENT" register is not "the vent module".
    asked = analyse("What does the vent module open?")
    other = _doc("k2", "Registers", "VENT opens the top damper of the kiln.")
    best = judge.judge(judge.required(asked), [other], "Kilns")[0]
    assert "module" in best.missing


def test_a_keyword_that_is_a_common_word_is_named_where_it_is_quoted():
    page = """<html><body><h1>Kiln language</h1><h2 id="cmp">Comparisons</h2>
<p>The operators "in" and "not in" test for membership of a pot in a load.</p>
<p>The operators "is" and "is not" test for the identity of a pot: "a is b" is true when
both name the same pot.</p></body></html>"""
    _, facts = _research(_html_evidence(page), "What do the is and is not operators test?")
    assert facts[0].text.startswith('The operators "is" and "is not" test')


def test_what_happens_is_answered_by_the_entry_of_the_exception_raised():
    evidence = [_doc("k1", "Kiln firing program", "When the program is started, the kiln "
                     "heats up until the cone that was named cannot be found to stand.",
                     score=9.0),
                _entry("kiln.ConeMissingError", "The kiln can't find the named cone on "
                                                "its shelf.")]
    question = "What happens when the named cone cannot be found in the kiln?"
    status, facts = _research(evidence, question)
    assert status.status == "answered" and facts[0].source_id == "kiln.ConeMissingError"
    plan = ResearchPlan(topic_id="k", title="Kilns", queries=[],
                        questions=[{"id": 1, "text": question}])
    body = ExtractiveResearcher().write_answer(None, plan, list(enumerate(facts, 1)), [])[1]
    assert body.startswith("**kiln.ConeMissingError:** The kiln can't find the named cone")


@pytest.mark.parametrize(("question", "terms"), [
    ("I wrote `case RED:` and it matches every value. Why?", ("capture", "pattern")),
    ("Will `case [first, second]:` match the string \"hi\"?", ("sequence", "pattern")),
    ("Does `case Color.RED:` compare the value?", ("value", "pattern")),
    ("Does `case {\"x\": 1}:` need every key?", ("mapping", "pattern")),
    ("What does `case Point(x=0):` check?", ("class", "pattern")),
    ("Is `case _:` a match-all case?", ("wildcard", "pattern")),
    ("What does `del x` do?", ("name",)),
    ("What does `del x[0]` do?", ()),
    ("Why is self.__cone stored as _Kiln__cone?", ("private", "name")),
    ("What is __slots__ used for?", ()),
    ("What does the lone `*` mean in `def fire(cone, *, hold=10)`?",
     ("function", "definition", "keyword", "parameters")),
    ("Why can't I pass `cone=6` to `def fire(cone, /, hold=10)`?",
     ("function", "definition", "positional", "parameters")),
    ("What does `def fire(*cones, hold=10)` collect?", ()),
])
def test_the_code_a_question_writes_out_is_named_in_the_reference_s_terms(question, terms):
    from research_pipeline.researcher.questions import code_terms
    assert code_terms(question) == terms


def test_a_span_that_names_the_question_s_code_in_the_reference_s_terms_answers_it():
    page = """<html><body><h1>Kiln language</h1><h2 id="patterns">Patterns</h2>
<p>A glaze rule compares a pot with the patterns of its clauses in turn.</p>
<p>A capture pattern binds the pot to a name and always succeeds, so a bare name
compares with nothing.</p></body></html>"""
    question = ("I wrote `case RED:` to compare the pot with my RED glaze, but it matches "
                "every pot. Why?")
    _, judged, _, _, _ = ExtractiveResearcher()._judged(question, _html_evidence(page), "Kilns")
    assert judged[0].candidate.text.startswith("A capture pattern binds the pot")
    assert judged[0].focus_found  # it speaks of the case clause's pattern, not "case"


def test_a_framing_verb_s_irregular_form_weighs_as_little_as_the_verb():
    from research_pipeline.researcher.questions import VERBS
    assert {"wrote", "sent", "kept", "found"} <= VERBS


def test_a_passage_without_a_value_does_not_support_a_how_many_question():
    page = """<html><body><h1>Kiln manual</h1><h2 id="list">The list command</h2>
<p>Without arguments, the list command shows 11 cones around the current shelf.</p>
<p>The commands the kiln recognizes are described below; each list command can be given
arguments that say which cones the kiln shows first.</p></body></html>"""
    _, facts = _research(_html_evidence(page), "How many cones does the kiln list command "
                                               "show when I give it no arguments?")
    assert [f.text[:40] for f in facts] == ["Without arguments, the list command show"]


def test_the_words_of_a_name_the_asker_made_up_weigh_little():
    from research_pipeline.researcher.answers import VAGUE_WEIGHT, AnswerJudge
    judge = AnswerJudge(lambda stems: dict.fromkeys(stems, 4.0))
    weights = judge.weights(analyse("Why does self.__token in my class end up stored as an "
                                    "attribute called _MyClass__token?"))
    assert weights["token"] == weights["myclass"] == 4.0 * VAGUE_WEIGHT
    assert weights["attribute"] == 4.0


def test_a_value_the_asker_s_code_spells_out_as_a_string_weighs_little():
    # 'glaze' is the name of the asker's kiln log, not the manual's glaze; the glaze asked
    # about in words outside the string weighs in full.
    from research_pipeline.researcher.answers import VAGUE_WEIGHT, AnswerJudge
    judge = AnswerJudge(lambda stems: dict.fromkeys(stems, 4.0))
    weights = judge.weights(analyse("Can I write `with kilnlog.open('glaze') as log:` and "
                                    "count on the recipe file being closed?"))
    assert weights["glaze"] == 4.0 * VAGUE_WEIGHT
    assert weights["recipe"] == 4.0
    told = judge.weights(analyse("Does `kilnlog.open('glaze')` keep the glaze recipe?"))
    assert told["glaze"] >= 4.0  # said outside the string too: the asker's own word


def test_the_sentences_right_after_the_direct_answer_support_it():
    page = """<html><body><h1>Kiln manual</h1><h2 id="shelf">Choosing a shelf</h2>
<p>When no pot is loaded, no shelf is chosen. When a pot is loaded, the kiln chooses a
shelf for it. The kiln searches its shelves in turn until one is found that fits the pot.
A shelf fits a pot if the pot is no taller than the gap above the shelf. (See the section on
shelf heights.)</p>
<p>Shelves are made of cordierite and are choosen by the kiln for every pot it loads.</p>
</body></html>"""
    _, facts = _research(_html_evidence(page), "How does the kiln choose which shelf fits a "
                                               "pot?")
    texts = [f.text for f in facts]
    assert texts[0].startswith("When no pot is loaded") and "A shelf fits" not in texts[0]
    assert any(t.startswith("A shelf fits a pot if") for t in texts[1:])
    assert not any(t.startswith("(See") for t in texts)


def test_a_paragraph_that_only_leads_up_to_the_next_ones_neither_leads_nor_supports():
    # "Deletion is recursively defined ... here are some hints.": the section's cases come
    # after it, each in its own paragraph.
    page = """<html><body><h1>Kiln manual</h1><h2 id="cool">Cooling a kiln</h2>
<p>Cooling is defined much like heating is defined. Rather than spelling it out in
full, here are some hints.</p>
<p>Cooling of a glaze kiln slows down each shelf in turn, from top to bottom.</p>
<p>Cooling of a raku kiln removes the pots from the heat at once, so that the glaze
crackles in the open air.</p>
</body></html>"""
    _, facts = _research(_html_evidence(page), "What does cooling do?")
    assert facts and not any("much like heating" in f.text for f in facts)


def test_hedges_and_the_askers_word_for_its_own_one_letter_name_weigh_nothing():
    analysis = analyse("What does `del x` actually do to the variable x?")
    assert "actually" not in analysis.content
    # `del x` deletes a name; "variable" is the asker's word for it, said or not.
    assert "name" in analysis.implied and "variable" in analysis.setting
    assert "variable" not in analyse("What is a variable annotation?").setting


def test_an_open_questions_reason_does_not_ask_for_the_askers_own_example_values():
    from research_pipeline.researcher.answers import AnswerJudge, Judgement
    judge = AnswerJudge(lambda stems: dict.fromkeys(stems, 5.0))
    analysis = analyse("Why does 'report.txt'.rstrip('.txt') give 'repor' instead of "
                       "'report' for every file?")
    cand = judge.candidates(_doc("s1", "str.rstrip", "Return a copy of the string with "
                                 "trailing characters removed.").source)[0]
    best = Judgement(cand, rank=1.0, coverage=0.5, rest=0.2, focus_found=True,
                     crux_found=True, fit=False, missing=["repor", "report", "txt",
                                                          "every", "file"])
    assert judge._lacking(analysis, best) == "“file”"
    # "No source found uses the word X" holds of every source found, not the closest one.
    other = _doc("s2", "Kiln log", "Each firing writes one log file.")
    assert judge._lacking(analysis, best, [other]) == ""


def test_a_source_that_says_more_than_one_already_held_is_kept():
    from research_pipeline.research import near_duplicate_of, shingles
    short = ("n(ext) Continue firing until the next cone in the current kiln has bent or "
             "the firing ends.")
    longer = short + (" (The difference between next and step is that step stops at every "
                      "shelf, while next fires the whole kiln at full speed.)")
    known = {"docstring": shingles(short)}
    assert near_duplicate_of(shingles(longer), known) is None
    assert near_duplicate_of(shingles(short), {"reference": shingles(longer)}) == "reference"
    assert near_duplicate_of(shingles(short), known) == "docstring"


def test_a_page_titled_by_a_name_and_a_command_written_short_are_their_own_headings():
    # ""kiln" — The Kiln Controller" is about kiln all through; "n(ext)" is the next
    # command's own entry: its difference from step beats a passage naming both in passing.
    text = ("Continue firing until the next cone is reached. (The difference between "
            "\"next\" and \"step\" is that \"step\" stops at every shelf, while \"next\" "
            "fires every shelf at full speed.)")
    passing = ("Run the program under controller control. You can set cones and type "
               "\"continue\", or you can step through it using \"step\" or \"next\", but "
               "all these commands are explained below.")
    evidence = [
        Evidence(Source(source_id="run", url="https://kiln.example/run", provider="local",
                        title="\"kiln\" — The Kiln Controller", section="kiln.run(program)",
                        text=passing, layout=[("start", 0, 0), ("para", 0, len(passing))]),
                 9.0, 1),
        Evidence(Source(source_id="next", url="https://kiln.example/cmds", provider="local",
                        title="\"kiln\" — The Kiln Controller",
                        section="Controller Commands › n(ext)", text=text,
                        layout=[("start", 0, 0), ("para", 0, len(text))]), 8.0, 1)]
    _, facts = _research(evidence, "In kiln, what is the difference between step and next?")
    assert facts[0].source_id == "next"


def test_a_how_many_question_is_answered_by_the_count_of_what_it_counts_in_its_case():
    # "list 11 lines" says the count with what it counts, in the question's own case
    # ("Without arguments," for "when I give it no arguments").
    evidence = [
        _doc("blank", "Kiln commands", "Entering a blank line repeats the last kiln command "
             "entered. Exception: if the last command was a \"show\" command, the next 11 "
             "log entries of the kiln are shown.", score=9.0),
        _doc("show", "kiln.Controller.do_show", "Show the log of the current firing. "
             "Without arguments, show 11 lines around the current cone or continue the "
             "previous listing.", score=8.0)]
    _, facts = _research(evidence, "How many lines of the log does the kiln show command "
                                   "print when I give it no arguments?")
    assert facts[0].source_id == "show"


def test_a_passage_that_answers_another_question_is_not_padding_under_this_one():
    from research_pipeline.researcher.answers import AnswerJudge, Judgement
    from research_pipeline.researcher.extractive import _belongs_elsewhere
    source = _doc("g", "Glaze firing", "A glaze firing takes eight hours to reach cone 6 in "
                  "the electric kiln.").source
    cand = AnswerJudge(lambda stems: dict.fromkeys(stems, 5.0)).candidates(source)[0]

    def judged(coverage: float, fit: bool) -> Judgement:
        return Judgement(cand, rank=2.0, coverage=coverage, rest=coverage, focus_found=True,
                         crux_found=True, fit=fit)

    padding, answer = judged(0.5, False), judged(0.9, True)
    assert _belongs_elsewhere(padding, 1, {1: [padding], 2: [answer]})
    # Where it answers this question too, or the other question does not want it, it stays.
    assert not _belongs_elsewhere(judged(0.85, True), 1, {2: [answer]})
    assert not _belongs_elsewhere(padding, 1, {1: [padding], 2: []})
    assert not _belongs_elsewhere(padding, 1, {2: [judged(0.55, False)]})


def test_a_bullet_of_notes_does_not_define_what_its_section_defines():
    page = """<html><body><h1>Kiln manual</h1><h2 id="cones">Witness cones</h2>
<p>This shelf tool is a small pyramid of clay. Witness cones show how much heat the ware
has taken up during a firing.</p>
<p>Notes on using witness cones:</p>
<ul><li>Witness cones are set on a shelf where they can be seen through the spy hole,
and they bend once enough heat has been taken up.</li>
<li>Witness cones of the same number from two makers may bend at slightly different
heat.</li></ul>
</body></html>"""
    judged = ExtractiveResearcher()._judged("What are witness cones used for?",
                                            _html_evidence(page), "Kilns")[1]
    rank = {j.candidate.text: j.rank for j in judged}
    sentence = "Witness cones show how much heat the ware has taken up during a firing."
    bullet = next(t for t in rank if t.startswith("• Witness cones are set on a shelf"))
    assert rank[sentence] > rank[bullet]


def test_a_sentence_ended_after_code_is_not_quoted_without_its_beginning():
    from research_pipeline.researcher.answers import candidates
    text = ("The typical way to stop a firing is to insert:\n\nkiln.halt()\n\nat the cone you "
            "want to stop on, and then start the kiln. You can then watch the cone bend.")
    code = text.index("kiln.halt()")
    after = text.index("at the cone")
    layout = [("start", 0, 0), ("para", 0, code - 2), ("code", code, after - 2),
              ("para", after, len(text))]
    source = Source(source_id="k", url="https://kiln.example/halt", title="Kiln halt",
                    text=text, provider="local", layout=layout)
    spans = [c.text for c in candidates(source) if c.kind == "sentences"]
    assert not any(s.startswith("at the cone") for s in spans)
    assert "You can then watch the cone bend." in spans
    # Nor where a passage itself begins in mid-sentence.
    rest = "will create a new kiln log for the firing. Each log has one line a minute."
    mid = Source(source_id="m", url="https://kiln.example/log", title="Kiln log", text=rest,
                 provider="local", layout=[("para", 0, len(rest))])
    assert [c.text for c in candidates(mid) if c.kind == "sentences"] == [
        "Each log has one line a minute."]


def test_where_a_name_is_used_is_its_setting_not_what_an_answer_must_say():
    # "in a class": __slots__' own first paragraph need not say "class" to answer.
    analysis = analyse("What is __cones__ used for in a studio?")
    assert "studio" in analysis.setting
    assert "studio" not in analyse("What is __cones__ used for in a studio kiln?").setting
    page = """<html><body><h1>Kiln manual</h1><h2 id="cones">__cones__</h2>
<p>*__cones__* allow us to declare the witness cones of a firing and deny the creation of
stray cones.</p>
<p>*__cones__* are set at the studio level by creating a shelf slot for each cone
number, so studio shelves cannot hold stray cones.</p>
</body></html>"""
    _, facts = _research(_html_evidence(page), "What is __cones__ used for in a studio?")
    assert facts[0].text.startswith("*__cones__* allow us to declare")


def test_a_code_symbol_is_named_by_its_shape():
    from research_pipeline.researcher.answers import focus_in
    from research_pipeline.text import symbols
    assert symbols("HEAD~2 and @{-1}.") == ["head~2", "~n", "@{-1}", "@{-n}"]
    assert symbols("<rev>~[<n>], e.g. master~3") == ["<rev>~[<n>]", "~n", "master~3"]
    assert focus_in("HEAD~2", "A suffix ~<n> means the <n>th generation ancestor.")
    assert focus_in("HEAD~2", "", heading="&lt;rev>~[&lt;n>], e.g. HEAD~, master~3")
    # Another operator, or one without its value, is not it.
    assert not focus_in("HEAD~2", "A suffix ^<n> means the <n>th parent.")
    assert not focus_in("HEAD~2", "A suffix ~ means the first parent.")


REVISIONS = """<html><body><h1>Revisions</h1><dl>
<dt>&lt;rev&gt;~[&lt;n&gt;], e.g. HEAD~, master~3</dt>
<dd><p>A suffix ~ to a revision means the first parent of that commit. A suffix ~&lt;n&gt;
to a revision means the &lt;n&gt;th generation ancestor of the named commit, following only
the first parents.</p><pre>$ git show HEAD~3</pre><p>See below for an illustration of
the usage of this form.</p></dd>
<dt>&lt;rev&gt;^[&lt;n&gt;], e.g. HEAD^, v1.5.1^0</dt>
<dd><p>A suffix ^ to a revision means the first parent of that commit. ^&lt;n&gt; means the
&lt;n&gt;th parent of the commit.</p><pre>$ git show HEAD^2</pre><p>This form is used
mostly for merge commits.</p></dd>
</dl></body></html>"""


def test_a_term_answer_goes_on_to_the_sentence_that_completes_it():
    # The entry's first sentence tells of "~" alone; the question's HEAD~2 is the second's
    # "~<n>". Both sides keep a place in the direct answer.
    evidence = _html_evidence(REVISIONS, title="Revisions", prefix="r")
    status, facts = _research(evidence, "What is the difference between HEAD~2 and HEAD^2?")
    assert status.status == "answered"
    direct = " ".join(f.text for f in facts if f.role == "answer")
    assert "generation ancestor" in direct and "th parent of the commit" in direct



def test_an_entry_that_sends_the_reader_elsewhere_lends_its_name_to_that_entry():
    # kiln.fire's entry says where its keyword arguments are described; the answer is
    # there, in an entry that never names kiln.fire.
    options = ("Several attributes control the firing:\n\n"
               "• peak (default: 1230): the highest temperature of the firing in degrees\n"
               "• hold (default: 10): the minutes the kiln holds its peak")
    evidence = [
        _entry("kiln.fire", "Fire the load and return its log. See FiringOptions class for "
                            "the keyword arguments that tune the firing."),
        _entry("kiln.FiringOptions", options, [("list", 0, len(options))]),
        _entry("kiln.glaze", "Glaze the load at a temperature of 980 degrees by default."),
    ]
    status, facts = _research(evidence, "If I call kiln.fire(load) without passing peak, "
                                        "how many degrees does the firing reach?")
    assert status.status == "answered"
    assert facts[0].source_id == "kiln.FiringOptions"
    assert "1230" in facts[0].text


def test_a_shorthands_entry_lends_its_name_to_the_entries_it_is_shorthand_for():
    # kiln.fire_now is shorthand for kiln.fire_load, which differs from kiln.fire_tray only
    # in what it logs: how many shelves it fires is said in kiln.fire_tray's entry.
    evidence = [
        _entry("kiln.fire_now", "Shorthand for 'fire_load(kiln.current(), limit, log)'."),
        _entry("kiln.fire_load", "Fire up to 'limit' shelves of the load.\n\nThis differs "
                                 "from fire_tray() in the following ways: it writes a log "
                                 "line before the firing."),
        _entry("kiln.fire_tray", "Fire up to 'limit' shelves of the tray.\n\nIf 'limit' is "
                                 "omitted or None, all shelves are fired."),
        _entry("kiln.glaze", "Glaze up to 'limit' pots at once."),
    ]
    status, facts = _research(evidence, "How many shelves does `kiln.fire_now()` fire when I "
                                        "don't give it a limit?")
    assert status.status == "answered"
    assert facts[0].source_id == "kiln.fire_tray" and "all shelves" in facts[0].text


OPERATORS = """<html><body><h1>Expressions</h1>
<h2 id="unary">Unary bitwise operations</h2>
<p>The unary "~" (invert) operator yields the bitwise inversion of its integer argument.
The bitwise inversion of "x" is defined as "-(x+1)".</p>
<h2 id="bitwise">Binary bitwise operations</h2>
<p>Each of the three bitwise operations has a different priority level: "&amp;", "^", "|".</p>
<p>The "&amp;" operator yields the bitwise AND of its arguments, which must be integers.</p>
<p>The "^" operator yields the bitwise XOR (exclusive OR) of its arguments, which must be
integers.</p>
<p>The "|" operator yields the bitwise (inclusive) OR of its arguments, which must be
integers.</p>
<h2 id="augmented">Augmented assignment</h2>
<p>An augmented assignment like "x |= y" updates the target in place with the bitwise OR.</p>
</body></html>"""


def test_operators_written_in_expressions_are_what_a_comparison_sets_apart():
    evidence = _html_evidence(OPERATORS, title="Expressions", prefix="o")
    status, facts = _research(evidence, "What's the difference between a ^ b and a | b "
                                        "when a and b are ints?")
    assert status.status == "answered"
    direct = " ".join(f.text for f in facts if f.role == "answer")
    assert "exclusive OR" in direct and "(inclusive) OR" in direct
    assert "inversion" not in direct and "|=" not in direct


def test_why_an_operator_gives_a_value_is_answered_by_its_definition():
    # The asker's expectation ("a big positive number") is no word the reason must say.
    evidence = _html_evidence(OPERATORS, title="Expressions", prefix="o")
    status, facts = _research(evidence, "Why does ~5 give -6 instead of some big positive "
                                        "number?")
    assert status.status == "answered"
    assert 'is defined as "-(x+1)"' in facts[0].text


def test_an_operator_is_named_by_its_mark_alone():
    # "|" is not named by "|=" or "||"; each operator is the term over its description.
    assert focus_in("|", 'The "|" operator yields the bitwise OR.')
    assert not focus_in("|", "d |= other") and not focus_in("|", "a || b")
    text = ("Mapping types\n=============\n\nd | other\n\n   Create a new dictionary with "
            "the merged keys and values of d and other,\n   which must both be dictionaries."
            "\n\nd |= other\n\n   Update the dictionary d with keys and values from other, "
            "which\n   may be a mapping or an iterable of key/value pairs.\n")
    evidence = _text_evidence(text, "Mapping types", "m")
    status, facts = _research(evidence, "What is the difference between d | other and "
                                        "d |= other for dicts?")
    assert status.status == "answered"
    answers = [f.text for f in facts if f.role == "answer"]
    assert any("merged keys" in a for a in answers) and any("Update the dictionary" in a
                                                            for a in answers)


def test_each_side_of_a_comparison_is_answered_by_its_own_entry():
    # Each entry's one sentence says what its side is; neither repeats the other's name.
    evidence = [_entry("kiln.fire", "Return the square root of the glaze temperature."),
                _entry("kiln.bake", "Return the square root of the bisque temperature."),
                _entry("kiln.log", "Return the glaze log of a firing that is meant for a "
                                   "bisque.")]
    status, facts = _research(evidence, "What's the difference between kiln.fire and "
                                        "kiln.bake, and which one is meant for a glaze?")
    assert status.status == "answered"
    assert [f.source_id for f in facts if f.role == "answer"] == ["kiln.fire", "kiln.bake"]


def test_why_a_name_surprises_is_answered_by_the_note_in_its_own_entry():
    text = ("Remove any common leading glaze from every pot in the load.\n\nThis can be used "
            "to make fired pots line up on the left shelf of the kiln, while still "
            "presenting them in stacked form.\n\nNote that clay and stone are both treated "
            "as ware, but they are not equal: a clay pot and a stone pot are considered to "
            "have no common leading glaze.")
    second, third = text.index("This can"), text.index("Note that")
    layout = [("para", 0, second - 2), ("para", second, third - 2),
              ("para", third, len(text))]
    status, facts = _research([_entry("kiln.strip", text, layout)],
                              "Some pots are clay and others are stone, and kiln.strip() "
                              "leaves all the glaze in place. Why?")
    assert status.status == "answered"
    assert facts[0].text.startswith("Note that clay and stone")


def test_query_words_are_no_contraction_stems_and_synonyms_only_of_a_words_forms():
    from research_pipeline.researcher.answers import synonyms
    from research_pipeline.text import question_words

    assert list(question_words("Why shouldn't I lock a folder? Doesn't it work?").values()
                ) == ["lock", "folder"]
    # "location" shares only its stem with "locate"; "running" is a form of "run".
    assert synonyms("location") == () and synonyms("located") == ("find", "found")
    assert synonyms("running") == ("execute", "ran") and synonyms("choosing")[0] == "select"


def test_a_whole_table_does_not_support_a_reason():
    table_page = ("Kiln controls\n=============\n\nThe following table summarizes the "
                  "controls of the kiln:\n\n"
                  "+------------+----------------------------+\n"
                  "| Control    | Meaning                    |\n"
                  "+============+============================+\n"
                  "| ~          | Cool the kiln by inversion |\n"
                  "+------------+----------------------------+\n"
                  "| ^          | Heat the kiln by glaze     |\n"
                  "+------------+----------------------------+\n")
    evidence = _text_evidence(table_page, "Kiln controls", "t")
    evidence.append(_doc("u", "Kiln inversion", 'The unary "~" control cools the kiln by '
                         "inversion. The inversion of heat is defined as cold."))
    status, facts = _research(evidence, "Why does ~5 cool the kiln instead of heating it?")
    assert facts and facts[0].source_id == "u"
    assert all("|" not in f.text for f in facts)


def test_an_answer_does_not_end_on_the_words_that_announce_an_example():
    html = """<html><body><h1>Kiln</h1><h2 id="fallback">FallbackGlaze Directive</h2>
<p>Use FallbackGlaze to set a glaze for any pot that has no glaze of its own, which would
otherwise be fired bare. For example</p><pre>FallbackGlaze celadon</pre>
<p>Use the disabled argument to turn that off.</p></body></html>"""
    status, facts = _research(_html_evidence(html), "What does FallbackGlaze do for a pot "
                                                    "without a glaze of its own?")
    assert status.status == "answered"
    assert facts[0].text.endswith("which would otherwise be fired bare.")


def test_a_table_answer_keeps_its_rows_and_its_footnote_quote_one_line():
    page = ("Kiln controls\n=============\n\nThe kiln has the following controls:\n\n"
            "+----------+---------------------------+\n"
            "| Control  | Meaning                   |\n"
            "+==========+===========================+\n"
            "| damper   | Sets the air in the kiln  |\n"
            "+----------+---------------------------+\n"
            "| burner   | Sets the heat of the kiln |\n"
            "+----------+---------------------------+\n")
    status, facts = _research(_text_evidence(page, "Kiln controls", "c"),
                              "Which controls does the kiln have?")
    assert status.status == "answered"
    assert facts[0].text.splitlines()[-2:] == ["damper | Sets the air in the kiln",
                                               "burner | Sets the heat of the kiln"]
    assert "\n" not in facts[0].quote


def test_commands_compared_by_their_verbs_are_named_as_commands_not_as_verbs():
    from research_pipeline.researcher.questions import analyse

    question = "What is the difference between kiln tray start and kiln tray stop?"
    # Verbs are all that tell the two commands apart: they are the sides.
    assert analyse(question).sides == (("start",), ("stop",))
    # The start entry says "stop" as a verb: that does not name the stop command, whose
    # own entry (headed "stop", its text never saying it) is the other side of the direct
    # answer.
    evidence = [
        _doc("c1", "kiln-tray(1)", "Start heating the kiln tray slowly until the cone "
             "bends, then stop heating and keep the kiln tray warm.",
             section="COMMANDS › start [--slow]"),
        _doc("c2", "kiln-tray(1)", "Let the kiln tray cool down at once instead of keeping "
             "it warm.", section="COMMANDS › stop [--now]", score=4.0),
        _doc("c3", "kiln-tray(1)", "The tray must be empty before you start a firing or "
             "stop one halfway.", section="DESCRIPTION", score=4.5),
    ]
    status, facts = _research(evidence, question)
    assert status.status == "answered"
    assert [f.source_id for f in facts if f.role == "answer"] == ["c1", "c2"]


def test_what_another_answer_left_of_a_passage_answers_before_a_passage_from_elsewhere():
    # Q1's answer takes the end of the definition passage; Q2's answer is its beginning,
    # not a passage about something else that only shares the question's words.
    text = ("A kiln definition may be wrapped by one or more glaze expressions. Glaze "
            "expressions are evaluated when the kiln is defined, in the scope that contains the "
            "kiln definition. The result must be a callable, which is invoked with the kiln "
            "object as the only argument. The returned value is bound to the kiln name instead "
            "of the kiln object. Multiple glazes are applied in nested fashion.")
    evidence = [_doc("a", "Kiln definitions", text, score=9.0),
                _doc("b", "Kiln creation", "Whenever a kiln inherits from another kiln, the "
                     "glaze hook is called on the parent kiln. This is closely related to kiln "
                     "glazes, but where glazes only affect the specific kiln they are applied "
                     "to, the hook solely applies to future kilns.", score=2.0)]
    questions = ["In which order are multiple stacked glazes applied to a kiln?",
                 "Does the kiln call my glaze again each time the glazed kiln is called?"]
    plan = ResearchPlan(topic_id="k", title="Kilns", queries=[],
                        questions=[{"id": i, "text": q} for i, q in enumerate(questions, 1)])
    researcher = ExtractiveResearcher()
    facts = researcher.extract_facts(plan, researcher.reflect(plan, evidence, 1), evidence)
    first, second = ([f for f in facts if f.question_id == q and f.role == "answer"]
                     for q in (1, 2))
    assert first[0].text.startswith("The result must be a callable")
    assert second[0].source_id == "a"
    assert "evaluated when the kiln is defined" in second[0].text


def test_a_passage_that_states_the_questions_case_answers_it_in_its_own_words():
    # "If no matching X is found ..., then ... will be used" says what happens in the case
    # the question sets, though not in the question's words ("refuse", "controller").
    evidence = [_doc("a", "Kiln selection", "If no matching FiringPlan or FiringAlias is "
                     "found for a batch in the set of kilns containing the most specific "
                     "matching shelf and door combination, then the first listed kiln that "
                     "matches that will be used.")]
    status, facts = _research(evidence, "If a batch's cone matches no FiringPlan or "
                                        "FiringAlias, does the controller refuse it?")
    assert status.status == "answered"
    assert facts[0].text.startswith("If no matching FiringPlan")
    # A passage that does not state the case still needs the question's words.
    evidence = [_doc("b", "Kiln selection", "The first listed kiln that matches a FiringPlan "
                     "or FiringAlias of the batch will be used.")]
    status, _ = _research(evidence, "If a batch's cone matches no FiringPlan or "
                                    "FiringAlias, does the controller refuse it?")
    assert status.status != "answered"


def test_a_long_list_of_steps_is_judged_by_its_head_and_quoted_whole():
    # Seven steps of ~130 characters: more than a judged span may hold. The answer is the
    # whole procedure, not the first five steps presented as if complete.
    steps = [f"Step {n}: move shelf {n} of the kiln to the cooling rack by its handles, "
             "keeping it level so that the ware on it does not slide or touch." for n in
             range(1, 8)]
    html = ("<html><body><h1>Kiln manual</h1><h2 id='unload'>Unloading</h2>"
            "<p>To unload a kiln after a firing, follow these steps:</p><ol>"
            + "".join(f"<li>{s}</li>" for s in steps) + "</ol></body></html>")
    status, facts = _research(_html_evidence(html), "How do I unload a kiln after a firing?")
    assert status.status == "answered"
    lead = next(f for f in facts if f.role == "answer")
    assert "Step 1:" in lead.quote and "Step 7:" in lead.quote
    assert lead.quote.startswith("To unload a kiln after a firing, follow these steps:")


def test_a_supporting_passage_does_not_say_again_what_the_section_already_shows():
    # Two pages share a sentence: the later quote stops before it (its new sentence
    # stays), and a third page that only repeats it is left out.
    evidence = [
        _doc("s1", "Kiln logs", "The kiln log records every firing with its peak "
             "temperature. Old entries of the kiln log expire after ninety days by default."),
        _doc("s2", "Kiln settings", "Entries no firing refers to are dropped sooner: "
             "after thirty days, unless a pin keeps them for the inspector. Old entries of "
             "the kiln log expire after ninety days by default."),
        _doc("s3", "Kiln summary", "Old entries of the kiln log expire after ninety days "
             "by default.", score=4.0),
    ]
    _, facts = _research(evidence, "How long does the kiln log keep old entries before "
                                   "they expire?")
    quotes = [f.text for f in facts]
    assert sum("ninety days" in q for q in quotes) == 1
    assert "The kiln log records every firing with its peak temperature." in quotes
    assert all(f.source_id != "s3" for f in facts)


def test_a_sentence_that_goes_on_from_the_one_before_points_back():
    # "Otherwise, ...", "In that case ..." and "It also ..." say nothing without the
    # sentence before them: like "This means ...", they are quoted with it or not at all.
    from research_pipeline.researcher.extractive import _ANAPHORA
    for opening in ("Otherwise, anyone can fire the kiln.", "In that case you can do one "
                    "of two things:", "As a result, the glaze runs.", "This means the "
                    "vent stays shut.", "It also sets the cone."):
        assert _ANAPHORA.match(opening), opening
    for opening in ("Otherwise-minded potters fire at night.", "It is possible to fire "
                    "twice.", "This directive sets the cone.", "In most cases the vent "
                    "stays open."):
        assert not _ANAPHORA.match(opening), opening


def test_a_passage_that_names_the_subject_but_not_what_is_asked_is_no_support():
    # The brass-flap sentence names kiln.vent and says nothing of why it stays open: under
    # the answer it is padding. (A page titled by the name would be its own documentation,
    # which may say less of the question's wording.)
    evidence = [
        _doc("s1", "Kiln firing", "kiln.vent stays open after a firing so that the fumes can "
             "leave the kiln.", score=9.0),
        _doc("s2", "Kiln parts", "kiln.vent is the brass flap on the lid of the kiln.",
             score=8.0),
        _doc("s3", "Kiln cooling", "While the kiln cools after a firing, kiln.vent stays open "
             "because the glaze gives off fumes.", score=7.0),
    ]
    status, facts = _research(evidence, "Why does kiln.vent stay open?")
    assert status.status == "answered"
    assert [(f.source_id, f.role) for f in facts] == [("s1", "answer"), ("s3", "support")]


def test_a_direct_answer_that_points_back_opens_on_the_sentence_it_points_to():
    # "This is done only for ..." says nothing of what "this" is: the span that opens on
    # the sentence before it answers as well and leads instead.
    text = ("When recording the glaze record, kiln.log --stamp appends a line that names the "
            "firing. This is done only for firings that finish without faults. Do not use "
            "--stamp on test tiles, because the line is useless to the buyer. If on the "
            "other hand you fire a show piece, adding this line can be useful.")
    status, facts = _research([_doc("s1", "Kiln logging", text, score=9.0)],
                              "Does kiln.log --stamp add its line for firings that end with "
                              "faults?")
    assert status.status == "answered"
    assert facts[0].role == "answer"
    assert facts[0].text.startswith("When recording the glaze record, kiln.log --stamp "
                                    "appends a line that names the firing. This is done "
                                    "only for firings that finish without faults.")


def test_a_manual_pages_name_line_defines_its_command():
    # "kiln-vent - Open the flue of a firing kiln" is what the kiln-vent page is about,
    # though the page's synopsis (code) follows it: it defines the command better than
    # another page's entry for a setting that names the command.
    name_line = "kiln-vent - Open the flue of a firing kiln on a schedule"
    synopsis = "```\nkiln vent [start | stop | status]\n```"
    page = f"{name_line}\n\n{synopsis}"
    setting = ("vent.autoStart\n\nWhen set to true, kiln-vent opens the flue by itself "
               "once the firing passes its first hold. Defaults to false.")
    evidence = [
        Evidence(Source(source_id="s1", url="https://kiln.example/kiln-config",
                        title="kiln-config(1) Manual Page", text=setting, provider="local",
                        section="CONFIGURATION › Variables › vent.autoStart",
                        layout=[("start", 0, 0), ("term", 0, 14),
                                ("para", 16, len(setting))]), 9.0, 1),
        Evidence(Source(source_id="s2", url="https://kiln.example/kiln-vent",
                        title="kiln-vent(1) Manual Page", text=page, provider="local",
                        section="SYNOPSIS",
                        layout=[("start", 0, 0), ("para", 0, len(name_line)),
                                ("code", len(name_line) + 2, len(page))]), 6.0, 1)]
    status, facts = _research(evidence, "What does kiln vent actually do?")
    assert status.status == "answered"
    assert facts[0].role == "answer"
    assert facts[0].text == name_line


def _idf_of(rare: dict[str, float]) -> ExtractiveResearcher:
    """A researcher whose collection makes the given words (by their stems) rare or common."""
    table = {stem(w): v for w, v in rare.items()}
    return ExtractiveResearcher(idf=lambda stems: {s: table.get(s, 2.5) for s in stems})


def test_an_everyday_word_is_answered_in_the_manuals_word_for_it():
    # The asker says "folder", the manual "directory": a word it uses as rarely as the
    # asker's, so it stands for it.
    text = ("The glaze directory holds one file per recipe, and kiln reads it again before "
            "every firing.")
    researcher = _idf_of({"folder": 6.0, "directory": 5.0, "glaze": 5.0})
    status, facts = _research([_doc("s1", "Glazes", text, score=9.0)],
                              "What does the glaze folder hold?", researcher=researcher)
    assert status.status == "answered"
    assert facts[0].text == text
    # "dropped" is what the manual calls "discarded".
    text = "When the kiln is full, extra pots are discarded without a warning."
    researcher = _idf_of({"dropped": 9.0, "discarded": 9.0, "pots": 3.0, "kiln": 2.0})
    status, _ = _research([_doc("s1", "Kiln", text, score=9.0)],
                          "Are extra pots dropped when the kiln is full?", researcher=researcher)
    assert status.status == "answered"
    # "spaces" are what the manual calls "whitespace".
    text = "Whitespace between the steps of a firing program is ignored."
    researcher = _idf_of({"spaces": 7.0, "whitespace": 7.0, "program": 3.0, "firing": 2.0})
    status, _ = _research([_doc("s1", "Kiln programs", text, score=9.0)],
                          "Can I put spaces between the steps of a firing program?",
                          researcher=researcher)
    assert status.status == "answered"


def test_a_word_the_manual_uses_everywhere_does_not_stand_for_a_rare_one():
    # "client" is on every page of this collection; the asker's "visitors" is said by none:
    # a passage about what the shop sends every client does not answer for its visitors.
    text = "The kiln shop sends every client a firing schedule by post."
    question = "What does the kiln shop send its visitors?"
    common = _idf_of({"visitors": 8.0, "client": 0.4, "shop": 4.0})
    status, _ = _research([_doc("s1", "Kiln shop", text, score=9.0)], question,
                          researcher=common)
    assert status.status != "answered"
    # Where the manual's word is as rare as the asker's, it stands for it.
    rare = _idf_of({"visitors": 8.0, "client": 7.0, "shop": 4.0})
    status, _ = _research([_doc("s1", "Kiln shop", text, score=9.0)], question,
                          researcher=rare)
    assert status.status == "answered"


def test_a_rare_word_said_only_about_something_else_is_the_askers_own():
    # "blow" is said once in the collection, of the glaze bucket; the passage that tells
    # why a reduction firing can crack pots says "shatter" instead.
    answer = ("Firing in reduction will work as long as the kiln cools slowly. Otherwise, "
              "the thermal shock will crack the pots and may shatter them in the kiln.")
    aside = "If you blow the dust off the glaze bucket, wear a mask first."
    researcher = _idf_of({"blow": 7.0, "reduction": 2.5, "firing": 2.0, "pots": 2.0,
                          "crack": 3.0})
    status, facts = _research(
        [_doc("s1", "Reduction firing", answer, score=9.0),
         _doc("s2", "Glaze safety", aside, score=3.0)],
        "Why can pots crack or blow up in a reduction firing?", researcher=researcher)
    assert status.status in ("answered", "partial")
    assert facts and facts[0].source_id == "s1"


SIGNALS = """<html><body><h1>Signal dispatch</h1>
<h2 id="s">Signals</h2>
<p>Signal handlers are registered with the listen call. A handler that catches a signal then
passes it on to the next handler in the chain.</p>
<p>When a signal is not handled at all, the dispatcher discards it and writes a warning to
the log.</p>
</body></html>"""


def test_a_case_clause_may_say_the_questions_words_in_its_own_forms():
    # "When an exception is not handled at all, the interpreter terminates ..." states the
    # case of "What happens to an exception that no handler catches?": "handled" for
    # "handler" and for "catches" (a synonym the documentation uses far more often).
    table = {"signal": 2.6, "handler": 3.9, "catch": 3.3, "handl": 1.5}
    researcher = ExtractiveResearcher(idf=lambda stems: {s: table.get(s, 2.5) for s in stems})
    analysis = analyse("What happens to a signal that no handler catches?")
    judged = researcher.judge.judge(analysis, _html_evidence(SIGNALS))
    case = next(j for j in judged if j.candidate.text.startswith("When a signal is not handled"))
    assert case.states_case
    assert not any(j.states_case for j in judged if "catches a signal" in j.candidate.text)


def test_a_case_set_after_the_question_opens_the_answer_that_states_it():
    # "What value does the loop variable hold after a for loop is exited with break?": the
    # sentence whose "if" clause is that case ("If a for loop is terminated by break, the
    # loop control target keeps its current value.") answers, not the one that only says
    # what break does.
    page = """<html><body><h1>Kiln programs</h1>
<h2 id="run">The kiln program and its set point</h2>
<p>A "cutoff" statement executed in the first stage ends the kiln program without running
the cooling stage, and the set point is held.</p>
<h2 id="cutoff">The cutoff statement</h2>
<p>If a kiln program is terminated by "cutoff", the program's set point keeps its current
value.</p>
</body></html>"""
    _, facts = _research(_html_evidence(page), "What value does the set point hold after a "
                                               "kiln program is exited with cutoff?")
    assert facts[0].text.startswith('If a kiln program is terminated by "cutoff"')


def test_an_acronym_is_not_matched_through_a_longer_one_that_starts_with_it():
    """ "HTTPS" is not a plural or a form of "HTTP": a passage about HTTP headers does not
    answer a question about HTTPS sites."""
    from research_pipeline.researcher.answers import _inflections, _variant
    assert "http" not in _inflections("https")
    assert "host" in _inflections("hosts") and "pot" in _inflections("pots")
    assert not _variant("http", frozenset({"https"}))
    assert _variant("compress", frozenset({"compressor"}))


def test_a_slice_of_a_reference_table_of_many_names_is_no_support():
    """A quick reference quoted for the one line that names what is asked about."""
    from research_pipeline.researcher.extractive import _index_slice
    quick = ("KilnDamper on|off | off | s | E\nWhether the damper is open\n"
             "KilnRamp degrees | 100 | sv | E\nHow fast the kiln heats\n"
             "KilnVent on|off | on | sv | E\nWhether the vent is open")
    assert _index_slice(quick, ("KilnRamp",))
    assert not _index_slice(quick, ())
    steps = "KilnRamp 100 | slow\nKilnRamp 200 | medium\nKilnRamp 300 | fast"
    assert not _index_slice(steps, ("KilnRamp",))


def test_a_module_page_calls_its_members_by_their_short_names():
    from research_pipeline.researcher.answers import member_name
    # The kiln module's page calls kiln.loader "the loader"; its options list is where the
    # answer is, and the loader's own entry only gives its signature.
    evidence = [
        _doc("m1", "kiln.loader", "The shelf argument can be any object that holds pots.",
             score=9.0),
        _doc("m2", "kiln module", "stacking - controls how pots are placed by the loader. "
             "It can take on any of the following values: STACK_TIGHT means pots touch, "
             "STACK_LOOSE means a finger's width between pots, and STACK_NONE means one "
             "pot a shelf.", score=8.0)]
    status, facts = _research(evidence, "What choices do I have for how kiln.loader places "
                              "pots on a shelf?")
    assert status.status in ("answered", "partial")
    assert facts[0].source_id == "m2" and "STACK_TIGHT" in facts[0].text
    # Only on the page of the name's own namespace, and not in its table of members.
    assert member_name("kiln.loader", "kiln module") == "loader"
    assert member_name("kiln.Rack.fill", "kiln.Rack") == "fill"
    # On another member's page, only where it is written as a call: "Note that
    # unload(loader(rack)) ..." speaks of kiln.loader, "the loader" of the unloader's own.
    assert member_name("kiln.loader", "kiln.unloader") == "loader("
    assert member_name("loader", "kiln module") == ""


def test_names_the_askers_code_binds_are_its_own_words():
    from research_pipeline.researcher.answers import AnswerJudge
    from research_pipeline.researcher.questions import bound_names, own_classes
    question = ("I start four loader threads that each loop on `batch = q.get()` and fire "
                "the batch. How do I wait until every batch has been fired?")
    assert {"batch", "batches"} <= bound_names(question)
    judge = AnswerJudge(idf=lambda stems: {s: 6.0 for s in stems})
    analysis = analyse(question)
    weights = judge.weights(analysis)
    # "batch" is the asker's word for what the manual calls a load: it weighs as little
    # as a name the asker made up, and is not what an answer must carry.
    assert weights["batch"] < weights["fired"]
    assert judge.crux(analysis, weights) != "batch"
    # A special method of the asker's own class is the language's.
    question = ("I have `class Tile(Pot)` and both define __fire__. Does the kiln try "
                "Tile.__fire__ before Pot.__fire__?")
    assert own_classes(question) == ["Tile", "Pot"]
    assert "Tile.__fire__" not in analyse(question).focus
    assert "__fire__" in analyse(question).focus
    assert own_classes("My Kiln class defines __fire__.") == ["Kiln"]


def test_a_word_said_with_un_is_what_a_passage_says_with_not():
    # "unsupported" is what "does not support" says.
    evidence = [
        _doc("u1", "Firing protocol", "These methods are only called if the left pot does "
             "not support the firing and the pots are of different clays.", score=9.0),
        _doc("u2", "Firing protocol", "A pot that supports firing has a __fire__ method; "
             "the kiln calls it once per firing.", score=8.0)]
    _, judged, _, _, _ = ExtractiveResearcher()._judged(
        "Why is an unsupported firing of two pots of different clays skipped?", evidence,
        "Kilns")
    best = judged[0]
    assert best.candidate.source.source_id == "u1" and "unsupported" in best.matched


def test_a_yes_no_question_is_not_answered_by_its_focus_entry_alone():
    # kiln.loader's own entry names it, but says nothing of the spacing asked about.
    evidence = [_doc("y1", "kiln.loader", "The rack argument can be any object that returns "
                     "a tray for each turn, such as a cart or a list. The loader also "
                     "accepts keyword arguments which override settings of the kiln.",
                     score=9.0)]
    status, facts = _research(evidence, "Our studio's pots come out with a gap after every "
                              "pot, and kiln.loader leaves the gap there. Is that what it "
                              "does with the default settings?")
    assert status.status != "answered"


def test_a_question_about_which_comes_first_is_answered_only_by_a_passage_that_says_so():
    from research_pipeline.researcher.questions import order_case
    # Both methods are named and said to be tried; which first is the question.
    evidence = [
        _doc("o1", "Firing hooks", "Otherwise, pot.__fire__(kiln) and kiln.__rfire__(pot) "
             "are considered, as with the firing of a pot in a kiln.", score=9.0),
        _doc("o2", "Glazes", "A glaze is mixed from clay and water.", score=5.0)]
    status, facts = _research(evidence, "I have `class Tile(Pot)`. Does the kiln try "
                              "Tile.__rfire__ before Pot.__fire__?")
    assert status.status == "unanswered" and "order" in status.note
    assert order_case("Is the hook called before the glaze?") == "before"
    # A condition is no order asked about.
    assert order_case("Can I delete a branch after merging it?") == ""
    assert order_case("What happens before the build starts?") == ""


def test_ways_counted_before_a_colon_answer_a_what_are_my_options_question():
    # "once I call start()" says when; "my options" asks for ways, not names of options;
    # "There are two ways to ...: by ..., or by ..." is the list of them.
    question = ("I'm new to kilns. What are my options for giving a kiln.Firing the pots it "
                "should fire once I call start()?")
    analysis = analyse(question)
    assert "start" in analysis.scene and "kiln.Firing" not in analysis.scene
    evidence = [
        _doc("w1", "kiln.Firing", "This class can be subclassed in a limited fashion. There "
             "are two ways to give it its pots: by passing a rack to the constructor, or by "
             "overriding the load() method in a subclass.", score=9.0),
        _doc("w2", "kiln.Firing.start", "Start the firing. It must be called at most once "
             "per firing object.", score=8.0)]
    status, facts = _research(evidence, question)
    assert status.status == "answered"
    assert facts[0].source_id == "w1" and "two ways" in facts[0].text


def test_a_passage_that_shares_only_the_askers_setting_does_not_support_the_answer():
    # "table ... column ... database" shares the asker's setting, nothing it asks.
    evidence = [
        _doc("s1", "kiln module", "Kiln objects have these methods: fire(): Fire the kiln "
             "and return the peak temperature as a number. firelog(): Like fire() except "
             "the peak is returned as a string of the log's lines.", score=9.0),
        _doc("s2", "ledger.blobopen", "table Table name. column Column name. row Row index. "
             "readonly Open the entry without write permissions. name Ledger database name.",
             score=8.0)]
    status, facts = _research(evidence, "I'm storing firing results in a text column of a "
                              "ledger database. What's the difference between what "
                              "k.fire() and k.firelog() give me?")
    assert facts and facts[0].source_id == "s1"
    assert all(f.source_id != "s2" for f in facts)


def test_the_choices_a_list_question_asks_for_need_not_be_called_so():
    # "What choices do I have ...": the list gives the constants, never the word "choices".
    page = """The kiln module logs firings.

The logger takes these settings:

* stamping - controls when timestamps should be written by the logger.
  It can take on any of the following module constants:
  kiln.STAMP_MINIMAL means only when required, for example, when a firing fails.
  kiln.STAMP_ALL means that timestamps are always written before each line.
  kiln.STAMP_NONE means that timestamps are never written.
* delimiter - the character written between the fields of a line.
"""
    status, facts = _research(_text_evidence(page, "kiln module", "c"),
                              "What choices do I have for when kiln.logger puts a "
                              "timestamp in front of a line?")
    assert status.status == "answered"
    assert "STAMP_ALL" in facts[0].text


def test_a_call_with_literal_arguments_asks_for_the_value_it_comes_to():
    assert analyse("What does kiln.cool([]) return?").answer_type == "number"
    assert analyse("What does round(2.5) give?").answer_type == "number"
    # Without values, or with the asker's placeholders, it asks what the function gives.
    assert analyse("What does kiln.cool() return?").answer_type != "number"
    assert analyse("What does kiln.cool(load, rate) return?").answer_type != "number"


def test_an_answer_that_names_a_value_is_given_with_the_sentence_that_states_it():
    page = """<html><body><h1>Kiln manual</h1><h2 id="cool">kiln.cool</h2>
<p>Return the lowest temperature reached by the pieces of the load. The default resting
value for the chamber is 40 degrees.</p>
<p>When the load is empty, return the resting value. This function is meant for ceramic
loads and may refuse glass.</p></body></html>"""
    status, facts = _research(_html_evidence(page), "What does kiln.cool([]) return?")
    assert status.status == "answered"
    direct = [f.text for f in facts if f.role == "answer"]
    # The value first, where the page gives it, then the answer that names it.
    assert direct[0] == "The default resting value for the chamber is 40 degrees."
    assert direct[1].startswith("When the load is empty, return the resting value.")


def test_a_definition_is_the_sentence_that_introduces_the_term_asked_about():
    page = """<html><body><h1>Glaze recipes</h1>
<p>The mixer and the kiln log read the same batch sheets.</p>
<p>Batch sheets contain “glaze lines” set between square brackets. Anything outside the
brackets is a note, which the mixer ignores.</p>
<h2 id="spec">Line specifications</h2>
<p>“Line specifications” are used within glaze lines contained within a batch sheet to
define how each ingredient is weighed. They can also be given to the mixer directly.</p>
</body></html>"""
    status, facts = _research(_html_evidence(page),
                              "What are glaze lines in a batch sheet?")
    assert status.status == "answered"
    # Not the sentence that defines another marked term and mentions glaze lines in passing.
    assert facts[0].text.startswith("Batch sheets contain “glaze lines”")


def test_a_direct_answer_does_not_run_on_into_the_sentence_that_answers_another_question():
    page = """<html><body><h1>Glaze recipes</h1>
<p>Batch sheets contain “glaze lines” set between square brackets. Anything outside the
brackets is a note, which the mixer ignores. If you need a square bracket in a note, it
can be escaped by doubling it: "[[" and "]]".</p></body></html>"""
    plan = ResearchPlan(topic_id="k", title="Glazes", queries=[], questions=[
        {"id": 1, "text": "What are glaze lines in a batch sheet?"},
        {"id": 2, "text": "How can a literal square bracket be included in a note?"}])
    researcher = ExtractiveResearcher()
    evidence = _html_evidence(page)
    facts = researcher.extract_facts(plan, researcher.reflect(plan, evidence, 1), evidence)
    direct = {f.question_id: f.text for f in facts if f.role == "answer"}
    assert direct[1].startswith("Batch sheets contain") and "doubling" not in direct[1]
    assert direct[2].startswith("If you need a square bracket in a note")


def test_a_name_mentioned_only_to_compare_with_is_not_what_a_passage_is_about():
    evidence = [
        _doc("e1", "kiln.profile", "The arguments to this decorator can be used to customize "
             "this behavior: ramp_default sets the ramp of each firing, and segments lists "
             "the functions that describe firing segments, similar to kiln.segment().",
             score=9.0),
        _doc("e2", "kiln.segment", "Return an object to identify firing segments. ramp is the "
             "rate of the segment in degrees an hour, and hold is how long it stays at its "
             "peak.", score=8.0)]
    status, facts = _research(evidence, "How does kiln.segment customise a segment?")
    assert status.status == "answered"
    assert facts[0].source_id == "e2"


def test_what_an_option_offers_over_another_answers_how_it_is_safer():
    page = """<html><body><h1>kiln(1) Manual Page</h1><h2 id="opts">OPTIONS</h2><dl>
<dt>--slow-cool</dt><dd><p>Usually, kiln refuses to open a chamber whose load is still hot to
the touch.</p><p>The protection it offers over --cool is ensuring that glazed ware is not cracked
by a draught, but this is defeated if the door is propped open. This option overrides the
room check if the load has rested for an hour.</p><p>LONG</p></dd>
<dt>--cool</dt><dd><p>Cool the chamber with the fan.</p><p>LONG</p></dd></dl></body></html>"""
    # Descriptions as long as a manual's make each option a term with its own text.
    page = page.replace("LONG", "Each firing in this mode is logged with its start time, "
                        "its peak and its cooling time, and the log is kept until the "
                        "next firing of the same kiln replaces it. " * 3)
    status, facts = _research(_html_evidence(page, title="kiln(1) Manual Page"),
                              "How is kiln --slow-cool safer than plain --cool?")
    assert status.status == "answered"
    assert facts[0].text.startswith("The protection it offers over --cool")


def test_two_calls_that_differ_by_a_positional_argument_are_told_apart_by_its_case():
    page = """<html><body><h1>Kiln library</h1>
<h2 id="fire">kiln.fire(mode=None, hold=0)</h2>
<p>Fire the load in the chamber, using mode as the firing schedule.</p>
<p>If mode is given, each stage is held for its own length and no stage is ever shortened
to save power.</p></body></html>"""
    status, facts = _research(_html_evidence(page),
                              "What is the difference between kiln.fire() and "
                              "kiln.fire('bisque')?")
    assert status.status == "answered"
    assert facts[0].text.startswith("If mode is given")


def test_a_method_called_on_the_askers_variable_is_the_method_of_the_module_asked_about():
    evidence = [
        _doc("e1", "kilnconf.RawKilnConf.load", "Load and parse a list of firing schedules. "
             "Schedules that cannot be opened are silently skipped, so a missing schedule "
             "file is not an error.", score=9.0),
        _doc("e2", "kilnconf module", "Firing schedules for kilns, read from plain text.",
             score=8.0)]
    question = ("I call sched.load(['bisque.txt', 'glaze.txt']) and one of the schedule "
                "files is missing. Is a missing schedule file an error for load()?")
    plan = ResearchPlan(topic_id="k", title="Reading firing schedules with kilnconf",
                        queries=[], questions=[{"id": 1, "text": question}])
    researcher = ExtractiveResearcher()
    status = researcher.reflect(plan, evidence, 1).assessments[0]
    # "sched" is the asker's own variable: the method's entry in kilnconf is what it calls.
    assert "sched.load" not in status.note
    assert status.status != "unanswered"
    facts = researcher.extract_facts(plan, researcher.reflect(plan, evidence, 1), evidence)
    assert facts and facts[0].source_id == "e1"


def test_the_names_an_askers_code_binds_or_passes_are_its_own():
    # A lambda's or a def's parameters, the attributes read off them, and a bare name passed
    # as an argument's value: none of them is the documentation's word.
    assert {"e", "dept"} <= bound_names("I sort with `staff.sort(key=lambda e: e.dept)`.")
    # Every target of a for loop it writes.
    assert {"root", "dirs", "files"} <= bound_names(
        "`for root, dirs, files in os.walk('photos'): open(f)`")
    assert {"connect", "host", "timeout", "retries"} <= bound_names(
        "What does the lone `*` mean in `def connect(host, *, timeout=10, retries=3)`?")
    assert "slow_lookup" not in " ".join(bound_names("`f(x=None)`"))
    assert {"slow", "lookup"} <= bound_names("`names.sort(key=slow_lookup)`")
    analysis = analyse("I sort 10,000 customer names with `names.sort(key=slow_lookup)`. How "
                       "many times does slow_lookup run for each name?")
    # The asker's function only sets the scene: no source has to name it.
    assert "slow_lookup" in analysis.scene
    assert not {"none", "true"} & bound_names("`f(a=None)` and `g(b=True)`")


def test_the_function_the_askers_code_defines_is_its_own_not_the_question_s_focus():
    # The keyword that defines it is no name the answer must carry ...
    lone = analyse("What does the lone `*` mean in `def connect(host, *, timeout=10)`? "
                   "There's no name after it.")
    assert lone.focus[0] == "*" and "def" not in lone.focus
    # ... the asker's word for the mark it points at is its own ...
    assert "lone" in lone.setting
    # ... and its calls show the form asked about, under the asker's name.
    calls = analyse("With `def area(w, h)`, the call `area(h=2, *[5])` works but "
                    "`area(w=5, *[2])` fails, even though I wrote the starred part last. Why?")
    assert "def" not in calls.focus
    assert {"area(h=2, *[5])", "area(w=5, *[2])"} <= set(calls.scene)
    # What the asker did that should have made it work is no word the reason must say.
    assert {"though", "wrote", "last"} <= set(calls.setting)
    # A special method it defines is the language's, and a statement written out is
    # still about its keyword.
    hook = analyse("My class logs every read: `def __getattribute__(self, name): "
                   "return self.__dict__[name]`. How do I read attributes in it?")
    assert hook.focus[0] == "__getattribute__"
    assert "del" in analyse("What does `del x` actually do to the variable x?").focus


def test_a_trade_off_between_two_ways_is_a_comparison_of_the_argument_set():
    asked = analyse("Instead of assigning the entry back, I could open the store with "
                    "writeback=True. What's the trade-off between the two?")
    assert asked.answer_type == "comparison"
    assert "writeback" in asked.focus
    assert "trade" not in asked.content


def test_a_summary_line_too_short_to_quote_leaves_the_opening_to_what_the_entry_does():
    text = ("Kiln log reader.\n\nFor each firing in the log (the oldest first), yields a "
            "pair of the firing's date and its peak heat.\n\nWhen strict is true, the "
            "reader raises an error for each firing whose line in the log is damaged.")
    first, second = 0, text.index("For each")
    layout = [("para", first, text.index("\n\n")), ("para", second, text.index("\n\nWhen")),
              ("para", text.index("When"), len(text))]
    status, facts = _research([_entry("kiln.read_log", text, layout)],
                              "What does kiln.read_log give me for each firing?")
    assert status.status == "answered"
    assert facts[0].text.startswith("For each firing in the log")


def test_a_sentence_naming_what_one_short_line_of_code_spells_out_does_not_dangle():
    from research_pipeline.researcher.answers import candidates, dangles

    def lead_in(sentence: str, code: str) -> bool:
        text = f"{sentence}\n\n```\n{code}\n```\n\nThe rest of the entry says more of it."
        at = text.index("```")
        layout = [("start", 0, 0), ("para", 0, len(sentence)),
                  ("code", at, text.index("```", at + 3) + 3),
                  ("para", text.index("The rest"), len(text))]
        source = Source(source_id="w", url="https://x.example/w", title="kiln.walk",
                        text=text, provider="local", section="kiln.walk", layout=layout)
        return dangles(next(c for c in candidates(source) if c.text == sentence))

    assert not lead_in("For each shelf of the kiln, from the top down, yields a 3-tuple",
                       "shelf, pieces, heat")
    # Cut off on a little word, it needs the code to say anything ...
    assert lead_in("Firing the load at the setting for its clay is equivalent to",
                   "kiln.fire(load, heat=clay.heat)")
    # ... and before a program it promises what it leaves out.
    assert lead_in("For each shelf of the kiln, from the top down, yields a 3-tuple",
                   "for shelf in kiln:\n    print(shelf)")
    # Ending on a verb the command after it is the object of, it tells only to type it.
    assert lead_in("If the glaze came out right, type", "$ kiln mark good")



def test_a_method_a_module_page_lists_under_its_signature_is_the_askers_call():
    from research_pipeline.researcher.extractive import _objects_resolved

    def page(i: int, title: str, text: str) -> Evidence:
        return Evidence(Source(source_id=f"p{i}", url=f"https://kiln.example/{i}",
                               title=title, text=text, provider="local", section="",
                               layout=[("start", 0, 0), ("para", 0, len(text))]), 10.0 - i, 1)
    question = "Which spellings will conf.getflag() read as off?"
    listing = "getflag(section, option)\nLike get(), but read the value as on or off.\n"
    resolved = _objects_resolved(analyse(question), [page(1, "kilnconf module", listing)],
                                 "Settings with kilnconf")
    # "conf" is the asker's variable; the module's page lists the method it calls.
    assert resolved.focus == ("getflag",) and "conf" not in resolved.content
    # Listed on another module's page, it is not; nor named in passing where a text also
    # names the variable (the asker's word is then more than its handle on the object).
    for title, text in (("ovenlog module", listing),
                        ("kilnconf module", "Use getflag() on conf for flags.")):
        assert _objects_resolved(analyse(question), [page(1, title, text)],
                                 "Settings with kilnconf").focus == ("conf.getflag",)
    # Named in passing as a call in prose, it is the method the prose speaks of, as a call
    # ("getflag(": the "getflag=False" of some signature is no mention of it).
    resolved = _objects_resolved(analyse(question), [page(1, "kilnconf module",
                                                          "Use getflag() for flags.")],
                                 "Settings with kilnconf")
    assert resolved.focus == ("getflag(",) and "conf" not in resolved.content


def test_a_methods_section_under_its_class_in_a_reference_page_is_its_own():
    from research_pipeline.researcher.answers import _member_section
    section = "Kilns › class Kiln([load]) › fire(*, heat=None, hold=False)"
    assert _member_section("kilns.Kiln.fire", section)
    assert _member_section("builtins.Kiln.fire", "class Kiln › fire(heat)")
    # Another class's method of that name, or the class's section alone, is not.
    assert not _member_section("kilns.Oven.fire", section)
    assert not _member_section("kilns.Kiln.fire", "Kilns › class Kiln([load])")
    assert not _member_section("kilns.Kiln.cool", section)
    # Nor is a name that is no member of a class.
    assert not _member_section("kilns.fire", "Kilns › fire(heat)")


def test_a_comparison_that_points_back_compares_what_its_setup_named():
    asked = analyse("Instead of assigning the entry back, I could open the store with "
                    "writeback=True. What's the trade-off between the two?")
    # "the two" are what the setup named: its name is what an answer must speak of.
    assert asked.focus == ("writeback",) and "writeback" not in asked.scene
    assert "two" not in asked.content
    # A count the question asks about is still its own word.
    assert "two" in analyse("kiln.mode(['red', 'red', 'blue', 'blue']) - which one do I "
                            "get back when two values are tied?").content


KILN_METHODS = """Glaze hooks
***********

kiln.__heat__(self)
kiln.__cool__(self)

   These are the so-called firing hooks. By default, the kiln implements "__cool__()" by
   using "__heat__()" in reverse, switching the elements off one by one.
   There are no other implied relations among the hooks; a hook left out does nothing.
   To automatically generate the remaining firing hooks from a single root hook, see
   "kilnlib.full_firing()".
"""


def test_a_purpose_with_where_to_turn_for_it_answers_a_how_question():
    # "To <do it>, see <the helper>" tells how; "by using" inside a description of what
    # the kiln does by default does not.
    status, facts = _research(_text_evidence(KILN_METHODS, "Kiln hooks", "h"),
                              "How can I get all the firing hooks on a kiln when I only "
                              "define __heat__ and __cool__?")
    assert status.status == "answered"
    assert facts[0].role == "answer"
    assert "kilnlib.full_firing()" in facts[0].text


KILN_FIRE = """Kiln controller
***************

fire(*, curve=None, hold=False)

   This method fires the load in place, using only the zones that are switched on.

   If a curve function is given, call it once for each segment of the schedule and heat
   the zones according to its values. The hold flag keeps the last temperature.
"""


def test_a_name_passed_by_keyword_is_asked_about_as_its_parameter():
    # "my_ramp" is the asker's name for the curve function: "once" next to "curve" answers
    # how many times it runs, and "curve=None" in the signature says no count.
    status, facts = _research(_text_evidence(KILN_FIRE, "Kiln controller", "f"),
                              "I fire 40 pots with `fire(curve=my_ramp)`. How many "
                              "times does my_ramp run for each zone?")
    assert status.status in ("answered", "partial")
    assert facts[0].role == "answer"
    assert facts[0].text.startswith("If a curve function is given, call it once")



def test_a_lone_operator_is_not_named_by_emphasis_or_a_starred_name():
    from research_pipeline.researcher.answers import focus_in
    assert focus_in("*", 'Parameters after “"*"” are keyword-only parameters.')
    assert not focus_in("*", "Fire the *cone* for *hold* seconds.")
    assert not focus_in("*", 'If the form “"*identifier"” is present, it is a tuple.')


FUNCTION_DEFINITIONS = """Function definitions
********************

A function definition defines a user-defined function object.

   Parameters after "*" or "*identifier" are keyword-only parameters and may only be
   passed by keyword arguments. Parameters before "/" are positional-only parameters.
"""

KILN_FIRE_API = """kiln.fire
*********

Fire the *cone* in the kiln, and hold the top temperature for *hold* seconds before
the kiln cools down on its own.
"""


def test_the_lone_star_of_a_parameter_list_is_answered_in_the_reference_s_terms():
    # "fire", "cone", "hold", "vent" and "ramp" are the asker's names: the page that
    # shares them and writes "*" only as emphasis does not answer; the definition of the
    # parameters after a bare "*" does.
    evidence = (_text_evidence(KILN_FIRE_API, "kiln.fire", "f")
                + _text_evidence(FUNCTION_DEFINITIONS, "Function definitions", "d"))
    status, facts = _research(evidence, "What does the lone `*` mean in "
                                        "`def fire(cone, *, hold=10, vent=2, ramp=3)`?")
    assert status.status == "answered"
    assert facts[0].role == "answer" and "keyword-only parameters" in facts[0].text


def test_a_reason_given_in_the_manuals_terms_answers_the_askers_telling_of_it():
    # The asker tells the case in everyday words ("a folder that exists on disk"); the
    # manual gives the reason in its own ("objects in the filesystem"), with its cue
    # words: that answers why, though it covers little of the telling.
    text = ("It is important to never use a &lt;Vent> section when trying to cool objects in "
            "the chamber. This is because many different vent settings could map to the "
            "same chamber, allowing your cooling to be circumvented.")
    researcher = _idf_of({"vent": 6.0, "folder": 6.0, "exists": 4.0, "cool": 5.0,
                          "chamber": 5.0, "shelf": 6.0, "bench": 6.0})
    question = ("Why shouldn't I use a <Vent> section to cool a shelf folder that exists on "
                "the bench in the chamber?")
    status, facts = _research([_doc("v1", "Kiln sections", text, score=9.0)], question,
                              researcher=researcher)
    assert status.status == "answered"
    assert facts[0].text.startswith("It is important to never use")
    # The same sentences with no reason in them only tell what to do.
    plain = text.replace("This is because many", "Many")
    status, _ = _research([_doc("v2", "Kiln sections", plain, score=9.0)], question,
                          researcher=researcher)
    assert status.status != "answered"


def test_how_a_thing_comes_out_is_no_word_of_what_it_is():
    analysis = analyse("Why does a merge inside a shallow kiln blow up into lots of "
                       "conflicts, and why does its log end up stored twice?")
    assert "blow" not in analysis.content and "end" not in analysis.content
    assert {"merge", "shallow", "conflicts", "stored"} <= set(analysis.content)


def test_a_refined_kind_s_own_entry_says_what_it_does_differently():
    assert refines("kiln.BoundedKiln", "kiln.Kiln")
    assert refines("NamedTemporaryFile", "TemporaryFile")
    assert not refines("kiln.Kiln", "kiln.BoundedKiln")
    assert not refines("rsplit", "split")  # no kind named with a qualifier
    # Only the refined kind's entry is found: it says what that kind adds.
    evidence = [_doc("b1", "kiln — Kiln control", "A bounded kiln checks to make sure its "
                     "current temperature never exceeds its rated temperature. If it does, "
                     "OverheatError is raised.", section="kiln.BoundedKiln", score=9.0)]
    question = ("For firing a load of 5 pots, should I use kiln.BoundedKiln or a plain "
                "kiln.Kiln? What does the bounded one do differently?")
    status, facts = _research(evidence, question)
    assert status.status == "answered"
    assert facts[0].source_id == "b1"
    # Found alone, the base kind's entry does not say what the refined one does.
    evidence = [_doc("k1", "kiln — Kiln control", "A kiln fires the load placed in its "
                     "chamber, and it is raised to the temperature of the firing.",
                     section="kiln.Kiln", score=9.0)]
    status, _ = _research(evidence, question)
    assert status.status != "answered"


def test_code_named_in_the_reference_s_terms_is_what_a_question_hinges_on():
    # `self.__token` is a private name: that, not "attribute" (the rarest plain word of
    # the asker's telling), is what an answer must speak of.
    question = ("Why does self.__token in my class end up stored as an attribute called "
                "_MyClass__token?")
    researcher = _idf_of({"attribute": 3.1, "private": 3.0, "token": 3.5, "stored": 1.7,
                          "class": 2.2, "name": 1.1, "called": 1.0, "myclass": 3.8})
    judge = researcher.judge
    analysis = analyse(question)
    assert judge.crux(judge.required(analysis), judge.weights(analysis)) == "private"
    evidence = [
        _doc("a1", "Customizing attribute access", "This method should return the computed "
             "attribute value. In order to avoid infinite recursion in this method, its "
             "implementation should always call the base class method with the same name to "
             "access any attributes it needs.", score=9.0),
        _doc("p1", "Reserved classes of identifiers", "Class-private names. Names in this "
             "category, when used within the context of a class definition, are re-written "
             "to use a mangled form to help avoid name clashes between private attributes "
             "of base and derived classes.", score=7.0)]
    status, facts = _research(evidence, question, researcher=researcher)
    assert status.status == "answered"
    assert facts[0].source_id == "p1"


def test_the_label_of_an_aside_is_no_word_of_what_it_says():
    # "Note that this option ..." says nothing of git notes: a passage about pack sizes
    # does not answer how large a note may be.
    evidence = [_doc("p1", "kiln-pack(1) Manual Page", "The minimum size allowed is limited to "
                     "1 MiB. The default is unlimited. Note that this option may result in a "
                     "larger and slower kiln.", score=9.0)]
    status, _ = _research(evidence, "What is the maximum size of a single note that kiln "
                          "notes will store?")
    assert status.status != "answered"


def test_a_cue_said_twice_in_other_forms_is_one_cue():
    from research_pipeline.researcher.answers import _YESNO_RE, _cues
    assert _cues(_YESNO_RE, "Ignore revisions listed in the file. Comments are ignored.") == (
        pytest.approx(1 / 3))
    assert _cues(_YESNO_RE, "The report does not tell you anything.") == pytest.approx(2 / 3)


def test_a_users_home_in_prose_is_no_operator():
    assert "bitwise" not in analyse("Is it safe to give students their own ~name pages?"
                                    ).content
    assert {"bitwise", "inversion"} <= set(analyse("Why does ~5 give -6?").content)
    assert "bitwise" in analyse("What does `~mask` do to an int?").content


def test_a_configuration_line_names_its_directive_with_the_askers_values():
    analysis = analyse("I added `Header set X-Frame-Options DENY` and it shows up on normal "
                       "pages, but my redirects don't have it. Why?")
    assert "Header" in analysis.focus
    assert "Header set X-Frame-Options DENY" in analysis.scene
    # Written as code, the directive is a name an answer must carry.
    from research_pipeline.researcher.answers import AnswerJudge
    assert AnswerJudge.required(analysis).focus == ("Header",)


def test_a_call_the_asker_writes_names_what_it_calls():
    from research_pipeline.researcher.answers import AnswerJudge
    # A method called on a new instance is the class's method; the asker's values only set
    # the scene.
    renamed = analyse("I ran `Kiln('racks/old.log').rename('new.log')` expecting the log to "
                      "stay in racks/. Why did it move?")
    assert "Kiln.rename" in renamed.focus
    assert "Kiln('racks/old.log').rename('new.log')" in renamed.scene
    assert "Kiln('racks/old.log').rename('new.log')" not in AnswerJudge.required(renamed).focus
    # The function an expression calls is what it asks about.
    shifted = analyse("Can I write `now + kilntime(hours=-1.5)` with a negative number?")
    assert AnswerJudge.required(shifted).focus == ("kilntime",)
    # A configuration line's arguments may hold "=": it still names its directive.
    line = analyse("What does `FireTimeout header=20-40,MinRate=500` mean?")
    assert "FireTimeout" in AnswerJudge.required(line).focus
    assert "FireTimeout header=20-40,MinRate=500" in line.scene


def test_a_path_no_source_says_is_the_askers_own_layout():
    # "/home/ann/kiln_logs" is the asker's; the manual describes the mapping for any user.
    evidence = [_doc("u1", "Per-user kiln logs", "To serve every user's firing logs "
                     "without a tilde in the URL, use the LogDir directive, which maps a URL "
                     "of the form /logs/name/ to the kiln_logs directory in that user's home "
                     "directory.", score=9.0)]
    question = "How do I serve /logs/ann/ from /home/ann/kiln_logs without a tilde?"
    status, facts = _research(evidence, question)
    assert status.status == "answered"
    assert facts[0].source_id == "u1"


KILN_SCHEDULE = """<html><body><h1>kiln-care(1) Manual Page</h1>
<h2 id="sched">SCHEDULE</h2>
<p>The standard plan uses the following schedule for each care task:</p>
<ul><li>vent-check: hourly.</li><li>shelf-wash: daily.</li><li>element-test: weekly.</li></ul>
<h2 id="conf">CONFIGURATION</h2>
<p>care.auto sets whether the care tasks run on their own, and is true by default.</p>
</body></html>"""


def test_how_often_is_answered_by_a_frequency_in_words():
    status, facts = _research(_html_evidence(KILN_SCHEDULE, title="kiln-care(1) Manual Page"),
                              "I turned on kiln care. Which care tasks will it run, and how "
                              "often?")
    assert status.status == "answered"
    assert "vent-check: hourly" in facts[0].text


def test_the_rule_that_brings_about_what_the_asker_saw_is_the_reason():
    # No "because": the case in which the file is removed is why it was deleted.
    evidence = [_doc("r1", "kiln-restore(1) Manual Page", "Restore specified shelves in "
                     "the kiln from a restore source. If a shelf is tracked but does not "
                     "exist in the restore source, it will be removed to match the source.",
                     score=9.0)]
    status, facts = _research(evidence, "I ran kiln restore --source=old on my shelves, and "
                              "a shelf I had added since then disappeared. Why was it "
                              "deleted?")
    assert status.status == "answered"
    assert "it will be removed" in facts[0].text


def test_the_people_of_the_askers_story_are_never_what_it_hinges_on():
    researcher = _idf_of({"browsers": 6.0, "status": 3.2, "code": 3.0})
    judge = researcher.judge
    analysis = analyse("Which status code do browsers get when a kiln page has moved?")
    assert judge.crux(judge.required(analysis), judge.weights(analysis)) == "status"


def test_a_format_specifier_is_a_name_the_answer_must_carry():
    assert "%2+" in analyse("What does %2+ stand for in a VirtualDocumentRoot path?").focus
    assert "%{Referer}i" in analyse("What does %{Referer}i log?").focus
    assert analyse("Is 50% of the cache used?").focus == ()
    # The directive's own entry, which never writes "%2+", does not answer it.
    evidence = [_doc("v1", "kiln_vhost module", "The VirtualKilnRoot directive lets you "
                     "determine where the kiln finds your glazes, based on the value of the "
                     "server name.", section="VirtualKilnRoot Directive", score=9.0)]
    status, _ = _research(evidence, "What does %2+ stand for in a VirtualKilnRoot path?")
    assert status.status == "unanswered"


def test_a_list_question_may_open_with_a_preposition():
    from research_pipeline.researcher.questions import answer_type
    assert answer_type("In what forms can I tell UserDir where to find them?") == "list"
    assert answer_type("On which platforms does the kiln run?") == "list"


def test_the_plural_a_question_opens_with_decides_its_type_over_a_degree_it_is_for():
    from research_pipeline.researcher.questions import answer_type
    assert answer_type("What settings does the kiln have for how much of the heat it "
                       "logs?") == "list"
    # A second question asked beside the first ("and how often?") still asks for a value.
    assert answer_type("Which tasks will the kiln run for me, and how often?") == "number"
    assert answer_type("How much heat does the kiln log?") == "number"


def test_at_most_asks_for_a_limit_not_any_count():
    # "all tasks" in a synopsis counts nothing the question asks for: "at most" asks for a
    # limit, which a page states as one ("limited to 50 thousand shelves").
    synopsis = _doc("s1", "kilnctl(1) Manual Page", "kilnctl run ( all | vent | loose-shelves ) "
                    "Run the given loose-shelves care task on the loose shelves of a stack (or "
                    "all tasks, if all was specified).", score=9.0)
    question = ("How many loose shelves does the loose-shelves care task put into a stack in "
                "one run at most?")
    status, _ = _research([synopsis], question)
    assert status.status != "answered"
    limit = _doc("m1", "kiln-care(1) Manual Page", "The loose-shelves care task puts loose "
                 "shelves into a stack: each run is limited to 50 thousand loose shelves.",
                 score=8.0)
    status, facts = _research([synopsis, limit], question)
    assert status.status == "answered"
    assert facts[0].source_id == "m1"


def test_a_plural_is_no_form_of_not():
    # "notes" less "es" is "not", a word every page says: "-es" follows a hissing sound.
    from research_pipeline.researcher.answers import _inflections
    assert "not" not in _inflections("notes") and "note" in _inflections("notes")
    assert "not" not in _inflections("noted")
    assert {"box", "match", "class"} <= _inflections("boxes") | _inflections("matches") | (
        _inflections("classes"))


def test_a_size_of_something_else_does_not_answer_a_size_question():
    html = """<html><body><h1>Kiln controller</h1>
<h2 id="programs">Program storage</h2>
<p>The controller keeps its firing programs in blocks. Multi-level indexes may be needed
so that no single index block exceeds the format's max block size of 64 KiB, but not the
program's own size.</p>
<h2 id="logbook">Logbook</h2>
<p>Each firing may carry a logbook note that records the glaze batch and the cone
reached.</p></body></html>"""
    status, facts = _research(_html_evidence(html), "What is the maximum size of a single "
                              "logbook note that the kiln controller will store?")
    assert status.status == "unanswered" and facts == []


def test_the_entry_of_a_longer_name_does_not_define_a_plain_word():
    html = """<html><body><h1>kiln-notes(1)</h1>
<h2 id="env">ENVIRONMENT</h2>
<dl><dt>KILN_NOTES_ARCHIVE_DIR</dt><dd><p>Which directory the old notes of a firing are
moved to when the firing is archived.</p><p>LONG</p></dd>
<dt>KILN_NOTES_DISPLAY_REF</dt><dd><p>Which notes are shown beside a firing in the
log.</p><p>LONG</p></dd></dl></body></html>"""
    # Descriptions as long as a manual's make each variable a term with its own text.
    html = html.replace("LONG", "The directory is made when the first firing is archived "
                        "and is kept until the kiln is reset to its factory settings. " * 3)
    status, _ = _research(_html_evidence(html), "What is a kiln note?")
    assert status.status != "answered"


def test_a_section_headed_by_another_thing_does_not_define_a_plain_word():
    html = """<html><body><h1>kiln-notes(1)</h1>
<h2 id="strategies">NOTES MERGE STRATEGIES</h2>
<p>The default notes merge strategy is "manual", which checks out conflicting kiln notes in
a work tree and asks the potter to resolve them there.</p>
<h2 id="glazes">Glaze recipes</h2>
<p>A glaze recipe lists the oxides of a glaze by weight.</p></body></html>"""
    status, _ = _research(_html_evidence(html), "What is a kiln note?")
    assert status.status != "answered"
    # Where the heading names what is asked, its first sentence defines it.
    status, facts = _research(_html_evidence(html), "What is a glaze recipe?")
    assert status.status == "answered" and facts[0].text.startswith("A glaze recipe lists")


def test_a_name_written_with_its_capital_is_not_the_plain_word():
    # The Header directive is not mentioned by "the Location: header", nor the Counter
    # class by "a counter"; its own entry and a sentence that writes it are.
    assert not focus_in("Header", "Otherwise the Location: header may have no effect.")
    assert focus_in("Header", "The Header directive can replace, merge or remove headers.")
    assert focus_in("Header", "Set only on success.", "Apache Module mod_headers › Header")
    assert not focus_in("Counter", "Each call increments a counter kept by the module.")
    assert focus_in("HEAD", "Resets the current branch head to <commit>.")  # not a word


def test_a_procedure_is_not_told_by_the_askers_own_verb():
    html = """<html><body><h1>Kiln manual</h1><h2 id="mixer">The glaze mixer</h2>
<p>The mixer function can run a kiln program and include its log in the batch report.</p>
<h2 id="firing">Firing</h2>
<p>Run the program with the start key once the lid is closed.</p></body></html>"""
    status, facts = _research(_html_evidence(html), "How can I let apprentices use the glaze "
                              "mixer without letting them run kiln programs from it?")
    assert status.status != "answered"
    assert not any(f.role == "answer" and "mixer function can run" in f.text for f in facts)
    # An instruction that opens with the asker's verb is one still.
    from research_pipeline.researcher.answers import _PROCEDURE_RE, _asked_stems, _cues
    asked = _asked_stems("How do I run a kiln program?")
    assert _cues(_PROCEDURE_RE, "Run the program with the start key.", asked) > 0
    assert _cues(_PROCEDURE_RE, "The mixer can run a kiln program.", asked) == 0


def test_a_yes_no_question_about_what_was_done_is_answered_where_that_is_said():
    html = """<html><body><h1>kiln-log(1)</h1><h2 id="options">OPTIONS</h2>
<p>Ignore firings listed in the schedule file, one firing per line, in kiln-log(1). Blank
lines and lines beginning with # in the schedule file are ignored, so that kiln-log does not
show them.</p>
<h2 id="description">DESCRIPTION</h2>
<p>The kiln-log report does not tell you anything about schedule lines which have been
deleted or replaced; use kiln-diff for those.</p></body></html>"""
    # The ignore option's passage says more of the question's words, but not "removed" in
    # any form: it does not say whether removed lines are shown.
    _, facts = _research(_html_evidence(html), "Can `kiln-log` show me lines that were "
                         "removed from a schedule file?")
    direct = [f.text for f in facts if f.role == "answer"]
    assert direct and "deleted or replaced" in direct[0]


def test_code_that_tests_with_a_keyword_asks_about_the_test_not_its_operands():
    # `'' in 'hello'` is a membership test of an empty string: the reference says that in
    # words, and never writes the asker's 'hello'.
    analysis = analyse("Why is `'' in 'hello'` True?")
    assert "'' in 'hello'" in analysis.scene
    assert {"membership", "empty", "string"} <= set(analysis.content)
    assert ExtractiveResearcher().judge.required(analysis).focus == ()
    # A statement is no test: `for f in files:` names the for statement.
    assert "for" in analyse("What does `for f in files:` do?").focus
    membership = ('The operators "in" and "not in" test for membership. "x in s" evaluates '
                  'to "True" if *x* is a member of *s*, and "False" otherwise.')
    strings = ('For the string and bytes types, "x in y" is "True" if and only if *x* is a '
               'substring of *y*. Empty strings are always considered to be a substring of '
               'any other string, so """ in "abc"" will return "True".')
    evidence = [_doc("m1", "Comparisons", membership, section="Membership test operations",
                     score=9.0),
                _doc("m2", "Comparisons", strings, section="Membership test operations",
                     score=8.0)]
    status, facts = _research(evidence, "Why is `'' in 'hello'` True?")
    assert status.status == "answered"
    assert "Empty strings are always considered" in facts[0].text



def test_a_long_story_weighs_no_more_than_the_question_it_leads_to():
    from research_pipeline.researcher.questions import setting_words
    judge = ExtractiveResearcher().judge
    story = ("Our monitoring tool polls the kiln every minute and has to parse the figures "
             "rather than scrape a table of firing records, which our night shift reads on "
             "small phones while the glaze batches cool down on the racks. ")
    question = story + "How do I get the kiln status in a form a script can read?"
    weights = judge.weights(analyse(question))
    told = setting_words(question) & set(weights)
    assert {"monitoring", "polls", "scrape", "glaze"} <= told
    told_total = sum(weights[w] for w in told)
    assert told_total == pytest.approx(sum(weights.values()) - told_total)
    # Where the asking sentence says nothing of its own, the story is the question: its
    # words keep their weight.
    bare = judge.weights(analyse(story + "How was that possible?"))
    assert bare["monitoring"] > weights["monitoring"]
    assert sum(bare[w] for w in told) > sum(bare.values()) - sum(bare[w] for w in told)


def test_a_subscription_the_asker_writes_is_read_as_the_reference_names_it():
    # `grid[1:3, 0]` subscribes the asker's object with a slice and a comma: the reference
    # speaks of a subscription whose key is a tuple holding a slice. "my own Grid class"
    # is the asker's, which no page names.
    question = ("On my own Grid class, what exactly does __getitem__ receive as its key when "
                "someone writes `grid[1:3, 0]`?")
    analysis = analyse(question)
    assert {"grid[1:3, 0]", "Grid"} <= set(analysis.scene)
    assert {"subscription", "slice", "tuple"} <= set(analysis.implied)
    assert ExtractiveResearcher().judge.required(analysis).focus == ("__getitem__",)


def test_the_code_a_question_writes_is_searched_for_in_the_reference_s_words(tmp_path):
    from research_pipeline.topics import parse_topic
    path = tmp_path / "containers.md"
    path.write_text("---\ntitle: Containers\nquestions:\n"
                    "  - \"Why is `'' in 'hello'` True?\"\n"
                    "  - \"What does __getitem__ receive when someone writes `grid[1:3, 0]`?\"\n"
                    "---\n", encoding="utf-8")
    plan = ExtractiveResearcher().generate_plan(parse_topic(path), [], None)
    queries = {q.id: [set(p.text.split()) for p in plan.queries if p.question_id == q.id]
               for q in plan.questions}
    # The membership test of an empty string, without the asker's 'hello'.
    assert any({"membership", "test", "empty", "string"} <= q and "hello" not in q
               for q in queries[1])
    assert any({"subscription", "slice", "tuple"} <= q for q in queries[2])


def test_a_long_sentence_that_points_to_the_code_after_it_is_not_quoted_alone():
    from research_pipeline.researcher.answers import candidates, dangles
    html = ("<h2>KilnDefault Directive</h2><p>The KilnDefault and KilnByGlaze directives can "
            "also be defined in a more readable syntax of the form:</p>"
            "<pre>KilnDefault \"base [plus num type]\"</pre>"
            "<p>The pass directive is a null operation that is useful as a placeholder when a "
            "directive is required but nothing needs to happen, for example:</p>"
            "<pre>KilnPass on</pre>")
    spans = [c for e in _html_evidence(html) for c in candidates(e.source)
             if c.kind == "sentences"]
    pointer = next(c for c in spans if c.text.startswith("The KilnDefault and"))
    example = next(c for c in spans if c.text.startswith("The pass directive"))
    assert dangles(pointer)  # the syntax it promises is the code after it
    assert not dangles(example)  # it says what it says; the example only shows it


def test_a_reference_box_s_bookkeeping_rows_do_not_answer_what_a_thing_does():
    # "Compatibility: fire-initial-burst available in ..." says when the variable came,
    # not what it does: the box counts none of the question's words for it.
    box = ("Description: Bandwidth rate limiting for kilns\nStatus: Extension\n"
           "Module Identifier: kilnlimit_module\nSource File: mod_kilnlimit.c\n"
           "Compatibility: fire-initial-burst available in kiln 2.4.24 and later.")
    prose = ("Optionally, an initial amount of heat, in kilojoules, may be let through at "
             "full power before throttling to the set rate. This value is optional, and is "
             "set using the environment variable fire-initial-burst.")
    text = f"{box}\n\n{prose}"
    source = Source(source_id="b1", url="https://kiln.example/mod_kilnlimit.html",
                    title="Kiln Module mod_kilnlimit", text=text, provider="local",
                    layout=[("start", 0, 0), ("table", 0, len(box)),
                            ("para", len(box) + 2, len(text))])
    _, judged, _, _, _ = ExtractiveResearcher()._judged(  # noqa: SLF001
        "What does fire-initial-burst do in mod_kilnlimit?", [Evidence(source, 9.0, 1)], "Kilns")
    table = next(j for j in judged if j.candidate.kind == "table")
    said = next(j for j in judged if j.candidate.text.startswith("Optionally"))
    assert not {"fire", "initial", "burst"} & set(table.matched)
    assert said.coverage > table.coverage and said.rank > table.rank


def test_a_list_question_may_follow_a_clause_that_sets_its_case():
    from research_pipeline.researcher.questions import answer_type
    assert answer_type('In the readable form of KilnDefault, like "access plus 1 month", '
                       "which time units can I use?") == "list"


def test_a_quoted_value_is_no_quote_around_the_text_between_values():
    # nargs='?', nargs='*': the quote that closes '?' opens nothing.
    analysis = analyse("What's the difference between firing='?', firing='*' and firing='+'?")
    assert analysis.focus == ("firing",)
    assert not any("," in f for f in analysis.focus)


@pytest.mark.parametrize(("question", "kind"), [
    ("What compression level does kiln-pack use for a zip file when I don't give one?",
     "number"),
    ("At what width does -w wrap when I don't give it a number?", "number"),
    ("Which setting decides that cut-off, and what is it set to by default?", "number"),
    ("What happens when I don't set a timeout?", "explanation"),
    ("What does kiln do if I don't pass --force?", "definition"),
])
def test_what_a_thing_takes_when_the_asker_gives_none_is_its_default(question, kind):
    from research_pipeline.researcher.questions import answer_type
    assert answer_type(question) == kind


def test_what_the_asker_acts_on_is_what_a_procedure_is_about():
    from research_pipeline.researcher.questions import object_words, subject_words
    # The asker is no subject of the question; what it gets is.
    assert subject_words("How do I switch TRACE off?") == ()
    assert object_words("Our poller parses figures. How do I get the status in a form a "
                        "script can read?") == ("status",)
    # The part of a thing is about the thing; a pointer back names nothing.
    assert object_words("How can I make part of my configuration take effect only at "
                        "start?") == ("configuration",)
    assert object_words("How can I keep those out of every archive?") == ()
    assert object_words("How do I label the new patches that way?") == ("new", "patches")
    assert subject_words("What two operations does the import statement combine?") == (
        "import", "statement")


def test_idioms_of_leaving_and_shipping_are_no_words_of_the_question():
    for question, gone in [
        ("Out of the box, how long may a line be for mod_glaze?", {"box"}),
        ("How do I clean up the administrative files it left behind?", {"left", "behind"}),
        ("How do I get rid of them on every fetch?", {"rid"}),
    ]:
        assert not gone & set(analyse(question).content)


def test_the_ways_the_asker_names_are_not_what_a_question_hinges_on():
    html = """<html><body><h1>Kiln Module mod_kilnindex</h1>
<h2 id="opts">KilnIndexOptions Directive</h2>
<h3 id="nosort">SuppressColumnSorting</h3>
<p>If specified, the kiln will not make the column headings in a fancy kiln listing into
links for sorting. The default behavior is for them to be links; query string arguments
appended to the URL will still be honored.</p>
<h2 id="other">Firing schedules</h2>
<p>Schedule titles are shown above each firing and can be clicked to open it.</p>
</body></html>"""
    status, facts = _research(_html_evidence(html, title="Kiln Module mod_kilnindex"),
                              "How do I stop visitors from re-sorting a kiln listing, both by "
                              "clicking the column titles and by adding sort parameters to "
                              "the URL?")
    # "titles" is one of the ways, not what is stopped: the option's entry, which tells
    # what setting it does, is the closest answer.
    assert status.status != "unanswered"
    direct = [f.text for f in facts if f.role == "answer"]
    assert direct and direct[0].startswith("If specified")


def test_a_count_is_not_another_setting_s_value():
    box = ("Description: Amount of time the kiln will wait for subsequent requests on a "
           "persistent connection\nSyntax: KilnWaitTimeout num[ms]\n"
           "Default: KilnWaitTimeout 5\nContext: server config")
    source = Source(source_id="t1", url="https://kiln.example/core.html#kilnwaittimeout",
                    title="Kiln Core Features", text=box, provider="local",
                    section="KilnWaitTimeout Directive", layout=[("table", 0, len(box))])
    status, facts = _research([Evidence(source, 9.0, 1)], "By default, how many requests "
                              "can a client send over one persistent connection?")
    # 5 is KilnWaitTimeout's, in seconds: no count of requests.
    assert status.status != "answered"


def test_an_option_s_entry_is_not_its_command_s_own_answer():
    html = """<html><body><h1>kiln-grep(1) Manual Page</h1>
<h2 id="description">DESCRIPTION</h2>
<p>Look for specified patterns in the tracked firing logs.</p>
<h2 id="options">OPTIONS</h2>
<h3 id="l">-l, --files-with-matches</h3>
<p>Instead of showing every matched line, show only the names of logs that contain
matches, which narrows long output to the files containing them.</p>
</body></html>"""
    _, judged, _, _, _ = ExtractiveResearcher()._judged(  # noqa: SLF001
        "I search for TODO and FIXME with kiln grep -e TODO -e FIXME. How do I narrow it to "
        "files containing both?", _html_evidence(html, title="kiln-grep(1) Manual Page"),
        "Kilns")
    option = next(j for j in judged if j.candidate.text.startswith("Instead"))
    lead = next(j for j in judged if j.candidate.text.startswith("Look for"))
    assert lead.own and not option.own


def test_an_option_s_entry_that_gives_the_value_asked_answers_for_its_command():
    # "How many clients can kiln daemon serve at once by default?": the value is in the
    # entry of an option the question does not name, which answers it all the same.
    html = """<html><body><h1>kiln-daemon(1) Manual Page</h1>
<h2 id="description">DESCRIPTION</h2>
<p>A really simple server for kiln firings over the network.</p>
<h2 id="options">OPTIONS</h2>
<h3 id="m">--max-connections=&lt;n&gt;</h3>
<p>Maximum number of concurrent clients, defaults to 32.</p>
</body></html>"""
    status, facts = _research(_html_evidence(html, title="kiln-daemon(1) Manual Page"),
                              "How many clients can kiln daemon happily serve at once by "
                              "default?")
    assert status.status == "answered"
    assert facts[0].text.startswith("Maximum number of concurrent clients, defaults to 32")


def test_what_is_not_promised_is_why_a_thing_the_asker_counted_on_did_not_happen():
    html = """<html><body><h1>kilnio.Firing.halt</h1>
<p>Request that the Firing be halted. This arranges for a HaltRequested exception to be
thrown into the wrapped coroutine on the next cycle of the kiln loop.</p>
<p>Unlike Batch.halt, this does not guarantee that the firing will be halted: the exception
might be caught and acted upon, delaying the halt or preventing it completely.</p>
</body></html>"""
    status, facts = _research(_html_evidence(html, title="kilnio.Firing.halt"),
                              "At shutdown I call `firing.halt()` on a background firing, yet "
                              "sometimes it keeps going and ends normally. Why doesn't halt() "
                              "stop it?", title="kilnio firings")
    assert status.status == "answered"
    direct = [f.text for f in facts if f.role == "answer"]
    assert direct and "does not guarantee" in direct[0]


def test_what_a_call_comes_out_as_is_its_value():
    from research_pipeline.researcher.questions import answer_type
    assert answer_type("What does Ratio(8, 6) come out as?") == "number"
    assert answer_type("What does glaze.mix(2, 3) turn into?") == "number"


def test_a_list_nested_under_the_item_that_leads_up_to_it_is_quoted_with_that_item():
    doc = ("Wait for the firings in the given sequence to complete.\n\nArgs:\n"
           "    firings: The sequence of firings (possibly started by different kilns) to\n"
           "        wait upon.\n"
           "    timeout: The maximum number of seconds to wait. If None, then there\n"
           "        is no limit on the wait time.\n"
           "    return_when: Indicates when this function should return. The options\n"
           "        are:\n\n"
           "        FIRST_FIRED -     Return when any firing finishes or is\n"
           "                          stopped.\n"
           "        FIRST_CRACKED -   Return when any firing finishes by cracking a pot.\n"
           "        ALL_FIRED -       Return when all firings finish or are stopped.\n")
    status, facts = _research(_text_evidence(doc, "kilnpool.wait", "w"),
                              "I start a batch of firings and want to react as soon as one "
                              "of them cracks. What choices does kilnpool.wait() give me for "
                              "when it returns?", title="kilnpool")
    direct = [f.text for f in facts if f.role == "answer"]
    # The lead-in with its options, not the argument list that stops at "The options are:".
    assert direct and "FIRST_CRACKED" in direct[0] and "return_when" in direct[0]


def test_doing_a_thing_without_another_is_no_value_left_out():
    from research_pipeline.researcher.answers import _number_fits
    asked = analyse("At what width does kiln-log -w wrap when I don't give it a number?")
    # "without wrapping them" leaves nothing out; "default to 76" is the value left out.
    assert not _number_fits(asked, "If width is 0 (zero) then indent the lines of the output "
                                   "without wrapping them.")
    assert _number_fits(asked, "Linewrap the output by wrapping each line at width. width, "
                               "indent1, and indent2 default to 76, 6 and 9 respectively.")
    called = analyse("If I call kiln.tray() without passing a size, how many pots fit?")
    assert _number_fits(called, "Called without arguments, it holds 12 pots.")


def test_idioms_of_leaving_alone_and_of_the_moment_are_no_words_of_the_question():
    for question, gone in [
        ("The space got encoded but the slash didn't. Why is '/' left alone?", {"alone"}),
        ("Why does glaze leave it alone?", {"alone", "leave"}),
        ("Can I count on the kiln being cold right at that moment?", {"moment", "right"}),
        ("Is the lid unlocked right then?", {"right", "then"}),
    ]:
        assert not gone & set(analyse(question).content), question
    # What is left alone, named, is what the question is about.
    assert "arguments" in analyse("If I leave the other arguments alone, how hot does the "
                                  "kiln get?").content


def test_what_a_why_question_asks_back_is_the_askers_belief_not_what_it_hinges_on():
    from research_pipeline.researcher.questions import VERBS
    asked = analyse("Why is `Glaze.from_ash(0.1) == Glaze('0.1')` False? Aren't both one tenth?")
    # The asker's belief is said, not required: the reason says what does hold.
    assert "tenth" in asked.content and "tenth" in asked.setting
    # Only after a why-question, and only a question asked back.
    assert "tenth" not in analyse("Is the glaze one tenth ash? Aren't both one tenth?").setting
    # A short verb doubles its last letter before "-ing" and "-ed": "letting" and "stopped"
    # are how a question is worded. "setting" stays a noun ("Which setting decides ...").
    assert {"letting", "stopped", "putting", "running"} <= VERBS
    assert "setting" not in VERBS


def test_a_purpose_and_what_to_do_for_it_is_a_procedure():
    evidence = [
        _doc("f1", "kiln.fire_for", "Fire the pot for the given time, then cool it. When the "
             "time runs out, the kiln cuts the power and the glaze is ruined.", score=9.0),
        _doc("f2", "kiln.fire_for", "To keep the firing going past the time, wrap it in "
             "kiln.guard().", score=8.0),
        _doc("f3", "kiln.fire_for", "To be exact, the kiln reads its thermocouple after the "
             "firing time has passed.", score=7.0),
    ]
    status, facts = _research(evidence, "I call `kiln.fire_for(pot, time=10)`. How do I stop "
                              "waiting on kiln.fire_for while keeping the firing going?")
    assert status.status == "answered"
    assert facts[0].source_id == "f2"
    from research_pipeline.researcher.answers import _PROCEDURE_RE
    # A statement that opens with a purpose tells what happens, not what to do.
    assert not _PROCEDURE_RE.search("To be exact, the kiln reads its thermocouple after the "
                                    "firing time has passed.")
    assert _PROCEDURE_RE.search("To avoid the cancellation, wrap it in guard().")


def test_who_meets_the_behaviour_and_how_often_are_no_reason_a_question_stays_open():
    evidence = [_doc("p1", "kiln.vent", "The vent opens when the chamber passes 600 degrees "
                     "and closes again below 400 degrees.", score=9.0)]
    status, _ = _research(evidence, "Dozens of visitors a year ask us: why does kiln.vent "
                          "open twice during one firing of stoneware?")
    assert status.status != "answered"
    for word in ("visitors", "dozens", "year", "twice"):
        assert f"“{word}”" not in status.note


def _man(sid: str, section: str, text: str, score: float) -> Evidence:
    """A passage of the kiln-status(1) manual page, under its section's headings."""
    return Evidence(Source(source_id=sid, url=f"https://kiln.example/kiln-status.html#{sid}",
                           title="kiln-status(1) Manual Page", text=text, provider="local",
                           section=section, layout=[("start", 0, 0), ("para", 0, len(text))]),
                    score, 1)


def test_an_options_entry_lends_the_option_to_the_section_it_names():
    from research_pipeline.researcher.answers import option_sections
    evidence = [
        _man("o1", "OPTIONS › -b, --brief", "Give the report in the brief-layout.", 9.0),
        _man("b1", "OUTPUT › Brief Layout", "Each shelf is shown on one line. The first "
             "column is a two-letter code: the first letter gives the heat of the shelf and "
             "the second letter gives the glaze state of its pots.", 8.0),
        _man("l1", "OUTPUT › Long Layout", "Each shelf is shown with all its pots, one pot "
             "a line, with the heat and the glaze state of each.", 7.0),
    ]
    page = "https://kiln.example/kiln-status.html"
    assert option_sections(("-b",), evidence) == {(page, "brief layout"): {"-b"}}
    assert option_sections(("--brief",), evidence) == {(page, "brief layout"): {"--brief"}}
    assert option_sections(("kiln-status",), evidence) == {}
    status, facts = _research(evidence, "In kiln status -b output, what do the two letters "
                                        "in front of each shelf mean?")
    assert status.status == "answered"
    assert facts[0].source_id == "b1"


def test_the_defaults_asked_for_are_values_and_what_is_left_aside_is_no_word_of_the_question():
    from research_pipeline.researcher.questions import answer_type
    assert answer_type("What are the default kiln firing thresholds?") == "number"
    asked = analyse("Leaving aside that one is glazed, how does firing a pot with bisque "
                    "differ from firing it with raku?")
    assert asked.answer_type == "comparison"
    assert asked.excluded == ("glazed",)
    assert "leaving" not in asked.content


def test_they_of_an_asking_sentence_are_the_names_the_sentence_before_lists():
    asked = analyse("After a rewrite to our index.php front controller, the script sees "
                    "variables called KILN_HEAT and KILN_GLAZE. What do they hold?")
    assert asked.focus[:2] == ("KILN_HEAT", "KILN_GLAZE")
    # A file of the asker's own is where it happens, not what is asked about.
    assert "index.php" not in asked.focus[:2]
    # Plain words the asker searches for are its own values, not names asked about.
    plain = analyse("My pots carry the marks TODO and FIXME. How do I find the ones with "
                    "both?")
    assert "TODO" not in plain.focus or "TODO" in plain.scene
    evidence = [
        _doc("c1", "Front controllers", "A common use of rewriting is to route every "
             "request for a missing pot to one front controller script (e.g. index.php).",
             score=9.0),
        _doc("v1", "Kiln variables", "When a request is rewritten to a script, two "
             "variables are always set. KILN_HEAT is the heat of the chamber when the pot "
             "went in, and KILN_GLAZE is the glaze the pot was fired with.", score=7.0),
    ]
    status, facts = _research(evidence, "After a rewrite to our index.php front controller, "
                              "the script sees variables called KILN_HEAT and KILN_GLAZE. "
                              "What do they hold?")
    assert facts and facts[0].source_id == "v1"


def test_a_name_another_entry_only_says_it_is_not_compatible_with_is_not_what_it_is_about():
    from research_pipeline.researcher.answers import _in_passing
    said = ("This class is not compatible with the wait() and fire_all() functions of the "
            "kiln package.")
    assert _in_passing("fire_all", said) and _in_passing("wait", said)
    assert not _in_passing("fire_all", "Use fire_all() to fire every pot at once.")
    evidence = [
        _doc("a1", "glaze.Batch", "Differences: • Batches are not fired in turn. • This class "
             "is not compatible with the wait() and fire_all() functions of the kiln "
             "package.", score=9.0),
        _doc("f1", "kiln.fire_all", "An iterator that yields the fired pots as they cool, "
             "whatever order they went in.", score=8.0),
        _doc("m1", "kiln.Kiln.fire_map", "Fire the pots in turn and yield them in the order "
             "they went in.", score=7.0),
    ]
    status, facts = _research(evidence, "What's the difference between looping over "
                                        "kiln.fire_map() and looping over fire_all()?")
    assert "a1" not in [f.source_id for f in facts]


def test_an_everyday_phrasal_verb_is_asked_in_the_documentations_word():
    for question, said, gone in [
        ("The firing stopped at the fourth pot. What are my options for carrying on?",
         "continue", {"carrying"}),
        ("Once the cracks are sorted out, how do I refire the pot?", "resolve", {"sorted"}),
        ("How do I switch the vent off?", "disable", {"switch", "off"}),
        ("Will the glaze notes be carried over to the refired pots?", "copy", {"carried"}),
        ("What does kiln.fire give back?", "return", {"give", "back"}),
        ("How do I make fire() come back right away?", "return", {"come", "back"}),
        ("How can the glaze script find out which shelf it runs on?", "determine",
         {"find", "out"}),
        ("How do I change the name of one of my firing profiles?", "rename",
         {"change", "name"}),
        ("When a profile gets a new name, what comes along with it?", "rename",
         {"gets", "name"}),
    ]:
        asked = analyse(question)
        assert said in asked.content and not gone & set(asked.content), question
    # Only the verb and its particle: what stands between is still asked about.
    assert "vent" in analyse("How do I switch the vent off?").content
    evidence = [
        _doc("k1", "kiln-fire", "The kiln stops at a cracked pot and waits for you.",
             score=9.0),
        _doc("k2", "kiln-fire › OPTIONS › --continue", "--continue After a cracked pot, "
             "when the shelf has been cleared by hand, go on firing the rest of the load.",
             score=8.0),
    ]
    status, facts = _research(evidence, "My kiln-fire run stopped at the fourth pot because "
                                        "it cracked. How do I carry on with the rest?")
    assert facts and facts[0].source_id == "k2"


def test_apostrophes_quote_nothing_and_handing_is_how_a_question_is_worded():
    from research_pipeline.researcher.answers import _QUOTED_VALUE
    from research_pipeline.researcher.questions import VERBS
    said = "Is it safe if the kiln's door isn't shut while it's firing the potter's 'bisque'?"
    assert [m.group(0) for m in _QUOTED_VALUE.finditer(said)] == ["'bisque'"]
    assert {"handed", "handing"} <= VERBS


def test_the_documentation_named_as_the_teller_is_no_word_of_the_question():
    # "does the manual describe", "according to the docs": where the answer is to be
    # found, which no answer says of itself (a rare word such as "manual" would otherwise
    # weigh most and draw the pages that point to "the manual").
    listed = analyse("Which kiln settings does the manual describe that don't work yet?")
    assert "manual" not in listed.content and "describe" not in listed.content
    assert {"kiln", "settings"} <= set(listed.content)
    told = analyse("How long should the kiln cool, according to the documentation?")
    assert "documentation" not in told.content and "according" not in told.content
    # A manual page asked about is what the question is about.
    assert "manual" in analyse("Where does the kiln manual page say to start?").content


def test_a_question_whether_something_is_needed_is_answered_by_what_is_needed():
    html = """<html><body><h1>Kiln controller</h1><h2 id="load">kiln.load(log)</h2>
<p>Read a firing log and return the schedule it records.</p>
<p>If fix_names is true, kiln will try to map the old controllers' names to the new ones.
The encoding and errors tell kiln how to read the logs written by old controllers; they
default to 'ascii' and 'strict'.</p>
<p>The log format version is detected automatically, so no version argument is needed.</p>
</body></html>"""
    status, facts = _research(_html_evidence(html), (
        "Our kiln logs come from old controllers and new ones. When I read them with "
        "kiln.load, do I have to tell it which format version each log was written in?"))
    assert status.status in ("answered", "partial")
    assert facts[0].text.startswith("The log format version is detected automatically")


def test_a_list_of_what_does_not_work_needs_a_span_that_says_so():
    # The kiln's list of the firing modes it supports answers "Which ... does it support?",
    # not "Which ... does it not support?": a list of what lacks something must say it.
    status, facts = _judge("Which firing modes does the kiln not support?")
    assert status.status == "partial"
    # What does say so comes first (a sentence, not a list: still only part of an answer).
    html = KILN.replace("with quick cooling</li></ul>", "with quick cooling</li></ul>"
                        "<p>Pit firing is not supported by the kiln in any of its modes.</p>")
    status, facts = _research(_html_evidence(html), "Which firing modes does the kiln not "
                              "support?")
    assert "is not supported" in facts[0].text


def test_the_askers_numbers_literals_and_positional_arguments_set_the_scene():
    from research_pipeline.researcher.answers import AnswerJudge
    # A number written as code, and a literal assigned to a name of the asker's: the
    # documentation states the rule with its own examples, never "-12" or "0777e1".
    for question, scene in [
            ("Is the minus sign in `-12` part of the number literal?", ("-12",)),
            ("Python rejects `0777`, but `x = 0777e1` runs. Why are the zeros allowed there?",
             ("x = 0777e1",)),
            # Names passed by position to a library's call are the asker's own values.
            ("I set up `fin = kiln.finalize(pot, cool_down, rack)`. How many times will "
             "cool_down run?", ("cool_down",))]:
        analysis = analyse(question)
        assert set(scene) <= set(analysis.scene), question
        assert not set(scene) & set(AnswerJudge.required(analysis).focus), question
    # The library's call itself is still asked about.
    assert "kiln.finalize" in AnswerJudge.required(analyse(
        "I set up `fin = kiln.finalize(pot, cool_down, rack)`. How many times will cool_down "
        "run?")).focus


def test_is_it_part_of_asks_what_includes_it_and_fine_is_no_crux():
    assert analyse("Is the minus sign in `-12` part of the number literal?").verb == "include"
    judge = ExtractiveResearcher().judge
    analysis = analyse("Python rejects `0777`, but `x = 0777e1` runs. Why are the leading "
                       "zeros fine there?")
    assert judge.crux(analysis, judge.weights(analysis)) != "fine"


def test_a_count_spelled_out_matches_its_digits():
    html = """<html><body><h1>Kilns</h1><h2 id="north">The north kiln</h2>
<p>The north kiln fires with 4 burners set around its floor.</p>
<h2 id="south">The south kiln</h2><p>The south kiln fires with burners set along its walls.</p>
</body></html>"""
    status, facts = _research(_html_evidence(html), "Which kiln fires with four burners?")
    assert facts[0].text.startswith("The north kiln fires with 4 burners")


def test_a_lead_in_that_promises_a_drawing_in_code_is_no_answer():
    # "... distributed in the following way:" over a drawing in code says nothing by itself:
    # the question stays open rather than answered with the promise.
    html = """<html><body><h1>Kiln controller</h1><h2 id="screen">The firing screen</h2>
<p>When the firing starts, the controller opens a screen with 3 panels laid out in the
following way:</p>
<pre>| HEAT | TIME |
| LOG         |</pre>
</body></html>"""
    status, facts = _research(_html_evidence(html), "What does each panel of the firing "
                              "screen show when the firing starts?")
    assert status.status != "answered"
    assert not any(f.role == "answer" and f.text.endswith("following way:") for f in facts)


def test_the_askers_own_file_names_are_neither_required_nor_the_crux():
    from research_pipeline.researcher.answers import AnswerJudge
    # A word of a file's name only the asker's story writes ("quarterly-2042.html"): the
    # documentation speaks of such files by their extensions, never by the asker's name for
    # one, so it is not the word an answer must carry, however rare.
    judge = ExtractiveResearcher(lambda stems: {s: 9.0 if s.startswith("quarter") else 2.0
                                                for s in stems}).judge
    story = analyse("We turned on log correction for the kiln's folder. Uploading a new log "
                    "called quarterly-2042.html got sent to the existing quarterly-2024.html "
                    "instead. Why?")
    assert judge.crux(story, judge.weights(story)) != "quarterly"
    # A file asked about by its name is what the question is about.
    assert AnswerJudge.required(analyse("What does setup.py do?")).focus == ("setup.py",)


def _span_fit(html: str, question: str, opening: str) -> float:
    """How well the span of a page's passages that contains ``opening`` fits the question."""
    from research_pipeline.researcher.answers import _fits, candidates
    cand = next(c for ev in _html_evidence(html) for c in candidates(ev.source)
                if c.text.startswith(opening) or opening in c.text)
    return _fits(analyse(question), cand, cand.text)


def test_what_the_asker_expected_makes_the_rule_it_ran_into_the_reason():
    html = """<html><body><h1>Kiln</h1><h2 id="rename">kiln.Kiln.rename</h2>
<p>Relative names are read relative to the kiln room, not the shelf of the Kiln object.</p>
</body></html>"""
    assert _span_fit(html, "I called kiln.Kiln.rename expecting the log to stay on its shelf, "
                           "but it turned up in the kiln room. Why?", "Relative names") > 0


def test_why_it_misses_something_is_answered_by_the_condition_that_leaves_it_out():
    html = """<html><body><h1>Kiln log</h1><h2 id="grep">kiln log --grep</h2>
<p>Unless --all is supplied, firings of glazed ware without a glaze record will be skipped.</p>
</body></html>"""
    assert _span_fit(html, "kiln log --find shows the firing, but kiln log --grep shows "
                           "nothing. Why does --grep miss it?", "Unless") > 0


def test_a_librarys_constant_passed_by_keyword_is_the_askers_value():
    from research_pipeline.researcher.answers import AnswerJudge
    # `kiln.configure(level=kiln.HOT)`: the level the asker chose; the answer is about
    # kiln.configure and need not name kiln.HOT.
    analysis = analyse("My script starts with `kiln.configure(level=kiln.HOT)`, but the kiln "
                       "stays cold. Why is my call ignored?")
    assert "kiln.HOT" in analysis.scene
    assert AnswerJudge.required(analysis).focus == ("kiln.configure",)


def test_what_holds_unless_something_is_a_rule_but_not_an_aside_in_brackets():
    html = """<html><body><h1>Kiln</h1><h2 id="configure">kiln.configure</h2>
<p>This function does nothing if the kiln already has a schedule, unless the keyword argument
force is set to True.</p><h2 id="cancel">kiln.Firing.cancel</h2>
<p>Immediately after this method is called, Firing.cancelled() will not return True (unless
the firing was already cancelled).</p></body></html>"""
    assert _span_fit(html, "My script calls kiln.configure, but the kiln stays cold. Why is "
                           "my call ignored?", "This function does nothing") > 0
    assert _span_fit(html, "I call kiln.Firing.cancel, yet the firing goes on. Why doesn't "
                           "cancel() stop it?", "Immediately after") == 0


def test_an_attribute_of_the_askers_object_passed_to_a_librarys_call_is_its_value():
    from research_pipeline.researcher.answers import AnswerJudge
    analysis = analyse("My scheduler stores `kiln.watch(oven.on_fire)`, but the watch ends "
                       "at once. How should I watch a method?")
    assert "oven.on_fire" in analysis.scene
    assert AnswerJudge.required(analysis).focus == ("kiln.watch",)


def test_an_asking_sentence_that_names_nothing_asks_about_what_the_askers_code_calls():
    from research_pipeline.researcher.answers import AnswerJudge
    analysis = analyse("`fire_all('bisque=1&glaze=&raku=2')` returns a dict with bisque and "
                       "raku but no glaze key at all. Is dropping the empty one supposed to "
                       "happen?")
    assert AnswerJudge.required(analysis).focus == ("fire_all",)


def test_an_operator_compared_with_a_documented_call_is_answered_by_the_calls_own_entry():
    # "`==` versus `kiln.compare_glaze()`": the call's own entry (headed without its
    # brackets) is one side, labelled with the asker's name for it; "API" only says where
    # the asker compares them, and the operator's side is what stays open.
    evidence = [_entry("kiln.compare_glaze", "Compare two glaze recipes. This function uses an "
                                             "approach designed to prevent timing analysis of "
                                             "the kiln log.")]
    question = ("Checking a glaze recipe from the API with `==` versus with "
                "`kiln.compare_glaze()` - what's the difference?")
    status, facts = _research(evidence, question)
    assert status.status == "partial"
    assert "about ==" in status.note and "compare_glaze" not in status.note
    direct = [f for f in facts if f.role == "answer"]
    assert direct and "timing analysis" in direct[0].text
    plan = ResearchPlan(topic_id="k", title="Kilns", queries=[],
                        questions=[{"id": 1, "text": question}])
    answer = ExtractiveResearcher().write_answer(None, plan, list(enumerate(facts, 1)), [])[1]
    assert "**kiln.compare_glaze():** " in answer.split("\n\n")[0]


def test_a_library_class_the_askers_class_is_based_on_is_not_the_askers_own():
    # `class Closeable(Protocol)`: Closeable is the asker's, Protocol the library's, which
    # the question is about; the "class" that only defines the asker's class is no keyword
    # asked about.
    from research_pipeline.researcher.answers import _fits, candidates
    from research_pipeline.researcher.questions import own_classes
    question = ("I wrote `class Closeable(Protocol)` with a close() method, and "
                "`isinstance(f, Closeable)` raises TypeError. How do I get isinstance to work "
                "with it?")
    assert own_classes(question) == ["Closeable"]
    assert own_classes("`class Storage(ABC)` and `class Tile(Pot)`") == ["Storage", "Tile", "Pot"]
    analysis = analyse(question)
    assert "class" not in analysis.focus
    assert "isinstance" in analysis.focus
    # What a thing can be put to says what to use: "Such protocol can be used with
    # isinstance()" tells how to get isinstance to work.
    evidence = _entry("kiln.checkable", "Mark a glaze class as a checked glaze. Such glaze "
                                        "can be used with isinstance().")
    cand = next(c for c in candidates(evidence.source) if "can be used" in c.text)
    assert _fits(analysis, cand, cand.text) > 0


def test_an_assignment_the_asker_writes_is_named_in_the_references_terms():
    # `first, *rest = items` has a starred target, `idx, kiln[idx] = 3, 'X'` a target list,
    # `self.firings = self.firings + 1` an attribute reference for a target; a plain name
    # bound, or a keyword passed (`level=DEBUG`), is none of them.
    from research_pipeline.researcher.questions import code_terms
    assert code_terms("With `first, *rest = items`, what is rest?") == ("starred", "target")
    assert code_terms("Why does `idx, kiln[idx] = 3, 'X'` set kiln[3]?") == ("target", "list")
    assert code_terms("Does `self.firings = self.firings + 1` change the class's?") == (
        "attribute", "reference")
    assert code_terms("I set `firings = 0` and call `fire(level=DEBUG)`.") == ()
    assert code_terms("Is `a == b` true?") == ()
    # A member of the asker's own class, or of its object in a method, only sets the scene.
    analysis = analyse("My Kiln class has `firings = 0` at class level, and its fire() method "
                       "does `self.firings = self.firings + 1`. Does that raise the one "
                       "shared Kiln.firings counter?")
    assert {"Kiln.firings", "self.firings"} <= set(analysis.scene)


def test_how_much_slower_asks_for_a_figure():
    from research_pipeline.researcher.answers import _number_fits
    analysis = analyse("How much slower does the kiln get when its glazes are loaded as "
                       "shared objects?")
    assert not _number_fits(analysis, "Shared glazes are compiled separately from the kiln "
                                      "and loaded on-demand.")
    assert _number_fits(analysis, "A kiln with shared glazes is approximately 20% slower at "
                                  "startup.")
    # A count of something else is no figure of how much: "three additional options".
    faster = analyse("How much faster is the new firing schedule than the old one?")
    assert not _number_fits(faster, "The old schedule takes the same options as the new "
                                    "one, and three additional options the new one ignores.")
    assert _number_fits(faster, "The new schedule fires twice as fast as the old one.")


GLOSSARY = """<h1>Kiln concepts</h1>
<h2>Cold pots</h2>
<p>In some situations the log may not save you: if you have not yet swept the kiln, you may
still be able to find the lost glazes among the cold pots the kiln check reports.</p>
<h2>Glossary</h2>
<dl><dt>cold pot</dt><dd>A fired pot which no shelf and no other pot holds any longer; nothing
in the kiln refers to a cold pot.</dd></dl>
"""


def test_a_glossary_entry_of_the_very_term_asked_about_defines_it():
    # "What is a cold pot in the kiln?": the glossary's "cold pot" entry, not the passage
    # that says the most of the question's words about finding things among cold pots.
    status, facts = _research(_html_evidence(GLOSSARY), "What is a cold pot in the kiln?")
    direct = [f for f in facts if f.role == "answer"]
    assert direct and "A fired pot which no shelf" in direct[0].text


def test_why_something_is_missing_is_answered_by_what_is_left_out():
    # "Why are they missing?" is a surprise; the rule it ran into says what is not matched.
    from research_pipeline.researcher.answers import _fits, candidates
    analysis = analyse("`kiln.pick('shelf/*')` gives me bowl.pot but not .lid, even though "
                       "the shelf holds both. Why are they missing?")
    assert analysis.answer_type == "reason"
    evidence = _entry("kiln.pick", "Return the pots matching a pattern. Pots whose names "
                                   "start with a dot are special cases that are not matched "
                                   "by '*' patterns.")
    cand = next(c for c in candidates(evidence.source) if "not matched" in c.text
                and not c.text.startswith("Return"))
    assert _fits(analysis, cand, cand.text) > 0
    # Not every rule that something is not done: "are not defined for complex numbers" is
    # no reason why 7 / 2 gives 3.5.
    other = _entry("kiln.divide", "The floor division operator is not defined for complex "
                                  "numbers. Convert them first.")
    why = analyse("Why does 7 / 2 give 3.5 instead of 3?")
    cand = next(c for c in candidates(other.source) if c.text.startswith("The floor"))
    assert _fits(why, cand, cand.text) == 0


def test_the_askers_class_written_with_its_base_is_its_own():
    # "My `Storage(ABC)` base ...": Storage is the asker's class, not a call of a library's;
    # "drive", "fit" and "miss" are the asker's verbs, no word an answer must carry.
    from research_pipeline.researcher.answers import AnswerJudge
    from research_pipeline.researcher.questions import own_classes
    question = ("My `Storage(ABC)` base declares abstract read() and write(). S3Storage only "
                "implements read(), and `S3Storage()` fails with TypeError. Why?")
    assert own_classes(question) == ["Storage"]
    assert "Storage" not in analyse(question).focus
    judge = AnswerJudge(idf=lambda stems: {s: 6.0 for s in stems})
    analysis = analyse("How do I drive kiln.Sorter so each pot starts as soon as the ones "
                       "it needs fit?")
    weights = judge.weights(analysis)
    assert weights["drive"] < weights["pot"] and weights["fit"] < weights["pot"]


def test_a_files_extensions_are_named_and_examples_after_a_comma_are_examples():
    # "a picture named avatar.php.png": a file whose two extensions the manual speaks of
    # as such; ", like README or CHANGELOG" gives examples, not what an answer names.
    from research_pipeline.researcher.questions import code_terms, example_words
    question = ("Somebody uploaded a picture named avatar.php.png to the kiln folder, and the "
                "kiln fired it as PHP. Why?")
    assert {"multiple", "extensions"} <= set(analyse(question).implied)
    assert code_terms("config/settings.local.json is committed") == ()
    assert set(example_words("How can I label files that have no extension at all, like "
                             "README or CHANGELOG?")) >= {"readme", "changelog"}
    assert example_words("Is a tuple like a list?") == []


def test_an_intensifier_is_no_crux():
    # "kills the script outright": how, not what; the documentation says "SIGKILL".
    from research_pipeline.researcher.answers import AnswerJudge
    judge = AnswerJudge(idf=lambda stems: {s: 8.0 if s == "outright" else 4.0 for s in stems})
    analysis = analyse("After a graceful restart, how long will the kiln wait before it kills "
                       "the burner outright?")
    assert judge.crux(analysis, judge.weights(analysis)) != "outright"


def test_the_entry_of_what_does_it_answers_how_to_do_it_but_not_what_is_to_be_avoided():
    # "How should I keep a weak reference to a method?": the entry of another name that does
    # it is what to use; "... without popping it" is not answered by one that pops.
    from research_pipeline.researcher.answers import _fits, candidates
    analysis = analyse("My ref of `kiln.ref(pot.glaze)` dies at once. How should I keep a weak "
                       "reference to a method?")
    tool = _entry("kiln.WeakMethod", "A custom `kiln.ref` subclass which simulates a weak "
                                     "reference to a bound method.")
    cand = candidates(tool.source)[0]
    assert _fits(analysis, cand, cand.text) > 0
    heap = analyse("How do I look at the smallest pot of a kiln without popping it?")
    pops = _entry("kiln.pushpop", "Push a pot on the kiln, then pop and return the smallest "
                                  "pot of the kiln.")
    cand = candidates(pops.source)[0]
    assert _fits(heap, cand, cand.text) == 0


def test_a_how_to_answer_from_an_entry_is_labelled_with_the_entrys_name():
    # The entry of what to use, quoted without its name, is labelled with it.
    from research_pipeline.models import Fact
    from research_pipeline.researcher.extractive import _labelled_sides
    text = "A custom `kiln.ref` subclass which simulates a weak reference to a bound method."
    fact = Fact(fact_id="w", question_id=1, source_id="w", url="https://kiln.example/#w",
                title="kiln.WeakMethod", quote=text, text=text, role="answer")
    direct = _labelled_sides(analyse("How should I keep a weak reference to a method?"),
                             [(1, fact)])
    assert direct == [f"**kiln.WeakMethod:** {text}[^1]"]


def test_validate_is_said_as_check():
    # "Does the kiln validate a glaze?": "This expectation is not checked at firing time."
    from research_pipeline.researcher.answers import _SYNONYMS
    assert stem("checked") in _SYNONYMS.get(stem("validate"), ())


def test_an_entrys_opening_and_its_sentence_that_answers_make_the_direct_answer():
    # The opening says what the name is, not what the asker asked of it ("at firing time");
    # the entry's sentence that says it joins the direct answer, in the page's order.
    opening = "Glaze creates simple unique coatings with almost zero firing overhead."
    rest = ("Glaze(name, clay) is considered a coat of clay by the inspectors. At firing time, "
            "Glaze(name, clay) returns a dummy wrapper that simply returns its argument.")
    text = f"{opening}\n\n{rest}"
    evidence = [_entry("kiln.Glaze", text, [("para", 0, len(opening)),
                                            ("para", len(opening) + 2, len(text))])]
    status, facts = _research(evidence, "What does `Seal = kiln.Glaze('Seal', clay)` actually "
                                        "give me at firing time - is Seal(5) a new kind of pot?")
    assert status.status == "answered"
    direct = [f.text for f in facts if f.role == "answer"]
    assert direct[0] == opening and "returns its argument" in direct[1]


def test_a_setting_is_named_by_its_familys_entry_with_a_placeholder():
    # "fsck.badEmail" is the manual's "fsck.<msg-id>"; "mergetool.kdiff.cmd" its
    # "mergetool.<tool>.cmd"; a placeholder for the first part names no family.
    assert focus_in("fsck.badEmail", "Set the severity.", "git-fsck(1) › fsck.&lt;msg-id>")
    assert focus_in("mergetool.kdiff.cmd", "Set mergetool.<tool>.cmd to the command.")
    assert not focus_in("fsck.badEmail", "See fsck.<msg-id>.skip for more.")
    assert not focus_in("os.path", "Each <module>.path is a list.")


def test_methods_the_askers_own_class_declares_set_the_scene():
    # The documentation knows no Kiln.cool: what the asker's class declares is its own; a
    # special method it declares is the language's.
    q = ("My `Kiln(Oven)` base declares abstract fire() and cool(). GasKiln only implements "
         "fire() so far, and `GasKiln()` fails with TypeError: Can't build abstract kiln. Why, "
         "when nothing ever calls cool()?")
    a = AnswerJudge.required(analyse(q))
    assert "cool" not in a.focus and "cool" in a.scene
    # "so far" is when, not how far; "nothing" is too general to weigh as asked.
    assert "far" not in a.content
    assert declared_members("My Money class defines __eq__() and total(). Why?") == {"total"}
    assert "nothing" in VAGUE
    # "fails with TypeError" is a surprise the rule it ran into explains.
    assert _SURPRISE_Q.search(q)


def test_the_library_class_the_askers_class_is_based_on_weighs_as_its_subject():
    # "it" of "How do I get isinstance to work with it?" is a Protocol to the
    # documentation, which knows no Closeable.
    q = ("I wrote `class Closeable(Protocol)` with a close() method, and `isinstance(f, "
         "Closeable)` raises TypeError. How do I get isinstance to work with it?")
    weights = AnswerJudge(idf=lambda stems: dict.fromkeys(stems, 2.0)).weights(
        AnswerJudge.required(analyse(q)))
    assert weights["protocol"] > weights["isinstance"] / 2
    assert weights["protocol"] > 2 * weights["closeable"]


def test_what_holds_normally_answers_what_holds_by_default_and_the_asked_verb_counts():
    # "By default, how long ... does kiln_md renew it?": the renewing window's "Normally,
    # ... will renew them ... 30 minutes before it ends" answers, not the warning window's
    # "By default this is 10% ..."; the sentence that introduces an example it cannot show
    # ("... as in:") is left out of the direct answer.
    evidence = [
        _entry("kiln_md.WarnWindow", "The warning is issued when the warn window is reached. "
               "By default this is 10% of the glaze lifetime, so for a kiln_md stoneware glaze "
               "this means 9 minutes before it ends."),
        _entry("kiln_md.RenewWindow", "Normally, glazes last around 90 minutes and kiln_md "
               "will renew them the earliest 33% of their lifetime before they end (so for 90 "
               "minutes, 30 minutes before it ends). If you think this is not what you need, "
               "you can specify the exact time, as in:")]
    status, facts = _research(evidence, "By default, how long before a 90-minute stoneware "
                                        "glaze runs out does kiln_md renew it?")
    assert status.status == "answered"
    assert facts[0].source_id == "kiln_md.RenewWindow"
    assert facts[0].text.endswith("30 minutes before it ends).")
    assert analyse("By default, how long before it runs out does kiln_md renew it?").verb == (
        "renew")
    assert analyse("What does kiln_md configtest do?").verb == ""
    assert analyse("How do I make a kiln_md glaze?").verb == ""


def test_a_list_asked_for_by_default_says_what_the_default_is():
    # "Which names does kiln.Rack ignore by default?": neither the signature ("a, b,
    # ignore=None, hide=None") nor a list of the rack's attributes is the list of names
    # ignored by default; the entry's sentence that says what the default is comes closest,
    # and only partly answers.
    text = ("Rack(a, b, ignore=None, hide=None)\n\n   A and B are shelves. IGNORE is a list of "
            "names to ignore, defaults to DEFAULT_IGNORES.\n\nAttributes:\n\n   left, right: "
            "the pots on shelf a and shelf b, filtered by hide and ignore. common: names of pots "
            "on both shelves, and the names ignored.\n")
    evidence = _text_evidence(text, "kiln.Rack", "r")
    status, facts = _research(evidence, "Which names does kiln.Rack ignore by default? I'd "
                                        "like to know whether glaze and bisque are left out.")
    assert status.status != "answered"
    assert not facts or "left, right" not in facts[0].text


def test_how_long_a_thing_lasts_may_be_a_session_and_how_long_it_may_be_a_length():
    from research_pipeline.researcher.answers import _number_fits
    lasts = analyse("How long does mod_kiln's cookie live if I never give it an expiry time?")
    # A duration that is no number of seconds, said of the case the asker names: the
    # directive left out is the expiry time not given.
    assert _number_fits(lasts, "If this directive is not used, cookies last only for the "
                               "current browser session.")
    assert not _number_fits(lasts, "If this directive is not used, cookies are sent in the "
                                   "Netscape format.")
    # "How long can a name be?" asks for a length: a bound said in words, or a number
    # with its unit; a quoted example or a version number is none.
    named = analyse("How long can a kiln name be?")
    assert _number_fits(named, "Kiln names are unlimited in length.")
    assert _number_fits(named, "A kiln name may be up to 64 characters long.")
    assert not _number_fits(named, "For example, the kiln name \"north\" is stored as "
                                   "\"_north\" since release 2.1.")


def test_variable_names_are_what_a_language_reference_calls_identifiers():
    asked = analyse("How long can a variable name be?")
    assert "identifier" in asked.content and "variable" not in asked.content
    # Set aside, it is set aside in the documentation's word too (and every word set aside
    # is one the question weighs).
    besides = analyse("Besides plain variable names, what else can I delete with del?")
    assert "identifier" in besides.excluded
    assert set(besides.excluded) <= set(besides.content)
    evidence = [_doc("k1", "Kiln statements › del", "Deletion of a target list recursively "
                     "deletes each target. Deletion of an identifier removes its binding; "
                     "attribute references and subscriptions can be deleted as well.")]
    status, facts = _research(evidence, "Besides plain variable names, what else can I "
                                        "delete with del?")
    assert facts


def test_a_short_entry_is_quoted_whole_and_a_members_entry_speaks_of_its_class():
    # "What does an empty line do in a Kiln shell?": kiln.Shell's member's entry says it
    # (the class's own entry does not), in its two paragraphs: the first says when it is
    # called, the second what it does. Both make the direct answer.
    said = ("Called when an empty line is entered at the kiln console.\n\nIf this method "
            "is not overridden, the console fires the last load again.")
    cut = said.index("\n\n")
    evidence = [
        _entry("kiln.Shell", "A simple framework for writing line-oriented kiln consoles."),
        _entry("kiln.Shell.blankline", said, [("para", 0, cut), ("para", cut + 2, len(said))]),
    ]
    question = "What does an empty input line do in a kiln.Shell console?"
    status, facts = _research(evidence, question)
    direct = [f for f in facts if f.role == "answer"]
    assert [f.source_id for f in direct] == ["kiln.Shell.blankline"] * 2
    assert direct[1].text.startswith("If this method is not overridden")
    # What the class is, though, its own entry says: a member's entry is not the class's.
    status, facts = _research(evidence + [_entry("kiln.Shell.fire", "Fire the load and "
                                                 "return the kiln.Shell's log.")],
                              "What is kiln.Shell?")
    assert facts[0].source_id == "kiln.Shell"


def test_what_the_asker_must_do_is_a_procedure():
    from research_pipeline.researcher.questions import answer_type
    assert answer_type("I started kiln daemon. What do I have to do so potters can fire "
                       "there?") == "procedure"
    assert answer_type("I enabled the glaze module. What else do I need to set up?") == (
        "procedure")
    assert answer_type("What do I have in my kiln config?") == "definition"


def test_an_argument_said_to_be_passed_and_what_it_makes_possible_is_a_procedure():
    html = """<html><body><h1>Kiln log module</h1><h2 id="mod">kilnlog module</h2>
<p>All logs are opened in text mode by default; the encoding comes from the locale.</p>
<p>Optional in-place rewriting: if the keyword argument rewrite=1 is passed to open_log(),
the log is moved to a backup file and standard output is directed to the log. This makes it
possible to write a filter that rewrites its log in place.</p>
</body></html>"""
    status, facts = _research(_html_evidence(html), "Our kiln logs need every 'cone 6' "
                              "changed into 'cone 7', rewriting the logs themselves. How do I "
                              "do that with kilnlog?")
    assert status.status == "answered"
    assert facts[0].text.startswith("Optional in-place rewriting")


def test_which_things_of_a_thing_is_a_list_and_compare_to_decide_no_comparison():
    from research_pipeline.researcher.questions import answer_type
    assert answer_type("Which details of a file can the kiln use to build its firing "
                       "label?") == "list"
    assert answer_type("If I put settings in a [kiln \"big\"] section, which parts of a "
                       "kiln's name does the studio compare to decide whether they apply?"
                       ) == "list"
    # What each of a kind holds asks for its fields, one by one.
    assert answer_type("What does each kiln.Firing tell me about a glaze run?") == "list"
    assert answer_type("What does a kiln.Firing tell me?") != "list"
    # Still comparisons: two things set side by side.
    assert answer_type("How does a bisque firing compare to a glaze firing?") == "comparison"
    assert answer_type("What's the difference between FireTemp and PeakTemp?") == "comparison"


def test_set_against_in_so_many_words_is_a_comparison_and_a_named_kinds_values_a_list():
    from research_pipeline.researcher.questions import answer_type
    # Two versions set against each other, though "what ... version" asks for a value.
    assert answer_type("The glaze format is 4 in our studio. What does glaze format version 4 "
                       "change compared with version 3?") == "comparison"
    assert answer_type("How does a cone 6 kiln behave on gas compared with electric?"
                       ) == "comparison"
    assert answer_type("How does FireScope thread compare with FireScope server?"
                       ) == "comparison"
    # A degree compared is still a number; a value a thing uses is not a comparison.
    assert answer_type("How much longer does a glaze firing take compared with a bisque "
                       "firing?") == "number"
    assert answer_type("What value does kiln.fire use for the cone by default?") == "number"
    # The kind of values named by a code name before them: "Which cone_rating values ...".
    assert answer_type("Which cone_rating values mean that a glaze needs a second firing?"
                       ) == "list"

def test_what_happens_to_a_thing_answers_whether_it_is_harmed():
    html = """<html><body><h1>kiln-fire(1)</h1><h2 id="desc">DESCRIPTION</h2>
<p>In kiln 1.7 or later, to cancel a cracked firing, use kiln-fire --stop. Warning: In older
kilns, firing with unfinished glazes is discouraged: while possible, it leaves you
in a state that may be hard to back out of in the case of a crack.</p>
<p>If any of the new glazes overlap with local unfinished glazes, the firing kiln-fire
started will be automatically canceled and the kiln untouched. It is generally best to get
any glazes in working order before firing.</p>
</body></html>"""
    status, facts = _research(_html_evidence(html, title="kiln-fire(1) Manual Page"),
                              "If I run kiln-fire while I have unfinished glazes, can it "
                              "ruin them?")
    assert status.status == "answered"
    assert facts[0].text.startswith("If any of the new glazes overlap")


def test_the_words_of_a_quoted_message_weigh_as_what_is_asked():
    # The message the asker quotes is what the manual's rule explains, in its own words;
    # it weighs as much as the asking sentence, not as the asker's story.
    html = """<html><body><h1>kiln-config(5)</h1><h2 id="hook">door-check hook</h2>
<p>The hook receives the temperature at which the kiln door is going to be opened. It can
exit with a non-zero status to refuse the opening (when it does so, it must not change the
firing).</p>
<h2 id="deny">kiln.denyHotOpen</h2>
<p>If set to true or "refuse", kiln-door will deny opening the door of a kiln whose
temperature is still above 200 degrees. Such an opening is potentially dangerous because it
cracks the hot ware.</p>
</body></html>"""
    status, facts = _research(_html_evidence(html, title="kiln-config(5) Manual Page"),
                              "I fired a bowl in the studio kiln, waited an hour, and "
                              "kiln-door fails with 'refusing to open door of a hot kiln: "
                              "temp/current/650'. Why won't the kiln let me open it?")
    assert facts[0].text.startswith("If set to true or")
    from research_pipeline.researcher.answers import quoted_message_words
    assert quoted_message_words("It says 'ServerAdmin takes one argument'. Why?") == {
        "serveradmin", "takes", "one", "argument"}
    assert not quoted_message_words("Bob's 'x' and 'y z' are mine")


def test_the_same_thing_as_before_is_no_tie():
    from research_pipeline.researcher.questions import tie_case
    assert tie_case("After we edit a glaze, the kiln keeps getting the same label as before. "
                    "Why?") == ""
    assert tie_case("Which pot is fired first among pots that have the same weight?") == (
        "have the same weight")


def test_can_it_and_how_do_i_asks_for_the_steps():
    from research_pipeline.researcher.questions import answer_type
    assert answer_type("Can the kiln keep a log of every firing, and how do I turn that on?"
                       ) == "procedure"
    assert answer_type("Can the kiln keep a log of every firing?") == "yesno"
    assert answer_type("What's the difference between bisque and glaze firings, and how do I "
                       "know which one to run?") == "comparison"


def test_it_of_a_yes_no_question_is_what_the_setting_told_of():
    # "it" is the glaze batch the setting built: a passage on renaming paths in general
    # says nothing of it, not even in part.
    html = """<html><body><h1>Kiln paths</h1><h2 id="move">kiln.moves</h2>
<p>Super-move; create folders as necessary and delete any left empty. Works like move,
except that the folders needed to make the new path good are created first. After the move,
folders at the end of the old path are pruned until the whole path is used up.</p>
</body></html>"""
    status, facts = _research(_html_evidence(html), "We build a glaze batch in the studio "
                              "kiln under /opt/kiln/batch and then copy the whole folder to "
                              "/srv/kiln/batch on each kiln. Will it keep working at the new "
                              "path?")
    assert status.status == "unanswered"
    assert not facts
    from research_pipeline.researcher.questions import setting_words
    # Where the asking sentence names its own subject, the story stays the story.
    assert "studio" in setting_words("We fire in the studio kiln. Will FireTemp change?")


def test_the_askers_own_functions_and_an_ordinal_are_not_what_an_answer_must_say():
    # "load_config" and "save_config" are the asker's functions: no manual names them. The
    # reason is the checker's rule, "the second" only which docstring.
    html = """<html><body><h1>kilncheck</h1><h2 id="run">kilncheck.run</h2>
<p>Run the examples in the docstrings of a module.</p>
<p>Optional keyword arg "globs" gives a dict to be used as the globals when running
examples. A copy of this dict is actually used for each docstring, so that each docstring's
examples start with a clean slate.</p>
</body></html>"""
    status, facts = _research(_html_evidence(html, title="kilncheck.run"),
                              "In the docstring of `fire_batch()` I have `>>> t = "
                              "fire_batch('a.ini')`, and in the docstring of `cool_batch()` I "
                              "use `t` again, but kilncheck reports `NameError: name 't' is not "
                              "defined` there. Why can't the second docstring see it?")
    assert status.status in ("answered", "partial")
    assert "clean slate" in facts[0].text


def test_how_much_of_a_thing_is_answered_by_a_value_of_that_thing():
    # "How much glaze ...?" asks for an amount of glaze; the default cone of the same kiln
    # is a value of something else, not even part of an answer.
    html = """<html><body><h1>Kiln manual</h1><h2 id="big">The big kiln</h2>
<p>For the big kiln, the default is cone 6. The settings of a firing are given either as a
preset program or in detail as a custom ramp.</p></body></html>"""
    question = "How much glaze does a firing of the big kiln use with preset 9?"
    status, facts = _research(_html_evidence(html), question)
    assert status.status == "unanswered" and not facts
    status, facts = _research(_html_evidence(html.replace(
        "For the big kiln, the default is cone 6.",
        "A firing of the big kiln with preset 9 uses about 4 kg of glaze.")), question)
    assert status.status in ("answered", "partial") and "4 kg of glaze" in facts[0].text


def test_a_module_named_as_a_plain_word_is_what_an_answer_speaks_of():
    # "kilnlib" is written as a word, but the evidence holds its entries: an entry of
    # another module that mentions a kiln does not answer for it, one of kilnlib's does.
    other = _text_evidence("Abort a firing. Uses the emergency vent. This does not follow "
                           "the procedure of the Kiln manual to return the shelves at "
                           "once; that doesn't seem to work with the kilns I've tried.",
                           "potlib.Pot.abort", "p")
    own = _text_evidence("Read methods that return at once, without waiting for the kiln "
                         "to send anything: read_eager() and read_lazy().",
                         "kilnlib.Kiln", "k")
    question = "Which of kilnlib's Kiln read methods return at once instead of waiting?"
    for researcher in (ExtractiveResearcher(idf=lambda stems: dict.fromkeys(stems, 8.0)),
                       ExtractiveResearcher()):
        status, facts = _research(other + own, question, researcher=researcher)
        # (Without the collection's word rarities kilnlib may be a word: not required.)
        if researcher._idf_source is not None:
            assert status.status == "answered", status.note
            assert all(f.source_id.startswith("k") for f in facts)
            assert "read_eager()" in facts[0].text
    # Where kilnlib's entry does not answer, potlib's, which says the rest, answers nothing.
    status, facts = _research(
        _text_evidence("Read methods that return at once, without waiting for the kiln to "
                       "send anything: read_now() and read_soon().", "potlib.Pot", "q")
        + _text_evidence("A connection to a kiln, fired in rounds.", "kilnlib.Kiln", "k"),
        question, researcher=ExtractiveResearcher(idf=lambda s: dict.fromkeys(s, 8.0)))
    assert status.status == "unanswered" and not facts


def test_the_options_the_setting_gives_a_named_command_are_asked_about_with_it():
    # "with kiln fire --again. Will the firing show me as its potter?": the page's section
    # on potters in general does not answer; the --again entry does.
    evidence = [
        _doc("p", "kiln-fire(1) Manual Page › FIRING INFORMATION", "The potter and firer "
             "names of a firing are by convention a person's name, although the kiln does "
             "not require any particular form of a name for a potter.", score=9.0),
        _doc("a", "kiln-fire(1) Manual Page › OPTIONS › --again", "--again  Replace the last "
             "firing by firing the shelf again. The new firing has the same shelf and potter "
             "as the last one (the --reset-potter option can countermand this).", score=8.0),
        _doc("o", "kiln-log(1) Manual Page", "Shows the firings of a kiln.", score=7.0)]
    status, facts = _research(evidence, "I fixed a crack in my colleague's last firing with "
                              "kiln fire --again. Will the firing now show me as its potter?")
    assert status.status in ("answered", "partial"), status.note
    assert facts[0].source_id == "a"


def test_a_modules_constant_is_named_in_its_modules_entries_and_said_of_both_is_no_contrast():
    from research_pipeline.researcher.answers import member_name
    # "FIRE_FAST" in kilnlib.Kiln's entry is kilnlib.FIRE_FAST; a plain word is not.
    assert member_name("kilnlib.FIRE_FAST", "kilnlib.Kiln") == "FIRE_FAST"
    assert member_name("kilnlib.fire", "kilnlib.Kiln") == "fire("  # only as a call
    assert member_name("os.path.exists", "os.path.lexists") == ""
    evidence = _text_evidence("The mode of a firing is given either as a program or as a "
                              "custom ramp. For FIRE_FAST and FIRE_SLOW, the default is to "
                              "use the CONE_6 program.", "kilnlib.Kiln", "k")
    status, _ = _research(evidence, "kilnlib.FIRE_FAST or kilnlib.FIRE_SLOW: what's the "
                                    "difference between the two?")
    assert status.status == "partial" and "together" in status.note


def test_one_function_called_two_ways_is_compared_by_what_sets_the_ways_apart():
    # The entry's opening says what the function is, neither way of calling it; a form
    # described alone is one side.
    text = ("Fire a kiln program.\n\nThe first form is kept for old scripts only. It guesses "
            "where the shelf name ends, so repeated lookups must be done with this form.\n\n"
            "In the second form, a colon marks where the shelf name ends and the program "
            "name starts. Only one lookup is needed in this form, unlike the first form.")
    status, facts = _research(_text_evidence(text, "kilnlib.fire", "k"),
                              "kilnlib.fire('shelf:bisque') vs fire('shelf.bisque'): is there "
                              "a difference?")
    assert status.status in ("answered", "partial")
    # The span that sets the two ways apart ("unlike the first form") answers first.
    assert facts[0].text.startswith("In the second form")


def test_two_names_set_apart_in_one_span_answer_a_comparison_told_in_the_askers_words():
    # "when I'm done with a firing" is the asker's telling; damp's entry sets the two apart.
    evidence = (_text_evidence("Close the flue and return the kiln to the idle state. This "
                               "command performs the same actions as VENT, except that no "
                               "heat is released from the chamber.", "kilnlib.Kiln.damp", "d")
                + _text_evidence("Heat is released from the open chamber.",
                                 "kilnlib.Kiln.vent", "v"))
    status, facts = _research(evidence, "kilnlib: vent() or damp() when I'm done with a "
                                        "batch, what's the difference?")
    assert status.status == "answered", status.note
    assert "except that no heat is released" in facts[0].text


def test_a_member_whose_entry_does_what_a_how_do_i_asks_is_the_tool_by_its_name_too():
    # "kilnlib" is said by the entry's name (kilnlib.Kiln.peek), "every" is no word of what
    # is asked: the entry's first sentence does what the asker wants.
    evidence = _text_evidence("Retrieve the glaze of pot number 'which' and the first "
                              "'howmuch' lines of its log.", "kilnlib.Kiln.peek", "p")
    status, facts = _research(evidence, "How do I get only the glazes of the pots with "
                                        "kilnlib, without firing every pot?")
    assert status.status in ("answered", "partial"), status.note
    assert facts and facts[0].text.startswith("Retrieve the glaze")



def test_the_opening_of_the_named_things_entry_does_not_answer_the_steps_asked_of_it():
    # kilnlib.Kiln's opening ("Create a kiln object ...") is its own entry and names it, but
    # says nothing of the steps asked; a span ranked above it tells how, in part: that span
    # decides. Where none does, the entry answers ("If maxsize is None, the cache can grow
    # without bound" for "How can I stop it from evicting old entries?").
    from research_pipeline.researcher.answers import AnswerJudge, Judgement, candidates
    cands = candidates(_text_evidence("Create a kiln object for heating pots. If max_heat is "
                                      "set, heats by at most max_heat per call.",
                                      "kilnlib.Kiln", "k")[0].source)
    opening = Judgement(cands[0], coverage=0.52, rank=1.4, focus_found=True, crux_found=True,
                        fit=True, rest=0.09, own=True, strict=True)
    later = replace(opening, candidate=cands[-1])
    steps = Judgement(cands[-1], coverage=0.6, rank=1.9, focus_found=True, crux_found=True,
                      fit=True, rest=0.35, own=False, strict=True)
    # The entry's first sentence, saying next to nothing of the steps, does not answer them;
    # it does answer what the thing is, and a later sentence of the entry may answer.
    assert cands[0].start == 0 < cands[-1].start
    assert not opening.answers() and replace(opening, strict=False).answers()
    assert later.answers() and not steps.answers() and steps.partly_answers()
    assert AnswerJudge.deciding([steps, later]) is steps
    assert AnswerJudge.deciding([later, steps]) is later


def _box(sid: str, directive: str, box: str, score: float) -> Evidence:
    source = Source(source_id=sid, url=f"https://kiln.example/mod_kiln.html#{sid}",
                    title=f"Apache Module mod_kiln › {directive} Directive", text=box,
                    provider="local", section=f"{directive} Directive",
                    layout=[("table", 0, len(box))])
    return Evidence(source, score, 1)


def test_how_long_it_waits_is_its_timeout_not_another_of_its_durations():
    # Of mod_kiln's durations, the responder's timeout is how long it waits; the cache's
    # lifetime, listed first and sharing more of the question's words, is not.
    question = ("By default, how many seconds does mod_kiln wait for the vent server when "
                "it fetches a response to cache?")
    evidence = [
        _box("c", "KilnVentCacheTimeout", "Description: Number of seconds before expiring "
             "cached responses of the vent server\nSyntax: KilnVentCacheTimeout seconds\n"
             "Default: KilnVentCacheTimeout 600\nContext: server config", 9.0),
        _box("r", "KilnVentResponderTimeout", "Description: Timeout for vent queries\n"
             "Syntax: KilnVentResponderTimeout seconds\nDefault: KilnVentResponderTimeout 10"
             "\nContext: server config", 8.0)]
    status, facts = _research(evidence, question)
    assert status.status == "answered"
    assert facts[0].source_id == "r"
    # Where no entry of the thing asked says how long it waits, the value in other words
    # answers: "after the given deciseconds" is how long kiln waits.
    status, facts = _research([_doc(
        "a", "kiln-config(1) Manual Page › Variables › fire.autoStart", "fire.autoStart  If "
        "kiln finds a shelf ready, it will start firing. Possible values are: 0 (default): "
        "show the ready shelf; a positive number: start firing after the given deciseconds "
        "(0.1 sec).", section="Variables › fire.autoStart", score=9.0)],
        "I set fire.autoStart to 20. How long does kiln wait before firing the shelf?")
    assert status.status == "answered"


def test_a_page_s_description_that_names_the_other_command_compares_the_two():
    # "This tool differs from kiln-fire(1) in that ..." under kiln-glaze's DESCRIPTION
    # speaks of both commands: the page's generic section is the page's own.
    from dataclasses import replace

    from research_pipeline.researcher.answers import _other_side_named
    # (The researcher adds the commands the evidence has pages of to the focus.)
    analysis = replace(analyse("What's the difference between kiln fire and kiln glaze?"),
                       focus=("kiln-fire", "kiln-glaze"),
                       focus_words=(("kiln", "fire"), ("kiln", "glaze")))
    text = "This tool differs from kiln-fire(1) in that it keeps the vent shut."
    page = Source(source_id="g", url="https://kiln.example/kiln-glaze.html",
                  title="kiln-glaze(1) Manual Page", text=text, provider="local",
                  section="DESCRIPTION")
    assert _other_side_named(analysis, page, text)
    # A section of its own (an option's entry) is that section's, not the page's.
    option = page.model_copy(update={"section": "OPTIONS › --slow"})
    assert not _other_side_named(analysis, option, text)


def test_a_version_the_asker_writes_is_no_name():
    # "v2.3.0" is the asker's tag, a value: not "v2", a name an answer must carry.
    assert "v2" not in analyse("On a fresh clone the script says v2.3.0 is missing, although "
                               "kiln tag lists v2.3.0. Why?").focus
    assert analyse("What does h2c mean?").focus == ("h2c",)


def test_a_method_called_on_a_literal_is_its_type_s_method(tmp_path):
    # "'a b'.split()" calls str.split, as its entry names it; "split" alone is also
    # shlex's, re's and os.path's. The plan searches for it by that name too.
    from research_pipeline.researcher.questions import literal_methods
    question = "What is the difference between 'a b'.split() and 'a b'.split(' ')?"
    assert literal_methods(question) == ["str.split"]
    assert "str.split" in analyse(question).focus
    assert literal_methods("What does b'ab'.hex() return?") == ["bytes.hex"]
    assert literal_methods("Why does glaze('a b') fail?") == []
    from research_pipeline.topics import parse_topic
    path = tmp_path / "strings.md"
    path.write_text(f"---\ntitle: Strings\nquestions:\n  - \"{question}\"\n---\n",
                    encoding="utf-8")
    plan = ExtractiveResearcher().generate_plan(parse_topic(path), [], None)
    assert any("str.split" in q.text.split() for q in plan.queries)


def test_a_yes_or_no_asked_of_the_default_needs_a_span_that_speaks_of_one():
    # "Out of the box, does ...?" asks what holds when nothing is set: a rule about the
    # proxy's headers, with cue words of a yes or no, says nothing of that.
    from research_pipeline.researcher.answers import _fits
    analysis = analyse("Out of the box, does kilnd check the certificate of a backend?")
    rule = _doc("r", "Kilns", "Only trust X-Kiln-Proto if you control the upstream proxy and "
                "it overwrites the header on every request.").source
    box = _doc("b", "Kilns", "By default the proxy does not check the certificate of a "
               "backend, only its name.").source
    from research_pipeline.researcher.answers import candidates
    assert _fits(analysis, next(iter(candidates(rule))), rule.text) == 0.0
    assert _fits(analysis, next(iter(candidates(box))), box.text) > 0.0


def test_a_limit_framed_in_idioms_leaves_their_words_out():
    # "in a row" and "before it gives up" frame the limit asked for; documentation states
    # a maximum ("that may follow each other"), never "row" nor "abort".
    content = analyse("How many internal redirects in a row does kilnd follow by default "
                      "before it gives up on the request?").content
    assert "row" not in content and "abort" not in content and "redirects" in content
    assert "abort" in analyse("How do I make kilnd give up on a stuck firing?").content


def test_a_dimension_asked_is_answered_by_a_value_of_that_dimension():
    # "How deep ...?" asks for a depth: the verification level's default is a value, but
    # of something else; the depth's default answers.
    question = "By default, how deep does mod_kiln verify a backend's certificate chain?"
    level = _box("l", "KilnVerify", "Description: Type of backend certificate verification\n"
                 "Syntax: KilnVerify level\nDefault: KilnVerify none", 9.0)
    depth = _box("d", "KilnVerifyDepth", "Description: Maximum depth of CA certificates in "
                 "backend certificate verification\nSyntax: KilnVerifyDepth number\n"
                 "Default: KilnVerifyDepth 1", 8.0)
    status, facts = _research([level], question)
    assert status.status != "answered"
    status, facts = _research([level, depth], question)
    assert status.status == "answered" and facts[0].source_id == "d"


def test_an_entrys_opening_that_says_what_kind_of_thing_it_is_gives_no_steps():
    # "What do I have to put in the nginx configuration ...?" asks for steps: the program's
    # description, with a stray "using", tells what it is.
    html = ("<html><body><h1>kiln-serve(1) Manual Page</h1><h2 id='d'>DESCRIPTION</h2>"
            "<p>A simple CGI program to serve the firing logs of a kiln to clients accessing "
            "the kiln server over http:// and https:// protocols. The program supports clients "
            "fetching using the smart protocol, as well as clients pushing using it, if "
            "properly configured.</p></body></html>")
    status, _ = _research(_html_evidence(html, title="kiln-serve(1) Manual Page"),
                          "We run nginx on our kiln server. What do I have to put in the nginx "
                          "configuration so that fetches and pushes over https are handed to "
                          "kiln-serve?")
    assert status.status != "answered"


def test_a_pages_known_bugs_answer_only_why_something_goes_wrong():
    # "Will kiln-pack move my shelves too?": the BUGS section's note on old documentation
    # shares the question's words but says nothing of what the command does.
    html = """<html><body><h1>kiln-pack(1) Manual Page</h1><h2 id="d">DESCRIPTION</h2>
<p>Shelves will be packed with the initial kiln-pack --all, and the next kiln-pack (without
--all) will leave them alone.</p>
<h2 id="b">BUGS</h2>
<p>Older documentation written before the packed file was introduced may still say things like
"the shelves/&lt;shelf> file exists" when it means "shelf &lt;shelf> exists".</p>
</body></html>"""
    status, facts = _research(_html_evidence(html, title="kiln-pack(1) Manual Page"),
                              "Will running kiln-pack move my shelves into the packed file too?")
    assert not any("Older documentation" in f.text for f in facts if f.role == "answer")


def test_a_submodules_page_is_an_entry_of_the_package_it_belongs_to():
    # "kilnlib's slow_fire": the page "kilnlib.slow_fire module" names both, kilnlib as the
    # package that holds it; its warning answers, and the package's list of its
    # submodules, which names slow_fire too, does not.
    evidence = [
        _doc("p", "kilnlib module", "Current contents: slow_fire -- a simple firing loop "
             "for bench kilns that supports glazes; cones -- tables of cone temperatures "
             "for every load.", score=9.0),
        _doc("m", "kilnlib.slow_fire module", "This is both an example of how a firing can "
             "be run, and a basis for firing simple loads on a bench kiln. It has not been "
             "tested for glaze safety, however, and we strongly recommend that you use a "
             "real kiln controller for production firing.", score=8.0)]
    status, facts = _research(evidence, "Is kilnlib's slow_fire good enough for production "
                                        "firing?",
                              researcher=ExtractiveResearcher(idf=lambda s: dict.fromkeys(s, 8.0)))
    assert status.status == "answered", status.note
    assert facts[0].source_id == "m" and "real kiln controller" in facts[0].text


def test_the_entry_of_one_of_several_names_need_not_name_where_the_asker_meets_it():
    # "Can I put `GlazeGuard on` inside <Chamber 2>?": GlazeGuard's own entry says where
    # it may be set, without naming <Chamber>; a passage that names both but says
    # nothing of it does not answer.
    html = """<html><body><h1>Kiln manual</h1>
<h2 id="chamber">&lt;Chamber&gt; Directive</h2>
<p>The &lt;Chamber&gt; section groups the directives of one chamber, such as FireTemp and
GlazeGuard, so that each chamber can be fired with its own settings.</p>
<h2 id="guard">GlazeGuard Directive</h2>
<p>This directive toggles the guard that keeps glazes from running. It must be set in the
global kiln context, for all chambers at once, and cannot be configured with conflicting
settings (GlazeGuard on followed by GlazeGuard off or similar).</p>
</body></html>"""
    for question in ("Can I put `GlazeGuard on` inside <Chamber> and leave it off for the "
                     "other chambers?", "Only one chamber holds glazed ware. Can I put "
                     "`GlazeGuard on` inside its <Chamber> and leave GlazeGuard off for the "
                     "other chambers?"):
        status, facts = _research(_html_evidence(html), question)
        assert status.status == "answered", status.note
        assert "global kiln context" in facts[0].text


def test_a_protocol_version_left_unset_is_asked_as_its_default():
    # "Which protocol version ..." asks for a version of a protocol, not a release; "if
    # I've never set kiln.protocol" for the value used when it is unset.
    html = """<html><body><h1>kiln-config(1)</h1>
<h2 id="vars">Variables</h2><dl>
<dt>kiln.protocol</dt><dd><p>If set, controllers will attempt to talk to a kiln using the
specified protocol version. If the kiln does not support it, the talk falls back to
version 0. If unset, the default is 2.</p><p>LONG</p></dd>
<dt>kiln.retries</dt><dd><p>How often a controller retries a kiln that does not answer.</p>
<p>LONG</p></dd>
</dl></body></html>"""
    # Descriptions as long as a manual's make each variable a term with its own text.
    html = html.replace("LONG", "Each firing in this mode is logged with its start time, "
                        "its peak and its cooling time, and the log is kept until the "
                        "next firing of the same kiln replaces it. " * 3)
    status, facts = _research(_html_evidence(html, title="kiln-config(1) Manual Page"),
                              "Which protocol version does kiln fire speak to the kiln if "
                              "I've never set kiln.protocol?")
    assert status.status == "answered", status.note
    assert "the default is 2" in facts[0].text


def test_only_one_answers_whether_there_may_be_two_and_multiple_is_twice():
    evidence = [_entry("kilnlib.Kiln.load_shelf", "Load a shelf into the kiln. If the shelf "
                       "has no rack, its pots are placed on the floor and, if found, will be "
                       "fired. Pots marked private will not be fired by the Kiln. Only one "
                       "shelf can be loaded at a time."),
                _entry("kilnlib.Kiln.glaze_of", "Returns the glaze of the pot matching "
                       "*name*.\n\nIf there are multiple matching pots, the glazes are "
                       "combined into a single string separated by commas.\n\nIf no "
                       "matching pot is found, returns *default*.")]
    status, facts = _research(evidence, "Can I call load_shelf() twice on one Kiln to fire "
                                        "the pots of two shelves?")
    assert status.status == "answered", status.note
    assert "Only one shelf can be loaded at a time." in facts[0].text
    status, facts = _research(evidence, "What does Kiln.glaze_of() give back when the shelf "
                                        "holds the same pot twice?")
    assert status.status == "answered", status.note
    assert "multiple matching pots" in " ".join(f.text for f in facts if f.role == "answer")


def test_a_qualified_names_entry_is_the_entry_of_its_tail_asked_with_another_name():
    # "Kiln.load" is kilnlib.Kiln.load's entry; the question also names KilnSet, where the
    # asker meets it, which the entry need not name.
    evidence = [_entry("kilnlib.Kiln.load", "Load one shelf into the kiln. The shelf must be "
                       "loaded before the kiln is lit: a lit kiln refuses every load.")]
    status, facts = _research(evidence, "Can I call Kiln.load() on a kiln of my KilnSet "
                                        "after it is lit, to add one more shelf?")
    assert status.status == "answered", status.note
    assert "refuses every load" in facts[0].text


def test_a_list_question_is_answered_by_the_entries_under_a_heading_that_names_its_kind():
    # "What peak formats does kiln fire --peak understand?": the sections under PEAK
    # FORMATS are the formats, each its own entry; the direct answer opens each of them,
    # not the sentence after them that adds looser forms.
    html = """<html><body><h1>kiln-fire(1) Manual Page</h1>
<h2 id="formats">PEAK FORMATS</h2>
<p>The KILN_PEAK environment variable and the --peak option of kiln fire support the
following peak formats:</p>
<dl><dt>Cone number</dt><dd><p>The standard pyrometric cone, as described by the Orton
charts, for example cone 6 or cone 06.</p><p>LONG</p></dd>
<dt>Temperature</dt><dd><p>Degrees Celsius as a bare number, for example 1222, which the
controller rounds to the nearest five degrees.</p><p>LONG</p></dd></dl>
<p>In addition to recognizing all peak formats above, the --peak option will also try to
make sense of other, more human-centric peak formats, such as "hot" or "very hot".</p>
</body></html>"""
    html = html.replace("LONG", "Each firing in this mode is logged with its start time, "
                        "its peak and its cooling time, and the log is kept until the "
                        "next firing of the same kiln replaces it. " * 3)
    status, facts = _research(_html_evidence(html, title="kiln-fire(1) Manual Page"),
                              "What peak formats does kiln fire --peak understand?")
    direct = " ".join(f.text for f in facts if f.role == "answer")
    assert "pyrometric cone" in direct and "Degrees Celsius" in direct, (status, direct)


def test_how_a_thing_of_the_askers_can_do_it_asks_for_steps_and_which_kinds_ask_for_a_list():
    from research_pipeline.researcher.questions import answer_type
    assert answer_type("How can new kilns reuse the firing log that is already on disk?"
                       ) == "procedure"
    assert answer_type("How should the kiln be configured when the shelves are wet?"
                       ) == "procedure"
    assert answer_type("What's the proper way for a script to check whether a kiln is hot?"
                       ) == "procedure"
    # "How can that happen" and "How could that work" ask why, not how to.
    assert answer_type("The door was locked. How can that happen when I checked first?"
                       ) != "procedure"
    assert answer_type("It only logs. How could that work, when the kiln never opens?"
                       ) != "procedure"
    assert answer_type("Which glaze firing status codes does the kiln report on its own?"
                       ) == "list"
    assert answer_type("Which parts of the kiln installation should only root write to?"
                       ) == "list"
    assert answer_type("Which values in a recipe file will the kiln read as empty?") == "list"


def test_a_library_name_the_setting_writes_before_a_comma_is_what_the_question_asks_about():
    analysis = analyse("Our Column objects learn their names through `__set_name__`, and that "
                       "works in the class body. But one added later with `setattr(Invoice, "
                       "'discount', Column())` has no name. Why is that one different?")
    assert "__set_name__" in analysis.focus and "__set_name__" not in analysis.scene


def test_a_page_for_another_operating_system_does_not_answer_a_question_asked_for_one():
    evidence = [
        _doc("n", "Using the kiln with NetWare › Configuring the kiln", "The recommended "
             "default stack size for each kiln worker thread is 65536 bytes, set with "
             "KilnStackSize.", score=9.0),
        _doc("d", "Kiln common directives › KilnStackSize", "On Linux, the soft limit of "
             "ulimit -s (8MB if unlimited) is used as the default stack size for each kiln "
             "worker thread.",
             score=5.0)]
    status, facts = _research(evidence, "On our Linux servers we have never set KilnStackSize. "
                              "How much stack does each kiln worker thread get?")
    assert facts and facts[0].source_id == "d"


def test_the_askers_search_past_a_mount_point_is_the_manuals_find_across_a_filesystem():
    evidence = [
        _doc("o", "kiln(1) Manual Page › Repository format", "Older kilns should continue to "
             "recognize the folder as a kiln so they don't look for an enclosing kiln in parent "
             "folders.", score=9.0),
        _doc("d", "kiln(1) Manual Page › KILN_DISCOVERY_ACROSS_FILESYSTEM", "When run in a "
             "directory without a kiln, the kiln tries to find one in the parent directories, "
             "but by default it does not cross filesystem boundaries.", score=5.0)]
    judged = ExtractiveResearcher()._judged(
        "When the kiln searches the parent folders for a kiln, does it carry on past a mount "
        "point?", evidence, "Kilns")[1]
    assert judged[0].candidate.source.source_id == "d" and "mount" in judged[0].matched


def test_what_the_asker_wants_to_do_without_is_not_what_the_steps_must_say():
    analysis = analyse("How do I see how one glaze changed over time, firing by firing, without "
                       "wading through every log of the whole kiln?")
    assert {"wading", "log", "kiln"} <= set(analysis.setting)
    # (A value asked for "without passing" a parameter is its default, not a procedure's
    # setting: the parameter is what the question asks about.)
    assert "width" not in analyse("What width does the kiln use without passing width?").setting


def test_what_is_the_highest_number_asks_for_a_value():
    from research_pipeline.researcher.questions import answer_type
    assert answer_type("What's the highest number the %T code of kiln.log can print?") == "number"
    assert answer_type("What is the port the kiln listens on?") == "number"
    # A kind asked for is no value: "What is the kind of glaze ...".
    assert answer_type("What kind of glaze does the kiln need?") != "number"


def test_an_everyday_description_is_searched_in_the_documentations_word():
    for question, said in [
        ("Recipes uploaded from Windows have CRLF line endings. How do I keep them?",
         "newline"),
        ("I set GlazeRoot glazes/blue, without a leading slash. Will the kiln find it?",
         "absolute"),
        ("Can the kiln use more than one CPU core to fire a load?", "parallel"),
        ("How can I get the same log with everything in shelves/ left out?", "exclude"),
    ]:
        assert said in analyse(question).content, question
    assert "newline" not in analyse("How long is a line in the kiln log?").content
    # The documentation's word finds the passage that answers in it.
    evidence = [
        _doc("a", "Kiln logs", "The firing log of a load lists every shelf with the heat it "
             "reached.", score=9.0),
        _doc("b", "Kiln log options", "A shelf can be excluded from the firing log of a load "
             "with the --exclude option.", score=8.0),
    ]
    status, facts = _research(evidence, "How can I get the firing log of a load with one "
                                        "shelf left out?")
    assert facts and facts[0].source_id == "b"


def test_a_span_that_writes_the_askers_own_call_speaks_of_its_case():
    from research_pipeline.researcher.answers import _says_expression, code_pieces

    def says(scene: list[str], text: str) -> bool:
        return _says_expression(code_pieces(scene), text)

    assert says(["kiln.heat(kiln.cool(0))"], "Note that heat(cool(0)) is not 0.")
    assert says(["os.environ['KILN'] = 'blue'"], "the value stored in os.environ['KILN'] is read")
    # A bare call, or a short one, is no piece of the asker's own code.
    assert not says(["fire()"], "after fire() returns")
    assert not says(["f(x)"], "f(x) is called")
    evidence = [
        _doc("a", "kiln.heat", "Convert a heat tuple to degrees since lighting.", score=9.0),
        _doc("b", "kiln.heat notes", "Note that heat(cool(0)) will not generally return "
             "zero; instead it returns the kiln's resting heat.", score=7.0),
    ]
    status, _ = _research(evidence, "Why does `kiln.heat(kiln.cool(0))` give 40 rather "
                                    "than the heat I started from?")
    assert status.best_source_id == "b"


def test_an_option_another_entry_cannot_be_combined_with_is_named_only_in_passing():
    from research_pipeline.researcher.answers import _in_passing
    assert _in_passing("--graph", "Shows the loads as given. Cannot be combined with --graph.")
    assert _in_passing("--graph", "This option is not used together with --graph.")
    assert not _in_passing("--graph", "With --graph, the loads are drawn as a tree.")
    # The --no-stack entry does not speak of --graph: no part of the answer.
    entry = _doc("a", "kiln-log(1) › --no-stack", "--no-stack  Shows the loads in the order they "
                 "were given on the command line, sorted by firing time. Cannot be combined "
                 "with --graph.", score=9.0)
    status, _ = _research([entry], "Why does kiln-log --graph change the order in which the "
                                   "loads are sorted?")
    assert status.status == "unanswered"


def test_a_modules_function_written_as_a_call_in_another_entry_names_it():
    # kiln.heat's note writes kiln.cool as "cool(0)": it speaks of both.
    note = _doc("a", "kiln.heat", "Convert a heat tuple to degrees since lighting. Note that "
                "heat(cool(0)) will not generally return zero; instead it returns the resting "
                "heat of the kiln.", score=9.0)
    status, _ = _research([note], "Why does `kiln.heat(kiln.cool(0))` give 40 rather than the "
                                  "heat I started from?")
    assert status.status == "answered"


def test_a_bound_written_as_an_inequality_gives_the_highest_value():
    # "0 <= n <= 0x3f" says which shelf numbers kiln.shelf() takes: the highest is its
    # upper bound, though no word of it says "highest".
    evidence = [
        _doc("a", "kiln.accept", "Accept a load onto the bound shelf of the kiln.", score=9.0),
        _doc("s", "kiln.shelf", "Return the shelf object at the given position n of the "
             "kiln; 0 <= n <= 0x3f.", score=8.0)]
    status, facts = _research(evidence, "What's the highest number kiln.shelf() will accept?")
    assert status.status == "answered"
    assert facts[0].source_id == "s"


def test_a_manual_pages_name_line_does_not_say_what_its_command_can_do():
    # "kiln-stack - List the contents of a kiln load" is what the page is about; whether
    # kiln stack can report each pot's weight is the --weight entry's to say.
    name_line = "kiln-stack - List the contents of a kiln load"
    evidence = [
        _doc("n", "kiln-stack(1) Manual Page", name_line, section="NAME", score=9.0),
        _doc("w", "kiln-stack(1) Manual Page", "-w, --weight  Print the weight of each pot "
             "in grams next to its name.", section="OPTIONS › -w, --weight", score=5.0)]
    status, facts = _research(evidence, "Can kiln stack report how heavy each pot is?")
    assert facts[0].source_id == "w" or status.status != "answered"
    judge = AnswerJudge(lambda stems: dict.fromkeys(stems, 4.0))
    asked = analyse("Can kiln stack report the weight of each pot?")
    asked = replace(asked, focus=("kiln-stack",), focus_words=(("kiln", "stack"),))
    named = [j for j in judge.judge(asked, evidence[:1]) if j.candidate.text == name_line]
    assert named and not named[0].answers()
    # A question of what the command is takes its name line as the answer.
    defined = replace(analyse("What is kiln stack?"), focus=("kiln-stack",),
                      focus_words=(("kiln", "stack"),))
    named = [j for j in judge.judge(defined, evidence[:1]) if j.candidate.text == name_line]
    assert named and named[0].answers()


def test_a_span_that_names_only_the_command_does_not_answer_what_it_does_besides():
    # The page's DESCRIPTION names kiln stack and nothing else of the question: the
    # question's words beyond the command are what an answer must say.
    evidence = [_doc("d", "kiln-stack(1) Manual Page", "The kiln stack command is similar to "
                     "the kiln list command, and the kiln stack output is sorted.",
                     section="DESCRIPTION", score=9.0)]
    asked = replace(analyse("Can kiln stack report how heavy each pot is?"),
                    focus=("kiln-stack",), focus_words=(("kiln", "stack"),))
    judged = AnswerJudge(lambda stems: dict.fromkeys(stems, 4.0)).judge(asked, evidence)
    assert judged and not any(j.answers() for j in judged)


def test_how_big_asks_for_a_size_and_whats_wrong_frames_a_question():
    assert "size" in analyse("Can kiln stack show how big each pot is?").content
    story = analyse("I moved the vent call into a function and now the kiln script stops "
                    "with a SyntaxError. What's wrong?")
    assert "wrong" not in story.content and "syntaxerror" in story.content
    assert "wrong" in analyse("Which glaze is wrong for a cone 6 firing?").content


def test_a_lone_letter_of_a_written_command_line_is_no_word_of_the_question():
    asked = analyse('I set up KilnFilter with cmd="/usr/bin/tr a-z A-Z" for the log. How can '
                    'I make it touch only the glaze logs?')
    assert "a" not in asked.content and "tr" in asked.content


def test_how_x_compares_to_y_names_the_two_sides():
    asked = analyse("How does firing a load in an electric kiln compare to a wood-fired "
                    "kiln?")
    assert asked.answer_type == "comparison"
    assert len(asked.sides) == 2 and asked.sides[0] != asked.sides[1]


def test_without_a_thing_says_its_un_form():
    from research_pipeline.researcher.answers import span_stems
    text = "With remove, the glaze step is skipped and the firing continues without glazing."
    assert stem("unglazed") in span_stems(text, words(text))


def test_a_notice_label_is_no_word_of_the_sentence():
    from research_pipeline.researcher.answers import _said_words
    assert "notice" not in _said_words("Notice: You cannot use this for glaze firings.")
    assert "notice" in _said_words("The kiln will notice a change of load.")


def test_an_argument_said_to_specify_what_to_do_is_a_step():
    from research_pipeline.researcher.answers import _PROCEDURE_RE
    assert _PROCEDURE_RE.search("The default keyword-only argument specifies an object to "
                                "return if the iterable is empty.")
    assert not _PROCEDURE_RE.search("The shelf is empty when the kiln has cooled.")


def test_a_conditional_expression_or_comprehension_written_out_is_named_in_the_references_terms():
    from research_pipeline.researcher.questions import code_terms
    assert code_terms("Is `'x' if a else 'y' if b else 'z'` read as "
                      "`('x' if a else 'y') if b else 'z'`?") == ("conditional", "expression")
    assert code_terms("Why does `[f() for f in fs]` call each one?") == ("comprehension",)
    assert code_terms("Why does `if x: pass` do nothing?") == ()
    assert code_terms("Does `print(a, b)` add a space?") == ()


def test_a_closed_range_in_brackets_gives_the_highest_value():
    evidence = [_doc("t", "kiln.stamp", "Stamp the load with its firing time. Format codes: "
                     "%H | Hour of the firing as a decimal number [00,23]. %S | Second of "
                     "the firing as a decimal number [00,61].", score=9.0)]
    status, facts = _research(evidence, "What's the highest number the %S code of "
                                        "kiln.stamp can print?")
    assert status.status == "answered"
    assert "[00,61]" in facts[0].text


def test_a_pages_summary_speaks_of_the_directives_its_sections_document():
    # The module page's summary says "this" of every directive the page documents: it is
    # the answer for CacheFile, which heads a section of the same page.
    title = "Kiln Module mod_kiln_cache"
    evidence = [
        _doc("g", "Caching Guide", "Files to be cached in this manner are named in the "
             "configuration with the CacheKiln directive, once at start-up.",
             section="Kiln Caching › CacheKiln", score=9.0),
        _doc("s", title, "You cannot use this for speeding up glaze programs, which are "
             "fired by special handlers.", section="Summary", score=6.0),
        _doc("d", title, "The CacheKiln directive opens a file at start-up and keeps it "
             "open for later firings.", section="CacheKiln Directive", score=5.0)]
    status, facts = _research(evidence, "Can I use CacheKiln to make our glaze scripts run "
                                        "faster?")
    assert facts[0].source_id == "s"


def test_a_comparison_of_two_values_of_a_setting_is_answered_by_the_span_naming_both():
    # "always" and "auto" are what is compared; kiln.ui, the setting the asker set, and the
    # command only set the scene: the definition of kiln.ui that names neither value is no
    # comparison of them.
    evidence = [
        _doc("d", "kiln-config(1) Manual Page", "kiln.ui  Specify whether supported kiln "
             "commands should print their output in columns.",
             section="CONFIGURATION › kiln.ui", score=9.0),
        _doc("v", "kiln-config(1) Manual Page", "These options control when columns are "
             "used: always prints columns every time, while auto prints columns only when "
             "the output goes to a terminal.", section="CONFIGURATION › kiln.ui", score=5.0)]
    asked = analyse("I set kiln.ui = always, and now my script that runs kiln stack | grep "
                    "pots gets whole rows of names. What's the difference between always and "
                    "auto here?")
    assert asked.sides == (("always",), ("auto",))
    asked = replace(asked, focus=asked.focus + ("kiln-stack",),
                    focus_words=asked.focus_words + (("kiln", "stack"),))
    judged = AnswerJudge(lambda stems: dict.fromkeys(stems, 4.0)).judge(asked, evidence)
    by_id = {j.candidate.source.source_id: j for j in judged}
    assert by_id["v"].shape > by_id["d"].shape


def test_a_value_asked_after_two_describing_words_is_a_number_question():
    from research_pipeline.researcher.questions import answer_type
    assert answer_type("What was the old hardcoded value, and what do I set to get the old "
                       "behaviour back?") == "number"
    assert answer_type("What exactly is a code object?") != "number"


def test_an_entry_cut_to_its_term_is_not_quoted():
    # kiln-fire's fire.log entry says again, nearly word for word, what the --log option
    # already says; cut before that sentence, only its term "fire.log" would be left, which
    # is no finding (the report contract's five words).
    from research_pipeline.researcher.answers import candidates
    from research_pipeline.researcher.extractive import _unrepeated
    option = _doc("o", "kiln-fmt-log(1) Manual Page", "--log: In addition to kiln names, "
                  "populate the firing log with one-line descriptions from the actual pots "
                  "that are being fired.", section="OPTIONS").source
    term = "fire.log"
    entry = (f"{term}\n\nIn addition to kiln names, populate the firing log with at most the "
             "specified number of one-line descriptions from the actual pots that are being "
             "fired.")
    page = Source(source_id="m", url="https://kiln.example/kiln-fire#_configuration",
                  title="kiln-fire(1) Manual Page", text=entry, provider="local",
                  section="CONFIGURATION › fire.log",
                  layout=[("start", 0, 0), ("term", 0, len(term)),
                          ("para", len(term) + 2, len(entry))])
    shown = [max(candidates(option), key=lambda c: len(c.whole_text))]
    term_entry = next(c for c in candidates(page) if c.kind == "term")
    assert _unrepeated(term_entry, shown) is None


def test_a_word_set_aside_that_the_question_does_not_weigh_is_no_error():
    # "Apart from the values to print, what options does print() take?": "values" is set
    # aside but is no content word of the question; a span that names it (not a list) is
    # the aside, and judging it must not look up a weight the question never gave.
    question = "Apart from the values to fire, what options does kiln.fire() take?"
    asked = analyse(question)
    assert "values" in asked.excluded and "values" not in asked.content
    text = ("Fire the values given, one after another, in the kiln.\n\nThe options are heat, "
            "the temperature to reach, and wait, the minutes to cool before opening.")
    status, facts = _research([_entry("kiln.fire", text, _paragraphs(text))], question)
    assert facts and facts[0].text.startswith("The options are heat")


def test_a_name_that_ends_with_its_dot_has_no_short_form():
    # 'a SetKiln "kiln:fire://..." line' names a value whose last dot leaves no short name:
    # it is found nowhere, and judging a comparison with it is no error.
    assert list(_hits("", "The kiln fires pots.")) == []
    question = ('What is the difference between a KilnMatch rule and a SetKiln '
                '"kiln:fire://..." line?')
    source = Source(source_id="s", url="https://kiln.example/d", title="KilnMatch",
                    text="KilnMatch maps the URL to the kiln.", provider="local",
                    section="KilnMatch Directive")
    assert not _other_side_named(analyse(question), source, source.text)
    evidence = [_doc("d1", "Kiln directives", "KilnMatch sends every matching request to "
                     "the kiln, while SetKiln in a Files block fires only existing files.",
                     section="KilnMatch Directive")]
    _research(evidence, question)


def test_a_name_the_askers_own_call_passes_is_the_askers_when_no_source_names_it():
    # "`fired(cls, BaseShelf)`": BaseShelf is the asker's class, passed to the function
    # the documentation describes; its entry speaks of "the same class".
    question = ("My loader keeps every class in the module for which `fired(cls, BaseShelf)` "
                "is true. Will BaseShelf itself end up in that list too, or only the classes "
                "derived from it?")
    assert "BaseShelf" in analyse(question).focus
    text = "Return whether 'cls' is derived from another class or is the same class."
    status, facts = _research([_entry("builtins.fired", text)], question)
    assert status.status != "unanswered" and facts
    assert facts[0].text == text


def test_an_escape_is_said_by_its_name_and_a_next_step_only_sets_the_scene():
    asked = analyse("Does the pot I get back from kiln.fetch() still have the '\\n' on the "
                    "end, so I need to call rstrip() on it?")
    assert "newline" in asked.content and "n" not in asked.content
    assert {"\\n", "rstrip"} <= set(asked.scene) and "kiln.fetch" not in asked.scene
    # "What's the point of X?" asks what X is for; no text says "point".
    assert "point" not in analyse("What's the point of mod_kiln?").content


def test_a_value_left_out_and_a_value_near_a_synonym_fit_a_number_question():
    from research_pipeline.researcher.answers import _number_fits
    # "when I leave out k" asks for the value used without it: a text that says so.
    left_out = analyse("What does kiln.perm(5) return when I leave out k?")
    assert _number_fits(left_out, "If k is not specified, the function returns 7.")
    assert not _number_fits(left_out, "For five pots and k of 2 the function returns 20.")
    # "How often does it probe ...?": "This dynamic check is performed every 30 seconds".
    often = analyse("How often does mod_kiln probe a shelf when I don't give it an interval?")
    assert _number_fits(often, "This dynamic check is performed every 30 seconds, which is "
                               "the default.")


def test_a_function_called_bare_is_named_by_its_call_not_by_the_plain_word():
    # "input()" of the question is not named by "On input, ..." in another entry; its own
    # entry, or a text that writes "input()", names it.
    question = "Does the string I get back from input() still have the newline on the end?"
    other = _entry("kiln.Reader", "On input, the newline at the end of each line is "
                                  "translated before the string is returned.")
    status, _ = _research([other], question)
    assert status.status == "unanswered"
    own = _entry("builtins.input", "Read a string from standard input. The newline at the "
                                   "end is stripped from the string returned.")
    _, facts = _research([other, own], question)
    assert facts and facts[0].source_id == "builtins.input"


def test_a_rule_in_the_names_own_entry_is_the_reason_for_the_askers_case():
    # "Why is its name still None?": the hook's own entry says under what condition it is
    # not called, in none of the asker's words but "class" and "later"; that rule is why.
    evidence = [
        _entry("kiln.Shelf.__set_slot__", "Called at the time the owning kiln class is built. "
               "If the shelf is added to the kiln class later, __set_slot__() will not be "
               "called automatically."),
        _entry("kiln.Shelf", "A shelf of a kiln, which holds pots during a firing.")]
    status, facts = _research(evidence, (
        "Our Shelf objects learn their slot through `__set_slot__`, and that works for every "
        "shelf written in the kiln class body. But a plugin that adds a shelf later with "
        "`setattr(Kiln, 'top', Shelf())` ends up with a shelf whose slot is still None. Why "
        "is that one different?"))
    assert status.status == "answered"
    assert "will not be called automatically" in facts[0].text


def test_a_rule_that_says_nothing_of_the_askers_case_is_no_reason():
    # The entry's condition ("If name is not valid, raise KeyError.") shares no word with
    # what the asker tells: it is not why the member list lacks bob.
    evidence = [_entry("kiln.crew.getcrew", "Return the crew entry for the given crew name. "
                       "If name is not valid, raise KeyError.")]
    status, _ = _research(evidence, (
        "Our deploy script lets someone fire the kiln only if `user in "
        "kiln.crew.getcrew('firing').members`. It turns bob away, although his badge says "
        "firing crew. Why is he missing from the member list?"))
    assert status.status != "answered"


def test_an_exception_the_asker_saw_is_the_symptom_not_what_the_answer_names():
    # The exception told in the story ("the KeyError traceback. Why?") is what the asker
    # saw: the answer gives the cause in the entry of what the asker called, which does not
    # name KeyError.
    question = ("My test has `self.assertFires(GlazeError, fire_load, 'bad.ini')`, but fire_load "
                "actually raised a KeyError. I expected a plain failure, yet the run reports "
                "the test as ERROR with the KeyError traceback. Why?")
    analysis = analyse(question)
    assert "KeyError" in analysis.scene
    assert analyse("Why do I get a KeyError from fire()?").answer_type == "reason"


def test_a_with_statement_around_a_call_asks_about_the_context_manager():
    analysis = analyse("My cleanup code is `with suppress(FileNotFoundError):` followed by "
                       "two lines. a.tmp was already gone, and afterwards b.tmp is still on "
                       "disk although it existed. Why wasn't it removed?")
    assert "suppress" in analysis.focus
    assert "with" not in analysis.focus
    # A bare statement still asks about the keyword.
    assert "del" in analyse("What does `del x` do when x is a global?").focus


def test_how_can_a_thing_end_up_so_asks_why_not_how_to():
    assert analyse("To spot duplicates I logged `id(p)`. How can two different objects end "
                   "up with the same id?").answer_type == "explanation"
    assert analyse("How can new clones reuse that copy?").answer_type == "procedure"


def test_a_call_with_and_without_arguments_is_compared_by_the_entry_that_tells_both_cases():
    # "kiln.temps() with no argument and kiln.temps(shelf)": the function's own entry says
    # what each way of calling it gives; a method whose signature only has a parameter of
    # the same name ("log(section, *, temps=None)") is not the function asked about.
    evidence = [
        _doc("c", "kiln.Controller", "Additional readings may be provided using the `temps` "
             "argument, which must be a dictionary whose contents override the defaults.",
             section="Controller › log(section, *, temps=None)", score=9.0),
        _entry("temps", "Without arguments, equivalent to the readings of the whole kiln. "
               "With an argument, equivalent to the readings of that shelf.")]
    status, facts = _research(evidence, "What's the difference between calling temps() with "
                                        "no argument and calling temps(some_shelf)?")
    assert status.status == "answered"
    assert facts[0].text.startswith("Without arguments, equivalent to the readings")


def test_a_parameter_of_the_same_name_does_not_make_a_section_the_functions_own():
    # "What does temps() return?": a method whose signature has a parameter "temps" says
    # what that method returns, not what the function temps() does.
    evidence = [_doc("c", "kiln.Controller", "Return a string value for the named shelf.",
                     section="Controller › log(section, *, temps=None)")]
    status, _ = _research(evidence, "What does temps() return?")
    assert status.status != "answered"


def test_what_a_quoted_term_means_is_asked_by_what_does_that_mean():
    # "... started a comment with 'nit:'. What does that mean?": the quoted term is what is
    # to be defined, and its glossary entry defines it.
    question = ("A reviewer on the kiln list started one of their comments on my glaze with "
                "'craze:'. What does that mean?")
    analysis = analyse(question)
    assert analysis.answer_type == "definition"
    assert "craze:" in analysis.focus and "craze:" not in analysis.scene
    evidence = [
        _doc("t", "Reviewing glazes", "craze: Denotes a fine network of cracks in the glaze "
             "that should be fixed before the next firing.", section="Terminology › craze:"),
        _doc("s", "My first glaze", "Skip ahead to Responding to Reviews for information on "
             "how to reply to review comments you will receive on the kiln list.",
             section="Sending glazes › Updating", score=9.0)]
    status, facts = _research(evidence, question)
    assert status.status == "answered"
    assert facts[0].text.startswith("craze: Denotes a fine network")


def test_a_declared_method_may_open_with_a_capital_or_an_underscore():
    # What a class of the asker's own declares is any name written as a call, "_load()" and
    # "Save()" too (not only the lower-case names a bare call of a library function has).
    assert declared_members("My Cache class declares _load() and Save(). Why does it fail?"
                            ) == {"_load", "Save"}


def test_a_how_do_i_is_answered_by_the_rule_in_the_names_own_entry():
    # "How do I get all the results back ...?": the entry of what the asker calls says, as a
    # rule, which argument does it ("If *keep_going* is True, ..."), in the asker's words
    # "results" and "cracked" but not as steps.
    evidence = [
        _entry("kiln.fire_all", "Fire every load on the list and return their results. "
               "If *keep_going* is True, cracked loads are reported in the results list the "
               "same as fired ones."),
        _entry("kiln.fire", "Fire one load and return its result.")]
    status, facts = _research(evidence, (
        "The studio's nightly batch job runs `kiln.fire_all(loads)` over forty loads for "
        "Friday's open day. When one of them cracks, the whole call stops and I never see the "
        "results of the loads that fired. How do I get all the results back, with the "
        "cracked loads in the list instead of stopping?"))
    assert status.status == "answered"
    assert "If *keep_going* is True" in facts[0].text


def test_a_function_the_asking_sentence_names_by_its_last_word_is_the_focus():
    # A two-letter module's function is a library's name like any other ("os.symlink" of
    # "Can I tell symlink ..."); the way the asker would rather not do it ("without wrapping
    # the call in try/except") is not what it asks about.
    question = ("Our installer calls `os.symlink('current', 'app')`, and on the second run it "
                "stops with FileExistsError because the link is already there. Can I tell "
                "symlink to accept an existing link without wrapping the call in try/except?")
    assert AnswerJudge.required(analyse(question)).focus == ("os.symlink",)
    # Its own entry says so, in none of the words of the way the asker would avoid.
    evidence = [_entry("os.symlink", "Create a symbolic link pointing to src named dst. If "
                       "the link already exists, raise an OSError if *replace* is False. "
                       "Otherwise the existing link is replaced and no exception is raised."),
                _entry("os.link", "Create a hard link pointing to src named dst.")]
    status, facts = _research(evidence, question)
    assert status.status == "answered"
    assert "no exception is raised" in facts[0].text
    # (A name in such a clause beside no library name stays: "without typing -S" names
    # what the answer names too.)
    assert "-S" in AnswerJudge.required(analyse(
        "How do I get kiln to sign every firing log without typing -S each time?")).focus


def test_a_with_statements_manager_is_asked_about_not_the_calls_in_its_block():
    analysis = analyse("My cleanup runs `with kiln.vented(FanError):` around two calls, "
                       "`os.unlink('a.log')` and `os.unlink('b.log')`. a.log was already gone, "
                       "and afterwards b.log is still on disk. Why wasn't it removed?")
    assert AnswerJudge.required(analysis).focus == ("kiln.vented",)
    # Without a with statement, the library call the code makes is what it asks about.
    analysis = analyse("My loop is `for shelf in os.scandir('kiln'): open(shelf.name)`. It "
                       "works for the top shelf only. Why?")
    assert "os.scandir" in AnswerJudge.required(analysis).focus


def test_an_exception_the_setup_says_was_raised_is_the_symptom():
    analysis = analyse("I load the shelf list with `kiln.load_shelves(path)`, but Python raises "
                       "`kiln.ShelfFormatError: bad header line`. The same file loads in the "
                       "old tool. Why is the new one so strict?")
    assert "kiln.ShelfFormatError" in analysis.scene
    # A setting raised is no exception raised.
    analysis = analyse("Firing kept failing, so I raised kiln.maxTemp to 1300 as a forum "
                       "answer suggested. It still fails. Why not?")
    assert "kiln.maxTemp" in AnswerJudge.required(analysis).focus


def test_which_value_a_thing_takes_by_default_asks_for_a_value():
    from research_pipeline.researcher.questions import answer_type
    assert answer_type("The shelves that `kiln.stack('a/b')` makes come out cold, though I "
                       "never passed a heat. Which heat does stack ask for by default, and why "
                       "don't I get it?") == "number"
    assert answer_type("Which glaze does the kiln use by default?") == "number"
    assert answer_type("What does the kiln do by default when a shelf cracks?") != "number"


def test_a_list_that_answers_is_not_replaced_by_the_entries_of_a_commands_options():
    # "What are my options for carrying on?": the list of what to do next answers; the
    # entries of the command's options (-e, --no-edit) are not the asker's choices.
    page = """<html><body><h1>kiln-check(1) Manual Page</h1><h2 id="opts">OPTIONS</h2><dl>
<dt>-e, --edit</dt><dd><p>With this option, kiln check lets you edit the shelf notes before
each shelf is checked.</p><p>LONG</p></dd>
<dt>--no-edit</dt><dd><p>With this option, kiln check will not start the notes editor.</p>
<p>LONG</p></dd>
<dt>-n, --no-log</dt><dd><p>Usually kiln check writes a log line for each shelf; this option
leaves the shelves out of the log.</p><p>LONG</p></dd></dl>
<h2 id="seq">SEQUENCER SUBCOMMANDS</h2><ul>
<li>--continue: Continue the check in progress after you have moved the cracked pot aside.</li>
<li>--skip: Skip the current shelf and continue with the rest of the sequence.</li>
<li>--abort: Cancel the check and return to the pre-sequence state.</li></ul>
</body></html>"""
    # Descriptions as long as a manual's make each option an entry of its own.
    page = page.replace("LONG", "The notes of each shelf are kept with the firing log until "
                        "the next check of the same kiln replaces them. " * 3)
    status, facts = _research(_html_evidence(page, title="kiln-check(1) Manual Page"),
                              "I asked kiln check to check five shelves at once and it halted "
                              "on the third with a cracked pot. What are my options for "
                              "carrying on from there?")
    assert status.status == "answered"
    assert "rest of the sequence" in facts[0].text


def test_a_setting_the_setup_names_is_asked_about_by_its_last_word():
    # "We turned on KilnDoorOverride ... Can the override be limited to ...?": "the
    # override" is the setting the setup names.
    question = ("We turned on KilnDoorOverride so that the door opens by itself when the fire "
                "goes out. But our glaze firings need the door shut while they cool. Can the "
                "override be limited to the bisque firings?")
    assert AnswerJudge.required(analyse(question)).focus == ("KilnDoorOverride",)
    # (Not one whose last word the asking sentence does not say.)
    assert AnswerJudge.required(analyse(
        "We turned on KilnDoorOverride. Can the door be kept shut for glaze firings?")
                                ).focus != ("KilnDoorOverride",)


def test_a_list_of_steps_does_not_stand_for_the_entries_of_the_methods_asked_for():
    # The with statement's numbered steps name __enter__ and __exit__ and answer in part,
    # but list steps, not methods: the methods' own entries answer "Which methods must a
    # context manager define?" (while a list of options, "• --skip: ...", lists options).
    steps = ("Firing with a kiln controller proceeds as follows:\n"
             "1. The kiln controller's start() method is loaded for later use.\n"
             "2. The kiln controller's stop() method is loaded for later use.\n"
             "3. The kiln controller's start() method is invoked and the firing runs.\n"
             "4. The kiln controller's stop() method is invoked when the firing ends.")
    evidence = [
        Evidence(Source(source_id="s0", url="https://kiln.example/firing", title="Firing",
                        text=steps, provider="local", section="The firing statement",
                        layout=[("start", 0, 0), ("list", 0, len(steps))]), 9.5, 1),
        _doc("c1", "Kiln controller interface", "Start the firing program and heat the "
               "kiln along its schedule.", section="controller.start(self, program)",
               score=8.0),
        _doc("c2", "Kiln controller interface", "Stop the firing program and let the kiln "
               "cool down with the power off.", section="controller.stop(self)", score=7.0)]
    _, facts = _research(evidence, "Which methods must a kiln controller define?")
    assert [f.source_id for f in facts if f.role == "answer"] == ["c1", "c2"]


def test_an_http_status_code_is_also_asked_as_its_class_and_an_idiom_is_no_word():
    asked = analyse("When the backend starts returning 500 errors, will the kiln cache keep "
                    "serving the copies it holds?")
    assert "5xx" in asked.content
    assert "4xx" in analyse("Why does the kiln's web page answer with a 404 response?").content
    refuse = analyse("Why does kiln-fire refuse a wet pot in the first place?")
    assert "refuse" in refuse.content
    assert not {"first", "place"} & set(refuse.content)


def test_a_unit_named_without_a_value_does_not_say_how_long():
    evidence = [
        _doc("m1", "Kiln Module mod_kiln", "The KilnHold directive sets the number of minutes "
             "for which mod_kiln keeps a pot at its top temperature.",
             section="KilnHold Directive", score=9.0),
        _doc("m2", "Kiln Module mod_kiln", "Unless KilnHold says otherwise, mod_kiln keeps a "
             "pot at its top temperature for 90 minutes.", section="KilnHold Directive",
             score=8.0),
    ]
    status, facts = _research(evidence, "How long does mod_kiln keep a pot at its top "
                                        "temperature?")
    assert status.status == "answered"
    assert facts[0].role == "answer" and facts[0].source_id == "m2"


def test_a_worked_examples_question_is_neither_an_answer_nor_a_finding():
    evidence = [
        _doc("h1", "kiln.cooling_rate", "Suppose a kiln cools from 1200 degrees to 600 degrees "
             "in five hours and then to 100 degrees in ten more hours. What is the average "
             "cooling rate of the kiln?", score=9.0),
        _doc("h2", "kiln.cooling_rate", "The average cooling rate of a kiln is the drop in "
             "temperature divided by the hours the whole cooling took.", score=8.0),
    ]
    status, facts = _research(evidence, "What is the average cooling rate of a kiln?")
    assert status.status == "answered"
    assert [f.source_id for f in facts] == ["h2"]


def test_the_names_of_an_own_classs_members_and_an_attribute_set_on_its_object_set_the_scene():
    fields = analyse("My `Glaze` dataclass has a `recipe` field that holds a `Recipe` "
                     "dataclass and a `layers` list of `Layer` dataclasses. When I call "
                     "`kiln.to_json(glaze)`, do the recipe and the layers come out as JSON "
                     "objects too?")
    assert "kiln.to_json" in fields.focus
    assert {"recipe", "layers"} <= set(fields.scene)
    assert not {"recipe", "layers"} & (set(fields.focus) - set(fields.scene))
    frozen = analyse("Our `Profile` dataclass is frozen, so `prof.hold = 30` raises an error. "
                     "How do I get a profile that differs only in hold?")
    assert "prof.hold" in frozen.scene
    # An attribute of a standard library module set in code is still asked about.
    assert "sys.stdout" not in analyse(
        "My `Logger` class sets `sys.stdout = open('log.txt', 'w')`. Why does print() still "
        "write to the terminal from a thread?").scene


def test_a_signature_the_asker_writes_with_annotations_defines_its_own_function():
    asked = analyse("My `glaze(coat: int | str)` handles both types in a match statement and "
                    "ends with `case _: assert_never(coat)`. After a colleague widened the "
                    "parameter to `int | str | float`, the checker reports an error on that "
                    "assert_never line. Why?")
    assert "assert_never" in asked.focus
    assert "glaze" not in set(asked.focus) - set(asked.scene)
    # A special method it writes is still the language's.
    assert "__str__" in analyse("My `__str__(self: Pot)` returns an int. Why does print() "
                                "fail?").focus


def test_what_is_wrong_with_the_other_way_has_a_reasons_shape():
    evidence = [
        _doc("a2", "Kiln Module mod_cone", "Many kilns implement this feature via a "
             "thermocouple that maps heat to a cone number. This approach is transparent to "
             "potters, but suffers from some problems: uneven firing if the thermocouple is "
             "hidden behind shelves, errors when it drifts during a firing and loss of "
             "control, if the controller's table overflows.", section="Cone packs", score=8.0),
    ]
    _, judged, *_ = ExtractiveResearcher()._judged(
        "Other kilns I've used fire by a thermocouple. Why does mod_cone rely on cone packs "
        "for that instead?", evidence, "Kilns")
    drawbacks = [j for j in judged if "suffers from some problems" in j.candidate.text]
    assert drawbacks and all(j.fit for j in drawbacks)


def test_an_option_of_the_command_asked_about_is_not_another_commands_option_entry():
    evidence = [
        _doc("l1", "kiln-log(1) Manual Page", "Shows the firing history from the main kiln's "
             "perspective, skipping firings of merged loads.",
             section="EXAMPLES › kiln log -p -m --first-parent", score=9.0),
        _doc("s1", "kiln-shelf(1) Manual Page", "Without -f, kiln shelf refuses to change an "
             "existing shelf. In combination with -m, allow renaming the shelf even if the new "
             "shelf name already exists.", section="OPTIONS › -f, --force", score=8.0),
    ]
    _, judged, *_ = ExtractiveResearcher()._judged(
        "I ran kiln shelf -m top main, but it stopped with 'a shelf named main already "
        "exists'. Can I make it replace the old main shelf anyway?", evidence, "Shelves")
    assert not any(j.own for j in judged if j.candidate.source.source_id == "l1")


def test_what_comes_along_asks_what_goes_together_with_it():
    asked = analyse("When a shelf gets a new name, what comes along to the new name?")
    assert {"together", "rename"} <= set(asked.content)
    assert not {"comes", "along"} & set(asked.content)


def _page(command: str, sid: str, section: str, term: str, text: str, score: float
          ) -> Evidence:
    """An entry of a command's manual page: its term, then its description."""
    body = f"{term}\n\n{text}"
    return Evidence(Source(source_id=sid, url=f"https://kiln.example/{command}.html#{sid}",
                           title=f"{command}(1) Manual Page", text=body, provider="local",
                           section=section, layout=[("start", 0, 0), ("term", 0, len(term)),
                                                    ("para", len(term) + 2, len(body))]),
                    score, 1)


def test_the_askers_example_weighs_as_its_setting_and_a_subcommand_is_what_to_run():
    # "for example top to upper" is one case of renaming a shelf: kiln-load's --oven entry,
    # which says both example words and renames nothing, is no answer; kiln-shelf's
    # "rename" subcommand, whose entry says what it does, is what to run.
    evidence = [
        _page("kiln-load", "o1", "OPTIONS › -o &lt;name>, --oven &lt;name>",
              "-o &lt;name>, --oven &lt;name>", "Instead of using the shelf name top to keep "
              "track of the upper oven, use &lt;name>.", 9.0),
        _page("kiln-shelf", "r1", "COMMANDS › rename", "rename",
              "Rename the kiln shelf named &lt;old> to &lt;new>. All of its firing records are "
              "updated.", 8.0),
    ]
    status, facts = _research(evidence, "How do I rename a shelf, for example top to "
                                        "upper?")
    assert status.status == "answered"
    assert facts[0].source_id == "r1"
    from research_pipeline.researcher.questions import example_words
    # The example runs to its last name; one that names what is asked by a case of it
    # ("a bare literal like `4j`") is no example set off from the question.
    assert example_words("How do I rename a shelf, for example top to upper?",
                         set_off=True) == ["top", "to", "upper"]
    assert example_words("What does a bare glaze like `4j` give me?", set_off=True) == []


def test_a_file_of_the_askers_is_no_name_the_answer_must_carry_beside_the_option_asked_about():
    # "bowl.txt" is the asker's file: no manual names it, and --ours's own entry (which
    # the sources say) answers for any file. A file's extension the asking sentence asks
    # about by itself ("without the .exe") is what is asked, and stays required.
    evidence = [_page(
        "kiln-checkout", "c1", "OPTIONS › --ours, --theirs", "--ours, --theirs",
        "When checking out glazes from the shelf, check out the first coat (ours) or the "
        "second coat (theirs) for unmixed glazes. Note that during kiln refire, ours and "
        "theirs may appear swapped: ours is the coat of the kiln you refire onto.", 9.0)]
    researcher = ExtractiveResearcher()
    asked, _, status, _, best = researcher._judged(
        "I'm refiring my tray onto the main kiln and hit a clash in bowl.txt. I ran kiln "
        "checkout --ours bowl.txt to keep my own coat, but the bowl now has the main kiln's "
        "coat. Why did that happen?", evidence, "Kilns")
    assert "bowl.txt" in asked.scene and status == "answered"
    assert best is not None and "may appear swapped" in best.candidate.text
    asked, _, status, note, _ = researcher._judged(
        "Our glaze is saved as fire.exe on the shelf. Will kiln checkout --ours find it when "
        "I pass just 'fire', without the .exe?", evidence, "Kilns")
    assert "fire.exe" in asked.focus and status == "unanswered" and "fire.exe" in note


def test_a_side_of_a_comparison_is_named_as_its_own_modules_pages_call_it():
    # kiln.kiln's entry calls kiln.KILN_SLOW "KILN_SLOW": the sentence that sets it against
    # KILN_FAST names both sides.
    evidence = [_doc("k1", "kiln.kiln", "Fire a kiln load. The heat curve is taken from the "
                     "load's recipe when no curve is given. mode specifies the nature of the "
                     "firing. KILN_SLOW creates a gentle firing that keeps every glaze "
                     "intact, and KILN_FAST creates a firing that is shared with all other "
                     "loads on the same shelf.", score=9.0)]
    status, facts = _research(evidence, "What's the difference between kiln.KILN_SLOW and "
                                        "kiln.KILN_FAST?")
    assert status.status == "answered"
    assert "KILN_SLOW creates" in facts[0].quote


def test_a_question_that_goes_on_from_the_one_before_may_open_with_the_same_words():
    # "... this way" goes on from the question before it: the words that answered that
    # one may answer it too (two questions are otherwise rarely answered by the same
    # words, and another span that answers about as well opens the second section).
    evidence = _vents()
    researcher = ExtractiveResearcher()
    for second, expected in [("What do kiln vents let leave the kiln chamber?", "v2"),
                             ("What do kiln vents let leave the kiln chamber this way?", "v1")]:
        plan = ResearchPlan(topic_id="k", title="Kilns", queries=[], questions=[
            {"id": 1, "text": "What do kiln vents let leave the chamber?"},
            {"id": 2, "text": second}])
        facts = researcher.extract_facts(plan, researcher.reflect(plan, evidence, 1), evidence)
        answers = {f.question_id: f.source_id for f in facts if f.role == "answer"}
        assert answers == {1: "v1", 2: expected}



def test_a_bare_how_after_what_the_asker_wants_asks_for_the_steps():
    # "I'd rather send the English page. How?" asks how to get it done.
    assert analyse("Our kiln log opens in a pager every time. I'd like it printed "
                   "straight to the terminal. How?").answer_type == "procedure"
    assert analyse("We also want the vent opened at 600 degrees. How?").answer_type == (
        "procedure")
    # Told no wish, "How?" asks how a thing came about.
    assert analyse("The glaze came out matte although the recipe says gloss. How?"
                   ).answer_type != "procedure"


def test_the_condition_for_the_outcome_the_asker_saw_is_the_reason():
    # The asker got None back: the entry's "Return None if ..." gives the condition, which
    # is why; the sentence ranked above it only says what the call does.
    evidence = [_doc("l1", "kiln.Shelf.label", "Get the label printed on the shelf. The "
                     "label is read from the shelf record of the kiln log.", score=9.0),
                _doc("l2", "kiln.Shelf.label", "Return None if the shelf was added to the "
                     "kiln log before labels were switched on.", section="Notes", score=8.0)]
    status, facts = _research(evidence, "I switched labels on halfway through the year, and "
                                        "kiln.Shelf.label() returns None for a shelf we "
                                        "added in spring. Why?")
    assert status.status == "answered"
    assert facts[0].quote.startswith("Return None if the shelf was added")


def test_a_value_the_askers_call_quotes_is_the_askers_not_a_name_to_find():
    # 'glazes.celadn' (a typo) is what the asker passed: no source says it, and the entry's
    # rule for an unknown glaze answers why nothing came back.
    evidence = [_doc("d1", "kiln.describe", "Get a description for a single glaze. If more "
                     "than one glaze matches, return the first. If no glaze matches, return "
                     "an empty string.", score=9.0)]
    status, facts = _research(evidence, "I call `kiln.describe('glazes.celadn')` with a typo "
                                        "and just get an empty string back instead of an error. "
                                        "Why doesn't kiln tell me the glaze does not exist?")
    assert status.status == "answered"
    assert "If no glaze matches, return an empty string." in facts[0].quote


def test_what_a_thing_is_is_told_by_the_opening_of_its_own_page():
    # "What is mod_kiln?": the page's summary says what the module does; the opening of a
    # later section of the same page defines the file format it reads.
    evidence = [_doc("f1", "Apache Module mod_kiln", "The contents of the file are plain "
                     "ASCII text in four or five columns.", section="Format of the Firing "
                     "File", score=9.0),
                _doc("s1", "Apache Module mod_kiln", "This module fires the pots of a kiln "
                     "in the order their glazes need, and logs every firing.",
                     section="Summary", score=8.0)]
    status, facts = _research(evidence, "What is mod_kiln?")
    assert status.status == "answered"
    assert facts[0].source_id == "s1"
    # What the marks in a command's output mean, its OUTPUT section says, not its NAME line.
    evidence = [_doc("n1", "kiln-shelf(1) Manual Page", "kiln-shelf - Show the shelves of a "
                     "kiln and their pots", section="NAME", score=8.0),
                _doc("o1", "kiln-shelf(1) Manual Page", "The shelf that is being fired is "
                     "prefixed with an asterisk * character while the other shelves are "
                     "prefixed with a ! character.", section="OUTPUT", score=9.0)]
    status, facts = _research(evidence, "What do the * and ! marks in `kiln-shelf` output "
                                        "mean?")
    assert facts[0].source_id == "o1"


def test_a_page_whose_title_names_the_topics_subject_comes_before_an_equal_match_elsewhere():
    # The topic is about glazes: of two pages that say the same words, the glaze page
    # answers, not the vent page that search ranked first.
    text = "The peak temperature of a recipe is held for the whole soak time."
    evidence = [_doc("v1", "kiln.vent", text, score=9.0), _doc("g1", "kiln.glaze", text,
                                                                 score=8.5)]
    status, facts = _research(evidence, "Is the peak temperature of a recipe held for the "
                                        "whole soak time?", title="Glaze recipes")
    assert status.status == "answered"
    assert facts[0].source_id == "g1"


def test_how_fast_asks_for_a_rate_said_as_a_number():
    # "Roughly how fast does it grow?": the rate, which the manual gives as numbers without
    # the words "roughly" or "fast".
    assert analyse("Roughly how fast does the kiln log grow?").answer_type == "number"
    evidence = [_doc("g1", "Kiln logs", "On a busy kiln the log file gets long. The kiln log "
                     "typically grows 1 MB or more per 10,000 firings.", score=9.0)]
    status, facts = _research(evidence, "Roughly how fast does the kiln log grow, in size "
                                        "per number of firings?")
    assert status.status == "answered"
    assert "1 MB or more per 10,000 firings" in facts[0].quote


def test_a_members_entry_does_not_say_what_its_class_is():
    # "What is kiln.Kiln?": the entries of its methods say what each method does or takes;
    # none defines the class, so the question is not answered by them.
    evidence = [_doc("m1", "kiln.Kiln.fire", "Parameters: shelf -- the shelf of pots to "
                     "fire in the kiln", score=9.0),
                _doc("m2", "kiln.Kiln.close", "This must be called to make sure that the "
                     "kiln's vent is closed again.", score=8.0)]
    status, _ = _research(evidence, "What is kiln.Kiln, exactly?")
    assert status.status != "answered"


def test_a_deprecated_entry_does_not_answer_before_a_current_one():
    # "What is the kiln log used for?": a deprecated method's "The batch must be added to the
    # kiln log ..." matches every word and reads as a rule, but tells how it was once done;
    # the current entry says what the log is for.
    evidence = [
        Evidence(Source(source_id="old", url="https://kiln.example/#Kiln.load_batch",
                        title="kilnlib.Kiln.load_batch", provider="local",
                        text="Return the loaded batch.\n\nThe batch must be added to the kiln "
                             "log and have its firing attributes set properly.\n\nThis "
                             "method is deprecated in favor of Kiln.fire_batch()."),
                 5.0, 1),
        Evidence(Source(source_id="new", url="https://kiln.example/#kilnlib.find_batch",
                        title="kilnlib.find_batch", provider="local",
                        text="Find the batch for a name. First, the kiln log is checked to "
                             "see if the batch was already fired."), 4.0, 1),
    ]
    _, facts = _research(evidence, "What is the kiln log used for during a firing?")
    assert facts[0].source_id == "new"
    assert "the kiln log is checked" in facts[0].text
    # Asked about by name, the deprecated entry answers for itself.
    _, facts = _research(evidence, "What does Kiln.load_batch require of the kiln log?")
    assert facts[0].source_id == "old"
