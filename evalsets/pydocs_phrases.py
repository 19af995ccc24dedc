"""Checks shared by the eval sets over the built-in python-docs corpus.

Each set's ``check_phrases.py`` says where each of its questions is answered (``SOURCES``)
and which terms an answer to its unanswerable questions would need
(``UNANSWERABLE_TERMS``), then calls ``check_set`` with its structural rules (or ``main``,
the rules of the larger sets python-docs, dev2 and dev3). What is checked is stated once,
in the docstring of ``check_set``.
"""
import contextlib
import importlib
import inspect
import io
import os
import pkgutil
import re
import sys
import warnings
from collections import Counter

from pydoc_data.topics import topics as TOPICS

from research_pipeline.corpus.pydocs import SKIPPED_MODULES

TYPES = {"definition", "list", "procedure", "number", "comparison", "reason", "yesno"}
ALLOWED_KEYS = {"title", "questions", "expect", "max_rounds"}


def norm(text):
    return " ".join(text.split()).lower()


def prose(text):
    kept = []
    for line in text.splitlines():
        s = line.strip()
        if s.startswith(">>>") or s.startswith("... ") or s == "..." or "::=" in s:
            continue
        kept.append(line)
    return "\n".join(kept)


def resolve(name):
    if name.startswith("topic:"):
        return TOPICS[name[len("topic:"):]]
    if name.split(".")[0] in SKIPPED_MODULES:
        # The built-in corpus does not read this module: the collection cannot answer
        # from it.
        raise LookupError(f"{name}: module not in the built-in python-docs corpus "
                          "(research_pipeline.corpus.pydocs.SKIPPED_MODULES)")
    parts = name.split(".")
    for i in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:i]))
        except ImportError:
            continue
        for attr in parts[i:]:
            obj = getattr(obj, attr)
        return inspect.getdoc(obj) or ""
    raise LookupError(name)


def split_front_matter(path):
    text = open(path, encoding="utf-8").read()
    m = re.match(r"^---\n(.*?)\n---\n(.*)$", text, re.S)
    if not m:
        raise ValueError(f"{path}: no YAML front matter")
    return m.group(1), m.group(2)


def parse_front_matter(fm):
    """Parse the small YAML subset used here (PyYAML is used when present)."""
    try:
        import yaml
        data = yaml.safe_load(fm)
    except ImportError:
        import ast
        data, key = {}, None
        for line in fm.splitlines():
            code = re.sub(r"\s+#.*$", "", line) if '"' not in line.split("#")[-1] else line
            if not code.strip():
                continue
            if re.match(r"^[a-z_]+:", code):
                key, _, rest = code.partition(":")
                rest = rest.strip()
                data[key] = ast.literal_eval(rest) if rest else []
            else:
                item = code.strip()[1:].strip()
                data[key].append(ast.literal_eval(item))
    # question types from the "# type: X" comments
    types = []
    in_q = False
    for line in fm.splitlines():
        if re.match(r"^[a-z_]+:", line):
            in_q = line.startswith("questions:")
            continue
        if in_q and line.strip().startswith("-"):
            m = re.search(r"#\s*type:\s*([a-z]+)(\s*,\s*unanswerable)?\s*$", line)
            types.append((m.group(1), bool(m.group(2))) if m else (None, False))
    return data, types


def _public_members(obj):
    """(name, value) of an object's public attributes, skipping any that fail to load."""
    for attr in dir(obj):
        if attr.startswith("_"):
            continue
        try:
            yield attr, getattr(obj, attr)
        except Exception:
            continue


def _quiet_import(name):
    """The module, imported without its prints; None when it cannot be imported."""
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            return importlib.import_module(name)
    except BaseException:
        return None


