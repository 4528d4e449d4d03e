"""The ``copfl`` command line.

    copfl run [OPTIONS]                      one run (no option: the embedded digits default)
    copfl run --config FILE.toml [OPTIONS]   options from a TOML file, flags override it
    copfl run --resume DIR                   continue a run from DIR/checkpoint.pt
    copfl compare --algorithms a,b,c         several algorithms on the same split, one table
    copfl partition [DATA OPTIONS]           show (and --save) a split: clients x classes
    copfl reproduce EXPERIMENT --scale cpu   a table or figure of the CO-PFL paper, ours beside the paper's
    copfl flower new DIR [OPTIONS]           a ready Flower app for a run (copfl[flower])
    copfl flower deploy DIR                  that app on a SuperLink + SuperNodes on 127.0.0.1
    copfl list                               algorithms (with options), data sets, models

Run options come from :class:`copfl.config.RunConfig`; algorithm options (``--mu``,
``--weighting``...) from each algorithm's ``Config`` dataclass. Nothing here branches on an
algorithm's name.
"""

from __future__ import annotations

from copfl.runtime import resolve_device  # importing copfl made idle OpenMP threads sleep, before torch loads

import argparse  # noqa: E402
import functools
import json
import shutil
import sys
import textwrap
import typing
from contextlib import ExitStack
from dataclasses import MISSING, asdict, fields, replace
from pathlib import Path
from typing import Any

from copfl.algorithms.base import option_help
from copfl.algorithms import ALGORITHMS, algorithm_names, get_algorithm, make_config
from copfl.callbacks import DataProgress, RunsProgress
from copfl.results import summarize
from copfl.checkpoint import Checkpoint
from copfl.config import RunConfig, load_toml, may_change_on_resume, resume_conflicts, saved_config
from copfl.data.download import DownloadError
from copfl.data.partition import PARTITIONS, PartitionError, format_counts
from copfl.data.sources import SOURCES, DataError, DataNotFoundError, dataset_names
from copfl.engine import NonFiniteLossError
from copfl.experiment import default_out, fresh_out, run_in_folder, unfinished_checkpoint
from copfl.federation import build_federation
from copfl.io import atomic_write_json, atomic_write_text
import copfl
from copfl import runfolder
from copfl.parallel import check_workers
from copfl.models import MODELS
from copfl.search import space_of

USER_ERRORS = (ValueError, PartitionError, DataError, DataNotFoundError, DownloadError)


class UsageError(Exception):
    pass


# --------------------------------------------------------------------------- flag parsing
def _count_or_all(text: str) -> int | str:
    if text == "all":
        return "all"
    try:
        v = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a positive integer or 'all', got {text!r}") from None
    if v < 1:
        raise argparse.ArgumentTypeError(f"expected a positive integer or 'all', got {v}")
    return v


def _bool(text: str) -> bool:
    t = text.lower()
    if t in ("1", "true", "yes", "on"):
        return True
    if t in ("0", "false", "no", "off"):
        return False
    raise argparse.ArgumentTypeError(f"expected true or false, got {text!r}")


def _arg_type(hint: Any) -> tuple[Any, bool]:
    """(argparse type, is_bool) for a dataclass field's type hint."""
    args = set(typing.get_args(hint)) - {type(None)}
    if hint is bool:
        return None, True
    if args == {int, str}:
        return _count_or_all, False
    for t in (int, float, str):
        if hint is t or args == {t}:
            return t, False
    if typing.get_origin(hint) is tuple:
        inner = typing.get_args(hint)[0]
        return (lambda s, inner=inner: tuple(inner(x) for x in s.split(","))), False
    return str, False


# Help titles of the run options' parts (copfl.config.PARTS), in the order the fields declare them.
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
HELP_ALL = "--help-all"
DEFAULTS_NOTE = "Each option's default is in brackets at the end of its help."


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


class _HelpAll(argparse.Action):
    """``--help-all``: the command's help with every option group (``main`` builds the full parser
    for it; this action serves a parser built elsewhere, e.g. ``build_parser().parse_args``)."""

    def __init__(self, option_strings: list[str], dest: str, path: tuple[str, ...] = (), only: str | None = None, full: bool = False, **kw: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help="show every option, not only the common ones, and exit", **kw)
        self.path, self.only, self.full = path, only, full

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any, option_string: str | None = None) -> None:
        if not self.full:  # a short help's parser: the same command's parser with every group
            for name in ("", *self.path):
                parser = build_parser(self.only, brief=False) if not name else subcommand_parser(parser, name)
        parser.print_help()
        parser.exit()


def subcommand_parser(parser: argparse.ArgumentParser, name: str) -> argparse.ArgumentParser:
    """The parser of subcommand ``name`` of ``parser``."""
    return next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices[name]


def add_run_flags(
    p: argparse.ArgumentParser, skip: tuple[str, ...] = (), only: tuple[str, ...] | None = None, shown: tuple[str, ...] | None = None
) -> None:
    """The run options' flags, from RunConfig's fields (``only``: just these), in one help group
    per part (each field's declared ``part``: data, model, federation...). ``shown``: the parts
    whose flags the help lists (the others are accepted, and hidden: a short help); None: all."""
    hints = _type_hints(RunConfig)
    groups: dict[str, argparse._ArgumentGroup] = {}
    for f in fields(RunConfig):
        if f.name in skip or not f.metadata.get("cli", True) or (only is not None and f.name not in only):
            continue
        part = f.metadata["part"]
        if part not in groups:
            groups[part] = p.add_argument_group(PART_TITLES[part])
        g = groups[part]
        flag = "--" + f.name.replace("_", "-")
        typ, is_bool = _arg_type(hints[f.name])
        help_ = f.metadata["help"].replace("{models}", " | ".join(sorted(MODELS)))
        if f.default is not None or "default" not in help_:  # a help that says its default needs no [auto]
            help_ += f" [{f.default if f.default is not None else 'auto'}]"
        if shown is not None and part not in shown:
            help_ = argparse.SUPPRESS
        if is_bool:
            g.add_argument(flag, dest=f.name, action=argparse.BooleanOptionalAction, default=None, help=help_)
        elif f.name == "mlflow":  # --mlflow alone: the embedded store in the results folder
            g.add_argument(flag, dest=f.name, nargs="?", const="default", default=None, metavar="URI", help=help_)
        else:
            g.add_argument(flag, dest=f.name, type=typ, default=None, metavar=metavar(f.name, typ), help=help_)


def metavar(name: str, typ: Any) -> str:
    """A run option's value as its help shows it: short, so that most flags and their words
    share a line (N a count, X a number, else the option's last word: DIR, FILE, DATASET...)."""
    if typ is int:
        return "N"
    if typ is _count_or_all:
        return "N|all"
    if typ is float:
        return "X"
    return name.rsplit("_", 1)[-1].upper()


@functools.cache
def _type_hints(cls: type) -> dict[str, Any]:
    """``typing.get_type_hints`` of a config dataclass (evaluated once: every parser built reads them)."""
    return typing.get_type_hints(cls)


def _algorithm_option_fields() -> dict[str, tuple[Any, dict[str, Any]]]:
    """Every algorithm option: name -> (type hint, {algorithm that has it: its default})."""
    out: dict[str, tuple[Any, dict[str, Any]]] = {}
    for name in algorithm_names():
        cfg = ALGORITHMS[name].Config
        hints = _type_hints(cfg)
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
    """The defaults of an option several algorithms share: ``[1]`` when they agree, else each
    value with its algorithms, e.g. ``[default: 1 for co-pfl; 3 for fedselect]`` (the value
    most of them share last, as ``for the others``)."""
    groups: dict[str, list[str]] = {}
    for alg, v in defaults.items():
        groups.setdefault(str(v), []).append(alg)
    if len(groups) == 1:
        return f"[{next(iter(groups))}]"
    (top, top_algs), (_, second_algs) = sorted(groups.items(), key=lambda kv: -len(kv[1]))[:2]
    common = top if len(top_algs) >= 2 and len(top_algs) > len(second_algs) else None
    parts = [f"{v} for {', '.join(a)}" for v, a in groups.items() if v != common]
    if common is not None:
        parts.append(f"{common} for the others")
    return f"[default: {'; '.join(parts)}]"


def add_algorithm_flags(p: argparse.ArgumentParser, only: str | None = None, hidden: bool = False) -> None:
    """Every algorithm's options as flags (``only``: just that algorithm's, for its help;
    ``hidden``: accepted but left out of the help, a short help's)."""
    title = f"{only}'s options" if only else "algorithm options (each applies to the algorithms named)"
    g = p.add_argument_group(title)
    for opt, (hint, defaults) in sorted(_algorithm_option_fields().items()):
        if only is not None:
            if only not in defaults:
                continue
            defaults = {only: defaults[only]}
        if "--" + opt.replace("_", "-") in p._option_string_actions:  # the command's own flag (compare's --budget): a variant sets it
            continue
        typ, is_bool = _arg_type(hint)
        words = next((h for a in sorted(defaults) if (h := option_help(ALGORITHMS[a].Config, opt))), None)
        # one algorithm's help names no algorithm; every algorithm's names those that have it
        help_ = (f"{words} " if words else "") + defaults_text(defaults) if only else (f"{words}; " if words else "") + f"{', '.join(defaults)} {defaults_text(defaults)}"
        help_ = argparse.SUPPRESS if hidden else help_.replace("%", "%%")
        flag = "--" + opt.replace("_", "-")
        if is_bool:
            g.add_argument(flag, dest=f"opt_{opt}", action=argparse.BooleanOptionalAction, default=None, help=help_)
        else:
            g.add_argument(flag, dest=f"opt_{opt}", type=typ, default=None, metavar="V", help=help_)


