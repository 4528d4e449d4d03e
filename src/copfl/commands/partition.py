"""``copfl partition``: a split shown as a clients x classes table (``--save`` for ``--split-file``)."""

from __future__ import annotations

import argparse
from dataclasses import fields

from copfl.results.callbacks import DataProgress
from copfl.commands.common import config_from_args
from copfl.app.texts import data_line, run_text
from copfl.commands import SUMMARIES
from copfl.commands.flags import add_option_flags
from copfl.commands.parsing import HelpFormatter, examples
from copfl.execution.config import RunConfig
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


def partition_options() -> tuple[str, ...]:
    """The run options a split depends on (the data part's and each field marked ``data_key``):
    the only ones ``copfl partition`` takes."""
    return tuple(f.name for f in fields(RunConfig) if f.metadata.get("part") == "data" or f.metadata.get("data_key"))


def add_parser(sub: argparse._SubParsersAction, brief: bool = True, only_algorithm: str | None = None) -> None:
    """``copfl partition``'s parser, added to ``sub`` (it takes the options a split depends on, all in its help)."""
    part = sub.add_parser(
        "partition", help=SUMMARIES["partition"], formatter_class=HelpFormatter,
        description="Split a data set among clients as a run with the same options would, and print how many "
        "training and test samples of each class each client holds. --save writes the split, which a run then uses "
        "with --split-file.",
        epilog=examples(
            ("copfl partition --clients 5", "the built-in digits data among 5 clients, 2 classes each"),
            ("copfl partition --dataset cifar10 --partition dirichlet --save split.json", "a Dirichlet split of CIFAR-10, saved"),
            ("copfl run --dataset cifar10 --split-file split.json", "a run on exactly that split"),
        ),
    )
    part.add_argument("--config", metavar="FILE", help="a TOML file of run options (its data options are used)")
    part.add_argument("--save", metavar="FILE", help="save the split (JSON) for a run's --split-file")
    part.add_argument("--dry-run", action="store_true", help="print the split's settings and whether the data set is there, and stop (loads no data)")
    add_option_flags(part, ("partition",), brief, only=partition_options(), rebuild=add_parser)
    part.set_defaults(func=cmd_partition)
