"""The runs of a paper experiment: each cell's runs planned with their configurations and
folders, and whether a folder already holds a finished run that counts.

Every run lives in ``<out>/runs/<name>-<hash>``, the hash taken over what it computes
(:func:`run_identity`), so equal runs of different experiments share one folder.
"""

from __future__ import annotations

import functools
import json
import re
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

from copfl.execution.config import RunConfig, added_later, option_names, options_hash
from copfl.reproduce.cells import SCALE_FIELDS, Cell, Setting, scale_run_options, scale_samples
from copfl.execution.runfolder import changed_algorithm_defaults

FINAL_STATUSES = ("completed", "diverged")


@dataclass(frozen=True)
class Runtime:
    """How a reproduction's runs and tuning trials run, never what they compute (RunConfig
    fields declared ``computes=False``): torch threads, and ``--workers`` on Ray (a local
    instance, or the cluster at ``ray_address``). Left out of every run's identity, so a
    reproduction resumed with other values keeps its finished runs."""

    threads: int | None = None
    workers: int = 1
    ray_address: str | None = None

    def fields(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class PlannedRun:
    cell: Cell
    lr: float
    seed: int
    cfg: RunConfig
    folder: Path

    @property
    def federation_key(self) -> tuple:
        # every field the federation depends on (declared data_key): two planned runs share one only when all match
        return tuple(getattr(self.cfg, k) for k in option_names(data_key=True))


def run_identity(cfg: RunConfig) -> str:
    """A hash of what the run computes: fields at RunConfig's own default are left out, so
    that a field added to RunConfig later does not change the identity of finished runs (a
    field added with a default that changes results is left out at the value that gives the
    old results: :func:`copfl.execution.config.added_later`). Options that never change results
    (declared ``computes=False``: where data and results live, threads) are left out."""
    return options_hash(cfg, option_names(computes=False), _identity_defaults(), 10)


@functools.cache
def _identity_defaults() -> dict[str, Any]:
    """RunConfig's defaults, with the fields added later at the values that give the old results."""
    return {**asdict(RunConfig()), **added_later()}


def option_suffix(options: tuple[tuple[str, Any], ...]) -> str:
    return "".join(f"-{k}{v}" for k, v in options).replace(" ", "")


# algorithms whose own batch-norm default is local but which the reproductions run with the
# statistics shared, like every other method (a row's own bn_stats still wins)
SHARED_BN_IN_TABLES = ("co-pfl",)


def plan_runs(
    cells: list[Cell], scale: str, seeds: int, out: Path, data_dir: str | None, cache_dir: str | None, runtime: Runtime | None, download: bool,
    seeds_of: dict[Cell, int] | None = None,
) -> tuple[list[PlannedRun], dict[Cell, list[PlannedRun]]]:
    """The runs to do (each once) and, for every cell, its runs (``runtime``: None, the defaults;
    ``seeds_of``: more seeds for some cells, ``--top-seeds``)."""
    from copfl.algorithms.base import get_algorithm

    base = scale_run_options(scale)
    # the smoke scale keeps its tiny model and 2 rounds whatever an experiment's cells run with
    keep = SCALE_FIELDS if scale == "smoke" else ()
    runs: dict[Path, PlannedRun] = {}
    of_cell: dict[Cell, list[PlannedRun]] = {}
    for cell in cells:
        if cell.same_as is not None:  # its figures come from another column's runs
            continue
        st = cell.setting
        data = setting_run_options(st, scale)
        # options at their default are dropped, so that equal runs get equal names and hashes
        defaults = get_algorithm(cell.algorithm).Config()
        options = tuple((k, v) for k, v in cell.options if getattr(defaults, k) != v)
        run_options = cell_run_options(cell)
        for lr in cell.lrs:
            for seed in range(max(seeds, cell.min_seeds, (seeds_of or {}).get(cell, 1))):
                cfg = RunConfig(
                    algorithm=cell.algorithm,
                    dataset=st.dataset,
                    data_dir=data_dir,
                    cache_dir=cache_dir,
                    download=download,
                    clients=st.clients,
                    classes_per_client=st.classes_per_client,
                    lr=lr,
                    seed=seed,
                    options=dict(options),
                    **(runtime or Runtime()).fields(),
                    **{**base, **data, **{k: v for k, v in run_options.items() if k not in keep}},
                ).resolved()
                name = f"{st.key}-{cell.algorithm}{option_suffix(options)}{option_suffix(cell.run_options)}-lr{cfg.lr:g}-seed{seed}-{run_identity(cfg)}"
                folder = out / "runs" / name
                cfg = replace(cfg, out=str(folder))
                run = runs.setdefault(folder, PlannedRun(cell, float(cfg.lr), seed, cfg, folder))  # type: ignore[arg-type]
                of_cell.setdefault(cell, []).append(run)
    # one federation (data split) per setting and seed: run those together
    return sorted(runs.values(), key=run_order), of_cell


def run_order(r: PlannedRun) -> tuple[str, str, float]:
    """The order runs are done in: those sharing a federation (data split) one after another."""
    return (str(r.federation_key), r.cell.algorithm, r.lr)


def cell_run_options(cell: Cell) -> dict[str, Any]:
    """The run options a cell gives its runs: its own, and every method's batch-norm statistics
    the engine's shared ones unless the row says otherwise: the tables compare methods under one
    treatment, and were recorded so before CO-PFL's own default became local; FedBN
    keeps its own."""
    run_options = dict(cell.run_options)
    if cell.algorithm in SHARED_BN_IN_TABLES and "bn_stats" not in run_options:
        run_options["bn_stats"] = "shared"
    return run_options


def setting_run_options(st: Setting, scale: str) -> dict[str, Any]:
    """The run options a data setting gives its runs at ``scale``: its split (label-skew: the
    scale's samples per class), its protocol's own run options (the pFedSV and DPAO-PFL
    protocols: rounds, local epochs, participation, optimizer; at smoke scale not the model or
    the rounds) and, at cpu scale, what that scale changes (caps on samples per client)."""
    out: dict[str, Any] = {"partition": st.partition}
    if st.partition == "label-skew":
        test = st.test_samples_per_class
        m, mt = scale_samples(scale, st.samples_per_class, test if isinstance(test, int) else 100)
        out.update(samples_per_class=m, test_samples_per_class=mt if isinstance(test, int) or scale == "smoke" else test)
    elif st.partition == "dirichlet":
        out["alpha"] = st.alpha
    if st.classes is not None:
        out["classes"] = st.classes
    out.update({k: v for k, v in st.run if not (scale == "smoke" and k in SCALE_FIELDS)})
    if scale == "cpu":
        out.update(dict(st.cpu))
    if scale == "smoke" and st.partition != "label-skew":
        out.update(train_per_client=20, test_per_client=8)  # a whole data set split: tiny caps
    return out


def changed_defaults(r: PlannedRun) -> str:
    """The algorithm options whose value in the finished run ``r`` differs from what this
    version resolves for it (:func:`copfl.execution.runfolder.changed_algorithm_defaults`)."""
    return changed_algorithm_defaults(r.folder, r.cfg)


def stopped_by_an_attacker(s: dict[str, Any]) -> bool:
    """A summary of a run that an *attacker's* own divergence stopped: before the attacker rule
    (copfl.extensions.attacks.Attack.rescue) such a run ended there; today it goes on. The
    client is ``diverged_client``, or, in older summaries, the one the error names."""
    if s.get("status") != "diverged" or not s.get("attack"):
        return False
    client = s.get("diverged_client")
    if client is None:
        m = re.search(r"client (\d+)", s.get("error") or "")
        client = int(m.group(1)) if m else None
    return client is not None and client in (s["attack"].get("attackers") or [])


def rerun_reason(r: PlannedRun) -> str:
    """Why the finished run ``r`` is to run again (empty: it is not)."""
    changed = changed_defaults(r)
    if changed:
        return f"made under other {r.cfg.algorithm} defaults ({changed})"
    s = read_summary(r.folder)
    if s is not None and stopped_by_an_attacker(s):
        return "an attacker's own divergence stopped it (runs now go on past one)"
    return ""


def current_summary(r: PlannedRun) -> dict[str, Any] | None:
    """``r``'s final summary when it was made under this version's algorithm defaults (and
    not stopped by an attacker's own divergence), else None (not finished, or to run again)."""
    s = read_summary(r.folder)
    return s if s is not None and not changed_defaults(r) and not stopped_by_an_attacker(s) else None


def finished(r: PlannedRun) -> bool:
    return current_summary(r) is not None


def read_summary(folder: Path) -> dict[str, Any] | None:
    try:
        s = json.loads((folder / "summary.json").read_text())
    except (OSError, json.JSONDecodeError):
        return None
    return s if s.get("status") in FINAL_STATUSES else None
