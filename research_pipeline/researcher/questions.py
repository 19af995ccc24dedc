"""Question analysis: what a question is about (its focus) and what kind of answer it wants.

The focus is what an answer must name: code identifiers and options (``sys.modules``,
``core.fileMode``, ``--force-with-lease``, ``mod_rewrite``, ``[L]``, ``HTTP/2``), quoted
terms, and capitalised names inside the sentence (``KeepAliveTimeout``, ``Redirect``).
A question without any names still has a focus: its most specific content word, chosen
by inverse document frequency when the answer is being judged.

The answer type says what the answer must contain: a definition, a list, a procedure,
a number (a count, size, default value, limit or version), a comparison, a reason, or a
yes/no verdict. Types are read from the question's wording, the way a reader would.
"""

from __future__ import annotations

import functools
import keyword
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from research_pipeline.text import (
    IMPERATIVES,
    NEGATIVE_CONTRACTION,
    QUESTION_WORDS,
    STOPWORDS,
    asks_with,
    sentence_spans,
    stem,
    words,
)

AnswerType = Literal[
    "definition", "list", "procedure", "number", "comparison", "reason", "yesno", "explanation"
]

# Plain-words names of the answer types, for reasons a person reads.
TYPE_NAMES: dict[str, str] = {
    "definition": "a definition", "list": "a list", "procedure": "the steps or command",
    "number": "the value", "comparison": "a comparison", "reason": "the reason",
    "yesno": "a yes or no", "explanation": "an explanation",
}

# A single quote opens a quotation only after a space, a bracket, "=", "," or ":" (not the
# quote that closes '?' in "nargs='?', nargs='*'").
_QUOTED = re.compile(r"`([^`]+)`|\"([^\"]{1,60})\"|“([^”]{1,60})”|"
                     r"(?<![^\s(\[{=,:])'([^'\s,;][^']{0,58}[^'\s])'")
# An elided construct: "raise ... from", "try ... except".
_ELIDED = re.compile(r"\b([A-Za-z_]\w*) (?:\.\.\.|…) ([A-Za-z_]\w*)\b")
_IDENTIFIER = re.compile(
    r"(?<![\w-])("
    r"(?:~|\.)[\w.-]*/[\w./-]*\w|/[\w.-]+(?:/[\w.-]+)+|"  # paths: ~/.gitconfig, .git/config
    r"[\w.@]*[~^@{}][\w.@{}~^:+-]*|"              # revisions: HEAD~2, HEAD^2, @{-1}
    r"--?[A-Za-z][\w-]*(?:=[^\s,?]+)?"          # options: --force-with-lease, -p, --type=x
    r"|\[[A-Za-z0-9,=]{1,12}\]"                  # flags: [L], [R=301]
    r"|%(?:\{[\w-]+\}[A-Za-z]?|\d+(?:\.\d+)?[+-]?|[A-Za-z])"  # formats: %2+, %h, %{Host}i
    r"|\$(?:\d+|\{\w+\})"                          # back-references, defines: $1, ${domain}
    r"|<[A-Za-z][\w-]*>"                         # <Directory>, <file-option>
    r"|[A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*)+(?:\(\))?"  # dotted: sys.modules, core.fileMode
    r"|[A-Za-z]*_[\w]*"                          # snake: mod_rewrite, __init__
    r"|[A-Za-z]+/[0-9][\w.]*"                    # HTTP/2, HTTP/1.1
    r"|[a-z]+[A-Z][A-Za-z0-9]*"                  # camelCase: autoCorrect
    r"|[A-Z][a-z0-9]+[A-Z][A-Za-z0-9]*"          # PascalCase: KeepAliveTimeout
    r"|[A-Z]{2,}[a-z][a-z0-9]+[A-Za-z0-9]*"      # after an acronym: SSLProtocol, OSError
    r"|[A-Z][A-Z0-9]{1,}"                        # acronyms: LFS, QUIC, SSL
    r"|[a-z]+[0-9]+[a-z0-9]*(?!\.\d)"             # letters and digits: h2c, md5 (not v2.3.0)
    r"|[A-Za-z_]\w*\(\)"                         # calls: sorted()
    r"|[a-z_]\w*(?==(?:True|False|None)\b|='[^'\s]{1,3}'(?!\w))"  # writeback=True, nargs='?'
    r"|-?\w+(?:\*\*|//|<<|>>|[*/%^&|@])-?\w+"        # expressions: -1**2, 7//2, a|b
    r")(?![\w-])"
)
_CAPITALISED = re.compile(r"(?<=[a-z,;:] )([A-Z][a-z][a-zA-Z]+(?: [A-Z][a-z][a-zA-Z]+)*)\b")

_AUX = (r"(is|are|was|were|does|do|did|can|could|should|will|would|must|has|have|may|"
        r"might|am)")
# A yes/no question starts with an auxiliary, possibly after a leading condition
# ("If a directory is ignored, can I ...?", "With text=auto set, does Git ...?").
_YESNO = re.compile(rf"^{_AUX}\b|^(if|with|when|after|once|in)\b[^?]*?,\s*{_AUX}\b", re.I)
# A clause that sets the case or the purpose before what is asked: "To get the time an
# hour ago, can I ...?", "In git status -s output, what do ...?".
_LEADING_CLAUSE = re.compile(r"^(?:if|with|when|after|once|in|to|for|before|on|at|using|"
                             r"given|without|during|from|since|while|out|by|under|within|"
                             r"inside|outside)\b[^?,]*?,\s*", re.I)
_YESNO_AFTER_CLAUSE = re.compile(rf"{_LEADING_CLAUSE.pattern}{_AUX}\b", re.I)
_NUMBER = re.compile(
    # "how similar must it be", "how soon": a degree, said as a value
    r"\bhow (many|much|long|large|big|often|far|old|similar|close|high|low|small|soon|deep|"
    r"wide|fast|quickly)\b|"
    r"\bdefault (value|setting|size|mode|port|limit|timeout|level)\b|"
    # "What are the default garbage collection thresholds?": the values it starts with.
    r"\bwhat (?:is|are|was|were) the default\b|"
    r"\b(maximum|minimum|max|min)\b|"
    r"\blimit\b|\brange of values\b|"
    # ("What's the highest number it can print?", "What is the port ...?")
    r"\b(what|which)(?:['’]s|\s+(?:is|are|was|were))? (?!(?:kinds?|types?|sorts?) of)"
    r"(\w+ ){0,2}(port|version|release|size|"
    r"timeout|number|value|status code|exit code|code|tolerance|precision|length|delay|"
    r"interval|threshold|level|index)\b|"
    # "What was the old hardcoded value ...?"
    r"\bwhat(?:['’]s|\s+(?:is|are|was|were))\s+the\s+(?:\w+\s+){1,3}(?:value|timeout)\b|"
    r"\bin which (\w+ )?(version|"
    r"release)\b|\bwhen was\b|\bwhat (exit|status|return) code\b|"
    # "What ... does it use when I don't give one?": the value it takes by default.
    r"^\W*(?:(?:at|to|in|on|by|with|for) )?(?:what|which)\s+"
    r"(?!(?:happens|happened|does|do|did|is|are|was|were|will|would|can|could|should|must|"
    r"if|when)\b)[a-z]+\b[^?]*\b(?:when|if) (?:i|you|we) (?:don't|do not|never|haven't) "
    r"(?:give|set|specify|pass|provide|supply|configure|choose|pick|select|name|say)\b|"
    # "... and what is it set to by default?"
    r"\bwhat (?:is|are) (?:it|they|that|this|the \w+) set to\b|"
    # "Which mode does makedirs ask for by default, and why ...?": the value it takes.
    r"^\W*(?:what|which)\s+(?!(?:happens|happened|does|do|did|is|are|was|were|will|would|"
    r"can|could|should|must|if|when)\b)[a-z]+\b[^?,]*\bby default\b",
    re.IGNORECASE)
# What a call with literal arguments comes to ("What does math.prod([]) return?",
# "What does round(2.5) give?"): a value, not what the function is.
_LITERAL_CALL_RESULT = re.compile(
    r"^\s*what (?:does|will|would) [\w.]+\((?=[^()]*(?:\[\]|\{\}|\(\)|\d|['\"]|"
    r"\b(?:None|True|False)\b))[^()]*(?:\([^()]*\)[^()]*)*\) "
    r"(?:return|give|evaluate to|produce|come to|come out as|come out to|turn into|end up as)\b",
    re.IGNORECASE)
_REASON = re.compile(r"^why\b|\bwhy\s*\?$|"
                     r"\b(what is the reason|for what reason|reasons? (for|why))\b",
                     re.IGNORECASE)
_COMPARISON = re.compile(
    r"\b(difference between|differ|differently|different from|versus|vs\.?|"
    # (Not a purpose: "which parts does Git compare to decide whether they apply?")
    r"compared? to(?! (?:decide|determine|see|check|find|know|tell|choose|pick|select|"
    r"match|verify|test)\b)|compared with|how\b[^?]*\bcompares? with|"
    r"better than|safer than|takes precedence|which (one|value) (does|do|is|wins)|"
    r"trade-?offs?|pros and cons)\b"
    r"|\b(which|what) value does\b"
    # "close() or unselect() when I'm done, what's the difference?": the two named before.
    r"|\bwhat(?:'s| is) the difference\s*\?",
    re.IGNORECASE)
# Two things set against each other in so many words, whatever else the question asks.
_SET_AGAINST = re.compile(r"\b(?:compared (?:to|with)|difference between|differs?|versus|"
                          r"vs\.?)(?!\w)", re.IGNORECASE)
_TWO_SIDES = re.compile(r"\bboth\b|\beither\b|\bsame \w+ (is|are)?\s*(set|defined|given)", re.I)
_PLURAL = (r"(?!(?:is|was|does|has|this|its|us|yes|always|less|unless|whereas|thus)\b)"
           r"[a-z-]+s(?<!ss)(?<!ous)")
# A clause that sets the case before the question asks: "When Apache hands a request on
# to a backend, which extra headers does it add ...?"
_CASE_FIRST = r"(?:[^?]{0,120},\s+)?"
# "Which characters am I ...", "Which versions of UUID can ...", "Which fields from lstat
# does Git compare ...": the plural noun, perhaps with what it is of or from. (Also after
# a preposition: "In what forms can I tell UserDir ...?")
_LIST_HEAD = (
    # (Perhaps after a clause that sets the case: "In the readable form of ExpiresDefault,
    # like "access plus 1 month", which time units can I use?")
    rf"^{_CASE_FIRST}(?:(?:in|on|for|from|with|under|at) )?(?:which|what) "
    rf"(?:[A-Za-z-]+ ){{0,3}}{_PLURAL} "
    # (What they are of or where: "Which parts of the server installation should ...",
    # "Which values in an ini file will ...?")
    rf"(?:(?:of|from|in|on|for) (?:an? |the |my |our |your )?(?:[\w.-]+ ){{0,2}}[\w.-]+"
    rf"(?:'s [\w.-]+)? )?(?:can|"
    rf"could|does|do|did|are|am|were|will|should|must|have|has|may|might|would)\b")
_LIST_HEAD_RE = re.compile(_LIST_HEAD, re.IGNORECASE)
# "Which RPM packages come out of building httpd ...?": the plural noun, then its own verb.
_NOT_A_NOUN = (r"(?:is|was|does|has|did|do|are|were|can|could|should|would|will|must|may|"
               r"might|have|am|happens|happened|of|from|in|on|for|to|that|which|when|if|"
               r"after|before|while|you|i|we|they)\b")
_LIST_HEAD_VERB = (rf"^(?:which|what) (?:(?!{_NOT_A_NOUN})[a-z][\w.-]* ){{0,2}}"
                   rf"(?!{_NOT_A_NOUN}){_PLURAL} (?!{_NOT_A_NOUN})[a-z]{{3,}}(?<!s)\b")
# "Which of telnetlib's Telnet read methods return at once ...?": those of a kind that do.
_WHICH_OF = (rf"^(?:which|what) of (?:the |these |those |its |their |[\w.-]+'s )"
             rf"(?:[\w.-]+ ){{0,3}}{_PLURAL}\b")
_LIST = re.compile(
    rf"{_LIST_HEAD}|{_WHICH_OF}|{_LIST_HEAD_VERB}|"
    rf"\bwhat (kinds|types|forms|sorts) of\b|"
    # "What else can I delete?", "What does it store besides the commit?": more items
    # than the ones the asker knows.
    rf"\b(what|which) (else|other)\b|^what\b[^?]* (besides|apart from|other than|in "
    rf"addition to)\b|"
    rf"\bwhere else\b|^(list|name|enumerate)\b|\b(list|name) (the|all)\b|"
    rf"^what are the ([a-z-]+ )?{_PLURAL}\b|"
    # "What are my options for giving a thread its work?"
    r"^what (?:are|were) (?:my|our|your|the) (?:options|choices|alternatives)\b|"
    # "In which order does Apache apply them?": a sequence, the items in their order.
    r"\b(?:in )?(?:which|what) order\b|\bthe order (?:in which|of)\b|"
    # "What does the commit-graph file store for each commit?": what it holds for each,
    # item by item. (Not "What does the glaze folder hold?", which a sentence answers.)
    r"^what (?:does|do|will) (?:the |a |an |each |every )?[\w.-]+(?: [\w.-]+){0,2} "
    r"(?:store|stores|contain|hold|record|keep|save) (?:for|about|on) (?:each|every) [\w-]+"
    r"\s*\?|"
    # And of what each one holds: "What does each dis.Instruction tell me about a bytecode
    # operation?" asks for its fields.
    r"^what (?:does|do|will) (?:each|every) [\w.-]+(?: [\w.-]+){0,2} (?:tell|give|show|"
    r"store|contain|hold|record|keep|save|say)\b",
    re.IGNORECASE)
