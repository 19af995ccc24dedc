import json
from pathlib import Path

import pytest

from research_pipeline import pipeline
from research_pipeline.auditor import load_policy
from research_pipeline.errors import ConfigError
from research_pipeline.settings import PROJECT_ROOT
from research_pipeline.topics import parse_topic
from tests.conftest import approve_topic, corpus_services, write_topic


def _auto_topic(env: Path, name: str, extra: str = "", questions: int = 2) -> Path:
    subjects = ["packages", "modules", "finders", "loaders", "caches", "paths", "hooks",
                "specs", "namespaces", "reloading", "circular imports", "relative names"]
    qs = "\n".join(f'      - "How does the import statement handle {s}?"'
                   for s in subjects[:questions])
    return write_topic(env / "topics", name, f"""
    ---
    title: "The import statement"
    approval: auto
    questions:
{qs}
    {extra}
    ---
    """)


def _decisions(services, topic_id):
    return services.store._read(  # noqa: SLF001
        "select decision, decided_by, source, note, reasons from approvals where topic_id = ? "
        "order by created_at", [topic_id])


def test_project_policy_parses():
    policy = load_policy(PROJECT_ROOT / "POLICY.md")
    assert "example-spam.test" in policy.blocked_domains
    assert policy.budget["max_cost_usd"] == 5
    assert policy.shape["max_questions"] == 8
    assert "medical diagnosis" in policy.sensitive


@pytest.mark.parametrize(("text", "fragment"), [
    ("## Budget ceilings\n- max_cost_usd: lots\n", "needs a number"),
    ("## Budget ceilings\n- max_tokens: 5\n", "unknown rule 'max_tokens'"),
    ("# Policy\n## Vibes\n- good\n", "unknown section 'Vibes'"),
])
def test_bad_policy_lines_name_file_and_line(tmp_path, text, fragment):
    path = tmp_path / "POLICY.md"
    path.write_text(text)
    with pytest.raises(ConfigError, match=fragment) as info:
        load_policy(path)
    assert f"{path}:2" in str(info.value)


def test_a_sound_auto_plan_is_approved_with_reasons(services, env):
    topic = parse_topic(_auto_topic(env, "auto-ok"))
    pipeline.register_topic(services, topic)
    outcome = pipeline.make_plan(services, topic.id, "r")
    assert outcome.decision == "approved"
    (row,) = _decisions(services, topic.id)
    assert (row["decided_by"], row["source"]) == ("policy-auditor", "auditor")
    assert "budgets within the policy" in json.loads(row["reasons"])[0]


def test_too_many_questions_is_rejected_revised_then_approved(services, env):
    topic = parse_topic(_auto_topic(env, "auto-long", questions=10))
    pipeline.register_topic(services, topic)
    outcome = pipeline.make_plan(services, topic.id, "r")
    assert outcome.decision == "approved"
    assert len(outcome.plan.questions) == 8 and outcome.plan.revision == 2
    rows = _decisions(services, topic.id)
    assert [r["decision"] for r in rows] == ["rejected", "approved"]
    assert rows[0]["note"] == "- 10\n- 9"
    assert "more than 8" in json.loads(rows[0]["reasons"])[0]


@pytest.mark.parametrize(("extra", "reason"), [
    ("max_cost_usd: 50", "max_cost_usd 50.0 is over the policy ceiling 5"),
    ("include_domains: [example-spam.test]", "include_domains names blocked domains"),
])
def test_unfixable_breaches_go_to_a_person(services, env, extra, reason):
    topic = parse_topic(_auto_topic(env, "auto-bad", extra=extra))
    pipeline.register_topic(services, topic)
    outcome = pipeline.make_plan(services, topic.id, "r")
    assert outcome.decision == "escalated"
    (row,) = _decisions(services, topic.id)
    assert any(reason in r for r in json.loads(row["reasons"]))
    with pytest.raises(pipeline.NotApprovedError, match="escalated"):
        pipeline.run_research(services, topic.id, "r2")


def test_sensitive_subjects_always_need_a_person(services, env):
    path = write_topic(env / "topics", "auto-med", """
        ---
        title: "Home remedies"
        approval: auto
        ---
        Give a medical diagnosis for a rash.
        """)
    topic = parse_topic(path)
    pipeline.register_topic(services, topic)
    assert pipeline.make_plan(services, topic.id, "r").decision == "escalated"


def test_blocked_domains_are_excluded_from_every_search(services, env, monkeypatch):
    services = corpus_services(env, monkeypatch, "kilns", {
        f"{host}.md": f"---\ntitle: Kilns at {host}\nurl: https://{host}/kiln\n---\n"
                      "A kiln fires clay at high temperature to harden pottery before glazing.\n"
        for host in ("good.example", "example-spam.test")})
    topic = approve_topic(services, write_topic(env / "topics", "kiln", """
        ---
        title: "Kilns"
        questions: ["What does a kiln do to clay?"]
        ---
        """))
    pipeline.run_research(services, topic.id, "r")
    urls = {r["url"] for r in services.store._read("select url from search_results")}  # noqa: SLF001
    assert urls == {"https://good.example/kiln"}
