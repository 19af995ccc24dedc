"""Answer selection: which span of which passage answers a question, and how honestly.

A passage is cut into candidate spans along its structure (``Source.layout``): one to
three sentences of a paragraph, a list together with the sentence that leads into it, a
table row, a definition term with the first sentence of its description. Code blocks,
signature lines, URLs and link lists are never candidates.

Each candidate is judged against the question's analysis (``questions``):

* coverage: the question's content words it carries, weighted by rarity (IDF). A word
  matched as written counts fully, one matched only through the stemmer less (a type name
  must not match "...ization"), and a word in the passage's heading path or title counts
  too, since the passage sits under it;
* focus: whether it names what the question is about (``core.fileMode``, ``[L]``);
* fit: whether it has the shape of the answer asked for (a value for "how many", a list
  for "which kinds", a cause for "why"...);
* place: the first sentence of the focus's own section is where a definition lives.

A question is *answered* only when its best span names the focus, carries the question's
most specific word, fits the answer type and covers most of the question; *partly*
answered when it names the focus and covers a good part of the question but misses the
rest or the shape; otherwise it is unanswered, and nothing is quoted for it.
"""

from __future__ import annotations

import itertools
import keyword
import re
from bisect import bisect_right
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache, partial

from research_pipeline.corpus.structure import SECTION_SEP, SECTION_START, neutralize_markup
from research_pipeline.models import QuestionStatus, Source
from research_pipeline.researcher.base import Evidence
from research_pipeline.researcher.questions import (
    DEFINING_KEYWORDS,
    OWN_FILE,
    PLAIN_NAME,
    PY_KEYWORDS,
    SAYS_NOTHING,
    TYPE_NAMES,
    UNSPECIFIC,
    VAGUE,
    VERBS,
    QuestionAnalysis,
    asked_sentence,
    bound_names,
    compound_of,
    example_words,
    manner_words,
    marked_as_code,
    name_kinds,
    named_kind,
    order_case,
    own_class_bases,
    own_classes,
    passed_for,
    placed_in,
    setting_words,
    test_operands,
    tie_case,
)
from research_pipeline.text import (
    QUESTION_WORDS,
    STOPWORDS,
    command_tokens,
    is_hyphenated_name,
    sentence_spans,
    stem,
    symbol_shape,
    title_names,
    valued_shape,
    words,
    written_symbols,
)

MIN_QUOTE_WORDS = 5
# A code symbol named only by its shape ("@{-n}" for "@{-1}") ranks this much below one
# that writes it as asked.
BY_SHAPE = 0.15
MAX_SENTENCES = 3
MAX_CANDIDATE_CHARS = 700
# A list or table is quoted whole up to the size of a passage (corpus.structure's
# CHUNK_MAX): steps cut after the fifth of seven, or log levels that stop at ``info``,
# read as complete and mislead.
MAX_LIST_CHARS = 1600
# Match strength of a question word: as written, through the stemmer, a derivational
# variant ("slow"/"slowly"), in the passage's heading path, in its document title.
EXACT, STEMMED, VARIANT, IN_SECTION, IN_TITLE = 1.0, 0.75, 0.55, 0.85, 0.6
FOCUS_WEIGHT = 2.0
SUBJECT_WEIGHT = 1.5
# Words too general to hinge on ("inside", "first") and the verbs a question is worded
# with ("hold", "set", "wait") count this much.
VAGUE_WEIGHT = 0.5
# What a deprecated entry's span loses against a current entry's.
LEGACY_PENALTY = 0.3
# What a word only the question's setting says weighs, against one of its asking sentence.
SETUP_WEIGHT = 0.5
# The words of the setting weigh at most this share of the asking sentence's words.
SETUP_SHARE = 1.0
ANSWERED = 0.6
PARTIAL = 0.45
# The words of the question besides its focus must be covered too: a span that only
# names the focus ("used by applications like Git-LFS") does not answer what is asked.
REST_ANSWERED = 0.45
REST_PARTIAL = 0.3
# The shape of a span that gives reasons: two distinct cues ("because", "so that").
REASONED = 2 / 3
# ...unless the passage is the focus's own documentation (its title or heading path names
# the focus): there the shape of the answer matters more than the question's wording.
ANSWERED_OWN = 0.45
REST_PARTIAL_OWN = 0.0
# ...but where a span ranked above it speaks of the value or the steps asked, an entry
# that says this little of the rest is not what answers.
REST_OWN_STRICT = 0.2
# The most specific question word must be at least this rare to be required...
CRUX_IDF = 3.0
# ...unless the span covers this much of the rest of the question by itself.
CRUX_WAIVED = 0.7
# A crux said only in passages with less than this share of the question's other words
# is said of something else: the documentation does not use the asker's word for it.
CRUX_COMPANY = 0.3
# How much of a span's coverage its passage lends it (the sentence after the one that
# restates the question is often the answer).
CONTEXT_SHARE = 0.4
# How much it counts that one sentence (or item) of a span carries the question's words
# together rather than spread over the span.
TIGHT_WEIGHT = 0.3
# What a span of a page whose title or headings name the topic's subject gains (the
# share of the subject's words they name, each by its rarity): a tie-breaker between
# spans that say the question's words alike.
PAGE_TOPICAL = 0.1
# A span's rank weighs, in this order: its coverage of the question, of the rest of it,
# by itself (not its passage's), its shape and the shape's adjustments, its tightest
# sentence, the focus and the crux found, the topic's words, its search score (against
# the best), its place in its section, what its headings say it is about, its length
# past a paragraph (a cost), and how much its page's title names the topic's subject.
RANK_WEIGHTS = (1.0, 0.5, 0.15, 0.3, 1.0, TIGHT_WEIGHT, 0.15, 0.1, 0.1, 0.05, 1.0, 0.5, 1.0,
                PAGE_TOPICAL)
# Those terms' names, in the same order (a ``Judgement``'s ``parts``).
RANK_TERMS = ("coverage", "rest", "own_coverage", "shape", "shaped", "tight", "focus", "crux",
              "topical", "search_score", "place", "about", "length", "page_topical")
# The share of a yes/no question that one sentence must carry to state its answer
# without a verdict word ("that finally clause is executed").
YESNO_STATED = 0.7
# ... and the share a sentence of the focus's own entry carries to say, without a word of
# doubt, that the thing can do what is asked.
ABLE_STATED = 0.35
# The share of a "what happens" question that a sentence's opening "when/if" clause must
# carry to state the question's case.
CASE_SHARE = 0.8
# The share of a list question a list's lead-in must carry by itself to say what it lists.
LEAD_IN_SHARE = 0.6
# What a span of a section's opening paragraph gains over the later ones (its first
# sentence gains more).
OPENING_PLACE = 0.04
# How many of the best spans a partial label's reason looks across for what is said.
PARTIAL_POOL = 10
# What a span that gives no reason loses under a why-question.
UNREASONED = 0.15
# How many spans of each side a comparison's contrast is looked for among.
CONTRAST_POOL = 40
# Words that speak of things being the same: the answer to a question about a tie.
_SAME = r"same|equal\w*|ties?|tied|identical|duplicat\w*"
_EQUALITY = re.compile(rf"\b({_SAME}|alias\w*|stable|stability)\b", re.IGNORECASE)
# A sentence whose condition is a tie: "If there are multiple modes with same frequency, ..."
_TIE_STATED = re.compile(rf"(?:^|[.!?]\s+)(?:if|when|where|whenever)\b[^,.;:]{{0,80}}?\b"
                         rf"(?:{_SAME})\b[^.;:]*,", re.IGNORECASE)
# Words that speak of which comes first: the answer to a question about an order.
_ORDER = re.compile(r"\b(before|after|first|then|order\w*|preced\w*|prior to|followed by|"
                    r"earlier|later|priority|precedence)\b", re.IGNORECASE)
# What a passage headed by a rival of the question's named thing loses in rank.
RIVAL_PENALTY = 0.3
# A span that writes a piece of the asker's own code (its call with arguments, its key).
SHOWS_CODE = 0.3
# The parts of an elided construct ("raise ... from") mentioned together: this close.
ELIDED_WINDOW = 80
# The people and programs of the asker's story ("which status code do browsers get",
# "page authors", "a teammate and I"): who meets the behaviour, never what a question
# hinges on; the documentation says "client" or "user", or nobody at all.
PEOPLE = frozenset("""people person persons user users visitor visitors customer customers
    browser browsers author authors teammate teammates colleague colleagues coworker
    coworkers student students developer developers admin admins administrator
    administrators reader readers folks someone everyone everybody anybody nobody""".split())
# How much of a thing the asker's story has, or how long ago: "dozens of branches that
# were deleted on the server months ago". The documentation says what holds of any number,
# so that no source says them is no reason a question stays open.
_STORY_AMOUNTS = frozenset("""dozen dozens hundreds thousands millions ago lately recently
    nowadays once twice thrice half day days week weeks month months year years""".split())
# A sentence that only sends the reader elsewhere ("See Name-based vs. IP-based Virtual
# Hosts to help you decide.", "For more information on context managers, see ...").
_XREF = re.compile(
    r"(^|[.!?]\s+)((please )?see\b|refer to\b|"
    r"(for )?(more|further|additional) (information|details)\b)", re.IGNORECASE)
# A word said with "not" before it ("does not support", "is not yet committed"): what
# a question says with "un-" ("unsupported", "uncommitted").
_NOT_WORD = re.compile(r"\b(?:not|never|n't)\s+(?:be\s+|been\s+|yet\s+)?([a-z]{3,})|"
                       # "without compression" says "uncompressed"
                       r"\bwithout\s+(?:a\s+|an\s+|the\s+|any\s+)?([a-z]{3,})")
_NEGATION = re.compile(r"\b(no|not|never|without|none|nothing|cannot)\b|n't\b", re.IGNORECASE)
# A negated verb of an asking sentence ("that don't work", "which cannot be", "aren't
# supported").
# ("does the kiln not support"; not "whether or not", "not only".)
_NEGATED_ASK = re.compile(r"n't\b|\b(?:cannot|never)\b|(?<!\bor )\bnot\b(?! only\b)",
                          re.IGNORECASE)
# What a span says lacks: a negation of a verb, or a word that says it without one
# ("unsupported", "unimplemented"). (Not "none" or "no", which are values as often.)
_LACKING = re.compile(r"\b(?:not|never|cannot|no longer|un(?:supported|implemented|"
                      r"available|usable)|deprecated|obsolete|broken|experimental)\b|n't\b",
                      re.IGNORECASE)


def _says_lacking(text: str, crux_stems: frozenset[str]) -> bool:
    """A sentence of the span says that what the question hinges on lacks something."""
    return any(_LACKING.search(sentence) and (
        not crux_stems or crux_stems & {stem(w) for w in words(sentence)})
        for sentence in re.split(r"(?<=[.;!?])\s+|\n", text))
_TABLE_RULE = re.compile(r"(?<!\S)[=+\-]{3,}(?!\S)")
_INLINE_CODE = re.compile(r"\"[^\"\n]{1,80}\"|``[^`\n]{1,80}``|`[^`\n]{1,80}`")
# One whitespace-free token of three code marks or more, the last thing after a colon.
_TEMPLATE = re.compile(r"(?<=:)\s+(?=\S{8,80}\s*$)(?:[^\s<>{}\[\]=|#/$]*[<>{}\[\]=|#/$]){3}\S*\s*$")
# What a list question may call its items without naming their kind ("What choices do I
# have for when csv.writer quotes a field?": the list gives the constants).
_GENERIC_ITEMS = frozenset(
    "choices alternatives possibilities options settings".split())
# Words documentation uses for what questions say in other words ("does the finally
# clause still run" / "is executed"; "allowed to appear" / "may only occur"): a synonym
# in a span matches like a stemmed form. Irregular forms are listed with their verb, last
# (a follow-up query asks for a missing word's first synonym).
_SYNONYM_GROUPS = (
    "run execute ran", "appear occur", "allowed permitted", "create construct",
    "write construct written wrote", "delete remove", "start begin began begun",
    "stop terminate halt exit", "show display", "change modify alter", "keep retain preserve "
    "kept", "argument parameter arg", "body suite", "website site", "big large",
    "catch handle caught", "find locate found", "need require", "throw raise thrown",
    "choose select pick chose chosen", "decide determine",
    # Short forms questions use for the words documentation writes out.
    "string str", "integer int", "dictionary dict", "configuration config",
    "repository repo", "minimum min lowest smallest minimal shortest",
    "maximum max highest largest",
    "certain particular specific",
    # An asker's everyday words for what manuals name otherwise.
    "folder directory", "visitor client", "browser client", "disk filesystem",
    "priority precedence preference", "enable activate", "block section suite",
    "switch option flag", "ending trailing", "cut truncate shorten", "complain warn",
    "skip ignore omit", "replay reuse reapply", "old previous earlier",
    "forbid deny prohibit refuse", "lock restrict", "drop discard", "space whitespace",
    "override replace", "page document", "safe safer protect",
    # What an asker waits for, an API blocks until: "wait until every job has finished" /
    # "Blocks until all items ... have been processed".
    "wait block", "finish complete",
    # How long it waits, the manual's timeout ("SSLStaplingResponderTimeout: Timeout for OCSP
    # stapling queries"); a mail client's folders, a mail server's mailboxes.
    "wait timeout", "folder mailbox",
    "hook callback", "clash conflict", "subfolder subdirectory", "fake spoof forge",
    # "Have I lost my commits?": "It will not overwrite things that are already there."
    "lose overwrite clobber lost",
    "validate check verify",
    # "make our CGI scripts start faster": "speeding up CGI programs".
    "faster speed speeding quicker", "script program",
    # "How often does it probe a member when I don't give it an interval?": "Period of
    # health checks in seconds"; "How big may the page be?": "up to 8192 bytes".
    "interval period", "probe check", "size bytes kilobytes megabytes",
    # A dimension asked by its adjective and stated by its noun: "How many columns wide?":
    # "Maximum width defaults to terminal width".
    "wide width", "deep depth", "tall height",
    # "How do I split a branch that mixes two changes?": "How to separate topic branches".
    "split separate",
    # "Does it carry on past a mount point when it searches the parent folders?": "Git tries
    # to find such a directory in the parent directories ... it does not cross filesystem
    # boundaries".
    "search find", "past beyond cross", "mount filesystem",
    "untouched unchanged "
    "unmodified", "whole complete entire", "send return", "people users",
    # A count spelled out and in digits ("four panes": "a 4 windows layout").
    "two 2", "three 3", "four 4", "five 5", "six 6", "seven 7", "eight 8", "nine 9",
    "ten 10", "twelve 12",
)


def _synonym_words() -> dict[str, tuple[str, ...]]:
    """Per stem, the other words of every group it is in, in the groups' order."""
    table: dict[str, tuple[str, ...]] = {}
    for group in _SYNONYM_GROUPS:
        for word in group.split():
            others = tuple(w for w in group.split() if stem(w) != stem(word))
            table[stem(word)] = tuple(dict.fromkeys(table.get(stem(word), ()) + others))
    return table


_SYNONYM_WORDS = _synonym_words()
_SYNONYMS = {s: frozenset(stem(w) for w in others) for s, others in _SYNONYM_WORDS.items()}


def _synonym_forms() -> dict[str, frozenset[str]]:
    """Per stem, the groups' words that have it ("locat": "locate")."""
    forms: dict[str, set[str]] = {}
    for group in _SYNONYM_GROUPS:
        for word in group.split():
            forms.setdefault(stem(word), set()).add(word)
    return {s: frozenset(words_) for s, words_ in forms.items()}


_SYNONYM_FORMS = _synonym_forms()


def synonyms(word: str) -> tuple[str, ...]:
    """Other words documentation uses for a question's word ("parameter" for "argument").

    The word is one of a group's words or an inflection of one ("running", "stopped"):
    "location" only shares its stem with "locate".
    """
    low = word.lower()
    forms = _SYNONYM_FORMS.get(stem(low), frozenset())
    if not any(low.startswith(form) and len(low) - len(form) <= 4
               or form.endswith("e") and low.startswith(form[:-1])
               and low.endswith(("ing", "ed")) for form in forms):
        return ()
    return _SYNONYM_WORDS.get(stem(low), ())
# A key/value table ("Description: ...", "Syntax: ...", "Default: ..."): one thing's facts.
_KEY_VALUE_ROWS = re.compile(r"(?:[A-Z][\w ]{0,24}: [^\n]*)(?:\n[A-Z][\w ]{0,24}: [^\n]*)+")
# The rows of a reference box that keep its books: availability, status, where it lives.
_BOOKKEEPING_ROW = re.compile(r"^(?:Compatibility|Status|Module Identifier|Source File|Module"
                              r"|Override|Since|Deprecated|Availability): [^\n]*$", re.MULTILINE)
# A numbered list: "1. Remove the encryption ...".
_STEPS = re.compile(r"^\s*1[.)] \S", re.MULTILINE)
# Words paired with a slash ("good/bad", "old/new"): prose names them "good" and "bad".
_PAIR = re.compile(r"[A-Za-z]{2,}(?:/[A-Za-z]{2,})+")
_SIGNATURE_RE = re.compile(r"^\s*[A-Za-z_][\w.]*\(.*\)\s*(->.*)?$")
# A sentence that only introduces a name ("... is called the Combined Log Format."):
# what the name means comes after it.
_NAMING = re.compile(r"\b(is|are) (called|named|known as|referred to as)\b[^.;:]{0,60}\.?\s*$",
                     re.IGNORECASE)
# A sentence that names what the sentences before it describe ("... Git can incorrectly
# think files in the working tree are unmodified even though they actually are. This is
# called the "racy Git" problem"): together they define the name.
_NAMED_AS = re.compile(r"\b(?:is|are) (?:called|named|known as|referred to as|termed)\s+"
                       r"(?P<name>[^.;:]{1,60})", re.IGNORECASE)
NAMED_AFTER = 0.2
# A lone sentence that only announces what comes next ("There is one slight problem with
# the optimization based on the cached stat information.", "Here are some hints.").
_ANNOUNCES = re.compile(
    r"^\W*(?:there (?:is|are|exists?) (?:only )?(?:one|two|three|four|several|some|a few|"
    r"a number of|many|a|an)\b|here (?:is|are)\b)", re.IGNORECASE)
ANNOUNCED = 0.15
# A list or one of its items, for a question asking what something is or does.
LISTED_DEFINITION = 0.2
# A verb by its place after a modal ("must follow", "can keep"): how the asker words the
# question, not what the answer is about.
_VERB_PLACE = re.compile(
    r"\b(?:can|could|must|should|will|would|may|might)\s+(?:not\s+|still\s+|also\s+)?"
    r"([a-z]{3,})\b", re.IGNORECASE)
# A placeholder the asker writes for a value: "<name>", "=N", "=<depth>".
_VALUE_PLACEHOLDER = re.compile(r"<([\w-]+)>|=([A-Z])\b")
# Values the asker writes out as examples: quoted strings and one-line code.
# (Not the apostrophes of "don't ... university's", which quote nothing.)
_QUOTED_VALUE = re.compile(r"(?<![A-Za-z])'[^'\n]{1,60}'(?![A-Za-z])|\"[^\"\n]{1,40}\"")
_CODE_VALUE = re.compile(r"`[^`\n]{1,80}`")
# Words that only say how many of what a question names it means ("every word").
_EACH = frozenset({"every", "each"})
# A sentence of a paragraph that only leads up to the paragraphs after it.
PREAMBLE = 0.3
# A span that ends by pointing at what follows it ("... as follows:").
DANGLING = re.compile(r"(:|\bas follows\.|\blike this\.|\bhere (?:is|are) [^.:;]{1,40}\.)\s*$",
                      re.IGNORECASE)

# An example announced without a sentence of its own: "For example", "For instance:".
_BARE_EXAMPLE = re.compile(r"(?:for example|for instance|e\.g\.|example)[:,]?", re.IGNORECASE)
# A pointer this short ("Consider this sequence:", "For example:") says nothing itself; a
# lone sentence this short that ends on a colon only introduces what follows.
POINTER_WORDS = 8
LONE_POINTER_WORDS = 14


# A name, a dash and what it is, as a manual page's NAME section writes it.
_NAME_LINE = re.compile(r"[\w.:+-]+(?:\(\d\w?\))? [-\u2013\u2014] [A-Za-z]")


def dangling(text: str) -> bool:
    """A span that ends on a pointer to what follows it ("Consider this sequence:").

    A bare pointer, a lone short sentence that only introduces what follows ("Assert
    statements are a convenient way to insert debugging assertions into a program:"),
    or a lone sentence cut off before its code ("... is equivalent to"). A longer
    sentence that says something before its colon ("This overwrites all previous
    assignments ...:") is an answer with an example after it.
    """
    stripped = text.rstrip()
    pointer = DANGLING.search(stripped)
    if not pointer and not stripped[-1:].isalnum():
        return False  # a sentence that ends as sentences do
    if not pointer and _NAME_LINE.match(stripped):
        return False  # a manual page's name line: "git-rerere - Reuse recorded resolution ..."
    spans = sentence_spans(stripped)
    if pointer:
        if pointer.group(0).lower().startswith("here"):
            return True  # "..., here are some hints.": what it promises comes after it
        last = stripped[spans[-1][0]:spans[-1][1]] if spans else stripped
        size = len(words(last))
        return size <= POINTER_WORDS or (len(spans) <= 1 and size <= LONE_POINTER_WORDS)
    # A lone sentence without its end: the page continues it with code.
    return len(spans) <= 1


# A question a text asks, as worked examples and FAQs do: a wh-word or an auxiliary
# opening a sentence that ends with a question mark.
_ASKED_HERE = re.compile(
    r"^\W*(?:what|how|why|when|which|who|whom|whose|where|is|are|was|were|can|could|does|"
    r"do|did|should|would|will|shall|may|might|must|has|have)\b[^?]*\?\W*$", re.IGNORECASE)


def asks_itself(text: str) -> bool:
    """A span whose last sentence is a question: what answers it comes after the span."""
    stripped = text.rstrip()
    spans = sentence_spans(stripped)
    last = stripped[spans[-1][0]:spans[-1][1]] if spans else stripped
    return bool(_ASKED_HERE.match(last))


# What a sentence's last words before its colon point ahead with.
# ("... distributed in the following way:", "... with the following two lines:")
_POINTS_AHEAD = re.compile(r"\b(?:of the form|the following(?: [a-z]+){0,2}|as follows|"
                           r"like this|like so|below|syntax)\s*:$", re.IGNORECASE)
# The longest single line of code a sentence may name before it without dangling.
SHORT_CODE = 60


# Verbs whose object is the command or code written after them.
_TAKES_CODE = frozenset("type run enter execute issue invoke say write use call do".split())


def dangles(cand: Candidate) -> bool:
    """A candidate that dangles where it stands in its passage.

    A pointer ("... as follows:") always does; a lone sentence without its end only when
    code follows it on the page ("... is equivalent to" before an example), not when it
    is a summary line written without a full stop ("make an iterator that returns
    consecutive keys and groups from the iterable").
    """
    text = cand.text
    pointer = DANGLING.search(text.rstrip())
    short = dangling(text)
    if not short and not pointer:
        return False
    blocks, _ = _blocks(cand.source)
    following, code_start, code_end = next(
        (block for block in blocks if block[1] >= cand.end), (None, 0, 0))
    if short and not pointer and following == "code":
        # A sentence that ends on what it names, before one short line of code that spells
        # it out ("... yields a 3-tuple" before "dirpath, dirnames, filenames"), says what
        # it says; one cut off on a little word ("... is equivalent to") does not.
        code = neutralize_markup(cand.source.text[code_start:code_end]).strip("`\n ")
        last = words(text)[-1:]
        # (Not one that ends on a verb the code is the object of: "If that version works
        # correctly, type" before "$ git bisect good".)
        if ("\n" not in code and len(code) <= SHORT_CODE and last and last[0] not in STOPWORDS
                and last[0] not in _TAKES_CODE):
            return False
    if not short:
        # A longer sentence before its colon says something, unless what it introduces
        # is a list: "Two problems often exist with deep copy operations ...:" promises
        # the problems. Or unless it ends on pointing to the code after it ("... can
        # also be defined in a more readable syntax of the form:"): that code is what it
        # tells.
        return following == "list" or following == "code" and bool(
            _POINTS_AHEAD.search(text.rstrip()))
    return bool(pointer) or following == "code"


_URL_RE = re.compile(r"\b(?:https?|ftp|file)://\S+", re.IGNORECASE)
_DIGIT_RE = re.compile(r"\d")
# A size said to have no bound ("Identifiers are unlimited in length.").
_UNBOUNDED = (r"\b(unlimited|infinite|unbounded|no (fixed |upper )?(limit|maximum)|"
              r"not limited|arbitrar\w* (length|size|precision))\b")
# What a length or size is counted in ("255 characters", "16 MiB").
_SIZE_UNIT = (r"characters?|chars?|bytes?|[KMGT]i?B|[kmg]b|kilobytes?|megabytes?|gigabytes?|"
              r"lines?|columns?|digits?|letters?|words?|bits?")
_VALUE_RE = re.compile(
    rf"\b(true|false|none|null|zero|on|off|disabled|enabled|empty)\b|{_UNBOUNDED}|"
    r"\"[^\"\s]+\"|'[^'\s]+'|\b[a-z]+\(\d*\)", re.IGNORECASE)
# The stem of a unit of time a how-many question counts ("how many seconds").
_TIME_UNIT = re.compile(r"(?:milli|micro|nano)?second|minut|hour|day|week|ms")
_DURATION_RE = re.compile(
    r"\b(\w*seconds?|minutes?|hours?|days?|weeks?|ms|linear|constant|logarithmic|"
    r"quadratic|immediately|instantly|forever|indefinitely|permanently|until|"
    # "cookies last only for the current browser session"
    r"(?:browser |login )?sessions?)\b|\bO\(", re.IGNORECASE)
# A unit named without a value: "the maximum number of seconds for which ... will be
# retained", "Timeout in seconds". It says what a duration is counted in, not how long.
_UNIT_ONLY = re.compile(r"\b(?:(?:number|amount) of|in) (?:\w*seconds?|minutes?|hours?|days?|"
                        r"weeks?|ms)\b", re.IGNORECASE)
# A manual page named with its section ("gitattributes(5)"): the number is no value.
_MAN_REFERENCE = re.compile(r"\b[\w.-]+\(\d[a-z]?\)")
# Counts in words; "all", "every", "none" count only what they stand next to.
_QUANTITY_WORDS = frozenset({"all", "every", "none"})
_COUNT_RE = re.compile(
    r"\b(once|twice|thrice|two|three|four|five|six|seven|eight|nine|ten|unlimited|"
    + "|".join(sorted(_QUANTITY_WORDS)) + r")\b",
    re.IGNORECASE)
# How often something happens, said in words: "commit-graph: hourly", "every night".
_FREQUENCY_RE = re.compile(
    r"\b(hourly|daily|nightly|weekly|monthly|yearly|annually|(?:every|each|per) (?:\w+ )?"
    r"(?:second|minute|hour|day|night|week|month|year)s?)\b", re.IGNORECASE)
# Words that announce a value of the kind a question asks for: (question, span) patterns.
_BOUND_Q = re.compile(r"\b(maximum|minimum|max|min|longest|shortest|largest|smallest|"
                      r"highest|lowest|biggest|greatest|"
                      r"at (?:the )?most|at (?:the )?least)\b", re.IGNORECASE)
# A value left out without naming it: "forgot to pass a number", "leave the other
# arguments alone", "without an argument".
_LEFT_ALONE = (r"\bleave (?:the )?(?:other )?(?:arguments?|parameters?|options?) "
               r"(?:alone|out|unset)\b")
_UNNAMED_OMITTED_Q = re.compile(
    r"\b(?:pass|give|set|specify|provide|supply)(?:ing)?\s+(?:it\s+)?(?:a|an|any)\s+"
    rf"(?:number|value|argument|size|count|limit)\b|{_LEFT_ALONE}|"
    r"\bwithout (?:an? \w+ )?(?:arguments?|parameters?)\b", re.IGNORECASE)
# A bound written as an inequality or a closed range: "0 <= i <= 0x10ffff", "n must be
# >= 1", "Second as a decimal number [00,61]".
_INEQUALITY = r"<=|<|>=|>|\u2264|\u2265|\[-?\d+,-?\d+\]"
_BOUND_STATED = re.compile(r"(?:\w|\))\s*(?:<=?|>=?|\u2264|\u2265)\s*(?:[-\w(])|"
                           r"\[-?\d+,\s*-?\d+\]")
