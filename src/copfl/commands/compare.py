"""``copfl compare``: several algorithms (or variants) on the same split, one table and one plot;
``--tune N`` / ``--budget`` tunes each row first. The flags become a
:class:`copfl.app.comparison.CompareRequest`, which :func:`copfl.app.comparison.compare` runs."""

from __future__ import annotations

import argparse

from copfl.app.comparison import CompareRequest, compare
from copfl.commands.common import config_from_args, given_here, seeds_arg
from copfl.app.selection import KEEP
from copfl.app.variants import parse_rows
from copfl.commands import SUMMARIES
from copfl.commands.flags import OVERWRITE_HELP, PARAMS_HELP, SEEDS_HELP, add_budget_flags, add_option_flags, algorithm_list_type
from copfl.commands.parsing import HelpFormatter, examples


def cmd_compare(args: argparse.Namespace) -> int:
    """``copfl compare``: the flags as a :class:`CompareRequest`, run by :func:`compare`."""
    req = CompareRequest(
        algorithms=args.algorithms, cfg=config_from_args(args), given=frozenset(given_here(args)), out=getattr(args, "out", None),
        seeds=seeds_arg(args), tune=getattr(args, "tune", None), budget=getattr(args, "budget", None),
        prior=getattr(args, "prior", None), save_prior=getattr(args, "save_prior", None), params=getattr(args, "params", None),
        overwrite=bool(getattr(args, "overwrite", False)), dry_run=bool(getattr(args, "dry_run", False)),
        select=bool(getattr(args, "select", False)),
    )
    res = compare(req)
    print(res.text)
    if res.out is not None:
        print(f"results: {res.out}")
    return 0

def add_parser(sub: argparse._SubParsersAction, brief: bool = True, only_algorithm: str | None = None) -> None:
    """``copfl compare``'s parser, added to ``sub`` (``brief``: its help lists the common options only)."""
    cmp_ = sub.add_parser(
        "compare", help=SUMMARIES["compare"], formatter_class=HelpFormatter,
        description="Run several algorithms, or variants of one, on the same split and seeds: one table "
        "(OUT/compare.md) and one plot of accuracy per round (OUT/compare.png).",
        epilog=examples(
            
            ('copfl compare --algorithms "fedavg,fedavg[lr=0.01]" --seeds 3', "FedAvg at two learning rates, three seeds each"),
            ("copfl compare --algorithms fedavg,ditto --tune 12", "each tuned first (12 trials): a default and a tuned row"),
        ),
    )
    cmp_.add_argument("--algorithms", required=True, type=algorithm_list_type(parse_rows), metavar="ROWS",
                      help="comma-separated algorithms or variants, e.g. fedavg,fedprox[mu=0.1]; all: "
                      "every one but centralized (all,-fedper: not fedper either)")
    cmp_.add_argument("--config", metavar="FILE", help="a TOML file of run options (flags override it)")
    cmp_.add_argument("--seeds", type=int, metavar="K", help=SEEDS_HELP.format(layout="OUT/seed-<s>/", summary="OUT/compare.md"))
    cmp_.add_argument("--overwrite", action="store_true", help=OVERWRITE_HELP)
    cmp_.add_argument("--params", metavar="FILE", help=PARAMS_HELP)
    cmp_.add_argument("--dry-run", action="store_true", help="print the runs (tuning trials, final runs) and their estimated time, and stop (loads no data)")
    cmp_.add_argument("--tune", type=int, metavar="N", help="tune each row on the first seed's validation data (N trials); a default and "
                      "a tuned row then run all seeds")
    cmp_.add_argument("--select", action="store_true", help=f"pick a method: the rows race for --budget (weakest out first), then the best "
                      f"{KEEP} and local run all seeds")
    add_budget_flags(cmp_)  # before the algorithms' flags: centralized's own budget option is a variant's here, centralized[budget=all]
    add_option_flags(cmp_, ("compare",), brief, skip=("algorithm",), algorithms=True, rebuild=add_parser, helps={"out": OUT_HELP})
    cmp_.set_defaults(func=cmd_compare)


OUT_HELP = ("the results folder (default: runs/compare-<dataset>-<time>); with --seeds, the same command again continues "
            "in it")