def explicit_options(args: argparse.Namespace) -> set[str]:
    """The run options a new run's command line or TOML file sets (not left to defaults)."""
    given = {f.name for f in fields(RunConfig) if getattr(args, f.name, None) is not None}
    if getattr(args, "config", None):
        given |= set(load_toml(args.config))
    return given


def unused_options(cfg: RunConfig, given: set[str]) -> list[str]:
    """The options in ``given`` that the run ``cfg`` (resolved) would not use, each with why:
    those its algorithm declares unused, and ``--momentum`` with Adam (it has none). An option
    given at the value it would take anyway (a saved config.toml records every resolved value)
    is no contradiction."""
    default = RunConfig(algorithm=cfg.algorithm, dataset=cfg.dataset).resolved()
    given = {k for k in given if getattr(cfg, k, None) != getattr(default, k, None)}
    out = [f"--{k.replace('_', '-')}: {cfg.algorithm} does not use it ({why})"
           for k, why in get_algorithm(cfg.algorithm).unused_run_options.items() if k in given]
    if "momentum" in given and cfg.optimizer == "adam" and "momentum" not in get_algorithm(cfg.algorithm).unused_run_options:
        out.append("--momentum: SGD's momentum; Adam (--optimizer adam) has none (its moment rates are fixed: betas 0.9, 0.999)")
    return out


def refuse_unused(cfg: RunConfig, given: set[str]) -> None:
    bad = unused_options(cfg, given)
    if bad:
        raise UsageError("options this run would ignore: " + "; ".join(bad) + ". Drop them")


def config_from_args(args: argparse.Namespace, base: dict[str, Any] | None = None) -> RunConfig:
    """RunConfig defaults < TOML file < command-line flags."""
    values: dict[str, Any] = dict(base or {})
    if getattr(args, "config", None):
        values.update(load_toml(args.config))
    for f in fields(RunConfig):
        v = getattr(args, f.name, None)
        if v is not None:
            values[f.name] = v
    options = dict(values.get("options") or {})
    for k, v in vars(args).items():
        if k.startswith("opt_") and v is not None:
            options[k[4:]] = v
    values["options"] = options
    if base is None and values.get("split_file"):
        values = with_split_file(values)
    return RunConfig(**values)


# The run options a split file fixes (copfl.data.partition.Split.run_options).
SPLIT_FIXED = ("partition", "clients", "classes_per_client", "samples_per_class", "test_samples_per_class", "alpha", "power",
               "min_samples", "test_split", "train_per_client", "test_per_client")


def with_split_file(values: dict[str, Any]) -> dict[str, Any]:
    """A new run's options with ``--split-file``: the partition options take the split's
    values, so that config.json records what runs; one given explicitly (a flag or the TOML
    file) with another value is refused, never silently overridden."""
    from copfl.data.partition import Split

    path = values["split_file"]
    fixed = Split.load(path).run_options()
    bad = [
        f"--{k.replace('_', '-')} {values[k]} (the split has {fixed[k]})"
        for k in SPLIT_FIXED
        if values.get(k) is not None and str(values[k]) != str(fixed[k])
    ]
    if bad:
        raise UsageError(
            f"--split-file {path} fixes the partition, and these options contradict it: {'; '.join(bad)}. "
            "Drop them (the split's values are used and recorded), or save a new split with `copfl partition ... --save FILE`"
        )
    return {**values, **{k: v for k, v in fixed.items() if v is not None or k in values}}


def options_for(algorithm: str, options: dict[str, Any], strict: bool) -> dict[str, Any]:
    names = {f.name for f in fields(get_algorithm(algorithm).Config)}
    if strict:
        unknown = sorted(set(options) - names)
        if unknown:
            valid = ", ".join("--" + n.replace("_", "-") for n in sorted(names)) or "none"
            raise UsageError(f"{algorithm} has no option {', '.join('--' + u.replace('_', '-') for u in unknown)}; its options: {valid}")
    return {k: v for k, v in options.items() if k in names}


# --------------------------------------------------------------------------- commands
def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.2f}%"


def _print_summary(summary: dict[str, Any], out: Path) -> None:
    fin, best = summary["final"], summary["best"]
    print(f"{summary['algorithm']} on {summary['dataset']}: {summary['rounds_completed']} rounds in {summary['timing'].get('seconds_total', summary['timing']['seconds']):.1f} s")
    print(
        f"personalized accuracy, mean over clients:  final {_pct(fin['acc_mean'])} (round {fin['round']})"
        f"   best-test {_pct(best['acc_mean'])} (round {best['round']}, picked on test data)"
    )
    sel = summary.get("selected")
    if sel:
        print(f"selected on validation data:                {_pct(sel['acc_mean'])} (round {sel['round']}; validation {_pct(sel.get('val_acc_mean'))})")
    print(f"personalized accuracy, sample-weighted:     final {_pct(fin['acc_weighted'])}   at best round {_pct(best['acc_weighted'])}")
    if "acc_worst10" in fin:
        print(f"fairness (last round): worst 10% of clients {_pct(fin['acc_worst10'])}   lowest {_pct(fin['acc_min'])}   std {100 * fin['acc_std']:.2f} points")
    un = summary.get("unseen")
    if un:
        gap = "-" if un.get("gap") is None else f"{100 * un['gap']:+.2f} points"
        print(f"unseen clients (newcomers, round {un['round']}): {_pct(un['acc_mean'])}   gap to participating clients {gap}")
    atk = summary.get("attack")
    if atk:
        w = "-" if atk.get("attacker_weight_mean") is None else f"{atk['attacker_weight_mean']:.3f}"
        print(f"attack {atk['kind']}: {len(atk['attackers'])} attackers (clients {', '.join(map(str, atk['attackers']))}); accuracy above is the "
              f"honest clients'; attackers' own {_pct(atk.get('attacker_acc_mean'))}; weight given to attackers {w} (mean over rounds)")
    priv = summary.get("privacy") or {}
    if priv.get("noise"):  # differential privacy on: what the run spent
        eps = priv.get("epsilon")
        print(f"differential privacy ({priv.get('mode')}, noise {priv['noise']:g}, clip {priv.get('clip'):g}): "
              f"(epsilon, delta) = ({'inf' if eps is None else f'{eps:.3g}'}, {priv.get('delta'):g}) over {summary['rounds_completed']} rounds")
    print(f"train loss (last round) {fin['train_loss']:.4f}   results: {out}")


def results_folder(args: argparse.Namespace, cfg: RunConfig, default: Path) -> Path:
    """Where a run's results go: ``--out`` as given (checked against the run it may hold by
    :func:`check_out`); otherwise the config's ``out`` or ``default``, or a new sibling folder
    (``DIR-2``...) when that one already holds results."""
    named = getattr(args, "out", None) or cfg.out
    if named and Path(named).exists() and not Path(named).is_dir():
        raise UsageError(f"--out {named} is a file, not a folder: name a folder for the results")
    if getattr(args, "out", None):
        return Path(args.out)
    wanted = Path(cfg.out) if cfg.out else default
    out = fresh_out(wanted)
    if out != wanted:
        print(f"{wanted} already holds results: this run writes to {out} (--out DIR picks the folder)", file=sys.stderr)
    return out


def check_out(out: Path, cfg: RunConfig, overwrite: bool) -> None:
    """Before any data is loaded: a folder holding another run is refused unless
    ``--overwrite`` (:func:`copfl.runfolder.check`); a note when a run is replaced."""
    why = runfolder.check(out, cfg, overwrite)
    resumable = _resumable_round(out)
    if resumable is not None and not overwrite:
        raise UsageError(
            f"{out} holds an unfinished run of this configuration with a checkpoint of round {resumable}: continue it with "
            f"`copfl run --resume {out}` (--rounds may change), or pass --overwrite to start it again"
        )
    if runfolder.has_run_files(out):
        what = "an earlier run of this same configuration" if why is None else "another run (--overwrite)"
        print(f"note: {out} holds {what}: its files are removed and this run replaces it", file=sys.stderr)


def _resumable_round(out: Path) -> int | None:
    """The checkpoint round of an unfinished run in ``out`` (its summary not ``completed`` or
    ``diverged``), None when there is none to continue."""
    ckpt = unfinished_checkpoint(out)
    return None if ckpt is None else ckpt.state.round


def check_top(out: Path, overwrite: bool, command: str) -> None:
    """The folder of a multi-run command (``compare``, ``run --seeds``) must not be a single
    run's results folder, unless ``--overwrite``."""
    if not (out / "config.json").exists():
        return
    if not overwrite:
        raise UsageError(f"{out} holds a single run's results, not a `copfl {command}` folder: pass --overwrite to replace them, or write to another --out")
    with runfolder.hold(out):
        runfolder.clear(out)
    print(f"note: {out} held a single run's results (--overwrite): they were removed", file=sys.stderr)


def _seeds(args: argparse.Namespace) -> int:
    """``--seeds K`` (1 when not given); a UsageError naming a bad K."""
    from copfl.multiseed import check_count

    k = 1 if getattr(args, "seeds", None) is None else args.seeds
    try:
        return check_count(k)
    except ValueError as e:
        raise UsageError(str(e)) from None


