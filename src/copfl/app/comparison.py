"""``copfl compare``: several algorithms (or variants) on the same split, one table and one plot;
``--tune N`` / ``--budget`` tunes each row first."""

from __future__ import annotations

import json
import sys
from contextlib import ExitStack
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from copfl.execution import runfolder
from copfl.algorithms.base import get_algorithm, make_config
from copfl.results.callbacks import DataProgress, RunsProgress
from copfl.app.single_run import RunOutcome, RunRequest, run_one
from copfl.app.checks import UsageError, check_out, check_top, options_for, prior_library, read_params_file, results_folder, seeds_folder, tuning_limits, unused_options
from copfl.app.texts import data_line, pct, problem_line, results_line
from copfl.results.summary import compare_table
from copfl.execution.config import RunConfig
from copfl.execution.experiment import default_out
from copfl.execution.federation import build_federation
from copfl.io import atomic_write_json, atomic_write_text
from copfl.execution.ray_clients import check_workers
from copfl.results.summary import summarize
from copfl.runtime import resolve_device
from copfl.algorithms.search_space import space_of


@dataclass
class CompareRequest:
    """What ``copfl compare`` runs, typed: the command builds one from its flags
    (:func:`cmd_compare`), :func:`copfl.compare` from its arguments; :func:`compare` runs it."""

    algorithms: str
    """The rows: names or variants, comma-separated (``"fedavg,fedavg[lr=0.01],co-pfl"``)."""
    cfg: RunConfig
    """The run options every row shares (its ``algorithm`` is each row's), the rows' options in ``options``."""
    given: frozenset[str] = frozenset()
    """The options the user set (run and algorithm options): kept over --params' values, named in notes."""
    out: str | None = None
    """The results folder (None: ``cfg.out``, else a new one under runs/)."""
    seeds: int = 1
    tune: int | None = None
    budget: str | None = None
    prior: str | None = None
    save_prior: str | None = None
    params: str | None = None
    overwrite: bool = False
    dry_run: bool = False
    select: bool = False
    """One search over the rows for ``budget`` (:mod:`copfl.app.selection`), then the best few and Local
    get default and tuned rows on every seed."""


@dataclass
class CompareOutcome:
    """What :func:`compare` made: the table (or a dry run's plan) and where the results are."""

    text: str
    """The table ``copfl compare`` prints (compare.md), or the dry run's plan."""
    out: Path | None
    """The results folder (None for a dry run)."""
    tuned: dict[str, dict[str, Any]] = field(default_factory=dict)
    """Each tuned row's values and tuning figures (``compare --tune``)."""
    doc: dict[str, Any] = field(default_factory=dict)
    """compare.json's content: per row its figures (and ``rows`` with --tune or --seeds)."""
    runs: dict[str, RunOutcome] = field(default_factory=dict)
    """Each row's run (one seed), in memory: what its folder's files hold."""


