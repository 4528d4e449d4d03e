"""The command line's flags: run options and algorithm options as argparse flags, grouped in parts (the
common ones in the short help, the rest under ``--help-all``), and the help texts the commands share."""

from __future__ import annotations

import argparse
import functools
import typing
from collections.abc import Callable
from dataclasses import MISSING, fields
from typing import Any

from copfl.algorithms.base import ALGORITHMS, algorithm_names, get_algorithm
from copfl.algorithms.base import option_help
from copfl.execution.config import NAMED, RunConfig, check_name
from copfl.core.models import MODELS
from copfl.commands.parsing import HELP_ALL, HelpFormatter, Parser, add_plugin_flag


def count_or_all(text: str) -> int | str:
    if text == "all":
        return "all"
    try:
        v = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a positive integer or 'all', got {text!r}") from None
    if v < 1:
        raise argparse.ArgumentTypeError(f"expected a positive integer or 'all', got {v}")
    return v


def arg_type(hint: Any) -> tuple[Any, bool]:
    """(argparse type, is_bool) for a dataclass field's type hint."""
    args = set(typing.get_args(hint)) - {type(None)}
    if hint is bool:
        return None, True
    if args == {int, str}:
        return count_or_all, False
    for t in (int, float, str):
        if hint is t or args == {t}:
            return t, False
    if typing.get_origin(hint) is tuple:
        inner = typing.get_args(hint)[0]
        return (lambda s, inner=inner: tuple(inner(x) for x in s.split(","))), False
    return str, False


# Help titles of the run options' parts (copfl.execution.config.PARTS), in the order the fields declare them.
PART_TITLES = {
    "algorithm": "algorithm",
    "data": "data: the data set and how it is split among clients",
    "model": "model",
    "federation": "federation: rounds, participation, the seed, when a run has diverged",
    "optimization": "optimization: each client's local training",
    "evaluation": "evaluation",
    "privacy": "privacy: differential privacy (docs/privacy.md)",
    "robustness": "robustness: attacking clients and robust aggregation (docs/robustness.md)",
    "unreliable": "unreliable clients: dropout, stragglers, deadlines (docs/unreliable-clients.md)",
    "output": "output: the results folder, checkpoints, logs",
    "runtime": "runtime: device, threads, parallel workers, where client state lives",
}


# The parts a command's short help (-h) shows; --help-all shows every part. The others are named
# in one line each at the end of the short help.
COMMON_PARTS = ("algorithm", "data", "model", "federation", "optimization", "output")



def default_text(value: Any) -> str:
    """A default as the help shows it, in ``(default: X)``: on / off for a switch."""
    if isinstance(value, bool):
        return "on" if value else "off"
    return f"{value:g}" if isinstance(value, float) else str(value)


def name_type(what: str) -> Callable[[str], str]:
    """An argparse type for a registered name of ``what`` (algorithm, dataset, partition, model):
    a misspelled one is the command's usage error, with a "did you mean", when the command line
    is read."""

    def parse(text: str) -> str:
        try:
            get_algorithm(text) if what == "algorithm" else check_name(what, text)
        except ValueError as e:
            raise argparse.ArgumentTypeError(str(e)) from None
        return text

    parse.__name__ = what  # argparse names the type in its own messages
    return parse


def algorithm_list_type(parse_names: Callable[[str], Any] | None = None) -> Callable[[str], str]:
    """An argparse type for a comma-separated list of algorithms, each checked as
    :func:`name_type` does (``parse_names``: the command's own reading of the list instead, e.g.
    compare's variants), when the command line is read."""

    def parse(text: str) -> str:
        try:
            if parse_names is not None:
                parse_names(text)
            else:
                for name in (a.strip() for a in text.split(",")):
                    if name:
                        get_algorithm(name)
        except ValueError as e:
            raise argparse.ArgumentTypeError(str(e)) from None
        return text

    parse.__name__ = "algorithms"
    return parse


