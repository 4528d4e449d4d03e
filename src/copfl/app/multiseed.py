"""Several seeds of a run or a comparison: ``copfl run --seeds K`` and ``copfl compare --seeds K``.

(The random streams that one seed derives are :mod:`copfl.seeding`'s.)

Seed ``s`` of a root seed ``s0`` is ``s0 + i`` for ``i = 0..K-1``. Each seed is a full run with
its own federation: the split is drawn from the seed, with the same partition settings (the
same split family). Folders: ``OUT/seed-<s>/`` (a run's normal results folder) for ``copfl
run``, ``OUT/seed-<s>/<algorithm>/`` and ``OUT/seed-<s>/split.json`` for ``copfl compare``.

A run already finished (completed or diverged) with the same configuration (:func:`copfl.execution.runfolder.finished_summary`) is skipped
when the command is given again with the same ``--out``: an interrupted multi-seed command
is continued by running it again.

Mean and std over seeds follow ``copfl reproduce`` (:mod:`copfl.reproduce.runner`): the mean
and the sample standard deviation (``statistics.stdev``, ddof = 1) of the runs that
completed, std 0.0 for a single run.
"""

from __future__ import annotations

import json
import statistics
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from copfl.results.columns import BY_KEY, SEEDS_TABLE, seed_figures
from copfl.execution.config import RunConfig
from copfl.execution.runfolder import finished_summary

# The figures averaged over seeds: (section of summary.json, key), the aggregated columns of
# copfl.results.columns. A section or key a summary lacks (or holds as None) is left out of that
# figure's mean; a figure no summary has is left out of the aggregate altogether.
FIGURES: tuple[tuple[str, str], ...] = seed_figures()

# Besides the run-defining options (resume_conflicts), these must be equal for a finished run
# to stand for the one asked for.


def check_count(k: Any) -> int:
    """``--seeds K``: an integer >= 1; a ValueError naming the value otherwise."""
    if isinstance(k, bool) or not isinstance(k, int) or k < 1:
        raise ValueError(f"--seeds {k}: expected a number of seeds >= 1")
    return k


def seed_list(root: int, k: int) -> list[int]:
    """The seeds of ``--seeds k`` from the root seed: root, root + 1, ..., root + k - 1."""
    return [root + i for i in range(check_count(k))]


def seed_folder(out: str | Path, seed: int) -> Path:
    return Path(out) / f"seed-{seed}"


def _number(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def figure(summary: dict[str, Any], section: str, key: str) -> Any:
    """``summary[section][key]``, None where absent; the unseen clients' figures also read from
    the final round record's ``unseen_<key>`` when the summary has no ``unseen`` section."""
    sec = summary.get(section)
    if isinstance(sec, dict) and key in sec:
        return sec[key]
    if section == "unseen" and sec is None and isinstance(summary.get("final"), dict):
        return summary["final"].get(f"unseen_{key}")
    return None


def mean_std(values: Sequence[float]) -> tuple[float | None, float | None]:
    """Mean and sample std (ddof 1; 0.0 for one value), as ``copfl reproduce`` does."""
    if not values:
        return None, None
    return statistics.fmean(values), (statistics.stdev(values) if len(values) > 1 else 0.0)


def aggregate_seeds(summaries: list[dict[str, Any]]) -> dict[str, Any]:
    """Mean, std and n over the summaries (summary.json contents, one per seed) of every
    figure of :data:`FIGURES` that at least one of them holds, as
    ``{"n": len(summaries), "final": {"acc_mean": {"mean", "std", "n"}, ...}, "best": ...}``.
    The caller chooses which summaries count (``copfl`` passes the completed runs)."""
    out: dict[str, Any] = {"n": len(summaries)}
    for section, key in FIGURES:
        values = [float(v) for v in (figure(s, section, key) for s in summaries) if _number(v)]
        if values:
            m, sd = mean_std(values)
            out.setdefault(section, {})[key] = {"mean": m, "std": sd, "n": len(values)}
    return out


def key_figures(summary: dict[str, Any]) -> dict[str, Any]:
    """A summary's status, rounds and the figures of :data:`FIGURES` it holds (for compare.json
    and seeds.json, beside the aggregate)."""
    out: dict[str, Any] = {"status": summary.get("status"), "rounds_completed": summary.get("rounds_completed")}
    for section, key in FIGURES:
        v = figure(summary, section, key)
        if v is not None:
            out.setdefault(section, {})[key] = v
    return out


def read_history(folder: str | Path) -> list[dict[str, Any]]:
    path = Path(folder) / "metrics.jsonl"
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line]


