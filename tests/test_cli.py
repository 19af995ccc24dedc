"""The CLI end to end, as a user runs it: the real console script on a real instance."""

import json

from tests.conftest import IMPORT_TOPIC, run_cli, write_topic


def test_gate_then_approve_then_report(env, import_topic):
    first = run_cli("run")
    assert first.returncode == 3, first.stderr
    assert "awaits approval" in first.stderr
    assert "research-pipeline approve imports" in first.stderr
    status = json.loads(run_cli("status", "imports", "--json").stdout)[0]
    assert status["state"] == "awaiting approval"
    searched = run_cli("sql", "select count(*) as n from search_calls", "--format", "json")
    assert json.loads(searched.stdout) == [{"n": 0}]

    approved = run_cli("approve", "imports", "--by", "alice")
    assert approved.returncode == 0, approved.stderr
    second = run_cli("run")
    assert second.returncode == 0, second.stderr
    report = (env / "reports" / "imports.md").read_text()
    assert report.startswith("# How the import statement loads modules")
    assert "[^1]: [" in report
    plans = run_cli("sql", "select count(*) as n from research_plans", "--format", "csv")
    assert plans.stdout.splitlines() == ["n", "1"]  # the approved plan was reused
    status = json.loads(run_cli("status", "imports", "--json").stdout)[0]
    assert status["state"] == "reported" and status["decided_by"] == "alice"

    printed = run_cli("report", "imports")
    assert printed.stdout == report
    rerendered = run_cli("report", "imports", "--rerender")
    assert rerendered.returncode == 0, rerendered.stderr
    calls = run_cli("sql", "select provider, count(*) as n from search_calls group by all",
                    "--format", "json")
    rows = json.loads(calls.stdout)
    assert [r["provider"] for r in rows] == ["local"] and rows[0]["n"] > 0


def test_reject_with_note_revises_the_plan(env, import_topic):
    assert run_cli("run").returncode == 3
    rejected = run_cli("reject", "imports", "--note", "- 2\n+ What does sys.modules cache?")
    assert rejected.returncode == 0, rejected.stderr
    again = run_cli("run")
    assert again.returncode == 3
    status = json.loads(run_cli("status", "imports", "--json").stdout)[0]
    assert status["revision"] == 2
    questions = status["plan_markdown"].split("First queries:")[0]
    assert "2. What does sys.modules cache?" in questions
    assert "relative imports" not in questions
    assert "dropped question: How are relative imports" in status["plan_markdown"]


def test_revision_ceiling_stops_clearly(env, import_topic):
    run_cli("run")
    for _ in range(3):
        run_cli("reject", "imports", "--note", "more context please")
        run_cli("run")
    last = run_cli("run")
    assert last.returncode == 1
    assert "revision ceiling" in last.stderr


def test_bad_topic_fails_alone_and_others_go_on(env, import_topic):
    write_topic(env / "topics", "broken", "---\ntitle: [oops\n---\n")
    result = run_cli("run", "--approve")
    assert result.returncode == 1
    assert "broken.md" in result.stderr and "not valid YAML" in result.stderr
    assert (env / "reports" / "imports.md").exists()


def test_unknown_topic_for_approve_is_an_error(env):
    result = run_cli("approve", "nothing-here")
    assert result.returncode == 1
    assert "no plan for topic 'nothing-here'" in result.stderr


def test_usage_errors_exit_2(env):
    assert run_cli("sql").returncode == 2
    assert run_cli("frobnicate").returncode == 2


def test_sql_is_read_only(env, import_topic):
    run_cli("run")
    result = run_cli("sql", "delete from topics")
    assert result.returncode == 1
    assert "read-only" in result.stderr


def test_topic_files_outside_topics_dir_and_own_corpus(env):
    docs = env / "mydocs"
    docs.mkdir()
    (docs / "kiln.md").write_text(
        "---\ntitle: Kiln firing guide\nurl: https://pottery.example/kiln\n---\n"
        "Bisque firing hardens raw clay at about 1000 degrees Celsius before glazing. "
        "Glaze firing then melts the glaze into a glassy coat at a higher temperature.\n\n"
        "Cooling must be slow, because thermal shock cracks the pots.\n", encoding="utf-8")
    (docs / "wheel.txt").write_text(
        "Throwing on the wheel\n\nCentering the clay on the wheel head comes first; an "
        "off-centre lump wobbles and the walls of the pot end up uneven.\n", encoding="utf-8")
    added = run_cli("corpus", "add", str(docs), "--name", "pottery")
    assert added.returncode == 0, added.stderr
    assert "2 added" in added.stdout
    listed = run_cli("corpus", "list")
    assert "pottery" in listed.stdout
    elsewhere = env / "elsewhere"
    elsewhere.mkdir()
    topic = write_topic(elsewhere, "pottery", """
        ---
        title: "Firing pottery"
        questions:
          - "What does bisque firing do to raw clay?"
          - "Why must a kiln cool slowly?"
        ---
        """)
    write_topic(env / "topics", "imports", IMPORT_TOPIC)
    result = run_cli("run", str(topic), "--approve", env_extra={"RESEARCH_CORPUS": "pottery"})
    assert result.returncode == 0, result.stderr
    report = (env / "reports" / "pottery.md").read_text()
    assert "https://pottery.example/kiln" in report
    assert "Bisque firing hardens raw clay" in report
    assert "## Open questions" not in report
    assert not (env / "reports" / "imports.md").exists()
    unknown = run_cli("run", str(topic), env_extra={"RESEARCH_CORPUS": "nope"})
    assert unknown.returncode == 1
    assert "unknown corpus 'nope'" in unknown.stderr


def test_parallel_runs_share_the_instance_and_the_store(env, import_topic):
    write_topic(env / "topics", "finally", """
        ---
        title: "The finally clause"
        questions: ["When does the finally clause of a try statement run?"]
        max_rounds: 1
        ---
        """)
    gated = run_cli("run", "--parallel", "2")
    assert gated.returncode == 3, gated.stderr
    states = {r["topic_id"]: r["state"] for r in json.loads(run_cli("status", "--json").stdout)}
    assert states == {"finally": "awaiting approval", "imports": "awaiting approval"}
    done = run_cli("run", "--parallel", "2", "--approve")
    assert done.returncode == 0, done.stderr
    assert "0 process(es) with failures, 0 with topics awaiting approval" in done.stderr
    assert (env / "reports" / "finally.md").exists() and (env / "reports" / "imports.md").exists()