def _seeds_folder(args: argparse.Namespace, cfg: RunConfig, default: Path) -> Path:
    """The folder of a multi-seed command: ``--out`` (or the config's ``out``) as named, where a
    run of the same command already completed is kept and skipped; otherwise a new one."""
    named = getattr(args, "out", None) or cfg.out
    if not named:
        return results_folder(args, cfg, default)
    out = Path(named)
    if out.exists() and not out.is_dir():
        raise UsageError(f"--out {named} is a file, not a folder: name a folder for the results")
    return out


def _resume_config(args: argparse.Namespace) -> tuple[Path, dict[str, Any], RunConfig]:
    """``--resume DIR``: the folder, its config.json document and the run's config with the
    flags that may change on resume applied; a UsageError for anything that does not fit."""
    rdir = Path(args.resume)
    if args.seeds is not None:
        raise UsageError("--seeds does not go with --resume: to continue an interrupted `copfl run --seeds K --out DIR`, run the same command again (completed seeds are skipped)")
    if getattr(args, "overwrite", False):
        raise UsageError("--overwrite starts a new run in place of the one in a folder; --resume continues that one: use one of them")
    if args.out is not None and Path(args.out).resolve() != rdir.resolve():
        raise UsageError(
            f"--resume {rdir} continues the run in {rdir} and writes there, but --out names {args.out}: to continue it in "
            f"another folder, copy it first (cp -r {rdir} {args.out}) and resume the copy"
        )
    if not rdir.is_dir():
        raise UsageError(f"--resume {rdir}: no such folder")
    try:
        doc = runfolder.read_config(rdir)
    except ValueError as e:
        raise UsageError(f"--resume {rdir}: {e}") from None
    base = saved_config(doc["config"])
    cfg = config_from_args(args, base)
    conflicts = resume_conflicts(base, cfg)
    if conflicts:
        raise UsageError(
            f"--resume {rdir}: these options define the run and differ from the ones it was started with: "
            + "; ".join(conflicts)
            + f". Only {', '.join('--' + k.replace('_', '-') for k in may_change_on_resume())} may change on resume"
            " (start a new run for anything else)"
        )
    return rdir, doc, cfg


def _load_resume(rdir: Path, doc: dict[str, Any], cfg: RunConfig) -> Checkpoint:
    """The checkpoint of the run in ``rdir``, checked to belong to the run its config.json
    describes and to hold no more rounds than asked for."""
    try:
        resume = Checkpoint.load(rdir / "checkpoint.pt")
    except ValueError as e:
        raise UsageError(f"--resume {rdir}: {e}") from None
    expected = runfolder.run_id(doc["config"])
    if resume.run_id is None:
        print(f"note: {rdir}/checkpoint.pt predates run ids: copfl cannot check that it belongs to the run in config.json", file=sys.stderr)
    elif resume.run_id != expected:
        raise UsageError(
            f"--resume {rdir}: checkpoint.pt belongs to another run (run id {resume.run_id}) than config.json describes "
            f"({expected}): resuming would splice two runs. Start the run again (--overwrite), or resume the folder the checkpoint came from"
        )
    if cfg.rounds < resume.state.round:
        raise UsageError(f"--resume {rdir}: --rounds {cfg.rounds} is below the {resume.state.round} rounds its checkpoint already holds")
    return resume


def given_here(args: argparse.Namespace) -> set[str]:
    """Every option the command line or TOML file sets: run options and algorithm options."""
    given = explicit_options(args) | {k[4:] for k, v in vars(args).items() if k.startswith("opt_") and v is not None}
    if getattr(args, "config", None):
        given |= set(load_toml(args.config).get("options") or {})
    return given


def with_params(args: argparse.Namespace, cfg: RunConfig, values: dict[str, Any]) -> RunConfig:
    """``cfg`` with ``values`` from ``--params`` (a copfl tune best.json's entry); an option set
    on the command line (or in --config) keeps its value there."""
    from copfl.tune import apply_params

    given = given_here(args)
    return apply_params(cfg, {k: v for k, v in values.items() if k not in given}, f"--params {args.params}")


def read_params_arg(args: argparse.Namespace) -> dict[str, dict[str, Any]] | None:
    """The ``--params`` file's values (None without the flag). A dry run of a file not written
    yet (a ``copfl tune`` still to run) plans with the defaults, and says so."""
    from copfl.tune import read_params

    if not getattr(args, "params", None):
        return None
    if getattr(args, "dry_run", False) and not Path(args.params).exists():
        print(f"note: --params {args.params} does not exist yet: planned with each algorithm's defaults", file=sys.stderr)
        return None
    return read_params(args.params)


DRY_RUN_HELP = "print {what}, the data set (found or missing) and the expected time, and stop (loads no data)"


def data_line(cfg: RunConfig) -> str:
    """A dry run's data line: the data set embedded, found where, or missing and how to obtain it."""
    from copfl.data.sources import default_data_dir
    from copfl.reproduce.estimate import data_status

    src = SOURCES[cfg.dataset]
    if src.embedded is not None:
        return f"data: {cfg.dataset}, embedded (nothing to load from disk)"
    root = Path(cfg.data_dir).expanduser() if cfg.data_dir else default_data_dir()
    try:
        st = data_status([cfg.dataset], root, Path(cfg.cache_dir) if cfg.cache_dir else None)[cfg.dataset]
    except (AttributeError, KeyError, OSError, TypeError):  # a plugin's source that data_status cannot read
        return f"data: {cfg.dataset} (a source copfl cannot look up without loading it)"
    if st["found"] is not None:
        return f"data: {cfg.dataset} found at {st['found']}"
    fetch = "; --download fetches it" if st.get("download") else ""
    return f"data: {cfg.dataset} NOT FOUND in {root}{'' if root.is_dir() else ' (no such directory)'}{fetch}; to obtain it: {st['how_to_get']}"


def dry_run_text(what: list[str], cfgs: list[RunConfig], extra_seconds: float = 0.0) -> str:
    """A dry run's report: what would run, each data set's line, and the expected time of the
    runs ``cfgs`` (plus ``extra_seconds``) on this kind of CPU (copfl.reproduce.estimate)."""
    from copfl.reproduce.estimate import estimate_seconds, format_duration

    lines = list(what)
    lines += list(dict.fromkeys(data_line(c) for c in cfgs))
    total = extra_seconds + (estimate_seconds(cfgs) if cfgs else 0.0)
    lines.append(f"total: about {format_duration(total)} on this kind of CPU (+-50%); nothing was run")
    return "\n".join(lines)


def run_text(cfg: RunConfig) -> str:
    """One resolved run in a line: algorithm, data, split, rounds, model and optimizer."""
    part = cfg.partition + (f" ({cfg.classes_per_client} classes/client)" if cfg.partition in ("label-skew", "pathological") else
                            f" (alpha {cfg.alpha})" if cfg.partition == "dirichlet" else "")
    return (f"{cfg.algorithm} on {cfg.dataset}: {cfg.clients} clients, {part} partition, {cfg.rounds} rounds, model {cfg.model}, "
            f"{cfg.optimizer} lr {cfg.lr:g}, seed {cfg.seed}")


def cmd_run(args: argparse.Namespace) -> int:
    k = _seeds(args)
    doc = None
    if args.resume:
        if getattr(args, "params", None):
            raise UsageError("--params with --resume: a resumed run keeps the values it started with")
        out, doc, cfg = _resume_config(args)
    else:
        cfg = config_from_args(args)
        params = read_params_arg(args)
        if params is not None:
            if cfg.algorithm not in params:
                raise UsageError(f"--params {args.params} holds no values for {cfg.algorithm} (it has: {', '.join(sorted(params)) or 'none'})")
            cfg = with_params(args, cfg, params[cfg.algorithm])
        out = (_seeds_folder if k > 1 else results_folder)(args, cfg, default_out(cfg))
    get_algorithm(cfg.algorithm)
    cfg = replace(cfg, options=options_for(cfg.algorithm, cfg.options or {}, strict=True)).resolved()
    make_config(get_algorithm(cfg.algorithm), cfg.options)  # the algorithm's options, checked before any data is loaded
    if doc is None:
        refuse_unused(cfg, explicit_options(args))
    if getattr(args, "dry_run", False):
        from copfl.multiseed import seed_list

        cfgs = [replace(cfg, seed=s) for s in seed_list(cfg.seed, k)]
        done = 0 if doc is None else int(doc.get("round") or 0)  # a resume runs the rounds left
        if done:
            cfgs = [replace(c, rounds=max(1, c.rounds - done)) for c in cfgs]
        what = [f"run: {run_text(cfg)}" + (f"; {k} seeds ({', '.join(map(str, seed_list(cfg.seed, k)))})" if k > 1 else ""),
                f"results: {out}" + (f" (resumed after round {done})" if done else "")]
        print(dry_run_text(what, cfgs))
        return 0
    resolve_device(cfg.device)  # a missing GPU fails before any data is loaded
    check_workers(cfg)  # --workers: Ray importable and reachable, before any data is loaded
    with ExitStack() as held:
        if out.exists():  # another process's run there is refused now, before any data is loaded
            held.enter_context(runfolder.hold(out))
        if k > 1:
            check_top(out, args.overwrite, "run --seeds")
            return _run_seeds(cfg, out, k, args.overwrite)
        resume = None
        if doc is not None:
            resume = _load_resume(out, doc, cfg)
        else:
            check_out(out, cfg, args.overwrite)
        fed = build_federation(cfg, progress=DataProgress())
        summary = run_in_folder(cfg, fed, out, resume=resume, overwrite=args.overwrite)
    _print_summary(summary, out)
    return 0


