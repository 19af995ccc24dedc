"""Settings, store and providers for one step, and cost helpers."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property

from research_pipeline.audit import CallLog
from research_pipeline.live.runtime import Budget, Runtime, import_sdk, import_while_waiting
from research_pipeline.models import (
    ResearchPlan,
)
from research_pipeline.providers import build_researcher, build_search
from research_pipeline.researcher.base import Researcher
from research_pipeline.search import SearchProvider
from research_pipeline.settings import Settings
from research_pipeline.store import Store
from research_pipeline.topics import Topic

Progress = Callable[[str], None]


def _silent(_: str) -> None:
    return None


@dataclass
class Known:
    """What earlier steps on the same ``Services`` read or wrote, so later ones need not read it.

    A bulk run gives each topic's chain of steps its own ``Services``; a step run alone starts
    with nothing known and reads the store. Nothing here replaces the store check of a step
    that spends: ``plan.require_approved_plan`` reads the approval every time.
    """

    # The registered topic record (its file's path) per topic id.
    topics: dict[str, dict] = field(default_factory=dict)
    # Plans by version: a version is the hash of the topic and the plan, so it never goes stale.
    plans: dict[str, ResearchPlan] = field(default_factory=dict)
    # The finished research row per (topic, plan version), as the rounds step ended it.
    research: dict[tuple[str, str], dict] = field(default_factory=dict)
    # USD spent on a research attempt per (topic, research id, run id) after a step ended:
    # what ``Store.research_cost`` would sum from the audit rows that step's budget wrote.
    spent: dict[tuple[str, str, str], float] = field(default_factory=dict)
    # The latest report row per topic, as the citation check left it.
    reports: dict[str, dict] = field(default_factory=dict)


@dataclass
class Services:
    """Settings, store and providers for one asset step (or one CLI command)."""

    settings: Settings
    progress: Progress = _silent
    refresh_search: bool = False
    refresh_models: bool = False
    runtime: Runtime | None = None
    read_only: bool = False
    # The model steps that fell back while these services ran (every start() adds to it).
    fallbacks: list[str] = field(default_factory=list)
    known: Known = field(default_factory=Known)

    def start(self, topic_id: str, run_id: str | None, max_cost_usd: float,
              spent_usd: float = 0.0) -> CallLog:
        """Begin provider work for a topic: a fresh audit log and budget."""
        calls = CallLog(topic_id, run_id, fallbacks=self.fallbacks)
        self.runtime = Runtime(calls=calls, budget=Budget(max_cost_usd, spent_usd),
                               store=self.store, refresh_search=self.refresh_search,
                               refresh_models=self.refresh_models, progress=self.progress)
        return calls

    def _runtime(self) -> Runtime:
        if self.runtime is None:
            raise RuntimeError("provider work began without Services.start()")
        return self.runtime

    @cached_property
    def store(self) -> Store:
        """The DuckDB store."""
        return Store(self.settings.db, self.settings.store_lock_timeout_s, self.read_only)

    @cached_property
    def search(self) -> SearchProvider:
        """The configured search provider."""
        return build_search(self.settings, self._runtime)

    @cached_property
    def researcher(self) -> Researcher:
        """The configured researcher."""
        return build_researcher(self.settings, self.search, self._runtime)


def step_cost(services: Services) -> float:
    """The cost of the provider calls of the step that ran last on these services."""
    return round(services.runtime.budget.step_cost_usd, 6) if services.runtime else 0.0


def research_spent(services: Services, topic_id: str, research_id: str, run_id: str) -> float:
    """USD spent on a research attempt so far (the calls of its runs and of ``run_id``).

    After a step of the same chain ended, that step's budget says it (``keep_spent``): it
    charged exactly the costs its audit rows hold. Otherwise the audit rows are summed.
    """
    known = services.known.spent.pop((topic_id, research_id, run_id), None)
    if known is not None:
        return known
    return services.store.research_cost(research_id, run_id, topic_id)


def keep_spent(services: Services, topic_id: str, research_id: str, run_id: str) -> None:
    """Note what the research has cost once the step that ran last has ended."""
    if services.runtime is not None:
        services.known.spent[(topic_id, research_id, run_id)] = services.runtime.budget.spent_usd


def estimate_cost(services: Services, plan: ResearchPlan, topic: Topic) -> float:
    """A ceiling-based estimate of a plan's research cost, before any spend.

    Searches: the first queries plus two follow-ups per question per later round, within
    ``max_queries``. Model calls (for model researchers): three per round, one extraction
    per source kept, plan and answer, at the price table's rates for ~2k tokens in and
    ~800 out. Bounded by ``max_cost_usd``, which the run enforces.
    """
    spec, settings = topic.spec, services.settings
    searches = min(spec.max_queries,
                   len(plan.queries) + 2 * len(plan.questions) * (spec.max_rounds - 1))
    price = settings.prices.get(settings.search)
    total = searches * (price.per_request if price else 0.0)
    if settings.llm != "extractive":
        calls = 3 * spec.max_rounds + min(spec.max_sources, 12) + 2
        fast = settings.prices.get(settings.model_fast)
        if fast:
            total += calls * (2000 * fast.input_per_mtok + 800 * fast.output_per_mtok) / 1e6
    return round(min(total, spec.max_cost_usd), 4)


def step_fallbacks(services: Services) -> list[str]:
    """The model steps that fell back while these services ran, each with why."""
    return list(services.fallbacks)


def own_calls(researcher: Researcher) -> bool:
    """True for researchers that write one audit row per model call themselves."""
    return bool(getattr(researcher, "records_own_calls", False))


_SDKS = {"gemini": ["google.genai", "instructor", "openai"],
         "openai": ["openai", "instructor"], "exa": ["exa_py"]}


def remote_model(settings: Settings) -> bool:
    """The researcher calls a model over the network (Gemini, an OpenAI-compatible server)."""
    return bool(_SDKS.get(settings.llm))


def import_provider_sdks(settings: Settings) -> None:
    """Import the remote providers' SDKs in this thread, before topics start in threads.

    Two topic threads importing overlapping packages at once (exa-py and instructor both
    import openai) can fail with a half-imported module; imported here first, they are
    whole before any thread needs them. With a remote model, a new topic's first request
    is its plan's model call, so the search SDK (by then it adds only its own modules) is
    imported while that call waits (``runtime.import_while_waiting``).
    """
    first = _SDKS.get(settings.llm, [])
    later = [m for m in _SDKS.get(settings.search, []) if m not in first]
    for module in first if first else later:
        import_sdk(module)
    if first:
        import_while_waiting(later)
