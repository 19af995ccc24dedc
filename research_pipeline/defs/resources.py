"""The research resource: settings, store and providers, read at run time."""


from collections.abc import Callable, Mapping
from functools import partial

import dagster as dg

from research_pipeline.pipeline import Services
from research_pipeline.run_process import record_run_process
from research_pipeline.settings import Settings, load_settings


class ResearchResource(dg.ConfigurableResource):
    """Where the store, corpora and reports live, and which providers to use.

    Every field defaults to the ``RESEARCH_*`` environment (see the README); API keys are
    read from the environment only, never from resource config, so they never show in
    the UI.
    """

    db: str | None = None
    data_dir: str | None = None
    reports_dir: str | None = None
    topics_dir: str | None = None
    search: str | None = None
    llm: str | None = None
    corpus: str | None = None

    def setup_for_execution(self, context: dg.InitResourceContext) -> None:
        """Record the process executing this run on the run (see ``run_process``)."""
        if context.instance is not None and context.run is not None:
            record_run_process(context.instance, context.run.run_id)

    def services(self, log: object | None = None, tags: Mapping[str, str] | None = None
                 ) -> Services:
        """Services for one step, logging progress to the step's log.

        The run tag ``research/refresh`` bypasses caches: ``all`` (``run --refresh``) both
        search and model caches, ``search`` (the refresh schedule) the search cache only.
        """
        info = getattr(log, "info", None)
        services = self.services_factory(tags)()
        services.progress = info if callable(info) else _ignore
        return services

    def services_factory(self, tags: Mapping[str, str] | None = None
                         ) -> Callable[[], Services]:
        """Fresh services per topic of one run, from settings read once."""
        settings = self._settings()
        refresh = (tags or {}).get(REFRESH_TAG, "")
        return partial(Services, settings=settings,
                       refresh_search=refresh in ("all", "search", "true"),
                       refresh_models=refresh in ("all", "true"))

    def topic_workers(self) -> int:
        """How many topics one run researches at once (``RESEARCH_TOPIC_CONCURRENCY``)."""
        return self._settings().topics_at_once

    def _settings(self) -> Settings:
        return load_settings(
            db=self.db, data_dir=self.data_dir, reports_dir=self.reports_dir,
            topics_dir=self.topics_dir, search=self.search, llm=self.llm, corpus=self.corpus,
        )


REFRESH_TAG = "research/refresh"


def _ignore(_: str) -> None:
    return None


@dg.definitions
def resources() -> dg.Definitions:
    """The resource under the key the assets use."""
    return dg.Definitions(resources={"research": ResearchResource()})
