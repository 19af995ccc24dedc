#!/usr/bin/env python3
"""Check the dev7-apache evaluation set against the English Apache httpd manual.

Adapted from ../dev4-apache/check_phrases.py; the HTML parsing and the reading of
topic files come from ../html_phrases.py (shared, not changed here).

For every question of every topic file in this folder it
  * finds each expect phrase in the visible prose of the page(s) that answer
    the question (text outside <pre> blocks, HTML entities unescaped,
    whitespace collapsed, case-insensitive) and prints the page it was found in,
  * fails when a phrase is missing, has more than 5 words, is copied from the
    question, consists only of words of the question, or occurs in a heading
    of the answering page,
  * for the unanswerable question, searches the visible text of ALL pages
    (prose, <pre> blocks and headings) for its key terms (regular
    expressions) and fails on any hit that is not in the list of hits read
    by hand (REVIEWED_HITS),
  * checks the front matter and the set's shape: 5 topics, 16 questions,
    3-4 questions per topic, exactly one unanswerable question (expect []),
    all seven types used, 1-3 phrases of 1-5 words per answerable question.

Usage:  /work/main/.venv/bin/python check_phrases.py [MANUAL_DIR]
Exit status is 0 when everything checks out, 1 otherwise.
"""
import collections
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from html_phrases import (  # noqa: E402 - the shared helpers, one folder up
    ALLOWED_KEYS, TYPES, all_pages, norm, page_text, read_topic, topic_files)

MANUAL = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/doc/apache2-doc/manual/en"

# Pages (relative to MANUAL) answering each question, in question order; each
# phrase must be found in the prose of at least one of them.  None marks the
# question the collection cannot answer.
PAGES = {
    "url-aliases-redirects": [["mod/mod_alias.html"]] * 3,
    "server-side-includes": [["howto/ssi.html", "mod/mod_include.html"],
                             ["mod/mod_include.html"], ["mod/mod_include.html"]],
    "response-headers": [["mod/mod_headers.html"]] * 3,
    "per-user-directories": [["howto/public_html.html", "mod/mod_userdir.html"],
                             ["mod/mod_userdir.html"], ["urlmapping.html"], None],
    "mass-virtual-hosting": [["vhosts/mass.html"], ["mod/mod_vhost_alias.html"],
                             ["vhosts/mass.html"]],
}

# Key terms of the unanswerable question (topic, 0-based index), matched
# case-insensitively against the whitespace-collapsed visible text of every
# page: prose, <pre> blocks and headings.
UNANSWERABLE_TERMS = {
    ("per-user-directories", 3): [
        r"\bskel\b", r"useradd", r"adduser",
        r"\bnew (user |linux |unix |system |shell )?accounts?\b", r"\bmkdir\b",
        r"automatic\w* creat", r"creat\w* automatic",
        r"\b(creat|make|set up|populat)\w* (a |the |their |each |every )?(user\W?s? )?(own )?public_html",
        r"public_html (director(y|ies)|folders?) (is |are |gets? )?(created|made)",
        r"\bhome director(y|ies)\b.{0,40}\bcreat", r"\bcreat\w* .{0,40}\bhome director",
        r"\b(each|every|a) new (unix |linux )?users?\b", r"user (account )?creation",
        r"userdir.{0,80}\bcreat", r"\bcreat\w*.{0,80}userdir",
        r"\b(user|home) (directory )?templates?\b", r"\bcreate[_-]?home\b",
    ],
}

# Hits of those terms that were read by hand and do NOT answer the question.
REVIEWED_HITS = {
    ("programs/dbmmanage.html", r"adduser"):
        "dbmmanage's adduser command adds a user to a DBM password file, not a system account",
    ("misc/security_tips.html", r"\bmkdir\b"):
        "creating the ServerRoot directories as root (bin, conf, logs), nothing about user folders",
    ("mod/mod_lua.html", r"\bmkdir\b"):
        "the Lua request API function r:mkdir, no account or public_html set-up",
    ("rewrite/vhosts.html", r"automatic\w* creat"):
        "mod_rewrite recipe that creates a virtual host for every host name, not user directories",
    ("mod/mod_session.html", r"\b(each|every|a) new (unix |linux )?users?\b"):
        "a web application registering a new user and storing its credentials in the session",
    ("mod/mod_unixd.html", r"\b(each|every|a) new (unix |linux )?users?\b"):
        "advice to set up a new user and group for running the server",
}

N_TOPICS, N_QUESTIONS, N_UNANSWERABLE = 5, 16, 1


def words(s):
    return set(re.findall(r"[a-z0-9][a-z0-9_./:+*<>'-]*", s.lower()))


