"""The extractive researcher: deterministic, offline, no model.

Questions come from the topic file (or are derived from its title and body); queries
are the questions' focus and content words. Each question is analysed for its focus and
the kind of answer it wants (``questions``), and every span of the retrieved passages is
judged against it (``answers``): reflection labels a question answered only when a span
names its focus, fits its answer type and covers most of it; follow-up queries expand
the focus and the missing words by pseudo-relevance feedback from the best spans; facts
are the direct answer (one to three verbatim sentences, or a list with its lead-in) and
up to two supporting spans.
"""

from __future__ import annotations

import functools
import itertools
import math
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import partial

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
    stable_hash,
)
from research_pipeline.researcher.answers import (
    ANSWERED,
    DANGLING,
    MAX_CANDIDATE_CHARS,
    MAX_SENTENCES,
    MIN_QUOTE_WORDS,
    PARTIAL,
    QUALIFIED_NAME,
    REST_PARTIAL,
    AnswerJudge,
    Candidate,
    Judgement,
    asks_consequence,
    asks_release,
    compared_names,
    comparison_sides,
    contrast_pair,
    dangles,
    dangling,
    entry_name,
    focus_in,
    heads_entry,
    is_release_note,
    lists_members,
    manual_page,
    member_entries,
    named_commands,
    named_modules,
    named_programs,
    only_points_elsewhere,
    plain_name_words,
    quotable,
    raised_entry,
    says_same,
    sets_apart,
    synonyms,
)
from research_pipeline.researcher.base import Evidence, RevisionNote
from research_pipeline.researcher.confidence import CONFIDENT, answer_confidence
from research_pipeline.researcher.gaps import decide, track_gaps
from research_pipeline.researcher.questions import (
    QuestionAnalysis,
    analyse,
    asked_sentence,
    bound_names,
    compound_words,
    defined_names,
    follows_on,
    literal_methods,
    passed_literals,
    passed_names,
    setting_words,
    test_operands,
)
from research_pipeline.text import (
    QUESTION_WORDS,
    STOPWORDS,
    code_names,
    command_tokens,
    normalize_ws,
    option_names,
    question_words,
    sentence_spans,
    stem,
    symbols,
    terms,
    typed_commands,
    words,
    written_symbols,
)
from research_pipeline.topics import Topic
from research_pipeline.untrusted import may_quote

FACTS_PER_QUESTION = 4
# How far down its judged spans a question's claim on a passage reaches, and by how much
# more of another question a passage must cover to be that question's instead.
WANTED = 8
BELONGS_MARGIN = 0.1
# A supporting passage covers at least this share of what the direct answer covers.
SUPPORT_SHARE = 0.6
_IMPERATIVE = re.compile(
    r"^(explain|describe|compare|list|summari[sz]e|identify|outline|show|find|determine)\b",
    re.IGNORECASE,
)
# A passage that points to another page for what it leaves out: a manual page named as
# "git-check-ref-format(1)", a section named after "see" (see "Context Manager Types").
_POINTER = re.compile(r"(?<![\w/-])([a-z][a-z0-9]*(?:[-_.][a-z0-9]+)+)\(\d\)"
                      r"|\bsee (?:the )?(?:section )?\"([^\"\n]{3,60})\"", re.IGNORECASE)
_DIFFERENCE_Q = re.compile(r"\b(difference|differs?|different from)\b", re.IGNORECASE)
_INTERROGATIVE = re.compile(r"^(how|what|why|when|where|which|who|is|are|does|do|can)\b", re.I)


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


# A class a topic's title names by its module ("queue.Queue"), and a method called on a
# short variable of the asker's ("q.empty()", "c.most_common(2)").
_CLASS_NAME = re.compile(r"(?<![\w.])[a-z]\w*\.([A-Z]\w*)(?![\w.])")
_OBJECT_CALL = re.compile(r"(?<![\w.])[a-z]\w{0,2}\.([a-z_]\w*)\(")


# A method called on a variable of the asker's: "parser.read([...])", "config.getboolean()".
_ASKERS_CALL = re.compile(r"(?<![\w.])([a-z]\w*)\.([a-z_]\w*)\(")


# A path or a user's home the asker writes: "/home/alice/public_html", "services/",
# "src/app/main.py", "~name". (Not words paired with a slash, "good/bad".)
_PATH_VALUE = re.compile(r"~[\w.-]+/?|[~.]?/[\w.-]+(?:/[\w.-]*)*|[\w.-]+/|"
                         r"[\w.-]+(?:/[\w.-]+){2,}/?")
# A URL or a path the asker writes, from the root or a home: "https://git.corp.example/",
# "/etc/apache2/members.db", "~/work/shop-app", "/members". (Not "I/O" or "and/or".)
_PLACE = re.compile(r"\b[a-z][a-z+]*://\S+|(?<![\w.:/~])(?:~[\w.-]*)?(?:/[\w.${}~-]+)+/?",
                    re.IGNORECASE)
# A file name the documentation itself names, written in a path: "/var/www/app/.htaccess".
_DOTFILE = re.compile(r"\.\w[\w-]*")


def _place_words(question: str) -> frozenset[str]:
    """The words the question says only inside its URLs and paths (lower case)."""
    places = [m.group(0).rstrip(".,;:!?'\")`") for m in _PLACE.finditer(question)]
    outside = set(words(_PLACE.sub(" ", question)))
    inside = {w for place in places for part in place.split("/")
              if not _DOTFILE.fullmatch(part) for w in words(part)}
    return frozenset(inside - outside)


# A file of the asker's named with its extension ("jobs.db", "app.js", "export.csv.GZ"), or
# a kind of file by its extensions ("tar.gz"), a machine's name ("shop.example.com",
# "git.corp.example") or a mail address ("webmaster@example.com"). (Not a dotted name of
# code, "cx.close" or "ctx.verify_mode": its last part is no file's extension or domain.)
_FILE_VALUE = re.compile(
    r"[\w~-][\w.~-]*\.(?i:db|sqlite3?|js|ts|mjs|csv|tsv|json|ya?ml|toml|ini|cfg|conf|txt|md|rst"
    r"|html?|xml|lua|pth|py|pyc|pyw|c|h|cc|cpp|java|go|rs|rb|pl|php|sh|bat|ps1|exe|dll|so"
    r"|png|jpe?g|gif|svg|webp|pdf|gz|bz2|xz|zip|tar|tgz|log|prof|pstats|vim|git|pem|der|crt"
    r"|csr|key|p12|bak|orig|rej|patch|diff|mbox|eml|wav|mp3|mp4|docx?|xlsx?|odt)"
    r"|(?:[a-z0-9-]+\.)+(?:com|org|net|edu|gov|io|example|internal|local|lan|corp|test"
    r"|invalid|intranet)"
    r"|[\w.+-]+@[\w-]+(?:\.[\w-]+)*")


# A function of the asker's, by a name no library writes: "load_config" of "In the docstring
# of `load_config()` I have ...". (A snake_case name without a module; one the sources say is
# a library's, and stays a name.)
_OWN_FUNCTION = re.compile(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?:\(\))?")


def _own_values(asked: QuestionAnalysis, evidence: list[Evidence]) -> QuestionAnalysis:
    """Paths and functions the asker writes that no source found says are its own, not names.

    "How do I serve /users/alice/ from /home/alice/public_html?" asks about the mapping,
    which the manual describes for any user; a path it documents ("~/.gitconfig",
    "/etc/gitconfig") stays a name the answer must carry. So does a snake_case function a
    source names (a library's); "load_config()", which none does, is the asker's. So is a
    name its own call passes ("BasePlugin" of `issubclass(cls, BasePlugin)`): the
    documentation speaks of the argument ("the same class"), never of the asker's class,
    and so is a value it quotes there ("comp.lang.pythn" of `s.description('comp.lang.pythn')`).
    """
    passed = passed_names(asked.text) | passed_literals(asked.text)
    lowered = [(ev.source.text.lower(), ev.source.title.lower()) for ev in evidence]

    def written(in_text: str, in_title: str) -> bool:
        """Some source's text or title writes the name (lower case)."""
        return any(in_text in text or in_title in title for text, title in lowered)

    unsaid = [f for f in asked.focus if f not in asked.scene
              and (_PATH_VALUE.fullmatch(f) or _OWN_FUNCTION.fullmatch(f) or f in passed)
              and not written(f.lower().rstrip("/"), f.lower())]
    # Nor a file, a machine or a command line of the asker's ("python plugins/migrate.py"),
    # where the question names the library's or the command's own entry too ("tarfile.open",
    # "--ours"), which the sources do say: the entry answers for any file of that kind
    # ("'r:*' open for reading with transparent compression" for "a .tar.gz, .tar.bz2 or
    # .tar.xz"). (Where it names no more than a module or a command, that file may be all
    # that tells the question apart from any other about them.)
    said = [f for f in asked.focus if f not in asked.scene and f not in unsaid
            and (QUALIFIED_NAME.fullmatch(f.removesuffix("()")) or f.startswith("-"))
            and any(focus_in(f, ev.source.text, f"{ev.source.title} {ev.source.section}")
                    for ev in evidence)]
    # (Unless the asking sentence asks about the file's extension by itself: "the program
    # file is node.exe. Will which find it when I pass just 'node', without the .exe?")
    asking = asked_sentence(asked.text)
    if said:
        unsaid += [f for f in asked.focus if f not in asked.scene and f not in unsaid
                   and f not in said and _askers_artifact(f)
                   and not (f not in asking and "." in f and re.search(
                       rf"(?<![\w.])\.{re.escape(f.rsplit('.', 1)[1])}\b", asking))
                   and not written(f.lower(), f.lower())]
    if not unsaid:
        return asked
    return replace(asked, scene=asked.scene + tuple(unsaid))


