import json

from research_pipeline.evaluation import answer_sections, score_phrases, unsupported_paragraphs
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


def test_eval_command_scores_stores_and_guards_a_baseline(env):
    evalset = env / "evalset"
    evalset.mkdir()
    write_topic(evalset, "finally", """
        ---
        title: "The finally clause"
        questions: ["When does the finally clause of a try statement run?"]
        expect: [["finally"]]
        max_rounds: 1
        ---
        """)
    baseline = env / "baseline.json"
    result = run_cli("eval", str(evalset), "--record-baseline", str(baseline))
    assert result.returncode == 0, result.stderr
    assert "finally" in result.stdout and "total" in result.stdout
    recorded = json.loads(baseline.read_text())
    assert recorded["citations_verified"] == 1.0 and recorded["answered"] == 1.0
    rows = json.loads(run_cli("sql", "select topic_id, expected, found from eval_results",
                              "--format", "json").stdout)
    assert rows == [{"topic_id": "finally", "expected": 1, "found": 1}]
    baseline.write_text(json.dumps({"found": 1.5}))
    failed = run_cli("eval", str(evalset), "--baseline", str(baseline))
    assert failed.returncode == 1
    assert "fell below the recorded baseline" in failed.stderr