# What an asker does to a setup ("set up", "put in the configuration"; not "set it to",
# which asks for a value).
_DONE_TO_IT = r"(?:set(?! \w+ to\b)|configure|change|add|run|put|write|fix|install|enable|edit)"
_PROCEDURE = re.compile(
    # A last "How do I do that?" follows the sentence it asks about (``asked_sentence``).
    # So may a clause that sets the case ("After I've put all the jobs on the queue, how
    # do I make the main thread wait ...?").
    r"(?:^|(?<=[.!?] )|(?<=, ))(how (do|can|should|would|could) (i|you|one|we)|how to|what "
    r"(command|steps?)|"
    r"which command|what should (i|you|we) do|"
    # "What do I have to do so people can clone it?", "What else do I need to set up?",
    # "What do I have to put in the nginx configuration so that ...?"
    rf"what (?:else )?(?:do|would|will) (?:i|you|we) (?:have|need) to (?:do|{_DONE_TO_IT})\b|"
    rf"what (?:else )?(?:must|should|do) (?:i|you|we) {_DONE_TO_IT}\b|"
    # "How should this be set up?": how a thing is done, asked of the thing.
    r"how (?:should|must|can|could|would) (?:this|it|that|these|they) be (?!that\b)|"
    # "How is the code supposed to recover from an abort?"
    r"how (?:is|are) (?:i|we|you|it|they|(?:the|my|our|your) [\w-]+) supposed to\b|"
    # "How can new clones reuse that copy?", "How should a shell script read the names?",
    # "How should Apache be configured ...?": what a thing of the asker's is to do. (Not
    # "How can that happen when I checked first?", "How could that work ...?" or "How can
    # two different objects end up with the same id?", which ask why.)
    r"how (?:should|must|can|could) (?!(?:that|this|it|they|these|those)\b|"
    r"[^?]*\b(?:happen|occur|end(?:ed)? up)\b)"
    r"(?:(?:a|an|the|my|our|your|each|every|new) )?"
    r"(?:[\w.-]+ ){0,2}[\w.-]+ (?!be (?:that|so|true|right|wrong)\b)"
    r"(?:be \w+ed\b|[a-z]{3,}\b(?<!s))|"
    # "What's the proper way for a script to check ...?"
    r"what(?:'s| is) the (?:proper|right|best|correct|recommended|safest|simplest|easiest|"
    r"usual|normal|cleanest) way\b|"
    # "What git filter-repo command removes ...?": the command a program's name leads.
    r"(what|which) (?!(?:does|do|is|are|did|was|can|should|would)\b)(?:[\w.-]+ ){1,3}"
    r"command(?! (?:does|do|is|are|did|was)\b))\b|\bsteps? to\b",
    re.IGNORECASE)
# "Besides plain variable names, what else can I delete with del?": the opening phrase
# is what the asker knows already; "else" and "besides" only frame.
_SET_ASIDE_WORDS = (r"(?:besides|apart from|aside from|other than|except for|in addition to|"
                    r"(?:leaving|setting|putting|leave|set|put) aside)")
_SET_ASIDE = re.compile(rf"^\W*{_SET_ASIDE_WORDS}\s+([^,?]{{2,80}}),", re.IGNORECASE)
# "What does it store besides the commit it points to?": set aside at the end.
_SET_ASIDE_END = re.compile(rf"\b{_SET_ASIDE_WORDS}\s+([^,?]{{2,80}})\?\s*$", re.IGNORECASE)
_SET_ASIDE_FRAMING = frozenset({"besides", "apart", "aside", "else", "addition", "leaving",
                                "putting"})
_DEFINITION = re.compile(
    r"^(what (is|are|was|does|do)\b|define\b|what does .+ (mean|do|control|define|"
    r"specify|set|provide)\b)",
    re.IGNORECASE)

# Words that say what is asked rather than what it is about; never the focus.
_FRAMING = QUESTION_WORDS | frozenset(
    """default value values number many much long often maximum minimum difference
    reason happen happens instead rather best need needs get gets go goes thing things
    i me my you your one take takes want wants like""".split()) | frozenset(
    # Hedges ("What does `del x` actually do?"): they stress the question, and a text
    # that answers it has no cause to say them.
    "actually really truly basically simply precisely exactly roughly approximately".split()
) | frozenset(
    # "What is it supposed to do?" asks what it does (or should do).
    {"supposed"})
# A rate asked as a degree ("how fast does the log grow?"): the degree word frames it.
_HOW_FAST = re.compile(r"\bhow (fast|quickly)\b", re.IGNORECASE)
# Framing words of a question about a value, content words of any other question.
_VALUE_FRAMING = frozenset({"default", "maximum", "minimum"})
# Words that ask for a comparison; the answer sets the sides apart without them.
_COMPARISON_FRAMING = frozenset(
    "different differ differs differently compare compared comparison versus vs trade "
    "tradeoff tradeoffs pros cons".split())
# Quantities of what is asked ("the different ways", "multiple values"): they weigh as
# what they describe, but are never what a question hinges on.
UNSPECIFIC = frozenset("different differing multiple many possible".split())
# The dimension a comparison is made along ("safer than", "more efficient than"): the
# answer says what makes it so ("the protection it offers over --force"), rarely the word.
_COMPARATIVE = re.compile(r"\b(?:more |less )?([a-z]{3,}(?:er)?) than\b", re.IGNORECASE)
# A preference between two things ("Why is uuid4 usually preferred over uuid1 ...?"): the
# answer says what makes one the better choice ("uuid1() may compromise privacy"), rarely
# that it is preferred.
_PREFERENCE = re.compile(r"\b(prefer(?:s|red|able)?|favou?r(?:s|ed)?)\b"
                         r"(?=[^?.;]*\b(?:over|to|than|instead of)\b)", re.IGNORECASE)
_QUANTIFIER = re.compile(
    r"\b(" + "|".join(sorted(UNSPECIFIC)) + r") (ways|kinds|types|forms|sorts|methods|"
    r"options|approaches|things|places|cases)\b", re.IGNORECASE)
# Words too general to be what a question hinges on (its "crux"), however rare.
VAGUE = _FRAMING | frozenset(
    """besides else also still already yet plain whole single same another other others
    really actually exactly certain particular specific several various usually
    generally normally typically ever never always sometimes just only even inside
    outside within without together first second third last next previous time times way ways
    kind kinds type types part parts case cases bad good idea problem problems
    lot lots plenty bunch tons loads something anything everything nothing someone anyone
    somebody anybody somewhere anywhere possible impossible anyway anyhow
    fine okay ok alright outright altogether ones
    right proper properly sure""".split())


# An error the asker meets: "why do I get a TypeError", "why does it raise KeyError".
_EXCEPTION_NAME = re.compile(r"[A-Z]\w*(?:Error|Exception|Warning)")
# What says an exception was raised: "Python raises `io.UnsupportedOperation: ...`".
_RAISED = re.compile(r"\b(?:raises?|raised|throws?|threw|fails?\s+with|failed\s+with|"
                     r"dies\s+with|died\s+with)(?:\s+an?)?")


def _raised(name: str, question: str) -> bool:
    """The question says the exception of that name was raised (not a setting "raised")."""
    return name.rsplit(".", 1)[-1][:1].isupper() and re.search(
        rf"{_RAISED.pattern}\W{{0,3}}{re.escape(name)}(?![\w.])", question,
        re.IGNORECASE) is not None


_SYMPTOM = re.compile(
    r"\b(?:get|gets|getting|see|sees|seeing|raises?|raised|throws?|fails? with|"
    rf"an?)\s+(?:an?\s+)?({_EXCEPTION_NAME.pattern})\b")


@dataclass(frozen=True)
class QuestionAnalysis:
    """What a question is about and what kind of answer it wants."""

    text: str
    answer_type: AnswerType
    focus: tuple[str, ...]            # surface forms, as asked ("core.fileMode", "[L]")
    focus_words: tuple[tuple[str, ...], ...]  # each focus as lowercase word tokens
    content: tuple[str, ...] = field(default=())  # content words (surface, lowercase)
    # Content words asked about in the negative ("not tracked"): "untracked" says the same.
    negated: tuple[str, ...] = field(default=())
    # Names from a sentence that sets the scene ("I set help.autoCorrect to 20."): they
    # weigh like the focus but an answer need not repeat them.
    scene: tuple[str, ...] = field(default=())
    # The question's grammatical subject ("the import statement" in "What two operations
    # does the import statement combine?"): what the answer must be about.
    subject: tuple[str, ...] = field(default=())
    # What the asker acts on, when the asker is the subject ("the status" in "How do I get
    # the status in a form a script can read?"): what the answer must be about.
    acted_on: tuple[str, ...] = field(default=())
    # A comparison's two sides, each as the words that tell it from the other
    # ("graceful" and "normal" in "a graceful restart and a normal restart").
    sides: tuple[tuple[str, ...], ...] = field(default=())
    # Words that only count what is asked ("different" in "the different ways to") or name
    # the dimension of a comparison ("safer than"): they weigh as little as framing words.
    quantifiers: tuple[str, ...] = field(default=())
    # What a list question asks to enumerate ("levels" in "Which levels can I set?").
    items: str = ""
    # What the asker sets aside ("Besides plain variable names, what else ..."): a span
    # about it answers what was not asked.
    excluded: tuple[str, ...] = field(default=())
    # The verb a yes/no question asks about ("delete" in "Do I have to delete the file
    # that tempfile.mkstemp creates?"): the verdict is about it.
    verb: str = ""
    # What kind of thing a name is, as the question says it ("decorator" in "the dataclass
    # decorator", "directive" in "the LogLevel directive"): the name's own entry is one.
    kinds: tuple[str, ...] = field(default=())
    # What the code a question writes out is, in the reference's own terms ("capture
    # pattern" for `case RED:`): they count where a span says them and are not missing
    # where it does not.
    implied: tuple[str, ...] = field(default=())
    # The asker's own words for what it shows or where a name is used ("variable" in "the
    # variable x", "class" in "What is __slots__ used for in a class?"), or for what it
    # expected instead ("Why does ~5 give -6 instead of some big positive number?"): they
    # count where a span says them, are not missing where it does not, and are never the
    # crux.
    setting: tuple[str, ...] = field(default=())
    # Focus names that are modules the question writes as plain words ("poplib"): every
    # entry of the module ("poplib.POP3.top") speaks of it.
    modules: tuple[str, ...] = field(default=())
    # Focus names the question writes as calls, bare ("input()", "print()"): a text names
    # the function by its call, its entry or in quotes, not by the plain word ("On input").
    calls: tuple[str, ...] = field(default=())

    @property
    def content_stems(self) -> list[str]:
        """Stems of the content words, in order, without repeats."""
        return list(dict.fromkeys(stem(w) for w in self.content))


_YESNO_LEAD = re.compile(r"^\W*(?:(?:if|when)\b[^,]*,\s*)?(?:do|does|did|can|could|should|"
                         r"must|will|would|may|might)\s+(?P<rest>.*)$", re.IGNORECASE)
_PRONOUN = re.compile(r"^(?:i|you|we|it|they|he|she|one)\b", re.IGNORECASE)
# Words between a yes/no question's subject and its verb ("also", "have to", "be").
_BEFORE_VERB = frozenset("also still ever actually really always automatically be get "
                         "then again even just not have has need needs to".split()) | {
    # What a name is ("the finally clause", "the re.sub function").
    "clause", "statement", "function", "method", "module", "class", "option", "command",
    "directive", "keyword", "operator", "object", "attribute", "decorator", "flag"}


_PART_OF = re.compile(r"^\W*(?:is|are|was|were)\b[^?]*\bpart of\b", re.IGNORECASE)


def yesno_verb(asked: str, focus: Sequence[str]) -> str:
    """The verb a yes/no question asks about, when its subject can be told.

    After a pronoun ("Do I have to delete ..."), after a name the question gives ("Does
    itertools.groupby merge ..."), or after a word that stands before verbs ("Does git
    clean also delete ...", "Can the same branch be checked out ..."); else nothing.
    """
    if _PART_OF.search(asked):
        # "Is the minus sign part of the literal?" asks what the literal includes: "numeric
        # literals do not include a sign".
        return "include"
    m = _YESNO_LEAD.match(asked)
    if not m:
        return ""
    rest = m.group("rest")
    start = -1
    pronoun = _PRONOUN.match(rest)
    if pronoun:
        start = pronoun.end()
    else:
        # The name that opens the subject, written out whole ("`case [first, second]:`").
        lowered = rest.lower()
        found = [(at, -len(f)) for f in focus if 0 <= (at := lowered.find(f.lower())) < 40]
        if found:
            at, minus = min(found)
            start = at - minus
            # A call written out is the subject still: "math.isclose(float('nan'), ...)".
            if rest[start:start + 1] == "(":
                depth = 0
                for i in range(start, len(rest)):
                    depth += {"(": 1, ")": -1}.get(rest[i], 0)
                    if depth == 0:
                        start = i + 1
                        break
    tokens = words(rest[start:]) if start >= 0 else words(rest)
    if start < 0:
        marker = next((i for i, w in enumerate(tokens) if w in _BEFORE_VERB), None)
        if marker is None or marker > 4:
            return ""
        tokens = tokens[marker:]
    verb = next((w for w in tokens if w not in _BEFORE_VERB), "")
    return verb if len(verb) > 2 and verb not in STOPWORDS else ""


# A wh-question's auxiliary, before its subject and verb: "how long ... does mod_md renew it?"
_WH_AUXILIARY = re.compile(r"^\W*(?:how|what|which|when|where|why)\b[^?]*?\b"
                           r"(?=(?:do|does|did|will|would|can|could|should)\s)", re.IGNORECASE)


def asked_verb(asked: str, focus: Sequence[str]) -> str:
    """The verb a wh-question asks about, after its auxiliary and its subject.

    "By default, how long before a certificate runs out does mod_md renew it?": "renew",
    what the value asked is the value of (a number question's verb).
    (A question with no auxiliary, "What is ...?", "Which ... are accepted?", has none, nor
    one whose verb is a common one: "How do I make ...?".)
    """
    sentence = re.sub(r"^\W*(?:\w+\W+){0,4}?(?=(?:how|what|which|when|where|why)\b)", "",
                      asked, flags=re.IGNORECASE)
    m = _WH_AUXILIARY.match(sentence)
    if not m or re.search(r"\bdo\W*$", sentence, re.IGNORECASE):
        return ""  # "What does apache2ctl configtest do?": no verb of its own
    verb = yesno_verb(sentence[m.end():], focus)
    return "" if verb in VERBS else verb  # "print", "make": said of everything


# A module's or package's name and one of its own ("csv.reader", "threading.Semaphore"),
# not an object's attribute ("self.__token", "h.digest") or a file's name ("report.txt").
_LIBRARY_NAME = re.compile(
    r"(?!(?:self|cls)\.)(?![\w.]*\.(?:txt|py|md|csv|json|html?|xml|ya?ml|toml|cfg|ini|log|"
    r"gz|tar|zip|sh|pyc|php|js|css|conf|c|h|rb|pl|jpe?g|png|gif|svg|pdf|db|sqlite)$)"
    r"(?:[a-z][a-z0-9_]{2,}|os|re|io)(?:\.[A-Za-z_]\w*)+(?:\(\))?"
    r"|__[a-z][a-z0-9_]*[a-z0-9]__(?:\(\))?")  # a special method: "__add__"


def _phrasal(verbs: str, particle: str) -> re.Pattern[str]:
    """A phrasal verb's forms, its particle after at most two words ("carry the work on")."""
    return re.compile(rf"\b((?:{verbs})\b(?:\s+\w+){{0,2}}?\s+{particle})\b", re.IGNORECASE)


