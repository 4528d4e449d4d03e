"""FedPAC: the quadratic program exactly, the statistics by hand, the server's centroids, and
its equivalence with FedRep when alignment and head training are switched off."""

import itertools

import numpy as np
import pytest
import torch

from copfl.algorithms.fedpac import FedPAC, class_statistics, collaboration_matrix, combination_weights, qp_objective, solve_simplex_qp, variance_and_h
from copfl.algorithms.partial import FedRep
from copfl.core.models import MLP
from copfl.core.train_hooks import OptimizerConfig
from copfl.core.workspace import Workspace

from helpers import tiny_clients, tiny_engine


def brute_force(P):
    """Minimum of x^T P x over the simplex by enumerating every support."""
    m, best = len(P), (np.inf, None)
    for r in range(1, m + 1):
        for S in itertools.combinations(range(m), r):
            S = list(S)
            K = np.zeros((r + 1, r + 1))
            K[:-1, :-1], K[:-1, -1], K[-1, :-1] = P[np.ix_(S, S)], 1, 1
            sol = np.linalg.lstsq(K, np.r_[np.zeros(r), 1.0], rcond=None)[0][:-1]
            if (sol >= -1e-12).all():
                x = np.zeros(m)
                x[S] = sol
                if qp_objective(P, x) < best[0] - 1e-15:
                    best = (qp_objective(P, x), x)
    return best


def test_two_clients_closed_form():
    """Client 0: min V0 a^2 + (V1 + b)(1 - a)^2, b = ||H0 - H1||^2 -> a = (V1 + b) / (V0 + V1 + b)."""
    V = np.array([0.5, 0.25])
    H = np.array([[[1.0, 0.0]], [[0.0, 0.5]]])  # (m=2, C=1, d=2): b = 1 + 0.25
    P = collaboration_matrix(0, V, H)
    assert np.allclose(P, [[0.5, 0.0], [0.0, 0.25 + 1.25]])
    a = solve_simplex_qp(P, start=0)
    assert a[0] == pytest.approx((0.25 + 1.25) / (0.5 + 0.25 + 1.25)) and a.sum() == pytest.approx(1.0)


@pytest.mark.parametrize("seed", range(8))
def test_active_set_matches_enumeration(seed):
    rng = np.random.default_rng(seed)
    m = 6
    V = rng.uniform(0.0, 0.3, m)
    H = rng.normal(size=(m, 3, 2)) * rng.uniform(0.1, 2.0)
    for i in range(m):
        P = collaboration_matrix(i, V, H)
        x = solve_simplex_qp(P, start=i)
        best, xb = brute_force(P)
        assert (x >= 0).all() and x.sum() == pytest.approx(1.0)
        assert qp_objective(P, x) == pytest.approx(best, rel=1e-9, abs=1e-12)


def test_small_weights_are_dropped_and_rows_renormalized():
    V = np.array([1.0, 1.0, 1.0])
    H = np.zeros((3, 1, 1))  # no bias: equal weights 1/3 minimize the variance
    assert np.allclose(combination_weights(V, H), np.full((3, 3), 1 / 3))
    V = np.array([1.0, 1.0, 1.0])
    H = np.array([[[0.0]], [[0.0]], [[100.0]]])  # client 2 is far away: nobody uses it, it uses only itself
    A = combination_weights(V, H)
    assert A[0, 2] == 0.0 and A[1, 2] == 0.0 and A[2].tolist() == [0.0, 0.0, 1.0]
    assert np.allclose(A.sum(1), 1.0)


def test_statistics_by_hand():
    f = torch.tensor([[1.0, 0.0], [3.0, 0.0], [0.0, 2.0]])
    y = torch.tensor([0, 0, 2])
    counts, mu, sq = class_statistics(f, y, 3)
    assert counts.tolist() == [2, 0, 1] and mu.tolist() == [[2.0, 0.0], [0.0, 0.0], [0.0, 2.0]]
    assert sq.tolist() == [5.0, 0.0, 4.0]  # (1 + 9) / 2, -, 4
    v, h = variance_and_h(counts, mu, sq)
    # p = (2/3, 0, 1/3): [2/3*5 + 1/3*4 - (4/9*4 + 1/9*4)] / 3 = [14/3 - 20/9] / 3 = 22/27
    assert v == pytest.approx(22 / 27)
    assert torch.allclose(h, torch.tensor([[4 / 3, 0.0], [0.0, 0.0], [0.0, 2 / 3]], dtype=torch.float64))


