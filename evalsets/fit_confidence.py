#!/usr/bin/env python3
"""Fit the answer confidence (``research_pipeline/researcher/confidence.py``) to readers' verdicts.

Input: the DuckDB files of ``eval`` runs (``research-pipeline --db X.duckdb ... eval
evalsets/SET``), one per set, and a readings file (``evalsets/readings/verdicts.tsv``). For
every question the run labelled answered whose direct answer a reader judged, as it still
stands (same digest), correct or wrong, the question's spans are judged again from the
sources the run stored, with the researcher as installed, and the measures of
``confidence_features`` are taken of the span its label rests on. A logistic model is fitted
to tell correct from wrong; it is checked by five-fold cross-validation over whole sets (no
set is scored by weights fitted to it), and the weights to paste into ``confidence.py`` are
printed with what each threshold would have done to the readings.

Usage (from the repository root):
  .venv/bin/python evalsets/fit_confidence.py --data-dir DATA --readings \
      evalsets/readings/verdicts.tsv /tmp/snap/*.duckdb
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import random
import sys
from pathlib import Path

import duckdb

from research_pipeline.corpus.manager import CorpusManager
from research_pipeline.evaluation import answer_digest, first_paragraphs
from research_pipeline.models import Source
from research_pipeline.researcher.base import Evidence
from research_pipeline.researcher.confidence import FEATURES, confidence_features
from research_pipeline.researcher.extractive import ExtractiveResearcher
from research_pipeline.search import LocalSearch
from research_pipeline.topics import parse_topic


def rows_of(db: Path, data_dir: Path, verdicts: dict) -> list[tuple[list[float], bool, str]]:
    """(measures, judged correct, set) for each read answered question of one eval run."""
    con = duckdb.connect(str(db), read_only=True)
    evalset = con.execute("SELECT any_value(evalset) FROM eval_questions").fetchone()[0]
    corpora = [r[0] for r in con.execute(
        "SELECT DISTINCT corpus FROM sources WHERE corpus IS NOT NULL").fetchall()]
    if evalset is None or not corpora:
        return []
    search = LocalSearch(CorpusManager(data_dir), corpora)
    researcher = ExtractiveResearcher(idf=search.idf)
    out = []
    for topic_id, path in con.execute("SELECT DISTINCT topic_id, path FROM topics").fetchall():
        report = con.execute("SELECT markdown FROM reports WHERE topic_id = ? ORDER BY created_at "
                             "DESC LIMIT 1", [topic_id]).fetchone()
        if report is None or not Path(path).exists():
            continue
        digests = {n: answer_digest(p) for n, p in first_paragraphs(report[0]).items()}
        topic = parse_topic(Path(path))
        evidence = [
            Evidence(source=Source(source_id=r[0], url=r[1], title=r[2], text=r[3],
                                   provider=r[4], corpus=r[5], published_date=r[6],
                                   section=r[7] or "",
                                   layout=[tuple(x) for x in json.loads(r[8] or "[]")]),
                     score=r[9] or 0.0, first_round=r[10])
            for r in con.execute(
                "SELECT s.source_id, s.url, s.title, s.text, s.provider, s.corpus, "
                "s.published_date, s.section, s.layout, max(r.score), min(r.round) "
                "FROM search_results r JOIN sources s USING (source_id) WHERE r.topic_id = ? "
                "GROUP BY ALL ORDER BY max(r.score) DESC", [topic_id]).fetchall()]
        for n, question in enumerate(topic.spec.questions, 1):
            verdict = verdicts.get((evalset, topic_id, n))
            if verdict is None or verdict[1] != digests.get(n) or verdict[0] not in (
                    "correct", "wrong"):
                continue
            analysis, judged, status, _, best = researcher.ruled(question, evidence,
                                                                 topic.spec.title)
            if status == "answered" and best is not None:
                measures = confidence_features(best, judged, analysis.answer_type)
                out.append((list(measures), verdict[0] == "correct", evalset))
    con.close()
    return out


def fit(rows: list[tuple[list[float], bool]], epochs: int = 300, rate: float = 0.02,
        l2: float = 1e-3) -> tuple[list[float], float]:
    """Logistic regression by gradient descent (deterministic order)."""
    d = len(rows[0][0])
    w, b = [0.0] * d, 0.0
    for _ in range(epochs):
        for x, y in rows:
            p = 1.0 / (1.0 + math.exp(-(b + sum(a * v for a, v in zip(w, x, strict=True)))))
            g = p - y
            for i in range(d):
                w[i] -= rate * (g * x[i] + l2 * w[i])
            b -= rate * g
    return w, b


def score(w: list[float], b: float, x: list[float]) -> float:
    """The model's probability for one row of measures."""
    return 1.0 / (1.0 + math.exp(-(b + sum(a * v for a, v in zip(w, x, strict=True)))))


def auc(scored: list[tuple[float, bool]]) -> float:
    """The chance that a correct answer scores above a wrong one."""
    pos = [s for s, y in scored if y]
    neg = [s for s, y in scored if not y]
    return sum((p > n) + 0.5 * (p == n) for p in pos for n in neg) / max(len(pos) * len(neg), 1)


def main() -> int:
    """Read the runs and readings, cross-validate, fit, print."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("dbs", nargs="+", type=Path)
    ap.add_argument("--readings", type=Path, required=True)
    ap.add_argument("--data-dir", type=Path, required=True)
    args = ap.parse_args()
    verdicts = {}
    with args.readings.open(encoding="utf-8") as fh:
        for r in csv.DictReader(fh, delimiter="\t"):
            verdicts[(r["set"], r["topic"], int(r["qnum"]))] = (r["verdict"], r["digest"])
    rows = [row for db in args.dbs for row in rows_of(db, args.data_dir, verdicts)]
    n_ok = sum(y for _, y, _ in rows)
    print(f"{len(rows)} answered labels read: {n_ok} correct, {len(rows) - n_ok} wrong")
    if len(rows) < 50:
        print("too few to fit", file=sys.stderr)
        return 1
    sets = sorted({s for _, _, s in rows})
    random.Random(0).shuffle(sets)
    held: list[tuple[float, bool]] = []
    for k in range(5):
        fold = set(sets[k::5])
        w, b = fit([(x, y) for x, y, s in rows if s not in fold])
        held += [(score(w, b, x), y) for x, y, s in rows if s in fold]
    print(f"cross-validated AUC (five folds of whole sets): {auc(held):.3f}")
    for cut in (0.3, 0.4, 0.5, 0.6):
        low = [y for p, y in held if p < cut]
        print(f"  below {cut}: {len(low)} labels would become partial, "
              f"{len(low) - sum(low)} of them read wrong, {sum(low)} correct")
    w, b = fit([(x, y) for x, y, _ in rows])
    print("WEIGHTS = (" + ", ".join(f"{v:.3f}" for v in w) + ")  # " + ", ".join(FEATURES))
    print(f"INTERCEPT = {b:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