# Everyday phrasal verbs and the word documentation uses for each.
_PHRASAL = (
    (_phrasal("carry|carries|carried|carrying", "on"), "continue"),
    (_phrasal("carry|carries|carried|carrying", "over"), "copy"),
    (_phrasal("sort|sorts|sorted|sorting", "out"), "resolve"),
    (_phrasal("look|looks|looked|looking|see|seeing", "past"), "ignore"),
    (_phrasal("switch|switches|switched|switching|turn|turns|turned|turning", "on"), "enable"),
    (_phrasal("switch|switches|switched|switching|turn|turns|turned|turning", "off"),
     "disable"),
    (_phrasal("give|gives|gave|giving", "up"), "abort"),
    (_phrasal("back|backs|backed|backing", "out"), "revert"),
    (_phrasal("throw|throws|threw|thrown|throwing", "away"), "discard"),
    (_phrasal("break|breaks|broke|breaking|split|splits|splitting", "up"), "split"),
    # "What does filecmp.cmpfiles give back?", "make run() come back right away": what a
    # call returns, and when.
    (_phrasal("give|gives|gave|given|giving|hand|hands|handed|handing", "back"), "return"),
    (_phrasal("come|comes|came|coming", "back"), "return"),
    (_phrasal("find|finds|found|finding", "out"), "determine"),
    (_phrasal("time|times|timed|timing", "out"), "timeout"),
    # "What comes along with the branch?": what goes together with it.
    (_phrasal("come|comes|came|coming|go|goes|went|going", "along"), "together"),
    # "change the name of a branch", "when a branch gets a new name": renaming it.
    (_phrasal("change|changes|changed|changing", "names?"), "rename"),
    (_phrasal("get|gets|got|getting|give|gives|gave|given|giving", r"new\s+names?"), "rename"),
    # Not a verb, but said the same way: "variable names" are what a language reference
    # calls identifiers.
    (re.compile(r"\b(variables?(?:'s)? names?)\b", re.IGNORECASE), "identifier"),
)
# What an asker describes in everyday terms anywhere in the question, and the word
# documentation uses for it, searched and weighed beside the asker's own: "CRLF line
# endings" are newlines, a path "without a leading slash" is not absolute (a relative
# one), "more than one CPU core" works in parallel, what is "left out" is excluded.
# Characters a question may write as their escapes, by the escape's letter, and their names.
_ESCAPES = {"n": "newline", "t": "tab"}
_DOC_TERMS = (
    (re.compile(r"\bline[- ]endings?\b|\bCRLF\b|\bend[- ]of[- ]line\b", re.IGNORECASE),
     "newline"),
    (re.compile(r"\b(?:without|no)\s+(?:a\s+)?leading\s+slash", re.IGNORECASE), "absolute"),
    (re.compile(r"\b(?:more than one|multiple|several|all (?:the|my|our))\s+(?:cpus?|cores|"
                r"processors)\b", re.IGNORECASE), "parallel"),
    (re.compile(r"\b(?:leave|leaves|left|leaving)\s+(?:\w+\s+){0,2}?out\b", re.IGNORECASE),
     "exclude"),
    # "how big each file is": the size of each file.
    (re.compile(r"\bhow (?:big|large)\b", re.IGNORECASE), "size"),
    # A status code of an HTTP class ("returning 500 errors", "a 404 response"): the class,
    # which documentation names more often than any one code ("5xx responses").
    *((re.compile(rf"\b{digit}\d\d\s+(?:errors?|responses?|status|codes?)\b",
                  re.IGNORECASE), f"{digit}xx") for digit in "2345"),
    # A character written as its escape ("still have the '\\n' on the end"): its name.
    *((re.compile(rf"\\{letter}(?![A-Za-z])"), name) for letter, name in _ESCAPES.items()),
)
# Names that are only capitalised words or acronyms ("Redirect", "Combined Log Format",
# "HTTPS"); names with inner capitals, digits or punctuation are code-like.
PLAIN_NAME = re.compile(r"(?:[A-Z][a-z]+|[A-Z]{2,})(?: (?:[A-Z][a-z]+|[A-Z]{2,}))*")
# An asking sentence that names nothing and only points back at the setting: "How should
# this be set up?", "How do I fix that?", "What can I do about it?".
SAYS_NOTHING = re.compile(
    r"(?:how|what)\s+(?:should|can|could|do|would|must)\s+(?:i|we|you|one)?\s*"
    r"(?:this|that|it|these|those)?\s*(?:be\s+)?(?:do|set\s+up|fix|fixed|solve|solved|"
    r"handle|handled|configure|configured|done|avoid|avoided|prevent|prevented|stop|"
    r"stopped)?\s*(?:this|that|it|these|those)?\s*(?:about\s+(?:this|that|it))?\s*\?",
    re.IGNORECASE)
_PLURAL_PRONOUN = re.compile(r"\b(?:they|them|these|those|both)\b", re.IGNORECASE)


def listed_before(question: str, asked: str, names: Sequence[str]) -> list[str]:
    """The names the sentence before the asking one lists together ("X and Y", "X, Y or Z").

    The last such list of two names or more; none when that sentence lists none.
    """
    before = " ".join(question.replace(asked, " ").split())
    last = re.split(r"(?<=[.!?])\s+(?=[A-Z`'\"])", before)[-1] if before else ""
    spans = sorted((m.start(), m.end(), n) for n in dict.fromkeys(names)
                   for m in re.finditer(rf"(?<![\w.-]){re.escape(n)}(?![\w-])", last))
    chains: list[list[str]] = []
    end = -1
    for start, stop, name in spans:
        joined = end >= 0 and re.fullmatch(
            r"[`'\"]?\s*(?:,\s*(?:(?:and|or)\s+)?|(?:and|or)\s+)[`'\"]?", last[end:start])
        if joined and chains:
            chains[-1].append(name)
        else:
            chains.append([name])
        end = stop
    # Names written as code ("REDIRECT_URL", "--prune"), not plain words ("TODO and FIXME"
    # the asker searches for are its own values).
    lists = [list(dict.fromkeys(c)) for c in chains if len(set(c)) >= 2
             and not any(PLAIN_NAME.fullmatch(n) for n in c)]
    return lists[-1] if lists else []


def asked_sentence(question: str) -> str:
    """The sentences that ask: from the first ending with '?' to the last.

    A question may set the scene first: "I set help.autoCorrect to 20. How long does
    Git wait...?". It may ask twice, the second time of what the first named: "should I
    use threading.BoundedSemaphore or a plain threading.Semaphore? What does the bounded
    one do differently?".
    """
    q = " ".join(question.split())
    parts = re.split(r"(?<=[.!?])\s+(?=[A-Z])", q)
    asked = [i for i, p in enumerate(parts) if p.endswith("?")]
    if not asked:
        return q
    first, last = asked[0], asked[-1]
    if first == last and last and not any(w not in STOPWORDS and w not in QUESTION_WORDS
                                          for w in words(parts[last])):
        # "... and textwrap.dedent() leaves all the indentation in place. Why?": the
        # sentence before says what is asked about.
        return f"{parts[last - 1]} {parts[last]}"
    return " ".join(parts[first:last + 1])


# The effort the asker wants spared: "without wading through every diff", "without having
# to remember an option", "without typing -S each time". (Not what must stay as it is, which
# the answer is chosen by: "without editing the configuration files", "without rewriting any
# commits", "without letting them run shell commands".)
_DONE_WITHOUT = re.compile(
    r"\bwithout\s+((?:having\s+to|wading|typing|retyping|remembering|repeating|scrolling|"
    r"wrapping|clicking|going\s+through|digging\s+through|searching\s+through)\b[^,.;:?]*)",
    re.IGNORECASE)


# A yes/no question whose subject is "it", the thing the setting told of: "We build a
# virtual environment ... and then copy the whole folder .... Will it keep working at the
# new path?"
_IT_ASKED = re.compile(r"(?:will|would|does|do|did|is|can|could)\s+it\b", re.IGNORECASE)


@functools.lru_cache(maxsize=4096)
def setting_words(question: str) -> frozenset[str]:
    """The words only the question's setting says, outside its asking sentences.

    "I call difflib.get_close_matches(...) to suggest a fix when someone mistypes a
    command. If I leave the other arguments alone, how similar ...?": "suggest",
    "mistypes", not "similar".
    """
    asked = asked_sentence(question)
    if _POINTS_BACK.search(asked) or SAYS_NOTHING.fullmatch(asked.strip()) or (
            _IT_ASKED.match(asked.strip()) and asked.strip() != question.strip()):
        # "What are these files?", "How should this be set up?", "Will it keep working at
        # the new path?": the asking sentence names what the setting describes; the
        # setting's words are the question's.
        return frozenset()
    return frozenset(words(question)) - frozenset(words(asked))


# A plural demonstrative and the noun it points back with: "these files", "those
# branches" (not "these are", "those ones"). (Not "that order" of "Will they still be in
# that order after the sort?": a singular one points at a detail of the story, the hire-
# date order, which the answer need not say.)
_POINTS_BACK = re.compile(
    r"\b(?:these|those)\s+(?!(?:are|were|do|did|will|would|can|could|should|must|have|had|"
    r"ones|cases|times|i|you|we|they|the|a|an)\b)[a-z][\w-]*", re.IGNORECASE)


def follows_on(question: str) -> bool:
    """The question goes on from the one before it.

    "this way", "that command", "the same option" name what the question before it asked
    about.
    """
    return _FOLLOW_UP.search(question) is not None


_FOLLOW_UP = re.compile(r"\b(?:this|that|the same) (?:way|command|option|flag|setting|method"
                        r"|approach|call|function|directive|trick)\b", re.IGNORECASE)


_MANNER = re.compile(r"\bby\s+\w+ing\b[^,;:?]*", re.IGNORECASE)


@functools.lru_cache(maxsize=4096)
def manner_words(question: str) -> frozenset[str]:
    """The words of how the asker says a thing is done, in its asking sentences.

    "How do I stop visitors from re-sorting a directory listing, both by clicking the
    column titles and by adding sort parameters to the URL?": "clicking", "titles",
    "adding", "parameters", "url" tell the ways, in the asker's words; what is to be
    stopped is the re-sorting.
    """
    return frozenset(w for m in _MANNER.finditer(asked_sentence(question))
                     for w in words(m.group(0)))


# Names a question's code binds: "job = q.get()", "for row in ...", "... as f",
# "class Meters(Length)", "def handler(...)".
_BINDING = re.compile(
    r"(?<![\w.])([A-Za-z_]\w*)\s*(?:,\s*[A-Za-z_]\w*\s*)*=(?!=)"
    r"|\b(?:for|as|def|class)\s+([A-Za-z_]\w*)")


# A class the asker defines or derives from in code (`class Meters(Length)`), or calls
# its own ("My Money class").
_CLASS_STATEMENT = re.compile(r"\bclass\s+([A-Za-z_]\w*)\s*(?:\(([^)]*)\))?")
_OWN_CLASS = re.compile(r"\b(?:[Mm]y|[Oo]ur) (?:own )?`?([A-Z]\w*)`? (?:data)?class\b|"
                        # "My `Storage(ABC)` base declares ...": its own class, written with
                        # what it is based on.
                        r"\b[Mm]y (?:own )?`([A-Z]\w*)\(([^`()]*)\)`")


# The modules whose classes a user's own classes are commonly based on.
_BASE_MODULES = ("builtins", "typing", "abc", "enum", "collections", "collections.abc",
                 "numbers", "contextlib", "threading", "unittest", "io")


@functools.cache
def _library_bases() -> frozenset[str]:
    """The capitalised names those modules export: "Protocol", "ABC", "TypedDict", "Enum"."""
    import importlib

    names: set[str] = set()
    for module in _BASE_MODULES:
        names |= {n for n in dir(importlib.import_module(module)) if n[:1].isupper()}
    return frozenset(names)


def _classes_written(question: str) -> list[tuple[str, list[str], bool]]:
    """The asker's classes a question names, each with the bases written for it.

    And whether the asker's code defines it (`class Meters(Length)`), rather than its prose
    naming it ("My Money class", "My `Storage(ABC)` base").
    """
    out = [(m.group(1) or m.group(2), [b.strip() for b in (m.group(3) or "").split(",")], False)
           for m in _OWN_CLASS.finditer(question)]
    out += [(m.group(1), [b.strip() for b in (m.group(2) or "").split(",")], True)
            for span in _BACKTICKED.finditer(question)
            for m in _CLASS_STATEMENT.finditer(span.group(1))]
    return out


def own_classes(question: str) -> list[str]:
    """The classes of the asker's own that a question names.

    Those its code defines and bases them on (`class Meters(Length)`), not a library's
    class it bases them on (`class Closeable(Protocol)`, `Storage(ABC)`): the question is
    about that one.
    """
    out: list[str] = []
    for name, bases, defined in _classes_written(question):
        out.append(name)
        out += [b for b in bases if defined and re.fullmatch(r"[A-Za-z_]\w*", b)
                and b not in _library_bases()]
    return list(dict.fromkeys(out))


def own_class_bases(question: str) -> list[str]:
    """The library classes the asker's own classes are based on.

    `class Closeable(Protocol)`, "My `Storage(ABC)` base": what the documentation knows the
    asker's class as.
    """
    return list(dict.fromkeys(b for _, bases, _ in _classes_written(question) for b in bases
                              if b in _library_bases()))


def _special_methods(text: str, classes: list[str]) -> str:
    """A special method of a class of the asker's own, written as the language's.

    "Meters.__radd__" of `class Meters(Length)` is what the reference calls
    object.__radd__: the documentation knows no Meters.
    """
    for cls in classes:
        text = re.sub(rf"(?<![\w.]){re.escape(cls)}\.(__\w+__)", r"\1", text)
    return text


def _plural(word: str) -> str:
    if word.endswith(("s", "x", "z", "ch", "sh")):
        return f"{word}es"
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return f"{word[:-1]}ies"
    return f"{word}s"


@functools.lru_cache(maxsize=512)
def bound_names(question: str) -> frozenset[str]:
    """The words of the names the question's own code binds, and their plurals.

    "I start four worker threads that each loop on `job = q.get()` and process the job.
    ... until every job has actually been finished": "job" and "jobs" are the asker's
    words for what the documentation calls items or tasks.
    """
    out: set[str] = set()
    for span in _BACKTICKED.finditer(question):
        code = span.group(1)
        bound = [m.group(1) or m.group(2) for m in _BINDING.finditer(code)]
        # Every target of a for loop: "for root, dirs, files in os.walk(...)".
        bound += [name for m in _FOR_TARGETS.finditer(code)
                  for name in re.findall(r"[A-Za-z_]\w*", m.group(1))]
        # The parameters of a lambda or a def it writes ("lambda e: e.dept") and the
        # attributes it reads off them ("dept"): its own names too.
        for m in _PARAMETERS.finditer(code):
            bound += re.findall(r"(?<![\w.=])([A-Za-z_]\w*)(?=\s*(?:[,:=)]|$))",
                                m.group(1) or m.group(2))
        # A bare name passed as an argument's value ("key=slow_lookup"): the asker's own.
        bound += [name for _, name in _passed(code) if "." not in name]
        bound += [name for name in _passed_positionally(code) if "." not in name]
        bound += [m.group(1) for name in list(bound)
                  for m in re.finditer(rf"(?<![\w.]){re.escape(name)}\.([A-Za-z_]\w*)", code)]
        for name in bound:
            for w in words(name):
                out.update((w, _plural(w)))
    return frozenset(out)


