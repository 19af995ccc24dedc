"""The per-topic dynamic partitions, kept in sync with topic files."""

import dagster as dg

TOPICS_PARTITION = "topics"

topics_partitions = dg.DynamicPartitionsDefinition(name=TOPICS_PARTITION)
