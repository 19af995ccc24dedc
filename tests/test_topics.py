from pathlib import Path

import pytest

from research_pipeline.errors import TopicFileError
from research_pipeline.topics import MAX_TOPIC_BYTES, load_topics, parse_topic


def _write(tmp_path: Path, name: str, content: str | bytes) -> Path:
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return path


def test_good_topic_defaults_id_to_stem(tmp_path):
    path = _write(tmp_path, "my-topic.md", "---\ntitle: A title\n---\nBody text.\n")
    topic = parse_topic(path)
    assert topic.id == "my-topic"
    assert topic.spec.approval == "human"
    assert topic.body == "Body text."
    assert len(topic.content_hash) == 16


def test_content_hash_changes_with_content(tmp_path):
    a = parse_topic(_write(tmp_path, "a.md", "---\ntitle: T\n---\nOne\n"))
    b = parse_topic(_write(tmp_path, "a.md", "---\ntitle: T\n---\nTwo\n"))
    assert a.content_hash != b.content_hash


def test_same_bytes_reuse_the_parse_and_an_edit_is_read_again(tmp_path):
    path = _write(tmp_path, "t.md", "---\ntitle: T\n---\nOne\n")
    first = parse_topic(path)
    assert parse_topic(path) is first
    _write(tmp_path, "t.md", "---\ntitle: U\n---\nOne\n")
    edited = parse_topic(path)
    assert (edited.spec.title, edited.content_hash) != (first.spec.title, first.content_hash)
    _write(tmp_path, "t.md", "---\ntitle: [unclosed\n---\n")
    for _ in range(2):  # a bad file is not kept: it fails every time
        with pytest.raises(TopicFileError, match="not valid YAML"):
            parse_topic(path)
    # The same bytes under another name are another topic (the id defaults to the stem).
    other = parse_topic(_write(tmp_path, "other.md", "---\ntitle: T\n---\nOne\n"))
    assert (other.id, other.content_hash) == ("other", first.content_hash)


@pytest.mark.parametrize(
    ("content", "field", "fragment"),
    [
        ("---\ntitle: [unclosed\n---\n", None, "not valid YAML"),
        ("---\ntitle: T\ncolour: red\n---\n", "colour", "unknown key"),
        ("---\nid: Bad_ID\ntitle: T\n---\n", "id", "not a valid id"),
        ("---\ntitle: '   '\n---\n", "title", "empty"),
        ("---\ntitle: T\napproval: sometimes\n---\n", "approval", ""),
        ("---\ntitle: T\nmax_rounds: 0\n---\n", "max_rounds", ""),
        ("no front matter\n", None, "no YAML front matter"),
        ("---\ntitle: T\n", None, "not closed"),
        ("---\ntitle: T\nquestions: [a, b]\nexpect: [x]\n---\n", None, "one list of phrases"),
        ("---\n- a list\n---\n", None, "mapping"),
        ("---\ntitle: T\nstart_date: 2025-01-01\nend_date: 2024-01-01\n---\n", None, "after"),
    ],
)
def test_bad_topic_names_file_and_field(tmp_path, content, field, fragment):
    path = _write(tmp_path, "bad.md", content)
    with pytest.raises(TopicFileError) as info:
        parse_topic(path)
    assert str(path) in str(info.value)
    assert info.value.field == field
    assert fragment in str(info.value)


def test_binary_and_huge_files_are_rejected(tmp_path):
    binary = _write(tmp_path, "bin.md", b"---\x00\x01\x02")
    huge = _write(tmp_path, "huge.md", "---\ntitle: T\n---\n" + "x" * (MAX_TOPIC_BYTES + 1))
    with pytest.raises(TopicFileError, match="binary"):
        parse_topic(binary)
    with pytest.raises(TopicFileError, match="at most"):
        parse_topic(huge)


def test_one_bad_file_does_not_stop_the_others(tmp_path):
    good = _write(tmp_path, "good.md", "---\ntitle: Good\n---\n")
    bad = _write(tmp_path, "bad.md", "---\ntitle: [\n---\n")
    dup = _write(tmp_path, "dup.md", "---\nid: good\ntitle: Dup\n---\n")
    topics, errors = load_topics([good, bad, dup])
    assert [t.id for t in topics] == ["good"]
    assert len(errors) == 2
    assert any(e.field == "id" and "duplicate" in str(e) for e in errors)