def _askers_artifact(name: str) -> bool:
    """A file, a machine or a mail address of the asker's, or a command line naming one."""
    return bool(_FILE_VALUE.fullmatch(name)) or " " in name and any(
        _FILE_VALUE.fullmatch(t) or _PATH_VALUE.fullmatch(t) for t in name.split())


def _objects_resolved(asked: QuestionAnalysis, evidence: list[Evidence], context: str
                      ) -> QuestionAnalysis:
    """The asker's object calls named as the entries of the methods they call.

    "I call parser.read([...]) ... Will read() raise an error?" in a topic about configparser
    asks about configparser.RawConfigParser.read: where the evidence holds one entry of that
    method in a module the topic or question names, and none of a module called like the
    variable, that entry is the focus (the variable's word, the asker's own, is dropped).
    """
    modules = {w.split(".")[0].lower() for w in re.findall(r"[A-Za-z_][\w.]*",
                                                           f"{context} {asked.text}")}
    titles = {ev.source.title.strip() for ev in evidence}
    question_words = set(re.findall(r"[A-Za-z_]\w*", asked.text))  # as written
    module_pages = {f"{m} module" for m in modules}
    # The words the question says outside its calls: a variable it names there too is
    # more than the asker's handle on the object.
    outside_calls = set(words(_ASKERS_CALL.sub(" ", asked.text)))
    focus, focus_words, dropped = list(asked.focus), list(asked.focus_words), set()
    for i, name in enumerate(asked.focus):
        # "task.cancel" or, as written with its parentheses, "task.cancel()".
        m = re.fullmatch(r"([a-z]\w*)\.([a-z_]\w*)(?:\(\))?", name)
        if m is None or not any(c.group(0).startswith(f"{m.group(1)}.{m.group(2)}(")
                                for c in _ASKERS_CALL.finditer(asked.text)):
            continue
        variable, method = m.groups()
        if any(t == variable or t.startswith(f"{variable}.") or t == f"{variable} module"
               for t in titles):
            continue  # a module of that name: "re.match(...)" is the module's
        # (The module or the class the topic names: "configparser", or "list" of "Sorting
        # lists with list.sort()" for builtins.list.sort.)
        entries = sorted(t for t in titles
                         if re.fullmatch(rf"[a-z_]\w*(?:\.[A-Za-z_]\w*)+\.{re.escape(method)}", t)
                         and any(part.lower() in modules for part in t.split(".")[:-1]))
        if not entries:
            # No entry of its own: where the page of a module the topic or question names
            # lists the method under its signature, as a docstring lists a class's methods
            # ("getboolean(section, options, ...)" over "Like get(), but convert value to
            # a boolean ..."), that listing is the method asked about, by its bare name.
            listed = re.compile(rf"(?:^|\n){re.escape(method)}\([^\n]*\)\n")
            if any(ev.source.title.lower() in module_pages and listed.search(ev.source.text)
                   for ev in evidence):
                resolved = method
            else:
                # Nor listed: where the prose of the evidence writes the method as a call
                # ('The "reverse()" method modifies the sequence in place') and no text names
                # the variable, the asker's handle on a value of its own ("events" of
                # `events.reverse()`), that prose speaks of the method asked about, written
                # as a call ("reverse(": the "reverse=False" of sort's signature is no
                # mention of it). (Not for a comparison, whose sides are told apart by the
                # names as the question writes them.)
                called = re.compile(rf"(?<![\w.]){re.escape(method)}\(\)")
                named = re.compile(rf"(?<![\w.]){re.escape(variable)}\b")
                if (variable in outside_calls or asked.answer_type == "comparison"
                        or not any(called.search(ev.source.text) for ev in evidence)
                        or any(named.search(ev.source.text) for ev in evidence)):
                    continue
                resolved = f"{method}("
        else:
            # A class the question names ("d.get('missing') on a defaultdict") is the one
            # the variable holds; where it names a class of the module that has no such
            # entry, or none and two classes have one, which entry is meant is not told.
            told = [t for t in entries if any(part in question_words
                                              for part in t.split(".")[1:-1])]
            modules_here = {t.split(".")[0] for t in entries}
            named_classes = {t.split(".")[1] for t in titles
                             if re.fullmatch(r"\w+(?:\.\w+)+", t)
                             and t.split(".")[0] in modules_here} & question_words
            if told:
                entries = told
            elif named_classes:
                continue
            if len(modules_here) != 1:
                continue  # the method of several modules: which one is not told
            if len(entries) > 2 or len(entries) > 1 and not told:
                # "dt.isoformat()" where date, datetime and time each have one: the
                # method as the question names it, which each of their entries is.
                resolved = method
            else:
                # The first in name order where two classes the question names both
                # have it.
                resolved = entries[0]
        focus[i] = resolved
        focus_words[i] = tuple(words(method))
        if variable not in outside_calls:
            dropped.add(variable)
    if not dropped and focus == list(asked.focus):
        return asked
    # A call resolved to an entry the question already names ("asyncio.Task.cancel" beside
    # "task.cancel()") is that name, once.
    kept = [i for i, f in enumerate(focus) if f not in focus[:i]]
    focus, focus_words = [focus[i] for i in kept], [focus_words[i] for i in kept]
    return replace(asked, focus=tuple(focus), focus_words=tuple(focus_words),
                   content=tuple(w for w in asked.content if w not in dropped),
                   subject=tuple(w for w in asked.subject if w not in dropped),
                   acted_on=tuple(w for w in asked.acted_on if w not in dropped))


def _options_given(question: str, commands: Sequence[str]) -> set[str]:
    """The options typed right after a command the question names, without a value.

    "... with git commit --amend." gives {"--amend"} for git-commit.
    """
    tokens = command_tokens(question)
    return {tokens[k] for i, pair in enumerate(itertools.pairwise(tokens))
            if "-".join(pair) in commands for k in range(i + 2, min(i + 5, len(tokens)))
            if tokens[k].startswith("-") and "=" not in tokens[k]}


def _one_side(terms: list[str], side: Sequence[str], other: Sequence[str]) -> list[str]:
    """A comparison's query terms for one of its sides: without the other side's words."""
    kept = [t for t in terms if not set(words(t)) & set(other)]
    said = {w for t in kept for w in words(t)}
    return kept + [w for w in side if w not in said]


def _readable_terms(text: str) -> list[str]:
    return list(question_words(text).values())


def query_key(text: str) -> str:
    """The identity of a query for de-duplication: its sorted stemmed terms and symbols."""
    return " ".join(sorted(set(terms(text)) | set(symbols(text)) | set(option_names(text))))


