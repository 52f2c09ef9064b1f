"""Pictures: SVG parsed back, PNG and GIF pixels, Jupyter, errors."""

import base64
import builtins
import io
import tracemalloc
import xml.etree.ElementTree as ET

import numpy as np
import pytest

import knight
from knight import render
from knight.render import gif, palette  # the private helpers checked, where they live

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg):
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return root


def polyline_squares(root, cell, line=None):
    if line is None:
        (line,) = root.iter(f"{SVG}polyline")
    pts = [tuple(map(float, p.split(","))) for p in line.get("points").split()]
    return [(round((y - cell / 2) / cell), round((x - cell / 2) / cell)) for x, y in pts]


@pytest.mark.parametrize("rows,cols,closed", [(5, 5, False), (6, 8, True), (8, 8, False)])
def test_svg_polyline_follows_the_tour(rows, cols, closed):
    tour = knight.solve(rows, cols, closed=closed)
    root = parse(tour.to_svg(size=400))
    cell = float(root.get("width")) / cols
    assert float(root.get("height")) == pytest.approx(cell * rows)
    squares = polyline_squares(root, cell)
    assert len(squares) == rows * cols
    assert squares == [tuple(p) for p in tour.path.tolist()]
    circles = {c.get("class"): c for c in root.iter(f"{SVG}circle")}
    assert set(circles) == {"start", "end"}
    sx, sy = float(circles["start"].get("cx")), float(circles["start"].get("cy"))
    assert (round((sy - cell / 2) / cell), round((sx - cell / 2) / cell)) == tour.start
    closing = [e for e in root.iter(f"{SVG}line") if e.get("class") == "closing"]
    assert len(closing) == (1 if closed else 0)
    numbers = [t.text for t in root.iter(f"{SVG}text")]
    assert sorted(map(int, numbers)) == list(range(rows * cols))


def test_svg_numbers_from_one_and_off():
    tour = knight.solve(5)
    root = parse(tour.to_svg(base=1))
    assert sorted(int(t.text) for t in root.iter(f"{SVG}text")) == list(range(1, 26))
    root = parse(tour.to_svg(numbers=False))
    assert list(root.iter(f"{SVG}text")) == []


def test_svg_scales_to_big_boards():
    # The largest board whose path still shows at 640 px: 5 px squares.
    tour = knight.solve(128, method="warnsdorff", tie_break="roth")
    svg = tour.to_svg()
    root = parse(svg)
    assert float(root.get("width")) <= 640
    assert list(root.iter(f"{SVG}text")) == []          # numbers would not fit
    assert len(list(root.iter(f"{SVG}rect"))) < 10      # one pattern, not 16 000 squares
    assert len(polyline_squares(root, float(root.get("width")) / 128)) == 128 * 128
    assert len(svg) < 40 * 128 * 128


def test_jupyter_repr_and_save_svg(tmp_path):
    tour = knight.solve(8, closed=True)
    assert parse(tour._repr_svg_()).tag == f"{SVG}svg"
    target = tmp_path / "tour.svg"
    tour.save(target)
    root = parse(target.read_text())
    cell = float(root.get("width")) / 8
    assert cell == 64  # squares are capped at 64 px
    assert polyline_squares(root, cell) == [tuple(p) for p in tour.path.tolist()]


@pytest.mark.parametrize("bad", [{"size": 3}, {"size": "big"}, {"base": 2}])
def test_svg_bad_options(bad):
    with pytest.raises(ValueError):
        knight.solve(5).to_svg(**bad)


def test_save_unknown_extension(tmp_path):
    with pytest.raises(ValueError, match=r"\.svg, \.png, \.gif or \.html"):
        knight.solve(5).save(tmp_path / "tour.bmp")


