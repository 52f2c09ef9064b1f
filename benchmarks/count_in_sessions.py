"""A meet-in-the-middle count in pieces that runs over many sessions: the
8x8 board's open tours (issue 28), 19,591,828,170,979,904 directed.

On 24 GiB the halves of 8x8 open do not fit whole (side 0's final table
holds ~8e8 states), so the count runs in pieces
(``knight.counting.frontier_pieces``, the layout ``count_split`` falls
back to: every row of the cut column fixed, side 1 held, 6 pieces).  A
piece takes half an hour to an hour on two cores, the whole count a few
hours, longer than a session, so this script (the command line of
``knight.counting.frontier_disk.count_on_disk``)

* sweeps the two stems once (side 1's: 197 million states, ~8 minutes,
  21.8 GiB at its peak) and keeps them in ``--stems`` for the next run on
  the same machine, read back as memory maps;
* runs a piece at a time in a process group of its own: its held tables
  swept in ``--streams`` shares side by side (``held_arrays``; the trees'
  inner tables and the held tables kept in files under ``--held``), then
  its streamed patterns cut in as many ranges, each on a process that
  reads the held tables as memory maps (``stream_joins``); a process
  that ends while another still has patterns left takes the second half
  of what is left (the patterns' costs vary a thousandfold);
* records, every ``--every`` seconds and when a range ends, each range's
  residues and the last streamed table it joined in ``STATE/pieces.json``,
  written atomically and sealed with a sha256 of its content, so a run
  killed at any moment loses at most ``--every`` seconds a range, and the
  next run (another session, another machine) resumes every range where
  it stopped (``after=``, ``residues=``); the ranges left are halved until
  each process has one;
* refuses a state file written for another board or layout, by another
  format, or damaged, naming the file;
* prints the count when every piece is done, checked against the known
  value (``knight.count`` on small boards).

The state of the 8x8 open count is committed in
``benchmarks/checkpoints/8x8o/pieces.json``: each session runs ::

    python benchmarks/count_in_sessions.py --hours 2.5
    git add benchmarks/checkpoints/8x8o/pieces.json && git commit

and ``--status`` says where it stands.  ``--board 6x7o --state /tmp/s``
runs a small board the same way in seconds (a check of the machinery).
On a machine with ~128 GB the halves would fit whole (side 0's table as
the join takes it, ~60 GB), but ``knight.count(8)`` refuses before any
work there too: its estimate for 8x8 open (1.5e9 states, 268 GiB) is a
bound, not a measurement.
"""

from __future__ import annotations

import argparse
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from knight.counting.frontier_disk import count_on_disk, layout, load_state, status
from knight.counting.frontier_pieces import PieceSpec
from knight.errors import BoardTooLargeError, CheckpointError, SearchLimitError, WorkerLostError

#: from the issue: directed open tours (OEIS A165134) and closed tours
#: (McKay 1997); smaller boards are checked against ``knight.count``
KNOWN = {"8x8o": 19_591_828_170_979_904, "8x8c": 13_267_364_410_532}
ROOT = Path(__file__).resolve().parent


def parse_board(text: str) -> tuple[int, int, bool]:
    """``8x8o`` -> (8, 8, open)."""
    if len(text) < 4 or text[-1] not in "oc" or "x" not in text:
        raise SystemExit(f"--board: ROWSxCOLS then o (open) or c (closed), got {text!r}")
    r, c = (int(x) for x in text[:-1].split("x"))
    return r, c, text[-1] == "o"


def make_layout(board: str) -> PieceSpec:
    """The pieces ``count_split`` falls back to for this board."""
    r, c, path = parse_board(board)
    return layout(r, c, path)


def _commit() -> str:
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, text=True,
                              capture_output=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return ""


def _stop_on_term(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--board", default="8x8o", help="ROWSxCOLS then o (open) or c (closed)")
    ap.add_argument("--state", type=Path, help="default benchmarks/checkpoints/BOARD")
    ap.add_argument("--stems", type=Path, help="default /tmp/knight-stems")
    ap.add_argument("--streams", type=int, default=2,
                    help="processes a piece's streamed patterns are shared out to")
    ap.add_argument("--held", type=Path, help="default /tmp/knight-held: a piece's held "
                    "tables, kept until it is done (a run killed on the same machine reads "
                    "them again)")
    ap.add_argument("--hours", type=float, default=0.0, help="stop after so long (0: never)")
    ap.add_argument("--every", type=float, default=120.0, help="seconds between records")
    ap.add_argument("--max-gib", type=float, default=20.0, help="a piece's tables at most")
    ap.add_argument("--pieces", help="only these pieces (comma-separated)")
    ap.add_argument("--status", action="store_true", help="say where the count stands")
    args = ap.parse_args()
    # kill (SIGTERM) and Ctrl-C stop the run as cleanly, the pieces' records
    # saved; a run started in the background (nohup ... &) has Ctrl-C's
    # signal ignored, which this undoes
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, _stop_on_term)
    spec = make_layout(args.board)
    where = args.state or ROOT / "checkpoints" / args.board
    try:
        if args.status:
            print(status(load_state(where / "pieces.json", args.board, spec)))
            return
        until = time.time() + args.hours * 3600 if args.hours else 0.0
        only = None if not args.pieces else {int(x) for x in args.pieces.split(",")}
        count = count_on_disk(spec, args.board, where, procs=args.streams, every=args.every,
                              max_bytes=int(args.max_gib * 2**30), deadline=until,
                              stems_dir=args.stems or Path("/tmp/knight-stems"),
                              held_root=args.held or Path("/tmp/knight-held"), only=only,
                              log=lambda line: print(line, flush=True),
                              run_info={"commit": _commit()})
    except KeyboardInterrupt:
        print("interrupted: the pieces' records are saved", flush=True)
        return
    except SearchLimitError:
        print("time is up: the pieces' records are saved", flush=True)
        return
    except (CheckpointError, BoardTooLargeError, WorkerLostError) as e:
        raise SystemExit(str(e)) from None
    if count is None:
        return
    r, c, path_mode = parse_board(args.board)
    if path_mode and r * c > 1:
        count *= 2  # every undirected path, both ways
    known = KNOWN.get(args.board)
    if known is None and r * c <= 48:
        import knight
        known = knight.count(r, c, closed=not path_mode)
    print(f"{args.board}: {count:,} {'directed open' if path_mode else 'closed'} tours"
          + ("" if known is None else f" (known {known:,}: "
             f"{'agrees' if count == known else 'DISAGREES'})"), flush=True)
    if known is not None and count != known:
        sys.exit(1)


if __name__ == "__main__":
    main()
