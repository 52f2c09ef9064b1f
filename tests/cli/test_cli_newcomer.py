"""What a newcomer trips on at the command line (issue 27).

Each test runs the command in this process (``knight.cli.main``), as
tests/cli/test_cli.py does.
"""

import re

import pytest

import knight
from knight.cli.common import EXIT_OK

# -- --base numbers the pictures too ---------------------------------------------


def _svg_numbers(text):
    return sorted(int(v) for v in re.findall(r"<text[^>]*>(\d+)</text>", text))


@pytest.mark.parametrize("ext", ["svg", "html"])
def test_base_one_numbers_the_vector_pictures_from_one(knight_cli, tmp_path, ext):
    target = tmp_path / f"t.{ext}"
    code, _, _ = knight_cli(["5", "--base", "1", f"--{ext}", str(target)])
    assert code == EXIT_OK
    assert _svg_numbers(target.read_text()) == list(range(1, 26))


def test_base_one_numbers_the_png_from_one(knight_cli, tmp_path):
    pytest.importorskip("PIL")
    from knight.render import to_png

    target, want0, want1 = tmp_path / "t.png", tmp_path / "0.png", tmp_path / "1.png"
    code, _, _ = knight_cli(["5", "--base", "1", "--png", str(target)])
    assert code == EXIT_OK
    to_png(knight.solve(5), want0)
    to_png(knight.solve(5), want1, base=1)
    assert target.read_bytes() == want1.read_bytes() != want0.read_bytes()


def test_base_applies_to_the_pictures_with_any_format(knight_cli, tmp_path):
    target = tmp_path / "t.svg"
    code, out, err = knight_cli(["5", "--base", "1", "--format", "path", "--svg", str(target)])
    assert code == EXIT_OK, err
    assert _svg_numbers(target.read_text())[0] == 1
