from pathlib import Path

import pytest

from research_pipeline.corpus.documents import Document, chunk_document
from research_pipeline.corpus.manager import CorpusManager
from research_pipeline.errors import CorpusError
from research_pipeline.search import LocalSearch, SearchFilters
from tests.pdfgen import make_pdf


def _folder(root: Path) -> Path:
    docs = root / "docs"
    docs.mkdir()
    (docs / "tides.md").write_text(
        "---\ntitle: Tides explained\nurl: https://example.org/tides\n---\n"
        "# Tides\n\nTides are caused by the gravitational pull of the Moon and the Sun on the "
        "oceans of the Earth.\n\nSpring tides happen when the Sun and Moon align.\n",
        encoding="utf-8",
    )
    (docs / "notes.txt").write_text(
        "Glacier notes\n\nGlaciers move slowly downhill under their own weight, flowing like "
        "very thick rivers of ice.\n", encoding="utf-8")
    (docs / "page.html").write_text(
        "<html><head><title>Volcano page</title><link rel='canonical' "
        "href='https://example.org/volcano'><script>var x = 'lava';</script></head><body>"
        "<p>Volcanoes erupt when magma rises through cracks in the crust of the Earth.</p>"
        "</body></html>", encoding="utf-8")
    (docs / "report.pdf").write_bytes(make_pdf(
        ["Earthquakes release energy stored in rocks along faults.",
         "Seismographs record the waves that earthquakes send through the ground."]))
    return docs


def test_add_folder_indexes_every_format_and_search_finds_them(tmp_path):
    manager = CorpusManager(tmp_path / "data")
    report = manager.add_folder(_folder(tmp_path), "earth")
    assert report.errors == []
    assert report.added == 4
    search = LocalSearch(manager, ["earth"])
    none = SearchFilters()
    hits = {q: search.search(q, none, 3)[0].source for q in (
        "gravitational pull moon", "glaciers downhill", "magma crust", "seismographs waves")}
    assert hits["gravitational pull moon"].url == "https://example.org/tides"
    assert hits["gravitational pull moon"].title == "Tides explained"
    assert hits["glaciers downhill"].url.startswith("file://")
    assert hits["magma crust"].url == "https://example.org/volcano"
    assert "lava" not in hits["magma crust"].text
    assert "Seismographs record" in hits["seismographs waves"].text


def test_re_adding_updates_changed_files_and_drops_deleted_ones(tmp_path):
    manager = CorpusManager(tmp_path / "data")
    docs = _folder(tmp_path)
    manager.add_folder(docs, "earth")
    before = manager.get("earth").manifest()["files"]
    (docs / "notes.txt").write_text("Glacier notes\n\nIce sheets cover Antarctica.\n")
    (docs / "page.html").unlink()
    report = manager.add_folder(docs, "earth")
    assert (report.added, report.updated, report.removed, report.unchanged) == (0, 1, 1, 2)
    after = manager.get("earth").manifest()["files"]
    assert after["tides.md"]["chunk_ids"] == before["tides.md"]["chunk_ids"]
    search = LocalSearch(manager, ["earth"])
    assert search.search("magma crust", SearchFilters(), 5) == []
    assert "Antarctica" in search.search("ice sheets antarctica", SearchFilters(), 1)[0].source.text


def test_unreadable_file_is_reported_and_the_rest_ingested(tmp_path):
    docs = _folder(tmp_path)
    (docs / "broken.pdf").write_bytes(b"%PDF-1.4 this is not really a pdf")
    report = CorpusManager(tmp_path / "data").add_folder(docs, "earth")
    assert report.added == 4
    assert len(report.errors) == 1 and "broken.pdf" in report.errors[0]


def test_unknown_corpus_names_itself_and_the_fix(tmp_path):
    search = LocalSearch(CorpusManager(tmp_path / "data"), ["nope"])
    with pytest.raises(CorpusError, match="unknown corpus 'nope'.*corpus add"):
        search.search("anything", SearchFilters(), 3)


def test_domain_filters_apply_to_local_urls(tmp_path):
    manager = CorpusManager(tmp_path / "data")
    manager.add_folder(_folder(tmp_path), "earth")
    search = LocalSearch(manager, ["earth"])
    only = SearchFilters(include_domains=("example.org",))
    assert all("example.org" in h.source.url for h in search.search("earth", only, 10))
    without = SearchFilters(exclude_domains=("example.org",))
    assert all("example.org" not in h.source.url for h in search.search("earth", without, 10))