_VALUE_ANCHORS = (
    (re.compile(r"\bdefault", re.IGNORECASE), "defaults?|default"),
    (re.compile(r"\b(range|values?)\b", re.IGNORECASE), "values?|between|range|ranges"),
    (re.compile(r"\b(max\w*|limit\w*|most|largest|longest|biggest|highest|greatest)\b",
                re.IGNORECASE),
     "maximum|max|limit|limits|limited|most|up|exceed|exceeds|unlimited|longest|largest|"
     f"highest|{_INEQUALITY}"),
    (re.compile(r"\b(min\w*|least|smallest|shortest|lowest)\b", re.IGNORECASE),
     f"minimum|min|least|shortest|smallest|lowest|{_INEQUALITY}"),
)
# How close (in words) a value must stand to a word of the question.
NEAR_WORDS = 8
# What holds unless one says otherwise: "defaults to 90 days", "Normally, ... mod_md will
# renew them ... 30 days before it expires".
_DEFAULT_RE = re.compile(r"\bdefault|\bnormally\b", re.IGNORECASE)
# A question about what happens when a value is left out, and how documentation says it.
_OMITTED_Q = re.compile(
    r"\b(if|when) (i|you|we)(?:'ve| have)? (do not|don't|never|not) (pass|give|set|specify|"
    r"provide|supply|pick|choose|select|name)\b|"
    r"\bwithout (passing|giving|setting|specifying|providing|an? \w+ argument|arguments?)\b|"
    # "but forgot to pass a number", "If I leave the other arguments alone"
    rf"\bforg[eo]t(?:ten)? to (pass|give|set|specify|provide|supply)\b|{_LEFT_ALONE}|"
    # "What does math.perm(5) return when I leave out k?"
    r"\b(?:if|when) (?:i|you|we) (?:leave (?:\w+ ){0,2}?(?:out|off)|omit|skip)\b",
    re.IGNORECASE)
_OMITTED = re.compile(
    r"\bdefault|\bomitted\b|\bnot (given|specified|passed|provided|supplied|set|used)\b|"
    # "called without arguments", not "indent the lines without wrapping them".
    r"\bis none\b|\babsent\b|\bwithout (?:an? |any )?(?:arguments?|values?|parameters?|"
    r"options?)\b|\b(?:called|used|given|run|invoked) without\b", re.IGNORECASE)
# A question about a release ("which version added X?"), not about a variant ("the
# version from the other branch").
# (A product's release, "Which Python version", "which Git release"; not a version of a
# protocol or format, "Which protocol version does git fetch speak?".)
_RELEASE_Q = re.compile(
    r"\b(which|what|since|until|before|after) ((?-i:[A-Z])\w* )?(version|release)s?\b|"
    r"\bwhen (was|were|did)\b.*\b(add|added|introduced?|removed?|deprecated?)\b",
    re.IGNORECASE)
# A release note: "Changed in version 3.2: ...", "New in version 3.7: ...".
_VERSION_NOTE = re.compile(
    r"^\W*(changed|new|added|deprecated|removed)( in| since)? (version|release) [\d.]*\d\b",
    re.IGNORECASE)
# The same label just before a span: the span is the note's body.
_VERSION_LABEL = re.compile(
    r"\b(changed|new|added|deprecated|removed)( in| since)? (version|release) [\d.]*\d:\s*$",
    re.IGNORECASE)
# An entry that declares itself deprecated: "This method is deprecated in favor of
# loader.exec_module().", "Deprecated, use 'property' with 'abstractmethod' instead".
_DEPRECATED_ENTRY = re.compile(
    r"\b(?:this|the) (?:method|function|class|module|attribute|option|directive|command|"
    r"variable|setting) (?:is|has been) deprecated\b|\bdeprecated in favou?r of\b|"
    r"^\s*Deprecated[,:.]", re.IGNORECASE | re.MULTILINE)
# What a list question's items are kinds of: "values" of "What types of values ...".
_KIND_OF = re.compile(r"\b(?:kinds?|types?|sorts?|forms?) of ([a-z]+)", re.IGNORECASE)
# A sentence that leads in to the items it runs on with: "The following types are
# supported: None, integers, floating point numbers, ...".
_PROSE_LIST = re.compile(r"(?:^|[.!?]\s+)([^.!?:]{3,100}):\s+[^.:;]{1,60},[^.:;]{1,60},")
# An enumeration inside a sentence: "a, b and c", "a, b, or c", "the following: a, b".
_ENUMERATION_RE = re.compile(
    r"[\w\"')\]]+, [^,.;:]{1,60}(, [^,.;:]{1,60})*,? (and|or) [\w\"'(\[]"
    r"|:\s*[^.]{1,60},[^.]{1,60},"
    # A count of things, then a colon: "There are two ways to specify the activity: ...".
    r"|\b(?:two|three|four|five|six|several|\d+) [a-z]+s\b[^.:;]{0,60}:\s*\S")
_REASON_RE = re.compile(
    r"\b(because|since|so that|in order to|to (avoid|prevent|ensure|allow|make sure|keep)|"
    r"reasons?|otherwise|this (is|means|way)|which means|as a result|due to|therefore|"
    r"thus|hence|risk|danger|dangerous|can lead|may lead|leads? to|security|unsafe|"
    r"insecure|attack|vulnerab|expensive|slow|faster|efficien|performance|confus|"
    r"fragile|hard to|difficult|error-prone|not (recommended|safe)|avoid|better|"
    # What is wrong with the other way ("This approach ... suffers from some problems:
    # unequal load distribution ..."): why this way is taken instead.
    r"suffers? from|drawbacks?|disadvantages?|downsides?)",
    re.IGNORECASE)
# Words that set two things against each other, not merely mention them together.
_CONTRAST_RE = re.compile(
    r"\b(unlike|whereas|instead( of)?|rather than|differ\w*|difference|as opposed to|"
    r"in contrast|compared (to|with)|than|while|except that)\b", re.IGNORECASE)
_COMPARE_RE = re.compile(
    r"\b(unlike|whereas|while|instead|rather than|than|differ\w*|same as|similar\w*|"
    r"both|but|however|as opposed|compar\w*|except|identical\w*|alternative\w*|either|"
    r"neither|only|also|precedence|wins|overrid\w*|versus|vs|"
    # "the protection it offers over --force", "its advantage over a plain merge"
    r"(?:advantages?|benefits?|offers?|gains?|improvements?) over)\b",
    re.IGNORECASE)
_PROCEDURE_RE = re.compile(
    r"\b(use|run|set|add|pass|give|call|type|enable|disable|create|edit|put|specify|"
    r"configure|invoke|remove|append|install|load|restart|reload|send|start|stop|"
    r"you can|to do this|by (using|setting|running|adding|passing|giving)|with the|"
    # What a thing can be put to: "Such protocol can be used with isinstance()".
    r"can be used (?:with|to|for|as|in)|"
    # What a caller passes, said of the argument ("if the keyword argument inplace=1 is
    # passed to input()"), and what doing so makes possible ("This makes it possible to
    # write a filter that rewrites its input file in place.").
    r"(?:is|are) (?:passed|given|specified) (?:to|as|in)|makes? it possible to|"
    r"allows? you to|lets? you|"
    # What an argument is for, said of it: "The default keyword-only argument specifies an
    # object to return if the provided iterable is empty."
    r"(?:argument|parameter|option|keyword)s?\s+(?:specif(?:y|ies)|sets?|controls?|"
    r"determines?|selects?|indicates?|overrides?)|"
    # The means by which it is done: "it can be escaped by doubling it".
    r"(?:can|may|must|should) be \w+(?:ed|en) by \w+ing|"
    r"using)\b|(^|\s)--?[a-z]"
    # A purpose and where to turn for it: "To automatically generate ordering operations
    # from a single root operation, see functools.total_ordering()."
    r"|(?:^|[.;]\s+)To\s+\w+\b[^.;:]{0,80},\s+see\b"
    # A purpose and what to do for it, in the imperative: "To avoid the task
    # cancellation, wrap it in shield()." (Not a statement: "To do this, the server
    # reads ...".)
    r"|(?:^|[.;]\s+)(?-i:To|In order to|If you want to)\s+\w+\b[^.;:]{0,80},\s+"
    r"(?-i:(?!the\b|a\b|an\b|it\b|this\b|that\b|these\b|those\b|there\b|they\b|we\b|"
    r"which\b|its\b|their\b|one\b|each\b|all\b|any\b|some\b|such\b|only\b|both\b)"
    r"[a-z]{2,}\b)(?!\s+(?:is|are|was|were|has|have|can|will|must|should|may)\b)",
    re.IGNORECASE)
# A yes/no question that asks whether something is needed ("do I have to tell it ...?",
# "Do we need to restart ...?", "Is it necessary to ...?"), and a span that says whether it
# is ("is needed", "need not", "is done automatically", "is optional").
_NEED_Q = re.compile(
    r"\b(?:do|does|did|will|would)\s+(?:I|we|you|they|one|it)\s+(?:still\s+|also\s+)?"
    r"(?:have|need|got)\s+to\b|\b(?:do|does|will)\s+(?:I|we|you|they|one)\s+(?:still\s+|also\s+)?"
    r"need\b|\bmust\s+(?:I|we|you|they|one)\b|\bis\s+it\s+(?:really\s+)?"
    r"(?:necessary|required|mandatory|needed)\b", re.IGNORECASE)
_NEED_SAID = re.compile(
    r"\b(?:needed|necessary|unnecessary|required|mandatory|optional|need not|needn't|"
    r"no need|automatically|must|has to|have to|needs to|need to|responsible for|up to the "
    r"(?:caller|user|application))\b", re.IGNORECASE)


# A question whether a thing can do something (not whether the asker may: "Can I ...").
_ABILITY_Q = re.compile(r"\W*(?:can|could)\s+(?!i\b|we\b|you\b|one\b)", re.IGNORECASE)


@lru_cache(maxsize=256)
def asks_need(question: str) -> bool:
    """A yes/no question's asking sentence asks whether something is needed."""
    return bool(_NEED_Q.search(asked_sentence(question)))


_YESNO_RE = re.compile(
    r"\b(can|cannot|can't|must|may|might|only|never|always|not|no|will|won't|does|doesn't|"
    r"allowed|possible|impossible|supported|required|unless|even|still|refuses?|fails?|"
    r"prevents?|forbid\w*|disallow\w*|rejects?|errors?|ignored?|only if|assum\w*|"
    r"requires?|provided|as long as|instead|rather than|otherwise|regardless|except|"
    r"safe|unsafe|badly|risk\w*|danger\w*|harmless|correctly|succeeds?|breaks?|"
    # A warning against it: "Enabling compression causes security issues in most setups
    # (the so called CRIME attack)".
    r"insecure|vulnerab\w*|attacks?|security (?:issues?|risks?|problems?|holes?|concerns?)|"
    # What happens to it: "the merge will be automatically canceled and the work tree
    # untouched".
    r"automatically|untouched|unchanged|intact|preserved|overwritten|discarded|"
    r"cancell?ed|aborted)\b",
    re.IGNORECASE)
_DEFINE_RE = re.compile(
    r"\b(is|are|means|refers? to|describes?|specif(y|ies)|sets?|controls?|determines?|"
    r"defines?|enables?|allows?|causes?|returns?|contains?|provides?|makes?|tells?|"
    r"used (to|for)|lets?|configures?|selects?|gives?|creates?|yields?)\b",
    re.IGNORECASE)


@lru_cache(maxsize=256)
def _own_code_words(question: str) -> frozenset[str]:
    """The words of what the asker's code makes up, and the keyword that only defines it.

    The names its code binds ("job" of `job = q.get()`), its own classes ("Meters" and
    "Length" of `class Meters(Length)`), and "def" of `def connect(host, *, timeout=10)`
    written only in that code.
    """
    outside = set(words(_CODE_VALUE.sub(" ", question)))
    # And the values its code spells out as strings (`shelve.open('cache')`: a file name,
    # not the shelf's cache).
    literal = {w for span in _CODE_VALUE.finditer(question)
               for m in _QUOTED_VALUE.finditer(span.group(0)) for w in words(m.group(0))}
    unquoted = set(words(_QUOTED_VALUE.sub(" ", question)))
    # And the names of its own files it writes in its story ("Uploading a new file called
    # quarterly-2042.html got redirected ..."), less their extension, unless their words
    # say more elsewhere in the question.
    files = list(OWN_FILE.finditer(question))
    filed = ({w for m in files for w in words(m.group(1))}
             - {w for m in files for w in words(m.group(2))}
             - set(words(OWN_FILE.sub(" ", question))))
    return frozenset(filed | bound_names(question) | {
        w for c in own_classes(question) for w in words(c)} | (
            (set(words(question)) - outside) & DEFINING_KEYWORDS) | (literal - unquoted)
        | test_operands(question))


# An argument written by name into a call: "popitem(last=False)", "run(..., check=True)".
_KEYWORD_ARGUMENT = re.compile(r"[\w.]+\([^()]*?\b([A-Za-z_]\w*)\s*=(?!=)")


def _argument_case(analysis: QuestionAnalysis, cand: Candidate, text: str) -> bool:
    """The span says what happens as the argument two compared calls differ by is set.

    "LIFO order if last is true" for popitem() and popitem(last=False); "If *sep* is
    given" for split() and split(' ').
    """
    given = _arguments_given(analysis.text, f"{cand.source.title} {cand.source.section}")
    if any(re.search(rf"\b(?:if|when|unless|whether)\s+[*`'\"]*{re.escape(arg)}\b",
                     text, re.IGNORECASE) for arg in given):
        return True
    # "vars() with no argument and vars(some_object)": "Without arguments, equivalent to
    # locals(). With an argument, equivalent to object.__dict__."
    return _bare_call_compared(analysis.text) and bool(_ARGUMENT_COUNT_CASE.search(text))


# A case told by whether a call is given arguments: "Without arguments, ...", "With an
# argument, ...", "If no argument is given, ...".
_ARGUMENT_COUNT_CASE = re.compile(
    r"\b(?:with(?:out)?|with no)\s+(?:an?\s+|any\s+)?arguments?\b|"
    r"\bif no arguments? (?:is|are) (?:given|passed|supplied)\b", re.IGNORECASE)


def _bare_call_compared(question: str) -> bool:
    """The question compares a function called with no arguments and with some."""
    return any(len(args) >= 2 and "" in args for args in _call_arguments(question).values())


@lru_cache(maxsize=256)
def _arguments_given(question: str, heading: str) -> frozenset[str]:
    """The arguments a question's calls differ by, named or by position.

    The positions are named by the signature an entry's heading writes, hence per heading.
    """
    return frozenset({m.group(1).lower() for m in _KEYWORD_ARGUMENT.finditer(question)}
                     | _positional_given(question, heading))


# A call as a question writes it: "split(' ')", "'a  b'.split()".
_CALL = re.compile(r"(?<![\w])([A-Za-z_]\w*)\(([^()]*)\)")


@lru_cache(maxsize=256)
def _call_arguments(question: str) -> dict[str, set[str]]:
    """Per function the question calls, the argument lists it writes (whitespace-normalised)."""
    calls: dict[str, set[str]] = {}
    for name, args in _CALL.findall(question):
        calls.setdefault(name, set()).add(" ".join(args.split()))
    return calls


def _calls_compared(question: str) -> bool:
    """The question writes one function called two ways ("f('a:b') vs f('a.b')")."""
    return any(len(args) >= 2 for args in _call_arguments(question).values())


def _positional_given(question: str, heading: str) -> set[str]:
    """The parameters two calls of one function in a question differ by, by position.

    "'a  b'.split() and 'a  b'.split(' ')": the second passes ``sep``, the first parameter
    of the signature its entry's heading writes ("str.split(sep=None, maxsplit=-1)").
    """
    counts: dict[str, set[int]] = {}
    for name, args in _CALL.findall(question):
        positional = [a for a in _split_arguments(args) if "=" not in a]
        counts.setdefault(name, set()).add(len(positional))
    out: set[str] = set()
    for name, seen in counts.items():
        if len(seen) < 2:
            continue
        signature = re.search(rf"(?<![\w]){re.escape(name)}\(([^()]*)\)", heading)
        if signature is None:
            continue
        params = [p.split("=")[0].strip(" *") for p in signature.group(1).split(",")]
        params = [p for p in params if p and p not in ("self", "/")]
        out.update(p.lower() for p in params[min(seen):max(seen)])
    return out


def _split_arguments(args: str) -> list[str]:
    """A call's arguments, split at top-level commas (quoted commas stay)."""
    out, depth, quote, current = [], 0, "", ""
    for ch in args:
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif ch == "," and depth == 0:
            out.append(current.strip())
            current = ""
            continue
        current += ch
    if current.strip():
        out.append(current.strip())
    return out


_CODE_ITEMS_Q = re.compile(
    r"\b(which|what)\b.*(?<!\bmy )(?<!\bour )(?<!\byour )"
    r"\b(methods|functions|commands|options|directives|variables|"
    r"attributes|flags|arguments|parameters|subcommands|hooks)\b", re.IGNORECASE)
# "Which values/levels ...": a range of values lists them all ("0 through 9", "between 1
# and 9", "from 0 to 100").
_VALUES_Q = re.compile(r"\b(?:which|what)\b.*\b(?:values|levels|numbers|sizes)\b",
                       re.IGNORECASE)
_VALUE_RANGE = re.compile(r"-?\d+(?:\.\d+)? (?:through|to|thru) -?\d|"
                          r"\bbetween -?\d+(?:\.\d+)? and -?\d", re.IGNORECASE)
# Single names listed in prose: "args, returncode, stdout and stderr".
_NAME_LIST_RE = re.compile(
    r"\b[A-Za-z_][\w.]*(?:, [A-Za-z_][\w.]*)+,? (?:and|or) [A-Za-z_][\w.]*?(?=[.,;:)]|$)")
_CODE_NAME = re.compile(
    r"(?<![\w-])(__\w+__|[A-Za-z_][\w.]*\(\)|--?[a-z][\w-]+|[a-z]+\.[a-zA-Z][\w.]*|"
    r"[A-Z][a-z]+[A-Z]\w*)")
_CONSEQUENCE_Q = re.compile(r"\bwhat happens\b", re.IGNORECASE)
# A list question that asks what holds by default.
_BY_DEFAULT_Q = re.compile(r"\bby default\b|\bout of the box\b", re.IGNORECASE)


def _default_unsaid(question: str, text: str) -> bool:
    """The question asks what holds by default, and the span says nothing of a default."""
    return bool(_BY_DEFAULT_Q.search(question)) and not _DEFAULT_RE.search(text)


_EXCEPTION_ENTRY = re.compile(r"(?<![\w.])(?:[\w]+\.)*[A-Z]\w*(?:Error|Exception|Warning|Exit)$")
# A sentence that states a case and then what follows: "When an exception is not handled
# at all, the interpreter terminates ...", "A class that overrides __eq__() and does not
# define __hash__() will have ...".
_CONDITION = re.compile(
    r"^\W*(?:(?:when|if|once|whenever)\b(?P<case>[^,;:]{3,200}?),\s*\w|(?:an?|any|every)\s+"
    r"\w+(?:\s+\w+)?\s+(?:that|which|whose|with|without)\b(?P<subject>[^,;:]{3,200}?)\s+"
    r"(?:will|is|are|has|have|gets?|becomes?|must|raises?)\b|"
    r"(?P<bare>(?:with|without)\s+[^,;:]{3,60}?),\s*\w)",
    re.IGNORECASE)
_CONSEQUENCE_RE = re.compile(
    r"\b(is raised|raises?|re-raised|terminat\w*|propagat\w*|is lost|discard\w*|ignored|"
    r"is called|are called|is executed|is returned|returns?|stops?|abort\w*|fails?|"
    r"results? in|causes?|then|so that|is saved|is cleared|is set|becomes?|is replaced)\b",
    re.IGNORECASE)
_MECHANISM_Q = re.compile(
    r"\bhow (does|do|is|are|can)\b.*\b(choose|chooses|decide|decides|determine|determines|"
    r"select|selects|pick|picks|find|finds|know|knows|resolve|resolved|locate|locates|"
    r"match|matches|look up|looks up)\b", re.IGNORECASE)
_PROCESS_RE = re.compile(
    r"\b(search\w*|inspect\w*|in turn|until|first|then|next|match\w*|look\w*|attempt\w*|"
    r"order|each|one by one|check\w*|compar\w*|walk\w*|scan\w*|consult\w*|step\w*|"
    r"precedence|before|after|otherwise|tests?|tested|repeated\w*|evaluat\w*|"
    r"as long as|whether)\b", re.IGNORECASE)
# "Where does X put/go/live ...": the answer says where.
_LOCATION_Q = re.compile(r"^\s*where (does|do|is|are|will|should|can)\b", re.IGNORECASE)
_LOCATION_RE = re.compile(
    r"\b(right|left|before|after|between|end|beginning|start|front|back|top|bottom|"
    r"position|index|inside|outside|within|nested|next to|in place of|at the|into)\b",
    re.IGNORECASE)


@dataclass(frozen=True)
class _Heading:
    """A passage's title and heading path, as words and stems."""

    text: str
    title_words: frozenset[str]
    title_stems: frozenset[str]
    section_words: frozenset[str]
    section_stems: frozenset[str]
    # The words of a title's head that names what the page is about (""pdb" — The Python
    # Debugger"): the whole page is that thing's, as a section is its heading's.
    title_head: frozenset[str] = frozenset()

    @classmethod
    def of(cls, source: Source) -> _Heading:
        title = _heading_words(source.title)
        section = _heading_words(source.section)
        head = _TITLE_SEPARATOR.split(source.title, maxsplit=1)
        named = (_heading_words(head[0]) - STOPWORDS if len(head) > 1 else frozenset())
        if len(named) > TITLE_HEAD_WORDS:
            named = frozenset()
        return cls(f"{source.title} {source.section}", title,
                   frozenset(stem(w) for w in title), section,
                   frozenset(stem(w) for w in section), named)


# Where a page title's head ends: ""pdb" — The Python Debugger", "Logging HOWTO: ...".
_TITLE_SEPARATOR = re.compile(r"\s+[—–-]\s+|:\s+")
TITLE_HEAD_WORDS = 1
# A manual page's title: the command's name and section ("git-rerere(1) Manual Page").
_MANUAL_TITLE = re.compile(r"\s*([\w.:+-]+)\(\d\w?\)(?:\s|$)")


def manual_page(title: str) -> str:
    """The command a manual page's title names ("git-rerere"), or "" for another title."""
    manual = _MANUAL_TITLE.match(title)
    return manual.group(1) if manual else ""


# A title that is a qualified name ("pdb.Pdb.do_list"), its last part as group 1.
QUALIFIED_NAME = re.compile(r"(?:[A-Za-z_]\w*\.)+([A-Za-z_]\w*)")


_ABBREVIATED = re.compile(r"(?<![\w.])([a-z]+)\(([a-z]+)\)(?!\w)")


def _heading_words(heading: str) -> frozenset[str]:
    """A heading's words, less those it only writes marked as another name.

    ""except*" clause" is about ``except*``, not the ``except`` a question asks about;
    "object.__del__(self)" is about the special method, not the ``del`` statement.
    """
    # A command written with the letters it may be shortened to ("n(ext)", "s(tep)") is
    # also its whole name.
    found = words(heading) + [a + b for a, b in _ABBREVIATED.findall(heading.lower())]
    marked = {w.lower() for w in _MARKED_NAME.findall(heading) for w in words(w)}
    if not marked:
        return frozenset(found)
    plain = words(_MARKED_NAME.sub(" ", heading))
    return frozenset(w for w in found if w not in marked or w in plain)


# A word written as part of another name: "except*", "__del__" (not the del statement).
_MARKED_NAME = re.compile(r"\w+[*+](?![\w*+])|__\w+?__")


_NO_HEADING = _Heading("", frozenset(), frozenset(), frozenset(), frozenset())


@dataclass
class Candidate:
    """A span of a passage that could be quoted as (part of) an answer."""

    source: Source
    start: int
    end: int
    kind: str  # "sentences" | "list" | "row" | "table" | "term"
    leads_section: bool
    words: frozenset[str]
    stems: frozenset[str]
    # The span's smallest readable units (its sentences; a list's lead-in and items; a
    # table's rows), each as (words, stems): how close together the question's words are.
    units: tuple[tuple[frozenset[str], frozenset[str]], ...] = ()
    # It lies in the paragraph that opens its section, which states the rule that later
    # paragraphs qualify with special cases.
    opens_section: bool = False
    # It lies in a paragraph that only leads up to the paragraphs after it ("...
    # Rather than spelling it out in full details, here are some hints.").
    in_preamble: bool = False
    # Where a list or table cut for judging (``MAX_CANDIDATE_CHARS``) really ends: it is
    # judged by its first part and quoted whole (``MAX_LIST_CHARS`` at most).
    whole_end: int = 0

    @property
    def text(self) -> str:
        """The span as stored in the source."""
        return self.source.text[self.start:self.end]

    @property
    def whole_text(self) -> str:
        """The span as quoted: a list or table to its end, not where judging cut it."""
        return self.source.text[self.start:max(self.end, self.whole_end)]


@dataclass
class Judgement:
    """A candidate judged against one question."""

    candidate: Candidate
    coverage: float
    rank: float
    focus_found: bool
    crux_found: bool
    fit: bool
    rest: float = 1.0
    own: bool = False
    # Number questions: a span without a value does not even partly answer them; nor
    # does a span that tells nothing to do answer a procedure question.
    strict: bool = False
    matched: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    # The share of the question its best single sentence (or item) carries.
    tight: float = 0.0
    # How well it has the shape of the answer asked for, 0 to 1 (``fit`` is shape > 0).
    shape: float = 0.0
    # Its headings name another thing of the kind the question names (the "try" statement's
    # section for a question about the with statement, ``os.path.split`` for ``str.split``)
    # and it does not name the question's own.
    rival: bool = False
    # It opens a sentence with the case the question sets ("If no matching ServerName or
    # ServerAlias is found ..., then ..." for "If a request's hostname matches no
    # ServerName or ServerAlias, does Apache reject it?").
    states_case: bool = False
    # A yes/no question: it asks whether something holds of its focus.
    asserted: bool = False
    # A why-question: the span gives reasons, in several cue words ("This is because
    # many different webspace locations could map to the same filesystem location").
    reasoned: bool = False
    # A yes/no question about what was done to something ("lines that were removed"): the
    # span says that doing, in some form ("lines which have been deleted").
    says_predicate: bool = True
    # It only promises what follows it ("... laid out in the following way:" before a
    # drawing in code): no answer, not even in part.
    promises: bool = False
    # A how-do-I question: it opens the entry of what does the thing asked ("A custom
    # `weakref.ref` subclass which simulates a weak reference to a bound method"), which
    # need not retell the asker's story to answer in part.
    tool: bool = False
    # The question asks more than what a thing is, and the span only names it: a manual
    # page's name line ("git-ls-tree - List the contents of a tree object"), which says
    # what the page is about, or a span that says no word of the question but the
    # command's ("git ls-tree"): neither tells what holds of it.
    names_only: bool = False
    # What its rank weighs (``RANK_WEIGHTS``' terms, named by ``RANK_TERMS``).
    parts: tuple[float, ...] = ()

    def answers(self) -> bool:
        """Names the focus and the crux, fits the answer type, covers the question.

        A span that states the question's case says what holds in it in its own words: it
        need cover less of the rest of the question. A span of the focus's own entry need
        not say the rest of the question, unless the question asks whether something
        holds: then it must speak of that something.
        """
        if not self.says_predicate or self.promises or self.names_only:
            return False
        if (self.strict and self.shape < STEPS_SAID and self.candidate.leads_section
                and not self.states_case and _KIND_OPENING.match(self.candidate.text)):
            # An entry's opening that tells what kind of thing it is ("A simple CGI program
            # to serve the contents of a Git repository ...", with a stray "using") gives
            # no steps, whatever it shares with the question.
            return False
        if self.own:
            return (self.focus_found and self.fit and self.coverage >= ANSWERED_OWN
                    and (not self.asserted or self.states_case
                         or self.rest >= REST_PARTIAL)
                    # (Not the entry's first sentence, for a value or the steps asked of
                    # the thing, where it says next to nothing of them: "Create a virtual
                    # environment in a directory." says what venv.create is, not how to let
                    # the environment see the system's packages.)
                    and not (self.strict and self.candidate.start == 0 and not self.states_case
                             and self.rest < REST_OWN_STRICT))
        if self.reasoned:
            # The asker tells the situation in its own words ("a folder that exists on
            # disk"); the reason is given in the documentation's ("objects in the
            # filesystem"): a span that gives it need cover less of the telling.
            return (self.focus_found and self.crux_found and self.coverage >= PARTIAL
                    and self.rest >= REST_PARTIAL)
        return (self.focus_found and self.crux_found and self.fit
                and self.coverage >= (PARTIAL if self.states_case else ANSWERED)
                and (self.states_case or self.rest >= REST_ANSWERED))

    def partly_answers(self) -> bool:
        """Names the focus and the crux and covers a good part of the question."""
        return (not self.promises and self.focus_found and self.crux_found
                and self.coverage >= PARTIAL
                and self.rest >= (REST_PARTIAL_OWN if self.own or self.tool else REST_PARTIAL)
                and (self.fit or (self.coverage >= ANSWERED and not self.strict)))


