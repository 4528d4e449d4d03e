"""``copfl tune``: each algorithm's hyper-parameters tuned on validation data (docs/tuning.md).
The flags become a :class:`copfl.app.study.TuneRequest`, which :func:`copfl.app.study.tune` runs."""

from __future__ import annotations

import argparse

from copfl.app.study import TuneRequest, tune
from copfl.commands.common import config_from_args
from copfl.commands.flags import DRY_RUN_HELP, add_budget_flags, add_option_flags


def cmd_tune(args: argparse.Namespace) -> int:
    """``copfl tune``: the flags as a :class:`TuneRequest`, run by :func:`tune`."""
    req = TuneRequest(algorithms=args.algorithms, cfg=config_from_args(args), out=args.out, trials=args.trials, budget=args.budget,
                      storage=args.storage, prior=args.prior, save_prior=args.save_prior, overwrite=bool(args.overwrite),
                      dry_run=bool(args.dry_run))
    print(tune(req).text)
    return 0

def add_parser(sub: argparse._SubParsersAction, brief: bool = True, only_algorithm: str | None = None) -> None:
    """``copfl tune``'s parser, added to ``sub`` (``brief``: its help lists the common options only)."""
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
    add_option_flags(tun, ("tune",), brief, skip=("algorithm",), rebuild=add_parser)
    tun.set_defaults(func=cmd_tune)
