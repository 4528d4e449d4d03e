"""The documentation site (mkdocs.yml): MkDocs builds it strictly, its generated pages (the CLI
reference, the API reference, the landing page from README.md) hold what they should, and the
hooks' link rule keeps every link inside the repository."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import load_script

ROOT = Path(__file__).parents[2]


def _hooks():
    return load_script("docs/hooks/copfl_docs.py", "copfl_docs_hooks")


@pytest.mark.extra("mkdocs")
def test_the_site_builds_strictly_with_its_generated_pages(tmp_path):
    """The real command, in a fresh interpreter: any warning (a broken link or anchor, a
    docstring mkdocstrings cannot render) makes `mkdocs build --strict` exit 1."""
    pytest.importorskip("mkdocs", reason="mkdocs is not installed (the docs extra: pip install -c constraints.txt -e '.[docs]')")
    pytest.importorskip("mkdocstrings", reason="mkdocstrings is not installed (the docs extra)")
    site = tmp_path / "site"
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONPATH": str(ROOT / "src") + os.pathsep + os.environ.get("PYTHONPATH", "")}
    r = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)], cwd=ROOT,
                       capture_output=True, text=True, timeout=600, env=env)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-6000:]
    page = lambda uri: (site / uri / "index.html").read_text()  # noqa: E731 (MkDocs' directory URLs)
    # the landing page is the README
    index = (site / "index.html").read_text()
    assert "constraints.txt" in index and "download.pytorch.org/whl/cpu" in index
    # the CLI reference: every command's full help, from copfl's parsers
    cli = page("reference/cli")
    from copfl.commands import COMMANDS

    for command in COMMANDS:
        assert f"id=\"copfl-{command.__name__.rsplit('.', 1)[1]}\"" in cli, command.__name__
    assert "--dp-noise" in cli and "--help-all" in cli and 'id="copfl-flower-new"' in cli
    # the API reference: the docstrings rendered, their reST roles as code, "::" gone
    base = page("api/copfl.algorithms.base")
    assert "What an algorithm is: a small strategy the round engine calls" in base
    assert ":class:" not in base and ":mod:" not in base and ":func:" not in base
    assert "RunResult" in page("api/copfl.api")
    # what the site shows, docstrings included, sends no reader outside the repository
    for html in site.rglob("*.html"):
        found = re.findall(r"PAPER-NOTES|\.\./shared|\b[Ii]ssues? #?\d+\b", html.read_text())
        assert not found, f"{html.relative_to(site)}: {found}"


def test_rest_idioms_become_markdown():
    pytest.importorskip("griffe", reason="griffe is not installed (the docs extra: pip install -c constraints.txt -e '.[docs]')")
    rewrite = load_script("docs/hooks/rest_idioms.py", "copfl_rest_idioms").rewrite
    assert rewrite("returns :class:`~copfl.api.RunResult`") == "returns `copfl.api.RunResult`"
    assert rewrite(":func:`the run <copfl.run>` and :py:meth:`a.B.c`") == "`copfl.run` and `a.B.c`"
    assert rewrite("a decorator::\n\n    @register\n") == "a decorator:\n\n    @register\n"
    assert rewrite("text\n\n::\n\n    code\n") == "text\n\n\n\n    code\n"
    assert rewrite("``a::b`` stays") == "``a::b`` stays"


def test_links_to_repository_files_become_their_paths_and_outside_ones_are_errors(caplog):
    hooks = _hooks()
    docs = ROOT / "docs"
    md = "[the example](../examples/plugin_algorithm.py), [tuning](tuning.md#budget), [x](https://optuna.org)"
    assert hooks.rewrite_links(md, docs, docs, "x.md") == (
        "the example (`examples/plugin_algorithm.py`), [tuning](tuning.md#budget), [x](https://optuna.org)")
    # README.md as the landing page: its links are relative to the root, served from docs/
    md = "[guide](docs/tuning.md), ![plot](docs/results/tuning-study.png), [`examples/numpy_dataset.py`](examples/numpy_dataset.py)"
    assert hooks.rewrite_links(md, ROOT, docs, "index.md") == (
        "[guide](tuning.md), ![plot](results/tuning-study.png), `examples/numpy_dataset.py`")
    # code blocks are left alone
    assert hooks.rewrite_links("```\n[a](../../x)\n```", docs, docs, "x.md") == "```\n[a](../../x)\n```"
    with caplog.at_level("ERROR"):
        hooks.rewrite_links("[notes](../../shared/PAPER-NOTES.md) [gone](../no/such/file.py)", docs, docs, "x.md")
    assert "points outside the repository" in caplog.text and "not in the repository" in caplog.text


def test_a_list_right_under_a_paragraph_gets_its_blank_line():
    hooks = _hooks()
    assert hooks.blank_line_before_lists("Text:\n* a\n* b\n") == "Text:\n\n* a\n* b\n"
    assert hooks.blank_line_before_lists("```\nx\n- y\n```") == "```\nx\n- y\n```"
    assert hooks.blank_line_before_lists("| a |\n- b") == "| a |\n- b"