_FOR_TARGETS = re.compile(r"\bfor\s+([A-Za-z_][\w\s,()]*?)\s+in\b")
# A bare name passed as an argument's value: "key=slow_lookup".
_PASSED = re.compile(r"(?<![\w.])([A-Za-z_]\w*)\s*=\s*([A-Za-z_][\w.]*\w)(?=\s*[,)])")


def _passed(code: str) -> list[tuple[str, str]]:
    """Each name code passes by keyword, with its parameter: ("key", "slow_lookup").

    A library's name too ("level", "logging.DEBUG"); not the constants None, True, False.
    """
    return [(param, value) for param, value in _PASSED.findall(code)
            if value not in ("None", "True", "False")]


# A call of a library's function or method in the asker's code, and its arguments:
# "weakref.finalize(conn, close_socket, sock)".
_LIBRARY_CALL = re.compile(r"(?<![\w.])[a-z][a-z0-9_]*(?:\.[A-Za-z_]\w*)+\(([^()]*)\)")


def _passed_positionally(code: str) -> list[str]:
    """The names code passes by position to a library's call: the asker's own values.

    `weakref.finalize(conn, close_socket, sock)`: the documentation calls them obj, func
    and args, never conn or close_socket; nor `listener.on_event` of
    `weakref.ref(listener.on_event)`.
    """
    return [arg for m in _LIBRARY_CALL.finditer(code) for arg in
            (a.strip() for a in m.group(1).split(","))
            if re.fullmatch(r"[A-Za-z_][\w.]*", arg) and not arg.endswith(".")
            and arg not in ("None", "True", "False")]


def passed_for(question: str) -> dict[str, str]:
    """The parameter each name the asker's code passes stands for ("" when by position).

    "`names.sort(key=slow_lookup)`. How many times does slow_lookup run ...?": what the
    asker calls slow_lookup, the documentation calls the key (function).
    """
    out = {value: "" for span in _BACKTICKED.finditer(question)
           for value in _passed_positionally(span.group(1))}
    out.update({value: param for span in _BACKTICKED.finditer(question)
                for param, value in _passed(span.group(1))})
    return out


# A function or class the asker's code defines: "def area(w, h)", "class Proxy:".
# (Or a signature written without "def" whose first parameter is annotated, which no call
# could be: `describe(arg: int | str)`.)
_DEFINED = re.compile(r"\b(?:def|class)\s+([A-Za-z_]\w*)|"
                      r"^([A-Za-z_]\w*)\(\s*[A-Za-z_]\w*\s*:\s*[A-Za-z_][^)]*\)")
_DUNDER = re.compile(r"__\w+__")


def marked_as_code(name: str, question: str) -> bool:
    """The asker writes the name as code: a backticked span opens with it."""
    return f"`{name}" in question


def defined_names(question: str) -> frozenset[str]:
    """The functions and classes the asker's code defines, less special methods.

    And the methods it says a class of its own declares ("My `Storage(ABC)` base declares
    abstract read() and write()"): the documentation knows no Storage.write.
    """
    return frozenset(name for span in _BACKTICKED.finditer(question)
                     for m in _DEFINED.finditer(span.group(1))
                     if not _DUNDER.fullmatch(name := m.group(1) or m.group(2))
                     ) | declared_members(question)


# What a class says it has: "declares abstract read() and write()", "implements read()".
_DECLARES = re.compile(r"\b(?:declares?|defines?|implements?|overrides?)\s+"
                       r"((?:(?:abstract|only|its own|own|the|an?|methods?)\s+)*"
                       r"`?[A-Za-z_]\w*\(\)`?(?:(?:,\s*|,?\s+(?:and|or)\s+)`?[A-Za-z_]\w*\(\)`?)*)")
_BARE_CALL = re.compile(r"(?<![\w.])([A-Za-z_]\w*)\(\)")


def declared_members(question: str) -> frozenset[str]:
    """The methods a sentence naming a class of the asker's own says the class declares.

    (A special method it declares is the language's: "My Money class defines __eq__()".)
    """
    own = own_classes(question)
    out: set[str] = set()
    for start, end in sentence_spans(question):
        sentence = question[start:end]
        if not any(re.search(rf"(?<![\w.]){re.escape(c)}(?![\w.])", sentence) for c in own):
            continue
        for m in _DECLARES.finditer(sentence):
            out.update(n for n in _BARE_CALL.findall(m.group(1)) if not _DUNDER.fullmatch(n))
    return frozenset(out)


# The parameter list of a lambda or def the asker writes: "lambda e:", "def save(name, **x)".
_PARAMETERS = re.compile(r"\blambda\s+([^:]*):|\bdef\s+\w+\s*\(([^)]*)\)")


_AND_HOW_DO_I = re.compile(
    r",?\s+and (?:if so, )?how (?:do|can|should|would|could) (?:I|we|you|one)\b", re.IGNORECASE)


# "... started a comment with 'nit:'. What does that mean?": what the setting quotes is
# what is to be defined.
_MEANING_OF_IT = re.compile(r"(?:^|[.!?]\s+)what (?:does|do) (?:that|this|it|they|these|those) "
                            r"(?:mean|stand for)\s*\?$", re.IGNORECASE)


# A question that is no more than "How?", after the asker has said what they want
# ("I'd rather send the English page. How?"): how to get it done.
_BARE_HOW = re.compile(r"(?:^|[.!:]\s+)how\s*\?\s*$", re.IGNORECASE)
_WISH = re.compile(r"\b(?:I|we)(?:'d| would)(?: also| still| much)? (?:like|rather|prefer)\b|"
                   r"\b(?:I|we)(?: also| just| really| still)? (?:want|need|wish)\b", re.IGNORECASE)


def answer_type(question: str) -> AnswerType:
    """The kind of answer a question asks for, from its wording."""
    q = asked_sentence(question)
    if _MEANING_OF_IT.search(q):
        return "definition"
    if _REASON.search(q):
        return "reason"
    if _YESNO.search(q) or _YESNO_AFTER_CLAUSE.search(q) and not _COMPARISON.search(q):
        # "Can Git show that as well, and how do I turn it on for every merge?" asks how;
        # the yes is in the steps.
        return "procedure" if _AND_HOW_DO_I.search(q) else "yesno"
    # "If X is set in both A and B, which value does Git use?" weighs two sides.
    if _COMPARISON.search(q) and _TWO_SIDES.search(q):
        return "comparison"
    number = _NUMBER.search(q)
    if number and _SET_AGAINST.search(q) and not number.group(0).lower().startswith("how"):
        # "What does format version 4 change compared with version 3?" sets two versions
        # against each other; "How much faster is ... than ...?" asks for a degree.
        return "comparison"
    items = _LIST_HEAD_RE.match(q)
    # "What settings does isoformat have for how much of the time it writes out?" asks
    # for the settings: a degree the plural heading it is for is what they set. ("Which
    # tasks will it run, and how often?" asks for both.)
    if number and not (items and number.start() >= items.end()
                       and re.search(r"\b(?:for|of|about|over)\s+$", q[:number.start()])) or (
            _LITERAL_CALL_RESULT.search(q)):
        return "number"
    if _COMPARISON.search(q):
        return "comparison"
    if _PROCEDURE.search(q) or _BARE_HOW.search(q) and _WISH.search(question):
        return "procedure"
    if _LIST.search(q):
        return "list"
    set_aside = _SET_ASIDE.search(q)
    if set_aside and re.match(r"\s*(?:what|which|where|how)\b", q[set_aside.end():],
                              re.IGNORECASE):
        # "Besides its name, what does pyclbr tell me about each function?", "Besides by
        # author, how else can it group commits?": the others, the items of a list.
        return "list"
    if _DEFINITION.match(q) or _DEFINITION.match(_LEADING_CLAUSE.sub("", q)):
        return "definition"
    return "explanation"


# (An example of a change runs to its last name: "rename a remote, for example origin to
# upstream?".)
_EXAMPLES = re.compile(
    r"(?P<opener>\b(?:such as|like|e\.g\.|for example|for instance)|,\s*say)\s+"
    r"(?P<example>.*?)(?=,|[?;]|\.(?!\w)|$|\s+(?:with|in|for|on|from|using|via|inside|"
    r"into|at|by|when|if|to(?![ \t]+[\w.-]+\s*(?:[?,;]|$)))\b)", re.IGNORECASE)


# Three or more names listed after a preposition: "on Windows, macOS and Linux".
_ENUMERATED = re.compile(r"\b(?:on|in|for|under|across|from)\s+(?P<items>[\w.+#-]+"
                         r"(?:,\s+[\w.+#-]+)+,?\s+(?:and|or)\s+[\w.+#-]+)", re.IGNORECASE)


# An option given a placeholder for its value: "--depth=N", "--depth=<depth>".
_PLACEHOLDER_VALUE = re.compile(r"(--?[A-Za-z][\w-]*)=(?:[A-Z]+|<[\w-]+>)")
# A call's arguments as the asker writes them: "textwrap.fill(long_text)".
_CALL_ARGUMENTS = re.compile(r"(?<=[\w\]])\(([^()]*)\)")


def passed_names(question: str) -> set[str]:
    """The bare names the asker's calls pass as arguments ("cls", "BasePlugin").

    Not a keyword's name ("key" of "key=f"), a quoted value or a dotted name.
    """
    return {n for m in _CALL_ARGUMENTS.finditer(question)
            for n in re.findall(r"(?<![\w.'\"])[A-Za-z_]\w*(?![\w.'\"(]|\s*=)", m.group(1))
            if not keyword.iskeyword(n)}


def passed_literals(question: str) -> set[str]:
    """The quoted values the asker's calls pass.

    "comp.lang.pythn" of `s.description('comp.lang.pythn')`: the asker's own value.
    """
    return {a or b for m in _CALL_ARGUMENTS.finditer(question)
            for a, b in re.findall(r"'([^'\n]+)'|\"([^\"\n]+)\"", m.group(1))}


# "once I call start()", "when we run fetch", "after you call close()".
_WHEN_I_CALL = re.compile(
    r"\b(?:once|when|whenever|after|before|until)\s+(?:I|we|you)\s+"
    r"(?:call|run|use|invoke|start|type)\s+([\w.]+(?:\(\))?)", re.IGNORECASE)
# What the asker would do about it, told after the question's point: "Does input() keep
# the newline, so I need to call rstrip() on it?" asks about input(), not rstrip().
_SO_I_NEED = re.compile(r",\s*so\s+(?:that\s+)?(?:I|we)(?:'d)?\s+(?:need|have|must|should)\s+"
                        r"to\b[^?]*", re.IGNORECASE)
# A name written in camel case, "ProxyErrorOverride", and its last word ("Override").
_CAMEL_NAME = re.compile(r"(?:[A-Z][a-z0-9]+)+([A-Z][a-z0-9]+)")
# A with statement's context manager, called: `with suppress(FileNotFoundError):`. (Not a
# file opened, `with open(path) as f:`: that is how the asker gets at the file.)
_WITH_MANAGER = re.compile(r"`\s*(?:async\s+)?with\s+(?!open\()([A-Za-z_][\w.]*)\(")


def _managers(question: str) -> set[str]:
    """The context managers the question's code calls in with statements."""
    return {m.group(1) for m in _WITH_MANAGER.finditer(question)}

# A function called by its bare name: "input()", "print(x, sep='')".
_CALLED_NAME = re.compile(r"(?<![\w.])([a-z][a-z0-9_]*)\(")
# A character written as its escape: "the '\\n' on the end" is said by its name.
_ESCAPE = re.compile(rf"\\[{''.join(_ESCAPES)}]")


def example_words(question: str, set_off: bool = False) -> list[str]:
    """The words of the asker's examples (", say Color.RED", "such as HTML and CSS").

    An example is one case of what is asked, which the documentation states in general
    terms. "like" also compares ("Is a tuple like a list?"): it gives an example only of
    code, or after a comma ("files that have no extension, like README or CHANGELOG"). A
    word the question says outside its examples as well is its own. ``set_off``: only
    the examples after a comma ("rename a remote, for example origin to upstream"), not
    one that names what is asked by a case of it ("a bare literal like `4j`").
    """
    def after_comma(m: re.Match[str]) -> bool:
        return question[:m.start()].rstrip().endswith(",")

    examples = [m for m in _EXAMPLES.finditer(question)
                if (m.group("opener").lower() != "like"
                    or re.search(r"[`'\"(.<\[]", m.group("example")) or after_comma(m))
                and (not set_off or after_comma(m) or m.group("opener").startswith(","))]
    beside = set(words(functools.reduce(lambda text, m: text.replace(m.group(0), " "),
                                        examples, question)))
    return [w for m in examples for w in words(m.group("example")) if w not in beside]


_INSTANCE_CALL = re.compile(
    r"(?<![\w.])([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*\.[A-Z]\w*)\(\)\.(?=[A-Za-z_])")


# A method called on a literal: "'a b'.split(' ')", "b'\\x00'.hex()".
_LITERAL_METHOD = re.compile(r"(?<![\w'\"])(b?)(['\"])[^'\"\n]{0,40}\2\.([a-z_]\w*)\(")


def literal_methods(question: str) -> list[str]:
    """The methods a question calls on a string or bytes literal, by their type's name.

    "What is the difference between 'a b'.split() and 'a b'.split(' ')?" asks about
    str.split, which its entry names; "split" alone is also shlex's, re's and os.path's.
    """
    return list(dict.fromkeys(f"{'bytes' if m.group(1) else 'str'}.{m.group(3)}"
                              for m in _LITERAL_METHOD.finditer(question)))


