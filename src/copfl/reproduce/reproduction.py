"""``copfl reproduce``, planned then run: :class:`Reproduction` holds one command's plan (the
experiment's cells, the runs they need, the tuning studies of ``--tune N``, the report's header)
and runs it: :meth:`Reproduction.dry_run` describes it, :meth:`Reproduction.run` runs what has
not finished and writes the report after every run. :func:`copfl.reproduce.reproduce` builds and
runs one."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from copfl.execution.experiment import environment
from copfl.execution.runfolder import unfinished_checkpoint
from copfl.reproduce.dry_run import describe_plan
from copfl.reproduce.cells import SCALE_NOTES, Cell, Experiment, Setting, scale_run_options
from copfl.reproduce.experiments import added_cells, experiment_cells
from copfl.reproduce.plan import PlannedRun, Runtime, finished, plan_runs, read_summary, rerun_reason
from copfl.reproduce.report import write_report
from copfl.reproduce.cell_results import collect
from copfl.reproduce.runner import TunedMode, describe_top_seeds, execute, prepare_tuning, row_figure, top_seed_rows, validation_note
from copfl.reproduce.tuned import describe_tuning
from copfl.reproduce.tuned_report import write_tuned_report


# A planned run's state in a dry run, and how its count reads.
RUN_STATES = {"finished": "finished", "to run": "to run", "skipped": "skipped (data missing)",
              "left out": "left out (data too small for the split)"}


@dataclass
class ReproduceRequest:
    """What one ``copfl reproduce`` command asks for (:func:`copfl.reproduce.reproduce`'s
    arguments, which document each)."""

    name: str
    scale: str = "cpu"
    seeds: int | None = None
    out: str | Path | None = None
    data_dir: str | None = None
    cache_dir: str | None = None
    lr_grid: bool | None = None
    columns: list[str] | None = None
    download: bool = False
    command: str = ""
    log: Callable[[str], None] = print
    tune_trials: int | None = None
    tune_scale: str | None = None
    runtime: Runtime = field(default_factory=lambda: Runtime(None, 1, None))
    top_seeds: int = 1
    add_algorithms: list[str] | None = None
    list_runs: bool = False


class Reproduction:
    """One reproduction's plan (see the module's docstring); built from a :class:`ReproduceRequest`,
    checked before anything runs (a bad column, seed count or scale is a ValueError)."""

    def __init__(self, req: ReproduceRequest, dry_run: bool = False) -> None:
        self.req = req
        self.lr_grid = req.scale != "smoke" if req.lr_grid is None else req.lr_grid
        self.exp: Experiment
        self.exp, cells = experiment_cells(req.name, self.lr_grid)
        self.added = added_cells(self.exp, cells, req.add_algorithms) if req.add_algorithms else []
        self.all_cells = cells + self.added
        self.report_name = f"{req.name}-added" if self.added else req.name
        self.seeds = self.exp.seeds if req.seeds is None else req.seeds  # the experiment's own default (the readings study: 3)
        if self.seeds < 1:
            raise ValueError(f"--seeds must be >= 1, got {self.seeds}")
        if req.top_seeds < 1:
            raise ValueError(f"--top-seeds must be >= 1, got {req.top_seeds}")
        scale_run_options(req.scale)  # validates the scale
        self.settings: dict[str, Setting] = {c.setting.key: c.setting for c in self.all_cells}
        if req.columns:
            unknown = [c for c in req.columns if c not in self.settings]
            if unknown:
                raise ValueError(f"{req.name} has no column {', '.join(unknown)}; its columns: {', '.join(self.settings)}")
        self.out = Path(req.out) if req.out is not None else Path("runs") / f"reproduce-{req.scale}"
        self.unavailable: dict[str, str] = {}
        self.tuning: TunedMode | None = None
        if req.tune_trials is not None:
            self.tuning = prepare_tuning(self.all_cells, req.columns, req.scale, req.tune_trials, req.tune_scale, self.out,
                                         (req.data_dir, req.cache_dir, req.runtime, req.download), not dry_run, self.unavailable, req.log)
        self.cells = [c for c in self.all_cells if not req.columns or c.setting.key in req.columns]
        self.replan()
        self.header = self.make_header()

    # ------------------------------------------------------------------------- planning
    def plan(self, cells: list[Cell], seeds_of: dict[Cell, int] | None = None) -> tuple[list[PlannedRun], dict[Cell, list[PlannedRun]]]:
        """The runs of ``cells`` (:func:`copfl.reproduce.plan.plan_runs`) in this command's folder."""
        r = self.req
        return plan_runs(cells, r.scale, self.seeds, self.out, r.data_dir, r.cache_dir, r.runtime, r.download, seeds_of)

    def replan(self, seeds_of: dict[Cell, int] | None = None) -> None:
        """Every run (the tuned rows' cells too) and the runs of the columns asked for."""
        extra = list(self.tuning.cells.values()) if self.tuning else []  # the tuned rows' cells
        self.all_runs, self.of_cell = self.plan(self.all_cells + extra, seeds_of)
        self.runs = [r for r in self.all_runs if not self.req.columns or r.cell.setting.key in self.req.columns]

    def report_columns(self) -> tuple[list[Cell], list[str], list[str]]:
        """The cells to report, the columns kept and those left out: with ``columns``, a column
        not asked for stays in the report when every one of its runs has finished in this
        --out (by an earlier command, another process or another experiment sharing its
        runs), so that running the columns one command at a time builds up one report.
        Re-read at every write: another process may finish a column meanwhile."""
        columns = self.req.columns
        if not columns:
            return self.all_cells, [], []
        of_key: dict[str, list[PlannedRun]] = {}
        for r in self.all_runs:
            of_key.setdefault(r.cell.setting.key, []).append(r)
        kept = [k for k in self.settings if k not in columns and of_key.get(k) and all(finished(r) for r in of_key[k])]
        left_out = [k for k in self.settings if k not in columns and k not in kept]
        return [c for c in self.all_cells if c.setting.key in columns or c.setting.key in kept], kept, left_out

    def make_header(self) -> dict[str, Any]:
        """The report's header: what was run, at which scale, by which command, where."""
        exp, req = self.exp, self.req
        _, kept, left_out = self.report_columns()  # for the header and the dry run; write() re-reads them
        return {
            "experiment": exp.name,
            "report": self.report_name,
            "add_algorithms": list(req.add_algorithms or []) if self.added else [],  # what re-plans the added rows (added_cells)
            "added_rows": sorted({c.row for c in self.added}, key=[c.row for c in self.added].index),
            "title": exp.title,
            "source": exp.source,
            "kind": exp.kind,
            "paper": exp.paper,
            "note": exp.metric_note,
            "scale": req.scale,
            "scale_note": (exp.scale_notes or SCALE_NOTES)[req.scale],
            "validation": validation_note(r.cfg.val_fraction for r in self.runs),
            "seeds": self.seeds,
            "top_seeds": req.top_seeds if req.top_seeds > self.seeds else None,
            "lr_grid": self.lr_grid,
            "tune": self.lr_grid,  # the old name of lr_grid (reports made before --tune N read it)
            "command": req.command,
            "columns_left_out": left_out,
            "columns_kept": kept,  # not asked for, but finished earlier in this --out: reported, not run
            "environment": environment(),
        }

    # ------------------------------------------------------------------------- dry run
    def dry_run(self) -> dict[str, Any]:
        """Describe the plan on the log, nothing run: the estimate first, then the data found or
        missing, the expected time at every scale (and of the tuning, of --top-seeds), then
        the runs counted by state (finished, to run, skipped: data missing, left out: data
        too small for the split), listed one by one with ``list_runs``. Returns the header,
        the runs and the plan's figures."""
        req, log = self.req, self.req.log
        lines, plan = describe_plan(req.name, self.cells, req.scale, self.seeds, req.out, req.data_dir, req.cache_dir, req.lr_grid,
                                    req.download, req.add_algorithms)
        missing = {ds for ds, st in plan["data"].items() if st["found"] is None and not (req.download and st["download"])}
        if self.tuning is not None:
            cols = [col for key, col in self.tuning.columns.items()
                    if (not req.columns or key in req.columns) and col.setting.dataset not in missing and key not in plan["too_small"]]
            more, plan["tuning"] = describe_tuning(cols, self.cells, self.tuning.trials, lambda cs: self.plan(cs)[0])
            lines += more
        if req.top_seeds > self.seeds:
            more, plan["top_seeds"] = describe_top_seeds(self.exp.paper, self.cells, self.tuning, self.seeds, req.top_seeds, self.of_cell,
                                                         {**plan["too_small"], **self.unavailable},
                                                         lambda sel: self.plan(sel, {c: req.top_seeds for c in sel})[0])
            lines += more
        log(plan["estimate"])  # the summary first, then the data and the time
        for line in lines:
            log(line)
        states = {r.folder: self.run_state(r, missing, plan) for r in self.runs}
        counts = {s: sum(1 for x in states.values() if x == s) for s in RUN_STATES if s in states.values()}
        log("")
        log(f"{len(self.runs)} runs in {self.out / 'runs'}: " + ", ".join(f"{n} {RUN_STATES[s]}" for s, n in counts.items())
            + ("" if req.list_runs or not self.runs else " (--list lists them)"))
        if req.list_runs:
            for r in self.runs:
                state = states[r.folder]
                log(f"{state:8}  {r.folder.name}")
                if state == "to run" and read_summary(r.folder) is not None:
                    log(f"{'':8}  (finished, but {rerun_reason(r)})")
                elif state == "to run" and (ckpt := unfinished_checkpoint(r.folder, r.cfg)) is not None:
                    log(f"{'':8}  (cut short: continues after round {ckpt.state.round}, its checkpoint)")
        if self.header["columns_kept"]:
            log(f"also reported, not run (every run finished earlier in this --out): {', '.join(self.header['columns_kept'])}")
        return {**self.header, "runs": [str(r.folder) for r in self.runs], "run_states": {str(f): s for f, s in states.items()}, **plan}

    @staticmethod
    def run_state(r: PlannedRun, missing: set[str], plan: dict[str, Any]) -> str:
        """A planned run as the dry run counts it (:data:`RUN_STATES`)."""
        if finished(r):
            return "finished"
        if r.cfg.dataset in missing:
            return "skipped"
        if r.folder.name in plan["left_out_runs"] or r.cell.setting.key in plan["too_small"]:
            return "left out"
        return "to run"

    # ------------------------------------------------------------------------- running
    def write(self, plots: bool) -> dict[str, Any]:
        """The report from every finished run (written after each run; plots at the end)."""
        report_cells, kept, left_out = self.report_columns()
        doc = {**self.header, "columns_left_out": left_out, "columns_kept": kept, "unavailable": self.unavailable,
               "cells": collect(report_cells, self.of_cell, self.unavailable)}
        doc["wall_seconds_this_session"] = round(time.perf_counter() - self.t0, 1)
        if self.tuning is None:
            write_report(doc, self.out, plots=plots)
            return doc
        doc = self.tuning.document(doc, report_cells, self.of_cell, self.all_runs, self.unavailable)
        write_tuned_report(doc, self.out)
        return doc

    def more_seeds(self) -> dict[Cell, int] | None:
        """``--top-seeds``: the cells that run ``top_seeds`` seeds, chosen from the runs planned
        without it; None while some of those runs, or a column's tuning, have not ended
        (another process holds them): the choice is made once, on every figure."""
        tuning, unavailable = self.tuning, self.unavailable
        if not all(finished(r) for r in self.runs if r.cell.setting.key not in unavailable):
            return None
        ready = [c for c in self.cells if c.setting.key not in unavailable and c.same_as is None]
        if tuning is not None and any(c in tuning.results and not tuning.results[c]["complete"] for c in ready):
            return None  # a study another process is still running (a complete one without a best trial has no tuned row)
        chosen = top_seed_rows(self.exp.paper, ready, lambda c: row_figure(c, tuning, self.of_cell, unavailable))
        out_seeds = {c: self.req.top_seeds for c in chosen}
        if tuning is not None:
            out_seeds.update({tuning.cells[c]: self.req.top_seeds for c in chosen if c in tuning.cells})
        return out_seeds

    def run(self) -> dict[str, Any]:
        """Run every run not finished (then, with ``--top-seeds``, the chosen rows' other seeds),
        the report rewritten after each; returns the report's document."""
        req, log = self.req, self.req.log
        self.t0 = time.perf_counter()
        top = req.top_seeds > self.seeds
        try:
            execute(self.runs, log, self.unavailable, after_run=lambda: self.write(False))
            if top and self.tuning is not None and self.tuning.refresh():
                # studies another process finished since this one read them: their tuned rows first
                self.replan()
                execute(self.runs, log, self.unavailable, after_run=lambda: self.write(False))
            if top:
                seeds_of = self.more_seeds()
                if seeds_of is None:
                    log(f"--top-seeds {req.top_seeds}: the rows to give more seeds are chosen once every run and tuning above has "
                        "ended; another process holds some of them: the last process to finish (or the same command run again) runs them")
                else:
                    log(f"--top-seeds {req.top_seeds}: " + "; ".join(f"{c.col}: {c.row}" for c in seeds_of
                                                                     if self.tuning is None or c not in self.tuning.cells.values()))
                    self.replan(seeds_of)
                    execute(self.runs, log, self.unavailable, after_run=lambda: self.write(False))
        finally:
            doc = self.write(True)
        log(f"report: {self.out / (self.report_name + ('-tuned' if self.tuning is not None else '') + '.md')}")
        return doc


