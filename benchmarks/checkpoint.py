"""Checkpoint cost as a fraction of round time, memory store against disk store.

Protocol: CO-PFL on the CO-PFL CIFAR-10 protocol (10 clients x 2 classes x 50 training
samples, 100 test samples per class, the CNN, one local epoch), ``--checkpoint-every 1``.
With ``--store memory`` a checkpoint holds every client's state (personalized model, mask,
Adam moments); with ``--store disk`` the client states are already files, and the
checkpoint holds the server state, the history and a checksummed manifest of those files.

Each store runs ``--rounds`` rounds in a results folder; the figures come from the run's
own ``summary.json`` (``checkpoint_seconds`` against ``seconds``). Prints one JSON object.
Target (issue 19): checkpoint seconds <= 5% of round time at ``--checkpoint-every 1``.

    python benchmarks/checkpoint.py [--data-dir DIR] [--rounds 5] [--model cnn]
"""

from __future__ import annotations

import argparse
import json
import tempfile
from pathlib import Path

from copfl.execution.config import RunConfig
from copfl.data.sources.dataset import DataNotFoundError
from copfl.data.sources.registry import load_dataset
from copfl.execution.federation import build_federation
from copfl.execution.experiment import run_in_folder


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data-dir", default=None, help="where cifar-10-batches-py lives (default: synthetic images of the same shape)")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--model", default="cnn")
    ap.add_argument("--algorithm", default="co-pfl")
    args = ap.parse_args()

    dataset = None
    try:
        if args.data_dir:
            dataset = load_dataset("cifar10", args.data_dir)
    except DataNotFoundError:
        dataset = None
    if dataset is None:
        import sys

        sys.path.insert(0, str(Path(__file__).parent))
        from round_time import synthetic_cifar

        dataset = synthetic_cifar()
    out: dict[str, object] = {"algorithm": args.algorithm, "model": args.model, "rounds": args.rounds, "data": dataset.source}
    with tempfile.TemporaryDirectory() as tmp:
        for store in ("memory", "disk"):
            cfg = RunConfig(algorithm=args.algorithm, dataset="cifar10", model=args.model, rounds=args.rounds, store=store,
                            checkpoint_every=1, seed=0).resolved()
            fed = build_federation(cfg, dataset)
            folder = Path(tmp) / store
            summary = run_in_folder(cfg, fed, folder, progress=False, plots=False)
            t = summary["timing"]
            ck = folder / "checkpoint.pt"
            state = folder / "client-state"
            out[store] = {
                "seconds_per_round": t["seconds_per_round"],
                "checkpoint_seconds_per_round": round(t["checkpoint_seconds"] / args.rounds, 4),
                "checkpoint_fraction": round(t["checkpoint_seconds"] / t["seconds"], 4),
                "checkpoint_mb": round(ck.stat().st_size / 2**20, 3),
                "client_state_mb": round(sum(p.stat().st_size for p in state.iterdir()) / 2**20, 3) if state.exists() else None,
            }
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