def hidden_parts_text(shown: tuple[str, ...] | None) -> str:
    """The short help's closing lines: each part it leaves out, named in one line with its flags."""
    if shown is None:
        return ""
    by_part: dict[str, list[str]] = {}
    for f in fields(RunConfig):
        if f.metadata.get("cli", True) and f.metadata["part"] not in shown:
            by_part.setdefault(f.metadata["part"], []).append("--" + f.name.replace("_", "-"))
    lines = [f"more options ({HELP_ALL} shows them):"]
    for part, flags in sorted(by_part.items(), key=lambda kv: list(PART_TITLES).index(kv[0])):
        line = f"  {PART_TITLES[part].split(':')[0]}: {flags[0]}"
        for i, flag in enumerate(flags[1:], 1):  # as many flags as fit one 80-column line
            more = ", ..." if i < len(flags) - 1 else ""
            if len(f"{line}, {flag}{more}") > 78:
                line += ", ..."
                break
            line += f", {flag}"
        lines.append(line)
    return "\n".join(lines)


class HelpAll(argparse.Action):
    """``--help-all``: the command's help with every option group (``copfl.cli.main`` builds the
    full parser for it; this action serves a parser built elsewhere, e.g. ``build_parser().parse_args``,
    by building its command's parser again with ``rebuild``, the command's ``add_parser``)."""

    def __init__(self, option_strings: list[str], dest: str, path: tuple[str, ...] = (), only: str | None = None, full: bool = False,
                 rebuild: Callable[..., None] | None = None, **kw: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help="show every option, not only the common ones, and exit", **kw)
        self.path, self.only, self.full, self.rebuild = path, only, full, rebuild

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any, option_string: str | None = None) -> None:
        if not self.full and self.rebuild is not None:  # a short help's parser: the same command's parser with every group
            parser = Parser(prog="copfl")
            self.rebuild(parser.add_subparsers(dest="command"), brief=False, only_algorithm=self.only)
            for name in self.path:
                parser = subcommand_parser(parser, name)
        parser.print_help()
        parser.exit()


def subcommand_parser(parser: argparse.ArgumentParser, name: str) -> argparse.ArgumentParser:
    """The parser of subcommand ``name`` of ``parser``."""
    return next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices[name]


def add_run_flags(
    p: argparse.ArgumentParser, skip: tuple[str, ...] = (), only: tuple[str, ...] | None = None, shown: tuple[str, ...] | None = None,
    helps: dict[str, str] | None = None,
) -> None:
    """The run options' flags, from RunConfig's fields (``only``: just these), in one help group
    per part (each field's declared ``part``: data, model, federation...). ``shown``: the parts
    whose flags the help lists (the others are accepted, and hidden: a short help); None: all.
    ``helps``: the command's own help of an option, in place of the field's (compare's ``--out``).
    Each help ends with the option's default, ``(default: X)``, unless its words say it."""
    hints = type_hints(RunConfig)
    groups: dict[str, argparse._ArgumentGroup] = {}
    for f in fields(RunConfig):
        if f.name in skip or not f.metadata.get("cli", True) or (only is not None and f.name not in only):
            continue
        part = f.metadata["part"]
        if part not in groups:
            groups[part] = p.add_argument_group(PART_TITLES[part])
        g = groups[part]
        flag = "--" + f.name.replace("_", "-")
        typ, is_bool = arg_type(hints[f.name])
        help_ = (helps or {}).get(f.name) or f.metadata["help"].replace("{models}", " | ".join(sorted(MODELS)))
        if f.default is not None and "(default: " not in help_:
            help_ += f" (default: {default_text(f.default)})"
        if shown is not None and part not in shown:
            help_ = argparse.SUPPRESS
        if f.name == "algorithm" or f.name in NAMED:
            typ = name_type(f.name)
        if is_bool:
            g.add_argument(flag, dest=f.name, action=argparse.BooleanOptionalAction, default=None, help=help_)
        elif f.name == "mlflow":  # --mlflow alone: the embedded store in the results folder
            g.add_argument(flag, dest=f.name, nargs="?", const="default", default=None, metavar="URI", help=help_)
        else:
            g.add_argument(flag, dest=f.name, type=typ, default=None, metavar=metavar(f.name, typ), help=help_)


