"""``copfl list``: algorithms, data sets, models and partitions, each with its origin.

The registries that hold them are imported with torch (seconds). A process that has not imported
them and loaded no plugin prints copfl's own from :data:`CATALOG` instead (well under a second);
``python -m copfl.commands.list`` writes it again from the registries, and a test checks that it
is what they hold."""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import fields
from pathlib import Path
from typing import Any

from copfl.commands import SUMMARIES

CATALOG = Path(__file__).with_name("catalog.json")
BUILT_IN = ""  # the origin tag of copfl's own entries


def registry_entries() -> dict[str, list[dict[str, str]]]:
    """What ``copfl list`` shows, read from the registries: per kind, each entry's name, words
    and origin tag (:data:`BUILT_IN` for copfl's own, else the plugin in brackets)."""
    from copfl.algorithms.base import ALGORITHMS, algorithm_names
    from copfl.core.models import MODELS
    from copfl.data.partitioners import PARTITIONS
    from copfl.data.sources.registry import SOURCES, dataset_names
    from copfl.plugins import origin

    def tag(module: str | None) -> str:
        where = origin(module)
        return BUILT_IN if where == "built-in" else f"  [{where}]"

    algorithms = [{"name": n, "description": ALGORITHMS[n].description, "origin": tag(ALGORITHMS[n].__module__),
                   "options": ", ".join(f"{f.name}={f.default!r}" for f in fields(ALGORITHMS[n].Config))} for n in algorithm_names()]
    datasets = [{"name": n, "description": SOURCES[n].description, "origin": tag(getattr(SOURCES[n], "origin", "copfl"))} for n in dataset_names()]
    models = [{"name": n, "origin": tag(getattr(MODELS[n], "__module__", None))} for n in sorted(MODELS)]
    return {"algorithms": algorithms, "datasets": datasets, "models": models, "partitions": [{"name": n} for n in PARTITIONS]}


REGISTRIES = ("copfl.algorithms.base", "copfl.data.sources.registry", "copfl.core.models", "copfl.data.partitioners")


def entries() -> dict[str, list[dict[str, str]]]:
    """The catalog where it answers for the registries (none of them imported, so nothing was
    added to them; no plugin loaded), else the registries."""
    from copfl.plugins import any_loaded

    if any(m in sys.modules for m in REGISTRIES) or any_loaded() or not CATALOG.exists():
        return registry_entries()
    return json.loads(CATALOG.read_text())


def listing(found: dict[str, list[dict[str, str]]]) -> str:
    lines = ["algorithms:"]
    for a in found["algorithms"]:
        lines.append(f"  {a['name']:<12} {a['description']}{a['origin']}" + (f"\n  {'':<12} options: {a['options']}" if a["options"] else ""))
    lines.append("datasets:")
    lines += [f"  {d['name']:<12} {d['description']}{d['origin']}" for d in found["datasets"]]
    lines.append("models:")
    lines += [f"  {m['name']:<12}{m['origin']}".rstrip() for m in found["models"]]
    lines.append(f"partitions: {', '.join(p['name'] for p in found['partitions'])}")
    lines.append("origin: built-in unless [bracketed] (a plugin: --plugin or an installed package's copfl.plugins entry point)")
    return "\n".join(lines)


def cmd_list(args: argparse.Namespace) -> int:
    print(listing(entries()))
    return 0


def add_parser(sub: argparse._SubParsersAction, brief: bool = True, only_algorithm: str | None = None) -> None:
    """``copfl list``'s parser, added to ``sub`` (``brief``: its help lists the common options only)."""
    from copfl.commands.parsing import HelpFormatter, add_plugin_flag, examples

    lst = sub.add_parser(
        "list", help=SUMMARIES["list"], formatter_class=HelpFormatter,
        description="Every algorithm copfl knows, with its options and their defaults (on `copfl run`, grow_every=1 "
        "is --grow-every 1), every data set, model and partition, and where each comes from.",
        epilog=examples(("copfl list", "copfl's own"), ("copfl list --plugin my_algorithm.py", "with the ones a plugin of yours registers")),
    )
    add_plugin_flag(lst)
    lst.set_defaults(func=cmd_list)


def write_catalog(path: Path = CATALOG) -> dict[str, Any]:
    """The catalog file written from the registries (copfl's own entries only)."""
    found = {kind: [e for e in items if e.get("origin", BUILT_IN) == BUILT_IN] for kind, items in registry_entries().items()}
    path.write_text(json.dumps(found, indent=1, ensure_ascii=False) + "\n")
    return found


if __name__ == "__main__":
    write_catalog()
    print(f"wrote {CATALOG}")