def test_chunk_ids_are_stable_and_text_is_verbatim():
    text = "\n\n".join(f"Paragraph {i} says something about topic {i}." * 5 for i in range(30))
    doc = Document.from_text("d.md", "D", "file:///d.md", text)
    first, second = chunk_document(doc), chunk_document(doc)
    assert [c.chunk_id for c in first] == [c.chunk_id for c in second]
    assert len(first) > 1
    for chunk in first:
        assert chunk.text in text
        assert len(chunk.text) <= 1600


def test_builtin_corpus_has_topics_and_module_docs(builtin_data_dir):
    manager = CorpusManager(builtin_data_dir)
    manifest = manager.get("python-docs").manifest()
    assert manifest["chunks"] > 2000
    ids = manifest["files"]
    assert "topic/import" in ids and "module/json/dumps" in ids
    # Objects documented by a docstring of their own, not their type's: typing's special
    # forms are instances of private classes.
    assert {"module/typing/ClassVar", "module/typing/Optional", "module/typing/Literal"} <= set(ids)
    # An object whose docstring is its type's documents nothing of its own, and an alias's
    # documentation is its class's ("A generic version of collections.ChainMap.").
    assert "module/math/pi" not in ids and "module/string/ascii_letters" not in ids
    assert "module/typing/ChainMap" not in ids and "module/typing/List" not in ids
    search = LocalSearch(manager, ["python-docs"])
    hit = search.search("json dumps serialize obj", SearchFilters(), 3)
    assert any(h.source.url.startswith("https://docs.python.org/") for h in hit)
    # A topic's title says which reference it comes from without parentheses, which a
    # citation could only show replaced: pdb's topic is the library's, not the language's.
    titles = {h.source.url.split("#")[-1]: h.source.title for h in search.search(
        "pdb debugger commands step next try statement except clause", SearchFilters(), 40)}
    assert titles["debugger"].endswith(" library reference") and "(" not in titles["debugger"]
    assert any(t.endswith("language reference") and "(" not in t for t in titles.values())


def test_near_identical_documents_count_as_one_source(tmp_path):
    from research_pipeline.audit import CallLog
    from research_pipeline.models import PlannedQuery, ResearchPlan
    from research_pipeline.research import Budgets, run_rounds
    from research_pipeline.researcher.extractive import ExtractiveResearcher

    docs = tmp_path / "docs"
    docs.mkdir()
    text = ("Tides are caused by the gravitational pull of the Moon on the oceans of the "
            "Earth, and to a lesser degree by the pull of the Sun.")
    (docs / "a.md").write_text(f"---\ntitle: A\nurl: https://a.example/tides\n---\n{text}\n")
    # Not word for word (the search returns a passage two pages hold word for word once):
    # a copy with its last word changed.
    copy = text.replace("the Sun.", "the Sun!")
    (docs / "b.md").write_text(f"---\ntitle: B\nurl: https://b.example/copy\n---\n{copy}  \n")
    manager = CorpusManager(tmp_path / "data")
    manager.add_folder(docs, "tides")
    search = LocalSearch(manager, ["tides"])
    plan = ResearchPlan(topic_id="t", title="Tides", questions=[
        {"id": 1, "text": "What causes tides?"}],
        queries=[PlannedQuery(text="tides gravitational pull", question_id=1)])
    rounds = []
    result = run_rounds(
        plan=plan, research_id="r", search=search, researcher=ExtractiveResearcher(),
        filters=SearchFilters(), budgets=Budgets(1, 5, 10, 0.0), calls=CallLog("t", "run"),
        persist=rounds.append, evidence=[])
    assert result.sources == 1
    assert len(rounds[0].hits) == 2
    assert len({h.source.source_id for _, h in rounds[0].hits}) == 1