# Code an extractor ran into one line of prose ("async with AsyncExitStack() as stack:
# connections = [await ...] # All opened connections ..."): a call bound with "as name:",
# a comment after a call, a span that opens by assigning a call ("csv_writer =
# csv.writer(fileobj ...) for row in sequence: ..."). (Code quoted inside a sentence,
# "{x: x ** 2 for x in range(10)}", is part of the sentence.)
_FLAT_CODE = re.compile(r"\)\s+as\s+\w+\s*:|\)\]?\s+#\s|^\s*[A-Za-z_]\w* = [A-Za-z_][\w.]*\(")
# A program's usage text, its options one after another: "-n/--number N: how many times
# to execute 'statement' ... -r/--repeat N: ...".
_USAGE_OPTION = re.compile(r"(?<!\S)-[A-Za-z0-9]/--[A-Za-z][\w-]*")
# The share of a span's words that are marks alone ("?", "^") past which it is output.
OUTPUT_MARKS = 0.3


def quotable(text: str) -> bool:
    """A span that may be shown as a finding.

    Prose of five words or more, not code, a signature, a URL or markup (the report
    contract's rules for text from sources).
    """
    if ("```" in text or _SIGNATURE_RE.match(text) or "](" in text or "[^" in text
            or _FLAT_CODE.search(text) or len(_USAGE_OPTION.findall(text)) >= 3):
        return False
    if re.search(r"<[A-Za-z/!?]", text):
        return False
    if "\n" not in text.strip() and asks_itself(text):
        return False  # a worked example's question ("... What is the average speed?")
    stripped = _URL_RE.sub("", text)
    # A table's rules ("=====") and cell bars are its layout, and code written inline in
    # prose ("{'jack': 4098}" in "Use a list of pairs within braces: ...") is part of a
    # sentence: what is left must be prose, five words or more as the report contract
    # counts them (whitespace-separated, with letters).
    prose = _TABLE_RULE.sub(" ", stripped).replace(" | ", " ")
    prose = _INLINE_CODE.sub(" ", prose)
    # A template written out after a sentence's colon ("Parse a URL into 5 components:
    # <scheme>://<netloc>/<path>?<query>#<fragment>") is inline code too, as the page's
    # markup had it; stored text keeps "<" as an entity, which is no word or mark.
    prose = _TEMPLATE.sub(" ", prose.replace("&lt;", "<").replace("&gt;", ">"))
    if sum(any(c.isalpha() for c in w) for w in prose.split()) < MIN_QUOTE_WORDS:
        return False
    letters = sum(c.isalpha() for c in prose)
    symbols = sum(c in "{}[]()=<>|*#;\\/$" for c in prose)
    # A program's output shown as a list ("one ? ^ • ore ? ^ • two • three ? -"): marks
    # standing as words of their own, not prose.
    tokens = [w for w in prose.split() if w not in ("•", "-", "–", "—")]
    marks = sum(not any(c.isalnum() for c in w) for w in tokens)
    if marks >= 4 and marks / len(tokens) >= OUTPUT_MARKS:
        return False
    return letters > 0 and symbols / letters <= 0.12


def _blocks(source: Source) -> tuple[list[tuple[str, int, int]], bool]:
    """The source's blocks (a source without layout is read as paragraphs)."""
    layout = [(str(k), int(s), int(e)) for k, s, e in source.layout]
    leads = any(kind == SECTION_START for kind, _, _ in layout)
    blocks = [(k, s, e) for k, s, e in layout if k != SECTION_START and e > s]
    if not blocks:
        text = source.text
        blocks = []
        for match in re.finditer(r"[^\n]+(?:\n(?!\s*\n)[^\n]*)*", text):
            blocks.append(("para", match.start(), match.end()))
    return blocks, leads


# The label of an aside ("Note that this option ...", "Warning:"): the page's apparatus,
# not a word of what the sentence says ("note" is no git note).
_ADMONITION = re.compile(r"(?:^|(?<=[.!?:]\s)|(?<=\n))\s*(?:\*\*)?(?:note|notes|warning|"
                         r"caution|tip|important|hint|notice|attention|danger)(?:\*\*)?"
                         r"(?:\s+that\b|\s*:)",
                         re.IGNORECASE)


def _said_words(text: str) -> list[str]:
    """The words a span says, without the labels of its asides."""
    return words(_ADMONITION.sub(" ", text))


_NOTE_MARK_START = re.compile(r"\[\d{1,2}\]\s+(?=[A-Z\"*])")
_NOTE_MARK_END = re.compile(r"(?<=[.!?\"])\s+\[\d{1,2}\]\.?$")


def candidates(source: Source) -> list[Candidate]:
    """Every candidate span of a passage, in text order."""
    text = source.text
    blocks, leads = _blocks(source)
    out: list[Candidate] = []
    unit_cache: dict[tuple[int, int], tuple[frozenset[str], frozenset[str]]] = {}

    def unit(start: int, end: int) -> tuple[frozenset[str], frozenset[str]]:
        cached = unit_cache.get((start, end))
        if cached is None:
            surface = _said_words(text[start:end])
            cached = unit_cache[(start, end)] = (frozenset(surface),
                                                 span_stems(text[start:end], surface))
        return cached

    def add(start: int, end: int, kind: str, first: bool,
            parts: list[tuple[int, int]] | None = None, opening: bool = False,
            preamble: bool = False, whole_end: int = 0) -> None:
        if kind == "sentences":
            # A footnote's own number ("[1] The exception is propagated ...") or a
            # reference to one after the full stop ("... these patterns. [1]") is the
            # page's apparatus, not what the sentence says.
            lead = _NOTE_MARK_START.match(text, start, end)
            if lead:
                start = lead.end()
            trail = _NOTE_MARK_END.search(text, start, end)
            if trail:
                end = trail.start()
            if start >= end:
                return
            if parts is not None and len(parts) > 1 and _BARE_EXAMPLE.fullmatch(
                    text[parts[-1][0]:parts[-1][1]].strip()):
                # "... would otherwise return HTTP 404 (Not Found). For example" before
                # the page's example: the words that announce it are no part of the answer.
                parts = parts[:-1]
                end = min(end, parts[-1][1])
            if parts is not None:
                parts = [(max(s, start), min(e, end)) for s, e in parts]
        span = text[start:end]
        if len(span) > MAX_CANDIDATE_CHARS and kind == "sentences":
            return
        surface = _said_words(span)
        if parts is None:
            parts = [(m.start() + start, m.end() + start)
                     for m in re.finditer(r"[^\n]+", span)]
        units = tuple(unit(s, e) for s, e in parts if s < e <= end)
        out.append(Candidate(source, start, end, kind, first and leads,
                             frozenset(surface), span_stems(span, surface), units,
                             opening and leads, preamble, whole_end))

    # A section's defining sentence is its first prose: a reference box (a table) or a
    # code example before it does not take that place from it.
    prose_seen = False
    for n, (kind, start, end) in enumerate(blocks):
        first_block = n == 0
        preamble = False
        if kind == "code":
            continue
        if kind == "para":
            first_block = first_block or not prose_seen
            # A paragraph that only leads up to what follows it ("Deletion is recursively
            # defined very similar to the way assignment is defined. Rather than spelling
            # it out in full details, here are some hints."): no one paragraph states what
            # the section is about; those after it each give a part.
            preamble = _preamble(text[start:end])
            if first_block and preamble:
                first_block = False
            # A docstring's summary line too short to quote ("Directory tree generator.")
            # names what the entry is; the paragraph after it states what it does.
            if not prose_seen:
                summary = text[start:end].strip()
                if len(summary.split()) < MIN_QUOTE_WORDS and summary.endswith("."):
                    continue
            prose_seen = True
        elif kind != "table":
            prose_seen = True
        if kind in ("list", "table"):
            lead = None
            if n > 0 and blocks[n - 1][0] == "para":
                _, ps, pe = blocks[n - 1]
                spans = sentence_spans(text[ps:pe])
                if spans:
                    lead = ps + spans[-1][0]
            elif n > 0 and kind == "list" and blocks[n - 1][0] == "list":
                # A list nested under an item that leads up to it ("• return_when: Indicates
                # when this function should return. The options are:" over the options):
                # that item is its lead-in.
                _, ps, pe = blocks[n - 1]
                item = max(text.rfind("\n", ps, pe - 1) + 1, ps)
                if text[item:pe].rstrip().endswith(":"):
                    lead = item
            # Judged by its first lines (a long list would cover any question's words by
            # its breadth alone); quoted to its end.
            stop = _cap_lines(text, start, end, MAX_CANDIDATE_CHARS)
            add(lead if lead is not None else start, stop, kind, first_block and lead is None,
                whole_end=_cap_lines(text, start, end, MAX_LIST_CHARS))
            for line in re.finditer(r"[^\n]+", text[start:end]):
                add(start + line.start(), start + line.end(),
                    "row" if kind == "table" else "item", False)
            continue
        if kind == "term":
            if n + 1 < len(blocks) and blocks[n + 1][0] == "para":
                _, ps, pe = blocks[n + 1]
                spans = sentence_spans(text[ps:pe])
                if spans:
                    add(start, ps + spans[0][1], "term", True, [(start, ps + spans[0][1])])
            continue
        spans = [(start + s, start + e) for s, e in sentence_spans(text[start:end])]
        # A paragraph that opens with a small word in lower case after code, or where the
        # passage begins in mid-section ("at the location you want to break into the
        # debugger, ...", "will create a new branch ...") ends a sentence begun before it:
        # without its beginning it has lost its subject.
        opening = re.match(r"[a-z]+\b", text[start:end])
        continued = opening is not None and opening.group(0) in STOPWORDS and (
            blocks[n - 1][0] == "code" if n > 0 else not leads)
        for i in range(1 if continued else 0, len(spans)):
            for size in range(1, MAX_SENTENCES + 1):
                if i + size > len(spans):
                    break
                add(spans[i][0], spans[i + size - 1][1], "sentences", first_block and i == 0,
                    spans[i:i + size], first_block, preamble)
    return out


def _preamble(paragraph: str) -> bool:
    """A paragraph that ends by pointing at the paragraphs after it, not at a list."""
    tail = paragraph.rstrip()
    return not tail.endswith(":") and bool(DANGLING.search(tail))


def _cap_lines(text: str, start: int, end: int, limit: int) -> int:
    """The end of a list or table cut to at most ``limit`` characters at a line end."""
    if end - start <= limit:
        return end
    cut = text.rfind("\n", start, start + limit)
    return cut if cut > start else end


def focus_in(focus: str, haystack: str, heading: str = "") -> bool:
    """A focus term appears in text as written (case-insensitive, on word boundaries).

    An elided construct ("raise ... from") appears where its parts are mentioned
    together, in order and within ``ELIDED_WINDOW`` characters, or where the heading
    names its first part and the text the rest (a passage of the "raise" statement's
    section that explains its "from" clause).
    """
    if " ... " not in focus:
        if _found(focus, haystack) or bool(heading) and _found(focus, heading):
            return True
        # A section headed by an option's word is the option's ("AGGRESSIVE" under
        # git gc is about --aggressive).
        bare = focus.lstrip("-")
        if heading and focus.startswith("-") and len(bare) >= 3 and _found(bare, heading):
            return True
        return bool(_PAIR.fullmatch(focus)) and _pair_in(focus.split("/"), haystack)
    first, *rest = focus.split(" ... ")
    later = [list(_hits(part, haystack)) for part in rest]
    if not all(later):
        return False
    if heading and _found(first, heading):
        return True
    for start in _hits(first, haystack):
        at = start
        for hits in later:
            at = next((h for h in hits if at < h <= at + ELIDED_WINDOW), -1)
            if at < 0:
                break
        if at >= 0:
            return True
    return False


def member_name(focus: str, title: str) -> str:
    """The short name a page of the focus's own namespace calls it by, else "".

    The csv module's page calls csv.writer "the writer", and csv.Sniffer's entry calls
    csv.Sniffer.has_header "has_header": a dotted name's last part, on the page titled
    by the part before it ("csv module", "csv.Sniffer"), in the span that says it; not
    in the page's table of its members, a summary of each that its own entry gives in
    full. On another member's page, only a constant's or class's name ("FORMAT_XZ"), or a
    function's written as a call, which is returned with its parenthesis ("gmtime(" for
    time.gmtime in time.mktime's "mktime(gmtime(0))"): os.path.lexists's "Test whether a
    path exists" is not about os.path.exists.
    """
    if not QUALIFIED_NAME.fullmatch(focus):
        return ""
    space, _, last = focus.rpartition(".")
    if title.strip() in (space, f"{space} module"):
        return last
    if "." in space or not title.startswith(f"{space}."):
        return ""
    # In another entry of the module: its constant or class, a name no sentence uses as a
    # word ("FORMAT_XZ", "DefaultSelector"; lzma.LZMACompressor's "For FORMAT_XZ, the
    # default is CHECK_CRC64" speaks of lzma.FORMAT_XZ) ...
    if _CODE_FORM.fullmatch(last):
        return last
    # ... or its function written as a call: time.mktime's "Note that mktime(gmtime(0))
    # will not generally return zero" speaks of time.gmtime.
    return f"{last}(" if re.fullmatch(r"[a-z_]\w*", last) else ""


_CODE_FORM = re.compile(r"[A-Z][A-Z0-9]*_[A-Z0-9_]+|[A-Z][a-z0-9]+[A-Z]\w*")


def _family_heading(focus: str, heading: str) -> bool:
    """A heading names the family of names the focus belongs to by their common prefix.

    "REDIRECT_ variables" is the entry of REDIRECT_URL and REDIRECT_STATUS, "LC_*" of
    LC_ALL: a prefix that ends where the names' own parts begin ("_", or a "*").
    """
    return any(len(prefix) >= 3 and focus.startswith(prefix) and len(focus) > len(prefix)
               for token in heading.split()
               for prefix in [token.rstrip("*")] if token.endswith(("_", "_*")))


def _member_entry(focus: str, title: str) -> bool:
    """An entry of one of a class's own members is about that class.

    "What does an empty input line do in a Cmd shell?": cmd.Cmd.emptyline's entry says
    what a cmd.Cmd does with one. (A module's members are not its: a class is asked about
    for what its objects do; a module names a family of unlike things.)
    """
    qualified = QUALIFIED_NAME.fullmatch(focus)
    if qualified is None or not qualified.group(1)[:1].isupper():
        return False
    rest = title.strip().removeprefix(focus + ".")
    return rest != title.strip() and re.fullmatch(r"[a-z_]\w*", rest) is not None


def _member_section(focus: str, section: str) -> bool:
    """A reference page's section for a class's method names it by its parts.

    builtins.list.sort's section in the library reference is "Lists › class
    list([iterable]) › sort(*, key=None, reverse=False)": a heading naming the class, and
    under it one naming the method with its signature.
    """
    parts = focus.split(".")
    if len(parts) < 3 or not QUALIFIED_NAME.fullmatch(focus) or not section:
        return False
    owner, method = parts[-2], parts[-1]
    heads = section.split(SECTION_SEP)
    at = next((i for i, h in enumerate(heads)
               if re.match(rf"(?:class\s+)?(?:[\w.]+\.)?{re.escape(owner)}\b(?!\.)", h.strip())),
              None)
    return at is not None and any(
        re.match(rf"(?:[\w.]+\.)?{re.escape(method)}\(", h.strip()) for h in heads[at + 1:])


def _as_written(name: str, text: str) -> bool:
    """The name appears in the text (``_hits``) in the question's own case.

    A shown "<Location>" is stored as "&lt;Location>", as ``_hits`` looks for it.
    """
    written = neutralize_markup(name)
    return any(text.startswith(written, at) for at in _hits(name, text))


def _pair_in(parts: list[str], haystack: str) -> bool:
    """The words of a pair written with a slash ("good/bad") named together in prose."""
    later = [list(_hits(part, haystack)) for part in parts[1:]]
    if not all(later):
        return False
    return any(all(any(abs(h - start) <= ELIDED_WINDOW for h in hits) for hits in later)
               for start in _hits(parts[0], haystack))


# A dotted name of two parts or more ("fsck.badEmail", "mergetool.kdiff.cmd"), and a
# dotted name one part of which is a placeholder ("fsck.<msg-id>", "remote.&lt;name>.url").
_TEMPLATED_PARTS = re.compile(r"[A-Za-z][\w-]*(?:\.[A-Za-z][\w-]*)+")
_TEMPLATE_NAME = re.compile(
    r"(?<![\w.<>;-])(?:[A-Za-z][\w-]*|(?:<|&lt;)[\w-]+>)"
    r"(?:\.(?:[A-Za-z][\w-]*|(?:<|&lt;)[\w-]+>))+(?![\w<>&-])")
_PLACEHOLDER_PART = re.compile(r"(?:<|&lt;)[\w-]+>")


def _fills(name: str, template: str) -> bool:
    """``name`` is ``template`` with its one placeholder part, not the first, filled."""
    parts, slots = name.lower().split("."), template.lower().split(".")
    holes = [i for i, slot in enumerate(slots) if _PLACEHOLDER_PART.fullmatch(slot)]
    return (len(parts) == len(slots) and len(holes) == 1 and holes[0] > 0
            and all(p == s for i, (p, s) in enumerate(zip(parts, slots, strict=True))
                    if i not in holes))


def _templated_in(name: str, text: str) -> bool:
    """A dotted name that a templated name the text writes stands for ("fsck.<msg-id>")."""
    return bool(_TEMPLATED_PARTS.fullmatch(name)) and any(
        _fills(name, m.group(0)) for m in _TEMPLATE_NAME.finditer(text))


def _found(term: str, haystack: str) -> bool:
    if _CAPITALISED.fullmatch(term):
        # A name that is a word written with a capital (the Header directive, the Counter
        # class) is named with its capital: "the Location: header" is no mention of it.
        return any(haystack[at].isupper() for at in _hits(term, haystack))
    if _SHORT_OPTION.fullmatch(term):
        # A one-letter option is its letter in its case: "-C" is not "-c".
        return any(haystack[at + 1] == term[1] for at in _hits(term, haystack))
    if next(_hits(term, haystack), None) is not None:
        return True
    if term.endswith("()") and len(term) > 2:
        # A call written as one ("secrets.compare_digest()") names the function, which its
        # own entry heads without the brackets.
        return _found(term[:-2], haystack)
    if is_hyphenated_name(term) and any(
            next(_hits(typed, haystack), None) is not None
            for typed in dict.fromkeys((term.replace("-", " "), term.replace("-", " ", 1)))):
        return True  # "git-rerere" is typed "git rerere", "git-verify-commit" "git verify-commit"
    shape = valued_shape(term)
    if shape and any(symbol_shape(s) == shape for s in written_symbols(haystack)):
        # "HEAD~2" is the manual's "<rev>~[<n>]" or "master~3" with its own values.
        return True
    if _templated_in(term, haystack):
        # "fsck.badEmail" is the manual's "fsck.<msg-id>", "mergetool.kdiff.cmd" its
        # "mergetool.<tool>.cmd": a setting's family entry, with the asker's value.
        return True
    if term[:1] == '"' and term[-1:] == '"' and keyword.iskeyword(term[1:-1]):
        # A keyword that is also a common word ("is", "for") is named as a keyword: quoted,
        # or said to be one ("a for loop", "the with statement").
        return _keyword_said(term[1:-1]).search(haystack) is not None
    # A function and the special method behind it: hash() is __hash__, len() is __len__;
    # not a statement: "del x" does not call __del__, "import" is not __import__.
    return (term.isidentifier() and not term.startswith("_") and term.islower()
            and not keyword.iskeyword(term)
            and next(_hits(f"__{term}__", haystack), None) is not None)


_CAPITALISED = re.compile(r"[A-Z][a-z]{2,}")
_SHORT_OPTION = re.compile(r"-[A-Za-z]")


@lru_cache(maxsize=64)
def _keyword_said(word: str) -> re.Pattern[str]:
    return re.compile(rf"\b{word}\s+(?:statement|loop|operator|clause|keyword|expression)s?\b",
                      re.IGNORECASE)


_OPERATOR_MARKS = "~^|&<>=!*/%+-@"


def _is_operator(term: str) -> bool:
    """The term is an operator written by itself ("^", "|=")."""
    return bool(term) and not term.strip(_OPERATOR_MARKS)


# What a name follows when it is only named to compare with or to point at.
_PASSING_CUE = re.compile(r"(?:\b(?:similar to|such as|like|see(?: also)?|unlike|as with|as in|"
                          r"cf\.|compare(?:d)? (?:to|with)|(?:in)?compatible with|"
                          # "Cannot be combined with --graph." in --no-walk's entry.
                          r"(?:be|is|are) (?:not )?(?:combined|used together) with)\s+"
                          # (Or the last of several names: "with the wait() and ".)
                          r"(?:the\s+)?(?:[`'\"“(]*[\w.]+(?:\(\))?[`'\"”)]*"
                          r"(?:,\s*|\s+(?:and|or)\s+))*"
                          # (Or a program's subcommand: "such as git filter-repo".)
                          r"(?:[a-z][a-z0-9]*\s+)?"
                          # (Or a pointer to a part of another page: 'See the "DISCUSSION"
                          # section of the git filter-repo manual page'.)
                          r"|\bsee\s+the\b[^.;:]{0,40}\bof\s+(?:the\s+)?(?:[\w-]+\s+)?"
                          # (Or anywhere in a clause that points elsewhere: "; see the
                          # description of --author, --committer and --grep options in
                          # git-log(1) manpage.")
                          r"|(?:^|[;(]\s*|[.:]\s+)see\s+the\s+(?:description|documentation|"
                          r"discussion|explanation|section)s?\b[^.;:)]{0,100})"
                          r"[`'\"“(]*$",
                          re.IGNORECASE)


def _called(name: str, text: str) -> bool:
    """The text names a function as code: its call, a qualified name or in quotes."""
    return bool(re.search(rf"(?<![\w-]){re.escape(name)}\(|\.{re.escape(name)}\b|"
                          rf"[`'\"“‘]{re.escape(name)}[`'\"”’]", text))


def _only_as_parameter(name: str, text: str) -> bool:
    """Every mention of the name in the text is a keyword parameter ("vars=None")."""
    mentions = list(re.finditer(rf"(?<![\w.-]){re.escape(name)}(?![\w-])", text))
    return bool(mentions) and all(re.match(r"\s*=", text[m.end():]) for m in mentions)


def _in_passing(name: str, text: str) -> bool:
    """Every mention of the name in the text only compares with it or points to it."""
    hits = list(_hits(name, text))
    return bool(hits) and all(_PASSING_CUE.search(text[max(0, h - 80):h]) for h in hits)


def _hits(term: str, haystack: str) -> Iterator[int]:
    """Where ``term`` occurs in ``haystack`` on word boundaries, case-insensitive."""
    needle = neutralize_markup(term).lower()
    if not needle:
        return  # no name at all ("" left of "proxy:fcgi://..." by its last dot)
    hay = haystack.lower()
    idx = hay.find(needle)
    while idx >= 0:
        before = hay[idx - 1] if idx > 0 else " "
        after = hay[idx + len(needle)] if idx + len(needle) < len(hay) else " "
        # An option goes on with "-": "--force" is not named by "--force-with-lease".
        joins = "_-" if needle.startswith("-") else "_"
        # A name goes on with "_" both ways: "del" is not named by "__del__".
        edge_ok = (not needle[0].isalnum() or not (before.isalnum() or before == "_")) and (
            not needle[-1].isalnum() or not (after.isalnum() or after in joins))
        # An operator goes on with operator marks: "|" is not named by "|=" or "||".
        # So does one written against a word, as part of another token: the "*" of
        # "*address*" is emphasis, of "*identifier" a starred name, not a lone "*".
        if edge_ok and _is_operator(needle) and any(
                c in _OPERATOR_MARKS or c.isalnum() or c == "_" for c in (before, after)):
            edge_ok = False
        # A name goes on with ".name": "collections.Counter.update" is a member of
        # collections.Counter, "ChainMap.fromkeys" one of ChainMap, not the class itself.
        end = idx + len(needle)
        if edge_ok and ("." in needle or needle.isidentifier()) and needle[-1].isalnum(
                ) and after == "." and (
                hay[end + 1:end + 2].isalpha() or hay[end + 1:end + 2] == "_"):
            edge_ok = False
        if edge_ok:
            yield idx
        idx = hay.find(needle, idx + 1)


def _variant(term: str, stems: frozenset[str]) -> bool:
    """True if a stem extends or shortens ``term`` by at most three letters."""
    if len(term) < 4:
        return False
    for other in stems:
        if other == term or other[:4] != term[:4]:
            continue
        short, long_ = (term, other) if len(term) <= len(other) else (other, term)
        if len(long_) - len(short) <= 3 and long_.startswith(short) and _VOWEL.search(short):
            return True  # not an acronym's: "https" is no form of "http"
    return False


def _inflections(word: str) -> set[str]:
    """The word as written and its plain inflections (plural, past, -ing).

    A plural's singular has a vowel, as an English noun does: "https" is not the plural
    of "http". "-es" follows a hissing sound ("boxes", "matches"): "notes" is "note" and
    "s", not "not". A word the stemmer sets aside ("not", "have") is no word's base.
    """
    forms = {word, word + "s", word + "es", word + "ed", word + "d", word + "ing"}
    for suffix in ("s", "es", "ed", "d", "ing"):
        base = word[: -len(suffix)]
        if (word.endswith(suffix) and len(base) >= 3 and base not in STOPWORDS
                and (suffix not in ("s", "es") or _VOWEL.search(base))
                and (suffix != "es" or base.endswith(_HISSING))):
            forms.add(base)
    return forms


_HISSING = ("s", "x", "z", "ch", "sh")


_VOWEL = re.compile(r"[aeiouy]")


# Things a question names that have rivals of the same kind, each its own entry in the
# documentation: a statement or clause ("the with statement", ""except" clause"), a dotted
# name (``str.split`` against ``os.path.split``) and a prefixed name (``mod_cache``
# against ``mod_rewrite``).
_STATEMENT = re.compile(r"\b\"?((?:async\s+)?[a-z]+\*?)\"?\s+(statement|clause)s?\b",
                        re.IGNORECASE)
_DOTTED = re.compile(r"(?<![\w.'\"])([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+)(?![\w'\"])")
_PREFIXED = re.compile(r"\b(mod)_(\w+)\b")
# A method called on a string literal is the str method: "'a b'.split()".
_STR_METHOD = re.compile(r"(?:'[^'\n]*'|\"[^\"\n]*\")\.([a-z_]\w*)\(")


@dataclass(frozen=True)
class _Named:
    """One thing a question or a heading names: its kind, its name as parts."""

    kind: str
    parts: tuple[str, ...]

    def same(self, other: _Named) -> bool:
        """``other`` names this thing, perhaps more qualified (``a.OrderedDict.popitem``)."""
        if self.kind != other.kind:
            return False
        if self.kind == "dotted":
            mine = [p.lower() for p in self.parts]
            theirs = [p.lower() for p in other.parts]
            return mine[-1] == theirs[-1] and set(mine) <= set(theirs)
        if self.kind == "prefixed":
            return (other.parts[1].startswith(self.parts[1])
                    or self.parts[1].startswith(other.parts[1]))
        return self.parts == other.parts

    def rivals(self, other: _Named) -> bool:
        """Another thing of this kind: for dotted names, one of the same last name."""
        if self.kind != other.kind or self.same(other):
            return False
        return self.kind != "dotted" or self.parts[-1].lower() == other.parts[-1].lower()


