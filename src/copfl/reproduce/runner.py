"""Run the cells of a paper experiment, keep what is finished, and collect the figures.

Every run lives in ``<out>/runs/<name>-<hash>``, the hash taken over its resolved
configuration: a run whose folder holds a final ``summary.json`` is never run again, so an
interrupted reproduction resumes where it stopped, and experiments that share runs (Table II
and the convergence curves, Table III's "both" row and Table II's CO-PFL) share them.

Several processes may work on one results folder at once (``copfl reproduce`` started twice
with the same ``--out``, one thread each, uses two cores): each run is claimed with an advisory
lock on ``<out>/.claims/<run>`` while it trains, and a process skips the runs another one
holds. The lock is the operating system's (``flock``), so a process that dies frees its runs at
once.
"""

from __future__ import annotations

import contextlib
import csv
import hashlib
import json
import os
import re
import math
import statistics
import sys
import time
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any, Callable, Iterator

try:
    import fcntl
except ImportError:  # Windows: no advisory locks; one process per results folder there
    fcntl = None  # type: ignore[assignment]

from copfl.algorithms import config_values, get_algorithm, make_config
from copfl.callbacks import DataProgress
from copfl.config import RunConfig, added_later, option_names
from copfl.data.partition import PartitionError
from copfl.data.sources import DataError, DataNotFoundError
from copfl.engine import NonFiniteLossError
from copfl.experiment import environment, run_in_folder
from copfl.federation import Federation, build_federation
from copfl.reproduce.experiments import MILESTONES, SCALE_FIELDS, SCALE_NOTES, SCALES, Cell, Setting, experiment_cells, scale_run_options, scale_samples
from copfl.reproduce.report import write_report

