"""CO-PFL: each equation against values computed by hand, MAMO against torch.optim.Adam,
and the equivalence with FedAvg when every module is switched off."""

import math

import pytest
import torch

from copfl.algorithms.co_pfl import CoPFL, CoPFLConfig, contribution_weights, cosine, gradient_score, leave_one_out, mamo_pass, new_moments, prediction_score
from copfl.data.clients import ClientData
from copfl.core.masks import aggregate_literal, aggregate_per_coordinate, grow_global, grow_per_tensor, pack_mask, unpack_mask
from copfl.core.models import MLP
from copfl.core.params import ParamSlice
from copfl.core.train_hooks import OptimizerConfig
from copfl.core.workspace import Workspace

from helpers import synthetic

# Three clients with 4-dimensional models (hand-checkable).
W = [torch.tensor([1.0, 0.0, 2.0, -1.0]), torch.tensor([0.0, 1.0, 0.0, 1.0]), torch.tensor([2.0, 2.0, -2.0, 0.0])]
ALPHA = torch.tensor([0.5, 0.25, 0.25], dtype=torch.float64)


# ---------------------------------------------------------------- COWA (eqs. 9-11)
def test_leave_one_out_is_the_average_of_the_others():
    total = sum(a * w for a, w in zip(ALPHA.tolist(), W))  # w^k = [1, 0.75, 0.5, -0.25]
    assert total.tolist() == [1.0, 0.75, 0.5, -0.25]
    # client 0: (w - 0.5 w_0) / 0.5 = [1, 1.5, -1, 0.5] = (w_1 + w_2) / 2
    assert leave_one_out(total, W[0], 0.5).tolist() == [1.0, 1.5, -1.0, 0.5]
    # client 1: (w - 0.25 w_1) / 0.75 = [4/3, 2/3, 2/3, -2/3] = (0.5 w_0 + 0.25 w_2) / 0.75
    torch.testing.assert_close(leave_one_out(total, W[1], 0.25), torch.tensor([4 / 3, 2 / 3, 2 / 3, -2 / 3]))
    assert leave_one_out(total, W[0], 1.0) is None


def test_gradient_score_by_hand():
    delta_n = torch.tensor([1.0, 0.0, 0.0, 0.0])
    prev = torch.tensor([0.5, 0.5, 0.0, 0.0])
    # dbar = (prev - 0.5 delta_n) / 0.5 = [0, 1, 0, 0] -> orthogonal -> score 1
    assert gradient_score(delta_n, prev, 0.5) == pytest.approx(1.0)
    # alpha = 0.25: dbar = ([0.5,0.5,0,0] - [0.25,0,0,0]) / 0.75 = [1/3, 2/3, 0, 0]
    # cos = (1/3) / sqrt(1/9 + 4/9) = 1/sqrt(5)
    assert gradient_score(delta_n, prev, 0.25) == pytest.approx(1 - 1 / math.sqrt(5))
    assert gradient_score(delta_n, -prev * 4, 0.0) == pytest.approx(1 + 1 / math.sqrt(2))  # opposed: > 1
    assert gradient_score(delta_n, None, 0.3) == 1.0  # round 1: neutral
    assert gradient_score(delta_n, prev, 1.0) == 1.0  # 1 - alpha = 0: neutral
    assert gradient_score(torch.zeros(4), prev, 0.5) == 1.0  # zero vector: cos := 0
    assert cosine(torch.zeros(3), torch.ones(3)) == 0.0


def test_prediction_score_and_weights_by_hand():
    assert prediction_score(2.0, "loss") == 2.0
    assert prediction_score(2.0, "inverse") == pytest.approx(math.exp(-2.0))
    g = torch.tensor([1.0 + 2.0, 0.5 + 1.0, 1.5 + 0.0])  # Gamma = grad + pred
    assert contribution_weights(g).tolist() == pytest.approx([0.5, 0.25, 0.25])
    assert contribution_weights(torch.zeros(3)).tolist() == pytest.approx([1 / 3] * 3)