def _run_seeds(cfg: Any, out: Path, k: int, overwrite: bool = False) -> int:
    from copfl.multiseed import run_seeds

    def report(summary: dict[str, Any], folder: Path) -> None:
        print(f"{folder.name}:")
        if summary.get("final"):
            _print_summary(summary, folder)
        else:
            print(f"{summary.get('algorithm')}: {summary.get('status')}, no evaluated round   results: {folder}")

    doc = run_seeds(cfg, out, k, report, lambda m: print(m, file=sys.stderr), overwrite=overwrite)
    print(doc["text"])
    print(f"results: {out} (seeds.json, curves.png)")
    return 3 if any(r["status"] == "diverged" for r in doc["runs"]) else 0


def cmd_compare(args: argparse.Namespace) -> int:
    from copfl.tune import apply_params
    from copfl.variants import parse_rows

    k = _seeds(args)
    try:
        rows = parse_rows(args.algorithms)
    except ValueError as e:
        raise UsageError(str(e)) from None
    cfg = config_from_args(args)
    options = cfg.options or {}
    names = sorted({r.algorithm for r in rows})
    orphan = [o for o in options if not any(options_for(a, {o: 1}, strict=False) for a in names)]
    if orphan:
        raise UsageError(f"option(s) {', '.join(orphan)} belong to none of {', '.join(names)}")
    tune_trials, budget = getattr(args, "tune", None), None
    if tune_trials is not None or getattr(args, "budget", None):  # --budget alone tunes too
        tune_trials, budget = tuning_limits(tune_trials, getattr(args, "budget", None), "--tune")
    elif getattr(args, "prior", None) is not None or getattr(args, "save_prior", None) is not None:
        raise UsageError("--prior and --save-prior go with --tune N or --budget (they start and keep tuning studies)")
    if tune_trials is not None and getattr(args, "params", None):
        raise UsageError("--tune and --params: give one (--tune searches, --params uses a search's result)")
    params = read_params_arg(args)
    if tune_trials is not None:
        from copfl.tune import check_tuning

        check_tuning(cfg, tune_trials, "--tune", "--tune")
        for r in rows:
            if nothing_to_tune(r):
                print(f"note: --tune: {r.text} fixes every knob of {r.algorithm}'s search space: nothing to tune; "
                      "its tuned row is its default row", file=sys.stderr)
    bases: dict[str, RunConfig] = {}
    acfgs = {}
    given = explicit_options(args)
    for r in rows:  # every row's options checked before the first run
        acfg = replace(cfg, algorithm=r.algorithm, options=options_for(r.algorithm, options, strict=False))
        if params is not None:
            if r.key in params or r.algorithm in params:
                acfg = with_params(args, acfg, params[r.key] if r.key in params else params[r.algorithm])
            else:
                print(f"note: --params {args.params} holds no values for {r.key}: it runs with its defaults", file=sys.stderr)
        if r.fixed:
            acfg = apply_params(acfg, r.fixed, f"--algorithms {r.text}")
        bases[r.key] = acfg
        acfgs[r.key] = acfg.resolved()
        make_config(get_algorithm(r.algorithm), acfgs[r.key].options)
        for line in unused_options(acfgs[r.key], given):  # the others use it: a note, not a refusal
            print(f"note: {line}", file=sys.stderr)
    if getattr(args, "dry_run", False):
        print(compare_estimate(rows, acfgs, tune_trials, k, cfg.seed, budget))
        return 0
    out = (_seeds_folder if k > 1 else results_folder)(args, cfg, default_out(replace(cfg, algorithm="compare")))
    if cfg.mlflow:  # every run of the comparison (and its tuning) in one store: the compare folder's
        from copfl.tracking import tracking_uri

        uri = tracking_uri(cfg.mlflow, out)
        cfg = replace(cfg, mlflow=uri)
        bases = {key: replace(c, mlflow=uri) for key, c in bases.items()}
        acfgs = {key: replace(c, mlflow=uri) for key, c in acfgs.items()}
    resolve_device(cfg.device)
    check_workers(cfg)  # --workers: Ray importable and reachable, before any data is loaded
    tuned: dict[str, dict[str, Any]] = {}
    with ExitStack() as held:
        if out.exists():  # another process's command there is refused now, before any data is loaded
            held.enter_context(runfolder.hold(out))
        check_top(out, args.overwrite, "compare")
        if tune_trials is not None:
            out.mkdir(parents=True, exist_ok=True)
            held.enter_context(runfolder.hold(out))
            acfgs, tuned = _tune_rows(cfg, rows, bases, acfgs, out, tune_trials, budget, prior_library(args.prior),
                                      prior_library(args.save_prior))
        aliases = {key: (t["same_as"], t["why"]) for key, t in tuned.items() if t.get("same_as")}
        if k > 1:
            from copfl.multiseed import compare_seeds

            table = compare_seeds(cfg, acfgs, out, k, lambda m: print(m, file=sys.stderr), overwrite=args.overwrite, aliases=aliases)
            listed = _write_rows(out, rows, acfgs, tuned, k, cfg.seed)
            if tuned:
                table += "\n\n" + tuning_table(tuned, listed)
                atomic_write_text(out / "compare.md", table + "\n")
            print(table)
            print(f"results: {out}")
            return 0
        from copfl.multiseed import with_aliases

        for a in acfgs:  # every row's folder checked before the first run
            check_out(out / a, acfgs[a], args.overwrite)
        fed = build_federation(cfg, progress=DataProgress())  # one split, shared by every algorithm
        held.enter_context(runfolder.hold(out))
        fed.split.save(out / "split.json")
        results: dict[str, dict[str, Any]] = {}
        histories: dict[str, list[dict[str, Any]]] = {}
        overall = RunsProgress(len(acfgs))
        for a, acfg in acfgs.items():
            overall.next(a)
            try:
                results[a] = run_in_folder(acfg, fed, out / a, label=a, overwrite=args.overwrite)
            except NonFiniteLossError as e:
                print(f"{a}: {e}", file=sys.stderr)
                results[a] = json.loads((out / a / "summary.json").read_text())
            histories[a] = [json.loads(line) for line in (out / a / "metrics.jsonl").read_text().splitlines() if line]
        doc = {a: {**summarize(histories[a]), "status": results[a]["status"]} for a in acfgs}
        atomic_write_json(out / "compare.json", with_aliases(doc, aliases))
        listed = _write_rows(out, rows, acfgs, tuned, 1, cfg.seed)
        table = compare_table(with_aliases(results, aliases))
        if tuned:
            table += "\n\n" + tuning_table(tuned, listed)
        print(table)
        atomic_write_text(out / "compare.md", table + "\n")
        from copfl.plots import plot_curves

        plot_curves(histories, out / "compare.png", title=f"{cfg.dataset}, {len(fed.clients)} clients")
    print(f"results: {out}")
    return 0


def compare_estimate(rows: list[Any], acfgs: dict[str, Any], trials: int | None, k: int, root_seed: int, budget: float | None = None) -> str:
    """``compare --dry-run``: the runs a comparison makes (tuning trials, then each row's
    default and tuned runs on every seed) and about how long they take on this CPU (the
    reproduce cost model, copfl.reproduce.estimate; +-50%)."""
    from copfl.multiseed import seed_list
    from copfl.reproduce.estimate import estimate_seconds, format_duration, trial_seconds

    seeds = seed_list(root_seed, k)
    lines, total_runs = [], 0
    tune_s = 0.0
    tunable = [r for r in rows if trials and not nothing_to_tune(r)]
    if tunable and budget is not None:
        tune_s = min(budget, sum(trials * trial_seconds(acfgs[r.key], r.fixed) for r in tunable))
        lines.append(f"tuning: {len(tunable)} row(s), --budget {format_duration(budget)} shared ({format_duration(budget / len(tunable))} "
                     f"of trials each, at most {trials} trials) on seed {seeds[0]}'s validation data, about {format_duration(tune_s)}")
    elif tunable:
        tune_s = sum(trials * trial_seconds(acfgs[r.key], r.fixed) for r in tunable)
        lines.append(f"tuning: {len(tunable)} row(s) x {trials} trials on seed {seeds[0]}'s validation data, about {format_duration(tune_s)}")
    # a row with nothing to tune runs once: its tuned row is its default row
    finals = [replace(acfgs[r.key], seed=s) for r in rows for s in seeds for _ in range(2 if r in tunable else 1)]
    total_runs = len(finals)
    final_s = estimate_seconds(finals)
    names = ", ".join(f"{r.key}{' (default + tuned)' if r in tunable else ' (nothing to tune)' if trials else ''}" for r in rows)
    lines.append(f"final runs: {total_runs} ({names}; {k} seed(s)), about {format_duration(final_s)}")
    lines.append(data_line(next(iter(acfgs.values()))))
    lines.append(f"total: about {format_duration(tune_s + final_s)} on this kind of CPU (+-50%; pruning varies); nothing was run")
    return "\n".join(lines)


def nothing_to_tune(row: Any) -> bool:
    """A comparison row (copfl.variants.Row) that fixes every knob of its algorithm's search space."""
    return not set(space_of(get_algorithm(row.algorithm))) - set(row.fixed)


