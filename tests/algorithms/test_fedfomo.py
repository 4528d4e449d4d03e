"""FedFomo: each equation by hand, epsilon-greedy exploration, the download protocol it shares
with pFedSV, its equivalence with Local training and a run."""

from __future__ import annotations

import json

import pytest
import torch
import torch.nn.functional as F

from copfl.algorithms.base import ServerContext
from copfl.algorithms.fedfomo import FedFomo, FedFomoConfig, epsilon_greedy_request, exploration_rate, fomo_update, fomo_weights, loss_deltas, update_affinity
from copfl.algorithms.peers import download_request, model_distances, pool_aggregate, pool_download, available_mask
from copfl.algorithms.pfedsv import PFedSV
from copfl.execution.config import RunConfig
from copfl.execution.experiment import build_engine
from copfl.execution.federation import build_federation
from copfl.core.store import MemoryStore

from helpers import linear_workspace, tiny_clients, tiny_engine


# ---------------------------------------------------------------------------- equations
def test_loss_deltas_weights_and_update_eqs_6_7_by_hand():
    # L(base) = 1; candidates lower it by 0.5, raise it by 0.2, lower it by 0.2; L1 distances 2, 1, 4
    deltas = loss_deltas(1.0, torch.tensor([0.5, 1.2, 0.8]), torch.tensor([2.0, 1.0, 4.0]))
    assert deltas.tolist() == pytest.approx([0.25, -0.2, 0.05])
    w = fomo_weights(deltas)  # max(delta, 0) / sum: [0.25, 0, 0.05] / 0.3
    assert w.tolist() == pytest.approx([5 / 6, 0.0, 1 / 6])
    base = torch.tensor([0.0, 0.0])
    models = torch.tensor([[6.0, 0.0], [1.0, 1.0], [0.0, 6.0]])
    # base + 5/6 (6, 0) + 1/6 (0, 6) = (5, 1)
    assert fomo_update(base, models, w).tolist() == pytest.approx([5.0, 1.0])
    # nobody helps -> None (the caller keeps its base); a candidate at distance 0 counts 0
    assert fomo_weights(torch.tensor([-0.1, 0.0], dtype=torch.float64)) is None
    assert loss_deltas(1.0, torch.tensor([0.5]), torch.tensor([0.0])).tolist() == [0.0]
    # L1 distances (the reference's default) and L2
    assert model_distances(base, models, p=1).tolist() == [6.0, 2.0, 6.0]
    assert model_distances(base, models).tolist() == pytest.approx([6.0, 2**0.5, 6.0])


def test_affinity_update_by_hand():
    p = torch.tensor([0.0, 0.1, 0.2, 0.0], dtype=torch.float64)
    deltas = torch.tensor([0.3, -0.1], dtype=torch.float64)
    # the reference: delta / |sum delta| = [0.3, -0.1] / 0.2 = [1.5, -0.5], negative lowers P
    assert update_affinity(p, [1, 3], deltas, fomo_weights(deltas)).tolist() == pytest.approx([0.0, 1.6, 0.2, -0.5])
    # the option: the normalized positive weights [1, 0]
    assert update_affinity(p, [1, 3], deltas, fomo_weights(deltas), "weights").tolist() == pytest.approx([0.0, 1.1, 0.2, 0.0])
    # |sum| below 1e-9 is raised by 1e-9: [1e-10, -1e-10] / 1e-9
    tiny = torch.tensor([1e-10, -1e-10], dtype=torch.float64)
    assert update_affinity(p, [2, 3], tiny, None).tolist() == pytest.approx([0.0, 0.1, 0.3, -0.1])
    assert p[1] == 0.1 and update_affinity(p, [], torch.zeros(0), None).tolist() == p.tolist()


def test_exploration_rate_decays_by_hand():
    # the reference's epsilon - epoch * decay, epoch = the round whose uploads are downloaded
    assert [exploration_rate(t, 0.3, 0.05) for t in (1, 2, 3)] == pytest.approx([0.25, 0.2, 0.15])
    assert exploration_rate(6, 0.3, 0.05) == pytest.approx(0.0, abs=1e-15) and exploration_rate(7, 0.3, 0.05) == 0.0
    assert exploration_rate(4, 0.3, 0.0) == 0.3


