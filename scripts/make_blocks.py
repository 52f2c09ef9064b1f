"""Find the small "structured" tours that knight.construct tiles boards with.

Run from the repository root::

    python scripts/make_blocks.py            # writes src/knight/data/blocks.bin
    python scripts/make_blocks.py --check    # re-checks the stored file only

The construction (src/knight/construct.py, after Parberry 1997 and Lin & Wei
2005) cuts a board into blocks whose sides are 5..11 and joins the blocks'
tours by swapping two parallel edges per pair of neighbouring blocks.  A join
needs certain edges inside each block, in block coordinates (h x w block):

    L  (1, 1)-(3, 0)            the block has a neighbour on its left
    U  (1, 1)-(0, 3)            the block has a neighbour above it
    R  (0, w-1)-(2, w-2)        the block has a neighbour on its right
    D  (h-1, 0)-(h-2, 2)        the block has a neighbour below it

R and D lie on corner squares, so every closed tour has them; L and U must be
searched for.  Two kinds of block are stored:

* closed tours of every h x w, 5 <= h, w <= 11, not both odd;
* for odd x odd blocks (the one block of an odd x odd board that holds the
  start square), a Hamiltonian path from every corner-colour square.

Each stored tour carries the mask of the join edges it contains (bits L=1,
U=2, R=4, D=8).  The tours are found here by the package's own kind of search:
Warnsdorff-ordered depth-first search with random tie-breaks and restarts
(seeded, so a run is reproducible), extended to respect required edges.  Every
tour is checked with knight.verify and for its claimed edges before it is
written, and again by tests/solve/test_construct.py.

File format: a flat little-endian binary file (``knight._core.stored_blocks.
parse_blocks`` documents it byte by byte), written by :func:`to_bytes`: a
32-byte header (magic, block count, code count, the move order), a 12-byte
record per block (``h``, ``w``, ``sr``, ``sc`` -- the path's start, -1 for a
closed tour --, ``mask``, and the ``offset`` of its codes), then ``codes``
(all blocks concatenated, row-major, one byte per square: low nibble and high
nibble each a direction index into knight.DEFAULT_ORDER, 8 meaning "no edge"
at a path's end).  No compression, no timestamps: the same blocks give the
same bytes, so ``--check`` can compare the file with a fresh encoding, and
the package reads it with one ``read()`` at import (no zip archive, no
per-array headers).  ``knight.construct.read_block_file`` reads it back into
the arrays above.
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

import knight  # noqa: E402  (needs the sys.path entry above)
from knight.geometry import DEFAULT_ORDER  # noqa: E402

OUT = ROOT / "src" / "knight" / "data" / "blocks.bin"
MAGIC = b"KNTBLK01"
RECORD = np.dtype([("h", "u1"), ("w", "u1"), ("sr", "i1"), ("sc", "i1"), ("mask", "u1"),
                   ("pad", "u1", (3,)), ("offset", "<u4")])

L, U, R, D = 1, 2, 4, 8
NONE = 8
SIDES = range(5, 12)
ODD_SIDES = (5, 7, 9, 11)
SEED = 20260101


def join_edges(h: int, w: int) -> dict[int, tuple[tuple[int, int], tuple[int, int]]]:
    """The edge each join bit stands for, in block coordinates."""
    return {
        L: ((1, 1), (3, 0)),
        U: ((1, 1), (0, 3)),
        R: ((0, w - 1), (2, w - 2)),
        D: ((h - 1, 0), (h - 2, 2)),
    }


class _Budget(Exception):
    pass


def search(h: int, w: int, start: tuple[int, int] | None, mask: int, rng: random.Random,
           nodes_per_try: int = 20000, tries: int = 200) -> list[tuple[int, int]] | None:
    """A closed tour (start=None) or a path from ``start`` holding the ``mask`` edges.

    Returns the squares in order, or None if the budget ran out (which proves
    nothing).  For a closed tour the walk starts at the corner (0, 0), which
    no join edge touches.
    """
    n = h * w
    closed = start is None
    s0 = 0 if closed else start[0] * w + start[1]
    nbr: list[list[int]] = []
    for p in range(n):
        r, c = divmod(p, w)
        nbr.append([(r + dr) * w + c + dc for dr, dc in DEFAULT_ORDER
                    if 0 <= r + dr < h and 0 <= c + dc < w])
    req: list[list[int]] = [[] for _ in range(n)]
    for bit, (a, b) in join_edges(h, w).items():
        if mask & bit:
            pa, pb = a[0] * w + a[1], b[0] * w + b[1]
            req[pa].append(pb)
            req[pb].append(pa)
    if any(len(q) > 2 for q in req) or (not closed and len(req[s0]) > 1):
        return None
    free = [len(x) for x in nbr]  # unvisited neighbours of each square
    seen = [False] * n
    path: list[int] = []
    count = [0]

    def visit(p: int) -> None:
        seen[p] = True
        path.append(p)
        for q in nbr[p]:
            free[q] -= 1

    def unvisit(p: int) -> None:
        seen[p] = False
        path.pop()
        for q in nbr[p]:
            free[q] += 1

    def dfs(cur: int, prev: int) -> bool:
        count[0] += 1
        if count[0] > nodes_per_try:
            raise _Budget
        if len(path) == n:
            if not closed:
                return True
            return s0 in nbr[cur] and all(q in (prev, s0) for q in req[cur])
        unsat = [q for q in req[cur] if q != prev]
        if cur == s0 and closed:
            # The start's second edge is the closing move, so at most one
            # required partner here has to be taken now; any other must be last.
            if len(unsat) == 2:
                unsat = unsat[:1]
            else:
                unsat = []
        if len(unsat) > 1:
            return False
        if unsat:
            q = unsat[0]
            if seen[q]:
                return False
            cands = [q]
        else:
            cands = [q for q in nbr[cur] if not seen[q]]
        if closed and not any(not seen[q] for q in nbr[s0]):
            # Nothing left to come back to the start from (the tour is not
            # complete here: that case returned above).
            return False
        good = []
        for q in cands:
            if seen[q]:
                continue
            rq = req[q]
            # q's remaining edge must be able to reach its required partners.
            if len(rq) == 2 and cur not in rq:
                continue
            if len(rq) >= 1 and cur not in rq:
                p = rq[0]
                if seen[p] and not (closed and p == s0):
                    continue
            good.append((free[q], rng.random(), q))
        good.sort()
        for _, _, q in good:
            visit(q)
            if dfs(q, cur):
                return True
            unvisit(q)
        return False

    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, 4 * n + 100))
    try:
        for _ in range(tries):
            count[0] = 0
            visit(s0)
            try:
                if dfs(s0, -1):
                    return [divmod(p, w) for p in path]
            except _Budget:
                pass
            while path:
                unvisit(path[-1])
    finally:
        sys.setrecursionlimit(old)
    return None


def encode(h: int, w: int, squares: list[tuple[int, int]], closed: bool) -> np.ndarray:
    """Pack a tour's two edges per square into one byte (see module docstring)."""
    index = {m: k for k, m in enumerate(DEFAULT_ORDER)}
    lo = np.full((h, w), NONE, dtype=np.uint8)
    hi = np.full((h, w), NONE, dtype=np.uint8)
    n = len(squares)
    links = list(itertools.pairwise(squares))
    if closed:
        links.append((squares[-1], squares[0]))

    def add(a: tuple[int, int], b: tuple[int, int]) -> None:
        k = index[(b[0] - a[0], b[1] - a[1])]
        if lo[a] == NONE:
            lo[a] = k
        else:
            hi[a] = k

    for a, b in links:
        add(a, b)
        add(b, a)
    assert n == h * w
    return (lo | (hi << 4)).astype(np.uint8)