FINAL_STATUSES = ("completed", "diverged")


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
    old results: :func:`copfl.config.added_later`). Options that never change results
    (declared ``computes=False``: where data and results live, threads) are left out."""
    default = {**asdict(RunConfig()), **added_later()}
    not_computing = set(option_names(computes=False))
    d = {k: v for k, v in asdict(cfg.resolved()).items() if k not in not_computing and v != default[k]}
    return hashlib.sha256(json.dumps(d, sort_keys=True, default=str).encode()).hexdigest()[:10]


def _opt_suffix(options: tuple[tuple[str, Any], ...]) -> str:
    return "".join(f"-{k}{v}" for k, v in options).replace(" ", "")


# algorithms whose own batch-norm default is local but which the reproductions run with the
# statistics shared, like every other method (a row's own bn_stats still wins)
SHARED_BN_IN_TABLES = ("co-pfl",)


def plan_runs(
    cells: list[Cell], scale: str, seeds: int, out: Path, data_dir: str | None, cache_dir: str | None, threads: int | None, download: bool
) -> tuple[list[PlannedRun], dict[Cell, list[PlannedRun]]]:
    """The runs to do (each once) and, for every cell, its runs."""
    from copfl.algorithms import get_algorithm

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
        # every method's batch-norm statistics are the engine's shared ones unless a row says
        # otherwise: the tables compare methods under one treatment, and were recorded so
        # before CO-PFL's own default became local (issue 21); FedBN keeps its own
        run_options = dict(cell.run_options)
        if cell.algorithm in SHARED_BN_IN_TABLES and "bn_stats" not in run_options:
            run_options["bn_stats"] = "shared"
        for lr in cell.lrs:
            for seed in range(max(seeds, cell.min_seeds)):
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
                    threads=threads,
                    options=dict(options),
                    **{**base, **data, **{k: v for k, v in run_options.items() if k not in keep}},
                ).resolved()
                name = f"{st.key}-{cell.algorithm}{_opt_suffix(options)}{_opt_suffix(cell.run_options)}-lr{cfg.lr:g}-seed{seed}-{run_identity(cfg)}"
                folder = out / "runs" / name
                cfg = replace(cfg, out=str(folder))
                run = runs.setdefault(folder, PlannedRun(cell, float(cfg.lr), seed, cfg, folder))  # type: ignore[arg-type]
                of_cell.setdefault(cell, []).append(run)
    # one federation (data split) per setting and seed: run those together
    return sorted(runs.values(), key=lambda r: (str(r.federation_key), r.cell.algorithm, r.lr)), of_cell


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
    """The algorithm options whose value in the finished run ``r`` (its ``config.json``'s
    ``algorithm_config``) differs from what this version resolves for it, as ``name: then ->
    now`` (empty when none: also for runs recorded before copfl kept ``algorithm_config``).
    Only options both know are compared: an option added later keeps older runs valid."""
    try:
        saved = json.loads((r.folder / "config.json").read_text()).get("algorithm_config")
    except (OSError, json.JSONDecodeError, AttributeError):
        return ""
    if not isinstance(saved, dict):
        return ""
    try:
        now = config_values(make_config(get_algorithm(r.cfg.algorithm), dict(r.cfg.options or {})))
    except (ValueError, TypeError):  # an algorithm or option this version no longer has: plan_runs says so
        return ""
    return ", ".join(f"{k}: {saved[k]!r} -> {now[k]!r}" for k in sorted(set(saved) & set(now)) if saved[k] != now[k])


def stopped_by_an_attacker(s: dict[str, Any]) -> bool:
    """A summary of a run that an *attacker's* own divergence stopped: before the attacker rule
    (Engine.drop_diverged_update) such a run ended there; today it goes on. The
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
        fed = None
        try:
            fed = build_federation(r.cfg, progress=DataProgress())
        except DataNotFoundError as e:
            unavailable[key] = f"data not found: {e}"
        except (PartitionError, DataError) as e:
            unavailable[key] = f"this copy of the data cannot hold the protocol: {e}"
        fed_key = r.federation_key
        if fed is None:
            failed[r.federation_key] = unavailable[key]
            log(f"  {r.cell.setting.title}: skipped ({unavailable[key].splitlines()[0]})")
            return fed, fed_key, ""
    assert isinstance(fed, Federation)
    label = f"{key} {r.cell.algorithm}{_opt_suffix(tuple(sorted((r.cfg.options or {}).items())))}{_opt_suffix(r.cell.run_options)} lr={r.lr:g} seed {r.seed}"
    start = time.perf_counter()
    try:
        # overwrite: the folder is this run's own (named by its hash), claimed above; what it holds is to be run again
        s = run_in_folder(r.cfg, fed, r.folder, label=label, progress=sys.stderr.isatty(), plots=False, overwrite=True)  # the report draws its own
        status = ""
    except NonFiniteLossError as e:
        s = read_summary(r.folder) or {}
        status = f" DIVERGED ({e})"
    fin = (s.get("final") or {}).get("acc_mean")
    acc = "-" if fin is None else f"{100 * fin:.2f}%"
    return fed, fed_key, f"[{i}/{n}] {label}: final {acc}{status} in {_fmt_s(time.perf_counter() - start)}"


# --------------------------------------------------------------------------- collecting
def count_downloads(folder: Path) -> dict[str, int] | None:
    """From per_client.jsonl: the participations that downloaded others' models and the models
    downloaded in all (pFedSV's and FedFomo's ``downloaded``)."""
    try:
        lines = (folder / "per_client.jsonl").read_text().splitlines()
    except OSError:
        return None
    part = models = 0
    for line in lines:
        rec = json.loads(line) if line.strip() else {}
        for k in rec.get("downloaded") or []:  # a column over the round's clients
            if k is not None:
                part, models = part + 1, models + int(k)
    return {"participations": part, "models": models}


def _rounds_of(runs: list[dict[str, Any]]) -> int | None:
    return next((x["final_round"] for x in runs if x.get("final_round")), None)


def _logged(folder: Path, key: str) -> list[Any] | None:
    """Every round's ``key`` in the run's metrics.jsonl (rounds without it left out; None:
    no file)."""
    try:
        recs = [json.loads(line) for line in (folder / "metrics.jsonl").read_text().splitlines() if line.strip()]
    except OSError:
        return None
    return [r[key] for r in recs if r.get(key) is not None]


def mean_logged(folder: Path, key: str) -> float | None:
    """The mean over rounds of ``key`` in the run's metrics.jsonl (None: never logged)."""
    vals = _logged(folder, key)
    return sum(vals) / len(vals) if vals else None


def attackers_diverged(folder: Path, summary: dict[str, Any]) -> int:
    """Attacker-rounds whose own training diverged, so that the attacker sent no update of its
    own (summary.json's ``attack``; runs made before it kept the total: their metrics)."""
    n = (summary.get("attack") or {}).get("attackers_diverged")
    return int(n) if n is not None else int(sum(_logged(folder, "attackers_diverged") or []))


