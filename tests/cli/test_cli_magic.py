"""``knight magic`` and ``--magic``: found, refused, counted, listed, drawn."""

from __future__ import annotations

import json

import numpy as np

import knight
from knight import cli


def test_finds_a_closed_semi_magic_tour(capsys, tmp_path) -> None:
    picture = tmp_path / "magic.svg"
    assert cli.main(["magic", "8", "--closed", "--format", "json", "--svg", str(picture)]) == 0
    board = np.array(json.loads(capsys.readouterr().out)["board"])
    assert knight.magic_kind(board) == "semi-magic"
    assert knight.verify(board, closed=True).closed
    assert picture.read_text().startswith("<svg")


def test_start_and_base(capsys) -> None:
    assert cli.main(["magic", "8", "--start", "d5", "--base", "1"]) == 0
    rows = [[int(v) for v in line.split()] for line in capsys.readouterr().out.splitlines()]
    assert rows[3][3] == 1 and knight.magic_kind(rows) == "semi-magic"


def test_main_command_takes_magic(capsys) -> None:
    assert cli.main(["8", "--magic", "semi", "--format", "json"]) == 0
    board = json.loads(capsys.readouterr().out)["board"]
    assert knight.magic_kind(board) == "semi-magic"


def test_theory_refusal_exits_1(capsys) -> None:
    assert cli.main(["magic", "6"]) == 1
    assert "4k+2" in capsys.readouterr().err
    assert cli.main(["magic", "8", "--diagonal"]) == 1
    assert "Stertenbrink" in capsys.readouterr().err


def test_count_and_list(capsys) -> None:
    assert cli.main(["magic", "4", "6", "--count", "--format", "plain"]) == 0
    assert capsys.readouterr().out == "0\n"
    assert cli.main(["magic", "4", "6", "--list"]) == 1
    assert cli.main(["count", "6", "10", "--magic", "semi", "--format", "plain"]) == 0
    assert capsys.readouterr().out == "0\n"


def test_out_of_reach_and_limits(capsys) -> None:
    assert cli.main(["magic", "8", "--count"]) != 0
    assert "out of reach" in capsys.readouterr().err
    assert cli.main(["magic", "8", "--start", "d5", "--max-nodes", "1000"]) != 0
    assert "max" in capsys.readouterr().err


def test_options_that_do_not_apply(capsys) -> None:
    assert cli.main(["8", "--magic", "semi", "--method", "warnsdorff"]) == 2
    assert "--magic" in capsys.readouterr().err
    assert cli.main(["magic", "8", "--count", "--list"]) == 2


def test_help(capsys) -> None:
    assert cli.main(["help", "magic"]) == 0
    out = capsys.readouterr().out
    assert "--diagonal" in out and "Jelliss" in out
