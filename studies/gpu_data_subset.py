"""CIFAR-10 cut down to the samples one reproduction uses, for a machine the full file cannot reach.

    python studies/gpu_data_subset.py EXPERIMENT --columns A[,B] --data-dir DIR --out SUBSET_DIR [--scale paper] [--seeds N]

The device machine that runs paper-scale checks (benchmarks/gpu_check.py) takes at most 64 MiB
with it, and CIFAR-10 is 140 MiB. A reproduction's CIFAR-10 columns train and test on a few
thousand of its 60,000 images (the CO-PFL protocol: 50 training and 100 test images per class
per client). This writes ``SUBSET_DIR/cifar-10-python.tar.gz`` in the official "python version"
form, copfl's first CIFAR-10 candidate: every label as it is (the split is computed from the
labels alone, so every planned run gets the same clients), the images the planned runs use as
they are, every other image black (a few MiB after gzip). It also writes
``SUBSET_DIR/cifar10-channel-stats.json``: the per-channel mean and std of the *full* training
set, which copfl normalises with; after the first load of the subset put them in the cache with
``--stats-into CACHE_DIR`` (``python studies/gpu_data_subset.py --stats-into CACHE_DIR
--data-dir SUBSET_DIR``), so that every client tensor equals the full data set's bit for bit.
``--check`` then compares the federations built from both folders (here, where both exist).
Runs with more seeds use other splits: pass ``--seeds K`` to cover ``reproduce --seeds K`` or
``--top-seeds K`` (seeds 0..K-1 of every cell).
"""

from __future__ import annotations

import argparse
import io
import json
import pickle
import sys
import tarfile
from pathlib import Path

import numpy as np

STATS = "cifar10-channel-stats.json"


def planned_configs(experiment: str, columns: list[str], scale: str, seeds: int | None, data_dir: str) -> list:
    from copfl.reproduce.experiments import experiment_cells
    from copfl.reproduce.plan import plan_runs

    exp, cells = experiment_cells(experiment, scale != "smoke")
    runs, _ = plan_runs(cells, scale, exp.seeds if seeds is None else seeds, Path("unused"), data_dir, None, None, False)
    cfgs = [r.cfg for r in runs if r.cell.setting.key in columns]
    if not cfgs:
        raise SystemExit(f"{experiment}: no planned run in columns {columns}")
    bad = sorted({c.dataset for c in cfgs} - {"cifar10"})
    if bad:
        raise SystemExit(f"only CIFAR-10 columns can be cut down here; these columns also use {', '.join(bad)}")
    return cfgs


def used_indices(cfgs: list, ds) -> tuple[np.ndarray, np.ndarray]:
    from copfl.data.partitioners import make_split
    from copfl.execution.federation import partition_settings

    train: set[int] = set()
    test: set[int] = set()
    seen = set()
    for cfg in cfgs:
        cfg = cfg.resolved()
        settings = partition_settings(cfg, None)
        key = (repr(settings), cfg.seed)
        if key in seen:
            continue
        seen.add(key)
        split = make_split(ds.y_train, ds.y_test, settings, cfg.seed, None, ds.classes, cfg.dataset)
        for tr, te in zip(split.train, split.test):
            train.update(int(i) for i in tr)
            test.update(int(i) for i in te)
    return np.array(sorted(train)), np.array(sorted(test))


def batch(x: np.ndarray, y: np.ndarray) -> bytes:
    """An official CIFAR batch: rows of 1024 red, 1024 green, 1024 blue values."""
    rows = np.ascontiguousarray(x.transpose(0, 3, 1, 2).reshape(len(x), 3072))
    return pickle.dumps({b"data": rows, b"labels": [int(v) for v in y]}, protocol=2)


def write_subset(ds, train: np.ndarray, test: np.ndarray, out: Path) -> Path:
    xtr = np.zeros_like(ds.x_train)
    xtr[train] = ds.x_train[train]
    xte = np.zeros_like(ds.x_test)
    xte[test] = ds.x_test[test]
    out.mkdir(parents=True, exist_ok=True)
    path = out / "cifar-10-python.tar.gz"
    tmp = path.with_suffix(".tmp")
    with tarfile.open(tmp, "w:gz") as tar:
        # the official five training batches (10,000 images each for CIFAR-10), in order
        parts = [(f"data_batch_{i + 1}", x, y) for i, (x, y) in enumerate(zip(np.array_split(xtr, 5), np.array_split(ds.y_train, 5)))]
        for name, x, y in parts + [("test_batch", xte, ds.y_test)]:
            raw = batch(x, y)
            info = tarfile.TarInfo(f"cifar-10-batches-py/{name}")
            info.size = len(raw)
            tar.addfile(info, io.BytesIO(raw))
    tmp.replace(path)
    mean, std = ds.channel_stats()
    (out / STATS).write_text(json.dumps({"mean": mean.tolist(), "std": std.tolist(), "train_images": len(ds.y_train)}) + "\n")
    return path


