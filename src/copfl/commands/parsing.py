"""copfl's argument parser: argparse's, with a "did you mean" for a misspelled command, choice or
option, and each error shown under the usage of the command that has the error (``copfl run
--rouds 3`` shows ``copfl run``'s usage, not copfl's). Light on purpose: ``copfl --help`` builds
its parser from this module and :data:`copfl.commands.SUMMARIES` alone, without torch."""

from __future__ import annotations

import argparse
import re
import sys
import textwrap
from typing import Any, NoReturn

from copfl.typecheck import did_you_mean

HELP_ALL = "--help-all"


class Parser(argparse.ArgumentParser):
    """argparse's parser, with close matches in its errors. A command's parser (made by
    :class:`Commands`) reports the arguments it does not know itself, with its own usage."""

    reports_unknown = False  # True for a command's parser: what it does not know is its error, not copfl's

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.register("action", "parsers", Commands)

    def _check_value(self, action: argparse.Action, value: Any) -> None:
        if action.choices is not None and value not in action.choices:
            choices = [str(c) for c in action.choices]
            raise argparse.ArgumentError(action, f"invalid choice: {value!r} (choose from {', '.join(choices)}){did_you_mean(str(value), choices)}")

    def parse_known_args(self, args: Any = None, namespace: Any = None) -> tuple[argparse.Namespace, list[str]]:  # type: ignore[override]
        namespace, extras = super().parse_known_args(args, namespace)
        if extras and self.reports_unknown:
            self.error(self.unknown_text(extras))
        return namespace, extras

    def unknown_text(self, extras: list[str]) -> str:
        """argparse's "unrecognized arguments", with the options closest to a misspelled one."""
        flags = [s[2:] for s in self._option_string_actions if s.startswith("--")]
        hints = "".join(did_you_mean(a[2:].split("=", 1)[0], flags, "--") for a in extras if a.startswith("--"))
        return f"unrecognized arguments: {' '.join(extras)}{hints}"

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {message}\n")


class Commands(argparse._SubParsersAction):
    """argparse's subcommands, whose parsers report what they do not know (:class:`Parser`)."""

    def add_parser(self, name: str, **kwargs: Any) -> argparse.ArgumentParser:
        parser = super().add_parser(name, **kwargs)
        if isinstance(parser, Parser):
            parser.reports_unknown = True
        return parser


class HelpFormatter(argparse.HelpFormatter):
    """argparse's help, with each line of a description or epilog wrapped on its own (argparse
    joins them into one paragraph), so that lists and examples stay lists: an indented line
    wraps under its text (``  name    text`` under ``text``). Lines break at spaces only, never
    inside a flag or a path (``--checkpoint-every``, ``docs/co-pfl.md``)."""

    def _split_lines(self, text: str, width: int) -> list[str]:
        return textwrap.wrap(" ".join(text.split()), width, break_on_hyphens=False)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        out = []
        for line in text.splitlines():
            depth = len(line) - len(line.lstrip())
            item = re.match(r"\s+\S+\s{2,}", line) if depth else None  # a list item: its continuation under its text
            hang = len(item.group()) if item else depth + 2 * (depth > 0)
            out.append(textwrap.fill(line.strip(), width, initial_indent=indent + " " * depth, subsequent_indent=indent + " " * hang,
                                     break_on_hyphens=False)
                       if line.strip() else "")
        return "\n".join(out)


def examples(*lines: tuple[str, str]) -> str:
    """An epilog of example command lines, each with what it does on the line below."""
    return "examples:\n" + "\n".join(f"  {command}\n      {what}" for command, what in lines)


PLUGIN_HELP = "a module or .py file of your own algorithms, data sets or models, imported first (repeatable)"


def add_plugin_flag(p: argparse.ArgumentParser) -> None:
    """``--plugin MODULE_OR_FILE`` (repeatable): run option ``plugins``."""
    p.add_argument("--plugin", dest="plugins", action="append", metavar="MODULE_OR_FILE", help=PLUGIN_HELP)


def plugin_args(argv: list[str]) -> list[str]:
    """The ``--plugin`` values of a command line, read before the parser is built (the parser's
    algorithm flags and choices come from the registries that plugins add to)."""
    out = []
    for i, a in enumerate(argv):
        if a == "--":
            break
        if a == "--plugin" and i + 1 < len(argv):
            out.append(argv[i + 1])
        elif a.startswith("--plugin="):
            out.append(a.split("=", 1)[1])
    return out