def test_a_duplicate_passage_of_the_entry_a_query_names_is_a_source_of_its_own(tmp_path):
    # calendar.monthcalendar is documented with Calendar.monthdayscalendar's very words: a
    # question that names the one is answered from the entry of that name, not recorded
    # against the other's copy held from an earlier query.
    from research_pipeline.audit import CallLog
    from research_pipeline.models import PlannedQuery, ResearchPlan
    from research_pipeline.research import Budgets, run_rounds
    from research_pipeline.researcher.extractive import ExtractiveResearcher

    docs = tmp_path / "docs"
    docs.mkdir()
    text = "Return a matrix of the kiln's shelves. Each row is a shelf; empty places are zero."
    for name in ("kiln.Kiln.shelfmatrix", "kiln.shelves"):
        (docs / f"{name}.md").write_text(
            f"---\ntitle: {name}\nurl: https://kiln.example/#{name}\n---\n{text}\n")
    manager = CorpusManager(tmp_path / "data")
    manager.add_folder(docs, "kiln")
    plan = ResearchPlan(topic_id="t", title="Kiln", questions=[
        {"id": 1, "text": "What does kiln.Kiln.shelfmatrix return?"},
        {"id": 2, "text": "What are the zeros kiln.shelves returns?"}],
        queries=[PlannedQuery(text="kiln.Kiln.shelfmatrix shelfmatrix matrix", question_id=1),
                 PlannedQuery(text="kiln.shelves shelves zeros", question_id=2)])
    rounds = []
    result = run_rounds(
        plan=plan, research_id="r", search=LocalSearch(manager, ["kiln"]),
        researcher=ExtractiveResearcher(), filters=SearchFilters(),
        budgets=Budgets(1, 5, 10, 0.0), calls=CallLog("t", "run"),
        persist=rounds.append, evidence=[])
    assert result.sources == 2
    assert {h.source.title for _, h in rounds[0].hits} == {"kiln.Kiln.shelfmatrix",
                                                          "kiln.shelves"}


def test_code_symbols_are_searched_as_written_and_by_shape(tmp_path):
    # "@{-1}" and "HEAD~2" are punctuation to a word tokenizer ("1", "head", "2"): the
    # index keeps them as symbols, and by their shape with values left open.
    docs = tmp_path / "revs"
    docs.mkdir()
    (docs / "revisions.md").write_text(
        "# Naming revisions\n\n## @{-<n>}, e.g. @{-1}\n\nThe construct @{-<n>} means the "
        "<n>th branch checked out before the current one.\n\n## <rev>~[<n>], e.g. master~3"
        "\n\nA suffix ~<n> means the <n>th generation ancestor, following first parents.\n",
        encoding="utf-8")
    filler = "\n\n".join(f"## Section {i}\n\nTo refer to a branch, pass its name to the "
                         f"command; the head of branch {i} is its newest commit."
                         for i in range(30))
    (docs / "branches.md").write_text(f"# Branches\n\n{filler}\n", encoding="utf-8")
    manager = CorpusManager(tmp_path / "data")
    manager.add_folder(docs, "revs")
    search = LocalSearch(manager, ["revs"])
    none = SearchFilters()
    first = search.search("@{-1} refer pass command", none, 5)[0].source
    assert "before the current one" in first.text
    # The question's HEAD~2 is the manual's <rev>~[<n>] and master~3.
    first = search.search("HEAD~2 head", none, 5)[0].source
    assert "generation ancestor" in first.text


def test_a_command_line_option_is_searched_whole_and_in_its_case(tmp_path):
    # "-C" is a one-letter word to a word tokenizer, which queries drop; "-c" is another
    # option. The index keeps options whole and in their case, and a query's meet them.
    docs = tmp_path / "tool"
    docs.mkdir()
    entries = {
        "-c": "Use the same output mode as the annotate command, with wider columns.",
        "-C[<num>]": "Detect lines moved or copied from other files that were modified in "
                     "the same commit. The default value is 40.",
        "-M[<num>]": "Detect moved or copied lines within a file of the same commit.",
        "--porcelain": "Show in a format designed for machine consumption of the lines.",
    }
    body = "\n\n".join(f"## {name}\n\n{text}" for name, text in entries.items())
    (docs / "tool-blame.md").write_text(f"# tool-blame\n\n{body}\n", encoding="utf-8")
    manager = CorpusManager(tmp_path / "data")
    manager.add_folder(docs, "tool")
    search = LocalSearch(manager, ["tool"])
    first = search.search("tool blame -C lines moved", SearchFilters(), 5)[0].source
    assert "default value is 40" in first.text
    first = search.search("tool blame -c lines", SearchFilters(), 5)[0].source
    assert "annotate command" in first.text
    first = search.search("--porcelain lines", SearchFilters(), 5)[0].source
    assert "machine consumption" in first.text


