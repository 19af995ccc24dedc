"""Planted disagreements between sources are reported side by side, never merged."""

import pytest

from research_pipeline import pipeline
from research_pipeline.citations import check_report
from research_pipeline.contradictions import conflict_between
from tests.conftest import approve_topic, corpus_services, write_topic


@pytest.mark.parametrize(("a", "b", "detail"), [
    ("Bisque firing heats raw clay to about 1000 degrees Celsius in the kiln.",
     "Bisque firing heats raw clay to about 1200 degrees Celsius in the kiln.",
     "the numbers differ: 1000 degrees against 1200 degrees"),
    ("Glaze firing is done at a higher temperature than the bisque firing.",
     "Glaze firing is not done at a higher temperature than the bisque firing.",
     "one source states what the other denies"),
    ("Bisque firing heats raw clay to about 1000 degrees Celsius in the kiln.",
     "Centering the clay on the wheel head comes first for throwing.", None),
    ("Bisque firing heats raw clay to about 1000 degrees Celsius in the kiln.",
     "Bisque firing heats raw clay to about 1000 degrees Celsius in the kiln.", None),
])
def test_conflict_rules(a, b, detail):
    assert conflict_between(a, b) == detail


def test_planted_disagreement_is_reported_side_by_side(env, monkeypatch):
    services = corpus_services(env, monkeypatch, "pottery", {
        "guild.md": "---\ntitle: Potters guild handbook\nurl: https://guild.example/firing\n"
                    "---\nBisque firing heats raw clay to about 1000 degrees Celsius in the "
                    "kiln. After bisque firing the pots are porous and ready for glaze.\n",
        "blog.md": "---\ntitle: A kiln blog\nurl: https://blog.example/kiln\n---\n"
                   "Bisque firing heats raw clay to about 1200 degrees Celsius in the kiln. "
                   "Many potters bisque twice.\n",
    })
    topic = approve_topic(services, write_topic(env / "topics", "bisque", """
        ---
        title: "Bisque firing"
        questions: ["To what temperature does bisque firing heat raw clay?"]
        max_rounds: 1
        ---
        """))
    pipeline.run_research(services, topic.id, "r")
    pipeline.extract_facts(services, topic.id, "r")
    report = pipeline.write_report(services, topic.id, "r")
    section = report.markdown.split("## Where sources disagree")[1].split("[^1]:")[0]
    assert "1000 degrees" in section and "1200 degrees" in section
    assert "the numbers differ" in section
    _, check = pipeline.verify_report(services, topic.id)
    assert check.ok, check.problems
    rows = services.store._read("select first_url, second_url, detail from conflicts")  # noqa: SLF001
    assert len(rows) == 1
    assert {rows[0]["first_url"], rows[0]["second_url"]} == {
        "https://guild.example/firing", "https://blog.example/kiln"}
    texts = {}
    for r in services.store._read("select url, text from sources"):  # noqa: SLF001
        texts.setdefault(r["url"], []).append(r["text"])
    assert check_report(report.markdown, texts).ok


def test_two_entries_of_one_page_are_not_two_sources_that_disagree():
    from research_pipeline.contradictions import find_conflicts
    from research_pipeline.models import Fact

    def fact(url: str, quote: str) -> Fact:
        return Fact(fact_id=url, question_id=1, source_id=url, url=url, title=url,
                    quote=quote, text=quote, score=1.0, role="answer", position=0)

    weekday = "Return the day of the week represented by the date. Monday == 0 ... Sunday == 6"
    iso = "Return the day of the week represented by the date. Monday == 1 ... Sunday == 7"
    page = "https://docs.example/datetime.html"
    assert find_conflicts([fact(f"{page}#date.weekday", weekday),
                           fact(f"{page}#date.isoweekday", iso)]) == []
    found = find_conflicts([fact(f"{page}#date.weekday", weekday),
                            fact("https://blog.example/dates", iso)])
    assert len(found) == 1 and "the numbers differ" in found[0].detail
