"""Cost of one pFedHN server step (``PFedHN.aggregate``, server_update="sequential", the default)
against the previous implementation, on copfl's CIFAR-10 setting (issue 41).

Target: copfl's FedAvg CNN for CIFAR-10 (d = 878,538 parameters), 10 clients, the default
hypernetwork (embedding 3, hidden 100, 3 hidden layers: an output layer of 101 x d floats,
355 MB). One aggregation of 10 uploads (random deltas, a random momentum buffer), timed in the
same run, interleaved:

* ``old``: the previous server step, inlined below: for each upload, autograd through
  ``generate`` on the flat hypernetwork (a full-size gradient, built from one zero-filled
  full-size tensor per unflattened view), ``clip_grad``, and an SGD step returning new tensors;
* ``new``: ``PFedHN.aggregate``: the output layer differentiated by hand into one reused
  scratch vector, the step in place on one working copy.

Also reported: the peak resident memory above that before the call (sampled every 2 ms:
the hypernetwork and its momentum, the inputs, are already resident), and whether the two
results are equal bit for bit. The last line is JSON:
{"old_s": ..., "new_s": ..., "ratio": ..., "old_peak_gb": ..., "new_peak_gb": ..., "bit_identical": ...}.

    python benchmarks/pfedhn_server.py [--repeats 1] [--threads 1]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import threading
import time

import torch

from copfl.algorithms.base import Setup
from copfl.algorithms.pfedhn import PFedHN, PFedHNConfig, generate, init_hypernetwork
from copfl.core.models import FedAvgCNN
from copfl.core.workspace import Workspace


# ------------------------------------------------------- the previous server step (reference)
# copfl's pFedHN server step before the hand-differentiated output layer and the in-place
# update (issue 41), verbatim but for names: autograd through generate on the flat vector,
# clip_grad, and an SGD step that returns new tensors. Every server_update (sequential, mean)
# and a robust rule's combination; tests/algorithms/test_pfedhn.py checks PFedHN.aggregate
# against it bit for bit.
def old_hypernetwork_grad(layout, hnet, client, delta):
    p = hnet.detach().requires_grad_(True)
    with torch.enable_grad():
        theta = generate(layout, p, client)
        (g,) = torch.autograd.grad(theta, p, grad_outputs=delta)
    return g


def old_clip_grad(grad, max_norm):
    if max_norm > 0:
        coef = max_norm / (float(grad.norm()) + 1e-6)
        if coef < 1:
            grad.mul_(coef)
    return grad


def old_sgd_step(hnet, momentum_buf, grad, num_embedding, cfg):
    d_p = grad.add(hnet, alpha=cfg.hn_wd) if cfg.hn_wd else grad
    buf = momentum_buf.clone()
    if cfg.hn_momentum:
        buf.mul_(cfg.hn_momentum).add_(d_p)
        d_p = buf
    new = hnet.clone()
    embed_lr = cfg.hn_lr if cfg.embed_lr is None else cfg.embed_lr
    new[:num_embedding].add_(d_p[:num_embedding], alpha=-embed_lr)
    new[num_embedding:].add_(d_p[num_embedding:], alpha=-cfg.hn_lr)
    return new, buf


def old_aggregate(alg, server, uploads):
    """The previous ``PFedHN.aggregate``."""
    layout, cfg = alg.layout, alg.config
    start = server["hnet"]
    hnet, buf, norms = start, server["momentum"], []
    clients = [c for c, _ in uploads]
    if alg.robust:
        e = layout.num_embedding
        uniform = torch.full((len(uploads),), 1.0 / len(uploads), dtype=torch.float64)
        grads = [old_hypernetwork_grad(layout, start, c, u["delta"]) for c, u in uploads]
        body = alg.combine([g[e:] for g in grads], uniform, clients)
        total = torch.cat([torch.stack([g[:e] for g in grads]).mean(0), body])
        hnet, buf = old_sgd_step(hnet, buf, old_clip_grad(total, cfg.clip), e, cfg)
        return {"hnet": hnet, "momentum": buf}, {"hnet_grad_norm": float(total.norm())}
    total = torch.zeros_like(start) if cfg.server_update == "mean" else None
    for c, u in uploads:
        g = old_hypernetwork_grad(layout, start, c, u["delta"])
        if total is not None:
            total.add_(g)
            continue
        norms.append(float(g.norm()))
        hnet, buf = old_sgd_step(hnet, buf, old_clip_grad(g, cfg.clip), layout.num_embedding, cfg)
        del g  # one full-size gradient alive at a time
    if total is not None:
        total.div_(len(uploads))
        norms.append(float(total.norm()))
        hnet, buf = old_sgd_step(hnet, buf, old_clip_grad(total, cfg.clip), layout.num_embedding, cfg)
    return {"hnet": hnet, "momentum": buf}, {"hnet_grad_norm": sum(norms) / len(norms)}


# ------------------------------------------------------------------------------ measuring
def rss() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def timed(fn):
    """(seconds, peak resident bytes above those before the call, result)."""
    base, peak, done = rss(), [0], threading.Event()

    def sample():
        while not done.is_set():
            peak[0] = max(peak[0], rss())
            time.sleep(0.002)

    t = threading.Thread(target=sample, daemon=True)
    t.start()
    t0 = time.perf_counter()
    out = fn()
    seconds = time.perf_counter() - t0
    done.set()
    t.join()
    return seconds, max(peak[0], rss()) - base, out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeats", type=int, default=1)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--clients", type=int, default=10)
    args = ap.parse_args()
    torch.set_num_threads(args.threads)
    torch.manual_seed(0)
    n = args.clients
    setup = Setup(n, Workspace(FedAvgCNN(3, 32, 32, 10)), (5000,) * n)
    alg = PFedHN(PFedHNConfig(), setup)
    layout = alg.layout
    gen = torch.Generator().manual_seed(1)
    hnet = init_hypernetwork(layout, gen, torch.device("cpu"))
    server = {"hnet": hnet, "momentum": torch.randn(hnet.shape, generator=gen) * 1e-3}
    uploads = [(c, {"delta": torch.randn(layout.out_dim, generator=gen) * 1e-2}) for c in range(n)]
    print(f"d = {layout.out_dim:,}, hypernetwork {layout.size:,} floats ({layout.size * 4 / 1e6:.0f} MB a copy), "
          f"{n} uploads, {torch.get_num_threads()} thread(s)", flush=True)  # fmt: skip

    res: dict[str, list] = {"old": [], "new": []}
    identical = True
    for r in range(args.repeats):
        s_new, p_new, (new, new_logs) = timed(lambda: alg.aggregate(None, server, uploads))
        print(f"repeat {r}: new {s_new:.2f} s, peak +{p_new / 1e9:.2f} GB", flush=True)
        s_old, p_old, (old, old_logs) = timed(lambda: old_aggregate(alg, server, uploads))
        print(f"repeat {r}: old {s_old:.2f} s, peak +{p_old / 1e9:.2f} GB", flush=True)
        identical &= torch.equal(new["hnet"], old["hnet"]) and torch.equal(new["momentum"], old["momentum"]) and new_logs == old_logs
        del new, old
        res["new"].append((s_new, p_new))
        res["old"].append((s_old, p_old))
    old_s = statistics.median(s for s, _ in res["old"])
    new_s = statistics.median(s for s, _ in res["new"])
    print(json.dumps({
        "old_s": round(old_s, 3), "new_s": round(new_s, 3), "ratio": round(old_s / new_s, 2),
        "old_peak_gb": round(max(p for _, p in res["old"]) / 1e9, 2), "new_peak_gb": round(max(p for _, p in res["new"]) / 1e9, 2),
        "bit_identical": identical, "threads": torch.get_num_threads(), "d": layout.out_dim, "clients": n,
    }))  # fmt: skip


if __name__ == "__main__":
    main()