def test_example_topics_parse():
    root = Path(__file__).resolve().parent.parent
    topics, errors = load_topics(sorted((root / "topics").glob("*.md")))
    assert not errors
    assert len(topics) >= 3


def test_price_table_from_the_environment_extends_the_defaults(monkeypatch):
    from research_pipeline.settings import load_settings

    monkeypatch.setenv("RESEARCH_PRICES", '{"my-model": {"input_per_mtok": 1.5}}')
    settings = load_settings()
    assert settings.prices["my-model"].input_per_mtok == 1.5
    assert settings.prices["exa"].per_request > 0
    assert "GOOGLE_API_KEY" not in str(settings.public_dict().get("google_api_key"))
    monkeypatch.setenv("GOOGLE_API_KEY", "sekrit-value")
    assert "sekrit-value" not in str(load_settings().public_dict())


@pytest.mark.parametrize(
    ("front", "field", "fragment"),
    [
        ("start_date: 2024-13-45", "start_date", "not a calendar date"),
        ("start_date: 2024-02-30", "start_date", "YYYY-MM-DD"),
        ("end_date: 0000-01-01", "end_date", "not a calendar date"),
        ("start_date: 2024-01-01 25:00:00", "start_date", "not a calendar date"),
        ("start_date: 1700000000", "start_date", "not a calendar date"),
        ("max_cost_usd: .inf", "max_cost_usd", "finite"),
        ("max_cost_usd: .nan", "max_cost_usd", "finite"),
        ("max_cost_usd: 0", "max_cost_usd", "greater than 0"),
        ("max_cost_usd: -1", "max_cost_usd", "greater than 0"),
        ("max_rounds: true", "max_rounds", "not a number"),
        ("questions: ['What \u202eevil?']", "questions", "U+202E"),
        ("include_domains: ['not a domain/path']", "include_domains", "not a domain"),
        ("max_rounds: 99999999999999999999999999999", "max_rounds", "less than or equal"),
    ],
)
def test_hostile_values_get_a_named_error(tmp_path, front, field, fragment):
    path = _write(tmp_path, "bad.md", f"---\ntitle: T\n{front}\n---\n")
    with pytest.raises(TopicFileError) as info:
        parse_topic(path)
    assert str(path) in str(info.value)
    assert (info.value.field or "").split(".")[0] == field, info.value
    assert fragment in str(info.value)


@pytest.mark.parametrize("escape", ["\\a", "\\e", "\\u202E", "\\u2066", "\\x9b"])
def test_control_and_bidi_characters_are_refused_in_titles(tmp_path, escape):
    # YAML escapes in a double-quoted string reach the validator (raw ones YAML refuses).
    path = _write(tmp_path, "bad.md", f'---\ntitle: "A {escape} title"\n---\n')
    with pytest.raises(TopicFileError, match="invisible character") as info:
        parse_topic(path)
    assert info.value.field == "title"


def test_yaml_bombs_are_refused_quickly(tmp_path):
    import time

    levels = ["a: &a [" + ",".join(["x"] * 10) + "]"]
    levels += [f"l{i}: &l{i} [" + ",".join([f"*{'a' if i == 0 else f'l{i - 1}'}"] * 10) + "]"
               for i in range(8)]
    aliases = _write(tmp_path, "aliases.md", "---\ntitle: T\n" + "\n".join(levels) + "\n---\n")
    deep = _write(tmp_path, "deep.md", "---\ntitle: T\nquestions: " + "[" * 3000 + "]" * 3000
                  + "\n---\n")
    dup = _write(tmp_path, "dup.md", "---\ntitle: T\ntitle: U\n---\n")
    started = time.monotonic()
    for path, fragment in ((aliases, "aliases"), (deep, "nesting deeper"), (dup, "twice")):
        with pytest.raises(TopicFileError, match=fragment):
            parse_topic(path)
    assert time.monotonic() - started < 2


def test_crlf_and_bom_are_accepted(tmp_path):
    crlf = _write(tmp_path, "crlf.md", b"---\r\ntitle: Windows\r\nquestions:\r\n  - Why?\r\n"
                  b"---\r\nBody.\r\n")
    bom = _write(tmp_path, "bom.md", "\ufeff---\ntitle: With a BOM\n---\nBody.\n".encode())
    assert parse_topic(crlf).spec.questions == ["Why?"]
    assert parse_topic(crlf).body == "Body."
    assert parse_topic(bom).spec.title == "With a BOM"


