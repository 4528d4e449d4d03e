"""FedCAC (copfl.algorithms.fedcac): each equation by hand (sensitivity, critical masks per
tensor, overlaps, the growing threshold, collaborators, the composed model), a server round
against the formulas, the equivalence with FedAvg at tau = 0, and its runs under upload DP,
attacks, robust aggregation and partial participation."""

import math
import re

import pytest
import torch

from copfl.algorithms.fedavg import FedAvg
from copfl.algorithms.fedcac import (
    FedCAC,
    collaboration_threshold,
    collaborators,
    compose,
    critical_mask,
    customized_weights,
    overlap_matrix,
    sensitivity,
)

from helpers import engine, run_cfg, small, tiny_clients, tiny_engine, mlp_ws

B = torch.tensor


# ------------------------------------------------------------------------- the equations by hand
def test_sensitivity_is_the_change_times_the_new_value():
    before, after = B([1.0, 2.0, -1.0, 0.5]), B([1.5, 2.0, -2.0, 0.0])
    # |0.5 x 1.5|, |0 x 2|, |-1 x -2|, |-0.5 x 0|
    assert sensitivity(before, after).tolist() == [0.75, 0.0, 2.0, 0.0]


def test_critical_mask_takes_the_top_tau_of_each_tensor():
    s = B([0.75, 0.0, 2.0, 0.0, 0.3, 0.1, 0.05, 0.2])
    # tensor 1: the two largest of (0.75, 0, 2, 0); tensor 2: of (0.3, 0.1, 0.05, 0.2)
    assert critical_mask(s, [(0, 4), (4, 8)], 0.5).tolist() == [True, False, True, False, True, False, False, True]
    # one tensor of 8: the four largest overall would differ (2, 0.75, 0.3, 0.2): per tensor it is 2 + 2
    assert critical_mask(s, [(0, 8)], 0.5).tolist() == [True, False, True, False, True, False, False, True]
    assert critical_mask(s, [(0, 8)], 0.25).tolist() == [True, False, True, False, False, False, False, False]
    assert not critical_mask(s, [(0, 4), (4, 8)], 0.0).any()  # tau = 0: nothing critical
    assert critical_mask(s, [(0, 8)], 1.0).sum() == 6  # tau = 1: every positive sensitivity (the zeros: below)


def test_ties_small_tensors_and_zero_sensitivities():
    # ties at the k-th value are all critical
    assert critical_mask(B([0.3, 0.3, 0.3, 0.1]), [(0, 4)], 0.5).tolist() == [True, True, True, False]
    # floor(0.5 x 1) = 0: a one-entry tensor (a bias) never has a critical parameter
    assert critical_mask(B([5.0, 1.0, 2.0]), [(0, 1), (1, 3)], 0.5).tolist() == [False, False, True]
    # k-th largest <= 1e-10: the smallest sensitivity above 1e-20 is the threshold instead
    assert critical_mask(B([0.0, 0.0, 0.4, 1e-12]), [(0, 4)], 0.5).tolist() == [False, False, True, True]
    assert critical_mask(B([0.0, 0.0, 0.4, 1e-25]), [(0, 4)], 0.5).tolist() == [False, False, True, False]
    # a tensor that did not move has no critical parameter
    assert not critical_mask(torch.zeros(4), [(0, 4)], 0.5).any()


def masks(*rows):
    return torch.tensor(rows, dtype=torch.bool)


def test_overlap_by_hand():
    M = masks([1, 1, 0, 0], [1, 0, 1, 0], [0, 0, 1, 1], [1, 1, 1, 0], [0, 0, 0, 0])
    o = overlap_matrix(M)
    assert o.dtype == torch.float64 and o.shape == (5, 5)
    # equal sizes (2): o = |M_i and M_j| / 2
    assert o[0, 1] == o[1, 0] == 0.5 and o[0, 2] == 0.0 and o[1, 2] == 0.5 and o[0, 0] == 1.0
    # unequal sizes: o_03 = 1 - (2 + 3 - 2 x 2) / (2 x 2) = 3/4, o_30 = 1 - 1 / (2 x 3) = 5/6
    assert o[0, 3] == pytest.approx(0.75) and o[3, 0] == pytest.approx(5 / 6)
    # an empty mask overlaps nobody (row 0); others' overlap with it: 1 - |M_i| / (2 |M_i|) = 1/2
    assert o[4].tolist() == [0.0] * 5 and o[0, 4] == pytest.approx(0.5)


