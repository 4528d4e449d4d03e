"""The API reference (docs/api/build.py) renders the public modules' docstrings with pdoc, and
any pdoc warning fails it."""

import subprocess
import sys
from pathlib import Path

import pytest
from helpers import load_script, require_extra

pytestmark = pytest.mark.extra("pdoc")
require_extra("pdoc")

ROOT = Path(__file__).parents[2]
BUILD = ROOT / "docs/api/build.py"


def _build_module():
    return load_script("docs/api/build.py", "copfl_api_docs_build")


def test_the_api_reference_builds_from_the_docstrings_with_no_warning(tmp_path):
    """The real command, in a fresh interpreter: a warning there (a module that fails to import,
    an annotation pdoc cannot read) makes it exit 1."""
    out = tmp_path / "html"
    r = subprocess.run([sys.executable, str(BUILD), "--out", str(out)], capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr
    assert (out / "index.html").is_file() and (out / "copfl.html").is_file()
    for name in _build_module().PUBLIC:
        assert (out / f"{name.replace('.', '/')}.html").is_file(), name
    base = (out / "copfl/algorithms/base.html").read_text()
    # the module docstring, rendered: the reST role is a link, the "::" of the literal block is gone
    assert "What an algorithm is: a small strategy the round engine calls" in base
    assert '(<code><a href="../engine/loop.html">copfl.engine.loop</a></code>):</p>' in base
    # the package's page lists the rendered modules below it by their path from it
    assert "algorithms.base" in (out / "copfl.html").read_text()


def test_sphinx_idioms_pdoc_leaves_as_text_are_rewritten():
    idioms = _build_module()._sphinx_idioms
    assert idioms("returns :class:`~copfl.api.RunResult`") == "returns :class:`copfl.api.RunResult`"
    assert idioms("a decorator::\n\n    @register\n") == "a decorator:\n\n    @register\n"
    assert idioms("text\n\n::\n\n    code\n") == "text\n\n\n\n    code\n"
    assert idioms("``a::b`` stays") == "``a::b`` stays"


def test_a_warning_fails_the_build_and_a_missing_optional_module_is_skipped(tmp_path, monkeypatch):
    (tmp_path / "copfl_doc_probe.py").write_text('"""A module pdoc must warn about."""\n\n\ndef f(x: "NoSuchName") -> None:\n    """Takes an annotation that names nothing."""\n')
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setitem(sys.modules, "copfl_doc_probe", None)  # restored (removed) after the test
    del sys.modules["copfl_doc_probe"]
    build = _build_module()
    with pytest.raises(build.DocWarnings, match="NoSuchName"):
        build.build(tmp_path / "html", modules=["copfl_doc_probe"], log=lambda m: None)

    monkeypatch.setattr(build, "OPTIONAL", ["copfl.no_such_module", "copfl_doc_probe"])
    logged = []
    names = build.select_modules(logged.append)
    assert names == build.PUBLIC + ["copfl_doc_probe"]
    assert logged == ["skipped copfl.no_such_module: not in this checkout"]
