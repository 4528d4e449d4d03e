"""``copfl table``: one table of the runs in run, compare or reproduce folders."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from copfl.app.checks import UsageError
from copfl.io import atomic_write_text


def find_summaries(paths: list[str]) -> list[tuple[str, dict[str, Any]]]:
    """Every run below ``paths`` (a run folder, or a compare / --seeds / reproduce folder
    holding runs), as (name, summary.json content); the name is the run's folder relative to
    the folder given (or its own name)."""
    runs = []
    for given in paths:
        root = Path(given)
        if not root.is_dir():
            raise UsageError(f"{given}: no such folder (give run or compare folders)")
        found = [root / "summary.json"] if (root / "summary.json").exists() else sorted(root.rglob("summary.json"))
        if not found:
            raise UsageError(f"{given}: holds no run (no summary.json below it)")
        for f in found:
            try:
                doc = json.loads(f.read_text())
            except (OSError, json.JSONDecodeError) as e:
                raise UsageError(f"{f}: unreadable summary ({e})") from None
            rel = f.parent.relative_to(root)
            runs.append((root.name if str(rel) == "." else f"{root.name}/{rel}", doc))
    return runs


def cmd_table(args: argparse.Namespace) -> int:
    from copfl.results.summary import runs_table, table_csv, table_markdown

    runs = find_summaries(args.dirs)
    header, rows = runs_table(runs, args.sort, args.ascending)
    text = table_markdown(header, rows)
    print(text)
    if args.out:
        atomic_write_text(Path(args.out), text + "\n")
    if args.csv:
        atomic_write_text(Path(args.csv), table_csv(header, rows))
    return 0


def add_parser(sub: argparse._SubParsersAction, brief: bool = True, only_algorithm: str | None = None) -> None:
    """``copfl table``'s parser, added to ``sub`` (``brief``: its help lists the common options only)."""
    from copfl.commands import SUMMARIES
    from copfl.commands.parsing import HelpFormatter, examples

    tab = sub.add_parser(
        "table", help=SUMMARIES["table"], formatter_class=HelpFormatter,
        description="One markdown table of every run found below the folders given (each run's summary.json): final, "
        "best and validation-selected accuracy, fairness, traffic and time.",
        epilog=examples(
            ("copfl table runs/", "every run below runs/"),
            ("copfl table runs/cmp --sort final --csv cmp.csv", "a comparison's runs, best final accuracy first, also as CSV"),
        ),
    )
    tab.add_argument("dirs", nargs="+", metavar="DIR", help="run folders, or folders holding runs (compare, --seeds, reproduce)")
    tab.add_argument("--sort", metavar="COLUMN", help="sort by a column, largest first: final, best, selected, worst10, unseen, bytes, "
                     "seconds, rounds, algorithm... (default: by folder)")
    tab.add_argument("--ascending", action="store_true", help="with --sort: smallest first")
    tab.add_argument("--out", metavar="FILE", help="also write the markdown table to this file")
    tab.add_argument("--csv", metavar="FILE", help="also write the table as CSV to this file")
    tab.set_defaults(func=cmd_table)
