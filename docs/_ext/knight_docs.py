"""Sphinx directives that run the package while the documentation builds.

Nothing these directives show is typed in or committed: the pictures and the
command output are made by the installed package at build time, so they
cannot go stale.

``.. knight-figure:: NAME``
    Runs its content (Python code) and shows it, then the picture it made.
    The code must leave an SVG string, or a :class:`knight.Tour`, in the name
    ``svg``; the picture is written to ``_generated/gallery/NAME.svg`` (git
    ignores ``_generated/``).  Options: ``:caption:``, ``:alt:``, ``:width:``,
    ``:show-output:`` to show what the code printed and ``:hide-code:``
    to show the picture alone.

``.. knight-command:: COMMAND LINE``
    Runs a shell command line in which ``knight`` is this Python's
    ``python -m knight`` and shows it with its output (stdout and stderr), as
    a console session.  ``:returncode:`` (default 0) is the exit status the
    command must return, so a changed CLI fails the build.

``.. markdown-include:: PATH``
    Includes a Markdown file of the project (the changelog), converted to
    reStructuredText by :mod:`markdown_rst`; ``PATH`` is relative to the
    page.
"""

from __future__ import annotations

import contextlib
import io
import os
import shlex
import subprocess
import sys
import tempfile
import textwrap
import traceback
from pathlib import Path

from docutils import nodes
from docutils.parsers.rst import directives
from markdown_rst import MarkdownError, markdown_to_rst
from sphinx.util.docutils import SphinxDirective

GENERATED = "_generated"
COMMAND_TIMEOUT = 120


class KnightFigure(SphinxDirective):
    required_arguments = 1
    has_content = True
    option_spec = {
        "caption": directives.unchanged,
        "alt": directives.unchanged,
        "width": directives.unchanged,
        "show-output": directives.flag,
        "hide-code": directives.flag,
    }

    def run(self) -> list[nodes.Node]:
        name = self.arguments[0]
        code = "\n".join(self.content)
        namespace: dict[str, object] = {"__name__": f"gallery_{name.replace('-', '_')}"}
        out = io.StringIO()
        try:
            with contextlib.redirect_stdout(out):
                exec(compile(code, f"<knight-figure {name}>", "exec"), namespace)
        except Exception:
            raise self.error(
                f"knight-figure {name}: the code failed:\n{traceback.format_exc()}"
            ) from None
        svg = namespace.get("svg")
        if svg is not None and not isinstance(svg, str) and hasattr(svg, "to_svg"):
            svg = svg.to_svg()
        if not isinstance(svg, str) or not svg.startswith("<svg"):
            raise self.error(f"knight-figure {name}: the code must set `svg` to an SVG string")
        folder = Path(self.env.srcdir) / GENERATED / "gallery"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"{name}.svg").write_text(svg, encoding="utf-8")

        result: list[nodes.Node] = []
        if "hide-code" not in self.options:
            block = nodes.literal_block(code, code, language="python")
            self.set_source_info(block)
            result.append(block)
        if "show-output" in self.options and out.getvalue():
            text = out.getvalue().rstrip("\n")
            result.append(nodes.literal_block(text, text, language="text"))
        figure = nodes.figure(align="center")
        image = nodes.image(
            uri=f"/{GENERATED}/gallery/{name}.svg",
            alt=self.options.get("alt", self.options.get("caption", name)),
        )
        if "width" in self.options:
            image["width"] = self.options["width"]
        figure += image
        if "caption" in self.options:
            caption = self.options["caption"]
            parsed, _ = self.state.inline_text(caption, self.lineno)
            figure += nodes.caption(caption, "", *parsed)
        result.append(figure)
        return result


def _knight_shim(folder: str) -> str:
    """A ``knight`` executable that runs this Python's ``python -m knight``."""
    shim = Path(folder) / "knight"
    shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m knight "$@"\n', encoding="utf-8")
    shim.chmod(0o755)
    return folder


class KnightCommand(SphinxDirective):
    required_arguments = 1
    final_argument_whitespace = True
    option_spec = {"returncode": directives.nonnegative_int}

    def run(self) -> list[nodes.Node]:
        line = self.arguments[0]
        shlex.split(line)  # a malformed line fails here, with the line number
        want = self.options.get("returncode", 0)
        with tempfile.TemporaryDirectory() as work:
            env = dict(os.environ)
            env.update(
                PATH=_knight_shim(work) + os.pathsep + env.get("PATH", ""),
                COLUMNS="80",  # argparse wraps its help to this width
                NO_COLOR="1",
                PYTHON_COLORS="0",  # Python 3.14's argparse colours help otherwise
                TERM="dumb",
                LC_ALL="C.UTF-8",
            )
            env.pop("FORCE_COLOR", None)
            run_dir = Path(work) / "run"
            run_dir.mkdir()
            try:
                proc = subprocess.run(
                    ["bash", "-c", line], cwd=run_dir, env=env, stdin=subprocess.DEVNULL,
                    stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                    timeout=COMMAND_TIMEOUT,
                )
            except subprocess.TimeoutExpired:
                raise self.error(
                    f"knight-command: {line!r} took over {COMMAND_TIMEOUT} s"
                ) from None
        if proc.returncode != want:
            raise self.error(
                f"knight-command: {line!r} exited {proc.returncode}, expected {want}:\n"
                + textwrap.indent(proc.stdout, "    ")
            )
        text = f"$ {line}\n{proc.stdout.rstrip()}"
        block = nodes.literal_block(text, text, language="console")
        self.set_source_info(block)
        return [block]


class MarkdownInclude(SphinxDirective):
    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        rel, path = self.env.relfn2path(self.arguments[0], self.env.docname)
        self.env.note_dependency(rel)
        try:
            rst = markdown_to_rst(Path(path).read_text(encoding="utf-8"))
        except (OSError, MarkdownError) as exc:
            raise self.error(f"markdown-include {self.arguments[0]}: {exc}") from None
        self.state_machine.insert_input(rst.splitlines(), path)
        return []


def setup(app):  # type: ignore[no-untyped-def]
    app.add_directive("knight-figure", KnightFigure)
    app.add_directive("knight-command", KnightCommand)
    app.add_directive("markdown-include", MarkdownInclude)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
