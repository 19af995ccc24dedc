"""The DuckDB schema: one list of statements per version, applied in order on open."""

from __future__ import annotations

SCHEMA_VERSION = 8

_MIGRATIONS: dict[int, list[str]] = {
    1: [
        """CREATE TABLE topics (
            topic_id VARCHAR NOT NULL, content_hash VARCHAR NOT NULL, run_id VARCHAR,
            path VARCHAR NOT NULL, title VARCHAR NOT NULL, spec JSON NOT NULL,
            body VARCHAR NOT NULL, registered_at TIMESTAMP NOT NULL,
            PRIMARY KEY (topic_id, content_hash))""",
        """CREATE TABLE runs (
            run_id VARCHAR PRIMARY KEY, topic_id VARCHAR NOT NULL, job VARCHAR,
            step VARCHAR, started_at TIMESTAMP NOT NULL, settings JSON,
            corpus_versions JSON, models JSON, code_version VARCHAR)""",
        """CREATE TABLE research_plans (
            plan_version VARCHAR PRIMARY KEY, topic_id VARCHAR NOT NULL, run_id VARCHAR,
            topic_hash VARCHAR NOT NULL, revision INTEGER NOT NULL, parent_version VARCHAR,
            plan JSON NOT NULL, plan_markdown VARCHAR NOT NULL, note VARCHAR,
            created_at TIMESTAMP NOT NULL)""",
        """CREATE TABLE approvals (
            approval_id VARCHAR PRIMARY KEY, topic_id VARCHAR NOT NULL,
            plan_version VARCHAR NOT NULL, run_id VARCHAR, decision VARCHAR NOT NULL,
            decided_by VARCHAR NOT NULL, source VARCHAR NOT NULL, note VARCHAR,
            reasons JSON, created_at TIMESTAMP NOT NULL)""",
        """CREATE TABLE research_rounds (
            research_id VARCHAR NOT NULL, topic_id VARCHAR NOT NULL,
            plan_version VARCHAR NOT NULL, run_id VARCHAR NOT NULL, round INTEGER NOT NULL,
            state JSON NOT NULL, stop_reason VARCHAR, completed_at TIMESTAMP NOT NULL,
            PRIMARY KEY (research_id, round))""",
        """CREATE TABLE search_queries (
            query_id VARCHAR NOT NULL, research_id VARCHAR NOT NULL,
            topic_id VARCHAR NOT NULL, plan_version VARCHAR NOT NULL, run_id VARCHAR NOT NULL,
            round INTEGER NOT NULL, question_id INTEGER, gap_id VARCHAR, kind VARCHAR,
            query_text VARCHAR NOT NULL, n_results INTEGER,
            PRIMARY KEY (research_id, query_id))""",
        """CREATE TABLE sources (
            source_id VARCHAR PRIMARY KEY, url VARCHAR NOT NULL, title VARCHAR NOT NULL,
            text VARCHAR NOT NULL, provider VARCHAR NOT NULL, corpus VARCHAR,
            published_date VARCHAR, first_seen TIMESTAMP NOT NULL)""",
        """CREATE TABLE search_results (
            research_id VARCHAR NOT NULL, topic_id VARCHAR NOT NULL, run_id VARCHAR NOT NULL,
            round INTEGER NOT NULL, query_id VARCHAR NOT NULL, rank INTEGER NOT NULL,
            source_id VARCHAR NOT NULL, url VARCHAR NOT NULL, title VARCHAR NOT NULL,
            score DOUBLE, PRIMARY KEY (research_id, query_id, rank))""",
        """CREATE TABLE reflections (
            research_id VARCHAR NOT NULL, topic_id VARCHAR NOT NULL, run_id VARCHAR NOT NULL,
            round INTEGER NOT NULL, question_id INTEGER NOT NULL, status VARCHAR NOT NULL,
            coverage DOUBLE NOT NULL, best_source_id VARCHAR, evidence_source_ids JSON,
            matched_terms JSON, missing_terms JSON,
            PRIMARY KEY (research_id, round, question_id))""",
        """CREATE TABLE knowledge_gaps (
            research_id VARCHAR NOT NULL, topic_id VARCHAR NOT NULL, run_id VARCHAR NOT NULL,
            round INTEGER NOT NULL, gap_id VARCHAR NOT NULL, question_id INTEGER NOT NULL,
            description VARCHAR NOT NULL, status VARCHAR NOT NULL, attempts INTEGER NOT NULL,
            fruitless_rounds INTEGER NOT NULL, best_coverage DOUBLE NOT NULL,
            queries_tried JSON, rounds_worked JSON,
            PRIMARY KEY (research_id, round, gap_id))""",
        """CREATE TABLE facts (
            fact_id VARCHAR NOT NULL, research_id VARCHAR NOT NULL, topic_id VARCHAR NOT NULL,
            run_id VARCHAR NOT NULL, question_id INTEGER NOT NULL, source_id VARCHAR NOT NULL,
            url VARCHAR NOT NULL, title VARCHAR NOT NULL, quote VARCHAR NOT NULL,
            text VARCHAR NOT NULL, score DOUBLE, created_at TIMESTAMP NOT NULL,
            PRIMARY KEY (run_id, fact_id))""",
        """CREATE TABLE reports (
            report_id VARCHAR PRIMARY KEY, research_id VARCHAR NOT NULL,
            topic_id VARCHAR NOT NULL, plan_version VARCHAR NOT NULL, run_id VARCHAR NOT NULL,
            path VARCHAR NOT NULL, markdown VARCHAR NOT NULL, n_citations INTEGER NOT NULL,
            n_open_questions INTEGER NOT NULL, created_at TIMESTAMP NOT NULL)""",
        """CREATE TABLE citations (
            report_id VARCHAR NOT NULL, topic_id VARCHAR NOT NULL, run_id VARCHAR NOT NULL,
            marker INTEGER NOT NULL, fact_id VARCHAR, source_id VARCHAR, url VARCHAR NOT NULL,
            title VARCHAR NOT NULL, quote VARCHAR NOT NULL, verified BOOLEAN,
            PRIMARY KEY (report_id, marker))""",
        """CREATE TABLE llm_calls (
            call_id VARCHAR PRIMARY KEY, topic_id VARCHAR NOT NULL, run_id VARCHAR,
            step VARCHAR NOT NULL, provider VARCHAR NOT NULL, model VARCHAR,
            template VARCHAR, request_hash VARCHAR NOT NULL, prompt VARCHAR, response VARCHAR,
            input_tokens INTEGER, output_tokens INTEGER, cost_usd DOUBLE, latency_ms DOUBLE,
            cache_hit BOOLEAN NOT NULL, error VARCHAR, created_at TIMESTAMP NOT NULL)""",
        """CREATE TABLE search_calls (
            call_id VARCHAR PRIMARY KEY, topic_id VARCHAR NOT NULL, run_id VARCHAR,
            round INTEGER, provider VARCHAR NOT NULL, query VARCHAR NOT NULL,
            request_hash VARCHAR NOT NULL, n_results INTEGER, latency_ms DOUBLE,
            cost_usd DOUBLE, cache_hit BOOLEAN NOT NULL, error VARCHAR,
            created_at TIMESTAMP NOT NULL)""",
        """CREATE TABLE eval_results (
            eval_id VARCHAR NOT NULL, evalset VARCHAR NOT NULL, topic_id VARCHAR NOT NULL,
            run_id VARCHAR, questions INTEGER, answered INTEGER, expected INTEGER,
            found INTEGER, citations INTEGER, citations_verified INTEGER,
            distinct_sources INTEGER, unsupported_sentences INTEGER, calls INTEGER,
            cost_usd DOUBLE, seconds DOUBLE, error VARCHAR, created_at TIMESTAMP NOT NULL,
            PRIMARY KEY (eval_id, topic_id))""",
        """CREATE TABLE response_cache (
            request_hash VARCHAR PRIMARY KEY, provider VARCHAR NOT NULL,
            response JSON NOT NULL, created_at TIMESTAMP NOT NULL)""",
    ],
    2: [
        """CREATE TABLE conflicts (
            report_id VARCHAR NOT NULL, topic_id VARCHAR NOT NULL, run_id VARCHAR NOT NULL,
            question_id INTEGER NOT NULL, first_fact_id VARCHAR NOT NULL,
            second_fact_id VARCHAR NOT NULL, first_url VARCHAR NOT NULL,
            second_url VARCHAR NOT NULL, detail VARCHAR NOT NULL,
            PRIMARY KEY (report_id, first_fact_id, second_fact_id))""",
    ],
    3: [
        """CREATE TABLE round_facts (
            research_id VARCHAR NOT NULL, topic_id VARCHAR NOT NULL, run_id VARCHAR NOT NULL,
            round INTEGER NOT NULL, fact_id VARCHAR NOT NULL, question_id INTEGER NOT NULL,
            source_id VARCHAR NOT NULL, url VARCHAR NOT NULL, title VARCHAR NOT NULL,
            quote VARCHAR NOT NULL, text VARCHAR NOT NULL, score DOUBLE,
            PRIMARY KEY (research_id, round, fact_id))""",
        """CREATE TABLE question_states (
            research_id VARCHAR NOT NULL, topic_id VARCHAR NOT NULL, run_id VARCHAR NOT NULL,
            round INTEGER NOT NULL, question_id INTEGER NOT NULL, status VARCHAR NOT NULL,
            coverage DOUBLE NOT NULL, fact_ids JSON NOT NULL, gap_status VARCHAR,
            PRIMARY KEY (research_id, round, question_id))""",
    ],
    4: [
        """CREATE TABLE eval_questions (
            eval_id VARCHAR NOT NULL, evalset VARCHAR NOT NULL, topic_id VARCHAR NOT NULL,
            question_id INTEGER NOT NULL, question VARCHAR NOT NULL, answer_type VARCHAR,
            answerable BOOLEAN NOT NULL, labelled_answered BOOLEAN NOT NULL,
            in_section BOOLEAN NOT NULL, in_first_paragraph BOOLEAN NOT NULL,
            quoted BOOLEAN NOT NULL, created_at TIMESTAMP NOT NULL,
            PRIMARY KEY (eval_id, topic_id, question_id))""",
    ],
    5: [
        # Passages know their place (heading path, block layout); reflections say why a
        # question is open; a fact is the direct answer to its question or supports it.
        "ALTER TABLE sources ADD COLUMN section VARCHAR DEFAULT ''",
        "ALTER TABLE sources ADD COLUMN layout JSON",
        "ALTER TABLE reflections ADD COLUMN note VARCHAR DEFAULT ''",
        "ALTER TABLE facts ADD COLUMN role VARCHAR DEFAULT 'support'",
        "ALTER TABLE round_facts ADD COLUMN role VARCHAR DEFAULT 'support'",
    ],
    6: [
        # One run researches many topics: a run's row is per topic, and two topics of one
        # run may extract the same passage for their question 1.
        """CREATE TABLE runs_v6 (
            run_id VARCHAR NOT NULL, topic_id VARCHAR NOT NULL, job VARCHAR,
            step VARCHAR, started_at TIMESTAMP NOT NULL, settings JSON,
            corpus_versions JSON, models JSON, code_version VARCHAR,
            PRIMARY KEY (run_id, topic_id))""",
        "INSERT INTO runs_v6 SELECT * FROM runs",
        "DROP TABLE runs",
        "ALTER TABLE runs_v6 RENAME TO runs",
        """CREATE TABLE facts_v6 (
            fact_id VARCHAR NOT NULL, research_id VARCHAR NOT NULL, topic_id VARCHAR NOT NULL,
            run_id VARCHAR NOT NULL, question_id INTEGER NOT NULL, source_id VARCHAR NOT NULL,
            url VARCHAR NOT NULL, title VARCHAR NOT NULL, quote VARCHAR NOT NULL,
            text VARCHAR NOT NULL, score DOUBLE, created_at TIMESTAMP NOT NULL,
            role VARCHAR DEFAULT 'support',
            PRIMARY KEY (research_id, run_id, fact_id))""",
        "INSERT INTO facts_v6 SELECT * FROM facts",
        "DROP TABLE facts",
        "ALTER TABLE facts_v6 RENAME TO facts",
    ],
    7: [
        # One audit row per request sent, written when sent and completed when answered:
        # its attempt number and status (sent, answered, invalid, failed, cached,
        # fallback, sanitized), and when it completed. A model step that fell back to
        # the deterministic researcher is a row with fallback = true.
        "ALTER TABLE llm_calls ADD COLUMN fallback BOOLEAN DEFAULT false",
        "ALTER TABLE llm_calls ADD COLUMN attempt INTEGER",
        "ALTER TABLE llm_calls ADD COLUMN status VARCHAR",
        "ALTER TABLE llm_calls ADD COLUMN round INTEGER",
        "ALTER TABLE llm_calls ADD COLUMN completed_at TIMESTAMP",
        "ALTER TABLE search_calls ADD COLUMN attempt INTEGER",
        "ALTER TABLE search_calls ADD COLUMN status VARCHAR",
        "ALTER TABLE search_calls ADD COLUMN completed_at TIMESTAMP",
    ],
    8: [
        # A fact's place among its question's facts as the researcher chose them (the
        # direct answer, then the sentences that go on with it, then other support); the
        # report keeps that order. NULL where a researcher gives none: by score.
        "ALTER TABLE facts ADD COLUMN position INTEGER",
        "ALTER TABLE round_facts ADD COLUMN position INTEGER",
    ],
}
