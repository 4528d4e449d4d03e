"""One budget for many methods (``copfl compare --algorithms all --budget 1h --select``): which
method for this problem?

The search is **successive halving over methods**, each method in its own study (the same studies
``compare --tune`` keeps in ``OUT/tune``, so that they can be continued):

1. every method runs one trial, its first *start point*: the best setting the prior library holds
   for it on other problems of the same model family (the built-in library without a library of
   one's own), else its default setting;
2. the methods are ranked by their best validation objective, the better half goes on (never
   fewer than :data:`KEEP` besides Local, the reference every row is read against, which always
   goes on), and
   each goes on to :data:`ETA` times as many trials (its next start points: the default, the
   other priors; then TPE proposals in its study, pruned by the study's Hyperband pruner after the
   method's own warm-up, ``search_warmup``);
3. once :data:`KEEP` methods (and Local) are left, they take one trial each in turn until the
   budget (seconds of trials, all methods together) is spent; a budget spent before the halvings
   end keeps the best :data:`KEEP` (and Local) of those still in.

Why not one Optuna study with the method as a categorical and its knobs conditional on it: with
a laptop's budget each method gets a handful of trials, too few for TPE to learn 30 conditional
spaces, and one pruner cannot hold each method's warm-up; halving spends the budget where the
validation figures say it matters, and says which methods are still in at each step.

Every decision is made again from the studies' stored trials, so an interrupted selection resumes
where it stopped (the budget counts the seconds already spent)."""

from __future__ import annotations

import math
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from copfl.app.checks import UsageError
from copfl.app.variants import Row
from copfl.execution.config import RunConfig
from copfl.execution.federation import build_federation
from copfl.results.callbacks import DataProgress

KEEP = 3  # methods the search keeps to the end (Local comes on top when it is not among them)
ETA = 2  # each halving keeps the better 1/ETA of the methods and gives them ETA times the trials
REFERENCE = "local"


@dataclass
class Selection:
    """What the search did: the methods it kept (best first by validation), each method's
    trials and best validation objective, the step at which each left, and the seconds spent."""

    kept: list[str]
    trials: dict[str, int]
    best_val: dict[str, float | None]
    dropped_at: dict[str, int] = field(default_factory=dict)
    steps: list[dict[str, Any]] = field(default_factory=list)
    budget_seconds: float = 0.0
    spent_seconds: float = 0.0

    def as_dict(self) -> dict[str, Any]:
        return {"budget_seconds": round(self.budget_seconds, 1), "spent_seconds": round(self.spent_seconds, 1), "kept": self.kept,
                "trials": self.trials, "best_val": self.best_val, "dropped_at_step": self.dropped_at, "steps": self.steps}


def check_budget(cfg: RunConfig, rows: list[Row], budget: float, text: str | None = None) -> None:
    """A budget that cannot run one trial of each method (by the dry run's cost model) is
    refused, naming what it would take."""
    from dataclasses import replace

    from copfl.app.estimate import format_duration, trial_seconds
    from copfl.tuning.tuner import tuning_problem

    problem = tuning_problem(cfg)
    need = sum(trial_seconds(replace(problem, algorithm=r.algorithm).resolved(), r.fixed) for r in rows)
    if budget < need:
        least = f"{math.ceil(need)}s" if need < 120 else f"{math.ceil(need / 60)}m"
        raise UsageError(
            f"--budget {text or format_duration(budget)} is too small to run one trial of each of the {len(rows)} methods on this problem "
            f"(about {format_duration(need)} by copfl's cost model): give at least --budget {least}, "
            "or fewer methods (--algorithms all,-NAME,... leaves some out)")


def ranked(keys: list[str], best: dict[str, float | None]) -> list[str]:
    """``keys`` by their best validation objective, best first (a method with no completed trial
    last), ties in the given order."""
    return sorted(keys, key=lambda k: (best[k] is None, -(best[k] or 0.0), keys.index(k)))