# ---------------------------------------------------------------- server aggregation
def test_literal_aggregation_by_hand():
    masks = [torch.tensor([True, False, False, False]), torch.tensor([False, False, True, False]), torch.zeros(4, dtype=torch.bool)]
    prev = torch.tensor([9.0, 9.0, 9.0, 9.0])
    new, server_mask = aggregate_literal(prev, W, masks, ALPHA)
    assert server_mask.tolist() == [True, False, True, False]  # OR of the client masks
    # coordinates 1 and 3: sum alpha_n w_n = [., 0.25+0.5, ., -0.5+0.25]; 0 and 2 keep 9
    assert new.tolist() == [9.0, 0.75, 9.0, -0.25]


def test_per_coordinate_aggregation_by_hand():
    masks = [torch.tensor([True, False, False, False]), torch.tensor([True, False, True, False]), torch.tensor([True, False, False, False])]
    prev = torch.tensor([9.0, 9.0, 9.0, 9.0])
    new, nobody = aggregate_per_coordinate(prev, W, masks, ALPHA)
    assert nobody.tolist() == [True, False, False, False]
    # coordinate 2 is shared by clients 0 and 2 only: (0.5*2 + 0.25*(-2)) / 0.75 = 2/3
    torch.testing.assert_close(new, torch.tensor([9.0, 0.75, 2 / 3, -0.25]))


def test_mask_packing_round_trip_is_eight_times_smaller():
    m = torch.rand(1001, generator=torch.Generator().manual_seed(0)) < 0.3
    packed = pack_mask(m)
    assert packed.dtype == torch.uint8 and packed.numel() == 126
    assert torch.equal(unpack_mask(packed, 1001), m)


# ---------------------------------------------------------------- PWPM (eqs. 6-8)
def slices():
    return [
        ParamSlice("a.weight", (10,), 0, 10, "a", "weight"),
        ParamSlice("a.bias", (2,), 10, 2, "a", "bias"),
        ParamSlice("b.weight", (8,), 12, 8, "b", "weight"),
    ]


def test_grow_per_tensor_exact_counts():
    delta = torch.arange(20, dtype=torch.float32)  # larger index = larger change
    m0 = torch.zeros(20, dtype=torch.bool)
    m1 = grow_per_tensor(m0, delta, slices(), p=0.25, bound=0.5)
    # a.weight: floor(0.25*10) = 2 largest -> indices 8, 9; bias never; b.weight: floor(0.25*8) = 2 -> 18, 19
    assert torch.nonzero(m1).squeeze(1).tolist() == [8, 9, 18, 19]
    m2 = grow_per_tensor(m1, delta, slices(), p=0.25, bound=0.5)
    # among still-shared entries: a: floor(0.25*8)=2 -> 6, 7; b: floor(0.25*6)=1 -> 17
    assert torch.nonzero(m2).squeeze(1).tolist() == [6, 7, 8, 9, 17, 18, 19]
    # a.weight 4/10 <= 0.5: floor(0.25*6) = 1 more (5/10); b.weight 3/8: floor(0.25*5) = 1 more (4/8)
    m3 = grow_per_tensor(m2, delta, slices(), 0.25, 0.5)
    assert int(m3[:10].sum()) == 5 and int(m3[12:].sum()) == 4
    # the bound is checked BEFORE growing: 5/10 <= 0.5 grows to 6/10, overshooting it
    m4 = grow_per_tensor(m3, delta, slices(), 0.25, 0.5)
    assert int(m4[:10].sum()) == 6 and int(m4[12:].sum()) == 5
    m5 = grow_per_tensor(m4, delta, slices(), 0.25, 0.5)
    assert torch.equal(m5, m4)  # both above the bound: no more growth
    assert not bool(m5[10:12].any())  # biases are never personalized