def test_epsilon_greedy_request_with_a_seeded_generator():
    aff = torch.tensor([0.0, 0.9, 0.1, 0.5, -0.2], dtype=torch.float64)  # client 0 ranks 1, 3, 2, 4
    g = torch.Generator().manual_seed(5)
    torch.rand(5, generator=g, dtype=torch.float64)  # the ranking's tie noise
    assert torch.randperm(4, generator=g).tolist() == [3, 1, 0, 2]  # random order of [1, 2, 3, 4]: 4, 2, 1, 3
    u = torch.rand(4, generator=g, dtype=torch.float64)
    assert u.tolist() == pytest.approx([0.275, 0.635, 0.201, 0.361], abs=1e-3)
    # epsilon 0.5: u < 0.5 explores: 4 (random), 1 (top), 2 (random), 3 (random: 1 is taken, skip)
    order, explored = epsilon_greedy_request(aff, 0, 0.5, torch.Generator().manual_seed(5))
    assert order.tolist() == [4, 1, 2, 3] and explored.tolist() == [True, False, True, True]
    # epsilon 0.25 (one decay step less): only u = 0.201 explores: 1, 3 (top), 4 (random), 2 (top)
    order, explored = epsilon_greedy_request(aff, 0, 0.25, torch.Generator().manual_seed(5))
    assert order.tolist() == [1, 3, 4, 2] and explored.tolist() == [False, False, True, False]
    # epsilon 0: the ranking; epsilon 1: the random permutation
    assert epsilon_greedy_request(aff, 0, 0.0, torch.Generator().manual_seed(5))[0].tolist() == [1, 3, 2, 4]
    assert epsilon_greedy_request(aff, 0, 1.0, torch.Generator().manual_seed(5))[0].tolist() == [4, 2, 1, 3]
    # ties at random, never the client itself
    flat = torch.zeros(5, dtype=torch.float64)
    orders = {tuple(epsilon_greedy_request(flat, 2, 0.0, torch.Generator().manual_seed(s))[0].tolist()) for s in range(10)}
    assert len(orders) > 1 and all(sorted(o) == [0, 1, 3, 4] for o in orders)


# ---------------------------------------------------------------------------- the shared download code
def test_shared_download_code_serves_pfedsv_and_fedfomo_requests():
    # four clients upload (client 3 only in an earlier round): the pool, the masks, the messages
    store = MemoryStore()
    seen = torch.zeros(5, dtype=torch.bool)
    seen, _ = pool_aggregate(store, seen, [(3, {"params": torch.full((3,), 3.0), "request": torch.tensor([0, 1, 2, 4], dtype=torch.int32), "k": 2})], 1)
    uploads = [(c, {"params": torch.full((3,), float(c)), "request": torch.tensor([j for j in (3, 4, 2, 1, 0) if j != c], dtype=torch.int32), "k": 2})
               for c in (0, 1, 2)]  # fmt: skip
    seen, fresh = pool_aggregate(store, seen, uploads, 2)
    assert seen.tolist() == [True, True, True, True, False] and fresh.tolist() == [True, True, True, False, False]
    assert store.get(1)["round"] == 2 and store.get(3)["round"] == 1
    # latest (pFedSV's default): client 0 asks 3, 4, 2, 1 -> 3 (stale but held), then 2 (4 never uploaded)
    msg = download_request(store, seen, fresh, 0, 3, latest=True)
    assert msg["ids"].tolist() == [3, 2] and msg["models"][:, 0].tolist() == [3.0, 2.0]
    # round (FedFomo's default): only this round's uploads -> 2, 1
    msg = download_request(store, seen, fresh, 0, 3, latest=False)
    assert msg["ids"].tolist() == [2, 1] and msg["available"].tolist() == [False, True, True, False, False]
    # the same as pool_download on the stored request, and as pFedSV's own broadcast
    ids, models = pool_download(store, store.get(0)["request"], 2, available_mask(seen, fresh, 0, False), 3)
    assert torch.equal(ids, msg["ids"]) and torch.equal(models, msg["models"])
    ws = linear_workspace([[0.0, 0.0], [0.0, 0.0]], [0.0, 0.0])
    pf = PFedSV(PFedSV.Config(pool="round"), FedFomo(FedFomoConfig(), _setup(ws, 5)).setup)
    sctx = ServerContext(2, "personalize", (0, 1, 2), (1,) * 5, 0, store)
    want = pf.broadcast(sctx, {"seen": seen, "fresh": fresh}, 0)
    assert all(torch.equal(want[k], msg[k]) for k in ("ids", "models", "available"))
    # a client with nothing in the pool gets nothing
    assert download_request(store, seen, fresh, 4, 3)["ids"].numel() == 0