def test_png_pixels(tmp_path):
    Image = pytest.importorskip("PIL.Image")
    tour = knight.solve(8)
    target = tmp_path / "tour.png"
    tour.save(target, size=320, numbers=False)
    with Image.open(target) as im:
        assert im.format == "PNG" and im.size == (320, 320)
        rgb = im.convert("RGB")
        cell = 40
        # The start square's centre holds the green start mark.
        r, c = tour.start
        centre = (c * cell + cell // 2, r * cell + cell // 2)
        assert rgb.getpixel(centre) == palette._rgb_tuple(render.START)
        # A square corner far from any centre keeps the board colour.
        assert rgb.getpixel((1, 1)) == palette._rgb_tuple(render.LIGHT)
        assert rgb.getpixel((cell + 1, 1)) == palette._rgb_tuple(render.DARK)
        # The path colour is present.
        colours = {col for _, col in rgb.getcolors(maxcolors=1 << 16)}
        assert palette._rgb_tuple(render.LINE) in colours


def test_gif_animation(tmp_path):
    Image = pytest.importorskip("PIL.Image")
    tour = knight.solve(6, closed=True)
    target = tmp_path / "tour.gif"
    tour.save(target, size=240, frames=12)
    with Image.open(target) as im:
        assert im.format == "GIF" and im.size == (240, 240)
        assert im.n_frames == 12
        im.seek(0)
        first = np.asarray(im.convert("RGB"))
        im.seek(im.n_frames - 1)
        last = np.asarray(im.convert("RGB"))
    line = np.array(palette._rgb_tuple(render.LINE))
    assert (last == line).all(axis=2).sum() > (first == line).all(axis=2).sum()


def test_missing_pillow_names_the_extra(monkeypatch, tmp_path):
    real_import = builtins.__import__

    def no_pil(name, *args, **kwargs):
        if name == "PIL" or name.startswith("PIL."):
            raise ImportError("no PIL")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_pil)
    with pytest.raises(ImportError, match=r"knight-tour\[plot\]"):
        knight.solve(5).save(tmp_path / "t.png")
    with pytest.raises(ImportError, match=r"knight-tour\[plot\]"):
        knight.solve(5).save(tmp_path / "t.gif")


# -- One size rule, one default, for every format -------------------------


def _partial_error():
    with pytest.raises(knight.DeadEndError) as info:
        knight.solve(8, start=(2, 4), method="warnsdorff", tie_break="first")
    return info.value


@pytest.mark.parametrize("size", [0, -5, 15, 2.5, "big", True, None])
def test_size_is_checked_alike_by_every_format(tmp_path, size):
    pytest.importorskip("PIL")
    tour = knight.solve(8)
    calls = [
        lambda: tour.to_svg(size=size),
        lambda: render.to_png(tour, tmp_path / "t.png", size=size),
        lambda: render.to_gif(tour, tmp_path / "t.gif", size=size),
        lambda: render.partial_svg(_partial_error(), size=size),
        lambda: render.partial_png(_partial_error(), tmp_path / "p.png", size=size),
    ]
    for call in calls:
        with pytest.raises(ValueError, match="size must be an integer number of pixels >= 16"):
            call()
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("bad", [{"frames": 1}, {"frames": 2.5}, {"duration": 0},
                                 {"duration": "slow"}])
def test_gif_bad_options(tmp_path, bad):
    with pytest.raises(ValueError, match=next(iter(bad))):
        render.to_gif(knight.solve(5), tmp_path / "t.gif", **bad)


@pytest.mark.parametrize("rows,cols", [(8, 8), (11, 11), (5, 9), (40, 40), (300, 300)])
def test_svg_png_gif_default_sizes_agree(tmp_path, rows, cols):
    Image = pytest.importorskip("PIL.Image")
    tour = knight.solve(rows, cols)
    root = parse(tour.to_svg())
    svg_size = (round(float(root.get("width"))), round(float(root.get("height"))))
    tour.save(tmp_path / "t.png")
    tour.save(tmp_path / "t.gif", frames=2)
    with Image.open(tmp_path / "t.png") as png, Image.open(tmp_path / "t.gif") as gif:
        assert png.size == gif.size == svg_size
    lay = render.layout(rows, cols)
    assert svg_size == (lay.width, lay.height) and max(svg_size) <= render.DEFAULT_SIZE
    if rows == 8:
        assert svg_size == (512, 512)  # 64 px squares at most


