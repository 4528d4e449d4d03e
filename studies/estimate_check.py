"""How well the dry-run's cost model (copfl.app.estimate) priced the runs a reproduction made.

Reads every finished run under OUT/runs (its config.json and the seconds its summary.json
recorded) and every finished tuning trial in OUT/tune/*/study.db (its start and end times), and
prints JSON: per (data set, algorithm), the measured seconds, what the model says and their
ratio (measured / estimated; > 1 = the dry-run was too optimistic). Runs nothing.

    python studies/estimate_check.py runs/reproduce-cpu [--experiment pfedsv-table1] [--as-measured]

A run measured at ``--threads 1`` beside another run (two workers on 2 cores) is priced by the
model as a run alone on both cores: the workers' wall time together is what the dry-run
promises, so the ratio of such a run is halved (``threads_1_pair``) unless ``--as-measured``. A
trial records no thread count: ``--trials-paired`` says that the trials too ran that way (as
``copfl reproduce --tune N --threads 1`` in two workers did on this machine).
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections import defaultdict
from pathlib import Path


def run_rows(out: Path) -> list[dict]:
    from copfl.execution.config import from_saved
    from copfl.app.estimate import run_seconds

    rows = []
    for folder in sorted((out / "runs").glob("*")):
        try:
            summary = json.loads((folder / "summary.json").read_text())
            saved = json.loads((folder / "config.json").read_text())["config"]
        except (OSError, KeyError, json.JSONDecodeError):
            continue
        if summary.get("status") != "completed" or "timing" not in summary:
            continue
        cfg = from_saved(saved).resolved()
        rows.append({"kind": "run", "dataset": cfg.dataset, "partition": cfg.partition, "algorithm": cfg.algorithm, "threads": cfg.threads,
                     "measured": summary["timing"]["seconds_total"], "estimated": run_seconds(cfg)})
    return rows


def trial_rows(out: Path, experiment: str) -> list[dict]:
    """Completed (not pruned) trials of ``experiment``'s tuned columns found under ``out``: a
    whole trial's cost against the model's full run of its problem (a trial evaluates validation
    data; the model's TRIAL_SHARE is what covers the pruned ones)."""
    import optuna

    from copfl.app.estimate import run_seconds
    from copfl.reproduce.experiments import experiment_cells
    from copfl.reproduce.tuned import plan_tuning, study_problem
    from copfl.tuning.values import apply_params

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    _, cells = experiment_cells(experiment, True)
    rows = []
    for col in plan_tuning(cells, "cpu", out, None, None, None, False).values():
        db = col.folder / "study.db"
        if not db.exists():
            continue
        storage = f"sqlite:///{db.resolve()}"
        for s in col.studies.values():
            try:
                study = optuna.load_study(study_name=s.label, storage=storage)
            except KeyError:
                continue
            base = study_problem(col, s)
            for t in study.trials:
                if t.state.name != "COMPLETE" or not t.datetime_complete:
                    continue
                cfg = apply_params(base, t.params, s.label).resolved()
                rows.append({"kind": "trial", "dataset": cfg.dataset, "partition": cfg.partition, "algorithm": cfg.algorithm, "threads": cfg.threads,
                             "measured": (t.datetime_complete - t.datetime_start).total_seconds(), "estimated": run_seconds(cfg)})
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", type=Path, help="a reproduction's --out folder (runs/ and tune/ inside)")
    ap.add_argument("--experiment", action="append", default=[], help="also the tuning trials of this experiment's columns (repeatable)")
    ap.add_argument("--trials-paired", action="store_true", help="the trials ran at --threads 1 beside another worker: halve them too")
    ap.add_argument("--as-measured", action="store_true", help="do not halve runs made at --threads 1 (two workers on 2 cores)")
    args = ap.parse_args()
    if not (args.out / "runs").is_dir() and not (args.out / "tune").is_dir():
        raise SystemExit(f"{args.out}: no runs/ or tune/ folder in it (expected a copfl reproduce --out folder)")
    groups: dict[tuple, list[dict]] = defaultdict(list)
    for r in run_rows(args.out) + [r for e in args.experiment for r in trial_rows(args.out, e)]:
        groups[(r["kind"], r["dataset"], r["partition"], r["algorithm"])].append(r)
    table = []
    for (kind, dataset, partition, algorithm), rs in sorted(groups.items()):
        pair = not args.as_measured and all(r["threads"] == 1 or (r["kind"] == "trial" and args.trials_paired) for r in rs)
        measured = statistics.median(r["measured"] for r in rs) / (2 if pair else 1)
        estimated = statistics.median(r["estimated"] for r in rs)
        table.append({"kind": kind, "dataset": dataset, "partition": partition, "algorithm": algorithm, "n": len(rs), "threads_1_pair": pair,
                      "measured_s": round(measured, 1), "estimated_s": round(estimated, 1), "ratio": round(measured / estimated, 2)})
    ratios = [t["ratio"] for t in table]
    print(json.dumps({"groups": table, "ratio_median": statistics.median(ratios) if ratios else None,
                      "ratio_range": [min(ratios), max(ratios)] if ratios else None}, indent=1))


if __name__ == "__main__":
    main()