class ExtractiveResearcher:
    """The deterministic offline researcher."""

    name = "extractive"
    model: str | None = None

    def __init__(self, idf: Callable[[list[str]], dict[str, float]] | None = None) -> None:
        self._idf_source = idf
        self._idf: dict[str, float] = {}
        self._analyses: dict[str, QuestionAnalysis] = {}
        self.judge = AnswerJudge(self._weights)

    # -- weights and judgements --------------------------------------------------------

    def _weights(self, stems: list[str]) -> dict[str, float]:
        missing = [s for s in stems if s not in self._idf]
        if missing:
            fetched = self._idf_source(missing) if self._idf_source else {}
            for s in missing:
                self._idf[s] = fetched.get(s, 3.0)
        return {s: max(self._idf[s], 0.3) for s in stems}

    def analysis(self, question: str) -> QuestionAnalysis:
        """The question's analysis (focus, answer type, content words), cached."""
        cached = self._analyses.get(question)
        if cached is None:
            cached = self._analyses[question] = analyse(question)
        return cached

    def _judged(self, question: str, evidence: list[Evidence], context: str
                ) -> tuple[QuestionAnalysis, list[Judgement], QuestionStatus, str,
                           Judgement | None]:
        """The question's judged spans, best first; its status, why, and deciding span."""
        analysis, judged, status, note, best = self.ruled(question, evidence, context)
        if status == "answered" and best is not None and (
                answer_confidence(best, judged, analysis.answer_type) < CONFIDENT):
            # The span passes the rules, but matches the question too loosely for the
            # answer to be trusted (readers judged most such answers wrong): it is shown,
            # labelled as what it may be, a partial answer.
            status, note = "partial", (
                f"the closest passage ({best.candidate.source.cite_title}) matches the "
                f"question only loosely, so it may not answer what was asked")
        return analysis, judged, status, note, best

    def ruled(self, question: str, evidence: list[Evidence], context: str
              ) -> tuple[QuestionAnalysis, list[Judgement], QuestionStatus, str,
                         Judgement | None]:
        """As ``_judged``, by the rules of ``answers`` alone, before the confidence.

        (What ``evalsets/fit_confidence.py`` fits the confidence to.)
        """
        asked = self.analysis(question)
        commands = [c for c in named_commands(question, evidence) if c not in asked.focus]
        if commands:
            # "What does git rerere do?": git-rerere(1) is its own page.
            added, added_words = tuple(commands), tuple(tuple(words(c)) for c in commands)
            if asked.answer_type == "comparison" and len(commands) == 2 and len(asked.focus) < 2:
                # "git checkout --orphan and git switch --orphan": the two commands are the
                # sides compared, the one name both are given is what each side must say.
                asked = replace(asked, focus=added + asked.focus,
                                focus_words=added_words + asked.focus_words)
            else:
                asked = replace(asked, focus=asked.focus + added,
                                focus_words=asked.focus_words + added_words)
            # The options the asker gave the command ("with git commit --amend. Will the
            # commit now show me as its author?") are asked about with it, told in the
            # setting or not: git-commit's page, whose other sections speak of authors too,
            # answers only where it speaks of --amend. (Not the options of a why-question,
            # whose rule need not name them, "--source=old", nor of a how-do-I question, which
            # asks what to do besides what was done: "grep -e TODO -e FIXME. How do I narrow
            # it ...?")
            given = (_options_given(question, commands)
                     if asked.answer_type in ("yesno", "explanation") else set())
            if any(f in given for f in asked.scene):
                asked = replace(asked, scene=tuple(f for f in asked.scene if f not in given))
        named = {w for toks in asked.focus_words for w in toks}
        modules = [m for m in named_modules(question, evidence, self._weights)
                   if m not in named]
        if modules:
            asked = replace(asked, focus=asked.focus + tuple(modules),
                            focus_words=asked.focus_words + tuple((m,) for m in modules),
                            modules=tuple(modules))
        asked = _objects_resolved(asked, evidence, context)
        asked = _own_values(asked, evidence)
        analysis = self.judge.required(asked)
        judged = self.judge.judge(analysis, evidence, context,
                                  plain_names=plain_name_words(asked, analysis))
        status, note, best = self.judge.label(analysis, judged, evidence)
        if best is not None and status != "unanswered":
            # A program the question names by its page's name ("with ab") is what it asks
            # about, though typed as a plain word: the answer's source speaks of it.
            source = best.candidate.source
            unspoken = [p for p in named_programs(question, evidence, self._weights)
                        if not focus_in(p, source.text, f"{source.title} {source.section}")]
            if unspoken:
                status, note = "unanswered", (
                    f"the passages that match speak of something else, not of "
                    f"{', '.join(unspoken)} (closest: {source.cite_title})")
        return analysis, judged, status, note, best

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
        named = list(dict.fromkeys(m.group(1) for m in _CLASS_NAME.finditer(topic.spec.title)))
        classes = named if len(named) == 1 else []
        queries: list[PlannedQuery] = []
        seen: set[str] = set()
        for q in plan_questions:
            # Code the question writes with punctuation ("HEAD~2", "@{-1}") is searched as
            # written: its words alone ("head") find every page. So is a name written
            # with underscores ("__radd__": its word "add" is on every page).
            # So is an option ("-C" is no word at all, "--ignore-revs-file" three).
            # Not the words of the asker's own places ("/etc/apache2/members.db",
            # "https://git.corp.example/", "/var/www/docs"): they find the manual's example
            # paths and hosts, not what is asked. (A file the manual names, ".htaccess",
            # stays a word.)
            placed = _place_words(q.text)
            own = [*written_symbols(q.text), *code_names(q.text, lower=False),
                   *literal_methods(q.text), *option_names(q.text),
                   *(w for w in _readable_terms(q.text) if w.lower() not in placed)]
            # A command whose name has a hyphen ("git merge-file") is searched by the name
            # its page has; its words apart are on every page about merging files.
            own += [c for c in typed_commands(q.text) if c not in own]
            # A method the asker calls on its own object ("q.empty()") is, in a topic about
            # one class ("... with queue.Queue"), that class's: its entry is the one to find.
            own += [f"{cls}.{m.group(1)}" for m in _OBJECT_CALL.finditer(q.text)
                    for cls in classes if f"{cls}.{m.group(1)}" not in own]
            # Asked in the negative ("not tracked"), documentation says it in one word
            # ("untracked"): search for that word too.
            asked = self.analysis(q.text)
            own += [f"un{w}" for w in asked.negated if f"un{w}" not in own]
            extra = [t for t in context_terms if t not in own]
            variants = [own, own + extra[:2], own + extra[2:4]]
            # Not a word of a compound ("cherry-pick" is no choice), and the group's first
            # two words (its base forms) only.
            compounds = compound_words(q.text)
            said_otherwise = [alt for w in own for alt in (
                (w,) if w in compounds else (w, *synonyms(w)[:2]))]
            if said_otherwise != own:
                # Documentation says it in its own words ("can't find module", "could not
                # be located" for "cannot be found"): search with those words as well.
                variants.insert(1, said_otherwise)
            # (And the operator its code writes, by its name: `'' in 'hello'` is a
            # "membership test" of an "empty string".)
            said = set(words(q.text))
            implied = [t for t in dict.fromkeys((*asked.implied, *asked.content))
                       if t not in own and t not in said]
            if implied:
                # What the question's code is, in the reference's words ("case RED" is a
                # capture pattern): the passage that explains it uses those words, and not
                # the names the asker's code makes up (`def connect(host, *, timeout=10)`).
                made_up = bound_names(q.text) | {w.lower() for w in defined_names(q.text)} | (
                    test_operands(q.text))
                variants.insert(1, [t for t in own if t.lower() not in made_up
                                    and not t.isdigit()] + implied)
            if _DIFFERENCE_Q.search(q.text) and "difference" not in own:
                # Documentation sets two things apart in so many words ("The difference
                # between "next" and "step" is that ..."), which the question's own
                # terms, its framing left out, do not find.
                variants.insert(1, [*own, "difference"])
            # Each side of a comparison is looked for by itself as well: where the question
            # names them in plain words ("the difference between bytes and bytearray"), the
            # two together find the passages that mention both in passing (a socket's
            # "bytes or bytearray object"), not each side's own entry.
            two_sides = asked.answer_type == "comparison" and len(asked.sides) == 2
            sided = [_one_side(own, side, other) for side, other in zip(
                asked.sides, reversed(asked.sides), strict=True)] if two_sides else []
            most = 2 + len(sided)
            variants[1:1] = sided
            made = 0
            for words_ in variants:
                text = " ".join(dict.fromkeys(words_))
                key = query_key(text)
                if text and key not in seen and made < most:
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
        """Per question: the best span's coverage, and an honest status (see ``answers``)."""
        assessments = []
        for q in plan.questions:
            analysis, judged, status, note, best = self._judged(q.text, evidence, plan.title)
            if best is None:
                assessments.append(QuestionAssessment(
                    question_id=q.id, status="unanswered", coverage=0.0,
                    missing_terms=list(analysis.content), note=note))
                continue
            floor = max(PARTIAL, 0.6 * best.coverage)
            evidence_ids = list(dict.fromkeys(
                j.candidate.source.source_id for j in judged
                if j.coverage >= floor and j.focus_found))[:6]
            assessments.append(QuestionAssessment(
                question_id=q.id, status=status, coverage=round(min(best.coverage, 1.0), 4),
                best_source_id=best.candidate.source.source_id,
                evidence_source_ids=evidence_ids, matched_terms=best.matched,
                missing_terms=best.missing, note=note,
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
        """Pseudo-relevance feedback: focus and missing words plus words of the best spans."""
        seen = {query_key(q) for q in earlier_queries}
        gaps = {g.gap_id: g for g in analysis.gaps}
        questions = {q.id: q for q in plan.questions}
        out: list[PlannedQuery] = []
        for gap_id in analysis.next_gap_ids:
            gap = gaps[gap_id]
            question = questions[gap.question_id]
            qa, judged, _, _, best = self._judged(question.text, evidence, plan.title)
            own = list(qa.focus) + [w for w in _readable_terms(question.text)
                                    if not any(w in f.lower() for f in qa.focus)]
            own_stems = {stem(w) for w in words(" ".join(own))}
            # The five best passages, each by its best span: feedback from five spans of
            # one passage would only say that passage's words again.
            close: dict[str, str] = {}
            for j in judged[:40]:
                if len(close) == 5:
                    break
                close.setdefault(j.candidate.source.source_id, j.candidate.text)
            surface: dict[str, str] = {}
            counts: Counter[str] = Counter()
            for text in close.values():
                for w in words(text):
                    if w in STOPWORDS or w in QUESTION_WORDS or len(w) < 3 or w.isdigit():
                        continue
                    s = stem(w)
                    if s in own_stems:
                        continue
                    surface.setdefault(s, w)
                    counts[s] += 1
            weights = self._weights(list(counts))
            # A name a close passage writes ("mod_dir already handles trailing slash
            # redirects ... when DirectorySlash is enabled") is the manual's own handle on
            # the matter: it leads to the entry that says more.
            named = {stem(w) for text in close.values() for m in _TEXT_NAME.finditer(text)
                     for w in words(m.group(0))}
            expansion = [surface[s] for s, _ in sorted(
                counts.items(), key=lambda kv: -(math.log1p(kv[1]) * weights[kv[0]]
                                                 * (NAME_FEEDBACK if kv[0] in named else 1)))]
            found = set(best.matched) if best else set()
            missing = [w for w in own if w.lower() not in found]
            # What the sources may call the missing words instead ("parameter").
            other_words = [alt for w in missing for alt in synonyms(w)[:1]]
            # The page a close passage points to for what the question asks ("The new
            # branch name must pass all checks defined by git-check-ref-format(1). Some of
            # these checks may restrict the characters allowed in a branch name."), when no
            # source found yet comes from that page.
            pointed = _pointed_to(qa, judged[:8], evidence)
            # How a manual words a count or a limit ("limits the number of requests allowed
            # per connection") for "how many requests can ...".
            counted = ([own + ["number", "limit"]] if qa.answer_type == "number"
                       and _HOW_MANY.match(asked_sentence(question.text)) else [])
            candidates = ([[pointed] + own] if pointed else []) + counted + (
                [list(qa.focus) + missing + other_words + expansion[:1]]
                if other_words else []) + [
                list(qa.focus) + missing + expansion[:2],
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
        reflection: Reflection,  # noqa: ARG002 - spans are re-judged from the evidence
        evidence: list[Evidence],
    ) -> list[Fact]:
        """Per question: the direct answer, then up to two supporting spans.

        A question whose best span does not answer it, not even in part, gets no fact: the
        report quotes nothing for it. A span already used for an earlier question is used
        again only when it answers this one too (the report then cites it once).
        """
        facts: list[Fact] = []
        used: list[tuple[str, int, int]] = []
        answers_given: list[Candidate] = []
        judgements = {q.id: self._judged(q.text, evidence, plan.title) for q in plan.questions}
        # The span each question's answer rests on: another question does not take it as
        # a supporting passage (it would be quoted twice, or filed under the wrong one).
        claimed = {qid: best.candidate for qid, (_, _, status, _, best) in judgements.items()
                   if best is not None and status != "unanswered"}
        # The passages each question would quote first: a passage two questions want is
        # quoted under the one it covers more of, not under both.
        wanted = {qid: [j for j in judged[:WANTED] if j.focus_found and j.crux_found
                        and j.coverage >= PARTIAL]
                  for qid, (_, judged, status, _, _) in judgements.items()
                  if status != "unanswered"}
        # The sentences that answer a question about as well as its best span does: another
        # question's direct answer does not run on into them ("Format strings contain
        # “replacement fields” ... If you need to include a brace character ..., it can be
        # escaped by doubling" answers two questions, a sentence each).
        answering = {qid: [j.candidate for j in judged[:WANTED]
                           if j.candidate.kind == "sentences" and _sentences(j.candidate) == 1
                           and j.answers() and j.rank >= best.rank - DISTINCT_MARGIN]
                     for qid, (_, judged, status, _, best) in judgements.items()
                     if best is not None and status != "unanswered"}
        for q in plan.questions:
            analysis, judged, status, _, best = judgements[q.id]
            if best is None or status == "unanswered":
                continue
            others = [c for qid, spans in answering.items() if qid != q.id for c in spans]
            if not quotable(" ".join(best.candidate.text.split())):
                # (A list under a lead-in that is code, a docstring's usage line: one of
                # its items may answer by itself.)
                best = next((j for j in judged if quotable(j.candidate.text) and (
                    j.answers() and j.rest >= REST_PARTIAL
                    if j.candidate.kind in ("item", "row")
                    else j.answers() or j.partly_answers())), None)
                if best is None:
                    continue
            if analysis.answer_type == "number" and best.candidate.kind in ("list", "table"):
                # The item that states the value ("2. Unlike in Standard C, exactly two hex
                # digits are required."), not the whole list of notes around it.
                best = max((j for j in judged if j.candidate.kind in ("item", "row")
                            and _within(j.candidate, best.candidate) and j.fit
                            and j.tight >= best.tight - 1e-9
                            and quotable(j.candidate.text)),
                           key=lambda j: j.rank, default=best)
            if analysis.answer_type == "reason" and best.answers():
                # The reason, not the question's own claim restated: of the spans that
                # answer about as well, the one that gives most reason ("There are two
                # reasons to prefer ...: performance and security").
                best = max((j for j in judged if j.rank >= best.rank - REASON_MARGIN
                            and j.answers() and quotable(j.candidate.text)
                            and j.candidate.kind not in ("item", "row")),
                           key=lambda j: (j.shape, j.rank), default=best)
            sides = comparison_sides(analysis, heading=False)
            if sides and best.shape < 1 and all(names_it(best) for names_it in sides):
                # "event is based on the worker MPM, which implements ...": both sides named,
                # neither set against the other. A span ranked close that sets them apart
                # answers instead, else each side's own description.
                best = _compared_instead(best, judged, sides) or best
            if any(_overlaps(best.candidate, a) for a in answers_given) and not (
                    follows_on(q.text)):
                # Two questions are rarely answered by the same words: another span that
                # answers this one as well, ranked close, opens its section instead.
                # (Unless it goes on from the question before it: "When a branch gets a new
                # name this way, what comes along?" after "How do I rename a branch?" is
                # answered by the same "Move/rename a branch, together with its config and
                # reflog.")
                best = _distinct_answer(judged, best, answers_given) or best
            # Each side of a comparison the answer does not name keeps a sentence of the
            # direct answer for its own span.
            room = MAX_SENTENCES - sum(not names_it(best) for names_it in sides)
            best = _anchored(_completed(best, judged, room, others), judged,
                             trim=False) or best
            if best.candidate.kind == "sentences" and _ANAPHORA.match(best.candidate.text):
                # "Otherwise, your server can be used by any client ..." goes on from the
                # sentence before it: the span that opens on that sentence and holds this
                # one, where it answers as well and ranks close, opens the section instead.
                best = _anaphora_holder(best, judged) or best
            answers_given.append(best.candidate)
            chosen: list[Judgement] = [best]
            direct = 1  # how many of the chosen spans make the direct answer
            named_value = (_value_named(best, judged) if analysis.answer_type == "number"
                           else None)
            if named_value is not None:
                # "When the iterable is empty, return the start value." names the value
                # the asker wants; the sentence that gives it ("The default start value
                # for the product is 1.") answers with it, in the page's order.
                chosen = sorted([best, named_value], key=lambda j: j.candidate.start)
                direct = 2
                answers_given.append(named_value.candidate)
            release_question = asks_release(q.text)
            # (Not where a list of such things answers by itself: "What are my options for
            # carrying on?" is answered by the list of the sequencer's --continue, --skip
            # and --abort, not by the entries of the command's -e and --no-edit.)
            members = ([] if best.candidate.kind == "list" and best.answers()
                       and lists_members(analysis, best.candidate.text)
                       else member_entries(analysis, judged))
            if members:
                # "Which methods must a context manager define?": the entries themselves.
                chosen = members
                direct = len(members)
                answers_given.extend(j.candidate for j in members)
            floor = max(PARTIAL, SUPPORT_SHARE * best.coverage)
            # Both sides of a comparison: the best span naming each side not yet named,
            # one about that side alone when there is one, the side's own entry first.
            side_names = compared_names(analysis) if len(analysis.focus) >= 2 else []
            for k, names_it in enumerate(sides):
                if any(names_it(c) for c in chosen):
                    continue
                # (And the names both sides are asked with: "--orphan" of "git checkout
                # --orphan and git switch --orphan", not git-checkout's checkout.defaultRemote.)
                fitting = [j for j in judged if names_it(j) and j.coverage >= PARTIAL
                           and j.focus_found
                           and j.candidate.kind not in ("item", "row")
                           and quotable(j.candidate.text)
                           and not any(_overlaps(j.candidate, c.candidate) for c in chosen)]
                # What the other side's span says already is no difference: "Create and
                # return a temporary file." begins both tempfile entries.
                fitting = [j for j in fitting if not any(
                    says_same(j.candidate.stems, c.candidate.stems) for c in chosen)
                           and j.rank >= fitting[0].rank - DISTINCT_MARGIN] or fitting
                side = next((j for j in fitting if sum(n(j) for n in sides) == 1
                             and j.rank >= fitting[0].rank - DISTINCT_MARGIN),
                            fitting[0] if fitting else None)
                if k < len(side_names):
                    # "weekday() and isoweekday()": weekday's entry describes it;
                    # fromisocalendar's, which says "weekday" too, does not.
                    side = next((j for j in fitting if sum(n(j) for n in sides) == 1
                                 and heads_entry(j.candidate.source,
                                                 side_names[k].removesuffix("()"))),
                                side)
                if side is not None:
                    # The other side belongs in the direct answer when the two stay
                    # within its three sentences (its first sentence alone, if need be).
                    room = MAX_SENTENCES - sum(_sentences(c.candidate) for c in chosen)
                    if (direct == len(chosen) and side.candidate.kind in ONE_PARAGRAPH
                            and best.candidate.kind in ONE_PARAGRAPH):
                        if _sentences(side.candidate) > room:
                            side = next((j for j in judged
                                         if j.candidate.kind in ONE_PARAGRAPH
                                         and j.candidate.source.source_id
                                         == side.candidate.source.source_id
                                         and j.candidate.start == side.candidate.start
                                         and _sentences(j.candidate) <= room
                                         and names_it(j)), side)
                        if _sentences(side.candidate) <= room:
                            direct += 1
                    chosen.append(side)
            if sides and direct == len(chosen) >= 2 and not any(
                    sets_apart(analysis, j.candidate) for j in chosen):
                # Each side described, neither set against the other: a span that sets
                # them apart, ranked close, ends the direct answer where its three
                # sentences leave room, else stands for the side whose entry it is in
                # ("**print_tb:** Print up to 'limit' stack trace entries ...
                # **print_exception:** This differs from print_tb() in the following
                # ways: ...").
                room = MAX_SENTENCES - sum(_sentences(c.candidate) for c in chosen)
                for j in judged:
                    if j.rank < best.rank - DISTINCT_MARGIN:
                        break
                    if (j.candidate.kind != "sentences" or not j.answers()
                            or not sets_apart(analysis, j.candidate)
                            or not quotable(j.candidate.text)
                            or any(_overlaps(j.candidate, c.candidate) for c in chosen)):
                        continue
                    if _sentences(j.candidate) <= room:
                        chosen.append(j)
                        direct += 1
                        answers_given.append(j.candidate)
                        break
                    mine = next((k for k, c in enumerate(chosen) if c.candidate.source.source_id
                                 == j.candidate.source.source_id), None)
                    if mine is not None and _sentences(j.candidate) <= room + _sentences(
                            chosen[mine].candidate):
                        chosen[mine] = j
                        answers_given.append(j.candidate)
                        break
            if (direct == 2 and len(chosen) == 2
                    and says_same(chosen[0].candidate.stems, chosen[1].candidate.stems)):
                # Both entries open alike ("Create and return a temporary file."): the
                # sentences that set them apart answer instead.
                pair = contrast_pair(analysis, judged)
                if pair is not None:
                    chosen = list(pair)
                    answers_given.extend(j.candidate for j in pair)
            may_support = partial(_may_support, best=best, floor=floor,
                                  answer_type=analysis.answer_type,
                                  release_question=release_question, focus=analysis.focus,
                                  told=setting_words(analysis.text))
            follow = (_continuation(best, judged, may_support) if direct == len(chosen) == 1
                      else None)
            if follow is not None and (follow.fit or analysis.answer_type != "list") and not any(
                    _overlaps(follow.candidate, other) for qid, other in claimed.items()
                    if qid != q.id):
                # What the page says right after the direct answer goes on with it ("...
                # until one is found that matches the exception." "For an "except" clause
                # with an expression, ... matches the exception if ... "compatible"").
                chosen.append(follow)
            for j in judged:
                if len(chosen) >= FACTS_PER_QUESTION:
                    break
                anchored = _anchored(j, judged)
                if anchored is None:
                    continue
                j = anchored
                cand = j.candidate
                if not may_support(j):
                    continue
                if any(_overlaps(cand, c.candidate) for c in chosen):
                    continue
                if any(_overlaps(cand, other) for qid, other in claimed.items() if qid != q.id):
                    continue
                if any(_jaccard(cand.stems, c.candidate.stems) > 0.5
                       or says_same(cand.stems, c.candidate.stems) for c in chosen):
                    continue
                if chosen:
                    # Another page's copy of what the section already says is not said
                    # again: the span is left out, or cut to the sentences that are new.
                    rest = _unrepeated(cand, [c.candidate for c in chosen])
                    if rest is None:
                        continue
                    if rest is not cand:
                        j = replace(j, candidate=rest)
                        cand = rest
                if j.coverage < ANSWERED and any(
                        sid == cand.source.source_id and cand.start < e and s < cand.end
                        for sid, s, e in used):
                    continue
                if _belongs_elsewhere(j, q.id, wanted):
                    continue  # another question's passage more than this one's
                chosen.append(j)
            if direct == 1 and analysis.answer_type != "comparison":
                if len(chosen) > 1 and _goes_on_with(best, chosen[1]):
                    # "NewType creates simple unique types with almost zero runtime
                    # overhead." opens the entry and says what it is, not what the asker
                    # asked of it; the entry's own sentence that answers too ("At runtime,
                    # NewType(name, tp) returns a dummy callable ...") belongs in the direct
                    # answer beside it.
                    direct = 2
                elif (tail := _entry_rest(best, judged)) is not None:
                    # "Called when an empty line is entered in response to the prompt." opens
                    # cmd.Cmd.emptyline's entry and says when, not what it does; the entry's
                    # one other sentence says that ("If this method is not overridden, it
                    # repeats the last nonempty command entered."): a short entry is quoted
                    # whole.
                    chosen = [best, tail, *(c for c in chosen[1:]
                                            if not _overlaps(c.candidate, tail.candidate))]
                    direct = 2
            for n, j in enumerate(chosen):
                cand = j.candidate
                used.append((cand.source.source_id, cand.start, cand.end))
                text = _unpointed(_clean(cand.whole_text,
                                         rows=cand.kind in ("table", "list")))
                quote = normalize_ws(text) if n < direct else self._quote(analysis, text)
                facts.append(Fact(
                    fact_id=stable_hash(q.id, cand.source.source_id, cand.start, cand.end),
                    question_id=q.id, source_id=cand.source.source_id, url=cand.source.url,
                    title=cand.source.cite_title, quote=quote, text=text,
                    score=round(j.rank, 4), role="answer" if n < direct else "support",
                    position=n,
                ))
            facts += self._disagreements(q.id, judged, facts, {f.quote.lower() for f in facts})
        return facts

    def _disagreements(
        self, question_id: int, judged: list[Judgement], facts: list[Fact], used_quotes: set[str],
    ) -> list[Fact]:
        """Sentences of other sources that contradict a chosen fact.

        They are kept, to be shown beside it, rather than dropped as redundant.
        """
        mine = [f for f in facts if f.question_id == question_id]
        extra: list[Fact] = []
        for j in judged[:40]:
            cand = j.candidate
            if j.coverage < PARTIAL or cand.kind != "sentences" or "\n" in cand.text:
                continue
            sentence = normalize_ws(cand.text)
            if sentence.lower() in used_quotes or len(sentence.split()) < MIN_QUOTE_WORDS:
                continue
            if len(sentence_spans(cand.text)) != 1:
                continue
            for fact in mine:
                if fact.url != cand.source.url and conflict_between(fact.quote, sentence):
                    used_quotes.add(sentence.lower())
                    extra.append(Fact(
                        fact_id=stable_hash(question_id, cand.source.source_id, cand.start,
                                            cand.end),
                        question_id=question_id, source_id=cand.source.source_id,
                        url=cand.source.url, title=cand.source.cite_title, quote=sentence,
                        text=sentence, score=round(j.coverage, 4)))
                    break
        return extra

    def _quote(self, analysis: QuestionAnalysis, text: str) -> str:
        """The sentence of a span's text that carries most of the question (five words or more).

        The text is the one the report shows, so that the footnote quotes what the paragraph
        says (no colon the paragraph dropped with the example it introduced).
        """
        weights = self.judge.weights(analysis)
        best_text, best_value = text, -1.0
        for start, end in sentence_spans(text):
            sentence = text[start:end]
            # A sentence that only introduces what follows it (a list, code) is no quote.
            if not quotable(sentence) or dangling(sentence) and DANGLING.search(
                    sentence.rstrip()):
                continue
            surface = set(words(sentence))
            value = sum(w for word, w in weights.items() if word in surface)
            if value > best_value:
                best_text, best_value = _clean(sentence), value
        return best_text

    def write_answer(
        self, topic: Topic, plan: ResearchPlan, facts: list[tuple[int, Fact]],
        open_questions: list[OpenQuestion],
    ) -> dict[int, str]:
        """Per question: the direct answer first, then the passages that support it.

        The overview lists the key finding of each answered question: its direct answer.
        """
        del topic
        answers: dict[int, list[str]] = {}
        support: dict[int, list[str]] = {}
        asked = {q.id: q.text for q in plan.questions}
        direct_facts: dict[int, list[tuple[int, Fact]]] = {}
        for marker, fact in facts:
            if fact.role == "answer":
                direct_facts.setdefault(fact.question_id, []).append((marker, fact))
            else:
                support.setdefault(fact.question_id, []).append(
                    f"{_entry_labelled(fact)}[^{marker}]")
        for qid, given in direct_facts.items():
            answers[qid] = _labelled_sides(self.analysis(asked.get(qid, "")), given)
        open_ids = {o.question_id for o in open_questions}
        out: dict[int, str] = {}
        findings: list[str] = []
        findings_by_q: dict[int, str] = {}
        for q in plan.questions:
            direct = answers.get(q.id, [])
            rest = support.get(q.id, [])
            if not direct and not rest:
                continue
            # The direct answer is one paragraph (both sides of a comparison).
            paragraphs = ([" ".join(direct)] if direct else []) + rest
            out[q.id] = "\n\n".join(paragraphs)
            if q.id not in open_ids and direct:
                line = _finding(" ".join(direct))
                shared = next((n for n, earlier in findings_by_q.items() if earlier == line), None)
                findings.append(f"- **Q{q.id}.** " + (f"As for Q{shared}." if shared else line))
                findings_by_q[q.id] = line
        total = len(plan.questions)
        answered = total - len(open_ids)
        head = (f"{answered} of {total} question{'s' if total != 1 else ''} answered from the "
                "sources" + ("; the rest are listed under Open questions." if open_ids else "."))
        out[0] = head + ("\n\n" + "\n\n".join(findings) if findings else "")
        return out


OVERVIEW_CHARS = 450


def _pointed_to(analysis: QuestionAnalysis, judged: list[Judgement],
                evidence: list[Evidence]) -> str:
    """The page the spans point to where they speak most of the question, if not read yet.

    A pointer counts with the sentence it stands in and the sentence after it: how many
    of the question's content words they carry. Half of them at least, or no pointer.
    """
    asked = set(analysis.content_stems)
    if not asked:
        return ""
    titles = " ".join(e.source.title.lower() for e in evidence)
    best, best_share = "", 0.5
    for j in judged:
        text = j.candidate.text
        spans = sentence_spans(text)
        for m in _POINTER.finditer(text):
            name = (m.group(1) or m.group(2)).strip()
            if name.lower() in titles:
                continue
            at = next((i for i, (a, b) in enumerate(spans) if a <= m.start() < b), None)
            if at is None:
                continue
            said = " ".join(text[a:b] for a, b in spans[at:at + 2])
            share = len(asked & {stem(w) for w in words(said)}) / len(asked)
            if share > best_share:
                best, best_share = name, share
    return best


def _labelled_sides(analysis: QuestionAnalysis, given: list[tuple[int, Fact]]) -> list[str]:
    """A direct answer's sentences, each side of a comparison of two names labelled.

    Comparing two documented names ("shutil.copy and shutil.copy2"), each side's answer
    is often the first sentence of its own entry, which does not repeat the name ("Copy
    data and metadata."): it is labelled with the name its entry is titled by, and the
    sides come in the order the question asks them.
    """
    raw = [f"{fact.text}[^{marker}]" for marker, fact in given]
    plain = [f"{_entry_labelled(fact)}[^{marker}]" for marker, fact in given]
    if len(given) == 1 and asks_consequence(analysis.text):
        # "What happens when the module cannot be found?" answered by an exception's own
        # entry ("Import can't find module ..."): its name says what is raised.
        raised = raised_entry(given[0][1].title)
        if raised and not focus_in(raised.rsplit(".", 1)[-1], given[0][1].text):
            return [f"**{raised}:** {raw[0]}"]
    if len(given) == 1 and analysis.answer_type == "procedure":
        # "How should I keep a weak reference to a method?" answered by an entry of what
        # does it ("A custom `weakref.ref` subclass which simulates ..."): its name is what
        # to use.
        name = entry_name(given[0][1].title)
        if QUALIFIED_NAME.fullmatch(name) and not focus_in(name, given[0][1].text):
            return [f"**{name}:** {raw[0]}"]
    if len(given) >= 2 and analysis.answer_type == "list":
        # Entries listed for "Which methods ...": each labelled with the name heading it.
        names = [entry_name(fact.title) for _, fact in given]
        if len(set(names)) == len(names):
            return [f"**{name}:** {text[len(name):].lstrip()}" if fact.text.startswith(name)
                    else f"**{name}:** {text}"
                    for name, text, (_, fact) in zip(names, raw, given, strict=True)]
    if len(given) == 2 and analysis.answer_type == "comparison":
        # Both sides' entries headed alike ("--orphan <new-branch>" on the pages of
        # git-checkout(1) and git-switch(1)): each is labelled by its page's command, in the
        # order the question asks them.
        pages = [manual_page(fact.title) for _, fact in given]
        heads = {entry_name(fact.title) for _, fact in given}
        if all(pages) and len(heads) == 1 and len(set(pages)) == 2:
            (head,) = heads
            labelled = []
            for page, text, (_, fact) in zip(pages, raw, given, strict=True):
                command = page.replace("-", " ", 1)  # as typed: "git checkout"
                body = text[len(head):].lstrip() if head and fact.text.startswith(head) else text
                at = analysis.text.lower().find(command.lower())
                labelled.append((at if at >= 0 else len(analysis.text), f"**{command}:** {body}"))
            return [text for _, text in sorted(labelled, key=lambda pair: pair[0])]
    # (One side's entry alone is labelled too: "This function uses an approach designed to
    # prevent timing analysis" is about secrets.compare_digest, not ==.)
    if not given or analysis.answer_type != "comparison" or len(analysis.focus) < 2:
        return plain
    names = compared_names(analysis)
    order: list[tuple[int, str]] = []
    for n, (marker, fact) in enumerate(given):
        in_text = [i for i, name in enumerate(names) if focus_in(name, fact.text)]
        # (Or by the member the asker calls on an object of its own: "h.hexdigest()" is
        # answered by hashlib.blake2b.hexdigest's entry.)
        titled = [i for i, name in enumerate(names) if focus_in(name, fact.title)] or [
            i for i, name in enumerate(names) if _same_member(name, fact.title)]
        if not in_text and len(titled) == 1:
            side = titled[0]
            order.append((side, f"**{names[side]}:** {fact.text}[^{marker}]"))
        else:
            order.append((in_text[0] if len(in_text) == 1 else -1, raw[n]))
    if not any(text.startswith("**") for _, text in order):
        return plain
    return [text for _, text in sorted(order, key=lambda pair: pair[0])]


def _same_member(name: str, title: str) -> bool:
    """A name of the asker's object's member ("h.digest") and an entry of that member."""
    owner, _, member = name.removesuffix("()").rpartition(".")
    return bool(owner) and bool(member) and "." in title and (
        title.removesuffix("()").rpartition(".")[2] == member)


def _entry_labelled(fact: Fact) -> str:
    """A quoted entry with the name it opens with set apart as its label.

    An option's or setting's entry is its name on a line of its own, then its text; run
    together they read "rerere.autoUpdate When set to true, ..." or "Event MPM The event
    MPM ...". Where the text opens with the name its heading gives, and a sentence starts
    after it, the report shows "**rerere.autoUpdate:** When set to true, ...". The quote
    in the footnote stays the verbatim text.
    """
    name = entry_name(fact.title)
    text = fact.text
    # An option's forms ("--[no-]force-with-lease, --force-with-lease=<refname>, ...") or
    # a FAQ's question ("I asked Git to ignore various files, yet they are still tracked")
    # make long headings, and run into the text they read as one sentence.
    if not name or len(name) > MAX_LABEL_CHARS or not text.startswith(name + " "):
        return text
    rest = text[len(name):].lstrip()
    # Not a name the label's markup would break: "*" and "_" emphasise.
    if not re.match(r"[\"“'(]?[A-Z]", rest) or "*" in name or "_" in name:
        return text
    # Nor a label the quote rules refuse: "]:" after a bracket ("pop [<stash>]:") reads
    # as a link definition, and the sentence carrying it would be dropped.
    # A heading that ends with its own colon ("Returns:") keeps the one it has.
    labelled = f"**{name.rstrip(':')}:** {rest}"
    return labelled if may_quote(labelled) else text


def _finding(answer: str) -> str:
    """A direct answer as an overview line, cut before ``OVERVIEW_CHARS`` if longer.

    A list is cut between items, prose between sentences where it can be; the footnote
    holds the whole quote.
    """
    match = re.match(r"(.*?)(\[\^\d+\])$", answer)
    text, marker = (match.group(1), match.group(2)) if match else (answer, "")
    if len(text) > OVERVIEW_CHARS:
        head = text[:OVERVIEW_CHARS]
        item, sentence = head.rfind(" \u2022 "), head.rfind(". ")
        # A sentence keeps its full stop; what is left out is marked after it.
        cut = max(item, sentence + 1 if sentence >= 0 else -1)
        if cut < OVERVIEW_CHARS // 2:
            cut = head.rfind(" ")
        text = head[:cut].rstrip(",;:") + " …"
    return f"{text}{marker}"


# A list item's leading bullet(s): "• ", "- ", "* ".
_BULLET = re.compile(r"^(?:[*\u2022-]\s+)+")


def _clean(text: str, rows: bool = False) -> str:
    """One line of text without a leading list bullet (still a verbatim span).

    With ``rows`` (a table or a list), each line of the span stays a line: the report
    shows a table's rows and a list's items one a line. A list's items without a lead-in
    keep their bullets, the first one's too.
    """
    joined = ("\n".join(normalize_ws(line) for line in text.splitlines() if line.strip())
              if rows else normalize_ws(text))
    lines = joined.split("\n")
    if len(lines) > 1 and _BULLET.match(lines[0]) and _BULLET.match(lines[1]):
        # Items without a lead-in ("• -g gnuplot-file: ...", "• -h: ..."): the first
        # keeps its bullet like the others, or it reads as a lead-in of its own.
        return joined
    return _BULLET.sub("", joined)


DIRECT_ANSWER_CHARS = 450
# The sentences that go on with the direct answer may run a little longer: the rule the
# answer names ("compatible") is often defined in the sentence after.
CONTINUATION_CHARS = 600
# How much lower a distinct direct answer may rank than one another question already has.
DISTINCT_MARGIN = 0.3
# The longest entry name set apart as a label before its text.
MAX_LABEL_CHARS = 120
# Spans that read as one paragraph of prose: sentences, an option or term with its text.
ONE_PARAGRAPH = ("sentences", "term")
# How much lower a span may rank and still open a section instead of a best span that
# goes on from a sentence the answer does not show ("Otherwise, ...").
ANAPHORA_MARGIN = 0.3
# How much lower a span may rank and still open a why-question's answer for the reason
# it gives that the best span does not.
REASON_MARGIN = 0.2
# A lead-in and up to three items: short enough to open a section as its direct answer.
LIST_UNITS = 4


def _completed(best: Judgement, judged: list[Judgement],
               room: int = MAX_SENTENCES, others: Sequence[Candidate] = ()) -> Judgement:
    """The direct answer with the sentences that complete its thought.

    A one-sentence answer often needs the next sentence ("This search inspects the
    except clauses in turn..."), a lead-in its list: the longest span of up to three
    sentences, or a lead-in with up to three items, that starts where the answer starts,
    answers as well and stays short, is used instead. A term with the first sentence of
    its description ("<rev>~[<n>] ... A suffix ~ ... means the first parent") goes on to
    the sentences after it the same way ("A suffix ~<n> ... means the <n>th generation
    ancestor"). It stays within ``room`` sentences, and short of a sentence that by itself
    answers another question (``others``) and not even in part this one.
    """
    kind = best.candidate.kind
    if kind not in ("sentences", "term"):
        return best
    start, end = best.candidate.start, best.candidate.end
    source = best.candidate.source.source_id
    # Another question's sentence that says nothing of this one is left to that question.
    says_here = {(j.candidate.source.source_id, j.candidate.start, j.candidate.end)
                 for j in judged if j.partly_answers()}
    others = [o for o in others
              if (o.source.source_id, o.start, o.end) not in says_here]
    longer = [j for j in judged
              if (j.candidate.kind == "sentences"
                  and len(j.candidate.text) <= DIRECT_ANSWER_CHARS
                  # A lead-in with its short list: "The difference ... is only relevant
                  # for compound objects: • A shallow copy ... • A deep copy ..."
                  or kind == "sentences" and j.candidate.kind == "list"
                  and len(j.candidate.units) <= LIST_UNITS
                  and len(j.candidate.text) <= MAX_CANDIDATE_CHARS)
              and (j.candidate.start == start if kind == "sentences"
                   else start < j.candidate.start < end)
              and j.candidate.source.source_id == source and j.candidate.end > end
              and j.fit >= best.fit and j.coverage >= best.coverage - 1e-9
              and j.focus_found >= best.focus_found
              and not dangles(j.candidate)
              # (Nor on to a sentence that introduces what the answer would not show: "...,
              # you can specify either the exact time, as in:" before its example.)
              and not (j.candidate.kind == "sentences"
                       and j.candidate.text.rstrip().endswith(":"))
              and _sentences(j.candidate) <= room
              and not any(_within(o, j.candidate) and o.start >= end for o in others)]
    found = max(longer, key=lambda j: j.candidate.end, default=None)
    if found is None:
        return best
    if kind == "sentences":
        return found
    # The term stays: the description's sentences follow it in the source.
    more = found.candidate
    merged = replace(best.candidate, end=more.end, words=best.candidate.words | more.words,
                     stems=best.candidate.stems | more.stems,
                     units=best.candidate.units + tuple(
                         u for u in more.units if u not in best.candidate.units))
    return replace(best, candidate=merged)


_SEE_ALSO = re.compile(r"\W*see\b", re.IGNORECASE)


def _belongs_elsewhere(j: Judgement, qid: int, wanted: dict[int, list[Judgement]]) -> bool:
    """The passage answers another question that wants it, not this one.

    That question has it among its first spans and it covers more of that one.
    """
    cand = j.candidate
    return not j.answers() and any(
        other.coverage > j.coverage + BELONGS_MARGIN and other.answers()
        for other_qid, others in wanted.items() if other_qid != qid
        for other in others
        if other.candidate.source.source_id == cand.source.source_id
        and other.candidate.start < cand.end and cand.start < other.candidate.end)


def _may_support(j: Judgement, *, best: Judgement, floor: float, answer_type: str,
                 release_question: bool, focus: tuple[str, ...] = (),
                 told: frozenset[str] = frozenset()) -> bool:
    """Whether a judged span may stand as a supporting passage under the direct answer.

    It covers at least ``floor`` of the question and carries the word the question hinges
    on too, not only its subject ("the import statement" in a list of what may precede a
    future statement). It says something the asking sentence says, not only what the
    asker's setting (``told``) says: sqlite's "table Table name. column Column name. ..."
    under "I'm storing checksums in a text column of a database. What's the difference
    between what h.digest() and h.hexdigest() give me?".
    """
    cand = j.candidate
    return not (
        j.coverage < floor or not j.focus_found or not j.crux_found
        # A passage that names what is asked about but little of what is asked of it
        # ("git rerere" in a list of rebase options) is padding under the answer.
        # (The thing's own documentation and a comparison's one side may say less of it.)
        or j.rest < REST_PARTIAL and not j.own and answer_type != "comparison"
        or j.rival and not best.rival
        # "How many lines ...?": a passage without a value only shares the question's
        # words. (A list question's support may name what the items belong to: "... return
        # a CompletedProcess instance.")
        or answer_type == "number" and not j.fit
        # A whole table (the operator precedence summary) supports only a question that
        # asks for a list, a value or a comparison; for a reason it is a page of padding.
        or cand.kind == "table" and answer_type not in ("list", "number", "comparison")
        or cand.kind == "table" and _index_slice(cand.text, focus)
        # "New in version 3.3: ..." tells when, which only a question about releases asks.
        or not release_question and is_release_note(cand)
        or cand.kind in ("item", "row")
        or not quotable(cand.text)
        or cand.kind in ("sentences", "term") and dangles(cand)
        or cand.in_preamble
        # "Additional information on exceptions can be found in section Exceptions."
        or cand.kind == "sentences" and only_points_elsewhere(cand.text)
        or bool(told) and all(w in told for w in j.matched))


def _index_slice(text: str, focus: tuple[str, ...]) -> bool:
    """A slice of a table of many things, one line of which names what is asked about.

    A directive quick reference ("SSLPassPhraseDialog type | builtin | s | E ...
    SSLProtocol [+|-]protocol ... | ... SSLProxyCACertificateFile ..."): the asked name's
    own entry says more than its row, and the other rows are about other things.
    """
    lines = [line for line in text.split("\n") if line.strip()]
    return bool(focus) and len(lines) >= 3 and sum(
        any(focus_in(f, line) for f in focus) for line in lines) == 1


def _level_of(best: Judgement) -> Callable[[Judgement], bool]:
    """The test another span must pass to answer as well as ``best``: fully or in part."""
    return Judgement.answers if best.answers() else Judgement.partly_answers


def _compared_instead(best: Judgement, judged: list[Judgement],
                      sides: list[Callable[[Judgement], bool]]) -> Judgement | None:
    """What opens a comparison's section instead of a span naming both sides alike.

    ``best`` names both sides without setting them against each other. Of the spans
    ranked close to it that answer as well: one that names every side and sets them apart
    ("unlike", "whereas", "rather than" ...), else the best one about a single side when
    the other side has one too (it then follows as that side's span). None when neither
    exists.
    """
    level = _level_of(best)
    close = [j for j in judged if j.rank >= best.rank - DISTINCT_MARGIN and level(j)
             and quotable(j.candidate.text)]
    # A list's item may set the two apart by itself ("The event MPM is threaded like the
    # Worker MPM, but is designed to ..."): it answers before the whole list.
    contrasts = [j for j in close if j.shape >= 1 and all(n(j) for n in sides)]
    contrast = next((j for j in contrasts if j.candidate.kind not in ("list", "table")),
                    contrasts[0] if contrasts else None)
    if contrast is not None:
        return contrast
    alone = [j for j in close if sum(n(j) for n in sides) == 1
             and j.candidate.kind not in ("item", "row")]
    if all(any(n(j) for j in alone) for n in sides):
        return alone[0]
    return None


def _distinct_answer(judged: list[Judgement], best: Judgement, taken: list[Candidate]
                     ) -> Judgement | None:
    """What opens a section instead of a ``best`` span another question's answer overlaps.

    A span that answers as well as ``best`` does, ranked close, that overlaps no ``taken``
    answer; or, ranked above it, the part of a passage that answers as well which the
    taken answer left ("Decorator expressions are evaluated when the function is defined"
    beside the claimed "The result must be a callable ..."), ranked as that passage.
    """
    level = _level_of(best)
    floor = best.rank - DISTINCT_MARGIN

    def free(j: Judgement) -> bool:
        return (level(j) and quotable(j.candidate.text)
                and not any(_overlaps(j.candidate, a) for a in taken))

    other = next((j for j in judged if j.rank >= floor and free(j)
                  and j.candidate.kind not in ("item", "row")), None)
    for whole in judged:
        if whole.rank < floor or other is not None and whole.rank <= other.rank:
            break
        if not level(whole) or not any(_overlaps(whole.candidate, a) for a in taken):
            continue
        parts = [j for j in judged if j.candidate.kind == "sentences"
                 and _within(j.candidate, whole.candidate) and free(j)]
        if parts:
            return max(parts, key=lambda j: j.rank)
    return other


# What a sentence calls a value by instead of giving it: "the start value", "the
# default timeout".
_NAMED_VALUE = re.compile(
    r"\bthe ((?:default )?[a-z]+ (?:value|default|size|limit|number|count|length|timeout|"
    r"level|width|precision|delay|interval)|default)\b", re.IGNORECASE)


def _value_named(best: Judgement, judged: list[Judgement]) -> Judgement | None:
    """The sentence of the same page that gives the value a valueless answer names.

    A direct answer to a number question that says no value but names one ("return the
    start value") is answered by the one sentence of its page that says that name with a
    value ("The default start value for the product is 1."), nearest first.
    """
    cand = best.candidate
    if cand.kind != "sentences" or re.search(r"\d", cand.text):
        return None
    names = {m.group(1).lower() for m in _NAMED_VALUE.finditer(cand.text)}
    if not names:
        return None
    giving = [j for j in judged
              if j.candidate.kind == "sentences" and _sentences(j.candidate) == 1
              and j.candidate.source.source_id == cand.source.source_id
              and not _overlaps(j.candidate, cand) and re.search(r"\d", j.candidate.text)
              and any(re.search(rf"\b{re.escape(n)}\b", j.candidate.text, re.IGNORECASE)
                      for n in names)
              and quotable(j.candidate.text)]
    return min(giving, key=lambda j: abs(j.candidate.start - cand.start), default=None)


def _continuation(best: Judgement, judged: list[Judgement],
                  may_support: Callable[[Judgement], bool]) -> Judgement | None:
    """The sentences right after a direct answer that go on with it, if they may support it.

    The longest span of up to three sentences starting where the answer ends (in the same
    paragraph, nothing but white space between) that ``may_support`` accepts as a supporting
    passage: the support the page itself gives.
    """
    cand = best.candidate
    if cand.kind not in ONE_PARAGRAPH:
        return None
    text = cand.source.text
    after = [j for j in judged
             if j.candidate.kind == "sentences"
             and j.candidate.source.source_id == cand.source.source_id
             and j.candidate.start >= cand.end and not text[cand.end:j.candidate.start].strip()
             and "\n\n" not in text[cand.end:j.candidate.start]
             and may_support(j)
             and not _SEE_ALSO.match(j.candidate.text)  # "(See the explanation of ...)"
             and len(j.candidate.text) <= CONTINUATION_CHARS]
    return max(after, key=lambda j: j.candidate.end, default=None)


def _anaphora_holder(best: Judgement, judged: list[Judgement]) -> Judgement | None:
    """The best span that holds the sentence ``best`` points back to and its first one.

    A span of the same passage that starts on a sentence that does not point back,
    answers at least as far as ``best`` and ranks within ``ANAPHORA_MARGIN`` of it.
    """
    held = best.candidate
    first = sentence_spans(held.text)
    first_end = held.start + (first[0][1] if first else len(held.text))
    level = _level_of(best)
    return next((j for j in judged
                 if j.candidate.kind == "sentences"
                 and j.candidate.source.source_id == held.source.source_id
                 and j.candidate.start < held.start and j.candidate.end >= first_end
                 and j.rank >= best.rank - ANAPHORA_MARGIN and level(j)
                 and quotable(j.candidate.text) and not _ANAPHORA.match(j.candidate.text)),
                None)


def _anchored(j: Judgement, judged: list[Judgement], *, trim: bool = True
              ) -> Judgement | None:
    """A span that opens by pointing back, with the sentence it points to or without itself.

    "This is particularly useful for aliases." says nothing without the sentence before it:
    the span of both is used. Where that sentence ends the paragraph before, a supporting
    passage (``trim``) is the span from its next sentence on, or None where there is none;
    a direct answer stays as it is (its headings name what "this" is).
    """
    cand = j.candidate
    if cand.kind != "sentences" or cand.leads_section or not _ANAPHORA.match(cand.text):
        return j
    same_end = [k for k in judged if k.candidate.kind == "sentences"
                and k.candidate.source.source_id == cand.source.source_id
                and k.candidate.end == cand.end and k.candidate.start != cand.start]
    earlier = [k for k in same_end if k.candidate.start < cand.start]
    if earlier:
        return max(earlier, key=lambda k: k.candidate.start)
    if not trim:
        return j
    later = [k for k in same_end if not _ANAPHORA.match(k.candidate.text)]
    return min(later, key=lambda k: k.candidate.start, default=None)


# Names written in a passage: "DirectorySlash", "LanguagePriority", "core.fileMode".
_TEXT_NAME = re.compile(r"(?<![\w.-])(?:[A-Z][a-z]+[A-Z][A-Za-z]*|[a-z]+\.[a-z][A-Za-z]+)(?![\w-])")
# How much more a name of the best passages weighs as a follow-up query's word.
NAME_FEEDBACK = 2.0
# A question that asks for a count early in its asking sentence ("Out of the box, how many
# requests can ...").
_HOW_MANY = re.compile(r"\W*(?:\w+\W+){0,6}?how (?:many|much|often|long)\b", re.IGNORECASE)


# A sentence that opens by pointing back to the one before it: "This is ...", "These
# cannot ...", "It also sets ..." (not "This directive ...", which names what it speaks
# of, nor "It is possible to ...", whose "it" points nowhere), or by going on from it:
# "Otherwise, your server can be used ...", "In that case you can do one of two things:".
_ANAPHORA = re.compile(
    r"\s*(?:(?:This|That|These|Those|They)\s+(?:is|are|was|were|means?|allows?|includes?|"
    r"uses?|can|cannot|will|may|must|should|would|has|have|does|do|also|only|still|makes?|"
    r"lets?|prevents?|ensures?|works?|applies|apply|happens?|fails?)\b"
    r"|It\s+(?:also|then|still|too)\b"
    r"|(?:Otherwise|Consequently|Conversely|Likewise|As a result|In (?:that|this|such a|"
    r"either|both|which) cases?)(?![\w-]))")


# The pointer at a sentence's end to an example the quote leaves out (", for example:").
_TRAILING_POINTER = re.compile(
    r"(?:,?\s+(?:for example|for instance|e\.g\.|as follows|like this|as shown below|"
    r"the following))?\s*:\s*$", re.IGNORECASE)
# A closing sentence that only leads into an example: "Here is an example of ...:".
_LEADS_INTO = re.compile(r"(?:here (?:is|are)|for (?:example|instance)|the following|"
                         r"e\.g\.|this (?:may|can) be (?:done|accomplished))\b", re.IGNORECASE)


# A sentence that breaks off without what follows it: "... commands like", "... a block
# such as", "... with".
_NEEDS_WHAT_FOLLOWS = re.compile(
    r"\b(?:like|such as|as|with|using|via|to|of|for|from|in|into|on|by|the|a|an|is|are|"
    r"these|those|this|following)\s*$", re.IGNORECASE)
# A sentence about what follows it: "run the following commands to add the commits".
_POINTS_AHEAD = re.compile(r"\b(?:the following|below|these commands|this command)\b",
                           re.IGNORECASE)


def _unpointed(text: str) -> str:
    """A quote without the pointer at its end to what it leaves out (code, an example).

    Of several sentences the last one, if it only leads into what follows ("For example,
    to rotate the logs every 24 hours:"), goes; a lone sentence loses the pointer words
    and the colon ("... no code needs to be executed, for example:"). The rest is still a
    verbatim span of the source.
    """
    if not text.endswith(":"):
        return text
    spans = sentence_spans(text)
    last = text[spans[-1][0]:spans[-1][1]] if spans else ""
    if len(spans) > 1 and (dangling(last) or _LEADS_INTO.match(last)):
        trimmed = text[:spans[-2][1]]
    else:
        trimmed = _TRAILING_POINTER.sub("", text)
    if trimmed.endswith(":") or len(words(trimmed)) < MIN_QUOTE_WORDS:
        return text  # nothing is said before the pointer
    kept = sentence_spans(trimmed)
    last_kept = trimmed[kept[-1][0]:] if kept else trimmed
    if _NEEDS_WHAT_FOLLOWS.search(trimmed) or _POINTS_AHEAD.search(last_kept):
        # "... and thus commands like:", "run the following commands to add the commits:":
        # without its colon the sentence would read as complete, or break off; with it the
        # reader sees that the source goes on (the footnote links there).
        return text
    return trimmed


def _goes_on_with(opener: Judgement, other: Judgement) -> bool:
    """A one-sentence opening of an entry and another span of that entry that answers too.

    Together they stay within the direct answer's three sentences.
    """
    first, second = opener.candidate, other.candidate
    return (first.kind in ONE_PARAGRAPH and first.leads_section and _sentences(first) == 1
            # The opening names what is asked about and says little of the rest of the
            # question; the other span says at least as much of it.
            and opener.rest < REST_PARTIAL and other.rest >= opener.rest
            and second.kind in ONE_PARAGRAPH
            and second.source.source_id == first.source.source_id
            and not _within(second, first) and not _within(first, second)
            and len(second.text) <= DIRECT_ANSWER_CHARS
            and _sentences(second) + 1 <= MAX_SENTENCES
            and (other.answers() or other.partly_answers()))


def _entry_rest(opener: Judgement, judged: list[Judgement]) -> Judgement | None:
    """The rest of a short entry whose one-sentence opening answers.

    The opening leads its entry; the rest is one span of sentences that runs to the
    entry's end and says something of the question in the form asked, and the two stay
    within the direct answer's three sentences and its length. None otherwise.
    """
    first = opener.candidate
    if not (first.kind == "sentences" and first.leads_section and _sentences(first) == 1):
        return None
    text = first.source.text
    end = len(text.rstrip())
    if end - first.end > DIRECT_ANSWER_CHARS:
        return None
    return next((j for j in judged
                 if j.candidate.kind == "sentences"
                 and j.candidate.source.source_id == first.source.source_id
                 and j.candidate.start >= first.end and j.candidate.end >= end
                 and not text[first.end:j.candidate.start].strip()
                 and _sentences(j.candidate) + 1 <= MAX_SENTENCES
                 and j.coverage > 0 and j.fit
                 and quotable(j.candidate.text) and not dangles(j.candidate)), None)


def _sentences(cand: Candidate) -> int:
    """A span's sentences; an option's or term's own line ("--soft") is not one."""
    text = cand.text
    if cand.kind == "term" and "\n" in text.strip():
        text = text.strip().split("\n", 1)[1]
    return len(sentence_spans(text)) or 1


def _within(inner: Candidate, outer: Candidate) -> bool:
    return (inner.source.source_id == outer.source.source_id
            and outer.start <= inner.start and inner.end <= outer.end)


def _overlaps(a: Candidate, b: Candidate) -> bool:
    return (a.source.source_id == b.source.source_id and a.start < b.end
            and b.start < a.end)


# How alike two sentences' words must be for one to repeat the other ("... within size and
# inode limits." and "... within size and/or inode limits." on two pages).
REPEAT_JACCARD = 0.7


@functools.lru_cache(maxsize=4096)
def _sentence_stems(text: str) -> tuple[tuple[int, int, frozenset[str] | None], ...]:
    """Each sentence's span and stems; None for one under five words (never a repeat).

    Cached: a section's chosen spans are compared with every candidate after them.
    """
    out: list[tuple[int, int, frozenset[str] | None]] = []
    for a, b in sentence_spans(text):
        surface = words(text[a:b])
        out.append((a, b, frozenset(stem(w) for w in surface)
                    if len(surface) >= MIN_QUOTE_WORDS else None))
    return tuple(out)


def _unrepeated(cand: Candidate, shown: list[Candidate]) -> Candidate | None:
    """The span without the sentences the section already shows nearly word for word.

    None when it says nothing new, or nothing quotable once cut; cut before its last
    sentences when they are what repeats; else the span itself. Lists and tables are kept
    or left out whole.
    """
    said = [t for c in shown for _, _, t in _sentence_stems(c.whole_text) if t]
    own = _sentence_stems(cand.whole_text)
    if not said or not own:
        return cand
    again = [t is not None and any(_jaccard(t, u) >= REPEAT_JACCARD for u in said)
             for _, _, t in own]
    if not any(again):
        return cand
    if all(again):
        return None
    if cand.kind in ("list", "table"):
        return None if sum(again) * 2 > len(again) else cand
    last = len(again) - 1 - next(i for i, a in enumerate(reversed(again)) if not a)
    if any(again[:last + 1]):
        # A repeat before what is new: the sentence that names what the span is about
        # ("A handler class which writes ... to a streaming socket.") opens it; without
        # it the rest would be an orphan.
        return cand
    end = cand.start + own[last][1]
    surface = words(cand.source.text[cand.start:end])
    cut = replace(cand, end=end, whole_end=0, words=frozenset(surface),
                  stems=frozenset(stem(w) for w in surface))
    # What is left must still be a finding: an entry's term alone ("merge.log", whose
    # description another page already says) is no quote (the report contract's five
    # words).
    return cut if quotable(cut.text) else None


def _jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    if not a or not b:
        return 0.0
    return len(a & b) / len(a | b)
