"""Seconds per round of ``copfl run`` by thread setting, on a quiet machine and while another
process keeps one core busy.

Each measurement is a fresh ``copfl run`` process (OpenMP reads its wait policy when torch is
loaded), so settings are environment variables and flags:

- ``t1``:           ``--threads 1``
- ``tN``:           ``--threads N`` (N = cores), OpenMP's default wait (libgomp: spin, then sleep)
- ``tN-passive``:   ``--threads N`` with ``OMP_WAIT_POLICY=PASSIVE``
- ``default``:      no flag, no environment variable: what a user gets

Settings and load states are interleaved over ``--repeats``; the figure is the median of the
runs' ``seconds_per_round`` (summary.json). Loads (``--loads``): ``quiet``; ``python``, a
pure-Python loop holding one core; ``torch``, another torch process multiplying matrices
with torch's default threads (what a second run or a test suite next to yours does).
Prints one JSON object; ratios are against ``t1`` under the same load.

    python benchmarks/threads.py [--data-dir DIR] [--repeats 2] [--workloads digits,cifar10]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

WORKLOADS = {
    # the README's first run: MLP on digits, 10 clients
    "digits": ["--rounds", "15"],
    # the CO-PFL CIFAR-10 protocol with the FedAvg CNN
    "cifar10": ["--dataset", "cifar10", "--rounds", "4"],
    "cifar10-co-pfl": ["--algorithm", "co-pfl", "--dataset", "cifar10", "--rounds", "4"],
}
LOADS = {
    "quiet": None,
    "python": "while True:\n    pass\n",
    "torch": "import torch\na = torch.randn(192, 192)\nwhile True:\n    a @ a\n",
}


def settings(cores: int) -> dict[str, tuple[list[str], dict[str, str]]]:
    return {
        "t1": (["--threads", "1"], {}),
        f"t{cores}": (["--threads", str(cores)], {}),
        f"t{cores}-passive": (["--threads", str(cores)], {"OMP_WAIT_POLICY": "PASSIVE"}),
        "default": ([], {}),
    }


def one_run(args: list[str], env: dict[str, str], data_dir: str | None) -> float:
    with tempfile.TemporaryDirectory() as d:
        cmd = [sys.executable, "-m", "copfl.cli", "run", *args, "--out", f"{d}/run"]
        if data_dir and "--dataset" in args:
            cmd += ["--data-dir", data_dir]
        base = {k: v for k, v in os.environ.items() if k not in ("OMP_WAIT_POLICY", "GOMP_SPINCOUNT", "OMP_NUM_THREADS")}
        subprocess.run(cmd, env={**base, **env}, check=True, capture_output=True)
        return json.loads(Path(f"{d}/run/summary.json").read_text())["timing"]["seconds_per_round"]


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--data-dir", default=os.environ.get("COPFL_DATA_DIR"))
    p.add_argument("--repeats", type=int, default=2)
    p.add_argument("--workloads", default="digits,cifar10")
    p.add_argument("--loads", default="quiet,python,torch")
    args = p.parse_args()
    cores = os.cpu_count() or 1
    sets = settings(cores)
    results: dict[str, dict[str, dict[str, float]]] = {}
    for wl in args.workloads.split(","):
        loads = args.loads.split(",")
        times: dict[str, dict[str, list[float]]] = {load: {s: [] for s in sets} for load in loads}
        for _ in range(args.repeats):
            for load in loads:
                code = LOADS[load]
                busy = subprocess.Popen([sys.executable, "-c", code], env={k: v for k, v in os.environ.items() if k != "OMP_WAIT_POLICY"}) if code else None
                try:
                    for name, (flags, env) in sets.items():
                        times[load][name].append(one_run(WORKLOADS[wl] + flags, env, args.data_dir))
                finally:
                    if busy is not None:
                        busy.kill()
                        busy.wait()
        results[wl] = {}
        for load, by in times.items():
            med = {s: statistics.median(v) for s, v in by.items()}
            results[wl][load] = {s: round(v, 4) for s, v in med.items()}
            results[wl][load + "_ratio_vs_t1"] = {s: round(v / med["t1"], 2) for s, v in med.items()}
    print(json.dumps({"cores": cores, "repeats": args.repeats, "results": results}, indent=1))


if __name__ == "__main__":
    main()