def _tune_rows(cfg: RunConfig, rows: list[Any], bases: dict[str, RunConfig], acfgs: dict[str, Any], out: Path, trials: int,
               budget: float | None = None, prior: Any = None, save_to: Any = None) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
    """``compare --tune``: each row tuned on the first seed's split (its validation part) in
    OUT/tune; the row list then holds each row's default setting and, next to it, its tuned one
    (key ``<row>+tuned``). A row with nothing to tune (every knob fixed) gets no run of its own:
    its tuned row is its default row (``same_as`` in its entry of the returned tuning dict)."""
    from copfl.priors import entries_from
    from copfl.tune import apply_params, run_tune, tuning_problem

    tunable = [r for r in rows if not nothing_to_tune(r)]
    by_key = {}
    if tunable:
        problem = tuning_problem(cfg)  # each client's validation part at least TUNE_VAL_MIN samples
        fed = build_federation(problem, progress=DataProgress())
        res = run_tune(problem, fed, [(r.key, r.algorithm, r.fixed) for r in tunable], out / "tune", trials, None,
                       lambda m: print(m, file=sys.stderr), budget=budget, prior=prior)
        by_key = {s["algorithm"]: s for s in res["summaries"]}
        if save_to is not None:
            save_to.add(entries_from(res["summaries"], {r.key: r.algorithm for r in tunable}, problem.resolved(), runfolder.run_id(problem)))
    out_cfgs: dict[str, Any] = {}
    tuned: dict[str, dict[str, Any]] = {}
    for r in rows:
        out_cfgs[r.key] = acfgs[r.key]
        if r not in tunable:
            tuned[f"{r.key}+tuned"] = {"row": r.key, "params": dict(r.fixed), "val_acc": None, "trials": 0, "pruned": 0, "seconds": 0.0,
                                       "same_as": r.key, "why": "nothing to tune"}
            continue
        s = by_key[r.key]
        if s["best"] is None:
            print(f"note: {r.key}: no tuning trial completed (all pruned or diverged): no tuned row", file=sys.stderr)
            continue
        values = {k: v for k, v in s["best"]["params"].items() if k not in r.fixed}
        out_cfgs[f"{r.key}+tuned"] = apply_params(bases[r.key], values, f"{r.key} tuned").resolved()
        tuned[f"{r.key}+tuned"] = {"row": r.key, "params": s["best"]["params"], "val_acc": s["best"]["val_acc"], "trials": s["trials"],
                                   "pruned": s["pruned"], "seconds": s["seconds_total"], "objective": s["objective"],
                                   "default_val_acc": (s.get("default") or {}).get("val_acc")}
        if s.get("default") and s["default"]["trial"] == s["best"]["trial"]:  # the default scored best: the tuned row is the default row
            del out_cfgs[f"{r.key}+tuned"]
            tuned[f"{r.key}+tuned"].update(same_as=r.key, why="the default setting scored best")
    return out_cfgs, tuned


def tuning_table(tuned: dict[str, dict[str, Any]], rows: list[dict[str, Any]] | None = None) -> str:
    """The tuned rows' values, their validation objective beside the default setting's, the
    tuned row's validation-test gap (the objective minus the same figure on test data, in
    points: what tuning on validation over-promised) and what finding them cost."""
    gap = {f"{r['variant']}+tuned": r.get("val_test_gap") for r in rows or [] if r["setting"] == "tuned"}
    lines = ["| tuned row | values | best val (objective) | default's val | val - test (points) | trials (pruned) | tuning seconds |",
             "|---|---|---|---|---|---|---|"]
    for key, t in tuned.items():
        vals = ", ".join(f"{k}={v:.4g}" if isinstance(v, float) else f"{k}={v}" for k, v in t["params"].items())
        if t.get("same_as"):
            vals += f" ({'nothing to tune: every knob fixed' if t['why'] == 'nothing to tune' else t['why']}; the row is {t['same_as']}'s)"
        g = gap.get(key)
        lines.append(f"| {key} | {vals} | {_pct(t['val_acc'])} | {_pct(t.get('default_val_acc'))} | {'-' if g is None else f'{100 * g:+.2f}'} "
                     f"| {t['trials']} ({t['pruned']}) | {t['seconds']:.1f} |")
    return "\n".join(lines)


def _write_rows(out: Path, rows: list[Any], acfgs: dict[str, Any], tuned: dict[str, dict[str, Any]], k: int, root_seed: int) -> list[dict[str, Any]]:
    """compare.json's ``rows`` (returned): per row and setting (default, tuned) its values and
    the mean +- std over seeds of the selected (validation-chosen round, test accuracy) and
    final figures; under --tune with the "last" objective also the same figure on test data
    (``test_last_weighted``: the last rounds' pooled test accuracy, mean over seeds), the
    setting's validation objective and their difference (``val_test_gap``)."""
    from copfl.multiseed import mean_std, read_history, seed_folder, seed_list
    from copfl.tune import last_window_mean

    doc = json.loads((out / "compare.json").read_text()) if (out / "compare.json").exists() else {}
    by_key = {r.key: r for r in rows}
    listed = []
    keys = [x for r in rows for x in (r.key, f"{r.key}+tuned") if x in acfgs or x in tuned]
    for key in keys:
        base_key = key[: -len("+tuned")] if key in tuned else key
        r = by_key[base_key]
        folder = tuned[key].get("same_as", key) if key in tuned else key  # nothing to tune: the default row's runs
        folders = [out / folder] if k == 1 else [seed_folder(out, s) / folder for s in seed_list(root_seed, k)]
        sums = [json.loads((f / "summary.json").read_text()) for f in folders if (f / "summary.json").exists()]
        row: dict[str, Any] = {"algorithm": r.algorithm, "variant": r.key, "setting": "tuned" if key in tuned else "default",
                               "params": tuned[key]["params"] if key in tuned else dict(r.fixed), "folder": folder}
        if key in tuned and tuned[key].get("same_as"):
            row["same_as_default"] = tuned[key]["why"]
            if tuned[key]["why"] == "nothing to tune":
                row["nothing_to_tune"] = True
        for name, section in (("selected", "selected"), ("final", "final")):
            vals = [float(s[section]["acc_mean"]) for s in sums if (s.get(section) or {}).get("acc_mean") is not None]
            m, sd = mean_std(vals) if vals else (None, None)
            row[f"{name}_mean"], row[f"{name}_std"], row[f"{name}_n"] = m, sd, len(vals)
        if key in tuned:
            row["tuning"] = {x: tuned[key][x] for x in ("trials", "pruned", "seconds", "val_acc")}
        study = tuned.get(key) or tuned.get(f"{key}+tuned") or {}
        if study.get("objective") == "last":  # the objective and the test figure it estimates are alike
            tests = [t for f in folders if (f / "metrics.jsonl").exists() and (t := last_window_mean(read_history(f))) is not None]
            val = study.get("val_acc") if key in tuned else study.get("default_val_acc")
            row["test_last_weighted"] = sum(tests) / len(tests) if tests else None
            row["val_objective"] = val
            row["val_test_gap"] = None if val is None or not tests else val - row["test_last_weighted"]
        listed.append(row)
    doc["rows"] = listed
    atomic_write_json(out / "compare.json", doc)
    return listed


def tuning_limits(trials: int | None, budget_text: str | None, flag: str = "--trials") -> tuple[int, float | None]:
    """(trials per study, seconds of trials in all or None) of --trials / --tune N and --budget:
    with a budget alone, the trials are capped at copfl.tune.BUDGET_CAP; with neither, 20."""
    from copfl.tune import BUDGET_CAP, parse_duration

    try:
        budget = parse_duration(budget_text) if budget_text else None
    except ValueError as e:
        hint = " (centralized's own budget option is set as a variant here: --algorithms \"centralized[budget=all]\")" \
            if budget_text in ("all", "participants") else ""
        raise UsageError(f"{e}{hint}") from None
    return (trials if trials is not None else BUDGET_CAP if budget is not None else 20), budget


def prior_library(path: str | None) -> Any:
    """The prior library a --prior / --save-prior flag names ('' : the default one), or None."""
    from copfl.priors import PriorLibrary, default_path

    if path is None:
        return None
    return PriorLibrary(Path(path).expanduser() if path else default_path())


