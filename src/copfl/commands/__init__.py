"""copfl's commands, one module each: ``add_parser(sub, brief, only_algorithm)`` adds the
command's parser to ``copfl``'s subparsers and sets its ``func``, a function of the parsed
arguments that returns the exit status. :mod:`copfl.cli` dispatches over :data:`SUMMARIES`: each
command's name (its module's) and the line ``copfl --help`` shows for it, in that help's order.
``copfl --help`` reads them without importing any command module (and so without torch); a
command's module is imported when it is named (docs/writing-a-command.md)."""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

SUMMARIES: dict[str, str] = {
    "run": "train one algorithm and report its accuracy",
    "compare": "several algorithms on the same split: one table, one plot",
    "tune": "tune hyper-parameters on validation data (Optuna)",
    "table": "one table of the runs in run, compare or reproduce folders",
    "partition": "show how a data set is split among clients",
    "datasets": "which data sets are on disk, and how to get the others",
    "reproduce": "rerun a table of the CO-PFL, pFedSV or DPAO-PFL papers",
    "flower": "write a Flower app for a run; deploy it on this machine",
    "list": "algorithms (with options), data sets, models, partitions",
}


def command_module(name: str) -> ModuleType:
    """The module of command ``name`` (imported now)."""
    return importlib.import_module(f"copfl.commands.{name}")


def __getattr__(name: str) -> Any:
    if name == "COMMANDS":  # every command's module, in SUMMARIES' order (imports them all, torch with them)
        return tuple(command_module(n) for n in SUMMARIES)
    raise AttributeError(f"module 'copfl.commands' has no attribute {name!r}")
