"""Run the cells of a paper experiment, keep what is finished, and collect the figures.

Every run lives in ``<out>/runs/<name>-<hash>``, the hash taken over its resolved
configuration: a run whose folder holds a final ``summary.json`` is never run again, so an
interrupted reproduction resumes where it stopped, and experiments that share runs (Table II
and the convergence curves, Table III's "both" row and Table II's CO-PFL) share them.

Several processes may work on one results folder at once (``copfl reproduce`` started twice
with the same ``--out``, one thread each, uses two cores): each run is claimed with an advisory
lock on ``<out>/.claims/<run>`` while it trains, and a process skips the runs another one
holds. The lock is the operating system's (``flock``), so a process that dies frees its runs at
once. With ``--tune N`` the columns are tuned first (:mod:`copfl.reproduce.tuned`; a column's
tuning folder is claimed the same way), then the default and the tuned rows' runs are done.
"""

from __future__ import annotations

import contextlib
import os
import sys
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

try:
    import fcntl
except ImportError:  # Windows: no advisory locks; one process per results folder there
    fcntl = None  # type: ignore[assignment]

from copfl.results.callbacks import DataProgress
from copfl.data.partitioners import PartitionError
from copfl.data.sources.dataset import DataError, DataNotFoundError
from copfl.engine.rounds import NonFiniteLossError
from copfl.execution.experiment import RUN_CHECKPOINT_SECONDS, run_in_folder
from copfl.execution.runfolder import unfinished_checkpoint
from copfl.execution.federation import Federation, build_federation
from copfl.reproduce.cells import Cell, scale_run_options
from copfl.reproduce.plan import PlannedRun, Runtime, finished, option_suffix, read_summary, rerun_reason
from copfl.reproduce.cell_results import collect
from copfl.reproduce.tuned import ColumnTuning, default_tune_scale, plan_tuning, read_studies, reuse_note, tuned_cells, tuning_results
from copfl.reproduce.tuned_report import tuned_document


def _fmt_s(s: float) -> str:
    s = int(round(s))
    return f"{s // 3600}h{s % 3600 // 60:02d}m" if s >= 3600 else f"{s // 60}m{s % 60:02d}s"


CLAIMS = ".claims"


def claim_path(folder: Path) -> Path:
    """Where the claim on the run in ``<out>/runs/<name>`` lives: ``<out>/.claims/<name>`` (kept
    out of the run folders, which exist only for runs that started)."""
    return folder.parent.parent / CLAIMS / folder.name


@contextlib.contextmanager
def claim_run(folder: Path) -> Iterator[bool]:
    """Hold the claim on the run in ``folder`` for as long as the block runs: yields True when
    this process has it, False when another process holds it (that process is training the
    run). Without ``fcntl`` (Windows) every claim succeeds."""
    if fcntl is None:
        yield True
        return
    path = claim_path(folder)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            fd, writable = os.open(path, os.O_RDWR | os.O_CREAT, 0o644), True
        except PermissionError:  # another user's claim file: flock works on a read-only descriptor too
            fd, writable = os.open(path, os.O_RDONLY), False
    except OSError as e:
        print(f"warning: cannot claim {folder.name} ({e}); running it unclaimed: another process on this --out may run it too", file=sys.stderr)
        yield True
        return
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            held = True
        except BlockingIOError:
            held = False
        except OSError as e:  # e.g. ENOLCK on a network file system without locks
            print(f"warning: cannot lock {path} ({e}); running {folder.name} unclaimed", file=sys.stderr)
            held = None
        if held is False:
            yield False
            return
        if held and writable:
            os.ftruncate(fd, 0)
            os.write(fd, f"{os.getpid()}\n".encode())
        try:
            yield True
        finally:
            if held:
                fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)


def execute(
    runs: list[PlannedRun],
    log: Callable[[str], None],
    unavailable: dict[str, str],
    after_run: Callable[[], None] = lambda: None,
) -> None:
    """Run what is not finished yet; settings that cannot run go into ``unavailable``, with why."""
    todo = [r for r in runs if not finished(r)]
    log(f"{len(runs)} runs, {len(runs) - len(todo)} already finished, {len(todo)} to run")
    for r in todo:
        if read_summary(r.folder) is not None:
            log(f"  {r.folder.name}: {rerun_reason(r)}: it runs again")
    fed_key, fed = None, None
    failed: dict[tuple, str] = {}  # splits that could not be built: settings sharing one are skipped for the same reason
    t0 = time.perf_counter()
    for i, r in enumerate(todo, 1):
        key = r.cell.setting.key
        if key in unavailable:
            continue
        with claim_run(r.folder) as mine:
            if not mine:
                log(f"[{i}/{len(todo)}] {r.folder.name}: another process is running it, skipped")
                continue
            if finished(r):  # another process finished it since the list was made
                continue
            if read_summary(r.folder) is not None:  # made under other defaults: its results no longer count
                (r.folder / "summary.json").unlink(missing_ok=True)
            fed, fed_key, ran = _execute_one(r, i, len(todo), fed, fed_key, failed, unavailable, log)
        if ran:
            # the rate counts every process sharing this --out: runs finished by any of them
            can_run = [x for x in todo if x.cell.setting.key not in unavailable]
            now_done = sum(1 for x in can_run if finished(x))
            left = (time.perf_counter() - t0) / max(now_done, 1) * (len(can_run) - now_done)
            log(f"{ran}, ~{_fmt_s(left)} left")
            after_run()