def survivors(alive: list[str], best: dict[str, float | None], keep: int = KEEP, eta: int = ETA) -> list[str]:
    """The methods that go on after a halving: the better ``1/eta`` of ``alive`` besides the
    reference (at least ``keep`` of them), then the reference (Local) where it is in the race."""
    others = ranked([k for k in alive if k != REFERENCE], best)
    out = others[: max(keep, math.ceil(len(others) / eta))]
    return out + ([REFERENCE] if REFERENCE in alive else [])


def select(cfg: RunConfig, rows: list[Row], out: Path, budget: float, prior: Any, log: Callable[[str], None] | None = None) -> Selection:
    """The search over ``rows`` (each a method or a variant) on the problem ``cfg``'s validation
    data, ``budget`` seconds of trials in all; studies in ``out`` (OUT/tune)."""
    import optuna

    from copfl.algorithms.base import get_algorithm
    from copfl.tuning.tuner import BUDGET_CAP, Tuner, tuning_problem

    log = log or (lambda m: print(m, file=sys.stderr))
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    problem = tuning_problem(cfg)
    fed = build_federation(problem, progress=DataProgress())
    out.mkdir(parents=True, exist_ok=True)
    tuner = Tuner(problem, fed, out, 1, None, log, prior=prior, prior_first=True)
    by_key = {r.key: r for r in rows}
    studies = {r.key: tuner.study(r.key, get_algorithm(r.algorithm)) for r in rows}

    def finished(key: str) -> list[Any]:
        return [t for t in studies[key].get_trials(deepcopy=False) if t.state.is_finished() and t.state != optuna.trial.TrialState.FAIL]

    def best(key: str) -> float | None:
        done = [t.value for t in finished(key) if t.state == optuna.trial.TrialState.COMPLETE and t.value is not None]
        return max(done) if done else None

    def spent() -> float:
        return sum(tuner.spent(s) for s in studies.values())

    def bring_to(key: str, target: int) -> int:
        """Trials of ``key``'s study up to ``target`` finished ones, while the budget lasts (the
        first trial of every method whatever the budget: :func:`check_budget` priced it); how
        many ran."""
        r, ran = by_key[key], 0
        while len(finished(key)) < min(target, BUDGET_CAP) and (spent() < budget or not finished(key)):
            before = len(finished(key))
            tuner.trials = before + 1
            tuner.tune(r.algorithm, key, r.fixed)
            if len(finished(key)) == before:  # no trial finished (cannot happen unless the study refuses more)
                break
            ran += 1
        return ran

    alive, target, dropped, steps = list(by_key), 1, {}, []
    final = False  # the last methods in take one trial each, in turn, until the budget is spent: one step
    while True:
        ran = sum(bring_to(key, target) for key in alive)
        scores = {k: best(k) for k in by_key}
        if not final or not steps:
            steps.append({"step": len(steps), "methods": list(alive), "trials_each": target, "spent_seconds": round(spent(), 1)})
            log(f"selection, step {len(steps) - 1}: {len(alive)} method(s) in ({', '.join(ranked(alive, scores))}), "
                f"up to {target} trial(s) each{' (then one each in turn)' if final else ''}; {spent():.0f} of {budget:.0f} s of trials spent")
        else:
            steps[-1].update(trials_each=target, spent_seconds=round(spent(), 1))
        # nothing ran although a study is short of its trials: they cannot go on (every study at its cap)
        stuck = not ran and any(len(finished(k)) < min(target, BUDGET_CAP) for k in alive)
        if spent() >= budget or stuck or all(len(finished(k)) >= BUDGET_CAP for k in alive):
            break
        if len(alive) > KEEP + (REFERENCE in alive):
            nxt = survivors(alive, scores)
            for k in alive:
                if k not in nxt:
                    dropped[k] = len(steps) - 1
            alive, target = nxt, target * ETA
            final = len(alive) <= KEEP + (REFERENCE in alive)
        else:
            final, target = True, target + 1
    scores = {k: best(k) for k in by_key}
    if len(alive) > KEEP + (REFERENCE in alive):  # the budget ran out before the halvings did: the best few go on
        last = survivors(alive, scores, eta=len(alive))
        dropped.update({k: len(steps) - 1 for k in alive if k not in last})
        alive = last
    return Selection(kept=ranked(alive, scores), trials={k: len(finished(k)) for k in by_key}, best_val=scores, dropped_at=dropped,
                     steps=steps, budget_seconds=budget, spent_seconds=spent())