def compare(req: CompareRequest) -> CompareOutcome:
    """Every row of ``req`` on the same split(s): tuned first with ``tune``/``budget``, on
    ``seeds`` seeds; notes and progress on stderr. A :class:`UsageError` names a bad request
    before any data is loaded."""
    from copfl.app.multiseed import check_count
    from copfl.app.variants import parse_rows

    try:
        k = check_count(req.seeds)
        rows = parse_rows(req.algorithms)
    except ValueError as e:
        raise UsageError(str(e)) from None
    cfg = req.cfg
    options = cfg.options or {}
    names = sorted({r.algorithm for r in rows})
    orphan = [o for o in options if not any(options_for(a, {o: 1}, strict=False) for a in names)]
    if orphan:
        raise UsageError(f"option(s) {', '.join(orphan)} belong to none of {', '.join(names)}")
    tune_trials, budget = req.tune, None
    if req.select:
        return _compare_selected(req, rows, k)
    if tune_trials is not None or req.budget:  # --budget alone tunes too
        tune_trials, budget = tuning_limits(tune_trials, req.budget, "--tune")
    elif req.prior is not None or req.save_prior is not None:
        raise UsageError("--prior and --save-prior go with --tune N or --budget (they start and keep tuning studies)")
    if tune_trials is not None and req.params:
        raise UsageError("--tune and --params: give one (--tune searches, --params uses a search's result)")
    if tune_trials is not None:
        from copfl.tuning.tuner import check_tuning

        check_tuning(cfg, tune_trials, "--tune", "--tune")
        for r in rows:
            if nothing_to_tune(r):
                print(f"note: --tune: {r.text} fixes every knob of {r.algorithm}'s search space: nothing to tune; "
                      "its tuned row is its default row", file=sys.stderr)
    bases, acfgs = _row_configs(req, rows)
    out = (seeds_folder if k > 1 else results_folder)(req.out, cfg, default_out(replace(cfg, algorithm="compare")))
    if req.dry_run:
        return CompareOutcome(compare_estimate(rows, acfgs, tune_trials, k, cfg.seed, budget, _dry_run_out(req, out)), None)
    if cfg.mlflow:  # every run of the comparison (and its tuning) in one store: the compare folder's
        from copfl.results.tracking import tracking_uri

        uri = tracking_uri(cfg.mlflow, out)
        cfg = replace(cfg, mlflow=uri)
        bases = {key: replace(c, mlflow=uri) for key, c in bases.items()}
        acfgs = {key: replace(c, mlflow=uri) for key, c in acfgs.items()}
    resolve_device(cfg.device)
    check_workers(cfg)  # --workers: Ray importable and reachable, before any data is loaded
    tuned: dict[str, dict[str, Any]] = {}
    with ExitStack() as held:
        if out.exists():  # another process's command there is refused now, before any data is loaded
            held.enter_context(runfolder.hold(out))
        check_top(out, req.overwrite, "compare")
        if tune_trials is not None:
            out.mkdir(parents=True, exist_ok=True)
            held.enter_context(runfolder.hold(out))
            acfgs, tuned = _tune_rows(cfg, rows, bases, acfgs, out, tune_trials, budget, prior_library(req.prior),
                                      prior_library(req.save_prior, saving=True))
        table, doc, runs = _final_rows(cfg, rows, acfgs, tuned, out, k, req.overwrite, held)
    return CompareOutcome(table, out, tuned, doc, runs)


def _final_rows(cfg: RunConfig, rows: list[Any], acfgs: dict[str, Any], tuned: dict[str, dict[str, Any]], out: Path, k: int,
                overwrite: bool, held: ExitStack) -> tuple[str, dict[str, Any], dict[str, RunOutcome]]:
    """Every row (default and tuned) on every seed: compare.md (its tuning table with ``tuned``)
    and compare.json; the table, compare.json's content and, on one seed, each row's run."""
    aliases = {key: (t["same_as"], t["why"]) for key, t in tuned.items() if t.get("same_as")}
    if k == 1:
        return _compare_one_split(cfg, rows, acfgs, tuned, aliases, out, overwrite, held)
    from copfl.app.multiseed import compare_seeds

    table = compare_seeds(cfg, acfgs, out, k, lambda m: print(m, file=sys.stderr), overwrite=overwrite, aliases=aliases,
                          confirm=lambda h: confirm_tuned(tuned, h))
    doc = _write_rows(out, rows, acfgs, tuned, k, cfg.seed)
    if tuned:
        table += "\n\n" + tuning_table(tuned, doc["rows"])
        atomic_write_text(out / "compare.md", table + "\n")
    return table, doc, {}