def load_federation(cfg: Any) -> tuple[Federation | None, str]:
    """The federation (data split) of ``cfg``, or None and why it cannot be built: the data are
    missing, or this copy is too small for the protocol."""
    try:
        return build_federation(cfg, progress=DataProgress()), ""
    except DataNotFoundError as e:
        return None, f"data not found: {e}"
    except (PartitionError, DataError) as e:
        return None, f"this copy of the data cannot hold the protocol: {e}"


@contextlib.contextmanager
def held(path: Path) -> Iterator[None]:
    """An exclusive lock on ``path`` for as long as the block runs, waiting for it (without
    ``fcntl``: none)."""
    if fcntl is None:
        yield
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # frees the lock


def study_claim(col: ColumnTuning, label: str) -> Path:
    """The (never created) folder whose claim (:func:`claim_run`) is the claim on the column's
    study ``label``: ``<column's tune folder>/.claims/<label>``."""
    return col.folder / "studies" / label


def tune_columns(columns: list[ColumnTuning], trials: int, unavailable: dict[str, str], log: Callable[[str], None]) -> None:
    """Tune every study of ``columns`` to ``trials`` finished trials on the column's tuning
    problem (loaded once, when a study is left to tune): each study is claimed, so processes
    sharing the results folder tune a column's methods side by side, each study in one of
    them; a study another process holds is left to it, a column whose data cannot be loaded
    goes into ``unavailable``, with why. A process that tuned writes the column's best.json,
    tune.json and tune.md from every study there."""
    from copfl.tuning.tuner import Tuner
    from copfl.tuning.study_summary import write_tune_files

    for col in columns:
        key = col.setting.key
        found = read_studies(col)
        todo = [s for s in col.studies.values() if found.get(s.label, {}).get("done", 0) < trials]
        if key in unavailable or not todo:
            continue
        tuner: Tuner | None = None
        summaries: dict[str, dict[str, Any]] = {}
        for s in todo:
            with claim_run(study_claim(col, s.label)) as mine:
                if not mine:
                    log(f"{key}: another process is tuning {s.label}; its tuned rows wait for that")
                    continue
                if read_studies(col).get(s.label, {}).get("done", 0) >= trials:  # finished meanwhile
                    continue
                if tuner is None:
                    log(f"{key}: tuning on validation data ({col.scale}-scale problem), {trials} trials per method; "
                        f"{len(todo)} method{'s' if len(todo) != 1 else ''} left to tune")
                    fed, why = load_federation(col.base)
                    if fed is None:
                        unavailable[key] = why
                        log(f"  {col.setting.title}: skipped ({why.splitlines()[0]})")
                        break
                    col.folder.mkdir(parents=True, exist_ok=True)
                    tuner = Tuner(col.base, fed, col.folder, trials, None, log)
                    with held(col.folder / CLAIMS / "study.db"):  # one process at a time makes the database's tables
                        tuner.rdb()
                summaries[s.label] = tuner.tune(s.algorithm, s.label, s.fixed)
        if tuner is not None:
            # no Optuna plots per study: tune.md lists every trial, the report the values
            started = read_studies(col)
            every = [summaries.get(s.label) or tuner.summary(s.label, s.fixed) for s in col.studies.values() if s.label in started or s.label in summaries]
            write_tune_files(col.folder, every, trials, col.base.rounds)


