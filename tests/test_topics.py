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