def cmd_tune(args: argparse.Namespace) -> int:
    from copfl.priors import entries_from
    from copfl.tune import check_tuning, run_tune, tuning_problem

    algs = [a.strip() for a in args.algorithms.split(",") if a.strip()]
    if not algs:
        raise UsageError("--algorithms needs at least one name")
    if len(set(algs)) != len(algs):
        raise UsageError(f"--algorithms lists a name twice: {args.algorithms}")
    for a in algs:
        space_of(get_algorithm(a))  # every algorithm declares what to search
    cfg = config_from_args(args)
    if cfg.options:
        raise UsageError(f"copfl tune searches each algorithm's own options: fixing {', '.join(sorted(cfg.options))} is not supported")
    trials, budget = tuning_limits(args.trials, args.budget)
    check_tuning(cfg, trials)
    cfg = tuning_problem(cfg)  # each client's validation part at least TUNE_VAL_MIN samples
    prior, save_to = prior_library(args.prior), prior_library(args.save_prior)
    if prior is not None:
        prior.entries()  # a malformed library fails now, before any data is loaded
    out = Path(args.out or cfg.out or Path("runs") / f"tune-{cfg.dataset}")
    if args.dry_run:
        from copfl.reproduce.estimate import format_duration, trial_seconds

        acfgs = [replace(cfg, algorithm=a).resolved() for a in algs]
        tune_s = sum(trials * trial_seconds(c) for c in acfgs) if budget is None else budget
        limit = f"{trials} trials each" if budget is None else f"{format_duration(budget / len(algs))} of trials each (--budget {args.budget})"
        what = [f"tuning: {len(algs)} algorithm(s), {limit} (a study already in {out} continues to that), "
                f"each trial a run of {run_text(acfgs[0]).split(': ', 1)[1]}, scored on validation data", data_line(acfgs[0])]
        print(dry_run_text(what, [], tune_s))
        return 0
    resolve_device(cfg.device)
    check_workers(cfg)  # --workers: Ray importable and reachable, before any data is loaded
    with ExitStack() as held:
        out.mkdir(parents=True, exist_ok=True)
        held.enter_context(runfolder.hold(out))
        ident = runfolder.run_id(replace(cfg, algorithm=algs[0]))  # the problem: data, split, rounds, model...
        marker = out / "tune-problem.json"
        if marker.exists():
            old = json.loads(marker.read_text())
            if old.get("problem") != ident and not args.overwrite:
                raise UsageError(f"{out} holds a tuning study of another problem (other data, split, rounds or model): "
                                 "use another --out, or --overwrite to start over")
            if old.get("problem") != ident:
                for f in out.iterdir():
                    if f.name != ".copfl.lock":
                        f.unlink() if f.is_file() else shutil.rmtree(f)
        atomic_write_json(marker, {"problem": ident, "config": json.loads(json.dumps(asdict(cfg), default=str))})
        fed = build_federation(cfg, progress=DataProgress())
        res = run_tune(cfg, fed, algs, out, trials, args.storage, lambda m: print(m, file=sys.stderr), budget=budget, prior=prior)
        if save_to is not None:
            save_to.add(entries_from(res["summaries"], {a: a for a in algs}, cfg.resolved(), ident))
            print(f"best values added to the prior library {save_to.path}", file=sys.stderr)
    for s in res["summaries"]:
        b = s["best"]
        best = "no completed trial" if b is None else f"best val acc {100 * b['val_acc']:.2f}% (trial {b['trial']}): " + \
            ", ".join(f"{k}={v:.4g}" if isinstance(v, float) else f"{k}={v}" for k, v in b["params"].items())
        print(f"{s['algorithm']}: {best}; {s['trials']} trials, {s['pruned']} pruned")
    print(f"results: {out} (best.json for --params, tune.md, study.db)")
    return 0


def find_summaries(paths: list[str]) -> list[tuple[str, dict[str, Any]]]:
    """Every run below ``paths`` (a run folder, or a compare / --seeds / reproduce folder
    holding runs), as (name, summary.json content); the name is the run's folder relative to
    the folder given (or its own name)."""
    runs = []
    for given in paths:
        root = Path(given)
        if not root.is_dir():
            raise UsageError(f"{given}: no such folder (give run or compare folders)")
        found = [root / "summary.json"] if (root / "summary.json").exists() else sorted(root.rglob("summary.json"))
        if not found:
            raise UsageError(f"{given}: holds no run (no summary.json below it)")
        for f in found:
            try:
                doc = json.loads(f.read_text())
            except (OSError, json.JSONDecodeError) as e:
                raise UsageError(f"{f}: unreadable summary ({e})") from None
            rel = f.parent.relative_to(root)
            runs.append((root.name if str(rel) == "." else f"{root.name}/{rel}", doc))
    return runs


def cmd_table(args: argparse.Namespace) -> int:
    from copfl.results import runs_table, table_csv, table_markdown

    runs = find_summaries(args.dirs)
    header, rows = runs_table(runs, args.sort, args.ascending)
    text = table_markdown(header, rows)
    print(text)
    if args.out:
        atomic_write_text(Path(args.out), text + "\n")
    if args.csv:
        atomic_write_text(Path(args.csv), table_csv(header, rows))
    return 0


def compare_table(results: dict[str, dict[str, Any]]) -> str:
    """One run per algorithm: final, best-test (picked on test data) and, when the runs have
    them, the validation-selected accuracy, the worst 10% of clients, the unseen gap and the
    weight given to attackers (accuracy is then the honest clients')."""
    sel = any(s.get("selected") for s in results.values())
    worst = any("acc_worst10" in (s.get("final") or {}) for s in results.values())
    unseen = any(s.get("unseen") for s in results.values())
    attack = any(s.get("attack") for s in results.values())
    cols = ["algorithm", "final acc (mean)", "final acc (weighted)", "best-test acc (mean)", "best round"]
    cols += ["selected acc (mean)", "selected round"] if sel else []
    cols += ["worst 10%"] if worst else []
    cols += ["unseen gap"] if unseen else []
    cols += ["weight on attackers"] if attack else []
    cols += ["train loss", "status"]
    lines = ["| " + " | ".join(cols) + " |", "|" + "---|" * len(cols)]
    for a, s in results.items():
        fin, best, chosen = s.get("final") or {}, s.get("best") or {}, s.get("selected") or {}
        tl = fin.get("train_loss")
        row = [a, _pct(fin.get("acc_mean")), _pct(fin.get("acc_weighted")), _pct(best.get("acc_mean")), str(best.get("round", "-"))]
        row += [_pct(chosen.get("acc_mean")), str(chosen.get("round", "-"))] if sel else []
        row += [_pct(fin.get("acc_worst10"))] if worst else []
        if unseen:
            gap = (s.get("unseen") or {}).get("gap")
            row.append("-" if gap is None else f"{100 * gap:+.2f}")
        if attack:
            w = (s.get("attack") or {}).get("attacker_weight_mean")
            row.append("-" if w is None else f"{w:.3f}")
        row += ["-" if tl is None else f"{tl:.4f}", s["status"]]
        lines.append("| " + " | ".join(row) + " |")
    return "\n".join(lines)


def cmd_partition(args: argparse.Namespace) -> int:
    cfg = config_from_args(args).resolved()
    if args.dry_run:
        split = run_text(cfg).split(": ", 1)[1].split(", model")[0].rsplit(",", 1)[0]  # clients and partition, not the training
        print(f"partition: {cfg.dataset}: {split}, seed {cfg.seed}" + (f"; saved to {args.save}" if args.save else ""))
        print(data_line(cfg))
        print("nothing was split (a dry run)")
        return 0
    fed = build_federation(cfg, progress=DataProgress())
    ds = fed.dataset
    s = cfg
    print(
        f"{ds.name}: {fed.split.num_clients} clients, partition {cfg.partition}"
        + (f", {s.classes_per_client} classes/client, {s.samples_per_class} train + {s.test_samples_per_class} test per class"
           if cfg.partition == "label-skew" else "")
        + f", seed {cfg.seed}"
    )
    if cfg.classes is not None:
        print(f"classes {cfg.classes}: {ds.num_classes} classes, labels 0..{ds.num_classes - 1} = {', '.join(ds.classes)}")
    print(format_counts(fed.split, ds.y_train, ds.y_test, ds.classes))
    for key, values in fed.client_info.items():
        print(f"{key} per client: " + ", ".join(f"{k}: {v}" for k, v in enumerate(values)))
    if args.save:
        fed.split.save(args.save)
        print(f"split saved to {args.save}")
    return 0


def cmd_datasets(args: argparse.Namespace) -> int:
    """Every data set: found or not, where, its size, and how to obtain it when missing;
    ``copfl datasets show cifar10c`` draws a grid of corrupted examples."""
    from copfl.data.sources import default_data_dir, load_dataset, locate

    data_dir = Path(args.data_dir) if args.data_dir else default_data_dir()
    if args.action:
        if args.action[0] != "show" or len(args.action) != 2:
            raise UsageError(f"expected `copfl datasets` or `copfl datasets show NAME`, got {' '.join(args.action)!r}")
        name = args.action[1]
        if name != "cifar10c":
            raise UsageError(f"`show` draws the corruptions of cifar10c; got {name!r}")
        from copfl.plots import plot_corruption_grid

        ds = load_dataset("cifar10", data_dir, progress=DataProgress())
        out = Path(args.out or "cifar10c-grid.png")
        plot_corruption_grid(ds.x_test[[0, 1, 2, 3]], out)
        print(f"grid of every corruption (rows) at severities 1..5 (columns) written to {out}")
        return 0
    print(f"data directory: {data_dir}{'' if data_dir.exists() else ' (does not exist)'}")
    for name in dataset_names():
        src = SOURCES[name]
        if src.embedded is not None:
            print(f"  {name:<16} embedded     {src.description}")
            continue
        found = locate(name, data_dir)
        if found is not None:
            size = sum(f.stat().st_size for f in found.rglob("*") if f.is_file()) if found.is_dir() else found.stat().st_size
            print(f"  {name:<16} found        {found} ({size / 1e6:.1f} MB) - {src.description}")
        else:
            print(f"  {name:<16} missing      {src.description}\n  {'':<16}              to obtain it: {src.how_to_get}")
    return 0


BARE_TUNE = 0  # `--tune` without its number (the old flag) reads as 0 trials: refused, with what to write now


def reproduce_grid_and_trials(args: argparse.Namespace) -> tuple[bool | None, int | None]:
    """``reproduce``'s (--lr-grid, --tune N). ``--no-tune``, the old name of ``--no-lr-grid``,
    still works (a note says so) but not beside ``--tune N`` or ``--lr-grid``; a bare ``--tune``
    (the old name of ``--lr-grid``) is refused: ``--tune`` now takes the trials."""
    if args.tune is not None and args.tune <= BARE_TUNE:
        raise UsageError("--tune N: tune each method with N >= 1 trials on validation data (the issue's budget: 12); "
                         "the paper's rate grid selected on test data, the old --tune, is --lr-grid")
    lr_grid = args.lr_grid
    if args.no_tune:
        if args.tune is not None or lr_grid:
            raise UsageError("--no-tune is the old name of --no-lr-grid: beside --tune N or --lr-grid, write --no-lr-grid")
        print("note: --no-tune is now --no-lr-grid (the paper's rate grid, selected on test data, off)", file=sys.stderr)
        lr_grid = False
    return lr_grid, args.tune