def test_a_name_written_with_underscores_is_searched_whole(tmp_path):
    # "__fire__" is the word "fire" to a word tokenizer, and "fire" is on every page: the
    # index keeps the name whole, and a query that writes it finds the page that does.
    docs = tmp_path / "kiln"
    docs.mkdir()
    (docs / "protocol.md").write_text(
        "# Kiln protocol\n\n## Hooks\n\nA pot class may define `object.__fire__(self, "
        "heat)`; the kiln calls it with the heat of the firing, and a pot that returns "
        "NotFired is left on its shelf.\n", encoding="utf-8")
    firing = "\n\n".join(f"## Fire {i}\n\nFire {i} brings the kiln to its peak heat; the "
                          f"fire is held there for {i} minutes before it cools." for i in range(30))
    (docs / "fire.md").write_text(f"# Fire\n\n{firing}\n", encoding="utf-8")
    manager = CorpusManager(tmp_path / "data")
    manager.add_folder(docs, "kiln")
    search = LocalSearch(manager, ["kiln"])
    hits = search.search("__fire__ peak heat", SearchFilters(), 5)
    assert "object.__fire__" in hits[0].source.text
    # A name no page writes is searched by its words.
    hits = search.search("__glaze_fire__ peak heat", SearchFilters(), 5)
    assert hits and "peak heat" in hits[0].source.text


def test_a_dotted_name_finds_the_entry_it_titles(tmp_path):
    # "kiln.Rack" is the words "kiln" and "rack" to a word tokenizer, which every entry
    # of the kiln module shares: the entry titled by the name as written comes first,
    # and a member named without its module ("Rack.fill") finds its own entry.
    docs = tmp_path / "ref"
    docs.mkdir()
    (docs / "rack.md").write_text(
        "# kiln.Rack\n\nA class that holds the pots of one firing. There are two ways to "
        "give it pots: pass them to the constructor, or override the load() method.\n",
        encoding="utf-8")
    (docs / "fill.md").write_text(
        "# kiln.Rack.fill\n\nFill the rack. It must be called at most once per rack; a "
        "new rack gives new pots to the kiln when it starts.\n", encoding="utf-8")
    for i in range(12):
        (docs / f"member{i}.md").write_text(
            f"# kiln.rack_tool{i}\n\nA kiln tool for a rack: it gives new pots to rack {i} "
            f"when the kiln starts.\n", encoding="utf-8")
    manager = CorpusManager(tmp_path / "data")
    manager.add_folder(docs, "ref")
    search = LocalSearch(manager, ["ref"])
    hits = search.search("kiln.Rack new pots gives starts", SearchFilters(), 5)
    assert hits[0].source.title == "kiln.Rack"
    hits = search.search("Rack.fill new pots gives starts", SearchFilters(), 5)
    assert hits[0].source.title == "kiln.Rack.fill"


def test_a_command_named_as_typed_finds_its_manual_page(tmp_path):
    # "kiln fire" is the command whose page is titled "kiln-fire(1)". "kiln" is on every
    # page, and another page says "fire" and "file" more often in shorter passages: the
    # command's name as its title writes it is what finds its page.
    docs = tmp_path / "man"
    docs.mkdir()
    (docs / "kiln-fire.md").write_text(
        "# kiln-fire(1) Manual Page\n\n## DESCRIPTION\n\nRuns one firing program on the "
        "kiln and records its temperature curve in a log file.\n", encoding="utf-8")
    lists = "\n\n".join(f"## Fire list {i}\n\nA fire list names fire {i} and the fire "
                         f"file it is read from." for i in range(12))
    (docs / "fire-lists.md").write_text(f"# Fire lists\n\n{lists}\n", encoding="utf-8")
    glazes = "\n\n".join(f"## Glaze {i}\n\nGlaze {i} is mixed from clay and water before "
                          f"the pot goes into the kiln." for i in range(40))
    (docs / "glazes.md").write_text(f"# Glazes\n\n{glazes}\n", encoding="utf-8")
    manager = CorpusManager(tmp_path / "data")
    manager.add_folder(docs, "man")
    hits = LocalSearch(manager, ["man"]).search("kiln fire file", SearchFilters(), 5)
    assert hits[0].source.title.startswith("kiln-fire(1)")
    # Written with its hyphen, as a follow-up query names the page it found, the name
    # is the title's too ("git-am": no query keeps the word "am").
    hits = LocalSearch(manager, ["man"]).search("kiln-fire file", SearchFilters(), 5)
    assert hits[0].source.title.startswith("kiln-fire(1)")


