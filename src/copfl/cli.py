"""The ``copfl`` command line: a dispatcher over :mod:`copfl.commands`, one module per command
(``copfl --help`` lists them, from :data:`copfl.commands.SUMMARIES`).

Run options come from :class:`copfl.execution.config.RunConfig`, algorithm options (``--mu``...)
from each algorithm's ``Config``: nothing here branches on an algorithm's name. A command is a
module of :mod:`copfl.commands` with ``add_parser(sub, brief, only_algorithm)`` and the function it
sets as ``func`` (docs/writing-a-command.md); only the named command's module is imported, so
``copfl --help`` and ``copfl list`` load no torch."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

import copfl
from copfl.commands import SUMMARIES, command_module
from copfl.commands.parsing import HELP_ALL, HelpFormatter, Parser, examples, plugin_args

EVERY = "*"  # build_parser(command=EVERY): every command's parser in full
DESCRIPTION = """Personalized federated learning: CO-PFL and the methods it is compared with, on one round engine.
Each command has its own options: copfl COMMAND --help (--help-all: every option)."""

EXAMPLES = examples(
    ("copfl run", "a short CO-PFL run on the built-in digits data (results in runs/)"),
    ("copfl compare --algorithms fedavg,fedprox,co-pfl --rounds 50", "three algorithms on the same split, one table"),
    ("copfl list", "the algorithms and their options, the data sets and models"),
)


def build_parser(only_algorithm: str | None = None, brief: bool = True, commands: Sequence[ModuleType] | None = None,
                 command: str | None = EVERY) -> argparse.ArgumentParser:
    """copfl's parser: each command's ``add_parser`` in :data:`copfl.commands.SUMMARIES`' order, or
    only ``command``'s, the others as their summaries (None: all so, for ``copfl --help``);
    ``commands``: these modules instead. ``only_algorithm``: ``run``'s help lists its options
    only; ``brief``: each help lists the common options (``--help-all``: every option)."""
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
    """A usage or data error (status 2) or a diverged run (3) in one line; anything else is a
    bug, raised again with its traceback."""
    from copfl.app.checks import USER_ERRORS, UsageError
    from copfl.engine.rounds import NonFiniteLossError

    if not isinstance(e, (UsageError, *USER_ERRORS, NonFiniteLossError)):
        raise e
    print(f"copfl: error: {e}", file=sys.stderr)
    return 3 if isinstance(e, NonFiniteLossError) else 2

if __name__ == "__main__":
    sys.exit(main())
