"""A Griffe extension for the API reference (mkdocs.yml, mkdocstrings): copfl's docstrings are
written in reStructuredText (Sphinx roles, ``text::`` literal blocks), the site in Markdown.

Two idioms would otherwise show as raw text: a role, ``:class:`~copfl.api.RunResult```, becomes
the code span ```copfl.api.RunResult``` (a code span, not a cross-reference: a reference to a
name the site does not render would fail the strict build), and the literal-block marker
``text::`` becomes ``text:`` (a ``::`` alone on its line goes; the indented block after it is
already a code block in Markdown). The few docstrings with sections (``Args:``, ``Returns:``)
use Google's style, which mkdocs.yml sets as the docstring style.
"""

from __future__ import annotations

import re
from typing import Any

import griffe

ROLE = re.compile(r":(?:py:)?(?:mod|class|func|meth|attr|data|exc|obj|const|type):`~?(?:[^`<]*<)?([^`>]+)>?`")


def rewrite(text: str) -> str:
    """``text`` with copfl's reST idioms in their Markdown form."""
    text = ROLE.sub(r"`\1`", text)
    text = re.sub(r"^[ \t]*::[ \t]*$", "", text, flags=re.M)
    return re.sub(r"(\S)::[ \t]*$", r"\1:", text, flags=re.M)


class RestIdioms(griffe.Extension):
    """Rewrites every docstring Griffe loads (see :func:`rewrite`)."""

    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = rewrite(obj.docstring.value)