@pytest.mark.parametrize("shape,size", [((2000, 2000), 640), ((1, 10**6), 100),
                                        ((7, 3000), 16), ((500, 500), 4000)])
def test_layout_is_bounded_by_size(shape, size):
    lay = render.layout(*shape, size=size)
    assert 1 <= lay.width <= size and 1 <= lay.height <= size
    assert lay.path == (lay.cell >= render.MIN_PATH_CELL
                        and shape[0] * shape[1] <= render.MAX_VECTOR_SQUARES)


# -- Big boards: a colour ramp, in memory and time of the pixels ----------


@pytest.fixture(scope="module")
def tour2000():
    return knight.solve(2000)


def test_big_board_draws_without_its_path(tmp_path, tour2000, monkeypatch):
    Image = pytest.importorskip("PIL.Image")

    def no_path(self):
        raise AssertionError("the picture of a big board built its path")

    monkeypatch.setattr(knight.Tour, "path", property(no_path))
    path_bytes = 2 * 4 * len(tour2000)  # int32 (row, col) per square: 32 MB
    tracemalloc.start()
    try:
        svg = tour2000.to_svg(size=200)
        tour2000.save(tmp_path / "t.png", size=200)
        tour2000.save(tmp_path / "t.gif", size=200, frames=3)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < path_bytes / 3
    root = parse(svg)
    assert (root.get("width"), root.get("height")) == ("200", "200")
    assert list(root.iter(f"{SVG}polyline")) == []
    assert len(svg) < 200 * 200 * 3  # the pixels' worth, not 4 million squares'
    for name in ("t.png", "t.gif"):
        with Image.open(tmp_path / name) as im:
            assert im.size == (200, 200)


def _embedded(svg):
    Image = pytest.importorskip("PIL.Image")
    (image,) = parse(svg).iter(f"{SVG}image")
    data = image.get("href").removeprefix("data:image/png;base64,")
    return Image.open(io.BytesIO(base64.b64decode(data)))


def test_big_board_ramp_shows_the_order_of_the_steps(tmp_path):
    Image = pytest.importorskip("PIL.Image")
    tour = knight.solve(1000)
    svg = tour.to_svg(size=100)
    with _embedded(svg) as im:
        assert im.size == (100, 100)
        index = np.asarray(im)  # a palette PNG: the ramp's levels
    levels = index[index >= palette._RAMP0] - palette._RAMP0
    assert levels.size > 0.99 * index.size
    assert np.unique(levels).size > 20  # not one colour
    # Each pixel is the mean step of its 10x10 squares, on the ramp's scale.
    mean = tour.board.reshape(100, 10, 100, 10).mean(axis=(1, 3))
    expected = np.rint(mean / (len(tour) - 1) * (palette._RAMP_LEVELS - 1))
    assert np.abs(levels.reshape(100, 100) - expected).max() <= 1
    # The PNG draws the same ramp.
    tour.save(tmp_path / "t.png", size=100)
    with Image.open(tmp_path / "t.png") as im:
        rgb = np.asarray(im.convert("RGB"))
    assert len(np.unique(rgb.reshape(-1, 3), axis=0)) > 20
    ramp = render.PALETTE[index]
    assert (rgb == ramp).all(axis=2).mean() > 0.95  # all but the start and end marks


def test_numbers_refused_where_only_a_ramp_fits(tmp_path, tour2000):
    with pytest.raises(ValueError, match="colour ramp"):
        tour2000.to_svg(numbers=True)
    with pytest.raises(ValueError, match="colour ramp"):
        render.to_png(tour2000, tmp_path / "t.png", numbers=True)
    assert "<image" in tour2000.to_svg(numbers=False, size=16)


