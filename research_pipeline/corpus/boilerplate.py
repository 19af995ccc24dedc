"""Chrome found by repetition: a block that recurs on most pages of a corpus.

Structure catches navigation (menus, breadcrumbs, link lists, footers); what it cannot
see is chrome written as plain text, such as a site name line on every page ("Apache
HTTP Server Version 2.4") or a boilerplate suite line ("Part of the git(1) suite"). A
short content block whose text recurs on at least ``RECUR_SHARE`` of a corpus's
documents (and on at least ``MIN_DOCS`` of them) is left out of every passage. Headings
never count: "Options" or "See also" recur because documents share a structure.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable

from research_pipeline.corpus.structure import Block

RECUR_SHARE = 0.3
MIN_DOCS = 5
# Longer blocks are content, even where a page repeats a passage of another.
MAX_CHROME_CHARS = 500


def block_keys(blocks: list[Block]) -> list[str]:
    """The keys of a document's short content blocks, each once, in order."""
    keys = (b.key() for b in blocks
            if b.kind in ("para", "list", "table") and len(b.text) <= MAX_CHROME_CHARS)
    return list(dict.fromkeys(keys))


def recurring(keys_per_document: Iterable[Iterable[str]]) -> frozenset[str]:
    """Keys of blocks on at least ``RECUR_SHARE`` of the documents (and ``MIN_DOCS``)."""
    counts: Counter[str] = Counter()
    documents = 0
    for keys in keys_per_document:
        documents += 1
        counts.update(set(keys))
    floor = max(MIN_DOCS, math.ceil(RECUR_SHARE * documents))
    return frozenset(k for k, n in counts.items() if n >= floor)