def metavar(name: str, typ: Any) -> str:
    """A run option's value as its help shows it: short, so that most flags and their words
    share a line (N a count, X a number, else the option's last word: DIR, FILE, DATASET...)."""
    if name in NAMED or name == "algorithm":
        return name.upper()
    if name == "out":
        return "DIR"
    if typ is int:
        return "N"
    if typ is count_or_all:
        return "N|all"
    if typ is float:
        return "X"
    return name.rsplit("_", 1)[-1].upper()


@functools.cache
def type_hints(cls: type) -> dict[str, Any]:
    """``typing.get_type_hints`` of a config dataclass (evaluated once: every parser built reads them)."""
    return typing.get_type_hints(cls)


def algorithm_option_fields() -> dict[str, tuple[Any, dict[str, Any]]]:
    """Every algorithm option: name -> (type hint, {algorithm that has it: its default})."""
    out: dict[str, tuple[Any, dict[str, Any]]] = {}
    for name in algorithm_names():
        cfg = ALGORITHMS[name].Config
        hints = type_hints(cfg)
        for f in fields(cfg):
            if f.default is not MISSING:
                default = f.default
            elif f.default_factory is not MISSING:
                default = f.default_factory()
            else:
                default = "required"
            out.setdefault(f.name, (hints[f.name], {}))[1][name] = default
    return out


def defaults_text(defaults: dict[str, Any]) -> str:
    """The defaults of an option several algorithms share: ``(default: 1)`` when they agree,
    else each value with its algorithms, e.g. ``(default: 1 for co-pfl; 3 for fedselect)`` (the
    value most of them share last, as ``for the others``)."""
    groups: dict[str, list[str]] = {}
    for alg, v in defaults.items():
        groups.setdefault(default_text(v), []).append(alg)
    if len(groups) == 1:
        return f"(default: {next(iter(groups))})"
    (top, top_algs), (_, second_algs) = sorted(groups.items(), key=lambda kv: -len(kv[1]))[:2]
    common = top if len(top_algs) >= 2 and len(top_algs) > len(second_algs) else None
    parts = [f"{v} for {', '.join(a)}" for v, a in groups.items() if v != common]
    if common is not None:
        parts.append(f"{common} for the others")
    return f"(default: {'; '.join(parts)})"


def add_algorithm_flags(p: argparse.ArgumentParser, only: str | None = None, hidden: bool = False) -> None:
    """Every algorithm's options as flags (``only``: just that algorithm's, for its help;
    ``hidden``: accepted but left out of the help, a short help's)."""
    title = f"{only}'s options" if only else "algorithm options (each applies to the algorithms named)"
    g = p.add_argument_group(title)
    for opt, (hint, defaults) in sorted(algorithm_option_fields().items()):
        if only is not None:
            if only not in defaults:
                continue
            defaults = {only: defaults[only]}
        if "--" + opt.replace("_", "-") in p._option_string_actions:  # the command's own flag (compare's --budget): a variant sets it
            continue
        typ, is_bool = arg_type(hint)
        words = next((h for a in sorted(defaults) if (h := option_help(ALGORITHMS[a].Config, opt))), None)
        # one algorithm's help names no algorithm; every algorithm's names those that have it
        help_ = (f"{words} " if words else "") + defaults_text(defaults) if only else (f"{words}; " if words else "") + f"{', '.join(defaults)} {defaults_text(defaults)}"
        help_ = argparse.SUPPRESS if hidden else help_.replace("%", "%%")
        flag = "--" + opt.replace("_", "-")
        if is_bool:
            g.add_argument(flag, dest=f"opt_{opt}", action=argparse.BooleanOptionalAction, default=None, help=help_)
        else:
            g.add_argument(flag, dest=f"opt_{opt}", type=typ, default=None, metavar="V", help=help_)