def rounds_to(folder: Path, milestones: tuple[float, ...]) -> list[int | None]:
    """The first round whose mean accuracy reaches each milestone (%), from the run's
    metrics.jsonl (None: never)."""
    out: list[int | None] = [None] * len(milestones)
    try:
        lines = (folder / "metrics.jsonl").read_text().splitlines()
    except OSError:
        return out
    for line in lines:
        rec = json.loads(line) if line.strip() else {}
        if "acc_mean" not in rec:
            continue
        for i, m in enumerate(milestones):
            if out[i] is None and 100 * rec["acc_mean"] >= m:
                out[i] = rec["round"]
    return out


def client_rows(folder: Path) -> list[dict[str, Any]] | None:
    """The training clients' rows of a run's ``clients.csv`` (held-out clients left out), each
    with ``client``, ``accuracy``, ``num_test`` and ``attacker`` parsed; None without the file
    or with a row it cannot read."""
    try:
        with open(folder / "clients.csv", newline="") as f:
            rows = list(csv.DictReader(f))
        return [
            {"client": int(r["client"]), "accuracy": float(r["accuracy"]), "num_test": int(r["num_test"]), "attacker": r.get("attacker", "0") == "1"}
            for r in rows
            if r.get("unseen", "0") != "1"
        ]
    except (OSError, KeyError, ValueError):
        return None


def test_counts(folder: Path) -> list[int] | None:
    """Each scored client's test-set size (``clients.csv``; held-out clients and attackers, which
    the reported mean leaves out, excluded), or None without the file."""
    rows = client_rows(folder)
    return None if rows is None else [r["num_test"] for r in rows if not r["attacker"]]


def client_accuracies(folder: Path) -> dict[int, tuple[float, bool]] | None:
    """Each scored client's final accuracy and whether it attacked (``clients.csv``; held-out
    clients left out), or None without the file."""
    rows = client_rows(folder)
    return None if rows is None else {r["client"]: (r["accuracy"], r["attacker"]) for r in rows}


def derive_from_unattacked(cell: Cell, source: dict[str, Any]) -> dict[str, Any]:
    """The figures of ``cell`` (an attack column of a method none of whose clients receives
    anything from another, i.e. Local) from ``source``, the same row's cell without attack:
    each seed's attackers are those the attacked run would choose (copfl.attacks.choose_attackers
    over the run's training clients), the honest clients' results are the unattacked run's,
    client for client, and so are the attackers' own under an upload attack (their own model
    stays honest); under label flipping they trained on other labels: not known. Nothing is
    combined, so no weight goes to attackers (0.0, as an attacked Local run records)."""
    from copfl.attacks import UPLOAD_ATTACKS, choose_attackers

    opts = dict(cell.run_options)
    kind, fraction = opts.get("attack"), float(opts.get("attackers", 0.0))
    doc: dict[str, Any] = {
        "group": cell.group, "row": cell.row, "col": cell.col, "setting": cell.setting.key, "algorithm": cell.algorithm,
        "options": dict(cell.options), "run_options": opts, "paper": None, "paper_epsilon": None, "paper_spread": None,
        "paper_rounds": None, "tuned": False, "lrs": {}, "same_as": cell.same_as,
    }
    if source.get("status") not in ("done", "partial") or "chosen_lr" not in source:
        return {**doc, "status": source.get("status", "pending") if source.get("status") in ("unavailable", "diverged") else "pending"}
    honest, bad, counts = [], [], None
    for r in source["lrs"][f"{source['chosen_lr']:g}"]["runs"]:
        if r.get("status") != "completed":
            continue
        rows = client_rows(Path(r["folder"]))
        if not rows:
            continue
        acc = {x["client"]: 100 * x["accuracy"] for x in rows}
        tests = {x["client"]: x["num_test"] for x in rows}
        attackers = set(choose_attackers(sorted(acc), fraction, r["seed"]))
        honest.append(statistics.fmean(a for c, a in acc.items() if c not in attackers))
        bad.append(statistics.fmean(acc[c] for c in attackers))
        if counts is None:
            counts = [tests[c] for c in sorted(tests) if c not in attackers]
    if not honest:  # finished, but no run's clients.csv could be read: nothing will ever fill it
        return {**doc, "status": "unavailable", "reason": f"no readable clients.csv in the runs of its column {cell.same_as!r}"}
    ours, std = _mean_std(honest)
    return {
        **doc,
        "status": source["status"],
        "ours": ours,
        "ours_std": std,
        "seeds": len(honest),
        "attacker_weight": 0.0,  # it combines nothing (an attacked Local run records 0.0 too)
        "attacker_acc": _mean_std(bad)[0] if kind in UPLOAD_ATTACKS else None,
        "test_counts": counts,
        "diff": None,
    }