def test_threshold_grows_from_the_mean_to_the_largest_overlap_in_beta_rounds():
    o = overlap_matrix(masks([1, 1, 0, 0], [1, 0, 1, 0], [0, 0, 1, 1]))
    # off-diagonal: 0.5, 0, 0.5, 0.5, 0, 0.5: mean 1/3, max 1/2
    assert collaboration_threshold(o, 0, 100.0) == pytest.approx(1 / 3)
    assert collaboration_threshold(o, 10, 100.0) == pytest.approx(1 / 3 + 0.1 / 6)
    assert collaboration_threshold(o, 100, 100.0) == pytest.approx(0.5)
    assert collaboration_threshold(o, 200, 100.0) == pytest.approx(2 / 3)
    assert math.isnan(collaboration_threshold(o[:1, :1], 3, 100.0))


def test_collaborators_and_customized_weights():
    o = overlap_matrix(masks([1, 1, 0, 0], [1, 0, 1, 0], [0, 0, 1, 1]))
    c = collaborators(o, 0.35)
    assert c.tolist() == [[True, True, False], [True, True, True], [False, True, True]]
    w = customized_weights(c)
    torch.testing.assert_close(w, torch.tensor([[0.5, 0.5, 0.0], [1 / 3, 1 / 3, 1 / 3], [0.0, 0.5, 0.5]], dtype=torch.float64))
    assert collaborators(o, 0.6).tolist() == torch.eye(3, dtype=torch.bool).tolist()  # above every overlap: alone
    assert collaborators(o[:1, :1], float("nan")).tolist() == [[True]]


def test_compose_takes_the_customized_values_on_the_critical_parameters():
    g = B([1.0, 2.0, 3.0, 4.0])
    out = compose(g, masks([0, 1, 0, 1])[0], B([10.0, 20.0, 30.0, 40.0]))
    assert out.tolist() == [1.0, 20.0, 3.0, 40.0] and g.tolist() == [1.0, 2.0, 3.0, 4.0]


# ------------------------------------------------------------------------- a round against the formulas
XS3 = [[[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]], [[-1.0, 0.0], [0.5, 0.5]], [[0.2, -1.0], [1.0, 0.3], [-0.5, -0.5], [0.0, 0.2]]]
YS3 = [[0, 1, 1], [1, 0], [0, 1, 0, 1]]


def spy_uploads(eng):
    seen = {}
    orig = eng.algorithm.client_update

    def spy(ctx, message, state):
        res = orig(ctx, message, state)
        seen[ctx.client] = (message, res.upload)
        return res

    eng.algorithm.client_update = spy
    return seen


@pytest.mark.parametrize("weighting", ["uniform", "samples"])
def test_a_round_against_the_formulas(weighting):
    beta = 3.0
    eng = tiny_engine(FedCAC, {"beta": beta, "weighting": weighting}, mlp_ws(), tiny_clients(XS3, YS3), rounds=3, lr=0.5, batch_size=2)
    seen = spy_uploads(eng)
    state = eng.new_state()
    bounds = [(s.offset, s.end) for s in eng.ws.flat.slices]
    for r in (1, 2):
        eng.run_round(state)
        ups = [seen[c][1] for c in range(3)]
        for c in range(3):
            start, up = seen[c][0]["params"], ups[c]
            assert torch.equal(up["mask"], critical_mask(sensitivity(start, up["params"]), bounds, 0.5))
        n = torch.tensor([3.0, 2.0, 4.0], dtype=torch.float64)
        alpha = torch.full((3,), 1 / 3, dtype=torch.float64) if weighting == "uniform" else n / n.sum()
        glob = sum(float(a) * u["params"] for a, u in zip(alpha, ups))
        torch.testing.assert_close(state.server["params"], glob)
        M = torch.stack([u["mask"] for u in ups]).double()
        inter = M @ M.t()
        size = inter.diagonal()
        o = 1 - (size[:, None] + size[None, :] - 2 * inter) / (2 * size[:, None])
        off = o[~torch.eye(3, dtype=torch.bool)]
        th = float(off.mean() + (r / beta) * (off.max() - off.mean()))
        assert state.history[-1]["overlap_threshold"] == pytest.approx(th)
        sctx = eng.server_context(r + 1, "train", [0, 1, 2])
        for i in range(3):
            mates = [j for j in range(3) if j == i or o[i, j] >= th]
            assert state.history[-1]["per_client"]["collaborators"][i] == len(mates)
            custom = sum(ups[j]["params"] for j in mates) / len(mates)
            entry = eng.server_store.get(i)
            assert torch.equal(entry["mask"], ups[i]["mask"])
            torch.testing.assert_close(entry["custom"], custom)
            # the next start: customized on M_i, global elsewhere; the evaluated model is the same
            message = eng.message(state, i, sctx)
            expect = torch.where(ups[i]["mask"], custom, state.server["params"])
            torch.testing.assert_close(message["params"], expect)
            assert eng.algorithm.personalized(None, message, {}) is message["params"]