def test_grow_global_exact_counts_and_budget():
    delta = torch.tensor([5.0, 1.0, 4.0, 0.0, 3.0, 2.0, 6.0, 7.0, 0.5, 0.25])
    m0 = torch.zeros(10, dtype=torch.bool)
    m1 = grow_global(m0, delta, p=0.3, gamma=0.5)  # top 3 of 10: indices 7, 6, 0
    assert torch.nonzero(m1).squeeze(1).tolist() == [0, 6, 7]
    # eq. 7 picks the top 3 again (0, 6, 7 already in): nothing new
    assert torch.equal(grow_global(m1, delta, p=0.3, gamma=0.5), m1)
    # new deltas: the top 3 are 1, 3, 5 but only 2 fit under gamma*d = 5: the two largest (3, 5)
    delta2 = torch.tensor([0.0, 9.0, 0.0, 10.0, 0.0, 11.0, 0.0, 0.0, 0.0, 0.0])
    m2 = grow_global(m1, delta2, p=0.3, gamma=0.5)
    assert torch.nonzero(m2).squeeze(1).tolist() == [0, 3, 5, 6, 7]
    assert torch.equal(grow_global(m2, delta, 0.3, 0.5), m2)  # budget full


# ---------------------------------------------------------------- MAMO (eqs. 3-5)
def small_ws(seed=0):
    torch.manual_seed(seed)
    return Workspace(MLP(4, 3, hidden=(5,)))


def small_data(n=10, seed=1):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(n, 4, generator=g)
    y = torch.randint(0, 3, (n,), generator=g)
    return ClientData(x, y, x, y)


OPT = OptimizerConfig("adam", lr=0.01, betas=(0.8, 0.95), eps=1e-7)


def test_shared_pass_with_empty_mask_equals_torch_adam():
    ws, data = small_ws(), small_data()
    start = ws.params.clone()
    ref = MLP(4, 3, hidden=(5,))
    ref.load_state_dict(ws.model.state_dict())
    moments = new_moments(ws.flat.numel)
    h = torch.ones(ws.flat.numel)  # empty personalized mask: the shared pass updates everything
    mamo_pass(ws, data, start, h, moments, OPT, 2, 3, torch.Generator().manual_seed(5))
    adam = torch.optim.Adam(ref.parameters(), lr=0.01, betas=(0.8, 0.95), eps=1e-7)
    g = torch.Generator().manual_seed(5)
    for _ in range(2):
        order = torch.randperm(10, generator=g)
        for s in range(0, 10, 3):
            idx = order[s : s + 3]
            adam.zero_grad()
            torch.nn.functional.cross_entropy(ref(data.x_train[idx]), data.y_train[idx]).backward()
            adam.step()
    for name, p in ref.named_parameters():
        torch.testing.assert_close(ws.flat.unflatten(ws.params)[name], p.detach())
    assert int(moments["step"]) == 8  # 2 epochs x ceil(10/3) batches


def test_passes_never_touch_frozen_coordinates_or_the_other_buffer():
    ws, data = small_ws(), small_data()
    d = ws.flat.numel
    mask = torch.rand(d, generator=torch.Generator().manual_seed(2)) < 0.4
    start = ws.params.clone()
    mp, mg = new_moments(d), new_moments(d)
    mamo_pass(ws, data, start, mask.float(), mp, OPT, 1, 4, torch.Generator().manual_seed(0))  # personalized pass
    after_p = ws.params.clone()
    assert torch.equal(after_p[~mask], start[~mask])  # shared coordinates exactly unchanged
    assert not torch.equal(after_p[mask], start[mask])
    assert int(mg["step"]) == 0 and not bool(mg["exp_avg"].any())  # the shared buffer is untouched
    assert not bool(mp["exp_avg"][~mask].any()) and not bool(mp["exp_avg_sq"][~mask].any())
    mp_before = {k: v.clone() for k, v in mp.items()}
    mamo_pass(ws, data, start, (~mask).float(), mg, OPT, 1, 4, torch.Generator().manual_seed(0))  # shared pass
    assert torch.equal(ws.params[mask], start[mask])
    assert all(torch.equal(mp[k], mp_before[k]) for k in mp)  # personalized buffer untouched


