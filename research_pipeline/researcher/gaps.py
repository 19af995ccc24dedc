"""Gap bookkeeping shared by every researcher: the rules are code, not judgement.

A question not answered after a round is a gap. A gap worked in a round without its
coverage improving has had a fruitless round; after three it is abandoned. An answered
question resolves its gap.
"""

from __future__ import annotations

from research_pipeline.models import Gap, GapAnalysis, Reflection, ResearchPlan

ABANDON_AFTER = 3
IMPROVEMENT = 0.02


def track_gaps(plan: ResearchPlan, reflection: Reflection, gaps: list[Gap],
               round_no: int) -> list[Gap]:
    """The gaps after a round: opened, resolved, counted fruitless, abandoned."""
    by_question = {g.question_id: g.model_copy(deep=True) for g in gaps}
    for q in plan.questions:
        item = reflection.status_of(q.id)
        gap = by_question.get(q.id)
        if item.status == "answered":
            if gap is not None and gap.status == "active":
                gap.status = "resolved"
                gap.best_coverage = max(gap.best_coverage, item.coverage)
            continue
        if gap is None:
            gap = Gap(gap_id=f"gap-q{q.id}", question_id=q.id, description=q.text,
                      attempts=1, rounds_worked=[round_no],
                      fruitless_rounds=0 if item.coverage > 0 else 1,
                      best_coverage=item.coverage)
            by_question[q.id] = gap
        elif gap.status == "active" and round_no in gap.rounds_worked:
            if item.coverage > gap.best_coverage + IMPROVEMENT:
                gap.fruitless_rounds = 0
            else:
                gap.fruitless_rounds += 1
            gap.best_coverage = max(gap.best_coverage, item.coverage)
        if item.missing_terms:
            gap.description = f"{q.text} (not yet found: {', '.join(item.missing_terms)})"
        if gap.status == "active" and gap.fruitless_rounds >= ABANDON_AFTER:
            gap.status = "abandoned"
    return sorted(by_question.values(), key=lambda g: g.question_id)


def decide(gaps: list[Gap], round_no: int, max_rounds: int) -> GapAnalysis:
    """Stop when nothing is active or at the ceiling; else work the weakest gaps first."""
    active = [g for g in gaps if g.status == "active"]
    if not active:
        abandoned = any(g.status == "abandoned" for g in gaps)
        return GapAnalysis(gaps=gaps, continue_research=False,
                           stop_reason="gaps_abandoned" if abandoned else "all_answered")
    if round_no >= max_rounds:
        return GapAnalysis(gaps=gaps, continue_research=False, stop_reason="max_rounds")
    active.sort(key=lambda g: (g.best_coverage, g.question_id))
    return GapAnalysis(gaps=gaps, continue_research=True, next_gap_ids=[g.gap_id for g in active])
