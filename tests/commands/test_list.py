"""``copfl list`` and ``copfl --help`` in a fresh process load no torch: the help is built from the
commands' summaries, the list from commands/catalog.json, which must be what the registries hold."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from copfl.commands.list import BUILT_IN, CATALOG, listing, registry_entries

SRC = Path(__file__).resolve().parents[2] / "src"

PROBE = """
import sys
from copfl.cli import main
try:
    status = main(sys.argv[1:])
except SystemExit as e:
    status = e.code
print("torch loaded:", "torch" in sys.modules, "status:", status)
"""


def fresh_process(*argv: str) -> list[str]:
    """The output lines of ``copfl ARGV`` in a new interpreter, the last one saying whether it
    imported torch."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(SRC), os.environ.get("PYTHONPATH", "")])}
    r = subprocess.run([sys.executable, "-c", PROBE, *argv], capture_output=True, text=True, env=env, timeout=120)
    assert r.returncode == 0, r.stderr
    return r.stdout.splitlines()


def built_in() -> dict[str, list[dict[str, str]]]:
    return {kind: [e for e in items if e.get("origin", BUILT_IN) == BUILT_IN] for kind, items in registry_entries().items()}


def test_the_catalog_is_what_the_registries_hold():
    assert json.loads(CATALOG.read_text()) == built_in(), (
        "src/copfl/commands/catalog.json is stale (an algorithm, data set, model or partition changed): "
        "write it again with `python -m copfl.commands.list`"
    )


def test_copfl_help_and_copfl_list_import_no_torch():
    *text, probe = fresh_process("--help")
    assert probe == "torch loaded: False status: 0" and any(line.strip().startswith("run ") for line in text)
    *text, probe = fresh_process("list")
    assert probe == "torch loaded: False status: 0"
    assert "\n".join(text) == listing(built_in())  # the catalog's list is the registries'


def test_a_command_that_runs_loads_what_it_needs():
    *_, probe = fresh_process("run", "--help")
    assert probe == "torch loaded: True status: 0"