# What a list question asks for, when each is its own entry in the documentation: the
# pattern an entry's heading follows ("object.__enter__(self)", "--soft").
_MEMBER_ENTRIES = {
    **dict.fromkeys(("methods", "functions"), re.compile(r"[A-Za-z_][\w.]*\(.*\)")),
    **dict.fromkeys(("options", "flags"), re.compile(r"--?\w[\w-]*(?:[ =,\[].*)?")),
}
MAX_MEMBERS = 6


def lists_members(analysis: QuestionAnalysis, text: str) -> bool:
    """A list whose items are themselves of the kind the question asks for.

    "• --continue: Continue the operation in progress ... • --skip: Skip the current commit
    ..." lists options: asked "What are my options ...?", it answers by itself, where the
    with statement's numbered steps do not list the methods a context manager defines.
    """
    pattern = _MEMBER_ENTRIES.get(analysis.items)
    if pattern is None:
        return False
    named = [m.group(1) for m in _LISTED_NAME.finditer(text)]
    return sum(bool(pattern.fullmatch(name)) for name in named) >= 2


# An item's opening name, before its colon or dash: "• --skip: Skip the current commit".
_LISTED_NAME = re.compile(r"(?:^|\n|\u2022\s)\s*(\S+?(?:\([^)]*\))?)\s*(?::|\s[-\u2013]\s)")


def member_entries(analysis: QuestionAnalysis, judged: Sequence[Judgement]
                   ) -> list[Judgement]:
    """For "Which methods must a context manager define?": each entry's first sentence.

    The entries are the sections headed by a name of the kind asked for ("methods") under
    one heading that names what the question is about ("With Statement Context
    Managers"); one span per entry, its shortest that opens the entry. None unless there
    are two entries or more.
    """
    pattern = _MEMBER_ENTRIES.get(analysis.items)
    about = {stem(w) for w in analysis.subject} or {
        stem(w) for f in analysis.focus_words for w in f}
    # Of another kind, the entries are the sections under a heading that names the kind
    # ("What date formats does git commit --date understand?": "DATE FORMATS › RFC 2822").
    kind = stem(analysis.items) if analysis.items else ""
    if pattern is None and not kind or not about:
        return []
    groups: dict[tuple[str, str], dict[str, Judgement]] = {}
    for j in judged:
        cand = j.candidate
        if not cand.leads_section or cand.kind not in ("sentences", "term") or not quotable(
                cand.text) or not j.focus_found:
            continue
        path = [part.strip() for part in cand.source.section.split("›")]
        if pattern is not None and not pattern.fullmatch(path[-1]) or pattern is None and (
                len(path) < 2 or kind not in {stem(w) for w in words(path[-2])}):
            continue
        parent = (cand.source.title, " › ".join(path[:-1]))
        if not about <= {stem(w) for w in words(" ".join(parent))}:
            continue
        entries = groups.setdefault(parent, {})
        kept = entries.get(path[-1])
        if kept is None or len(cand.text) < len(kept.candidate.text):
            entries[path[-1]] = j
    entries = max(groups.values(), key=len, default={})
    return list(entries.values())[:MAX_MEMBERS] if len(entries) >= 2 else []


def entry_name(title: str) -> str:
    """The name heading a cited entry: the last part of ``Title › … › name``."""
    return title.rsplit("›", 1)[-1].strip()


def heads_entry(source: Source, name: str) -> bool:
    """The passage's last heading is the name's own entry.

    "dataclasses.dataclass(...)", "uuid module", "LogLevel Directive" are; a member's
    ("uuid.UUID") or a longer name's ("typing.dataclass_transform") is not.
    """
    return _entry_named(f"{source.title} › {source.section}" if source.section
                        else source.title, name)


def _entry_is(heading: str, name: str) -> bool:
    """The heading is the name's own entry, written whole or as a qualified name's last part.

    "SSLFIPS Directive", "protocol.version", "builtins.dir" of "dir"; not a heading that
    names it among others ("Basic bisect commands: start, bad, good" for "good/bad").
    """
    return any(token == name or token.endswith(f".{name}") for token in _entry_tokens(heading))


def _entry_named(heading: str, name: str) -> bool:
    """The last heading of a heading path is the name's own entry (``heads_entry``)."""
    return name in {token.rsplit(".", 1)[-1] for token in _entry_tokens(heading)}


def _entry_tokens(heading: str) -> list[str]:
    """The words of a heading path's last heading, quotes and brackets stripped."""
    return [token.strip("\"'*`“”") for token in entry_name(heading).split("(", 1)[0].split()]


# "See TextWrapper class for available keyword args", "See help(struct) for more on
# format strings", "See ``variance`` for arguments and other details": the entry named.
_SEE_ENTRY = re.compile(
    r"(?:^|[.!?]\s+)(?:please\s+)?see\s+(?:also\s+)?(?:the\s+)?(?:help\()?[`\"'*]*"
    r"([A-Za-z_][\w.-]*)|"
    # What an entry says it is another's shorthand for, or how it differs from another:
    # "Shorthand for 'print_exception(*sys.exc_info(), limit, file)'", "This differs from
    # print_tb() in the following ways": in the rest, the other's entry speaks for it.
    r"(?:^|[.!?]\s+)(?:this\s+is\s+(?:a\s+)?|it\s+is\s+(?:a\s+)?|this\s+)?"
    r"(?:shorthand\s+for|differs\s+from)\s+[`\"'*]*([A-Za-z_][\w.]*)\(", re.IGNORECASE)


def _entry_key(source: Source) -> str:
    """The short name of the entry a source documents ("textwrapper", "struct")."""
    name = entry_name(source.title).split("(", 1)[0].split()
    return name[0].strip("\"'`*").rsplit(".", 1)[-1].lower() if name else ""


def lent_focus(focus: Sequence[str], evidence: Sequence[Evidence]) -> dict[str, set[str]]:
    """The entries a name's own entry sends the reader to, each with the names it lends.

    textwrap.fill's entry says "See TextWrapper class for available keyword args":
    what textwrap.TextWrapper's entry says of ``width`` it says of fill's.
    """
    lent: dict[str, set[str]] = {}
    for f in focus:
        sent: set[str] = set()
        name = f.removesuffix("()")  # a call written with brackets names the function
        for ev in evidence:
            own = entry_name(ev.source.title).split("(", 1)[0].strip()
            if own != name and not heads_entry(ev.source, name):
                continue
            sent |= _sent_to(ev.source)
        # One step further: print_exc is print_exception's shorthand, which differs from
        # print_tb only in what it lists.
        sent |= {key for ev in evidence if _entry_key(ev.source) in sent
                 for key in _sent_to(ev.source)}
        for key in sent:
            lent.setdefault(key, set()).add(f)
    return lent


def _sent_to(source: Source) -> set[str]:
    """The short names of the entries a source's text sends the reader to."""
    keys = {(m.group(1) or m.group(2)).rstrip(".").rsplit(".", 1)[-1].lower()
            for m in _SEE_ENTRY.finditer(source.text)}
    return {key for key in keys if key and key != _entry_key(source)}


def _page(source: Source) -> str:
    """The page a passage is part of: its address without the fragment."""
    return source.url.split("#", 1)[0]


# The sections that sum up a whole page.
_PAGE_SUMMARY = re.compile(r"Summary|Overview", re.IGNORECASE)


def _last_heading(source: Source) -> str:
    """The passage's own heading, the last of its section path ("Short Format")."""
    return source.section.split("›")[-1].strip()


def _said_plainly(text: str) -> str:
    """Lower-case words, one space apart: "the short-format." says "the short format"."""
    return " ".join(re.sub(r"[^\w]+", " ", text.lower()).split())


def option_sections(focus: Sequence[str], evidence: Sequence[Evidence]
                    ) -> dict[tuple[str, str], set[str]]:
    """The sections of a manual page an option's entry names, each with the options it lends.

    git status's entry "-s, --short: Give the output in the short-format." names the page's
    "Short Format" section: what that section says of the output, it says of -s. A section
    is named by its heading of two words or more, said in the entry in any case and with
    hyphens or spaces.
    """
    options = [f for f in focus if f.startswith("-")]
    if not options:
        return {}
    headings: dict[str, set[str]] = {}
    for ev in evidence:
        last = _last_heading(ev.source)
        if len(last.split()) >= 2 and not last.startswith("-"):
            headings.setdefault(_page(ev.source), set()).add(last)
    lent: dict[tuple[str, str], set[str]] = {}
    for ev in evidence:
        names = {n.strip().split("=", 1)[0].split("[", 1)[0]
                 for n in _last_heading(ev.source).split(",")}
        entry_of = [f for f in options if f in names]
        if not entry_of:
            continue
        said = f" {_said_plainly(ev.source.text)} "
        for heading in headings.get(_page(ev.source), ()):
            if f" {_said_plainly(heading)} " in said:
                lent.setdefault((_page(ev.source), heading.lower()), set()).update(entry_of)
    return lent


def raised_entry(title: str) -> str:
    """The exception a cited entry documents ("builtins.ImportError"), if it is one."""
    name = entry_name(title)
    return name if _EXCEPTION_ENTRY.search(name) else ""


def asks_consequence(question: str) -> bool:
    """"What happens when ...?": the answer says what follows."""
    return bool(_CONSEQUENCE_Q.search(question))


def is_release_note(cand: Candidate) -> bool:
    """A span that is a release note ("Changed in version 3.2: ...") or a note's body."""
    return _VERSION_NOTE.match(cand.text) is not None or _VERSION_LABEL.search(
        cand.source.text[max(0, cand.start - 40):cand.start]) is not None


def asks_release(question: str) -> bool:
    """A question about versions or releases ("In which Git release was ... added?")."""
    return _RELEASE_Q.search(question) is not None


def named_things(text: str, *, heading: bool = False) -> list[_Named]:
    """The statements, clauses, dotted and prefixed names a text names.

    A heading names a statement by any word ("Future statements", "Expression
    statements"); running text only by a keyword ("the with statement"), since "this
    statement" or "the following clause" name none.
    """
    out = [_Named(m.group(2).lower(), (" ".join(m.group(1).lower().split()),))
           for m in _STATEMENT.finditer(text)
           if m.group(1).lower().split()[-1] in _KEYWORDS
           or heading and m.group(1).lower() not in _NOT_A_NAME]
    out += [_Named("dotted", tuple(m.group(1).split(".")))
            for m in _DOTTED.finditer(text) if not _DECIMAL.fullmatch(m.group(1))]
    out += [_Named("dotted", ("str", m.group(1))) for m in _STR_METHOD.finditer(text)]
    out += [_Named("prefixed", (m.group(1), m.group(2).lower()))
            for m in _PREFIXED.finditer(text)]
    return out


_KEYWORDS = PY_KEYWORDS | {"except*"}
# Words before "statements" in a heading that name no statement ("Simple statements").
_NOT_A_NAME = frozenset("simple compound other the these this such".split())
# The first numbered item of a list as stored ("1. An HTTP request header field").
_FIRST_NUMBERED = re.compile(r"^\s*(\d+)\. ", re.MULTILINE)
# A name of the asker's own in code: an attribute of self, or one with a leading underscore.
_OWN_NAME = re.compile(r"\bself\.\w+|(?<![\w.])_\w+")
# A file's name as the asker writes it: its base name, then its extension.
_FILE_NAME = re.compile(r"(?:[\w.-]*/)?([\w-]+(?:\.[\w-]+)*)\.([a-z][a-z0-9]{0,4})")
# The keywords whose code a question may write out and analysis names (`case RED:`).
_CODE_KEYWORDS = frozenset({"case"})
_DECIMAL = re.compile(r"[\d.]+")


def rivalled(asked: Sequence[_Named], source: Source) -> list[_Named]:
    """What the question names that the passage's headings name only rivals of.

    For one kind of thing, the headings name one that rivals the question's and none that
    is the question's own (``os.path.split`` heading a passage, ``str.split`` asked).
    """
    if not asked:
        return []
    headed = named_things(f"{source.title} › {source.section}", heading=True)
    # The last heading is the most specific: "Future statements" under the import
    # statement's page is about another statement.
    last = (named_things(source.section.rsplit("›", 1)[-1], heading=True)
            if source.section else [])
    out: list[_Named] = []
    for kind in dict.fromkeys(a.kind for a in asked):
        mine = [a for a in asked if a.kind == kind]
        theirs = [h for h in last if h.kind == kind] or [h for h in headed if h.kind == kind]
        if (not any(a.same(h) for a in mine for h in theirs)
                and any(a.rivals(h) for a in mine for h in theirs)):
            out += mine
    return out


# Operating systems a question may be asked for ("On our Linux servers ..."): a page or
# section for another one (Apache's "Using Apache With Novell NetWare") tells of another
# case. "Unix" is the family of the BSDs, Linux, macOS and the rest.
_UNIX_FAMILY = frozenset({"linux", "freebsd", "openbsd", "netbsd", "bsd", "solaris", "hp-ux",
                          "aix", "macos", "os x", "darwin", "unix"})
_PLATFORMS = _UNIX_FAMILY | {"windows", "win32", "netware", "os/2"}
_PLATFORM_NAMES = "|".join(re.escape(p) for p in sorted(_PLATFORMS, key=len, reverse=True))
_PLATFORM_RE = re.compile(rf"(?<![\w/-])({_PLATFORM_NAMES})(?![\w/-])", re.IGNORECASE)


def platforms_named(text: str) -> frozenset[str]:
    """The operating systems a text names ("Linux", "Windows", "NetWare")."""
    return frozenset(m.group(1).lower() for m in _PLATFORM_RE.finditer(text))


def other_platform(asked: frozenset[str], where: str) -> bool:
    """A title or heading that names only operating systems other than those asked for.

    "Using Apache With Novell NetWare" for a question about Linux servers; not "Unix" for
    one about Linux (its family), nor a page that names the asked one as well.
    """
    if not asked:
        return False
    here = platforms_named(where)
    if not here or here & asked:
        return False
    return not ("unix" in here and asked & _UNIX_FAMILY)


# A sentence that opens with the platform it speaks for: "On Linux, this directive ...".
_ON_PLATFORM = re.compile(rf"(?:^|(?<=[.;:•]\s))(?:On|Under|For)\s+(?:[A-Z][\w/-]*\s+){{0,2}}?"
                          rf"({_PLATFORM_NAMES})\b[^,.]{{0,40}},", re.IGNORECASE)


def is_rival(rivalled_here: Sequence[_Named], text: str) -> bool:
    """A span under rival headings that does not name the question's own thing itself."""
    return bool(rivalled_here) and not any(
        a.same(t) for a in rivalled_here for t in named_things(text))