def build_corpus():
    """Topic texts plus docstrings of importable stdlib modules and members."""
    warnings.simplefilter("ignore")
    corpus = {f"topic:{k}": v for k, v in TOPICS.items()}
    # The modules the built-in corpus reads, no others.
    skip_top = set(SKIPPED_MODULES) | {"__main__"}
    names = set()
    for top in sorted(sys.stdlib_module_names):
        if top in skip_top or top.startswith("_"):
            continue
        names.add(top)
        mod = _quiet_import(top)
        if mod is None:
            continue
        if hasattr(mod, "__path__"):
            for info in pkgutil.walk_packages(mod.__path__, top + ".", onerror=lambda n: None):
                last = info.name.rsplit(".", 1)[-1]
                if last.startswith("_") or "test" in info.name.split("."):
                    continue
                names.add(info.name)
    for name in sorted(names):
        mod = _quiet_import(name)
        if mod is None:
            continue
        doc = inspect.getdoc(mod)
        if doc:
            corpus[name] = doc
        for attr, obj in _public_members(mod):
            if inspect.ismodule(obj) or not (inspect.isclass(obj) or callable(obj)):
                continue
            doc = inspect.getdoc(obj)
            if doc:
                corpus[f"{name}.{attr}"] = doc
            if inspect.isclass(obj):
                for meth, m in _public_members(obj):
                    if callable(m):
                        doc = inspect.getdoc(m)
                        if doc:
                            corpus[f"{name}.{attr}.{meth}"] = doc
    return corpus


def excerpt(text, term, width=70):
    """The text around the first place ``term`` occurs."""
    i = text.find(term)
    return text[max(0, i - width):i + len(term) + width]


def main(here, sources, unanswerable_terms):
    """Check a set of the larger shape (python-docs, dev2, dev3); 0 if all pass, else 1.

    ``check_set`` with its defaults: any number of topics and questions, 2-4 questions a
    topic, every type used at least 3 times, exactly two unanswerable questions in two
    different topics, phrases of 1-5 words. The arguments are those of ``check_set``.
    """
    return check_set(here, sources, unanswerable_terms)


