"""Write the README's picture, ``docs/tour8.svg``, from the package itself.

Run from the repository root after a change to how tours are drawn::

    python scripts/make_readme_picture.py

``tests/package/test_readme.py`` draws it again and fails when the
committed file differs, so the picture beside the README's text about
today's pictures is always today's picture.
"""

from __future__ import annotations

import sys
from pathlib import Path

import knight

PICTURE = Path(__file__).resolve().parents[1] / "docs" / "tour8.svg"


def picture() -> str:
    """The README's picture: a closed tour of the 8x8 board, as ``Tour.to_svg`` draws it."""
    return knight.solve(8, closed=True).to_svg()


def main() -> int:
    PICTURE.write_text(picture(), encoding="utf-8")
    print(f"wrote {PICTURE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