def has_edge(code: np.ndarray, a: tuple[int, int], b: tuple[int, int]) -> bool:
    k = DEFAULT_ORDER.index((b[0] - a[0], b[1] - a[1]))
    v = int(code[a])
    return (v & 15) == k or (v >> 4) == k


def decode_walk(code: np.ndarray, start: tuple[int, int]) -> np.ndarray:
    """Board of step numbers by walking the packed edges from ``start``."""
    h, w = code.shape
    board = np.full((h, w), -1, dtype=np.int64)
    cur, back = start, NONE
    for i in range(h * w):
        if board[cur] != -1:
            raise ValueError(f"walk revisits {cur}")
        board[cur] = i
        v = int(code[cur])
        k = v & 15
        if k == back:
            k = v >> 4
        if i == h * w - 1:
            break
        if k == NONE:
            raise ValueError(f"walk ends early at {cur}")
        dr, dc = DEFAULT_ORDER[k]
        cur = (cur[0] + dr, cur[1] + dc)
        back = (k + 4) % 8
    return board


def check_block(code: np.ndarray, sr: int, sc: int, mask: int) -> None:
    """Raise unless ``code`` is the tour it claims to be, with its join edges."""
    h, w = code.shape
    closed = sr < 0
    lo, hi = code & 15, code >> 4
    ends = int(np.sum(lo == NONE) + np.sum(hi == NONE))
    if ends != (0 if closed else 2):
        raise ValueError(f"{h}x{w}: {ends} missing edges")
    start = (0, 0) if closed else (sr, sc)
    board = decode_walk(code, start)
    knight.verify(board, closed=closed)
    if not closed:
        assert int(lo[start] == NONE) + int(hi[start] == NONE) == 1, "path must start at its end"
    for bit, (a, b) in join_edges(h, w).items():
        if mask & bit and not (has_edge(code, a, b) and has_edge(code, b, a)):
            raise ValueError(f"{h}x{w} from {(sr, sc)}: claims edge {a}-{b} it lacks")


def odd_targets(start: tuple[int, int]) -> list[list[int]]:
    """Masks to store for an odd block, best first within each group.

    A block in the first block column may need U, R and D; any other block
    needs L and R.  When the full set is impossible (the start square has one
    edge only), weaker sets let the caller pick other block positions.
    """
    return [[U | R | D, R | D, U | R, U | D, R, D, U, 0], [L | R, L, R]]