class AnswerJudge:
    """Judges candidate spans of the evidence against analysed questions."""

    def __init__(self, idf: Callable[[list[str]], dict[str, float]]) -> None:
        self._idf = idf
        self._cache: dict[str, list[Candidate]] = {}

    def candidates(self, source: Source) -> list[Candidate]:
        """A source's candidates (cached per source)."""
        cached = self._cache.get(source.source_id)
        if cached is None:
            cached = self._cache[source.source_id] = candidates(source)
        return cached

    def weights(self, analysis: QuestionAnalysis) -> dict[str, float]:
        """Per content word of the question, its weight: IDF, doubled for focus words."""
        content = list(analysis.content)
        stems = [stem(w) for w in content]
        idf = self._idf(stems)
        # (A module the question names as a word, "ftplib", is where the answer is, every
        # entry of it: required, but weighed as the word it is, not as the name asked about.)
        focus_words = {w for f in analysis.focus_words for w in f} - set(analysis.modules)
        # The names asked about, not those only shown ("[L]" is a flag; "x" in "del x").
        named = {w for f, toks in zip(analysis.focus, analysis.focus_words, strict=True)
                 if f not in analysis.scene for w in toks}
        # Names the asker made up in the code it shows ("self.__token", "_MyClass__token"):
        # their words say nothing of what the documentation calls the thing.
        made_up = {w for m in _OWN_NAME.finditer(analysis.text) for w in words(m.group(0))
                   } - set(words(_OWN_NAME.sub(" ", analysis.text))) - named
        # The words of the asker's setting only ("I call difflib.get_close_matches(...) to
        # suggest a fix when someone mistypes a command."): the documentation says what
        # the asking sentence asks in its own terms and rarely retells the story.
        # (But not the words of a message the asker quotes, "fails with 'refusing to update
        # checked out branch: refs/heads/main'": the documentation explains a message in
        # its own words, "will deny a ref update to the currently checked out branch".)
        # (Nor does it retell the asker's examples, "How do I rename a remote, e.g. origin
        # → upstream?": git-remote's rename entry speaks of "the remote named <old>", and
        # git-clone's "--origin <name>", which says both example words, renames nothing.)
        examples = set(example_words(analysis.text, set_off=True))
        told = (setting_words(analysis.text) | examples) - quoted_message_words(analysis.text)
        # So are the names its code binds ("job" of `job = q.get()`, and "the jobs"), its
        # own classes ("Meters" and "Length" of `class Meters(Length)`) and the "def" that
        # only that code writes.
        made_up |= _own_code_words(analysis.text) - named
        # So is the name of a file of the asker's ("Foo.java.orig", "backup.zip"): the
        # documentation speaks of its kind, by the extension ("*.orig backup files"), and
        # never of the asker's name for it.
        files = [m for f in analysis.scene if (m := _FILE_NAME.fullmatch(f))]
        made_up |= ({w for m in files for w in words(m.group(1))} - named
                    - {w for m in files for w in words(m.group(2))})
        # The library class the asker's own is based on (`class Closeable(Protocol)`) is
        # what the documentation knows the asker's class as: what "it" of "How do I get
        # isinstance to work with it?" is, told in the setting or not.
        based_on = {w for b in own_class_bases(analysis.text) for w in words(b)}
        out: dict[str, float] = {}
        for word, s in zip(content, stems, strict=True):
            weight = max(idf.get(s, 3.0), 0.3)
            if word in based_on and word not in focus_words:
                out[word] = weight * SUBJECT_WEIGHT
                continue
            if word in told and word not in focus_words and word not in named:
                weight *= SETUP_WEIGHT
            if (len(word) == 1 or word in made_up) and word not in named:
                weight *= VAGUE_WEIGHT  # a name the asker made up ("del x", "self.__token")
            elif word in focus_words:
                weight *= FOCUS_WEIGHT
            elif (word in analysis.quantifiers or word in analysis.excluded
                  or word == analysis.items and word in _GENERIC_ITEMS):
                # "different ways"; what "Besides ..." sets aside; the "choices" of "What
                # choices do I have for ...?", which a list of them need not call so.
                weight *= VAGUE_WEIGHT
            elif word in analysis.subject and word not in VAGUE:
                weight *= SUBJECT_WEIGHT
            elif word in VAGUE or word in VERBS:
                weight *= VAGUE_WEIGHT
            out[word] = weight
        # A long story before a short question ("Our monitoring tool polls Apache every
        # minute and has to parse the figures rather than scrape an HTML table. How do I
        # get the status in a form a script can read?") weighs no more than SETUP_SHARE of
        # what the asking sentence asks, however many words it takes to tell.
        # (Where the asking sentence says nothing of its own, "How was that possible?",
        # the story is the question.)
        setup = [w for w in out if w in told and w not in focus_words and w not in named
                 and w not in based_on]
        setup_total = sum(out[w] for w in setup)
        asked_total = sum(out.values()) - setup_total
        says = any(w not in setup and w not in VAGUE and w not in VERBS for w in out)
        if setup and says and setup_total > SETUP_SHARE * asked_total > 0:
            scale = SETUP_SHARE * asked_total / setup_total
            for w in setup:
                out[w] *= scale
        return out

    @staticmethod
    def required(analysis: QuestionAnalysis) -> QuestionAnalysis:
        """The analysis with only the names an answer must carry as written.

        Code-like names (``core.fileMode``, ``--force``, ``[L]``, ``HTTP/3``, quoted
        terms) must appear. Plain words that are only capitalised ("Redirect", "HTTPS",
        "Git") weigh double but are not required: documentation says "SSL" where a
        question says "HTTPS". A capitalised word the asker writes as code is code: the
        directive of `Alias /docs /srv/docs`.
        """
        kept = [(f, w) for f, w in zip(analysis.focus, analysis.focus_words, strict=True)
                if (not PLAIN_NAME.fullmatch(f) or marked_as_code(f, analysis.text))
                and f not in analysis.scene]
        if len(kept) == len(analysis.focus):
            return analysis
        return replace(analysis, focus=tuple(f for f, _ in kept),
                       focus_words=tuple(w for _, w in kept))

    def crux(self, analysis: QuestionAnalysis, weights: dict[str, float],
             plain_names: frozenset[str] = frozenset()) -> str | None:
        """The question's most specific word, which an answer must carry.

        Its rarest focus word, else its rarest content word that is not a framing word
        or a verb, when rare enough to be required. Not a plain name's word (``plain_names``:
        "Apache", "Python", which no answer must carry either) or a placeholder's word
        ("<name>", "--depth=N"): it stands for the asker's value.
        """
        # What only sets the scene ("self.__token", "'missing'") is never required; unless
        # the asking sentence names nothing of its own and points back at it ("How should
        # this be set up?"): then the setting is what it asks about.
        shown = {w for f in analysis.scene for w in words(f)} - {
            w for f in analysis.focus if f not in analysis.scene for w in words(f)}
        if SAYS_NOTHING.fullmatch(asked_sentence(analysis.text).strip()):
            shown = set()
        # (Not a module the question names as a word: every entry of it says it.)
        focus_words = [w for f, toks in zip(analysis.focus, analysis.focus_words, strict=True)
                       if f not in analysis.scene and f not in analysis.modules
                       for w in toks if w in weights]
        if focus_words:
            return max(focus_words, key=lambda w: weights[w])
        # Code the question writes out, named in the reference's terms (`self.__token`: a
        # private name; `case RED:`, a capture pattern): that construct is what it asks
        # about, not a plain word of its telling ("attribute").
        implied = [w for w in analysis.implied if w in weights and len(w) >= 3
                   and w not in VAGUE and w not in plain_names]
        if implied:
            return max(implied, key=lambda w: weights[w])

        placeholders = {w for m in _VALUE_PLACEHOLDER.finditer(analysis.text)
                        for w in words(m.group(1) or m.group(2))}
        # Verbs the question is worded with, known by where they stand.
        worded = {m.group(1).lower() for m in _VERB_PLACE.finditer(analysis.text)}
        # Nor a name the asker's code makes up, or the keyword that only defines it there
        # (`def connect(host, *, timeout=10)`): the documentation says neither.
        own_code = _own_code_words(analysis.text)

        def plain(w: str) -> bool:
            return (w not in VAGUE and w not in VERBS and w not in UNSPECIFIC
                    and w not in PEOPLE
                    and w not in plain_names
                    and w not in placeholders and w not in worded
                    and w not in analysis.quantifiers and w not in analysis.implied
                    and w not in analysis.setting and w not in own_code
                    and len(w) >= 3
                    and not w.endswith(("ed", "ing")) and w not in shown)

        subject = [w for w in analysis.subject if w in weights and plain(w)
                   and weights[w] / SUBJECT_WEIGHT >= CRUX_IDF]
        if subject:
            return max(subject, key=lambda w: weights[w])
        # What the asker acts on ("How do I get the status in a form a script can read?"),
        # not a word of the manner it wants it in: the head of its noun phrase, when rare
        # enough to be required.
        head = analysis.acted_on[-1] if analysis.acted_on else ""
        if head in weights and plain(head) and weights[head] >= CRUX_IDF:
            return head
        # Not a word only the asker's setting says ("checksums" of "I'm storing checksums
        # in a text column. What's the difference between ...?"): the asking sentence's.
        told = setting_words(analysis.text)
        pool = [w for w in weights if plain(w) and w not in told]
        # Nor a word of the ways the asker names ("... both by clicking the column titles"),
        # where the asking sentence has another.
        pool = [w for w in pool if w not in manner_words(analysis.text)] or pool
        if not pool:
            return None
        best = max(pool, key=lambda w: weights[w])
        return best if weights[best] >= CRUX_IDF else None

    def judge(
        self, analysis: QuestionAnalysis, evidence: list[Evidence], context: str = "",
        plain_names: frozenset[str] = frozenset(),
    ) -> list[Judgement]:
        """Every quotable candidate of the evidence judged against the question, best first.

        ``plain_names``: the words of the question's plain names ("Apache", "Python"),
        which an analysis given as ``required`` no longer holds as focus.
        """
        weights = self.weights(analysis)
        # A synonym said for a question's word weighs as the rarer of the two.
        asked_stems = {stem(w) for w in weights}
        said_instead = {t for s in asked_stems for t in _SYNONYMS.get(s, ())}
        idf = self._idf(sorted(asked_stems | said_instead)) if said_instead else {}
        synonym_share = {(s, t): min(1.0, idf[t] / idf[s]) for s in asked_stems
                         for t in _SYNONYMS.get(s, ())}
        # The names asked about, required or not; a command's page name ("git-push") is
        # where to look, and its words ("git push") are still the question's to cover.
        # (Not a module named as a plain word: its entries' titles say it, as a word.)
        named_words = {w for f, toks in zip(analysis.focus, analysis.focus_words, strict=True)
                       if not is_hyphenated_name(f) and f not in analysis.modules for w in toks}
        required = self.required(analysis)
        plain_names = plain_names | plain_name_words(analysis, required)
        analysis = required
        total = sum(weights.values()) or 1.0
        # The kind nouns the question puts after each name ("<Location>": "block").
        kinds_of = {f: [k for k in name_kinds(analysis.text, [f]) if k in analysis.kinds]
                    for f in analysis.focus}
        focus_words = {w for f in analysis.focus_words for w in f}
        # A command's words ("git ls-tree"): a span that says nothing else of the question
        # names the command and answers nothing about it. (A word the question also says
        # apart from the command, "the commit" of "Will the commit now show me as its
        # author?", is still the question's.)
        commands = [toks for f, toks in zip(analysis.focus, analysis.focus_words, strict=True)
                    if is_hyphenated_name(f)]
        unnamed = analysis.text.lower()
        for toks in commands:
            unnamed = re.sub(r"(?<![\w-])" + r"[\s-]+".join(map(re.escape, toks)) + r"(?![\w-])",
                             " ", unnamed)
        said_apart = set(words(unnamed))
        command_words = {w for toks in commands for w in toks if w not in said_apart}
        # The rest of the question is what it asks beyond its names, a command's among them:
        # "git ls-tree" said on ls-tree's page is not yet "how big each file is".
        rest_named = named_words | command_words
        # (A question of what a thing is, or of how two things differ, is answered by their
        # names' lines.)
        names_asked = analysis.answer_type not in ("definition", "comparison")
        rest_total = sum(w for word, w in weights.items() if word not in rest_named)
        crux = self.crux(analysis, weights, plain_names)
        crux_stems = frozenset({stem(crux)} if crux else ())
        # A crux no source found says in any form ("blow up", "air-gapped") is the asker's
        # own word for what the documentation says otherwise.
        # So is one that only passages about something else say ("If you blow the index
        # away entirely" for "Why can a merge in a shallow clone blow up into conflicts?").
        other_weights = {stem(w): weights[w] for w in weights if w != crux}
        other_total = sum(other_weights.values()) or 1.0

        def says_crux_of_question(source: Source) -> bool:
            said = said_stems([source])
            return bool(crux_stems & said) and sum(
                v for s, v in other_weights.items() if s in said) / other_total >= CRUX_COMPANY

        unsaid_crux = bool(crux) and not any(says_crux_of_question(e.source) for e in evidence)
        # Where the crux is the asker's own word, the words specific enough to have been the
        # crux in its place are required ("share" and "certificates" of "Can several HTTPS
        # sites with different certificates share one IP address ...?"): the rest of the
        # question said without them is not what was asked.
        next_cruxes: list[str] = []
        while unsaid_crux and len(next_cruxes) < 4:
            left = {w: v for w, v in weights.items() if w != crux and w not in next_cruxes}
            runner_up = self.crux(analysis, left, plain_names)
            if runner_up is None or weights[runner_up] < CRUX_IDF:
                break
            next_cruxes.append(runner_up)
        # A comparison's two sides are its first two names; one span may carry one side.
        several = analysis.answer_type == "comparison" and len(analysis.focus) >= 2
        # Whether a thing can do something ("Can faulthandler dump ...?"; not "Can I ...").
        asks_ability = analysis.answer_type == "yesno" and bool(
            _ABILITY_Q.match(asked_sentence(analysis.text)))
        n_sides = side_count(analysis.focus) if several else 0
        sides = (analysis.sides if not several and analysis.answer_type == "comparison"
                 else ())
        side_tokens = [words(" ".join(side)) for side in sides]
        side_words = {w for tokens in side_tokens for w in tokens}
        items = analysis.items
        items_stem = stem(items) if items else ""
        # What the list's items are called: "types", or what they are kinds of ("values" of
        # "What types of values ...").
        kind_of = _KIND_OF.search(asked_sentence(analysis.text)) if items else None
        listed_heads = {items_stem} | ({stem(kind_of.group(1).lower())} if kind_of else set())
        negated = {word: {p + word for p in ("un", "non", "non-")} for word in analysis.negated}
        # An agent noun stands for its verb: "handler" for "handled", "compiler" for "compiled".
        agent = {word: stem(word[:-1]) for word in weights
                 if len(word) > 5 and word.endswith(("er", "or")) and stem(word[:-1]) != stem(word)}
        asks_negated = bool(_NEGATION.search(analysis.text))
        outcome = outcome_seen(analysis.text) if analysis.answer_type == "reason" else ()
        # "Which settings don't work yet?": the list asked for is of what lacks something,
        # which a span must say ("is not implemented yet", "unsupported"); a list of
        # settings that says nothing of the kind answers another question.
        negated_list = (analysis.answer_type == "list"
                        and bool(_NEGATED_ASK.search(asked_sentence(analysis.text))))
        tie = tie_case(analysis.text)
        order = order_case(analysis.text)
        # What a how-many question counts ("lines" in "How many lines of source ...").
        counted_q = _COUNTED_Q.search(analysis.text) if analysis.answer_type == "number" else None
        counted = stem(counted_q.group(1).lower()) if counted_q else ""
        asking = asked_sentence(analysis.text)
        # "What is X?" (not "What do the marks in X's output mean?"): X's page opening says.
        what_is = analysis.answer_type == "definition" and bool(_WHAT_IS.match(asking))
        measured_q = (_MEASURED_Q.search(asking) or _AMOUNT_Q.search(asking)
                      if analysis.answer_type == "number" else None)
        measured = measured_q.group(1).lower() if measured_q else ""
        if measured not in weights or measured in focus_words:
            measured = ""
        # How long a thing waits, where an entry of the thing says it waits (of mod_ssl's
        # durations, SSLStaplingResponderTimeout's "Timeout for OCSP stapling queries"):
        # another of its durations is no answer, not even in the thing's own entry. Where
        # none does, the entry may say it in other words: "run the suggested command after
        # specified deciseconds" is how long Git waits.
        waited_q = _WAITED_Q.search(asking) if analysis.answer_type == "number" else None
        waited = waited_q.group(1).lower() if waited_q else ""
        waited_stems = {stem(waited)} | _SYNONYMS.get(stem(waited), frozenset())
        if waited not in weights or not any(
                all(focus_in(f, _Heading.of(e.source).text) for f in analysis.focus)
                and waited_stems & said_stems([e.source]) for e in evidence):
            waited = ""
        # A dimension asked ("How deep does Apache verify by default?") is said as one:
        # a depth, not the verification level another default sets.
        dimension_q = _DIMENSION_Q.search(asking) if analysis.answer_type == "number" else None
        dimension = (frozenset(stem(w) for w in _DIMENSIONS[dimension_q.group(1).lower()])
                     if dimension_q else frozenset())
        release_asked = asks_release(analysis.text)
        # What a yes/no question asks was done ("lines that were removed", "is it
        # committed"): its past participles, not the names it asks about.
        predicate = [w for w in words(asked_sentence(analysis.text))
                     if w in weights and len(w) > 4 and w.endswith("ed")
                     and w not in focus_words] if analysis.answer_type == "yesno" else []
        excluded = {stem(w) for w in analysis.excluded}
        verb_stems = ({stem(analysis.verb)} | _SYNONYMS.get(stem(analysis.verb), frozenset())
                      if analysis.verb else set())
        # "Do I have to tell it which protocol ...?" asks whether telling is needed: a span
        # that says what is needed ("no protocol argument is needed") answers it, one that
        # only says "tell" in another sense ("tell pickle how to decode") does not.
        needs_asked = analysis.answer_type == "yesno" and asks_need(analysis.text)
        # The question's words besides the names it asks about: a rule that says one of
        # them speaks of the asker's case.
        story_stems = frozenset(stem(w) for w in weights if w not in focus_words
                                and w not in VAGUE and w not in VERBS)
        # The case a question sets ("what happens to an exception that no handler catches",
        # "If continue runs inside a try block ..., does ..."): its words and their weight.
        case_words = _case_words(analysis, weights)
        scene_words = ({w for f in analysis.scene for w in words(f) if w in weights} - {
            w for f in analysis.focus if f not in analysis.scene for w in words(f)}) | {
            w for w in (*analysis.implied, *analysis.setting) if w in weights} | {
            # Where the question's code is named in the reference's terms (`def connect(host,
            # *, timeout=10)`: keyword-only parameters), the names that code makes up only
            # set the scene: an answer explains the construct, not the asker's names.
            w for w in (_own_code_words(analysis.text) if analysis.implied else ())
            if w in weights and w not in named_words}
        case_total = sum(weights[w] for w in case_words) or 1.0
        # The words that ask whether there may be more than one ("twice", "two objects",
        # "several"): a span that says there is only one answers them.
        several_asked = {w for w in weights if w in _SEVERAL_WORDS}
        # The bound a number question asks for ("the highest number chr() accepts"): a span
        # that writes it as an inequality ("0 <= i <= 0x10ffff") says which bound it is.
        bound_asked = {w for w in weights if _BOUND_Q.fullmatch(w)
                       } if analysis.answer_type == "number" else set()
        placed = placed_in(analysis.text, analysis.focus)
        entries_speak = (not several and len(analysis.focus) > 1
                         and analysis.answer_type in ("number", "procedure", "yesno"))
        context_stems = {stem(w) for w in words(context)
                         if w not in STOPWORDS and w not in QUESTION_WORDS} - {
            stem(w) for w in weights}
        top_score = max((e.score for e in evidence), default=1.0) or 1.0
        asked_things = named_things(analysis.text)
        asked_platforms = platforms_named(analysis.text)
        shown_code = code_pieces(analysis.scene)
        # A name the question's code calls on a variable of the asker's ("staff.sort(...)")
        # that analysis resolved to the method's entry (builtins.list.sort): that entry is
        # the question's own, not a rival of the variable's name.
        resolved = [f for f in analysis.focus if "." in f and f not in analysis.text]
        if resolved:
            lasts = {f.rsplit(".", 1)[1].lower() for f in resolved}
            asked_things = [a for a in asked_things if not (
                a.kind == "dotted" and a.parts[-1].lower() in lasts)] + [
                    _Named("dotted", tuple(f.split("."))) for f in resolved]
        lent = lent_focus(analysis.focus, evidence)
        lent_sections = option_sections(analysis.focus, evidence)
        # A plain word the asker quotes as a value ("the 'module' action") is named by the
        # span that says it, not by a passage that used the word earlier for something
        # else ("The 'module' argument is to specify an alternative module ...").
        quoted_values = [bool(re.fullmatch(r"[a-z]+", f)) and re.search(
            rf"['\"‘“]{re.escape(f)}['\"’”]", analysis.text) is not None
            for f in analysis.focus]
        # What a question about a default value asks the default of: its words outside
        # the names ("protocol" of "Which protocol does pickle.dumps use if I don't pick
        # one?").
        focus_names = {w for f in analysis.focus for w in words(f)}
        default_words = [w for w in words(asked_sentence(analysis.text)) if w in weights
                         and w not in focus_names and w not in VAGUE and w not in VERBS
                         ] if analysis.answer_type == "number" and (
                             _OMITTED_Q.search(analysis.text) or re.search(
                                 r"\bdefault|\bout of the box\b", analysis.text, re.I)) else []
        out: list[Judgement] = []
        # The term a definition question asks about in plain words ("a dangling object").
        term_stems = ({stem(w) for w in analysis.subject}
                      if analysis.answer_type == "definition" and len(analysis.subject) >= 2
                      and all(_PLAIN_CAPITALISED.fullmatch(f) for f in analysis.focus)
                      else set())

        # Of a comparison's names after its sides, one written capitalised that is no name
        # of code ("Checking an API key with `==` versus with ...", "Git", "Python") says
        # where the asker compares them: an answer need not carry it.
        extra_plain = [bool(_PLAIN_CAPITALISED.fullmatch(f)) for f in analysis.focus[n_sides:]]

        def names_focus_of(hits: list[bool]) -> bool:
            """Every name is named, of a comparison's sides one at least."""
            if several:
                return any(hits[:n_sides]) and all(
                    h or plain for h, plain in zip(hits[n_sides:], extra_plain, strict=True))
            return all(hits)

        # A span without a value does not even partly answer a number question, nor one
        # that tells nothing to do a how-do-I question.
        strict = analysis.answer_type in ("number", "procedure")

        def match(span_words: frozenset[str], span_stems: frozenset[str],
                  heading: _Heading, in_title: float = IN_TITLE) -> dict[str, float]:
            found: dict[str, float] = {}
            for word in weights:
                s = stem(word)
                if _inflections(word) & span_words:
                    m = EXACT
                elif word in negated and any(
                        _inflections(alt) & span_words for alt in negated[word]):
                    m = EXACT
                elif s in span_stems or agent.get(word, "") in span_stems:
                    m = STEMMED  # "handler" is what "handled" it
                elif said_for := _SYNONYMS.get(s, frozenset()) & span_stems:
                    # "run" is "executed"; a word the documentation uses everywhere
                    # ("client" for "visitors") tells as little as it does there.
                    m = STEMMED * max(synonym_share[(s, t)] for t in said_for)
                elif word in heading.section_words or s in heading.section_stems:
                    # A name the question asks about, heading the passage: the passage is
                    # its own documentation.
                    m = EXACT if word in named_words else IN_SECTION
                elif _variant(s, span_stems):
                    m = VARIANT
                elif word in heading.title_words or s in heading.title_stems:
                    m = (EXACT if word in named_words else
                         IN_SECTION if word in heading.title_head else in_title)
                else:
                    m = 0.0
                found[word] = m
            return found

        def cover(found: dict[str, float], denominator: float,
                  unsaid: float = 0.0) -> tuple[float, float]:
            got = sum(m * weights[w] for w, m in found.items())
            rest_got = sum(m * weights[w] for w, m in found.items() if w not in rest_named)
            rest_of = rest_total - unsaid
            return (min(1.0, got / (denominator or 1.0)),
                    min(1.0, rest_got / rest_of) if rest_of > 0 else 1.0)

        # The pages with a section of a focus's own ("CacheFile Directive" on mod_file_cache's
        # page): their summary speaks of what the page documents, the focus among it ("You
        # cannot use this for speeding up CGI programs").
        entry_headings = [(e.source.title, _last_heading(e.source)) for e in evidence]
        homes = {f: {title for title, last in entry_headings if last and focus_in(f, last)}
                 for f in analysis.focus}
        # The commands the question names by their manual pages ("git-branch" of "git
        # branch -m feature main").
        named_pages = {f for f in analysis.focus
                       if any(manual_page(e.source.title) == f for e in evidence)}
        page_topics = _page_topics(context, evidence, self._idf)
        for ev in evidence:
            source = ev.source
            heading = _Heading.of(source)
            page_topical = page_topics.get(id(source), 0.0)
            last = QUALIFIED_NAME.fullmatch(source.title.strip())
            if last and re.search(rf"(?<![\w.]){re.escape(last.group(1))}(?![\w(])",
                                  analysis.text):
                # An entry titled by the name the question writes ("logging.Handler" for
                # "What does a logging Handler do ...?") is that name's own, all through.
                heading = replace(heading, title_head=heading.title_words)
            rivalled_here = rivalled(asked_things, source)
            elsewhere = other_platform(asked_platforms, f"{source.title} {source.section}")
            # An entry that says it is deprecated ("This method is deprecated in favor of
            # loader.exec_module()") tells how things were done, not how they are done: its
            # "The module must be added to sys.modules ..." does not say what sys.modules
            # is for. (Unless the question names that entry, or asks about what is old.)
            legacy = (not release_asked and _DEPRECATED_ENTRY.search(source.text) is not None
                      and not any(focus_in(f, source.title) for f in analysis.focus))
            focus_in_heading = [(focus_in(f, heading.text) and not (
                # A function the question calls ("vars()") is not named by a signature's
                # parameter of that name ("get(section, option, *, vars=None)").
                f in analysis.calls and _only_as_parameter(f, heading.text)))
                                or _member_section(f, source.section)
                                for f in analysis.focus]
            # An option of the command asked about is not named by another command's entry
            # that has an option of that name: git-log's "git log -p -m --first-parent" is
            # not git branch's -m.
            other_page = bool(named_pages) and manual_page(source.title) not in named_pages
            if other_page:
                focus_in_heading = [h and not f.startswith("-")
                                    for f, h in zip(analysis.focus, focus_in_heading,
                                                    strict=True)]
            # (An entry of a module the question names speaks of the module, but is not the
            # module's own answer: lzma.LZMACompressor's is not the answer to any question
            # about lzma.)
            home_here = [source.title in homes[f]
                         and _PAGE_SUMMARY.fullmatch(source.section.strip()) is not None
                         for f in analysis.focus]
            module_here = [f in analysis.modules and module_entry(f, source.title) or home
                           for f, home in zip(analysis.focus, home_here, strict=True)]
            home_words = {w for f, toks, home in zip(analysis.focus, analysis.focus_words,
                                                     home_here, strict=True) if home
                          for w in toks}
            # (A member's entry speaks of its class, but is not the class's own entry.)
            member_of = [_member_entry(f, source.title) for f in analysis.focus]
            members = [member_name(f, source.title) for f in analysis.focus]
            entry_heading = _last_heading(source)
            # A page's list of its known bugs has no answer's shape, but for why something
            # goes wrong: "Older documentation ... may still say things like ... file
            # exists" does not tell whether pack-refs packs branches.
            known_bugs = (analysis.answer_type != "reason"
                          and _BUGS_SECTION.fullmatch(entry_heading) is not None)
            # A section headed by the family the focus names belong to is their entry, but
            # a span there still names the member it is about.
            family_heading = [_family_heading(f, entry_heading) for f in analysis.focus]
            option_entry = entry_heading if entry_heading.startswith("-") else ""
            # Of several names asked about (not compared), the one whose own entry this is
            # ("SSLFIPS Directive", "builtins.dir", git-config's protocol.version): there
            # the others are where the asker meets it ("inside <VirtualHost *:443>", "git
            # fetch", "on a class"), and the entry need not name them.
            # (Not the entry of the place the asker puts the other in: <VirtualHost>'s
            # does not say where SSLFIPS may be set. Only for a value, steps or a yes or
            # no, which an entry says in so many words: any sentence of ErrorDocument's
            # entry would tell "what happens" in a <Directory> block.)
            # (Nor of a name that is a plain word, "read" of `gzip.open(...).read()`.)
            entry_of = [entries_speak and f not in placed and not (f.isalpha() and f.islower())
                        and not (other_page and f.startswith("-"))
                        and _entry_is(entry_heading or source.title, f) for f in analysis.focus]
            section_lent = lent_sections.get((_page(source), entry_heading.lower()), set())
            lent_here = [f in lent.get(_entry_key(source), ()) or f in section_lent
                         for f in analysis.focus]
            templated_here = [_templated_in(f, entry_heading) for f in analysis.focus]
            # A page titled by what the question names ("The "continue" statement") is
            # about it all through: its title's words count as a section heading's.
            in_title = IN_SECTION if any(focus_in(f, source.title) for f in analysis.focus
                                         ) else IN_TITLE
            cands = self.candidates(source)
            if not cands:
                continue
            # The entry of the name asked about is one of the kind the question says it is
            # ("the dataclass decorator": dataclasses.dataclass's docstring need not say
            # "decorator"), and only of that name's kind ("a try block with a finally
            # clause": the finally clause's entry need not say "block").
            kinds_here = [k for f in analysis.focus if heads_entry(source, f)
                          for k in kinds_of[f]]
            # The passage as a whole: a sentence that answers often does not repeat the
            # question's words that the sentences around it (or its headings) carry.
            passage_words = frozenset().union(*(c.words for c in cands))
            passage_stems = frozenset().union(*(c.stems for c in cands))
            passage_cov, passage_rest = cover(
                match(passage_words, passage_stems, heading, in_title), total)
            # A section whose heading names both sides ("Name-based vs. IP-based
            # Virtual Hosts") is where the comparison is made; the first sentence of a
            # section headed by one side describes that side.
            sides_headed = [_side_in(side, source.section, heading.section_stems)
                            for side in sides]
            compares_here = bool(sides) and all(sides_headed)
            side_here = compares_here or (any(focus_in_heading[:2]) if several
                                          else any(sides_headed))
            # What the passage's headings say it is about: its section path counts fully,
            # its document title at a third.
            titled = {w for w in weights
                      if w in heading.title_words or stem(w) in heading.title_stems}
            heading_share = sum(
                weights[w] * (1.0 if (w in heading.section_words or w in heading.title_head
                                      or stem(w) in heading.section_stems) else
                              (1 / 3 if w in titled else 0.0))
                for w in weights) / total
            # A manual page's name line and the share of the question its title carries.
            manual = manual_page(source.title)
            name_line = f"{manual} - " if manual else ""
            title_share = sum(weights[w] for w in titled) / total if manual else 0.0
            unit_cover: dict[int, float] = {}
            for cand in cands:
                text = cand.text
                said_words, said = cand.words, cand.stems
                box = cand.kind == "table" and bool(_KEY_VALUE_ROWS.fullmatch(text.strip()))
                if box:
                    # A reference box's bookkeeping rows ("Compatibility: rate-initial-burst
                    # available in httpd 2.4.24 and later") say when and where a thing is
                    # available, not what it is or does: their words are not its answer.
                    kept = _BOOKKEEPING_ROW.sub("", text)
                    said_words = frozenset(words(kept))
                    said = frozenset(stem(w) for w in said_words)
                found = match(said_words, said, heading, in_title)
                if several_asked and (_ONE_ONLY.search(text) or _MANY_SAID.search(text)):
                    # "Can I call register_instance() twice ...?": "Only one instance can
                    # be installed at a time." says how many, in the other direction; "the
                    # same header twice" is "multiple matching headers".
                    for w in several_asked:
                        found[w] = max(found.get(w, 0.0), STEMMED)
                for w in home_words & found.keys():
                    found[w] = max(found[w], IN_SECTION)
                if bound_asked and _BOUND_STATED.search(text):
                    for w in bound_asked:
                        found[w] = max(found.get(w, 0.0), STEMMED)
                for kind_word in kinds_here:
                    found[kind_word] = max(found.get(kind_word, 0.0), IN_SECTION)
                aside = bool(excluded & cand.stems) and cand.kind not in ("list", "table")
                if aside:
                    # A span about what the asker set aside ("Besides plain variable
                    # names, ...") does not answer by naming it; a list may name it among
                    # the others asked for.
                    # (Only the words it weighs: "values" of "Apart from the values to
                    # print" is set aside, not a content word of the question.)
                    found.update(dict.fromkeys(found.keys() & set(analysis.excluded), 0.0))
                if not any(found.values()):
                    continue
                if not quotable(text) and cand.kind not in ("list", "table"):
                    continue
                before = source.text[:cand.end]
                # A span that says what the question's code is ("A capture pattern binds
                # the subject value to a name" for `case RED:`) speaks of its keyword.
                said_code = bool(analysis.implied) and all(
                    found.get(w) for w in analysis.implied)
                # (An operator counts only in the span or its headings: a grammar rule
                # earlier in its passage writes every operator of its kind.)
                focus_hits = [h or o or u or focus_in(
                    f, text if _is_operator(f) or q else before, heading.text)
                              or said_code and f.lower() in _CODE_KEYWORDS
                              or bool(m) and cand.kind != "table" and _as_written(m, text)
                              for f, h, o, m, q, u in zip(analysis.focus, focus_in_heading,
                                                          member_of, members, quoted_values,
                                                          module_here, strict=True)]
                for i, f in enumerate(analysis.focus):
                    if (focus_hits[i] and f in analysis.calls and not focus_in_heading[i]
                            and not member_of[i] and not module_here[i]
                            and source.title.rsplit(".", 1)[-1] != f
                            and not _called(f, before)):
                        # "On input, if newline is None, ..." in io.TextIOWrapper's entry
                        # speaks of input, not of input() the question calls.
                        focus_hits[i] = False
                        continue
                    if (focus_hits[i] and not focus_in_heading[i]
                            and (not members[i] or members[i].endswith("("))
                            and (QUALIFIED_NAME.fullmatch(f) or "_" in f.strip("_")
                                 or is_hyphenated_name(f) or f.startswith("-"))
                            and _in_passing(f, before)):
                        # "... describe fields, similar to dataclasses.field()": named to
                        # compare with, the name is not what the passage is about.
                        focus_hits[i] = False
                for i, toks in enumerate(analysis.focus_words):
                    if lent_here[i] or templated_here[i]:
                        # The entry the name's own sends the reader to speaks for it; the
                        # entry of its family ("fsck.<msg-id>" for "fsck.badEmail") says
                        # it in the family's terms.
                        focus_hits[i] = True
                        for w in toks:
                            found[w] = max(found.get(w, 0.0), IN_SECTION)
                if not kinds_here:
                    # Nor need a span that names the thing asked about ("a <Location>
                    # block": "never use <Location> when ..."), though it counts for less.
                    # Written as asked: "UUID" the class is not "the uuid module".
                    for f in analysis.focus:
                        for kind_word in kinds_of[f] if _as_written(f, text) else ():
                            found[kind_word] = max(found.get(kind_word, 0.0), IN_TITLE)
                by_shape = False
                for f, toks, hit in zip(analysis.focus, analysis.focus_words, focus_hits,
                                        strict=True):
                    if hit and valued_shape(f):
                        # "HEAD~2" named as "<rev>~[<n>]": its words ("head", "2") are
                        # said in the symbol's own terms.
                        for w in toks:
                            found[w] = max(found.get(w, 0.0), STEMMED)
                        by_shape = by_shape or next(_hits(f, f"{text} {heading.text}"),
                                                    None) is None
                # A name that only sets the scene ("Why do I get a TypeError ...") counts
                # where a span says it and is not missing where it does not.
                unsaid = sum(weights[w] for w in scene_words if not found.get(w))
                denominator = total - unsaid
                if several:
                    # One side of a comparison per span: the other side's name is not
                    # missing from it (another span carries that side).
                    named = {w for hit, toks in zip(focus_hits, analysis.focus_words,
                                                    strict=True) if hit for w in toks}
                    other = {w for hit, toks in zip(focus_hits, analysis.focus_words,
                                                    strict=True) if not hit for w in toks
                             if not found.get(w) and w not in named}
                    denominator -= sum(weights.get(w, 0.0) for w in other)
                side_named = False
                if sides:
                    # The same for sides named in plain words ("bisque" and "glaze").
                    hit_sides = [any(found.get(w) for w in tokens) for tokens in side_tokens]
                    side_named = any(hit_sides)
                    if side_named:
                        denominator -= sum(weights.get(w, 0.0) for tokens, hit in
                                           zip(side_tokens, hit_sides, strict=True) if not hit
                                           for w in tokens if not found.get(w))
                own_cov, own_rest = cover(found, denominator, sum(
                    weights[w] for w in scene_words
                    if not found.get(w) and w not in named_words
                    # What the question's code is ("sequence pattern" for `case [a, b]:`):
                    # a span that does not say it has not said what the question is about.
                    and w not in analysis.implied))
                coverage = max(own_cov, CONTEXT_SHARE * passage_cov
                               + (1 - CONTEXT_SHARE) * own_cov)
                rest = max(own_rest, CONTEXT_SHARE * passage_rest
                           + (1 - CONTEXT_SHARE) * own_rest)
                matched = [w for w, m in found.items() if m]
                missing = [w for w, m in found.items() if not m]
                about = heading_share
                if name_line and text.startswith(name_line):
                    # "git-rerere - Reuse recorded resolution of conflicted merges": the
                    # page's title said out, what the whole page is about.
                    about = title_share
                focus_found = (not analysis.focus or names_focus_of(focus_hits)
                               or any(h and e for h, e in zip(focus_hits, entry_of,
                                                              strict=True)))
                crux_found = crux is None or found.get(crux, 0.0) not in (0.0, VARIANT) or (
                    any(focus_hits) and crux in focus_words) or own_rest >= CRUX_WAIVED or (
                    side_named and crux in side_words) or (
                    # The rest of the question said, the crux nowhere: the span may answer.
                    unsaid_crux and crux is not None and sum(
                        m * weights[w] for w, m in found.items()) / max(
                            denominator - weights[crux], 1e-9) >= CRUX_WAIVED
                    and all(found.get(w, 0.0) not in (0.0, VARIANT) for w in next_cruxes))
                if measured and found.get(measured, 0.0) in (0.0, VARIANT):
                    crux_found = False  # a size, but of something else
                # A value, but of another quantity than the one asked: not how long it
                # waits, not a depth ("How deep does it verify?").
                other_quantity = (bool(waited) and found.get(waited, 0.0) in (0.0, VARIANT)
                                  or bool(dimension) and not dimension & cand.stems)
                if other_quantity:
                    crux_found = False
                # The share of the question one unit of the span (a sentence, an item)
                # carries by itself: an answer says it in one place, not spread out.
                tight = 0.0
                for unit in cand.units:
                    got = unit_cover.get(id(unit))
                    if got is None:
                        got = unit_cover[id(unit)] = cover(
                            match(unit[0], unit[1], heading, in_title), total)[0]
                    tight = max(tight, got)
                # A release note ("Changed in version 3.2: ...") tells what changed, not
                # what a thing is or does, even where it opens its section.
                release_note = not release_asked and is_release_note(cand)
                if release_note and cand.leads_section:
                    cand = replace(cand, leads_section=False)
                # A sentence that only leads up to the paragraphs after it ("Deletion is
                # recursively defined very similar to ...") has no answer's shape.
                shape = 0.0 if cand.in_preamble else _fits(analysis, cand, text)
                # A comparison's side is a name too: its own entry speaks for that side.
                entry_own = bool(analysis.focus) and (names_focus_of(
                    [h or g for h, g in zip(focus_in_heading, family_heading, strict=True)]
                ) or any(entry_of))
                # A command's page is its own all through, but the entry of one of its
                # options the question does not name is that option's: "-l,
                # --files-with-matches" of git-grep's page says what -l does, not what git
                # grep does for the question.
                foreign_option = bool(option_entry) and not any(
                    focus_in(f, option_entry) for f in analysis.focus)
                if analysis.answer_type == "yesno" and not shape and tight >= YESNO_STATED and (
                        # (Not "Does ftplib use passive mode by default?" by a sentence that
                        # says nothing of a default: "Use passive or active mode ...")
                        not _default_unsaid(analysis.text, text)):
                    shape = 1 / 3  # one sentence says what the question asks: it answers it
                elif (asks_ability and not shape and tight >= ABLE_STATED and analysis.focus
                      and all(h or m or e for h, m, e in zip(focus_in_heading, module_here,
                                                             member_of, strict=True))):
                    # "Can faulthandler dump a running program's stack when it receives a
                    # signal?": the thing's own entry saying, with no word of doubt, that it
                    # does it ("Register a handler for the signal signum: dump the traceback
                    # ...") says it can.
                    shape = 1 / 3
                elif (analysis.answer_type == "reason" and not shape and analysis.focus
                      and all(focus_in_heading) and _caveat(text)):
                    # A name's own entry notes what its reader may not expect ("Note that
                    # tabs and spaces are both treated as whitespace, but they are not
                    # equal"): why it does what the asker did not expect.
                    shape = 1 / 3
                elif (analysis.answer_type in ("reason", "procedure") and not shape
                      and tight >= YESNO_STATED and _conditional(text)):
                    # "If clean.requireForce is not set to false, git clean will refuse to
                    # delete ... unless given -f": the condition is why it refuses; "If
                    # check is True and the exit code was non-zero, it raises a
                    # CalledProcessError": the condition is how to make it raise.
                    shape = 1 / 3
                elif (analysis.answer_type in ("reason", "procedure") and not shape
                      and cand.kind == "sentences" and entry_own and not foreign_option
                      and _states_rule(text, story_stems)):
                    # "Why is that column's name still None?" of __set_name__: its own
                    # entry's rule, "If the class variable is assigned after the class is
                    # created, __set_name__() will not be called automatically.", is the
                    # reason, though it retells none of the asker's story. And how to get
                    # what the asker wants of it: "If *return_exceptions* is True,
                    # exceptions in the tasks are treated the same as successful results"
                    # for "How do I get all the results back ...?" of asyncio.gather.
                    shape = 1 / 3
                elif (analysis.answer_type == "reason" and not shape and _conditional(text)
                      and _says_message(analysis.text, text)):
                    # "... 'Cannot fork' messages ... Why?": "If CGI processes are not
                    # running under user ids other than the web server user id, this
                    # directive will limit the number of processes that the server itself can
                    # create. Evidence of this situation will be indicated by cannot fork
                    # messages in the error_log." The condition is what brings about the
                    # message the asker quotes.
                    shape = REASONED
                elif (analysis.answer_type == "reason" and not shape and outcome
                      and focus_found and _states_outcome(text, outcome)):
                    # "get_source('mod') returns None. Why?": "... return None if the
                    # archive does contain the module, but has no source for it." The
                    # condition the entry gives for the outcome the asker saw is the reason.
                    shape = REASONED
                elif (analysis.answer_type == "procedure" and not shape
                      and _SETTING_EFFECT.match(text)
                      and _NAMED_SETTING.fullmatch(entry_heading)):
                    # "If specified, Apache httpd will not make the column headings ... into
                    # links for sorting." under SuppressColumnSorting: what setting that
                    # option does, which is how to get it done.
                    shape = 1 / 3
                if compares_here and side_named:
                    shape = 1.0  # one side, told in the section that sets the two apart
                described = analysis.answer_type == "definition" and (
                    bool(crux_stems) and names_after_describing(text, crux_stems)
                    # Or it marks the term asked about where the page introduces it.
                    or _introduces(analysis, text) is True)
                if described:
                    shape = 1.0  # what it is, then "This is called the racy Git problem"
                if known_bugs:
                    shape = 0.0
                fit = shape > 0 and not other_quantity
                topical = (len(context_stems & cand.stems) / len(context_stems)
                           if context_stems else 0.0)
                headed = any(focus_in_heading) or max(found.values()) >= IN_SECTION
                place = 0.08 if cand.leads_section and headed else 0.0
                if not place and cand.opens_section and headed:
                    place = OPENING_PLACE  # the rule, before the special cases
                # The first sentence of the name's own entry defines it; that of a side's
                # own section describes that side.
                if cand.leads_section and place and (
                        side_here or analysis.answer_type == "definition"
                        and analysis.focus and all(focus_in_heading)):
                    place *= 2
                length = 0.04 * max(0, len(text) - 450) / 450
                shaped = 0.0
                if term_stems and cand.kind == "term" and {
                        stem(w) for w in words(cand.source.section.split(SECTION_SEP)[-1])
                        if w not in STOPWORDS} == term_stems:
                    # "What is a dangling object?": the entry a glossary gives that very term
                    # defines it, before a passage that only speaks of such objects (even
                    # one opening a section so headed: "The git-fsck(1) command will
                    # sometimes complain about dangling objects.").
                    shaped += TERM_ENTRY
                if analysis.answer_type in ("list", "procedure") and cand.kind in ("list",
                                                                                   "table"):
                    # Steps are a procedure's own shape: a numbered list most of all.
                    shaped = 0.25 if analysis.answer_type == "list" or _STEPS.search(
                        text) else 0.1
                    if items and cand.units and items_stem in cand.units[0][1]:
                        shaped += 0.15  # its lead-in names what is asked for: "levels"
                    elif cand.kind == "list" and cand.units and cover(match(
                            cand.units[0][0], cand.units[0][1], _NO_HEADING), total
                    )[0] >= LEAD_IN_SHARE:
                        # Its lead-in says by itself what the question asks to list:
                        # "Dictionaries can be created by several means:".
                        shaped += 0.1
                    if box:
                        shaped -= 0.25  # a reference box describes one thing, lists none
                    if cand.kind == "list" and (first := _FIRST_NUMBERED.search(text)) and (
                            first.group(1) != "1"):
                        # A long numbered list's later part ("3. The name of an environment
                        # variable ...", under the lead-in again): the list asked for starts
                        # with its first item.
                        shaped -= 0.2
                elif (analysis.answer_type == "list" and items and cand.kind == "sentences"
                      and (lead := _PROSE_LIST.search(text)) is not None
                      and listed_heads & {stem(w) for w in words(lead.group(1))}):
                    # A list written as a sentence, its lead-in naming what is asked for:
                    # "The following types are supported: None, integers, ..." for "What
                    # types of values can it write?" reads as the list does.
                    shaped = 0.4
                if analysis.answer_type in ("list", "number") and not fit:
                    shaped -= 0.3  # without the shape asked for it cannot be the answer
                elif cand.kind == "table" and analysis.answer_type not in ("list", "number"):
                    shaped -= 0.2  # a reference box is not how a definition or reason reads
                elif analysis.answer_type == "definition" and cand.kind in ("list", "item"):
                    # A bullet qualifies what its section's prose defines ("Notes on using
                    # __slots__: • ..."); a definition reads as a sentence.
                    shaped -= LISTED_DEFINITION
                elif analysis.answer_type == "reason" and not fit:
                    # A span that gives no reason ("Return a copy of the string with trailing
                    # characters removed.") gives way to one that does, ranked close.
                    shaped -= UNREASONED
                # (A lone sentence that promises: one that says something first, "If no
                # status argument is given, ... 302. The status argument can be used to
                # return other HTTP status codes:", still says it.)
                dangling_here = cand.kind in ("sentences", "term") and dangles(cand)
                promise = dangling_here and len(sentence_spans(text.rstrip())) <= 1
                if cand.kind == "sentences" and asks_itself(text):
                    # "Suppose a car travels 40 km/hr for 5 km, ... What is the average
                    # speed?": a worked example's question; its answer comes after it.
                    dangling_here = promise = True
                if dangling_here or (cand.kind in ("list", "item")
                                     and cand.text.rstrip().endswith(":") and dangles(cand)):
                    # It promises what follows (code, a list) without it: a list whose last
                    # item leads up to the list nested under it too.
                    shaped -= 0.5
                elif cand.in_preamble:
                    shaped -= PREAMBLE  # it leads up to the paragraphs that say it
                # A case clause says the question's words in its own forms ("When an
                # exception is not handled at all" for "that no handler catches"): a word
                # said through its stem or a synonym counts as said.
                states_case = bool(case_words) and cand.kind == "sentences" and _states_case(
                    text, lambda case: sum(
                        (m / STEMMED if m == VARIANT else float(m > 0)) * weights[w]
                        for w, m in match(case[0], case[1], _NO_HEADING).items()
                        if w in case_words) / case_total, asks_negated)
                shows_code = cand.kind == "sentences" and _says_expression(shown_code, text)
                if shows_code and not states_case and analysis.answer_type in ("reason",
                                                                              "yesno"):
                    # "Note that mktime(gmtime(0)) will not generally return zero ..." for
                    # "`time.mktime(time.gmtime(0))` returns -3600.0. Why?": the asker's own
                    # call, told of in the text, is its case.
                    states_case = True
                elif shows_code:
                    # "... the local timezone to the value stored in os.environ['TZ']" for
                    # "the script does `os.environ['TZ'] = 'Europe/Berlin'`. What else do I
                    # have to do?": it speaks of what the asker did.
                    shaped += SHOWS_CODE
                if states_case or (analysis.answer_type == "comparison" and shape == 1.0
                                   and _argument_case(analysis, cand, text)):
                    shaped += 0.2  # the question's case in its own clause, then what follows
                if (sides or several) and _CONTRAST_RE.search(text):
                    # Both sides, set against each other in the span itself; a side its
                    # section is headed by may be "this directive" there.
                    said_here = ([_side_in(side, text, cand.stems) for side in sides] if sides
                                 else [focus_in(f, text) for f in analysis.focus[:2]])
                    titled_here = sides_headed if sides else focus_in_heading[:2]
                    if any(said_here) and all(n or h for n, h in zip(said_here, titled_here,
                                                                     strict=True)):
                        shaped += 0.15
                        # Two names set against each other ("This command performs the same
                        # actions as CLOSE, except that ..." in unselect's entry) are the
                        # comparison's case, stated: the asker's own telling ("when I'm done
                        # with a folder") need not be.
                        states_case = states_case or (several and shape == 1.0)
                if counted and _counts(counted, text):
                    shaped += COUNTED  # "How many lines ...?": "list 11 lines around ..."
                if tie and _EQUALITY.search(text):
                    shaped += 0.15  # "... that have the same count": "with equal counts"
                if order and _ORDER.search(text):
                    shaped += 0.15  # "does it try X before Y": "... is called before ..."
                if asks_negated and _NEGATION.search(text):
                    shaped += 0.1  # "no handler catches it": "when it is not handled"
                if cand.kind == "sentences" and _XREF.search(text):
                    shaped -= 0.3  # "See ... to help you decide": a pointer, not a finding
                if (what_is and fit and analysis.focus
                        and _INTRO_SECTION.fullmatch(source.section)
                        and any(focus_in(f, source.title) for f in analysis.focus)):
                    # "What is mod_mime_magic?": the opening of the page that documents it
                    # ("This module determines the MIME type of files ..."), before what a
                    # later section of that page defines ("The contents of the file are
                    # plain ASCII text in 4-5 columns."). (Not "What do the * and ! marks
                    # in git show-branch's output mean?", which its OUTPUT section tells, not
                    # its NAME line.)
                    shaped += PAGE_INTRO
                if described:
                    shaped += NAMED_AFTER
                elif analysis.answer_type == "definition" and _NAMING.search(text):
                    shaped -= 0.2  # it names what the question asks about, no more
                if (cand.kind == "sentences" and analysis.answer_type != "list"
                        and announces(text)):
                    shaped -= ANNOUNCED  # "There is one slight problem with ...": what?
                if release_note:
                    shaped -= 0.3
                if legacy:
                    shaped -= LEGACY_PENALTY
                if aside:
                    shaped -= 0.2
                if needs_asked:
                    if _NEED_SAID.search(text):
                        shaped += 0.15  # "do I have to tell it ...?": "... is needed"
                elif verb_stems and verb_stems & cand.stems:
                    shaped += 0.15  # "Do I have to delete ...?": "responsible for deleting"
                if by_shape:
                    shaped -= BY_SHAPE  # "@{-n}" names "@{-1}" less than "@{-1}" does
                rival = is_rival(rivalled_here, text)
                if rival:
                    shaped -= RIVAL_PENALTY  # os.path.split's entry for a str.split question
                if elsewhere:
                    # "Using Apache With Novell NetWare" for "On our Linux servers ...": the
                    # page tells of another operating system.
                    shaped -= RIVAL_PENALTY
                elif asked_platforms and any(m.group(1).lower() in asked_platforms
                                             for m in _ON_PLATFORM.finditer(text)):
                    shaped += 0.2  # "On Linux, this directive ...": the asker's own case
                elif other_platform(asked_platforms, text):
                    shaped -= 0.2  # "On platforms with a small stack (e.g., HP-UX)"
                if default_words and _states_default(default_words, text):
                    # "Which protocol does it use if I don't pick one?": "The default
                    # protocol is 4." says it in the fewest words, before a sentence that
                    # only mentions some default ("If buffer_callback is None (the default)").
                    shaped += 0.25
                parts = (coverage, rest, own_cov, shape, shaped, tight, float(focus_found),
                         float(crux_found), topical, ev.score / top_score, place, about,
                         -length, page_topical)
                rank = sum(w * x for w, x in zip(RANK_WEIGHTS, parts, strict=True))
                own = entry_own and not (
                    foreign_option
                    # (Unless it gives the value asked for: "How many clients can git
                    # daemon serve at once by default?" is --max-connections' "Maximum
                    # number of concurrent clients, defaults to 32.")
                    and not (analysis.answer_type == "number" and fit))
                out.append(Judgement(cand, coverage, rank, focus_found, crux_found, fit, rest,
                                     own, strict, matched, missing, tight, shape, rival,
                                     states_case, analysis.answer_type == "yesno",
                                     analysis.answer_type == "reason" and shape >= REASONED,
                                     (not predicate or any(
                                         found.get(w, 0.0) not in (0.0, VARIANT)
                                         for w in predicate))
                                     and (not negated_list
                                          or _says_lacking(text, crux_stems)),
                                     promise,
                                     analysis.answer_type == "procedure"
                                     and _tool_for(analysis, cand),
                                     names_asked and (
                                         bool(name_line) and text.startswith(name_line)
                                         or bool(command_words)
                                         and set(matched) <= command_words),
                                     parts))
        out.sort(key=lambda j: -j.rank)
        return out

    def _lacking(self, analysis: QuestionAnalysis, best: Judgement,
                 evidence: Sequence[Evidence] | None = None) -> str:
        """The question's words a passage lacks that matter, most specific first, quoted.

        Not "inside", "first", a framing verb ("see", "follow") or a contraction's stem
        ("don" of "don't"): '"people" or "preferred"'.
        """
        return _quoted(self._lacking_words(analysis, best, evidence))

    def _lacking_words(self, analysis: QuestionAnalysis, best: Judgement,
                       evidence: Sequence[Evidence] | None = None) -> list[str]:
        """The words ``_lacking`` quotes; a compound's word as the compound ("air-gapped")."""
        weights = self.weights(analysis)
        apostrophised = {m.group(1).lower() for m in re.finditer(r"\b(\w+)['’]\w\b",
                                                                 analysis.text)}
        # The asker's own example values ("'report.txt'.rstrip('.txt') gives 'repor'"):
        # no documentation says them, so their absence tells the reader nothing.
        named = {w for f in analysis.focus_words for w in f}
        outside = set(words(_QUOTED_VALUE.sub(" ", analysis.text)))
        examples = ({w for m in _QUOTED_VALUE.finditer(analysis.text)
                     for w in words(m.group(0))} - outside) | ({
                         w for m in _CODE_VALUE.finditer(analysis.text)
                         for w in words(m.group(0))} - named)
        # Nor do the words of what only sets the scene or is an example ("like MyFlag(8)").
        shown = ({w for f in analysis.scene for w in words(f)} - {
            w for f in analysis.focus if f not in analysis.scene for w in words(f)}) | set(
                example_words(analysis.text))
        own_code = _own_code_words(analysis.text)
        # "No source found uses the word X" must hold of every source, not the closest.
        said = (said_stems(e.source for e in evidence) if evidence is not None
                else frozenset())
        lacking = sorted((w for w in best.missing if w not in VAGUE and w not in VERBS
                          and w not in PEOPLE and w not in _STORY_AMOUNTS
                          and len(w) > 2 and w not in apostrophised and w not in examples
                          and w not in _EACH and stem(w) not in said
                          and w not in shown and w not in own_code),
                         key=lambda w: -weights.get(w, 0.0))
        # What the asking sentence says comes before the asker's story ("How can I hash it
        # without loading the whole file at once?" before "eats" and "video"). That no
        # source says a story word is never the reason a question stays open; that the
        # closest passage does not is one, when the asking sentence lacks nothing.
        told = setting_words(analysis.text)
        asked = [w for w in lacking if w not in told]
        lacking = (asked if evidence is not None else asked or lacking)[:3]
        compounds = compound_of(analysis.text)
        return list(dict.fromkeys(compounds.get(w, w) for w in lacking))

    @staticmethod
    def deciding(judged: list[Judgement]) -> Judgement | None:
        """The span a question's label rests on.

        The best that answers it, else the best that partly does (one that says what a
        yes/no question asks was done first), else the best there is.
        """
        at, first = next(((k, j) for k, j in enumerate(judged) if j.answers()), (0, None))
        if (first is not None and first.own and first.strict and first.rest < REST_OWN_STRICT
                and any(j.partly_answers() and not j.own for j in judged[:at])):
            # bz2.BZ2Decompressor's opening, "Create a decompressor object for decompressing
            # data incrementally.", answers by being its own entry; but for "How do I get
            # the output in chunks?" the span ranked above it, of decompress's max_length,
            # is the one that tells how, if only in part.
            first = None
        return (first
                or next((j for j in judged if j.partly_answers() and j.says_predicate), None)
                or next((j for j in judged if j.partly_answers()), None)
                or (judged[0] if judged else None))

    def label(self, analysis: QuestionAnalysis, judged: list[Judgement],
              evidence: Sequence[Evidence] = ()
              ) -> tuple[QuestionStatus, str, Judgement | None]:
        """The honest status of a question, why in plain words, and the deciding span."""
        analysis = self.required(analysis)
        best = AnswerJudge.deciding(judged)
        if best is None:
            return "unanswered", "no passage in the sources mentions it", None
        tie = tie_case(analysis.text)
        if tie and (best.answers() or best.partly_answers()) and not _answered_where(
                judged, lambda j: bool(_EQUALITY.search(j.candidate.text))):
            # "How does Counter.most_common order elements that have the same count?": its
            # entry says how it orders, not which comes first among equals.
            about = ", ".join(analysis.focus) or "it"
            speaks = next((j for j in judged[:40] if j.focus_found
                           and _EQUALITY.search(j.candidate.text)), None)
            if speaks is not None and quotable(speaks.candidate.text):
                if _TIE_STATED.search(speaks.candidate.text):
                    # "If there are multiple modes with same frequency, return the first one
                    # encountered": the case as its condition, then what holds in it.
                    return "answered", "", speaks
                return "partial", (f"the closest passage ({speaks.candidate.source.cite_title})"
                                   f" speaks of the case asked about (“{tie}”) but does not "
                                   f"read as a full answer"), speaks
            return "unanswered", (f"the sources found describe {about} but say nothing of "
                                  f"the case asked about (“{tie}”)"), best
        order = order_case(analysis.text)
        if order and (best.answers() or best.partly_answers()) and not _answered_where(
                judged, lambda j: bool(_ORDER.search(j.candidate.text))):
            # "Does Python try Meters.__radd__ before Length.__add__?": a passage that says
            # both are tried, and not which first, does not answer it.
            about = ", ".join(analysis.focus) or "it"
            return "unanswered", (f"the passages found that name {about} do not say in "
                                  f"which order (“{order}”)"), best
        kind = named_kind(analysis.text)
        if kind and (best.answers() or best.partly_answers()) and not _answered_where(
                judged, lambda j: _mentions(j.candidate.source, kind)):
            # "Which sorting algorithm does list.sort use?": list.sort's own entry says
            # how it sorts, but a passage that never speaks of an algorithm names none.
            about = ", ".join(analysis.focus) or "it"
            return "unanswered", (f"the sources found describe {about} but name no {kind}"
                                  ), best
        if best.answers():
            sides = comparison_sides(analysis)
            if sides:
                names = compared_names(analysis)
                absent = [name for name, names_it in zip(names, sides, strict=True)
                          if not any(j.answers() and names_it(j) for j in judged[:40])]
                if len(absent) == 1 and any(refines(name, absent[0]) for name in names):
                    # threading.BoundedSemaphore against threading.Semaphore: what the
                    # refined kind's entry says it does is what it does differently.
                    return "answered", "", best
                if absent:
                    return "partial", (f"the sources describe one side but say nothing "
                                       f"comparable about {', '.join(absent)}"), best
                told = [next(j for j in judged[:40] if j.answers() and names_it(j))
                        for names_it in sides]
                if len(told) == 2 and all(sum(n(t) for n in sides) == 1 for t in told
                                          ) and says_same(told[0].candidate.stems,
                                                          told[1].candidate.stems
                                                          ) and not contrast_pair(
                                                              analysis, judged):
                    # "Create and return a temporary file." opens both tempfile entries.
                    return "partial", (f"the passages found say the same of {names[0]} and "
                                       f"{names[1]}; none sets them apart"), best
                if (len(told) == 2 and told[0] is told[1]
                        and named_jointly(names, told[0].candidate.text)
                        and not _CONTRAST_RE.search(told[0].candidate.text)):
                    # "For FORMAT_XZ and FORMAT_ALONE, the default is to use the
                    # PRESET_DEFAULT preset level.": what holds of both is no difference.
                    return "partial", (f"the passages found speak of {names[0]} and "
                                       f"{names[1]} together; none sets them apart"), best
            return "answered", "", best
        asked = TYPE_NAMES.get(analysis.answer_type, "an answer")
        where = best.candidate.source.cite_title
        if best.partly_answers():
            if not best.fit:
                return "partial", (f"the closest passage ({where}) is about it but does "
                                   f"not give {asked}"), best
            # What another passage about the question says is not missing from the
            # answer the report gives: "statistics.stdev does not use the word pstdev" is no
            # reason where pstdev's own entry is quoted beside it.
            said = {w for j in judged[:PARTIAL_POOL] if j is not best and j.focus_found
                    and j.coverage >= PARTIAL for w in j.matched}
            lacking = self._lacking_words(analysis, replace(best, missing=[
                w for w in best.missing if w not in said]))
            if lacking:
                return "partial", (f"the closest passage ({where}) does not use "
                                   f"{_the_words(lacking)}"), best
            return "partial", f"the closest passage ({where}) answers it only in part", best
        named = [f for f in analysis.focus if any(names_focus(j, f) for j in judged[:60])]
        unnamed = [f for f in analysis.focus if f not in named]
        in_code = [f for f in unnamed if any(
            focus_in(f, e.source.text, f"{e.source.title} {e.source.section}")
            for e in evidence)]
        if in_code:
            return "unanswered", (f"the sources show {', '.join(in_code)} only in code "
                                  "examples or signatures, which are not quoted as findings"
                                  ), best
        if unnamed:
            return "unanswered", (f"none of the sources found mentions "
                                  f"{', '.join(unnamed)}"), best
        if not best.crux_found or best.rest < REST_PARTIAL:
            what = self._lacking_words(analysis, best, evidence)
            if what:
                # What was checked is words: the sources may say it in others, so the
                # reader is told where to look.
                return "unanswered", (f"no source found uses {_the_words(what)} (closest: "
                                      f"{where})"), best
        return "unanswered", (f"the sources touch on it, but no passage gives {asked}"
                              f" (closest: {where})"), best


