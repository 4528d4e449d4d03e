"""``copfl datasets``: which data sets the data directory holds, and how to get the others."""

from __future__ import annotations

import argparse
from pathlib import Path

from copfl.results.callbacks import DataProgress
from copfl.app.checks import UsageError
from copfl.data.sources.registry import SOURCES, dataset_names


def cmd_datasets(args: argparse.Namespace) -> int:
    """Every data set: found or not, where, its size, and how to obtain it when missing;
    ``copfl datasets show cifar10c`` draws a grid of corrupted examples."""
    from copfl.data.sources.dataset import default_data_dir
    from copfl.data.sources.registry import load_dataset, locate

    data_dir = Path(args.data_dir) if args.data_dir else default_data_dir()
    if args.action:
        if args.action[0] != "show" or len(args.action) != 2:
            raise UsageError(f"expected `copfl datasets` or `copfl datasets show NAME`, got {' '.join(args.action)!r}")
        name = args.action[1]
        if name != "cifar10c":
            raise UsageError(f"`show` draws the corruptions of cifar10c; got {name!r}")
        from copfl.results.plots import plot_corruption_grid

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


def add_parser(sub: argparse._SubParsersAction, brief: bool = True, only_algorithm: str | None = None) -> None:
    """``copfl datasets``'s parser, added to ``sub`` (``brief``: its help lists the common options only)."""
    from copfl.commands import SUMMARIES
    from copfl.commands.parsing import HelpFormatter, examples

    dsets = sub.add_parser(
        "datasets", help=SUMMARIES["datasets"], formatter_class=HelpFormatter,
        description="Every data set copfl reads: built in, found in the data directory (where, and its size), or "
        "missing, with how to get it (a run's --download fetches the ones with an official download).",
        epilog=examples(
            ("copfl datasets", "the data sets in ./data (or $COPFL_DATA_DIR)"),
            ("copfl datasets --data-dir ~/data", "those in ~/data"),
            ("copfl datasets show cifar10c", "draw CIFAR-10-C's corruptions (needs CIFAR-10)"),
        ),
    )
    dsets.add_argument("action", nargs="*", metavar="ACTION", help="nothing: list the data sets; `show cifar10c`: draw "
                       "every corruption of CIFAR-10-C at each severity into a PNG")
    dsets.add_argument("--data-dir", metavar="DIR", help="the data directory (default: $COPFL_DATA_DIR or ./data)")
    dsets.add_argument("--out", metavar="FILE", help="with show: the PNG to write (default: cifar10c-grid.png)")
    dsets.set_defaults(func=cmd_datasets)
