"""Cost of the coordinate-wise weighted median (``copfl.extensions.robust.weighted_median``, behind
``--robust median`` and the centre of ``--robust clip``) against the previous implementation.

Target: 10 uploads of copfl's FedAvg CIFAR-10 CNN's size class (default d = 2,000,000 entries,
float32, a seventh of the coordinates tied at 0, one client without weight), timed in the same
run, interleaved:

* ``old``: the previous median, inlined below: ``argsort`` then two gathers, and the next
  weighted position after the half-weight one found from (n, d) int64 index tensors;
* ``new``: ``weighted_median``: one stable ``sort``, and that next position from (n, d) bytes.

Also reported: the peak resident memory above that before the call (sampled every 2 ms) and
whether the two results (the median and each row's share) are equal bit for bit. The last line
is JSON:
{"old_s": ..., "new_s": ..., "ratio": ..., "old_peak_gb": ..., "new_peak_gb": ..., "bit_identical": ...}.

    python benchmarks/robust_median.py [--clients 10] [--entries 2000000] [--repeats 3] [--threads 1]
"""

from __future__ import annotations

import argparse
import json
import statistics

import torch
from pfedhn_server import timed  # benchmarks/: peak resident memory sampled beside the call

from copfl.core.aggregation import columns
from copfl.extensions.robust import weighted_median


def old_weighted_median(values: torch.Tensor, weights: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """The previous implementation, kept here as the reference."""
    n, d = values.shape
    w = columns(weights, n, d, values.dtype)
    order = values.argsort(dim=0, stable=True)
    v, ws = values.gather(0, order), w.gather(0, order)
    cum = ws.cumsum(0)
    half = cum[-1] / 2
    tol = 1e-6 * cum[-1]
    lo = (cum < half - tol).sum(0).clamp_max(n - 1)
    at_half = (cum.gather(0, lo[None])[0] - half).abs() <= tol
    nxt = torch.where(ws > 0, torch.arange(n, device=values.device)[:, None].expand(n, d), torch.full_like(order, n))
    nxt = torch.where(torch.arange(n, device=values.device)[:, None] > lo[None], nxt, torch.full_like(order, n)).min(0).values
    two = at_half & (nxt < n)
    hi = torch.where(two, nxt, lo).clamp_max(n - 1)
    a, b = v.gather(0, lo[None])[0], v.gather(0, hi[None])[0]
    out = torch.where(two, (a + b) / 2, a)
    share_sorted = torch.zeros_like(v)
    share_sorted.scatter_(0, lo[None], torch.where(two, 0.5, 1.0).to(v.dtype)[None])
    share_sorted.scatter_add_(0, hi[None], torch.where(two, 0.5, 0.0).to(v.dtype)[None])
    share = torch.zeros_like(v).scatter_(0, order, share_sorted)
    share[:, cum[-1] <= 0] = 0
    return out, share


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--clients", type=int, default=10)
    ap.add_argument("--entries", type=int, default=2_000_000)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--threads", type=int, default=1)
    args = ap.parse_args()
    torch.set_num_threads(args.threads)
    gen = torch.Generator().manual_seed(0)
    x = torch.randn(args.clients, args.entries, generator=gen)
    x[:, ::7] = 0.0  # ties: pairs of middle values to average
    w = torch.rand(args.clients, generator=gen)
    w[min(3, args.clients - 1)] = 0.0  # a client without weight
    print(f"{args.clients} uploads of {args.entries:,} entries, {torch.get_num_threads()} thread(s)", flush=True)
    res: dict[str, list[tuple[float, int]]] = {"old": [], "new": []}
    outs = {}
    for r in range(args.repeats):
        for name, fn in (("new", weighted_median), ("old", old_weighted_median)):
            s, peak, outs[name] = timed(lambda fn=fn: fn(x, w))
            res[name].append((s, peak))
            print(f"repeat {r}: {name} {s:.3f} s, peak +{peak / 1e9:.2f} GB", flush=True)
    same = all(torch.equal(a, b) for a, b in zip(outs["old"], outs["new"]))
    old_s, new_s = (statistics.median(s for s, _ in res[k]) for k in ("old", "new"))
    print(json.dumps({"clients": args.clients, "entries": args.entries, "threads": torch.get_num_threads(),
                      "old_s": round(old_s, 3), "new_s": round(new_s, 3), "ratio": round(new_s / old_s, 3),
                      "old_peak_gb": round(max(p for _, p in res["old"]) / 1e9, 2),
                      "new_peak_gb": round(max(p for _, p in res["new"]) / 1e9, 2), "bit_identical": same}))


if __name__ == "__main__":
    main()
