"""Ingest benchmark: a 1,000-page HTML manual through ``corpus add``, then re-added unchanged.

The pages are the English Apache httpd manual and the git manual pages from the Debian
packages ``apache2-doc`` and ``git-doc`` (installed by ``.ci/run``; ``apt-get install
apache2-doc git-doc`` elsewhere), copied as often as it takes to reach 1,000 pages. Each
copy sits in its own folder, so the copies do not count as chrome that recurs across
pages. Targets (issue 7): the first add within 10 s on this 2-core machine, the re-add of
the unchanged folder within 1 s.

Run alone with ``./dev python benchmarks/ingest.py [PAGES]``; ``./dev bench`` runs it too.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SOURCES = (Path("/usr/share/doc/apache2-doc/manual/en"), Path("/usr/share/doc/git-doc"))
FIRST_ADD_LIMIT_S = 10.0
READD_LIMIT_S = 1.0


def manual_pages() -> list[Path]:
    """The HTML pages of the two manuals, or an empty list when they are not installed."""
    pages: list[Path] = []
    for root in SOURCES:
        if root.is_dir():
            pages += sorted(root.rglob("*.html"))
    return pages


def build_folder(work: Path, pages: list[Path], count: int) -> Path:
    """A folder of ``count`` pages: the manuals copied into copy1/, copy2/, ..."""
    folder = work / "manual"
    made = 0
    copy = 0
    while made < count:
        copy += 1
        for page in pages:
            if made >= count:
                break
            root = next(r for r in SOURCES if page.is_relative_to(r))
            target = folder / f"copy{copy}" / root.name / page.relative_to(root)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(page, target)
            made += 1
    return folder


def bench_ingest(work: Path, count: int = 1000) -> dict[str, float] | None:
    """Seconds to add ``count`` pages, to re-add them unchanged, and the passages made."""
    from research_pipeline.corpus.manager import CorpusManager

    pages = manual_pages()
    if not pages:
        return None
    folder = build_folder(work, pages, count)
    manager = CorpusManager(work / "data")
    started = time.perf_counter()
    first = manager.add_folder(folder, "manual")
    first_s = time.perf_counter() - started
    started = time.perf_counter()
    again = manager.add_folder(folder, "manual")
    again_s = time.perf_counter() - started
    return {"pages": float(first.added), "passages": float(first.chunks),
            "first_add_s": first_s, "readd_s": again_s,
            "readd_unchanged": float(again.unchanged), "errors": float(len(first.errors))}


def main() -> None:
    """Print the ingest figures and whether they meet the targets."""
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    with tempfile.TemporaryDirectory() as tmp:
        result = bench_ingest(Path(tmp), count)
    if result is None:
        print("ingest: skipped (apache2-doc and git-doc are not installed)")
        return
    ok_first = result["first_add_s"] <= FIRST_ADD_LIMIT_S
    ok_again = result["readd_s"] <= READD_LIMIT_S
    print(f"ingest: {result['pages']:.0f} HTML pages -> {result['passages']:.0f} passages in "
          f"{result['first_add_s']:.2f} s ({result['pages'] / result['first_add_s']:.0f} "
          f"pages/s; target <= {FIRST_ADD_LIMIT_S:.0f} s: {'met' if ok_first else 'MISSED'})")
    print(f"ingest: re-adding the {result['readd_unchanged']:.0f} unchanged pages took "
          f"{result['readd_s']:.2f} s (target <= {READD_LIMIT_S:.0f} s: "
          f"{'met' if ok_again else 'MISSED'})")


if __name__ == "__main__":
    main()
