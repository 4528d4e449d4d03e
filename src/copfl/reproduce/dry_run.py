"""``copfl reproduce --dry-run``: what a reproduction would do, without loading any data.

Each data set found or missing (with the paths looked for; a missing one's columns are
skipped), each run whose split cannot be made from the data found (judged from the labels of
the decoded cache or the archive's listing), and the expected time at every scale
(:mod:`copfl.app.estimate`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from copfl.reproduce.cells import SCALES, Cell
from copfl.reproduce.experiments import added_cells, experiment_cells
from copfl.reproduce.plan import PlannedRun, finished, plan_runs

GPU_ADVISED_SECONDS = 24 * 3600  # --dry-run: a paper-scale plan dearer than this on the CPU is for a GPU


def describe_plan(
    name: str,
    cells: list[Cell],
    scale: str,
    seeds: int,
    out: str | Path | None,
    data_dir: str | None,
    cache_dir: str | None,
    lr_grid: bool | None,
    download: bool,
    add_algorithms: list[str] | None = None,
) -> tuple[list[str], dict[str, Any]]:
    """What ``--dry-run`` adds to the list of runs, without loading any data: each data set
    found or missing, and the expected time at every scale (``add_algorithms``: with the rows
    added beside the paper's). Returns the lines and what they say, as data."""
    from copfl.data.sources.dataset import default_data_dir
    from copfl.app.estimate import ESTIMATE_NOTE, data_status

    root = Path(data_dir) if data_dir is not None else default_data_dir()
    cache = Path(cache_dir) if cache_dir is not None else None
    columns: dict[str, list[str]] = {}
    for c in cells:
        keys = columns.setdefault(c.setting.dataset, [])
        if c.setting.key not in keys:
            keys.append(c.setting.key)
    status = data_status(columns, root, cache)
    lines, skipped, to_decode = data_lines(root, columns, status, download)
    check = SplitCheck(status, cache)
    lines += ["", f"expected time on a 2-core CPU ({ESTIMATE_NOTE}):"]
    estimates: dict[str, dict[str, Any]] = {}
    this: ScaleEstimate | None = None
    keys = {c.setting.key for c in cells}
    for sc in SCALES:
        sc_grid = lr_grid if lr_grid is not None else sc != "smoke"
        sc_exp, sc_cells = experiment_cells(name, sc_grid)
        sc_cells += added_cells(sc_exp, sc_cells, add_algorithms) if add_algorithms else []
        sc_cells = [c for c in sc_cells if c.setting.key in keys]
        sc_out = Path(out) if out is not None else Path("runs") / f"reproduce-{sc}"
        sc_runs, _ = plan_runs(sc_cells, sc, seeds, sc_out, data_dir, cache_dir, None, download)
        est = ScaleEstimate.of(sc, sc_runs, skipped, check, grid=sc_grid and any(c.tuned for c in sc_cells))  # an experiment may fix its rates
        lines += est.lines(this_command=sc == scale)
        estimates[sc] = est.figures()
        if sc == scale:
            this = est
    if to_decode:
        from copfl.app.estimate import format_duration

        lines.append("  plus, once, decoding what is not cached yet: " + ", ".join(f"{k} ~{format_duration(v)}" for k, v in to_decode.items()))
    small = this.small_columns() if this is not None else {}
    lines += check.left_out_lines(small)
    left_out = {r.folder.name: why for r in this.todo if (why := this.small.get(r.folder))} if this is not None else {}
    return lines, {"data": status, "estimates": estimates, "estimate": this.summary() if this is not None else "", "too_small": small,
                   "skipped_data": sorted(skipped), "left_out_runs": left_out}


def data_lines(root: Path, columns: dict[str, list[str]], status: dict[str, dict[str, Any]], download: bool) -> tuple[list[str], set[str], dict[str, float]]:
    """The dry run's data section: each data set found (and whether its decoded arrays are
    cached), to be downloaded, or missing (where it was looked for, how to get it). Returns the
    lines, the data sets skipped, and the seconds to decode each archive not cached yet."""
    lines = ["", f"data directory: {root}{'' if root.is_dir() else ' (does not exist)'}"]
    skipped: set[str] = set()
    to_decode: dict[str, float] = {}
    for ds, st in status.items():
        cols = ", ".join(columns[ds])
        if st["found"] is not None:
            cache = {True: "decoded arrays cached", False: "not cached yet: the first load decodes it", None: "cache unknown"}[st["cached"]]
            lines.append(f"  {ds:<13} found    {st['found']} ({cache}); columns {cols}")
            if st["cached"] is False and st["decode_seconds"]:
                to_decode[Path(st["found"]).name] = st["decode_seconds"]
            continue
        if download and st["download"]:
            lines.append(f"  {ds:<13} missing  will be downloaded (--download); columns {cols}")
            continue
        skipped.add(ds)
        lines.append(f"  {ds:<13} MISSING  columns {cols} will be skipped")
        lines.append(f"  {'':<13}          looked for: {', '.join(st['looked_for'])}")
        lines.append(f"  {'':<13}          to obtain it: {st['how_to_get']}")
    return lines, skipped, to_decode


class SplitCheck:
    """Whether a planned run's split can be made from the data found, judged from the labels
    of the decoded cache or the archive's listing (nothing decoded); each split's inputs are
    judged once."""

    def __init__(self, status: dict[str, dict[str, Any]], cache: Path | None) -> None:
        from copfl.data.sources.registry import SOURCES
        from copfl.app.estimate import cached_class_names

        found = {ds: Path(st["found"]) for ds, st in status.items() if st["found"] is not None}
        self.counts = {ds: label_counts(ds, path, cache) for ds, path in found.items()}
        self.names = {ds: cached_class_names(SOURCES[ds].base or ds, path, cache) for ds, path in found.items()}
        self.problems: dict[tuple, str | None] = {}

    def problem(self, r: PlannedRun) -> str | None:
        """Why the run's split cannot be made from the data found (None: it can, or unknown)."""
        from copfl.app.estimate import split_problem

        c = self.counts.get(r.cfg.dataset)
        if c is None:
            return None
        key = (r.cfg.dataset, r.cell.setting.key, r.cfg.seed, r.cfg.clients, r.cfg.classes_per_client, r.cfg.samples_per_class,
               r.cfg.test_samples_per_class, r.cfg.partition)  # the split's inputs (they differ between scales)
        if key not in self.problems:
            self.problems[key] = split_problem(r.cfg, c, self.names.get(r.cfg.dataset))
        return self.problems[key]

    def left_out_lines(self, small: dict[str, str]) -> list[str]:
        """The columns of this command's scale left out for data too small for their split
        (``small``: column -> why), once per column and seed."""
        if not any(self.problems.values()):
            return []
        lines = ["  left out, data too small for the split (judged from the labels of the decoded cache or the archive's listing, nothing decoded):"]
        shown = set()
        for key, why in self.problems.items():
            if why and (key[1], key[2]) not in shown and small.get(key[1]):
                shown.add((key[1], key[2]))
                lines.append(f"    {key[1]} (seed {key[2]}): {why.splitlines()[0]}")
        return lines


@dataclass
class ScaleEstimate:
    """One scale's runs as the dry run counts them: to do (not finished), on missing data,
    on data too small for their split (folder -> why), runnable, and their expected seconds."""

    scale: str
    runs: list[PlannedRun]
    todo: list[PlannedRun]
    missing: list[PlannedRun]
    small: dict[Path, str]
    runnable: list[PlannedRun]
    seconds: float
    grid: bool
    per_column: dict[str, list[PlannedRun]] = field(default_factory=dict)

    @classmethod
    def of(cls, scale: str, runs: list[PlannedRun], skipped: set[str], check: SplitCheck, grid: bool) -> ScaleEstimate:
        from copfl.app.estimate import estimate_seconds

        todo = [r for r in runs if not finished(r)]
        missing = [r for r in todo if r.cfg.dataset in skipped]
        small = {r.folder: why for r in todo if r.cfg.dataset not in skipped and (why := check.problem(r)) is not None}
        runnable = [r for r in todo if r.cfg.dataset not in skipped and r.folder not in small]
        per_column: dict[str, list[PlannedRun]] = {}
        for r in runnable:
            per_column.setdefault(r.cell.setting.key, []).append(r)
        return cls(scale, runs, todo, missing, small, runnable, estimate_seconds(r.cfg for r in runnable) if runnable else 0.0, grid, per_column)

    def small_columns(self) -> dict[str, str]:
        """Column -> why its runs are left out (data too small for their split)."""
        return {r.cell.setting.key: self.small[r.folder] for r in self.todo if r.folder in self.small}

    def summary(self) -> str:
        """The dry run's first line (:func:`estimate_line`)."""
        return estimate_line(self.runnable, self.seconds, self.missing, self.small_columns(), sum(1 for r in self.todo if r.folder in self.small))

    def lines(self, this_command: bool) -> list[str]:
        """The scale's line (and, for this command's scale, its time per column)."""
        from copfl.app.estimate import run_seconds

        text = f"  {self.scale:<6} {len(self.runnable):>4} runs to do ({'lr grid' if self.grid else 'one rate per cell'}"
        if self.missing:
            text += f"; {len(self.missing)} more on missing data, skipped"
        if self.small:
            text += f"; {len(self.small)} more on data too small for their split, left out"
        if len(self.runs) > len(self.todo):
            text += f"; {len(self.runs) - len(self.todo)} already finished"
        text += f"): {'about ' + plan_duration(self.seconds) if self.runnable else 'nothing to run'}"
        if self.scale == "paper" and self.runnable and self.seconds > GPU_ADVISED_SECONDS:
            text += ": more than a day on this CPU: the paper scale needs a GPU"  # below a day it runs on the CPU (DPAO-PFL's 4-client FEMNIST column)
        if not this_command:
            return [text]
        lines = [text + "  <- this command"]
        if self.runnable:
            parts = [f"{k} {plan_duration(sum(run_seconds(r.cfg) for r in rs))}" for k, rs in self.per_column.items()]
            lines.append(f"         per column: {', '.join(parts)}")
        return lines

    def figures(self) -> dict[str, Any]:
        return {"runs": len(self.runs), "to_run": len(self.runnable), "skipped": len(self.todo) - len(self.runnable), "seconds": round(self.seconds, 1),
                "too_small": len(self.small)}


def label_counts(dataset: str, found: Path, cache_dir: Path | None) -> tuple[list[int], list[int]] | None:
    """Samples per class of a data set found on disk, without decoding it: from the decoded
    cache's labels, else from an image tree's listing; None when neither tells."""
    from copfl.data.sources.registry import SOURCES
    from copfl.app.estimate import cached_label_counts, listing_label_counts

    base = SOURCES[dataset].base or dataset
    return cached_label_counts(base, found, cache_dir) or listing_label_counts(found)


def plan_duration(seconds: float) -> str:
    """A plan's expected time, the same text in the dry run's first line and in its table: 15 s,
    45 min, 6.5 h, 3.2 days."""
    from copfl.app.estimate import format_duration

    if seconds < 90 * 60:
        return format_duration(seconds)
    if seconds < 72 * 3600:
        return f"{seconds / 3600:.1f} h"
    return f"{seconds / 86400:.1f} days"


def estimate_line(runnable: list[PlannedRun], seconds: float, missing: list[PlannedRun], small: dict[str, str], n_small: int) -> str:
    """The dry run's first line: ``estimate: N runs to do, about X on this machine (M runs not
    run: ...)``, its figures those of the table's line for this command (:func:`plan_duration`)."""
    out: list[str] = []
    if missing:
        sets = sorted({r.cfg.dataset for r in missing})
        out.append(f"{len(missing)} skipped, data missing: {', '.join(sets)}")
    if n_small:
        out.append(f"{n_small} left out, data too small for the split: {', '.join(sorted(small))}")
    left = len(missing) + n_small
    tail = f" ({left} more not run: {'; '.join(out)})" if left else ""
    if not runnable:
        return f"estimate: nothing to run on this machine{tail}"
    return f"estimate: {len(runnable)} runs to do, about {plan_duration(seconds)} on this machine{tail}"
