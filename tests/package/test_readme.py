"""The README says what is so (issue 27): its picture is drawn by the package,
and redrawn here, so that a change to how tours are drawn that forgets
``python scripts/make_readme_picture.py`` fails."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _script():
    path = ROOT / "scripts" / "make_readme_picture.py"
    if not path.exists():
        pytest.skip("scripts/ is not beside the tests (installed test run)")
    spec = importlib.util.spec_from_file_location("make_readme_picture", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _readme():
    path = ROOT / "README.md"
    if not path.exists():
        pytest.skip("README.md is not beside the tests (installed test run)")
    return path.read_text(encoding="utf-8")


def test_the_readme_shows_the_committed_picture():
    readme = _readme()
    assert "](docs/tour8.svg)" in readme


def test_the_readme_picture_is_what_the_package_draws_today():
    script = _script()
    if not script.PICTURE.exists():
        pytest.skip("docs/ is not beside the tests (installed test run)")
    committed = script.PICTURE.read_text(encoding="utf-8")
    assert committed == script.picture(), (
        "docs/tour8.svg is stale: run python scripts/make_readme_picture.py")
    # today's style: numbered squares and a dashed closing move
    assert 'class="closing"' in committed and "stroke-dasharray" in committed
    assert ">63<" in committed



def test_the_readme_gives_the_set_up_commands_and_links_pages_that_exist():
    """The README's top is short and links the docs for the rest (issue 27):
    the two set-up commands as .ci/run runs them, and a page behind each link."""
    readme = _readme()
    assert "```sh\npip install . && knight 8\n```" in readme
    assert '```sh\npip install ".[test]" && python -m pytest\n```' in readme
    site = r"\(https://knight-tour\.readthedocs\.io/en/latest/([a-z-]+)\.html\)"
    pages = re.findall(site, readme)
    assert len(pages) >= 10
    for page in pages:
        assert (ROOT / "docs" / f"{page}.rst").exists(), page
