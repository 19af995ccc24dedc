"""What the CLI's start-up leaves out must not change what a run executes."""

import dagster as dg
from dagster._core.snap import JobSnap

from research_pipeline.definitions import build_definitions, defs


def test_runs_load_the_same_definitions_without_the_component_library():
    full, for_runs = defs(), build_definitions(component_library=False)
    for job in full.resolve_all_job_defs():
        assert JobSnap.from_job_def(for_runs.resolve_job_def(job.name)).snapshot_id == (
            JobSnap.from_job_def(job).snapshot_id), job.name
    a, b = full.get_repository_def(), for_runs.get_repository_def()
    assert a.asset_graph.get_all_asset_keys() == b.asset_graph.get_all_asset_keys()
    assert a.asset_graph.asset_check_keys == b.asset_graph.asset_check_keys
    assert {s.name for s in a.sensor_defs} == {s.name for s in b.sensor_defs}
    assert {s.name for s in a.schedule_defs} == {s.name for s in b.schedule_defs}
    assert set(a.get_top_level_resources()) == set(b.get_top_level_resources())
    assert b.get_job("research_job").executor_def is dg.in_process_executor
    assert a.get_job("research_job").executor_def is dg.in_process_executor
    # The only difference: the UI's catalogue of installed component types.
    assert set(a.metadata) - set(b.metadata) == {"plugin_component_types_json"}
    assert set(b.metadata) <= set(a.metadata)


def test_provider_sdks_are_imported_without_the_aiohttp_transport_the_pipeline_never_uses():
    """google-genai and openai (through exa-py and instructor) import aiohttp only to offer
    it as an async transport; a run's imports leave it out, and aiohttp stays importable
    for anyone else afterwards."""
    import subprocess
    import sys

    probe = (
        "import sys\n"
        "from research_pipeline.live.runtime import import_sdk\n"
        "for sdk in ('google.genai', 'instructor', 'openai', 'exa_py'):\n"
        "    import_sdk(sdk)\n"
        "import google.genai._api_client as api\n"
        "print('aiohttp' in sys.modules, api.has_aiohttp)\n"
        "import aiohttp\n"
        "print(aiohttp.ClientSession.__name__)\n")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         check=True).stdout.split()
    assert out == ["False", "False", "ClientSession"]
