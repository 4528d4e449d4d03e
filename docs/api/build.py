"""Build copfl's API reference (HTML) from its docstrings with pdoc.

    pip install -c constraints.txt -e '.[docs]'
    python docs/api/build.py                 # into docs/api/html (git-ignored)
    python docs/api/build.py --out DIR

Only the public modules are rendered (``PUBLIC``), plus those of ``OPTIONAL`` that exist in this
checkout (each one that does not is named and skipped). Any warning raised while the modules are
imported or rendered (pdoc reports problems through :mod:`warnings`: a module that cannot be
imported, an annotation it cannot evaluate, a broken docstring) fails the build, and all of them
are listed; the only exception is ``HARMLESS``, about private members, which are never rendered.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import re
import sys
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_OUT = ROOT / "docs" / "api" / "html"
TEMPLATES = Path(__file__).resolve().parent / "templates"

# The modules a user of the library imports; each must exist and render.
PUBLIC = [
    "copfl",
    "copfl.algorithms.base",
    "copfl.data.sources.registry",
    "copfl.core.models",
    "copfl.algorithms.search_space",
    "copfl.engine.loop",
    "copfl.engine.participation",
    "copfl.engine.evaluation",
    "copfl.execution.config",
    "copfl.results.summary",
    "copfl.tuning.tuner",
]
# Public modules that not every checkout has yet: rendered when importable, skipped otherwise.
OPTIONAL = ["copfl.api", "copfl.plugins", "copfl.data.adapters"]

# The one kind of warning that says nothing about the rendered pages: pdoc cannot place a private
# member that a class inherits from a base whose source does not declare it (torch.Tensor's
# ``_is_param`` annotation, for copfl.tuning.tuner.SealedTensor), and private members are never rendered.
HARMLESS = re.compile(r"Cannot determine where copfl\.[\w.]+\._(?!_)\w* is taken from, assuming current file\.$")


class DocWarnings(RuntimeError):
    """Raised by :func:`build` when importing or rendering the modules raised warnings."""

    def __init__(self, messages: list[str]):
        super().__init__(f"{len(messages)} warning(s) while building the API reference:\n\n" + "\n\n".join(messages))
        self.messages = messages


def _exists(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except ModuleNotFoundError:  # a parent package is missing
        return False


def select_modules(log=print) -> list[str]:
    """The module names to render: every one of ``PUBLIC`` and the ``OPTIONAL`` ones that exist."""
    names = list(PUBLIC)
    for name in OPTIONAL:
        if _exists(name):
            names.append(name)
        else:
            log(f"skipped {name}: not in this checkout")
    return names


def _sphinx_idioms(contents: str) -> str:
    """Two reST/Sphinx idioms of copfl's docstrings that pdoc's reST support leaves as text:
    ``:class:`~a.B``` (pdoc then shows and links ``a.B``) and the literal-block marker
    ``text::`` (shown as ``text:``; a ``::`` alone on its line disappears)."""
    contents = re.sub(r"(:(?:py:)?[a-z]+:`)~", r"\1", contents)
    contents = re.sub(r"^[ \t]*::[ \t]*$", "", contents, flags=re.M)
    return re.sub(r"(\S)::[ \t]*$", r"\1:", contents, flags=re.M)


def build(out: Path = DEFAULT_OUT, *, modules: list[str] | None = None, strict: bool = True, log=print) -> list[str]:
    """Render ``modules`` (default: :func:`select_modules`) into ``out``; return their names.

    With ``strict`` (the default), any warning raised on the way raises :class:`DocWarnings` after
    the whole build, naming each warning; the files written so far are left in ``out``.
    """
    import pdoc
    import pdoc.doc
    import pdoc.docstrings
    import pdoc.render

    import copfl

    names = select_modules(log) if modules is None else list(modules)
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    if not getattr(pdoc.docstrings.rst, "copfl_idioms", False):
        rst = pdoc.docstrings.rst

        def rst_with_idioms(contents: str, source_file: Path | None) -> str:
            return rst(_sphinx_idioms(contents), source_file)

        rst_with_idioms.copfl_idioms = True  # type: ignore[attr-defined]
        pdoc.docstrings.rst = rst_with_idioms
        pdoc.docstrings.convert.cache_clear()
    pdoc.render.configure(
        docformat="restructuredtext",  # copfl's docstrings: ``literal``, :mod:`...`, "::" blocks
        footer_text=f"copfl {copfl.__version__}",
        template_directory=TEMPLATES,
    )
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        docs: dict[str, pdoc.doc.Module] = {}
        for name in names:
            module = importlib.import_module(name)
            # A package that imports its public names on first use (PEP 562 __getattr__, as
            # copfl's __init__ does) lists them in __all__: resolve them, as `from copfl import *`
            # would, so that pdoc finds them (an error here is reported like pdoc's own).
            for attr in getattr(module, "__all__", ()):
                if attr not in vars(module):
                    try:
                        setattr(module, attr, getattr(module, attr))
                    except Exception as e:  # noqa: BLE001 - reported, then the build fails
                        warnings.warn(f"{name}.__all__ names {attr!r}, which does not resolve: {e!r}")
            docs[name] = pdoc.doc.Module(module)
        for mod in docs.values():
            # A package's pages list the rendered modules below it, not every file it holds
            # (pdoc would import each, the CLI and the Flower apps included).
            below = [m for n, m in docs.items() if n.startswith(mod.modulename + ".")]
            mod.__dict__["submodules"] = below if mod.is_package else []
        for mod in docs.values():
            html = pdoc.render.html_module(mod, docs)
            path = out / f"{mod.modulename.replace('.', '/')}.html"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(html, encoding="utf-8")
        (out / "index.html").write_text(pdoc.render.html_index(docs), encoding="utf-8")
        (out / "search.js").write_text(pdoc.render.search_index(docs), encoding="utf-8")
    messages = [f"{w.category.__name__}: {w.message} ({w.filename}:{w.lineno})" for w in caught if not HARMLESS.match(str(w.message))]
    if strict and messages:
        raise DocWarnings(messages)
    for m in messages:
        log(f"warning: {m}")
    return names


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="output folder (default: docs/api/html)")
    parser.add_argument("--allow-warnings", action="store_true", help="print warnings instead of failing on them")
    args = parser.parse_args(argv)
    try:
        import pdoc  # noqa: F401
    except ImportError:
        print("pdoc is not installed: pip install -c constraints.txt -e '.[docs]'", file=sys.stderr)
        return 2
    try:
        names = build(args.out, strict=not args.allow_warnings)
    except DocWarnings as e:
        print(e, file=sys.stderr)
        return 1
    print(f"API reference of {len(names)} modules: {args.out / 'index.html'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