DRY_RUN_HELP = "print {what}, the data set (found or missing) and the expected time, and stop (loads no data)"


SEEDS_HELP = (
    "K runs per algorithm, seeds SEED..SEED+K-1, each its own split: mean ± std in {summary}, runs in {layout}; rerunning "
    "continues (default: 1)"
)


OVERWRITE_HELP = "replace the results of a run of other options that --out holds (without it such a folder is refused)"


PARAMS_HELP = "a best.json of copfl tune: each algorithm runs with its tuned values (an option you set keeps yours)"


def help_algorithm(argv: list[str]) -> str | None:
    """X of ``copfl run --algorithm X --help`` (or ``--help-all``; a known algorithm), whose help
    then lists X's own options only; None otherwise."""
    if not argv or argv[0] != "run" or not ({"-h", "--help", HELP_ALL} & set(argv)):
        return None
    name = None
    for i, a in enumerate(argv):
        if a == "--algorithm" and i + 1 < len(argv):
            name = argv[i + 1]
        elif a.startswith("--algorithm="):
            name = a.split("=", 1)[1]
    return name if name in ALGORITHMS else None


ALGORITHM_HELP_LINE = "  each algorithm's own options (--mu, --p...): copfl run --algorithm NAME --help"


def add_option_flags(
    p: argparse.ArgumentParser, path: tuple[str, ...], brief: bool, only_algorithm: str | None = None,
    skip: tuple[str, ...] = (), algorithms: bool = False, positional: str = "", rebuild: Callable[..., None] | None = None,
    only: tuple[str, ...] | None = None, helps: dict[str, str] | None = None,
) -> None:
    """The run options (and, with ``algorithms``, the algorithms' options) of the command
    ``copfl <path>``, and its ``--help-all``. ``brief``: the help lists the common parts
    (:data:`COMMON_PARTS`) and one algorithm's options at most, and names the rest after the
    command's epilog (its examples); every flag is accepted either way. ``only``: just these run
    options, every one of them in the help. ``helps``: the command's own help of an option.
    ``rebuild``: the command's ``add_parser``, with which ``--help-all`` builds the command's
    full parser."""
    shown = COMMON_PARTS if brief and only is None else None
    p.add_argument(HELP_ALL, action=HelpAll, path=path, only=only_algorithm, full=not brief, rebuild=rebuild)
    add_run_flags(p, skip=skip, only=only, shown=shown, helps=helps)
    add_plugin_flag(p)
    if algorithms:
        add_algorithm_flags(p, only_algorithm, hidden=brief and only_algorithm is None)
    p.formatter_class = HelpFormatter
    p.usage = f"copfl {' '.join(path)}{' ' + positional if positional else ''} [-h] [{HELP_ALL}] [OPTIONS]"
    if brief:
        closing = hidden_parts_text(shown) + ("\n" + ALGORITHM_HELP_LINE if algorithms and only_algorithm is None else "")
        p.epilog = "\n\n".join(t for t in (p.epilog, closing.strip("\n")) if t)


def add_budget_flags(p: argparse.ArgumentParser) -> None:
    """--budget, --prior and --save-prior (copfl tune, compare --tune): docs/tuning.md."""
    p.add_argument("--budget", metavar="DURATION", help="tune for this much trial time in all (90s, 30m, 1.5h), shared "
                   "equally by the algorithms")
    p.add_argument("--prior", nargs="?", const="", metavar="FILE", help="start new studies from earlier problems' best settings: "
                   "FILE's; alone: yours ($COPFL_PRIORS) else the built-in ones; builtin: the built-in ones")
    p.add_argument("--save-prior", nargs="?", const="", metavar="FILE", help="add each study's best values to a prior library "
                   "(FILE; the flag alone: your library)")