def _compare_selected(req: CompareRequest, rows: list[Any], k: int) -> CompareOutcome:
    """``compare --select``: the rows raced for ``--budget`` of trials
    (:func:`copfl.app.selection.select`), then the methods it keeps compared as ``--tune`` does:
    default and tuned rows on every seed; selection.json and a section of compare.md say what the
    search found and cost."""
    from copfl.app.selection import KEEP, check_budget, select, selection_report
    from copfl.tuning.tuner import check_tuning

    if not req.budget:
        raise UsageError("--select needs --budget DURATION: the trial time its search spends on all the methods together (e.g. --budget 1h)")
    if req.tune is not None or req.params:
        raise UsageError("--select searches within --budget: it goes with neither --tune N nor --params")
    _, budget = tuning_limits(None, req.budget, "--tune")
    assert budget is not None
    cfg = req.cfg
    check_tuning(cfg, 1, "--select", "compare --select")
    check_budget(cfg, rows, budget, req.budget)
    bases, acfgs = _row_configs(req, rows)
    out = (seeds_folder if k > 1 else results_folder)(req.out, cfg, default_out(replace(cfg, algorithm="compare")))
    if req.dry_run:
        from copfl.app.estimate import estimate_seconds, format_duration
        from copfl.app.multiseed import seed_list

        first = next(iter(acfgs.values()))
        finals = [replace(acfgs[r.key], seed=s) for r in rows[: KEEP + 1] for s in range(cfg.seed, cfg.seed + k) for _ in range(2)]
        text = (f"{problem_line(first, seed_list(cfg.seed, k))}\n"
                f"selection: {len(rows)} methods raced for --budget {format_duration(budget)} of trials on seed {cfg.seed}'s validation data "
                f"(successive halving; priors first), about {format_duration(budget)}\n"
                f"final runs: about {len(finals)} (the best {KEEP} methods and local, default + tuned; {k} seed(s)), "
                f"about {format_duration(estimate_seconds(finals))}\n{data_line(first)}\n{results_line(*_dry_run_out(req, out))}\n"
                f"total: about {format_duration(budget + estimate_seconds(finals))} on this kind of CPU (+-50%); nothing was run")
        return CompareOutcome(text, None)
    resolve_device(cfg.device)
    check_workers(cfg)
    with ExitStack() as held:
        if out.exists():
            held.enter_context(runfolder.hold(out))
        check_top(out, req.overwrite, "compare")
        out.mkdir(parents=True, exist_ok=True)
        held.enter_context(runfolder.hold(out))
        prior = prior_library(req.prior if req.prior is not None else "")  # the built-in priors without a library of one's own
        sel = select(cfg, rows, out / "tune", budget, prior)
        kept = [r for key in sel.kept for r in rows if r.key == key]
        acfgs, tuned = _tune_rows(cfg, kept, bases, {r.key: acfgs[r.key] for r in kept}, out, 1, None, None,
                                  prior_library(req.save_prior, saving=True))
        table, doc, runs = _final_rows(cfg, kept, acfgs, tuned, out, k, req.overwrite, held)
        report, sdoc = selection_report(sel, doc["rows"])
        table += "\n\n" + report
        atomic_write_text(out / "compare.md", table + "\n")
        atomic_write_json(out / "selection.json", sdoc)
        doc = {**doc, "selection": sdoc}
        atomic_write_json(out / "compare.json", doc)
    return CompareOutcome(table, out, tuned, doc, runs)

def _row_configs(req: CompareRequest, rows: list[Any]) -> tuple[dict[str, RunConfig], dict[str, Any]]:
    """Each row's run config before tuning (``bases``) and resolved (``acfgs``): the shared
    options, --params' values (where the user set none), the variant's own; every row checked
    before the first run."""
    from copfl.tuning.values import apply_params

    params = read_params_file(req.params, req.dry_run)
    options = req.cfg.options or {}
    bases: dict[str, RunConfig] = {}
    acfgs: dict[str, Any] = {}
    for r in rows:
        acfg = replace(req.cfg, algorithm=r.algorithm, options=options_for(r.algorithm, options, strict=False))
        if params is not None:
            if r.key in params or r.algorithm in params:
                values = params[r.key] if r.key in params else params[r.algorithm]
                acfg = apply_params(acfg, {k: v for k, v in values.items() if k not in req.given}, f"--params {req.params}")
            else:
                print(f"note: --params {req.params} holds no values for {r.key}: it runs with its defaults", file=sys.stderr)
        if r.fixed:
            acfg = apply_params(acfg, r.fixed, f"--algorithms {r.text}")
        bases[r.key] = acfg
        acfgs[r.key] = acfg.resolved()
        make_config(get_algorithm(r.algorithm), acfgs[r.key].options)
        for line in unused_options(acfgs[r.key], set(req.given)):  # the others use it: a note, not a refusal
            print(f"note: {line}", file=sys.stderr)
    return bases, acfgs


