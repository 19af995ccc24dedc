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
import random
import sys
from pathlib import Path

from research_pipeline.corpus.manager import CorpusManager
from research_pipeline.evaluation import answer_digest, first_paragraphs
from research_pipeline.researcher.base import Evidence
from research_pipeline.researcher.confidence import FEATURES, confidence_features, probability
from research_pipeline.researcher.extractive import ExtractiveResearcher
from research_pipeline.search import LocalSearch
from research_pipeline.store import Store
from research_pipeline.topics import parse_topic


def rows_of(db: Path, data_dir: Path, verdicts: dict) -> list[tuple[list[float], bool, str]]:
    """(measures, judged correct, set) for each read answered question of one eval run."""
    store = Store(db, read_only=True)
    out = []
    researchers: dict[tuple[str, ...], ExtractiveResearcher] = {}
    for record in store.topic_records():
        path = Path(record["path"])
        report = store.latest_report(record["topic_id"])
        if report is None or not path.exists():
            continue
        evalset = path.parent.name  # as ``eval`` names a set: its folder
        digests = {n: answer_digest(p) for n, p in first_paragraphs(report["markdown"]).items()}
        topic = parse_topic(path)
        # The sources the report's research retrieved, as the facts step reads them.
        evidence = [Evidence(s, score, r)
                    for s, score, r in store.research_sources(report["research_id"])]
        corpora = tuple(sorted({e.source.corpus for e in evidence if e.source.corpus}))
        if not corpora:
            continue
        if corpora not in researchers:
            search = LocalSearch(CorpusManager(data_dir), list(corpora))
            researchers[corpora] = ExtractiveResearcher(idf=search.idf)
        researcher = researchers[corpora]
        for n, question in enumerate(topic.spec.questions, 1):
            verdict = verdicts.get((evalset, topic.id, n))
            if verdict is None or verdict[1] != digests.get(n) or verdict[0] not in (
                    "correct", "wrong"):
                continue
            analysis, judged, status, _, best = researcher.ruled(question, evidence,
                                                                 topic.spec.title)
            if status == "answered" and best is not None:
                measures = confidence_features(best, judged, analysis.answer_type)
                out.append((list(measures), verdict[0] == "correct", evalset))
    return out


def fit(rows: list[tuple[list[float], bool]], epochs: int = 300, rate: float = 0.02,
        l2: float = 1e-3) -> tuple[list[float], float]:
    """Logistic regression by gradient descent (deterministic order)."""
    d = len(rows[0][0])
    w, b = [0.0] * d, 0.0
    for _ in range(epochs):
        for x, y in rows:
            g = probability(w, b, x) - y
            for i in range(d):
                w[i] -= rate * (g * x[i] + l2 * w[i])
            b -= rate * g
    return w, b


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
        held += [(probability(w, b, x), y) for x, y, s in rows if s in fold]
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
