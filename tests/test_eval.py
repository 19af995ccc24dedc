import json

import pytest

from research_pipeline.errors import ResearchPipelineError
from research_pipeline.evaluation import (
    answer_digest,
    answer_sections,
    check_readings,
    first_paragraphs,
    load_readings,
    score_phrases,
    unsupported_paragraphs,
)
from research_pipeline.topics import parse_topic
from tests.conftest import run_cli, write_topic

REPORT = """# What tides are

_meta_

## Overview

This report addresses tides and the moon.

## 1. Does the moon cause tides?

The gravitational pull of the Moon raises the oceans.[^1]

An unsupported paragraph about spring tides.

## 2. What is the tidal range?

_No passage in the sources answers this question; see Open questions._

## Open questions

- What is the tidal range? — no source mentions the Bay of Fundy

[^1]: [T](https://t.example): "The gravitational pull of the Moon raises the oceans"
"""


def test_phrases_count_only_in_answer_text(tmp_path):
    topic = parse_topic(write_topic(tmp_path, "t", """
        ---
        title: "What tides are"
        questions: ["Does the moon cause tides?", "What is the tidal range?"]
        expect: [["gravitational pull", "cause tides"], ["Bay of Fundy"]]
        ---
        """))
    sections = answer_sections(REPORT)
    assert "gravitational pull" in sections[1] and "[^1]" not in sections[1]
    assert "Bay of Fundy" not in sections[2]
    # "cause tides" is only in the echoed question; "Bay of Fundy" only in Open questions.
    assert score_phrases(topic, REPORT) == (3, 1)
    assert unsupported_paragraphs(REPORT) == 1


# One question the built-in corpus answers, researched in one round.
FINALLY_TOPIC = """
    ---
    title: "The finally clause"
    questions: ["When does the finally clause of a try statement run?"]
    expect: [["finally"]]
    max_rounds: 1
    ---
    """


def test_eval_command_scores_stores_and_guards_a_baseline(env):
    evalset = env / "evalset"
    evalset.mkdir()
    write_topic(evalset, "finally", FINALLY_TOPIC)
    baseline = env / "baseline.json"
    result = run_cli("eval", str(evalset), "--record-baseline", str(baseline),
                     "--write-readings", str(env / "readings.tsv"))
    assert result.returncode == 0, result.stderr
    assert "finally" in result.stdout and "total" in result.stdout
    recorded = json.loads(baseline.read_text())
    assert recorded["citations_verified"] == 1.0 and recorded["answered"] == 1.0
    rows = json.loads(run_cli("sql", "select topic_id, expected, found from eval_results",
                              "--format", "json").stdout)
    assert rows == [{"topic_id": "finally", "expected": 1, "found": 1}]
    baseline.write_text(json.dumps({"found": 1.5}))
    # The answers written out for a reader; the reader's verdict is checked on the next run.
    readings = env / "readings.tsv"
    rows = readings.read_text().splitlines()
    assert rows[0].split("\t")[:5] == ["set", "topic", "qnum", "label", "verdict"]
    cells = rows[1].split("\t")
    assert cells[:4] == ["evalset", "finally", "1", "answered"] and cells[4] == ""
    cells[4] = "correct"
    readings.write_text("\n".join([rows[0], "\t".join(cells)]) + "\n")
    failed = run_cli("eval", str(evalset), "--baseline", str(baseline),
                     "--readings", str(readings))
    assert failed.returncode == 1
    assert "fell below the recorded baseline" in failed.stderr
    assert "1 answers as read: 1 correct" in failed.stdout
    assert "0 changed since the reading" in failed.stdout


def test_a_readers_verdicts_stand_only_for_the_answers_the_reader_saw(tmp_path):
    firsts = first_paragraphs(REPORT)
    assert firsts[1] == "The gravitational pull of the Moon raises the oceans."
    readings = tmp_path / "readings.tsv"
    header = "set\ttopic\tqnum\tlabel\tverdict\tphrase_score\tnote\tdigest"
    readings.write_text("\n".join([
        header,
        f"tides\tt\t1\tanswered\tcorrect\tright\tthe pull\t{answer_digest(firsts[1])}",
        f"tides\tt\t2\topen\tnone\twrong\tleft open\t{answer_digest('an older answer')}",
        "tides\tt\t3\tanswered\twrong\twrong\ta question since dropped\tabc",
        "tides\tt\t4\topen\t\t\tnot read yet\tabc",
        "other\tt\t1\tanswered\twrong\twrong\tanother set\tabc"]) + "\n")
    check = check_readings(load_readings(readings), "tides", {"t": REPORT})
    assert check.read == 1 and check.as_read["correct"] == 1
    assert check.changed == ["t Q2"] and check.gone == ["t Q3"]
    readings.write_text(header + "\ntides\tt\t1\tanswered\tfine\tright\tx\tabc\n")
    with pytest.raises(ResearchPipelineError, match=r"readings.tsv: line 2: verdict 'fine'"):
        load_readings(readings)
    readings.write_text("set\ttopic\tverdict\n")
    with pytest.raises(ResearchPipelineError, match="line 1: the header lacks the column"):
        load_readings(readings)


def test_a_bug_in_one_topic_fails_that_topic_and_the_set_goes_on(services, env, monkeypatch):
    from research_pipeline import pipeline
    from research_pipeline.evaluation import run_eval

    evalset = env / "evalset"
    evalset.mkdir()
    for name in ("broken", "finally"):
        write_topic(evalset, name, FINALLY_TOPIC)
    research = pipeline.run_research

    def buggy(services, topic_id, run_id):  # noqa: ANN001, ANN202 - the real step's shape
        if topic_id == "broken":
            raise KeyError("values")
        return research(services, topic_id, run_id)

    monkeypatch.setattr(pipeline, "run_research", buggy)
    scores = {s.topic_id: s for s in run_eval(services, evalset)}
    assert scores["broken"].error == "unexpected KeyError: 'values'"
    assert "KeyError" in (scores["broken"].traceback or "")
    assert scores["finally"].error is None and scores["finally"].found == 1
    rows = services.store._read("select topic_id, error from eval_results order by topic_id", [])
    assert [(r["topic_id"], r["error"]) for r in rows] == [
        ("broken", "unexpected KeyError: 'values'"), ("finally", None)]


def test_a_bugs_message_reaches_the_store_redacted(services, env, monkeypatch):
    from research_pipeline import pipeline
    from research_pipeline.evaluation import run_eval

    evalset = env / "evalset"
    evalset.mkdir()
    write_topic(evalset, "broken", FINALLY_TOPIC)

    def buggy(services, topic_id, run_id):  # noqa: ANN001, ANN202, ARG001 - the step's shape
        raise RuntimeError("request failed with x-goog-api-key: AIzaTESTSECRET0123456789")

    monkeypatch.setattr(pipeline, "run_research", buggy)
    run_eval(services, evalset)
    rows = services.store._read("select error from eval_results", [])
    assert rows[0]["error"] == ("unexpected RuntimeError: request failed with "
                                "x-goog-api-key: [redacted]")
