"""Cost of one MAMO step against a fused Adam step over the same parameters.

Model: ResNet-18 with the torchvision 7x7 stem (11.2M parameters), 10 classes. Gradients are
random; a random 25% of the coordinates are personalized. Timed in the same run, interleaved:

* ``fused_adam``: ``torch.optim.Adam(model.parameters(), fused=True).step()``, what a user
  would write for plain Adam;
* ``mamo``: copfl's MAMO step for the shared submodel (gradient masked with h = 1 - m, then
  the client's persistent moment buffer stepped by a fused Adam over the flat vector), i.e.
  exactly what ``mamo_pass`` does per batch;
* ``naive``: a masked Adam written with temporaries (eqs. 4-5 term by term), for scale.

The last line is JSON: {"mamo_ms": ..., "fused_adam_ms": ..., "ratio": ...}.

    python benchmarks/mamo_step.py [--repeats 30]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

import torch

from copfl.algorithms.co_pfl import new_moments
from copfl.core.models import ModelSpec, build_model
from copfl.core.params import FlatParams


def naive_masked_adam(w, g, h, u, v, step, lr=1e-4, b1=0.9, b2=0.999, eps=1e-8):
    u.copy_(b1 * u + (1 - b1) * h * g)
    v.copy_(b2 * v + (1 - b2) * h * g * g)
    uh = u / (1 - b1**step)
    vh = v / (1 - b2**step)
    w.copy_(w - lr * h * uh / (vh.sqrt() + eps))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeats", type=int, default=30)
    ap.add_argument("--threads", type=int, default=None)
    args = ap.parse_args()
    if args.threads:
        torch.set_num_threads(args.threads)
    torch.manual_seed(0)
    spec = ModelSpec((3, 32, 32), 10)

    plain = build_model("resnet18", spec)
    for p in plain.parameters():
        p.grad = torch.randn_like(p) * 1e-2
    fused = torch.optim.Adam(plain.parameters(), lr=1e-4, fused=True)

    model = build_model("resnet18", spec)
    flat = FlatParams(model)
    d = flat.numel
    flat.grad.copy_(torch.randn(d) * 1e-2)
    grad_src = flat.grad.clone()
    mask = torch.rand(d) < 0.25
    h_shared = (~mask).float()  # made once per pass, not per step
    moments = new_moments(d)
    mamo = torch.optim.Adam([flat.param], lr=1e-4, fused=True)
    mamo.state[flat.param] = moments

    def fused_step() -> None:
        fused.step()

    def mamo_step() -> None:
        flat.grad.mul_(h_shared)  # h o q (shared pass: h = 1 - m)
        mamo.step()

    nw, ng = torch.randn(d), grad_src.clone()
    h = (~mask).float()
    nu, nv = torch.zeros(d), torch.zeros(d)
    count = [0]

    def naive_step() -> None:
        count[0] += 1
        naive_masked_adam(nw, ng, h, nu, nv, count[0])

    fns = {"fused_adam": fused_step, "mamo": mamo_step, "naive": naive_step}
    for fn in fns.values():
        for _ in range(3):
            fn()
    times: dict[str, list[float]] = {k: [] for k in fns}
    for _ in range(args.repeats):
        for k, fn in fns.items():
            flat.grad.copy_(grad_src)  # a fresh gradient, as after a backward pass (not timed)
            t = time.perf_counter()
            fn()
            times[k].append(time.perf_counter() - t)
    ms = {k: 1000 * statistics.median(v) for k, v in times.items()}
    detail = {"params": d, "threads": torch.get_num_threads(), "repeats": args.repeats, "naive_ms": round(ms["naive"], 2),
              "naive_ratio": round(ms["naive"] / ms["fused_adam"], 2)}
    print(json.dumps(detail))
    print(json.dumps({"mamo_ms": round(ms["mamo"], 3), "fused_adam_ms": round(ms["fused_adam"], 3),
                      "ratio": round(ms["mamo"] / ms["fused_adam"], 3)}))


if __name__ == "__main__":
    main()