def test_after_beta_rounds_critical_parameters_stay_with_their_client():
    """Once t > beta the threshold is above every overlap: each customized model is the client's own."""
    eng = tiny_engine(FedCAC, {"beta": 1.0}, mlp_ws(), tiny_clients(XS3, YS3), rounds=2, lr=0.5, batch_size=2)
    seen = spy_uploads(eng)
    state = eng.new_state()
    eng.run_round(state)
    eng.run_round(state)  # round 2 > beta = 1
    assert state.history[-1]["per_client"]["collaborators"] == [1, 1, 1]
    for c in range(3):
        up = seen[c][1]
        assert torch.equal(eng.server_store.get(c)["custom"], up["params"])


# ------------------------------------------------------------------------- equivalence, traffic, work
@pytest.mark.parametrize("weighting", ["uniform", "samples"])
def test_tau_zero_is_fedavg_bit_for_bit(weighting):
    """No critical parameter: every client starts from (and is evaluated with) the global average."""
    a = engine(FedCAC, {"tau": 0.0, "weighting": weighting}, rounds=3, momentum=0.5).run()
    b = engine(FedAvg, {"weighting": weighting}, rounds=3, momentum=0.5).run()
    assert torch.equal(a.server["params"], b.server["params"])
    for x, y in zip(a.history, b.history):
        assert x["train_loss"] == y["train_loss"] and x["acc_mean"] == y["acc_mean"] and x["test_loss_mean"] == y["test_loss_mean"]


def test_traffic_and_declared_work():
    eng = engine(FedCAC, {}, rounds=1)
    run = eng.run()
    fed = engine(FedAvg, {}, rounds=1).run()
    d = eng.ws.params.numel()
    # up: the model and its critical mask (d bits, packed) per client; down: one d-vector per client
    assert run.history[0]["bytes_up"] == fed.history[0]["bytes_up"] + 2 * math.ceil(d / 8)
    assert run.history[0]["bytes_down"] == fed.history[0]["bytes_down"]
    assert run.history[0]["train_flops"] == fed.history[0]["train_flops"] + 2 * 5 * d
    pairs = sum(run.history[0]["per_client"]["collaborators"])  # sum over clients of |C_i|
    assert run.history[0]["server_flops"] == 2 * 4 * d + 2 * 2 * d + 2 * pairs * d


# ------------------------------------------------------------------------- the run's options
def test_upload_dp_recomputes_the_mask_from_the_noised_model():
    eng = engine(FedCAC, {}, rounds=1)
    alg = eng.algorithm
    start = eng.init_params.clone()
    trained = start + 0.1 * torch.randn(start.shape, generator=torch.Generator().manual_seed(1))
    upload = {"params": trained, "mask": alg.mask_of(start, trained), "num_samples": 6}
    parts = alg.upload_parts({"params": start}, {}, upload)
    assert parts.references()["params"] is start
    noised = {**upload, "params": trained + torch.randn(start.shape, generator=torch.Generator().manual_seed(2))}
    again = parts.rederive(0, noised, {})
    assert torch.equal(again["mask"], alg.mask_of(start, noised["params"])) and not torch.equal(again["mask"], upload["mask"])
    none = parts.without_update(upload)
    assert torch.equal(none["params"], start) and not none["mask"].any() and none["num_samples"] == 6


@pytest.mark.parametrize(
    "kw",
    [
        {"dp_noise": 0.5, "dp_clip": 0.1, "dp_mode": "upload"},
        {"dp_noise": 0.5, "dp_clip": 1.0, "dp_mode": "sgd"},
        {"attack": "sign-flip", "attackers": 0.25},
        {"attack": "scale", "attackers": 0.25, "robust": "median"},
        {"robust": "trimmed-mean"},
        {"client_fraction": 0.5},
    ],
    ids=["dp-upload", "dp-sgd", "attack", "attack-median", "trimmed-mean", "partial"],
)
def test_runs_under_the_runs_options(kw):
    eng, run = run_cfg(small("fedcac", rounds=3, **kw))
    assert torch.isfinite(run.server["params"]).all()
    assert all(math.isfinite(r["acc_mean"]) for r in run.history)
    if "client_fraction" in kw:  # only participants have a customized model; newcomers start from the global one
        stored = set(eng.server_store.clients())
        assert stored == {c for r in run.history for c in r["per_client"]["client"]}


@pytest.mark.parametrize(
    "opts, words",
    [({"tau": 1.5}, "FedCAC tau must be in [0, 1], got 1.5"),
     ({"beta": 0.0}, "FedCAC beta must be > 0, got 0.0"),
     ({"weighting": "size"}, "unknown weighting 'size'")],
)  # fmt: skip
def test_bad_options_are_refused_naming_the_value(opts, words):
    with pytest.raises(ValueError, match=re.escape(words)):
        FedCAC.Config(**opts)
