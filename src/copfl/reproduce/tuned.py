"""``copfl reproduce EXP --tune N``: every method of every column tuned on validation data,
then the final cells run twice, with the paper's settings (the *default* row, as without
``--tune``) and with the tuned values (the *tuned* row). This module plans the tuning and reads
its results; :func:`copfl.reproduce.runner.tune_columns` runs it (:mod:`copfl.tuning.tuner`'s Tuner:
Optuna TPE, Hyperband, the best round's mean client validation accuracy, test data sealed).

* **The tuning problem** of a column is its data setting at the *tuning scale* (cpu, or smoke
  at smoke scale: :func:`default_tune_scale`), seed 0's split and its validation part, with that
  scale's model and rounds: a cell's own model, width and rounds (the ResNet study's) are its
  final runs' only, so ResNet rows reuse the values tuned with the CNN; a setting's
  ``tune_run`` options (caps) hold its tuning on capped data when its final rows lift the caps.
* **What is searched**: each method's declared space (:mod:`copfl.algorithms.search_space`) less what the
  experiment fixes for the cell (:func:`fixed_knobs`), like a compare variant's fixed knobs:
  its algorithm options (CO-PFL's p and gamma, an ablation's switch), its run options (DP noise,
  an attack, shared batch-norm statistics) and its protocol's value of a searched knob (pFedSV's
  momentum 0). The learning rate is always searched: it is what the default row takes from the
  paper (its fixed rate, or its grid selected on test data).
* **Budget**: ``N`` finished trials per study, the same for every method.
* **Studies** live in ``<out>/tune/<setting>-<tuning scale>-<problem hash>/study.db``, one
  per (algorithm, fixed knobs), named by :class:`copfl.app.variants.Row`'s key (also their
  ``best.json`` key): cells with the same method on the same problem share a study, across
  experiments, and an interrupted tuning resumes where it stopped. ``best.json`` and
  ``tune.md`` there hold the methods of the last command that tuned in that folder; the
  reports read every study from ``study.db``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from copfl.algorithms.base import get_algorithm
from copfl.execution.config import RunConfig
from copfl.reproduce.cells import SCALE_FIELDS, Cell, Setting, scale_run_options
from copfl.reproduce.plan import PlannedRun, Runtime, cell_run_options, finished, run_identity, setting_run_options
from copfl.algorithms.search_space import space_of
from copfl.tuning.values import split_values
from copfl.app.variants import Row

TUNE_FOLDER = "tune"
TUNE_VAL_FRACTION = 0.1  # a tuning problem's validation share when its setting runs without one
# the fields a column's final runs may change from its tuning problem (the report says which)
PROBLEM_FIELDS = ("model", "width", "resnet_stem", "rounds", "samples_per_class", "test_samples_per_class",
                  "train_per_client", "test_per_client", "test_split")


# Run fields that change nothing but a client's test data (tests/test_partition.py checks that
# the training parts, and so the validation hold-out, stay the same): a tuning problem never
# reads test data, so it takes their defaults, and columns that differ in nothing else tune as
# one problem and share its studies (pFedSV Table 2 read with FedGen's test split, --test-split
# balanced, reuses the column it reads again).
TEST_ONLY_FIELDS = ("test_split",)


def default_tune_scale(scale: str) -> str:
    """The scale tuning runs at unless ``--tune-scale`` says: cpu (the CNN on capped data, the
    values reused by paper-scale and ResNet final rows), smoke at smoke scale."""
    return "smoke" if scale == "smoke" else "cpu"


@dataclass(frozen=True)
class Study:
    """One method on one column's tuning problem: ``algorithm`` with the knobs ``fixed``."""

    label: str  # the study's name and best.json key
    algorithm: str
    fixed: dict[str, Any] = field(default_factory=dict, hash=False)


@dataclass
class ColumnTuning:
    """A column's tuning problem (``base``: seed 0, the tuning scale; the algorithm is each
    trial's), its folder, its studies by label and each cell's study."""

    setting: Setting
    scale: str
    base: RunConfig
    folder: Path
    studies: dict[str, Study]
    label_of: dict[Cell, str]


def tuning_base(st: Setting, scale: str, data_dir: str | None, cache_dir: str | None, runtime: Runtime | None, download: bool) -> RunConfig:
    """The tuning problem of setting ``st`` at ``scale``: the scale's run options and model, the
    setting's protocol and split at that scale, its ``tune_run`` options, seed 0, and validation
    data (:data:`TUNE_VAL_FRACTION` where the setting has none)."""
    opts = {**scale_run_options(scale), **setting_run_options(st, scale), **dict(st.tune_run)}
    opts = {k: v for k, v in opts.items() if k not in TEST_ONLY_FIELDS}
    base = RunConfig(algorithm="fedavg", dataset=st.dataset, data_dir=data_dir, cache_dir=cache_dir, download=download,
                     clients=st.clients, classes_per_client=st.classes_per_client, seed=0, **(runtime or Runtime()).fields(), **opts)
    return base if base.val_fraction > 0 else replace(base, val_fraction=TUNE_VAL_FRACTION)


