#!/usr/bin/env python3
"""Check the dev5 evaluation set against this Python's own documentation.

Adapted from ../dev4/check_phrases.py.  The text helpers (reading the topic
files, resolving text names, removing doctest lines, building the corpus of
all topic texts and stdlib docstrings) are those of the shared
../pydocs_phrases.py, which is used unchanged.  Its ``main`` enforces the
structure of the larger sets (every type at least 3 times), so this file has
its own ``main`` with the rules of dev5.

For every question in the topic files of this folder:
  * answerable questions: every expected phrase must occur verbatim
    (case-insensitive, whitespace-collapsed) in the prose of at least one of
    the texts that answer it.  Texts are named either "topic:<label>" (a key of
    pydoc_data.topics.topics) or a dotted object name whose inspect.getdoc()
    is used.  "Prose" means the text with doctest lines (">>>", "...") and
    grammar rules ("::=") removed.  A phrase fails if it is copied from its
    question.
  * the unanswerable questions: the key terms an answer would need are
    searched in every topic text and in the docstrings of all importable
    standard-library modules (with their submodules) and their public
    classes, functions and methods; a hit is shown as CHECK, with a short
    excerpt, when the same text also contains one of the context words.
    CHECK lines must be read by hand: none may state the answer.

Structural rules of this set: 6 topic files, 18 questions, exactly 3
questions per topic, allowed front-matter keys, a non-empty brief, allowed
types with every type used at least twice, exactly two unanswerable questions
in two different topics (expect [] and no source), expect lists aligned with
questions, 1-3 phrases of 2-6 words per answerable question.

Usage:  /work/main/.venv/bin/python check_phrases.py [--skip-unanswerable]
(run it with the project's Python: the texts are those of that interpreter)
Exit status is 0 when everything passes, 1 otherwise.
"""
import os
import re
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from pydocs_phrases import (  # noqa: E402 - the shared helpers, one folder up
    ALLOWED_KEYS, TYPES, build_corpus, norm, parse_front_matter, prose,
    resolve, split_front_matter)

N_TOPICS = 6
N_QUESTIONS = 18
N_UNANSWERABLE = 2
QUESTIONS_PER_TOPIC = 3
MIN_PER_TYPE = 2
PHRASE_WORDS = (2, 6)

# Where the answer to each question is written: topic file id -> one list of
# text names per question (None for an unanswerable one).
SOURCES = {
    "difflib-similarity": [
        ["difflib.get_close_matches"],
        ["difflib.Differ"],
        ["difflib.Differ"],
    ],
    "csv-files": [
        ["csv"],
        ["csv"],
        None,
    ],
    "queue-workers": [
        ["queue.Queue.join", "queue.Queue.task_done"],
        ["queue.Queue.empty", "queue.Queue.qsize"],
        ["queue.Queue"],
    ],
    "threads-and-semaphores": [
        ["threading.Thread"],
        ["threading.Semaphore", "threading.BoundedSemaphore"],
        ["threading.BoundedSemaphore"],
    ],
    "operator-overloading": [
        ["topic:numeric-types"],
        ["topic:numeric-types"],
        ["topic:numeric-types"],
    ],
    "hashlib-digests": [
        ["hashlib"],
        ["hashlib", "hashlib.file_digest"],
        None,
    ],
}

# For the unanswerable questions: terms an answer would have to use, and the
# context words that must appear in the same text for a hit to be shown.
UNANSWERABLE_TERMS = {
    ("csv-files", 2): {
        "terms": ["has_header", "has header", "header row", "header",
                  "first row", "first line", "column name", "fieldnames",
                  "column", "heuristic", "guess", "sniff", "sample",
                  "type of each", "length of each", "numeric"],
        "context": ["csv", "sniff", "dialect"],
    },
    ("hashlib-digests", 2): {
        "terms": ["iteration", "rounds", "100000", "100,000", "600000",
                  "600,000", "work factor", "pbkdf2", "key derivation",
                  "salt", "recommend", "owasp", "nist",
                  "stretch", "slow", "how many", "at least"],
        "context": ["hashlib", "pbkdf2", "key derivation", "hmac", "password",
                    "salt"],
    },
}


def excerpt(text, term, width=70):
    i = text.find(term)
    return text[max(0, i - width):i + len(term) + width]