def mlp_ws():
    torch.manual_seed(0)
    return Workspace(MLP(2, 3, hidden=(4,)))


XS = [[[1.0, 0.0], [0.9, 0.1], [0.0, 1.0], [0.1, 0.8]], [[0.0, 1.0], [0.2, 0.9], [-1.0, -1.0], [-0.8, -1.1], [-1.0, -0.9]]]
YS = [[0, 0, 1, 1], [1, 1, 2, 2, 2]]
OPT = OptimizerConfig("sgd", 0.2, momentum=0.5)


def test_server_centroids_body_and_heads():
    eng = tiny_engine(FedPAC, {}, mlp_ws(), tiny_clients(XS, YS), rounds=2, lr=0.2, momentum=0.5, batch_size=2)
    state = eng.new_state()
    eng.run_round(state)
    server = state.server
    assert server["has_centroid"].tolist() == [True, True, True]
    # class 1 is held by both clients (2 samples each): its centroid is the plain mean of the two
    ups = {}
    orig = eng.algorithm.client_update

    def spy(ctx, bc, st):
        res = orig(ctx, bc, st)
        ups[ctx.client] = res.upload
        return res

    eng.algorithm.client_update = spy
    eng.run_round(state)
    s2 = state.server
    c1 = (ups[0]["centroids"][1] * 2 + ups[1]["centroids"][1] * 2) / 4
    torch.testing.assert_close(s2["centroids"][1], c1)
    torch.testing.assert_close(s2["centroids"][2], ups[1]["centroids"][2])
    A = s2["alpha"].float()
    sctx = eng.server_context(2, "evaluate", [0, 1])
    for i, c in enumerate(s2["head_clients"].tolist()):  # each client's head = its row of weights over the heads
        message = eng.message(state, c, sctx)
        # a client is sent its own combined head only: not every head, not the weight matrix
        assert sorted(message) == ["centroids", "has_centroid", "head", "params"]
        head = eng.algorithm.personalized(eng.context(c, 2), message, eng.store.get(c))[eng.algorithm.personal]
        torch.testing.assert_close(head, (A[i][:, None] * s2["heads"]).sum(0))
    body = ~eng.algorithm.personal
    torch.testing.assert_close(s2["params"][body], (4 * ups[0]["shared"] + 5 * ups[1]["shared"]) / 9)


def test_without_alignment_and_head_training_it_is_fedrep_without_head_training():
    """lam = 0, head_epochs = 0: heads never move, so every combined head is the initial head and
    FedPAC's body training is FedRep's with head_epochs = 0."""
    kw = dict(rounds=3, lr=0.2, momentum=0.5, batch_size=2)
    pac = tiny_engine(FedPAC, {"lam": 0.0, "head_epochs": 0}, mlp_ws(), tiny_clients(XS, YS), **kw).run()
    rep = tiny_engine(FedRep, {"head_epochs": 0}, mlp_ws(), tiny_clients(XS, YS), **kw).run()
    torch.testing.assert_close(pac.server["params"], rep.server["params"])
    assert [r["train_loss"] for r in pac.history] == pytest.approx([r["train_loss"] for r in rep.history])


def test_joint_phase_without_alignment_or_combination_is_fedper():
    """phases = "joint" trains head and body together in one phase; with lam = 0 and every
    combination weight dropped (threshold 1: each client keeps its own head), FedPAC is FedPer
    step for step. The split schedule is not."""
    from copfl.algorithms.partial import FedPer

    kw = dict(rounds=3, lr=0.2, momentum=0.5, batch_size=2)
    opts = {"lam": 0.0, "weight_threshold": 1.0}
    pac = tiny_engine(FedPAC, {**opts, "phases": "joint"}, mlp_ws(), tiny_clients(XS, YS), **kw).run()
    per = tiny_engine(FedPer, {}, mlp_ws(), tiny_clients(XS, YS), **kw).run()
    torch.testing.assert_close(pac.server["params"], per.server["params"])
    assert [r["train_loss"] for r in pac.history] == pytest.approx([r["train_loss"] for r in per.history])
    assert [r["acc_mean"] for r in pac.history] == pytest.approx([r["acc_mean"] for r in per.history])
    split = tiny_engine(FedPAC, opts, mlp_ws(), tiny_clients(XS, YS), **kw).run()
    assert not torch.allclose(split.server["params"], per.server["params"])


def test_phases_must_be_split_or_joint():
    with pytest.raises(ValueError, match="'together'"):
        FedPAC.Config(phases="together")
