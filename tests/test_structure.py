"""Documents as structure: main content, headings with anchors, lists, tables, terms, code."""

from pathlib import Path

import pytest

from research_pipeline.corpus.documents import chunk_document, load_file
from research_pipeline.corpus.htmldoc import parse_html
from research_pipeline.corpus.manager import CorpusManager
from research_pipeline.corpus.structure import SECTION_START, passages
from research_pipeline.corpus.textdoc import markdown_blocks, pdf_blocks, text_blocks
from research_pipeline.search import LocalSearch, SearchFilters

PAGE = """<html><head><title>kiln - Pottery Manual</title>
<link rel="canonical" href="https://pottery.example/kiln.html"></head><body>
<div id="page-header"><p class="menu"><a href="a.html">Modules</a> | <a href="b.html">FAQ</a> |
<a href="c.html">Glossary</a></p><p>Pottery Manual Version 3</p></div>
<div id="path"><a href="/">Home</a> &gt; <a href="/docs">Docs</a> &gt; <a href="k">Kilns</a></div>
<nav><ul><li><a href="x">Prev</a></li><li><a href="y">Next</a></li></ul></nav>
<div id="content"><h1>Firing a kiln</h1>
<ul id="toc"><li><a href="#temp">FireTemp</a></li><li><a href="#modes">Modes</a></li></ul>
<h2 id="temp">FireTemp <a class="permalink" href="#temp">¶</a></h2>
<table class="directive"><tr><th>Description:</th><td>Sets the firing temperature</td></tr>
<tr><th>Default:</th><td>FireTemp 1000</td></tr>
<tr><th>Context:</th><td>kiln config</td></tr></table>
<p>The FireTemp directive sets the peak temperature in degrees Celsius.</p>
<pre>FireTemp 1200
# a comment &lt;b&gt;</pre>
<h2><a name="modes" id="modes">Modes</a></h2>
<p>The kiln supports the following firing modes:</p>
<ul><li>bisque firing at a low heat</li><li>glaze firing at a high heat</li>
<li>raku firing outdoors</li></ul>
<dl><dt>cone 06</dt><dd><p>A low temperature, used for bisque ware that is fired again
later, before glazing, so that it stays porous enough to absorb the glaze evenly across its
whole surface without runs or bare patches; potters often pick it for earthenware, for
terracotta and for any clay body that would slump or bloat if it were fired much hotter.</p></dd>
<dt>cone 10</dt><dd><p>A high temperature for stoneware and porcelain.</p>
<p>It needs a gas or a large electric kiln.</p></dd></dl>
<p>Write &lt;Directory&gt; blocks, and x &lt; y stays as it is.</p>
</div><div id="footer">Copyright 2024 The Pottery Foundation</div>
<script>var x = "lava";</script></body></html>"""


def test_html_keeps_main_content_and_its_structure():
    page = parse_html(PAGE)
    assert page.title == "Firing a kiln"
    assert page.canonical == "https://pottery.example/kiln.html"
    text = "\n".join(b.text for b in page.blocks)
    for chrome in ("Modules", "Prev", "Home", "Copyright", "lava", "¶"):
        assert chrome not in text
    headings = [(b.text, b.anchor) for b in page.blocks if b.kind == "heading"]
    assert headings == [("FireTemp", "temp"), ("Modes", "modes")]
    table = next(b for b in page.blocks if b.kind == "table")
    assert table.text.splitlines() == ["Description: Sets the firing temperature",
                                       "Default: FireTemp 1000", "Context: kiln config"]
    code = next(b for b in page.blocks if b.kind == "code")
    assert code.text.startswith("```\nFireTemp 1200") and "&lt;b>" in code.text
    lists = [b.text for b in page.blocks if b.kind == "list"]
    assert lists[0].splitlines() == ["• bisque firing at a low heat",
                                     "• glaze firing at a high heat", "• raku firing outdoors"]
    # Entities never turn into markup; a lone "<" that cannot open a tag stays as it is.
    assert "Write &lt;Directory> blocks, and x < y stays as it is." in text


def test_passages_know_their_section_and_keep_lead_ins_with_lists():
    chunks = passages(parse_html(PAGE).blocks)
    by_section: dict = {}
    for p in chunks:
        by_section.setdefault(p.section, p)
    temp = by_section["FireTemp"]
    assert temp.anchor == "temp" and temp.layout[0] == (SECTION_START, 0, 0)
    assert not temp.text.startswith("FireTemp\n")  # headings live in the section, not the text
    modes = by_section["Modes"]
    assert "following firing modes:\n\n• bisque" in modes.text
    kinds = [kind for kind, _, _ in modes.layout]
    assert kinds[:3] == [SECTION_START, "para", "list"]
    # A definition list with a long description becomes sub-sections, its term first.
    cone = by_section["Modes › cone 06"]
    assert cone.text.startswith("cone 06\n\nA low temperature")