def test_png_bytes_without_pillow_decode():
    Image = pytest.importorskip("PIL.Image")
    index = np.arange(60, dtype=np.uint8).reshape(5, 12)
    with Image.open(io.BytesIO(render.png_bytes(index, render.PALETTE))) as im:
        assert im.size == (12, 5)
        assert (np.asarray(im.convert("RGB")) == render.PALETTE[index]).all()


# -- PNG agrees with SVG ---------------------------------------------------


def _colour_mask(rgb, colour):
    return (rgb == np.array(palette._rgb_tuple(colour))).all(axis=2)


def test_png_step_numbers(tmp_path):
    Image = pytest.importorskip("PIL.Image")
    tour = knight.solve(5)
    counts = {}
    for numbers in (None, False):
        tour.save(tmp_path / "t.png", size=320, numbers=numbers)
        with Image.open(tmp_path / "t.png") as im:
            rgb = np.asarray(im.convert("RGB"))
        counts[numbers] = _colour_mask(rgb, render.TEXT)
    assert not counts[False].any()
    text = counts[None]
    cell = 64
    # Ink in the top-left corner of every square, where SVG writes the number.
    for r in range(5):
        for c in range(5):
            assert text[r * cell:r * cell + cell // 2, c * cell:c * cell + cell // 2].any()
    # Where they do not fit (a 40x40 board at 320 px: 8 px squares), none by default.
    knight.solve(40).save(tmp_path / "big.png", size=320)
    with Image.open(tmp_path / "big.png") as im:
        assert not _colour_mask(np.asarray(im.convert("RGB")), render.TEXT).any()


def test_png_closing_move_is_dashed(tmp_path):
    Image = pytest.importorskip("PIL.Image")
    tour = knight.solve(6, closed=True)
    tour.save(tmp_path / "t.png", size=384, numbers=False)
    with Image.open(tmp_path / "t.png") as im:
        line = _colour_mask(np.asarray(im.convert("RGB")), render.LINE)
    cell = 64
    (y0, x0), (y1, x1) = ((np.array(s) + 0.5) * cell - 0.5 for s in (tour.end, tour.start))
    t = np.linspace(0.25, 0.75, 200)  # clear of the end marks
    on = line[np.rint(y0 + (y1 - y0) * t).astype(int), np.rint(x0 + (x1 - x0) * t).astype(int)]
    assert on.any() and not on.all()
    assert np.count_nonzero(np.diff(on.astype(int))) >= 3  # dash, gap, dash, gap


def test_gif_marks_the_knights_square(tmp_path):
    Image = pytest.importorskip("PIL.Image")
    tour = knight.solve(6, closed=True)
    tour.save(tmp_path / "t.gif", size=240, frames=12)
    cell = 40
    stops = gif._stops(36, 12)
    with Image.open(tmp_path / "t.gif") as im:
        assert im.n_frames == len(stops) == 12
        for k, upto in enumerate(stops):
            im.seek(k)
            rgb = np.asarray(im.convert("RGB"))
            r, c = tour.path[upto - 1]
            end = _colour_mask(rgb, render.END)
            assert end[r * cell + cell // 2, c * cell + cell // 2]
            assert end.sum() < 0.02 * end.size  # one mark, not a red board


def test_gif_of_a_ramp_marks_the_knight(tmp_path, tour2000):
    Image = pytest.importorskip("PIL.Image")
    tour2000.save(tmp_path / "t.gif", size=100, frames=3)
    marks = []
    with Image.open(tmp_path / "t.gif") as im:
        assert im.n_frames == 3
        for k in range(3):
            im.seek(k)
            end = _colour_mask(np.asarray(im.convert("RGB")), render.END)
            marks.append(tuple(np.argwhere(end).mean(axis=0).round()))
    r, c = tour2000.end
    assert marks[-1] == pytest.approx((r / 20, c / 20), abs=2)
    assert len(set(marks)) == 3  # the knight moves


def test_svg_numbers_sit_above_the_path_with_a_halo():
    root = parse(knight.solve(8).to_svg())
    children = [e.get("class") for e in root]
    assert children.index("steps") > children.index("path")
    steps = next(e for e in root if e.get("class") == "steps")
    assert steps.get("paint-order") == "stroke" and steps.get("stroke") == render.HALO


def test_path_runs_cut_where_the_move_is_not_on_the_page():
    path = np.array([[0, 0], [2, 1], [0, 2], [0, 9], [2, 8]])
    runs = render.path_runs(path)
    assert [r.tolist() for r in runs] == [[[0, 0], [2, 1], [0, 2]], [[0, 9], [2, 8]]]
    assert len(render.path_runs(knight.solve(8).path)) == 1


# -- Partial tours and holes ----------------------------------------------


def test_partial_tour_svg_from_error_or_board():
    error = _partial_error()
    for source in (error, np.array(error.board)):
        root = parse(render.partial_svg(source, size=400))
        cell = 50
        assert polyline_squares(root, cell) == [tuple(p) for p in error.path.tolist()]
        assert sorted(int(t.text) for t in root.iter(f"{SVG}text")) == list(range(60))
        (unreached,) = [e for e in root if e.get("class") == "unreached"]
        assert unreached.get("d").count("M") == 4
        assert [e for e in root if e.get("class") == "holes"] == []
        end = next(c for c in root.iter(f"{SVG}circle") if c.get("class") == "end")
        x, y = float(end.get("cx")), float(end.get("cy"))
        assert (int(y // cell), int(x // cell)) == tuple(error.path[-1].tolist())


def test_partial_tour_png(tmp_path):
    Image = pytest.importorskip("PIL.Image")
    error = _partial_error()
    render.partial_png(error, tmp_path / "p.png", size=400)
    with Image.open(tmp_path / "p.png") as im:
        rgb = np.asarray(im.convert("RGB"))
    unreached = _colour_mask(rgb, render.UNREACHED)
    for r, c in np.argwhere(error.board < 0).tolist():
        assert unreached[r * 50:r * 50 + 50, c * 50:c * 50 + 50].mean() > 0.6  # lines cross
    assert unreached.sum() < 5 * 50 * 50


@pytest.mark.parametrize("board,match", [
    (np.zeros((2, 2, 2), dtype=int), "2-D integer"),
    (np.zeros((3, 3)), "2-D integer"),
    (np.full((3, 3), -1), "0 steps"),
    (np.array([[0, -2], [1, 2]]), "from -2"),
    (np.array([[0, 5], [1, 2]]), "to 5"),
])
def test_partial_tour_bad_boards(board, match):
    with pytest.raises(ValueError, match=match):
        render.partial_svg(board)


def test_partial_tour_repeated_step():
    with pytest.raises(ValueError, match="more than one square"):
        render.partial_svg(np.array([[0, 1, 1], [3, -1, -1]]))


def test_partial_tour_bad_holes():
    error = _partial_error()
    with pytest.raises(ValueError, match="boolean array"):
        render.partial_svg(error, holes=np.zeros((3, 3), bool))
    with pytest.raises(ValueError, match="on the path"):
        render.partial_svg(error, holes=np.ones((8, 8), bool))


def _holed_tour():
    """A 3x4 tour on a 5x6 board whose rim is holes (-1): the shape of the
    coming boards with holes, built by hand as their Tour will hold it."""
    inner = knight.solve(3, 4)
    board = np.full((5, 6), -1, dtype=np.int32)
    board[1:4, 1:5] = inner.board
    tour = knight.Tour._trusted(board, False, "given", 0, 0.0, (inner.start[0] + 1,
                                                                 inner.start[1] + 1))
    tour._path = inner.path + 1
    return tour


def test_holes_drawn_distinctly_in_svg():
    tour = _holed_tour()
    root = parse(tour.to_svg(size=384))
    (holes,) = [e for e in root if e.get("class") == "holes"]
    assert holes.get("d").count("M") == 30 - 12
    assert holes.get("fill") == "url(#hole)"
    assert sorted(int(t.text) for t in root.iter(f"{SVG}text")) == list(range(12))
    assert polyline_squares(root, 64) == [tuple(p) for p in tour.path.tolist()]
    # Unreached squares of a partial tour given as holes are drawn as holes.
    error = _partial_error()
    root = parse(render.partial_svg(error, holes=error.board < 0))
    assert [e.get("class") for e in root].count("unreached") == 0
    (holes,) = [e for e in root if e.get("class") == "holes"]
    assert holes.get("d").count("M") == 4


def test_holes_drawn_distinctly_in_rasters(tmp_path):
    Image = pytest.importorskip("PIL.Image")
    tour = _holed_tour()
    for name, options in (("t.png", {"size": 384}), ("t.gif", {"size": 384, "frames": 2}),
                          ("ramp.png", {"size": 16})):
        tour.save(tmp_path / name, **options)
        with Image.open(tmp_path / name) as im:
            if name.endswith(".gif"):
                im.seek(im.n_frames - 1)
            rgb = np.asarray(im.convert("RGB"))
        hole = _colour_mask(rgb, render.HOLE) | _colour_mask(rgb, render.HATCH)
        marks = sum(_colour_mask(rgb, c) for c in (render.START, render.END, render.HALO))
        h, w = hole.shape
        for r in range(5):
            for c in range(6):
                y, x = int((r + 0.5) * h / 5), int((c + 0.5) * w / 6)
                if not marks[y, x]:
                    assert hole[y, x] == (tour.board[r, c] < 0), (name, r, c)
        assert _colour_mask(rgb, render.HATCH).any() and _colour_mask(rgb, render.HOLE).any()


# -- Other pieces and wrap-around (tour.layout) -------------------------------


def _seams(tour):
    """Indices i of the moves path[i] -> path[i + 1] (the closing move as the
    last index, for a closed tour) that are not a move on the page."""
    path = tour.path.tolist()
    if tour.closed:
        path = path + path[:1]
    moves = set(tour.layout.moves)
    return [i for i in range(len(path) - 1)
            if (path[i + 1][0] - path[i][0], path[i + 1][1] - path[i][1]) not in moves]


def _stub_lines(root):
    groups = [e for e in root if e.get("class") == "wrap"]
    if not groups:
        return []
    (group,) = groups
    return [tuple(float(e.get(k)) for k in ("x1", "y1", "x2", "y2"))
            for e in group.iter(f"{SVG}line")]


def test_king_tour_is_one_run_with_its_closing_move():
    tour = knight.solve(knight.Board(6, moves="king"), closed=True)
    assert len(render.path_runs(tour.path, tour.layout)) == 1
    assert len(render.path_runs(tour.path)) > 1    # the knight's rule would cut it
    root = parse(tour.to_svg(size=384))
    assert polyline_squares(root, 64) == [tuple(p) for p in tour.path.tolist()]
    assert len([e for e in root.iter(f"{SVG}line") if e.get("class") == "closing"]) == 1
    assert _stub_lines(root) == []
    assert "king" in root.find(f"{SVG}title").text


@pytest.mark.parametrize("wrap", ["torus", "cylinder"])
def test_wrap_moves_are_drawn_as_stubs_at_the_edges(wrap):
    tour = knight.solve(knight.Board(8, wrap=wrap), closed=True)
    seams = _seams(tour)
    assert seams, "a closed tour of a wrapped 8x8 board crosses its seam"
    root = parse(tour.to_svg(size=400))
    cell = 50
    lines = list(root.iter(f"{SVG}polyline"))
    open_seams = [i for i in seams if i < len(tour) - 1]
    assert len(lines) == len(open_seams) + 1
    drawn = [sq for line in lines for sq in polyline_squares(root, cell, line)]
    assert drawn == [tuple(p) for p in tour.path.tolist()]   # each run, in order
    stubs = _stub_lines(root)
    assert len(stubs) == 2 * len(seams)
    for x1, y1, x2, y2 in stubs:
        ends = ((x1, y1), (x2, y2))
        on_edge = [x in (0, 400) or y in (0, 400) for x, y in ends]
        at_centre = [(x - cell / 2) % cell == 0 and (y - cell / 2) % cell == 0 for x, y in ends]
        assert sorted(on_edge) == [False, True] and sorted(at_centre) == [False, True]
        if wrap == "cylinder":
            assert any(x in (0, 400) for x, _ in ends)   # only the side edges are joined
        dx, dy = abs(x2 - x1), abs(y2 - y1)
        assert dx * 2 == pytest.approx(dy) or dy * 2 == pytest.approx(dx)   # a knight's slope


def test_flat_boards_draw_no_stubs():
    for board in (knight.Board(8, holes=["d4", "d5"]), knight.Board(10, moves="zebra")):
        tour = knight.solve(board)
        root = parse(tour.to_svg(size=400))
        assert _stub_lines(root) == []
        assert len(list(root.iter(f"{SVG}polyline"))) == 1


def test_holes_of_a_board_drawn_in_svg():
    tour = knight.solve(knight.Board(8, holes=["c3", "f6", "d5", "e2"]), closed=True)
    root = parse(tour.to_svg(size=400))
    (holes,) = [e for e in root if e.get("class") == "holes"]
    assert holes.get("d").count("M") == 4
    assert sorted(int(t.text) for t in root.iter(f"{SVG}text")) == list(range(60))


def test_wrap_stubs_in_rasters(tmp_path):
    Image = pytest.importorskip("PIL.Image")
    torus = knight.solve(knight.Board(8, wrap="torus"), closed=True)
    flat = knight.solve(8, closed=True)
    for tour, name in ((torus, "torus"), (flat, "flat")):
        for ext, options in ((".png", {"size": 320}), (".gif", {"size": 320, "frames": 3})):
            target = tmp_path / f"{name}{ext}"
            tour.save(target, **options)
            with Image.open(target) as im:
                if ext == ".gif":
                    im.seek(im.n_frames - 1)
                rgb = np.asarray(im.convert("RGB"))
            wrap = _colour_mask(rgb, render.WRAP)
            if name == "flat":
                assert not wrap.any()
            else:
                # Stubs touch the edges of the picture.
                edges = wrap[:, :3].any() or wrap[:, -3:].any() or wrap[:3].any() \
                    or wrap[-3:].any()
                assert wrap.sum() > 50 and edges


def test_partial_tour_of_a_board():
    steps = np.array([[0, 1, 2], [-1, -1, 3], [-1, -1, -1]])
    root = parse(render.partial_svg(steps))
    assert len(list(root.iter(f"{SVG}polyline"))) == 4      # as knight moves: 4 lone squares
    board = knight.Board(3, moves="king", holes=[(2, 0)])
    root = parse(render.partial_svg(steps, board=board))
    assert [polyline_squares(root, 64, e) for e in root.iter(f"{SVG}polyline")] == [
        [(0, 0), (0, 1), (0, 2), (1, 2)]]
    (holes,) = [e for e in root if e.get("class") == "holes"]
    assert holes.get("d").count("M") == 1
    with pytest.raises(ValueError, match="board is 4x4"):
        render.partial_svg(steps, board=knight.Board(4))
    with pytest.raises(TypeError, match="knight.Board"):
        render.partial_svg(steps, board=(3, 3))