def cmd_reproduce(args: argparse.Namespace) -> int:
    from copfl.reproduce import reproduce

    lr_grid, trials = reproduce_grid_and_trials(args)
    runtime = RunConfig(workers=1 if args.workers is None else args.workers, ray_address=args.ray_address)  # a bad --workers is refused here
    if not args.dry_run:
        check_workers(runtime)  # --workers: Ray importable and reachable, before any data is loaded
    columns = [c.strip() for c in args.columns.split(",") if c.strip()] if args.columns else None
    argv = sys.argv[1:] if sys.argv and Path(sys.argv[0]).name in ("copfl", "__main__.py") else []
    default_command = f"copfl reproduce {args.experiment} --scale {args.scale}" + (f" --tune {trials}" if trials is not None else "")
    reproduce(
        args.experiment,
        scale=args.scale,
        seeds=args.seeds,
        out=args.out,
        data_dir=args.data_dir,
        cache_dir=args.cache_dir,
        lr_grid=lr_grid,
        columns=columns,
        threads=args.threads,
        download=bool(args.download),
        dry_run=args.dry_run,
        command="copfl " + " ".join(argv) if argv else default_command,
        log=lambda m: print(m, flush=True),
        tune_trials=trials,
        tune_scale=args.tune_scale,
        workers=runtime.workers,
        ray_address=runtime.ray_address,
        top_seeds=args.top_seeds,
        add_algorithms=[a.strip() for a in args.add_algorithms.split(",") if a.strip()] if args.add_algorithms else None,
    )
    return 0


def cmd_flower(args: argparse.Namespace) -> int:
    from copfl import flower

    if not flower.available():
        raise UsageError(flower.MISSING)
    from copfl.flower.supervisor import DeploymentError, LocalDeployment
    from copfl.flower.templates import write_app

    if args.action == "new":
        cfg = config_from_args(args)
        cfg = replace(cfg, options=options_for(cfg.algorithm, cfg.options or {}, strict=True)).resolved()
        refuse_unused(cfg, explicit_options(args))
        fed = build_federation(cfg, progress=DataProgress())  # checks the data and the split now, and counts the partitions
        hosts = tuple(h.strip() for h in args.host.split(",") if h.strip())
        info = write_app(cfg, args.dir, len(fed.clients), port=args.port, secure=args.secure, hosts=hosts, force=args.force)
        print(f"Flower app for {cfg.algorithm} on {cfg.dataset} ({info.partitions} clients, {cfg.rounds} rounds) written to {info.root}")
        print(f"  results will go to {info.out}")
        print(f"  {info.root / 'README.md'} lists the commands; or run it here: copfl flower deploy {info.root}")
        return 0
    try:
        with LocalDeployment(args.dir, secure=args.secure, simulation=args.simulation, log=lambda m: print(m, flush=True)) as dep:
            res = dep.run(args.run_config, timeout=args.timeout)
    except DeploymentError as e:
        raise UsageError(str(e)) from None
    summary = json.loads((res.out / "summary.json").read_text())
    _print_summary(summary, res.out)
    print(f"Flower run {res.run_id}: {res.status} in {res.seconds:.1f} s")
    return 0


def cmd_list(args: argparse.Namespace) -> int:
    from copfl.plugins import origin

    def tag(module: str | None) -> str:
        where = origin(module)
        return "" if where == "built-in" else f"  [{where}]"

    print("algorithms:")
    for name in algorithm_names():
        cls = ALGORITHMS[name]
        opts = ", ".join(f"{f.name}={f.default!r}" for f in fields(cls.Config))
        print(f"  {name:<12} {cls.description}{tag(cls.__module__)}" + (f"\n  {'':<12} options: {opts}" if opts else ""))
    print("datasets:")
    for name in dataset_names():
        src = SOURCES[name]
        print(f"  {name:<12} {src.description}{tag(getattr(src, 'origin', 'copfl'))}")
    print("models:")
    for name in sorted(MODELS):
        print(f"  {name:<12}{tag(getattr(MODELS[name], '__module__', None))}".rstrip())
    print(f"partitions: {', '.join(PARTITIONS)}")
    print("origin: built-in unless [bracketed] (a plugin: --plugin or an installed package's copfl.plugins entry point)")
    return 0


# --------------------------------------------------------------------------- main
SEEDS_HELP = (
    "K runs per algorithm, seeds SEED..SEED+K-1, each with its own split; mean ± std (sample std) over the completed ones; "
    "results in {layout}, summary in {summary}. The same command again continues (completed runs are kept) [1]"
)


OVERWRITE_HELP = (
    "replace a run of other options that --out already holds (its files removed first; without the flag such a folder is "
    "refused; a run of the same options is replaced, a completed seed of --seeds kept)"
)


PARAMS_HELP = "a copfl tune best.json: each algorithm runs with its tuned values (options set on the command line keep theirs)"


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