def main():
    problems = []
    type_count = collections.Counter()
    n_questions = 0
    unanswerable = []
    pages_all = list(all_pages(MANUAL))
    topics = topic_files(HERE)
    print(f"manual: {MANUAL}  ({len(pages_all)} pages)\n")
    for path in topics:
        tid = os.path.basename(path)[:-3]
        try:
            data, types, body = read_topic(path)
        except Exception as e:  # noqa: BLE001
            problems.append(f"{tid}: cannot parse ({e})")
            continue
        print(f"== {tid}: {data.get('title')}")
        if not re.fullmatch(r"[a-z0-9-]+", tid):
            problems.append(f"{tid}: bad id")
        extra = set(data) - ALLOWED_KEYS
        if extra:
            problems.append(f"{tid}: unexpected keys {sorted(extra)}")
        if not isinstance(data.get("title"), str) or "\n" in data["title"]:
            problems.append(f"{tid}: title missing or not one line")
        if not body.strip():
            problems.append(f"{tid}: empty body")
        elif len([p for p in re.split(r"\n\s*\n", body.strip()) if p.strip()]) != 1:
            problems.append(f"{tid}: body is not one paragraph")
        qs, ex = data.get("questions") or [], data.get("expect") or []
        if not (3 <= len(qs) <= 4):
            problems.append(f"{tid}: {len(qs)} questions (need 3-4)")
        if not (len(qs) == len(ex) == len(types)):
            problems.append(f"{tid}: {len(qs)} questions, {len(ex)} expect lists, "
                            f"{len(types)} type comments")
            continue
        pages = PAGES.get(tid)
        if pages is None or len(pages) != len(qs):
            problems.append(f"{tid}: no answering-page list in PAGES (or wrong length)")
            continue
        for i, (q, phrases, t, srcs) in enumerate(zip(qs, ex, types, pages)):
            n_questions += 1
            parts = [x.strip() for x in t.split(",")]
            qtype = parts[0]
            unans = "unanswerable" in parts[1:]
            if qtype not in TYPES or any(x != "unanswerable" for x in parts[1:]):
                problems.append(f"{tid} q{i + 1}: bad type comment {t!r}")
            type_count[qtype] += 1
            print(f"  q{i + 1} [{t}] {q}")
            if unans or srcs is None or phrases == []:
                if not (unans and srcs is None and phrases == []):
                    problems.append(f"{tid} q{i + 1}: unanswerable marking inconsistent")
                unanswerable.append((tid, i))
                terms = UNANSWERABLE_TERMS.get((tid, i), [])
                if not terms:
                    problems.append(f"{tid} q{i + 1}: no key terms to check absence")
                unreviewed = 0
                for term in terms:
                    hit_pages = []
                    for rel in pages_all:
                        prose, heads, full = page_text(MANUAL, rel)
                        text = full + " " + " ".join(heads)
                        m = re.search(term, text, re.I)
                        if m:
                            hit_pages.append(rel)
                            ctx = text[max(0, m.start() - 60):m.end() + 60]
                            why = REVIEWED_HITS.get((rel, term))
                            if why:
                                print(f"      reviewed hit {term!r} in {rel}: not an answer ({why})")
                            else:
                                unreviewed += 1
                                print(f"      UNREVIEWED hit {term!r} in {rel}: ...{ctx}...")
                    if not hit_pages:
                        print(f"      term {term!r}: no page")
                if unreviewed:
                    problems.append(f"{tid} q{i + 1}: key terms found, review unanswerability")
                else:
                    print(f"      not in the collection: {len(terms)} key terms searched in "
                          f"{len(pages_all)} pages, no unreviewed hit")
                continue
            if not isinstance(phrases, list) or not (1 <= len(phrases) <= 3):
                problems.append(f"{tid} q{i + 1}: expect must hold 1-3 phrases")
                continue
            qnorm = norm(q)
            for ph in phrases:
                p = norm(ph)
                nwords = len(p.split())
                where = [r for r in srcs if p in page_text(MANUAL, r)[0]]
                others = [r for r in pages_all if r not in srcs and p in page_text(MANUAL, r)[0]]
                if where:
                    print(f"      OK  {ph!r} -> {', '.join(where)}"
                          f"{'  (also in ' + str(len(others)) + ' other pages)' if others else ''}")
                else:
                    print(f"      MISSING {ph!r} not in the prose of {', '.join(srcs)}"
                          f" (found in {others[:5]})")
                    problems.append(f"{tid} q{i + 1}: phrase {ph!r} not in prose of {srcs}")
                if not (1 <= nwords <= 5):
                    problems.append(f"{tid} q{i + 1}: phrase {ph!r} has {nwords} words")
                if p in qnorm:
                    problems.append(f"{tid} q{i + 1}: phrase {ph!r} is copied from the question")
                elif words(p) <= words(qnorm):
                    problems.append(f"{tid} q{i + 1}: phrase {ph!r} only repeats words of the question")
                for r in where:
                    if any(p in h for h in page_text(MANUAL, r)[1]):
                        problems.append(f"{tid} q{i + 1}: phrase {ph!r} occurs in a heading of {r}")
        print()
    print(f"topics: {len(topics)}, questions: {n_questions}")
    print("per type:", ", ".join(f"{t}={type_count[t]}" for t in sorted(TYPES)))
    for t in sorted(TYPES):
        if type_count[t] < 1:
            problems.append(f"type {t} unused")
    print(f"unanswerable: {len(unanswerable)}")
    if len(topics) != N_TOPICS:
        problems.append(f"{len(topics)} topics, expected {N_TOPICS}")
    if n_questions != N_QUESTIONS:
        problems.append(f"{n_questions} questions, expected {N_QUESTIONS}")
    if len(unanswerable) != N_UNANSWERABLE:
        problems.append(f"{len(unanswerable)} unanswerable questions, expected {N_UNANSWERABLE}")
    if problems:
        print("\nPROBLEMS:")
        for p in problems:
            print("  -", p)
        return 1
    print("\nall checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