def check_set(here, sources, unanswerable_terms, *, n_topics=None, n_questions=None,
              per_topic=(2, 4), min_per_type=3, n_unanswerable=2, phrase_words=(1, 5)):
    """Check the set in folder ``here``; 0 when everything passes, 1 otherwise.

    Prints each question with the texts its phrases were found in, a count per type and
    the search for the unanswerable questions, then "ALL CHECKS PASSED" or "SOME CHECKS
    FAILED". The texts are those of the interpreter running the check (its
    ``pydoc_data.topics`` and standard-library docstrings), so run it with the project's
    Python. A text is named ``topic:<label>`` (``pydoc_data.topics.topics[label]``) or by
    a dotted name: the longest importable module prefix, then attributes, whose
    ``inspect.getdoc()`` is the text ("" when there is none). A name that cannot be
    resolved, or whose top-level module is in ``SKIPPED_MODULES`` (not read by the built-in
    corpus), raises and stops the check. Texts, phrases and questions are compared
    lower-cased with runs of white space collapsed; the "prose" of a text leaves out each
    line that, stripped, starts with ``>>>`` or ``... ``, is ``...``, or contains ``::=``
    (doctest lines, grammar rules).

    It fails when:

    * the topic files (``*.md`` but README.md) are not ``n_topics`` (when given), or the
      keys of ``sources`` are not exactly their ids (file names without ``.md``);
    * a topic id is not made of ``a-z``, ``0-9`` and ``-``; the front matter has a key
      other than title, questions, expect and max_rounds; the title is missing or empty;
      the body is empty; the number of questions is outside ``per_topic``; the numbers of
      questions, expect lists and type comments differ; ``sources`` has no list with one
      entry per question for the topic;
    * a question line of the ``questions:`` block does not end with a type comment,
      ``# type: <type>`` or ``# type: <type>, unanswerable``, naming one of ``TYPES``;
    * a question marked ``unanswerable`` does not have ``expect: []`` and ``None`` as its
      source; an unmarked one has ``None`` as its source (``expect: []`` alone does not
      make a question unanswerable) or an expect list without 1 to 3 phrases;
    * a phrase is not in the prose of any of its question's texts, has a number of words
      outside ``phrase_words``, or occurs whole in the question (a phrase made only of
      the question's words, or found in a heading, is not checked);
    * the questions are not ``n_questions`` (when given), a type of ``TYPES`` is used
      fewer than ``min_per_type`` times, or the unanswerable questions are not exactly
      ``n_unanswerable``, each in a different topic;
    * an unanswerable question has no entry in ``unanswerable_terms`` (only checked when
      the search below runs).

    Unanswerable questions (not searched when ``--skip-unanswerable`` is on the command
    line): each of the question's terms is looked up as a plain substring in every text of
    ``build_corpus()``, lower-cased and white-space collapsed with its doctest lines kept,
    so terms and context words are written in lower case. The corpus is every
    ``pydoc_data`` topic plus the docstrings of the standard-library modules the built-in
    corpus reads (``sys.stdlib_module_names`` but ``SKIPPED_MODULES``, ``__main__`` and
    names starting with ``_``), of their submodules (``pkgutil.walk_packages``; not one
    whose last name part starts with ``_`` or that has a part named ``test``), of the
    public attributes of those modules that are classes or other callables (not
    modules), and of the public callable attributes of those classes; a module that
    fails to import is left out. A text holding the term and one of the question's
    context words is printed as a CHECK line with 70 characters either side of the
    term's first occurrence; the others are only counted. CHECK lines never fail the
    check: they must be read by hand, and none may state the answer.

    Args:
        here: the set's folder, holding its topic files.
        sources: topic id -> one entry per question, in order: the names of the texts
            answering it, a phrase having to be in one of them, or ``None`` for an
            unanswerable question.
        unanswerable_terms: (topic id, question index from 0) -> ``{"terms": [...],
            "context": [...]}``, the terms an answer would have to use and the context
            words that make a text holding one worth reading.
        n_topics: the number of topic files the set must have (None: any).
        n_questions: the number of questions it must have (None: any).
        per_topic: the (fewest, most) questions a topic may have.
        min_per_type: how many questions each type of ``TYPES`` needs at least.
        n_unanswerable: the number of unanswerable questions, each in its own topic.
        phrase_words: the (fewest, most) words an expected phrase may have.

    Returns:
        The exit status: 0 when every check passes, 1 otherwise.
    """
    skip_unans = "--skip-unanswerable" in sys.argv
    ok = True
    type_counts = Counter()
    unanswerable = []
    total = 0
    files = sorted(f for f in os.listdir(here) if f.endswith(".md") and f != "README.md")
    if n_topics is not None and len(files) != n_topics:
        print(f"PROBLEM: {len(files)} topic files, expected {n_topics}")
        ok = False
    if set(sources) != {f[:-3] for f in files}:
        print("PROBLEM: SOURCES does not name exactly the topic files")
        ok = False
    lo_q, hi_q = per_topic
    lo_w, hi_w = phrase_words
    for fname in files:
        tid = fname[:-3]
        fm, body = split_front_matter(os.path.join(here, fname))
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
        if not lo_q <= len(qs) <= hi_q:
            problems.append(f"{len(qs)} questions")
        if len(qs) != len(ex) or len(qs) != len(types):
            problems.append("questions/expect/types not aligned")
        if tid not in sources or len(sources[tid]) != len(qs):
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
            srcs = sources.get(tid, [None] * len(qs))[i] if i < len(sources.get(tid, [])) else None
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
                if not lo_w <= len(nph.split()) <= hi_w:
                    print(f"     FAIL: phrase {ph!r} is not {lo_w}-{hi_w} words")
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
    if n_questions is not None and total != n_questions:
        print(f"PROBLEM: expected {n_questions} questions")
        ok = False
    for t in sorted(TYPES):
        flag = "" if type_counts[t] >= min_per_type else f"   <-- fewer than {min_per_type}"
        if flag:
            ok = False
        print(f"  {t:11s} {type_counts[t]}{flag}")
    if len(unanswerable) != n_unanswerable or len({u[0] for u in unanswerable}) != n_unanswerable:
        print(f"PROBLEM: need exactly {n_unanswerable} unanswerable question(s) in "
              f"{n_unanswerable} different topic(s), found {len(unanswerable)}")
        ok = False

    if not skip_unans:
        print("\nUnanswerable questions: searching topics and stdlib docstrings ...")
        corpus = build_corpus()
        print(f"  searched {len(corpus)} texts "
              f"({sum(k.startswith('topic:') for k in corpus)} topics)")
        normed = {k: norm(v) for k, v in corpus.items()}
        for tid, i, q in unanswerable:
            spec = unanswerable_terms.get((tid, i))
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
