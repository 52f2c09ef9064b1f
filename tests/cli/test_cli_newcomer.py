"""What a newcomer trips on at the command line (issue 27).

Each test runs the command in this process (``knight.cli.main``), as
tests/cli/test_cli.py does.
"""

import re

import pytest

import knight
from knight.cli.common import EXIT_NO_TOUR, EXIT_OK

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


# -- the GIF: one frame per move, step numbers; --size ------------------------


def _frames(path):
    from PIL import Image

    with Image.open(path) as im:
        return im.n_frames


def test_gif_has_a_frame_per_move(tmp_path):
    pytest.importorskip("PIL")
    from knight.render import GIF_MAX_FRAMES, to_gif

    to_gif(knight.solve(8), tmp_path / "8.gif")
    assert _frames(tmp_path / "8.gif") == 64  # the start, then each of the 63 moves
    to_gif(knight.solve(20), tmp_path / "20.gif", size=200)
    assert _frames(tmp_path / "20.gif") == GIF_MAX_FRAMES  # 400 squares: capped
    to_gif(knight.solve(8), tmp_path / "f.gif", frames=10)
    assert _frames(tmp_path / "f.gif") == 10


def test_gif_draws_the_step_numbers_when_they_fit(tmp_path):
    pytest.importorskip("PIL")
    from PIL import Image

    from knight.render import to_gif

    tour = knight.solve(6)
    names = {}
    for key, options in (("auto", {}), ("none", {"numbers": False}), ("one", {"base": 1}),
                         ("small", {"size": 60})):
        names[key] = tmp_path / f"{key}.gif"
        to_gif(tour, names[key], **options)

    def last(name):
        with Image.open(name) as im:
            im.seek(im.n_frames - 1)
            return im.convert("RGB").tobytes()

    assert last(names["auto"]) != last(names["none"])
    assert last(names["auto"]) != last(names["one"])
    # 10 px squares are too small for numbers: the same picture either way
    to_gif(tour, tmp_path / "small-none.gif", size=60, numbers=False)
    assert last(names["small"]) == last(tmp_path / "small-none.gif")


def test_size_sets_every_picture(knight_cli, tmp_path):
    pytest.importorskip("PIL")
    from PIL import Image

    files = {ext: tmp_path / f"t.{ext}" for ext in ("svg", "png", "gif", "html")}
    argv = ["8", "--size", "200", "--base", "1"]
    for ext, name in files.items():
        argv += [f"--{ext}", str(name)]
    code, _, err = knight_cli(argv)
    assert code == EXIT_OK, err
    assert 'width="200" height="200"' in files["svg"].read_text()
    assert 'width="200" height="200"' in files["html"].read_text()
    for ext in ("png", "gif"):
        with Image.open(files[ext]) as im:
            assert im.size == (200, 200)
    assert _frames(files["gif"]) == 64


@pytest.mark.parametrize("argv, says", [
    (["8", "--size", "200"], "--size applies only to the pictures"),
    (["8", "--size", "8", "--svg", "t.svg"], "at least 16 pixels"),
])
def test_size_refusals(knight_cli, argv, says):
    code, out, err = knight_cli(argv)
    assert code == 2 and out == "" and says in err


# -- a dead end is drawn ------------------------------------------------------

DEAD_END = ["8", "--method", "warnsdorff", "--start", "2", "4"]  # 60 of 64 squares


def _dead_end(board=None, rows=8, start=(2, 4)):
    try:
        knight.solve(board or rows, start=start, method="warnsdorff")
    except knight.DeadEndError as error:
        return error
    raise AssertionError("no dead end")


def test_dead_end_svg_draws_the_partial_tour(knight_cli, tmp_path):
    from knight.render import partial_svg

    target = tmp_path / "d.svg"
    code, out, err = knight_cli([*DEAD_END, "--svg", str(target), "--base", "1"])
    assert code == EXIT_NO_TOUR and out == "" and "dead end" in err
    assert target.read_text() == partial_svg(_dead_end(), base=1)
    assert _svg_numbers(target.read_text()) == list(range(1, 61))


