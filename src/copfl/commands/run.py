"""``copfl run``: one run (no option: the embedded digits default), ``--seeds K``, ``--resume DIR``."""

from __future__ import annotations

import argparse

from copfl.app.run_command import RunCommand, plan_run, run_planned
from copfl.app.single_run import RunOutcome
from copfl.commands import SUMMARIES
from copfl.commands.common import config_from_args, given_here, print_seeds, print_seeds_end, print_summary
from copfl.commands.flags import DRY_RUN_HELP, OVERWRITE_HELP, PARAMS_HELP, SEEDS_HELP, add_option_flags
from copfl.commands.parsing import HelpFormatter, examples


def cmd_run(args: argparse.Namespace) -> int:
    cmd = RunCommand(config_from_args(args), frozenset(given_here(args)), out=getattr(args, "out", None), seeds=args.seeds,
                     params=getattr(args, "params", None), resume=args.resume, overwrite=getattr(args, "overwrite", False),
                     dry_run=getattr(args, "dry_run", False))
    plan = plan_run(cmd)
    if cmd.dry_run:
        print(plan.dry_run_text())
        return 0
    res = run_planned(plan, report=lambda summary, folder: print_seeds(summary, folder))
    if isinstance(res, RunOutcome):
        print_summary(res.summary, plan.out)
        return 0
    print_seeds_end(res, plan.out, plan.seeds)
    return 3 if any(r["status"] == "diverged" for r in res["runs"]) else 0


def add_parser(sub: argparse._SubParsersAction, brief: bool = True, only_algorithm: str | None = None) -> None:
    """``copfl run``'s parser, added to ``sub`` (``brief``: its help lists the common options only)."""
    run = sub.add_parser(
        "run", help=SUMMARIES["run"], formatter_class=HelpFormatter,
        description="Train one algorithm on a data set split among clients and report their personalized accuracy "
        "(metrics, summary.json, curves: in the results folder).",
        epilog=examples(
            ("copfl run --algorithm fedavg --rounds 5", "FedAvg for 5 rounds on the built-in digits data"),
            ("copfl run --algorithm fedprox --mu 0.01 --dataset cifar10 --download", "FedProx on CIFAR-10, downloaded first"),
            ("copfl run --algorithm ditto --seeds 3 --out runs/ditto", "three seeds, each with its own split: mean and std"),
        ),
    )
    run.add_argument("--config", metavar="FILE", help="a TOML file of run options, e.g. a run's config.toml")
    run.add_argument("--resume", metavar="DIR", help="continue the run in DIR from its checkpoint")
    run.add_argument("--seeds", type=int, metavar="K", help=SEEDS_HELP.format(layout="OUT/seed-<s>/", summary="OUT/seeds.json, OUT/curves.png"))
    run.add_argument("--overwrite", action="store_true", help=OVERWRITE_HELP)
    run.add_argument("--params", metavar="FILE", help=PARAMS_HELP)
    run.add_argument("--dry-run", action="store_true", help=DRY_RUN_HELP.format(what="the run (or each seed's)"))
    add_option_flags(run, ("run",), brief, only_algorithm, algorithms=True, rebuild=add_parser)
    run.set_defaults(func=cmd_run)
