"""The answer confidence: an "answered" label only where the answer is likely right."""

import pytest

from research_pipeline.models import Question, ResearchPlan, Source
from research_pipeline.researcher import extractive
from research_pipeline.researcher.base import Evidence
from research_pipeline.researcher.confidence import (
    CONFIDENT,
    FEATURES,
    WEIGHTS,
    answer_confidence,
    confidence_features,
)
from research_pipeline.researcher.extractive import ExtractiveResearcher

DANCE = ("Honey bees communicate the location of flowers with a waggle dance. The angle of "
         "the dance relative to vertical shows the direction of the food relative to the sun.")
BREAD = "Bread is baked from flour, water and yeast. Ovens must be hot."
WATER = ("Bees communicate the location of water with a round dance near the hive entrance. "
         "Scout bees return to the hive.")
QUESTION = "How do scout bees show the direction of flowers?"


def _evidence(*texts_and_scores: tuple[str, float]) -> list[Evidence]:
    return [Evidence(Source(source_id=f"{tag}{i}", url=f"https://example.org/{tag}/{i}",
                            title=f"Doc {i}", text=text, provider="local"),
                     score=score, first_round=1)
            for i, (text, score) in enumerate(texts_and_scores)
            for tag in ["".join(w[0] for w in text.split()[:6])]]


# The same passage answers in both: first as the best search hit with no other source
# that answers; then as the weakest of three hits, the others scored ten times higher.
STRONG = _evidence((DANCE, 10.0), (BREAD, 2.0))
WEAK = _evidence((BREAD, 10.0), (WATER, 9.0), (DANCE, 1.0))


def _plan(question: str) -> ResearchPlan:
    return ResearchPlan(topic_id="bees", title="Insects", questions=[Question(id=1, text=question)],
                        queries=[], revision=1)


def test_the_model_weighs_every_measure_of_the_match_upwards():
    # Each measure of how well the answer matches says it matches better: none may lower
    # the confidence. (The answer types after them are priors, of either sign.)
    assert len(WEIGHTS) == len(FEATURES)
    measures = [w for w, name in zip(WEIGHTS, FEATURES, strict=True)
                if not name.startswith("type_")]
    assert len(measures) == 7 and all(w > 0 for w in measures)


def test_the_same_answer_is_trusted_less_where_the_search_barely_found_it():
    researcher = ExtractiveResearcher()
    confidence = {}
    for name, evidence in (("strong", STRONG), ("weak", WEAK)):
        analysis, judged, status, _, best = researcher._judged(QUESTION, evidence, "Insects")
        assert best is not None and best.candidate.source.text == DANCE
        measures = confidence_features(best, judged, analysis.answer_type)
        features = dict(zip(FEATURES, measures, strict=True))
        assert 0 < features["coverage"] <= 1 and features["lead_over_other_answer"] == 1.0
        confidence[name] = answer_confidence(best, judged, analysis.answer_type)
        assert status == "answered"  # both are above the bar
    assert confidence["strong"] >= CONFIDENT
    assert confidence["weak"] < confidence["strong"] - 0.2


@pytest.mark.parametrize("bar", [0.75])
def test_an_answer_below_the_bar_is_labelled_partial_and_still_quoted(monkeypatch, bar):
    # Raised above the weak case's confidence, the bar turns its label to partial, in plain
    # words; the answer is still shown (the reader is told it may not be the one asked
    # for); the strong case stays answered.
    monkeypatch.setattr(extractive, "CONFIDENT", bar)
    plan = _plan(QUESTION)
    for evidence, expected in ((STRONG, "answered"), (WEAK, "partial")):
        researcher = ExtractiveResearcher()
        reflection = researcher.reflect(plan, evidence, 1)
        assessment = reflection.assessments[0]
        assert assessment.status == expected
        if expected == "partial":
            assert "matches the question only loosely" in assessment.note
        facts = researcher.extract_facts(plan, reflection, evidence)
        answer = next(f for f in facts if f.role == "answer")
        assert answer.quote in " ".join(DANCE.split())