def test_citations_carry_the_page_anchor_only_for_html(tmp_path):
    (tmp_path / "kiln.html").write_text(PAGE, encoding="utf-8")
    (tmp_path / "notes.md").write_text(
        "---\ntitle: Notes\nurl: https://pottery.example/notes\n---\n# Notes\n\n## Glazes\n\n"
        "Glazes melt into glass on the surface of the pot when it is fired.\n", encoding="utf-8")
    html = chunk_document(load_file(tmp_path / "kiln.html", tmp_path))
    assert {c.url for c in html if c.section == "FireTemp"} == {
        "https://pottery.example/kiln.html#temp"}
    md = chunk_document(load_file(tmp_path / "notes.md", tmp_path))
    assert [(c.section, c.url) for c in md] == [("Glazes", "https://pottery.example/notes")]


def test_short_definition_lists_stay_one_list():
    page = parse_html("<p>Files read:</p><dl><dt>/etc/app</dt><dd>System-wide file.</dd>"
                      "<dt>~/.app</dt><dd>User file.</dd></dl>")
    assert [(b.kind, b.text) for b in page.blocks] == [
        ("para", "Files read:"), ("list", "• /etc/app: System-wide file.\n• ~/.app: User file.")]


def test_chrome_recurring_across_a_corpus_is_left_out(tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    for n in range(6):
        (docs / f"p{n}.html").write_text(
            f"<html><body><p>Pottery Manual Version 3</p><h1>Page {n}</h1>"
            f"<p>Page {n} explains glaze number {n} and how it is mixed from ash.</p>"
            "</body></html>", encoding="utf-8")
    manager = CorpusManager(tmp_path / "data")
    manager.add_folder(docs, "pots")
    hits = LocalSearch(manager, ["pots"]).search("pottery manual glaze", SearchFilters(), 10)
    assert hits and all("Pottery Manual Version 3" not in h.source.text for h in hits)
    # Re-adding unchanged files reads nothing.
    assert manager.add_folder(docs, "pots").unchanged == 6


RST = '''The "widget" statement
**********************

   widget_stmt ::= "widget" name

The widget statement is executed in two steps:

1. find the widget, loading it if necessary

2. bind a name to it in the local namespace:

   * a nested note about binding

Examples:

   widget foo   # binds foo
   widget bar   # binds bar

Widget methods
==============

object.spin(self, speed)

   Spin the widget at *speed* turns a second.

   Spinning faster than the limit raises an error.

After the methods.
'''


def test_plain_text_structure_from_layout():
    blocks = text_blocks(RST)
    assert (blocks[0].kind, blocks[0].text, blocks[0].level) == (
        "heading", 'The "widget" statement', 1)
    kinds = [b.kind for b in blocks]
    assert kinds[1] == "code"  # a grammar rule is code
    steps = next(b for b in blocks if b.kind == "list")
    assert steps.text.splitlines() == [
        "1. find the widget, loading it if necessary",
        "2. bind a name to it in the local namespace:", "  • a nested note about binding"]
    assert any(b.kind == "code" and "widget foo" in b.text for b in blocks)
    term = next(b for b in blocks if b.kind == "term")
    assert term.text == "object.spin(self, speed)"
    chunks = passages(blocks[1:])
    spin = next(p for p in chunks if p.section.endswith("object.spin(self, speed)"))
    assert "Spinning faster than the limit raises an error." in spin.text
    after = next(p for p in chunks if "After the methods." in p.text)
    assert after.section == "Widget methods"


def test_markdown_structure():
    blocks = markdown_blocks("# Title\n\nIntro with [a link](x) word.\n\n## Part\n\n"
                             "Options:\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n"
                             "```\ncode here\n```\n")
    assert [b.kind for b in blocks] == ["heading", "para", "heading", "para", "list", "table",
                                        "code"]
    assert blocks[1].text == "Intro with a link word."
    assert blocks[5].text == "a | b\n1 | 2"


def test_pdf_running_headers_and_page_numbers_are_dropped():
    pages = [f"Pottery Manual\nGlazes melt on page {n} into glass when fired hot.\n"
             f"Clay shrinks as it dries and again as it is fired.\n{n}" for n in range(1, 5)]
    text = "\n".join(b.text for b in pdf_blocks(pages))
    assert "Pottery Manual" not in text and "Glazes melt on page 3" in text
    assert "\n4\n" not in f"\n{text}\n"


@pytest.mark.parametrize(("dirty", "clean"), [
    ("&lt;script&gt;alert(1)&lt;/script&gt;", "&lt;script>alert(1)&lt;/script>"),
    ("a < b and c > d", "a < b and c > d"),
])
def test_stored_text_never_holds_a_tag(dirty, clean):
    assert parse_html(f"<p>{dirty}</p>").blocks[0].text == clean


def test_builtin_corpus_has_c_functions_and_real_reference_pages(builtin_data_dir):
    manager = CorpusManager(Path(builtin_data_dir))
    files = manager.get("python-docs").manifest()["files"]
    assert "module/heapq/heappush" in files and "module/bisect/insort_right" in files
    assert "module/functools/reduce" in files
    hits = LocalSearch(manager, ["python-docs"]).search("try statement except clause finally",
                                                        SearchFilters(), 10)
    urls = {h.source.url for h in hits if "language reference" in h.source.title}
    assert urls and all("search.html" not in u for u in urls)
    assert "https://docs.python.org/3.11/reference/compound_stmts.html#try" in urls or any(
        u.endswith(".html#try") for u in urls)


def test_a_term_never_ends_a_passage_alone_and_see_lines_stay_behind():
    from research_pipeline.corpus.structure import Block
    long_list = "\n".join(f"• tool{n}: converts the file to text before it is diffed"
                          for n in range(20))
    blocks = [Block("heading", "Variables", 1),
              Block("term", "diff.driver.cachetextconv", 10),
              Block("list", long_list),
              Block("close", "", 10),
              Block("term", "Introduction", 10),
              Block("para", "Server side includes add dynamic content to pages."),
              Block("para", "See: HTTP/2 guide"),
              Block("close", "", 10),
              Block("term", "Logging", 10),
              Block("para", "Log files record every request the server handles.")]
    chunks = passages(blocks)
    term = [p for p in chunks if p.section.endswith("cachetextconv")]
    assert term[0].text.startswith("diff.driver.cachetextconv\n\n• tool0")
    assert all(p.text.strip() != "diff.driver.cachetextconv" for p in chunks)
    intro = next(p for p in chunks if p.section.endswith("Introduction"))
    assert intro.text.endswith("See: HTTP/2 guide")
    logging = next(p for p in chunks if p.section.endswith("Logging"))
    assert "See:" not in logging.text


def test_a_table_row_and_its_spanning_description_are_never_split():
    from research_pipeline.corpus.structure import Block
    rows = []
    for n in range(40):
        rows.append(f"Kiln{n}Temp degrees | {n * 10} | server config")
        rows.append(f"Sets the peak temperature of kiln number {n} in degrees Celsius")
    chunks = passages([Block("heading", "Quick reference", 1), Block("table", "\n".join(rows))])
    assert len(chunks) > 2
    for chunk in chunks:
        lines = chunk.text.splitlines()
        assert " | " in lines[0] and " | " not in lines[-1], chunk.text


def test_a_nested_list_stays_with_the_item_it_belongs_to():
    from research_pipeline.corpus.structure import CHUNK_MAX, Block
    lead = "The attribute in the first argument can be one of four things:"
    items = ["1. A request header field, for example Host or User-Agent; a regular "
             "expression may name several of them at once. " * 3,
             "2. One of the following aspects of the request:"]
    items += [f"  • Aspect_{n} - the {n}th thing the kiln records about each request it "
              f"serves, written to the log" for n in range(8)]
    items += ["3. The name of an environment variable set by an earlier directive. " * 3,
              "4. The name of a variable set by another module before this one runs. " * 3]
    chunks = passages([Block("heading", "SetKiln Directive", 2), Block("para", lead),
                       Block("list", "\n".join(items))])
    assert len(chunks) > 1
    holding = [c for c in chunks if "2. One of the following" in c.text]
    # The item and all of its nested items are one passage, with the lead-in.
    assert len(holding) == 1 and all(f"Aspect_{n}" in holding[0].text for n in range(8))
    assert holding[0].text.startswith(lead) and len(holding[0].text) <= CHUNK_MAX
    assert not any("Aspect_" in c.text for c in chunks if c is not holding[0])


def test_a_list_item_with_code_keeps_its_text_in_page_order():
    page = parse_html(
        "<h1>T</h1><ol><li><p>Set the encoding like this:</p><div class='listingblock'>"
        "<pre>[i18n]\n  logOutputEncoding = x</pre></div><p>Without it the commit "
        "encoding is used.</p></li><li><p>Then commit.</p></li></ol>")
    assert [(b.kind, b.text) for b in page.blocks if b.kind != "heading"] == [
        ("list", "1. Set the encoding like this:"),
        ("code", "```\n[i18n]\n  logOutputEncoding = x\n```"),
        ("list", "   Without it the commit encoding is used."),
        ("list", "2. Then commit.")]
    # Text beside the code inside a wrapper is kept; lists nested in wrappers are kept.
    page = parse_html(
        "<h1>T</h1><ul><li><p>Run it.</p><div class='openblock'><p>Before the code.</p>"
        "<pre>git mergetool</pre><p>After the code.</p></div></li>"
        "<li><p>Options:</p><div class='ulist'><ul><li><p>--tool picks the tool</p></li>"
        "</ul></div></li></ul>")
    text = "\n".join(b.text for b in page.blocks)
    assert text.index("Before the code.") < text.index("git mergetool") < text.index(
        "   After the code.")
    assert "  • --tool picks the tool" in text


def test_an_item_its_code_and_its_continuation_travel_together():
    from research_pipeline.corpus.structure import CONTINUATION, Block, _units
    units = list(_units([Block("list", "1. Configure it like this:"),
                         Block("code", "```\n[i18n]\n```"),
                         Block("list", CONTINUATION + "Without it the default is used."),
                         Block("list", "2. Then commit.")]))
    assert [[kind for kind, _ in u.parts] for u in units] == [
        ["list", "code", "list"], ["list"]]


def test_a_line_wrapped_after_a_compounds_hyphen_keeps_it():
    from research_pipeline.corpus.textdoc import _paragraphs_from_lines
    # Text wrappers (Sphinx's text builder, docstrings) break after a compound's hyphen.
    assert [b.text for b in text_blocks("The left-\nhand operand is\nevaluated first.")] == [
        "The left-hand operand is evaluated first."]
    # Typesetting splits words: PDF text is rejoined before it is read as paragraphs.
    assert _paragraphs_from_lines(["A typeset line with hyphen-", "ation split across",
                                   "lines."]).startswith("A typeset line with hyphenation\n")


def test_indented_prose_that_quotes_code_is_prose():
    # A reference's descriptions sit indented under what they describe, and quote code in
    # double quotes: the sentences are prose, not a code block.
    # (Under five signatures, more than a definition's term takes.)
    text = ("".join(f"object.__{op}__(self, heat)\n" for op in ("fire", "rfire", "ifire",
                                                              "bake", "rbake")) + "\n"
            "   These methods are called to implement the firing operators (\"+\",\n"
            "   \"-\", \"*\", \"@\", \"/\", \"//\", \"%\", \"divmod()\", \"pow()\", \"**\",\n"
            "   \"<<\", \">>\", \"&\", \"^\", \"|\") with reflected (swapped) operands.\n\n"
            "   Note that \"pow()\" will not try\n"
            "   calling \"__rpow__()\" (the rules\n"
            "   would be too complicated).\n\n"
            "   \"__shelf__\"\n"
            "      The name of the shelf the pot stands on.\n\n"
            "The simple form is equivalent to::\n\n"
            "   if __debug__:\n"
            "      if not expression: raise AssertionError\n")
    blocks = text_blocks(text)
    kinds = {b.text.split()[0]: b.kind for b in blocks if b.text}
    assert kinds["These"] == "para" and kinds["Note"] == "para"
    assert ("term", '"__shelf__"') in [(b.kind, b.text) for b in blocks]
    assert kinds["The"] == "para"
    # Code stays code: a statement over its indented body.
    assert [b.kind for b in blocks if "__debug__" in b.text] == ["code"]


def test_a_call_that_goes_on_over_indented_lines_is_code_not_a_term():
    # A docstring's usage line, dedented by inspect.cleandoc: its first line is at the
    # margin and the rest of the call is indented under it.
    text = ("kiln_log = kiln.log(fileobj [, style='plain']\n"
            "                    [optional keyword args])\n"
            "    for row in firings:\n"
            "        kiln_log.write(row)\n\n"
            "The \"fileobj\" argument can be any object that supports the file API.\n")
    blocks = text_blocks(text)
    assert [b.kind for b in blocks] == ["code", "para"]
    assert "[optional keyword args]" in blocks[0].text
    # A name over its description is still a term.
    assert text_blocks("d | other\n    Create a new dictionary with the merged keys and "
                       "values of d and other.\n")[0].kind == "term"


def test_a_docstrings_field_list_is_one_entry_per_field():
    # "name: description" fields whose descriptions wrap under a hanging indent: each field
    # is an entry of its own, so a question about one field meets its whole description.
    text = ("Class with methods to fire a kiln.\n\n"
            "load: Either the shelf to fire, or a rack object.\n"
            "      If it is a shelf, the kiln will open and close it.\n"
            "glaze: The glaze can be either 'clear', 'matte' or 'gloss'.\n"
            "heatlevel: None (default for the glaze) or an integer\n"
            "           giving the level to pass to the burner.\n"
            "           When using 'gloss', integers 0 through 9 are accepted.\n")
    blocks = text_blocks(text)
    assert [b.kind for b in blocks] == ["para", "list"]
    items = blocks[1].text.split("\n")
    assert len(items) == 3
    assert items[2].startswith("• heatlevel: None") and items[2].endswith(
        "integers 0 through 9 are accepted.")


def test_a_docstrings_attribute_fields_under_a_noted_label_are_a_list():
    # ".name: value" lines under "Attributes: [examples for ...]": the label (with its
    # note) leads a list of the attributes, one an item, not a run-on paragraph.
    text = ("This class represents a kiln.\n\n"
            "Attributes: [examples for Kiln('north', 3)]\n"
            "    .name: 'north'\n"
            "    .shelves: 3\n"
            "    .max_temperature: 1300\n")
    blocks = text_blocks(text)
    assert [b.kind for b in blocks] == ["para", "para", "list"]
    assert blocks[1].text == "Attributes: [examples for Kiln('north', 3)]"
    assert blocks[2].text.split("\n") == [
        "• .name: 'north'", "• .shelves: 3", "• .max_temperature: 1300"]


def test_a_line_back_at_the_margin_after_indented_entries_starts_a_paragraph():
    # A docstring's labelled entries end without a full stop; the line after them, back
    # at the margin, is a sentence of its own, not the end of theirs.
    text = ("Glaze codes are case-sensitive:\n  c: celadon; t: tenmoku\n"
            "Special codes (only for stoneware):\n  s: shino\n"
            "Spaces between codes are ignored.\n")
    assert [b.text for b in text_blocks(text)] == [
        "Glaze codes are case-sensitive: c: celadon; t: tenmoku",
        "Special codes (only for stoneware): s: shino",
        "Spaces between codes are ignored."]
    # A sentence wrapped at the margin stays one paragraph.
    assert len(text_blocks("Fire the kiln slowly\nwhen the pots are\nstill damp.")) == 1


def test_a_passage_several_pages_include_word_for_word_is_one_result(tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    shared = ("<h2>--glaze-pick</h2><p>Omit any pot that carries the same glaze as another pot "
              "on the other shelf of the kiln.</p>")
    for name in ("kiln-log", "kiln-list"):
        (docs / f"{name}.html").write_text(
            f"<html><body><h1>{name}</h1><p>The {name} command shows the pots of a firing."
            f"</p>{shared}</body></html>", encoding="utf-8")
    (docs / "kiln-pick.html").write_text(
        "<html><body><h1>kiln-pick</h1><p>Pick one glaze for a pot from another shelf.</p>"
        "</body></html>", encoding="utf-8")
    manager = CorpusManager(tmp_path / "data")
    manager.add_folder(docs, "pots")
    hits = LocalSearch(manager, ["pots"]).search("glaze pick pot shelf", SearchFilters(), 10)
    texts = [" ".join(h.source.text.split()) for h in hits]
    assert sum("Omit any pot" in t for t in texts) == 1
    assert any(t.startswith("Pick one glaze") for t in texts)


DOCSTRING = '''Object for firing loads.

Several attributes control the firing:
  peak (default: 1230)
    the highest temperature of the firing
    in degrees
  hold (default: 10)
    the minutes the kiln holds its peak

The optional first format char picks the kiln:
  @: native kiln (default)
  <: gas kiln
  !: same as <

control how a failed firing is handled
"strict" -> an error is raised       [default]
"retry" -> the firing starts again

+-----------------+--------------------+
| Operator        | Meaning            |
|=================|====================|
| "&", "^"        | Bitwise AND and    |
|                 | XOR                |
+-----------------+--------------------+
| "|"             | Bitwise OR         |
+-----------------+--------------------+
'''


def test_docstring_lists_and_grid_tables_keep_their_items_and_rows():
    blocks = [(b.kind, b.text) for b in text_blocks(DOCSTRING)]
    assert ("para", "Several attributes control the firing:") in blocks
    assert ("list", "• peak (default: 1230): the highest temperature of the firing in degrees"
                    "\n• hold (default: 10): the minutes the kiln holds its peak") in blocks
    assert ("list", "• @: native kiln (default)\n• <: gas kiln\n• !: same as <") in blocks
    assert ("list", '• "strict" -> an error is raised [default]\n'
                    '• "retry" -> the firing starts again') in blocks
    assert ("table", 'Operator | Meaning\n"&", "^" | Bitwise AND and XOR\n"|" | Bitwise OR'
            ) in blocks


def test_a_docstrings_two_column_list_of_names_keeps_each_name_with_its_description():
    docstring = (
        "Return true if the object is a kiln.\n\n"
        "Kiln objects provide these attributes:\n"
        "    peak            the highest temperature of the firing\n"
        "    hold            minutes the kiln holds its peak, or None once the\n"
        "                    firing has been cancelled\n"
        "    vent            opens the flue\n")
    blocks = [(b.kind, b.text) for b in text_blocks(docstring)]
    assert ("para", "Kiln objects provide these attributes:") in blocks
    assert ("list", "• peak: the highest temperature of the firing\n"
                    "• hold: minutes the kiln holds its peak, or None once the firing has "
                    "been cancelled\n• vent: opens the flue") in blocks
    # Three columns are a table still.
    table = ("Cone    Celsius    Use\n"
             "06      999        low fire\n"
             "6       1222       stoneware\n"
             "10      1285       porcelain\n")
    assert [b.kind for b in text_blocks(table)] == ["table"]


def test_a_note_laid_out_as_a_table_or_captioned_in_a_box_reads_as_a_paragraph():
    # AsciiDoc sets each admonition as a one-row table, its "Note" icon cell beside the
    # text; DocBook and the Apache manual caption a note box "Note". Neither is a row of
    # data nor a paragraph of one word: the label opens the note's text.
    page = parse_html("""<html><body><main><h1>git-credential-store</h1>
<div class="admonitionblock"><table><tr><td class="icon"><div class="title">Note</div></td>
<td class="content">Using this helper will store your passwords unencrypted on disk.</td>
</tr></table></div>
<table><tr><td>Name</td><td>Meaning</td></tr><tr><td>store</td><td>on disk</td></tr></table>
<div class="note"><h3>Warning</h3><p>The file is readable by anyone who can read your home
folder.</p></div>
<div class="note"><h3>Ordering</h3><p>Helpers are asked in the order they are set.</p></div>
</main></body></html>""")
    kinds = [(b.kind, b.text) for b in page.blocks]
    assert ("para", "Note: Using this helper will store your passwords unencrypted on disk."
            ) in kinds
    assert ("para", "Warning: The file is readable by anyone who can read your home folder."
            ) in kinds
    assert ("para", "Ordering") in kinds  # a caption that says more than the box's kind
    assert [k for k, _ in kinds].count("table") == 1  # the data table is still a table
    assert not any(text in ("Note", "Warning") for _, text in kinds)


def test_a_method_a_docstring_lists_over_its_indented_description_is_a_term():
    # A module's docstring lists a class's methods, each signature over its description
    # with no blank line between: the signature names what the description defines.
    text = ("KilnConf -- reads firing schedules.\n\n"
            "    methods:\n\n"
            "    getint(section, option, raw=False)\n"
            "        Like get(), but convert value to an integer.\n\n"
            "    getflag(section, option, raw=False)\n"
            "        Like get(), but convert value to a flag (currently defined as on,\n"
            "        yes and 1 for on, and off, no and 0 for off).\n")
    blocks = [(b.kind, b.text) for b in text_blocks(text)]
    assert ("term", "getint(section, option, raw=False)") in blocks
    assert ("para", "Like get(), but convert value to an integer.") in blocks
    assert ("term", "getflag(section, option, raw=False)") in blocks
    # A signature over a description at its own margin stays code over a paragraph.
    flat = text_blocks("getflag(section, option)\nLike get(), but convert value to a flag.\n")
    assert [b.kind for b in flat] == ["code", "para"]


def test_a_family_of_signatures_over_one_description_is_one_term():
    # The language reference documents a family of methods together: fourteen signatures,
    # then one indented description with its notes. Every passage of that description is
    # about the family (its section names them), not a paragraph of signatures.
    names = ["add", "sub", "mul", "matmul", "truediv", "floordiv"]
    text = ("Emulating numbers\n*****************\n\n"
            + "".join(f"widget.__r{n}__(self, other)\n" for n in names)
            + "\n   These methods implement the binary operations with reflected\n"
              "   (swapped) operands.\n\n"
              "   Note:\n\n"
              "     If the right operand's type is a subclass of the left operand's\n"
              "     type, this method will be called before the left operand's\n"
              "     non-reflected method.\n\n"
              "widget.__neg__(self)\n\n   Called to implement unary negation.\n")
    blocks = [(b.kind, b.text) for b in text_blocks(text)]
    family = "widget.__radd__, __rsub__, __rmul__, __rmatmul__, __rtruediv__, __rfloordiv__"
    assert ("term", family) in blocks
    assert not any(kind == "para" and "__rsub__" in body for kind, body in blocks)
    found = passages(text_blocks(text))
    note = next(p for p in found if "called before" in p.text)
    assert note.section == f"Emulating numbers › {family}"
    assert next(p for p in found if "unary" in p.text).section == (
        "Emulating numbers › widget.__neg__(self)")
    # Signatures with no description under them define nothing.
    bare = text_blocks("".join(f"widget.__r{n}__(self, other)\n" for n in names))
    assert "term" not in [b.kind for b in bare]


def test_a_description_without_a_full_stop_stays_with_its_term():
    # Apache's FileETag keywords: a definition list whose descriptions end without a full
    # stop, one of them with code (so it is not read as one short list). Each keyword keeps
    # its description; none is carried on to the next keyword as if it were a caption.
    html = """<html><body><h1>Kiln core</h1><h2 id="firelog">FireLog Directive</h2>
<p>The FireLog directive chooses which readings go into the log. The keywords are:</p>
<dl><dt><strong>Heat</strong></dt><dd>The peak temperature will be included</dd>
<dt><strong>Time</strong></dt><dd>The length of the firing will be included</dd>
<dt><strong>All</strong></dt><dd>All readings will be used. This is equivalent to:
<pre>FireLog Heat Time</pre></dd>
<dt><strong>None</strong></dt><dd>No log will be written</dd></dl>
<p>Keywords may be prefixed with + or - to change the inherited setting.</p>
</body></html>"""
    chunks = passages(parse_html(html).blocks)
    heat = next(p for p in chunks if p.section.endswith("Heat"))
    assert heat.text.startswith("Heat\n\n")
    assert heat.text.endswith("The peak temperature will be included")
    time = next(p for p in chunks if p.section.endswith("Time"))
    assert "peak temperature" not in time.text
    assert "length of the firing" in time.text
    none = next(p for p in chunks if p.section.endswith("None"))
    assert none.text == "None\n\nNo log will be written"


def test_a_labelled_item_keeps_its_code_and_its_text_together():
    # git log's PRETTY FORMATS: "• reference", its template in code, then what it is for.
    # The label, the code and the text are one unit: a passage never starts with the text
    # cut from its label.
    items = []
    for n, name in enumerate(["oneline", "short", "medium", "full", "fuller", "reference",
                              "raw"], 1):
        code = "\n".join(["kiln &lt;id&gt;", "Temp: &lt;degrees&gt;"] + ["Note: &lt;x&gt;"] * n)
        text = ("<div class='paragraph'><p>This format is used to refer to another firing in "
                "a log entry, with the short id and the date.</p></div>"
                if name == "reference" else "")
        items.append(f"<li><p><em>{name}</em></p><div class='literalblock'><div "
                     f"class='content'><pre><code>{code}</code></pre></div></div>{text}</li>")
    html = ("<html><body><h1>kiln-log</h1><h2 id='pf'>PRETTY FORMATS</h2><ul>"
            + "".join(items) + "</ul></body></html>")
    chunks = passages(parse_html(html).blocks)
    holder = next(p for p in chunks if "refer to another firing" in p.text)
    assert "• reference" in holder.text
    assert holder.text.index("• reference") < holder.text.index("refer to another firing")
    # However the section is cut: the label, its code and its text are one unit.
    from research_pipeline.corpus.structure import Block, _units
    units = _units([Block("list", "• fuller"), Block("code", "```\nkiln <id>\n```"),
                    Block("list", "• reference"), Block("code", "```\n<id> (<date>)\n```"),
                    Block("list", "   This format is used to refer to another firing.")])
    assert [[kind for kind, _ in u.parts] for u in units] == [
        ["list", "code"], ["list", "code", "list"]]


def test_a_docstrings_method_table_is_a_list_with_the_prose_after_it_apart():
    # "name() -- description" lines, wrapped under their description, a signature too long
    # for its column over its "--" line, and the paragraph back at the margin after them
    # without a blank line.
    text = ("The kiln object has the following methods:\n"
            "      heat()          -- returns the peak temperature in degrees (1000 for\n"
            "                         bisque, 1250 for glaze)\n"
            "      vent()          -- opens the damper\n"
            "      setprogram(ramp, hold)\n"
            "                      -- sets the ramp and the hold time\n"
            "      close()         -- ends the firing\n"
            "The temperature heat() returns has nothing to do with the room's.\n")
    blocks = text_blocks(text)
    assert [b.kind for b in blocks] == ["para", "list", "para"]
    assert blocks[1].text.splitlines() == [
        "• heat() -- returns the peak temperature in degrees (1000 for bisque, 1250 for glaze)",
        "• vent() -- opens the damper", "• setprogram(ramp, hold) -- sets the ramp and the "
        "hold time", "• close() -- ends the firing"]
    assert blocks[2].text == "The temperature heat() returns has nothing to do with the room's."


def test_fields_described_together_and_numbered_paragraphs_are_items():
    text = ("Attributes:\n left_shelf, right_shelf: The pots on each shelf,\n"
            "    glazed or not.\n cones: the cones in the kiln.\n"
            " peak: the hottest reading.\n")
    blocks = text_blocks(text)
    assert blocks[1].kind == "list" and blocks[1].text.splitlines()[0] == (
        "• left_shelf, right_shelf: The pots on each shelf, glazed or not.")
    # Numbered paragraphs, one a group, wrapped at the number's margin: one numbered list,
    # as the sentence after it counts them.
    text = ("One of three things can happen:\n\n1) The pot is dry; it is fired at\n"
            "once.\n\n2) The pot is damp; it is\nheld at 100 degrees.\n\n"
            "3) The pot is wet; firing\nis refused.\n\nThe result is True in case 2.\n")
    blocks = text_blocks(text)
    assert [b.kind for b in blocks] == ["para", "list", "para"]
    assert blocks[1].text.splitlines() == [
        "1. The pot is dry; it is fired at once.",
        "2. The pot is damp; it is held at 100 degrees.", "3. The pot is wet; firing is refused."]


def test_a_label_with_its_text_hanging_beside_it_is_one_paragraph():
    # "NB:" and its sentence wrapped at the text's column; a paragraph that opens with an
    # acronym is prose, not code.
    text = ("NB:     the kiln locks the door from the start of a firing\n"
            "        until it cools, so be sure to load everything first.\n\n"
            "        KILN is a slow protocol, which means long firings\n"
            "        take many hours.\n")
    blocks = text_blocks(text)
    assert [b.kind for b in blocks] == ["para", "para"]
    assert blocks[0].text == ("NB: the kiln locks the door from the start of a firing until "
                              "it cools, so be sure to load everything first.")


def test_a_table_with_a_table_in_a_cell_keeps_its_rows_and_the_inner_table_follows():
    # A parameter table whose first row holds the table of that parameter's choices (the
    # Apache manual's health-check parameters, its log format strings): each row keeps its
    # cells, and the choices follow as a table of their own. Read as plain paragraphs, the
    # rows after the inner table ran together ("fires 1 Number of ... wait 30 Period of").
    page = parse_html("""<html><body><main><h1>kiln_check</h1><h2>Parameters</h2>
<table><tr><th>Parameter</th><th>Default</th><th>Description</th></tr>
<tr><td>method</td><td>None</td><td>No check is made. Choices are:
<table><tr><th>Method</th><th>Description</th></tr>
<tr><td>TOUCH</td><td>Touch the kiln wall</td></tr>
<tr><td>PROBE</td><td>Read the heat probe</td></tr></table></td></tr>
<tr><td>fires</td><td>1</td><td>Number of good checks before the kiln is used again</td></tr>
<tr><td>wait</td><td>30</td><td>Period of checks in seconds</td></tr>
</table></main></body></html>""")
    tables = [b.text for b in page.blocks if b.kind == "table"]
    assert tables == [
        "Parameter | Default | Description\n"
        "method | None | No check is made. Choices are:\n"
        "fires | 1 | Number of good checks before the kiln is used again\n"
        "wait | 30 | Period of checks in seconds",
        "Method | Description\nTOUCH | Touch the kiln wall\nPROBE | Read the heat probe",
    ]
    assert not [b for b in page.blocks if b.kind == "para" and "Period" in b.text]