def test_mamo_moments_persist_across_rounds_with_their_own_step_counts():
    ds = synthetic(num_classes=4, per_class=12)
    from copfl.execution.config import RunConfig
    from copfl.execution.experiment import build_engine
    from copfl.execution.federation import build_federation

    cfg = RunConfig(algorithm="co-pfl", dataset="synthetic", clients=2, classes_per_client=2, samples_per_class=6,
                    test_samples_per_class=4, model="mlp", rounds=3, batch_size=4, seed=0)
    eng = build_engine(cfg, build_federation(cfg, ds))
    run = eng.run()
    st = eng.store.get(0)
    # 12 samples, batch 4: 3 steps per pass. The shared buffer stepped every round (9); the
    # personalized one only once the mask was non-empty (rounds 2 and 3: 6).
    assert int(st["moments_g"]["step"]) == 9 and int(st["moments_p"]["step"]) == 6
    assert 0 < float(st["mask"].float().mean()) <= 0.75
    rec = run.history[-1]
    assert len(rec["per_client"]["alpha"]) == 2 and sum(rec["per_client"]["alpha"]) == pytest.approx(1.0)
    assert run.history[0]["per_client"]["grad_score"] == [1.0, 1.0]  # round 1: neutral


# ---------------------------------------------------------------- equivalences and behaviour
def test_co_pfl_without_its_modules_is_fedavg_with_adam_bit_for_bit():
    from copfl.execution.config import RunConfig
    from copfl.execution.experiment import build_engine
    from copfl.execution.federation import build_federation

    ds = synthetic()
    base = dict(dataset="synthetic", clients=4, classes_per_client=2, samples_per_class=8, test_samples_per_class=4,
                model="mlp", rounds=3, batch_size=4, optimizer="adam", lr=0.01, seed=3)
    runs = {}
    for aggregation in ("literal", "per-coordinate"):
        cfg = RunConfig(algorithm="co-pfl", options={"p": 0.0, "score": "uniform", "mamo": False, "aggregation": aggregation}, **base)
        runs[aggregation] = build_engine(cfg, build_federation(cfg, ds)).run()
    cfg = RunConfig(algorithm="fedavg", options={"weighting": "uniform"}, **base)
    fedavg = build_engine(cfg, build_federation(cfg, ds)).run()
    for run in runs.values():
        assert torch.equal(run.server["params"], fedavg.server["params"])
        keys = ("train_loss", "acc_mean", "test_loss_mean")
        assert [[r[k] for k in keys] for r in run.history] == [[r[k] for k in keys] for r in fedavg.history]


def test_holdout_prediction_data_is_not_trained_on():
    ws = small_ws()
    cfg = CoPFLConfig(pred_data="holdout", holdout_fraction=0.3)
    from copfl.algorithms.base import ClientContext, LocalTraining, Setup

    alg = CoPFL(cfg, Setup(1, ws, (10,), LocalTraining(1, 4, OPT)))
    ctx = ClientContext(0, 1, small_data(), ws, LocalTraining(1, 4, OPT), seed=0)
    tr, ho = alg._data_split(ctx)
    assert tr.num_train == 7 and ho.num_train == 3
    rows = {tuple(r.tolist()) for r in tr.x_train}
    assert not any(tuple(r.tolist()) in rows for r in ho.x_train)


def test_mamo_requires_adam_and_bad_options_are_named():
    with pytest.raises(ValueError, match="pwpm must be 'tensor' or 'global', got 'layer'"):
        CoPFLConfig(pwpm="layer")
    with pytest.raises(ValueError, match=r"gamma must be in \[0, 1\], got 1.5"):
        CoPFLConfig(gamma=1.5)
    from copfl.execution.config import RunConfig
    from copfl.execution.experiment import build_engine
    from copfl.execution.federation import build_federation

    cfg = RunConfig(algorithm="co-pfl", dataset="synthetic", clients=2, samples_per_class=4, test_samples_per_class=2,
                    model="mlp", rounds=1, optimizer="sgd")
    with pytest.raises(ValueError, match="MAMO is an Adam-style optimizer: use --optimizer adam"):
        build_engine(cfg, build_federation(cfg, synthetic()))


