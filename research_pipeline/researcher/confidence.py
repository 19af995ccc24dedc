"""How far a reader can trust an "answered" label: a confidence fitted to readers' verdicts.

The rules of ``answers`` say whether a span *can* answer a question: it names the focus,
fits the answer type and covers enough of the question. Among the questions they label
answered, readers of the development sets' reports judged about one in four direct answers
wrong (``evalsets/readings/verdicts.tsv``). What tells those apart is how well the
answer matches, more than whether it passes: how much of the question the span covers, by
itself and in one sentence, how the search ranked its passage, whether its page is about
the topic, and whether another source's span answers about as well (two different answers
that fit alike leave the choice between them a guess); and what is asked: the answer to a
how-do-I question is wrong more often than the answer to what something is or how much.

``answer_confidence`` is a logistic model over those measures. Its weights were fitted to
the readers' verdicts on the answered labels of the development sets (correct against
wrong), and checked by cross-validation that holds out whole sets, so that no set is scored
by weights fitted to it: ``evalsets/fit_confidence.py`` refits and prints them. A question
whose best span passes the rules but scores below ``CONFIDENT`` is labelled partly answered:
its answer is still shown, under a label that says it may not be the one asked for.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, get_args

from research_pipeline.researcher.answers import RANK_TERMS
from research_pipeline.researcher.questions import AnswerType

if TYPE_CHECKING:
    from research_pipeline.researcher.answers import Judgement

ANSWER_TYPES: tuple[str, ...] = get_args(AnswerType)

# The measures, in the order of ``WEIGHTS`` (each 0..1 unless said otherwise): the span's
# coverage of the question's words (its passage lending some), of the rest of the question
# past its focus, by itself alone, in its best single sentence; its passage's search score
# against the best; how much its page's title names the topic's subject; its rank's lead
# over the best span of another source that also answers (1 where none does); and the
# question's answer type (1 for its own, 0 for the others).
FEATURES = ("coverage", "rest", "own_coverage", "tight", "search_score", "page_topical",
            "lead_over_other_answer", *(f"type_{t}" for t in ANSWER_TYPES))
# Fitted by ``evalsets/fit_confidence.py`` to the 694 answered labels read correct or wrong
# in round 48 (cross-validated AUC 0.79; see the module docstring).
WEIGHTS = (1.386, 1.153, 1.128, 0.738, 2.039, 1.498, 1.287,
           0.289, 0.271, -1.097, 0.568, 0.250, 0.495, -0.402, -0.421)
INTERCEPT = -3.959
# Below this an "answered" label becomes "partial".
CONFIDENT = 0.5
# The lead is measured in rank units and capped: beyond a full point no rival is close.
MAX_LEAD = 1.0


def confidence_features(best: Judgement, judged: Sequence[Judgement], answer_type: str
                        ) -> tuple[float, ...]:
    """The measures ``WEIGHTS`` weigh, for the span a question's label rests on."""
    terms = dict(zip(RANK_TERMS, best.parts, strict=True))
    source = best.candidate.source.source_id
    other = next((j for j in judged if j is not best and j.candidate.source.source_id != source
                  and j.answers()), None)
    lead = min(MAX_LEAD, best.rank - other.rank) if other is not None else MAX_LEAD
    return (terms["coverage"], terms["rest"], terms["own_coverage"], terms["tight"],
            terms["search_score"], terms["page_topical"], lead,
            *(float(answer_type == t) for t in ANSWER_TYPES))


def probability(weights: Sequence[float], intercept: float, measures: Sequence[float]) -> float:
    """The logistic model's probability for one row of measures."""
    z = intercept + sum(w * x for w, x in zip(weights, measures, strict=True))
    return 1.0 / (1.0 + math.exp(-z))


def answer_confidence(best: Judgement, judged: Sequence[Judgement], answer_type: str
                      ) -> float:
    """The fitted probability that a reader finds the answer resting on ``best`` correct."""
    return probability(WEIGHTS, INTERCEPT, confidence_features(best, judged, answer_type))