def _setup(ws, n):
    from copfl.algorithms.base import Setup

    return Setup(n, ws, (1,) * n)


# ---------------------------------------------------------------------------- the algorithm on three tiny clients
XS = [[[1.0, 0.0], [0.0, 1.0], [1.0, 0.2]], [[1.0, 0.0], [0.0, 1.0], [0.2, 1.0]], [[1.0, 0.0], [0.0, 1.0], [0.9, 0.1]]]
YS = [[0, 1, 0], [1, 0, 0], [0, 1, 0]]  # client 1's labels disagree with clients 0 and 2
W0, B0 = [[0.3, -0.2], [0.1, 0.4]], [0.05, -0.1]


def val_loss(theta, x, y):
    """Plain torch: mean cross-entropy of the linear model theta = (W row-major, b)."""
    w, b = theta[:4].double().view(2, 2), theta[4:].double()
    return float(F.cross_entropy(torch.tensor(x, dtype=torch.float64) @ w.T + b, torch.tensor(y)))


def test_a_round_downloads_the_request_and_applies_eqs_6_7_by_hand():
    ws = linear_workspace(W0, B0)
    eng = tiny_engine(FedFomo, {"m": 2, "validation": "train", "epsilon": 0.0}, ws, tiny_clients(XS, YS), lr=0.1, batch_size=1)
    run = eng.new_state()
    logs = eng.run_round(run)["per_client"]
    assert logs["client"] == [0, 1, 2] and logs["downloaded"] == [2, 2, 2] and logs["epsilon"] == [0.0] * 3
    local = {c: eng.server_store.get(c)["params"] for c in range(3)}
    kept = helped = 0
    for i in range(3):
        # FedFomo downloads exactly the first M models its request names (all available here)
        request = eng.server_store.get(i)["request"].tolist()
        assert logs["candidates"][i] == request[:2] and sorted(request) == sorted(set(range(3)) - {i})
        own = local[i]
        others = [local[j] for j in request[:2]]
        # eq. (6) in plain torch: (L(own) - L(other)) / ||other - own||_1 on the client's own data
        deltas = torch.tensor([(val_loss(own, XS[i], YS[i]) - val_loss(o, XS[i], YS[i])) / float((o - own).abs().sum()) for o in others],
                              dtype=torch.float64)  # fmt: skip
        assert logs["deltas"][i] == pytest.approx(deltas.tolist(), abs=1e-5)  # float32 losses in the workspace
        deltas = torch.tensor(logs["deltas"][i], dtype=torch.float64)  # the rest exactly from the logged deltas
        state = eng.store.get(i)
        pos = deltas.clamp(min=0)
        if pos.sum() > 0:  # eq. (7): own + sum_n w_n (theta_n - own), w = max(delta, 0) / sum
            w = pos / pos.sum()
            assert logs["weights"][i] == pytest.approx(w.tolist())
            torch.testing.assert_close(state["params"], own + w[0].item() * (others[0] - own) + w[1].item() * (others[1] - own))
            helped += 1
        else:  # nobody helps: keep the own model
            assert logs["weights"][i] == [0.0, 0.0] and torch.equal(state["params"], own)
            kept += 1
        # the affinities: delta / |sum of deltas|, negative ones included
        want = [0.0] * 3
        for j, d in zip(request[:2], deltas.tolist()):
            want[j] = d / abs(float(deltas.sum()))
        assert logs["affinity"][i] == pytest.approx(want)
        assert torch.equal(state["local"], own)
    assert helped and kept  # both branches ran


