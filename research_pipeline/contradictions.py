"""Facts from different sources that disagree on the same question.

Two checks, both over sentences that are mostly about the same thing (their content
terms overlap): different numbers before the same word ("1000 degrees" / "1200 degrees"),
and one sentence negating the other ("is done" / "is not done"). Disagreements are
reported side by side, never merged.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from research_pipeline.models import Fact
from research_pipeline.text import terms

_NUMBER = re.compile(r"(\d+(?:[.,]\d+)?)\s*(%|[A-Za-z°]+)?")
_NEGATIONS = frozenset("not no never cannot can't isn't aren't doesn't don't won't wasn't "
                       "weren't hasn't haven't didn't neither nor none".split())
SAME_SUBJECT = 0.5
# A negation only contradicts a sentence that says nearly the same thing otherwise.
SAME_CLAIM = 0.8


@dataclass(frozen=True)
class Conflict:
    """Two facts of one question that disagree."""

    question_id: int
    first: Fact
    second: Fact
    detail: str


def _content(text: str) -> set[str]:
    return {t for t in terms(text) if not t.isdigit()}


def _numbers(text: str) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for value, unit in _NUMBER.findall(text):
        out.setdefault((unit or "").lower(), set()).add(value.replace(",", ""))
    return out


def _negated(text: str) -> bool:
    return bool({w.lower() for w in re.findall(r"[A-Za-z']+", text)} & _NEGATIONS)


def conflict_between(a: str, b: str) -> str | None:
    """Why two sentences about the same thing disagree, or None."""
    ca, cb = _content(a), _content(b)
    overlap = len(ca & cb) / len(ca | cb) if ca and cb else 0.0
    if overlap < SAME_SUBJECT:
        return None
    na, nb = _numbers(a), _numbers(b)
    for unit in set(na) & set(nb):
        if na[unit] and nb[unit] and not na[unit] & nb[unit]:
            label = f" {unit}" if unit else ""
            return (f"the numbers differ: {', '.join(sorted(na[unit]))}{label} against "
                    f"{', '.join(sorted(nb[unit]))}{label}")
    if overlap >= SAME_CLAIM and _negated(a) != _negated(b):
        return "one source states what the other denies"
    return None


def _page(url: str) -> str:
    """A source's page: its address without the fragment that points into it."""
    return url.split("#", 1)[0]


def find_conflicts(facts: list[Fact]) -> list[Conflict]:
    """Every pair of facts of one question, from different sources, that disagree."""
    out = []
    seen: set[tuple[int, frozenset[str], str]] = set()
    for i, a in enumerate(facts):
        for b in facts[i + 1:]:
            # Two entries of one page ("…/datetime.html#datetime.date.weekday" and
            # "#…isoweekday") are two things one source describes, not two sources.
            if a.question_id != b.question_id or _page(a.url) == _page(b.url):
                continue
            detail = conflict_between(a.quote, b.quote)
            # One disagreement between two sources is reported once, whichever facts of
            # theirs (a direct answer, a supporting passage) carry it.
            key = (a.question_id, frozenset((a.url, b.url)), (detail or "").split(":")[0])
            if detail and key not in seen:
                seen.add(key)
                out.append(Conflict(a.question_id, a, b, detail))
    return out
