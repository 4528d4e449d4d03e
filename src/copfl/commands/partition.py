"""``copfl partition``: a split shown as a clients x classes table (``--save`` for ``--split-file``)."""

from __future__ import annotations

import argparse

from copfl.results.callbacks import DataProgress
from copfl.commands.common import config_from_args
from copfl.app.texts import data_line, run_text
from copfl.commands.flags import add_option_flags
from copfl.data.partitioners import format_counts
from copfl.execution.federation import build_federation


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


def add_parser(sub: argparse._SubParsersAction, brief: bool = True, only_algorithm: str | None = None) -> None:
    """``copfl partition``'s parser, added to ``sub`` (``brief``: its help lists the common options only)."""
    part = sub.add_parser("partition", help="show a split as a clients x classes table")
    part.add_argument("--config", metavar="FILE", help="TOML file of run options")
    part.add_argument("--save", metavar="FILE", help="save the split (JSON) for --split-file")
    part.add_argument("--dry-run", action="store_true", help="print the split's settings and whether the data set is there, and stop (loads no data)")
    add_option_flags(part, ("partition",), brief, rebuild=add_parser)
    part.set_defaults(func=cmd_partition)
