"""The project's Markdown files (``CHANGELOG.md``) as reStructuredText.

Sphinx reads reStructuredText only; rendering Markdown would take MyST and
its parser.  The changelog uses a small part of Markdown: ``#`` headings,
paragraphs, ``- `` lists with indented continuation lines, inline code and
``[text](url)`` links.  This converts exactly that part, and refuses
anything else (a code block, a quote, a table, a nested or numbered list,
emphasis, a link definition) with the line number, so the documentation
build fails instead of showing a page rendered wrong.

No Sphinx or docutils import here: the tests run the converter without them.
"""

from __future__ import annotations

import re

HEADING_CHARS = "=-~^"
# Inline markup must touch whitespace or one of these on the outside
# (docutils' inline markup recognition rules); elsewhere "\ " (an escaped,
# invisible space) separates it from the text.
OPEN_BEFORE = set(" \n'\"([{<-/:")
CLOSE_AFTER = set(" \n-.,:;!?\\/'\")]}>")
INLINE = re.compile(r"`([^`]+)`|\[([^\]]+)\]\(([^)\s]+)\)")
UNSUPPORTED = [
    (re.compile(r"^(```|~~~)"), "a fenced code block"),
    (re.compile(r"^ {4,}\S"), "an indented code block or a nested list"),
    (re.compile(r"^\s*>"), "a quote"),
    (re.compile(r"^\s*\|"), "a table"),
    (re.compile(r"^\s*[*+] "), "a list item not written '- '"),
    (re.compile(r"^\s*\d+[.)] "), "a numbered list"),
    (re.compile(r"^ {1,3}- "), "a nested list"),
    (re.compile(r"^\[[^\]]+\]:"), "a link definition"),
    (re.compile(r"^#{5,} "), "a heading deeper than ####"),
    (re.compile(r"<[a-zA-Z/!]"), "HTML"),
    (re.compile(r"(?<![`\w])(\*|_)\S"), "emphasis"),
]


class MarkdownError(ValueError):
    """The Markdown uses something this converter does not handle."""


def _escape(text: str) -> str:
    """Plain text, with the characters that are markup in reST escaped."""
    return re.sub(r"([\\*_|`])", r"\\\1", text)


def _inline(text: str) -> str:
    """Inline code and links of one block of text, as reST."""
    out: list[str] = []
    pos = 0
    for m in INLINE.finditer(text):
        out.append(_escape(text[pos:m.start()]))
        if m.group(1) is not None:
            code = " ".join(m.group(1).split())  # a span may run over a line break
            markup = f"``{code}``"
        else:
            markup = f"`{_escape(' '.join(m.group(2).split()))} <{m.group(3)}>`__"
        before = text[m.start() - 1] if m.start() else " "
        after = text[m.end()] if m.end() < len(text) else " "
        if before not in OPEN_BEFORE:
            markup = "\\ " + markup
        if after not in CLOSE_AFTER:
            markup += "\\ "
        out.append(markup)
        pos = m.end()
    out.append(_escape(text[pos:]))
    return "".join(out)


def _check(lines: list[str]) -> None:
    for number, line in enumerate(lines, 1):
        for pattern, what in UNSUPPORTED:
            # Inline code may hold anything: look at the text around it.
            outside = re.sub(r"`[^`]*`", "``", line)
            if pattern.search(outside if what in ("HTML", "emphasis") else line):
                raise MarkdownError(f"line {number}: {what} is not supported: {line!r}")


def markdown_to_rst(text: str) -> str:
    """The Markdown ``text`` as reStructuredText.

    >>> print(markdown_to_rst("# Title\\n\\nSee [the site](https://x.org/), `a_b`s.\\n"))
    Title
    =====
    <BLANKLINE>
    See `the site <https://x.org/>`__, ``a_b``\\ s.
    <BLANKLINE>
    """
    lines = text.splitlines()
    _check(lines)
    blocks: list[tuple[str, list[str]]] = []  # ("heading1".., "item", "para"), its lines
    for line in lines:
        if not line.strip():
            blocks.append(("blank", []))
        elif m := re.match(r"(#{1,4}) (.*)", line):
            blocks.append((f"heading{len(m.group(1))}", [m.group(2).strip()]))
        elif line.startswith("- "):
            blocks.append(("item", [line[2:]]))
        elif blocks and blocks[-1][0] in ("item", "para") and (
            blocks[-1][0] == "para" or line.startswith("  ")
        ):
            blocks[-1][1].append(line.strip())
        else:
            blocks.append(("para", [line.strip()]))
    out: list[str] = []
    previous = "blank"
    for kind, body in blocks:
        if kind == "blank":
            previous = kind
            continue
        # reST wants a blank line around headings, paragraphs and lists (not
        # between the items of one list).
        if out and not (kind == "item" and previous == "item"):
            out.append("")
        text = _inline("\n".join(body))
        if kind.startswith("heading"):
            out += [text, HEADING_CHARS[int(kind[-1]) - 1] * len(text)]
        elif kind == "item":
            first, *rest = text.split("\n")
            out += [f"- {first}", *(f"  {line}" for line in rest)]
        else:
            out += text.split("\n")
        previous = kind
    return "\n".join(out) + "\n"