def _compare_one_split(cfg: RunConfig, rows: list[Any], acfgs: dict[str, Any], tuned: dict[str, dict[str, Any]],
                       aliases: dict[str, tuple[str, str]], out: Path, overwrite: bool,
                       held: ExitStack) -> tuple[str, dict[str, Any], dict[str, RunOutcome]]:
    """One seed: every row on one split in OUT/<row>; compare.json, compare.md, compare.png;
    returns the table, compare.json's content and each row's run, in memory."""
    from copfl.app.multiseed import replace_rows, with_aliases
    from copfl.results.plots import plot_curves

    for a in acfgs:  # every row's folder checked before the first run
        check_out(out / a, acfgs[a], overwrite)
    fed = build_federation(cfg, progress=DataProgress())  # one split, shared by every algorithm
    held.enter_context(runfolder.hold(out))
    fed.split.save(out / "split.json")
    results: dict[str, dict[str, Any]] = {}
    runs: dict[str, RunOutcome] = {}
    overall = RunsProgress(len(acfgs))
    for a, acfg in acfgs.items():
        overall.next(a)
        runs[a] = run_one(RunRequest(acfg, out / a, overwrite=overwrite, fed=fed, label=a, checked=True, diverged_ok=True))
        results[a] = runs[a].summary
    histories = {a: r.rounds for a, r in runs.items()}
    doc = {a: {**summarize(histories[a]), "status": results[a]["status"]} for a in acfgs}
    later = confirm_tuned(tuned, {a: [h] for a, h in histories.items()})
    doc = with_aliases(replace_rows(doc, later), aliases)
    atomic_write_json(out / "compare.json", doc)
    doc = _write_rows(out, rows, acfgs, tuned, 1, cfg.seed, doc, runs)
    listed = doc["rows"]
    table = compare_table(with_aliases({a: v for a, v in results.items() if a not in later}, {**aliases, **later}))
    if tuned:
        table += "\n\n" + tuning_table(tuned, listed)
    atomic_write_text(out / "compare.md", table + "\n")
    plot_curves(histories, out / "compare.png", title=f"{cfg.dataset}, {len(fed.clients)} clients")
    return table, doc, runs


def _dry_run_out(req: CompareRequest, out: Path) -> tuple[Path, str]:
    """The folder a comparison would write and what a dry run says of it."""
    if req.out or req.cfg.out:
        return out, "named by --out" if req.out else "the config's out"
    return out, "named by the time it starts; --out DIR names it"


def compare_estimate(rows: list[Any], acfgs: dict[str, Any], trials: int | None, k: int, root_seed: int, budget: float | None = None,
                     out: tuple[Path, str] | None = None) -> str:
    """``compare --dry-run``: the problem every row runs on, the runs a comparison makes
    (tuning trials, then each row's default and tuned runs on every seed), the data, where the
    results go (``out``: the folder and a note) and about how long it takes on this CPU (the
    reproduce cost model, copfl.app.estimate; +-50%)."""
    from copfl.app.multiseed import seed_list
    from copfl.app.estimate import estimate_seconds, format_duration, trial_seconds

    seeds = seed_list(root_seed, k)
    total_runs = 0
    lines = [problem_line(next(iter(acfgs.values())), seeds)]
    tune_s = 0.0
    tunable = [r for r in rows if trials and not nothing_to_tune(r)]
    if tunable and budget is not None:
        tune_s = min(budget, sum(trials * trial_seconds(acfgs[r.key], r.fixed) for r in tunable))
        lines.append(f"tuning: {len(tunable)} row(s), --budget {format_duration(budget)} shared ({format_duration(budget / len(tunable))} "
                     f"of trials each, at most {trials} trials) on seed {seeds[0]}'s validation data, about {format_duration(tune_s)}")
    elif tunable:
        tune_s = sum(trials * trial_seconds(acfgs[r.key], r.fixed) for r in tunable)
        lines.append(f"tuning: {len(tunable)} row(s) x {trials} trials on seed {seeds[0]}'s validation data, about {format_duration(tune_s)}")
    # a row with nothing to tune runs once: its tuned row is its default row
    finals = [replace(acfgs[r.key], seed=s) for r in rows for s in seeds for _ in range(2 if r in tunable else 1)]
    total_runs = len(finals)
    final_s = estimate_seconds(finals)
    names = ", ".join(f"{r.key}{' (default + tuned)' if r in tunable else ' (nothing to tune)' if trials else ''}" for r in rows)
    lines.append(f"final runs: {total_runs} ({names}; {k} seed(s)), about {format_duration(final_s)}")
    lines.append(data_line(next(iter(acfgs.values()))))
    if out is not None:
        lines.append(results_line(*out))
    lines.append(f"total: about {format_duration(tune_s + final_s)} on this kind of CPU (+-50%; pruning varies); nothing was run")
    return "\n".join(lines)


