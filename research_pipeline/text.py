"""Text analysis shared by indexing, reflection and passage selection.

Stems match tantivy's ``en_stem`` tokenizer (Snowball English), so document
frequencies read from the index line up with the terms computed here.
"""

from __future__ import annotations

import itertools
import re
import threading
from functools import lru_cache

import snowballstemmer

_WORD_RE = re.compile(r"[^\W_]+")
# A sentence may open with an emphasised name: "... used by instances. *__slots__* reserves
# space ...".
_ABBREVIATION = re.compile(r"(?<![\w.])(?:vs|e\.g|i\.e|cf|approx|incl|resp|viz|Mr|Mrs|Ms|Dr|"
                           r"Fig|Sec|Ch|Vol|pp?)\.$", re.IGNORECASE)
_SENTENCE_RE = re.compile(r"(?<=[.!?:])\s+(?=[\"'(`]?[A-Z0-9_]|\*{1,2}[A-Za-z_])|\n\s*\n")

STOPWORDS = frozenset(
    """a about above after again against all also am an and any are aren as at be because
    been before being below between both but by can cannot could did do does doing don down
    during each either etc few for from further had has have having he her here hers him his
    how however i if in into is isn it its itself just let may me might more most must my
    no nor not now of off on once one only or other our ours out over own same shall she
    should so some such than that the their theirs them then there these they this those
    through thus to too under until up upon us very via was we were what when where which
    while who whom whose why will with within without would yes yet you your yours e g ie
    eg""".split()
)

# Words that frame a question rather than carry its content.
QUESTION_WORDS = frozenset(
    """what how why when where which who whom whose explain describe does do did is are
    was were can could should would will list give name compare tell happens happen mean
    means meaning role used use uses using purpose difference differ work works kind kinds
    way ways example examples make makes made turn turns decide decides determine
    determines whether written""".split()
)

# A Snowball stemmer keeps its working state in the object: topics researched on several
# threads at once each need their own (a shared one mixes words up, or fails).
_stemmers = threading.local()


@lru_cache(maxsize=200_000)
def stem(word: str) -> str:
    """The Snowball English stem of a lowercased word."""
    stemmer = getattr(_stemmers, "english", None)
    if stemmer is None:
        stemmer = _stemmers.english = snowballstemmer.stemmer("english")
    return str(stemmer.stemWord(word))


def words(text: str) -> list[str]:
    """Lowercased word tokens: runs of letters and digits, split like tantivy's tokenizer."""
    return [w.lower() for w in _WORD_RE.findall(text)]


def terms(text: str, drop: frozenset[str] = STOPWORDS) -> list[str]:
    """Content terms: stemmed words, minus stopwords and one-letter tokens."""
    return [stem(w) for w in words(text) if w not in drop and len(w) > 1]


# Question words that are nouns too: "List the options" asks, "a list used as" names.
IMPERATIVES = frozenset({"list", "name"})


def asks_with(word: str, position: int) -> bool:
    """Whether a question's word (at a word position) only says what is asked."""
    return word in QUESTION_WORDS and (word not in IMPERATIVES or position == 0)


def question_words(text: str) -> dict[str, str]:
    """Stem -> first surface word, for the content words of a question, in order.

    A negative contraction's stem ("shouldn", "doesn" of "shouldn't", "doesn't") is no
    word of its own.
    """
    contracted = {m.group(1).lower() for m in NEGATIVE_CONTRACTION.finditer(text)}
    seen: dict[str, str] = {}
    for i, w in enumerate(words(text)):
        if w in STOPWORDS or asks_with(w, i) or len(w) < 2 or w in contracted:
            continue
        seen.setdefault(stem(w), w)
    return seen


# A negative contraction, its stem in the group: "shouldn" of "shouldn't".
NEGATIVE_CONTRACTION = re.compile(r"\b(\w+n)['’]t\b", re.IGNORECASE)


def normalize_ws(text: str) -> str:
    """Collapse every run of whitespace to one space."""
    return " ".join(text.split())