@dataclass
class TunedMode:
    """``--tune N`` in one reproduction: the trials, the tuning scale, every column's tuning
    problem, what its studies hold per cell and each cell's tuned cell (complete studies only)."""

    trials: int
    scale: str
    columns: dict[str, ColumnTuning]
    results: dict[Cell, dict[str, Any]]
    cells: dict[Cell, Cell]

    def refresh(self) -> bool:
        """Read the studies again (other processes sharing the results folder may have finished
        some); whether a cell gained its tuned row."""
        before = set(self.cells)
        self.results = tuning_results(self.columns, self.trials)
        self.cells = tuned_cells(self.results)
        return bool(set(self.cells) - before)

    def document(self, doc: dict[str, Any], report_cells: list[Cell], of_cell: dict[Cell, list[PlannedRun]], all_runs: list[PlannedRun],
                 unavailable: dict[str, str]) -> dict[str, Any]:
        """The tuned report's JSON, from the default row's report ``doc`` of ``report_cells``."""
        tuned_docs = collect([self.cells[c] for c in report_cells if c in self.cells], of_cell, unavailable)
        info = {(c.group, c.row, c.col): self.results[c] for c in report_cells if c in self.results}
        keys = {c.setting.key for c in report_cells}
        notes = {k: reuse_note(col, [r for r in all_runs if r.cell.setting.key == k]) for k, col in self.columns.items() if k in keys}
        return tuned_document(doc, tuned_docs, info, {"trials": self.trials, "scale": self.scale, "reused": {k: v for k, v in notes.items() if v}})


def prepare_tuning(cells: list[Cell], columns: list[str] | None, scale: str, trials: int, tune_scale: str | None, out: Path,
                   data: tuple[str | None, str | None, Runtime | None, bool], run: bool, unavailable: dict[str, str],
                   log: Callable[[str], None]) -> TunedMode:
    """Plan every column's tuning problem (``data``: data dir, cache dir, runtime, download),
    tune the columns asked for (``run``: not a dry run), and read what the studies hold."""
    if trials < 1:
        raise ValueError(f"--tune {trials}: expected at least 1 trial per method")
    tune_scale = tune_scale or default_tune_scale(scale)
    scale_run_options(tune_scale)  # validates it
    plan = plan_tuning(cells, tune_scale, out, *data)
    if run:
        tune_columns([col for key, col in plan.items() if not columns or key in columns], trials, unavailable, log)
    results = tuning_results(plan, trials)
    return TunedMode(trials, tune_scale, plan, results, tuned_cells(results))


# the paper's own method by the ``paper`` an experiment holds the numbers of: its rows (of that
# algorithm, labelled with the paper's name; an ablation's are not) run ``--top-seeds`` seeds
OWN_ALGORITHM = {"CO-PFL": "co-pfl", "pFedSV": "pfedsv", "DPAO-PFL": "dpao-pfl"}
TOP_BASELINES = 2


def row_figure(cell: Cell, tuning: TunedMode | None, of_cell: dict[Cell, list[PlannedRun]], unavailable: dict[str, str]) -> float | None:
    """What ``--top-seeds`` ranks a row by: its tuned row's figure where it has one, else its own."""
    return collect([tuning.cells.get(cell, cell) if tuning is not None else cell], of_cell, unavailable)[0].get("ours")


def top_seed_rows(paper: str, cells: list[Cell], figure: Callable[[Cell], float | None], baselines: int = TOP_BASELINES) -> list[Cell]:
    """Per column (sub-table and setting): the rows of the paper's own method (its algorithm,
    a row label that starts with the paper's name) and the ``baselines`` rows of other methods
    whose ``figure`` is highest (ties: the table's order; a row without a figure is not chosen)."""
    own = OWN_ALGORITHM.get(paper)
    by_column: dict[tuple[str, str], list[Cell]] = {}
    for c in cells:
        if not c.added:  # a row added beside the paper's (--add-algorithms) is not one of its baselines
            by_column.setdefault((c.group, c.setting.key), []).append(c)
    chosen: list[Cell] = []
    for column in by_column.values():
        chosen += [c for c in column if c.algorithm == own and c.row.startswith(paper)]
        scored = [(f, i, c) for i, c in enumerate(column) if c.algorithm != own and (f := figure(c)) is not None]
        chosen += [c for _, _, c in sorted(scored, key=lambda t: (-t[0], t[1]))[:baselines]]
    return chosen