def confirm_tuned(tuned: dict[str, dict[str, Any]], histories: dict[str, list[list[dict[str, Any]]]]) -> dict[str, tuple[str, str]]:
    """compare --tune's confirmation, once every row has run on every seed: a tuned
    row with runs of its own whose validation objective on those runs, averaged over the seeds,
    is not above its default row's (:func:`copfl.tuning.objective.confirms_tuned`) is shown with
    the default row's runs after all. ``histories``: row -> one history per seed, the first
    seed's first: the seed whose split the study tuned on. With more than one seed that seed is
    left out (:func:`confirming_seeds`): its validation data chose the setting, so it would
    confirm its own pick. Each tuned entry of ``tuned`` gets ``final_val`` (both rows' figure,
    the seeds it is averaged over) and, where it falls back, ``same_as`` and ``why``; returns
    those rows (row -> (default row, why))."""
    from copfl.tuning.objective import confirms_tuned, last_window_mean

    later: dict[str, tuple[str, str]] = {}
    for key, t in tuned.items():
        if t.get("same_as") or t.get("objective") != "last" or key not in histories or t["row"] not in histories:
            continue
        used = confirming_seeds(len(histories[key]))
        vals = {x: [v for h in histories[x][used] if (v := last_window_mean(h, "val_acc_weighted")) is not None] for x in (key, t["row"])}
        tv, dv = vals[key], vals[t["row"]]
        n = len(histories[key][used])
        t["final_val"] = {"tuned": sum(tv) / len(tv) if tv else None, "default": sum(dv) / len(dv) if dv else None, "seeds": n,
                          "tuning_seed_left_out": n < len(histories[key])}
        if not confirms_tuned(tv, dv):
            f = t["final_val"]
            which = f"{n} seed(s) besides the tuning seed" if f["tuning_seed_left_out"] else f"{n} seed(s)"
            why = f"not confirmed by the final runs: their validation objective {pct(f['tuned'])} against the default's {pct(f['default'])} ({which})"
            t.update(same_as=t["row"], why=why)
            later[key] = (t["row"], why)
    return later


def confirming_seeds(seeds: int) -> slice:
    """The seeds (positions; the first is the tuning seed) whose final runs confirm a tuned row:
    every seed but the tuning seed, whose validation data the study picked the setting on; with
    a single seed, that one (there is no other)."""
    return slice(1, None) if seeds > 1 else slice(None)


def nothing_to_tune(row: Any) -> bool:
    """A comparison row (copfl.app.variants.Row) that fixes every knob of its algorithm's search space."""
    return not set(space_of(get_algorithm(row.algorithm))) - set(row.fixed)


