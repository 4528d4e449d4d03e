"""docs/writing-a-command.md: its example command runs as written, beside copfl's own commands."""

from __future__ import annotations

import sys
import types
from pathlib import Path

import pytest

from copfl.cli import build_parser, main
from copfl.commands import COMMANDS
from copfl.app.checks import UsageError

DOC = Path(__file__).resolve().parents[2] / "docs" / "writing-a-command.md"


def documented_command() -> types.ModuleType:
    """The module docs/writing-a-command.md writes (its ``copfl best``)."""
    code = DOC.read_text().split("## What you write", 1)[1].split("```python\n", 1)[1].split("```", 1)[0]
    module = types.ModuleType("copfl_doc_best")
    sys.modules[module.__name__] = module
    exec(compile(code, str(DOC), "exec"), module.__dict__)
    return module


def test_the_documented_command_names_the_best_run(tmp_path, capsys):
    for name, lr in (("slow", "0.001"), ("fast", "0.05")):
        assert main(["run", "--algorithm", "fedavg", "--rounds", "2", "--clients", "4", "--lr", lr, "--out", str(tmp_path / "runs" / name)]) == 0
    best = documented_command()
    parser = build_parser(commands=(*COMMANDS, best))
    args = parser.parse_args(["best", str(tmp_path / "runs")])
    capsys.readouterr()
    assert args.func(args) == 0
    line = capsys.readouterr().out.strip()
    assert line.startswith("runs/fast: ") and line.endswith("(selected on validation data, of 2 runs)")
    with pytest.raises(UsageError, match="no such folder"):
        args.func(parser.parse_args(["best", str(tmp_path / "nowhere")]))


def test_every_command_module_has_its_parser_and_function():
    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    assert list(sub.choices) == ["run", "compare", "tune", "table", "partition", "datasets", "reproduce", "flower", "list"]
    for name, p in sub.choices.items():
        if name != "flower":  # flower's function sits on its actions, new and deploy
            assert callable(p.get_default("func")), name


def test_cli_is_a_dispatcher():
    assert len((Path(__file__).resolve().parents[2] / "src" / "copfl" / "cli.py").read_text().splitlines()) < 150


def test_compare_is_a_typed_function_the_command_and_the_library_share(tmp_path, capsys):
    from copfl.app.comparison import CompareOutcome
    from copfl.app.comparison import CompareRequest, compare
    from copfl.execution.config import RunConfig

    cfg = RunConfig(dataset="digits", clients=4, rounds=1)
    plan = compare(CompareRequest("local,fedavg", cfg, dry_run=True))
    assert isinstance(plan, CompareOutcome) and plan.out is None and plan.text.startswith("problem: digits, 4 clients")
    assert plan.text.splitlines()[1].startswith("final runs: 2 (local, fedavg; 1 seed(s))")
    done = compare(CompareRequest("local,fedavg", cfg, out=str(tmp_path / "cmp")))
    assert done.out == tmp_path / "cmp" and (done.out / "compare.md").read_text().strip() == done.text
    assert capsys.readouterr().out == ""  # the command prints the table; the function returns it
    with pytest.raises(UsageError, match="belong to none of"):
        compare(CompareRequest("local", RunConfig(options={"mu": 0.1})))
