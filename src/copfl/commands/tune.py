"""``copfl tune``: each algorithm's hyper-parameters tuned on validation data (docs/tuning.md).
The flags become a :class:`copfl.app.study.TuneRequest`, which :func:`copfl.app.study.tune` runs."""

from __future__ import annotations

import argparse

from copfl.app.study import TuneRequest, tune
from copfl.commands.common import config_from_args
from copfl.commands import SUMMARIES
from copfl.commands.flags import DRY_RUN_HELP, add_budget_flags, add_option_flags, algorithm_list_type
from copfl.commands.parsing import HelpFormatter, examples
from copfl.tuning.objective import OBJECTIVE, OBJECTIVE_WORDS
from copfl.tuning.tuner import BUDGET_CAP, DEFAULT_TRIALS


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
        "tune", help=SUMMARIES["tune"], formatter_class=HelpFormatter,
        description="Search each algorithm's own hyper-parameters (the learning rate and the knobs it declares) on "
        "validation data held out of each client's training data; no test data is read. One Optuna study per "
        "algorithm: its TPE sampler proposes values from the trials so far, its Hyperband pruner stops a trial early "
        f"when it trails the others. A trial's score: {OBJECTIVE_WORDS[OBJECTIVE]}. OUT/best.json holds each "
        "algorithm's best values (for --params), OUT/tune.md the trials; the same command again continues the "
        "studies (docs/tuning.md).",
        epilog=examples(
            ("copfl tune --algorithms fedavg,ditto --trials 20 --rounds 20", "20 trials each, every trial a 20-round run"),
            ("copfl tune --algorithms co-pfl --budget 30m", "as many trials as 30 minutes of trial time allow"),
            ("copfl run --algorithm ditto --params runs/tune-digits/best.json", "then a run with Ditto's tuned values"),
        ),
    )
    tun.add_argument("--algorithms", required=True, type=algorithm_list_type(), metavar="NAMES", help="comma-separated algorithm names")
    tun.add_argument("--trials", type=int, default=None, metavar="N", help="finished trials per algorithm, in total over reruns "
                     f"(default: {DEFAULT_TRIALS}; with --budget: up to {BUDGET_CAP})")
    add_budget_flags(tun)
    tun.add_argument("--storage", metavar="URL", help="an Optuna storage URL shared by several machines, e.g. "
                     "postgresql://... (default: OUT/study.db, a SQLite file)")
    tun.add_argument("--config", metavar="FILE", help="a TOML file of run options (flags override it)")
    tun.add_argument("--overwrite", action="store_true", help="start over in a folder that holds a study of another problem")
    tun.add_argument("--dry-run", action="store_true", help=DRY_RUN_HELP.format(what="the studies"))
    add_option_flags(tun, ("tune",), brief, skip=("algorithm",), rebuild=add_parser, helps={"out": OUT_HELP})
    tun.set_defaults(func=cmd_tune)


OUT_HELP = "the studies' folder: the same command again continues the studies in it (default: runs/tune-<dataset>)"
