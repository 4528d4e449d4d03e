"""Write copfl's built-in prior library (src/copfl/tuning/builtin_priors.json) from committed
tuning-study reports: each (method, problem)'s best setting on validation data, as
``copfl tune --save-prior`` would have saved it. ``copfl tune --prior`` / ``compare --tune
--prior`` start new studies from these when the user has no library of their own.

    python studies/builtin_priors.py [REPORT.json ...] [--out FILE]

REPORT: a tuning-study report written by tuned_vs_default_report.py (default: the committed
docs/results/tuning-study.json, then docs/results/tuning-momentum-study.json, its rerun of the
methods whose space gained momentum); a later report's (method, problem) replaces an earlier
one's, so a study rerun where a method's search space changed is given after the study it revises.
The problems' settings are the study's (study_tuned_vs_default.sh, STUDY=tuning)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_REPORTS = [ROOT / "docs" / "results" / "tuning-study.json", ROOT / "docs" / "results" / "tuning-momentum-study.json"]
OUT = ROOT / "src" / "copfl" / "tuning" / "builtin_priors.json"
# The tuning study's problems (study_tuned_vs_default.sh, STUDY=tuning): the run options that name them
PROBLEMS = {
    "femnist-natural-20": {"dataset": "femnist", "partition": "natural", "clients": 20, "rounds": 10},
    "fmnist-dirichlet0.1-20": {"dataset": "fashion-mnist", "partition": "dirichlet", "clients": 20, "rounds": 10},
    "cifar10-dirichlet0.3-20": {"dataset": "cifar10", "partition": "dirichlet", "clients": 20, "rounds": 10},
}
SAVED = "2026-12-06T00:00:00+00:00"  # the study's date: entries of a user's own library saved later come first


def entries_of(reports: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Library entries (copfl.tuning.priors) of the reports' (method, problem) best settings."""
    from copfl.execution.config import RunConfig

    by_key: dict[tuple[str, str], dict[str, Any]] = {}
    for report in reports:
        for problem in report:
            key = problem["problem"]
            if key not in PROBLEMS:
                raise ValueError(f"problem {key!r} is not one of the study's ({', '.join(PROBLEMS)}): add its settings to PROBLEMS")
            p = PROBLEMS[key]
            model = RunConfig(dataset=p["dataset"], partition=p["partition"]).resolved().model
            for m in problem["methods"]:
                if not m.get("params") or not m.get("tuning"):
                    continue
                by_key[(m["variant"], key)] = {
                    "algorithm": m["variant"].split("--")[0], "label": m["variant"], "model": model, **p, "problem": key,
                    "params": m["params"], "val": m["tuning"]["val_acc"], "objective": "last", "saved": SAVED,
                }
    return [by_key[k] for k in sorted(by_key)]


def library_text(reports: list[dict[str, Any]]) -> str:
    """The built-in library's file, deterministic (sorted keys)."""
    return json.dumps({"version": 1, "entries": entries_of(reports)}, indent=1, sort_keys=True) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("reports", nargs="*", type=Path, help="tuning-study report JSON files, in order (default: the committed study)")
    ap.add_argument("--out", type=Path, default=OUT, help=f"the library to write (default {OUT.relative_to(ROOT)})")
    args = ap.parse_args(argv)
    reports = [json.loads(p.read_text()) for p in (args.reports or DEFAULT_REPORTS)]
    text = library_text(reports)
    args.out.write_text(text)
    print(f"{args.out}: {len(json.loads(text)['entries'])} entries", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