def focus_terms(question: str) -> list[str]:
    """Names the answer must carry: identifiers, options, quoted and capitalised terms.

    Names given as examples ("such as HTML and CSS") are not required of an answer.
    """
    question = _EXAMPLES.sub(" ", question)
    # A method called on a new instance is the class's method, as its entry names it:
    # "csv.Sniffer().has_header(sample)" is csv.Sniffer.has_header.
    question = _INSTANCE_CALL.sub(r"\1.", question)
    found: list[str] = [f"{m.group(1)} ... {m.group(2)}" for m in _ELIDED.finditer(question)]
    # An expression written out ("the expression x or y") is a name, said as written.
    found += [m.group(1) for m in _EXPRESSION.finditer(question)]
    found += literal_methods(question)
    # A lowercase name introduced by what it is ("the dataclass decorator", "the sorted
    # function", "the fetch command") is a name too.
    found += [m.group(1) for m in _NAMED_CODE.finditer(question)
              if m.group(1).lower() not in STOPWORDS and m.group(1).lower() not in _FRAMING
              and m.group(1).lower() not in _VAGUE_NAMES
              and not (len(m.group(1)) > 5 and m.group(1).endswith(("ed", "ing")))]
    for match in _QUOTED.finditer(question):
        value = next(g for g in match.groups() if g)
        if len(value.split()) <= 4:
            found.append(value.strip())
    for match in _IDENTIFIER.finditer(question):
        token = match.group(1).rstrip(".")
        # A word written as a call ("tell()", "open()") is a function's name, however
        # common the word.
        called = token.endswith("()")
        if called:
            token = token[:-2]
        option = _PLACEHOLDER_VALUE.fullmatch(token)
        if option:
            token = option.group(1)  # "--depth=N" is the --depth option with a value
        low = token.lower()
        # A one-letter option is a name where it follows the command it is given to
        # ("git tag -a", "htpasswd -b"), not a dash in prose.
        short_option = bool(re.fullmatch(r"-[A-Za-z]", token)) and bool(
            re.search(rf"\b[a-z][\w-]*\s+{re.escape(token)}(?![\w-])", question))
        if (low in STOPWORDS or low in _FRAMING) and not called or (
                len(low.strip("-")) < 2 and not short_option):
            continue
        # A question's first word is capitalised because it starts the sentence.
        if match.start() == 0 and token[:1].isupper() and token[1:].islower():
            continue
        found.append(token)
    for match in _CAPITALISED.finditer(question):
        token = match.group(1)
        if token.lower() not in STOPWORDS and token.lower() not in _FRAMING:
            found.append(token)
    # A name already found as part of a longer one ("OrderedDict" of
    # "OrderedDict.popitem") is that name.
    # (A one-letter option is its letter in its case: "-d" and "-D" are two options.)
    def key(name: str) -> str:
        return name if re.fullmatch(r"-[A-Za-z]", name) else name.lower()

    def parts(name: str) -> list[str]:
        return [key(p) for p in re.split(r"[\s.]+", name)]

    out: list[str] = []
    for term in found:
        if not any(key(term) == key(o) or key(term) in parts(o) for o in out):
            out = [o for o in out if key(o) not in parts(term)]
            out.append(term)
    return out


# Verbs are how a question is worded, not what it hinges on.
_VERB_ROOTS = """hold keep get make use run set put stop start give take allow change call pass
    return mean happen work need want try look see add show tell find let go come leave say
    become remain provide contain decide choose catch handle raise throw combine turn
    create build write read send receive open close load store save print apply define
    accept refer affect cause mix merge behave break fail succeed replace resolve compare do
    differ exist occur matter depend consider expect prevent enable disable support wait
    answer respond reply hand drive fit miss""".split()
# Their irregular forms ("I wrote `case RED:`", "it kept the items").
_IRREGULAR = """held kept got gotten made ran given gave taken took said saw seen told
    found let went gone came left become became chose chosen caught thrown threw built
    wrote written sent broke broken meant done did""".split()


def _doubled(root: str) -> tuple[str, ...]:
    """A short root's forms with its last consonant doubled ("letting", "stopped").

    Not "setting", which documentation uses as a noun ("Which setting decides ...").
    """
    if re.fullmatch(r"[^aeiou]*[aeiou][b-df-hj-np-tvz]", root):
        return tuple(f for f in (root + root[-1] + "ing", root + root[-1] + "ed")
                     if f != "setting")
    return ()


VERBS = frozenset(f for root in _VERB_ROOTS for f in (
    root, root + "s", root + "es", root + "ed", root + "d", root + "ing",
    (root[:-1] + "ies") if root.endswith("y") else root,
    (root[:-1] + "ied") if root.endswith("y") else root,  # "applied", "tried"
    (root[:-1] + "ing") if root.endswith("e") else root) + _doubled(root)
    ) | frozenset(_IRREGULAR)


_EXPRESSION = re.compile(
    r"\b(?:the|an?) expression\s+(_OPERAND(?:\s+(?:[^\s\w]{1,3}|and|or|not|in|is|if|else)"
    r"\s+_OPERAND)+)(?![\w.])".replace(
        "_OPERAND", r"(?!the\b|and\b|not\b)(?:[a-z_][a-z0-9_]{0,2}|\w+[_.]\w+)"),
    re.IGNORECASE)
_NAMED_CODE = re.compile(
    r"\bthe\s+([a-z_][a-z0-9_]{2,})\s+(?:decorator|function|method|builtin|module|package|"
    r"attribute|subcommand|command)\b")
# Words that describe rather than name ("the main function", "the new command").
_VAGUE_NAMES = frozenset("main new old same other first last default built whole following "
                         "above below given current original existing actual real previous "
                         "underlying separate custom simple plain regular normal usual inner "
                         "outer".split())
_KEYWORD_NAME = re.compile(
    r"\b(?:the|a|an)\s+([a-z]+)\s+(?:statement|statements|clause|clauses|keyword|loop|"
    r"operator|expression|block)\b", re.IGNORECASE)
# Two keywords named together: "the is and is not operators", "the and and or operators".
_KEYWORD_PAIR = re.compile(
    r"\bthe\s+([a-z]+)(?:\s+not)?\s+(?:and|or)\s+([a-z]+)(?:\s+not)?\s+"
    r"(?:statements|clauses|keywords|operators|expressions)\b", re.IGNORECASE)
_AUX_AFTER_WH = re.compile(
    rf"^(?:what|which|how|why|when|where|who)\b.*?\b{_AUX}\s+(.*)$", re.IGNORECASE)
# Nouns that take a share of what follows "of" ("part of my configuration"): that is the
# thing the phrase is about.
_PARTITIVE = frozenset("part parts portion piece pieces bit bits rest kind kinds sort sorts "
                       "type types lot lots number couple group set".split())
_DETERMINERS = frozenset("the a an my your our their its this that these those which some "
                         "any each every".split())
_PREPOSITIONS = frozenset("of for to in on at by with from into about between during after "
                          "before over under than as when if while without within".split())


def subject_words(question: str) -> tuple[str, ...]:
    """The words of the question's subject: the noun phrase after its auxiliary verb.

    "What two operations does the import statement combine?" -> ("import", "statement");
    "What is sys.modules used for?" -> ("sys", "modules"). A subject made only of framing
    words ("the default value of X") continues after "of".
    """
    match = _AUX_AFTER_WH.match(asked_sentence(question).rstrip("?"))
    if not match:
        return ()
    tokens = match.group(2).split()
    if tokens and tokens[0].lower() in _ASKERS:
        return ()  # "How do I switch TRACE off?": the asker, who acts on something
    return _noun_phrase(tokens, verb_follows=True)


# "How do I get the status ...", "Where can we find the list ...": the asker does something
# to a thing, named after the verb.
_ASKER_DOES = re.compile(
    r"^(?:how|where|what)\b[^?]*?\b(?:do|can|could|should|would|will|must|may)\s+"
    r"(?:i|we|you|one)\s+(?:\w+ly\s+)?([a-z]+)\s+(.*)$", re.IGNORECASE)
# The asker as a question's subject.
_ASKERS = frozenset({"i", "we", "you", "one"})
# Words that point back rather than name: no object of the asker's own.
_POINTERS = frozenset("it them those these this that something anything everything one "
                      "ones all both".split())


def object_words(question: str) -> tuple[str, ...]:
    """The words of what the asker acts on, when the asker is the question's subject.

    "How do I get the status in a form a script can read?" -> ("status",): the thing asked
    for, not the manner ("a form a script can read"). Empty where the verb's object points
    back ("How can I keep those out?") or the subject is not the asker.
    """
    match = _ASKER_DOES.match(asked_sentence(question).rstrip("?"))
    if not match:
        return ()
    tokens = match.group(2).split()
    if not tokens or tokens[0].lower().strip(",;:") in _POINTERS | _PREPOSITIONS:
        return ()
    return _noun_phrase(tokens, verb_follows=False)


def _noun_phrase(tokens: list[str], *, verb_follows: bool) -> tuple[str, ...]:
    """The content words of the noun phrase the tokens open with (up to four words).

    ``verb_follows``: the tokens are a subject and its verb, so the last one is the verb.
    """
    phrase: list[str] = []
    i = 0
    while i < len(tokens):
        word = tokens[i].strip(",;:")
        low = word.lower()
        following = tokens[i + 1].lower() if i + 1 < len(tokens) else ""
        if not phrase and low in _DETERMINERS:
            i += 1
            continue
        if low in _PREPOSITIONS:
            if low == "of" and phrase and all(w.lower() in _FRAMING | VAGUE | _PARTITIVE
                                              for w in phrase):
                phrase = []
                i += 1
                continue
            break
        if phrase and ((verb_follows and (i == len(tokens) - 1 or following in _DETERMINERS))
                       or low in VERBS or low.endswith(("ed", "ing"))):
            break  # the verb
        phrase.append(word)
        if len(phrase) == 4 or (not verb_follows and following in _DETERMINERS):
            break
        i += 1
    out = [w for w in words(" ".join(phrase)) if w not in STOPWORDS and len(w) > 1]
    return tuple(w for w in out if w not in _FRAMING)


# "the difference between X and Y", "X differ(s) from Y", "X instead of Y", "X vs Y".
_SIDES = (
    re.compile(r"\bdifferences? between (?P<a>.+?) and (?P<b>.+?)(?:$|[?,;]| (?:of|for|on|in|"
               r"when|with|if)\b)", re.IGNORECASE),
    re.compile(r"\b(?:does|do|is|are) (?P<a>.+?) (?:differ|different) from (?P<b>.+?)"
               r"(?:$|[?,;]| (?:of|for|on|in|when|with|if)\b)", re.IGNORECASE),
    re.compile(r"\b(?:is|are) (?P<a>.+?) (?:\w+er|more \w+) than (?:plain |a |the )?"
               r"(?P<b>.+?)(?:$|[?,;]| (?:of|for|on|in|when|with|if)\b)", re.IGNORECASE),
    re.compile(r"\b(?:choose|use|prefer|pick) (?P<a>.+?) (?:instead of|over|rather than) "
               r"(?P<b>.+?)(?:$|[?,;]| (?:of|for|on|in|when|with|if)\b)", re.IGNORECASE),
    re.compile(r"(?P<a>\S+(?: \S+)?) (?:vs\.?|versus) (?P<b>\S+(?: \S+)?)", re.IGNORECASE),
    # "How does X compare to Y?", "How do X and Y compare?"
    re.compile(r"\b(?:does|do|is|are) (?P<a>.+?) compare (?:to|with|against) (?P<b>.+?)"
               r"(?:$|[?,;]| (?:of|for|on|in|when|with|if)\b)", re.IGNORECASE),
    re.compile(r"\b(?:does|do|are) (?P<a>.+?) and (?P<b>.+?) compare\b", re.IGNORECASE),
)


def comparison_sides(question: str, focus: list[str]) -> tuple[tuple[str, ...], ...]:
    """The two sides a comparison asks about, each as the words only it has."""
    asked = asked_sentence(question)
    # A name that is one whole side stays one ("[L]"); words of a longer name do not
    # tell the sides apart ("mod_cache" in "running mod_cache in the quick phase").
    named = {w for f in focus if len(words(f)) > 1 for w in words(f)}
    for pattern in _SIDES:
        m = pattern.search(asked)
        if not m:
            continue
        # A side's own words: not a verb form ("running"), not the question's named
        # subject ("mod_cache"), not what both sides share ("restart"). Unless verbs are
        # all that tells them apart: then they are commands ("git stash pop" and "git
        # stash apply").
        for verbs in (VERBS, frozenset()):
            a, b = ([w for w in words(m.group(g)) if w not in STOPWORDS and len(w) > 1
                     and w not in verbs and not w.endswith(("ing", "ed")) and w not in named]
                    for g in ("a", "b"))
            stems_a, stems_b = {stem(w) for w in a}, {stem(w) for w in b}
            only_a = [w for w in a if stem(w) not in stems_b][:1]
            only_b = [w for w in b if stem(w) not in stems_a][:1]
            if only_a and only_b:
                return (_compound(only_a[0], m.group("a")),
                        _compound(only_b[0], m.group("b")))
    return ()


def _compound(word: str, side: str) -> tuple[str, ...]:
    """A side's word, as the hyphenated compound it is part of ("ip" -> "ip-based")."""
    for token in side.split():
        token = token.strip("?.,;:()\"'").lower()
        if "-" in token and word in token.split("-"):
            return (token,)
    return (word,)


# An expression written out in a question ("x += 1", "7 / 2"): documentation names its
# operators in words ("augmented assignment", "division") more often than it repeats the
# example, so the operators' names are what the question is about.
_OPERATOR_NAMES = {
    "+=": "augmented assignment", "-=": "augmented assignment", "*=": "augmented assignment",
    "/=": "augmented assignment", "//=": "augmented assignment",
    "%=": "augmented assignment", "**=": "augmented assignment", "|=": "augmented assignment",
    "&=": "augmented assignment", "^=": "augmented assignment", "@=": "augmented assignment",
    "<<=": "augmented assignment", ">>=": "augmented assignment",
    ":=": "assignment expression",
    "==": "comparison", "!=": "comparison", "<=": "comparison", ">=": "comparison",
    "<": "comparison", ">": "comparison",
    "//": "floor division", "**": "power", "<<": "shifting", ">>": "shifting",
    "=": "assignment", "/": "division", "%": "modulo", "@": "matrix multiplication",
    "&": "bitwise", "|": "bitwise", "^": "bitwise", "+": "addition", "-": "subtraction",
    "*": "multiplication",
}
_OPERATOR = "|".join(re.escape(op) for op in sorted(_OPERATOR_NAMES, key=len, reverse=True))
_OPERAND = r"(?:[A-Za-z_]\w{0,7}|\d+(?:\.\d+)?|\[\[?\]?\])"
_WRITTEN_EXPRESSION = re.compile(
    rf"(?<![\w.])({_OPERAND}\s+(?:{_OPERATOR})\s+{_OPERAND}(?:\s+(?:{_OPERATOR})\s+"
    rf"{_OPERAND})*)(?![\w.])")


_FIRST_OPERATOR = re.compile(rf"\s({_OPERATOR})\s")
# A unary operator written on a value or a name: "~5", "~x".
_UNARY_NAMES = {"~": "bitwise inversion"}
_UNARY_EXPRESSION = re.compile(r"~(?:\d+|[A-Za-z_]\w{0,7})")


def _operator_name(expression: str) -> str:
    """A written expression's name, by its first operator.

    "x = x + 1" is an assignment, whatever it assigns.
    """
    tested = _keyword_test(expression)
    if tested:
        return _KEYWORD_TESTS[tested]
    first = _FIRST_OPERATOR.search(expression)
    return _OPERATOR_NAMES[first.group(1)] if first else ""


# The tests Python writes with keywords, by the reference's names for them.
_KEYWORD_TESTS = {"in": "membership test", "not in": "membership test",
                  "is": "identity", "is not": "identity"}
_KEYWORD_TEST = re.compile(
    r"(?P<left>[\w.'\"\[\]()]+)\s+(?P<op>not\s+in|is\s+not|in|is)\s+(?P<right>[\w.'\"\[\]()]+)")