def _tune_rows(cfg: RunConfig, rows: list[Any], bases: dict[str, RunConfig], acfgs: dict[str, Any], out: Path, trials: int,
               budget: float | None = None, prior: Any = None, save_to: Any = None) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
    """``compare --tune``: each row tuned on the first seed's split (its validation part) in
    OUT/tune; the row list then holds each row's default setting and, next to it, its tuned one
    (key ``<row>+tuned``). A row with nothing to tune (every knob fixed) gets no run of its own:
    its tuned row is its default row (``same_as`` in its entry of the returned tuning dict), and so
    is a row whose default setting scored best or within validation noise of the best
    (:func:`copfl.tuning.objective.keeps_default`, the one-standard-error rule)."""
    from copfl.tuning.priors import entries_from
    from copfl.tuning.values import apply_params
    from copfl.tuning.tuner import run_tune, tuning_problem
    from copfl.tuning.objective import keeps_default, validation_noise

    tunable = [r for r in rows if not nothing_to_tune(r)]
    by_key, n_val = {}, 0
    if tunable:
        problem = tuning_problem(cfg)  # each client's validation part at least TUNE_VAL_MIN samples
        fed = build_federation(problem, progress=DataProgress())
        n_val = sum(c.num_val for c in fed.clients)  # the pooled validation samples the objective is measured on
        res = run_tune(problem, fed, [(r.key, r.algorithm, r.fixed) for r in tunable], out / "tune", trials, None,
                       lambda m: print(m, file=sys.stderr), budget=budget, prior=prior)
        by_key = {s["algorithm"]: s for s in res["summaries"]}
        if save_to is not None:
            save_to.add(entries_from(res["summaries"], {r.key: r.algorithm for r in tunable}, problem.resolved(), runfolder.run_id(problem)))
    out_cfgs: dict[str, Any] = {}
    tuned: dict[str, dict[str, Any]] = {}
    for r in rows:
        out_cfgs[r.key] = acfgs[r.key]
        if r not in tunable:
            tuned[f"{r.key}+tuned"] = {"row": r.key, "params": dict(r.fixed), "val_acc": None, "trials": 0, "pruned": 0, "seconds": 0.0,
                                       "same_as": r.key, "why": "nothing to tune"}
            continue
        s = by_key[r.key]
        if s["best"] is None:
            print(f"note: {r.key}: no tuning trial completed (all pruned or diverged): no tuned row", file=sys.stderr)
            continue
        values = {k: v for k, v in s["best"]["params"].items() if k not in r.fixed}
        out_cfgs[f"{r.key}+tuned"] = apply_params(bases[r.key], values, f"{r.key} tuned").resolved()
        tuned[f"{r.key}+tuned"] = {"row": r.key, "params": s["best"]["params"], "val_acc": s["best"]["val_acc"], "trials": s["trials"],
                                   "pruned": s["pruned"], "seconds": s["seconds_total"], "objective": s["objective"],
                                   "default_val_acc": (s.get("default") or {}).get("val_acc")}
        default = s.get("default")
        if default and default["trial"] == s["best"]["trial"]:  # the default scored best: the tuned row is the default row
            del out_cfgs[f"{r.key}+tuned"]
            tuned[f"{r.key}+tuned"].update(same_as=r.key, why="the default setting scored best")
        elif default and keeps_default(s["best"]["val_acc"], default["val_acc"], n_val):
            noise = validation_noise(default["val_acc"], n_val)
            del out_cfgs[f"{r.key}+tuned"]
            tuned[f"{r.key}+tuned"].update(same_as=r.key, why=(
                f"the default setting scored within validation noise of the best ({100 * (s['best']['val_acc'] - default['val_acc']):+.2f} "
                f"points, noise {100 * noise:.2f} on {n_val} samples)"))
    return out_cfgs, tuned


def tuning_table(tuned: dict[str, dict[str, Any]], rows: list[dict[str, Any]] | None = None) -> str:
    """The tuned rows' values, their validation objective beside the default setting's, the
    tuned row's validation-test gap (the objective minus the same figure on test data, in
    points: what tuning on validation over-promised) and what finding them cost."""
    gap = {f"{r['variant']}+tuned": r.get("val_test_gap") for r in rows or [] if r["setting"] == "tuned"}
    lines = ["| tuned row | values | best val (objective) | default's val | val - test (points) | trials (pruned) | tuning seconds |",
             "|---|---|---|---|---|---|---|"]
    for key, t in tuned.items():
        vals = ", ".join(f"{k}={v:.4g}" if isinstance(v, float) else f"{k}={v}" for k, v in t["params"].items())
        if t.get("same_as"):
            vals += f" ({'nothing to tune: every knob fixed' if t['why'] == 'nothing to tune' else t['why']}; the row is {t['same_as']}'s)"
        g = gap.get(key)
        lines.append(f"| {key} | {vals} | {pct(t['val_acc'])} | {pct(t.get('default_val_acc'))} | {'-' if g is None else f'{100 * g:+.2f}'} "
                     f"| {t['trials']} ({t['pruned']}) | {t['seconds']:.1f} |")
    return "\n".join(lines)