# A message the asker quotes: three words or more in quotes ('refusing to update checked
# out branch: refs/heads/main', "ServerAdmin takes one argument").
_QUOTED_MESSAGE = re.compile(r"(?<![\w])(['\"“‘])([A-Za-z][^'\"“”‘’]*?\s[^'\"“”‘’]*?\s[^'\"“”‘’]*?)"
                             r"['\"”’](?![\w])")


# A message of two words or more the asker quotes: 'Cannot fork', "Permission denied".
_MESSAGE = re.compile(r"(?<![\w])(['\"“‘])([A-Za-z][\w,.:-]*(?: [\w,.:-]+)+)['\"”’](?![\w])")


# A module's or an object's name before a call: "time." of "time.gmtime(0)".
_QUALIFIER = re.compile(r"\b[a-z_]\w*\.(?=[A-Za-z_]\w*\()")


# A call with arguments (one level of calls inside them) or a subscript with a key.
_CODE_PIECE = re.compile(r"[A-Za-z_][\w.]*\((?:[^()]|\([^()]*\))+\)|[A-Za-z_][\w.]*\[[^\]]+\]")


def _page_topics(context: str, evidence: Sequence[Evidence],
                 idf: Callable[[list[str]], dict[str, float]]) -> dict[int, float]:
    """Per source, the share of the topic's subject its title and headings name.

    A topic titled "Pickle serialization" asks about pickle's pages: a sentence of
    posix.WIFCONTINUED's entry that happens to share the question's words ("job") is off
    the subject. Each subject word weighs by its rarity in the collection: "git" or
    "apache", which every page says, sets no page apart.
    """
    subject = sorted({stem(w) for w in words(context) if w not in STOPWORDS
                      and w not in QUESTION_WORDS and len(w) > 2})
    if not subject or not evidence:
        return {}
    rarity = idf(subject)
    total = sum(rarity.values())
    if total <= 0:
        return {}
    out: dict[int, float] = {}
    for e in evidence:
        named = {stem(w) for w in words(f"{e.source.title} {e.source.section}")}
        out[id(e.source)] = sum(rarity[s] for s in subject if s in named) / total
    return out


def code_pieces(scene: Sequence[str]) -> tuple[str, ...]:
    """The pieces of code the asker shows that a text may write again, as they are compared.

    Each call with arguments ("mktime(gmtime(0))" of `time.mktime(time.gmtime(0))`) and
    subscript with a key ("os.environ['TZ']" of `os.environ['TZ'] = 'Europe/Berlin'`),
    without spaces and without what qualifies each call, as documentation writes a module's
    functions by their bare names; eight characters or more.
    """
    pieces = (_QUALIFIER.sub("", m.group(0)) for shown in scene
              for m in _CODE_PIECE.finditer(re.sub(r"\s+", "", shown)))
    return tuple(dict.fromkeys(p for p in pieces if len(p) >= 8))


def _says_expression(pieces: Sequence[str], text: str) -> bool:
    """The text writes one of the asker's code pieces (``code_pieces``)."""
    if not pieces:
        return False
    said = _QUALIFIER.sub("", re.sub(r"\s+", "", text))
    return any(piece in said for piece in pieces)


def _says_message(question: str, text: str) -> bool:
    """The span says a message the question quotes, word for word."""
    said = " ".join(words(text))
    return any(f" {' '.join(words(m.group(2)))} " in f" {said} "
               for m in _MESSAGE.finditer(question) if len(words(m.group(2))) >= 2)


def quoted_message_words(question: str) -> frozenset[str]:
    """The words of the messages the question quotes."""
    return frozenset(w for m in _QUOTED_MESSAGE.finditer(question) for w in words(m.group(2)))


def _answered_where(judged: list[Judgement], says: Callable[[Judgement], bool]) -> bool:
    """Some span among the best answers the question, at least in part, and ``says``."""
    return any((j.answers() or j.partly_answers()) and says(j) for j in judged[:40])


def _quoted(words_: Sequence[str]) -> str:
    """'“shelves”, “rust” or “people”'."""
    quoted = [f"“{w}”" for w in words_]
    return ", ".join(quoted[:-1]) + " or " + quoted[-1] if len(quoted) > 1 else "".join(quoted)


def _the_words(words_: Sequence[str]) -> str:
    """'the word “rust”', 'the words “shelves” or “rust”'."""
    return ("the words " if len(words_) > 1 else "the word ") + _quoted(words_)


def span_stems(text: str, surface: list[str]) -> frozenset[str]:
    """The stems of a span's words, and of "un-" and each word it says "not" to.

    "does not support" says "unsupported", which is how a question may put it.
    """
    negated = [stem(f"un{m.group(1) or m.group(2)}") for m in _NOT_WORD.finditer(text.lower())]
    return frozenset(stem(w) for w in surface).union(negated)


def said_stems(sources: Iterable[Source]) -> frozenset[str]:
    """The stems of every word the sources say, in their text or their headings."""
    return frozenset().union(*(span_stems(text, words(text)) for text in (
        f"{src.title} {src.section} {src.text}" for src in sources)))


def plain_name_words(asked: QuestionAnalysis, required: QuestionAnalysis) -> frozenset[str]:
    """The words of the capitalised names ("Apache", "Python") ``required`` set aside.

    Not acronyms ("TLS", "HTTP"): they name a technology, not the product documented.
    """
    return frozenset(w for f, toks in zip(asked.focus, asked.focus_words, strict=True)
                     if f not in required.focus and _TITLECASE_NAME.fullmatch(f)
                     for w in toks)


_TITLECASE_NAME = re.compile(r"[A-Z][a-z]+(?: [A-Z][a-z]+)*")
_RELATIVE_MENTION = re.compile(r"\b(?:that|which|where|whom|whose)\s+([a-z][\w-]*)\s+"
                               r"([a-z][\w-]*)")


# A manual page's title in the NAME section's form: "ab - Apache HTTP server benchmarking
# tool", "htpasswd - Manage user files for basic authentication".
_PROGRAM_TITLE = re.compile(r"([a-z][a-z0-9]*) - \S")


# A program named this often in its collection (IDF) is the collection's own subject:
# "httpd" in the Apache manual, "git" in Git's, named on one text in ten or more.
OWN_PROGRAM_IDF = 3.0


