"""What a tuning study costs against one untuned run (issue 37's bound: a 20-trial tune of one
method <= 8x one run of the same rounds).

Both are measured as the CLI's wall time with its start-up, on the default problem (the
embedded digits, `copfl run`'s defaults), side by side: the untuned run and the tune
alternate ``--repeat`` times and the ratio of their medians is reported (the machine's drift
hits both). The tune loads the data once and keeps one process; its Hyperband pruner stops
poor trials early. Prints one JSON object.

    python benchmarks/tune_cost.py [--algorithm fedavg] [--trials 20] [--repeat 2]
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def timed(argv: list[str]) -> float:
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-m", "copfl.cli", *argv], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--algorithm", default="fedavg")
    ap.add_argument("--trials", type=int, default=20)
    ap.add_argument("--repeat", type=int, default=2)
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="copfl-tune-cost-"))
    runs, tunes, pruned = [], [], []
    try:
        for i in range(args.repeat):
            runs.append(timed(["run", "--algorithm", args.algorithm, "--out", str(tmp / f"run-{i}")]))
            tunes.append(timed(["tune", "--algorithms", args.algorithm, "--trials", str(args.trials), "--out", str(tmp / f"tune-{i}")]))
            doc = json.loads((tmp / f"tune-{i}" / "tune.json").read_text())["algorithms"][0]
            pruned.append(doc["pruned"])
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    run_s, tune_s = statistics.median(runs), statistics.median(tunes)
    print(json.dumps({
        "benchmark": "tune_cost", "algorithm": args.algorithm, "trials": args.trials, "repeat": args.repeat,
        "run_s": round(run_s, 2), "tune_s": round(tune_s, 2), "ratio": round(tune_s / run_s, 2),
        "equivalent_full_runs": round(tune_s / run_s, 2), "pruned": pruned, "target": "ratio <= 8",
    }))


if __name__ == "__main__":
    main()