def _write_rows(out: Path, rows: list[Any], acfgs: dict[str, Any], tuned: dict[str, dict[str, Any]], k: int, root_seed: int,
                doc: dict[str, Any] | None = None, runs: dict[str, RunOutcome] | None = None) -> dict[str, Any]:
    """compare.json with its ``rows`` (written and returned; ``doc``: its content so far, else
    read from the folder; ``runs``: one seed's runs in memory, else read from their folders): per row and setting (default, tuned) its values and
    the mean +- std over seeds of the selected (validation-chosen round, test accuracy) and
    final figures; under --tune with the "last" objective also the same figure on test data
    (``test_last_weighted``: the last rounds' pooled test accuracy, mean over seeds), the
    setting's validation objective and their difference (``val_test_gap``)."""
    from copfl.app.multiseed import mean_std, read_history, seed_folder, seed_list
    from copfl.tuning.objective import last_window_mean

    if doc is None:
        doc = json.loads((out / "compare.json").read_text()) if (out / "compare.json").exists() else {}
    by_key = {r.key: r for r in rows}
    listed = []
    keys = [x for r in rows for x in (r.key, f"{r.key}+tuned") if x in acfgs or x in tuned]
    for key in keys:
        base_key = key[: -len("+tuned")] if key in tuned else key
        r = by_key[base_key]
        folder = tuned[key].get("same_as", key) if key in tuned else key  # nothing to tune: the default row's runs
        folders = [out / folder] if k == 1 else [seed_folder(out, s) / folder for s in seed_list(root_seed, k)]
        if runs is not None and k == 1:
            sums = [runs[folder].summary] if folder in runs else []
        else:
            sums = [json.loads((f / "summary.json").read_text()) for f in folders if (f / "summary.json").exists()]
        row: dict[str, Any] = {"algorithm": r.algorithm, "variant": r.key, "setting": "tuned" if key in tuned else "default",
                               "params": tuned[key]["params"] if key in tuned else dict(r.fixed), "folder": folder}
        if key in tuned and tuned[key].get("same_as"):
            row["same_as_default"] = tuned[key]["why"]
            if tuned[key]["why"] == "nothing to tune":
                row["nothing_to_tune"] = True
        for name, section in (("selected", "selected"), ("final", "final")):
            vals = [float(s[section]["acc_mean"]) for s in sums if (s.get(section) or {}).get("acc_mean") is not None]
            m, sd = mean_std(vals) if vals else (None, None)
            row[f"{name}_mean"], row[f"{name}_std"], row[f"{name}_n"] = m, sd, len(vals)
        if key in tuned:
            row["tuning"] = {x: tuned[key][x] for x in ("trials", "pruned", "seconds", "val_acc")}
            if "final_val" in tuned[key]:  # the confirmation's figures (confirm_tuned)
                row["final_val"] = tuned[key]["final_val"]
        study = tuned.get(key) or tuned.get(f"{key}+tuned") or {}
        if study.get("objective") == "last":  # the objective and the test figure it estimates are alike
            unconfirmed = key in tuned and folder != key and "final_val" in tuned[key]  # its own runs, not shown: the gap is theirs
            own = [f.parent / key for f in folders] if unconfirmed else folders
            if runs is not None and k == 1:
                histories = [runs[f.name].rounds for f in own if f.name in runs]
            else:
                histories = [read_history(f) for f in own if (f / "metrics.jsonl").exists()]
            tests = [t for h in histories if (t := last_window_mean(h)) is not None]
            val = study.get("val_acc") if key in tuned else study.get("default_val_acc")
            row["test_last_weighted"] = sum(tests) / len(tests) if tests else None
            row["val_objective"] = val
            row["val_test_gap"] = None if val is None or not tests else val - row["test_last_weighted"]
        listed.append(row)
    doc = {**doc, "rows": listed}
    atomic_write_json(out / "compare.json", doc)
    return doc