def test_a_corpus_of_an_older_index_format_asks_to_be_rebuilt_and_is(tmp_path):
    # The index format changes with what is indexed (format 4 added code symbols): an old
    # corpus names the command that rebuilds it, and that command re-reads every file.
    import json

    from research_pipeline.corpus.index import INDEX_FORMAT
    manager = CorpusManager(tmp_path / "data")
    manager.add_folder(_folder(tmp_path), "earth")
    manifest_path = tmp_path / "data" / "corpora" / "earth" / "manifest.json"
    manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    manifest["format"] = INDEX_FORMAT - 1
    manifest_path.write_text(json.dumps(manifest), encoding="utf-8")
    with pytest.raises(CorpusError, match="'earth' was built by an older version.*corpus add"):
        LocalSearch(CorpusManager(tmp_path / "data"), ["earth"]).search(
            "magma", SearchFilters(), 3)
    report = CorpusManager(tmp_path / "data").add_folder(tmp_path / "docs", "earth")
    assert report.added == 4
    hits = LocalSearch(CorpusManager(tmp_path / "data"), ["earth"]).search(
        "magma crust", SearchFilters(), 3)
    assert "Volcanoes erupt" in hits[0].source.text


def test_a_package_s_members_are_documented_under_the_name_people_import():
    from research_pipeline.corpus.pydocs import _module_records
    futures = {r["title"]: r for r in _module_records("concurrent.futures")}
    # Defined in the private concurrent.futures._base, or loaded lazily from
    # concurrent.futures.thread: documented as the package offers them.
    assert "concurrent.futures.wait" in futures
    assert "FIRST_COMPLETED" in futures["concurrent.futures.wait"]["text"]
    assert "concurrent.futures.ThreadPoolExecutor" in futures
    assert futures["concurrent.futures.wait"]["url"].endswith("#concurrent.futures.wait")
    # asyncio.wait_for is asyncio's, once: not again under asyncio.tasks.
    assert "asyncio.wait_for" in {r["title"] for r in _module_records("asyncio")}
    assert not any(r["title"].endswith(".wait_for") for r in _module_records("asyncio.tasks"))


def test_every_documented_routine_of_a_module_is_in_the_corpus():
    from research_pipeline.corpus.pydocs import _module_records
    # A function wrapped by functools.lru_cache (urllib.parse.urlsplit), the bound methods a
    # module offers as its functions (random.choice of its hidden Random instance) and a
    # class method offered as a function (tarfile.open) are documented as people call them.
    parse = {r["title"]: r for r in _module_records("urllib.parse")}
    assert "netloc" in parse["urllib.parse.urlsplit"]["text"]
    assert "random.choice" in {r["title"] for r in _module_records("random")}
    assert "tarfile.open" in {r["title"] for r in _module_records("tarfile")}
    # What a module exports in __all__ from a private module of another name is its own:
    # secrets.compare_digest (from _hashlib), threading.Lock (from _thread).
    secrets = {r["title"]: r for r in _module_records("secrets")}
    assert "timing analysis" in secrets["secrets.compare_digest"]["text"]
    assert "threading.Lock" in {r["title"] for r in _module_records("threading")}
    # Or from a private module inside a package: email.utils.parsedate_tz and mktime_tz
    # (from email._parseaddr), email.policy.Policy (from email._policybase).
    utils = {r["title"]: r for r in _module_records("email.utils")}
    assert "10-tuple" in utils["email.utils.mktime_tz"]["text"]
    assert "email.utils.parsedate_tz" in utils
    assert "email.policy.Policy" in {r["title"] for r in _module_records("email.policy")}


def test_the_system_calls_of_os_are_documented_as_os_s():
    from research_pipeline.corpus.pydocs import _module_records
    # os takes fork, stat and register_at_fork from posix; the library manual documents
    # them on os's page, as os.fork, and people look them up by that name.
    posix = {r["title"]: r for r in _module_records("posix")}
    assert "os.register_at_fork" in posix
    assert posix["os.fork"]["url"].endswith("/library/os.html#os.fork")
    assert not any(t.startswith("posix") for t in posix)
    # (posix's own docstring, which sends the reader to the manual, is no page of its own.)
    assert "os module" not in posix


