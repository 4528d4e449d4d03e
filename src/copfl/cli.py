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
only_algorithm)`` and the function it sets as ``func`` (docs/writing-a-command.md). Only the named
command's module is imported: ``copfl --help`` and ``copfl list`` load no torch.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

import copfl
from copfl.commands import SUMMARIES, command_module
from copfl.commands.parsing import HELP_ALL, HelpFormatter, Parser, examples, plugin_args

EVERY = "*"

DESCRIPTION = """Personalized federated learning: CO-PFL and the methods it is compared with, on one round engine.
Each command has its own options: copfl COMMAND --help (--help-all: every option)."""

EXAMPLES = examples(
    ("copfl run", "a short CO-PFL run on the built-in digits data (results in runs/)"),
    ("copfl compare --algorithms fedavg,fedprox,co-pfl --rounds 50", "three algorithms on the same split, one table"),
    ("copfl list", "the algorithms and their options, the data sets and models"),
)


def build_parser(only_algorithm: str | None = None, brief: bool = True, commands: Sequence[ModuleType] | None = None,
                 command: str | None = EVERY) -> argparse.ArgumentParser:
    """copfl's parser: each command's ``add_parser``, in :data:`copfl.commands.SUMMARIES`' order
    (``commands``: these command modules instead). ``only_algorithm``: ``run``'s help lists that
    algorithm's options only; ``brief``: the commands' help lists their common options
    (``--help-all``: every option). ``command``: only that command's parser is built in full,
    the others stand as their names and summaries (None: every command so; ``copfl --help``)."""
    p = Parser(prog="copfl", description=DESCRIPTION, epilog=EXAMPLES, formatter_class=HelpFormatter)
    p.add_argument("-V", "--version", action="version", version=f"copfl {copfl.__version__}", help="print copfl's version and exit")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", title="commands")
    if commands is not None:
        for module in commands:
            module.add_parser(sub, brief=brief, only_algorithm=only_algorithm)
        return p
    for name, summary in SUMMARIES.items():
        if command in (EVERY, name):
            command_module(name).add_parser(sub, brief=brief, only_algorithm=only_algorithm)
        else:
            sub.add_parser(name, help=summary)
    return p


def main(argv: list[str] | None = None) -> int:
    from copfl.plugins import PluginError, load_entry_points, load_plugins

    argv = list(sys.argv[1:] if argv is None else argv)
    if argv in (["--version"], ["-V"]):
        print(f"copfl {copfl.__version__}")
        return 0
    command = argv[0] if argv and argv[0] in SUMMARIES else None  # none: copfl's own help, or an error naming the commands
    if command is not None:
        try:
            load_entry_points()
            load_plugins(plugin_args(argv))
        except PluginError as e:
            print(f"copfl: error: {e}", file=sys.stderr)
            return 2
    only_algorithm = None
    if command == "run":
        from copfl.commands.flags import help_algorithm

        only_algorithm = help_algorithm(argv)
    parser = build_parser(only_algorithm, brief=HELP_ALL not in argv, command=command)
    args = parser.parse_args(argv)
    if getattr(args, "plugins", None):  # recorded in config.json: absolute, so --resume and a Flower app find the files
        args.plugins = [str(Path(p).resolve()) if p.endswith(".py") else p for p in args.plugins]
    if args.command is None:
        parser.print_help()
        return 0
    try:
        return args.func(args)
    except KeyboardInterrupt as e:
        print("copfl: interrupted; files written so far are complete (summary.json says where a --resume starts)", file=sys.stderr)
        return 128 + getattr(e, "signum", 2)  # 130 for SIGINT, 143 for SIGTERM
    except Exception as e:
        return error_status(e)


def error_status(e: Exception) -> int:
    """A command's error as copfl prints it: a usage or data error (2) or a diverged run (3)
    in one line, anything else raised again (its traceback is a bug's report)."""
    from copfl.app.checks import USER_ERRORS, UsageError
    from copfl.engine.rounds import NonFiniteLossError

    if isinstance(e, (UsageError, *USER_ERRORS)):
        print(f"copfl: error: {e}", file=sys.stderr)
        return 2
    if isinstance(e, NonFiniteLossError):
        print(f"copfl: error: {e}", file=sys.stderr)
        return 3
    raise e


if __name__ == "__main__":
    sys.exit(main())