def test_operands(question: str) -> frozenset[str]:
    """The words of what the asker's code tests with a keyword: its own values and names.

    "song" and "playlist" of `song in playlist`, "hello" of `'' in 'hello'`.
    """
    return frozenset(w for code in _BACKTICKED.findall(question)
                     if (m := _keyword_test_match(code))
                     for side in ("left", "right") for w in words(m.group(side)))


def _keyword_test_match(code: str) -> re.Match[str] | None:
    """A line of code that is one test with a keyword (`song in playlist`), matched.

    A statement (`for f in files:`) is none.
    """
    m = _KEYWORD_TEST.fullmatch(code.strip())
    return None if m is None or m.group("left") in PY_KEYWORDS else m


def _keyword_test(code: str) -> str:
    """The keyword a line of code tests with ("in" of `song in playlist`), if it is one."""
    m = _keyword_test_match(code)
    return " ".join(m.group("op").split()) if m else ""


# What code written in a question shows rather than names: a literal inside an expression
# ("d.get('missing')", "'report.txt'.rstrip('.txt')"), a value the code gives or is given
# ("give 'repor' instead of 'report'", "match the string "hi""), a member of a
# placeholder ("d.get", "self.__token"), a one-letter name ("@a"), a name made up for the
# example ("_MyClass__token").
_CODE_BEFORE = "([=,{"
_CODE_AFTER = ".)]},:"
_VALUE_BEFORE = re.compile(
    r"\b(gives?|gave|returns?|prints?|produces?|outputs?|shows?|into|instead of|becomes?|"
    r"got|string|strings|value|text|word|without)\s*$", re.IGNORECASE)
_PLACEHOLDER = re.compile(r"^@?[A-Za-z]$|^(?:[a-z]|self)\.\w|(?:^|_)[Mm]y[A-Z_]|^my_")
# Python's keywords and soft keywords ("match", "case"), but not the "_" wildcard.
PY_KEYWORDS = frozenset(keyword.kwlist) | frozenset(keyword.softkwlist) - {"_"}
# Keywords that are no English word: "what else can I delete with del" names the statement.
_CODE_ONLY_KEYWORDS = frozenset({"del", "elif", "nonlocal", "lambda", "def", "async"})
# Those that define a function of the asker's own where its code shows them.
DEFINING_KEYWORDS = frozenset({"lambda", "def", "async"})


# A configuration file's line: a capitalised directive and its arguments, no code.
_DIRECTIVE_LINE = re.compile(r"[A-Z][A-Za-z0-9]+(?:\s+[^\s()=;{}][^\s();{}]*)+")
# A call the asker writes: "timedelta(" in `now + timedelta(hours=-1.5)`; a method called
# on a new instance, "Path(...).rename(", is the class's method: "Path.rename".
_CALLED = re.compile(r"(?<![\w.)])((?:[A-Za-z_]\w*\.)*[A-Za-z_]\w*)\s*\(")
_CHAIN_CALL = re.compile(r"(?<![\w.])([A-Z]\w*)\([^()]*\)\.([A-Za-z_]\w*)\s*\(")


def called_names(code: str) -> list[str]:
    """The functions, classes and methods a line of code calls, as the reference names them."""
    chains = _CHAIN_CALL.findall(code)
    chained = {cls for cls, _ in chains}
    out = [f"{cls}.{method}" for cls, method in chains]
    out += [name for name in _CALLED.findall(code)
            if name not in chained and not keyword.iskeyword(name)]
    return list(dict.fromkeys(out))


def _written_code(question: str, focus: list[str], defined: frozenset[str]
                  ) -> tuple[list[str], list[str]]:
    """The focus terms that are code shown as an example, and the keywords it opens with.

    Code a question writes out shows what the asker did; the documentation names the
    keyword or method, not the asker's values and variables. ``del x`` is about the
    "del" statement: the keyword is named, ``x`` only shows it. ``defined``: the functions
    the asker's own code defines (`def area(w, h)`), whose calls name nothing of the
    reference's.
    """
    shown: list[str] = []
    keywords: list[str] = []
    for match in _QUOTED.finditer(question):
        value = next(g for g in match.groups() if g).strip()
        if value not in focus:
            continue
        before = question[:match.start()].rstrip(" ")
        after = question[match.end():match.end() + 1]
        first = value.split()[0].rstrip(":") if value.split() else ""
        if match.group(1) is not None and first in PY_KEYWORDS and len(value.split()) > 1:
            shown.append(value)  # `del x`, `case RED:`: the statement written out
            managers = [name for name in called_names(value) if name not in defined
                        ] if first == "with" else []
            if managers:
                # `with suppress(FileNotFoundError):`: the context manager is what the
                # asker uses; the statement only shows how.
                keywords += managers
            # `def area(w, h)`, `class Closeable(Protocol)`: they define the asker's own.
            elif first not in DEFINING_KEYWORDS and first != "class":
                keywords.append(first)
        elif match.group(1) is not None and _DIRECTIVE_LINE.fullmatch(value):
            # `Header set X-Frame-Options DENY`, `Alias /docs /srv/docs`: a configuration
            # line, the directive named with the asker's own arguments.
            shown.append(value)
            keywords.append(first)
        elif match.group(1) is not None and (called := [
                name for name in called_names(value) if name not in defined]) and (
                called != [value.removesuffix("()")] and value not in called):
            # `Path('data/old.csv').rename('new.csv')`: the asker's call, with its own
            # values; the documentation names what it calls (Path.rename).
            shown.append(value)
            keywords += called
        elif (before[-1:] in _CODE_BEFORE or after in _CODE_AFTER and after
              # (Not a library's name that a sentence's comma or full stop follows: "which
              # name they were given through `__set_name__`, and ...".)
              and not (after in ",." and _LIBRARY_NAME.fullmatch(value))
              or _VALUE_BEFORE.search(before)):
            shown.append(value)
    shown += [f for f in focus if _PLACEHOLDER.search(f) and f not in shown]
    return shown, [k for k in dict.fromkeys(keywords) if k not in focus]


# "Which sorting algorithm does list.sort use?": the kind of thing the answer names.
_NAMED_KIND = re.compile(
    r"^\s*(?:which|what)\s+((?:[a-z-]+\s+){0,2}?)([a-z]{3,})\s+"
    r"(?:does|do|did|is|are|was|were|can|could|should|will|would|must|may|might|has|have)\b",
    re.IGNORECASE)
# What a thing uses is named by its kind ("uses the Timsort algorithm"); what it does or
# has is often described in other words ("combines two operations": "in two steps").
_USES = re.compile(r"\b(use|employ|implement|apply)\b", re.IGNORECASE)
# Kinds every answer of its type has, or that ask for an instance, not the word.
_OPEN_KINDS = frozenset("""value values number numbers kind kinds type types sort sorts way
    ways thing things one ones version versions release releases happens else part parts
    amount size default defaults""".split())


# A case of sameness: things that "have the same count", "get the same value", "are tied".
_TIE = re.compile(
    r"\b(?:have|has|having|get|gets|getting|share|shares|sharing|with) (?:the |an? )?same "
    # (Not what stays as it was: "browsers keep getting the same ETag as before".)
    r"[a-z]+\b(?! as (?:before|earlier|previously|last time|it was|they were|the old)\b)"
    r"|\b(?:are|is|were|get|gets|end up) tied\b|\bin a tie\b", re.IGNORECASE)


def tie_case(question: str) -> str:
    """The words of a question that asks about things that are the same, or "".

    "... elements that have the same count", "... when two values are tied": such a
    question hinges on the tie. What holds for the thing in general ("List the n most
    common elements ... from the most common to the least") does not say which comes
    first among equals. "The same branch" names one thing, not a tie.
    """
    match = _TIE.search(asked_sentence(question))
    return match.group(0) if match else ""


# A place a name is written in: "inside that site's <VirtualHost *:443>", "in a <Directory>
# block", "under [core]".
_PLACED_BEFORE = re.compile(
    r"\b(?:inside|within|in|into|under|beneath)\s+(?:(?:a|an|the|my|our|your|their|that|"
    r"this|its|one|each|every|some)\s+)?(?:[\w-]+['’]s\s+)?[`\"']?$", re.IGNORECASE)


def placed_in(question: str, focus: Sequence[str]) -> frozenset[str]:
    """The names a question writes as the place something is put or done in.

    "Can I put `SSLFIPS on` inside that site's <VirtualHost *:443>?": the VirtualHost
    section is where the asker puts the setting, not what is asked about.
    """
    placed = set()
    for name in focus:
        at = question.find(name)
        if at < 0 and name.isidentifier():
            at = question.find(f"<{name}")
        if at >= 0 and _PLACED_BEFORE.search(question[:at].rstrip("<")):
            placed.add(name)
    return frozenset(placed)


# A yes/no question about which of two comes first: "does Python try X before Y?", "is
# it called after the handler?".
_ORDER_Q = re.compile(
    r"\b(?:before|after)\b(?!\s+(?:\w+ing|it|them|this|that|these|those)\b)"
    r"(?=\s+(?:the\s+)?[\w\"'`.<-]+)", re.IGNORECASE)


def order_case(question: str) -> str:
    """The word of a yes/no question that asks which of two things comes first, or "".

    "In `Length(1) + Meters(2)`, does Python try Meters.__radd__ before Length.__add__?"
    hinges on the order: a passage that says both methods are tried, and not which
    first, does not answer it. "after merging it" sets a condition and "the parameters
    after it" says where they are; "In which order ...?" asks for an account that may
    put it in its own words ("applied in nested fashion").
    """
    if answer_type(question) != "yesno":
        return ""
    match = _ORDER_Q.search(asked_sentence(question))
    return match.group(0) if match else ""


def named_kind(question: str) -> str:
    """The kind of thing a "which/what <kind> does X use" question asks to be named.

    An answer names it or says what it is ("uses the Timsort algorithm"); a passage that
    never mentions such a thing cannot answer. Empty for other questions (what a thing
    does or has is often said in other words), for "what kind of X" (the answer names an
    instance) and for kinds every answer has ("what value").
    """
    asked = asked_sentence(question)
    match = _NAMED_KIND.match(asked)
    if not match or re.search(r"\b(kind|type|sort)s? of\b", match.group(1), re.IGNORECASE):
        return ""
    if not _USES.search(asked[match.end():]):
        return ""  # "what two operations does import combine": "two steps" answers it
    if set(words(match.group(1))) & _PREPOSITIONS:
        return ""  # "which fields from lstat does ...": the kind is not the last word
    kind = match.group(2).lower()
    if kind in _OPEN_KINDS or kind in STOPWORDS or kind in QUESTION_WORDS:
        return ""
    return kind


