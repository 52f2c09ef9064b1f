"""Every docstring example in the package runs and prints what it says."""

import doctest
import importlib
import io
import pkgutil
import re
import sys
from pathlib import Path

import pytest

import knight

MODULES = sorted(
    m.name for m in pkgutil.walk_packages(knight.__path__, "knight.")
    if m.name != "knight.__main__"
)


@pytest.mark.parametrize("name", ["knight", *MODULES])
def test_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0


def test_public_functions_have_examples():
    for name in knight.__all__:
        obj = getattr(knight, name)
        if callable(obj) and not isinstance(obj, type):
            assert obj.__doc__ and ">>>" in obj.__doc__, f"knight.{name} needs an example"


def test_readme_python_examples(tmp_path, monkeypatch):
    from pathlib import Path

    readme = Path(__file__).resolve().parents[2] / "README.md"
    if not readme.exists():
        pytest.skip("README.md is not beside the tests (installed test run)")
    text = readme.read_text(encoding="utf-8")
    blocks = []
    start = text.find("```python\n")
    while start >= 0:
        start += len("```python\n")
        end = text.index("```", start)
        blocks.append(text[start:end])
        start = text.find("```python\n", end)
    assert len(blocks) >= 3
    monkeypatch.chdir(tmp_path)  # the examples save pictures
    parser = doctest.DocTestParser()
    test = parser.get_doctest("\n".join(blocks), {}, "README.md", "README.md", 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.failures == 0
    assert (tmp_path / "tour.svg").read_text().startswith("<svg")


# -- the pages and the README say what the package does (issue 21, "Docs") ----------

ROOT = Path(__file__).resolve().parents[2]


def _beside(path):
    """A file of the source tree, or a skip in an installed test run without it."""
    file = ROOT / path
    if not file.exists():
        pytest.skip(f"{path} is not beside the tests (installed test run)")
    return file


def _paragraph(path, starting):
    """The paragraph of a source file that starts with ``starting``, on one line."""
    text = _beside(path).read_text(encoding="utf-8")
    begin = text.index(starting)
    end = text.find("\n\n", begin)
    return " ".join(text[begin:end if end >= 0 else len(text)].split())


def test_trace_event_fields_have_docstrings():
    from knight.trace import TraceEvent

    for name in TraceEvent._fields:
        doc = getattr(TraceEvent, name).__doc__
        assert doc and not doc.startswith("Alias for field"), name
        # napoleon would read "words: more" on the first line as "type: text".
        assert ":" not in doc.splitlines()[0], name


def test_every_exit_status_is_documented(capsys):
    from knight import cli

    codes = [cli.EXIT_OK, cli.EXIT_NO_TOUR, cli.EXIT_USAGE, cli.EXIT_IO, cli.EXIT_INTERRUPTED]
    # The README links docs/cli.rst for the exit statuses (issue 27): the page
    # and --help say them.
    page = _beside("docs/cli.rst").read_text(encoding="utf-8")
    assert cli.main(["--help"]) == 0
    epilog = " ".join(capsys.readouterr().out.split())
    for code in codes:
        assert re.search(rf"^\* {code} ", page, re.M), f"docs/cli.rst: exit status {code}"
        assert re.search(rf"\b{code} [a-z(]", epilog), f"--help: exit status {code}"
    for text in (page, epilog):
        assert "too large" in text


def test_the_api_page_names_every_error():
    import knight.errors

    # The paragraph the README had until issue 27, now on the API page.
    errors = _paragraph("docs/api.rst", "Errors: :class:`KnightError`")
    for name, obj in vars(knight.errors).items():
        if isinstance(obj, type) and issubclass(obj, knight.errors.KnightError):
            assert f"`{name}`" in errors, name


def test_the_compare_example_is_a_real_run():
    from knight.compare import compare, table

    # The README's example until issue 27, now on the getting-started page: the
    # console block's lines from the command to the blank line that ends it.
    text = _beside("docs/getting-started.rst").read_text(encoding="utf-8")
    begin = text.index("$ knight compare ")
    end = text.find("\n\n", begin)
    lines = text[begin:end if end >= 0 else len(text)].strip().splitlines()
    header, rows, total = lines[1], lines[3:-2], lines[-1]
    real = table(compare(5, start=(0, 0), max_nodes=1000), by="method").splitlines()
    assert header.split() == real[0].split()
    cols = header.split()
    number = {name: cols.index(name) for name in ("nodes", "backtracks", "seconds")}
    sums = dict.fromkeys(number, 0.0)
    for row in rows:
        cells = row.split()
        nodes, backtracks = (int(cells[number[k]].replace(",", "")) for k in ("nodes",
                                                                                "backtracks"))
        if cells[0] == "backtrack":
            # Plain backtracking retreats from all but the squares on its path: a
            # run stopped by its limit has backtracked almost as often as it placed.
            assert 0 <= nodes - backtracks <= 36, row
        for key in number:
            sums[key] += float(cells[number[key]].replace(",", ""))
    totals = total.split()[-3:]
    assert [float(v.replace(",", "")) for v in totals[:2]] == [sums["nodes"], sums["backtracks"]]
    assert abs(float(totals[2]) - sums["seconds"]) < 1e-5


def test_the_docs_name_the_sweep_fields_as_they_are():
    from knight.compare import RECORD

    # The README's sentence until issue 27, now on the getting-started page.
    page = " ".join(_beside("docs/getting-started.rst").read_text(encoding="utf-8").split())
    begin = page.index("* ``knight.sweep(10)`` solves from every start")
    fields = page[begin:page.index("(``knight.compare.RECORD``)", begin)]
    named = [f.strip("`, ") for f in fields.split("fields", 1)[1].replace(" and ", ", ").split(",")]
    assert [n for n in named if n] == list(RECORD.names) == list(knight.sweep(3, 4).dtype.names)


def _markdown_rst():
    _beside("docs/_ext/markdown_rst.py")
    sys.path.insert(0, str(ROOT / "docs" / "_ext"))
    try:
        return importlib.import_module("markdown_rst")
    finally:
        sys.path.pop(0)


def test_the_docs_have_a_changelog_page():
    index = _beside("docs/index.rst").read_text(encoding="utf-8")
    assert re.search(r"^   changelog$", index, re.M)
    page = _beside("docs/changelog.rst").read_text(encoding="utf-8")
    assert ".. markdown-include:: ../CHANGELOG.md" in page
    conf = _beside("docs/conf.py").read_text(encoding="utf-8")
    assert '"knight_docs"' in conf  # the extension that defines markdown-include


def test_the_changelog_converts_to_rst():
    md = _markdown_rst()
    source = _beside("CHANGELOG.md").read_text(encoding="utf-8")
    rst = md.markdown_to_rst(source)
    lines = rst.splitlines()
    for heading in re.findall(r"^#{1,4} (.*)$", source, re.M):
        i = lines.index(heading)
        assert set(lines[i + 1]) <= set(md.HEADING_CHARS) and len(lines[i + 1]) == len(heading)
    assert rst.count("\n- ") == len(re.findall(r"^- ", source, re.M))
    assert "`" not in re.sub(r"``[^`]+``|`[^`<]+ <https?://[^>]+>`__", "", rst)
    docutils = pytest.importorskip("docutils.core")
    warnings = io.StringIO()
    docutils.publish_doctree(rst, settings_overrides={"warning_stream": warnings,
                                                      "report_level": 1})
    assert warnings.getvalue() == ""


def test_markdown_conversion_of_each_construct():
    md = _markdown_rst()
    source = ("# Top\n\nText with `code`s, [a link](https://example.org/) and x_y*z|w.\n\n"
              "## [1.0] - Soon\n\n### Added\n\n- one `item\n  over two` lines\n- two\n")
    assert md.markdown_to_rst(source) == (
        "Top\n===\n\nText with ``code``\\ s, `a link <https://example.org/>`__ and "
        "x\\_y\\*z\\|w.\n\n[1.0] - Soon\n------------\n\nAdded\n~~~~~\n\n"
        "- one ``item over two`` lines\n- two\n"
    )


@pytest.mark.parametrize(
    "source",
    ["```\ncode\n```\n", "    code\n", "> quote\n", "| a | b |\n", "* item\n", "1. item\n",
     "- a\n  - b\n", "[x]: https://example.org/\n", "##### deep\n", "some *emphasis*\n",
     "<br>\n"],
)
def test_markdown_conversion_refuses_what_it_does_not_know(source):
    md = _markdown_rst()
    with pytest.raises(md.MarkdownError, match="line 1|line 2"):
        md.markdown_to_rst(source)


def _doc_pages():
    docs = ROOT / "docs"
    return sorted(p.name for p in docs.glob("*.rst") if ">>>" in p.read_text(encoding="utf-8"))


@pytest.mark.parametrize("page", _doc_pages() or ["index.rst"])
def test_doc_page_examples(page, tmp_path, monkeypatch):
    """The pages' ``>>>`` examples, with the setup of docs/conf.py, as the
    Sphinx doctest builder runs them in CI: a page that drifts from the
    code fails here, in the test run, not only in the docs build."""
    file = _beside(f"docs/{page}")
    conf = _beside("docs/conf.py").read_text(encoding="utf-8")
    setup = re.search(r'doctest_global_setup = """(.*?)"""', conf, re.S).group(1)
    globs: dict = {}
    monkeypatch.chdir(tmp_path)  # examples may save pictures
    exec(setup, globs)
    result = doctest.testfile(str(file), module_relative=False, globs=globs,
                              optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0
