"""Runs over many topics: their partition range, run config and per-topic tags."""

import dagster as dg

from research_pipeline.launcher import (
    active_run,
    claim_topics,
    topic_tag,
    topics_run_spec,
)


def test_a_contiguous_set_is_a_range_and_needs_no_config():
    tags, config = topics_run_spec(["a", "b", "c", "d"], ["c", "b"])
    assert tags["dagster/asset_partition_range_start"] == "b"
    assert tags["dagster/asset_partition_range_end"] == "c"
    assert tags["research-topic/b"] == "b" and tags["research-topic/c"] == "c"
    assert config == {}


def test_a_scattered_set_covers_its_range_and_names_its_topics():
    tags, config = topics_run_spec(["a", "b", "c", "d"], ["d", "a"])
    assert (tags["dagster/asset_partition_range_start"],
            tags["dagster/asset_partition_range_end"]) == ("a", "d")
    assert config == {"ops": {"research_topics": {"config": {"topics": ["a", "d"]}}}}
    assert "research-topic/b" not in tags


def test_one_topic_is_a_single_partition_run():
    tags, config = topics_run_spec(["a", "b"], ["b"])
    assert tags["dagster/partition"] == "b" and config == {}


def test_long_topic_ids_get_valid_tag_keys():
    long_id = "a" * 80
    key = topic_tag(long_id)
    assert key != topic_tag("a" * 79) and len(key.split("/")[1]) <= 63


def test_the_older_active_run_keeps_a_topic(env):
    instance = dg.DagsterInstance.get()
    first = instance.create_run_for_job(dg.GraphDefinition("g").to_job(),
                                        tags={topic_tag("t"): "t"})
    second = instance.create_run_for_job(dg.GraphDefinition("g").to_job())
    assert active_run(instance, "t") == first.run_id
    assert claim_topics(instance, second.run_id, ["t"]) == {"t": first.run_id}
    assert instance.get_run_by_id(second.run_id).tags[topic_tag("t")] == "t"
    assert claim_topics(instance, first.run_id, ["t"]) == {}
    assert active_run(instance, "t", other_than=first.run_id) == second.run_id


def test_a_runs_outcome_names_each_topics_report_as_the_store_has_it(
        services, import_topic, env):
    from research_pipeline import pipeline
    from research_pipeline.defs.jobs import RESEARCH_JOB
    from research_pipeline.instance import get_instance
    from research_pipeline.launcher import run_topics
    from research_pipeline.topics import parse_topic

    pipeline.register_topic(services, parse_topic(import_topic))
    launched = run_topics(get_instance(), RESEARCH_JOB, ["imports"], approve_as="tester")
    result = launched.topics["imports"]
    assert result.state == "reported"
    # The CLI prints it without reading the store again.
    assert result.report_path == services.store.latest_report("imports")["path"]
