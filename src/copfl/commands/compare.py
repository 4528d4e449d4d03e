"""``copfl compare``: several algorithms (or variants) on the same split, one table and one plot;
``--tune N`` / ``--budget`` tunes each row first. The flags become a
:class:`copfl.app.comparison.CompareRequest`, which :func:`copfl.app.comparison.compare` runs."""

from __future__ import annotations

import argparse

from copfl.app.comparison import CompareRequest, compare
from copfl.commands.common import config_from_args, given_here, seeds_arg
from copfl.commands.flags import OVERWRITE_HELP, PARAMS_HELP, SEEDS_HELP, add_budget_flags, add_option_flags


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
    cmp_ = sub.add_parser("compare", help="several algorithms on the same split, one table and one plot")
    cmp_.add_argument("--algorithms", required=True, help="comma-separated names or variants, or all")
    cmp_.add_argument("--config", metavar="FILE", help="TOML file of run options (flags override it)")
    cmp_.add_argument("--seeds", type=int, metavar="K", help=SEEDS_HELP.format(layout="OUT/seed-<s>/<algorithm>/, each seed's split in OUT/seed-<s>/split.json", summary="OUT/compare.md, .json, .png"))
    cmp_.add_argument("--overwrite", action="store_true", help=OVERWRITE_HELP)
    cmp_.add_argument("--params", metavar="FILE", help=PARAMS_HELP)
    cmp_.add_argument("--dry-run", action="store_true", help="print the runs (tuning trials, final runs) and their estimated time, and stop (loads no data)")
    cmp_.add_argument("--tune", type=int, metavar="N", help="tune each row with N trials on the first seed's validation data (copfl tune, "
                      "OUT/tune), then run a default and a tuned row per algorithm on every seed")
    cmp_.add_argument("--select", action="store_true", help="which method: race the rows for --budget, compare "
                      "the best 3 and local")
    add_budget_flags(cmp_)  # before the algorithms' flags: centralized's own budget option is a variant's here, centralized[budget=all]
    add_option_flags(cmp_, ("compare",), brief, skip=("algorithm",), algorithms=True, rebuild=add_parser)
    cmp_.set_defaults(func=cmd_compare)
