#!/usr/bin/env python3
"""Check the apache evaluation set against the English Apache httpd manual.

For every question of every topic file in this folder it
  * finds the expect phrases in the visible prose of the page that answers
    the question (text outside <pre> blocks and <div class="example"> boxes,
    HTML entities unescaped, whitespace collapsed, case-insensitive),
  * prints the page file in which each phrase was found,
  * warns when a phrase occurs in a heading of that page or consists only of
    words of the question,
  * for the unanswerable questions, searches the visible text of ALL pages
    for the key terms and reports any hit,
  * checks the front matter (keys, 2-4 questions, types, expect lengths).

Usage:  python3 check_phrases.py [MANUAL_DIR]
Exit status is 0 when everything checks out, 1 otherwise.
"""
import collections
import glob
import os
import re
import sys
from html.parser import HTMLParser

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from html_phrases import (  # noqa: E402 - the shared helpers, one folder up
    ALLOWED_KEYS, TYPES, norm, split_front_matter, topic_files)

MANUAL = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/doc/apache2-doc/manual/en"

# Page (relative to MANUAL) that answers each question, in question order.
# None marks a question the collection cannot answer.
PAGES = {
    "htaccess-files": ["howto/htaccess.html", "howto/htaccess.html", "mod/core.html"],
    "rewrite-flags": ["rewrite/flags.html", "rewrite/flags.html", "rewrite/avoid.html"],
    "ssl-certificates": ["ssl/ssl_faq.html", "ssl/ssl_faq.html", "mod/mod_ssl.html"],
    "name-based-vhosts": ["vhosts/name-based.html", "vhosts/name-based.html", "vhosts/name-based.html"],
    "http-caching": ["mod/mod_cache.html", "caching.html", "caching.html"],
    "htpasswd-basic-auth": ["programs/htpasswd.html", "programs/htpasswd.html", None],
    "stopping-restarting": ["stopping.html", "programs/apachectl.html", "stopping.html"],
    "mpm-choice": ["mod/event.html", "mod/prefork.html", "mod/mpm_common.html"],
    "logging": ["logs.html", "logs.html", "mod/core.html"],
    "mod-deflate": ["mod/mod_deflate.html", "mod/mod_deflate.html", "mod/mod_deflate.html"],
    "reverse-proxy": ["mod/mod_proxy.html", "mod/mod_proxy_balancer.html", "mod/mod_proxy.html"],
    "http2": ["howto/http2.html", "howto/http2.html", None],
}

# Key terms searched in every page for the unanswerable questions.
# Each entry is a regular expression, matched case-insensitively against the
# visible text (prose, code boxes excluded, plus headings) of all pages.
UNANSWERABLE_TERMS = {
    ("htpasswd-basic-auth", 2): [
        r"fail2ban", r"\block(ed)? ?outs?\b", r"\blocks? (the )?(user|account|client)s?\b",
        r"failed (login|logins|authentication|attempts|password)",
        r"(login|logon|authentication|password) (attempts|failures|tries)",
        r"too many (failed|wrong|invalid|unsuccessful|bad)",
        r"\bban(s|ned|ning)?\b", r"brute[- ]force",
    ],
    ("http2", 2): [
        r"http/3", r"\bhttp3\b", r"\bquic\b", r"\bh3\b", r"alt-svc", r"\budp\b",
    ],
}

# Hits of those terms that were read and are NOT an answer to the question.
REVIEWED_HITS = {
    ("mod/mod_authnz_ldap.html", r"\block(ed)? ?outs?\b"):
        "LDAP cache caveat: lockouts made on the LDAP server are not seen at once",
    ("mod/mod_auth_form.html", r"(login|logon|authentication|password) (attempts|failures|tries)"):
        "failed form logins should be redirected to a login page; no count or lockout",
    ("mod/mod_proxy.html", r"\bban(s|ned|ning)?\b"): "ProxyBlock: hosts banned from being proxied",
    ("mod/quickreference.html", r"\bban(s|ned|ning)?\b"): "ProxyBlock summary line",
    ("mod/mod_auth_digest.html", r"brute[- ]force"): "offline brute-forcing of digest hashes",
    ("glossary.html", r"brute[- ]force"): "definition of encryption/ciphertext",
    ("mod/mod_heartbeat.html", r"\budp\b"): "heartbeat multicast packets, not HTTP/3",
    # apache2-doc 2.4.71 added RFC 9114 to the list of standards; httpd has no HTTP/3.
    ("misc/relevant_standards.html", r"http/3"):
        "standards list: RFC 9114 defines HTTP/3; nothing on serving it with httpd",
    ("misc/relevant_standards.html", r"\bquic\b"): "the same RFC 9114 line",
}