def stats_into(cache_dir: Path, subset_dir: Path) -> int:
    """Put the full training set's statistics beside the subset's cached arrays."""
    from copfl.data.sources.dataset import STATS_FORMAT, _arrays_id, _stats_path

    done = 0
    for arrays in sorted(Path(cache_dir).glob("cifar10-*.npz")):
        with np.load(arrays, allow_pickle=False) as z:
            if json.loads(str(z["meta"])).get("source") != str((subset_dir / "cifar-10-python.tar.gz").resolve()):
                continue
        stats = json.loads((subset_dir / STATS).read_text())
        doc = {"format": STATS_FORMAT, "arrays": _arrays_id(arrays), "mean": stats["mean"], "std": stats["std"]}
        _stats_path(arrays).write_text(json.dumps(doc) + "\n")
        done += 1
    return done


def check(cfgs: list, full_dir: str, subset_dir: str, cache_dir: str) -> dict:
    """Every distinct split's client tensors, from the full folder and from the subset."""
    from dataclasses import replace

    from copfl.execution.federation import build_federation

    checked, differ = 0, []
    seen = set()
    for cfg in cfgs:
        key = (cfg.seed, cfg.val_fraction, cfg.clients, cfg.classes_per_client, cfg.partition, cfg.samples_per_class, cfg.train_per_client)
        if key in seen:
            continue
        seen.add(key)
        a = build_federation(replace(cfg, data_dir=full_dir, cache_dir=None))
        b = build_federation(replace(cfg, data_dir=subset_dir, cache_dir=cache_dir))
        for n, (ca, cb) in enumerate(zip(a.clients, b.clients)):
            for field in ("x_train", "y_train", "x_test", "y_test", "x_val", "y_val"):
                ta, tb = getattr(ca, field, None), getattr(cb, field, None)
                if ta is None and tb is None:
                    continue
                checked += 1
                if ta is None or tb is None or ta.shape != tb.shape or not bool((ta == tb).all()):
                    differ.append(f"seed {cfg.seed} client {n} {field}")
    return {"tensors_checked": checked, "differ": differ}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("experiment", nargs="?")
    ap.add_argument("--columns", default="")
    ap.add_argument("--scale", default="paper", choices=("smoke", "cpu", "paper"))
    ap.add_argument("--seeds", type=int, default=None)
    ap.add_argument("--data-dir", required=True, help="the full data (or, with --stats-into, the subset folder)")
    ap.add_argument("--out", default=None, help="where the subset goes")
    ap.add_argument("--stats-into", default=None, metavar="CACHE_DIR")
    ap.add_argument("--check", default=None, metavar="CACHE_DIR", help="after writing, compare both federations (cache for the subset)")
    a = ap.parse_args()
    if a.stats_into:
        n = stats_into(Path(a.stats_into), Path(a.data_dir))
        print(json.dumps({"stats_written": n}))
        if n == 0:
            sys.exit(f"no cached subset arrays in {a.stats_into}: load the subset once first")
        return
    if not (a.experiment and a.columns and a.out):
        ap.error("EXPERIMENT, --columns and --out are needed")
    from copfl.data.sources.registry import load_dataset

    cfgs = planned_configs(a.experiment, a.columns.split(","), a.scale, a.seeds, a.data_dir)
    ds = load_dataset("cifar10", a.data_dir)
    train, test = used_indices(cfgs, ds)
    path = write_subset(ds, train, test, Path(a.out))
    doc = {"runs": len(cfgs), "train_images": len(train), "test_images": len(test), "file": str(path), "mib": round(path.stat().st_size / 2**20, 2)}
    if a.check:
        load_dataset("cifar10", a.out, a.check)
        stats_into(Path(a.check), Path(a.out))
        doc["check"] = check(cfgs, a.data_dir, a.out, a.check)
    print(json.dumps(doc, indent=1))


if __name__ == "__main__":
    main()
