"""Data loading: CIFAR-10 from the PNG zip (first decode, in parallel over the cores) and from
the cache, the per-channel statistics (streaming pass: time and peak memory), the time from
starting `copfl run --dataset cifar10 --rounds 1` to its first output line, to the data being
loaded and to the first round line (cold and warm cache), and the time to generate each
CIFAR-10-C corruption for the 10,000 test images.

    python benchmarks/data_load.py --data-dir DIR [--corruptions all|NAME,...] [--severity 5] [--no-cli]

Targets (issue): first load <= 15 s on 2 cores, cached load <= 1 s. Prints one JSON object.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

import numpy as np

from copfl.data import corruptions
from copfl.data.sources.dataset import image_channel_stats
from copfl.data.sources.registry import load_dataset


def start_to_first_round(data_dir: str, cache: str) -> dict[str, float | None]:
    """Seconds from starting `copfl run` (one round) to its first line, the "loaded" line and
    the first round line; ``round_s`` is the round itself (its s/round)."""
    out = tempfile.mkdtemp(prefix="copfl-bench-run-")
    cmd = [sys.executable, "-m", "copfl.cli", "run", "--dataset", "cifar10", "--data-dir", data_dir, "--rounds", "1", "--out", out]
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env={**os.environ, "COPFL_CACHE_DIR": cache})
    res: dict[str, float | None] = {"first_line_s": None, "loaded_s": None, "first_round_s": None, "round_s": None}
    assert p.stdout is not None
    for line in p.stdout:
        t = round(time.perf_counter() - t0, 2)
        if res["first_line_s"] is None:
            res["first_line_s"] = t
        if res["loaded_s"] is None and line.startswith("loaded cifar10"):
            res["loaded_s"] = t
        if res["first_round_s"] is None and "round 1/1" in line:
            res["first_round_s"] = t
            m = re.search(r"([0-9.]+) s/round", line)
            res["round_s"] = float(m.group(1)) if m else None
    if p.wait() != 0:
        raise SystemExit(f"{' '.join(cmd)} failed (exit {p.returncode})")
    return res


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data-dir", required=True)
    ap.add_argument("--corruptions", default="all")
    ap.add_argument("--severity", type=int, default=5)
    ap.add_argument("--no-cli", action="store_true", help="skip the two `copfl run` start-up measurements")
    args = ap.parse_args()
    runs = {}
    with tempfile.TemporaryDirectory() as cache:
        t = time.perf_counter()
        ds = load_dataset("cifar10", args.data_dir, Path(cache))
        first = time.perf_counter() - t
        t = time.perf_counter()
        warm = load_dataset("cifar10", args.data_dir, Path(cache))
        warm.channel_stats()  # read from the cache with the arrays
        cached = time.perf_counter() - t
        tracemalloc.start()
        t = time.perf_counter()
        image_channel_stats(ds.x_train)
        stats_s = time.perf_counter() - t
        stats_peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    if not args.no_cli:
        with tempfile.TemporaryDirectory() as cache:
            runs["cold_cache"] = start_to_first_round(args.data_dir, cache)
            runs["warm_cache"] = start_to_first_round(args.data_dir, cache)
    names = corruptions.available() if args.corruptions == "all" else args.corruptions.split(",")
    gen = {}
    for name in names:
        t = time.perf_counter()
        corruptions.corrupt(ds.x_test, name, args.severity, np.random.default_rng(0))
        gen[name] = round(time.perf_counter() - t, 2)
    print(json.dumps({
        "benchmark": "data_load",
        "cores": os.cpu_count(),
        "source": ds.source,
        "cifar10_first_load_s": round(first, 2),
        "cifar10_cached_load_s": round(cached, 3),
        "channel_stats_s": round(stats_s, 3),
        "channel_stats_peak_mb": round(stats_peak / 2**20, 1),
        "copfl_run_start": runs or None,
        "targets": {"first_load_s": 15, "cached_load_s": 1},
        "cifar10c_seconds_per_10000_test_images": gen,
        "cifar10c_all_corruptions_s": round(sum(gen.values()), 1),
    }))


if __name__ == "__main__":
    main()