def named_programs(question: str, evidence: Sequence[Evidence],
                   idf: Callable[[list[str]], dict[str, float]] | None = None) -> list[str]:
    """The programs a question names, as typed, that have a manual page among the evidence.

    "... load-test our site with ab ...": ab's page is titled "ab - Apache HTTP server
    benchmarking tool". An answer speaks of that program: a passage about another
    program's start-up "ramp-up" does not answer how to ramp up ab's load. Not the program
    the whole collection documents ("Why doesn't httpd just set SO_LINGER ...?"), which
    its pages call "the server" or "Apache" as often as by its name.
    """
    programs = {m.group(1) for e in evidence if (m := _PROGRAM_TITLE.match(e.source.title))}
    named = [t for t in dict.fromkeys(command_tokens(question)) if t in programs]
    if named and idf is not None:
        rarity = idf([stem(t) for t in named])
        named = [t for t in named if rarity.get(stem(t), OWN_PROGRAM_IDF) >= OWN_PROGRAM_IDF]
    return named


# A module's word is rarer than this (IDF) in the collection: "telnetlib", "lzma", not
# "select" or "random", which questions use as words too.
MODULE_IDF = 5.5
# Words that ask about more than one of a thing, and a span that allows one only.
_SEVERAL_WORDS = frozenset("twice two multiple several both many".split())
_ONE_ONLY = re.compile(r"\b(?:only|just|at most|no more than|exactly) (?:one|a single)\b|"
                       r"\bone\b[^.;]{0,40}\bat a time\b|\bmore than one\b[^.;]{0,40}\b(?:not|"
                       r"never|cannot|can't)\b|\b(?:not|never|cannot|can't)\b[^.;]{0,40}"
                       r"\bmore than one\b", re.IGNORECASE)
_MANY_SAID = re.compile(r"\b(?:multiple|several|more than one|duplicates?|duplicated|"
                        r"repeated)\b", re.IGNORECASE)
# A module's entry or a member's: "poplib module", "poplib.POP3.top", and a submodule's,
# "wsgiref.simple_server module" (of wsgiref, the package that holds it).
_MODULE_TITLE = re.compile(r"([a-z][a-z0-9_]*)(?:\.[A-Za-z_][\w.]*(?: module)?| module)")


def module_entry(name: str, title: str) -> bool:
    """The entry is the module's or one of its members' ("poplib.POP3.top" of "poplib")."""
    entry = _MODULE_TITLE.fullmatch(title)
    return entry is not None and entry.group(1) == name


def named_modules(question: str, evidence: Sequence[Evidence],
                  idf: Callable[[list[str]], dict[str, float]]) -> list[str]:
    """The modules a question names as plain words, whose entries are among the evidence.

    "Which of telnetlib's Telnet read methods ...", "fetching mail with poplib": the
    entries titled "telnetlib.Telnet" and "poplib module" are their own documentation, and
    an answer speaks of them (ftplib's abort, which mentions Telnet, does not). A word the
    collection uses often ("select", "random") is a word of the question, not a name.
    """
    modules = {m.group(1) for e in evidence if (m := _MODULE_TITLE.fullmatch(e.source.title))}
    # (Words of the prose only: "cmd" of `get_close_matches(cmd, known)` is the asker's.)
    prose = re.sub(r"`[^`]*`|\([^()]*\)", " ", question)
    asked = [w for w in dict.fromkeys(re.findall(r"(?<![\w.])([a-z][a-z0-9_]{2,})(?:'s)?(?![\w.(])",
                                                 prose))
             if w in modules and w not in STOPWORDS]
    if not asked:
        return []
    rarity = idf([stem(w) for w in asked])
    return [w for w in asked if rarity.get(stem(w), 0.0) >= MODULE_IDF]


def named_commands(question: str, evidence: Sequence[Evidence]) -> list[str]:
    """The commands a question names that have a manual page among the evidence.

    Named as the page's title writes them ("git-rerere" for "git rerere"): the question
    asks about them, and their page is their own documentation.
    """
    titled = {name for e in evidence for name in title_names(e.source.title)}
    # Not one a relative clause mentions ("the sample hooks that git init puts in the
    # repository"): it says where the thing asked about comes from.
    mentioned = {f"{m.group(1)}-{m.group(2)}" for m in _RELATIVE_MENTION.finditer(question)}
    out: list[str] = []
    # As typed, in lower case: "a Git branch name" names no "git branch" command.
    tokens = command_tokens(question)
    # The programs whose subcommands have pages of their own ("git" of "git-rerere"): more
    # than one page so titled ("In-Depth" of one title makes no program "in" of which
    # "windows-1252" would be a subcommand).
    programs = Counter(name.split("-")[0] for name in titled)
    parents = {program for program, pages in programs.items() if pages > 1}
    for i, (first, second) in enumerate(itertools.pairwise(tokens)):
        name = f"{first}-{second}"
        # (One page of the program's is enough where the subcommand is typed with a
        # hyphen of its own, "git filter-repo" beside git-filter-branch's page alone: no
        # plain word runs on so.)
        if (name not in titled and is_hyphenated_name(second)
                and (first in parents or programs[first] and first not in STOPWORDS)
                and second not in out and name not in mentioned):
            # A subcommand the collection has no page for ("git filter-repo") is still
            # the name asked about: an answer must name it.
            out.append(second)
            continue
        if name not in titled or name in mentioned or name in out:
            continue
        out.append(name)
        after = tokens[i + 2] if i + 2 < len(tokens) else ""
        if is_hyphenated_name(after) and after not in out:
            out.append(after)  # its subcommand: "git submodule set-url"
    return out


# The bonus of the entry headed by the very term a definition question asks about.
TERM_ENTRY = 0.2
# A question of what a thing is: "What is X?", "What's X for?", "What are Xs?".
_WHAT_IS = re.compile(r"\W*what(?:['’]s|\s+(?:is|are))\b", re.IGNORECASE)
# What the opening of a page about the name asked after gains for "What is X?".
PAGE_INTRO = 0.3
# The sections that open a page: its summary, a manual page's NAME and DESCRIPTION.
_INTRO_SECTION = re.compile(r"(?i:summary|description|name|introduction|overview|synopsis)")
# A word written capitalised that is no name of code: "Git", "Python", "API".
_PLAIN_CAPITALISED = re.compile(r"[A-Z][a-z]+|[A-Z]{2,4}")


def side_count(focus: Sequence[str]) -> int:
    """How many of a comparison's names are its sides.

    The first two, and those after them written the same way ("--soft, --mixed and
    --hard"); a name of another form after them ("Git" after two paths) is one the
    answer must also carry.
    """

    def form(name: str) -> str:
        return "option" if name.startswith("-") else "dotted" if "." in name else "other"
    count = 2
    while (count < len(focus) and form(focus[0]) != "other"
           and form(focus[count]) == form(focus[0]) == form(focus[1])):
        count += 1
    return min(count, len(focus))


def _sides_named(analysis: QuestionAnalysis) -> bool:
    """Whether a comparison's sides are names the question asks about.

    Sides that are no names of the question's ("always" and "auto", asked with column.ui
    set) are what is compared: the names only set the scene.
    """
    focus_words = {w for toks in analysis.focus_words for w in toks}
    return any(set(words(" ".join(side))) & focus_words for side in analysis.sides)


def _other_side_named(analysis: QuestionAnalysis, source: Source, text: str) -> bool:
    """In one compared name's own entry, a span that names the other speaks of both.

    "This differs from print_tb() in the following ways: ..." in print_exception's entry
    compares the two, though it names only one.
    """
    if len(analysis.focus) < 2:
        return False
    short = [f.rsplit(".", 1)[-1].removesuffix("()") for f in analysis.focus[:2]]
    if not all(short):
        return False  # a name that ends with its dot ("proxy:fcgi://..."): no short form
    # (A page's generic section is the page's own: "This tool differs from git-bugreport(1)
    # in that ..." under git-diagnose's DESCRIPTION.)
    headings = [w for w in words(source.section.split(SECTION_SEP)[-1]) if w not in STOPWORDS]
    generic = bool(source.section and headings) and all(w in _GENERIC_HEADINGS for w in headings)
    return any((heads_entry(source, mine) or generic and _entry_named(source.title, mine))
               and _found(other, text) for mine, other in (short, short[::-1]))


def sets_apart(analysis: QuestionAnalysis, cand: Candidate) -> bool:
    """A span that names both compared names and sets them against each other.

    Both named in its text, or one by the entry it stands in ("This differs from
    print_tb() ..." in print_exception's entry), with a word of contrast ("unlike",
    "differs", "instead of" ...).
    """
    text = cand.text
    if len(analysis.focus) < 2 or not _CONTRAST_RE.search(text):
        return False
    first, second = analysis.focus[:2]
    return (focus_in(first, text) and focus_in(second, text)
            or _other_side_named(analysis, cand.source, text))


def named_jointly(names: Sequence[str], text: str) -> bool:
    """Two names said together, joined by "and", "or" or a comma.

    "For FORMAT_XZ and FORMAT_ALONE, ...": a dotted name is said by its last part too.
    """
    if len(names) != 2:
        return False
    forms = [{re.escape(n), re.escape(n.rsplit(".", 1)[-1])} for n in names]
    a, b = ("|".join(sorted(f, key=len, reverse=True)) for f in forms)
    joint = r"\W{0,3}(?:,|and|or|and/or)\W{0,3}"
    return re.search(rf"(?<![\w.])(?:(?:{a}){joint}(?:{b})|(?:{b}){joint}(?:{a}))(?![\w])",
                     text, re.IGNORECASE) is not None


def compared_names(analysis: QuestionAnalysis) -> list[str]:
    """A comparison's sides as the question names them: its names, else its plain words."""
    if len(analysis.focus) >= 2:
        return list(analysis.focus[:side_count(analysis.focus)])
    return [" ".join(side) for side in analysis.sides]


def refines(name: str, base: str) -> bool:
    """One name is another's with a qualifier before it, as a specialised kind is named.

    "threading.BoundedSemaphore" refines "threading.Semaphore"; "NamedTemporaryFile"
    refines "TemporaryFile"; "OrderedDict" refines "dict".
    """
    last, base_last = name.rsplit(".", 1)[-1], base.rsplit(".", 1)[-1]
    return (len(base_last) >= 3 and len(last) > len(base_last)
            and last.lower().endswith(base_last.lower())
            and last[len(last) - len(base_last)].isupper())


def _mentions(source: Source, word: str) -> bool:
    """A passage (its text or headings) speaks of a word, by its stem or a synonym."""
    said = said_stems([source])
    return stem(word) in said or bool(_SYNONYMS.get(stem(word), frozenset()) & said)


# Words that say nothing of their own; a negation says the opposite ("without any log").
_NEGATING = frozenset(stem(w) for w in ("no", "not", "nor", "without", "never", "cannot"))
_STOPWORD_STEMS = frozenset(stem(w) for w in STOPWORDS) - _NEGATING


def says_same(a: frozenset[str], b: frozenset[str]) -> bool:
    """Two spans (as stems) that say the same.

    Every word of the shorter is in the other, and the other does not negate it ("Fire
    the load" / "Fire the load without a log" differ).
    """
    content_a, content_b = a - _STOPWORD_STEMS, b - _STOPWORD_STEMS
    shorter, longer = sorted((content_a, content_b), key=len)
    return (len(shorter) >= 3 and shorter <= longer
            and not (longer - shorter) & _NEGATING)


def contrast_pair(analysis: QuestionAnalysis, judged: Sequence[Judgement]
                  ) -> tuple[Judgement, Judgement] | None:
    """For two names whose entries open alike, the sentence of each that sets it apart.

    ``TemporaryFile`` and ``NamedTemporaryFile`` both open "Create and return a temporary
    file.": the spans of each side's own that the other side's passages do not also say,
    paired by what both speak of ("The file has no name, ..." against "... the name of
    the file is accessible as its 'name' attribute."). None when no such pair exists.
    """
    sides = comparison_sides(analysis)
    if len(sides) != 2:
        return None
    names = {stem(w) for name in compared_names(analysis) for w in words(name)}

    def own(names_it: Callable[[Judgement], bool], other_it: Callable[[Judgement], bool]
            ) -> list[Judgement]:
        return [j for j in judged if j.candidate.kind == "sentences" and names_it(j)
                and not other_it(j) and len(sentence_spans(j.candidate.text)) <= 2
                and quotable(j.candidate.text) and not dangles(j.candidate)]

    first, second = own(sides[0], sides[1]), own(sides[1], sides[0])

    def also_said(j: Judgement, others: list[Judgement]) -> bool:
        # Nothing the span says is missing from a span of the other side.
        mine = j.candidate.stems - _STOPWORD_STEMS - names
        return any(mine <= o.candidate.stems for o in others)

    first_only = [a for a in first if not also_said(a, second)]
    second_only = [b for b in second if not also_said(b, first)]
    best: tuple[float, Judgement, Judgement] | None = None
    for a in first_only[:CONTRAST_POOL]:
        for b in second_only[:CONTRAST_POOL]:
            axis = (a.candidate.stems & b.candidate.stems) - _STOPWORD_STEMS - names
            if len(axis) < 2:
                continue
            value = len(axis) + 0.5 * (a.coverage + b.coverage)
            if best is None or value > best[0]:
                best = (value, a, b)
    return (best[1], best[2]) if best else None


def names_focus(judgement: Judgement, focus: str) -> bool:
    """True when a judged span (or its heading path) names the focus term."""
    source = judgement.candidate.source
    return focus_in(focus, judgement.candidate.text, f"{source.title} {source.section}"
                    ) or module_entry(focus, source.title) or bool(
        (short := member_name(focus, source.title))
        and _as_written(short, judgement.candidate.text))


def _side_in(side: Sequence[str], text: str, stems: Collection[str]) -> bool:
    """A comparison's side named in a text.

    A compound as written ("IP-based"), a word by its stem ("Gracefully" for "graceful").
    """
    return all(_found(w, text) if "-" in w else stem(w) in stems for w in side)


def only_points_elsewhere(text: str) -> bool:
    """Every sentence of a span sends the reader elsewhere.

    "Additional information on exceptions can be found in section Exceptions, ...".
    """
    spans = sentence_spans(text)
    return bool(spans) and all(
        _XREF.match(sentence) is not None and _POINTED_TO.search(sentence) is not None
        for sentence in (text[start:end].strip() for start, end in spans))


# What a pointer sends the reader to, when it says nothing itself ("for more information",
# "for arguments and other details", "for more on format strings"); "See
# str.removesuffix() for a method that will remove a single suffix" says what the method
# does.
_POINTED_TO = re.compile(r"\b(?:information|details|explanation|discussion)\b|\bfor more\b",
                         re.IGNORECASE)


def names_side(judgement: Judgement, side: tuple[str, ...], heading: bool = True,
               before: str = "") -> bool:
    """True when a judged span (or, with ``heading``, its section path) names a side.

    A side that is a verb ("git stash pop" against "git stash apply") is a command: it
    is named as one, after the word it follows in the question ("stash apply"), quoted,
    opening the span, or heading the span's own entry ("apply [--index] ..."); "and
    apply it on top of the current working tree" does not name it.
    """
    cand = judgement.candidate
    section = cand.source.section
    if len(side) == 1 and side[0] in VERBS:
        return _command_named(side[0], before, cand.text) or _command_named(
            side[0], before, section.rsplit(SECTION_SEP, 1)[-1])
    return _side_in(side, cand.text, cand.stems) or heading and _side_in(
        side, section, {stem(w) for w in words(section)})


def _command_named(command: str, before: str, text: str) -> bool:
    """A command named as one: after its word, quoted, or opening the text."""
    word = re.escape(command)
    prefix = rf"\b{re.escape(before)}\s+" if before else r"(?!)"
    return re.search(rf"(?:{prefix}|^\W*|[\"'`“‘]){word}\b", text,
                     re.IGNORECASE) is not None


def _word_before(side: tuple[str, ...], question: str) -> str:
    """The word a one-word side follows in the question ("stash" of "git stash pop")."""
    if len(side) != 1:
        return ""
    m = re.search(rf"(\w[\w-]*)\s+{re.escape(side[0])}\b", question, re.IGNORECASE)
    return m.group(1) if m and m.group(1).lower() not in STOPWORDS else ""


def comparison_sides(analysis: QuestionAnalysis, heading: bool = True
                     ) -> list[Callable[[Judgement], bool]]:
    """For a comparison, one test per side: does a judged span name that side?

    Without ``heading``, the span must name the side itself: a section headed by both
    sides ("Name-based vs. IP-based Virtual Hosts") holds sentences about each.
    """
    if analysis.answer_type != "comparison":
        return []
    if len(analysis.focus) >= 2:
        return [partial(names_focus, focus=f) for f in compared_names(analysis)]
    return [partial(names_side, side=s, heading=heading,
                    before=_word_before(s, analysis.text)) for s in analysis.sides]


@lru_cache(maxsize=256)
def _leaves_named_unset(question: str, focus: tuple[str, ...]) -> bool:
    """The question leaves one of its names unset ("if I've never set protocol.version").

    What a named setting is when left unset is its default, wherever its entry says it
    ("If unset, the default is 2."). Asked once per question, not per span judged.
    """
    lowered = question.lower()
    return any(re.search(rf"(?:{_OMITTED_Q.pattern})\s+(?:the\s+)?{re.escape(f.lower())}"
                         r"(?![\w.-])", lowered) for f in focus)


@lru_cache(maxsize=256)
def _value_anchor(question: str, omitted_named: bool = False) -> re.Pattern[str] | None:
    """The words that announce the kinds of value a question asks for, as one pattern."""
    anchors = [span for asks, span in _VALUE_ANCHORS if asks.search(question)]
    if _UNNAMED_OMITTED_Q.search(question) or omitted_named:
        # "but forgot to pass a number": what is used when it is left out is the default,
        # wherever the answer says it. (Where the question names what it leaves out,
        # "without passing width", the value stands near that name.)
        anchors.append("defaults?|default")
    return re.compile("|".join(anchors)) if anchors else None


_COUNTED_Q = re.compile(r"\bhow many ([a-z]{3,})\b", re.IGNORECASE)
# What a quantity is of ("the maximum size of a single note"): a value said of another
# thing ("no single index block exceeds the file format's max block size") is not it.
_MEASURED_Q = re.compile(
    r"\b(?:size|length|number|count|amount|limit|width|depth|age)\s+of\s+"
    r"(?:(?:a|an|the|one|single|each|every|any|my|your|our)\s+)*([a-z]{3,})\b",
    re.IGNORECASE)
# What an amount is of ("How much memory does it take ...?"): a value of something else
# ("the default is CHECK_CRC64") is not it. (Not "how much slower", a magnitude, nor "how
# much time", which a duration says by its unit.)
_AMOUNT_Q = re.compile(
    r"\bhow much (?!(?:does|do|did|is|are|was|were|will|would|can|could|should|may|might|"
    r"must|more|less|longer|shorter|faster|slower|bigger|smaller|larger|higher|lower|of|"
    r"time)\b)([a-z]{3,})\b", re.IGNORECASE)
# How long something waits ("By default, how many seconds does mod_ssl wait for the CA's
# OCSP server ...?"): the time it gives up after (SSLStaplingResponderTimeout's "Timeout for
# OCSP stapling queries"), not another of its durations (how long a cached response is kept).
_WAITED_Q = re.compile(
    r"\bhow (?:long|much time|many (?:milli)?seconds|many minutes|many hours)\b[^?]*?\b(wait)\b",
    re.IGNORECASE)
# How far along one dimension ("How deep does it verify?"), and the words that say it.
_DIMENSION_Q = re.compile(r"\bhow (deep|wide)\b", re.IGNORECASE)
_DIMENSIONS = {"deep": ("depth", "deep", "deeply"), "wide": ("width", "wide")}
# A manual page's section of known bugs.
_BUGS_SECTION = re.compile(r"(?:known\s+)?(?:bugs|issues|problems)", re.IGNORECASE)
# The share of a procedure's cues an entry's opening needs to answer steps asked of the thing,
# where the opening says what kind of thing it is ("A simple CGI program to ...").
STEPS_SAID = 2 / 3
_KIND_OPENING = re.compile(
    r"An?\s+(?:[A-Za-z][\w-]*\s+){0,3}?[a-z][\w-]*\s+(?:that|which|to|for|of)\b")
# A count said with what it counts ("11 lines", "two letters") answers a how-many question
# in the asker's own terms.
COUNTED = 0.25


def _counts(counted: str, text: str) -> bool:
    """The span gives a count of what the question counts, right before its name."""
    for m in re.finditer(rf"(?:{_DIGIT_RE.pattern}+|{_COUNT_RE.pattern})\s+([A-Za-z]+)", text,
                         re.IGNORECASE):
        if stem(m.group(m.lastindex or 0).lower()) == counted:
            return True
    return False


# What a span counts ("the number of alphanumeric characters"), and a value it states.
_NUMBER_OF = re.compile(r"\bnumber of ((?:[a-z]+ ){0,2}[a-z]+)")
_STATED_VALUE = re.compile(r"\b(?:value|default) is \d|\bdefaults? to \d", re.IGNORECASE)
_TIMES_WORDS = frozenset({"once", "twice", "thrice"})


def _times_said(value: str, following: list[str]) -> bool:
    """A value that says how many times ("twice", "three times"), not how many things."""
    return value.lower() in _TIMES_WORDS or bool(
        following and following[0].lower().strip(".,;:()") in ("time", "times")
        and not value[:1].isdigit())


def _states_default(asked: Sequence[str], text: str) -> bool:
    """The text states the default of what is asked.

    "The default protocol is 4", "the port defaults to 80", "timeout is 60 seconds by
    default".
    """
    for word in asked:
        w = re.escape(word)
        if re.search(rf"\bdefault (?:\w+ )?{w}s? (?:is|are|was|will be)\b|\b{w}s? defaults? to\b|"
                     rf"\b{w}s? (?:is|are) [^.;]{{1,40}}? by default\b", text, re.IGNORECASE):
            return True
    return False


# A question for an upper bound, and how a text states one.
# "How long can a name be?", "How long may a line get?": a length, not a duration.
_LENGTH_Q = re.compile(r"\bhow long (?:can|may|could|is|are)\b[^?]{0,60}?\b(?:be|get|"
                       r"allowed)\s*(?:\?|$)", re.IGNORECASE)
# "How big a request ...?", "How much memory ...?", "the largest response it stores": a
# size. (Not "the largest number of ..." or "the smallest value ...": a count, a value.)
_SIZE_Q = re.compile(r"\bhow (?:big|large)\b|\bhow much (?:memory|space|disk|ram)\b|"
                     r"\b(?:largest|biggest|smallest) (?!(?:number|value|count|amount|"
                     r"version|level|index|port)s?\b)[a-z]", re.IGNORECASE)
_UPPER_BOUND_Q = re.compile(r"\bat (?:the )?most\b|\bmaximum\b|\bupper (?:limit|bound)\b|"
                            r"\bhow (?:many|much|large|big|long) [^?]{0,60}\bat most\b")
_UPPER_BOUND = re.compile(
    r"\bat most\b|\bmaximum\b|\bmax\b|\bup to\b|\blimit|\bno more than\b|\bnot? (?:more|longer|"
    r"larger|bigger) than\b|\bexceed|\bcannot (?:hold|store|have|contain|be more)\b|"
    r"\bbeyond\b|\blargest\b|\bhighest\b|\bcap\b|\bcapped\b|\bat the most\b",
    re.IGNORECASE)


# A question for a difference in amount: "how much slower", "how much more memory".
_MAGNITUDE_Q = re.compile(r"\bhow much (?:[a-z]+er|more|less|fewer)\b", re.IGNORECASE)
# A share or a multiple: "20%", "5 percent", "3x", "ten times", "twice", "an order of magnitude".
_MAGNITUDE = re.compile(
    r"\d[\d.,]*\s*(?:%|percent\b|per cent\b|x\b|times\b)|\b(?:twice|thrice|half|double|"
    r"triple|(?:two|three|four|five|six|seven|eight|nine|ten|hundred|thousand|many|several) "
    r"times|orders? of magnitude)\b", re.IGNORECASE)


def _number_fits(analysis: QuestionAnalysis, text: str) -> bool:
    """A value of the kind asked.

    A duration for "how long", a count for "how many", a version for "which release",
    the default for "by default"; any value otherwise.
    """
    question = analysis.text.lower()
    plain = _MAN_REFERENCE.sub(" ", text)
    for focus in analysis.focus:  # "push.default" names a setting, it is not a default
        plain = re.sub(re.escape(neutralize_markup(focus)), " ", plain, flags=re.IGNORECASE)
        question = question.replace(focus.lower(), " ")
    # "Out of the box, how many ...?" asks for the default as much as "by default" does.
    if ("default" in question or "out of the box" in question) and not _DEFAULT_RE.search(
            plain):
        return False
    if _OMITTED_Q.search(question) and not _OMITTED.search(plain):
        return False  # "if I don't pass rel_tol": the value used when it is left out
    if (_UPPER_BOUND_Q.search(question) and "default" not in question
            and not _UPPER_BOUND.search(plain)):
        # "How many commits can a file hold at most?" asks for a bound, which a text
        # states as one ("can store at most ... commits"); a setting's default ("The
        # default value is 100") is no bound.
        return False
    counting = bool(re.search(r"\bhow (many|often)\b", question))
    counted_q = _COUNTED_Q.search(question)
    counted = stem(counted_q.group(1)) if counted_q else ""
    if asks_release(analysis.text):
        value = re.compile(r"\d+\.\d+")
    elif _LENGTH_Q.search(question) or _SIZE_Q.search(question) and not re.search(
            rf"\b(?:{_SIZE_UNIT})\b", plain):
        # "How long can a variable name be?" asks for a length ("unlimited in length",
        # "approximately 16 MiB"), not a duration; "How big a request will it accept?" for
        # a size ("The default is 10 megabytes"), not a status code ("403 Forbidden"). (A
        # span that names the unit elsewhere, "Syntax: LimitRequestBody bytes", may give a
        # bare number.)
        value = re.compile(rf"\d[\d,.]*\s*(?:{_SIZE_UNIT})\b|{_UNBOUNDED}", re.IGNORECASE)
    elif "how long" in question:
        value = re.compile(f"{_DIGIT_RE.pattern}|{_DURATION_RE.pattern}", re.IGNORECASE)
        plain = _UNIT_ONLY.sub(" ", plain)
    elif "how often" in question:
        value = re.compile(f"{_DIGIT_RE.pattern}|{_COUNT_RE.pattern}|{_FREQUENCY_RE.pattern}",
                           re.IGNORECASE)
    elif _MAGNITUDE_Q.search(question):
        # "How much slower ...?" asks by how much: a share or a multiple ("about 20%
        # slower", "twice as slow"), not any value ("loaded on-demand") or count ("three
        # additional options").
        value = _MAGNITUDE
    elif counting:
        value = re.compile(f"{_DIGIT_RE.pattern}|{_COUNT_RE.pattern}", re.IGNORECASE)
    else:
        value = re.compile(f"{_DIGIT_RE.pattern}|{_VALUE_RE.pattern}", re.IGNORECASE)
    # The value must stand near what the question asks about, not anywhere in the span:
    # the words of the sentence that asks ("What value of n, the iteration count, should I
    # use?"), not those of the asker's setting ("I'm storing user passwords ...").
    named = {stem(w) for f in analysis.focus for w in words(f)}
    asked = {stem(w) for w in analysis.content} - named
    asking = asked_sentence(analysis.text)
    in_question = {stem(w) for w in words(asking)} & asked
    asked = in_question or asked
    # A name of the asker's passed by keyword is asked about as that parameter: "How many
    # times does slow_lookup run" of `sort(key=slow_lookup)` is answered near "key".
    asked |= {stem(param) for name, param in passed_for(analysis.text).items()
              if param and re.search(rf"(?<![\w.]){re.escape(name)}(?!\w)", asking)}
    token_spans = [(m.start(), m.end()) for m in re.finditer(r"\S+", plain)]
    tokens = [plain[a:b] for a, b in token_spans]
    # Words that announce the kind of value asked for ("must be between 1 and 9" for a
    # range, "defaults to 256" for a default) stand for the question's own words.
    anchor = _value_anchor(question, omitted_named=_leaves_named_unset(analysis.text,
                                                                        analysis.focus))

    def announces(tok: str) -> bool:
        return anchor is not None and bool(anchor.fullmatch(tok.strip(".,;:()\"'").lower()))

    # A limit asked for ("the maximum length") is a value said to be one ("up to 255",
    # "limited to"), not any value of the kind ("the minimum length is 4").
    bound = _BOUND_Q.search(question)
    # (A word's synonym stands for it: "This dynamic check is performed every 30 seconds"
    # for "How often does it probe ...?".)
    near = [i for i, tok in enumerate(tokens)
            if announces(tok) or not bound and any(
                stem(w) in asked or _SYNONYMS.get(stem(w), frozenset()) & asked
                for w in words(tok))
            ] if asked else list(range(len(tokens)))
    if counted and _STATED_VALUE.search(plain) and any(
            counted in map(stem, m.group(1).split()) for m in _NUMBER_OF.finditer(plain.lower())):
        # "... the lower bound on the number of alphanumeric characters ... And the default
        # value is 40.": the span names what is counted, then states its value.
        return True
    # A value may take several words ("no limit"): it stands where it starts.
    starts = [a for a, _ in token_spans]
    for m in value.finditer(plain):
        i = max(0, bisect_right(starts, m.start()) - 1)
        # "all", "every", "none" count only what they stand right next to ("list all
        # element counts"), not "match ... to all of a string".
        reach = 1 if counting and m.group(0).lower() in _QUANTITY_WORDS else NEAR_WORDS
        if reach == 1 and "=" in tokens[i]:
            continue  # "key=None" in a signature is a default, not how many
        if _times_said(m.group(0), tokens[i + 1:i + 2]) and counted not in ("", "time"):
            continue  # "given twice": how often something is done, not how many X
        if counting and m.group(0)[:1].isdigit() and tokens[i].lstrip("\"'(“[")[:1].isalpha():
            continue  # the "1.1" of "HTTP/1.1", the "2" of "mod_http2": part of a name
        if counting and counted and i > 0 and _SETTING_NAME.fullmatch(tokens[i - 1]) and (
                counted not in tokens[i - 1].lower()) and not _TIME_UNIT.fullmatch(counted):
            # "KeepAliveTimeout 5": that setting's value, not a count of requests (but how
            # many seconds it waits, a duration a setting holds).
            continue
        if any(abs(i - j) <= reach for j in near):
            return True
    return bool(value.search(plain)) and not asked