# Phrases that occur in a heading of their page, read and kept: the page gained the
# heading after the set was written, and its prose says the phrase too.
REVIEWED_HEADINGS = {
    ("logging", 1, "rotatelogs"):
        "2.4.71 heads a subsection 'Using rotatelogs (recommended)'; the prose names it too",
}


class PageText(HTMLParser):
    """Visible text of a manual page: prose, and heading text separately."""

    BLOCK = {"p", "div", "li", "tr", "td", "th", "dt", "dd", "br", "table",
             "h1", "h2", "h3", "h4", "h5", "h6", "pre", "blockquote", "ul", "ol", "dl"}
    VOID = {"br", "img", "hr", "meta", "link", "input", "col", "area", "base", "wbr"}

    def __init__(self):
        super().__init__(convert_charrefs=True)  # unescapes &lt; &amp; ... like html.unescape
        self.stack = []          # (tag, is_excluded_region)
        self.prose = []
        self.headings = []
        self.hidden = 0          # depth inside head/script/style
        self.code_box = 0        # depth inside <pre> or <div class="example">
        self.heading = 0

    def handle_starttag(self, tag, attrs):
        if tag in self.VOID:
            if tag == "br":
                self.prose.append("\n")
            return
        cls = (dict(attrs).get("class") or "").split()
        excluded = tag == "pre" or (tag == "div" and "example" in cls)
        self.stack.append((tag, excluded))
        if tag in ("head", "script", "style"):
            self.hidden += 1
        if excluded:
            self.code_box += 1
        if tag in ("h1", "h2", "h3", "h4", "h5", "h6"):
            self.heading += 1
            self.headings.append("")
        if tag in self.BLOCK:
            self.prose.append("\n")

    def handle_endtag(self, tag):
        if tag in self.VOID:
            return
        # pop up to the matching tag (tolerates unclosed <p>, <li> ...)
        names = [t for t, _ in self.stack]
        if tag not in names:
            return
        while self.stack:
            t, excluded = self.stack.pop()
            if t in ("head", "script", "style"):
                self.hidden -= 1
            if excluded:
                self.code_box -= 1
            if t in ("h1", "h2", "h3", "h4", "h5", "h6"):
                self.heading -= 1
            if t == tag:
                break
        if tag in self.BLOCK:
            self.prose.append("\n")

    def handle_data(self, data):
        if self.hidden > 0:
            return
        if self.heading > 0 and self.headings:
            self.headings[-1] += data
        if self.code_box == 0:
            self.prose.append(data)


_cache = {}


def page(rel):
    if rel not in _cache:
        p = PageText()
        with open(os.path.join(MANUAL, rel), encoding="utf-8", errors="replace") as f:
            p.feed(f.read())
        p.close()
        _cache[rel] = (norm("".join(p.prose)), [norm(h) for h in p.headings])
    return _cache[rel]


def all_pages():
    for path in sorted(glob.glob(os.path.join(MANUAL, "**", "*.html"), recursive=True)):
        yield os.path.relpath(path, MANUAL)


def words(s):
    return set(re.findall(r"[a-z0-9][a-z0-9_./+-]*", s.lower()))


def read_topic(path):
    front, body = split_front_matter(path, error="no YAML front matter")
    data = yaml.safe_load(front)
    # the types live in YAML comments: collect them from the questions block
    qblock = re.search(r"^questions:\n(.*?)^expect:", front, re.S | re.M).group(1)
    comments = re.findall(r"^\s*-\s.*#\s*type:\s*([a-z]+)\s*(,\s*unanswerable)?\s*$", qblock, re.M)
    return data, body, comments