def sentence_spans(text: str, abbreviations: bool = True) -> list[tuple[int, int]]:
    """Character spans of the sentences of ``text`` (verbatim slices, trimmed).

    ``abbreviations=False`` splits as corpora were chunked when built (a full stop inside
    brackets or after "vs." ended a sentence), so that their passages stay as stored.
    """
    spans: list[tuple[int, int]] = []
    start = 0
    for match in _SENTENCE_RE.finditer(text):
        mark = text[match.start() - 1:match.start()]
        bracketed = mark in (":", ".") and text.count("(", start, match.start()) > text.count(
            ")", start, match.start())
        # A colon inside brackets ends no sentence: "(default: 900)".
        if mark == ":" and bracketed:
            continue
        if mark == "." and abbreviations:
            # Nor a full stop whose bracket closes later on its line ("(nor for ServerName
            # vs. ServerAlias)"), nor an abbreviation's ("vs.", "e.g.", "cf.").
            line_end = text.find("\n", match.end())
            if bracketed and ")" in text[match.end():line_end if line_end >= 0 else None]:
                continue
            if _ABBREVIATION.search(text, max(start, match.start() - 8), match.start()):
                continue
            # Nor an ellipsis set apart by spaces, which runs a series on ("Monday == 1
            # ... Sunday == 7").
            if text[max(start, match.start() - 4):match.start()] == " ...":
                continue
        _add_span(text, start, match.start(), spans)
        start = match.end()
    _add_span(text, start, len(text), spans)
    return spans


def _add_span(text: str, start: int, end: int, spans: list[tuple[int, int]]) -> None:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    if end > start:
        spans.append((start, end))


_CODE_RE = re.compile(
    r"\bdef \w+\(|\bself\.\w|(^|\s)@\w+[.(]|\breturn self\b|\)\s*:\s*\w+\s*=|::="
)


def looks_like_code(text: str) -> bool:
    """True for passages that are mostly code, grammar or tables rather than prose."""
    if ">>>" in text or "..." in text[:4] or _CODE_RE.search(text):
        return True
    letters = sum(ch.isalpha() for ch in text)
    symbols = sum(ch in "{}[]()=<>|*#;\\/" for ch in text)
    return letters == 0 or symbols / max(letters, 1) > 0.12


# Code written with punctuation ("HEAD~2", "@{-1}", "d |= other", "\x41") that word
# tokens lose: the characters that make a symbol of a run of text.
_SYMBOL_MARKS = frozenset("~^@{}|\\")
_SYMBOL_OPEN = "\"'`‘“(["
_SYMBOL_CLOSE = "\"'`’”.,;:!?"
# A value written out ("2", "0x1F") or left open ("<n>", "[<n>]", "&lt;n>"): one "n".
_SYMBOL_VALUE = re.compile(r"\[?(?:<[^<>\s]*>|&lt;[^<>\s]*>|\d+)\]?")
# The name a suffix is written after ("HEAD", "<rev>", "master", "v1.5.1").
_SYMBOL_BASE = re.compile(r"^(?:<[^<>\s]*>|&lt;[^<>\s]*>|[\w.\-/]+)(?=[~^@])")
SYMBOL_MAX = 40


def written_symbols(text: str) -> list[str]:
    r"""The code symbols of a text as written.

    Runs without spaces that hold one of ``~ ^ @ { } | \`` ("HEAD~2", "@{-1}", "|=";
    not a lone "|").
    """
    out: list[str] = []
    for raw in text.split():
        token = raw.lstrip(_SYMBOL_OPEN).rstrip(_SYMBOL_CLOSE)
        if token.endswith(")") and token.count(")") > token.count("("):
            token = token[:-1].rstrip(_SYMBOL_CLOSE)
        if (2 <= len(token) <= SYMBOL_MAX and "://" not in token
                and _SYMBOL_MARKS.intersection(token)):
            out.append(token)
    return list(dict.fromkeys(out))


def symbols(text: str) -> list[str]:
    """The code symbols of a text, lowercased: each as written and by its shape.

    The shape drops the name a suffix follows and writes every value as ``n``, so a
    question's "HEAD~2" meets the manual's "<rev>~[<n>]" and "master~3" in the shape
    "~n", and "@{-1}" meets "@{-<n>}" in "@{-n}". The index and the query both use this,
    so the two always agree.
    """
    out: list[str] = []
    for token in map(str.lower, written_symbols(text)):
        out.append(token)
        shape = symbol_shape(token)
        if shape != token and len(shape) >= 2 and _SYMBOL_MARKS.intersection(shape):
            out.append(shape)
    return list(dict.fromkeys(out))


# A name written with underscores or dots ("__radd__", "task_done", "threading.Thread"):
# word tokens split it into its parts, and a part ("add", "thread") is a word every page
# of its kind uses.
_IDENT = r"_*[A-Za-z][A-Za-z0-9]*(?:_+[A-Za-z0-9]+)*_*"
_CODE_NAME = re.compile(rf"(?<![\w.]){_IDENT}(?:\.{_IDENT})*(?![\w]|\.\w)")


def _is_code_name(name: str) -> bool:
    return ("_" in name or "." in name) and any(ch.isalpha() for ch in name) and (
        len(name) <= SYMBOL_MAX)


def code_names(text: str, lower: bool = True) -> list[str]:
    """The names of a text written with an underscore or a dot ("__radd__", "csv.writer").

    The index keeps them whole, lowercased, beside the words they split into
    (``indexed_names``), and a query's names meet them there.
    """
    out = [m.group(0).lower() if lower else m.group(0) for m in _CODE_NAME.finditer(text)
           if _is_code_name(m.group(0))]
    return list(dict.fromkeys(out))