def test_two_downloads_with_the_reference_baseline_start():
    ws = linear_workspace(W0, B0)
    eng = tiny_engine(FedFomo, {"m": 2, "validation": "train", "baseline": "start", "distance": "l2"}, ws, tiny_clients(XS, YS), lr=0.5)
    init = eng.ws.params.clone()
    run = eng.new_state()
    logs = eng.run_round(run)["per_client"]
    local = {c: eng.server_store.get(c)["params"] for c in range(3)}
    for i in range(3):
        cand = logs["candidates"][i]
        assert cand[0] == i and sorted(cand[1:]) == sorted(set(range(3)) - {i})  # own trained model + both others
        models = torch.stack([local[c] for c in cand])
        base_loss = val_loss(init, XS[i], YS[i])  # the base: where training started (the initial model)
        deltas = torch.tensor([(base_loss - val_loss(m, XS[i], YS[i])) / float((m - init).norm()) for m in models], dtype=torch.float64)
        assert logs["deltas"][i] == pytest.approx(deltas.tolist(), abs=1e-5)  # float32 losses in the workspace
        deltas = torch.tensor(logs["deltas"][i], dtype=torch.float64)
        w = deltas.clamp(min=0) / deltas.clamp(min=0).sum()
        assert logs["weights"][i] == pytest.approx(w.tolist())
        want = init.clone()
        for m, a in zip(models, w.tolist()):
            want += a * (m - init)
        torch.testing.assert_close(eng.store.get(i)["params"], want)
        assert "start" not in eng.store.get(i)


def run_digits(algorithm, rounds=3, **kw):
    cfg = RunConfig(algorithm=algorithm, dataset="digits", clients=4, rounds=rounds, seed=0, threads=1, **kw).resolved()
    return build_engine(cfg, build_federation(cfg)).run().history


def test_with_m_zero_fedfomo_is_local_training_bit_for_bit():
    opt = dict(lr=0.05, momentum=0.0, weight_decay=0.0)
    local = run_digits("local", **opt)
    fomo = run_digits("fedfomo", **opt, options={"m": 0, "validation": "train"})
    keep = ("train_loss", "acc_mean", "acc_weighted", "test_loss_mean", "test_loss_weighted")
    assert [{k: r[k] for k in keep} for r in fomo] == [{k: r[k] for k in keep} for r in local]
    assert all(d == 0 for r in fomo for d in r["per_client"]["downloaded"])


def test_upload_reference_is_where_training_started():
    alg = FedFomo(FedFomoConfig(), _setup(linear_workspace(W0, B0), 3))
    start = torch.arange(6.0)
    ref = alg.upload_parts({}, {"params": start, "affinity": torch.zeros(3)}, {"params": start + 1}).references()
    assert ref.keys() == {"params"} and ref["params"] is start


def test_a_run_on_digits_downloads_values_and_reports(tmp_path):
    from copfl.cli import main

    out = tmp_path / "ff"
    assert main(["run", "--algorithm", "fedfomo", "--dataset", "digits", "--clients", "4", "--rounds", "3", "--m", "2", "--out", str(out)]) == 0
    rows = [json.loads(x) for x in (out / "per_client.jsonl").read_text().splitlines()]
    assert [r["round"] for r in rows] == [1, 2, 3] and rows[0]["downloaded"] == [2, 2, 2, 2]
    assert [r["epsilon"][0] for r in rows] == pytest.approx([0.25, 0.2, 0.15])
    hist = [json.loads(x) for x in (out / "metrics.jsonl").read_text().splitlines()]
    cfg = json.loads((out / "config.json").read_text())["config"]
    assert (cfg["lr"], cfg["momentum"], cfg["weight_decay"]) == (0.1, 0.0, 1e-4)  # the reference's SGD
    assert hist[-1]["acc_mean"] > 0.5  # two classes per client: above chance
    d = build_engine(RunConfig(dataset="digits", clients=4).resolved(), build_federation(RunConfig(dataset="digits", clients=4))).ws.flat.numel
    # measured by the engine: down = per client 2 models (4 d bytes) + 2 int32 ids;
    # up = the model + the request (3 int32) + k + the sample count
    assert hist[0]["bytes_down"] == 4 * (2 * 4 * d + 2 * 4)
    assert hist[0]["bytes_up"] == 4 * (4 * d + 3 * 4 + 8 + 8)


def test_bad_options_name_the_value():
    for kw, msg in [({"m": -1}, "m must be >= 0, got -1"), ({"epsilon": 1.5}, "epsilon must be in"),
                    ({"baseline": "first"}, "baseline must be 'current' or 'start', got 'first'"),
                    ({"distance": "cos"}, "distance must be 'l1' or 'l2'"), ({"pool": "all"}, "pool must be"),
                    ({"affinity": "x"}, "affinity must be"), ({"epsilon_decay": -0.1}, "epsilon_decay must be >= 0")]:  # fmt: skip
        with pytest.raises(ValueError, match=msg):
            FedFomoConfig(**kw)