def test_dead_end_png_and_gif_draw_the_partial_tour(knight_cli, tmp_path):
    pytest.importorskip("PIL")
    from knight.render import partial_gif, partial_png

    png, gif = tmp_path / "d.png", tmp_path / "d.gif"
    code, _, err = knight_cli([*DEAD_END, "--png", str(png), "--gif", str(gif),
                               "--size", "200"])
    assert code == EXIT_NO_TOUR and "dead end" in err
    partial_png(_dead_end(), tmp_path / "want.png", size=200)
    assert png.read_bytes() == (tmp_path / "want.png").read_bytes()
    partial_gif(_dead_end(), tmp_path / "want.gif", size=200)
    assert gif.read_bytes() == (tmp_path / "want.gif").read_bytes()
    assert _frames(gif) == 60


def test_dead_end_on_a_board_with_holes_draws_its_holes(knight_cli, tmp_path):
    pytest.importorskip("PIL")
    from knight.render import partial_png

    png = tmp_path / "d.png"
    code, _, _ = knight_cli(["8", "--holes", "h8", "--method", "warnsdorff", "--start", "6",
                             "6", "--png", str(png)])
    assert code == EXIT_NO_TOUR
    board = knight.Board(8, holes=["h8"])
    partial_png(_dead_end(board, start=(6, 6)), tmp_path / "want.png", board=board)
    assert png.read_bytes() == (tmp_path / "want.png").read_bytes()


def test_dead_end_html_is_not_written_and_says_so(knight_cli, tmp_path):
    page = tmp_path / "d.html"
    code, _, err = knight_cli([*DEAD_END, "--html", str(page)])
    assert code == EXIT_NO_TOUR and not page.exists()
    assert "--html plays whole tours" in err


# -- the sweep's bar counts starts ----------------------------------------------


@pytest.mark.parametrize("argv", [["6", "--method", "backtrack"], ["5", "--method", "warnsdorff"],
                                  ["5", "--closed", "--method", "backtrack"]])
def test_sweep_bar_counts_start_squares(knight_cli, argv):
    pytest.importorskip("tqdm")
    code, _, err = knight_cli(["sweep", *argv, "--progress"])
    squares = int(argv[0]) ** 2
    bars = re.findall(r"(\d+)/(\d+) \[[^\]]*start/s\]", err)
    assert bars and all(int(total) == squares for _, total in bars), err
    assert bars[-1][0] == str(squares)


# -- the count's announcement names the faster method -----------------------------


def test_count_announcement_names_the_faster_method(knight_cli, monkeypatch):
    from knight.cli import count as count_cli

    def no_count(*args, **kwargs):
        raise knight.SearchLimitError("stopped for the test")

    monkeypatch.setattr(count_cli, "count", no_count)
    _, _, err = knight_cli(["count", "7", "--method", "search"])
    assert err.startswith("knight: warning: this count may take long: search: roughly")
    assert "; --method dp would take about" in err
    _, _, err = knight_cli(["count", "7"])  # auto: the DP, the faster already
    assert "frontier DP" in err and "would take" not in err


def test_count_announcement_names_search_when_it_is_faster(knight_cli, monkeypatch):
    from knight.cli import count as count_cli
    from knight.counting.cost import Estimate

    def fake(rows, cols=None, *, method="auto", **where):
        if method == "dp":
            return Estimate("dp", 7200.0, 10, 10, "frontier DP: about 2 hours", "frontier-dp")
        return Estimate("search", 90.0, None, None, "search: roughly 90 s", "knight-search")

    monkeypatch.setattr(count_cli, "estimate", fake)
    monkeypatch.setattr(count_cli, "count", lambda *a, **k: 0)
    _, _, err = knight_cli(["count", "7", "--method", "dp"])
    assert "; --method search would take roughly 90 s" in err


# -- refusals name the command line's options ---------------------------------------


def test_uniform_refusal_names_the_options(knight_cli):
    code, out, err = knight_cli(["8", "--uniform"])
    assert code == 2 and out == ""
    assert "max_states=" not in err and "method='recount'" not in err
    assert "knight.solve(" not in err
    assert "--max-states 2,000,000" in err and "--uniform-method recount draws one" in err
    assert "--method warnsdorff --tie-break random --seed N" in err


