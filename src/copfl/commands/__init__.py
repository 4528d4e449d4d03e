"""copfl's commands, one module each: ``add_parser(sub, brief, only_algorithm)`` adds the
command's parser to ``copfl``'s subparsers and sets its ``func``, a function of the parsed
arguments that returns the exit status. :mod:`copfl.cli` dispatches over :data:`COMMANDS`
(docs/writing-a-command.md)."""

from __future__ import annotations

from copfl.commands import (
    compare,
    datasets,
    flower,
    partition,
    reproduce,
    run,
    table,
    tune,
)
from copfl.commands import list as list_command

COMMANDS = (run, compare, tune, table, partition, datasets, reproduce, flower, list_command)

__all__ = ["COMMANDS"]
