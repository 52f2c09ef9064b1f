"""Pictures: SVG parsed back, PNG and GIF pixels, Jupyter, errors."""

import builtins
import xml.etree.ElementTree as ET

import numpy as np
import pytest

import knight
from knight import render

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg):
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return root


def polyline_squares(root, cell):
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
    tour = knight.solve(200, method="warnsdorff", tie_break="roth")
    svg = tour.to_svg()
    root = parse(svg)
    assert float(root.get("width")) <= 640
    assert list(root.iter(f"{SVG}text")) == []          # numbers would not fit
    assert len(list(root.iter(f"{SVG}rect"))) < 10      # one pattern, not 40 000 squares
    assert len(polyline_squares(root, float(root.get("width")) / 200)) == 200 * 200
    assert len(svg) < 40 * 200 * 200


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
    with pytest.raises(ValueError, match=".svg, .png or .gif"):
        knight.solve(5).save(tmp_path / "tour.bmp")


def test_png_pixels(tmp_path):
    Image = pytest.importorskip("PIL.Image")
    tour = knight.solve(8)
    target = tmp_path / "tour.png"
    tour.save(target, size=320)
    with Image.open(target) as im:
        assert im.format == "PNG" and im.size == (320, 320)
        rgb = im.convert("RGB")
        cell = 40
        # The start square's centre holds the green start mark.
        r, c = tour.start
        centre = (c * cell + cell // 2, r * cell + cell // 2)
        assert rgb.getpixel(centre) == render._rgb_tuple(render.START)
        # A square corner far from any centre keeps the board colour.
        assert rgb.getpixel((1, 1)) == render._rgb_tuple(render.LIGHT)
        assert rgb.getpixel((cell + 1, 1)) == render._rgb_tuple(render.DARK)
        # The path colour is present.
        colours = {col for _, col in rgb.getcolors(maxcolors=1 << 16)}
        assert render._rgb_tuple(render.LINE) in colours


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
    line = np.array(render._rgb_tuple(render.LINE))
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