def test_a_class_s_methods_from_a_private_base_are_documented_on_the_public_class():
    from research_pipeline.corpus.pydocs import _module_records
    # ssl.SSLContext's methods live in the C base _ssl._SSLContext; ipaddress's networks
    # have theirs from ipaddress._BaseNetwork: the public class is where people call them.
    ssl = {r["title"]: r["text"] for r in _module_records("ssl")}
    assert "capath directory" in ssl["ssl.SSLContext.get_ca_certs"]
    assert "ssl.SSLContext.cert_store_stats" in ssl
    ipaddress = {r["title"] for r in _module_records("ipaddress")}
    assert {"ipaddress.IPv4Network.subnets", "ipaddress.IPv6Network.subnets"} <= ipaddress
    # What a private base's public twin offers is documented there, once: io.IOBase has
    # _io._IOBase's readlines, and io.FileIO does not repeat it.
    io = {r["title"] for r in _module_records("io")}
    assert {"io.IOBase.seek", "io.IOBase.readlines", "io.TextIOBase.readline"} <= io
    assert "io.FileIO.readlines" not in io


def test_what_a_class_only_inherits_from_a_builtin_is_no_entry_and_a_short_sentence_is_one():
    import warnings

    from research_pipeline.corpus.pydocs import SKIPPED_MODULES, _module_records
    # imaplib.IMAP4.abort has no docstring of its own: Exception's "Common base class for
    # all non-exit exceptions." says nothing of it.
    imaplib = {r["title"]: r["text"] for r in _module_records("imaplib")}
    assert "imaplib.IMAP4.abort" not in imaplib and "imaplib.IMAP4.select" in imaplib
    # A short docstring that is a sentence a report may quote is an entry; two words are not.
    cmath = {r["title"]: r["text"] for r in _module_records("cmath")}
    assert cmath["cmath.tan"] == "Return the tangent of z."
    assert "selectors.DefaultSelector" not in {r["title"] for r in _module_records("selectors")}
    # The deprecated modules Python 3.11 still documents are read; a placeholder is not.
    assert "telnetlib" not in SKIPPED_MODULES and "venv" not in SKIPPED_MODULES
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        assert "telnetlib.Telnet.expect" in {r["title"] for r in _module_records("telnetlib")}
    assert not any(r["text"].startswith("XXX") for r in _module_records("ctypes.wintypes"))


def test_modules_two_packages_deep_are_read():
    # xml.etree.ElementTree and email.mime.text are documented modules inside packages
    # inside packages; the corpus reads every level, as the eval sets' checker does.
    from research_pipeline.corpus.pydocs import _public_modules
    names = set(_public_modules())
    assert {"xml.etree.ElementTree", "xml.dom.minidom", "email.mime.text"} <= names
    assert not any("test" in part or part.startswith("_")
                   for name in names for part in name.split(".")[1:])


def _page(lang_markup: str, text: str) -> str:
    return (f"<!DOCTYPE html><html{lang_markup}><head><title>Page</title></head><body>"
            f"<p>{text}</p></body></html>")


def _manual_with_translations(root: Path) -> Path:
    """Three English pages, two Portuguese translations, a page that declares none."""
    docs = root / "manual"
    docs.mkdir()
    for name, topic in (("install", "compiling the server from source with configure"),
                        ("bind", "the Listen directive that binds addresses and ports"),
                        ("logs", "rotating the access log without restarting")):
        (docs / f"{name}.html").write_text(_page(' lang="en"', f"This page is about {topic}."))
    (docs / "upgrading.html").write_text(_page(
        ' lang="pt-br"', "Para ajudar no processo de atualização, mantemos um documento."))
    (docs / "filter.html").write_text(_page(
        ' xml:lang="pt-BR"', "Os filtros processam o conteúdo antes de enviá-lo ao cliente."))
    (docs / "notes.html").write_text(_page("", "Glossary notes about modules and handlers."))
    return docs