def main():
    problems = []
    type_count = collections.Counter()
    n_questions = 0
    unanswerable = []
    topics = topic_files(HERE)
    print(f"manual: {MANUAL}  ({len(list(all_pages()))} pages)\n")
    for path in topics:
        tid = os.path.basename(path)[:-3]
        try:
            data, body, comments = read_topic(path)
        except Exception as e:  # noqa: BLE001
            problems.append(f"{tid}: cannot parse ({e})")
            continue
        print(f"== {tid}: {data.get('title')}")
        if not re.fullmatch(r"[a-z0-9-]+", tid):
            problems.append(f"{tid}: bad id")
        extra = set(data) - ALLOWED_KEYS
        if extra:
            problems.append(f"{tid}: unexpected keys {sorted(extra)}")
        qs, ex = data.get("questions") or [], data.get("expect") or []
        if not (2 <= len(qs) <= 4):
            problems.append(f"{tid}: {len(qs)} questions (need 2-4)")
        if len(ex) != len(qs) or len(comments) != len(qs):
            problems.append(f"{tid}: {len(qs)} questions, {len(ex)} expect lists, {len(comments)} type comments")
        if not body.strip():
            problems.append(f"{tid}: empty body")
        pages = PAGES.get(tid)
        if pages is None or len(pages) != len(qs):
            problems.append(f"{tid}: no answering-page list in PAGES (or wrong length)")
            pages = [None] * len(qs)
        for i, q in enumerate(qs):
            n_questions += 1
            qtype, unans = comments[i] if i < len(comments) else ("?", "")
            if qtype not in TYPES:
                problems.append(f"{tid} q{i + 1}: unknown type {qtype!r}")
            type_count[qtype] += 1
            phrases = ex[i] if i < len(ex) else None
            print(f"  q{i + 1} [{qtype}{', unanswerable' if unans else ''}] {q}")
            if unans or pages[i] is None or phrases == []:
                if not (unans and pages[i] is None and phrases == []):
                    problems.append(f"{tid} q{i + 1}: unanswerable marking inconsistent")
                unanswerable.append((tid, q))
                terms = UNANSWERABLE_TERMS.get((tid, i), [])
                if not terms:
                    problems.append(f"{tid} q{i + 1}: no key terms to check absence")
                hits = []
                for rel in all_pages():
                    text = page(rel)[0] + " " + " ".join(page(rel)[1])
                    for t in terms:
                        for mm in re.finditer(t, text, re.I):
                            hits.append((rel, t, text[max(0, mm.start() - 60):mm.end() + 60]))
                unreviewed = 0
                for rel, t, ctx in hits:
                    why = REVIEWED_HITS.get((rel, t))
                    if why:
                        print(f"      reviewed hit {t!r} in {rel}: not an answer ({why})")
                    else:
                        unreviewed += 1
                        print(f"      UNREVIEWED hit {t!r} in {rel}: ...{ctx}...")
                if unreviewed:
                    problems.append(f"{tid} q{i + 1}: key terms found, review unanswerability")
                else:
                    print(f"      not in the collection: {len(terms)} key terms searched in all "
                          f"pages, no unreviewed hit")
                continue
            if not (1 <= len(phrases) <= 3):
                problems.append(f"{tid} q{i + 1}: {len(phrases)} phrases (need 1-3)")
            prose, heads = page(pages[i])
            qwords = words(q)
            for ph in phrases:
                p = norm(ph)
                nwords = len(p.split())
                where = []
                if p in prose:
                    where.append(pages[i])
                others = [r for r in all_pages() if r != pages[i] and p in page(r)[0]]
                status = "OK " if where else "MISSING"
                print(f"      {status} {ph!r} -> {pages[i] if where else '(not in ' + pages[i] + ')'}"
                      f"{'  (also in ' + str(len(others)) + ' other pages)' if others else ''}")
                if not where:
                    problems.append(f"{tid} q{i + 1}: phrase {ph!r} not in prose of {pages[i]}")
                if not (1 <= nwords <= 5):
                    problems.append(f"{tid} q{i + 1}: phrase {ph!r} has {nwords} words")
                if any(p in h for h in heads) and (tid, i + 1, ph) not in REVIEWED_HEADINGS:
                    problems.append(f"{tid} q{i + 1}: phrase {ph!r} occurs in a heading of {pages[i]}")
                if words(p) <= qwords:
                    problems.append(f"{tid} q{i + 1}: phrase {ph!r} only repeats words of the question")
        print()
    print(f"topics: {len(topics)}, questions: {n_questions}")
    print("per type:", ", ".join(f"{t}={type_count[t]}" for t in sorted(TYPES)))
    for t in TYPES:
        if type_count[t] < 3:
            problems.append(f"type {t} used {type_count[t]} times (need >= 3)")
    print(f"unanswerable: {len(unanswerable)}")
    if len(unanswerable) != 2 or len({t for t, _ in unanswerable}) != 2:
        problems.append("need exactly two unanswerable questions in two different topics")
    if problems:
        print("\nPROBLEMS:")
        for p in problems:
            print("  -", p)
        return 1
    print("\nall checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