# A setting's name written before its value: "MaxKeepAliveRequests 100", "grep.threads 8".
_SETTING_NAME = re.compile(r"[A-Z][a-z]+(?:[A-Z][a-z0-9]*)+|[a-z]+(?:[._][a-zA-Z]+)+")


# A term a page marks where it introduces it: “replacement fields”.
_MARKED_TERM = re.compile(r"“([^”]{2,60})”")


def _introduces(analysis: QuestionAnalysis, text: str) -> bool | None:
    """Whether a span introduces the question's subject as a marked term.

    True where it marks that term, False where it opens on another marked term, None where
    neither. Only for a subject of plain words (a name is its entry's business): the marked term's
    words are all the subject's.
    """
    if analysis.focus or not analysis.subject:
        return None
    subject = {stem(w) for w in analysis.subject}
    terms = [{stem(w) for w in words(m.group(1)) if w not in STOPWORDS}
             for m in _MARKED_TERM.finditer(text)]
    if any(t and t <= subject for t in terms):
        return True
    if terms and text.lstrip().startswith("“") and terms[0]:
        return False
    return None


# A term written as a name: an environment variable, a setting, a dotted key, an option.
_NAME_TERM = re.compile(
    r"[A-Za-z][A-Za-z0-9]*(?:[_.][A-Za-z0-9<>&;]+)+|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+"
    r"|--?[a-z][\w-]*(?:[ =].*)?")


def _defines_other_name(analysis: QuestionAnalysis, term: str) -> bool:
    """An entry's term (or heading) is a name with more to it than what is asked about.

    "What is a git note?" names no name; the entry of ``GIT_NOTES_REWRITE_REF`` defines
    that variable, not what a note is.
    """
    if analysis.focus:
        return False
    term = term.strip()
    if not _NAME_TERM.fullmatch(term):
        return False
    asked = {stem(w) for w in words(analysis.text)}
    return any(stem(w) not in asked for w in words(term))


# Headings that say what part of a page follows, not what thing it is about.
_GENERIC_HEADINGS = frozenset("""description overview introduction synopsis summary
    details detail discussion background usage notes note about general basics""".split())


def _heads_other_thing(analysis: QuestionAnalysis, section: str) -> bool:
    """A plain-word question's section is headed by another thing than it asks about.

    The first sentence of a section defines what its heading names: under "NOTES MERGE
    STRATEGIES" a merge strategy, not what a git note is. A heading's last word is the
    thing it names ("Generator expressions": expressions); a generic heading
    ("DESCRIPTION", "Overview") leaves it to the page.
    """
    if analysis.focus:
        return False
    last = section.split(SECTION_SEP)[-1]
    heading = [w for w in words(last) if w not in STOPWORDS]
    if not heading or heading[-1] in _GENERIC_HEADINGS:
        return False
    asked = {stem(w) for w in analysis.content}
    return stem(heading[-1]) not in asked


# What the asker wants done without ("without popping it"): a tool that does it is no answer.
_WITHOUT = re.compile(r"\bwithout\s+([a-z]+ing)\b", re.IGNORECASE)
# The share of the asking sentence's own words an entry's first sentence must say to be the
# tool for a how-do-I question.
TOOL_SHARE = 0.75


def _tool_for(analysis: QuestionAnalysis, cand: Candidate) -> bool:
    """The first sentence of another name's entry says it does what the question asks.

    "How should I keep a weak reference to a method?": weakref.WeakMethod's "A custom
    `weakref.ref` subclass which simulates a weak reference to a bound method". Not a name the
    question names (its own entry says what it is, not what to use instead), and not one
    that does what the asker wants done without: "How do I look at the smallest item without
    popping it?" is not answered by heappushpop's "... then pop and return the smallest item".
    """
    wanted = _tool_wanted(analysis.text)
    if wanted is None or not cand.leads_section:
        return False
    asked, avoided = wanted
    entry = cand.source.title.split(SECTION_SEP)[-1].strip()
    # (Or a manual page's subcommand: "How do I rename a remote?" is git-remote's entry
    # "rename", whose "Rename the remote named <old> to <new>." is what to run.)
    if manual_page(cand.source.title) and not QUALIFIED_NAME.fullmatch(entry):
        entry = cand.source.section.split(SECTION_SEP)[-1].strip()
        if not _SUBCOMMAND.fullmatch(entry):
            return False
    elif not QUALIFIED_NAME.fullmatch(entry):
        return False
    if any(focus_in(f, entry) for f in analysis.focus):
        return False
    if avoided & cand.stems:
        return False
    # (What the entry's name says it says too: "poplib" of poplib.POP3.top.)
    said = cand.stems | {stem(w) for w in words(entry)}
    return len(asked & said) >= TOOL_SHARE * len(asked)


# A manual page's subcommand entry, by its name and its short forms: "rename",
# "remove, rm", "set-url".
_SUBCOMMAND = re.compile(r"[a-z][a-z-]*(?:, [a-z][a-z-]*)*")


@lru_cache(maxsize=256)
def _tool_wanted(question: str) -> tuple[frozenset[str], frozenset[str]] | None:
    """What a how-do-I question asks for and wants done without, as stems.

    None for another question, or for one whose asking sentence says too little to tell.
    """
    asked_text = asked_sentence(question)
    if not re.match(r"\s*how (?:do|can|should|would) (?:i|we|you)\b", asked_text,
                    re.IGNORECASE):
        return None
    avoided = {m.group(1).lower() for m in _WITHOUT.finditer(question)}
    # (Not the asker's examples: "for example origin to upstream" is one case of it.)
    examples = set(example_words(asked_text))
    asked = frozenset(stem(w) for w in words(asked_text)
                      if w not in STOPWORDS and w not in VAGUE and w not in VERBS and len(w) > 2
                      and w not in avoided and w not in _EVERY and w not in examples)
    return (asked, frozenset(stem(w) for w in avoided)) if len(asked) >= 2 else None


# Words that say how many of the things asked about ("every full message"), not what.
_EVERY = frozenset({"every", "each", "all", "any"})
# A parenthesised aside: "(i.e., all CGIs, unless you use ...)".
_ASIDE = re.compile(r"\([^()]*\)")


def _without_asides(text: str) -> str:
    """The text without its parenthesised asides of three words or more."""
    return _ASIDE.sub(lambda m: " " if len(m.group(0).split()) >= 3 else m.group(0), text)


def _fits(analysis: QuestionAnalysis, cand: Candidate, text: str) -> float:
    """How well a span has the shape of the answer asked for: 0 (not at all) to 1.

    Shapes read from cue words are graded: a span with several cues of a reason or a
    procedure ("because ... so that", "search ... in turn ... until") fits better than
    one with a single stray cue.
    """
    kind = analysis.answer_type
    if kind == "number":
        return float(_number_fits(analysis, text))
    if kind == "list":
        if _default_unsaid(analysis.text, text):
            # "Which names does dircmp ignore by default?": a list that says nothing of a
            # default (dircmp's attributes) is not the list of defaults.
            return 0.0
        if _VALUES_Q.search(analysis.text) and _VALUE_RANGE.search(text):
            return 1.0  # "Which levels are accepted?": "integers 0 through 9 are accepted"
        if _CODE_ITEMS_Q.search(analysis.text):
            # "Which methods/options/commands ...": the items are names written as code,
            # or listed one word each ("attributes args, returncode, stdout and stderr").
            # ("What are my options" asks for ways to do something.)
            return float(len({m.group(0) for m in _CODE_NAME.finditer(text)}) >= 2
                         or bool(_NAME_LIST_RE.search(text)))
        if cand.kind in ("list", "table"):
            return float(text.count("\n") >= 1)
        return float(bool(_ENUMERATION_RE.search(text)))
    if kind == "procedure":
        # (Not a cue in an aside: "... by any CGIs running under the same uid (i.e., all
        # CGIs, unless you use something like suexec)" says nothing to do.)
        cues = _cues(_PROCEDURE_RE, _without_asides(text), echoed=_asked_stems(analysis.text))
        if cand.kind in ("list", "item") and (cues or _STEPS.search(text)):
            return 1.0  # steps, or an item that says what to do
        if not cues and _tool_for(analysis, cand):
            # "How should I keep a weak reference to a method?": the entry of what does it
            # ("A custom `weakref.ref` subclass which simulates a weak reference to a bound
            # method") is what to use.
            return 2 / 3
        # A bulleted reference ("RFC 9114 - HTTP/3: Defines the mapping of HTTP semantics
        # over QUIC ...") tells of the thing, not how to do anything with it.
        return cues
    if kind == "reason":
        cues = _cues(_REASON_RE, text)
        if not cues and _SURPRISE_Q.search(analysis.text) and (
                _RULE_RE.search(text) or _DEFINED_RE.search(text) and analysis.focus
                and all(focus_in(f, text) for f in analysis.focus)):
            # "Why do I get a TypeError when ...?", "Why does X give Y instead of Z?": the
            # rule the asker ran into is the reason ("Arguments to the cached function
            # must be hashable."; "The chars argument is not a suffix; rather, ..."), or
            # the definition of what the question names ("~5": "The unary "~" (invert)
            # operator ... The bitwise inversion of "x" is defined as "-(x+1)".).
            return 2 / 3
        if not cues and _brings_about(analysis, text):
            # "Why was it deleted?": "If a path is tracked but does not exist in the restore
            # source, it will be removed to match the source." The rule is the reason.
            return 2 / 3
        return cues
    if kind == "comparison":
        # The first span of an entry is about what heads it ("Copy data and metadata."
        # under shutil.copy2): the heading names that side for it.
        heading = (f"{cand.source.title} {cand.source.section}" if cand.leads_section
                   else "")
        if not analysis.sides or len(analysis.focus) >= 2 and _sides_named(analysis):
            # (A side named as its own namespace's pages call it: "MAP_PRIVATE ... and
            # MAP_SHARED ..." in mmap.mmap's entry names mmap.MAP_PRIVATE and mmap.MAP_SHARED.)
            named = sum(focus_in(f, text, heading) or _as_written(
                member_name(f, cand.source.title), text) for f in analysis.focus)
            if named < 2 and not heading and _other_side_named(analysis, cand.source, text):
                named = 2
        else:
            named = sum(_side_in(side, f"{text} {heading}", cand.stems
                                 | {stem(w) for w in words(heading)})
                        for side in analysis.sides)
        cues = _cues(_COMPARE_RE, text)
        if _argument_case(analysis, cand, text):
            # "popitem() and popitem(last=False)": the calls differ by an argument, and the
            # span says what happens as that argument is set ("LIFO order if last is true
            # or FIFO order if false"; "If *sep* is given, consecutive delimiters are not
            # grouped together").
            return 1.0
        if named >= 2:
            # Both named and set against each other; named together only ("the result
            # of re.match() and re.search()") is less.
            return 1.0 if cues else 2 / 3
        if _calls_compared(analysis.text):
            # "resolve_name('app.models:User') vs resolve_name('app.models.User')": one
            # function, two ways of calling it; its entry's opening ("Resolve a name to an
            # object.") is neither way, only a span that sets them apart answers.
            return cues
        # One side described is part of the answer: the label asks for the other side too;
        # the first sentence of that side's own entry describes it best.
        if named and cand.leads_section:
            return max(cues, 2 / 3)
        return max(cues, 1 / 3 if named else 0.0)
    if kind == "yesno":
        if asks_need(analysis.text) and _NEED_SAID.search(text):
            return 1.0  # "Do I have to ...?": "... is detected automatically, so no ... is needed"
        if _default_unsaid(analysis.text, text):
            # "Out of the box, does Apache check the certificate of an HTTPS backend?":
            # what holds when nothing is set, which a span that says nothing of a default
            # ("Only trust X-Forwarded-Proto if ...") does not tell.
            return 0.0
        return _cues(_YESNO_RE, text)
    if kind == "definition":
        if (analysis.focus and all(_member_entry(f, cand.source.title) for f in analysis.focus)
                and _WHAT_IS.match(asked_sentence(analysis.text))):
            # "What is selectors.DefaultSelector?": the entry of its register method says
            # what register does ("Parameters: fileobj -- ..."), not what the class is.
            # (What an empty line does in a cmd.Cmd shell, its emptyline entry does say.)
            return 0.0
        introduced = _introduces(analysis, text)
        if introduced is not None:
            # "Format strings contain “replacement fields” surrounded by curly braces":
            # the term the question asks about, marked where the page introduces it; a
            # span that opens on another marked term ("“Format specifications” are used
            # within replacement fields ...") defines that one.
            return 1.0 if introduced else 1 / 3
        if _defines_other_name(analysis, text.split("\n", 1)[0] if cand.kind == "term"
                               else cand.source.section.split(SECTION_SEP)[-1]):
            return 0.0
        # A sentence whose subject is the question's, when that names nothing code-like
        # ("What does the q flag ... do?": "The q flag causes mod_substitute to not
        # flatten ..."), says what it is or does, under whatever heading.
        subject_said = not analysis.focus and bool(analysis.subject) and any(
            _subject_opens(text[start:end], analysis.subject[-1])
            for start, end in sentence_spans(text))
        if not subject_said and _heads_other_thing(analysis, cand.source.section):
            return 0.0  # it defines what its heading names
        if (cand.kind == "term" or cand.leads_section) and not (
                _NAMING.search(text) or announces(text)):
            return 1.0
        cues = _cues(_DEFINE_RE, text)
        spans = sentence_spans(text) if analysis.focus else []
        if any(_opens_with(text[start:end], name)
               for name in analysis.focus for start, end in spans):
            # "__slots__ reserves space for the declared variables ...": a sentence whose
            # subject is the name says what it is or does, whatever its verb.
            return max(cues, 2 / 3)
        return max(cues, 2 / 3) if subject_said else cues
    if asks_consequence(analysis.text):
        # "What happens when/to X": the answer says what follows. An exception's own entry
        # says when it is raised ("builtins.ImportError: Import can't find module ..."):
        # that it is raised is what follows.
        if cand.leads_section and raised_entry(cand.source.cite_title):
            return 1.0
        return _cues(_CONSEQUENCE_RE, text)
    if _LOCATION_Q.search(analysis.text):
        return _cues(_LOCATION_RE, text)
    if _MECHANISM_Q.search(analysis.text):
        # "How does X choose/find/resolve ...": the answer describes a search or an order.
        return _cues(_PROCESS_RE, text)
    return 1.0


_CASE_Q = re.compile(r"^\W*(?:if|when|once|whenever)\b([^,]{3,200}),", re.IGNORECASE)
# The case a question sets after what it asks ("... show when I give it no arguments?").
# "... hold after a for loop is exited with break?": an event after which it is asked.
_CASE_AFTER_Q = re.compile(r"\s(?:if|when|whenever|after|once)\b([^,?]{3,120})\?\s*$",
                           re.IGNORECASE)
# A why-question about a surprise: an error the asker gets, or a result instead of another.
_SURPRISE_Q = re.compile(
    r"\b(?:get|gets|getting|see|raises?|raised|throws?|fail(?:s|ed)?(?:\s+with)?)\s+(?:an?\s+)?"
    r"[A-Z]\w*(?:Error|"
    r"Exception)\b|\binstead of\b|"
    # "Why is `'' in 'hello'` True?": the value code the asker writes comes to.
    r"^\s*[Ww]hy (?:is|does|do) `[^`]+`\s+(?:\w+\s+)?(?:True|False|None|\S*\d\S*)\s*\?|"
    # "Why doesn't cancel() stop it?": what the asker counted on did not happen.
    r"\b[Ww]hy (?:doesn't|does not|don't|do not|didn't|did not|won't|will not|isn't|is not)\b|"
    # "... expecting the file to stay inside data/, but new.csv turned up ...": likewise.
    r"\b(?:expect(?:ing|ed)?|I thought|assum(?:ed|ing))\b[^?]{0,120}\bbut\b|"
    # "Why does -G miss it?": what the asker counted on was left out.
    r"\b[Ww]hy (?:does|do|did|is|are|was|were)\b[^?]{0,60}\b(?:miss(?:es|ed|ing)?|skip(?:s|ped)?|"
    r"ignor(?:e|es|ed)|los(?:e|es|t)|drop(?:s|ped)?|fail(?:s|ed)?)\b")
# A rule a passage states: what must, cannot or only may be, or what it is rather.
_RULE_RE = re.compile(
    r"\b(must|cannot|can't|can only|only (?:be|if|when|works?)|(?:is|are) not allowed|"
    r"not permitted|(?:is|are) required|rather|(?:is|are) (?:always|never)|"
    # What is not promised: "this does not guarantee that the task will be cancelled".
    r"(?:does|do) not guarantee|(?:is|are) not guaranteed|no guarantee|not necessarily|"
    # What is left out: "filenames starting with a dot are special cases that are not
    # matched by '*' and '?' patterns".
    r"(?:is|are) not (?:matched|included|listed|shown|returned|selected|considered|counted|"
    r"found|copied|expanded|picked up))\b|"
    # What it is and is not: "relative to the current working directory, *not* the
    # directory of the Path object".
    r",\s+\*?not\*?\s+(?:the|a|an|in|on|at|to|from)\b|"
    # What holds unless something: "Unless --text is supplied patches of binary files
    # without a textconv filter will be ignored.", "This function does nothing if the root
    # logger already has handlers configured, unless the keyword argument *force* is set".
    # (Not an aside in brackets: "(unless the task was already cancelled)".)
    r"(?<!\()\bunless\b",
    re.IGNORECASE)
# How a thing is defined ("The bitwise inversion of x is defined as -(x+1)").
_DEFINED_RE = re.compile(r"\b(?:is|are) defined (?:as|to be)\b", re.IGNORECASE)


def _case_words(analysis: QuestionAnalysis, weights: dict[str, float]) -> set[str]:
    """The words of the case a question sets, if it sets one.

    All of a "what happens" question; the opening clause of one that starts with one
    ("If continue runs inside a try block that has a finally clause, does ...?"), or the
    closing clause of one that ends with one ("... show when I give it no arguments?").
    """
    if asks_consequence(analysis.text):
        return set(weights)
    asked = asked_sentence(analysis.text)
    m = _CASE_Q.match(asked) or _CASE_AFTER_Q.search(asked)
    if not m:
        return set()
    said = set(words(m.group(1)))
    return {w for w in weights if w in said}


def _states_case(text: str,
                 share: Callable[[tuple[frozenset[str], frozenset[str]]], float],
                 negated: bool = False) -> bool:
    """A sentence of the span opens with the question's case ("When X is not handled,").

    ``share`` gives the part of the question a clause's words and stems carry; a case
    asked in the negative ("that no handler catches") is stated in the negative.
    """
    for start, end in sentence_spans(text):
        m = _CONDITION.match(text[start:end])
        if m:
            said = m.group("case") or m.group("subject") or m.group("bare")
            if negated and not _NEGATION.search(said):
                continue
            case = words(said)
            if share((frozenset(case), frozenset(stem(w) for w in case))) >= CASE_SHARE:
                return True
    return False


def _brings_about(analysis: QuestionAnalysis, text: str) -> bool:
    """A sentence of the span states the case in which what the question asks about happens.

    It opens with its condition ("If a path ... does not exist in the restore source,") and
    says the outcome the asking sentence ends on ("Why was it deleted?": "it will be
    removed").
    """
    named = {w for f in analysis.focus for w in words(f)}
    last = [w for w in words(asked_sentence(analysis.text))
            if w in analysis.content and w not in named][-1:]
    # (What happened: a verb, "deleted", "update"; not a place, "... on the lowest shelf".)
    if not last or not (last[0].endswith("ed") or last[0] in VERBS):
        return False
    outcome = {stem(last[0])} | _SYNONYMS.get(stem(last[0]), frozenset())
    for start, end in sentence_spans(text):
        sentence = text[start:end]
        m = _CONDITION.match(sentence)
        if m and outcome & {stem(w) for w in words(sentence[m.end() - 1:])}:
            return True
    return False


# A rule's condition, opening a sentence: "If these numbers are omitted, ...", "Even when
# version sort is used ...", "After the exception is suppressed, execution proceeds ...",
# "Unless ndigits is passed ..." (not "After that, ...": what comes next).
_RULE_OPENS = re.compile(r"\W*(?:even )?(?:if|when|whenever|once|unless|after(?! (?:that|this)\b))"
                         r"\s+\S", re.IGNORECASE)


def _states_rule(text: str, asked: frozenset[str]) -> bool:
    """A sentence of the span opens with a condition and says a stem of ``asked``."""
    return any(_RULE_OPENS.match(text[start:end])
               and asked & {stem(w) for w in words(text[start:end])}
               for start, end in sentence_spans(text))


# What the asker saw a call or command give back: "returns None", "just get an empty
# string back", "raises ValueError".
_OUTCOME_SEEN = re.compile(
    r"\b(?:returns?|returned|returning|gives?|gave|gets?|got|getting|yields?|raises?|raised|"
    r"throws?|fails? with)\s+(?:me\s+)?(?:back\s+)?(?:just\s+|only\s+|simply\s+)?"
    r"(?:(?P<empty>an?\s+empty\s+(?P<noun>[a-z]+))|(?P<value>None|True|False)\b|"
    r"(?:an?\s+)?`?(?P<error>[A-Z]\w*(?:Error|Exception))\b)")
# A sentence that gives back or raises something on a condition.
_ON_CONDITION = re.compile(r"\b(?:if|when|whenever|unless|otherwise)\b", re.IGNORECASE)
_GIVES_BACK = re.compile(r"\b(?:returns?|returned|raises?|raised|yields?)\b", re.IGNORECASE)


def outcome_seen(question: str) -> tuple[str, ...]:
    """The outcome the asker reports seeing, as the words a sentence must say it in.

    "`get_source('mod')` returns None. Why?": ("None",); "I just get an empty string
    back": ("empty", "string").
    """
    m = _OUTCOME_SEEN.search(question)
    if m is None:
        return ()
    if m.group("empty"):
        return ("empty", m.group("noun"))
    return (m.group("value") or m.group("error"),)


def _states_outcome(text: str, outcome: Sequence[str]) -> bool:
    """A sentence of the span gives the outcome on a condition it states.

    "Return None if the tracemalloc module ... did not trace the allocation of the
    object." for an asker who got None back.
    """
    for start, end in sentence_spans(text):
        sentence = text[start:end]
        if not (_ON_CONDITION.search(sentence) and _GIVES_BACK.search(sentence)):
            continue
        if len(outcome) == 2:
            if re.search(rf"\bempty\s+{re.escape(outcome[1])}", sentence, re.IGNORECASE):
                return True
        elif re.search(rf"(?<![\w.]){re.escape(outcome[0])}\b", sentence):
            return True
    return False


def _caveat(text: str) -> bool:
    """A sentence of the span is a note on what the reader may not expect.

    "Note that tabs and spaces are both treated as whitespace, but they are not equal".
    """
    return any(_CAVEAT.match(text[start:end]) for start, end in sentence_spans(text))


_CAVEAT = re.compile(r"(?:\*\*)?(?:note|beware|caution|warning)\b(?:\s+that\b|:)",
                     re.IGNORECASE)


# The opening of an option's entry that says what setting it does ("If specified, ...",
# "When enabled, ...", "If this option is set, ...").
_SETTING_EFFECT = re.compile(
    r"^\W*(?:if|when|once)\s+(?:it\s+is\s+|this\s+(?:option|flag|directive|setting|keyword|"
    r"variable)\s+is\s+)?(?:specified|set|given|enabled|used|present|on|turned\s+on|"
    r"switched\s+on|true)\b", re.IGNORECASE)
# A section headed by a setting's name alone: "SuppressColumnSorting", "--all-match",
# "core.fileMode", "IGNORECASE".
_NAMED_SETTING = re.compile(
    r"(?:--?[a-z][\w-]*(?:[=\[ ].*)?|[A-Z][a-z]+(?:[A-Z][a-z0-9]*)+|[a-z]+(?:\.[a-zA-Z]+)+|"
    r"[A-Z][A-Z0-9_]{2,})(?:\s+Directive)?")


def _conditional(text: str) -> bool:
    """A sentence of the span opens with the condition its statement holds under."""
    return any(_CONDITION.match(text[start:end]) for start, end in sentence_spans(text))


def names_after_describing(text: str, asked: frozenset[str]) -> bool:
    """A sentence after the span's first gives the name asked about to what precedes it."""
    for start, end in sentence_spans(text)[1:]:
        named = _NAMED_AS.search(text[start:end])
        if named and asked & {stem(w) for w in words(named.group("name"))}:
            return True
    return False


def announces(text: str) -> bool:
    """The span is one sentence that only announces what comes after it."""
    # "There are two reasons ...: safety and performance." says what it announces.
    return (bool(_ANNOUNCES.match(text)) and ":" not in text.rstrip().rstrip(".")
            and len(sentence_spans(text)) == 1)


def _subject_opens(sentence: str, head: str) -> bool:
    """The sentence's subject is a noun phrase of the word ("The q flag causes ...")."""
    return re.match(rf"[\s*\"'`“‘(•]*(?:the|an?|this|each)\s+(?:[\w\-\"'“”‘’]+\s+){{0,2}}?"
                    rf"{re.escape(head)}s?\s+(?:{_SUBJECT_VERB})\b", sentence,
                    re.IGNORECASE) is not None


# What follows a sentence's subject: an auxiliary, or a verb's third person ("causes").
_SUBJECT_VERB = (r"is|are|was|were|can|cannot|may|must|will|would|should|does|has|have|"
                 r"[a-z]+[^s\W]s")


def _opens_with(sentence: str, name: str) -> bool:
    """The sentence's first words are the name: it is what the sentence is about."""
    head = sentence.lstrip("*\"'`“‘(• ")
    return head.startswith(name) and not head[len(name):len(name) + 1].isalnum()


def _cues(pattern: re.Pattern[str], text: str,
          echoed: frozenset[str] = frozenset()) -> float:
    """Distinct cue words of a shape in a span, as a grade: one cue 1/3, three or more 1.

    A cue that only echoes the question's own word (``echoed``: "The exec function can
    run a shell command" for "without letting them run shell commands") tells what the
    asker named, not what to do, unless it opens a sentence as an instruction ("Run ...").
    """
    # ("Ignore ... are ignored" is one cue, said twice.)
    found = {stem(m.group(0).lower()) for m in pattern.finditer(text)
             if stem(m.group(0).lower()) not in echoed or _opens_sentence(text, m.start())}
    return min(1.0, len(found) / 3)


def _opens_sentence(text: str, at: int) -> bool:
    """The position starts a sentence, a line or the text."""
    before = text[:at].rstrip(" \t*•")
    return not before or before[-1] in ".!?:;\n"


@lru_cache(maxsize=256)
def _asked_stems(question: str) -> frozenset[str]:
    """The stems of the words of the question's asking sentences."""
    return frozenset(stem(w) for w in words(asked_sentence(question)))