def _epsilon(values: list[float | None]) -> float | str | None:
    """The mean epsilon over seeds; "inf" when the runs had no noise (JSON has no infinity)."""
    if not values:
        return None
    if any(v is None for v in values):
        return "inf"
    return sum(values) / len(values)  # type: ignore[arg-type]


def _rounds_over_seeds(per_seed: list[list[int | None]]) -> list[float | None] | None:
    """Per milestone: the mean round over the seeds, None when a seed never reached it."""
    if not per_seed:
        return None
    return [None if any(r[i] is None for r in per_seed) else sum(r[i] for r in per_seed) / len(per_seed) for i in range(len(per_seed[0]))]


def _mean_std(values: list[float]) -> tuple[float | None, float | None]:
    if not values:
        return None, None
    return statistics.fmean(values), (statistics.stdev(values) if len(values) > 1 else 0.0)


def collect(cells: list[Cell], of_cell: dict[Cell, list[PlannedRun]], unavailable: dict[str, str]) -> list[dict[str, Any]]:
    """Per cell: every run's figures, the chosen learning rate, our mean (and std) over seeds."""
    out = []
    for cell in cells:
        if cell.same_as is not None:
            out.append({})  # filled below, from its source cell
            continue
        mine = of_cell.get(cell, [])
        per_lr: dict[str, dict[str, Any]] = {}
        for r in sorted(mine, key=lambda r: (r.lr, r.seed)):
            s = current_summary(r)
            entry = per_lr.setdefault(f"{r.lr:g}", {"lr": r.lr, "runs": []})
            run: dict[str, Any] = {"seed": r.seed, "folder": str(r.folder), "status": "pending" if s is None else s["status"]}
            if s is not None and s["status"] == "diverged":
                run["diverged_round"] = s.get("rounds_completed", 0) + 1  # the round whose training gave a non-finite loss
            if s is not None and s.get("final"):
                fin, best = s["final"], s["best"]
                run.update(
                    final_acc=fin["acc_mean"],
                    final_acc_weighted=fin["acc_weighted"],
                    best_acc=best["acc_mean"],
                    best_round=best["round"],
                    # the validation-selected round's test accuracy (None: the run had no validation data)
                    selected_acc=(s.get("selected") or {}).get("acc_mean"),
                    selected_round=(s.get("selected") or {}).get("round"),
                    final_round=fin["round"],
                    train_loss=fin["train_loss"],
                    seconds=s.get("timing", {}).get("seconds_total", s.get("timing", {}).get("seconds")),
                )
                run["final_acc_std"] = fin.get("acc_std")  # across clients (DPAO-PFL's +-)
                run["epsilon"] = (s.get("privacy") or {}).get("epsilon")  # None: no noise (infinity)
                if s.get("relevance"):
                    run["relevance"] = s["relevance"]
                comm, cost = s.get("communication") or {}, s.get("cost") or {}
                run.update(bytes_up_total=comm.get("bytes_up_total"), bytes_down_total=comm.get("bytes_down_total"))
                if cell.algorithm in ("pfedsv", "fedfomo"):
                    run["downloads"] = count_downloads(r.folder)
                run.update(bytes_up_per_round=comm.get("bytes_up_per_round"), bytes_down_per_round=comm.get("bytes_down_per_round"),
                           train_flops_total=cost.get("train_flops_total"))
                if cell.algorithm == "dpao-pfl":
                    run["importance_std"] = mean_logged(r.folder, "importance_std")
                if cell.paper_rounds is not None:
                    run["rounds_to"] = rounds_to(r.folder, MILESTONES)
                if s.get("attack"):  # the weight the method gave the attackers (mean over rounds), their own accuracy
                    run.update(attacker_weight=s["attack"]["attacker_weight_mean"], attacker_acc=s["attack"]["attacker_acc_mean"],
                               attackers_diverged=attackers_diverged(r.folder, s))
            entry["runs"].append(run)
        for entry in per_lr.values():
            ok = [x for x in entry["runs"] if x["status"] == "completed" and "final_acc" in x]
            entry["final_mean"], entry["final_std"] = _mean_std([100 * x["final_acc"] for x in ok])
            entry["best_mean"], entry["best_std"] = _mean_std([100 * x["best_acc"] for x in ok])
            entry["selected_mean"], entry["selected_std"] = _mean_std([100 * x["selected_acc"] for x in ok if x.get("selected_acc") is not None])
            entry["train_loss_mean"], _ = _mean_std([x["train_loss"] for x in ok])
            entry["attacker_weight_mean"], _ = _mean_std([x["attacker_weight"] for x in ok if x.get("attacker_weight") is not None])
            entry["attacker_acc_mean"], _ = _mean_std([100 * x["attacker_acc"] for x in ok if x.get("attacker_acc") is not None])
            entry["complete"] = all(x["status"] in FINAL_STATUSES for x in entry["runs"])  # every run finished (a diverged one too)
        doc: dict[str, Any] = {
            "group": cell.group,
            "row": cell.row,
            "col": cell.col,
            "setting": cell.setting.key,
            "algorithm": cell.algorithm,
            "options": dict(cell.options),
            "run_options": dict(cell.run_options),
            "paper_epsilon": "inf" if cell.paper_epsilon == math.inf else cell.paper_epsilon,
            "paper_spread": cell.paper_spread,
            "paper_rounds": None if cell.paper_rounds is None else list(cell.paper_rounds),
            "paper": cell.paper,
            "tuned": cell.tuned,
            "lrs": per_lr,
        }
        if cell.setting.key in unavailable:
            doc.update(status="unavailable", reason=unavailable[cell.setting.key])
        else:
            scored = [e for e in per_lr.values() if e["final_mean"] is not None]
            all_done = all(e["complete"] for e in per_lr.values()) and bool(per_lr)
            if scored:
                # the paper reports each method at its best learning rate (ties: the grid's order)
                best = max(scored, key=lambda e: e["final_mean"])
                doc.update(
                    status="done" if all_done else "partial",
                    chosen_lr=best["lr"],
                    ours=best["final_mean"],
                    ours_std=best["final_std"],
                    ours_best_round=best["best_mean"],
                    ours_selected=best["selected_mean"],
                    train_loss=best["train_loss_mean"],
                    attacker_weight=best["attacker_weight_mean"],
                    ours_rounds=_rounds_over_seeds([x["rounds_to"] for x in best["runs"] if "rounds_to" in x and x["status"] == "completed"]),
                    epsilon=_epsilon([x.get("epsilon") for x in best["runs"] if x["status"] == "completed"]),
                    traffic={k: _mean_std([x[k] for x in best["runs"] if x.get(k) is not None])[0] for k in ("bytes_up_total", "bytes_down_total")},
                    downloads=next((x["downloads"] for x in best["runs"] if x.get("downloads")), None),
                    rounds=_rounds_of(best["runs"]),
                    overhead={k: _mean_std([x[k] for x in best["runs"] if x.get(k) is not None])[0]
                              for k in ("bytes_up_per_round", "bytes_down_per_round", "train_flops_total", "importance_std")},
                    relevance=next((x["relevance"] for x in best["runs"] if x.get("relevance")), None),
                    client_std=_mean_std([100 * x["final_acc_std"] for x in best["runs"] if x.get("final_acc_std") is not None])[0],
                    attacker_acc=best["attacker_acc_mean"],
                    attackers_diverged=_mean_std([x["attackers_diverged"] for x in best["runs"] if x.get("attackers_diverged") is not None])[0],
                    seeds=sum(1 for x in best["runs"] if "final_acc" in x and x["status"] == "completed"),
                    diverged_seeds=sum(1 for x in best["runs"] if x["status"] == "diverged"),  # left out of the mean
                    test_counts=next((c for x in best["runs"] if x["status"] == "completed" and (c := test_counts(Path(x["folder"])))), None),
                    diff=None if cell.paper is None else best["final_mean"] - cell.paper,
                )
            else:
                rounds = [x["diverged_round"] for e in per_lr.values() for x in e["runs"] if "diverged_round" in x]  # its diverged runs
                doc.update(status="diverged" if rounds and all_done else "pending")
                if doc["status"] == "diverged":
                    doc["diverged_round"] = min(rounds)
        out.append(doc)
    at = {(d["group"], d["row"], d["col"]): d for d in out if d}
    for i, cell in enumerate(cells):
        if cell.same_as is not None:
            out[i] = derive_from_unattacked(cell, at.get((cell.group, cell.row, cell.same_as), {}))
    return out