def analyse(question: str) -> QuestionAnalysis:
    """Focus, answer type and content words of one question.

    The focus comes from the sentence that asks; a sentence that sets the scene ("I
    deleted it with rm -rf.") adds content words, not required names.
    """
    asked = asked_sentence(question)
    own = own_classes(question)
    focus = focus_terms(_special_methods(asked, own))
    before = focus_terms(_special_methods(question.replace(asked, " "), own))
    # A library's name the setup writes ("I compared two files with difflib.Differ ...
    # Why doesn't it give me the shortest diff?") is what "it" asks about: a name of the
    # asker's own ("self.__token", "h.digest", "report.txt") only sets the scene.
    # (Not an exception the setup says was raised, "Python raises `io.UnsupportedOperation:
    # can't do nonzero end-relative seeks`": that is what the asker saw. A setting raised,
    # "I raised http.postBuffer to 500 MB", is no exception.)
    library = [f for f in before if f not in focus and _LIBRARY_NAME.fullmatch(f)
               and not _raised(f, question)]
    # Of several the setup names ("`platform.processor()` returns an empty string, while
    # `platform.machine()` says 'x86_64'. Why is the processor missing?"), the one the
    # asking sentence speaks of by its own name's last word; the others set the scene.
    asked_words = set(words(asked))
    picked = [f for f in library if set(words(f.rstrip("()").rsplit(".", 1)[-1])[-1:])
              & asked_words]
    # (Not a call in the block of a with statement the setup writes: the context manager
    # is what the block is run under, `with suppress(FileNotFoundError):` around
    # `os.remove('b.tmp')`; unless the asking sentence says its name.)
    managers = _managers(question)
    focus += picked or [f for f in library if not managers]
    # A word the setup writes as code and the asking sentence says again ("I outlined it as
    # a `poly` region ... How many points can a single poly line have?") is what it asks of.
    focus += [f for f in before if f not in focus and re.fullmatch(r"[A-Za-z_][\w-]*", f)
              and re.search(rf"(?<![\w-]){re.escape(f)}(?![\w-])", asked)]
    # So is a setting the setup names that the asking sentence calls by its last word ("We
    # turned on ProxyErrorOverride ... Can the override be limited to the 5xx errors?").
    focus += [f for f in before if f not in focus and (camel := _CAMEL_NAME.fullmatch(f))
              and re.search(rf"\bthe\s+{re.escape(camel.group(1))}\b", asked, re.IGNORECASE)]
    # A comparison whose asking sentence names nothing ("What's the trade-off between the
    # two?") sets apart what the setup named ("... open the shelf with writeback=True").
    kind = answer_type(question)
    if not focus and _PLURAL_PRONOUN.search(asked):
        # "... the script sees variables called REDIRECT_URL and REDIRECT_STATUS. What do
        # they hold?": "they" are the names the sentence before lists together.
        focus = listed_before(question, asked, before)
    if not focus and kind == "comparison":
        focus = list(before)
    scene = [f for f in before if f not in focus]
    # A class of the asker's own ("On my own Grid class, what does __getitem__ receive
    # ...?") is where it asks, not what: the documentation knows no Grid.
    scene += [f for f in focus if f in own and f not in scene]
    # So is a member of one ("Job.retries" of "My Job class"), and one of the asker's object
    # in a method (`self.retries`).
    scene += [f for f in focus if f not in scene and "." in f
              and f.split(".", 1)[0] in (*own, "self")]
    if own:
        # Where the asker writes a class of its own, so are the names it gives its members
        # ("My `Order` dataclass has a `customer` field ... and an `items` list") and an
        # attribute its code sets on an object (`cfg.debug = True`), unless of a module of
        # the standard library (`sys.stdout = ...`).
        members = {m.group(1) for m in _MEMBER_INTRODUCED.finditer(question)}
        scene += [f for f in focus if f not in scene and (f in members or "." in f and (
            f.split(".", 1)[0] not in sys.stdlib_module_names and re.search(
                rf"(?<![\w.]){re.escape(f)}\s*=(?!=)", question)))]
    # The arguments of a call the asker writes are its own values ("long_text" in
    # "textwrap.fill(long_text)"): they weigh, but an answer need not name them.
    outside = _CALL_ARGUMENTS.sub(" ", asked)
    arguments = [f for f in focus if any(f in m.group(1) for m in _CALL_ARGUMENTS.finditer(asked))
                 and f not in outside]
    # So is a placeholder written for one ("git tag <name>").
    # (Not one that is part of a syntax written out: ":<n>:<path>".)
    arguments += [f for f in focus if re.fullmatch(r"<[a-z][\w-]*>", f) and re.search(
        rf"(?:^|\s){re.escape(f)}(?:$|[\s?.,])", asked)]
    # So is a name the asker's own code passes as a value ("slow_lookup" of
    # `names.sort(key=slow_lookup)`): the documentation never says it.
    passed = passed_for(question)
    arguments += [f for f in focus if f not in arguments and f in passed]
    # So is a number the asker writes ("the minus sign in `-12`"), and a literal it assigns
    # to a name of its own (`x = 0777e1`): the documentation states the rule for such
    # literals, with examples of its own.
    arguments += [f for f in focus if f not in arguments and (
        _NUMBER_LITERAL.fullmatch(f) or (m := _ASSIGNED_LITERAL.fullmatch(f))
        and _NUMBER_LITERAL.fullmatch(m.group(1)))]
    # So is a function the asker's code defines, and its calls ("area(h=2, *[5])" beside
    # `def area(w, h)`): the documentation explains the call's form, not the asker's name.
    # (A special method it defines, `def __getattribute__(self, name)`, is the language's.)
    defined = defined_names(question)
    arguments += [f for f in focus if f not in arguments
                  and (m := re.match(r"([A-Za-z_]\w*)(?:\(|$)", f)) and m.group(1) in defined]
    scene += [f for f in arguments if f not in scene]
    focus = [f for f in focus if f not in arguments]
    # A name in a clause that says when the asker does something ("the work it should do
    # once I call start()") sets the time of the question, not what it asks about.
    timed = {m.group(1).rstrip("()") for m in _WHEN_I_CALL.finditer(asked)}
    aside = [m.group(0) for m in _SO_I_NEED.finditer(asked)]
    # So does the effort the asker would spare beside a library's name asked about ("Can I
    # tell makedirs that an existing folder is fine without wrapping the call in
    # try/except?" asks about makedirs). (Not beside other names: "without typing -S each
    # time" names what the answer will name too.)
    if any(_LIBRARY_NAME.fullmatch(f) for f in focus):
        aside += [m.group(0) for m in _DONE_WITHOUT.finditer(asked)]
    timed |= {f for clause in aside for f in focus
              if re.search(rf"(?<![\w.]){re.escape(f)}(?![\w])", clause)}
    # (The escape is said by its name, "newline": see _DOC_TERMS.)
    timed |= {f for f in focus if _ESCAPE.fullmatch(f)}
    if len(focus) > len(timed & set(focus)):
        scene += [f for f in focus if f in timed and f not in scene]
        focus = [f for f in focus if f not in timed]
    if kind == "reason":
        # "Why do I get a TypeError when ...": the error is what the asker sees; the
        # answer gives its cause and need not name it again.
        symptoms = {m.group(1) for m in _SYMPTOM.finditer(asked)}
        # So is any exception the question names beside another name ("... but parse_config
        # actually raised a KeyError. ... with the KeyError traceback. Why?" of
        # assertRaises): it is what the asker saw.
        raised = {f for f in focus if _EXCEPTION_NAME.fullmatch(f)}
        if raised and any(f not in raised for f in focus):
            symptoms |= raised
        scene += [f for f in focus if f in symptoms]
        focus = [f for f in focus if f not in symptoms]
    # (A class of the asker's own written as a call, `Storage(ABC)`, calls nothing.)
    shown, code_keywords = _written_code(question, focus + scene, defined | frozenset(own))
    scene += [f for f in shown if f not in scene]
    if not focus:
        # An asking sentence that names nothing ("Is dropping the empty one supposed to
        # happen?") asks about what the asker's code calls (`parse_qs('q=shoes&color=')`).
        # (A library's function, not a method of the asker's own object: `q.get()`.)
        called_here = [n for code in shown for n in called_names(code) if n not in defined
                       and ("." not in n or _LIBRARY_NAME.fullmatch(n))]
        # (Of a with statement and the calls in its block, the context manager: `with
        # suppress(FileNotFoundError):` around `os.remove('b.tmp')` asks about suppress.)
        called_here = [n for n in called_here if n in managers] or called_here
        focus = list(dict.fromkeys(called_here))
        scene = [f for f in scene if f not in focus]
    if kind != "comparison":
        # One of several names listed ("on Windows, macOS and Linux") says where or for
        # what the question holds, not what it is about.
        listed = {item.strip().lower() for m in _ENUMERATED.finditer(asked)
                  for item in re.split(r",\s*(?:(?:and|or)\s+)?|\s+(?:and|or)\s+",
                                       m.group("items"))}
        scene += [f for f in focus if f.lower() in listed and f not in scene]
    if any(_LIBRARY_NAME.fullmatch(f) for f in focus):
        # `with sem:` beside threading.Semaphore: the statement is how the asker uses what
        # the question is about, not what it asks about.
        code_keywords = []
    focus = focus + [f for f in scene if f not in focus] + [
        k for k in code_keywords if k not in focus]
    # A keyword named as one ("the with statement", "a for loop", "the in operator") is
    # content even though it is also a common word.
    # (Not a keyword that only defines the asker's own function in the code it shows:
    # "the lone `*` in `def connect(host, *, timeout=10)`" asks about the parameter list,
    # not about "def", which the documentation writes only in its grammar and examples.)
    keywords = {m.group(1).lower() for m in _KEYWORD_NAME.finditer(question)} | {
        g.lower() for m in _KEYWORD_PAIR.finditer(question) for g in m.groups()} | (
        set(words(question)) & _CODE_ONLY_KEYWORDS - DEFINING_KEYWORDS) | (
        set(words(_BACKTICKED.sub(" ", question))) & DEFINING_KEYWORDS)
    # Such a keyword is what the question is about, a name like any other ("the continue
    # statement"), unless it is also a word every sentence has ("the for loop", "in").
    named = {w for f in focus for w in words(f)}
    focus = focus + [w for w in dict.fromkeys(words(asked)) if w in keywords
                     and w not in STOPWORDS and w not in named and len(w) > 2]
    # Such a word is named where the documentation writes it as a keyword, in quotes: the
    # "is" operator's paragraph says 'The operators "is" and "is not"', the "in" operator's
    # does not.
    focus = focus + [f'"{w}"' for w in dict.fromkeys(words(asked)) if w in keywords
                     and w in STOPWORDS and keyword.iskeyword(w) and w not in named]
    focus_tokens = {w for f in focus for w in words(f)} | keywords
    # The question's own numbers ("I set it to 20") are its values, not the answer's.
    # "default" frames a question about a value ("What is the default value of X?") but
    # is what another one is about ("Does next() raise ... when I pass a default?").
    framing = _FRAMING if kind == "number" else _FRAMING - _VALUE_FRAMING
    if kind == "number":
        # "how fast does the log grow?" asks for a rate, which no text calls fast; "a fast
        # glaze firing" says what firing.
        framing = framing | {m.group(1).lower() for m in _HOW_FAST.finditer(question)}
    if kind == "comparison":
        framing = framing | _COMPARISON_FRAMING  # "How is X different from Y?"
    # A framing word inside a compound is content: "name" in "name-based".
    compounds = compound_words(question)
    if kind == "comparison":
        compounds -= _COMPARISON_FRAMING  # "trade-off" is no name: it asks for both sides
    # "list" and "name" frame only an imperative ("List the ..."); "a list" is content.
    nouns = {w for i, w in enumerate(words(asked)) if w in IMPERATIVES and not asks_with(w, i)}
    # Written expressions are examples: said as written they count, but the answer may
    # name their operators instead.
    expressions = [m.group(1) for m in _WRITTEN_EXPRESSION.finditer(asked)]
    # So is code that tests with a keyword (`song in playlist`, `'' in 'hello'`): the
    # reference names the test ("membership test operations"), not the asker's operands.
    tests = [code for code in _BACKTICKED.findall(asked)
             if _keyword_test(code) or _SUBSCRIPTION.fullmatch(code.strip())]
    expressions += [code for code in tests if code not in expressions]
    scene += [e for e in expressions if e not in focus or e in tests and e not in scene]
    focus = focus + [e for e in expressions if e not in focus]
    spoken = [w for name in dict.fromkeys(map(_operator_name, expressions))
              for w in name.split()]
    # An operator applied to the asker's value ("~5"): the operator is what it asks about.
    # (Not a user's home written in prose, "their own ~name pages": an operand longer
    # than a letter is an expression only where the asker marks it as code.)
    unary = [f for f in focus if _UNARY_EXPRESSION.fullmatch(f) and (
        len(f) <= 2 or f[1:].isdigit() or marked_as_code(f, question))]
    scene += [f for f in unary if f not in scene]
    operators = [f[0] for f in unary]
    spoken += [w for op in dict.fromkeys(operators) for w in _UNARY_NAMES[op].split()]
    if kind == "comparison":
        # "a ^ b" against "a | b": the sides are the operators, which the documentation
        # names by themselves ('The "^" operator yields ...').
        ops = list(dict.fromkeys(m.group(1) for e in expressions
                                 if (m := _FIRST_OPERATOR.search(f" {e} "))))
        if len(ops) >= 2:
            operators += ops
    operators = [op for op in dict.fromkeys(operators) if op not in focus]
    focus = operators + focus
    set_aside = _SET_ASIDE.match(asked)
    known = _SET_ASIDE_END.search(asked)
    excluded = tuple(w for w in words(set_aside.group(1)) if w not in STOPWORDS
                     and w not in focus_tokens) if set_aside else ()
    if set_aside or known:
        framing = framing | _SET_ASIDE_FRAMING
    # A contraction's pieces are no words of their own: "doesn" and "t" of "doesn't", the
    # "s" of "Python's" (rare as they are, they would weigh most).
    fragments = {m.group(1).lower() for m in NEGATIVE_CONTRACTION.finditer(question)} | {
        m.group(1).lower() for m in _CLITIC.finditer(question)}
    # "right away", "right now": when, not what; "right" there is no word of the asker's;
    # nor is "easier" in "to make it easier to read".
    fragments |= {w for m in _IDIOM.finditer(question) for w in words(m.group(0))}
    # The documentation named as the one that tells ("does the manual describe",
    # "according to the docs"): where the answer is, which no answer says of itself.
    fragments |= {w for m in _TELLER.finditer(question) for w in words(m.group(0))}
    # "the two" that ends a clause points back at what the question named ("What's the
    # trade-off between the two?"); it is no word an answer says.
    fragments |= {"two"} if _THE_TWO.search(question) else set()
    # The letter of a character's escape ("n" of "'\\n'"): the escape is said by its name.
    fragments |= {m.group(0)[1] for m in _ESCAPE.finditer(question)}
    # "What's wrong?", "What am I doing wrong?" asks for the cause, which no text calls
    # wrong.
    fragments |= {"wrong", "went", "doing"} if _WHAT_WRONG.search(question) else set()
    # ", say X" introduces an example; "say" is then no word of the question's own.
    fragments |= {"say"} if any(m.group("opener").startswith(",")
                                for m in _EXAMPLES.finditer(question)) else set()
    # An everyday phrasal verb of the asking sentence is said in the documentation's one
    # word: "What are my options for carrying on?" asks how to continue, "sort out the
    # conflicts" how to resolve them.
    idioms = [m.span() for m in _IDIOM.finditer(asked)]
    for pattern, said in _PHRASAL:
        for m in pattern.finditer(asked):
            if any(a <= m.start(1) < b for a, b in idioms):
                continue  # "before it gives up": an idiom's, no word of the question's
            # (Only the verb and its particle: "switch TRACE off" still names TRACE.)
            said_as = words(m.group(1))
            fragments |= {said_as[0].lower(), said_as[-1].lower()}
            spoken.append(said)
            if set_aside and set_aside.start(1) <= m.start(1) < set_aside.end(1):
                # "Besides plain variable names, ...": what is set aside is said so too.
                excluded += (said,)
    question_words = set(words(question))
    spoken += [said for pattern, said in _DOC_TERMS
               if said not in question_words and said not in spoken and pattern.search(question)]
    excluded = tuple(w for w in excluded if w not in fragments or w in spoken)
    # (A one-letter word of a longer name, the "a" of "tr a-z A-Z", is no word of its own:
    # it would match every "a" of the prose.)
    lone_letters = {w for f in focus if len(words(f)) > 1 for w in words(f)
                    if len(w) == 1 and w in STOPWORDS} - {f.lower() for f in focus}
    content = spoken + [w for w in words(question) if w not in fragments and (
        w in focus_tokens and w not in lone_letters
        or (w not in STOPWORDS and len(w) > 1 and not w.isdigit()
            and (w not in framing or w in compounds or w in nouns)))]
    negated = re.findall(r"\b(?:not|n't|never)\s+(?:\w+\s+)??(\w+)", question.lower())
    implied = tuple(t for t in code_terms(question) if t not in content)
    content = content + list(implied)
    # The asker's word for a one-letter name of its own ("the variable x"): what the
    # documentation calls the thing may differ ("name"), so it counts where a text says
    # it and is not missing where it does not.
    described = [m.group(1).lower() for m in _DESCRIBED_NAME.finditer(question)]
    # Where a question about a name says it is used ("What is __slots__ used for in a
    # class?"): the setting, which the name's own documentation need not repeat.
    used_in = _SETTING.search(asked) if focus else None
    # What a why-question's asker expected: the reason need not say it. Nor need an
    # answer call an operator asked about by its mark by its name ("bitwise").
    unneeded = [w for m in _EXPECTED.finditer(asked) for w in words(m.group(1))
                ] if kind == "reason" else []
    # Nor what the asker did that should have made it work ("... fails, even though I
    # wrote the starred part last. Why?"): the reason says what does matter.
    unneeded += [w for m in _CONCESSION.finditer(question) for w in words(m.group(0))
                 ] if kind == "reason" else []
    unneeded += spoken if operators else []
    # Nor the effort the asker wants spared ("How do I see how one function changed ...,
    # without wading through every diff of the whole file?"): the steps say what to do, not
    # what they save.
    # (Or asked whether it can be done so: "Can I tell makedirs that an existing folder is
    # fine without wrapping the call in try/except?")
    unneeded += [w for m in _DONE_WITHOUT.finditer(question) for w in words(m.group(1))
                 ] if kind in ("procedure", "yesno") else []
    # What the asker gives as an example (", say Color.RED", "such as HTML"): one case of
    # what it asks about, which the documentation states in general terms.
    unneeded += example_words(question)
    # What the asker believed, asked back after a why-question ("Why is ... False? Aren't
    # both one tenth?"): the reason says what does hold, not the asker's belief.
    unneeded += [w for m in _RHETORICAL.finditer(question) for w in words(m.group(1))
                 ] if kind == "reason" else []
    # What the asker already knows the thing has ("... store besides the commit it
    # points to?"): the answer names the rest, and may or may not mention it.
    unneeded += words(known.group(1)) if known else []
    setting = tuple(dict.fromkeys(
        w for w in described + ([used_in.group(1).lower()] if used_in else []) + unneeded
        if w in content and w not in focus_tokens and w not in implied))
    called = {m.group(1) for m in _CALLED_NAME.finditer(question)
              if not keyword.iskeyword(m.group(1))}
    if kind == "definition" and _MEANING_OF_IT.search(asked):
        # The term the setting quotes is the one asked about, not an example of the asker's.
        quoted = [f for f in scene if re.search(rf"['\"“‘`]{re.escape(f)}['\"”’`]", question)]
        scene = [f for f in scene if f not in quoted]
    return QuestionAnalysis(
        calls=tuple(f for f in focus if f in called),
        text=question, answer_type=kind, focus=tuple(focus),
        focus_words=tuple(tuple(words(f)) for f in focus),
        content=tuple(dict.fromkeys(content)),
        negated=tuple(w for w in negated if w in content),
        subject=tuple(w for w in subject_words(question) if w in content),
        acted_on=tuple(w for w in object_words(question) if w in content),
        scene=tuple(scene),
        sides=comparison_sides(question, focus) if kind == "comparison" else (),
        quantifiers=tuple(m.group(1).lower() for m in _QUANTIFIER.finditer(question)) + tuple(
            m.group(1).lower() for m in _COMPARATIVE.finditer(question)) + tuple(
            m.group(1).lower() for m in _PREFERENCE.finditer(question)),
        items=_list_items(asked) if kind == "list" else "",
        excluded=excluded,
        verb=(yesno_verb(asked, focus) if kind == "yesno" else
              asked_verb(asked, focus) if kind == "number" else ""),
        kinds=tuple(k for k in name_kinds(question, focus) if k in content),
        implied=implied,
        setting=setting,
    )