def chosen_rows(rows: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Per method (row key) the row a user would take from compare.json's ``rows``: its tuned row,
    unless tuning kept the default (then its default row)."""
    out = {r["variant"]: r for r in rows if r["setting"] == "default"}
    out.update({r["variant"]: r for r in rows if r["setting"] == "tuned" and not r.get("same_as_default")})
    return out


def within_noise(row: dict[str, Any], winner: dict[str, Any]) -> bool:
    """Whether ``row``'s selected accuracy (mean over seeds) is at most the seed noise below the
    winner's: the difference of the means against the root of the sum of both variances over
    seeds (one seed: no noise, so only an equal or higher mean counts)."""
    a, b = row.get("selected_mean"), winner.get("selected_mean")
    if a is None or b is None:
        return False
    noise = math.hypot(row.get("selected_std") or 0.0, winner.get("selected_std") or 0.0)
    return b - a <= noise


def selection_report(sel: Selection, rows: list[dict[str, Any]]) -> tuple[str, dict[str, Any]]:
    """compare.md's selection section and selection.json: the winner (the search's best method
    on validation data), its final figures, the methods within seed noise of it, and what the
    search cost (trials per method, seconds; the step at which each method left)."""
    chosen = chosen_rows(rows)
    winner = sel.kept[0]
    w = chosen.get(winner, {})
    near = [k for k in sel.kept if k != winner and k in chosen and within_noise(chosen[k], w)]

    def pct(x: float | None) -> str:
        return "-" if x is None else f"{100 * x:.2f}"

    finals = {k: {"setting": r["setting"], "params": r.get("params", {}), "selected_mean": r.get("selected_mean"),
                  "selected_std": r.get("selected_std"), "seeds": r.get("selected_n")} for k, r in chosen.items()}
    doc = {**sel.as_dict(), "winner": winner, "within_noise": near, "finals": finals}
    lines = [
        "## Selection: which method for this problem",
        "",
        f"**Winner: {winner}** (the best validation objective of the search, {pct(sel.best_val.get(winner))}%; its "
        f"{w.get('setting', '-')} row: {pct(w.get('selected_mean'))} +- {pct(w.get('selected_std'))}% test accuracy at the "
        f"validation-selected round over {w.get('selected_n', 0)} seed(s)). "
        + (f"Within seed noise of it: {', '.join(near)}." if near else "No other kept method is within seed noise of it."),
        "",
        f"The search: {len(sel.trials)} methods, successive halving on validation data, {sel.spent_seconds:.0f} s of trials "
        f"spent of a {sel.budget_seconds:.0f} s budget; {len(sel.steps)} step(s), "
        + "; ".join(f"{len(s['methods'])} in for up to {s['trials_each']} trial(s) each" for s in sel.steps) + ".",
        "",
        "| method | trials | best val (search) | left at step | final row | selected acc (test) |",
        "|---|---|---|---|---|---|",
    ]
    order = ranked(list(sel.trials), sel.best_val)
    for k in order:
        r = chosen.get(k)
        lines.append(f"| {k} | {sel.trials[k]} | {pct(sel.best_val[k])} | {sel.dropped_at.get(k, 'kept')} | "
                     f"{r['setting'] if r else '-'} | {pct(r.get('selected_mean')) + ' +- ' + pct(r.get('selected_std')) if r else '-'} |")
    return "\n".join(lines), doc
