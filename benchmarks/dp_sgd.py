"""DP-SGD's step cost: the fast clipped sum against the per-sample (vmap) path and a plain step.

One training step (forward, gradient, for DP-SGD the clipped sum; noise and the optimizer step
are the same in both DP paths and left out) of a model on random inputs of its data set's
shape, at the given batch size; the median of ``--repeat`` timed steps after two warm-up steps,
all three ways interleaved in one process (the machine is noisy: compare the ratios). Prints one
JSON object: per model, milliseconds per step and the ratios to a plain step, and the fast
path's largest deviation from the per-sample path's gradient.

    python benchmarks/dp_sgd.py [--batch 32] [--threads 2] [--repeat 20] [--models cnn,lenet5,mlp]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

import torch
import torch.nn.functional as F

from copfl.core.models import ModelSpec, build_model
from copfl.extensions.dp_sgd import clip_and_sum, clipped_gradient_sum, per_sample_gradients

SHAPES = {"cnn": (1, 28, 28), "lenet5": (3, 32, 32), "mlp": (1, 28, 28), "logreg": (1, 28, 28)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--batch", type=int, default=32, help="the pFedSV protocol's batch (A13)")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--repeat", type=int, default=20)
    ap.add_argument("--models", default="cnn,lenet5,mlp")
    ap.add_argument("--clip", type=float, default=1.0)
    args = ap.parse_args()
    torch.set_num_threads(args.threads)
    out: dict[str, object] = {"batch": args.batch, "threads": args.threads, "torch": torch.__version__}
    for name in args.models.split(","):
        torch.manual_seed(0)
        shape = SHAPES[name]
        model = build_model(name, ModelSpec(shape, 10))
        for p in model.parameters():
            p.grad = torch.zeros_like(p)
        xb, yb = torch.randn(args.batch, *shape), torch.randint(0, 10, (args.batch,))

        def plain() -> None:
            for p in model.parameters():
                p.grad.zero_()
            F.cross_entropy(model(xb), yb).backward()

        def per_sample() -> None:
            grads, _ = per_sample_gradients(model, F.cross_entropy, xb, yb)
            clip_and_sum(model, grads, args.clip)

        def fast() -> None:
            assert clipped_gradient_sum(model, F.cross_entropy, xb, yb, args.clip) is not None

        per_sample()
        reference = [p.grad.clone() for p in model.parameters()]
        fast()
        deviation = max(float((p.grad - r).abs().max()) for p, r in zip(model.parameters(), reference))
        ways = {"plain": plain, "per_sample": per_sample, "fast": fast}
        times: dict[str, list[float]] = {k: [] for k in ways}
        for _ in range(2):
            for f in ways.values():
                f()
        for _ in range(args.repeat):
            for k, f in ways.items():
                t = time.perf_counter()
                f()
                times[k].append(time.perf_counter() - t)
        ms = {k: statistics.median(v) * 1e3 for k, v in times.items()}
        out[name] = {
            "parameters": sum(p.numel() for p in model.parameters()),
            **{f"{k}_ms": round(v, 2) for k, v in ms.items()},
            "per_sample_over_plain": round(ms["per_sample"] / ms["plain"], 2),
            "fast_over_plain": round(ms["fast"] / ms["plain"], 2),
            "per_sample_over_fast": round(ms["per_sample"] / ms["fast"], 2),
            "max_abs_deviation": deviation,
        }
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