def describe_plan(
    name: str,
    cells: list[Cell],
    scale: str,
    seeds: int,
    out: str | Path | None,
    data_dir: str | None,
    cache_dir: str | None,
    tune: bool | None,
    download: bool,
) -> tuple[list[str], dict[str, Any]]:
    """What ``--dry-run`` adds to the list of runs, without loading any data: each data set
    found or missing (with the paths looked for; a missing one's columns are skipped), and the
    expected time at every scale (:mod:`copfl.reproduce.estimate`)."""
    from copfl.data.sources import default_data_dir
    from copfl.reproduce.estimate import ESTIMATE_NOTE, data_status, estimate_seconds, format_duration, run_seconds

    root = Path(data_dir) if data_dir is not None else default_data_dir()
    columns: dict[str, list[str]] = {}
    for c in cells:
        keys = columns.setdefault(c.setting.dataset, [])
        if c.setting.key not in keys:
            keys.append(c.setting.key)
    status = data_status(columns, root, Path(cache_dir) if cache_dir is not None else None)
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
    if any(st["found"] is not None for st in status.values()):
        lines.append(
            "  (a copy too small for a column's split, such as the 80-per-class Mini-ImageNet subset at cpu and "
            "paper scale, shows only when it loads: that column is then skipped)"
        )
    lines += ["", f"expected time on a 2-core CPU ({ESTIMATE_NOTE}):"]
    estimates: dict[str, dict[str, Any]] = {}
    for sc in SCALES:
        sc_tune = tune if tune is not None else sc != "smoke"
        _, sc_cells = experiment_cells(name, sc_tune)
        keys = {c.setting.key for c in cells}
        sc_cells = [c for c in sc_cells if c.setting.key in keys]
        sc_out = Path(out) if out is not None else Path("runs") / f"reproduce-{sc}"
        sc_runs, _ = plan_runs(sc_cells, sc, seeds, sc_out, data_dir, cache_dir, None, download)
        todo = [r for r in sc_runs if not finished(r)]
        runnable = [r for r in todo if r.cfg.dataset not in skipped]
        secs = estimate_seconds(r.cfg for r in runnable) if runnable else 0.0
        tuned = sc_tune and any(c.tuned for c in sc_cells)  # an experiment may fix its rates (robustness)
        text = f"  {sc:<6} {len(runnable):>4} runs to do ({'tuned' if tuned else 'not tuned'}"
        if len(todo) > len(runnable):
            text += f"; {len(todo) - len(runnable)} more on missing data, skipped"
        if len(sc_runs) > len(todo):
            text += f"; {len(sc_runs) - len(todo)} already finished"
        text += f"): {'about ' + format_duration(secs) if runnable else 'nothing to run'}"
        if sc == "paper" and runnable:
            text += ": the paper scale needs a GPU"
        if sc == scale:
            text += "  <- this command"
        lines.append(text)
        estimates[sc] = {"runs": len(sc_runs), "to_run": len(runnable), "skipped": len(todo) - len(runnable), "seconds": round(secs, 1)}
        if sc == scale and runnable:
            per_col: dict[str, list[PlannedRun]] = {}
            for r in runnable:
                per_col.setdefault(r.cell.setting.key, []).append(r)
            parts = [f"{k} {format_duration(sum(run_seconds(r.cfg) for r in rs))}" for k, rs in per_col.items()]
            lines.append(f"         per column: {', '.join(parts)}")
    if to_decode:
        lines.append("  plus, once, decoding what is not cached yet: " + ", ".join(f"{k} ~{format_duration(v)}" for k, v in to_decode.items()))
    return lines, {"data": status, "estimates": estimates}


