"""Every docstring example in the package runs and prints what it says."""

import doctest
import importlib
import pkgutil

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

    readme = Path(__file__).resolve().parents[1] / "README.md"
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