@pytest.mark.parametrize("order", [["aaa", "exceptions"], ["exceptions", "aaa"]])
def test_the_file_named_for_an_id_keeps_it(tmp_path, order):
    files = {
        "aaa": _write(tmp_path, "aaa.md", "---\nid: exceptions\ntitle: Impostor\n---\n"),
        "exceptions": _write(tmp_path, "exceptions.md", "---\ntitle: Real\n---\n"),
    }
    topics, errors = load_topics([files[name] for name in order])
    assert [(t.id, t.spec.title) for t in topics] == [("exceptions", "Real")]
    assert len(errors) == 1 and errors[0].path == str(files["aaa"])
    assert str(files["exceptions"].resolve()) in str(errors[0])


def test_an_id_no_file_is_named_for_is_rejected_for_every_claimant(tmp_path):
    one = _write(tmp_path, "one.md", "---\nid: shared\ntitle: One\n---\n")
    two = _write(tmp_path, "two.md", "---\nid: shared\ntitle: Two\n---\n")
    topics, errors = load_topics([one, two])
    assert topics == []
    assert {e.path for e in errors} == {str(one), str(two)}


def test_a_registered_topic_is_not_taken_over_from_elsewhere(tmp_path):
    from research_pipeline.topics import claim_conflict

    real = _write(tmp_path, "exceptions.md", "---\ntitle: Real\n---\n")
    (tmp_path / "elsewhere").mkdir()
    impostor = parse_topic(_write(tmp_path / "elsewhere", "aaa.md",
                                  "---\nid: exceptions\ntitle: Impostor\n---\n"))
    error = claim_conflict(impostor, str(real))
    assert error is not None and "already the topic of" in str(error)
    assert claim_conflict(parse_topic(real), str(impostor.path)) is None  # named for it
    assert claim_conflict(impostor, str(tmp_path / "gone.md")) is None  # holder deleted


def test_a_file_named_twice_is_one_claimant(tmp_path):
    path = _write(tmp_path, "twice.md", "---\ntitle: Twice\n---\n")
    topics, errors = load_topics([path, tmp_path / "." / "twice.md"])
    assert [t.id for t in topics] == ["twice"] and errors == []


def test_what_is_not_a_regular_file_is_refused_without_reading(tmp_path):
    import os

    os.mkfifo(tmp_path / "fifo.md")  # opening it to read would block for ever
    (tmp_path / "folder.md").mkdir()
    for name, fragment in (("fifo.md", "not a regular file"), ("folder.md", "not a regular"),
                           ("missing.md", "does not exist")):
        with pytest.raises(TopicFileError, match=fragment):
            parse_topic(tmp_path / name)


def test_markup_in_a_question_is_kept_for_the_plan_to_neutralise(tmp_path):
    # A question may name a tag ("<Location>"); the plan prints it so that it stays text.
    path = _write(tmp_path, "tags.md",
                  "---\ntitle: T\nquestions: ['Can I use it inside a <Location> section?']\n---\n")
    assert parse_topic(path).spec.questions == ["Can I use it inside a <Location> section?"]


def test_many_files_register_at_once_and_an_impostor_is_refused_alone(tmp_path, services):
    from research_pipeline import pipeline

    real = parse_topic(_write(tmp_path, "exceptions.md", "---\ntitle: Real\n---\n"))
    pipeline.register_topic(services, real)
    (tmp_path / "elsewhere").mkdir()
    impostor = parse_topic(_write(tmp_path / "elsewhere", "aaa.md",
                                  "---\nid: exceptions\ntitle: Impostor\n---\n"))
    others = [parse_topic(_write(tmp_path, f"t{i}.md", f"---\ntitle: Topic {i}\n---\n"))
              for i in range(3)]
    refused = pipeline.register_topics(services, [others[0], impostor, *others[1:]])
    assert [(t.path, "already the topic of" in str(e)) for t, e in refused] == [
        (impostor.path, True)]
    assert services.store.topic_record("exceptions")["path"] == str(real.path)
    assert {r["topic_id"] for r in services.store.topic_records()} == {
        "exceptions", "t0", "t1", "t2"}
    assert services.store.topic_record("t1")["title"] == "Topic 1"
    # A file given twice, and a batch longer than one statement's rows.
    many = [parse_topic(_write(tmp_path, f"m{i}.md", f"---\ntitle: M {i}\n---\n"))
            for i in range(520)]
    assert pipeline.register_topics(services, [others[0], others[0], *many]) == []
    assert len(services.store.topic_records()) == 4 + 520