def status_text(statuses: list[str]) -> str:
    """One status for an algorithm's seeds: ``completed`` when all are, else the counts
    (``2 completed, 1 diverged``)."""
    if statuses and all(s == "completed" for s in statuses):
        return "completed"
    counts: dict[str, int] = {}
    for s in statuses:
        counts[s] = counts.get(s, 0) + 1
    return ", ".join(f"{n} {s}" for s, n in counts.items()) or "-"


def _cell(agg: dict[str, Any], key: str) -> str:
    """Column ``key``'s aggregate (mean ± std over seeds; accuracy points for accuracies)."""
    c = BY_KEY[key]
    return c.spread_text((agg.get(c.section) or {}).get(c.field))


def seeds_table(rows: dict[str, tuple[dict[str, Any], int, str]]) -> str:
    """The multi-seed comparison table: per algorithm ``(aggregate, seeds asked, status)``;
    cells ``mean ± std`` over the completed seeds in accuracy points; ``-`` where no seed has
    the figure (:data:`copfl.results.columns.SEEDS_TABLE`). best-test is the best round picked on test
    data; selected is the test accuracy at the round validation picked."""
    head = ["algorithm", "seeds", *(f"{c.header} ({'points' if c.kind == 'points' else '%'})" for c in SEEDS_TABLE), "status"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for a, (agg, k, status) in rows.items():
        lines.append("| " + " | ".join([a, f"{agg['n']}/{k}", *(_cell(agg, c.key) for c in SEEDS_TABLE), status]) + " |")
    return "\n".join(lines)


def seeds_block(agg: dict[str, Any], k: int) -> str:
    """``copfl run --seeds K``'s closing lines, at most 80 columns: the figures over the completed
    seeds, each ``mean ± std``."""
    n = agg["n"]
    head = f"over {k} seeds" if n == k else f"over {n} of {k} seeds (the completed ones)"
    parts = [f"final {_cell(agg, 'final')}", f"best-test {_cell(agg, 'best')}"]
    if "selected" in agg:
        parts.append(f"selected {_cell(agg, 'selected')}")
    if "acc_worst10" in agg.get("final", {}):
        parts.append(f"worst 10% {_cell(agg, 'worst10')}")
    if "unseen" in agg:
        parts.append(f"unseen gap {_cell(agg, 'unseen_gap')}")
    if "acc_weighted" in agg.get("final", {}):
        parts.append(f"final sample-weighted {_cell(agg, 'weighted')}")
    lines = [f"{head}: personalized accuracy %, mean over clients, mean ± std over seeds"]
    row = ""
    for part in parts:  # as many figures a line as fit
        if row and len(row) + 3 + len(part) > 78:
            lines.append("  " + row)
            row = ""
        row = f"{row}   {part}" if row else part
    lines.append("  " + row)
    return "\n".join(lines)


# --------------------------------------------------------------------------- running
def _run_or_read(cfg: Any, fed: Any, folder: Path, label: str, log: Any, overwrite: bool = False) -> dict[str, Any]:
    """One seed's run in ``folder`` (checked before the command's first run: :func:`preflight`),
    continued when it was cut short; a diverged run's summary (status "diverged") is returned,
    with a line on stderr, as ``copfl compare`` does for one seed."""
    from copfl.app.single_run import RunRequest, run_one

    req = RunRequest(cfg, folder, overwrite=overwrite, fed=fed, label=label, continues=True, diverged_ok=True, log=log)
    return run_one(req).summary


def preflight(planned: list[tuple[Path, Any]], overwrite: bool) -> None:
    """Before any run of a multi-run command: every folder that is to be run into (not
    completed with its config) must hold no run of other options, unless ``overwrite``
    (:func:`copfl.execution.runfolder.check`), so that a conflict stops the command before it starts."""
    from copfl.execution import runfolder

    for folder, cfg in planned:
        if finished_summary(folder, cfg) is None:
            runfolder.check(folder, cfg, overwrite)


def run_seeds(cfg: Any, out: Path, k: int, report: Any, log: Any, overwrite: bool = False) -> dict[str, Any]:
    """``copfl run --seeds k``: seed by seed in ``OUT/seed-<s>/`` (a completed one skipped),
    ``report(summary, folder)`` after each; then OUT/seeds.json, OUT/curves.png (mean ± std
    band) and the closing block, returned as the document written with ``"text"`` added. OUT
    is held for the whole command (:func:`copfl.execution.runfolder.hold`)."""
    from copfl.execution import runfolder

    preflight([(seed_folder(out, s), replace(cfg, seed=s)) for s in seed_list(cfg.seed, k)], overwrite)
    with runfolder.hold(out):
        return _run_seeds(cfg, out, k, report, log, overwrite)


def _run_seeds(cfg: Any, out: Path, k: int, report: Any, log: Any, overwrite: bool) -> dict[str, Any]:

    from copfl.results.callbacks import DataProgress
    from copfl.execution.federation import build_federation
    from copfl.io import atomic_write_json
    from copfl.results.plots import plot_curves_bands

    runs: list[dict[str, Any]] = []
    summaries: list[dict[str, Any]] = []
    histories: list[list[dict[str, Any]]] = []
    for s in seed_list(cfg.seed, k):
        scfg = replace(cfg, seed=s)
        folder = seed_folder(out, s)
        summary = finished_summary(folder, scfg)
        if summary is not None:
            log(f"seed {s}: already finished in {folder}, skipped")
        else:
            fed = build_federation(scfg, progress=DataProgress())
            summary = _run_or_read(scfg, fed, folder, f"{cfg.algorithm} seed {s}", log, overwrite)
        report(summary, folder)
        summaries.append(summary)
        histories.append(read_history(folder))
        runs.append({"seed": s, "folder": str(folder), **key_figures(summary)})
    agg = aggregate_seeds([x for x in summaries if x.get("status") == "completed"])
    doc = {"algorithm": cfg.algorithm, "dataset": cfg.dataset, "seeds": seed_list(cfg.seed, k), "aggregate": agg, "runs": runs}
    text = seeds_block(agg, k)
    atomic_write_json(out / "seeds.json", doc)
    if any(histories):
        plot_curves_bands({cfg.algorithm: histories}, out / "curves.png", title=f"{cfg.algorithm} on {cfg.dataset}, {k} seeds (mean ± std)")
    return {**doc, "text": text}


def alias_status(status: str, base: str, why: str) -> str:
    """The status of a row shown with another row's runs."""
    return f"{status} ({why}: {base}'s runs)"


# rows -> their histories (one per seed) -> the rows to show with another row's runs after all
Confirm = Callable[[dict[str, list[list[dict[str, Any]]]]], dict[str, tuple[str, str]]]


def replace_rows(doc: dict[str, Any], later: dict[str, tuple[str, str]]) -> dict[str, Any]:
    """compare.json's rows once the final runs have decided that some rows are shown with
    another row's runs after all (``later``: row -> (the row whose runs it is, why); compare
    --tune's confirmation, :func:`copfl.tuning.objective.confirms_tuned`): each such row becomes
    an alias of the other (:func:`with_aliases`), its own runs kept in it as ``own_runs``."""
    own = {a: doc[a] for a in later if a in doc}
    out = with_aliases({a: v for a, v in doc.items() if a not in later}, later)
    for a, entry in own.items():
        out[a] = {**out[a], "own_runs": entry}
    return out


def with_aliases(by_row: dict[str, Any], aliases: dict[str, tuple[str, str]] | None) -> dict[str, Any]:
    """``by_row`` with each alias row (a compare --tune tuned row that is its default row:
    alias -> (the row whose runs it is, why)) right after the row it repeats; a dict entry gets
    ``same_as`` and its ``status`` says so."""
    out: dict[str, Any] = {}
    for key, value in by_row.items():
        out[key] = value
        for alias, (_, why) in [(a, bw) for a, bw in (aliases or {}).items() if bw[0] == key]:
            copy = dict(value) if isinstance(value, dict) else value
            if isinstance(copy, dict):
                copy["same_as"] = key
                if "status" in copy:
                    copy["status"] = alias_status(copy["status"], key, why)
            out[alias] = copy
    return out


def compare_seeds(cfg: RunConfig, acfgs: dict[str, Any], out: Path, k: int, log: Any, overwrite: bool = False,
                  aliases: dict[str, tuple[str, str]] | None = None, confirm: Confirm | None = None) -> str:
    """``copfl compare --seeds k``: seed by seed, one federation per seed (saved as
    OUT/seed-<s>/split.json) shared by the algorithms, each in OUT/seed-<s>/<algorithm>/ (a
    completed one skipped); then OUT/compare.md (the table, returned), OUT/compare.json and
    OUT/compare.png (mean ± std bands). OUT is held for the whole command. ``aliases``: rows
    shown with another row's runs (:func:`with_aliases`); ``confirm``: given every row's
    histories (row -> one per seed) once all have run, the rows that are to be shown with
    another row's runs after all (:func:`replace_rows`)."""
    from copfl.execution import runfolder

    preflight([(seed_folder(out, s) / a, replace(acfg, seed=s)) for s in seed_list(cfg.seed, k) for a, acfg in acfgs.items()], overwrite)
    with runfolder.hold(out):
        return _compare_seeds(cfg, acfgs, out, k, log, overwrite, aliases, confirm)


def _compare_seeds(cfg: RunConfig, acfgs: dict[str, Any], out: Path, k: int, log: Any, overwrite: bool,
                   aliases: dict[str, tuple[str, str]] | None = None, confirm: Confirm | None = None) -> str:

    from copfl.results.callbacks import DataProgress, RunsProgress
    from copfl.execution.federation import build_federation
    from copfl.io import atomic_write_json, atomic_write_text
    from copfl.results.plots import plot_curves_bands

    seeds = seed_list(cfg.seed, k)
    todo = sum(1 for s in seeds for a, acfg in acfgs.items() if finished_summary(seed_folder(out, s) / a, replace(acfg, seed=s)) is None)
    overall = RunsProgress(todo)
    summaries: dict[str, list[dict[str, Any]]] = {a: [] for a in acfgs}
    histories: dict[str, list[list[dict[str, Any]]]] = {a: [] for a in acfgs}
    runs: dict[str, list[dict[str, Any]]] = {a: [] for a in acfgs}
    for s in seeds:
        folder = seed_folder(out, s)
        scfgs = {a: replace(acfg, seed=s) for a, acfg in acfgs.items()}
        done = {a: finished_summary(folder / a, scfgs[a]) for a in acfgs}
        skipped = [a for a, d in done.items() if d is not None]
        if skipped:
            log(f"seed {s}: {', '.join(skipped)} already finished in {folder}, skipped")
        if len(skipped) < len(acfgs):
            fed = build_federation(replace(cfg, seed=s), progress=DataProgress())  # one split per seed, shared
            fed.split.save(folder / "split.json")
            for a in acfgs:
                if done[a] is None:
                    overall.next(f"{a} seed {s}")
                    done[a] = _run_or_read(scfgs[a], fed, folder / a, f"{a} seed {s}", log, overwrite)
        for a in acfgs:
            summary = done[a]
            assert summary is not None
            summaries[a].append(summary)
            histories[a].append(read_history(folder / a))
            runs[a].append({"seed": s, "folder": str(folder / a), **key_figures(summary)})
    rows = {}
    doc = {}
    for a in acfgs:
        agg = aggregate_seeds([x for x in summaries[a] if x.get("status") == "completed"])
        status = status_text([x.get("status", "-") for x in summaries[a]])
        rows[a] = (agg, k, status)
        doc[a] = {"status": status, "seeds": seeds, "aggregate": agg, "runs": runs[a]}
    later = confirm(histories) if confirm is not None else {}
    shown = {**(aliases or {}), **later}
    rows = {a: (agg, n, status if a not in shown else alias_status(status, *shown[a]))
            for a, (agg, n, status) in with_aliases({a: v for a, v in rows.items() if a not in later}, shown).items()}
    table = seeds_table(rows)
    atomic_write_text(out / "compare.md", table + "\n")
    atomic_write_json(out / "compare.json", with_aliases(replace_rows(doc, later), aliases))
    clients = f", {cfg.clients} clients" if getattr(cfg, "clients", None) else ""
    plot_curves_bands(histories, out / "compare.png", title=f"{cfg.dataset}{clients}, {k} seeds (mean ± std)")
    return table
