"""MkDocs hooks of copfl's site (mkdocs.yml): two generated pages, one generated section and one
link rule.

* ``index.md`` is the repository's README.md, so the landing page is written once;
* ``reference/cli.md`` gets every command's ``--help-all``, rendered from copfl's own argparse
  parsers at build time and appended to the page's committed introduction, so the reference
  cannot drift from the CLI;
* ``changelog.md`` is the repository's CHANGELOG.md, and the nav's "Changelog" entry, both only
  when that file exists (no page, no entry, no placeholder otherwise).

The link rule: a page may link to a file of the repository outside docs/ (``../examples/x.py``,
``../src/copfl/api.py``; README.md's ``examples/x.py``). MkDocs cannot serve those, so the link
becomes the file's path in code, and a link whose target does not exist, or lies outside the
repository, is an error that fails ``mkdocs build --strict``. Links inside docs/ are MkDocs' own
to check (mkdocs.yml ``validation``).

Python-Markdown also needs a blank line before a list that follows a paragraph, where GitHub does
not: pages get one inserted (outside code blocks), so a list reads as a list on both.
"""

from __future__ import annotations

import contextlib
import io
import logging
import os
import re
from pathlib import Path, PurePosixPath
from typing import Any

log = logging.getLogger("mkdocs.hooks.copfl_docs")
ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
# Generated pages whose markdown comes from a file at the repository's root: links in them are
# relative to the root, not to docs/.
FROM_ROOT = {"index.md": ROOT / "README.md", "changelog.md": ROOT / "CHANGELOG.md"}
# The page the command-line reference is appended to (its committed part says what it is).
CLI_PAGE = "reference/cli.md"
LINK = re.compile(r"(!?)\[((?:[^\[\]]|\[[^\]]*\])*)\]\(([^()\s]+)\)")
FENCE = re.compile(r"^\s*(```|~~~)")
LIST_ITEM = re.compile(r"^(\s*)([-*+]|\d+[.)])\s+\S")


def on_config(config: Any) -> Any:
    if FROM_ROOT["changelog.md"].is_file() and not any(
        isinstance(e, dict) and "Changelog" in e for e in config["nav"] or []
    ):
        config["nav"].append({"Changelog": "changelog.md"})
    return config


def on_files(files: Any, config: Any) -> Any:
    from mkdocs.structure.files import File

    for uri, source in FROM_ROOT.items():
        if source.is_file():
            files.append(File.generated(config, uri, content=source.read_text(encoding="utf-8")))
    return files


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    uri = page.file.src_uri
    if uri == CLI_PAGE:
        markdown = markdown.rstrip() + "\n\n" + cli_reference()
    base = ROOT if uri in FROM_ROOT else (DOCS / uri).parent
    return blank_line_before_lists(rewrite_links(markdown, base, page_dir=(DOCS / uri).parent, where=uri))


def rewrite_links(markdown: str, base: Path, page_dir: Path, where: str) -> str:
    """Every relative link of ``markdown`` (a page whose links are relative to ``base``, served
    from ``page_dir``): into docs/, relative to ``page_dir``; to another file of the repository,
    its path in code; anywhere else, an error."""

    def one(m: re.Match[str]) -> str:
        bang, text, target = m.groups()
        if re.match(r"^[a-z][a-z0-9+.-]*:", target) or target.startswith(("#", "/")):
            return m.group(0)  # a URL, an anchor, an absolute link (MkDocs' validation judges it)
        path, _, anchor = target.partition("#")
        resolved = Path(os.path.normpath(base / path))
        if not resolved.is_relative_to(ROOT):
            log.error("%s: the link %r points outside the repository", where, target)
            return m.group(0)
        if resolved.is_relative_to(DOCS):
            rel = os.path.relpath(resolved, page_dir).replace(os.sep, "/")
            if resolved.is_dir():
                rel += "/"
            return f"{bang}[{text}]({rel}{'#' + anchor if anchor else ''})"
        if not resolved.exists():
            log.error("%s: the link %r names %s, which is not in the repository", where, target, resolved.relative_to(ROOT))
            return m.group(0)
        repo_path = PurePosixPath(resolved.relative_to(ROOT).as_posix())
        if bang:
            log.error("%s: the image %r lies outside docs/, which the site cannot show", where, target)
            return m.group(0)
        plain = text.strip("`")
        return f"`{repo_path}`" if plain in (str(repo_path), path) else f"{text} (`{repo_path}`)"

    out, fenced = [], False
    for line in markdown.split("\n"):
        if FENCE.match(line):
            fenced = not fenced
        out.append(line if fenced else LINK.sub(one, line))
    return "\n".join(out)


def blank_line_before_lists(markdown: str) -> str:
    """A blank line between a paragraph's last line and a list that starts right under it."""
    out: list[str] = []
    fenced = False
    for line in markdown.split("\n"):
        if FENCE.match(line):
            fenced = not fenced
        elif not fenced and LIST_ITEM.match(line) and out:
            prev = out[-1]
            if prev.strip() and not LIST_ITEM.match(prev) and not prev.startswith((" ", "\t", "|", "#", ">")):
                out.append("")
        out.append(line)
    return "\n".join(out)


def cli_reference() -> str:
    """The generated part of the CLI reference: a list of the commands, then ``copfl --help`` and
    each command's ``--help-all`` (every option), from the parsers ``copfl`` itself builds, 100
    columns wide."""
    import argparse

    from copfl.cli import build_parser

    old = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = "100"
    try:
        parser = build_parser(brief=False)
        sections = [("copfl", parser)]

        def walk(p: argparse.ArgumentParser, prefix: str) -> None:
            for action in p._actions:
                if isinstance(action, argparse._SubParsersAction):
                    for name, sub in action.choices.items():
                        sections.append((f"{prefix} {name}", sub))
                        walk(sub, f"{prefix} {name}")

        walk(parser, "copfl")
        lines = [f"- [`{name}`](#{anchor(name)})" for name, _ in sections[1:]]
        lines.append("")
        for name, p in sections:
            text = io.StringIO()
            with contextlib.redirect_stdout(text):
                p.print_help()
            lines += [f"## `{name}` {{#{anchor(name)}}}", "", "```text", text.getvalue().rstrip(), "```", ""]
        return "\n".join(lines)
    finally:
        if old is None:
            os.environ.pop("COLUMNS", None)
        else:
            os.environ["COLUMNS"] = old


def anchor(command: str) -> str:
    return command.replace(" ", "-")
