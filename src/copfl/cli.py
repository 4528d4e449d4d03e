"""The ``copfl`` command line: a dispatcher over :mod:`copfl.commands`, one module per command.

    copfl run [OPTIONS]                      one run (no option: the embedded digits default)
    copfl run --config FILE.toml [OPTIONS]   options from a TOML file, flags override it
    copfl run --resume DIR                   continue a run from DIR/checkpoint.pt
    copfl compare --algorithms a,b,c         several algorithms on the same split, one table
    copfl tune --algorithms a,b              each algorithm's hyper-parameters on validation data
    copfl table DIR...                       one table of the runs in run, compare or reproduce folders
    copfl partition [DATA OPTIONS]           show (and --save) a split: clients x classes
    copfl datasets                           which data sets the data directory holds
    copfl reproduce EXPERIMENT --scale cpu   a table or figure of the papers, ours beside the paper's
    copfl flower new DIR [OPTIONS]           a ready Flower app for a run (copfl[flower])
    copfl flower deploy DIR                  that app on a SuperLink + SuperNodes on 127.0.0.1
    copfl list                               algorithms (with options), data sets, models

Run options come from :class:`copfl.execution.config.RunConfig`; algorithm options (``--mu``,
``--weighting``...) from each algorithm's ``Config`` dataclass. Nothing here branches on an
algorithm's name. A command is a module of :mod:`copfl.commands` with ``add_parser(sub, brief,
only_algorithm)`` and the function it sets as ``func`` (docs/writing-a-command.md).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

import copfl
from copfl.commands import COMMANDS
from copfl.app.checks import USER_ERRORS
from copfl.app.checks import UsageError
from copfl.commands.flags import HELP_ALL, help_algorithm, plugin_args
from copfl.engine.rounds import NonFiniteLossError


def build_parser(only_algorithm: str | None = None, brief: bool = True, commands: Sequence[ModuleType] = COMMANDS) -> argparse.ArgumentParser:
    """copfl's parser: each command's ``add_parser``, in :data:`copfl.commands.COMMANDS`' order
    (``commands``: these command modules instead). ``only_algorithm``: ``run``'s help lists that
    algorithm's options only; ``brief``: the commands' help lists their common options
    (``--help-all``: every option)."""
    p = argparse.ArgumentParser(prog="copfl", description="Personalized federated learning: CO-PFL and its baselines.")
    p.add_argument("-V", "--version", action="version", version=f"copfl {copfl.__version__}", help="print copfl's version and exit")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    for command in commands:
        command.add_parser(sub, brief=brief, only_algorithm=only_algorithm)
    return p


def main(argv: list[str] | None = None) -> int:
    from copfl.plugins import PluginError, load_entry_points, load_plugins

    argv = list(sys.argv[1:] if argv is None else argv)
    if argv in (["--version"], ["-V"]):
        print(f"copfl {copfl.__version__}")
        return 0
    try:
        load_entry_points()
        load_plugins(plugin_args(argv))
    except PluginError as e:
        print(f"copfl: error: {e}", file=sys.stderr)
        return 2
    parser = build_parser(help_algorithm(argv), brief=HELP_ALL not in argv)
    args = parser.parse_args(argv)
    if getattr(args, "plugins", None):  # recorded in config.json: absolute, so --resume and a Flower app find the files
        args.plugins = [str(Path(p).resolve()) if p.endswith(".py") else p for p in args.plugins]
    if args.command is None:
        parser.print_help()
        return 0
    try:
        return args.func(args)
    except (UsageError, *USER_ERRORS) as e:
        print(f"copfl: error: {e}", file=sys.stderr)
        return 2
    except NonFiniteLossError as e:
        print(f"copfl: error: {e}", file=sys.stderr)
        return 3
    except KeyboardInterrupt as e:
        print("copfl: interrupted; files written so far are complete (summary.json says where a --resume starts)", file=sys.stderr)
        return 128 + getattr(e, "signum", 2)  # 130 for SIGINT, 143 for SIGTERM


if __name__ == "__main__":
    sys.exit(main())