def describe_top_seeds(paper: str, cells: list[Cell], tuning: TunedMode | None, seeds: int, top_seeds: int, of_cell: dict[Cell, list[PlannedRun]],
                       unavailable: dict[str, str], plan: Callable[[list[Cell]], list[PlannedRun]]) -> tuple[list[str], dict[str, Any]]:
    """What ``--top-seeds K --dry-run`` adds: the more seeds' runs of the paper's method and of
    each column's two strongest baselines; while their figures are not all in, the two
    costliest baselines stand in (an upper bound). Loads no data."""
    from copfl.app.estimate import estimate_seconds, format_duration

    ready = [c for c in cells if c.same_as is None and c.setting.key not in unavailable]
    planned = {r.folder for rs in of_cell.values() for r in rs}

    def with_tuned(sel: list[Cell]) -> list[Cell]:
        return sel + [tuning.cells[c] for c in sel if tuning is not None and c in tuning.cells]

    tuned_ready = tuning is None or all(c in tuning.cells for c in ready if c in tuning.results)
    known = tuned_ready and all(finished(r) for c in with_tuned(ready) for r in of_cell.get(c, []))

    def todo(sel: list[Cell]) -> list[PlannedRun]:
        runs = [r for r in plan(with_tuned(sel)) if not finished(r) and r.folder not in planned]  # the plan above counts its own
        if tuning is not None:  # a tuned row still waiting for its tuning: its more seeds priced at one rate of its default row
            waiting = [replace(c, lrs=c.lrs[:1]) for c in sel if c in tuning.results and c not in tuning.cells]
            runs += [r for r in plan(waiting) if r.seed >= max(seeds, r.cell.min_seeds)]
        return runs

    if known:
        chosen = top_seed_rows(paper, ready, lambda c: row_figure(c, tuning, of_cell, unavailable))
    else:  # price the two costliest baselines of each column
        cost = {c: estimate_seconds(r.cfg for r in todo([c])) for c in ready}
        chosen = top_seed_rows(paper, ready, lambda c: cost[c])
    runs = todo(chosen)
    seconds = estimate_seconds(r.cfg for r in runs) if runs else 0.0
    rows = sorted({c.row for c in chosen})
    lines = ["", f"--top-seeds {top_seeds}: {top_seeds} seeds for the paper's method and each column's {TOP_BASELINES} strongest "
             f"baselines ({'chosen: ' + ', '.join(rows) if known else 'chosen once every run above has ended; priced here at the two costliest'}): "
             + (f"{'' if known else 'at most '}{len(runs)} more runs, about {format_duration(seconds)}" if runs else "nothing more to run")]
    return lines, {"runs_to_run": len(runs), "seconds": round(seconds, 1), "chosen": rows if known else None}


def _execute_one(
    r: PlannedRun,
    i: int,
    n: int,
    fed: Federation | None,
    fed_key: tuple | None,
    failed: dict[tuple, str],
    unavailable: dict[str, str],
    log: Callable[[str], None],
) -> tuple[Federation | None, tuple | None, str]:
    """Run one claimed run; returns the federation kept for the next run, its key, and the log
    line of the finished run ("" when the run's setting cannot run)."""
    key = r.cell.setting.key
    if r.federation_key in failed:
        unavailable[key] = failed[r.federation_key]
        log(f"  {r.cell.setting.title}: skipped ({unavailable[key].splitlines()[0]})")
        return fed, fed_key, ""
    if r.federation_key != fed_key:
        fed, why = load_federation(r.cfg)
        if fed is None:
            unavailable[key] = why
        fed_key = r.federation_key
        if fed is None:
            failed[r.federation_key] = unavailable[key]
            log(f"  {r.cell.setting.title}: skipped ({unavailable[key].splitlines()[0]})")
            return fed, fed_key, ""
    assert isinstance(fed, Federation)
    label = f"{key} {r.cell.algorithm}{option_suffix(tuple(sorted((r.cfg.options or {}).items())))}{option_suffix(r.cell.run_options)} lr={r.lr:g} seed {r.seed}"
    start = time.perf_counter()
    resume = unfinished_checkpoint(r.folder, r.cfg)  # a run cut short goes on from its last checkpoint
    if resume is not None:
        log(f"[{i}/{n}] {label}: continues after round {resume.state.round} (its checkpoint)")
    try:
        # overwrite: the folder is this run's own (named by its hash), claimed above; what else it holds is to be run again
        s = run_in_folder(r.cfg, fed, r.folder, label=label, resume=resume, progress=sys.stderr.isatty(), plots=False,  # the report draws its own
                          overwrite=True, checkpoint_seconds=RUN_CHECKPOINT_SECONDS)
        status = ""
    except NonFiniteLossError as e:
        s = read_summary(r.folder) or {}
        status = f" DIVERGED ({e})"
    fin = (s.get("final") or {}).get("acc_mean")
    acc = "-" if fin is None else f"{100 * fin:.2f}%"
    return fed, fed_key, f"[{i}/{n}] {label}: final {acc}{status} in {_fmt_s(time.perf_counter() - start)}"


def validation_note(fractions: Iterable[float]) -> str:
    """What the report header says of the runs' validation hold-out (``--val-fraction``)."""
    held = sorted(set(fractions))
    if not held:
        return ""
    if held == [0.0]:
        return "none: every training sample trains, as in the paper (no round selected on validation data)"
    share = ", ".join(f"{f:.0%}" for f in held if f > 0)
    note = f"{share} of each client's training data held out (never trained on) to select a round without test data"
    return note if 0.0 not in held else f"{note} in some rows; the others train on every sample (the paper's protocol)"
