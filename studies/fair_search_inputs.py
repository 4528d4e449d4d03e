"""What the fair-search studies take from the committed tuning study: ``params`` writes a
``--params`` file (a ``copfl tune`` best.json) with each named method's tuned values on one
problem, where its tuned row differs from its default row (a row "= default" keeps the
method's defaults); ``budget`` prints the one-budget selection's ``--budget`` for a problem:
a fraction (default 1/5) of the trial time that the per-method study spent on it.

A later report's rows replace an earlier one's (the momentum rerun's over the tuning study's):

    python studies/fair_search_inputs.py params femnist-natural-20 local,fedrep,dpao-pfl,pfedsv \\
        docs/results/tuning-study.json docs/results/tuning-momentum-study.json --out best.json
    python studies/fair_search_inputs.py budget femnist-natural-20 docs/results/tuning-study.json \\
        docs/results/tuning-momentum-study.json
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path
from typing import Any


def rows_of(reports: list[Path], problem: str) -> dict[str, dict[str, Any]]:
    """Each method's row on ``problem`` (a report's ``variant``), later reports first."""
    rows: dict[str, dict[str, Any]] = {}
    for path in reports:
        for entry in json.loads(path.read_text()):
            if entry["problem"] == problem:
                rows.update({m["variant"]: m for m in entry["methods"]})
    if not rows:
        raise SystemExit(f"no report holds the problem {problem!r}")
    return rows


def tuned_values(row: dict[str, Any]) -> dict[str, Any]:
    """The values of a method's tuned row: its best setting, unless the row is its default
    (``same_as_default``: the default scored within noise, or the final runs did not confirm it)."""
    if row.get("same_as_default") or row.get("tuned", {}).get("selected_mean") is None:
        return {}
    return dict(row.get("params") or {})


def params_file(rows: dict[str, dict[str, Any]], methods: list[str]) -> dict[str, dict[str, Any]]:
    missing = [m for m in methods if m not in rows]
    if missing:
        raise SystemExit(f"the reports have no row for {', '.join(missing)} (they have: {', '.join(sorted(rows))})")
    return {m: tuned_values(rows[m]) for m in methods}


def budget_minutes(rows: dict[str, dict[str, Any]], fraction: float) -> int:
    """``fraction`` of the seconds every method's study spent tuning on the problem, in whole minutes."""
    seconds = sum(float(r.get("tuning", {}).get("seconds") or 0.0) for r in rows.values())
    return max(1, math.floor(seconds * fraction / 60))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="what", required=True)
    p = sub.add_parser("params", help="a --params file of the methods' tuned values on one problem")
    p.add_argument("problem")
    p.add_argument("methods", help="comma-separated methods")
    p.add_argument("reports", nargs="+", type=Path)
    p.add_argument("--out", type=Path, help="the file to write (default: stdout)")
    b = sub.add_parser("budget", help="the selection's --budget in minutes: a fraction of the study's trial time")
    b.add_argument("problem")
    b.add_argument("reports", nargs="+", type=Path)
    b.add_argument("--fraction", type=float, default=0.2)
    args = ap.parse_args(argv)
    rows = rows_of(args.reports, args.problem)
    if args.what == "budget":
        print(f"{budget_minutes(rows, args.fraction)}m")
        return 0
    doc = params_file(rows, [m for m in args.methods.split(",") if m])
    text = json.dumps(doc, indent=2, sort_keys=True) + "\n"
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