def reproduce(
    name: str,
    scale: str = "cpu",
    seeds: int | None = None,
    out: str | Path | None = None,
    data_dir: str | None = None,
    cache_dir: str | None = None,
    lr_grid: bool | None = None,
    columns: list[str] | None = None,
    threads: int | None = None,
    download: bool = False,
    dry_run: bool = False,
    command: str = "",
    log: Callable[[str], None] = print,
    tune_trials: int | None = None,
    tune_scale: str | None = None,
    workers: int = 1,
    ray_address: str | None = None,
    top_seeds: int = 1,
    add_algorithms: list[str] | None = None,
    list_runs: bool = False,
) -> dict[str, Any]:
    """Run (or resume) one experiment and write ``<out>/<name>.md``, ``.json`` and plots.

    ``add_algorithms``: rows of these algorithms beside the paper's in every column of a table
    of methods (:func:`copfl.reproduce.experiments.added_cells`); the report is then
    ``<out>/<name>-added.md`` (the paper's rows' runs are shared with the plain report's).

    ``top_seeds``: once every cell's runs have ended, run ``top_seeds`` seeds for each column's
    rows of the paper's own method and its two strongest baselines (:func:`top_seed_rows`),
    their default and tuned rows alike; the other cells keep ``seeds``.

    ``lr_grid``: the paper's learning-rate grids, each cell at the rate with the best final
    *test* accuracy, as the papers select (None: on, off at smoke scale). ``tune_trials``:
    also tune each method of each column with that many trials on validation data (at
    ``tune_scale``, :func:`copfl.reproduce.tuned.default_tune_scale` when None) and run the
    cells again with the tuned values; the report is then ``<out>/<name>-tuned.md``, ``.json``
    (:mod:`copfl.reproduce.tuned_report`), the default row being the cells as without it.
    ``threads``, ``workers`` and ``ray_address`` say how every run and tuning trial runs
    (:class:`copfl.reproduce.plan.Runtime`), never what it computes. ``list_runs``: the dry run
    lists every run and its state (it counts them otherwise)."""
    req = ReproduceRequest(name, scale, seeds, out, data_dir, cache_dir, lr_grid, columns, download, command, log, tune_trials, tune_scale,
                           Runtime(threads, workers, ray_address), top_seeds, add_algorithms, list_runs)
    plan = Reproduction(req, dry_run=dry_run)
    return plan.dry_run() if dry_run else plan.run()
