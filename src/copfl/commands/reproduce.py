"""``copfl reproduce``: an experiment of the CO-PFL, pFedSV or DPAO-PFL paper, ours beside theirs."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from copfl.app.checks import UsageError
from copfl.commands.flags import add_run_flags, algorithm_list_type
from copfl.commands.parsing import add_plugin_flag
from copfl.execution.config import RunConfig
from copfl.execution.ray_clients import check_workers

BARE_TUNE = 0  # `--tune` without its number (the old flag) reads as 0 trials: refused, with what to write now


def reproduce_grid_and_trials(args: argparse.Namespace) -> tuple[bool | None, int | None]:
    """``reproduce``'s (--lr-grid, --tune N). ``--no-tune``, the old name of ``--no-lr-grid``,
    still works (a note says so) but not beside ``--tune N`` or ``--lr-grid``; a bare ``--tune``
    (the old name of ``--lr-grid``) is refused: ``--tune`` now takes the trials."""
    if args.tune is not None and args.tune <= BARE_TUNE:
        raise UsageError("--tune N: tune each method with N >= 1 trials on validation data (e.g. --tune 12); "
                         "the paper's rate grid selected on test data, the old --tune, is --lr-grid")
    lr_grid = args.lr_grid
    if args.no_tune:
        if args.tune is not None or lr_grid:
            raise UsageError("--no-tune is the old name of --no-lr-grid: beside --tune N or --lr-grid, write --no-lr-grid")
        print("note: --no-tune is now --no-lr-grid (the paper's rate grid, selected on test data, off)", file=sys.stderr)
        lr_grid = False
    return lr_grid, args.tune


def cmd_reproduce(args: argparse.Namespace) -> int:
    from copfl.reproduce.reproduction import reproduce

    lr_grid, trials = reproduce_grid_and_trials(args)
    dry_run = bool(args.dry_run or args.list)  # a list of the runs runs none of them
    runtime = RunConfig(workers=1 if args.workers is None else args.workers, ray_address=args.ray_address)  # a bad --workers is refused here
    if not dry_run:
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
        dry_run=dry_run,
        command="copfl " + " ".join(argv) if argv else default_command,
        log=lambda m: print(m, flush=True),
        tune_trials=trials,
        tune_scale=args.tune_scale,
        workers=runtime.workers,
        ray_address=runtime.ray_address,
        top_seeds=args.top_seeds,
        add_algorithms=[a.strip() for a in args.add_algorithms.split(",") if a.strip()] if args.add_algorithms else None,
        list_runs=bool(args.list),
    )
    return 0


def experiments_text() -> str:
    """The experiments, one a line: name, what it measures, and whose table or figure it is."""
    from copfl.reproduce.experiments import EXPERIMENTS

    def source(exp: Any) -> str:
        return "copfl's own study" if exp.source.startswith("no paper table") else f"{exp.paper} {exp.source.split(' (')[0]}"

    return ("experiments:\n" + "\n".join(f"  {name:<17} {exp.title} ({source(exp)})" for name, (exp, _) in EXPERIMENTS.items())
            + "\nMTA: the mean over clients of each client's test accuracy. MAMO, COWA, p and gamma are CO-PFL's parts, "
              "M_bound its training samples per class (docs/co-pfl.md).")


def seeds_default_text() -> str:
    """``--seeds``' default in words: the experiment's own (1, or its count where it sets one)."""
    from copfl.reproduce.experiments import EXPERIMENTS

    own = [f"{exp.seeds} for {name}" for name, (exp, _) in EXPERIMENTS.items() if exp.seeds != 1]
    return "; ".join(["1", *own])


def add_parser(sub: argparse._SubParsersAction, brief: bool = True, only_algorithm: str | None = None) -> None:
    """``copfl reproduce``'s parser, added to ``sub`` (``brief``: its help lists the common options only)."""
    from copfl.commands import SUMMARIES
    from copfl.commands.parsing import HelpFormatter, examples
    from copfl.reproduce.cells import SCALES
    from copfl.reproduce.experiments import EXPERIMENTS

    rep = sub.add_parser(
        "reproduce", help=SUMMARIES["reproduce"], formatter_class=HelpFormatter,
        usage="copfl reproduce EXPERIMENT [-h] [--scale SCALE] [--dry-run] [OPTIONS]",
        description="Rerun an experiment of the CO-PFL, pFedSV or DPAO-PFL paper at a scale your machine affords, and "
        "write a report with our numbers beside the paper's (OUT/EXPERIMENT.md, .json, figures). Finished runs are "
        "kept: the same command again resumes.\n\n" + experiments_text(),
        epilog=examples(
            ("copfl reproduce table2 --scale smoke", "a quick check that every run of Table II works (seconds each)"),
            ("copfl reproduce table2 --dry-run", "the runs at cpu scale, the data sets found or missing, the time"),
            ("copfl reproduce pfedsv-table2 --columns mnist-10-dir0.1 --seeds 3", "one column, three seeds"),
        ),
    )
    rep.add_argument("experiment", choices=list(EXPERIMENTS), metavar="EXPERIMENT", help="which experiment (listed above)")
    rep.add_argument("--scale", choices=SCALES, default="cpu", help="smoke: a functional check (a tiny network, 2 rounds; seconds per run) | "
                     "cpu: the paper's clients and splits with a small CNN and fewer rounds, to fit a CPU | paper: the paper's "
                     "own model and rounds; each report says what its scale changed (default: cpu)")
    rep.add_argument("--seeds", type=int, metavar="K", help=f"seeds per cell, mean ± std when > 1 (default: {seeds_default_text()})")
    rep.add_argument(
        "--top-seeds", type=int, default=1, metavar="K",
        help="once every cell has run, K seeds for each column's rows of the paper's own method and its two strongest "
             "baselines (by their figure: the tuned row's with --tune), default and tuned rows alike; the rest keep --seeds (default: 1)",
    )
    rep.add_argument("--out", metavar="DIR", help="the results folder, shared by experiments (default: runs/reproduce-<scale>)")
    rep.add_argument(
        "--lr-grid", action=argparse.BooleanOptionalAction, default=None,
        help="run each cell at every learning rate of the paper's grid and keep the one with the best final *test* accuracy, "
             "as the papers select; with --tune N, the default row's rates (default: on; off at smoke scale)",
    )
    rep.add_argument("--no-tune", action="store_true", help="deprecated: the old name of --no-lr-grid")
    rep.add_argument(
        "--tune", type=int, nargs="?", const=BARE_TUNE, metavar="N",
        help="also tune each method of each column with N trials on validation data (as copfl tune does; studies in OUT/tune, "
             "resumed by the same command), then run every cell again with the tuned values: OUT/EXPERIMENT-tuned.md shows "
             "the paper's, the default and the tuned figures side by side",
    )
    rep.add_argument(
        "--tune-scale", choices=SCALES, default=None,
        help="the scale of the problem the methods are tuned on: its model, rounds and data caps; the tuned values are "
             "reused by the final runs at --scale (default: cpu; smoke at smoke scale)",
    )
    rep.add_argument("--columns", metavar="KEYS", help="comma-separated keys of the columns to run, e.g. cifar10-10 (an unknown "
                     "key lists the experiment's) (default: every column)")
    rep.add_argument(
        "--add-algorithms", metavar="NAMES", type=algorithm_list_type(),
        help="rows of these algorithms beside the paper's in every column of a table of methods, each at its defaults and "
             "its column's FedAvg rates (not in the paper: no paper value, left out of the rank correlation with the "
             "paper's order); report OUT/EXPERIMENT-added.md",
    )
    add_run_flags(rep, only=("data_dir", "cache_dir", "download", "threads", "workers", "ray_address"))  # the run options a reproduction passes on
    add_plugin_flag(rep)
    rep.add_argument("--dry-run", action="store_true", help="count the runs (finished, to run, skipped), the data sets found or "
                     "missing and the expected time at each scale, and stop (loads no data)")
    rep.add_argument("--list", action="store_true", help="--dry-run, listing every run: finished, to run, skipped (data missing) "
                     "or left out (data too small), and its folder")
    rep.set_defaults(func=cmd_reproduce)