def fixed_knobs(cell: Cell, protocol: dict[str, Any]) -> dict[str, Any]:
    """What the experiment sets for ``cell``, held in its tuning: its algorithm options, its run
    options but the model, width and rounds (tuning runs the tuning scale's), and the
    protocol's (``protocol``: the setting's run options) value of every knob the algorithm
    searches. Never the learning rate: the tuned row searches it."""
    space = space_of(get_algorithm(cell.algorithm))
    fixed = {k: v for k, v in protocol.items() if k in space}
    fixed.update({k: v for k, v in cell_run_options(cell).items() if k not in SCALE_FIELDS})
    fixed.update(dict(cell.options))
    fixed.pop("lr", None)
    return dict(sorted(fixed.items()))


def plan_tuning(cells: list[Cell], scale: str, out: Path, data_dir: str | None, cache_dir: str | None, runtime: Runtime | None,
                download: bool) -> dict[str, ColumnTuning]:
    """Every column's tuning problem and its cells' studies, by setting key (cells whose figures
    come from another column, ``same_as``, have none)."""
    columns: dict[str, ColumnTuning] = {}
    folders: dict[str, Path] = {}  # by the tuning problem's identity: the first column's folder
    for cell in cells:
        if cell.same_as is not None:
            continue
        st = cell.setting
        col = columns.get(st.key)
        if col is None:
            base = tuning_base(st, scale, data_dir, cache_dir, runtime, download)
            ident = run_identity(base)
            folder = folders.setdefault(ident, out / TUNE_FOLDER / f"{st.key}-{scale}-{ident}")
            col = columns[st.key] = ColumnTuning(st, scale, base, folder, {}, {})
        fixed = fixed_knobs(cell, setting_run_options(st, scale))
        label = Row(cell.row, cell.algorithm, fixed).key
        col.studies.setdefault(label, Study(label, cell.algorithm, fixed))
        col.label_of[cell] = label
    return columns


def read_studies(col: ColumnTuning) -> dict[str, dict[str, Any]]:
    """The summary (:func:`copfl.tuning.study_summary.summarize_study`) of each of the column's studies found in
    its study.db, by label, with ``done``: its finished trials (completed or pruned). Reads only."""
    from copfl.tuning.tuner import STUDY

    db = col.folder / STUDY
    if not db.exists():
        return {}
    import optuna

    from copfl.tuning.study_summary import summarize_study

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    storage = optuna.storages.RDBStorage(f"sqlite:///{db.resolve()}")
    out = {}
    for label in col.studies:
        try:
            study = optuna.load_study(study_name=label, storage=storage)
        except KeyError:  # not started yet
            continue
        s = summarize_study(label, study, 0.0)
        out[label] = {**s, "done": s["trials"] - s["failed"]}
    return out


def tuning_results(columns: dict[str, ColumnTuning], trials: int) -> dict[Cell, dict[str, Any]]:
    """Per cell: its study's label, fixed knobs and state; with ``complete`` (``trials``
    finished) and a completed trial, ``values``: the best trial's (the fixed knobs left out)."""
    out: dict[Cell, dict[str, Any]] = {}
    for col in columns.values():
        found = read_studies(col)
        for cell, label in col.label_of.items():
            s = found.get(label)
            done = s["done"] if s else 0
            info: dict[str, Any] = {"label": label, "fixed": col.studies[label].fixed, "done": done, "complete": done >= trials}
            if s and s["best"] is not None:
                info.update(values=s["best"]["params"], val_acc=s["best"]["val_acc"], pruned=s["pruned"], seconds=s["seconds_total"])
            out[cell] = info
    return out


def tuned_cell(cell: Cell, values: dict[str, Any]) -> Cell:
    """``cell`` with its tuned ``values`` ({knob: value}): one learning rate, the tuned one (a
    method that searches none keeps a rate the cell fixes, else its default), the tuned
    algorithm and run options over the cell's own."""
    run, own = split_values(get_algorithm(cell.algorithm), values, f"{cell.row} tuned")
    lr = run.pop("lr", None)
    lrs = (lr,) if lr is not None else (cell.lrs if len(cell.lrs) == 1 else (None,))
    return replace(cell, options=tuple(sorted({**dict(cell.options), **own}.items())),
                   run_options=tuple(sorted({**dict(cell.run_options), **run}.items())), lrs=lrs)