def reproduce(
    name: str,
    scale: str = "cpu",
    seeds: int | None = None,
    out: str | Path | None = None,
    data_dir: str | None = None,
    cache_dir: str | None = None,
    tune: bool | None = None,
    columns: list[str] | None = None,
    threads: int | None = None,
    download: bool = False,
    dry_run: bool = False,
    command: str = "",
    log: Callable[[str], None] = print,
) -> dict[str, Any]:
    """Run (or resume) one experiment and write ``<out>/<name>.md``, ``.json`` and plots."""

    tune_given = tune
    if tune is None:
        tune = scale != "smoke"
    exp, cells = experiment_cells(name, tune)
    seeds = exp.seeds if seeds is None else seeds  # the experiment's own default (the readings study: 3)
    if seeds < 1:
        raise ValueError(f"--seeds must be >= 1, got {seeds}")
    scale_run_options(scale)  # validates the scale
    settings: dict[str, Setting] = {c.setting.key: c.setting for c in cells}
    if columns:
        unknown = [c for c in columns if c not in settings]
        if unknown:
            raise ValueError(f"{name} has no column {', '.join(unknown)}; its columns: {', '.join(settings)}")
    out_given = out
    out = Path(out) if out is not None else Path("runs") / f"reproduce-{scale}"
    all_runs, of_cell = plan_runs(cells, scale, seeds, out, data_dir, cache_dir, threads, download)
    all_cells = cells
    if columns:
        cells = [c for c in cells if c.setting.key in columns]
    runs = [r for r in all_runs if not columns or r.cell.setting.key in columns]

    def report_columns() -> tuple[list[Cell], list[str], list[str]]:
        """The cells to report, the columns kept and those left out: with ``columns``, a column
        not asked for stays in the report when every one of its runs has finished in this
        --out (by an earlier command, another process or another experiment sharing its
        runs), so that running the columns one command at a time builds up one report.
        Re-read at every write: another process may finish a column meanwhile."""
        if not columns:
            return all_cells, [], []
        of_key: dict[str, list[PlannedRun]] = {}
        for r in all_runs:
            of_key.setdefault(r.cell.setting.key, []).append(r)
        kept = [k for k in settings if k not in columns and of_key.get(k) and all(finished(r) for r in of_key[k])]
        left_out = [k for k in settings if k not in columns and k not in kept]
        return [c for c in all_cells if c.setting.key in columns or c.setting.key in kept], kept, left_out

    _, kept, left_out = report_columns()  # for the header and the dry run; write() re-reads them
    header = {
        "experiment": exp.name,
        "title": exp.title,
        "source": exp.source,
        "kind": exp.kind,
        "paper": exp.paper,
        "note": exp.metric_note,
        "scale": scale,
        "scale_note": (exp.scale_notes or SCALE_NOTES)[scale],
        "seeds": seeds,
        "tune": tune,
        "command": command,
        "columns_left_out": left_out,
        "columns_kept": kept,  # not asked for, but finished earlier in this --out: reported, not run
        "environment": environment(),
    }
    if dry_run:
        for r in runs:
            state = "finished" if finished(r) else "to run"
            log(f"{state:8}  {r.folder.name}")
            if state == "to run" and read_summary(r.folder) is not None:
                log(f"{'':8}  (finished, but {rerun_reason(r)})")
        log(f"{len(runs)} runs in {out / 'runs'}")
        if kept:
            log(f"also reported, not run (every run finished earlier in this --out): {', '.join(kept)}")
        lines, plan = describe_plan(name, cells, scale, seeds, out_given, data_dir, cache_dir, tune_given, download)
        for line in lines:
            log(line)
        return {**header, "runs": [str(r.folder) for r in runs], **plan}

    unavailable: dict[str, str] = {}
    t0 = time.perf_counter()

    def write(plots: bool) -> dict[str, Any]:
        report_cells, kept, left_out = report_columns()
        doc = {**header, "columns_left_out": left_out, "columns_kept": kept, "unavailable": unavailable,
               "cells": collect(report_cells, of_cell, unavailable)}
        doc["wall_seconds_this_session"] = round(time.perf_counter() - t0, 1)
        write_report(doc, out, plots=plots)
        return doc

    try:
        execute(runs, log, unavailable, after_run=lambda: write(False))
    finally:
        doc = write(True)
    log(f"report: {out / (name + '.md')}")
    return doc