def test_pages_in_another_language_than_the_manuals_are_left_out_by_name(tmp_path):
    manager = CorpusManager(tmp_path / "data")
    docs = _manual_with_translations(tmp_path)
    report = manager.add_folder(docs, "manual")
    assert report.left_out == 2 and report.errors == []
    assert len(report.warnings) == 1
    assert "2 page(s) declare a language other than 'en'" in report.warnings[0]
    assert "pt-br: filter.html, upgrading.html" in report.warnings[0]
    assert "--language any" in report.warnings[0]
    search = LocalSearch(manager, ["manual"])
    assert search.search("processo atualização documento", SearchFilters(), 5) == []
    assert "Listen directive" in search.search("listen binds ports", SearchFilters(), 1
                                               )[0].source.text
    # A page that declares no language is kept.
    assert "Glossary" in search.search("glossary modules handlers", SearchFilters(), 1
                                       )[0].source.text
    assert [r["files"] for r in manager.list()] == [4]

    # Asked for, every page is kept; by default again, the translations go again, and an
    # unchanged left-out page is not read again.
    kept = manager.add_folder(docs, "manual", language="any")
    assert kept.left_out == 0 and kept.warnings == [] and kept.chunks == 2
    found = LocalSearch(manager, ["manual"]).search("processo atualização documento",
                                                    SearchFilters(), 5)
    assert found and found[0].source.url.endswith("upgrading.html")
    again = manager.add_folder(docs, "manual")
    assert again.left_out == 2 and again.unchanged == 6
    assert LocalSearch(manager, ["manual"]).search("processo atualização documento",
                                                   SearchFilters(), 5) == []
    assert manager.add_folder(docs, "manual").chunks == 0

    # One language asked for by its tag: the others go, and "pt" takes "pt-br".
    portuguese = manager.add_folder(docs, "manual", language="PT")
    assert portuguese.left_out == 3 and "other than 'pt'" in portuguese.warnings[0]
    assert "en: bind.html, install.html, logs.html" in portuguese.warnings[0]


def test_a_language_no_page_declares_changes_nothing_and_says_which_ones_they_do(tmp_path):
    manager = CorpusManager(tmp_path / "data")
    docs = _manual_with_translations(tmp_path)
    manager.add_folder(docs, "manual")
    version = manager.get("manual").manifest()["version"]
    with pytest.raises(CorpusError, match=r"is in 'de' \(they declare en, pt-br\)"):
        manager.add_folder(docs, "manual", language="de")
    with pytest.raises(CorpusError, match=r"--language 'english!' is not a language tag"):
        manager.add_folder(docs, "manual", language="english!")
    assert manager.get("manual").manifest()["version"] == version


def test_a_folder_with_no_main_language_keeps_every_page_and_says_so(tmp_path):
    docs = tmp_path / "mixed"
    docs.mkdir()
    (docs / "a.html").write_text(_page(' lang="en"', "An English page about ports."))
    (docs / "b.html").write_text(_page(' lang="de"', "Eine deutsche Seite über Ports."))
    report = CorpusManager(tmp_path / "data").add_folder(docs, "mixed")
    assert report.left_out == 0 and report.chunks == 2
    assert "several languages and none is declared by most" in report.warnings[0]


def test_a_page_declares_its_language_by_lang_xml_lang_or_content_language():
    from research_pipeline.corpus.htmldoc import parse_html

    assert parse_html(_page(' lang="EN-us"', "Some text here.")).language == "en-us"
    assert parse_html(_page(' xml:lang="fr"', "Du texte ici.")).language == "fr"
    meta = ("<html><head><meta http-equiv='Content-Language' content='de, en'></head>"
            "<body><p>Etwas Text.</p></body></html>")
    assert parse_html(meta).language == "de"
    assert parse_html(_page(' lang="{{ lang }}"', "A template's page.")).language is None
    assert parse_html(_page("", "No language declared.")).language is None


def test_the_methods_of_a_class_without_a_docstring_are_still_documented(tmp_path,
                                                                         monkeypatch):
    from research_pipeline.corpus.pydocs import _module_records
    # symtable.SymbolTable has no docstring of its own, but its get_type says "Return the
    # type of the symbol table. The values returned are 'class', 'module' and 'function'.":
    # the class gets no entry, its documented methods do.
    (tmp_path / "kilnlog.py").write_text(
        '"""Read the firing logs a kiln writes, one record per firing and shelf."""\n'
        "class Record:\n"
        "    def kind(self):\n"
        '        """Return the kind of the record. Possible values are \'bisque\' and '
        "'glaze'.\"\"\"\n"
        "    def _hidden(self):\n"
        '        """A private helper that no reader of the logs ever calls directly."""\n')
    monkeypatch.syspath_prepend(str(tmp_path))
    records = {r["title"]: r["text"] for r in _module_records("kilnlog")}
    assert "kilnlog.Record" not in records
    assert "'bisque' and 'glaze'" in records["kilnlog.Record.kind"]
    assert not any(title.endswith("_hidden") for title in records)