def tuned_cells(results: dict[Cell, dict[str, Any]]) -> dict[Cell, Cell]:
    """Each cell whose study is complete with a best trial -> its tuned cell."""
    return {c: tuned_cell(c, r["values"]) for c, r in results.items() if r["complete"] and "values" in r}


def reuse_note(col: ColumnTuning, runs: list[PlannedRun]) -> str:
    """How the column's final runs differ from its tuning problem (where the tuned values are
    reused): ``model cnn -> resnet18, rounds 100 -> 200``; empty when they do not."""
    tuned = col.base.resolved()
    changed: dict[str, list[Any]] = {}
    for r in runs:
        for f in PROBLEM_FIELDS:
            a, b = getattr(tuned, f), getattr(r.cfg, f)
            if a != b and b not in changed.setdefault(f, []):
                changed[f].append(b)
    text = lambda v: "none" if v is None else str(v)  # noqa: E731 (None: no cap)
    return ", ".join(f"{f} {text(getattr(tuned, f))} -> {' / '.join(map(text, vs))}" for f, vs in changed.items() if vs)


def study_problem(col: ColumnTuning, study: Study) -> RunConfig:
    """The run a study's trials start from: the column's tuning problem with the study's
    algorithm and its fixed knobs (a trial's values go on top)."""
    from copfl.tuning.values import apply_params

    return apply_params(replace(col.base, algorithm=study.algorithm, options={}), study.fixed, study.label)


def tuning_cost(columns: list[ColumnTuning], trials: int) -> tuple[int, int, float]:
    """(trials to run, trials finished, about how many seconds the trials to run take): a trial
    costs what compare --dry-run counts (:func:`copfl.app.estimate.trial_seconds`)."""
    from copfl.app.estimate import trial_seconds

    left = done = 0
    seconds = 0.0
    seen: set[tuple[Path, str]] = set()  # a study two columns share (one tuning problem) counts once
    for col in columns:
        found = read_studies(col)
        for s in col.studies.values():
            if (col.folder, s.label) in seen:
                continue
            seen.add((col.folder, s.label))
            have = found.get(s.label, {}).get("done", 0)
            todo = max(0, trials - have)
            cfg = study_problem(col, s).resolved()
            left, done, seconds = left + todo, done + min(have, trials), seconds + todo * trial_seconds(cfg, s.fixed)
    return left, done, seconds


def describe_tuning(columns: list[ColumnTuning], cells: list[Cell], trials: int, plan: Callable[[list[Cell]], list[PlannedRun]]) -> tuple[list[str], dict[str, Any]]:
    """What ``--tune N --dry-run`` adds: the tuning trials and the tuned final runs, with their
    expected time (:mod:`copfl.app.estimate`); a tuned cell whose study has not finished
    is priced at its default cell's cost (its values are not known yet). Loads no data."""
    from copfl.app.estimate import TRIAL_SHARE, estimate_seconds, format_duration

    left, done, tune_s = tuning_cost(columns, trials)
    keys = {c.setting.key for c in columns}
    mine = [c for c in cells if c.setting.key in keys and c.same_as is None]
    results = tuning_results({c.setting.key: c for c in columns}, trials)
    known = tuned_cells({c: r for c, r in results.items() if c in mine})
    runs = plan(list(known.values()))
    waiting = plan([replace(c, lrs=c.lrs[:1]) for c in mine if c not in known])
    todo = [r for r in runs if not finished(r)] + waiting
    ready = len(runs) + len(waiting) - len(todo)
    final_s = estimate_seconds(r.cfg for r in todo) if todo else 0.0
    scale = columns[0].scale if columns else "-"
    lines = [
        "",
        f"tuning (--tune {trials}: each method of each column on validation data, its {scale}-scale problem; "
        f"a trial counted as {TRIAL_SHARE:g} of a run at the knobs it may draw, as compare --dry-run counts):",
        f"  {len({(c.folder, label) for c in columns for label in c.studies})} studies, {left} trials to run ({done} finished): about {format_duration(tune_s)}",
        f"  tuned final runs: {len(todo)} to run ({ready} finished"
        + (f"; {len(waiting)} wait for their tuning, priced as their default rows" if waiting else "")
        + f"): about {format_duration(final_s)}",
        f"  tuning and tuned runs together: about {format_duration(tune_s + final_s)}, beside the default rows above",
    ]
    return lines, {"trials_to_run": left, "trials_finished": done, "trial_seconds": round(tune_s, 1),
                   "tuned_runs_to_run": len(todo), "tuned_run_seconds": round(final_s, 1)}
