"""Regenerate ``src/knight/data/thin_automaton.npz``.

The file holds the column automata of 3-row and 4-row boards (open and
closed tours) that :mod:`knight.thin` uses to answer which squares of a thin
board start a tour and to build tours in O(n).  Every array is computed here
by :func:`knight.thin.build_automaton`, an exhaustive frontier dynamic
programme over the knight graph; nothing is typed in.  The tests rebuild the
automata and compare them with the stored file, and check the answers against
exhaustive search on small boards.

Usage::

    python scripts/make_existence_data.py            # write the file
    python scripts/make_existence_data.py --check    # exit 1 if it is stale
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

from knight.thin import DATA_FILE, HEIGHTS, build_automaton

OUT = Path(__file__).resolve().parent.parent / "src" / "knight" / "data" / DATA_FILE


def compute() -> dict[str, np.ndarray]:
    arrays: dict[str, np.ndarray] = {}
    for h in HEIGHTS:
        for closed in (False, True):
            began = time.perf_counter()
            auto = build_automaton(h, closed)
            key = f"h{h}_{'closed' if closed else 'open'}"
            for name in ("src", "dst", "mask", "term"):
                arrays[f"{key}_{name}"] = np.asarray(auto[name], dtype=np.int32)
            arrays[f"{key}_n_states"] = np.int64(auto["n_states"])
            arrays[f"{key}_accept"] = np.int64(auto["accept"])
            print(
                f"{key}: {auto['n_states']} states, {len(auto['src'])} transitions "
                f"({time.perf_counter() - began:.2f} s)",
                file=sys.stderr,
            )
    return arrays


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the stored file")
    args = parser.parse_args(argv)
    arrays = compute()
    if args.check:
        with np.load(OUT) as old:
            same = set(old.files) == set(arrays) and all(
                np.array_equal(old[k], arrays[k]) for k in arrays
            )
        print("up to date" if same else f"{OUT} is stale: rerun without --check")
        return 0 if same else 1
    OUT.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(OUT, **arrays)
    print(f"wrote {OUT} ({OUT.stat().st_size:,} bytes)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