def closed_blocks(h: int, w: int) -> list[tuple[int, np.ndarray]]:
    """(mask, codes) of the closed h x w block(s) to store: one with every join
    edge if the search finds it, else one with L, R, D and one with U, R, D."""
    rng = random.Random(f"{SEED}-{h}x{w}")
    sq = search(h, w, None, L | U | R | D, rng)
    if sq is not None:
        return [(L | U | R | D, encode(h, w, sq, True))]
    out = []
    for m in (L | R | D, U | R | D):
        sq = search(h, w, None, m, rng)
        if sq is None:
            raise SystemExit(f"no closed {h}x{w} tour with mask {m} found")
        out.append((m, encode(h, w, sq, True)))
    return out


def path_blocks(h: int, w: int, start: tuple[int, int]) -> list[tuple[int, np.ndarray]]:
    """(mask, codes) of the h x w paths from ``start`` to store (see odd_targets)."""
    rng = random.Random(f"{SEED}-{h}x{w}-{start[0]},{start[1]}")
    out = []
    for group in odd_targets(start):
        for m in group:
            sq = search(h, w, start, m, rng)
            if sq is not None:
                out.append((m, encode(h, w, sq, False)))
                break
    return out


def generate(verbose: bool = True) -> dict[str, np.ndarray]:
    rows: list[tuple[int, int, int, int, int, np.ndarray]] = []
    began = time.perf_counter()
    for h in SIDES:
        for w in SIDES:
            if h % 2 and w % 2:
                continue
            for m, code in closed_blocks(h, w):
                rows.append((h, w, -1, -1, m, code))
            if verbose:
                print(f"closed {h}x{w}: masks {[r[4] for r in rows if r[:2] == (h, w)]}",
                      flush=True)
    for h in ODD_SIDES:
        for w in ODD_SIDES:
            weak = []
            for sr in range(h):
                for sc in range(w):
                    if (sr + sc) % 2:
                        continue
                    found = path_blocks(h, w, (sr, sc))
                    if [m for m, _ in found] != [U | R | D, L | R]:
                        weak.append(((sr, sc), [m for m, _ in found]))
                    for m, code in found:
                        rows.append((h, w, sr, sc, m, code))
            if verbose:
                print(f"paths {h}x{w}: {time.perf_counter() - began:.1f}s; "
                      f"starts without the full join sets: {weak}", flush=True)
    offsets = np.cumsum([0] + [r[0] * r[1] for r in rows[:-1]]).astype(np.int64)
    for r in rows:
        check_block(r[5], r[2], r[3], r[4])
    return {
        "codes": np.concatenate([r[5].ravel() for r in rows]).astype(np.uint8),
        "h": np.array([r[0] for r in rows], dtype=np.int32),
        "w": np.array([r[1] for r in rows], dtype=np.int32),
        "sr": np.array([r[2] for r in rows], dtype=np.int32),
        "sc": np.array([r[3] for r in rows], dtype=np.int32),
        "mask": np.array([r[4] for r in rows], dtype=np.int32),
        "offset": offsets,
        "order": np.array(DEFAULT_ORDER, dtype=np.int32),
    }


def to_bytes(data: dict[str, np.ndarray]) -> bytes:
    """The blocks.bin bytes of the arrays :func:`generate` returns."""
    n = len(data["h"])
    rec = np.zeros(n, dtype=RECORD)
    for name in ("h", "w", "sr", "sc", "mask", "offset"):
        rec[name] = data[name]
    order = np.asarray(data["order"], dtype=np.int8).ravel()
    codes = np.ascontiguousarray(data["codes"], dtype=np.uint8)
    head = MAGIC + np.array([n, codes.size], dtype="<u4").tobytes() + order.tobytes()
    assert len(head) == 32
    return head + rec.tobytes() + codes.tobytes()


def check_file(path: Path) -> int:
    from knight._core import stored_blocks as core
    from knight.construct import read_block_file

    raw = path.read_bytes()
    # The core's own loader checks every block as the package will at import.
    err = core.parse_blocks(raw)
    if err is not None:
        raise SystemExit(f"{path}: {err}")
    d = read_block_file(path)
    assert to_bytes(d) == raw, "the file is not in its canonical encoding"
    assert [tuple(m) for m in d["order"].tolist()] == list(DEFAULT_ORDER)
    for i in range(len(d["h"])):
        h, w, o = int(d["h"][i]), int(d["w"][i]), int(d["offset"][i])
        code = d["codes"][o:o + h * w].reshape(h, w)
        check_block(code, int(d["sr"][i]), int(d["sc"][i]), int(d["mask"][i]))
    return len(d["h"])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="only re-check the stored file")
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args(argv)
    if not args.check:
        data = generate()
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_bytes(to_bytes(data))
    print(f"{check_file(args.out)} blocks in {args.out} verify")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