def indexed_names(text: str) -> list[str]:
    """The names of a text as the index keeps them, and how a question may write them.

    Each dotted name also by its shorter forms ("Thread.start" of "threading.Thread.start"),
    and by each part that has an underscore ("__radd__" of "object.__radd__",
    "mod_deflate" of "mod_deflate.so").
    """
    out: list[str] = []
    for name in code_names(text):
        parts = name.split(".")
        out += [".".join(parts[i:]) for i in range(max(len(parts) - 1, 1))]
        if len(parts) > 1:
            out += [part for part in parts if "_" in part]
    return list(dict.fromkeys(out))


def without_code_names(text: str) -> str:
    """The text with its names written with underscores blanked out (``code_names``).

    (Dotted names without an underscore stay: their words are the words of the name.)
    """
    return _CODE_NAME.sub(lambda m: " " if "_" in m.group(0) else m.group(0), text)


def symbol_shape(symbol: str) -> str:
    """A symbol without the name a suffix follows, every value written ``n``."""
    return _SYMBOL_VALUE.sub("n", _SYMBOL_BASE.sub("", symbol.lower()))


@lru_cache(maxsize=4096)
def valued_shape(term: str) -> str:
    """The shape of a term that is one symbol holding a value ("~n" of "HEAD~2"), else ""."""
    if written_symbols(term) != [term]:
        return ""
    bare = _SYMBOL_BASE.sub("", term.lower())
    shape = _SYMBOL_VALUE.sub("n", bare)
    return shape if shape != bare and _SYMBOL_MARKS.intersection(shape) else ""


# A command-line option as written: "-C", "--ignore-revs-file", the "-M" of "-M[<num>]".
# A short option is one letter, its case its meaning ("-C" is not "-c"); not a dash inside
# a word ("non-cone") or a number ("-1").
_OPTION = re.compile(
    r"(?<![\w\-.&/])(?:--[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*|-[A-Za-z](?![A-Za-z]))")


def option_names(text: str) -> list[str]:
    """The command-line options a text writes ("-C", "--ignore-revs-file"), as written.

    Word tokens lose them: "-C" is a one-letter word, and "--ignore-revs-file" three
    common ones. The index keeps them whole among the symbols, and a query's meet them.
    """
    return list(dict.fromkeys(m.group(0) for m in _OPTION.finditer(text)
                              if len(m.group(0)) <= SYMBOL_MAX))


# A name joined by hyphens as a document's title writes it: "git-bundle(1) Manual Page".
_HYPHENATED_NAME = re.compile(r"(?<![\w-])[a-z][a-z0-9]*(?:-[a-z0-9]+)+(?![\w-])")
# A word a command line is made of: "git", "check-ref-format", "update".
_COMMAND_WORD = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*")


def title_names(title: str) -> list[str]:
    """The hyphenated names a document's title gives ("git-bundle"), lowercased.

    A command's manual page is titled by the command's name with hyphens for the spaces
    a user types ("git bundle"): ``joined_names`` of a query meets them, and so do a
    query's own hyphenated names ("git-am", as a follow-up query names a page).
    """
    return list(dict.fromkeys(m.group(0) for m in _HYPHENATED_NAME.finditer(title.lower())))


def is_hyphenated_name(token: str) -> bool:
    """A name joined by hyphens as a title writes a command ("git-rerere", "set-url")."""
    return _HYPHENATED_NAME.fullmatch(token) is not None


def command_tokens(text: str) -> list[str]:
    """A text's words as a command line is typed, without the punctuation around them."""
    return [t.strip("?!.,;:\"'()") for t in text.split()]


def typed_commands(text: str) -> list[str]:
    """A word and the hyphenated name typed after it, joined as a title writes the command.

    "the exit code of git merge-file" gives "git-merge-file", the name of its manual page:
    the words "merge" and "file" are on every page about merging files.
    """
    tokens = command_tokens(text.lower())
    return list(dict.fromkeys(
        f"{a}-{b}" for a, b in itertools.pairwise(tokens)
        if _COMMAND_WORD.fullmatch(a) and "-" not in a and a not in STOPWORDS
        and is_hyphenated_name(b)))


def joined_names(text: str) -> list[str]:
    """Each two adjacent words of a text joined by a hyphen ("git bundle" as "git-bundle")."""
    return list(dict.fromkeys(
        f"{a}-{b}" for a, b in itertools.pairwise(command_tokens(text.lower()))
        if _COMMAND_WORD.fullmatch(a) and _COMMAND_WORD.fullmatch(b)))