def test_uniform_options_reach_the_sampler(knight_cli):
    code, out, _ = knight_cli(["5", "--uniform", "--uniform-method", "recount", "--seed", "1",
                               "--format", "moves"])
    want = knight.random_tour(5, seed=1, method="recount")
    assert code == EXIT_OK and out.split() == [str(k) for k in want.moves().tolist()]
    code, _, err = knight_cli(["7", "--uniform", "--max-states", "10"])
    assert code == 2 and "--max-states 10" in err
    code, _, err = knight_cli(["5", "--max-states", "10"])
    assert code == 2 and "--max-states applies only with --uniform" in err


def test_progress_without_tqdm_names_the_flag(knight_cli, monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "tqdm", None)
    code, _, err = knight_cli(["count", "5", "--progress"])
    assert code == 2 and "progress=True" not in err
    assert err.startswith("knight: error: --progress needs tqdm")


# -- --uniform --time counts the set-up -------------------------------------------


def test_uniform_time_counts_the_sampler_set_up(knight_cli, monkeypatch):
    import time

    from knight.cli import solve as solve_cli

    real = solve_cli.random_tour

    def slow_set_up(*args, **kwargs):
        time.sleep(0.3)  # stands for building the DP's tables
        return real(*args, **kwargs)

    monkeypatch.setattr(solve_cli, "random_tour", slow_set_up)
    code, _, err = knight_cli(["5", "--uniform", "--seed", "1", "--time"])
    assert code == EXIT_OK
    assert float(err.split(" s,")[0]) >= 0.3, err


# -- help -------------------------------------------------------------------------


def test_count_help_says_open_tours_are_directed_and_summed(knight_cli):
    _, out, _ = knight_cli(["count", "--help"])
    text = " ".join(out.split())
    assert "once in each direction" in text and "summed over every start square" in text


def test_main_help_names_the_subcommands_at_the_top(knight_cli):
    _, out, _ = knight_cli(["--help"])
    top = " ".join(out.split("options:")[0].split())
    for name in ("count", "tours", "sweep", "compare", "puzzle", "knight help COMMAND"):
        assert name in top


@pytest.mark.parametrize("argv, first", [(["help"], "usage: knight ROWS"),
                                         (["help", "count"], "usage: knight count")])
def test_knight_help(knight_cli, argv, first):
    code, out, _ = knight_cli(argv)
    assert code == EXIT_OK and out.startswith(first)


def test_knight_help_of_an_unknown_command(knight_cli):
    code, _, err = knight_cli(["help", "nope"])
    assert code == 2 and "the commands are" in err


@pytest.mark.parametrize("command", [[], ["count"], ["tours"], ["compare"]])
def test_start_reads_as_one_square(knight_cli, command):
    _, out, _ = knight_cli([*command, "--help"])
    assert "SQUARE [SQUARE ...]" not in out and "--start SQUARE" in out
    assert "e4" in out and "ROW COL" in out


def test_start_still_takes_row_col(knight_cli):
    assert knight_cli(["5", "--start", "2", "2"])[0] == EXIT_OK
    assert knight_cli(["5", "--start", "c3"])[0] == EXIT_OK


def test_a_dead_end_gives_its_advice_in_the_command_line_s_options(knight_cli):
    code, out, err = knight_cli(["8", "--method", "warnsdorff", "--start", "2", "4"])
    assert code == 1 and out == ""
    assert "reached a dead end" in err
    assert "try another --tie-break, or --method warnsdorff-backtrack" in err
    assert "tie_break" not in err and "method=" not in err


def test_puzzle_pictures_take_size(knight_cli, tmp_path):
    sheet, page = tmp_path / "p.svg", tmp_path / "p.html"
    code, out, err = knight_cli(["puzzle", "make", "6", "--seed", "1", "--svg", str(sheet),
                                 "--html", str(page), "--size", "300"])
    assert code == EXIT_OK, err
    assert re.search(r'<svg[^>]* width="300"', sheet.read_text())
    default = tmp_path / "d.svg"
    assert knight_cli(["puzzle", "make", "6", "--seed", "1", "--svg", str(default)])[0] == 0
    assert sheet.read_text() != default.read_text()
    assert page.read_text() != knight.puzzle.make(6, seed=1).to_html()
    code, out, err = knight_cli(["puzzle", "make", "6", "--seed", "1", "--size", "300"])
    assert code == 2 and "--size" in err
    code, out, err = knight_cli(["puzzle", "make", "6", "--seed", "1", "--svg",
                                 str(sheet), "--size", "8"])
    assert code == 2 and "at least 16 pixels" in err
