"""The GPU path, checked and timed: run it on a machine with a GPU (CI has none).

    python benchmarks/gpu_check.py golden [--device cuda] [--passes 2] [--reverse] [--out FILE]
    python benchmarks/gpu_check.py golden-compare A.json B.json
    python benchmarks/gpu_check.py paper EXPERIMENT [--columns A,B] [--algorithms A,B] [--device cuda] [--rounds 3]
                                   [--data-dir DIR] [--budget-s S] [--out FILE]

``golden``: every run of the bit-identity records (tests/golden/runs.py: every algorithm, the
privacy, attack and unreliable-client settings, the CNN and batch-norm ResNet paths) on the
device, twice in one process. It reports whether the two passes are bit-identical (copfl's
deterministic CUDA kernels), how far each run's last-round accuracy and loss land from the CPU
records (GPU arithmetic differs in the last bits, so the runs drift apart; a large gap or a
non-finite value is a bug of the device path), and each run's seconds.

``paper``: what a reproduction costs on the device. The experiment's planned runs at
``--scale`` (paper by default, with the papers' learning-rate grids, as ``copfl reproduce``
runs them) are grouped by column, algorithm and options; one run of each group trains
``--rounds`` rounds on the device, every round but the first timed (the first warms the device
up: kernels chosen, memory pooled; the mean of the others counts), evaluation apart from training. The experiment's total is then
each planned run's rounds at its group's measured round (evaluation every ``eval_every``
rounds and after the last), beside copfl's CPU estimate (the one ``copfl reproduce --dry-run``
prints). A data set missing from ``--data-dir`` is replaced by random images of its shape and
size (its costs, not its accuracy); the JSON says which. ``--budget-s`` stops timing new groups
after that many seconds (the totals then cover the columns measured in full).

Both print one JSON document and write it (atomically, after every group) to ``--out``.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"

# (side, channels, classes, train per class, test per class) of the data sets a stand-in replaces
SHAPES = {
    "cifar10": (32, 3, 10, 5000, 1000),
    "cifar10c": (32, 3, 10, 5000, 1000),
    "cifar100": (32, 3, 100, 500, 100),
    "mnist": (28, 1, 10, 6000, 1000),
    "fashion-mnist": (28, 1, 10, 6000, 1000),
}


def write_json(doc: dict[str, Any], out: str | None) -> None:
    if out:
        tmp = Path(out).with_suffix(".tmp")
        tmp.write_text(json.dumps(doc, indent=1) + "\n")
        os.replace(tmp, out)


def device_info(device: str) -> dict[str, Any]:
    import torch

    info: dict[str, Any] = {"torch": torch.__version__, "device": device}
    if device.startswith("cuda") and torch.cuda.is_available():
        info["gpu"] = torch.cuda.get_device_name()
        info["cuda"] = torch.version.cuda
    return info


def golden_rows(recorded: dict[str, Any], passes: list[dict[str, Any]], seconds: dict[str, float], errors: dict[str, str]) -> dict[str, Any]:
    """The summary of golden passes: per run, whether every pass that finished it gave the same
    metrics, whether they are finite, and the gap of the first one to the CPU record."""
    rows = []
    for key in sorted(recorded):
        done = [p[key] for p in passes if key in p]
        if not done:
            continue
        cpu, dev = recorded[key]["history"][-1], done[0]["history"][-1]
        finite = all(math.isfinite(r[k]) for r in done[0]["history"] for k in ("acc_mean", "train_loss") if isinstance(r.get(k), float))
        rows.append({
            "run": key,
            "passes": len(done),
            "deterministic": all(d == done[0] for d in done[1:]) if len(done) > 1 else None,
            "finite": finite,
            "acc_cpu": cpu["acc_mean"], "acc_device": dev["acc_mean"], "acc_gap_points": round(100 * abs(dev["acc_mean"] - cpu["acc_mean"]), 3),
            "loss_cpu": cpu["train_loss"], "loss_device": dev["train_loss"],
            "seconds": round(seconds.get(key, float("nan")), 3),
        })
    gaps = sorted(r["acc_gap_points"] for r in rows)
    return {
        "runs_recorded": len(recorded),
        "runs_done": len(rows),
        "failed": errors,
        "checked_twice": sum(r["deterministic"] is not None for r in rows),
        "deterministic": sum(bool(r["deterministic"]) for r in rows),
        "not_deterministic": [r["run"] for r in rows if r["deterministic"] is False],
        "not_finite": [r["run"] for r in rows if not r["finite"]],
        "max_acc_gap_points": gaps[-1] if gaps else None,
        "median_acc_gap_points": gaps[len(gaps) // 2] if gaps else None,
        "rows": rows,
    }


def golden(device: str, out: str | None, passes: int, reverse: bool) -> dict[str, Any]:
    sys.path.insert(0, str(GOLDEN))
    from runs import FILE, run_all

    recorded = json.loads(FILE.read_text())
    done: list[dict[str, Any]] = []
    seconds: dict[str, float] = {}
    errors: dict[str, str] = {}
    doc: dict[str, Any] = device_info(device)

    def on_run(key: str, metrics: dict | None, s: float, error: str | None) -> None:
        if error is not None:
            errors[key] = error
            print(f"{key}: FAILED {error.splitlines()[0]}", file=sys.stderr)
        else:
            done[-1][key] = metrics
            seconds.setdefault(key, s)
            print(f"{key}: {s:.1f} s", file=sys.stderr)
        doc.update(golden_rows(recorded, done, seconds, errors), metrics=done)
        write_json(doc, out)  # after every run: a run stopped half-way still tells what it saw

    for i in range(passes):
        t0 = time.perf_counter()
        done.append({})
        run_all(device, on_run, reverse)
        print(f"golden pass {i + 1} on {device}: {time.perf_counter() - t0:.1f} s", file=sys.stderr)
    return doc


def golden_compare(files: list[str]) -> dict[str, Any]:
    """Two or more golden JSONs (e.g. one process each way, --reverse) as one: determinism over
    the runs more than one of them finished."""
    sys.path.insert(0, str(GOLDEN))
    from runs import FILE

    docs = [json.loads(Path(f).read_text()) for f in files]
    passes = [p for d in docs for p in d["metrics"]]
    seconds = {r["run"]: r["seconds"] for d in docs for r in d["rows"]}
    errors = {k: v for d in docs for k, v in d["failed"].items()}
    return {**{k: docs[0][k] for k in ("torch", "device", "gpu", "cuda") if k in docs[0]}, **golden_rows(json.loads(FILE.read_text()), passes, seconds, errors)}


def stand_in(dataset: str, seed: int = 0):
    """Random images with the shape, class count and size of ``dataset`` (costs only)."""
    import numpy as np

    from copfl.data.sources.dataset import ArrayDataset

    side, ch, k, n_train, n_test = SHAPES[dataset]
    rng = np.random.default_rng(seed)

    def make(n):
        y = np.repeat(np.arange(k, dtype=np.int64), n)
        return rng.integers(0, 256, (len(y), side, side, ch), dtype=np.uint8), y

    x, y = make(n_train)
    xt, yt = make(n_test)
    return ArrayDataset(dataset, x, y, xt, yt, tuple(str(i) for i in range(k)), f"random stand-in for {dataset}")


def paper(name: str, scale: str, columns: list[str] | None, algorithms: list[str] | None, device: str, rounds: int, data_dir: str | None, budget_s: float, out: str | None) -> dict[str, Any]:
    import tempfile

    import torch

    from copfl.data.sources.dataset import DataNotFoundError
    from copfl.data.sources.registry import load_dataset
    from copfl.execution.experiment import build_engine
    from copfl.execution.federation import build_federation
    from copfl.app.estimate import estimate_seconds, format_duration
    from copfl.reproduce.experiments import experiment_cells
    from copfl.reproduce.plan import plan_runs

    _, cells = experiment_cells(name, scale != "smoke")
    tmp = Path(tempfile.mkdtemp(prefix="gpu-check-"))
    planned, _ = plan_runs(cells, scale, 1, tmp, data_dir, None, None, False)
    if columns:
        unknown = sorted(set(columns) - {r.cell.setting.key for r in planned})
        if unknown:
            raise SystemExit(f"{name} has no column {', '.join(unknown)}; its columns: {', '.join(sorted({r.cell.setting.key for r in planned}))}")
        planned = [r for r in planned if r.cell.setting.key in columns]
    if algorithms:
        planned = [r for r in planned if r.cfg.algorithm in algorithms]
    groups: dict[tuple, list] = {}
    for r in planned:
        groups.setdefault((r.cell.setting.key, r.cfg.algorithm, tuple(sorted(r.cfg.options.items()))), []).append(r)
    doc: dict[str, Any] = {**device_info(device), "experiment": name, "scale": scale, "rounds_timed": rounds, "groups": []}
    datasets: dict[str, Any] = {}
    t_start = time.perf_counter()
    for (col, alg, opts), runs in groups.items():
        if time.perf_counter() - t_start > budget_s:
            print(f"budget of {budget_s:.0f} s spent: {col}/{alg} and later groups not timed", file=sys.stderr)
            break
        cfg = replace(runs[0].cfg, rounds=rounds, device=device, eval_every=1, out=None).resolved()
        row: dict[str, Any] = {"column": col, "algorithm": alg, "options": dict(opts), "planned_runs": len(runs),
                               "rounds_each": runs[0].cfg.rounds, "eval_every": runs[0].cfg.eval_every}
        try:
            if cfg.dataset not in datasets:
                try:
                    datasets[cfg.dataset] = (load_dataset(cfg.dataset, cfg.data_dir, cfg.cache_dir, False, None), False)
                except DataNotFoundError:
                    if cfg.dataset not in SHAPES:
                        raise
                    datasets[cfg.dataset] = (stand_in(cfg.dataset), True)
            ds, fake = datasets[cfg.dataset]
            row["stand_in_data"] = fake
            engine = build_engine(cfg, build_federation(cfg, ds))
            state = engine.new_state()
            timed = []
            for _ in range(rounds):
                engine.run_round(state)
                if device.startswith("cuda"):
                    torch.cuda.synchronize()
                timed.append(dict(engine.round_timings or {}))
            timed = timed[1:]  # the first round warms the device up
            fit = sum(t["train"] + t["aggregate"] for t in timed) / len(timed)
            ev = sum(t["evaluate"] for t in timed) / len(timed)
            row.update({"train_aggregate_s": round(fit, 4), "evaluate_s": round(ev, 4), "acc_last": state.history[-1].get("acc_mean")})
            per_run = [p.cfg.rounds * fit + math.ceil(p.cfg.rounds / max(1, p.cfg.eval_every)) * ev for p in runs]
            row["device_seconds"] = round(sum(per_run), 1)
            row["cpu_estimate_seconds"] = round(estimate_seconds(p.cfg for p in runs), 1)
        except Exception as e:  # noqa: BLE001 - a group that cannot run is reported, the others go on
            row["error"] = f"{type(e).__name__}: {e}"
        doc["groups"].append(row)
        print(f"{col} {alg}: {row.get('train_aggregate_s', '-')} s train+aggregate, {row.get('evaluate_s', '-')} s evaluate a round"
              f"{'  ' + row['error'].splitlines()[0] if 'error' in row else ''}", file=sys.stderr)
        write_json(doc, out)
    timed_cols = {g["column"] for g in doc["groups"]}
    full = [c for c in sorted(timed_cols) if all("device_seconds" in g for g in doc["groups"] if g["column"] == c)
            and sum(1 for g in doc["groups"] if g["column"] == c) == sum(1 for k in groups if k[0] == c)]
    doc["columns"] = {}
    for c in full:
        gs = [g for g in doc["groups"] if g["column"] == c]
        dev_s, cpu_s = sum(g["device_seconds"] for g in gs), sum(g["cpu_estimate_seconds"] for g in gs)
        doc["columns"][c] = {"runs": sum(g["planned_runs"] for g in gs), "device": format_duration(dev_s), "cpu_estimate": format_duration(cpu_s),
                             "device_seconds": round(dev_s), "cpu_estimate_seconds": round(cpu_s), "speed_up": round(cpu_s / dev_s, 1) if dev_s else None}
    doc["columns_not_timed"] = sorted({k[0] for k in groups} - set(full))
    write_json(doc, out)
    return doc


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="what", required=True)
    g = sub.add_parser("golden", help="every golden run on the device, twice: determinism and the gap to the CPU records")
    g.add_argument("--passes", type=int, default=2, help="passes over the runs in this process (default 2)")
    g.add_argument("--reverse", action="store_true", help="the runs in the opposite order (two processes, one each way, cover them in half the time)")
    c = sub.add_parser("golden-compare", help="golden JSONs of several processes as one (determinism over the runs they share)")
    c.add_argument("files", nargs="+")
    p = sub.add_parser("paper", help="time an experiment's runs on the device and extrapolate its total")
    p.add_argument("experiment")
    p.add_argument("--scale", default="paper", choices=("smoke", "cpu", "paper"))
    p.add_argument("--columns", default=None, help="comma-separated columns (default: all)")
    p.add_argument("--algorithms", default=None, help="comma-separated algorithms (default: all; the totals then cover those)")
    p.add_argument("--rounds", type=int, default=3, help="rounds per timed run, all but the first timed (default 3)")
    p.add_argument("--data-dir", default=None)
    p.add_argument("--budget-s", type=float, default=math.inf, help="stop timing new groups after this many seconds")
    for q in (g, p):
        q.add_argument("--device", default="cuda")
        q.add_argument("--out", default=None, help="also write the JSON here")
    a = ap.parse_args()
    if a.what in ("golden", "golden-compare"):
        doc = golden(a.device, a.out, a.passes, a.reverse) if a.what == "golden" else golden_compare(a.files)
        doc = {k: v for k, v in doc.items() if k not in ("rows", "metrics")}
    else:
        if a.rounds < 2:
            ap.error(f"--rounds must be >= 2 (the first round warms the device up), got {a.rounds}")
        doc = paper(a.experiment, a.scale, a.columns.split(",") if a.columns else None, a.algorithms.split(",") if a.algorithms else None, a.device, a.rounds, a.data_dir, a.budget_s, a.out)
        doc = {k: v for k, v in doc.items() if k != "groups"}
    print(json.dumps(doc, indent=1))


if __name__ == "__main__":
    main()
