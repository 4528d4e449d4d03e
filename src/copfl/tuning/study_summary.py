"""A tuning study's results: its best trial, its summary (the table row of ``tune.md``),
``best.json``/``tune.json``/``tune.md`` and Optuna's plots (:mod:`copfl.tuning.tuner` runs the studies)."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

from copfl.io import atomic_write_json, atomic_write_text
from copfl.tuning.objective import OBJECTIVE, OBJECTIVE_WORDS
from copfl.tuning.trial_order import is_cut

BEST = "best.json"


def best_trial(study: Any) -> Any:
    """The completed trial with the highest objective, ties to the lower validation loss, then
    the earlier trial; None when no trial completed."""
    import optuna

    complete = [t for t in study.get_trials(deepcopy=False) if t.state == optuna.trial.TrialState.COMPLETE]
    if not complete:
        return None
    return max(complete, key=lambda t: (t.value, -t.user_attrs.get("val_loss", math.inf), -t.number))


def summarize_study(algorithm: str, study: Any, seconds: float) -> dict[str, Any]:
    import optuna

    trials = [t for t in study.get_trials(deepcopy=False) if t.state.is_finished()]
    best = best_trial(study)
    states = [t.state for t in trials]
    table = [
        {"trial": t.number, "state": t.state.name.lower(), "cut_short": is_cut(t), "val_acc": t.value, "round": t.user_attrs.get("round"),
         "rounds_run": t.user_attrs.get("rounds_run", max(t.intermediate_values, default=None)), "params": dict(sorted(t.params.items())),
         **({"origin": t.user_attrs["origin"]} if "origin" in t.user_attrs else {})}
        for t in trials
    ]
    default = next((r for r in table if r.get("origin") == "default" and not r["cut_short"]), None)
    return {
        "algorithm": algorithm,
        "best": None if best is None else {"trial": best.number, "val_acc": best.value, "val_loss": best.user_attrs.get("val_loss"),
                                           "round": best.user_attrs.get("round"), "params": dict(sorted(best.params.items()))},
        # the default setting's trial (trial 0 of every study copfl starts now): the tuned values never score below it
        "default": None if default is None else {k: default[k] for k in ("trial", "state", "val_acc", "params")},
        "trials": len(trials),
        "complete": states.count(optuna.trial.TrialState.COMPLETE),
        "pruned": states.count(optuna.trial.TrialState.PRUNED),
        "failed": states.count(optuna.trial.TrialState.FAIL),  # with those cut short (run again: "cut_short")
        "cut_short": sum(r["cut_short"] for r in table),
        "seconds_this_session": round(seconds, 3),
        "seconds_total": round(sum(float(t.user_attrs.get("seconds", 0.0)) for t in trials), 3),
        "table": table,
    }


def params_text(params: dict[str, Any]) -> str:
    return ", ".join(f"{k}={v:.4g}" if isinstance(v, float) else f"{k}={v}" for k, v in sorted(params.items()))


def tune_report(summaries: list[dict[str, Any]], trials: int, rounds: int) -> str:
    """``tune.md``: per algorithm its best values, then its trials. A trial cut short by a stop
    is listed apart from one that failed with an error: it ran again with its values as the
    next trial, so ``trials`` counts it beside its retry."""
    by_objective: dict[str, list[str]] = {}
    for s in summaries:
        by_objective.setdefault(s.get("objective", "peak"), []).append(s["algorithm"])
    objective = "; ".join(OBJECTIVE_WORDS[o] + (f" ({', '.join(algs)})" if len(by_objective) > 1 else "") for o, algs in by_objective.items())
    lines = [f"# copfl tune: {trials} trials per algorithm, {rounds} rounds each",
             "", f"Objective: {objective or OBJECTIVE_WORDS[OBJECTIVE]}; no test data is read.",
             "A trial cut short by a stop (the process killed or interrupted) ran again with its values as a later trial: "
             "`trials` counts both, the budget one.", "",
             "| algorithm | best val acc | round | best values | trials | pruned | cut short, run again | failed (error) | trial seconds |",
             "|---|---|---|---|---|---|---|---|---|"]
    for s in summaries:
        b = s["best"] or {}
        acc = "-" if not b else f"{100 * b['val_acc']:.2f}%"
        cut = s.get("cut_short", 0)
        lines.append(f"| {s['algorithm']} | {acc} | {b.get('round', '-')} | {params_text(b.get('params', {})) or '-'} | {s['trials']} | "
                     f"{s['pruned']} | {cut} | {s['failed'] - cut} | {s['seconds_total']:.1f} |")
    for s in summaries:
        lines += ["", f"## {s['algorithm']}", "", "| trial | state | val acc | best round | rounds run | values |", "|---|---|---|---|---|---|"]
        for t in s["table"]:
            acc = "-" if t["val_acc"] is None else f"{100 * t['val_acc']:.2f}%"
            state = "cut short, run again" if t.get("cut_short") else t["state"]
            lines.append(f"| {t['trial']} | {state} | {acc} | {t['round'] or '-'} | {t['rounds_run'] or '-'} | {params_text(t['params'])} |")
    return "\n".join(lines) + "\n"


def plot_study(study: Any, out: Path, algorithm: str) -> list[Path]:
    """Optuna's optimization history and parameter importances (when they can be computed)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import optuna
    from optuna.visualization import matplotlib as ovm

    written = []
    complete = [t for t in study.trials if t.state == optuna.trial.TrialState.COMPLETE]
    plots = [("history", ovm.plot_optimization_history)]
    if len(complete) >= 2 and len(complete[0].params) >= 2:
        plots.append(("importance", ovm.plot_param_importances))
    import warnings

    for name, fn in plots:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # Optuna marks its matplotlib plots experimental
            try:
                ax = fn(study)
            except (ValueError, RuntimeError, ZeroDivisionError):
                continue  # e.g. importances with no variation
        path = out / f"{algorithm}-{name}.png"
        ax.figure.tight_layout()
        ax.figure.savefig(path, dpi=110)
        plt.close(ax.figure)
        written.append(path)
    return written


def write_tune_files(out: Path, summaries: list[dict[str, Any]], trials: int, rounds: int, storage: str | None = None) -> dict[str, Any]:
    """best.json, tune.json and tune.md of ``summaries`` (Tuner.summary's) in ``out``; the best values."""
    best = {s["algorithm"]: s["best"]["params"] for s in summaries if s["best"] is not None}
    atomic_write_text(out / BEST, json.dumps(best, indent=2, sort_keys=True) + "\n")
    atomic_write_json(out / "tune.json", {"trials": trials, "rounds": rounds, "storage": "study.db" if storage is None else "external",
                                           "algorithms": summaries})
    atomic_write_text(out / "tune.md", tune_report(summaries, trials, rounds))
    return best