def test_fast_mask_helpers_are_exact():
    from copfl.core.masks import compact, expand, select

    g = torch.Generator().manual_seed(0)
    a, b = torch.randn(1000, generator=g), torch.randn(1000, generator=g)
    a[:3] = torch.tensor([float("inf"), -0.0, 1e-45])
    m = torch.rand(1000, generator=g) < 0.4
    assert torch.equal(select(m, a, b), torch.where(m, a, b))
    assert torch.equal(compact(a, m), a[m])
    back = expand(compact(b, ~m), ~m)
    assert torch.equal(back[~m], b[~m]) and not bool(back[m].any())


def test_defended_scores_by_hand():
    from copfl.algorithms.co_pfl import contribution_weights, defend_scores

    s = torch.tensor([1.0, 1.1, 0.9, 1.0, 2.0])  # the last client deviates most (a sign-flipped update scores ~2)
    assert torch.equal(defend_scores(s, "none"), s.double())
    assert defend_scores(s, "clip").tolist() == pytest.approx([1.0, 1.0, 0.9, 1.0, 1.0])  # capped at the median 1.0
    # reject: median 1.0, MAD 0.1 -> outliers above 1.0 + 3 x 1.4826 x 0.1 = 1.445
    assert defend_scores(s, "reject").tolist() == pytest.approx([1.0, 1.1, 0.9, 1.0, 0.0])
    assert contribution_weights(defend_scores(s, "reject"))[4] == 0.0
    assert defend_scores(torch.tensor([1.0, 3.0]), "clip").tolist() == [1.0, 2.0]  # even count: the middle values' mean


def test_top_k_breaks_ties_towards_the_lowest_index_whatever_numpy_picks(monkeypatch):
    """Equal |delta| entries are common (weights of inputs that never vary have delta 0), and
    which of them numpy's argpartition returns depends on the CPU: the tie rule is explicit."""
    import numpy as np

    from copfl.core import masks

    v = torch.tensor([0.0, 2.0, 0.0, 0.0, 5.0, 0.0, 3.0, 0.0])
    expected = {4, 6, 1, 0, 2}  # 5, 3, 2, then the two lowest-index zeros
    assert set(masks._top_k_indices(v, 5).tolist()) == expected
    def ties_high(a, kth):  # another valid partition: of equal entries, the highest indices come last (are picked)
        return np.lexsort((np.arange(a.size), a))

    assert set(ties_high(v.numpy(), 3)[-5:].tolist()) != expected  # it would pick other zeros

    monkeypatch.setattr(masks.np, "argpartition", ties_high)
    assert set(masks._top_k_indices(v, 5).tolist()) == expected
    assert set(masks._top_k_indices(v, 3).tolist()) == {4, 6, 1}  # no tie at the k-th value
    assert masks._top_k_indices(v, 0).numel() == 0


def test_the_gpu_paths_of_top_k_compact_and_expand_give_the_cpu_paths_results():
    """On a GPU the masks stay on the device (a stable sort for the top k, boolean indexing for
    compact/expand); the sort must pick exactly the CPU path's indices, ties included."""
    from copfl.core import masks

    g = torch.Generator().manual_seed(0)
    for n, k in ((1, 1), (8, 5), (1000, 1), (1000, 300), (1000, 1000), (5000, 2500)):
        v = torch.randint(0, 7, (n,), generator=g).float()  # many ties at every value
        v[torch.randperm(n, generator=g)[: n // 10]] = -1.0
        cpu = masks._top_k_indices(v, k)
        assert sorted(masks._top_k_indices_sorted(v, k).tolist()) == sorted(cpu.tolist())
        assert len(set(cpu.tolist())) == k
    keep = torch.rand(1000, generator=g) < 0.3
    vals = torch.randn(1000, generator=g)
    assert torch.equal(masks.compact(vals, keep), vals[keep])
    assert torch.equal(masks.expand(vals[keep], keep, fill=2.0), torch.where(keep, vals, torch.tensor(2.0)))