class _HelpFormatter(argparse.HelpFormatter):
    """argparse's help, with each line of a description or epilog wrapped on its own (argparse
    joins them into one paragraph), so the short help's closing list stays a list."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        out = []
        for line in text.splitlines():
            depth = len(line) - len(line.lstrip())  # an indented line is a list item: its continuation indented more
            lead = indent + " " * depth
            out.append(textwrap.fill(line.strip(), width, initial_indent=lead, subsequent_indent=lead + "  " * (depth > 0)) if line.strip() else "")
        return "\n".join(out)


ALGORITHM_HELP_LINE = "  each algorithm's own options (--mu, --p...): copfl run --algorithm NAME --help; `copfl list` names them"


def add_option_flags(
    p: argparse.ArgumentParser, path: tuple[str, ...], brief: bool, only_algorithm: str | None = None,
    skip: tuple[str, ...] = (), algorithms: bool = False, positional: str = "",
) -> None:
    """The run options (and, with ``algorithms``, the algorithms' options) of the command
    ``copfl <path>``, and its ``--help-all``. ``brief``: the help lists the common parts
    (:data:`COMMON_PARTS`) and one algorithm's options at most, and names the rest at its end;
    every flag is accepted either way."""
    shown = COMMON_PARTS if brief else None
    p.description = ((p.description or "") + " " + DEFAULTS_NOTE).strip()
    p.add_argument(HELP_ALL, action=_HelpAll, path=path, only=only_algorithm, full=not brief)
    add_run_flags(p, skip=skip, shown=shown)
    add_plugin_flag(p)
    if algorithms:
        add_algorithm_flags(p, only_algorithm, hidden=brief and only_algorithm is None)
    if brief:
        p.formatter_class = _HelpFormatter
        p.usage = f"copfl {' '.join(path)}{' ' + positional if positional else ''} [-h] [{HELP_ALL}] [OPTIONS]"
        p.epilog = hidden_parts_text(shown) + ("\n" + ALGORITHM_HELP_LINE if algorithms and only_algorithm is None else "")


def add_budget_flags(p: argparse.ArgumentParser) -> None:
    """--budget, --prior and --save-prior (copfl tune, compare --tune): docs/tuning.md."""
    p.add_argument("--budget", metavar="DURATION", help="tune for this much trial time in all (90s, 30m, 1.5h), shared equally by the "
                   "algorithms: each study starts trials until it has had its share (its default setting always runs)")
    p.add_argument("--prior", nargs="?", const="", metavar="FILE", help="start each new study from the best settings earlier "
                   "problems of the same model family found (a library written by --save-prior; FILE default $COPFL_PRIORS or "
                   "~/.cache/copfl/priors.json), after the default setting")
    p.add_argument("--save-prior", nargs="?", const="", metavar="FILE", help="add each study's best values to the prior library "
                   "(FILE as for --prior) for later problems")


def build_parser(only_algorithm: str | None = None, brief: bool = True) -> argparse.ArgumentParser:
    """copfl's parser. ``only_algorithm``: ``run``'s help lists that algorithm's options only;
    ``brief``: the commands' help lists their common options (``--help-all``: every option)."""
    p = argparse.ArgumentParser(prog="copfl", description="Personalized federated learning: CO-PFL and its baselines.")
    p.add_argument("-V", "--version", action="version", version=f"copfl {copfl.__version__}", help="print copfl's version and exit")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    run = sub.add_parser("run", help="run one algorithm (no option: the embedded digits default)")
    run.add_argument("--config", metavar="FILE", help="TOML file of run options (flags override it)")
    run.add_argument("--resume", metavar="DIR", help="continue the run in DIR from its checkpoint.pt")
    run.add_argument("--seeds", type=int, metavar="K", help=SEEDS_HELP.format(layout="OUT/seed-<s>/ each", summary="OUT/seeds.json, OUT/curves.png"))
    run.add_argument("--overwrite", action="store_true", help=OVERWRITE_HELP)
    run.add_argument("--params", metavar="FILE", help=PARAMS_HELP)
    run.add_argument("--dry-run", action="store_true", help=DRY_RUN_HELP.format(what="the run (or each seed's)"))
    add_option_flags(run, ("run",), brief, only_algorithm, algorithms=True)
    run.set_defaults(func=cmd_run)

    cmp_ = sub.add_parser("compare", help="several algorithms on the same split, one table and one plot")
    cmp_.add_argument("--algorithms", required=True, help="comma-separated algorithm names")
    cmp_.add_argument("--config", metavar="FILE", help="TOML file of run options (flags override it)")
    cmp_.add_argument("--seeds", type=int, metavar="K", help=SEEDS_HELP.format(layout="OUT/seed-<s>/<algorithm>/, each seed's split in OUT/seed-<s>/split.json", summary="OUT/compare.md, .json, .png"))
    cmp_.add_argument("--overwrite", action="store_true", help=OVERWRITE_HELP)
    cmp_.add_argument("--params", metavar="FILE", help=PARAMS_HELP)
    cmp_.add_argument("--dry-run", action="store_true", help="print the runs (tuning trials, final runs) and their estimated time, and stop (loads no data)")
    cmp_.add_argument("--tune", type=int, metavar="N", help="tune each row with N trials on the first seed's validation data (copfl tune, "
                      "OUT/tune), then run a default and a tuned row per algorithm on every seed")
    add_budget_flags(cmp_)  # before the algorithms' flags: centralized's own budget option is a variant's here, centralized[budget=all]
    add_option_flags(cmp_, ("compare",), brief, skip=("algorithm",), algorithms=True)
    cmp_.set_defaults(func=cmd_compare)

    tun = sub.add_parser(
        "tune", help="tune each algorithm's hyper-parameters on validation data (Optuna; best.json for --params)",
        description="Per-method search over each algorithm's declared knobs (docs/tuning.md): a seeded TPE sampler, a Hyperband "
        "pruner over rounds, the objective the best per-round mean client validation accuracy; no test data is read. "
        "The same command again continues the study (--trials is the total per algorithm).",
    )
    tun.add_argument("--algorithms", required=True, help="comma-separated algorithm names")
    tun.add_argument("--trials", type=int, default=None, help="finished trials per algorithm, in total over reruns [20; with --budget: up to 1000]")
    add_budget_flags(tun)
    tun.add_argument("--storage", metavar="URL", help="an Optuna storage URL shared by several machines (e.g. postgresql://...); default OUT/study.db")
    tun.add_argument("--config", metavar="FILE", help="TOML file of run options (flags override it)")
    tun.add_argument("--overwrite", action="store_true", help="start over in a folder that holds a study of another problem")
    tun.add_argument("--dry-run", action="store_true", help=DRY_RUN_HELP.format(what="the studies"))
    add_option_flags(tun, ("tune",), brief, skip=("algorithm",))
    tun.set_defaults(func=cmd_tune)

    tab = sub.add_parser("table", help="one table of the runs in run, compare or reproduce folders (markdown; --csv)")
    tab.add_argument("dirs", nargs="+", metavar="DIR", help="run folders, or folders holding runs (compare, --seeds, reproduce)")
    tab.add_argument("--sort", help="sort by a column: final, best, selected, worst10, unseen, bytes, seconds, rounds, algorithm... (descending)")
    tab.add_argument("--ascending", action="store_true", help="with --sort: smallest first")
    tab.add_argument("--out", help="also write the markdown table to this file")
    tab.add_argument("--csv", help="also write the table as CSV to this file")
    tab.set_defaults(func=cmd_table)

    part = sub.add_parser("partition", help="show a split as a clients x classes table")
    part.add_argument("--config", metavar="FILE", help="TOML file of run options")
    part.add_argument("--save", metavar="FILE", help="save the split (JSON) for --split-file")
    part.add_argument("--dry-run", action="store_true", help="print the split's settings and whether the data set is there, and stop (loads no data)")
    add_option_flags(part, ("partition",), brief)
    part.set_defaults(func=cmd_partition)

    dsets = sub.add_parser("datasets", help="which data sets are found in the data directory, and how to get the others")
    dsets.add_argument("action", nargs="*", help="nothing (list), or: show cifar10c")
    dsets.add_argument("--data-dir", help="the data directory (default: $COPFL_DATA_DIR or ./data)")
    dsets.add_argument("--out", help="with show: the PNG to write (default cifar10c-grid.png)")
    dsets.set_defaults(func=cmd_datasets)

    from copfl.reproduce import EXPERIMENTS, SCALES

    rep = sub.add_parser(
        "reproduce",
        help="a table or figure of the CO-PFL paper, our numbers beside the paper's",
        description="Experiments: "
        + "; ".join(f"{k}: {e.title} ({e.source})" for k, (e, _) in EXPERIMENTS.items())
        + ". Finished runs are kept: running the same command again resumes.",
    )
    rep.add_argument("experiment", choices=list(EXPERIMENTS), help="which table or figure")
    rep.add_argument("--scale", choices=SCALES, default="cpu", help="smoke (a functional check: tiny network, 2 rounds, 10-25 s per experiment) | cpu (default: CNN, 100 rounds) | paper (ResNet-18, 200 rounds)")
    rep.add_argument("--seeds", type=int, help="seeds per cell (mean +- std when > 1; default 1, the readings study 3)")
    rep.add_argument(
        "--top-seeds", type=int, default=1, metavar="K",
        help="once every cell has run, K seeds for each column's rows of the paper's own method and its two strongest "
             "baselines (by their figure: the tuned row's with --tune), default and tuned rows alike; the rest keep --seeds [1]",
    )
    rep.add_argument("--out", help="results folder, shared by experiments (default runs/reproduce-<scale>)")
    rep.add_argument(
        "--lr-grid", action=argparse.BooleanOptionalAction, default=None,
        help="the paper's learning-rate grids, each cell at the rate with the best final *test* accuracy, as the papers select "
             "(default: on, off at smoke scale); with --tune N, the default row's rates",
    )
    rep.add_argument("--no-tune", action="store_true", help="deprecated: the old name of --no-lr-grid")
    rep.add_argument(
        "--tune", type=int, nargs="?", const=BARE_TUNE, metavar="N",
        help="also tune each method of each column with N trials on validation data (copfl tune; the same N for every "
             "method; studies in OUT/tune, resumed by the same command), then run every cell again with the tuned values: "
             "the report OUT/EXP-tuned.md shows paper, default and tuned side by side (the issue's budget: 12)",
    )
    rep.add_argument(
        "--tune-scale", choices=SCALES, default=None,
        help="the scale of the problem the methods are tuned on (default: cpu, smoke at smoke scale): its model, rounds and "
             "data caps; the tuned values are reused by the final runs at --scale (a paper-scale or ResNet row, a full-data row)",
    )
    rep.add_argument("--columns", help="comma-separated column keys to run (e.g. cifar10-10); default: all")
    rep.add_argument(
        "--add-algorithms", metavar="A[,B...]",
        help="rows of these algorithms beside the paper's in every column of a table of methods (not in the paper: no paper "
             "value, no part in rho); each at its defaults and its column's FedAvg rates; report OUT/EXP-added.md",
    )
    add_run_flags(rep, only=("data_dir", "cache_dir", "download", "threads", "workers", "ray_address"))  # the run options a reproduction passes on
    add_plugin_flag(rep)
    rep.add_argument("--dry-run", action="store_true", help="list the runs (finished or not), the data sets found or missing, the expected time at each scale, and stop (loads no data)")
    rep.set_defaults(func=cmd_reproduce)

    fl = sub.add_parser("flower", help="copfl on Flower: write a Flower app for a run, deploy it on this machine")
    fsub = fl.add_subparsers(dest="action", metavar="ACTION", required=True)
    new = fsub.add_parser("new", help="write a ready Flower app (pyproject.toml, README with the commands, CLI connections)")
    new.add_argument("dir", help="the app folder to write")
    new.add_argument("--config", metavar="FILE", help="TOML file of run options (flags override it)")
    new.add_argument("--port", type=int, default=9093, help="the SuperLink's port; SuperNode k uses port+1+k [9093]")
    new.add_argument("--secure", action="store_true", help="also write a CA, a server certificate and SuperNode keys (TLS + SuperNode authentication)")
    new.add_argument("--host", default="127.0.0.1,localhost", help="with --secure: addresses/names the server certificate is valid for [127.0.0.1,localhost]")
    new.add_argument("--force", action="store_true", help="overwrite an app already in DIR")
    add_option_flags(new, ("flower", "new"), brief, algorithms=True, positional="DIR")
    new.set_defaults(func=cmd_flower)
    dep = fsub.add_parser("deploy", help="run an app written by `copfl flower new` on a SuperLink + one SuperNode per client, on 127.0.0.1")
    dep.add_argument("dir", help="the app folder")
    dep.add_argument("--secure", action=argparse.BooleanOptionalAction, default=None, help="TLS + SuperNode authentication (default: as the app was written); --no-secure: plain")
    dep.add_argument(
        "--simulation",
        action="store_true",
        help="run the clients in Flower's simulation engine on a simulation-mode SuperLink (no SuperNode processes) instead of a deployment",
    )
    dep.add_argument("--run-config", help='overrides for single run fields, as for `flwr run` (e.g. "rounds=5 seed=1")')
    dep.add_argument("--timeout", type=float, default=3600.0, help="seconds to wait for the run to finish [3600]")
    dep.set_defaults(func=cmd_flower)

    lst = sub.add_parser("list", help="algorithms, data sets, models, partitions, each with its origin (built-in or a plugin)")
    add_plugin_flag(lst)
    lst.set_defaults(func=cmd_list)
    return p


PLUGIN_HELP = (
    "a module or .py file to import first, which registers its algorithms, data sets, models, search spaces (repeatable; "
    "installed packages: entry-point group copfl.plugins; docs/writing-an-algorithm.md)"
)


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
