"""``copfl list``: algorithms, data sets, models and partitions, each with its origin."""

from __future__ import annotations

import argparse
from dataclasses import fields

from copfl.algorithms.base import ALGORITHMS, algorithm_names
from copfl.commands.flags import add_plugin_flag
from copfl.data.partitioners import PARTITIONS
from copfl.data.sources.registry import SOURCES, dataset_names
from copfl.core.models import MODELS


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


def add_parser(sub: argparse._SubParsersAction, brief: bool = True, only_algorithm: str | None = None) -> None:
    """``copfl list``'s parser, added to ``sub`` (``brief``: its help lists the common options only)."""
    lst = sub.add_parser("list", help="algorithms, data sets, models, partitions, each with its origin (built-in or a plugin)")
    add_plugin_flag(lst)
    lst.set_defaults(func=cmd_list)