# A file's name as an asker writes it in prose, by a common extension ("avatar.php.png",
# "/report.pdf", "quarterly-2042.html").
OWN_FILE = re.compile(
    r"(?<![\w.-])(?:[\w.-]*/)?([A-Za-z0-9][\w-]*(?:\.[\w-]+)*)\.(txt|py|md|csv|json|html?|xml|"
    r"ya?ml|toml|cfg|ini|log|gz|tar|zip|sh|pyc|php|js|css|conf|rb|pl|jpe?g|png|gif|svg|pdf|"
    r"db|sqlite|orig|dat|java|bak|tmp|docx?|xlsx?)(?![\w-])")
# A number as Python or a shell writes it: "-12", "0777", "0x1F", "1e-3", "4j", "0777.5".
_NUMBER_LITERAL = re.compile(
    r"[-+]?(?:0[xob][0-9a-f_]+|(?:\d[\d_]*)?\.?\d[\d_]*(?:e[-+]?\d+)?j?)", re.IGNORECASE)
# A literal assigned to a name: "x = 0777e1".
_ASSIGNED_LITERAL = re.compile(r"[A-Za-z_]\w*\s*=\s*(\S+)")
_WHAT_WRONG = re.compile(r"\bwhat(?:'s|\s+is|\s+was|\s+went|\s+(?:am|are)\s+(?:i|we)\s+doing)"
                         r"\s+wrong\b", re.IGNORECASE)
_THE_TWO = re.compile(r"\bthe two\b(?=\s*(?:[?.,;]|$))", re.IGNORECASE)
_RHETORICAL = re.compile(r"[?]\s+((?:Aren't|Isn't|Wasn't|Weren't|Don't|Doesn't|Didn't|"
                         r"Shouldn't|Wouldn't|Won't|Can't|Couldn't)\b[^?]*)\?\s*$")
_EXPECTED = re.compile(r"\b(?:instead of|rather than)\s+([^,;?]+)", re.IGNORECASE)
_CONCESSION = re.compile(r"\b(?:even though|although|even if|despite)\s+[^,;?.]+", re.IGNORECASE)
_KIND_NOUNS = ("decorator|function|method|class|module|package|statement|clause|directive|"
               "option|flag|command|subcommand|variable|attribute|parameter|argument|"
               "setting|keyword|operator|exception|hook|filter|header|field|builtin|"
               "block|section|container|element|tag|provider")


def name_kinds(question: str, focus: Sequence[str]) -> tuple[str, ...]:
    """The kind nouns the question puts right after a name it asks about."""
    kinds = [m.group(1).lower() for f in focus for m in re.finditer(
        rf"(?<![\w.]){re.escape(f)}['\"`”’]?\s+({_KIND_NOUNS})s?\b", question, re.IGNORECASE)]
    return tuple(dict.fromkeys(kinds))


def compound_words(text: str) -> set[str]:
    """The words of the text's hyphenated compounds ("name" and "based" of "name-based")."""
    return set(compound_of(text))


def compound_of(text: str) -> dict[str, str]:
    """Each word of the text's hyphenated compounds, and its compound ("air": "air-gapped")."""
    return {w: tok.lower() for tok in re.findall(r"\w+(?:-\w+)+", text) for w in words(tok)}


_BACKTICKED = re.compile(r"`([^`\n]{1,80})`")
_NAME = r"[A-Za-z_]\w*"
# A pattern of a case clause, by its form, named as the language reference names it.
_PATTERN_KINDS = (
    (re.compile(r"_"), "wildcard"),
    (re.compile(rf"{_NAME}(?:\.{_NAME})+"), "value"),
    (re.compile(_NAME), "capture"),
    (re.compile(r"[-+]?\d[\d._]*|'[^']*'|\"[^\"]*\""), "literal"),
    (re.compile(r"[\[(].*"), "sequence"),
    (re.compile(r"\{.*"), "mapping"),
    (re.compile(rf"{_NAME}(?:\.{_NAME})*\(.*\)"), "class"),
)
# A name with two leading underscores and no trailing ones (`self.__token`).
_PRIVATE_NAME = re.compile(r"(?<![\w])__[A-Za-z][A-Za-z0-9_]*(?<!__)(?![\w])")


# The asker's object subscripted: `grid[1:3, 0]`, `d['key']`.
_SUBSCRIPTION = re.compile(r"[A-Za-z_][\w.]*\[([^\[\]]+)\]")
# An empty literal among code's values (not a call's brackets, `f()`), and its kind.
_EMPTY_LITERAL = re.compile(r"(?<![\w'\"\])])(?:b?''|b?\"\"|\[\]|\{\}|\(\))(?![\w'\"])")
_EMPTY_KINDS = {"'": "string", '"': "string", "[": "list", "{": "dictionary", "(": "tuple"}


# An assignment statement written out: its targets (names, attributes, subscriptions,
# starred, comma-separated), one "=", the value.
_ASSIGNMENT = re.compile(r"([A-Za-z_*][\w.*\[\]'\", ]*?)\s*=\s*(?!=)(\S.*)")


# An expression that chooses by a condition (`'x' if a else 'y'`), not an if statement.
_CONDITIONAL_EXPRESSION = re.compile(r"^(?!\s*(?:if|elif)\b)\S[^:]*?\sif\s[^:]+?\selse\s+\S")
# A comprehension or generator expression: `[n * 2 for n in nums]`, `{k: v for k, v in d}`.
_COMPREHENSION = re.compile(r"[\[{(][^\[\]{}]*?\sfor\s+\S[^\[\]{}]*?\sin\s+\S")


def code_terms(question: str) -> tuple[str, ...]:
    """What the code a question writes out is, in the language reference's terms.

    `case RED:` is a capture pattern (a bare name binds, it does not compare),
    `case [first, second]:` a sequence pattern, `case Color.RED:` a value pattern;
    `self.__token` is a private name, `del x` deletes a name.
    """
    terms: list[str] = []
    for code in _BACKTICKED.findall(question):
        code = code.strip()
        case = re.fullmatch(r"case\s+(.+?)\s*(?:\bif\b.*)?:?", code)
        if case:
            pattern = case.group(1).strip()
            kind = "or" if "|" in pattern else next(
                (k for form, k in _PATTERN_KINDS if form.fullmatch(pattern)), "")
            if kind:
                terms += [kind, "pattern"]
        elif re.fullmatch(r"(?:del|global|nonlocal)\s+[A-Za-z_]\w*", code):
            terms.append("name")  # `del x`: the target is a name, the binding of it
        for m in _PARAMETERS.finditer(code):
            # A bare "*" or "/" in a function definition's parameters (`def connect(host,
            # *, timeout=10)`) marks those after it keyword-only, or those before it
            # positional-only: the reference's words for them.
            marks = {p.strip() for p in (m.group(1) or m.group(2)).split(",")}
            for mark, kind in (("*", "keyword"), ("/", "positional")):
                if mark in marks:
                    terms += ["function", "definition", kind, "parameters"]
        subscript = _SUBSCRIPTION.fullmatch(code)
        if subscript:
            # `grid[1:3, 0]`: a subscription, its key a slice (a "1:3"), a tuple where
            # commas part the items: the reference's words for what __getitem__ receives.
            key = subscript.group(1)
            terms += ["subscription"] + (["slice"] if ":" in key else []) + (
                ["tuple"] if "," in key else [])
        assigned = _ASSIGNMENT.fullmatch(code)
        if assigned:
            # `first, *rest = items`: a starred target; `idx, board[idx] = 3, 'X'`: a target
            # list; `self.retries = self.retries + 1`: an attribute reference as target.
            targets = assigned.group(1)
            if re.search(r"(?:^|,)\s*\*\s*[A-Za-z_]", targets):
                terms += ["starred", "target"]
            elif "," in targets:
                terms += ["target", "list"]
            elif "." in targets and targets.strip() in assigned.group(2):
                terms += ["attribute", "reference"]
        if _CONDITIONAL_EXPRESSION.search(code):
            # `'x' if a else 'y'`: a conditional expression.
            terms += ["conditional", "expression"]
        if _COMPREHENSION.search(code):
            # `[n * 2 for n in nums]`: a comprehension.
            terms.append("comprehension")
        for m in _EMPTY_LITERAL.finditer(code):
            # `'' in 'hello'`: the reference says "empty strings".
            terms += ["empty", _EMPTY_KINDS[m.group(0).lstrip("b")[:1]]]
    if _PRIVATE_NAME.search(question):
        terms += ["private", "name"]  # `self.__token`: a class-private name
    if any(OWN_FILE.fullmatch(m.group(1)) for m in OWN_FILE.finditer(question)):
        # "avatar.php.png": a file name with more than one extension, as a manual says
        # (not "settings.local.json").
        terms += ["multiple", "extensions"]
    return tuple(t for t in dict.fromkeys(terms) if t not in STOPWORDS)


_SETTING = re.compile(r"\s(?:in|inside|within)\s+(?:a|an|my|your)\s+([A-Za-z]{3,})\s*\?\s*$",
                      re.IGNORECASE)
# A member the asker introduces by its kind: "a `customer` field", "an `items` list".
_MEMBER_INTRODUCED = re.compile(
    r"\b(?:a|an|the|its|their)\s+`([A-Za-z_]\w*)`\s+(?:field|attribute|member|property|"
    r"list|dict|dictionary|set|tuple|column)s?\b", re.IGNORECASE)
# (Or for a mark or code it shows: "the lone `*`", "the call `area(h=2, *[5])`".)
_DESCRIBED_NAME = re.compile(
    r"\b(?:the|a|an|my|this)\s+([A-Za-z]{3,})\s+(?:`?[A-Za-z]`?(?![\w.(])|`[^`\n]+`)")
_TELLER = re.compile(
    r"\b(?:according to|as|in|per) the (?:official |online |reference )?"
    r"(?:manual|docs|documentation|man page|manual page)\b(?: (?:says?|puts it))?|"
    r"\bthe (?:official |online |reference )?(?:manual|docs|documentation)"
    r"(?= (?:say|says|said|describe|describes|recommend|recommends|mention|mentions|"
    r"suggest|suggests|document|documents|list|lists|claim|claims|warn|warns)\b)"
    r"(?: \w+)?", re.IGNORECASE)
_IDIOM = re.compile(
    r"\b(?:right|straight) (?:away|now)\b|"
    # "only implements read() so far": until now, not how far.
    r"\bso far\b|"
    # "Why does it refuse in the first place?": at all, not first of several.
    r"\bin\s+the\s+first\s+place\b|"
    # Why the asker wants it, not what: "(to) make it easier to read", "... more readable".
    r"\bmake (?:it|this|that|them|things|the \w+) (?:a (?:bit|little|lot) )?"
    r"(?:easier|simpler|clearer|nicer|tidier|cleaner|more readable|readable)"
    r"(?: to (?:read|follow|understand|use|maintain))?|"
    # How a thing came out, not what it is: "end up stored as", "turns out", "blow up into
    # lots of conflicts". The documentation says what happens ("is re-written").
    r"\b(?:end|ends|ended|ending|wind|winds|wound|winding|blow|blows|blew|blown|blowing) up"
    r"\b|\bturn(?:s|ed)? out\b|"
    # "Out of the box": as shipped, which the documentation says as a default, if at all.
    r"\bout of the box\b|"
    # What remains or goes, said with a particle the documentation does not use: "the files
    # it left behind", "get rid of them".
    r"\b(?:left|leave|leaves|leaving)\s+(?:\w+\s+)?behind\b|\bget(?:s|ting)?\s+rid\s+of\b|"
    # What is not touched: "why is '/' left alone".
    # (Only a pronoun between: "leave the other arguments alone" asks about arguments.)
    r"\b(?:left|leave|leaves|leaving)\s+(?:(?:it|them|this|that|these|those)\s+)?alone\b|"
    # When, said as a moment: "closed right at that moment", "right then".
    r"\b(?:right\s+)?at\s+(?:that|this|the\s+same)\s+(?:moment|instant|point\s+in\s+time)\b|"
    r"\bright\s+then\b|"
    # What a thing is for: "What's the point of mod_version?" asks its purpose, which the
    # documentation says ("enables configuration depending on the version") without "point".
    r"\bthe\s+point\s+(?=of\b)|"
    # One after another: "how many internal redirects in a row", which documentation says
    # as "that may follow each other".
    r"\bin\s+a\s+row\b|"
    # The limit a how-many or how-long question asks for, framed: "before it gives up",
    # "before giving up"; documentation states the maximum or the timeout.
    r"\bbefore\s+(?:(?:it|he|she|they|we|you|i|the\s+\w+)\s+)?(?:gives?|giving)\s+up\b",
    re.IGNORECASE)
_CLITIC = re.compile(r"\w['’](t|s|re|ve|ll|d|m)\b", re.IGNORECASE)
# (Also after a clause that sets the case, ``_CASE_FIRST``.)
_ITEMS = re.compile(rf"^{_CASE_FIRST}(?:which|what)\s+(?:[a-z-]+\s+){{0,2}}?({_PLURAL})\b",
                    re.IGNORECASE)


def _list_items(asked: str) -> str:
    """The plural noun a list question asks for ("algorithms" in "Which hash algorithms")."""
    m = _ITEMS.search(asked.strip())
    return m.group(1).lower() if m else ""