def main():
    skip_unans = "--skip-unanswerable" in sys.argv
    ok = True
    type_counts = Counter()
    unanswerable = []
    total = 0
    files = sorted(f for f in os.listdir(HERE) if f.endswith(".md") and f != "README.md")
    if len(files) != N_TOPICS:
        print(f"PROBLEM: {len(files)} topic files, expected {N_TOPICS}")
        ok = False
    if set(SOURCES) != {f[:-3] for f in files}:
        print("PROBLEM: SOURCES does not name exactly the topic files")
        ok = False
    for fname in files:
        tid = fname[:-3]
        fm, body = split_front_matter(os.path.join(HERE, fname))
        data, types = parse_front_matter(fm)
        problems = []
        if not re.fullmatch(r"[a-z0-9-]+", tid):
            problems.append("bad id")
        if set(data) - ALLOWED_KEYS:
            problems.append(f"extra keys {set(data) - ALLOWED_KEYS}")
        if not data.get("title"):
            problems.append("no title")
        if not body.strip():
            problems.append("empty body")
        qs, ex = data.get("questions", []), data.get("expect", [])
        if len(qs) != QUESTIONS_PER_TOPIC:
            problems.append(f"{len(qs)} questions")
        if len(qs) != len(ex) or len(qs) != len(types):
            problems.append("questions/expect/types not aligned")
        if tid not in SOURCES or len(SOURCES[tid]) != len(qs):
            problems.append("no source mapping for every question")
        print(f"== {tid}: {data.get('title')}")
        for p in problems:
            print(f"   PROBLEM: {p}")
            ok = False
        for i, q in enumerate(qs):
            total += 1
            qtype, unans = types[i] if i < len(types) else (None, False)
            if qtype not in TYPES:
                print(f"   PROBLEM: question {i + 1} has no valid type")
                ok = False
            type_counts[qtype] += 1
            phrases = ex[i] if i < len(ex) else None
            srcs = SOURCES.get(tid, [None] * len(qs))[i] if i < len(SOURCES.get(tid, [])) else None
            print(f"  Q{i + 1} [{qtype}{', unanswerable' if unans else ''}] {q}")
            if unans:
                unanswerable.append((tid, i, q))
                if phrases != [] or srcs is not None:
                    print("     FAIL: unanswerable question must have expect [] and no source")
                    ok = False
                continue
            if srcs is None:
                print("     FAIL: answerable question has no source")
                ok = False
                continue
            if not phrases or not 1 <= len(phrases) <= 3:
                print("     FAIL: expect must hold 1 to 3 phrases")
                ok = False
                continue
            texts = {s: norm(prose(resolve(s))) for s in srcs}
            for ph in phrases:
                nph = norm(ph)
                lo, hi = PHRASE_WORDS
                if not lo <= len(nph.split()) <= hi:
                    print(f"     FAIL: phrase {ph!r} is not {lo}-{hi} words")
                    ok = False
                if nph in norm(q):
                    print(f"     FAIL: phrase {ph!r} is copied from the question")
                    ok = False
                where = [s for s, t in texts.items() if nph in t]
                if where:
                    print(f"     ok   {ph!r} found in {', '.join(where)}")
                else:
                    print(f"     FAIL {ph!r} not found in {', '.join(srcs)}")
                    ok = False
    print()
    print(f"{len(files)} topics, {total} questions")
    if total != N_QUESTIONS:
        print(f"PROBLEM: expected {N_QUESTIONS} questions")
        ok = False
    for t in sorted(TYPES):
        flag = "" if type_counts[t] >= MIN_PER_TYPE else f"   <-- fewer than {MIN_PER_TYPE}"
        if flag:
            ok = False
        print(f"  {t:11s} {type_counts[t]}{flag}")
    if len(unanswerable) != N_UNANSWERABLE or len({u[0] for u in unanswerable}) != N_UNANSWERABLE:
        print(f"PROBLEM: need exactly {N_UNANSWERABLE} unanswerable questions in "
              f"{N_UNANSWERABLE} different topics, found {len(unanswerable)}")
        ok = False

    if not skip_unans:
        print("\nUnanswerable questions: searching topics and stdlib docstrings ...")
        corpus = build_corpus()
        print(f"  searched {len(corpus)} texts "
              f"({sum(k.startswith('topic:') for k in corpus)} topics)")
        normed = {k: norm(v) for k, v in corpus.items()}
        for tid, i, q in unanswerable:
            spec = UNANSWERABLE_TERMS.get((tid, i))
            if spec is None:
                print(f"  PROBLEM: no search terms for {tid} Q{i + 1}")
                ok = False
                continue
            print(f"  {tid} Q{i + 1}: {q}")
            for term in spec["terms"]:
                hits = [k for k, t in normed.items() if term in t]
                relevant = [k for k in hits if any(c in normed[k] for c in spec["context"])]
                other = len(hits) - len(relevant)
                if relevant:
                    print(f"     CHECK {term!r}: in texts that also mention {spec['context']}"
                          + (f" (+{other} unrelated)" if other else "") + ":")
                    for k in relevant:
                        print(f"        {k}: ...{excerpt(normed[k], term)}...")
                else:
                    print(f"     absent {term!r}" + (f" (only in {other} unrelated texts)" if other else ""))
        print("  (CHECK lines must be read by hand: they show every text where a term"
              " co-occurs with the context; none of them may state the answer.)")
    print("\nALL CHECKS PASSED" if ok else "\nSOME CHECKS FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
